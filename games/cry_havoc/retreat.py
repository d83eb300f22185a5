"""Retreat paths: every legal path of N hexes, and the default one [CH.RETREAT.3] [CH.RETREAT.5]
[CH.RETREAT.10] [CH.PBEM.14] [CH.GEOM.12].

Paths are enumerated exhaustively (at most 4 steps), so a player or the default can pick among all.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from campaign.hexgrid import Hex

from .geometry import Body, direction, horse_step
from .model import Character
from .movement import window_check
from .state import GameState
from .tables import IMPASSABLE, Terrain

TRANSLATIONS = ("T+1", "T+2", "T-1", "T-2")


@dataclass(frozen=True, slots=True)
class Path:
    """One legal retreat: the bodies after each step, the step names, and whether it leaves the map."""

    bodies: tuple[Body, ...]
    steps: tuple[str, ...]
    entered: tuple[Hex, ...]
    """Hexes newly entered, in order (front first for a horseman) [CH.PBEM.14]."""
    turned: bool = False
    off_map: bool = False

    @property
    def end(self) -> Body:
        return self.bodies[-1]


@dataclass(frozen=True, slots=True)
class Retreat:
    """What a retreat needs to know: who, how far, from whom, and whether enemies' neighbours are barred."""

    character: str
    length: int
    sources: tuple[Hex, ...]
    """Hexes of the opposing participants: every step must move away from them [CH.RETREAT.3] item 5."""
    never_adjacent: bool = True
    """Item 4: no hex entered next to a live enemy (as printed for missiles and mounted combat)."""


def _dist(hexes: tuple[Hex, ...], sources: tuple[Hex, ...]) -> int:
    return min(h.distance(s) for h in hexes for s in sources) if sources else 0


def _hex_ok(state: GameState, c: Character, r: Retreat, h: Hex, frm: Hex, mounted: bool) -> bool:
    """Items 1-4 of [CH.RETREAT.3] for one newly entered hex."""
    if state.cost(h, mounted) >= IMPASSABLE:
        return False
    if frozenset((frm, h)) in state.board.wall_sides:
        return False
    if state.board.at(h) is Terrain.WINDOW and not state.config.retreat__allow_window:
        return False
    if not mounted and window_check(state, c, frm, h):
        return False
    if state.enemy_at(h, c.side):
        return False
    return not (r.never_adjacent and state.enemies_adjacent([h], c.side))


def _exit_ok(state: GameState, c: Character, r: Retreat, off: Hex) -> bool:
    """A step across a board edge the scenario makes an exit for his side [CH.RETREAT.10]."""
    if state.config.retreat__off_map != "scenario_exit":
        return False
    edge = state.board.edge_of(off)
    return (
        edge is not None
        and edge in state.exits.get(c.side, ())
        and not (r.never_adjacent and state.enemies_adjacent([off], c.side))
    )


def foot_paths(state: GameState, c: Character, r: Retreat) -> list[Path]:
    """Every legal foot retreat of exactly ``r.length`` steps [CH.RETREAT.3]."""
    out: list[Path] = []

    def go(path: list[Hex], seen: set[Hex]) -> None:
        here = path[-1]
        if len(path) - 1 == r.length:
            if not state.blocked_for_stop(here):  # never his own hex: the path moves away
                out.append(Path(tuple(Body(h) for h in path), (), tuple(path[1:])))
            return
        for n in here.neighbours():
            if n in seen:
                continue
            if state.config.retreat__must_increase_distance and _dist((n,), r.sources) <= _dist((here,), r.sources):
                continue
            if not state.board.on_map(n):
                if _exit_ok(state, c, r, n):
                    out.append(Path(tuple(Body(h) for h in [*path, n]), (), tuple([*path[1:], n]), off_map=True))
                continue
            if _hex_ok(state, c, r, n, here, False):
                go([*path, n], seen | {n})

    go([c.hex], {c.hex})
    return out


def horse_paths(state: GameState, c: Character, r: Retreat) -> list[Path]:
    """Every legal mounted retreat: optional turn-round, then forward steps or translations [CH.RETREAT.5]."""
    assert c.body is not None
    names = ("F0", "F+1", "F-1") + (TRANSLATIONS if state.config.retreat__mounted_sidestep else ())
    out: list[Path] = []

    def go(bodies: list[Body], steps: list[str], entered: list[Hex], turned: bool) -> None:
        body = bodies[-1]
        if len(steps) == r.length:
            ends_free = all(not state.blocked_for_stop(h, c.id) for h in body.hexes)
            if ends_free and not (r.never_adjacent and state.enemies_adjacent(list(body.hexes), c.side)):
                out.append(Path(tuple(bodies), tuple(steps), tuple(entered), turned))
            return
        for name in names:
            nb, _ = horse_step(body, name)
            new = [h for h in nb.hexes if h not in body.hexes]
            if any(h in entered or h in bodies[0].hexes for h in new):
                continue
            if state.config.retreat__must_increase_distance and _dist(nb.hexes, r.sources) <= _dist(
                body.hexes, r.sources
            ):
                continue
            if all(state.board.on_map(h) and _hex_ok(state, c, r, h, body.front, True) for h in new):
                go([*bodies, nb], [*steps, name], [*entered, *new], turned)

    go([c.body], [], [], False)
    go([c.body.turned_round()], [], [], True)
    return out


def turns(p: Path) -> int:
    """Changes of direction (foot) or steps other than F0, the turn-round counting one (horse) [CH.PBEM.14]."""
    if p.steps or p.turned:
        return sum(1 for s in p.steps if s != "F0") + (1 if p.turned else 0)
    hexes = [b.front for b in p.bodies]
    dirs = [direction(a, b) for a, b in pairwise(hexes)]  # a foot path's hexes are adjacent
    return sum(1 for a, b in pairwise(dirs) if a != b)


def default_path(state: GameState, c: Character, paths: list[Path]) -> Path:
    """Farthest from the nearest live enemy, then fewest turns, then smallest entered hexes [CH.PBEM.14]."""
    enemies = [h for e in state.live(state.other(c.side)) for h in e.hexes]

    def key(p: Path) -> tuple[bool, int, int, tuple[tuple[int, int], ...]]:
        far = 0 if p.off_map else _dist(p.end.hexes, tuple(enemies))  # 0 when no enemy is left
        return (not p.off_map, -far, turns(p), tuple((h.q, h.r) for h in p.entered))

    return min(paths, key=key)


def paths(state: GameState, c: Character, r: Retreat) -> list[Path]:
    return horse_paths(state, c, r) if c.mounted else foot_paths(state, c, r)


def describe(state: GameState, p: Path) -> str:
    """A retreat path as one word a player can answer with: hex labels joined by '-' (``0102-0203``), or a
    horseman's steps joined by ',' (``turn,T+2``)."""
    if p.steps or p.turned:
        return ",".join((["turn"] if p.turned else []) + list(p.steps))
    return "-".join(state.board.label(b.front) if state.board.on_map(b.front) else "off" for b in p.bodies[1:])
