"""The table of order kind -> (verify, apply) that a phase runner and a computer player share.

Each kind of order has one definition of legality (``verify`` returns the reasons it cannot be
done, empty when it can) and one effect (``apply``). The validator refuses with the reasons, the
runner applies in the rulebook's order, and the computer player keeps only what verifies: all
three read the same table, so they cannot disagree (pokerkit's verify/can/do, as a table).

>>> table = OrderTable[int, str]("toy")
>>> table.add(str, verify=lambda s, o: [] if o else ["empty order"], apply=lambda s, o, d: s + len(o))
>>> table.can(0, "ab"), table.verify(0, "")
(True, ['empty order'])
>>> table.apply(1, "abc", None)
4
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

S = TypeVar("S")
O = TypeVar("O")

Verify = Callable[[S, O], list[str]]
"""(state, order) -> the reasons the order cannot be carried out now; empty when it can."""
Apply = Callable[[S, O, Any], S]
"""(state, order, dice) -> the state after the order; trusted: only called on verified orders."""


@dataclass(frozen=True, slots=True)
class OrderRule(Generic[S, O]):
    """How one kind of order is checked and carried out."""

    kind: type
    verify: Verify[S, O]
    apply: Apply[S, O]


class OrderTable(Generic[S, O]):
    """Order kinds (classes) mapped to their rules; an unknown kind fails loudly."""

    def __init__(self, name: str):
        self.name = name
        self.rules: dict[type, OrderRule[S, O]] = {}

    def add(self, kind: type, *, verify: Verify[S, O], apply: Apply[S, O]) -> None:
        if kind in self.rules:
            raise ValueError(f"{self.name}: order kind {kind.__name__} is in the table twice")
        self.rules[kind] = OrderRule(kind, verify, apply)

    def rule(self, order: O) -> OrderRule[S, O]:
        try:
            return self.rules[type(order)]
        except KeyError:
            raise TypeError(f"{self.name}: no rule for orders of kind {type(order).__name__}") from None

    def verify(self, state: S, order: O) -> list[str]:
        return self.rule(order).verify(state, order)

    def can(self, state: S, order: O) -> bool:
        return not self.verify(state, order)

    def apply(self, state: S, order: O, dice: Any) -> S:
        return self.rule(order).apply(state, order, dice)
