"""`make bench`, service half: submit-to-completed latency of a standard 32 px tileset on
the embedded default, and job throughput with 1 and 2 workers (embedded pool and Celery
scale-out), printed as figures and ratios measured in one run.

Throughput is read from the job rows, so it measures the workers, not the client: a backlog
is submitted as fast as the client can, and only the jobs that start after the last
submission returned count (jobs / time from that moment to the last finish). The client
and the API share the machine's two cores with the workers; while they are busy
submitting, a second worker has no core of its own to run on."""

from __future__ import annotations

import statistics
import time

import httpx
from rich.console import Console
from rich.table import Table
from sqlalchemy import func, select

from pixelkiln.store.db import Database
from pixelkiln.store.models import Job, utcnow
from pixelkiln.testing.deployments import deployment
from pixelkiln.testing.loadgen import WORKLOADS

console = Console(width=120)
PATH, BODY = WORKLOADS["tileset"]


def latency_ms(n: int = 20) -> tuple[list[float], list[float]]:
    """Submit-to-completed as a client sees it, and the job's own run time (claim to
    completion, from its row), for ``n`` tilesets submitted one after another."""
    with deployment("embedded", 1, workers=2) as dep, httpx.Client(timeout=60) as client:
        headers = {"Authorization": f"Bearer {dep.keys[0]}"}
        e2e, ids = [], []
        for i in range(n + 2):
            t0 = time.perf_counter()
            r = client.post(dep.urls[0] + PATH, json=BODY(i), headers=headers)
            job_id = r.json()["background_job_id"]
            url = f"{dep.urls[0]}/v2/background-jobs/{job_id}"
            while client.get(url, headers=headers).json()["status"] == "processing":
                time.sleep(0.005)
            if i >= 2:  # the first jobs warm the worker processes
                e2e.append((time.perf_counter() - t0) * 1000)
                ids.append(job_id)
        db = Database(_db_url(dep))
        with db.read() as s:
            rows = s.execute(select(Job.started_at, Job.finished_at).where(Job.id.in_(ids))).all()
        db.dispose()
        run = [(b - a).total_seconds() * 1000 for a, b in rows]
        return e2e, run


def throughput(mode: str, workers: int, n: int = 120, rounds: int = 3) -> float:
    """The median of ``rounds`` backlogs of ``n`` jobs drained by one deployment."""
    with deployment(mode, 4, apis=1, workers=workers) as dep, httpx.Client(timeout=60) as client:
        db = Database(_db_url(dep))
        # Warm every worker (model and imports load once per process).
        for i in range(2 * workers):
            client.post(dep.urls[0] + PATH, json=BODY(1000 + i), headers=_h(dep, i))
        done = 2 * workers
        _wait(db, done)
        rates = []
        for r in range(rounds):
            for i in range(n):
                client.post(dep.urls[0] + PATH, json=BODY(r * n + i), headers=_h(dep, i))
            submitted = utcnow()
            done += n
            _wait(db, done)
            with db.read() as s:
                finished = s.scalars(
                    select(Job.finished_at).where(Job.started_at >= submitted)
                ).all()
            rates.append(len(finished) / (max(finished) - submitted).total_seconds())
        db.dispose()
        return statistics.median(rates)


def _h(dep, i: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {dep.keys[i % len(dep.keys)]}"}


def _db_url(dep) -> str:
    env = dep.cluster.env
    return (
        env.get("PIXELKILN_DATABASE_URL") or f"sqlite:///{env['PIXELKILN_DATA_DIR']}/pixelkiln.db"
    )


def _wait(db: Database, n: int) -> None:
    while True:
        with db.read() as s:
            done = s.scalar(select(func.count()).where(Job.status.in_(("completed", "failed"))))
        if done >= n:
            return
        time.sleep(0.1)


def main() -> None:
    with console.status("embedded latency"):
        lat, run = latency_ms()
    table = Table(title="standard 32 px tileset, submit to completed (embedded default)")
    for col in ("job run (claim to done)", "e2e p50", "e2e p90", "e2e p50 / job run"):
        table.add_column(col, justify="right")
    p50, run50 = statistics.median(lat), statistics.median(run)
    p90 = statistics.quantiles(lat, n=10)[-1]
    table.add_row(f"{run50:.0f} ms", f"{p50:.0f} ms", f"{p90:.0f} ms", f"{p50 / run50:.2f}x")
    console.print(table)

    table = Table(title="throughput with 1 and 2 workers (standard 32 px tilesets, jobs/s)")
    for col in ("deployment", "1 worker", "2 workers", "2 / 1"):
        table.add_column(col, justify="right")
    for mode in ("embedded", "scaleout"):
        with console.status(f"{mode} throughput"):
            one, two = throughput(mode, 1), throughput(mode, 2)
        label = "embedded (process pool)" if mode == "embedded" else "scale-out (Celery)"
        table.add_row(label, f"{one:.1f}", f"{two:.1f}", f"{two / one:.2f}")
    console.print(table)


if __name__ == "__main__":
    main()
