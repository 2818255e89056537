"""A quantile, mean and standard deviation of a float field, as numpy computes them, with
less overhead.

``np.quantile(field, q)`` (the default ``linear`` method) spends most of a 32 px field's
time in Python argument handling. :func:`quantile` takes the same two order statistics
(a partition puts them in place, as numpy's does) and interpolates between them with
numpy's own arithmetic (``_lerp``: from the lower value below a weight of 0.5, back
from the upper one from 0.5 on), so it returns the same float bit for bit
(``tests/engine/test_stats.py``). Anything but a float64 field and a scalar ``q`` in
0..1 goes to numpy. :func:`mean` and :func:`std` take ``ndarray.mean`` and ``.std``'s
own steps (``numpy/_core/_methods.py``) without their argument handling.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["mean", "quantile", "std"]


def quantile(field: np.ndarray, q: float) -> np.float64:
    """``np.quantile(field, q)`` of a whole array."""
    arr = np.asarray(field)
    n = arr.size
    if arr.dtype != np.float64 or not n or not 0.0 <= q <= 1.0:
        return np.quantile(arr, q)
    virtual = (n - 1) * float(q)
    low = math.floor(virtual)
    high = low + 1
    if virtual >= n - 1:  # numpy takes the last value for both
        low = high = -1
    # numpy partitions on 0, -1 and both neighbours; the -1 puts any NaN last.
    kth = sorted({0, n - 1, low % n, high % n})
    part = np.partition(arr.ravel(), kth)
    if math.isnan(part[-1]):
        return np.float64(math.nan)
    a, b = float(part[low]), float(part[high])
    gamma = virtual - low
    diff = b - a
    return np.float64(b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma)


def mean(field: np.ndarray) -> np.float64:
    """``field.mean()`` of a float64 array: numpy's sum (``np.add.reduce``) over the
    count, without ``_methods._mean``'s argument handling."""
    if field.dtype != np.float64 or not field.size:
        return field.mean()
    return np.float64(np.add.reduce(field, axis=None) / field.size)


def std(field: np.ndarray) -> np.float64:
    """``field.std()`` of a float64 array, by ``_methods._var``'s steps: the mean
    (summed with the dimensions kept, divided by the count), the squared deviations,
    their sum over the count, its square root."""
    if field.dtype != np.float64 or not field.size:
        return field.std()
    centre = np.add.reduce(field, axis=None, keepdims=True) / field.size
    deviation = field - centre
    np.square(deviation, out=deviation)
    return np.float64(np.sqrt(np.add.reduce(deviation, axis=None) / field.size))
