"""Pursuit tests: who tests, the die modifiers, the result, the signs a player picks after the
roll and the "May Choose" default [WC.PURSUIT.1]–[WC.PURSUIT.13] [WC.ADVANCE.1] [WC.PD.26]
[WC.PD.27]."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .troops import Category

__all__ = ["PursuitCase", "PursuitResult", "choose_signs", "may_test", "pursuit_result", "pursuit_total"]


class PursuitResult(Enum):
    """The three results of the Pursuit Test [WC.PURSUIT.3] [WC.PURSUIT.6]."""

    MUST = "must pursue"
    """Must pursue (or advance, if the opponent was destroyed)."""
    CHOOSE = "may choose"
    """The owner decides [WC.PD.27]."""
    STAND = "must stand"
    """No move."""


@dataclass(frozen=True, slots=True)
class PursuitCase:
    """The facts behind one winner's Pursuit Test [WC.PURSUIT.3] [WC.PURSUIT.5]."""

    irregular: bool = False
    """Troops rated irregular (not an irregular formation): the Irregular column."""
    irregular_formation: bool = False
    impetuous: bool = False
    missile_infantry: bool = False
    cavalry: bool = False
    casualties: bool = False
    second_pursuit: bool = False
    leader: bool = False
    """A leader gives ±1, sign chosen after the roll [WC.PURSUIT.4]."""
    shieldwall: bool = False
    """(H) Shieldwall ±1, sign chosen after the roll."""


def pursuit_total(die: int, c: PursuitCase, signs: tuple[int, int] = (0, 0)) -> int:
    """The die plus the fixed modifiers and the chosen signs (leader, shieldwall) [WC.PURSUIT.3]
    [WC.PURSUIT.5]."""
    t = die
    t -= 1 if c.irregular_formation else 0
    t += 2 if c.impetuous else 0
    t -= 1 if c.missile_infantry else 0
    t += 1 if c.cavalry else 0
    t -= 1 if c.casualties else 0
    t -= 2 if c.second_pursuit else 0
    t += signs[0] if c.leader else 0
    t += signs[1] if c.shieldwall else 0
    return t


def pursuit_result(total: int, irregular: bool) -> PursuitResult:
    """Regular: 6+ must, 3–5 choose, 2- stand; Irregular: 5+, 4, 3- [WC.PURSUIT.3]."""
    must, stand = (5, 3) if irregular else (6, 2)
    if total >= must:
        return PursuitResult.MUST
    if total <= stand:
        return PursuitResult.STAND
    return PursuitResult.CHOOSE


def choose_signs(die: int, c: PursuitCase, infantry: bool) -> tuple[int, int]:
    """The PBEM default for the ± signs: aim for "Must Stand" with infantry, "Must Pursue"
    otherwise [WC.PD.26]."""
    want = -1 if infantry else 1
    return (want if c.leader else 0, want if c.shieldwall else 0)


@dataclass(frozen=True, slots=True)
class Opponent:
    """An enemy unit a winner fought, for [WC.PURSUIT.2]."""

    category: Category
    destroyed: bool


def may_test(
    category: Category,
    *,
    fortified: bool,
    routed: bool,
    artillery_or_wagon: bool,
    opponents: Sequence[Opponent],
    fought: bool = True,
) -> bool:
    """Does this winner take a Pursuit Test [WC.PURSUIT.1] [WC.PURSUIT.2] [WC.PURSUIT.13]
    [WC.MELEE.26]? Fortified units, guns and wagons never; routed units never; a unit that fought
    no enemy this round never; infantry never pursues mounted troops, non-flyers never flyers,
    unless the enemy was destroyed (then the question is an advance)."""
    if fortified or routed or artillery_or_wagon or not fought or not opponents:
        return False
    if any(o.destroyed for o in opponents) and all(o.destroyed for o in opponents):
        return True
    mounted = (Category.CAVALRY, Category.CHARIOTS, Category.MONSTERS, Category.FLYERS)

    def allowed(o: Opponent) -> bool:
        if o.destroyed:
            return False
        if category is Category.INFANTRY and o.category in mounted:
            return False
        return not (category is not Category.FLYERS and o.category is Category.FLYERS)

    return any(allowed(o) for o in opponents)


def default_choice(cavalry: bool, impetuous: bool) -> bool:
    """On "May Choose": pursue or advance if the unit is cavalry or impetuous, else stand
    [WC.PD.27]."""
    return cavalry or impetuous


def irregular_contact_limit(stands_in_contact_last_round: int) -> int:
    """An irregular-formation winner may have no more stands in contact after a pursuit or advance
    than in the round just fought (at least one) [WC.PURSUIT.9] [WC.TEST.17]; the melee round
    then counts only that many of its stands as fighting."""
    return max(1, stands_in_contact_last_round)
