"""What a player may ask before committing: CHECK, UNITS, LEGAL and STATUS, for mail and the CLI.

Each function reads a replayed game (and, for STATUS, who the game waits for) and answers in
plain text and as JSON-able data. None of them writes anything: the mail path records only the
mail itself, and the CLI commands open the campaign read-only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign.kit.check import CheckReport
from campaign.replay import GameState
from campaign.service import Campaign, UserError


@dataclass(frozen=True, slots=True)
class Answer:
    """A player's question answered (UNITS, LEGAL, STATUS): the text a mail or a terminal shows, and its JSON."""

    body: str
    data: Any

    def as_json(self) -> Any:
        return self.data

    def text(self) -> str:
        return self.body


@dataclass(frozen=True, slots=True)
class Checked:
    """CHECK of orders in one game: the engine's report, with the game's number for `--json`."""

    game: int
    report: CheckReport

    @property
    def ok(self) -> bool:
        return self.report.ok

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, **self.report.as_json()}

    def text(self) -> str:
        return self.report.text()


def player_side(gs: GameState, player: str, side: str | None = None) -> str:
    """The side `player` asks about: the one given (it must be theirs) or their only one."""
    sides = gs.side_of(player)
    if side is not None:
        if side not in sides:
            theirs = ", ".join(sides) or "none"
            raise UserError(f"{player} does not command {side!r} in game {gs.number} (their sides: {theirs})")
        return side
    if not sides:
        raise UserError(f"{player} commands no side in game {gs.number}")
    if len(sides) > 1:
        raise UserError(f"{player} commands {', '.join(sides)} in game {gs.number}: name one with --side")
    return sides[0]


def check(gs: GameState, side: str, text: str) -> CheckReport:
    """A dry run of `text` for `side` (nothing is written; the state is never touched)."""
    if gs.ended is not None:
        raise UserError(f"game {gs.number} is over: there is nothing to check orders against")
    return gs.ruleset.check_orders(gs.state, side, text)


def units_answer(gs: GameState, side: str | None) -> Answer:
    """The unit cards of `side` (None: every unit), as text and JSON (a list of cards)."""
    cards = gs.ruleset.unit_cards(gs.state, side)
    head = f"UNITS of {side}" if side else "UNITS"
    if not cards:
        return Answer(f"{head}\n  {gs.ruleset.name} shows no unit cards", [])
    return Answer("\n".join([head, *(c.text() for c in cards)]), [c.as_json() for c in cards])


def legal_answer(gs: GameState, side: str, units: tuple[str, ...] = ()) -> Answer:
    """What `units` (all when empty) of `side` may do now, as text and JSON; UserError for an unknown unit."""
    try:
        legal = gs.ruleset.legal_options(gs.state, side)
    except NotImplementedError:
        nothing = {"game": gs.number, "side": side, "units": []}
        return Answer(f"LEGAL\n  {gs.ruleset.name} cannot list legal options yet", nothing)
    known = {u.unit for u in legal.units}
    unknown = [u for u in units if u not in known]
    if unknown:
        have = ", ".join(u.unit for u in legal.units) or "none"
        raise UserError(f"{side} has no unit {', '.join(unknown)} that may act now (units: {have})")
    data = {"game": gs.number, **legal.as_json()}
    if units:
        data["units"] = [u for u in data["units"] if u["unit"] in units]
    return Answer("LEGAL\n" + legal.text(units or None), data)


def status_answer(camp: Campaign, gs: GameState, side: str | None) -> Answer:
    """Who the game waits for (optional requests shown as optional) and the army status of `side`."""
    rs = gs.ruleset
    lines = [f"STATUS of game {gs.number}: turn {rs.turn(gs.state)}, {rs.phase(gs.state)}"]
    data: dict[str, Any] = {"game": gs.number, "turn": rs.turn(gs.state), "phase": rs.phase(gs.state)}
    if gs.ended is not None:
        lines.append(f"  game over: {gs.ended.get('reason')}")
        data["ended"] = gs.ended
    awaiting = camp.awaiting(gs) if gs.ended is None else []
    must = [r for r in awaiting if not r.optional]
    may = [r for r in awaiting if r.optional]
    lines += [f"  waiting for {r.side}: {r.kind.value} for {r.phase}" for r in must]
    lines += [f"  {r.side} may send {r.kind.value} for {r.phase} (optional: the phase does not wait)" for r in may]
    ready = gs.ended is None and not must and rs.ready(gs.state)
    if ready:
        lines.append("  ready to resolve: nothing mandatory is missing")
    data.update(
        ready=ready,
        waiting_for=[{"side": r.side, "kind": r.kind.value, "phase": r.phase} for r in must],
        optional=[{"side": r.side, "kind": r.kind.value, "phase": r.phase} for r in may],
    )
    sides = [side] if side else sorted(gs.sides)
    armies = [rs.army_status(gs.state, s) for s in sides]
    lines.append("ARMY STATUS")
    lines += [a.text() for a in armies]
    data["army"] = [a.as_json() for a in armies]
    return Answer("\n".join(lines), data)
