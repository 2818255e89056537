"""A poll's short reads: on the event loop for SQLite, on the thread pool otherwise."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace
from typing import Any

import pytest

from pixelkiln.api.deps import db_call


@pytest.mark.parametrize(("is_sqlite", "inline"), [(True, True), (False, False)])
def test_reads_run_inline_only_on_sqlite(is_sqlite: bool, inline: bool) -> None:
    ctx: Any = SimpleNamespace(db=SimpleNamespace(is_sqlite=is_sqlite))

    async def main() -> tuple[int, int]:
        return threading.get_ident(), await db_call(ctx, threading.get_ident)

    loop_thread, ran_on = asyncio.run(main())
    assert (ran_on == loop_thread) is inline


def test_errors_reach_the_caller() -> None:
    ctx: Any = SimpleNamespace(db=SimpleNamespace(is_sqlite=True))

    def fails(x: int) -> int:
        raise LookupError(x)

    with pytest.raises(LookupError):
        asyncio.run(db_call(ctx, fails, 3))
