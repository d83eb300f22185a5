"""Special troops: pikemen, war wagons, light cavalry and skirmish infantry [WC.PIKE] [WC.WAGON]
[WC.LC] [WC.SKIRM]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.war_cometh import light_cavalry as lc
from games.war_cometh import pikes, skirmishers, wagons
from games.war_cometh.lists import all_profiles, fantasy_profiles, load_list
from games.war_cometh.model import Formation
from games.war_cometh.troops import Category, Flag, Quality

P = {**all_profiles(), **fantasy_profiles()}


# --- pikes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pid", "crossing", "die", "modified", "disordered"),
    [
        ("scots.lowland_pikes_stdy", True, 4, 6, True),  # 4 +1 Irr +1 pike uphill
        ("base.pikes", False, 4, 4, False),
        ("base.pikes/elite", True, 5, 5, True),  # 5 +1 -1: Elite counted once
        ("base.pikes", False, 6, 6, True),  # a natural 6 always disorders [WC.DISORDER.2]
    ],
)
def test_WC_TEST_29_a_charging_pike_unit_takes_one_disorder_test(
    pid: str, crossing: bool, die: int, modified: int, disordered: bool
) -> None:
    """[WC.TEST.29] [WC.PIKE.8] [WC.PIKE.13] [WC.DISORDER.8] one test before contact, +1 through poor
    terrain, over an obstacle or uphill; Elite −1 counted once."""
    p = P[pid.split("/")[0]]
    if pid.endswith("/elite"):
        p = replace(p, quality=Quality.ELITE)
    t = pikes.charge_disorder_test(die, p, rough_crossing=crossing)
    assert (t.modified, t.disordered) == (modified, disordered)
    assert sum(v for name, v in t.modifiers if name == "elite") == (-1 if pid.endswith("/elite") else 0)


def test_WC_PIKE_8_fantasy_elite_pikes_take_minus_one() -> None:
    """[WC.PIKE.8] (F) irregular and Elite are not disorder modifiers in Fantasy, except the elite
    pikes of [WC.PIKE.9]."""
    p = P["empire.elite_pikes_leather"]
    assert (
        pikes.charge_disorder_test(5, p, rough_crossing=False, historical=False, elite_pike_profile=True).modified == 4
    )
    assert pikes.charge_disorder_test(5, p, rough_crossing=False, historical=False).modified == 5


def test_WC_PIKE_1_and_10_pike_profiles() -> None:
    """[WC.PIKE.1] pike stands (about 300 men); [WC.PIKE.10] the Historical profile 3/4/0 Stdy, 70
    points per 2 stands."""
    p = P["base.pikes"]
    assert pikes.is_pike(p) and not pikes.is_pike(P["base.spearmen"]) and pikes.PIKE_STAND_MEN == 300
    assert (p.melee, p.hits, p.armor, p.quality, p.points_per_2) == (3, 4, 0, Quality.STEADY, 70)


def test_WC_PIKE_2_support_and_fighting_ranks() -> None:
    """[WC.PIKE.2] pikes support only pikes; two ranks fight and the third supports; disordered,
    one rank and no support; a second-rank stand fights only directly behind a fighting one."""
    pk, sp = P["base.pikes"], P["base.spearmen"]
    assert pikes.support_allowed(pk, pk) is True
    assert pikes.support_allowed(sp, pk) is False and pikes.support_allowed(pk, sp) is False
    assert pikes.support_allowed(sp, sp) is None
    assert pikes.fighting_ranks(disordered=False) == (2, 3) and pikes.fighting_ranks(disordered=True) == (1, 0)
    assert pikes.second_rank_fights(directly_behind=True, front_fights=True, same_unit=True, disordered=False)
    for kw in ("directly_behind", "front_fights", "same_unit"):
        args = {"directly_behind": True, "front_fights": True, "same_unit": True, "disordered": False, kw: False}
        assert not pikes.second_rank_fights(**args)
    assert not pikes.second_rank_fights(directly_behind=True, front_fights=True, same_unit=True, disordered=True)


def test_WC_PIKE_3_pikes_may_form_hedgehog() -> None:
    """[WC.PIKE.3] pike units may form hedgehog."""
    assert pikes.may_form_hedgehog(P["scots.lowland_pikes_stdy"]) and not pikes.may_form_hedgehog(P["base.knights_mtd"])


@pytest.mark.parametrize(
    ("zone", "swiss", "expect"),
    [("front", False, 0), ("flank", False, -2), ("rear", False, -2), ("flank", True, 0), ("rear", True, -2)],
)
def test_WC_PIKE_4_flank_and_rear_penalty(zone: str, swiss: bool, expect: int) -> None:
    """[WC.PIKE.4] −2 fighting to flank or rear; Swiss exempt on the flank only."""
    p = P["base.pikes"]
    if swiss:
        p = replace(p, flags=p.flags | {Flag.SWISS_FLANK_IMMUNE})
    assert pikes.flank_rear_penalty(pikes.Zone(zone), p) == expect


def test_WC_PIKE_5_shooting_at_pikes_plus_one() -> None:
    """[WC.PIKE.5] +1 DRM shooting at pikes."""
    assert pikes.shooting_drm_against(P["scots.lowland_pikes_stdy"]) == 1
    assert pikes.shooting_drm_against(P["english.english_spearmen"]) == 0


def test_WC_PIKE_6_terrain_test_not_on_a_charge() -> None:
    """[WC.PIKE.6] a test at the end of every move through woods or poor terrain; [WC.PIKE.13] not
    for the charge move."""
    assert pikes.terrain_move_test(moved_through_poor_or_woods=True, charging=False)
    assert not pikes.terrain_move_test(moved_through_poor_or_woods=True, charging=True)
    assert not pikes.terrain_move_test(moved_through_poor_or_woods=False, charging=False)


@pytest.mark.parametrize(
    ("cat", "front", "good", "expect"),
    [
        (Category.CAVALRY, True, True, -2),
        (Category.MONSTERS, True, True, -2),
        (Category.CHARIOTS, True, True, -2),
        (Category.INFANTRY, True, True, -1),
        (Category.CAVALRY, True, False, 0),
        (Category.CAVALRY, False, True, 0),
    ],
)
def test_WC_PIKE_7_attacking_the_front_of_good_pikes(cat: Category, front: bool, good: bool, expect: int) -> None:
    """[WC.PIKE.7] [WC.TEST.13] cavalry, monsters, chariots −2, infantry −1 against the front of
    good-order pikes; nothing against disordered pikes or from a flank."""
    assert pikes.melee_drm_against_pike_front(cat, front=front, pikes_good_order=good) == expect


def test_WC_PIKE_9_fantasy_pike_table() -> None:
    """[WC.PIKE.9] (F) the Warmaster pike table, used at its own prices; the Empire list's pike
    rows match it."""
    rows = {p.name: p for p in pikes.FANTASY_PIKES}
    assert (rows["Pikemen-Plate"].armor, rows["Pikemen-Plate"].points) == (4, 135)
    assert rows["Elite Pikes-UA"].attack == 4 and rows["Elite Pikes-UA"].elite and not rows["Pikemen-UA"].elite
    assert [p.points for p in pikes.FANTASY_PIKES] == [65, 80, 95, 135, 80, 95]
    empire = load_list("empire").profiles
    for pid, name in (
        ("empire.pikemen_leather", "Pikemen-Leather"),
        ("empire.elite_pikes_leather", "Elite Pikes-Leather"),
    ):
        p, row = empire[pid], rows[name]
        assert (p.melee, p.hits, p.armor, p.size) == (row.attack, row.hits, row.armor, row.size)


def test_WC_PIKE_11_and_12_alternate_mounting() -> None:
    """[WC.PIKE.11] 2 x 4 cm pike stands: one line or a hedgehog from it, one deep rank fighting
    as two; [WC.PIKE.12] never a column on the Command Table."""
    assert pikes.alternate_formation_ok(single_line=True, hedgehog_from_line=False)
    assert not pikes.alternate_formation_ok(single_line=False, hedgehog_from_line=False)
    assert pikes.fighting_ranks(disordered=False, alternate_mounting=True) == (1, 2)
    assert not pikes.counts_as_column(alternate_mounting=True, column=True)
    assert pikes.counts_as_column(alternate_mounting=False, column=True)


# --- war wagons ----------------------------------------------------------------------------------


def test_WC_WAGON_1_moves_as_artillery_never_charges() -> None:
    """[WC.WAGON.1] 20 cm any direction with no disorder; never charges or pursues, no pursuit test."""
    assert wagons.is_wagon(P["base.war_wagon"]) and not wagons.is_wagon(P["base.bombard"])
    assert wagons.move_allowance(out_of_arc=True, facing_change_deg=180) == (20, False)
    assert not wagons.may_charge() and not wagons.takes_pursuit_test()


def test_WC_WAGON_2_no_push_back_but_disorder_rolls() -> None:
    """[WC.WAGON.2] [WC.FALLBACK.4] shooting hits never push a wagon back; it rolls for disorder."""
    assert wagons.pushed_back_by_shooting(3) == (0, 3)


def test_WC_WAGON_3_no_flanks_all_round() -> None:
    """[WC.WAGON.3] no flanks or rear; moves and shoots all round."""
    assert wagons.zone_attacked("rear") == "front" and wagons.zone_attacked("flank") == "front"
    assert wagons.shoots_all_round()


def test_WC_WAGON_4_fantasy_brigades_only_with_wagons() -> None:
    """[WC.WAGON.4] (F) war wagons brigade only with war wagons."""
    ww, pk = P["base.war_wagon"], P["base.pikes"]
    assert wagons.brigade_ok((ww, ww)) and wagons.brigade_ok((pk, pk)) and not wagons.brigade_ok((ww, pk))


def test_WC_WAGON_5_ribaudequins_and_terrain() -> None:
    """[WC.WAGON.5] 20/30 cm, armor ignored, weapon class 1; no woods, marsh or dense terrain."""
    r = wagons.RIBAUDEQUIN
    assert (r.effective_cm, r.long_cm, r.ignores_armor, r.weapon_class) == (20, 30, True, 1)
    assert not wagons.may_enter("woods") and not wagons.may_enter("marsh") and wagons.may_enter("hill")


@pytest.mark.parametrize("rule", ["WC.CMD.9", "WC.TARGET.1", "WC.REACT.5", "WC.SUPPORT.2", "WC.SUPERIOR.3"])
def test_WC_WAGON_6_artillery_rules_do_not_cover_wagons(rule: str) -> None:
    """[WC.WAGON.6] none of the artillery-only rules apply to war wagons; a second order is −2."""
    assert not wagons.artillery_rules_apply(rule)
    assert wagons.artillery_rules_apply("WC.MOVE.2")
    assert wagons.second_order_modifier(P["base.war_wagon"]) == -2
    assert wagons.second_order_modifier(P["base.bombard"]) == -3


# --- light cavalry -------------------------------------------------------------------------------


def test_WC_LC_1_who_is_light_cavalry() -> None:
    """[WC.LC.1] (H) the type; (F) any cavalry with armor 6 or worse."""
    assert lc.is_light_cavalry(P["base.hobilar"], historical=True)
    assert not lc.is_light_cavalry(P["base.knights_mtd"], historical=True)
    assert lc.is_light_cavalry(P["empire.kislev_horse_archers"], historical=False)
    assert not lc.is_light_cavalry(P["empire.knights"], historical=False)
    assert not lc.is_light_cavalry(P["empire.halberdiers"], historical=False)


def test_WC_LC_2_3_4_exemptions() -> None:
    """[WC.LC.2] shoot and move; [WC.LC.3] no threat tests; [WC.LC.4] no command distance penalty."""
    ha, kn = P["base.horse_archers"], P["base.knights_mtd"]
    assert lc.shoots_and_moves(ha, historical=True) and not lc.shoots_and_moves(kn, historical=True)
    assert not lc.tests_for_threat(ha, historical=True) and lc.tests_for_threat(kn, historical=True)
    assert lc.exempt_from_distance_penalty(ha, historical=True)
    assert not lc.exempt_from_distance_penalty(kn, historical=True)


@pytest.mark.parametrize(
    ("evader", "charger", "times", "pursuit", "reached", "expect"),
    [
        ("base.hobilar", "base.knights_mtd", 0, False, False, True),
        ("base.hobilar", "base.knights_mtd", 3, False, False, True),  # any number of times [WC.LC.9]
        ("base.hobilar", "base.horse_archers", 0, False, False, False),  # not from light cavalry
        ("base.hobilar", "base.knights_mtd", 0, True, False, False),  # not from a pursuit [WC.LC.9]
        ("base.hobilar", "base.knights_mtd", 0, False, True, False),  # reached while following
        ("base.javelinmen", "base.knights_mtd", 0, False, False, True),  # skirmishers [WC.SKIRM.14]
        ("base.javelinmen", "base.knights_mtd", 1, False, False, False),  # once a turn
        ("base.pikes", "base.knights_mtd", 0, False, False, False),
    ],
)
def test_WC_LC_5_and_9_who_may_evade(
    evader: str, charger: str, times: int, pursuit: bool, reached: bool, expect: bool
) -> None:
    """[WC.LC.5] [WC.LC.9] [WC.SKIRM.14] [WC.PD.16] evading when charged."""
    got = lc.may_evade(
        P[evader],
        P[charger],
        historical=True,
        evades_this_turn=times,
        pursuit_or_advance=pursuit,
        already_reached=reached,
    )
    assert got is expect


def test_WC_LC_5_evade_move_straight_away() -> None:
    """[WC.LC.5] 30 cm (skirmishers 20 cm) straight away from the charger, facing away."""
    e = lc.evade((50.0, 60.0), (50.0, 40.0), P["base.hobilar"])
    assert e.end((50.0, 60.0)) == (50.0, 90.0) and round(e.facing) == 90
    s = lc.evade((60.0, 40.0), (50.0, 40.0), P["base.javelinmen"])
    assert s.end((60.0, 40.0)) == (80.0, 40.0) and round(s.facing) == 0


def test_WC_LC_6_and_7_the_charger_follows() -> None:
    """[WC.LC.6] the charger stops where the evader started, or follows its path with the rest of
    its move; [WC.LC.7] reaching it is a charge."""
    assert lc.charger_follow(30.0, 10.0, 30.0, follow=False) == (0.0, False)
    assert lc.charger_follow(30.0, 10.0, 30.0, follow=True) == (20.0, False)
    assert lc.charger_follow(30.0, 5.0, 20.0, follow=True) == (20.0, True)


def test_WC_LC_8_evader_fires_as_if_at_effective_range() -> None:
    """[WC.LC.8] [WC.PD.16] the evader shoots at effective range whatever the distance; arc and
    sight needed; the owner may decline."""
    assert lc.evader_fire(missile_armed=True, in_arc_and_sight=True) == "effective"
    assert lc.evader_fire(missile_armed=True, in_arc_and_sight=False) is None
    assert lc.evader_fire(missile_armed=False, in_arc_and_sight=True) is None
    assert lc.evader_fire(missile_armed=True, in_arc_and_sight=True, wants=False) is None


# --- skirmishers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("formation", "expect"), [(Formation.LINE, True), (Formation.SKIRMISH, True), (Formation.COLUMN, False)]
)
def test_WC_SKIRM_1_skirmish_order(formation: Formation, expect: bool) -> None:
    """[WC.SKIRM.1] skirmishing in any formation but a regular column; never other troops, never F."""
    assert skirmishers.is_skirmishing(P["base.javelinmen"], formation) is expect
    assert not skirmishers.is_skirmishing(P["base.pikes"], formation)
    assert not skirmishers.is_skirmishing(P["base.javelinmen"], formation, historical=False)


def test_WC_SKIRM_2_to_8_movement_terrain_zoc_tests_fire() -> None:
    """[WC.SKIRM.2] shoot and move; [WC.SKIRM.3] pass through freely; [WC.SKIRM.4] no front or rear,
    full pace any way; [WC.SKIRM.5] poor terrain at full speed, dense at half; [WC.SKIRM.6] no ZOC;
    [WC.SKIRM.7] no threat tests; [WC.SKIRM.8] fire all round."""
    assert skirmishers.shoots_and_moves(True) and not skirmishers.shoots_and_moves(False)
    assert skirmishers.pass_through(True, False) == (True, False, 0)
    assert skirmishers.pass_through(False, True) == (True, False, 0)
    assert skirmishers.pass_through(False, False) == (False, True, 5)
    assert skirmishers.zone_attacked("rear", True) == "front" and skirmishers.zone_attacked("rear", False) == "rear"
    assert skirmishers.moves_freely(True) == (True, True) and skirmishers.moves_freely(False) == (False, False)
    assert skirmishers.terrain_cost_factor("woods", True) == 1 and skirmishers.terrain_cost_factor("dense", True) == 2
    assert skirmishers.terrain_cost_factor("woods", False) is None
    assert not skirmishers.exerts_zoc(True) and skirmishers.exerts_zoc(False)
    assert not skirmishers.tests_for_threat(True) and skirmishers.tests_for_threat(False)
    assert skirmishers.fire_arc_degrees(True) == 360 and skirmishers.fire_arc_degrees(False) == 90


def test_WC_TEST_30_skirmishers_half_speed_in_dense_terrain() -> None:
    """[WC.TEST.30] [WC.SKIRM.5] 20 cm allowance, all in dense: 10 cm, no die, no disorder."""
    factor = skirmishers.terrain_cost_factor("dense", True)
    assert factor is not None and 20 / factor == 10


def test_WC_SKIRM_9_to_13_melee_support_shooting_command_disorder() -> None:
    """[WC.SKIRM.9] defended in woods or marsh; [WC.SKIRM.10] no support; [WC.SKIRM.11] −1 to
    shooters, may be ignored as targets; [WC.SKIRM.12] no distance or woods modifier; [WC.SKIRM.13]
    −1 on disorder rolls (optional rule on by default)."""
    assert skirmishers.defended_in("woods", True) and skirmishers.defended_in("marsh", True)
    assert not skirmishers.defended_in("rough", True) and not skirmishers.defended_in("woods", False)
    assert not skirmishers.support_allowed(True, False) and not skirmishers.support_allowed(False, True)
    assert skirmishers.support_allowed(False, False)
    assert skirmishers.shooting_drm_against(True) == -1 and skirmishers.shooting_drm_against(False) == 0
    assert skirmishers.may_be_ignored_as_target(True) and not skirmishers.may_be_ignored_as_target(False)
    assert skirmishers.command_exemptions(True) == (True, True)
    assert skirmishers.disorder_modifier(True) == -1 and skirmishers.disorder_modifier(True, option=False) == 0


def test_WC_SKIRM_14_evade_20_cm_once() -> None:
    """[WC.SKIRM.14] skirmishers evade as light cavalry, 20 cm, once a turn."""
    assert lc.SKIRM_EVADE_CM == 20.0
    assert lc.may_evade(
        P["base.archers_skir"], P["base.knights_mtd"], historical=True, evades_this_turn=0, pursuit_or_advance=False
    )
    assert not lc.may_evade(
        P["base.archers_skir"], P["base.knights_mtd"], historical=True, evades_this_turn=1, pursuit_or_advance=False
    )


@pytest.mark.parametrize(
    ("formation", "skirm", "expect"),
    [
        (Formation.LINE, True, True),
        (Formation.SKIRMISH, True, False),
        (Formation.FREE, True, False),
        (Formation.FREE, False, True),
    ],
)
def test_WC_SKIRM_15_charge_only_in_a_regular_line(formation: Formation, skirm: bool, expect: bool) -> None:
    """[WC.SKIRM.15] skirmishers charge only arranged as a regular line; never in a battleline."""
    assert skirmishers.charge_allowed(formation, skirm) is expect
    assert not skirmishers.may_join_battleline(True) and skirmishers.may_join_battleline(False)


def test_WC_SKIRM_16_two_hits_a_stand() -> None:
    """[WC.SKIRM.16] [WC.TROOPGEN.9] 2 hits a stand, about 100 men."""
    for pid in ("base.skirmishers", "base.archers_skir", "base.javelinmen"):
        assert P[pid].hits == skirmishers.HITS_PER_STAND
    assert skirmishers.STAND_MEN == 100
