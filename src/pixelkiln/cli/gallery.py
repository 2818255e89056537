"""``pixelkiln gallery``: regenerate ``docs/gallery/``."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from pixelkiln.gallery import build_gallery


def gallery(
    out: Path = typer.Option(Path("docs/gallery"), help="Folder to write the gallery into."),
    only: list[str] = typer.Option(None, help="Rebuild only these sections (by folder name)."),
) -> None:
    """Regenerate the gallery of representative outputs."""
    console = Console(stderr=True)
    with console.status("building gallery") as status:
        page = build_gallery(out, set(only) if only else None, lambda msg: status.update(msg))
    console.print(f"gallery written to {page}")
