"""Replay: deterministic, snapshot + tail equals a full replay, and loud when engine and log diverge."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign import canonical
from campaign.eventlog import MemoryStore
from campaign.replay import ReplayError, state_at, state_at_turn
from campaign.service import Campaign
from tests.toy import RULESET as RACE

order = st.sampled_from(["hold", "advance 1", "advance 2", "advance 3"])


def _game(moves: list[tuple[str, str]], limit: int = 6) -> Campaign:
    camp = Campaign(MemoryStore())
    camp.init("t")
    camp.add_player("alice", "a@example.org")
    camp.add_player("bob", "b@example.org")
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"turn_limit": limit})
    for a, b in moves:
        if camp.load(1).ended:
            break
        camp.submit_orders(1, "alice", a)
        camp.submit_orders(1, "bob", b)
    return camp


def _dump(gs: object) -> str:
    return canonical.dumps(gs.dump())  # type: ignore[attr-defined]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(order, order), min_size=1, max_size=8))
def test_replay_is_deterministic(moves: list[tuple[str, str]]) -> None:
    camp = _game(moves)
    a = state_at(camp.store, "game:1", use_snapshots=False)
    b = state_at(camp.store, "game:1", use_snapshots=False)
    assert _dump(a) == _dump(b)
    # and the live state the service kept equals a cold replay
    assert _dump(camp.load(1)) == _dump(a)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(order, order), min_size=1, max_size=8), st.data())
def test_snapshot_plus_tail_equals_full_replay(moves: list[tuple[str, str]], data: st.DataObject) -> None:
    camp = _game(moves)
    head = camp.store.head()[0]
    from campaign.replay import engine_id

    camp.store.clear_snapshots()
    first = next(camp.store.read(stream="game:1")).seq
    cut = first + data.draw(st.integers(0, 1000)) * (head - first) // 1000  # the dice seed is random: scale
    snap = state_at(camp.store, "game:1", cut, use_snapshots=False)
    camp.store.put_snapshot("game:1", snap.seq, engine_id(RACE), canonical.dumps(snap.dump()))
    for seq in range(cut, head + 1):
        cold = state_at(camp.store, "game:1", seq, use_snapshots=False)
        warm = state_at(camp.store, "game:1", seq, use_snapshots=True)
        assert _dump(cold) == _dump(warm)


def test_snapshots_are_written_at_turn_ends_and_ignored_when_unreadable() -> None:
    camp = _game([("advance 1", "advance 1")] * 4)
    store = camp.store
    assert store.latest_snapshot("game:1", 10**6, "toy-race/1 campaign/0.1.0") is not None
    store.put_snapshot("game:1", store.head()[0], "toy-race/1 campaign/0.1.0", "{broken")
    assert _dump(state_at(store, "game:1")) == _dump(state_at(store, "game:1", use_snapshots=False))


def test_state_at_turn_is_the_board_at_the_end_of_that_turn() -> None:
    camp = _game([("advance 1", "hold")] * 5, limit=10)
    positions = [state_at_turn(camp.store, "game:1", t).state["pos"]["blue"] for t in range(1, 5)]
    # blue advances 1 whenever its d6 beats 1, so positions never go down and end at <= turn
    assert positions == sorted(positions) and all(p <= t for p, t in zip(positions, range(1, 5)))
    assert state_at_turn(camp.store, "game:1", 2).turn == 3
    assert state_at_turn(camp.store, "game:1", 99).seq == camp.store.head()[0]


def test_replay_fails_loudly_naming_the_event_when_the_engine_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    camp = _game([("advance 2", "advance 2")] * 2)
    original = RACE.resolve

    def asks_another_die(state, dice):  # type: ignore[no-untyped-def]
        dice.roll(12, "a die the old engine never rolled")
        return original(state, dice)

    monkeypatch.setattr(RACE, "resolve", asks_another_die)
    with pytest.raises(ReplayError, match=r"event seq \d+ recorded a d6 .* now asks for a d12"):
        state_at(camp.store, "game:1", use_snapshots=False)


def test_replay_fails_on_a_checkpoint_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    camp = _game([("advance 1", "advance 1")])
    original = RACE.resolve

    def generous(state, dice):  # type: ignore[no-untyped-def]
        res = original(state, dice)
        res.state["pos"]["blue"] += 1
        return res

    monkeypatch.setattr(RACE, "resolve", generous)
    with pytest.raises(ReplayError, match=r"event seq \d+ \(PhaseResolved\): .*checkpoint mismatch"):
        state_at(camp.store, "game:1", use_snapshots=False)


def test_an_error_about_the_whole_message_does_not_claim_a_line() -> None:
    from campaign.ruleset import OrderError

    assert str(OrderError(0, 0, "HH.SEQ.9", "it is york's bound")) == "the orders: it is york's bound [HH.SEQ.9]"
    assert str(OrderError(4, 2, "E", "bad")).startswith("line 4, column 2: bad [E]")
