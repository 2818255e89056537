"""Descriptions to a drawing spec: ``"cracked grey cobblestone with moss"`` -> a MaterialSpec.

How a description is read:

1. It is lower-cased and cut at the first connector (``with``, ``and``, ``covered in``, a
   comma...). The part before is the *main chunk* (what the surface is made of); the rest
   lists features.
2. In the main chunk, lexicon aliases are matched literally (up to three words). English
   puts the head noun last, so the match that ends last wins ("mossy stone" is stone), the
   longest on a tie ("dry grass" beats "grass"). Other material words before the head
   become features when they have one ("grassy dirt" adds tufts).
3. Colour words (``red``, ``teal``), modifiers (``dark``, ``golden``, ``wet``) and feature
   phrases (``with small flowers``, ``cracked``) are collected from the whole text.
4. When the main chunk names no known material, the words that are left (neither colour,
   modifier, feature nor stop word) are matched in this order: a close fuzzy match to an
   alias (typos: "cobblestnoe"); the reader (:mod:`pixelkiln.engine.reader`: the sentence
   model, or the table distilled from it that ships in the package) against every
   material's phrases, if the best cosine reaches :data:`EMBED_THRESHOLD` ("verdant
   meadow" -> grass); a looser fuzzy match; the reader's best guess whatever its score;
   and finally :data:`DEFAULT_MATERIAL`.

Parsing is cached per description and reader (``lru_cache``), and so is the
material-phrase matrix, so a repeated description costs nothing. That matrix ships
precomputed by the full model in ``data/material_phrases.npz`` (float16, checked against
the lexicon's phrases at load; rewrite it with ``python -m pixelkiln.engine.text``), so
both readers compare a description with the same phrase vectors.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pixelkiln.engine.lexicon import MATERIALS, get_material
from pixelkiln.engine.reader import PhraseTable, ReaderKind, get_reader
from pixelkiln.engine.reader import write_phrase_cache as _write_cache
from pixelkiln.engine.wordlists import FEATURES, MODIFIERS, NAMED_COLORS, STOP_WORDS

__all__ = [
    "DEFAULT_MATERIAL",
    "EMBED_THRESHOLD",
    "PHRASE_CACHE",
    "MaterialSpec",
    "alias_spans",
    "feature_spans",
    "feature_words",
    "literal_description",
    "material_phrases",
    "material_table",
    "nearest_material",
    "parse_description",
    "write_phrase_cache",
]

PHRASE_CACHE = Path(__file__).parent / "data" / "material_phrases.npz"
DEFAULT_MATERIAL = "stone"
# Cosine similarity above which the model's nearest material is trusted over a loose
# fuzzy match; chosen from the phrase tests: true matches score 0.35-0.8, unrelated
# words 0.1-0.3.
EMBED_THRESHOLD = 0.33
_FUZZY_STRICT = 0.8
_FUZZY_LOOSE = 0.72

_CONNECTORS = re.compile(
    r"\b(?:with|and|covered in|covered with|covered by|full of|dotted with|scattered with|"
    r"sprinkled with|strewn with|littered with|featuring|having|plus|among|under)\b|,|;"
)


@dataclass(frozen=True)
class MaterialSpec:
    """What to draw: a material key plus the colour words, modifiers and features asked for.

    ``colors`` colour the surface, ``feature_colors`` (named after the connector) colour
    its features; ``matched_by`` and ``score`` say how the material was found.
    """

    material: str
    colors: tuple[str, ...] = ()
    feature_colors: tuple[str, ...] = ()
    modifiers: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    text: str = ""
    matched_by: str = "lexicon"  # lexicon | fuzzy | embedding | default | key
    score: float = 1.0
    # Qualifier effects whose ramp shift applies (engine.reading.effects; words the
    # modifier list lacks, "polluted", "luminous"); their covers are in ``features``.
    effects: tuple[str, ...] = ()

    def all_features(self) -> tuple[str, ...]:
        """Requested features plus the material's own defaults, without repeats."""
        out = list(get_material(self.material).features)
        out += [f for f in self.features if f not in out]
        return tuple(out)


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.replace("-", " ").replace("_", " "))


def _alias_table() -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    for key, mat in MATERIALS.items():
        for alias in (key, *mat.aliases):
            table.setdefault(tuple(_tokens(alias)), key)
    return table


def _feature_table() -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    for name, phrases in FEATURES.items():
        for phrase in (name, *phrases):
            table.setdefault(tuple(_tokens(phrase)), name)
    return table


_ALIASES = _alias_table()
_FEATURE_PHRASES = _feature_table()
# Fuzzy matching compares single words with one-word aliases only: a word of a longer alias
# ("forest" of "tropical forest") says too little on its own; the model reads those.
_WORD_TO_MATERIAL = {key[0]: mat for key, mat in _ALIASES.items() if len(key) == 1}
_ALIAS_WORDS = sorted(w for w in _WORD_TO_MATERIAL if len(w) >= 4)


def _matches(tokens: list[str], table: dict[tuple[str, ...], str]) -> list[tuple[int, int, str]]:
    """All ``(start, end, value)`` n-gram matches (n <= 3) of ``tokens`` in ``table``."""
    found = []
    for n in (3, 2, 1):
        for i in range(len(tokens) - n + 1):
            value = table.get(tuple(tokens[i : i + n]))
            if value is not None:
                found.append((i, i + n, value))
    return found


def material_phrases() -> tuple[list[str], list[str]]:
    """The phrases the model compares a description with, and the material of each."""
    phrases: list[str] = []
    owners: list[str] = []
    for key, mat in MATERIALS.items():
        for phrase in dict.fromkeys((key, *mat.aliases, mat.about)):
            if phrase:
                phrases.append(phrase)
                owners.append(key)
    return phrases, owners


def write_phrase_cache(path: Path = PHRASE_CACHE) -> Path:
    """Embed every material phrase with the installed model and store the matrix.

    Run after editing the lexicon (``python -m pixelkiln.engine.text``); without a
    matching cache the matrix is computed at first use instead (about half a second with
    the model; with the static table alone the phrases are read by the table).
    """
    phrases, _ = material_phrases()
    return _write_cache(path, phrases)


@lru_cache(maxsize=8)
def material_table(
    reader: ReaderKind = "auto", model_dir: Path | None = None
) -> PhraseTable | None:
    """The material phrases ready to rank descriptions (None when no reader is there)."""
    found = get_reader(reader, model_dir)
    if found is None:
        return None
    phrases, owners = material_phrases()
    # The shipped cache was made with the default model; another model embeds afresh.
    cache = PHRASE_CACHE if model_dir is None else None
    return PhraseTable.build(list(zip(owners, phrases, strict=True)), found, cache, model_dir)


def nearest_material(
    text: str, model_dir: Path | None = None, reader: ReaderKind = "auto"
) -> list[tuple[str, float]]:
    """Materials ranked by the reader's cosine similarity to ``text`` (empty without one)."""
    table = material_table(reader, model_dir)
    if table is None:
        return []
    return table.rank(text)


def _fuzzy(words: list[str], cutoff: float) -> tuple[str, float] | None:
    """The best close match of any word to a one-word alias, as (material, ratio)."""
    best: tuple[str, float] | None = None
    for word in words:
        if len(word) < 4:
            continue
        for cand in difflib.get_close_matches(word, _ALIAS_WORDS, n=1, cutoff=cutoff):
            ratio = difflib.SequenceMatcher(None, word, cand).ratio()
            if best is None or ratio > best[1]:
                best = (_WORD_TO_MATERIAL[cand], ratio)
    return best


@lru_cache(maxsize=4096)
def _parse(text: str, model_dir: Path | None, reader: ReaderKind | None) -> MaterialSpec:
    lowered = text.lower().strip()
    if lowered in MATERIALS:
        return MaterialSpec(material=lowered, text=text, matched_by="key")
    parts = _CONNECTORS.split(lowered, maxsplit=1)
    main_tokens = _tokens(parts[0])
    rest_tokens = _tokens(parts[1]) if len(parts) > 1 else []
    all_tokens = main_tokens + rest_tokens

    used: set[int] = set()  # indices into main_tokens that something claimed
    head: set[int] = set()  # indices of the material's own words
    material: str | None = None
    matched_by, score = "lexicon", 1.0
    mat_hits = _matches(main_tokens, _ALIASES)
    if mat_hits:
        start, end, material = max(mat_hits, key=lambda m: (m[1], m[1] - m[0]))
        head = set(range(start, end))
        used.update(head)

    features: list[str] = []
    # Feature phrases anywhere, except over the head material's own words.
    offset = len(main_tokens)
    for start, end, name in _matches(all_tokens, _FEATURE_PHRASES):
        if any(i in used for i in range(start, end)):
            continue
        if start < offset and material is None and name in ("tufts", "leaves", "snow", "moss"):
            continue  # a bare "moss" in the main chunk is the material, not a feature
        if name not in features:
            features.append(name)
        used.update(i for i in range(start, end) if i < offset)

    # Colours before the connector colour the surface; after it, the features
    # ("grass with red flowers").
    # Words inside the material's own name ("deep" of "deep water") colour nothing.
    free = [t for i, t in enumerate(main_tokens) if i not in head]
    colors = [t for t in free if t in NAMED_COLORS]
    feature_colors = [t for t in rest_tokens if t in NAMED_COLORS]
    modifiers = [t for t in free + rest_tokens if t in MODIFIERS]
    for mod in modifiers:
        feat = MODIFIERS[mod].feature
        if feat and feat not in features:
            features.append(feat)
    known = set(NAMED_COLORS) | set(MODIFIERS) | STOP_WORDS
    leftover = [t for i, t in enumerate(main_tokens) if i not in used and t not in known]

    if material is None:
        material, matched_by, score = _resolve_unknown(
            leftover, main_tokens, all_tokens, model_dir, reader
        )
    if material in ("flowers",) and "flowers" in features:
        features.remove("flowers")
    return MaterialSpec(
        material=material,
        colors=tuple(dict.fromkeys(colors)),
        feature_colors=tuple(dict.fromkeys(feature_colors)),
        modifiers=tuple(dict.fromkeys(modifiers)),
        features=tuple(features),
        text=text,
        matched_by=matched_by,
        score=round(float(score), 4),
    )


def _resolve_unknown(
    leftover: list[str],
    main_tokens: list[str],
    all_tokens: list[str],
    model_dir: Path | None,
    reader: ReaderKind | None,
) -> tuple[str, str, float]:
    """Pick a material when the main chunk names none literally (see the module docstring)."""
    table = material_table(reader, model_dir) if reader is not None else None
    # With a reader, only words the model does not know as whole words are treated as
    # typos; a real word ("grave") is better read by the model than bent to the nearest alias.
    typos = leftover if table is None else [w for w in leftover if not table.reader.knows(w)]
    strict = _fuzzy(typos, _FUZZY_STRICT)
    if strict:
        return strict[0], "fuzzy", strict[1]
    ranked: list[tuple[str, float]] = []
    if table is not None:
        # Both the whole chunk ("icy tundra") and its unexplained words ("ruins") are
        # asked; the more confident answer wins.
        queries = dict.fromkeys(q for q in (" ".join(main_tokens), " ".join(leftover)) if q)
        for query in queries:
            answer = table.rank(query)
            if answer and (not ranked or answer[0][1] > ranked[0][1]):
                ranked = answer
    if ranked and ranked[0][1] >= EMBED_THRESHOLD:
        return ranked[0][0], "embedding", ranked[0][1]
    loose = _fuzzy(leftover, _FUZZY_LOOSE)
    if loose:
        return loose[0], "fuzzy", loose[1]
    # Literal material words in the feature part ("with sand") beat a blind guess.
    hits = _matches(all_tokens, _ALIASES)
    if hits:
        return hits[-1][2], "lexicon", 0.5
    if ranked:
        return ranked[0][0], "embedding", ranked[0][1]
    return DEFAULT_MATERIAL, "default", 0.0


def parse_description(
    text: str,
    model_dir: Path | str | None = None,
    use_model: bool = True,
    reader: ReaderKind = "auto",
) -> MaterialSpec:
    """Read a description into a :class:`MaterialSpec` (see the module docstring).

    ``model_dir`` points at a MiniLM folder (default: the installed wheel); ``reader``
    picks the full model or the static table (``auto``: the model when installed);
    ``use_model`` False reads with neither (the lexicon and fuzzy matching alone).
    With the default reader the whole sentence is read
    (:func:`pixelkiln.engine.reading.read_material`: qualifiers, compounds); otherwise
    the literal reading alone.
    """
    folder = Path(model_dir) if model_dir is not None else None
    if folder is None and reader == "auto":
        # Imported here: the full reading builds on this module's literal one.
        from pixelkiln.engine.reading.material import read_material

        return read_material(text, use_model).spec
    return _parse(text, folder, reader if use_model else None)


def literal_description(text: str, use_model: bool = True) -> MaterialSpec:
    """The literal reading alone (material, colours, modifier words, feature phrases)."""
    return _parse(text, None, "auto" if use_model else None)


def alias_spans(text: str) -> list[tuple[int, int, str]]:
    """Material aliases in ``text`` as ``(start, end, material)`` over its words, by end;
    a longer alias hides the shorter ones inside it."""
    hits = _matches(_tokens(text.lower()), _ALIASES)
    hits.sort(key=lambda m: (m[1], m[1] - m[0]))
    out: list[tuple[int, int, str]] = []
    for hit in hits:
        out = [o for o in out if not (hit[0] <= o[0] and o[1] <= hit[1])]
        if not any(o[0] <= hit[0] and hit[1] <= o[1] for o in out):
            out.append(hit)
    return sorted(out, key=lambda m: (m[1], m[0]))


def feature_words(text: str) -> list[str]:
    """Feature names whose phrases ``text`` contains, in order."""
    return list(dict.fromkeys(name for _, _, name in feature_spans(text)))


def feature_spans(text: str) -> list[tuple[int, int, str]]:
    """Feature phrases in ``text`` as ``(start, end, feature)`` over its words, in order."""
    return sorted(_matches(_tokens(text.lower()), _FEATURE_PHRASES))


if __name__ == "__main__":
    print(f"wrote {write_phrase_cache()}")  # noqa: T201
