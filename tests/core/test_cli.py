"""The command line against a fresh data folder, with no server running."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from pixelkiln.testing.cluster import Cluster

BIN = str(Path(sys.executable).with_name("pixelkiln"))


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PIXELKILN_DATA_DIR": str(data)}
    return subprocess.run([BIN, *args], env=env, capture_output=True, text=True, timeout=120)


def test_keys_and_accounts_commands(tmp_path: Path) -> None:
    data = tmp_path / "data"
    created = run(data, "keys", "create", "--name", "alice", "--generations", "12.5")
    assert created.returncode == 0, created.stderr
    key = created.stdout.strip().splitlines()[-1]
    assert key.startswith("pk_") and key == created.stdout.strip()  # alone on its line
    account_id = created.stderr.split("account ")[1].split()[0]
    key_id = created.stderr.split("key id ")[1].split()[0]

    listed = run(data, "keys", "list")
    assert listed.returncode == 0 and key_id in listed.stdout and "12.5" in listed.stdout
    assert key not in listed.stdout  # secrets are never shown again

    topped = run(data, "accounts", "topup", account_id, "7.5")
    assert topped.returncode == 0 and "20" in topped.stdout

    second = run(data, "keys", "create", "--name", "bob", "--account", account_id)
    assert second.returncode == 0
    assert run(data, "keys", "revoke", key_id).returncode == 0
    assert "yes" in run(data, "keys", "list").stdout
    missing = run(data, "keys", "revoke", "no-such-key")
    assert missing.returncode == 1 and "No API key" in missing.stderr


@pytest.mark.slow
def test_first_start_creates_an_account_and_keeps_its_key(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Cluster(env={"PIXELKILN_DATA_DIR": str(data)}, log_dir=tmp_path / "logs") as cluster:
        url = cluster.start_api(0)
        key_file = data / "api-key"
        key = key_file.read_text().strip()
        assert oct(key_file.stat().st_mode & 0o777) == "0o600"
        log = (tmp_path / "logs" / "api-0.log").read_text()
        assert key in log and f"/#key={key}" in log
        r = httpx.get(url + "/v2/balance", headers={"Authorization": f"Bearer {key}"})
        assert r.json()["subscription"]["generations"] == 2000
        cluster.kill_api(0)
        cluster.start_api(0)  # a second start keeps the account and prints the same key
    assert (data / "api-key").read_text().strip() == key
    assert run(data, "keys", "list").stdout.count("default") == 1
