"""The hand-made knight turned: its legs read as two legs in its own steel's shades, its
hands in its gauntlets' colour.

The knight draws its steel in one colour, with a darker steel for the gauntlets, belt
and neck guard. A turned view takes the model's shading (the step between the legs, the
far leg, the shadowed side) in that darker steel: measured, every turned view shows it
in the rows between the crotch and the boots, and from behind 3 of those rows hold a
dark line between two steel legs. Mapped to the steel's one colour, every turned view
showed steel alone there (a grey slab) and no row a line.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np

from pixelkiln.engine.sprites.garments import read_garments
from pixelkiln.engine.sprites.turn import ROTATION_ORDER, turn_sprite
from pixelkiln.engine.sprites.understand import SpriteModel, understand_sprite
from pixelkiln.gallery.hand_made import HAND_MADE, knight

STEEL, DARK, BOOT = (150, 156, 170), (96, 100, 118), (110, 70, 40)


@cache
def _knight() -> SpriteModel:
    return understand_sprite(knight(), hint=HAND_MADE["knight"][1])


@cache
def _turned() -> dict[str, np.ndarray]:
    return turn_sprite(_knight())


def _is(img: np.ndarray, rgb: tuple[int, int, int]) -> np.ndarray:
    return (img[..., :3] == rgb).all(-1) & (img[..., 3] >= 128)


def _leg_rows(img: np.ndarray) -> range:
    a = _knight().analysis
    assert a is not None and a.crotch is not None
    boots = np.nonzero(_is(img, BOOT).any(1))[0]
    return range(a.crotch, int(boots.min()))


def _split(row: np.ndarray, solid: np.ndarray) -> bool:
    """A run of dark pixels with steel on both sides of it."""
    steel = np.nonzero(row)[0]
    return any(b - a > 1 and solid[a + 1 : b].all() for a, b in itertools.pairwise(steel))


def test_the_knight_s_gauntlets_are_read_as_gloves() -> None:
    img = knight()
    sm = _knight()
    assert sm.analysis is not None
    gloves = read_garments(img, sm.analysis).gloves
    assert gloves is not None and gloves.rgb == DARK
    assert sm.fitted is not None and sm.fitted.spec.outfit["gloves"] == "gloves"


def test_the_knight_s_turned_legs_are_two_legs_in_steel_and_its_shade() -> None:
    turned = _turned()
    assert np.array_equal(turned["south"], knight())
    for d in ROTATION_ORDER[1:]:
        img = turned[d]
        rows = _leg_rows(img)
        assert len(rows) >= 2, d
        assert _is(img, STEEL)[rows.start : rows.stop].any(), d
        assert _is(img, DARK)[rows.start : rows.stop].sum() >= 2, d  # a leg's shade
    back = turned["north"]
    solid = back[..., 3] >= 128
    split = sum(_split(_is(back, STEEL)[r], solid[r]) for r in _leg_rows(back))
    assert split >= 2, split  # a line between the legs (measured 3)
    for d in ROTATION_ORDER[1:]:  # the hands in the gauntlets' colour, above the boots
        assert _is(turned[d], DARK)[:24].sum() >= 2, d


OUTLINE, BLACK = (24, 20, 32), (30, 30, 40)


def _boots_split(img: np.ndarray) -> int:
    """Rows of boots parted: two runs of boot brown with outline or black between."""
    boot = _is(img, BOOT)
    dark = _is(img, OUTLINE) | _is(img, BLACK)
    return sum(_split(boot[r], dark[r]) for r in np.nonzero(boot.any(1))[0])


def test_the_knight_s_boots_are_two_boots_from_behind() -> None:
    # The model's feet meet from behind; in the sprite's one boot brown they were one
    # block (0 parted rows from behind). Measured now: 3 from behind, 2 from each back
    # quarter (as before: the near boot's outline passes in front of the far boot).
    turned = _turned()
    for d in ("north-west", "north", "north-east"):
        assert _boots_split(turned[d]) >= 2, d


def test_the_knight_s_hands_hang_above_its_legs_seen_from_the_side() -> None:
    # The gauntlets (their black shade) covered the thighs side-on: 2 rows of leg
    # showed between the hand's lowest row and the boots. Measured now: 4 each side.
    turned = _turned()
    for d in ("west", "east"):
        img = turned[d]
        first_boot = int(np.nonzero(_is(img, BOOT).any(1))[0].min())
        hand = np.nonzero(_is(img, BLACK)[:first_boot].any(1))[0]
        assert len(hand), d
        legs = range(int(hand.max()) + 1, first_boot)
        assert len(legs) >= 4, (d, len(legs))
        for r in legs:  # steel and its shade only, inside the outline
            inside = (img[r, :, 3] >= 128) & ~_is(img, OUTLINE)[r]
            assert (_is(img, STEEL)[r] | _is(img, DARK)[r])[inside].all(), (d, r)
        assert _is(img, STEEL)[legs.start : legs.stop].any(), d
