"""The real PostgreSQL and Redis servers on 127.0.0.1: a fresh database per test session."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from pixelkiln.store.migrate import upgrade

PG_ADMIN = os.environ.get(
    "PIXELKILN_TEST_PG_ADMIN", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("PIXELKILN_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _admin():
    return create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")


@pytest.fixture(scope="session")
def pg_server() -> str:
    try:
        with _admin().connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:  # CI starts the server; a developer machine may not have one
        pytest.fail(f"PostgreSQL is not reachable at {PG_ADMIN}: {exc}")
    return PG_ADMIN


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A fresh, migrated database for one test, dropped afterwards."""
    name = f"pixelkiln_t_{uuid.uuid4().hex[:12]}"
    admin = _admin()
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    upgrade(url)
    try:
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def scaleout_env(pg_url: str, broker: str, tmp_path: Path, **settings: str) -> dict[str, str]:
    """The environment of a scale-out cluster on ``pg_url`` and ``broker``, fast sweeps,
    no spacing; ``settings`` (``JOB_LEASE_S="4"``...) add ``PIXELKILN_`` variables."""
    env = {
        "PIXELKILN_DATABASE_URL": pg_url,
        "PIXELKILN_BROKER_URL": broker,
        "PIXELKILN_DATA_DIR": str(tmp_path / "data"),
        "PIXELKILN_BLOB_DIR": str(tmp_path / "blobs"),
        "PIXELKILN_SUBMIT_SPACING_S": "0",
        "PIXELKILN_SWEEP_INTERVAL_S": "0.5",
        "PIXELKILN_INITIAL_GENERATIONS": "0",
    }
    return env | {f"PIXELKILN_{name}": value for name, value in settings.items()}
