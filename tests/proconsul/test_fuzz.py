"""Seeded bot-against-bot games under invariants [PC.PBEM.1] [PC.DICE.4] [PC.UNITS.1] [PC.VICTORY.2].

Every shipped scenario is played in-process by the computer player for both sides with seeded
dice. After every resolution: no two stands share a hex, no rank is empty or negative, every die
was asked for with a purpose, break points only grow and never pass the total, and the state
survives dump/load unchanged. The same seed twice gives the same game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from campaign.ruleset import OrdersRejected
from games.proconsul import RULESET
from games.proconsul.state import State

SCENARIOS = [s.name for s in RULESET.scenarios()]


class SeededDice:
    """Dice from a seeded generator, keeping every purpose asked for."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.purposes: list[str] = []

    def roll(self, sides: int, purpose: str) -> int:
        assert sides == 6, f"Proconsul rolls only six-sided dice [PC.DICE.1], asked for a d{sides}: {purpose}"
        assert purpose.strip(), "a die with no purpose"
        self.purposes.append(purpose)
        return self.rng.randint(1, sides)

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        return default


def check(st: State, before: dict[str, int]) -> None:
    live = st.live()
    hexes = [s.hex for s in live]
    assert len(hexes) == len(set(hexes)), "two stands in one hex [PC.UNITS.1]"
    for s in live:
        assert s.ranks and all(r > 0 for r in s.ranks), f"{s.id} has ranks {s.ranks} [PC.UNITS.5]"
        assert st.on_map(s.hex), f"{s.id} is off the map"
        assert 0 <= s.facing < 6
    for side, army in st.army.items():
        assert before.get(side, 0) <= army.lost <= army.total, (
            f"{side} break points went from {before.get(side)} to {army.lost}"
        )
    for m in st.melees.values():
        assert all(st.stands[x].on_board for x in m.stands), f"melee {m.id} holds a stand that is gone"


def play(scenario: str, seed: int, limit: int = 400) -> tuple[State, list[str]]:
    st = RULESET.setup(scenario, {"max_rounds": 8})
    dice = SeededDice(seed)
    for step in range(limit):
        if RULESET.outcome(st) is not None:
            break
        for r in RULESET.pending(st):
            text = RULESET.bot_orders(st, r.side, seed * 10_000 + step)
            try:
                accepted = RULESET.parse_orders(st, r.side, text)
            except OrdersRejected as e:  # pragma: no cover - the message is the point
                raise AssertionError(f"the bot wrote illegal orders:\n{text}\n{e}") from e
            st = RULESET.apply_orders(st, accepted)
        assert RULESET.ready(st), RULESET.phase(st)
        lost = {side: a.lost for side, a in st.army.items()}
        st = RULESET.resolve(st, dice).state
        check(st, lost)
        dumped: Any = RULESET.dump(st)
        assert RULESET.dump(RULESET.load(dumped)) == dumped
        st = RULESET.load(dumped)
    return st, dice.purposes


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2])
def test_PC_PBEM_1_bot_games_end_under_invariants(scenario: str, seed: int) -> None:
    """[PC.PBEM.1] [PC.VICTORY.3] [PC.SEQ.11]: a seeded game ends (a broken army or the round limit) with every invariant kept."""
    st, purposes = play(scenario, seed)
    assert RULESET.outcome(st) is not None, f"no result after 400 windows: {RULESET.phase(st)}"
    assert purposes


def test_PC_PBEM_1_same_seed_same_game() -> None:
    """[PC.PBEM.1] [PC.DICE.4]: replaying with the same seed gives the same dice and the same final state."""
    a, pa = play("open-field", 7)
    b, pb = play("open-field", 7)
    assert pa == pb and RULESET.dump(a) == RULESET.dump(b)
