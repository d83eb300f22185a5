"""Clauses mutation testing of games/war_cometh/pursuit.py found unpinned (benchmarks/mutation.py wc:pursuit):
each modifier of the Pursuit Test alone, the chosen signs counting only with a leader or shieldwall, both
columns' edges, the default signs, every exception to testing and the irregular contact limit
[WC.PURSUIT.1]-[WC.PURSUIT.9] [WC.PURSUIT.13] [WC.PD.26] [WC.PD.27]."""

from __future__ import annotations

import pytest

from games.war_cometh.pursuit import (
    Opponent,
    PursuitCase,
    PursuitResult,
    choose_signs,
    default_choice,
    irregular_contact_limit,
    may_test,
    pursuit_result,
    pursuit_total,
)
from games.war_cometh.troops import Category

INF, CAV, FLY = Category.INFANTRY, Category.CAVALRY, Category.FLYERS


@pytest.mark.parametrize(
    ("case", "total"),
    [
        (PursuitCase(), 4),
        (PursuitCase(irregular=True), 4),
        (PursuitCase(irregular_formation=True), 3),
        (PursuitCase(impetuous=True), 6),
        (PursuitCase(missile_infantry=True), 3),
        (PursuitCase(cavalry=True), 5),
        (PursuitCase(casualties=True), 3),
        (PursuitCase(second_pursuit=True), 2),
        (PursuitCase(irregular_formation=True, impetuous=True, missile_infantry=True, cavalry=True), 5),
        (PursuitCase(casualties=True, second_pursuit=True, cavalry=True), 2),
    ],
)
def test_WC_PURSUIT_3_WC_PURSUIT_5_each_modifier(case: PursuitCase, total: int) -> None:
    """[WC.PURSUIT.3] [WC.PURSUIT.5] a die of 4 with each modifier alone and some together; irregular troops
    change the column, not the total."""
    assert pursuit_total(4, case) == total


@pytest.mark.parametrize(
    ("case", "signs", "total"),
    [
        (PursuitCase(), (1, 1), 4),
        (PursuitCase(leader=True), (1, 1), 5),
        (PursuitCase(leader=True), (-1, 1), 3),
        (PursuitCase(shieldwall=True), (1, -1), 3),
        (PursuitCase(shieldwall=True), (-1, 1), 5),
        (PursuitCase(leader=True, shieldwall=True), (1, 1), 6),
        (PursuitCase(leader=True, shieldwall=True), (-1, -1), 2),
    ],
)
def test_WC_PURSUIT_4_signs_count_only_with_leader_or_shieldwall(
    case: PursuitCase, signs: tuple[int, int], total: int
) -> None:
    """[WC.PURSUIT.4] the first sign is the leader's, the second the shieldwall's; each only when there is one."""
    assert pursuit_total(4, case, signs) == total


@pytest.mark.parametrize(
    ("total", "irregular", "expect"),
    [
        (7, False, PursuitResult.MUST),
        (1, False, PursuitResult.STAND),
        (6, True, PursuitResult.MUST),
        (2, True, PursuitResult.STAND),
        (-1, False, PursuitResult.STAND),
    ],
)
def test_WC_PURSUIT_3_beyond_the_edges(total: int, irregular: bool, expect: PursuitResult) -> None:
    """[WC.PURSUIT.3] both columns past their edges."""
    assert pursuit_result(total, irregular) is expect


@pytest.mark.parametrize(
    ("case", "infantry", "signs"),
    [
        (PursuitCase(leader=True), True, (-1, 0)),
        (PursuitCase(shieldwall=True), True, (0, -1)),
        (PursuitCase(leader=True), False, (1, 0)),
        (PursuitCase(shieldwall=True), False, (0, 1)),
        (PursuitCase(), True, (0, 0)),
    ],
)
def test_WC_PD_26_default_signs_each_its_own(case: PursuitCase, infantry: bool, signs: tuple[int, int]) -> None:
    """[WC.PD.26] a sign is given only for a modifier the unit has: infantry −, others +."""
    assert choose_signs(4, case, infantry) == signs


def test_WC_PD_27_may_choose_both() -> None:
    """[WC.PD.27] impetuous cavalry pursues."""
    assert default_choice(True, True)


def test_WC_PURSUIT_9_at_least_one_stand() -> None:
    """[WC.PURSUIT.9] the limit is the stands in contact last round, at least one."""
    assert (irregular_contact_limit(0), irregular_contact_limit(1), irregular_contact_limit(3)) == (1, 1, 3)


def ok(category: Category, *opponents: Opponent, **flags: bool) -> bool:
    kw = {"fortified": False, "routed": False, "artillery_or_wagon": False, **flags}
    return may_test(category, opponents=list(opponents), **kw)


@pytest.mark.parametrize("flag", ["fortified", "routed", "artillery_or_wagon"])
def test_WC_PURSUIT_1_WC_MELEE_26_no_test_for_fortified_routed_guns(flag: str) -> None:
    """[WC.PURSUIT.1] fortified units, guns and wagons never test; [WC.MELEE.26] routed units never."""
    assert ok(INF, Opponent(INF, False))
    assert not ok(INF, Opponent(INF, False), **{flag: True})
    assert not ok(INF, Opponent(INF, True), **{flag: True})


def test_WC_PURSUIT_13_no_opponent_or_no_fight_no_test() -> None:
    """[WC.PURSUIT.13] a unit that fought no enemy this round does not test."""
    assert not ok(INF)
    assert not ok(INF, Opponent(INF, False), fought=False)
    assert not ok(INF, Opponent(INF, True), fought=False)


@pytest.mark.parametrize("enemy", [Category.CAVALRY, Category.CHARIOTS, Category.MONSTERS, Category.FLYERS])
def test_WC_PURSUIT_2_infantry_never_pursues_mounted_but_advances(enemy: Category) -> None:
    """[WC.PURSUIT.2] infantry does not test against cavalry, chariots, monsters or flyers, unless they
    were destroyed (an advance)."""
    assert not ok(INF, Opponent(enemy, False))
    assert ok(INF, Opponent(enemy, True))


@pytest.mark.parametrize("winner", [Category.CAVALRY, Category.CHARIOTS, Category.MONSTERS])
def test_WC_PURSUIT_2_non_flyers_never_pursue_flyers(winner: Category) -> None:
    """[WC.PURSUIT.2] mounted non-flyers pursue mounted troops and infantry but never flyers."""
    assert ok(winner, Opponent(CAV, False)) and ok(winner, Opponent(INF, False))
    assert not ok(winner, Opponent(FLY, False))
    assert ok(winner, Opponent(FLY, True))


def test_WC_PURSUIT_2_flyers_pursue_anything() -> None:
    """[WC.PURSUIT.2] flyers may pursue flyers, cavalry and infantry."""
    assert ok(FLY, Opponent(FLY, False)) and ok(FLY, Opponent(CAV, False)) and ok(FLY, Opponent(INF, False))


def test_WC_PURSUIT_2_one_pursuable_opponent_is_enough() -> None:
    """[WC.PURSUIT.2] the winner tests if any opponent still there may be pursued; not if none may."""
    assert ok(INF, Opponent(CAV, False), Opponent(INF, False))
    assert ok(INF, Opponent(INF, False), Opponent(CAV, False))
    assert not ok(INF, Opponent(CAV, False), Opponent(FLY, False))


def test_WC_PURSUIT_2_a_destroyed_opponent_beside_one_that_may_not_be_pursued() -> None:
    """[WC.PURSUIT.2] only when every opponent was destroyed is it an advance: infantry that destroyed
    one unit but still faces cavalry does not test; with a destroyed opponent and an infantry one it does."""
    assert not ok(INF, Opponent(INF, True), Opponent(CAV, False))
    assert not ok(INF, Opponent(CAV, False), Opponent(INF, True))
    assert ok(INF, Opponent(CAV, True), Opponent(INF, False))
    assert ok(INF, Opponent(CAV, True), Opponent(INF, True))
