"""Flanks, gaps, passing through, zones of control, terrain on a charge, fortified fallback and
mixed-unit losses, each against its rule [WC.FLANK] [WC.GAP] [WC.THROUGH] [WC.ZOC] [WC.TERR]
[WC.FORT] [WC.MIXED]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.table import Edge, Zone, zone_of
from campaign.table.rect import Pose
from games.war_cometh.aftermath import advance
from games.war_cometh.charge_orders import compulsory_charge, place_charge
from games.war_cometh.charges import Charge, charge_problem
from games.war_cometh.combat import Bout, _grouped, fighting, stand_case, touches
from games.war_cometh.flanks import charge_zone, has_flanks
from games.war_cometh.model import Condition, Formation, State
from games.war_cometh.world import World

from .helpers import position, unit

KN = "english.feudal_knights_mtd"
PK = "scots.lowland_pikes_stdy"
SK = "base.javelinmen"
WW = "base.war_wagon"


def _centred(s: State, uid: str, at: tuple[float, float]) -> State:
    """Move a unit so that the centre of its bounding rectangle is at ``at``."""
    u = s.unit(uid)
    b = World(s).bound(u)
    dx, dy = round((at[0] - b.cx) * 100), round((at[1] - b.cy) * 100)
    stands = tuple(replace(x, pose=Pose(x.pose.x + dx, x.pose.y + dy, x.pose.facing)) for x in u.stands)
    return s.with_unit(replace(u, stands=stands))


def _on_the_diagonal(stands: int, files: int, facing: float) -> State:
    """Pikes P face south, front edge y = 60 from x = 86 to 94; the charger K's bounding centre is
    put at (76, 50), exactly on the 45° ray from P's front-right corner (86, 60)."""
    s = position(unit("K", "a", KN, stands, (0, 0), facing, files=files), unit("P", "b", PK, 4, (90, 60), -90, 2))
    return _centred(s, "K", (76, 50))


def test_WC_FLANK_4_centre_on_a_boundary_goes_by_the_larger_area() -> None:
    """[WC.FLANK.4] [WC.FLANK.3] the zone holding the charger's centre decides; exactly on the
    front/right boundary, a 3-stand line of 2 files facing east has 19.5 cm² in the right zone and
    16.5 in the front, so the charge strikes the right flank; faced west the larger part is in
    front."""
    s = _on_the_diagonal(3, 2, 0)
    w = World(s)
    tb = w.bound(s.unit("P"))
    assert w.bound(s.unit("K")).centre == (76.0, 50.0)
    assert zone_of(tb, (76.0, 50.0)) is Zone.FRONT  # the bare point test leans FRONT
    assert charge_zone(w, s.unit("K"), s.unit("P")) is Zone.RIGHT
    west = _on_the_diagonal(3, 2, 180)
    assert charge_zone(World(west), west.unit("K"), west.unit("P")) is Zone.FRONT


def test_WC_FLANK_4_equal_areas_front_before_flank_before_rear() -> None:
    """[WC.FLANK.4] a 2-stand line centred on the boundary splits evenly: FRONT wins over the
    flank; on the rear/left boundary the flank wins over REAR; off the boundary the centre's zone
    decides even when most of the unit lies elsewhere."""
    s = _on_the_diagonal(2, 2, 0)
    assert charge_zone(World(s), s.unit("K"), s.unit("P")) is Zone.FRONT
    # the rear-left corner of P is (94, 63); its 45° ray outward runs through (104, 73)
    rear = _centred(s, "K", (104, 73))
    assert charge_zone(World(rear), rear.unit("K"), rear.unit("P")) is Zone.LEFT
    # centre 0.5 cm inside the front zone: FRONT
    near = _centred(s, "K", (76.5, 50))
    assert charge_zone(World(near), near.unit("K"), near.unit("P")) is Zone.FRONT


def test_WC_FLANK_4_the_charge_strikes_that_edge() -> None:
    """[WC.FLANK.4] [WC.CHARGE.7] a charger whose centre is in the flank zone strikes the flank
    edge; the engine's edge comes from the same zone test."""
    s = position(unit("K", "a", KN, 2, (60, 61), 0), unit("P", "b", PK, 4, (90, 60), -90, files=2))
    w = World(s)
    assert charge_zone(w, s.unit("K"), s.unit("P")) is Zone.RIGHT  # P faces south: its right is west
    c = charge_problem(w, s.unit("K"), s.unit("P"))
    assert isinstance(c, Charge) and c.edge is Edge.RIGHT


def _blocked() -> State:
    """Knights K west of pikes P (facing south, front x 86–94 at y = 60); a friendly pike unit F
    stands 1 cm west of P's right flank (P faces south), which blocks it [WC.FLANK.5]."""
    return position(
        unit("K", "a", KN, 2, (60, 61), 0),
        unit("P", "b", PK, 4, (90, 60), -90, files=2),
        unit("F", "b", PK, 2, (82, 59), -90, files=2),
    )


def test_WC_FLANK_7_no_voluntary_or_compulsory_charge_on_a_blocked_flank() -> None:
    """[WC.FLANK.7] [WC.FLANK.6] [WC.CHARGE.11] a voluntary charge on a blocked flank may not be
    declared; a compulsory charge (reaction, impetuous) is refused the same way and nothing
    moves."""
    s = _blocked()
    w = World(s)
    assert charge_problem(w, s.unit("K"), s.unit("P")) == ("WC.CHARGE.11", "the right flank of unit P is blocked")
    after, why = compulsory_charge(s, "K", "P")
    assert why == ("WC.CHARGE.11", "the right flank of unit P is blocked")
    assert after == s


def test_WC_FLANK_7_an_advance_stops_2_cm_short() -> None:
    """[WC.FLANK.7] [WC.ADVANCE.3] a compulsory advance whose only contact would land on a
    blocked flank makes no contact: it goes straight ahead and stops 2 cm from the enemy."""
    pillar = '[[areas]]\nid = "x"\nkind = "impassable"\npoints = [[83, 61], [84, 61], [84, 62], [83, 62]]\n'
    s = position(unit("K", "a", KN, 2, (70, 66.5), 0), unit("P", "b", PK, 4, (90, 60), -90, files=2), terrain=pillar)
    w = World(s)
    assert charge_problem(w, s.unit("K"), s.unit("P"), compulsory=True, allowance=18.0) == (
        "WC.CHARGE.11",
        "the right flank of unit P is blocked",
    )
    lines: list[str] = []
    after, contact = advance(s, "K", ScriptedDice.of(6, 6, 6, 6), lines)
    assert contact is False
    assert lines == ["Unit K advances 14.00 cm of 18."]
    w = World(after)
    k = after.unit("K")
    assert not w.in_contact_with_enemy(k)
    assert round(w.foot(k).distance(w.foot(after.unit("P"))), 2) == 2.0


def test_WC_FLANK_8_units_without_flanks() -> None:
    """[WC.FLANK.8] hedgehogs, (H) skirmishers in skirmish order and war wagons have no flanks;
    a line, a column of skirmishers (not skirmishing) and a refused line do."""
    s = position(
        unit("L", "a", PK, 4, (40, 40), 90, files=2),
        unit("S", "a", SK, 2, (80, 40), 90, files=2),
        unit("C", "a", SK, 2, (100, 40), 90, files=1),
        unit("W", "a", WW, 1, (120, 40), 90),
    )
    s = s.with_unit(replace(s.unit("S"), formation=Formation.SKIRMISH))
    w = World(s)
    got = {u.id: has_flanks(w, u) for u in s.units}
    assert got == {"L": True, "S": False, "C": True, "W": False}
    hh = s.with_unit(replace(s.unit("L"), formation=Formation.HEDGEHOG))
    assert has_flanks(World(hh), hh.unit("L")) is False
    refused = s.with_unit(replace(s.unit("L"), formation=Formation.REFUSED))
    assert has_flanks(World(refused), refused.unit("L")) is True
    fantasy = replace(s, variant="fantasy")
    assert has_flanks(World(fantasy), fantasy.unit("S")) is True


def _flank_charge_on(profile: str, stands: int, files: int, formation: Formation | None = None) -> State:
    s = position(unit("K", "a", KN, 2, (60, 61), 0), unit("T", "b", profile, stands, (90, 60), -90, files))
    if formation is not None:
        s = s.with_unit(replace(s.unit("T"), formation=formation))
    c = charge_problem(World(s), s.unit("K"), s.unit("T"))
    assert isinstance(c, Charge) and c.edge.is_flank_or_rear, c
    return place_charge(s, c)


def _cases(s: State) -> dict[tuple[str, int], object]:
    w = World(s)
    out = {}
    for uid, st in _grouped(fighting(w, touches(w, ("K", "T")))).items():
        for i, ts in st.items():
            ts = sorted(ts, key=lambda t: (t.corner, t.enemy, t.enemy_stand))
            out[(uid, i)] = stand_case(w, Bout("a"), s.unit(uid), i, ts)
    return out


def test_WC_FLANK_8_a_flank_charge_on_a_war_wagon_counts_as_frontal() -> None:
    """[WC.FLANK.8] [WC.WAGON.3] a war wagon struck on its side edge is not disordered and does
    not fight as flanked; pikes struck the same way are disordered and fight to their flank
    [WC.DISORDER.4] [WC.FLANK.9]."""
    wagon = _flank_charge_on(WW, 1, 1)
    assert wagon.unit("T").condition is Condition.GOOD and not wagon.unit("T").flank_charged
    assert {v.fighting_flank_or_rear for (u, _), v in _cases(wagon).items() if u == "T"} == {False}
    pikes = _flank_charge_on(PK, 4, 2)
    assert pikes.unit("T").condition is Condition.DISORDERED and pikes.unit("T").flank_charged
    assert {v.fighting_flank_or_rear for (u, _), v in _cases(pikes).items() if u == "T"} == {True}


def test_WC_FLANK_8_skirmishers_are_never_attacked_in_flank() -> None:
    """[WC.FLANK.8] (H) skirmishers in skirmish order charged on a side edge stay in good order
    and fight as if to their front."""
    s = _flank_charge_on(SK, 2, 2, Formation.SKIRMISH)
    assert s.unit("T").condition is Condition.GOOD
    assert {v.fighting_flank_or_rear for (u, _), v in _cases(s).items() if u == "T"} == {False}


def test_WC_FLANK_9_the_stand_edge_touched_decides() -> None:
    """[WC.FLANK.9] [WC.GEOM.12] after a flank charge the pike stand touched on its right edge is
    attacked on its flank; the knights touch with their fronts (corner touches aside)."""
    s = _flank_charge_on(PK, 4, 2)
    w = World(s)
    full = {(t.unit, t.stand, t.edge) for t in touches(w, ("K", "T")) if not t.corner}
    assert full == {("K", 0, Edge.FRONT), ("K", 1, Edge.FRONT), ("T", 1, Edge.RIGHT), ("T", 3, Edge.RIGHT)}


def test_WC_GAP_6_through_a_friend_instead_of_a_gap() -> None:
    """[WC.GAP.6] [WC.GAP.3] [WC.THROUGH.3] a 12 cm line facing an 8.5 cm gap between two friends
    is refused unless it passes through one; passing through unit 2 costs 5 cm more and both units
    test on one die (5: both disordered); unit 2, not yet moved, may not move [WC.THROUGH.4]."""
    from games.war_cometh.movement import carry_out
    from games.war_cometh.plans import Plan, Step, StepKind
    from games.war_cometh.turn import apply_move

    s = position(
        unit("1", "a", "base.pikes", 3, (50, 20), 90),
        unit("2", "a", "base.pikes", 2, (44, 26), 90),
        unit("3", "a", "base.pikes", 2, (60.5, 26), 90),
    )
    w = World(s)
    ahead = (Step(StepKind.FORWARD, dist=1000),)
    blocked = carry_out(w, s.unit("1"), Plan("1", ahead, ()), strict=True)
    assert blocked.refusal is not None and blocked.refusal.rule == "WC.THROUGH.1"
    assert blocked.refusal.reason == "friendly unit 2 is in the way (add 'through 2' to pass through it)"
    m = carry_out(w, s.unit("1"), Plan("1", ahead, ("2",)), strict=True)
    assert (m.refusal, m.passed, m.cost) == (None, ["2"], 15.0)
    lines: list[str] = []
    after = apply_move(s, s.unit("1"), m, ScriptedDice.of(6, 5), lines)
    assert lines == [
        "Unit 1 (Pikes) tests for disorder (moved through a friendly unit or was moved through): 5+0, disordered.",
        "Unit 2 (Pikes) tests for disorder (moved through a friendly unit or was moved through): 5+0, disordered.",
    ]
    assert after.unit("2").frozen and after.unit("3").condition is Condition.GOOD


def _friend_in_the_way() -> State:
    """Knights K (facing north at y = 40) and pikes P 20 cm ahead; friendly pikes F between."""
    return position(
        unit("K", "a", KN, 2, (90, 40), 90),
        unit("P", "b", PK, 6, (90, 60), -90, files=2),
        unit("F", "a", PK, 2, (90, 48), 90),
    )


def test_WC_THROUGH_7_a_voluntary_charge_may_not_pass_through_a_friend() -> None:
    """[WC.THROUGH.7] [WC.CHARGE.15] the voluntary charge is refused with the friend named; the
    same charge made compulsorily goes through F [WC.CHARGE.8], which tests with the charger and
    is then disordered and may not move [WC.CHARGE.9]."""
    s = _friend_in_the_way()
    w = World(s)
    assert charge_problem(w, s.unit("K"), s.unit("P")) == ("WC.CHARGE.15", "unit F is in the way of the charge")
    c = charge_problem(w, s.unit("K"), s.unit("P"), compulsory=True)
    assert isinstance(c, Charge) and c.through == ("F",)
    lines: list[str] = []
    after, _ = compulsory_charge(s, "K", "P", lines, ScriptedDice.of(6, 2))
    assert lines == [
        "Unit K (Feudal Knights) tests for disorder (moved through a friendly unit or was moved through): 2+2, holds.",
        "Unit F (Lowland Pikes) tests for disorder (moved through a friendly unit or was moved through): 2+1, holds.",
        "Unit F (Lowland Pikes) is disordered (charged through).",
    ]
    assert after.unit("K").condition is Condition.GOOD
    assert after.unit("F").condition is Condition.DISORDERED and after.unit("F").frozen


HEDGE = '[[lines]]\nid = "h"\nkind = "obstacle"\npoints = [[80, 50], [100, 50]]\n'
ROUGH = '[[areas]]\nid = "r"\nkind = "rough"\npoints = [[80, 44], [100, 44], [100, 56], [80, 56]]\n'
HILL = '[[areas]]\nid = "k"\nkind = "hill"\nlevel = 1\npoints = [[70, 52], [110, 52], [110, 80], [70, 80]]\n'


def _knights_charge(terrain: str, *faces: int) -> tuple[State, list[str], list[str]]:
    """Knights K charge pikes P 30 cm ahead (the knights' full pace) over ``terrain``."""
    from games.war_cometh.charge_orders import charge_result

    s = position(unit("K", "a", KN, 2, (90, 30), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2), terrain=terrain)
    dice = ScriptedDice.of(6, *faces)
    lines: list[str] = []
    after = charge_result(s, {"unit": "K", "charge": "P"}, dice, lines)
    return after, lines, [purpose for _, purpose in dice.log]


@pytest.mark.parametrize(("terrain", "what"), [(HEDGE, "a linear obstacle"), (ROUGH, "poor terrain"), (HILL, "a hill")])
def test_WC_TERR_11_full_distance_but_a_test_before_contact(terrain: str, what: str) -> None:
    """[WC.TERR.11] [WC.DISORDER.3] [WC.CHARGE.17] step 4: the knights reach the pikes 30 cm away
    across a hedge, through rough or up a hill, paying no movement penalty, and test before
    contact: 5 +1 (irregular) disorders them."""
    after, lines, purposes = _knights_charge(terrain, 5)
    assert lines == [
        "Unit K (Feudal Knights) charges unit P (Lowland Pikes) in the front, 30.0 cm, 2 stand(s) flush.",
        f"Unit K charges across {what} [WC.TERR.11].",
        "Unit K (Feudal Knights) tests for disorder (charged across an obstacle, through poor terrain or up a hill):"
        " 5+1, disordered.",
    ]
    assert purposes == [
        "disorder: unit K (Feudal Knights) tests (charged across an obstacle, through poor terrain or up a hill)"
    ]
    assert after.unit("K").condition is Condition.DISORDERED and after.unit("K").charged == "P"


def test_WC_TERR_11_open_ground_no_test_and_a_low_die_holds() -> None:
    """[WC.TERR.11] over open ground no die is rolled; across the hedge a 3 (+1) holds."""
    after, lines, purposes = _knights_charge("")
    assert purposes == [] and after.unit("K").condition is Condition.GOOD and len(lines) == 1
    held, lines, _ = _knights_charge(HEDGE, 3)
    assert held.unit("K").condition is Condition.GOOD and lines[-1].endswith(": 3+1, holds.")


@pytest.mark.parametrize(("terrain", "total"), [("", 6), (ROUGH, 7)])
def test_WC_TERR_11_pikes_take_their_one_charge_test(terrain: str, total: int) -> None:
    """[WC.TERR.11] [WC.PIKE.8] [WC.PIKE.13] a charging pike unit takes its single pike test on
    any ground (irregular +1), +1 more through poor terrain; no second terrain test."""
    from games.war_cometh.charge_orders import charge_result

    s = position(unit("K", "a", PK, 4, (90, 50), 90, files=2), unit("P", "b", KN, 2, (90, 60), -90), terrain=terrain)
    dice = ScriptedDice.of(6, 5)
    lines: list[str] = []
    after = charge_result(s, {"unit": "K", "charge": "P"}, dice, lines)
    assert lines[1:] == [f"Pike unit K charges: 5, total {total}: disordered [WC.PIKE.8]."]
    assert [p for _, p in dice.log] == ["disorder: pike unit K charges (1D6)"]
    assert after.unit("K").condition is Condition.DISORDERED


def test_WC_FORT_8_fewer_fallback_dice_when_defended_or_fortified() -> None:
    """[WC.FORT.8] [WC.FALLBACK.2] three unsaved hits roll 3 fallback dice in the open, 2 when
    defended, 1 when fortified; shot in flank adds one back; never below 0."""
    from games.war_cometh.defence import Cover
    from games.war_cometh.fallback import fallback_dice

    assert [fallback_dice(3, cover=c) for c in (Cover.NONE, Cover.DEFENDED, Cover.FORTIFIED)] == [3, 2, 1]
    assert fallback_dice(3, cover=Cover.FORTIFIED, flank_rear=True) == 2
    assert fallback_dice(1, cover=Cover.FORTIFIED) == 0


def test_WC_MIXED_4_which_stands_of_a_mixed_unit_are_lost() -> None:
    """[WC.MIXED.4] [WC.CASUALTY.3] [WC.PD.14] a mixed unit (two spear stands in contact in front,
    a crossbow stand behind): to shooting any stand may go and by default the one out of contact
    goes first; in melee only stands in contact go while any remain."""
    from games.war_cometh.casualties import Candidate, remove_from_pool

    stands = [
        Candidate(0, 1, 1, 1, True, "spear"),
        Candidate(1, 1, 1, 0, True, "spear"),
        Candidate(2, 1, 2, 0, False, "xbow"),
    ]
    assert remove_from_pool(1, stands, True, False) == ([2], 0)
    assert remove_from_pool(3, stands, True, False) == ([2, 1, 0], 0)
    assert remove_from_pool(1, stands, True, True) == ([1], 0)
    assert remove_from_pool(2, stands, True, True) == ([1, 0], 0)
    assert remove_from_pool(3, stands, True, True) == ([1, 0, 2], 0)


def test_WC_ZOC_8_a_friendly_zoc_makes_the_threat_invalid() -> None:
    """[WC.ZOC.8] [WC.REACT.7] [WC.ZOC.6] knights K could charge pikes P 28 cm ahead, so they
    threaten them; with P's friend Q standing so that its zone of control (x 67-83, y 42-50)
    lies across the knights' path, the charge would cross Q's ZOC and K is no threat to P."""
    from games.war_cometh.chits import could_charge, zoc_stops

    open_ground = position(unit("K", "a", KN, 2, (62, 40), 0), unit("P", "b", PK, 4, (90, 40), 180, files=4))
    w = World(open_ground)
    assert could_charge(w, open_ground.unit("K"), open_ground.unit("P")) is True
    assert zoc_stops(w, open_ground.unit("K"), open_ground.unit("P")) is False
    screened = position(
        unit("K", "a", KN, 2, (62, 40), 0),
        unit("P", "b", PK, 4, (90, 40), 180, files=4),
        unit("Q", "b", PK, 4, (75, 50), -90, files=4),
    )
    w = World(screened)
    assert w.enemy_zocs(screened.unit("K"))["Q"].bounds == (67.0, 42.0, 83.0, 50.0)
    assert zoc_stops(w, screened.unit("K"), screened.unit("P")) is True
    assert could_charge(w, screened.unit("K"), screened.unit("P")) is False
    assert charge_problem(w, screened.unit("K"), screened.unit("P")) == (
        "WC.ZOC.6",
        "the charge would cross the zone of control of unit Q",
    )
