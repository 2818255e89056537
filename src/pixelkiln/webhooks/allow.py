"""Which hosts webhooks may reach (``PIXELKILN_WEBHOOK_ALLOW``), so that a key holder
cannot aim the server at internal addresses.

Entries are host names (``hooks.example.com``; ``*.example.com`` for its subdomains) or
networks (``10.1.0.0/16``, a single address). A URL is allowed when its host is a listed
name, or when every address it resolves to lies in a listed network. Requests are then
sent to the address that was checked, so a name cannot resolve elsewhere in between.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["AllowList", "Refused", "Target"]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


class Refused(Exception):
    """A webhook URL the allow list does not admit (or that is not a usable URL)."""


@dataclass(frozen=True)
class Target:
    """A checked URL and the address to connect to."""

    url: str
    scheme: str
    host: str
    port: int
    address: str


@dataclass(frozen=True)
class AllowList:
    names: frozenset[str]
    suffixes: tuple[str, ...]
    networks: tuple[IPNetwork, ...]

    @classmethod
    def parse(cls, text: str) -> AllowList:
        names: set[str] = set()
        suffixes: list[str] = []
        networks: list[IPNetwork] = []
        for entry in text.replace(",", " ").split():
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
                continue
            except ValueError:
                pass
            entry = entry.lower().rstrip(".")
            if entry.startswith("*."):
                suffixes.append(entry[1:])
            else:
                names.add(entry)
        return cls(frozenset(names), tuple(suffixes), tuple(networks))

    @property
    def empty(self) -> bool:
        return not (self.names or self.suffixes or self.networks)

    def check(self, url: str) -> Target:
        """The target to connect to, or Refused (naming why)."""
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise Refused(f"{url!r} is not an http(s) URL")
        if parts.username or parts.password:
            raise Refused("webhook URLs may not carry credentials")
        if self.empty:
            raise Refused("no webhook host is allowed (set PIXELKILN_WEBHOOK_ALLOW)")
        host = parts.hostname.lower().rstrip(".")
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError as exc:
            raise Refused(f"bad port in {url!r}") from exc
        addresses = _resolve(host, port)
        by_name = host in self.names or any(host.endswith(s) for s in self.suffixes)
        if not by_name:
            outside = [a for a in addresses if not any(a in n for n in self.networks)]
            if outside:
                shown = host if host == str(outside[0]) else f"{host} ({outside[0]})"
                raise Refused(f"{shown} is not in PIXELKILN_WEBHOOK_ALLOW")
        return Target(url, parts.scheme, host, port, str(addresses[0]))


def _resolve(host: str, port: int) -> list[IPAddress]:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise Refused(f"{host} does not resolve: {exc}") from exc
    found = [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in infos]
    if not found:
        raise Refused(f"{host} does not resolve")
    return list(dict.fromkeys(found))
