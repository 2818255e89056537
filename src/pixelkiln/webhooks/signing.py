"""Standard Webhooks signatures: ``webhook-id``, ``webhook-timestamp`` and
``webhook-signature`` (HMAC-SHA256 of ``id.timestamp.body`` with the endpoint's secret)."""

from __future__ import annotations

import base64
import datetime as dt
import secrets

from standardwebhooks import Webhook

__all__ = ["new_secret", "signed_headers"]


def new_secret() -> str:
    """A fresh signing secret in the ``whsec_<base64>`` form receivers' libraries take."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def signed_headers(secret: str, message_id: str, body: str, now: dt.datetime) -> dict[str, str]:
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(int(now.timestamp())),
        "webhook-signature": Webhook(secret).sign(message_id, now, body),
    }
