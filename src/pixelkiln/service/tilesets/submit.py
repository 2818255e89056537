"""Submitting tilesets: resolve connected terrains, create base tiles, charge and queue.

Every new set gets a base tile per terrain (``metadata.terrain_ids``), created in the
submission's transaction: a row holding the terrain's spec, which redraws it pixel for
pixel. A ``lower_base_tile_id``/``upper_base_tile_id`` is resolved here, so the job's
payload carries the terrain spec and the worker needs no lookups. An id that is unknown,
another account's, of another kind (standard vs Pro vs sidescroller) or drawn at another
tile size is a 422 naming the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pixelkiln.contract.tilesets import CreateTilesetRequest, CreateTilesetSidescrollerRequest
from pixelkiln.engine.reading import read_material
from pixelkiln.errors import InvalidRequest
from pixelkiln.service.accounts import Auth
from pixelkiln.service.seeds import content_seed
from pixelkiln.service.submit import AssetDraft, Submitted, submit_job
from pixelkiln.service.tilesets.plan import (
    NO_EFFECT,
    palette_of,
    quote_sidescroller,
    quote_topdown,
    tall_wall,
    terrain_spec,
)
from pixelkiln.store.models import BaseTile, new_id

if TYPE_CHECKING:
    from pixelkiln.bootstrap import Container

__all__ = ["FAMILY_SIDE", "FAMILY_TOPDOWN", "JOB_KIND", "submit_sidescroller", "submit_topdown"]

JOB_KIND = "tileset"
FAMILY_TOPDOWN = "tileset"
FAMILY_SIDE = "sidescroller"
_KIND_WORDS = {"standard": "a standard", "pro": "a Pro", "sidescroller": "a sidescroller"}


def _resolve(
    ctx: Container, auth: Auth, field: str, tile_id: str, kind: str, tile: int
) -> dict[str, Any]:
    """The terrain spec behind a base tile id, or a 422 naming ``field``."""
    with ctx.db.read() as s:
        row = s.get(BaseTile, tile_id)
        if row is None or row.account_id != auth.account_id:
            raise InvalidRequest(("body", field), f"no terrain with id {tile_id!r} in this account")
        spec = dict(row.spec)
    their = str(spec.get("kind"))
    if their != kind:
        raise InvalidRequest(
            ("body", field),
            f"terrain {tile_id} belongs to {_KIND_WORDS.get(their, their)} set; "
            f"{_KIND_WORDS[kind]} set can only connect to {_KIND_WORDS[kind]} set",
        )
    terrain = spec["terrain"]
    if int(terrain["tile"]) != tile:
        raise InvalidRequest(
            ("body", field),
            f"terrain {tile_id} was drawn at {terrain['tile']} px; this set asks for {tile} px",
        )
    return dict(terrain)


def _rows(
    account_id: str, kind: str, terrains: dict[str, dict[str, Any]], ids: dict[str, str]
) -> Callable[[str | None], list[BaseTile]]:
    """Base tile rows of a new set, made once its asset id is known."""

    def make(asset_id: str | None) -> list[BaseTile]:
        assert asset_id is not None
        return [
            BaseTile(
                id=ids[role],
                account_id=account_id,
                asset_id=asset_id,
                family=f"tileset-{kind}",
                spec={"kind": kind, "role": role, "terrain": spec},
            )
            for role, spec in terrains.items()
        ]

    return make


def submit_topdown(ctx: Container, auth: Auth, req: CreateTilesetRequest) -> Submitted:
    """Charge and queue a top-down set; its base tiles are created with it."""
    kind = req.mode
    tile = req.tile_size.width
    seed = content_seed(req)
    palette = palette_of(req.color_image)
    wall = tall_wall(req)
    terrains: dict[str, dict[str, Any]] = {}
    for role, desc, ref, field in (
        ("lower", req.lower_description, req.lower_reference_image, "lower_base_tile_id"),
        ("upper", req.upper_description, req.upper_reference_image, "upper_base_tile_id"),
    ):
        linked = getattr(req, field)
        if linked:
            terrains[role] = _resolve(ctx, auth, field, linked, kind, tile)
        else:
            terrains[role] = terrain_spec(desc, seed, role, tile, req, palette, ref).to_json()
    transition = None
    if req.transition_description.strip():
        transition = terrain_spec(
            req.transition_description,
            seed,
            "transition",
            tile,
            req,
            palette,
            req.transition_reference_image,
        ).to_json()
    ids = {"lower": new_id(), "upper": new_id()}
    generation = {
        "seed": seed,
        "mode": req.mode,
        "layout": "tall_wall_25" if wall else "wang_16",
        "requested_transition_size": req.transition_size,
        "tileset_adherence": req.tileset_adherence,
        **{name: getattr(req, name) for name in NO_EFFECT},
    }
    if req.mode == "pro":
        generation.update(
            raggedness=req.raggedness,
            roundness=req.roundness,
            boundary_amplitude=req.boundary_amplitude,
            boundary_seed=req.boundary_seed,
            step_slope=req.step_slope,
            connect_diagonals=req.connect_diagonals,
        )
    elif req.shape_style:
        generation["shape_style"] = req.shape_style
    payload = {
        "kind": "top-down",
        "mode": req.mode,
        "tile": tile,
        "seed": seed,
        "tall_wall": wall,
        "transition_size": req.transition_size,
        "view": req.view,
        "outline": req.outline or "lineless",
        "shape_style": req.shape_style,
        "border": {
            "raggedness": req.raggedness,
            "roundness": req.roundness,
            "boundary_amplitude": req.boundary_amplitude,
            "boundary_seed": req.boundary_seed,
            "step_slope": req.step_slope,
            "connect_diagonals": req.connect_diagonals,
        },
        "palette": list(palette),
        "terrains": {**terrains, "transition": transition},
        "terrain_ids": ids,
        "prompts": {
            "lower": req.lower_description,
            "upper": req.upper_description,
            "transition": req.transition_description,
        },
        "generation_parameters": generation,
    }
    draft = AssetDraft(
        family=FAMILY_TOPDOWN,
        name=f"{req.lower_description} / {req.upper_description}"[:200],
        description=req.transition_description or None,
        params={
            "kind": "top-down",
            "mode": req.mode,
            "lower_description": req.lower_description,
            "upper_description": req.upper_description,
            "transition_description": req.transition_description,
            "tile_size": {"width": tile, "height": tile},
            "view": req.view,
            "terrain_ids": ids,
        },
    )
    base = {"lower": terrains["lower"], "upper": terrains["upper"]}
    rows = _rows(auth.account_id, kind, base, ids)
    return submit_job(ctx, auth, JOB_KIND, payload, quote_topdown(req), draft, extra_rows=rows)


#: Depth of a top layer the description asked for when the request set none.
DESCRIBED_TOP_SIZE = 0.25


def submit_sidescroller(
    ctx: Container, auth: Auth, req: CreateTilesetSidescrollerRequest
) -> Submitted:
    """Charge and queue a sidescroller set (its platform gets a base tile)."""
    tile = req.tile_size.width
    seed = content_seed(req)
    palette = palette_of(req.color_image)
    if req.lower_base_tile_id:
        platform = _resolve(
            ctx, auth, "lower_base_tile_id", req.lower_base_tile_id, "sidescroller", tile
        )
    else:
        platform = terrain_spec(
            req.lower_description, seed, "lower", tile, req, palette, req.lower_reference_image
        ).to_json()
    decoration = None
    transition_text, transition_size = req.transition_description, req.transition_size
    top = read_material(req.lower_description).top if not transition_text.strip() else None
    if top:
        # A described top ("stone platform with a moss top") is the decoration layer, at
        # the smallest depth unless the caller chose one.
        transition_text = top
        if "transition_size" not in req.model_fields_set or not transition_size:
            transition_size = DESCRIBED_TOP_SIZE
    if transition_text.strip():
        decoration = terrain_spec(
            transition_text,
            seed,
            "transition",
            tile,
            req,
            palette,
            req.transition_reference_image,
        ).to_json()
    ids = {"lower": new_id()}
    payload = {
        "kind": "sidescroller",
        "tile": tile,
        "seed": seed,
        "transition_size": transition_size,
        "palette": list(palette),
        "terrains": {"lower": platform, "transition": decoration},
        "terrain_ids": ids,
        "prompts": {"lower": req.lower_description, "transition": transition_text},
        "generation_parameters": {
            "seed": seed,
            "requested_transition_size": req.transition_size,
            "tileset_adherence": req.tileset_adherence,
            **{n: getattr(req, n) for n in NO_EFFECT if hasattr(req, n)},
        },
    }
    draft = AssetDraft(
        family=FAMILY_SIDE,
        name=req.lower_description[:200],
        description=req.transition_description or None,
        params={
            "kind": "sidescroller",
            "lower_description": req.lower_description,
            "transition_description": req.transition_description,
            "tile_size": {"width": tile, "height": tile},
            "view": "side",
            "terrain_ids": ids,
        },
    )
    rows = _rows(auth.account_id, "sidescroller", {"lower": platform}, ids)
    return submit_job(ctx, auth, JOB_KIND, payload, quote_sidescroller(req), draft, extra_rows=rows)
