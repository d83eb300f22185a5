"""Dismounting cavalry [WC.DISMOUNT.1]–[WC.DISMOUNT.6]."""

from __future__ import annotations

import re
from dataclasses import replace

from .command import Result
from .model import Condition, State, Unit
from .troops import Profile, TroopType
from .world import World

__all__ = [
    "DISMOUNT_ENEMY_CM",
    "dismount",
    "dismount_order",
    "dismount_problem",
    "dismounts_to",
    "result_dismounts",
]

DISMOUNT_ENEMY_CM = 30.0
"""No enemy unit within 30 cm [WC.DISMOUNT.1]."""


def dismounts_to(p: Profile, profiles: dict[str, Profile]) -> Profile | None:
    """The list's dismounted version of a mounted profile [WC.DISMOUNT.4]: ``…_mtd`` becomes
    ``…_dmtd``; with an armor suffix the dismounted troops are one level better
    (``knights_mtd_a5`` -> ``knights_dmtd_a4``) [WC.TROOPGEN.6]."""
    if "_mtd" not in p.id:
        return None
    twin = p.id.replace("_mtd", "_dmtd")
    if twin in profiles:
        return profiles[twin]
    m = re.match(r"(.*)_a(\d)$", twin)
    if m:
        better = f"{m.group(1)}_a{int(m.group(2)) - 1}"
        return profiles.get(better)
    return None


def dismount_problem(world: World, unit: Unit) -> tuple[str, str] | None:
    """Why a unit may not dismount, or None [WC.DISMOUNT.1] [WC.DISMOUNT.5] [WC.DISMOUNT.6]."""
    p = world.profile(unit)
    side = world.state.side(unit.side)
    english = "engl" in f"{side.key} {side.name}".lower()
    if "WC.SCN.5" in world.state.special and p.type is TroopType.MOUNTED_KNIGHTS and english:
        return ("WC.DISMOUNT.6", "English knights may not dismount at Bannockburn")
    if unit.dismounted or not p.type.is_cavalry:
        return ("WC.DISMOUNT.5", f"unit {unit.id} is not mounted (dismounted units never remount)")
    if dismounts_to(p, world.profiles) is None:
        return ("WC.DISMOUNT.4", f"the list has no dismounted version of {p.name}")
    near = world.nearest_enemy_distance(unit)
    if near <= DISMOUNT_ENEMY_CM:
        return ("WC.DISMOUNT.1", f"an enemy unit is {near:.1f} cm away: dismounting needs none within 30 cm")
    return None


def result_dismounts(result: Result, condition: Condition) -> bool:
    """The Command Table result a dismount needs [WC.DISMOUNT.1] [WC.DISMOUNT.2]: Carry On in good
    order; a rally result (Rally with Elan, Cautious Advance, Rally & Stand) when disordered."""
    if condition is Condition.GOOD:
        return result is Result.CARRY_ON
    return result in (Result.RALLY_WITH_ELAN, Result.CAUTIOUS_ADVANCE, Result.RALLY_AND_STAND)


def dismount(state: State, uid: str) -> State:
    """Replace every stand by the dismounted profile in its grid slot, keeping its front edge;
    depth changes to the new stand's [WC.DISMOUNT.4]; irregular knights are no longer impetuous
    (the ``dismounted`` flag) [WC.DISMOUNT.3]; losses and points are unchanged."""
    world = World(state)
    unit = state.unit(uid)
    stands = []
    for s in unit.stands:
        old = world.profiles[s.profile]
        new = dismounts_to(old, world.profiles)
        if new is None:
            return state
        r = s.pose.rect(old.width, old.depth)
        shift = (old.depth - new.depth) / 200.0
        f = r.f
        pose = r.moved(f[0] * shift, f[1] * shift).pose()
        stands.append(replace(s, profile=new.id, pose=pose))
    return state.with_unit(replace(unit, stands=tuple(stands), dismounted=True))


def dismount_order(state: State, unit: Unit, result: Result, narrative: list[str]) -> State:
    """An order to dismount that got the result it needs: the unit dismounts (a disordered one
    rallies as the result says) and moves no further; a good-order unit with Carry On may take
    further orders [WC.DISMOUNT.2] [WC.DISMOUNT.4] [WC.CMD.15]."""
    if unit.condition is not Condition.GOOD:
        from .rout import rallied

        state = state.with_unit(replace(unit, condition=rallied(unit.condition)))
    state = dismount(state, unit.id)
    narrative.append(f"Unit {unit.id} ({unit.name}) dismounts [WC.DISMOUNT.1].")
    if result is not Result.CARRY_ON:
        state = state.with_unit(replace(state.unit(unit.id), closed=True))
    return state
