"""The Command Table, leaders and deployment: the worked examples of §49 as golden tests."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from games.war_cometh.command import (
    ABILITY,
    Modifiers,
    Result,
    ability_from_roll,
    allowed_leaders,
    battleline_problems,
    command_result,
    distance_penalty,
    may_take_another,
    modified_rating,
    order_radius,
    roll_result,
)
from games.war_cometh.deploy import (
    camp_ok,
    deployment_roll,
    deployment_steps,
    flank_march_arrives,
    flank_march_will_arrive,
    in_deploy_zone,
)
from games.war_cometh.model import Ability, Condition, Role
from games.war_cometh.turn import modifiers, resolve_movement
from games.war_cometh.world import World

from .helpers import position, unit


@pytest.mark.parametrize(
    ("cr", "d", "expect", "lc"),
    [
        (20, 22, -1, False),
        (20, 20, 0, False),
        (20, 40, -1, False),
        (20, 40.01, -2, False),
        (15, 40, -2, False),
        (25, 80, -3, False),
        (20, 35, 0, True),
    ],
)
def test_WC_TEST_1_command_distance_penalty(cr: int, d: float, expect: int, lc: bool) -> None:
    """[WC.TEST.1] [WC.CMD.12] [WC.CMD.10] −1 per multiple of the command range, light cavalry exempt."""
    assert distance_penalty(cr, d, light_cavalry=lc) == expect


@pytest.mark.parametrize(
    ("value", "good", "dis"),
    [
        (3, Result.CARRY_ON, Result.RALLY_WITH_ELAN),
        (0, Result.CARRY_ON, Result.CAUTIOUS_ADVANCE),
        (-1, Result.HESITANT, Result.RALLY_AND_STAND),
        (-2, Result.STAND, Result.BROKEN),
        (-3, Result.LEADER_CONFUSED, Result.FLEES),
        (-7, Result.LEADER_CONFUSED, Result.FLEES),
    ],
)
def test_WC_TEST_26_command_table(value: int, good: Result, dis: Result) -> None:
    """[WC.TEST.26] [WC.CMD.7] [WC.CMD.8] the table, with every result <= −3 on the last row."""
    assert command_result(value=value, disordered=False) is good
    assert command_result(value=value, disordered=True) is dis


def test_WC_TEST_9_several_orders_to_one_unit() -> None:
    """[WC.TEST.9] [WC.CMD.6] [WC.CMD.9] [WC.CMD.15] Competent 8, attached, Levy column, enemy within
    30: 9 − 9 = 0 Carry On; 2nd order −2: 7 − 6 = +1 Carry On; then 7 − 9 = −2 Stand: closed."""
    m = Modifiers(attached=True, levy=True, column=True, enemy_within_30=True)
    assert modified_rating(8, m) == 9
    assert roll_result(9, (4, 5), disordered=False) == (0, Result.CARRY_ON)
    second = replace(m, second_order=True)
    assert modified_rating(8, second) == 7
    assert roll_result(7, (3, 3), disordered=False) == (1, Result.CARRY_ON)
    assert roll_result(7, (5, 4), disordered=False) == (-2, Result.STAND)
    assert may_take_another(False, [Result.CARRY_ON, Result.CARRY_ON], False)
    assert not may_take_another(False, [Result.CARRY_ON, Result.STAND], False)


def test_WC_TEST_10_natural_12_and_distance() -> None:
    """[WC.TEST.10] [WC.CMD.14] [WC.CMD.12] a natural 12 fails (worst row, or the −1 row at best);
    a Dullard Marshal at 40 cm with CR 15 and an enemy within 30 has 4; a routed unit rolls on the
    Disordered column."""
    m = Modifiers(attached=True, column=True, enemy_all_60_plus=True, elite=True)
    rating = modified_rating(9, m)
    assert rating == 14
    assert roll_result(rating, (6, 6), disordered=False)[1] is Result.LEADER_CONFUSED
    assert roll_result(rating, (6, 6), disordered=False, natural12_policy="cap_minus1")[1] is Result.HESITANT
    dull = Modifiers(distance=distance_penalty(15, 40.0), enemy_within_30=True)
    assert modified_rating(7, dull) == 4
    assert roll_result(4, (3, 4), disordered=False) == (-3, Result.LEADER_CONFUSED)
    routed = Modifiers(attached=True, routed=True)
    assert modified_rating(8, routed) == 8
    assert roll_result(8, (4, 4), disordered=True) == (0, Result.CAUTIOUS_ADVANCE)


def test_WC_CMD_9_exemptions_and_battleline_modifiers() -> None:
    """[WC.CMD.9] [WC.CMD.10] [WC.CMD.13] [WC.BATTLELINE.6] woods −2 unless attached or (H)
    skirmishers; artillery 2nd order −3 (flat, never growing); a battleline order ignores the rest."""
    assert modified_rating(8, Modifiers(in_woods=True)) == 6
    assert modified_rating(8, Modifiers(in_woods=True, skirmisher=True)) == 8
    assert modified_rating(8, Modifiers(second_order=True, artillery=True)) == 5
    assert modified_rating(8, Modifiers(casualties=True, levy=True, historical=False)) == 7
    line = Modifiers(attached=True, levy=True, second_order=True, enemy_within_30=True, battleline=True)
    assert modified_rating(9, line) == 6


def test_WC_CMD_5_order_radius_and_WC_CMD_1_allowances() -> None:
    """[WC.CMD.5] [WC.CMD.5a] Marshal anywhere, Earl 40 cm (60 by option), Captain 10 cm;
    [WC.CMD.1] [WC.TEST.21] an Earl per 1,000 and a Captain per 500 points."""
    assert order_radius(Role.MARSHAL) == float("inf")
    assert order_radius(Role.EARL) == 40.0 and order_radius(Role.EARL, 60) == 60.0
    assert order_radius(Role.CAPTAIN) == 10.0
    assert allowed_leaders(1200) == {Role.MARSHAL: 1, Role.EARL: 1, Role.CAPTAIN: 2}
    assert allowed_leaders(2675) == {Role.MARSHAL: 1, Role.EARL: 2, Role.CAPTAIN: 5}


def test_WC_LEADER_2_ability_table() -> None:
    """[WC.LEADER.1] [WC.LEADER.2] [WC.LEADER.12] ratings, ranges and attacks by ability."""
    assert ability_from_roll(12) is Ability.BRILLIANT and ability_from_roll(8) is Ability.GIFTED
    assert ability_from_roll(5) is Ability.COMPETENT and ability_from_roll(2) is Ability.DULLARD
    assert (ABILITY[Ability.BRILLIANT].rating, ABILITY[Ability.BRILLIANT].command_range) == (10, 25)
    assert (ABILITY[Ability.REPLACEMENT].rating, ABILITY[Ability.REPLACEMENT].command_range) == (6, 10)


def test_WC_BATTLELINE_rules() -> None:
    """[WC.BATTLELINE.1] [WC.BATTLELINE.2] [WC.BATTLELINE.3] [WC.BATTLELINE.4] [WC.BATTLELINE.5]
    [WC.LEADER.14] size, share of the army, who may join, who may order, the attached commander."""
    near = {("1", "2"): True, ("2", "3"): True}
    assert battleline_problems(["1", "2", "3"], near, 6, [], Role.EARL, "2") == ()
    found = battleline_problems(["1", "3"], {}, 8, ["3"], Role.CAPTAIN, "9")
    assert len(found) == 5
    assert battleline_problems(
        ["1", "2", "3", "4", "5"],
        {("1", "2"): True, ("2", "3"): True, ("3", "4"): True, ("4", "5"): True},
        8,
        [],
        Role.MARSHAL,
        "1",
    )[0].endswith("[WC.BATTLELINE.2]")


@pytest.mark.parametrize(
    ("a", "b", "rerolls", "winner", "diff"),
    [((8, 6), (7, 2), (), 0, 5), ((7, 3), (10, 1), (), 1, 1), ((8, 2), (7, 3), ((4, 6),), 1, 2)],
)
def test_WC_TEST_8_deployment_roll(
    a: tuple[int, int], b: tuple[int, int], rerolls: tuple, winner: int, diff: int
) -> None:
    """[WC.TEST.8] [WC.DEPLOY.1] [WC.DEPLOY.2] die + Marshal's rating; ties re-roll dice only."""
    r = deployment_roll(a, b, rerolls)
    assert (r.winner, r.diff) == (winner, diff)


def test_WC_DEPLOY_3_4_7_steps() -> None:
    """[WC.DEPLOY.3] [WC.DEPLOY.4] [WC.DEPLOY.7] [WC.DEPLOY.10] one step for the loser when diff > 4
    (before or after the winner), else foot first, then the winner, then the rest."""
    assert deployment_steps(diff=5, winner="a", loser="b") == (("b", "all"), ("a", "all"))
    assert deployment_steps(diff=5, winner="a", loser="b", loser_first=False) == (("a", "all"), ("b", "all"))
    assert deployment_steps(diff=4, winner="a", loser="b") == (("b", "foot"), ("a", "all"), ("b", "rest"))


def test_WC_TEST_19_flank_march() -> None:
    """[WC.TEST.19] [WC.DEPLOY.6] [WC.DEPLOY.8] 2D6 <= rating to arrive at all (12 fails); then a die
    <= the owner's turn number."""
    assert flank_march_will_arrive(9, (3, 5)) and not flank_march_will_arrive(12, (6, 6))
    assert [flank_march_arrives(t, d) for t, d in ((1, 3), (2, 4), (3, 2))] == [False, False, True]


def test_WC_DEPLOY_11_12_zones_and_camps() -> None:
    """[WC.DEPLOY.11] [WC.DEPLOY.12] [WC.SCALE.3] within 30 cm of the own baseline; camps within
    6 inches (15.24 cm)."""
    assert in_deploy_zone(30.0, True, 120.0) and not in_deploy_zone(30.5, True, 120.0)
    assert in_deploy_zone(90.0, False, 120.0) and not in_deploy_zone(89.0, False, 120.0)
    assert camp_ok(15.24, 7.0, True, 120.0) and not camp_ok(16.0, 8.0, True, 120.0)
    assert camp_ok(112.0, 105.0, False, 120.0)


def test_WC_CMD_9_modifiers_read_from_the_table() -> None:
    """[WC.CMD.9] [WC.CMD.11] [WC.FORM.14] column +1, enemy within 30 −1, every enemy 60+ +1,
    Levy −1, casualties −1, geodesic distance from the leader."""
    s = position(
        unit("1", "a", "english.english_spearmen", 3, (50, 20), 90, files=1, extra="lost = 1"),
        unit("2", "b", "base.pikes", 3, (50, 45), -90),
    )
    w = World(s)
    m = modifiers(w, s.leader("ma"), s.unit("1"))
    assert m.column and m.levy and m.enemy_within_30 and not m.enemy_all_60_plus and m.casualties
    assert m.distance == -2  # 5,5 to the column at about 45 cm; Competent CR 20
    far = position(unit("1", "a", "base.pikes", 3, (50, 20), 90), unit("2", "b", "base.pikes", 3, (50, 100), -90))
    assert modifiers(World(far), far.leader("ma"), far.unit("1")).enemy_all_60_plus


def test_WC_CMD_18_results_move_rout_and_disintegrate() -> None:
    """[WC.CMD.17] [WC.CMD.18] [WC.CMD.19] [WC.CMD.20] [WC.CMD.21] [WC.ROUT.2a] Hesitant goes half
    way (the Carry On plan cut at the half-pace allowance); Broken routs and flees 3D6 toward the
    baseline; Flees removes the unit and confuses the leader."""
    s = position(
        unit("1", "a", "base.pikes", 3, (50, 40), 90),
        unit("2", "a", "base.pikes", 3, (100, 40), 90, extra="disordered = true"),
        unit("3", "a", "base.pikes", 3, (150, 40), 90, extra="disordered = true"),
        unit("9", "b", "base.pikes", 3, (75, 95), -90),
    )
    s = replace(s, leaders=tuple(replace(g, x=10000, y=3000) if g.id == "ma" else g for g in s.leaders))
    orders = {
        "orders": [
            {"kind": "order", "data": {"leader": "ma", "unit": "1", "steps": [_fwd(20)], "through": []}},
            {"kind": "order", "data": {"leader": "ma", "unit": "2", "steps": [_fwd(10)], "through": []}},
        ]
    }
    s = replace(s, pending=(("a", orders),))
    # unit 1: rating 8, 45 cm away at CR 20 -> -2 = 6; 3+4 -> -1 Hesitant: half pace, 10 of 20 cm
    # unit 2 (disordered, 8.5 cm away): 8, dice 5+5 -> -2 Broken: flees 2+3+4 = 9 cm
    new, lines = resolve_movement(s, ScriptedDice.of(6, 3, 4, 5, 5, 2, 3, 4))
    assert any("hesitant" in line for line in lines)
    assert abs(World(new).bound(new.unit("1")).front_mid()[1] - 50.0) < 0.02
    assert new.unit("2").condition is Condition.ROUTED
    assert abs(World(new).bound(new.unit("2")).cy - (40.0 - 0.75 - 9.0)) < 0.05
    flee = replace(
        s,
        pending=(
            (
                "a",
                {
                    "orders": [
                        {"kind": "order", "data": {"leader": "ma", "unit": "3", "steps": [_fwd(10)], "through": []}}
                    ]
                },
            ),
        ),
    )
    after, lines = resolve_movement(flee, ScriptedDice.of(6, 6, 5))  # 6 - 11 = -5
    assert not after.unit("3").on_table and after.unit("3").lost == 3


def _fwd(cm: int) -> dict:
    from games.war_cometh.plans import Step, StepKind

    return Step(StepKind.FORWARD, dist=cm * 100).dump()


def _line_of_three(attached: str = "2"):  # type: ignore[no-untyped-def]
    s = position(
        unit("1", "a", "base.pikes", 3, (40, 20), 90),
        unit("2", "a", "base.pikes", 3, (53, 20), 90),
        unit("3", "a", "base.pikes", 3, (66, 20), 90),
        unit("4", "a", "base.pikes", 3, (120, 20), 90),
        unit("9", "b", "base.pikes", 3, (60, 100), -90),
    )
    return s.with_leader(replace(s.leader("ma"), x=5300, y=2000, attached_to=attached))


def test_WC_BATTLELINE_orders_in_play() -> None:
    """[WC.BATTLELINE.4] [WC.BATTLELINE.6] [WC.BATTLELINE.7] [WC.BATTLELINE.8] [WC.BATTLELINE.9]
    [WC.BATTLELINE.10] one roll with only the battleline modifiers, the same result for each unit;
    after a Carry On the commander may go on ordering its units."""
    from campaign.ruleset import OrdersRejected
    from games.war_cometh import RULESET
    from games.war_cometh.battleline import battleline_modifiers

    s = _line_of_three()
    m = battleline_modifiers(s, ["1", "2", "3"])
    assert m.battleline and m.enemy_all_60_plus and not m.second_order
    acc = RULESET.parse_orders(s, "a", "battleline 1 2 3 forward 10\nunit 2 forward 5\n")
    assert acc.canonical.splitlines()[0] == "battleline 1 2 3 forward 10"
    # rating 8 + 1 (all enemies 60+) = 9; 2+3 -> +4 Carry On; then unit 2 (2nd order -2, attached +2): 1+1
    res = RULESET.resolve(RULESET.apply_orders(s, acc), ScriptedDice.of(6, 2, 3, 1, 1))
    w = World(res.state)
    ys = [round(w.bound(res.state.unit(u)).front_mid()[1], 2) for u in "123"]
    assert ys == [30.0, 35.0, 30.0]
    hesitant = RULESET.resolve(
        RULESET.apply_orders(s, RULESET.parse_orders(s, "a", "battleline 1 2 3 forward 20")), ScriptedDice.of(6, 5, 5)
    )
    hw = World(hesitant.state)
    assert [round(hw.bound(hesitant.state.unit(u)).front_mid()[1], 2) for u in "123"] == [30.0, 30.0, 30.0]
    assert all(hesitant.state.unit(u).closed is False for u in "123")  # flags cleared at the end of the turn
    with pytest.raises(OrdersRejected) as err:
        RULESET.parse_orders(_line_of_three(attached=""), "a", "battleline 1 2 3 forward 5")
    assert err.value.errors[0].code == "WC.BATTLELINE.5"
    with pytest.raises(OrdersRejected) as err2:
        RULESET.parse_orders(s, "a", "battleline 1 2 4 forward 5")
    assert err2.value.errors[0].code == "WC.BATTLELINE.1"


def test_WC_DEPLOY_6_8_9_flank_march_in_play() -> None:
    """[WC.DEPLOY.6] [WC.DEPLOY.8] [WC.DEPLOY.9] [WC.DEPLOY.10] [WC.TEST.19] a flank march is set
    aside during deployment, tests to arrive when deployment ends (2D6 <= 9), and arrives on the
    owner's third turn (a 2 <= 3) along the left edge, in the half nearer the enemy."""
    from campaign.ruleset import OrdersRejected
    from games.war_cometh import RULESET
    from games.war_cometh.model import FlankStatus, Phase
    from games.war_cometh.turn import end_player_turn

    s = position(
        unit("1", "a", "base.pikes", 3, (50, 20), 90),
        unit("2", "a", "base.knights_mtd", 3, (90, 20), 90),
        unit("9", "b", "base.pikes", 3, (60, 100), -90),
        extra_head='phase = "deploy"\ndeploy_order = ["a", "b"]\nflank_march_side = "a"\n',
    )
    s = s.with_leader(replace(s.leader("ma"), role=Role.EARL, rating=9))
    with pytest.raises(OrdersRejected):
        RULESET.parse_orders(s, "a", "flank march mb 9")
    acc = RULESET.parse_orders(s, "a", "flank march ma 2 edge left")
    s = RULESET.resolve(RULESET.apply_orders(s, acc), ScriptedDice.of(6)).state
    assert not s.unit("2").on_table and s.leader("ma").away
    s = RULESET.apply_orders(s, RULESET.parse_orders(s, "b", "done"))
    s = RULESET.resolve(s, ScriptedDice.of(6, 3, 5)).state  # 8 <= 9: it will come
    assert s.phase is Phase.MOVEMENT and s.flank_marches[0].status is FlankStatus.WILL_ARRIVE
    dice = ScriptedDice.of(6, 4, 2)  # a's turn 2: 4 > 2; a's turn 3: 2 <= 3
    s = end_player_turn(s, [], dice)  # a -> b
    s = end_player_turn(s, [], dice)  # b -> a (a's turn 2)
    assert not s.unit("2").on_table
    s = end_player_turn(s, [], dice)
    s = end_player_turn(s, [], dice)  # a's turn 3
    assert s.unit("2").on_table and s.flank_marches[0].status is FlankStatus.ARRIVED
    b = World(s).bound(s.unit("2"))
    assert abs(min(q[0] for q in b.corners())) < 0.01 and b.cy > 60.0 and abs(s.unit("2").facing) < 0.01
