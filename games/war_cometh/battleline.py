"""(H) Battlelines: one order for a group of at least three units near each other
[WC.BATTLELINE.1]–[WC.BATTLELINE.10].

``battleline A B C forward 10`` gives every unit the same plan; one 2D6 roll with the battleline
modifiers decides a single Good Order result for all of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from campaign.ruleset import DiceSource

from .command import Modifiers, Result, battleline_problems, modified_rating, roll_result
from .model import Condition, Formation, State
from .troops import Category, TroopType
from .world import World

__all__ = ["battleline_check", "resolve_battleline"]

NEAR_CM = 4.0
"""Each unit of a battleline is within 4 cm of another [WC.BATTLELINE.1]."""


def battleline_check(state: State, leader_id: str, units: list[str]) -> tuple[str, ...]:
    """Why these units cannot take a battleline order from this leader now (empty if they can)."""
    world = World(state)
    leader = state.leader(leader_id)
    near: dict[tuple[str, str], bool] = {}
    for i, a in enumerate(units):
        for b in units[i + 1 :]:
            near[(a, b)] = world.foot(state.unit(a)).distance(world.foot(state.unit(b))) <= NEAR_CM + 1e-6
    army = sum(1 for u in world.on_table() if u.side == leader.side)
    barred = [
        uid
        for uid in units
        if state.unit(uid).condition is not Condition.GOOD
        or world.profile(state.unit(uid)).type is TroopType.SKIRMISH_INFANTRY
        and state.unit(uid).formation is not Formation.COLUMN
    ]
    out = list(battleline_problems(units, near, army, barred, leader.role, leader.attached_to))
    if leader.ability.value == "replacement":
        out.append("a replacement leader cannot attach, so gives no battleline orders [WC.LEADER.12a]")
    return tuple(out)


def battleline_modifiers(state: State, units: list[str]) -> Modifiers:
    """Only 2nd Order, Enemy within 30 and Enemy >= 60 count; no attached +2 [WC.BATTLELINE.6]."""
    world = World(state)
    near = [world.nearest_enemy_distance(state.unit(u)) for u in units]
    return Modifiers(
        battleline=True,
        second_order=any(state.unit(u).orders_received > 0 for u in units),
        artillery=any(world.category(state.unit(u)) is Category.ARTILLERY for u in units),
        enemy_within_30=any(d <= 30.0 for d in near),
        enemy_all_60_plus=all(d >= 60.0 for d in near),
    )


def resolve_battleline(
    state: State, data: dict[str, Any], dice: DiceSource, narrative: list[str], ctx: dict[str, Any]
) -> State:
    """One battleline order: one roll, the same result for every unit; anything but Carry On
    closes them all; each unit then makes its move in turn [WC.BATTLELINE.7] [WC.BATTLELINE.8]
    [WC.BATTLELINE.9]."""
    from .turn import apply_unit_result, close_run, plan_of

    leader = state.leader(data["leader"])
    units = list(data["units"])
    who = f"{leader.name} orders battleline {' '.join(units)}"
    if leader.confused or leader.lost:
        narrative.append(f"{who}: no order, {leader.name} is confused [WC.CMD.15].")
        return state
    problems = battleline_check(state, leader.id, units)
    if problems:
        narrative.append(f"{who}: no order, {problems[0]}")
        return state
    state = close_run(state, ctx, leader.id, tuple(units))
    rating = modified_rating(leader.rating, battleline_modifiers(state, units))
    d1 = dice.roll(6, f"command: {who} (2D6, first die)")
    d2 = dice.roll(6, f"command: {who} (2D6, second die)")
    value, result = roll_result(rating, (d1, d2), disordered=False)
    narrative.append(f"{who}: rating {rating}, rolled {d1}+{d2}, result {value:+d}: {result.value.replace('-', ' ')}.")
    for uid in units:
        unit = replace(state.unit(uid), orders_received=state.unit(uid).orders_received + 1, ordered_by=leader.id)
        state = state.with_unit(unit)
        plan = replace(plan_of({**data, "unit": uid}), unit=uid)
        state = apply_unit_result(state, leader, unit, plan, result, dice, narrative)
        if result is not Result.CARRY_ON:
            state = state.with_unit(replace(state.unit(uid), closed=True))
    return state
