"""`make bench`, subject engine: a 64 px character in 8 directions, an 8-frame walk in 8
directions and a 64 px prop in 8 directions, each against the time Pillow takes to encode
the same images as PNG (measured in this run), and against this machine's goals (a
character's 8 directions within 0.2 s, a walk in all 8 directions within 1 s).

Each figure is the median of several repeats after a warm-up (first-call imports and the
sentence model's load are not counted); building the model from the description is
included, as a request would pay it.
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

from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.subject import Look, Subject, animate_subject, draw_subject

SEED = 7
REPEATS = 7
console = Console(width=160)


def median_ms(fn: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def encode_all(images: list[np.ndarray]) -> None:
    for rgba in images:
        buf = io.BytesIO()
        Image.fromarray(rgba, "RGBA").save(buf, format="PNG")


def main() -> None:
    look = Look(image_size=(64, 64), view="low top-down")
    prop_look = Look(image_size=(64, 64), view="high top-down", canvas="object")
    text = "knight with a red cape"

    def character() -> list[np.ndarray]:
        d = draw_subject(Subject.from_text(text, SEED), look)
        return [s.rgba() for s in d.sprites.values()]

    def walk() -> list[np.ndarray]:
        a = animate_subject(Subject.from_text(text, SEED), look, "walking-8-frames")
        return [f.rgba() for d in DIRECTIONS for f in a.frames[d]]

    def prop() -> list[np.ndarray]:
        d = draw_subject(Subject.from_text("treasure chest", SEED), prop_look)
        return [s.rgba() for s in d.sprites.values()]

    rows = [
        ("64 px character, 8 directions", character, 200.0),
        ("8-frame walk, 8 directions (64 frames)", walk, 1000.0),
        ("64 px prop, 8 directions", prop, None),
    ]
    table = Table(title=f"subject engine (median of {REPEATS}, model built from text each time)")
    for col in ("what", "engine ms", "PNG encode ms", "engine / encode", "goal"):
        table.add_column(col, justify="left" if col in ("what", "goal") else "right")
    for name, fn, goal in rows:
        images = fn()  # warm-up
        engine = median_ms(fn)
        png = median_ms(lambda images=images: encode_all(images))
        verdict = "" if goal is None else f"{goal:.0f} ms: {'met' if engine <= goal else 'MISSED'}"
        table.add_row(name, f"{engine:.1f}", f"{png:.1f}", f"{engine / png:.1f}x", verdict)
    console.print(table)
    subject = Subject.from_text(text, SEED)
    per_frame = median_ms(lambda: draw_subject(subject, look, ["south"]))
    build = median_ms(lambda: Subject.from_text(text, SEED))
    console.print(
        f"one direction of a built character: {per_frame:.1f} ms; reading and building the "
        f"model: {build:.1f} ms"
    )


if __name__ == "__main__":
    main()
