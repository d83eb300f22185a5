"""Scripted dice for tests: each die names its size, so a rule that rolls the wrong die fails.

>>> dice = ScriptedDice.of(6, 4, 2)      # two d6: a 4 then a 2
>>> dice.roll(6, "shooting: unit 3")
4
>>> dice.roll(10, "morale")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
campaign.kit.scripted.ScriptError: die 2 (morale): the engine asked for a d10, the script holds a d6 (2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from campaign.refusals import NeedDecision


class ScriptError(AssertionError):
    """The engine asked for a die the script does not hold: wrong size, or none left."""


@dataclass(frozen=True, slots=True)
class Die:
    """One scripted die: its size and the face it shows."""

    sides: int
    face: int

    def __post_init__(self) -> None:
        if not 1 <= self.face <= self.sides:
            raise ValueError(f"a d{self.sides} cannot show {self.face}")


@dataclass(slots=True)
class ScriptedDice:
    """A ``DiceSource`` that hands out a fixed script of dice in order and records every purpose.

    ``answers`` maps a decision key to the side's answer; a decision without one raises
    :class:`campaign.ruleset.NeedDecision` when ``ask`` is true, else takes the default.
    """

    script: list[Die]
    answers: dict[str, str] = field(default_factory=dict)
    ask: bool = False
    log: list[tuple[Die, str]] = field(default_factory=list)
    decisions: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def of(cls, sides: int, *faces: int, answers: Mapping[str, str] | None = None) -> ScriptedDice:
        """All dice of one size: ``ScriptedDice.of(6, 3, 5)`` is a 3 then a 5 on d6."""
        return cls([Die(sides, f) for f in faces], dict(answers or {}))

    @classmethod
    def mixed(cls, dice: Iterable[tuple[int, int]], answers: Mapping[str, str] | None = None) -> ScriptedDice:
        """Dice of several sizes as (sides, face) pairs, in the order the engine will ask."""
        return cls([Die(s, f) for s, f in dice], dict(answers or {}))

    def roll(self, sides: int, purpose: str) -> int:
        n = len(self.log) + 1
        if not self.script:
            raise ScriptError(f"die {n} ({purpose}): the engine asked for a d{sides}, the script has run out")
        die = self.script[0]
        if die.sides != sides:
            raise ScriptError(
                f"die {n} ({purpose}): the engine asked for a d{sides}, the script holds a d{die.sides} ({die.face})"
            )
        self.script.pop(0)
        self.log.append((die, purpose))
        return die.face

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        if key in self.answers:
            answer = self.answers[key]
            if answer not in options:
                raise ScriptError(f"decision {key}: scripted answer {answer!r} is not one of {options}")
        elif self.ask:
            raise NeedDecision(side, key, question, options, default)
        else:
            answer = default
        self.decisions.append((key, answer))
        return answer

    @property
    def left(self) -> int:
        """Dice still unused in the script."""
        return len(self.script)

    def assert_used_up(self) -> None:
        """Fail when the script holds dice the engine never asked for (the rule rolled too few)."""
        if self.script:
            rest = ", ".join(f"d{d.sides}={d.face}" for d in self.script)
            raise ScriptError(f"{len(self.script)} scripted dice never rolled: {rest}")

    @property
    def purposes(self) -> list[str]:
        """The purpose of every die rolled so far, in order."""
        return [p for _, p in self.log]
