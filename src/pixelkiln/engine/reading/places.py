"""Place, land-use and plant nouns: words that name a surface by what it is used for or
what grows on it, not by its material (``"farmland"``, ``"rice paddy"``, ``"ivy"``).

Each :class:`Place` says what it is drawn as in two roles:

- as the **base** (the head of the description, or agreeing with the material named):
  a lexicon material, colour words, covers and effects (farmland is dirt with furrows,
  a rice paddy shallow water with seedlings, tundra dry grass with frost and moss,
  sandstone warm stone with bedding lines, a crypt dark stone brick);
- as a **secondary** part (``"vines over a brick wall"``, ``"seaweed on wet sand"``): the
  cover it lays on the base (ivy strands, seaweed fronds, seedlings...) and the material
  it is reported as.

Phrases are matched on whole words, longest first (``"rice paddy"`` before ``"paddy"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["PLACES", "Place", "find_place", "plant_word"]


@dataclass(frozen=True)
class Place:
    """How one place or plant noun is drawn as a base and as a secondary part."""

    material: str
    colors: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    feature_colors: tuple[str, ...] = ()
    cover: str | None = None  # drawn on another base
    shown: str | None = None  # the material a secondary part is reported as


def _many(phrases: str, place: Place) -> dict[str, Place]:
    return dict.fromkeys((p.strip() for p in phrases.split(",")), place)


_FARM = Place("dirt", features=("furrows",), cover="furrows", shown="dirt")
_IVY = Place("leaves", cover="ivy", shown="leaves")
PLACES: dict[str, Place] = {
    **_many("farmland, farm land, farm field, farm fields, ploughed field, plowed field, "
            "tilled soil, tilled earth, tilled field, crop field, crop fields, furrows, "
            "ploughed earth, plowed earth", _FARM),
    **_many("vineyard, vineyards, vine rows", Place(
        "dirt", features=("vine rows",), cover="vine rows", shown="leaves")),
    **_many("rice paddy, rice paddies, paddy, paddies, paddy field, rice field, rice terrace",
            Place("shallow water", features=("seedlings",), cover="seedlings", shown="grass")),
    **_many("seedlings, seedling, sprouts, shoots, rice plants, young rice", Place(
        "dirt", features=("seedlings",), cover="seedlings", shown="grass")),
    **_many("tundra, permafrost", Place(
        "dry grass", effects=("frost",), features=("moss",), cover="moss", shown="moss")),
    **_many("heathland, heath, moor, moorland, moors", Place(
        "dry grass", features=("flowers",), feature_colors=("purple",), cover="flowers",
        shown="flowers")),
    "heather": Place("flowers", feature_colors=("purple",), cover="flowers", shown="flowers"),
    **_many("ivy, vines, vine, creepers, creeper, climbing plants, climbing ivy", _IVY),
    **_many("seaweed, kelp", Place("leaves", colors=("olive",), cover="seaweed",
                                   shown="leaves")),
    **_many("palm fronds, palm leaves, fronds, palm frond", Place(
        "jungle", cover="leaves", shown="leaves")),
    **_many("pine needles, needles, conifer needles", Place(
        "forest floor", cover="twigs", shown="twigs")),
    **_many("sandstone", Place("stone", colors=("tan",), features=("strata",),
                               cover="patch:sand", shown="sand")),
    **_many("sandstone blocks, sandstone bricks, sandstone block walls", Place(
        "stone brick", colors=("tan",))),
    **_many("parquet, parquetry", Place("wood planks")),
    **_many("magma rock, lava rock, magma stone, lava stone", Place("volcanic rock")),
    # Terracotta: fired clay, a darker, warmer tile than the default.
    **_many("terracotta, terra cotta", Place(
        "floor tiles", colors=("orange", "brown"), effects=("dark",))),
    **_many("cellar, basement", Place("stone", effects=("dark",))),
    **_many("crypt, catacombs, catacomb, tomb, mausoleum", Place(
        "stone brick", effects=("dark",))),
    **_many("sewer, sewers", Place("stone brick", effects=("wet", "murk"))),
    **_many("fungus, fungal, fungi", Place(
        "dirt", features=("mushrooms",), cover="mushrooms", shown="mushrooms")),
}  # fmt: skip
_LONGEST = max(len(p.split()) for p in PLACES)


def find_place(text: str) -> tuple[int, int, Place] | None:
    """The last place phrase in ``text`` as ``(start, end, place)`` over its words (words
    split at hyphens, a hyphenated qualifier never matching), the longest on a tie; None
    when there is none."""
    tokens: list[str] = []
    joined: list[bool] = []  # a piece of a hyphenated qualifier ("vine-covered")
    for word in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", text.lower()):
        pieces = word.split("-")
        tokens += pieces
        joined += [len(pieces) > 1] * len(pieces)
    best: tuple[int, int, Place] | None = None
    for n in range(_LONGEST, 0, -1):
        for i in range(len(tokens) - n + 1):
            if any(joined[i : i + n]):
                continue
            place = PLACES.get(" ".join(tokens[i : i + n]))
            if place is not None and (best is None or i + n > best[1]):
                best = (i, i + n, place)
    return best


def plant_word(word: str) -> Place | None:
    """The plant a qualifier compound names (``"vine-covered"``, ``"ivy-clad"``)."""
    head = word.split("-")[0]
    place = PLACES.get(head) if "-" in word else None
    return place if place is not None and place.cover else None
