"""Moving a sprite's own pixels with a fitted skeleton.

The sprite is skinned to the model fitted to it (:mod:`.understand`):

1. **Binding**: the model is cast at rest through the fitted camera; each sprite pixel
   the model covers is bound to the joint of the part it shows there, and sits at that
   surface point in 3-D. A sprite pixel the model misses (a cape wider than the fit, a
   tail) is bound to the nearest covered pixel's joint, at that point's depth.
2. **Deforming**: in each frame every joint moves rigidly (its rest frame to its frame
   in the pose); a bound pixel moves with its joint and is projected again. Per joint,
   the screen map of its pixels is fitted by one affine map (least squares), which is
   what the rigid 3-D motion looks like through the orthographic camera: foreshortening
   included, no tearing inside a part.
3. **Resampling**: every output pixel is mapped back through each joint's inverse map
   and takes the source pixel there if that pixel is bound to the joint (nearest
   neighbour, so only the sprite's own colours appear); where several joints claim a
   pixel, the nearer to the camera wins. Where a joint's part was hidden at rest (the
   torso behind an arm that now swings away), the part's nearest own pixel fills in.
4. **Outline**: when the sprite has a one-colour outline, its outer ring is taken off
   before the warp and drawn again around the moved silhouette, so limbs that leave the
   body are outlined and the seams inside it are not.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
from scipy import ndimage

from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.render import Camera, joint_frames, part_buffer, project_points
from pixelkiln.engine.subjects.rig import Pose

__all__ = ["Binding", "bind_sprite", "warp_sprite"]

_FOUR = ndimage.generate_binary_structure(2, 1)
_HIDDEN_DEPTH = 1e-3  # a revealed part sits just behind what hid it


@dataclass(frozen=True)
class Binding:
    """A sprite skinned to a model (see the module docstring)."""

    rgba: np.ndarray  # the sprite, outer outline ring removed when it is redrawn
    outline: tuple[int, int, int] | None  # the ring's colour, when it is redrawn
    model: Model
    camera: Camera
    direction: str
    rest: Pose
    joint: np.ndarray  # (h, w) joint index per sprite pixel, -1 transparent
    points: np.ndarray  # (h, w, 3) rest world point per pixel
    cover: np.ndarray  # (j, h, w) where each joint's parts lie at rest, hidden or not
    names: tuple[str, ...]
    #: Legs bound as drawn, two segments each: joint index -> (from, to, pivot x,
    #: pivot y, upper): the segment turns about its pivot (the top of the drawn leg, or
    #: the knee) by the turn on screen of the model's ``from -> to`` line; a lower
    #: segment (``upper`` >= 0) hangs from where the upper one took the knee.
    legs: dict[int, tuple[str, str, float, float, int]] = field(default_factory=dict)
    #: Small pieces (ears, eyes) moved whole: (mask, joint) each, shifted by whole
    #: pixels with their joint so they keep every pixel.
    pieces: tuple[tuple[np.ndarray, int], ...] = ()


def _cover(model: Model, rest: Pose, direction: str, camera: Camera, level: int) -> np.ndarray:
    names = model.skeleton.names
    w, h = camera.size
    out = np.zeros((len(names), h, w), bool)
    for part in model.parts:
        alone = replace(model, parts=(part,))
        hit, _ = part_buffer(alone, rest, direction, camera, level)
        out[names.index(part.joint)] |= hit >= 0
    return out


def _outer_ring(rgba: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    solid = rgba[..., 3] >= 128
    edge = solid & ~ndimage.binary_erosion(solid, _FOUR, border_value=0)
    return edge & (rgba[..., :3] == np.array(colour, np.uint8)).all(-1)


def bind_sprite(
    rgba: np.ndarray,
    model: Model,
    camera: Camera,
    direction: str,
    level: int = 1,
    outline: tuple[int, int, int] | None = None,
) -> Binding:
    """Skin ``rgba`` to ``model`` seen through ``camera`` facing ``direction``."""
    rgba = np.asarray(rgba, np.uint8).copy()
    rest = model.pose()
    if outline is not None:
        ring = _outer_ring(rgba, outline)
        inner = rgba.copy()
        inner[ring] = 0
        if (inner[..., 3] >= 128).sum() >= 4:
            rgba = inner
        else:
            outline = None
    part, points = part_buffer(model, rest, direction, camera, level)
    names = model.skeleton.names
    part_joint = np.array([names.index(p.joint) for p in model.parts] + [-1])
    joint = part_joint[part]  # -1 (the last entry) where the ray missed
    solid = rgba[..., 3] >= 128
    if (joint >= 0).any():
        _, (iy, ix) = ndimage.distance_transform_edt(joint < 0, return_indices=True)
        near_joint = joint[iy, ix]
        near_pts = points[iy, ix]
        h, w = joint.shape
        yy, xx = np.mgrid[0:h, 0:w]
        right, up = np.array([1.0, 0.0, 0.0]), camera.view.up
        offset = (
            (xx - ix)[..., None] * right[None, None, :] - (yy - iy)[..., None] * up[None, None, :]
        ) / camera.scale
        points = np.where((joint >= 0)[..., None], points, near_pts + offset)
        joint = np.where(joint >= 0, joint, near_joint)
    else:
        joint = np.zeros_like(joint)
    joint = np.where(solid, joint, -1)
    legs: dict[int, tuple[str, str, float, float, int]] = {}
    pieces: tuple[tuple[np.ndarray, int], ...] = ()
    if len(model.legs) >= 4:
        joint, legs = _bind_legs(rgba, joint, model, outline)
        pieces = _small_pieces(rgba, joint, set(legs))
    cover = _cover(model, rest, direction, camera, level)
    return Binding(
        rgba, outline, model, camera, direction, rest, joint, points, cover, names, legs, pieces
    )


def _small_pieces(
    rgba: np.ndarray, joint: np.ndarray, legs: set[int]
) -> tuple[tuple[np.ndarray, int], ...]:
    """Patches of one colour small enough to be a detail (an ear, an eye: at most 2.5%
    of the subject), off the legs, each given whole to the joint most of it is bound to
    (an ear split between the head and the chest would be torn apart)."""
    solid = joint >= 0
    most = max(6, int(0.025 * solid.sum()))
    out = []
    for c in np.unique(rgba[..., :3][solid], axis=0):
        labels, n = ndimage.label(solid & (rgba[..., :3] == c).all(-1), _FOUR)
        sizes = ndimage.sum_labels(np.ones_like(labels), labels, np.arange(1, n + 1))
        for k in np.nonzero((sizes >= 2) & (sizes <= most))[0] + 1:
            patch = labels == k
            votes = np.bincount(joint[patch])
            j = int(votes.argmax())
            if j not in legs and not (set(np.nonzero(votes)[0].tolist()) & legs):
                out.append((patch, j))
    return tuple(out)


def _leg_zone_top(solid: np.ndarray) -> int | None:
    """The first row of the run of rows, down to the feet, where the silhouette is
    split (gaps between legs); None when it never is."""
    rows = np.nonzero(solid.any(1))[0]
    if not len(rows):
        return None
    top = None
    for r in range(int(rows[-1]), int(rows[0]) - 1, -1):
        line = solid[r].astype(np.int8)
        runs = int(((line[1:] == 1) & (line[:-1] == 0)).sum() + line[0])
        if runs < 2:
            break
        top = r
    return top


def _bind_legs(
    rgba: np.ndarray,
    joint: np.ndarray,
    model: Model,
    line: tuple[int, int, int] | None = None,
) -> tuple[np.ndarray, dict[int, tuple[str, str, float, float, int]]]:
    """Legs bound as the sprite draws them (four legs seen side-on overlap in the
    model's render, so pixel-wise binding mixes near and far legs): below the row where
    the silhouette splits, each same-colour patch follows one leg, the leg most of it
    was bound to (two patches never share a leg while its pair-mate has none), its upper
    half on the knee (the thigh, turning about the top of the drawn leg) and its lower
    half on the ankle (the shin, turning about the knee); above that row, pixels bound
    to a leg stay with the body. Lines of the outline colour drawn between two legs
    (``line``) are no leg of their own (swinging alone, a line leaves a dark wedge
    between the legs): each of their pixels goes with the nearest leg patch."""
    names = model.skeleton.names
    parent = {j.name: j.parent for j in model.skeleton.joints}
    solid = joint >= 0
    top = _leg_zone_top(solid)
    chains = [(leg.hip, leg.knee, leg.ankle) for leg in model.legs]
    leg_of = {}
    for i, chain in enumerate(chains):
        for name in chain:
            leg_of[names.index(name)] = i
        for j in model.skeleton.joints:  # paws and toes under the ankle
            if j.parent == chain[2]:
                leg_of[names.index(j.name)] = i
    if top is None:
        return joint, {}
    out = joint.copy()
    rows = np.arange(joint.shape[0])[:, None]
    for j, i in leg_of.items():
        above = (joint == j) & (rows < top)
        out[above] = names.index(parent[chains[i][0]] or chains[i][0])
    zone = solid & (rows >= top)
    patches: list[tuple[np.ndarray, int, int]] = []
    colours = np.unique(rgba[..., :3][zone], axis=0)
    is_line = (
        (rgba[..., :3] == np.array(line, np.uint8)).all(-1) & zone
        if line is not None
        else np.zeros_like(zone)
    )
    if line is not None:
        colours = colours[(colours != np.array(line)).any(-1)]
    for c in colours:
        labels, n = ndimage.label(zone & (rgba[..., :3] == c).all(-1), _FOUR)
        for k in range(1, n + 1):
            patch = labels == k
            votes = [leg_of[int(v)] for v in joint[patch] if int(v) in leg_of]
            if not votes:
                continue
            counts = np.bincount(votes, minlength=len(chains))
            patches.append((patch, int(np.argmax(counts)), int(counts.max())))
    taken: dict[int, int] = {}
    for idx, (_, leg, _votes) in sorted(enumerate(patches), key=lambda t: -t[1][2]):
        if leg in taken:
            mate = _pair_mate(model, leg)
            if mate is not None and mate not in taken:
                leg = mate
        taken.setdefault(leg, idx)
        out[patches[idx][0]] = names.index(chains[leg][1])
    knees = np.isin(out, [names.index(c[1]) for c in chains]) & zone & ~is_line
    if is_line.any() and knees.any():
        _, (iy, ix) = ndimage.distance_transform_edt(~knees, return_indices=True)
        out[is_line] = out[iy[is_line], ix[is_line]]
    drawn: dict[int, tuple[str, str, float, float, int]] = {}
    for leg in taken:
        hip, knee, ankle = chains[leg]
        k, a = names.index(knee), names.index(ankle)
        ys, xs = np.nonzero(out == k)
        # The knee halfway down the drawn leg: the lower half is the shin.
        bend = (int(ys.min()) + int(ys.max()) + 1) // 2 if len(ys) else top
        shin = (out == k) & (rows >= bend)
        if shin.any() and (out == k).sum() > shin.sum():
            out[shin] = a
            above = np.nonzero(out[bend - 1] == k)[0]  # may be empty where a leg gaps
            kx = float(above.mean() if len(above) else xs.mean()) + 0.5
            drawn[a] = (knee, ankle, kx, float(bend), k)
            drawn[k] = (hip, knee, float(xs.mean()) + 0.5, float(top), -1)
        else:
            drawn[k] = (hip, ankle, float(xs.mean()) + 0.5, float(top), -1)
    return out, drawn


def _pair_mate(model: Model, leg: int) -> int | None:
    """The other leg hanging from the same joint (the far front leg of a near one)."""
    parent = {j.name: j.parent for j in model.skeleton.joints}
    mine = parent[model.legs[leg].hip]
    for i, other in enumerate(model.legs):
        if i != leg and parent[other.hip] == mine:
            return i
    return None


def _transforms(b: Binding, pose: Pose) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per joint: (R, t) taking a rest world point to the pose."""
    rest = joint_frames(b.model, b.rest, b.direction, b.camera)
    now = joint_frames(b.model, pose, b.direction, b.camera)
    out = []
    for name in b.names:
        r0, p0 = rest[name]
        r1, p1 = now[name]
        rot = r1 @ r0.T
        out.append((rot, p1 - rot @ p0))
    return out


def _affine(src: np.ndarray, dst: np.ndarray) -> np.ndarray | None:
    """The least-squares 2x3 map ``src -> dst`` (None when it collapses); a shift for a
    part too small or thin to fix a shape change by."""
    a = np.hstack([src, np.ones((len(src), 1))])
    spread = src.std(0) if len(src) else np.zeros(2)
    if len(src) >= 12 and spread.min() >= 1.0:
        m, *_ = np.linalg.lstsq(a, dst, rcond=None)
        m = m.T
    else:
        m = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
        m[:, 2] = (dst - src).mean(0)
    if abs(np.linalg.det(m[:, :2])) < 0.05:
        return None
    return m


def _leg_swing(
    b: Binding,
    j: int,
    rest: dict[str, tuple[np.ndarray, np.ndarray]],
    now: dict[str, tuple[np.ndarray, np.ndarray]],
) -> np.ndarray:
    """The 2x3 screen map of a drawn leg segment: turned about its pivot by the turn of
    the model's segment line on screen; a thigh is carried with the model's hip, a shin
    with the knee as its thigh's map moved it."""
    start, end, px, py, upper = b.legs[j]
    pts = project_points(
        np.array([rest[start][1], rest[end][1], now[start][1], now[end][1]]), b.camera
    )[:, :2]
    v0, v1 = pts[1] - pts[0], pts[3] - pts[2]
    angle = float(np.arctan2(v1[1], v1[0]) - np.arctan2(v0[1], v0[0]))
    c, s = np.cos(angle), np.sin(angle)
    rot = np.array([[c, -s], [s, c]])
    pivot = np.array([px, py])
    if upper >= 0:
        moved = _leg_swing(b, upper, rest, now) @ np.array([px, py, 1.0])
    else:
        moved = pivot + pts[2] - pts[0]
    m = np.zeros((2, 3))
    m[:, :2] = rot
    m[:, 2] = moved - rot @ pivot
    return m


def warp_sprite(b: Binding, pose: Pose) -> np.ndarray:
    """The sprite's pixels moved to ``pose`` (see the module docstring)."""
    h, w = b.joint.shape
    out = np.zeros((h, w, 4), np.uint8)
    depth = np.full((h, w), -np.inf)
    hidden_rgba = np.zeros((h, w, 4), np.uint8)
    hidden_depth = np.full((h, w), -np.inf)
    yy, xx = np.mgrid[0:h, 0:w]
    centres = np.stack([xx + 0.5, yy + 0.5], -1).reshape(-1, 2)
    rest_frames = joint_frames(b.model, b.rest, b.direction, b.camera)
    now_frames = joint_frames(b.model, pose, b.direction, b.camera)
    line = (
        (b.rgba[..., :3] == np.array(b.outline, np.uint8)).all(-1)
        if b.outline is not None
        else np.zeros((h, w), bool)
    )
    in_piece = np.zeros((h, w), bool)
    for piece, _ in b.pieces:
        in_piece |= piece
    maps: dict[int, tuple[np.ndarray, float]] = {}
    for j, (rot, t) in enumerate(_transforms(b, pose)):
        own = b.joint == j
        if not own.any():
            continue
        whole = own
        own = own & ~in_piece
        if not own.any():  # all of it in pieces: its map from them
            own = whole
        src_pts = b.points[own]
        moved = project_points(src_pts @ rot.T + t, b.camera)
        src_xy = np.stack([xx[own] + 0.5, yy[own] + 0.5], -1)
        m = _leg_swing(b, j, rest_frames, now_frames) if j in b.legs else None
        if m is None:
            m = _affine(src_xy, moved[:, :2])
        if m is not None:
            maps[j] = (m, float(moved[:, 2].max()) if len(moved) else 0.0)
        z_own = np.full((h, w), -np.inf)
        z_own[own] = moved[:, 2]
        if m is None:  # edge-on: splat the pixels where they land
            cx = np.floor(moved[:, 0]).astype(int)
            cy = np.floor(moved[:, 1]).astype(int)
            ok = (cx >= 0) & (cx < w) & (cy >= 0) & (cy < h)
            for (sy, sx), x, y, z in zip(
                np.argwhere(own)[ok], cx[ok], cy[ok], moved[ok, 2], strict=True
            ):
                if z > depth[y, x]:
                    depth[y, x], out[y, x] = z, b.rgba[sy, sx]
            continue
        inv = np.linalg.inv(np.vstack([m, [0.0, 0.0, 1.0]]))[:2]
        back = centres @ inv[:, :2].T + inv[:, 2]
        sx = np.floor(back[:, 0]).astype(int).reshape(h, w)
        sy = np.floor(back[:, 1]).astype(int).reshape(h, w)
        inside = (sx >= 0) & (sx < w) & (sy >= 0) & (sy < h)
        sxc, syc = np.clip(sx, 0, w - 1), np.clip(sy, 0, h - 1)
        mine = inside & own[syc, sxc]
        z = z_own[syc, sxc]
        take = mine & (z > depth)
        out[take] = b.rgba[syc[take], sxc[take]]
        depth[take] = z[take]
        # The part where it was hidden at rest: its own nearest pixel, just behind.
        veiled = inside & ~own[syc, sxc] & b.cover[j][syc, sxc] & (b.joint[syc, sxc] >= 0)
        if veiled.any():
            # Filled from the part's own colours, not from a line drawn along its edge.
            source = own & ~line if (own & ~line).any() else own
            _, (iy, ix) = ndimage.distance_transform_edt(~source, return_indices=True)
            zmean = float(moved[:, 2].mean()) - _HIDDEN_DEPTH
            fill = veiled & (zmean > hidden_depth)
            out_y, out_x = iy[syc[fill], sxc[fill]], ix[syc[fill], sxc[fill]]
            hidden_rgba[fill] = b.rgba[out_y, out_x]
            hidden_depth[fill] = zmean
    gap = (out[..., 3] < 128) & (hidden_rgba[..., 3] >= 128)
    out[gap] = hidden_rgba[gap]
    landed = np.zeros((h, w), bool)
    for piece, j in b.pieces:
        landed |= _paste_piece(out, depth, b.rgba, piece, maps.get(j))
    out = _close_pinholes(_fill_small_holes(out, landed), landed)
    if b.outline is not None:
        out = _redraw_outline(out, b.outline)
    return out


def _paste_piece(
    out: np.ndarray,
    depth: np.ndarray,
    src: np.ndarray,
    piece: np.ndarray,
    mapped: tuple[np.ndarray, float] | None,
) -> np.ndarray:
    """``piece`` moved whole, by the whole-pixel shift its joint's map gives its centre,
    over what its joint's pixels drew (a detail sits on its part); where it landed."""
    h, w = piece.shape
    ys, xs = np.nonzero(piece)
    dy = dx = 0
    z = np.inf
    if mapped is not None:
        m, z = mapped
        cx, cy = float(xs.mean()) + 0.5, float(ys.mean()) + 0.5
        to = m @ np.array([cx, cy, 1.0])
        dx, dy = round(to[0] - cx), round(to[1] - cy)
    ty, tx = ys + dy, xs + dx
    ok = (ty >= 0) & (ty < h) & (tx >= 0) & (tx < w)
    ok &= z >= depth[ty.clip(0, h - 1), tx.clip(0, w - 1)] - 1.0
    out[ty[ok], tx[ok]] = src[ys[ok], xs[ok]]
    depth[ty[ok], tx[ok]] = np.maximum(depth[ty[ok], tx[ok]], z)
    landed = np.zeros((h, w), bool)
    landed[ty[ok], tx[ok]] = True
    return landed


def _fill_small_holes(rgba: np.ndarray, pieces: np.ndarray) -> np.ndarray:
    """Transparent pockets of at most 1/80 of the subject (6 pixels at least) shut in
    by the moved parts (where
    two turning legs part below the body) take their nearest solid pixel's colour: the
    outline drawn round them would leave a dark ring with a hole in it. A gap only
    small pieces (ears) enclose is drawn, and stays."""
    solid = rgba[..., 3] >= 128
    pockets = ndimage.binary_fill_holes(solid) & ~solid
    labels, n = ndimage.label(pockets, _FOUR)
    if not n:
        return rgba
    sizes = ndimage.sum_labels(np.ones_like(labels), labels, np.arange(1, n + 1))
    most = max(6, int(solid.sum()) // 80)
    near_piece = ndimage.binary_dilation(pieces, _FOUR)
    fill = np.zeros_like(solid)
    for k in np.nonzero(sizes <= most)[0] + 1:
        pocket = labels == k
        if not (pocket & near_piece).any():
            fill |= pocket
    if not fill.any():
        return rgba
    out = rgba.copy()
    _, (iy, ix) = ndimage.distance_transform_edt(~solid, return_indices=True)
    out[fill] = rgba[iy[fill], ix[fill]]
    return out


def _close_pinholes(rgba: np.ndarray, pieces: np.ndarray | None = None) -> np.ndarray:
    """Transparent pixels with solid pixels on 3 or 4 sides (seams between parts that
    turned apart) take their commonest solid neighbour's colour. Pixels of small pieces
    moved whole (``pieces``) do not count: the gap between two ears is drawn, not torn."""
    solid = rgba[..., 3] >= 128
    seam = solid & ~pieces if pieces is not None else solid
    count = ndimage.convolve(seam.astype(int), _FOUR.astype(int), mode="constant") - seam
    holes = ~solid & (count >= 3)
    if not holes.any():
        return rgba
    out = rgba.copy()
    h, w = solid.shape
    for y, x in np.argwhere(holes):
        cands = [
            tuple(rgba[yy, xx])
            for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1))
            if 0 <= yy < h and 0 <= xx < w and solid[yy, xx]
        ]
        out[y, x] = max(set(cands), key=cands.count)
    return out


def _redraw_outline(rgba: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    solid = rgba[..., 3] >= 128
    ring = ndimage.binary_dilation(solid, _FOUR) & ~solid
    out = rgba.copy()
    out[ring, :3] = colour
    out[ring, 3] = 255
    return out
