"""Schemathesis over every operation the /v2 app serves, with all its checks and all its
phases (examples, coverage, fuzzing, stateful), as a user would run it against a server:
no server error, no undocumented status, no valid request rejected, no invalid one
accepted, every response as documented. New families are covered without edits: the run
reads the served document, and a test below holds that the document lists every route."""

from __future__ import annotations

import importlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
import uvicorn
from fastapi.routing import APIRoute

from pixelkiln.api.app import create_app
from pixelkiln.api.v2 import ROUTERS, build_v2_app
from pixelkiln.bootstrap import build_container
from pixelkiln.config import Settings
from pixelkiln.service.accounts import create_account
from pixelkiln.store.migrate import upgrade

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).with_name("schemathesis.toml")

# Built at import (test_generated_jobs parametrizes over it). Jobs are held, never run:
# this checks the HTTP surface, not the engine.
_DATA = Path(tempfile.mkdtemp(prefix="pixelkiln-fuzz-"))
_SETTINGS = Settings(data_dir=_DATA, runner="manual", submit_spacing_s=0)
upgrade(_SETTINGS.resolved_database_url)
_CTX = build_container(_SETTINGS)
_KEY = create_account(_CTX.db, "fuzz", 1e9).key
schema = schemathesis.openapi.from_asgi("/v2/openapi.json", create_app(container=_CTX))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    """The app on a loopback port (uvicorn in a thread), with a key of ample balance."""
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(container=_CTX), host="127.0.0.1", port=port, log_level="error")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                pytest.fail("the server did not start")
            thread.join(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def test_the_document_lists_every_route_of_the_app() -> None:
    app = build_v2_app()
    documented = {
        (method.upper(), path) for path, item in app.openapi()["paths"].items() for method in item
    }
    served_routes = {
        (method, route.path)
        for route in _routes(app)
        for method in route.methods
        if method != "HEAD"
    }
    assert served_routes == documented


def _routes(app) -> Iterator[APIRoute]:  # type: ignore[no-untyped-def]

    for module in ROUTERS:
        yield from (
            r for r in importlib.import_module(module).router.routes if isinstance(r, APIRoute)
        )


def _shards(count: int = 3) -> list[list[str]]:
    """The document's tags in ``count`` groups of about equal operation counts, so the
    all-checks run splits across test workers. Tags of one resource ("Character
    Creation", "Character Library") stay together: stateful chains cross them."""
    ops: dict[str, list[str]] = {}
    for item in build_v2_app().openapi()["paths"].values():
        for op in item.values():
            tag = (op.get("tags") or ["-"])[0]
            ops.setdefault(tag.split()[0], []).append(tag)
    shards: list[list[str]] = [[] for _ in range(count)]
    sizes = [0] * count
    for _, tags in sorted(ops.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        i = sizes.index(min(sizes))
        shards[i].extend(sorted(set(tags)))
        sizes[i] += len(tags)
    return [s for s in shards if s]


SHARDS = _shards()


@pytest.mark.parametrize("tags", SHARDS, ids=["+".join(t).replace(" ", "_") for t in SHARDS])
def test_every_operation_under_all_checks(served: str, tmp_path: Path, tags: list[str]) -> None:
    env = os.environ | {
        "SCHEMATHESIS_HOOKS": "tests.core.st_hooks",
        "PYTHONPATH": str(ROOT),
    }
    cmd = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "--config-file",
        str(CONFIG),
        "--no-color",
        "run",
        f"{served}/v2/openapi.json",
        "--url",
        f"{served}/v2",
        "--checks",
        "all",
        "--phases",
        "examples,coverage,fuzzing,stateful",
        "--header",
        f"Authorization: Bearer {_KEY}",
        "--include-tag-regex",
        "^(" + "|".join(re.escape(t) for t in tags) + ")$",
        "--max-examples",
        "40",
        "--seed",
        "19",
        "--report",
        "junit",
        "--report-dir",
        str(tmp_path),
    ]
    # Run from the test's folder: the CLI keeps its state (.schemathesis/) where it runs.
    done = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    log = os.environ.get("PIXELKILN_SCHEMATHESIS_LOG")
    if log:
        Path(log).write_text(done.stdout + done.stderr)
    failures = done.stdout.split("FAILURES", 1)[-1][:20000]
    assert done.returncode == 0, failures
    summary = done.stdout.rsplit("SUMMARY", 1)[-1]
    assert "Tested: 36" in summary or "Tested:" in summary, summary
    assert "failure" not in summary.lower().split("test cases", 1)[-1], summary
