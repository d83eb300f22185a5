"""Typed results of commands whose job has no service result of its own: a file written, a campaign file
created, a scenario file checked, hexes described, a line of the log. Each has `as_json()` (what `--json`
prints) and `text()` (what a person reads).

Imported inside the commands that print them, never at start-up: each dataclass costs a compile when its
module is imported, and `campaign --help` should not pay for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaign.kit.scenario_file import Problem


@dataclass(frozen=True, slots=True)
class Written:
    """The result of a command that wrote one file: its path."""

    path: str

    def as_json(self) -> dict[str, Any]:
        return {"written": self.path}

    def text(self) -> str:
        return f"wrote {self.path}"


@dataclass(frozen=True, slots=True)
class CampaignFile:
    """`campaign init`: the campaign file created and the campaign's name."""

    db: str
    name: str

    def as_json(self) -> dict[str, Any]:
        return {"db": self.db, "name": self.name}

    def text(self) -> str:
        return f"created campaign {self.db}"

@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event as `campaign log` shows it: whether it is voided, and a resolution's narrative."""

    event: Any
    voided: bool
    narrative: tuple[str, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {**self.event.as_json(), "voided": self.voided}
        if self.narrative is not None:
            row["narrative"] = list(self.narrative)
        return row

    def text(self) -> str:
        ev = self.event
        mark = " VOIDED" if self.voided else ""
        lines = [f"{ev.seq:>6} v{ev.version:<4} {ev.at}  {ev.type:16} {ev.actor:10} {_summary(ev)}{mark}"]
        lines += [f"{'':>12}| {line}" for line in self.narrative or ()]
        return "\n".join(lines)


def _summary(ev: Any) -> str:
    """The event's one-line summary (its dataclass's), else the start of its payload."""
    import json

    from campaign.eventdata import event_data

    line = event_data(ev).summary()
    return line if line is not None else json.dumps(ev.payload, ensure_ascii=False)[:80]

@dataclass(frozen=True, slots=True)
class ScenarioCheck:
    """`scenario check`: the problems of one file, or what a game started from it would be."""

    file: str
    ruleset: str
    problems: tuple[Problem, ...]
    title: str | None = None
    sides: tuple[str, ...] = ()
    turn: int | None = None
    phase: str | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.file, "ruleset": self.ruleset, "ok": not self.problems}
        if not self.problems:
            out.update(title=self.title, sides=list(self.sides), turn=self.turn, phase=self.phase)
        out["problems"] = [
            {"file": p.file, "line": p.line, "field": p.field, "message": p.message} for p in self.problems
        ]
        return out

    def text(self) -> str:
        if self.problems:
            return "\n".join(str(p) for p in self.problems)
        return (
            f"{self.file}: good: {self.ruleset} scenario {self.title!r}, sides {' v '.join(self.sides)};"
            f" starts at {self.phase}"
        )

@dataclass(frozen=True, slots=True)
class HexPlace:
    """A hex of a map: its label (None where the map has none), axial q and r, whether it is on the map, and
    its six neighbours (each with the `side` of the first hex it lies on)."""

    label: str | None
    q: int
    r: int
    on_map: bool
    side: str | None = None
    neighbours: tuple[HexPlace, ...] = ()

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.side} if self.side else {}
        out.update(label=self.label, q=self.q, r=self.r, on_map=self.on_map)
        if self.side is None:
            out["neighbours"] = [n.as_json() for n in self.neighbours]
        return out

    def text(self) -> str:
        where = "on the map" if self.on_map else "off the map"
        lines = [f"{self.label or '-'} = axial q={self.q} r={self.r} ({where})"]
        lines += [
            f"  {n.side:2} {n.label or '-':>6}  q={n.q} r={n.r}" + ("" if n.on_map else "  off")
            for n in self.neighbours
        ]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class HexReport:
    """`campaign hex`: each hex asked for (JSON: one object for one hex, a list for several)."""

    places: tuple[HexPlace, ...]

    def as_json(self) -> Any:
        rows = [p.as_json() for p in self.places]
        return rows if len(rows) > 1 else rows[0]

    def text(self) -> str:
        return "\n".join(p.text() for p in self.places)

@dataclass(frozen=True, slots=True)
class SheetWritten:
    """`campaign sheet -o FILE`: the order sheet written for one player's side."""

    game: int
    player: str
    side: str
    file: str
    bytes: int

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "side": self.side, "file": self.file, "bytes": self.bytes}

    def text(self) -> str:
        return f"wrote {self.file} ({self.bytes // 1024} KB) for {self.player} ({self.side}), game {self.game}"
