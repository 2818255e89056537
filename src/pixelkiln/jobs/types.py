"""What a job handler receives and returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pixelkiln.config import Settings
    from pixelkiln.store.blobs import BlobStore
    from pixelkiln.store.db import Database

__all__ = ["ContextFactory", "Handler", "JobContext", "JobOutput", "JobsContext", "Runner"]


class JobsContext(Protocol):
    """What the job system needs from a process: its settings, database and blob store.

    The composition root (``pixelkiln.bootstrap.Container``) provides it; the job system
    never imports the composition root, so dependencies point one way.
    """

    settings: Settings
    db: Database
    blobs: BlobStore


#: Builds a worker process's context from its settings (passed in by the composition root,
#: module-level so that a spawned process can unpickle it).
ContextFactory = Callable[["Settings"], JobsContext]


class Runner(Protocol):
    """Carries job ids to ``execute_job``."""

    def start(self) -> None: ...
    def stop(self) -> None: ...

    def check(self) -> None:
        """Raise ``QueueUnavailable`` when a job sent now could not be queued (the broker
        is down): submissions ask before they charge."""
        ...

    def dispatch(self, job_id: str) -> None:
        """Send a job to be run; raise ``QueueUnavailable`` when it cannot be queued."""
        ...


@dataclass
class JobOutput:
    """A finished job's product.

    ``result`` is stored on the job's asset (family-specific JSON); ``files`` are images
    stored in the blob store and recorded on the asset as ``{name: key}``;
    ``last_response`` is what ``GET /background-jobs/{id}`` shows (default: a short
    summary naming the asset).
    """

    result: dict[str, Any] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    last_response: dict[str, Any] | None = None


@dataclass
class JobContext:
    """What a handler may use besides its payload."""

    job_id: str
    account_id: str
    asset_id: str | None
    #: Report progress as a fraction 0..1 (throttled; also keeps the lease alive).
    progress: Callable[[float], None]
    #: Read a stored image by key (for work that builds on earlier results).
    read_blob: Callable[[str], bytes]


class Handler(Protocol):
    def __call__(self, payload: dict[str, Any], ctx: JobContext) -> JobOutput: ...
