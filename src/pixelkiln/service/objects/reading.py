"""Reading an object description, and choosing the candidates of a 1-direction request.

The subject engine's reader (:func:`~pixelkiln.engine.subjects.reading.read_subject`)
reads any description as a character unless a prop or creature word is in it: "forest
pack" becomes a lumberjack. An *object* is a prop (or a creature, or a figure when a
role or folk is named outright), so objects are read here in this order:

1. the engine's reading when it found a prop or creature word (or a named role/folk);
2. plural prop nouns ("swords", "trees"), read as their singular;
3. scene and pack words ("forest", "weapons", "dungeon", "camp"): the scene's first kind;
4. the nearest prop by meaning (the sentence model over every prop's ``about``).

The chosen kind is put in front of the description and read by the engine again, so
colour, material and condition words still land where they belong.

**Candidates** are different objects of one kind, not re-seeded noise: each has its own
seed (the kind's proportions and parts), and its unnamed paint roles are moved round the
colour wheel a little (a lot in a pack). A *pack* ("forest pack", "a pack of trees",
"assorted potions", plural nouns) cycles through the kinds of its scene or noun family,
so a forest pack is oaks, pines, birches, willows, fruit and blossom trees, dead trees.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from pixelkiln.engine.embedding import load_model
from pixelkiln.engine.rng import derive_seed, make_rng
from pixelkiln.engine.subjects.model import Paint
from pixelkiln.engine.subjects.props import PROP_KINDS
from pixelkiln.engine.subjects.reading import Reading, read_subject
from pixelkiln.engine.subjects.spec import SubjectSpec

__all__ = ["PACK_WORDS", "SCENES", "Candidate", "candidate_specs", "read_object"]

#: Words that ask for a pack of different objects rather than one object.
PACK_WORDS = frozenset(
    "pack set collection assorted assortment variety various kit bundle selection "
    "different several many".split()
)

#: Scenes: their words and the prop kinds a pack of them cycles through.
SCENES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "forest": (
        ("forest", "woods", "woodland", "grove", "trees", "orchard"),
        ("tree", "pine", "birch", "willow", "fruit tree", "blossom tree", "dead tree"),
    ),
    "jungle": (("jungle", "tropical", "beach", "island"), ("palm", "bush", "flowers", "rock")),
    "garden": (
        ("garden", "plants", "vegetation", "foliage", "meadow", "flora"),
        ("bush", "flowers", "mushroom", "tree", "pumpkin", "stump"),
    ),
    "desert": (("desert", "dunes", "canyon"), ("cactus", "rock", "bones", "skull", "dead tree")),
    "cave": (("cave", "mine", "cavern", "minerals", "ore"), ("rock", "crystal", "gem", "pickaxe")),
    "weapons": (
        ("weapons", "weapon", "armory", "armoury", "arsenal", "blades"),
        ("sword", "axe", "spear", "mace", "dagger", "hammer", "bow", "katana", "battle axe"),
    ),
    "armor": (("armor", "armour", "shields"), ("shield", "kite shield")),
    "magic": (
        ("magic", "wizard", "alchemy", "alchemist", "arcane", "spells"),
        ("potion", "staff", "wand", "orb", "book", "scroll", "crystal", "candle"),
    ),
    "treasure": (
        ("treasure", "loot", "riches", "hoard", "pickups", "collectibles"),
        ("coin", "gem", "chest", "coins", "key", "potion", "treasure pile"),
    ),
    "dungeon": (
        ("dungeon", "crypt", "prison"),
        ("chest", "barrel", "torch", "skull", "bones", "brazier", "door", "pillar"),
    ),
    "graveyard": (
        ("graveyard", "cemetery", "spooky", "halloween", "haunted"),
        ("gravestone", "dead tree", "pumpkin", "skull", "candle", "bones"),
    ),
    "tavern": (
        ("tavern", "inn", "interior", "furniture", "house", "room", "kitchen"),
        ("table", "chair", "stool", "bench", "barrel", "bookshelf", "cupboard", "bed"),
    ),
    "village": (
        ("village", "town", "street", "market", "city"),
        ("well", "cart", "signpost", "fence", "street lamp", "barrel", "crate", "mailbox"),
    ),
    "farm": (
        ("farm", "farming", "barn", "ranch"),
        ("hay bale", "wheelbarrow", "pitchfork", "bucket", "fence", "pumpkin", "sack"),
    ),
    "camp": (
        ("camp", "campsite", "camping", "outpost"),
        ("tent", "campfire", "log", "stump", "sack", "barrel", "crate"),
    ),
    "lights": (
        ("lights", "lighting", "lamps", "lanterns"),
        ("torch", "lantern", "lamp", "oil lamp", "street lamp", "candle", "brazier"),
    ),
    "containers": (
        ("containers", "storage", "warehouse", "crates", "boxes"),
        ("crate", "barrel", "chest", "sack", "pot", "vase", "basket", "bucket"),
    ),
    "scifi": (
        ("sci-fi", "scifi", "space", "spaceship", "station", "futuristic", "lab"),
        ("terminal", "sci-fi crate", "server rack", "energy cell", "oil drum"),
    ),
    "tools": (
        ("tools", "workshop", "blacksmith", "smithy"),
        ("anvil", "hammer", "pickaxe", "shovel", "workbench", "axe", "bucket"),
    ),
}

#: Kinds that are the same noun drawn differently: a pack of one of them cycles these.
NOUN_FAMILIES: tuple[tuple[str, ...], ...] = (
    ("tree", "pine", "birch", "willow", "fruit tree", "blossom tree", "dead tree", "palm"),
    ("sword", "katana", "dagger"),
    ("axe", "battle axe"),
    ("shield", "kite shield"),
    ("lamp", "oil lamp", "lantern", "street lamp"),
    ("hammer", "mace", "club"),
    ("rock", "crystal"),
    ("coin", "coins"),
)

#: Below this the sentence model's nearest prop is still used (an object is always a
#: prop), but the reading says the match was weak.
WEAK = 0.3


@dataclass(frozen=True)
class ObjectReading:
    """A description read as an object, and the kinds a pack of it cycles through."""

    reading: Reading
    pack: bool
    kinds: tuple[str, ...]


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z'-]*", text.lower())


def _singular(word: str) -> list[str]:
    out = []
    if word.endswith("ies") and len(word) > 4:
        out.append(word[:-3] + "y")
    if word.endswith("es") and len(word) > 3:
        out.append(word[:-2])
    if word.endswith("s") and len(word) > 2:
        out.append(word[:-1])
    return out


@lru_cache(maxsize=1)
def _prop_words() -> dict[str, str]:
    """Every prop word (and multi-word phrase) -> its kind."""
    table: dict[str, str] = {}
    for kind in PROP_KINDS.values():
        for w in (kind.name, *kind.words):
            table.setdefault(w.lower(), kind.name)
    return table


def _plural_kind(tokens: list[str]) -> tuple[str, str] | None:
    """(kind, plural word) when a token is the plural of a prop word; the last wins."""
    words = _prop_words()
    found = None
    for i, t in enumerate(tokens):
        for s in _singular(t):
            prev = f"{tokens[i - 1]} {s}" if i else None
            if prev and prev in words:
                found = (words[prev], t)
            elif s in words:
                found = (words[s], t)
    return found


def _scene(tokens: list[str]) -> str | None:
    joined = " " + " ".join(tokens) + " "
    for name, (words, _) in SCENES.items():
        if any(f" {w} " in joined for w in words):
            return name
    return None


@lru_cache(maxsize=1)
def _about_matrix() -> tuple[object, np.ndarray, list[str]] | None:
    model = load_model()
    if model is None:
        return None
    names = list(PROP_KINDS)
    return model, model.embed([PROP_KINDS[n].about or n for n in names]), names


def _nearest_prop(text: str) -> tuple[str, float]:
    cached = _about_matrix()
    if cached is None:
        return "crate", 0.0
    model, matrix, names = cached
    sims = matrix @ model.embed([text])[0]  # type: ignore[attr-defined]
    best = int(np.argmax(sims))
    return names[best], float(sims[best])


def _family(kind: str) -> tuple[str, ...]:
    for fam in NOUN_FAMILIES:
        if kind in fam:
            return (kind, *[k for k in fam if k != kind])
    return (kind,)


def _as_kind(
    kind: str, text: str, seed: int, note: str, drop: frozenset[str] = frozenset()
) -> Reading:
    """The engine's reading of ``text`` with ``kind`` as its head noun (``drop``: words
    that only chose the kind, such as "forest", which would otherwise read as a colour)."""
    rest = " ".join(t for t in _tokens(text) if t not in drop and t not in PACK_WORDS)
    reading = read_subject(f"{kind} {rest}".strip(), seed)
    if reading.spec.kind != "prop" or reading.spec.plan != kind:
        # The text names another prop after ours: ours is what the object reading chose.
        reading = read_subject(kind, seed)
    reading.understood.insert(0, (text, note))
    return reading


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, str]:
    """Every word the engine reads without its sentence model -> its subject kind."""
    from pixelkiln.engine.subjects.creatures import CREATURE_WORDS
    from pixelkiln.engine.subjects.vocabulary import SUBJECT_WORDS

    table = dict.fromkeys(_prop_words(), "prop")
    for w in CREATURE_WORDS:
        table.setdefault(str(w).lower(), "creature")
    for w, (kind, _) in SUBJECT_WORDS.items():
        table.setdefault(w.lower(), kind)
    return table


def _named_kind(tokens: list[str]) -> tuple[str | None, set[int]]:
    """The kind of subject ``tokens`` name outright (prop, creature, role...) and the
    token positions of the words naming it."""
    table = _lexicon()
    found = None
    used: set[int] = set()
    for n in (1, 2, 3):
        for i in range(len(tokens) - n + 1):
            kind = table.get(" ".join(tokens[i : i + n]))
            if kind is not None:
                used.update(range(i, i + n))
                if found is None or kind == "prop":
                    found = kind
    return found, used


def read_object(text: str, seed: int = 0) -> ObjectReading:
    """Read ``text`` as an object (see the module docstring).

    Descriptions that name a known word never reach the sentence model (its first use
    in a process costs seconds); only the last step asks it.
    """
    tokens = _tokens(text)
    pack = any(t in PACK_WORDS for t in tokens)
    named, used = _named_kind(tokens)
    # "treasure chest" names a chest: words of a named subject do not make a scene.
    scene = _scene([t for i, t in enumerate(tokens) if i not in used])
    if named is not None and scene is None:
        reading = read_subject(text, seed)
        if reading.spec.kind == "prop":
            kind = reading.spec.plan
            return ObjectReading(reading, pack, _family(kind) if pack else (kind,))
        if reading.spec.kind == "creature" or named != "prop":
            return ObjectReading(reading, pack, (reading.spec.plan,))
    plural = _plural_kind(tokens)
    if plural is not None and scene is None:
        kind, word = plural
        read = _as_kind(kind, text, seed, f"object: {kind} (plural {word!r})")
        return ObjectReading(read, True, _family(kind))
    if scene is not None:
        kinds = SCENES[scene][1]
        words = frozenset(w for w in SCENES[scene][0] if " " not in w)
        if named == "prop":
            # A named kind of the scene leads it ("pine forest" is pines first).
            reading = read_subject(text, seed)
            if reading.spec.kind == "prop" and reading.spec.plan in kinds:
                first = reading.spec.plan
                kinds = (first, *[k for k in kinds if k != first])
        read = _as_kind(kinds[0], text, seed, f"object pack: {scene}", words)
        return ObjectReading(read, True, kinds)
    kind, score = _nearest_prop(text)
    quality = "nearest meaning" if score >= WEAK else "weak match"
    read = _as_kind(kind, text, seed, f"object: {kind} ({quality}, {score:.2f})")
    return ObjectReading(read, pack, _family(kind) if pack else (kind,))


@dataclass(frozen=True)
class Candidate:
    """One candidate: the spec to build and how its description was read."""

    spec: SubjectSpec
    reading: Reading


def _named_roles(reading: Reading) -> set[str]:
    """Paint roles the description coloured ("colour of leaves", "material of body")."""
    out = set()
    for _, meaning in reading.understood:
        m = re.match(r"(?:colour|material) of (\w+)", meaning)
        if m:
            out.add(m.group(1))
    return out


def _jitter(
    spec: SubjectSpec, named: set[str], seed: int, amount: float, wide: bool = False
) -> SubjectSpec:
    """Unnamed paint roles moved round the wheel and in lightness (``amount`` 0..1);
    ``wide``: the main role takes any hue (an assortment of one kind: potions of every
    colour, gems of every stone)."""
    if spec.kind != "prop" or amount <= 0:
        return spec
    rng = make_rng(seed, "object", "candidate-paint")
    main = PROP_KINDS[spec.plan].main_role
    paints: dict[str, Paint] = {}
    for role, p in spec.paints.items():
        # A named colour or material only varies in tone ("wooden": darker or paler wood).
        share = 0.15 if role in named or (main in named and role == main) else 1.0
        # Greys and metals keep their hue (a hue turn on a grey is invisible anyway).
        turn = float(rng.uniform(-1, 1)) * 40.0 * amount * share if p.chroma > 0.03 else 0.0
        if wide and role == main and share == 1.0 and p.chroma > 0.03:
            turn = float(rng.uniform(0.0, 360.0))
        light = float(rng.uniform(-1, 1)) * 0.08 * amount * max(share, 0.6)
        chroma = p.chroma * float(1 + rng.uniform(-0.25, 0.25) * amount * share)
        paints[role] = replace(
            p,
            hue=(p.hue + turn) % 360.0,
            lightness=float(np.clip(p.lightness + light, 0.2, 0.92)),
            chroma=max(0.0, chroma),
        )
    return replace(spec, paints=paints)


def _reseeded(reading: Reading, kind: str, seed: int) -> SubjectSpec:
    """The reading's spec drawn for another seed (and, in a pack, another kind)."""
    spec = reading.spec
    if spec.kind != "prop":
        from pixelkiln.engine.subjects.subject import Subject

        return Subject.from_text(spec.text or spec.subject, seed=seed).spec
    if kind == spec.plan:
        return replace(spec, params=PROP_KINDS[kind].params_for(seed), seed=int(seed))
    other = read_subject(f"{kind} {spec.text}", seed).spec
    if other.kind != "prop" or other.plan != kind:
        other = read_subject(kind, seed).spec
    return replace(other, conditions=spec.conditions, text=spec.text)


def candidate_specs(
    description: str, count: int, seed: int, item_descriptions: list[str] | None = None
) -> list[Candidate]:
    """``count`` different objects for a 1-direction request (see the module docstring)."""
    obj = read_object(description, seed)
    named = _named_roles(obj.reading)
    out: list[Candidate] = []
    items = item_descriptions or []
    for i in range(count):
        cseed = derive_seed(seed, "candidate", i) if i else seed
        if i < len(items) and items[i].strip():
            item = read_object(items[i], cseed)
            if item.reading.matched_by not in ("lexicon", "fuzzy"):
                # "red one": the item says how, the description says what.
                item = read_object(f"{items[i]} {description}", cseed)
            spec = item.reading.spec
            out.append(Candidate(spec, item.reading))
            continue
        kind = obj.kinds[i % len(obj.kinds)]
        spec = _reseeded(obj.reading, kind, cseed)
        if i or count > 1:
            wide = obj.pack and len(obj.kinds) == 1
            spec = _jitter(spec, named, cseed, 0.75 if obj.pack else 0.45, wide)
        out.append(Candidate(spec, obj.reading))
    return out
