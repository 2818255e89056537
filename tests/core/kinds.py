"""Job kinds used by the job-machinery tests (registered in-process; real PNG output)."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from pixelkiln.engine.imageio import encode_png
from pixelkiln.jobs.registry import register
from pixelkiln.jobs.types import JobContext, JobOutput

gate = threading.Event()


def checker(payload: dict[str, Any], ctx: JobContext) -> JobOutput:
    size = int(payload.get("size", 8))
    img = np.zeros((size, size, 4), np.uint8)
    img[..., 3] = 255
    img[(np.add.outer(np.arange(size), np.arange(size)) % 2) == 0, :3] = 200
    ctx.progress(0.5)
    if payload.get("fail"):
        raise ValueError("asked to fail")
    if payload.get("wait"):
        gate.wait(10)
    return JobOutput(result={"size": size}, files={"tile": encode_png(img)})


register("test.checker", checker)
