"""Seams: every allowed adjacency and random painted maps match the one-piece render.

The seam error of a painted region is the number of pixels where the tiles, placed
side by side, differ from the same region drawn in one piece by the world renderer
(which knows nothing of tile boundaries). 0 means no seam can show. On top of that,
tiles sharing a corner pair on an edge share that edge's pixels (the property a game's
autotiler relies on and ``pixelcheck.py wangset`` checks).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from pixelkiln.engine.wang import Shape, SideParams, SideSet, TerrainSpec, TopDownParams, TopDownSet
from pixelkiln.engine.wang.maps import (
    cell_variants,
    paint,
    random_map,
    repair_tallwall,
    tallwall_labels,
)

KINDS = ("standard", "pro", "tallwall", "sidescroller")
SIZES = {
    "standard": (16, 32),
    "pro": (16, 32, 64),
    "tallwall": (16, 32, 64),
    "sidescroller": (16, 32),
}


@cache
def make_set(kind: str, tile: int) -> TopDownSet | SideSet:
    if kind == "sidescroller":
        return SideSet(
            SideParams(
                TerrainSpec("stone brick platform", 3, tile),
                TerrainSpec("moss", 4, tile),
                tile,
                0.5,
            )
        )
    pro = kind != "standard"
    return TopDownSet(
        TopDownParams(
            lower=TerrainSpec("grass", 1, tile),
            upper=TerrainSpec("dirt path", 2, tile),
            transition=TerrainSpec("rock" if kind == "tallwall" else "gravel", 5, tile),
            tile=tile,
            pro=pro,
            transition_size=0.5 if kind != "tallwall" else 0.0,
            tall_wall=kind == "tallwall",
            shape=Shape(roundness=0.7, amplitude=0.6, raggedness=0.5 if pro else 0.0, seed=9),
            step_slope=0.7,
        )
    )


@cache
def tiles_of(kind: str, tile: int) -> list[tuple]:
    return [(rt.tile, rt.rgba) for rt in make_set(kind, tile).tiles()]


def _seam_error(kind: str, tile: int, labels: np.ndarray, variants: np.ndarray | None) -> int:
    s = make_set(kind, tile)
    painted = paint(tiles_of(kind, tile), labels, variants)
    whole = s.render_map(labels, variants) if isinstance(s, TopDownSet) else s.render_map(labels)
    assert painted.shape == whole.shape
    return int((painted != whole).any(axis=-1).sum())


CASES = [(k, t) for k in KINDS for t in SIZES[k]]


@pytest.mark.parametrize(("kind", "tile"), CASES)
def test_every_allowed_adjacency_has_seam_error_zero(kind: str, tile: int) -> None:
    tiles = tiles_of(kind, tile)
    pairs = 0
    for a, _ in tiles:
        for b, _ in tiles:
            var = np.array([[a.variant, b.variant]], np.int8)
            if a.corners[1] == b.corners[0] and a.corners[3] == b.corners[2]:  # a | b
                lab = np.array(
                    [
                        [a.corners[0], a.corners[1], b.corners[1]],
                        [a.corners[2], a.corners[3], b.corners[3]],
                    ]
                )
                assert _seam_error(kind, tile, lab, var) == 0, (a.name, b.name, "horizontal")
                pairs += 1
            if a.corners[2] == b.corners[0] and a.corners[3] == b.corners[1]:  # a over b
                lab = np.array(
                    [
                        [a.corners[0], a.corners[1]],
                        [a.corners[2], a.corners[3]],
                        [b.corners[2], b.corners[3]],
                    ]
                )
                assert _seam_error(kind, tile, lab, var.T) == 0, (a.name, b.name, "vertical")
                pairs += 1
    assert pairs >= 128


@pytest.mark.parametrize(("kind", "tile"), CASES)
def test_tiles_sharing_an_edge_pair_share_its_pixels(kind: str, tile: int) -> None:
    edges = {"N": (0, 1), "S": (2, 3), "W": (0, 2), "E": (1, 3)}
    cut = {
        "N": lambda a: a[0],
        "S": lambda a: a[-1],
        "W": lambda a: a[:, 0],
        "E": lambda a: a[:, -1],
    }
    for side, (i, j) in edges.items():
        seen: dict[tuple[int, int], np.ndarray] = {}
        for d, img in tiles_of(kind, tile):
            line = cut[side](img)
            key = (d.corners[i], d.corners[j])
            if key in seen:
                assert np.array_equal(seen[key], line), (d.name, side)
            else:
                seen[key] = line


@pytest.mark.parametrize(
    ("kind", "tile"),
    [
        ("standard", 16),
        ("standard", 32),
        ("pro", 16),
        ("pro", 32),
        ("pro", 64),
        ("tallwall", 32),
        ("sidescroller", 16),
    ],
)
def test_random_30x30_map_has_no_seam(kind: str, tile: int) -> None:
    rng = np.random.default_rng(30)
    smooth = 0.0 if kind in ("standard", "pro") else 1.0
    m = random_map(rng, 30, 30, smooth=smooth)
    variants = None
    if kind == "tallwall":
        m = tallwall_labels(repair_tallwall(m))
        variants = cell_variants(m)
        assert (variants != 0).any()
    assert _seam_error(kind, tile, m, variants) == 0


def test_tallwall_labels_reject_undrawable_maps() -> None:
    with pytest.raises(ValueError, match="foot"):
        tallwall_labels(np.array([[1, 1], [0, 0], [1, 1]], np.int8))
    with pytest.raises(ValueError, match="not in the tall-wall layout"):
        tallwall_labels(np.array([[1, 0], [0, 1], [0, 0]], np.int8))
