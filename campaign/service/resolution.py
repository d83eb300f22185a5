"""Resolution: who must act, resolving phases with fair or manual dice, decisions, reveals.

Part of the `Campaign` use cases (campaign/service/__init__.py puts the layers together).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from campaign import dice
from campaign import eventdata as ed
from campaign.dice import DiceMode, FairDice, ManualDice, NeedMoreDice
from campaign.eventlog import ConflictError, Event
from campaign.events import (
    BINDING_CHAIN,
    BINDING_INPUTS,
    DICE_ROLLED_SCHEMA,
    EventType,
)
from campaign.replay import (
    GameState,
    apply_event,
    checkpoint,
    engine_id,
    narrative_hash,
    snapshot_data,
)
from campaign.ruleset import NeedDecision, Request, RequestKind
from campaign.service.base import (
    MAX_RETRIES,
    UserError,
    _seed_name,
)
from campaign.service.games import GameCases


@dataclass(frozen=True, slots=True)
class ResolutionReport:
    """One resolution that ran: where it is in the log and what happened."""

    seq: int
    turn: int
    phase: str
    narrative: list[str]
    rolls: int

    def as_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "turn": self.turn,
            "phase": self.phase,
            "narrative": self.narrative,
            "dice": self.rolls,
        }


@dataclass(frozen=True, slots=True)
class WaitingForDice:
    """Manual dice ran out during a resolution: nothing was written."""

    game: str
    needed: str

    def as_json(self) -> dict[str, Any]:
        return {"dice": self.needed}


@dataclass(frozen=True, slots=True)
class DiceNeeded:
    """The next die a manual-dice resolution waits for, and how many entered dice it has already."""

    sides: int
    purpose: str
    queued: int

    def as_json(self) -> dict[str, Any]:
        return {"sides": self.sides, "purpose": self.purpose, "queued": self.queued}

    def __str__(self) -> str:
        return f"a d{self.sides} for {self.purpose} (die {self.queued + 1} of this resolution)"


@dataclass(frozen=True, slots=True)
class WaitingForDecision:
    """A resolution stopped for a side's decision: only the request was written."""

    game: str
    side: str
    key: str
    question: str
    options: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"side": self.side, "key": self.key, "question": self.question, "options": list(self.options)}


Advanced = list[ResolutionReport] | WaitingForDice | WaitingForDecision | None
"""What `Campaign.advance` did: the resolutions that ran, or what the game now waits for (None: busy)."""


@dataclass(frozen=True, slots=True)
class Progress:
    """What an advance did, as `campaign dice enter` reports it."""

    result: Advanced

    def as_json(self) -> dict[str, Any]:
        if isinstance(self.result, WaitingForDice):
            return {"resolved": [], "waiting": self.result.as_json()}
        if isinstance(self.result, WaitingForDecision):
            return {"resolved": [], "waiting": {"decision": self.result.as_json()}}
        return {"resolved": [r.as_json() for r in self.result or []]}

    def text(self) -> str:
        if isinstance(self.result, WaitingForDice):
            return f"still waiting: {self.result.needed}"
        if isinstance(self.result, WaitingForDecision):
            asked = self.result
            return f"waiting for {asked.side}'s decision: {asked.question} ({' / '.join(asked.options)})"
        lines = []
        for done in self.result or []:
            lines.append(f"-- resolved {phase_label(done.turn, done.phase)} ({done.rolls} dice), event {done.seq}")
            lines += [f"   {line}" for line in done.narrative]
        return "\n".join(lines)


def phase_label(turn: int, phase: str) -> str:
    """'turn 3, orders', or the phase alone when it already names its turn."""
    return phase if phase.startswith("turn") else f"turn {turn}, {phase}"


@dataclass(frozen=True, slots=True)
class DiceEntered:
    """`dice enter`: the values queued, the event that holds them, and what the advance after them did."""

    values: tuple[int, ...]
    seq: int
    progress: Progress

    def as_json(self) -> dict[str, Any]:
        return {"entered": list(self.values), "seq": self.seq, **self.progress.as_json()}

    def text(self) -> str:
        after = self.progress.text()
        return f"queued {len(self.values)} dice (event {self.seq})" + (f"\n{after}" if after else "")


@dataclass(frozen=True, slots=True)
class DiceCleared:
    """`dice clear`: the hand-entered values dropped, by the event that dropped them."""

    game: int
    seq: int
    values: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "seq": self.seq, "cleared": list(self.values)}

    def text(self) -> str:
        return f"cleared {len(self.values)} queued dice (event {self.seq})"


@dataclass(frozen=True, slots=True)
class SeedRow:
    """One dice seed of a game for `campaign dice reveal`: its commitment, and the seed once public."""

    seed_no: int
    commitment: str
    seed: str | None
    matches: bool | None
    """Whether the revealed seed hashes to the commitment (None while it is secret)."""

    @classmethod
    def of(cls, gs: GameState) -> list[SeedRow]:
        rows = []
        for no, commit in sorted(gs.commitments.items()):
            seed = gs.revealed.get(no)
            ok = None if seed is None else dice.commitment(bytes.fromhex(seed)) == commit
            rows.append(cls(no, commit, seed, ok))
        return rows

    def as_json(self) -> dict[str, Any]:
        return {"seed_no": self.seed_no, "commitment": self.commitment, "seed": self.seed, "matches": self.matches}

    def text(self) -> str:
        state = "secret until its turn closes" if self.seed is None else self.seed
        mark = "" if self.matches is None else ("  (matches)" if self.matches else "  (DOES NOT MATCH)")
        return f"seed {self.seed_no}: commitment {self.commitment}\n        seed {state}{mark}"


class ResolutionCases(GameCases):
    """Resolution: who must act, resolving phases with fair or manual dice, decisions, reveals."""

    def awaiting(self, gs: GameState) -> list[Any]:
        """The ruleset's requests that no orders on file answer yet (who the game is waiting for)."""
        on_file: set[tuple[str, str]] = set()
        for ev in self.store.read(stream=gs.stream, after=gs.phase_seq):
            if ev.seq in gs.voided:
                continue
            key = (ev.payload.get("side", ""), ev.payload.get("key", ""))
            if ev.type == EventType.ORDERS_SUBMITTED:
                on_file.add(key)
            elif ev.type == EventType.ORDERS_WITHDRAWN:
                on_file.discard(key)
        asked = [
            Request(
                q["side"],
                RequestKind.DECISION,
                q["key"],
                "decision",
                f"{q['question']} Answer with one of: {', '.join(q['options'])}.",
            )
            for k, q in sorted(gs.asked.items())
            if k not in gs.answers
        ]
        if asked:
            return asked  # the phase cannot go on until these are answered
        return [r for r in gs.ruleset.pending(gs.state) if (r.side, r.key) not in on_file]

    def advance(
        self, game: str | int, *, limit: int = 1000, now: str | None = None
    ) -> list[ResolutionReport] | WaitingForDice | WaitingForDecision:
        """Resolve every phase that is ready, one transaction each; stop when input is needed.

        A game whose `resolve` option is at-deadline resolves a phase only once its deadline has
        passed (`now`, else the campaign's clock).
        """
        reports: list[ResolutionReport] = []
        for _ in range(limit):
            gs = self.load(game)
            if gs.ended is not None or gs.waits or not gs.ruleset.ready(gs.state):
                return reports
            if self.holds_for_deadline(gs, now):
                return reports
            outcome = self._resolve_once(gs)
            if isinstance(outcome, WaitingForDice | WaitingForDecision):
                return outcome if not reports else reports
            if outcome is not None:
                reports.append(outcome)
        return reports

    def holds_for_deadline(self, gs: GameState, now: str | None = None) -> bool:
        """True when the game resolves at the deadline and the current phase's has not passed."""
        from campaign.deadlines import ResolveWhen, parse_time, phase_deadline, resolve_when

        if resolve_when(gs.schedule) is not ResolveWhen.AT_DEADLINE or gs.schedule is None:
            return False
        if gs.paused_at:
            return True
        due = phase_deadline(gs.schedule, gs.phase_opened_at, gs.deadline_extra_hours)
        return parse_time(now or self.store.clock()) < due

    def _resolve_once(self, gs: GameState) -> ResolutionReport | WaitingForDice | WaitingForDecision | None:
        rs = gs.ruleset
        work = rs.load(rs.dump(gs.state))
        # the dice are bound to what the players sent and the board before resolution, never to a
        # time or an event hash; a phase that stopped for a decision re-derives the dice it had:
        # the first request's inputs document and first roll number [docs/dice.md]
        resumed = gs.resume
        legacy = resumed is not None and resumed.get("inputs") is None  # stopped by an older version
        inputs = None if legacy else (resumed["inputs"] if resumed else self.inputs_document(gs))
        bound = resumed["inputs_hash"] if resumed else dice.inputs_hash(inputs or {})
        first_n = resumed["next_n"] if resumed else gs.next_n
        source = self._dice_source(gs, bound, first_n, BINDING_CHAIN if legacy else BINDING_INPUTS)
        turn_before, phase_before = rs.turn(work), rs.phase(work)
        try:
            result = rs.resolve(work, source)
        except NeedMoreDice as exc:
            return WaitingForDice(gs.stream, str(exc))
        except NeedDecision as need:
            return self._ask(gs, need, inputs, bound, first_n)
        schema = 1 if legacy else DICE_ROLLED_SCHEMA
        events = [ed.DiceRolled.of(r).new_event(gs.stream, schema=schema) for r in source.rolls]
        turn_after = rs.turn(result.state)
        resolved = ed.PhaseResolved(
            turn=turn_before,
            phase=phase_before,
            dice=len(source.rolls),
            checkpoint=checkpoint(rs, result.state),
            narrative_hash=narrative_hash(list(result.narrative)),
            inputs=inputs,
            resumed_from=resumed["seq"] if resumed else None,
        )
        events.append(resolved.new_event(gs.stream))
        outcome = rs.outcome(result.state)
        secrets: dict[str, str] = {}
        if gs.dice_mode is DiceMode.FAIR and (turn_after != turn_before or outcome is not None):
            events.append(self._reveal_event(gs))
            if outcome is None:
                ev, secrets = self._commit_seed(gs.stream, gs.seed_no + 1)
                events.append(ev)
        if outcome is not None:
            events.append(ed.GameEnded(winner=outcome.winner, reason=outcome.reason).new_event(gs.stream))
        try:
            sealed = self.store.append(events, expected={gs.stream: gs.version}, engine=engine_id(rs), secrets=secrets)
        except ConflictError:
            return None  # someone else resolved it; the caller re-reads
        resolved_seq = next(e.seq for e in sealed if e.type == EventType.PHASE_RESOLVED)
        if self._latest.get(gs.stream) is gs and sealed[0].version == gs.version + 1:
            # keep the cached state current without running the engine a second time
            for done in sealed:
                apply_event(gs, done, precomputed=result if done.type == EventType.PHASE_RESOLVED else None)
                if done.type == EventType.PHASE_RESOLVED and turn_after != turn_before:
                    self.store.put_snapshot(gs.stream, done.seq, engine_id(rs), snapshot_data(gs), done.hash)
        return ResolutionReport(resolved_seq, turn_before, phase_before, list(result.narrative), len(source.rolls))

    def _dice_source(self, gs: GameState, bound: str, first_n: int, binding: int) -> FairDice | ManualDice:
        if gs.dice_mode is not DiceMode.FAIR:
            return ManualDice(list(gs.manual_pool), answers=gs.decision_answers())
        seed_hex = self.store.secret(_seed_name(gs.stream, gs.seed_no))
        if seed_hex is None:
            raise UserError(
                f"game {gs.number}: the secret for dice seed {gs.seed_no} is missing from this file"
                " (was it imported without --with-secrets?)"
            )
        answers = gs.decision_answers()
        return FairDice(
            bytes.fromhex(seed_hex), gs.stream, gs.seed_no, bound, first_n, answers=answers, binding=binding
        )

    def _ask(
        self, gs: GameState, need: NeedDecision, inputs: dict[str, Any] | None, bound: str, first_n: int
    ) -> WaitingForDecision | None:
        """Log a decision request (once); the resolution will re-derive the same dice when answered."""
        waiting = WaitingForDecision(gs.stream, need.side, need.key, need.question, need.options)
        if f"{need.side}|{need.key}" in gs.asked:
            return waiting
        request = ed.DecisionRequested(
            side=need.side,
            key=need.key,
            question=need.question,
            options=list(need.options),
            default=need.default,
            inputs_hash=bound,
            next_n=first_n,
            inputs=inputs,
        ).new_event(gs.stream)
        try:
            self.store.append([request], expected={gs.stream: gs.version}, engine=engine_id(gs.ruleset))
        except ConflictError:
            return None
        return waiting

    def inputs_document(self, gs: GameState) -> dict[str, Any]:
        """The inputs a resolution of `gs` is bound to: orders and decisions on file since the last
        resolution (not voided, not withdrawn), the phase and the board's checkpoint [docs/dice.md]."""
        orders: dict[tuple[str, str], str] = {}
        decisions: dict[tuple[str, str], str] = {}
        for ev in self.store.read(stream=gs.stream, after=gs.last_resolution_seq):
            if ev.seq in gs.voided:
                continue
            p = ev.payload
            if ev.type == EventType.ORDERS_SUBMITTED:
                orders[(p["side"], p["key"])] = p["orders_hash"]
            elif ev.type == EventType.ORDERS_WITHDRAWN:
                orders.pop((p["side"], p["key"]), None)
            elif ev.type == EventType.DECISION_MADE:
                decisions[(p["side"], p["key"])] = p["answer"]
        rs = gs.ruleset
        return dice.inputs_document(
            gs.stream, rs.turn(gs.state), rs.phase(gs.state), orders, decisions, checkpoint(rs, gs.state)
        )

    def enter_dice(self, game: str | int, values: Sequence[int], actor: str = "referee") -> Event:
        """Queue dice rolled by hand for the resolution now waiting for them; refuse any that do not fit.

        Only the dice the waiting resolution still needs are taken: a value that is not a face of
        the die asked for, or more dice than the resolution uses, is refused with nothing stored,
        so a mistyped die can never sit in the queue and block a later phase.
        """
        for _ in range(MAX_RETRIES):
            gs = self.load(game)
            if gs.dice_mode is not DiceMode.MANUAL:
                raise UserError(f"game {gs.number} uses fair dice; only manual-dice games take entered dice")
            bad = [v for v in values if not 1 <= v <= dice.MAX_SIDES]
            if bad or not values:
                raise UserError(f"dice values must be whole numbers from 1 up (got {list(values)})")
            self._check_entered_dice(gs, list(values))
            try:
                return self.store.append(
                    [ed.DiceEntered(values=list(values)).new_event(gs.stream, actor=actor)],
                    expected={gs.stream: gs.version},
                )[0]
            except ConflictError:
                continue
        raise UserError("the game is too busy right now; try again")

    def dice_needed(self, gs: GameState) -> DiceNeeded | None:
        """The next die a manual-dice game waits for (size and purpose), or None when it waits for none."""
        if gs.dice_mode is not DiceMode.MANUAL or gs.ended is not None or gs.waits or not gs.ruleset.ready(gs.state):
            return None
        rs = gs.ruleset
        trial = ManualDice(list(gs.manual_pool), answers=gs.decision_answers())
        try:
            rs.resolve(rs.load(rs.dump(gs.state)), trial)
        except NeedMoreDice as need:
            return DiceNeeded(need.sides, need.purpose, len(gs.manual_pool))
        except (NeedDecision, dice.BadManualDie):
            return None
        return None

    def _check_entered_dice(self, gs: GameState, values: list[int]) -> None:
        """Refuse dice that do not fit the dice the waiting resolution asks for (nothing is stored)."""
        if gs.ended is not None:
            raise UserError(f"game {gs.number} is over: it takes no more dice")
        if gs.waits or not gs.ruleset.ready(gs.state):
            waiting = ", ".join(f"{r.side} ({r.kind.value})" for r in self.awaiting(gs)) or "nobody"
            raise UserError(
                f"game {gs.number} is not waiting for dice: it waits for {waiting}; enter dice once the phase"
                " is ready to resolve (`campaign status` says when, and which die comes first)"
            )
        rs = gs.ruleset
        pool = gs.manual_pool + values
        trial = ManualDice(pool, answers=gs.decision_answers())
        try:
            rs.resolve(rs.load(rs.dump(gs.state)), trial)
        except dice.BadManualDie as exc:
            raise UserError(f"{exc}; nothing was stored: enter the dice again") from None
        except NeedMoreDice:
            pass
        except NeedDecision:
            return  # dice past an open decision cannot be checked until it is answered
        used = len(trial.rolls)
        if used < len(pool):
            wanted = used - len(gs.manual_pool)
            sizes = ", ".join(f"d{r.sides}" for r in trial.rolls[len(gs.manual_pool) :]) or "none"
            raise UserError(
                f"game {gs.number}: this resolution needs {wanted} more {'die' if wanted == 1 else 'dice'}"
                f" ({sizes}), but {len(values)} were entered; nothing was stored: enter exactly those"
            )

    def clear_dice(self, game: str | int, reason: str, actor: str = "referee") -> Event:
        """Drop every hand-entered die still queued (the log keeps them, replay skips them)."""
        for _ in range(MAX_RETRIES):
            gs = self.load(game)
            if gs.dice_mode is not DiceMode.MANUAL:
                raise UserError(f"game {gs.number} uses fair dice: there is no queue of entered dice")
            if not gs.manual_pool:
                raise UserError(f"game {gs.number} has no entered dice waiting: nothing to clear")
            cleared = ed.DiceCleared(values=list(gs.manual_pool), reason=reason)
            try:
                return self.store.append(
                    [cleared.new_event(gs.stream, actor=actor)],
                    expected={gs.stream: gs.version},
                )[0]
            except ConflictError:
                continue
        raise UserError("the game is too busy right now; try again")

    def reveal_now(self, game: str | int) -> Event | None:
        """Reveal the current seed of a finished game (a running game reveals at each turn end)."""
        gs = self.load(game)
        if gs.dice_mode is not DiceMode.FAIR:
            raise UserError(f"game {gs.number} uses manual dice: there is no seed to reveal")
        if gs.seed_no in gs.revealed or gs.seed_no == 0:
            return None
        if gs.ended is None:
            raise UserError(
                f"game {gs.number} is still in turn {gs.turn}: its seed is revealed when the turn closes"
                " (revealing it now would let players predict the rest of the turn's dice)"
            )
        return self.store.append([self._reveal_event(gs)], expected={gs.stream: gs.version})[0]
