"""Melee arithmetic, superior weapons, support, pursuit tests and casualties: the worked examples
of §49 and one test per rule [WC.MELEE] [WC.SUPERIOR] [WC.SUPPORT] [WC.PURSUIT] [WC.CASUALTY]."""

from __future__ import annotations

from fractions import Fraction

import pytest

from campaign.table import Rect
from games.war_cometh.casualties import Candidate, default_order, hit_target, remove_from_pool
from games.war_cometh.lists import all_profiles
from games.war_cometh.melee import (
    Modifier,
    Outcome,
    PikeFront,
    StandCase,
    UnitCase,
    attack_modifiers,
    dice_count,
    fallback_each,
    fell_back_far,
    hit,
    need,
    result,
    side_total,
)
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
from games.war_cometh.ratings import saved
from games.war_cometh.support import Backer, behind_overlap, match_support, may_support
from games.war_cometh.troops import Category, Quality
from games.war_cometh.weapons import WeaponRating, WeaponTable, rating_of, superior

P = all_profiles()
KNIGHTS = P["english.feudal_knights_mtd"]
PIKES = P["scots.lowland_pikes_stdy"]


def test_WC_TEST_4_cavalry_pursuing_the_unit_it_just_beat() -> None:
    """[WC.TEST.4] [WC.MELEE.6] [WC.MELEE.4]: +1 same unit, +1 cavalry pursuing: 4 + 2 = 6 dice."""
    case = StandCase(attacks=4, first_round=False, pursuing_same=True, pursuing_mounted=True)
    assert sum(m.value for m in attack_modifiers(case)) == 2
    assert dice_count(case) == 6
    # against a new unit only the cavalry bonus remains
    assert dice_count(StandCase(attacks=4, first_round=False, pursuing_mounted=True)) == 5


def _hits(faces: list[int], target: int) -> int:
    return sum(hit(f, target) for f in faces)


def test_WC_TEST_13_knights_charge_the_front_of_good_order_pikes() -> None:
    """[WC.TEST.13] [WC.MELEE.17] [WC.SUPERIOR.4] [WC.MELEE.8] [WC.PIKE.2] [WC.SUPPORT.4]
    [WC.MELEE.19] [WC.MELEE.21] [WC.PURSUIT.2]: the arithmetic of the worked example."""
    lance = rating_of(KNIGHTS, disordered=False)
    pike = rating_of(PIKES, disordered=False)
    assert (lance.value, pike.value) == (3, 2)
    knights = StandCase(attacks=KNIGHTS.melee, superior=superior(lance, [pike]), pike_front=PikeFront.MOUNTED)
    pikes = StandCase(attacks=PIKES.melee, superior=superior(pike, [lance]))
    assert (dice_count(knights), need(knights)) == (4, 6)
    assert (dice_count(pikes), need(pikes)) == (4, 4)
    k_hits = _hits([6, 5, 3, 6, 1, 2, 4, 6], need(knights))
    assert k_hits == 3
    k_unsaved = k_hits - sum(saved(d, PIKES.armor) for d in [6, 2, 3])
    p_hits = _hits([4, 1, 5, 6, 2, 3, 4, 4, 6, 1, 2, 5, 3, 3, 6, 2], need(pikes))
    assert p_hits == 8
    p_unsaved = p_hits - sum(saved(d, KNIGHTS.armor) for d in [5, 1, 2, 6, 3, 4, 5, 2])
    assert (k_unsaved, p_unsaved) == (2, 5)
    gone, pool = remove_from_pool(p_unsaved, [Candidate(i, KNIGHTS.hits, 1, i, True) for i in range(2)], False, True)
    assert (len(gone), pool) == (1, 1)
    gone, pool = remove_from_pool(k_unsaved, [Candidate(i, PIKES.hits, 1, i, True) for i in range(6)], False, True)
    assert (len(gone), pool) == (0, 2)
    kt = side_total(k_unsaved, 0, [UnitCase(KNIGHTS.quality, True, charging_mounted=False)])
    pt = side_total(p_unsaved, 2, [UnitCase(PIKES.quality, True)])
    assert (kt, pt) == (2, 7)
    assert result(kt, pt) is Outcome.SECOND
    assert fallback_each(pt, kt, 1) == 5 and fell_back_far(Fraction(5))
    assert not may_test(
        Category.INFANTRY,
        fortified=False,
        routed=False,
        artillery_or_wagon=False,
        opponents=[Opponent(Category.CAVALRY, destroyed=False)],
    )


def test_WC_TEST_16_multi_unit_fallback_keeps_the_exact_fraction() -> None:
    """[WC.TEST.16] [WC.MELEE.24]: 9 against 4 with two losers: 2.5 cm each, no disorder."""
    each = fallback_each(9, 4, 2)
    assert each == Fraction(5, 2)
    assert not fell_back_far(each)


def test_WC_TEST_17_irregular_pursuer_keeps_its_contact_count() -> None:
    """[WC.TEST.17] [WC.PURSUIT.9]."""
    assert irregular_contact_limit(2) == 2


@pytest.mark.parametrize(
    ("attacks", "mods", "expect"),
    [
        (3, dict(charging_open=True, charging_flank_or_rear=True, charging_disordered=True), 6),
        (3, dict(charging_open=True, charging_flank_or_rear=True, charging_disordered=True, pursuing_same=True), 6),
        (3, dict(disordered=True, terrified=True, routed=True), 1),
        (1, dict(routed=True), 1),
    ],
)
def test_WC_TEST_22_fantasy_cap_and_floor(attacks: int, mods: dict[str, bool], expect: int) -> None:
    """[WC.TEST.22] [WC.MELEE.13] [WC.MELEE.14]."""
    assert dice_count(StandCase(attacks=attacks, historical=False, **mods)) == expect


def _r(v: int, light: bool = False) -> WeaponRating:
    return WeaponRating(v, light)


@pytest.mark.parametrize(
    ("mine", "contacts", "expect"),
    [
        (_r(4), [_r(5)], True),
        (_r(5), [_r(8)], True),
        (_r(3), [_r(2)], False),
        (_r(6, True), [_r(7, True)], True),
        (_r(6, True), [_r(8)], False),
        (_r(2), [_r(1)], False),
        (_r(8), [_r(5)], False),
    ],
)
def test_WC_TEST_27_superior_weapons_stand_by_stand(
    mine: WeaponRating, contacts: list[WeaponRating], expect: bool
) -> None:
    """[WC.TEST.27] [WC.SUPERIOR.4] [WC.SUPERIOR.6]."""
    assert superior(mine, contacts) is expect


def test_WC_TEST_28_support_counted_once() -> None:
    """[WC.TEST.28] [WC.MELEE.17] [WC.MELEE.19] [WC.SUPPORT.8]."""
    assert side_total(3, 2, [UnitCase(Quality.ELITE, True)]) == 6
    assert side_total(4, 1, [UnitCase(Quality.LEVY, True), UnitCase(Quality.ELITE, False)]) == 4


@pytest.mark.parametrize(
    ("die", "case", "signs", "expect"),
    [
        (2, PursuitCase(irregular=True, impetuous=True, cavalry=True, casualties=True), (0, 0), PursuitResult.CHOOSE),
        (
            2,
            PursuitCase(irregular=True, impetuous=True, cavalry=True, casualties=True, leader=True),
            (1, 0),
            PursuitResult.MUST,
        ),
        (
            2,
            PursuitCase(irregular=True, impetuous=True, cavalry=True, casualties=True, leader=True),
            (-1, 0),
            PursuitResult.STAND,
        ),
        (4, PursuitCase(missile_infantry=True), (0, 0), PursuitResult.CHOOSE),
        (6, PursuitCase(second_pursuit=True, cavalry=True), (0, 0), PursuitResult.CHOOSE),
    ],
)
def test_WC_TEST_15_pursuit_cases(die: int, case: PursuitCase, signs: tuple[int, int], expect: PursuitResult) -> None:
    """[WC.TEST.15] [WC.PURSUIT.3] (the pursuit rows)."""
    assert pursuit_result(pursuit_total(die, case, signs), case.irregular) is expect


# --- one test per rule ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "irregular", "expect"),
    [
        (6, False, PursuitResult.MUST),
        (5, False, PursuitResult.CHOOSE),
        (3, False, PursuitResult.CHOOSE),
        (2, False, PursuitResult.STAND),
        (5, True, PursuitResult.MUST),
        (4, True, PursuitResult.CHOOSE),
        (3, True, PursuitResult.STAND),
    ],
)
def test_WC_PURSUIT_3_table(total: int, irregular: bool, expect: PursuitResult) -> None:
    """[WC.PURSUIT.3] [WC.PURSUIT.6]: the two columns."""
    assert pursuit_result(total, irregular) is expect


def test_WC_PURSUIT_5_modifiers_each_count() -> None:
    """[WC.PURSUIT.5]: irregular formation −1, impetuous +2, missile −1, cavalry +1, casualties −1,
    second pursuit −2."""
    assert pursuit_total(4, PursuitCase(irregular_formation=True)) == 3
    assert pursuit_total(4, PursuitCase(impetuous=True)) == 6
    assert pursuit_total(4, PursuitCase(casualties=True)) == 3
    assert pursuit_total(4, PursuitCase(second_pursuit=True)) == 2


def test_WC_PURSUIT_4_signs_after_the_roll_WC_PD_26() -> None:
    """[WC.PURSUIT.4] [WC.PD.26]: infantry aims for Must Stand, others for Must Pursue."""
    c = PursuitCase(leader=True, shieldwall=True)
    assert choose_signs(4, c, infantry=True) == (-1, -1)
    assert choose_signs(4, c, infantry=False) == (1, 1)
    assert choose_signs(4, PursuitCase(), infantry=False) == (0, 0)


def test_WC_PD_27_may_choose_default() -> None:
    """[WC.PD.27] [WC.PURSUIT.6]: cavalry or impetuous pursue; others stand."""
    assert default_choice(True, False) and default_choice(False, True) and not default_choice(False, False)


@pytest.mark.parametrize(
    ("cat", "kw", "opps", "expect"),
    [
        (Category.INFANTRY, dict(fortified=True), [Opponent(Category.INFANTRY, False)], False),
        (Category.INFANTRY, dict(artillery_or_wagon=True), [Opponent(Category.INFANTRY, False)], False),
        (Category.INFANTRY, dict(), [Opponent(Category.INFANTRY, False)], True),
        (Category.INFANTRY, dict(), [Opponent(Category.CAVALRY, False)], False),
        (Category.INFANTRY, dict(), [Opponent(Category.CAVALRY, True)], True),
        (Category.CAVALRY, dict(), [Opponent(Category.FLYERS, False)], False),
        (Category.CAVALRY, dict(routed=True), [Opponent(Category.INFANTRY, False)], False),
        (Category.CAVALRY, dict(fought=False), [Opponent(Category.INFANTRY, False)], False),
    ],
)
def test_WC_PURSUIT_1_WC_PURSUIT_2_who_tests(
    cat: Category, kw: dict[str, bool], opps: list[Opponent], expect: bool
) -> None:
    """[WC.PURSUIT.1] [WC.PURSUIT.2] [WC.PURSUIT.13] [WC.MELEE.26] [WC.ADVANCE.1]."""
    args = dict(fortified=False, routed=False, artillery_or_wagon=False, fought=True)
    args.update(kw)
    assert may_test(cat, opponents=opps, **args) is expect  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("case", "expect"),
    [
        (StandCase(attacks=3, superior=True), 4),
        (StandCase(attacks=3, charging_flank_or_rear=True), 4),
        (StandCase(attacks=3, charging_flank_or_rear=True, first_round=False), 3),
        (StandCase(attacks=3, fighting_flank_or_rear=True), 2),
        (StandCase(attacks=3, fighting_flank_or_rear=True, pike=True), 1),
        (StandCase(attacks=3, fighting_flank_or_rear=True, pike=True, swiss_flank_immune=True), 2),
        (StandCase(attacks=3, terrified=True), 2),
        (StandCase(attacks=3, routed=True), 1),
        (StandCase(attacks=2, routed=True, terrified=True), 1),
        (StandCase(attacks=3, disordered=True), 3),
        (StandCase(attacks=3, superior=True, historical=False), 3),
    ],
)
def test_WC_MELEE_4_WC_MELEE_7_WC_MELEE_9_WC_MELEE_26_attack_modifiers(case: StandCase, expect: int) -> None:
    """[WC.MELEE.4] [WC.MELEE.5] [WC.MELEE.7] [WC.MELEE.9] [WC.MELEE.26] [WC.MELEE.14a] [WC.MELEE.15]
    [WC.SUPERIOR.1]: Historical modifiers, charge bonus first round only."""
    assert dice_count(case) == expect


def test_WC_MELEE_14a_historical_floor_is_a_setting() -> None:
    """[WC.MELEE.14a]: without hist_min1_die a routed, terrified 2-attack stand rolls nothing."""
    assert dice_count(StandCase(attacks=2, routed=True, terrified=True, min_one_die=False)) == 0


def test_WC_MELEE_11_WC_MELEE_12_fantasy_charge_bonuses() -> None:
    """[WC.MELEE.11] [WC.MELEE.12] [WC.MELEE.13]: Fantasy open-ground and disordered-target bonuses
    on the first round only; disordered −1."""
    f = StandCase(attacks=3, historical=False, charging_open=True, charging_disordered=True)
    assert dice_count(f) == 5
    assert dice_count(StandCase(attacks=3, historical=False, charging_open=True, first_round=False)) == 3
    assert dice_count(StandCase(attacks=3, historical=False, disordered=True)) == 2


@pytest.mark.parametrize(
    ("case", "target"),
    [
        (StandCase(attacks=1), 4),
        (StandCase(attacks=1, cover=1), 5),
        (StandCase(attacks=1, cover=2), 6),
        (StandCase(attacks=1, pike_front=PikeFront.MOUNTED), 6),
        (StandCase(attacks=1, pike_front=PikeFront.FOOT), 5),
        (StandCase(attacks=1, cover=1, pike_front=PikeFront.MOUNTED), 7),
    ],
)
def test_WC_MELEE_8_WC_MELEE_10_die_modifiers(case: StandCase, target: int) -> None:
    """[WC.MELEE.8] [WC.MELEE.8a] [WC.MELEE.10] [WC.MELEE.3]: target 4 − DRMs; a 6 always hits."""
    assert need(case) == target
    assert hit(6, target) and not hit(target - 1, target) or target > 6


def test_WC_MELEE_3_natural_six_always_hits() -> None:
    """[WC.MELEE.3]."""
    assert hit(6, 8) and hit(4, 4) and not hit(3, 4)


def test_WC_MELEE_18_winner_and_draw() -> None:
    """[WC.MELEE.18]."""
    assert result(5, 3) is Outcome.FIRST and result(2, 4) is Outcome.SECOND and result(3, 3) is Outcome.DRAW


def test_WC_MELEE_19_victory_modifiers() -> None:
    """[WC.MELEE.19] [WC.MELEE.30]: Elite +1, Levy −1, Warband +1 first round, charging cavalry +1;
    Fantasy has none."""
    assert side_total(2, 0, [UnitCase(Quality.STEADY, True, warband=True)]) == 3
    assert side_total(2, 0, [UnitCase(Quality.STEADY, True, warband=True)], first_round=False) == 2
    assert side_total(2, 0, [UnitCase(Quality.STEADY, True, charging_mounted=True)]) == 3
    assert side_total(2, 1, [UnitCase(Quality.ELITE, True)], historical=False) == 3


def test_WC_MELEE_21_WC_MELEE_23_fallback_is_the_difference() -> None:
    """[WC.MELEE.21] [WC.MELEE.23]: the loser falls back the difference; 3 cm disorders."""
    assert fallback_each(7, 4, 1) == 3 and fell_back_far(Fraction(3))
    assert not fell_back_far(fallback_each(6, 4, 1))


def test_WC_MELEE_4_extra_modifiers_hook() -> None:
    """[WC.MELEE.4]: special rules add named modifiers through ``extra``."""
    case = StandCase(attacks=3, extra=(Modifier("war wagon", 1, "WC.WAGON.1"),))
    assert dice_count(case) == 4


@pytest.mark.parametrize(
    ("table", "expect"),
    [(WeaponTable.PLAYSHEET, (6, 7, 8)), (WeaponTable.TEXT, (6, 6, 6))],
)
def test_WC_SUPERIOR_2_WC_SUPERIOR_6_tables(table: WeaponTable, expect: tuple[int, int, int]) -> None:
    """[WC.SUPERIOR.2] [WC.SUPERIOR.6]: skirmishers, artillery, disordered."""
    skirm = P["base.javelinmen"]
    gun = next(p for p in P.values() if p.type.value == "artillery")
    got = (
        rating_of(skirm, disordered=False, table=table).value,
        rating_of(gun, disordered=False, table=table).value,
        rating_of(PIKES, disordered=True, table=table).value,
    )
    assert got == expect


def test_WC_SUPERIOR_3_WC_SUPERIOR_5_classes() -> None:
    """[WC.SUPERIOR.3] [WC.SUPERIOR.5]: lances only for cavalry, disorder overrides, THW 4, OW 5."""
    assert rating_of(KNIGHTS, disordered=False).value == 3
    assert rating_of(KNIGHTS, disordered=True).value == 6
    assert rating_of(KNIGHTS, disordered=True, table=WeaponTable.PLAYSHEET).value == 8
    assert rating_of(PIKES, disordered=False).value == 2
    thw = next(p for p in P.values() if p.melee_weapon.value == "THW")
    ow_inf = next(
        p for p in P.values() if p.melee_weapon.value == "OW" and p.category is Category.INFANTRY and not p.skirmisher
    )
    assert rating_of(thw, disordered=False).value == 4 and rating_of(ow_inf, disordered=False).value == 5


def _b(p: str, **kw: bool) -> Backer:
    return Backer(P[p], **kw)


@pytest.mark.parametrize(
    ("s", "f", "expect"),
    [
        (_b("base.pikes"), _b("base.pikes"), True),
        (_b("base.pikes"), _b("english.feudal_knights_dmtd"), False),
        (_b("english.feudal_knights_dmtd"), _b("english.feudal_knights_dmtd"), True),
        (_b("english.feudal_knights_mtd"), _b("english.feudal_knights_mtd"), True),
        (_b("english.feudal_knights_mtd"), _b("english.feudal_knights_dmtd"), False),
        (_b("english.feudal_knights_dmtd"), _b("english.feudal_knights_mtd"), False),
        (_b("english.feudal_knights_dmtd", disordered=True), _b("english.feudal_knights_dmtd"), False),
        (_b("english.feudal_knights_dmtd"), _b("english.feudal_knights_dmtd", disordered=True), False),
        (_b("english.feudal_knights_dmtd", fighting=True), _b("english.feudal_knights_dmtd"), False),
        (_b("english.feudal_knights_dmtd"), _b("english.feudal_knights_dmtd", attacked_flank_or_rear=True), False),
        (
            _b("english.feudal_knights_dmtd"),
            _b("english.feudal_knights_dmtd", attacked_flank_or_rear=True, hedgehog=True),
            True,
        ),
        (_b("base.javelinmen"), _b("base.javelinmen"), False),
    ],
)
def test_WC_SUPPORT_1_to_10_who_may_support(s: Backer, f: Backer, expect: bool) -> None:
    """[WC.SUPPORT.1] [WC.SUPPORT.2] [WC.SUPPORT.3] [WC.SUPPORT.4] [WC.SUPPORT.6] [WC.SUPPORT.7]
    [WC.SUPPORT.9] [WC.SUPPORT.10] [WC.HEDGEHOG.3]."""
    assert may_support(s, f) is expect


def test_WC_SUPPORT_2_missile_infantry_receives_but_does_not_give() -> None:
    """[WC.SUPPORT.2]."""
    bow = next(p for p in P.values() if p.type.value == "bowmen")
    foot = P["english.feudal_knights_dmtd"]
    assert not may_support(Backer(bow), Backer(foot))
    assert may_support(Backer(foot), Backer(bow))


def test_WC_SUPPORT_12_directly_behind_and_matching() -> None:
    """[WC.SUPPORT.12] [WC.SUPPORT.11] [WC.SUPPORT.5]: same facing, touching, half overlap; each
    stand supports one, each fighter receives one; a third rank does not reach the first."""
    f1 = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    s1 = Rect(0.0, -2.0, 90.0, 4.0, 2.0)
    s_half = Rect(2.0, -2.0, 90.0, 4.0, 2.0)
    s_off = Rect(2.5, -2.0, 90.0, 4.0, 2.0)
    s_turned = Rect(0.0, -2.0, 80.0, 4.0, 2.0)
    third = Rect(0.0, -4.0, 90.0, 4.0, 2.0)
    assert behind_overlap(s1, f1) == pytest.approx(4.0)
    assert behind_overlap(s_half, f1) == pytest.approx(2.0)
    assert behind_overlap(s_off, f1) == 0.0 and behind_overlap(s_turned, f1) == 0.0
    assert behind_overlap(third, f1) == 0.0
    assert match_support([("f1", f1)], [("a", s_half), ("b", s1)]) == [("f1", "b")]


def test_WC_CASUALTY_2_WC_CASUALTY_6_pool() -> None:
    """[WC.CASUALTY.2] [WC.CASUALTY.6] [WC.RATING.5]: remove while a stand's H fits; the rest stays."""
    stands = [Candidate(i, 3, 1, i, False) for i in range(2)]
    gone, left = remove_from_pool(7, stands, False, True)
    assert (len(gone), left) == (2, 1)


def test_WC_CASUALTY_7_WC_PD_14_default_order() -> None:
    """[WC.CASUALTY.7] [WC.PD.14] [WC.CASUALTY.1]: rearmost rank, rightmost file, not in contact."""
    stands = [
        Candidate(0, 1, 1, 0, True),
        Candidate(1, 1, 1, 1, True),
        Candidate(2, 1, 2, 1, False),
        Candidate(3, 1, 2, 0, False),
    ]
    assert [c.index for c in default_order(stands, False, True)] == [3, 2, 0, 1]


def test_WC_CASUALTY_3_mixed_melee_losses_from_stands_in_contact() -> None:
    """[WC.CASUALTY.3]: in a mixed unit melee losses come from stands in contact first."""
    stands = [Candidate(0, 1, 1, 0, True, "a"), Candidate(1, 1, 2, 0, False, "a"), Candidate(2, 1, 2, 1, False, "b")]
    gone, _ = remove_from_pool(2, stands, True, True)
    assert gone[0] == 0


def test_WC_CASUALTY_5_WC_PD_15_best_armor_takes_the_hit() -> None:
    """[WC.CASUALTY.5] [WC.PD.15]."""
    assert hit_target([5, 3, 0]) == 1 and hit_target([0, 6]) == 1
