"""Who may stand where, zones of control and engagement [HH.ZOC.*, HH.DEF.9, HH.TERR.2].

All functions are pure queries on a `GameState`.
"""

from __future__ import annotations

from campaign.hexgrid import Hex

from .battlefield import Terrain
from .geometry import direction
from .model import Category, General, Profile, Unit
from .state import GameState

_ROAD_ONLY = (Terrain.BROKEN, Terrain.WOOD, Terrain.BUA)
"""Terrain a wheeled unit may use only along a road, under `wheeled_road_access = "along_road"` (HH.TERR.13, 14)."""


def _wheeled(p: Profile) -> bool:
    return p.category.wheeled or p.category is Category.WAR_WAGON


def can_occupy(state: GameState, p: Profile, h: Hex) -> bool:
    """Whether troops of profile `p` may stand in hex `h` (HH.MOVE.30, HH.TERR.2, HH.TERR.45, HH.TERR.53).

    Lakes take only boats, and boats nothing else (HH.TERR.45, ruling HH.TERR.47: units aboard stand on the lake
    as their boat, see `unit_can_step`); impenetrable hexes take nobody; wheeled units never enter
    river hexes except a bridge (HH.TERR.34, HH.TERR.44), nor broken ground, woodland or BUA (HH.TERR.17,
    HH.TERR.26, HH.TERR.48), unless the option `wheeled_road_access = "along_road"` is on and the hex is a road
    hex (HH.TERR.13, HH.TERR.14): then how they get in and out is `can_step`'s question.
    """
    bf = state.field
    if not bf.on_map(h):
        return False
    t = bf.terrain_at(h)
    if p.category is Category.BOAT:
        return t is Terrain.LAKE  # HH.TERR.45
    if t in (Terrain.LAKE, Terrain.IMPENETRABLE):
        return False
    if _wheeled(p):
        if t is Terrain.RIVER:
            return h in bf.bridges
        if t in _ROAD_ONLY:
            return state.options.wheeled_road_access == "along_road" and bf.is_road(h)
    return True


def can_enter(state: GameState, p: Profile, a: Hex, b: Hex) -> bool:
    """Whether troops of profile `p` in hex `a` could enter the adjacent hex `b` by its terrain: `can_occupy`, and
    for wheeled units a broken-ground, woodland or BUA hex only by a step along the road (HH.TERR.9, HH.TERR.13,
    HH.TERR.14; never, by default)."""
    if not can_occupy(state, p, b):
        return False
    return not (_wheeled(p) and state.field.terrain_at(b) in _ROAD_ONLY and not state.field.along_road(a, b))


def can_step(state: GameState, p: Profile, a: Hex, b: Hex) -> bool:
    """`can_enter`, and a wheeled unit in a broken-ground, woodland or BUA hex leaves it only along the road
    (HH.TERR.13, HH.TERR.14). The test for every step a unit makes: moves, follow-ups, pursuits, recoils, flights."""
    if not can_enter(state, p, a, b):
        return False
    return not (_wheeled(p) and state.field.terrain_at(a) in _ROAD_ONLY and not state.field.along_road(a, b))


def is_boat(state: GameState, u: Unit) -> bool:
    """An empty boat or raft on the table (HH.TERR.47); a loaded one is represented by its passengers."""
    return state.profile(u).category is Category.BOAT


def afloat(state: GameState, u: Unit) -> bool:
    """A boat, or a unit aboard one: it moves on lake hexes only (HH.TERR.45, ruling HH.TERR.47)."""
    return u.boat is not None or is_boat(state, u)


def unit_can_step(state: GameState, u: Unit, a: Hex, b: Hex) -> bool:
    """`can_step` for a unit: a boat or a unit aboard one goes from lake hex to lake hex only, whatever its
    passengers' troop type (HH.TERR.45, ruling HH.TERR.47); anyone else by its profile."""
    if afloat(state, u):
        return state.field.on_map(b) and state.field.terrain_at(b) is Terrain.LAKE
    return can_step(state, state.profile(u), a, b)


def general_can_occupy(state: GameState, g: General, h: Hex) -> bool:
    """A general moves as cavalry if mounted, as infantry if not, never wheeled (HH.CMD.2)."""
    bf = state.field
    return bf.on_map(h) and bf.terrain_at(h) not in (Terrain.LAKE, Terrain.IMPENETRABLE)


def exerts_zoc_into(state: GameState, v: Unit, h: Hex) -> bool:
    """Whether unit v's ZOC covers hex h (HH.ZOC.1, HH.ZOC.3, HH.ZOC.4, HH.ZOC.5, HH.ZOC.10).

    The six adjacent hexes, not across a steep side, and only hexes v's own troop type could occupy.
    Disrupted and engaged units keep their full ZOC (HH.ZOC.3).
    """
    if not v.on_table or v.hex is None or v.skirmish_of is not None:
        return False  # ruling HH12.SPEC.A1 item 4: 2012 skirmish stands exert no ZOC
    if direction(v.hex, h) is None:
        return False
    if state.field.is_steep(v.hex, h):
        return False
    if afloat(state, v):
        # HH.ZOC.5, ruling HH.TERR.47: a loaded boat into lake hexes only; an empty boat has none.
        return v.boat is not None and unit_can_step(state, v, v.hex, h)
    return can_enter(state, state.profile(v), v.hex, h)  # HH.ZOC.10: into road-only terrain along the road only


def pair_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def restricted(state: GameState, x: Unit, x_hex: Hex, y: Unit, y_hex: Hex) -> bool:
    """X cannot enter Y's hex because of its terrain: a terrain-restricted pair (HH.ZOC.6, HH.TERR.25). Boats and
    units aboard them enter only lake hexes, land units never (HH.TERR.45): a boat and a unit ashore never engage."""
    if afloat(state, x):
        return not unit_can_step(state, x, x_hex, y_hex)
    return not can_enter(state, state.profile(x), x_hex, y_hex)


def engaged_at(state: GameState, u: Unit, u_hex: Hex, v: Unit) -> bool:
    """Whether u standing at u_hex is engaged with enemy v (HH.DEF.9).

    Adjacent, not across a steep side (HH.ZOC.4, HH.TERR.59), and not a terrain-restricted pair that
    has not been activated (HH.ZOC.6).
    """
    if v.side == u.side or not v.on_table or v.hex is None or v.id == u.id:
        return False
    if u.skirmish_of is not None or v.skirmish_of is not None:
        return False  # HH12.SPEC.5, ruling HH12.SPEC.A1 item 9: skirmish stands never fight in melee
    if is_boat(state, u) or is_boat(state, v):
        return False  # ruling HH.TERR.47: empty boats do not fight
    if direction(u_hex, v.hex) is None or state.field.is_steep(u_hex, v.hex):
        return False
    if restricted(state, u, u_hex, v, v.hex) or restricted(state, v, v.hex, u, u_hex):
        return pair_key(u.id, v.id) in state.activated
    return True


def engaged_with(state: GameState, u: Unit) -> list[Unit]:
    """Enemy units u is engaged with, by id (HH.DEF.9, HH.DATA.8)."""
    if not u.on_table or u.hex is None:
        return []
    return [v for v in state.live_units(state.other(u.side)) if engaged_at(state, u, u.hex, v)]


def is_engaged(state: GameState, u: Unit) -> bool:
    # The 2012 edition plays this rule the same way (HH12.ZOC.1, HH12.ZOC.2).
    return bool(engaged_with(state, u))


def in_enemy_zoc(state: GameState, side: str, h: Hex) -> list[Unit]:
    """Enemy units (of `side`'s enemy) whose ZOC covers h (HH.ZOC.1, HH.ZOC.8)."""
    return [v for v in state.live_units(state.other(side)) if exerts_zoc_into(state, v, h)]


def adjacent_enemies(state: GameState, side: str, h: Hex) -> list[Unit]:
    """Enemy units in hexes adjacent to h, whatever the sides between (HH.DEF.8)."""
    return [v for v in state.live_units(state.other(side)) if v.hex is not None and direction(h, v.hex) is not None]


def drop_stale_pairs(state: GameState) -> None:
    """Activated restricted pairs stay engaged only while adjacent (HH.ZOC.6)."""
    keep = set()
    for a, b in state.activated:
        ua, ub = state.units.get(a), state.units.get(b)
        if ua and ub and ua.on_table and ub.on_table and direction(ua.at, ub.at) is not None:
            keep.add((a, b))
    state.activated = frozenset(keep)
