"""Concurrent clients polling: finished resources read again and again, running jobs'
423s, the balance; answers per second and latency figures."""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx
import numpy as np

from pixelkiln.store.db import Database
from pixelkiln.store.models import Asset

__all__ = ["PollResult", "PollTargets", "prepare_targets", "run_polls"]

#: A finished standard set, as the issue's baseline measured it.
TILESET = {
    "lower_description": "grass",
    "upper_description": "dirt path",
    "tile_size": {"width": 32, "height": 32},
}


@dataclass
class PollTargets:
    """Per key: a finished tileset's id, a running one's, the finished one's ETag (if
    the service gives one) and the id of the job that drew it."""

    finished: list[str]
    running: list[str]
    etags: list[str | None]
    jobs: list[str]


@dataclass
class PollResult:
    answers: int = 0
    errors: int = 0
    latency_ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    bytes: int = 0
    elapsed_s: float = 0.0

    def pct(self, q: float) -> float:
        return float(np.percentile(self.latency_ms, q)) if self.latency_ms else float("nan")

    @property
    def rate(self) -> float:
        return self.answers / self.elapsed_s if self.elapsed_s else 0.0


def prepare_targets(
    urls: list[str], keys: list[str], accounts: list[str], database_url: str
) -> PollTargets:
    """A finished 32 px set per key (submitted and waited for) and a running one: an asset
    in ``processing`` whose job never finishes (written to the database, so that it stays
    running for the whole run whatever the workers do)."""
    finished, etags, jobs = [], [], []
    with httpx.Client(timeout=120) as client:
        for i, key in enumerate(keys):
            h = {"Authorization": f"Bearer {key}"}
            r = client.post(f"{urls[0]}/v2/tilesets", json={**TILESET, "seed": i}, headers=h)
            r.raise_for_status()
            finished.append(r.json()["tileset_id"])
            jobs.append(r.json()["background_job_id"])
        for key, tid in zip(keys, finished, strict=True):
            h = {"Authorization": f"Bearer {key}"}
            deadline = time.monotonic() + 300
            while True:
                g = client.get(f"{urls[0]}/v2/tilesets/{tid}", headers=h)
                if g.status_code == 200:
                    etags.append(g.headers.get("etag"))
                    break
                if g.status_code != 423 or time.monotonic() > deadline:
                    raise RuntimeError(f"tileset {tid}: {g.status_code} {g.text[:200]}")
                time.sleep(0.2)
    db = Database(database_url)
    try:
        with db.write() as s:
            rows = [
                Asset(account_id=a, family="tileset", status="processing", params={})
                for a in accounts
            ]
            s.add_all(rows)
            s.flush()
            running = [row.id for row in rows]
    finally:
        db.dispose()
    return PollTargets(finished=finished, running=running, etags=etags, jobs=jobs)


def run_polls(
    urls: list[str],
    keys: list[str],
    paths: list[str],
    duration_s: float,
    expect: int,
    etags: list[str | None] | None = None,
) -> PollResult:
    """One client per key, each GETting its own ``paths[n]`` back to back for
    ``duration_s`` (on the API ``urls[n % len(urls)]``); an answer other than ``expect``
    counts as an error. With ``etags``, each request sends ``If-None-Match``."""
    total = PollResult()
    lock = threading.Lock()
    start = threading.Barrier(len(keys) + 1)

    def client_loop(n: int) -> None:
        res = PollResult()
        headers = {"Authorization": f"Bearer {keys[n]}"}
        if etags and etags[n]:
            headers["If-None-Match"] = str(etags[n])
        url = urls[n % len(urls)] + paths[n]
        with httpx.Client(timeout=60) as client:
            client.get(url, headers=headers)  # connect before the clock starts
            start.wait()
            deadline = time.perf_counter() + duration_s
            while (t0 := time.perf_counter()) < deadline:
                try:
                    r = client.get(url, headers=headers)
                except httpx.HTTPError:
                    res.errors += 1
                    continue
                res.latency_ms.append((time.perf_counter() - t0) * 1000)
                res.answers += 1
                res.bytes += len(r.content)
                res.statuses[r.status_code] += 1
                if r.status_code != expect:
                    res.errors += 1
        with lock:
            total.answers += res.answers
            total.errors += res.errors
            total.latency_ms += res.latency_ms
            total.statuses += res.statuses
            total.bytes += res.bytes

    threads = [threading.Thread(target=client_loop, args=(n,)) for n in range(len(keys))]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    total.elapsed_s = time.perf_counter() - t0
    return total
