"""`make loadtest`: a bounded load run on loopback against the embedded default and the
scale-out deployment (PostgreSQL + Redis + Celery on this machine): concurrent clients
submit jobs and poll them to completion for a fixed time; prints throughput, p50/p99
latency and the error count.

The submission spacing is off for the run (it would cap each key at one submission per
2 s): the run measures the job system and the engine, not the rate limit."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from pixelkiln.testing.deployments import deployment
from pixelkiln.testing.loadgen import WORKLOADS, run_load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of load per setup")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workload", choices=sorted(WORKLOADS), default="tileset")
    parser.add_argument("--modes", default="embedded,scaleout")
    args = parser.parse_args()
    console = Console(width=120)
    table = Table(
        title=f"load: {args.clients} clients, {args.duration:g} s, {args.workload} jobs",
        min_width=110,
    )
    for col in (
        "setup",
        "jobs",
        "jobs/s",
        "req/s",
        "submit p50",
        "submit p99",
        "e2e p50",
        "e2e p99",
        "errors",
    ):
        table.add_column(col, justify="right")
    errors = 0
    for mode in args.modes.split(","):
        with (
            console.status(f"{mode}: starting"),
            deployment(mode, args.clients, apis=2, workers=2) as dep,
        ):
            console.log(f"{mode}: running {args.duration:g} s of load")
            r = run_load(dep.urls, dep.keys, args.workload, args.duration)
        errors += r.errors
        table.add_row(
            {"scaleout": "scale-out: 2 API + 2 workers"}.get(mode, "embedded: 1 API, 2 procs"),
            str(r.completed),
            f"{r.completed / r.elapsed_s:.1f}",
            f"{r.requests / r.elapsed_s:.0f}",
            f"{r.pct(r.submit_ms, 50):.0f} ms",
            f"{r.pct(r.submit_ms, 99):.0f} ms",
            f"{r.pct(r.e2e_ms, 50):.0f} ms",
            f"{r.pct(r.e2e_ms, 99):.0f} ms",
            str(r.errors),
        )
    console.print(table)
    raise SystemExit(1 if errors else 0)


if __name__ == "__main__":
    main()
