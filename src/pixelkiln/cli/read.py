"""``pixelkiln read``: what the engine understands of a description, and what it does not."""

from __future__ import annotations

import json

import typer
from rich.console import Console

from pixelkiln.engine.reading import FAMILIES, read_description

__all__ = ["read"]


def read(
    description: str = typer.Argument(..., help="The description to read."),
    family: str = typer.Option("tileset", "--family", "-f", help=f"One of: {', '.join(FAMILIES)}."),
    as_json: bool = typer.Option(False, "--json", help="Print the reading as JSON."),
) -> None:
    """Print the reading of a description: base, qualifiers and their effects, secondary
    materials, a top layer, UI elements, and the words not understood."""
    if family not in FAMILIES:
        msg = f"family must be one of: {', '.join(FAMILIES)}"
        raise typer.BadParameter(msg)
    reading = read_description(description, family)
    console = Console(highlight=False)
    if as_json:
        console.print_json(json.dumps(reading.as_dict()))
        return
    for line in reading.lines():
        console.print(line, markup=False)
