"""Tilesets: submit (with connected terrains), the ``tileset`` job, reads and exports.

- :mod:`.plan` - layout, cost, seed and terrain specs of a request;
- :mod:`.submit` - base tiles, connections and the charged submission;
- :mod:`.handler` - the job (``run_tileset``);
- :mod:`.views` - response bodies, lists, deletes, PNG/Tiled/Godot exports.
"""

from __future__ import annotations

from pixelkiln.service.tilesets.handler import run_tileset
from pixelkiln.service.tilesets.plan import quote_sidescroller, quote_topdown, tall_wall
from pixelkiln.service.tilesets.submit import (
    FAMILY_SIDE,
    FAMILY_TOPDOWN,
    JOB_KIND,
    submit_sidescroller,
    submit_topdown,
)
from pixelkiln.service.tilesets.views import (
    FORMATS,
    Export,
    delete_tileset,
    export_tileset,
    get_tileset,
    list_tilesets,
    read_tileset,
    summary,
    tileset_body,
)

__all__ = [
    "FAMILY_SIDE",
    "FAMILY_TOPDOWN",
    "FORMATS",
    "JOB_KIND",
    "Export",
    "delete_tileset",
    "export_tileset",
    "get_tileset",
    "list_tilesets",
    "quote_sidescroller",
    "quote_topdown",
    "read_tileset",
    "run_tileset",
    "submit_sidescroller",
    "submit_topdown",
    "summary",
    "tall_wall",
    "tileset_body",
]
