"""A scene's camera: from the side the sky fills the top half; looking down, a strip;
from high above there is no sky and the ground fills the canvas."""

from __future__ import annotations

import numpy as np

from pixelkiln.engine.images import ImageAsk, draw_image
from pixelkiln.engine.scenes.light import sky_colors


def _sky_share(rgba: np.ndarray, time: str = "day", weather: str = "clear") -> float:
    """Share of the canvas painted in the sky's band colours."""
    bands = np.concatenate([sky_colors(time, weather, n) for n in range(3, 9)])
    flat = rgba[..., :3].reshape(-1, 1, 3)
    return float((flat == bands[None]).all(-1).any(-1).mean())


def test_the_view_moves_the_horizon() -> None:
    shares = {}
    for view in ("side", "low top-down", "high top-down"):
        pic = draw_image(ImageAsk("meadow at noon", 96, 64, 3, view=view))
        assert pic.reading["scene"]["view"] == view  # type: ignore[index]
        assert (pic.rgba[..., 3] == 255).all()  # a scene fills the canvas
        shares[view] = _sky_share(pic.rgba)
    assert shares["side"] > 0.2
    assert 0.05 < shares["low top-down"] < shares["side"] * 0.6
    assert shares["high top-down"] == 0.0


def test_oblique_projection_is_seen_from_above() -> None:
    a = draw_image(ImageAsk("beach at noon", 64, 48, 2, oblique=True)).rgba
    b = draw_image(ImageAsk("beach at noon", 64, 48, 2, view="high top-down")).rgba
    assert (a == b).all() and _sky_share(a) == 0.0
    # The sea lies across the top and the sand below it, seen from above.
    assert a[1, :, 2].mean() > a[1, :, 0].mean() and a[-2, :, 0].mean() > a[-2, :, 2].mean()


def test_a_town_named_with_its_land_is_built_on_that_land() -> None:
    """'desert town': a town (its houses and street) on the desert's sand, not a desert
    with the town dropped; a town with no land named keeps its cobbles."""
    desert = draw_image(ImageAsk("desert town at sunset", 160, 96, 3))
    plain = draw_image(ImageAsk("town at sunset", 160, 96, 3))
    scene = desert.reading["scene"]  # type: ignore[index]
    assert (scene["setting"], scene["land"]) == ("town", "desert")
    assert desert.reading["intent"]["setting"] == "town"  # type: ignore[index]
    assert plain.reading["scene"]["land"] is None  # type: ignore[index]
    # The ground under the houses differs: warm sand against grey cobbles.
    ground = [p.rgba[-12:, :, :3].astype(float).reshape(-1, 3).mean(0) for p in (desert, plain)]
    warmth = [g[0] - g[2] for g in ground]
    assert warmth[0] > warmth[1] + 30
