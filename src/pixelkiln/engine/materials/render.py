"""The render pipeline behind :func:`pixelkiln.engine.materials.render_material`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from numbers import Integral

import numpy as np

from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.despeckle import cleanup
from pixelkiln.engine.lexicon import get_material
from pixelkiln.engine.materials import (
    crafted,
    liquid,
    masonry,
    metal,
    sky,
    soil,
    stone,
    vegetation,
)
from pixelkiln.engine.materials.canvas import DrawContext, Drawing
from pixelkiln.engine.materials.features import draw_feature
from pixelkiln.engine.materials.outline import apply_outline
from pixelkiln.engine.palette import build_ramp, fit_to_palette, recipe_for
from pixelkiln.engine.quality import (
    ORPHAN_MAX,
    cluster_min,
    colors_oklab,
    cut_and_border,
    index_image,
    indexed,
    lab_image,
    opaque_clusters,
    palette_indexed,
    tiling_score,
)
from pixelkiln.engine.reading.effects import EFFECTS
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.rng import derive_seed
from pixelkiln.engine.style import Style
from pixelkiln.engine.text import MaterialSpec, parse_description
from pixelkiln.engine.torus import roll

__all__ = [
    "ATTEMPTS",
    "CHECKED_SIZE",
    "MAX_SIZE",
    "MIN_SIZE",
    "PATTERNS",
    "SHINY",
    "Texture",
    "base_feature_px",
    "material_ramp",
    "render_material",
]

# Materials that catch specular glints under highly detailed shading.
SHINY = frozenset(
    {"crystal", "ice", "obsidian", "marble", "shallow water", "deep water", "metal plates",
     "gold", "silver", "copper"}
)  # fmt: skip
MIN_SIZE = 8
MAX_SIZE = 512
# Tiles up to this size are checked against the tiling gates and redrawn if they fail.
CHECKED_SIZE = 48
ATTEMPTS = 4

PATTERNS: dict[str, Callable[[DrawContext], Drawing]] = {
    **vegetation.PATTERNS,
    **soil.PATTERNS,
    **liquid.PATTERNS,
    **stone.PATTERNS,
    **masonry.PATTERNS,
    **crafted.PATTERNS,
    **metal.PATTERNS,
    **sky.PATTERNS,
}


@dataclass(frozen=True)
class Texture:
    """A rendered seamless texture.

    ``index`` points into ``colors``; the first ``len(ramp)`` colours are the material's
    ramp (dark to light), the rest are accents (feature colours, a black outline).
    """

    rgba: np.ndarray  # (H, W, 4) uint8, opaque
    index: np.ndarray  # (H, W) int16, into colors
    colors: np.ndarray  # (k, 3) uint8: ramp first, then accents
    ramp: np.ndarray  # (n, 3) uint8, dark to light
    height: np.ndarray  # (H, W) float32 in 0..1, raised = 1
    units: np.ndarray  # (H, W) int32, label of each unit/object (0 = none)
    spec: MaterialSpec
    style: Style

    @property
    def size(self) -> tuple[int, int]:
        """``(h, w)``."""
        return int(self.rgba.shape[0]), int(self.rgba.shape[1])


def _spec(description: str | MaterialSpec) -> MaterialSpec:
    if isinstance(description, MaterialSpec):
        return description
    return parse_description(description)


def _shape(size: int | tuple[int, int]) -> tuple[int, int]:
    if isinstance(size, Integral):
        h = w = int(size)
    else:
        h, w = (int(v) for v in size)
    if not (MIN_SIZE <= h <= MAX_SIZE and MIN_SIZE <= w <= MAX_SIZE):
        msg = f"size must be within {MIN_SIZE}..{MAX_SIZE} px per side; got {h}x{w}"
        raise ValueError(msg)
    return h, w


def base_feature_px(h: int, w: int) -> float:
    """Typical cluster size for a tile: 4.5 px at 16, 5.5 at 32, 7.5 at 64, capped at 9.

    Pixel art keeps its pixel scale: a bigger tile shows more clusters, only slightly
    bigger ones.
    """
    return float(min(9.0, 3.5 + min(h, w) / 16.0))


def material_ramp(
    description: str | MaterialSpec,
    shades: int | None = None,
    style: Style | None = None,
    reference: Reference | None = None,
    palette: np.ndarray | None = None,
) -> np.ndarray:
    """The ramp (n, 3) uint8, dark to light, that a description renders with.

    ``shades`` defaults to the style's (4 for the default basic shading). A
    ``reference`` steers it toward the reference's colours, a forced ``palette`` snaps
    it onto that palette (distinct shades onto distinct colours where possible).
    """
    spec = _spec(description)
    n = shades if shades is not None else (style or Style()).shades
    shifts = tuple(EFFECTS[name].shift for name in spec.effects)
    recipe = recipe_for(spec.material, spec.colors, spec.modifiers, shifts)
    if reference is not None:
        recipe = reference.steer_recipe(recipe)
    ramp = build_ramp(recipe, n)
    if reference is not None:
        ramp = reference.steer_ramp(ramp)
    if palette is not None and len(palette):
        ramp = fit_to_palette(ramp, palette)
    return ramp


def render_material(
    spec_or_description: str | MaterialSpec,
    size: int | tuple[int, int],
    seed: int,
    style: Style | None = None,
    reference: Reference | None = None,
    palette: np.ndarray | None = None,
) -> Texture:
    """Render one seamless texture; see :mod:`pixelkiln.engine.materials` for the contract.

    Small tiles (up to :data:`CHECKED_SIZE` px a side) are checked against the tiling
    gates (:func:`~pixelkiln.engine.quality.check_tiling`): a tile that would read as
    a grid of stamps when repeated is drawn again from a seed derived from ``seed``, up
    to :data:`ATTEMPTS` times, and the most even attempt is kept. The generators pass on
    their own almost always; this catches the rare unlucky draw at sizes where a handful
    of clusters make up the whole tile. Deterministic: same arguments, same pixels.
    """
    spec = _spec(spec_or_description)
    style = style or Style()
    h, w = _shape(size)
    attempts = ATTEMPTS if max(h, w) <= CHECKED_SIZE else 1
    best: tuple[float, Texture] | None = None
    for attempt in range(attempts):
        drawn = seed if attempt == 0 else derive_seed(seed, "tiling attempt", attempt)
        tex, known = _render(spec, style, h, w, int(drawn), reference, palette)
        if attempts == 1:
            return tex
        score = _score(tex.rgba, known)
        if score < 1.0:
            return tex
        if best is None or score < best[0]:
            best = (score, tex)
    assert best is not None
    return best[1]


def _score(rgba: np.ndarray, known: Known) -> float:
    """How close a tile comes to failing a gate (under 1: it passes the tiling gates, the
    stray-pixel and the cluster gate). ``known``: the tile's index image, its colours,
    its OKLab, its colours' OKLab and its border runs, as :func:`_render` found them."""
    index, colors, lab, palette_lab, border = known
    # The index and clusters read below; only cluster sizes and membership are read.
    pre = indexed(rgba, (index, colors), numbered=False, palette_lab=palette_lab)
    mean, orphans = opaque_clusters(pre.index, pre.labels)
    clusters = cluster_min(pre.index.shape) / max(mean, 1e-9)
    strays = orphans / ORPHAN_MAX
    # Only whether the score reaches 1, and its value when it does, decide anything.
    tiling = tiling_score(rgba, pre, lab, exact_under=False, border=border)
    return max(tiling, clusters * 1.0001, strays * 1.0001)


def _opaque(colors: np.ndarray, index: np.ndarray) -> np.ndarray:
    """The opaque RGBA image of ``colors[index]``: each colour's four bytes as one 32-bit
    word, looked up once per pixel (the same bytes in any byte order)."""
    words = np.empty((len(colors), 4), np.uint8)
    words[:, :3] = colors
    words[:, 3] = 255
    return words.view(np.uint32)[:, 0].take(index).view(np.uint8).reshape(*index.shape, 4)


# A rendered tile's index image, colours, OKLab, colours' OKLab and border runs (for
# :func:`_score`).
Known = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]


def _render(
    spec: MaterialSpec,
    style: Style,
    h: int,
    w: int,
    seed: int,
    reference: Reference | None,
    palette: np.ndarray | None,
) -> tuple[Texture, Known]:
    """The texture, and its index image, colours and OKLab for :func:`_score`."""
    mat = get_material(spec.material)
    scale = style.scale * (reference.scale_factor() if reference is not None else 1.0)
    ctx = DrawContext(
        h=h,
        w=w,
        seed=seed,
        material=mat,
        spec=spec,
        style=style,
        feature=max(3.0, base_feature_px(h, w) * scale),
    )
    d = PATTERNS[mat.pattern](ctx)
    features = list(spec.all_features())
    if style.glints and mat.key in SHINY and "sparkles" not in features:
        features.append("sparkles")  # highly detailed shading: specular glints
    for name in features:
        draw_feature(name, ctx, d)
    apply_outline(ctx, d)  # outline pixels join ``keep``: the cleanup leaves them alone
    d.index = cleanup(d.index, d.keep, lines=d.units > 0)

    ramp = material_ramp(spec, style.shades, style, reference)
    colors = np.concatenate([ramp, *d.accents]) if d.accents else ramp
    if palette is not None and len(palette):
        colors = fit_to_palette(colors, palette)
        ramp = colors[: len(ramp)]
    # The texture is a torus; open it along a calm row and column. Its index image and
    # OKLab come from the few colours (no sort of the pixels), and serve the gates too.
    if d.index.min() >= 0:
        # Levels and accents only: the cut reads the index image, not the pixels, so the
        # pixels and their OKLab are looked up once, already rolled (the same values).
        known = palette_indexed(d.index, colors)
        palette_lab = colors_oklab(known[1])  # read by the cut, the OKLab and the score
        cut, border = cut_and_border(None, known, palette_lab)
        index = roll(d.index, *cut)
        rgba = _opaque(colors, index)
        known_index = roll(known[0], *cut)
        lab = palette_lab.take(known_index, axis=0)  # :func:`lab_image`, rolled
    else:
        rgba = _opaque(colors, d.index)
        known = index_image(rgba)
        palette_lab = srgb_to_oklab(known[1])
        cut, border = cut_and_border(rgba, known, palette_lab)
        lab = roll(lab_image(rgba, known, palette_lab), *cut)
        rgba = roll(rgba, *cut)
        index = roll(d.index, *cut)
        known_index = roll(known[0], *cut)
    units = roll(d.units, *cut)
    height = roll(d.height, *cut).astype(np.float64, copy=False)  # a new array already
    low = float(height.min())
    span = float(height.max()) - low
    height = (height - low) / span if span > 1e-9 else np.full_like(height, 0.5)
    rolled = (known_index, known[1], lab, palette_lab, border)
    return Texture(
        rgba=rgba,
        index=index.astype(np.int16),
        colors=colors,
        ramp=ramp,
        height=height.astype(np.float32),
        units=units.astype(np.int32),
        spec=spec,
        style=style,
    ), rolled
