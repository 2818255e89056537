"""Corner-Wang tile sets: top-down (standard, Pro, tall wall) and sidescroller platforms.

- :mod:`.corners` - the corner conventions (``wang_N``, ``pattern_4x4``, native order);
- :mod:`.layouts` - which tiles a set has and where they sit on the sheet (the
  16-tile set and the 25-tile tall-wall layout with its twins);
- :mod:`.field` - the terrain field that makes every set seamless by construction;
- :mod:`.terrain` - terrain specs (what a base tile id stores) and shade tables;
- :mod:`.band` - the transition band: its material, features and masks;
- :mod:`.topdown`, :mod:`.tallwall`, :mod:`.sidescroller` - the looks (the top-down
  relief by material family: cliff, shore, ledge);
- :mod:`.tileset` - :class:`TopDownSet`, a prepared top-down set;
- :mod:`.maps` - random maps, tall-wall labelling, painting maps with tiles.
"""

from __future__ import annotations

from pixelkiln.engine.wang.field import Shape
from pixelkiln.engine.wang.sidescroller import SideParams, SideSet
from pixelkiln.engine.wang.terrain import TerrainSpec
from pixelkiln.engine.wang.tileset import RenderedTile, TopDownParams, TopDownSet

__all__ = [
    "RenderedTile",
    "Shape",
    "SideParams",
    "SideSet",
    "TerrainSpec",
    "TopDownParams",
    "TopDownSet",
]
