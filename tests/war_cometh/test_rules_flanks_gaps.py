"""Flanks, gaps, passing through, zones of control, terrain on a charge, fortified fallback and
mixed-unit losses, each against its rule [WC.FLANK] [WC.GAP] [WC.THROUGH] [WC.ZOC] [WC.TERR]
[WC.FORT] [WC.MIXED]."""

from __future__ import annotations

from dataclasses import replace

from campaign.table import Edge, Zone, zone_of
from campaign.table.rect import Pose
from games.war_cometh.aftermath import advance
from games.war_cometh.charge_orders import compulsory_charge, place_charge
from games.war_cometh.charges import Charge, charge_problem
from games.war_cometh.combat import Bout, _grouped, fighting, stand_case, touches
from games.war_cometh.flanks import charge_zone, has_flanks
from games.war_cometh.model import Condition, Formation, State
from games.war_cometh.world import World

from campaign.kit.scripted import ScriptedDice

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
