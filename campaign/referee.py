"""The referee's administration: deadlines, players and sides, ending games, acting for a player.

Each action is one event with the referee as actor and a reason, so digests, the archive and
an audit show who changed what and why. Deadlines are computed here for every reader (status,
digests, tick) so all three agree, extensions and pauses included.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from campaign import eventdata as ed
from campaign.deadlines import DeadlineAction
from campaign.eventlog import NewEvent
from campaign.events import CAMPAIGN_STREAM

if TYPE_CHECKING:
    from campaign.replay import GameState
    from campaign.service import Campaign

REFEREE = "referee"


@dataclass(frozen=True, slots=True)
class SideDeadline:
    """When one side's orders are due, and whether the clock is stopped."""

    side: str
    player: str
    due: datetime
    paused: bool

    def as_json(self, now: datetime | None = None) -> dict[str, Any]:
        from campaign.deadlines import format_time

        out: dict[str, Any] = {"side": self.side, "player": self.player, "due": format_time(self.due)}
        out["paused"] = self.paused
        if now is not None:
            out["in"] = relative(self.due, now)
        return out


def relative(due: datetime, now: datetime) -> str:
    """'in 2 days 3 hours', '5 hours ago', 'now': whole hours, for people."""
    hours = int((due - now).total_seconds() // 3600)
    span = abs(hours)
    days, rest = divmod(span, 24)
    parts = ([f"{days} day{'s' if days != 1 else ''}"] if days else []) + (
        [f"{rest} hour{'s' if rest != 1 else ''}"] if rest or not days else []
    )
    if span == 0:
        return "within the hour" if due >= now else "less than an hour ago"
    text = " ".join(parts)
    return f"in {text}" if hours > 0 else f"{text} ago"


def side_deadlines(camp: Campaign, gs: GameState) -> dict[str, SideDeadline]:
    """The deadline of every side the game waits for (none without a schedule or once over)."""
    from campaign.deadlines import Schedule, deadline_for, parse_time

    if not gs.schedule or gs.ended is not None:
        return {}
    schedule = Schedule.from_json(gs.schedule)
    opened = parse_time(gs.phase_opened_at)
    absences = camp.absences()
    out: dict[str, SideDeadline] = {}
    for r in camp.awaiting(gs):
        if r.side in gs.sides and r.side not in out:
            player = gs.sides[r.side]
            due = deadline_for(schedule, opened, player, absences, gs.deadline_extra_hours)
            out[r.side] = SideDeadline(r.side, player, due, bool(gs.paused_at))
    return out


@dataclass(frozen=True, slots=True)
class DeadlineReport:
    """What `referee deadline` reports: the change made and every side's deadline after it."""

    game: int
    change: ed.DeadlineChanged
    deadlines: tuple[SideDeadline, ...]
    now: datetime

    def as_json(self) -> dict[str, Any]:
        due = {d.side: d.as_json(self.now) for d in self.deadlines}
        return {**self.change.as_json(), "game": self.game, "deadlines": due}


def change_deadline(
    camp: Campaign, game: str | int, action: DeadlineAction, hours: int = 0, reason: str = ""
) -> ed.DeadlineChanged:
    """Set, extend, pause or resume a game's deadline; returns the event it wrote."""
    from campaign.service import UserError

    def build(gs: GameState) -> list[NewEvent]:
        camp._require_running(gs)
        if action is DeadlineAction.SET:
            if hours < 1:
                raise UserError("a deadline must be at least 1 hour long")
        elif not gs.schedule:
            raise UserError(
                f"game {gs.number} has no deadline to {action.value}: give it one first with"
                f" `campaign referee deadline {gs.number} --set 72h`"
            )
        if action is DeadlineAction.EXTEND and hours < 1:
            raise UserError("extend the deadline by at least 1 hour (e.g. --extend 2d)")
        if action is DeadlineAction.PAUSE and gs.paused_at:
            raise UserError(f"game {gs.number}'s deadline is already paused (since {gs.paused_at})")
        if action is DeadlineAction.RESUME and not gs.paused_at:
            raise UserError(f"game {gs.number}'s deadline is not paused")
        timed = action in (DeadlineAction.SET, DeadlineAction.EXTEND)
        change = ed.DeadlineChanged(action=action.value, reason=reason, hours=hours if timed else None)
        return [change.new_event(gs.stream, actor=REFEREE)]

    _, sealed = camp._append_game(game, build)
    return ed.DeadlineChanged.from_payload(sealed[0].payload)


# --- players and sides ---------------------------------------------------------------------------


def set_email(camp: Campaign, name: str, email: str, reason: str = "") -> ed.PlayerUpdated:
    """Change a player's address (digests and replies go to the new one from now on)."""
    from campaign.service import UserError, check_email

    email = check_email(email)
    known = camp.players()
    if name not in known:
        raise UserError(f"there is no player {name!r} (players: {', '.join(sorted(known)) or 'none'})")
    if any(p.email.lower() == email.lower() and p.name != name for p in known.values()):
        raise UserError(f"{email} already belongs to another player")
    updated = ed.PlayerUpdated(name=name, email=email, reason=reason)
    event = updated.new_event(CAMPAIGN_STREAM, actor=REFEREE)
    camp.store.append([event], expected={CAMPAIGN_STREAM: camp.store.version(CAMPAIGN_STREAM)})
    return updated


def replace_player(camp: Campaign, game: str | int, side: str, player: str, reason: str) -> ed.SideReplaced:
    """Hand a side of a running game to another player (the old one keeps no access to it)."""
    from campaign.service import UserError

    if player not in camp.players():
        raise UserError(f"there is no player {player!r}: add them first with `campaign player add`")

    def build(gs: GameState) -> list[NewEvent]:
        camp._require_running(gs)
        if side not in gs.sides:
            raise UserError(f"game {gs.number} has no side {side!r} (sides: {', '.join(sorted(gs.sides))})")
        if gs.sides[side] == player:
            raise UserError(f"{player} already plays {side} in game {gs.number}")
        replaced = ed.SideReplaced(side=side, old=gs.sides[side], new=player, reason=reason)
        return [replaced.new_event(gs.stream, actor=REFEREE)]

    _, sealed = camp._append_game(game, build)
    return ed.SideReplaced.from_payload(sealed[0].payload)


# --- ending games ----------------------------------------------------------------------------------


def end_game(
    camp: Campaign, game: str | int, winner: str | None, reason: str, abandoned: bool = False
) -> ed.GameEnded:
    """End a running game by the referee's ruling (a winner or a draw), or abandon it (no result)."""
    from campaign.dice import DiceMode
    from campaign.service import UserError

    if not reason.strip():
        raise UserError("say why the game ends (--reason), for the players and the record")

    def build(gs: GameState) -> list[NewEvent]:
        camp._require_running(gs)
        if winner is not None and winner not in gs.sides:
            raise UserError(f"game {gs.number} has no side {winner!r} (sides: {', '.join(sorted(gs.sides))}, or draw)")
        events = []
        if gs.dice_mode is DiceMode.FAIR and gs.seed_no and gs.seed_no not in gs.revealed:
            events.append(camp._reveal_event(gs))
        ended = ed.GameEnded(winner=winner, reason=f"the referee ended the game: {reason.strip()}")
        if abandoned:
            ended = ed.GameEnded(winner=None, reason=f"abandoned by the referee: {reason.strip()}", abandoned=True)
        events.append(ended.new_event(gs.stream, actor=REFEREE))
        return events

    _, sealed = camp._append_game(game, build)
    return ed.GameEnded.from_payload(sealed[-1].payload)


def resign_for(camp: Campaign, game: str | int, side: str, reason: str) -> ed.GameEnded:
    """Resign a side on its player's behalf (a player who asked by phone, or has vanished)."""
    from campaign.service import UserError

    if not reason.strip():
        raise UserError("say why the side resigns (--reason)")

    def build(gs: GameState) -> list[NewEvent]:
        if side not in gs.sides:
            raise UserError(f"game {gs.number} has no side {side!r} (sides: {', '.join(sorted(gs.sides))})")
        events = camp.plan_resign(gs, gs.sides[side], side)
        first = events[0]
        resigned = ed.Resigned.from_payload(first.payload)
        events[0] = replace(resigned, reason=reason).new_event(first.stream, actor=REFEREE)
        return events

    _, sealed = camp._append_game(game, build)
    return ed.GameEnded.from_payload(sealed[-1].payload)


def absence_for(camp: Campaign, player: str, start: str, end: str, reason: str) -> ed.AbsenceDeclared:
    """Declare an absence on a player's behalf; their deadlines stretch as if they had sent ABSENCE."""
    events = camp.plan_absence(player, start, end)
    absence = replace(ed.AbsenceDeclared.from_payload(events[0].payload), reason=reason)
    event = absence.new_event(events[0].stream, actor=REFEREE)
    camp.store.append([event], expected={CAMPAIGN_STREAM: camp.store.version(CAMPAIGN_STREAM)})
    return absence
