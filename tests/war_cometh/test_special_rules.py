"""Historical special rules, the Fantasy-only rules and the player decisions of those sections
[WC.SPECIAL] [WC.FANTASY] [WC.PD]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from games.war_cometh import RULESET, fantasy
from games.war_cometh import special_rules as sr
from games.war_cometh.decisions import DECISIONS, ask
from games.war_cometh.lists import all_profiles, fantasy_profiles, load_list
from games.war_cometh.model import Role
from games.war_cometh.scenario import parse_scenario
from games.war_cometh.troops import Category, Flag, MeleeWeapon, Missile, Quality
from games.war_cometh.world import World

P = {**all_profiles(), **fantasy_profiles()}


# --- Historical special rules --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pid", "weapon", "option", "mounts", "expect", "left"),
    [
        ("english.feudal_knights_mtd", Missile.LB, True, 2, sr.Replacement.MOUNTED, 1),
        ("english.feudal_knights_mtd", Missile.CB, True, 0, sr.Replacement.DISMOUNTED, 0),
        ("english.feudal_knights_mtd", Missile.ART, True, 2, sr.Replacement.NONE, 2),  # not guns
        ("english.feudal_knights_mtd", None, True, 2, sr.Replacement.NONE, 2),  # not melee
        ("english.feudal_knights_mtd", Missile.LB, False, 2, sr.Replacement.NONE, 2),  # option off
        ("base.hobilar", Missile.LB, True, 2, sr.Replacement.NONE, 2),  # armor 6: not covered
    ],
)
def test_WC_SPECIAL_1_2_3_shooting_at_cavalry(
    pid: str, weapon: Missile | None, option: bool, mounts: int, expect: sr.Replacement, left: int
) -> None:
    """[WC.SPECIAL.1] a cavalry stand of armor 5 or better lost to bows or crossbows comes back
    dismounted at the camp; [WC.SPECIAL.2] the first N come back mounted; [WC.SPECIAL.3] the loss
    counts, the replacement adds nothing [WC.BREAK.6]."""
    got = sr.archery_loss(P[pid], weapon, option=option, mounts_left=mounts)
    assert (got.replacement, got.mounts_left, got.counts_as_loss) == (expect, left, True)


def test_WC_SPECIAL_2_bannockburn_two_replacement_mounts() -> None:
    """[WC.SPECIAL.2] [WC.SCN.13] the English replace their first two knight stands lost to archery."""
    knights = P["english.feudal_knights_mtd"]
    first = sr.archery_loss(knights, Missile.LB, option=True, mounts_left=2)
    second = sr.archery_loss(knights, Missile.LB, option=True, mounts_left=first.mounts_left)
    third = sr.archery_loss(knights, Missile.LB, option=True, mounts_left=second.mounts_left)
    assert [x.replacement for x in (first, second, third)] == [
        sr.Replacement.MOUNTED,
        sr.Replacement.MOUNTED,
        sr.Replacement.DISMOUNTED,
    ]


def test_WC_PD_33_camp_held_stands_join_the_nearest_same_profile() -> None:
    """[WC.PD.33] [WC.SPECIAL.1] a replacement stand joins the nearest friendly unit of its profile."""
    cands = [
        ("EN_KN2", "english.feudal_knights_dmtd", 30.0),
        ("EN_KN1", "english.feudal_knights_dmtd", 12.0),
        ("EN_SP1", "english.english_spearmen", 1.0),
    ]
    assert sr.join_target("english.feudal_knights_dmtd", cands) == "EN_KN1"
    assert sr.join_target("english.feudal_knights_mtd", cands) is None
    assert sr.is_dismounted(P["english.feudal_knights_dmtd"]) and not sr.is_dismounted(P["english.feudal_knights_mtd"])


@pytest.mark.parametrize(
    ("pid", "good", "result", "expect"),
    [
        ("english.english_spearmen", True, "carry-on", True),
        ("english.english_spearmen", True, "hesitant", True),
        ("english.english_spearmen", True, "stand", False),
        ("english.english_spearmen", False, "carry-on", False),
        ("base.pikes", True, "carry-on", False),  # no shields
    ],
)
def test_WC_SPECIAL_4_shieldwall(pid: str, good: bool, result: str, expect: bool) -> None:
    """[WC.SPECIAL.4] [WC.PD.37] shielded infantry in good order forms a shieldwall on Hesitant or
    better; it is defended and gives ±1 on pursuit tests."""
    assert (Flag.SHIELDS in P[pid].flags) is (pid != "base.pikes")
    assert sr.may_form_shieldwall(P[pid], good_order=good, result=result) is expect
    assert sr.shieldwall_pursuit_mod() == (-1, 1)
    kn = P["english.feudal_knights_mtd"]
    assert sr.defended_against(kn, shieldwall=True, stakes=False, across_stakes=False, uphill=False) == "defended"


@pytest.mark.parametrize(
    ("kw", "ends"),
    [
        ({"moved": True}, True),
        ({"changed_formation": True}, True),
        ({"disordered": True}, True),
        ({"compulsory": True}, True),
        ({"moved": True, "reform_turn_in_zoc": True}, False),
        ({}, False),
    ],
)
def test_WC_SPECIAL_5_shieldwall_ends(kw: dict[str, bool], ends: bool) -> None:
    """[WC.SPECIAL.5] a shieldwall ends when the unit moves (compulsory too), changes formation or is
    disordered; a turn made as a reform in an enemy ZOC keeps it."""
    args = {"moved": False, "changed_formation": False, "disordered": False, "compulsory": False, **kw}
    assert sr.shieldwall_ends(**args) is ends


@pytest.mark.parametrize(
    ("year", "shot", "result", "expect"),
    [
        (1415, False, "hesitant", True),
        (1414, False, "carry-on", False),
        (1420, True, "carry-on", False),
        (1420, False, "stand", False),
    ],
)
def test_WC_SPECIAL_6_stakes(year: int, shot: bool, result: str, expect: bool) -> None:
    """[WC.SPECIAL.6] [WC.PD.37] from 1415, bowmen in good order plant stakes on Hesitant or better,
    not after shooting; gone when they move."""
    assert (
        sr.may_plant_stakes(P["base.longbowmen"], year=year, good_order=True, result=result, shot_this_turn=shot)
        is expect
    )
    assert not sr.may_plant_stakes(P["base.pikes"], year=1420, good_order=True, result="carry-on", shot_this_turn=False)
    assert sr.stakes_end(moved=True) and not sr.stakes_end(moved=False)


@pytest.mark.parametrize(
    ("pid", "across", "uphill", "expect"),
    [
        ("base.knights_mtd", True, False, "defended"),
        ("base.knights_mtd", True, True, "fortified"),
        ("base.knights_mtd", False, False, "none"),
        ("base.men_at_arms", True, False, "none"),  # no effect against infantry
    ],
)
def test_WC_SPECIAL_6_and_7_stakes_against_cavalry(pid: str, across: bool, uphill: bool, expect: str) -> None:
    """[WC.SPECIAL.6] cavalry attacking across stakes counts them defended, fortified if uphill;
    [WC.SPECIAL.7] the melee table's Archer Stakes −1 is that status, not added to it."""
    got = sr.defended_against(P[pid], shieldwall=False, stakes=True, across_stakes=across, uphill=uphill)
    assert got == expect
    both = sr.defended_against(P[pid], shieldwall=True, stakes=True, across_stakes=across, uphill=False)
    assert both in ("defended", "none") if P[pid].category is Category.INFANTRY else both == "defended"


def test_WC_SPECIAL_8_lances_for_the_first_melee() -> None:
    """[WC.SPECIAL.8] [WC.CAMP.8] (OPT) lances serve once, then OW; back by touching the camp."""
    kn = P["base.knights_mtd"]
    assert kn.melee_weapon is MeleeWeapon.LANCES
    assert sr.lance_class(kn, option=True, spent=False) is MeleeWeapon.LANCES
    assert sr.lance_class(kn, option=True, spent=True) is MeleeWeapon.OW
    assert sr.lance_class(kn, option=False, spent=True) is MeleeWeapon.LANCES
    assert sr.lances_restored(touching_own_camp=True) and not sr.lances_restored(touching_own_camp=False)


def test_WC_SPECIAL_9_gunpowder_dates() -> None:
    """[WC.SPECIAL.9] [WC.SHOOT.20] gunpowder weapons only from their date."""
    assert not sr.gunpowder_allowed(Missile.HANDGUN, 1300, 1400) and sr.gunpowder_allowed(Missile.HANDGUN, 1400, 1400)
    assert sr.gunpowder_allowed(Missile.LB, 1000, 1400)


def test_WC_SPECIAL_10_and_11_feigned_retreat() -> None:
    """[WC.SPECIAL.10] [WC.SPECIAL.11] [WC.PD.11] (OPT) a unit that ended its turn in an enemy ZOC
    may feign (not impetuous, not skirmishers): 2D6/3D6 away; testers get +2 and pursue 3D6/4D6 or
    shoot on Charge/Fire."""
    kn, imp, inf = P["base.sargents_ow"], P["scots.galwegians_wb_thw"], P["base.spearmen"]
    assert sr.feign_eligible(kn, option=True, in_enemy_zoc=True, skirmishing=False)
    assert not sr.feign_eligible(kn, option=False, in_enemy_zoc=True, skirmishing=False)
    assert not sr.feign_eligible(kn, option=True, in_enemy_zoc=False, skirmishing=False)
    assert imp.impetuous and not sr.feign_eligible(imp, option=True, in_enemy_zoc=True, skirmishing=False)
    assert not sr.feign_eligible(inf, option=True, in_enemy_zoc=True, skirmishing=True)
    assert (sr.feign_retreat_dice(inf), sr.feign_retreat_dice(kn)) == (2, 3)
    assert (sr.feign_pursuit_dice(inf), sr.feign_pursuit_dice(kn)) == (3, 4)
    assert sr.feign_tester_action(inf, "charge-fire") == "pursue"
    assert sr.feign_tester_action(P["base.longbowmen"], "charge-fire") == "shoot"
    assert sr.feign_tester_action(inf, "stand-fire") == "none" and sr.FEIGN_REACTION_MOD == 2
    assert DECISIONS["WC.PD.11"].default == "none"


def test_WC_SPECIAL_12_commentary_is_not_rules() -> None:
    """[WC.SPECIAL.12] the tactical notes are commentary: no rule module reads them."""
    assert sr.COMMENTARY == ("tactical notes", "historical passages")


# --- Fantasy -------------------------------------------------------------------------------------


def test_WC_FANTASY_1_command_and_lists() -> None:
    """[WC.FANTASY.1] Generals anywhere, Heroes 40 cm (60 playsheet), Wizards 20 cm; command range
    20 cm with −1 per 20 cm; Warmaster lists (the Empire list) for the Fantasy variant only."""
    assert fantasy.order_radius("general") is None
    assert fantasy.order_radius("hero") == 40.0 and fantasy.order_radius("hero", playsheet=True) == 60.0
    assert fantasy.order_radius("wizard") == 20.0
    with pytest.raises(ValueError):
        fantasy.order_radius("marshal")
    assert [fantasy.command_distance_penalty(d) for d in (20.0, 22.0, 40.0, 40.01, 80.0)] == [0, -1, -1, -2, -3]
    empire = load_list("empire")
    assert empire.variant == "fantasy" and "empire.halberdiers" not in all_profiles()
    assert fantasy.is_fantasy("fantasy") and not fantasy.is_fantasy("historical")


def test_WC_FANTASY_1_a_fantasy_battle_loads_its_list() -> None:
    """[WC.FANTASY.1] a Fantasy scenario may field the Empire list; a Historical one may not."""
    head = 'title = "f"\nvariant = "{v}"\ntable = {{ width_cm = 180, depth_cm = 120 }}\n'
    body = (
        '[[sides]]\nkey = "a"\nname = "A"\nplayer = "A"\ncolour = "#b22222"\n'
        '[[sides]]\nkey = "b"\nname = "B"\nplayer = "B"\ncolour = "#1f4e9c"\n'
        '[[units]]\nid = "1"\nside = "a"\nprofile = "empire.halberdiers"\nstands = 3\nat = [50, 40]\nfacing = 90\n'
    )
    s = parse_scenario(head.format(v="fantasy") + body, "f.toml")
    assert World(s).profile(s.unit("1")).name == "Halberdiers"
    from campaign.kit.scenario_file import ScenarioError

    with pytest.raises(ScenarioError):
        parse_scenario(head.format(v="historical") + body, "h.toml")


@pytest.mark.parametrize(
    ("pids", "touching", "problem"),
    [
        (["empire.halberdiers", "empire.crossbowmen"], True, None),
        (["empire.halberdiers", "empire.knights"], True, "infantry may not brigade"),
        (["empire.knights", "base.bombard"], True, None),  # artillery joins either
        (["base.war_wagon", "empire.halberdiers"], True, "war wagons"),
        (["empire.halberdiers"] * 5, True, "at most 4"),
        (["empire.halberdiers"] * 2, False, "must touch"),
    ],
)
def test_WC_FANTASY_2_brigades(pids: list[str], touching: bool, problem: str | None) -> None:
    """[WC.FANTASY.2] [WC.PD.36] up to 4 touching units; infantry never with cavalry or chariots;
    artillery with either; wagons only with wagons."""
    got = fantasy.brigade_problems([P[p] for p in pids], touching=touching)
    assert (not got) if problem is None else any(problem in g for g in got)
    assert DECISIONS["WC.PD.36"].default == "none"


def test_WC_FANTASY_3_brigade_takes_the_most_adverse_modifier() -> None:
    """[WC.FANTASY.3] one order; favourable modifiers only if every unit has them, adverse if any."""
    mods = fantasy.brigade_modifiers([{"column": 1, "dumb": 0}, {"column": 0, "dumb": -1}, {"column": 1}])
    assert mods == {"column": 0, "dumb": -1}
    assert fantasy.brigade_modifiers([{"column": 1}, {"column": 1}]) == {"column": 1}


def test_WC_FANTASY_4_no_superior_weapons_or_victory_modifiers() -> None:
    """[WC.FANTASY.4] Fantasy melee has no superior weapons and no victory modifiers."""
    assert fantasy.MELEE_FEATURES == {"superior_weapons": False, "victory_modifiers": False}


@pytest.mark.parametrize(
    ("pid", "expect"), [("empire.flagellants", True), ("empire.halberdiers", False), ("empire.trolls", True)]
)
def test_WC_FANTASY_5_irregular_units(pid: str, expect: bool) -> None:
    """[WC.FANTASY.5] the named Warmaster units and all Monsters are irregular."""
    assert fantasy.is_irregular(P[pid]) is expect
    monster = replace(P["empire.halberdiers"], category=Category.MONSTERS)
    assert fantasy.is_irregular(monster)


def test_WC_FANTASY_6_and_7_impetuous_giants_steam_tanks() -> None:
    """[WC.FANTASY.6] units that must use initiative to charge are impetuous; [WC.FANTASY.7] steam
    tanks shoot and move; giants go wild on any result but Carry On, Rally with Elan, Cautious Advance."""
    assert fantasy.is_impetuous(P["empire.halberdiers"], uses_initiative_to_charge=True)
    assert not fantasy.is_impetuous(P["empire.halberdiers"], uses_initiative_to_charge=False)
    assert fantasy.is_impetuous(P["empire.flagellants"], uses_initiative_to_charge=False)
    assert fantasy.shoots_and_moves(P["empire.halberdiers"], steam_tank=True)
    assert not fantasy.shoots_and_moves(P["empire.halberdiers"])
    assert [
        fantasy.giant_goes_wild(r) for r in ("carry-on", "rally-with-elan", "cautious-advance", "hesitant", "stand")
    ] == [
        False,
        False,
        False,
        True,
        True,
    ]


def test_WC_FANTASY_8_to_11_flyers() -> None:
    """[WC.FANTASY.8] flyers move 100 cm over anything but may not end on a unit; [WC.FANTASY.9]
    [WC.PD.35] contacted by a non-flyer they withdraw 10 cm, by default straight away;
    [WC.FANTASY.10] only shooting and flyers attack them, a flyer attacking a non-missile unit is
    defended; [WC.FANTASY.11] they shoot and move, and deny the uphill benefit."""
    g = P["empire.griffon"]
    assert g.category is Category.FLYERS and fantasy.move_rates(Category.FLYERS) == (100, None)
    assert not fantasy.flyer_may_end(True) and fantasy.flyer_may_end(False)
    assert fantasy.flyer_withdrawal((50.0, 50.0), (50.0, 45.0)) == (50.0, 60.0)
    assert DECISIONS["WC.PD.35"].default == "away"
    assert not fantasy.may_attack(P["empire.halberdiers"], g, shooting=False)
    assert fantasy.may_attack(P["empire.crossbowmen"], g, shooting=True) and fantasy.may_attack(g, g, shooting=False)
    assert fantasy.may_attack(P["empire.halberdiers"], P["empire.knights"], shooting=False)
    assert fantasy.flyer_defended(True, False) and not fantasy.flyer_defended(True, True)
    assert fantasy.shoots_and_moves(g) and not fantasy.uphill_benefit(True) and fantasy.uphill_benefit(False)


def test_WC_FANTASY_12_to_14_dumb_disorder_shooting() -> None:
    """[WC.FANTASY.12] Dumb −1 on the Command Table; [WC.FANTASY.13] disordered −1 attack a stand;
    [WC.FANTASY.14] effective range only, no Elite/Levy/irregular disorder modifiers."""
    assert fantasy.dumb_modifier(P["empire.trolls"]) == -1 and fantasy.dumb_modifier(P["empire.halberdiers"]) == 0
    assert fantasy.disordered_attack_mod(True) == -1 and fantasy.disordered_attack_mod(False) == 0
    assert fantasy.fantasy_shooting(False) and not fantasy.fantasy_shooting(True)
    used = fantasy.disorder_modifiers_used()
    assert "elite" not in used and "irregular" not in used and "shot" in used


def test_WC_FANTASY_15_monsters_and_chariots() -> None:
    """[WC.FANTASY.15] monsters and chariots move at the [WC.MOVE.2] rates; monsters are threats;
    chariots keep out of cavalry-barred terrain and get only the uphill benefit."""
    assert fantasy.move_rates(Category.MONSTERS) == (20, 10) and fantasy.move_rates(Category.CHARIOTS) == (30, 15)
    assert fantasy.monster_is_threat(replace(P["empire.trolls"], category=Category.MONSTERS))
    assert not fantasy.monster_is_threat(P["empire.trolls"])
    assert fantasy.chariot_terrain("woods") == (False, False) and fantasy.chariot_terrain("hill") == (True, True)


def test_empire_list_profiles_use_warmaster_basing() -> None:
    """[WC.BASE.2] (F) infantry 4 x 2 cm, everything else 2 x 4 cm; Elite pikes are Elite."""
    for p in load_list("empire").profiles.values():
        assert (p.width, p.depth) == ((400, 200) if p.category is Category.INFANTRY else (200, 400)), p.id
    assert P["empire.elite_pikes_leather"].quality is Quality.ELITE


# --- decisions -----------------------------------------------------------------------------------


def test_WC_PD_16_evade_decision_asked_with_its_default() -> None:
    """[WC.PD.16] [WC.EVENT.3] evade is asked of the owner; no answer gives the default."""
    plain = ScriptedDice.of(6)
    assert ask(plain, "scots", "SC_KN1", "WC.PD.16", "evade?") == "evade and fire"
    answered = ScriptedDice.of(6, answers={"WC.PD.16:SC_KN1": "stand"})
    assert ask(answered, "scots", "SC_KN1", "WC.PD.16", "evade?") == "stand"
    assert ask(plain, "scots", "SC_KN1", "WC.PD.16", "evade?", ("evade", "stand")) == "evade"


def test_WC_PD_37_and_WC_PD_39_defaults() -> None:
    """[WC.PD.37] no shieldwall, stakes or dismount unless ordered; [WC.PD.39] Bruce's command in
    the second line: behind the first line, on the map position."""
    assert DECISIONS["WC.PD.37"].default == "none" and DECISIONS["WC.PD.39"].default == "second line"
    s = RULESET.setup("bannockburn", {})
    w = World(s)
    bruce = [s.unit(u) for u in ("SC_PK5", "SC_PK6")]
    first = [s.unit(u) for u in ("SC_PK1", "SC_PK2", "SC_PK3", "SC_PK4")]
    # the Scots face the English at y = 0: a second line lies farther from them (greater y)
    assert min(w.bound(u).cy for u in bruce) > max(w.bound(u).cy for u in first)
    marshal = next(g for g in s.leaders if g.side == "scots" and g.role is Role.MARSHAL)
    assert marshal.rating == 10


# --- Bannockburn in play -------------------------------------------------------------------------


def _deployed_bannockburn():  # type: ignore[no-untyped-def]
    from games.war_cometh.model import Phase

    s = RULESET.setup("bannockburn", {})
    return replace(s, phase=Phase.MOVEMENT, active="english", deploy_order=())


def test_WC_SCN_8_small_folk_released_when_english_knights_lose_a_melee() -> None:
    """[WC.SCN.8] [WC.SCN.8a] the Small Folk wait until an English knight unit has lost a melee."""
    from games.war_cometh.bannockburn import release_small_folk

    s = _deployed_bannockburn()
    assert not s.unit("SC_SF1").released
    same, lines = release_small_folk(s.with_unit(replace(s.unit("EN_SP1"), lost_melee=True)))
    assert not same.unit("SC_SF1").released and not lines
    freed, lines = release_small_folk(s.with_unit(replace(s.unit("EN_KN2"), lost_melee=True)))
    assert all(freed.unit(k).released for k in ("SC_SF1", "SC_SF2", "SC_SF3")) and lines


def test_WC_SCN_13_gloucester_rides_after_his_charge() -> None:
    """[WC.SCN.13] if Gloucester ordered a knight charge, he attaches to a knight unit in melee within
    60 cm, or rides 60 cm toward the nearest."""
    from games.war_cometh.bannockburn import gloucester_follows

    s = _deployed_bannockburn()
    assert "WC.SCN.13" in s.special
    w = World(s)
    kn = s.unit("EN_KN2")
    b = w.bound(kn)
    # put a Scottish unit in contact with EN_KN2's front and mark the charge as Gloucester's
    sc = s.unit("SC_PK1")
    dy = b.front_mid()[1] - w.bound(sc).front_mid()[1]
    moved = tuple(replace(st, pose=replace(st.pose, y=st.pose.y + round(dy * 100))) for st in sc.stands)
    dx = b.front_mid()[0] - w.bound(sc).front_mid()[0]
    moved = tuple(replace(st, pose=replace(st.pose, x=st.pose.x + round(dx * 100))) for st in moved)
    s = s.with_unit(replace(sc, stands=moved))
    s = s.with_unit(replace(s.unit("EN_KN2"), ordered_by="gloucester", charged="SC_PK1"))
    assert World(s).in_contact_with_enemy(s.unit("EN_KN2"))
    near = s.with_leader(replace(s.leader("gloucester"), x=round(b.cx * 100), y=round((b.cy - 30) * 100)))
    after, lines = gloucester_follows(near)
    assert after.leader("gloucester").attached_to == "EN_KN2" and lines
    far = s.with_leader(replace(s.leader("gloucester"), x=round(b.cx * 100), y=round((b.cy - 100) * 100)))
    after2, _ = gloucester_follows(far)
    g0, g1 = far.leader("gloucester"), after2.leader("gloucester")
    assert abs(((g1.x - g0.x) ** 2 + (g1.y - g0.y) ** 2) ** 0.5 / 100 - 60.0) < 0.02
    idle, none = gloucester_follows(s.with_unit(replace(s.unit("EN_KN2"), charged="")))
    assert not none and idle == s.with_unit(replace(s.unit("EN_KN2"), charged=""))
