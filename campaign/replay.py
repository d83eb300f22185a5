"""Rebuild a game by folding its events through its ruleset; snapshots are a cache only.

Replay never rolls: a resolution reads back the DiceRolled events logged with it and fails
loudly if the engine asks for anything else. Each PhaseResolved carries a checkpoint hash of
the state it produced, so a replay under a changed engine cannot silently give another board.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from campaign import canonical
from campaign import eventdata as ed
from campaign.deadlines import apply_deadline_change
from campaign.dice import DiceMode, RecordedDice, RecordedRoll
from campaign.eventlog import Event, EventStore, upcast
from campaign.events import INPUTS_FIELD, RESUMED_FROM_FIELD, EventType
from campaign.ruleset import AcceptedOrders, Resolution, Ruleset, ScenarioSource, find
from campaign.sealed import reveal_problem

SNAPSHOT_EVERY = 200
"""Write a snapshot after this many events of a stream (and at every turn end)."""
SNAPSHOT_FORMAT = 2
"""Format 2: a snapshot holds only the ruleset state and narrative right after a resolution,
bound to that PhaseResolved's seq, chain hash, checkpoint and narrative hash."""


class ReplayError(Exception):
    """The log cannot be replayed by the installed engine; the message names the event."""


@dataclass
class GameState:
    """A game as replay knows it: the ruleset's state plus the core's bookkeeping."""

    stream: str
    ruleset: Ruleset
    scenario: str
    options: dict[str, Any]
    sides: dict[str, str]
    """side -> player name."""
    dice_mode: DiceMode
    state: Any
    engine: str
    """Engine version the game was created under."""
    version: int = 0
    seq: int = 0
    head_hash: str = ""
    seed_no: int = 0
    next_n: int = 1
    commitments: dict[int, str] = field(default_factory=dict)
    revealed: dict[int, str] = field(default_factory=dict)
    manual_pool: list[int] = field(default_factory=list)
    ended: dict[str, Any] | None = None
    last_narrative: list[str] = field(default_factory=list)
    last_resolution_seq: int = 0
    pending_dice: list[RecordedRoll] = field(default_factory=list)
    schedule: dict[str, Any] | None = None
    """Deadline settings (hours, grace_hours, reminder_hours, missed), or None for no deadlines."""
    phase_opened_at: str = ""
    """When the current phase opened (the `at` of the event that opened it)."""
    phase_seq: int = 0
    """The seq of the event that opened the current phase."""
    deadline_extra_hours: int = 0
    """Hours the referee added to the current phase's deadline (extensions and pauses)."""
    paused_at: str = ""
    """When the referee paused the deadline clock ("" while it runs)."""
    waits: set[str] = field(default_factory=set)
    reminded: set[str] = field(default_factory=set)
    voided: set[int] = field(default_factory=set)
    """Seqs of this stream skipped by this replay (corrections applied up to here)."""
    press: list[dict[str, Any]] = field(default_factory=list)
    asked: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Open and answered decision requests of the current phase, by "side|key"."""
    answers: dict[str, str] = field(default_factory=dict)
    """Answers on file for the current phase, by "side|key"."""
    resume: dict[str, Any] | None = None
    """For a phase stopped by a decision: the inputs (hash and document), first roll number and request seq."""
    resigned: str | None = None
    """The side whose resignation is the last thing on file (its GameEnded follows)."""

    def decision_answers(self) -> dict[tuple[str, str], str]:
        return {tuple(k.split("|", 1)): v for k, v in self.answers.items()}  # type: ignore[misc]  # split("|", 1) of a side|key gives two parts

    @property
    def number(self) -> int:
        return int(self.stream.split(":", 1)[1])

    @property
    def turn(self) -> int:
        return self.ruleset.turn(self.state)

    def side_of(self, player: str) -> list[str]:
        """The sides a player commands in this game (usually one)."""
        return sorted(side for side, who in self.sides.items() if who == player)

    def dump(self) -> dict[str, Any]:
        """JSON-able snapshot of everything replay has built so far."""
        return {
            "format": SNAPSHOT_FORMAT,
            "stream": self.stream,
            "ruleset": self.ruleset.name,
            "scenario": self.scenario,
            "options": self.options,
            "sides": self.sides,
            "dice_mode": self.dice_mode.value,
            "engine": self.engine,
            "version": self.version,
            "seq": self.seq,
            "head_hash": self.head_hash,
            "seed_no": self.seed_no,
            "next_n": self.next_n,
            "commitments": {str(k): v for k, v in self.commitments.items()},
            "revealed": {str(k): v for k, v in self.revealed.items()},
            "manual_pool": self.manual_pool,
            "ended": self.ended,
            "last_narrative": self.last_narrative,
            "last_resolution_seq": self.last_resolution_seq,
            "pending_dice": [[r.seq, r.sides, r.value, r.purpose] for r in self.pending_dice],
            "schedule": self.schedule,
            "phase_opened_at": self.phase_opened_at,
            "phase_seq": self.phase_seq,
            "deadline_extra_hours": self.deadline_extra_hours,
            "paused_at": self.paused_at,
            "waits": sorted(self.waits),
            "reminded": sorted(self.reminded),
            "voided": sorted(self.voided),
            "press": self.press,
            "asked": self.asked,
            "answers": self.answers,
            "resume": self.resume,
            "resigned": self.resigned,
            "state": self.ruleset.dump(self.state),
        }

    @classmethod
    def load(cls, data: dict[str, Any]) -> GameState:
        rs = find(data["ruleset"])
        return cls(
            stream=data["stream"],
            ruleset=rs,
            scenario=data["scenario"],
            options=data["options"],
            sides=data["sides"],
            dice_mode=DiceMode(data["dice_mode"]),
            state=rs.load(data["state"]),
            engine=data["engine"],
            version=data["version"],
            seq=data["seq"],
            head_hash=data["head_hash"],
            seed_no=data["seed_no"],
            next_n=data["next_n"],
            commitments={int(k): v for k, v in data["commitments"].items()},
            revealed={int(k): v for k, v in data["revealed"].items()},
            manual_pool=list(data["manual_pool"]),
            ended=data["ended"],
            last_narrative=list(data["last_narrative"]),
            last_resolution_seq=data["last_resolution_seq"],
            pending_dice=[RecordedRoll(*row) for row in data["pending_dice"]],
            schedule=data["schedule"],
            phase_opened_at=data["phase_opened_at"],
            phase_seq=data["phase_seq"],
            deadline_extra_hours=data.get("deadline_extra_hours", 0),
            paused_at=data.get("paused_at", ""),
            waits=set(data["waits"]),
            reminded=set(data["reminded"]),
            voided=set(data["voided"]),
            press=list(data["press"]),
            asked=dict(data["asked"]),
            answers=dict(data["answers"]),
            resume=data["resume"],
            resigned=data.get("resigned"),
        )


def checkpoint(ruleset: Ruleset, state: Any) -> str:
    """SHA-256 of the canonical dump of a ruleset state: what PhaseResolved records."""
    return canonical.sha256_hex(ruleset.dump(state))


def narrative_hash(lines: list[str]) -> str:
    """SHA-256 of a resolution's narrative, so an audit can tell whether players were told the same."""
    return canonical.sha256_hex(lines)


def engine_id(ruleset: Ruleset) -> str:
    """The engine version string stored on each event."""
    from campaign import __version__

    return f"{ruleset.name}/{ruleset.version} campaign/{__version__}"


def apply_event(
    gs: GameState | None,
    ev: Event,
    *,
    check: bool = True,
    precomputed: Resolution | None = None,
    voided: frozenset[int] | set[int] = frozenset(),
    light: bool = False,
) -> GameState:
    """Fold one event of a game's stream into its state (the trusted path).

    Events whose seq is in `voided` (referee corrections known to this replay) are skipped,
    except that a voided die still uses up its roll number, so a correction can never re-roll it.
    With `light`, only the core's bookkeeping is folded and the rules engine is not called (the
    ruleset state then comes from a snapshot checked against the log). With `check`, every fact
    the engine derived is compared with what the event holds. Each event type has its own apply
    function (`_APPLY`); a type that is unknown, or that does not belong in a game, fails loudly.
    """
    ev = upcast(ev)
    data = _typed(ev)
    if gs is not None and ev.seq in voided:
        if isinstance(data, ed.DiceRolled) and data.mode == DiceMode.FAIR.value and data.seed_no == gs.seed_no:
            gs.next_n = max(gs.next_n, (data.n or 0) + 1)
        gs.voided.add(ev.seq)
        gs.version, gs.seq, gs.head_hash = ev.version, ev.seq, ev.hash
        return gs
    if isinstance(data, ed.GameCreated):
        gs = _created(ev, light)
    elif gs is None:
        raise ReplayError(f"event seq {ev.seq} ({ev.type}) comes before the game was created")
    else:
        apply = _APPLY.get(type(data))
        if apply is None:
            raise ReplayError(f"event seq {ev.seq} ({ev.type}) does not belong in a game's stream ({ev.stream})")
        apply(gs, data, ev, _Fold(check, precomputed, light))
    gs.version = ev.version
    gs.seq = ev.seq
    gs.head_hash = ev.hash
    return gs


def _typed(ev: Event) -> ed.EventData:
    """The typed payload of an already upcast event; a broken or unknown one is a ReplayError naming it."""
    try:
        return ed.data_class(ev.type).from_payload(ev.payload, where=f"event seq {ev.seq}")
    except ed.EventDataError as exc:
        raise ReplayError(f"event seq {ev.seq}: {exc}") from exc


@dataclass(frozen=True, slots=True)
class _Fold:
    """How an event is folded: `check` derived facts, a `precomputed` resolution, `light` (no engine)."""

    check: bool
    precomputed: Resolution | None
    light: bool


def _seed_committed(gs: GameState, d: ed.SeedCommitted, ev: Event, f: _Fold) -> None:
    gs.seed_no = d.seed_no
    gs.next_n = 1
    gs.commitments[d.seed_no] = d.commitment


def _seed_revealed(gs: GameState, d: ed.SeedRevealed, ev: Event, f: _Fold) -> None:
    gs.revealed[d.seed_no] = d.seed


def _orders_submitted(gs: GameState, d: ed.OrdersSubmitted, ev: Event, f: _Fold) -> None:
    if f.check and not f.light and (problem := reveal_problem(ev.payload)) is not None:
        raise ReplayError(f"event seq {ev.seq} ({ev.type}): {problem}")
    if not f.light:
        orders = AcceptedOrders(side=d.side, key=d.key, data=d.data, canonical=d.canonical)
        gs.state = gs.ruleset.apply_orders(gs.state, orders)


def _orders_withdrawn(gs: GameState, d: ed.OrdersWithdrawn, ev: Event, f: _Fold) -> None:
    if not f.light:
        gs.state = gs.ruleset.withdraw_orders(gs.state, d.side, d.key)


def _dice_entered(gs: GameState, d: ed.DiceEntered, ev: Event, f: _Fold) -> None:
    gs.manual_pool.extend(d.values)


def _dice_cleared(gs: GameState, d: ed.DiceCleared, ev: Event, f: _Fold) -> None:
    gs.manual_pool.clear()


def _dice_rolled(gs: GameState, d: ed.DiceRolled, ev: Event, f: _Fold) -> None:
    gs.pending_dice.append(RecordedRoll(ev.seq, d.sides, d.value, d.purpose))
    if d.mode == DiceMode.FAIR.value:
        if d.n is None:
            raise ReplayError(f"event seq {ev.seq} ({ev.type}): a fair die without its roll number n")
        gs.next_n = max(gs.next_n, d.n + 1)
    elif gs.manual_pool:
        gs.manual_pool.pop(0)


def _phase_resolved(gs: GameState, d: ed.PhaseResolved, ev: Event, f: _Fold) -> None:
    if not f.light:
        _resolve_recorded(gs, ev, f.check, f.precomputed)
    gs.last_resolution_seq = ev.seq
    gs.pending_dice = []
    gs.resigned = None
    _open_phase(gs, ev)


def _game_ended(gs: GameState, d: ed.GameEnded, ev: Event, f: _Fold) -> None:
    if f.check and not f.light:
        _check_ending(gs, ev)
    gs.ended = dict(ev.payload)


def _resigned(gs: GameState, d: ed.Resigned, ev: Event, f: _Fold) -> None:
    gs.resigned = d.side


def _decision_requested(gs: GameState, d: ed.DecisionRequested, ev: Event, f: _Fold) -> None:
    _asked(gs, ev, f.check and not f.light)


def _decision_made(gs: GameState, d: ed.DecisionMade, ev: Event, f: _Fold) -> None:
    gs.answers[f"{d.side}|{d.key}"] = d.answer


def _wait_set(gs: GameState, d: ed.WaitSet, ev: Event, f: _Fold) -> None:
    (gs.waits.add if d.on else gs.waits.discard)(d.side)


def _reminder_sent(gs: GameState, d: ed.ReminderSent, ev: Event, f: _Fold) -> None:
    gs.reminded.add(d.side)


def _deadline_passed(gs: GameState, d: ed.DeadlinePassed, ev: Event, f: _Fold) -> None:
    gs.waits.clear()


def _events_voided(gs: GameState, d: ed.EventsVoided, ev: Event, f: _Fold) -> None:
    _open_phase(gs, ev)


def _deadline_changed(gs: GameState, d: ed.DeadlineChanged, ev: Event, f: _Fold) -> None:
    apply_deadline_change(gs, ev.payload, ev.at)


def _side_replaced(gs: GameState, d: ed.SideReplaced, ev: Event, f: _Fold) -> None:
    gs.sides[d.side] = d.new


def _press_sent(gs: GameState, d: ed.PressSent, ev: Event, f: _Fold) -> None:
    gs.press.append({"seq": ev.seq, "at": ev.at, **ev.payload})


_APPLY: dict[type[ed.EventData], Callable[[GameState, Any, Event, _Fold], None]] = {
    ed.SeedCommitted: _seed_committed,
    ed.SeedRevealed: _seed_revealed,
    ed.OrdersSubmitted: _orders_submitted,
    ed.OrdersWithdrawn: _orders_withdrawn,
    ed.DiceEntered: _dice_entered,
    ed.DiceCleared: _dice_cleared,
    ed.DiceRolled: _dice_rolled,
    ed.PhaseResolved: _phase_resolved,
    ed.GameEnded: _game_ended,
    ed.Resigned: _resigned,
    ed.DecisionRequested: _decision_requested,
    ed.DecisionMade: _decision_made,
    ed.WaitSet: _wait_set,
    ed.ReminderSent: _reminder_sent,
    ed.DeadlinePassed: _deadline_passed,
    ed.EventsVoided: _events_voided,
    ed.DeadlineChanged: _deadline_changed,
    ed.SideReplaced: _side_replaced,
    ed.PressSent: _press_sent,
}
"""One apply function per event type of a game's stream (GameCreated starts the state: `_created`)."""


def _created(ev: Event, light: bool) -> GameState:
    p = ev.payload
    try:
        rs = find(p["ruleset"])
        source = ScenarioSource(p["scenario"], p.get("scenario_text"), p.get("scenario_file", ""))
        state = None if light else rs.setup_from(source, p["options"])  # a file's text is in the event
    except Exception as exc:  # the message names the event; the cause stays chained
        raise ReplayError(f"event seq {ev.seq} ({ev.type}): cannot set up the game: {exc}") from exc
    return GameState(
        stream=ev.stream,
        ruleset=rs,
        scenario=p["scenario"],
        options=dict(p["options"]),
        sides=dict(p["sides"]),
        dice_mode=DiceMode(p["dice"]),
        state=state,
        engine=p["engine"],
        schedule=p.get("schedule"),
        phase_opened_at=ev.at,
        phase_seq=ev.seq,
    )


def _asked(gs: GameState, ev: Event, check: bool) -> None:
    """A decision request; the phase's first one fixes the inputs and roll number it resumes with."""
    p = ev.payload
    gs.asked[f"{p['side']}|{p['key']}"] = dict(p)
    if gs.resume is None:
        if check and p.get(INPUTS_FIELD) is not None:
            _check_inputs(gs, ev, p[INPUTS_FIELD])
        gs.resume = {
            "inputs_hash": p["inputs_hash"],
            "next_n": p["next_n"],
            "inputs": p.get(INPUTS_FIELD),
            "seq": ev.seq,
        }


def _resolve_recorded(gs: GameState, ev: Event, check: bool, precomputed: Resolution | None) -> None:
    """Run a logged resolution again on its logged dice; with `check`, compare every derived fact."""
    p = ev.payload
    if check:
        _check_resolution_facts(gs, ev)
    if precomputed is not None:
        result = precomputed
    else:
        dice = RecordedDice(gs.pending_dice, where=f"resolution at event seq {ev.seq}", answers=gs.decision_answers())
        try:
            result = gs.ruleset.resolve(gs.state, dice)
            dice.check_all_used()
        except ReplayError:
            raise
        except Exception as exc:
            raise ReplayError(f"event seq {ev.seq} ({ev.type}): {exc}") from exc
        if check:
            _check_questions(gs, ev, dice.asked)
    if check and checkpoint(gs.ruleset, result.state) != p["checkpoint"]:
        raise ReplayError(
            f"event seq {ev.seq} ({ev.type}): the engine now produces a different state than the one recorded"
            " (checkpoint mismatch); the game must stay on its engine version or be shadow-replayed"
        )
    if check and p.get("narrative_hash") is not None and narrative_hash(list(result.narrative)) != p["narrative_hash"]:
        raise ReplayError(f"event seq {ev.seq} ({ev.type}): narrative_hash is not the hash of what the engine told")
    gs.state = result.state
    gs.last_narrative = list(result.narrative)


def _check_questions(gs: GameState, ev: Event, asked: dict[tuple[str, str], tuple[str, tuple[str, ...], str]]) -> None:
    """The decision requests of the phase are exactly the questions the engine asks, word for word."""
    logged = {(q["side"], q["key"]): (q["question"], tuple(q["options"]), q["default"]) for q in gs.asked.values()}
    if logged != asked:
        wrong = sorted(set(logged.items()) ^ set(asked.items()))[0][0]
        raise ReplayError(
            f"event seq {ev.seq} ({ev.type}): the decision request {wrong[1]!r} of {wrong[0]} on file is not"
            " the question the engine asks (its wording, options or default differ, or it was never asked)"
        )


def _check_resolution_facts(gs: GameState, ev: Event) -> None:
    """The turn, phase, dice count and inputs a PhaseResolved records, against the replayed state."""
    p, rs = ev.payload, gs.ruleset
    where = f"event seq {ev.seq} ({ev.type})"
    if (p["turn"], p["phase"]) != (rs.turn(gs.state), rs.phase(gs.state)):
        raise ReplayError(
            f"{where}: records turn {p['turn']} {p['phase']!r}, but the board was at turn"
            f" {rs.turn(gs.state)} {rs.phase(gs.state)!r}"
        )
    if p["dice"] != len(gs.pending_dice):
        raise ReplayError(f"{where}: records {p['dice']} dice, but {len(gs.pending_dice)} were logged with it")
    if p.get(INPUTS_FIELD) is not None and p.get(RESUMED_FROM_FIELD) is None:
        _check_inputs(gs, ev, p[INPUTS_FIELD])


def _check_inputs(gs: GameState, ev: Event, doc: dict[str, Any]) -> None:
    """The engine-derived part of an inputs document: game, turn, phase and the board's checkpoint."""
    rs = gs.ruleset
    want = (gs.stream, rs.turn(gs.state), rs.phase(gs.state), checkpoint(rs, gs.state))
    if (doc.get("game"), doc.get("turn"), doc.get("phase"), doc.get("checkpoint")) != want:
        raise ReplayError(
            f"event seq {ev.seq} ({ev.type}): its inputs document does not match the board before resolution"
            " (game, turn, phase or checkpoint); the dice were bound to something else"
        )


def expected_ending(gs: GameState) -> dict[str, Any] | None:
    """The GameEnded payload the log implies now: a resignation's, or the rules' outcome, or None."""
    if gs.resigned is not None:
        others = sorted(s for s in gs.sides if s != gs.resigned)
        return {"winner": others[0] if len(others) == 1 else None, "reason": f"{gs.resigned} resigned"}
    outcome = gs.ruleset.outcome(gs.state)
    return None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason}


REFEREE_RULINGS = ("the referee ended the game: ", "abandoned by the referee: ")
"""How a referee's `game end` / `game abandon` reason starts: a ruling, the only end replay cannot derive."""


def _check_ending(gs: GameState, ev: Event) -> None:
    """A GameEnded is the rules' outcome or a resignation's, exactly; otherwise it must be a referee's
    ruling on a game the rules had not ended (an input, by the referee, visible as such)."""
    want = expected_ending(gs)
    got = {"winner": ev.payload.get("winner"), "reason": ev.payload.get("reason")}
    ruling = (
        want is None
        and ev.actor == "referee"
        and str(got["reason"]).startswith(REFEREE_RULINGS)
        and (got["winner"] is None or got["winner"] in gs.sides)
    )
    if gs.ended is not None or (want != got and not ruling):
        raise ReplayError(
            f"event seq {ev.seq} ({ev.type}): records {got}, but replay derives"
            f" {want if gs.ended is None else 'that the game had already ended'}"
        )


def _open_phase(gs: GameState, ev: Event) -> None:
    gs.phase_opened_at, gs.phase_seq = ev.at, ev.seq
    gs.deadline_extra_hours = 0
    gs.waits.clear()
    gs.reminded.clear()
    gs.asked.clear()
    gs.answers.clear()
    gs.resume = None


def fold(events: Iterable[Event], gs: GameState | None = None, *, check: bool = True) -> GameState | None:
    """Fold events (of one game, in seq order) onto `gs` (None: from the game's creation)."""
    for ev in events:
        gs = apply_event(gs, ev, check=check)
    return gs


def _warn(msg: str, *args: object) -> None:
    """Warn on the `campaign.snapshots` logger (logging is imported only when there is something to say)."""
    import logging

    logging.getLogger("campaign.snapshots").warning(msg, *args)


_VERIFIED: set[tuple[str, str]] = set()
"""(chain hash, digest) of snapshots this process already checked against the log's checkpoint."""


def _fast_checkpoint(rs: Ruleset, dumped: Any) -> str:
    """The checkpoint of a dumped state read back from JSON (already canonical: no float walk)."""
    return hashlib.sha256(canonical.dumps(rs.dump(rs.load(dumped)), check=False).encode("utf-8")).hexdigest()


_LASTING = frozenset(
    t.value
    for t in (
        EventType.GAME_CREATED,
        EventType.SEED_COMMITTED,
        EventType.SEED_REVEALED,
        EventType.DICE_ENTERED,
        EventType.DICE_CLEARED,
        EventType.GAME_ENDED,
        EventType.EVENTS_VOIDED,
        EventType.DEADLINE_CHANGED,
        EventType.SIDE_REPLACED,
        EventType.PRESS_SENT,
    )
)
"""Event types whose effect on the core's bookkeeping outlasts a resolution. Every other type
either only feeds the rules engine (whose state the snapshot holds) or only touches the current
phase, which the resolution a snapshot is bound to closes (see `_open_phase`)."""


def _light_prefix(store: EventStore, stream: str, snap_seq: int, voided: set[int]) -> GameState | None:
    """The core's bookkeeping as it stood right after the resolution at `snap_seq`, folded from the
    few events that decide it (indexed reads): the lasting types since the game was created, the
    rolls since the last seed or clear, and that resolution itself. Equal to a light fold of every
    event up to `snap_seq`; what it still reads grows with the game's turns (two seed events a
    turn), corrections, press and deadline changes, never with its orders and dice."""
    # a GameCreated starts the fold afresh (apply_event): nothing before the last one counts
    created = store.last_seq_of(stream, (EventType.GAME_CREATED.value,), upto=snap_seq - 1)
    lasting = list(store.read_types(stream, _LASTING, after=max(0, created - 1), upto=snap_seq - 1))
    if not lasting or lasting[0].type != EventType.GAME_CREATED:
        return None
    fair = lasting[0].payload.get("dice") == DiceMode.FAIR.value
    reset = EventType.SEED_COMMITTED.value if fair else EventType.DICE_CLEARED.value
    resets = [ev.seq for ev in lasting if ev.type == reset and ev.seq not in voided]
    rolls_after = resets[-1] if resets else 0
    rolls = store.read_types(stream, (EventType.DICE_ROLLED.value,), after=rolls_after, upto=snap_seq - 1)
    resolved = store.at_seq(snap_seq)
    if resolved is None:
        return None
    events = sorted([*lasting, *rolls, resolved], key=lambda e: e.seq)
    gs: GameState | None = None
    for ev in events:
        gs = apply_event(gs, ev, voided=voided, light=True)
    if gs is not None:
        # a fair game's next roll number counts from its last seed; a manual game's pool from
        # its last clear (a manual game that never clears reads all its rolls: TODO(perf) bound it)
        ours = _stream_seqs(store, stream, {s for s in voided if created < s <= snap_seq})
        gs.voided = ours
    return gs


def _stream_seqs(store: EventStore, stream: str, seqs: set[int]) -> set[int]:
    """Which of `seqs` belong to `stream` (a handful: the voided ones)."""
    out = set()
    for s in seqs:
        ev = store.at_seq(s)
        if ev is not None and ev.stream == stream:
            out.add(s)
    return out


def snapshot_data(gs: GameState) -> str:
    """A snapshot's content: the ruleset state and narrative right after a resolution."""
    return canonical.dumps(
        {"format": SNAPSHOT_FORMAT, "state": gs.ruleset.dump(gs.state), "narrative": list(gs.last_narrative)}
    )


def _usable_snapshot(store: EventStore, stream: str, upto: int, voided: set[int]) -> tuple[int, Any, list[str]] | None:
    """(seq, ruleset state, narrative) of the newest snapshot that matches the log, or None.

    A snapshot is used only if its content digest is intact, it was taken at a PhaseResolved of
    this stream that is not voided, its chain hash is that event's hash, and the state's
    checkpoint and the narrative's hash are the ones that event records. Anything else is
    ignored (the caller rebuilds it) with a warning.
    """
    first = store.first(stream)
    if first is None:
        return None
    snap = store.latest_snapshot(stream, upto, _current_engine(first))
    if snap is None:
        return None
    ev = store.at_seq(snap.seq)
    if ev is not None and ev.stream != stream:
        ev = None
    why = ""
    if hashlib.sha256(snap.data.encode("utf-8")).hexdigest() != snap.digest:
        why = "its content does not match its digest"
    elif ev is None or ev.type != EventType.PHASE_RESOLVED or ev.hash != snap.chain_hash or ev.seq in voided:
        why = "it is not bound to a resolution of this log (seq and chain hash)"
    else:
        try:
            data = canonical.loads(snap.data)
            rs = find(first.payload["ruleset"])
            state, narrative = rs.load(data["state"]), list(data["narrative"])
            p = upcast(ev).payload
            if (snap.chain_hash, snap.digest) not in _VERIFIED and (
                _fast_checkpoint(rs, data["state"]) != p["checkpoint"]
                or narrative_hash(narrative) != p["narrative_hash"]
            ):
                why = "its board or narrative is not the one the log's checkpoint records"
            else:
                _VERIFIED.add((snap.chain_hash, snap.digest))
                return snap.seq, state, narrative
        except Exception as exc:  # a cache that cannot be read is ignored, never trusted
            why = f"it cannot be read ({exc})"
    _warn("snapshot of %s at seq %d ignored and rebuilt: %s", stream, snap.seq, why)
    return None


def state_at(
    store: EventStore,
    stream: str,
    seq: int | None = None,
    *,
    use_snapshots: bool = True,
    write_snapshots: bool = False,
    check: bool = True,
) -> GameState:
    """The game as it stood after event `seq` (None: now), from the newest usable snapshot + tail.

    The core's bookkeeping is always folded from the log itself; a snapshot (checked against the
    log, see `_usable_snapshot`) only saves running the rules engine up to it. Corrections
    appended up to `seq` apply.
    """
    upto = seq if seq is not None else store.head()[0]
    voided = voided_seqs(store, stream, upto)
    snap = _usable_snapshot(store, stream, upto, voided) if use_snapshots else None
    gs: GameState | None = None
    if snap is not None:
        gs = _light_prefix(store, stream, snap[0], voided)
        if gs is not None:
            gs.state, gs.last_narrative = snap[1], snap[2]
    since_snapshot = 0
    pending: tuple[int, str] | None = None
    for ev in store.read(stream=stream, after=snap[0] if snap is not None else 0, upto=upto):
        resolved = ev.type == EventType.PHASE_RESOLVED and ev.seq not in voided and gs is not None
        turn_before = gs.turn if resolved and gs is not None else None
        gs = apply_event(gs, ev, check=check, voided=voided)
        since_snapshot += 1
        if write_snapshots and resolved:
            pending = (ev.seq, snapshot_data(gs))
            if gs.turn != turn_before or since_snapshot >= SNAPSHOT_EVERY:
                store.put_snapshot(stream, ev.seq, engine_id(gs.ruleset), pending[1], ev.hash)
                since_snapshot, pending = 0, None
    if gs is None:
        raise ReplayError(f"there is no {stream}")
    if pending is not None and since_snapshot >= 1:
        # the last resolution cost the engine a run: keep it for the next load
        at = store.at_seq(pending[0])
        assert at is not None
        store.put_snapshot(stream, pending[0], engine_id(gs.ruleset), pending[1], at.hash)
    return gs


def voided_seqs(store: EventStore, stream: str, upto: int | None = None) -> set[int]:
    """Every seq of `stream` voided by corrections appended up to `upto`."""
    out: set[int] = set()
    for ev in store.read_type(stream, EventType.EVENTS_VOIDED.value, upto):
        out.update(ev.payload["seqs"])
    return out


def ending_on_file(store: EventStore, stream: str) -> dict[str, Any] | None:
    """What `GameState.ended` would be, read by index without a replay: the last GameEnded since
    the game was created that no correction voided (None while the game runs)."""
    voided = voided_seqs(store, stream)
    created = store.last_seq_of(stream, (EventType.GAME_CREATED.value,))
    ended = [e for e in store.read_types(stream, (EventType.GAME_ENDED.value,), after=created) if e.seq not in voided]
    return dict(upcast(ended[-1]).payload) if ended else None


def _current_engine(created: Event) -> str:
    try:
        return engine_id(find(created.payload["ruleset"]))
    except Exception:
        return ""


def state_at_turn(store: EventStore, stream: str, turn: int) -> GameState:
    """The board at the end of game turn `turn` (the last state whose turn is <= `turn`)."""
    gs: GameState | None = None
    voided = voided_seqs(store, stream)
    for ev in store.read(stream=stream):
        gs = apply_event(gs, ev, voided=voided)
        if ev.type == EventType.PHASE_RESOLVED and ev.seq not in voided and gs.turn > turn:
            break
    if gs is None:
        raise ReplayError(f"there is no {stream}")
    return gs
