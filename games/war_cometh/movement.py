"""Carrying out a move plan: allowance and pace, costs, the legal-pose and swept-area tests, gaps,
passing through friends, zones of control, terrain [WC.MOVE] [WC.GAP] [WC.THROUGH] [WC.ZOC]
[WC.TERR] [WC.FORM.9].

:func:`carry_out` walks a plan step by step. In ``strict`` mode (checking an order) the first
step that cannot be done is refused with its geometric reason and the legal maximum; otherwise
(resolving an order after the dice) the unit goes as far as it legally can.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from campaign.table import (
    Rect,
    bounding_rect,
    corridor,
    distance,
    grid_rects,
    overlaps,
    reference_point,
    rotate_group,
    swept_group,
    translate_group,
    wheel,
)
from campaign.table.frame import EPS, Vec, cm, deg, direction, norm_angle, within_arc
from campaign.table.rect import Edge

from .hedgehogs import ring_hedgehog
from .model import AreaKind, Formation, LineKind, Unit
from .plans import Plan, Step, StepKind
from .troops import Category, TroopType, full_pace_cm, half_pace_cm
from .world import OBSTACLE_LINES, POOR, World

__all__ = ["Move", "Refusal", "allowance", "carry_out"]

FORMATION_COST = 10.0
"""A formation change costs 10 cm [WC.FORM.9]."""
CONTOUR_COST = 5.0
"""Each contour climbed costs 5 cm [WC.TERR.9]."""
OBSTACLE_COST = 5.0
"""Each linear obstacle crossed costs 5 cm [WC.TERR.10]; the Pelstream 10 [WC.SCN.10a]."""
THROUGH_COST = 5.0
"""Each voluntary pass-through costs 5 cm [WC.THROUGH.1]."""
FIXED_GUNS = ("bombard", "pots de fer", "pot de fer")
"""(H) Guns that may only turn in place [WC.MOVE.16]."""
COST_STEP = 0.1
"""Terrain costs are integrated in 0.1 cm steps [WC.TERR.4a]."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a step cannot be done, with its rule and the legal maximum when there is one."""

    step: int
    rule: str
    reason: str
    legal_max: float | None = None

    def text(self) -> str:
        """The refusal as one sentence for the player."""
        tail = "" if self.legal_max is None else f"; the most it can do is {_cm(self.legal_max)}"
        return f"{self.reason}{tail}"


@dataclass(slots=True)
class Move:
    """The outcome of a plan."""

    rects: tuple[Rect, ...]
    facing: float
    formation: Formation
    files: int
    path: list[Vec] = field(default_factory=list)
    cost: float = 0.0
    allowance: float = 0.0
    out_of_arc: bool = False
    disordered: bool = False
    passed: list[str] = field(default_factory=list)
    refusal: Refusal | None = None
    cut_short: bool = False
    translated: bool = False
    """Some step moved the unit over the ground (not only turned or re-formed)."""


def allowance(world: World, unit: Unit, plan: Plan, pace_cap: Fraction = Fraction(1)) -> tuple[float, bool, bool]:
    """The allowance (cm) for this plan, whether it goes out of the frontal arc, and whether the
    unit turns more than 45° [WC.MOVE.4] [WC.MOVE.6] [WC.MOVE.7] [WC.MOVE.9] [WC.MOVE.12].

    Half pace for any one cause (out of arc, a net turn over 45°, an irregular formation, a
    Hesitant result) never stacks with another [WC.TEST.5].
    """
    cat = world.category(unit)
    full = float(full_pace_cm(cat))
    half = half_pace_cm(cat)
    start = unit.facing
    facing = start
    out_of_arc = False
    for st in plan.steps:
        d = _direction(st, facing)
        if d is not None and not within_arc(d, start):
            out_of_arc = True
        facing = _facing_after(st, facing, world)
    turned = abs(norm_angle(facing - start)) > 45.0 + 1e-6
    free = _moves_freely(world, unit)
    halves = pace_cap < 1 or (not free and (out_of_arc or turned or not unit.formation.regular))
    rate = float(half) if halves and half is not None else full
    return rate, out_of_arc and not free, turned


def _moves_freely(world: World, unit: Unit) -> bool:
    """Artillery, war wagons and (H) skirmishers in skirmish order move full pace any way
    [WC.MOVE.9]."""
    p = world.profile(unit)
    if world.category(unit) in (Category.ARTILLERY, Category.WAR_WAGON, Category.FLYERS):
        return True
    return p.type is TroopType.SKIRMISH_INFANTRY and unit.formation is not Formation.COLUMN


def _direction(st: Step, facing: float) -> Vec | None:
    """The translation direction of a step, if it translates at a known heading (a move to a point
    or a follow is judged at carry-out time from the actual positions)."""
    f = direction(facing)
    r = (f[1], -f[0])
    k = st.kind
    if k in (StepKind.FORWARD, StepKind.CONTACT, StepKind.CLOSE, StepKind.CROSS):
        return f
    if k is StepKind.BACK:
        return (-f[0], -f[1])
    if k is StepKind.LEFT:
        return (-r[0], -r[1])
    if k is StepKind.RIGHT:
        return r
    return None


def _facing_after(st: Step, facing: float, world: World) -> float:
    if st.kind is StepKind.WHEEL or st.kind is StepKind.TURN:
        return norm_angle(facing + (st.angle / 100 if st.left else -st.angle / 100))
    if st.kind is StepKind.FACE:
        return deg(st.angle)
    if st.kind is StepKind.FORM and st.facing is not None:
        return deg(st.facing)  # [WC.FORM.13] the new facing counts toward the 45° test
    if st.kind is StepKind.FOLLOW and st.target:
        try:
            return world.state.unit(st.target).facing
        except StopIteration:
            return facing
    return facing


@dataclass(slots=True)
class _Walk:
    """Mutable bookkeeping while a plan is carried out."""

    world: World
    unit: Unit
    plan: Plan
    strict: bool
    move: Move
    enemies: list[tuple[str, BaseGeometry, float]]
    friends: list[tuple[str, BaseGeometry]]
    barred: BaseGeometry
    zocs: dict[str, BaseGeometry]
    start_zocs: set[str]
    entered: set[str] = field(default_factory=set)


def carry_out(
    world: World,
    unit: Unit,
    plan: Plan,
    *,
    strict: bool,
    pace_cap: Fraction = Fraction(1),
    dense_roll: float | None = None,
) -> Move:
    """Carry out ``plan`` for ``unit`` [WC.MOVE.10] [WC.MOVE.12]. Starting in dense terrain it moves only
    the 1D6 cm left of its roll (``dense_roll``; 6 when checking), no poor double [WC.TERR.5] [WC.TERR.5a]."""
    rects = world.rects(unit)
    rate, out_of_arc, _ = allowance(world, unit, plan, pace_cap)
    if starts_in_dense(world, unit):
        rate = min(rate, float(6 if dense_roll is None else dense_roll))
    move = Move(rects, unit.facing, unit.formation, unit.files, [_rp(rects, unit.facing)], 0.0, rate, out_of_arc)
    foot = world.foot(unit)
    enemies = [(e.id, world.foot(e), distance(foot, world.foot(e))) for e in world.enemies(unit.side)]
    friends = [(f.id, world.foot(f)) for f in world.friends(unit.side, unit.id)]
    barred = unary_union(list(world.barred(unit)))
    zocs = world.enemy_zocs(unit, reach=rate + 2 * sum(r.width + r.depth for r in rects) + 10.0)
    start = {k for k, z in zocs.items() if overlaps(foot, z)}
    w = _Walk(world, unit, plan, strict, move, enemies, friends, barred, zocs, start)
    for i, st in enumerate(plan.steps):
        if not _step(w, i, st):
            break
    if move.refusal is None:
        _check_zoc_end(w)
    if move.refusal is None and move.formation is Formation.HEDGEHOG and move.translated and not _schiltron(w):
        if strict:
            move.refusal = Refusal(
                len(plan.steps) - 1, "WC.FORM.5", "a unit that moves may not end its move in hedgehog"
            )
    move.disordered = move.out_of_arc or move.disordered
    return move


def starts_in_dense(world: World, unit: Unit) -> bool:
    """A unit other than (H) skirmishers and (F) flyers with a front edge in dense terrain [WC.TERR.5a]
    [WC.TERR.13]."""
    if world.profile(unit).type is TroopType.SKIRMISH_INFANTRY or world.category(unit) is Category.FLYERS:
        return False
    dense = world.areas(AreaKind.DENSE)
    return any(r.edge_line(Edge.FRONT).intersects(d) for r in world.rects(unit) for d in dense)


def _schiltron(w: _Walk) -> bool:
    """(SCN) A Scottish schiltron in hedgehog may make a half-pace move and stay in hedgehog, not
    ending in poor or dense terrain [WC.SCN.6]."""
    p = w.world.profile(w.unit)
    if "WC.SCN.6" not in w.world.state.special or p.type is not TroopType.PIKES or not p.id.startswith("scots."):
        return False
    foot = unary_union([r.polygon() for r in w.move.rects])
    poor = w.world.areas(AreaKind.WOODS, AreaKind.MARSH, AreaKind.ROUGH, AreaKind.DENSE)
    return not any(overlaps(foot, g) for g in poor)


def _rp(rects: tuple[Rect, ...], facing: float) -> Vec:
    return reference_point(bounding_rect(rects, facing))


def _cm(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return f"{s} cm"


def _refuse(w: _Walk, i: int, rule: str, reason: str, legal_max: float | None = None) -> bool:
    w.move.refusal = Refusal(i, rule, reason, legal_max)
    return False


def _step(w: _Walk, i: int, st: Step) -> bool:
    """Carry out one step; False stops the plan."""
    m = w.move
    k = st.kind
    if k in (StepKind.WHEEL, StepKind.TURN, StepKind.FACE):
        return _rotate(w, i, st)
    if k is StepKind.FORM:
        return _form(w, i, st)
    if k is StepKind.CROSS:
        return _cross(w, i)
    if w.world.profile(w.unit).name.lower() in FIXED_GUNS:
        return _refuse(w, i, "WC.MOVE.16", f"{w.world.profile(w.unit).name}s may only turn in place")
    vec = _translation(w, i, st)
    if vec is None:
        return False
    if k is StepKind.FOLLOW:
        ok = _translate(w, i, vec)
        if ok:
            target = w.world.state.unit(st.target)
            m.rects = rotate_group(m.rects, m.path[-1], norm_angle(target.facing - m.facing))
            m.facing = target.facing
        return ok
    return _translate(w, i, vec)


def _translation(w: _Walk, i: int, st: Step) -> Vec | None:
    """The translation vector a step asks for (cm)."""
    m = w.move
    f = direction(m.facing)
    r = (f[1], -f[0])
    d = cm(st.dist)
    if st.kind is StepKind.FORWARD:
        return (f[0] * d, f[1] * d)
    if st.kind is StepKind.BACK:
        return (-f[0] * d, -f[1] * d)
    if st.kind is StepKind.LEFT:
        return (-r[0] * d, -r[1] * d)
    if st.kind is StepKind.RIGHT:
        return (r[0] * d, r[1] * d)
    rp = m.path[-1]
    if st.kind is StepKind.MOVE_TO:
        goal = w.world.place(st.target) if st.target else (cm(st.x), cm(st.y))
        if goal is None:
            _refuse(w, i, "WC.MOVE.10", f"no reference point called {st.target!r}")
            return None
        vec = (goal[0] - rp[0], goal[1] - rp[1])
        if not within_arc(vec, w.unit.facing) and not _moves_freely(w.world, w.unit) and w.unit.formation.regular:
            m.out_of_arc = True
        return vec
    target = _unit_or_refuse(w, i, st.target)
    if target is None:
        return None
    if st.kind is StepKind.FOLLOW:
        if target.side != w.unit.side:
            _refuse(w, i, "WC.MOVE.10", f"unit {target.id} is an enemy: follow only friends")
            return None
        b = w.world.bound(target)
        fb = direction(target.facing)
        goal = (b.cx - fb[0] * b.depth / 2, b.cy - fb[1] * b.depth / 2)
        return (goal[0] - rp[0], goal[1] - rp[1])
    return _approach(w, i, st, target, f)


def _unit_or_refuse(w: _Walk, i: int, uid: str) -> Unit | None:
    try:
        return w.world.state.unit(uid)
    except StopIteration:
        _refuse(w, i, "WC.MOVE.10", f"there is no unit {uid}")
        return None


def _approach(w: _Walk, i: int, st: Step, target: Unit, f: Vec) -> Vec | None:
    """Straight ahead until touching a friend (contact) or 2 cm from an enemy (close)."""
    enemy = target.side != w.unit.side
    if st.kind is StepKind.CONTACT and enemy:
        _refuse(
            w,
            i,
            "WC.CHARGE.1",
            f"unit {target.id} is an enemy: contact with the enemy is a charge, which comes with melee "
            f"in part 2; use 'close on unit {target.id}' to stop 2 cm short",
        )
        return None
    if st.kind is StepKind.CLOSE and not enemy:
        _refuse(w, i, "WC.MOVE.11", f"unit {target.id} is a friend: use 'move to contact unit {target.id}'")
        return None
    gap = 2.0 if enemy else 0.0
    goal = w.world.foot(target)
    foot = unary_union([r.polygon() for r in w.move.rects])
    d0 = distance(foot, goal)
    if d0 <= gap + 0.01:
        return (0.0, 0.0)
    if not swept_group(w.move.rects, (f[0] * 500, f[1] * 500)).intersects(goal.buffer(gap)):
        _refuse(w, i, "WC.MOVE.10", f"unit {target.id} is not straight ahead: wheel or turn to face it first")
        return None
    lo, hi = 0.0, 500.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if distance(swept_group(w.move.rects, (f[0] * mid, f[1] * mid)), goal) > gap + 0.005:
            lo = mid
        else:
            hi = mid
    return (f[0] * lo, f[1] * lo)


def _translate(w: _Walk, i: int, vec: Vec) -> bool:
    """A straight translation, cut at the allowance or the first illegal point."""
    m = w.move
    length = math.hypot(*vec)
    if length <= EPS:
        return True
    u = (vec[0] / length, vec[1] / length)
    if _on_road(w, u, length):
        m.allowance = max(m.allowance, float(full_pace_cm(w.world.category(w.unit))))  # [WC.MOVE.8]
    elif m.formation.regular and not _moves_freely(w.world, w.unit) and not within_arc(u, w.unit.facing):
        m.out_of_arc = True
        half = half_pace_cm(w.world.category(w.unit))
        if half is not None:
            m.allowance = min(m.allowance, float(half))
    best = _longest_legal(w, u, length)
    problem = _segment_problem(w, u, length) if best < length - 0.005 else None
    afford = _affordable(w, u, best)
    go = min(best, afford)
    if w.strict and go < length - 0.005:
        if problem is not None and best <= afford:
            return _refuse(w, i, problem[0], problem[1], max(0.0, best))
        spent = m.cost + _segment_cost(w, u, length)
        return _refuse(
            w,
            i,
            "WC.MOVE.12",
            f"that costs {_cm(spent)} but the allowance is {_cm(m.allowance)}",
            max(0.0, afford),
        )
    m.cost += _segment_cost(w, u, go)
    m.translated = m.translated or go > 0.01
    m.rects = translate_group(m.rects, (u[0] * go, u[1] * go))
    start = m.path[-1]
    m.path.append((start[0] + u[0] * go, start[1] + u[1] * go))
    _note_passes(w, u, go)
    if go < length - 0.005:
        m.cut_short = True
        return False
    return True


def _longest_legal(w: _Walk, u: Vec, length: float) -> float:
    """The longest legal distance along ``u`` up to ``length`` (the test is monotone) [WC.GEOM.15]."""
    if _segment_problem(w, u, length) is None:
        return length
    lo, hi = 0.0, length
    for _ in range(30):
        mid = (lo + hi) / 2
        if _segment_problem(w, u, mid) is None:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 100) / 100


def _segment_problem(w: _Walk, u: Vec, t: float) -> tuple[str, str] | None:
    """What makes a translation of ``t`` cm along ``u`` illegal, as (rule, reason), or None."""
    m = w.move
    vec = (u[0] * t, u[1] * t)
    end = translate_group(m.rects, vec)
    area = _swept(w, vec)
    end_foot = unary_union([r.polygon() for r in end])
    if not w.world.table.buffer(EPS).contains(end_foot):
        return "WC.MOVE.15", "it would leave the table"
    if not w.barred.is_empty and overlaps(area, w.barred):
        return "WC.TERR.6", f"it would enter terrain this {w.world.category(w.unit).value} may not enter"
    flyer = w.world.category(w.unit) is Category.FLYERS
    if flyer:  # (F) flyers ignore all terrain [WC.TERR.13] [WC.FANTASY.8]
        return _unit_problem(w, area, end_foot, flyer=True)
    river = unary_union(list(w.world.areas(AreaKind.RIVER)))
    if not river.is_empty and overlaps(area, river) and not _may_cross(w):
        return "WC.TERR.8", "it must stop at the river's edge (it may cross next turn, starting at the bank)"
    if not river.is_empty and overlaps(end_foot, river):
        return "WC.TERR.8a", "it may not end in the river: it must reach the far bank"
    dense = unary_union(list(w.world.areas(AreaKind.DENSE)))
    if not dense.is_empty and w.world.profile(w.unit).type is not TroopType.SKIRMISH_INFANTRY:
        start_foot = unary_union([r.polygon() for r in m.rects])
        started_in = starts_in_dense(w.world, w.unit)
        if not started_in and not dense.buffer(EPS).contains(start_foot) and _wholly_in_before(w, u_dir(vec), t, dense):
            return "WC.TERR.5", "a unit entering dense terrain stops as soon as it is wholly inside"
    for burn in w.world.lines(LineKind.BANNOCK):
        if area.intersects(burn) and not unary_union([r.polygon() for r in m.rects]).intersects(burn):
            return "WC.SCN.10a", "it must stop at the Bannock Burn (cross it with a later order: 'cross')"
    return _unit_problem(w, area, end_foot, flyer=False)


def _unit_problem(w: _Walk, area: BaseGeometry, end_foot: BaseGeometry, *, flyer: bool) -> tuple[str, str] | None:
    """Friends in the way or under the end pose, enemies within 2 cm [WC.THROUGH.1] [WC.THROUGH.2]
    [WC.THROUGH.6] [WC.MOVE.11]."""
    for key, g in w.friends:
        if overlaps(area, g) and key not in w.plan.through and not flyer:  # (F) flyers fly over [WC.THROUGH.2]
            return "WC.THROUGH.1", f"friendly unit {key} is in the way (add 'through {key}' to pass through it)"
        if overlaps(end_foot, g):
            return "WC.THROUGH.6", f"it may not end on top of unit {key}"
    for key, g, d0 in w.enemies:
        d = distance(area, g)
        if d < min(2.0, d0) - EPS:
            return "WC.MOVE.11", f"it would come within 2 cm of enemy unit {key}"
    return None


def u_dir(vec: Vec) -> Vec:
    """The unit vector of a non-zero vector."""
    n = math.hypot(*vec)
    return (vec[0] / n, vec[1] / n) if n else (0.0, 0.0)


def _wholly_in_before(w: _Walk, u: Vec, t: float, dense: BaseGeometry) -> bool:
    """Is the unit wholly inside dense terrain at some point before ``t`` [WC.TERR.5]?"""
    grown = dense.buffer(EPS)
    steps = max(1, math.ceil(t / 0.25))
    for k in range(1, steps):
        d = t * k / steps
        if grown.contains(unary_union([r.moved(u[0] * d, u[1] * d).polygon() for r in w.move.rects])):
            return True
    return False


def _may_cross(w: _Walk) -> bool:
    """A unit that began its turn with a front-rank front edge within 1 cm of a river may cross it
    in its first order; the water is open ground [WC.TERR.8] [WC.TERR.8a]."""
    if w.unit.orders_received > 0:
        return False
    rivers = w.world.areas(AreaKind.RIVER)
    start = w.world.rects(w.unit)
    edges = [r.edge_line(Edge.FRONT) for r in start]
    return any(e.distance(rv) <= 1.0 for e in edges for rv in rivers)


def _on_road(w: _Walk, u: Vec, t: float) -> bool:
    """A regular column moving along a road: its RP path stays on the road and its front stand
    starts on it [WC.TERR.17] [WC.MOVE.8]."""
    if not w.world.is_column(w.unit) or w.world.roads.is_empty:
        return False
    start = w.move.path[-1]
    seg = LineString([start, (start[0] + u[0] * t, start[1] + u[1] * t)])
    return bool(w.world.roads.buffer(EPS).contains(seg))


def _swept(w: _Walk, vec: Vec) -> BaseGeometry:
    """The swept area, or the thin corridor for a half-pace single file or a road column
    [WC.GAP.1] [WC.GAP.2] [WC.GAP.4] [WC.GAP.5]."""
    m = w.move
    one_file = m.formation is Formation.COLUMN or len(m.rects) == 1
    half = half_pace_cm(w.world.category(w.unit))
    road = _on_road(w, u_dir(vec), math.hypot(*vec)) if math.hypot(*vec) > 0 else False
    thin = road or (one_file and half is not None and m.allowance <= half + EPS)
    if not thin:
        return swept_group(m.rects, vec)
    parts = [corridor([r.centre, (r.cx + vec[0], r.cy + vec[1])]) for r in m.rects]
    parts += [r.moved(*vec).polygon() for r in m.rects]
    return unary_union(parts)


def _affordable(w: _Walk, u: Vec, length: float) -> float:
    """How far along ``u`` the remaining allowance reaches [WC.MOVE.12]."""
    left = w.move.allowance - w.move.cost
    if left <= EPS:
        return 0.0
    if _segment_cost(w, u, length) <= left + EPS:
        return length
    lo, hi = 0.0, length
    for _ in range(30):
        mid = (lo + hi) / 2
        if _segment_cost(w, u, mid) <= left + EPS:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 100) / 100


def _segment_cost(w: _Walk, u: Vec, t: float) -> float:
    """Ground × terrain multiplier, contours climbed and obstacles crossed along a translation
    [WC.TERR.2] [WC.TERR.4] [WC.TERR.4a] [WC.TERR.9] [WC.TERR.10] [WC.MOVE.12]."""
    if t <= 0:
        return 0.0
    if w.world.category(w.unit) is Category.FLYERS:
        return t  # (F) flyers ignore all terrain: no poor going, contours or obstacles [WC.TERR.13]
    m = w.move
    world = w.world
    poor = None if _on_road(w, u, t) else _poor_polys(w)
    front = _front_rank(m)
    if poor is not None and not swept_group(front, (u[0] * t, u[1] * t)).intersects(poor):
        poor = None  # the front edges never touch poor going on this segment
    start = m.path[-1]
    seg = LineString([start, (start[0] + u[0] * t, start[1] + u[1] * t)])
    hilly = any(h.shape.boundary.intersects(seg) for h in world.hills)
    if poor is None and not hilly:
        cost = t
        n = 0
    else:
        n = max(1, math.ceil(t / COST_STEP))
        cost = 0.0
    level = world.level_at(start)
    for k in range(n):
        a, b = t * k / n, t * (k + 1) / n
        mid = (a + b) / 2
        mult = 1.0
        if poor is not None:
            moved = [r.moved(u[0] * mid, u[1] * mid) for r in front]
            if any(float(r.edge_line(Edge.FRONT).intersection(poor).length) > EPS for r in moved):
                mult = 2.0
        cost += (b - a) * mult
        if hilly:
            lv = world.level_at((start[0] + u[0] * b, start[1] + u[1] * b))
            if lv > level:
                cost += CONTOUR_COST * (lv - level)
            level = lv
    for t_line in world.state.lines:
        if t_line.kind in OBSTACLE_LINES and seg.crosses(LineString(t_line.path())):
            cost += 2 * OBSTACLE_COST if t_line.kind is LineKind.PELSTREAM else OBSTACLE_COST
    return cost


def _poor_polys(w: _Walk) -> BaseGeometry | None:
    """Poor going for this unit: (H) skirmishers ignore poor terrain and pay double in dense
    [WC.TERR.7] [WC.TERR.5a]."""
    p = w.world.profile(w.unit)
    kinds = (AreaKind.DENSE,) if p.type is TroopType.SKIRMISH_INFANTRY else POOR
    polys = w.world.areas(*kinds)
    return unary_union(list(polys)) if polys else None


def _front_rank(m: Move) -> tuple[Rect, ...]:
    """Front-rank stands: rank 1 of a regular grid (those whose front edge is foremost)
    [WC.GEOM.9]."""
    if not m.formation.regular:
        return m.rects
    f = direction(m.facing)
    top = max(r.cx * f[0] + r.cy * f[1] for r in m.rects)
    return tuple(r for r in m.rects if abs(r.cx * f[0] + r.cy * f[1] - top) < 0.05)


def _note_passes(w: _Walk, u: Vec, go: float) -> None:
    """Friends passed through (+5 cm each, unless skirmishers) [WC.THROUGH.1] [WC.THROUGH.5]."""
    m = w.move
    before = translate_group(m.rects, (-u[0] * go, -u[1] * go))
    swept = swept_group(before, (u[0] * go, u[1] * go))
    for key, g in w.friends:
        if key in w.plan.through and key not in m.passed and overlaps(swept, g):
            m.passed.append(key)
            if w.world.profile(w.unit).type is not TroopType.SKIRMISH_INFANTRY:
                m.cost += THROUGH_COST
    for key, z in w.zocs.items():
        if key not in w.start_zocs and overlaps(swept, z):
            w.entered.add(key)


def _rotate(w: _Walk, i: int, st: Step) -> bool:
    """A wheel about a front corner or a turn about the RP: free, not swept; only the new pose is
    checked [WC.GEOM.14] [WC.MOVE.6]."""
    m = w.move
    if st.kind is StepKind.FACE:
        delta = norm_angle(deg(st.angle) - m.facing)
    else:
        delta = st.angle / 100 if st.left else -st.angle / 100
    if st.kind is StepKind.WHEEL and m.formation.regular:
        new = wheel(m.rects, m.facing, left=st.left, degrees=abs(delta))
    elif m.formation.regular:
        new = rotate_group(m.rects, m.path[-1], delta)
    else:
        new = tuple(rotate_group((r,), r.centre, delta)[0] for r in m.rects)
    problem = _pose_problem(w, new)
    if problem is not None:
        if w.strict:
            return _refuse(w, i, problem[0], problem[1])
        m.cut_short = True
        return False
    m.rects = new
    m.facing = norm_angle(m.facing + delta)
    m.path.append(_rp(new, m.facing))
    return True


def _pose_problem(w: _Walk, rects: tuple[Rect, ...]) -> tuple[str, str] | None:
    """The legal-pose test for a pose reached without sweeping [WC.GEOM.15]."""
    foot = unary_union([r.polygon() for r in rects])
    if not w.world.table.buffer(EPS).contains(foot):
        return "WC.MOVE.15", "the new position is off the table"
    if not w.barred.is_empty and overlaps(foot, w.barred):
        return "WC.TERR.6", "the new position is in terrain this unit may not enter"
    for key, g in w.friends:
        if overlaps(foot, g):
            return "WC.GEOM.15", f"the new position overlaps unit {key}"
    for key, g, d0 in w.enemies:
        if distance(foot, g) < min(2.0, d0) - EPS:
            return "WC.MOVE.11", f"the new position is within 2 cm of enemy unit {key}"
    return None


def _form(w: _Walk, i: int, st: Step) -> bool:
    """Formation change: 10 cm; the anchor stand (the middle of the front rank, or its left or
    right end) stays put; never in an enemy ZOC [WC.FORM.9] [WC.FORM.12] [WC.ZOC.7] [WC.FORM.6]."""
    m = w.move
    foot = unary_union([r.polygon() for r in m.rects])
    in_zoc = [k for k, z in w.zocs.items() if overlaps(foot, z)]
    if in_zoc:
        return _refuse(
            w, i, "WC.ZOC.7", f"a unit in the zone of control of enemy unit {in_zoc[0]} may not change formation"
        )
    n = len(m.rects)
    target = st.formation or Formation.LINE
    legs = {Formation.REFUSED: 1, Formation.U: 2}.get(target, 0)
    files = n // 2 if target is Formation.HEDGEHOG else (1 if target is Formation.COLUMN else st.files)
    files = n - legs if legs else files
    if target is Formation.HEDGEHOG and w.world.category(w.unit) is not Category.INFANTRY:
        return _refuse(w, i, "WC.FORM.5", "only infantry may form a hedgehog")
    if target is Formation.HEDGEHOG and any(
        overlaps(foot, g) for g in w.world.areas(AreaKind.WOODS, AreaKind.MARSH, AreaKind.ROUGH, AreaKind.DENSE)
    ):
        return _refuse(w, i, "WC.TERR.15", "no hedgehog in poor or dense terrain [WC.FORM.5]")
    if not 1 <= files <= n:
        return _refuse(w, i, "WC.FORM.4", f"{files} files cannot be made from {n} stands (rank 1 must be complete)")
    if m.allowance - m.cost < FORMATION_COST - EPS:
        return _refuse(
            w, i, "WC.FORM.9", f"a formation change costs 10 cm and only {_cm(m.allowance - m.cost)} is left"
        )
    if target.refused and n < (3 if target is Formation.REFUSED else 4):
        return _refuse(w, i, "WC.FORM.7", f"{n} stands are too few for a refused flank")
    new_facing = deg(st.facing) if st.facing is not None else m.facing
    new = _form_rects(m, st, target, files, n, new_facing)
    problem = _pose_problem(w, new)
    if problem is not None:
        return _refuse(w, i, problem[0], problem[1]) if w.strict else False
    m.rects = new
    m.formation = target if target is not Formation.LINE or files > 1 or n == 1 else Formation.COLUMN
    m.files = files
    m.cost += FORMATION_COST
    m.facing = new_facing
    m.path.append(_rp(new, m.facing))
    return True


def _form_rects(m: Move, st: Step, target: Formation, files: int, n: int, facing: float) -> tuple[Rect, ...]:
    """The stands of the new formation around the anchor stand, which keeps its centre and only
    pivots [WC.FORM.9] [WC.FORM.13]; hedgehogs: 3 a triangle, 4 a square [WC.FORM.5], more two lines
    back to back [WC.FORM.6]; refused flank: an end stand back at 90°, U both [WC.FORM.7] [WC.FORM.8]."""
    width, depth = m.rects[0].width, m.rects[0].depth
    f0 = direction(m.facing)
    r0 = (f0[1], -f0[0])
    legs = {Formation.REFUSED: 1, Formation.U: 2}.get(target, 0)
    main = n - legs
    front_files = math.ceil(n / 2) if target is Formation.HEDGEHOG else (main if legs else files)
    rank1 = sorted(_front_rank(m), key=lambda q: q.cx * r0[0] + q.cy * r0[1])
    if st.target == "left":
        anchor, slot = rank1[0], 0
    elif st.target == "right":
        anchor, slot = rank1[-1], front_files - 1
    else:
        anchor, slot = rank1[(len(rank1) - 1) // 2], (front_files - 1) // 2
    if target is Formation.REFUSED:
        slot = 0 if st.target == "left" else front_files - 1
    pivot = Rect(anchor.cx, anchor.cy, facing, width, depth)
    f = direction(facing)
    r = (f[1], -f[0])
    mid = pivot.front_mid()
    off = (-front_files / 2 + 0.5 + slot) * width
    rp = (mid[0] - r[0] * off, mid[1] - r[1] * off)
    if target is Formation.HEDGEHOG and n in (3, 4):
        return ring_hedgehog(pivot, n)
    if target is Formation.HEDGEHOG:
        front = grid_rects(rp, facing, files=front_files, ranks=1, width=width, depth=depth)
        back_rp = (rp[0] - f[0] * 2 * depth, rp[1] - f[1] * 2 * depth)
        back = grid_rects(back_rp, norm_angle(facing + 180), files=n // 2, ranks=1, width=width, depth=depth)
        return front + back
    if not legs:
        return grid_rects(rp, facing, files=files, ranks=math.ceil(n / files), width=width, depth=depth, stands=n)
    line = grid_rects(rp, facing, files=main, ranks=1, width=width, depth=depth)
    k = bounding_rect(line, facing).corners()
    left_leg = Rect(
        k.fl[0] - r[0] * depth / 2 - f[0] * width / 2,
        k.fl[1] - r[1] * depth / 2 - f[1] * width / 2,
        norm_angle(facing + 90),
        width,
        depth,
    )
    right_leg = Rect(
        k.fr[0] + r[0] * depth / 2 - f[0] * width / 2,
        k.fr[1] + r[1] * depth / 2 - f[1] * width / 2,
        norm_angle(facing - 90),
        width,
        depth,
    )
    if target is Formation.U:
        return line + (left_leg, right_leg)
    return line + ((left_leg,) if st.target == "left" else (right_leg,))


def _cross(w: _Walk, i: int) -> bool:
    """(SCN) Cross the Bannock Burn from its bank: placed wholly across, touching the far bank;
    uses the whole allowance and disorders [WC.SCN.10a]."""
    m = w.move
    burns = w.world.lines(LineKind.BANNOCK)
    foot = unary_union([r.polygon() for r in m.rects])
    near = [b for b in burns if distance(foot, b) <= 1.0]
    if not near or i != 0:
        return _refuse(w, i, "WC.SCN.10a", "a unit crosses the Bannock Burn with a whole order, starting at its bank")
    f = direction(m.facing)

    def on_burn(d: float) -> bool:
        return bool(unary_union([r.moved(f[0] * d, f[1] * d).polygon() for r in m.rects]).intersects(near[0]))

    lo = 0.0
    while lo < 1.0 and not on_burn(lo):  # up to the burn from a bank up to 1 cm short of it
        lo += 0.25
    if not on_burn(lo):
        return _refuse(w, i, "WC.SCN.10a", "the Bannock Burn is not straight ahead: turn to face it first")
    lo = max(lo, 0.25)
    while lo < 60.0 and on_burn(lo):  # then on until wholly across
        lo += 0.25
    new = translate_group(m.rects, (f[0] * lo, f[1] * lo))
    problem = _pose_problem(w, new)
    if problem is not None:
        return _refuse(w, i, problem[0], problem[1])
    m.rects = new
    start = m.path[-1]
    m.path.append((start[0] + f[0] * lo, start[1] + f[1] * lo))
    m.cost = m.allowance
    m.disordered = True
    return True


def _check_zoc_end(w: _Walk) -> None:
    """A unit that entered an enemy ZOC must end in it; one that started in one must leave it
    [WC.ZOC.4] [WC.ZOC.5]."""
    m = w.move
    foot = unary_union([r.polygon() for r in m.rects])
    for key in sorted(w.entered):
        if not overlaps(foot, w.zocs[key]):
            if w.strict:
                _refuse(
                    w,
                    len(w.plan.steps) - 1,
                    "WC.ZOC.4",
                    f"it enters the zone of control of enemy unit {key} and must stop in it",
                )
            return
    for key in sorted(w.start_zocs):
        if overlaps(foot, w.zocs[key]) and _translated(m):
            if w.strict:
                _refuse(
                    w,
                    len(w.plan.steps) - 1,
                    "WC.ZOC.5",
                    f"it starts in the zone of control of enemy unit {key}: "
                    "it may only leave it (or charge, in part 2)",
                )
            return


def _translated(m: Move) -> bool:
    return any(math.hypot(b[0] - a[0], b[1] - a[1]) > 0.01 for a, b in zip(m.path, m.path[1:], strict=False))

