"""Clauses mutation testing of games/war_cometh/charges.py found unpinned (benchmarks/mutation.py wc:charges):
who may charge whom and each refusal in its words, the edge struck and its segment, the historical charge
restrictions, reach, the approach corridor, zones of control on the way, and the aligned contact pose
[WC.CHARGE] [WC.ZOC.5] [WC.ZOC.6]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.table import Edge
from games.war_cometh.charges import Charge, _on_line, _overlap, align, charge_problem, edge_struck, restriction
from games.war_cometh.lists import all_profiles
from games.war_cometh.model import Condition, Formation, State
from games.war_cometh.troops import Category
from games.war_cometh.world import World

from .helpers import position, unit

KN = "english.feudal_knights_mtd"
PK = "scots.lowland_pikes_stdy"
LC = "base.hobilar"
BOW = "base.longbowmen"
LIGHT = "light cavalry may charge only light cavalry, skirmishers, missile foot, or a disordered or flanked unit"
MISSILE = "missile-armed foot may charge only missile foot, skirmishers, or a disordered or flanked unit"


def stands(c: Charge) -> list[tuple[float, float, float]]:
    return [(round(r.cx, 2), round(r.cy, 2), round(r.facing, 2)) for r in c.rects]


def problem(s: State, a: str = "K", t: str = "P", **kw: object) -> tuple[str, str] | Charge:
    return charge_problem(World(s), s.unit(a), s.unit(t), **kw)  # type: ignore[arg-type]


def knights_and_pikes(gap: float = 20.0, *extra: str) -> State:
    """Two knights K (8 cm wide) facing north at y 40, six pikes P (2 files) facing south ``gap`` cm ahead."""
    return position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 40 + gap), -90, files=2), *extra)


def house(s: State, uid: str, pid: str, base: str, **changes: object) -> State:
    """``s`` with unit ``uid`` made of a house profile: ``base`` with ``changes``."""
    prof = replace(all_profiles()[base], id=pid, **changes)  # type: ignore[arg-type]
    u = s.unit(uid)
    s = replace(s, house_profiles=(*s.house_profiles, prof))
    return s.with_unit(replace(u, stands=tuple(replace(st, profile=pid) for st in u.stands)))


# --- who may charge whom ----------------------------------------------------------------------------------


def test_WC_CHARGE_12_refusals_in_words() -> None:
    """[WC.CHARGE.1] [WC.CHARGE.2] [WC.CHARGE.12] [WC.CHARGE.10] [WC.CHARGE.3] each refusal of
    :func:`charge_problem` with its rule and sentence."""
    s = knights_and_pikes()
    hh = s.with_unit(replace(s.unit("K"), formation=Formation.HEDGEHOG))
    assert problem(hh) == ("WC.CHARGE.1", "only a unit in regular formation (line or column) may charge")
    routed = s.with_unit(replace(s.unit("K"), condition=Condition.ROUTED))
    assert problem(routed) == ("WC.CHARGE.2", "routed units never charge")
    guns = position(unit("K", "a", "base.ribaudequin", 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 50), -90, files=2))
    assert problem(guns) == ("WC.CHARGE.2", "artillery and war wagons never charge")
    wagon = position(unit("K", "a", "base.war_wagon", 1, (90, 40), 90), unit("P", "b", PK, 6, (90, 50), -90, files=2))
    assert problem(wagon) == ("WC.CHARGE.2", "artillery and war wagons never charge")
    friends = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "a", PK, 6, (90, 60), -90, files=2))
    assert problem(friends) == ("WC.CHARGE.12", "unit P is not an enemy unit on the table")
    gone = s.with_unit(replace(s.unit("P"), on_table=False))
    assert problem(gone) == ("WC.CHARGE.12", "unit P is not an enemy unit on the table")
    frozen = s.with_unit(replace(s.unit("K"), frozen=True))
    assert problem(frozen) == ("WC.CHARGE.12", "unit K may not move this turn")
    engaged = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2),
                       unit("Q", "b", PK, 2, (90, 40), -90))  # fmt: skip
    assert problem(engaged) == ("WC.CHARGE.12", "unit K is already in contact with the enemy")
    away = position(unit("K", "a", KN, 2, (90, 40), -90), unit("P", "b", PK, 6, (90, 60), -90, files=2))
    assert problem(away) == ("WC.CHARGE.3", "unit P is not in the frontal arc: turn first, then charge [WC.CHARGE.4]")
    assert isinstance(problem(s), Charge)


def test_WC_CHARGE_10_only_flyers_charge_flyers() -> None:
    """[WC.CHARGE.10] [WC.FANTASY.10] a flyer target is refused to others in words; a flyer may charge it."""
    s = house(knights_and_pikes(), "P", "test.flyers", PK, category=Category.FLYERS)
    assert problem(s) == ("WC.CHARGE.10", "only flyers may charge flyers")
    both = house(s, "K", "test.flyer_knights", KN, category=Category.FLYERS)
    assert isinstance(problem(both), Charge)


def test_WC_CHARGE_3_the_target_must_be_seen() -> None:
    """[WC.CHARGE.3] [WC.VIS] a target hidden behind a wood (in the arc) is refused in words."""
    wood = '[[areas]]\nid = "w"\nkind = "impassable"\npoints = [[70, 45], [110, 45], [110, 50], [70, 50]]\n'
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2), terrain=wood)
    assert problem(s) == ("WC.CHARGE.3", "unit P cannot be seen from unit K")


# --- restrictions -------------------------------------------------------------------------------------------


def pair(a: str, b: str) -> State:
    return position(unit("K", "a", a, 2, (90, 40), 90), unit("P", "b", b, 2, (90, 60), -90))


RESTRICTIONS = [
    (LC, "base.pikes", LIGHT, "", LIGHT),
    (LC, LC, "", "", ""),
    (LC, "base.javelinmen", "", "", ""),
    (LC, BOW, "", "", ""),
    (LC, "base.war_wagon", LIGHT, "", LIGHT),
    (BOW, "base.pikes", MISSILE, "", MISSILE),
    (BOW, BOW, "", "", ""),
    (BOW, "base.skirmishers", "", "", ""),
    (BOW, "base.horse_archers", MISSILE, "infantry may charge cavalry only from within 10 cm (it started 20.0 cm away)",
     MISSILE),
    ("base.pikes", KN, "infantry may charge cavalry only from within 10 cm (it started 20.0 cm away)",
     "infantry may charge cavalry only from within 10 cm (it started 20.0 cm away)", ""),
    ("base.pikes", "base.pikes", "", "", ""),
    (KN, "base.pikes", "", "", ""),
]  # fmt: skip


@pytest.mark.parametrize(("me", "them", "front", "flank", "at_10cm"), RESTRICTIONS)
def test_WC_CHARGE_5_historical_charge_restrictions(me: str, them: str, front: str, flank: str, at_10cm: str) -> None:
    """[WC.CHARGE.5] [WC.CHARGE.10] (H) light cavalry charge only light cavalry, skirmishers, missile foot,
    or a disordered or flanked unit; missile foot only missile foot, skirmishers, or a disordered or
    flanked unit; infantry charge cavalry only from within 10 cm. Front at 20 cm, flank at 20 cm, front
    at 10 cm."""
    s = pair(me, them)
    w = World(s)
    k, p = s.unit("K"), s.unit("P")
    assert restriction(w, k, p, Edge.FRONT, 20.0) == front
    assert restriction(w, k, p, Edge.LEFT, 20.0) == flank
    assert restriction(w, k, p, Edge.FRONT, 10.0) == at_10cm


def test_WC_CHARGE_5_restriction_details() -> None:
    """[WC.CHARGE.5] a disordered target lifts the type restrictions, not the 10 cm one; the 10 cm is
    measured with a tolerance and printed to 0.1 cm; a missile-armed warband is not missile foot here;
    chariots count as mounted; fantasy battles have none of these restrictions [WC.FANTASY]."""
    s = pair(LC, "base.pikes")
    w = World(s)
    dis = replace(s.unit("P"), condition=Condition.DISORDERED)
    assert restriction(w, s.unit("K"), dis, Edge.FRONT, 20.0) == ""
    assert restriction(World(replace(s, variant="fantasy")), s.unit("K"), s.unit("P"), Edge.FRONT, 20.0) == ""
    foot = pair("base.pikes", KN)
    wf = World(foot)
    assert restriction(wf, foot.unit("K"), foot.unit("P"), Edge.FRONT, 10.0000001) == ""
    assert restriction(wf, foot.unit("K"), foot.unit("P"), Edge.FRONT, 10.01) == (
        "infantry may charge cavalry only from within 10 cm (it started 10.0 cm away)"
    )
    dis_cav = replace(foot.unit("P"), condition=Condition.DISORDERED)
    assert restriction(wf, foot.unit("K"), dis_cav, Edge.FRONT, 12.0)[:40] == "infantry may charge cavalry only from wi"
    bow = all_profiles()[BOW]
    wb = house(pair("base.spearmen", "base.pikes"), "K", "test.wb", "base.spearmen", shoot=bow.shoot, missile=bow.missile)
    assert World(wb).profile(wb.unit("K")).missile_armed
    assert restriction(World(wb), wb.unit("K"), wb.unit("P"), Edge.FRONT, 20.0) == ""
    car = house(pair("base.pikes", KN), "P", "test.chariots", KN, category=Category.CHARIOTS)
    assert restriction(World(car), car.unit("K"), car.unit("P"), Edge.FRONT, 20.0) == (
        "infantry may charge cavalry only from within 10 cm (it started 20.0 cm away)"
    )
    far = position(unit("K", "a", "base.pikes", 2, (90, 40), 90), unit("P", "b", KN, 2, (90, 55), -90))
    assert problem(far) == ("WC.CHARGE.5", "infantry may charge cavalry only from within 10 cm (it started 15.0 cm away)")
    assert isinstance(problem(far, start_gap=9.0), Charge)
    assert isinstance(problem(far, compulsory=True), Charge)


# --- the edge struck, reach, corridor, zones of control ------------------------------------------------------


EDGES = [
    ((90, 40, 90), Edge.FRONT, ((86.0, 60.0), (94.0, 60.0)), 20.0, [(88.0, 58.5, 90.0), (92.0, 58.5, 90.0)]),
    ((60, 61, 0), Edge.RIGHT, ((86.0, 63.0), (86.0, 60.0)), 26.0, [(84.5, 63.5, 0.0), (84.5, 59.5, 0.0)]),
    ((120, 61, 180), Edge.LEFT, ((94.0, 60.0), (94.0, 63.0)), 26.0, [(95.5, 59.5, 180.0), (95.5, 63.5, 180.0)]),
    ((90, 80, -90), Edge.REAR, ((94.0, 63.0), (86.0, 63.0)), 17.0, [(92.0, 64.5, -90.0), (88.0, 64.5, -90.0)]),
]  # fmt: skip


@pytest.mark.parametrize(("at", "edge", "seg", "reach", "placed"), EDGES)
def test_WC_CHARGE_7_the_edge_struck_and_the_pose_against_it(
    at: tuple[float, float, float],
    edge: Edge,
    seg: tuple[tuple[float, float], tuple[float, float]],
    reach: float,
    placed: list[tuple[float, float, float]],
) -> None:
    """[WC.CHARGE.7] [WC.CHARGE.13] [WC.CHARGE.14] [WC.CHARGE.16] the edge whose zone holds the charger's
    centre, its segment left to right as the charger sees it, the reach and the flush pose (pikes P,
    two files, facing south; its right flank is to the west)."""
    s = position(unit("K", "a", KN, 2, at[:2], at[2]), unit("P", "b", PK, 4, (90, 60), -90, files=2))
    w = World(s)
    e, (a, b) = edge_struck(w, s.unit("K"), s.unit("P"))
    assert (e, (tuple(round(v, 2) for v in a), tuple(round(v, 2) for v in b))) == (edge, seg)
    c = problem(s)
    assert isinstance(c, Charge) and (c.unit, c.target, c.edge, round(c.reach, 3), c.flush) == ("K", "P", edge, reach, 2)
    assert stands(c) == placed and c.through == ()


def test_WC_CHARGE_14_reach() -> None:
    """[WC.CHARGE.14] the front edge to the struck edge against the allowance (full pace by default), in words."""
    s = knights_and_pikes(31)
    assert problem(s) == ("WC.CHARGE.14", "unit P is 31.0 cm away; the charge reaches 30 cm")
    assert problem(s, allowance=25.0) == ("WC.CHARGE.14", "unit P is 31.0 cm away; the charge reaches 25 cm")
    assert problem(s, allowance=30.5) == ("WC.CHARGE.14", "unit P is 31.0 cm away; the charge reaches 30.5 cm")
    c = problem(s, allowance=31.0)
    assert isinstance(c, Charge) and c.reach == 31.0 and stands(c) == [(88.0, 69.5, 90.0), (92.0, 69.5, 90.0)]
    assert isinstance(problem(knights_and_pikes(30)), Charge)


def test_WC_CHARGE_15_the_approach_corridor() -> None:
    """[WC.CHARGE.15] [WC.CHARGE.8] [WC.THROUGH.7] barred terrain, another enemy or (voluntary) a friend in
    the lane refuse the charge in words; a compulsory charge passes through friends and names them."""
    wood = '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[80, 45], [86.5, 45], [86.5, 50], [80, 50]]\n'
    barred = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2), terrain=wood)
    assert problem(barred) == ("WC.CHARGE.15", "the approach crosses terrain the unit may not enter")
    assert problem(barred, compulsory=True) == ("WC.CHARGE.15", "the approach crosses terrain the unit may not enter")
    friend = knights_and_pikes(20, unit("F", "a", "english.feudal_knights_dmtd", 2, (90, 48), 90),
                               unit("G", "a", PK, 2, (60, 48), 90))  # fmt: skip
    assert problem(friend) == ("WC.CHARGE.15", "unit F is in the way of the charge")
    c = problem(friend, compulsory=True)
    assert isinstance(c, Charge) and c.through == ("F",) and stands(c) == [(88.0, 58.5, 90.0), (92.0, 58.5, 90.0)]
    two = knights_and_pikes(20, unit("F", "a", PK, 1, (88, 48), 90), unit("E", "a", PK, 1, (92, 52), 90))
    c2 = problem(two, compulsory=True)
    assert isinstance(c2, Charge) and c2.through == ("E", "F")
    enemy = knights_and_pikes(20, unit("Q", "b", PK, 2, (87, 48), 90))
    assert problem(enemy) == ("WC.CHARGE.15", "unit Q is in the way of the charge")
    assert problem(enemy, compulsory=True) == ("WC.CHARGE.15", "unit Q is in the way of the charge")
    touching = knights_and_pikes(0)
    c3 = problem(touching, compulsory=True)
    assert isinstance(c3, Charge) and c3.reach == 0.0


def test_WC_ZOC_5_and_6_zones_of_control_on_the_way() -> None:
    """[WC.ZOC.5] [WC.ZOC.6] [WC.CHARGE.12] a charger in another enemy's ZOC may charge only that unit; the
    approach may not cross another ZOC except where it overlaps the target's; compulsory charges are not
    held by ZOCs."""
    start_in = knights_and_pikes(20, unit("X", "b", PK, 2, (80, 38), 0))
    assert problem(start_in) == ("WC.ZOC.5", "unit K is in the zone of control of unit X: it may charge only that unit")
    assert isinstance(problem(start_in, compulsory=True), Charge)
    across = position(unit("K", "a", KN, 2, (90, 30), 90), unit("X", "b", PK, 2, (80, 50), 0),
                      unit("P", "b", PK, 6, (90, 58), -90, files=2))  # fmt: skip
    assert problem(across) == ("WC.ZOC.6", "the charge would cross the zone of control of unit X")
    assert isinstance(problem(across, compulsory=True), Charge)
    shared = position(unit("K", "a", KN, 2, (90, 30), 90), unit("X", "b", PK, 2, (96, 56), 180),
                      unit("P", "b", PK, 6, (90, 60), -90, files=2))  # fmt: skip
    c = problem(shared)
    assert isinstance(c, Charge) and c.reach == 30.0


# --- alignment ------------------------------------------------------------------------------------------------

WIDE = [
    (90, [(82.0, 58.5, 90.0), (86.0, 58.5, 90.0), (90.0, 58.5, 90.0), (94.0, 58.5, 90.0)]),
    (89, [(82.0, 58.5, 90.0), (86.0, 58.5, 90.0), (90.0, 58.5, 90.0), (94.0, 58.5, 90.0)]),
    (91, [(86.0, 58.5, 90.0), (90.0, 58.5, 90.0), (94.0, 58.5, 90.0), (98.0, 58.5, 90.0)]),
    (92, [(86.0, 58.5, 90.0), (90.0, 58.5, 90.0), (94.0, 58.5, 90.0), (98.0, 58.5, 90.0)]),
]


@pytest.mark.parametrize(("x", "placed"), WIDE)
def test_WC_CHARGE_16_a_wide_charger_lines_up_one_stand_flush_nearest_its_start(
    x: float, placed: list[tuple[float, float, float]]
) -> None:
    """[WC.CHARGE.16] four knights (16 cm) against one pike stand (4 cm): one stand flush, the most
    front edge along the struck edge, then the least sideways shift from the start, then the leftmost."""
    s = position(unit("K", "a", KN, 4, (x, 40), 90), unit("P", "b", PK, 2, (90, 60), -90, files=1))
    c = problem(s)
    assert isinstance(c, Charge) and c.flush == 1 and stands(c) == placed


def test_WC_CHARGE_16_offset_and_slanted_chargers_end_flush() -> None:
    """[WC.CHARGE.16] a charger offset to the side, or slanted, still ends flush on the struck edge; the
    reach is from its front edge."""
    for x, reach in ((93, 20.0), (97, 20.0), (99, 20.025), (101, 20.224)):
        s = position(unit("K", "a", KN, 2, (x, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2))
        c = problem(s)
        assert isinstance(c, Charge) and c.flush == 2 and round(c.reach, 3) == reach
        assert stands(c) == [(88.0, 58.5, 90.0), (92.0, 58.5, 90.0)]
    slant = position(unit("K", "a", KN, 2, (85, 40), 70), unit("P", "b", PK, 6, (90, 60), -90, files=2))
    c = problem(slant)
    assert isinstance(c, Charge) and c.flush == 2 and round(c.reach, 3) == 19.226


def test_WC_CHARGE_16_no_room_to_line_up() -> None:
    """[WC.CHARGE.16] with no legal flush pose on the table the charge is refused in words."""
    s = position(unit("K", "a", KN, 4, (8, 40), 90), unit("P", "b", PK, 2, (4, 60), -90, files=1))
    assert problem(s) == ("WC.CHARGE.16", "there is no room to line up against the front of unit P")
    w = World(s)
    edge, seg = edge_struck(w, s.unit("K"), s.unit("P"))
    assert align(w, s.unit("K"), s.unit("P"), edge, seg, w.bound(s.unit("K"))) is None


def test_WC_CHARGE_16_overlap_along_the_struck_edge() -> None:
    """[WC.CHARGE.16] step 4: the length of front edges lying on the struck edge, a front edge longer than
    the edge counting the part they share; a point is on the edge's line within 0.01 cm."""
    from campaign.table import Rect

    seg = ((0.0, 0.0), (10.0, 0.0))
    assert [_on_line(p, seg) for p in ((5, 0.01), (5, 0.011), (5, -0.01), (20, 0.0), (5, -0.02))] == [
        True,
        False,
        True,
        True,
        False,
    ]
    assert _overlap([Rect(2.0, -0.75, 90.0, 4.0, 1.5)], seg) == 4.0
    front = [Rect(2.0, -0.75, 90.0, 4.0, 1.5), Rect(9.0, -0.75, 90.0, 4.0, 1.5), Rect(5.0, -1.75, 90.0, 4.0, 1.5),
             Rect(-5.0, -0.75, 90.0, 4.0, 1.5)]  # fmt: skip
    assert _overlap(front, seg) == 7.0
    assert _overlap([Rect(5.0, -0.75, 90.0, 14.0, 1.5)], seg) == 10.0
    assert _on_line((3.0, 4.0 + 0.005), ((0.0, 0.0), (6.0, 8.0)))
    assert not _on_line((3.0, 4.0 + 0.02), ((0.0, 0.0), (6.0, 8.0)))


def test_WC_CHARGE_11_a_blocked_flank_in_words() -> None:
    """[WC.CHARGE.11] [WC.FLANK.6] a friend of the target or impassable ground at its flank blocks a
    charge on that flank, named left or right; an irregular target has no flank to block."""
    right = position(unit("K", "a", KN, 2, (60, 61), 0), unit("P", "b", PK, 4, (90, 60), -90, files=2),
                     unit("F", "b", PK, 2, (82, 62), -90, files=2))  # fmt: skip
    assert problem(right) == ("WC.CHARGE.11", "the right flank of unit P is blocked")
    rock = '[[areas]]\nid = "i"\nkind = "impassable"\npoints = [[80, 64], [84, 64], [84, 70], [80, 70]]\n'
    ground = position(unit("K", "a", KN, 2, (60, 61), 0), unit("P", "b", PK, 4, (90, 60), -90, files=2), terrain=rock)
    assert problem(ground) == ("WC.CHARGE.11", "the right flank of unit P is blocked")
    left = position(unit("K", "a", KN, 2, (120, 61), 180), unit("P", "b", PK, 4, (90, 60), -90, files=2),
                    unit("F", "b", PK, 2, (98, 62), -90, files=2))  # fmt: skip
    assert problem(left) == ("WC.CHARGE.11", "the left flank of unit P is blocked")
    loose = right.with_unit(replace(right.unit("P"), formation=Formation.FREE))
    assert problem(loose) == ("WC.CHARGE.15", "unit F is in the way of the charge")


def test_WC_CHARGE_12_a_compulsory_charge_may_start_in_contact() -> None:
    """[WC.CHARGE.12] [WC.CHARGE.8] being in contact with an enemy refuses a voluntary charge only."""
    engaged = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2),
                       unit("Q", "b", PK, 2, (90, 40), -90))  # fmt: skip
    assert problem(engaged, compulsory=True) == ("WC.CHARGE.15", "unit Q is in the way of the charge")


def test_WC_CHARGE_16_a_slanted_front_edge_does_not_count() -> None:
    """[WC.CHARGE.16] step 4: a front edge counts only when both its ends lie on the struck edge's line."""
    from campaign.table import Rect

    slanted = Rect(2.0 - 0.16062062722578196, -0.9 - 0.1859021700930168, 80.0, 4.0, 1.5)
    a, b = slanted.edge(Edge.FRONT)
    seg = ((0.0, 0.0), (10.0, 0.0))
    assert _on_line(a, seg) and not _on_line(b, seg)
    assert _overlap([slanted], seg) == 0.0


def test_WC_ZOC_6_a_target_without_a_zoc() -> None:
    """[WC.ZOC.6] [WC.ZOC.2] when the target (skirmishers) exerts no ZOC, crossing another unit's ZOC on the
    way is refused in words."""
    s = position(unit("K", "a", KN, 2, (90, 30), 90), unit("X", "b", PK, 2, (80, 50), 0),
                 unit("P", "b", "base.javelinmen", 6, (90, 58), -90, files=2))  # fmt: skip
    assert problem(s) == ("WC.ZOC.6", "the charge would cross the zone of control of unit X")


def test_WC_CHARGE_8_a_compulsory_charge_may_end_over_a_friend_it_passes() -> None:
    """[WC.CHARGE.8] [WC.CHARGE.16] a friend standing where a compulsory charge lines up is passed through
    and does not move the charger's pose; a voluntary charge is refused; :func:`align` by itself (not
    compulsory) treats friends as obstacles and finds no room."""
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2),
                 unit("F", "a", "english.feudal_knights_dmtd", 1, (90, 57.5), 90))  # fmt: skip
    c = problem(s, compulsory=True)
    assert isinstance(c, Charge) and c.through == ("F",) and stands(c) == [(88.0, 58.5, 90.0), (92.0, 58.5, 90.0)]
    assert problem(s) == ("WC.CHARGE.15", "unit F is in the way of the charge")
    w = World(s)
    edge, seg = edge_struck(w, s.unit("K"), s.unit("P"))
    alone = align(w, s.unit("K"), s.unit("P"), edge, seg, w.bound(s.unit("K")))
    assert alone is None
