"""Clauses mutation testing of games/war_cometh/combat.py found unpinned (benchmarks/mutation.py wc:combat):
each fighting stand's named inputs in full, cover by terrain and for the attacking side, support by formation,
variant and flank, the victory modifiers of a unit, casualties, leaders' wounds [WC.MELEE.3]-[WC.MELEE.30]
[WC.FORT.5] [WC.FORT.9] [WC.SUPPORT] [WC.HEDGEHOG] [WC.CASUALTY] [WC.LEADER.8]."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from campaign.table import Edge
from games.war_cometh.casualties import Candidate
from games.war_cometh.charge_orders import try_charge
from games.war_cometh.combat import (
    Bout,
    Touch,
    _candidates,
    _grouped,
    _save_stand,
    _unit_case,
    build_combats,
    close_files,
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
    return {
        uid: support_count(w, s.unit(uid), set(st), st) for uid, st in _grouped(fighting(w, touches(w, ids))).items()
    }


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


BOWS = "base.longbowmen"


@pytest.mark.parametrize(
    ("attacker", "terrain", "cover"),
    [(KN, hedge("stakes"), 1), (DK, hedge("stakes"), 0), (KN, hedge("obstacle"), 1), (KN, "", 0)],
)
def test_WC_FORT_11_stakes_defend_archers_against_cavalry_in_melee(attacker: str, terrain: str, cover: int) -> None:
    """[WC.FORT.11] [WC.SPECIAL.6] [WC.SPECIAL.7] [WC.MELEE.10]: archers behind stakes along their front edge are
    defended against cavalry touching that front; stakes do nothing against foot (a hedge does). A bug found by
    this work: the attacker's point lies on the archers' front edge in a melee, in no zone, so the front-zone test
    never held and stakes never counted in melee."""
    s = position(unit("K", "a", attacker, 2, (90, 40), 90), unit("P", "b", BOWS, 2, (90, 40), -90), terrain=terrain)
    c = cases(s)
    assert (c[("K", 0)].cover, c[("K", 1)].cover) == (cover, cover)


def test_WC_FORT_11_WC_MELEE_30_no_charging_cavalry_bonus_across_stakes() -> None:
    """[WC.MELEE.30] [WC.FORT.11]: knights that charged archers across their stakes get no charging-cavalry
    victory modifier (the archers are defended against them); without the stakes they do."""
    for terrain, bonus in ((hedge("stakes"), False), ("", True)):
        s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", BOWS, 2, (90, 40), -90), terrain=terrain)
        k = s.with_unit(replace(s.unit("K"), charged="P", contact_edge="front"))
        assert _unit_case(World(k), k.unit("K")).charging_mounted is bonus


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


class Script:
    """Dice by purpose (a function of the purpose), every purpose recorded in order."""

    def __init__(self, face: Callable[[str], int]) -> None:
        self.face = face
        self.log: list[str] = []

    def roll(self, sides: int, purpose: str) -> int:
        self.log.append(purpose)
        return self.face(purpose)

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        return default


def all_hit(purpose: str) -> int:
    """Every melee die a 6, every save a 1, every leader's wound die a 6."""
    return 1 if purpose.startswith("save") else 6


def fight(
    s: State, ids: tuple[str, ...], bout: Bout, face: Callable[[str], int] = all_hit
) -> tuple[State, list[str], list[str]]:
    lines: list[str] = []
    d = Script(face)
    after, _ = fight_round(s, ids, bout, d, lines)
    return after, lines, d.log


def test_WC_MELEE_17_the_dice_in_order_with_their_words() -> None:
    """[WC.MELEE.17] steps 4-7 [WC.MELEE.16] [WC.LEADER.8] [WC.CASUALTY.2]: the attacking side's units roll first
    (here side b), stand by stand (numbered from 1), then an attached leader's dice; saves in the same order
    (the attacker's hits land first); the pool left after a stand goes is kept; a leader with a unit that lost
    stands rolls his wound die."""
    s = position(unit("K", "a", DK, 1, (90, 40), 90), unit("P", "b", DK, 2, (90, 40), -90))
    s = s.with_leader(replace(s.leader("ma"), attached_to="K"))
    after, lines, log = fight(s, ("K", "P"), Bout("b"))
    assert log == (
        ["melee_hit: unit P stand 1"] * 4
        + ["melee_hit: unit P stand 2"] * 4
        + ["melee_hit: unit K stand 1"] * 4
        + ["melee_hit: Marshal A with unit K"]
        + ["save: unit K"] * 8
        + ["save: unit P"] * 5
        + ["leader_wound: Marshal A"]
    )
    assert lines == [
        "Unit P fights: 4 dice on 4+: 4; 4 dice on 4+: 4.",
        "Unit K fights: 4 dice on 4+: 4.",
        "Unit K loses 1 stand(s) and is destroyed.",
        "Marshal A falls with unit K [WC.LEADER.8].",
        "Unit P loses 1 stand(s).",
        "Totals: A 5 (5 hits), B 8 (8 hits).",
    ]
    assert (after.unit("P").hits, after.unit("K").hits, after.unit("K").on_table) == (1, 4, False)


def test_WC_LEADER_4_a_leader_without_attacks_rolls_nothing() -> None:
    """[WC.LEADER.4]: a leader adds his attacks in dice; one with none (a replacement) adds no die and no hit."""
    s = position(unit("K", "a", DK, 1, (90, 40), 90), unit("P", "b", DK, 1, (90, 40), -90))
    s = s.with_leader(replace(s.leader("ma"), attached_to="K", attacks=0))
    _, lines, log = fight(s, ("K", "P"), Bout("a"), lambda p: 1)
    assert log == ["melee_hit: unit K stand 1"] * 4 + ["melee_hit: unit P stand 1"] * 4
    assert lines[-1] == "Totals: A 0 (0 hits), B 0 (0 hits)."


def test_WC_LEADER_4_a_leaders_hits_alone() -> None:
    """[WC.LEADER.4] [WC.MELEE.17] step 5: the unit's dice miss and the leader's die hits: one hit, saved by the
    stand the unit's first fighting stand touches."""
    s = position(unit("K", "a", DK, 1, (90, 40), 90), unit("P", "b", DK, 1, (90, 40), -90))
    s = s.with_leader(replace(s.leader("ma"), attached_to="K"))
    _, lines, log = fight(s, ("K", "P"), Bout("a"), lambda p: 6 if p.startswith("melee_hit: Marshal") else 1)
    assert log[-1] == "save: unit P" and log.count("save: unit P") == 1
    assert lines[-1] == "Totals: A 1 (1 hits), B 0 (0 hits)."


def test_WC_MELEE_24_hits_of_several_units_and_stands_add_up() -> None:
    """[WC.MELEE.24] [WC.MELEE.17] step 8: two units hitting the same enemy stand, and one unit's stands hitting
    two enemy units, all count; [WC.PURSUIT.9] a unit limited to fewer fighting stands than touch (a limit for a
    unit not in the combat is ignored)."""
    s = position(
        unit("K", "a", DK, 1, (88, 40), 90),
        unit("L", "a", DK, 1, (92, 40), 90),
        unit("P", "b", DK, 2, (90, 40), -90),
    )
    _, lines, _ = fight(s, ("K", "L", "P"), Bout("a", limits={"Z": 1}))
    assert lines[-1] == "Totals: A 8 (8 hits), B 8 (8 hits)."
    _, lines, _ = fight(s, ("K", "L", "P"), Bout("a", limits={"P": 1}))
    assert lines[2] == "Unit P fights: 4 dice on 4+: 4."
    assert lines[-1] == "Totals: A 8 (8 hits), B 4 (4 hits)."


def test_WC_MELEE_17_one_units_hits_on_two_of_its_stands() -> None:
    """[WC.MELEE.17] steps 5-8: three stands against three: the hits land on two different stands of each unit
    and all count."""
    s = position(unit("K", "a", DK, 3, (90, 40), 90), unit("P", "b", DK, 3, (90, 40), -90))
    _, lines, _ = fight(s, ("K", "P"), Bout("a"))
    assert lines[-1] == "Totals: A 12 (12 hits), B 12 (12 hits)."


@pytest.mark.parametrize(
    ("variant", "first", "totals"),
    [("historical", True, "A 1 (0 hits), B 1 (0 hits)"), ("historical", False, "A 1 (0 hits), B 0 (0 hits)"),
     ("fantasy", True, "A 0 (0 hits), B 0 (0 hits)")],
)  # fmt: skip
def test_WC_MELEE_19_victory_modifiers_in_the_totals(variant: str, first: bool, totals: str) -> None:
    """[WC.MELEE.19] (H) elite +1 and warband +1 in the first round only; [WC.FANTASY.4] (F) none."""
    s = position(
        unit("K", "a", "english.welsh_cavalry", 1, (90, 40), 90), unit("P", "b", "base.spearmen", 1, (90, 40), -90)
    )
    s = replace(s, variant=variant)
    _, lines, _ = fight(s, ("K", "P"), Bout("a", first_round=first), lambda p: 1)
    assert lines[-1] == f"Totals: {totals}."


HB = "base.halberdiers"


def test_WC_HEDGEHOG_1_a_hedgehog_stand_touched_at_a_corner_is_hit_but_does_not_fight() -> None:
    """[WC.HEDGEHOG.1] [WC.CASUALTY.2]: knights touch the rear corner of a hedgehog stand, which neither faces them
    nor fights; the knights' hits still land on it and a stand goes (the rightmost, none being in contact)."""
    s = position(unit("K", "a", DK, 1, (94, 63.5), 180), unit("P", "b", HB, 2, (90, 60), -90))
    s = s.with_unit(replace(s.unit("P"), formation=Formation.HEDGEHOG))
    after, lines, _ = fight(s, ("K", "P"), Bout("a"))
    assert lines == [
        "Unit K fights: 4 dice on 4+: 4.",
        "Unit P loses 1 stand(s).",
        "Totals: A 4 (4 hits), B 0 (0 hits).",
    ]
    assert after.unit("P").stands == s.unit("P").stands[:1] and after.unit("P").hits == 1


def only_k_hits(purpose: str) -> int:
    return 6 if purpose.startswith("melee_hit: unit K") else 1


def xs(s: State, uid: str) -> list[float]:
    return [round(r.cx, 2) for r in World(s).rects(s.unit(uid))]


def three_in_line(profiles: tuple[str, str, str] = (HB, HB, HB), k_x: float = 86) -> State:
    """P: three stands in a line (x 94, 90, 86; the last is the rightmost file); K touches the rightmost fully
    and, at x 86, the middle one at a corner (at x 85 not)."""
    s = position(unit("K", "a", DK, 1, (k_x, 60), 90), unit("P", "b", HB, 3, (90, 60), -90))
    p = s.unit("P")
    return s.with_unit(
        replace(p, stands=tuple(replace(st, profile=pr) for st, pr in zip(p.stands, profiles, strict=True)))
    )


def test_WC_CASUALTY_7_a_stand_out_of_contact_goes_first() -> None:
    """[WC.CASUALTY.7] [WC.PD.14]: an unmixed unit loses a stand out of contact first (the rightmost such)."""
    s = three_in_line()
    assert xs(s, "P") == [94.0, 90.0, 86.0]
    after, lines, _ = fight(s, ("K", "P"), Bout("a"), only_k_hits)
    assert "Unit P loses 1 stand(s)." in lines
    assert xs(after, "P") == [90.0, 86.0] and after.unit("P").hits == 1


def test_WC_CASUALTY_3_a_mixed_unit_loses_a_stand_in_contact_first() -> None:
    """[WC.CASUALTY.3]: in melee a mixed unit (pikes and halberdiers) loses a stand in contact first, before its
    commonest profile [WC.PD.14]."""
    s = three_in_line((PK, HB, HB))
    after, lines, _ = fight(s, ("K", "P"), Bout("a"), only_k_hits)
    assert "Unit P loses 1 stand(s)." in lines
    assert xs(after, "P") == [94.0, 90.0] and [st.profile for st in after.unit("P").stands] == [PK, HB]
    s = three_in_line((HB, HB, PK), k_x=85)
    after, lines, _ = fight(s, ("K", "P"), Bout("a"), only_k_hits)
    assert "Unit P loses 1 stand(s)." in lines
    assert xs(after, "P") == [94.0, 90.0] and [st.profile for st in after.unit("P").stands] == [HB, HB]


def test_WC_PIKE_2_only_pikes_behind_pikes_fight() -> None:
    """[WC.MELEE.2] [WC.PIKE.2]: a pike unit's second rank fights only where it is pikes: halberdiers behind
    the front pikes do not."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", PK, 4, (90, 40), -90, files=2))
    assert fight(s, ("K", "P"), Bout("a"), lambda p: 1)[1][1] == (
        "Unit P fights: 4 dice on 4+: 0; 4 dice on 4+: 0; 4 dice on 4+: 0; 4 dice on 4+: 0."
    )
    p = s.unit("P")
    mixed = s.with_unit(replace(p, stands=p.stands[:2] + tuple(replace(st, profile=HB) for st in p.stands[2:])))
    assert fight(mixed, ("K", "P"), Bout("a"), lambda p: 1)[1][1] == "Unit P fights: 4 dice on 4+: 0; 4 dice on 4+: 0."


def side_touch(profile: str = HB) -> State:
    """K's front touches only the left side of P's front-left stand (P: 2 files, 2 ranks)."""
    return position(unit("K", "a", DK, 1, (94, 59.3), 180), unit("P", "b", profile, 4, (90, 60), -90, files=2))


def test_WC_SUPPORT_9_no_support_for_a_stand_fought_on_its_flank() -> None:
    """[WC.SUPPORT.9]: the stand behind a stand fighting to its flank does not support it; [WC.HEDGEHOG.2]
    [WC.HEDGEHOG.3]: in a hedgehog every idle stand supports the one fighting."""
    s = side_touch()
    assert supports(s, ("K", "P")) == {"K": 0, "P": 0}
    hh = s.with_unit(replace(s.unit("P"), formation=Formation.HEDGEHOG))
    assert supports(hh, ("K", "P")) == {"K": 0, "P": 3}


def test_WC_SUPPORT_10_skirmishers_in_a_hedgehog_support_in_fantasy_only() -> None:
    """[WC.SUPPORT.10] [WC.HEDGEHOG.2]: (H) skirmishers never support, in a hedgehog either; (F) they do."""
    s = side_touch("base.skirmishers")
    hh = s.with_unit(replace(s.unit("P"), formation=Formation.HEDGEHOG))
    assert supports(hh, ("K", "P"))["P"] == 0
    assert supports(replace(hh, variant="fantasy"), ("K", "P"))["P"] == 3


def test_WC_MELEE_28_combats_interleaved_and_lone_units() -> None:
    """[WC.MELEE.28] [WC.PD.23]: combats ordered by their lowest unit id, whatever the order of their other
    units; lone units anywhere in the order belong to none."""
    s = position(
        unit("A", "a", DK, 1, (30, 40), 90),
        unit("AA", "a", DK, 1, (140, 20), 90),
        unit("B", "a", DK, 1, (80, 40), 90),
        unit("C", "b", DK, 1, (80, 40), -90),
        unit("D", "b", DK, 1, (30, 40), -90),
        unit("Z", "b", DK, 1, (140, 100), -90),
    )
    assert build_combats(s) == [("A", "D"), ("B", "C")]


def test_WC_LEADER_10_a_leader_escapes_or_is_captured() -> None:
    """[WC.LEADER.10] [WC.PD.31]: the leader of a destroyed unit goes to a friendly unit within 20 cm, or is
    captured, with the words."""
    for friend, fate in (((100, 30), "escapes to a friendly unit"), ((170, 110), "is captured")):
        s = position(unit("K", "a", DK, 1, (90, 40), 90), unit("P", "b", DK, 1, (90, 40), -90),
                     unit("F", "a", DK, 1, friend, 90))  # fmt: skip
        s = s.with_leader(replace(s.leader("ma"), attached_to="K", x=9000, y=3900))
        after, lines, _ = fight(s, ("K", "P"), Bout("a"), lambda p: 6 if p.startswith("melee_hit") else 1)
        assert lines[2:4] == ["Unit K loses 1 stand(s) and is destroyed.", f"Marshal A {fate} [WC.LEADER.10]."]
        assert after.leader("ma").lost is (fate == "is captured") and after.leader("ma").attached_to == ""
        assert after.unit("K").on_table is False


def armoured() -> World:
    """A (side b): pikes (armor 0), halberdiers (5), men-at-arms (4); B (side b) beside it; M (side a)."""
    s = position(unit("M", "a", DK, 1, (90, 40), 90), unit("A", "b", HB, 3, (60, 80), -90),
                 unit("B", "b", HB, 3, (120, 80), -90))  # fmt: skip
    a = s.unit("A")
    profs = ("base.pikes", HB, "base.men_at_arms")
    return World(
        s.with_unit(replace(a, stands=tuple(replace(st, profile=p) for st, p in zip(a.stands, profs, strict=True))))
    )


def t(enemy: str, stand: int, length: float = 1.0) -> Touch:
    return Touch("M", 0, enemy, stand, Edge.FRONT, False, length)


@pytest.mark.parametrize(
    ("ts", "saver"),
    [
        ([t("B", 0), t("B", 1), t("A", 1, 1.5)], ("B", 0)),
        ([t("B", 2, 1.3), t("A", 1, 1.2)], ("B", 2)),
        ([t("B", 2, 1.0004), t("A", 1, 1.0001)], ("A", 1)),
        ([t("A", 0), t("A", 1), t("A", 2)], ("A", 2)),
        ([t("A", 1), t("A", 0)], ("A", 1)),
        ([t("A", 0), t("B", 1), t("B", 2)], ("B", 1)),
        ([t("A", 0, 2.0)], ("A", 0)),
    ],
)
def test_WC_PD_24_WC_CASUALTY_5_which_stand_saves_the_hits(ts: list[Touch], saver: tuple[str, int]) -> None:
    """[WC.PD.24] [WC.MELEE.17] step 5: a stand's hits go to the enemy unit with the longest contact (summed over
    its stands, to the millimetre; then the lowest id); [WC.CASUALTY.5] [WC.PD.15] the touching stand with the
    best armor saves them, no armor (0) ranking worst, then the lowest stand."""
    assert _save_stand(armoured(), ts) == saver


def test_WC_CASUALTY_4_the_stand_behind_steps_up() -> None:
    """[WC.CASUALTY.4]: the stand directly behind a removed one takes its place; one only partly behind (by
    0.5 cm) does not."""
    s = position(unit("P", "b", HB, 4, (90, 60), -90, files=2))
    p = s.unit("P")
    rects = World(s).rects(p)
    assert close_files(rects, p.stands, [0]) == (p.stands[1], replace(p.stands[2], pose=p.stands[0].pose), p.stands[3])
    assert close_files(rects, p.stands, [2]) == (p.stands[0], p.stands[1], p.stands[3])
    shifted = (rects[0], rects[1], rects[2].moved(0.5, 0.0), rects[3])
    assert close_files(shifted, p.stands, [0]) == (p.stands[1], p.stands[2], p.stands[3])


def test_WC_CASUALTY_7_each_stands_rank_file_and_contact() -> None:
    """[WC.CASUALTY.7] [WC.PD.14]: ranks from the front (1) and files from the right (0) in the unit's own frame,
    whatever its facing; H from the profile; contact as given."""
    for facing in (-90.0, 30.0):
        s = position(unit("P", "b", HB, 6, (90, 60), facing, files=3))
        got = _candidates(World(s), s.unit("P"), {0, 4})
        assert got == [
            Candidate(0, 3, 1, 2, True, HB),
            Candidate(1, 3, 1, 1, False, HB),
            Candidate(2, 3, 1, 0, False, HB),
            Candidate(3, 3, 2, 2, False, HB),
            Candidate(4, 3, 2, 1, True, HB),
            Candidate(5, 3, 2, 0, False, HB),
        ]


def test_WC_MELEE_30_cover_judged_by_the_charged_edge_and_the_first_stand() -> None:
    """[WC.MELEE.30] [WC.FORT.7]: foot behind a hedge charged in the flank is not defended, so the charging
    cavalry bonus holds; no contact edge recorded counts as the front; the cover is judged against the charger's
    first stand (here its other stand stands lower, so against that one the foot would be uphill)."""
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", "base.spearmen", 2, (90, 40), -90),
                 terrain=hedge())  # fmt: skip

    def bonus(st: State, edge: str) -> bool:
        k = st.with_unit(replace(st.unit("K"), charged="P", contact_edge=edge))
        return _unit_case(World(k), k.unit("K")).charging_mounted

    assert (bonus(s, "front"), bonus(s, ""), bonus(s, "left")) == (False, False, True)
    hill = '[[areas]]\nid = "h"\nkind = "hill"\nlevel = 1\npoints = [[0, 0], [90, 0], [90, 120], [0, 120]]\n'
    h = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", "base.spearmen", 2, (90, 40), -90), terrain=hill)
    assert [round(r.cx) for r in World(h).rects(h.unit("K"))] == [88, 92]
    assert bonus(h, "front") is True
    swapped = h.with_unit(replace(h.unit("K"), stands=h.unit("K").stands[::-1]))
    assert bonus(swapped, "front") is False


@pytest.mark.parametrize(
    ("table", "disordered", "s_sup", "g_sup"),
    [("text", False, False, False), ("playsheet", False, True, False), ("text", True, False, False),
     ("playsheet", True, False, True)],
)  # fmt: skip
def test_WC_SUPERIOR_6_the_weapon_table_option(table: str, disordered: bool, s_sup: bool, g_sup: bool) -> None:
    """[WC.SUPERIOR.6] [WC.SUPERIOR.3] [WC.SUPERIOR.5]: skirmishers against a gun: the text table rates both 6;
    the playsheet's rates the gun 7 (the skirmishers superior) and disordered troops 8 (the gun superior)."""
    s = position(
        unit("S", "a", "base.skirmishers", 1, (90, 40), 90), unit("G", "b", "base.ribaudequin", 1, (90, 40), -90)
    )
    s = replace(s, options=(("ws_table", table),))
    if disordered:
        s = s.with_unit(replace(s.unit("S"), condition=Condition.DISORDERED))
    c = cases(s, ("S", "G"))
    assert (c[("S", 0)].superior, c[("G", 0)].superior) == (s_sup, g_sup)


def test_WC_FORT_7_a_flank_contact_along_a_hedge() -> None:
    """[WC.FORT.7] [WC.MELEE.10]: foot behind a hedge touched on its flank is not defended there."""
    assert cases(position(unit("K", "a", DK, 1, (94, 59.3), 180), unit("P", "b", HB, 4, (90, 60), -90, files=2),
                          terrain=hedge(at=60.0)))[("K", 0)].cover == 0  # fmt: skip


def test_WC_HEDGEHOG_1_a_hedgehog_stand_touched_on_its_front_corner_fights() -> None:
    """[WC.HEDGEHOG.1] [WC.GEOM.12]: a hedgehog stand whose front corner an enemy facing it touches (a frontal
    touch, second book check item 1) faces it and fights, though the enemy's centre lies in its flank zone."""
    s = position(unit("K", "a", DK, 1, (94, 60), 90), unit("P", "b", HB, 1, (90, 60), -90))
    s = s.with_unit(replace(s.unit("P"), formation=Formation.HEDGEHOG))
    assert set(cases(s)) == {("K", 0), ("P", 0)}


def test_WC_GEOM_12_a_rear_corner_touch_is_to_the_rear() -> None:
    """[WC.GEOM.12] [WC.MELEE.7]: an enemy at right angles touching only the rear corner of a stand is fought to
    the rear (only stands facing each other make a corner touch frontal)."""
    s = position(unit("K", "a", DK, 1, (92, 63.5), 180), unit("P", "b", HB, 1, (90, 60), -90))
    assert cases(s)[("P", 0)].fighting_flank_or_rear is True


def test_WC_MELEE_8a_a_full_contact_counts_before_a_corner() -> None:
    """[WC.MELEE.8a] [WC.PD.24]: a stand touching one enemy fully and another at a corner takes the full contact
    as its enemy: only the halberdiers' stand facing the pikes fully has the pike DRM."""
    s = position(
        unit("K", "a", PK, 1, (88, 40), 90), unit("L", "a", DK, 1, (92, 40), 90), unit("P", "b", HB, 2, (90, 40), -90)
    )
    c = cases(s, ("K", "L", "P"))
    assert (c[("P", 0)].pike_front, c[("P", 1)].pike_front) == (PikeFront.NO, PikeFront.FOOT)


def test_WC_MELEE_28_a_combat_reached_by_two_paths() -> None:
    """[WC.MELEE.28]: A touches C, D and E; B, behind D and E, touches both: one combat of all five, however the
    search meets D and E twice."""
    s = position(
        unit("A", "a", DK, 3, (90, 40), 90),
        unit("C", "b", DK, 1, (84, 40), -90),
        unit("D", "b", DK, 1, (90, 40), -90),
        unit("E", "b", DK, 1, (94, 40), -90),
        unit("B", "a", DK, 2, (92, 41.5), -90),
    )
    assert build_combats(s) == [("A", "B", "C", "D", "E")]
