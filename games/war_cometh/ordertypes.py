"""What the War Cometh order parsers share: a parsed line and the parsing context [WC.CMD.4].

Apart from `orders.py` so the charge and fire parsers (`charge_orders`, `fireorders`) can build orders
without importing the grammar that calls them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from campaign.kit.reader import LineError

from .model import State


@dataclass(frozen=True, slots=True)
class Order:
    """One parsed line, as JSON-able data with its canonical text."""

    kind: str
    """``order`` (a command roll for a unit), ``leader`` (a leader's move), ``place``."""
    data: dict[str, Any]
    text: str


@dataclass(slots=True)
class Context:
    """What the parsers need: the state, the side writing, and the commander named last."""

    state: State
    side: str
    commander: str = ""
    seen_commanders: list[str] = field(default_factory=list)

    def leader_names(self) -> dict[str, str]:
        """Every way to name one of this side's leaders (id, or a word of his name) -> id."""
        out: dict[str, str] = {}
        for g in self.state.leaders:
            if g.side != self.side or g.lost:
                continue
            out[g.id.lower()] = g.id
        return out

    def unit_ids(self) -> dict[str, str]:
        """This side's units by lower-case id."""
        return {u.id.lower(): u.id for u in self.state.units if u.side == self.side}

    def any_unit(self) -> dict[str, str]:
        """Every unit on the table by lower-case id (targets may be enemies)."""
        return {u.id.lower(): u.id for u in self.state.units}


def _marshal(ctx: Context) -> str:
    """With no ``commander`` line, orders come from the side's Marshal."""
    for g in ctx.state.leaders:
        if g.side == ctx.side and not g.lost and g.role.value == "marshal":
            return g.id
    raise LineError("name the commander first: 'commander NAME'", 1, "WC.CMD.6")
