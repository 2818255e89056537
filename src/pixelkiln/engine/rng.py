"""Seeded random streams: the only source of randomness in the engine.

A request's seed is split into named sub-streams (``make_rng(seed, "grass", "blades")``) so
that adding a random draw in one component never shifts the numbers another one sees.
"""

from __future__ import annotations

import hashlib

import numpy as np

__all__ = ["derive_seed", "make_rng", "stream_key"]


def stream_key(*stream: str | int) -> list[int]:
    """Stable 32-bit words for a stream path (Python's ``hash`` is salted per process)."""
    words: list[int] = []
    for part in stream:
        digest = hashlib.blake2b(repr(part).encode(), digest_size=8).digest()
        words.extend(int.from_bytes(digest[i : i + 4], "little") for i in (0, 4))
    return words


def make_rng(seed: int, *stream: str | int) -> np.random.Generator:
    """A generator for ``seed`` and the named sub-stream ``stream``."""
    seq = np.random.SeedSequence(entropy=int(seed) & (2**64 - 1), spawn_key=stream_key(*stream))
    return np.random.Generator(np.random.PCG64(seq))


def derive_seed(seed: int, *stream: str | int) -> int:
    """A plain integer seed for a sub-stream, for code that wants to pass seeds along."""
    return int(make_rng(seed, *stream).integers(0, 2**31 - 1))
