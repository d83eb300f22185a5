"""Charges: who may charge whom, the edge struck, reach, the approach corridor and the aligned
contact pose [WC.CHARGE.1]–[WC.CHARGE.20].

:func:`charge_problem` says why a charge cannot be made (rule id and a sentence), or gives the
:class:`Charge` with the pose the charger ends in. The geometry goes through
:mod:`campaign.table` (``align_to_edge``, ``corner_offsets``, ``edge_overlap``, ``flush``).
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from campaign.table import Edge, Rect, Zone, flank_blocked, flush, in_frontal_arc, overlaps, swept_group, zone_of
from campaign.table.align import align_to_edge, approach_vector, corner_offsets, segment_distance
from campaign.table.contact import overlap_along
from campaign.table.formation import bounding_rect, front_rank_indices, reference_point
from campaign.table.frame import EPS, Vec, dot, length, sub

from .flanks import charge_zone
from .model import Condition, Unit
from .rout import may_start_melee
from .troops import Category, TroopType, full_pace_cm
from .world import BARRED_ALL, World

__all__ = ["Charge", "charge_problem", "edge_struck", "restriction"]

_ZONE_EDGE = {Zone.FRONT: Edge.FRONT, Zone.REAR: Edge.REAR, Zone.LEFT: Edge.LEFT, Zone.RIGHT: Edge.RIGHT}
INFANTRY_VS_HORSE_CM = 10.0
"""Infantry may charge cavalry only from within 10 cm [WC.CHARGE.5]."""


@dataclass(frozen=True, slots=True)
class Charge:
    """A legal charge: the edge struck, the reach, and the charger's aligned stands."""

    unit: str
    target: str
    edge: Edge
    reach: float
    rects: tuple[Rect, ...]
    flush: int
    through: tuple[str, ...] = ()
    """Friendly units a compulsory charge passes through [WC.CHARGE.8]."""


def edge_struck(world: World, unit: Unit, target: Unit) -> tuple[Edge, tuple[Vec, Vec]]:
    """The edge of the target's bounding rectangle whose zone holds the charger's centre
    [WC.CHARGE.7] [WC.CHARGE.13] [WC.FLANK.4]; the segment runs left to right as the charger sees it.
    TODO(WC.CHARGE.13): irregular targets use the bounding rectangle, not the nearest stand edge."""
    tb = world.bound(target)
    zone = charge_zone(world, unit, target)
    edge = _ZONE_EDGE.get(zone, Edge.FRONT)
    a, b = tb.edge(edge)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    out = sub(mid, tb.centre)
    u = sub(b, a)
    f = (-u[1], u[0])
    if dot(f, out) > 0:
        a, b = b, a
    return edge, (a, b)


def sees(world: World, unit: Unit, target: Unit) -> bool:
    """The target is visible from the charger at the start of the order (cavalry sees over foot and
    guns) [WC.CHARGE.3] [WC.VIS], with the sight rules of shooting."""
    from campaign.table import SightQuery, visible

    from .fire import _ground

    q = SightQuery(
        observer=world.rects(unit),
        target=world.rects(target),
        target_facing=target.facing if target.formation.regular else None,
        cavalry=world.category(unit) is Category.CAVALRY,
    )
    return visible(q, _ground(world, unit, target))


def restriction(world: World, unit: Unit, target: Unit, edge: Edge, start_gap: float) -> str:
    """(H) The charge restrictions [WC.CHARGE.5] [WC.CHARGE.10]; "" when allowed. Disorder is judged
    now; a flank or rear charge lifts the first two."""
    if world.state.variant != "historical":
        return ""
    me, them = world.profile(unit), world.profile(target)
    soft = target.condition is not Condition.GOOD or edge.is_flank_or_rear or them.skirmisher
    missile_inf = them.missile_armed and world.category(target) is Category.INFANTRY
    if me.light_cavalry and not (soft or them.light_cavalry or missile_inf):
        return "light cavalry may charge only light cavalry, skirmishers, missile foot, or a disordered or flanked unit"
    if me.missile_armed and world.category(unit) is Category.INFANTRY and me.type is not TroopType.WARBAND:
        if not (soft or missile_inf):
            return "missile-armed foot may charge only missile foot, skirmishers, or a disordered or flanked unit"
    mounted = world.category(target) in (Category.CAVALRY, Category.CHARIOTS)
    if world.category(unit) is Category.INFANTRY and mounted and start_gap > INFANTRY_VS_HORSE_CM + EPS:
        return f"infantry may charge cavalry only from within 10 cm (it started {start_gap:.1f} cm away)"
    return ""


def charge_problem(
    world: World,
    unit: Unit,
    target: Unit,
    *,
    compulsory: bool = False,
    allowance: float | None = None,
    start_gap: float | None = None,
) -> tuple[str, str] | Charge:
    """Why ``unit`` cannot charge ``target`` (rule, reason), or the charge [WC.CHARGE.12]."""
    if not unit.formation.regular:
        return ("WC.CHARGE.1", "only a unit in regular formation (line or column) may charge")
    if not may_start_melee(unit):
        return ("WC.CHARGE.2", "routed units never charge")
    if world.category(unit) in (Category.ARTILLERY, Category.WAR_WAGON):
        return ("WC.CHARGE.2", "artillery and war wagons never charge")
    if target.side == unit.side or not target.on_table:
        return ("WC.CHARGE.12", f"unit {target.id} is not an enemy unit on the table")
    if unit.frozen:
        return ("WC.CHARGE.12", f"unit {unit.id} may not move this turn")
    if not compulsory and world.in_contact_with_enemy(unit):
        return ("WC.CHARGE.12", f"unit {unit.id} is already in contact with the enemy")
    if world.category(target) is Category.FLYERS and world.category(unit) is not Category.FLYERS:
        return ("WC.CHARGE.10", "only flyers may charge flyers")
    ub = world.bound(unit)
    if not in_frontal_arc(ub, world.foot(target)):
        return ("WC.CHARGE.3", f"unit {target.id} is not in the frontal arc: turn first, then charge [WC.CHARGE.4]")
    if not sees(world, unit, target):
        return ("WC.CHARGE.3", f"unit {target.id} cannot be seen from unit {unit.id}")
    edge, seg = edge_struck(world, unit, target)
    if edge in (Edge.LEFT, Edge.RIGHT) and target.formation.regular:
        friends = [world.foot(f) for f in world.friends(target.side, target.id)] + list(world.areas(*BARRED_ALL))
        if flank_blocked(world.bound(target), Zone.LEFT if edge is Edge.LEFT else Zone.RIGHT, friends):
            return ("WC.CHARGE.11", f"the {edge.value} flank of unit {target.id} is blocked")
    gap = start_gap if start_gap is not None else world.foot(unit).distance(world.foot(target))
    why = "" if compulsory else restriction(world, unit, target, edge, gap)
    if why:
        return ("WC.CHARGE.5", why)
    return _reach_and_pose(world, unit, target, edge, seg, compulsory, allowance)


def _reach_and_pose(
    world: World, unit: Unit, target: Unit, edge: Edge, seg: tuple[Vec, Vec], compulsory: bool, allowance: float | None
) -> tuple[str, str] | Charge:
    """Reach [WC.CHARGE.14] (straight-line: terrain costs nothing on a charge [WC.TERR.11]),
    corridor [WC.CHARGE.15] (a friend in the way stops a voluntary charge; a compulsory one passes
    through [WC.THROUGH.7] [WC.CHARGE.8]) and alignment [WC.CHARGE.16]."""
    rects = world.rects(unit)
    ub = world.bound(unit)
    front = ub.edge(Edge.FRONT)
    d = segment_distance(front, seg)
    allow = allowance if allowance is not None else float(full_pace_cm(world.category(unit)))
    if d > allow + EPS:
        return ("WC.CHARGE.14", f"unit {target.id} is {d:.1f} cm away; the charge reaches {allow:g} cm")
    v = approach_vector(front, seg)
    through: list[str] = []
    if length(v) > EPS:
        lane = swept_group(rects, v)
        if compulsory:
            through = [f.id for f in world.friends(unit.side, unit.id) if overlaps(lane, world.foot(f))]
        for shape in world.barred(unit):
            if overlaps(lane, shape):
                return ("WC.CHARGE.15", "the approach crosses terrain the unit may not enter")
        others = [e for e in world.enemies(unit.side) if e.id != target.id]
        others += [] if compulsory else world.friends(unit.side, unit.id)
        for o in others:
            if overlaps(lane, world.foot(o)):
                return ("WC.CHARGE.15", f"unit {o.id} is in the way of the charge")
        zoc = None if compulsory else zoc_problem(world, unit, target, lane)
        if zoc is not None:
            return zoc
    best = align(world, unit, target, edge, seg, ub, compulsory=compulsory)
    if best is None:
        return ("WC.CHARGE.16", f"there is no room to line up against the {edge.value} of unit {target.id}")
    placed, n = best
    return Charge(unit.id, target.id, edge, d, placed, n, tuple(sorted(through)))


def zoc_problem(world: World, unit: Unit, target: Unit, lane: BaseGeometry) -> tuple[str, str] | None:
    """A unit starting in another enemy unit's zone of control may charge only that unit; the
    approach may cross the target's ZOC and the parts of other ZOCs overlapping it, no other
    [WC.CHARGE.12] [WC.CHARGE.15] [WC.ZOC.5] [WC.ZOC.6]. TODO(WC.CHARGE.15): compulsory charges
    (reactions, advances) are not yet held by zones of control."""
    zocs = world.enemy_zocs(unit, reach=float(full_pace_cm(world.category(unit))) + 10.0)
    mine = world.foot(unit)
    theirs = zocs.get(target.id)
    for xid in sorted(zocs):
        if xid == target.id:
            continue
        z = zocs[xid]
        if overlaps(mine, z):
            return ("WC.ZOC.5", f"unit {unit.id} is in the zone of control of unit {xid}: it may charge only that unit")
        part = z.difference(theirs) if theirs is not None else z
        if overlaps(lane, part):
            return ("WC.ZOC.6", f"the charge would cross the zone of control of unit {xid}")
    return None


def align(
    world: World, unit: Unit, target: Unit, edge: Edge, seg: tuple[Vec, Vec], ub: Rect, *, compulsory: bool = False
) -> tuple[tuple[Rect, ...], int] | None:
    """The best legal aligned pose [WC.CHARGE.16]: candidates at stand-corner offsets, the
    projection x0 of the start RP and 0; legal ones ranked by flush stands, overlap, |x − x0|, x."""
    rects = world.rects(unit)
    trects = world.rects(target)
    a, b = seg
    n = length(sub(b, a))
    u = ((b[0] - a[0]) / n, (b[1] - a[1]) / n)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    x0 = dot(sub(reference_point(ub), mid), u)
    half = n / 2 + ub.width / 2
    x0 = max(-half, min(half, x0))
    probe = align_to_edge(rects, unit.facing, seg, 0.0)
    facing = probe[0].facing
    fr = [probe[i] for i in front_rank_indices(probe)]
    corners = [p for r in trects for p in r.corners() if _on_line(p, seg)]
    cands = sorted({0.0, round(x0, 6), *corner_offsets(fr, seg, corners)})
    tb = world.bound(target)
    zone = charge_zone(world, unit, target)
    passable = {f.id for f in world.friends(unit.side, unit.id)} if compulsory else set()
    blockers = [world.foot(o) for o in world.on_table() if o.id not in (unit.id, target.id, *passable)]
    barred = world.barred(unit)
    scored = []
    for x in cands:
        placed = align_to_edge(rects, unit.facing, seg, x)
        foot = unary_union([r.polygon() for r in placed])
        if any(overlaps(foot, g) for g in [*blockers, *barred, *(t.polygon() for t in trects)]):
            continue
        if not world.table.buffer(EPS).contains(foot):
            continue
        if zone_of(tb, bounding_rect(placed, facing).centre) is not zone and zone is not Zone.NONE:
            continue
        front = [placed[i] for i in front_rank_indices(placed)]
        n_flush = sum(any(flush(s, t) for t in trects) for s in front)
        ov = _overlap(front, seg)
        if ov <= EPS:
            continue
        scored.append(((-n_flush, -round(ov, 6), round(abs(x - x0), 6), x), placed, n_flush))
    if not scored:
        return None
    scored.sort(key=lambda s: s[0])
    return scored[0][1], scored[0][2]


def _overlap(front: list[Rect], seg: tuple[Vec, Vec]) -> float:
    """Length of the front edges lying along the struck edge; unlike ``edge_overlap`` a front edge
    longer than the struck edge still counts the part they share [WC.CHARGE.16] step 4."""
    line = LineString(seg)
    total = 0.0
    for s in front:
        a, b = s.edge(Edge.FRONT)
        if _on_line(a, seg) and _on_line(b, seg):
            total += overlap_along(line, LineString((a, b)))
    return total


def _on_line(p: Vec, seg: tuple[Vec, Vec]) -> bool:
    a, b = seg
    n = length(sub(b, a))
    cross = ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / n
    return abs(cross) <= 0.01
