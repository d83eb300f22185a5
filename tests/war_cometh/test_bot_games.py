"""Computer players fight every scenario for a few turns: every order they write passes the same
checks as a player's, nothing crashes, and replaying the inputs gives the same state."""

from __future__ import annotations

import json
import random

import pytest

from campaign.kit.scripted import ScriptedDice
from games.war_cometh import RULESET
from games.war_cometh.model import Phase


class SeededDice:
    """Dice from a seeded generator, recording every roll (a stand-in for the core's fair dice)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rolls: list[int] = []

    def roll(self, sides: int, purpose: str) -> int:
        assert sides == 6 and purpose  # [WC.SCALE.4] d6 only, every die with its purpose
        face = self.rng.randint(1, 6)
        self.rolls.append(face)
        return face

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        return default


@pytest.mark.parametrize("scenario", ["open-field", "mid-game", "bannockburn"])
def test_bot_games_run_and_replay(scenario: str) -> None:
    """[WC.SEQ.1] [WC.MOVE.10] bots play two game turns; replay with the recorded dice is identical."""
    state = RULESET.setup(scenario, {"max_turns": 2})
    inputs = []
    dice = SeededDice(7)
    for _ in range(4 if scenario == "bannockburn" else 6):
        if RULESET.outcome(state) is not None:
            break
        side = RULESET.pending(state)[0].side
        text = RULESET.bot_orders(state, side, 1)
        accepted = RULESET.parse_orders(state, side, text)
        inputs.append(accepted)
        state = RULESET.apply_orders(state, accepted)
        state = RULESET.resolve(state, dice).state
        assert RULESET.load(json.loads(json.dumps(RULESET.dump(state)))) == state
    assert state.phase is Phase.OVER or state.player_turn >= 2
    replay = RULESET.setup(scenario, {"max_turns": 2})
    recorded = ScriptedDice.of(6, *dice.rolls)
    for accepted in inputs:
        replay = RULESET.apply_orders(replay, accepted)
        replay = RULESET.resolve(replay, recorded).state
    assert replay == state
    moved = [u for u in state.units if u.on_table]
    assert moved
