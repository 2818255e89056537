"""``pixelkiln mcp``: the MCP server, over stdio (default) or streamable HTTP."""

from __future__ import annotations

from pathlib import Path

import anyio
import typer

from pixelkiln.cli.common import err, migrated_db, settings
from pixelkiln.errors import Unauthorized
from pixelkiln.service.accounts import authenticate


def mcp(
    http: bool = typer.Option(False, "--http", help="Serve streamable HTTP instead of stdio."),
    host: str = typer.Option("127.0.0.1", help="With --http: address to bind."),
    port: int = typer.Option(8765, help="With --http: port (the endpoint is /mcp)."),
    url: str = typer.Option(
        None, envvar="PIXELKILN_URL", help="A running pixelkiln to use instead of this one."
    ),
    key: str = typer.Option(
        None,
        envvar="PIXELKILN_API_KEY",
        help="API key to charge (required with --url; embedded default: the first-start "
        "key in the data dir).",
    ),
    root: Path = typer.Option(
        Path("."), help="Folder that save_to paths must stay inside (default: here)."
    ),
    gallery: Path = typer.Option(None, help="Gallery folder to serve (default: docs/gallery)."),
    token: str = typer.Option(
        None,
        envvar="PIXELKILN_MCP_TOKEN",
        help="With --http: clients must send Authorization: Bearer TOKEN (required when "
        "--host is not a loopback address).",
    ),
) -> None:
    """Serve every family as MCP tools for assistants and editors (stdio by default)."""
    from pixelkiln.mcp_server.backend import embedded_backend, remote_backend
    from pixelkiln.mcp_server.catalog import find_gallery
    from pixelkiln.mcp_server.server import serve_http, serve_stdio

    if http and not token and host not in ("127.0.0.1", "localhost", "::1"):
        err.print(
            f"[red]--host {host} without --token would let anyone who reaches it spend the "
            "key's generations: pass --token[/red]"
        )
        raise typer.Exit(2)
    if url:
        if not key:
            err.print("[red]--url needs --key (or PIXELKILN_API_KEY)[/red]")
            raise typer.Exit(2)
        backend = remote_backend(url, key)
    else:
        from pixelkiln.cli.serve import _first_start_key

        cfg = settings()
        db = migrated_db(cfg)
        try:
            # As `pixelkiln serve` does: a first start makes the account and keeps its key.
            key = key or _first_start_key(cfg)
            if not key:
                err.print("[red]no API key: pass --key (`pixelkiln keys create` makes one)[/red]")
                raise typer.Exit(2)
            authenticate(db, key)  # a wrong key fails here, not in every tool call
        except Unauthorized:
            err.print("[red]--key is not a valid API key of this database[/red]")
            raise typer.Exit(2) from None
        finally:
            db.dispose()
        backend = embedded_backend(cfg, key)
    found = find_gallery(gallery)
    if http:
        err.print(f"pixelkiln MCP server on http://{host}:{port}/mcp")
        anyio.run(serve_http, backend, root, found, host, port, token)
    else:
        anyio.run(serve_stdio, backend, root, found)
