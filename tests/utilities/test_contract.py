"""Contract models: bounds, cross-field rules, 413 limits, costs, and run() end to end."""

from __future__ import annotations

import base64
import io

import numpy as np
import pytest
from PIL import Image
from pydantic import ValidationError

from pixelkiln.contract.common import IMAGE_TOO_LARGE
from pixelkiln.contract.utilities import (
    ENDPOINTS,
    CorrectPixelartRequest,
    ImageToPixelartProFlashRequest,
    ImageToPixelartProRequest,
    ImageToPixelartRequest,
    NormalMapRequest,
    ReduceColorsRequest,
    RemoveBackgroundRequest,
    ResizeRequest,
    UnzoomRequest,
    VfxRequest,
)
from pixelkiln.engine.imageio import decode_image
from pixelkiln.service.utilities.compute import compute
from pixelkiln.service.utilities.costs import quote
from tests.utilities.art import on_backdrop, photo, sprite


def b64(img: np.ndarray, fmt: str = "PNG") -> dict[str, str]:
    buf = io.BytesIO()
    Image.fromarray(img if fmt == "PNG" else img[..., :3]).save(buf, fmt)
    return {
        "type": "base64",
        "base64": base64.b64encode(buf.getvalue()).decode(),
        "format": fmt.lower(),
    }


def pixels(image: object) -> np.ndarray:
    return decode_image(base64.b64decode(image.base64))  # type: ignore[attr-defined]


def errors(exc: pytest.ExceptionInfo[ValidationError]) -> list[tuple[tuple, str]]:
    return [(tuple(e["loc"]), e["type"]) for e in exc.value.errors()]


SPRITE = sprite(1, 24, "blue")


def test_endpoint_table() -> None:
    paths = [e.path for e in ENDPOINTS]
    assert len(paths) == len(set(paths)) == 10
    jobs = {e.path for e in ENDPOINTS if not e.sync}
    assert jobs == {"/image-to-pixelart-pro", "/image-to-pixelart-pro-flash", "/vfx"}
    for e in ENDPOINTS:
        assert e.request.PATH == e.path
        assert e.request.model_config.get("extra") == "forbid"
        assert "Cost" in (e.request.__doc__ or "")
        schema = e.request.model_json_schema()
        assert "example" in schema or "examples" in schema


def test_extra_fields_are_rejected() -> None:
    with pytest.raises(ValidationError) as exc:
        UnzoomRequest.model_validate({"image": b64(SPRITE), "zoom": 4})
    assert (("zoom",), "extra_forbidden") in errors(exc)


def test_reduce_colors_rules() -> None:
    img = b64(SPRITE)
    with pytest.raises(ValidationError, match="mutually exclusive"):
        ReduceColorsRequest.model_validate({"images": [img], "num_colors": 4, "palette_image": img})
    with pytest.raises(ValidationError, match="same size"):
        ReduceColorsRequest.model_validate({"images": [img, b64(SPRITE[:10])]})
    with pytest.raises(ValidationError) as exc:
        ReduceColorsRequest.model_validate({"images": [b64(photo(0, 400, 400))] * 2})
    assert (("images",), IMAGE_TOO_LARGE) in errors(exc)
    for bad in (
        {"num_colors": 1},
        {"num_colors": 257},
        {"dithering": "3x3"},
        {"dithering_strength": 11},
        {"images": []},
    ):
        with pytest.raises(ValidationError):
            ReduceColorsRequest.model_validate({"images": [img], **bad})


def test_reduce_colors_runs_and_palette_round_trips() -> None:
    req = ReduceColorsRequest.model_validate(
        {"images": [b64(photo(1)), b64(photo(2))], "num_colors": 8, "dithering": "4x4"}
    )
    assert quote(req) == 0.1 and req.SYNC
    res = compute(req)
    assert len(res.images) == 2 and res.n_colors <= 8
    strip = pixels(res.palette)
    assert strip.shape == (1, res.n_colors, 4)
    again = compute(
        ReduceColorsRequest.model_validate(
            {"images": [b64(photo(1))], "palette_image": res.palette.model_dump()}
        )
    )
    assert {tuple(c) for c in pixels(again.images[0])[..., :3].reshape(-1, 3)} <= {
        tuple(c) for c in strip[0, :, :3]
    }


def test_per_endpoint_limits_are_413_on_the_field() -> None:
    big = b64(np.zeros((401, 401, 4), np.uint8))
    too_big_ref = b64(np.zeros((201, 201, 4), np.uint8))
    sizes = {"width": 200, "height": 200}
    out = {"width": 64, "height": 64}
    cases = [
        (RemoveBackgroundRequest, {"image": big, "image_size": sizes}, "image"),
        (
            ResizeRequest,
            {
                "description": "x",
                "reference_image": too_big_ref,
                "reference_image_size": sizes,
                "target_size": out,
            },
            "reference_image",
        ),
        (NormalMapRequest, {"image": b64(np.zeros((513, 513, 4), np.uint8))}, "image"),
        (CorrectPixelartRequest, {"images": [b64(np.zeros((1025, 1025, 4), np.uint8))]}, "images"),
        (
            ImageToPixelartRequest,
            {
                "image": b64(np.zeros((16, 2049, 4), np.uint8)),
                "image_size": {"width": 2048, "height": 16},
                "output_size": out,
            },
            "image",
        ),
    ]
    for model, body, field in cases:
        with pytest.raises(ValidationError) as exc:
            model.model_validate(body)
        assert ((field,), IMAGE_TOO_LARGE) in errors(exc), model.__name__


def test_size_bounds() -> None:
    img = b64(SPRITE)
    with pytest.raises(ValidationError):
        RemoveBackgroundRequest.model_validate(
            {"image": img, "image_size": {"width": 0, "height": 5}}
        )
    with pytest.raises(ValidationError):
        ResizeRequest.model_validate(
            {
                "description": "x",
                "reference_image": img,
                "reference_image_size": {"width": 24, "height": 24},
                "target_size": {"width": 201, "height": 64},
            }
        )
    with pytest.raises(ValidationError):
        VfxRequest.model_validate({"description": "fire", "image_size": {"width": 8, "height": 8}})
    with pytest.raises(ValidationError):
        VfxRequest.model_validate({"description": "fire", "frame_count": 17})
    with pytest.raises(ValidationError):
        UnzoomRequest.model_validate({"image": b64(SPRITE[:1]), "quantize": 0})


def test_sync_endpoints_run() -> None:
    up = SPRITE.repeat(4, 0).repeat(4, 1)
    r = compute(UnzoomRequest.model_validate({"image": b64(up)}))
    assert (r.unzoomed_size.width, r.unzoomed_size.height) == (24, 24)
    assert r.zoom_factor_detected == 4.0 and r.original_size.width == 96
    np.testing.assert_array_equal(pixels(r.image), SPRITE)

    c = compute(CorrectPixelartRequest.model_validate({"images": [b64(up)]}))
    np.testing.assert_array_equal(pixels(c.images[0]), up)

    rs = compute(
        ResizeRequest.model_validate(
            {
                "description": "wizard",
                "reference_image": b64(SPRITE),
                "color_image": b64(SPRITE),
                "reference_image_size": {"width": 24, "height": 24},
                "target_size": {"width": 48, "height": 48},
            }
        )
    )
    np.testing.assert_array_equal(pixels(rs.image), SPRITE.repeat(2, 0).repeat(2, 1))

    rb = compute(
        RemoveBackgroundRequest.model_validate(
            {
                "image": b64(on_backdrop(SPRITE, (10, 200, 10)), "JPEG"),
                "image_size": {"width": 24, "height": 24},
                "background_removal_task": "remove_complex_background",
            }
        )
    )
    out = pixels(rb.image)
    assert out[0, 0, 3] == 0 and (out[..., 3] > 0).sum() > 100

    i2p = ImageToPixelartRequest.model_validate(
        {
            "image": b64(photo(3), "JPEG"),
            "image_size": {"width": 160, "height": 120},
            "output_size": {"width": 40, "height": 30},
        }
    )
    assert quote(i2p) == 1.0
    assert pixels(compute(i2p).image).shape == (30, 40, 4)

    nm = compute(NormalMapRequest.model_validate({"image": b64(SPRITE), "invert_y": True}))
    assert (pixels(nm.image)[..., 3] > 0).sum() == (SPRITE[..., 3] > 0).sum()


def test_job_endpoints_run_and_price_by_size() -> None:
    pro = ImageToPixelartProRequest.model_validate(
        {"image": b64(photo(5)), "description": "retro vibes with light dithering", "seed": 42}
    )
    assert not pro.SYNC and quote(pro) == 2.0
    seen: list[float] = []
    res = compute(pro, seen.append)
    assert res.source == "photo" and seen[-1] == 1.0
    assert pixels(res.image).shape == (res.size.height, res.size.width, 4)
    assert res.model_dump(mode="json")["image"]["type"] == "base64"  # JSON for last_response

    flash = ImageToPixelartProFlashRequest.model_validate(
        {"image": b64(photo(5)), "output_size": {"width": 200, "height": 150}, "palette_size": 6}
    )
    assert quote(flash) == 2.0
    out = compute(flash)
    assert (out.size.width, out.size.height) == (200, 150) and out.n_colors <= 6

    small = VfxRequest.model_validate({"description": "purple portal"})
    assert quote(small) == 1.0
    big = VfxRequest.model_validate(
        {"description": "fire", "image_size": {"width": 256, "height": 256}, "frame_count": 16}
    )
    assert quote(big) == 16.0
    v = compute(
        VfxRequest.model_validate(
            {
                "description": "sparkles",
                "image_size": {"width": 32, "height": 24},
                "frame_count": 4,
                "color": "#3fd46a",
                "seed": 5,
            }
        )
    )
    assert v.frame_count == 4 and len(v.frames) == 4 and v.effect == "sparkles"
    assert pixels(v.spritesheet).shape == (24, 128, 4)
    assert pixels(v.palette).shape == (1, v.n_colors, 4)


def test_same_request_gives_identical_bytes() -> None:
    body = {"description": "crackling blue lightning", "seed": 7, "frame_count": 4}
    a = compute(VfxRequest.model_validate(body))
    b = compute(VfxRequest.model_validate(body))
    assert a.spritesheet.base64 == b.spritesheet.base64
    req = {"images": [b64(photo(8))], "num_colors": 12}
    assert (
        compute(ReduceColorsRequest.model_validate(req)).images[0].base64
        == compute(ReduceColorsRequest.model_validate(req)).images[0].base64
    )


@pytest.mark.parametrize("fill", [0, 200])
def test_blank_images_do_not_break_any_endpoint(fill: int) -> None:
    img = np.full((32, 32, 4), fill, np.uint8)
    body = b64(img)
    size = {"width": 32, "height": 32}
    small = {"width": 16, "height": 16}
    compute(ReduceColorsRequest.model_validate({"images": [body]}))
    compute(CorrectPixelartRequest.model_validate({"images": [body]}))
    assert compute(UnzoomRequest.model_validate({"image": body})).unzoomed_size.width >= 1
    compute(
        ResizeRequest.model_validate(
            {
                "description": "x",
                "reference_image": body,
                "reference_image_size": size,
                "target_size": small,
                "no_background": True,
            }
        )
    )
    compute(RemoveBackgroundRequest.model_validate({"image": body, "image_size": size}))
    compute(
        ImageToPixelartRequest.model_validate(
            {"image": body, "image_size": size, "output_size": small}
        )
    )
    compute(ImageToPixelartProRequest.model_validate({"image": body}))
    compute(ImageToPixelartProFlashRequest.model_validate({"image": body}))
    out = pixels(compute(NormalMapRequest.model_validate({"image": body})).image)
    assert out.shape == (32, 32, 4)


@pytest.mark.parametrize("shape", [(1, 1), (1, 9), (9, 1), (2, 40)])
@pytest.mark.parametrize("kind", ["noise", "clear"])
def test_slivers_of_images_are_refused_or_handled(shape: tuple[int, int], kind: str) -> None:
    """One-pixel-wide and tiny images: each endpoint either refuses them at validation or
    computes a result, with no numerical warning on the way (pytest turns warnings into
    errors: a mean of nothing, a NaN from an empty profile)."""
    h, w = shape
    rng = np.random.default_rng(h * 100 + w)
    img = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
    img[..., 3] = 0 if kind == "clear" else 255
    body = b64(img)
    size = {"width": w, "height": h}
    requests = [
        (ReduceColorsRequest, {"images": [body]}),
        (CorrectPixelartRequest, {"images": [body]}),
        (UnzoomRequest, {"image": body}),
        (RemoveBackgroundRequest, {"image": body, "image_size": size}),
        (ImageToPixelartProRequest, {"image": body}),
        (ImageToPixelartProFlashRequest, {"image": body}),
        (NormalMapRequest, {"image": body}),
    ]
    for model, data in requests:
        try:
            request = model.model_validate(data)
        except ValidationError:
            continue
        compute(request)
