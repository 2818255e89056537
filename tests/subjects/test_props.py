"""Props: every kind builds, renders crisply in every view and direction, varies with its
seed, changes with its conditions, and animates with the prop motions."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from pixelkiln.engine.subjects.build import Builder
from pixelkiln.engine.subjects.camera import DIRECTIONS, VIEWS
from pixelkiln.engine.subjects.colors import MATERIAL_PAINTS, MATERIAL_WORDS
from pixelkiln.engine.subjects.draw import draw_directions, draw_motion
from pixelkiln.engine.subjects.fit import fit_prop
from pixelkiln.engine.subjects.items import add_item
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import pose_for
from pixelkiln.engine.subjects.motion.props import PROP_MOTIONS
from pixelkiln.engine.subjects.motion.templates import motion_for, templates_for
from pixelkiln.engine.subjects.paints import build_palette
from pixelkiln.engine.subjects.props import PROP_KINDS, build_prop, prop_spec
from pixelkiln.engine.subjects.render import render
from pixelkiln.engine.subjects.spec import SubjectSpec
from pixelkiln.engine.subjects.style import SubjectStyle

KINDS = sorted(PROP_KINDS)
STYLE = SubjectStyle()
RICH = SubjectStyle(outline="selective outline", shading="detailed shading")
REQUIRED = (
    "chest",
    "barrel",
    "crate",
    "sack",
    "pot",
    "table",
    "chair",
    "bed",
    "bookshelf",
    "lamp",
    "torch",
    "lantern",
    "campfire",
    "sign",
    "fence",
    "gate",
    "well",
    "statue",
    "pillar",
    "tree",
    "pine",
    "palm",
    "dead tree",
    "birch",
    "willow",
    "bush",
    "rock",
    "crystal",
    "mushroom",
    "cactus",
    "log",
    "stump",
    "potion",
    "sword",
    "shield",
    "bow",
    "key",
    "coins",
    "gem",
    "scroll",
    "book",
    "anvil",
    "cart",
    "tent",
    "banner",
    "gravestone",
    "altar",
    "door",
    "ladder",
)
STATES = {
    "open",
    "closed",
    "lit",
    "unlit",
    "full",
    "empty",
    "damaged",
    "broken",
    "snowy",
    "burning",
}


@cache
def model_of(kind: str, seed: int = 3, conditions: tuple[str, ...] = ()) -> Model:
    return build_prop(prop_spec(kind, seed, conditions=conditions))


def outline_mask(sprite, style: SubjectStyle = STYLE) -> np.ndarray:
    """Pixels of the silhouette's outline: opaque pixels with a transparent 4-neighbour."""
    opaque = sprite.index > 0
    pad = np.pad(opaque, 1)
    h, w = opaque.shape
    near_empty = np.zeros_like(opaque)
    for dy, dx in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        near_empty |= ~pad[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]
    return opaque & near_empty


def stray_share(sprite) -> float:
    """Opaque pixels with no same-colour 8-neighbour, outline excluded, over all opaque."""
    idx = sprite.index.astype(np.int64)
    h, w = idx.shape
    pad = np.pad(idx, 1, constant_values=-1)
    same = np.zeros((h, w), bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                same |= pad[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == idx
    inner = (idx > 0) & ~outline_mask(sprite)
    return float((inner & ~same).sum()) / max(int((idx > 0).sum()), 1)


# the registry --------------------------------------------------------------------------
def test_the_library_is_large_and_has_every_required_kind() -> None:
    assert len(PROP_KINDS) >= 55
    missing = [k for k in REQUIRED if k not in PROP_KINDS]
    assert not missing
    families = {k.family for k in PROP_KINDS.values()}
    assert {
        "containers",
        "furniture",
        "lights",
        "nature",
        "structures",
        "treasure",
        "items",
        "scifi",
    } <= families


@pytest.mark.parametrize("kind", KINDS)
def test_kind_records_route_words_to_roles(kind: str) -> None:
    pk = PROP_KINDS[kind]
    assert pk.words and pk.about.endswith(".")
    assert pk.main_role in pk.roles
    assert set(pk.roles) == set(pk.paints)
    assert set(pk.conditions) <= STATES
    assert set(pk.motions) <= set(PROP_MOTIONS)
    assert "idle" in pk.motions
    model = model_of(kind)
    assert model.kind == "prop" and model.plan == kind and model.grid_aligned
    assert model.height > 0
    # Every role a part uses is documented (or is one the conditions add).
    assert set(model.roles) <= set(pk.roles) | {"snow", "crack", "flame"}


def test_each_word_names_one_kind_and_no_material() -> None:
    owner: dict[str, str] = {}
    for name, pk in PROP_KINDS.items():
        for word in (name, *pk.words):
            assert owner.setdefault(word, name) == name, (word, name, owner[word])
            # A material word ("stone", "gold") must stay free for "a stone well".
            assert word not in MATERIAL_WORDS or word == name, word


# rendering -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_renders_every_view_and_direction(kind: str) -> None:
    model = model_of(kind)
    for size in (32, 64):
        for view in VIEWS.values():
            camera = fit_prop(model, (size, size), view)
            sprites = draw_directions(model, camera, STYLE)
            assert list(sprites) == list(DIRECTIONS)
            spans = []
            palette = None
            for sprite in sprites.values():
                assert sprite.index.shape == (size, size)
                opaque = sprite.index > 0
                assert opaque.sum() > 12, (kind, size, view.name)
                # Nothing but the outline may reach the border: the fit keeps a pixel.
                body = opaque & ~outline_mask(sprite)
                assert not body[0].any() and not body[-1].any(), (kind, size, view.name)
                assert not body[:, 0].any() and not body[:, -1].any(), (kind, size, view.name)
                ys, xs = np.nonzero(opaque)
                spans.append(max(ys.max() - ys.min() + 1, xs.max() - xs.min() + 1))
                # One palette for the whole set.
                if palette is None:
                    palette = sprite.palette
                assert sprite.palette is palette
                assert len(np.unique(sprite.index)) - 1 <= 24
            # The canvas is used: the widest or tallest direction spans most of it. A prop
            # that opens is fitted with its open pose too (a gate's swung leaf, an open
            # book), so at rest it takes less of the canvas.
            share = 0.5 if model.info.get("fit_poses") else 0.72
            assert max(spans) >= size * share, (kind, size, view.name, max(spans))


@pytest.mark.parametrize("kind", KINDS)
def test_sprites_are_clusters_not_noise(kind: str) -> None:
    model = model_of(kind)
    for style in (STYLE, RICH):
        camera = fit_prop(model, (48, 48), VIEWS["high top-down"])
        for sprite in draw_directions(model, camera, style).values():
            assert stray_share(sprite) < 0.06, kind
            assert len(np.unique(sprite.index)) - 1 <= 24, kind


# determinism and variety -----------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_pixels_and_seeds_vary(kind: str) -> None:
    a = build_prop(prop_spec(kind, 11))
    b = build_prop(prop_spec(kind, 11))
    cam = fit_prop(a, (32, 32), VIEWS["isometric"])
    ra, rb = draw_directions(a, cam, STYLE), draw_directions(b, cam, STYLE)
    for d in DIRECTIONS:
        assert np.array_equal(ra[d].index, rb[d].index)
    params = {tuple(sorted(prop_spec(kind, s).params.items())) for s in range(6)}
    assert len(params) > 1  # every kind has seeded variation (at least its layout)
    drawn = {k for k in prop_spec(kind, 0).params if k != "layout"}
    if drawn:
        shapes = {tuple(prop_spec(kind, s).params[k] for k in sorted(drawn)) for s in range(6)}
        assert len(shapes) > 1


def test_spec_round_trips_through_json_data() -> None:
    spec = prop_spec(
        "chest", 5, "an open golden chest", materials={"body": "gold"}, conditions=("open",)
    )
    again = SubjectSpec.from_dict(spec.to_dict())
    a, b = build_prop(spec), build_prop(again)
    assert a.parts == b.parts and a.paints == b.paints


def test_colours_and_materials_land_on_roles() -> None:
    gold = prop_spec("chest", 1, materials={"body": "golden"})
    assert gold.paints["body"] == MATERIAL_PAINTS["gold"]
    red = prop_spec("banner", 1, colors={"*": "red"})
    base = prop_spec("banner", 1)
    assert red.paints["cloth"] != base.paints["cloth"]
    assert red.paints["pole"] == base.paints["pole"]
    tree = prop_spec("tree", 1, colors={"body": "orange"})  # "body" means the main role
    assert tree.paints["leaves"] != prop_spec("tree", 1).paints["leaves"]
    with pytest.raises(ValueError, match="no role"):
        prop_spec("chest", 1, colors={"wheels": "red"})
    with pytest.raises(ValueError, match="unknown prop kind"):
        prop_spec("spaceship", 1)


def test_unknown_conditions_are_ignored() -> None:
    assert model_of("crate", 3, ("frozen", "glowing")).parts == model_of("crate", 3).parts


def test_item_props_are_the_held_items_geometry() -> None:
    model = model_of("sword")
    b = Builder("prop", "probe")
    b.joint("j", None, (0, 0, 0))
    add_item(b, "sword", "j", 1.0)
    held = {p.name: p.shape for p in b.parts}
    shown = {p.name: p.shape for p in model.parts if p.name in held}
    assert shown == held


# conditions ------------------------------------------------------------------------------
def _pixels(model: Model, view: str = "high top-down", size: int = 48) -> list[np.ndarray]:
    cam = fit_prop(model, (size, size), VIEWS[view])
    return [s.rgba() for s in draw_directions(model, cam, STYLE).values()]


def _glow_colours(model: Model) -> set[tuple[int, ...]]:
    cam = fit_prop(model, (48, 48), VIEWS["high top-down"])
    palette = build_palette(model, STYLE)
    glow = {r for r, p in model.paints.items() if p.finish == "glow"}
    out: set[tuple[int, ...]] = set()
    for sprite in draw_directions(model, cam, STYLE, palette).values():
        roles = sprite.roles
        for i, name in enumerate(sprite.role_names):
            if name in glow:
                cols = sprite.index[roles == i]
                out |= {tuple(palette.colors[c]) for c in np.unique(cols) if c}
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_every_condition_changes_the_picture(kind: str) -> None:
    conds = PROP_KINDS[kind].conditions
    base = _pixels(model_of(kind))
    for cond in conds:
        # Contents show through an open lid: compare full and empty opened.
        extra = ("open",) if cond in ("full", "empty") and "open" in conds else ()
        other = _pixels(model_of(kind, 3, (*extra, cond)))
        opposite = {"closed": "open", "unlit": "lit", "empty": "full"}.get(cond)
        if opposite is not None:  # closed/unlit/empty: compare with the other state
            other_state = _pixels(model_of(kind, 3, (*extra, opposite)))
            assert any(not np.array_equal(a, b) for a, b in zip(other, other_state, strict=True)), (
                kind,
                cond,
            )
            continue
        if cond in ("open", "lit", "full"):
            flip = {"open": "closed", "lit": "unlit", "full": "empty"}[cond]
            if flip in PROP_KINDS[kind].conditions:
                continue  # checked from the other side above
        assert any(not np.array_equal(a, b) for a, b in zip(base, other, strict=True)), (kind, cond)


def test_open_chest_differs_and_lit_torch_glows() -> None:
    closed = _pixels(model_of("chest", 2, ("closed",)))
    opened = _pixels(model_of("chest", 2, ("open",)))
    assert all(not np.array_equal(a, b) for a, b in zip(closed, opened, strict=True))
    lit, unlit = model_of("torch", 2, ("lit",)), model_of("torch", 2, ("unlit",))
    assert _glow_colours(lit) and not _glow_colours(unlit)
    assert "flames" in lit.info and "flames" not in unlit.info
    assert _glow_colours(model_of("lantern", 2)) and not _glow_colours(
        model_of("lantern", 2, ("unlit",))
    )


def test_snow_and_fire_sit_on_top() -> None:
    snowy = model_of("crate", 4, ("snowy",))
    body = snowy.part("body")
    snow = [b for b in body.bands if b.role == "snow"]
    assert snow and snow[0].z is not None and snow[0].z[1] > 1.0  # the top face and its rim
    burning = model_of("barrel", 4, ("burning",))
    flames = [p for p in burning.parts if p.role == "flame"]
    assert flames and burning.info["flames"]
    assert burning.height > model_of("barrel", 4).height


def test_broken_and_damaged_props_lose_or_crack_parts() -> None:
    assert len(model_of("chair", 5, ("broken",)).parts) <= len(model_of("chair", 5).parts)
    cracked = model_of("table", 5, ("damaged",))
    assert any(b.role == "crack" for p in cracked.parts for b in p.bands)
    pot = model_of("pot", 5, ("broken",))
    assert pot.height < model_of("pot", 5).height
    assert any(p.name.startswith("shard") for p in pot.parts)


# motions ---------------------------------------------------------------------------------
def test_prop_templates_are_registered() -> None:
    found = templates_for("prop")
    assert set(PROP_MOTIONS) <= set(found)
    for mid, t in found.items():
        assert t.about and t.plan == "prop" and t.starts_at_rest, mid
    assert not found["open"].loop and found["open"].ends_down
    assert all(found[m].loop for m in ("flicker", "wave", "sway", "spin", "pulse", "idle"))


@pytest.mark.parametrize(
    ("kind", "mid"), [(k, m) for k in KINDS for m in PROP_KINDS[k].motions], ids=str
)
def test_every_motion_renders_from_rest_and_loops(kind: str, mid: str) -> None:
    model = model_of(kind)
    motion = motion_for(model, mid)
    assert motion.frames == templates_for("prop")[mid].frames
    camera = fit_prop(model, (32, 32), VIEWS["low top-down"])
    palette = build_palette(model, STYLE)
    frames = draw_motion(model, motion, camera, STYLE, palette, directions=("south", "east"))
    rest = draw_directions(model, camera, STYLE, palette, directions=("south", "east"))
    for d, sprites in frames.items():
        assert len(sprites) == motion.frames
        assert np.array_equal(sprites[0].index, rest[d].index), (kind, mid, d)
    if motion.loop:
        end = render(model, pose_for(model, motion.sample(1.0)), "south", camera, STYLE, palette)
        assert np.array_equal(end.index, frames["south"][0].index)
    if mid != "idle" or model.info.get("flames") or model.info.get("sway"):
        moved = [not np.array_equal(s.index, frames["south"][0].index) for s in frames["south"][1:]]
        big = fit_prop(model, (64, 64), VIEWS["low top-down"])
        if not any(moved):  # small motions may hide at 32 px: look closer
            more = draw_motion(model, motion, big, STYLE, palette, directions=("south",))
            moved = [not np.array_equal(s.index, more["south"][0].index) for s in more["south"][1:]]
        assert any(moved), (kind, mid)


def test_frame_counts_follow_a_requested_count() -> None:
    model = model_of("flag")
    assert motion_for(model, "wave", 12).frames == 12


@pytest.mark.parametrize(
    ("kind", "mid"),
    [
        ("crate", "open"),
        ("crate", "flicker"),
        ("crate", "wave"),
        ("crate", "sway"),
        ("crate", "spin"),
        ("crate", "pulse"),
        ("torch", "open"),
    ],
)
def test_motions_refuse_props_without_the_joint(kind: str, mid: str) -> None:
    with pytest.raises(ValueError, match=r"cannot|already"):
        motion_for(model_of(kind), mid)


def test_open_motion_refuses_an_open_prop_and_unlit_cannot_flicker() -> None:
    with pytest.raises(ValueError, match="already open"):
        motion_for(model_of("chest", 3, ("open",)), "open")
    with pytest.raises(ValueError, match="cannot flicker"):
        motion_for(model_of("campfire", 3, ("unlit",)), "flicker")
    assert motion_for(model_of("crate", 3, ("burning",)), "flicker").loop
