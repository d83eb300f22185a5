"""Commanders and the Command Table: ratings, order radius, modifiers, results, who may take more
orders, battlelines [WC.CMD] [WC.LEADER] [WC.BATTLELINE].

>>> distance_penalty(20, 22.0), distance_penalty(20, 40.0), distance_penalty(15, 40.0)
(-1, -1, -2)
>>> command_result(value=0, disordered=False), command_result(value=-2, disordered=True)
(<Result.CARRY_ON: 'carry-on'>, <Result.BROKEN: 'broken'>)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .model import Ability, Role

__all__ = [
    "ABILITY",
    "Modifiers",
    "Result",
    "allowed_leaders",
    "battleline_problems",
    "command_result",
    "distance_penalty",
    "modified_rating",
    "order_radius",
    "roll_result",
]


@dataclass(frozen=True, slots=True)
class AbilityRow:
    """One row of the Historical leader table [WC.LEADER.2]."""

    low: int
    high: int
    rating: int
    command_range: int
    attacks: int


ABILITY: dict[Ability, AbilityRow] = {
    Ability.BRILLIANT: AbilityRow(11, 12, 10, 25, 2),
    Ability.GIFTED: AbilityRow(8, 10, 9, 20, 1),
    Ability.COMPETENT: AbilityRow(5, 7, 8, 20, 1),
    Ability.DULLARD: AbilityRow(2, 4, 7, 15, 0),
    Ability.REPLACEMENT: AbilityRow(0, 0, 6, 10, 0),
}
"""Rating, command range (cm) and attacks by ability [WC.LEADER.2] [WC.LEADER.12]."""


def ability_from_roll(total: int) -> Ability:
    """The ability a 2D6 roll gives a Historical commander [WC.LEADER.1] [WC.LEADER.2], for players
    who roll rather than agree the scenario's values [WC.PD.1]."""
    for ability, row in ABILITY.items():
        if row.low <= total <= row.high:
            return ability
    raise ValueError(f"2D6 cannot total {total}")


def allowed_leaders(army_points: int) -> dict[Role, int]:
    """How many of each commander an army may have: one Marshal, an Earl per full 1,000 points
    and a Captain per full 500, the leaders' own costs excluded [WC.CMD.1] [WC.TEST.21]."""
    return {Role.MARSHAL: 1, Role.EARL: army_points // 1000, Role.CAPTAIN: army_points // 500}


LEADER_COST = {Role.MARSHAL: 0, Role.EARL: 80, Role.CAPTAIN: 50}
"""Points per commander [WC.CMD.1]."""


def order_radius(role: Role, earl_radius: int = 40) -> float:
    """How far from the commander a recipient may be, in cm (Marshal: anywhere) [WC.CMD.5]
    [WC.CMD.5a]."""
    return {Role.MARSHAL: math.inf, Role.EARL: float(earl_radius), Role.CAPTAIN: 10.0}[role]


def distance_penalty(command_range: int, d: float, *, light_cavalry: bool = False, skirmisher: bool = False) -> int:
    """−1 per multiple of the command range beyond it, fractions up: ``−max(0, ceil(d/CR) − 1)``;
    light cavalry and (H) skirmishers are exempt [WC.CMD.12] [WC.CMD.10] [WC.TEST.1]."""
    if light_cavalry or skirmisher or d <= 0:
        return 0
    steps = math.ceil(d / command_range - 1e-9)
    return -max(0, steps - 1)


class Result(Enum):
    """Command Table results [WC.CMD.7]."""

    CARRY_ON = "carry-on"
    """Normal move; may charge [WC.CMD.17]."""
    HESITANT = "hesitant"
    """Half move; may not charge."""
    STAND = "stand"
    """Formation and facing changes only."""
    LEADER_CONFUSED = "leader-confused"
    """No move; the leader gives no more orders."""
    RALLY_WITH_ELAN = "rally-with-elan"
    """(Disordered) disorder removed; normal move; may charge [WC.CMD.18]."""
    CAUTIOUS_ADVANCE = "cautious-advance"
    """(Disordered) disorder removed; normal move; no charge."""
    RALLY_AND_STAND = "rally-and-stand"
    """(Disordered) disorder removed; formation and facing only."""
    BROKEN = "broken"
    """(Disordered) the unit routs and flees 3D6 cm toward its baseline."""
    FLEES = "flees"
    """(Disordered) the unit disintegrates; the leader is confused."""

    @property
    def moves(self) -> bool:
        """Allows a normal (or half) move."""
        return self in (Result.CARRY_ON, Result.HESITANT, Result.RALLY_WITH_ELAN, Result.CAUTIOUS_ADVANCE)

    @property
    def confuses(self) -> bool:
        """Ends the commander's orders [WC.CMD.15]."""
        return self in (Result.LEADER_CONFUSED, Result.FLEES)

    @property
    def rallies(self) -> bool:
        """Removes disorder [WC.CMD.18]."""
        return self in (Result.RALLY_WITH_ELAN, Result.CAUTIOUS_ADVANCE, Result.RALLY_AND_STAND)


_GOOD = {1: Result.CARRY_ON, 0: Result.CARRY_ON, -1: Result.HESITANT, -2: Result.STAND}
_DIS = {1: Result.RALLY_WITH_ELAN, 0: Result.CAUTIOUS_ADVANCE, -1: Result.RALLY_AND_STAND, -2: Result.BROKEN}


def command_result(*, value: int, disordered: bool) -> Result:
    """Read the Command Table [WC.CMD.7]: the row for ``value`` (≥ +1 shares the top row,
    ≤ −3 the bottom row [WC.CMD.8]), the Disordered column for disordered or routed units."""
    row = 1 if value >= 1 else value
    table = _DIS if disordered else _GOOD
    if row <= -3:
        return Result.FLEES if disordered else Result.LEADER_CONFUSED
    return table[row]


def roll_result(
    rating: int, dice: tuple[int, int], *, disordered: bool, natural12_policy: str = "worst_row"
) -> tuple[int, Result]:
    """Result value (modified rating − 2D6) and Command Table result; a natural 12 (the faces
    rolled, whatever the modifiers [WC.META.4]) always fails [WC.CMD.6] [WC.CMD.14]: ``worst_row``
    gives the ≤ −3 row, ``cap_minus1`` the −1 row at best."""
    value = rating - sum(dice)
    if dice == (6, 6):
        if natural12_policy == "worst_row":
            return value, command_result(value=-3, disordered=disordered)
        return value, command_result(value=min(value, -1), disordered=disordered)
    return value, command_result(value=value, disordered=disordered)


@dataclass(frozen=True, slots=True)
class Modifiers:
    """What the Command Table modifiers of [WC.CMD.9] look at for one order."""

    attached: bool = False
    elite: bool = False
    levy: bool = False
    column: bool = False
    enemy_all_60_plus: bool = False
    enemy_within_30: bool = False
    in_woods: bool = False
    second_order: bool = False
    artillery: bool = False
    casualties: bool = False
    routed: bool = False
    distance: int = 0
    """The (negative) distance penalty [WC.CMD.12]."""
    historical: bool = True
    skirmisher: bool = False
    battleline: bool = False


def modified_rating(rating: int, m: Modifiers) -> int:
    """The leader's rating with every modifier of [WC.CMD.9] applied, with the exemptions of
    [WC.CMD.10]; a battleline order uses only 2nd Order and the enemy-distance rows
    [WC.BATTLELINE.6]."""
    r = rating + (1 if m.enemy_all_60_plus else 0) - (1 if m.enemy_within_30 else 0)
    if m.second_order:
        r -= 3 if m.artillery else 2
    if m.battleline:
        return r
    r += 2 if m.attached else 0
    r += 1 if m.column else 0
    if m.historical:
        r += (1 if m.elite else 0) - (1 if m.levy else 0)
    if m.in_woods and not m.attached and not (m.historical and m.skirmisher):
        r -= 2
    r -= 1 if m.casualties else 0
    r -= 2 if m.routed else 0
    return r + m.distance


def battleline_problems(
    unit_ids: Sequence[str],
    near: dict[tuple[str, str], bool],
    army_units: int,
    disordered_or_skirmish: Sequence[str],
    leader_role: Role,
    leader_attached_to: str,
) -> tuple[str, ...]:
    """Why a group cannot take a battleline order [WC.BATTLELINE.1]–[WC.BATTLELINE.5]."""
    out: list[str] = []
    if len(unit_ids) < 3:
        out.append("a battleline needs at least 3 units [WC.BATTLELINE.1]")
    if army_units > 6 and 2 * len(unit_ids) > army_units:
        out.append(f"at most half the army's {army_units} units may form a battleline [WC.BATTLELINE.2]")
    for uid in disordered_or_skirmish:
        out.append(f"unit {uid} is disordered or skirmishing and cannot join a battleline [WC.BATTLELINE.3]")
    if leader_role is Role.CAPTAIN:
        out.append("a Captain may not give battleline orders [WC.BATTLELINE.4]")
    if leader_attached_to not in unit_ids:
        out.append("the commander must be attached to a unit of the battleline [WC.BATTLELINE.5] [WC.LEADER.14]")
    if unit_ids and not _linked(unit_ids, near):
        out.append("every unit must be within 4 cm of another unit of the battleline [WC.BATTLELINE.1]")
    return tuple(out)


def _linked(ids: Sequence[str], near: dict[tuple[str, str], bool]) -> bool:
    seen, todo = {ids[0]}, [ids[0]]
    while todo:
        a = todo.pop()
        for b in ids:
            if b not in seen and (near.get((a, b)) or near.get((b, a))):
                seen.add(b)
                todo.append(b)
    return len(seen) == len(ids)


def may_take_another(began_disordered: bool, results: Sequence[Result], disordered_now: bool) -> bool:
    """Whether a unit may be given another order this turn [WC.CMD.15]: a unit that began in
    good order while every result so far was Carry On and it is not disordered; one that began
    disordered or routed takes one order only."""
    if began_disordered:
        return not results
    return all(r is Result.CARRY_ON for r in results) and not disordered_now
