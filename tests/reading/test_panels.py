"""UI panels drawn from a description alone contain the elements it names."""

from __future__ import annotations

from collections import Counter

import pytest

from pixelkiln.engine.reading import read_elements
from pixelkiln.engine.ui.compose import PanelSpec, render_panel

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
