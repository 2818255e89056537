"""Domain errors. Services raise these; ``pixelkiln.api.errors`` alone maps them to HTTP.

::

    PixelkilnError
    ├── BadRequest            400  the request cannot be served as asked (a bad tag, no filter)
    ├── Unauthorized          401  missing, malformed, unknown or revoked API key
    ├── InsufficientBalance   402  the charge is larger than the balance
    ├── NotFound              404  no such id for this account (never another's data)
    ├── Conflict              409  the resource cannot do that now
    ├── InvalidRequest        422  a field's value is wrong in a way the model cannot see
    ├── StillProcessing       423  the resource is still being drawn (a progress signal)
    ├── TooSoon               429  submissions closer than the spacing limit
    ├── PayloadTooLarge       413  an image or body over the limit
    └── QueueUnavailable      503  the job queue (broker) cannot take a job now
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "BadRequest",
    "Conflict",
    "InsufficientBalance",
    "InvalidRequest",
    "NotFound",
    "PayloadTooLarge",
    "PixelkilnError",
    "QueueUnavailable",
    "StillProcessing",
    "TooSoon",
    "Unauthorized",
]


class PixelkilnError(Exception):
    """Something went wrong."""

    def __init__(self, message: str | None = None) -> None:
        self.message = message or (self.__doc__ or "").strip()
        super().__init__(self.message)


class BadRequest(PixelkilnError):
    """Bad request."""


class Unauthorized(PixelkilnError):
    """Invalid or missing API key."""


class InsufficientBalance(PixelkilnError):
    """Insufficient generations."""

    def __init__(self, cost: float, balance: float) -> None:
        self.cost = cost
        self.balance = balance
        super().__init__(
            f"Insufficient generations: this request costs {cost:g}, the balance is {balance:g}"
        )


class NotFound(PixelkilnError):
    """Not found."""


class Conflict(PixelkilnError):
    """The resource cannot do that now."""


class InvalidRequest(PixelkilnError):
    """A field's value is invalid."""

    def __init__(self, loc: Sequence[str | int], message: str, type_: str = "value_error") -> None:
        self.loc = tuple(loc)
        self.type = type_
        super().__init__(message)


class StillProcessing(PixelkilnError):
    """Still processing."""

    def __init__(self, message: str | None = None, retry_after: int = 1) -> None:
        self.retry_after = retry_after
        super().__init__(message)


class TooSoon(PixelkilnError):
    """Too many requests."""

    def __init__(self, retry_after: float, spacing: float) -> None:
        self.retry_after = retry_after
        super().__init__(
            f"Submissions from one API key must be at least {spacing:g} s apart; "
            f"retry after {retry_after:.1f} s"
        )


class PayloadTooLarge(PixelkilnError):
    """Payload too large."""


class QueueUnavailable(PixelkilnError):
    """The job queue cannot take work now; nothing was charged. Retry later."""

    def __init__(self, reason: str = "", retry_after: int = 5) -> None:
        self.retry_after = retry_after
        self.reason = reason
        super().__init__(
            "The job queue cannot take work now; nothing was charged. Retry later"
            + (f" ({reason})" if reason else "")
        )
