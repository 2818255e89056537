"""Browser fixtures shared by every test folder: a live server in a thread and Debian's
Chromium under one Playwright instance.

The root conftest imports these fixtures, so each exists once per test session: two sync
Playwright instances in one process refuse to run (each holds the thread's event loop).
The browser tests need ``/usr/bin/chromium`` (``.ci/run`` installs the ``chromium``
package); Playwright never downloads a browser here. Without the binary they are skipped,
or fail under ``PIXELKILN_REQUIRE_SYSTEM_DEPS=1`` (CI).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from pixelkiln.api.app import create_app
from pixelkiln.bootstrap import Container, build_container
from pixelkiln.config import Settings
from pixelkiln.service.accounts import create_account

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LiveServer:
    """A real HTTP server (uvicorn in a thread) around a fresh service."""

    url: str
    ctx: Container

    def new_key(self, generations: float = 2000.0, name: str = "browser") -> str:
        return create_account(self.ctx.db, name, generations).key

    def link(self, key: str) -> str:
        """What ``pixelkiln serve`` prints: the page with the key in the fragment."""
        return f"{self.url}/#key={key}"

    def client(self, key: str) -> httpx.Client:
        return httpx.Client(
            base_url=self.url, headers={"Authorization": f"Bearer {key}"}, timeout=30
        )


def serve_live(data: Path, template_db: Path, **overrides: Any) -> Iterator[LiveServer]:
    data.mkdir(parents=True, exist_ok=True)
    shutil.copy(template_db, data / "pixelkiln.db")
    values: dict[str, Any] = {
        "data_dir": data,
        "runner": "thread",
        "workers": 2,
        "submit_spacing_s": 0.0,
        "sweep_interval_s": 0.5,
        "job_lease_s": 5.0,
    }
    values.update(overrides)
    ctx = build_container(Settings(**values))
    port = _free_port()
    config = uvicorn.Config(
        create_app(container=ctx),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws="none",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the playground test server did not start")
        time.sleep(0.02)
    try:
        yield LiveServer(url=f"http://127.0.0.1:{port}", ctx=ctx)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> Iterator[LiveServer]:
    """One server per test module, no submission spacing."""
    yield from serve_live(tmp_path_factory.mktemp("live"), template_db)


@pytest.fixture(scope="module")
def live_spaced(
    tmp_path_factory: pytest.TempPathFactory, template_db: Path
) -> Iterator[LiveServer]:
    """A server whose keys must wait 30 s between submissions (for the 429 test)."""
    yield from serve_live(tmp_path_factory.mktemp("spaced"), template_db, submit_spacing_s=30.0)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        why = "Debian's chromium is not installed (.ci/run installs it)"
        if os.environ.get("PIXELKILN_REQUIRE_SYSTEM_DEPS") == "1":
            pytest.fail(why)
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Console:
    """Console errors and uncaught page errors of one page."""

    entries: list[str] = field(default_factory=list)

    def errors(self, allowed_statuses: tuple[int, ...] = ()) -> list[str]:
        """Everything logged as an error, except the browser's own network log line for
        a status the test provoked on purpose (Chromium logs every 4xx fetch) and for
        423, the answer the page polls through while a resource is still being drawn
        (whether a poll meets one depends on how fast the job ran)."""
        allowed = tuple(f"status of {code} " for code in (423, *allowed_statuses))
        return [
            e
            for e in self.entries
            if not (e.startswith("Failed to load resource") and any(a in e for a in allowed))
        ]


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[..., tuple[Any, Console]]]:
    """``open_page(url)`` -> (page, console): a fresh browser context per call."""
    contexts: list[Any] = []

    def factory(url: str, wait_ready: bool = True, width: int = 1440) -> tuple[Any, Console]:
        context = browser.new_context(viewport={"width": width, "height": 900})
        contexts.append(context)
        page = context.new_page()
        # Generous: a loaded CI machine (2 cores, jobs drawing) can take seconds per step.
        page.set_default_timeout(30_000)
        console = Console()
        page.on(
            "console",
            lambda m: console.entries.append(m.text) if m.type == "error" else None,
        )
        page.on("pageerror", lambda e: console.entries.append(f"pageerror: {e}"))
        page.goto(url)
        if wait_ready:
            page.wait_for_selector("body[data-ready=true]")
        return page, console

    yield factory
    for context in contexts:
        context.close()
