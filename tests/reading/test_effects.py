"""Every qualifier class changes the picture: a property of the pixels moves the way the
word says, against the same description without it (24 px tiles, one seed)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from pixelkiln.engine.color import srgb_to_oklab
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.reading import read_material
from pixelkiln.engine.reading.effects import EFFECT_NAMES

SIZE, SEED = 24, 5


def _lab(text: str) -> np.ndarray:
    rgb = render_material(text, SIZE, SEED).rgba[..., :3].reshape(-1, 3)
    return srgb_to_oklab(rgb)


def _lightness(lab: np.ndarray) -> float:
    return float(lab[:, 0].mean())


def _chroma(lab: np.ndarray) -> float:
    return float(np.hypot(lab[:, 1], lab[:, 2]).mean())


def _green(lab: np.ndarray) -> float:
    return float(-lab[:, 1].mean())


def _warmth(lab: np.ndarray) -> float:
    return float((lab[:, 1] + lab[:, 2]).mean())


def _contrast(lab: np.ndarray) -> float:
    # Cracks and holes are dark lines and pits with lit rims: the value spread widens.
    return float(lab[:, 0].std())


def _bright_peak(lab: np.ndarray) -> float:
    return float(np.quantile(np.hypot(lab[:, 1], lab[:, 2]) + lab[:, 0], 0.98))


Measure = Callable[[np.ndarray], float]
# effect: (plain description, qualified description, measure, sign of the change)
CASES: dict[str, tuple[str, str, Measure, int]] = {
    "snow": ("stone", "wintry stone", _lightness, 1),
    "frost": ("cobblestone", "rimed cobblestone", _lightness, 1),
    "moss": ("stone", "overgrown stone", _green, 1),
    "soot": ("wood planks", "sooty wood planks", _lightness, -1),
    "wet": ("sand", "soaked sand", _lightness, -1),
    "cracks": ("marble", "fissured marble", _contrast, 1),
    "damage": ("stone", "smashed stone", _contrast, 1),
    "age": ("wood planks", "decaying wood planks", _chroma, -1),
    "glow": ("stone", "luminous stone", _bright_peak, 1),
    "murk": ("shallow water", "filthy shallow water", _chroma, -1),
    "rust": ("metal plates", "corroded metal plates", _warmth, 1),
    "dry": ("grass", "desiccated grass", _lightness, 1),
    "dark": ("sand", "gloomy sand", _lightness, -1),
    "light": ("dirt", "bleached dirt", _lightness, 1),
    "vivid": ("grass", "colourful grass", _chroma, 1),
    "dull": ("grass", "drab grass", _chroma, -1),
    "warm": ("stone", "toasty stone", _warmth, 1),
    "cold": ("sand", "chilly sand", _warmth, -1),
    "autumn": ("grass", "russet grass", _warmth, 1),
    "shiny": ("wood planks", "lacquered wood planks", _bright_peak, 1),
}


def test_every_effect_class_has_a_case() -> None:
    assert set(CASES) == set(EFFECT_NAMES)


@pytest.mark.parametrize("effect", sorted(CASES))
def test_a_qualifier_changes_the_pixels(effect: str) -> None:
    plain, qualified, measure, sign = CASES[effect]
    assert effect in read_material(qualified).effects
    before, after = measure(_lab(plain)), measure(_lab(qualified))
    assert sign * (after - before) > 0.003, (effect, before, after)


def test_an_unqualified_description_reads_as_the_literal_reading() -> None:
    # Nothing left out: the spec is the literal one, so its pictures do not move.
    from pixelkiln.engine.text import literal_description, parse_description

    for text in ("grass", "cracked grey cobblestone with moss", "dark stone brick"):
        assert parse_description(text) == literal_description(text)


def _covered(text: str, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The tile of ``text`` and of the same spec without its covers, as textures."""
    from dataclasses import replace

    from pixelkiln.engine.text import parse_description

    spec = parse_description(text)
    return render_material(spec, size, SEED), render_material(
        replace(spec, features=()), size, SEED
    )


def _glow_share(text: str, size: int) -> float:
    """Share of pixels brighter and more colourful than all but 1% of the bare tile's."""
    lit, bare = (srgb_to_oklab(t.rgba[..., :3].reshape(-1, 3)) for t in _covered(text, size))
    peak = lambda lab: lab[:, 0] + np.hypot(lab[:, 1], lab[:, 2])  # noqa: E731
    return float((peak(lit) > np.quantile(peak(bare), 0.99)).mean())


def _pit_share(text: str, size: int) -> float:
    """How much of the tile the holes and cracks add at the darkest ramp level."""
    hurt, bare = _covered(text, size)
    return float((hurt.index == 0).mean() - (bare.index == 0).mean())


@pytest.mark.parametrize("base", ["stone", "wood planks", "brick"])
def test_glow_shows_on_16_px_tiles(base: str) -> None:
    assert _glow_share(f"glowing {base}", 16) >= 0.06, base


@pytest.mark.parametrize("base", ["stone", "wood planks", "brick"])
def test_damage_shows_on_16_px_tiles(base: str) -> None:
    assert _pit_share(f"damaged {base}", 16) >= 0.06, base
