"""Public URLs of stored files."""

from __future__ import annotations

from fastapi import Request

__all__ = ["file_url", "public_base"]


def public_base(request: Request) -> str:
    """The service's public root: the setting, or the URL this request came in on."""
    configured = request.app.state.container.settings.public_url
    if configured:
        return str(configured).rstrip("/")
    base = str(request.base_url).rstrip("/")
    return base[: -len("/v2")] if base.endswith("/v2") else base


def file_url(request: Request, key: str) -> str:
    """The public, unguessable, key-free URL of a stored file."""
    return f"{public_base(request)}/files/{key}"
