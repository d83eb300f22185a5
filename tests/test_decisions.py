"""Mid-resolution decisions: the game stops, asks the side, and resolves again with the same dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.audit import DiceStatus
from campaign.deadlines import Schedule
from campaign.dice import DiceMode
from campaign.mail.ledger import Unchecked
from campaign.mailflow import MailSettings, handle_message
from campaign.replay import state_at
from campaign.ruleset import MissedOrders, OrdersRejected
from campaign.service import Campaign, WaitingForDecision, audit_dice
from tests.test_mailflow import PASSWORDS, order_mail, signon


def _manual_game(camp: Campaign, **kw: object) -> int:
    gs = camp.new_game(
        "toy-race",
        "sprint",
        {"blue": "alice", "red": "bob"},
        dice_mode=DiceMode.MANUAL,
        options={"ask_on_one": True},
        **kw,
    )  # type: ignore[arg-type]
    return gs.number


def test_a_resolution_stops_for_a_decision_and_resumes_with_the_answer(camp: Campaign) -> None:
    game = _manual_game(camp)
    camp.submit_orders(game, "alice", "advance 2")
    camp.submit_orders(game, "bob", "advance 2")
    camp.enter_dice(game, [1, 5])  # red rolls a 1 first
    waiting = camp.advance(game)
    assert isinstance(waiting, WaitingForDecision) and waiting.side == "red" and waiting.options == ("reroll", "keep")
    asked = [e for e in camp.store.read(stream="game:1") if e.type == "DecisionRequested"]
    assert len(asked) == 1 and not any(e.type == "PhaseResolved" for e in camp.store.read(stream="game:1"))
    gs = camp.load(game)
    assert [(r.side, r.kind.value) for r in camp.awaiting(gs)] == [("red", "decision")]
    assert isinstance(camp.advance(game), WaitingForDecision)  # asking again writes nothing new
    assert len([e for e in camp.store.read(stream="game:1") if e.type == "DecisionRequested"]) == 1
    with pytest.raises(OrdersRejected, match="'maybe' is not one of reroll, keep"):
        camp.submit_orders(game, "bob", "maybe")
    camp.enter_dice(game, [6])  # dice are used in the order the engine asks: red 1, red again 5, blue 6
    receipt = camp.submit_orders(game, "bob", "reroll")
    assert receipt.resolved and receipt.resolved[0].narrative == [
        "red rolled a 1 and chose to roll again",
        "red rolls 5 > 2: moves to 2",
        "blue rolls 6 > 2: moves to 2",
    ]
    rolled = [e.payload["purpose"] for e in camp.store.read(stream="game:1") if e.type == "DiceRolled"]
    assert rolled == ["turn 1: red advances 2", "turn 1: red rolls again", "turn 1: blue advances 2"]
    assert state_at(camp.store, "game:1", use_snapshots=False).state == camp.load(game).state


def test_fair_dice_resolve_again_on_the_same_inputs_and_re_derive(monkeypatch: pytest.MonkeyPatch) -> None:
    from campaign.eventlog import MemoryStore

    monkeypatch.setenv("CAMPAIGN_NOW", "2026-02-01T10:00:00Z")  # fixed seeds and times: the same game every run
    camp = Campaign(MemoryStore(), seeds=lambda stream, n: bytes([n]) * 32)
    camp.init("t")
    camp.add_player("alice", "alice@example.org")
    camp.add_player("bob", "bob@example.org")
    gs = camp.new_game(
        "toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"ask_on_one": True, "turn_limit": 40}
    )
    asked = None
    for _ in range(40):
        gs = camp.load(gs.number)
        if gs.ended:
            break
        if gs.asked and not gs.answers:
            asked = next(iter(gs.asked.values()))
            before = [e for e in camp.store.read(stream=gs.stream) if e.type == "DiceRolled"]
            camp.submit_orders(gs.number, gs.sides[asked["side"]], "reroll")
            for _ in range(5):  # the re-derived dice may raise a second question in the same phase
                now = camp.load(gs.number)
                open_ = [q for k, q in sorted(now.asked.items()) if k not in now.answers]
                if not open_:
                    break
                camp.submit_orders(gs.number, now.sides[open_[0]["side"]], "reroll")
            after = [e for e in camp.store.read(stream=gs.stream) if e.type == "DiceRolled"]
            new = after[len(before) :]
            assert new[0].payload["value"] == 1 or any(d.payload["value"] == 1 for d in new)
            assert all(d.payload["inputs_hash"] == asked["inputs_hash"] for d in new)
            break
        for who in ("alice", "bob"):
            if not camp.load(gs.number).asked:
                camp.submit_orders(gs.number, who, "advance 1")
    assert asked is not None, "no 1 was rolled in 40 turns"
    rows = audit_dice(camp.store, gs.stream)
    assert rows and all(r.status in (DiceStatus.OK, DiceStatus.UNREVEALED) for r in rows), rows


def test_an_unanswered_decision_gets_its_default_at_the_deadline(
    camp: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-05T12:00:00Z")
    game = _manual_game(camp, schedule=Schedule(24, 0, 12, MissedOrders.HOLD).as_json())
    camp.submit_orders(game, "alice", "advance 1")
    camp.submit_orders(game, "bob", "advance 1")
    camp.enter_dice(game, [1, 4])
    assert isinstance(camp.advance(game), WaitingForDecision)
    report = camp.tick("2026-01-07T12:00:00Z").as_json()
    assert {
        "game": 1,
        "side": "red",
        "player": "bob",
        "action": "missed: hold",
        "orders": "decision turn-1-red-one: keep",
        "deadline": "2026-01-06T12:00:00Z",
    } in report
    gs = camp.load(game)
    assert gs.turn == 2 and gs.last_narrative[0] == "red rolls 1 <= 1: stumbles at 0"


def test_a_decision_answered_by_mail(camp: Campaign, tmp_path: Path) -> None:
    for who, pw in PASSWORDS.items():
        camp.set_password(who, pw)
    game = _manual_game(camp)
    camp.submit_orders(game, "alice", "advance 1")
    camp.submit_orders(game, "bob", "advance 1")
    camp.enter_dice(game, [1, 3, 2])
    camp.advance(game)
    settings = MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)
    from campaign.mailflow import dispatch

    dispatch(camp, settings)
    texts = [p.read_text(errors="replace") for p in (tmp_path / "outbox" / "new").iterdir()]
    assert any("red must decide: red rolled a 1 on turn 1" in t for t in texts)
    result = handle_message(camp, order_mail("bob", signon("bob") + "keep\n", "decide"), settings)
    assert result.outcome == "accepted", result.reply
    assert camp.load(game).turn == 2
