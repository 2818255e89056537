"""API keys: format, hashing, constant-time verification, revocation."""

from __future__ import annotations

import pytest

from pixelkiln.errors import Unauthorized
from pixelkiln.service import accounts
from pixelkiln.service.keys import generate_key, hash_key, parse_key, verify_key
from pixelkiln.store.models import ApiKey


def test_generated_keys_parse_and_verify() -> None:
    key, lookup = generate_key()
    parsed = parse_key(key)
    assert parsed is not None and parsed.lookup == lookup
    assert verify_key(key, hash_key(key))
    assert not verify_key(key + "x", hash_key(key))
    assert parse_key("Bearer nonsense") is None


def test_keys_are_stored_only_as_hashes(service) -> None:
    created = service.new_key()
    with service.ctx.db.read() as s:
        row = s.get(ApiKey, created.key_id)
        assert row is not None
        assert created.key not in (row.secret_hash, row.lookup)
        assert row.secret_hash == hash_key(created.key)


@pytest.mark.parametrize("presented", [None, "", "garbage", "pk_short_x", "Bearer pk_x"])
def test_malformed_keys_are_unauthorized(service, presented) -> None:
    with pytest.raises(Unauthorized):
        accounts.authenticate(service.ctx.db, presented)


def test_unknown_and_revoked_keys_are_unauthorized(service) -> None:
    created = service.new_key()
    assert accounts.authenticate(service.ctx.db, created.key).account_id == created.account_id
    forged = created.key[:-4] + ("AAAA" if not created.key.endswith("AAAA") else "BBBB")
    with pytest.raises(Unauthorized):
        accounts.authenticate(service.ctx.db, forged)
    accounts.revoke_key(service.ctx.db, created.key_id)
    with pytest.raises(Unauthorized):
        accounts.authenticate(service.ctx.db, created.key)
    r = service.client.get("/v2/balance", headers=service.headers(created))
    assert r.status_code == 401 and r.json()["detail"]


def test_second_key_shares_the_account(service) -> None:
    first = service.new_key(generations=10)
    second = accounts.create_key(service.ctx.db, "second", account_id=first.account_id)
    r = service.client.get("/v2/balance", headers=service.headers(second))
    assert r.json()["subscription"]["generations"] == 10
