"""numpy's ``SeedSequence`` hashing, split so its parts can be reused.

``SeedSequence(entropy=seed, spawn_key=key).generate_state(4, np.uint64)`` hashes the seed
(padded to the four-word pool) into the pool first, then mixes each key word into every
pool word, with hash constants that do not depend on the data. So the pool after the seed
depends on the seed alone, and each key word's hashed values on the word and its place
alone: :func:`seed_pool` and :func:`stream_hashes` are computed once each and only the
cheap mixing is left per stream. The arithmetic is numpy's (``bit_generator.pyx``),
32-bit unsigned throughout; ``tests/engine/test_rng.py`` compares it with numpy's own.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = ["pcg64_words", "seed_pool", "stream_hashes"]

_MASK = 0xFFFFFFFF
_POOL = 4  # numpy's DEFAULT_POOL_SIZE
_INIT_A = 0x43B0D7E5
_MULT_A = 0x931E8875
_INIT_B = 0x8B51F9DD
_MULT_B = 0x58F38DED
_MIX_L = 0xCA01F9DD
_MIX_R = 0x4973F715


def _hash_consts(start: int, mult: int, n: int) -> list[int]:
    # The running hash constant after each multiply: the same sequence for every input.
    out, c = [], start
    for _ in range(n):
        c = (c * mult) & _MASK
        out.append(c)
    return out


# The seed phase takes 4 + 4 * 3 constants; then four per key word.
_SEED_CONSTS = _POOL + _POOL * (_POOL - 1)
_CONSTS_A = _hash_consts(_INIT_A, _MULT_A, _SEED_CONSTS + _POOL * 64)
_CONSTS_B = _hash_consts(_INIT_B, _MULT_B, 2 * _POOL)
_CONSTS_B_PAIRS = tuple(zip([_INIT_B, *_CONSTS_B[:-1]], _CONSTS_B, strict=True))
# :func:`pcg64_words` packs the four pool words into one integer, this many bits apart.
_LANE = 96
_LANES_MASK = sum(_MASK << (_LANE * d) for d in range(_POOL))


def _hashmix(value: int, before: int, after: int) -> int:
    # numpy's hashmix: xor with the constant, multiply by the next one, fold.
    value = ((value ^ before) * after) & _MASK
    return value ^ (value >> 16)


def _mix(x: int, y: int) -> int:
    r = (_MIX_L * x - _MIX_R * y) & _MASK
    return r ^ (r >> 16)


@lru_cache(maxsize=64)
def seed_pool(entropy: int) -> tuple[int, ...]:
    """The pool after hashing a non-negative ``entropy`` under 2**64 (one or two words,
    zero-padded to the pool: numpy pads when a spawn key follows, and hashes a zero for a
    missing word when none does, which is the same)."""
    words = [entropy & _MASK, entropy >> 32]
    consts = iter(zip([_INIT_A, *_CONSTS_A], _CONSTS_A, strict=False))
    pool = [_hashmix(words[i] if i < 2 else 0, *next(consts)) for i in range(_POOL)]
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                pool[dst] = _mix(pool[dst], _hashmix(pool[src], *next(consts)))
    return tuple(pool)


def stream_hashes(key: tuple[int, ...]) -> tuple[int, ...]:
    """For each 32-bit key word, the part of its mix into the four pool words that does
    not depend on the pool: its hashed value for each pool word times the mix's right
    multiplier, negated modulo 2**32 and packed into one integer, a lane of
    :data:`_LANE` bits per pool word (see :func:`pcg64_words`)."""
    if len(key) > 64:
        msg = "stream keys of more than 64 words are not supported"
        raise ValueError(msg)
    out = []
    for j, word in enumerate(key):
        base = _SEED_CONSTS + _POOL * j
        hashed = (_hashmix(word, _CONSTS_A[base + d - 1], _CONSTS_A[base + d]) for d in range(4))
        # (x - r) mod 2**32 is (x + 2**32 - r) mod 2**32: an addend that never borrows.
        addends = ((1 << 32) - ((_MIX_R * h) & _MASK) for h in hashed)
        out.append(sum(a << (_LANE * d) for d, a in enumerate(addends)))
    return tuple(out)


def pcg64_words(pool: tuple[int, ...], hashes: tuple[int, ...]) -> np.ndarray:
    """``generate_state(4, np.uint64)`` of the sequence: ``pool`` mixed with ``hashes``
    (:func:`stream_hashes`).

    Each key word's mix is ``p = (L * p - r) mod 2**32; p ^= p >> 16`` for every pool
    word ``p``. The four pool words ride in one integer, a lane of :data:`_LANE` bits
    each: ``L * p + (2**32 - r)`` is under 2**65, so no lane carries into the next, the
    mask keeps each lane's low 32 bits, and the shift's spill into the lane below lies
    above those bits and is masked away. The same numbers, in a few operations per key
    word instead of sixteen (this runs for every stream)."""
    m, left, lanes = _MASK, _MIX_L, _LANES_MASK
    p = pool[0] | pool[1] << _LANE | pool[2] << 2 * _LANE | pool[3] << 3 * _LANE
    for addend in hashes:
        p = (left * p + addend) & lanes
        p ^= p >> 16
        p &= lanes
    p0, p1, p2, p3 = p & m, (p >> _LANE) & m, (p >> 2 * _LANE) & m, p >> 3 * _LANE
    w = []
    for (before, after), v in zip(_CONSTS_B_PAIRS, (p0, p1, p2, p3, p0, p1, p2, p3), strict=True):
        v = ((v ^ before) * after) & m
        w.append(v ^ (v >> 16))
    # numpy reads the 32-bit words as little-endian pairs.
    return np.array(
        [w[0] | w[1] << 32, w[2] | w[3] << 32, w[4] | w[5] << 32, w[6] | w[7] << 32], np.uint64
    )
