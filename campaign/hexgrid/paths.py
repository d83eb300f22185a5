"""Cheapest paths over caller-defined states: hexes alone, or hexes with facings."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from campaign.hexgrid.coords import Hex, HexSide
from campaign.hexgrid.facing import Facing
from campaign.hexgrid.sight import Edge

# --- paths -----------------------------------------------------------------------------------

S = TypeVar("S", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Paths(Generic[S]):
    """Cheapest paths from one start state, as found by :func:`cheapest_paths`.

    Among equally cheap paths to a state the one kept has the lexicographically smallest sequence
    of state keys; for hex states that is the lowest hex-id sequence [HH.HEX.15].
    """

    start: S
    costs: Mapping[S, int]
    """Cheapest cost to every state reached within the budget."""
    parents: Mapping[S, S] = field(repr=False)
    """The state before each reached state on its chosen path (the start has none)."""
    order: tuple[S, ...] = field(repr=False)
    """Reached states, cheapest first, ties in path order."""

    def __contains__(self, state: object) -> bool:
        return state in self.costs

    def cost(self, state: S) -> int:
        """Cheapest cost to ``state``; KeyError if it was not reached within the budget."""
        return self.costs[state]

    def path(self, state: S) -> tuple[S, ...]:
        """The chosen path from the start to ``state``, both included."""
        if state not in self.costs:
            raise KeyError(f"{state!r} is not reachable from {self.start!r} within the budget")
        out = [state]
        while out[-1] != self.start:
            out.append(self.parents[out[-1]])
        return tuple(reversed(out))

    def cheapest_by(self, group: Callable[[S], Hashable]) -> dict[Hashable, S]:
        """For each group (say each hex), its first reached state: the cheapest, ties by path."""
        best: dict[Hashable, S] = {}
        for s in self.order:
            best.setdefault(group(s), s)
        return best


def cheapest_paths(
    start: S,
    moves: Callable[[S], Iterable[tuple[S, int]]],
    *,
    budget: int | None = None,
    key: Callable[[S], Any] | None = None,
) -> Paths[S]:
    """Dijkstra over caller-defined states: ``moves(state)`` yields ``(next_state, cost >= 0)``.

    States costing more than ``budget`` are dropped. The answer for a state must depend only on
    the state, so anything that shapes later moves (facing, free turn used, stopped by a zone of
    control) belongs in it [HH.HEX.16] [CH.GEOM.11]. Ties go to the smallest sequence of
    ``key(state)`` along the path (default: the states themselves) [HH.HEX.15].
    """
    keyf: Callable[[S], Any] = key if key is not None else _identity
    best: dict[S, tuple[int, tuple[Any, ...]]] = {start: (0, (keyf(start),))}
    parents: dict[S, S] = {}
    costs: dict[S, int] = {}
    order: list[S] = []
    tick = 0
    heap: list[tuple[int, tuple[Any, ...], int, S]] = [(0, (keyf(start),), tick, start)]
    while heap:
        cost, seq, _, state = heapq.heappop(heap)
        if state in costs:
            continue
        costs[state] = cost
        order.append(state)
        for nxt, step in moves(state):
            if step < 0:
                raise ValueError(f"negative cost {step} for the move {state!r} -> {nxt!r}")
            total = cost + step
            if (budget is not None and total > budget) or nxt in costs:
                continue
            label = (total, seq + (keyf(nxt),))
            if nxt not in best or label < best[nxt]:
                best[nxt] = label
                parents[nxt] = state
                tick += 1
                heapq.heappush(heap, (label[0], label[1], tick, nxt))
    return Paths(start, MappingProxyType(costs), MappingProxyType(parents), tuple(order))


def _identity(state: Any) -> Any:
    return state


@dataclass(frozen=True, slots=True)
class MoveStep:
    """One step of a move, as the cost callback sees it: who, from where, into where, how."""

    piece: object
    """The moving piece, passed through untouched (the game's own object)."""
    from_hex: Hex
    to_hex: Hex
    """The hex entered."""
    side: HexSide
    """The side of ``from_hex`` crossed (hexside terrain, steep sides, exit sides)."""
    facing: Facing | None
    """The facing held while leaving ``from_hex``, or None for pieces without one."""
    flags: Hashable = None
    """The game's extra state carried by a MoveState search (None in a hex-only search)."""

    @property
    def edge(self) -> Edge:
        """The hexside crossed."""
        return Edge.between(self.from_hex, self.to_hex)

    @property
    def through_exit_side(self) -> bool:
        """Whether the side crossed is a front exit side of the facing [HH.MOVE.9]."""
        return self.facing is not None and self.side in self.facing.exit_sides


@dataclass(frozen=True, slots=True, order=True)
class MoveState:
    """A search state of a move: hex, facing and the game's extra flags [HH.HEX.16].

    Flags must be hashable and comparable with each other (a bool, a tuple, an ordered frozen
    dataclass), because ties between paths compare states.
    """

    hex: Hex
    facing: Facing
    flags: Any = None


@dataclass(frozen=True, slots=True)
class Turn:
    """A facing change in place, as the turn callback sees it."""

    piece: object
    state: MoveState
    """The state before the turn."""
    facing: Facing
    """The new facing."""

    @property
    def steps(self) -> int:
        """Size of the change in 30-degree steps (1..6) [HH.HEX.5]."""
        return self.state.facing.steps_to(self.facing)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a step or turn callback allows: its cost and the flags of the state it leads to."""

    cost: int
    flags: Any = None


def hex_paths(
    start: Hex,
    cost: Callable[[MoveStep], int | None],
    *,
    budget: int | None = None,
    piece: object = None,
    facing: Facing | None = None,
    inside: Callable[[Hex], bool] | None = None,
) -> Paths[Hex]:
    """Cheapest paths over hexes alone; ``cost`` returns the price of a step, or None if barred.

    The facing, if any, stays as given (Proconsul steps keep facing [PC.GEOM.11]); pass
    ``inside=spec.contains`` to stay on the map. Ties: lowest hex-id sequence [HH.HEX.15].
    """

    def moves(h: Hex) -> Iterator[tuple[Hex, int]]:
        for side in HexSide:
            n = h.neighbour(side)
            if inside is None or inside(n):
                c = cost(MoveStep(piece, h, n, side, facing))
                if c is not None:
                    yield n, c

    return cheapest_paths(start, moves, budget=budget)


def facing_paths(
    start: MoveState,
    step: Callable[[MoveStep], Outcome | None],
    turn: Callable[[Turn], Outcome | None] | None = None,
    *,
    budget: int | None = None,
    piece: object = None,
    inside: Callable[[Hex], bool] | None = None,
) -> Paths[MoveState]:
    """Cheapest paths over (hex, facing, flags) states [HH.HEX.16].

    ``step`` prices a step into a neighbour (facing kept); ``turn`` prices a change to each other
    facing in place. Either returns None to forbid, or an Outcome with the cost and new flags,
    which is how a game tracks "free turn still available" and the like.
    """

    def moves(s: MoveState) -> Iterator[tuple[MoveState, int]]:
        if turn is not None:
            for f in Facing:
                if f != s.facing and (out := turn(Turn(piece, s, f))) is not None:
                    yield MoveState(s.hex, f, out.flags), out.cost
        for side in HexSide:
            n = s.hex.neighbour(side)
            if inside is None or inside(n):
                if (out := step(MoveStep(piece, s.hex, n, side, s.facing, s.flags))) is not None:
                    yield MoveState(n, s.facing, out.flags), out.cost

    return cheapest_paths(start, moves, budget=budget)
