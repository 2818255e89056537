"""One qualifier word to its effect: literally, by its stem, or through the sentence reader.

A word a description carries besides its materials and colours is looked up in order:

1. the engine's colour modifiers (``dark``, ``charred``...; :data:`.effects.MODIFIER_EFFECTS`);
2. the effects' own vocabulary (:data:`.effects.EFFECTS` phrases), as written or with a
   common suffix taken off (``sooty`` -> ``soot``, ``frosted`` -> ``frost``);
3. the reader (:mod:`pixelkiln.engine.reader`) against every effect phrase and every
   material phrase: a word nearer a material than any effect (``canal``, ``sewer`` in
   ``canal water``) names the material, not a change of it; otherwise the nearest effect
   is taken when its cosine reaches :data:`FLOOR` (:data:`FLOOR_PIECES` for a word the
   model only knows as word pieces, whose vectors land near everything), and the word is
   reported as not understood below it.

Effect phrase vectors ship in ``data/effect_phrases.npz``, written by the full model
(``python -m pixelkiln.engine.reading.qualifiers``), so both readers aim at the same
targets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from pixelkiln.engine.reader import PhraseTable, get_reader, write_phrase_cache
from pixelkiln.engine.reading.effects import EFFECTS, MODIFIER_EFFECTS
from pixelkiln.engine.text import material_table

__all__ = [
    "EFFECT_CACHE",
    "FLOOR",
    "FLOOR_PIECES",
    "Qualifier",
    "prime",
    "read_word",
    "write_cache",
]

EFFECT_CACHE = Path(__file__).parent.parent / "data" / "effect_phrases.npz"
#: Cosine a known word must reach with an effect phrase to take that effect. Chosen on the
#: effect words: true synonyms score 0.55-0.9, unrelated and made-up words 0.3-0.5.
FLOOR = 0.5
#: The same for a word the model splits into pieces (made-up words score up to 0.6).
FLOOR_PIECES = 0.62

_SUFFIXES = ("ened", "ed", "ing", "y", "ish", "ly", "s", "d")


@dataclass(frozen=True)
class Qualifier:
    """How one word was read: the effect (None: not understood, or a material word)."""

    word: str
    effect: str | None
    via: str  # modifier | vocabulary | reader | material | unread
    score: float = 1.0


def _vocabulary() -> dict[str, str]:
    out: dict[str, str] = {}
    for effect in EFFECTS.values():
        for phrase in effect.phrases:
            out.setdefault(phrase, effect.name)
    return out


_VOCABULARY = _vocabulary()


def _stems(word: str) -> list[str]:
    out = []
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            out += [stem, stem + "e"]
            if len(stem) > 3 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "mossy" -> "moss" is whole; "sludgy" keeps "sludg"
    return out


def effect_phrases() -> list[tuple[str, str]]:
    """``(effect, phrase)`` pairs the reader compares words with."""
    return [(e.name, p) for e in EFFECTS.values() for p in e.phrases]


def write_cache(path: Path = EFFECT_CACHE) -> Path:
    """Embed the effect phrases with the full model (run after editing the effects)."""
    return write_phrase_cache(path, [p for _, p in effect_phrases()])


@lru_cache(maxsize=4)
def effect_table(use_model: bool = True) -> PhraseTable | None:
    """The effect phrases ready to rank words (None when no reader is there)."""
    if not use_model:
        return None
    reader = get_reader()
    if reader is None:
        return None
    return PhraseTable.build(effect_phrases(), reader, EFFECT_CACHE)


_VECTORS: dict[str, np.ndarray] = {}


def _vector(text: str) -> np.ndarray:
    if text not in _VECTORS:
        prime([text])
    return _VECTORS[text]


def prime(texts: list[str]) -> None:
    """Embed the words not yet read in one batch (the model reads a batch far faster than
    one word at a time); :func:`read_word` then finds their vectors ready."""
    reader = get_reader()
    todo = list(dict.fromkeys(t.replace("-", " ") for t in texts))
    todo = [t for t in todo if t not in _VECTORS]
    if reader is None or not todo:
        return
    for text, vector in zip(todo, reader.embed(todo), strict=True):
        _VECTORS[text] = np.asarray(vector, np.float32)


def _rank(table: PhraseTable, vector: np.ndarray) -> list[tuple[str, float]]:
    """Labels of ``table`` by their best phrase's cosine with ``vector`` (as
    :meth:`PhraseTable.rank`, with the vector read once for both tables)."""
    if not vector.any():
        return []
    best: dict[str, float] = {}
    for label, sim in zip(table.labels, (table.vectors @ vector).tolist(), strict=True):
        best[label] = max(best.get(label, -1.0), sim)
    return sorted(best.items(), key=lambda kv: -kv[1])


@lru_cache(maxsize=8192)
def read_word(word: str, use_model: bool = True) -> Qualifier:
    """The effect one qualifier word asks for (see the module docstring)."""
    text = word.replace("-", " ")
    if word in MODIFIER_EFFECTS:
        return Qualifier(word, MODIFIER_EFFECTS[word], "modifier")
    if text in _VOCABULARY:
        return Qualifier(word, _VOCABULARY[text], "vocabulary")
    for stem in _stems(word):
        if stem in _VOCABULARY:
            return Qualifier(word, _VOCABULARY[stem], "vocabulary")
    table = effect_table(use_model)
    if table is None:
        return Qualifier(word, None, "unread", 0.0)
    vector = _vector(text)
    ranked = _rank(table, vector)
    if not ranked:
        return Qualifier(word, None, "unread", 0.0)
    effect, score = ranked[0]
    materials = material_table()
    near = _rank(materials, vector) if materials is not None else []
    if near and near[0][1] > score and near[0][1] >= FLOOR:
        return Qualifier(word, None, "material", round(near[0][1], 4))
    whole = " " not in text and table.reader.knows(text)
    floor = FLOOR if whole or " " in text else FLOOR_PIECES
    if score < floor:
        return Qualifier(word, None, "unread", round(score, 4))
    return Qualifier(word, effect, "reader", round(score, 4))


if __name__ == "__main__":
    print(f"wrote {write_cache()}")  # noqa: T201
