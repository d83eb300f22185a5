"""Special troops and derived conditions: shield walls, hero adjacency, fighting as if disrupted, hard cover
[HH.SPECIAL.*, HH.GEN.24, HH.DISR.6, HH.DATA.8].

All pure queries, recomputed whenever they matter (HH.SPECIAL.1: shield walls change as results
break them). Combined-arms units (HH.SPECIAL.23-27, HH.DATA.3) are a `Unit` with `rear_profile` and
`rear_stands`, handled where they act (combat.counted_stands, results.apply_result, shooting.hard_cover,
rules.verify_exchange); pike blocks and 6-stand hordes are combined and separated in rules.verify_blocks and
rules.verify_separate (HH.SPECIAL.28-33).
"""

from __future__ import annotations

from campaign.hexgrid import HalfHexRule, Hex, SightStep, line_of_sight

from .battlefield import Terrain
from .geometry import direction
from .model import Category, Trait, TroopClass, Unit
from .state import GameState
from .zoc import exerts_zoc_into

WALL_END_TERRAIN = (Terrain.WOOD, Terrain.IMPENETRABLE, Terrain.BUA, Terrain.BROKEN, Terrain.LAKE, Terrain.RIVER)
"""Terrain that protects a shield wall's open end (HH.SPECIAL.4)."""


def hero_covers(state: GameState, u: Unit) -> bool:
    """A unit hosting, or adjacent to the hex of, a friendly hero general ignores CRT lines 1-3 (HH.GEN.24)."""
    # The 2012 edition plays this rule the same way (HH12.GEN.2, HH12.GEN.9, HH12.CRT.3).
    if u.hex is None:
        return False
    for g in state.generals.values():
        if g.alive and g.hero and g.side == u.side and g.hex is not None:
            if g.hex == u.hex or direction(u.hex, g.hex) is not None:
                return True
    return False


def hosts_general(state: GameState, u: Unit) -> bool:
    """A unit with a friendly general in its hex (HH.GEN.21)."""
    return u.hex is not None and any(g.side == u.side for g in state.generals_at(u.hex))


def as_if_disrupted(state: GameState, u: Unit, against: list[Unit] | None = None) -> bool:
    """Fights (or shoots) as if disrupted because of terrain (HH.DISR.6, HH.DEF.15, HH.TERR.24, HH.TERR.32,
    HH.TERR.36, HH.TERR.37, HH.TERR.51): everyone in a river, mounted troops in broken ground, woodland or BUA,
    and mounted troops attacking a BUA hex, and everyone aboard a boat or raft (HH.TERR.45)."""
    # The 2012 edition plays this rule the same way (HH12.TER.13, HH12.DIS.8).
    if u.hex is None:
        return False
    if u.boat is not None:
        return True  # HH.TERR.45, HH.DISR.6: units on boats or rafts shoot and fight as if disrupted
    t = state.field.terrain_at(u.hex)
    if t is Terrain.RIVER and u.hex not in state.field.bridges:
        return True
    mounted = state.profile(u).category.mounted
    if mounted and t in (Terrain.BROKEN, Terrain.WOOD, Terrain.BUA):
        return True
    if mounted and against:  # HH12.TER.7: 2012 adds woods and broken ground to the BUA
        into = state.rules.mounted_as_if_disordered_against
        return any(v.hex is not None and state.field.terrain_at(v.hex) in into for v in against)
    return False


def _wall_capable(state: GameState, u: Unit | None, side: str) -> bool:
    if u is None or u.side != side or not u.on_table:
        return False
    p = state.profile(u)
    return Trait.S in p.traits and p.cls in (TroopClass.A, TroopClass.B, TroopClass.C)


def _enemy_visible(state: GameState, frm: Hex, to: Hex) -> bool:
    def blocks(s: SightStep) -> bool:
        return state.field.terrain_at(s.hex) in (Terrain.WOOD, Terrain.BUA, Terrain.IMPENETRABLE) or (
            state.unit_at(s.hex) is not None
        )

    return line_of_sight(frm, to, blocks, HalfHexRule.BOTH_CLEAR)


def _end_protected(state: GameState, end: Unit, open_hex: Hex, line: set[int]) -> bool:
    """HH.SPECIAL.4: a friend not in this wall, or protecting terrain free of enemies and of visible enemy ZOC."""
    occ = state.unit_at(open_hex)
    if occ is not None:
        return occ.side == end.side and occ.id not in line
    if not state.field.on_map(open_hex) or state.field.terrain_at(open_hex) not in WALL_END_TERRAIN:
        return False
    for v in state.live_units(state.other(end.side)):
        if exerts_zoc_into(state, v, open_hex) and _enemy_visible(state, end.at, v.at):
            return False
        if v.at is not None and v.at.distance(open_hex) == 1 and _enemy_visible(state, end.at, v.at):
            if state.field.terrain_at(open_hex) in (Terrain.LAKE, Terrain.IMPENETRABLE):
                continue
    return True


def shield_wall(state: GameState, u: Unit) -> bool:
    """Whether u now has shield-wall benefits (HH.SPECIAL.1-5, HH.EX.24, HH.EX.49).

    Two or more S units of class A-C in a straight line along one hex axis; facing, formation and
    disruption do not matter (ruling HH.SPECIAL.2). An end unit needs its open side protected
    (HH.SPECIAL.4); a horde needs non-horde members on both sides (HH.SPECIAL.5).
    """
    if not _wall_capable(state, u, u.side) or u.hex is None:
        return False
    for d in range(3):
        line = [u]
        ahead: list[Unit] = []
        behind: list[Unit] = []
        for k, bucket in ((d, ahead), (d + 3, behind)):
            h = u.hex.neighbour(k % 6)
            while True:
                w = state.unit_at(h)
                if not _wall_capable(state, w, u.side):
                    break
                bucket.append(w)  # type: ignore[arg-type]  # _wall_capable(None) is False
                h = h.neighbour(k % 6)
        line = [*reversed(behind), u, *ahead]
        if len(line) < 2:
            continue
        ids = {w.id for w in line}
        if state.profile(u).horde:
            if not (ahead and behind) or state.profile(ahead[0]).horde or state.profile(behind[0]).horde:
                continue
        ok = True
        if not ahead:
            ok = _end_protected(state, u, u.hex.neighbour(d), ids)
        if ok and not behind:
            ok = _end_protected(state, u, u.hex.neighbour(d + 3), ids)
        if ok:
            return True
    return False


def wall_side_between(state: GameState, a: Hex, b: Hex) -> bool:
    """A wall, fence or screen on the side between adjacent hexes (HH.TERR.64, HH.COMP.26)."""
    return state.field.is_wall(a, b)


def is_war_wagon(state: GameState, u: Unit) -> bool:
    return state.profile(u).category is Category.WAR_WAGON
