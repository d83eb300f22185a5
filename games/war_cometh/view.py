"""The battle as JSON data and as plain text for a mail."""

from __future__ import annotations

from typing import Any

from campaign.table.frame import cm

from .model import State
from .world import World

__all__ = ["render_text", "view"]


def view(state: State) -> dict[str, Any]:
    """Units, leaders and the phase as JSON-able data (integers in hundredths of a cm)."""
    world = World(state)
    units = []
    for u in state.units:
        b = world.bound(u)
        rp = b.front_mid()
        units.append(
            {
                "id": u.id,
                "side": u.side,
                "name": u.name,
                "stands": len(u.stands),
                "lost": u.lost,
                "formation": u.formation.value,
                "files": u.files,
                "condition": u.condition.value,
                "rp": [round(rp[0] * 100), round(rp[1] * 100)],
                "facing": u.stands[0].pose.facing,
                "on_table": u.on_table,
            }
        )
    leaders = [
        {
            "id": g.id,
            "side": g.side,
            "name": g.name,
            "role": g.role.value,
            "at": [g.x, g.y],
            "attached": g.attached_to,
            "lost": g.lost,
        }
        for g in state.leaders
    ]
    return {
        "phase": state.phase.value,
        "active": state.active,
        "player_turn": state.player_turn,
        "units": units,
        "leaders": leaders,
        "winner": state.winner,
    }


def render_text(state: State) -> str:
    """One line per unit: id, name, position of its reference point, facing, formation, state."""
    world = World(state)
    out = [
        f"{state.title}: turn {(state.player_turn + 1) // 2}, {state.phase.value}"
        + (f", {state.side(state.active).name} to act" if state.active else "")
    ]
    for s in state.sides:
        out.append(f"\n{s.name} ({'baseline y=0' if s.player == 'A' else 'far baseline'})")
        for u in state.units:
            if u.side != s.key:
                continue
            if not u.on_table:
                out.append(f"  {u.id:8} {u.name}: off the table")
                continue
            rp = world.bound(u).front_mid()
            out.append(
                f"  {u.id:8} {u.name:18} at ({rp[0]:6.1f},{rp[1]:6.1f}) facing {u.facing:7.2f}"
                f"  {u.formation.value} {u.files}f x{len(u.stands)}  {u.condition.value}"
            )
        for g in state.leaders:
            if g.side == s.key and not g.lost:
                att = f" attached to {g.attached_to}" if g.attached_to else ""
                out.append(
                    f"  leader {g.id:8} {g.name} ({g.role.value}, {g.rating}) at ({cm(g.x):.1f},{cm(g.y):.1f}){att}"
                )
    return "\n".join(out) + "\n"
