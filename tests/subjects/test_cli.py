"""``pixelkiln render subject``: PNGs by direction, subject.json, animation frames and GIFs."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from PIL import Image
from typer.testing import CliRunner

from pixelkiln.cli.main import app
from pixelkiln.engine.imageio import decode_image
from pixelkiln.engine.subjects.camera import DIRECTIONS
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject

runner = CliRunner()


def test_render_subject_directions_and_metadata(tmp_path: Path) -> None:
    out = tmp_path / "knight"
    result = runner.invoke(
        app,
        ["render", "subject", "knight with a red cape", "--size", "64", "--seed", "7",
         "--view", "low top-down", "--out", str(out), "--preview"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "understood" in result.output and "cape" in result.output
    expected = draw_subject(Subject.from_text("knight with a red cape", 7), Look())
    for d in DIRECTIONS:
        assert (out / f"{d}.png").read_bytes() == expected.png(d)
    meta = json.loads((out / "subject.json").read_text())
    assert meta["canvas"] == {"width": 92, "height": 92}
    assert meta["reading"]["subject"] == "knight"
    south = meta["directions"]["south"]
    assert south["pivot"] == {"x": 46, "y": expected.camera.pivot[1]}
    labels = {k["label"] for k in south["keypoints"]}
    assert len(labels) == 18 and {"NOSE", "LEFT LEG", "RIGHT ARM"} <= labels
    preview = decode_image((out / "preview.png").read_bytes())
    assert preview.shape[0] % 4 == 0 and preview.shape[1] > 8 * 92  # 8 cells at 4x


def test_render_subject_animation_frames_and_gifs(tmp_path: Path) -> None:
    out = tmp_path / "walk"
    result = runner.invoke(
        app,
        ["render", "subject", "farmer", "--size", "48", "--directions", "4", "--animation",
         "walk", "--out", str(out), "--shading", "medium shading"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    meta = json.loads((out / "subject.json").read_text())
    assert meta["animation"]["frames"] == 6
    for d in ("south", "east", "north", "west"):
        frames = sorted((out / "walk" / d).glob("frame_*.png"))
        assert len(frames) == 6
        first = decode_image(frames[0].read_bytes())
        rotation = decode_image((out / f"{d}.png").read_bytes())
        assert np.array_equal(first, rotation)  # frame 0 is the rotation image
        gif = Image.open(out / "walk" / f"{d}.gif")
        assert gif.n_frames == 6
    assert not (out / "north-east.png").exists()


def test_render_subject_rejects_bad_options(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["render", "subject", "knight", "--view", "sideways", "--out", str(tmp_path / "x")]
    )
    assert result.exit_code != 0 and "view must be one of" in result.output
    result = runner.invoke(
        app,
        ["render", "subject", "knight", "--animation", "moonwalk", "--out", str(tmp_path / "y")],
    )
    assert result.exit_code != 0 and "no animation 'moonwalk'" in result.output
