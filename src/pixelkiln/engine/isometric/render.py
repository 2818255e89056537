"""Drawing one isometric tile: :func:`render_isometric_tile`.

Steps: geometry (:mod:`.geometry`), the description's two layers (:mod:`.layers`), three
seamless textures per tile (top ``period`` x ``period``; one per side face, ``period``
wide and as deep as the sides; the top material's lip strip on layered blocks), their
face colours (:mod:`.faces`), the clean-up and outline (:mod:`.finish`), then the init
image and the forced palette (:mod:`.blend`). Every random choice comes from
``make_rng(seed, "isometric", ...)`` streams, so a seed gives the same pixels every time.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.isometric.blend import blend_init, fit_init, force_palette
from pixelkiln.engine.isometric.faces import (
    Canvas,
    face_colors,
    lip_profile,
    paint_side,
    paint_top,
    tune_colors,
)
from pixelkiln.engine.isometric.finish import apply_outline, clean_faces
from pixelkiln.engine.isometric.geometry import TileGeometry, tile_geometry
from pixelkiln.engine.isometric.layers import Layers, parse_layers
from pixelkiln.engine.materials import Texture, render_material
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.rng import derive_seed
from pixelkiln.engine.style import Style
from pixelkiln.engine.text import MaterialSpec

__all__ = ["DEFAULT_GUIDANCE", "IsoTile", "render_isometric_tile", "vividness"]

DEFAULT_GUIDANCE = 8.0
_MIN_TEXTURE = 8  # the material renderer's smallest side


@dataclass(frozen=True)
class IsoTile:
    """A drawn tile: the RGBA canvas, where its faces are, and what it was drawn from."""

    rgba: np.ndarray  # (H, W, 4) uint8; alpha 0 or 255
    geometry: TileGeometry
    layers: Layers


def vividness(guidance: float) -> float:
    """Chroma/contrast factor of a ``text_guidance_scale`` (1..20; 8 is neutral).

    Low guidance calms the described colours toward greys (0.6 at 1), high guidance
    pushes them (1.5 at 20): the procedural reading of "how strongly the text steers".
    """
    g = float(np.clip(guidance, 1.0, 20.0))
    if g >= DEFAULT_GUIDANCE:
        return 1.0 + 0.5 * (g - DEFAULT_GUIDANCE) / (20.0 - DEFAULT_GUIDANCE)
    return 1.0 - 0.4 * (DEFAULT_GUIDANCE - g) / (DEFAULT_GUIDANCE - 1.0)


def _texture(
    spec: MaterialSpec,
    size: tuple[int, int],
    seed: int,
    stream: str,
    style: Style,
    reference: Reference | None,
) -> Texture:
    h, w = max(_MIN_TEXTURE, size[0]), max(_MIN_TEXTURE, size[1])
    return render_material(spec, (h, w), derive_seed(seed, "isometric", stream), style, reference)


def _ink(canvas: Canvas, texture: Texture, vivid: float) -> int:
    colors = tune_colors(texture.colors, len(texture.ramp), vivid)
    return canvas.add_ink(face_colors(texture, colors))


def render_isometric_tile(
    description: str,
    canvas: tuple[int, int],
    grid: int = 16,
    shape: str = "block",
    seed: int = 0,
    style: Style | None = None,
    init_image: np.ndarray | None = None,
    init_strength: float = 0.3,
    palette: np.ndarray | None = None,
    guidance: float = DEFAULT_GUIDANCE,
    use_model: bool = True,
) -> IsoTile:
    """Draw one tile on a transparent ``(h, w)`` canvas.

    ``grid`` is the footprint width (16 or 32 for the API; any multiple of 4 works),
    ``shape`` one of :data:`~.geometry.SHAPES`, ``style`` the outline/shading/detail
    knobs (outline: ``lineless``, ``single color outline`` or ``selective outline``).
    ``init_image`` (any size, RGBA) is mixed in at ``init_strength`` (0..1), ``palette``
    ``(k, 3)`` forces every colour onto it, ``guidance`` is the text guidance scale.
    Raises ``ValueError`` when the tile does not fit the canvas.
    """
    style = style or Style()
    geo = tile_geometry(canvas, grid, shape)
    layers = parse_layers(description, use_model=use_model)
    h, w = geo.canvas_h, geo.canvas_w
    reference = None
    if init_image is not None:
        init = fit_init(init_image, h, w)
        reference = Reference.from_image(init, seed=seed, strength=float(init_strength))
    # Units (bricks, cobbles, planks) take the outline mode too, except the black line of
    # other families: a block's mortar in black would read as holes.
    unit_outline = "single color outline" if "black" in style.outline else style.outline
    tex_style = Style(outline=unit_outline, shading=style.shading, detail=style.detail)
    vivid = vividness(guidance)
    n = geo.period
    side = (geo.thickness, n)

    paint = Canvas.empty(h, w)
    top_tex = _texture(layers.top, (n, n), seed, "top", tex_style, reference)
    paint_top(paint, geo, top_tex, _ink(paint, top_tex, vivid))
    lip_depth = lip_profile(geo, layers.top.material, seed) if layers.layered else None
    body_inks: dict[str, int] = {}
    for face in ("left", "right"):
        tex = _texture(layers.body, side, seed, f"side-{face}", tex_style, reference)
        body_ink = body_inks[face] = _ink(paint, tex, vivid)
        lip = None
        if lip_depth is not None:
            lip_tex = _texture(layers.top, side, seed, f"lip-{face}", tex_style, reference)
            lip = (lip_tex, _ink(paint, lip_tex, vivid), lip_depth)
        paint_side(paint, geo, face, (tex, body_ink), lip)
    clean_faces(paint)
    line = apply_outline(paint, geo, style.outline, body_inks)
    if line.any():
        clean_faces(paint, protect=line)

    rgba = np.zeros((h, w, 4), np.uint8)
    rgba[..., :3] = paint.rgb
    rgba[..., 3] = np.where(geo.body, 255, 0)
    rgba[~geo.body] = 0
    if init_image is not None:
        rgba = blend_init(rgba, init_image, float(init_strength), seed)
    if palette is not None and len(palette):
        rgba = force_palette(rgba, palette)
    return IsoTile(rgba=rgba, geometry=geo, layers=layers)
