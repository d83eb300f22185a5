"""Seeded bot-vs-bot games under invariants: no two live pieces in a hex, no negative or zero
defence, every die a d10 with its purpose, replay (same inputs, recorded dice) equals live, dump
and load lose nothing, and every game ends [CH.STACK.1] [CH.DICE.1] [CH.DICE.4] [CH.PBEM.25]."""

from __future__ import annotations

import random
from typing import Any

import pytest

from campaign.hexgrid import Hex
from games.cry_havoc import RULESET
from games.cry_havoc.state import GameState


class Recording:
    """Seeded dice that remember every roll and its purpose; decisions take the default."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rolls: list[tuple[int, int, str]] = []

    def roll(self, sides: int, purpose: str) -> int:
        v = self.rng.randint(1, sides)
        self.rolls.append((sides, v, purpose))
        return v

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        assert default in options
        return default


class Replay:
    """Reads recorded dice back; fails loudly if the engine asks for anything else."""

    def __init__(self, rolls: list[tuple[int, int, str]]) -> None:
        self.rolls = list(rolls)

    def roll(self, sides: int, purpose: str) -> int:
        s, v, p = self.rolls.pop(0)
        assert (s, p) == (sides, purpose), (s, p, sides, purpose)
        return v

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        return default


def invariants(st: GameState) -> None:
    taken: dict[Hex, str] = {}
    for c in st.characters.values():
        if c.live and c.body is not None:
            for h in c.hexes:
                assert st.board.on_map(h), f"{c.id} off the map at {h}"
                assert h not in taken, f"{c.id} and {taken[h]} share {st.board.label(h)}"
                taken[h] = c.id
            assert st.values(c).defence >= 1 and st.values(c).attack >= 0 and st.values(c).move >= 0
            assert c.mounted == (c.body.facing is not None)
            assert not (c.stunned and c.mounted)
    for a in st.animals.values():
        if a.alive:
            for h in a.hexes:
                assert h not in taken, f"{a.id} and {taken[h]} share {st.board.label(h)}"
                taken[h] = a.id


def play(name: str, seed: int, options: dict[str, Any] | None = None) -> tuple[GameState, int]:
    st = RULESET.setup(name, options or {})
    phases = 0
    while RULESET.outcome(st) is None:
        assert phases < 2 * st.turns + 2, "the game did not end at its turn limit"
        side = RULESET.pending(st)[0].side
        text = RULESET.bot_orders(st, side, seed * 100 + phases)
        st = RULESET.apply_orders(st, RULESET.parse_orders(st, side, text))
        dice = Recording(seed * 1000 + phases)
        res = RULESET.resolve(st, dice)
        again = RULESET.resolve(st, Replay(dice.rolls))
        assert RULESET.dump(again.state) == RULESET.dump(res.state) and again.narrative == res.narrative
        assert all(s == 10 and p for s, _, p in dice.rolls)
        st = res.state
        invariants(st)
        assert RULESET.dump(RULESET.load(RULESET.dump(st))) == RULESET.dump(st)
        phases += 1
    return st, phases


@pytest.mark.parametrize(
    ("name", "seed", "turns"), [("raid", 11, 4), ("siege", 12, 3), ("castle-gate", 13, 3), ("raid-midgame", 14, 6)]
)
def test_fuzz_bot_games_keep_invariants(name: str, seed: int, turns: int) -> None:
    """Seeded computer-player games end with a result; invariants hold after every phase."""
    st, phases = play(name, seed, {"turns": turns})
    assert RULESET.outcome(st) is not None and phases >= 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_fuzz_full_length_games(seed: int) -> None:
    """Full-length games of every scenario (slow)."""
    for s in RULESET.scenarios():
        st, _ = play(s.name, seed)
        assert RULESET.outcome(st) is not None
