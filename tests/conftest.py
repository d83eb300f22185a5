"""Shared fixtures: a campaign file with the toy ruleset, and a CLI runner pointed at it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign import ruleset
from campaign.eventlog import open_store
from campaign.service import Campaign

ROOT = Path(__file__).resolve().parent.parent
TOY_REF = "tests.toy:RULESET"

ruleset.register(__import__("tests.toy", fromlist=["RULESET"]).RULESET)


@pytest.fixture
def toy_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy ruleset visible to subprocesses too."""
    monkeypatch.setenv("CAMPAIGN_RULESETS", TOY_REF)
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "campaign.db"


@pytest.fixture
def camp(db_path: Path) -> Iterator[Campaign]:
    store = open_store(db_path, create=True)
    c = Campaign(store)
    c.init("test")
    c.add_player("alice", "alice@example.org")
    c.add_player("bob", "bob@example.org")
    yield c
    store.close()


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
