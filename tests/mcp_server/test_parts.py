"""The MCP server's parts without a client: save_to's root, the image finder, the table."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pixelkiln.cli.main import app
from pixelkiln.mcp_server.files import OutsideRoot, SaveRoot
from pixelkiln.mcp_server.results import find_images, job_ids, summarise
from pixelkiln.mcp_server.tools import SAVE_TO, TOOLS
from pixelkiln.service.quotes import QUOTES
from tests.conftest import png_b64


def test_save_to_stays_inside_the_root(tmp_path: Path) -> None:
    root = SaveRoot.at(tmp_path / "project")
    root.root.mkdir()
    assert root.folder("assets/tiles") == root.root / "assets" / "tiles"
    assert root.folder(str(root.root / "a")) == root.root / "a"
    for outside in ("..", "../x", "/tmp", "assets/../../x", str(tmp_path)):
        with pytest.raises(OutsideRoot):
            root.folder(outside)
    # A symbolic link inside the root that points out of it is outside too.
    (root.root / "link").symlink_to(tmp_path)
    with pytest.raises(OutsideRoot):
        root.folder("link/x")


def test_archive_members_cannot_climb_out(tmp_path: Path) -> None:
    root = SaveRoot.at(tmp_path)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("set.tsx", "<tileset/>")
        zf.writestr("../../evil.txt", "x")
    with pytest.raises(OutsideRoot):
        root.unpack(tmp_path / "out", "tiled", buf.getvalue())
    assert (tmp_path / "out" / "tiled" / "set.tsx").read_text() == "<tileset/>"
    assert not (tmp_path.parent / "evil.txt").exists()


def test_images_are_found_and_named_in_any_answer() -> None:
    png = png_b64(np.zeros((4, 4, 4), np.uint8))
    url = "http://127.0.0.1:8000/files/" + "a" * 32 + ".png"
    answer = {
        "tileset": {
            "tiles": [
                {"name": "wang_0", "image": {"type": "base64", "base64": png}},
                {
                    "name": "wang_1",
                    "image": {"type": "base64", "base64": "data:image/png;base64," + png},
                },
            ]
        },
        "link": url,
        "again": url,
        "background_job_ids": ["j1", "j2"],
        "nested": [{"background_job_id": "j3"}],
    }
    found = find_images(answer)
    assert [f.name for f in found] == ["tileset/tiles/wang_0", "tileset/tiles/wang_1", "link"]
    assert found[0].data and found[0].data.startswith(b"\x89PNG") and found[2].url == url
    assert job_ids(answer) == ["j1", "j2", "j3"]
    assert summarise(answer)["tileset"]["tiles"][0]["image"].startswith("<png image")


def test_every_tool_takes_its_contract_model() -> None:
    names = [t.name for t in TOOLS]
    assert len(names) == len(set(names))
    for tool in TOOLS:
        assert tool.model is QUOTES[tool.path].model
        props = tool.input_schema["properties"]
        assert set(tool.model.model_fields) <= set(props) and SAVE_TO in props
        assert tool.input_schema["type"] == "object"
        assert "Cost:" in tool.description and "Time:" in tool.description


def test_the_documentation_lists_every_tool() -> None:
    page = (Path(__file__).parents[2] / "docs" / "mcp.md").read_text()
    missing = [t.name for t in TOOLS if f"| `{t.name}` | `POST /v2{t.path}` |" not in page]
    assert not missing


def test_the_animation_just_made_comes_first() -> None:
    def url(n: int) -> str:
        return f"http://h/files/{n:032d}.png"

    detail = {
        "rotation_urls": {"south": url(0)},
        "animations": [
            {"animation_type": "walk", "animation_group_id": "g1", "frames": [url(1)]},
            {"animation_type": "walk", "animation_group_id": "g2", "frames": [url(2)]},
        ],
    }
    found = find_images(detail, prefer="g2")
    assert [f.url for f in found] == [url(2), url(0), url(1)]
    names = [f.name for f in found]
    assert len(set(names)) == 3 and "animations/walk/frames/0" in names


#: Charging paths that are deliberately not tools: aliases of a tool's path, and the
#: free review steps of a 1-direction object.
NOT_TOOLS = {
    "/create-tileset",
    "/create-tileset-sidescroller",
    "/characters/animations",
    "/objects/{object_id}/select-frames",
    "/objects/{object_id}/dismiss-review",
}


def test_every_operation_that_makes_something_is_a_tool() -> None:
    served = {t.path for t in TOOLS}
    missing = sorted(set(QUOTES) - served - NOT_TOOLS)
    assert not missing, f"add a ToolSpec line in pixelkiln/mcp_server/tools.py for {missing}"


def test_the_command_refuses_what_it_cannot_serve_safely(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"PIXELKILN_DATA_DIR": str(tmp_path / "data")}
    wrong = runner.invoke(app, ["mcp", "--key", "pk_not_a_key"], env=env)
    assert wrong.exit_code == 2 and "not a valid API key" in wrong.output
    exposed = runner.invoke(app, ["mcp", "--http", "--host", "0.0.0.0"], env=env)
    assert exposed.exit_code == 2 and "--token" in exposed.output
    remote = runner.invoke(app, ["mcp", "--url", "http://127.0.0.1:9"], env=env)
    assert remote.exit_code == 2 and "--key" in remote.output
