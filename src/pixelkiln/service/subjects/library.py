"""The library of characters and objects: tags, animations as child assets, deletion.

An animation is stored as one child asset per direction (``parent_id`` the character or
object, ``group_id`` the animation group, ``params.animation_type`` its name), each
filled by its own job, so any worker can take any direction and a direction can be
deleted or replaced alone. States are sibling assets sharing the source's ``group_id``.
Everything is scoped to the caller's account; another account's ids read as missing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from pixelkiln.errors import BadRequest, Conflict, NotFound
from pixelkiln.service.accounts import Auth
from pixelkiln.store.models import Asset
from pixelkiln.store.removal import drop_assets

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = [
    "MAX_TAGS",
    "MAX_TAG_LENGTH",
    "AnimationPart",
    "animation_parts",
    "delete_animations",
    "delete_with_children",
    "normalise_tags",
    "set_tags",
]

MAX_TAGS = 20
MAX_TAG_LENGTH = 50


def normalise_tags(tags: Iterable[str]) -> list[str]:
    """Trimmed, without empties and case-insensitive repeats (first spelling kept).

    More than :data:`MAX_TAGS` tags, or one longer than :data:`MAX_TAG_LENGTH`, is a 400
    "Invalid tag format", as the contract says.
    """
    out: list[str] = []
    seen: set[str] = set()
    for raw in tags:
        tag = str(raw).strip()
        if not tag:
            continue
        if len(tag) > MAX_TAG_LENGTH:
            raise BadRequest(f"Invalid tag format: tags are at most {MAX_TAG_LENGTH} characters")
        key = tag.casefold()
        if key not in seen:
            seen.add(key)
            out.append(tag)
    if len(out) > MAX_TAGS:
        raise BadRequest(f"Invalid tag format: at most {MAX_TAGS} tags")
    return out


def _owned(s: Any, auth: Auth, asset_id: str, families: tuple[str, ...], noun: str) -> Asset:
    asset = s.get(Asset, asset_id)
    if asset is None or asset.account_id != auth.account_id or asset.family not in families:
        raise NotFound(f"{noun} not found")
    return asset


def set_tags(
    ctx: Container,
    auth: Auth,
    asset_id: str,
    families: tuple[str, ...],
    tags: Iterable[str],
    noun: str,
) -> list[str]:
    """Replace an asset's tags (normalised); returns them."""
    clean = normalise_tags(tags)
    with ctx.db.write() as s:
        asset = _owned(s, auth, asset_id, families, noun)
        asset.tags = clean
    return clean


@dataclass(frozen=True)
class AnimationPart:
    """One direction of one animation of a character or object."""

    id: str
    group_id: str
    animation_type: str
    display_name: str | None
    direction: str
    status: str
    files: dict[str, str]
    result: dict[str, Any] | None
    params: dict[str, Any]
    created_at: Any
    job_id: str | None


def animation_parts(ctx: Container, parent_id: str, family: str) -> list[AnimationPart]:
    """Every animation direction of a parent, oldest first (callers group them)."""
    with ctx.db.read() as s:
        rows = s.scalars(
            select(Asset)
            .where(Asset.parent_id == parent_id, Asset.family == family)
            .order_by(Asset.created_at, Asset.id)
        ).all()
        return [
            AnimationPart(
                id=a.id,
                group_id=a.group_id or a.id,
                animation_type=str((a.params or {}).get("animation_type", "animation")),
                display_name=(a.params or {}).get("display_name"),
                direction=str((a.params or {}).get("direction", "south")),
                status=a.status,
                files=a.files or {},
                result=a.result,
                params=a.params or {},
                created_at=a.created_at,
                job_id=a.job_id,
            )
            for a in rows
        ]


def delete_animations(
    ctx: Container,
    auth: Auth,
    parent_id: str,
    parent_families: tuple[str, ...],
    child_family: str,
    animation_type: str | None,
    animation_group_id: str | None,
    direction: str | None,
    noun: str,
) -> int:
    """Delete a parent's animations by type or group (optionally one direction).

    400 with neither filter; 409 when a type names animations of several groups (pass
    the group id instead); 0 when nothing matched.
    """
    if not animation_type and not animation_group_id:
        raise BadRequest("Pass animation_type or animation_group_id")
    with ctx.db.write() as s:
        _owned(s, auth, parent_id, parent_families, noun)
        rows = s.scalars(
            select(Asset).where(Asset.parent_id == parent_id, Asset.family == child_family)
        ).all()
        chosen = []
        for a in rows:
            p = a.params or {}
            if animation_group_id and (a.group_id or a.id) != animation_group_id:
                continue
            if animation_type and animation_type not in (
                p.get("animation_type"),
                p.get("display_name"),
            ):
                continue
            if direction and p.get("direction") != direction:
                continue
            chosen.append(a)
        if animation_type and not animation_group_id:
            groups = {a.group_id or a.id for a in chosen}
            if len(groups) > 1:
                raise Conflict(
                    f"{len(groups)} animations are called {animation_type!r}: pass "
                    "animation_group_id to say which"
                )
        keys = drop_assets(s, [a.id for a in chosen])
    for key in keys:
        ctx.blobs.delete(key)
    return len(chosen)


def delete_with_children(
    ctx: Container, auth: Auth, asset_id: str, families: tuple[str, ...], noun: str
) -> None:
    """Delete an asset, its images, and every child asset (animations) with theirs."""
    with ctx.db.write() as s:
        _owned(s, auth, asset_id, families, noun)
        children = list(s.scalars(select(Asset.id).where(Asset.parent_id == asset_id)))
        keys = drop_assets(s, [*children, asset_id])
    for key in keys:
        ctx.blobs.delete(key)
