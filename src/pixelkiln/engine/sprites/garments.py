"""Hats, hoods, capes, belts, gloves and trim read from a figure drawn facing the viewer.

A figure is fitted as a plain mannequin; these garments change what its back and sides
look like, so they are looked for before the fit and dressed on the model (the subject
engine's ``wizard hat`` and ``hood`` headwear, ``cape`` and ``trim``), in the sprite's
own colours:

- **pointed hat**: the head's top is not skin and narrows to a point above its widest
  row (a brim or band, wider than the face under it), and the face's sides under the
  brim are not the hat's colour (a hood frames the face; a hat sits on top of it). A
  band of another material on the brim row is the hat's trim, and the model's brim is
  painted with it;
- **hood**: the top of the head is not skin, there is skin lower down (a face: a closed
  helmet has none), and the top's colour runs on into the shoulders (the first rows
  under the neck hold it at the silhouette's sides);
- **cape**: one material (not skin, not the legs') at both sides of the silhouette in
  most rows from the shoulders down and at its sides below the hips: something hanging
  behind and around the body, wider than it, reaching past the hips;
- **belt**: on a long garment, one or two rows between the neck and the feet where one
  material (not skin, not the garment's own) fills at least 70% of the body's width,
  worn on the garment (its colour the row above) and above the feet: a belt or a sash;
- **gloves**: the material at the silhouette's two sides on the lowest row of the arms
  (the last row as wide as the upper body's widest) when it is neither the arms' own
  (two rows up) nor the face's: gauntlets or gloves (dressed on a figure in a closed
  helmet, whose hands have no skin to be read from);
- **bare arms**: on a figure in trousers, the silhouette's sides from under the neck to
  the arms' lowest row (above any gloves) are the face's material in most rows, not
  the shirt's: no sleeves (bare arms, or a knight's steel arms beside a tabard);
- **front trim**: on a long garment (:mod:`.analyse`), a stripe at most 2 px wide of
  one material (not skin, not the garment's own) on the body's centre line in at least
  40% of the rows from the neck to the feet: the trim down a robe's front.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.sprites.analyse import ColourGroup, SpriteAnalysis

__all__ = ["Garments", "front_stripe", "read_garments"]

_SIDE_SHARE = 0.6  # of the rows from the shoulders to the feet a cape borders
_STRIPE_SHARE = 0.4  # of the rows from the neck to the feet a front trim runs down
_BELT_SHARE = 0.7  # of a row's width a belt fills
_BARE_SHARE = 0.6  # of the arms' rows whose two sides are the face's material


@dataclass(frozen=True)
class Garments:
    hood: ColourGroup | None = None
    cape: ColourGroup | None = None
    hat: ColourGroup | None = None  # a pointed hat's material
    trim: ColourGroup | None = None  # a hat band's or a front stripe's material
    front_trim: bool = False  # the trim runs down the garment's front
    hat_band: bool = False  # the hat's brim is drawn in its band's colour
    belt: ColourGroup | None = None  # a belt's or sash's material
    belt_rows: tuple[int, ...] = ()  # the sprite rows it crosses
    gloves: ColourGroup | None = None  # the hands' material when they are not bare
    arms_end: int | None = None  # the arms' lowest row (:func:`arms_end`)
    bare_arms: bool = False  # the arms show the face's material, not the shirt's


def _group_of(analysis: SpriteAnalysis, rgb: tuple[int, int, int]) -> ColourGroup | None:
    for region in analysis.regions.values():
        for group in region.colours:
            if rgb in group.shades:
                return group
    return None


def _sides(rgba: np.ndarray, solid: np.ndarray, row: int) -> list[tuple[int, int, int]]:
    """The outermost colours of a row's silhouette, left and right."""
    xs = np.nonzero(solid[row])[0]
    if not len(xs):
        return []
    return [tuple(int(v) for v in rgba[row, x, :3]) for x in (xs[0], xs[-1])]  # type: ignore[misc]


def _main_colour(rgba: np.ndarray, solid: np.ndarray) -> tuple[int, int, int] | None:
    pixels = rgba[..., :3][solid]
    if not len(pixels):
        return None
    colours, counts = np.unique(pixels, axis=0, return_counts=True)
    return tuple(int(v) for v in colours[counts.argmax()])  # type: ignore[return-value]


def _pointed_hat(
    rgba: np.ndarray, solid: np.ndarray, analysis: SpriteAnalysis, skin: set[tuple[int, int, int]]
) -> tuple[ColourGroup, ColourGroup | None] | None:
    """The material of a pointed hat and of its band (see the module docstring)."""
    top, neck = analysis.box.top, analysis.neck
    widths = analysis.widths[top:neck]
    if len(widths) < 4 or not skin:
        return None
    brim = int(np.argmax(widths))  # the first widest row
    if brim < 2 or brim >= len(widths) - 1 or widths[0] > 0.5 * widths[brim]:
        return None
    if (np.diff(widths[: brim + 1]) < 0).any() or widths[brim + 1] >= widths[brim]:
        return None  # not a cone widening down to a brim that overhangs the face
    crown = np.zeros_like(solid)
    crown[top : top + brim] = solid[top : top + brim]
    main = _main_colour(rgba, crown)
    hat = _group_of(analysis, main) if main is not None else None
    if hat is None or main in skin:
        return None
    face_sides = {c for r in range(top + brim + 1, neck) for c in _sides(rgba, solid, r)}
    if not face_sides & skin or face_sides & set(hat.shades):
        return None  # no face under it, or the hat's colour frames the face: a hood
    band_row = np.zeros_like(solid)
    band_row[top + brim] = solid[top + brim]
    band = _main_colour(rgba, band_row)
    trim = None
    if band is not None and band not in hat.shades and band not in skin:
        trim = _group_of(analysis, band)
    return hat, trim


def _front_stripe(
    rgba: np.ndarray, solid: np.ndarray, analysis: SpriteAnalysis, skin: set[tuple[int, int, int]]
) -> ColourGroup | None:
    """The material of a trim stripe down the front (see the module docstring)."""
    cx, neck, feet = analysis.centre_x, analysis.neck, analysis.feet
    rows = range(neck, feet)
    garment = analysis.regions["torso"].main
    counts: dict[tuple[int, int, int], int] = {}
    for r in rows:
        seen: set[tuple[int, int, int]] = set()
        for x in range(max(0, cx - 1), min(rgba.shape[1], cx + 2)):
            if not solid[r, x]:
                continue
            c = tuple(int(v) for v in rgba[r, x, :3])
            # A stripe, not a panel: the pixels two to the side are another colour.
            edge = [rgba[r, xx, :3] for xx in (x - 2, x + 2) if 0 <= xx < rgba.shape[1]]
            if all((e != rgba[r, x, :3]).any() for e in edge):
                seen.add(c)  # type: ignore[arg-type]
        for c in seen:
            counts[c] = counts.get(c, 0) + 1
    for colour, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        group = _group_of(analysis, colour)
        if group is None or colour in skin or garment in group.shades:
            continue
        if n >= _STRIPE_SHARE * max(1, len(rows)):
            return group
        break
    return None


def _belt(
    rgba: np.ndarray, solid: np.ndarray, analysis: SpriteAnalysis, skin: set[tuple[int, int, int]]
) -> tuple[ColourGroup, tuple[int, ...]] | None:
    """The material of a belt or sash and its rows (see the module docstring)."""
    garment = analysis.regions["torso"].main
    commonest: dict[int, tuple[int, int, int]] = {}
    rows: dict[tuple[int, int, int], list[int]] = {}
    for r in range(analysis.neck + 1, analysis.feet):
        pixels = rgba[r, :, :3][solid[r]]
        if len(pixels) < 3:
            continue
        colours, counts = np.unique(pixels, axis=0, return_counts=True)
        top = int(counts.argmax())
        commonest[r] = tuple(int(v) for v in colours[top])  # type: ignore[assignment]
        if counts[top] >= _BELT_SHARE * len(pixels):
            rows.setdefault(commonest[r], []).append(r)
    for colour, found in sorted(rows.items(), key=lambda kv: kv[1][0]):
        group = _group_of(analysis, colour)
        if group is None or colour in skin or garment in group.shades:
            continue
        # A band of one or two rows, worn on the garment (its colour the row above: not
        # a hood's fall on the shoulders), above the feet (not the boots).
        band = len(found) <= 2 and found[-1] - found[0] == len(found) - 1
        if band and commonest.get(found[0] - 1) == garment and found[-1] < analysis.feet - 2:
            return group, tuple(found)
    return None


def _gloves(
    rgba: np.ndarray, solid: np.ndarray, analysis: SpriteAnalysis, end: int | None
) -> ColourGroup | None:
    """The material of a faceless figure's hands (see the module docstring), their
    arms ending on row ``end``."""
    if end is None:
        return None
    sides = _sides(rgba, solid, end)
    if len(sides) != 2 or sides[0] != sides[1]:
        return None
    above = _sides(rgba, solid, end - 2) if end - 2 > analysis.neck else []
    if sides[0] in above:  # the arms' own material down to their ends
        return None
    return _group_of(analysis, sides[0])


def _bare_arms(
    rgba: np.ndarray,
    solid: np.ndarray,
    analysis: SpriteAnalysis,
    end: int | None,
    skin: set[tuple[int, int, int]],
) -> bool:
    """The arms are the face's material down from the shoulders (see the module
    docstring). Read only on a figure in trousers: a robe's sleeves are the robe."""
    if end is None or analysis.long_garment or not skin:
        return False
    shirt = analysis.regions["torso"].main
    rows = range(analysis.neck + 1, end + 1)
    bare = 0
    for r in rows:
        sides = _sides(rgba, solid, r)
        bare += len(sides) == 2 and all(c in skin and c != shirt for c in sides)
    return bare >= _BARE_SHARE * max(1, len(rows))


def arms_end(solid: np.ndarray, analysis: SpriteAnalysis) -> int | None:
    """The lowest row of the arms of a figure facing the viewer: the last row above the
    legs about as wide as its widest (arms at the sides), or None. ``solid``: its mask
    less its outline."""
    stop = analysis.crotch if analysis.crotch is not None else analysis.feet
    rows = range(analysis.neck + 1, stop)
    widths = [int(solid[r].sum()) for r in rows]
    if not widths or max(widths) < 3:
        return None
    widest = max(widths)
    return max(r for r, w in zip(rows, widths, strict=True) if w >= widest - 1)


def _inside(rgba: np.ndarray, analysis: SpriteAnalysis) -> np.ndarray:
    """The sprite's opaque pixels inside its outline."""
    solid = analysis.mask.astype(bool) & (rgba[..., 3] >= 128)
    if analysis.outline_rgb is not None:
        solid &= (rgba[..., :3] != np.array(analysis.outline_rgb, np.uint8)).any(-1)
    return solid


def front_stripe(rgba: np.ndarray, analysis: SpriteAnalysis) -> tuple[ColourGroup, int] | None:
    """A stripe down the body's front (as a front trim, see the module docstring) on any
    figure, a tunic's or tabard's too, and its width in pixels (the commonest count of
    its colour within a pixel of the centre line, on the rows that hold it)."""
    rgba = np.asarray(rgba, np.uint8)
    solid = _inside(rgba, analysis)
    skin = _group_of(analysis, analysis.face) if analysis.face else None
    group = _front_stripe(rgba, solid, analysis, set(skin.shades) if skin else set())
    if group is None:
        return None
    cx = analysis.centre_x
    near = rgba[analysis.neck : analysis.feet, max(0, cx - 1) : cx + 2, :3]
    ours = np.zeros(near.shape[:2], bool)
    for shade in group.shades:
        ours |= (near == np.array(shade, np.uint8)).all(-1)
    counts = ours.sum(1)
    counts = counts[counts > 0]
    width = int(np.bincount(counts).argmax()) if len(counts) else 1
    return group, max(1, width)


def read_garments(rgba: np.ndarray, analysis: SpriteAnalysis) -> Garments:
    """The garments of a figure facing the viewer (see the module docstring)."""
    rgba = np.asarray(rgba, np.uint8)
    solid = _inside(rgba, analysis)  # the sides inside the outline
    skin = _group_of(analysis, analysis.face) if analysis.face else None
    skin_shades = set(skin.shades) if skin else set()
    top, neck = analysis.box.top, analysis.neck
    hood = None
    hat_trim = _pointed_hat(rgba, solid, analysis, skin_shades)
    hat, trim = hat_trim if hat_trim is not None else (None, None)
    crown = rgba[top : top + max(1, analysis.head_px // 4)][
        solid[top : top + max(1, analysis.head_px // 4)]
    ]
    if len(crown) and skin_shades:
        colours, counts = np.unique(crown[:, :3], axis=0, return_counts=True)
        main = tuple(int(v) for v in colours[counts.argmax()])
        shoulders = {
            c for r in range(neck, min(neck + 2, rgba.shape[0])) for c in _sides(rgba, solid, r)
        }
        group = _group_of(analysis, main)  # type: ignore[arg-type]
        if (
            hat is None
            and group is not None
            and main not in skin_shades
            and shoulders & set(group.shades)
        ):
            hood = group
    legs = analysis.regions.get("legs")
    leg_main = set(legs.colours[0].shades) if legs is not None and legs.colours else set()
    rows = range(neck + 1, analysis.feet)
    below = analysis.crotch if analysis.crotch is not None else (neck + analysis.feet) // 2
    counts: dict[tuple[int, int, int], int] = {}
    low: set[tuple[int, int, int]] = set()
    for r in rows:
        sides = _sides(rgba, solid, r)
        if len(sides) == 2 and sides[0] == sides[1]:
            counts[sides[0]] = counts.get(sides[0], 0) + 1
        if r >= below:
            low.update(sides)
    cape = None
    for colour, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        group = _group_of(analysis, colour)
        if group is None or colour in skin_shades or colour in leg_main:
            continue
        if n >= _SIDE_SHARE * max(1, len(rows)) and low & set(group.shades):
            cape = group
        break
    # Read on a long garment only: a tunic's or tabard's stripe turned with a shirt
    # model lands in scattered pixels.
    stripe = _front_stripe(rgba, solid, analysis, skin_shades) if analysis.long_garment else None
    band = trim is not None and (stripe is None or trim == stripe)
    # Read on a long garment only, as the trim: the model draws it round the robe.
    belt = _belt(rgba, solid, analysis, skin_shades) if analysis.long_garment else None
    end = arms_end(solid, analysis)
    gloves = _gloves(rgba, solid, analysis, end)
    if gloves is not None and analysis.face in gloves.shades:
        gloves = None  # bare hands
    bare = _bare_arms(rgba, solid, analysis, end, skin_shades)
    return Garments(
        hood,
        cape,
        hat,
        stripe or trim,
        stripe is not None,
        band,
        belt[0] if belt else None,
        belt[1] if belt else (),
        gloves,
        end,
        bare,
    )
