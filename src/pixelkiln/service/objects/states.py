"""States of an object: ``POST /objects/{id}/states``.

The edit description is applied to the object's stored spec by the engine
(:func:`~pixelkiln.engine.subjects.reading.edit_subject`): conditions ("open", "broken",
"lit", "covered in snow", "burning", "frozen") and colours ("make it red"). The state is
a new object drawn in the source's directions with the source's look (size, view, style,
palette, placement), so it lines up with the source frame for frame; the source and its
states share a ``group_id`` (the source's own id when it had none). An edit that changes
nothing the object can show is a 400 naming the states it takes. ``seed`` re-rolls the
randomness of the conditions (where cracks and icicles fall), not the object's shape.

Cost: one rung of the ladder by the object's size, as for making it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pixelkiln.contract.common import Usage
from pixelkiln.contract.objects import CreateObjectStateRequest, CreateObjectStateResponse
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.conditions import GENERIC_CONDITIONS
from pixelkiln.engine.subjects.props import PROP_KINDS
from pixelkiln.engine.subjects.reading import edit_subject
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.errors import BadRequest, NotFound
from pixelkiln.jobs.types import JobContext, JobOutput
from pixelkiln.service.accounts import Auth
from pixelkiln.service.objects import costs
from pixelkiln.service.objects.common import FAMILY, KIND_STATE
from pixelkiln.service.objects.draw import canvas_of, draw_stills, lock_camera, still_record
from pixelkiln.service.objects.library import owned_object
from pixelkiln.service.subjects.drawing import subject_from
from pixelkiln.service.submit import AssetDraft, JobDraft, submit_jobs
from pixelkiln.store.models import Asset

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["run_state", "state_spec", "submit_state"]


def _takes(spec: SubjectSpec) -> tuple[str, ...]:
    if spec.kind == "prop":
        return tuple(dict.fromkeys((*PROP_KINDS[spec.plan].conditions, *GENERIC_CONDITIONS)))
    return GENERIC_CONDITIONS


def state_spec(spec: SubjectSpec, edit: str, seed: int | None) -> tuple[SubjectSpec, Any]:
    """The edited spec and the engine's reading of the edit (400 if it changes nothing)."""
    reading = edit_subject(spec, edit)
    new = reading.spec
    takes = _takes(spec)
    shown = {c for c in new.conditions if c in takes} != {c for c in spec.conditions if c in takes}
    if (
        not shown
        and new.paints == spec.paints
        and new.outfit == spec.outfit
        and (new.items == spec.items)
    ):
        raise BadRequest(
            f"The edit changes nothing a {spec.plan} can show: it takes the states "
            f"{', '.join(takes)}, and colours ('make it red')"
        )
    if seed is not None:
        new = replace(new, seed=int(seed))
    return new, reading


def submit_state(
    ctx: Container, auth: Auth, object_id: str, req: CreateObjectStateRequest
) -> CreateObjectStateResponse:
    """Price and queue the state (400 if the source is not a completed object)."""
    with ctx.db.read() as s:
        source = owned_object(s, auth, object_id)
        s.expunge(source)
    result = source.result or {}
    if source.status != "completed" or result.get("review") or "spec" not in result:
        raise BadRequest("Object is not completed: states are made from a finished object")
    spec, reading = state_spec(
        SubjectSpec.from_dict(result["spec"]), req.edit_description, req.seed
    )
    width, height = canvas_of(result["look"])
    cost = costs.ladder(max(width, height))
    group_id = source.group_id or source.id
    state_name = req.state_name or req.edit_description[:20]
    params = {
        **(source.params or {}),
        "origin": "state",
        "state_name": state_name,
        "state_of": source.id,
        "edit_description": req.edit_description,
    }
    params.pop("billing_stages", None)

    def inside(s: Any) -> None:
        row = s.get(Asset, source.id)
        if row is None:
            raise NotFound("Object not found")
        if row.group_id is None:
            row.group_id = group_id

    (q,) = submit_jobs(
        ctx,
        auth,
        [
            JobDraft(
                kind=KIND_STATE,
                payload={
                    "spec": spec.to_dict(),
                    "reading": reading.to_dict(),
                    "look": result["look"],
                    "source_spec": result["spec"],
                    "directions": result.get("directions") or list(DIRECTIONS),
                },
                cost=cost,
                asset=AssetDraft(
                    family=FAMILY,
                    name=source.name,
                    description=source.description,
                    params=params,
                    group_id=group_id,
                ),
            )
        ],
        inside=inside,
    )
    return CreateObjectStateResponse(
        background_job_id=q.job_id,
        object_id=q.asset_id,
        usage=Usage(type="generations", generations=cost),
    )


def run_state(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    """Job: the state drawn in the source's directions and look."""
    subject = subject_from(payload["spec"])
    look = payload["look"]
    if payload.get("source_spec"):
        look = lock_camera(subject, subject_from(payload["source_spec"]), look)
    names = list(payload["directions"])
    draw = ["south" if d == "unknown" else d for d in names]
    ctx.progress(0.2)
    pictures = draw_stills(subject, look, draw)
    by_name = {n: pictures[d] for n, d in zip(names, draw, strict=True)}
    record = still_record(subject, look, by_name)
    record["directions"] = names
    record["edit"] = payload.get("reading")
    return JobOutput(
        result=record,
        files={n: p.png() for n, p in by_name.items()},
        last_response={"status": "completed", "object_id": ctx.asset_id, "directions": len(names)},
    )
