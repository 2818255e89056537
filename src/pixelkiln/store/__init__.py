"""Storage: SQLAlchemy 2 tables and sessions, Alembic migrations, the blob store."""
