"""Descriptions to subjects: subject words, colours on parts, items, removals, states."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.subjects.reading import edit_subject, read_subject
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
from pixelkiln.engine.subjects.vocabulary import FOLKS, ROLES, SUBJECT_WORDS

from .measure import hue_distance, hues, role_pixels


def test_at_least_sixty_subject_words_read_as_themselves() -> None:
    assert len(SUBJECT_WORDS) >= 60
    for word, (kind, name) in SUBJECT_WORDS.items():
        reading = read_subject(f"a {word}", seed=1)
        assert reading.spec.kind == "character", word
        assert reading.matched_by == "lexicon", word
        assert name in reading.spec.subject, (word, reading.spec.subject)
        table = ROLES if kind == "role" else FOLKS
        assert name in table


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("orc knight", "orc knight"),
        ("goblin archer", "goblin archer"),
        ("skeleton warrior", "skeleton warrior"),
        ("elf wizard with a staff", "elf wizard"),
        ("pirate captain", "pirate"),
    ],
)
def test_folk_and_role_combine(text: str, subject: str) -> None:
    assert read_subject(text, 1).spec.subject == subject


def test_colours_and_materials_land_on_the_named_part() -> None:
    spec = read_subject("knight with a blue cape and golden armor", 1).spec
    assert hue_distance(spec.paints["cape"].hue, 260) < 10
    assert hue_distance(spec.paints["armor"].hue, 88) < 10
    assert spec.paints["armor"].finish == "shiny"
    spec = read_subject("viking with a wooden shield", 1).spec
    assert spec.items["left"] == "shield"
    assert spec.paints["l_face"].finish == "matte" and 50 < spec.paints["l_face"].hue < 70
    spec = read_subject("wizard in a red robe with a green hat", 1).spec
    assert hue_distance(spec.paints["top"].hue, 28) < 10
    assert hue_distance(spec.paints["hat"].hue, 145) < 10
    # A colour that names no part paints the subject's main colours.
    spec = read_subject("purple wizard", 1).spec
    assert hue_distance(spec.paints["top"].hue, 305) < 10


def test_a_prop_part_named_in_the_description_takes_its_paint() -> None:
    from pixelkiln.engine.subjects.props import PROP_KINDS

    default = PROP_KINDS["well"].paints
    # "a wooden roof" paints the roof, and draws it; the well itself stays stone.
    for seed in range(6):
        reading = read_subject("stone well with a wooden roof", seed)
        assert reading.spec.params["roof"] is True
        roof = reading.spec.paints["roof"]
        assert roof != default["roof"] and roof.finish == "matte" and 40 < roof.hue < 80
        assert reading.spec.paints["stone"] == default["stone"]
        assert "roof" not in reading.ignored
    cart = read_subject("wooden cart with red wheels", 1).spec
    assert hue_distance(cart.paints["wheels"].hue, 28) < 12
    assert hue_distance(cart.paints["body"].hue, 28) > 12
    # An edit that names a part recolours that part only.
    well = read_subject("stone well with a wooden roof", 1).spec
    red = edit_subject(well, "make the roof red").spec
    assert hue_distance(red.paints["roof"].hue, 28) < 12
    assert red.paints["stone"] == well.paints["stone"]
    sprite = draw_subject(Subject.from_spec(red), Look(), ["south"]).sprites["south"]
    lch = hues(role_pixels(sprite, "roof"))
    assert np.median([hue_distance(h, 28) for h in lch[:, 2]]) < 25


def test_items_go_to_a_fitting_hand() -> None:
    assert read_subject("knight holding a torch", 1).spec.items == {
        "right": "torch",
        "left": "shield",
    }
    assert read_subject("wizard holding a book", 1).spec.items["right"] == "book"
    assert read_subject("farmer with a bow", 1).spec.items["left"] == "bow"
    spec = read_subject("adventurer with a sword and a lantern", 1).spec
    assert spec.items == {"right": "sword", "left": "lantern"}


def test_removals() -> None:
    assert read_subject("knight without a helmet", 1).spec.outfit["headwear"] == "none"
    assert read_subject("unarmed knight", 1).spec.items == {}
    assert read_subject("bald wizard", 1).spec.outfit["hair"] == "bald"
    assert read_subject("viking with no beard", 1).spec.outfit["beard"] == "none"


def test_the_reading_says_what_it_understood_and_what_it_did_not() -> None:
    reading = read_subject("tall elf ranger with a red cloak humming quietly", 1)
    said = dict(reading.understood)
    assert said["elf"] == "folk: elf" and said["ranger"] == "role: archer"
    assert said["cloak"].startswith("cape: cape") and "red" in said["cloak"]
    assert said["tall"] == "proportions: stylized"
    assert "humming" in reading.ignored and "quietly" in reading.ignored
    assert reading.to_dict()["subject"] == "elf archer"


def test_unknown_words_go_to_the_sentence_model_or_close_spellings() -> None:
    assert read_subject("knigt", 1).spec.subject == "knight"  # a typo
    assert read_subject("knigt", 1).matched_by == "fuzzy"
    space = read_subject("space pilot", 1)
    assert space.spec.subject == "astronaut" and space.matched_by == "embedding"
    assert read_subject("huntsman", 1).spec.subject == "archer"
    blank = read_subject("something", 1)
    assert blank.spec.kind == "character"


def test_seed_fills_what_the_description_leaves_open() -> None:
    looks = {
        (
            read_subject("farmer", s).spec.paints["hair"],
            read_subject("farmer", s).spec.paints["skin"],
        )
        for s in range(12)
    }
    assert len(looks) >= 5
    assert read_subject("farmer", 3).spec == read_subject("farmer", 3).spec


def test_spec_round_trips_through_json() -> None:
    import json

    from pixelkiln.engine.subjects.spec import SubjectSpec

    spec = read_subject("orc knight with a red cape holding a torch", 9).spec
    again = SubjectSpec.from_dict(json.loads(json.dumps(spec.to_dict())))
    assert again == spec


@pytest.mark.parametrize(
    ("edit", "check"),
    [
        ("make the cape blue", lambda s: hue_distance(s.paints["cape"].hue, 260) < 10),
        ("holding a torch", lambda s: s.items["right"] == "torch"),
        ("without the helmet", lambda s: s.outfit["headwear"] == "none"),
        ("damaged", lambda s: "damaged" in s.conditions),
        ("burning and frozen", lambda s: {"burning", "frozen"} <= set(s.conditions)),
    ],
)
def test_states_change_the_spec(edit: str, check) -> None:
    base = read_subject("knight with a red cape", 2).spec
    state = edit_subject(base, edit)
    assert check(state.spec)
    assert state.spec.subject == base.spec.subject if hasattr(base, "spec") else True
    assert state.spec.subject == base.subject and state.spec.plan == base.plan


def test_states_change_the_pixels_as_asked() -> None:
    base = Subject.from_text("knight with a red cape", 2)
    look = Look()

    def draw(edit: str):
        spec = edit_subject(base.spec, edit).spec if edit else base.spec
        return draw_subject(Subject.from_spec(spec), look, ["north"]).sprites["north"]

    plain = draw("")
    blue = draw("make the cape blue")
    lch = hues(role_pixels(blue, "cape"))
    assert np.median([hue_distance(h, 260) for h in lch[:, 2]]) < 25
    # Everything else stays: the cape's pixels are where they were.
    assert np.array_equal(plain.index > 0, blue.index > 0)
    frozen = draw("frozen").rgba()
    assert np.median(hues(frozen[frozen[..., 3] > 0][:, :3])[:, 2]) == pytest.approx(225, abs=40)
    burning = draw("burning")
    assert "flame" in burning.role_names
    assert (burning.index > 0).sum() > (plain.index > 0).sum()  # flames rise off the figure
    glowing = draw("glowing")
    outline = glowing.palette.colors[glowing.palette.outline]
    assert outline.astype(int).sum() > 400  # a bright rim instead of a dark line
    damaged = draw("damaged")
    assert "torn" in damaged.role_names
