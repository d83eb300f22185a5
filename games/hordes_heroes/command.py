"""Command and control: who can command, range paths, the contact chain, hordes [HH.CMD.*, HH.GEN.11].

Command is fixed once at the start of the Tactical Movement phase (HH.CMD.4); `commanded_units`
computes it from the state after all Command Moves.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from campaign.hexgrid import Hex

from .battlefield import Terrain
from .geometry import direction
from .model import General, Unit
from .state import GameState
from .zoc import in_enemy_zoc, is_engaged


def general_disrupted(state: GameState, g: General) -> bool:
    """A general counts as disrupted exactly while his host is (HH.GEN.11, HH.GEN.12); a lone one never."""
    host = state.host_of(g)
    return host is not None and host.disrupted


def can_command(state: GameState, g: General) -> bool:
    """Alive, on the table and not attached to a disrupted host; engagement does not matter (HH.CMD.3)."""
    return g.alive and g.hex is not None and not general_disrupted(state, g)


def _blocking_terrain(state: GameState) -> set[Terrain]:
    out = {Terrain.WOOD, Terrain.BUA}
    if state.options.command_broken_ground == "one_hex":  # HH.CMD.6
        out.add(Terrain.BROKEN)
    return out


def range_reach(state: GameState, g: General) -> dict[Hex, int]:
    """Hexes a range path from general g can end in, with the shortest length k <= CR (HH.CMD.5, HH.HEX.16).

    Breadth-first over (hex, consecutive lake hexes). Every hex: on the map, not impenetrable, not
    enemy-occupied. Intermediate hexes: not in enemy ZOC unless held by a friendly undisrupted engaged
    unit (p. 17), not holding a disrupted friend (HH.CMD.8), not woodland/BUA/broken (HH.TERR.33),
    and no more than 2 lake hexes in a row (HH.TERR.46). Rivers and escarpments do not matter
    (HH.TERR.39, HH.TERR.63). The start hex is exempt from the intermediate rules.
    """
    bf = state.field
    assert g.hex is not None
    occ = state.occupancy()
    stop_terrain = _blocking_terrain(state)

    def passable(h: Hex) -> bool:
        if not bf.on_map(h) or bf.terrain_at(h) is Terrain.IMPENETRABLE:  # HH.TERR.53
            return False
        u = occ.get(h)
        return not (u is not None and u.side != g.side)

    def may_pass_through(h: Hex) -> bool:
        u = occ.get(h)
        if u is not None and u.side == g.side and u.disrupted:
            return False
        if bf.terrain_at(h) in stop_terrain:
            return False
        if in_enemy_zoc(state, g.side, h):
            return u is not None and u.side == g.side and not u.disrupted and is_engaged(state, u)
        return True

    reach: dict[Hex, int] = {g.hex: 0}
    start_lake = 1 if bf.terrain_at(g.hex) is Terrain.LAKE else 0
    queue = deque([(g.hex, start_lake, 0)])
    seen = {(g.hex, start_lake)}
    while queue:
        h, lakes, k = queue.popleft()
        if k >= g.cr:
            continue
        if k > 0 and not may_pass_through(h):
            continue
        for n in h.neighbours():
            if not passable(n):
                continue
            nl = lakes + 1 if bf.terrain_at(n) is Terrain.LAKE else 0
            if nl > (2 if state.rules.command_across_lakes else 0):  # HH12.CMD.5: 2012 never crosses lakes
                continue
            if (n, nl) in seen:
                continue
            seen.add((n, nl))
            reach.setdefault(n, k + 1)
            queue.append((n, nl, k + 1))
    return reach


def in_range(state: GameState, g: General, u: Unit, reach: dict[Hex, int] | None = None) -> bool:
    """Unit u is in range of general g by a range path (HH.CMD.5, HH.CMD.7, HH.CMD.8); never hordes (HH.CMD.10)."""
    if u.hex is None or u.disrupted or state.profile(u).horde:
        return False
    reach = range_reach(state, g) if reach is None else reach
    if u.hex not in reach:
        return False
    # HH.CMD.7: the final hex may be in enemy ZOC only if the unit there is engaged (and undisrupted).
    if in_enemy_zoc(state, u.side, u.hex) and not is_engaged(state, u):
        return False
    return True


def commanded_units(state: GameState, side: str) -> frozenset[int]:
    """The book's example is HH.EX.21 (HH.CMD.14). Every unit of `side` under command now (HH.CMD.4, HH.CMD.5, HH.CMD.9, HH.CMD.10, HH.CMD.11).

    Non-hordes: in range of a commanding general, or adjacent through a chain of undisrupted friends to
    a commanded unit (the chain may pass through engaged units). Hordes: hosting or adjacent to a
    commanding general, or chained by undisrupted friends to a unit that hosts or is adjacent to him;
    never through range alone (HH.CMD.11). Disrupted units are never commanded (HH.CMD.13, HH.DISR.2).
    """  # noqa: E501
    # The 2012 edition plays this rule the same way (HH12.CMD.4, rulings HH12.CMD.A2, HH12.CMD.A3).
    units = [u for u in state.live_units(side) if not u.disrupted]
    by_hex = {u.hex: u for u in units}
    generals = [g for _, g in sorted(state.generals.items()) if g.side == side and can_command(state, g)]

    def chain(seeds: set[int], admit: Callable[[Unit], bool]) -> set[int]:
        out = set(seeds)
        todo = deque(sorted(seeds))
        while todo:
            uid = todo.popleft()
            h = state.units[uid].hex
            assert h is not None
            for n in h.neighbours():
                v = by_hex.get(n)
                if v is not None and v.id not in out and admit(v):
                    out.add(v.id)
                    todo.append(v.id)
        return out

    # Hordes (HH.CMD.10): seeds host or are adjacent to a commanding general.
    seeds_h = set()
    for g in generals:
        for u in units:
            if g.hex is not None and (u.at == g.hex or direction(u.at, g.hex) is not None):
                seeds_h.add(u.id)
    horde_ok = {uid for uid in chain(seeds_h, lambda v: True) if state.profile(state.units[uid]).horde}

    ranged = set()
    for g in generals:
        reach = range_reach(state, g)
        for u in units:
            if in_range(state, g, u, reach):
                ranged.add(u.id)
    # HH.CMD.9: the chain passes command on to non-hordes only.
    nonhorde = chain(ranged | horde_ok, lambda v: not state.profile(v).horde)
    return frozenset(nonhorde | horde_ok)
