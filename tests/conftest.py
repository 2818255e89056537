"""Fixtures: a migrated SQLite template copied per test, app and client factories, keys."""

from __future__ import annotations

import base64
import io
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient
from PIL import Image

from pixelkiln.api.app import create_app
from pixelkiln.bootstrap import Container, build_container
from pixelkiln.config import Settings
from pixelkiln.service.accounts import CreatedKey, create_account
from pixelkiln.store.migrate import upgrade
from tests.browser import browser, live, live_spaced, open_page  # noqa: F401 (one per session)


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated database per test session; each test gets a copy (migrations run once)."""
    folder = tmp_path_factory.mktemp("template")
    upgrade(f"sqlite:///{folder / 'pixelkiln.db'}")
    return folder / "pixelkiln.db"


@pytest.fixture
def make_settings(tmp_path: Path, template_db: Path) -> Callable[..., Settings]:
    def factory(**overrides: Any) -> Settings:
        data = tmp_path / "data"
        if not data.exists():
            data.mkdir()
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
        return Settings(**values)

    return factory


@dataclass
class Service:
    """A running app (lifespan entered) with its container and an HTTP client."""

    client: TestClient
    ctx: Container

    def new_key(self, generations: float = 2000.0, name: str = "test") -> CreatedKey:
        return create_account(self.ctx.db, name, generations)

    def headers(self, key: CreatedKey | str) -> dict[str, str]:
        token = key if isinstance(key, str) else key.key
        return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def make_service(make_settings: Callable[..., Settings]) -> Iterator[Callable[..., Service]]:
    stack: list[TestClient] = []

    def factory(**overrides: Any) -> Service:
        ctx = build_container(make_settings(**overrides))
        client = TestClient(create_app(container=ctx), raise_server_exceptions=False)
        client.__enter__()
        stack.append(client)
        return Service(client=client, ctx=ctx)

    yield factory
    for client in reversed(stack):
        client.__exit__(None, None, None)


@pytest.fixture
def service(make_service: Callable[..., Service]) -> Service:
    return make_service()


def png_b64(rgba: np.ndarray) -> str:
    buf = io.BytesIO()
    Image.fromarray(np.asarray(rgba, dtype=np.uint8)).save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


def image_body(rgba: np.ndarray) -> dict[str, str]:
    return {"type": "base64", "base64": png_b64(rgba), "format": "png"}


def decode_b64_png(b64: str) -> np.ndarray:
    raw = b64.split(",", 1)[1] if b64.startswith("data:") else b64
    with Image.open(io.BytesIO(base64.b64decode(raw))) as im:
        return np.asarray(im.convert("RGBA")).copy()


def wait_for(predicate: Callable[[], bool], timeout: float = 30.0, interval: float = 0.05) -> None:
    """Poll until ``predicate()`` holds (tests never assert on wall-clock time itself)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(interval)


@contextmanager
def held_jobs(svc: Service) -> Iterator[Callable[[], None]]:
    """For a service built with runner="manual": yields a function that runs held jobs."""
    from pixelkiln.jobs.runners import ManualRunner

    runner = svc.ctx.runner
    assert isinstance(runner, ManualRunner)
    yield lambda: (runner.run_pending(), None)[1]
