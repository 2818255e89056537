"""Helpers the commands share: settings, a migrated database, consoles."""

from __future__ import annotations

import sys

from rich.console import Console

from pixelkiln.config import Settings
from pixelkiln.store.db import Database
from pixelkiln.store.migrate import upgrade

__all__ = ["err", "migrated_db", "out", "settings"]

# Piped output gets a wide page, so tables never cut an id a user must copy.
out = Console(soft_wrap=True, width=None if sys.stdout.isatty() else 200)
err = Console(stderr=True, soft_wrap=True)


def settings(**overrides: object) -> Settings:
    return Settings(**{k: v for k, v in overrides.items() if v is not None})


def migrated_db(cfg: Settings) -> Database:
    """The configured database, brought up to date (so every command works on a fresh one)."""
    cfg.data_dir.mkdir(parents=True, exist_ok=True)
    upgrade(cfg.resolved_database_url)
    return Database(cfg.resolved_database_url)
