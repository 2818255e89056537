"""One UI element on its own canvas (``generate-ui-v2``): the description names the element.

The first matching phrase of :data:`ELEMENT_PHRASES` picks the element (``"sci-fi health
bar"`` -> a bar, ``"wooden inventory slot with a potion"`` -> a slot holding a potion);
nothing matching makes a button, the most common request. An icon word anywhere in the
description (sword, potion, heart, gear...) puts that icon on plates, slots and badges;
plates without one get an icon chosen by the seed.

The element keeps a natural aspect range (:data:`ASPECTS`: buttons 1.6-8 wide per unit of
height, bars 4-20, slots and plates square, frames anything): the canvas's own aspect is
clamped into that range and the largest such box is centred on the canvas, so a "button"
on a 256 x 256 canvas is a wide button, not a square.

A description that names a panel's contents is drawn as that panel (:func:`is_composite`):
"status panel with stamina and experience bars" is a panel holding both bars, "crafting
window" a window with its grid, "menu with three buttons" three buttons, laid out as
``create-ui-asset`` lays them out. One named thing with an attribute ("inventory slot with
a potion", "mana bar in a gold frame") stays that one element.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from pixelkiln.engine.reading.elements import (
    CONTAINER_WORDS,
    ElementReading,
    element_noun,
    read_elements,
)
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.ui.compose import (
    PanelSpec,
    Region,
    UIImage,
    backdrop,
    reference_from,
    render_panel,
)
from pixelkiln.engine.ui.elements import build_element
from pixelkiln.engine.ui.glyphs import INVENTORY, SCIFI, glyph_for
from pixelkiln.engine.ui.shapes import Box
from pixelkiln.engine.ui.surface import fill_texture
from pixelkiln.engine.ui.theme import make_theme

__all__ = ["ASPECTS", "ELEMENT_PHRASES", "element_for", "is_composite", "render_element"]

#: (phrase, element, options), tried in order; the first phrase found wins.
ELEMENT_PHRASES: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("toolbar", "toolbar", {}),
    ("hotbar", "toolbar", {}),
    ("action bar", "toolbar", {}),
    ("skill bar", "toolbar", {}),
    ("health bar", "health_bar", {"bar": "health"}),
    ("hp bar", "health_bar", {"bar": "health"}),
    ("life bar", "health_bar", {"bar": "health"}),
    ("mana bar", "health_bar", {"bar": "mana"}),
    ("magic bar", "health_bar", {"bar": "mana"}),
    ("stamina", "health_bar", {"bar": "stamina"}),
    ("energy bar", "health_bar", {"bar": "energy"}),
    ("xp bar", "health_bar", {"bar": "xp"}),
    ("experience", "health_bar", {"bar": "xp"}),
    ("progress bar", "health_bar", {"bar": "xp"}),
    ("loading bar", "health_bar", {"bar": "xp"}),
    ("shield bar", "health_bar", {"bar": "shield"}),
    ("bar", "health_bar", {"bar": "health"}),
    ("meter", "health_bar", {"bar": "health"}),
    ("gauge", "health_bar", {"bar": "energy"}),
    ("window", "window", {}),
    ("icon plate", "icon_button", {}),
    ("icon button", "icon_button", {}),
    ("close button", "icon_button", {"glyph": "cross"}),
    ("round button", "round", {}),
    ("circle button", "round", {}),
    ("checkbox", "slot", {"glyph": "check"}),
    ("slot", "slot", {}),
    ("socket", "slot", {}),
    ("cell", "slot", {}),
    ("avatar", "avatar", {}),
    ("portrait", "avatar", {}),
    ("badge", "hexagon", {}),
    ("emblem", "hexagon", {}),
    ("triangle", "triangle", {}),
    ("pentagon", "pentagon", {}),
    ("hexagon", "hexagon", {}),
    ("octagon", "octagon", {}),
    ("tab", "tab", {"active": True}),
    ("icon", "icon_button", {}),
    ("plate", "icon_button", {}),
    ("button", "button", {}),
    ("dialogue", "panel", {}),
    ("dialog", "panel", {}),
    ("text box", "panel", {}),
    ("message", "panel", {}),
    ("tooltip", "panel", {}),
    ("frame", "panel", {}),
    ("border", "panel", {}),
    ("panel", "panel", {}),
    ("menu", "panel", {}),
    ("card", "panel", {}),
    ("box", "panel", {}),
    ("inventory", "window", {}),
)
#: Width / height range each element keeps.
ASPECTS: dict[str, tuple[float, float]] = {
    "button": (2.6, 8.0),
    "health_bar": (4.0, 20.0),
    "toolbar": (4.0, 16.0),
    "tab": (1.4, 4.0),
    "panel": (0.2, 5.0),
    "window": (0.4, 4.0),
}
_GLYPH_ELEMENTS = ("icon_button", "slot", "hexagon", "triangle", "pentagon", "octagon")


def element_for(description: str) -> tuple[str, dict[str, object]]:
    """The element a description asks for, and its options."""
    words = re.findall(r"[a-z]+", description.lower())
    text = " " + " ".join(words) + " "
    for phrase, kind, opts in ELEMENT_PHRASES:
        if f" {phrase} " in text or f" {phrase}s " in text:
            if kind == "button" and {"round", "circle", "circular"} & set(words):
                return "round", dict(opts)
            return kind, dict(opts)
    return "button", {}


_CONTAINERS = ("panel", "window")
# Words after which a phrase says what its head noun holds or looks like.
_AFTER_HEAD = {"with", "of", "in", "on", "containing", "holding", "showing", "for", "that"}


def _head_phrase(description: str) -> list[str]:
    """The words before the first "with"/"of"/...; its last word is the head noun:
    ``"parchment dialog box with a portrait"`` -> box, ``"inventory slot with a potion"``
    -> slot."""
    words = re.findall(r"[a-z]+", description.lower())
    return words[: next((i for i, w in enumerate(words) if w in _AFTER_HEAD), len(words))]


def is_composite(description: str, reading: ElementReading | None = None) -> bool:
    """Whether ``description`` names a panel's contents rather than one element: a panel or
    window with named children, or two or more of the element it names. An element noun
    just before the container's ("portrait frame", "slot border") makes it that
    element's frame, one element."""
    reading = reading or read_elements(description)
    counts = dict(reading.counts)
    phrase = _head_phrase(description)
    framed = len(phrase) >= 2 and element_noun(phrase[-2]) is not None
    headed = bool(phrase) and phrase[-1] in CONTAINER_WORDS and reading.container in _CONTAINERS
    if headed and not framed:
        return sum(counts.values()) >= 1
    kind, _ = element_for(description)
    return counts.get(kind, 0) >= 2


def _fit(kind: str, width: int, height: int) -> Box:
    lo, hi = ASPECTS.get(kind, (1.0, 1.0))
    aspect = float(np.clip(width / height, lo, hi))
    w = min(width, round(height * aspect))
    h = min(height, round(w / aspect))
    w = min(width, max(w, 1))
    return Box((width - w) // 2, (height - h) // 2, w, max(h, 1))


def render_element(
    description: str,
    width: int,
    height: int,
    seed: int,
    color_palette: str | None = None,
    concept_image: np.ndarray | None = None,
    no_background: bool = True,
    progress: Callable[[float], None] = lambda _f: None,
) -> UIImage:
    """Draw the single element ``description`` names on a ``width`` x ``height`` canvas, or
    the panel it names with its contents (see the module docstring)."""
    progress(0.0)
    reading = read_elements(description)
    if is_composite(description, reading):
        spec = PanelSpec(
            description=description,
            width=width,
            height=height,
            seed=seed,
            color_palette=color_palette,
            style_image=concept_image,
            no_background=no_background,
        )
        panel = render_panel(spec, progress=progress)
        # The container's region comes first; a bare row of elements has none.
        kind = reading.container if reading.container in _CONTAINERS else "panel"
        return replace(panel, extras={"element": kind, "elements": [r.kind for r in panel.regions]})
    theme = make_theme(description, color_palette, reference_from(concept_image, seed))
    kind, opts = element_for(description)
    progress(0.1)
    glyph = glyph_for(description)
    if kind in _GLYPH_ELEMENTS and "glyph" not in opts:
        names = SCIFI if theme.material.key == "scifi" else INVENTORY
        pick = names[int(make_rng(seed, "ui", "element-glyph").integers(0, len(names)))]
        opts["glyph"] = glyph or pick
    elif kind in ("button", "round"):
        opts["glyph"] = glyph
    elif kind == "toolbar" and reading.toolbar_slots:
        opts["slots"] = reading.toolbar_slots  # "hotbar with 10 slots"
    box = _fit(kind, width, height)
    tex = (
        fill_texture(theme, (height, width), seed)
        if kind in ("panel", "window", "hexagon", "triangle", "pentagon", "octagon", "button")
        else None
    )
    progress(0.4)
    opts.setdefault("seed", seed)
    builder = "icon_button" if kind == "round" else kind
    if kind == "round":
        d = min(box.w, box.h)
        box = Box(box.x + (box.w - d) // 2, box.y + (box.h - d) // 2, d, d)
        opts["round"] = True
    sprite = build_element(builder, theme, tex, box, f"single-{kind}", opts)
    progress(0.85)
    rgba = np.zeros((height, width, 4), np.uint8)
    on = sprite.rgba[..., 3] > 0
    rgba[box.y : box.y1, box.x : box.x1][on] = sprite.rgba[on]
    if not no_background:
        rgba = backdrop(theme, rgba)
    region = Region(
        f"{kind}-1",
        "element",
        kind,
        kind.replace("_", " "),
        sprite.box,
        sprite.insets,
        tuple(sprite.parts),
    )
    progress(0.95)
    return UIImage(rgba=rgba, regions=[region], theme=theme, extras={"element": kind})
