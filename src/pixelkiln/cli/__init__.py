"""The ``pixelkiln`` command line (Typer + Rich)."""

from __future__ import annotations


def main() -> None:
    """Entry point of the ``pixelkiln`` script."""
    from pixelkiln.cli.main import app

    app()
