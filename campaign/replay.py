"""Rebuild a game by folding its events through its ruleset; snapshots are a cache only.

Replay never rolls: a resolution reads back the DiceRolled events logged with it and fails
loudly if the engine asks for anything else. Each PhaseResolved carries a checkpoint hash of
the state it produced, so a replay under a changed engine cannot silently give another board.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from campaign import canonical
from campaign.deadlines import apply_deadline_change
from campaign.dice import DiceMode, RecordedDice, RecordedRoll
from campaign.eventlog import Event, EventStore, upcast
from campaign.events import EventType
from campaign.ruleset import AcceptedOrders, Resolution, Ruleset, ScenarioSource, find

SNAPSHOT_EVERY = 200
"""Write a snapshot after this many events of a stream (and at every turn end)."""
SNAPSHOT_FORMAT = 1
TAIL_WORTH_A_SNAPSHOT = 25
"""A load that had to replay this many events (or any set-up or resolution) leaves a snapshot at the head."""


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
    """For a phase stopped by a decision: the inputs hash and first roll number to resolve it again with."""

    def decision_answers(self) -> dict[tuple[str, str], str]:
        return {tuple(k.split("|", 1)): v for k, v in self.answers.items()}  # type: ignore[misc]

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
) -> GameState:
    """Fold one event of a game's stream into its state (the trusted path).

    Events whose seq is in `voided` (referee corrections known to this replay) are skipped,
    except that a voided die still uses up its roll number, so a correction can never re-roll it.
    """
    ev = upcast(ev)
    p = ev.payload
    kind = ev.type
    if gs is not None and ev.seq in voided:
        if kind == EventType.DICE_ROLLED and p["mode"] == DiceMode.FAIR.value and p["seed_no"] == gs.seed_no:
            gs.next_n = max(gs.next_n, p["n"] + 1)
        gs.voided.add(ev.seq)
        gs.version, gs.seq, gs.head_hash = ev.version, ev.seq, ev.hash
        return gs
    if kind == EventType.GAME_CREATED:
        try:
            rs = find(p["ruleset"])
            source = ScenarioSource(p["scenario"], p.get("scenario_text"), p.get("scenario_file", ""))
            state = rs.setup_from(source, p["options"])  # a file's text is in the event, never re-read
        except Exception as exc:  # the message names the event; the cause stays chained
            raise ReplayError(f"event seq {ev.seq} ({kind}): cannot set up the game: {exc}") from exc
        gs = GameState(
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
    elif gs is None:
        raise ReplayError(f"event seq {ev.seq} ({kind}) comes before the game was created")
    elif kind == EventType.SEED_COMMITTED:
        gs.seed_no = p["seed_no"]
        gs.next_n = 1
        gs.commitments[p["seed_no"]] = p["commitment"]
    elif kind == EventType.SEED_REVEALED:
        gs.revealed[p["seed_no"]] = p["seed"]
    elif kind == EventType.ORDERS_SUBMITTED:
        orders = AcceptedOrders(side=p["side"], key=p["key"], data=p["data"], canonical=p["canonical"])
        gs.state = gs.ruleset.apply_orders(gs.state, orders)
    elif kind == EventType.ORDERS_WITHDRAWN:
        gs.state = gs.ruleset.withdraw_orders(gs.state, p["side"], p["key"])
    elif kind == EventType.DICE_ENTERED:
        gs.manual_pool.extend(p["values"])
    elif kind == EventType.DICE_CLEARED:
        gs.manual_pool.clear()
    elif kind == EventType.DICE_ROLLED:
        gs.pending_dice.append(RecordedRoll(ev.seq, p["sides"], p["value"], p["purpose"]))
        if p["mode"] == DiceMode.FAIR.value:
            gs.next_n = max(gs.next_n, p["n"] + 1)
        elif gs.manual_pool:
            gs.manual_pool.pop(0)
    elif kind == EventType.PHASE_RESOLVED:
        if precomputed is not None:
            result = precomputed
        else:
            dice = RecordedDice(
                gs.pending_dice, where=f"resolution at event seq {ev.seq}", answers=gs.decision_answers()
            )
            try:
                result = gs.ruleset.resolve(gs.state, dice)
                dice.check_all_used()
            except ReplayError:
                raise
            except Exception as exc:
                raise ReplayError(f"event seq {ev.seq} ({kind}): {exc}") from exc
        if check and checkpoint(gs.ruleset, result.state) != p["checkpoint"]:
            raise ReplayError(
                f"event seq {ev.seq} ({kind}): the engine now produces a different state than the one recorded"
                " (checkpoint mismatch); the game must stay on its engine version or be shadow-replayed"
            )
        gs.state = result.state
        gs.last_narrative = list(result.narrative)
        gs.last_resolution_seq = ev.seq
        gs.pending_dice = []
        _open_phase(gs, ev)
    elif kind == EventType.GAME_ENDED:
        gs.ended = dict(p)
    elif kind == EventType.DECISION_REQUESTED:
        gs.asked[f"{p['side']}|{p['key']}"] = dict(p)
        if gs.resume is None:
            gs.resume = {"inputs_hash": p["inputs_hash"], "next_n": p["next_n"]}
    elif kind == EventType.DECISION_MADE:
        gs.answers[f"{p['side']}|{p['key']}"] = p["answer"]
    elif kind == EventType.WAIT_SET:
        (gs.waits.add if p["on"] else gs.waits.discard)(p["side"])
    elif kind == EventType.REMINDER_SENT:
        gs.reminded.add(p["side"])
    elif kind == EventType.DEADLINE_PASSED:
        gs.waits.clear()
    elif kind == EventType.EVENTS_VOIDED:
        _open_phase(gs, ev)
    elif kind == EventType.DEADLINE_CHANGED:
        apply_deadline_change(gs, p, ev.at)
    elif kind == EventType.SIDE_REPLACED:
        gs.sides[p["side"]] = p["new"]
    elif kind == EventType.PRESS_SENT:
        gs.press.append({"seq": ev.seq, "at": ev.at, **p})
    gs.version = ev.version
    gs.seq = ev.seq
    gs.head_hash = ev.hash
    return gs


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


def _from_snapshot(store: EventStore, stream: str, upto: int, engine: str) -> GameState | None:
    snap = store.latest_snapshot(stream, upto, engine)
    if snap is None:
        return None
    try:
        return GameState.load(canonical.loads(snap[1]))
    except Exception:
        return None  # a cache that cannot be read is ignored, never trusted


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

    Corrections appended up to `seq` apply; a snapshot is used only if it was built knowing
    exactly the corrections that touch the events before it.
    """
    upto = seq if seq is not None else store.head()[0]
    voided = voided_seqs(store, stream, upto)
    gs: GameState | None = None
    if use_snapshots:
        first = next(store.read(stream=stream), None)
        if first is None:
            raise ReplayError(f"there is no {stream}")
        gs = _from_snapshot(store, stream, upto, _current_engine(first))
        if gs is not None and gs.voided != {v for v in voided if v <= gs.seq}:
            gs = None
    after = gs.seq if gs is not None else 0
    since_snapshot = 0
    resolved_since = False
    for ev in store.read(stream=stream, after=after, upto=upto):
        turn_before = gs.turn if gs is not None and ev.type == EventType.PHASE_RESOLVED else None
        gs = apply_event(gs, ev, check=check, voided=voided)
        since_snapshot += 1
        costly = ev.type in (EventType.PHASE_RESOLVED, EventType.GAME_CREATED)
        resolved_since = resolved_since or costly or since_snapshot >= TAIL_WORTH_A_SNAPSHOT
        if write_snapshots and gs is not None and not gs.pending_dice:
            turned = turn_before is not None and gs.turn != turn_before
            if turned or since_snapshot >= SNAPSHOT_EVERY:
                store.put_snapshot(stream, gs.seq, engine_id(gs.ruleset), canonical.dumps(gs.dump()))
                since_snapshot = 0
                resolved_since = False
    if gs is None:
        raise ReplayError(f"there is no {stream}")
    if write_snapshots and resolved_since and not gs.pending_dice:
        # the head cost a set-up, a resolution or a long tail to rebuild: keep it for the next load
        store.put_snapshot(stream, gs.seq, engine_id(gs.ruleset), canonical.dumps(gs.dump()))
    return gs


def voided_seqs(store: EventStore, stream: str, upto: int | None = None) -> set[int]:
    """Every seq of `stream` voided by corrections appended up to `upto`."""
    out: set[int] = set()
    for ev in store.read_type(stream, EventType.EVENTS_VOIDED.value, upto):
        out.update(ev.payload["seqs"])
    return out


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
