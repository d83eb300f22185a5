"""Movement on the measured table: pace, arcs, costs, terrain, gaps, friends, zones of control,
formation changes, and the refusals the order checker gives."""

from __future__ import annotations

from fractions import Fraction

import pytest

from campaign.table.frame import cm
from games.war_cometh.model import Formation
from games.war_cometh.movement import allowance, carry_out
from games.war_cometh.plans import Plan, Step, StepKind
from games.war_cometh.world import World

from .helpers import position, unit


def fwd(d: float) -> Step:
    return Step(StepKind.FORWARD, dist=round(d * 100))


def run(state, uid: str, *steps: Step, strict: bool = True, through: tuple[str, ...] = (), cap=Fraction(1)):  # type: ignore[no-untyped-def]
    w = World(state)
    return carry_out(w, state.unit(uid), Plan(uid, steps, through), strict=strict, pace_cap=cap)


def front_y(move) -> float:  # type: ignore[no-untyped-def]
    return move.path[-1][1]


def test_WC_TEST_5_pace_limits_do_not_stack() -> None:
    """[WC.TEST.5] [WC.MOVE.7] [WC.MOVE.4] [WC.MOVE.6] [WC.DISORDER.4] infantry in line moving out of
    its arc and turning 90°: 10 cm, not 5, and disordered."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90))
    w = World(s)
    plan = Plan("1", (Step(StepKind.TURN, angle=9000, left=False), fwd(8)))
    rate, out, turned = allowance(w, s.unit("1"), plan)
    assert (rate, turned) == (10.0, True)
    side = Plan("1", (Step(StepKind.RIGHT, dist=800),))
    rate, out, turned = allowance(w, s.unit("1"), side)
    assert (rate, out) == (10.0, True)
    m = carry_out(w, s.unit("1"), side, strict=True)
    assert m.refusal is None and m.disordered
    too_far = carry_out(w, s.unit("1"), Plan("1", (Step(StepKind.RIGHT, dist=1200),)), strict=True)
    assert too_far.refusal is not None and too_far.refusal.rule == "WC.MOVE.12"
    assert too_far.refusal.legal_max == 10.0


def test_WC_TEST_6_half_pace_through_poor_terrain() -> None:
    """[WC.TEST.6] [WC.TERR.4] [WC.TERR.2] half pace (10 cm) entirely in poor going covers 5 cm."""
    wood = '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[0, 0], [100, 0], [100, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), terrain=wood)
    m = run(s, "1", fwd(20), strict=False, cap=Fraction(1, 2))
    assert abs(front_y(m) - 25.0) < 0.02 and m.cut_short
    refused = run(s, "1", fwd(8), cap=Fraction(1, 2))
    assert refused.refusal is not None and refused.refusal.legal_max == 5.0


def test_WC_TERR_4a_partly_in_poor_terrain() -> None:
    """[WC.TERR.4a] cost is integrated along the path: 5 cm open then 5 cm of wood costs 15."""
    wood = '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[0, 25], [100, 25], [100, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), terrain=wood)
    m = run(s, "1", fwd(10))
    assert m.refusal is None and abs(m.cost - 15.0) < 0.2


def test_WC_TERR_6_cavalry_may_not_enter_woods() -> None:
    """[WC.TERR.6] [WC.GEOM.15] cavalry is refused at the wood's edge, with the legal maximum."""
    wood = '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[0, 30], [100, 30], [100, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.knights_mtd", 3, (50, 20), 90), terrain=wood)
    m = run(s, "1", fwd(15))
    assert m.refusal is not None and m.refusal.rule == "WC.TERR.6"
    assert abs((m.refusal.legal_max or 0) - 10.0) < 0.02


def test_WC_TERR_9_and_10_contours_and_obstacles_cost_5() -> None:
    """[WC.TERR.9] +5 per contour climbed (down is free); [WC.TERR.10] +5 per obstacle crossed."""
    hill = '[[areas]]\nid = "h"\nkind = "hill"\nlevel = 1\npoints = [[0, 25], [100, 25], [100, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), terrain=hill)
    assert abs(run(s, "1", fwd(10)).cost - 15.0) < 0.01
    hedge = '[[lines]]\nid = "x"\nkind = "obstacle"\npoints = [[0, 25], [100, 25]]\n'
    s2 = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), terrain=hedge)
    assert abs(run(s2, "1", fwd(10)).cost - 15.0) < 0.01
    down = position(unit("1", "a", "base.pikes", 3, (50, 40), -90), terrain=hill)
    assert abs(run(down, "1", fwd(10)).cost - 10.0) < 0.01


def test_WC_TEST_25_gap_and_formation_change() -> None:
    """[WC.TEST.25] [WC.GAP.3] [WC.GAP.4] [WC.FORM.9] a 12 cm line cannot pass a 10 cm gap; a column
    (10 cm to form) can, with 10 cm left."""
    walls = unit("L", "a", "base.pikes", 3, (39, 26), 90) + unit("R", "a", "base.pikes", 3, (61, 26), 90)
    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), walls)
    blocked = run(s, "1", fwd(10))
    assert blocked.refusal is not None and blocked.refusal.rule == "WC.THROUGH.1"
    assert abs((blocked.refusal.legal_max or 0) - 4.5) < 0.02
    col = run(s, "1", Step(StepKind.FORM, formation=Formation.COLUMN), fwd(10))
    assert col.refusal is None and col.formation is Formation.COLUMN and abs(col.cost - 20.0) < 0.01


def test_WC_TEST_30_skirmishers_in_dense_terrain() -> None:
    """[WC.TEST.30] [WC.TERR.5a] [WC.TERR.7] [WC.MOVE.9] skirmishers at full pace (20) cover 10 cm of
    dense terrain, and poor terrain costs them nothing extra."""
    dense = '[[areas]]\nid = "d"\nkind = "dense"\npoints = [[0, 0], [100, 0], [100, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.javelinmen", 3, (50, 20), 90), terrain=dense)
    m = run(s, "1", fwd(20), strict=False)
    assert abs(front_y(m) - 30.0) < 0.02 and not m.disordered
    wood = '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[0, 0], [100, 0], [100, 100], [0, 100]]\n'
    s2 = position(unit("1", "a", "base.javelinmen", 3, (50, 20), 90), terrain=wood)
    assert abs(run(s2, "1", fwd(20)).cost - 20.0) < 0.01


def test_WC_TEST_31_formation_changes() -> None:
    """[WC.TEST.31] [WC.FORM.9] [WC.FORM.10] line 4x1 to hedgehog costs 10; back to a line costs 10;
    the anchor (front-left stand) stays put."""
    s = position(unit("1", "a", "base.pikes", 4, (50, 20), 90))
    anchor = World(s).rects(s.unit("1"))[0]
    hh = run(s, "1", Step(StepKind.FORM, formation=Formation.HEDGEHOG, target="left"))
    assert hh.refusal is None and hh.formation is Formation.HEDGEHOG and hh.cost == 10.0
    assert (round(hh.rects[0].cx, 6), round(hh.rects[0].cy, 6)) == (round(anchor.cx, 6), round(anchor.cy, 6))
    back = run(s, "1", Step(StepKind.FORM, formation=Formation.LINE, files=2, target="left"))
    assert back.formation is Formation.LINE and back.files == 2 and back.cost == 10.0
    cav = position(unit("1", "a", "base.knights_mtd", 4, (50, 20), 90))
    assert run(cav, "1", Step(StepKind.FORM, formation=Formation.HEDGEHOG)).refusal.rule == "WC.FORM.5"  # type: ignore[union-attr]


def test_WC_MOVE_11_keep_2cm_from_enemies() -> None:
    """[WC.MOVE.11] [WC.GEOM.15] a move stops 2 cm from the enemy; the refusal gives the maximum."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), unit("9", "b", "base.pikes", 3, (50, 32), -90))
    m = run(s, "1", fwd(15))
    assert m.refusal is not None and m.refusal.rule == "WC.MOVE.11"
    assert abs((m.refusal.legal_max or 0) - 10.0) < 0.02
    close = run(s, "1", Step(StepKind.CLOSE, target="9"))
    assert close.refusal is None and abs(front_y(close) - 30.0) < 0.02


def test_WC_THROUGH_1_pass_through_costs_5() -> None:
    """[WC.THROUGH.1] [WC.THROUGH.6] a declared pass-through costs 5 cm; it may not end on the friend."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), unit("2", "a", "base.pikes", 3, (50, 24), 90))
    m = run(s, "1", fwd(8), through=("2",))
    assert m.refusal is None and m.passed == ["2"] and abs(m.cost - 13.0) < 0.01
    on_top = run(s, "1", fwd(4), through=("2",))
    assert on_top.refusal is not None and on_top.refusal.rule == "WC.THROUGH.6"


def test_WC_ZOC_4_must_stop_in_an_entered_zoc() -> None:
    """[WC.ZOC.1] [WC.ZOC.4] [WC.GEOM.19] entering an enemy ZOC (8 cm ahead of it) ends the move in it."""
    s = position(unit("1", "a", "base.knights_mtd", 3, (60, 40), 0), unit("9", "b", "base.pikes", 3, (80, 50), -90))
    # unit 1 (cavalry, 30 cm) faces east, y 34..46; the enemy's ZOC covers x 74..86, y 42..50
    through = run(s, "1", fwd(30))
    assert through.refusal is not None and through.refusal.rule == "WC.ZOC.4"
    into = run(s, "1", fwd(20))
    assert into.refusal is None


def test_WC_ZOC_7_no_formation_change_in_a_zoc() -> None:
    """[WC.ZOC.7] [WC.FORM.12] a unit in an enemy ZOC may not change formation."""
    s = position(unit("1", "a", "base.pikes", 4, (50, 20), 90), unit("9", "b", "base.pikes", 3, (50, 26), -90))
    m = run(s, "1", Step(StepKind.FORM, formation=Formation.COLUMN))
    assert m.refusal is not None and m.refusal.rule == "WC.ZOC.7"


def test_WC_ZOC_2_irregular_and_skirmishers_exert_none() -> None:
    """[WC.ZOC.1] [WC.ZOC.2] [WC.ZOC.2a] skirmishers, artillery and routed units exert no ZOC."""
    s = position(
        unit("1", "b", "base.javelinmen", 3, (50, 20), 90),
        unit("2", "b", "base.bombard", 1, (80, 20), 90),
        unit("3", "b", "base.pikes", 3, (110, 20), 90, extra="routed = true"),
        unit("4", "b", "base.pikes", 3, (140, 20), 90),
    )
    w = World(s)
    assert [w.exerts_zoc(s.unit(u)) for u in "1234"] == [False, False, False, True]


def test_WC_MOVE_15_no_leaving_the_table() -> None:
    """[WC.MOVE.15] voluntary moves may not cross the table edge."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 10), -90))
    m = run(s, "1", fwd(12))
    assert m.refusal is not None and m.refusal.rule == "WC.MOVE.15"


def test_WC_MOVE_9_artillery_moves_full_pace_any_way() -> None:
    """[WC.MOVE.9] [WC.MOVE.2] artillery moves 20 cm in any direction without disorder."""
    s = position(unit("1", "a", "base.ribaudequin", 2, (50, 40), 90))
    m = run(s, "1", Step(StepKind.BACK, dist=2000))
    assert m.refusal is None and not m.disordered


def test_WC_MOVE_16_bombards_only_turn() -> None:
    """[WC.MOVE.16] pots de fer and bombards may only turn in place."""
    s = position(unit("1", "a", "base.bombard", 2, (50, 40), 90))
    assert run(s, "1", fwd(2)).refusal.rule == "WC.MOVE.16"  # type: ignore[union-attr]
    assert run(s, "1", Step(StepKind.TURN, angle=4500, left=True)).refusal is None


def test_WC_MOVE_5_irregular_formations_move_half_pace() -> None:
    """[WC.MOVE.5] [WC.MOVE.5a] a unit in an irregular formation moves at most half pace and is not
    disordered by direction."""
    s = position(unit("1", "a", "base.pikes", 4, (50, 40), 90))
    hh = run(s, "1", Step(StepKind.FORM, formation=Formation.HEDGEHOG))
    assert hh.refusal is None
    from dataclasses import replace

    from campaign.table import Pose

    u = s.unit("1")
    moved = replace(
        u,
        formation=Formation.HEDGEHOG,
        stands=tuple(replace(st, pose=Pose.of(r.cx, r.cy, r.facing)) for st, r in zip(u.stands, hh.rects, strict=True)),
    )
    s2 = s.with_unit(moved)
    rate, out, _ = allowance(World(s2), moved, Plan("1", (Step(StepKind.BACK, dist=500),)))
    assert rate == 10.0


@pytest.mark.parametrize("left", [True, False])
def test_WC_GEOM_14_wheel_in_a_move_plan(left: bool) -> None:
    """[WC.GEOM.14] [WC.MOVE.6] a wheel is free (not measured) and keeps its corner."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90))
    m = run(s, "1", Step(StepKind.WHEEL, angle=3000, left=left), fwd(5))
    assert m.refusal is None and abs(m.cost - 5.0) < 0.01
    assert cm(3000) == 30.0
