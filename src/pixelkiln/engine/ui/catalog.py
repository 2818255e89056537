"""The UI material and trim tables: how each material looks as a panel.

:data:`UI_MATERIALS` maps a material key to its :class:`UIMaterial`: the words that name
it, the OKLCH recipes of its frame and content, the texture drawn in its content (a
lexicon material, or ``leather``/``scifi``/``plain`` drawn by :mod:`.surface`), its
default trim, corner ornament, cut corners, frame width, calmness and face engraving.
:data:`METALS` holds the trims: metallic ramps (gold, silver, iron, bronze, copper) and
glowing lines (cyan, violet, ember, green).
"""

from __future__ import annotations

from dataclasses import dataclass

from pixelkiln.engine.palette import Recipe

__all__ = [
    "FROM_LEXICON",
    "METALS",
    "METAL_WORDS",
    "TRIM_NOUNS",
    "UI_MATERIALS",
    "Metal",
    "UIMaterial",
    "recipe",
]


@dataclass(frozen=True)
class UIMaterial:
    """How one material looks as a UI panel."""

    key: str
    words: tuple[str, ...]
    frame: Recipe  # the frame's mid tone
    fill: Recipe  # the content area's mid tone
    texture: str  # lexicon material rendered for the fill, or "leather"/"scifi"/"plain"
    trim: str | None = None  # default trim metal (a METALS key)
    corner: str = "none"  # none | rivets | gems | caps | knobs
    chamfer: bool = False  # cut corners instead of rounded ones
    frame_scale: float = 1.0  # frame width factor
    texture_calm: float = 0.7  # 0..1: how much the fill texture's contrast is damped
    dark_content: bool = False  # content darker than the frame (HUDs, magic panels)
    engrave: bool = False  # big button faces carry the texture's joints (grain, seams)


def recipe(h: float, c: float, light: float, k: float = 1.6) -> Recipe:
    """An OKLCH ramp recipe: hue, chroma, mid lightness, lightness-step factor."""
    return Recipe(hue=h, chroma=c, lightness=light, contrast=k)


UI_MATERIALS: dict[str, UIMaterial] = {
    m.key: m
    for m in (
        UIMaterial(
            "wood",
            ("wood", "wooden", "oak", "timber", "plank", "planks", "log", "tavern", "rustic"),
            recipe(58, 0.085, 0.50),
            recipe(64, 0.075, 0.58, 1.2),
            "wood planks",
            corner="rivets",
            engrave=True,
        ),
        UIMaterial(
            "stone",
            ("stone", "rock", "granite", "castle", "dungeon", "slate", "cobblestone", "temple"),
            recipe(255, 0.014, 0.55),
            recipe(250, 0.012, 0.52, 1.1),
            "stone brick",
            texture_calm=0.75,
        ),
        UIMaterial(
            "iron",
            ("iron", "steel", "metal", "metallic", "riveted", "industrial", "armored", "armor"),
            recipe(255, 0.018, 0.55),
            recipe(250, 0.016, 0.42, 1.1),
            "metal plates",
            corner="rivets",
            dark_content=True,
            engrave=True,
        ),
        UIMaterial(
            "gold",
            ("gold", "golden", "gilded", "royal", "regal", "ornate", "luxury"),
            recipe(86, 0.13, 0.70),
            recipe(20, 0.11, 0.36, 1.1),
            "carpet",
            trim="gold",
            corner="gems",
            dark_content=True,
        ),
        UIMaterial(
            "parchment",
            ("parchment", "paper", "scroll", "quest", "letter", "map", "book", "journal"),
            recipe(70, 0.06, 0.62),
            recipe(84, 0.05, 0.86, 1.0),
            "plain",
            frame_scale=0.7,
            texture_calm=0.65,
        ),
        UIMaterial(
            "crystal",
            (
                "crystal",
                "crystalline",
                "magic",
                "magical",
                "arcane",
                "gem",
                "amethyst",
                "enchanted",
                "mystic",
                "mystical",
                "spell",
                "wizard",
                "rune",
                "runic",
            ),
            recipe(300, 0.13, 0.46),
            recipe(295, 0.10, 0.30, 1.2),
            "crystal",
            trim="silver",
            corner="gems",
            texture_calm=0.72,
            dark_content=True,
            engrave=True,
        ),
        UIMaterial(
            "scifi",
            (
                "sci",
                "scifi",
                "futuristic",
                "hud",
                "hologram",
                "holographic",
                "cyber",
                "cyberpunk",
                "neon",
                "space",
                "tech",
                "digital",
                "spaceship",
                "mech",
                "robot",
                "terminal",
                "console",
            ),
            recipe(240, 0.05, 0.42),
            recipe(250, 0.045, 0.24, 1.0),
            "scifi",
            trim="cyan glow",
            corner="caps",
            chamfer=True,
            dark_content=True,
            engrave=True,
        ),
        UIMaterial(
            "leather",
            ("leather", "hide", "satchel", "bag", "backpack", "pouch", "saddle"),
            recipe(50, 0.07, 0.40),
            recipe(55, 0.07, 0.46, 1.1),
            "leather",
            texture_calm=0.8,
            trim="bronze",
            corner="rivets",
        ),
        UIMaterial(
            "bone",
            ("bone", "bones", "skull", "skeleton", "necro", "necromancer", "undead", "ivory"),
            recipe(88, 0.035, 0.80),
            recipe(40, 0.02, 0.30, 1.1),
            "plain",
            corner="knobs",
            dark_content=True,
        ),
        UIMaterial(
            "ice",
            ("ice", "icy", "frozen", "frost", "snow", "glacial", "winter"),
            recipe(225, 0.06, 0.78),
            recipe(230, 0.06, 0.62, 1.1),
            "ice",
            trim="silver",
            corner="gems",
            texture_calm=0.6,
        ),
        UIMaterial(
            "obsidian",
            ("obsidian", "shadow", "demonic", "infernal", "void", "abyss", "dark souls"),
            recipe(295, 0.04, 0.30),
            recipe(290, 0.035, 0.22, 1.0),
            "obsidian",
            trim="violet glow",
            corner="gems",
            dark_content=True,
        ),
        UIMaterial(
            "marble",
            ("marble", "alabaster", "ivory tower", "palace"),
            recipe(85, 0.012, 0.82),
            recipe(90, 0.012, 0.86, 1.0),
            "marble",
            trim="gold",
            texture_calm=0.6,
        ),
        UIMaterial(
            "bronze",
            ("bronze", "copper", "brass", "steampunk", "clockwork"),
            recipe(55, 0.10, 0.56),
            recipe(50, 0.06, 0.36, 1.1),
            "metal plates",
            trim="bronze",
            corner="rivets",
            dark_content=True,
            engrave=True,
        ),
        UIMaterial(
            "silver",
            ("silver", "chrome", "platinum", "mithril"),
            recipe(250, 0.015, 0.72),
            recipe(255, 0.03, 0.34, 1.1),
            "metal plates",
            trim="silver",
            corner="gems",
            dark_content=True,
        ),
        UIMaterial(
            "cloth",
            ("cloth", "fabric", "velvet", "silk", "banner", "tapestry", "carpet"),
            recipe(25, 0.12, 0.42),
            recipe(22, 0.11, 0.38, 1.1),
            "carpet",
            trim="gold",
            dark_content=True,
        ),
        UIMaterial(
            "nature",
            (
                "nature",
                "leaf",
                "leafy",
                "vine",
                "vines",
                "forest",
                "druid",
                "elven",
                "elvish",
                "moss",
                "grass",
            ),
            recipe(60, 0.06, 0.40),
            recipe(135, 0.09, 0.46, 1.1),
            "leaves",
            corner="knobs",
            texture_calm=0.6,
        ),
        UIMaterial(
            "lava",
            ("lava", "fire", "fiery", "volcanic", "molten", "magma", "hell", "flame"),
            recipe(30, 0.03, 0.30),
            recipe(35, 0.14, 0.40, 1.2),
            "lava",
            trim="ember glow",
            corner="gems",
            texture_calm=0.62,
            dark_content=True,
        ),
    )
}

#: Lexicon materials (terrain) -> the UI material whose frame suits them.
FROM_LEXICON = {
    "wood planks": "wood",
    "bark": "wood",
    "hay": "wood",
    "stone": "stone",
    "rock": "stone",
    "cobblestone": "stone",
    "stone brick": "stone",
    "brick": "stone",
    "floor tiles": "stone",
    "metal plates": "iron",
    "rust": "iron",
    "road": "iron",
    "gold": "gold",
    "silver": "silver",
    "copper": "bronze",
    "parchment": "parchment",
    "sand": "parchment",
    "crystal": "crystal",
    "ice": "ice",
    "snow": "ice",
    "obsidian": "obsidian",
    "volcanic rock": "obsidian",
    "marble": "marble",
    "fabric": "cloth",
    "carpet": "cloth",
    "lava": "lava",
}


@dataclass(frozen=True)
class Metal:
    """A trim: a metallic ramp recipe, or a glowing line."""

    recipe: Recipe
    glow: bool = False


METALS: dict[str, Metal] = {
    "gold": Metal(recipe(88, 0.13, 0.70, 2.1)),
    "silver": Metal(recipe(255, 0.015, 0.72, 2.0)),
    "iron": Metal(recipe(255, 0.02, 0.55, 1.9)),
    "bronze": Metal(recipe(58, 0.10, 0.60, 1.9)),
    "copper": Metal(recipe(45, 0.11, 0.58, 1.9)),
    "cyan glow": Metal(recipe(205, 0.12, 0.75, 1.6), glow=True),
    "violet glow": Metal(recipe(305, 0.16, 0.65, 1.6), glow=True),
    "ember glow": Metal(recipe(55, 0.16, 0.70, 1.6), glow=True),
    "green glow": Metal(recipe(145, 0.16, 0.75, 1.6), glow=True),
}
METAL_WORDS = {
    "gold": "gold",
    "golden": "gold",
    "gilded": "gold",
    "silver": "silver",
    "chrome": "silver",
    "platinum": "silver",
    "iron": "iron",
    "steel": "iron",
    "metal": "iron",
    "bronze": "bronze",
    "brass": "bronze",
    "copper": "copper",
}
TRIM_NOUNS = {
    "trim",
    "trims",
    "border",
    "borders",
    "edge",
    "edges",
    "edging",
    "corners",
    "rim",
    "frame",
    "inlay",
    "accents",
    "accent",
    "rivets",
    "studs",
    "filigree",
}
