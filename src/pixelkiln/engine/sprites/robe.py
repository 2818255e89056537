"""A robed figure stepping: its boots under the hem, the hem swaying, the body bobbing.

A figure in a long garment (:attr:`~.analyse.SpriteAnalysis.long_garment`: a robe or a
dress with the feet showing under its hem) hides what a warp of its skeleton moves in a
step: the legs turn inside the robe, and from the front a foot moving toward the viewer
barely moves on screen, so a warped walk of a robe is nearly still. These frames are
made from the sprite's own pixels by whole-pixel moves, as a pixel artist animates a
robe, with the amounts read from the fitted model's motion at each frame's time:

- **steps**: each boot (a piece of the rows under the hem) rises by the pixels its
  ankle rises on screen, so far that a row of its colour still shows under the hem
  (the lifted boot tucks under the robe, which is drawn over it);
- **hem sway**: when the stride is at least half its widest, the robe from the hands
  down shears by one pixel at the hem toward the forward foot's side (rows shift
  whole, so no colour is made);
- **bob**: at the widest strides the body (everything above the feet) sinks a pixel,
  the hem covering the top of the boots.

The rest pose (feet together) is the sprite itself.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import ndimage

from pixelkiln.engine.sprites.analyse import SpriteAnalysis
from pixelkiln.engine.subjects.model import Model
from pixelkiln.engine.subjects.motion.core import Motion, pose_for
from pixelkiln.engine.subjects.render import Camera, joint_frames, project_points

__all__ = ["RobeStep", "robe_frame", "robe_steps"]

_EIGHT = ndimage.generate_binary_structure(2, 2)
_FOUR = ndimage.generate_binary_structure(2, 1)
_LIFT_PX = 0.5  # an ankle rising less than this on screen is not a step


@dataclass(frozen=True)
class RobeStep:
    """One frame's moves: per boot (left to right on screen) its rise in pixels, the
    hem's shift at its bottom row, and the body's sink."""

    lifts: tuple[int, ...]
    sway: int
    bob: int


def _boots(rgba: np.ndarray, a: SpriteAnalysis) -> list[np.ndarray]:
    """The pieces under the hem, left to right."""
    assert a.hem is not None
    solid = rgba[..., 3] >= 128
    under = np.zeros_like(solid)
    under[a.hem + 1 :] = solid[a.hem + 1 :]
    labels, n = ndimage.label(under, _EIGHT)
    pieces = [labels == k for k in range(1, n + 1)]
    return sorted(pieces, key=lambda p: float(np.nonzero(p)[1].mean()))


def robe_steps(
    model: Model, camera: Camera, direction: str, motion: Motion, times: list[float]
) -> list[RobeStep] | None:
    """The moves of each frame (see the module docstring), or None when the motion
    takes no step (no ankle rises half a pixel in any frame)."""
    names = ("l_ankle", "r_ankle")
    rest = joint_frames(model, model.pose(), direction, camera)

    def screen(frames: dict[str, tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
        return project_points(np.array([frames[n][1] for n in names]), camera)

    at_rest = screen(rest)
    samples: list[tuple[np.ndarray, np.ndarray]] = []
    for t in times:
        pose = pose_for(model, motion.sample(t % 1.0 if motion.loop else t))
        now = joint_frames(model, pose, direction, camera)
        moved = screen(now)
        depth = np.array([now[n][1][1] - rest[n][1][1] for n in names])
        samples.append((at_rest[:, 1] - moved[:, 1], depth))
    if not motion.loop or max(float(rise.max()) for rise, _ in samples) < _LIFT_PX:
        return None
    widest = max(float(abs(d[0] - d[1])) for _, d in samples)
    # Screen order of the ankles: the boots are sorted left to right.
    order = np.argsort(at_rest[:, 0])
    out: list[RobeStep] = []
    for rise, depth in samples:
        spread = float(abs(depth[0] - depth[1]))
        wide = widest > 0 and spread >= 0.5 * widest
        lifts = tuple(max(0, round(float(rise[i]))) for i in order)
        sway = 0
        if wide:
            # The forward foot is the one nearer the viewer (smaller world y facing
            # south); the hem swings toward its side of the screen.
            south = direction.startswith("south")
            forward = int(np.argmin(depth)) if south else int(np.argmax(depth))
            centre = float(at_rest[:, 0].mean())
            sway = 1 if at_rest[forward, 0] > centre else -1
        bob = 1 if widest > 0 and spread >= 0.9 * widest else 0
        out.append(RobeStep(lifts, sway, bob))
    return out


def _outer_ring(rgba: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    solid = rgba[..., 3] >= 128
    edge = solid & ~ndimage.binary_erosion(solid, _FOUR, border_value=0)
    return edge & (rgba[..., :3] == np.array(colour, np.uint8)).all(-1)


def robe_frame(rgba: np.ndarray, a: SpriteAnalysis, step: RobeStep, sway_top: int) -> np.ndarray:
    """The sprite moved by ``step``: boots (with their own outline) first, the body
    drawn over them. The body's one-colour outline is taken off first and drawn again
    round the moved body down to its hem, so a sheared hem keeps a closed line and no
    bit of the old one is left standing off it; under the hem, as drawn, there is none."""
    assert a.hem is not None
    rgba = np.asarray(rgba, np.uint8)
    h, w = rgba.shape[:2]
    out = np.zeros_like(rgba)
    boot_colour = a.regions["feet"].main
    for i, boot in enumerate(_boots(rgba, a)):
        rise = step.lifts[i] if i < len(step.lifts) else 0
        if boot_colour is not None:
            coloured = (rgba[..., :3] == np.array(boot_colour, np.uint8)).all(-1) & boot
            # Some boot colour stays below the hem, which sinks with the body.
            rise = min(rise, max(0, int(coloured.any(1).sum()) - 1 - step.bob))
        ys, xs = np.nonzero(boot)
        ok = ys - rise >= 0
        out[ys[ok] - rise, xs[ok]] = rgba[ys[ok], xs[ok]]
    src = rgba.copy()
    line = a.outline_rgb if a.outline.startswith("single color") else None
    if line is not None:
        src[_outer_ring(src, line)] = 0
    body = src[..., 3] >= 128
    body[a.hem + 1 :] = False
    ys, xs = np.nonzero(body)
    span = max(1, a.hem - sway_top + 1)
    # A shear: row r of the robe shifts by the share of the way from its top to the hem.
    dx = np.where(ys >= sway_top, np.round(step.sway * (ys - sway_top + 1) / span), 0).astype(int)
    ty, tx = ys + step.bob, xs + dx
    ok = (ty >= 0) & (ty < h) & (tx >= 0) & (tx < w)
    out[ty[ok], tx[ok]] = src[ys[ok], xs[ok]]
    if line is not None:
        moved = np.zeros((h, w), bool)
        moved[ty[ok], tx[ok]] = True
        ring = ndimage.binary_dilation(moved, _FOUR) & ~moved & (out[..., 3] < 128)
        ring[a.hem + step.bob + 1 :] = False
        out[ring, :3] = line
        out[ring, 3] = 255
    return out
