"""The referee's day (issue 14): deadlines in plain view and under control, players and sides, endings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign import referee
from campaign.cli import main
from campaign.deadlines import DeadlineAction, Schedule
from campaign.replay import state_at
from campaign.ruleset import MissedOrders
from campaign.service import Campaign, UserError

T0 = "2026-01-05T12:00:00Z"


@pytest.fixture
def timed(camp: Campaign, monkeypatch: pytest.MonkeyPatch) -> Campaign:
    """A toy game created at T0 with a 48-hour deadline, 12 hours' grace, reminders 24 hours before."""
    monkeypatch.setenv("CAMPAIGN_NOW", T0)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, schedule=Schedule(48, 12, 24).as_json())
    return camp


def _due(camp: Campaign) -> dict[str, str]:
    from campaign.deadlines import format_time

    return {s: format_time(d.due) for s, d in referee.side_deadlines(camp, camp.load(1)).items()}


def test_extend_moves_every_pending_deadline_and_replay_agrees(timed: Campaign) -> None:
    assert _due(timed) == {"blue": "2026-01-07T12:00:00Z", "red": "2026-01-07T12:00:00Z"}
    referee.change_deadline(timed, 1, DeadlineAction.EXTEND, 48, "bank holiday")
    assert _due(timed) == {"blue": "2026-01-09T12:00:00Z", "red": "2026-01-09T12:00:00Z"}
    assert state_at(timed.store, "game:1").deadline_extra_hours == 48
    report = timed.tick("2026-01-08T13:00:00Z").as_json()  # past the old deadline and grace: only reminded
    assert [(r["action"], r["deadline"]) for r in report] == [("reminded", "2026-01-09T12:00:00Z")] * 2


def test_an_extension_lasts_for_the_current_phase_only(timed: Campaign) -> None:
    referee.change_deadline(timed, 1, DeadlineAction.EXTEND, 24, "")
    timed.submit_orders(1, "alice", "advance 1")
    timed.submit_orders(1, "bob", "advance 1")
    assert timed.load(1).turn == 2 and timed.load(1).deadline_extra_hours == 0


def test_pause_stops_the_clock_and_resume_adds_the_time_paused(timed: Campaign, monkeypatch) -> None:
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-06T12:00:00Z")
    referee.change_deadline(timed, 1, DeadlineAction.PAUSE, reason="tournament weekend")
    assert all(d.paused for d in referee.side_deadlines(timed, timed.load(1)).values())
    assert timed.tick("2026-01-20T00:00:00Z").as_json() == []  # long past the deadline: a paused game is left alone
    with pytest.raises(UserError, match="already paused"):
        referee.change_deadline(timed, 1, DeadlineAction.PAUSE)
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-08T11:30:00Z")  # 47.5 hours later: 48 whole hours added
    referee.change_deadline(timed, 1, DeadlineAction.RESUME)
    assert _due(timed) == {"blue": "2026-01-09T12:00:00Z", "red": "2026-01-09T12:00:00Z"}
    with pytest.raises(UserError, match="not paused"):
        referee.change_deadline(timed, 1, DeadlineAction.RESUME)
    report = timed.tick("2026-01-10T00:00:01Z").as_json()  # now past deadline + 12 h grace
    assert {r["action"] for r in report} >= {"missed: hold"}


def test_a_game_without_deadlines_refuses_wait_and_can_be_given_one(camp: Campaign, monkeypatch) -> None:
    monkeypatch.setenv("CAMPAIGN_NOW", T0)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    with pytest.raises(UserError, match="no deadline, so WAIT would hold the phase for ever"):
        camp.set_wait(1, "alice")
    with pytest.raises(UserError, match="has no deadline to extend"):
        referee.change_deadline(camp, 1, DeadlineAction.EXTEND, 24)
    assert _due(camp) == {}
    referee.change_deadline(camp, 1, DeadlineAction.SET, 72, "club rules")
    assert _due(camp) == {"blue": "2026-01-08T12:00:00Z", "red": "2026-01-08T12:00:00Z"}
    camp.set_wait(1, "alice")  # now it has a deadline to wait for
    assert state_at(camp.store, "game:1").schedule == Schedule(72, 0, 24, MissedOrders.HOLD).as_json()


def test_replace_player_hands_the_side_over(timed: Campaign) -> None:
    timed.add_player("carol", "carol@example.org")
    info = referee.replace_player(timed, 1, "blue", "carol", "alice moved abroad")
    assert info.as_json() == {"side": "blue", "old": "alice", "new": "carol", "reason": "alice moved abroad"}
    assert timed.load(1).sides["blue"] == "carol" and state_at(timed.store, "game:1").sides["blue"] == "carol"
    with pytest.raises(UserError):
        timed.submit_orders(1, "alice", "advance 1")  # alice no longer plays in game 1
    timed.submit_orders(1, "carol", "advance 1")
    with pytest.raises(UserError, match="no player 'dave'"):
        referee.replace_player(timed, 1, "blue", "dave", "x")
    with pytest.raises(UserError, match="no side 'green'"):
        referee.replace_player(timed, 1, "green", "carol", "x")


def test_set_email_changes_where_mail_goes_and_refuses_lists(timed: Campaign) -> None:
    referee.set_email(timed, "alice", "alice@new.example.org", "moved provider")
    assert timed.players()["alice"].email == "alice@new.example.org"
    for bad in ("a@x.org,victim@y.org", "<b>a@x.org</b>", "no-at-sign"):
        with pytest.raises(UserError):
            referee.set_email(timed, "alice", bad)
    with pytest.raises(UserError, match="belongs to another player"):
        referee.set_email(timed, "alice", "bob@example.org")


@pytest.mark.parametrize(("winner", "expected"), [("blue", "blue"), (None, None)])
def test_end_game_by_ruling_reveals_the_seed(timed: Campaign, winner: str | None, expected: str | None) -> None:
    info = referee.end_game(timed, 1, winner, "red conceded by phone")
    gs = timed.load(1)
    assert gs.ended == {"winner": expected, "reason": "the referee ended the game: red conceded by phone"}
    assert info.winner == expected and gs.seed_no in gs.revealed
    with pytest.raises(UserError, match="is over"):
        referee.end_game(timed, 1, "blue", "again")


def test_abandon_and_resign_for(timed: Campaign) -> None:
    with pytest.raises(UserError, match="say why"):
        referee.end_game(timed, 1, None, "  ", abandoned=True)
    referee.resign_for(timed, 1, "red", "bob asked by phone")
    gs = timed.load(1)
    assert gs.ended is not None and gs.ended["winner"] == "blue"
    resigned = [e for e in timed.store.read(stream="game:1") if e.type == "Resigned"][0]
    assert resigned.actor == "referee" and resigned.payload == {"side": "red", "reason": "bob asked by phone"}


def test_absence_for_stretches_the_deadline(timed: Campaign) -> None:
    referee.absence_for(timed, "alice", "2026-01-06", "2026-01-10", "told me by phone")
    assert _due(timed)["blue"] == "2026-01-13T00:00:00Z" and _due(timed)["red"] == "2026-01-07T12:00:00Z"
    ev = [e for e in timed.store.read(stream="campaign") if e.type == "AbsenceDeclared"][-1]
    assert ev.actor == "referee" and ev.payload["reason"] == "told me by phone"


def test_the_referee_day_from_the_command_line(timed: Campaign, db_path: Path, monkeypatch) -> None:
    runner = CliRunner()

    def run(*args: str) -> str:
        res = runner.invoke(main, ["--db", str(db_path), *args], catch_exceptions=False)
        assert res.exit_code == 0, res.output
        return res.stdout

    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-06T12:00:00Z")
    out = run("status", "1")
    assert "due 2026-01-07T12:00:00Z (in 1 day)" in out
    st = json.loads(run("status", "1", "--json"))
    assert st["deadlines"][0] == {
        "side": "blue", "player": "alice", "due": "2026-01-07T12:00:00Z", "paused": False, "in": "in 1 day",
    }  # fmt: skip
    out = run("referee", "deadline", "1", "--extend", "2d", "--reason", "bank holiday")
    assert "blue (alice) due 2026-01-09T12:00:00Z, in 3 days" in out
    assert "nothing due; next: game 1, blue (alice) due 2026-01-09T12:00:00Z, in 3 days" in run("tick")
    run("referee", "deadline", "1", "--pause")
    assert "clock paused" in run("status", "1")
    res = runner.invoke(main, ["--db", str(db_path), "referee", "deadline", "1", "--pause", "--resume"])
    assert res.exit_code == 2 and "exactly one of" in res.output
    run("player", "add", "carol", "--email", "carol@example.org")
    assert json.loads(run("game", "replace", "1", "blue", "carol", "--reason", "x", "--json"))["new"] == "carol"
    assert json.loads(run("game", "end", "1", "--winner", "draw", "--reason", "agreed", "--json"))["winner"] is None
    log = run("log", "1")
    assert "SideReplaced" in log and "DeadlineChanged" in log


def test_referee_actions_reach_the_digests(timed: Campaign) -> None:
    from campaign.digest import build_digest

    referee.change_deadline(timed, 1, DeadlineAction.EXTEND, 24, "bank holiday")
    timed.add_player("carol", "carol@example.org")
    referee.replace_player(timed, 1, "red", "carol", "bob is ill")
    digest = build_digest(timed, 1, "alice", 0, pictures=False)
    texts = [n.text for n in digest.notices]
    assert "The referee extended the current deadline by 24 hours: bank holiday." in texts
    assert "The referee handed red from bob to carol: bob is ill" in texts


def test_ending_a_game_whose_seed_secret_is_missing_is_refused_plainly(camp: Campaign, db_path: Path) -> None:
    """A file imported from an export made without --with-secrets cannot reveal its dice seed: ending the
    game there is refused with a plain message, and the log is left as it was (no seed written as null)."""
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    assert camp.load(1).seed_no == 1
    camp.store.conn.execute("DELETE FROM secrets")  # what an import without secrets leaves
    before = camp.store.head()
    res = CliRunner().invoke(main, ["--db", str(db_path), "game", "end", "1", "--winner", "blue", "--reason", "r"])
    assert res.exit_code != 0 and "seed 1 is not in this campaign file" in res.output, res.output
    assert "Traceback" not in res.output and camp.store.head() == before
