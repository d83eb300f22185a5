"""Reforming after melee: a good-order unit that fought may turn to face a threat about one of
its stands, at no cost and with no order [WC.REFORM.1]–[WC.REFORM.6] [WC.PD.30]."""

from __future__ import annotations

import math
from dataclasses import replace

from campaign.table import Zone, in_contact, overlaps, rotate_group, zone_of
from campaign.table.frame import norm_angle

from .model import Condition, State, Unit
from .world import World

__all__ = ["THREAT_CM", "face_threat"]

THREAT_CM = 30.0
"""``reform: face_threat`` looks for enemies within 30 cm [WC.REFORM.6]."""


def face_threat(state: State, unit: Unit) -> tuple[State, str]:
    """Turn to face the nearest enemy whose centre is in the unit's flank or rear zone within
    30 cm, pivoting about the stand nearest it [WC.REFORM.2] [WC.REFORM.6]; refused (no change)
    if the new position overlaps anything, leaves the table, or comes into contact or within 2 cm
    of an enemy it was not already that close to [WC.REFORM.3]. Returns the state and a line."""
    if unit.condition is not Condition.GOOD:
        return state, ""
    world = World(state)
    b = world.bound(unit)
    mine = world.foot(unit)
    near = []
    for e in world.enemies(unit.side):
        eb = world.bound(e)
        d = mine.distance(world.foot(e))
        if d <= THREAT_CM and zone_of(b, eb.centre) in (Zone.LEFT, Zone.RIGHT, Zone.REAR):
            near.append((d, e.id, eb.centre))
    if not near:
        return state, ""
    _, eid, (ex, ey) = min(near)
    rects = world.rects(unit)
    pivot = min(rects, key=lambda r: math.hypot(r.cx - ex, r.cy - ey))
    want = math.degrees(math.atan2(ey - pivot.cy, ex - pivot.cx))
    turned = rotate_group(rects, pivot.centre, norm_angle(want - unit.facing))
    feet = [r.polygon() for r in turned]
    others = [world.foot(o) for o in world.on_table() if o.id != unit.id]
    if any(overlaps(p, o) for p in feet for o in others):
        return state, ""
    if any(not world.table.contains(p) for p in feet):
        return state, ""
    for e in world.enemies(unit.side):
        before = mine.distance(world.foot(e))
        if any(in_contact(p, world.foot(e)) or p.distance(world.foot(e)) < min(2.0, before) - 1e-6 for p in feet):
            return state, ""
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, turned, strict=True))
    return state.with_unit(replace(unit, stands=stands)), f"Unit {unit.id} reforms to face unit {eid}."
