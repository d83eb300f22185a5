"""Charge orders in the order language and carrying out a charge [WC.CHARGE]::

    unit SC_KN1 charge unit EN_PK2        # a voluntary charge: needs Carry On or Rally with Elan
    unit SC_KN1 charge unit EN_PK2 form column

Standing orders for melee (``standing pursue ask``, ``standing reform face_threat``) go through
:mod:`.standing` [WC.PD.27] [WC.PD.30].

Charges are checked at submission with the geometry of [WC.CHARGE.12]–[WC.CHARGE.16] and refused
with the rule and the reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from campaign.kit.reader import Cursor, LineError
from campaign.ruleset import DiceSource

from .charges import Charge, charge_problem
from .command import Result
from .model import Formation, Leader, State, Trace, Unit
from .world import World

if TYPE_CHECKING:
    from .ordertypes import Context, Order

__all__ = [
    "compulsory_charge",
    "charge_order",
    "charge_result",
    "read_charge",
    "try_charge",
]


def read_charge(c: Cursor, ctx: Context, uid: str, leader: str) -> Order:
    """``unit ID charge [unit] TARGET`` [WC.CHARGE.2]."""
    from .ordertypes import Order

    c.accept("unit")
    enemies = {u.id.lower(): u.id for u in ctx.state.units if u.side != ctx.side}
    target = c.choice("an enemy unit to charge", enemies, "WC.CHARGE.12")
    data: dict[str, Any] = {"leader": leader, "unit": uid, "steps": [], "through": [], "charge": target}
    text = f"unit {uid} charge unit {target}"
    if c.accept("form"):
        shape = c.choice("line or column", {"line": "line", "column": "column"}, "WC.CHARGE.6")
        files = c.integer("the number of files", low=1, high=12) if shape == "line" else 1
        data["form"] = [shape, files]
        text += f" form {shape}" + (f" {files}" if shape == "line" else "")
    if c.more():
        w = c.next("end of line")
        raise LineError(f"expected 'form line N' or 'form column' or nothing, found {w.text!r}", w.column)
    return Order("order", data, text)


FORM_COST_CM = 10
"""A formation change before a charge costs 10 cm of the charge allowance [WC.CHARGE.6]."""


def planned_charge(state: State, data: dict[str, Any]) -> tuple[State, Charge | tuple[str, str]]:
    """The charge an order asks for, after its formation change if any: the change keeps the
    facing and costs 10 cm [WC.CHARGE.6] [WC.CHARGE.14]; the infantry-against-horse distance is
    judged from where the unit started [WC.CHARGE.5]."""
    unit, target = state.unit(data["unit"]), state.unit(data["charge"])
    world = World(state)
    if not data.get("form"):
        return state, charge_problem(world, unit, target)
    if not unit.formation.regular:
        return state, ("WC.CHARGE.1", "only a unit in regular formation (line or column) may charge")
    from .movement import carry_out
    from .plans import Plan, Step, StepKind
    from .troops import full_pace_cm

    shape, files = data["form"]
    formation = Formation.LINE if shape == "line" else Formation.COLUMN
    step = Step(StepKind.FORM, formation=formation, files=files if shape == "line" else 0)
    move = carry_out(world, unit, Plan(unit.id, (step,), ()), strict=True)
    if move.refusal is not None:
        return state, (move.refusal.rule, move.refusal.text())
    gap = world.foot(unit).distance(world.foot(target))
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, move.rects, strict=True))
    formed = replace(unit, stands=stands, formation=move.formation, files=move.files)
    state = state.with_unit(formed)
    allow = float(full_pace_cm(world.category(unit)) - FORM_COST_CM)
    return state, charge_problem(World(state), formed, target, allowance=allow, start_gap=gap)


def try_charge(sim: State, data: dict[str, Any]) -> tuple[State, tuple[str, str] | None]:
    """Check a charge at submission as if the roll were Carry On [WC.CHARGE.12]."""
    after, c = planned_charge(sim, data)
    if not isinstance(c, Charge):
        return sim, (c[0], f"unit {data['unit']} cannot charge unit {data['charge']}: {c[1]}")
    return place_charge(after, c), None


def place_charge(state: State, c: Charge, lines: list[str] | None = None, dice: DiceSource | None = None) -> State:
    """Placement at the aligned pose, contact effects and the record for bonuses [WC.CHARGE.17]
    steps 5–8: a flank or rear contact disorders the target [WC.DISORDER.4] (hedgehogs, skirmishers
    and war wagons have no flanks [WC.HEDGEHOG.3] [WC.FLANK.8]); each friend charged through is
    disordered and may not move this turn [WC.CHARGE.9], and with dice the charger and each friend
    take the pass-through test, +1 for the charger [WC.CHARGE.8] [WC.THROUGH.3]."""
    from .disorder import Cause, disorder, through_tests
    from .flanks import has_flanks

    unit, target = state.unit(c.unit), state.unit(c.target)
    start = World(state).bound(unit).centre
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, c.rects, strict=True))
    moved = replace(unit, stands=stands, moved=True, charged=target.id, contact_edge=c.edge.value)
    state = state.with_unit(moved)
    end = World(state).bound(moved).front_mid()
    pts = ((round(start[0] * 100), round(start[1] * 100)), (round(end[0] * 100), round(end[1] * 100)))
    state = replace(state, traces=(*state.traces, Trace(unit.id, unit.side, pts, charge=True)))
    if c.edge.is_flank_or_rear and has_flanks(World(state), target):
        state = disorder(state, target.id, Cause.FLANK_REAR_CONTACT, lines)
        state = state.with_unit(replace(state.unit(target.id), flank_charged=True))
    for fid in c.through:
        if dice is not None:
            state = through_tests(state, unit.id, fid, lines if lines is not None else [], dice, compulsory=True)
        state = disorder(state, fid, Cause.CHARGED_THROUGH, lines)
        state = state.with_unit(replace(state.unit(fid), frozen=True))
    return state


def compulsory_charge(
    state: State, uid: str, target: str, lines: list[str] | None = None, dice: DiceSource | None = None
) -> tuple[State, Charge | tuple[str, str]]:
    """A compulsory charge (reaction result, impetuous units): no order and no restriction, and it
    may go through friendly units [WC.CHARGE.2] [WC.CHARGE.8] [WC.CHARGE.9]. For the Reaction Test
    Phase (§27)."""
    c = charge_problem(World(state), state.unit(uid), state.unit(target), compulsory=True)
    if not isinstance(c, Charge):
        return state, c
    return place_charge(state, c, lines, dice), c


def charge_result(state: State, data: dict[str, Any], dice: DiceSource | None, lines: list[str]) -> State:
    """Carry out a charge: checked again on the table as it now is [WC.CHARGE.12], placed, then
    fired at by the target and its supporters with the charger at contact (and its start)
    [WC.CHARGE.17] step 3 [WC.SHOOT.26]–[WC.SHOOT.33].
    Then the charger's disorder test before contact, for terrain crossed or (pikes) any charge
    (step 4) [WC.TERR.11] [WC.PIKE.8] [WC.PIKE.13]. A voluntary charge never passes through a
    friendly unit: a friend in the way refuses it [WC.THROUGH.7] [WC.CHARGE.15].
    TODO(WC.CHARGE.17): the evade decision (step 2, §40)."""
    unit, target = state.unit(data["unit"]), state.unit(data["charge"])
    after, c = planned_charge(state, data)
    if not isinstance(c, Charge):
        lines.append(f"Unit {unit.id} cannot charge unit {target.id}: {c[1]} [{c[0]}].")
        return state
    lines.append(
        f"Unit {unit.id} ({unit.name}) charges unit {target.id} ({target.name}) in the {c.edge.value}, "
        f"{c.reach:.1f} cm, {c.flush} stand(s) flush."
    )
    before = state
    state = place_charge(after, c, lines, dice)
    if dice is not None:
        from .volley import charge_fire

        from .charge_terrain import charge_terrain_test

        state = charge_fire(state, unit.id, target.id, dice, lines, before=before)
        state = charge_terrain_test(state, after.unit(unit.id), c.rects, dice, lines)
    return state


def charge_order(
    state: State, leader: Leader, unit: Unit, data: dict[str, Any], result: Result, dice: DiceSource, lines: list[str]
) -> State | None:
    """A charge order after its roll: a charge on Carry On or Rally with Elan (which first rallies
    the unit), after which the unit takes no more orders; any other result is played as for a move
    order that stays put [WC.CHARGE.2] [WC.CMD.17] [WC.DISORDER.11]: None, and the turn plays that result."""
    from .rout import rallied

    if result in (Result.CARRY_ON, Result.RALLY_WITH_ELAN):
        if result is Result.RALLY_WITH_ELAN:
            state = state.with_unit(replace(unit, condition=rallied(unit.condition)))
        state = charge_result(state, data, dice, lines)
        return state.with_unit(replace(state.unit(unit.id), closed=True))
    lines.append(f"Unit {unit.id} ({unit.name}) may not charge on this result [WC.CHARGE.2].")
    return None
