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
Ord = TypeVar("Ord")

Verify = Callable[[S, Ord], list[str]]
"""(state, order) -> the reasons the order cannot be carried out now; empty when it can."""
Apply = Callable[[S, Ord, Any], S]
"""(state, order, dice) -> the state after the order; trusted: only called on verified orders."""


@dataclass(frozen=True, slots=True)
class OrderRule(Generic[S, Ord]):
    """How one kind of order is checked and carried out."""

    kind: type
    verify: Verify[S, Ord]
    apply: Apply[S, Ord]


class OrderTable(Generic[S, Ord]):
    """Order kinds (classes) mapped to their rules; an unknown kind fails loudly."""

    def __init__(self, name: str):
        self.name = name
        self.rules: dict[type, OrderRule[S, Ord]] = {}

    def add(self, kind: type, *, verify: Verify[S, Ord], apply: Apply[S, Ord]) -> None:
        if kind in self.rules:
            raise ValueError(f"{self.name}: order kind {kind.__name__} is in the table twice")
        self.rules[kind] = OrderRule(kind, verify, apply)

    def rule(self, order: Ord) -> OrderRule[S, Ord]:
        try:
            return self.rules[type(order)]
        except KeyError:
            raise TypeError(f"{self.name}: no rule for orders of kind {type(order).__name__}") from None

    def verify(self, state: S, order: Ord) -> list[str]:
        return self.rule(order).verify(state, order)

    def can(self, state: S, order: Ord) -> bool:
        return not self.verify(state, order)

    def apply(self, state: S, order: Ord, dice: Any) -> S:
        return self.rule(order).apply(state, order, dice)
