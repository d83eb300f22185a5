"""Deadlines: when a phase's orders are due, when to remind, when the missed-orders policy applies.

Pure functions of the game's schedule, the time the phase opened, the players' absences and
"now". The caller (`campaign tick`) passes `now` in and logs what it decided as events, so a
replay never consults a clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import Enum
from typing import Any

from campaign.ruleset import MissedOrders


class TickAction(Enum):
    """What a tick decides for one late side."""

    NOTHING = "nothing"
    """Not late yet, or already reminded and not past the grace period."""
    REMIND = "remind"
    """The deadline is near (or passed, within grace): send one reminder."""
    APPLY_POLICY = "apply_policy"
    """Deadline and grace are over: file the missed-orders policy's orders for the side."""


class DeadlineAction(Enum):
    """What the referee does to a game's deadline."""

    SET = "set"
    """Give the game a schedule (deadline length in hours) where it had none, or change its length."""
    EXTEND = "extend"
    """Push the current phase's deadline back by some hours."""
    PAUSE = "pause"
    """Stop the clock: no reminders, no missed-orders policy until resumed."""
    RESUME = "resume"
    """Start the clock again; the current deadline moves back by the time paused."""


class ResolveWhen(Enum):
    """When a phase whose orders are all in is resolved (a game's `resolve` option)."""

    WHEN_READY = "when-ready"
    """As soon as every side's orders are in (a side may hold it with WAIT)."""
    AT_DEADLINE = "at-deadline"
    """Only at the deadline: everyone may change their orders until then."""


@dataclass(frozen=True, slots=True)
class Schedule:
    """A game's deadline settings."""

    hours: int
    grace_hours: int = 0
    reminder_hours: int = 24
    missed: MissedOrders = MissedOrders.HOLD
    resolve: ResolveWhen = ResolveWhen.WHEN_READY

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hours": self.hours,
            "grace_hours": self.grace_hours,
            "reminder_hours": self.reminder_hours,
            "missed": self.missed.value,
        }
        if self.resolve is not ResolveWhen.WHEN_READY:  # games created before the option keep their record
            out["resolve"] = self.resolve.value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Schedule:
        resolve = ResolveWhen(data.get("resolve", ResolveWhen.WHEN_READY.value))
        return cls(data["hours"], data["grace_hours"], data["reminder_hours"], MissedOrders(data["missed"]), resolve)


def resolve_when(schedule: Mapping[str, Any] | None) -> ResolveWhen:
    """A game's resolve option from its schedule (no schedule: when ready)."""
    return Schedule.from_json(dict(schedule)).resolve if schedule else ResolveWhen.WHEN_READY


def phase_deadline(schedule: Mapping[str, Any], opened: str, extra_hours: int) -> datetime:
    """The current phase's own deadline (no absence moves it: it is when an at-deadline phase resolves)."""
    return parse_time(opened) + timedelta(hours=Schedule.from_json(dict(schedule)).hours + extra_hours)


@dataclass(frozen=True, slots=True)
class Absence:
    """A player away from `start` to `end`, inclusive dates."""

    player: str
    start: date
    end: date


def parse_time(text: str) -> datetime:
    """An ISO time (a trailing Z or an offset; naive times are taken as UTC)."""
    try:
        value = datetime.fromisoformat(text.strip())
    except ValueError as exc:
        raise ValueError(f"{text!r} is not an ISO time such as 2026-11-22T18:00:00Z") from exc
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def format_time(value: datetime) -> str:
    """UTC ISO text with a Z, to the second."""
    return value.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def deadline_for(
    schedule: Schedule, opened: datetime, player: str, absences: list[Absence], extra_hours: int = 0
) -> datetime:
    """When `player`'s orders are due: the phase deadline, pushed past any absence overlapping it.

    An absence that touches the time between the phase opening and its deadline moves the
    deadline to the end of the absence's last day plus the full deadline length again, so an
    away player gets a whole turn's time after coming back.
    """
    due = opened + timedelta(hours=schedule.hours + extra_hours)
    for a in sorted(absences, key=lambda a: (a.start, a.end)):
        if a.player != player:
            continue
        away_from = datetime.combine(a.start, time.min, UTC)
        back = datetime.combine(a.end + timedelta(days=1), time.min, UTC)
        if away_from <= due and back > opened:
            due = max(due, back + timedelta(hours=schedule.hours + extra_hours))
    return due


def decide(schedule: Schedule, due: datetime, now: datetime, reminded: bool) -> TickAction:
    """What to do about one late side at `now`."""
    if now >= due + timedelta(hours=schedule.grace_hours):
        return TickAction.APPLY_POLICY
    if not reminded and now >= due - timedelta(hours=schedule.reminder_hours):
        return TickAction.REMIND
    return TickAction.NOTHING


def parse_duration_hours(text: str) -> int:
    """'72', '72h' or '3d' as whole hours."""
    t = text.strip().lower()
    try:
        if t.endswith("d"):
            return int(t[:-1]) * 24
        if t.endswith("h"):
            return int(t[:-1])
        return int(t)
    except ValueError as exc:
        raise ValueError(f"{text!r} is not a duration: use hours (72 or 72h) or days (3d)") from exc


def apply_deadline_change(gs: Any, payload: Mapping[str, Any], at: str) -> None:
    """Replay of DeadlineChanged: the game's schedule, extension and pause as the referee set them."""
    action = DeadlineAction(payload["action"])
    if action is DeadlineAction.SET:
        base = Schedule.from_json(gs.schedule) if gs.schedule else Schedule(payload["hours"])
        gs.schedule = Schedule(
            payload["hours"], base.grace_hours, base.reminder_hours, base.missed, base.resolve
        ).as_json()
    elif action is DeadlineAction.EXTEND:
        gs.deadline_extra_hours += payload["hours"]
    elif action is DeadlineAction.PAUSE:
        gs.paused_at = at
    else:
        stopped = parse_time(at) - parse_time(gs.paused_at)
        gs.deadline_extra_hours += -(-int(stopped.total_seconds()) // 3600)  # whole hours, rounded up
        gs.paused_at = ""
