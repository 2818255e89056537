"""A scene description read into a setting, a time of day, a weather and named props.

"forest clearing at night" -> forest, night, clear; "dungeon corridor with torches" ->
dungeon (indoors), torches on the walls; "desert town at sunset" -> town (a settlement
word decides the setting, else the first place word), sunset, on the desert's land: its
sand underfoot and its dunes behind the houses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = [
    "PLACE_WORDS",
    "SETTINGS",
    "TIMES",
    "WEATHERS",
    "SceneSpec",
    "read_scene",
    "setting_of",
]

#: Place words: each names the setting a scene is composed as.
PLACE_WORDS: dict[str, str] = {
    "forest": "forest",
    "woods": "forest",
    "woodland": "forest",
    "clearing": "forest",
    "jungle": "forest",
    "grove": "forest",
    "desert": "desert",
    "dunes": "desert",
    "oasis": "desert",
    "town": "town",
    "village": "town",
    "city": "town",
    "street": "town",
    "market": "town",
    "harbor": "town",
    "harbour": "town",
    "dungeon": "dungeon",
    "corridor": "dungeon",
    "crypt": "dungeon",
    "tomb": "dungeon",
    "hall": "dungeon",
    "castle": "dungeon",
    "cave": "cave",
    "cavern": "cave",
    "mine": "cave",
    "station": "space",
    "spaceship": "space",
    "starship": "space",
    "beach": "beach",
    "coast": "beach",
    "shore": "beach",
    "sea": "beach",
    "ocean": "beach",
    "island": "beach",
    "mountains": "mountains",
    "mountain": "mountains",
    "peaks": "mountains",
    "valley": "mountains",
    "landscape": "plains",
    "meadow": "plains",
    "field": "plains",
    "fields": "plains",
    "plains": "plains",
    "farm": "plains",
    "countryside": "plains",
    "hills": "plains",
    "tundra": "snowfield",
    "snowfield": "snowfield",
    "glacier": "snowfield",
    "swamp": "swamp",
    "marsh": "swamp",
    "bog": "swamp",
    "graveyard": "graveyard",
    "cemetery": "graveyard",
}

TIMES: dict[str, str] = {
    "dawn": "dawn",
    "sunrise": "dawn",
    "morning": "day",
    "day": "day",
    "daytime": "day",
    "noon": "day",
    "afternoon": "day",
    "sunny": "day",
    "sunset": "sunset",
    "evening": "sunset",
    "golden hour": "sunset",
    "dusk": "dusk",
    "twilight": "dusk",
    "night": "night",
    "midnight": "night",
    "moonlit": "night",
    "moonlight": "night",
    "starry": "night",
    "dark": "night",
}
WEATHERS: dict[str, str] = {
    "rain": "rain",
    "rainy": "rain",
    "raining": "rain",
    "storm": "storm",
    "stormy": "storm",
    "thunderstorm": "storm",
    "snow": "snow",
    "snowy": "snow",
    "snowing": "snow",
    "winter": "snow",
    "blizzard": "snow",
    "fog": "fog",
    "foggy": "fog",
    "mist": "fog",
    "misty": "fog",
    "haze": "fog",
    "cloudy": "cloudy",
    "clouds": "cloudy",
    "overcast": "cloudy",
}
#: Settings composed indoors (a back wall instead of a sky).
INDOOR = frozenset({"dungeon", "cave", "space"})
SETTINGS = frozenset(PLACE_WORDS.values())
#: Props a description may name, singular -> the subject engine's prop kind.
PROP_WORDS: dict[str, str] = {
    "torch": "torch",
    "torches": "torch",
    "campfire": "campfire",
    "fire": "campfire",
    "lantern": "lantern",
    "lanterns": "lantern",
    "lamp": "street lamp",
    "lamps": "street lamp",
    "barrel": "barrel",
    "barrels": "barrel",
    "crate": "crate",
    "crates": "crate",
    "chest": "chest",
    "treasure": "chest",
    "well": "well",
    "fountain": "fountain",
    "cactus": "cactus",
    "cacti": "cactus",
    "palm": "palm",
    "palms": "palm",
    "tent": "tent",
    "cart": "cart",
    "statue": "statue",
    "gravestone": "gravestone",
    "gravestones": "gravestone",
    "graves": "gravestone",
    "mushroom": "mushroom",
    "mushrooms": "mushroom",
    "rocks": "rock",
    "rock": "rock",
    "boulder": "rock",
    "bones": "bones",
    "skulls": "skull",
    "pillar": "pillar",
    "pillars": "pillar",
    "columns": "pillar",
    "crystals": "crystal",
    "crystal": "crystal",
    "terminal": "terminal",
    "terminals": "terminal",
    "fence": "fence",
    "signpost": "signpost",
    "sign": "sign",
    "flowers": "flowers",
    "bench": "bench",
    "banner": "banner",
    "banners": "banner",
    "stump": "stump",
    "log": "log",
    "tree": "tree",
    "trees": "tree",
    "pine": "pine",
    "pines": "pine",
}
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class SceneSpec:
    """What a scene holds."""

    setting: str
    time: str = "day"
    weather: str = "clear"
    props: tuple[str, ...] = ()
    window: bool = False  # a window onto space or the night (space stations)
    text: str = ""
    understood: list[tuple[str, str]] = field(default_factory=list)
    #: The land a settlement stands on ("desert town": desert), else None.
    land: str | None = None

    @property
    def indoor(self) -> bool:
        return self.setting in INDOOR

    def to_dict(self) -> dict[str, object]:
        return {
            "setting": self.setting,
            "time": self.time,
            "weather": self.weather,
            "props": list(self.props),
            "indoor": self.indoor,
            "land": self.land,
            "understood": [{"words": w, "meaning": m} for w, m in self.understood],
        }


def setting_of(places: list[str]) -> str | None:
    """The setting named by a description's place readings (in order): a settlement
    when one is named (it is what is built), else the first place."""
    return "town" if "town" in places else (places[0] if places else None)


def read_scene(text: str, setting: str | None = None) -> SceneSpec:
    """Read a scene description (``setting`` when the caller already knows it)."""
    low = text.lower()
    words = _WORD.findall(low)
    understood: list[tuple[str, str]] = []
    places = [PLACE_WORDS[w] for w in words if w in PLACE_WORDS]
    for w in words:
        if w in PLACE_WORDS:
            understood.append((w, f"place: {PLACE_WORDS[w]}"))
    # A settlement names what is built; another place word, the land it is built on.
    place = setting_of(places) or setting or "plains"
    land = next((p for p in places if p != "town" and p not in INDOOR), None)
    land = land if place == "town" else None
    time = "night" if place in ("space",) else "day"
    for phrase, t in TIMES.items():
        if re.search(rf"\b{phrase}\b", low):
            time = t
            understood.append((phrase, f"time of day: {t}"))
            break
    weather = "clear"
    for phrase, wx in WEATHERS.items():
        if re.search(rf"\b{phrase}\b", low):
            weather = wx
            understood.append((phrase, f"weather: {wx}"))
            break
    props: list[str] = []
    for w in words:
        kind = PROP_WORDS.get(w)
        if kind and kind not in props:
            props.append(kind)
            understood.append((w, f"prop: {kind}"))
    window = place == "space" or "window" in words
    return SceneSpec(place, time, weather, tuple(props), window, text, understood, land)
