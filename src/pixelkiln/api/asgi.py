"""ASGI entry for ``uvicorn --factory`` (used when serving with several processes)."""

from __future__ import annotations

from fastapi import FastAPI

from pixelkiln.api.app import create_app
from pixelkiln.config import Settings


def app_from_env() -> FastAPI:
    """The app, configured from ``PIXELKILN_*`` environment variables."""
    return create_app(Settings())
