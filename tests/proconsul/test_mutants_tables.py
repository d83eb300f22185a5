"""Clauses of games/proconsul/tables.py that mutation testing found unpinned (benchmarks/mutation.py pc:tables): the
numbers as pure functions, each test named after its rule [PC.PURSUIT.4] [PC.MORALE.3] [PC.MOVE.9] [PC.FIRE.11]
[PC.MELEE.9] [PC.MELEE.12] [PC.VICTORY.3] [PC.FIRE.1]."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from games.proconsul import tables
from games.proconsul.model import Impetuous, Missile

from .helpers import troops

T = troops()


@pytest.mark.parametrize(
    ("troop", "line"),
    [
        ("gauls:warband", (0, 1, 1, 2, 2, 2)),  # impetuous of any type
        ("cat:Ch", (0, 1, 1, 2, 2, 3)),  # war chariot, no MP cap
        ("cat:HI", (0, 0, 0, 1, 1, 1)),  # other infantry
        ("cat:MC", (0, 1, 1, 2, 2, 3)),  # cavalry, MP 3
        ("cat:HC", (0, 1, 1, 2, 2, 2)),  # cavalry, capped at MP 2
    ],
)
def test_PC_PURSUIT_4_pursuit_distance_table(troop: str, line: tuple[int, ...]) -> None:
    """[PC.PURSUIT.4] WE-19: the hexes for each roll 1-6 on each line of the table, the optional mounted line capped
    at MP."""
    t = T[troop]
    if troop == "cat:Ch":
        t = replace(t, impetuous=Impetuous.NONE)
    assert tuple(tables.pursuit_distance(t, roll) for roll in range(1, 7)) == line


def test_PC_MORALE_3_the_result_keeps_the_test() -> None:
    """[PC.MORALE.3]: the result records AM and the roll in every case (a 6 against AM 6 or more, a 1, otherwise)."""
    assert tables.morale_test(7, 6) == tables.MoraleResult(7, 6, 1)
    assert tables.morale_test(2, 1) == tables.MoraleResult(2, 1, 0)
    assert tables.morale_test(3, 5) == tables.MoraleResult(3, 5, 2)


def test_PC_MOVE_9_out_of_command_is_minus_one() -> None:
    """[PC.MOVE.9] [PC.CMD.3]: out of command takes exactly 1 off: a 5 still meets 4."""
    assert tables.order_test_passes(5, 4, False, True) is True
    assert tables.order_test_passes(4, 4, False, True) is False


def test_PC_FIRE_18_disorder_takes_exactly_one_die() -> None:
    """[PC.DISORDER.4]: a disordered shooter throws exactly one die fewer."""
    assert tables.fire_dice(4, 0, 0, False, True, 0) == 3


def test_PC_FIRE_11_pilum_at_four_sp_and_when_pursued() -> None:
    """[PC.FIRE.11]: a legionary with 4 SP still throws its pilum; none when caught while pursued."""
    assert tables.pilum_dice(role="attacker", frontal=True, front_sp=4, start_sp=4, disordered=False) == 1
    assert tables.pilum_dice(role="attacker", frontal=True, front_sp=6, start_sp=6, disordered=False, pursued=True) == 0
    assert tables.pilum_dice(role="attacker", frontal=True, front_sp=6, start_sp=6, disordered=False) == 1


def test_PC_MELEE_9_g_impact_against_skirmishers() -> None:
    """[PC.MELEE.9] (g): LC, El and LCh get no impact against Sk, but do against others; others do against Sk."""
    assert tables.impact_allowed(T["cat:LC"], T["cat:Sk"], frontal=True, from_behind=False) is False
    assert tables.impact_allowed(T["cat:LC"], T["cat:LC"], frontal=True, from_behind=False) is True
    assert tables.impact_allowed(T["cat:MC"], T["cat:Sk"], frontal=True, from_behind=False) is True


def test_PC_MELEE_12_no_extra_rank_no_rank_dice() -> None:
    """[PC.MELEE.12]: with no rank behind, a pike stand has no rank dice even against mounted troops counted per
    rank."""
    pk = T["cat:Pk"]
    assert tables.rank_dice(pk, 0, T["cat:MC"], frontal=True, mounted_frontal=True, per_rank=True) == 0


def test_PC_VICTORY_3_break_fraction_exactly() -> None:
    """[PC.VICTORY.3]: lost/total >= fraction, compared exactly: 2 of 3 breaks at 2/3, 1 of 2 does not."""
    assert tables.broken(2, 3, Fraction(2, 3)) is True
    assert tables.broken(1, 2, Fraction(2, 3)) is False
    assert tables.broken(3, 10, Fraction(1, 3)) is False


def test_PC_FIRE_1_a_missile_needs_ranges() -> None:
    """[PC.FIRE.1]: a stand shoots only with a missile weapon and its ranges."""
    sh = T["cat:Sh"]
    assert tables.has_missile(sh) is True
    assert tables.has_missile(replace(sh, ranges=())) is False
    assert tables.has_missile(replace(sh, missile=Missile.NONE)) is False
