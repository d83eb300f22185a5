"""Typed events: one frozen dataclass per event type, with the schema version it reads.

The log stores plain JSON payloads (hashes are taken over them, so their form never changes);
this module is the typed view of them. `event_data(ev)` reads an event (raised to the newest
schema by the upcasters of campaign/events.py) into its dataclass and fails loudly on a type it
does not know; `payload()` gives back the same JSON, key for key (tests/test_eventdata.py holds
every event of the shipped exports to that). Keys a payload carries beyond the declared fields
are kept in `extra`, so nothing is lost reading a log written by a later version.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from campaign.dice import DiceMode, Roll
from campaign.eventlog import Event, NewEvent, upcast
from campaign.events import (
    DECISION_REQUESTED_SCHEMA,
    DICE_ROLLED_SCHEMA,
    PHASE_RESOLVED_SCHEMA,
    EventType,
)

T = TypeVar("T", bound="EventData")


class EventDataError(ValueError):
    """A payload that does not fit its event type (a missing field); the message names the event."""


class UnknownEventType(EventDataError):
    """An event type this version of campaign does not know (a log written by a later version?)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EventData:
    """The payload of one event type. Subclasses declare their fields in stored order."""

    TYPE: ClassVar[EventType]
    SCHEMA: ClassVar[int] = 1
    """The schema this class reads: the newest one (older payloads are upcast first)."""
    KEYS: ClassVar[Mapping[str, str]] = {}
    """Field name -> stored key, where the stored key is not a Python name (`from`)."""
    OMIT_NONE: ClassVar[frozenset[str]] = frozenset()
    """Optional fields the writers leave out of the payload when they have no value."""

    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """Stored keys this version does not declare (kept, so the payload round-trips)."""

    @classmethod
    def _declared(cls) -> tuple[tuple[str, str, bool], ...]:
        """(field, stored key, required) of each declared field, worked out once per class."""
        cached = _DECLARED.get(cls)
        if cached is None:
            cached = tuple(
                (
                    f.name,
                    cls.KEYS.get(f.name, f.name),
                    f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
                )
                for f in dataclasses.fields(cls)
                if f.name != "extra"
            )
            _DECLARED[cls] = cached
        return cached

    @classmethod
    def from_payload(cls: type[T], payload: Mapping[str, Any], where: str = "") -> T:
        """Read a payload of schema `SCHEMA`; EventDataError names the missing field."""
        values: dict[str, Any] = {}
        known: set[str] = set()
        for name, key, required in cls._declared():
            known.add(key)
            if key in payload:
                values[name] = payload[key]
            elif required:
                at = f" ({where})" if where else ""
                raise EventDataError(f"{cls.TYPE.value}{at}: the payload has no {key!r} (schema {cls.SCHEMA})")
        extra = {k: v for k, v in payload.items() if k not in known}
        return cls(extra=extra, **values)

    def payload(self) -> dict[str, Any]:
        """The stored JSON form: declared fields (optional ones left out when empty), then `extra`."""
        out: dict[str, Any] = {}
        for name, key, _ in self._declared():
            value = getattr(self, name)
            if value is None and name in self.OMIT_NONE:
                continue
            out[key] = value
        out.update(self.extra)
        return out

    def new_event(self, stream: str, actor: str = "system", schema: int | None = None) -> NewEvent:
        """The event to append: this payload, of this type, at this schema (or an older one whose
        payload this one also is, such as the first dice binding's)."""
        return NewEvent(stream, self.TYPE.value, self.payload(), actor, self.SCHEMA if schema is None else schema)

    def summary(self) -> str | None:
        """One line for `campaign log`, or None: the log then shows the payload itself."""
        return None

    def as_json(self) -> dict[str, Any]:
        """What a command prints with --json about the event it wrote: the payload, as stored."""
        return self.payload()


_DECLARED: dict[type[EventData], tuple[tuple[str, str, bool], ...]] = {}


# --- the campaign stream -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CampaignCreated(EventData):
    TYPE = EventType.CAMPAIGN_CREATED
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerAdded(EventData):
    TYPE = EventType.PLAYER_ADDED
    OMIT_NONE = frozenset({"tz"})
    name: str
    email: str
    tz: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerUpdated(EventData):
    TYPE = EventType.PLAYER_UPDATED
    OMIT_NONE = frozenset({"tz", "reason"})
    name: str
    email: str
    tz: str | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AbsenceDeclared(EventData):
    TYPE = EventType.ABSENCE_DECLARED
    KEYS = {"from_": "from"}
    OMIT_NONE = frozenset({"reason"})
    player: str
    from_: str
    to: str
    reason: str | None = None
    """Given when the referee declares the absence for the player."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PasswordSet(EventData):
    TYPE = EventType.PASSWORD_SET
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MailSettingsSet(EventData):
    TYPE = EventType.MAIL_SETTINGS_SET
    authserv_ids: list[str]
    unchecked: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleLinked(EventData):
    """A battle game created by a map campaign (campaign/strategic/service.py): which campaign, turn and region,
    and which battle unit is which roster unit."""

    TYPE = EventType.BATTLE_LINKED
    campaign: int
    turn: int
    region: str
    battle: int
    ruleset: str
    units: dict[str, list[Any]]
    scenario_file: str


# --- a game's stream -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GameCreated(EventData):
    TYPE = EventType.GAME_CREATED
    OMIT_NONE = frozenset({"scenario_file", "scenario_text"})
    ruleset: str
    engine: str
    scenario: str
    scenario_file: str | None = None
    scenario_text: str | None = None
    options: dict[str, Any]
    sides: dict[str, str]
    dice: str
    schedule: dict[str, Any] | None = None

    def summary(self) -> str:
        return f"{self.ruleset} / {self.scenario} sides {self.sides} dice {self.dice}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeedCommitted(EventData):
    TYPE = EventType.SEED_COMMITTED
    seed_no: int
    commitment: str

    def summary(self) -> str:
        return f"seed {self.seed_no} commitment {self.commitment[:16]}..."


@dataclass(frozen=True, slots=True, kw_only=True)
class SeedRevealed(EventData):
    TYPE = EventType.SEED_REVEALED
    seed_no: int
    seed: str

    def summary(self) -> str:
        return f"seed {self.seed_no} = {self.seed[:16]}..."


@dataclass(frozen=True, slots=True, kw_only=True)
class OrdersSubmitted(EventData):
    TYPE = EventType.ORDERS_SUBMITTED
    OMIT_NONE = frozenset({"via", "policy", "salt", "commitment"})
    side: str
    player: str
    key: str
    data: Any
    canonical: str
    orders_hash: str
    via: dict[str, Any] | None = None
    policy: str | None = None
    """The missed-orders policy, when the deadline filed these orders for the side."""
    salt: str | None = None
    """Sealed orders only: the random salt sealed with them and revealed with them (campaign/sealed.py)."""
    commitment: str | None = None
    """Sealed orders only: the public hash of salt and text the reveal must match (campaign/sealed.py)."""

    def summary(self) -> str:
        return f"{self.side} {self.key} hash {self.orders_hash[:12]}"


@dataclass(frozen=True, slots=True, kw_only=True)
class OrdersWithdrawn(EventData):
    TYPE = EventType.ORDERS_WITHDRAWN
    side: str
    key: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceEntered(EventData):
    TYPE = EventType.DICE_ENTERED
    values: list[int]

    def summary(self) -> str:
        return f"values {self.values}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceCleared(EventData):
    TYPE = EventType.DICE_CLEARED
    values: list[int]
    reason: str

    def summary(self) -> str:
        return f"cleared {self.values}: {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(EventData):
    TYPE = EventType.DICE_ROLLED
    SCHEMA = DICE_ROLLED_SCHEMA
    OMIT_NONE = frozenset({"seed_no", "n", "inputs_hash", "binding"})
    sides: int
    value: int
    purpose: str
    mode: str
    seed_no: int | None = None
    n: int | None = None
    inputs_hash: str | None = None
    binding: int | None = None

    @classmethod
    def of(cls, roll: Roll) -> DiceRolled:
        """A die as the log keeps it: fair dice carry their seed, roll number, inputs and binding (the
        first binding, schema 1, has no binding field)."""
        if roll.mode is not DiceMode.FAIR:
            return cls(sides=roll.sides, value=roll.value, purpose=roll.purpose, mode=roll.mode.value)
        return cls(
            sides=roll.sides,
            value=roll.value,
            purpose=roll.purpose,
            mode=roll.mode.value,
            seed_no=roll.seed_no,
            n=roll.n,
            inputs_hash=roll.inputs_hash,
            binding=roll.binding if roll.binding != 1 else None,
        )

    def summary(self) -> str:
        return f"d{self.sides} = {self.value}  ({self.purpose})"


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseResolved(EventData):
    TYPE = EventType.PHASE_RESOLVED
    SCHEMA = PHASE_RESOLVED_SCHEMA
    turn: int
    phase: str
    dice: int
    checkpoint: str
    narrative_hash: str
    inputs: dict[str, Any] | None = None
    resumed_from: int | None = None

    def summary(self) -> str:
        label = self.phase if self.phase.startswith("turn") else f"turn {self.turn}, {self.phase}"
        return f"{label} ({self.dice} dice) checkpoint {self.checkpoint[:12]}"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(EventData):
    TYPE = EventType.GAME_ENDED
    OMIT_NONE = frozenset({"abandoned"})
    winner: str | None
    reason: str
    abandoned: bool | None = None

    def summary(self) -> str:
        return f"winner {self.winner}: {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Resigned(EventData):
    TYPE = EventType.RESIGNED
    OMIT_NONE = frozenset({"reason"})
    side: str
    reason: str | None = None
    """Given when the referee resigns a side for its player."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionRequested(EventData):
    TYPE = EventType.DECISION_REQUESTED
    SCHEMA = DECISION_REQUESTED_SCHEMA
    side: str
    key: str
    question: str
    options: list[str]
    default: str
    inputs_hash: str
    next_n: int
    inputs: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionMade(EventData):
    TYPE = EventType.DECISION_MADE
    side: str
    key: str
    answer: str
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitSet(EventData):
    TYPE = EventType.WAIT_SET
    side: str
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ReminderSent(EventData):
    TYPE = EventType.REMINDER_SENT
    side: str
    deadline: str
    now: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadlinePassed(EventData):
    TYPE = EventType.DEADLINE_PASSED
    now: str
    sides: list[str]
    policy: str
    deadlines: dict[str, str]


@dataclass(frozen=True, slots=True, kw_only=True)
class EventsVoided(EventData):
    TYPE = EventType.EVENTS_VOIDED
    seqs: list[int]
    named: list[int]
    reason: str

    def summary(self) -> str:
        return f"voided {self.seqs}: {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadlineChanged(EventData):
    TYPE = EventType.DEADLINE_CHANGED
    OMIT_NONE = frozenset({"hours"})
    action: str
    reason: str
    hours: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SideReplaced(EventData):
    TYPE = EventType.SIDE_REPLACED
    side: str
    old: str
    new: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PressSent(EventData):
    TYPE = EventType.PRESS_SENT
    KEYS = {"from_": "from"}
    from_: str
    to: str
    text: str


# --- the mail stream -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _MailRecord(EventData):
    """What the mail stream keeps about an inbound message (mailflow.Inbound.provenance)."""

    message_id: str
    date: str | None = None
    raw_sha256: str
    auth: str
    received: str
    sender: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MessageAccepted(_MailRecord):
    TYPE = EventType.MESSAGE_ACCEPTED
    player: str
    game: int | None = None
    reply_to: Any = None
    unanswered: Any = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MessageRefused(_MailRecord):
    TYPE = EventType.MESSAGE_REFUSED
    OMIT_NONE = frozenset({"player", "locked_until"})
    codes: list[str]
    game: int | None = None
    reply_to: Any = None
    unanswered: Any = None
    player: str | None = None
    locked_until: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MailUndeliverable(EventData):
    TYPE = EventType.MAIL_UNDELIVERABLE
    message_id: str
    to: list[str]
    error: str
    file: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DigestSent(EventData):
    TYPE = EventType.DIGEST_SENT
    game: int
    player: str
    upto: int
    message_id: str


EVENT_DATA: dict[EventType, type[EventData]] = {
    cls.TYPE: cls
    for cls in (
        CampaignCreated,
        PlayerAdded,
        PlayerUpdated,
        AbsenceDeclared,
        PasswordSet,
        MailSettingsSet,
        BattleLinked,
        GameCreated,
        SeedCommitted,
        SeedRevealed,
        OrdersSubmitted,
        OrdersWithdrawn,
        DiceEntered,
        DiceCleared,
        DiceRolled,
        PhaseResolved,
        GameEnded,
        Resigned,
        DecisionRequested,
        DecisionMade,
        WaitSet,
        ReminderSent,
        DeadlinePassed,
        EventsVoided,
        DeadlineChanged,
        SideReplaced,
        PressSent,
        MessageAccepted,
        MessageRefused,
        MailUndeliverable,
        DigestSent,
    )
}
"""Every event type's dataclass (tests/test_eventdata.py checks none is missing)."""


def data_class(event_type: str) -> type[EventData]:
    """The dataclass of a stored type name; UnknownEventType for a name this version does not know."""
    try:
        return EVENT_DATA[EventType(event_type)]
    except (ValueError, KeyError):
        raise UnknownEventType(
            f"unknown event type {event_type!r}: this log was written by another version of campaign"
            f" (known: {', '.join(sorted(t.value for t in EVENT_DATA))})"
        ) from None


def event_data(ev: Event) -> EventData:
    """The typed payload of a stored event, raised to the newest schema first."""
    cls = data_class(ev.type)
    raised = upcast(ev)
    if raised.schema > cls.SCHEMA:
        raise EventDataError(
            f"event seq {ev.seq} ({ev.type}) has schema {raised.schema}; this version reads {cls.SCHEMA}"
        )
    return cls.from_payload(raised.payload, where=f"event seq {ev.seq}")
