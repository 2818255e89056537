"""``GET /llms.txt``: a concise index of the interface, generated from the routes."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse

__all__ = ["render_llms_txt", "router"]

router = APIRouter(tags=["Documentation"])

_PREAMBLE = """\
# pixelkiln /v2

> Procedural pixel-art generation: tilesets, Pro tile sets, isometric tiles, UI panels,
> clean-up utilities, normal maps and VFX. Deterministic for a seed; CPU only.

Base URL: {base}/v2 . OpenAPI: {base}/v2/openapi.json . Docs: {base}/v2/docs

## Conventions
- Auth: `Authorization: Bearer <API key>` on every operation except this file, the OpenAPI
  document, the docs page and the public file URLs (`/files/...`).
- Images travel as `{{"type": "base64", "base64": "<data>", "format": "png"}}`; a `data:` URI
  prefix is accepted. Sizes are `{{"width": W, "height": H}}`.
- Jobs: slow operations answer 202 with a `background_job_id` (and a resource id). Poll
  `GET /v2/background-jobs/{{job_id}}` (status processing | completed | failed; the result is in
  `last_response`) or the resource's GET, which answers 423 with `Retry-After` while drawing.
- Billing: generations, charged at submission, refunded if the job fails; `GET /v2/balance`.
- Errors: 401 bad key, 402 balance too low, 404 unknown id, 413 image too large,
  422 `{{"detail": [{{loc, msg, type}}]}}`, 423 still processing, 429 submissions closer than
  {spacing:g} s (`Retry-After`).
"""


def render_llms_txt(openapi: dict[str, Any], base: str, spacing: float) -> str:
    """The index, built from the OpenAPI document: one section per tag, a line per operation."""
    sections: dict[str, list[str]] = {}
    for path, item in openapi.get("paths", {}).items():
        for method, op in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            tag = (op.get("tags") or ["Other"])[0]
            line = f"- `{method.upper()} /v2{path}`: {op.get('summary', '')}"
            first = (op.get("description") or "").strip().split("\n", 1)[0]
            if first and first.rstrip(".") != op.get("summary"):
                line += f". {first}"
            sections.setdefault(tag, []).append(line)
    order = [t["name"] for t in openapi.get("tags", [])]
    tags = sorted(sections, key=lambda t: (order.index(t) if t in order else len(order), t))
    body = [_PREAMBLE.format(base=base, spacing=spacing)]
    for tag in tags:
        body.append(f"## {tag}\n" + "\n".join(sections[tag]) + "\n")
    return "\n".join(body)


@router.get(
    "/llms.txt",
    response_class=PlainTextResponse,
    summary="Get LLM-friendly API documentation",
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
)
def llms_txt(request: Request) -> PlainTextResponse:
    """A concise index of every operation, grouped by family, with auth and polling notes."""
    from pixelkiln.api.urls import public_base

    ctx = request.app.state.container
    text = render_llms_txt(
        request.app.openapi(), public_base(request), ctx.settings.submit_spacing_s
    )
    return PlainTextResponse(text)
