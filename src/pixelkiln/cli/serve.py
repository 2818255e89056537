"""``pixelkiln serve`` and ``pixelkiln migrate``."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import typer
import uvicorn

from pixelkiln.cli.common import err, migrated_db, settings
from pixelkiln.config import Settings
from pixelkiln.observability import clear_metrics_dir
from pixelkiln.service.accounts import count_accounts, create_account


def _first_start_key(cfg: Settings) -> str | None:
    """On a first start (no account), create one and keep its key in ``<data>/api-key``."""
    db = migrated_db(cfg)
    key_file = cfg.data_dir / "api-key"
    try:
        if count_accounts(db) == 0:
            created = create_account(db, "default", cfg.initial_generations)
            key_file.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as fh:
                fh.write(created.key + "\n")
            os.chmod(key_file, 0o600)
            return created.key
    finally:
        db.dispose()
    return key_file.read_text().strip() if key_file.is_file() else None


def _banner(cfg: Settings, key: str | None, base: str) -> None:
    err.rule("[bold]pixelkiln[/bold]")
    err.print(f"service    {base}/v2   (docs {base}/v2/docs)")
    err.print(f"data       {cfg.data_dir.resolve()}")
    if key:
        err.print(f"API key    [bold]{key}[/bold]   (also in {cfg.data_dir / 'api-key'})")
        err.print(f"playground {base}/#key={key}")
        err.print(f'try        curl -H "Authorization: Bearer {key}" {base}/v2/balance')
    err.rule()


def serve(
    host: str = typer.Option(None, help="Address to bind (PIXELKILN_HOST, default 127.0.0.1)."),
    port: int = typer.Option(None, help="Port (PIXELKILN_PORT, default 8000)."),
    workers: int = typer.Option(1, min=1, help="API processes."),
) -> None:
    """Apply migrations and start the service (creating an account on a first start)."""
    cfg = settings(host=host, port=port)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    key = _first_start_key(cfg)
    if not cfg.broker_url:
        clear_metrics_dir(cfg)
    # Logs shipped as JSON must not carry a key: the banner then names the key's file only.
    _banner(cfg, None if cfg.log_format == "json" else key, f"http://{cfg.host}:{cfg.port}")
    # Child processes (API workers, job workers) read the same settings from the environment.
    os.environ["PIXELKILN_HOST"], os.environ["PIXELKILN_PORT"] = cfg.host, str(cfg.port)
    os.environ.setdefault("PIXELKILN_DATA_DIR", str(Path(cfg.data_dir).resolve()))
    uvicorn.run(
        "pixelkiln.api.asgi:app_from_env",
        factory=True,
        host=cfg.host,
        port=cfg.port,
        workers=workers,
        log_level="info",
        access_log=False,
        # The C parser is a dependency: say so, rather than fall back to h11 unseen.
        # The loop is uvloop where it installs (not on Windows), else asyncio.
        http="httptools",
        loop="auto",
    )


def migrate() -> None:
    """Bring the database up to date."""
    cfg = settings()
    migrated_db(cfg).dispose()
    err.print(f"database at {cfg.resolved_database_url.split('@')[-1]} is up to date")
