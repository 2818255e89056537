"""`make bench`, engine half: per material at 32 px, the time the engine takes to render a
seamless tile and the ratio to the time Pillow takes to encode the same pixels as PNG
(the floor no generator can beat), both measured in this one run; then the time of a
512 x 512 render of every material (big textures: UI panels, previews), and the tiling
measures of every material at 16, 32 and 64 px against their gates
(:func:`pixelkiln.engine.quality.check_tiling`).

Each figure is the median of several repeats after a warm-up render, so the sentence
model (already cached by then) and first-call imports are not counted; the cold start
of the description reader is reported on its own line.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import time
from collections.abc import Callable

import numpy as np
from PIL import Image
from rich.console import Console
from rich.table import Table

from pixelkiln.engine.lexicon import MATERIAL_KEYS
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.quality import tiling_limits, tiling_values
from pixelkiln.engine.text import parse_description

SIZE = 32
SEED = 7
REPEATS = 15
BIG = 512
BIG_REPEATS = 3
TILING_SIZES = (16, 32, 64)
SHORT = {
    "detail_balance": "balance",
    "dominant_feature": "item",
    "border_runs": "border",
    "repetition": "repeat",
}

console = Console(width=220)


def median_ms(
    fn: Callable[[], object], repeats: int = REPEATS, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Median time of ``fn`` in milliseconds (wall time, or ``time.process_time`` for the
    CPU time of this process, which other processes on a busy machine do not inflate)."""
    times = []
    for _ in range(repeats):
        t0 = clock()
        fn()
        times.append((clock() - t0) * 1000)
    return statistics.median(times)


def encode(rgba: np.ndarray) -> bytes:
    """Pillow's plain PNG encode of an RGBA array (default settings)."""
    buf = io.BytesIO()
    Image.fromarray(rgba, "RGBA").save(buf, format="PNG")
    return buf.getvalue()


def main() -> None:
    """Print the table."""
    t0 = time.perf_counter()
    parse_description("verdant meadow")  # loads the sentence model
    cold = (time.perf_counter() - t0) * 1000
    # Distinct unknown phrases, so each one really goes through the model (no cache hit).
    phrases = iter(f"sunlit alpine pasture number {i}" for i in range(REPEATS))
    warm = median_ms(lambda: parse_description(next(phrases)))

    table = Table(title=f"engine: one {SIZE} px seamless tile per material (median of {REPEATS})")
    table.add_column("material")
    table.add_column("engine ms", justify="right")
    table.add_column("PNG encode ms", justify="right")
    table.add_column("engine / encode", justify="right")
    ratios, engine_times, cpu_ratios, cpu_times = [], [], [], []
    cpu = time.process_time
    for key in MATERIAL_KEYS:
        render_material(key, SIZE, SEED)  # warm-up
        engine = median_ms(lambda key=key: render_material(key, SIZE, SEED))
        rgba = render_material(key, SIZE, SEED).rgba
        png = median_ms(lambda rgba=rgba: encode(rgba))
        ratios.append(engine / png)
        engine_times.append(engine)
        cpu_times.append(median_ms(lambda key=key: render_material(key, SIZE, SEED), clock=cpu))
        cpu_ratios.append(cpu_times[-1] / median_ms(lambda rgba=rgba: encode(rgba), 31, cpu))
        table.add_row(key, f"{engine:.2f}", f"{png:.3f}", f"{engine / png:.0f}x")
    console.print(table)
    console.print(
        f"median engine time {statistics.median(engine_times):.2f} ms "
        f"(max {max(engine_times):.2f} ms); median ratio to PNG encode "
        f"{statistics.median(ratios):.1f}x"
    )
    console.print(
        f"in CPU time: median engine time {statistics.median(cpu_times):.2f} ms; median "
        f"ratio to PNG encode {statistics.median(cpu_ratios):.1f}x"
    )
    calls = calls_per_tile()
    console.print(f"Python function calls per tile: {calls:.0f} (cProfile, every material)")
    console.print(
        f"description reader: first call {cold:.0f} ms (loads the sentence model), "
        f"then {warm:.2f} ms per new description through the model"
    )


def calls_per_tile() -> float:
    """Python function calls per 32 px tile, over every material: a measure of the
    engine's fixed per-call overhead that a busy machine does not distort (after a
    warm-up render of each, as the timings)."""
    for key in MATERIAL_KEYS:
        render_material(key, SIZE, SEED)
    profile = cProfile.Profile()
    profile.enable()
    for key in MATERIAL_KEYS:
        render_material(key, SIZE, SEED)
    profile.disable()
    return pstats.Stats(profile).total_calls / len(MATERIAL_KEYS)


def big_renders() -> None:
    """Time a 512 x 512 render of every material (median of a few)."""
    table = Table(title=f"engine: one {BIG} x {BIG} texture per material (median of "
                  f"{BIG_REPEATS})")  # fmt: skip
    table.add_column("material")
    table.add_column("ms", justify="right")
    times = []
    for key in MATERIAL_KEYS:
        ms = median_ms(lambda key=key: render_material(key, BIG, SEED), BIG_REPEATS)
        times.append(ms)
        table.add_row(key, f"{ms:.0f}")
    console.print(table)
    console.print(f"{BIG} px: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms")


def tiling() -> None:
    """The tiling measures of every material (seed 7) at 16, 32 and 64 px; a star marks a
    value over its gate."""
    table = Table(title="tiling measures (seed 7; * = over the gate)")
    table.add_column("material")
    for size in TILING_SIZES:
        for name in SHORT.values():
            table.add_column(f"{name} {size}", justify="right")
    for key in MATERIAL_KEYS:
        row = [key]
        for size in TILING_SIZES:
            values = tiling_values(render_material(key, size, SEED).rgba)
            limits = tiling_limits((size, size))
            for name, value in values.items():
                over = value > limits[name] if name == "border_runs" else value >= limits[name]
                row.append(f"{value:.2f}{'*' if over else ''}")
        table.add_row(*row)
    console.print(table)
    limits = ", ".join(f"{SHORT[k]} {v}" for k, v in tiling_limits((32, 32)).items())
    small = ", ".join(f"{SHORT[k]} {v}" for k, v in tiling_limits((16, 16)).items())
    console.print(f"gates from 24 px: {limits}; under 24 px: {small}")


if __name__ == "__main__":
    main()
    big_renders()
    tiling()
