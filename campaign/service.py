"""The campaign's use cases: create games, accept orders, resolve, reveal dice; all I/O goes through here.

Every accepted input is one transaction of the event log. Decisions are taken on a replayed
state of version V and appended with `expected={stream: V}`; if another process wrote first,
the use case re-reads, re-validates and retries, so a stream never forks.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from campaign import canonical, dice
from campaign.dice import DiceMode, FairDice, ManualDice, NeedMoreDice
from campaign.eventlog import ConflictError, Event, EventStore, NewEvent
from campaign.events import CAMPAIGN_STREAM, EventType, game_stream, parse_game_ref
from campaign.replay import GameState, checkpoint, engine_id, narrative_hash, state_at
from campaign.ruleset import find

MAX_RETRIES = 8


class UserError(Exception):
    """A mistake by the person using campaign; the CLI prints it plainly and exits 1."""


@dataclass(frozen=True, slots=True)
class Player:
    """A person in the campaign."""

    name: str
    email: str


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


def orders_hash(canonical_text: str) -> str:
    """SHA-256 of the canonical orders text: the receipt a player can compare."""
    return hashlib.sha256(canonical_text.encode("utf-8")).hexdigest()


class Campaign:
    """One campaign file and the use cases on it."""

    def __init__(self, store: EventStore):
        self.store = store

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
            if ev.type == EventType.PLAYER_ADDED:
                out[ev.payload["name"]] = Player(ev.payload["name"], ev.payload["email"])
        return out

    def add_player(self, name: str, email: str) -> Player:
        name = name.strip()
        if not name or any(c.isspace() for c in name) or len(name) > 40:
            raise UserError(f"player name {name!r} must be 1-40 characters with no spaces")
        if "@" not in email or email.startswith("@") or email.endswith("@") or any(c.isspace() for c in email):
            raise UserError(f"{email!r} is not an email address")
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
                self.store.append(
                    [NewEvent(CAMPAIGN_STREAM, EventType.PLAYER_ADDED.value, {"name": name, "email": email})],
                    expected={CAMPAIGN_STREAM: version},
                )
                return Player(name, email)
            except ConflictError:
                continue
        raise UserError("the campaign is too busy right now; try again")

    # --- games --------------------------------------------------------------------------------
    def games(self) -> list[str]:
        streams = self.store.streams("game:")
        return sorted(streams, key=lambda s: int(s.split(":")[1]))

    def load(self, game: str | int, *, seq: int | None = None) -> GameState:
        stream = parse_game_ref(game)
        if self.store.version(stream) == 0:
            raise UserError(f"there is no game {stream.split(':')[1]} in this campaign")
        return state_at(self.store, stream, seq, write_snapshots=seq is None)

    def new_game(
        self,
        ruleset_name: str,
        scenario: str,
        sides: Mapping[str, str],
        *,
        dice_mode: DiceMode = DiceMode.FAIR,
        options: Mapping[str, Any] | None = None,
    ) -> GameState:
        try:
            rs = find(ruleset_name)
        except LookupError as exc:
            raise UserError(str(exc)) from exc
        scenarios = {s.name: s for s in rs.scenarios()}
        if scenario not in scenarios:
            raise UserError(
                f"{rs.name} has no scenario {scenario!r} (scenarios: {', '.join(sorted(scenarios)) or 'none'})"
            )
        want = set(scenarios[scenario].sides)
        given = set(sides)
        if given != want:
            raise UserError(
                f"scenario {scenario!r} has sides {', '.join(sorted(want))}; give each exactly once with"
                f" --side SIDE=PLAYER (got {', '.join(sorted(given)) or 'none'})"
            )
        known = self.players()
        for side, player in sorted(sides.items()):
            if player not in known:
                raise UserError(f"side {side}: there is no player {player!r} (add one with `campaign player add`)")
        opts = dict(options or {})
        try:
            canonical.dumps(opts)
            rs.setup(scenario, opts)  # validate before anything is written
        except (ValueError, TypeError) as exc:
            raise UserError(f"cannot set up {scenario!r}: {exc}") from exc
        for _ in range(MAX_RETRIES):
            number = len(self.games()) + 1
            stream = game_stream(number)
            created = NewEvent(
                stream,
                EventType.GAME_CREATED.value,
                {
                    "ruleset": rs.name,
                    "engine": engine_id(rs),
                    "scenario": scenario,
                    "options": opts,
                    "sides": dict(sorted(sides.items())),
                    "dice": dice_mode.value,
                },
            )
            events = [created]
            secrets: dict[str, str] = {}
            if dice_mode is DiceMode.FAIR:
                ev, secrets = _commit_seed(stream, 1)
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
    ) -> Receipt:
        """Validate and file orders; resolve whatever became ready. Raises OrdersRejected or UserError."""
        for _ in range(MAX_RETRIES):
            gs = self.load(game)
            chosen = self._side_for(gs, player, side)
            if gs.ended is not None:
                raise UserError(f"game {gs.number} is over ({gs.ended.get('reason', 'ended')}); no more orders")
            wanted = [r for r in gs.ruleset.pending(gs.state) if r.side == chosen]
            if not wanted:
                now = ", ".join(f"{r.side} ({r.phase})" for r in gs.ruleset.pending(gs.state)) or "nobody"
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
                },
                actor=player,
            )
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
    def advance(self, game: str | int, *, limit: int = 1000) -> list[ResolutionReport] | WaitingForDice:
        """Resolve every phase that is ready, one transaction each; stop when input is needed."""
        reports: list[ResolutionReport] = []
        for _ in range(limit):
            gs = self.load(game)
            if gs.ended is not None or not gs.ruleset.ready(gs.state):
                return reports
            outcome = self._resolve_once(gs)
            if isinstance(outcome, WaitingForDice):
                return outcome if not reports else reports
            if outcome is not None:
                reports.append(outcome)
        return reports

    def _resolve_once(self, gs: GameState) -> ResolutionReport | WaitingForDice | None:
        rs = gs.ruleset
        work = rs.load(rs.dump(gs.state))
        source: FairDice | ManualDice
        if gs.dice_mode is DiceMode.FAIR:
            seed_hex = self.store.secret(_seed_name(gs.stream, gs.seed_no))
            if seed_hex is None:
                raise UserError(
                    f"game {gs.number}: the secret for dice seed {gs.seed_no} is missing from this file"
                    " (was it imported without --with-secrets?)"
                )
            source = FairDice(bytes.fromhex(seed_hex), gs.stream, gs.seed_no, gs.head_hash, gs.next_n)
        else:
            source = ManualDice(list(gs.manual_pool))
        turn_before, phase_before = rs.turn(work), rs.phase(work)
        try:
            result = rs.resolve(work, source)
        except NeedMoreDice as exc:
            return WaitingForDice(gs.stream, str(exc))
        events = [NewEvent(gs.stream, EventType.DICE_ROLLED.value, r.payload()) for r in source.rolls]
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
                },
            )
        )
        outcome = rs.outcome(result.state)
        secrets: dict[str, str] = {}
        if gs.dice_mode is DiceMode.FAIR and (turn_after != turn_before or outcome is not None):
            events.append(self._reveal_event(gs))
            if outcome is None:
                ev, secrets = _commit_seed(gs.stream, gs.seed_no + 1)
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
        return ResolutionReport(resolved_seq, turn_before, phase_before, list(result.narrative), len(source.rolls))

    def _reveal_event(self, gs: GameState) -> NewEvent:
        seed_hex = self.store.secret(_seed_name(gs.stream, gs.seed_no))
        return NewEvent(gs.stream, EventType.SEED_REVEALED.value, {"seed_no": gs.seed_no, "seed": seed_hex})

    def enter_dice(self, game: str | int, values: Sequence[int], actor: str = "referee") -> Event:
        """Queue dice rolled by hand for a manual-dice game."""
        for _ in range(MAX_RETRIES):
            gs = self.load(game)
            if gs.dice_mode is not DiceMode.MANUAL:
                raise UserError(f"game {gs.number} uses fair dice; only manual-dice games take entered dice")
            bad = [v for v in values if not 1 <= v <= dice.MAX_SIDES]
            if bad or not values:
                raise UserError(f"dice values must be whole numbers from 1 up (got {list(values)})")
            try:
                return self.store.append(
                    [NewEvent(gs.stream, EventType.DICE_ENTERED.value, {"values": list(values)}, actor=actor)],
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


def _seed_name(stream: str, seed_no: int) -> str:
    return f"{stream}/seed/{seed_no}"


def _commit_seed(stream: str, seed_no: int) -> tuple[NewEvent, dict[str, str]]:
    seed = dice.new_seed()
    event = NewEvent(stream, EventType.SEED_COMMITTED.value, {"seed_no": seed_no, "commitment": dice.commitment(seed)})
    return event, {_seed_name(stream, seed_no): seed.hex()}


def _fmt_sides(sides: Mapping[str, str]) -> str:
    return ", ".join(f"{s}={p}" for s, p in sorted(sides.items()))


def audit_dice(store: EventStore, stream: str) -> list[dict[str, Any]]:
    """Re-derive every fair roll of a game from its revealed seeds; one row per roll."""
    commitments: dict[int, str] = {}
    seeds: dict[int, str] = {}
    rolls: list[tuple[Event, str]] = []
    previous: Event | None = None
    batch_inputs = ""
    for ev in store.read(stream=stream):
        if ev.type == EventType.SEED_COMMITTED:
            commitments[ev.payload["seed_no"]] = ev.payload["commitment"]
        elif ev.type == EventType.SEED_REVEALED:
            seeds[ev.payload["seed_no"]] = ev.payload["seed"]
        elif ev.type == EventType.DICE_ROLLED:
            if previous is None or previous.type != EventType.DICE_ROLLED:
                batch_inputs = previous.hash if previous is not None else ""
            rolls.append((ev, batch_inputs))
        previous = ev
    rows: list[dict[str, Any]] = []
    for ev, expected_inputs in rolls:
        p = ev.payload
        row: dict[str, Any] = {"seq": ev.seq, "sides": p["sides"], "value": p["value"], "purpose": p["purpose"]}
        if p["mode"] == DiceMode.MANUAL.value:
            row["status"] = "manual"
        else:
            seed_hex = seeds.get(p["seed_no"])
            row["seed_no"] = p["seed_no"]
            if seed_hex is None:
                row["status"] = "unrevealed"
            elif p["inputs_hash"] != expected_inputs:
                row["status"] = "BAD: inputs_hash is not the hash of the inputs on file before the roll"
            elif dice.commitment(bytes.fromhex(seed_hex)) != commitments.get(p["seed_no"]):
                row["status"] = "BAD: seed does not match its commitment"
            else:
                derived = dice.derive(bytes.fromhex(seed_hex), stream, p["n"], p["sides"], p["inputs_hash"])
                row["status"] = "ok" if derived == p["value"] else f"BAD: derives {derived}"
        rows.append(row)
    return rows
