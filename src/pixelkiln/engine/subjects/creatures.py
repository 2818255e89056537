"""Creature words: what a non-human subject is built as, so it keeps its own shape.

Users' commonest complaint about hosted generators is that every creature becomes a
person (SUBJECTS.md §2: the "slime-person"). Here every creature word names a body plan
of its own (:data:`CREATURE_PLANS`) with the measurements and paints that make it read:
a wolf is a ``dog`` with a longer snout and a grey coat, a tiger a ``lion`` with
stripes and no mane, a unicorn a white ``horse`` with a horn, a bat a ``bird`` with
membrane wings, an eel a ``serpent``. Each :class:`CreatureKind` carries an ``about``
sentence (what the sentence-embedding matcher compares descriptions with), the params
of its plan, its default paints and the roles those paints use, so colour words land
on the right part ("a black cat" paints ``body``; "a red mane" paints ``mane``).

:func:`creature_spec` turns a word (and optional colours) into a plain
:class:`~pixelkiln.engine.subjects.spec.SubjectSpec`; :func:`build_creature` builds the
model from a spec, deterministically (any seeded variation draws from
:func:`~pixelkiln.engine.rng.make_rng`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from pixelkiln.engine.subjects.bodies import quadruped as quad_body
from pixelkiln.engine.subjects.build import Builder
from pixelkiln.engine.subjects.colors import COLOR_WORDS, paint_for_color
from pixelkiln.engine.subjects.model import Model, Paint
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = [
    "CREATURE_PLANS",
    "CREATURE_WORDS",
    "CreatureKind",
    "build_creature",
    "creature_spec",
]

#: Every body plan a creature can have (the five contract quadrupeds first).
CREATURE_PLANS: tuple[str, ...] = (
    "dog",
    "cat",
    "horse",
    "bear",
    "lion",
    "dragon",
    "slime",
    "bird",
    "serpent",
    "spider",
    "insect",
    "ghost",
)

_QUADRUPEDS = ("dog", "cat", "horse", "bear", "lion", "dragon")


def _p(hue: float, chroma: float, light: float, finish: str = "matte") -> Paint:
    return Paint(float(hue), float(chroma), float(light), finish)


@dataclass(frozen=True)
class CreatureKind:
    """A creature word: its plan, params, default paints and a plain description."""

    word: str
    plan: str
    about: str
    params: dict[str, Any] = field(default_factory=dict)
    paints: dict[str, Paint] = field(default_factory=dict)

    @property
    def roles(self) -> tuple[str, ...]:
        """The roles this creature's paints use (colour words apply to these)."""
        return tuple(self.paints)


# Roles that follow the body's colour unless a description names them: a black cat's
# belly is a lighter black, not the default cream. Lightness step, chroma factor.
_FOLLOW: dict[str, tuple[float, float]] = {
    "belly": (0.12, 0.7),
    "muzzle": (0.1, 0.7),
    "feet": (-0.06, 1.0),
    "ears": (-0.07, 1.0),
    "legs": (0.0, 1.0),
    "tail_tip": (-0.1, 1.0),
}

_EYES = _p(280, 0.03, 0.16)
_NOSE = _p(20, 0.03, 0.22)
_BONE = _p(90, 0.035, 0.86)
_WHITE = _p(250, 0.01, 0.9)
_BLACK = _p(285, 0.015, 0.25)


def _fur(
    body: Paint,
    belly: Paint | None = None,
    muzzle: Paint | None = None,
    feet: Paint | None = None,
    eyes: Paint = _EYES,
    nose: Paint = _NOSE,
    **extra: Paint,
) -> dict[str, Paint]:
    """Paints of a furred quadruped: body, lighter belly and muzzle, feet, eyes, nose."""
    light = replace(body, lightness=min(0.92, body.lightness + 0.14), chroma=body.chroma * 0.7)
    return {
        "body": body,
        "belly": belly or light,
        "muzzle": muzzle or light,
        "feet": feet or replace(body, lightness=max(0.2, body.lightness - 0.06)),
        "ears": replace(body, lightness=max(0.2, body.lightness - 0.07)),
        "eyes": eyes,
        "nose": nose,
        **extra,
    }


def _kind(word: str, plan: str, about: str, paints: dict[str, Paint], **params: Any):
    return CreatureKind(word, plan, about, dict(params), dict(paints))


_BROWN = _p(58, 0.075, 0.5)
_GREY = _p(255, 0.015, 0.56)
_TAWNY = _p(72, 0.095, 0.66)
_ORANGE = _p(50, 0.15, 0.63)

_KINDS: list[CreatureKind] = [
    # dog ------------------------------------------------------------------------------
    _kind(
        "dog",
        "dog",
        "a dog, a four-legged pet canine with a snout, ears and a wagging tail",
        _fur(_BROWN, _p(80, 0.04, 0.76)),
    ),
    _kind(
        "wolf",
        "dog",
        "a wolf, a wild grey canine with a long snout and a bushy tail",
        _fur(_GREY, _p(250, 0.01, 0.8), _p(250, 0.01, 0.78)),
        legs=1.06,
        snout_len=1.12,
        tail_r=(0.042, 0.036),
    ),
    _kind(
        "fox",
        "dog",
        "a fox, a small orange canine with a white-tipped bushy tail",
        _fur(_ORANGE, _WHITE, _WHITE, _p(40, 0.04, 0.28), tail_tip=_WHITE),
        legs=0.8,
        snout_len=1.2,
        ear_size=1.25,
        bulk=0.82,
        tail_r=(0.05, 0.046),
        tuft=0.05,
    ),
    _kind(
        "hound",
        "dog",
        "a hound, a hunting dog with long floppy ears",
        _fur(_p(60, 0.08, 0.55), _WHITE, _WHITE, ears=_p(45, 0.07, 0.35)),
        ears="floppy",
        ear=(0.12, 0.038),
        snout_len=1.15,
    ),
    _kind(
        "puppy",
        "dog",
        "a puppy, a small young dog with a big head and floppy ears",
        _fur(_p(70, 0.07, 0.62), ears=_p(55, 0.07, 0.42)),
        head=1.35,
        legs=0.75,
        length=0.78,
        ears="floppy",
        ear=(0.1, 0.042),
        snout_len=0.7,
        tail_length=0.6,
    ),
    _kind(
        "coyote",
        "dog",
        "a coyote, a lean tan wild dog of the desert",
        _fur(_p(70, 0.05, 0.6), _p(85, 0.03, 0.8)),
        legs=1.04,
        bulk=0.9,
        snout_len=1.15,
        ear_size=1.15,
        tail_r=(0.04, 0.035),
    ),
    _kind(
        "husky",
        "dog",
        "a husky, a sled dog with a grey and white coat and blue eyes",
        _fur(_p(255, 0.015, 0.45), _WHITE, _WHITE, eyes=_p(235, 0.12, 0.6)),
        tail_lift=10.0,
        tail_curl=30.0,
        tail_r=(0.042, 0.036),
    ),
    # cat --------------------------------------------------------------------------------
    _kind(
        "cat",
        "cat",
        "a cat, a small furry feline pet with pointed ears and a long tail",
        _fur(
            _p(55, 0.12, 0.66),
            _p(80, 0.04, 0.84),
            _p(80, 0.04, 0.84),
            eyes=_p(130, 0.12, 0.45),
            markings=_p(48, 0.12, 0.5),
        ),
        pattern="stripes",
        stripes=3,
        stripe_w=0.15,
    ),
    _kind(
        "kitten",
        "cat",
        "a kitten, a tiny young cat with a big head",
        _fur(_p(260, 0.01, 0.62), _WHITE, _WHITE, eyes=_p(230, 0.1, 0.5)),
        head=1.3,
        legs=0.85,
        tail_length=0.75,
        ear_size=1.15,
    ),
    # lion and big cats -------------------------------------------------------------------
    _kind(
        "lion",
        "lion",
        "a lion, a big tawny cat with a shaggy mane and a tufted tail",
        _fur(_TAWNY, mane=_p(50, 0.1, 0.42), tail_tip=_p(45, 0.08, 0.35)),
    ),
    _kind(
        "lioness",
        "lion",
        "a lioness, a sleek tawny big cat without a mane",
        _fur(_TAWNY, tail_tip=_p(45, 0.08, 0.35)),
        mane="none",
        bulk=0.92,
    ),
    _kind(
        "tiger",
        "lion",
        "a tiger, a huge orange striped big cat",
        _fur(_p(50, 0.16, 0.62), _WHITE, _WHITE, markings=_p(40, 0.02, 0.2)),
        mane="none",
        tuft=0.0,
        pattern="stripes",
    ),
    _kind(
        "panther",
        "lion",
        "a panther, a sleek black big cat with yellow eyes",
        _fur(_p(285, 0.015, 0.27), eyes=_p(95, 0.16, 0.8), nose=_p(285, 0.01, 0.15)),
        mane="none",
        tuft=0.0,
        bulk=0.9,
    ),
    _kind(
        "leopard",
        "lion",
        "a leopard, a spotted golden big cat",
        _fur(_p(80, 0.11, 0.7), _p(85, 0.03, 0.88), markings=_p(50, 0.05, 0.28)),
        mane="none",
        tuft=0.0,
        pattern="spots",
        bulk=0.88,
    ),
    _kind(
        "cheetah",
        "lion",
        "a cheetah, a slender spotted cat built for speed",
        _fur(_p(85, 0.1, 0.74), _p(85, 0.03, 0.88), markings=_p(50, 0.04, 0.22)),
        mane="none",
        tuft=0.0,
        pattern="spots",
        bulk=0.78,
        legs=1.12,
        head=0.85,
    ),
    _kind(
        "jaguar",
        "lion",
        "a jaguar, a stocky spotted big cat of the jungle",
        _fur(_p(70, 0.12, 0.66), _p(85, 0.03, 0.86), markings=_p(40, 0.04, 0.22)),
        mane="none",
        tuft=0.0,
        pattern="spots",
    ),
    # horse and hoofed animals ------------------------------------------------------------
    _kind(
        "horse",
        "horse",
        "a horse, a tall hoofed animal with a long neck, mane and tail",
        _fur(
            _p(45, 0.085, 0.46),
            muzzle=_p(45, 0.07, 0.42),
            feet=_p(50, 0.02, 0.28),
            mane=_p(40, 0.04, 0.24),
        ),
    ),
    _kind(
        "pony",
        "horse",
        "a pony, a small stocky horse with a thick mane",
        _fur(
            _p(60, 0.07, 0.62),
            muzzle=_p(60, 0.05, 0.56),
            feet=_p(50, 0.02, 0.3),
            mane=_p(85, 0.05, 0.85),
        ),
        legs=0.78,
        bulk=1.08,
        head=1.1,
        mane_r=0.1,
    ),
    _kind(
        "unicorn",
        "horse",
        "a unicorn, a white magical horse with a spiral horn",
        _fur(
            _WHITE,
            muzzle=_p(250, 0.01, 0.86),
            feet=_p(88, 0.1, 0.72),
            mane=_p(310, 0.1, 0.78),
            horn=_p(88, 0.13, 0.78, "shiny"),
            eyes=_p(300, 0.1, 0.35),
        ),
        horn="unicorn",
    ),
    _kind(
        "donkey",
        "horse",
        "a donkey, a small grey hoofed animal with long ears",
        _fur(
            _p(60, 0.02, 0.56),
            muzzle=_p(60, 0.01, 0.82),
            feet=_p(50, 0.02, 0.3),
            mane=_p(60, 0.02, 0.35),
            belly=_p(60, 0.01, 0.82),
        ),
        legs=0.85,
        ear=(0.26, 0.055),
        ear_spread=18.0,
        mane_r=0.05,
        head=1.08,
    ),
    _kind(
        "zebra",
        "horse",
        "a zebra, a striped black and white wild horse",
        _fur(
            _WHITE,
            muzzle=_p(285, 0.01, 0.28),
            feet=_p(285, 0.01, 0.25),
            mane=_p(285, 0.01, 0.2),
            markings=_p(285, 0.012, 0.18),
        ),
        pattern="stripes",
        legs=0.9,
    ),
    _kind(
        "deer",
        "horse",
        "a deer, a graceful brown forest animal with antlers",
        _fur(_p(55, 0.09, 0.55), _WHITE, feet=_p(50, 0.02, 0.28), horn=_p(70, 0.05, 0.7)),
        mane="none",
        horn="antlers",
        tail="stub",
        tail_len=0.14,
        tail_r=(0.06, 0.04),
        bulk=0.72,
        ear_size=1.3,
        neck=0.85,
    ),
    _kind(
        "stag",
        "horse",
        "a stag, a male deer with great branching antlers",
        _fur(_p(50, 0.08, 0.5), _WHITE, feet=_p(50, 0.02, 0.28), horn=_p(70, 0.05, 0.72)),
        mane="none",
        horn="antlers",
        tail="stub",
        tail_len=0.14,
        tail_r=(0.06, 0.04),
        bulk=0.8,
        ear_size=1.2,
    ),
    _kind(
        "doe",
        "horse",
        "a doe, a female deer without antlers",
        _fur(_p(58, 0.09, 0.58), _WHITE, feet=_p(50, 0.02, 0.28)),
        mane="none",
        tail="stub",
        tail_len=0.14,
        tail_r=(0.06, 0.04),
        bulk=0.7,
        ear_size=1.35,
        neck=0.85,
    ),
    _kind(
        "goat",
        "horse",
        "a goat, a small horned hoofed animal with a beard",
        _fur(_p(80, 0.02, 0.8), feet=_p(50, 0.02, 0.3), horn=_p(70, 0.03, 0.55)),
        mane="none",
        horn="horns",
        tail="stub",
        tail_len=0.12,
        tail_r=(0.05, 0.03),
        legs=0.62,
        bulk=0.7,
        neck=0.7,
    ),
    _kind(
        "cow",
        "horse",
        "a cow, a big black and white farm animal",
        _fur(
            _WHITE,
            muzzle=_p(20, 0.05, 0.75),
            feet=_p(50, 0.02, 0.3),
            markings=_p(285, 0.012, 0.2),
            horn=_BONE,
            mane=_p(285, 0.012, 0.2),
        ),
        mane="none",
        pattern="patches",
        horn="horns",
        legs=0.7,
        bulk=1.25,
        neck=0.6,
        snout_len=0.62,
        head=1.15,
        head_drop=35.0,
    ),
    # bears --------------------------------------------------------------------------------
    _kind(
        "bear",
        "bear",
        "a bear, a big heavy brown animal with round ears",
        _fur(_p(50, 0.07, 0.42), muzzle=_p(60, 0.05, 0.58)),
    ),
    _kind(
        "grizzly",
        "bear",
        "a grizzly bear, a huge humped brown bear",
        _fur(_p(55, 0.06, 0.46), muzzle=_p(65, 0.05, 0.62)),
        hump=0.26,
        bulk=1.08,
    ),
    _kind(
        "polar bear",
        "bear",
        "a polar bear, a big white bear of the arctic ice",
        _fur(_p(95, 0.03, 0.9), _p(95, 0.03, 0.93), _p(95, 0.03, 0.86), nose=_p(285, 0.01, 0.15)),
        hump=0.08,
        neck=1.4,
        head=0.9,
    ),
    _kind(
        "panda",
        "bear",
        "a panda, a black and white bear that eats bamboo",
        _fur(
            _WHITE,
            _WHITE,
            _WHITE,
            legs=_BLACK,
            feet=_BLACK,
            ears=_BLACK,
            markings=_BLACK,
            nose=_p(285, 0.01, 0.15),
        ),
        pattern="panda",
        hump=0.05,
        head=1.12,
    ),
    _kind(
        "black bear",
        "bear",
        "a black bear with a lighter muzzle",
        _fur(_p(285, 0.012, 0.27), muzzle=_p(60, 0.05, 0.55)),
        hump=0.1,
    ),
    # dragon ------------------------------------------------------------------------------
    _kind(
        "dragon",
        "dragon",
        "a dragon, a winged scaly reptile with horns and a long tail",
        _fur(
            _p(150, 0.12, 0.5),
            _p(95, 0.1, 0.78),
            _p(150, 0.1, 0.55),
            feet=_p(150, 0.1, 0.4),
            wings=_p(25, 0.13, 0.5),
            horn=_BONE,
            eyes=_p(90, 0.16, 0.78),
        ),
    ),
    _kind(
        "drake",
        "dragon",
        "a drake, a small fire-breathing red dragon",
        _fur(
            _p(30, 0.15, 0.5),
            _p(80, 0.1, 0.75),
            feet=_p(30, 0.12, 0.4),
            wings=_p(60, 0.12, 0.6),
            horn=_BONE,
            eyes=_p(90, 0.16, 0.78),
        ),
        bulk=0.9,
    ),
    # slime ---------------------------------------------------------------------------------
    _kind(
        "slime",
        "slime",
        "a slime, a squishy bouncing blob of goo with eyes",
        {"body": _p(140, 0.15, 0.7, "glass"), "eyes": _p(150, 0.05, 0.2)},
    ),
    _kind(
        "blob",
        "slime",
        "a blob, a round wobbly jelly creature",
        {"body": _p(300, 0.12, 0.68, "glass"), "eyes": _p(300, 0.05, 0.2)},
        squash=1.15,
    ),
    _kind(
        "jelly",
        "slime",
        "a jelly, a clear wobbling gelatin monster",
        {"body": _p(200, 0.1, 0.78, "glass"), "eyes": _p(230, 0.05, 0.2)},
        height=1.15,
    ),
    _kind(
        "ooze",
        "slime",
        "an ooze, a dripping puddle of toxic sludge",
        {"body": _p(115, 0.14, 0.55, "glass"), "eyes": _p(110, 0.12, 0.85)},
        squash=1.35,
        height=0.75,
    ),
    # birds ---------------------------------------------------------------------------------
    _kind(
        "bird",
        "bird",
        "a bird, a small feathered animal with wings and a beak",
        {
            "body": _p(230, 0.12, 0.58),
            "belly": _p(80, 0.05, 0.85),
            "wings": _p(235, 0.12, 0.48),
            "beak": _p(80, 0.13, 0.75),
            "feet": _p(60, 0.1, 0.6),
            "eyes": _EYES,
        },
    ),
    _kind(
        "crow",
        "bird",
        "a crow, a black bird with a strong beak",
        {
            "body": _p(285, 0.02, 0.26),
            "belly": _p(285, 0.02, 0.3),
            "wings": _p(280, 0.025, 0.22),
            "beak": _p(285, 0.01, 0.18),
            "feet": _p(285, 0.01, 0.2),
            "eyes": _p(60, 0.02, 0.85),
        },
        beak=1.2,
        tail=1.1,
    ),
    _kind(
        "raven",
        "bird",
        "a raven, a large glossy black bird",
        {
            "body": _p(280, 0.03, 0.24, "shiny"),
            "belly": _p(280, 0.02, 0.27),
            "wings": _p(275, 0.03, 0.22, "shiny"),
            "beak": _p(285, 0.01, 0.18),
            "feet": _p(285, 0.01, 0.2),
            "eyes": _p(60, 0.02, 0.85),
        },
        beak=1.35,
        size=1.1,
        tail=1.2,
    ),
    _kind(
        "owl",
        "bird",
        "an owl, a round-faced bird with big eyes and ear tufts",
        {
            "body": _p(60, 0.06, 0.52),
            "belly": _p(75, 0.04, 0.78),
            "wings": _p(55, 0.06, 0.42),
            "beak": _p(80, 0.05, 0.65),
            "feet": _p(80, 0.08, 0.7),
            "eyes": _p(90, 0.16, 0.8),
        },
        upright=1.0,
        head=1.35,
        neck=0.2,
        beak=0.5,
        tufts=True,
        tail=0.6,
    ),
    _kind(
        "eagle",
        "bird",
        "an eagle, a great bird of prey with a white head and hooked beak",
        {
            "body": _p(50, 0.06, 0.35),
            "belly": _p(50, 0.06, 0.35),
            "wings": _p(45, 0.05, 0.3),
            "head": _p(90, 0.02, 0.92),
            "beak": _p(90, 0.15, 0.78),
            "feet": _p(90, 0.14, 0.75),
            "eyes": _EYES,
        },
        beak=1.2,
        hook=True,
        size=1.25,
        upright=0.6,
    ),
    _kind(
        "hawk",
        "bird",
        "a hawk, a brown bird of prey with a hooked beak",
        {
            "body": _p(55, 0.07, 0.45),
            "belly": _p(75, 0.04, 0.8),
            "wings": _p(50, 0.07, 0.38),
            "beak": _p(80, 0.05, 0.35),
            "feet": _p(90, 0.14, 0.75),
            "eyes": _EYES,
        },
        hook=True,
        upright=0.6,
    ),
    _kind(
        "parrot",
        "bird",
        "a parrot, a bright tropical bird with a curved beak and long tail",
        {
            "body": _p(30, 0.18, 0.55),
            "belly": _p(30, 0.18, 0.55),
            "wings": _p(250, 0.16, 0.5),
            "head": _p(30, 0.18, 0.55),
            "beak": _p(90, 0.03, 0.85),
            "feet": _p(285, 0.01, 0.35),
            "tail": _p(95, 0.17, 0.8),
            "eyes": _EYES,
        },
        hook=True,
        tail=1.8,
        upright=0.55,
    ),
    _kind(
        "chicken",
        "bird",
        "a chicken, a plump farm bird with a red comb",
        {
            "body": _p(90, 0.02, 0.92),
            "belly": _p(90, 0.02, 0.92),
            "wings": _p(85, 0.025, 0.86),
            "beak": _p(85, 0.13, 0.76),
            "feet": _p(85, 0.13, 0.72),
            "comb": _p(27, 0.18, 0.55),
            "eyes": _EYES,
        },
        comb=True,
        size=1.05,
        plump=1.25,
        legs=0.9,
        tail=0.8,
    ),
    _kind(
        "duck",
        "bird",
        "a duck, a waterbird with a flat bill",
        {
            "body": _p(60, 0.05, 0.55),
            "belly": _p(60, 0.04, 0.62),
            "wings": _p(55, 0.05, 0.45),
            "head": _p(150, 0.13, 0.42, "shiny"),
            "beak": _p(90, 0.15, 0.78),
            "feet": _p(60, 0.14, 0.66),
            "eyes": _EYES,
        },
        bill=True,
        legs=0.6,
        plump=1.15,
    ),
    _kind(
        "pigeon",
        "bird",
        "a pigeon, a plump grey city bird",
        {
            "body": _p(260, 0.02, 0.62),
            "belly": _p(260, 0.02, 0.66),
            "wings": _p(260, 0.02, 0.55),
            "head": _p(265, 0.025, 0.5),
            "beak": _p(285, 0.01, 0.3),
            "feet": _p(20, 0.12, 0.55),
            "eyes": _p(40, 0.14, 0.55),
        },
        plump=1.1,
    ),
    _kind(
        "bat",
        "bird",
        "a bat, a furry flying creature with leathery wings and big ears",
        {
            "body": _p(40, 0.04, 0.3),
            "belly": _p(45, 0.04, 0.36),
            "wings": _p(20, 0.05, 0.24),
            "beak": _p(30, 0.05, 0.4),
            "feet": _p(30, 0.04, 0.3),
            "eyes": _p(30, 0.16, 0.6),
        },
        bat=True,
    ),
    _kind(
        "penguin",
        "bird",
        "a penguin, an upright black and white sea bird that waddles",
        {
            "body": _p(270, 0.02, 0.22),
            "belly": _WHITE,
            "wings": _p(270, 0.02, 0.2),
            "beak": _p(60, 0.14, 0.62),
            "feet": _p(60, 0.14, 0.62),
            "eyes": _EYES,
        },
        upright=1.0,
        flightless=True,
        plump=1.2,
        legs=0.5,
        neck=0.3,
        tail=0.4,
    ),
    # serpents -------------------------------------------------------------------------------
    _kind(
        "snake",
        "serpent",
        "a snake, a long scaly legless reptile that slithers",
        {
            "body": _p(135, 0.11, 0.5),
            "belly": _p(95, 0.08, 0.75),
            "markings": _p(130, 0.1, 0.36),
            "eyes": _p(90, 0.15, 0.78),
            "tongue": _p(20, 0.17, 0.5),
        },
        pattern="bands",
    ),
    _kind(
        "serpent",
        "serpent",
        "a serpent, a huge sea snake monster",
        {
            "body": _p(200, 0.1, 0.45),
            "belly": _p(95, 0.08, 0.75),
            "markings": _p(210, 0.1, 0.32),
            "eyes": _p(60, 0.17, 0.7),
            "tongue": _p(20, 0.17, 0.5),
        },
        length=1.3,
        girth=1.3,
        pattern="bands",
    ),
    _kind(
        "cobra",
        "serpent",
        "a cobra, a venomous snake that rears up with a hood",
        {
            "body": _p(70, 0.08, 0.5),
            "belly": _p(85, 0.06, 0.75),
            "markings": _p(60, 0.06, 0.3),
            "eyes": _EYES,
            "tongue": _p(20, 0.17, 0.5),
        },
        hood=True,
        raise_head=1.6,
    ),
    _kind(
        "python",
        "serpent",
        "a python, a thick patterned constrictor snake",
        {
            "body": _p(80, 0.08, 0.55),
            "belly": _p(90, 0.05, 0.78),
            "markings": _p(50, 0.06, 0.3),
            "eyes": _EYES,
            "tongue": _p(20, 0.17, 0.5),
        },
        girth=1.35,
        pattern="blotches",
    ),
    _kind(
        "worm",
        "serpent",
        "a worm, a pink segmented earthworm",
        {
            "body": _p(15, 0.09, 0.68),
            "belly": _p(15, 0.08, 0.74),
            "markings": _p(15, 0.1, 0.58),
            "eyes": _p(15, 0.05, 0.3),
        },
        worm=True,
        pattern="rings",
        length=0.75,
        raise_head=0.5,
    ),
    _kind(
        "eel",
        "serpent",
        "an eel, a slippery snake-like fish with a fin",
        {
            "body": _p(215, 0.05, 0.42, "shiny"),
            "belly": _p(95, 0.06, 0.7),
            "markings": _p(215, 0.05, 0.3),
            "eyes": _p(90, 0.12, 0.78),
            "tongue": _p(20, 0.1, 0.5),
        },
        fin=True,
        raise_head=0.4,
    ),
    # spiders and insects -------------------------------------------------------------------
    _kind(
        "spider",
        "spider",
        "a spider, an eight-legged creepy crawly with a round abdomen",
        {
            "body": _p(285, 0.02, 0.27),
            "legs": _p(285, 0.02, 0.25),
            "markings": _p(20, 0.16, 0.5),
            "eyes": _p(20, 0.17, 0.55),
        },
        pattern="hourglass",
    ),
    _kind(
        "tarantula",
        "spider",
        "a tarantula, a big hairy spider",
        {
            "body": _p(50, 0.05, 0.3),
            "legs": _p(50, 0.05, 0.28),
            "markings": _p(40, 0.1, 0.45),
            "eyes": _p(20, 0.12, 0.55),
        },
        size=1.2,
        hairy=True,
        pattern="bands",
    ),
    _kind(
        "scorpion",
        "spider",
        "a scorpion, an armoured arachnid with pincers and a stinger",
        {
            "body": _p(70, 0.08, 0.45, "shiny"),
            "legs": _p(70, 0.08, 0.42, "shiny"),
            "markings": _p(60, 0.07, 0.3),
            "eyes": _EYES,
        },
        scorpion=True,
    ),
    _kind(
        "ant",
        "insect",
        "an ant, a small six-legged insect with a narrow waist",
        {
            "body": _p(30, 0.12, 0.35, "shiny"),
            "legs": _p(30, 0.1, 0.3),
            "eyes": _p(285, 0.01, 0.15),
        },
        ant=True,
    ),
    _kind(
        "beetle",
        "insect",
        "a beetle, a six-legged insect with a hard shiny shell",
        {
            "body": _p(150, 0.11, 0.4, "shiny"),
            "legs": _p(285, 0.01, 0.25),
            "shell": _p(150, 0.13, 0.45, "shiny"),
            "eyes": _p(285, 0.01, 0.15),
        },
        shell=True,
        horn=True,
    ),
    _kind(
        "ladybug",
        "insect",
        "a ladybug, a round red beetle with black spots",
        {
            "body": _p(285, 0.012, 0.22),
            "legs": _p(285, 0.01, 0.22),
            "shell": _p(27, 0.18, 0.55, "shiny"),
            "markings": _p(285, 0.012, 0.2),
            "eyes": _WHITE,
        },
        shell=True,
        spots=True,
    ),
    _kind(
        "bug",
        "insect",
        "a bug, a small six-legged crawling insect",
        {
            "body": _p(120, 0.1, 0.45, "shiny"),
            "legs": _p(285, 0.01, 0.25),
            "shell": _p(120, 0.12, 0.5, "shiny"),
            "eyes": _p(285, 0.01, 0.15),
        },
        shell=True,
    ),
    # ghosts -------------------------------------------------------------------------------
    _kind(
        "ghost",
        "ghost",
        "a ghost, a floating spirit with a wispy tail and little arms",
        {"body": _p(240, 0.02, 0.92), "eyes": _p(270, 0.04, 0.18)},
    ),
    _kind(
        "spirit",
        "ghost",
        "a spirit, a glowing blue floating wisp",
        {"body": _p(220, 0.1, 0.82, "glow"), "eyes": _p(230, 0.08, 0.25)},
    ),
    _kind(
        "phantom",
        "ghost",
        "a phantom, a dark hooded floating ghost",
        {"body": _p(280, 0.05, 0.4), "eyes": _p(60, 0.17, 0.8)},
        hood=True,
    ),
    _kind(
        "wraith",
        "ghost",
        "a wraith, a tall tattered ghost with long arms",
        {"body": _p(180, 0.05, 0.55), "eyes": _p(150, 0.15, 0.8)},
        tall=1.3,
        arms=1.4,
    ),
]

#: Every creature word -> its kind.
CREATURE_WORDS: dict[str, CreatureKind] = {k.word: k for k in _KINDS}

#: Words of features a description may add (text), to params.
_FEATURE_WORDS: dict[str, dict[str, Any]] = {
    "striped": {"pattern": "stripes"},
    "stripy": {"pattern": "stripes"},
    "spotted": {"pattern": "spots"},
    "spotty": {"pattern": "spots"},
    "maned": {"mane": "ruff"},
    "maneless": {"mane": "none"},
    "horned": {"horn": "horns"},
    "antlered": {"horn": "antlers"},
    "floppy-eared": {"ears": "floppy"},
    "fat": {"bulk": 1.18},
    "chubby": {"bulk": 1.15},
    "skinny": {"bulk": 0.82},
    "slender": {"bulk": 0.85},
    "long-legged": {"legs": 1.2},
    "short-legged": {"legs": 0.78},
}


def _shade(paint: Paint, dl: float, chroma: float) -> Paint:
    return replace(
        paint,
        lightness=float(min(0.94, max(0.12, paint.lightness + dl))),
        chroma=paint.chroma * chroma,
    )


def creature_spec(
    word: str,
    seed: int,
    text: str = "",
    colors: dict[str, str] | None = None,
) -> SubjectSpec:
    """The spec of a creature word, with colour words applied to named roles
    (``{"body": "black"}`` for "a black cat"). Roles that follow the body (belly,
    muzzle, feet...) take shades of a new body colour unless named themselves.
    Feature words in ``text`` ("striped", "horned", "fat"...) set params."""
    key = word.lower().strip()
    kind = CREATURE_WORDS.get(key)
    if kind is None:
        known = ", ".join(sorted(CREATURE_WORDS))
        msg = f"unknown creature {word!r} (known: {known})"
        raise KeyError(msg)
    paints = dict(kind.paints)
    params = dict(kind.params)
    for token in text.lower().replace(",", " ").split():
        params.update(_FEATURE_WORDS.get(token, {}))
    for role, colour in (colors or {}).items():
        colour = colour.lower().strip()
        if colour not in COLOR_WORDS:
            msg = f"unknown colour {colour!r} for {role!r}"
            raise ValueError(msg)
        paints[role] = paint_for_color(colour, paints.get(role))
    if colors and "body" in colors:
        body = paints["body"]
        for role, (dl, chroma) in _FOLLOW.items():
            if role in paints and role not in colors and kind.plan in _QUADRUPEDS:
                paints[role] = _shade(body, dl, chroma)
    return SubjectSpec(
        kind="creature",
        subject=kind.word,
        plan=kind.plan,
        paints=paints,
        params=params,
        seed=int(seed),
        text=text,
    )


# Building ----------------------------------------------------------------------------------


def _build_quadruped(spec: SubjectSpec, paints: dict[str, Paint]) -> Model:
    plan = spec.plan
    if plan == "dragon":
        from pixelkiln.engine.subjects.bodies import dragon as dragon_body

        dims = dragon_body.dragon_dims(spec.params)
    else:
        dims = quad_body.quad_dims(plan, spec.params)
    roles = {
        r: r
        for r in (
            "body",
            "belly",
            "muzzle",
            "feet",
            "nose",
            "eyes",
            "mane",
            "tail_tip",
            "markings",
            "horn",
            "wings",
            "ears",
            "legs",
            "mouth",
        )
    }
    defaults = quad_body.default_paints()

    def make(shift: float) -> Model:
        b = Builder("creature", plan)
        info = quad_body.build_quadruped(b, dims, roles, spec.seed, shift)
        b.info.update(
            {
                "quad": info,
                "head_height": dims.cranium[2] * 2,
                "body_groups": quad_body.BODY_GROUPS,
                "subject": spec.subject,
            }
        )
        for role in (
            {p.role for p in b.parts}
            | {bd.role for p in b.parts for bd in p.bands}
            | {s.role for s in b.stamps}
        ):
            b.paint(role, paints.get(role) or defaults.get(role) or paints["body"])
        return b.model(dims.shoulder_h, "body")

    return make(quad_body.centred_shift(make(0.0)))


_BUILDERS: dict[str, Callable[[SubjectSpec, dict[str, Paint]], Model]] = {}


def _plan_builder(plan: str) -> Callable[[SubjectSpec, dict[str, Paint]], Model]:
    if plan in _QUADRUPEDS:
        return _build_quadruped
    if plan not in _BUILDERS:
        import importlib

        module = importlib.import_module(f"pixelkiln.engine.subjects.bodies.{plan}")
        _BUILDERS[plan] = module.build_model
    return _BUILDERS[plan]


def build_creature(spec: SubjectSpec) -> Model:
    """The model of a creature spec (deterministic for a spec and its seed)."""
    if spec.plan not in CREATURE_PLANS:
        msg = f"unknown creature plan {spec.plan!r}"
        raise ValueError(msg)
    kind = CREATURE_WORDS.get(spec.subject)
    paints = dict(kind.paints) if kind is not None and kind.plan == spec.plan else {}
    paints.update(spec.paints)
    return _plan_builder(spec.plan)(spec, paints)
