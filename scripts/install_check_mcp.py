"""The installed ``pixelkiln mcp`` (see scripts/install-check.sh): started over stdio by
the SDK's own client in remote mode against the running service, it lists its tools and
makes a tileset whose sheet comes back as a PNG. Runs in the fresh environment, where the
``mcp`` SDK is a dependency of the package.

    python install_check_mcp.py PIXELKILN_BIN BASE_URL API_KEY
"""

from __future__ import annotations

import base64
import os
import sys

import anyio
from mcp import Client, StdioServerParameters


async def main(binary: str, base: str, key: str) -> None:
    env = {**os.environ, "PIXELKILN_API_KEY": key}
    params = StdioServerParameters(command=binary, args=["mcp", "--url", base], env=env)
    async with Client(params, read_timeout_seconds=120) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        assert {"create_tileset", "create_character_8_directions", "create_ui_panel"} <= tools
        result = await client.call_tool(
            "create_tileset",
            {
                "lower_description": "sand",
                "upper_description": "water",
                "tile_size": {"width": 16, "height": 16},
            },
        )
        assert not result.is_error, result.content[0].text
        sheet = next(b for b in result.content if b.type == "image")
        assert base64.b64decode(sheet.data).startswith(b"\x89PNG")
    print(f"install-check: pixelkiln mcp served {len(tools)} tools and drew a tileset")


if __name__ == "__main__":
    anyio.run(main, *sys.argv[1:4])
