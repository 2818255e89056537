"""A subject agrees with itself in every direction: canvas, palette, ground, height, pivot."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.style import SubjectStyle
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject

from .measure import box, height, role_pixels

SUBJECTS = [
    "knight with a red cape",
    "blue wizard with a long beard",
    "chibi princess",
    "orc warrior holding a torch",
    "skeleton",
    "elf archer",
    "astronaut",
    "heroic barbarian",
    "dwarf blacksmith",
    "ninja",
]


@pytest.fixture(scope="module")
def drawn() -> dict[tuple[str, str], object]:
    out = {}
    for text in SUBJECTS:
        subject = Subject.from_text(text, seed=4)
        for view in ("side", "low top-down", "high top-down"):
            out[text, view] = draw_subject(subject, Look(view=view))
    return out


@pytest.mark.parametrize("text", SUBJECTS)
@pytest.mark.parametrize("view", ["side", "low top-down", "high top-down"])
def test_one_canvas_one_palette_one_pivot(drawn, text: str, view: str) -> None:
    d = drawn[text, view]
    shapes = {s.index.shape for s in d.sprites.values()}
    assert shapes == {(92, 92)}  # image_size 64 + 28 on standard bases
    tables = {tuple(Image.open(io.BytesIO(d.png(x))).getpalette()) for x in DIRECTIONS}
    assert len(tables) == 1  # the PNGs carry one colour table
    assert {s.pivot for s in d.sprites.values()} == {d.camera.pivot}


@pytest.mark.parametrize("text", SUBJECTS)
def test_side_view_ground_and_height_agree(drawn, text: str) -> None:
    d = drawn[text, "side"]
    imgs = [s.rgba() for s in d.sprites.values()]
    grounds = {box(i)[1] for i in imgs}
    heights = [height(i) for i in imgs]
    # The sole rests on the ground row; the outline runs one pixel under it.
    assert grounds == {d.camera.pivot[1]}
    assert max(heights) - min(heights) <= 1


@pytest.mark.parametrize("text", SUBJECTS)
@pytest.mark.parametrize("view", ["low top-down", "high top-down"])
def test_top_down_feet_stand_at_the_pivot(drawn, text: str, view: str) -> None:
    # From above, the lowest pixel of the body is the toe or heel nearest the viewer: it
    # sits at most the foot's reach (foreshortened) below the ground line.
    d = drawn[text, view]
    reach = 4 if view == "low top-down" else 6
    if any(w in text for w in ("princess", "wizard")):
        reach += 10  # a gown's or robe's hem is wider than the feet
    for sprite in d.sprites.values():
        body = np.nonzero((sprite.roles >= 0).any(1))[0]
        assert d.camera.pivot[1] - 1 <= body[-1] <= d.camera.pivot[1] - 1 + reach


def test_west_is_drawn_not_mirrored() -> None:
    subject = Subject.from_text("knight", seed=2)
    d = draw_subject(subject, Look(view="side"))
    east, west = d.sprites["east"].rgba(), d.sprites["west"].rgba()
    assert not np.array_equal(east, west[:, ::-1])
    # The sword is in the right hand: on the viewer's left facing south, right facing north.
    pivot_x = d.camera.pivot[0]

    def sword_x(direction: str) -> float:
        sprite = d.sprites[direction]
        ri = sprite.role_names.index("r_blade")
        return float(np.nonzero(sprite.roles == ri)[1].mean()) - pivot_x

    assert sword_x("south") < -2
    assert sword_x("north") > 2


def test_same_seed_same_bytes_other_seed_other_look() -> None:
    look = Look(view="low top-down", style=SubjectStyle(shading="medium shading"))
    a = draw_subject(Subject.from_text("farmer", seed=11), look)
    b = draw_subject(Subject.from_text("farmer", seed=11), look)
    assert all(a.png(d) == b.png(d) for d in DIRECTIONS)
    others = [
        draw_subject(Subject.from_text("farmer", seed=s), look).png("south") for s in range(12, 16)
    ]
    assert len({a.png("south"), *others}) >= 3  # hair, skin and shirt colours come from the seed


def test_keypoints_lie_in_the_silhouette() -> None:
    for text in ("knight", "chibi princess", "heroic barbarian"):
        d = draw_subject(Subject.from_text(text, seed=1), Look(view="low top-down"))
        for sprite in d.sprites.values():
            assert len(sprite.keypoints) == 18
            opaque = np.pad(sprite.index > 0, 1)
            h, w = sprite.index.shape
            for kp in sprite.keypoints:
                x, y = int(kp["x"] * w), int(kp["y"] * h)
                assert opaque[y : y + 3, x : x + 3].any(), (text, kp)


def test_named_colours_land_on_named_parts() -> None:
    from .measure import hue_distance, hues

    cases = [
        ("knight with a red cape", "cape", 28.0),
        ("wizard in a blue robe", "top", 262.0),
        ("paladin in golden armor", "armor", 88.0),
        ("pirate with a green coat", "top", 145.0),
        ("archer with a purple hood", "hat", 305.0),
    ]
    for text, role, hue in cases:
        sprite = draw_subject(Subject.from_text(text, seed=3), Look(), ["south", "north"])
        pixels = np.concatenate([role_pixels(s, role) for s in sprite.sprites.values()])
        lch = hues(pixels)
        coloured = lch[lch[:, 1] > 0.03]
        assert len(coloured) > 10, text
        assert np.median([hue_distance(h, hue) for h in coloured[:, 2]]) < 25, text
    wood = draw_subject(Subject.from_text("viking with a wooden shield", seed=3), Look(), ["south"])
    lch = hues(role_pixels(wood.sprites["south"], "l_face"))
    assert np.median([hue_distance(h, 62) for h in lch[:, 2]]) < 30
    black = draw_subject(Subject.from_text("princess with black hair", seed=3), Look(), ["north"])
    assert hues(role_pixels(black.sprites["north"], "hair"))[:, 0].mean() < 0.4


def test_color_image_forces_the_palette_exactly() -> None:
    forced = np.array(
        [
            [20, 16, 30],
            [70, 50, 60],
            [140, 60, 50],
            [220, 120, 70],
            [240, 220, 150],
            [60, 100, 80],
            [90, 150, 160],
            [230, 230, 230],
        ],
        np.uint8,
    )
    look = Look(palette=forced, style=SubjectStyle(shading="detailed shading"))
    d = draw_subject(Subject.from_text("wizard", seed=1), look)
    allowed = {tuple(int(v) for v in c) for c in forced}
    for sprite in d.sprites.values():
        rgba = sprite.rgba()
        used = {tuple(int(v) for v in c) for c in rgba[rgba[..., 3] > 0][:, :3]}
        assert used <= allowed


def test_style_knobs_change_the_drawing() -> None:
    subject = Subject.from_text("knight", seed=1)

    def colours(**kw) -> int:
        d = draw_subject(subject, Look(style=SubjectStyle(**kw)), ["south"])
        rgba = d.sprites["south"].rgba()
        return len({tuple(c) for c in rgba[rgba[..., 3] > 0][:, :3]})

    assert colours(shading="flat shading") < colours(shading="detailed shading")
    lineless = draw_subject(subject, Look(style=SubjectStyle(outline="lineless")), ["south"])
    black = draw_subject(subject, Look(), ["south"])
    assert (black.sprites["south"].index > 0).sum() > (lineless.sprites["south"].index > 0).sum()
    assert black.palette.outline is not None and lineless.palette.outline is None
