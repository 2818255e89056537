"""`make loadtest`: a bounded load run on loopback against the embedded default and the
scale-out deployment (PostgreSQL + Redis + Celery on this machine): concurrent clients
submit jobs and poll them to completion for a fixed time; prints throughput, p50/p99
latency and the error count.

``--poll``: the read path instead. Each client polls its own resources back to back:
a finished 32 px tileset (and again with ``If-None-Match``, where the service gives an
ETag), a running one's 423, and the balance; prints answers per second and p50/p99.

The submission spacing is off for the run (it would cap each key at one submission per
2 s): the run measures the job system and the engine, not the rate limit."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from pixelkiln.testing.deployments import deployment
from pixelkiln.testing.loadgen import WORKLOADS, run_load
from pixelkiln.testing.pollgen import prepare_targets, run_polls

SETUPS = {"scaleout": "scale-out: 2 API + 2 workers", "embedded": "embedded: 1 API, 2 procs"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of load per setup")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workload", choices=sorted(WORKLOADS), default="tileset")
    parser.add_argument("--modes", default="embedded,scaleout")
    parser.add_argument("--poll", action="store_true", help="measure polls (the read path)")
    args = parser.parse_args()
    if args.poll:
        poll(args.modes.split(","), args.clients, args.duration)
        return
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
            SETUPS[mode],
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


def poll(modes: list[str], clients: int, duration: float) -> None:
    """The poll table: every setup, every kind of poll, one run each."""
    console = Console(width=120)
    table = Table(title=f"polls: {clients} clients, {duration:g} s per row", min_width=110)
    for col in ("setup", "poll", "answers", "answers/s", "p50", "p99", "bytes", "errors"):
        table.add_column(col, justify="right")
    errors = 0
    for mode in modes:
        with (
            console.status(f"{mode}: starting"),
            deployment(mode, clients, apis=2, workers=2) as dep,
        ):
            console.log(f"{mode}: preparing a finished and a running tileset per client")
            t = prepare_targets(dep.urls, dep.keys, dep.accounts, dep.database_url)
            rows: list[tuple[str, list[str], int, list[str | None] | None]] = [
                ("finished tileset", [f"/v2/tilesets/{i}" for i in t.finished], 200, None),
            ]
            if all(t.etags):
                rows.append(
                    ("finished, If-None-Match", [f"/v2/tilesets/{i}" for i in t.finished], 304,
                     t.etags)
                )  # fmt: skip
            rows += [
                ("finished job", [f"/v2/background-jobs/{i}" for i in t.jobs], 200, None),
                ("running tileset", [f"/v2/tilesets/{i}" for i in t.running], 423, None),
                ("balance", ["/v2/balance"] * clients, 200, None),
            ]
            for name, paths, expect, etags in rows:
                console.log(f"{mode}: {name} ({expect}) for {duration:g} s")
                r = run_polls(dep.urls, dep.keys, paths, duration, expect, etags)
                errors += r.errors
                table.add_row(
                    SETUPS[mode],
                    f"{name} ({expect})",
                    str(r.answers),
                    f"{r.rate:.0f}",
                    f"{r.pct(50):.1f} ms",
                    f"{r.pct(99):.1f} ms",
                    f"{r.bytes / max(r.answers, 1):.0f}",
                    str(r.errors),
                )
    console.print(table)
    raise SystemExit(1 if errors else 0)


if __name__ == "__main__":
    main()
