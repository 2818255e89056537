"""``pixelkiln render``: render engine output offline, no server needed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import typer
from rich.console import Console

from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.palette import palette_from_image
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.style import DETAILS, OUTLINES, SHADINGS, Style
from pixelkiln.engine.text import parse_description

__all__ = ["app", "material", "parse_size", "preview"]

app = typer.Typer(help="Render engine output to PNG files.", no_args_is_help=True)

PREVIEW_TILES = 3
PREVIEW_ZOOM = 4


def parse_size(text: str) -> tuple[int, int]:
    """``"32"`` -> (32, 32); ``"32x48"`` (width x height) -> (48, 32) as (h, w)."""
    parts = text.lower().split("x")
    try:
        if len(parts) == 1:
            side = int(parts[0])
            return side, side
        if len(parts) == 2:
            return int(parts[1]), int(parts[0])
    except ValueError:
        pass
    msg = f"size must look like 32 or 32x48, got {text!r}"
    raise typer.BadParameter(msg)


def preview(rgba: np.ndarray, tiles: int = PREVIEW_TILES, zoom: int = PREVIEW_ZOOM) -> np.ndarray:
    """The tile repeated ``tiles`` x ``tiles`` and enlarged ``zoom`` times (nearest)."""
    tiled = np.tile(rgba, (tiles, tiles, 1))
    return np.repeat(np.repeat(tiled, zoom, axis=0), zoom, axis=1)


def _choice(value: str, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        msg = f"{name} must be one of: {', '.join(allowed)}"
        raise typer.BadParameter(msg)
    return value


@app.command()
def material(
    description: str = typer.Argument(..., help='What to draw, e.g. "mossy cobblestone".'),
    size: str = typer.Option("32", help="Tile size: 32, or WIDTHxHEIGHT such as 32x48."),
    seed: int = typer.Option(0, help="Random seed: the same seed gives the same PNG."),
    out: Path = typer.Option(Path("material.png"), help="PNG file to write."),
    outline: str = typer.Option("lineless", help=f"One of: {', '.join(OUTLINES)}."),
    shading: str = typer.Option("basic shading", help=f"One of: {', '.join(SHADINGS)}."),
    detail: str = typer.Option("medium detail", help=f"One of: {', '.join(DETAILS)}."),
    color_image: Path | None = typer.Option(
        None, help="Force the output onto this image's colours."
    ),
    reference_image: Path | None = typer.Option(
        None, help="Steer palette and cluster size toward this image."
    ),
    show_preview: bool = typer.Option(
        False, "--preview", help="Also write FILE.preview.png: 3x3 tiles at 4x."
    ),
) -> None:
    """Render one seamless material tile."""
    console = Console(stderr=True)
    try:
        style = Style(
            outline=_choice(outline, OUTLINES, "--outline"),
            shading=_choice(shading, SHADINGS, "--shading"),
            detail=detail,
        )
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    palette = None
    if color_image is not None:
        palette = palette_from_image(decode_image(color_image.read_bytes()), 64, seed)
    reference = None
    if reference_image is not None:
        reference = Reference.from_image(decode_image(reference_image.read_bytes()), seed)
    spec = parse_description(description)
    tex = render_material(spec, parse_size(size), seed, style, reference, palette)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(encode_png(tex.rgba))
    console.print(
        f"{spec.material} ({spec.matched_by}"
        + (f", features: {', '.join(spec.all_features())}" if spec.all_features() else "")
        + f") -> {out}"
    )
    if show_preview:
        path = out.with_suffix(".preview.png")
        path.write_bytes(encode_png(preview(tex.rgba)))
        console.print(f"preview -> {path}")
