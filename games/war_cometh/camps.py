"""Camps: where they are, how they are captured, and the units sent to them [WC.CAMP.1]–[WC.CAMP.8].

A camp is the scenario's ``camp`` area named ``<side>_camp``; a side without one has the default
camp of [WC.PD.6]: an 8 x 8 cm square centred on its baseline, 2 cm from the edge [WC.CAMP.7].
"""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from campaign.table import in_contact, overlaps
from campaign.table.frame import EPS, q_cm

from .model import AreaKind, Condition, State, TerrainArea, Unit
from .troops import Quality, majority_quality
from .world import World

__all__ = [
    "CAMP_MAX_DIST_CM",
    "CAMP_SIZE_CM",
    "camp_polygon",
    "camp_within_reach",
    "default_camp_areas",
    "capture_check",
    "collect_off_table",
    "free_spot",
    "return_units",
    "send_to_camp",
]

CAMP_SIZE_CM = 8.0
"""An 8 x 8 cm square, one edge parallel to the baseline [WC.CAMP.7] (``camp_size_cm``)."""
CAMP_MAX_DIST_CM = 15.24
"""Within 6 inches of its own baseline [WC.CAMP.1] [WC.SCALE.3] (``camp_max_dist_cm``)."""
EDGE_GAP_CM = 2.0
"""The default camp stands 2 cm from the baseline [WC.PD.6]."""
ENEMY_GAP_CM = 2.0
"""A unit placed at its camp is at least 2 cm from every enemy [WC.CAMP.3]."""
SEARCH_STEP_CM = 2.0
SEARCH_RINGS = 30


def default_camp_areas(state: State) -> tuple[TerrainArea, ...]:
    """The default camp of every side the scenario gives none: 8 x 8 cm centred on its baseline,
    2 cm from the edge [WC.PD.6] [WC.CAMP.7]; added to the terrain so it is drawn and barred."""
    have = {a.id for a in state.areas if a.kind is AreaKind.CAMP}
    out = []
    for s in state.sides:
        if f"{s.key}_camp" in have:
            continue
        g = camp_polygon(state, s.key)
        pts = tuple((q_cm(x), q_cm(y)) for x, y in g.exterior.coords[:-1])
        out.append(TerrainArea(f"{s.key}_camp", AreaKind.CAMP, pts, 0, f"{s.name} camp"))
    return tuple(out)


def camp_polygon(state: State, side: str) -> Polygon:
    """The camp's footprint [WC.CAMP.1] [WC.CAMP.7] [WC.PD.6]."""
    for a in state.areas:
        if a.kind is AreaKind.CAMP and a.id == f"{side}_camp":
            return Polygon(a.ring())
    w, d = state.width / 100, state.depth / 100
    x0 = w / 2 - CAMP_SIZE_CM / 2
    if state.side(side).player == "A":
        return box(x0, EDGE_GAP_CM, x0 + CAMP_SIZE_CM, EDGE_GAP_CM + CAMP_SIZE_CM)
    return box(x0, d - EDGE_GAP_CM - CAMP_SIZE_CM, x0 + CAMP_SIZE_CM, d - EDGE_GAP_CM)


def camp_within_reach(camp: BaseGeometry, side_a: bool, table_depth: float) -> bool:
    """The whole camp lies within 15.24 cm of its own baseline [WC.CAMP.1] [WC.DEPLOY.11]."""
    _, y0, _, y1 = camp.bounds
    far = float(y1 if side_a else table_depth - y0)
    return bool(far <= CAMP_MAX_DIST_CM + EPS)


def _touching(world: World, camp: BaseGeometry, side: str) -> bool:
    """Some non-routed unit of this side touches (or stands on) the camp."""
    return any(
        u.side == side and u.condition is not Condition.ROUTED and bool(in_contact(world.foot(u), camp))
        for u in world.on_table()
    )


def capture_check(state: State) -> tuple[State, list[str]]:
    """A camp falls when a non-routed enemy unit touches it and no non-routed friendly unit does;
    once taken it stays taken [WC.CAMP.6] [WC.CAMP.5]. Called at the end of every move."""
    world = World(state)
    lines: list[str] = []
    for s in state.sides:
        if s.camp_captured:
            continue
        camp = camp_polygon(state, s.key)
        if _touching(world, camp, state.other(s.key)) and not _touching(world, camp, s.key):
            state = replace(
                state, sides=tuple(replace(x, camp_captured=True) if x.key == s.key else x for x in state.sides)
            )
            lines.append(f"The {s.name} camp is captured: 6 losses toward the break point [WC.CAMP.5] [WC.CAMP.6].")
    return state, lines


def send_to_camp(state: State, unit: Unit, *, historical: bool = True) -> tuple[State, str]:
    """A routed unit, or one forced off the table, goes to its camp, disordered, to be placed at
    the start of its owner's next turn [WC.CAMP.2] [WC.CAMP.3]; (H) a Levy unit that routs is
    removed instead [WC.CAMP.4], and so is any unit whose camp has been captured [WC.CAMP.5].
    Removed stands are losses [WC.BREAK.3]."""
    world = World(state)
    quality = majority_quality([world.profiles[s.profile].quality for s in unit.stands])
    if (historical and quality is Quality.LEVY and unit.condition is Condition.ROUTED) or state.side(
        unit.side
    ).camp_captured:
        why = "its camp is taken [WC.CAMP.5]" if state.side(unit.side).camp_captured else "Levy rout [WC.CAMP.4]"
        gone = replace(unit, on_table=False, to_camp=False, lost=unit.lost + len(unit.stands))
        return state.with_unit(gone), f"Unit {unit.id} is removed from the game: {why}."
    new = replace(unit, on_table=False, to_camp=True, condition=Condition.DISORDERED)
    return state.with_unit(new), f"Unit {unit.id} goes to its camp [WC.CAMP.2] [WC.CAMP.3]."


def _facing_enemy(state: State, side: str) -> int:
    """Facing the enemy baseline, in hundredths of a degree [WC.PD.32]."""
    return 9000 if state.side(side).player == "A" else -9000


def free_spot(state: State, unit: Unit) -> tuple[int, int] | None:
    """The legal spot nearest the camp centre for a unit in column facing the enemy baseline: on
    the table, overlapping nothing (not the camp, no unit, no barred terrain) and 2 cm from every
    enemy [WC.CAMP.3] [WC.PD.32]. None if there is no room."""
    from .placement import place_unit

    world = World(state)
    camp = camp_polygon(state, unit.side)
    cx, cy = camp.centroid.x, camp.centroid.y
    profile = world.profiles[unit.stands[0].profile]
    facing = _facing_enemy(state, unit.side)
    others = [world.foot(u) for u in world.on_table() if u.id != unit.id]
    enemies = [world.foot(u) for u in world.enemies(unit.side)]
    barred = [*world.barred(unit), camp]
    table = world.table.buffer(EPS)
    for ring in range(SEARCH_RINGS):
        spots = _ring(ring)
        for dx, dy in spots:
            rp = (q_cm(cx + dx * SEARCH_STEP_CM), q_cm(cy + dy * SEARCH_STEP_CM))
            stands = place_unit(profile, len(unit.stands), rp, facing, 1)
            foot = world.foot(replace(unit, stands=stands))
            if not table.contains(foot) or any(overlaps(foot, g) for g in (*others, *barred)):
                continue
            if any(foot.distance(e) < ENEMY_GAP_CM - EPS for e in enemies):
                continue
            return rp
    return None


def _ring(r: int) -> list[tuple[int, int]]:
    """Grid offsets at Chebyshev distance ``r``, nearest first then by (dy, dx)."""
    if r == 0:
        return [(0, 0)]
    pts = [(dx, dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1) if max(abs(dx), abs(dy)) == r]
    return sorted(pts, key=lambda p: (p[0] * p[0] + p[1] * p[1], p[1], p[0]))


def return_units(state: State, side: str) -> tuple[State, list[str]]:
    """Start-of-turn step: units of the phasing side waiting for their camp are placed next to it,
    disordered, in a column facing the enemy baseline; with no room they try again next turn
    [WC.SEQ.2] [WC.CAMP.3] [WC.PD.32]."""
    from .model import Formation
    from .placement import place_unit

    lines: list[str] = []
    for u in sorted((u for u in state.units if u.side == side and u.to_camp), key=lambda u: u.id):
        if state.side(side).camp_captured:
            state, line = send_to_camp(state, u)
            lines.append(line)
            continue
        spot = free_spot(state, u)
        if spot is None:
            lines.append(f"Unit {u.id} finds no room at its camp this turn [WC.CAMP.3].")
            continue
        profile = World(state).profiles[u.stands[0].profile]
        stands = place_unit(profile, len(u.stands), spot, _facing_enemy(state, side), 1)
        form = Formation.COLUMN if len(stands) > 1 else Formation.LINE
        placed = replace(
            u, stands=stands, on_table=True, to_camp=False, condition=Condition.DISORDERED, formation=form, files=1
        )
        state = state.with_unit(placed)
        lines.append(f"Unit {u.id} is placed at its camp, disordered [WC.CAMP.3].")
    return state, lines


def collect_off_table(state: State) -> tuple[State, list[str]]:
    """Every unit forced off the table this player-turn (a rout, a fallback, an evade) goes to its
    camp, or is removed [WC.CAMP.2] [WC.CAMP.3] [WC.CAMP.4] [WC.CAMP.5]; units destroyed, already
    waiting, or away on a flank march are left alone [WC.DEPLOY.6]. Run at the end of every
    player-turn, before the break-point check [WC.SEQ.7]."""
    from .breakpoints import fielded
    from .model import FlankStatus

    away = {u for f in state.flank_marches if f.status is not FlankStatus.ARRIVED for u in f.units}
    lines: list[str] = []
    for u in sorted(state.units, key=lambda x: x.id):
        if u.on_table or u.to_camp or u.id in away or not u.stands or u.lost >= fielded(u):
            continue
        state, line = send_to_camp(state, u, historical=state.variant == "historical")
        lines.append(line)
    return state, lines
