"""Orders: submitting, checking against the state, withdrawing, waiting, press messages.

Part of the `Campaign` use cases (campaign/service/__init__.py puts the layers together).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from campaign import eventdata as ed
from campaign.eventlog import ConflictError, Event, NewEvent
from campaign.events import (
    EventType,
)
from campaign.replay import (
    GameState,
    engine_id,
)
from campaign.ruleset import AcceptedOrders, OrderError, OrdersRejected
from campaign.sealed import sealed_extra
from campaign.service.base import (
    MAX_RETRIES,
    UserError,
)
from campaign.service.resolution import (
    Advanced,
    ResolutionCases,
    ResolutionReport,
    WaitingForDecision,
    WaitingForDice,
)


@dataclass(frozen=True, slots=True)
class Receipt:
    """What a player gets back for accepted orders: what is on file and the chain head."""

    game: str
    side: str
    key: str
    canonical: str
    orders_hash: str
    seq: int
    chain_head: str
    resolved: list[ResolutionReport] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Withdrawn:
    """`orders withdraw`: the key of the orders taken back."""

    key: str

    def as_json(self) -> dict[str, Any]:
        return {"withdrawn": self.key}

    def text(self) -> str:
        return f"withdrew the orders on file for {self.key}"


@dataclass(frozen=True, slots=True)
class WaitChanged:
    """`orders wait`: whether the phase now waits for its deadline (WAIT) or not (NOWAIT)."""

    on: bool

    def as_json(self) -> dict[str, Any]:
        return {"wait": self.on}

    def text(self) -> str:
        return "the phase will wait for its deadline" if self.on else "the phase resolves as soon as everyone is in"


@dataclass(frozen=True, slots=True)
class Filed:
    """`campaign orders submit`: the receipt, what the game waits for afterwards, the chain head then."""

    receipt: Receipt
    pending: Advanced
    chain_head: str

    @property
    def waiting_for_dice(self) -> str | None:
        return self.pending.needed if isinstance(self.pending, WaitingForDice) else None

    @property
    def decision(self) -> dict[str, Any] | None:
        return self.pending.as_json() if isinstance(self.pending, WaitingForDecision) else None

    def as_json(self) -> dict[str, Any]:
        r = self.receipt
        return {
            "game": r.game,
            "side": r.side,
            "key": r.key,
            "orders_hash": r.orders_hash,
            "seq": r.seq,
            "chain_head": self.chain_head,
            "resolved": [report.as_json() for report in r.resolved],
            "waiting_for_dice": self.waiting_for_dice,
            "waiting_for_decision": self.decision,
        }


def orders_hash(canonical_text: str) -> str:
    """SHA-256 of the canonical orders text: the receipt a player can compare."""
    return hashlib.sha256(canonical_text.encode("utf-8")).hexdigest()


class OrderCases(ResolutionCases):
    """Orders: submitting, checking against the state, withdrawing, waiting, press messages."""

    def submit_orders(
        self,
        game: str | int,
        player: str,
        text: str,
        *,
        side: str | None = None,
        resolve: bool = True,
        via: Mapping[str, Any] | None = None,
    ) -> Receipt:
        """Validate and file orders; resolve whatever became ready. Raises OrdersRejected or UserError.

        `via` says how the orders came in, kept in the event: ``{"entered_by": "referee", "for": player}``
        for `orders submit`, ``{"mail": message_id, "raw_sha256": ...}`` for order mail.
        """
        for _ in range(MAX_RETRIES):
            gs = self.load(game)
            event, accepted = self.plan_orders(gs, player, text, side, via=via)
            try:
                sealed = self.store.append([event], expected={gs.stream: gs.version}, engine=engine_id(gs.ruleset))
            except ConflictError:
                continue
            reports = self.advance(gs.stream) if resolve else []
            head = self.store.head()
            return Receipt(
                game=gs.stream,
                side=accepted.side,
                key=accepted.key,
                canonical=accepted.canonical,
                orders_hash=orders_hash(accepted.canonical),
                seq=sealed[0].seq,
                chain_head=head[1],
                resolved=reports if isinstance(reports, list) else [],
            )
        raise UserError("the game is too busy right now (others keep writing); try again")

    def plan_orders(
        self, gs: GameState, player: str, text: str, side: str | None = None, *, via: Mapping[str, Any] | None = None
    ) -> tuple[NewEvent, AcceptedOrders]:
        """The OrdersSubmitted event for `text`, checked against `gs`; raises OrdersRejected or UserError.

        While a resolution waits for this side's decision, the text is that decision's answer.
        """
        chosen = self._side_for(gs, player, side)
        if gs.ended is not None:
            raise UserError(f"game {gs.number} is over ({gs.ended.get('reason', 'ended')}); no more orders")
        open_questions = [q for k, q in sorted(gs.asked.items()) if q["side"] == chosen and k not in gs.answers]
        if open_questions:
            return self._plan_answer(gs, player, open_questions[0], text)
        wanted = [r for r in gs.ruleset.pending(gs.state) if r.side == chosen]
        if not wanted and self._orders_on_file(gs, chosen) is None:  # on file: new orders replace them
            now = ", ".join(f"{r.side} ({r.phase})" for r in self.awaiting(gs)) or "nobody"
            raise UserError(f"game {gs.number} expects no orders from {chosen} now; waiting for: {now}")
        accepted = gs.ruleset.parse_orders(gs.state, chosen, text)
        salt = self._salt(gs.stream, accepted.key, accepted.side, accepted.canonical)
        seal = sealed_extra(gs.ruleset, gs.state, accepted.key, accepted.canonical, salt)
        event = ed.OrdersSubmitted(
            side=accepted.side,
            player=player,
            key=accepted.key,
            data=accepted.data,
            canonical=accepted.canonical,
            orders_hash=orders_hash(accepted.canonical),
            via=dict(via) if via else None,
            salt=seal.get("salt"),
            commitment=seal.get("commitment"),
        ).new_event(gs.stream, actor=player)
        return event, accepted

    def _plan_answer(
        self, gs: GameState, player: str, question: dict[str, Any], text: str
    ) -> tuple[NewEvent, AcceptedOrders]:
        """A DecisionMade event for the first word of `text`, which must be one of the options."""
        options = list(question["options"])
        lines = [(n, ln) for n, ln in enumerate(text.splitlines(), start=1) if ln.split("#", 1)[0].strip()]
        if not lines:
            raise OrdersRejected(
                [
                    OrderError(
                        1,
                        0,
                        "E-DECISION",
                        f"{question['question']} needs an answer",
                        "",
                        f"answer one of: {', '.join(options)}",
                    )
                ]
            )
        number, line = lines[0]
        word = line.split("#", 1)[0].strip().split()[0].lower()
        match = [o for o in options if o.lower() == word]
        if not match or len(lines) > 1:
            why = f"{word!r} is not one of {', '.join(options)}" if not match else "give only the answer, on one line"
            raise OrdersRejected(
                [
                    OrderError(
                        number,
                        1,
                        "E-DECISION",
                        f"{question['question']}: {why}",
                        line,
                        f"answer one of: {', '.join(options)}",
                    )
                ]
            )
        made = ed.DecisionMade(side=question["side"], key=question["key"], answer=match[0], player=player)
        event = made.new_event(gs.stream, actor=player)
        return event, AcceptedOrders(question["side"], question["key"], made.payload(), match[0])

    def _orders_on_file(self, gs: GameState, side: str) -> str | None:
        """The key of `side`'s orders filed since the current phase opened, if still standing."""
        key: str | None = None
        voided = gs.voided
        for ev in self.store.read(stream=gs.stream, after=gs.phase_seq):
            if ev.seq in voided:
                continue
            if ev.type == EventType.ORDERS_SUBMITTED and ev.payload["side"] == side:
                key = ev.payload["key"]
            elif ev.type == EventType.ORDERS_WITHDRAWN and ev.payload["side"] == side:
                key = None
        return key

    def set_wait(self, game: str | int, player: str, on: bool = True, side: str | None = None) -> WaitChanged:
        """WAIT: do not resolve the current phase before its deadline (NOWAIT takes it back)."""
        self._append_game(game, lambda gs: self.plan_wait(gs, player, on, side))
        if not on:
            self.advance(game)
        return WaitChanged(on)

    def plan_wait(self, gs: GameState, player: str, on: bool, side: str | None = None) -> list[NewEvent]:
        self._require_running(gs)
        if on and not gs.schedule:
            raise UserError(
                f"game {gs.number} has no deadline, so WAIT would hold the phase for ever; the phase resolves"
                " as soon as every side's orders are in (ask the referee to set a deadline if you need time)"
            )
        chosen = self._side_for(gs, player, side)
        return [ed.WaitSet(side=chosen, on=on).new_event(gs.stream, actor=player)]

    def withdraw(self, game: str | int, player: str, side: str | None = None) -> Withdrawn:
        """Take back the orders on file for the current phase (only before any die was rolled on them)."""
        _, sealed = self._append_game(game, lambda gs: self.plan_withdraw(gs, player, side))
        return Withdrawn(str(sealed[0].payload["key"]))

    def plan_withdraw(self, gs: GameState, player: str, side: str | None = None) -> list[NewEvent]:
        self._require_running(gs)
        chosen = self._side_for(gs, player, side)
        on_file = self._orders_on_file(gs, chosen)
        if on_file is None:
            raise UserError(
                f"{chosen} has no orders on file for the current phase of game {gs.number}"
                " (orders that were resolved cannot be withdrawn: dice have been rolled on them)"
            )
        return [ed.OrdersWithdrawn(side=chosen, key=on_file).new_event(gs.stream, actor=player)]

    def press(self, game: str | int, player: str, to: str, text: str, side: str | None = None) -> Event:
        """Log a message from a player's side to another side or to all."""
        return self._append_game(game, lambda gs: self.plan_press(gs, player, to, text, side))[1][0]

    def plan_press(self, gs: GameState, player: str, to: str, text: str, side: str | None = None) -> list[NewEvent]:
        chosen = self._side_for(gs, player, side)
        if to != "all" and to not in gs.sides:
            raise UserError(
                f"press goes to a side of game {gs.number} or to 'all' (sides: {', '.join(sorted(gs.sides))})"
            )
        if not text.strip():
            raise UserError("the press message is empty")
        return [ed.PressSent(from_=chosen, to=to, text=text.strip()).new_event(gs.stream, actor=player)]
