"""Proconsul's numbers as pure functions: hits, order tests, morale, pools, limits, pursuit, break.

Each function is one rule of the spec, with its ID, so the worked examples of spec section 25
test them directly. No dice are rolled here: callers roll and pass the faces in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .model import CAVALRY, CHARIOTS, FOOT, Category, Impetuous, Missile, OrderClass, RangeBand, Troop

C = Category


def hits(faces: Sequence[int]) -> int:
    """Hits from a pool: each 6, and each pair of 5s (a 5 used once) [PC.DICE.2].

    >>> hits([6, 5, 5, 5, 2, 1])
    2
    """
    return sum(1 for f in faces if f == 6) + sum(1 for f in faces if f == 5) // 2


def order_target(order_class: OrderClass, move_no: int = 2) -> int:
    """Order-test target: the class's base for move 2 (and for rally, opportunity), +1 a move after [PC.MOVE.8]
    [PC.MOVE.9]."""
    return order_class.value + max(0, move_no - 2)


def order_test_passes(roll: int, target: int, general: bool, out_of_command: bool) -> bool:
    """Roll + modifiers against the target; no automatic pass or fail [PC.MOVE.9] [PC.CMD.3] [PC.CMD.7]."""
    return roll + (1 if general else 0) - (1 if out_of_command else 0) >= target


@dataclass(frozen=True, slots=True)
class MoraleResult:
    """One morale test [PC.MORALE.2] [PC.MORALE.3]."""

    am: int
    roll: int
    ml: int

    @property
    def passed(self) -> bool:
        return self.ml == 0


def adjusted_morale(start_sp: int, hit_count: int, front_loss: int, disordered: bool, general: bool) -> int:
    """AM = max(1, S0 - H - L - D + G) [PC.MORALE.2]."""
    return max(1, start_sp - hit_count - front_loss - (1 if disordered else 0) + (1 if general else 0))


def morale_test(am: int, roll: int) -> MoraleResult:
    """Pass on a roll at most AM; 6 always fails, 1 always passes; ML = roll - AM (AM >= 6 and a 6: 1) [PC.MORALE.3]."""
    if roll == 6 and am >= 6:
        return MoraleResult(am, roll, 1)
    if roll == 1:
        return MoraleResult(am, roll, 0)
    return MoraleResult(am, roll, max(0, roll - am))


def sp_loss(ml: int, cap: int, was_disordered: bool) -> int:
    """SP lost from a test: min(ML, cap), at least 1 when already disordered [PC.MORALE.4] [PC.MORALE.6]."""
    loss = min(ml, cap)
    return max(loss, 1) if was_disordered else loss


def range_dice(bands: Sequence[RangeBand], distance: int) -> int | None:
    """The pool modifier at this range, or None beyond the last band [PC.FIRE.4] [PC.ARMYLIST.4]."""
    for band in bands:
        if distance <= band.max_range:
            return band.dice
    return None


def fire_dice(front_sp: int, band: int, moves_before: int, move_after: bool, disordered: bool, cover: int) -> int:
    """Dice of one shooter: front SP + range band - moves - disorder + cover (<= 0) [PC.FIRE.1] [PC.FIRE.2] [PC.FIRE.7].

    A pool below 1 means no fire [PC.DICE.3].
    """
    return front_sp + band - moves_before - (1 if move_after else 0) - (1 if disordered else 0) + cover


def pilum_dice(
    *,
    role: str,
    frontal: bool,
    front_sp: int,
    start_sp: int,
    disordered: bool,
    pursued: bool = False,
) -> int:
    """Pilum dice of a legionary newly in a melee [PC.FIRE.11].

    ``role`` is "defender" (defending battle stand), "attacker" or "support". 3D6 as a defender
    hit through a front hex, else 1D6; -1 if disordered; 1D6 in all cases once it has lost SP
    (even disordered); none at 3 SP or fewer, when hit in the flank as a defender, or when caught
    while pursued.
    """
    if pursued or front_sp <= 3 or (role == "defender" and not frontal):
        return 0
    if front_sp < start_sp:
        return 1
    base = 3 if role == "defender" else 1
    return max(0, base - (1 if disordered else 0))


def impact_allowed(
    charger: Troop,
    enemy: Troop,
    *,
    frontal: bool,
    from_behind: bool,
    refight: bool = False,
    terrain_blocks: bool = False,
) -> bool:
    """Whether a charger adds its IF against this enemy battle stand [PC.MELEE.9] (a)-(i)."""
    me, them = charger.category, enemy.category
    flank_ok = not frontal and from_behind
    barred = (
        refight  # (i)
        or terrain_blocks  # (h)
        or (me in FOOT and them not in FOOT)  # (a)
        or (me in CHARIOTS and them is C.LI)  # (b)
        or (me is C.WB and them is C.AUX and not flank_ok)  # (c)
        or (me in CAVALRY and them in (C.PK, C.LSP) and not flank_ok)  # (d)
        or (me in CAVALRY and them in CHARIOTS)  # (e)
        or them is C.EL  # (f)
        or (me in (C.LC, C.EL, C.LCH) and them is C.SK)  # (g)
    )
    return not barred


def impact_value(troop: Troop, front_loss: int) -> int:
    """IF, or IF after loss once the front rank has lost SP for good [PC.MELEE.11]."""
    return troop.impact_after_loss if front_loss > 0 else troop.impact


def rank_dice(
    troop: Troop, extra_ranks: int, enemy: Troop, *, frontal: bool, mounted_frontal: bool, per_rank: bool = False
) -> int:
    """Pike and long-spear rank dice [PC.MELEE.12]: +1 per extra rank v foot; +3 (Pk) / +2 (LSp) v mounted frontal.

    ``per_rank`` (config ``mounted_rank_dice = "per_rank"``, second book check 1) counts the front rank too
    against mounted troops.
    """
    if troop.category not in (C.PK, C.LSP) or not frontal or extra_ranks <= 0:
        return 0
    if enemy.category in FOOT:
        return extra_ranks
    if mounted_frontal:
        return (extra_ranks + (1 if per_rank else 0)) * (3 if troop.category is C.PK else 2)
    return 0


def battle_dice(adjusted: int) -> int:
    """A battle stand throws at least 1D6 [PC.MELEE.7] [PC.MELEE.20]."""
    return max(1, adjusted)


def support_dice(adjusted: int) -> int:
    """A supporting stand throws half, rounded up, at least 1 [PC.MELEE.7]."""
    return max(1, -(-adjusted // 2))


def loser_cap(loser: Troop, winner: Troop, *, winner_frontal: bool, hc_el_flank_charge: bool) -> int:
    """Most SP a melee loser loses [PC.RESULT.3] [PC.RESULT.4]: the smallest limit that applies."""
    lc, wc = loser.category, winner.category
    caps = [2]
    if lc in CAVALRY and wc in FOOT and not (wc in (C.PK, C.LSP) and winner_frontal):
        caps.append(1)
    if lc is C.LC or wc is C.SK:
        caps.append(1)
    if min(caps) == 2 and wc in (C.HC, C.EL) and loser.category in FOOT and hc_el_flank_charge:
        return 3
    return min(caps)


def pursuit_distance(troop: Troop, roll: int) -> int:
    """Hexes a pursuer goes on a D6 [PC.PURSUIT.4]; impetuous of any type use the impetuous line."""
    if troop.impetuous is not Impetuous.NONE:
        return (0, 1, 1, 2, 2, 2)[roll - 1]
    if troop.category is C.CH:
        return (0, 1, 1, 2, 2, 3)[roll - 1]
    if troop.category in FOOT:
        return (0, 0, 0, 1, 1, 1)[roll - 1]
    return min(troop.mp, (0, 1, 1, 2, 2, 3)[roll - 1])


def must_pursue(troop: Troop) -> bool:
    """Impetuous stands and war chariots must roll [PC.PURSUIT.3] [PC.IMPET.6]."""
    return troop.impetuous is not Impetuous.NONE or troop.war_chariot


def broken(lost: int, total: int, fraction: Fraction) -> bool:
    """An army breaks once lost / total >= the break fraction, compared exactly [PC.VICTORY.3]."""
    return lost * fraction.denominator >= total * fraction.numerator


def has_missile(troop: Troop) -> bool:
    """Stands with a missile weapon and a range table can shoot [PC.FIRE.1]."""
    return troop.missile is not Missile.NONE and bool(troop.ranges)
