"""What a player may learn before committing: a dry run of orders, unit cards and army status.

`Ruleset.check_orders`, `Ruleset.unit_cards` and `Ruleset.army_status` return the shapes defined
here; the generic defaults below build them from the methods every ruleset already has
(`parse_orders`, `legal_options`, `view`, `pending`, `turn`, `turn_limit`), and an engine may
enrich them. Everything here is pure: a check works on a copy of the state and never stores.

    >>> dice = RecordingDice()
    >>> dice.roll(6, "turn 1: red advances 2"), dice.rolls
    (1, (PlannedRoll(sides=6, purpose='turn 1: red advances 2'),))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from campaign.refusals import NeedDecision, OrderError, OrdersRejected

if TYPE_CHECKING:
    from campaign.kit.legal import LegalOptions, Option
    from campaign.ruleset import Ruleset, State


@dataclass(frozen=True, slots=True)
class PlannedRoll:
    """A die the resolution would ask for: its size and what for (never its value)."""

    sides: int
    purpose: str


class RecordingDice:
    """A DiceSource for dry runs: notes every die asked for and answers the faces in turn (1, 2, 3...).

    Decisions are answered with their default. Nothing is drawn from a seed and nothing is
    stored, so a check reveals no real die. The faces go round rather than always being the
    lowest, so a roll-off that re-rolls ties comes to an end.
    """

    def __init__(self) -> None:
        self._rolls: list[PlannedRoll] = []
        self.decisions: list[str] = []

    @property
    def rolls(self) -> tuple[PlannedRoll, ...]:
        return tuple(self._rolls)

    def roll(self, sides: int, purpose: str) -> int:
        self._rolls.append(PlannedRoll(sides, purpose))
        return (len(self._rolls) - 1) % sides + 1

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        self.decisions.append(f"{side} would be asked: {question} ({' / '.join(options)}; default {default})")
        return default


@dataclass(frozen=True, slots=True)
class OrderCheck:
    """One order line as the rules understood it, with what the legal options say about it."""

    order: str
    cost: int | None = None
    path: tuple[str, ...] = ()
    detail: str = ""
    """Range, arc and line for a shot; the cost and places passed for a move."""

    def text(self) -> str:
        parts = []
        if self.path:
            parts.append("path " + " ".join(self.path))
        if self.cost is not None:
            parts.append(f"cost {self.cost}")
        if self.detail:
            parts.append(self.detail)
        return self.order + (f"   ({'; '.join(parts)})" if parts else "")


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What `Ruleset.check_orders` answers: the echo, the verdicts, the dice, and nothing stored."""

    side: str
    ok: bool
    canonical: str = ""
    key: str = ""
    errors: tuple[OrderError, ...] = ()
    orders: tuple[OrderCheck, ...] = ()
    statuses: tuple[str, ...] = ()
    """The predicted command status of every unit ("3 Knights: in command of general 1")."""
    rolls: tuple[PlannedRoll, ...] = ()
    resolves: bool = False
    """True when these orders would complete the phase (and `rolls` were found by resolving a copy)."""
    legal: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """For each unit named in a refused line: the order lines that are legal for it now."""
    notes: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "ok": self.ok,
            "key": self.key,
            "canonical": self.canonical,
            "errors": [
                {"line": e.line, "column": e.column, "code": e.code, "message": e.message, "hint": e.hint}
                for e in self.errors
            ],
            "orders": [
                {"order": o.order, "cost": o.cost, "path": list(o.path), "detail": o.detail} for o in self.orders
            ],
            "statuses": list(self.statuses),
            "rolls": [{"sides": r.sides, "purpose": r.purpose} for r in self.rolls],
            "resolves": self.resolves,
            "legal": {k: list(v) for k, v in sorted(self.legal.items())},
            "notes": list(self.notes),
        }

    def text(self) -> str:
        """The report as plain text for a mail or a terminal."""
        if not self.ok:
            lines = [f"CHECK: {len(self.errors)} error(s); nothing was filed or changed"]
            lines += [str(e) for e in self.errors]
            for unit, orders in sorted(self.legal.items()):
                lines.append(f"legal now for unit {unit}:")
                lines += [f"    {o}" for o in orders] or ["    nothing"]
            lines += [f"note: {n}" for n in self.notes]
            return "\n".join(lines)
        lines = [f"CHECK: the orders are valid for {self.side} ({self.key}); nothing was filed or changed", ""]
        lines.append("The rules understood:")
        lines += [f"    {o.text()}" for o in self.orders] or [f"    {x}" for x in self.canonical.splitlines()]
        if self.statuses:
            lines += ["", "Command status:"] + [f"    {s}" for s in self.statuses]
        lines.append("")
        if self.resolves:
            lines.append("These orders would complete the phase. Dice it would roll:")
            lines += [f"    d{r.sides}  {r.purpose}" for r in self.rolls] or ["    none"]
        else:
            lines.append("These orders alone do not complete the phase: the dice are rolled once every side is in.")
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def copy_state(ruleset: Ruleset, state: State) -> State:
    """An independent copy, so a dry run can never change the game's state."""
    return ruleset.load(ruleset.dump(state))


def safe_legal(ruleset: Ruleset, state: State, side: str) -> LegalOptions | None:
    """`legal_options`, or None when the ruleset cannot list them (yet)."""
    try:
        return ruleset.legal_options(copy_state(ruleset, state), side)
    except NotImplementedError:
        return None


def default_check(ruleset: Ruleset, state: State, side: str, text: str) -> CheckReport:
    """The generic CHECK: parse, match each line to a legal option, resolve a copy with recording dice."""
    legal = safe_legal(ruleset, state, side)
    try:
        accepted = ruleset.parse_orders(copy_state(ruleset, state), side, text)
    except OrdersRejected as exc:
        return CheckReport(side, False, errors=exc.errors, legal=legal_for_errors(exc.errors, text, legal))
    by_order: dict[str, Option] = {}
    statuses: list[str] = []
    if legal is not None:
        for unit in legal.units:
            for option in unit.options:
                by_order.setdefault(_norm(option.order), option)
            statuses += [f"{unit.unit} {unit.name}: {n}" for n in unit.notes]
    checks = []
    for line in accepted.canonical.splitlines():
        found = by_order.get(_norm(line))
        if found is None:
            checks.append(OrderCheck(line))
        else:
            checks.append(OrderCheck(line, found.cost, found.path, found.detail))
    work = ruleset.apply_orders(copy_state(ruleset, state), accepted)
    rolls: tuple[PlannedRoll, ...] = ()
    notes: list[str] = [] if legal is not None else ["this game cannot list legal options yet"]
    resolves = ruleset.ready(work)
    if resolves:
        dice = RecordingDice()
        try:
            ruleset.resolve(work, dice)
        except NeedDecision as need:  # defaults answer decisions, but an engine may still stop
            notes.append(f"the resolution would stop for {need.side}'s decision: {need.question}")
        rolls = dice.rolls
        notes += dice.decisions
    return CheckReport(
        side,
        True,
        accepted.canonical,
        accepted.key,
        orders=tuple(checks),
        statuses=tuple(statuses),
        rolls=rolls,
        resolves=resolves,
        notes=tuple(notes),
    )


def _norm(order: str) -> str:
    return " ".join(order.lower().split())


def legal_for_errors(
    errors: tuple[OrderError, ...], text: str, legal: LegalOptions | None
) -> dict[str, tuple[str, ...]]:
    """For each unit named in a refused line, its legal order lines (errors say what is legal too)."""
    if legal is None:
        return {}
    lines = text.splitlines()
    out: dict[str, tuple[str, ...]] = {}
    for err in errors:
        if not 0 < err.line <= len(lines):
            continue
        words = {w.strip("\"',") for w in lines[err.line - 1].split()}
        for unit in legal.units:
            if unit.unit in words:
                out[unit.unit] = tuple(o.order for o in unit.options)
    return out


# --- unit cards and army status --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnitCard:
    """Every rules value and marker of one unit, in the game's own terms."""

    unit: str
    name: str
    where: str = ""
    values: tuple[tuple[str, str], ...] = ()
    """(label, value) pairs in the game's order: speed, combat factors, armour, traits..."""
    markers: tuple[str, ...] = ()
    """Current markers: disrupted, spent, out of command, ..."""

    def as_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "name": self.name,
            "where": self.where,
            "values": {k: v for k, v in self.values},
            "markers": list(self.markers),
        }

    def text(self) -> str:
        head = f"{self.unit} {self.name}" + (f" at {self.where}" if self.where else "")
        body = ", ".join(f"{k} {v}" for k, v in self.values)
        marks = f"\n    markers: {', '.join(self.markers)}" if self.markers else ""
        return head + (f"\n    {body}" if body else "") + marks


_ID_KEYS = ("id", "unit", "number", "label")
_NAME_KEYS = ("name", "title", "type")
_WHERE_KEYS = ("hex", "where", "at", "position")


def default_unit_cards(view: Any, side: str | None) -> list[UnitCard]:
    """Cards from a ruleset's `view`: every list of records named units/counters/pieces (or the sides' own).

    Each record's scalar fields become values, in the record's own key order; lists of strings
    (markers, traits) are joined.
    """
    records = _unit_records(view, side)
    cards = []
    for n, rec in enumerate(records, start=1):
        ident = next((str(rec[k]) for k in _ID_KEYS if k in rec), str(n))
        name = next((str(rec[k]) for k in _NAME_KEYS if k in rec), "")
        where = next((str(rec[k]) for k in _WHERE_KEYS if k in rec and rec[k] is not None), "")
        used = {*_ID_KEYS[:1], *(k for k in _NAME_KEYS[:1]), *_WHERE_KEYS}
        values: list[tuple[str, str]] = []
        markers: tuple[str, ...] = ()
        for key, value in rec.items():
            if key in used or key in ("side", "owner"):
                continue
            if key in ("markers", "status", "flags") and isinstance(value, list):
                markers = tuple(str(v) for v in value)
            elif isinstance(value, (str, int, bool)):
                values.append((key.replace("_", " "), _word(value)))
            elif isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
                values.append((key.replace("_", " "), ", ".join(str(v) for v in value) or "none"))
        cards.append(UnitCard(ident, name, where, tuple(values), markers))
    return cards


def _word(value: str | int | bool) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _unit_records(view: Any, side: str | None) -> list[dict[str, Any]]:
    if not isinstance(view, dict):
        return []
    for key in ("units", "counters", "pieces"):
        found = view.get(key)
        if isinstance(found, list) and all(isinstance(r, dict) for r in found):
            return [r for r in found if side is None or r.get("side", r.get("owner", side)) == side]
        if isinstance(found, dict) and side is not None and isinstance(found.get(side), list):
            return [r for r in found[side] if isinstance(r, dict)]
    return []


@dataclass(frozen=True, slots=True)
class ArmyStatus:
    """How a side stands: losses against its break point, the turn limit, its generals."""

    side: str
    turn: int
    turn_limit: int | None = None
    lines: tuple[tuple[str, str], ...] = ()
    """(label, value) facts in the game's terms: "stands lost" -> "3 of 8 (breaks at 8)"."""
    generals: tuple[str, ...] = ()
    """Each general and its state ("1 Duke of York at 0506: disrupted")."""

    def as_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "turn": self.turn,
            "turn_limit": self.turn_limit,
            "facts": {k: v for k, v in self.lines},
            "generals": list(self.generals),
        }

    def text(self) -> str:
        limit = f" of {self.turn_limit} ({self.turn_limit - self.turn} left after this one)" if self.turn_limit else ""
        out = [f"{self.side}: turn {self.turn}{limit}"]
        out += [f"    {k}: {v}" for k, v in self.lines]
        if self.generals:
            out.append("    generals:")
            out += [f"        {g}" for g in self.generals]
        return "\n".join(out)


def default_army_status(ruleset: Ruleset, state: State, side: str) -> ArmyStatus:
    """Turn and turn limit, what the side is asked for now, and the outcome if any."""
    lines: list[tuple[str, str]] = []
    for req in ruleset.pending(state):
        if req.side == side:
            lines.append(("asked for", f"{req.kind.value} for {req.phase}" + (" (optional)" if req.optional else "")))
    outcome = ruleset.outcome(state)
    if outcome is not None:
        lines.append(("result", f"{outcome.winner or 'draw'}: {outcome.reason}"))
    return ArmyStatus(side, ruleset.turn(state), ruleset.turn_limit(state), tuple(lines))
