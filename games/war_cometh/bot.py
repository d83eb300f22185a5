"""A computer player for part 1: it turns to face and closes on the nearest enemy, every order
going through the same checks as a player's."""

from __future__ import annotations

import math

from campaign.table.frame import norm_angle

from .checks import try_order
from .model import Phase, State, Unit
from .orders import read_orders
from .world import World

__all__ = ["bot_orders"]


def _candidates(world: World, unit: Unit) -> list[str]:
    """Order steps worth trying for one unit, best first: turn towards the nearest enemy if it is
    off to a side, close on it if it is near, else advance."""
    enemies = world.enemies(unit.side)
    if not enemies:
        return ["forward 10", "forward 5"]
    mine = world.foot(unit)
    target = min(enemies, key=lambda e: (mine.distance(world.foot(e)), e.id))
    b, t = world.bound(unit), world.bound(target)
    bearing = math.degrees(math.atan2(t.cy - b.cy, t.cx - b.cx))
    diff = norm_angle(bearing - unit.facing)
    out: list[str] = []
    if abs(diff) > 30:
        side = "left" if diff > 0 else "right"
        turn = min(45, round(abs(diff)))
        out += [f"wheel {side} {turn} then forward 5", f"wheel {side} {turn}"]
    out += [f"close on unit {target.id}", "forward 10", "forward 5", "forward 2"]
    return out


def bot_orders(state: State, side: str, seed: int) -> str:
    """Each unit in turn, from the Marshal, turning to face and closing on the nearest enemy (or
    advancing), every order tried on the table the earlier ones leave. ``seed`` is unused: the
    bot is deterministic."""
    if state.phase is not Phase.MOVEMENT:
        return "done"
    world = World(state)
    marshal = next((g.id for g in state.leaders if g.side == side and g.role.value == "marshal" and not g.lost), "")
    if not marshal:
        return "done"
    lines = [f"commander {marshal}"]
    sim = state
    by: dict[str, str] = {}
    for u in sorted(world.on_table(), key=lambda u: u.id):
        if u.side != side:
            continue
        for plan in _candidates(World(sim), sim.unit(u.id)):
            line = f"unit {u.id} {plan}"
            orders, errors = read_orders(sim, side, line)
            if errors:
                continue
            trial, problem = try_order(sim, orders[0][1].data, dict(by))
            if problem is None:
                lines.append(line)
                sim = trial
                by.setdefault(u.id, marshal)
                by[f"last:{marshal}"] = u.id
                break
    return "\n".join(lines) if len(lines) > 1 else "done"
