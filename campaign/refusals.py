"""What a rule system raises when it refuses orders or needs a player's answer.

Kept apart from the `Ruleset` interface (which re-exports them) so the game kit's modules can use
them while the interface's default methods use the kit, with no import cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OrderError:
    """One mistake in an order text: where, a stable code, what is wrong and how to fix it."""

    line: int
    column: int
    code: str
    message: str
    text: str = ""
    """The offending line, quoted back to the player."""
    hint: str = ""

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "") if self.line else "the orders"
        out = f"{where}: {self.message} [{self.code}]"
        if self.text:
            out += f"\n    {self.text}"
        if self.hint:
            out += f"\n    hint: {self.hint}"
        return out


class OrdersRejected(Exception):
    """Raised by `Ruleset.parse_orders` with every error found, never just the first."""

    def __init__(self, errors: Iterable[OrderError]):
        self.errors: tuple[OrderError, ...] = tuple(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


class NeedDecision(Exception):
    """A resolution needs a side's answer that is not on file yet; the game waits for it."""

    def __init__(self, side: str, key: str, question: str, options: tuple[str, ...], default: str):
        self.side, self.key, self.question, self.options, self.default = side, key, question, tuple(options), default
        super().__init__(f"{side} must decide {key}: {question} ({' / '.join(self.options)})")
