"""Rendering an effect: description to looping frames, a spritesheet and their palette."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from pixelkiln.engine.color import oklab_to_oklch, srgb_to_oklab
from pixelkiln.engine.rng import make_rng
from pixelkiln.engine.vfx import energy, matter
from pixelkiln.engine.vfx.field import Ctx
from pixelkiln.engine.vfx.parse import EffectSpec, parse_effect
from pixelkiln.engine.vfx.ramp import effect_ramp, smoke_ramp

__all__ = ["MAX_FRAMES", "MIN_FRAMES", "VfxResult", "render_vfx"]

MIN_FRAMES, MAX_FRAMES = 2, 32
_LEVELS, _SMOKE = 6, 2  # colours per ramp: at most 8 colours per effect

_MAKERS: dict[str, Callable[[Ctx], Callable[[float], np.ndarray]]] = {
    "fire": energy.make_fire,
    "explosion": energy.make_explosion,
    "lightning": energy.make_lightning,
    "orb": energy.make_orb,
    "portal": energy.make_portal,
    "magic_circle": energy.make_magic_circle,
    "slash": energy.make_slash,
    "sparkles": matter.make_sparkles,
    "dust": matter.make_dust,
    "splash": matter.make_splash,
    "smoke": matter.make_smoke,
    "ice": matter.make_ice,
    "poison": matter.make_poison,
}


@dataclass(frozen=True)
class VfxResult:
    """A looping effect.

    Attributes
    ----------
    frames : (h, w, 4) uint8 RGBA frames; the last leads into the first.
    sheet : (h, w * n, 4) spritesheet, frames left to right.
    spec : what was parsed from the description.
    palette : (K, 3) uint8 colours used, darkest first.
    size : (width, height) of one frame.
    """

    frames: list[np.ndarray]
    sheet: np.ndarray
    spec: EffectSpec
    palette: np.ndarray
    size: tuple[int, int]

    @property
    def frame_count(self) -> int:
        """Frames in the loop."""
        return len(self.frames)


def _apply_color(spec: EffectSpec, color: tuple[int, int, int]) -> EffectSpec:
    lch = oklab_to_oklch(srgb_to_oklab(np.array(color, dtype=np.float64)))
    return replace(spec, hue=float(lch[2]), chroma=float(np.clip(lch[1], 0.02, 0.2)))


def render_vfx(
    description: str,
    size: tuple[int, int] = (64, 64),
    frame_count: int = 8,
    seed: int = 0,
    color: tuple[int, int, int] | None = None,
    kind: str | None = None,
    progress: Callable[[float], None] | None = None,
) -> VfxResult:
    """Draw a looping pixel-art effect from a plain-language description.

    Parameters
    ----------
    description : e.g. "crackling blue lightning", "orange fire burst", "dust puff".
    size : frame (width, height), each 8-512.
    frame_count : frames in the loop, 2-32.
    seed : layout seed; the same inputs and seed give identical frames.
    color : optional sRGB body colour overriding the described or default one.
    kind : optional effect kind forcing the parse (see ``EFFECT_KINDS``).
    progress : optional callback receiving 0-1 as frames are drawn.

    Returns
    -------
    VfxResult
    """
    w, h = int(size[0]), int(size[1])
    if not (8 <= w <= 512 and 8 <= h <= 512):
        msg = f"frame size must be 8-512 per side, got {w}x{h}"
        raise ValueError(msg)
    if not MIN_FRAMES <= frame_count <= MAX_FRAMES:
        msg = f"frame_count must be {MIN_FRAMES}-{MAX_FRAMES}, got {frame_count}"
        raise ValueError(msg)
    spec = parse_effect(description, kind)
    if color is not None:
        spec = _apply_color(spec, color)
    ramp = effect_ramp(spec.hue, _LEVELS, spec.chroma, 0.72 if spec.dark else 1.0)
    palette = np.concatenate([ramp, smoke_ramp(_SMOKE)])
    ctx = Ctx(w, h, frame_count, _LEVELS, _SMOKE, make_rng(seed, "vfx", spec.kind))
    if spec.kind == "sparkles" and "heal" in description.lower():
        draw = matter.make_sparkles(ctx, crosses=True)
    else:
        draw = _MAKERS[spec.kind](ctx)
    report = progress or (lambda _: None)
    frames = []
    for i, t in enumerate(ctx.times()):
        lv = np.clip(draw(float(t)), 0, len(palette))
        rgba = np.zeros((h, w, 4), np.uint8)
        on = lv > 0
        rgba[on, :3] = palette[lv[on] - 1]
        rgba[on, 3] = 255
        frames.append(rgba)
        report((i + 1) / frame_count)
    sheet = np.concatenate(frames, axis=1)
    used = np.unique(sheet[sheet[..., 3] > 0][:, :3], axis=0)
    order = np.argsort(srgb_to_oklab(used)[:, 0], kind="stable") if len(used) else []
    return VfxResult(frames, np.ascontiguousarray(sheet), spec, used[order], (w, h))
