"""The transition band and the shore: drawn in the described material, widening with
``transition_size``, carrying the described features only; Pro sets over a liquid read
as a shore (nothing darker than the terrains' own ramps), rock over it as a cliff; the
new looks keep every seam at 0."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.rng import derive_seed
from pixelkiln.engine.text import parse_description
from pixelkiln.engine.wang import Shape, TerrainSpec, TopDownParams, TopDownSet
from pixelkiln.engine.wang.band import BandRecipe, band_recipe
from pixelkiln.engine.wang.maps import paint, random_map
from pixelkiln.engine.wang.topdown import relief_of

SHAPE = Shape(roundness=0.7, amplitude=0.4, raggedness=0.3, seed=4)


@cache
def make(lower: str, upper: str, transition: str, tile: int, pro: bool, size: float) -> TopDownSet:
    return TopDownSet(
        TopDownParams(
            lower=TerrainSpec(lower, 1, tile),
            upper=TerrainSpec(upper, 2, tile),
            transition=TerrainSpec(transition, 3, tile) if transition else None,
            tile=tile,
            pro=pro,
            transition_size=size,
            tall_wall=False,
            shape=SHAPE,
            step_slope=0.7,
        )
    )


def _tiles(s: TopDownSet) -> dict[str, np.ndarray]:
    return {rt.tile.name: rt.rgba[..., :3] for rt in s.tiles()}


def _colors(img: np.ndarray) -> set[tuple[int, int, int]]:
    return {tuple(int(v) for v in c) for c in img.reshape(-1, 3)}


def _in(img: np.ndarray, colors: np.ndarray) -> np.ndarray:
    """Pixels of ``img`` whose colour is one of ``colors``."""
    flat = img.reshape(-1, 1, 3) == np.asarray(colors, np.uint8).reshape(1, -1, 3)
    return flat.all(-1).any(-1).reshape(img.shape[:2])


def _lightness(colors: np.ndarray) -> np.ndarray:
    return srgb_to_oklab(np.asarray(colors, np.uint8).reshape(-1, 3))[:, 0]


def test_band_recipe_reads_ground_scatter_embers_and_foam() -> None:
    r = band_recipe("wet sand with foam")
    assert (r.ground.material, r.foam, r.scatter, r.glow) == ("wet sand", True, None, False)
    assert "foam" not in r.ground.features  # drawn as the shore's foam line instead
    r = band_recipe("grass with scattered dirt")
    assert (r.ground.material, r.scatter, r.foam) == ("grass", "dirt", False)
    r = band_recipe("ash and embers")
    assert (r.ground.material, r.glow, r.scatter) == ("ash", True, None)
    r = band_recipe("gravel with pebbles")
    assert r.scatter is None and "pebbles" in r.ground.features  # a feature stays one
    assert band_recipe("gravel") == BandRecipe(parse_description("gravel"))


def test_relief_follows_the_material_families() -> None:
    assert relief_of("ocean", "sand") == "shore"
    assert relief_of("deep water", "grass") == "shore"
    assert relief_of("lava", "ash") == "shore"
    assert relief_of("lava", "volcanic rock") == "cliff"
    assert relief_of("ocean", "cobblestone") == "cliff"
    assert relief_of("grass", "dirt path") == "ledge"
    assert relief_of("snow", "ice") == "ledge"


@pytest.mark.parametrize("tile", [16, 32])
def test_band_is_the_transition_material_between_the_terrains_and_widens(tile: int) -> None:
    counts = []
    for size in (0.0, 0.25, 0.5):
        s = make("grass", "dirt path", "gravel", tile, False, size)
        lower, upper = s.lower.tex.colors, s.upper.tex.colors
        tiles = _tiles(s)
        edge = tiles["wang_12"]  # upper along the north edge, lower along the south
        if s.band is None:
            assert size == 0.0
            counts.append(0)
            continue
        ground = s.band.ground.tex.colors
        # Standard, non-liquid: every pixel is a plain colour of one of the three.
        for img in tiles.values():
            assert _in(img, np.concatenate([lower, upper, ground])).all()
        band = _in(edge, ground) & ~_in(edge, lower) & ~_in(edge, upper)
        up = _in(edge, upper) & ~band
        lo = _in(edge, lower) & ~band
        rows = np.indices(band.shape)[0]
        # Column by column the band lies between the upper terrain and the lower one.
        assert rows[up].mean() < rows[band].mean() < rows[lo].mean()
        assert band.any(axis=0).mean() > 0.95  # unbroken along the edge
        counts.append(int(band.sum()))
        # Single-terrain tiles have no band.
        assert not (_in(tiles["wang_0"], ground) & ~_in(tiles["wang_0"], lower)).any()
    assert counts[0] == 0 < counts[1]
    assert counts[2] >= 1.5 * counts[1], counts


def test_band_carries_the_described_features_only() -> None:
    s = make("ocean", "sand", "wet sand with foam", 32, False, 0.5)
    assert s.band is not None
    tiles = _tiles(s)
    # The material's default shells are painted out: none of their colours shows.
    plain = render_material(parse_description("wet sand"), 32, derive_seed(3, "band-ground"))
    shells = plain.colors[len(plain.ramp) :]
    assert len(shells)  # wet sand carries shells by default
    shown = set().union(*(_colors(img) for img in tiles.values()))
    assert not shown & _colors(shells)
    # The foam is a line in the water along the shore: in mixed tiles only.
    foam = s.band.foam_colors
    for name, img in tiles.items():
        has_foam = _in(img, foam).sum()
        if name in ("wang_0", "wang_15"):
            assert has_foam == 0
        else:
            assert has_foam > 0, name
    edge = tiles["wang_12"]
    rows = np.indices(edge.shape[:2])[0]
    ground = _in(edge, s.band.ground.table.reshape(-1, 3)) & ~_in(edge, s.upper.tex.colors)
    assert rows[_in(edge, foam)].mean() > rows[ground].mean()  # foam on the water side


def test_scattered_material_and_embers_show_in_the_band() -> None:
    s = make("grass", "dirt path", "grass with scattered dirt", 32, False, 0.5)
    assert s.band is not None and s.band.scatter is s.upper  # dirt: cut from the path
    edge = _tiles(s)["wang_12"]
    lava = make("lava", "volcanic rock", "ash and embers", 32, False, 0.5)
    assert lava.band is not None
    embers = sum(int(_in(img, lava.band.glow_colors).sum()) for img in _tiles(lava).values())
    assert embers >= 8
    # The scattered dirt reaches into the grass side: path pixels below the boundary.
    rows = np.indices(edge.shape[:2])[0]
    path = _in(edge, s.upper.tex.colors) & ~_in(edge, s.lower.tex.colors)
    assert (path & (rows > 16)).sum() > 0


def _extended_darks(s: TopDownSet) -> set[tuple[int, int, int]]:
    """Shades darker than a material's own ramp (the extrapolated steps), less any
    colour some texture of the set uses as it is."""
    tables = [s.lower, s.upper] + ([s.band.ground] if s.band is not None else [])
    plain = set().union(*(_colors(t.tex.colors) for t in tables))
    darks = set().union(*(_colors(t.table[:, :3, :]) for t in tables))
    return darks - plain


@pytest.mark.parametrize("transition", ["", "wet sand with foam"])
@pytest.mark.parametrize("tile", [16, 32])
def test_pro_set_over_a_liquid_is_a_shore_not_a_cliff(transition: str, tile: int) -> None:
    size = 0.5 if transition else 0.0
    s = make("ocean", "sand", transition, tile, True, size)
    assert s.look.relief == "shore"
    darks = _extended_darks(s)
    ramps = [s.lower.tex.ramp, s.upper.tex.ramp]
    if s.band is not None:
        ramps.append(s.band.ground.tex.ramp)
    floor = min(float(_lightness(r).min()) for r in ramps)
    for name, img in _tiles(s).items():
        # No face, no shadow: nothing darker than the liquid's darkest shade, and no
        # shade beyond any material's own ramp (the wet rim stays a sand colour).
        assert float(_lightness(img).min()) >= floor - 1e-6, name
        assert not _colors(img) & darks, name
    # Rock over the same water is a cliff: its face and shadow leave the ramps.
    cliff = make("ocean", "rock", transition, tile, True, size)
    assert cliff.look.relief == "cliff"
    shown = set().union(*(_colors(img) for img in _tiles(cliff).values()))
    assert len(shown & _extended_darks(cliff)) >= 3


def test_lava_glows_at_the_cliff_foot() -> None:
    s = make("lava", "volcanic rock", "", 32, True, 0.0)
    assert s.look.glowing_lower and s.look.relief == "cliff"
    img = _tiles(s)["wang_12"]
    lava = _in(img, s.lower.table[:, 3:, :].reshape(-1, 3))  # lava at +0 or brighter
    brighter = _in(img, s.lower.table[:, 4:, :].reshape(-1, 3)) & ~_in(img, s.lower.tex.colors)
    assert lava.any() and brighter.any()
    shaded = _in(img, s.lower.table[:, :3, :].reshape(-1, 3)) & ~_in(img, s.lower.tex.colors)
    assert not shaded.any()  # lava takes no shadow


LOOKS = [
    ("ocean", "sand", "wet sand with foam", 16, True, 0.5),
    ("ocean", "sand", "wet sand with foam", 32, False, 0.25),
    ("deep water", "grass", "", 16, True, 0.0),
    ("lava", "volcanic rock", "ash and embers", 32, True, 0.5),
    ("grass", "dirt path", "grass with scattered dirt", 32, True, 0.5),
    ("dirt", "cobblestone", "gravel", 16, True, 0.25),
]


@pytest.mark.parametrize("case", LOOKS, ids=lambda c: f"{c[1]}-{c[3]}-{'pro' if c[4] else 'std'}")
def test_band_and_shore_looks_keep_seams_at_zero(case: tuple) -> None:
    s = make(*case)
    tiles = [(rt.tile, rt.rgba) for rt in s.tiles()]
    for seed in (1, 2):
        m = random_map(np.random.default_rng(seed), 12, 12, smooth=0.6 * (seed - 1))
        assert int((paint(tiles, m) != s.render_map(m)).any(-1).sum()) == 0
    edges = {"N": (0, 1), "S": (2, 3), "W": (0, 2), "E": (1, 3)}
    cut = {
        "N": lambda a: a[0],
        "S": lambda a: a[-1],
        "W": lambda a: a[:, 0],
        "E": lambda a: a[:, -1],
    }
    for side, (i, j) in edges.items():
        seen: dict[tuple[int, int], np.ndarray] = {}
        for d, img in tiles:
            line = cut[side](img)
            key = (d.corners[i], d.corners[j])
            assert np.array_equal(seen.setdefault(key, line), line), (d.name, side)
