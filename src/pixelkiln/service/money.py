"""Generations on the wire, integer thousandths ("milli") in the database."""

from __future__ import annotations

__all__ = ["from_milli", "to_milli"]


def to_milli(generations: float) -> int:
    """Generations to thousandths, rounded to the nearest (0.1 -> 100)."""
    return round(generations * 1000)


def from_milli(milli: int) -> float:
    """Thousandths to generations (100 -> 0.1); whole numbers come back as whole floats."""
    return milli / 1000
