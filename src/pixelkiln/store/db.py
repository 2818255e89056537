"""Database engines and transactions, SQLite and PostgreSQL alike.

SQLite runs in WAL mode with a busy timeout. Write transactions start with
``BEGIN IMMEDIATE`` so that a balance check and the debit that follows cannot interleave
with another writer's (SQLite's row-lock equivalent). On PostgreSQL the services lock the
rows they read-then-write with ``SELECT ... FOR UPDATE``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

__all__ = ["Database"]


class Database:
    """An engine plus the two kinds of transaction the services use."""

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        if self.is_sqlite:
            engine_kwargs.setdefault("connect_args", {"timeout": 30, "check_same_thread": False})
            # One connection per request thread kept open: past the default 5, every
            # checkout opened a new file handle and ran the PRAGMAs again.
            engine_kwargs.setdefault("pool_size", 16)
            engine_kwargs.setdefault("max_overflow", 32)
        else:
            engine_kwargs.setdefault("pool_pre_ping", True)
            engine_kwargs.setdefault("pool_size", 10)
            engine_kwargs.setdefault("max_overflow", 20)
        self.engine: Engine = create_engine(url, **engine_kwargs)
        if self.is_sqlite:
            _sqlite_setup(self.engine)
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._lookup = self.engine.execution_options(pixelkiln_lookup=True)
        self._write = sessionmaker(
            self.engine.execution_options(pixelkiln_immediate=True), expire_on_commit=False
        )

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A read-only session (rolled back at the end)."""
        with self._read() as session:
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def lookup(self) -> Iterator[Connection]:
        """A read-only connection without an ORM session, for the hot reads of a poll
        (a key, an asset's state): column selects only, rolled back at the end. On SQLite
        no ``BEGIN`` is sent: each select is its own consistent snapshot, and a poll's
        selects need nothing more."""
        with self._lookup.connect() as conn:
            try:
                yield conn
            finally:
                conn.rollback()

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A write transaction: committed when the block ends, rolled back on error."""
        with self._write() as session, session.begin():
            yield session

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event issue BEGIN itself (pysqlite would defer it).
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        options = conn.get_execution_options()
        if options.get("pixelkiln_lookup", False):
            return  # autocommit: a single select reads one snapshot by itself
        conn.exec_driver_sql("BEGIN IMMEDIATE" if options.get("pixelkiln_immediate") else "BEGIN")
