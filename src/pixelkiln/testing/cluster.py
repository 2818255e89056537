"""Start, kill and restart real pixelkiln processes: API servers and Celery workers.

A :class:`Cluster` runs ``pixelkiln serve`` and ``pixelkiln worker`` as subprocesses of the
current interpreter's environment, configured by ``PIXELKILN_*`` variables, so tests and
benchmarks drive exactly what a user deploys.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

__all__ = ["Cluster", "free_port"]

_BIN = Path(sys.executable).with_name("pixelkiln")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Cluster:
    """API processes and workers sharing one configuration."""

    env: dict[str, str]
    log_dir: Path
    apis: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    ports: dict[int, int] = field(default_factory=dict)
    workers: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)

    def _spawn(self, args: list[str], log_name: str) -> subprocess.Popen[bytes]:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, **self.env}
        # The child keeps its own copy of the log's descriptor; ours can close at once.
        with open(self.log_dir / log_name, "ab") as log:
            return subprocess.Popen(
                [str(_BIN), *args],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def url(self, i: int = 0) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def start_api(self, i: int = 0, timeout: float = 60.0) -> str:
        port = self.ports.setdefault(i, free_port())
        self.apis[i] = self._spawn(["serve", "--port", str(port)], f"api-{i}.log")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.apis[i].poll() is not None:
                raise RuntimeError(f"API {i} exited: see {self.log_dir / f'api-{i}.log'}")
            try:
                if httpx.get(self.url(i) + "/healthz", timeout=1).status_code == 200:
                    return self.url(i)
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"API {i} did not come up")

    def start_worker(self, i: int = 0, concurrency: int = 1) -> None:
        self.workers[i] = self._spawn(
            ["worker", "--concurrency", str(concurrency), "--loglevel", "warning"],
            f"worker-{i}.log",
        )

    def kill(self, proc: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
        """Signal the process and its children (a Celery pool, uvicorn workers)."""
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                pass
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)

    def kill_api(self, i: int = 0, sig: int = signal.SIGKILL) -> None:
        self.kill(self.apis.pop(i), sig)

    def kill_worker(self, i: int = 0, sig: int = signal.SIGKILL) -> None:
        self.kill(self.workers.pop(i), sig)

    def stop(self) -> None:
        for i in list(self.workers):
            self.kill_worker(i, signal.SIGTERM)
        for i in list(self.apis):
            self.kill_api(i, signal.SIGTERM)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
