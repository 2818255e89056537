"""Face colours and face textures of an isometric tile.

**Colours** (ART.md §1.8): one light from the top left, the same face mapping for every
material. The top face shows the material's own colours. The left face (toward the
light) keeps 70% of the texture's lightness range about the ramp's middle and sits 1.6
ramp steps lower; the right face keeps 55% and sits 3 steps lower. Lowering continues the
ramp downward (the hue turns toward blue-violet, chroma eases off), so shadows stay
hue-shifted rather than grey, and a face in shadow shows less of the texture's detail
(with four shades or more, its lightest level shows as the next one: no highlight in
shadow).
"One step darker" for a pixel (outlines, contact shadows) is the same texel as the next
face in the order top, left, right shows it, so those passes add almost no new colours.

**Textures**: seamless top-down textures from :func:`pixelkiln.engine.materials.
render_material`, mapped one texel to one pixel (see :meth:`TileGeometry.top_texel` and
:meth:`TileGeometry.side_texel`): the top face by the 2:1 isometric bijection, the side
faces by a vertical shear that follows their top edge.

**Lip**: on a layered block (``grass on top of dirt``) the top material hangs over the
sides, a few pixels deep with a ragged lower edge, and the body pixel under the lip is one
step darker (a contact shadow).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, oklab_to_srgb, oklch_to_oklab, srgb_to_oklab
from pixelkiln.engine.isometric.geometry import TileGeometry
from pixelkiln.engine.materials import Texture
from pixelkiln.engine.palette import COOL_HUE
from pixelkiln.engine.rng import make_rng

__all__ = [
    "FACE_INDEX",
    "FACE_ORDER",
    "FACE_SHADE",
    "Canvas",
    "FaceColors",
    "face_colors",
    "lip_profile",
    "paint_side",
    "paint_top",
    "ramp_step",
    "tune_colors",
]

#: Faces from lightest to darkest.
FACE_ORDER: tuple[str, ...] = ("top", "left", "right")
#: Side faces: (share of the lightness range kept, ramp steps darker).
FACE_SHADE: dict[str, tuple[float, float]] = {"left": (0.7, 1.6), "right": (0.55, 3.0)}
FACE_INDEX: dict[str, int] = {name: i for i, name in enumerate(FACE_ORDER)}
_MIN_STEP = 0.06  # lightness step when a ramp is too flat to measure one
_COOL_TURN = 7.0  # degrees of hue turned toward blue-violet per extension step


def _to_lch(colors: np.ndarray) -> np.ndarray:
    return oklab_to_oklch(srgb_to_oklab(np.asarray(colors, np.float64).reshape(-1, 3)))


def _from_lch(lch: np.ndarray) -> np.ndarray:
    lch = lch.copy()
    lch[:, 0] = np.clip(lch[:, 0], 0.08, 0.99)
    rgb = oklab_to_srgb(oklch_to_oklab(lch))
    return np.clip(np.rint(rgb), 0, 255).astype(np.uint8)


def ramp_step(ramp: np.ndarray) -> float:
    """Mean OKLab lightness step between neighbouring shades of a ramp."""
    light = _to_lch(ramp)[:, 0]
    if len(light) < 2:
        return _MIN_STEP
    return max(_MIN_STEP, float((light[-1] - light[0]) / (len(light) - 1)))


def tune_colors(colors: np.ndarray, ramp_len: int, vividness: float) -> np.ndarray:
    """Scale chroma and lightness contrast about the ramp's middle by ``vividness``.

    1.0 leaves colours as they are; the guidance scale moves it (calmer below, more vivid
    above). Accents (beyond the ramp) get the chroma change only.
    """
    if abs(vividness - 1.0) < 1e-6:
        return np.asarray(colors, np.uint8)
    lch = _to_lch(colors)
    mid = float(np.mean(lch[:ramp_len, 0]))
    contrast = 1.0 + 0.6 * (vividness - 1.0)
    lch[:ramp_len, 0] = mid + (lch[:ramp_len, 0] - mid) * contrast
    lch[:, 1] = np.clip(lch[:, 1] * vividness, 0.0, 0.32)
    return _from_lch(lch)


def _extend(color: np.ndarray, steps: float, step: float) -> np.ndarray:
    """``color`` continued ``steps`` ramp steps darker (cooler, a little less chroma)."""
    lch = _to_lch(color)
    lch[:, 0] -= steps * step
    grey = lch[:, 1] < 0.02
    diff = (COOL_HUE - lch[:, 2] + 180.0) % 360.0 - 180.0
    lch[:, 2] = (lch[:, 2] + np.clip(diff, -_COOL_TURN * steps, _COOL_TURN * steps)) % 360.0
    lch[:, 1] = np.where(grey, lch[:, 1] + 0.006 * steps, lch[:, 1] * (1.0 - 0.06 * steps))
    lch[grey, 2] = COOL_HUE
    return _from_lch(lch)


@dataclass(frozen=True)
class FaceColors:
    """A texture's colours as each face shows them: ``faces[name][i]`` for index ``i``."""

    faces: dict[str, np.ndarray]
    step: float
    ramp_len: int

    def darker(self, face: str, index: np.ndarray, extra: int = 1) -> np.ndarray:
        """Colours of ``index`` on ``face``, ``extra`` faces darker (see the module doc);
        past the right face, the ramp is continued one step per extra."""
        pos = FACE_ORDER.index(face) + extra
        if pos < len(FACE_ORDER):
            return self.faces[FACE_ORDER[pos]][index]
        base = self.faces["right"][index]
        return _extend(base, pos - len(FACE_ORDER) + 1, self.step)


def face_colors(texture: Texture, colors: np.ndarray) -> FaceColors:
    """The face colour tables of a texture whose (tuned) colour table is ``colors``."""
    n = len(texture.ramp)
    ramp = colors[:n]
    step = ramp_step(ramp)
    faces: dict[str, np.ndarray] = {"top": colors.copy()}
    mid = float(np.mean(_to_lch(ramp)[:, 0]))
    for face in ("left", "right"):
        contrast, drop = FACE_SHADE[face]
        lch = _to_lch(colors)
        # Compress about the ramp's middle, then lower: a face in shadow is darker and
        # shows less of the texture's range.
        lch[:n, 0] = mid + (lch[:n, 0] - mid) * contrast
        if n > 3:  # no highlight in shadow: the lightest level shows as the next one
            lch[n - 1] = lch[n - 2]
        faces[face] = _extend(_from_lch(lch), drop, step)
    return FaceColors(faces=faces, step=step, ramp_len=n)


@dataclass
class Canvas:
    """The tile being painted: colours, and per pixel which ink and level it shows.

    ``inks[src[y, x]]`` are the face colours of the texture a pixel was taken from and
    ``level[y, x]`` its index in that texture, so later passes (outline, shadows) can ask
    for "the same colour, k steps darker" without inventing new colours.
    """

    rgb: np.ndarray  # (H, W, 3) uint8
    src: np.ndarray  # (H, W) int16, -1 where empty
    level: np.ndarray  # (H, W) int16
    face: np.ndarray  # (H, W) int8: 0 top, 1 left, 2 right, -1 empty
    glints: np.ndarray  # (H, W) bool: deliberate single pixels (kept by the clean-up)
    inks: list[FaceColors]

    @classmethod
    def empty(cls, h: int, w: int) -> Canvas:
        return cls(
            rgb=np.zeros((h, w, 3), np.uint8),
            src=np.full((h, w), -1, np.int16),
            level=np.zeros((h, w), np.int16),
            face=np.full((h, w), -1, np.int8),
            glints=np.zeros((h, w), bool),
            inks=[],
        )

    def add_ink(self, colors: FaceColors) -> int:
        self.inks.append(colors)
        return len(self.inks) - 1

    def put(
        self, ys: np.ndarray, xs: np.ndarray, face: str, ink: int, level: np.ndarray, extra: int = 0
    ) -> None:
        """Paint pixels with ``ink`` levels as ``face`` shows them (``extra`` steps darker)."""
        colors = self.inks[ink]
        self.rgb[ys, xs] = (
            colors.faces[face][level] if extra == 0 else colors.darker(face, level, extra)
        )
        self.src[ys, xs] = ink
        self.level[ys, xs] = level
        self.face[ys, xs] = FACE_INDEX[face]

    def shade(self, mask: np.ndarray, extra: int) -> np.ndarray:
        """Colours of the pixels under ``mask``, ``extra`` steps darker than they are."""
        ys, xs = np.nonzero(mask)
        out = np.empty((len(ys), 3), np.uint8)
        for ink in np.unique(self.src[ys, xs]):
            for f in np.unique(self.face[ys, xs]):
                sel = (self.src[ys, xs] == ink) & (self.face[ys, xs] == f)
                if sel.any():
                    lv = self.level[ys[sel], xs[sel]]
                    out[sel] = self.inks[int(ink)].darker(FACE_ORDER[int(f)], lv, extra)
        return out


def paint_top(canvas: Canvas, geo: TileGeometry, texture: Texture, ink: int) -> None:
    """Paint the top face from a ``period`` x ``period`` texture."""
    ys, xs, u, v = geo.top_texel()
    canvas.put(ys, xs, "top", ink, texture.index[v, u])
    canvas.glints[ys, xs] = _texture_orphans(texture.index)[v, u]


def lip_profile(geo: TileGeometry, material: str, seed: int) -> np.ndarray:
    """Per canvas column, how many side rows the top material covers (0 = none).

    About a fifth of the side height (1 to 4 px), with a ragged lower edge drawn in
    2-px steps so it follows the 2:1 rhythm: blades for grass, drips for snow, soft
    waves for everything else.
    """
    t = geo.thickness
    depth = np.zeros(geo.canvas_w, np.int64)
    if t < 2:
        depth[:] = t
        return depth
    base = int(np.clip(round(t * 0.2), 1, 4))
    rng = make_rng(seed, "isometric", "lip", material)
    pairs = (geo.grid + 1) // 2
    if material in ("grass", "dry grass", "flowers", "jungle", "moss"):
        jitter = rng.choice([-1, 0, 0, 1, 1, 2], size=pairs)
    elif material in ("snow", "ice"):
        jitter = np.where(rng.random(pairs) < 0.3, rng.integers(1, 4, size=pairs), 0)
    else:
        jitter = rng.choice([-1, 0, 0, 0, 1], size=pairs)
    cols = np.repeat(base + jitter, 2)[: geo.grid]
    cols = np.clip(cols, 1, max(1, t - 1))
    depth[geo.x0 : geo.x0 + geo.grid] = cols
    return depth


def paint_side(
    canvas: Canvas,
    geo: TileGeometry,
    face: str,
    body: tuple[Texture, int],
    lip: tuple[Texture, int, np.ndarray] | None = None,
) -> None:
    """Paint one side face; ``lip`` (texture, ink, depth per column) hangs the top over it."""
    ys, xs, s, t = geo.side_texel(face)
    tex, ink = body
    rows = tex.index.shape[0]
    canvas.put(ys, xs, face, ink, tex.index[t % rows, s])
    canvas.glints[ys, xs] = _texture_orphans(tex.index)[t % rows, s]
    if lip is None:
        return
    lip_tex, lip_ink, depth = lip
    d = depth[xs]
    on = t < d
    if on.any():
        lr = lip_tex.index.shape[0]
        canvas.put(ys[on], xs[on], face, lip_ink, lip_tex.index[t[on] % lr, s[on]])
        canvas.glints[ys[on], xs[on]] = False
    under = t == d
    if under.any():  # contact shadow: the body one step darker just under the lip
        canvas.put(ys[under], xs[under], face, ink, tex.index[t[under] % rows, s[under]], 1)


def _texture_orphans(index: np.ndarray) -> np.ndarray:
    """Texels with no same-colour 8-neighbour on the torus: deliberate glints and dots."""
    same = np.zeros(index.shape, bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                same |= np.roll(index, (dy, dx), axis=(0, 1)) == index
    return ~same
