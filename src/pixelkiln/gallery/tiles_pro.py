"""Gallery section "tiles_pro": connectable sets assembled into places, and every geometry.

- a small town: a road set, a pond from a terrain set and two houses from building kits,
  all square top-down tiles of one seed (so their grass is one grass);
- a hex island: two coastline sets (sand to water, grass to sand) on flat-top hexes;
- an isometric lake: a corner terrain set on an isometric grid, with a path set on land;
- an isometric house: a building kit assembled over floor and grass;
- the sheets behind them, a strip of each geometry with a few materials, variations of one
  material, and outline versus segmentation.

Everything is drawn by the engine's layout code (the same placement the tests check) and
enlarged with nearest-neighbour scaling.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

from pixelkiln.engine.tiles_pro import BuildingSpec, TileSet, TilesProSpec, render_tiles_pro
from pixelkiln.engine.tiles_pro.layout import (
    best_coast_mask,
    cell_position,
    compose_layers,
    corner_masks,
    edge_masks,
)

__all__ = ["NAME", "TITLE", "build"]

NAME = "tiles_pro"
TITLE = "Pro tiles"

SEED = 21
_BG = (34, 36, 44, 255)
Cell = tuple[int, int]


def _save(rgba: np.ndarray, path: Path, zoom: int) -> None:
    back = np.empty_like(rgba)
    back[:] = _BG
    alpha = rgba[..., 3:4] > 0
    rgb = np.where(alpha, rgba, back)[..., :3]
    big = np.repeat(np.repeat(rgb, zoom, axis=0), zoom, axis=1)
    Image.fromarray(np.ascontiguousarray(big), "RGB").save(path, optimize=True)


def _sheet(tiles: list[np.ndarray], columns: int, pad: int = 3) -> np.ndarray:
    h = max(t.shape[0] for t in tiles)
    w = max(t.shape[1] for t in tiles)
    rows = -(-len(tiles) // columns)
    out = np.zeros((rows * (h + pad) + pad, columns * (w + pad) + pad, 4), np.uint8)
    for i, t in enumerate(tiles):
        y = pad + (i // columns) * (h + pad) + (h - t.shape[0])
        x = pad + (i % columns) * (w + pad)
        region = out[y : y + t.shape[0], x : x + t.shape[1]]
        region[t[..., 3] > 0] = t[t[..., 3] > 0]
    return out


def _set(description: str, tile_type: str, feature: str | None = None, **kw: object) -> TileSet:
    spec = TilesProSpec(
        description=description, tile_type=tile_type, feature=feature, seed=SEED, **kw
    )  # type: ignore[arg-type]
    return render_tiles_pro(spec)


def _by_mask(ts: TileSet) -> dict[int, np.ndarray]:
    out: dict[int, np.ndarray] = {}
    for tile, mask in zip(ts.tiles, ts.masks, strict=True):
        if mask is not None:
            out.setdefault(mask, tile)
    return out


def _kit_layers(
    kit: TileSet,
    plan: list[str],
    ground: Callable[[Cell], np.ndarray],
    footing: np.ndarray,
    origin: Cell,
) -> tuple[dict[Cell, np.ndarray], dict[Cell, np.ndarray]]:
    """Ground and wall layers of a house drawn as text: '#' wall, 'D' door, 'P' pillar,
    'S' stairs, '.' floor, ' ' outside. Walls stand on ``footing``."""
    names = {n: i for i, n in enumerate(kit.names)}
    member = {(r, c): ch in "#D" for r, row in enumerate(plan) for c, ch in enumerate(row)}
    masks = edge_masks(kit.geometry, member)
    dy, dx = kit.offset
    floor = kit.tiles[names["floor"]][-dy:, -dx:]
    grounds: dict[Cell, np.ndarray] = {}
    walls: dict[Cell, np.ndarray] = {}
    r0, c0 = origin
    for (r, c), on in member.items():
        ch = plan[r][c]
        cell = (r0 + r, c0 + c)
        grounds[cell] = footing if on else (ground(cell) if ch == " " else floor)
        if ch == "#":
            walls[cell] = kit.tiles[masks[(r, c)]]
        elif ch == "D":
            walls[cell] = kit.tiles[names["doorway_we" if masks[(r, c)] == 10 else "doorway_ns"]]
        elif ch == "P":
            walls[cell] = kit.tiles[names["pillar"]]
        elif ch == "S":
            walls[cell] = kit.tiles[names["staircase"]]
    return grounds, walls


def _edge_open_masks(geom: object, plan: list[str], mark: str) -> dict[Cell, int]:
    """Edge masks of a text plan whose marked cells run on past the map's edge."""
    rows, cols = len(plan), len(plan[0])
    member = {}
    for r in range(-1, rows + 1):
        for c in range(-1, cols + 1):
            rr, cc = min(max(r, 0), rows - 1), min(max(c, 0), cols - 1)
            member[(r, c)] = plan[rr][cc] == mark
    masks = edge_masks(geom, member)  # type: ignore[arg-type]
    return {k: v for k, v in masks.items() if 0 <= k[0] < rows and 0 <= k[1] < cols}


def _town(out: Path) -> str:
    view = "high top-down"
    common = {"tile_view": view, "outline_mode": "segmentation"}
    roads = _set("cobblestone road through grass", "square_topdown", "roads", **common)
    pond = _set("grass to water", "square_topdown", "tileset", **common)
    footing = _set("1). cobblestone", "square_topdown", **common).tiles[0]
    stone = _set(
        "stone house",
        "square_topdown",
        "building",
        **common,
        building=BuildingSpec(wall="stone brick", floor="wood planks", wall_angle=55),
    )
    brick = _set(
        "brick house",
        "square_topdown",
        "building",
        **common,
        building=BuildingSpec(wall="red brick", floor="floor tiles", wall_angle=55),
    )
    road_tiles = _by_mask(roads)
    plain = roads.tiles[16:]
    town = [
        "....#..........#.........",
        "....#..........#.........",
        "#########################",
        "....#..........#.........",
        "....#..........#.........",
        "....#..........#.........",
        "....#..........#.........",
        "....#..........###########",
        "....#..........#.........",
        "....#..........#.........",
        "....#..........#.........",
        "....#..........#.........",
        "....#..........#.........",
        "....############.........",
        "....#....................",
    ]
    town = [row[:25] for row in town]
    geom = roads.geometry
    masks = _edge_open_masks(geom, town, "#")
    rng = np.random.default_rng(SEED)
    ground: dict[Cell, np.ndarray] = {}
    for r, row in enumerate(town):
        for c, ch in enumerate(row):
            ground[(r, c)] = (
                road_tiles[masks[(r, c)]] if ch == "#" else plain[int(rng.random() < 0.15)]
            )
    # A pond south of the stone house, from the terrain set (a dual grid of corners).
    pond_tiles = _by_mask(pond)
    corners = np.ones((5, 9), np.int64)
    corners[1:4, 1:7] = 0
    corners[2, 7] = 0
    corners[1, 1] = 1
    cm = corner_masks(corners)
    for r in range(cm.shape[0]):
        for c in range(cm.shape[1]):
            ground[(9 + r, 5 + c)] = pond_tiles[int(cm[r, c])]

    def grass(cell: Cell) -> np.ndarray:
        return ground[cell]

    walls: dict[Cell, np.ndarray] = {}
    for kit, plan, origin in (
        (stone, ["######", "#S..P#", "#....#", "###D##"], (4, 6)),
        (brick, ["#######", "#P...S#", "#.....#", "####D##"], (9, 17)),
        (stone, ["####", "#..#", "#D##"], (4, 20)),
    ):
        g, w = _kit_layers(kit, plan, grass, footing, origin)
        ground.update(g)
        walls.update(w)
    img = compose_layers(geom, [(ground, (0, 0)), (walls, stone.offset)], _BG)
    _save(img, out / "town.png", 2)
    _save(_sheet(roads.tiles, 9), out / "roads_sheet.png", 3)
    return (
        "### A town: roads, a pond and three houses (square top-down)\n\n"
        "Eighteen road tiles (`cobblestone road through grass`, `tile_feature: roads`), a "
        "`grass to water` corner set for the pond and two building kits (stone, brick), all "
        "one seed, so their grass is one texture. Tiles are placed by their `tile_rules` "
        "masks; walls are drawn over the ground layer, back to front.\n\n"
        f"![town]({NAME}/town.png)\n\n"
        "The road set: masks 0-15 (lone patch, dead ends, straights, corners, T-junctions, "
        "crossing), then two stamp-only ground tiles.\n\n"
        f"![roads]({NAME}/roads_sheet.png)\n"
    )


def _hex_island(out: Path) -> str:
    beach = _set("sand to shallow water", "hex", "tileset", outline_mode="segmentation")
    meadow = _set("grass to sand", "hex", "tileset", outline_mode="segmentation")
    geom = beach.geometry
    rows, cols = 9, 11
    level: dict[Cell, int] = {}
    for r in range(rows):
        for c in range(cols):
            y, x = cell_position(geom, r, c)
            cy = (y + geom.face_h / 2) / geom.face_h
            cx = (x + geom.width / 2) / geom.width
            d = ((cy - 4.6) / 3.6) ** 2 + ((cx - 4.3) / 3.4) ** 2 + 0.12 * np.sin(3 * cx + cy)
            level[(r, c)] = 2 if d < 0.38 else (1 if d < 1.0 else 0)
    land = edge_masks(geom, {k: v >= 1 for k, v in level.items()})
    core = edge_masks(geom, {k: v >= 2 for k, v in level.items()})
    sand_tiles, grass_tiles = _by_mask(beach), _by_mask(meadow)
    placed: dict[Cell, np.ndarray] = {}
    for cell, lv in level.items():
        if lv == 2:
            placed[cell] = grass_tiles[best_coast_mask(core[cell])]
        elif lv == 1:
            placed[cell] = sand_tiles[best_coast_mask(land[cell])]
        else:
            placed[cell] = sand_tiles[0]
    img = compose_layers(geom, [(placed, (0, 0))], _BG)
    _save(img, out / "hex_island.png", 3)
    _save(_sheet(beach.tiles, 8), out / "coast_sheet.png", 3)
    return (
        "### A hex island (flat-top hexes)\n\n"
        "Two 32-tile coastlines (`sand to shallow water`, `grass to sand`, `tile_feature: "
        "tileset` on `hex`): each hex's mask says which of its six edges are land.\n\n"
        f"![hex island]({NAME}/hex_island.png)\n\n"
        "The coastline set: all water, every contiguous run of 1-5 land edges, all land.\n\n"
        f"![coast]({NAME}/coast_sheet.png)\n"
    )


def _iso_lake(out: Path) -> str:
    terrain = _set("grass to water", "isometric", "tileset", outline_mode="segmentation")
    paths = _set("dirt path through grass", "isometric", "roads", outline_mode="segmentation")
    geom = terrain.geometry
    n = 11
    corners = np.ones((n + 1, n + 1), np.int64)
    corners[1:6, 5:11] = 0
    corners[2:5, 4] = 0
    corners[6, 7:10] = 0
    corners[3, 7] = 1
    cm = corner_masks(corners)
    tiles = _by_mask(terrain)
    path_tiles = _by_mask(paths)
    path_cells = {(r, 2) for r in range(11)} | {(8, c) for c in range(2, 11)}
    member = {(r, c): (r, c) in path_cells and cm[r, c] == 15 for r in range(n) for c in range(n)}
    masks = edge_masks(geom, member)
    # Plain grass from a variations request of the same seed: the same grass, with
    # flowers and worn patches, mixed into the all-grass cells.
    grass = _set("grass", "isometric", outline_mode="segmentation").tiles
    rng = np.random.default_rng(SEED)
    placed = {}
    for r in range(n):
        for c in range(n):
            if member[(r, c)]:
                placed[(r, c)] = path_tiles[masks[(r, c)]]
            elif cm[r, c] == 15 and rng.random() < 0.35:
                placed[(r, c)] = grass[int(rng.integers(1, len(grass)))]
            else:
                placed[(r, c)] = tiles[int(cm[r, c])]
    img = compose_layers(geom, [(placed, (0, 0))], _BG)
    _save(img, out / "iso_lake.png", 3)
    _save(_sheet(terrain.tiles, 8), out / "iso_terrain_sheet.png", 3)
    return (
        "### An isometric lake\n\n"
        "A `grass to water` corner set on an isometric grid (32x24 half blocks, the "
        "diamond's midline at y = 7), with a `dirt path through grass` set on the land and "
        "grass variations (an unnumbered `grass` request of the same seed) mixed in.\n\n"
        f"![iso lake]({NAME}/iso_lake.png)\n\n"
        "The 16 corner tiles, `tile_i` = corner mask i (NW<<3 | NE<<2 | SW<<1 | SE, a set "
        "bit is grass).\n\n"
        f"![iso terrain]({NAME}/iso_terrain_sheet.png)\n"
    )


def _iso_house(out: Path) -> str:
    kit = _set(
        "stone house",
        "isometric",
        "building",
        outline_mode="segmentation",
        building=BuildingSpec(floor="wood planks", wall_tiles=1),
    )
    tall = _set(
        "stone house",
        "isometric",
        "building",
        outline_mode="outline",
        building=BuildingSpec(floor="wood planks"),
    )
    grass = _set("grass", "isometric", outline_mode="segmentation")
    plan = [
        "            ",
        " ######D### ",
        " #P.......# ",
        " #........D ",
        " #..S...P.# ",
        " ####D##### ",
        "            ",
    ]
    ground_tiles = grass.tiles
    footing = _set("1). cobblestone", "isometric", outline_mode="segmentation").tiles[0]

    def ground(cell: Cell) -> np.ndarray:
        return ground_tiles[0 if (cell[0] * 5 + cell[1] * 3) % 7 else 1]

    grounds, walls = _kit_layers(kit, plan, ground, footing, (0, 0))
    img = compose_layers(kit.geometry, [(grounds, (0, 0)), (walls, kit.offset)], _BG)
    _save(img, out / "iso_house.png", 3)
    _save(_sheet(tall.tiles, 11), out / "kit_sheet.png", 3)
    return (
        "### A house from an isometric building kit\n\n"
        "`tile_feature: building` (walls `stone brick`, floor `wood planks`): 16 connectable "
        "walls, two doorways, floor, an upper-storey block, a pillar and a staircase, "
        "assembled by their masks over floor and grass tiles (one-storey walls, "
        "`outline_mode: segmentation`).\n\n"
        f"![iso house]({NAME}/iso_house.png)\n\n"
        "The kit's 22 pieces with two-storey walls and `outline_mode: outline` (wall masks "
        "0-15, doorways, floor, upper storey, pillar, staircase).\n\n"
        f"![kit]({NAME}/kit_sheet.png)\n"
    )


def _oblique(out: Path) -> str:
    common = {"outline_mode": "segmentation", "tile_size": 32}
    terrain = _set("grass to dirt", "oblique", "tileset", **common)
    kit = _set(
        "brick house",
        "oblique",
        "building",
        **common,
        building=BuildingSpec(wall="red brick", floor="wood planks", wall_tiles=1),
    )
    geom = terrain.geometry
    tiles = _by_mask(terrain)
    n = 9
    corners = np.ones((n + 1, n + 1), np.int64)
    corners[6:, 0:4] = 0
    corners[7:, 4] = 0
    corners[0:2, 7:] = 0
    cm = corner_masks(corners)
    ground = {(r, c): tiles[int(cm[r, c])] for r in range(n) for c in range(n)}
    # The walls stand on the kit's own floor tiles (cut from the kit canvas).
    floor = kit.tiles[kit.names.index("floor")][-kit.offset[0] :, -kit.offset[1] :]
    plan = ["#####", "#...#", "#.S.#", "##D##"]

    def grass(cell: Cell) -> np.ndarray:
        return ground[cell]

    g, walls = _kit_layers(kit, plan, grass, floor, (2, 2))
    ground.update(g)
    img = compose_layers(geom, [(ground, (0, 0)), (walls, kit.offset)], _BG)
    _save(img, out / "oblique.png", 3)
    return (
        "### Oblique tiles\n\n"
        "Square tops extruded down and to the right (`tile_type: oblique`, `oblique_lean` "
        "1): a `grass to dirt` corner set and a one-storey brick kit on it.\n\n"
        f"![oblique]({NAME}/oblique.png)\n"
    )


def _strips(out: Path) -> str:
    items = (
        "1). grass 2). dirt 3). sand 4). shallow water 5). cobblestone 6). stone brick "
        "7). snow 8). lava"
    )
    rows = []
    for tile_type in ("square_topdown", "isometric", "hex", "hex_pointy", "octagon"):
        rows.append(_sheet(_set(items, tile_type).tiles, 8))
    width = max(r.shape[1] for r in rows)
    img = np.concatenate([np.pad(r, ((0, 0), (0, width - r.shape[1]), (0, 0))) for r in rows])
    _save(img, out / "geometries.png", 3)
    variations = _set("grass", "isometric", outline_mode="segmentation")
    flowers = _set(
        "cobblestone", "square_topdown", tile_view="top-down", outline_mode="segmentation"
    )
    var = _sheet(variations.tiles + flowers.tiles, 8)
    _save(var, out / "variations.png", 3)
    patches = []
    for mode in ("outline", "segmentation"):
        ts = _set("1). grass 2). stone brick 3). shallow water", "isometric", outline_mode=mode)
        singles = _sheet(ts.tiles, 3)
        grass = _set("grass", "isometric", outline_mode=mode).tiles
        patch = compose_layers(
            ts.geometry,
            [
                (
                    {(r, c): grass[(r * 3 + c) % len(grass)] for r in range(3) for c in range(3)},
                    (0, 0),
                )
            ],
        )
        patches += [singles, patch]
    height = max(p.shape[0] for p in patches)
    row = np.concatenate(
        [np.pad(p, ((0, height - p.shape[0]), (0, 6), (0, 0))) for p in patches], axis=1
    )
    _save(row, out / "outline_modes.png", 3)
    return (
        "### Every geometry\n\n"
        "One numbered description (`1). grass 2). dirt ... 8). lava`), one tile per item, "
        "on `square_topdown`, `isometric`, `hex`, `hex_pointy` and `octagon` at the default "
        "low top-down view.\n\n"
        f"![geometries]({NAME}/geometries.png)\n\n"
        "Unnumbered descriptions give variations of one material that share their edges "
        "(`grass` isometric; `cobblestone` square top-down).\n\n"
        f"![variations]({NAME}/variations.png)\n\n"
        "`outline_mode`: `outline` (left) rings every tile, so a map shows its grid; "
        "`segmentation` (right) leaves the edges to the texture, and ground tiles join "
        "seamlessly (3x3 patches of `grass` variations).\n\n"
        f"![outline modes]({NAME}/outline_modes.png)\n"
    )


def build(out: Path, progress: Callable[[str], None]) -> str:
    """Draw the section into ``out`` and return its Markdown."""
    parts = []
    for label, step in (
        ("town", _town),
        ("hex island", _hex_island),
        ("isometric lake", _iso_lake),
        ("isometric house", _iso_house),
        ("oblique", _oblique),
        ("geometries", _strips),
    ):
        progress(f"tiles_pro: {label}")
        parts.append(step(out))
    return "\n".join(parts)
