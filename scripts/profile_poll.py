"""Where a poll's time goes: cProfile of the GET routes clients call again and again.

In process, on one thread: the ASGI app is called directly from an event loop (a fresh
SQLite database in a temporary folder, the embedded default's settings), and the sync
routes and dependencies run inline instead of on the thread pool (cProfile sees only
the thread it runs in; the thread hop is timed on its own). So the figures are the
service's own cost without the network or the HTTP server: ``GET /v2/tilesets/{id}``
of a finished 32 px set, ``GET /v2/balance`` and the 423 of a running job's tileset.
Prints, per request, the CPU time (of the whole process, so not inflated by other
processes on a busy machine), the SQL statements sent, and the top of the profile by
cumulative time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import fastapi.dependencies.utils
import fastapi.routing
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event

from pixelkiln.api.app import create_app
from pixelkiln.bootstrap import build_container
from pixelkiln.config import Settings
from pixelkiln.jobs.runners import ManualRunner
from pixelkiln.service.accounts import create_account
from pixelkiln.store.migrate import upgrade

BODY = {
    "lower_description": "grass",
    "upper_description": "dirt path",
    "tile_size": {"width": 32, "height": 32},
    "seed": 1,
}


T = TypeVar("T")


async def _inline(func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    return func(*args, **kwargs)


async def _get(app: FastAPI, path: str, headers: list[tuple[bytes, bytes]]) -> bytes:
    """One GET through the whole ASGI stack; the body."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": headers,
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 8000),
        "state": {},
    }
    chunks: list[bytes] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return b"".join(chunks)


async def _run(app: FastAPI, path: str, headers: list[tuple[bytes, bytes]], n: int) -> None:
    for _ in range(n):
        await _get(app, path, headers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300, help="requests per route")
    parser.add_argument("--top", type=int, default=25, help="profile lines per route")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        upgrade(f"sqlite:///{data / 'pixelkiln.db'}")
        settings = Settings(data_dir=data, runner="manual", submit_spacing_s=0.0)
        ctx = build_container(settings)
        runner = ctx.runner
        assert isinstance(runner, ManualRunner)
        key = create_account(ctx.db, "profile", 1000.0)
        headers = {"Authorization": f"Bearer {key.key}"}
        app = create_app(container=ctx)
        with TestClient(app) as client:
            done = client.post("/v2/tilesets", json=BODY, headers=headers).json()["tileset_id"]
            runner.run_pending()
            running = client.post("/v2/tilesets", json={**BODY, "seed": 2}, headers=headers)
            routes = {
                "finished tileset (200)": f"/v2/tilesets/{done}",
                "running tileset (423)": f"/v2/tilesets/{running.json()['tileset_id']}",
                "balance (200)": "/v2/balance",
            }
        raw = [(b"authorization", headers["Authorization"].encode())]
        statements = [0]

        @event.listens_for(ctx.db.engine, "before_cursor_execute")
        def _count(*_args: Any) -> None:
            statements[0] += 1

        loop = asyncio.new_event_loop()
        for name, path in routes.items():
            size = len(loop.run_until_complete(_get(app, path, raw)))
            statements[0] = 0
            t0 = time.process_time()
            loop.run_until_complete(_run(app, path, raw, args.requests))
            pooled = (time.process_time() - t0) * 1000 / args.requests
            sql = statements[0] / args.requests
            with _threadpool_inline():
                loop.run_until_complete(_run(app, path, raw, 20))  # warm-up
                t0 = time.process_time()
                loop.run_until_complete(_run(app, path, raw, args.requests))
                inline = (time.process_time() - t0) * 1000 / args.requests
                profile = cProfile.Profile()
                profile.enable()
                loop.run_until_complete(_run(app, path, raw, args.requests))
                profile.disable()
            print(f"\n== GET {name}, {size} bytes: {pooled:.2f} ms CPU per request through "
                  f"the thread pool, {inline:.2f} ms inline; {sql:g} SQL statements "
                  "==")  # fmt: skip
            out = io.StringIO()
            stats = pstats.Stats(profile, stream=out).strip_dirs()
            stats.sort_stats("cumulative").print_stats(args.top)
            print("\n".join(line for line in out.getvalue().splitlines() if line.strip()))
        loop.close()


class _threadpool_inline:
    """Run FastAPI's sync routes and dependencies on the calling thread."""

    def __enter__(self) -> None:
        self.saved = fastapi.routing.run_in_threadpool, fastapi.dependencies.utils.run_in_threadpool
        fastapi.routing.run_in_threadpool = _inline  # type: ignore[assignment]
        fastapi.dependencies.utils.run_in_threadpool = _inline  # type: ignore[assignment]

    def __exit__(self, *exc: object) -> None:
        fastapi.routing.run_in_threadpool, fastapi.dependencies.utils.run_in_threadpool = self.saved


if __name__ == "__main__":
    main()
