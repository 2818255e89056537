"""Neighbours on the torus by table lookup: what ``np.roll`` and ``np.pad(mode="wrap")``
give, as one ``take`` through flat positions made once per size.

Tiles are small (16-64 px) and read their wrapped neighbours many times per render;
at that size the fixed cost of ``np.roll``/``np.pad`` (several copies and checks per
call) outweighs the work, while a lookup through a cached table is a single copy of
the same values.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = [
    "N8",
    "neighbour_positions",
    "neighbours",
    "roll",
    "roll_positions",
    "wrap_pad",
    "wrap_pad_positions",
]

# The eight neighbour steps (dy, dx), in the order every table here lists them.
N8 = tuple((dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)


@lru_cache(maxsize=512)
def roll_positions(h: int, w: int, dy: int, dx: int) -> np.ndarray:
    """Flat positions ``p`` with ``a.ravel()[p]`` equal to ``np.roll(a, (dy, dx), (0, 1))``
    flattened, for any ``h x w`` array (read-only)."""
    ys = (np.arange(h) - dy) % h
    xs = (np.arange(w) - dx) % w
    pos = (ys[:, None] * w + xs[None, :]).ravel()
    pos.flags.writeable = False
    return pos


def roll(a: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """``np.roll(a, (dy, dx), axis=(0, 1))`` for an array of 2 or more dimensions (the
    trailing ones, such as colour channels, move with their pixel)."""
    h, w = a.shape[:2]
    flat = a.reshape(h * w, *a.shape[2:])
    return flat.take(roll_positions(h, w, dy % h, dx % w), axis=0).reshape(a.shape)


@lru_cache(maxsize=256)
def wrap_pad_positions(h: int, w: int) -> np.ndarray:
    """Flat positions that make an ``h x w`` image's copy padded by one pixel round the
    wrap (``np.pad(a, 1, mode="wrap")``), flattened (read-only)."""
    rows = np.r_[h - 1, 0:h, 0]
    cols = np.r_[w - 1, 0:w, 0]
    pos = (rows[:, None] * w + cols[None, :]).ravel()
    pos.flags.writeable = False
    return pos


def wrap_pad(a: np.ndarray) -> np.ndarray:
    """``np.pad(a, 1, mode="wrap")`` of a 2-D array."""
    h, w = a.shape
    return a.take(wrap_pad_positions(h, w)).reshape(h + 2, w + 2)


@lru_cache(maxsize=16)
def neighbour_positions(h: int, w: int) -> np.ndarray:
    """For an ``h x w`` torus: the flat position of each pixel's 8 neighbours, ``(8,
    h * w)`` in :data:`N8` order (the pixels ``np.roll`` by minus each step brings
    there; read-only)."""
    y, x = np.divmod(np.arange(h * w), w)
    around = np.stack([((y + dy) % h) * w + (x + dx) % w for dy, dx in N8])
    around.flags.writeable = False
    return around


def neighbours(a: np.ndarray) -> np.ndarray:
    """``(8, h * w)``: each pixel's 8 neighbours of a 2-D array, one row per :data:`N8`
    step, by one ``take``."""
    return a.ravel().take(neighbour_positions(*a.shape))
