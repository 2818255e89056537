"""The image engine without the service: what a description asks for, scene reading,
candidate counts, the instruction grammar, and exemplar synthesis adding no colour."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.edits import read_instruction
from pixelkiln.engine.images import ImageAsk, candidate_count, draw_image, read_intent
from pixelkiln.engine.inpaint import synthesize
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.scenes import read_scene


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("health potion icon", "icon"),
        ("mossy cobblestone texture", "texture"),
        ("forest clearing at night", "scene"),
        ("dungeon corridor with torches", "scene"),
        ("orc knight with a red cape", "subject"),
    ],
)
def test_what_a_description_asks_for(text: str, kind: str) -> None:
    assert read_intent(text).kind == kind


def test_scene_reading() -> None:
    spec = read_scene("desert town at sunset with barrels in the rain")
    # A settlement word decides what is built; the other place word is its land.
    assert (spec.setting, spec.land) == ("town", "desert")
    assert (spec.time, spec.weather) == ("sunset", "rain")
    assert "barrel" in spec.props
    assert read_scene("space station window").indoor
    assert read_scene("dungeon corridor with torches").props == ("torch",)


@pytest.mark.parametrize(
    ("side", "n"), [(16, 64), (42, 64), (43, 16), (85, 16), (86, 4), (170, 4), (171, 1)]
)
def test_candidate_counts(side: int, n: int) -> None:
    assert candidate_count(side) == n


def test_instruction_grammar() -> None:
    ops = read_instruction("make the cape red and give him a hat")
    kinds = {(o.kind, o.value, o.part) for o in ops}
    assert ("recolour", "red", "cape") in kinds and ("add", "hat", "hat") in kinds
    assert [o.kind for o in read_instruction("covered in snow")] == ["condition"]
    assert [o.value for o in read_instruction("winter palette")] == ["winter"]
    assert [o.kind for o in read_instruction("remove the helmet")] == ["remove"]
    assert [o.value for o in read_instruction("make it wooden")] == ["wood"]


@pytest.mark.parametrize("hole_side", [12, 60])
def test_synthesis_copies_only_known_colours(hole_side: int) -> None:
    img = render_material("stone brick", 96, 3).rgba
    hole = np.zeros((96, 96), bool)
    hole[20 : 20 + hole_side, 18 : 18 + hole_side] = True
    out = synthesize(img, hole, seed=1)
    assert (out[~hole] == img[~hole]).all()
    known = {tuple(c) for c in img[~hole].reshape(-1, 4)}
    assert {tuple(c) for c in out[hole].reshape(-1, 4)} <= known


def test_a_scene_fills_the_canvas_and_no_background_keeps_its_props() -> None:
    full = draw_image(ImageAsk("village at dusk", 96, 56, seed=2)).rgba
    assert (full[..., 3] == 255).all()
    props = draw_image(ImageAsk("village at dusk", 96, 56, seed=2, no_background=True)).rgba
    assert 0 < (props[..., 3] > 0).mean() < 0.5
