"""Move plans: what an order asks a unit to do, step by step, as data [WC.MOVE.10].

A plan is a list of steps (``wheel left 30 then forward 12``); :mod:`.movement` carries it out
and :mod:`.orders` reads it from text. Paths, anchors and formations are the player's own input,
with no default [WC.PD.19]. Distances are hundredths of a cm and angles hundredths of
a degree, like everything stored [WC.GEOM.2].
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from campaign.table.frame import cm, deg

from .model import Formation

__all__ = ["Plan", "Step", "StepKind"]


class StepKind(Enum):
    """One step of a plan."""

    FORWARD = "forward"
    """Straight ahead along the current facing."""
    BACK = "back"
    """Straight back (out of the frontal arc)."""
    LEFT = "left"
    """Sideways to the left (out of the frontal arc)."""
    RIGHT = "right"
    """Sideways to the right (out of the frontal arc)."""
    WHEEL = "wheel"
    """Wheel about a front corner, which stays put [WC.GEOM.14]."""
    TURN = "turn"
    """Turn about the reference point [WC.GEOM.14]."""
    FACE = "face"
    """Turn about the reference point to an absolute bearing."""
    MOVE_TO = "move-to"
    """Move the reference point straight to a point."""
    CONTACT = "contact"
    """Move straight ahead until touching a friendly unit."""
    CLOSE = "close"
    """Move straight ahead until 2 cm from an enemy unit [WC.MOVE.11]."""
    FOLLOW = "follow"
    """Move to the rear of a friendly unit and face as it does."""
    FORM = "form"
    """Change formation, the front-left stand staying put [WC.FORM.9]."""
    CROSS = "cross"
    """(SCN) Cross the Bannock Burn: the whole order's allowance, and disorder [WC.SCN.10a]."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step; only the fields its kind uses are set."""

    kind: StepKind
    dist: int = 0
    """Hundredths of a cm."""
    angle: int = 0
    """Hundredths of a degree (positive)."""
    left: bool = False
    x: int = 0
    y: int = 0
    target: str = ""
    """A unit id (contact, close, follow), a place name (move to), or the anchor of a formation
    change (``left``, ``right`` or ``""`` for the middle of the front rank)."""
    formation: Formation | None = None
    files: int = 0
    facing: int | None = None
    """A formation change's new facing (hundredths of a degree): the anchor pivots [WC.FORM.13]."""

    def text(self) -> str:
        """The canonical order text of this step."""
        k = self.kind
        side = "left" if self.left else "right"
        if k in (StepKind.FORWARD, StepKind.BACK, StepKind.LEFT, StepKind.RIGHT):
            return f"{k.value} {_num(cm(self.dist))}"
        if k in (StepKind.WHEEL, StepKind.TURN):
            return f"{k.value} {side} {_num(self.angle / 100)}"
        if k is StepKind.FACE:
            return f"face {_num(deg(self.angle))}"
        if k is StepKind.MOVE_TO:
            return f"move to {self.target}" if self.target else f"move to {_num(cm(self.x))} {_num(cm(self.y))}"
        if k is StepKind.CONTACT:
            return f"move to contact unit {self.target}"
        if k in (StepKind.CLOSE, StepKind.FOLLOW):
            return f"{k.value} unit {self.target}" if k is StepKind.FOLLOW else f"close on unit {self.target}"
        if k is StepKind.FORM:
            assert self.formation is not None
            tail = f" {self.target}" if self.target else ""
            tail += f" facing {_num(deg(self.facing))}" if self.facing is not None else ""
            if self.formation is Formation.LINE:
                return f"form line {self.files}{tail}"
            return f"form {self.formation.value}{tail}"
        return "cross"

    def dump(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "kind": self.kind.value,
            "dist": self.dist,
            "angle": self.angle,
            "left": self.left,
            "x": self.x,
            "y": self.y,
            "target": self.target,
            "formation": self.formation.value if self.formation else None,
            "files": self.files,
            "facing": self.facing,
        }

    @staticmethod
    def load(d: dict[str, Any]) -> Step:
        """Inverse of :meth:`dump`."""
        return Step(
            StepKind(d["kind"]),
            d["dist"],
            d["angle"],
            d["left"],
            d["x"],
            d["y"],
            d["target"],
            Formation(d["formation"]) if d["formation"] else None,
            d["files"],
            d.get("facing"),
        )


@dataclass(frozen=True, slots=True)
class Plan:
    """A unit's move for one order: its steps and the friends it means to pass through."""

    unit: str
    steps: tuple[Step, ...]
    through: tuple[str, ...] = ()

    def text(self) -> str:
        """``wheel left 30 then forward 12 through 5``."""
        body = " then ".join(s.text() for s in self.steps) or "halt"
        return body + "".join(f" through {t}" for t in self.through)


def _num(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s
