"""Running one tool: submit, wait for the jobs (reporting progress), read the result,
fetch its images, save the files, and shape it all as an MCP tool result."""

from __future__ import annotations

import asyncio
import base64
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx2
import mcp.types as types

from pixelkiln.mcp_server.backend import ApiError, Backend
from pixelkiln.mcp_server.files import OutsideRoot, SaveRoot
from pixelkiln.mcp_server.results import FoundImage, find_images, job_ids, summarise
from pixelkiln.mcp_server.tools import SAVE_TO, ToolSpec

__all__ = ["Progress", "ToolFailed", "run_tool"]

#: ``(progress, total, message)``: how a tool reports how far its jobs are.
Progress = Callable[[float, float | None, str | None], Awaitable[None]]

#: Images returned inline (all of them are linked, and saved with ``save_to``).
MAX_INLINE_IMAGES = 12
#: The answer's JSON in the text block is cut after this many characters.
MAX_TEXT = 4000
#: Polling starts at POLL_S and slows by half again each round, to at most POLL_MAX_S.
POLL_S = 0.1
POLL_MAX_S = 1.0
WAIT_S = 900.0


class ToolFailed(Exception):
    """What the assistant is told when a tool cannot do its work (an ``isError`` result)."""


def _error_text(exc: ApiError) -> str:
    detail = exc.body.get("detail") if isinstance(exc.body, dict) else exc.body
    if exc.status == 422 and isinstance(detail, list):
        lines = []
        for err in detail:
            loc = [str(p) for p in err.get("loc", []) if p != "body"]
            lines.append(f"- field `{'.'.join(loc) or '(body)'}`: {err.get('msg', '')}")
        return "422 Invalid request (fix the field and call again):\n" + "\n".join(lines)
    if exc.status == 402:
        return f"402 {detail} (top up the account or ask for less)."
    return f"{exc.status}: {detail}"


def _fill(template: str, values: dict[str, Any]) -> str:
    try:
        return template.format(**values)
    except KeyError as exc:
        msg = f"the answer did not name {exc.args[0]}"
        raise ToolFailed(msg) from None


async def _wait(backend: Backend, ids: list[str], progress: Progress) -> list[dict[str, Any]]:
    """Poll the jobs until all are final; progress is their mean percentage."""
    done: dict[str, dict[str, Any]] = {}
    last = -1.0
    deadline = time.monotonic() + WAIT_S
    interval = POLL_S
    while True:
        percents = []
        for job_id in ids:
            if job_id not in done:
                job = await backend.json("GET", f"/background-jobs/{job_id}")
                if job["status"] in ("completed", "failed"):
                    done[job_id] = job
                else:
                    percents.append(float(job.get("progress_percent") or 0))
            if job_id in done:
                percents.append(100.0)
        mean = sum(percents) / len(percents)
        if mean != last:
            finished = sum(1 for j in ids if j in done)
            await progress(mean, 100.0, f"{finished}/{len(ids)} job(s) finished")
            last = mean
        if len(done) == len(ids):
            break
        if time.monotonic() > deadline:
            msg = f"the jobs {', '.join(ids)} are still running; poll them later"
            raise ToolFailed(msg)
        await asyncio.sleep(interval)
        interval = min(POLL_MAX_S, interval * 1.5)
    jobs = [done[j] for j in ids]
    failed = [j for j in jobs if j["status"] == "failed"]
    if failed:
        reasons = "; ".join(str((j.get("last_response") or {}).get("detail", "")) for j in failed)
        msg = f"{len(failed)} of {len(jobs)} job(s) failed (refunded): {reasons}"
        raise ToolFailed(msg)
    return jobs


async def _bytes(backend: Backend, image: FoundImage) -> bytes:
    if image.data is None:
        assert image.url is not None
        image.data = (await backend.request("GET", image.url)).content
    return image.data


async def _save(
    backend: Backend,
    spec: ToolSpec,
    root: SaveRoot,
    folder: Path,
    images: list[FoundImage],
    values: dict[str, Any],
    notes: list[str],
) -> list[Path]:
    saved = []
    for image in images:
        ext = image.mime.split("/")[1]
        saved.append(root.write(folder, f"{image.name}.{ext}", await _bytes(backend, image)))
    for fmt, template in spec.exports.items():
        try:
            response = await backend.request("GET", _fill(template, values))
        except ApiError as exc:
            if exc.status >= 500:
                raise
            # An export this asset has not (an object still in review): say so, go on.
            notes.append(f"no {fmt} export: {_error_text(exc)}")
            continue
        kind = response.headers.get("content-type", "")
        if kind.startswith("application/zip"):
            saved.extend(root.unpack(folder, fmt, response.content))
        else:
            ext = "png" if kind.startswith("image/png") else "json"
            saved.append(root.write(folder, f"{fmt}.{ext}", response.content))
    return saved


async def run_tool(
    spec: ToolSpec,
    arguments: dict[str, Any] | None,
    backend: Backend,
    root: SaveRoot,
    progress: Progress,
) -> types.CallToolResult:
    """Run ``spec`` with the assistant's ``arguments``; failures are tool errors."""
    try:
        return await _run(spec, dict(arguments or {}), backend, root, progress)
    except ApiError as exc:
        return _failure(_error_text(exc), {"status": exc.status, "detail": exc.body})
    except (ToolFailed, OutsideRoot) as exc:
        return _failure(str(exc), {"detail": str(exc)})
    except httpx2.TransportError as exc:
        return _failure(f"cannot reach the service at {backend.base}: {exc}", {"detail": str(exc)})


def _failure(text: str, structured: dict[str, Any]) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(text=text)], structured_content=structured, is_error=True
    )


async def _run(
    spec: ToolSpec, args: dict[str, Any], backend: Backend, root: SaveRoot, progress: Progress
) -> types.CallToolResult:
    save_to = args.pop(SAVE_TO, None)
    # Refused before anything is charged.
    folder = root.folder(str(save_to)) if save_to else None
    params = {}
    for name in spec.path_params:
        value = args.pop(name, None)
        if not isinstance(value, str) or not value:
            msg = f"422 Invalid request: field `{name}` is required (a string)"
            raise ToolFailed(msg)
        params[name] = value
    body = root.inline_files(args)
    answer = await backend.json("POST", spec.path.format(**params), body)
    ids = job_ids(answer)
    jobs = await _wait(backend, ids, progress) if ids else []
    values = {**args, **params, **answer}
    if spec.result:
        result = await backend.json("GET", _fill(spec.result, values))
    elif jobs:
        result = jobs[0]["last_response"] if len(jobs) == 1 else [j["last_response"] for j in jobs]
    else:
        result = answer
    images = find_images(result, prefer=answer.get("animation_group_id"))
    notes: list[str] = []
    saved = await _save(backend, spec, root, folder, images, values, notes) if folder else []
    if jobs:
        billed = sum(float((j.get("usage") or {}).get("generations") or 0) for j in jobs)
    else:
        billed = float((answer.get("usage") or {}).get("generations") or 0)
    structured = {
        "tool": spec.name,
        "charged_generations": round(billed, 3),
        "images": [{"name": i.name, "url": i.url} for i in images],
        "saved": [str(p) for p in saved],
        "submission": summarise(answer),
        "result": summarise(result),
    }
    lines = [
        f"{spec.name}: {len(images)} image(s), {billed:g} generation(s) charged.",
        *(f"saved {p}" for p in saved),
        *notes,
    ]
    content = await _content(backend, spec, images, values, lines, structured)
    return types.CallToolResult(content=content, structured_content=structured)


async def _content(
    backend: Backend,
    spec: ToolSpec,
    images: list[FoundImage],
    values: dict[str, Any],
    lines: list[str],
    structured: dict[str, Any],
) -> list[types.ContentBlock]:
    """A text block (what was made, the answer), the first images inline, every public
    file as a resource link."""
    shown = images[:MAX_INLINE_IMAGES]
    if spec.preview:
        # One picture of the whole asset first (a tileset's sheet), then its parts.
        try:
            sheet = await backend.request("GET", _fill(spec.preview, values))
            shown = [FoundImage("preview", data=sheet.content), *images[: MAX_INLINE_IMAGES - 1]]
        except ApiError as exc:
            lines.append(f"no preview: {_error_text(exc)}")
    if len(images) > len(shown):
        lines.append(f"(the first {len(shown)} images are shown; all are linked or saved)")
    answer_json = json.dumps({k: structured[k] for k in ("submission", "result")})
    if len(answer_json) > MAX_TEXT:
        answer_json = answer_json[:MAX_TEXT] + " ... (cut here; structuredContent has it all)"
    content: list[types.ContentBlock] = [types.TextContent(text="\n".join([*lines, answer_json]))]
    for image in shown:
        data = base64.b64encode(await _bytes(backend, image)).decode()
        content.append(types.ImageContent(data=data, mime_type=image.mime))
    for image in images:
        if image.url:
            content.append(types.ResourceLink(uri=image.url, name=image.name, mime_type=image.mime))
    return content
