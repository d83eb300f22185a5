"""Provably fair dice by commit-reveal, dice entered by hand, and dice read back on replay.

Fair dice: the server draws a secret 32-byte seed and publishes only SHA-256(seed) before any
orders it will roll on. Roll `n` on that seed is HMAC-SHA256(seed, message) where the message
binds the game, `n`, the die size and the hash of the resolution's inputs document (what the
players sent and the board before resolution; never a time or an event hash the host could
vary), mapped to a face by rejection sampling (no modulo bias). The seed is revealed when its
turn closes, so anyone can re-derive every roll. The exact byte layout is in docs/dice.md;
`derive` is the reference and campaign/verify_dice.py the standard-library twin.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

DOMAIN = b"campaign-dice-v2"
"""The HMAC domain of the inputs binding (binding 2)."""
DOMAINS = {1: b"campaign-dice-v1", 2: DOMAIN}
"""Domain by binding: 1 is the old chain binding (rolls imported from older exports)."""
SEED_BYTES = 32
MIN_SIDES = 2
MAX_SIDES = 1000
INPUTS_FORMAT = "campaign-inputs-v2"


class DiceMode(Enum):
    """Where a game's dice come from."""

    FAIR = "fair"
    """Commit-reveal dice derived from a secret per-turn seed (the default)."""
    MANUAL = "manual"
    """Dice rolled by a person (a battle fought on a real table) and entered by hand."""


class DiceError(Exception):
    """Base of dice errors."""


class NeedMoreDice(DiceError):
    """Manual dice ran out: the engine needs another die the referee has not entered yet."""

    def __init__(self, sides: int, purpose: str, used: int):
        self.sides, self.purpose, self.used = sides, purpose, used
        super().__init__(f"needs die {used + 1}: a d{sides} for {purpose!r}; enter it with `campaign dice enter`")


class BadManualDie(DiceError):
    """An entered value that is not a face of the die asked for."""


class DiceDivergence(DiceError):
    """Replay asked for a roll the log does not hold, or for a different die or purpose."""


@dataclass(frozen=True, slots=True)
class Roll:
    """One die as it will be logged (eventdata.DiceRolled.of gives its payload)."""

    sides: int
    value: int
    purpose: str
    mode: DiceMode
    seed_no: int = 0
    n: int = 0
    inputs_hash: str = ""
    binding: int = 2


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's CSPRNG (the core's edge, never a rule)."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The published commitment to a seed: SHA-256 of its 32 raw bytes, as hex."""
    return hashlib.sha256(seed).hexdigest()


def inputs_document(
    game: str,
    turn: int,
    phase: str,
    orders: Mapping[tuple[str, str], str],
    decisions: Mapping[tuple[str, str], str],
    checkpoint: str,
) -> dict[str, Any]:
    """What a resolution's dice are bound to: only what the players sent and the board it starts from.

    `orders` maps (side, key) to the SHA-256 of the canonical orders text on file; `decisions`
    maps (side, key) to the answer on file when the resolution first ran; `checkpoint` is the
    state's checkpoint before resolution. No time, no event hash: nothing a host can vary.
    """
    return {
        "format": INPUTS_FORMAT,
        "game": game,
        "turn": turn,
        "phase": phase,
        "orders": [[side, key, digest] for (side, key), digest in sorted(orders.items())],
        "decisions": [[side, key, answer] for (side, key), answer in sorted(decisions.items())],
        "checkpoint": checkpoint,
    }


def inputs_hash(document: Mapping[str, Any]) -> str:
    """SHA-256 of the canonical JSON of an inputs document (UTF-8), as hex."""
    from campaign import canonical

    return canonical.sha256_hex(dict(document))


def roll_message(game: str, n: int, sides: int, inputs_hash: str, binding: int = 2) -> bytes:
    """The HMAC message of roll `n` (layout documented byte by byte in docs/dice.md)."""
    game_bytes = game.encode("utf-8")
    return (
        DOMAINS[binding]
        + b"\x00"
        + len(game_bytes).to_bytes(2, "big")
        + game_bytes
        + n.to_bytes(8, "big")
        + sides.to_bytes(2, "big")
        + bytes.fromhex(inputs_hash)
    )


def derive(seed: bytes, game: str, n: int, sides: int, inputs_hash: str, binding: int = 2) -> int:
    """The face (1..sides) of roll `n`: HMAC-SHA256 blocks cut into uint32s, rejection-sampled."""
    if not MIN_SIDES <= sides <= MAX_SIDES:
        raise DiceError(f"a die needs {MIN_SIDES}..{MAX_SIDES} sides, not {sides}")
    if binding not in DOMAINS:
        raise DiceError(f"unknown dice binding {binding}")
    limit = (1 << 32) - ((1 << 32) % sides)
    message = roll_message(game, n, sides, inputs_hash, binding)
    block = 0
    while True:
        digest = hmac.new(seed, message + block.to_bytes(4, "big"), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            value = int.from_bytes(digest[i : i + 4], "big")
            if value < limit:
                return value % sides + 1
        block += 1


class Decisions:
    """Answers on file for the decisions of the current phase, shared by every dice source."""

    answers: dict[tuple[str, str], str]

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        from campaign.ruleset import NeedDecision

        answer = self.answers.get((side, key))
        if answer is None:
            raise NeedDecision(side, key, question, options, default)
        return answer


@dataclass
class FairDice(Decisions):
    """Live fair dice for one resolution: roll n, n+1, ... on the current seed."""

    seed: bytes
    game: str
    seed_no: int
    inputs_hash: str
    next_n: int = 1
    rolls: list[Roll] = field(default_factory=list)
    answers: dict[tuple[str, str], str] = field(default_factory=dict)
    binding: int = 2
    """1 only to finish a resolution an older version stopped for a decision (its dice re-derived)."""

    def roll(self, sides: int, purpose: str) -> int:
        value = derive(self.seed, self.game, self.next_n, sides, self.inputs_hash, self.binding)
        self.rolls.append(
            Roll(sides, value, purpose, DiceMode.FAIR, self.seed_no, self.next_n, self.inputs_hash, self.binding)
        )
        self.next_n += 1
        return value


@dataclass
class ManualDice(Decisions):
    """Dice a person rolled and entered, used in order; runs out loudly."""

    values: Sequence[int]
    rolls: list[Roll] = field(default_factory=list)
    answers: dict[tuple[str, str], str] = field(default_factory=dict)

    def roll(self, sides: int, purpose: str) -> int:
        used = len(self.rolls)
        if used >= len(self.values):
            raise NeedMoreDice(sides, purpose, used)
        value = self.values[used]
        if not 1 <= value <= sides:
            raise BadManualDie(f"entered die {used + 1} is {value}, but the engine asked for a d{sides} ({purpose})")
        self.rolls.append(Roll(sides, value, purpose, DiceMode.MANUAL))
        return value


@dataclass(frozen=True, slots=True)
class RecordedRoll:
    """A DiceRolled event as replay sees it."""

    seq: int
    sides: int
    value: int
    purpose: str


@dataclass
class RecordedDice(Decisions):
    """Replay's dice: the DiceRolled events of one resolution, checked against every request."""

    recorded: Sequence[RecordedRoll]
    where: str = ""
    used: int = 0
    answers: dict[tuple[str, str], str] = field(default_factory=dict)
    asked: dict[tuple[str, str], tuple[str, tuple[str, ...], str]] = field(default_factory=dict)
    """What the engine asked on replay: (side, key) -> (question, options, default)."""

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        self.asked[(side, key)] = (question, tuple(options), default)
        answer = self.answers.get((side, key))
        if answer is None:
            raise DiceDivergence(
                f"{self.where}: the engine asks {side} to decide {key!r}, but the log holds no such answer;"
                " engine and log have diverged"
            )
        return answer

    def roll(self, sides: int, purpose: str) -> int:
        if self.used >= len(self.recorded):
            raise DiceDivergence(
                f"{self.where}: the engine asked for roll {self.used + 1} (d{sides}, {purpose!r})"
                f" but the log holds only {len(self.recorded)}; engine and log have diverged"
            )
        rec = self.recorded[self.used]
        if rec.sides != sides or rec.purpose != purpose:
            raise DiceDivergence(
                f"event seq {rec.seq} recorded a d{rec.sides} for {rec.purpose!r}, but the engine now asks"
                f" for a d{sides} for {purpose!r}; engine and log have diverged"
            )
        self.used += 1
        return rec.value

    def check_all_used(self) -> None:
        """Fail if the engine used fewer dice than the log holds."""
        if self.used != len(self.recorded):
            extra = self.recorded[self.used]
            raise DiceDivergence(
                f"event seq {extra.seq}: the log holds a d{extra.sides} for {extra.purpose!r} that the engine"
                f" never asked for ({self.used} of {len(self.recorded)} used); engine and log have diverged"
            )
