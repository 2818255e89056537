"""The reader: the shipped static table reads descriptions as the sentence model does.

The agreement figure is measured on ``data/heldout_descriptions.txt`` (422 descriptions
written for this test; the distillation never sees them) and printed; the test holds the
floor the shipped table reaches (85.5%: 361 of 422; without a reader a plain install
agreed on 151), so a worse table fails.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pixelkiln.engine import reader as reader_mod
from pixelkiln.engine import text as text_mod
from pixelkiln.engine.embedding import find_model_dir, load_model
from pixelkiln.engine.reader import (
    READER_TABLE,
    PhraseTable,
    StaticReader,
    get_reader,
    words_of,
)
from pixelkiln.engine.text import parse_description

HELDOUT = Path(__file__).parent / "data" / "heldout_descriptions.txt"
#: Identical materials over the held-out list, static table against the model: the
#: shipped table reaches this (see the distillation's report) and must not fall below.
AGREEMENT_FLOOR = 0.85

needs_model = pytest.mark.skipif(find_model_dir() is None, reason="MiniLM wheel not installed")

#: Words of the issue, read by the model as these; a plain install reads them so too. (Its
#: fifth, "whitewashed plaster", the model reads as marble by 0.015 over stone brick, the
#: table's reading: one of the held-out list's close calls.)
ISSUE_WORDS = {
    "meadow": "grass",
    "frozen tundra": "ice",
    "farmland with wheat": "flowers",
    "neon sci-fi floor panel": "metal plates",
}


def heldout() -> list[str]:
    lines = HELDOUT.read_text().splitlines()
    return [ln for ln in lines if ln.strip() and not ln.startswith("#")]


@pytest.fixture(scope="module")
def static() -> StaticReader:
    found = get_reader("static")
    assert isinstance(found, StaticReader), "the package data reader_table.npz is missing"
    return found


def test_the_table_ships_in_the_package_and_stays_small() -> None:
    assert READER_TABLE.is_file()
    assert READER_TABLE.stat().st_size < 6_000_000


def test_static_vectors_are_unit_or_zero(static: StaticReader) -> None:
    texts = ["meadow", "cracked grey cobblestone", "neon sci fi floor panel", "", "   "]
    vecs = static.embed(texts)
    assert vecs.shape == (5, 384)
    norms = np.linalg.norm(vecs, axis=1)
    assert np.allclose(norms[:3], 1.0, atol=1e-4)
    assert (norms[3:] == 0).all()  # nothing to read matches nothing
    assert static.knows("meadow") and not static.knows("cobblestnoe")
    assert words_of("Sci-Fi Café!") == ["sci", "fi", "cafe"]


def test_issue_words_read_without_the_model() -> None:
    for text, expected in ISSUE_WORDS.items():
        spec = parse_description(text, reader="static")
        assert (spec.material, spec.matched_by) == (expected, "embedding"), text


def test_a_phrase_table_for_other_words(static: StaticReader) -> None:
    # What a subject engine would do: its own labels and phrases, the same reader.
    subjects = [
        ("knight", "an armored knight with sword and shield"),
        ("wizard", "a wizard in robes with a staff casting spells"),
        ("slime", "a green slime blob monster"),
        ("dragon", "a winged fire-breathing dragon"),
        ("skeleton", "an undead skeleton warrior made of bones"),
        ("robot", "a metal robot machine"),
    ]
    table = PhraseTable.build(subjects, static)
    for text, expected in {
        "paladin": "knight",
        "sorcerer": "wizard",
        "gelatinous ooze": "slime",
        "wyvern": "dragon",
        "undead bones": "skeleton",
        "automaton": "robot",
    }.items():
        assert table.rank(text)[0][0] == expected, text
    assert table.rank("") == []


@needs_model
def test_single_entries_read_as_the_model_reads_them(static: StaticReader) -> None:
    model = load_model()
    assert model is not None
    words = ["meadow", "tundra", "plaster", "knight", "lantern", "anvil", "crystal", "swamp"]
    cosines = (static.embed(words) * model.embed(words)).sum(axis=1)
    assert (cosines > 0.95).all(), dict(zip(words, cosines.round(3).tolist(), strict=True))


@needs_model
def test_agreement_with_the_model_on_held_out_descriptions() -> None:
    for cached in (reader_mod._reader, text_mod.material_table, text_mod._parse):
        cached.cache_clear()
    lines = heldout()
    assert len(lines) >= 300
    same = read = same_read = 0
    for line in lines:
        full = parse_description(line, reader="minilm")
        ours = parse_description(line, reader="static")
        same += full.material == ours.material
        if full.matched_by == "embedding":
            read += 1
            same_read += full.material == ours.material
    share = same / len(lines)
    print(
        f"\nreader agreement: {same}/{len(lines)} = {share:.1%} identical materials; "
        f"{same_read}/{read} = {same_read / read:.1%} of those the model read by embedding"
    )
    assert share >= AGREEMENT_FLOOR
