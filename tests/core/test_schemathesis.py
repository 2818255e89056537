"""Property-based tests of every operation against our own OpenAPI document (schemathesis):
no input makes the service answer 5xx, bodies the schema forbids are refused, and
successful responses match their documented schemas."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    response_schema_conformance,
)

from pixelkiln.api.app import create_app
from pixelkiln.bootstrap import build_container
from pixelkiln.config import Settings
from pixelkiln.service.accounts import create_account
from pixelkiln.store.migrate import upgrade

pytestmark = pytest.mark.slow

# Built at import (schemathesis parametrizes at collection). Jobs are held, never run:
# this checks the HTTP surface, not the engine.
_DATA = Path(tempfile.mkdtemp(prefix="pixelkiln-fuzz-"))
_SETTINGS = Settings(data_dir=_DATA, runner="manual", submit_spacing_s=0)
upgrade(_SETTINGS.resolved_database_url)
_CTX = build_container(_SETTINGS)
_KEY = create_account(_CTX.db, "fuzz", 1e9).key
schema = schemathesis.openapi.from_asgi("/v2/openapi.json", create_app(container=_CTX))


@schema.parametrize()
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_every_operation_holds_under_generated_input(case) -> None:
    checks = [not_a_server_error, response_schema_conformance]
    if case.operation.method.upper() in ("POST", "PUT", "PATCH"):
        # Bodies are strict (unknown fields and wrong types are 422). Unknown *query*
        # parameters are ignored, as HTTP services conventionally do, so reads are not
        # held to schemathesis's stricter reading of them.
        checks.append(negative_data_rejection)
    case.call_and_validate(headers={"Authorization": f"Bearer {_KEY}"}, checks=checks)
