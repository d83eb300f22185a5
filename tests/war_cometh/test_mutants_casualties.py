"""Clauses mutation testing of games/war_cometh/casualties.py found unpinned (benchmarks/mutation.py wc:casualties):
the default order of removal by contact, profile, rank and file, the pool spent stand by stand, and which stand
of a mixed unit takes a hit [WC.CASUALTY.2]-[WC.CASUALTY.7] [WC.PD.14] [WC.PD.15]."""

from __future__ import annotations

import pytest

from games.war_cometh.casualties import Candidate, default_order, hit_target, remove_from_pool


def c(index: int, hits: int = 3, rank: int = 1, file: int = 0, contact: bool = False, profile: str = "a") -> Candidate:
    return Candidate(index, hits, rank, file, contact, profile)


def order(stands: list[Candidate], mixed: bool, melee: bool) -> list[int]:
    return [s.index for s in default_order(stands, mixed, melee)]


def test_WC_CASUALTY_7_rearmost_rank_then_rightmost_file() -> None:
    """[WC.CASUALTY.7] [WC.PD.14]: the rearmost rank goes first, in a rank the rightmost file (0) first, then the
    lowest index."""
    stands = [
        c(0, rank=1, file=0),
        c(1, rank=1, file=1),
        c(2, rank=2, file=1),
        c(3, rank=2, file=0),
        c(4, rank=3, file=2),
    ]
    assert order(stands, False, False) == [4, 3, 2, 0, 1]
    twins = [c(5, rank=1, file=0), c(2, rank=1, file=0), c(7, rank=1, file=0)]
    assert order(twins, False, False) == [2, 5, 7]


@pytest.mark.parametrize(("mixed", "melee"), [(False, False), (False, True), (True, False)])
def test_WC_CASUALTY_7_stands_out_of_contact_first(mixed: bool, melee: bool) -> None:
    """[WC.CASUALTY.7] [WC.PD.14]: stands out of contact go first (a front stand out of contact before a rear
    stand in contact), unless it is a mixed unit's melee."""
    stands = [c(0, rank=2, contact=True), c(1, rank=1, contact=False), c(2, rank=1, contact=True)]
    assert order(stands, mixed, melee) == [1, 0, 2]


def test_WC_CASUALTY_3_a_mixed_units_melee_takes_stands_in_contact_first() -> None:
    """[WC.CASUALTY.3]: in a mixed unit's melee the stands in contact go first."""
    stands = [c(0, rank=2, contact=False), c(1, rank=1, contact=True), c(2, rank=1, contact=False)]
    assert order(stands, True, True) == [1, 0, 2]


def test_WC_PD_14_the_most_common_profile_first_in_a_mixed_unit() -> None:
    """[WC.PD.14]: a mixed unit loses its most common profile first, whatever the ranks; an unmixed unit (one
    profile, so never told apart) by rank only."""
    stands = [
        c(0, rank=2, profile="x"),
        c(1, rank=1, profile="y"),
        c(2, rank=1, profile="y"),
        c(3, rank=1, profile="y"),
    ]
    assert order(stands, True, False) == [1, 2, 3, 0]
    assert order(stands, False, False) == [0, 1, 2, 3]
    three = [c(0, profile="x"), c(1, profile="z"), c(2, profile="y"), c(3, profile="y"), c(4, profile="z"),
             c(5, profile="z")]  # fmt: skip
    assert order(three, True, False) == [1, 4, 5, 2, 3, 0]


def test_WC_CASUALTY_2_stands_go_while_the_pool_pays_for_them() -> None:
    """[WC.CASUALTY.2] [WC.CASUALTY.6]: a stand goes when the pool holds its H; the rest stays in the pool."""
    stands = [c(0, rank=1), c(1, rank=2), c(2, rank=3)]
    assert remove_from_pool(2, stands, False, False) == ([], 2)
    assert remove_from_pool(3, stands, False, False) == ([2], 0)
    assert remove_from_pool(8, stands, False, False) == ([2, 1], 2)
    assert remove_from_pool(9, stands, False, False) == ([2, 1, 0], 0)
    assert remove_from_pool(11, stands, False, False) == ([2, 1, 0], 2)
    assert remove_from_pool(0, [], False, False) == ([], 0)


def test_WC_CASUALTY_6_a_cheaper_stand_goes_when_the_first_choice_costs_too_much() -> None:
    """[WC.CASUALTY.6]: while any eligible stand has H no greater than the pool, one goes: the first in order
    that the pool pays for."""
    stands = [c(0, hits=2, rank=1), c(1, hits=4, rank=2)]
    assert remove_from_pool(3, stands, False, False) == ([0], 1)
    assert remove_from_pool(6, stands, False, False) == ([1, 0], 0)


def test_WC_CASUALTY_3_a_mixed_units_melee_spends_the_pool_on_stands_in_contact_only() -> None:
    """[WC.CASUALTY.3]: in a mixed unit's melee, while stands in contact remain only they may go, even when one
    out of contact is cheaper; once none is left in contact the others go; outside melee, or unmixed, the
    cheaper stand out of contact goes."""
    stands = [c(0, hits=4, contact=True, profile="x"), c(1, hits=2, rank=2, profile="y")]
    assert remove_from_pool(3, stands, True, True) == ([], 3)
    assert remove_from_pool(6, stands, True, True) == ([0, 1], 0)
    assert remove_from_pool(3, stands, True, False) == ([1], 1)
    assert remove_from_pool(3, stands, False, True) == ([1], 1)


@pytest.mark.parametrize(
    ("armors", "index"),
    [((0, 5, 4), 2), ((4, 5), 0), ((5, 4), 1), ((0, 6), 1), ((6, 0), 0), ((0, 0), 0), ((5, 5, 3, 3), 2)],
)
def test_WC_CASUALTY_5_the_best_armor_takes_the_hit(armors: tuple[int, ...], index: int) -> None:
    """[WC.CASUALTY.5] [WC.PD.15]: the touching stand with the best (smallest) armor rating saves the hit, no
    armor (0) ranking worst; ties go to the first."""
    assert hit_target(armors) == index


def test_WC_CASUALTY_3_WC_PD_14_in_contact_the_most_common_profile_first() -> None:
    """[WC.CASUALTY.3] [WC.PD.14]: among the stands in contact of a mixed unit in melee, the most common profile
    goes first, before the rightmost file."""
    stands = [
        c(0, file=0, contact=True, profile="x"),
        c(1, file=1, contact=True, profile="y"),
        c(2, rank=2, profile="y"),
    ]
    assert remove_from_pool(3, stands, True, True) == ([1], 0)
    assert remove_from_pool(9, stands, True, True) == ([1, 0, 2], 0)
