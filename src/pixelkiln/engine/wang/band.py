"""The transition band of a top-down set: what it is made of and the masks it is drawn with.

``transition_description`` is read as a ground plus what lies on it:

- the main chunk's material (the engine's reader) is the band's ground, drawn *without*
  its material's default features (no shells on "wet sand" unless asked) and without
  foam: foam is drawn as a broken line in the lower terrain, hugging the band's edge;
- features asked for ("with pebbles", "with small flowers") stay in the texture;
- a chunk after a connector that names another material ("grass with scattered dirt")
  is scattered over the band in patches, denser toward the terrain made of it;
- "embers" (or "sparks", "coals") dot the band with glowing specks.

Geometry: the band straddles the boundary, ``ceil(band / 2)`` px on the lower side and
the rest on the upper side, each edge frayed by 0-1 px of periodic noise (the lower
edge stays smooth over a liquid: the foam or the wet line shapes it). Every mask is a
threshold of exact distances to the *unsmoothed* terrain boundary, a pointwise function
of the field, so a lone padded tile sees what a painted map sees: a distance ``<= t``
is exact on the tile when ``t`` is at most the canvas margin (callers keep ``t`` one
pixel under it, so 1-px operations on the masks stay exact too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
from scipy.ndimage import distance_transform_edt

from pixelkiln.engine.color import oklab_to_oklch, oklab_to_srgb, oklch_to_oklab, srgb_to_oklab
from pixelkiln.engine.lexicon import get_material
from pixelkiln.engine.materials import Texture, material_ramp, render_material
from pixelkiln.engine.noise import fbm, rank_normalize
from pixelkiln.engine.rng import derive_seed, make_rng
from pixelkiln.engine.text import MaterialSpec, parse_description
from pixelkiln.engine.wang.terrain import ShadeTable, TerrainSpec
from pixelkiln.engine.wordlists import FEATURES, STOP_WORDS

__all__ = [
    "Band",
    "BandMasks",
    "BandRecipe",
    "band_masks",
    "band_recipe",
    "band_split",
    "lightness",
    "without_defaults",
]

_CONNECTORS = re.compile(
    r"\b(?:with|and|covered in|covered with|full of|dotted with|scattered with|"
    r"sprinkled with|strewn with|littered with|plus|among)\b|,|;"
)
_GLOW_WORDS = frozenset({"embers", "ember", "sparks", "spark", "coals", "cinders glowing"})
_FEATURE_PHRASES = frozenset(p for name, ps in FEATURES.items() for p in (name, *ps))
_FILLER = frozenset({"patches", "patch", "bits", "spots", "specks", "scattered", "loose"})
#: Share of band pixels the scattered material covers on the band's side nearer the
#: terrain made of it, and on the far side (0.3 everywhere when neither terrain is).
_SCATTER_NEAR, _SCATTER_FAR, _SCATTER_EVEN = 0.5, 0.15, 0.3
_GLOW_SHARE = 0.06
_FOAM_GAPS = 0.4  # share of the foam line left open


@dataclass(frozen=True)
class BandRecipe:
    """What a transition description draws: ground, scattered material, specks, foam."""

    ground: MaterialSpec
    scatter: str | None = None
    glow: bool = False
    foam: bool = False


def _words(chunk: str) -> list[str]:
    return [w for w in re.findall(r"[a-z]+", chunk) if w not in STOP_WORDS and w not in _FILLER]


def band_recipe(description: str) -> BandRecipe:
    """Read a transition description (see the module docstring)."""
    spec = parse_description(description)
    scatter, glow = None, False
    for chunk in _CONNECTORS.split(description.lower())[1:]:
        words = _words(chunk)
        phrase = " ".join(words)
        if not words:
            continue
        if phrase in _GLOW_WORDS or any(w in _GLOW_WORDS for w in words):
            glow = True
        elif phrase in _FEATURE_PHRASES:
            continue  # the engine's reader already took it as a feature
        elif scatter is None:
            sub = parse_description(phrase)
            if sub.matched_by in ("lexicon", "key") and sub.material != spec.material:
                scatter = sub.material
    foam = "foam" in spec.features
    ground = replace(spec, features=tuple(f for f in spec.features if f != "foam"))
    return BandRecipe(ground=ground, scatter=scatter, glow=glow, foam=foam)


def without_defaults(spec: MaterialSpec, terrain: TerrainSpec, stream: str) -> Texture:
    """The texture of ``spec`` with its material's default features painted out.

    The engine always adds a material's default features; they are found by rendering
    the same spec without the requested ones (same seed: defaults land on the same
    pixels) and filled with the nearest plain ground pixel.
    """
    kw = {
        "style": terrain.style,
        "reference": terrain.reference_obj(),
        "palette": terrain.palette_array(),
    }
    seed = derive_seed(terrain.seed, stream)
    tex = render_material(spec, terrain.tile, seed, **kw)
    if not get_material(spec.material).features:
        return tex
    bare = (
        render_material(replace(spec, features=()), terrain.tile, seed, **kw)
        if spec.features
        else tex
    )
    n = len(tex.ramp)
    drop = bare.index >= n
    if spec.features:
        drop &= (tex.rgba[..., :3] == bare.rgba[..., :3]).all(axis=-1) & (tex.index >= n)
    if not drop.any():
        return tex
    h, w = tex.index.shape
    big = np.tile(drop, (3, 3))
    _, (iy, ix) = distance_transform_edt(big, return_indices=True)
    iy, ix = iy[h : 2 * h, w : 2 * w] % h, ix[h : 2 * h, w : 2 * w] % w
    index = tex.index[iy, ix]
    rgba = tex.rgba.copy()
    rgba[..., :3] = tex.colors[index]
    return replace(tex, index=index.astype(np.int16), rgba=rgba)


def _foam_colors(lower: str) -> np.ndarray:
    """(2, 3) foam colours: a pale tint of the lower terrain's hue, then near white."""
    top = material_ramp(lower, 4)[-1:].astype(np.uint8)
    hue = float(oklab_to_oklch(srgb_to_oklab(top))[0, 2])
    lch = np.array([[0.8, 0.055, hue], [0.96, 0.015, hue]])
    return np.clip(np.rint(oklab_to_srgb(oklch_to_oklab(lch))), 0, 255).astype(np.uint8)


def lightness(table: ShadeTable) -> float:
    """Mean OKLab lightness of a texture."""
    return float(srgb_to_oklab(table.tex.rgba[..., :3].reshape(-1, 3)).mean(axis=0)[0])


def _merged(terrain: Texture, own: Texture) -> Texture:
    """``terrain``'s texture carrying ``own``'s feature pixels (accents)."""
    accent = own.index >= len(own.ramp)
    if not accent.any():
        return terrain
    index = np.where(accent, own.index + len(terrain.colors), terrain.index)
    colors = np.concatenate([terrain.colors, own.colors])
    rgba = terrain.rgba.copy()
    rgba[..., :3] = colors[index]
    return replace(terrain, index=index.astype(np.int16), colors=colors, rgba=rgba)


class Band:
    """A prepared transition band: its textures, colours and periodic noise masks.

    ``terrains`` are the set's ``(lower, upper)`` descriptions and shade tables. A band
    whose ground is one of them ("grass with scattered dirt" beside grass) draws that
    terrain's own texture (no texture seam where the band meets it), with the band's
    features on it; scattered material of the same kind as a terrain ("dirt" beside a
    dirt path) is cut from that terrain's texture and gathers toward it.
    """

    def __init__(
        self,
        spec: TerrainSpec,
        terrains: tuple[tuple[str, ShadeTable], tuple[str, ShadeTable]],
        apron: bool = False,
    ) -> None:
        t = spec.tile
        self.apron = apron
        self.recipe = recipe = band_recipe(spec.description)
        mats = [get_material(parse_description(d).material) for d, _ in terrains]
        ground = without_defaults(recipe.ground, spec, "band-ground")
        g = recipe.ground
        same = [m.key == g.material and not g.colors and not g.modifiers for m in mats]
        if any(same):
            ground = _merged(terrains[same.index(True)][1].tex, ground)
        self.ground = ShadeTable(ground)
        self.scatter: ShadeTable | None = None
        self.scatter_side = 0  # +1: denser toward upper, -1: toward lower
        if recipe.scatter is not None:
            pattern = get_material(recipe.scatter).pattern
            # An apron at the foot of a Pro step cuts nothing from the raised terrain:
            # patches of its texture there would read as the terrain running under it.
            kin = [m.pattern == pattern for m in mats]
            kin[1] = kin[1] and not apron
            if kin[1] or kin[0]:
                k = 1 if kin[1] else 0
                self.scatter = terrains[k][1]
                self.scatter_side = 1 if k == 1 else -1
            else:
                sub = parse_description(recipe.scatter)
                self.scatter = ShadeTable(without_defaults(sub, spec, "band-scatter"))
        rng = make_rng(spec.seed, "band-masks")
        feature = max(2.0, t / 12.0)
        self.fray_up = fbm(rng, (t, t), feature, octaves=1) > 0.55
        self.fray_lo = fbm(rng, (t, t), feature, octaves=1) > 0.55
        self.patches = rank_normalize(fbm(rng, (t, t), max(2.5, t / 9.0), octaves=2))
        self.foam_gap = rank_normalize(fbm(rng, (t, t), (1.5, 3.0), octaves=1)) < _FOAM_GAPS
        self.foam_thick = fbm(rng, (t, t), (feature * 1.5, feature * 3.0), octaves=1) > 0.5
        glow = rng.random((t, t)) < _GLOW_SHARE
        self.glow = glow & ~np.roll(glow, 1, 0) & ~np.roll(glow, 1, 1)  # lone specks
        self.glow_hot = rng.random((t, t)) < 0.4
        # Foam: near white over a pale tint of the liquid's own hue; embers: lava's top.
        self.foam_colors = _foam_colors(terrains[0][0])
        self.glow_colors = material_ramp("lava", 4)[[2, 3]]


@dataclass(frozen=True)
class BandMasks:
    """Where a band draws, on one canvas."""

    band: np.ndarray  # band ground (either side of the boundary)
    scatter: np.ndarray  # band pixels drawn in the scattered material
    glow: np.ndarray  # glowing specks
    glow_hot: np.ndarray  # the brighter specks among them
    foam: np.ndarray  # foam line (lower terrain pixels)
    foam_core: np.ndarray  # its brightest pixels (the line touching the band)
    wet: np.ndarray  # band pixels at the water's edge (drawn a shade darker, dithered)
    edge_up: np.ndarray  # the band's row touching the upper terrain
    edge_lo: np.ndarray  # the band's row touching the lower terrain (solid ground only)
    skirt_up: np.ndarray  # the upper terrain's row touching the band
    skirt_lo: np.ndarray  # the lower terrain's row touching the band (solid ground only)
    shallows: np.ndarray  # liquid pixels near the shore (drawn a shade lighter)


def band_split(width: int, limits: tuple[int, int], liquid: bool, apron: bool) -> tuple[int, int]:
    """``(lower side, upper side)`` px of a ``width`` px band, within ``limits`` (the
    same order).

    Straddling the boundary, half and half; over a liquid a third on the liquid side
    (the shore's wet ground is mostly the shore's, and the liquid keeps room for foam
    and shallows); ``apron`` puts it all on the lower side (Pro steps: the band lies at
    the foot of the raised terrain).
    """
    if apron:
        return min(limits[0], width), 0
    w_lo = min(limits[0], width // 3 if liquid else (width + 1) // 2)
    return w_lo, min(limits[1], width - w_lo)


def band_masks(
    raw_up: np.ndarray,
    ty: np.ndarray,
    tx: np.ndarray,
    band: Band,
    split: tuple[int, int],
    liquid: bool,
    margin: int,
) -> BandMasks:
    """The masks of a band ``split = (lower side, upper side)`` px wide around the
    unsmoothed boundary ``raw_up``.

    Thresholds: the band itself reaches ``max(split)`` px (callers keep that under the
    canvas ``margin``, so 1-px operations on it stay exact); colour-only masks (skirts,
    foam, shallows) reach further, never past ``margin``.
    """
    w_lo, w_up = split
    d_lo = distance_transform_edt(~raw_up)  # lower pixels: 1 next to the upper terrain
    d_up = distance_transform_edt(raw_up)
    # Edges fray inward by 0-1 px (never past the width: no extra reach), sides of 3 px
    # or more only (thinner sides would break up).
    fray_up = band.fray_up[ty, tx] & (w_up >= 3)
    fray_lo = band.fray_lo[ty, tx] & (w_lo >= 3) & (not liquid)
    on_up = raw_up & (d_up <= w_up - fray_up)
    on_lo = ~raw_up & (d_lo <= w_lo - fray_lo)
    mask = on_up | on_lo
    water = ~raw_up & ~on_lo

    scatter = np.zeros_like(mask)
    if band.scatter is not None:
        if band.scatter_side:
            near = on_up if band.scatter_side > 0 and w_up > 0 else on_lo
            if band.scatter_side > 0 and w_up == 0:
                # An apron: denser toward the raised terrain it borders.
                near = on_lo & (d_lo <= (w_lo + 1) // 2)
            share = np.where(near, _SCATTER_NEAR, _SCATTER_FAR)
        else:
            share = np.full(mask.shape, _SCATTER_EVEN)
        scatter = mask & (band.patches[ty, tx] < share)
    glow = np.zeros_like(mask)
    if band.recipe.glow:
        glow = mask & band.glow[ty, tx] & ~scatter

    foam = foam_core = np.zeros_like(mask)
    if band.recipe.foam:
        gap = band.foam_gap[ty, tx]
        thick = band.foam_thick[ty, tx]
        foam_core = water & (d_lo <= min(margin, w_lo + 1)) & ~gap
        foam = foam_core | (water & (d_lo <= min(margin, w_lo + 2)) & thick & ~gap)
        # Bits of foam a little way out, where the line breaks.
        bits = (d_lo > w_lo + 2) & (d_lo <= min(margin, w_lo + 3)) & thick & gap
        foam = foam | (water & bits)
    shallows = np.zeros_like(mask)
    checker = (ty + tx) % 2 == 0
    if liquid:
        far = min(margin, w_lo + 4)
        shallows = water & (d_lo <= far) & ~foam & ((d_lo <= far - 1) | checker)
        if band.recipe.foam:
            shallows &= d_lo > w_lo + 1  # the foam line's gaps show the liquid itself
    wet = on_lo & (d_lo > w_lo - 1) & checker if liquid else np.zeros_like(mask)
    hot = glow & band.glow_hot[ty, tx]
    edge_up = on_up & (d_up > w_up - fray_up - 1)
    skirt_up = raw_up & ~on_up & (d_up <= np.minimum(margin, w_up - fray_up + 1))
    skirt_up &= w_up > 0
    if liquid:
        edge_lo = skirt_lo = np.zeros_like(mask)
    else:
        edge_lo = on_lo & (d_lo > w_lo - fray_lo - 1)
        skirt_lo = water & (d_lo <= np.minimum(margin, w_lo - fray_lo + 1))
    return BandMasks(
        band=mask,
        scatter=scatter,
        glow=glow,
        glow_hot=hot,
        foam=foam,
        foam_core=foam_core,
        wet=wet,
        shallows=shallows,
        edge_up=edge_up,
        edge_lo=edge_lo,
        skirt_up=skirt_up,
        skirt_lo=skirt_lo,
    )
