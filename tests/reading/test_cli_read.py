"""``pixelkiln read`` prints what was understood and what was not."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pixelkiln.cli.main import app


def test_read_prints_effects_and_unknown_words() -> None:
    out = CliRunner().invoke(app, ["read", "polluted glorbish canal water"])
    assert out.exit_code == 0, out.output
    assert "murk" in out.output
    assert "not understood: glorbish" in out.output


def test_read_ui_as_json() -> None:
    out = CliRunner().invoke(app, ["read", "pause menu with 4 buttons", "--family", "ui", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert {"kind": "button", "count": 4} in data["elements"]


def test_read_refuses_an_unknown_family() -> None:
    out = CliRunner().invoke(app, ["read", "grass", "--family", "planet"])
    assert out.exit_code != 0
