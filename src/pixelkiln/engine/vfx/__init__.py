"""Pixel-art visual effects from plain-language descriptions, as looping animations.

``render_vfx("crackling blue lightning", (64, 64), 8, seed)`` parses the description into
an effect kind and colour, builds a hue-shifted ramp (cool dark smoke to a warm
near-white core, at most 8 colours), runs the effect's particle or shape simulation on a
looping clock and returns the frames and a spritesheet. Everything is crisp (no
anti-aliasing, binary alpha) and fading shapes erode instead of turning translucent.
"""

from __future__ import annotations

from pixelkiln.engine.vfx.parse import EFFECT_KINDS, EffectSpec, parse_effect
from pixelkiln.engine.vfx.ramp import effect_ramp, smoke_ramp
from pixelkiln.engine.vfx.render import MAX_FRAMES, MIN_FRAMES, VfxResult, render_vfx

__all__ = [
    "EFFECT_KINDS",
    "MAX_FRAMES",
    "MIN_FRAMES",
    "EffectSpec",
    "VfxResult",
    "effect_ramp",
    "parse_effect",
    "render_vfx",
    "smoke_ramp",
]
