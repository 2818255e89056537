"""``pixelkiln render material`` writes the tile (and a 3x3, 4x preview)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from pixelkiln.cli.main import app
from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.engine.materials import render_material
from pixelkiln.engine.style import Style

runner = CliRunner()


def test_render_material_and_preview(tmp_path: Path) -> None:
    out = tmp_path / "tile.png"
    result = runner.invoke(
        app,
        ["render", "material", "mossy cobblestone", "--size", "32", "--seed", "7",
         "--out", str(out), "--preview", "--outline", "selective outline",
         "--shading", "medium shading", "--detail", "highly detailed"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    style = Style("selective outline", "medium shading", "highly detailed")
    expected = encode_png(render_material("mossy cobblestone", 32, 7, style).rgba)
    assert out.read_bytes() == expected
    preview = decode_image(out.with_suffix(".preview.png").read_bytes())
    tile = decode_image(expected)
    assert preview.shape == (32 * 3 * 4, 32 * 3 * 4, 4)
    assert np.array_equal(preview[::4, ::4], np.tile(tile, (3, 3, 1)))


def test_render_non_square_and_forced_palette(tmp_path: Path) -> None:
    palette_png = tmp_path / "palette.png"
    colours = np.array([[[20, 30, 40, 255], [200, 120, 40, 255], [240, 230, 200, 255]]], np.uint8)
    palette_png.write_bytes(encode_png(colours))
    out = tmp_path / "sand.png"
    result = runner.invoke(
        app,
        ["render", "material", "sand", "--size", "40x24", "--out", str(out),
         "--color-image", str(palette_png)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    img = decode_image(out.read_bytes())
    assert img.shape == (24, 40, 4)
    assert {tuple(c) for c in img[..., :3].reshape(-1, 3)} <= {tuple(c) for c in colours[0, :, :3]}


def test_render_rejects_bad_style(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["render", "material", "sand", "--outline", "thick", "--out", str(tmp_path / "x.png")]
    )
    assert result.exit_code != 0
