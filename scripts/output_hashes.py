"""Fingerprint of the engine's output bytes: every material at several sizes, seeds and
styles, materials with each feature, and top-down, Pro, tall-wall and sidescroller sets.

Speed work on the engine must not change a single output byte. Run this before a change
with ``--save FILE`` and after it with ``--check FILE``: every case is hashed on its own
so a mismatch names the case that moved.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from pixelkiln.engine.lexicon import MATERIAL_KEYS
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.materials.features import FEATURE_DRAWERS
from pixelkiln.engine.style import DETAILS, OUTLINES, SHADINGS, Style
from pixelkiln.engine.text import parse_description
from pixelkiln.engine.wang import Shape, SideParams, SideSet, TerrainSpec, TopDownParams, TopDownSet

PAIRS = (
    ("ocean", "sand", "wet sand with foam"),
    ("grass", "dirt path", "grass with scattered dirt"),
    ("lava", "volcanic rock", "ash and embers"),
    ("snow", "ice", ""),
    ("deep water", "grass", "sand"),
    ("dirt", "cobblestone", "gravel"),
)


def _digest(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(f"{a.dtype}{a.shape}".encode())
        h.update(a.tobytes())
    return h.hexdigest()[:16]


def _material_cases(quick: bool) -> Iterator[tuple[str, str]]:
    sizes = (16, 32) if quick else (16, 32, 48, 64, (24, 40))
    seeds = (0, 7) if quick else (0, 1, 7, 12345)
    for key in MATERIAL_KEYS:
        for size in sizes:
            for seed in seeds:
                t = render_material(key, size, seed)
                yield f"mat {key} {size} {seed}", _digest(t.rgba, t.index, t.height, t.units)
    styles = [Style(outline=o) for o in OUTLINES] + [Style(shading=s) for s in SHADINGS]
    styles += [Style(detail=d) for d in DETAILS]
    for i, key in enumerate(MATERIAL_KEYS):
        for j, style in enumerate(styles):
            if quick and (i + j) % 4:
                continue
            t = render_material(key, 32, 3 + i, style)
            yield f"style {key} {style}", _digest(t.rgba, t.index, t.height)
    for i, feature in enumerate(FEATURE_DRAWERS):
        for key in ("grass", "stone", "shallow water", "brick"):
            spec = parse_description(f"{key} with {feature}")
            t = render_material(spec, 32, i)
            yield f"feature {key} {feature}", _digest(t.rgba, t.index)


def _set_cases(quick: bool) -> Iterator[tuple[str, str]]:
    tiles = (16, 32) if quick else (16, 32, 48)
    for tile in tiles:
        for k, (lower, upper, transition) in enumerate(PAIRS):
            for pro in (False, True):
                shape = Shape(roundness=0.75, amplitude=0.45 if pro else 0.3, seed=7 + k)
                for tall in (False, True) if transition else (False,):
                    s = TopDownSet(
                        TopDownParams(
                            lower=TerrainSpec(lower, 11 + k, tile),
                            upper=TerrainSpec(upper, 12 + k, tile),
                            transition=TerrainSpec(transition, 13, tile) if transition else None,
                            tile=tile,
                            pro=pro,
                            transition_size=0.5 if transition else 0.0,
                            tall_wall=tall,
                            shape=shape,
                        )
                    )
                    rgba = [rt.rgba for rt in s.tiles()]
                    name = f"set {lower}/{upper}/{transition} {tile} pro={pro} tall={tall}"
                    yield name, _digest(*rgba)
        for k, (platform, deco) in enumerate((("stone", "moss"), ("dirt", "grass"))):
            side = SideSet(SideParams(TerrainSpec(platform, 5 + k, tile),
                                      TerrainSpec(deco, 6 + k, tile), tile, 0.25))  # fmt: skip
            yield f"side {platform}/{deco} {tile}", _digest(*[rt.rgba for rt in side.tiles()])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path, help="write the hashes to this JSON file")
    group.add_argument("--check", type=Path, help="compare with a saved JSON file")
    parser.add_argument("--quick", action="store_true", help="fewer sizes and seeds")
    args = parser.parse_args()
    hashes = dict(_material_cases(args.quick)) | dict(_set_cases(args.quick))
    if args.save:
        args.save.write_text(json.dumps(hashes, indent=0, sort_keys=True))
        print(f"{len(hashes)} cases saved to {args.save}")
        return
    saved = json.loads(args.check.read_text())
    moved = [k for k in saved if hashes.get(k) != saved[k]]
    for k in moved:
        print(f"CHANGED: {k}")
    print(f"{len(saved) - len(moved)}/{len(saved)} cases unchanged")
    sys.exit(1 if moved else 0)


if __name__ == "__main__":
    main()
