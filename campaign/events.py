"""The closed set of event types the core writes, and the stream names they live in."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

CAMPAIGN_STREAM = "campaign"
MAIL_STREAM = "mail"


class EventType(StrEnum):
    """Every kind of event; each one is an input or a published fact, never a rules conclusion."""

    CAMPAIGN_CREATED = "CampaignCreated"
    """`campaign init`: the file's first event, naming the campaign."""
    PLAYER_ADDED = "PlayerAdded"
    """A player joined the campaign (name, email)."""
    GAME_CREATED = "GameCreated"
    """A game began: ruleset, engine version, scenario, options, sides and their players, dice mode."""
    SEED_COMMITTED = "SeedCommitted"
    """The SHA-256 commitment to a new secret dice seed, published before the inputs it rolls on."""
    SEED_REVEALED = "SeedRevealed"
    """A dice seed made public once its turn closed; anyone can now re-derive its rolls."""
    ORDERS_SUBMITTED = "OrdersSubmitted"
    """Orders that passed validation, as parsed data and canonical text."""
    ORDERS_WITHDRAWN = "OrdersWithdrawn"
    """A player took orders back before any die was rolled on them."""
    DICE_ENTERED = "DiceEntered"
    """Manual dice: values rolled on a real table, queued for the next resolution."""
    DICE_CLEARED = "DiceCleared"
    """Manual dice: the referee dropped the entered dice still queued (with a reason)."""
    DICE_ROLLED = "DiceRolled"
    """One die used by a resolution, with its purpose (and for fair dice, how to re-derive it)."""
    PHASE_RESOLVED = "PhaseResolved"
    """A resolution ran on the dice just logged; carries a checkpoint hash of the resulting state."""
    GAME_ENDED = "GameEnded"
    """The game is over (winner or draw, and why): by the rules, a resignation or the referee."""
    DECISION_REQUESTED = "DecisionRequested"
    """A resolution stopped for a side's decision; the dice it had rolled are re-derived when it resumes."""
    DECISION_MADE = "DecisionMade"
    """A side's answer to a decision request (or the default, applied at a deadline)."""
    WAIT_SET = "WaitSet"
    """A side asked the phase not to resolve early (WAIT) or took that back (NOWAIT)."""
    REMINDER_SENT = "ReminderSent"
    """A late side was reminded of its deadline."""
    DEADLINE_PASSED = "DeadlinePassed"
    """A deadline passed with sides missing; the time and the policy applied enter the log here."""
    EVENTS_VOIDED = "EventsVoided"
    """A referee correction: named inputs (and what followed them) are skipped by replay from now on."""
    PRESS_SENT = "PressSent"
    """A message between players (or to all), logged like everything else."""
    RESIGNED = "Resigned"
    """A side resigned."""
    ABSENCE_DECLARED = "AbsenceDeclared"
    """A player will be away; deadlines falling in that time are extended."""
    PASSWORD_SET = "PasswordSet"
    """A player's order password was issued or reset (the salted hash is kept outside the chain)."""
    MESSAGE_REFUSED = "MessageRefused"
    """An inbound mail was refused: the reasons and its provenance (Message-ID, Date, raw hash, auth, receipt time)."""
    MESSAGE_ACCEPTED = "MessageAccepted"
    """An inbound mail was acted on, with its provenance; written with the events it caused."""
    MAIL_SETTINGS_SET = "MailSettingsSet"
    """The referee named the trusted receiving servers (authserv-ids) and what unchecked mail gets."""
    MAIL_UNDELIVERABLE = "MailUndeliverable"
    """An outgoing mail was given up (the server refused it for good); it waits in outbox/failed."""
    DIGEST_SENT = "DigestSent"
    PLAYER_UPDATED = "PlayerUpdated"
    """The referee changed a player's address (with a reason)."""
    SIDE_REPLACED = "SideReplaced"
    """The referee handed a side of a running game to another player (with a reason)."""
    DEADLINE_CHANGED = "DeadlineChanged"
    """The referee set, extended, paused or resumed a game's deadline (with a reason)."""
    BATTLE_LINKED = "BattleLinked"
    """A map campaign created a battle game (campaign stream): campaign game, turn, region, battle game, rosters."""
    """A digest covering a game up to some event was queued for a player (the mail stream)."""


def game_stream(number: int) -> str:
    """The stream name of game `number`."""
    return f"game:{number}"


def parse_game_ref(ref: str | int) -> str:
    """Accept `7`, `game:7` or `#7` and give the stream name; ValueError for anything else."""
    text = str(ref).strip().lstrip("#")
    if text.startswith("game:"):
        text = text[5:]
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{ref!r} is not a game id: use the number `campaign game new` printed, e.g. 1")
    return game_stream(int(text))


# --- fields added for dice bound to the players' inputs (docs/dice.md) -------------------------

DICE_ROLLED_SCHEMA = 2
"""DiceRolled schema 2 adds `binding`; schema 1 payloads are upcast with the old binding."""
PHASE_RESOLVED_SCHEMA = 2
"""PhaseResolved schema 2 adds `inputs` (the inputs document its dice are bound to) and `resumed_from`."""
DECISION_REQUESTED_SCHEMA = 2
"""DecisionRequested schema 2 adds `inputs` (the document its resolution's dice are bound to)."""

BINDING_FIELD = "binding"
"""DiceRolled: which binding derives the die. 2: the inputs document; 1: the previous event's hash (old)."""
BINDING_CHAIN = 1
"""The old binding (before 0.2): bound to the hash of the last event, which covers the host's clock."""
BINDING_INPUTS = 2
"""The binding of this version: bound to the hash of the resolution's inputs document."""
INPUTS_FIELD = "inputs"
"""PhaseResolved / DecisionRequested: the inputs document (game, turn, phase, orders, decisions, checkpoint)."""
RESUMED_FROM_FIELD = "resumed_from"
"""PhaseResolved: seq of the DecisionRequested whose dice this resolution re-derived, or null."""


def _register_upcasters() -> None:
    from campaign.eventlog import upcaster

    @upcaster(EventType.DICE_ROLLED.value, 1)
    def _dice_rolled_1(payload: dict[str, Any]) -> dict[str, Any]:
        if payload.get("mode") == "fair":
            return {**payload, BINDING_FIELD: BINDING_CHAIN}
        return dict(payload)

    @upcaster(EventType.PHASE_RESOLVED.value, 1)
    def _phase_resolved_1(payload: dict[str, Any]) -> dict[str, Any]:
        return {**payload, INPUTS_FIELD: None, RESUMED_FROM_FIELD: None}

    @upcaster(EventType.DECISION_REQUESTED.value, 1)
    def _decision_requested_1(payload: dict[str, Any]) -> dict[str, Any]:
        return {**payload, INPUTS_FIELD: None}


_register_upcasters()
