"""Issue 13 on the command line: `orders check`, `legal`, `show --units`, and honest status wording."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tests.test_cli import game, run  # noqa: F401 (the game fixture)
from tests.test_misuse import _snapshot


def test_orders_check_reports_and_writes_nothing(runner: CliRunner, game: Path, tmp_path: Path) -> None:  # noqa: F811
    orders = tmp_path / "o.txt"
    orders.write_text("advance  3\n")
    before = _snapshot(game)
    res = run(runner, game, "orders", "check", "1", "--player", "alice", str(orders))
    assert res.exit_code == 0, res.output
    assert "advance 3   (cost 3; needs a d6 above 3)" in res.output
    assert "do not complete the phase" in res.output
    assert run(runner, game, "orders", "submit", "1", "--player", "bob", "-", input="hold\n").exit_code == 0
    res = run(runner, game, "orders", "check", "1", "--player", "alice", str(orders), "--json")
    data = json.loads(res.output)
    assert data["ok"] and data["resolves"] and data["canonical"] == "advance 3"
    assert data["rolls"] == [{"sides": 6, "purpose": "turn 1: blue advances 3"}]  # red holds: no die for red
    after_bob = _snapshot(game)
    assert run(runner, game, "orders", "check", "1", "--player", "alice", str(orders)).exit_code == 0
    assert _snapshot(game) == after_bob != before


def test_orders_check_refusal_lists_what_is_legal(runner: CliRunner, game: Path, tmp_path: Path) -> None:  # noqa: F811
    orders = tmp_path / "o.txt"
    orders.write_text("advance 9 b\n")
    res = run(runner, game, "orders", "check", "1", "--player", "alice", str(orders))
    assert res.exit_code == 1
    assert "[E-RANGE]" in res.output and "legal now for unit b:" in res.output and "    advance 1" in res.output


def test_legal_and_units(runner: CliRunner, game: Path) -> None:  # noqa: F811
    res = run(runner, game, "legal", "1", "r", "--side", "red", "--json")
    data = json.loads(res.output)
    assert [u["unit"] for u in data["units"]] == ["r"]
    assert [o["order"] for o in data["units"][0]["options"]] == ["advance 1", "advance 2", "advance 3", "hold"]
    res = run(runner, game, "legal", "1", "--side", "red")
    assert res.exit_code == 0 and "r red runner at 0" in res.output
    res = run(runner, game, "show", "1", "--units", "--side", "blue", "--format", "json")
    cards = json.loads(res.output)
    values = {"square": "0", "stride": "1-3", "tired": "no"}
    assert cards == [{"unit": "b", "name": "blue runner", "where": "", "values": values, "markers": []}]


def test_status_says_ready_only_when_nothing_mandatory_is_missing(runner: CliRunner, game: Path) -> None:  # noqa: F811
    res = run(runner, game, "status", "1")
    assert "waiting for blue" in res.output and "ready to resolve" not in res.output
    assert "army blue: turn 1 of 20" in res.output
    data = json.loads(run(runner, game, "status", "1", "--json").output)
    assert data["ready"] is False and data["army"][0]["side"] == "blue"


def test_player_add_with_a_time_zone(runner: CliRunner, game: Path) -> None:  # noqa: F811
    res = run(runner, game, "player", "add", "carol", "--email", "carol@example.org", "--tz", "Asia/Tokyo", "--json")
    assert json.loads(res.output)["tz"] == "Asia/Tokyo"
    listed = json.loads(run(runner, game, "player", "list", "--json").output)
    assert {p["name"]: p["tz"] for p in listed} == {"alice": "UTC", "bob": "UTC", "carol": "Asia/Tokyo"}
