"""The table of order kind -> (verify, apply) that a phase runner and a computer player share.

Each kind of order has one definition of legality (``verify`` returns the reasons it cannot be
done, empty when it can) and one effect (``apply``). The validator refuses with the reasons, the
runner applies in the rulebook's order, and the computer player keeps only what verifies: all
three read the same table, so they cannot disagree (pokerkit's verify/can/do, as a table).

A reason is a plain sentence, or a :class:`Refusal` that also names the rule broken (its code
becomes the error code the player sees) and how to fix it.

>>> table = OrderTable[int, str]("toy")
>>> table.add(str, verify=lambda s, o: [] if o else ["empty order"], apply=lambda s, o, d: s + len(o))
>>> table.can(0, "ab"), table.verify(0, "")
(True, ['empty order'])
>>> table.apply(1, "abc", None)
4
>>> table.run(0, ["ab", "", "c"], None)
(3, [('', ['empty order'])])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

S = TypeVar("S")
Ord = TypeVar("Ord")
K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an order cannot be carried out: the rule broken (a rule ID), a sentence, and how to fix it."""

    code: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"


Reason = str | Refusal
"""One reason an order is refused: a sentence, or a Refusal naming the rule."""

Verify = Callable[[S, Ord], Sequence[Reason]]
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
        self.rules: dict[type, OrderRule[S, Any]] = {}

    def add(
        self,
        kind: type[K],
        *,
        verify: Callable[[S, K], Sequence[Reason]],
        apply: Callable[[S, K, Any], S],
    ) -> None:
        """Add the rule of one order kind; ``verify`` and ``apply`` take orders of that kind."""
        if kind in self.rules:
            raise ValueError(f"{self.name}: order kind {kind.__name__} is in the table twice")
        self.rules[kind] = OrderRule(kind, verify, apply)

    def kinds(self) -> list[type]:
        """Every order kind in the table, in the order they were added."""
        return list(self.rules)

    def rule(self, order: Ord) -> OrderRule[S, Any]:
        try:
            return self.rules[type(order)]
        except KeyError:
            raise TypeError(f"{self.name}: no rule for orders of kind {type(order).__name__}") from None

    def verify(self, state: S, order: Ord) -> list[Reason]:
        return list(self.rule(order).verify(state, order))

    def can(self, state: S, order: Ord) -> bool:
        return not self.verify(state, order)

    def apply(self, state: S, order: Ord, dice: Any) -> S:
        return self.rule(order).apply(state, order, dice)

    def run(self, state: S, orders: Iterable[Ord], dice: Any) -> tuple[S, list[tuple[Ord, list[Reason]]]]:
        """The standard phase runner: each order verified on the state the earlier ones left, and applied
        when it verifies; a refused order is skipped. Returns the final state and the refused orders with
        their reasons, in order."""
        refused: list[tuple[Ord, list[Reason]]] = []
        for order in orders:
            reasons = self.verify(state, order)
            if reasons:
                refused.append((order, reasons))
            else:
                state = self.apply(state, order, dice)
        return state, refused
