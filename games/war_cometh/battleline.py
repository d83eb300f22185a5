"""(H) Battlelines: one order for a group of at least three units near each other
[WC.BATTLELINE.1]–[WC.BATTLELINE.10].

``battleline A B C forward 10`` gives every unit the same plan; one 2D6 roll with the battleline
modifiers decides a single Good Order result for all of them.
"""

from __future__ import annotations

from .command import Modifiers, battleline_problems
from .model import Condition, Formation, State
from .troops import Category, TroopType
from .world import World

__all__ = ["battleline_check", "battleline_modifiers"]

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
