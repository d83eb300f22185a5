"""The clock's work (`campaign tick`): reminders, and the missed-orders policy at a deadline.

Part of the `Campaign` use cases (campaign/service/__init__.py puts the layers together).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from campaign import eventdata as ed
from campaign.eventlog import NewEvent
from campaign.replay import (
    GameState,
)
from campaign.ruleset import AcceptedOrders, OrdersRejected
from campaign.sealed import sealed_extra
from campaign.service.base import (
    UserError,
)
from campaign.service.corrections import CorrectionCases
from campaign.service.orders import orders_hash


class TickDone(StrEnum):
    """What `tick` did in a game (the `action` of its report rows; MISSED is followed by the policy)."""

    REMINDED = "reminded"
    RESOLVED_AT_DEADLINE = "resolved at the deadline"
    MISSED = "missed"
    RESOLVED = "resolved"
    WAIT_ENDED = "wait ended at the deadline"


@dataclass(frozen=True, slots=True)
class TickRow:
    """One thing `tick` did in one game; `action` is a TickDone value ("missed: POLICY" for a missed side)."""

    game: int
    action: str
    side: str | None = None
    player: str | None = None
    orders: str | None = None
    deadline: str | None = None
    resolutions: int | None = None
    sides: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {
            "game": self.game,
            "side": self.side,
            "player": self.player,
            "action": self.action,
            "orders": self.orders,
            "deadline": self.deadline,
            "resolutions": self.resolutions,
            "sides": list(self.sides) or None,
        }
        return {key: value for key, value in row.items() if value is not None}

    def text(self) -> str:
        if self.resolutions is not None:
            at_deadline = " at the deadline" if self.action == TickDone.RESOLVED_AT_DEADLINE else ""
            return f"game {self.game}: resolved {self.resolutions} phase(s){at_deadline}"
        if self.action == TickDone.REMINDED:
            return f"game {self.game}: reminded {self.side} ({self.player}), due {self.deadline}"
        if self.action == TickDone.WAIT_ENDED:
            return f"game {self.game}: {self.action} for {', '.join(self.sides)}"
        return f"game {self.game}: {self.side} ({self.player}) {self.action}: {self.orders}"


@dataclass(frozen=True, slots=True)
class TickReport:
    """What one `tick` did, game by game, in the order it did it (empty when nothing was due)."""

    rows: tuple[TickRow, ...]

    def __bool__(self) -> bool:
        return bool(self.rows)

    def as_json(self) -> list[dict[str, Any]]:
        return [row.as_json() for row in self.rows]

    def text(self) -> str:
        return "\n".join(row.text() for row in self.rows)


class DeadlineCases(CorrectionCases):
    """The clock's work (`campaign tick`): reminders, and the missed-orders policy at a deadline."""

    def tick(self, now: str) -> TickReport:
        """Apply deadlines at time `now`: remind late sides, then apply each game's missed-orders policy."""
        from campaign.deadlines import (
            ResolveWhen,
            Schedule,
            TickAction,
            deadline_for,
            decide,
            format_time,
            parse_time,
        )

        moment = parse_time(now)
        stamp = format_time(moment)
        absences = self.absences()
        report: list[TickRow] = []
        for stream in self.games():
            gs = self.load(stream)
            if gs.ended is not None or not gs.schedule or gs.paused_at:
                continue
            schedule = Schedule.from_json(gs.schedule)
            opened = parse_time(gs.phase_opened_at)
            late = sorted({r.side for r in self.awaiting(gs) if not r.optional})
            extra = gs.deadline_extra_hours
            due_by_side = {side: deadline_for(schedule, opened, gs.sides[side], absences, extra) for side in late}
            remind = [
                s for s in late if decide(schedule, due_by_side[s], moment, s in gs.reminded) is TickAction.REMIND
            ]
            apply = [s for s in late if decide(schedule, due_by_side[s], moment, True) is TickAction.APPLY_POLICY]
            if remind:

                def reminders(
                    g: GameState, sides: list[str] = remind, due: dict[str, Any] = due_by_side
                ) -> list[NewEvent]:
                    sent = [ed.ReminderSent(side=s, deadline=format_time(due[s]), now=stamp) for s in sides]
                    return [r.new_event(g.stream, actor="deadline") for r in sent if r.side not in g.reminded]

                self._append_game(stream, reminders)
                report += [
                    TickRow(
                        gs.number, TickDone.REMINDED.value, s, gs.sides[s], deadline=format_time(due_by_side[s])
                    )
                    for s in remind
                ]
            if not late and gs.waits:
                report += self._end_waits_at_deadline(gs, stamp, schedule.resolve is ResolveWhen.WHEN_READY)
            if not late and schedule.resolve is ResolveWhen.AT_DEADLINE and not self.holds_for_deadline(gs, stamp):
                resolved = self.advance(stream, now=stamp)
                if isinstance(resolved, list) and resolved:
                    at_deadline = TickDone.RESOLVED_AT_DEADLINE.value
                    report.append(TickRow(gs.number, at_deadline, resolutions=len(resolved)))
            if apply:
                filed = self._apply_missed(stream, apply, schedule, stamp, due_by_side)
                missed = f"{TickDone.MISSED.value}: {schedule.missed.value}"
                report += [
                    TickRow(gs.number, missed, s, gs.sides[s], text, format_time(due_by_side[s])) for s, text in filed
                ]
                resolved = self.advance(stream, now=stamp)
                if isinstance(resolved, list) and resolved:
                    report.append(TickRow(gs.number, TickDone.RESOLVED.value, resolutions=len(resolved)))
        return TickReport(tuple(report))

    def _end_waits_at_deadline(self, gs: GameState, stamp: str, when_ready: bool) -> list[TickRow]:
        """WAIT holds a phase only until its deadline: at the deadline end every WAIT on it (a WaitSet off) and,
        for a `when-ready` game, resolve the phase if that made it ready. The report rows of what was done."""
        from campaign.deadlines import parse_time, phase_deadline

        if gs.schedule is None:
            return []
        if parse_time(stamp) < phase_deadline(gs.schedule, gs.phase_opened_at, gs.deadline_extra_hours):
            return []

        def build(g: GameState) -> list[NewEvent]:
            return [ed.WaitSet(side=side, on=False).new_event(g.stream, actor="deadline") for side in sorted(g.waits)]

        _, sealed = self._append_game(gs.stream, build)
        if not sealed:
            return []
        report = [TickRow(gs.number, TickDone.WAIT_ENDED.value, sides=tuple(sorted(gs.waits)))]
        if when_ready:
            resolved = self.advance(gs.stream, now=stamp)
            if isinstance(resolved, list) and resolved:
                report.append(TickRow(gs.number, TickDone.RESOLVED.value, resolutions=len(resolved)))
        return report

    def _apply_missed(
        self, stream: str, sides: list[str], schedule: Any, stamp: str, due: dict[str, Any]
    ) -> list[tuple[str, str]]:
        from campaign.deadlines import format_time

        filed: list[tuple[str, str]] = []

        def build(gs: GameState) -> list[NewEvent]:
            filed.clear()
            still = [s for s in sides if s in {r.side for r in self.awaiting(gs) if not r.optional}]
            if not still:
                return []
            events = [
                ed.DeadlinePassed(
                    now=stamp,
                    sides=still,
                    policy=schedule.missed.value,
                    deadlines={s: format_time(due[s]) for s in still},
                ).new_event(gs.stream, actor="deadline")
            ]
            state = gs.state
            for side in still:
                question = next(
                    (q for k, q in sorted(gs.asked.items()) if q["side"] == side and k not in gs.answers), None
                )
                if question is not None:  # a decision the side did not answer: its default applies
                    answer = ed.DecisionMade(
                        side=side, key=question["key"], answer=question["default"], player="deadline"
                    )
                    events.append(answer.new_event(gs.stream, actor="deadline"))
                    filed.append((side, f"decision {question['key']}: {question['default']}"))
                    continue
                text, accepted = self._default_orders(gs, state, side, schedule.missed)
                salt = self._salt(gs.stream, accepted.key, accepted.side, accepted.canonical)
                salted = sealed_extra(gs.ruleset, state, accepted.key, accepted.canonical, salt)
                state = gs.ruleset.apply_orders(gs.ruleset.load(gs.ruleset.dump(state)), accepted)
                filed.append((side, accepted.canonical))
                events.append(
                    ed.OrdersSubmitted(
                        side=side,
                        player=gs.sides[side],
                        key=accepted.key,
                        data=accepted.data,
                        canonical=accepted.canonical,
                        orders_hash=orders_hash(accepted.canonical),
                        policy=schedule.missed.value,
                        salt=salted.get("salt"),
                        commitment=salted.get("commitment"),
                    ).new_event(gs.stream, actor="deadline")
                )
            return events

        self._append_game(stream, build)
        return list(filed)

    def _default_orders(self, gs: GameState, state: Any, side: str, policy: Any) -> tuple[str, AcceptedOrders]:
        """Orders for a side that missed its deadline; falls back to HOLD if the policy's orders fail."""
        from campaign.ruleset import MissedOrders

        rs = gs.ruleset
        attempts = [policy] + ([MissedOrders.HOLD] if policy is not MissedOrders.HOLD else [])
        last_error: Exception | None = None
        for pol in attempts:
            try:
                if pol is MissedOrders.BOT:
                    seed = int(hashlib.sha256(f"{gs.stream}/{gs.phase_seq}/{side}".encode()).hexdigest()[:8], 16)
                    text = rs.bot_orders(state, side, seed)
                else:
                    text = rs.default_orders(state, side, pol)
                return text, rs.parse_orders(state, side, text)
            except (NotImplementedError, OrdersRejected) as exc:
                last_error = exc
        raise UserError(f"game {gs.number}: no default orders could be made for {side}: {last_error}")
