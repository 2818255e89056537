"""``pixelkiln doctor``: the components ``/healthz`` reports, checked from the command line."""

from __future__ import annotations

import typer
from rich.markup import escape
from rich.table import Table

from pixelkiln.cli.common import out, settings
from pixelkiln.service.health import check_components, healthy

_STYLE = {"ok": "green", "not used": "dim", "missing": "red", "unreachable": "red"}


def doctor() -> None:
    """Check the database, broker, reader and blob store of this configuration; print the
    fix for each problem. Exits 1 when a component the configuration needs is not usable."""
    components = check_components(settings())
    table = Table("component", "status", "detail", "fix")
    for c in components:
        style = _STYLE[c.status] if c.needed else "dim"
        # Details and fixes carry brackets ("celery[redis]") that are not markup.
        table.add_row(c.name, f"[{style}]{c.status}[/{style}]", escape(c.detail), escape(c.fix))
    out.print(table)
    if not healthy(components):
        out.print("[red]unhealthy: fix the components above[/red]")
        raise typer.Exit(1)
    out.print("[green]healthy[/green]")
