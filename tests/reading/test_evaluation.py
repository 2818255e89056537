"""The evaluation set reads as expected (at least 90% of it), and its parts hold together."""

from __future__ import annotations

from tests.reading.evaluation import load_cases, read_now, score

#: Share of the evaluation set that must read as expected.
TARGET = 0.9


def test_the_set_is_large_and_covers_every_family() -> None:
    cases = load_cases()
    assert len(cases) >= 300
    assert {c.family for c in cases} == {"tileset", "tile", "isometric", "ui"}


def test_at_least_ninety_percent_read_as_expected() -> None:
    results = score(read_now)
    wrong = [f"{c.family} {c.text!r}: {'; '.join(m)}" for c, m in results if m]
    good = len(results) - len(wrong)
    assert good >= TARGET * len(results), "\n".join(wrong)
