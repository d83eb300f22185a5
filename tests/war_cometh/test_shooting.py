"""Shooting, target selection and fallback after shooting [WC.SHOOT] [WC.TARGET] [WC.FALLBACK],
with the worked examples of §49 as golden tests and scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from games.war_cometh.defence import Cover
from games.war_cometh.fallback import Pending, fallback_dice, falls_back, record_hits, resolve_fallback
from games.war_cometh.fire import plan_shot, stand_ranks
from games.war_cometh.lists import all_profiles
from games.war_cometh.model import Condition, Formation
from games.war_cometh.shooting import (
    Band,
    ShotMods,
    adjusted_armor,
    all_round,
    bounce_extra_dice,
    bounces,
    guns_allowed,
    half_effect,
    hits_on,
    range_band,
    rank_may_shoot,
    saved,
    shoot_and_move,
    shot_drm,
    stands_pick_targets,
    weapon_ranges,
)
from games.war_cometh.shootphase import resolve_shooting, start_of_turn_fire
from games.war_cometh.troops import Missile, Quality
from games.war_cometh.volley import _zone_stands, charge_fire, shoot, take_losses
from games.war_cometh.world import World

from .firehelp import house
from .helpers import position, unit

P = all_profiles()


def _duel(shooter: str, target: str, gap: float, *, stands: int = 3, extra: str = "", files: int = 0):  # type: ignore[no-untyped-def]
    """Shooter ``E`` (side a, front edge at y = 20, facing up) and target ``S`` (side b) ``gap`` cm away."""
    return position(
        unit("E", "a", shooter, stands, (50, 20), 90, files=files),
        unit("S", "b", target, 3, (50, 20 + gap), -90),
        terrain=extra,
    )


def _shoot_order(state, uid: str, target: str = ""):  # type: ignore[no-untyped-def]
    data = {"unit": uid, **({"target": target} if target else {})}
    return {"kind": "shoot", "data": data}


# --- §49 worked examples --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "band", "armor", "save_on"),
    [
        (Missile.SB, Band.EFFECTIVE, 6, 5),
        (Missile.HANDGUN, Band.EFFECTIVE, 5, 6),
        (Missile.HANDGUN, Band.EFFECTIVE, 6, 0),
        (Missile.SB, Band.EFFECTIVE, 0, 0),
        (Missile.LB, Band.LONG, 4, 3),
        (Missile.LB, Band.EFFECTIVE, 4, 4),
        (Missile.ART, Band.LONG, 3, 0),
    ],
)
def test_WC_TEST_7_armor_adjustments(weapon: Missile, band: Band, armor: int, save_on: int) -> None:
    """[WC.TEST.7] [WC.SHOOT.21] armor after the missile's adjustment (0: no save)."""
    assert adjusted_armor(armor, weapon, band) == save_on


@pytest.mark.parametrize(
    ("hits", "cover", "flank", "dice"),
    [
        (2, Cover.FORTIFIED, False, 0),
        (3, Cover.FORTIFIED, False, 1),
        (2, Cover.DEFENDED, True, 2),
        (1, Cover.NONE, True, 2),
    ],
)
def test_WC_TEST_2_fallback_dice(hits: int, cover: Cover, flank: bool, dice: int) -> None:
    """[WC.TEST.2] [WC.FALLBACK.2] [WC.FALLBACK.3] fewer dice for defended and fortified, one more
    from the flank or rear."""
    assert fallback_dice(hits, cover=cover, flank_rear=flank) == dice


def test_WC_TEST_2_fortified_two_hits_roll_nothing() -> None:
    """[WC.TEST.2] a fortified unit with 2 hits rolls neither fallback nor disorder dice."""
    s = _duel("english.english_archers_lb", "scots.lowland_pikes_stdy", 25)
    lines: list[str] = []
    after = resolve_fallback(s, Pending("S", 2, (("E", 2),), False, Cover.FORTIFIED), ScriptedDice.of(6), lines)
    assert after.unit("S") == s.unit("S") and "no fallback dice" in lines[0]


def test_WC_TEST_3_bounce_through() -> None:
    """[WC.TEST.3] [WC.SHOOT.19] [WC.SHOOT.19a] a bombard's hit on a 3-stand column facing it: the
    2 rear stands lie in the 10 cm zone, so each hit rolls 2 extra dice (2 hits: 4)."""
    assert bounce_extra_dice(2, 2) == 4
    s = position(
        unit("E", "a", "base.bombard", 1, (50, 20), 90, files=1),
        unit("S", "b", "base.pikes", 3, (50, 40), -90, files=1),
    )
    w = World(s)
    assert _zone_stands(w, w.rects(s.unit("E"))[0], s.unit("S")) == 2
    plan = plan_shot(w, s.unit("E"), s.unit("S"))
    dice = ScriptedDice.of(6, 6, 5, 4)  # 1 hit, then 2 bounce dice: 2 more hits; artillery: no save
    after, v = shoot(s, plan, dice, [])
    assert v.hits == 3 and v.unsaved == 3 and after.unit("S").hits == 3  # pikes: 4 hits a stand


def test_WC_TEST_11_longbows_at_pikes() -> None:
    """[WC.TEST.11] [WC.SHOOT.14] [WC.SHOOT.21] [WC.FALLBACK.1] [WC.FALLBACK.5] [WC.DISORDER.8]
    longbows at long range on steady irregular pikes: 3 hits, 2 saved on 5+, pool 1, falls back
    5 cm, disordered (5 − 1 + 1), combat chit."""
    s = _duel("english.english_archers_lb", "scots.lowland_pikes_stdy", 25)
    w = World(s)
    plan = plan_shot(w, s.unit("E"), s.unit("S"))
    assert len(plan.stands) == 3 and all(x.band is Band.LONG and x.drm == 0 for x in plan.stands)
    lines: list[str] = []
    after = resolve_shooting(s, [_shoot_order(s, "E")], ScriptedDice.of(6, 4, 2, 6, 5, 1, 3, 5, 3, 6, 5), lines)
    t = after.unit("S")
    assert t.hits == 1 and t.lost == 0 and t.chits == ("combat",)
    assert t.condition is Condition.DISORDERED
    assert abs(World(after).bound(t).cy - World(s).bound(s.unit("S")).cy - 5.0) < 0.01
    assert "3 hits, 2 saved, 1 unsaved" in lines[0]


@pytest.mark.parametrize(
    ("quality", "irregular", "hits", "flank", "faces", "cm", "disordered"),
    [
        (Quality.ELITE, False, 3, False, [3, 5, 4], 0, False),
        (Quality.STEADY, False, 3, False, [3, 5, 4], 12, False),
        (Quality.STEADY, True, 3, False, [3, 5, 4], 12, True),
        (Quality.LEVY, False, 3, False, [3, 5, 4], 12, False),
        (Quality.LEVY, False, 2, True, [2, 2, 1], 5, False),
        (Quality.STEADY, False, 1, False, [6], 6, True),
    ],
)
def test_WC_TEST_12_steadiness_and_disorder(
    quality: Quality, irregular: bool, hits: int, flank: bool, faces: list[int], cm: int, disordered: bool
) -> None:
    """[WC.TEST.12] [WC.FALLBACK.5] [WC.DISORDER.2] [WC.DISORDER.8] the same dice decide the
    fallback (by steadiness) and the disorder tests (−1 shot, ±1 irregular/elite)."""
    s = _duel("english.english_archers_lb", "base.spearmen", 25)
    s = house(s, "S", "base.spearmen", quality=quality, irregular=irregular)
    before = World(s).bound(s.unit("S")).cy
    after = resolve_fallback(s, Pending("S", hits, (("E", hits),), flank, Cover.NONE), ScriptedDice.of(6, *faces), [])
    moved = World(after).bound(after.unit("S")).cy - before
    assert abs(moved - cm) < 0.01
    assert (after.unit("S").condition is Condition.DISORDERED) is disordered


def _charge_position():  # type: ignore[no-untyped-def]
    """Crossbowmen C charged by 2 knights stands K (in contact); longbowmen L 0.5 cm to C's right
    with K out of their arcs at contact but in them where K started, 10 cm out [WC.SHOOT.28]."""
    at_contact = position(
        unit("C", "a", "base.crossbowmen", 3, (50, 20), 90),
        unit("L", "a", "base.longbowmen", 3, (62.5, 20), 90),
        unit("K", "b", "scots.knights_mtd_a5", 2, (48, 20), -90),
    )
    start = position(
        unit("C", "a", "base.crossbowmen", 3, (50, 20), 90),
        unit("L", "a", "base.longbowmen", 3, (62.5, 20), 90),
        unit("K", "b", "scots.knights_mtd_a5", 2, (56, 30), -90),
    )
    return replace(at_contact, active="b"), replace(start, active="b")


def test_WC_TEST_14_charge_fire() -> None:
    """[WC.TEST.14] [WC.SHOOT.26] [WC.SHOOT.27] [WC.SHOOT.29] crossbows 3 dice at full effect, the
    longbow neighbour 6 dice halved to 3; 2 unsaved; disorder dice 6 and 3: disordered by the
    natural 6; pool 2, no stand lost, no fallback."""
    s, start = _charge_position()
    dice = ScriptedDice.of(6, 4, 6, 2, 1, 5, 3, 5, 2, 1, 6, 3)
    lines: list[str] = []
    after = charge_fire(s, "K", "C", dice, lines, before=start)
    k = after.unit("K")
    assert k.hits == 2 and k.lost == 0 and k.condition is Condition.DISORDERED
    assert k.stands == s.unit("K").stands
    assert "from unit C, L" in lines[0] and "3 hits, 2 unsaved" in lines[0]
    assert not dice.script


# --- [WC.SHOOT] -------------------------------------------------------------------------------


def test_WC_SHOOT_1_firing_units_stand_except_skirmishers_and_light_cavalry() -> None:
    """[WC.SHOOT.1] archers that fire may not move; light cavalry may shoot and move."""
    assert not shoot_and_move(P["base.longbowmen"]) and shoot_and_move(P["base.horse_archers"])
    assert shoot_and_move(P["base.javelinmen"])
    s = _duel("base.longbowmen", "base.pikes", 10)
    after = resolve_shooting(s, [_shoot_order(s, "E")], ScriptedDice.of(6, *[1] * 6), [])
    assert after.unit("E").fired and after.unit("E").frozen


def test_WC_SHOOT_2_each_shot_is_one_event_with_a_line() -> None:
    """[WC.SHOOT.2] each shot is narrated (firer, target, stands, result) and drawn."""
    s = _duel("base.longbowmen", "base.pikes", 10)
    lines: list[str] = []
    after = resolve_shooting(s, [_shoot_order(s, "E")], ScriptedDice.of(6, *[1] * 6), lines)
    assert lines[0].startswith("Unit E (Longbowmen) shoots at unit S (Pikes) with 3 stands")
    assert [t.shot for t in after.traces] == [True] and after.traces[0].label == "0 hits, 0 unsaved"


def test_WC_SHOOT_3_WC_SHOOT_4_hold_fire_marker() -> None:
    """[WC.SHOOT.3] a Hold Fire unit may not move; [WC.SHOOT.4] its marker goes at the start of its
    owner's next turn, not the opponent's."""
    s = _duel("base.longbowmen", "base.pikes", 10)
    held = resolve_shooting(s, [{"kind": "holdfire", "data": {"unit": "E"}}], ScriptedDice.of(6), [])
    assert held.unit("E").hold_fire and held.unit("E").frozen
    other = start_of_turn_fire(replace(held, active="b"), [])
    assert other.unit("E").hold_fire
    assert not start_of_turn_fire(replace(held, active="a"), []).unit("E").hold_fire


def test_WC_SHOOT_5_hold_fire_until_the_end_of_the_move() -> None:
    """[WC.SHOOT.5] trigger (a): a Hold Fire unit told 'until end' fires when its Movement Phase
    ends, at the nearest target, and loses the marker."""
    from games.war_cometh import RULESET

    s = _duel("base.longbowmen", "base.pikes", 10)
    s = RULESET.apply_orders(s, RULESET.parse_orders(s, "a", "holdfire E until end"))
    res = RULESET.resolve(s, ScriptedDice.of(6, *[1] * 6))
    text = "\n".join(res.narrative)
    assert "holds its fire" in text and "Unit E (Longbowmen) shoots at unit S" in text
    assert not res.state.unit("E").hold_fire
    # [WC.PD.12] the default trigger is charge fire only: a plain Hold Fire does not fire now
    s2 = _duel("base.longbowmen", "base.pikes", 10)
    s2 = RULESET.apply_orders(s2, RULESET.parse_orders(s2, "a", "holdfire E"))
    res2 = RULESET.resolve(s2, ScriptedDice.of(6))
    assert res2.state.unit("E").hold_fire and not any("shoots" in x for x in res2.narrative)


def test_WC_SHOOT_6_arcs() -> None:
    """[WC.SHOOT.6] a target behind the shooters is outside every stand's arc; skirmishers fire all
    round."""
    s = position(unit("E", "a", "base.longbowmen", 3, (50, 40), 90), unit("S", "b", "base.pikes", 3, (50, 30), 90))
    plan = plan_shot(World(s), s.unit("E"), s.unit("S"))
    assert not plan.ok and plan.rule == "WC.SHOOT.6" and "arc" in plan.problem
    assert all_round(P["base.javelinmen"]) and all_round(P["base.war_wagon"])
    assert all_round(P["base.horse_archers"]) and not all_round(P["base.longbowmen"])
    sk = position(unit("E", "a", "base.javelinmen", 3, (50, 40), 90), unit("S", "b", "base.pikes", 3, (50, 35), 90))
    assert plan_shot(World(sk), sk.unit("E"), sk.unit("S")).ok


HILL = """
[[areas]]
id = "h"
kind = "hill"
level = 1
points = [[30, 0], [70, 0], [70, 21], [30, 21]]
"""


def test_WC_SHOOT_7_over_friends_only_when_they_can_see() -> None:
    """[WC.SHOOT.7] a friendly unit in between blocks the line on level ground; from a hill the
    shooters see, and shoot, over it."""
    units = (
        unit("E", "a", "base.longbowmen", 3, (50, 20), 90),
        unit("F", "a", "base.pikes", 4, (50, 25), 90),
        unit("S", "b", "base.pikes", 3, (50, 35), -90),
    )
    flat = position(*units)
    plan = plan_shot(World(flat), flat.unit("E"), flat.unit("S"))
    assert not plan.ok and plan.rule == "WC.GEOM.18"
    hill = position(*units, terrain=HILL)
    assert plan_shot(World(hill), hill.unit("E"), hill.unit("S")).ok


def test_WC_SHOOT_8_one_target_except_skirmishers_horse_archers_hedgehogs() -> None:
    """[WC.SHOOT.8] a line unit's stands shoot together; skirmishers, horse archers and hedgehogs
    pick a target stand by stand."""
    assert not stands_pick_targets(P["base.longbowmen"], Formation.LINE)
    assert stands_pick_targets(P["base.longbowmen"], Formation.HEDGEHOG)
    assert stands_pick_targets(P["base.horse_archers"], Formation.LINE)
    assert stands_pick_targets(P["base.javelinmen"], Formation.LINE)


def test_WC_SHOOT_9_WC_SHOOT_23_contact() -> None:
    """[WC.SHOOT.9] [WC.SHOOT.23] a unit touching an enemy may not be shot at; a stand touching an
    enemy may not shoot."""
    s = position(
        unit("E", "a", "base.longbowmen", 3, (50, 20), 90),
        unit("S", "b", "base.pikes", 3, (50, 30), -90),
        unit("M", "a", "base.pikes", 3, (50, 31.5), 90),
    )
    plan = plan_shot(World(s), s.unit("E"), s.unit("S"))
    assert not plan.ok and plan.rule == "WC.SHOOT.23"
    t = position(unit("E", "a", "base.longbowmen", 3, (50, 20), 90), unit("S", "b", "base.pikes", 3, (46, 20), -90))
    assert plan_shot(World(t), t.unit("E"), t.unit("S")).rule == "WC.SHOOT.23"


@pytest.mark.parametrize(
    ("rank", "missile", "in_open", "hillside", "effect"),
    [
        (1, Missile.JAV, False, False, "full"),
        (2, Missile.LB, True, False, "half"),
        (2, Missile.CB, True, False, "half"),
        (2, Missile.LB, False, False, "no"),
        (2, Missile.JAV, True, False, "no"),
        (3, Missile.LB, True, False, "no"),
        (3, Missile.JAV, False, True, "full"),
    ],
)
def test_WC_SHOOT_10_WC_SHOOT_11_ranks(rank: int, missile: Missile, in_open: bool, hillside: bool, effect: str) -> None:
    """[WC.SHOOT.10] [WC.SHOOT.11] front rank full; rank-2 bows half in the open; every rank from a
    hillside at a lower target; others not."""
    assert rank_may_shoot(rank, missile, in_open=in_open, hillside=hillside) == effect


def test_WC_SHOOT_11_rank_two_pool_is_halved_rounding_up() -> None:
    """[WC.SHOOT.11] a 2-deep longbow unit: 2 front stands roll 2 dice each, the rear pool of 4
    dice is halved to 2 (3 stands of 2 dice would give 3)."""
    assert half_effect(4) == 2 and half_effect(3) == 2 and half_effect(1) == 1
    s = _duel("base.longbowmen", "base.pikes", 10, stands=4, files=2)
    w = World(s)
    assert stand_ranks(w, s.unit("E")) == (1, 1, 2, 2)
    plan = plan_shot(w, s.unit("E"), s.unit("S"))
    assert [x.effect for x in plan.stands] == ["full", "full", "half", "half"]
    dice = ScriptedDice.of(6, 1, 1, 1, 1, 1, 1)
    shoot(s, plan, dice, [])
    assert not dice.script


def test_WC_SHOOT_12_routed_never_shoot() -> None:
    """[WC.SHOOT.12] a routed unit may not shoot."""
    s = _duel("base.longbowmen", "base.pikes", 10)
    s = s.with_unit(replace(s.unit("E"), condition=Condition.ROUTED))
    assert plan_shot(World(s), s.unit("E"), s.unit("S")).rule == "WC.SHOOT.12"


@pytest.mark.parametrize(
    ("die", "drm", "hit"), [(4, 0, True), (3, 0, False), (3, 1, True), (6, -3, True), (5, -2, False)]
)
def test_WC_SHOOT_13_to_hit(die: int, drm: int, hit: bool) -> None:
    """[WC.SHOOT.13] 4+ hits, a natural 6 always."""
    assert hits_on(die, drm) is hit


@pytest.mark.parametrize(
    ("mods", "fantasy", "drm"),
    [
        (ShotMods(vs_hedgehog_or_pike=True), False, 1),
        (ShotMods(long_range=True), False, -1),
        (ShotMods(long_range=True), True, 0),
        (ShotMods(disordered_shooter=True), False, -1),
        (ShotMods(target_fortified=True, target_defended=True), False, -2),
        (ShotMods(target_defended=True), False, -1),
        (ShotMods(vs_skirmishers=True), False, -1),
        (ShotMods(vs_hedgehog_or_pike=True, long_range=True), False, 0),
    ],
)
def test_WC_SHOOT_14_modifiers(mods: ShotMods, fantasy: bool, drm: int) -> None:
    """[WC.SHOOT.14] each modifier; fortified and defended do not add; (F) no long range."""
    assert shot_drm(mods, fantasy=fantasy) == drm


def test_WC_SHOOT_14_from_the_position() -> None:
    """[WC.SHOOT.14] a disordered shooter at long range on pikes: +1 −1 −1 = −1."""
    s = _duel("base.longbowmen", "base.pikes", 25)
    s = s.with_unit(replace(s.unit("E"), condition=Condition.DISORDERED))
    assert {x.drm for x in plan_shot(World(s), s.unit("E"), s.unit("S")).stands} == {-1}


def test_WC_SHOOT_15_pool_losses_and_leader_wound() -> None:
    """[WC.SHOOT.15] [WC.SHOOT.34] 5 unsaved hits on 4-hit pike stands: one stand goes, 1 hit stays
    in the pool; the attached leader rolls (a 6 strikes him down)."""
    s = _duel("base.longbowmen", "base.pikes", 10)
    s = s.with_leader(replace(s.leader("mb"), attached_to="S"))
    after, lost = take_losses(s, "S", 5, ScriptedDice.of(6, 6), [])
    assert lost == 1 and after.unit("S").hits == 1 and len(after.unit("S").stands) == 2
    assert after.leader("mb").lost
    kept, _ = take_losses(s, "S", 5, ScriptedDice.of(6, 5), [])
    assert not kept.leader("mb").lost


@pytest.mark.parametrize(
    ("pid", "fantasy", "woods", "ranges"),
    [
        ("base.javelinmen", False, False, (5, 5)),
        ("base.horse_archers", False, False, (10, 15)),
        ("base.longbowmen", False, False, (20, 30)),
        ("base.crossbowmen", False, False, (20, 30)),
        ("base.longbowmen", False, True, (20, 20)),
        ("base.bombard", False, False, (40, 60)),
        ("base.ribaudequin", False, False, (20, 30)),
        ("base.war_wagon", False, False, (20, 30)),
        ("base.longbowmen", True, False, (20, 20)),
    ],
)
def test_WC_SHOOT_16_WC_SHOOT_17_ranges(pid: str, fantasy: bool, woods: bool, ranges: tuple[int, int]) -> None:
    """[WC.SHOOT.16] effective and maximum ranges, archers in woods effective only; [WC.SHOOT.17]
    (F) maximum equals effective."""
    assert weapon_ranges(P[pid], fantasy=fantasy, in_woods=woods) == ranges


def test_WC_SHOOT_18_range_measured_between_shapes() -> None:
    """[WC.SHOOT.18] 30 cm is long range for longbows, 30.5 is out of range, named as such."""
    assert range_band(20, 20, 30) is Band.EFFECTIVE and range_band(30, 20, 30) is Band.LONG
    assert range_band(30.01, 20, 30) is None
    s = _duel("base.longbowmen", "base.pikes", 30)
    assert plan_shot(World(s), s.unit("E"), s.unit("S")).ok
    far = _duel("base.longbowmen", "base.pikes", 30.5)
    plan = plan_shot(World(far), far.unit("E"), far.unit("S"))
    assert plan.rule == "WC.SHOOT.18" and "30.5 cm, maximum 30 cm" in plan.problem


def test_WC_SHOOT_19a_which_guns_bounce() -> None:
    """[WC.SHOOT.19a] bombards bounce, ribaudequins do not; poor terrain stops the bounce."""
    assert bounces(P["base.bombard"]) and not bounces(P["base.ribaudequin"])
    woods = '[[areas]]\nid = "w"\nkind = "rough"\npoints = [[40, 38], [60, 38], [60, 42], [40, 42]]\n'
    s = position(
        unit("E", "a", "base.bombard", 1, (50, 20), 90, files=1),
        unit("S", "b", "base.pikes", 3, (50, 40), -90, files=1),
        terrain=woods,
    )
    w = World(s)
    assert _zone_stands(w, w.rects(s.unit("E"))[0], s.unit("S")) == 0


def test_WC_SHOOT_20_guns_by_date() -> None:
    """[WC.SHOOT.20] (H) no guns in field battles before 1382."""
    assert not guns_allowed(1314) and guns_allowed(1382)


def test_WC_SHOOT_21_WC_SHOOT_35_armor_zero_and_the_option() -> None:
    """[WC.SHOOT.21] improvements never go past 2; [WC.SHOOT.35] longbows at long range leave
    armor 0 alone unless longbow_improves_armor0."""
    assert adjusted_armor(3, Missile.SB, Band.EFFECTIVE) == 2 and adjusted_armor(2, Missile.SB, Band.EFFECTIVE) == 2
    assert adjusted_armor(0, Missile.LB, Band.LONG) == 0
    assert adjusted_armor(0, Missile.LB, Band.LONG, longbow_improves_armor0=True) == 6
    assert adjusted_armor(4, Missile.CB, Band.LONG) == 4 and adjusted_armor(5, Missile.JAV, Band.EFFECTIVE) == 5
    assert saved(5, 5) and not saved(4, 5) and not saved(6, 0)


def test_WC_SHOOT_22_WC_FALLBACK_7_fallback_waits_for_every_shooter() -> None:
    """[WC.SHOOT.22] [WC.FALLBACK.7] two units shoot the same target: it falls back once, at the
    end, on the total of its hits, away from the one that hit most."""
    s = position(
        unit("E", "a", "base.longbowmen", 3, (40, 20), 90),
        unit("G", "a", "base.longbowmen", 3, (60, 20), 90),
        unit("S", "b", "base.pikes", 3, (50, 30), -90),
    )
    orders = [_shoot_order(s, "E", "S"), _shoot_order(s, "G", "S")]
    dice = ScriptedDice.of(6, 6, 6, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 5, 5, 5)
    lines: list[str] = []
    after = resolve_shooting(s, orders, dice, lines)
    assert sum("falls back" in x for x in lines) == 1 and "5+5+5 = 15 cm" in lines[-1]
    assert lines.index(next(x for x in lines if "falls back" in x)) > 1
    w0, w1 = World(s), World(after)
    assert w1.bound(after.unit("S")).cx > w0.bound(s.unit("S")).cx + 1  # away from E, which hit most


def test_WC_FALLBACK_10_closed_target_is_not_shot_again() -> None:
    """[WC.FALLBACK.10] closing a target resolves its fallback at once; it is no longer a legal
    target, so a later shot passes over it."""
    s = position(
        unit("E", "a", "base.longbowmen", 3, (40, 20), 90),
        unit("G", "a", "base.longbowmen", 3, (60, 20), 90),
        unit("S", "b", "base.pikes", 3, (50, 30), -90),
    )
    orders = [_shoot_order(s, "E", "S"), {"kind": "close", "data": {"target": "S"}}, _shoot_order(s, "G", "S")]
    lines: list[str] = []
    resolve_shooting(s, orders, ScriptedDice.of(6, 6, 1, 1, 1, 1, 1, 5), lines)
    assert "falls back" in lines[-2] and "already fallen back" in lines[-1]


def test_WC_SHOOT_24_chits_only_in_the_opponents_turn() -> None:
    """[WC.SHOOT.24] [WC.REACT.3] an unsaved hit in the opponent's turn gives a combat chit; fire
    at the phasing side's own charger gives none."""
    s = _duel("base.longbowmen", "base.pikes", 10)
    plan = plan_shot(World(s), s.unit("E"), s.unit("S"))
    hit, _ = shoot(s, plan, ScriptedDice.of(6, 6, 1, 1, 1, 1, 1), [])
    assert hit.unit("S").chits == ("combat",)
    own, _ = shoot(replace(s, active="b"), plan, ScriptedDice.of(6, 6, 1, 1, 1, 1, 1), [])
    assert own.unit("S").chits == ()


def test_WC_SHOOT_25_fallback_counts_unsaved_hits() -> None:
    """[WC.SHOOT.25] [WC.FALLBACK.1] only unsaved hits make fallback dice."""
    s = _duel("base.longbowmen", "base.men_at_arms", 10)
    w = World(s)
    p = record_hits(w, Pending("S"), s.unit("E"), 0, Cover.NONE)
    assert p.hits == 0
    p = record_hits(w, p, s.unit("E"), 2, Cover.NONE)
    assert fallback_dice(p.hits) == 2 and p.by == (("E", 2),)


def test_WC_SHOOT_27_hold_fire_unit_fires_full_and_loses_marker() -> None:
    """[WC.SHOOT.27] a Hold Fire neighbour fires at full effect (6 dice, not 3) and loses its
    marker; [WC.SHOOT.31] the charged unit fires automatically."""
    s, start = _charge_position()
    s = s.with_unit(replace(s.unit("L"), hold_fire=True))
    dice = ScriptedDice.of(6, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    after = charge_fire(s, "K", "C", dice, [], before=start)
    assert not dice.script and not after.unit("L").hold_fire


def test_WC_SHOOT_28_WC_SHOOT_31_start_position_and_standing_orders() -> None:
    """[WC.SHOOT.28] without the start position the neighbour cannot fire (not in arc at contact);
    [WC.SHOOT.31] [WC.PD.17] 'standing charge-fire hold' keeps it silent; 'ask' asks."""
    from campaign.ruleset import NeedDecision
    from games.war_cometh.standing import with_standing

    s, start = _charge_position()
    dice = ScriptedDice.of(6, 1, 1, 1)
    charge_fire(s, "K", "C", dice, [])
    assert not dice.script
    held = with_standing(s, "a", "charge-fire", "hold")
    dice = ScriptedDice.of(6, 1, 1, 1)
    charge_fire(held, "K", "C", dice, [], before=start)
    assert not dice.script
    ask = with_standing(s, "a", "charge-fire", "ask")
    with pytest.raises(NeedDecision):
        charge_fire(ask, "K", "C", ScriptedDice(ScriptedDice.of(6, 1, 1, 1).script, ask=True), [], before=start)


def test_WC_SHOOT_29_WC_FALLBACK_8_no_fallback_and_WC_SHOOT_33_destroyed() -> None:
    """[WC.SHOOT.29] [WC.FALLBACK.8] the charger keeps its place; [WC.SHOOT.33] a charger
    destroyed by the fire ends its charge; [WC.SHOOT.30] fire comes only with the charge."""
    s, start = _charge_position()
    s = s.with_unit(replace(s.unit("K"), hits=5))
    lines: list[str] = []
    after = charge_fire(s, "K", "C", ScriptedDice.of(6, 6, 1, 1, 1, 1, 1, 1, 1), lines, before=start)
    assert not after.unit("K").on_table and "the charge ends" in lines[-1]


# --- [WC.TARGET] ------------------------------------------------------------------------------


def _three():  # type: ignore[no-untyped-def]
    return position(
        unit("E", "a", "base.longbowmen", 3, (50, 20), 90),
        unit("N", "b", "base.javelinmen", 3, (50, 28), -90),
        unit("F", "b", "base.pikes", 3, (64, 32), -90),
        unit("C", "b", "base.knights_mtd", 2, (36, 34), -90),
    )


def test_WC_TARGET_2_WC_TARGET_4_nearest_and_ties() -> None:
    """[WC.TARGET.2] a named target farther than the nearest is refused naming the nearest;
    [WC.TARGET.4] footprint distance decides, ties go to the lowest id."""
    from games.war_cometh.targets import candidates, check_target, nearest_target

    s = _three()
    w = World(s)
    assert nearest_target(w, s.unit("E")).target == "N"
    plan = check_target(w, s.unit("E"), s.unit("F"))
    assert not plan.ok and plan.rule == "WC.TARGET.2" and "unit N is nearer" in plan.problem
    d = [p.distance for p in candidates(w, s.unit("E"))]
    assert d == sorted(d)


def test_WC_TARGET_3_skirmishers_may_be_ignored() -> None:
    """[WC.TARGET.3] (H) with 'ignore-skirmishers yes' the shooter passes over skirmishers."""
    from games.war_cometh.targets import nearest_target

    s = _three()
    assert nearest_target(World(s), s.unit("E"), ignore_skirmishers=True).target != "N"


def test_WC_TARGET_1_artillery_chooses_a_class() -> None:
    """[WC.TARGET.1] artillery names a class and must shoot the nearest of it; other units ignore
    the class."""
    from games.war_cometh.targets import nearest_target

    s = position(
        unit("E", "a", "base.bombard", 1, (50, 20), 90, files=1),
        unit("N", "b", "base.pikes", 3, (50, 30), -90),
        unit("C", "b", "base.knights_mtd", 2, (60, 45), -90),
    )
    w = World(s)
    assert nearest_target(w, s.unit("E")).target == "N"
    assert nearest_target(w, s.unit("E"), klass="cavalry").target == "C"


def test_WC_TARGET_5_stands_pick_their_own() -> None:
    """[WC.TARGET.5] skirmisher stands each shoot the nearest target from where they stand."""
    from games.war_cometh.targets import stand_targets

    s = position(
        unit("E", "a", "base.javelinmen", 2, (50, 20), 90),
        unit("L", "b", "base.pikes", 1, (44, 23), -90),
        unit("R", "b", "base.pikes", 1, (56, 23), -90),
    )
    plans = stand_targets(World(s), s.unit("E"))
    assert {p.target: [x.index for x in p.stands] for p in plans} == {"L": [0], "R": [1]}


def test_WC_TARGET_6_charge_fire_aims_at_the_charger() -> None:
    """[WC.TARGET.6] charge fire is at the charger even with another enemy nearer."""
    s, start = _charge_position()
    dice = ScriptedDice.of(6, 1, 1, 1, 1, 1, 1)
    lines: list[str] = []
    charge_fire(s, "K", "C", dice, lines, before=start)
    assert "charging unit K" in lines[0]


# --- [WC.FALLBACK] ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "quality", "knights", "historical", "moves"),
    [
        ([5, 4], Quality.ELITE, False, True, False),
        ([6, 1], Quality.ELITE, False, True, True),
        ([5, 5], Quality.STEADY, True, True, False),
        ([5, 1], Quality.STEADY, False, True, True),
        ([4, 4], Quality.STEADY, False, True, False),
        ([1, 1], Quality.LEVY, False, True, True),
        ([1, 1], Quality.ELITE, False, False, True),
    ],
)
def test_WC_FALLBACK_5_WC_FALLBACK_9_steadiness(
    faces: list[int], quality: Quality, knights: bool, historical: bool, moves: bool
) -> None:
    """[WC.FALLBACK.5] elite and knights need a natural 6, steady a 5+, levy always, (F) always;
    [WC.FALLBACK.9] steady knights count as knights."""
    assert falls_back(faces, quality=quality, knights=knights, historical=historical) is moves


def test_WC_FALLBACK_3_flank_fire_from_the_shooters_centre() -> None:
    """[WC.FALLBACK.3] a shooter whose centre is in the target's flank zone adds one die."""
    s = position(unit("E", "a", "base.longbowmen", 3, (30, 40), 0), unit("S", "b", "base.pikes", 3, (50, 40), 90))
    p = record_hits(World(s), Pending("S"), s.unit("E"), 1, Cover.NONE)
    assert p.flank_rear and fallback_dice(p.hits, flank_rear=p.flank_rear) == 2


def test_WC_FALLBACK_4_war_wagons_roll_but_stay() -> None:
    """[WC.FALLBACK.4] war wagons roll for disorder but are never pushed back."""
    s = _duel("base.longbowmen", "base.war_wagon", 15)
    after = resolve_fallback(s, Pending("S", 1, (("E", 1),)), ScriptedDice.of(6, 6), [])
    assert after.unit("S").stands == s.unit("S").stands and after.unit("S").condition is Condition.DISORDERED


@pytest.mark.parametrize(("die", "friend"), [(4, Condition.GOOD), (5, Condition.DISORDERED)])
def test_WC_FALLBACK_6_away_from_the_shooter_through_friends(die: int, friend: Condition) -> None:
    """[WC.FALLBACK.6] 12 cm straight away from the shooter, facing kept, through a friend behind,
    which tests for disorder on the pass-through die [WC.THROUGH.3] [WC.COMPULSORY.4]."""
    s = position(
        unit("E", "a", "base.longbowmen", 3, (50, 20), 90),
        unit("S", "b", "base.pikes", 3, (50, 30), -90),
        unit("B", "b", "base.pikes", 3, (50, 35), -90),
    )
    lines: list[str] = []
    after = resolve_fallback(s, Pending("S", 2, (("E", 2),)), ScriptedDice.of(6, 6, 6, die), lines)
    w0, w1 = World(s), World(after)
    assert abs(w1.bound(after.unit("S")).cy - w0.bound(s.unit("S")).cy - 12) < 0.01
    assert after.unit("S").facing == s.unit("S").facing
    assert after.unit("B").condition is friend
