"""edit-animation-v2's edit: one description applied alike to every frame.

The first frame is edited by the editing engine, as ``/edit-image`` edits an image we
did not draw (shapes, added and removed things, materials, conditions, recolours); the
change is carried to every other frame part by part (:mod:`pixelkiln.engine.sprites.carry`),
so what was added to the head follows the head. The held items the stamps draw (sword,
staff, torch, axe, shield) are put in each frame's own hand instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from pixelkiln.engine.edits import read_instruction
from pixelkiln.engine.sprites.carry import carry_edit
from pixelkiln.engine.sprites.stamps import item_words, stamp_items
from pixelkiln.engine.sprites.understand import understand_sprite
from pixelkiln.service.images.edit import edit_image

__all__ = ["edit_animation"]

# Garment words the grammar does not know, read as the ones it does.
_SYNONYMS = {"tabard": "tunic", "top": "shirt", "shorts": "pants", "boot": "boots", "shoe": "shoes"}
_VERBS = r"(?:holding|holds|hold|wielding|carrying|with|add|give\s+\w+|giving)"
_ARTICLE = r"(?:a|an|the|his|her|its|their)"


def _without_held_items(description: str) -> str:
    """The description less the held items the stamps draw ("holding a sword")."""
    text = description.lower()
    for word in ("sword", "blade", "staff", "stick", "wand", "torch", "axe", "shield"):
        text = re.sub(rf"(?:\b{_VERBS}\s+)?(?:\b{_ARTICLE}\s+)?\b{word}s?\b", " ", text)
    for old, new in _SYNONYMS.items():
        text = re.sub(rf"\b{old}\b", new, text)
    return re.sub(r"\s+", " ", text).strip()


def edit_animation(
    frames: Sequence[np.ndarray], description: str, seed: int
) -> tuple[list[np.ndarray], dict[str, Any]]:
    """Every frame edited as ``description`` says, and a record of what was done."""
    out = [np.asarray(f, np.uint8).copy() for f in frames]
    how: dict[str, Any] = {}
    rest = _without_held_items(description)
    if rest and read_instruction(rest):
        edited, read = edit_image(out[0], rest, seed)
        how["edits"] = read.get("operations", [])
        how["notes"] = read.get("notes", [])
        try:
            keypoints = understand_sprite(out[0], seed=seed).keypoints
        except ValueError:  # no figure to read: the subject moves as one part
            keypoints = []
        out, carried = carry_edit(out, edited, keypoints)
        how["carried"] = {"parts": "skeleton" if keypoints else "whole subject", **carried}
    else:
        how["edits"] = []
    items = item_words(description)
    if items:
        out, how["items"] = stamp_items(out, items)
    return out, how
