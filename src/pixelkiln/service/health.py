"""What a deployment has and lacks: the components ``/healthz`` and ``pixelkiln doctor`` report.

Each :class:`Component` says whether the configuration needs it, what was found, and how
to fix a problem. A needed component that is missing or unreachable makes the deployment
unhealthy (``/healthz`` answers 503, ``pixelkiln doctor`` exits 1).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import text

from pixelkiln.config import Settings
from pixelkiln.engine.reader import READER_TABLE, describe_reader, get_reader
from pixelkiln.store.db import Database

__all__ = ["Component", "check_components", "healthy"]

Status = Literal["ok", "not used", "missing", "unreachable"]


@dataclass(frozen=True)
class Component:
    name: str
    status: Status
    detail: str
    fix: str = ""
    needed: bool = True

    @property
    def healthy(self) -> bool:
        return self.status in ("ok", "not used") or not self.needed

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"healthy": self.healthy}


def healthy(components: list[Component]) -> bool:
    return all(c.healthy for c in components)


def _where(url: str) -> str:
    scheme, sep, rest = url.partition("://")
    return scheme + sep + rest.rpartition("@")[2] if sep else url


def check_database(settings: Settings, db: Database | None = None) -> Component:
    url = settings.resolved_database_url
    own = db is None
    database = db or Database(url)
    try:
        with database.read() as s:
            s.execute(text("SELECT 1"))
            version = s.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception as exc:
        fix = (
            "run `pixelkiln migrate`"
            if settings.is_sqlite or "alembic_version" in str(exc)
            else "start the database server or correct PIXELKILN_DATABASE_URL"
        )
        return Component("database", "unreachable", f"{_where(url)}: {_short(exc)}", fix)
    finally:
        if own:
            database.dispose()
    return Component("database", "ok", f"{_where(url)} (schema {version})")


def check_broker(settings: Settings) -> Component:
    if not settings.broker_url:
        return Component(
            "broker",
            "not used",
            f"jobs run in this process's {settings.runner} pool (no PIXELKILN_BROKER_URL)",
            needed=False,
        )
    try:
        from pixelkiln.jobs.celery_app import broker_problem, make_celery
    except ImportError as exc:
        return Component(
            "broker", "missing", f"Celery cannot be imported: {exc}", "pip install 'celery[redis]'"
        )
    problem = broker_problem(make_celery(settings))
    if problem is None:
        return Component("broker", "ok", _where(settings.broker_url))
    if "cannot be loaded" in problem:
        return Component(
            "broker", "missing", problem, "reinstall pixelkiln (it requires celery[redis])"
        )
    return Component(
        "broker", "unreachable", problem, "start the broker or correct PIXELKILN_BROKER_URL"
    )


def check_reader(model_dir: Path | None = None, table: Path = READER_TABLE) -> Component:
    reader = get_reader("auto", model_dir, table)
    if reader is None:
        return Component(
            "reader",
            "missing",
            describe_reader(None) + "; descriptions outside the lexicon would all read as stone",
            "reinstall pixelkiln: its package data engine/data/reader_table.npz is missing",
        )
    return Component("reader", "ok", f"{reader.name}: {describe_reader(reader)}")


def check_blob_store(settings: Settings) -> Component:
    folder = settings.resolved_blob_dir
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".health-")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return Component(
            "blob store",
            "unreachable",
            f"{folder} is not writable: {_short(exc)}",
            "mount the shared folder or correct PIXELKILN_BLOB_DIR",
        )
    return Component("blob store", "ok", str(folder))


def check_components(settings: Settings, db: Database | None = None) -> list[Component]:
    """Every component, in a fixed order: database, broker, reader, blob store."""
    return [
        check_database(settings, db),
        check_broker(settings),
        check_reader(),
        check_blob_store(settings),
    ]


def _short(exc: BaseException) -> str:
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {first}"[:300]
