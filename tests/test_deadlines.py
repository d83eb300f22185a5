"""Deadlines, WAIT, withdrawals, press, resignation, absences and referee corrections."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from click.testing import CliRunner

from campaign.cli import main
from campaign.deadlines import Absence, Schedule, TickAction, deadline_for, decide
from campaign.replay import state_at
from campaign.ruleset import MissedOrders
from campaign.service import Campaign, UserError

T0 = "2026-01-05T12:00:00Z"


@pytest.fixture
def timed(camp: Campaign, monkeypatch: pytest.MonkeyPatch) -> Campaign:
    """A toy game created at T0 with a 48-hour deadline, 12 hours' grace, reminders 24 hours before."""
    monkeypatch.setenv("CAMPAIGN_NOW", T0)
    schedule = Schedule(48, 12, 24, MissedOrders.HOLD).as_json()
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, schedule=schedule)
    return camp


def test_deadline_is_pushed_past_an_absence() -> None:
    s = Schedule(48)
    opened = datetime(2026, 1, 5, 12, tzinfo=UTC)
    assert deadline_for(s, opened, "alice", []) == datetime(2026, 1, 7, 12, tzinfo=UTC)
    away = [Absence("alice", date(2026, 1, 6), date(2026, 1, 10))]
    assert deadline_for(s, opened, "alice", away) == datetime(2026, 1, 13, 0, tzinfo=UTC)
    assert deadline_for(s, opened, "bob", away) == datetime(2026, 1, 7, 12, tzinfo=UTC)
    later = [Absence("alice", date(2026, 2, 1), date(2026, 2, 3))]
    assert deadline_for(s, opened, "alice", later) == datetime(2026, 1, 7, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("now_hour", "reminded", "action"),
    [
        (0, False, TickAction.NOTHING),
        (25, False, TickAction.REMIND),
        (25, True, TickAction.NOTHING),
        (50, False, TickAction.REMIND),
        (60, True, TickAction.APPLY_POLICY),
        (60, False, TickAction.APPLY_POLICY),
    ],
)
def test_tick_decisions(now_hour: int, reminded: bool, action: TickAction) -> None:
    from datetime import timedelta

    opened = datetime(2026, 1, 5, 12, tzinfo=UTC)
    due = opened + timedelta(hours=48)
    assert decide(Schedule(48, 12, 24), due, opened + timedelta(hours=now_hour), reminded) is action


def test_tick_reminds_then_applies_the_policy_and_replay_agrees(
    timed: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    camp = timed
    camp.submit_orders(1, "alice", "advance 2")
    assert camp.tick("2026-01-05T20:00:00Z").as_json() == []
    first = camp.tick("2026-01-06T13:00:00Z").as_json()
    assert first == [
        {"game": 1, "side": "red", "player": "bob", "action": "reminded", "deadline": "2026-01-07T12:00:00Z"}
    ]
    assert camp.tick("2026-01-06T14:00:00Z").as_json() == []  # one reminder only
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-08T01:00:00Z")
    report = camp.tick("2026-01-08T01:00:00Z").as_json()
    assert report[0]["action"] == "missed: hold" and report[0]["orders"] == "hold"
    assert report[1] == {"game": 1, "action": "resolved", "resolutions": 1}
    events = list(camp.store.read(stream="game:1"))
    passed = next(e for e in events if e.type == "DeadlinePassed")
    assert passed.payload["now"] == "2026-01-08T01:00:00Z" and passed.payload["sides"] == ["red"]
    filed = [e for e in events if e.type == "OrdersSubmitted" and e.actor == "deadline"]
    assert filed[0].payload["canonical"] == "hold" and filed[0].payload["policy"] == "hold"
    gs = camp.load(1)
    assert gs.turn == 2 and gs.last_narrative[0] == "red holds at 0"
    cold = state_at(camp.store, "game:1", use_snapshots=False)
    assert cold.state == gs.state


def test_the_bot_policy_files_the_computer_players_orders(camp: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CAMPAIGN_NOW", T0)
    camp.new_game(
        "toy-race", "sprint", {"blue": "alice", "red": "bob"}, schedule=Schedule(1, 0, 1, MissedOrders.BOT).as_json()
    )
    report = camp.tick("2026-01-05T14:00:00Z").as_json()
    filed = [r for r in report if "orders" in r]
    assert [r["action"] for r in filed] == ["missed: bot", "missed: bot"]
    assert all(r["orders"].startswith("advance ") for r in filed)


def test_an_absent_player_gets_more_time(timed: Campaign) -> None:
    timed.declare_absence("bob", "2026-01-06", "2026-01-09")
    report = timed.tick("2026-01-08T01:00:00Z").as_json()
    assert [r["side"] for r in report if r["action"].startswith("missed")] == ["blue"]


def test_wait_holds_resolution_until_the_deadline(timed: Campaign) -> None:
    camp = timed
    camp.set_wait(1, "alice")
    camp.submit_orders(1, "alice", "advance 1")
    receipt = camp.submit_orders(1, "bob", "advance 1")
    assert receipt.resolved == [] and camp.load(1).turn == 1
    camp.set_wait(1, "alice", on=False)
    assert camp.load(1).turn == 2  # NOWAIT: resolves at once


def test_orders_can_be_withdrawn_only_until_dice_were_rolled_on_them(timed: Campaign) -> None:
    camp = timed
    camp.submit_orders(1, "alice", "advance 3")
    assert camp.withdraw(1, "alice").key == "turn-1"
    assert {r.side for r in camp.load(1).ruleset.pending(camp.load(1).state)} == {"blue", "red"}
    camp.submit_orders(1, "alice", "advance 1")
    camp.submit_orders(1, "bob", "advance 1")
    with pytest.raises(UserError, match="dice have been rolled on them"):
        camp.withdraw(1, "alice")


def test_press_and_resignation(timed: Campaign) -> None:
    camp = timed
    camp.press(1, "alice", "red", "Nice weather for a race.")
    assert camp.load(1).press[0]["text"] == "Nice weather for a race." and camp.load(1).press[0]["from"] == "blue"
    with pytest.raises(UserError, match="press goes to a side"):
        camp.press(1, "alice", "green", "hello")
    ended = camp.resign(1, "bob")
    assert ended == {"winner": "blue", "reason": "red resigned"}
    gs = camp.load(1)
    assert gs.ended == ended and gs.revealed.keys() == gs.commitments.keys()
    with pytest.raises(UserError, match="is over"):
        camp.submit_orders(1, "alice", "advance 1")


def test_a_correction_voids_a_move_and_replay_shows_the_corrected_game(timed: Campaign) -> None:
    camp = timed
    camp.submit_orders(1, "alice", "advance 1")
    camp.submit_orders(1, "bob", "advance 3")  # bob meant "advance 1"
    wrong = next(e.seq for e in camp.store.read(stream="game:1") if e.type == "OrdersSubmitted" and e.actor == "bob")
    before_void = camp.store.head()[0]
    old_next_n = camp.load(1).next_n
    info = camp.void(1, [wrong], "bob's orders were garbled in transit")
    assert info.named == (wrong,) and info.also  # the resolution after it went too
    gs = camp.load(1)
    # alice's orders were accepted before the seed now in use was committed, so the whole phase
    # opens again: no order is ever rolled on a seed committed after it (docs/dice.md)
    assert gs.turn == 1 and {r.side for r in gs.ruleset.pending(gs.state)} == {"blue", "red"}
    assert gs.next_n == old_next_n  # voided dice keep their numbers: no re-roll of the same die
    camp.submit_orders(1, "alice", "advance 1")
    camp.submit_orders(1, "bob", "advance 1")
    gs = camp.load(1)
    assert gs.turn == 2
    # both timelines stay on record: the board before the correction is still there
    assert state_at(camp.store, "game:1", before_void).turn == 2
    assert state_at(camp.store, "game:1", use_snapshots=False).state == gs.state
    with pytest.raises(UserError, match="only inputs can be voided"):
        camp.void(1, [next(e.seq for e in camp.store.read(stream="game:1") if e.type == "GameCreated")], "x")
    with pytest.raises(UserError, match="already voided"):
        camp.void(1, [wrong], "again")


def test_passwords_are_hashed_outside_the_chain(camp: Campaign) -> None:
    pw = camp.set_password("alice")
    assert camp.check_password("alice", pw) and not camp.check_password("alice", pw + "x")
    assert not camp.check_password("bob", pw)
    from campaign.transfer import export_lines

    assert pw not in "".join(export_lines(camp.store)) and "scrypt" not in "".join(export_lines(camp.store))


def test_cli_tick_void_wait_withdraw_and_password(timed: Campaign, db_path, monkeypatch: pytest.MonkeyPatch) -> None:
    timed.store.close()
    r = CliRunner()

    def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
        return r.invoke(main, ["--db", str(db_path), *args], input=input)

    assert run("orders", "wait", "1", "--player", "alice").exit_code == 0
    assert run("orders", "submit", "1", "--player", "alice", input="advance 2\n").exit_code == 0
    assert "withdrew the orders on file for turn-1" in run("orders", "withdraw", "1", "--player", "alice").stdout
    res = run("tick", "--now", "2026-01-09T00:00:00Z", "--json")
    assert res.exit_code == 0 and {row.get("side") for row in __import__("json").loads(res.stdout)} >= {"blue", "red"}
    seq = next(
        e["seq"]
        for e in map(__import__("json").loads, run("log", "1", "--json").stdout.splitlines())
        if e["type"] == "OrdersSubmitted" and e["actor"] == "deadline"
    )
    res = run("referee", "void", "1", str(seq), "--reason", "the deadline was announced wrongly")
    assert res.exit_code == 0 and f"voided {seq}: the deadline was announced wrongly" in res.stdout
    assert "new password for alice: " in run("referee", "password", "alice").stdout
    assert run("referee", "void", "1", "99999", "--reason", "x").exit_code == 1
    assert run("tick", "--now", "yesterday").exit_code == 1


def test_a_wait_held_phase_with_all_orders_in_resolves_at_the_deadline(timed: Campaign) -> None:
    """WAIT holds a phase only until its deadline: with every order in, the tick at the deadline ends the wait
    (a WaitSet off by the deadline, in the record) and resolves the phase; replay agrees."""
    camp = timed
    camp.set_wait(1, "alice")
    camp.submit_orders(1, "alice", "advance 1")
    camp.submit_orders(1, "bob", "advance 1")
    early = camp.tick("2026-01-06T12:00:00Z").as_json()
    assert early == [], early
    report = camp.tick("2026-01-07T12:00:00Z").as_json()
    assert {"game": 1, "action": "wait ended at the deadline", "sides": ["blue"]} in report
    assert {"game": 1, "action": "resolved", "resolutions": 1} in report
    gs = camp.load(1)
    assert gs.turn == 2 and not gs.waits
    ended = [e for e in camp.store.read(stream="game:1") if e.type == "WaitSet" and e.actor == "deadline"]
    assert [e.payload["side"] for e in ended] == ["blue"]
    assert state_at(camp.store, "game:1", use_snapshots=False).state == gs.state


def test_tick_prints_every_kind_of_row_it_reports(timed: Campaign) -> None:
    """`campaign tick` prints a line for each thing done: a wait ended at the deadline and the phase it
    resolved included (rows without a side, which the command once indexed by side and crashed on)."""
    camp = timed
    camp.set_wait(1, "alice")
    camp.submit_orders(1, "alice", "advance 1")
    camp.submit_orders(1, "bob", "advance 1")
    report = camp.tick("2026-01-07T12:00:00Z")
    assert report.text().splitlines() == [
        "game 1: wait ended at the deadline for blue",
        "game 1: resolved 1 phase(s)",
    ]
    assert report.as_json() == [
        {"game": 1, "action": "wait ended at the deadline", "sides": ["blue"]},
        {"game": 1, "action": "resolved", "resolutions": 1},
    ]
    later = camp.tick("2026-01-08T13:00:00Z").text().splitlines()
    assert later[0] == "game 1: blue (alice) missed: hold: hold", later
