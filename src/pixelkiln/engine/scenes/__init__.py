"""Layered scenes: a sky with its time of day and weather, far silhouettes, a middle
ground, the ground, props from the subject engine standing on it, and lights.

``compose_scene(read_scene("desert town at sunset"), 160, 96, seed=3)`` gives an RGBA
picture that fills its canvas; with ``only_subjects`` it keeps the props and the figure
alone on a transparent canvas (``no_background``).
"""

from pixelkiln.engine.scenes.compose import Scene, compose_scene
from pixelkiln.engine.scenes.reading import SceneSpec, read_scene

__all__ = ["Scene", "SceneSpec", "compose_scene", "read_scene"]
