"""The ``pixelkiln`` Typer application: every command, registered in one place."""

from __future__ import annotations

import typer

from pixelkiln.cli import (
    backup,
    doctor,
    gallery,
    keys,
    mcp_server,
    read,
    render,
    serve,
    webhooks,
    worker,
)

app = typer.Typer(
    name="pixelkiln",
    help="pixelkiln: procedural pixel-art generation service.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("serve")(serve.serve)
app.command("migrate")(serve.migrate)
app.command("worker")(worker.worker)
app.command("doctor")(doctor.doctor)
app.add_typer(keys.keys_app, name="keys")
app.add_typer(keys.accounts_app, name="accounts")
app.add_typer(render.app, name="render")
app.command("gallery")(gallery.gallery)
app.command("mcp")(mcp_server.mcp)
app.add_typer(webhooks.webhooks_app, name="webhooks")
app.command("backup")(backup.backup)
app.command("restore")(backup.restore)
app.command("read")(read.read)
