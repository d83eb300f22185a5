"""Cheapest paths and reachable hexes under a movement budget (campaign.hexgrid, issue 3 part 4)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.hexgrid import (
    Facing,
    Hex,
    HexSide,
    MapSpec,
    MoveState,
    MoveStep,
    Offset,
    Orientation,
    Outcome,
    Turn,
    cheapest_paths,
    facing_paths,
    hex_paths,
    is_free_turn,
)

SMALL = MapSpec(4, 4, Orientation.POINTY, Offset.ODD, 1, 1)


def terrain_cost(costs: dict[Hex, int | None]):  # noqa: ANN201 - a tiny test helper
    """Cost of entering a hex: its terrain cost, None where impassable."""
    return lambda step: costs[step.to_hex]


# --- brute force ----------------------------------------------------------------------------------


def brute_force(
    spec: MapSpec, costs: dict[Hex, int | None], start: Hex, budget: int
) -> dict[Hex, tuple[int, tuple[Hex, ...]]]:
    """Every simple path within the budget: cheapest cost per hex, then lowest hex sequence."""
    best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {}

    def walk(path: tuple[Hex, ...], spent: int) -> None:
        here = path[-1]
        if here not in best or (spent, path) < best[here]:
            best[here] = (spent, path)
        for n in here.neighbours():
            c = costs.get(n)
            if n in path or not spec.contains(n) or c is None or spent + c > budget:
                continue
            walk((*path, n), spent + c)

    walk((start,), 0)
    return best


cost_maps = st.fixed_dictionaries({h: st.sampled_from([1, 1, 2, 3, None]) for h in SMALL.hexes()})


@settings(max_examples=60, deadline=None)
@given(cost_maps, st.sampled_from(SMALL.hexes()), st.integers(0, 6))
def test_path_costs_never_exceed_the_budget_and_are_minimal(
    costs: dict[Hex, int | None], start: Hex, budget: int
) -> None:
    """[CH.GEOM.11] Checked against every simple path on a 4x4 map: same reachable set, same cheapest cost,
    and the same choice among equally cheap paths (lowest hex-id sequence, HH.HEX.15)."""
    found = hex_paths(start, terrain_cost(costs), budget=budget, inside=SMALL.contains)
    expected = brute_force(SMALL, costs, start, budget)
    assert dict(found.costs) == {h: c for h, (c, _) in expected.items()}
    for h, (cost, path) in expected.items():
        assert found.path(h) == path
        assert cost <= budget
        assert sum(costs[x] or 0 for x in found.path(h)[1:]) == found.cost(h)


def test_HH_HEX_15_equal_paths_take_the_lowest_hex_sequence() -> None:
    """(0,0) -> (1,1) costs 2 through (0,1) or (1,0): (0,1) has the lower id. [HH.HEX.15]"""
    paths = hex_paths(Hex(0, 0), lambda step: 1, budget=2)
    assert paths.path(Hex(1, 1)) == (Hex(0, 0), Hex(0, 1), Hex(1, 1))
    assert paths.cost(Hex(1, 1)) == 2
    assert len(paths.costs) == 19
    assert paths.order[0] == Hex(0, 0) and Hex(1, 1) in paths and Hex(3, 0) not in paths


def test_cost_callback_sees_piece_side_and_facing() -> None:
    """The step carries the moving piece, the side crossed and the facing (kept, PC.GEOM.11)."""
    seen: list[MoveStep] = []

    def cost(step: MoveStep) -> int | None:
        seen.append(step)
        return 1 if step.through_exit_side else None

    paths = hex_paths(Hex(0, 0), cost, budget=2, piece="cavalry", facing=Facing.POINT_NE_NW)
    assert set(paths.costs) == {Hex(0, 0), Hex(1, -1), Hex(0, -1), Hex(2, -2), Hex(1, -2), Hex(0, -2)}
    first = seen[0]
    assert (first.piece, first.from_hex, first.side, first.facing) == ("cavalry", Hex(0, 0), HexSide.E, Facing(3))
    assert first.edge.side_of(Hex(0, 0)) is HexSide.E


def test_unreachable_state_and_negative_costs_are_reported() -> None:
    paths = hex_paths(Hex(0, 0), lambda step: 2, budget=1)
    with pytest.raises(KeyError, match="not reachable"):
        paths.path(Hex(1, 0))
    with pytest.raises(ValueError, match="negative cost"):
        hex_paths(Hex(0, 0), lambda step: -1, budget=3)


def test_generic_search_over_caller_states() -> None:
    """cheapest_paths works on any hashable states; here (hex, stamina) with a rest move."""

    def moves(state: tuple[Hex, int]) -> Iterator[tuple[tuple[Hex, int], int]]:
        h, stamina = state
        if stamina:
            for n in h.neighbours():
                yield (n, stamina - 1), 1
        yield (h, 2), 3  # rest: costly, restores stamina

    paths = cheapest_paths((Hex(0, 0), 1), moves, budget=6)
    far = paths.cheapest_by(lambda s: s[0])
    assert paths.cost(far[Hex(2, 0)]) == 5  # rest 3 and 2 steps
    assert paths.cost(far[Hex(3, 0)]) == 6  # 1 step, rest 3, 2 steps
    assert Hex(4, 0) not in far


# --- facing search: the H&H movement rules of HH.MOVE.9 / HH.MOVE.11 as callbacks ------------------


def hh_step(step: MoveStep) -> Outcome | None:
    """Leave only through a front exit side (HH.MOVE.9); entering a hex makes the free change available."""
    return Outcome(1, True) if step.through_exit_side else None


def hh_turn(turn: Turn) -> Outcome | None:
    """A change of at most one point is free once per hex entered; any change may be paid for (1 MP)."""
    if turn.state.flags and is_free_turn(turn.state.facing, turn.facing):
        return Outcome(0, False)
    return Outcome(1, turn.state.flags)


def test_HH_EX_46_first_step_must_use_a_front_side_of_the_starting_facing() -> None:
    """[HH.EX.46] Cavalry at (0,5) facing point 1: into (1,5) through flank side 0 costs 2 MP (a paid turn,
    then the step); (1,4) through side 1, free change to point 0, then (2,4): 2 MP for 2 hexes."""
    start = MoveState(Hex(0, 5), Facing.POINT_NE_NW, False)
    paths = facing_paths(start, hh_step, hh_turn, budget=3, piece="cavalry")
    by_hex = paths.cheapest_by(lambda s: s.hex)
    assert paths.cost(by_hex[Hex(1, 4)]) == 1
    assert paths.cost(by_hex[Hex(1, 5)]) == 2
    target = MoveState(Hex(2, 4), Facing.POINT_E_NE, True)
    assert paths.cost(target) == 2
    assert [s.hex for s in paths.path(target)] == [Hex(0, 5), Hex(1, 4), Hex(1, 4), Hex(2, 4)]
    assert [s.facing for s in paths.path(target)][1:3] == [Facing.POINT_NE_NW, Facing.POINT_E_NE]


def test_HH12_MOV_A2_first_step_and_free_turn_WX_21() -> None:
    """[HH12.MOV.A2] 2012 side facing 4 (side 2, front sides {1, 2, 3}): (2,5) through side 3 costs 1 MP;
    (2,6) through side 4 needs a paid turn first: 2 MP."""
    start = MoveState(Hex(3, 5), Facing.SIDE_NW, False)
    paths = facing_paths(start, hh_step, hh_turn, budget=3)
    by_hex = paths.cheapest_by(lambda s: s.hex)
    assert paths.cost(by_hex[Hex(2, 5)]) == 1
    assert paths.cost(by_hex[Hex(2, 6)]) == 2
    vertex = facing_paths(MoveState(Hex(3, 5), Facing(3), False), hh_step, hh_turn, budget=3)
    assert vertex.cost(vertex.cheapest_by(lambda s: s.hex)[Hex(4, 5)]) == 2


def brute_force_states(start: MoveState, budget: int) -> dict[MoveState, int]:
    """Cheapest cost of every (hex, facing, flag) state by exhaustive search over simple state paths."""
    best: dict[MoveState, int] = {}

    def successors(s: MoveState) -> Iterator[tuple[MoveState, int]]:
        for f in Facing:
            if f != s.facing and (out := hh_turn(Turn(None, s, f))) is not None:
                yield MoveState(s.hex, f, out.flags), out.cost
        for side in HexSide:
            n = s.hex.neighbour(side)
            out = hh_step(MoveStep(None, s.hex, n, side, s.facing, s.flags))
            if SMALL.contains(n) and out is not None:
                yield MoveState(n, s.facing, out.flags), out.cost

    def walk(s: MoveState, spent: int, visited: frozenset[MoveState]) -> None:
        if best.get(s, budget + 1) <= spent:
            return
        best[s] = spent
        for n, c in successors(s):
            if n not in visited and spent + c <= budget:
                walk(n, spent + c, visited | {n})

    walk(start, 0, frozenset({start}))
    return best


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SMALL.hexes()), st.sampled_from(Facing), st.integers(0, 3))
def test_HH_HEX_16_facing_search_is_minimal_against_brute_force(start: Hex, facing: Facing, budget: int) -> None:
    """Dijkstra over (hex, facing, free_turn) states finds the same cheapest costs as exhaustive search. [HH.HEX.16]"""
    first = MoveState(start, facing, False)
    found = facing_paths(first, hh_step, hh_turn, budget=budget, inside=SMALL.contains)
    assert dict(found.costs) == brute_force_states(first, budget)
    assert all(c <= budget for c in found.costs.values())
