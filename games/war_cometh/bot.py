"""A computer player: it charges when a charge looks good, otherwise turns to face and closes on
the nearest enemy, every order going through the same checks as a player's."""

from __future__ import annotations

import math

from campaign.table.frame import norm_angle

from .checks import try_order
from .fireorders import bot_fire
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
    charges = _charges(world, unit)
    if charges:
        return charges
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


def _charges(world: World, unit: Unit) -> list[str]:
    """Charges worth making, best first: into a flank or rear, at a disordered unit, or at one no
    bigger than us; never horse into the front of good-order pikes [WC.CHARGE] [WC.MELEE.8]."""
    from .charges import Charge, charge_problem
    from .model import Condition
    from .troops import TroopType

    scored = []
    horse = world.profile(unit).type.is_cavalry
    for e in world.enemies(unit.side):
        c = charge_problem(world, unit, e)
        if not isinstance(c, Charge):
            continue
        pikes = world.profile(e).type is TroopType.PIKES and e.condition is Condition.GOOD
        if horse and pikes and not c.edge.is_flank_or_rear:
            continue
        score = 3 * c.edge.is_flank_or_rear + 2 * (e.condition is not Condition.GOOD) + c.flush
        score += len(unit.stands) - len(e.stands)
        if score > 0:
            scored.append((-score, e.id))
    return [f"charge unit {eid}" for _, eid in sorted(scored)]


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
    fire, stay = bot_fire(state, side)
    lines = [*fire, f"commander {marshal}"]
    sim = state
    by: dict[str, str] = {}
    for u in sorted(world.on_table(), key=lambda u: u.id):
        if u.side != side or u.id in stay:
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
    return "\n".join(lines) if len(lines) > 1 + len(fire) or fire else "done"
