"""The material lexicon: every material the engine draws, its colour recipe and its words.

A :class:`Material` names the drawing routine (``family`` module and ``pattern`` in it), the
OKLCH recipe of its mid tone (``hue``, ``chroma``, ``lightness``; ``contrast`` scales the
lightness step between ramp shades), the features it carries by default, and the words that
mean it. ``aliases`` are matched literally by :mod:`pixelkiln.engine.text`; ``about`` is a
plain sentence only the embedding model reads, so descriptions that use none of the aliases
("verdant meadow") still find their material.

OKLCH hues for orientation: red ~25, orange ~55, yellow ~105, green ~140, cyan ~205,
blue ~260, violet ~300, pink ~350. Browns are dark, low-chroma oranges.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MATERIALS", "MATERIAL_KEYS", "Material", "get_material"]


@dataclass(frozen=True)
class Material:
    """One drawable material and its colour recipe."""

    key: str
    family: str
    pattern: str
    hue: float
    chroma: float
    lightness: float
    contrast: float = 1.0
    aliases: tuple[str, ...] = ()
    about: str = ""
    features: tuple[str, ...] = ()


def _m(
    key: str, family: str, pattern: str, hcl: tuple[float, float, float], **kw: object
) -> Material:
    return Material(key, family, pattern, hcl[0], hcl[1], hcl[2], **kw)  # type: ignore[arg-type]


# fmt: off
_ALL: tuple[Material, ...] = (
    # vegetation
    _m("grass", "vegetation", "blades", (136, 0.13, 0.60),
       aliases=("grass", "grassy ground", "lawn", "turf"),
       about="a green grassy meadow, lawn or pasture"),
    _m("dry grass", "vegetation", "dry_blades", (95, 0.085, 0.70),
       aliases=("dry grass", "dead grass", "withered grass", "yellow grass", "steppe", "savanna",
                "savannah"),
       about="dry yellow grass of a savanna or a wheat field in late summer"),
    _m("moss", "vegetation", "moss", (128, 0.11, 0.54),
       aliases=("moss", "mossy ground", "lichen"),
       about="soft green moss covering the ground"),
    _m("leaves", "vegetation", "leaves", (140, 0.12, 0.52),
       aliases=("leaves", "foliage", "leaf pile", "hedge", "bush"),
       about="dense green tree leaves and shrubs"),
    _m("flowers", "vegetation", "blades", (138, 0.13, 0.60),
       aliases=("flowers", "flower field", "flower bed", "wildflowers", "blossoms", "garden"),
       about="colorful flowers in bloom", features=("flowers",)),
    _m("jungle", "vegetation", "leaves", (152, 0.12, 0.45),
       aliases=("jungle", "rainforest", "tropical forest"),
       about="dense tropical rainforest vegetation with huge leaves"),
    _m("swamp", "vegetation", "swamp", (112, 0.07, 0.45),
       aliases=("swamp", "bog", "marsh", "wetland", "fen"),
       about="murky swamp with stagnant water, mud and reeds", features=("puddles",)),
    _m("forest floor", "vegetation", "forest_floor", (62, 0.06, 0.46),
       aliases=("forest floor", "forest ground", "woodland floor", "leaf litter"),
       about="the floor of a forest with fallen leaves and twigs", features=("leaves", "twigs")),
    _m("hay", "vegetation", "hay", (88, 0.11, 0.74),
       aliases=("hay", "straw", "thatch", "haystack"),
       about="dried hay and straw in a barn"),
    # soil
    _m("dirt", "soil", "dirt", (62, 0.065, 0.50),
       aliases=("dirt", "soil", "earth", "ground", "topsoil"),
       about="brown dirt and soil ground", features=("pebbles",)),
    _m("mud", "soil", "mud", (58, 0.05, 0.40),
       aliases=("mud", "muddy ground", "sludge", "mire"),
       about="wet brown mud with puddles", features=("puddles",)),
    _m("sand", "soil", "sand", (86, 0.075, 0.80),
       aliases=("sand", "sandy ground", "desert", "dunes", "sand dunes", "beach sand", "sandy"),
       about="yellow desert sand with wind ripples"),
    _m("wet sand", "soil", "wet_sand", (76, 0.06, 0.62),
       aliases=("wet sand", "damp sand", "shore sand", "tidal flat"),
       about="dark wet sand at the shoreline", features=("shells",)),
    _m("gravel", "soil", "gravel", (70, 0.012, 0.60),
       aliases=("gravel", "pebbles", "shingle", "pebble beach", "scree"),
       about="loose small grey gravel stones"),
    _m("ash", "soil", "ash", (290, 0.008, 0.56),
       aliases=("ash", "ashes", "cinders", "soot", "ash ground", "embers", "coals", "hot coals"),
       about="grey volcanic ash and cinders after a fire"),
    _m("clay", "soil", "clay", (45, 0.09, 0.58),
       aliases=("clay", "adobe", "red clay"),
       about="dried reddish clay ground", features=("cracks",)),
    _m("dirt path", "soil", "dirt", (66, 0.06, 0.60),
       aliases=("dirt path", "dirt road", "trail", "footpath", "path", "country road"),
       about="a trodden dirt path with small stones", features=("pebbles",)),
    # liquids and ice
    _m("shallow water", "liquid", "shallow_water", (212, 0.1, 0.70), contrast=1.1,
       aliases=("shallow water", "water", "pond", "stream", "river", "creek", "lagoon"),
       about="clear shallow water with gentle ripples"),
    _m("deep water", "liquid", "deep_water", (256, 0.11, 0.44), contrast=1.1,
       aliases=("deep water", "ocean", "sea", "deep sea", "open sea"),
       about="dark blue deep ocean water with waves"),
    _m("ice", "liquid", "ice", (225, 0.06, 0.82), contrast=1.1,
       aliases=("ice", "frozen lake", "frozen water", "frozen pond", "glacier", "ice sheet"),
       about="frozen ice surface, cold glacier"),
    _m("lava", "liquid", "lava", (42, 0.17, 0.55), contrast=1.45,
       aliases=("lava", "magma", "molten", "molten rock", "molten stone", "lava flow"),
       about="glowing hot molten lava with a dark crust"),
    _m("acid", "liquid", "acid", (135, 0.19, 0.74), contrast=1.2,
       aliases=("acid", "toxic", "poison", "slime", "toxic waste", "acid pool", "radioactive"),
       about="bubbling toxic green acid", features=("bubbles",)),
    # stone
    _m("stone", "stone", "stone", (262, 0.012, 0.60),
       aliases=("stone", "stone floor", "flagstone", "slate", "stone ground"),
       about="flat grey natural stone slabs"),
    _m("rock", "stone", "rock", (60, 0.022, 0.52),
       aliases=("rock", "rocky ground", "boulder", "cliff", "bedrock", "rocks"),
       about="rough rugged rock surface of a cliff"),
    _m("cobblestone", "stone", "cobble", (250, 0.014, 0.58),
       aliases=("cobblestone", "cobblestones", "cobbles", "cobble", "cobbled street"),
       about="a street paved with rounded cobblestones and mortar"),
    _m("marble", "stone", "marble", (90, 0.012, 0.86),
       aliases=("marble", "marble floor"),
       about="polished white marble with grey veins"),
    _m("volcanic rock", "stone", "volcanic", (330, 0.02, 0.34), contrast=1.1,
       aliases=("volcanic rock", "basalt", "volcanic", "volcano"),
       about="dark volcanic basalt rock with glowing cracks"),
    _m("crystal", "stone", "crystal", (305, 0.14, 0.62), contrast=1.35,
       aliases=("crystal", "crystals", "gem", "gems", "amethyst", "quartz", "geode"),
       about="shining faceted purple crystals and gemstones", features=("sparkles",)),
    _m("obsidian", "stone", "obsidian", (295, 0.045, 0.26), contrast=1.2,
       aliases=("obsidian", "black glass", "volcanic glass"),
       about="glossy black obsidian glass"),
    _m("coral", "stone", "coral", (28, 0.12, 0.68),
       aliases=("coral", "reef", "coral reef"),
       about="pink coral reef under the sea"),
    # masonry
    _m("brick", "masonry", "brick", (35, 0.11, 0.50),
       aliases=("brick", "bricks", "brick wall", "red brick", "brickwork"),
       about="a wall of red clay bricks laid in courses"),
    _m("stone brick", "masonry", "stone_brick", (260, 0.015, 0.56),
       aliases=("stone brick", "stone bricks", "stone wall", "castle wall", "masonry",
                "stone blocks", "dungeon wall"),
       about="grey castle wall of cut stone blocks"),
    _m("floor tiles", "masonry", "floor_tiles", (75, 0.03, 0.74),
       aliases=("floor tiles", "tiles", "tile floor", "tiled floor", "ceramic tiles"),
       about="square ceramic floor tiles with grout"),
    _m("roof tiles", "masonry", "roof", (38, 0.12, 0.52),
       aliases=("roof tiles", "tiled roof", "roof", "shingles", "roofing", "rooftop"),
       about="rows of overlapping terracotta roof tiles"),
    # metals
    _m("metal plates", "metal", "metal_plates", (250, 0.02, 0.62), contrast=1.2,
       aliases=("metal plates", "metal", "steel", "iron", "metal floor", "plating",
                "steel plates", "iron plates", "sheet metal"),
       about="riveted steel floor plates"),
    # crafted surfaces
    _m("wood planks", "crafted", "planks", (62, 0.08, 0.56),
       aliases=("wood planks", "planks", "wooden floor", "wood", "wooden", "boards",
                "floorboards", "wooden planks", "plank floor", "timber", "deck"),
       about="wooden floor boards with grain and nails"),
    _m("carpet", "crafted", "carpet", (22, 0.13, 0.45),
       aliases=("carpet", "rug", "carpeted floor"),
       about="a red patterned woven carpet"),
    _m("road", "crafted", "asphalt", (262, 0.008, 0.38),
       aliases=("road", "asphalt", "tarmac", "pavement", "street"),
       about="dark grey asphalt road surface"),
    _m("fabric", "crafted", "fabric", (262, 0.08, 0.55),
       aliases=("fabric", "cloth", "textile", "plaid", "tartan", "linen", "wool"),
       about="woven plaid cloth"),
    _m("parchment", "crafted", "parchment", (84, 0.05, 0.86),
       aliases=("parchment", "paper", "scroll", "old paper"),
       about="old yellowed parchment paper"),
    # snow and sky
    _m("snow", "sky", "snow", (250, 0.045, 0.9),
       aliases=("snow", "snowy ground", "snowfield", "fresh snow", "snowdrift", "slush",
                "wet snow"),
       about="white fresh snow with blue shadows", features=("sparkles",)),
    _m("cloud", "sky", "cloud", (255, 0.02, 0.88),
       aliases=("cloud", "clouds", "cloud tops"),
       about="fluffy white clouds"),
    _m("sky", "sky", "sky", (242, 0.1, 0.74),
       aliases=("sky", "blue sky", "skies"),
       about="clear blue sky with a few small clouds"),
    # vegetation
    _m("bark", "vegetation", "bark", (55, 0.05, 0.42),
       aliases=("bark", "tree bark", "tree trunk", "log"),
       about="rough brown tree bark"),
    # metals
    _m("gold", "metal", "hammered", (88, 0.13, 0.76), contrast=1.3,
       aliases=("gold", "gold plating", "treasure", "gold coins", "gilded"),
       about="shiny yellow gold metal", features=("sparkles",)),
    _m("silver", "metal", "hammered", (250, 0.015, 0.78), contrast=1.3,
       aliases=("silver", "chrome", "platinum"),
       about="polished shiny silver metal", features=("sparkles",)),
    _m("copper", "metal", "hammered", (50, 0.11, 0.62), contrast=1.2,
       aliases=("copper", "bronze", "brass"),
       about="hammered orange copper metal"),
    _m("rust", "metal", "metal_plates", (45, 0.09, 0.50),
       aliases=("rust", "rusted metal", "rusty metal", "corroded metal"),
       about="old corroded rusted iron", features=("rust",)),
)
# fmt: on

MATERIALS: dict[str, Material] = {m.key: m for m in _ALL}
MATERIAL_KEYS: tuple[str, ...] = tuple(MATERIALS)


def get_material(key: str) -> Material:
    """The material called ``key`` (KeyError with the known keys otherwise)."""
    try:
        return MATERIALS[key]
    except KeyError:
        msg = f"unknown material {key!r}; known: {', '.join(MATERIAL_KEYS)}"
        raise KeyError(msg) from None
