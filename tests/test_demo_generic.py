"""`campaign demo --ruleset NAME`: the demo plays any rule system with a computer player (issue 10).

Driven with the toy race (tests/toy.py), so it depends on no real rule system: the demo takes
the ruleset's default scenario, one player per side of it, and the ruleset's computer player.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign import ruleset
from campaign.cli import main
from campaign.demo import DemoError, check_summary, run_demo
from campaign.ruleset import Ruleset
from tests.toy import Race


@pytest.mark.slow
def test_the_demo_plays_the_toy_race_through_the_mail_path(tmp_path: Path):
    res = CliRunner().invoke(main, ["demo", "--ruleset", "race", "--out", str(tmp_path / "d"), "--seed", "5"])
    assert res.exit_code == 0, res.output
    assert "Game 1 (sprint) is over after" in res.stdout and "Maildirs: alice/, bob/" in res.stdout
    # issue 14: a line per game turn with the mail so far, then where to look
    assert "turn 2 of at most 20: 2 order mails in, 6 replies and digests out so far" in res.output
    assert "the battle is over:" in res.output and "Where to look:" in res.stdout
    db = tmp_path / "d" / "campaign.db"
    status = CliRunner().invoke(main, ["--db", str(db), "status", "1", "--json"]).stdout
    assert '"ruleset": "toy-race"' in status
    log = CliRunner().invoke(main, ["--db", str(db), "log", "1"]).stdout
    assert "advance" in log and "GameEnded" in log
    assert CliRunner().invoke(main, ["--db", str(db), "audit", "verify"]).exit_code == 0
    assert (tmp_path / "d" / "site" / "index.html").exists()


@pytest.mark.slow
def test_same_seed_same_game_and_a_file_scenario(tmp_path: Path):
    a = run_demo(tmp_path / "a", 9, ruleset="toy-race")
    b = run_demo(tmp_path / "b", 9, ruleset="toy-race")
    assert a.chain_head == b.chain_head and check_summary(a) == []
    assert a.sides == {"blue": "alice", "red": "bob"}
    pos = tmp_path / "late.toml"
    pos.write_text('turn = 19\n[[sides]]\nname = "blue"\nposition = 9\n[[sides]]\nname = "red"\n', "utf-8")
    c = run_demo(tmp_path / "c", 9, ruleset="toy-race", scenario=str(pos))
    assert c.scenario == "late.toml" and c.turns <= 20 and c.winner == "blue"


class Botless(Race):
    name = "toy-botless"
    aliases = ()
    default_scenario = ""
    bot_orders = Ruleset.bot_orders  # type: ignore[assignment]


def test_a_ruleset_without_a_computer_player_or_scenario_is_refused_plainly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setitem(ruleset._registered, Botless.name, Botless())
    monkeypatch.setattr(ruleset, "_cache", None)
    with pytest.raises(DemoError, match="toy-botless has no computer player yet"):
        run_demo(tmp_path / "x", ruleset="toy-botless")
    res = CliRunner().invoke(main, ["demo", "--ruleset", "race", "--scenario", "dash", "--out", str(tmp_path / "y")])
    assert res.exit_code == 1 and "toy-race cannot play scenario 'dash'" in res.output
    res = CliRunner().invoke(main, ["demo", "--ruleset", "chess", "--out", str(tmp_path / "z")])
    assert res.exit_code == 1 and "no ruleset named 'chess'" in res.output
