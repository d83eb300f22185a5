"""Clauses mutation testing of games/war_cometh/melee.py found unpinned (benchmarks/mutation.py wc:melee): every
attack modifier and die modifier by name, value and rule, the Fantasy cap and the minimum die, hits, side totals
with the victory modifiers, the result and the loser's fallback [WC.MELEE.3]-[WC.MELEE.30]."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.war_cometh.melee import (
    Modifier,
    Outcome,
    PikeFront,
    StandCase,
    UnitCase,
    attack_modifiers,
    dice_count,
    die_modifiers,
    fallback_each,
    fell_back_far,
    hit,
    need,
    result,
    side_total,
)
from games.war_cometh.troops import Quality

SUPERIOR = Modifier("superior weapon", 1, "WC.SUPERIOR.1")
FLANK_CHARGE = Modifier("charging flank or rear", 1, "WC.MELEE.5")
OPEN = Modifier("charging in the open", 1, "WC.MELEE.12")
AT_DISORDERED = Modifier("charging a disordered unit", 1, "WC.MELEE.12")
SAME = Modifier("pursuit against the same unit", 1, "WC.MELEE.6")
MOUNTED = Modifier("mounted pursuing", 1, "WC.MELEE.6")
TERRIFIED = Modifier("fighting a terrifying enemy", -1, "WC.MELEE.9")
ROUTED = Modifier("routed", -2, "WC.MELEE.26")
DISORDERED = Modifier("disordered", -1, "WC.MELEE.11")
EXTRA = Modifier("war wagon", 2, "WC.WAGON.1")


def flank(value: int) -> Modifier:
    return Modifier("fighting to flank or rear", value, "WC.MELEE.7")


@pytest.mark.parametrize(
    ("case", "mods"),
    [
        (StandCase(3), ()),
        (StandCase(3, superior=True), (SUPERIOR,)),
        (StandCase(3, historical=False, superior=True), ()),
        (StandCase(3, charging_flank_or_rear=True), (FLANK_CHARGE,)),
        (StandCase(3, first_round=False, charging_flank_or_rear=True), ()),
        (StandCase(3, historical=False, charging_flank_or_rear=True), (FLANK_CHARGE,)),
        (StandCase(3, historical=False, charging_open=True, charging_disordered=True), (OPEN, AT_DISORDERED)),
        (StandCase(3, historical=False, charging_open=True), (OPEN,)),
        (StandCase(3, historical=False, charging_disordered=True), (AT_DISORDERED,)),
        (StandCase(3, historical=False, first_round=False, charging_open=True, charging_disordered=True), ()),
        (StandCase(3, charging_open=True, charging_disordered=True), ()),
        (StandCase(3, pursuing_same=True), (SAME,)),
        (StandCase(3, pursuing_mounted=True), (MOUNTED,)),
        (StandCase(3, fighting_flank_or_rear=True), (flank(-1),)),
        (StandCase(3, fighting_flank_or_rear=True, pike=True), (flank(-2),)),
        (StandCase(3, fighting_flank_or_rear=True, pike=True, swiss_flank_immune=True), (flank(-1),)),
        (StandCase(3, fighting_flank_or_rear=True, swiss_flank_immune=True), (flank(-1),)),
        (StandCase(3, pike=True), ()),
        (StandCase(3, terrified=True), (TERRIFIED,)),
        (StandCase(3, routed=True), (ROUTED,)),
        (StandCase(3, disordered=True), ()),
        (StandCase(3, historical=False, disordered=True), (DISORDERED,)),
        (StandCase(3, superior=True, extra=(EXTRA,)), (SUPERIOR, EXTRA)),
        (
            StandCase(3, superior=True, charging_flank_or_rear=True, pursuing_same=True, pursuing_mounted=True,
                      fighting_flank_or_rear=True, terrified=True, routed=True),
            (SUPERIOR, FLANK_CHARGE, SAME, MOUNTED, flank(-1), TERRIFIED, ROUTED),
        ),
    ],
)  # fmt: skip
def test_WC_MELEE_4_WC_MELEE_11_attack_modifiers_by_name(case: StandCase, mods: tuple[Modifier, ...]) -> None:
    """[WC.MELEE.4] [WC.SUPERIOR.1] (H) superior weapons; [WC.MELEE.5] the charge bonus, first round only;
    [WC.MELEE.12] (F) charging in the open or a disordered unit, first round only; [WC.MELEE.6] pursuit bonuses;
    [WC.MELEE.7] fighting to the flank or rear, −2 for pikes unless immune; [WC.MELEE.9] terror; [WC.MELEE.26]
    routed; [WC.MELEE.11] (F) disordered; special rules' modifiers last."""
    assert attack_modifiers(case) == mods


@pytest.mark.parametrize(
    ("case", "dice"),
    [
        (StandCase(3), 3),
        (StandCase(1), 1),
        (StandCase(2, superior=True, charging_flank_or_rear=True, pursuing_same=True, pursuing_mounted=True), 6),
        (StandCase(2, historical=False, charging_flank_or_rear=True, pursuing_same=True, pursuing_mounted=True,
                   charging_open=True), 5),
        (StandCase(5, historical=False, routed=True, terrified=True, disordered=True), 3),
        (StandCase(5, routed=True, terrified=True), 2),
        (StandCase(5, historical=False, routed=True), 3),
        (StandCase(1, routed=True), 1),
        (StandCase(2, routed=True), 1),
        (StandCase(1, routed=True, min_one_die=False), 0),
        (StandCase(2, routed=True, min_one_die=False), 0),
        (StandCase(3, routed=True, min_one_die=False), 1),
        (StandCase(1, historical=False, routed=True, min_one_die=False), 1),
    ],
)  # fmt: skip
def test_WC_MELEE_13_WC_MELEE_14_dice(case: StandCase, dice: int) -> None:
    """[WC.MELEE.3] attacks plus modifiers; [WC.MELEE.13] (F) modifiers capped at +3 and −2, (H) not capped;
    [WC.MELEE.14] (F) at least 1 die always; [WC.MELEE.14a] (H) at least 1 die unless ``hist_min1_die`` is off,
    then never fewer than 0."""
    assert dice_count(case) == dice


WAGON_DRM = Modifier("wagon", 1, "WC.WAGON.2")
PIKES_MOUNTED = Modifier("mounted against the front of pikes", -2, "WC.MELEE.8")
PIKES_FOOT = Modifier("infantry against the front of pikes", -1, "WC.MELEE.8")


@pytest.mark.parametrize(
    ("case", "mods", "target"),
    [
        (StandCase(3), (), 4),
        (StandCase(3, cover=1), (Modifier("defended", -1, "WC.MELEE.10"),), 5),
        (StandCase(3, cover=2), (Modifier("fortified", -2, "WC.MELEE.10"),), 6),
        (StandCase(3, cover=3), (Modifier("fortified", -2, "WC.MELEE.10"),), 6),
        (StandCase(3, pike_front=PikeFront.MOUNTED), (PIKES_MOUNTED,), 6),
        (StandCase(3, pike_front=PikeFront.FOOT), (PIKES_FOOT,), 5),
        (
            StandCase(3, cover=2, pike_front=PikeFront.MOUNTED, extra_drm=(WAGON_DRM,)),
            (Modifier("fortified", -2, "WC.MELEE.10"), PIKES_MOUNTED, WAGON_DRM),
            7,
        ),
        (StandCase(3, extra_drm=(WAGON_DRM,)), (WAGON_DRM,), 3),
    ],
)  # fmt: skip
def test_WC_MELEE_10_WC_MELEE_8_die_modifiers_and_the_score_needed(
    case: StandCase, mods: tuple[Modifier, ...], target: int
) -> None:
    """[WC.MELEE.10] [WC.FORT.12] the defender's cover, fortified at most −2; [WC.MELEE.8] mounted −2 and foot −1
    against the front of good-order pikes; special rules' DRMs last; [WC.MELEE.3] 4+ minus the DRMs."""
    assert die_modifiers(case) == mods
    assert need(case) == target


@pytest.mark.parametrize(
    ("face", "target", "hits"),
    [(6, 8, True), (6, 7, True), (6, 6, True), (5, 5, True), (4, 5, False), (5, 6, False), (5, 7, False), (1, 1, True)],
)
def test_WC_MELEE_3_a_die_hits_on_the_target_and_a_natural_6(face: int, target: int, hits: bool) -> None:
    """[WC.MELEE.3] [WC.FORT.2]: the target or more hits; a natural 6 always hits."""
    assert hit(face, target) is hits


def test_WC_MELEE_18_the_higher_total_wins() -> None:
    """[WC.MELEE.18]: the higher total wins; equal totals are a draw."""
    assert (result(5, 4), result(4, 5), result(4, 4), result(0, 0)) == (Outcome.FIRST, Outcome.SECOND, Outcome.DRAW,
                                                                          Outcome.DRAW)  # fmt: skip


STEADY = UnitCase(Quality.STEADY, True)


@pytest.mark.parametrize(
    ("units", "historical", "first_round", "total"),
    [
        ((), True, True, 7),
        ((STEADY,), True, True, 7),
        ((UnitCase(Quality.ELITE, True),), True, True, 8),
        ((UnitCase(Quality.LEVY, True),), True, True, 6),
        ((UnitCase(Quality.ELITE, False),), True, True, 7),
        ((UnitCase(Quality.ELITE, False), UnitCase(Quality.ELITE, True)), True, True, 8),
        ((UnitCase(Quality.ELITE, True), UnitCase(Quality.ELITE, True)), True, True, 9),
        ((UnitCase(Quality.STEADY, True, warband=True),), True, True, 8),
        ((UnitCase(Quality.STEADY, True, warband=True),), True, False, 7),
        ((UnitCase(Quality.STEADY, True, charging_mounted=True),), True, False, 8),
        ((UnitCase(Quality.ELITE, True, warband=True, charging_mounted=True),), True, True, 10),
        ((UnitCase(Quality.ELITE, True, warband=True, charging_mounted=True),), False, True, 7),
        ((UnitCase(Quality.LEVY, True),), False, True, 7),
    ],
)
def test_WC_MELEE_19_side_totals(units: tuple[UnitCase, ...], historical: bool, first_round: bool, total: int) -> None:
    """[WC.MELEE.17] step 8 [WC.SUPPORT.8]: 5 unsaved hits and 2 support make 7 ([WC.TEST.13]); [WC.MELEE.19] (H)
    Elite +1, Levy −1, Warband +1 in the first round, Charging Cavalry +1 ([WC.MELEE.30]), for each unit with a
    fighting stand only; [WC.FANTASY.4] (F) no victory modifiers."""
    assert side_total(5, 2, units, historical=historical, first_round=first_round) == total


@pytest.mark.parametrize(
    ("winner", "loser", "units", "each"),
    [(9, 4, 1, Fraction(5)), (9, 4, 2, Fraction(5, 2)), (9, 4, 0, Fraction(5)), (10, 4, 3, Fraction(2))],
)
def test_WC_MELEE_21_WC_MELEE_24_fallback_each(winner: int, loser: int, units: int, each: Fraction) -> None:
    """[WC.MELEE.21] [WC.MELEE.23]: the loser falls back the difference; [WC.MELEE.24] shared between the losing
    units left, as an exact fraction."""
    assert fallback_each(winner, loser, units) == each


def test_WC_MELEE_21_falling_back_3_cm_disorders() -> None:
    """[WC.MELEE.21]: 3 cm or more disorders the loser; less does not."""
    assert (fell_back_far(Fraction(3)), fell_back_far(Fraction(5, 2)), fell_back_far(Fraction(7, 2))) == (
        True,
        False,
        True,
    )
