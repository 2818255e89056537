"""Fixtures of the core tests: a service whose broker is down."""

from __future__ import annotations

import socket
from collections.abc import Callable

import pytest

from tests.conftest import Service


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def broker_down(make_service: Callable[..., Service]) -> Service:
    return make_service(broker_url=f"redis://127.0.0.1:{closed_port()}/3")
