"""Army break points, camps, the start-of-turn steps, hedgehog shapes and the dense-terrain die,
each checked on positions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from shapely.geometry import Polygon

from campaign.kit.scripted import ScriptedDice
from campaign.table import in_contact, overlaps
from campaign.table.frame import q_cm
from games.war_cometh import RULESET
from games.war_cometh.breakpoints import (
    CAMP_LOSS,
    army_total,
    break_check,
    break_point,
    broken_sides,
    counts,
    losses,
    threshold,
)
from games.war_cometh.camps import (
    camp_polygon,
    camp_within_reach,
    capture_check,
    free_spot,
    return_units,
    send_to_camp,
)
from games.war_cometh.lists import all_profiles
from games.war_cometh.model import Condition, FlankMarch, FlankStatus, Formation, Phase, State
from games.war_cometh.movement import carry_out
from games.war_cometh.plans import Plan, Step, StepKind
from games.war_cometh.turn import end_player_turn, resolve_movement, side_losses
from games.war_cometh.world import World

from .helpers import position, unit

P = all_profiles()


def _bannockburn() -> State:
    return RULESET.setup("bannockburn", {})


# --- break points ------------------------------------------------------------------------------


def test_WC_TEST_18_bannockburn_break_points() -> None:
    """[WC.TEST.18] [WC.BREAK.2] [WC.BREAK.7] [WC.SCN.12] 33 counted Scottish stands (Small Folk,
    40-point 2-stand units, left out) give 17; the English stated 18 is used, although their
    "knights + half the archers" count gives 17 and 18 only with the hobilars."""
    s = _bannockburn()
    assert army_total(s, "scots", P) == 33 and threshold(33) == 17
    assert break_point(replace(s, sides=tuple(replace(x, break_point=0) for x in s.sides)), "scots", P) == 17
    assert break_point(s, "english", P) == 18 and break_point(s, "scots", P) == 17
    english = [u for u in s.units if u.side == "english"]
    knights = sum(len(u.stands) for u in english if "knights" in u.stands[0].profile)
    archers = sum(
        len(u.stands) for u in english if "archers" in u.stands[0].profile or "crossbow" in u.stands[0].profile
    )
    hobilars = sum(len(u.stands) for u in english if "hobilar" in u.stands[0].profile)
    assert (knights, archers, hobilars) == (18, 32, 2)
    assert threshold(knights + archers // 2) == 17 and threshold(knights + archers // 2 + hobilars) == 18


@pytest.mark.parametrize(
    ("pid", "stands", "expect"),
    [
        ("scots.small_folk", 2, False),  # 40 points
        ("scots.lowland_pikes_stdy", 4, True),  # 130
        ("base.skirmishers", 3, False),  # 45
        ("base.skirmishers", 4, True),  # 60
        ("base.ribaudequin", 2, False),  # 45
    ],
)
def test_WC_BREAK_2_units_under_50_points_are_ignored(pid: str, stands: int, expect: bool) -> None:
    """[WC.BREAK.2] a unit costing less than 50 points as fielded is not counted."""
    assert counts(P[pid], stands) is expect


@pytest.mark.parametrize(("total", "expect"), [(1, 1), (14, 7), (33, 17), (34, 17), (35, 18)])
def test_WC_BREAK_2_threshold_is_half_rounded_up(total: int, expect: int) -> None:
    """[WC.BREAK.2] [WC.META.6] ceil(total / 2)."""
    assert threshold(total) == expect


def _two() -> State:
    return position(
        unit("1", "a", "base.pikes", 4, (50, 40), 90),
        unit("2", "a", "base.skirmishers", 2, (100, 40), 90),
        unit("3", "b", "base.pikes", 4, (50, 90), -90),
    )


def test_WC_BREAK_3_losses_stands_leaders_and_camp() -> None:
    """[WC.BREAK.3] [WC.BREAK.1] stands lost from counted units, leaders (Marshal 6, Earl 3,
    Captain 1) and a captured camp (6) count; stands of an ignored unit do not."""
    s = _two()
    assert army_total(s, "a", P) == 4 and break_point(s, "a", P) == 2
    s = s.with_unit(replace(s.unit("2"), lost=2))
    assert losses(s, "a", P) == 0
    s = s.with_unit(replace(s.unit("1"), lost=1))
    assert losses(s, "a", P) == 1 and not break_check(s, "a", P).broken
    s = replace(s, sides=tuple(replace(x, camp_captured=x.key == "a") for x in s.sides))
    assert losses(s, "a", P) == 1 + CAMP_LOSS and break_check(s, "a", P).broken
    assert side_losses(s, "a") == 7


def test_WC_BREAK_4_and_5_each_army_checked_both_at_once_is_a_draw() -> None:
    """[WC.BREAK.4] each army keeps its own count; [WC.BREAK.5] [WC.SEQ.10] the check runs after
    every loss, and both armies breaking in the same event is a draw."""
    s = replace(_two(), active="b")
    a_lost = s.with_unit(replace(s.unit("1"), lost=2))
    assert broken_sides(a_lost, P) == ("a",)
    over = end_player_turn(a_lost, [])
    assert over.phase is Phase.OVER and over.winner == "b"
    both = a_lost.with_unit(replace(a_lost.unit("3"), lost=2))
    assert broken_sides(both, P) == ("a", "b")
    assert end_player_turn(both, []).winner == ""


def test_WC_BREAK_6_failed_flank_marches_are_left_out() -> None:
    """[WC.BREAK.6] units of a failed flank march are neither counted nor lost, nor is its leader."""
    s = _two()
    s = s.with_unit(replace(s.unit("1"), on_table=False))
    failed = replace(s, flank_marches=(FlankMarch("a", "ma", ("1",), status=FlankStatus.FAILED),))
    lost = failed.with_leader(replace(failed.leader("ma"), lost=True))
    assert army_total(failed, "a", P) == 0 and losses(lost, "a", P) == 0
    arriving = replace(failed, flank_marches=(FlankMarch("a", "ma", ("1",), status=FlankStatus.WILL_ARRIVE),))
    assert army_total(arriving, "a", P) == 4


def test_WC_BREAK_7_a_scenario_may_set_the_break_point() -> None:
    """[WC.BREAK.7] a stated break point wins over the computed one."""
    s = _two()
    stated = replace(s, sides=tuple(replace(x, break_point=9) for x in s.sides))
    assert break_point(stated, "a", P) == 9 and break_point(s, "a", P) == 2


# --- camps -------------------------------------------------------------------------------------


def test_WC_CAMP_1_and_7_camp_place_and_size() -> None:
    """[WC.CAMP.1] [WC.CAMP.7] [WC.PD.6] a scenario camp, or 8 x 8 cm centred on the baseline 2 cm in;
    within 15.24 cm of the own baseline."""
    b = _bannockburn()
    assert camp_polygon(b, "english").bounds == (16.0, 2.0, 24.0, 10.0)
    s = _two()
    assert camp_polygon(s, "a").bounds == (86.0, 2.0, 94.0, 10.0)
    assert camp_polygon(s, "b").bounds == (86.0, 110.0, 94.0, 118.0)
    assert camp_within_reach(camp_polygon(s, "b"), False, 120.0)
    from shapely.geometry import box

    assert camp_within_reach(box(0, 7, 8, 15.24), True, 120.0)
    assert not camp_within_reach(box(0, 8, 8, 16), True, 120.0)


def test_WC_CAMP_7_camps_are_impassable_but_may_be_touched() -> None:
    """[WC.CAMP.7] a unit may not move onto a camp; it may move up to touch it."""
    s = position(unit("1", "b", "base.pikes", 2, (90, 20), -90))
    plan = Plan("1", (Step(StepKind.FORWARD, dist=1500),))
    m = carry_out(World(s), s.unit("1"), plan, strict=True)
    assert m.refusal is not None and m.refusal.legal_max is not None and m.refusal.legal_max < 10.6
    ok = carry_out(World(s), s.unit("1"), Plan("1", (Step(StepKind.FORWARD, dist=800),)), strict=True)
    assert ok.refusal is None


def _at_camp(side_touching: str, *, routed: bool = False, defender: bool = False) -> State:
    units = [unit("9", side_touching, "base.pikes", 2, (90, 11.5), 90)]
    if defender:
        units.append(unit("8", "a", "base.pikes", 1, (86, 6), 0))
    s = position(*units)
    if routed:
        s = s.with_unit(replace(s.unit("9"), condition=Condition.ROUTED))
    return s


@pytest.mark.parametrize(
    ("kw", "captured"),
    [({}, True), ({"routed": True}, False), ({"defender": True}, False)],
)
def test_WC_CAMP_6_capture(kw: dict[str, bool], captured: bool) -> None:
    """[WC.CAMP.6] a non-routed enemy touching the camp with no non-routed friend touching it takes
    it; [WC.CAMP.5] it then counts 6."""
    s = _at_camp("b", **kw)
    camp = camp_polygon(s, "a")
    assert in_contact(World(s).foot(s.unit("9")), camp)
    if kw.get("defender"):
        assert in_contact(World(s).foot(s.unit("8")), camp)
    after, lines = capture_check(s)
    assert after.side("a").camp_captured is captured and bool(lines) is captured
    assert losses(after, "a", P) == (CAMP_LOSS if captured else 0)


def test_WC_CAMP_6_capture_at_the_end_of_a_move() -> None:
    """[WC.CAMP.6] the capture is checked at the end of a unit's move, and stays."""
    s = position(unit("9", "b", "base.pikes", 2, (90, 20), -90), unit("3", "a", "base.pikes", 3, (150, 60), 90))
    s = replace(s, active="b")
    data = {"leader": "mb", "unit": "9", "steps": [Step(StepKind.FORWARD, dist=1000).dump()], "through": []}
    s2 = replace(s, pending=(("b", {"orders": [{"kind": "order", "data": data}]}),))
    new, lines = resolve_movement(s2, ScriptedDice.of(6, 1, 1))
    assert new.side("a").camp_captured
    assert losses(new, "a", P) == CAMP_LOSS


@pytest.mark.parametrize(
    ("pid", "routed", "captured", "removed"),
    [
        ("base.pikes", True, False, False),
        ("base.peasants", True, False, True),  # Levy rout: removed [WC.CAMP.4]
        ("base.peasants", False, False, False),  # forced off, not routed: to camp
        ("base.pikes", False, True, True),  # camp taken: removed [WC.CAMP.5]
    ],
)
def test_WC_CAMP_2_3_4_5_units_sent_to_camp(pid: str, routed: bool, captured: bool, removed: bool) -> None:
    """[WC.CAMP.2] routed units go to camp disordered; [WC.CAMP.3] so do units forced off the table;
    [WC.CAMP.4] (H) Levy that rout are removed; [WC.CAMP.5] with the camp taken, removed."""
    s = position(unit("1", "a", pid, 3, (50, 40), 90))
    u = s.unit("1")
    assert P[pid].quality.value == ("Levy" if "peasants" in pid else "Stdy")
    if routed:
        u = replace(u, condition=Condition.ROUTED)
    if captured:
        s = replace(s, sides=tuple(replace(x, camp_captured=x.key == "a") for x in s.sides))
    after, line = send_to_camp(s, u)
    got = after.unit("1")
    assert not got.on_table
    if removed:
        assert got.lost == 3 and not got.to_camp and "removed" in line
    else:
        assert got.to_camp and got.condition is Condition.DISORDERED and got.lost == 0


def test_WC_CAMP_3_and_WC_PD_32_placed_at_the_camp_next_turn() -> None:
    """[WC.CAMP.3] [WC.PD.32] [WC.SEQ.2] at the start of its owner's turn a unit waiting for its
    camp is placed at the nearest free spot, in column facing the enemy baseline, disordered,
    overlapping nothing and 2 cm from enemies."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("2", "b", "base.pikes", 3, (90, 60), -90))
    s, _ = send_to_camp(s, replace(s.unit("1"), condition=Condition.ROUTED))
    spot = free_spot(s, s.unit("1"))
    assert spot is not None
    after, lines = return_units(s, "a")
    u = after.unit("1")
    assert u.on_table and not u.to_camp and u.condition is Condition.DISORDERED and u.formation is Formation.COLUMN
    foot = World(after).foot(u)
    camp = camp_polygon(after, "a")
    assert not overlaps(foot, camp) and foot.distance(camp) < 3.0
    assert round(u.facing) == 90 and "placed at its camp" in lines[0]


def test_WC_CAMP_3_no_room_waits_a_turn() -> None:
    """[WC.CAMP.3] with no legal spot the unit tries again next turn."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90))
    s, _ = send_to_camp(s, s.unit("1"))
    block = Polygon([(0, 0), (180, 0), (180, 60), (0, 60)])
    s = replace(
        s,
        areas=(
            *s.areas,
            *RULESET.setup("open-field", {}).areas[:0],
        ),
    )
    from games.war_cometh.model import AreaKind, TerrainArea

    wall = TerrainArea("wall", AreaKind.IMPASSABLE, tuple((q_cm(x), q_cm(y)) for x, y in block.exterior.coords[:-1]))
    s = replace(s, areas=(*s.areas, wall))
    after, lines = return_units(s, "a")
    assert after.unit("1").to_camp and not after.unit("1").on_table and "no room" in lines[0]


def test_WC_SEQ_2_a_unit_fleeing_off_the_table_returns_at_its_camp() -> None:
    """[WC.SEQ.2] [WC.CAMP.3] [WC.COMPULSORY.8] a routed unit flees off the table, goes to camp and
    is placed there at the start of its owner's next turn."""
    s = position(
        unit("1", "a", "base.pikes", 3, (150, 8), 90, extra="routed = true"),
        unit("2", "b", "base.pikes", 3, (50, 100), -90),
    )
    s = replace(s, active="a", pending=(("a", {"orders": []}),))
    mid, lines = resolve_movement(s, ScriptedDice.of(6, 6, 6, 6))
    assert mid.unit("1").to_camp and not mid.unit("1").on_table and mid.active == "b"
    back, _ = resolve_movement(replace(mid, pending=(("b", {"orders": []}),)), ScriptedDice.of(6))
    u = back.unit("1")
    assert u.on_table and u.condition is Condition.DISORDERED and back.active == "a"


# --- formations and dense terrain ----------------------------------------------------------------


@pytest.mark.parametrize(("n", "facings"), [(3, [-150, -30, 90]), (4, [-90, 0, 90, 180])])
def test_WC_FORM_5_triangle_and_square_hedgehogs(n: int, facings: list[int]) -> None:
    """[WC.FORM.5] 3 stands make a triangle and 4 a square, every stand facing out, neighbours
    touching, none overlapping [WC.FORM.1]."""
    from campaign.table import connected

    s = position(unit("1", "a", "base.pikes", n, (50, 40), 90))
    hh = carry_out(World(s), s.unit("1"), Plan("1", (Step(StepKind.FORM, formation=Formation.HEDGEHOG),)), strict=True)
    assert hh.refusal is None and hh.formation is Formation.HEDGEHOG
    got = sorted(round(r.facing) % 360 for r in hh.rects)
    assert got == sorted(f % 360 for f in facings)
    assert connected(hh.rects)
    polys = [r.polygon() for r in hh.rects]
    assert not any(overlaps(a, b) for i, a in enumerate(polys) for b in polys[i + 1 :])


def test_WC_TERR_5a_one_die_covers_every_order_of_the_turn() -> None:
    """[WC.TERR.5a] the 1D6 is rolled once, at the unit's first order, and is the whole turn's
    allowance in dense terrain, split across its orders."""
    dense = '[[areas]]\nid = "d"\nkind = "dense"\npoints = [[0, 30], [180, 30], [180, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), terrain=dense)
    step = Step(StepKind.FORWARD, dist=300).dump()
    data = {"leader": "ma", "unit": "1", "steps": [step], "through": []}
    orders = [{"kind": "order", "data": data}, {"kind": "order", "data": data}]
    s2 = replace(s, pending=(("a", {"orders": orders}),))
    # two Carry On rolls, one dense die of 4: 3 cm then the remaining 1 cm; no second dense die
    new, lines = resolve_movement(s2, ScriptedDice.of(6, 1, 1, 4, 1, 1))
    assert sum("may move" in line for line in lines) == 1
    assert abs(World(new).bound(new.unit("1")).front_mid()[1] - 44.0) < 0.02


@pytest.mark.parametrize(
    ("die", "pid", "disordered"),
    [(4, "base.pikes", False), (5, "base.pikes", True), (4, "scots.lowland_pikes_stdy", True)],
)
def test_WC_TERR_14_pikes_test_after_moving_through_poor_terrain(die: int, pid: str, disordered: bool) -> None:
    """[WC.TERR.14] [WC.PIKE.6] a pike unit that moved through woods or poor terrain rolls 1D6 at
    the end of its move: 5+ modified (irregular +1) disorders; other troops roll nothing."""
    rough = '[[areas]]\nid = "r"\nkind = "rough"\npoints = [[40, 45], [70, 45], [70, 60], [40, 60]]\n'
    s = position(unit("1", "a", pid, 3, (55, 40), 90, files=3), terrain=rough)
    data = {"leader": "ma", "unit": "1", "steps": [Step(StepKind.FORWARD, dist=800).dump()], "through": []}
    s2 = replace(s, pending=(("a", {"orders": [{"kind": "order", "data": data}]}),))
    new, lines = resolve_movement(s2, ScriptedDice.of(6, 1, 1, die))
    assert (new.unit("1").condition is Condition.DISORDERED) is disordered
    assert any("[WC.PIKE.6]" in line for line in lines)
    other = position(unit("1", "a", "base.spearmen", 3, (55, 40), 90, files=3), terrain=rough)
    new2, _ = resolve_movement(replace(other, pending=s2.pending), ScriptedDice.of(6, 1, 1))
    assert new2.unit("1").condition is Condition.GOOD


def test_WC_TERR_16_and_WC_SCN_17_scenario_terrain_rules() -> None:
    """[WC.TERR.16] scenario data overrides terrain rows: Bannockburn's Bannock Burn and Pelstream
    are its own kinds; [WC.SCN.17] its historical notes change nothing in play."""
    from games.war_cometh.model import LineKind

    s = _bannockburn()
    kinds = {t.id: t.kind for t in s.lines}
    assert kinds["bannock_burn"] is LineKind.BANNOCK and kinds["pelstream_a"] is LineKind.PELSTREAM
    assert s.year == 1314 and "WC.SCN.17" not in s.special


@pytest.mark.parametrize("scenario", ["bannockburn", "open-field", "mid-game"])
def test_WC_CAMP_1_and_7_every_scenario_has_two_camps_clear_of_units(scenario: str) -> None:
    """[WC.CAMP.1] [WC.CAMP.7] [WC.DEPLOY.11] each side has a camp within 15.24 cm of its baseline,
    and no unit stands on a camp or on other ground it may not enter."""
    s = RULESET.setup(scenario, {})
    w = World(s)
    for side in s.sides:
        assert camp_within_reach(camp_polygon(s, side.key), side.player == "A", s.depth / 100)
    for u in w.on_table():
        assert not any(overlaps(w.foot(u), g) for g in w.barred(u)), u.id
