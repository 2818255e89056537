"""Dependencies shared by the routers: the container and the authenticated caller."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, ParamSpec, TypeVar

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from pixelkiln.bootstrap import Container
from pixelkiln.service.accounts import Auth, authenticate

__all__ = [
    "AuthDep",
    "BilledDep",
    "ContainerDep",
    "QueuedDep",
    "db_call",
    "get_auth",
    "get_billed_auth",
    "get_container",
    "get_queued_auth",
]

# auto_error=False: we answer 401 ourselves, with the same message for every way a key
# can be wrong. Declaring the scheme puts HTTPBearer on each operation in the OpenAPI.
_bearer = HTTPBearer(auto_error=False, description="`Authorization: Bearer <API key>`")


# Dependencies that do no I/O are ``async``: FastAPI runs a plain ``def`` dependency on
# the thread pool, a hop (and a GIL hand-over) that costs more than the work itself.
async def get_container(request: Request) -> Container:
    container: Container = request.app.state.container
    return container


ContainerDep = Annotated[Container, Depends(get_container)]


P = ParamSpec("P")
T = TypeVar("T")


async def db_call(ctx: Container, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn`` (short database reads) on the event loop where the database is SQLite, else
    on the thread pool. A SQLite read is a local file read that never waits for a writer
    (WAL mode) and takes less time than the thread hop would; a PostgreSQL round trip
    waits on the network, so it must not hold the loop."""
    if ctx.db.is_sqlite:
        return fn(*args, **kwargs)
    return await run_in_threadpool(fn, *args, **kwargs)


async def get_auth(
    ctx: ContainerDep,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Auth:
    return await db_call(ctx, authenticate, ctx.db, creds.credentials if creds else None)


AuthDep = Annotated[Auth, Depends(get_auth)]


async def get_billed_auth(auth: AuthDep) -> Auth:
    """The caller of an operation that charges: the same key check as :func:`get_auth`.

    Taking the caller through this dependency is what marks an operation as billed: its
    OpenAPI entry then documents 402 (balance too low) and 429 (submission spacing), and
    503 (the job queue is down) when it answers 202 (see ``pixelkiln.api.openapi``).
    """
    return auth


BilledDep = Annotated[Auth, Depends(get_billed_auth)]


async def get_queued_auth(auth: BilledDep) -> Auth:
    """The caller of an operation that charges and queues jobs but answers 200 (the
    contract's character and object submissions): billed, and its OpenAPI entry documents
    503 too, as a 202 operation's does."""
    return auth


QueuedDep = Annotated[Auth, Depends(get_queued_auth)]
