"""Palettes: hue-shifted OKLCH ramps, colour words, forced palettes and palette extraction.

A *ramp* is a short run of shades of one material, dark to light (ART.md §1.1):

- lightness steps evenly, ``0.26 / (n - 1)`` apart (at least 0.07, times the material's
  ``contrast``), so 3 to 6 shades span a terrain-friendly 0.26-0.4 of OKLab L and every
  step is at least ΔEOK 0.07 (three times the least visible difference);
- chroma follows a bump that peaks mid-ramp: very dark and very light shades are calmer;
- hue turns toward blue-violet (h≈275) in the shadows and toward warm yellow-orange (h≈85)
  in the lights, about 10° at each end for coloured materials; near-greys get a faint cool
  or warm tint instead, so grey stone is not a dead straight ramp;
- out-of-gamut shades keep their L and hue and lose chroma until they fit sRGB.

Colour words and modifiers change the recipe before the ramp is built
(:func:`recipe_for`). ``color_image`` forcing (:func:`fit_to_palette`) then moves every
colour onto the forced palette, distinct ramp shades onto distinct palette colours when
there are enough of them; :func:`map_to_palette` does the same per pixel for whole images.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np
from scipy.cluster.vq import kmeans2
from scipy.optimize import linear_sum_assignment
from scipy.spatial import cKDTree

from pixelkiln.engine.color import in_gamut, oklab_to_srgb, oklch_to_oklab, srgb_to_oklab
from pixelkiln.engine.lexicon import Material, get_material
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.wordlists import MODIFIERS, NAMED_COLORS, Modifier

__all__ = [
    "COOL_HUE",
    "WARM_HUE",
    "Recipe",
    "build_ramp",
    "fit_to_palette",
    "map_to_palette",
    "palette_from_image",
    "recipe_for",
    "unique_colors",
]

COOL_HUE = 275.0  # where shadows turn (blue-violet in OKLCH)
WARM_HUE = 85.0  # where highlights turn (warm yellow-orange in OKLCH)
_HUE_TURN = 11.0  # degrees at each end of a coloured ramp
_L_MIN, _L_MAX = 0.17, 0.975


@dataclass(frozen=True)
class Recipe:
    """What a ramp is built from: OKLCH mid tone and the lightness-step factor."""

    hue: float
    chroma: float
    lightness: float
    contrast: float = 1.0

    @classmethod
    def of(cls, material: Material) -> Recipe:
        """The recipe of a lexicon material."""
        return cls(material.hue, material.chroma, material.lightness, material.contrast)


def _turn(hue: np.ndarray | float, target: float, amount: np.ndarray | float) -> np.ndarray:
    """Rotate ``hue`` toward ``target`` by up to ``amount`` degrees along the shorter arc."""
    diff = (target - np.asarray(hue) + 180.0) % 360.0 - 180.0
    return (np.asarray(hue) + np.clip(diff, -np.abs(amount), np.abs(amount))) % 360.0


def _hue_pull(hue: float, target: float, share: float) -> float:
    diff = (target - hue + 180.0) % 360.0 - 180.0
    return (hue + diff * share) % 360.0


def _gamut_map(lch: np.ndarray) -> np.ndarray:
    """Reduce chroma (bisection) until each OKLCH colour is inside sRGB."""
    lch = lch.copy()
    lo = np.zeros(len(lch))
    hi = lch[:, 1].copy()
    for _ in range(18):
        mid = (lo + hi) / 2
        ok = in_gamut(oklch_to_oklab(np.stack([lch[:, 0], mid, lch[:, 2]], axis=1)))
        lo = np.where(ok, mid, lo)
        hi = np.where(ok, hi, mid)
    fits = in_gamut(oklch_to_oklab(lch))
    lch[:, 1] = np.where(fits, lch[:, 1], lo)
    return lch


def build_ramp_lch(recipe: Recipe, n: int) -> np.ndarray:
    """The ramp as OKLCH rows (dark to light), already inside sRGB."""
    n = max(2, int(n))
    t = np.linspace(0.0, 1.0, n)
    step = max(0.07, 0.26 / (n - 1)) * recipe.contrast
    span = step * (n - 1)
    lightness = recipe.lightness + (t - 0.5) * span
    # Keep the whole ramp inside the usable L range by sliding it, not squashing it.
    lightness += max(0.0, _L_MIN - lightness[0]) - max(0.0, lightness[-1] - _L_MAX)
    chroma = recipe.chroma * (0.5 + 0.55 * np.sin(np.pi * t**0.9))
    grey = float(np.clip(1.0 - recipe.chroma / 0.04, 0.0, 1.0))  # 1 for neutral materials
    cool = np.clip(1.0 - 2.0 * t, 0.0, 1.0)
    warm = np.clip(2.0 * t - 1.0, 0.0, 1.0)
    hue = _turn(recipe.hue, COOL_HUE, _HUE_TURN * 0.85 * cool)
    hue = _turn(hue, WARM_HUE, _HUE_TURN * warm)
    if grey > 0:
        # A grey has no hue to turn: tint its ends instead (cool shadows, warm lights).
        # Only the outer quarter of the ramp flips hue: the mid shades, which carry most of
        # a texture, keep the material's own hue, so a near-grey does not split into two
        # colour families (navy and olive camouflage on basalt).
        hue = np.where(t <= 0.25, COOL_HUE, np.where(t >= 0.75, WARM_HUE, hue))
        chroma = chroma + grey * (0.016 * cool + 0.012 * warm)
    return _gamut_map(np.stack([lightness, chroma, hue], axis=1))


def build_ramp(recipe: Recipe, n: int) -> np.ndarray:
    """``n`` sRGB shades (uint8, dark to light) of a recipe."""
    return _cached_ramp(recipe, int(n)).copy()


@lru_cache(maxsize=1024)
def _cached_ramp(recipe: Recipe, n: int) -> np.ndarray:
    lab = oklch_to_oklab(build_ramp_lch(recipe, n))
    return np.clip(np.rint(oklab_to_srgb(lab)), 0, 255).astype(np.uint8)


def recipe_for(
    material: str | Material,
    colors: tuple[str, ...] = (),
    modifiers: tuple[str, ...] = (),
    shifts: tuple[Modifier, ...] = (),
) -> Recipe:
    """A material's recipe after its colour words, modifiers and qualifier ``shifts``."""
    if isinstance(material, str) and isinstance(colors, tuple) and isinstance(modifiers, tuple):
        # Every tile of a set asks for the same recipe: worked out once (it is frozen).
        return _cached_recipe(material, colors, modifiers, tuple(shifts))
    return _recipe(material, colors, modifiers, shifts)


@lru_cache(maxsize=1024)
def _cached_recipe(
    material: str, colors: tuple[str, ...], modifiers: tuple[str, ...], shifts: tuple[Modifier, ...]
) -> Recipe:
    return _recipe(material, colors, modifiers, shifts)


def _recipe(
    material: str | Material,
    colors: tuple[str, ...],
    modifiers: tuple[str, ...],
    shifts: tuple[Modifier, ...],
) -> Recipe:
    mat = get_material(material) if isinstance(material, str) else material
    recipe = Recipe.of(mat)
    if colors:
        word = NAMED_COLORS[colors[0]]
        neutral = word.chroma < 0.03
        chroma = word.chroma if neutral else 0.6 * word.chroma + 0.4 * max(mat.chroma, 0.04)
        hue = word.hue
        if len(colors) > 1:  # "blue green": halfway between the two hues
            hue = _hue_pull(word.hue, NAMED_COLORS[colors[1]].hue, 0.5)
        recipe = replace(recipe, hue=hue, chroma=chroma, lightness=recipe.lightness + word.dl)
    for mod in [MODIFIERS[name] for name in modifiers] + list(shifts):
        hue = recipe.hue
        if mod.toward is not None:
            hue = _hue_pull(hue, mod.toward, mod.pull)
        recipe = Recipe(
            hue=hue,
            chroma=min(0.3, recipe.chroma * mod.chroma),
            lightness=recipe.lightness + mod.dl,
            contrast=recipe.contrast * mod.contrast,
        )
    return replace(recipe, lightness=float(np.clip(recipe.lightness, 0.22, 0.93)))


def unique_colors(rgba: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Opaque colours of an image (k, 3) uint8 and their pixel counts."""
    arr = np.asarray(rgba)
    if arr.ndim == 3 and arr.shape[2] == 4:
        px = arr[arr[..., 3] > 127][:, :3]
    else:
        px = arr.reshape(-1, arr.shape[-1])[:, :3]
    if len(px) == 0:
        return np.zeros((0, 3), np.uint8), np.zeros(0, np.int64)
    colors, counts = np.unique(px.astype(np.uint8), axis=0, return_counts=True)
    return colors, counts


def palette_from_image(rgba: np.ndarray, max_colors: int = 16, seed: int = 0) -> np.ndarray:
    """The image's own colours, or ``max_colors`` of them picked by k-means in OKLab.

    k-means centres are snapped to the nearest colour that really occurs in the image, so
    a palette taken from an image only holds that image's colours. Sorted dark to light.
    """
    colors, counts = unique_colors(rgba)
    if len(colors) == 0:
        return colors
    lab = srgb_to_oklab(colors)
    if len(colors) > max_colors:
        # Weight by pixel count through repetition-free seeding: cluster the unique
        # colours with their counts folded in by sampling, from the request's seed.
        rng = make_rng(seed, "palette", "kmeans")
        pick = rng.choice(len(colors), size=min(4096, int(counts.sum())), p=counts / counts.sum())
        distinct = np.unique(pick)
        if len(distinct) <= max_colors:
            # A few colours dominate so strongly that the sample holds no more than k.
            colors = colors[distinct]
        else:
            with warnings.catch_warnings():
                # An empty cluster only means fewer colours; duplicates are merged below.
                warnings.filterwarnings("ignore", message="One of the clusters is empty")
                centres, _ = kmeans2(lab[pick], max_colors, minit="++", seed=rng)
            _, nearest = cKDTree(lab).query(centres)
            colors = colors[np.unique(nearest)]
        lab = srgb_to_oklab(colors)
    return colors[np.argsort(lab[:, 0], kind="stable")]


def fit_to_palette(colors: np.ndarray, palette: np.ndarray, spread: float = 0.08) -> np.ndarray:
    """Move each colour onto a palette colour, nearest in OKLab (ΔEOK2).

    Shades that share a nearest palette colour would merge and lose the ramp's structure,
    so distinct inputs are spread onto distinct palette colours (an optimal assignment)
    as long as each one's pick is at most ``spread`` ΔEOK worse than its nearest;
    beyond that a colour keeps its nearest and shares it.
    """
    colors = np.asarray(colors, np.uint8).reshape(-1, 3)
    palette = np.asarray(palette, np.uint8).reshape(-1, 3)
    # ΔEOK2: a and b count double, which fits perceived colour difference better than
    # plain ΔEOK and keeps a material's hue family (water stays blue, not mauve).
    weight = np.array([1.0, 2.0, 2.0])
    dst = srgb_to_oklab(palette) * weight
    uniq, inverse = np.unique(colors, axis=0, return_inverse=True)
    src = srgb_to_oklab(uniq) * weight
    dist = np.linalg.norm(src[:, None] - dst[None], axis=-1)
    nearest = dist.argmin(axis=1)
    best = dist.min(axis=1)
    # One private "share my nearest" column per colour, priced at the allowed spread.
    n = len(uniq)
    forbidden = 1e6
    cost = np.where(dist <= best[:, None] + spread, dist, forbidden)
    share = np.full((n, n), forbidden)
    np.fill_diagonal(share, best + spread)
    rows, cols = linear_sum_assignment(np.concatenate([cost, share], axis=1))
    chosen = nearest.copy()
    picked = cols < len(palette)
    chosen[rows[picked]] = cols[picked]
    return palette[chosen[inverse.ravel()]]


def map_to_palette(rgba: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """Every opaque pixel of an image replaced by its nearest palette colour (OKLab)."""
    out = np.asarray(rgba, np.uint8).copy()
    palette = np.asarray(palette, np.uint8).reshape(-1, 3)
    colors, inverse = np.unique(out[..., :3].reshape(-1, 3), axis=0, return_inverse=True)
    _, nearest = cKDTree(srgb_to_oklab(palette)).query(srgb_to_oklab(colors))
    out[..., :3] = palette[nearest][inverse.ravel()].reshape((*out.shape[:2], 3))
    return out
