"""Fuzz: the computer players fight 52 seeded battles to the end; the engine never errs or breaks an invariant.

Invariants checked after every resolution of every game:
  1. no two units on the table share a hex;
  2. stands are never below zero, never above the unit's nominal size, and an eliminated unit has none;
  3. every eliminated unit is off the table (no hex) and every unit on the table is on the map;
  4. a killed general is off the table, and a general on the table stands on the map;
  5. casualties only grow;
  6. dump/load round-trips the state exactly;
and at the end every game is over: a victory [HH.WIN.1, HH.WIN.2, HH.WIN.7] or the points count at the turn
limit [HH.WIN.5, HH.WIN.10], never an engine error.
"""

from __future__ import annotations

import random

import pytest

from games.hordes_heroes import RULESET
from games.hordes_heroes.selfplay import self_play
from games.hordes_heroes.state import dump_state, load_state

pytestmark = pytest.mark.slow  # seeded computer-player battles to the end; `pytest -m "not slow"` leaves it out

SCENARIOS = ("intro-50", "pitched-150", "river-woods", "skirmish-midbattle")
SEEDS = range(13)


class SeededDice:
    """Random dice from a seed: different in every game, the same in every run."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll(self, sides: int, purpose: str) -> int:
        return self.rng.randint(1, sides)


def check_invariants(state, seen_losses: dict[str, int]) -> None:  # type: ignore[no-untyped-def]
    occupied: dict[object, int] = {}
    for u in state.units.values():
        assert 0 <= u.stands <= u.nominal, f"unit {u.id} has {u.stands} of {u.nominal} stands"
        if u.on_table:
            assert u.hex is not None and state.field.on_map(u.hex), f"unit {u.id} is on the table but off the map"
            assert u.hex not in occupied, f"units {occupied[u.hex]} and {u.id} share {state.label(u.hex)}"
            occupied[u.hex] = u.id
        if u.eliminated:
            assert not u.on_table and u.stands == 0, f"eliminated unit {u.id} is still in play"
    for g in state.generals.values():
        if not g.alive:
            assert g.hex is None, f"general {g.id} was killed but is still at {state.label(g.hex)}"
        elif g.hex is not None:
            assert state.field.on_map(g.hex), f"general {g.id} is off the map"
    for side in state.sides:
        lost = sum(state.casualties.get(side, {}).values())
        assert lost >= seen_losses.get(side, 0), f"{side}'s casualties went down"
        seen_losses[side] = lost
    assert dump_state(load_state(dump_state(state))) == dump_state(state)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_computer_players_fight_seeded_battles_to_the_end_without_errors(scenario: str) -> None:
    """13 seeds per scenario, 52 battles in all; see the module docstring for the invariants."""
    endings: list[str] = []
    for seed in SEEDS:
        losses: dict[str, int] = {}
        checked = {"n": 0}

        def watch(state, side, text, losses=losses, checked=checked):  # type: ignore[no-untyped-def]
            check_invariants(state, losses)
            checked["n"] += 1

        game = self_play(scenario, seed, SeededDice(seed * 7919 + len(scenario)), on_orders=watch)
        check_invariants(game.state, losses)
        outcome = RULESET.outcome(game.state)
        assert outcome is not None, f"{scenario} seed {seed} stopped before the end ({RULESET.phase(game.state)})"
        assert checked["n"] > 3
        endings.append(outcome.reason)
    assert len(endings) == len(SEEDS)
