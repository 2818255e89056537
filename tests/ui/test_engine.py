"""The UI engine: geometry, transparency, nine-slice, light, trims, themes, determinism."""

from __future__ import annotations

import numpy as np
import pytest

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.imageio import encode_png
from pixelkiln.engine.ui import (
    PanelSpec,
    PieceSpec,
    UIDrawError,
    nine_slice_holds,
    render_panel,
    virtual_canvas,
)
from pixelkiln.engine.ui.elements import BUILDERS, build_element
from pixelkiln.engine.ui.shapes import Box
from pixelkiln.engine.ui.surface import fill_texture
from pixelkiln.engine.ui.theme import make_theme

SPECULAR = (255, 252, 240)


def rect(
    pid: str, x: float, y: float, w: float, h: float, radius: float = 0, label: str = ""
) -> PieceSpec:
    return PieceSpec(pid, "rounded_rect", label, x=x, y=y, w=w, h=h, radius=radius)


def panel(
    description: str = "wooden panel with gold trim",
    w: int = 512,
    h: int = 288,
    pieces: tuple[PieceSpec, ...] = (),
    elements: tuple[str, ...] = (),
    seed: int = 3,
    **kw: object,
):
    return render_panel(PanelSpec(description, w, h, seed, pieces, elements, **kw))


def lightness(rgb) -> float:
    return float(srgb_to_oklab(np.asarray(rgb, np.float64))[..., 0].mean())


def test_virtual_canvas_has_a_512_long_side() -> None:
    assert virtual_canvas(512, 288) == (512.0, 288.0)
    assert virtual_canvas(384, 512) == (384.0, 512.0)
    assert virtual_canvas(256, 192) == (512.0, 384.0)


@pytest.mark.parametrize(("w", "h"), [(512, 288), (384, 216), (256, 192), (600, 448)])
def test_pieces_land_where_their_virtual_coordinates_say(w: int, h: int) -> None:
    vw, _ = virtual_canvas(w, h)
    s = w / vw
    pieces = (
        rect("r", 64, 32, 128, 96),
        PieceSpec("c", "circle", x=400, y=100, r=40),
        PieceSpec("p", "polygon", x=260, y=150, r=40, sides=6, phase=0.0),
    )
    img = panel("stone", w, h, pieces)
    alpha = img.rgba[..., 3]
    boxes = {r.id: r.box for r in img.regions}
    # The rectangle covers exactly its scaled box.
    r = boxes["r"]
    assert (r.x, r.y, r.w, r.h) == (
        round(64 * s),
        round(32 * s),
        round(192 * s) - round(64 * s),
        round(128 * s) - round(32 * s),
    )
    assert (alpha[r.y : r.y1, r.x : r.x1] == 255).all()
    assert not alpha[r.y : r.y1, r.x1 : r.x1 + 3].any()
    assert not alpha[r.y1 : r.y1 + 3, r.x : r.x1].any()
    # The circle is centred on its scaled centre with its scaled diameter.
    c = boxes["c"]
    ys, xs = np.nonzero(alpha[c.y : c.y1, c.x : c.x1])
    assert abs(xs.mean() + c.x + 0.5 - 400 * s) < 0.6 and abs(ys.mean() + c.y + 0.5 - 100 * s) < 0.6
    assert xs.max() - xs.min() + 1 == round(80 * s) == ys.max() - ys.min() + 1
    # The hexagon (first vertex pointing right) spans 2r across, r*sqrt(3) down.
    p = boxes["p"]
    ys, xs = np.nonzero(alpha[p.y : p.y1, p.x : p.x1])
    assert abs((xs.max() - xs.min() + 1) - 80 * s) <= 1.5
    assert abs((ys.max() - ys.min() + 1) - 80 * s * np.sqrt(3) / 2) <= 1.5
    assert abs(xs.mean() + p.x + 0.5 - 260 * s) < 0.7 and abs(ys.mean() + p.y + 0.5 - 150 * s) < 0.7


def test_no_background_leaves_everything_outside_the_shapes_transparent() -> None:
    pieces = (rect("a", 20, 20, 200, 150, 8), PieceSpec("b", "circle", x=400, y=150, r=60))
    img = panel("iron panel", pieces=pieces)
    alpha = img.rgba[..., 3]
    assert set(np.unique(alpha)) == {0, 255}  # pixel-crisp: no partial alpha anywhere
    yy, xx = np.mgrid[0:288, 0:512] + 0.5
    # The rounded rectangle 20..220 x 20..170 with radius 8, and the disc.
    qx = np.abs(xx - 120) - (100 - 8)
    qy = np.abs(yy - 95) - (75 - 8)
    inside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) < 8
    inside |= (xx - 400) ** 2 + (yy - 150) ** 2 < 60**2
    assert ((alpha == 255) == inside).all()
    assert not img.rgba[alpha == 0].any()  # hidden colour does not leak either
    opaque = panel("iron panel", pieces=pieces, no_background=False)
    assert (opaque.rgba[..., 3] == 255).all()
    # The shapes are the same pixels on the backdrop, and the backdrop is darker.
    assert (opaque.rgba[inside] == img.rgba[inside]).all()
    assert lightness(opaque.rgba[~inside][:, :3]) < lightness(img.rgba[inside][:, :3])


def test_neither_pieces_nor_elements_draw_one_full_canvas_panel() -> None:
    img = panel("stone menu", 256, 192)
    assert [(r.id, r.box) for r in img.regions] == [("panel-1", Box(0, 0, 256, 192))]
    alpha = img.rgba[..., 3]
    assert (alpha[:, 8:-8] == 255).all() and (alpha[8:-8] == 255).all()
    assert not alpha[0, 0]  # its rounded corners


def _stretch(crop: np.ndarray, insets: tuple[int, int, int, int], w2: int, h2: int) -> np.ndarray:
    """Nine-slice stretch: corners kept, edges and centre resampled (nearest neighbour)."""
    h, w = crop.shape[:2]
    left, top, right, bottom = insets

    def axis(n: int, a: int, b: int, n2: int) -> np.ndarray:
        middle, middle2 = n - a - b, n2 - a - b
        inner = a + (np.arange(middle2) * middle) // middle2
        return np.concatenate([np.arange(a), inner, np.arange(n - b, n)])

    return crop[axis(h, top, bottom, h2)][:, axis(w, left, right, w2)]


@pytest.mark.parametrize(
    "description",
    [
        "wooden dialogue box with gold trim",
        "sci-fi panel",
        "iron plate",
        "crystal magic panel",
        "parchment quest log",
        "bone panel",
    ],
)
def test_nine_slice_stretch_keeps_the_borders_of_a_natively_drawn_bigger_panel(
    description: str,
) -> None:
    # Frame widths follow the shorter side: both sizes keep the same frame.
    small = panel(description, pieces=(rect("a", 40, 40, 260, 207, 10),))
    big = panel(description, pieces=(rect("a", 40, 40, 440, 211, 10),))
    (rs,), (rb,) = small.regions, big.regions
    assert rs.nine_slice == rb.nine_slice
    left, top, right, bottom = rs.nine_slice
    assert min(rs.nine_slice) >= 8  # a real frame, not the degenerate middle-line slice
    crop = small.rgba[rs.box.y : rs.box.y1, rs.box.x : rs.box.x1]
    native = big.rgba[rb.box.y : rb.box.y1, rb.box.x : rb.box.x1]
    assert nine_slice_holds(crop, rs.nine_slice)
    stretched = _stretch(crop, rs.nine_slice, rb.box.w, rb.box.h)
    border = np.ones(native.shape[:2], bool)
    border[top : rb.box.h - bottom, left : rb.box.w - right] = False
    assert (stretched[border] == native[border]).all()
    # Corners are pixel-identical to the original's.
    for ys, xs in (
        ((0, top), (0, left)),
        ((0, top), (-right, None)),
        ((-bottom, None), (0, left)),
        ((-bottom, None), (-right, None)),
    ):
        a = crop[slice(*ys), slice(*xs)]
        b = stretched[slice(*ys), slice(*xs)]
        assert (a == b).all()


@pytest.mark.parametrize("kind", sorted(BUILDERS))
def test_every_element_reports_insets_that_hold(kind: str) -> None:
    theme = make_theme("wooden panel with gold trim")
    tex = fill_texture(theme, (256, 256), 1)
    for w, h in ((220, 160), (64, 64), (300, 36)):
        sp = build_element(kind, theme, tex, Box(0, 0, w, h), "t", {"seed": 1})
        assert sp.rgba.shape[:2] == (h, w)
        assert nine_slice_holds(sp.rgba, sp.insets), (kind, w, h, sp.insets)
        on = sp.rgba[..., 3]
        assert set(np.unique(on)) <= {0, 255} and on.any()
    rectangular = ("panel", "window", "button", "icon_button", "toolbar", "slot")
    if kind in rectangular:
        sp = build_element(kind, theme, tex, Box(0, 0, 220, 160), "t", {"seed": 1})
        left, top, right, bottom = sp.insets
        assert left + right < 120 and top + bottom < 120  # a usable stretchable centre


def test_bevels_are_lit_from_the_top_left() -> None:
    img = panel("stone panel", pieces=(rect("a", 40, 40, 300, 200),))
    (r,) = img.regions
    rgb = img.rgba[..., :3]
    mid_x, mid_y = r.box.x + r.box.w // 2, r.box.y + r.box.h // 2
    # The outer bevel ring (second pixel in from each edge).
    top, bottom = rgb[r.box.y + 1, mid_x], rgb[r.box.y1 - 2, mid_x]
    left, right = rgb[mid_y, r.box.x + 1], rgb[mid_y, r.box.x1 - 2]
    assert lightness(top) > lightness(bottom) + 0.1
    assert lightness(left) > lightness(right) + 0.1
    assert (top == left).all() and (bottom == right).all()
    # The outline is the darkest colour of the frame.
    assert lightness(rgb[r.box.y, mid_x]) < lightness(bottom)
    # Inside the frame the recess is lit the other way: the inner shadow sits top/left.
    _, t_, _, b_ = r.nine_slice
    inner_top = rgb[r.box.y + t_ - 2, mid_x]
    inner_bottom = rgb[r.box.y1 - b_ + 1, mid_x]
    assert lightness(inner_top) < lightness(inner_bottom)


def test_buttons_are_raised_and_show_their_thickness_below() -> None:
    img = panel("stone menu", pieces=(rect("b", 100, 100, 200, 60, 4, "button"),))
    (r,) = img.regions
    column = img.rgba[r.box.y : r.box.y1, r.box.x + r.box.w // 2, :3]
    lit = [lightness(c) for c in column]
    assert lit[1] == max(lit)  # the highlight right under the top outline
    assert lit[-2] < lit[len(lit) // 2]  # the side wall below the face is darker


def test_metal_trims_have_one_specular_pixel_per_corner() -> None:
    for desc in ("wooden panel with gold trim", "iron panel with silver trim", "marble panel"):
        img = panel(desc, pieces=(rect("a", 40, 40, 300, 200, 6),))
        ys, xs = np.nonzero(np.all(img.rgba[..., :3] == SPECULAR, axis=-1))
        assert len(ys) == 4, desc
        (r,) = img.regions
        cx, cy = r.box.x + r.box.w / 2, r.box.y + r.box.h / 2
        quadrants = {(bool(x > cx), bool(y > cy)) for x, y in zip(xs, ys, strict=True)}
        assert len(quadrants) == 4
        left = r.nine_slice[0]
        assert all(min(x - r.box.x, r.box.x1 - 1 - x) < left for x in xs)  # in the corner blocks


@pytest.mark.parametrize(
    ("description", "material"),
    [
        ("wooden RPG panel with gold trim", "wood"),
        ("stone menu with buttons", "stone"),
        ("iron toolbar", "iron"),
        ("golden royal frame", "gold"),
        ("parchment quest log", "parchment"),
        ("crystal magic panel", "crystal"),
        ("sci-fi HUD with a health bar", "scifi"),
        ("leather satchel inventory", "leather"),
        ("bone necromancer menu", "bone"),
        ("frozen ice panel", "ice"),
        ("mossy cobblestone", "stone"),
        ("futuristic console", "scifi"),
    ],
)
def test_the_material_is_read_from_the_description(description: str, material: str) -> None:
    assert make_theme(description).material.key == material


def _mean_hue(rgba: np.ndarray) -> float:
    lab = srgb_to_oklab(rgba[rgba[..., 3] > 0][:, :3])
    a, b = lab[:, 1].mean(), lab[:, 2].mean()
    return float(np.degrees(np.arctan2(b, a)) % 360)


def test_color_palette_steers_the_colours() -> None:
    blue = make_theme("wooden panel", "blue and silver")
    lch = oklab_to_oklch(srgb_to_oklab(blue.frame[2].astype(float)))
    assert 230 < lch[2] < 290  # the frame turned blue
    silver = oklab_to_oklch(srgb_to_oklab(blue.trim[2].astype(float)))
    assert silver[1] < 0.04  # a neutral metal trim
    gold = make_theme("stone panel", "grey and gold")
    assert oklab_to_oklch(srgb_to_oklab(gold.trim[2].astype(float)))[2] == pytest.approx(88, abs=25)
    green = make_theme("stone panel", "#2e8b57")
    assert 120 < oklab_to_oklch(srgb_to_oklab(green.frame[2].astype(float)))[2] < 180
    a = panel("wooden panel", color_palette="red and gold").rgba
    b = panel("wooden panel", color_palette="teal").rgba
    assert abs(_mean_hue(a) - _mean_hue(b)) > 60


def test_style_image_pulls_the_palette_toward_its_colours() -> None:
    style = np.zeros((32, 32, 4), np.uint8)
    style[..., :3] = (40, 140, 60)  # a green reference
    style[8:24, 8:24, :3] = (90, 200, 100)
    style[..., 3] = 255
    plain = panel("stone panel").rgba
    steered = panel("stone panel", style_image=style).rgba
    ref_hue = _mean_hue(style)
    gap = lambda h: min(abs(h - ref_hue), 360 - abs(h - ref_hue))  # noqa: E731
    assert gap(_mean_hue(steered)) < gap(_mean_hue(plain)) - 30


def test_same_spec_gives_the_same_bytes_and_seeds_vary_it() -> None:
    spec = {"pieces": (rect("a", 10, 10, 300, 200, 4),), "elements": ("button", "health_bar")}
    a, b = panel(**spec), panel(**spec)
    assert encode_png(a.rgba) == encode_png(b.rgba)
    assert a.regions == b.regions
    c = panel(seed=4, **spec)
    assert not (c.rgba == a.rgba).all()


def test_colour_count_stays_small() -> None:
    img = panel(
        "sci-fi HUD",
        elements=("avatar", "health_bar", "window", "icon_button", "icon_button", "toolbar"),
    )
    colours = np.unique(img.rgba[img.rgba[..., 3] > 0][:, :3], axis=0)
    assert len(colours) <= 64


def test_elements_avoid_the_pieces_and_children_sit_in_their_container() -> None:
    pieces = (rect("side", 8, 8, 140, 272, 4),)
    img = panel("stone", pieces=pieces, elements=("window", "button", "button", "icon_button"))
    side = next(r for r in img.regions if r.id == "side").box
    elements = [r for r in img.regions if r.source == "element"]
    assert {r.kind for r in elements} == {"window", "button", "icon_button"}
    for r in elements:
        assert r.box.x >= side.x1, r  # laid out to the right of the piece
        assert r.box.x1 <= 512 and r.box.y1 <= 288 and min(r.box.x, r.box.y) >= 0
    win = next(r for r in elements if r.kind == "window")
    for r in elements:
        if r.kind != "window":
            assert win.box.x < r.box.x and r.box.x1 < win.box.x1
            assert win.box.y < r.box.y and r.box.y1 < win.box.y1
    title = dict(win.parts)["title_bar"]
    assert all(r.box.y >= title.y1 for r in elements if r.kind != "window")


def test_labels_choose_how_pieces_are_drawn() -> None:
    pieces = (
        rect("bar", 20, 20, 400, 40, 6, "health bar"),
        rect("s", 20, 100, 80, 80, 4, "potion slot"),
        PieceSpec("face", "circle", "player avatar", x=300, y=170, r=60),
    )
    img = panel("stone", pieces=pieces)
    parts = {r.id: dict(r.parts) for r in img.regions}
    assert "fill" in parts["bar"] and "icon" in parts["s"] and "portrait" in parts["face"]
    fill = parts["bar"]["fill"]
    reds = img.rgba[fill.y + 1, fill.x : fill.x1, :3].astype(int)
    assert (reds[: fill.w // 2, 0] > reds[: fill.w // 2, 2] + 60).all()  # a red health fill


def test_a_piece_too_small_to_draw_is_an_engine_error() -> None:
    with pytest.raises(UIDrawError, match="at least 6 px"):
        panel("stone", 256, 192, pieces=(rect("tiny", 10, 10, 8, 200),))  # 4 px wide at 256
    with pytest.raises(UIDrawError, match="no opaque pixels"):
        panel("stone", style_image=np.zeros((8, 8, 4), np.uint8))


@pytest.mark.parametrize(("h", "w"), [(164, 228), (97, 301), (40, 41), (230, 1000)])
def test_grid_fill_is_fitted_to_its_area(h: int, w: int) -> None:
    """A grid fill (sci-fi display glass) puts lines on all four edges of the area it
    covers and shares the space evenly between them: no cell is cut off at an edge."""
    tex = fill_texture(make_theme("sci-fi HUD with a health bar"), (256, 256), 3)
    lv = tex.cover_levels(h, w, "content")
    assert lv.shape == (h, w)
    line = (lv == 0.0) | (lv == 1.0)  # grid lines, and the glints where they cross
    for edge in (line[0], line[-1], line[:, 0], line[:, -1]):
        assert edge.all()
    for axis in (0, 1):
        full = np.flatnonzero(line.all(axis=axis))  # columns (axis 0) or rows
        gaps = np.diff(full)
        assert gaps.max() - gaps.min() <= 1 and gaps.min() >= 8
    assert (tex.cover(h, w, "content") == tex.cover(h, w, "content")).all()
