"""The review of a 1-direction request's candidates: ``select-frames`` and ``dismiss-review``.

``select-frames`` makes each chosen candidate a completed 1-direction object of its own:
its PNG is copied to a new file (so deleting one object never breaks another), its spec
and look come along (so it animates and takes states), and ``common_tag`` is its tag.
The review stays open, so more candidates can be chosen later; choosing one again
answers the object already made from it. ``dismiss-review`` closes the review: the review
object and its candidate files are deleted (the objects already made stay). Both are free.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from pixelkiln.contract.common import Usage
from pixelkiln.contract.objects import (
    DismissReviewResponse,
    SelectObjectFramesRequest,
    SelectObjectFramesResponse,
)
from pixelkiln.errors import BadRequest
from pixelkiln.service.accounts import Auth
from pixelkiln.service.objects.common import FAMILY, NOUN
from pixelkiln.service.objects.library import owned_object
from pixelkiln.service.subjects.library import delete_with_children, normalise_tags
from pixelkiln.store.models import Asset, Blob, new_id, utcnow

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["dismiss_review", "select_frames"]


def _in_review(asset: Asset) -> dict[str, Any]:
    result = asset.result or {}
    if asset.status != "completed" or not result.get("review"):
        raise BadRequest(
            "Object is not in review: only a 1-direction request with several "
            "candidates has frames to select"
        )
    return result


def select_frames(
    ctx: Container, auth: Auth, object_id: str, req: SelectObjectFramesRequest
) -> SelectObjectFramesResponse:
    """Promote the chosen candidates to completed objects (see the module docstring)."""
    with ctx.db.read() as s:
        review = owned_object(s, auth, object_id)
        s.expunge(review)
        result = _in_review(review)
        # Objects made from candidates earlier, still there (deleted ones are made again).
        alive = {
            i: oid for i, oid in result.get("selected", {}).items() if s.get(Asset, oid) is not None
        }
    count = len(result.get("candidates", []))
    if not req.indices:
        raise BadRequest("Pass at least one candidate index")
    for i in req.indices:
        if not 0 <= i < count:
            raise BadRequest(f"Index {i} is out of range: the candidates are 0-{count - 1}")
    tags = normalise_tags([req.common_tag]) if req.common_tag else []
    wanted = list(dict.fromkeys(req.indices))
    files = review.files or {}
    made: dict[int, tuple[str, str, int]] = {}
    for i in wanted:
        if str(i) in alive:
            continue
        data = ctx.blobs.get(files[f"frame_{i}"])
        made[i] = (new_id(), ctx.blobs.put(data), len(data))
    try:
        with ctx.db.write() as s:
            row = owned_object(s, auth, object_id)
            current = _in_review(row)
            selected = {
                i: oid
                for i, oid in current.get("selected", {}).items()
                if s.get(Asset, oid) is not None
            }
            for i, (asset_id, key, size) in made.items():
                if str(i) in selected and s.get(Asset, selected[str(i)]) is not None:
                    ctx.blobs.delete(key)  # chosen meanwhile by a concurrent call
                    continue
                record = copy.deepcopy(current["candidates"][i])
                params = {
                    **(row.params or {}),
                    "origin": "candidate",
                    "directions": 1,
                    "candidate_of": row.id,
                    "candidate_index": i,
                }
                params.pop("n_frames", None)
                s.add(
                    Asset(
                        id=asset_id,
                        account_id=row.account_id,
                        family=FAMILY,
                        status="completed",
                        name=row.name,
                        description=row.description,
                        params=params,
                        result=record,
                        files={"unknown": key},
                        tags=tags,
                        created_at=utcnow(),
                    )
                )
                s.add(Blob(key=key, account_id=row.account_id, asset_id=asset_id, size=size))
                selected[str(i)] = asset_id
            row.result = {**current, "selected": selected}
            ids = [selected[str(i)] for i in wanted]
    except Exception:
        for _, key, _ in made.values():
            ctx.blobs.delete(key)
        raise
    return SelectObjectFramesResponse(
        created_object_ids=ids, usage=Usage(type="generations", generations=0)
    )


def dismiss_review(ctx: Container, auth: Auth, object_id: str) -> DismissReviewResponse:
    """Close a review: delete it and its candidate files (objects made from it stay)."""
    with ctx.db.read() as s:
        _in_review(owned_object(s, auth, object_id))
    delete_with_children(ctx, auth, object_id, (FAMILY,), NOUN)
    return DismissReviewResponse(usage=Usage(type="generations", generations=0))
