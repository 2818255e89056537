"""Throwaway deployments for `make loadtest` and `make bench`: the embedded default
(SQLite, in-process workers) or the scale-out one (PostgreSQL, Redis, Celery workers), in
a temporary folder, with accounts ready to submit."""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import redis
from sqlalchemy import create_engine, text

from pixelkiln.service.accounts import create_account
from pixelkiln.store.db import Database
from pixelkiln.store.migrate import upgrade
from pixelkiln.testing.cluster import Cluster

__all__ = ["Deployment", "deployment"]

PG_ADMIN = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/12"


@dataclass
class Deployment:
    cluster: Cluster
    keys: list[str]
    urls: list[str]
    #: The database the deployment runs on, and the account behind each of ``keys``.
    database_url: str = ""
    accounts: list[str] = field(default_factory=list)


@contextmanager
def _postgres() -> Iterator[str]:
    name = f"pixelkiln_run_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def deployment(
    mode: str, n_keys: int, apis: int = 1, workers: int = 2, generations: float = 1e6
) -> Iterator[Deployment]:
    """``mode`` "embedded": one API with ``workers`` job processes on SQLite; "scaleout":
    ``apis`` API processes and ``workers`` Celery workers on PostgreSQL and Redis."""
    with tempfile.TemporaryDirectory(prefix="pixelkiln-") as tmp, _maybe_pg(mode) as pg_url:
        root = Path(tmp)
        env = {
            "PIXELKILN_DATA_DIR": str(root / "data"),
            "PIXELKILN_SUBMIT_SPACING_S": "0",
            "PIXELKILN_INITIAL_GENERATIONS": "0",
        }
        if mode == "scaleout":
            assert pg_url is not None
            redis.Redis.from_url(REDIS).flushdb()
            env |= {
                "PIXELKILN_DATABASE_URL": pg_url,
                "PIXELKILN_BROKER_URL": REDIS,
                "PIXELKILN_BLOB_DIR": str(root / "blobs"),
            }
            url = pg_url
        else:
            env |= {"PIXELKILN_WORKERS": str(workers)}
            (root / "data").mkdir()
            url = f"sqlite:///{root / 'data' / 'pixelkiln.db'}"
        upgrade(url)
        db = Database(url)
        created = [create_account(db, f"load-{i}", generations) for i in range(n_keys)]
        keys = [c.key for c in created]
        db.dispose()
        with Cluster(env=env, log_dir=root / "logs") as cluster:
            urls = [cluster.start_api(i) for i in range(apis if mode == "scaleout" else 1)]
            if mode == "scaleout":
                for i in range(workers):
                    cluster.start_worker(i)
            yield Deployment(
                cluster=cluster,
                keys=keys,
                urls=urls,
                database_url=url,
                accounts=[c.account_id for c in created],
            )
        if mode == "scaleout":
            redis.Redis.from_url(REDIS).flushdb()


@contextmanager
def _maybe_pg(mode: str) -> Iterator[str | None]:
    if mode != "scaleout":
        yield None
        return
    with _postgres() as url:
        yield url
