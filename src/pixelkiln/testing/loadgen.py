"""Concurrent clients that submit jobs and poll them to completion, with latency figures."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import numpy as np

__all__ = ["WORKLOADS", "LoadResult", "run_batch", "run_load"]

Body = dict[str, Any]

#: How often a client polls its job (a real client polls every second or so; 0.1 s keeps
#: the latency figures fine-grained without turning the run into a polling benchmark).
POLL_S = 0.1

#: name -> (path, body factory by request number)
WORKLOADS: dict[str, tuple[str, Callable[[int], Body]]] = {
    "tileset": (
        "/v2/tilesets",
        lambda i: {
            "lower_description": ("grass", "ocean", "lava", "snow")[i % 4],
            "upper_description": ("dirt path", "sand", "volcanic rock", "ice")[i % 4],
            "tile_size": {"width": 32, "height": 32},
            "seed": i,
        },
    ),
    "isometric": (
        "/v2/create-isometric-tile",
        lambda i: {
            "description": ("grass on top of dirt", "stone", "sand", "snow on rock")[i % 4],
            "image_size": {"width": 32, "height": 32},
            "seed": i,
        },
    ),
}


@dataclass
class LoadResult:
    completed: int = 0
    errors: int = 0
    requests: int = 0
    submit_ms: list[float] = field(default_factory=list)
    e2e_ms: list[float] = field(default_factory=list)
    elapsed_s: float = 0.0

    def merge(self, other: LoadResult) -> None:
        self.completed += other.completed
        self.errors += other.errors
        self.requests += other.requests
        self.submit_ms += other.submit_ms
        self.e2e_ms += other.e2e_ms

    def pct(self, values: list[float], q: float) -> float:
        return float(np.percentile(values, q)) if values else float("nan")


def _one_job(
    client: httpx.Client, url: str, key: str, path: str, body: Body, res: LoadResult
) -> None:
    headers = {"Authorization": f"Bearer {key}"}
    t0 = time.perf_counter()
    try:
        r = client.post(url + path, json=body, headers=headers)
        res.requests += 1
        res.submit_ms.append((time.perf_counter() - t0) * 1000)
        if r.status_code != 202:
            res.errors += 1
            return
        job_url = f"{url}/v2/background-jobs/{r.json()['background_job_id']}"
        while True:
            time.sleep(POLL_S)
            j = client.get(job_url, headers=headers)
            res.requests += 1
            status = j.json().get("status") if j.status_code == 200 else "error"
            if status == "completed":
                res.completed += 1
                res.e2e_ms.append((time.perf_counter() - t0) * 1000)
                return
            if status != "processing":
                res.errors += 1
                return
    except httpx.HTTPError:
        res.errors += 1


def run_load(urls: list[str], keys: list[str], workload: str, duration_s: float) -> LoadResult:
    """One client per key, submitting and polling until ``duration_s`` has passed."""
    path, make = WORKLOADS[workload]
    total = LoadResult()
    lock = threading.Lock()
    deadline = time.perf_counter() + duration_s

    def client_loop(n: int) -> None:
        res = LoadResult()
        i = n
        with httpx.Client(timeout=60) as client:
            while time.perf_counter() < deadline:
                _one_job(client, urls[i % len(urls)], keys[n], path, make(i), res)
                i += len(keys)
        with lock:
            total.merge(res)

    t0 = time.perf_counter()
    threads = [threading.Thread(target=client_loop, args=(n,)) for n in range(len(keys))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    total.elapsed_s = time.perf_counter() - t0
    return total


def run_batch(urls: list[str], keys: list[str], workload: str, n_jobs: int) -> LoadResult:
    """Submit ``n_jobs`` at once (round-robin over keys), then wait for all: throughput."""
    path, make = WORKLOADS[workload]
    res = LoadResult()
    t0 = time.perf_counter()
    with httpx.Client(timeout=60) as client:
        ids: list[tuple[str, str, float]] = []
        for i in range(n_jobs):
            key = keys[i % len(keys)]
            s0 = time.perf_counter()
            r = client.post(
                urls[i % len(urls)] + path, json=make(i), headers={"Authorization": f"Bearer {key}"}
            )
            res.requests += 1
            res.submit_ms.append((time.perf_counter() - s0) * 1000)
            if r.status_code == 202:
                ids.append((r.json()["background_job_id"], key, s0))
            else:
                res.errors += 1
        pending = list(ids)
        while pending:
            time.sleep(POLL_S)
            still = []
            for job_id, key, s0 in pending:
                j = client.get(
                    f"{urls[0]}/v2/background-jobs/{job_id}",
                    headers={"Authorization": f"Bearer {key}"},
                )
                res.requests += 1
                status = j.json().get("status")
                if status == "processing":
                    still.append((job_id, key, s0))
                elif status == "completed":
                    res.completed += 1
                    res.e2e_ms.append((time.perf_counter() - s0) * 1000)
                else:
                    res.errors += 1
            pending = still
    res.elapsed_s = time.perf_counter() - t0
    return res
