"""Reading a description into a subject spec, and saying what was understood.

``read_subject("orc knight with a red cape holding a torch", seed=7)`` gives a
:class:`Reading`: the :class:`~.spec.SubjectSpec` to build, and a list of what each part
of the sentence was taken to mean (``orc`` -> folk orc, ``knight`` -> role knight,
``red cape`` -> the cape is red, ``torch`` -> right hand holds a torch) and which words
were not used. How it reads:

1. Words are matched as phrases (up to three words) against the subject words: roles and
   folks of characters (:mod:`.vocabulary`), creatures (:mod:`.creatures`), props
   (:mod:`.props`) and held items. The subject is the last such word before the first
   connector ("with", "holding", "wearing", ...): English puts the head noun last ("a
   goblin archer" is an archer who is a goblin). A character can be both a folk and a
   role.
2. For characters, outfit nouns ("cape", "robe", "boots", "hat"...) set their slot, and
   the colour and material words just before a noun paint it ("red cape", "golden
   armor", "wooden shield"). Item words put the item in a hand (shields and bows in the
   left). "without", "no" and "bald" take things away. Colour words that name no part
   paint the subject's main colours (a knight's cape, a wizard's robe and hat).
3. Words that name no known subject go to the sentence-embedding model, compared with a
   plain sentence about every role, folk, creature and prop; below a floor the
   description is read as an adventurer (and the reading says so).

Everything a description leaves open (hair colour, skin tone, which cloth colour) is
drawn from the seed, so one description gives different but fitting characters.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import numpy as np

from pixelkiln.engine.reader import PhraseTable, get_reader
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.subjects.colors import (
    COLOR_WORDS,
    HAIR_COLORS,
    MATERIAL_PAINTS,
    MATERIAL_WORDS,
    SKIN_TONES,
    paint_for_color,
)
from pixelkiln.engine.subjects.items import ITEMS
from pixelkiln.engine.subjects.model import Paint
from pixelkiln.engine.subjects.outfits import DEFAULT_OUTFIT, DEFAULT_PAINTS
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.vocabulary import FOLKS, ROLES, SUBJECT_WORDS, Folk, Role

__all__ = ["CONDITIONS", "EMBED_FLOOR", "Reading", "edit_subject", "read_subject"]

#: Cosine similarity under which the model's nearest subject is not trusted.
EMBED_FLOOR = 0.3
_CONNECTORS = re.compile(
    r"\b(?:with|holding|wearing|wielding|carrying|armed with|in|on|riding|and|who|that|"
    r"having|equipped with|dressed in|clad in|without)\b|,|;"
)
#: Condition words -> the condition they set.
CONDITIONS: dict[str, str] = {
    "damaged": "damaged",
    "battle-worn": "damaged",
    "battered": "damaged",
    "wounded": "damaged",
    "injured": "damaged",
    "broken": "broken",
    "ruined": "broken",
    "cracked": "damaged",
    "burning": "burning",
    "on fire": "burning",
    "flaming": "burning",
    "ablaze": "burning",
    "frozen": "frozen",
    "icy": "frozen",
    "frosty": "frozen",
    "frostbitten": "frozen",
    "glowing": "glowing",
    "radiant": "glowing",
    "luminous": "glowing",
    "shining": "glowing",
    "magical": "glowing",
    "enchanted": "glowing",
    "open": "open",
    "opened": "open",
    "closed": "closed",
    "shut": "closed",
    "lit": "lit",
    "unlit": "unlit",
    "empty": "empty",
    "full": "full",
    "snowy": "snowy",
    "snow covered": "snowy",
    "covered in snow": "snowy",
}
_PROPORTION_WORDS = {
    "chibi": "chibi",
    "cute": "chibi",
    "tiny": "chibi",
    "little": "chibi",
    "kawaii": "chibi",
    "cartoon": "cartoon",
    "cartoony": "cartoon",
    "toon": "cartoon",
    "stylized": "stylized",
    "stylised": "stylized",
    "slender": "stylized",
    "lanky": "stylized",
    "realistic": "realistic_male",
    "muscular": "heroic",
    "heroic": "heroic",
    "buff": "heroic",
    "brawny": "heroic",
    "hulking": "heroic",
    "female": "realistic_female",
    "tall": "stylized",
}

# Outfit nouns: phrase -> (slot, style or None to keep a fitting current one, paint role).
_OUTFIT_NOUNS: dict[str, tuple[str, str | None, str]] = {
    "cape": ("cape", "cape", "cape"),
    "cloak": ("cape", "cape", "cape"),
    "mantle": ("cape", "cape", "cape"),
    "short cape": ("cape", "short cape", "cape"),
    "robe": ("torso", "robe", "top"),
    "robes": ("torso", "robe", "top"),
    "dress": ("torso", "dress", "top"),
    "gown": ("torso", "gown", "top"),
    "tunic": ("torso", "tunic", "top"),
    "shirt": ("torso", "shirt", "top"),
    "t-shirt": ("torso", "shirt", "top"),
    "blouse": ("torso", "shirt", "top"),
    "coat": ("torso", "coat", "top"),
    "jacket": ("torso", "coat", "top"),
    "trench coat": ("torso", "coat", "top"),
    "lab coat": ("torso", "coat", "top"),
    "vest": ("torso", "vest", "top2"),
    "waistcoat": ("torso", "vest", "top2"),
    "armor": ("torso", None, "armor"),
    "armour": ("torso", None, "armor"),
    "plate armor": ("torso", "plate armor", "armor"),
    "plate": ("torso", "plate armor", "armor"),
    "chainmail": ("torso", "chainmail", "mail"),
    "chain mail": ("torso", "chainmail", "mail"),
    "mail": ("torso", "chainmail", "mail"),
    "leather armor": ("torso", "leather armor", "leather"),
    "apron": ("torso", "apron", "top2"),
    "overalls": ("torso", "overalls", "bottom"),
    "kimono": ("torso", "kimono", "top"),
    "gi": ("torso", "kimono", "top"),
    "suit": ("torso", "suit", "top"),
    "space suit": ("torso", "space suit", "top"),
    "spacesuit": ("torso", "space suit", "top"),
    "tank top": ("torso", "tank top", "top"),
    "hat": ("headwear", None, "hat"),
    "cap": ("headwear", "cap", "hat"),
    "hood": ("headwear", "hood", "hat"),
    "hooded": ("headwear", "hood", "hat"),
    "helmet": ("headwear", None, "helmet"),
    "helm": ("headwear", "great helm", "helmet"),
    "great helm": ("headwear", "great helm", "helmet"),
    "horned helmet": ("headwear", "horned helmet", "helmet"),
    "crown": ("headwear", "crown", "crown"),
    "tiara": ("headwear", "tiara", "crown"),
    "circlet": ("headwear", "tiara", "crown"),
    "bandana": ("headwear", "bandana", "hat"),
    "headband": ("headwear", "headband", "hat"),
    "turban": ("headwear", "turban", "hat"),
    "beret": ("headwear", "beret", "hat"),
    "top hat": ("headwear", "top hat", "hat"),
    "cowboy hat": ("headwear", "cowboy hat", "hat"),
    "straw hat": ("headwear", "straw hat", "hat"),
    "witch hat": ("headwear", "witch hat", "hat"),
    "wizard hat": ("headwear", "wizard hat", "hat"),
    "pointed hat": ("headwear", "wizard hat", "hat"),
    "chef hat": ("headwear", "chef hat", "hat"),
    "hard hat": ("headwear", "hard hat", "hat"),
    "tricorn": ("headwear", "tricorn", "hat"),
    "halo": ("headwear", "halo", "halo"),
    "mask": ("headwear", "ninja mask", "hat"),
    "kabuto": ("headwear", "kabuto", "helmet"),
    "pants": ("legs", "trousers", "bottom"),
    "trousers": ("legs", "trousers", "bottom"),
    "jeans": ("legs", "trousers", "bottom"),
    "leggings": ("legs", "trousers", "bottom"),
    "shorts": ("legs", "shorts", "bottom"),
    "skirt": ("legs", "skirt", "bottom"),
    "kilt": ("legs", "skirt", "bottom"),
    "greaves": ("legs", "armored", "armor"),
    "boots": ("feet", "boots", "shoes"),
    "shoes": ("feet", "shoes", "shoes"),
    "sneakers": ("feet", "shoes", "shoes"),
    "sandals": ("feet", "sandals", "shoes"),
    "barefoot": ("feet", "bare", "skin"),
    "gloves": ("gloves", "gloves", "gloves"),
    "mittens": ("gloves", "gloves", "gloves"),
    "gauntlets": ("gloves", "gauntlets", "armor"),
    "belt": ("belt", "belt", "belt"),
    "sash": ("belt", "sash", "belt"),
    "backpack": ("back", "backpack", "back"),
    "quiver": ("back", "quiver", "back"),
    "jetpack": ("back", "jetpack", "back"),
    "wings": ("back", "feathered wings", "wing"),
    "feathered wings": ("back", "feathered wings", "wing"),
    "angel wings": ("back", "feathered wings", "wing"),
    "bat wings": ("back", "bat wings", "wing"),
    "demon wings": ("back", "bat wings", "wing"),
}
_HAIR_STYLE_WORDS = {
    "long hair": "long",
    "short hair": "short",
    "ponytail": "ponytail",
    "bun": "bun",
    "mohawk": "mohawk",
    "spiky hair": "spiky",
    "spiky": "spiky",
    "braids": "braids",
    "braided": "braids",
    "bald": "bald",
    "hair": None,
    "beard": "beard",
    "long beard": "beard",
}
_EXTRA_WORDS = {
    "horns": "horns",
    "horned": "horns",
    "tail": "tail",
    "pointed ears": "pointed ears",
    "tusks": "tusks",
    "eyepatch": "eyepatch",
    "eye patch": "eyepatch",
}
_BODY_ROLE_WORDS = {"eyes": "eyes", "skin": "skin", "fur": "skin"}
_HOLD_LEFT = {"shield", "kite shield", "bow"}
_STOP = frozenset(
    "a an the of with and in on at to some its his her their holding wearing wielding "
    "carrying armed equipped dressed clad who that is are pixel art sprite character "
    "style game rpg 8 16 32 bit top down view facing front".split()
)


@dataclass
class Reading:
    """The spec, and what each part of the description was taken to mean."""

    spec: SubjectSpec
    matched_by: str  # lexicon | fuzzy | embedding | default
    score: float
    understood: list[tuple[str, str]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "subject": self.spec.subject,
            "kind": self.spec.kind,
            "plan": self.spec.plan,
            "matched_by": self.matched_by,
            "score": round(self.score, 3),
            "understood": [{"words": w, "meaning": m} for w, m in self.understood],
            "ignored": list(self.ignored),
        }


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)?", text.lower().replace("_", " "))


def _ngram_matches(tokens: list[str], table) -> list[tuple[int, int, str]]:
    found = []
    for n in (3, 2, 1):
        for i in range(len(tokens) - n + 1):
            phrase = " ".join(tokens[i : i + n])
            if phrase in table:
                found.append((i, i + n, phrase))
    return found


def _creature_words() -> dict:
    try:
        from pixelkiln.engine.subjects.creatures import CREATURE_WORDS
    except ImportError:
        return {}
    return CREATURE_WORDS


def _prop_words() -> dict[str, str]:
    try:
        from pixelkiln.engine.subjects.props import PROP_KINDS
    except ImportError:
        return {}
    words: dict[str, str] = {}
    for kind in PROP_KINDS.values():
        for w in (kind.name, *kind.words):
            words.setdefault(w, kind.name)
    return words


def _item_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for item in ITEMS.values():
        for w in (item.name, *item.words):
            words.setdefault(w, item.name)
    return words


_ITEM_WORDS = _item_words()


def _paint_word(word: str, base: Paint | None, role: str | None = None) -> Paint:
    """A colour, material, skin-tone or hair-colour word as a paint for ``role``.

    Skin and hair have their own tones ("green" skin is an orc's, not a leaf's); every
    other part takes materials first, then colours (keeping its finish: a "red" helmet
    stays metal).
    """
    if role == "skin" and word in SKIN_TONES:
        return SKIN_TONES[word]
    if role == "hair" and word in HAIR_COLORS:
        return HAIR_COLORS[word]
    if word in MATERIAL_PAINTS:
        return MATERIAL_PAINTS[word]
    if word in MATERIAL_WORDS:
        return MATERIAL_PAINTS[MATERIAL_WORDS[word]]
    if word in COLOR_WORDS:
        return paint_for_color(word, base)
    if word in HAIR_COLORS:
        return HAIR_COLORS[word]
    if word in SKIN_TONES:
        return SKIN_TONES[word]
    msg = f"{word!r} is not a colour or material word"
    raise ValueError(msg)


def _is_paint_word(word: str) -> bool:
    return word in COLOR_WORDS or word in MATERIAL_WORDS


# Embedding fallback -----------------------------------------------------------------


def _subject_phrases() -> tuple[list[str], list[tuple[str, str]]]:
    phrases: list[str] = []
    owners: list[tuple[str, str]] = []
    for role in ROLES.values():
        for p in (role.about, *role.words):
            phrases.append(p)
            owners.append(("role", role.name))
    for folk in FOLKS.values():
        for p in (folk.about, *folk.words):
            phrases.append(p)
            owners.append(("folk", folk.name))
    for word, kind in _creature_words().items():
        phrases.append(getattr(kind, "about", word) or word)
        owners.append(("creature", word))
    try:
        from pixelkiln.engine.subjects.props import PROP_KINDS
    except ImportError:
        PROP_KINDS = {}
    for kind in PROP_KINDS.values():
        phrases.append(kind.about or kind.name)
        owners.append(("prop", kind.name))
    return phrases, owners


#: The subject phrases embedded by the full sentence model (rewrite with
#: ``python -m pixelkiln.engine.subjects.phrases`` after changing the vocabularies), so the
#: shipped reader compares texts with the same targets the model would.
SUBJECT_PHRASES = Path(__file__).parent.parent / "data" / "subject_phrases.npz"


@lru_cache(maxsize=1)
def _phrase_table() -> PhraseTable | None:
    reader = get_reader()
    if reader is None:
        return None
    phrases, owners = _subject_phrases()
    labelled = [
        (f"{kind}:{name}", phrase) for (kind, name), phrase in zip(owners, phrases, strict=True)
    ]
    return PhraseTable.build(labelled, reader, cache=SUBJECT_PHRASES)


def _nearest(text: str) -> tuple[tuple[str, str] | None, float]:
    table = _phrase_table()
    ranked = table.rank(text) if table is not None else []
    if not ranked:
        return None, 0.0
    label, score = ranked[0]
    kind, _, name = label.partition(":")
    return (kind, name), float(score)


# Reading ----------------------------------------------------------------------------


def _find_subject(tokens: list[str], main_end: int):
    """(kind, name, start, end) of the head subject word(s), or None."""
    creatures = _creature_words()
    props = _prop_words()
    table: dict[str, tuple[str, str]] = {}
    for w, v in SUBJECT_WORDS.items():
        table[w] = v
    for w in creatures:
        table.setdefault(w, ("creature", w))
    for w, kind in props.items():
        table.setdefault(w, ("prop", kind))
    for w, kind in _ITEM_WORDS.items():
        if kind in props or w in props:
            table.setdefault(w, ("prop", props.get(w, kind)))
    hits = _ngram_matches(tokens, table)
    for limit in (main_end, len(tokens)):
        scoped = [h for h in hits if h[1] <= limit]
        if not scoped:
            continue
        # The head is the match that ends last; longer on a tie.
        start, end, phrase = max(scoped, key=lambda h: (h[1], h[1] - h[0]))
        kind, name = table[phrase]
        found = [(kind, name, start, end, phrase)]
        # Other words for the same subject ("pirate captain") are part of the head.
        for s, e, ph in scoped:
            if table[ph] == (kind, name) and (s, e) != (start, end):
                found.append(("same", name, s, e, ph))
        if kind in ("role", "folk"):
            other = "folk" if kind == "role" else "role"
            for s, e, ph in sorted(scoped, key=lambda h: -h[1]):
                if table[ph][0] == other and e <= start:
                    found.append((other, table[ph][1], s, e, ph))
                    break
        return found
    return None


def _typo_subject(tokens: list[str]) -> tuple[str, str, str] | None:
    words = sorted(w for w in SUBJECT_WORDS if " " not in w and len(w) >= 4)
    reader = get_reader()
    # A word the reader knows is a real word ("chief" is not a typo of "chef"): only
    # unknown spellings are bent to the nearest subject word.
    for t in tokens:
        if len(t) < 4 or t in _STOP or (reader is not None and reader.knows(t)):
            continue
        close = difflib.get_close_matches(t, words, n=1, cutoff=0.82)
        if close:
            kind, name = SUBJECT_WORDS[close[0]]
            return kind, name, t
    return None


def read_subject(text: str, seed: int = 0, proportions: str | None = None) -> Reading:
    """Read ``text`` (see the module docstring); ``proportions`` overrides any read."""
    tokens = _tokens(text)
    lowered = " ".join(tokens)
    m = _CONNECTORS.search(lowered)
    main_end = len(_tokens(lowered[: m.start()])) if m else len(tokens)
    used: set[int] = set()
    understood: list[tuple[str, str]] = []
    found = _find_subject(tokens, main_end)
    matched_by, score = "lexicon", 1.0
    role_name: str | None = None
    folk_name: str | None = None
    if found:
        for kind, name, s, e, phrase in found:
            used.update(range(s, e))
            if kind == "same":
                continue
            if kind == "role":
                role_name = name
                understood.append((phrase, f"role: {name}"))
            elif kind == "folk":
                folk_name = name
                understood.append((phrase, f"folk: {name}"))
            else:
                understood.append((phrase, f"{kind}: {name}"))
                return _read_other(
                    kind, name, text, tokens, used, understood, seed, matched_by, score
                )
    else:
        typo = _typo_subject(tokens)
        if typo:
            kind, name, word = typo
            matched_by, score = "fuzzy", 0.85
            used.update(i for i, t in enumerate(tokens) if t == word)
            if kind == "role":
                role_name = name
            else:
                folk_name = name
            understood.append((word, f"{kind}: {name} (close spelling)"))
        else:
            main = " ".join(t for t in tokens[:main_end] if t not in _STOP) or lowered
            owner, sim = _nearest(main)
            if owner is not None and sim >= EMBED_FLOOR:
                matched_by, score = "embedding", sim
                kind, name = owner
                understood.append((main, f"{kind}: {name} (nearest meaning, {sim:.2f})"))
                used.update(i for i, t in enumerate(tokens[:main_end]) if t not in _STOP)
                if kind == "role":
                    role_name = name
                elif kind == "folk":
                    folk_name = name
                else:
                    return _read_other(
                        kind, name, text, tokens, used, understood, seed, matched_by, score
                    )
            else:
                matched_by, score = "default", float(sim)
                understood.append(("", "no subject word known: an adventurer"))
    role = ROLES[role_name] if role_name else (None if folk_name else ROLES["adventurer"])
    folk = FOLKS[folk_name] if folk_name else FOLKS["human"]
    spec = _character(role, folk, text, tokens, used, understood, seed, proportions)
    ignored = [t for i, t in enumerate(tokens) if i not in used and t not in _STOP]
    return Reading(spec, matched_by, score, understood, ignored)


def _choose(seed: int, stream: str, options: tuple[str, ...]) -> str:
    rng = make_rng(seed, "subject", stream)
    return options[int(rng.integers(0, len(options)))]


def _character(
    role: Role | None,
    folk: Folk,
    text: str,
    tokens: list[str],
    used: set[int],
    understood: list[tuple[str, str]],
    seed: int,
    proportions: str | None,
) -> SubjectSpec:
    outfit = dict(DEFAULT_OUTFIT)
    outfit.update(folk.outfit)
    if role is not None:
        outfit.update(role.outfit)
        if folk.outfit.get("hair") == "bald" and "hair" not in role.outfit:
            outfit["hair"] = "bald"
    paints: dict[str, Paint] = dict(DEFAULT_PAINTS)
    skin = _choose(seed, "skin", folk.skin)
    paints["skin"] = SKIN_TONES[skin]
    hair_options = role.choices.get("hair", folk.hair) if role else folk.hair
    paints["hair"] = _paint_word(_choose(seed, "hair", hair_options), None, "hair")
    if folk.eyes != "dark":
        paints["eyes"] = replace(paint_for_color(folk.eyes), finish="glow", lightness=0.72)
    for source in (folk.paints, role.paints if role else {}):
        for r, word in source.items():
            paints[r] = _paint_word(word, paints.get(r), r)
    for r, options in (role.choices if role else {}).items():
        if r != "hair" and r not in (role.paints if role else {}):
            paints[r] = _paint_word(_choose(seed, r, options), paints.get(r), r)
    items = dict(role.items) if role else {}
    params: dict[str, object] = {
        "proportions": proportions
        or (role.proportions if role else None)
        or folk.proportions
        or "default",
        "extras": list(folk.extras),
    }
    params.update(folk.params)
    if role:
        params.update(role.params)
    if folk.custom:
        params["custom_proportions"] = dict(folk.custom)
    params["colour_roles"] = list(role.colour_roles) if role else ["top"]
    conditions: list[str] = []
    _modify(
        outfit, paints, items, params, conditions, tokens, used, understood, proportions is not None
    )
    subject = role.name if role else folk.name
    if role and folk.name != "human":
        subject = f"{folk.name} {role.name}"
    return SubjectSpec(
        kind="character",
        subject=subject,
        plan="mannequin",
        paints=paints,
        outfit=outfit,
        items=items,
        params=params,
        conditions=_settle(conditions),
        seed=seed,
        text=text,
    )


def _modify(
    outfit: dict[str, str],
    paints: dict[str, Paint],
    items: dict[str, str],
    params: dict[str, object],
    conditions: list[str],
    tokens: list[str],
    used: set[int],
    understood: list[tuple[str, str]],
    fixed_proportions: bool,
) -> None:
    """Apply what the words say to a character's outfit, paints, items and params."""
    colour_roles = list(params.get("colour_roles", ["top"]))  # type: ignore[arg-type]
    proportions = "fixed" if fixed_proportions else None
    explicit_items: dict[str, str] = {}
    loose: list[tuple[int, str]] = []
    # Removals: "without X", "no X".
    removing: set[int] = set()
    for i, t in enumerate(tokens):
        if t in ("without", "no", "unarmed", "bald", "barefoot"):
            used.add(i)
            if t == "unarmed":
                items.clear()
                understood.append((t, "holds nothing"))
            elif t == "bald":
                outfit["hair"] = "bald"
                understood.append((t, "hair: bald"))
            elif t == "barefoot":
                outfit["feet"] = "bare"
                understood.append((t, "feet: bare"))
            else:
                removing.update(range(i + 1, min(len(tokens), i + 4)))
    # Phrases: outfit nouns, hair styles, extras, items, conditions, proportions.
    tables = (
        ("outfit", _OUTFIT_NOUNS),
        ("hair", _HAIR_STYLE_WORDS),
        ("extra", _EXTRA_WORDS),
        ("item", _ITEM_WORDS),
        ("condition", CONDITIONS),
        ("proportions", _PROPORTION_WORDS),
        ("body", _BODY_ROLE_WORDS),
    )
    claims: list[tuple[int, int, str, str]] = []
    for kind, table in tables:
        for s, e, phrase in _ngram_matches(tokens, table):
            if any(i in used for i in range(s, e)):
                continue
            if any(s < c[1] and c[0] < e for c in claims):
                continue
            claims.append((s, e, kind, phrase))
    claims.sort()
    after_noun: dict[int, str] = {}  # token index just after a noun -> the noun's paint role
    for s, e, kind, phrase in claims:
        used.update(range(s, e))
        if kind == "outfit":
            slot, style, paint_role = _OUTFIT_NOUNS[phrase]
            after_noun[e] = _style_role(slot, style or outfit[slot], paint_role)
        elif kind == "item":
            after_noun[e] = (
                "r_" if _hand_for(_ITEM_WORDS[phrase], {}) == "right" else "l_"
            ) + ITEMS[_ITEM_WORDS[phrase]].main
        adjectives = _adjectives(tokens, s, used)
        remove = s in removing
        if kind == "outfit":
            slot, style, paint_role = _OUTFIT_NOUNS[phrase]
            if remove:
                outfit[slot] = (
                    "none" if slot in ("headwear", "cape", "back", "belt") else outfit[slot]
                )
                if slot == "gloves":
                    outfit[slot] = "none"
                understood.append((phrase, f"{slot}: removed"))
                continue
            style = style or _fitting_style(slot, outfit[slot], paint_role)
            outfit[slot] = style
            meaning = f"{slot}: {style}"
            paint_role = _style_role(slot, style, paint_role)
            meaning += _apply_adjectives(adjectives, paint_role, paints, understood)
            understood.append((phrase, meaning))
        elif kind == "hair":
            style = _HAIR_STYLE_WORDS[phrase]
            if remove:
                outfit["beard" if style == "beard" else "hair"] = (
                    "none" if style == "beard" else "bald"
                )
                understood.append((phrase, "removed"))
                continue
            if style == "beard":
                outfit["beard"] = (
                    "long"
                    if "long" in phrase
                    else (outfit["beard"] if outfit["beard"] != "none" else "short")
                )
            elif style is not None:
                outfit["hair"] = style
            meaning = f"hair: {outfit['hair']}" if style != "beard" else f"beard: {outfit['beard']}"
            meaning += _apply_adjectives(adjectives, "hair", paints, understood)
            understood.append((phrase, meaning))
        elif kind == "extra":
            extra = _EXTRA_WORDS[phrase]
            extras = params["extras"]
            assert isinstance(extras, list)
            if remove and extra in extras:
                extras.remove(extra)
            elif not remove and extra not in extras:
                extras.append(extra)
            understood.append((phrase, f"extra: {extra}{' removed' if remove else ''}"))
        elif kind == "item":
            item = _ITEM_WORDS[phrase]
            if remove:
                for hand, held in list(items.items()):
                    if held == item:
                        del items[hand]
                understood.append((phrase, f"item {item}: removed"))
                continue
            hand = _hand_for(item, explicit_items)
            explicit_items[hand] = item
            items[hand] = item
            side = "r_" if hand == "right" else "l_"
            main = side + ITEMS[item].main
            meaning = f"{hand} hand holds: {item}"
            meaning += _apply_adjectives(adjectives, main, paints, understood)
            understood.append((phrase, meaning))
        elif kind == "condition":
            cond = CONDITIONS[phrase]
            if cond not in conditions:
                conditions.append(cond)
            understood.append((phrase, f"condition: {cond}"))
        elif kind == "proportions":
            if proportions is None:
                params["proportions"] = _PROPORTION_WORDS[phrase]
            understood.append((phrase, f"proportions: {_PROPORTION_WORDS[phrase]}"))
        elif kind == "body":
            target = _BODY_ROLE_WORDS[phrase]
            meaning = f"{target}" + _apply_adjectives(adjectives, target, paints, understood)
            if target == "eyes" and any(a == "glowing" for a in adjectives):
                paints["eyes"] = replace(paints["eyes"], finish="glow")
            understood.append((phrase, meaning))
    # A colour right after a noun paints it ("make the cape red"); the others paint the
    # subject's main colours.
    for i, t in enumerate(tokens):
        if i not in used and _is_paint_word(t):
            used.add(i)
            j = i
            while j > 0 and tokens[j - 1] in _STOP | {"is", "be", "turn", "now"}:
                j -= 1
            if j in after_noun:
                target = after_noun[j]
                paints[target] = _paint_word(t, paints.get(target), target)
                understood.append((t, f"colour of {target}"))
            else:
                loose.append((i, t))
    for n, (_, word) in enumerate(loose[: len(colour_roles)]):
        target = colour_roles[n]
        if word in MATERIAL_WORDS and MATERIAL_PAINTS[MATERIAL_WORDS[word]].finish == "shiny":
            metal = next((r for r in ("armor", "helmet", "crown") if _wears(outfit, r)), target)
            target = metal
        paints[target] = _paint_word(word, paints.get(target), target)
        if target == "top" and outfit["headwear"] in ("wizard hat", "witch hat", "hood"):
            paints["hat"] = paints["top"]
        understood.append((word, f"colour of {target}"))


def _wears(outfit: dict[str, str], role: str) -> bool:
    if role == "armor":
        return outfit["torso"] == "plate armor"
    if role == "helmet":
        return outfit["headwear"] in ("helmet", "great helm", "horned helmet", "kabuto")
    return outfit["headwear"] in ("crown", "tiara")


def _adjectives(tokens: list[str], start: int, used: set[int]) -> list[str]:
    """Colour, material and condition words right before ``start`` (claimed as used)."""
    out = []
    i = start - 1
    while i >= 0 and (
        _is_paint_word(tokens[i])
        or tokens[i] in ("glowing", "dark", "light", "bright", "pale", "deep")
    ):
        if i in used:
            break
        out.append(tokens[i])
        used.add(i)
        i -= 1
    return out[::-1]


_SHADES = {"dark": -0.14, "light": 0.12, "bright": 0.06, "pale": 0.14, "deep": -0.08}


def _apply_adjectives(
    adjectives: list[str], role: str, paints: dict[str, Paint], understood: list
) -> str:
    shade = 0.0
    words = []
    for a in adjectives:
        if a in _SHADES:
            shade += _SHADES[a]
            words.append(a)
        elif _is_paint_word(a):
            paints[role] = _paint_word(a, paints.get(role), role)
            words.append(a)
    if shade and role in paints:
        p = paints[role]
        paints[role] = replace(p, lightness=float(np.clip(p.lightness + shade, 0.12, 0.95)))
    return f" ({' '.join(words)})" if words else ""


def _fitting_style(slot: str, current: str, paint_role: str) -> str:
    if slot == "torso":
        return (
            current if current in ("plate armor", "chainmail", "leather armor") else "plate armor"
        )
    if slot == "headwear":
        if paint_role == "helmet":
            return (
                current
                if current in ("helmet", "great helm", "horned helmet", "kabuto")
                else "helmet"
            )
        hats = (
            "wizard hat",
            "witch hat",
            "cap",
            "straw hat",
            "top hat",
            "cowboy hat",
            "tricorn",
            "chef hat",
            "beret",
            "hard hat",
        )
        return current if current in hats else "cowboy hat"
    return current


def _style_role(slot: str, style: str, paint_role: str) -> str:
    if slot == "torso":
        return {
            "plate armor": "armor",
            "chainmail": "mail",
            "leather armor": "leather",
            "vest": "top2",
            "apron": "top2",
            "overalls": "bottom",
        }.get(style, "top")
    if slot == "headwear":
        return {
            "helmet": "helmet",
            "great helm": "helmet",
            "horned helmet": "helmet",
            "kabuto": "helmet",
            "crown": "crown",
            "tiara": "crown",
            "halo": "halo",
        }.get(style, "hat")
    return paint_role


def _part_role(roles: Iterable[str], word: str) -> str | None:
    """The prop role a noun names ("roof", "legs" for "leg", "wheels" for "wheel");
    roles named after a material ("wood", "stone") are reached by material words only."""
    for role in roles:
        if role in MATERIAL_WORDS or role in COLOR_WORDS:
            continue
        if word in (role, role + "s", role + "es") or role in (word + "s", word + "es"):
            return role
    return None


def _prop_paint_targets(
    roles: Iterable[str], main: str, tokens: list[str], loose_at: list[int], used: set[int]
) -> list[tuple[str, str]]:
    """(paint word, role) pairs for the paint words at ``loose_at``: a colour or material
    said of a named part ("a wooden roof", "red wheels") lands on that part, the rest on
    the prop's main role."""
    roles = list(roles)
    out: list[tuple[str, str]] = []
    for i in loose_at:
        t = tokens[i]
        j = i + 1
        while j < len(tokens) and _is_paint_word(tokens[j]):
            j += 1  # "dark red roof": both words reach the roof
        role = _part_role(roles, tokens[j]) if j < len(tokens) else None
        if role is not None:
            used.add(j)
        out.append((t, role or main))
    return out


def _hand_for(item: str, explicit: dict[str, str]) -> str:
    if item in _HOLD_LEFT and "left" not in explicit:
        return "left"
    if "right" not in explicit:
        return "right"
    return "left"


def _read_other(
    kind: str,
    name: str,
    text: str,
    tokens: list[str],
    used: set[int],
    understood: list[tuple[str, str]],
    seed: int,
    matched_by: str,
    score: float,
) -> Reading:
    """Creatures and props: their own spec makers, with colours and conditions."""
    colours: dict[str, str] = {}
    conditions: list[str] = []
    for s, e, phrase in _ngram_matches(tokens, CONDITIONS):
        if not any(i in used for i in range(s, e)):
            used.update(range(s, e))
            conditions.append(CONDITIONS[phrase])
            understood.append((phrase, f"condition: {CONDITIONS[phrase]}"))
    loose_at = [i for i, t in enumerate(tokens) if i not in used and _is_paint_word(t)]
    loose = [tokens[i] for i in loose_at]
    used.update(loose_at)
    if kind == "creature":
        from pixelkiln.engine.subjects.creatures import creature_spec

        if loose:
            colours["body"] = loose[0]
            understood.append((loose[0], "colour of body"))
        spec = creature_spec(name, seed, text, colors=colours or None)
        if conditions:
            spec = replace(spec, conditions=tuple(conditions))
    else:
        from pixelkiln.engine.subjects.props import PROP_KINDS, prop_spec

        prop = PROP_KINDS[name]
        materials: dict[str, str] = {}
        for word, role in _prop_paint_targets(prop.paints, prop.main_role, tokens, loose_at, used):
            if word in MATERIAL_WORDS:
                materials[role] = word
            else:
                colours.setdefault(role, word)
            understood.append(
                (word, f"{'material' if word in MATERIAL_WORDS else 'colour'} of {role}")
            )
        spec = prop_spec(
            name,
            seed,
            text,
            colors=colours or None,
            materials=materials or None,
            conditions=tuple(conditions),
        )
    ignored = [t for i, t in enumerate(tokens) if i not in used and t not in _STOP]
    return Reading(spec, matched_by, score, understood, ignored)


_OPPOSITES = {
    "open": "closed",
    "closed": "open",
    "lit": "unlit",
    "unlit": "lit",
    "empty": "full",
    "full": "empty",
}


def _settle(conditions: list[str]) -> tuple[str, ...]:
    """Conditions without repeats; a later one replaces its opposite (open after closed)."""
    out: list[str] = []
    for c in conditions:
        if c in out:
            continue
        if _OPPOSITES.get(c) in out:
            out.remove(_OPPOSITES[c])
        out.append(c)
    return tuple(out)


def edit_subject(spec: SubjectSpec, text: str) -> Reading:
    """A state of ``spec``: the edit description applied to the model's spec.

    "make the cape red", "holding a torch", "without the helmet", "damaged", "open",
    "lit": parts are recoloured, items added or removed, conditions set. The subject,
    its body plan and everything the edit does not name stay as they were, so a state
    draws the same figure in the same directions.
    """
    tokens = _tokens(text)
    used: set[int] = set()
    understood: list[tuple[str, str]] = []
    conditions = list(spec.conditions)
    if spec.kind == "character":
        outfit = dict(spec.outfit)
        paints = dict(spec.paints)
        items = dict(spec.items)
        params = {k: (list(v) if isinstance(v, list) else v) for k, v in spec.params.items()}
        _modify(outfit, paints, items, params, conditions, tokens, used, understood, True)
        new = replace(spec, outfit=outfit, paints=paints, items=items, params=params)
    else:
        for s, e, phrase in _ngram_matches(tokens, CONDITIONS):
            if not any(i in used for i in range(s, e)):
                used.update(range(s, e))
                conditions.append(CONDITIONS[phrase])
                understood.append((phrase, f"condition: {CONDITIONS[phrase]}"))
        target = "body"
        if spec.kind == "prop":
            from pixelkiln.engine.subjects.props import PROP_KINDS

            target = PROP_KINDS[spec.plan].main_role
        paints = dict(spec.paints)
        # "make the roof red": a part the edit names takes its colours.
        named = [(i, r) for i, t in enumerate(tokens) if (r := _part_role(paints, t)) is not None]
        if named:
            used.add(named[0][0])
            target = named[0][1]
        for i, t in enumerate(tokens):
            if i not in used and _is_paint_word(t) and target in paints:
                used.add(i)
                paints[target] = _paint_word(t, paints[target], target)
                understood.append((t, f"colour of {target}"))
        new = replace(spec, paints=paints)
    new = replace(new, conditions=_settle(conditions))
    ignored = [
        t
        for i, t in enumerate(tokens)
        if i not in used
        and t not in _STOP
        and t
        not in (
            "make",
            "it",
            "turn",
            "change",
            "give",
            "him",
            "them",
            "add",
            "remove",
            "take",
            "off",
            "away",
            "now",
            "be",
            "becomes",
        )
    ]
    if not understood:
        understood.append(("", "nothing to change was understood"))
    return Reading(new, "edit", 1.0, understood, ignored)
