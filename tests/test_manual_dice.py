"""Manual dice cannot wedge a game: only the dice the waiting resolution needs are taken (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign.dice import DiceMode
from campaign.service import Campaign, UserError
from tests.test_cli import game, run  # noqa: F401 (the game fixture)


def _manual(camp: Campaign) -> None:
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, dice_mode=DiceMode.MANUAL)


def test_dice_before_the_phase_is_ready_are_refused_and_nothing_is_stored(camp: Campaign) -> None:
    _manual(camp)
    camp.submit_orders(1, "alice", "advance 2")
    before = camp.store.head()
    with pytest.raises(UserError, match="not waiting for dice: it waits for red"):
        camp.enter_dice(1, [3])
    assert camp.store.head() == before and camp.load(1).manual_pool == []


def test_surplus_dice_are_refused_with_the_count_and_sizes_wanted(camp: Campaign) -> None:
    _manual(camp)
    camp.submit_orders(1, "alice", "advance 2")
    camp.submit_orders(1, "bob", "advance 1")
    before = camp.store.head()
    with pytest.raises(UserError, match=r"needs 2 more dice \(d6, d6\), but 3 were entered; nothing was stored"):
        camp.enter_dice(1, [4, 2, 6])
    assert camp.store.head() == before
    camp.enter_dice(1, [4])
    with pytest.raises(UserError, match=r"needs 1 more die \(d6\), but 2 were entered"):
        camp.enter_dice(1, [2, 2])


def test_a_wrong_die_never_blocks_the_game(camp: Campaign) -> None:
    """The wedge of issue 14: a wrong value used to sit in the queue and block every later entry."""
    _manual(camp)
    for turn in range(1, 4):
        camp.submit_orders(1, "alice", "advance 1")
        camp.submit_orders(1, "bob", "advance 1")
        with pytest.raises(UserError, match="asked for a d6"):
            camp.enter_dice(1, [4, 9])
        camp.enter_dice(1, [4, 2])
        assert isinstance(camp.advance(1), list)
        assert camp.load(1).turn == turn + 1 and camp.load(1).manual_pool == []


def test_the_next_die_is_known_before_and_between_entries(camp: Campaign) -> None:
    _manual(camp)
    camp.submit_orders(1, "alice", "advance 2")
    assert camp.dice_needed(camp.load(1)) is None  # still waiting for orders, not dice
    camp.submit_orders(1, "bob", "advance 1")
    need = camp.dice_needed(camp.load(1))
    assert need is not None and (need.sides, need.purpose, need.queued) == (6, "turn 1: red advances 1", 0)
    camp.enter_dice(1, [5])
    need = camp.dice_needed(camp.load(1))
    assert need is not None and (need.purpose, need.queued) == ("turn 1: blue advances 2", 1)


def test_dice_clear_drops_the_queue_and_replay_agrees(camp: Campaign) -> None:
    _manual(camp)
    camp.submit_orders(1, "alice", "advance 2")
    camp.submit_orders(1, "bob", "advance 1")
    camp.enter_dice(1, [5])
    ev = camp.clear_dice(1, "wrong table")
    assert ev.payload == {"values": [5], "reason": "wrong table"}
    assert camp.load(1).manual_pool == []
    from campaign.replay import state_at

    assert state_at(camp.store, "game:1").manual_pool == []
    with pytest.raises(UserError, match="no entered dice waiting"):
        camp.clear_dice(1, "again")
    camp.enter_dice(1, [2, 1])
    assert camp.load(1).turn == 1 and isinstance(camp.advance(1), list) and camp.load(1).turn == 2


def test_status_and_dice_clear_from_the_command_line(runner: CliRunner, game: Path) -> None:  # noqa: F811
    res = run(runner, game, "game", "new", "--ruleset", "race", "--scenario", "sprint",
              "--side", "blue=alice", "--side", "red=bob", "--dice", "manual")  # fmt: skip
    run(runner, game, "orders", "submit", "2", "--player", "alice", input="advance 1\n")
    run(runner, game, "orders", "submit", "2", "--player", "bob", input="advance 1\n")
    out = run(runner, game, "status", "2").stdout
    assert "waiting for dice: a d6 for turn 1: red advances 1 (die 1 of this resolution)" in out
    res = run(runner, game, "dice", "enter", "2", "5", "1", "3")
    assert res.exit_code == 1 and "needs 2 more dice (d6, d6), but 3 were entered" in res.output
    run(runner, game, "dice", "enter", "2", "5")
    st = json.loads(run(runner, game, "status", "2", "--json").stdout)
    assert st["manual_dice_queued"] == [5] and st["next_die"]["purpose"] == "turn 1: blue advances 1"
    res = run(runner, game, "dice", "clear", "2", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["cleared"] == [5]
    assert json.loads(run(runner, game, "status", "2", "--json").stdout)["next_die"]["queued"] == 0
