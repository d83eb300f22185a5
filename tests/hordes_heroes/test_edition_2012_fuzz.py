"""Fuzz under the 2012 edition: the computer players fight seeded battles of every 2012 scenario to the end, with
the invariants of test_fuzz_games checked after every resolution (issue 18; HH12.WIN.1, HH12.WIN.2)."""

from __future__ import annotations

import pytest

from games.hordes_heroes import RULESET
from games.hordes_heroes.edition import LATEST_RULES_VERSION, RULES_2012
from games.hordes_heroes.selfplay import self_play

from .test_fuzz_games import SeededDice, check_invariants

SCENARIOS_2012 = ("towton-2012", "wagenburg-2012", "towton-midbattle-2012")
SEEDS = range(3)


@pytest.mark.parametrize("scenario", SCENARIOS_2012)
def test_HH12_WIN_1_computer_players_fight_2012_battles_to_the_end(scenario: str) -> None:
    """HH12.WIN.1, HH12.WIN.2: every 2012 battle ends in a victory or at the turn limit, never an engine error,
    and the bots' orders go through the same parser (no `single` move, which 2012 lacks, HH12.MOV.12)."""
    for seed in SEEDS:
        losses: dict[str, int] = {}

        def watch(state, side, text, losses=losses):  # type: ignore[no-untyped-def]  # self_play's hook, untyped
            assert state.rules is RULES_2012
            assert not any(line.startswith("single ") for line in text.splitlines())
            check_invariants(state, losses)

        dice = SeededDice(seed * 7919 + len(scenario))
        game = self_play(scenario, seed, dice, {"rules_version": LATEST_RULES_VERSION}, on_orders=watch)
        check_invariants(game.state, losses)
        assert RULESET.outcome(game.state) is not None, f"{scenario} seed {seed} stopped early"
