"""A webhook receiver on loopback: records every request, can fail the first few."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks import Webhook


@dataclass
class Received:
    headers: dict[str, str]
    body: str


@dataclass
class Receiver:
    """``fail_first`` requests are answered 500, the rest 204."""

    fail_first: int = 0
    port: int = 0
    received: list[Received] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None

    def __enter__(self) -> Receiver:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", 0))).decode()
                owner.received.append(Received(dict(self.headers.items()), body))
                failing = len(owner.received) <= owner.fail_first
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks/pixelkiln?team=art"

    def verified(self, secret: str) -> list[dict]:
        """Every body, each checked against its Standard Webhooks signature."""
        return [Webhook(secret).verify(r.body, r.headers) for r in self.received]
