"""Generic reads and deletes of a family's resources, scoped to the caller's account."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, select

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
    "delete_asset",
    "get_asset",
    "get_done_asset",
    "list_assets",
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


def get_done_asset(
    ctx: Container, auth: Auth, asset_id: str, family: str | Iterable[str], noun: str = "Resource"
) -> AssetView:
    """Like get_asset, but 423 while the job runs and 410 when it failed."""
    view = get_asset(ctx, auth, asset_id, family, noun)
    if view.status == "processing":
        raise StillProcessing(f"{noun} is still being generated", retry_after=1)
    if view.status == "failed":
        reason = (view.error or "").split(": ", 1)[-1] or "unknown error"
        raise GenerationFailed(f"{noun} generation failed ({reason}); its charge was refunded")
    return view


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
