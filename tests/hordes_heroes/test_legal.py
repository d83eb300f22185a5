"""`legal_options(state, side)`: every option listed is an order the validator accepts, and a hex not listed is
refused [HH.MOVE.4, HH.MOVE.17, HH.MOVE.27, HH.SHOOT.6, HH.CMD.4, HH.PD.7]."""

from __future__ import annotations

import random

import pytest

from campaign.kit.legal import OptionKind
from campaign.ruleset import OrdersRejected
from games.hordes_heroes import RULESET as R
from games.hordes_heroes.selfplay import self_play
from games.hordes_heroes.state import GameState, Phase


class SeededDice:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def roll(self, sides: int, purpose: str) -> int:
        return self.rng.randint(1, sides)

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        return default


def position(scenario: str, seed: int, turn: int) -> GameState:
    """A bound of `scenario` reached by two bots, at `turn` (or the last bound played)."""
    game = self_play(scenario, seed, SeededDice(seed), until=lambda s: s.turn >= turn and s.phase is Phase.COMMAND_MOVE)
    return game.state


POSITIONS = [
    ("intro-50", 1, 1),
    ("intro-50", 2, 3),
    ("pitched-150", 1, 2),
    ("river-woods", 3, 2),
    ("skirmish-midbattle", 1, 1),
]


def accepted(state: GameState, side: str, line: str) -> bool:
    try:
        R.parse_orders(state, side, line)
    except OrdersRejected:
        return False
    return True


def troops(legal) -> list:
    """The units' entries (the generals' Command Moves are listed after them as `general N`)."""
    return [u for u in legal.units if not u.unit.startswith("general ")]


def sample(options: list, n: int = 6) -> list:
    """Every charge, facing and formation option, and n moves spread over the list (cheapest to dearest)."""
    moves = [o for o in options if o.kind is OptionKind.MOVE]
    rest = [o for o in options if o.kind is not OptionKind.MOVE]
    step = max(1, len(moves) // n)
    return moves[::step] + moves[-1:] + rest


@pytest.mark.parametrize(("scenario", "seed", "turn"), POSITIONS)
def test_every_listed_option_is_accepted_as_an_order(scenario, seed, turn):
    """Each option's order line, sent alone as the bound's orders, passes parse_orders."""
    state = position(scenario, seed, turn)
    if state.phase is Phase.GAME_OVER:
        pytest.skip("the bots finished the game before this turn")
    side = state.phasing
    legal = R.legal_options(state, side)
    assert legal.units, "the phasing side has units on the table"
    kinds = set()
    for u in legal.units:
        assert u.notes and ("command" in u.notes[0])
        for o in sample(list(u.options)):
            kinds.add(o.kind)
            assert accepted(state, side, o.order), f"listed but refused: {o.order}"
    if OptionKind.MOVE not in kinds:  # then nobody can move: every unit is engaged or out of command
        assert all(u.notes[0].startswith("out of command") or state.units[int(u.unit)].hex for u in troops(legal))


@pytest.mark.parametrize(("scenario", "seed", "turn"), POSITIONS[:3])
def test_a_neighbour_hex_not_listed_is_refused(scenario, seed, turn):
    """A one-hex move into a neighbour that is no listed destination is refused by the validator (HH.MOVE.4)."""
    state = position(scenario, seed, turn)
    side = state.phasing
    legal = R.legal_options(state, side)
    tried = 0
    for u in troops(legal):
        unit = state.units[int(u.unit)]
        ends = {o.target for o in u.options if o.kind is OptionKind.MOVE} | {
            o.path[-1] for o in u.options if o.kind is OptionKind.CHARGE
        }
        for n in sorted(unit.hex.neighbours()):
            if not state.field.on_map(n) or state.label(n) in ends:
                continue
            tried += 1
            assert not accepted(state, side, f"move {u.unit} {state.label(n)}"), f"unit {u.unit} to {state.label(n)}"
    assert tried > 0


def test_out_of_command_units_say_why_with_the_numbers():
    """HH.CMD.5, HH.CMD.13: with one general left, far-off units are out of command: no move option, and a
    note with the nearest general's distance and command range."""
    from dataclasses import replace

    state = position("pitched-150", 1, 2)
    side = state.phasing
    keep = min(g.id for g in state.generals.values() if g.side == side and g.alive)
    for gid, gen in list(state.generals.items()):
        if gen.side == side and gid != keep:
            state.generals[gid] = replace(gen, hex=None, alive=False)
    legal = R.legal_options(state, side)
    assert all(u.notes[0].startswith(("in command", "out of command")) for u in troops(legal))
    outs = [u for u in troops(legal) if u.notes[0].startswith("out of command: the nearest general")]
    assert outs, [u.notes[0] for u in legal.units]
    g = state.generals[keep]
    for u in outs:
        d = state.units[int(u.unit)].hex.distance(g.hex)
        assert f"general, {keep}, is {d} hexes away (command range {g.cr})" in u.notes[0]
        assert not u.of(OptionKind.MOVE) and not u.of(OptionKind.CHARGE), (
            f"unit {u.unit} is out of command yet may move"
        )


def test_shooting_options_are_enemies_in_range_arc_and_line():
    """HH.SHOOT.6, HH.SHOOT.7, HH.SHOOT.8: every shoot option names an enemy that can_target accepts now."""
    from games.hordes_heroes.shooting import can_target

    found = 0
    for scenario, seed, turn in POSITIONS:
        state = position(scenario, seed, turn)
        if state.phase is Phase.GAME_OVER:
            continue
        for u in troops(R.legal_options(state, state.phasing)):
            for o in u.of(OptionKind.SHOOT):
                shooter, target = state.units[int(u.unit)], state.units[int(o.target)]
                assert target.side != shooter.side and can_target(state, shooter, target, shooter.facing)
                assert accepted(state, state.phasing, o.order)
                found += 1
    assert found > 0


def test_outside_its_bound_a_side_gets_notes_only():
    """HH.SEQ.9: the side not moving may only send standing orders."""
    state = position("intro-50", 1, 1)
    other = state.other(state.phasing)
    legal = R.legal_options(state, other)
    assert not legal.units and "only standing orders" in legal.notes[0]
    assert legal.as_json()["side"] == other


@pytest.mark.parametrize(("scenario", "seed", "turn"), POSITIONS[:3])
def test_each_general_lists_his_command_moves_and_a_hex_beyond_them_is_refused(scenario, seed, turn):
    """HH.CMD.1, HH.SEQ.10: each live general of the phasing side is listed with the hexes his Command Move
    reaches (each line accepted alone); a neighbour of a listed hex that is not listed is refused."""
    state = position(scenario, seed, turn)
    side = state.phasing
    legal = R.legal_options(state, side)
    listed = {u.unit: u for u in legal.units if u.unit.startswith("general ")}
    mine = [g for g in state.generals.values() if g.side == side and g.alive and g.hex is not None]
    assert sorted(listed) == sorted(f"general {g.id}" for g in mine)
    refused = 0
    for g in mine:
        u = listed[f"general {g.id}"]
        assert u.where == state.label(g.hex)
        if not u.options:  # with an engaged or disrupted unit, say (HH.GEN.10, HH.GEN.11): no step is accepted
            for n in sorted(state.label(h) for h in g.hex.neighbours() if state.field.on_map(h)):
                refused += 1
                assert not accepted(state, side, f"general {g.id} {n}"), f"general {g.id} listed no move, yet {n}"
            continue
        ends = {o.target: o for o in u.options}
        for o in sample(list(u.options)):
            assert o.kind is OptionKind.MOVE and o.order == " ".join(["general", str(g.id), *o.path])
            assert accepted(state, side, o.order), f"listed but refused: {o.order}"
        far = max(u.options, key=lambda o: (o.cost, o.order))
        for n in sorted(
            state.field.spec.label(h) for h in _hex(state, far.target).neighbours() if state.field.on_map(h)
        ):
            if n not in ends and n != u.where:
                refused += 1
                assert not accepted(state, side, f"{far.order} {n}"), f"general {g.id} beyond {far.target} to {n}"
    assert refused > 0


def _hex(state, label):
    return next(h for h in state.field.spec.hexes() if state.label(h) == label)
