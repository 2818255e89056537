"""The random streams' fast set-up gives numpy's ``SeedSequence`` generators exactly."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pixelkiln.engine.rng import derive_seed, make_rng, stream_key

SEEDS = [0, 1, 7, 2**32 - 1, 2**32, 2**64 - 1, 2**70 + 5, -1, -7, np.int64(3), True]
STREAMS = [
    (),
    ("grass",),
    ("grass", "blades"),
    ("a", 1, 2, "b", np.int64(3)),
    (True,),
    (1,),
    (np.int32(1),),
    ("x" * 100, *range(20)),
]


def _reference(seed: int, *stream: str | int) -> np.random.Generator:
    seq = np.random.SeedSequence(entropy=int(seed) & (2**64 - 1), spawn_key=stream_key(*stream))
    return np.random.Generator(np.random.PCG64(seq))


@pytest.mark.parametrize("stream", STREAMS)
def test_streams_match_numpy(stream: tuple[str | int, ...]) -> None:
    r = random.Random(len(stream))
    seeds = SEEDS + [r.getrandbits(r.randint(1, 64)) for _ in range(200)]
    for seed in seeds:
        ours, ref = make_rng(seed, *stream), _reference(seed, *stream)
        assert ours.bit_generator.state == ref.bit_generator.state
        assert np.array_equal(ours.random(4), ref.random(4))
        assert derive_seed(seed, *stream) == int(_reference(seed, *stream).integers(0, 2**31 - 1))


def test_equal_parts_of_other_types_are_other_streams() -> None:
    # 1, True and np.int64(1) compare equal but name different streams (their reprs).
    keys = {tuple(stream_key(p)) for p in (1, True, np.int64(1), "1")}
    assert len(keys) == 4
