"""Fast where people wait: reads that cost only what is new, one password check per player per
ingest run, board pictures drawn once per game state; none of it changes what is shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign import canonical
from campaign.dice import DiceMode
from campaign.eventlog import MemoryStore, open_store
from campaign.events import EventType
from campaign.replay import state_at
from campaign.service import Campaign
from tests.helpers import play_race
from tests.toy import RULESET  # noqa: F401  (registers the toy race)


def _campaign(store) -> Campaign:  # type: ignore[no-untyped-def]
    camp = Campaign(store)
    camp.init("t")
    camp.add_player("alice", "a@example.org")
    camp.add_player("bob", "b@example.org")
    return camp


@pytest.mark.parametrize("dice", ["fair", "manual"])
def test_snapshot_load_folds_only_lasting_bookkeeping_and_equals_a_cold_replay(tmp_path: Path, dice: str) -> None:
    """A load from a snapshot reads the lasting bookkeeping by index, yet gives the very state a
    cold replay gives, at every resolution (fair and manual dice, press, a void on file)."""
    store = open_store(tmp_path / "c.db", create=True)
    camp = _campaign(store)
    if dice == "manual":
        gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, dice_mode=DiceMode.MANUAL)
        for _ in range(4):
            camp.submit_orders(gs.number, "alice", "advance 1")
            camp.submit_orders(gs.number, "bob", "advance 2")
            for _ in range(10):
                if camp.dice_needed(camp.load(gs.number)) is None:
                    break
                camp.enter_dice(gs.number, [3])
        number = gs.number
    else:
        number = play_race(camp, turns=6)
    camp.press(number, "alice", "all", "good game")
    stream = f"game:{number}"
    head = store.head()[0]
    resolved = [ev.seq for ev in store.read_types(stream, [EventType.PHASE_RESOLVED.value])]
    assert resolved
    for seq in resolved:
        cold = state_at(store, stream, seq, use_snapshots=False)
        store.put_snapshot(stream, seq, _engine(cold), _snapshot(cold), store.at_seq(seq).hash)  # type: ignore[union-attr]
        for upto in (seq, head):
            warm = state_at(store, stream, upto)
            assert canonical.dumps(warm.dump()) == canonical.dumps(state_at(store, stream, upto, use_snapshots=False).dump())
    store.close()


def _engine(gs) -> str:  # type: ignore[no-untyped-def]
    from campaign.replay import engine_id

    return engine_id(gs.ruleset)


def _snapshot(gs) -> str:  # type: ignore[no-untyped-def]
    from campaign.replay import snapshot_data

    return snapshot_data(gs)


def test_indexed_reads_agree_with_a_full_read(tmp_path: Path) -> None:
    """`first`, `at_seq`, `read_types` and tail reads give what filtering a full read gives."""
    sql = open_store(tmp_path / "c.db", create=True)
    mem = MemoryStore()
    for store in (sql, mem):
        play_race(_campaign(store), turns=3)
    for store in (sql, mem):
        full = list(store.read(stream="game:1"))
        assert store.first("game:1") == full[0]
        assert store.at_seq(full[3].seq) == full[3]
        kinds = [EventType.SEED_COMMITTED.value, EventType.PHASE_RESOLVED.value]
        want = [e for e in full if e.type in kinds and full[2].seq < e.seq <= full[-2].seq]
        assert list(store.read_types("game:1", kinds, after=full[2].seq, upto=full[-2].seq)) == want
        assert list(store.read(stream="game:1", after=full[4].seq)) == full[5:]
    plan = sql.conn.execute("EXPLAIN QUERY PLAN SELECT * FROM events WHERE stream = 'game:1' AND version = 1").fetchall()
    assert "USING INDEX" in str(plan)
    sql.close()


def test_one_password_check_per_player_per_ingest_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within a run the same password for the same player is checked once; an unknown player and
    a wrong password are remembered alike (a repeat costs nothing either way); outside a run,
    every mail costs its own check."""
    import campaign.passwords as passwords
    from campaign.mail.guard import verify_once

    camp = _campaign(MemoryStore())
    pw = camp.set_password("alice", "tiger-moth-42")
    calls: list[str] = []
    real = passwords.verify_password
    monkeypatch.setattr(passwords, "verify_password", lambda p, s: calls.append(p) or real(p, s))
    assert verify_once(camp, "alice", pw) and verify_once(camp, "alice", pw)
    assert len(calls) == 2  # no run: no memo
    camp.password_memo = {}
    calls.clear()
    for _ in range(5):
        assert verify_once(camp, "alice", pw)
        assert not verify_once(camp, "alice", "wrong")
        assert not verify_once(camp, None, "guess")
    assert len(calls) == 3
    assert "tiger-moth-42" not in repr(camp.password_memo)


def test_board_picture_is_drawn_once_per_game_state(monkeypatch: pytest.MonkeyPatch) -> None:
    from campaign import digest

    camp = _campaign(MemoryStore())
    play_race(camp, turns=2)
    gs = camp.load(1)
    drawn: list[object] = []
    real = type(gs.ruleset).picture
    monkeypatch.setattr(type(gs.ruleset), "picture", lambda self, *a, **k: drawn.append(a) or real(self, *a, **k))
    first = digest.board_picture(gs, "blue", "t")
    assert digest.board_picture(gs, "blue", "t") is first
    assert len(drawn) == 1
    digest.board_picture(gs, "red", "t")
    assert len(drawn) == 2


def test_game_list_names_a_finished_game_without_replaying_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`game list` reads a finished game's ending from the log by index; only running games are loaded."""
    from click.testing import CliRunner

    import campaign.service.base as service  # where Campaign.load replays
    from campaign.cli import main

    db = tmp_path / "c.db"
    store = open_store(db, create=True)
    camp = _campaign(store)
    play_race(camp)
    reason = camp.load(1).ended["reason"]  # type: ignore[index]
    store.close()

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("a finished game was replayed")

    monkeypatch.setattr(service, "state_at", no_replay)
    result = CliRunner().invoke(main, ["--db", str(db), "game", "list"])
    assert result.exit_code == 0, result.output
    assert reason in result.output and "toy-race" in result.output
