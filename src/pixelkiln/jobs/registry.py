"""Job kinds: name -> handler, imported lazily so worker processes load only what they run.

A family adds one line here: its kind name and the ``module:function`` of its handler
(``handler(payload: dict, ctx: JobContext) -> JobOutput``, running in a worker).
"""

from __future__ import annotations

import importlib
from functools import cache

from pixelkiln.jobs.types import Handler

__all__ = ["HANDLERS", "handler_for", "register"]

HANDLERS: dict[str, str] = {
    "ui_asset": "pixelkiln.service.ui:run_ui_asset",
    "ui_element": "pixelkiln.service.ui:run_ui_element",
    "utility": "pixelkiln.service.utilities:run_utility_job",
    "isometric_tile": "pixelkiln.service.isometric:run_isometric_tile",
    "tileset": "pixelkiln.service.tilesets:run_tileset",
    "tiles_pro": "pixelkiln.service.tiles_pro:run_tiles_pro",
    "object_one_direction": "pixelkiln.service.objects.create:run_one_direction",
    "object_eight_direction": "pixelkiln.service.objects.create:run_eight_direction",
    "object_pro_flash": "pixelkiln.service.objects.create:run_pro_flash",
    "object_state": "pixelkiln.service.objects.states:run_state",
    "object_animation": "pixelkiln.service.objects.animations:run_animation",
    "map_object": "pixelkiln.service.objects.map_objects:run_map_object",
    "character": "pixelkiln.service.characters.jobs:run_character",
    "character_animation": "pixelkiln.service.characters.jobs:run_character_animation",
    "motion_rotations_v3": "pixelkiln.service.motion.rotations:run_rotations_v3",
    "motion_rotations_v2": "pixelkiln.service.motion.rotations:run_rotations_v2",
    "motion_text_animation": "pixelkiln.service.motion.animate:run_text_animation",
    "motion_interpolation": "pixelkiln.service.motion.frames:run_interpolation",
    "motion_edit_animation": "pixelkiln.service.motion.frames:run_edit_animation",
    "motion_transfer_outfit": "pixelkiln.service.motion.frames:run_transfer_outfit",
    "image": "pixelkiln.service.images.operations:run_image_job",
}

_runtime: dict[str, Handler] = {}


def register(kind: str, handler: Handler) -> None:
    """Register a handler object directly (in-process runners only)."""
    _runtime[kind] = handler


@cache
def _import(target: str) -> Handler:
    module, _, name = target.partition(":")
    handler: Handler = getattr(importlib.import_module(module), name)
    return handler


def handler_for(kind: str) -> Handler:
    if kind in _runtime:
        return _runtime[kind]
    try:
        target = HANDLERS[kind]
    except KeyError:
        raise LookupError(f"no handler for job kind {kind!r}") from None
    return _import(target)
