"""Clauses mutation testing of games/war_cometh/rout.py found unpinned (benchmarks/mutation.py wc:rout):
routing's narrative and markers, the rally state, the 3D6 flee's dice, direction per player, turn about its
centre, stops, pass-throughs, leaving the table and its trace, and which routed units flee unordered
[WC.ROUT.1]-[WC.ROUT.9] [WC.PD.20] [WC.GEOM.21]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from games.war_cometh.model import Condition, State, Trace
from games.war_cometh.rout import flee, flee_unordered, rallied, rout
from games.war_cometh.world import World

from .helpers import position, unit

FLEE = "rout: unit 1 flees 3D6 toward its baseline"
"""The purpose of each of unit 1's three flee dice."""


def poses(s: State, uid: str) -> list[tuple[int, int, int]]:
    return [(st.pose.x, st.pose.y, st.pose.facing) for st in s.unit(uid).stands]


def routed(*units: str, terrain: str = "", head: str = "") -> State:
    """A position with unit 1 routed."""
    return rout(position(*units, terrain=terrain, extra_head=head), "1")


def test_WC_ROUT_1_narrative_default_and_given_reason() -> None:
    """[WC.ROUT.1] routing is told with its reason, a Broken result unless another is given; only that
    unit changes, routed with no Hold Fire marker."""
    s = position(unit("1", "a", "base.pikes", 2, (50, 20), 90), unit("2", "a", "base.pikes", 2, (90, 20), 90))
    s = s.with_unit(replace(s.unit("1"), hold_fire=True, condition=Condition.DISORDERED))
    lines: list[str] = []
    after = rout(s, "1", lines)
    assert lines == ["Unit 1 routs (a Broken result)."]
    assert after == s.with_unit(replace(s.unit("1"), hold_fire=False, condition=Condition.ROUTED))
    lines = []
    rout(s, "2", lines, why="camp captured")
    assert lines == ["Unit 2 routs (camp captured)."]


def test_WC_ROUT_1_already_routed_unchanged_and_silent() -> None:
    """[WC.ROUT.1] a unit already routed: nothing changes (its marker stays) and nothing is said."""
    s = position(unit("1", "a", "base.pikes", 2, (50, 20), 90))
    s = s.with_unit(replace(s.unit("1"), condition=Condition.ROUTED, hold_fire=True))
    lines: list[str] = []
    assert rout(s, "1", lines) == s and not lines


def test_WC_ROUT_2a_rally_of_a_good_unit_keeps_it_good() -> None:
    """[WC.ROUT.2a] a rally result leaves a unit in good order in good order."""
    assert rallied(Condition.GOOD) is Condition.GOOD


def test_WC_ROUT_4_three_dice_their_purpose_exact_narrative_and_trace() -> None:
    """[WC.ROUT.4] 3D6 (1+2+3 = 6 cm) toward player A's baseline, each die named; the move is told to the
    hundredth, marks the unit moved and leaves a compulsory trace from centre to centre."""
    s = routed(unit("1", "a", "base.pikes", 3, (50, 40), 90))
    lines: list[str] = []
    dice = ScriptedDice.of(6, 1, 2, 3)
    after = flee(s, s.unit("1"), dice, lines)
    assert [p for _, p in dice.log] == [FLEE, FLEE, FLEE] and not dice.script
    assert lines == ["Unit 1 flees 6.00 cm of 6 toward its baseline."]
    u = after.unit("1")
    assert u.moved and u.on_table and u.condition is Condition.ROUTED
    assert poses(after, "1") == [(5400, 3325, -9000), (5000, 3325, -9000), (4600, 3325, -9000)]
    assert after.traces == (*s.traces, Trace("1", "a", ((5000, 3925), (5000, 3325)), compulsory=True))


def test_WC_ROUT_4_player_B_flees_toward_the_far_edge() -> None:
    """[WC.ROUT.4] player B's baseline is the far edge: a B unit facing A turns about and flees up the table."""
    s = routed(unit("1", "b", "base.pikes", 3, (50, 40), -90))
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6, 1, 2, 3), lines)
    assert poses(after, "1") == [(4600, 4675, 9000), (5000, 4675, 9000), (5400, 4675, 9000)]
    assert after.traces[-1] == Trace("1", "b", ((5000, 4075), (5000, 4675)), compulsory=True)
    assert lines == ["Unit 1 flees 6.00 cm of 6 toward its baseline."]


def test_WC_GEOM_21_turns_about_its_centre_then_moves_a_given_distance() -> None:
    """[WC.GEOM.21] [WC.ROUT.5] a unit facing along the table turns about its centre to face its baseline,
    keeps its line, and moves a given distance without rolling."""
    s = routed(unit("1", "a", "base.pikes", 3, (50, 40), 0))
    lines: list[str] = []
    dice = ScriptedDice.of(6)
    after = flee(s, s.unit("1"), dice, lines, distance=10)
    assert not dice.log
    assert poses(after, "1") == [(5325, 3000, -9000), (4925, 3000, -9000), (4525, 3000, -9000)]
    assert after.traces[-1].points == ((4925, 4000), (4925, 3000))
    assert lines == ["Unit 1 flees 10.00 cm of 10 toward its baseline."]


def test_WC_GEOM_21_a_unit_turning_about_does_not_block_itself() -> None:
    """[WC.GEOM.21] [WC.ROUT.4] a unit facing along the table turns across its own old footprint: that is
    not a friend in the way, so a 3 cm flee moves 3 cm."""
    s = routed(unit("1", "a", "base.pikes", 3, (50, 40), 0))
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6), lines, distance=3)
    assert lines == ["Unit 1 flees 3.00 cm of 3 toward its baseline."]
    assert poses(after, "1") == [(5325, 3700, -9000), (4925, 3700, -9000), (4525, 3700, -9000)]


def test_WC_COMPULSORY_5_flee_blocked_at_once_moves_nothing() -> None:
    """[WC.COMPULSORY.5] [WC.ROUT.4] impassable terrain touching the unit's rear: it turns about, moves 0 cm,
    and its trace is a point."""
    block = '[[areas]]\nid = "x"\nkind = "impassable"\npoints = [[30, 35], [70, 35], [70, 38.5], [30, 38.5]]\n'
    s = routed(unit("1", "a", "base.pikes", 3, (50, 40), 90), terrain=block)
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6), lines, distance=5)
    assert lines == ["Unit 1 flees 0.00 cm of 5 toward its baseline."]
    assert after.traces[-1].points == ((5000, 3925), (5000, 3925))
    assert poses(after, "1") == [(5400, 3925, -9000), (5000, 3925, -9000), (4600, 3925, -9000)]


def test_WC_COMPULSORY_5_flee_stops_at_impassable_terrain() -> None:
    """[WC.COMPULSORY.5] [WC.ROUT.4] impassable terrain in the way stops the flee against it."""
    block = '[[areas]]\nid = "x"\nkind = "impassable"\npoints = [[30, 20], [70, 20], [70, 25], [30, 25]]\n'
    s = routed(unit("1", "a", "base.pikes", 3, (50, 40), 90), terrain=block)
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6), lines, distance=15)
    assert lines == ["Unit 1 flees 13.50 cm of 15 toward its baseline."]
    assert poses(after, "1") == [(5400, 2575, -9000), (5000, 2575, -9000), (4600, 2575, -9000)]


def test_WC_ROUT_9_a_friend_of_the_enemy_side_blocks() -> None:
    """[WC.ROUT.9] enemies block (2 cm short), friends do not: the enemy is found by the fleeing unit's side."""
    s = routed(unit("1", "b", "base.pikes", 3, (50, 40), -90), unit("9", "a", "base.pikes", 3, (50, 50), 90))
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6), lines, distance=15)
    w = World(after)
    assert abs(w.foot(after.unit("1")).distance(w.foot(after.unit("9"))) - 2.0) < 0.01
    assert after.unit("9").condition is Condition.GOOD


def test_WC_ROUT_6_friend_not_cleared_stops_the_flee() -> None:
    """[WC.ROUT.6] [WC.GEOM.21] a friend too deep to clear within the distance stops the flee before it:
    it is not passed, so not disordered."""
    s = routed(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("2", "a", "base.pikes", 6, (50, 30), 0, files=1))
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6), lines, distance=8)
    assert after.unit("2").condition is Condition.GOOD
    w = World(after)
    assert w.foot(after.unit("1")).distance(w.foot(after.unit("2"))) < 0.01
    assert lines == ["Unit 1 flees 6.50 cm of 8 toward its baseline."]


def test_WC_ROUT_6_friend_passed_narrative_then_flee() -> None:
    """[WC.ROUT.6] the friend passed is disordered (told first), then the flee is told."""
    s = routed(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("2", "a", "base.pikes", 3, (50, 34), 90))
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6), lines, distance=18)
    assert after.unit("2").condition is Condition.DISORDERED
    assert lines == [
        "Unit 2 (Pikes) is disordered (moved through by a routed unit).",
        "Unit 1 flees 18.00 cm of 18 toward its baseline.",
    ]


def test_WC_ROUT_6_fantasy_skirmish_profile_is_disordered() -> None:
    """[WC.ROUT.6] the skirmisher exemption is (H): in a Fantasy game the same profile passed is disordered."""
    s = routed(
        unit("1", "a", "base.pikes", 3, (50, 40), 90),
        unit("2", "a", "base.javelinmen", 3, (50, 34), 90),
        head='variant = "fantasy"\n',
    )
    after = flee(s, s.unit("1"), ScriptedDice.of(6), [], distance=18)
    assert after.unit("2").condition is Condition.DISORDERED


def test_WC_ROUT_8_off_the_table_narrative_no_trace_friends_passed_disordered() -> None:
    """[WC.ROUT.8] [WC.ROUT.6] a flee off the table: friends passed on the way are disordered, the unit
    leaves the table where it stood, marked moved, with the whole distance told and no trace."""
    s = routed(unit("1", "a", "base.pikes", 3, (50, 14), 90), unit("2", "a", "base.pikes", 3, (50, 8), 90))
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6, 5, 5, 5), lines)
    assert lines == [
        "Unit 2 (Pikes) is disordered (moved through by a routed unit).",
        "Unit 1 flees 15 cm off the table.",
    ]
    u = after.unit("1")
    assert u.on_table is False and u.moved and u.stands == s.unit("1").stands
    assert after.traces == s.traces


def test_WC_PD_20_only_own_routed_on_table_unordered_units_flee() -> None:
    """[WC.ROUT.4] [WC.PD.20] of side a, only routed units on the table given no order flee (ascending id):
    not a good unit, not one off the table, not one given an order, not side b's."""
    s = position(
        unit("1", "a", "base.pikes", 2, (20, 60), 90),
        unit("2", "a", "base.pikes", 2, (50, 60), 90),
        unit("3", "a", "base.pikes", 2, (80, 60), 90),
        unit("4", "a", "base.pikes", 2, (110, 60), 90),
        unit("5", "b", "base.pikes", 2, (140, 60), -90),
        unit("6", "a", "base.pikes", 2, (170, 60), 90),
    )
    for uid in "12456":
        s = rout(s, uid)
    s = s.with_unit(replace(s.unit("2"), on_table=False))
    s = s.with_unit(replace(s.unit("4"), orders_received=1))
    lines: list[str] = []
    dice = ScriptedDice.of(6, 1, 1, 1, 2, 2, 2)
    after = flee_unordered(s, "a", dice, lines)
    assert lines == ["Unit 1 flees 3.00 cm of 3 toward its baseline.", "Unit 6 flees 6.00 cm of 6 toward its baseline."]
    assert not dice.script
    for uid in "2345":
        assert after.unit(uid) == s.unit(uid)


@pytest.mark.parametrize("uid", ["1"])
def test_WC_ROUT_4_flee_unordered_of_a_side_with_none_routed(uid: str) -> None:
    """[WC.ROUT.4] no routed unit: nothing flees, no die."""
    s = position(unit(uid, "a", "base.pikes", 2, (20, 60), 90))
    dice = ScriptedDice.of(6)
    assert flee_unordered(s, "a", dice, []) == s and not dice.log
