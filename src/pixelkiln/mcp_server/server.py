"""The MCP server: the tool table, resources and prompts on the SDK's low-level server,
served over stdio or streamable HTTP."""

from __future__ import annotations

import hmac
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from pixelkiln import __version__
from pixelkiln.mcp_server.backend import Backend
from pixelkiln.mcp_server.calls import run_tool
from pixelkiln.mcp_server.catalog import PROMPTS, Catalog, render_prompt
from pixelkiln.mcp_server.files import SaveRoot
from pixelkiln.mcp_server.tools import TOOLS, tool_by_name

__all__ = ["build_server", "serve_http", "serve_stdio"]

INSTRUCTIONS = """\
pixelkiln draws game pixel art procedurally (deterministic for a seed, CPU only): tilesets,
Pro tiles, isometric tiles, UI panels, characters and their animations, objects, clean-up
utilities and effects. Every tool waits for its result and returns the images; pass
`save_to` to write PNGs and engine exports (Tiled, Godot, Aseprite) into the user's project.
Tools charge generations (see pixelkiln://balance); a 402 means the balance is too low, a
422 names the field to fix. The resource pixelkiln://llms.txt indexes the whole interface.
"""


def build_server(backend: Backend, root: Path, gallery: Path | None = None) -> Server[Any]:
    """An MCP server whose tools call ``backend`` and save under ``root``."""
    save_root = SaveRoot.at(root)
    catalog = Catalog(backend, gallery)

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(
            tools=[
                types.Tool(
                    name=t.name,
                    title=t.name.replace("_", " ").capitalize(),
                    description=t.description,
                    input_schema=t.input_schema,
                    annotations=types.ToolAnnotations(
                        read_only_hint=False, destructive_hint=False, open_world_hint=False
                    ),
                )
                for t in TOOLS
            ]
        )

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        spec = tool_by_name(params.name)
        if spec is None:
            return types.CallToolResult(
                content=[types.TextContent(text=f"no tool {params.name}")], is_error=True
            )

        async def progress(done: float, total: float | None, message: str | None) -> None:
            await ctx.session.report_progress(done, total, message)

        return await run_tool(spec, params.arguments, backend, save_root, progress)

    async def list_resources(ctx: Any, params: Any) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=catalog.resources())

    async def list_templates(ctx: Any, params: Any) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=catalog.templates())

    async def read_resource(
        ctx: Any, params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        return await catalog.read(str(params.uri))

    async def list_prompts(ctx: Any, params: Any) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=PROMPTS)

    async def get_prompt(ctx: Any, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        return render_prompt(params.name, dict(params.arguments or {}))

    return Server(
        "pixelkiln",
        version=__version__,
        title="pixelkiln",
        description="Procedural pixel-art generation for games, self-hosted.",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
    )


async def serve_stdio(
    backend_cm: AbstractAsyncContextManager[Backend], root: Path, gallery: Path | None
) -> None:
    """Serve one client on this process's stdin and stdout."""
    async with backend_cm as backend, stdio_server() as (read, write):
        server = build_server(backend, root, gallery)
        await server.run(read, write, server.create_initialization_options())


class RequireToken:
    """401 for an HTTP request without ``Authorization: Bearer <token>``: the tools spend
    the key's generations and write into the root, so only those given the token may."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app, self.expected = app, f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers", [])).get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                await JSONResponse({"detail": "Invalid or missing token"}, 401)(
                    scope, receive, send
                )
                return
        await self.app(scope, receive, send)


async def serve_http(
    backend_cm: AbstractAsyncContextManager[Backend],
    root: Path,
    gallery: Path | None,
    host: str,
    port: int,
    token: str | None = None,
) -> None:
    """Serve clients over streamable HTTP at ``http://host:port/mcp``."""
    import uvicorn

    async with backend_cm as backend:
        server = build_server(backend, root, gallery)
        app: ASGIApp = server.streamable_http_app(host=host)
        if token:
            app = RequireToken(app, token)
        config = uvicorn.Config(app, host=host, port=port, log_level="warning")
        await uvicorn.Server(config).serve()
