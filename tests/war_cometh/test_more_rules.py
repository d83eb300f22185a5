"""More rules of movement, terrain, command and the Bannockburn scenario, each checked in play."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import OrdersRejected
from campaign.table import Rect, grid_rects, in_contact
from campaign.table.contact import leader_contacted
from games.war_cometh import RULESET
from games.war_cometh.lists import all_profiles
from games.war_cometh.model import Condition, Formation, Phase
from games.war_cometh.movement import allowance, carry_out
from games.war_cometh.plans import Plan, Step, StepKind
from games.war_cometh.ratings import CM_PER_YARDS
from games.war_cometh.troops import (
    ABBREVIATIONS,
    QUALITY_EQUIVALENTS,
    Category,
    Flag,
    Quality,
    TroopType,
    fantasy_size,
    notes_flags,
    points_2stand,
)
from games.war_cometh.turn import apply_move, end_player_turn, modifiers, resolve_movement
from games.war_cometh.world import World

from .helpers import position, unit

P = all_profiles()


def fwd(d: float) -> Step:
    return Step(StepKind.FORWARD, dist=round(d * 100))


def run(state, uid: str, *steps: Step, strict: bool = True, through=()):  # type: ignore[no-untyped-def]
    return carry_out(World(state), state.unit(uid), Plan(uid, steps, tuple(through)), strict=strict)


def test_WC_MOVE_3_arc_is_fixed_at_the_start_of_the_order() -> None:
    """[WC.MOVE.3] [WC.MOVE.4] a wheel of 60 does not move the arc: the move after it is out of arc."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90))
    rate, out, turned = allowance(
        World(s), s.unit("1"), Plan("1", (Step(StepKind.WHEEL, angle=6000, left=True), fwd(5)))
    )
    assert out and turned and rate == 10.0


def test_WC_MOVE_6a_turn_is_the_net_change() -> None:
    """[WC.MOVE.6] [WC.MOVE.6a] left 60 then right 60 is no turn at all: full pace."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90))
    plan = Plan("1", (Step(StepKind.TURN, angle=6000, left=True), Step(StepKind.TURN, angle=6000, left=False), fwd(15)))
    assert allowance(World(s), s.unit("1"), plan) == (20.0, False, False)


def test_WC_FORM_15_skirmishers_move_any_way_in_skirmish_order() -> None:
    """[WC.FORM.15] [WC.MOVE.9] skirmishers out of column are in skirmish order: full pace any way."""
    s = position(unit("1", "a", "base.javelinmen", 3, (50, 40), 90))
    m = run(s, "1", Step(StepKind.BACK, dist=2000))
    assert m.refusal is None and not m.disordered


def test_WC_FORM_2_3_6_grids_and_hedgehogs() -> None:
    """[WC.FORM.2] grid stands touch side to side and sit behind each other; [WC.FORM.3] a hedgehog
    is irregular; [WC.FORM.6] six stands form two lines of three back to back."""
    g = grid_rects((0.0, 0.0), 90.0, files=2, ranks=2, width=4.0, depth=2.0)
    assert in_contact(g[0].polygon(), g[1].polygon()) and abs(g[2].cy - (g[0].cy - 2.0)) < 1e-9
    s = position(unit("1", "a", "base.pikes", 6, (50, 40), 90))
    hh = run(s, "1", Step(StepKind.FORM, formation=Formation.HEDGEHOG))
    assert not hh.formation.regular
    facings = sorted(round(r.facing) for r in hh.rects)
    assert facings == [-90, -90, -90, 90, 90, 90]


def test_WC_TERR_15_no_hedgehog_in_poor_terrain() -> None:
    """[WC.TERR.15] [WC.FORM.5] hedgehogs are not allowed in poor or dense terrain."""
    wood = '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[0, 0], [100, 0], [100, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.pikes", 4, (50, 40), 90), terrain=wood)
    assert run(s, "1", Step(StepKind.FORM, formation=Formation.HEDGEHOG)).refusal.rule == "WC.TERR.15"  # type: ignore[union-attr]


def test_WC_TERR_8_rivers_stop_and_cross_next_turn() -> None:
    """[WC.TERR.8] [WC.TERR.8a] a unit stops at a river; one that starts at the bank crosses in its
    first order but may not end in the water."""
    river = '[[areas]]\nid = "r"\nkind = "river"\npoints = [[0, 50], [180, 50], [180, 54], [0, 54]]\n'
    far = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), terrain=river)
    stop = run(far, "1", fwd(15))
    assert stop.refusal.rule == "WC.TERR.8" and abs((stop.refusal.legal_max or 0) - 10.0) < 0.02  # type: ignore[union-attr]
    bank = position(unit("1", "a", "base.pikes", 3, (50, 49.5), 90), terrain=river)
    assert run(bank, "1", fwd(8)).refusal is None
    assert run(bank, "1", fwd(3)).refusal.rule == "WC.TERR.8a"  # type: ignore[union-attr]


def test_WC_TERR_5_dense_terrain_stops_when_wholly_inside() -> None:
    """[WC.TERR.5] a unit entering dense terrain stops as soon as it is wholly inside."""
    dense = '[[areas]]\nid = "d"\nkind = "dense"\npoints = [[0, 45], [180, 45], [180, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), terrain=dense)
    m = run(s, "1", fwd(15))
    assert m.refusal is not None and m.refusal.rule == "WC.TERR.5"
    assert abs((m.refusal.legal_max or 0) - 6.5) < 0.3


def test_WC_TERR_17_and_WC_MOVE_8_road_columns() -> None:
    """[WC.TERR.17] [WC.MOVE.8] a column on a road moves full pace through woods, paying nothing."""
    terrain = (
        '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[0, 0], [100, 0], [100, 100], [0, 100]]\n'
        '[[lines]]\nid = "road"\nkind = "road"\nwidth_cm = 6\npoints = [[50, 0], [50, 100]]\n'
    )
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90, files=1), terrain=terrain)
    m = run(s, "1", fwd(20))
    assert m.refusal is None and abs(m.cost - 20.0) < 0.01


def test_WC_TERR_1_terrain_kinds_and_WC_TERR_13_flyers() -> None:
    """[WC.TERR.1] [WC.TERR.6] which kinds bar which troops; [WC.TERR.13] flyers ignore terrain."""
    terrain = "".join(
        f'[[areas]]\nid = "{k}"\nkind = "{k}"\npoints = [[{x}, 0], [{x + 5}, 0], [{x + 5}, 5], [{x}, 5]]\n'
        for k, x in (("woods", 0), ("marsh", 10), ("rough", 20), ("dense", 30), ("impassable", 40))
    )
    s = position(
        unit("1", "a", "base.knights_mtd", 3, (90, 40), 90),
        unit("2", "a", "base.pikes", 3, (130, 40), 90),
        terrain=terrain,
    )
    w = World(s)
    camps = 2  # both sides' camps are impassable to all [WC.CAMP.7]
    assert len(w.barred(s.unit("1"))) == 4 + camps and len(w.barred(s.unit("2"))) == 1 + camps
    assert w.category(s.unit("1")) is Category.CAVALRY


def test_WC_TERR_12_woods_minus_2_unless_attached() -> None:
    """[WC.TERR.12] [WC.CMD.9] [WC.CMD.10] a unit in woods ordered by a distant leader takes −2."""
    wood = '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[0, 30], [100, 30], [100, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), terrain=wood)
    assert modifiers(World(s), s.leader("ma"), s.unit("1")).in_woods


def test_WC_GAP_1_2_half_pace_single_stands_pass_narrow_gaps() -> None:
    """[WC.GAP.1] [WC.GAP.2] [WC.GAP.5] a lone stand at half pace slips through a 3 cm gap (the
    2 cm corridor); at full pace it needs its own width."""
    walls = unit("L", "a", "base.pikes", 3, (42.5, 46), 90) + unit("R", "a", "base.pikes", 3, (57.5, 46), 90)
    s = position(unit("1", "a", "base.pikes", 1, (50, 40), 90), walls)
    full = run(s, "1", fwd(12))
    assert full.refusal is not None
    half = carry_out(World(s), s.unit("1"), Plan("1", (fwd(9),)), strict=True, pace_cap=Fraction(1, 2))
    assert half.refusal is None


def test_WC_THROUGH_1a_4_5_pass_through_rules() -> None:
    """[WC.THROUGH.1a] a declared pass-through is allowed even with a way round; [WC.THROUGH.4] the
    friend freezes if it had not moved, else both are disordered; [WC.THROUGH.5] skirmishers pass
    free; [WC.THROUGH.3] TODO: the disorder tests come with part 2."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), unit("2", "a", "base.pikes", 3, (50, 24), 90))
    m = run(s, "1", fwd(8), through=("2",))
    frozen = apply_move(s, s.unit("1"), m)
    assert frozen.unit("2").frozen
    moved_first = s.with_unit(replace(s.unit("2"), moved=True))
    both = apply_move(moved_first, s.unit("1"), m)
    assert both.unit("2").condition is Condition.DISORDERED and both.unit("1").condition is Condition.DISORDERED
    sk = position(unit("1", "a", "base.javelinmen", 3, (50, 20), 90), unit("2", "a", "base.pikes", 3, (50, 24), 90))
    assert abs(run(sk, "1", fwd(8), through=("2",)).cost - 8.0) < 0.01


def test_WC_ZOC_5_a_unit_starting_in_a_zoc_may_only_leave() -> None:
    """[WC.ZOC.5] starting in an enemy ZOC, a unit may leave it, not move about inside it."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 30), 90), unit("9", "b", "base.pikes", 3, (50, 36), -90))
    assert run(s, "1", Step(StepKind.BACK, dist=500)).refusal is None
    inside = run(s, "1", Step(StepKind.LEFT, dist=300))
    assert inside.refusal is not None and inside.refusal.rule == "WC.ZOC.5"


def test_WC_MOVE_1_13_14_orders_frozen_units_and_results() -> None:
    """[WC.MOVE.1] [WC.CMD.2] [WC.CMD.21] only ordered units move; [WC.MOVE.13] a frozen unit is
    refused; [WC.MOVE.14] ordered anyway (as resolution would), it rallies but does not move."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("2", "a", "base.pikes", 3, (90, 40), 90))
    s = s.with_unit(replace(s.unit("2"), frozen=True, condition=Condition.DISORDERED))
    with pytest.raises(OrdersRejected) as err:
        RULESET.parse_orders(s, "a", "unit 2 forward 5")
    assert err.value.errors[0].code == "WC.MOVE.13"
    orders = {
        "orders": [{"kind": "order", "data": {"leader": "ma", "unit": "2", "steps": [fwd(5).dump()], "through": []}}]
    }
    new, lines = resolve_movement(replace(s, pending=(("a", orders),)), ScriptedDice.of(6, 1, 1))
    assert new.unit("2").condition is Condition.GOOD
    assert World(new).bound(new.unit("2")).front_mid() == World(s).bound(s.unit("2")).front_mid()
    assert World(new).bound(new.unit("1")).front_mid() == World(s).bound(s.unit("1")).front_mid()


def test_WC_CMD_3_and_WC_CMD_16_one_commander_and_runs() -> None:
    """[WC.CMD.3] a unit takes orders from one commander a turn; [WC.CMD.16] a commander who moves
    on to another unit closes the earlier one."""
    s = RULESET.setup("open-field", {})
    with pytest.raises(OrdersRejected) as err:
        RULESET.parse_orders(
            s,
            "red",
            "commander henry\nunit R2 forward 2\nunit R3 forward 2\nunit R2 forward 2\n"
            "commander roger\nunit R1 forward 2\n",
        )
    assert [e.code for e in err.value.errors] == ["WC.CMD.16"]
    with pytest.raises(OrdersRejected) as err2:
        RULESET.parse_orders(s, "red", "commander roger\nunit R1 forward 2\ncommander henry\nunit R1 forward 2\n")
    assert err2.value.errors[0].code == "WC.CMD.3"


def test_WC_LEADER_5_6_leaders_move_after_units() -> None:
    """[WC.LEADER.5] leaders move 60 cm, not ending within 2 cm of the enemy; [WC.LEADER.6] an
    attached leader goes with his unit and may attach after the moves."""
    s = RULESET.setup("open-field", {})
    with pytest.raises(OrdersRejected) as err:
        RULESET.parse_orders(s, "red", "leader henry move to 85 90")
    assert err.value.errors[0].code == "WC.LEADER.5"
    acc = RULESET.parse_orders(s, "red", "commander roger\nunit R1 forward 10\nleader henry attach R2\n")
    res = RULESET.resolve(RULESET.apply_orders(s, acc), ScriptedDice.of(6, 1, 1))
    assert res.state.leader("roger").y == 3400 and res.state.leader("henry").attached_to == "R2"


def test_WC_SEQ_8_end_of_turn_clears_flags() -> None:
    """[WC.SEQ.7] [WC.SEQ.8] the per-turn flags are cleared and the other side plays."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90))
    s = s.with_unit(replace(s.unit("1"), moved=True, frozen=True, orders_received=2, closed=True, ordered_by="ma"))
    after = end_player_turn(s, [])
    u = after.unit("1")
    assert (u.moved, u.frozen, u.orders_received, u.closed, u.ordered_by) == (False, False, 0, False, "")
    assert after.active == "b"


def test_WC_GEOM_24_leaders_are_points_with_a_1cm_contact() -> None:
    """[WC.GEOM.24] an enemy footprint within 1 cm of a leader has contacted him."""
    stand = Rect(0.0, 0.0, 90.0, 4.0, 2.0).polygon()
    assert leader_contacted((0.0, 1.9), stand) and not leader_contacted((0.0, 2.1), stand)


def test_WC_TROOPGEN_data_tables() -> None:
    """[WC.TROOPGEN.4] quality equivalents; [WC.TROOPGEN.5] the types; [WC.TROOPGEN.10] irregular and
    impetuous cost nothing; [WC.TROOPGEN.15] [WC.LIST.6] the notes' abbreviations agree with every
    row's flags; [WC.BASE.2] Warmaster basing; [WC.SCALE.1] [WC.SCALE.2] 1 cm is 10 yards;
    [WC.LIST.7] a fielded dismounted-knight row keeps its impetuous flag."""
    assert QUALITY_EQUIVALENTS["inferior"] is Quality.LEVY and QUALITY_EQUIVALENTS["a"] is Quality.ELITE
    assert len(TroopType) == 13 and ABBREVIATIONS["THW"] == "Two Handed Weapon"
    p = P["base.axemen"]
    assert points_2stand(replace(p, flags=frozenset())) == points_2stand(p)
    assert all(notes_flags(q.notes) == q.flags for q in P.values())
    assert fantasy_size(Category.CAVALRY) == (200, 400) and fantasy_size(Category.INFANTRY) == (400, 200)
    assert CM_PER_YARDS == 10
    assert Flag.IMPETUOUS in P["base.knights_dmtd"].flags


def _bannockburn():  # type: ignore[no-untyped-def]
    return RULESET.setup("bannockburn", {})


def test_WC_SCN_1_2_forces_and_leaders() -> None:
    """[WC.SCN.1] Historical, 1314; [WC.SCN.2] [WC.TEST.21] 82 English and 39 Scots stands, their
    points and leaders; [WC.SCN.2a] English Archers LB and English Spearmen; [WC.SCN.2b] the proposed
    units; [WC.SCN.3] Steady pikes; [WC.SCN.4] Scots knights with 3 hits."""
    from games.war_cometh.troops import unit_points

    s = _bannockburn()
    assert (s.variant, s.year) == ("historical", 1314)
    stands = {side: sum(len(u.stands) for u in s.units if u.side == side) for side in ("english", "scots")}
    assert stands == {"english": 82, "scots": 39}
    pts = {
        side: sum(unit_points(P[u.stands[0].profile], len(u.stands)) for u in s.units if u.side == side)
        for side in ("english", "scots")
    }
    assert pts == {"english": 2675, "scots": 1200}
    assert {u.stands[0].profile for u in s.units if u.id.startswith("EN_LB")} == {"english.english_archers_lb"}
    assert {u.stands[0].profile for u in s.units if u.id.startswith("EN_SP")} == {"english.english_spearmen"}
    assert [len(u.stands) for u in s.units if u.id.startswith("SC_PK")] == [4] * 6
    assert P["scots.lowland_pikes_stdy"].quality is Quality.STEADY and P["scots.knights_mtd_a5"].hits == 3
    assert (s.leader("bruce").rating, s.leader("edward").rating, s.leader("keith").command_range) == (10, 7, 20)


def test_WC_SCN_9_12_18_camps_break_points_and_map() -> None:
    """[WC.SCN.9] camps within 6 inches of each baseline; [WC.SCN.12] break points 17 and 18;
    [WC.SCN.18] a 180 x 120 table with the English baseline at y = 0."""
    s = _bannockburn()
    camps = {a.id: a for a in s.areas if a.kind.value == "camp"}
    assert max(y for _, y in camps["english_camp"].points) <= 1524
    assert min(y for _, y in camps["scots_camp"].points) >= 12000 - 1524
    assert (s.side("scots").break_point, s.side("english").break_point) == (17, 18)
    assert (s.width, s.depth, s.side("english").player) == (18000, 12000, "A")


def test_WC_SCN_10_terrain_rules() -> None:
    """[WC.SCN.10] [WC.SCN.10a] the Bannock Burn stops a move; the Pelstream costs 10 cm and the
    Forth and the gorge are impassable; marsh bars the knights."""
    s = _bannockburn()
    w = World(s)
    assert any(a.id == "forth" and a.kind.value == "impassable" for a in s.areas)
    assert any(a.id == "bannock_gorge" and a.kind.value == "impassable" for a in s.areas)
    knights = s.unit("EN_KN1")
    assert len(w.barred(knights)) > len(w.barred(s.unit("EN_SP1")))
    burn = position(
        unit("1", "a", "base.pikes", 3, (50, 40), 90),
        terrain='[[lines]]\nid = "b"\nkind = "bannock"\npoints = [[0, 45], [180, 45]]\n',
    )
    assert run(burn, "1", fwd(10)).refusal.rule == "WC.SCN.10a"  # type: ignore[union-attr]
    pel = position(
        unit("1", "a", "base.pikes", 3, (50, 40), 90),
        terrain='[[lines]]\nid = "p"\nkind = "pelstream"\npoints = [[0, 45], [180, 45]]\n',
    )
    assert abs(run(pel, "1", fwd(8)).cost - 18.0) < 0.01


def test_WC_SCN_14_15_16_how_the_battle_ends() -> None:
    """[WC.SCN.14] losing Edward II or Robert the Bruce ends the battle; [WC.SCN.15] [WC.SCN.16]
    after 12 turns the Scots win."""
    s = replace(_bannockburn(), phase=Phase.MOVEMENT, deploy_order=())
    king = replace(s.leader("edward"), lost=True)
    over = end_player_turn(s.with_leader(king), [])
    assert over.phase is Phase.OVER and over.winner == "scots"
    last = replace(s, player_turn=24)
    done = end_player_turn(last, [])
    assert done.phase is Phase.OVER and RULESET.outcome(done).winner == "scots"  # type: ignore[union-attr]


def test_WC_SCN_8a_small_folk_take_no_orders() -> None:
    """[WC.SCN.8] [WC.SCN.8a] the Small Folk receive no orders until released."""
    s = replace(_bannockburn(), phase=Phase.MOVEMENT, active="scots", deploy_order=())
    with pytest.raises(OrdersRejected) as err:
        RULESET.parse_orders(s, "scots", "unit SC_SF2 forward 3")
    assert err.value.errors[0].code == "WC.SCN.8"
    freed = s.with_unit(replace(s.unit("SC_SF2"), released=True))
    assert RULESET.parse_orders(freed, "scots", "unit SC_SF2 forward 3").canonical == "unit SC_SF2 forward 3"


def test_WC_THROUGH_8_a_rout_through_friends_disorders_them() -> None:
    """[WC.THROUGH.8] [WC.COMPULSORY.4] a routed unit fleeing through a friend disorders it."""
    s = position(
        unit("1", "a", "base.pikes", 3, (50, 60), 90, extra="disordered = true"),
        unit("2", "a", "base.pikes", 3, (50, 52), 90),
    )
    orders = {
        "orders": [{"kind": "order", "data": {"leader": "ma", "unit": "1", "steps": [fwd(2).dump()], "through": []}}]
    }
    s = replace(s, pending=(("a", orders),))
    # rating 8, 66 cm away at CR 20 (-3), no enemy within 60 (+1) = 6; 3+5 -> -2: Broken, flees 18 cm
    new, lines = resolve_movement(s, ScriptedDice.of(6, 3, 5, 6, 6, 6))
    assert new.unit("1").condition is Condition.ROUTED
    assert new.unit("2").condition is Condition.DISORDERED


def test_WC_VIS_sight_rules() -> None:
    """[WC.VIS.1] [WC.VIS.2] [WC.VIS.8] [WC.VIS.9] [WC.VIS.10] the near edge is what is seen; sight is
    judged from the higher end both ways; skirmisher stands block; leaders are never blockers."""
    from shapely.geometry import box

    from campaign.table import Blocker, Ground, Hill, SightQuery, near_edges, visible

    eye = (Rect(10.0, 0.0, 90.0, 4.0, 2.0),)
    target = tuple(grid_rects((10.0, 31.0), 90.0, files=2, ranks=1, width=4.0, depth=2.0))
    edges = near_edges(SightQuery(eye, target, target_facing=90.0))
    assert len(edges) == 1 and abs(edges[0][0][1] - 29.0) < 1e-9  # the rear side faces the observer
    skirm = tuple(Blocker(r) for r in grid_rects((10.0, 15.0), 90.0, files=5, ranks=1, width=4.0, depth=2.0))
    assert not visible(SightQuery(eye, target, target_facing=90.0), Ground(stands=skirm))
    hill = (Hill(box(0, -5, 20, 2), 1),)
    assert visible(SightQuery(eye, target, target_facing=90.0), Ground(hills=hill, stands=skirm))
    low_eye = (Rect(10.0, 40.0, -90.0, 4.0, 2.0),)
    high_target = tuple(grid_rects((10.0, 0.0), 90.0, files=2, ranks=1, width=4.0, depth=2.0))
    assert visible(SightQuery(low_eye, high_target, target_facing=90.0), Ground(hills=hill, stands=skirm))


def test_WC_FORM_7_8_13_refused_flanks_u_and_turning_formations() -> None:
    """[WC.FORM.7] a refused flank bends one end stand back at 90°; [WC.FORM.8] a U both ends;
    [WC.FORM.13] a formation change may turn the unit, the anchor pivoting in place, and the turn
    counts toward the 45° limit."""
    s = position(unit("1", "a", "base.pikes", 4, (50, 40), 90))
    ref = run(s, "1", Step(StepKind.FORM, formation=Formation.REFUSED, target="left"))
    assert ref.refusal is None and sorted(round(r.facing) for r in ref.rects) == [90, 90, 90, 180]
    u = run(s, "1", Step(StepKind.FORM, formation=Formation.U))
    assert u.refusal is None and sorted(round(r.facing) for r in u.rects) == [0, 90, 90, 180]
    turned = run(s, "1", Step(StepKind.FORM, formation=Formation.COLUMN, facing=0))
    assert turned.refusal is None and turned.facing == 0.0 and {round(r.facing) for r in turned.rects} == {0}
    rate, _, big_turn = allowance(
        World(s), s.unit("1"), Plan("1", (Step(StepKind.FORM, formation=Formation.COLUMN, facing=0),))
    )
    assert big_turn and rate == 10.0


def test_WC_FORM_5_and_WC_SCN_6_moving_hedgehogs() -> None:
    """[WC.FORM.5] a unit that moves may not end in hedgehog; [WC.SCN.6] a Scottish schiltron may."""
    s = position(unit("1", "a", "base.pikes", 4, (50, 40), 90))
    m = run(s, "1", Step(StepKind.FORM, formation=Formation.HEDGEHOG, target="left"))
    hh = s.with_unit(
        replace(
            s.unit("1"),
            formation=Formation.HEDGEHOG,
            stands=tuple(replace(st, pose=r.pose()) for st, r in zip(s.unit("1").stands, m.rects, strict=True)),
        )
    )
    assert run(hh, "1", fwd(5)).refusal.rule == "WC.FORM.5"  # type: ignore[union-attr]
    sc = position(unit("1", "a", "scots.lowland_pikes_stdy", 4, (50, 40), 90), extra_head='special = ["WC.SCN.6"]\n')
    sm = run(sc, "1", Step(StepKind.FORM, formation=Formation.HEDGEHOG, target="left"))
    schiltron = sc.with_unit(
        replace(
            sc.unit("1"),
            formation=Formation.HEDGEHOG,
            stands=tuple(replace(st, pose=r.pose()) for st, r in zip(sc.unit("1").stands, sm.rects, strict=True)),
        )
    )
    assert run(schiltron, "1", fwd(5)).refusal is None


def test_WC_SEQ_2_and_WC_SEQ_10_start_of_turn_and_break() -> None:
    """[WC.SEQ.2] [WC.LEADER.12] a lost Earl is replaced at the start of his side's turn;
    [WC.SEQ.10] an army at its break point loses, both at once is a draw."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("2", "b", "base.pikes", 3, (50, 90), -90))
    s = replace(s, active="b", sides=tuple(replace(x, break_point=5) for x in s.sides))
    lost = s.with_leader(replace(s.leader("ma"), lost=True))
    after = end_player_turn(lost, [])
    assert after.phase is Phase.OVER and after.winner == "b"  # a lost Marshal is 6 >= 5
    both = lost.with_leader(replace(lost.leader("mb"), lost=True))
    assert end_player_turn(both, []).winner == ""
    calm = replace(lost, sides=tuple(replace(x, break_point=0) for x in s.sides))
    nxt = end_player_turn(calm, [])
    assert nxt.active == "a" and any(g.id == "ma_r" and g.rating == 6 for g in nxt.leaders)


def test_WC_DEPLOY_9_flank_march_arrivals() -> None:
    """[WC.DEPLOY.9] arrivals touch the chosen edge, face into the table, in the half nearer the
    opponent's baseline."""
    from games.war_cometh.deploy import flank_arrival_spots

    spots = flank_arrival_spots(True, True, 180.0, 120.0, [12.0, 12.0], [3.0, 3.0])
    assert [(round(x, 2), round(y, 2), f) for x, y, f in spots] == [(3.0, 113.5, 0.0), (3.0, 101.0, 0.0)]
    right = flank_arrival_spots(False, False, 180.0, 120.0, [8.0], [2.0])
    assert right == [(178.0, 4.5, 180.0)]


def test_WC_THROUGH_2_flyers_fly_over_friends() -> None:
    """[WC.THROUGH.2] [WC.TERR.13] (F) a flyer passes over friends and terrain without a pass-through."""
    from games.war_cometh.troops import MeleeWeapon, Profile

    flyer = Profile(
        "house.griffon",
        "Griffon",
        TroopType.HEAVY_CAVALRY,
        Category.FLYERS,
        3,
        0,
        None,
        3,
        5,
        1,
        0,
        Quality.STEADY,
        MeleeWeapon.OW,
        frozenset(),
        "",
        200,
        400,
    )
    fly = unit("1", "a", "base.pikes", 1, (50, 20), 90)
    s = position(fly, unit("2", "a", "base.pikes", 3, (50, 24), 90))
    s = replace(s, house_profiles=(flyer,))
    s = s.with_unit(
        replace(s.unit("1"), stands=tuple(replace(st, profile="house.griffon") for st in s.unit("1").stands))
    )
    m = run(s, "1", fwd(30))
    assert m.refusal is None and m.passed == []


def test_WC_FORM_11_and_WC_SCN_5_charge_and_dismount_permissions() -> None:
    """[WC.FORM.11] an irregular formation may not charge; [WC.SCN.5] English knights may not
    dismount at Bannockburn."""
    from games.war_cometh.ratings import may_charge, may_dismount

    assert may_charge(True) and not may_charge(False)
    s = _bannockburn()
    assert not may_dismount(s.special, "english.feudal_knights_mtd")
    assert may_dismount((), "english.feudal_knights_mtd") and may_dismount(s.special, "scots.knights_mtd_a5")


def test_WC_TERR_5a_a_unit_in_dense_terrain_moves_1d6() -> None:
    """[WC.TERR.5] [WC.TERR.5a] a unit starting in dense terrain moves only the 1D6 cm rolled (6
    when orders are checked), with no poor-going double."""
    dense = '[[areas]]\nid = "d"\nkind = "dense"\npoints = [[0, 30], [180, 30], [180, 100], [0, 100]]\n'
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), terrain=dense)
    assert run(s, "1", fwd(7)).refusal.rule == "WC.MOVE.12"  # type: ignore[union-attr]
    assert run(s, "1", fwd(6)).refusal is None
    data = {"leader": "ma", "unit": "1", "steps": [fwd(6).dump()], "through": []}
    s2 = replace(s, pending=(("a", {"orders": [{"kind": "order", "data": data}]}),))
    new, lines = resolve_movement(s2, ScriptedDice.of(6, 1, 1, 4))
    assert any("may move 4 cm" in line for line in lines)
    assert abs(World(new).bound(new.unit("1")).front_mid()[1] - 44.0) < 0.02
