"""Every shipped scenario played to the end through the `Ruleset` interface, with scripted orders and dice
[HH.SEQ.*, HH.WIN.*, HH.DATA.7, HH.SEQ.15].

The script is deterministic and knows nothing the player would not: each bound the phasing side sends, in unit id
order, one `move` per unit to the neighbouring hex nearest the closest enemy (attacks included), and drops any
line the engine refuses until the bundle is accepted. Dice come from a fixed linear congruential sequence.
"""

from __future__ import annotations

import json

import pytest

from campaign.ruleset import OrdersRejected
from games.hordes_heroes import RULESET as R

SCENARIOS = ["intro-50", "pitched-150", "river-woods", "skirmish-midbattle"]


class ScriptDice:
    """A fixed sequence of rolls, whatever the die, recording each purpose (HH.SEQ.15)."""

    def __init__(self, seed: int):
        self.x = seed
        self.log: list[str] = []

    def roll(self, sides: int, purpose: str) -> int:
        self.x = (self.x * 1103515245 + 12345) % 2**31
        self.log.append(purpose)
        return self.x // 65536 % sides + 1


def scripted_orders(state, side: str) -> str:
    """Advance every unit one hex towards its nearest enemy (a contact when adjacent to its hex)."""
    enemies = state.live_units(state.other(side))
    out = []
    for u in state.live_units(side):
        if not enemies or u.disrupted:
            continue
        near = min(enemies, key=lambda v: (v.hex.distance(u.hex), v.id))
        if near.hex.distance(u.hex) <= 1:
            continue
        steps = sorted(
            (n for n in u.hex.neighbours() if state.field.on_map(n) and state.unit_at(n) is None),
            key=lambda n: (n.distance(near.hex), n),
        )
        if steps:
            out.append(f"move {u.id} {state.label(steps[0])}")
    return "\n".join(out)


def send(state, side: str, text: str):
    """Parse and apply, dropping refused lines until the bundle is accepted (never an exception out)."""
    lines = text.splitlines()
    while True:
        try:
            acc = R.parse_orders(state, side, "\n".join(lines))
        except OrdersRejected as e:
            bad = {err.line for err in e.errors if err.line}
            assert bad, e.errors
            lines = [ln for i, ln in enumerate(lines, start=1) if i not in bad]
            continue
        return R.apply_orders(state, acc)


def play(name: str, seed: int, options: dict | None = None) -> tuple[object, list[str], list[str]]:
    """Play `name` to its end; check dump/load after every resolution; return (state, narrative, dice purposes)."""
    state = R.setup(name, options or {})
    dice = ScriptDice(seed)
    story: list[str] = []
    for _ in range(80):
        if R.outcome(state) is not None:
            break
        for req in R.pending(state):
            if req.optional:
                continue
            if req.kind.value == "orders" and req.key.startswith("deploy-"):
                text = R.default_orders(state, req.side, None)
            elif req.key.startswith("initiative-"):
                text = ""
            else:
                text = scripted_orders(state, req.side)
            state = send(state, req.side, text)
        res = R.resolve(state, dice)
        state = res.state
        story += res.narrative
        d = json.loads(json.dumps(R.dump(state)))
        assert R.dump(R.load(d)) == d  # HH.DATA.7: exact round trip after every resolution
        state = R.load(d)
    return state, story, dice.log


@pytest.mark.parametrize("name", SCENARIOS)
def test_HH_WIN_8_every_scenario_plays_to_a_result(name):
    """HH.WIN.8, HH.WIN.10, HH.WIN.5, HH.SEQ.11, HH.DATA.7: each shipped scenario reaches a victory, or the turn limit
    with the points count, through the Ruleset interface; the battle has shooting or combat in it."""
    state, story, purposes = play(name, 7)
    out = R.outcome(state)
    assert out is not None and R.pending(state) == []
    text = "\n".join(story)
    assert "[HH.WIN." in out.reason or "points" in out.reason.lower() or "turn" in out.reason.lower()
    assert any(p.startswith(("hand-to-hand", "shooting", "artillery")) for p in purposes), text[-2000:]


@pytest.mark.parametrize(
    "name, turns, winner, reason",
    [
        ("intro-50", 4, "york", "turn limit reached; york lost fewer points (0 against 21) [HH.WIN.5]"),
        ("pitched-150", 4, None, "turn limit reached; both sides lost 0 points: a draw [HH.WIN.10, HH.WIN.5]"),
        ("river-woods", 3, None, "turn limit reached; both sides lost 0 points: a draw [HH.WIN.10, HH.WIN.5]"),
    ],
)
def test_HH_WIN_10_turn_limit_decided_by_the_points_count(name, turns, winner, reason):
    """HH.WIN.10, HH.WIN.5, HH.WIN.6: with a shorter turn limit the points count decides (or it is a draw)."""
    state, _, _ = play(name, 7, {"max_game_turns": turns})
    out = R.outcome(state)
    assert (out.winner, out.reason) == (winner, reason) and state.turn == turns


@pytest.mark.parametrize("name", SCENARIOS)
def test_HH_SEQ_15_replay_is_deterministic(name):
    """HH.SEQ.15, HH.DATA.7: the same inputs and dice give the same narrative and the same dumps, byte for byte."""
    a, story_a, log_a = play(name, 11)
    b, story_b, log_b = play(name, 11)
    assert story_a == story_b and log_a == log_b
    assert json.dumps(R.dump(a), sort_keys=True) == json.dumps(R.dump(b), sort_keys=True)
