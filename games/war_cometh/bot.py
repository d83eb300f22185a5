"""A computer player for part 1: it keeps its line and closes on the enemy, every order going
through the same checks as a player's."""

from __future__ import annotations

from .checks import check_orders
from .model import Phase, State
from .orders import read_orders
from .world import World

__all__ = ["bot_orders"]


def bot_orders(state: State, side: str, seed: int) -> str:
    """Each unit in turn, from the Marshal: forward as far as is legal (tries 10, 5, 2 cm)."""
    if state.phase is not Phase.MOVEMENT:
        return "done"
    world = World(state)
    marshal = next((g.id for g in state.leaders if g.side == side and g.role.value == "marshal" and not g.lost), "")
    if not marshal:
        return "done"
    lines = [f"commander {marshal}"]
    for u in sorted(world.on_table(), key=lambda u: u.id):
        if u.side != side:
            continue
        for d in (10, 5, 2):
            trial = "\n".join([*lines, f"unit {u.id} forward {d}"])
            orders, errors = read_orders(state, side, trial)
            if not errors and not check_orders(state, side, orders):
                lines.append(f"unit {u.id} forward {d}")
                break
    return "\n".join(lines) if len(lines) > 1 else "done"
