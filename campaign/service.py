"""The campaign's use cases: create games, accept orders, resolve, reveal dice; all I/O goes through here.

Every accepted input is one transaction of the event log. Decisions are taken on a replayed
state of version V and appended with `expected={stream: V}`; if another process wrote first,
the use case re-reads, re-validates and retries, so a stream never forks.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from campaign import canonical, dice
from campaign.dice import DiceMode, FairDice, ManualDice, NeedMoreDice
from campaign.eventlog import ConflictError, Event, EventStore, NewEvent
from campaign.events import (
    BINDING_CHAIN,
    BINDING_INPUTS,
    CAMPAIGN_STREAM,
    DECISION_REQUESTED_SCHEMA,
    DICE_ROLLED_SCHEMA,
    INPUTS_FIELD,
    PHASE_RESOLVED_SCHEMA,
    RESUMED_FROM_FIELD,
    EventType,
    game_stream,
    parse_game_ref,
)
from campaign.kit.scenario_file import ScenarioError
from campaign.replay import (
    GameState,
    apply_event,
    checkpoint,
    engine_id,
    narrative_hash,
    snapshot_data,
    state_at,
)
from campaign.ruleset import AcceptedOrders, NeedDecision, OrderError, OrdersRejected, Request, RequestKind, find
from campaign.scenarios import ScenarioNotFound, scenario_source

MAX_RETRIES = 8


class UserError(Exception):
    """A mistake by the person using campaign; the CLI prints it plainly and exits 1."""


@dataclass(frozen=True, slots=True)
class Player:
    """A person in the campaign."""

    name: str
    email: str
    tz: str = "UTC"
    """The IANA time zone the player reads deadlines in (`player add --tz`, the TZ mail command)."""


def check_tz(zone: str) -> str:
    """An IANA time zone name such as Europe/Paris, or UserError."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    zone = zone.strip()
    try:
        if not zone or zone.startswith(("/", ".")) or ".." in zone:
            raise ValueError
        ZoneInfo(zone)
    except (ValueError, ZoneInfoNotFoundError):
        hint = "use one like Europe/Paris, America/New_York or UTC"
        raise UserError(f"{zone!r} is not a time zone name; {hint}") from None
    return zone


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
class ResolutionReport:
    """One resolution that ran: where it is in the log and what happened."""

    seq: int
    turn: int
    phase: str
    narrative: list[str]
    rolls: int


@dataclass(frozen=True, slots=True)
class WaitingForDice:
    """Manual dice ran out during a resolution: nothing was written."""

    game: str
    needed: str


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


def orders_hash(canonical_text: str) -> str:
    """SHA-256 of the canonical orders text: the receipt a player can compare."""
    return hashlib.sha256(canonical_text.encode("utf-8")).hexdigest()


SeedSource = Callable[[str, int], bytes]
"""Where secret dice seeds come from: (game stream, seed number) -> 32 bytes."""


def os_seeds(stream: str, seed_no: int) -> bytes:
    """The default seed source: the operating system's CSPRNG."""
    return dice.new_seed()


class Campaign:
    """One campaign file and the use cases on it."""

    def __init__(self, store: EventStore, *, seeds: SeedSource = os_seeds):
        self.store = store
        self.seeds = seeds
        self._latest: dict[str, GameState] = {}
        self.password_memo: dict[str, bool] | None = None
        """Set by a mail ingest run: password answers of that run only (see mail.guard.verify_once)."""

    def _commit_seed(self, stream: str, seed_no: int) -> tuple[NewEvent, dict[str, str]]:
        return _commit_seed_with(self.seeds(stream, seed_no), stream, seed_no)

    # --- campaign and players -------------------------------------------------------------
    def init(self, name: str) -> Event:
        if self.store.version(CAMPAIGN_STREAM) > 0:
            raise UserError("this campaign file is already initialised")
        return self.store.append(
            [NewEvent(CAMPAIGN_STREAM, EventType.CAMPAIGN_CREATED.value, {"name": name})],
            expected={CAMPAIGN_STREAM: 0},
        )[0]

    def players(self) -> dict[str, Player]:
        out: dict[str, Player] = {}
        for ev in self.store.read(stream=CAMPAIGN_STREAM):
            if ev.type in (EventType.PLAYER_ADDED, EventType.PLAYER_UPDATED):
                name = ev.payload["name"]
                tz = ev.payload.get("tz") or (out[name].tz if name in out else "UTC")
                out[name] = Player(name, ev.payload["email"], tz)
        return out

    def add_player(self, name: str, email: str, tz: str | None = None) -> Player:
        name = name.strip()
        tz = check_tz(tz) if tz else None
        if not name or any(c.isspace() for c in name) or len(name) > 40:
            raise UserError(f"player name {name!r} must be 1-40 characters with no spaces")
        email = check_email(email)
        for _ in range(MAX_RETRIES):
            version = self.store.version(CAMPAIGN_STREAM)
            if version == 0:
                raise UserError("the campaign is not initialised: run `campaign init` first")
            known = self.players()
            if name in known:
                raise UserError(f"there is already a player called {name!r}")
            if any(p.email.lower() == email.lower() for p in known.values()):
                raise UserError(f"{email} already belongs to another player")
            try:
                payload = {"name": name, "email": email, **({"tz": tz} if tz else {})}
                self.store.append(
                    [NewEvent(CAMPAIGN_STREAM, EventType.PLAYER_ADDED.value, payload)],
                    expected={CAMPAIGN_STREAM: version},
                )
                return Player(name, email, tz or "UTC")
            except ConflictError:
                continue
        raise UserError("the campaign is too busy right now; try again")

    # --- games --------------------------------------------------------------------------------
    def games(self) -> list[str]:
        streams = self.store.streams("game:")
        return sorted(streams, key=lambda s: int(s.split(":")[1]))

    def load(self, game: str | int, *, seq: int | None = None) -> GameState:
        """The game now (or after event `seq`). Treat the result as read-only: it may be shared.

        The latest state of each game is kept in memory and brought up to date with the events
        appended since (by any process); a correction in between forces a fresh rebuild.
        """
        stream = parse_game_ref(game)
        version = self.store.version(stream)
        if version == 0:
            raise UserError(f"there is no game {stream.split(':')[1]} in this campaign")
        if seq is not None:
            return state_at(self.store, stream, seq)
        cached = self._latest.get(stream)
        if cached is not None and cached.version == version:
            return cached
        if cached is not None and cached.version < version:
            tail = list(self.store.read(stream=stream, after=cached.seq))
            if not any(ev.type == EventType.EVENTS_VOIDED for ev in tail):
                for ev in tail:
                    cached = apply_event(cached, ev)
                return cached
        gs = state_at(self.store, stream, write_snapshots=True)
        self._latest[stream] = gs
        return gs

    def new_game(
        self,
        ruleset_name: str,
        scenario: str,
        sides: Mapping[str, str],
        *,
        dice_mode: DiceMode = DiceMode.FAIR,
        options: Mapping[str, Any] | None = None,
        schedule: Mapping[str, Any] | None = None,
    ) -> GameState:
        try:
            rs = find(ruleset_name)
        except LookupError as exc:
            raise UserError(str(exc)) from exc
        try:
            source, info = scenario_source(rs, scenario)
        except ScenarioNotFound as exc:
            raise UserError(str(exc)) from exc
        except ScenarioError as exc:
            raise UserError(f"cannot use scenario {scenario!r}:\n{exc}") from exc
        except NotImplementedError as exc:
            raise UserError(str(exc)) from exc
        want = set(info.sides)
        given = set(sides)
        if given != want:
            raise UserError(
                f"scenario {source.label!r} has sides {', '.join(sorted(want))}; give each exactly once with"
                f" --side SIDE=PLAYER (got {', '.join(sorted(given)) or 'none'})"
            )
        known = self.players()
        for side, player in sorted(sides.items()):
            if player not in known:
                raise UserError(f"side {side}: there is no player {player!r} (add one with `campaign player add`)")
        opts = dict(options or {})
        try:
            canonical.dumps(opts)
            rs.setup_from(source, opts)  # validate before anything is written
        except ScenarioError as exc:
            raise UserError(f"cannot set up {source.label!r}:\n{exc}") from exc
        except NotImplementedError as exc:
            raise UserError(str(exc)) from exc
        except (ValueError, TypeError) as exc:
            raise UserError(f"cannot set up {source.label!r}: {exc}") from exc
        # a file's whole text goes into the record: replay never reads the file again
        from_file = {"scenario_file": source.path, "scenario_text": source.text} if source.from_file else {}
        for _ in range(MAX_RETRIES):
            number = len(self.games()) + 1
            stream = game_stream(number)
            created = NewEvent(
                stream,
                EventType.GAME_CREATED.value,
                {
                    "ruleset": rs.name,
                    "engine": engine_id(rs),
                    "scenario": source.name,
                    **from_file,
                    "options": opts,
                    "sides": dict(sorted(sides.items())),
                    "dice": dice_mode.value,
                    "schedule": dict(schedule) if schedule else None,
                },
            )
            events = [created]
            secrets: dict[str, str] = {}
            if dice_mode is DiceMode.FAIR:
                ev, secrets = self._commit_seed(stream, 1)
                events.append(ev)
            try:
                self.store.append(events, expected={stream: 0}, engine=engine_id(rs), secrets=secrets)
            except ConflictError:
                continue
            return self.load(number)
        raise UserError("the campaign is too busy right now; try again")

    # --- orders -------------------------------------------------------------------------------
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
        event = NewEvent(
            gs.stream,
            EventType.ORDERS_SUBMITTED.value,
            {
                "side": accepted.side,
                "player": player,
                "key": accepted.key,
                "data": accepted.data,
                "canonical": accepted.canonical,
                "orders_hash": orders_hash(accepted.canonical),
                **({"via": dict(via)} if via else {}),
            },
            actor=player,
        )
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
        payload = {"side": question["side"], "key": question["key"], "answer": match[0], "player": player}
        event = NewEvent(gs.stream, EventType.DECISION_MADE.value, payload, actor=player)
        return event, AcceptedOrders(question["side"], question["key"], payload, match[0])

    def _side_for(self, gs: GameState, player: str, side: str | None) -> str:
        sides = gs.side_of(player)
        if not sides:
            raise UserError(f"{player!r} plays no side in game {gs.number} (sides: {_fmt_sides(gs.sides)})")
        if side is not None:
            if side not in sides:
                raise UserError(f"{player!r} does not command side {side!r} in game {gs.number}")
            return side
        if len(sides) > 1:
            pending = {r.side for r in gs.ruleset.pending(gs.state)}
            active = [s for s in sides if s in pending]
            if len(active) == 1:
                return active[0]
            raise UserError(f"{player!r} commands {', '.join(sides)} in game {gs.number}: say which with --side")
        return sides[0]

    # --- resolution ---------------------------------------------------------------------------
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
        events = [NewEvent(gs.stream, EventType.DICE_ROLLED.value, r.payload(), schema=schema) for r in source.rolls]
        turn_after = rs.turn(result.state)
        events.append(
            NewEvent(
                gs.stream,
                EventType.PHASE_RESOLVED.value,
                {
                    "turn": turn_before,
                    "phase": phase_before,
                    "dice": len(source.rolls),
                    "checkpoint": checkpoint(rs, result.state),
                    "narrative_hash": narrative_hash(list(result.narrative)),
                    INPUTS_FIELD: inputs,
                    RESUMED_FROM_FIELD: resumed["seq"] if resumed else None,
                },
                schema=PHASE_RESOLVED_SCHEMA,
            )
        )
        outcome = rs.outcome(result.state)
        secrets: dict[str, str] = {}
        if gs.dice_mode is DiceMode.FAIR and (turn_after != turn_before or outcome is not None):
            events.append(self._reveal_event(gs))
            if outcome is None:
                ev, secrets = self._commit_seed(gs.stream, gs.seed_no + 1)
                events.append(ev)
        if outcome is not None:
            events.append(
                NewEvent(gs.stream, EventType.GAME_ENDED.value, {"winner": outcome.winner, "reason": outcome.reason})
            )
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
        request = NewEvent(
            gs.stream,
            EventType.DECISION_REQUESTED.value,
            {
                "side": need.side,
                "key": need.key,
                "question": need.question,
                "options": list(need.options),
                "default": need.default,
                "inputs_hash": bound,
                "next_n": first_n,
                INPUTS_FIELD: inputs,
            },
            schema=DECISION_REQUESTED_SCHEMA,
        )
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

    def _reveal_event(self, gs: GameState) -> NewEvent:
        seed_hex = self.store.secret(_seed_name(gs.stream, gs.seed_no))
        return NewEvent(gs.stream, EventType.SEED_REVEALED.value, {"seed_no": gs.seed_no, "seed": seed_hex})

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
                    [NewEvent(gs.stream, EventType.DICE_ENTERED.value, {"values": list(values)}, actor=actor)],
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
            payload = {"values": list(gs.manual_pool), "reason": reason}
            try:
                return self.store.append(
                    [NewEvent(gs.stream, EventType.DICE_CLEARED.value, payload, actor=actor)],
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

    # --- waiting, withdrawing, press, resigning ----------------------------------------------
    def _append_game(
        self, game: str | int, build: Callable[[GameState], list[NewEvent]], *, secrets: dict[str, str] | None = None
    ) -> tuple[GameState, list[Event]]:
        """Re-read, build events from the fresh state, append with its version; retry on conflict."""
        for _ in range(MAX_RETRIES):
            gs = self.load(game)
            events = build(gs)
            try:
                sealed = self.store.append(
                    events, expected={gs.stream: gs.version}, engine=engine_id(gs.ruleset), secrets=secrets
                )
            except ConflictError:
                continue
            return gs, sealed
        raise UserError("the game is too busy right now; try again")

    def set_wait(self, game: str | int, player: str, on: bool = True, side: str | None = None) -> None:
        """WAIT: do not resolve the current phase before its deadline (NOWAIT takes it back)."""
        self._append_game(game, lambda gs: self.plan_wait(gs, player, on, side))
        if not on:
            self.advance(game)

    def plan_wait(self, gs: GameState, player: str, on: bool, side: str | None = None) -> list[NewEvent]:
        self._require_running(gs)
        if on and not gs.schedule:
            raise UserError(
                f"game {gs.number} has no deadline, so WAIT would hold the phase for ever; the phase resolves"
                " as soon as every side's orders are in (ask the referee to set a deadline if you need time)"
            )
        chosen = self._side_for(gs, player, side)
        return [NewEvent(gs.stream, EventType.WAIT_SET.value, {"side": chosen, "on": on}, actor=player)]

    def withdraw(self, game: str | int, player: str, side: str | None = None) -> str:
        """Take back the orders on file for the current phase (only before any die was rolled on them)."""
        _, sealed = self._append_game(game, lambda gs: self.plan_withdraw(gs, player, side))
        return str(sealed[0].payload["key"])

    def plan_withdraw(self, gs: GameState, player: str, side: str | None = None) -> list[NewEvent]:
        self._require_running(gs)
        chosen = self._side_for(gs, player, side)
        on_file = self._orders_on_file(gs, chosen)
        if on_file is None:
            raise UserError(
                f"{chosen} has no orders on file for the current phase of game {gs.number}"
                " (orders that were resolved cannot be withdrawn: dice have been rolled on them)"
            )
        return [NewEvent(gs.stream, EventType.ORDERS_WITHDRAWN.value, {"side": chosen, "key": on_file}, actor=player)]

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
        payload = {"from": chosen, "to": to, "text": text.strip()}
        return [NewEvent(gs.stream, EventType.PRESS_SENT.value, payload, actor=player)]

    def resign(self, game: str | int, player: str, side: str | None = None) -> dict[str, Any]:
        """A side resigns: the game ends, the other side wins (two-sided games), the seed is revealed."""
        _, sealed = self._append_game(game, lambda gs: self.plan_resign(gs, player, side))
        return dict(sealed[-1].payload)

    def plan_resign(self, gs: GameState, player: str, side: str | None = None) -> list[NewEvent]:
        self._require_running(gs)
        chosen = self._side_for(gs, player, side)
        others = sorted(s for s in gs.sides if s != chosen)
        winner = others[0] if len(others) == 1 else None
        events = [NewEvent(gs.stream, EventType.RESIGNED.value, {"side": chosen}, actor=player)]
        if gs.dice_mode is DiceMode.FAIR and gs.seed_no not in gs.revealed and gs.seed_no:
            events.append(self._reveal_event(gs))
        events.append(
            NewEvent(gs.stream, EventType.GAME_ENDED.value, {"winner": winner, "reason": f"{chosen} resigned"})
        )
        return events

    def _require_running(self, gs: GameState) -> None:
        if gs.ended is not None:
            raise UserError(f"game {gs.number} is over ({gs.ended.get('reason', 'ended')})")

    # --- corrections ---------------------------------------------------------------------------
    def void(self, game: str | int, seqs: Sequence[int], reason: str, actor: str = "referee") -> dict[str, Any]:
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
        info: dict[str, Any] = {}

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
            info.update(named=named, also=[s for s in cascade if s not in named], reason=reason.strip())
            out = [
                NewEvent(
                    gs.stream,
                    EventType.EVENTS_VOIDED.value,
                    {"seqs": all_seqs, "named": named, "reason": reason.strip()},
                    actor=actor,
                )
            ]
            if gs.dice_mode is DiceMode.FAIR and gs.seed_no in gs.revealed:
                commit, new_secrets = self._commit_seed(gs.stream, gs.seed_no + 1)
                out.append(commit)
                secrets.update(new_secrets)
            return out

        secrets: dict[str, str] = {}
        self._append_game(game, build, secrets=secrets)
        return info

    # --- absences and passwords ------------------------------------------------------------
    def declare_absence(self, player: str, start: str, end: str) -> Event:
        """A player will be away from `start` to `end` (ISO dates); their deadlines stretch."""
        version = self.store.version(CAMPAIGN_STREAM)
        return self.store.append(self.plan_absence(player, start, end), expected={CAMPAIGN_STREAM: version})[0]

    def plan_tz(self, player: str, zone: str) -> list[NewEvent]:
        """The event that sets the time zone `player` reads deadlines in (checked; nothing written)."""
        zone = check_tz(zone)
        known = self.players()[player]
        payload = {"name": player, "email": known.email, "tz": zone, "reason": "time zone set by the player"}
        return [NewEvent(CAMPAIGN_STREAM, EventType.PLAYER_UPDATED.value, payload, actor=player)]

    def plan_absence(self, player: str, start: str, end: str) -> list[NewEvent]:
        from datetime import date

        if player not in self.players():
            raise UserError(f"there is no player {player!r}")
        try:
            a, b = date.fromisoformat(start), date.fromisoformat(end)
        except ValueError as exc:
            raise UserError(f"absence dates must look like 2026-12-24 ({exc})") from exc
        if b < a:
            raise UserError(f"the absence ends ({end}) before it starts ({start})")
        if (b - a).days > 60:
            raise UserError("an absence may last at most 60 days; ask the referee for more")
        payload = {"player": player, "from": start, "to": end}
        return [NewEvent(CAMPAIGN_STREAM, EventType.ABSENCE_DECLARED.value, payload, actor=player)]

    def absences(self) -> list[Any]:
        from campaign.deadlines import Absence

        out = []
        for ev in self.store.read_type(CAMPAIGN_STREAM, EventType.ABSENCE_DECLARED.value):
            from datetime import date

            out.append(
                Absence(
                    ev.payload["player"], date.fromisoformat(ev.payload["from"]), date.fromisoformat(ev.payload["to"])
                )
            )
        return out

    def set_password(self, player: str, password: str | None = None, actor: str = "referee") -> str:
        """Issue or reset a player's order password; returns it (only the salted hash is kept)."""
        from campaign.passwords import generate_password, hash_password

        if player not in self.players():
            raise UserError(f"there is no player {player!r}")
        pw = password or generate_password()
        self.store.append(
            [NewEvent(CAMPAIGN_STREAM, EventType.PASSWORD_SET.value, {"player": player}, actor=actor)],
            secrets={_password_name(player): hash_password(pw)},
        )
        return pw

    def check_password(self, player: str, password: str) -> bool:
        from campaign.passwords import verify_password

        stored = self.store.secret(_password_name(player))
        return stored is not None and verify_password(password, stored)

    # --- deadlines -----------------------------------------------------------------------------
    def tick(self, now: str) -> list[dict[str, Any]]:
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
        report: list[dict[str, Any]] = []
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
                    payloads = [{"side": s, "deadline": format_time(due[s]), "now": stamp} for s in sides]
                    return [
                        NewEvent(g.stream, EventType.REMINDER_SENT.value, p, actor="deadline")
                        for p in payloads
                        if p["side"] not in g.reminded
                    ]

                self._append_game(stream, reminders)
                report += [
                    {
                        "game": gs.number,
                        "side": s,
                        "player": gs.sides[s],
                        "action": "reminded",
                        "deadline": format_time(due_by_side[s]),
                    }
                    for s in remind
                ]
            if not late and schedule.resolve is ResolveWhen.AT_DEADLINE and not self.holds_for_deadline(gs, stamp):
                resolved = self.advance(stream, now=stamp)
                if isinstance(resolved, list) and resolved:
                    done = {"game": gs.number, "action": "resolved at the deadline", "resolutions": len(resolved)}
                    report.append(done)
            if apply:
                filed = self._apply_missed(stream, apply, schedule, stamp, due_by_side)
                report += [
                    {
                        "game": gs.number,
                        "side": s,
                        "player": gs.sides[s],
                        "action": f"missed: {schedule.missed.value}",
                        "orders": text,
                        "deadline": format_time(due_by_side[s]),
                    }
                    for s, text in filed
                ]
                resolved = self.advance(stream, now=stamp)
                if isinstance(resolved, list) and resolved:
                    report.append({"game": gs.number, "action": "resolved", "resolutions": len(resolved)})
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
                NewEvent(
                    gs.stream,
                    EventType.DEADLINE_PASSED.value,
                    {
                        "now": stamp,
                        "sides": still,
                        "policy": schedule.missed.value,
                        "deadlines": {s: format_time(due[s]) for s in still},
                    },
                    actor="deadline",
                )
            ]
            state = gs.state
            for side in still:
                question = next(
                    (q for k, q in sorted(gs.asked.items()) if q["side"] == side and k not in gs.answers), None
                )
                if question is not None:  # a decision the side did not answer: its default applies
                    answer = {"side": side, "key": question["key"], "answer": question["default"], "player": "deadline"}
                    events.append(NewEvent(gs.stream, EventType.DECISION_MADE.value, answer, actor="deadline"))
                    filed.append((side, f"decision {question['key']}: {question['default']}"))
                    continue
                text, accepted = self._default_orders(gs, state, side, schedule.missed)
                state = gs.ruleset.apply_orders(gs.ruleset.load(gs.ruleset.dump(state)), accepted)
                filed.append((side, accepted.canonical))
                events.append(
                    NewEvent(
                        gs.stream,
                        EventType.ORDERS_SUBMITTED.value,
                        {
                            "side": side,
                            "player": gs.sides[side],
                            "key": accepted.key,
                            "data": accepted.data,
                            "canonical": accepted.canonical,
                            "orders_hash": orders_hash(accepted.canonical),
                            "policy": schedule.missed.value,
                        },
                        actor="deadline",
                    )
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


def check_email(email: str) -> str:
    """Exactly one plain address (``name@example.org``, syntax only), or UserError saying what is wrong."""
    from campaign.mail.addresses import check_address

    try:
        return check_address(email)
    except ValueError as exc:
        raise UserError(str(exc)) from None


def _password_name(player: str) -> str:
    return f"player/{player}/password"


def _seed_name(stream: str, seed_no: int) -> str:
    return f"{stream}/seed/{seed_no}"


def _commit_seed_with(seed: bytes, stream: str, seed_no: int) -> tuple[NewEvent, dict[str, str]]:
    event = NewEvent(stream, EventType.SEED_COMMITTED.value, {"seed_no": seed_no, "commitment": dice.commitment(seed)})
    return event, {_seed_name(stream, seed_no): seed.hex()}


def _fmt_sides(sides: Mapping[str, str]) -> str:
    return ", ".join(f"{s}={p}" for s, p in sorted(sides.items()))


def audit_dice(store: EventStore, stream: str) -> list[dict[str, Any]]:
    """Every die of a game: re-derived from its revealed seed and its resolution's inputs; one row each.

    The rules are those of campaign/verify_dice.py (the standard-library checker players run);
    `audit_dice_problems` gives the broken rules themselves.
    """
    return audit_dice_problems(store, stream)[0]


def audit_dice_problems(store: EventStore, stream: str) -> tuple[list[dict[str, Any]], list[str]]:
    """(rows, problems) of the dice check of one game stream."""
    from campaign import verify_dice

    return verify_dice.check_dice(ev.as_json() for ev in store.read(stream=stream))
