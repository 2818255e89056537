"""The ``pixelkiln`` command line (Typer + Rich)."""

from __future__ import annotations

import typer

from pixelkiln.cli import gallery, render

app = typer.Typer(
    name="pixelkiln",
    help="pixelkiln: procedural pixel-art generation service.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(render.app, name="render")
app.command("gallery")(gallery.gallery)


def main() -> None:
    """Entry point of the ``pixelkiln`` script."""
    app()
