"""Subject words: who a character is (its kind) and what it is (its folk).

A description names a *role* ("knight", "chef", "astronaut") and maybe a *folk* ("orc",
"elf", "skeleton"); "orc knight" is both. A role gives an outfit, items and a colour
scheme; a folk gives skin, proportions and extras (pointed ears, tusks, horns). Either
alone makes a character: a bare "orc" gets a folk's default outfit, a "knight" is human.

Each entry carries ``about``, a plain sentence the sentence-embedding reader compares
unknown words with ("paladin" finds the knight, "sorcerer" the wizard).

Values are the outfit slots of :data:`pixelkiln.engine.subjects.outfits.SLOTS`, item
kinds of :data:`pixelkiln.engine.subjects.items.ITEMS` and paint names: a colour word,
a material word (:data:`~pixelkiln.engine.subjects.colors.MATERIAL_WORDS`), a skin tone
or a hair colour.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["FOLKS", "ROLES", "SUBJECT_WORDS", "Folk", "Role"]


@dataclass(frozen=True)
class Role:
    """What a character does: outfit, items, paints, loose-colour targets."""

    name: str
    words: tuple[str, ...]
    about: str
    outfit: dict[str, str] = field(default_factory=dict)
    items: dict[str, str] = field(default_factory=dict)
    paints: dict[str, str] = field(default_factory=dict)  # role -> colour/material word
    colour_roles: tuple[str, ...] = ("top",)  # where a loose colour word lands
    proportions: str | None = None
    params: dict[str, object] = field(default_factory=dict)
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)  # seeded variety


@dataclass(frozen=True)
class Folk:
    """What a character is: skin, build, extras and its look without a role."""

    name: str
    words: tuple[str, ...]
    about: str
    # Seeded choices; a name listed twice comes up twice as often.
    skin: tuple[str, ...] = ("pale", "light", "light", "medium", "medium", "tan", "brown", "dark")
    hair: tuple[str, ...] = (
        "black",
        "black",
        "dark brown",
        "dark brown",
        "brown",
        "brown",
        "blonde",
        "auburn",
        "red",
    )
    outfit: dict[str, str] = field(default_factory=dict)
    paints: dict[str, str] = field(default_factory=dict)
    extras: tuple[str, ...] = ()
    proportions: str | None = None
    custom: dict[str, float] = field(default_factory=dict)
    params: dict[str, object] = field(default_factory=dict)
    eyes: str = "dark"  # or a glow colour word ("red" glowing eyes)


def _r(name, words, about, **kw) -> Role:
    return Role(name, tuple(words), about, **kw)


def _f(name, words, about, **kw) -> Folk:
    return Folk(name, tuple(words), about, **kw)


_CLOTH = ("red", "blue", "green", "brown", "purple", "teal", "orange", "grey", "maroon", "navy")

ROLES: dict[str, Role] = {
    r.name: r
    for r in (
        _r(
            "knight",
            ("knight", "paladin", "crusader", "templar", "warrior knight"),
            "an armored knight in plate armor with a sword and shield",
            outfit={
                "headwear": "great helm",
                "torso": "plate armor",
                "legs": "armored",
                "feet": "armored",
                "gloves": "gauntlets",
                "cape": "cape",
                "belt": "belt",
            },
            items={"right": "sword", "left": "shield"},
            paints={"cape": "red", "top": "red"},
            colour_roles=("cape", "shield"),
            choices={"cape": ("red", "blue", "green", "purple")},
        ),
        _r(
            "warrior",
            (
                "warrior",
                "sellsword",
                "warlord",
                "champion",
                "fighter",
                "soldier",
                "mercenary",
                "swordsman",
                "guard",
                "guardsman",
                "footman",
            ),
            "a soldier in chainmail with a helmet, sword and shield",
            outfit={
                "headwear": "helmet",
                "torso": "chainmail",
                "legs": "trousers",
                "feet": "boots",
                "gloves": "gloves",
                "belt": "belt",
            },
            items={"right": "sword", "left": "shield"},
            choices={"top": _CLOTH},
        ),
        _r(
            "barbarian",
            ("barbarian", "berserker", "savage", "brute"),
            "a muscular barbarian in fur with a huge axe",
            outfit={
                "headwear": "none",
                "hair": "long",
                "torso": "fur",
                "legs": "trousers",
                "feet": "boots",
                "belt": "belt",
            },
            items={"right": "battle axe"},
            paints={"top": "fur"},
            proportions="heroic",
        ),
        _r(
            "wizard",
            ("wizard", "mage", "sorcerer", "magician", "archmage", "warlock", "enchanter"),
            "a wizard in a long robe and pointed hat with a magic staff",
            outfit={
                "headwear": "wizard hat",
                "hair": "long",
                "beard": "long",
                "torso": "robe",
                "feet": "shoes",
                "belt": "sash",
            },
            items={"right": "staff"},
            paints={"top": "blue", "hat": "blue", "top2": "gold", "belt": "gold"},
            colour_roles=("top", "hat"),
            choices={"top": ("blue", "purple", "indigo", "red", "teal"), "hair": ("white", "grey")},
        ),
        _r(
            "witch",
            ("witch", "hag", "sorceress"),
            "a witch with a pointed black hat, a dark dress and a broom or wand",
            outfit={"headwear": "witch hat", "hair": "long", "torso": "dress", "feet": "shoes"},
            items={"right": "wand"},
            paints={"top": "purple", "hat": "black", "top2": "black"},
            colour_roles=("top", "hat"),
        ),
        _r(
            "necromancer",
            ("necromancer", "lich", "dark mage", "cultist"),
            "a dark necromancer in a black hooded robe with a staff",
            outfit={"headwear": "hood", "torso": "robe", "feet": "shoes", "belt": "sash"},
            items={"right": "staff"},
            paints={"top": "black", "hat": "black", "top2": "purple", "r_gem": "emerald"},
            colour_roles=("top", "hat"),
        ),
        _r(
            "cleric",
            ("cleric", "priest", "priestess", "healer", "monk", "nun", "bishop"),
            "a priest in white robes with a holy book",
            outfit={"torso": "robe", "feet": "shoes", "belt": "sash", "hair": "short"},
            items={"right": "book"},
            paints={"top": "white", "top2": "gold", "belt": "gold"},
            colour_roles=("top",),
        ),
        _r(
            "druid",
            ("druid", "shaman", "hermit"),
            "a druid of the forest in green robes with a wooden staff",
            outfit={
                "torso": "robe",
                "hair": "long",
                "beard": "long",
                "feet": "sandals",
                "belt": "sash",
            },
            items={"right": "staff"},
            paints={"top": "green", "top2": "brown", "r_gem": "emerald"},
            colour_roles=("top",),
        ),
        _r(
            "archer",
            ("archer", "ranger", "hunter", "bowman", "huntress"),
            "an archer in a green hood and tunic with a bow and a quiver of arrows",
            outfit={
                "headwear": "hood",
                "torso": "tunic",
                "legs": "trousers",
                "feet": "boots",
                "back": "quiver",
                "belt": "belt",
                "gloves": "gloves",
            },
            items={"left": "bow"},
            paints={"top": "green", "hat": "green", "bottom": "brown"},
            colour_roles=("top", "hat"),
            choices={"top": ("green", "forest", "brown", "olive")},
        ),
        _r(
            "rogue",
            ("rogue", "thief", "assassin", "bandit", "burglar", "spy", "outlaw"),
            "a sneaky rogue in a dark hood and leather armor with daggers",
            outfit={
                "headwear": "hood",
                "torso": "leather armor",
                "legs": "trousers",
                "feet": "boots",
                "gloves": "gloves",
                "belt": "belt",
                "cape": "short cape",
            },
            items={"right": "dagger", "left": "dagger"},
            paints={
                "hat": "charcoal",
                "cape": "charcoal",
                "top": "charcoal",
                "leather": "dark brown",
                "bottom": "black",
            },
            colour_roles=("hat", "cape"),
        ),
        _r(
            "pirate",
            ("pirate", "buccaneer", "corsair", "privateer", "captain", "swashbuckler", "sea dog"),
            "a pirate captain with a tricorn hat, a long coat and a cutlass",
            outfit={
                "headwear": "tricorn",
                "torso": "coat",
                "legs": "trousers",
                "feet": "boots",
                "belt": "sash",
                "beard": "short",
            },
            items={"right": "sword"},
            paints={
                "hat": "black",
                "top": "maroon",
                "top2": "white",
                "belt": "red",
                "trim": "gold",
                "bottom": "tan",
            },
            colour_roles=("top",),
            choices={"hair": ("black", "dark brown", "brown")},
        ),
        _r(
            "sailor",
            ("sailor", "deckhand", "fisherman", "fisher"),
            "a sailor in a striped shirt with a cap",
            outfit={"headwear": "cap", "torso": "shirt", "legs": "trousers", "feet": "boots"},
            items={"right": "fishing rod"},
            paints={"top": "navy", "hat": "navy", "bottom": "white"},
        ),
        _r(
            "ninja",
            ("ninja", "shinobi"),
            "a ninja in a black suit and mask with a katana",
            outfit={
                "headwear": "ninja mask",
                "torso": "suit",
                "legs": "trousers",
                "feet": "shoes",
                "gloves": "gloves",
                "belt": "sash",
            },
            items={"right": "katana"},
            paints={
                "top": "charcoal",
                "hat": "charcoal",
                "bottom": "charcoal",
                "shoes": "black",
                "gloves": "black",
                "belt": "red",
            },
            colour_roles=("top", "hat", "bottom"),
        ),
        _r(
            "samurai",
            ("samurai", "ronin", "shogun"),
            "a samurai in lacquered red armor and kabuto helmet with a katana",
            outfit={
                "headwear": "kabuto",
                "torso": "plate armor",
                "legs": "armored",
                "feet": "sandals",
                "gloves": "gloves",
                "belt": "sash",
            },
            items={"right": "katana"},
            paints={
                "armor": "red",
                "armor2": "gold",
                "helmet": "red",
                "trim": "gold",
                "belt": "black",
                "bottom": "black",
            },
            colour_roles=("armor", "helmet"),
        ),
        _r(
            "viking",
            ("viking", "norseman", "raider", "jarl", "shieldmaiden", "berserker viking"),
            "a viking with a horned helmet, a braided beard, a round shield and an axe",
            outfit={
                "headwear": "horned helmet",
                "hair": "braids",
                "beard": "long",
                "torso": "tunic",
                "legs": "trousers",
                "feet": "boots",
                "belt": "belt",
                "cape": "short cape",
            },
            items={"right": "axe", "left": "shield"},
            paints={"top": "brown", "cape": "fur", "l_face": "red"},
            colour_roles=("top",),
            choices={"hair": ("red", "ginger", "blonde", "brown")},
        ),
        _r(
            "gladiator",
            ("gladiator", "spartan", "centurion", "legionary", "hoplite"),
            "a gladiator with a bronze helmet, a short tunic, a spear and a shield",
            outfit={
                "headwear": "helmet",
                "torso": "tunic",
                "legs": "bare",
                "feet": "sandals",
                "belt": "belt",
                "cape": "short cape",
            },
            items={"right": "spear", "left": "shield"},
            paints={
                "helmet": "bronze",
                "top": "red",
                "cape": "red",
                "l_face": "bronze",
                "l_rim": "gold",
            },
            proportions="heroic",
        ),
        _r(
            "king",
            ("king", "emperor", "monarch", "lord", "sultan", "pharaoh"),
            "a king with a golden crown, a royal red cape with fur and a scepter",
            outfit={
                "headwear": "crown",
                "hair": "short",
                "beard": "short",
                "torso": "tunic",
                "legs": "trousers",
                "feet": "boots",
                "cape": "cape",
                "belt": "belt",
            },
            items={"right": "scepter"},
            paints={"cape": "red", "top": "purple", "top2": "gold"},
            colour_roles=("cape",),
        ),
        _r(
            "queen",
            ("queen", "empress", "duchess", "lady"),
            "a queen with a crown and a long royal gown",
            outfit={
                "headwear": "crown",
                "hair": "long",
                "torso": "gown",
                "feet": "shoes",
                "cape": "cape",
            },
            items={"right": "scepter"},
            paints={"top": "purple", "cape": "red", "top2": "gold"},
            colour_roles=("top",),
        ),
        _r(
            "prince",
            ("prince", "noble", "nobleman", "aristocrat", "duke", "musketeer", "duelist"),
            "a young prince in fine clothes with a sword",
            outfit={
                "headwear": "none",
                "hair": "short",
                "torso": "coat",
                "legs": "trousers",
                "feet": "boots",
                "cape": "short cape",
                "belt": "belt",
            },
            items={"right": "sword"},
            paints={"top": "blue", "top2": "gold", "cape": "red"},
        ),
        _r(
            "princess",
            ("princess", "noblewoman", "maiden"),
            "a princess with a tiara and a flowing pink gown",
            outfit={
                "headwear": "tiara",
                "hair": "long",
                "torso": "gown",
                "feet": "shoes",
                "belt": "none",
            },
            paints={"top": "pink", "top2": "white"},
            colour_roles=("top",),
            choices={"hair": ("blonde", "brown", "black", "red")},
        ),
        _r(
            "farmer",
            ("farmer", "peasant", "villager", "gardener", "rancher", "shepherd"),
            "a farmer in overalls and a straw hat with a pitchfork",
            outfit={
                "headwear": "straw hat",
                "torso": "overalls",
                "legs": "trousers",
                "feet": "boots",
            },
            items={"right": "pitchfork"},
            paints={"top": "red", "bottom": "blue", "hat": "straw"},
            choices={"top": ("red", "green", "white", "tan", "yellow")},
        ),
        _r(
            "chef",
            ("chef", "cook", "baker", "butcher"),
            "a chef in a white jacket and tall chef hat with a ladle",
            outfit={"headwear": "chef hat", "torso": "apron", "legs": "trousers", "feet": "shoes"},
            items={"right": "ladle"},
            paints={"top": "white", "top2": "white", "hat": "white", "bottom": "charcoal"},
        ),
        _r(
            "blacksmith",
            ("blacksmith", "smith", "armorer", "forgemaster"),
            "a blacksmith with a leather apron and a hammer",
            outfit={
                "torso": "apron",
                "legs": "trousers",
                "feet": "boots",
                "gloves": "gloves",
                "beard": "short",
            },
            items={"right": "hammer"},
            paints={"top": "tan", "top2": "leather", "bottom": "brown"},
        ),
        _r(
            "miner",
            ("miner", "digger", "prospector"),
            "a miner with a hard hat and a pickaxe",
            outfit={
                "headwear": "hard hat",
                "torso": "overalls",
                "legs": "trousers",
                "feet": "boots",
                "gloves": "gloves",
            },
            items={"right": "pickaxe"},
            paints={"hat": "yellow", "top": "grey", "bottom": "navy"},
        ),
        _r(
            "merchant",
            ("merchant", "trader", "shopkeeper", "vendor", "innkeeper", "banker"),
            "a merchant in a vest with a coin purse",
            outfit={
                "headwear": "beret",
                "torso": "vest",
                "legs": "trousers",
                "feet": "shoes",
                "belt": "belt",
            },
            items={"right": "bag"},
            paints={"top": "white", "top2": "green", "hat": "maroon"},
        ),
        _r(
            "bard",
            ("bard", "minstrel", "musician", "troubadour", "singer"),
            "a bard with a feathered cap and a lute",
            outfit={
                "headwear": "beret",
                "torso": "tunic",
                "legs": "trousers",
                "feet": "boots",
                "cape": "short cape",
                "belt": "belt",
            },
            items={"right": "lute"},
            paints={"top": "orange", "cape": "green", "hat": "green"},
        ),
        _r(
            "monk",
            ("martial artist", "brawler", "kung fu master", "karateka"),
            "a martial artist in a simple gi with a belt, bare hands",
            outfit={
                "torso": "kimono",
                "legs": "trousers",
                "feet": "bare",
                "belt": "sash",
                "hair": "bald",
            },
            paints={"top": "orange", "top2": "white", "bottom": "orange", "belt": "black"},
        ),
        _r(
            "cowboy",
            ("cowboy", "sheriff", "gunslinger", "ranch hand", "cowgirl"),
            "a cowboy with a wide brimmed hat, a vest and a revolver",
            outfit={
                "headwear": "cowboy hat",
                "torso": "vest",
                "legs": "trousers",
                "feet": "boots",
                "belt": "belt",
            },
            items={"right": "pistol"},
            paints={"hat": "brown", "top": "white", "top2": "brown", "bottom": "navy"},
        ),
        _r(
            "detective",
            ("detective", "investigator", "inspector", "agent"),
            "a detective in a long coat and hat",
            outfit={"headwear": "top hat", "torso": "coat", "legs": "trousers", "feet": "shoes"},
            paints={"hat": "brown", "top": "tan", "top2": "brown", "bottom": "brown"},
        ),
        _r(
            "scientist",
            ("scientist", "doctor", "professor", "alchemist", "inventor", "engineer"),
            "a scientist in a white lab coat holding a potion",
            outfit={"torso": "coat", "legs": "trousers", "feet": "shoes", "hair": "spiky"},
            items={"right": "potion"},
            paints={"top": "white", "top2": "white", "bottom": "grey"},
        ),
        _r(
            "police",
            ("police officer", "policeman", "cop", "officer"),
            "a police officer in a blue uniform and cap",
            outfit={
                "headwear": "cap",
                "torso": "shirt",
                "legs": "trousers",
                "feet": "shoes",
                "belt": "belt",
            },
            paints={"top": "navy", "hat": "navy", "bottom": "navy", "trim": "gold"},
        ),
        _r(
            "firefighter",
            ("firefighter", "fireman"),
            "a firefighter in a heavy coat and helmet",
            outfit={
                "headwear": "hard hat",
                "torso": "coat",
                "legs": "trousers",
                "feet": "boots",
                "gloves": "gloves",
            },
            items={"right": "axe"},
            paints={"hat": "red", "top": "tan", "top2": "yellow"},
        ),
        _r(
            "astronaut",
            ("astronaut", "spaceman", "cosmonaut", "space explorer"),
            "an astronaut in a white space suit with a helmet and backpack",
            outfit={
                "headwear": "astronaut helmet",
                "torso": "space suit",
                "legs": "trousers",
                "feet": "boots",
                "gloves": "gloves",
                "back": "backpack",
                "belt": "none",
            },
            paints={
                "top": "white",
                "helmet": "white",
                "shoes": "grey",
                "gloves": "grey",
                "back": "white",
                "back2": "orange",
                "trim": "orange",
                "bottom": "white",
            },
            colour_roles=("trim",),
        ),
        _r(
            "space marine",
            ("space marine", "trooper", "stormtrooper", "cyber soldier"),
            "a futuristic soldier in powered armor with a blaster",
            outfit={
                "headwear": "great helm",
                "torso": "plate armor",
                "legs": "armored",
                "feet": "armored",
                "gloves": "gauntlets",
                "back": "jetpack",
            },
            items={"right": "blaster"},
            paints={"armor": "olive", "helmet": "olive", "visor": "cyan", "armor2": "black"},
        ),
        _r(
            "lumberjack",
            ("lumberjack", "woodcutter", "woodsman", "forester"),
            "a bearded lumberjack in a red plaid shirt with an axe",
            outfit={
                "headwear": "beret",
                "torso": "shirt",
                "legs": "trousers",
                "feet": "boots",
                "beard": "short",
                "belt": "belt",
            },
            items={"right": "axe"},
            paints={"top": "red", "bottom": "navy", "hat": "red"},
        ),
        _r(
            "geisha",
            ("geisha", "maiko", "kimono lady"),
            "a lady in a long silk kimono with her hair in a bun",
            outfit={
                "torso": "kimono",
                "hair": "bun",
                "legs": "skirt",
                "feet": "sandals",
                "belt": "sash",
            },
            paints={"top": "red", "top2": "gold", "belt": "gold", "bottom": "red"},
            choices={"hair": ("black",)},
        ),
        _r(
            "adventurer",
            (
                "adventurer",
                "hero",
                "explorer",
                "traveler",
                "traveller",
                "wanderer",
                "person",
                "human",
                "character",
                "man",
                "woman",
                "boy",
                "girl",
                "kid",
                "child",
                "npc",
            ),
            "an adventurer in a tunic with a sword",
            outfit={"torso": "tunic", "legs": "trousers", "feet": "boots", "belt": "belt"},
            items={"right": "sword"},
            choices={"top": _CLOTH},
        ),
        _r(
            "student",
            ("student", "schoolboy", "schoolgirl", "office worker", "businessman"),
            "a modern person in everyday clothes",
            outfit={"torso": "shirt", "legs": "trousers", "feet": "shoes", "belt": "none"},
            choices={
                "top": ("white", "blue", "red", "green", "yellow"),
                "bottom": ("navy", "grey", "black"),
            },
        ),
        _r(
            "clown",
            ("clown", "jester", "harlequin", "fool"),
            "a jester in a bright two colored costume",
            outfit={"headwear": "beret", "torso": "tunic", "legs": "trousers", "feet": "shoes"},
            paints={"top": "red", "bottom": "yellow", "hat": "green", "top2": "yellow"},
        ),
        _r(
            "angel",
            ("angel", "seraph", "valkyrie"),
            "an angel in white robes with feathered wings and a halo",
            outfit={
                "headwear": "halo",
                "hair": "long",
                "torso": "robe",
                "feet": "sandals",
                "back": "feathered wings",
                "belt": "sash",
            },
            items={"right": "spear"},
            paints={"top": "white", "top2": "gold", "belt": "gold"},
            colour_roles=("top",),
        ),
    )
}

FOLKS: dict[str, Folk] = {
    f.name: f
    for f in (
        _f("human", ("human",), "an ordinary human"),
        _f(
            "elf",
            ("elf", "elven", "elvish", "dark elf", "drow", "fairy"),
            "a slender elf with pointed ears",
            skin=("pale", "light"),
            hair=("blonde", "white", "black", "auburn"),
            extras=("pointed ears",),
            proportions="stylized",
            outfit={"torso": "tunic", "headwear": "none", "hair": "long"},
            paints={"top": "green"},
        ),
        _f(
            "dwarf",
            ("dwarf", "dwarven", "gnome", "halfling", "hobbit"),
            "a short stocky dwarf with a big beard",
            hair=("red", "ginger", "brown", "black", "grey"),
            outfit={"beard": "long", "headwear": "helmet", "torso": "chainmail"},
            custom={"legs_length": 0.62, "shoulder_width": 1.25, "head_size": 1.1},
            params={"build": 1.2},
        ),
        _f(
            "orc",
            ("orc", "orcish", "ogre", "troll", "brute orc"),
            "a hulking green orc with tusks",
            skin=("green",),
            hair=("black",),
            extras=("tusks",),
            # Hulking, not tall: broad shoulders and thick limbs on a default figure.
            custom={"shoulder_width": 1.35, "hip_width": 1.2, "head_size": 1.05},
            params={"build": 1.35},
            outfit={"torso": "leather armor", "headwear": "none", "hair": "mohawk"},
            paints={"top": "maroon", "bottom": "brown"},
        ),
        _f(
            "goblin",
            ("goblin", "imp", "kobold", "gremlin"),
            "a small green goblin with big pointed ears",
            skin=("green",),
            hair=("black",),
            extras=("big ears",),
            proportions="chibi",
            outfit={
                "torso": "bare",
                "legs": "shorts",
                "feet": "bare",
                "headwear": "none",
                "hair": "bald",
            },
        ),
        _f(
            "skeleton",
            ("skeleton", "skeletal", "bones", "undead warrior"),
            "a walking skeleton made of bones",
            skin=("bone",),
            hair=("white",),
            outfit={
                "torso": "ribcage",
                "legs": "bare",
                "feet": "bare",
                "hair": "bald",
                "headwear": "none",
                "belt": "none",
            },
            paints={"skin_dark": "charcoal"},
            params={"build": 0.55, "eye_style": "sockets"},
        ),
        _f(
            "zombie",
            ("zombie", "ghoul", "undead", "walking dead"),
            "a rotting green zombie with torn clothes reaching forward",
            skin=("grey green",),
            hair=("black", "brown"),
            eyes="red",
            outfit={"torso": "shirt", "legs": "trousers", "feet": "bare", "hair": "short"},
            paints={"top": "olive", "bottom": "navy"},
            params={"arms_forward": True},
        ),
        _f(
            "mummy",
            ("mummy",),
            "an ancient mummy wrapped in bandages",
            skin=("bone",),
            hair=("white",),
            eyes="yellow",
            outfit={
                "torso": "bandages",
                "legs": "bare",
                "feet": "bare",
                "hair": "bald",
                "headwear": "none",
                "belt": "none",
            },
            params={"arms_forward": True},
        ),
        _f(
            "vampire",
            ("vampire", "dracula", "nosferatu"),
            "a pale vampire with a black cape with red lining",
            skin=("ashen",),
            hair=("black",),
            eyes="red",
            outfit={"torso": "coat", "cape": "cape", "hair": "short", "legs": "trousers"},
            paints={"cape": "black", "top": "black", "top2": "red", "bottom": "black"},
        ),
        _f(
            "robot",
            ("robot", "android", "automaton", "mech", "cyborg", "droid", "golem"),
            "a metal robot with a boxy head and glowing eyes",
            skin=("bone",),
            hair=("grey",),
            eyes="cyan",
            outfit={
                "torso": "plate armor",
                "legs": "armored",
                "feet": "armored",
                "gloves": "gauntlets",
                "hair": "bald",
                "headwear": "antenna",
                "belt": "none",
            },
            paints={"skin": "steel", "armor": "steel", "helmet": "steel", "armor2": "cyan"},
            params={"build": 1.1, "head_shape": "box"},
        ),
        _f(
            "alien",
            ("alien", "martian", "extraterrestrial", "grey alien"),
            "a big headed alien with large dark eyes",
            skin=("grey green", "blue"),
            hair=("black",),
            outfit={"torso": "space suit", "hair": "bald", "legs": "trousers"},
            custom={"head_size": 1.45},
            paints={"top": "silver"},
        ),
        _f(
            "demon",
            ("demon", "devil", "fiend", "succubus", "tiefling"),
            "a red demon with horns, bat wings and a tail",
            skin=("red",),
            hair=("black",),
            eyes="yellow",
            extras=("horns", "tail"),
            outfit={"torso": "bare", "legs": "trousers", "back": "bat wings", "hair": "short"},
            paints={"wing": "maroon", "tail": "red", "horn": "black", "bottom": "black"},
        ),
        _f(
            "werewolf",
            (
                "werewolf",
                "wolfman",
                "beastman",
                "lycan",
                "minotaur",
                "catfolk",
                "cat girl",
                "furry",
            ),
            "a wolf headed beast man covered in fur",
            skin=("brown",),
            hair=("brown", "grey"),
            extras=("snout", "animal ears"),
            outfit={"torso": "bare", "legs": "shorts", "feet": "bare", "hair": "short"},
            paints={"skin": "fur", "hair": "brown"},
            proportions="heroic",
        ),
    )
}

#: Every literal subject word -> ("role" | "folk", name).
SUBJECT_WORDS: dict[str, tuple[str, str]] = {}
for _role in ROLES.values():
    for _w in _role.words:
        SUBJECT_WORDS.setdefault(_w, ("role", _role.name))
for _folk in FOLKS.values():
    for _w in _folk.words:
        SUBJECT_WORDS.setdefault(_w, ("folk", _folk.name))
