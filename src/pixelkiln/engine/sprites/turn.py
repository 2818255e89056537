"""Rotations of any sprite: the given direction kept, the others drawn from its model.

A sprite read by :func:`~.understand.understand_sprite` is turned like this:

- **The given direction** is returned pixel for pixel (the caller's own image).
- **A figure, a quadruped or a blob**: the fitted model is drawn facing every other
  direction through the fitted camera (same scale, same ground line), in the sprite's
  outline and shading; its colours are then mapped to the sprite's own palette
  (:func:`~.understand.keep_palette`). What the sprite cannot show (the back of a head,
  the far flank) is the model's own part (hair, back, the other side) in the colours
  fitted to the near side; a head under a hat or hood with no hair drawn turns its
  back in the headwear's colours, not bare skin (:func:`_cover_back_of_head`).
  The model's tones, mapped onto materials the sprite draws in one or two colours, are
  then tidied into clean forms (:func:`_tidy`: one shadow side per piece for an upright
  figure, no specks), and a stripe down a shirt's front is painted where the turned
  front shows (:func:`_draw_stripe`).
- **A blob, and a quadruped drawn side-on**, are drawn from the sprite's own pixels
  where it shows enough (:func:`_from_own_pixels`, :mod:`.views`): a blob's dome and
  light kept with its face moved round it; a quadruped's other side mirrored for a
  symmetric design, and, when its model fits loosely, its three-quarter views
  foreshortened and its head-on and tail-on views built from its pieces.
- **A prop** has no skeleton. Seen from above (``high top-down``), or turned by an
  exact angle (``rotate``'s ``direction_change``), it turns in the image plane by
  RotSprite (:mod:`.rotsprite`), which adds no colour; seen from the side it is shown as
  drawn from every side, mirrored for the other half of the circle (most props are
  symmetric about their upright axis).

``view_change`` raises or lowers the camera by that many degrees (models only; a prop
is kept as drawn). Turns between the 8 directions land on the nearest of them for a
model; a prop turns by the exact angle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from scipy import ndimage

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.sprites.analyse import ColourGroup
from pixelkiln.engine.sprites.camera import draw_with_camera
from pixelkiln.engine.sprites.garments import front_stripe, read_garments
from pixelkiln.engine.sprites.rotsprite import rotsprite
from pixelkiln.engine.sprites.understand import SpriteModel, keep_palette, sprite_palette
from pixelkiln.engine.sprites.views import (
    colour_keys,
    end_on,
    mirrorable,
    other_side,
    pack_rgb,
    three_quarter,
    turn_blob,
)
from pixelkiln.engine.subjects.camera import DIRECTION_YAW, DIRECTIONS, LIGHT, View, rot_z
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.paints import SubjectPalette
from pixelkiln.engine.subjects.render import (
    Camera,
    Sprite,
    joint_frames,
    part_buffer,
    project_points,
    yaw_for,
)

__all__ = ["ROTATION_ORDER", "direction_after", "turn_sprite"]

#: The order of the contract's 8-rotation answers.
ROTATION_ORDER: tuple[str, ...] = (
    "south",
    "south-west",
    "west",
    "north-west",
    "north",
    "north-east",
    "east",
    "south-east",
)


def _side_of(rgba: np.ndarray, given: str, wanted: str) -> np.ndarray:
    """A prop seen from the side, from another side: itself, mirrored when the wanted
    direction faces the other half of the circle (its east-west component flips)."""

    def side(d: str) -> int:
        return 1 if "east" in d else -1 if "west" in d else 0

    flip = side(given) * side(wanted) < 0
    return rgba[:, ::-1].copy() if flip else rgba.copy()


def direction_after(start: str, degrees: float) -> str:
    """The direction ``degrees`` clockwise (south, south-east, east...) of ``start``,
    rounded to the nearest of the 8."""
    steps = round((DIRECTION_YAW[start] + degrees) / 45.0) % 8
    return DIRECTIONS[steps]


def _groups_by_role(sm: SpriteModel) -> dict[str, ColourGroup]:
    """The sprite's material each fitted paint role was coloured from."""
    a = sm.analysis
    if a is None:
        return {}

    def holding(region: str, colour: tuple[int, int, int] | None) -> ColourGroup | None:
        groups = a.regions[region].colours
        if colour is None:
            return groups[0] if groups else None
        return next((g for g in groups if colour in g.shades), None)

    out = {
        "skin": holding("head", a.face),
        "helmet": holding("head", a.face),
        "hair": holding("head", a.hair),
        "top": holding("torso", None),
        "top2": holding("torso", None),
        "bottom": holding("legs", None),
        "shoes": holding("feet", None),
    }
    garments = sm.fitted.garments if sm.fitted is not None else read_garments(sm.rgba, a)
    if garments.hood is not None:
        out["hat"] = garments.hood
    if garments.hat is not None:
        out["hat"] = garments.hat
    if garments.trim is not None:
        out["trim"] = garments.trim
    if garments.cape is not None:
        out["cape"] = garments.cape
    if garments.belt is not None:
        out["belt"] = garments.belt
    if garments.gloves is not None:
        out["gloves"] = garments.gloves
    head = a.regions["head"].colours
    if head:  # a visor or an eye slit: the head's darkest material
        out["visor"] = min(head, key=lambda g: float(srgb_to_oklab(np.array(g.rgb, float))[0]))
    everything = [g for r in a.regions.values() for g in r.colours]
    if everything:
        out["body"] = max(everything, key=lambda g: g.share)
    return {k: v for k, v in out.items() if v is not None}


#: A sprite colour is a material's shadow when it is darker by this much (OKLab
#: lightness) and of about its hue and chroma: the knight's dark steel under its steel.
_SHADOW_L = (0.06, 0.3)
_SHADOW_CHROMA = 0.04
_SHADOW_HUE = 30.0


def _shadow(
    shades: list[tuple[int, int, int]],
    palette: list[tuple[int, int, int]],
    outline: tuple[int, int, int] | None,
) -> tuple[int, int, int] | None:
    """The sprite's nearest darker colour of the material of ``shades`` (see
    ``_SHADOW_L``), or None: a material drawn flat in one colour then keeps its turned
    model's shading (the step between two legs, the far leg) in the sprite's colours."""
    base = oklab_to_oklch(srgb_to_oklab(np.array(shades[0], float)))
    best: tuple[float, tuple[int, int, int]] | None = None
    for c in palette:
        if c in shades or c == outline:
            continue
        lch = oklab_to_oklch(srgb_to_oklab(np.array(c, float)))
        drop = float(base[0] - lch[0])
        if not _SHADOW_L[0] <= drop <= _SHADOW_L[1] or abs(lch[1] - base[1]) > _SHADOW_CHROMA:
            continue
        grey = max(lch[1], base[1]) < _SHADOW_CHROMA
        if not grey and abs((lch[2] - base[2] + 180.0) % 360.0 - 180.0) > _SHADOW_HUE:
            continue
        if best is None or drop < best[0]:
            best = (drop, c)
    return best[1] if best is not None else None


def _colour_table(
    palette: SubjectPalette, sm: SpriteModel, stripe: tuple[int, int, int] | None = None
) -> np.ndarray:
    """A colour for every index of the drawing's palette, all the sprite's own: each
    role's fill tones take the shades of the material it was fitted from, darkest to
    darkest (so a turned figure keeps its ramps instead of speckling between nearest
    colours); everything else its nearest sprite colour. A ``stripe`` down the shirt's
    front is not the shirt's shadow (it is drawn where it runs, :func:`_draw_stripe`)."""
    colours = np.asarray(palette.colors, np.uint8).reshape(-1, 3)
    sprite_colours = sprite_palette(sm.rgba)
    table = keep_palette(
        np.concatenate([colours[:, None, :], np.full((len(colours), 1, 1), 255, np.uint8)], -1),
        sprite_colours,
    )[:, 0, :3].copy()
    outline = sm.analysis.outline_rgb if sm.analysis is not None else None
    colours_in = [tuple(int(v) for v in c) for c in sprite_colours]
    groups = _groups_by_role(sm)
    filled = {int(i) for r in groups if r in palette.ramps for i in palette.ramps[r][1:]}
    for role, group in groups.items():
        ramp = palette.ramps.get(role)
        if ramp is None or len(ramp) < 2:
            continue
        fills = [int(i) for i in ramp[1:]]
        shades = sorted(group.shades, key=lambda c: float(srgb_to_oklab(np.array(c, float))[0]))
        others = [c for c in colours_in if role not in ("top", "top2") or c != stripe]
        dark = _shadow(shades, others, outline) if len(shades) < len(fills) else None
        if dark is not None:  # the darkest tone only: the others keep the material's own
            table[fills[0]] = dark
            fills = fills[1:]
        for rank, i in enumerate(fills):
            j = round(rank * (len(shades) - 1) / max(1, len(fills) - 1)) if len(shades) > 1 else 0
            table[i] = shades[j]
        if dark is None and len(others) < len(colours_in) and len(shades) < len(fills):
            dark = _shadow(shades, colours_in, outline)  # the stripe's, for lines only
        if dark is not None:
            shades = [dark, *shades]  # for the line tone below
        # The role's line shade (inner edges): its own material's or the outline's colour,
        # not whichever sprite colour is nearest (a skin edge drawn in a sash's red).
        line = int(ramp[0])
        if line != palette.outline and line not in filled:
            own = [*shades, *([outline] if outline is not None else [])]
            lab = srgb_to_oklab(np.asarray(own, float))
            near = np.linalg.norm(lab - srgb_to_oklab(colours[line].astype(float)), axis=1)
            table[line] = own[int(near.argmin())]
    if palette.outline is not None and outline is not None:
        # The sprite's own outline: the nearest colour to the model's line can be a dark
        # material (black shoes), which would then outline the whole figure.
        table[palette.outline] = outline
    return table


def _feet_apart(sm: SpriteModel) -> bool:
    """The sprite draws two boots apart: a row of its feet holds two runs of the shoes'
    colour with something else between them."""
    a = sm.analysis
    shoes = a.regions["feet"].main if a is not None else None
    if a is None or shoes is None:
        return False
    for r in range(a.feet, a.box.bottom + 1):
        on = (sm.rgba[r, :, :3] == np.array(shoes, np.uint8)).all(-1) & (sm.rgba[r, :, 3] > 0)
        if int(np.count_nonzero(np.diff(on.astype(np.int8)) == 1)) + int(on[0]) >= 2:
            return True
    return False


def _part_boots(sm: SpriteModel, sprite: Sprite, camera: Camera, direction: str) -> np.ndarray:
    """``sprite``'s index with an outline pixel wherever the left and the right boot touch
    side by side, on the farther boot: the model's feet meet seen from behind (one block
    in a single brown, which has no darker shade to part them), where the sprite draws
    two boots apart."""
    index, palette = sprite.index, sprite.palette
    ramp = palette.ramps.get("shoes")
    if (
        ramp is None
        or len(ramp) < 2
        or palette.outline is None
        or sprite.parts is None
        or sm.subject is None
    ):
        return index
    model = sm.subject.model
    side = np.zeros(index.shape, np.int8)  # 1 the left leg's, 2 the right leg's
    for i, p in enumerate(model.parts):
        if p.joint.startswith(("l_", "r_")):
            side[sprite.parts == i] = 1 if p.joint.startswith("l_") else 2
    boot = np.isin(index, [int(i) for i in ramp[1:]]) & (side > 0)
    meet = boot[:, :-1] & boot[:, 1:] & (side[:, :-1] != side[:, 1:])
    if not meet.any():
        return index
    frames = joint_frames(model, model.pose(), direction, camera)
    depth = project_points(np.array([frames["l_ankle"][1], frames["r_ankle"][1]]), camera)[:, 2]
    far = 1 if depth[0] <= depth[1] else 2  # toward the camera is larger
    out = index.copy()
    for y, x in zip(*np.nonzero(meet), strict=True):
        out[y, x if side[y, x] == far else x + 1] = palette.outline
    return out


#: Same-colour clusters of this many pixels or fewer are specks (ART.md §1.2: clusters,
#: not pixels): after the model's three or four tones collapse onto a material's one or
#: two colours, they are what is left of a tone boundary.
_SPECK_PX = 2
#: A fill pixel takes the colour of this many of its 4 side neighbours (of its own
#: material) when it differs from them: a notch or a spur on a tone boundary.
_MAJORITY = 3


def _mapped(index: np.ndarray, table: np.ndarray) -> np.ndarray:
    """One integer per pixel for its sprite colour (-1 where empty)."""
    return np.where(index > 0, pack_rgb(table).take(index), -1)


def _tidy_roles(sprite: Sprite, table: np.ndarray) -> tuple[np.ndarray, dict[int, set[int]]]:
    """Which pixels the clean-up may recolour and, per role, the palette indices it may
    give them (the role's fill tones). Free: a role's fill tones and its inner lines;
    never the outline, a line in the outline's colour (a boot parted from a boot) or a
    stamp (eyes, a visor slit: pixels of none of their role's tones)."""
    palette, index, roles = sprite.palette, sprite.index, sprite.roles
    assert roles is not None
    fills = {ri: {int(i) for i in palette.ramps[n][1:]} for ri, n in enumerate(sprite.role_names)}
    free = np.zeros(index.shape, bool)
    for ri, allowed in fills.items():
        line = int(palette.ramps[sprite.role_names[ri]][0])
        free |= (roles == ri) & np.isin(index, [*allowed, line])
    if palette.outline is not None:
        outline = _mapped(np.array([palette.outline]), table)[0]
        free &= (index != palette.outline) & (_mapped(index, table) != outline)
    return free, fills


def _pieces(sprite: Sprite, model: Model) -> np.ndarray:
    """Per pixel, a number for the model's piece it shows (the body, the head, each arm
    and leg: a part's ``group``), -1 where empty."""
    assert sprite.parts is not None
    names = sorted({p.group for p in model.parts})
    of_part = np.array([names.index(p.group) for p in model.parts] + [-1])
    return of_part[sprite.parts]


def _tidy(sprite: Sprite, table: np.ndarray, model: Model, upright: bool) -> np.ndarray:
    """``sprite``'s index with its shading made of clusters in the sprite's colours. The
    model's tones are drawn for its own ramps; mapped onto a material drawn in one or two
    colours, their boundaries land as blotches, specks, notches and spurs. An upright
    figure (``upright``) first loses the inner lines its colours make needless and has
    each row of a material laid out lit side first (:func:`_shadow_sides`); then every
    speck, notch and spur takes the commonest colour of its own role around it (one of
    that role's fill tones). The outline, lines in its colour and stamps (eyes, a visor
    slit) are never changed."""
    index = sprite.index.astype(np.int64).copy()
    if sprite.roles is None or sprite.parts is None:
        return index
    free, fills = _tidy_roles(sprite, table)
    roles = sprite.roles
    if upright:  # the light's side is left or right: a lying body's is its top
        material = _materials(index, sprite, table, fills)
        pieces = _pieces(sprite, model)
        _drop_lines(index, sprite, material, pieces, fills, free)
        filled = _of_fills(index, roles, fills)  # the lines kept are not laid out
        _shadow_sides(index, pieces, table, np.where(filled, material, -1))
    for _ in range(2):
        key = _mapped(index, table)
        changed = _fill_specks(index, key, roles, free, fills, table)
        changed |= _fill_notches(index, roles, free, fills, table)
        if not changed:
            break
    return index


def _of_fills(index: np.ndarray, roles: np.ndarray, fills: dict[int, set[int]]) -> np.ndarray:
    """The pixels holding one of their role's fill tones."""
    out = np.zeros(index.shape, bool)
    for ri, allowed in fills.items():
        out |= (roles == ri) & np.isin(index, sorted(allowed))
    return out


def _lit_from_left() -> bool:
    """The light falls from the screen's left (for every direction: the light is the
    camera's, not the model's)."""
    return float(LIGHT[0]) <= 0.0


def _materials(
    index: np.ndarray, sprite: Sprite, table: np.ndarray, fills: dict[int, set[int]]
) -> np.ndarray:
    """Per pixel, a number for the sprite colours its role's fill tones map to (roles
    mapped to the same colours share it) on the pixels of its fills and its line; -1
    elsewhere."""
    assert sprite.roles is not None
    roles, palette = sprite.roles, sprite.palette
    material = np.full(index.shape, -1, np.int64)
    kinds: dict[tuple[int, ...], int] = {}
    for ri, allowed in fills.items():
        colours = tuple(sorted({int(k) for k in _mapped(np.array(sorted(allowed)), table)}))
        line = int(palette.ramps[sprite.role_names[ri]][0])
        mine = (roles == ri) & np.isin(index, [*allowed, line])
        material[mine] = kinds.setdefault(colours, len(kinds))
    return material


def _drop_lines(
    index: np.ndarray,
    sprite: Sprite,
    material: np.ndarray,
    pieces: np.ndarray,
    fills: dict[int, set[int]],
    free: np.ndarray,
) -> None:
    """Fill the inner lines that part two materials (in place): drawn in the material's
    shadow they read as a stray shadow along the edge, and the colours already part
    the two pieces. A line is kept where the piece in front of it is the same material
    (one leg before the other, an arm before a steel body: another piece of the
    model)."""
    assert sprite.roles is not None
    roles, palette = sprite.roles, sprite.palette
    h, w = index.shape
    pad_m = np.pad(material, 1, constant_values=-2)
    pad_p = np.pad(pieces, 1, constant_values=-2)
    sides = [(0, 1), (2, 1), (1, 0), (1, 2)]
    same = np.zeros(index.shape, bool)
    for y, x in sides:
        other = pad_p[y : y + h, x : x + w] != pieces
        same |= other & (pad_m[y : y + h, x : x + w] == material)
    lines = np.zeros(index.shape, bool)
    for ri, name in enumerate(sprite.role_names):
        lines |= (roles == ri) & (index == int(palette.ramps[name][0]))
    for y, x in zip(*np.nonzero(lines & free & ~same), strict=True):
        ri = int(roles[y, x])
        near = index[max(0, y - 1) : y + 2, max(0, x - 1) : x + 2]
        own = (roles[max(0, y - 1) : y + 2, max(0, x - 1) : x + 2] == ri) & np.isin(
            near, sorted(fills[ri])
        )
        if own.any():
            values, counts = np.unique(near[own], return_counts=True)
            index[y, x] = values[counts.argmax()]
        else:  # a sliver all line (a shirt's edge beside an arm): its lit tone
            index[y, x] = int(palette.ramps[sprite.role_names[ri]][-1])


def _shadow_sides(
    index: np.ndarray, pieces: np.ndarray, table: np.ndarray, material: np.ndarray
) -> None:
    """Lay each row of a material's fill tones out from light to dark, lit side first
    (in place). The model shades each of its parts by its surface normals, and where two
    primitives meet (chest and belly, hip and thigh) the tones step in and out; in a
    material drawn in one or two colours those steps are blotches. Kept per row and per
    run of one material (between lines, the outline and other materials), the row's
    count of each colour stays the model's (the far leg stays dark, a lit front stays
    light) while the shadow becomes one band on the side away from the light. A run ends
    where the model's piece does (two legs side by side each get their shadow side, which
    parts them)."""
    lab_l = srgb_to_oklab(table.astype(float))[:, 0]
    left = _lit_from_left()
    for y in range(index.shape[0]):
        row, part = material[y], pieces[y]
        x = 0
        while x < len(row):
            if row[x] < 0:
                x += 1
                continue
            end = x
            while end + 1 < len(row) and row[end + 1] == row[x] and part[end + 1] == part[x]:
                end += 1
            run = index[y, x : end + 1]
            order = np.argsort(-lab_l[run] if left else lab_l[run], kind="stable")
            index[y, x : end + 1] = run[order]
            x = end + 1


def _fill_specks(
    index: np.ndarray,
    key: np.ndarray,
    roles: np.ndarray,
    free: np.ndarray,
    fills: dict[int, set[int]],
    table: np.ndarray,
) -> bool:
    """Recolour same-colour clusters of ``_SPECK_PX`` pixels or fewer (8-connected) made
    of free pixels to the commonest fill of their role round them; True if any changed."""
    changed = False
    eight = np.ones((3, 3), bool)
    for k in np.unique(key[free]):
        lab, n = ndimage.label(key == k, eight)
        sizes = np.bincount(lab.ravel(), minlength=n + 1)
        for c in np.nonzero(sizes[1:] <= _SPECK_PX)[0] + 1:
            blob = lab == c
            if not free[blob].all():
                continue
            ring = ndimage.binary_dilation(blob, eight) & ~blob
            ri = int(np.bincount(roles[blob]).argmax())
            pick = _commonest(index[ring & (roles == ri)], fills[ri], table, k)
            if pick is not None:
                index[blob] = pick
                changed = True
    return changed


def _fill_notches(
    index: np.ndarray,
    roles: np.ndarray,
    free: np.ndarray,
    fills: dict[int, set[int]],
    table: np.ndarray,
) -> bool:
    """Give a free pixel the colour ``_MAJORITY`` of its 4 side neighbours of its own role
    share (another fill of that role); True if any changed."""
    key = _mapped(index, table)
    h, w = index.shape
    pad_k = np.pad(key, 1, constant_values=-1)
    pad_r = np.pad(roles, 1, constant_values=-2)
    pad_i = np.pad(index, 1)
    sides = [(0, 1), (2, 1), (1, 0), (1, 2)]
    nk = np.stack([pad_k[y : y + h, x : x + w] for y, x in sides])
    nr = np.stack([pad_r[y : y + h, x : x + w] for y, x in sides])
    ni = np.stack([pad_i[y : y + h, x : x + w] for y, x in sides])
    out = index.copy()
    for y, x in zip(*np.nonzero(free), strict=True):
        own = nr[:, y, x] == roles[y, x]
        ks = nk[own, y, x]
        if len(ks) < _MAJORITY:
            continue
        values, counts = np.unique(ks, return_counts=True)
        best = int(counts.argmax())
        if counts[best] < _MAJORITY or values[best] == key[y, x]:
            continue
        pick = ni[own, y, x][ks == values[best]][0]
        if int(pick) in fills[int(roles[y, x])]:
            out[y, x] = pick
    changed = bool((out != index).any())
    index[:] = out
    return changed


def _commonest(
    candidates: np.ndarray, allowed: set[int], table: np.ndarray, not_key: int
) -> int | None:
    """The commonest of ``candidates`` among ``allowed`` palette indices whose colour is
    not ``not_key``, or None."""
    ok = [int(i) for i in candidates if int(i) in allowed]
    ok = [i for i in ok if int(_mapped(np.array([i]), table)[0]) != not_key]
    if not ok:
        return None
    values, counts = np.unique(ok, return_counts=True)
    return int(values[counts.argmax()])


def _facing(model: Model, direction: str, camera: Camera) -> tuple[np.ndarray, np.ndarray]:
    """The model's forward and its right-hand side (world, unit) facing ``direction``:
    facing south it looks toward the camera (-y)."""
    turn = rot_z(yaw_for(model, direction, camera.view) - yaw_for(model, "south", camera.view))
    return turn @ np.array([0.0, -1.0, 0.0]), turn @ np.array([1.0, 0.0, 0.0])


def _headwear(sm: SpriteModel) -> bool:
    """The sprite shows a hat or a hood and no hair of its own: nothing the turned head's
    back could be drawn in but the headwear."""
    fitted = sm.fitted
    if fitted is None:
        return False
    worn = fitted.garments
    bald = fitted.spec.outfit.get("hair") == "bald"
    return bald and (worn.hat is not None or worn.hood is not None)


def _cover_back_of_head(sm: SpriteModel, sprite: Sprite, camera: Camera, direction: str) -> Sprite:
    """``sprite`` with the back half of its head drawn in the headwear's tones.

    A figure drawn facing the viewer in a hat or a hood shows its face and no hair (the
    mage's gold row is its hat's band, on the face's top row). The model then has a bald
    head, and from behind or side-on the back of it turned a wide patch of bare skin
    under the brim. What the sprite cannot show is drawn as its headwear falling to the
    neck (the hat's back, a hood), in the headwear's own colours: never skin, and no
    hair colour the sprite does not have. The face side (toward the model's front) and
    the neck stay skin."""
    palette, model = sprite.palette, sm.subject.model if sm.subject is not None else None
    hat = palette.ramps.get("hat")
    if model is None or hat is None or sprite.roles is None or not _headwear(sm):
        return sprite
    heads = [i for i, p in enumerate(model.parts) if p.joint == "head" and p.role == "skin"]
    if not heads or "skin" not in sprite.role_names or "hat" not in sprite.role_names:
        return sprite
    pose = model.pose()
    parts, points = part_buffer(model, pose, direction, camera)
    frames = joint_frames(model, pose, direction, camera)
    forward, _ = _facing(model, direction, camera)
    skin_ramp = [int(i) for i in palette.ramps["skin"]]
    skin_role = sprite.role_names.index("skin")
    index, roles = sprite.index.copy(), sprite.roles.copy()
    for pi in heads:
        jrot, jpos = frames[model.parts[pi].joint]
        centre = jpos + jrot @ np.asarray(model.parts[pi].origin, float)
        back = (parts == pi) & ((points - centre) @ forward < 0.0) & (roles == skin_role)
        for y, x in zip(*np.nonzero(back & np.isin(index, skin_ramp)), strict=True):
            tone = skin_ramp.index(int(index[y, x]))
            index[y, x] = hat[min(tone, len(hat) - 1)]
            roles[y, x] = sprite.role_names.index("hat")
    return replace(sprite, index=index, roles=roles)


#: How squarely the model's front must face the viewer (the cosine of its turn away)
#: for a stripe down it to be drawn: front and three-quarter views, not side-on.
_STRIPE_FACING = 0.3


def _stripe(sm: SpriteModel) -> tuple[tuple[int, int, int], int] | None:
    """The colour and width of a stripe down an upright figure's shirt (a tabard's), or
    None. A long garment's is a front trim, already part of the fitted model."""
    a = sm.analysis
    if a is None or a.long_garment or sm.plan != "biped":
        return None
    found = front_stripe(sm.rgba, a)
    return (found[0].rgb, found[1]) if found is not None else None


def _draw_stripe(
    rgba: np.ndarray,
    sm: SpriteModel,
    sprite: Sprite,
    camera: Camera,
    direction: str,
    stripe: tuple[tuple[int, int, int], int],
) -> None:
    """Paint the sprite's stripe down the front of the turned shirt (in place): on the
    torso's shirt pixels whose surface point is in front of the body's centre and within
    half the stripe's width of its middle, where the front faces the viewer. The model
    draws the shirt in one material; a stripe fitted as a trim band landed in scattered
    pixels, and as the shirt's shadow it fell on the side away from the light."""
    model = sm.subject.model if sm.subject is not None else None
    if model is None or sprite.roles is None or "top" not in sprite.role_names:
        return
    forward, side = _facing(model, direction, camera)
    if -forward[1] < _STRIPE_FACING:  # its cosine to the view's (toward -y)
        return
    torso = [i for i, p in enumerate(model.parts) if p.group == "body" and p.role == "top"]
    pose = model.pose()
    parts, points = part_buffer(model, pose, direction, camera)
    frames = joint_frames(model, pose, direction, camera)
    centre = np.mean([frames[model.parts[i].joint][1] for i in torso], axis=0)
    shirt = np.isin(parts, torso) & (sprite.roles == sprite.role_names.index("top"))
    rel = points - centre
    colour, width = stripe
    on = shirt & (rel @ forward > 0.0) & (np.abs(rel @ side) * camera.scale < width / 2.0)
    if not on.any():
        return
    rgba[on, :3] = colour
    # A shirt pixel the stripe cuts off from the rest of the shirt (none of its colour
    # round it) would be a speck: it takes the colour of the piece beside the shirt, so
    # the stripe stays a line and the shirt's edge moves by a pixel.
    outline = sm.analysis.outline_rgb if sm.analysis is not None else None
    lone = shirt & ~on & (_same_neighbours(rgba) == 0)
    _take_neighbours(rgba, lone, {colour, *([outline] if outline is not None else [])})


def _take_neighbours(rgba: np.ndarray, mask: np.ndarray, avoid: set[tuple[int, int, int]]) -> None:
    """Give each pixel of ``mask`` the commonest colour among its opaque 8 neighbours
    other than its own and those in ``avoid`` (in place); a pixel with none keeps its."""
    for y, x in zip(*np.nonzero(mask), strict=True):
        near = rgba[max(0, y - 1) : y + 2, max(0, x - 1) : x + 2].reshape(-1, 4)
        own = tuple(int(v) for v in rgba[y, x, :3])
        keep = [tuple(int(v) for v in p[:3]) for p in near if p[3] > 0]
        keep = [c for c in keep if c != own and c not in avoid]
        if keep:
            values, counts = np.unique(np.array(keep), axis=0, return_counts=True)
            rgba[y, x, :3] = values[counts.argmax()]


def _same_neighbours(rgba: np.ndarray) -> np.ndarray:
    """Per pixel, how many of its 8 neighbours are opaque and of its colour."""
    key = colour_keys(rgba)
    h, w = key.shape
    pad = np.pad(key, 1, constant_values=-2)
    count = np.zeros(key.shape, np.int64)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                count += pad[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == key
    return count


def _east_west(direction: str) -> int:
    """+1 for a direction with an east component, -1 for west, 0 for north and south."""
    return 1 if "east" in direction else -1 if "west" in direction else 0


#: A quadruped's model fitted this loosely (silhouette IoU in the given direction) is not
#: the animal drawn: its turned three-quarter views are another body (a hand-made wolf's
#: fit, 0.65, turned into a hunched bear), so they are drawn from the sprite's own side
#: view instead. Our own renders fit at 0.95 and more, and their model shows the real
#: three-quarter turn a side view cannot.
_LOOSE_FIT = 0.85


def _from_own_pixels(sm: SpriteModel, wanted: Sequence[str]) -> dict[str, np.ndarray]:
    """The views of ``wanted`` drawn from the sprite's own pixels (:mod:`.views`), the
    rest left to the model: every view of a blob (its face moved round it); a side-on
    quadruped's other side, mirrored, when its design is symmetric
    (:func:`~.views.mirrorable`), and its three-quarter views, foreshortened (those of the
    other side mirrored only for a symmetric design), and its head-on and tail-on views,
    built from its pieces (:func:`~.views.end_on`), when its model fits loosely
    (``_LOOSE_FIT``); a close fit's head-on and tail-on views are the model's."""
    outline = sm.analysis.outline_rgb if sm.analysis is not None else None
    given = sm.direction
    if sm.plan == "blob":
        return {
            d: turn_blob(sm.rgba, outline, DIRECTION_YAW[d] - DIRECTION_YAW[given]) for d in wanted
        }
    if sm.plan != "quadruped" or given not in ("east", "west") or sm.fitted is None:
        return {}
    side = _east_west(given)
    flip = mirrorable(sm.rgba, outline)
    loose = sm.fitted.iou < _LOOSE_FIT
    out: dict[str, np.ndarray] = {}
    quarter: dict[bool, np.ndarray] = {}  # toward the viewer or not: one each side
    for d in wanted:
        turn = _east_west(d)
        if not turn and loose and d in ("south", "north"):
            ends = end_on(sm.rgba, outline, side > 0, front=d == "south")
            if ends is not None:
                out[d] = ends
            continue
        if not turn or (turn != side and not flip):
            continue
        if d in ("east", "west"):
            view = sm.rgba.copy()
        elif loose:
            toward = d.startswith("south")
            if toward not in quarter:
                quarter[toward] = three_quarter(sm.rgba, side > 0, toward_viewer=toward)
            view = quarter[toward].copy()
        else:
            continue
        out[d] = view if turn == side else other_side(view)
    return out


def turn_sprite(
    sm: SpriteModel,
    directions: Sequence[str] = ROTATION_ORDER,
    view_change: float = 0.0,
    turn_degrees: dict[str, float] | None = None,
) -> dict[str, np.ndarray]:
    """``sm``'s sprite facing each of ``directions`` (see the module docstring).
    ``turn_degrees`` gives a prop's exact turn per direction when it is not 45 a step."""
    out: dict[str, np.ndarray] = {}
    if sm.plan == "prop" or sm.subject is None or sm.fitted is None:
        for d in directions:
            deg = (turn_degrees or {}).get(d, DIRECTION_YAW[d] - DIRECTION_YAW[sm.direction])
            if d == sm.direction and not deg % 360:
                out[d] = sm.rgba.copy()
            elif sm.view == "high top-down" or (turn_degrees and d in turn_degrees):
                out[d] = rotsprite(sm.rgba, deg)  # seen from above: a turn in the plane
            else:
                out[d] = _side_of(sm.rgba, sm.direction, d)
        return out
    camera = sm.fitted.camera
    if view_change:
        v = camera.view
        elevation = float(np.clip(v.elevation + view_change, 0.0, 90.0))
        camera = replace(camera, view=View(f"{v.name}{view_change:+g}", elevation, v.grid_yaw))
    wanted = [d for d in directions if d != sm.direction or view_change]
    if not view_change:
        from_pixels = _from_own_pixels(sm, wanted)
        out.update(from_pixels)
        wanted = [d for d in wanted if d not in from_pixels]
    if wanted:
        drawing = draw_with_camera(sm.subject, replace(sm.look, palette=None), camera, wanted)
        stripe = _stripe(sm)
        table = _colour_table(drawing.palette, sm, stripe[0] if stripe else None)
        apart = _feet_apart(sm)
        for d in wanted:
            sprite = _cover_back_of_head(sm, drawing.sprites[d], camera, d)
            index = _tidy(sprite, table, sm.subject.model, sm.plan == "biped")
            if apart:
                index = _part_boots(sm, replace(drawing.sprites[d], index=index), camera, d)
            rgba = np.zeros((*index.shape, 4), np.uint8)
            rgba[..., :3] = table[index]
            rgba[..., 3] = np.where(index > 0, 255, 0)
            if stripe is not None:
                _draw_stripe(rgba, sm, sprite, camera, d, stripe)
            out[d] = rgba
    for d in directions:
        if d == sm.direction and not view_change:
            out[d] = sm.rgba.copy()
    return {d: out[d] for d in directions}
