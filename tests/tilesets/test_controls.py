"""Border controls change the picture, seams stay at 0; Pro differs from standard;
forced palettes hold; a GET body passes the shared ``pixelcheck.py wangset`` check."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from pixelkiln.engine.quality import palette_adherence
from pixelkiln.engine.wang import Shape, TerrainSpec, TopDownParams, TopDownSet
from pixelkiln.engine.wang.maps import paint, random_map
from tests.conftest import Service, image_body
from tests.tilesets.conftest import finished

PIXELCHECK = Path("/work/shared/tools/pixelcheck.py")
DEFAULT = {
    "roundness": 0.7,
    "amplitude": 0.35,
    "raggedness": 0.0,
    "seed": 1,
    "connect_diagonals": True,
}


def _set(
    pro: bool = True, step_slope: float = 0.5, low: bool = False, **shape: object
) -> TopDownSet:
    return TopDownSet(
        TopDownParams(
            lower=TerrainSpec("lava", 1, 32),
            upper=TerrainSpec("volcanic rock", 2, 32),
            transition=None,
            tile=32,
            pro=pro,
            transition_size=0.25,
            tall_wall=False,
            shape=Shape(**{**DEFAULT, **shape}),  # type: ignore[arg-type]
            step_slope=step_slope,
            low_view=low,
        )
    )


def _sheet_and_seams(s: TopDownSet) -> tuple[np.ndarray, int]:
    tiles = s.tiles()
    sheet = np.concatenate([rt.rgba for rt in tiles], axis=1)
    m = random_map(np.random.default_rng(2), 8, 8)
    painted = paint([(rt.tile, rt.rgba) for rt in tiles], m)
    return sheet, int((painted != s.render_map(m)).any(-1).sum())


@pytest.mark.parametrize(
    ("control", "kwargs"),
    [
        ("raggedness", {"raggedness": 1.0}),
        ("roundness", {"roundness": 0.0}),
        ("boundary_amplitude", {"amplitude": 1.0}),
        ("boundary_seed", {"seed": 77}),
        ("connect_diagonals", {"connect_diagonals": False}),
        ("step_slope", {"step_slope": 1.0}),
        ("view", {"low": True}),
    ],
)
def test_each_border_control_changes_pixels_and_keeps_seams(control: str, kwargs: dict) -> None:
    base, seams = _sheet_and_seams(_set())
    assert seams == 0
    changed, seams = _sheet_and_seams(_set(**kwargs))
    assert seams == 0, control
    share = float((base != changed).any(-1).mean())
    assert share > 0.005, (control, share)


def test_pro_and_standard_look_different() -> None:
    pro, _ = _sheet_and_seams(_set(pro=True))
    std, _ = _sheet_and_seams(_set(pro=False))
    assert float((pro != std).any(-1).mean()) > 0.05
    # Pro shades its boundary: more colours than the flat standard set.
    n_pro = len(np.unique(pro.reshape(-1, 4), axis=0))
    n_std = len(np.unique(std.reshape(-1, 4), axis=0))
    assert n_pro > n_std


def test_color_image_forces_the_palette(tileset_service: Service) -> None:
    svc = tileset_service
    key = svc.new_key()
    palette = np.array(
        [
            [20, 30, 60],
            [40, 80, 140],
            [90, 140, 200],
            [200, 180, 120],
            [240, 220, 170],
            [120, 90, 60],
        ],
        np.uint8,
    )
    img = np.zeros((2, 3, 4), np.uint8)
    img[..., :3] = palette.reshape(2, 3, 3)
    img[..., 3] = 255
    body = finished(
        svc,
        key,
        "/tilesets",
        {
            "mode": "pro",
            "lower_description": "ocean",
            "upper_description": "sand",
            "color_image": image_body(img),
            "tile_size": {"width": 32, "height": 32},
            "seed": 3,
        },
    )
    for t in body["tileset"]["tiles"]:
        with Image.open(io.BytesIO(base64.b64decode(t["image"]["base64"]))) as im:
            rgba = np.asarray(im.convert("RGBA"))
        assert palette_adherence(rgba, palette) == 1.0


@pytest.mark.skipif(not PIXELCHECK.exists(), reason="shared tools not present")
@pytest.mark.parametrize("mode", ["standard", "pro"])
def test_pixelcheck_wangset_finds_no_problem(
    tileset_service: Service, tmp_path: Path, mode: str
) -> None:
    svc = tileset_service
    key = svc.new_key()
    body = finished(
        svc,
        key,
        "/tilesets",
        {
            "mode": mode,
            "lower_description": "snow",
            "upper_description": "ice",
            "transition_size": 0.5,
            "tile_size": {"width": 32, "height": 32},
            "seed": 6,
        },
    )
    path = tmp_path / "set.json"
    path.write_text(json.dumps(body))
    out = subprocess.run(
        [sys.executable, str(PIXELCHECK), "wangset", str(path)],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = json.loads(out.stdout)
    assert report["edge_pairs_mismatched"] == 0, report["problems"]
    assert report["problems"] == []
    assert report["edge_pairs_compared"] > 0
