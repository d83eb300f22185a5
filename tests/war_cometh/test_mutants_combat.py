"""Clauses mutation testing of games/war_cometh/combat.py found unpinned (benchmarks/mutation.py wc:combat):
each fighting stand's named inputs in full, cover by terrain and for the attacking side, support by formation,
variant and flank, the victory modifiers of a unit, casualties, leaders' wounds [WC.MELEE.3]-[WC.MELEE.30]
[WC.FORT.5] [WC.FORT.9] [WC.SUPPORT] [WC.HEDGEHOG] [WC.CASUALTY] [WC.LEADER.8]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.war_cometh.charge_orders import try_charge
from games.war_cometh.combat import (
    Bout,
    _grouped,
    _unit_case,
    build_combats,
    fight_round,
    fighting,
    stand_case,
    support_count,
    touches,
)
from games.war_cometh.melee import PikeFront, StandCase, UnitCase
from games.war_cometh.model import Condition, Formation, State
from games.war_cometh.troops import Quality
from games.war_cometh.world import World

from .helpers import position, unit

KN = "english.feudal_knights_mtd"
PK = "scots.lowland_pikes_stdy"
DK = "english.feudal_knights_dmtd"


def cases(s: State, ids: tuple[str, ...] = ("K", "P"), bout: Bout | None = None) -> dict[tuple[str, int], StandCase]:
    """Every fighting stand's case, its touches ordered as ``_stand_hits`` orders them."""
    w = World(s)
    out = {}
    for uid, st in _grouped(fighting(w, touches(w, ids))).items():
        for i, ts in st.items():
            ts = sorted(ts, key=lambda t: (t.corner, t.enemy, t.enemy_stand))
            out[(uid, i)] = stand_case(w, bout or Bout("a"), s.unit(uid), i, ts)
    return out


def supports(s: State, ids: tuple[str, ...]) -> dict[str, int]:
    w = World(s)
    return {uid: support_count(w, s.unit(uid), set(st), st) for uid, st in _grouped(fighting(w, touches(w, ids))).items()}


def charged() -> State:
    """Knights K (2 stands) have charged the front of good-order pikes P (6 stands, 2 files)."""
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2))
    s2, why = try_charge(s, {"unit": "K", "charge": "P"})
    assert why is None
    return s2


KNIGHT = StandCase(attacks=4, pike_front=PikeFront.MOUNTED)
PIKE = StandCase(attacks=3, superior=True, pike=True)


def test_WC_MELEE_3_every_input_of_a_fighting_stand() -> None:
    """[WC.MELEE.3] [WC.MELEE.8] [WC.SUPERIOR.4] [WC.MELEE.14a]: knights against the pike front: 4 attacks, the
    mounted pike DRM; the pikes 3 attacks, superior weapon, pikes; every other input off, min 1 die on."""
    c = cases(charged())
    assert c == {("K", 0): KNIGHT, ("K", 1): KNIGHT, ("P", 0): PIKE, ("P", 1): PIKE}


@pytest.mark.parametrize(("value", "expected"), [("false", False), ("true", True)])
def test_WC_MELEE_14a_the_min_one_die_option(value: str, expected: bool) -> None:
    """[WC.MELEE.14a] ``hist_min1_die``."""
    s = replace(charged(), options=(("hist_min1_die", value),))
    assert {c.min_one_die for c in cases(s).values()} == {expected}


def test_WC_MELEE_11_fantasy_cases_are_not_historical() -> None:
    """[WC.MELEE.11] [WC.MELEE.9]: a Fantasy game's stands say so, and levies are not terrified there."""
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", "base.peasants", 2, (90, 40), -90))
    hist = cases(s)
    assert {hist[("P", 0)].terrified, hist[("K", 0)].terrified} == {True, False}
    fan = cases(replace(s, variant="fantasy"))
    assert {c.historical for c in fan.values()} == {False}
    assert {c.terrified for c in fan.values()} == {False}


def test_WC_MELEE_9_levies_are_terrified_of_cavalry_only() -> None:
    """[WC.MELEE.9] [WC.MIXED.3]: levies against knights on foot are not terrified."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", "base.peasants", 2, (90, 40), -90))
    assert {c.terrified for c in cases(s).values()} == {False}


@pytest.mark.parametrize("cond", [Condition.DISORDERED, Condition.ROUTED])
def test_WC_MELEE_8_pikes_not_in_good_order(cond: Condition) -> None:
    """[WC.MELEE.8] [WC.MELEE.26] [WC.SUPERIOR]: disordered or routed pikes give no pike DRM; their stands are
    disordered (routed too when routed), and a disordered unit's weapon is rated as such."""
    s = charged()
    s = s.with_unit(replace(s.unit("P"), condition=cond))
    c = cases(s)
    assert c[("K", 0)] == replace(KNIGHT, pike_front=PikeFront.NO, superior=True)
    routed = cond is Condition.ROUTED
    assert c[("P", 0)] == replace(PIKE, superior=False, disordered=True, routed=routed)


def test_WC_MELEE_8_foot_against_the_pike_front() -> None:
    """[WC.MELEE.8]: infantry touching the front of good-order pikes: the foot DRM."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", PK, 2, (90, 40), -90))
    c = cases(s)
    assert c[("K", 0)].pike_front is PikeFront.FOOT and c[("P", 0)].pike_front is PikeFront.NO


def flank_charge() -> State:
    """Knights K charged the left flank of good-order pikes P."""
    from games.war_cometh.charge_orders import place_charge
    from games.war_cometh.charges import Charge, charge_problem

    s = position(unit("K", "a", KN, 2, (60, 61), 0), unit("P", "b", PK, 4, (90, 60), -90, files=2))
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert isinstance(c, Charge)
    return place_charge(s, c)


def test_WC_MELEE_5_WC_MELEE_7_a_flank_charge() -> None:
    """[WC.MELEE.5] [WC.MELEE.7] [WC.MELEE.8]: the charger has the flank bonus and no pike DRM (not the pike
    front); the pikes fight to their flank (−2 for pikes), unless in hedgehog [WC.HEDGEHOG.3]."""
    s = flank_charge()
    c = cases(s)
    k = [v for (u, _), v in c.items() if u == "K"]
    p = [v for (u, _), v in c.items() if u == "P"]
    assert k and {x.charging_flank_or_rear for x in k} == {True} and {x.pike_front for x in k} == {PikeFront.NO}
    assert p and {x.fighting_flank_or_rear for x in p} == {True}
    hh = s.with_unit(replace(s.unit("P"), formation=Formation.HEDGEHOG))
    assert {v.fighting_flank_or_rear for (u, _), v in cases(hh).items() if u == "P"} == {False}


@pytest.mark.parametrize(
    ("edge", "charged_", "flank_charged", "bonus"),
    [
        ("left", "P", False, True),
        ("right", "P", False, True),
        ("rear", "P", False, True),
        ("front", "P", False, False),
        ("front", "P", True, True),
        ("front", "", True, False),
        ("left", "", False, False),
    ],
)
def test_WC_MELEE_5_the_charge_bonus(edge: str, charged_: str, flank_charged: bool, bonus: bool) -> None:
    """[WC.MELEE.5]: a unit that charged a flank or rear, or charged a unit also charged in the flank; never a
    unit that did not charge."""
    s = charged()
    s = s.with_unit(replace(s.unit("K"), charged=charged_, contact_edge=edge))
    s = s.with_unit(replace(s.unit("P"), flank_charged=flank_charged))
    assert cases(s)[("K", 0)].charging_flank_or_rear is bonus


@pytest.mark.parametrize(
    ("pursuing", "k_same", "k_mounted", "p_same"),
    [
        ({"K": "P"}, True, True, False),
        ({"K": ""}, False, True, False),
        ({"K": "Z"}, False, True, False),
        ({"P": "K"}, False, False, True),
        ({}, False, False, False),
    ],
)
def test_WC_MELEE_6_pursuit_bonuses(pursuing: dict[str, str], k_same: bool, k_mounted: bool, p_same: bool) -> None:
    """[WC.MELEE.6]: +1 against the unit it just beat (not after an advance, ""), +1 for mounted pursuers or
    advancers only."""
    c = cases(charged(), bout=Bout("a", pursuing=pursuing))
    assert (c[("K", 0)].pursuing_same, c[("K", 0)].pursuing_mounted) == (k_same, k_mounted)
    assert (c[("P", 0)].pursuing_same, c[("P", 0)].pursuing_mounted) == (p_same, False)


def test_WC_MELEE_3_first_round_flag_and_a_single_touch() -> None:
    """[WC.MELEE.15]: the round flag reaches the case; a stand touching one enemy stand only."""
    s = position(unit("K", "a", DK, 1, (90, 40), 90), unit("P", "b", DK, 1, (90, 40), -90))
    c = cases(s, bout=Bout("a", first_round=False))
    assert set(c) == {("K", 0), ("P", 0)} and {v.first_round for v in c.values()} == {False}


def hedge(kind: str = "obstacle", at: float = 40.0) -> str:
    return f'[[lines]]\nid = "x"\nkind = "{kind}"\npoints = [[0, {at}], [180, {at}]]\n'


@pytest.mark.parametrize("kind", ["obstacle", "stream", "pelstream"])
def test_WC_FORT_5_WC_FORT_9_behind_an_obstacle_but_not_the_charger(kind: str) -> None:
    """[WC.FORT.5] [WC.MELEE.10]: both units behind a linear obstacle along the contact are defended against
    each other; [WC.FORT.9]: the charger (or a pursuer or advancer) never is (a bug found by this work: the
    charger was defended too)."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", "base.spearmen", 2, (90, 40), -90),
                 terrain=hedge(kind))  # fmt: skip
    assert {c.cover for c in cases(s).values()} == {1}
    k = s.with_unit(replace(s.unit("K"), charged="P", contact_edge="front"))
    c = cases(k)
    assert (c[("K", 0)].cover, c[("P", 0)].cover) == (1, 0)
    c = cases(s, bout=Bout("b", pursuing={"P": "K"}))
    assert (c[("K", 0)].cover, c[("P", 0)].cover) == (0, 1)
    c = cases(s, bout=Bout("b", pursuing={"P": ""}))
    assert (c[("K", 0)].cover, c[("P", 0)].cover) == (0, 1)




@pytest.mark.parametrize(("area", "cover"), [("fortification", 2), ("woods", 0), ("dense", 0), ("marsh", 0)])
def test_WC_FORT_13_WC_FORT_6_areas_in_melee(area: str, cover: int) -> None:
    """[WC.FORT.13]: a scenario fortification is fortified (2); [WC.FORT.6]: woods, dense woods and marsh give
    formed foot no cover in melee."""
    t = f'[[areas]]\nid = "w"\nkind = "{area}"\npoints = [[0, 41], [180, 41], [180, 60], [0, 60]]\n'
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", "base.spearmen", 2, (90, 40), -90), terrain=t)
    assert {c.cover for (u, _), c in cases(s).items() if u == "K"} == {cover}


@pytest.mark.parametrize("area", ["woods", "dense", "marsh"])
def test_WC_FORT_6_skirmishers_in_woods_or_marsh_in_melee(area: str) -> None:
    """[WC.FORT.6]: skirmishers in woods, dense woods or marsh are defended in melee too."""
    t = f'[[areas]]\nid = "w"\nkind = "{area}"\npoints = [[0, 39], [180, 39], [180, 60], [0, 60]]\n'
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", "base.skirmishers", 2, (90, 40), -90),
                 terrain=t)  # fmt: skip
    assert {c.cover for (u, _), c in cases(s).items() if u == "K"} == {1}




def test_WC_FORT_3_cavalry_is_not_defended_by_an_obstacle() -> None:
    """[WC.FORT.3]: cavalry behind a hedge is not defended."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", KN, 2, (90, 40), -90), terrain=hedge())
    c = cases(s)
    assert (c[("K", 0)].cover, c[("P", 0)].cover) == (0, 1)


def test_WC_SUPPORT_own_rear_rank_and_variants() -> None:
    """[WC.SUPPORT.2] [WC.SUPPORT.3]: a unit's own second rank supports its front rank (infantry behind
    infantry, +1 a stand); (H) cavalry supports cavalry, (F) it does not; disordered, nobody supports."""
    s = position(unit("K", "a", DK, 4, (90, 40), 90, files=2), unit("P", "b", KN, 4, (90, 40), -90, files=2))
    assert supports(s, ("K", "P")) == {"K": 2, "P": 2}
    assert supports(replace(s, variant="fantasy"), ("K", "P")) == {"K": 2, "P": 0}
    d = s.with_unit(replace(s.unit("K"), condition=Condition.DISORDERED))
    assert supports(d, ("K", "P")) == {"K": 0, "P": 2}


def test_WC_SUPPORT_9_a_stand_attacked_on_the_flank_is_not_supported() -> None:
    """[WC.SUPPORT.9] [WC.HEDGEHOG.2]: pikes charged in the flank: the flanked stands get no support; in hedgehog
    every idle stand supports."""
    s = flank_charge()
    s = s.with_unit(replace(s.unit("P"), condition=Condition.GOOD))  # as if not disordered by the charge
    assert supports(s, ("K", "P"))["P"] == 0
    hh = s.with_unit(replace(s.unit("P"), formation=Formation.HEDGEHOG))
    assert supports(hh, ("K", "P"))["P"] == 2  # the two stands not touching the knights
    dh = hh.with_unit(replace(hh.unit("P"), condition=Condition.DISORDERED))
    assert supports(dh, ("K", "P"))["P"] == 0


def test_WC_SUPPORT_12_friends_in_contact_do_not_support() -> None:
    """[WC.SUPPORT.12] [WC.SUPPORT.13]: a friend behind supports unless it is itself in contact with an enemy."""
    s = position(
        unit("D", "a", DK, 2, (90, 40), 90),
        unit("A", "a", DK, 2, (90, 38.5), 90),
        unit("S", "a", DK, 2, (150, 38.5), 90),
        unit("E", "b", DK, 2, (90, 40), -90),
        unit("F", "b", DK, 2, (150, 38.5), -90),
    )
    assert World(s).in_contact_with_enemy(s.unit("S")) and supports(s, ("D", "E"))["D"] == 2
    s2 = s.with_unit(replace(s.unit("S"), stands=s.unit("A").stands))
    s2 = s2.with_unit(replace(s2.unit("A"), stands=s.unit("S").stands))
    assert supports(s2, ("D", "E"))["D"] == 2  # A, touching F, is skipped, S behind D is still counted


def test_WC_MELEE_30_charging_cavalry_victory_modifier() -> None:
    """[WC.MELEE.19] [WC.MELEE.30]: mounted knights that charged formed foot: +1; not the front of good-order
    pikes (but their flank, or disordered pikes), not foot defended against them, not a unit off the table."""
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", "base.spearmen", 2, (90, 40), -90))
    k = s.with_unit(replace(s.unit("K"), charged="P", contact_edge="front"))

    def case(st: State, uid: str = "K") -> UnitCase:
        return _unit_case(World(st), st.unit(uid))

    assert case(k) == UnitCase(Quality.STEADY, True, warband=False, charging_mounted=True)
    assert case(k, "P") == UnitCase(Quality.STEADY, True, warband=True, charging_mounted=False)
    assert not case(k.with_unit(replace(k.unit("P"), on_table=False))).charging_mounted
    assert not case(s).charging_mounted
    foot = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", "base.spearmen", 2, (90, 40), -90))
    assert not case(foot.with_unit(replace(foot.unit("K"), charged="P", contact_edge="front"))).charging_mounted
    kc = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", KN, 2, (90, 40), -90))
    assert not case(kc.with_unit(replace(kc.unit("K"), charged="P", contact_edge="front"))).charging_mounted
    pk = charged()
    assert not case(pk).charging_mounted
    assert case(pk.with_unit(replace(pk.unit("P"), condition=Condition.DISORDERED))).charging_mounted
    assert case(pk.with_unit(replace(pk.unit("K"), contact_edge="left"))).charging_mounted
    hedged = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", "base.spearmen", 2, (90, 40), -90),
                      terrain=hedge())  # fmt: skip
    assert not case(hedged.with_unit(replace(hedged.unit("K"), charged="P", contact_edge="front"))).charging_mounted


def test_WC_MELEE_28_combats_found_from_every_unit() -> None:
    """[WC.MELEE.28] [WC.PD.23]: two separate combats and a unit touching two enemies; a lone unit is in none."""
    s = position(
        unit("A", "a", DK, 1, (40, 40), 90),
        unit("B", "b", DK, 1, (40, 40), -90),
        unit("C", "b", DK, 1, (100, 40), -90),
        unit("D", "a", DK, 1, (100, 40), 90),
        unit("E", "b", DK, 1, (104, 40), -90),
        unit("L", "a", DK, 1, (160, 20), 90),
    )
    assert build_combats(s) == [("A", "B"), ("C", "D", "E")]


class HitsNoSaves:
    """Every melee die and leader-wound die a 6, every save a 1."""

    def roll(self, sides: int, purpose: str) -> int:
        return 1 if purpose.startswith("save") else 6

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        return default


def test_WC_CASUALTY_2_hits_remove_stands_and_the_leader_falls() -> None:
    """[WC.CASUALTY.2] [WC.MELEE.17] step 7 [WC.LEADER.8] [WC.CASUALTY.5]: every die hits, no save: the enemy
    loses stands (its pool keeps the rest); an attached leader falls on a 6, with the words."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", DK, 4, (90, 40), -90, files=2))
    s = s.with_leader(replace(s.leader("mb"), attached_to="P"))
    lines: list[str] = []
    after, rep = fight_round(s, ("K", "P"), Bout("a"), HitsNoSaves(), lines)
    p, k = after.unit("P"), after.unit("K")
    assert (len(p.stands), p.lost, k.lost) == (2, 2, 2) and rep.destroyed == ("K",)
    assert not k.on_table and p.on_table
    assert "Unit P loses 2 stand(s)." in lines and "Unit K loses 2 stand(s) and is destroyed." in lines
    assert after.leader("mb").lost and after.leader("mb").attached_to == ""
    assert "Marshal B falls with unit P [WC.LEADER.8]." in lines
