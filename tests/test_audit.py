"""Shadow replay under a changed engine, and the offline audit bundle a player can check alone."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign.audit import shadow_replay
from campaign.cli import main
from campaign.service import Campaign
from tests.helpers import play_race
from tests.toy import RULESET as RACE


def test_shadow_replay_of_an_unchanged_engine_finds_nothing(camp: Campaign) -> None:
    number = play_race(camp)
    checked, rows = shadow_replay(camp, str(number))
    assert checked > 3 and rows == []


def test_shadow_replay_lists_each_resolution_whose_outcome_would_change(
    camp: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    play_race(camp, turns=3)
    original = RACE.resolve

    def new_engine(state, dice):  # type: ignore[no-untyped-def]
        res = original(state, dice)
        if res.state["turn"] == 3:  # a different reading of the rules shows from turn 2's resolution on
            res.state["pos"]["red"] += 1
        res.narrative = [*res.narrative, "(new engine: the crowd cheers)"]
        return res

    monkeypatch.setattr(RACE, "resolve", new_engine)
    checked, rows = shadow_replay(camp, "1")
    assert checked == 3 and len(rows) == 3
    assert [r.board_differs for r in rows] == [False, True, True]
    assert all(r.narrative_differs for r in rows) and rows[0].narrative_now[-1] == "(new engine: the crowd cheers)"
    inputs = [e.seq for e in camp.store.read(stream="game:1") if e.type == "OrdersSubmitted"]
    assert rows[0].input_seq in inputs and rows[0].input_seq < rows[0].resolution_seq


def test_audit_bundle_checks_out_offline_and_holds_no_secrets(camp: Campaign, db_path: Path, tmp_path: Path) -> None:
    play_race(camp, turns=2)  # the game is still running: its current seed must stay secret
    secret = camp.store.secret("game:1/seed/3")
    assert secret is not None
    runner = CliRunner()
    out = tmp_path / "bundle.zip"
    res = runner.invoke(main, ["--db", str(db_path), "audit", "bundle", "1", str(out)])
    assert res.exit_code == 0, res.output
    with zipfile.ZipFile(out) as zf:
        assert sorted(zf.namelist()) == ["README.txt", "campaign.db", "events.jsonl", "verify_dice.py"]
        zf.extractall(tmp_path / "b")
        assert not any(secret.encode() in zf.read(name) for name in zf.namelist())
    b = tmp_path / "b"
    revealed = [json.loads(x) for x in (b / "events.jsonl").read_text().splitlines() if "SeedRevealed" in x]
    assert [e["payload"]["seed_no"] for e in revealed] == [1, 2]
    conn = sqlite3.connect(b / "campaign.db")
    assert conn.execute("SELECT COUNT(*) FROM secrets").fetchone()[0] == 0
    conn.close()
    check = subprocess.run(
        [sys.executable, "verify_dice.py", "events.jsonl"], cwd=b, capture_output=True, text=True, timeout=60
    )
    assert check.returncode == 0 and "dice: 4 ok" in check.stdout, check.stdout
    res = runner.invoke(main, ["--db", str(b / "campaign.db"), "audit", "verify", "1"])
    assert res.exit_code == 0, res.output
    assert camp.store.head()[1] in (b / "README.txt").read_text()
