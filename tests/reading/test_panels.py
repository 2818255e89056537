"""UI panels drawn from a description alone contain the elements it names."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from pixelkiln.engine.reading import read_elements
from pixelkiln.engine.ui.bars import bar_glyph, bar_kind
from pixelkiln.engine.ui.compose import PanelSpec, Region, render_panel
from pixelkiln.engine.ui.digits import DIGIT_H, DIGIT_W, draw_number
from pixelkiln.engine.ui.shapes import Box
from pixelkiln.engine.ui.single import render_element

PANELS = {
    "crafting window with a 3x3 grid": {"window": 1, "slot": 9},
    "status panel with stamina and experience bars": {"health_bar": 2},
    "shop panel with prices": {"panel": 1, "price": 4},
    "main menu with three buttons": {"button": 3},
    "guild window with a portrait, 2 tabs and 3 buttons": {
        "window": 1,
        "avatar": 1,
        "tab": 2,
        "button": 3,
    },
}


@pytest.mark.parametrize("text", sorted(PANELS))
def test_a_panel_holds_the_elements_its_description_names(text: str) -> None:
    image = render_panel(PanelSpec(description=text, width=96, height=72, seed=3))
    kinds = Counter(r.kind for r in image.regions)
    for kind, n in PANELS[text].items():
        assert kinds[kind] == n, (text, dict(kinds))


def test_named_bars_are_drawn_as_those_bars() -> None:
    assert read_elements("stamina and experience bars").bars == ("stamina", "experience")


def test_a_description_naming_no_element_is_one_panel() -> None:
    spec = PanelSpec(description="wooden panel with gold trim", width=64, height=48, seed=1)
    assert [r.kind for r in render_panel(spec).regions] == ["panel"]


def test_given_elements_win_over_the_description() -> None:
    spec = PanelSpec(
        description="inventory with 12 slots", width=96, height=72, seed=1, elements=("button",)
    )
    assert [r.kind for r in render_panel(spec).regions] == ["button"]


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer.x <= inner.x and outer.y <= inner.y and inner.x1 <= outer.x1 and inner.y1 <= outer.y1
    )


def _part(region: Region, name: str) -> Box:
    return next(b for n, b in region.parts if n == name)


def _mean(rgba: np.ndarray, box: Box) -> np.ndarray:
    return rgba[box.y : box.y1, box.x : box.x1, :3].reshape(-1, 3).astype(float).mean(0)


def test_named_bars_sit_inside_the_panel_each_its_own_colour() -> None:
    text = "status panel with stamina and experience bars"
    image = render_panel(PanelSpec(description=text, width=128, height=96, seed=3))
    panel = next(r for r in image.regions if r.kind == "panel")
    bars = [r for r in image.regions if r.kind == "health_bar"]
    assert len(bars) == 2
    content = _part(panel, "content")
    assert all(_inside(b.box, content) for b in bars)
    # Each bar has an icon plate, and the two fills differ clearly in colour.
    assert all(any(n == "icon" for n, _ in b.parts) for b in bars)
    fills = [_mean(image.rgba, _part(b, "fill")) for b in bars]
    assert np.abs(fills[0] - fills[1]).sum() > 60


def test_every_bar_name_gets_its_own_fill_and_icon() -> None:
    names = ["health", "shield", "oxygen", "hunger", "rage", "xp"]
    assert len({bar_kind(n) for n in names}) == len(names)
    assert len({bar_glyph(bar_kind(n)) for n in names}) == len(names)
    text = "status panel with " + ", ".join(names[:-1]) + " and xp bars"
    image = render_panel(PanelSpec(description=text, width=160, height=200, seed=3))
    bars = [r for r in image.regions if r.kind == "health_bar"]
    assert len(bars) == len(names)
    fills = [_mean(image.rgba, _part(b, "fill")) for b in bars]
    for i in range(len(fills)):
        for j in range(i + 1, len(fills)):
            assert np.abs(fills[i] - fills[j]).sum() > 30, (names[i], names[j])


def test_a_counted_hotbar_is_a_row_of_that_many_square_slots() -> None:
    image = render_panel(
        PanelSpec(description="hotbar with 10 slots", width=256, height=96, seed=3)
    )
    (bar,) = image.regions
    slots = [b for n, b in bar.parts if n.startswith("slot_")]
    assert len(slots) == 10
    assert all(b.w == b.h and b.w >= 18 and _inside(b, bar.box) for b in slots)
    assert len({b.y for b in slots}) == 1
    gaps = {b.x - a.x1 for a, b in itertools.pairwise(slots)}
    assert len(gaps) == 1 and gaps.pop() >= 1  # evenly spaced, none touching


def test_shop_prices_are_digits_beside_a_coin_in_each_item_row() -> None:
    image = render_panel(
        PanelSpec(description="shop panel with prices", width=128, height=96, seed=3)
    )
    panel = next(r for r in image.regions if r.kind == "panel")
    slots = [r for r in image.regions if r.kind == "slot"]
    prices = [r for r in image.regions if r.kind == "price"]
    assert len(prices) == len(slots) == 4
    for slot, price in zip(slots, prices, strict=True):
        assert _inside(price.box, panel.box) and _inside(slot.box, panel.box)
        # The row: the slot holds an item, the price sits to its right at the same height.
        assert any(n == "icon" for n, _ in slot.parts)
        assert price.box.x >= slot.box.x1 and slot.box.y <= price.box.y < slot.box.y1
        coin, digits = _part(price, "icon"), _part(price, "digits")
        assert coin.x1 <= digits.x
        ink = image.rgba[digits.y : digits.y1, digits.x : digits.x1, :3]
        lit = (ink == image.theme.specular).all(-1) | (ink == image.theme.outline).all(-1)
        # Digits of the 3x5 font: at least one digit's worth of ink, columns of 3 px.
        assert lit.sum() >= 7 and lit.shape[0] >= DIGIT_H


def test_pixel_digits_spell_the_number() -> None:
    ink, shadow = np.array([255, 255, 255], np.uint8), np.zeros(3, np.uint8)
    rgb, mask = draw_number("80", 1, ink, shadow)
    lit = mask & (rgb == ink).all(-1)
    assert lit.shape == (DIGIT_H + 1, 2 * DIGIT_W + 1 + 1)
    eight = lit[:DIGIT_H, :DIGIT_W]
    zero = lit[:DIGIT_H, DIGIT_W + 1 : 2 * DIGIT_W + 1]
    assert eight[2].all() and not zero[2, 1] and zero[:, 0].all()


def test_a_crafting_window_holds_a_three_by_three_grid() -> None:
    image = render_panel(PanelSpec(description="crafting window", width=128, height=96, seed=3))
    window = next(r for r in image.regions if r.kind == "window")
    slots = [r.box for r in image.regions if r.kind == "slot"]
    assert len(slots) == 9
    assert all(_inside(b, _part(window, "content")) for b in slots)
    assert len({b.x for b in slots}) == 3 and len({b.y for b in slots}) == 3


def test_named_buttons_carry_the_icon_their_name_asks_for() -> None:
    assert read_elements("menu with play and quit buttons").buttons == ("play", "quit")
    assert read_elements("store with prices and a buy button").buttons == ("buy",)
    text = "menu with play and quit buttons"
    image = render_panel(PanelSpec(description=text, width=128, height=96, seed=3))
    buttons = [r for r in image.regions if r.kind == "button"]
    assert len(buttons) == 2 and all(any(n == "icon" for n, _ in b.parts) for b in buttons)
    plain = render_panel(PanelSpec(description="menu with 2 buttons", width=128, height=96, seed=3))
    assert not any(n == "icon" for r in plain.regions if r.kind == "button" for n, _ in r.parts)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("status panel with stamina and experience bars", {"panel": 1, "health_bar": 2}),
        ("crafting window", {"window": 1, "slot": 9}),
        ("menu with three buttons", {"panel": 1, "button": 3}),
        ("fantasy parchment dialog box with a portrait", {"window": 1, "avatar": 1}),
    ],
)
def test_a_single_element_request_naming_a_panel_draws_the_panel_and_its_elements(
    text: str, want: dict[str, int]
) -> None:
    """generate-ui-v2's path: a description naming a panel's contents is that panel."""
    image = render_element(text, 128, 96, seed=3)
    kinds = Counter(r.kind for r in image.regions)
    assert kinds == Counter(want)
    container = image.regions[0]
    assert container.kind in ("panel", "window") and image.extras["element"] == container.kind
    content = _part(container, "content")
    children = image.regions[1:]
    assert all(_inside(r.box, content) for r in children)
    for r in children:  # each child is drawn: opaque pixels unlike the bare panel fill
        patch = image.rgba[r.box.y : r.box.y1, r.box.x : r.box.x1]
        assert (patch[..., 3] == 255).mean() > 0.5
    assert np.array_equal(render_element(text, 128, 96, seed=3).rgba, image.rgba)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("wooden inventory slot with a potion", "slot"),
        ("mana bar in a gold frame", "health_bar"),
        ("button with a sword icon", "icon_button"),
        ("dialog box", "panel"),
    ],
)
def test_one_named_element_with_attributes_stays_one_element(text: str, kind: str) -> None:
    image = render_element(text, 128, 96, seed=3)
    assert [r.kind for r in image.regions] == [kind]


def test_a_single_hotbar_keeps_its_counted_slots() -> None:
    image = render_element("hotbar with 10 slots", 256, 64, seed=3)
    (bar,) = image.regions
    assert sum(n.startswith("slot_") for n, _ in bar.parts) == 10


def test_an_element_framed_is_that_element() -> None:
    """A "portrait frame" is the frame of a portrait, not a panel holding one."""
    image = render_element("bone portrait frame", 128, 96, seed=3)
    assert [r.kind for r in image.regions] == ["avatar"]
