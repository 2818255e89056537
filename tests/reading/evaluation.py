"""The reading evaluation set (``evaluation.txt``) and how a reading is scored against it.

A reading is compared as a plain dict (``Observed``) so that the reader before the issue-20
work (:mod:`tests.reading.baseline`) and the reader after it are scored by one rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

EVALUATION = Path(__file__).with_name("evaluation.txt")


@dataclass(frozen=True)
class Case:
    """One description and what reading it should give."""

    family: str
    text: str
    base: tuple[str, ...] = ()
    effects: tuple[tuple[str, ...], ...] = ()  # each entry: alternatives
    with_: tuple[tuple[str, ...], ...] = ()
    top: tuple[str, ...] = ()
    relief: bool = False
    elements: tuple[tuple[str, str], ...] = ()  # (kind, count or '+')
    unread: tuple[str, ...] = ()


@dataclass
class Observed:
    """What a reader made of a description, in the evaluation's terms."""

    base: str = ""
    effects: set[str] = field(default_factory=set)
    with_: set[str] = field(default_factory=set)
    top: str | None = None
    relief: bool = False
    elements: Counter[str] = field(default_factory=Counter)
    unread: set[str] = field(default_factory=set)


def _alts(value: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(a.strip() for a in item.split("/")) for item in value.split(","))


def load_cases(path: Path = EVALUATION) -> list[Case]:
    """Every case of the evaluation file, in order."""
    cases = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        family, text, expected = (p.strip() for p in line.split("|", 2))
        kw: dict[str, object] = {}
        for item in filter(None, (p.strip() for p in expected.split(";"))):
            key, value = (s.strip() for s in item.split("=", 1))
            if key == "base":
                kw["base"] = tuple(v.strip() for v in value.split("/"))
            elif key == "effects":
                kw["effects"] = _alts(value)
            elif key == "with":
                kw["with_"] = _alts(value)
            elif key == "top":
                kw["top"] = tuple(v.strip() for v in value.split("/"))
            elif key == "relief":
                kw["relief"] = value == "yes"
            elif key == "elements":
                kw["elements"] = tuple(
                    tuple(e.strip().split(":"))
                    for e in value.split(",")  # type: ignore[misc]
                )
            elif key == "unread":
                kw["unread"] = tuple(value.split(","))
            else:
                raise ValueError(f"unknown key {key!r} in {line!r}")
        cases.append(Case(family, text, **kw))  # type: ignore[arg-type]
    return cases


def mismatches(case: Case, seen: Observed) -> list[str]:
    """What of the expected reading ``seen`` misses (empty: it reads as expected)."""
    out = []
    if case.base and seen.base not in case.base:
        out.append(f"base {seen.base!r} not in {case.base}")
    for alts in case.effects:
        if not set(alts) & seen.effects:
            out.append(f"effect {'/'.join(alts)} missing (read {sorted(seen.effects)})")
    for alts in case.with_:
        if not set(alts) & (seen.with_ | seen.effects):
            out.append(f"with {'/'.join(alts)} missing (read {sorted(seen.with_)})")
    if case.top and seen.top not in case.top:
        out.append(f"top {seen.top!r} not in {case.top}")
    if case.relief and not seen.relief:
        out.append("relief not read")
    for kind, count in case.elements:
        n = seen.elements.get(kind, 0)
        if (count == "+" and n < 1) or (count != "+" and n != int(count)):
            out.append(f"{kind} x{n}, expected {count}")
    for word in case.unread:
        if word not in seen.unread:
            out.append(f"{word!r} not reported as not understood")
    return out


def score(
    read: Callable[[Case], Observed], cases: list[Case] | None = None
) -> list[tuple[Case, list[str]]]:
    """Each case with its mismatches under ``read``."""
    cases = cases if cases is not None else load_cases()
    # Every word read in one batch first: the sentence model reads a batch far faster.
    from pixelkiln.engine.reading.qualifiers import prime
    from pixelkiln.engine.reading.sentence import words

    prime([w for c in cases for w in words(c.text)])
    return [(c, mismatches(c, read(c))) for c in cases]


def read_now(case: Case) -> Observed:
    """The engine's current reading of one case."""
    from pixelkiln.engine.reading import read_description

    found = read_description(case.text, case.family)
    elements: Counter[str] = Counter(dict(found.elements))
    if found.container:
        elements[found.container] += 1
    return Observed(
        base=found.base,
        effects=set(found.effects),
        # A top layer is a secondary material laid as a layer.
        with_=set(found.secondary)
        | {s.removeprefix("patch:") for s in found.secondary}
        | ({found.top} if found.top else set()),
        top=found.top,
        relief=found.relief,
        elements=elements,
        unread=set(found.unread),
    )


if __name__ == "__main__":
    results = score(read_now)
    good = sum(1 for _, miss in results if not miss)
    print(f"{good}/{len(results)} read as expected")
    for case, miss in results:
        if miss:
            print(f"  {case.family:9} {case.text!r}: {'; '.join(miss)}")
