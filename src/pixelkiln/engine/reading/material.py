"""A terrain description read in full: base material, qualifiers, secondary materials, top.

:func:`read_material` starts from the engine's literal reading of the whole text
(:func:`pixelkiln.engine.text.literal_description`: material, colours, modifiers,
features) and adds what it left out:

- the base moves to the part after ``on``/``over`` (``"moss on flagstones"``), and a place
  noun (``street``, ``deck``) gives way to the material named before it
  (``"cobblestone street"`` is cobblestone);
- every other word of the sentence is a qualifier read by :func:`.qualifiers.read_word`:
  its effect's ramp shift and covers are added (for the engine's own modifier words,
  which already shift the ramp, only the covers);
- each secondary part (``with``, ``and``, ``on``, ``covered in``...) becomes a feature: its
  own feature word when it has one (``seashells`` -> shells), the feature that draws its
  material (grass -> tufts, water -> puddles) or patches of that material;
- a described top (``"with a moss top"``) and a raised side (wall, cliff) are noted for the
  families that draw them.

A description with nothing left out reads exactly as before, so its pictures do not move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from pixelkiln.engine.lexicon import MATERIALS
from pixelkiln.engine.reading.effects import EFFECTS, FEATURE_EFFECTS, MODIFIER_EFFECTS
from pixelkiln.engine.reading.places import Place, find_place, plant_word
from pixelkiln.engine.reading.qualifiers import Qualifier, read_word
from pixelkiln.engine.reading.sentence import SHAPE_WORDS, split_sentence, words
from pixelkiln.engine.text import (
    EMBED_THRESHOLD,
    MaterialSpec,
    alias_spans,
    feature_spans,
    feature_words,
    literal_description,
)
from pixelkiln.engine.wordlists import FEATURES, MODIFIERS, NAMED_COLORS, STOP_WORDS

__all__ = ["MATERIAL_FEATURE", "MaterialReading", "read_material"]

#: The feature that draws a material when it is the secondary one; others become patches.
MATERIAL_FEATURE = {
    "grass": "tufts",
    "dry grass": "tufts",
    "moss": "moss",
    "leaves": "leaves",
    "jungle": "leaves",
    "forest floor": "leaves",
    "flowers": "flowers",
    "snow": "snow",
    "gravel": "pebbles",
    "rock": "pebbles",
    "shallow water": "puddles",
    "deep water": "puddles",
    "swamp": "puddles",
    "rust": "rust",
    "crystal": "sparkles",
    "bark": "twigs",
}
#: The cover a material word stands for inside a qualifier ("snow-capped", "lichen-spotted").
MATERIAL_COVER = {
    "snow": "snow",
    "moss": "moss",
    "ash": "soot",
    "ice": "frost",
    "rust": "rust",
    "gold": "shiny",
    "silver": "shiny",
    "acid": "glow",
    "lava": "glow",
}
#: A feature's material, for a described top given as a feature word ("grassy top").
FEATURE_MATERIAL = {
    "tufts": "grass",
    "flowers": "flowers",
    "moss": "moss",
    "snow": "snow",
    "rust": "rust",
    "leaves": "leaves",
    "pebbles": "gravel",
}
# Place nouns: "cobblestone street" is cobblestone, "steel deck" is steel.
_PLACES = {"street", "deck", "road", "pavement", "path", "trail", "ground", "floor"}
_NUMBERED = re.compile(r"^\s*1\s*[).]+\s*(?P<first>.*?)(?:\s+2\s*[).]|$)")


@dataclass(frozen=True)
class MaterialReading:
    """What a terrain description was read as, and the spec that draws it."""

    spec: MaterialSpec
    base: str
    qualifiers: tuple[Qualifier, ...] = ()
    effects: tuple[str, ...] = ()  # every effect read (shifted or only covered)
    secondary: tuple[str, ...] = ()  # secondary materials and features
    top: str | None = None
    relief: bool = False
    unread: tuple[str, ...] = ()


def _material_of(text: str, use_model: bool) -> tuple[str | None, MaterialSpec]:
    spec = literal_description(text, use_model)
    trusted = spec.matched_by in ("lexicon", "key", "fuzzy") or (
        spec.matched_by == "embedding" and spec.score >= EMBED_THRESHOLD
    )
    return (spec.material if trusted else None), spec


def _base(text: str, use_model: bool) -> str | None:
    """The base material of the base part, a place noun giving way to a material before it.

    When no alias is written, the words that read as qualifiers are left out (``"glowing
    rune stones"`` is asked as ``"rune stones"``) and plurals are tried singular."""
    # A material inside a qualifier compound ("moss-covered") covers, it is not the base.
    plain = [w for w in words(text) if not ("-" in w and w.endswith("ed"))]
    if plain and len(plain) < len(words(text)):
        return _base(" ".join(plain), use_model)
    spans = alias_spans(text)
    singular = " ".join(_singular(w) for w in words(text))
    more = alias_spans(singular)
    if more and (not spans or more[-1][1] > spans[-1][1]):
        text, spans = singular, more  # "boulders" is a boulder
    if not spans:
        # Only words new to the literal reading are left out: it already weighs its own
        # modifier words ("icy tundra" is ice).
        kept = [w for w in words(text) if read_word(w, use_model).effect is None or w in MODIFIERS]
        if not kept or len(kept) == len(words(text)):
            return None  # nothing to leave out: the literal reading stands
        text = " ".join(kept)
    if len(spans) >= 2:
        (_s0, e0, first), (s1, e1, last) = spans[-2], spans[-1]
        tokens = re.findall(r"[a-z0-9]+", text.lower().replace("-", " "))
        if first != last and set(tokens[s1:e1]) <= _PLACES and e0 <= s1:
            return first
    found, _ = _material_of(text, use_model)
    return found


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _top(text: str, use_model: bool) -> str | None:
    found, spec = _material_of(text, use_model)
    for feature in spec.features:
        if feature in FEATURE_MATERIAL and (found is None or spec.matched_by != "lexicon"):
            return FEATURE_MATERIAL[feature]
    if found is not None and spec.matched_by == "lexicon":
        return found
    for word in words(text):
        q = read_word(word, use_model)
        cover = {"frost": "ice", "soot": "ash"}.get(q.effect or "", q.effect)
        if cover in MATERIALS:
            return cover
    return found


def _secondary(part: str, use_model: bool) -> str | None:
    feats = [f for f in feature_words(part) if f in FEATURES]
    if feats:
        return feats[0]
    found, _ = _material_of(part, use_model)
    if found is None:
        return None
    return MATERIAL_FEATURE.get(found, f"patch:{found}")


def _names_other(part: str, plant: tuple[int, int, Place]) -> bool:
    """Whether ``part`` names a material after its plant noun ("ivy on stone bricks" is
    cut before this; "kelp forest floor" names the floor)."""
    spans = alias_spans(part)
    return bool(spans) and spans[-1][1] > plant[1]


def _head_words(text: str) -> list[str]:
    """The words of the last material alias of ``text`` ("rusted metal")."""
    spans = alias_spans(text)
    if not spans:
        return []
    tokens = re.findall(r"[a-z0-9]+", text.lower().replace("-", " "))
    return tokens[spans[-1][0] : spans[-1][1]]


def _candidates(text: str) -> list[str]:
    """Words of ``text`` that are neither the material's own, colours nor stop words."""
    tokens = re.findall(r"[a-z0-9]+", text.lower().replace("-", " "))
    spans = alias_spans(text)
    # The head's words, and those of other aliases clear of it; an alias overlapping the
    # head ("corroded metal" in "corroded metal plates") leaves its other words to read.
    head = spans[-1:] + [sp for sp in spans[:-1] if sp[1] <= spans[-1][0]] if spans else []
    named = {tokens[i] for s, e, _ in head for i in range(s, e)}
    # Words of a feature phrase of two or more ("lily pads") belong to the feature.
    named |= {tokens[i] for s, e, _ in feature_spans(text) if e - s > 1 for i in range(s, e)}
    out = []
    for word in words(text):
        pieces = word.split("-")
        if all(p in named for p in pieces) or word.isdigit():
            continue
        if word in NAMED_COLORS or word in STOP_WORDS or word in SHAPE_WORDS:
            continue
        out.append(word)
    return out


@lru_cache(maxsize=4096)
def read_material(text: str, use_model: bool = True) -> MaterialReading:
    """Read a terrain description in full (see the module docstring)."""
    literal = literal_description(text, use_model)
    if text.lower().strip() in MATERIALS:
        return MaterialReading(spec=literal, base=literal.material)
    numbered = _NUMBERED.match(text)
    sentence = numbered["first"] if numbered else text
    parts = split_sentence(sentence)
    base = literal.material
    moved = _base(parts.base, use_model)
    if moved is not None:
        base = moved
    # A place or plant noun at the head ("farmland", "terracotta floor"), or agreeing with
    # the material named ("sandstone cliff"), draws as its material with its covers.
    place, place_words = None, set()
    place_colors: tuple[str, ...] = ()
    hit = find_place(parts.base)
    if hit is not None:
        start, end, found_place = hit
        spans = alias_spans(parts.base)
        if not spans or end >= spans[-1][1] or found_place.material == base:
            place, base = found_place, found_place.material
            if found_place.material != literal.material:
                literal = replace(literal, matched_by="lexicon", score=1.0)  # the place table
            place_words = set(re.findall(r"[a-z0-9]+", parts.base.lower())[start:end])
        elif end == spans[-1][0] and found_place.colors:
            # Just before another material ("sandstone cliff"): its colour, on that material.
            place_colors = found_place.colors
            place_words = set(re.findall(r"[a-z0-9]+", parts.base.lower())[start:end])

    qualifiers: list[Qualifier] = []
    effects: list[str] = []
    shifts: list[str] = []
    features: list[str] = []
    unread: list[str] = []
    top = _top(parts.top, use_model) if parts.top else None
    secondary: list[str] = []
    shown: list[str] = []  # materials the plant covers are reported as
    feature_colors = list(place.feature_colors) if place else []
    for part in parts.secondary:
        plant = find_place(part)
        if plant is not None and plant[2].cover and not _names_other(part, plant):
            found = plant[2].cover
            shown.append(plant[2].shown or plant[2].material)
            feature_colors += plant[2].feature_colors
        else:
            found = _secondary(part, use_model)
        if found is not None and found not in secondary:
            secondary.append(found)
    own_features = set(literal.features)
    for chunk in (parts.base, *parts.secondary):
        plant_hit = find_place(chunk)
        own = set(re.findall(r"[a-z0-9]+", chunk.lower())[plant_hit[0] : plant_hit[1]]) if (
            plant_hit and (chunk is parts.base or plant_hit[2].cover)) else set()  # fmt: skip
        for word in _candidates(chunk):
            if word in MODIFIERS and word not in MODIFIER_EFFECTS:
                continue
            if word in place_words or word in own:
                continue  # the place or plant noun itself, read above
            compound = plant_word(word)
            if compound is not None and compound.cover:
                # "vine-covered": that plant laid over the base.
                if compound.cover not in secondary:
                    secondary.append(compound.cover)
                shown.append(compound.shown or compound.material)
                continue
            q = read_word(word, use_model)
            if q.via not in ("modifier", "vocabulary") and feature_words(word):
                # A feature word ("pebbly", "leafy") the literal reading already draws.
                effect = next((FEATURE_EFFECTS[f] for f in feature_words(word)
                               if f in FEATURE_EFFECTS), None)  # fmt: skip
                if effect:
                    effects.append(effect)
                continue
            if q.via == "material":
                # A material inside a qualifier ("snow-capped") is that material's cover.
                found, _ = _material_of(word.split("-")[0], use_model)
                cover = MATERIAL_COVER.get(found or "")
                if cover and found != base:
                    q = Qualifier(word, cover, "material", q.score)
            qualifiers.append(q)
            if q.effect is None:
                if q.via == "unread":
                    unread.append(word)
                continue
            effects.append(q.effect)
            if q.via != "modifier":
                shifts.append(q.effect)
    # A qualifier inside the material's own name ("rusted metal") is read too; the
    # material already draws it.
    effects += [
        q.effect
        for w in _head_words(parts.base)
        if (q := read_word(w, use_model)).via == "vocabulary" and q.effect
    ]
    # Features the literal reading found in the sentence ("mushroom grass") are secondary
    # too; a secondary that is a cover ("covered in snow") is also that cover's effect.
    secondary += [f for f in literal.features if f not in secondary and f not in FEATURE_EFFECTS]
    effects += [FEATURE_EFFECTS[f] for f in secondary if f in FEATURE_EFFECTS]
    if place is not None:
        effects += place.effects
        shifts += place.effects
        features += list(place.features)
    effects = list(dict.fromkeys(effects))
    shifts = [e for e in dict.fromkeys(shifts) if e in EFFECTS]
    for effect in effects:
        features += [f for f in EFFECTS[effect].features if f not in own_features]
    for found in secondary:
        if found not in own_features:
            features.append(found)
    # The place's own covers are part of what was read with it ("rice paddy": seedlings).
    if place is not None:
        secondary += [f for f in place.features if f not in secondary]
    secondary += [m for m in dict.fromkeys(shown) if m not in secondary]
    old_features = literal.features
    if parts.top:
        # The top's own words ("a moss top") are the top layer, not patches in the body.
        body = " ".join((parts.base, *parts.secondary))
        only_top = set(feature_words(parts.top)) - set(feature_words(body))
        old_features = tuple(f for f in old_features if f not in only_top)
    if "frost" in effects and "snow" not in effects:
        # "frosted" is a snow phrase to the literal reading; frost draws it now.
        old_features = tuple(f for f in old_features if f != "snow")
    new_features = tuple(f for f in dict.fromkeys(features) if f not in old_features)
    # A base drawn as itself needs no patches of itself.
    new_features = tuple(f for f in new_features if f != f"patch:{base}")
    spec = literal
    colors = literal.colors or (place.colors if place else place_colors)
    fcolors = literal.feature_colors or tuple(dict.fromkeys(feature_colors))
    if (
        base != literal.material
        or new_features
        or shifts
        or old_features != literal.features
        or (colors, fcolors) != (literal.colors, literal.feature_colors)
    ):
        spec = replace(
            literal,
            material=base,
            colors=colors,
            feature_colors=fcolors,
            features=old_features + new_features,
            effects=tuple(shifts),
        )
    return MaterialReading(
        spec=spec,
        base=base,
        qualifiers=tuple(qualifiers),
        effects=tuple(effects),
        secondary=tuple(secondary),
        top=top,
        relief=parts.relief,
        unread=tuple(dict.fromkeys(unread)),
    )
