"""Where the tools send their requests: the local service, or a running pixelkiln.

Both modes speak the ``/v2`` contract through one HTTP client, so a tool behaves the same
against either. Embedded mode serves the service's own application inside this process
(no socket, no server to start): it opens the configured database and blob store and runs
jobs in the configured runner, exactly as ``pixelkiln serve`` would. Remote mode sends
the same requests to ``--url`` with ``--key``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx2

from pixelkiln.config import Settings

__all__ = ["ApiError", "Backend", "embedded_backend", "remote_backend"]

#: A 429 (submissions closer than the key's spacing) is waited out this many times.
_SPACING_RETRIES = 5


class ApiError(Exception):
    """A ``/v2`` answer that is not a success: its status and decoded body."""

    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"{status}: {body}")
        self.status, self.body = status, body


@dataclass
class Backend:
    client: httpx2.AsyncClient
    #: ``embedded`` or ``remote``, and the root public file URLs are relative to.
    mode: str
    base: str

    async def request(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> httpx2.Response:
        """``path`` is under ``/v2`` unless it is absolute (``/files/...``, ``http...``)."""
        url = path if path.startswith(("http://", "https://", "/files/")) else "/v2" + path
        if url.startswith(("http://", "https://")) and not url.startswith(self.base + "/"):
            # A public file served elsewhere (PIXELKILN_PUBLIC_URL): key-free, so the key
            # is not sent there.
            async with httpx2.AsyncClient(timeout=_timeout()) as plain:
                response = await plain.request(method, url)
            return _checked(response)
        for _ in range(_SPACING_RETRIES):
            response = await self.client.request(method, url, json=body)
            if response.status_code != 429:
                break
            # The key's submission spacing: wait it out rather than fail the tool.
            await asyncio.sleep(min(float(response.headers.get("Retry-After", "1")), 10.0))
        return _checked(response)

    async def json(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        return (await self.request(method, path, body)).json()


def _checked(response: httpx2.Response) -> httpx2.Response:
    if response.status_code >= 400:
        try:
            detail: Any = response.json()
        except ValueError:
            detail = response.text
        raise ApiError(response.status_code, detail)
    return response


def _timeout() -> httpx2.Timeout:
    return httpx2.Timeout(120.0, connect=10.0)


@asynccontextmanager
async def remote_backend(url: str, key: str) -> AsyncIterator[Backend]:
    """A running pixelkiln at ``url`` (its root, ``/v2`` is added), called with ``key``."""
    base = url.rstrip("/")
    base = base[: -len("/v2")] if base.endswith("/v2") else base
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx2.AsyncClient(base_url=base, headers=headers, timeout=_timeout()) as client:
        yield Backend(client=client, mode="remote", base=base)


@asynccontextmanager
async def embedded_backend(settings: Settings, key: str) -> AsyncIterator[Backend]:
    """The service of ``settings`` in this process, called with ``key``.

    Public file URLs name ``PIXELKILN_PUBLIC_URL``, or where ``pixelkiln serve`` listens
    with these settings: the links an assistant gets work once the service is up; the
    images themselves come back inline and through ``save_to`` without it.
    """
    from pixelkiln.api.app import create_app

    app = create_app(settings)
    base = (settings.public_url or f"http://{settings.host}:{settings.port}").rstrip("/")
    headers = {"Authorization": f"Bearer {key}"}
    transport = httpx2.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx2.AsyncClient(
            transport=transport, base_url=base, headers=headers, timeout=_timeout()
        ) as client,
    ):
        yield Backend(client=client, mode="embedded", base=base)
