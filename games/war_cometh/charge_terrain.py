"""The disorder test a charger takes before contact [WC.CHARGE.17] step 4.

A charge into contact across poor terrain, across a linear obstacle or up a hill moves its full
distance and pays none of the movement penalties (the reach test of
:func:`games.war_cometh.charges.charge_problem` measures straight-line distance only), but the
charger tests for disorder before contact [WC.TERR.11] [WC.DISORDER.3]. A pike unit instead takes
its one pike charge test whatever the ground, +1 when the charge crosses such terrain
[WC.PIKE.8] [WC.PIKE.13].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from shapely.geometry import LineString
from shapely.ops import unary_union

from campaign.ruleset import DiceSource
from campaign.table import Rect, overlaps
from campaign.table.formation import bounding_rect, reference_point

from .disorder import Cause, disorder_test
from .model import Condition, State, Unit
from .pikes import charge_disorder_test, is_pike
from .troops import Category, TroopType
from .world import OBSTACLE_LINES, POOR, World

__all__ = ["charge_crossings", "charge_terrain_test"]

LEVEL_STEP_CM = 0.5
"""How finely the reference point's path is sampled for contours climbed."""


def charge_crossings(world: World, before: Unit, rects: Sequence[Rect]) -> tuple[str, ...]:
    """What a charge from ``before``'s pose to the contact pose ``rects`` crosses that would cost
    an ordinary move: ``poor terrain`` (the area swept by the footprint touches woods, marsh or
    rough; (H) skirmishers ignore it [WC.TERR.7]), ``a linear obstacle`` (the reference point's path
    crosses one [WC.TERR.10]) and ``a hill`` (the ground rises along that path [WC.TERR.9]); flyers
    cross nothing [WC.TERR.13]."""
    if world.category(before) is Category.FLYERS:
        return ()
    start = world.rects(before)
    a = reference_point(bounding_rect(start, start[0].facing))
    b = reference_point(bounding_rect(tuple(rects), rects[0].facing))
    path = LineString([a, b])
    lane = unary_union([r.polygon() for r in (*start, *rects)]).convex_hull
    out = []
    poor = () if world.profile(before).type is TroopType.SKIRMISH_INFANTRY else world.areas(*POOR)
    if any(overlaps(lane, p) for p in poor):
        out.append("poor terrain")
    if any(path.crosses(line) for line in world.lines(*OBSTACLE_LINES)):
        out.append("a linear obstacle")
    n = max(1, int(path.length / LEVEL_STEP_CM))
    levels = [world.level_at((a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)) for k in range(n + 1)]
    if any(y > x for x, y in zip(levels, levels[1:], strict=False)):
        out.append("a hill")
    return tuple(out)


def charge_terrain_test(
    state: State, before: Unit, rects: Sequence[Rect], dice: DiceSource, lines: list[str]
) -> State:
    """The charger's test before contact, if it is still in good order: a pike unit always takes
    its pike charge test (+1 for crossings) [WC.PIKE.8] [WC.PIKE.13]; any other unit tests only
    when :func:`charge_crossings` finds something [WC.TERR.11] [WC.DISORDER.3]."""
    unit = state.unit(before.id)
    if unit.condition is not Condition.GOOD:
        return state
    world = World(state)
    crossed = charge_crossings(world, before, rects)
    p = world.profile(unit)
    if is_pike(p):
        historical = state.variant == "historical"
        die = dice.roll(6, f"disorder: pike unit {unit.id} charges (1D6)")
        t = charge_disorder_test(
            die, p, rough_crossing=bool(crossed), historical=historical, elite_pike_profile=p.name.startswith("Elite")
        )
        verdict = "disordered" if t.disordered else "keeps its order"
        lines.append(f"Pike unit {unit.id} charges: {die}, total {t.modified}: {verdict} [WC.PIKE.8].")
        return state.with_unit(replace(unit, condition=Condition.DISORDERED)) if t.disordered else state
    if not crossed:
        return state
    lines.append(f"Unit {unit.id} charges across {' and '.join(crossed)} [WC.TERR.11].")
    return disorder_test(state, unit.id, Cause.CHARGE_TERRAIN, lines, dice=dice)
