"""Alembic environment: runs migrations against the URL set by pixelkiln.store.migrate."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool

from pixelkiln.store.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url")
    assert url
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as connection:
        # SQLite alters tables by copying them ("batch" mode).
        context.configure(
            connection=connection, target_metadata=target_metadata, render_as_batch=True
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
