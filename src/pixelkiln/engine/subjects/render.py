"""A posed model, a direction and a view to a pixel-art sprite.

One ray per pixel centre, orthographic, no anti-aliasing (SUBJECTS.md §6: sprites
rendered small from 3D models look hand drawn when nothing is blended). The steps:

1. Forward kinematics poses the skeleton; the direction turns the whole model about the
   vertical, and every part's primitive is hit by the rays of its own screen box (a
   z-buffer keeps the nearest surface, its part, normal and local point).
2. Roles: each pixel takes its part's material role, or a band's (belts, boots, trims).
3. Tones: the surface normal against the one light gives the tone band (one to four by
   shading style); shiny paints get a specular shade, glowing paints none; the inside of
   hollow shapes takes the darkest fill.
4. Clean-up: a pixel with no same-colour neighbour takes the commonest colour of its
   own role around it (ART.md §1.2: clusters, not pixels).
5. Stamps: eyes are drawn as pixel clusters sized by the head (1 px, 1x2, or 1x2 with a
   white beside it), only where they face the viewer and nothing hides them.
6. Lines: where one piece passes in front of another with a real depth step, the far
   side gets its line shade; the silhouette gets the style's outline outside it.

The root's motion is snapped to whole pixels on screen, so a bobbing walk moves the body
by whole pixels and the frames do not shimmer (SUBJECTS.md §6, "creep").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from pixelkiln.engine.subjects.camera import DIRECTION_YAW, LIGHT, View, rot_z
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.paints import SubjectPalette
from pixelkiln.engine.subjects.rig import Pose
from pixelkiln.engine.subjects.shapes import Shape, intersect
from pixelkiln.engine.subjects.style import SubjectStyle

__all__ = ["KEYPOINT_LABELS", "Camera", "Sprite", "render", "yaw_for"]

#: The contract's 18 keypoint labels ("ARM" is the wrist, "LEG" the ankle).
KEYPOINT_LABELS: tuple[str, ...] = (
    "NOSE",
    "NECK",
    "RIGHT SHOULDER",
    "RIGHT ELBOW",
    "RIGHT ARM",
    "LEFT SHOULDER",
    "LEFT ELBOW",
    "LEFT ARM",
    "RIGHT HIP",
    "RIGHT KNEE",
    "RIGHT LEG",
    "LEFT HIP",
    "LEFT KNEE",
    "LEFT LEG",
    "RIGHT EYE",
    "LEFT EYE",
    "RIGHT EAR",
    "LEFT EAR",
)

_FAR = 1e4
_LINE_GAP_PX = 2.6  # depth step (pixels) between pieces that earns an interior line
_GRAZING = 0.45  # |normal . view| under which a surface is turning away (its own edge)
_HIGHLIGHT_MIN_PX = 14  # visible pixels a shiny part needs before it gets a specular shade
_N8 = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]


@dataclass(frozen=True)
class Camera:
    """Where a subject lands on its canvas: view, pixels per model unit, canvas size
    (width, height) and the pivot (the ground point under the model's origin, in pixel
    corner coordinates: x = 46 is the line between columns 45 and 46)."""

    view: View
    scale: float
    size: tuple[int, int]
    pivot: tuple[int, int]


@dataclass
class Sprite:
    """One rendered image: palette indices (0 transparent), the palette, the pivot and
    the keypoints (``{x, y, label, z_index}``, x and y in 0..1 of the canvas)."""

    index: np.ndarray
    palette: SubjectPalette
    pivot: tuple[int, int]
    keypoints: list[dict[str, float | str | int]] = field(default_factory=list)
    roles: np.ndarray | None = None  # per pixel role number, -1 outside (for tests)
    role_names: tuple[str, ...] = ()
    parts: np.ndarray | None = None  # per pixel index into ``model.parts``, -1 outside

    def rgba(self) -> np.ndarray:
        return self.palette.rgba()[self.index]

    @property
    def ground_row(self) -> int:
        """The last row above the ground line (where planted feet end)."""
        return self.pivot[1] - 1


def yaw_for(model: Model, direction: str, view: View) -> float:
    """The turn (degrees) that makes ``model`` face ``direction`` in ``view``."""
    return DIRECTION_YAW[direction] + (view.grid_yaw if model.grid_aligned else 0.0)


def _thicken(shape: Shape, min_radius: float) -> Shape:
    """The shape with its cross-section radii raised to at least ``min_radius``."""
    s = list(shape.size)
    if shape.kind == "ellipsoid":
        s = [max(v, min_radius) for v in s]
    elif shape.kind == "box":
        s = [max(v, min_radius) for v in s]
    elif shape.kind in ("capsule", "frustum"):
        s[1] = max(s[1], min_radius)
        s[2] = max(s[2], min_radius)
    else:
        return shape
    return replace(shape, size=tuple(s))


@dataclass
class _Buffers:
    t: np.ndarray
    part: np.ndarray
    normal: np.ndarray
    local: np.ndarray
    inside: np.ndarray


def _screen_basis(view: View) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return np.array([1.0, 0.0, 0.0]), view.up, view.toward_camera


def _pose_frames(
    model: Model, pose: Pose, yaw: float, camera: Camera
) -> tuple[dict[str, tuple[np.ndarray, np.ndarray]], np.ndarray]:
    """Joint frames after the turn, with the root's screen motion snapped to pixels."""
    turn = rot_z(yaw)
    frames = model.skeleton.forward(pose)
    root = model.skeleton.joints[0].name
    rest_root = np.asarray(model.skeleton.joints[0].offset, dtype=np.float64)
    moved = turn @ frames[root][1]
    still = turn @ rest_root
    right, up, _ = _screen_basis(camera.view)
    du = float((moved - still) @ right) * camera.scale
    dv = -float((moved - still) @ up) * camera.scale
    snap = (right * (round(du) - du) - up * (round(dv) - dv)) / camera.scale
    out = {name: (turn @ rot, turn @ pos + snap) for name, (rot, pos) in frames.items()}
    return out, snap


def _part_box(
    centre: np.ndarray, radius: float, camera: Camera
) -> tuple[int, int, int, int] | None:
    right, up, _ = _screen_basis(camera.view)
    u = camera.pivot[0] + float(centre @ right) * camera.scale
    v = camera.pivot[1] - float(centre @ up) * camera.scale
    r = radius * camera.scale + 1.0
    w, h = camera.size
    x0, x1 = max(0, int(np.floor(u - r))), min(w, int(np.ceil(u + r)) + 1)
    y0, y1 = max(0, int(np.floor(v - r))), min(h, int(np.ceil(v + r)) + 1)
    if x0 >= x1 or y0 >= y1:
        return None
    return x0, x1, y0, y1


def _cast(
    model: Model,
    frames: dict[str, tuple[np.ndarray, np.ndarray]],
    camera: Camera,
    level: int,
) -> _Buffers:
    w, h = camera.size
    n = w * h
    buf = _Buffers(
        t=np.full(n, np.inf),
        part=np.full(n, -1, np.int64),
        normal=np.zeros((n, 3)),
        local=np.zeros((n, 3)),
        inside=np.zeros(n, bool),
    )
    ray = -camera.view.toward_camera
    grid = _ray_origins(camera)
    for pi, part in enumerate(model.parts):
        if part.detail > level:
            continue
        jrot, jpos = frames[part.joint]
        rot = jrot @ part.axes_matrix
        centre = jpos + jrot @ np.asarray(part.origin, dtype=np.float64)
        shape = _thicken(part.shape, part.min_px / 2.0 / camera.scale)
        bc, br = shape.bound()
        box = _part_box(centre + rot @ bc, br, camera)
        if box is None:
            continue
        x0, x1, y0, y1 = box
        origins = (grid[y0:y1, x0:x1].reshape(-1, 3) - centre) @ rot
        hits = intersect(shape, origins, rot.T @ ray)
        flat = (np.arange(y0, y1)[:, None] * w + np.arange(x0, x1)[None, :]).ravel()
        nearer = hits.t < buf.t[flat]
        if not nearer.any():
            continue
        idx = flat[nearer]
        buf.t[idx] = hits.t[nearer]
        buf.part[idx] = pi
        buf.normal[idx] = hits.normal[nearer] @ rot.T
        buf.local[idx] = shape.normalised(hits.local[nearer])
        buf.inside[idx] = hits.inside[nearer]
    return buf


@lru_cache(maxsize=32)
def _ray_origins(camera: Camera) -> np.ndarray:
    """World-space start of the ray through every pixel centre, ``(h, w, 3)``."""
    right, up, toward = _screen_basis(camera.view)
    w, h = camera.size
    xs = (np.arange(w) + 0.5 - camera.pivot[0]) / camera.scale
    ys = (np.arange(h) + 0.5 - camera.pivot[1]) / camera.scale
    grid = xs[None, :, None] * right - ys[:, None, None] * up + _FAR * toward
    grid.setflags(write=False)
    return grid


def _tones(normal: np.ndarray, tones: int) -> np.ndarray:
    light = normal @ LIGHT
    if tones == 1:
        return np.ones(len(normal), np.int64)
    cuts = {2: (0.12,), 3: (0.02, 0.62), 4: (-0.32, 0.1, 0.64)}[tones]
    return 1 + np.searchsorted(np.array(cuts), light, side="right")


def _shade(
    model: Model,
    buf: _Buffers,
    camera: Camera,
    style: SubjectStyle,
    palette: SubjectPalette,
    role_names: tuple[str, ...],
) -> tuple[np.ndarray, np.ndarray]:
    """Palette index and role number per pixel (0 / -1 where empty)."""
    n = len(buf.t)
    index = np.zeros(n, np.int64)
    roles = np.full(n, -1, np.int64)
    filled = np.nonzero(buf.part >= 0)[0]
    if len(filled) == 0:
        return index, roles
    role_of = {name: i for i, name in enumerate(role_names)}
    part_role = np.array([role_of[p.role] for p in model.parts])
    roles[filled] = part_role[buf.part[filled]]
    level = style.level
    for pi, part in enumerate(model.parts):
        if not part.bands:
            continue
        mine = filled[buf.part[filled] == pi]
        if len(mine) == 0:
            continue
        for band in part.bands:
            if band.detail <= level:
                inside = band.contains(buf.local[mine])
                roles[mine[inside]] = role_of[band.role]
    normal = buf.normal[filled]
    tone = _tones(normal, style.tones)
    toward = camera.view.toward_camera
    reflect = 2 * (normal @ LIGHT)[:, None] * normal - LIGHT
    spec = reflect @ toward
    facing = normal @ toward
    # A specular shade needs room: on a part a few pixels across it is a stray pixel.
    part_px = np.bincount(buf.part[filled], minlength=len(model.parts))[buf.part[filled]]
    roomy = part_px >= _HIGHLIGHT_MIN_PX
    for ri, name in enumerate(role_names):
        sel = roles[filled] == ri
        if not sel.any():
            continue
        ramp = palette.ramps[name]
        paint = model.paints[name]
        t = tone[sel].copy()
        if paint.finish == "glow":
            t = np.where(facing[sel] > 0.75, 2, 1)
        elif paint.finish in ("shiny", "glass") and style.tones >= 2:
            shine = (spec[sel] > (0.9 if style.glints else 0.955)) & roomy[sel]
            t = np.where(shine, len(ramp) - 1, t)
        t = np.minimum(t, len(ramp) - 1)
        index[filled[sel]] = ramp[t]
    cave = filled[buf.inside[filled]]
    for ri, name in enumerate(role_names):
        sel = cave[roles[cave] == ri]
        index[sel] = palette.ramps[name][0]
    return index, roles


def _shift(a: np.ndarray, dy: int, dx: int, fill: object) -> np.ndarray:
    """``a`` seen from each pixel's neighbour at (dy, dx); ``fill`` beyond the edges."""
    h, w = a.shape
    return np.pad(a, 1, constant_values=fill)[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]


def _neighbours(a: np.ndarray, fill: int) -> np.ndarray:
    """The 8 neighbours of every pixel, ``(8, h, w)``, ``fill`` beyond the edges."""
    p = np.pad(a, 1, constant_values=fill)
    h, w = a.shape
    return np.stack([p[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] for dy, dx in _N8])


def _despeckle(
    index: np.ndarray, roles: np.ndarray, parts: np.ndarray, keep: np.ndarray
) -> np.ndarray:
    """Pixels with no same-colour 8-neighbour take the commonest colour of their role
    among their neighbours; a lone pixel of a band (a stripe's broken end, a speck of a
    pattern) with no neighbour of its role takes its part's commonest neighbouring
    colour instead. Never across parts, never on kept pixels."""
    out = index.copy()
    for _ in range(2):
        nb = _neighbours(out, -1)
        orphan = (out > 0) & ~(nb == out[None]).any(0) & ~keep
        if not orphan.any():
            break
        nb_roles = _neighbours(roles, -2)
        nb_parts = _neighbours(parts, -2)
        ys, xs = np.nonzero(orphan)
        for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
            cand = nb[:, y, x][nb_roles[:, y, x] == roles[y, x]]
            cand = cand[cand > 0]
            if not len(cand):
                cand = nb[:, y, x][nb_parts[:, y, x] == parts[y, x]]
                cand = cand[cand > 0]
            if len(cand):
                values, counts = np.unique(cand, return_counts=True)
                out[y, x] = values[np.argmax(counts)]
    return out


def _project_px(points: np.ndarray, camera: Camera) -> np.ndarray:
    right, up, toward = _screen_basis(camera.view)
    x = camera.pivot[0] + (points @ right) * camera.scale
    y = camera.pivot[1] - (points @ up) * camera.scale
    return np.stack([x, y, points @ toward], axis=-1)


def _stamps(
    model: Model,
    frames: dict[str, tuple[np.ndarray, np.ndarray]],
    buf: _Buffers,
    index: np.ndarray,
    camera: Camera,
    palette: SubjectPalette,
    level: int,
) -> np.ndarray:
    """Draw eyes and other marks; returns a mask of the pixels drawn (kept by clean-up)."""
    w, h = camera.size
    drawn = np.zeros((h, w), bool)
    if not model.stamps:
        return drawn
    toward = camera.view.toward_camera
    head_px = float(model.info.get("head_height", 0.0)) * camera.scale
    part_index = {p.name: i for i, p in enumerate(model.parts)}
    t_grid = buf.t.reshape(h, w)
    part_grid = buf.part.reshape(h, w)
    for stamp in model.stamps:
        if stamp.detail > level or stamp.role not in palette.ramps:
            continue
        jrot, jpos = frames[stamp.joint]
        facing = jrot @ np.asarray(stamp.facing, dtype=np.float64)
        if float(facing @ toward) < 0.3:
            continue
        point = jpos + jrot @ np.asarray(stamp.at, dtype=np.float64)
        x, y, depth = _project_px(point[None], camera)[0]
        col, row = int(np.floor(x)), int(np.floor(y))
        if not (0 <= col < w and 0 <= row < h):
            continue
        t_point = _FAR - depth
        if t_grid[row, col] < t_point - 1.2 / camera.scale:
            continue  # hidden behind something nearer
        if stamp.part is not None and part_grid[row, col] != part_index.get(stamp.part, -9):
            continue
        dark = palette.fill(stamp.role, 1)
        cells = [(row, col)]
        if stamp.kind == "eye" and head_px >= 9:
            cells.append((row + 1, col))
        if stamp.kind == "eye" and head_px >= 15 and "eye_white" in palette.ramps:
            head_centre = frames[stamp.joint][1]
            side = float((point - head_centre) @ np.array([1.0, 0.0, 0.0]))
            if abs(side) * camera.scale >= 1.0:
                outer = col + (1 if side > 0 else -1)
                white = palette.fill("eye_white", palette.tones)
                for r in (row, row + 1):
                    if 0 <= outer < w and 0 <= r < h and part_grid[r, outer] >= 0:
                        index[r, outer] = white
                        drawn[r, outer] = True
        if stamp.kind == "mouth":
            cells.append((row, col + 1))
        if stamp.kind == "socket":  # a hollow: a dark block growing toward the nose
            head_centre = frames[stamp.joint][1]
            inward = -1 if float(point[0] - head_centre[0]) > 0 else 1
            cells += [(row + 1, col), (row, col + inward), (row + 1, col + inward)]
        for r, c in cells:
            if 0 <= r < h and 0 <= c < w and part_grid[r, c] >= 0:
                index[r, c] = dark
                drawn[r, c] = True
    return drawn


def _lines(
    model: Model,
    buf: _Buffers,
    index: np.ndarray,
    roles: np.ndarray,
    camera: Camera,
    style: SubjectStyle,
    palette: SubjectPalette,
    role_names: tuple[str, ...],
    keep: np.ndarray,
) -> np.ndarray:
    w, h = camera.size
    out = index.copy()
    if not style.outlined and not palette.glow:
        return out
    part = buf.part.reshape(h, w)
    groups = {p.group for p in model.parts}
    group_of = {g: i for i, g in enumerate(sorted(groups))}
    gmap = np.array([group_of[p.group] for p in model.parts])
    group = np.where(part >= 0, gmap[np.maximum(part, 0)], -1)
    t = np.where(np.isfinite(buf.t), buf.t, 2 * _FAR).reshape(h, w)
    gap = _LINE_GAP_PX / camera.scale
    # A neighbour's surface turning away from the viewer is its own silhouette edge:
    # it earns a line even where the depth step is small (an arm against the chest).
    grazing = (np.abs(buf.normal @ camera.view.toward_camera) < _GRAZING).reshape(h, w)
    line = np.zeros((h, w), bool)
    for dy, dx in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        tp, gp = _shift(t, dy, dx, 2 * _FAR), _shift(group, dy, dx, -1)
        edge = _shift(grazing, dy, dx, False)
        step = t - tp
        line |= (
            (group >= 0)
            & (gp >= 0)
            & (gp != group)
            & ((step > gap) | ((step > 0.5 / camera.scale) & edge))
        )
    line &= ~keep & style.outlined
    # A lone line dot describes no edge: keep a line pixel only where it continues another
    # line pixel or runs into the silhouette's outline.
    joined = (_neighbours(line, False).any(0)) | (_neighbours(out > 0, True) == 0).any(0)
    line &= joined
    ys, xs = np.nonzero(line)
    for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
        out[y, x] = palette.line(role_names[roles[y, x]])
    # The silhouette's outline, outside it.
    opaque = out > 0
    ring = np.zeros((h, w), bool)
    src = np.full((h, w), -1, np.int64)
    lit = np.zeros((h, w), bool)
    # Order: a neighbour below or to the right means this pixel is on the lit side.
    for dy, dx, is_lit in ((1, 0, True), (0, 1, True), (-1, 0, False), (0, -1, False)):
        op = _shift(opaque, dy, dx, False)
        rp = _shift(roles, dy, dx, -1)
        new = ~opaque & op & (src < 0)
        src = np.where(new, rp, src)
        lit = np.where(new, is_lit, lit)
        ring |= ~opaque & op
    if style.outline == "selective outline" and not palette.glow:
        for ri, name in enumerate(role_names):
            ramp = palette.ramps[name]
            sel = ring & (src == ri)
            out[sel & lit] = ramp[1] if len(ramp) > 2 else ramp[0]
            out[sel & ~lit] = ramp[0]
    else:
        out[ring] = palette.outline
    return out


def _keypoints(
    model: Model, frames: dict[str, tuple[np.ndarray, np.ndarray]], camera: Camera
) -> list[dict[str, float | str | int]]:
    if not model.keypoints:
        return []
    labels = [lab for lab in KEYPOINT_LABELS if lab in model.keypoints]
    pts = []
    for lab in labels:
        joint, offset = model.keypoints[lab]
        jrot, jpos = frames[joint]
        pts.append(jpos + jrot @ np.asarray(offset, dtype=np.float64))
    proj = _project_px(np.array(pts), camera)
    order = np.argsort(np.argsort(proj[:, 2], kind="stable"), kind="stable")
    w, h = camera.size
    return [
        {
            "x": round(float(proj[i, 0] / w), 4),
            "y": round(float(proj[i, 1] / h), 4),
            "label": lab,
            "z_index": int(order[i]),
        }
        for i, lab in enumerate(labels)
    ]


def render(
    model: Model,
    pose: Pose,
    direction: str,
    camera: Camera,
    style: SubjectStyle,
    palette: SubjectPalette,
) -> Sprite:
    """Draw ``model`` in ``pose`` facing ``direction`` (see the module docstring)."""
    frames, _ = _pose_frames(model, pose, yaw_for(model, direction, camera.view), camera)
    buf = _cast(model, frames, camera, style.level)
    role_names = model.roles
    flat_index, flat_roles = _shade(model, buf, camera, style, palette, role_names)
    w, h = camera.size
    index = flat_index.reshape(h, w)
    roles = flat_roles.reshape(h, w)
    keep = np.zeros((h, w), bool)
    index = _despeckle(index, roles, buf.part.reshape(h, w), keep)
    keep = _stamps(model, frames, buf, index, camera, palette, style.level)
    lined = _lines(model, buf, index, roles, camera, style, palette, role_names, keep)
    # Lines can leave a shading pixel cut off from its cluster: clean once more, keeping
    # the lines, the outline and the stamps as drawn.
    index = _despeckle(lined, roles, buf.part.reshape(h, w), keep | (lined != index))
    return Sprite(
        index=index.astype(np.int16),
        palette=palette,
        pivot=camera.pivot,
        keypoints=_keypoints(model, frames, camera),
        roles=roles,
        role_names=role_names,
        parts=buf.part.reshape(h, w),
    )


def joint_frames(
    model: Model, pose: Pose, direction: str, camera: Camera
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Every joint's world frame (rotation, position) in ``pose`` facing ``direction``,
    as :func:`render` places them (for tools that move pixels with the skeleton)."""
    frames, _ = _pose_frames(model, pose, yaw_for(model, direction, camera.view), camera)
    return frames


def part_buffer(
    model: Model, pose: Pose, direction: str, camera: Camera, level: int = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel: the index into ``model.parts`` of the nearest surface (-1 where the
    ray misses) and its world position, ``(h, w)`` and ``(h, w, 3)``."""
    frames = joint_frames(model, pose, direction, camera)
    buf = _cast(model, frames, camera, level)
    w, h = camera.size
    grid = _ray_origins(camera).reshape(-1, 3)
    t = np.where(np.isfinite(buf.t), buf.t, 0.0)
    points = grid - t[:, None] * camera.view.toward_camera
    return buf.part.reshape(h, w), points.reshape(h, w, 3)


def project_points(points: np.ndarray, camera: Camera) -> np.ndarray:
    """World points to pixel coordinates and depth (x, y, toward the camera)."""
    return _project_px(np.asarray(points, dtype=np.float64), camera)
