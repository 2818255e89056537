"""Seeded random streams: the only source of randomness in the engine.

A request's seed is split into named sub-streams (``make_rng(seed, "grass", "blades")``) so
that adding a random draw in one component never shifts the numbers another one sees.

Each stream is ``PCG64(SeedSequence(entropy=seed, spawn_key=stream_key(*stream)))``. A
tile opens several, and building a ``SeedSequence`` cost more than the draws themselves,
so the same state words are worked out here (:mod:`pixelkiln.engine.seedseq`) from a
per-seed pool and per-stream hashes; the generators are the same, draw for draw.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

import numpy as np

from pixelkiln.engine.seedseq import pcg64_words, seed_pool, stream_hashes

__all__ = ["derive_seed", "make_rng", "stream_key"]


def stream_key(*stream: str | int) -> list[int]:
    """Stable 32-bit words for a stream path (Python's ``hash`` is salted per process)."""
    return list(_stream_key(*stream))


@lru_cache(maxsize=1024, typed=True)
def _stream_key(*stream: str | int) -> tuple[int, ...]:
    # typed: 1, True and np.int64(1) are equal keys but have different reprs.
    words: list[int] = []
    for part in stream:
        digest = hashlib.blake2b(repr(part).encode(), digest_size=8).digest()
        words.extend(int.from_bytes(digest[i : i + 4], "little") for i in (0, 4))
    return tuple(words)


@lru_cache(maxsize=1024, typed=True)
def _hashes(*stream: str | int) -> tuple[int, ...]:
    return stream_hashes(_stream_key(*stream))


class _Words(np.random.bit_generator.ISeedSequence):
    """Hands ``PCG64`` state words already worked out (what ``SeedSequence`` would give)."""

    __slots__ = ("words",)

    def __init__(self, words: np.ndarray) -> None:
        self.words = words

    def generate_state(self, n_words: int, dtype: type = np.uint32) -> np.ndarray:
        """The words, as ``PCG64`` asks for them (four ``uint64``)."""
        assert n_words == 4 and np.dtype(dtype) == np.uint64
        return self.words


def make_rng(seed: int, *stream: str | int) -> np.random.Generator:
    """A generator for ``seed`` and the named sub-stream ``stream``."""
    words = pcg64_words(seed_pool(int(seed) & (2**64 - 1)), _hashes(*stream))
    return np.random.Generator(np.random.PCG64(_Words(words)))


def derive_seed(seed: int, *stream: str | int) -> int:
    """A plain integer seed for a sub-stream, for code that wants to pass seeds along."""
    return int(make_rng(seed, *stream).integers(0, 2**31 - 1))
