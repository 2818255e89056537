"""Generic reads and deletes of a family's resources, scoped to the caller's account."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, delete, func, select

from pixelkiln.errors import Conflict, NotFound, PixelkilnError, StillProcessing
from pixelkiln.service import billing
from pixelkiln.service.accounts import Auth
from pixelkiln.service.money import from_milli
from pixelkiln.store.models import Asset, BaseTile, Blob, Job

if TYPE_CHECKING:
    import datetime as dt

    from pixelkiln.bootstrap import Container

__all__ = [
    "AssetView",
    "GenerationFailed",
    "Prepared",
    "delete_asset",
    "get_asset",
    "get_done_asset",
    "list_assets",
    "prepare",
    "prepared_once",
    "read_prepared",
]


_MAX_OFFSET = 2**62


class GenerationFailed(PixelkilnError):
    """The generation failed; its charge was refunded."""


@dataclass(frozen=True)
class AssetView:
    """An asset as the routers see it."""

    id: str
    family: str
    status: str
    name: str | None
    description: str | None
    params: dict[str, Any]
    result: dict[str, Any] | None
    files: dict[str, str]
    job_id: str | None
    created_at: dt.datetime
    #: The job's progress 0-100 and when it started (for progress and ETA reports).
    progress: int
    started_at: dt.datetime | None
    error: str | None
    #: The generations this asset cost (net of refunds).
    billed: float


def _families(family: str | Iterable[str]) -> tuple[str, ...]:
    return (family,) if isinstance(family, str) else tuple(family)


def _owned(s: Any, auth: Auth, asset_id: str, family: str | Iterable[str], noun: str) -> Asset:
    """The caller's asset of one of ``family``; NotFound for anything else (another
    account's asset reads exactly like a missing one)."""
    asset = s.get(Asset, asset_id)
    if (
        asset is None
        or asset.account_id != auth.account_id
        or asset.family not in _families(family)
    ):
        raise NotFound(f"{noun} not found")
    return asset


def _view(s: Any, asset: Asset) -> AssetView:
    job = s.get(Job, asset.job_id) if asset.job_id else None
    return AssetView(
        id=asset.id,
        family=asset.family,
        status=asset.status,
        name=asset.name,
        description=asset.description,
        params=asset.params or {},
        result=asset.result,
        files=asset.files or {},
        job_id=asset.job_id,
        created_at=asset.created_at,
        progress=100 if asset.status == "completed" else (job.progress if job else 0),
        started_at=job.started_at if job else None,
        error=job.error if job else None,
        billed=from_milli(billing.net_charged(s, asset.job_id)) if asset.job_id else 0.0,
    )


def get_asset(
    ctx: Container, auth: Auth, asset_id: str, family: str | Iterable[str], noun: str = "Resource"
) -> AssetView:
    """The caller's asset of one of ``family``; NotFound otherwise (never another's)."""
    with ctx.db.read() as s:
        return _view(s, _owned(s, auth, asset_id, family, noun))


#: An asset's light columns and what its job cost, in one query (built once).
_STATE = select(
    Asset.account_id,
    Asset.family,
    Asset.status,
    Asset.updated_at,
    Asset.job_id,
    billing.job_ledger(Asset.job_id),
).where(Asset.id == bindparam("asset_id"))


def _state(conn: Any, auth: Auth, asset_id: str, family: str | Iterable[str], noun: str) -> Any:
    """The light columns of the caller's asset (never its result JSON) and its charge;
    NotFound for anything but the caller's asset of ``family``, StillProcessing while it
    is drawn. One indexed query: a poll of a running job costs no more."""
    row = conn.execute(_STATE, {"asset_id": asset_id}).one_or_none()
    if row is None or row.account_id != auth.account_id or row.family not in _families(family):
        raise NotFound(f"{noun} not found")
    if row.status == "processing":
        raise StillProcessing(f"{noun} is still being generated", retry_after=1)
    return row


def _failed(s: Any, job_id: str | None, noun: str) -> GenerationFailed:
    job = s.get(Job, job_id) if job_id else None
    reason = ((job.error if job else None) or "").split(": ", 1)[-1] or "unknown error"
    return GenerationFailed(f"{noun} generation failed ({reason}); its charge was refunded")


def get_done_asset(
    ctx: Container, auth: Auth, asset_id: str, family: str | Iterable[str], noun: str = "Resource"
) -> AssetView:
    """Like get_asset, but 423 while the job runs and 410 when it failed."""
    with ctx.db.lookup() as conn:
        row = _state(conn, auth, asset_id, family, noun)
    with ctx.db.read() as s:
        if row.status == "failed":
            raise _failed(s, row.job_id, noun)
        asset = s.get(Asset, asset_id)
        if asset is None:  # deleted since the lookup
            raise NotFound(f"{noun} not found")
        return _view(s, asset)


@dataclass(frozen=True)
class Prepared:
    """A finished resource's answer, encoded once: the body and its strong ETag."""

    body: bytes
    etag: str


class _PreparedCache:
    """Encoded answers by (database, asset, variant, row version, charge), least recently
    used dropped first once over ``max_bytes``. A changed row (``updated_at`` moves on
    every update), a changed charge or a deleted asset never meets an old entry."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.items: OrderedDict[Hashable, Prepared] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Prepared | None:
        with self.lock:
            hit = self.items.get(key)
            if hit is not None:
                self.items.move_to_end(key)
            return hit

    def put(self, key: Hashable, value: Prepared) -> None:
        with self.lock:
            old = self.items.pop(key, None)
            self.size += len(value.body) - (len(old.body) if old else 0)
            self.items[key] = value
            while self.size > self.max_bytes and self.items:
                _, dropped = self.items.popitem(last=False)
                self.size -= len(dropped.body)


#: Per process; 64 MB holds some thousands of finished 32 px sets.
_PREPARED = _PreparedCache(64 << 20)


def read_prepared(
    ctx: Container,
    auth: Auth,
    asset_id: str,
    family: str | Iterable[str],
    noun: str,
    variant: Hashable,
    render: Callable[[AssetView], bytes],
) -> Prepared:
    """A finished asset's answer as ``render`` encodes it (404, 423, 410 as
    :func:`get_done_asset`), encoded at its first read and served from then on without
    loading or rebuilding it. ``variant`` names what else the encoding depends on (the
    route, a base URL)."""
    with ctx.db.lookup() as conn:
        row = _state(conn, auth, asset_id, family, noun)
    key = (ctx.db.url, asset_id, variant, row.updated_at, int(row[5]))
    hit = _PREPARED.get(key) if row.status == "completed" else None
    if hit is not None:
        return hit
    with ctx.db.read() as s:
        if row.status == "failed":
            raise _failed(s, row.job_id, noun)
        asset = s.get(Asset, asset_id)
        if asset is None:  # deleted since the lookup
            raise NotFound(f"{noun} not found")
        view = _view(s, asset)
    prepared = prepare(render(view))
    _PREPARED.put(key, prepared)
    return prepared


def prepare(body: bytes) -> Prepared:
    """An encoded answer and its strong ETag."""
    return Prepared(body=body, etag=f'"{hashlib.sha256(body).hexdigest()[:32]}"')


def prepared_once(key: Hashable, build: Callable[[], bytes]) -> Prepared:
    """The answer stored under ``key`` (which must name every version of what it encodes),
    built and stored at its first read."""
    hit = _PREPARED.get(key)
    if hit is None:
        hit = prepare(build())
        _PREPARED.put(key, hit)
    return hit


def list_assets(
    ctx: Container, auth: Auth, family: str | Iterable[str], limit: int, offset: int
) -> tuple[list[AssetView], int]:
    """A page of the caller's assets, newest first, and how many there are in all."""
    fams = _families(family)
    where = (Asset.account_id == auth.account_id, Asset.family.in_(fams))
    # Databases take 64-bit offsets; anything past that is past every row anyway.
    offset = min(offset, _MAX_OFFSET)
    with ctx.db.read() as s:
        total = int(s.scalar(select(func.count()).select_from(Asset).where(*where)) or 0)
        rows = s.scalars(
            select(Asset)
            .where(*where)
            .order_by(Asset.created_at.desc(), Asset.id)
            .limit(limit)
            .offset(offset)
        ).all()
        return [_view(s, a) for a in rows], total


def delete_asset(
    ctx: Container,
    auth: Auth,
    asset_id: str,
    family: str | Iterable[str],
    noun: str = "Resource",
    refuse_while_processing: bool = False,
) -> None:
    """Delete the caller's asset, its images and its base tiles."""
    with ctx.db.write() as s:
        asset = _owned(s, auth, asset_id, family, noun)
        if refuse_while_processing and asset.status == "processing":
            raise Conflict(f"{noun} is still generating")
        keys = list(s.scalars(select(Blob.key).where(Blob.asset_id == asset_id)))
        s.execute(delete(Blob).where(Blob.asset_id == asset_id))
        s.execute(delete(BaseTile).where(BaseTile.asset_id == asset_id))
        s.delete(asset)
    for key in keys:
        ctx.blobs.delete(key)
