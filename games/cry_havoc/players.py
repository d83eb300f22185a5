"""Several players on one side [CH.TURN.4]: each character is controlled by exactly one player.

A scenario gives a character a ``controller`` (a player slot, e.g. ``"raiders-bows"``); characters without one
belong to their side's own slot, named like the side. Every slot is a side of the game for the core (each has its
player), and a slot plays for the side whose characters it controls. In that side's phase every slot of it is asked
for orders, each naming only its own characters; the phase is resolved once all of them are in (or their deadline
has passed: missing orders mean no action), with the orders taken slot by slot, the side's own slot first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import orders as O
from .model import Character
from .state import GameState


def slot_of(c: Character) -> str:
    """The player slot that orders this character [CH.TURN.4]."""
    return c.controller or c.side


def slots(st: GameState) -> dict[str, str]:
    """Every player slot of the game -> the side it plays for: the two sides, then the extra controllers."""
    out = {s: s for s in st.sides}
    for c in sorted(st.characters.values(), key=lambda c: c.id):
        out.setdefault(slot_of(c), c.side)
    return out


def scenario_slots(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The slots a scenario file defines: its sides, then each character's controller in file order."""
    out = list(data.get("sides", ()))
    for c in data.get("characters", ()):
        name = c.get("controller", "") if isinstance(c, Mapping) else ""
        if name and name not in out:
            out.append(name)
    return tuple(out)


def team_of(st: GameState, slot: str) -> str:
    """The side a slot plays for (a side plays for itself)."""
    return slots(st).get(slot, slot)


def phase_slots(st: GameState) -> list[str]:
    """The slots of the phasing side, its own first, then the others by name."""
    return [st.side, *sorted(s for s, team in slots(st).items() if team == st.side and s != st.side)]


def order_key(st: GameState, slot: str) -> str:
    """Where a slot's orders are filed: the phase key for the side's own slot, the key and the slot for others."""
    return st.key if slot == st.side else f"{st.key}/{slot}"


def actors(o: O.Order) -> tuple[str, ...]:
    """The characters an order makes act (whose controller must send it)."""
    if isinstance(o, O.Fire):
        return (o.firer,)
    if isinstance(o, O.Move | O.Leave | O.Declare | O.Escape):
        return (o.who,)
    if isinstance(o, O.Attack):
        return o.attackers
    if isinstance(o, O.Exchange):
        return (o.giver,)
    if isinstance(o, O.Escort):
        return o.escort
    if isinstance(o, O.Command):
        return (o.boss, *o.men)
    return ()


def not_mine(st: GameState, slot: str, o: O.Order) -> list[str]:
    """The characters of the slot's side that this order makes act but another player controls [CH.TURN.4]."""
    team = team_of(st, slot)
    out = []
    for cid in actors(o):
        c = st.characters.get(cid)
        if c is not None and c.side == team and slot_of(c) != slot:
            out.append(f"{cid} is controlled by {slot_of(c)}")
    return out


def merged_lines(st: GameState) -> list[str]:
    """The phase's order lines: every slot's, the side's own slot first [CH.TURN.4]."""
    lines: list[str] = []
    for slot in phase_slots(st):
        lines += st.orders.get(order_key(st, slot), {}).get("lines", [])
    return lines
