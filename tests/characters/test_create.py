"""Creating characters over HTTP: 4 and 8 directions, references, colour images, Pro,
quadruped templates and creatures, failures and refunds, and the documented errors."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest
from PIL import Image
from pydantic import ValidationError

from pixelkiln.contract.characters import CreateCharacterWith4DirectionsRequest
from pixelkiln.engine.subjects.subject import Look, Subject, draw_subject
from pixelkiln.jobs import registry
from tests.characters.conftest import (
    SMALL,
    balance,
    create,
    detail,
    fetch_bytes,
    fetch_png,
    post,
    reference_share,
    wait_job,
)
from tests.conftest import image_body
from tests.subjects.measure import box, colours, height

EIGHT = ["south", "south-east", "east", "north-east", "north", "north-west", "west", "south-west"]


def _sprite(text: str, size: int = 32, seed: int = 2) -> np.ndarray:
    """A south-facing sprite drawn by the engine (a reference we know the truth of)."""
    d = draw_subject(Subject.from_text(text, seed), Look(image_size=(size, size)), ["south"])
    rgba = d.sprites["south"].rgba()
    # Cut it to the inner image_size box (the canvas is 28 px larger).
    return rgba[14 : 14 + size, 14 : 14 + size].copy()


@pytest.mark.parametrize("view", ["low top-down", "side"])
def test_eight_directions_agree_and_answer_without_a_key(svc, view: str) -> None:
    key = svc.new_key(generations=10)
    d = create(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "orc knight with a red cape", "image_size": SMALL, "seed": 3, "view": view},
    )
    assert balance(svc, key) == 9  # standard: 1 generation
    urls = d["rotation_urls"]
    assert sorted(urls) == sorted(EIGHT) and all(urls.values())
    assert d["size"] == {"width": 60, "height": 60}  # image_size 32 + 28
    assert d["image_size"] == SMALL and d["directions"] == 8 and d["status"] == "completed"
    images, tables = {}, set()
    for direction, url in urls.items():
        raw = fetch_bytes(svc, url)  # public: no key
        with Image.open(io.BytesIO(raw)) as im:
            assert im.mode == "P" and im.size == (60, 60)
            tables.add(tuple(im.getpalette()))
        images[direction] = fetch_png(svc, url)
    assert len(tables) == 1  # one colour table for every direction
    heights = [height(i) for i in images.values()]
    bottoms = [box(i)[1] for i in images.values()]
    assert max(heights) - min(heights) <= 1
    if view == "side":
        assert len(set(bottoms)) == 1  # one ground line
    else:
        assert max(bottoms) - min(bottoms) <= 1  # toes nearer the viewer, one px at most
    assert set(d["skeletons"]) == set(EIGHT)
    labels = {k["label"] for k in d["skeletons"]["south"]}
    assert len(labels) == 18 and "LEFT ARM" in labels


def test_four_directions_and_the_job_record(svc) -> None:
    key = svc.new_key()
    r = post(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "elf archer", "image_size": SMALL},
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "processing" and body["usage"]["generations"] == 1
    done = wait_job(svc, key, body["background_job_id"])
    last = done["last_response"]
    assert done["status"] == "completed" and last["character_id"] == body["character_id"]
    assert last["directions_count"] == 4 and last["uploaded_directions"] == [
        "south",
        "west",
        "east",
        "north",
    ]
    d = detail(svc, key, body["character_id"])
    urls = d["rotation_urls"]
    assert all(urls[x] for x in ("south", "west", "east", "north"))
    assert all(urls[x] is None for x in ("south-east", "north-west"))
    assert d["directions"] == 4


def test_pending_until_the_job_runs(make_service) -> None:
    svc = make_service(runner="manual")
    key = svc.new_key()
    r = post(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "ninja", "image_size": SMALL},
    )
    cid = r.json()["character_id"]
    d = detail(svc, key, cid)
    assert d["status"] == "pending" and d["rotation_urls"] is None
    listed = svc.client.get("/v2/characters", headers=svc.headers(key)).json()
    assert listed["characters"][0]["status"] == "pending"
    assert listed["characters"][0]["preview_url"] is None
    svc.ctx.runner.run_pending()
    assert detail(svc, key, cid)["status"] == "completed"


def test_same_request_same_bytes(svc) -> None:
    key = svc.new_key()
    body = {"description": "dwarf blacksmith", "image_size": SMALL}
    a = create(svc, key, "/create-character-with-4-directions", body)
    b = create(svc, key, "/create-character-with-4-directions", body)
    c = create(svc, key, "/create-character-with-4-directions", {**body, "seed": 99})
    south = [fetch_bytes(svc, x["rotation_urls"]["south"]) for x in (a, b, c)]
    assert south[0] == south[1] != south[2]


def test_a_quadruped_template_builds_the_animal(svc) -> None:
    key = svc.new_key()
    d = create(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "a black dog", "image_size": SMALL, "template_id": "dog"},
    )
    assert d["template_id"] == "dog" and d["reading"]["plan"] == "dog"
    east = fetch_png(svc, d["rotation_urls"]["east"])
    top, bottom, left, right = box(east)
    assert right - left > bottom - top  # an animal seen from the side is long, not tall
    # A template the description does not name: the template's animal, in its colour.
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "a white friendly companion", "image_size": SMALL, "template_id": "cat"},
    )
    assert d["reading"]["plan"] == "cat"


def test_a_creature_description_is_not_a_person(svc) -> None:
    key = svc.new_key()
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "a green slime", "image_size": SMALL},
    )
    assert d["reading"]["kind"] == "creature" and d["reading"]["plan"] == "slime"
    assert d["template_id"] == "mannequin"


def test_reference_directions_are_kept_in_the_inner_box(svc) -> None:
    key = svc.new_key()
    south, east = _sprite("farmer", seed=5), np.zeros((32, 32, 4), np.uint8)
    east[8:30, 12:20] = (40, 90, 200, 255)
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {
            "description": "farmer",
            "image_size": SMALL,
            "directions": {"south": image_body(south), "east": image_body(east)},
        },
    )
    canvas = {x: fetch_png(svc, d["rotation_urls"][x]) for x in ("south", "east", "north")}
    assert np.array_equal(canvas["south"][14:46, 14:46], south)
    assert np.array_equal(canvas["east"][14:46, 14:46], east)
    assert canvas["south"][:14].max() == 0  # nothing outside the inner box
    # The north view is drawn from a model fitted to the south reference, in its colours.
    north = canvas["north"]
    assert (north[..., 3] > 0).sum() > 60
    share, furthest = reference_share(north, south)
    assert share >= 0.6 and furthest < 0.2, (share, furthest)
    assert d["proportions"]["fitted_iou"] > 0.5


@pytest.mark.parametrize(
    ("fields", "loc"),
    [
        ({"directions": {"east": "OK"}}, ["body", "directions"]),
        ({"template_id": "dog", "directions": {"south": "OK"}}, ["body", "directions"]),
        ({"directions": {"south": "BIG"}}, ["body", "directions", "south"]),
        ({"directions": {"south": "OK", "south-east": "OK"}}, ["body", "directions", "south-east"]),
        ({"isometric": True, "directions": {"south": "OK"}}, ["body", "directions"]),
    ],
)
def test_reference_rules_are_422(svc, fields: dict[str, Any], loc: list[str]) -> None:
    key = svc.new_key()
    ok = image_body(np.full((32, 32, 4), 200, np.uint8))
    big = image_body(np.full((40, 32, 4), 200, np.uint8))
    dirs = {k: {"OK": ok, "BIG": big}[v] for k, v in fields.get("directions", {}).items()}
    body = {"description": "knight", "image_size": SMALL, **fields, "directions": dirs}
    r = post(svc, key, "/create-character-with-4-directions", body)
    assert r.status_code == 422, r.text
    err = r.json()["detail"][0]
    assert err["loc"] == loc, err
    assert balance(svc, key) == 2000  # nothing charged


def test_references_are_standard_mode_only(svc) -> None:
    key = svc.new_key()
    ok = image_body(_sprite("knight"))
    r = post(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "knight", "image_size": SMALL, "mode": "pro", "directions": {"south": ok}},
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "directions"]


def test_forced_colour_image_and_repainting(svc) -> None:
    key = svc.new_key()
    swatch = np.zeros((4, 16, 4), np.uint8)
    swatch[..., 3] = 255
    swatch[:, :4, :3] = (200, 30, 30)
    swatch[:, 4:8, :3] = (30, 30, 160)
    swatch[:, 8:12, :3] = (240, 220, 180)
    swatch[:, 12:, :3] = (20, 20, 20)
    allowed = {(200, 30, 30), (30, 30, 160), (240, 220, 180), (20, 20, 20)}
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {
            "description": "knight",
            "image_size": SMALL,
            "color_image": image_body(swatch),
            "force_colors": True,
        },
    )
    for url in d["rotation_urls"].values():
        if url:
            assert colours(fetch_png(svc, url)) <= allowed
    # Without force_colors the commonest colours repaint the clothes: red is the main one.
    d2 = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "villager", "image_size": SMALL, "color_image": image_body(swatch[:, :4])},
    )
    south = fetch_png(svc, d2["rotation_urls"]["south"])
    reds = [c for c in colours(south) if c[0] > 120 and c[1] < 80 and c[2] < 80]
    assert reds


def test_pro_mode_costs_the_pro_ladder_on_a_square_canvas(svc) -> None:
    key = svc.new_key(generations=100)
    d = create(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "samurai", "image_size": {"width": 32, "height": 24}, "mode": "pro"},
    )
    assert balance(svc, key) == 80  # <= 64 px: 20
    assert d["size"] == {"width": 60, "height": 60}
    assert d["style_settings"]["outline"] == "selective outline"
    r = post(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "samurai", "image_size": {"width": 100, "height": 100}, "mode": "pro"},
    )
    assert r.json()["usage"]["generations"] == 25  # <= 128 px


def test_short_balance_is_402_and_charges_nothing(svc) -> None:
    key = svc.new_key(generations=0.5)
    r = post(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "knight", "image_size": SMALL},
    )
    assert r.status_code == 402 and r.json()["cost"] == 1
    key = svc.new_key(generations=19)
    r = post(
        svc,
        key,
        "/create-character-pro",
        {"description": "knight", "image_size": {"width": 64, "height": 64}},
    )
    assert r.status_code == 402 and balance(svc, key) == 19


@pytest.mark.parametrize(
    ("path", "fields", "field"),
    [
        (
            "/create-character-with-4-directions",
            {"image_size": {"width": 15, "height": 32}},
            "width",
        ),
        (
            "/create-character-with-4-directions",
            {"image_size": {"width": 32, "height": 129}},
            "height",
        ),
        ("/create-character-with-4-directions", {"template_id": "humanoid"}, "template_id"),
        ("/create-character-with-4-directions", {"outline": "thick"}, "outline"),
        ("/create-character-with-4-directions", {"shading": "highly detailed shading"}, "shading"),
        ("/create-character-with-4-directions", {"view": "isometric"}, "view"),
        ("/create-character-with-4-directions", {"async_mode": False}, "async_mode"),
        (
            "/create-character-with-4-directions",
            {"proportions": {"type": "preset", "name": "huge"}},
            "name",
        ),
        (
            "/create-character-with-4-directions",
            {"proportions": {"type": "custom", "head_size": 3}},
            "head_size",
        ),
        ("/create-character-with-8-directions", {"mode": "turbo"}, "mode"),
        ("/create-character-with-4-directions", {"description": ""}, "description"),
        ("/create-character-with-4-directions", {"text_guidance_scale": 25}, "text_guidance_scale"),
        ("/create-character-with-4-directions", {"surprise": 1}, "surprise"),
    ],
)
def test_bad_fields_are_422_naming_the_field(svc, path: str, fields: dict, field: str) -> None:
    key = svc.new_key()
    r = post(svc, key, path, {"description": "knight", "image_size": SMALL, **fields})
    assert r.status_code == 422, r.text
    assert any(field in map(str, e["loc"]) for e in r.json()["detail"]), r.json()


def test_template_not_found_says_so(svc) -> None:
    key = svc.new_key()
    r = post(
        svc,
        key,
        "/create-character-with-8-directions",
        {"description": "knight", "image_size": SMALL, "template_id": "humanoid"},
    )
    assert r.status_code == 422 and "Template not found" in r.json()["detail"][0]["msg"]


def test_a_failed_generation_is_refunded_and_reads_failed(make_service, monkeypatch) -> None:
    def boom(payload: dict, ctx: Any) -> Any:
        raise RuntimeError("the drawing broke")

    monkeypatch.setitem(registry._runtime, "character", boom)
    svc = make_service(runner="manual")
    key = svc.new_key(generations=5)
    r = post(svc, key, "/create-character-v3", {"description": "ghost", "image_size": SMALL})
    assert r.status_code == 200 and balance(svc, key) == 3
    svc.ctx.runner.run_pending()
    body = r.json()
    done = wait_job(svc, key, body["background_job_id"])
    assert done["status"] == "failed" and done["usage"]["generations"] == 0
    assert "the drawing broke" in done["last_response"]["detail"]
    assert balance(svc, key) == 5  # refunded, once
    d = detail(svc, key, body["character_id"])
    assert d["status"] == "failed" and d["rotation_urls"] is None
    assert svc.client.get(f"/v2/characters/{body['character_id']}/zip").status_code == 422
    assert svc.client.get(f"/v2/characters/{body['character_id']}/spritesheet").status_code == 422
    r = post(
        svc,
        key,
        "/animate-character",
        {"character_id": body["character_id"], "template_animation_id": "walk"},
    )
    assert r.status_code == 400


def test_a_reference_without_a_figure_is_422(svc) -> None:
    key = svc.new_key()
    speck = np.zeros((32, 32, 4), np.uint8)
    speck[10, 10] = (255, 0, 0, 255)
    r = post(
        svc,
        key,
        "/create-character-v3",
        {"description": "ghost", "reference_image": image_body(speck)},
    )
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "reference_image"]
    assert balance(svc, key) == 2000


def test_no_key_is_401_and_another_accounts_character_is_404(svc) -> None:
    key, other = svc.new_key(), svc.new_key()
    assert (
        svc.client.post(
            "/v2/create-character-with-4-directions",
            json={"description": "knight", "image_size": SMALL},
        ).status_code
        == 401
    )
    d = create(
        svc,
        key,
        "/create-character-with-4-directions",
        {"description": "rogue", "image_size": SMALL},
    )
    r = svc.client.get(f"/v2/characters/{d['id']}", headers=svc.headers(other))
    assert r.status_code == 404 and d["id"] not in r.text
    for path, body in (
        ("/create-character-state", {"character_id": d["id"], "edit_description": "red"}),
        ("/animate-character", {"character_id": d["id"], "template_animation_id": "walk"}),
        (
            "/create-character-pro",
            {
                "description": "knight",
                "image_size": {"width": 32, "height": 32},
                "style_character_id": d["id"],
            },
        ),
    ):
        assert post(svc, other, path, body).status_code == 404, path


@pytest.mark.parametrize(
    ("given", "read"),
    [
        ({"name": "chibi"}, ("preset", "chibi")),
        ({"head_size": 1.4}, ("custom", 1.4)),
        ({"type": "preset", "name": "heroic"}, ("preset", "heroic")),
    ],
)
def test_proportions_without_a_type_are_read_as_the_schema_reads_them(
    given: dict[str, object], read: tuple[str, object]
) -> None:
    req = CreateCharacterWith4DirectionsRequest(
        description="knight", image_size={"width": 32, "height": 32}, proportions=given
    )
    p = req.proportions
    assert p is not None and p.type == read[0]
    assert getattr(p, "name", None) == read[1] or getattr(p, "head_size", None) == read[1]


@pytest.mark.parametrize("given", [{}, {"type": None, "head_size": 1.2}])
def test_proportions_that_match_no_single_variant_are_refused(given: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        CreateCharacterWith4DirectionsRequest(
            description="knight", image_size={"width": 32, "height": 32}, proportions=given
        )
