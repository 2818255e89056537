"""A poll's short reads: on the event loop for SQLite, on the thread pool otherwise."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest

from pixelkiln.api.deps import db_call

T = TypeVar("T")


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """``coro`` on a fresh event loop in its own thread (a test worker's thread may
    already run one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.mark.parametrize(("is_sqlite", "inline"), [(True, True), (False, False)])
def test_reads_run_inline_only_on_sqlite(is_sqlite: bool, inline: bool) -> None:
    ctx: Any = SimpleNamespace(db=SimpleNamespace(is_sqlite=is_sqlite))

    async def main() -> tuple[int, int]:
        return threading.get_ident(), await db_call(ctx, threading.get_ident)

    loop_thread, ran_on = _run(main())
    assert (ran_on == loop_thread) is inline


def test_errors_reach_the_caller() -> None:
    ctx: Any = SimpleNamespace(db=SimpleNamespace(is_sqlite=True))

    def fails(x: int) -> int:
        raise LookupError(x)

    with pytest.raises(LookupError):
        _run(db_call(ctx, fails, 3))
