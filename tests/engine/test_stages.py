"""Tiles wrap by construction: every field is periodic and every stage commutes with a
roll of the torus (so no stage can leave a seam)."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine import torus
from pixelkiln.engine.despeckle import cleanup, majority, remove_orphans, remove_small
from pixelkiln.engine.lexicon import get_material
from pixelkiln.engine.materials.canvas import DrawContext, balance, bevel_levels, light, quantize
from pixelkiln.engine.materials.outline import outline_ring
from pixelkiln.engine.noise import (
    lattice_noise,
    rank_normalize,
    sample_lattice,
    torus_delta,
    wave,
    worley,
)
from pixelkiln.engine.quality import cluster_labels
from pixelkiln.engine.style import Style
from pixelkiln.engine.text import parse_description

SHIFTS = [(3, 5), (-7, 2), (11, -13)]


def _levels(seed: int = 0, shape: tuple[int, int] = (24, 40)) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.integers(0, 4, shape)


def test_lattice_is_periodic() -> None:
    grid = np.random.default_rng(0).random((4, 6))
    y, x = np.meshgrid(np.linspace(0, 4, 23), np.linspace(0, 6, 29), indexing="ij")
    base = sample_lattice(grid, y, x)
    assert np.allclose(sample_lattice(grid, y + 4, x), base)
    assert np.allclose(sample_lattice(grid, y, x - 6), base)
    # Evaluated at pixel centres, the first column continues smoothly from the last.
    field = lattice_noise(np.random.default_rng(1), (32, 48), (4, 6))
    inner = np.abs(np.diff(field, axis=1)).max()
    assert np.abs(field[:, 0] - field[:, -1]).max() <= inner + 1e-12


def test_wave_and_worley_are_periodic() -> None:
    w = wave((20, 30), (3, 2), phase=0.4)
    ext = np.sin(
        2 * np.pi * (3 * (np.arange(40)[:, None] / 20) + 2 * (np.arange(60)[None, :] / 30)) + 0.4
    )
    assert np.allclose(np.tile(w, (2, 2)), ext)
    cells = worley(np.random.default_rng(2), (24, 36), 6.0)
    h, w_ = 24, 36
    # F1 is the toroidal distance to the nearest seed.
    yy, xx = np.mgrid[0:h, 0:w_]
    d = np.hypot(
        torus_delta(yy[..., None], cells.points[:, 0], h),
        torus_delta(xx[..., None], cells.points[:, 1], w_),
    )
    assert np.allclose(cells.f1, d.min(axis=-1))
    assert (cells.f2 >= cells.f1).all()


@pytest.mark.parametrize("shift", SHIFTS)
def test_cleanup_commutes_with_roll(shift: tuple[int, int]) -> None:
    index = _levels()
    keep = np.random.default_rng(3).random(index.shape) < 0.05
    for stage in (majority, remove_orphans):
        assert np.array_equal(
            stage(np.roll(index, shift, (0, 1)), np.roll(keep, shift, (0, 1))),
            np.roll(stage(index, keep), shift, (0, 1)),
        )
    assert np.array_equal(
        remove_small(np.roll(index, shift, (0, 1)), 3),
        np.roll(remove_small(index, 3), shift, (0, 1)),
    )
    assert np.array_equal(
        cleanup(np.roll(index, shift, (0, 1))), np.roll(cleanup(index), shift, (0, 1))
    )


@pytest.mark.parametrize("shift", SHIFTS)
def test_shading_and_outline_commute_with_roll(shift: tuple[int, int]) -> None:
    field = np.random.default_rng(4).random((24, 40))
    assert np.allclose(light(np.roll(field, shift, (0, 1))), np.roll(light(field), shift, (0, 1)))
    assert np.array_equal(
        quantize(np.roll(field, shift, (0, 1)), 4), np.roll(quantize(field, 4), shift, (0, 1))
    )
    units = np.random.default_rng(5).integers(0, 5, (24, 40))
    ctx = DrawContext(24, 40, 0, get_material("brick"), parse_description("brick"),
                      Style(shading="detailed shading"), 8.0)  # fmt: skip
    assert np.array_equal(
        bevel_levels(ctx, np.roll(units, shift, (0, 1))),
        np.roll(bevel_levels(ctx, units), shift, (0, 1)),
    )
    for a, b in zip(outline_ring(np.roll(units, shift, (0, 1))),
                    outline_ring(units), strict=True):  # fmt: skip
        assert np.array_equal(a, np.roll(b, shift, (0, 1)))


def test_cluster_labels_commute_with_roll() -> None:
    index = _levels(6)
    a = cluster_labels(np.roll(index, (5, 9), (0, 1)))
    b = np.roll(cluster_labels(index), (5, 9), (0, 1))
    # Same partition (labels may be numbered differently).
    pairs = set(zip(a.ravel().tolist(), b.ravel().tolist(), strict=True))
    assert len(pairs) == len(np.unique(a)) == len(np.unique(b))


def _worley_brute(
    rng: np.random.Generator,
    shape: tuple[int, int],
    feature: float | tuple[float, float],
    jitter: float,
    metric: str,
    warp: tuple[np.ndarray, np.ndarray] | None,
    aspect: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """F1, F2 and owner by measuring every pixel against every seed (the slow way)."""
    h, w = shape
    fy, fx = feature if isinstance(feature, tuple) else (feature, feature)
    gy, gx = max(2, round(h / fy)), max(2, round(w / fx))
    cy = (np.arange(gy)[:, None] + 0.5 + (rng.random((gy, gx)) - 0.5) * jitter) * h / gy
    cx = (np.arange(gx)[None, :] + 0.5 + (rng.random((gy, gx)) - 0.5) * jitter) * w / gx
    points = np.stack([cy.ravel() % h, cx.ravel() % w], axis=1)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
    if warp is not None:
        yy, xx = yy + warp[0], xx + warp[1]
    ddy = torus_delta(yy[..., None], points[:, 0], h)
    ddx = torus_delta(xx[..., None], points[:, 1], w) / aspect
    if metric == "manhattan":
        dist = np.abs(ddy) + np.abs(ddx)
    elif metric == "chebyshev":
        dist = np.maximum(np.abs(ddy), np.abs(ddx))
    else:
        dist = np.hypot(ddy, ddx)
    ordered = np.sort(dist, axis=-1)
    return ordered[..., 0], ordered[..., 1], np.argmin(dist, axis=-1)


@pytest.mark.parametrize("metric", ["euclid", "manhattan", "chebyshev"])
def test_worley_grid_search_equals_the_search_over_all_seeds(metric: str) -> None:
    rng = np.random.default_rng(5)
    for case in range(12):
        h, w = (int(v) for v in rng.integers(8, 60, 2))
        feature = float(rng.uniform(2, 25)) if case % 2 else (float(rng.uniform(2, 25)), 6.0)
        jitter = float(rng.uniform(0, 1))
        aspect = (1.0, 1.6, 0.6)[case % 3]
        warp = None
        if case % 4 == 0:
            warp = (rng.normal(size=(h, w)) * 2, rng.normal(size=(h, w)) * 2)
        cells = worley(np.random.default_rng(case), (h, w), feature, jitter, metric, warp, aspect)
        f1, f2, owner = _worley_brute(
            np.random.default_rng(case), (h, w), feature, jitter, metric, warp, aspect
        )
        assert np.allclose(cells.f1, f1) and np.allclose(cells.f2, f2), (metric, case)
        # The owner is the nearest seed (ties aside).
        assert (cells.owner == owner).mean() > 0.99


def test_unwarped_lattice_noise_is_the_warped_one_with_no_warp() -> None:
    for shape, cells in (((16, 16), (3, 3)), ((24, 40), (5, 2)), ((33, 17), (7, 4))):
        plain = lattice_noise(np.random.default_rng(1), shape, cells)
        zero = (np.zeros(shape), np.zeros(shape))
        assert np.array_equal(plain, lattice_noise(np.random.default_rng(1), shape, cells, zero))


def test_band_noise_and_detile_are_periodic_and_quiet_at_the_tile_scale() -> None:
    from pixelkiln.engine.noise import band_noise, detile, tile_modes

    field = band_noise(np.random.default_rng(2), (32, 48), 4.0, warp_px=2.0)
    assert field.min() == 0.0 and field.max() == 1.0
    # Evaluated on a doubled grid the field would repeat: its spectrum lives on the tile's
    # own Fourier modes, and the tile-sized ones carry little of it.
    spectrum = np.abs(np.fft.fft2(field - field.mean())) ** 2
    assert spectrum[tile_modes(field.shape)].sum() < 0.1 * spectrum.sum()
    blotch = np.zeros((32, 32))
    blotch[8:20, 6:22] = 1.0
    calmed = detile(blotch, keep=0.2)
    low = tile_modes(blotch.shape)
    before = np.abs(np.fft.fft2(blotch))[low].sum()
    after = np.abs(np.fft.fft2(calmed))[low].sum()
    assert after == pytest.approx(0.2 * before)
    assert np.abs(np.fft.fft2(calmed) - np.fft.fft2(blotch))[~low].max() < 1e-9


def _small_by_labels(index: np.ndarray, connectivity: int) -> np.ndarray:
    labels = cluster_labels(index, connectivity=connectivity)
    return np.bincount(labels.ravel())[labels] < 3


def _neighbour_mode_reference(index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The commonest other value among the 8 neighbours (lower value on a tie), by rolls."""
    values = np.unique(index)
    around = np.stack([np.roll(index, (dy, dx), (0, 1)) for dy in (-1, 0, 1)
                       for dx in (-1, 0, 1) if dy or dx])  # fmt: skip
    counts = (around[None] == values[:, None, None, None]).sum(axis=1)
    counts = np.where(index[None] == values[:, None, None], -1, counts)
    best = counts.argmax(axis=0)
    return values[best], np.take_along_axis(counts, best[None], 0)[0]


def test_cleanup_passes_equal_their_labelling_definitions() -> None:
    # The passes find small clusters from neighbour counts and vote only where a pixel
    # may change; here they are checked against the plain definitions.
    rng = np.random.default_rng(8)
    for case in range(60):
        shape = (int(rng.integers(3, 20)), int(rng.integers(3, 20)))
        index = rng.integers(0, int(rng.integers(1, 5)), shape)
        if case % 3 == 0:
            index[rng.random(shape) < 0.1] = -1  # transparent: clusters of their own
        keep = rng.random(shape) < 0.05
        lines = rng.random(shape) < 0.3
        fast = remove_small(index, 3, keep, lines)
        again = index.copy()
        for _ in range(3):
            mode, count = _neighbour_mode_reference(again)
            small = np.where(lines, _small_by_labels(again, 8), _small_by_labels(again, 4))
            small &= ~keep
            if not small.any():
                break
            fix = small & (count > 0)
            again[fix] = mode[fix]
        assert np.array_equal(fast, again), case
        lonely = np.zeros(shape, np.int64)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dy or dx:
                    lonely += np.roll(index, (dy, dx), (0, 1)) == index
        mode, count = _neighbour_mode_reference(index)
        change = (lonely <= 1) & (count >= 5) & ~keep
        expected = np.where(change, mode, index)
        assert np.array_equal(majority(index, keep), expected), case


def test_table_rolls_equal_numpy_rolls_and_wrapped_pads() -> None:
    rng = np.random.default_rng(9)
    for shape in ((3, 3), (24, 40), (17, 5)):
        flat, colour = rng.random(shape), rng.random((*shape, 3))
        for dy, dx in ((0, 0), (1, -1), (-7, 12), (40, -41)):
            assert np.array_equal(torus.roll(flat, dy, dx), np.roll(flat, (dy, dx), (0, 1)))
            assert np.array_equal(torus.roll(colour, dy, dx), np.roll(colour, (dy, dx), (0, 1)))
        assert np.array_equal(torus.wrap_pad(flat), np.pad(flat, 1, mode="wrap"))


def test_quantize_of_a_balanced_field_needs_no_ranking() -> None:
    # ``balance`` returns rank_normalize's output, whose ranks are itself: quantize may
    # take it as it is (``ranked=True``) and cut the same levels.
    rng = np.random.default_rng(4)
    for shape in ((32, 32), (16, 16), (24, 40), (5, 7)):
        field = balance(rng.standard_normal(shape))
        assert np.array_equal(rank_normalize(field), field)
        for n in (2, 3, 4, 6):
            assert np.array_equal(quantize(field, n, ranked=True), quantize(field, n))


def test_rank_normalize_orders_ties_by_place() -> None:
    # The fast sort is kept only when no two values are equal; ties, signed zeros and
    # NaNs take the stable order (tied values ranked in place order, NaNs last).
    rng = np.random.default_rng(10)
    fields = [
        rng.random((32, 32)),
        rng.integers(0, 5, (24, 40)).astype(np.float64),
        rng.choice([0.0, -0.0, 1.0, -np.inf, np.inf], (17, 9)),
        np.where(rng.random((16, 16)) < 0.1, np.nan, rng.random((16, 16))),
    ]
    for field in fields:
        order = field.ravel().argsort(kind="stable")
        expected = np.empty(field.size)
        expected[order] = np.linspace(0.0, 1.0, field.size)
        assert np.array_equal(rank_normalize(field), expected.reshape(field.shape))


def test_warped_lattice_samples_equal_the_plain_definition() -> None:
    # sample_lattice reads its four nodes from a padded copy of the lattice.
    rng = np.random.default_rng(11)
    for gy, gx in ((1, 1), (1, 5), (6, 6), (7, 3)):
        grid = rng.random((gy, gx))
        y, x = rng.normal(0, 9, (20, 13)), rng.normal(0, 9, (20, 13))
        y0, x0 = np.floor(y).astype(int), np.floor(x).astype(int)
        ty, tx = y - y0, x - x0
        ty, tx = ty**3 * (ty * (ty * 6 - 15) + 10), tx**3 * (tx * (tx * 6 - 15) + 10)
        top = grid[y0 % gy, x0 % gx] * (1 - tx) + grid[y0 % gy, (x0 + 1) % gx] * tx
        bottom = grid[(y0 + 1) % gy, x0 % gx] * (1 - tx) + grid[(y0 + 1) % gy, (x0 + 1) % gx] * tx
        assert np.allclose(sample_lattice(grid, y, x), top * (1 - ty) + bottom * ty)


def test_one_count_of_clusters_gives_mean_cluster_and_strays() -> None:
    from pixelkiln.engine.quality import mean_cluster, opaque_clusters, orphan_fraction

    rng = np.random.default_rng(12)
    for case in range(40):
        shape = (int(rng.integers(1, 30)), int(rng.integers(1, 30)))
        index = rng.integers(0, int(rng.integers(1, 6)), shape)
        labels = cluster_labels(index)
        assert opaque_clusters(index, labels) == (
            mean_cluster(index, labels=labels),
            orphan_fraction(index),
        ), case


def test_the_cut_takes_the_calmest_boundary_without_a_long_border_run() -> None:
    # The cut's pick, against numpy's lexsort of the same keys.
    from pixelkiln.engine.quality import (
        _line_runs,
        boundary_jumps,
        cut_and_border,
        index_image,
        lab_image,
    )

    rng = np.random.default_rng(13)
    for case in range(40):
        shape = (int(rng.integers(2, 40)), int(rng.integers(2, 40)))
        palette = rng.integers(0, 256, (int(rng.integers(1, 6)), 3)).astype(np.uint8)
        rgba = np.full((*shape, 4), 255, np.uint8)
        rgba[..., :3] = palette[rng.integers(0, len(palette), shape)]
        lab, index = lab_image(rgba), index_image(rgba)[0]
        expected = []
        for axis in (0, 1):
            jumps = boundary_jumps(lab, axis).round(9)
            runs = _line_runs(index, axis)
            border = np.maximum(runs, np.roll(runs, -1))
            calm = jumps <= np.median(jumps)
            short = border <= shape[1 - axis] * 0.5
            position = np.arange(len(jumps))
            if (calm & short).any():
                first = np.lexsort((position, jumps, ~(calm & short)))[0]
            else:
                first = np.lexsort((position, jumps, border, ~calm))[0]
            expected.append((-(int(first) + 1) % shape[axis], border[first] / shape[1 - axis]))
        (dy, dx), edge = cut_and_border(rgba)
        assert (dy, dx) == (expected[0][0], expected[1][0]), case
        assert edge == max(expected[0][1], expected[1][1]), case
