"""The referee's corrections on the log: resigning a side, voiding events (and what they caused).

Part of the `Campaign` use cases (campaign/service/__init__.py puts the layers together).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from campaign import eventdata as ed
from campaign.dice import DiceMode
from campaign.eventlog import Event, NewEvent
from campaign.events import (
    EventType,
)
from campaign.replay import (
    GameState,
)
from campaign.service.base import (
    UserError,
)
from campaign.service.orders import OrderCases


def _void_origin(gs: GameState, events: Mapping[int, Event], first: int) -> int:
    """Where a correction's cascade starts: after `first - 1`, or after the last resolution before
    it when an order still standing in that phase was accepted before the commitment of the seed
    that will roll on it (the current one, or the fresh one a revealed seed needs): then the whole
    phase opens again, so no order is ever rolled on a seed committed after it [docs/dice.md]."""
    start = max(
        (s for s, ev in events.items() if s < first and s not in gs.voided and ev.type == EventType.PHASE_RESOLVED),
        default=0,
    )
    if gs.dice_mode is not DiceMode.FAIR:
        return first - 1
    fresh = gs.seed_no in gs.revealed
    committed = max(
        (s for s, ev in events.items() if ev.type == EventType.SEED_COMMITTED and ev.payload["seed_no"] == gs.seed_no),
        default=0,
    )
    standing = [
        s
        for s, ev in events.items()
        if start < s < first and s not in gs.voided and ev.type == EventType.ORDERS_SUBMITTED
    ]
    return start if any(fresh or s < committed for s in standing) else first - 1


@dataclass(frozen=True, slots=True)
class Voided:
    """`referee void`: the events named, the ones voided because they followed, and why."""

    named: tuple[int, ...]
    also: tuple[int, ...]
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"named": list(self.named), "also": list(self.also), "reason": self.reason}

    def text(self) -> str:
        line = f"voided {', '.join(map(str, self.named))}: {self.reason}"
        return line + (f"\nalso voided, as they followed: {', '.join(map(str, self.also))}" if self.also else "")


class CorrectionCases(OrderCases):
    """The referee's corrections on the log: resigning a side, voiding events (and what they caused)."""

    def resign(self, game: str | int, player: str, side: str | None = None) -> dict[str, Any]:
        """A side resigns: the game ends, the other side wins (two-sided games), the seed is revealed."""
        _, sealed = self._append_game(game, lambda gs: self.plan_resign(gs, player, side))
        return dict(sealed[-1].payload)

    def plan_resign(self, gs: GameState, player: str, side: str | None = None) -> list[NewEvent]:
        self._require_running(gs)
        chosen = self._side_for(gs, player, side)
        others = sorted(s for s in gs.sides if s != chosen)
        winner = others[0] if len(others) == 1 else None
        events = [ed.Resigned(side=chosen).new_event(gs.stream, actor=player)]
        if gs.dice_mode is DiceMode.FAIR and gs.seed_no not in gs.revealed and gs.seed_no:
            events.append(self._reveal_event(gs))
        events.append(ed.GameEnded(winner=winner, reason=f"{chosen} resigned").new_event(gs.stream))
        return events

    def void(self, game: str | int, seqs: Sequence[int], reason: str, actor: str = "referee") -> Voided:
        """Referee correction: void named inputs, and every resolution and input that followed them.

        Replay skips voided events from then on; the phase of the earliest voided input opens
        again. Voided dice keep their roll numbers (nobody can re-roll a die by voiding it), and
        if the game's current seed is already public a fresh one is committed.
        """
        if not reason.strip():
            raise UserError("a correction needs a reason (--reason TEXT): everyone is told it")
        if not seqs:
            raise UserError("name at least one event to void (see `campaign log GAME` for their numbers)")
        voidable = {
            EventType.ORDERS_SUBMITTED,
            EventType.ORDERS_WITHDRAWN,
            EventType.DICE_ENTERED,
            EventType.WAIT_SET,
            EventType.DEADLINE_PASSED,
            EventType.RESIGNED,
        }
        follows = voidable | {
            EventType.DICE_ROLLED,
            EventType.PHASE_RESOLVED,
            EventType.GAME_ENDED,
            EventType.REMINDER_SENT,
        }
        info: list[Voided] = []

        def build(gs: GameState) -> list[NewEvent]:
            events = {ev.seq: ev for ev in self.store.read(stream=gs.stream)}
            named = sorted(set(seqs))
            for seq in named:
                ev = events.get(seq)
                if ev is None:
                    raise UserError(f"event {seq} is not part of game {gs.number}")
                if seq in gs.voided:
                    raise UserError(f"event {seq} is already voided")
                if ev.type not in {t.value for t in voidable}:
                    raise UserError(
                        f"event {seq} is a {ev.type}; only inputs can be voided"
                        f" ({', '.join(sorted(t.value for t in voidable))})"
                    )
            origin = _void_origin(gs, events, named[0])
            cascade = sorted(
                s
                for s, ev in events.items()
                if s > origin and s not in gs.voided and ev.type in {t.value for t in follows}
            )
            all_seqs = sorted(set(named) | set(cascade))
            info[:] = [Voided(tuple(named), tuple(s for s in cascade if s not in named), reason.strip())]
            out = [ed.EventsVoided(seqs=all_seqs, named=named, reason=reason.strip()).new_event(gs.stream, actor=actor)]
            if gs.dice_mode is DiceMode.FAIR and gs.seed_no in gs.revealed:
                commit, new_secrets = self._commit_seed(gs.stream, gs.seed_no + 1)
                out.append(commit)
                secrets.update(new_secrets)
            return out

        secrets: dict[str, str] = {}
        self._append_game(game, build, secrets=secrets)
        return info[0]
