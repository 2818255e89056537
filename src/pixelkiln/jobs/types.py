"""What a job handler receives and returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["Handler", "JobContext", "JobOutput"]


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
