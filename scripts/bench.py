"""`make bench`, engine half: per material at 32 px, the time the engine takes to render a
seamless tile and the ratio to the time Pillow takes to encode the same pixels as PNG
(the floor no generator can beat), both measured in this one run.

Each figure is the median of several repeats after a warm-up render, so the sentence
model (already cached by then) and first-call imports are not counted; the cold start
of the description reader is reported on its own line.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

import numpy as np
from PIL import Image
from rich.console import Console
from rich.table import Table

from pixelkiln.engine.lexicon import MATERIAL_KEYS
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.text import parse_description

SIZE = 32
SEED = 7
REPEATS = 15

console = Console(width=120)


def median_ms(fn: Callable[[], object], repeats: int = REPEATS) -> float:
    """Median wall time of ``fn`` in milliseconds."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
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
    ratios, engine_times = [], []
    for key in MATERIAL_KEYS:
        render_material(key, SIZE, SEED)  # warm-up
        engine = median_ms(lambda key=key: render_material(key, SIZE, SEED))
        rgba = render_material(key, SIZE, SEED).rgba
        png = median_ms(lambda rgba=rgba: encode(rgba))
        ratios.append(engine / png)
        engine_times.append(engine)
        table.add_row(key, f"{engine:.2f}", f"{png:.3f}", f"{engine / png:.0f}x")
    console.print(table)
    console.print(
        f"median engine time {statistics.median(engine_times):.2f} ms "
        f"(max {max(engine_times):.2f} ms); median ratio to PNG encode "
        f"{statistics.median(ratios):.0f}x"
    )
    console.print(
        f"description reader: first call {cold:.0f} ms (loads the sentence model), "
        f"then {warm:.2f} ms per new description through the model"
    )


if __name__ == "__main__":
    main()
