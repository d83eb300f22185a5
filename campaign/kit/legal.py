"""What each unit may do now, as data: the shape of ``Ruleset.legal_options(state, side)``.

One answer feeds four readers: the LEGAL mail command, the CHECK reply's "what would be legal",
the computer player, and the order sheet in the browser. Every option carries the exact order
line that does it, in the game's own order language, so a reader never has to build order text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class OptionKind(Enum):
    """What kind of action an option is (a game may use the ones it has)."""

    MOVE = "move"
    """Go to a place (a hex, or a measured position), with its cost."""
    FACE = "face"
    """Turn to a facing without moving."""
    SHOOT = "shoot"
    """Shoot or throw at a target in range, arc and sight."""
    CHARGE = "charge"
    """Move into contact with an enemy to fight."""
    FORMATION = "formation"
    """Change formation (column, line, ...)."""
    OTHER = "other"
    """Anything else the rules allow (rally, mount, dismount, hold fire, ...)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One thing a unit may do now, and the order line that does it."""

    kind: OptionKind
    order: str
    """The order line, exactly as a player would type it."""
    target: str = ""
    """Where or at whom: a hex label, a unit id, a facing name."""
    cost: int | None = None
    """Movement points or distance spent, where the rules count it."""
    path: tuple[str, ...] = ()
    """The places passed through, for a move (hex labels), so a picture can draw it."""
    detail: str = ""
    """A short explanation in the game's terms ("range 3, front arc, clear line")."""
    later: bool = False
    """True when legality depends on other orders of the same phase: checked on arrival."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "order": self.order}
        if self.target:
            out["target"] = self.target
        if self.cost is not None:
            out["cost"] = self.cost
        if self.path:
            out["path"] = list(self.path)
        if self.detail:
            out["detail"] = self.detail
        if self.later:
            out["later"] = True
        return out


@dataclass(frozen=True, slots=True)
class UnitOptions:
    """Everything one unit (or character, or general) may do now, with why it may not do more."""

    unit: str
    """The id a player writes in orders."""
    name: str
    where: str
    """Its place now (a hex label, or a measured position)."""
    options: tuple[Option, ...] = ()
    notes: tuple[str, ...] = ()
    """Plain-words limits: "out of command: general 2 is 5 hexes away (range 4)"."""

    def of(self, kind: OptionKind) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.kind is kind)

    def as_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "name": self.name,
            "where": self.where,
            "options": [o.as_json() for o in self.options],
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True)
class LegalOptions:
    """A side's legal options in the current phase."""

    side: str
    phase: str
    units: tuple[UnitOptions, ...] = ()
    notes: tuple[str, ...] = field(default=())
    """Phase-wide notes ("deployment rows 0901-0903 only", "orders may name at most 3 groups")."""

    def unit(self, unit: str) -> UnitOptions | None:
        return next((u for u in self.units if u.unit == unit), None)

    def as_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "phase": self.phase,
            "units": [u.as_json() for u in self.units],
            "notes": list(self.notes),
        }

    def text(self, only: Iterable[str] | None = None) -> str:
        """Plain text for a mail: one block per unit, each option on its own line."""
        wanted = set(only) if only is not None else None
        blocks = []
        for u in self.units:
            if wanted is not None and u.unit not in wanted:
                continue
            lines = [f"{u.unit} {u.name}{_place(u.where)}"]
            lines += [f"  {o.order}" + (f"   ({o.detail})" if o.detail else "") for o in u.options]
            lines += [f"  note: {n}" for n in u.notes]
            if not u.options:
                lines.append("  nothing: no legal action this phase")
            blocks.append("\n".join(lines))
        head = [f"{self.side}, {self.phase}"] + [f"note: {n}" for n in self.notes]
        return "\n\n".join(["\n".join(head), *blocks])


def _place(where: str) -> str:
    """' at 0405' for a place on the board; ' (not deployed)' for a state that is no place."""
    if not where:
        return ""
    return f" at {where}" if any(ch.isdigit() for ch in where) else f" ({where})"
