"""``pixelkiln backup`` and ``pixelkiln restore``."""

from __future__ import annotations

from pathlib import Path

import typer

from pixelkiln.cli.common import err, out, settings
from pixelkiln.store.backup import NotEmpty
from pixelkiln.store.backup import backup as write_backup
from pixelkiln.store.backup import restore as read_backup


def backup(
    out_file: Path = typer.Option(..., "--out", help="The archive to write (.tar.gz)."),
) -> None:
    """Archive the database (SQLite, online: the service may keep running) and the images.
    With PostgreSQL, dump the database with pg_dump; the archive holds the images."""
    summary = write_backup(settings(), out_file, progress=lambda m: err.print(m))
    out.print(
        f"wrote {out_file} ({summary.images} images, {summary.bytes} bytes, "
        f"database: {'included' if summary.database == 'sqlite' else 'use pg_dump'})"
    )


def restore(archive: Path = typer.Argument(..., exists=True, dir_okay=False)) -> None:
    """Restore an archive into an empty data folder (PIXELKILN_DATA_DIR)."""
    try:
        summary = read_backup(settings(), archive, progress=lambda m: err.print(m))
    except (NotEmpty, ValueError) as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from None
    out.print(f"restored {summary.images} images from {archive}")
