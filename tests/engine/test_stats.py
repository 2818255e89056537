"""The engine's quantile equals ``np.quantile`` bit for bit."""

from __future__ import annotations

import math

import numpy as np

from pixelkiln.engine.stats import mean, quantile, std


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or (
        a == b and math.copysign(1, a) == math.copysign(1, b)
    )


def test_same_values_as_numpy() -> None:
    rng = np.random.default_rng(8)
    qs = [0.0, 1.0, 0.5, 0.05, 0.12, 0.2, 0.4, 0.62, 0.8, 0.86, 0.92, 0.93, 0.95, 0.97, 0.999]
    for trial in range(600):
        n = int(rng.integers(1, 70)) ** (2 if trial % 3 else 1)
        field = rng.standard_normal(n).reshape(-1, 1) if trial % 2 else rng.random((n, 1))
        if trial % 7 == 0:
            field = np.round(field, 1)  # ties
        if trial % 11 == 0:
            field[: n // 2] = -0.0
        for q in [*qs, float(rng.random()), np.float64(rng.random())]:
            assert _same(quantile(field, q), np.quantile(field, q))
        assert _same(quantile(field, 95 / 100), np.percentile(field, 95))
    nan = np.array([1.0, np.nan, 3.0])
    assert math.isnan(quantile(nan, 0.5))
    ints = np.arange(10)
    assert quantile(ints, 0.3) == np.quantile(ints, 0.3)


def test_mean_and_std_as_numpy() -> None:
    rng = np.random.default_rng(9)
    for trial in range(3000):
        shape = [(4, 4), (32, 32), (1024,), (7, 9), (64, 64), (3,), (1, 1)][trial % 7]
        field = rng.standard_normal(shape) * rng.random() * 10.0 ** rng.integers(-3, 4)
        if trial % 5 == 0:
            field = np.round(field, 2)
        if trial % 11 == 0:
            field = field.T
        assert _same(mean(field), field.mean())
        assert _same(std(field), field.std())
    ints = np.arange(12).reshape(3, 4)
    assert mean(ints) == ints.mean() and std(ints) == ints.std()
