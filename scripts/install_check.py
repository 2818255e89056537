"""Drive an installed pixelkiln (see scripts/install-check.sh): the service answers, a
tileset job completes through the worker, and descriptions outside the lexicon read as
the sentence model reads them. Standard library only: it runs in the fresh environment.

    python install_check.py BASE_URL API_KEY
"""

from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.request
from typing import Any

#: Descriptions no lexicon alias names, and the material the full reader reads (the
#: sentence model, or the place table where it names the place).
READINGS = {
    "meadow": "grass",
    "frozen tundra": "dry grass",  # the place table: tundra is frosted dry grass
    "farmland with wheat": "dirt",  # the place table: farmland is furrowed dirt
    "neon sci-fi floor panel": "metal plates",
    "pasture": "grass",
    "dungeon": "stone brick",
    "porcelain": "floor tiles",
    "hardwood": "wood planks",
    "blizzard": "snow",
    "sapphire": "crystal",
    "cave": "rock",
    "kitchen floor": "wood planks",
}


def call(base: str, key: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Authorization", f"Bearer {key}")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def wait_healthy(base: str, deadline: float) -> dict[str, Any]:
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=5) as resp:
                return json.loads(resp.read())
        except (urllib.error.URLError, ConnectionError) as exc:
            if time.monotonic() > deadline:
                sys.exit(f"the service did not become healthy: {exc}")
            time.sleep(0.5)


def main() -> None:
    base, key = sys.argv[1], sys.argv[2]
    health = wait_healthy(base, time.monotonic() + 90)
    components = health["components"]
    print("healthz:", {name: c["status"] for name, c in components.items()})
    assert health["status"] == "ok", health
    assert components["broker"]["status"] == "ok", components["broker"]
    assert components["reader"]["detail"].startswith("static"), components["reader"]

    status, sub = call(
        base,
        key,
        "POST",
        "/v2/tilesets",
        {"lower_description": "ocean", "upper_description": "sand", "seed": 5},
    )
    assert status == 202, (status, sub)
    job_id = sub["background_job_id"]
    deadline = time.monotonic() + 120
    while True:
        status, job = call(base, key, "GET", f"/v2/background-jobs/{job_id}")
        assert status == 200, (status, job)
        if job["status"] != "processing":
            break
        if time.monotonic() > deadline:
            sys.exit(f"job {job_id} still processing after 120 s: no worker took it")
        time.sleep(0.5)
    assert job["status"] == "completed", job
    status, tileset = call(base, key, "GET", f"/v2/tilesets/{sub['tileset_id']}")
    assert status == 200 and len(tileset["tileset"]["tiles"]) == 16, status
    print(f"tileset job {job_id} completed by the worker: 16 tiles")

    from pixelkiln.engine.text import parse_description

    wrong = {}
    for text, expected in READINGS.items():
        spec = parse_description(text)
        print(f"  {text!r} -> {spec.material} ({spec.matched_by} {spec.score})")
        if spec.material != expected:
            wrong[text] = (spec.material, expected)
    assert not wrong, f"read differently from the sentence model (got, model): {wrong}"
    print(f"{len(READINGS)} descriptions outside the lexicon read as the sentence model reads them")


if __name__ == "__main__":
    main()
