"""Nothing degrades in silence: /healthz and `pixelkiln doctor` name every component
(database, broker, reader, blob store) and the fix for each problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pixelkiln.cli.main import app as cli
from pixelkiln.service import health
from tests.conftest import Service
from tests.core.conftest import closed_port


def test_healthz_names_the_unreachable_broker(broker_down: Service) -> None:
    r = broker_down.client.get("/healthz")
    assert r.status_code == 503
    body = r.json()
    assert body["status"] == "unhealthy"
    assert list(body["components"]) == ["database", "broker", "reader", "blob store"]
    broker = body["components"]["broker"]
    assert (broker["status"], broker["healthy"]) == ("unreachable", False)
    assert "PIXELKILN_BROKER_URL" in broker["fix"]
    assert body["components"]["database"]["status"] == "ok"


def test_healthz_of_the_embedded_deployment(service: Service) -> None:
    r = service.client.get("/healthz")
    assert r.status_code == 200
    components = r.json()["components"]
    assert components["broker"]["status"] == "not used"
    assert components["reader"]["status"] == "ok"
    assert components["blob store"]["status"] == "ok"


def test_a_missing_reader_is_an_unhealthy_component(tmp_path: Path) -> None:
    # Neither the model (an empty folder) nor the table: as if the package data were left out.
    component = health.check_reader(model_dir=tmp_path, table=tmp_path / "absent.npz")
    assert (component.status, component.healthy) == ("missing", False)
    assert "reader_table.npz" in component.fix
    assert not health.healthy([component])
    shipped = health.check_reader(model_dir=tmp_path)
    assert (shipped.status, shipped.detail.split(":")[0]) == ("ok", "static")


def test_doctor_prints_each_component_and_its_fix(
    make_settings: Callable[..., object], monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = make_settings()
    monkeypatch.setenv("PIXELKILN_DATA_DIR", str(cfg.data_dir))  # type: ignore[attr-defined]
    monkeypatch.setenv("PIXELKILN_BROKER_URL", f"redis://127.0.0.1:{closed_port()}/3")
    result = CliRunner().invoke(cli, ["doctor"])
    assert result.exit_code == 1, result.output
    for word in ("database", "broker", "reader", "blob store", "unreachable"):
        assert word in result.output
    assert "PIXELKILN_BROKER_URL" in result.output
    monkeypatch.delenv("PIXELKILN_BROKER_URL")
    result = CliRunner().invoke(cli, ["doctor"])
    assert result.exit_code == 0, result.output
    assert "not used" in result.output and "healthy" in result.output
