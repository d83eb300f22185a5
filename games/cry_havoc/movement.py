"""Movement in step 3: foot paths, two-hex horsemen, windows, corpses, stacking [CH.MOVE.*]
[CH.STACK.*] [CH.HORSE.3] [CH.GEOM.11].

Every check returns the rule ID it enforces, so a refused order names the rule.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass

from campaign.hexgrid import Hex

from .geometry import Body, HorseStep, horse_step
from .model import Character, Condition
from .state import GameState
from .tables import IMPASSABLE, Terrain


def rule_of(why: str) -> str:
    """The first rule ID cited in a reason ("... [CH.MOVE.9]" -> "CH.MOVE.9")."""
    m = re.search(r"\[(CH\.[A-Z]+\.\d+)\]", why)
    return m.group(1) if m else "CH.MOVE.2"


class Illegal(Exception):
    """An order that the rules refuse: the rule ID, the reason, and what would be legal."""

    def __init__(self, code: str, message: str, hint: str = ""):
        super().__init__(message)
        self.code, self.message, self.hint = code, message, hint


@dataclass(frozen=True, slots=True)
class Plan:
    """A checked move: the bodies passed through and the MP spent."""

    character: str
    bodies: tuple[Body, ...]
    mp: int
    steps: tuple[str, ...] = ()


def window_check(state: GameState, c: Character, frm: Hex, to: Hex) -> str | None:
    """Why a foot step into or out of a window hex is refused, or None [CH.MOVE.9] [CH.MOVE.6]."""
    b = state.board
    if b.at(to) is Terrain.WINDOW:
        if c.condition is not Condition.UNWOUNDED and not state.config.window__wounded_enter:
            return "a wounded man may not enter a window hex [CH.MOVE.9]"
        if state.config.window__enter_test:
            inside, outside = b.aperture_sides(to)
            far = outside if frm in inside else inside
            if any(state.enemy_at(n, c.side) for n in far):
                return "an enemy holds the far side of the window [CH.MOVE.9]"
    if b.at(frm) is Terrain.WINDOW:
        inside, outside = b.aperture_sides(frm)
        if to not in inside and to not in outside:
            return "from a window a man may step only to either side of the wall [CH.MOVE.9]"
        side = inside if to in inside else outside
        if any(state.enemy_at(n, c.side) for n in side):
            return "an enemy stands beside the window on that side [CH.MOVE.9]"
    if b.is_aperture(frm) and b.is_aperture(to) and b.structure_of(frm) is b.structure_of(to):
        return "no move from one aperture straight to another of the same wall [CH.MOVE.6]"
    return None


# [CH.MOVE.10] There are no zones of control: nothing below looks at enemies next to the path, only at
# enemies in the hex entered (and, out of command, new contacts [CH.COMMAND.8]).


def foot_step(state: GameState, c: Character, frm: Hex, to: Hex, fresh: frozenset[Hex]) -> tuple[int, str | None]:
    """(cost, why not) of one foot step; ``fresh`` = enemies' neighbours banned by command [CH.COMMAND.8]."""
    if not state.board.on_map(to):
        return IMPASSABLE, f"{state.board.label(to)} is off the map [CH.MOVE.12]"
    if state.board.wall_sides and frozenset((frm, to)) in state.board.wall_sides:
        return IMPASSABLE, "a wall hexside may not be crossed [CH.TERRAIN.12]"
    cost = state.cost(to, False)
    if cost >= IMPASSABLE:
        return (
            cost,
            f"{state.board.label(to)} ({state.board.at(to).name.lower()}) may not be entered"
            " [CH.TERRAIN.2] [CH.MOVE.8]",
        )
    if state.enemy_at(to, c.side):
        return cost, f"{state.board.label(to)} holds an enemy [CH.MOVE.5] [CH.STACK.2]"
    why = window_check(state, c, frm, to)
    if why:
        return cost, why
    if to in fresh:
        return cost, f"out of command: may not advance next to an enemy at {state.board.label(to)} [CH.COMMAND.8]"
    return cost, None


def horse_ok(state: GameState, c: Character, before: Body, body: Body, entered: Hex) -> str | None:
    """Why a mounted step is refused, or None [CH.HORSE.3] [CH.MOVE.7]."""
    for h in body.hexes:
        if not state.board.on_map(h):
            return f"{state.board.label(h)} is off the map [CH.MOVE.12]"
        if state.cost(h, True) >= IMPASSABLE:
            what = state.board.at(h).name.lower()
            return f"a horseman may not enter {state.board.label(h)} ({what}) [CH.MOVE.7] [CH.TERRAIN.5]"
    if state.enemy_at(entered, c.side):
        return f"{state.board.label(entered)} holds an enemy [CH.MOVE.5]"
    walls = state.board.wall_sides
    if walls and any(frozenset((a, b)) in walls for a in before.hexes for b in body.hexes if a.distance(b) == 1):
        return "a wall hexside may not be crossed [CH.TERRAIN.12]"
    return None


def horse_cost(state: GameState, name: str, entered: Hex) -> int:
    """MP of one mounted step: the new hex's cost, twice for a step back [CH.HORSE.3]."""
    cost = state.cost(entered, True)
    return cost * state.config.horse__back_cost_factor if name == HorseStep.BACK else cost


def end_ok(state: GameState, c: Character, body: Body) -> str | None:
    """The end hexes must hold no other live character or live animal [CH.MOVE.5] [CH.STACK.1] [CH.STACK.4]."""
    for h in body.hexes:
        if state.blocked_for_stop(h, c.id):
            return f"{state.board.label(h)} is occupied: a move may pass friends but not end on them [CH.STACK.1]"
    return None


def may_move(state: GameState, c: Character, crossbow_fired: bool) -> None:
    """Refuse characters who may not move this step [CH.MOVE.11] [CH.SEQ.4] [CH.SEQ.8]."""
    if not c.active:
        raise Illegal("CH.MOVE.11", f"{c.id} cannot move: {'dead' if not c.live else 'a prisoner or off the map'}")
    if c.stunned:
        raise Illegal("CH.STATE.4", f"{c.id} is stunned and cannot move")
    if c.action:
        raise Illegal("CH.SEQ.8", f"{c.id} spends this phase on '{c.action}' and cannot move")
    if crossbow_fired:
        raise Illegal("CH.SEQ.4", f"{c.id} fired his crossbow in step 2 and may not move")


def plan_foot(state: GameState, c: Character, path: list[Hex], fresh: frozenset[Hex]) -> Plan:
    """Check a foot path hex by hex [CH.MOVE.1] [CH.MOVE.2] [CH.MOVE.4]; MP left over are lost [CH.MOVE.3]."""
    allowance = state.values(c).move
    here, spent, bodies = c.hex, 0, [Body(c.hex)]
    for to in path:
        if here.distance(to) != 1:
            raise Illegal(
                "CH.MOVE.4",
                f"{state.board.label(to)} is not next to {state.board.label(here)}",
                "list every hex of the path, or write 'to HEX' for the cheapest path",
            )
        cost, why = foot_step(state, c, here, to, fresh)
        if why:
            raise Illegal(rule_of(why), why)
        spent += cost
        if spent > allowance:
            raise Illegal("CH.MOVE.2", f"{c.id} needs {spent} MP to reach {state.board.label(to)} but has {allowance}")
        here = to
        bodies.append(Body(to))
    why = end_ok(state, c, bodies[-1])
    if why:
        raise Illegal("CH.STACK.1", why)
    return Plan(c.id, tuple(bodies), spent)


def plan_horse(state: GameState, c: Character, steps: list[str]) -> Plan:
    """Check a list of mounted steps [CH.HORSE.3]."""
    assert c.body is not None
    allowance = state.values(c).move
    body, spent, bodies = c.body, 0, [c.body]
    for name in steps:
        nb, entered = horse_step(body, name)
        why = horse_ok(state, c, body, nb, entered)
        if why:
            raise Illegal(rule_of(why), why)
        spent += horse_cost(state, name, entered)
        if spent > allowance:
            raise Illegal("CH.MOVE.2", f"{c.id} needs {spent} MP for these steps but has {allowance}")
        body = nb
        bodies.append(nb)
    why = end_ok(state, c, body)
    if why:
        raise Illegal("CH.STACK.1", why)
    return Plan(c.id, tuple(bodies), spent, tuple(steps))


def fresh_contacts(state: GameState, c: Character, commanded: bool) -> frozenset[Hex]:
    """Hexes an uncommanded man may not enter: next to enemies he is not touching now [CH.COMMAND.8]."""
    if commanded:
        return frozenset()
    touching = {e.id for e in state.enemies_adjacent(list(c.hexes), c.side)}
    out: set[Hex] = set()
    for e in state.live(state.other(c.side)):
        if e.id not in touching:
            out |= e.body.adjacent() if e.body else set()
    return frozenset(out)


def reachable_foot(
    state: GameState, c: Character, fresh: frozenset[Hex] = frozenset()
) -> dict[Hex, tuple[int, tuple[Hex, ...]]]:
    """Cheapest path to every hex a foot character can reach this step (Dijkstra) [CH.GEOM.11]."""
    allowance = state.values(c).move
    start = c.hex
    best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {start: (0, ())}
    heap: list[tuple[int, tuple[int, int], Hex]] = [(0, (start.q, start.r), start)]
    while heap:
        cost, _, h = heapq.heappop(heap)
        if cost > best[h][0]:
            continue
        for n in h.neighbours():
            step, why = foot_step(state, c, h, n, fresh)
            if why or cost + step > allowance:
                continue
            if n not in best or cost + step < best[n][0]:
                best[n] = (cost + step, best[h][1] + (n,))
                heapq.heappush(heap, (cost + step, (n.q, n.r), n))
    return {h: v for h, v in best.items() if h != start and not end_ok(state, c, Body(h))}


def reachable_horse(state: GameState, c: Character) -> dict[Body, tuple[int, tuple[str, ...]]]:
    """Cheapest step list to every (front, facing) a horseman can reach (Dijkstra) [CH.GEOM.11]."""
    assert c.body is not None
    allowance = state.values(c).move
    best: dict[Body, tuple[int, tuple[str, ...]]] = {c.body: (0, ())}
    heap: list[tuple[int, tuple[int, int, int], Body]] = [
        (0, (c.body.front.q, c.body.front.r, c.body.facing or 0), c.body)
    ]
    while heap:
        cost, _, body = heapq.heappop(heap)
        if cost > best[body][0]:
            continue
        for name in HorseStep.ALL:
            nb, entered = horse_step(body, name)
            if horse_ok(state, c, body, nb, entered):
                continue
            total = cost + horse_cost(state, name, entered)
            if total > allowance or (nb in best and best[nb][0] <= total):
                continue
            best[nb] = (total, best[body][1] + (name,))
            heapq.heappush(heap, (total, (nb.front.q, nb.front.r, nb.facing or 0), nb))
    return {b: v for b, v in best.items() if b != c.body and not end_ok(state, c, b)}
