"""API keys: ``pk_<lookup>_<secret>``. The lookup finds the row; only a SHA-256 of the whole
key is stored, and it is compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

__all__ = ["ParsedKey", "generate_key", "hash_key", "parse_key", "verify_key"]

_KEY = re.compile(r"^pk_([A-Za-z0-9]{16})_([A-Za-z0-9_-]{32,64})$")
_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


@dataclass(frozen=True)
class ParsedKey:
    lookup: str
    full: str


def generate_key() -> tuple[str, str]:
    """A new key and its lookup part."""
    lookup = "".join(secrets.choice(_ALNUM) for _ in range(16))
    return f"pk_{lookup}_{secrets.token_urlsafe(32)}", lookup


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def parse_key(key: str) -> ParsedKey | None:
    """The key's parts, or None when it is not shaped like one of ours."""
    m = _KEY.match(key.strip())
    return ParsedKey(lookup=m.group(1), full=key.strip()) if m else None


def verify_key(key: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_key(key), stored_hash)
