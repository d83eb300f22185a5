"""The path a pursuer takes [HH.COMP.36, HH12.CMP.15].

2022 pursuers follow the fleeing unit's recorded path (HH.COMP.36). In 2012 the book leaves the path free, and
the ruling sends the pursuer by a shortest legal path toward the fugitive's current hex, preferring the
fugitive's own route among equally short ones (ruling HH12.CMP.A9). `combat.pursue` walks either path with the
same stops: allowance, halting terrain, enemy zones of control.
"""

from __future__ import annotations

from collections import deque

from campaign.hexgrid import Hex

from .battlefield import Terrain
from .compulsory import place
from .edition import FIX_BOOK_13
from .geometry import Facing, direction, side_key
from .model import Unit
from .movement import allowance, uname
from .state import GameState
from .zoc import can_step, exerts_zoc_into


def pursuit_path(state: GameState, w: Unit, fugitive: int, flee_path: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """The hexes a pursuer walks, starting at the hex it followed up into (flee_path[0])."""
    if not state.rules.pursuit_toward_fugitive:
        return flee_path
    f = state.units.get(fugitive)
    start = flee_path[0]
    if f is None or f.hex is None or not f.on_table:
        return (start,)
    goal: Hex = f.hex
    on_route = set(flee_path)
    p = state.profile(w)
    radius = allowance(state, w, False) + 1
    parent: dict[Hex, Hex | None] = {start: None}
    queue: deque[Hex] = deque([start])
    while queue:
        cur = queue.popleft()
        if cur == goal:
            break
        if cur.distance(start) >= radius:
            continue
        for n in sorted(cur.neighbours(), key=lambda h: (h not in on_route, h)):
            if n in parent or not state.field.on_map(n) or not can_step(state, p, cur, n):
                continue
            parent[n] = cur
            queue.append(n)
    if goal not in parent:
        return flee_path
    path: list[Hex] = []
    node: Hex | None = goal
    while node is not None:
        path.append(node)
        node = parent[node]
    return tuple(reversed(path))


def pursue(state: GameState, w: Unit, path: tuple[Hex, ...], stop_before: int | None = None) -> tuple[list[str], int]:
    """Follow the fleeing unit's recorded path from P0 (HH.COMP.36, ruling HH.COMP.37; examples HH.COMP.41): returns
    (lines, index reached). A pursuer that re-contacts fights in the next H2H phase only (ruling HH.COMP.38)."""
    limit = allowance(state, w, False)
    p = state.profile(w)
    bf = state.field
    if state.plays(FIX_BOOK_13) and bf.terrain_at(path[0]) in (Terrain.WOOD, Terrain.BUA):
        # HH.COMP.36 (book pp. 9, 12), rules version 2: the follow-up hex is part of the pursuit, and woodland or
        # a BUA stops every unit entering it.
        what = "woodland" if bf.terrain_at(path[0]) is Terrain.WOOD else "built-up area"
        return [f"  {uname(w)} stops in the {what} at {state.label(path[0])}: no pursuit [HH.COMP.36]."], 0
    idx = 0
    reach = 0
    mp = 1
    cur = path[0]
    lines: list[str] = []
    last_end = 0
    for i in range(1, len(path)):
        if stop_before is not None and i >= stop_before:
            break
        h = path[i]
        if mp + 1 > limit or not bf.on_map(h) or not can_step(state, p, cur, h):
            break
        if bf.is_steep(cur, h) or bf.is_wall(cur, h) or side_key(cur, h) in state.stakes:
            break
        t = bf.terrain_at(h)
        if t is Terrain.RIVER or (t is Terrain.BROKEN and p.category.cavalry_rules):
            break
        occ = state.unit_at(h)
        if (
            occ is not None
            and occ.side != w.side
            or any(g.side != w.side for g in state.generals_at(h))
            and occ is None
        ):
            break
        mp += 1
        idx = i
        cur = h
        if occ is None:
            last_end = i
        if t in (Terrain.WOOD, Terrain.BUA):
            break
        if any(exerts_zoc_into(state, v, h) for v in state.live_units(state.other(w.side))):
            break
    reach = last_end
    del idx
    if reach > 0:
        how = "toward the fugitive" if state.rules.pursuit_toward_fugitive else "along the flee path"
        d = direction(path[reach - 1], path[reach])
        place(state, w.id, path[reach], facing=Facing.of_side(d if d is not None else 0))
        lines.append(
            f"  {uname(w)} pursues {how} to {state.label(path[reach])} ({reach + 1} MP of {limit}) [HH.COMP.36]."
        )
    return lines, reach
