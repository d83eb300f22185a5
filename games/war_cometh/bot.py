"""A computer player for part 1: it keeps its line and closes on the enemy, every order going
through the same checks as a player's."""

from __future__ import annotations

from .checks import try_order
from .model import Phase, State
from .orders import read_orders
from .world import World

__all__ = ["bot_orders"]


def bot_orders(state: State, side: str, seed: int) -> str:
    """Each unit in turn, from the Marshal: forward as far as is legal (tries 10, 5, 2 cm), each
    order tried on the table the earlier ones leave."""
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
        for d in (10, 5, 2):
            line = f"unit {u.id} forward {d}"
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
