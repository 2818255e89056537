"""Finding the images in a ``/v2`` answer, whatever its family.

Answers carry images two ways: inline (``{"type": "base64", "base64": ..., "format":
"png"}`` or a ``data:image/png;base64,`` string) and as public file URLs (``.../files/<key>.png``).
:func:`find_images` walks any answer and names each image by where it sits (``tiles/wang_3``,
``rotations/south``), so a new family's answer needs no code here. :func:`summarise`
is the same answer with the inline pixels replaced by a short note, for the assistant.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["FoundImage", "find_images", "is_file_url", "job_ids", "summarise"]

_FILE_URL = re.compile(r"^https?://.+/files/[A-Za-z0-9_-]{16,64}\.png$")
_DATA_URI = re.compile(r"^data:image/(png|gif|webp);base64,")
#: Keys whose value names a list element better than its index.
_NAMING_KEYS = ("name", "direction", "animation_type", "id", "label", "state")


@dataclass
class FoundImage:
    name: str
    #: Inline bytes, or None when the image is at ``url``.
    data: bytes | None = None
    url: str | None = None
    mime: str = "image/png"


def is_file_url(value: str) -> bool:
    """A public file URL of the service (``.../files/<key>.png``)."""
    return bool(_FILE_URL.match(value))


def _inline(value: Any) -> tuple[bytes, str] | None:
    if isinstance(value, dict) and isinstance(value.get("base64"), str):
        raw, fmt = value["base64"], str(value.get("format") or "png")
    elif isinstance(value, str) and _DATA_URI.match(value):
        raw, fmt = value, _DATA_URI.match(value).group(1)  # type: ignore[union-attr]
    else:
        return None
    if raw.startswith("data:"):
        raw = raw.split(",", 1)[1]
    try:
        return base64.b64decode(raw, validate=False), f"image/{fmt}"
    except ValueError:
        return None


def _segment(key: str | int, value: Any) -> str:
    if isinstance(key, int) and isinstance(value, dict):
        for k in _NAMING_KEYS:
            if isinstance(value.get(k), str | int) and str(value[k]):
                return re.sub(r"[^A-Za-z0-9_.-]+", "_", str(value[k]))
    return str(key)


def find_images(answer: Any, prefer: str | None = None) -> list[FoundImage]:
    """Every image in ``answer``, once each (a URL seen twice is one image). Images inside
    an object that carries the value ``prefer`` (the animation just made, in a character
    that has others) come first."""
    found: list[tuple[bool, FoundImage]] = []
    seen: set[str] = set()

    def walk(value: Any, path: list[str], preferred: bool) -> None:
        name = "/".join(path) or "image"
        inline = _inline(value)
        if inline is not None:
            found.append((preferred, FoundImage(name=name, data=inline[0], mime=inline[1])))
            return
        if isinstance(value, str) and _FILE_URL.match(value) and value not in seen:
            seen.add(value)
            found.append((preferred, FoundImage(name=name, url=value)))
        elif isinstance(value, dict):
            inside = preferred or (prefer is not None and prefer in value.values())
            for k, v in value.items():
                walk(v, [*path, _segment(k, v)], inside)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, [*path, _segment(i, v)], preferred)

    walk(answer, [], False)
    images = [f for p, f in found if p] + [f for p, f in found if not p]
    _shorten(images)
    return images


def _shorten(found: list[FoundImage]) -> None:
    """Names without the path all images share or a trailing ``image`` (``wang_3``,
    ``south``), unless that would leave a name empty or make two alike."""
    parts = [f.name.split("/") for f in found]
    for p in parts:
        if len(p) > 1 and p[-1] in ("image", "url", "image_url"):
            p.pop()
    while len(parts) > 1 and all(len(p) > 1 and p[0] == parts[0][0] for p in parts):
        for p in parts:
            p.pop(0)
    names = ["/".join(p) for p in parts]
    names = ["image" if n in ("url", "image_url", "download_url") else n for n in names]
    if len(set(names)) == len(names):
        for f, n in zip(found, names, strict=True):
            f.name = n
    # Two images under one name (two animations of a type) must not share a file.
    counts: dict[str, int] = {}
    for f in found:
        counts[f.name] = counts.get(f.name, 0) + 1
        if counts[f.name] > 1:
            f.name = f"{f.name}_{counts[f.name]}"


def summarise(answer: Any) -> Any:
    """``answer`` with inline images replaced by ``"<png image, N bytes>"``."""
    inline = _inline(answer)
    if inline is not None:
        return f"<{inline[1].split('/')[1]} image, {len(inline[0])} bytes>"
    if isinstance(answer, dict):
        return {k: summarise(v) for k, v in answer.items()}
    if isinstance(answer, list):
        return [summarise(v) for v in answer]
    return answer


def job_ids(answer: Any) -> list[str]:
    """The background jobs a submission's answer names (``background_job_id(s)``, at any
    depth: an animation answers one per direction)."""
    out: list[str] = []
    if isinstance(answer, dict):
        for k, v in answer.items():
            if k == "background_job_id" and isinstance(v, str):
                out.append(v)
            elif k == "background_job_ids" and isinstance(v, list):
                out.extend(x for x in v if isinstance(x, str))
            else:
                out.extend(job_ids(v))
    elif isinstance(answer, list):
        for v in answer:
            out.extend(job_ids(v))
    return list(dict.fromkeys(out))
