"""Troop profiles, the shipped Historical lists and the troop-creation rules as a validator."""

from __future__ import annotations

import dataclasses

import pytest

from campaign.kit.scenario_file import ScenarioError
from games.war_cometh.lists import all_profiles, composition_problems, load_list, parse_list
from games.war_cometh.troops import (
    Category,
    Flag,
    MeleeWeapon,
    Missile,
    Quality,
    TroopType,
    default_size,
    full_pace_cm,
    half_pace_cm,
    majority_quality,
    points_2stand,
    profile_problems,
    unit_points,
    unit_size_problem,
)

P = all_profiles()


def test_WC_LIST_1_2_4_every_row_is_shipped_once() -> None:
    """[WC.LIST.1] 21 base rows, [WC.LIST.2] 27 Scots rows (Highlanders printed twice, kept once),
    [WC.LIST.4] 22 English rows; [WC.LIST.6] ids are unique; [WC.LIST.0a] notes kept verbatim."""
    assert len(load_list("base").profiles) == 21
    assert len(load_list("scots").profiles) == 27
    assert len(load_list("english").profiles) == 22
    assert len(P) == 70
    assert P["scots.ettrick_archers_bow_lb"].notes == "LB, Levy, Irr*"
    assert P["scots.knights_mtd_a4"].date_mark == "#" and P["english.english_archers_lb"].date_mark == "*"


def test_WC_TEST_20_points_formula_matches_every_row() -> None:
    """[WC.TEST.20] [WC.TROOPGEN.12] [WC.TROOPGEN.16] all 70 rows match the points formula."""
    for p in P.values():
        assert points_2stand(p) == p.points_per_2, p.id


@pytest.mark.parametrize(
    ("pid", "expect"),
    [
        ("base.knights_mtd", 110),
        ("base.war_wagon", 105),
        ("base.longbowmen", 55),
        ("base.ribaudequin", 45),
        ("english.gascon_crossbowmen", 65),
        ("english.irish_kerns", 50),
        ("scots.knights_mtd_a5", 90),
        ("scots.lowland_pikes_stdy", 65),
    ],
)
def test_WC_TEST_20_sample_breakdowns(pid: str, expect: int) -> None:
    """[WC.TEST.20] [WC.TROOPGEN.12] the spec's sample breakdowns."""
    assert points_2stand(P[pid]) == expect


def test_WC_TROOPGEN_12_unit_cost_is_per_stand_times_size() -> None:
    """[WC.TROOPGEN.12] [WC.LIST.0a] per-stand cost is half the 2-stand cost."""
    assert unit_points(P["scots.lowland_pikes_stdy"], 24) == 780
    assert unit_points(P["english.english_archers_lb"], 30) == 900


def _bad(pid: str, **changes: object) -> tuple[str, ...]:
    p = dataclasses.replace(P[pid], **changes)  # type: ignore[arg-type]
    return profile_problems(dataclasses.replace(p, points_per_2=points_2stand(p)))


def test_WC_TROOPGEN_validator_catches_each_rule() -> None:
    """[WC.TROOPGEN.2] [WC.TROOPGEN.3] [WC.TROOPGEN.6] [WC.TROOPGEN.7] [WC.TROOPGEN.8]
    [WC.TROOPGEN.9] [WC.TROOPGEN.11] [WC.TROOPGEN.13] [WC.RATING.9] [WC.RATING.11] each broken rule is named."""
    assert any("knights need armor 5" in m for m in _bad("base.knights_mtd", armor=6))
    assert any("never Levy" in m for m in _bad("base.knights_mtd", quality=Quality.LEVY))
    assert any("impetuous" in m for m in _bad("base.knights_mtd", flags=frozenset({Flag.IRREGULAR})))
    assert any("warbands" in m for m in _bad("base.axemen", flags=frozenset({Flag.IRREGULAR})))
    assert any("light cavalry has armor" in m for m in _bad("base.hobilar", armor=5))
    assert any("at most 3 attacks" in m for m in _bad("base.hobilar", melee=4))
    assert any("heavy cavalry needs armor" in m for m in _bad("base.sargents_ow", armor=6))
    assert any("lances or OW" in m for m in _bad("base.sargents_ow", melee_weapon=MeleeWeapon.THW))
    assert any("short bows only" in m for m in _bad("base.horse_archers", missile=Missile.CB))
    assert any("exactly 2 hits" in m for m in _bad("base.skirmishers", hits=3))
    assert any("plate" in m for m in _bad("base.men_at_arms", armor=3))
    assert any("no shields with Pikes" in m for m in _bad("base.pikes", flags=frozenset({Flag.SHIELDS})))
    assert any("only if elite or knights" in m for m in _bad("base.halberdiers", melee=4))
    assert any("at most 1 shooting" in m for m in _bad("base.crossbowmen", shoot=2))
    assert any("at most 2 shooting" in m for m in _bad("base.longbowmen", shoot=3))
    assert any("not a rating" in m for m in _bad("base.pikes", armor=2))
    assert any("formula gives" in m for m in profile_problems(dataclasses.replace(P["base.pikes"], points_per_2=71)))
    assert _bad("base.halberdiers", melee=4, quality=Quality.ELITE) == ()  # [WC.TROOPGEN.2] elite may have 4


def test_WC_TROOPGEN_14_unit_sizes() -> None:
    """[WC.TROOPGEN.14] infantry 3-8, cavalry 2-6, artillery 1-2 stands."""
    assert unit_size_problem(P["base.pikes"], 3) is None
    assert unit_size_problem(P["base.pikes"], 9) is not None
    assert unit_size_problem(P["base.knights_mtd"], 1) is not None
    assert unit_size_problem(P["base.bombard"], 2) is None and unit_size_problem(P["base.bombard"], 3)


def test_house_list_errors_name_file_line_and_field() -> None:
    """[WC.TROOPGEN.1] a house list is validated: every bad row is reported with its line."""
    text = (
        'list = "house"\nvariant = "historical"\n'
        '[[profiles]]\nid = "h.a"\nname = "A"\ntype = "infantry"\ncategory = "infantry"\nmelee = 3\nhits = 3\n'
        'armor = 5\nsize = 2\npoints_per_2 = 99\nquality = "Stdy"\nmelee_weapon = "OW"\n'
        '[[profiles]]\nid = "h.b"\nname = "B"\ntype = "dragon"\ncategory = "infantry"\nmelee = 3\nhits = 3\n'
        'armor = 5\nsize = 2\npoints_per_2 = 45\nquality = "Stdy"\nmelee_weapon = "OW"\nflagz = []\n'
    )
    with pytest.raises(ScenarioError) as err:
        parse_list(text, "house.toml")
    msg = str(err.value)
    assert "house.toml:3: profiles[0]: points_per_2 is 99 but the formula gives 60" in msg
    assert "profiles[1].type" in msg and "profiles[1].flagz" in msg


def test_WC_LIST_3_and_WC_LIST_5_composition_limits() -> None:
    """[WC.LIST.3] Scots limits and [WC.LIST.5] English limits, with their dates."""
    scots = load_list("scots")
    pikes, archers, knights = (
        P["scots.lowland_pikes_stdy"],
        P["scots.ettrick_archers_bow_lb"],
        P["scots.knights_mtd_a5"],
    )
    assert composition_problems(scots, [(pikes, 24), (archers, 6), (knights, 3)], 1314) == ()
    found = composition_problems(scots, [(pikes, 8), (archers, 6), (knights, 3)], 1290)
    assert {f.split(":")[0] for f in found} == {"SC1", "SC2", "SC5"}
    english = load_list("english")
    lb, sp, kn = P["english.english_archers_lb"], P["english.english_spearmen"], P["english.feudal_knights_mtd"]
    assert composition_problems(english, [(lb, 30), (sp, 30), (kn, 18)], 1314) == ()
    found = composition_problems(english, [(lb, 4), (sp, 10), (kn, 18)], 1260)
    assert {f.split(":")[0] for f in found} == {"FE1", "FE3"}
    assert composition_problems(english, [(lb, 10), (sp, 30)], 1314)[0].startswith("FE2")
    assert load_list("scots").dismounts_to["scots.knights_mtd_a5"] == "scots.knights_dmtd_a4"


def test_WC_BASE_4_default_stand_sizes() -> None:
    """[WC.BASE.1] [WC.BASE.3] [WC.BASE.4] default sizes in hundredths of a cm."""
    assert default_size(TroopType.PIKES) == (400, 150)
    assert default_size(TroopType.BOWMEN) == (400, 200)
    assert default_size(TroopType.HORDES) == (400, 300)
    assert default_size(TroopType.MOUNTED_KNIGHTS) == (400, 300)
    assert default_size(TroopType.WAR_WAGON) == (400, 400)
    assert (P["base.knights_mtd"].width, P["base.knights_mtd"].depth) == (400, 300)


def test_WC_MOVE_2_movement_rates() -> None:
    """[WC.MOVE.2] full and half pace by category; artillery and flyers always full pace."""
    assert (full_pace_cm(Category.INFANTRY), half_pace_cm(Category.INFANTRY)) == (20, 10)
    assert (full_pace_cm(Category.CAVALRY), half_pace_cm(Category.CAVALRY)) == (30, 15)
    assert (full_pace_cm(Category.ARTILLERY), half_pace_cm(Category.ARTILLERY)) == (20, None)
    assert full_pace_cm(Category.WAR_WAGON) == 20 and full_pace_cm(Category.FLYERS) == 100


def test_WC_MIXED_5_majority_quality_ties_go_worse() -> None:
    """[WC.MIXED.5] a mixed unit takes the majority quality, a tie the less favourable."""
    assert majority_quality([Quality.ELITE, Quality.ELITE, Quality.LEVY]) is Quality.ELITE
    assert majority_quality([Quality.STEADY, Quality.LEVY]) is Quality.LEVY


def test_WC_RATING_attributes() -> None:
    """[WC.RATING.3] missile armed needs a shooting attack; [WC.RATING.8] irregular;
    [WC.RATING.9] impetuous; [WC.RATING.11] light cavalry; [WC.META.5] armor 0 is worst."""
    assert P["base.longbowmen"].missile_armed and not P["base.pikes"].missile_armed
    assert P["base.knights_mtd"].impetuous and P["base.knights_mtd"].irregular
    assert P["english.hobilar"].light_cavalry and not P["base.sargents_ow"].light_cavalry
    assert P["base.skirmishers"].skirmisher
