"""Resources (the llms.txt index, the gallery, the balance) and prompts.

The gallery is the folder ``make gallery`` writes (``docs/gallery`` of a checkout, or
``--gallery``): its page as markdown, each picture as a resource of its own.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import mcp.types as types

import pixelkiln
from pixelkiln.mcp_server.backend import Backend
from pixelkiln.mcp_server.results import is_file_url

__all__ = ["PROMPTS", "Catalog", "find_gallery", "render_prompt"]

LLMS_URI = "pixelkiln://llms.txt"
GALLERY_URI = "pixelkiln://gallery"
BALANCE_URI = "pixelkiln://balance"
_MIME = {".png": "image/png", ".gif": "image/gif", ".md": "text/markdown"}


def find_gallery(explicit: Path | None = None) -> Path | None:
    """``explicit``, else ``docs/gallery`` here or beside the installed sources."""
    candidates = [explicit] if explicit else []
    candidates += [
        Path.cwd() / "docs" / "gallery",
        Path(pixelkiln.__file__).resolve().parents[2] / "docs" / "gallery",
    ]
    return next((c.resolve() for c in candidates if c and (c / "README.md").is_file()), None)


class Catalog:
    def __init__(self, backend: Backend, gallery: Path | None) -> None:
        self.backend, self.gallery = backend, gallery

    def resources(self) -> list[types.Resource]:
        return [
            types.Resource(
                uri=LLMS_URI,
                name="llms.txt",
                description="A concise index of every /v2 operation, with auth, jobs, "
                "billing and error conventions.",
                mime_type="text/plain",
            ),
            types.Resource(
                uri=GALLERY_URI,
                name="gallery",
                description="What every family makes: the gallery page (markdown) whose "
                "pictures are resources under pixelkiln://gallery/.",
                mime_type="text/markdown",
            ),
            types.Resource(
                uri=BALANCE_URI,
                name="balance",
                description="The generations left on the account the tools charge.",
                mime_type="application/json",
            ),
        ]

    def templates(self) -> list[types.ResourceTemplate]:
        return [
            types.ResourceTemplate(
                uri_template=GALLERY_URI + "/{path}",
                name="gallery picture",
                description="A picture of the gallery, by its path on the gallery page.",
            )
        ]

    async def read(self, uri: str) -> types.ReadResourceResult:
        if uri == LLMS_URI:
            text = (await self.backend.request("GET", "/llms.txt")).text
            return _text(uri, text, "text/plain")
        if uri == BALANCE_URI:
            balance = await self.backend.json("GET", "/balance")
            return _text(uri, json.dumps(balance), "application/json")
        if uri == GALLERY_URI:
            return _text(uri, self._gallery_page(), "text/markdown")
        if is_file_url(uri):
            # A tool's resource link, readable here even when no server serves it (embedded).
            response = await self.backend.request("GET", uri)
            return _blob(uri, response.content, response.headers.get("content-type", ""))
        if uri.startswith(GALLERY_URI + "/") and self.gallery is not None:
            path = (self.gallery / uri[len(GALLERY_URI) + 1 :]).resolve()
            if self.gallery in path.parents and path.is_file() and path.suffix in _MIME:
                return _blob(uri, path.read_bytes(), _MIME[path.suffix])
        msg = f"no resource {uri}"
        raise ValueError(msg)

    def _gallery_page(self) -> str:
        if self.gallery is None:
            return (
                "# pixelkiln gallery\n\nNo gallery folder here: `pixelkiln gallery --out DIR` "
                "draws one offline; start the server with `--gallery DIR` to serve it.\n"
            )
        page = (self.gallery / "README.md").read_text()
        # Relative picture links become resource URIs the client can read.
        return re.sub(r"\]\((?!https?:)([^)\s]+\.(?:png|gif))\)", rf"]({GALLERY_URI}/\1)", page)


def _blob(uri: str, data: bytes, mime: str) -> types.ReadResourceResult:
    blob = base64.b64encode(data).decode()
    return types.ReadResourceResult(
        contents=[types.BlobResourceContents(uri=uri, blob=blob, mime_type=mime or None)]
    )


def _text(uri: str, text: str, mime: str) -> types.ReadResourceResult:
    return types.ReadResourceResult(
        contents=[types.TextResourceContents(uri=uri, text=text, mime_type=mime)]
    )


# --- prompts --------------------------------------------------------------------------

PROMPTS: list[types.Prompt] = [
    types.Prompt(
        name="make-tileset-for-map",
        title="Make a tileset for my map",
        description="Plan the terrains of a top-down map and make connected tilesets for it.",
        arguments=[
            types.PromptArgument(
                name="map",
                description="What the map shows (a forest village by a lake...)",
                required=True,
            ),
            types.PromptArgument(name="tile_size", description="16 or 32 (default 32)"),
            types.PromptArgument(name="save_to", description="Folder for the files"),
        ],
    ),
    types.Prompt(
        name="make-character-with-walk-cycle",
        title="Make a character with a walk cycle",
        description="Draw a character in 8 directions, then animate its walk.",
        arguments=[
            types.PromptArgument(
                name="character",
                description="Who it is (an orc knight with a red cape...)",
                required=True,
            ),
            types.PromptArgument(name="size", description="Sprite size in pixels (default 48)"),
            types.PromptArgument(name="save_to", description="Folder for the files"),
        ],
    ),
]


def render_prompt(name: str, args: dict[str, str]) -> types.GetPromptResult:
    save = f', with save_to "{args["save_to"]}"' if args.get("save_to") else ""
    if name == "make-tileset-for-map":
        if not args.get("map"):
            raise ValueError("the prompt needs the argument `map`")
        size = args.get("tile_size") or "32"
        text = (
            f"I am making a top-down map: {args['map']}.\n"
            "Use the pixelkiln tools to make its tilesets:\n"
            "1. List the terrains the map needs (grass, dirt path, water...) and which of "
            "them touch.\n"
            f"2. For each pair that touches, call `create_tileset` with lower_description and "
            f'upper_description, tile_size {{"width": {size}, "height": {size}}}{save}.\n'
            "3. When a terrain is already in an earlier set, connect the new set to it: pass "
            "that set's `metadata.terrain_ids.lower` or `.upper` as `lower_base_tile_id` or "
            "`upper_base_tile_id`, so the shared terrain is drawn identically.\n"
            "4. Tell me which files were written (the Tiled .tsx and Godot .tres load the "
            "sheets directly) and how much it cost."
        )
        return _prompt(f"Tilesets for: {args['map']}", text)
    if name == "make-character-with-walk-cycle":
        if not args.get("character"):
            raise ValueError("the prompt needs the argument `character`")
        size = args.get("size") or "48"
        text = (
            f"Make a game character: {args['character']}.\n"
            "1. Call `create_character_8_directions` with that description and image_size "
            f'{{"width": {size}, "height": {size}}}{save}.\n'
            "2. Call `animate_character` with its `character_id` and "
            f'template_animation_id "walk"{save}.\n'
            "3. Show me the south-facing rotation and walk frames, and tell me which files "
            "were written (the Aseprite and Godot exports hold every direction)."
        )
        return _prompt(f"A character with a walk cycle: {args['character']}", text)
    msg = f"no prompt {name}"
    raise ValueError(msg)


def _prompt(description: str, text: str) -> types.GetPromptResult:
    return types.GetPromptResult(
        description=description,
        messages=[types.PromptMessage(role="user", content=types.TextContent(text=text))],
    )
