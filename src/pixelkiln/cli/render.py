"""``pixelkiln render``: render engine output offline, no server needed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import typer
from rich.console import Console
from rich.progress import Progress

from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.palette import palette_from_image
from pixelkiln.engine.reference import Reference
from pixelkiln.engine.style import DETAILS, OUTLINES, SHADINGS, Style
from pixelkiln.engine.subjects.camera import VIEWS
from pixelkiln.engine.text import parse_description

__all__ = ["app", "material", "parse_size", "preview", "sprite", "subject"]

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


@app.command()
def subject(
    description: str = typer.Argument(..., help='What to draw, e.g. "orc knight with a red cape".'),
    size: str = typer.Option("64", help="image_size: 64, or WIDTHxHEIGHT such as 48x64."),
    directions: int = typer.Option(8, help="4 (south, east, north, west) or 8 directions."),
    view: str = typer.Option("low top-down", help=f"One of: {', '.join(VIEWS)}."),
    seed: int = typer.Option(0, help="Random seed: the same seed gives the same PNGs."),
    out: Path = typer.Option(Path("subject"), help="Folder to write into."),
    animation: str | None = typer.Option(None, help="A template id (walk, attack...) to animate."),
    frames: int | None = typer.Option(None, help="Frame count where the template allows it."),
    outline: str = typer.Option(
        "single color black outline", help=f"One of: {', '.join(OUTLINES)}."
    ),
    shading: str = typer.Option("basic shading", help=f"One of: {', '.join(SHADINGS)}."),
    detail: str = typer.Option("medium detail", help=f"One of: {', '.join(DETAILS)}."),
    proportions: str | None = typer.Option(
        None, help="default, chibi, cartoon, stylized, realistic_male, realistic_female or heroic."
    ),
    canvas: str = typer.Option("character", help="character (image_size + 28 px) or object."),
    color_image: Path | None = typer.Option(None, help="Force the output onto these colours."),
    show_preview: bool = typer.Option(False, "--preview", help="Also write preview.png at 4x."),
) -> None:
    """Draw a figure, creature or prop in 4 or 8 directions (and animate it)."""
    from pixelkiln.engine.subjects.camera import DIRECTIONS
    from pixelkiln.engine.subjects.sheets import contact_sheet, gif_bytes
    from pixelkiln.engine.subjects.style import SubjectStyle
    from pixelkiln.engine.subjects.subject import Look, Subject, animate_subject, draw_subject

    console = Console(stderr=True)
    if directions not in (4, 8):
        raise typer.BadParameter("--directions must be 4 or 8")
    if canvas not in ("character", "object"):
        raise typer.BadParameter("--canvas must be character or object")
    try:
        style = SubjectStyle(outline=outline, shading=shading, detail=detail)
        h, w = parse_size(size)
        palette = None
        if color_image is not None:
            palette = palette_from_image(decode_image(color_image.read_bytes()), 64, seed)
        look = Look(image_size=(w, h), view=view, style=style, palette=palette, canvas=canvas)
        thing = Subject.from_text(description, seed, proportions, canvas=max(w, h))
        dirs = DIRECTIONS if directions == 8 else ("south", "east", "north", "west")
        drawing = draw_subject(thing, look, dirs)
    except (ValueError, KeyError) as exc:
        raise typer.BadParameter(str(exc)) from exc
    out.mkdir(parents=True, exist_ok=True)
    for d in dirs:
        (out / f"{d}.png").write_bytes(drawing.png(d))
    meta: dict[str, object] = {
        "description": description,
        "seed": seed,
        "reading": thing.reading.to_dict() if thing.reading else None,
        "spec": thing.spec.to_dict(),
        "canvas": {"width": drawing.camera.size[0], "height": drawing.camera.size[1]},
        "directions": {d: drawing.metadata(d) for d in dirs},
    }
    rows = [[drawing.sprites[d].rgba() for d in dirs]]
    if animation:
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task(f"animating {animation}", total=len(dirs))
            per_dir = {}
            try:
                for d in dirs:
                    per_dir[d] = animate_subject(thing, look, animation, [d], frames, seed)
                    progress.advance(task)
            except KeyError as exc:
                raise typer.BadParameter(str(exc).strip("'\"")) from exc
        anim_meta = {}
        for d, anim in per_dir.items():
            folder = out / animation / d
            folder.mkdir(parents=True, exist_ok=True)
            for i in range(anim.frame_count):
                (folder / f"frame_{i:03d}.png").write_bytes(anim.png(d, i))
            gif = gif_bytes([s.index for s in anim.frames[d]], anim.palette.rgba(), anim.motion.fps)
            (out / animation / f"{d}.gif").write_bytes(gif)
            rows.append([s.rgba() for s in anim.frames[d]])
            anim_meta[d] = [
                {"pivot": {"x": s.pivot[0], "y": s.pivot[1]}, "keypoints": s.keypoints}
                for s in anim.frames[d]
            ]
        first = next(iter(per_dir.values()))
        meta["animation"] = {
            "name": animation,
            "frames": first.frame_count,
            "fps": first.motion.fps,
            "loop": first.motion.loop,
            "travel_px_per_frame": round(first.travel_px(), 3),
            "directions": anim_meta,
        }
    (out / "subject.json").write_text(json.dumps(meta, indent=1))
    reading = thing.reading
    said = ", ".join(f"{w or '(none)'}: {m}" for w, m in reading.understood) if reading else ""
    console.print(f"{thing.spec.subject} ({thing.spec.plan}) -> {out}")
    if said:
        console.print(f"understood: {said}")
    if reading and reading.ignored:
        console.print(f"not used: {', '.join(reading.ignored)}")
    if show_preview:
        (out / "preview.png").write_bytes(encode_png(contact_sheet(rows, zoom=4)))
        console.print(f"preview -> {out / 'preview.png'}")


@app.command()
def sprite(
    image: Path = typer.Argument(..., help="A sprite drawn anywhere (PNG, GIF, WebP, JPEG)."),
    action: str | None = typer.Option(None, help='An action to animate, e.g. "walk".'),
    frames: int = typer.Option(8, help="Frames of the action after frame 0 (the sprite)."),
    hint: str = typer.Option("", help='What the sprite is, e.g. "a grey wolf".'),
    direction: str | None = typer.Option(None, help="The way it faces (default: read)."),
    out: Path = typer.Option(Path("sprite"), help="Folder to write into."),
) -> None:
    """Read any sprite, turn it to 8 directions (and animate it) in its own palette."""
    from pixelkiln.engine.sprites.animate import animate_sprite
    from pixelkiln.engine.sprites.turn import ROTATION_ORDER, turn_sprite
    from pixelkiln.engine.sprites.understand import understand_sprite

    console = Console(stderr=True)
    if direction is not None and direction not in ROTATION_ORDER:
        raise typer.BadParameter(f"--direction must be one of {', '.join(ROTATION_ORDER)}")
    if not 1 <= frames <= 40:
        raise typer.BadParameter("--frames must be 1 to 40")
    try:
        sm = understand_sprite(decode_image(image.read_bytes()), direction, hint=hint)
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(str(exc)) from exc
    turned = turn_sprite(sm)
    (out / "rotations").mkdir(parents=True, exist_ok=True)
    for d in ROTATION_ORDER:
        (out / "rotations" / f"{d}.png").write_bytes(encode_png(turned[d]))
    meta: dict[str, object] = {**sm.report(), "keypoints": sm.keypoints}
    if action:
        anim = animate_sprite(sm, action, frames)
        folder = out / "animation"
        folder.mkdir(parents=True, exist_ok=True)
        for i, f in enumerate(anim.frames):
            (folder / f"frame_{i:03d}.png").write_bytes(encode_png(f))
        meta["animation"] = anim.record
    (out / "sprite.json").write_text(json.dumps(meta, indent=1))
    console.print(f"{sm.plan}, facing {sm.direction} -> {out}")
