"""``pixelkiln render sprite``: any sprite turned and animated offline."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from pixelkiln.cli.main import app
from pixelkiln.engine.imageio import decode_image, encode_png
from pixelkiln.gallery.hand_made import slime


def test_render_sprite_writes_rotations_frames_and_what_it_read(tmp_path: Path) -> None:
    src = tmp_path / "slime.png"
    blob = slime()
    src.write_bytes(encode_png(blob))
    out = tmp_path / "out"
    args = ["render", "sprite", str(src), "--action", "bounce", "--frames", "4", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    meta = json.loads((out / "sprite.json").read_text())
    assert meta["plan"] == "blob" and meta["direction"] == "south"
    assert np.array_equal(decode_image((out / "rotations" / "south.png").read_bytes()), blob)
    assert np.array_equal(decode_image((out / "animation" / "frame_000.png").read_bytes()), blob)
    assert len(list((out / "animation").glob("frame_*.png"))) == 5
