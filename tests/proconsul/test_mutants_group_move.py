"""Clauses of games/proconsul/group_move.py that mutation testing found unpinned (benchmarks/mutation.py
pc:group_move): each test names the rule whose clause it pins and fails when that clause is changed [PC.MOVE.14]
[PC.MOVE.8] [PC.DISORDER.6] [PC.CMD.7]."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.proconsul.group_move import connected, group_move, group_opportunity, group_rally
from games.proconsul.movement import Illegal
from games.proconsul.state import Edge, State, Terrain, edge_key

from .helpers import P, ctx, make, spec_hex


def steps(*hexes: tuple[int, int]) -> list[list[Any]]:
    return [["hex", P(*h).q, P(*h).r] for h in hexes]


def stand(sid: str, at: tuple[int, int], troop: str = "cat:MC", side: str = "red", **kw: Any) -> dict[str, Any]:
    return {"id": sid, "side": side, "troop": troop, "at": at, **kw}


def line(*more: dict[str, Any], troop: str = "cat:MC", **kw: Any) -> State:
    """A (0, 0) and B (0, -1), side by side facing 0 (front hexes (1, 0) and (1, -1)); nothing has moved yet."""
    st = make([stand("A", (0, 0), troop), stand("B", (0, -1), troop), *more], **kw)
    st.moved = set()
    return st


def where(st: State, *ids: str) -> list[tuple[int, int]]:
    return [spec_hex(st.stands[i].hex) for i in ids]


def refusal(fn: Any, st: State, ids: list[str], *args: Any) -> str:
    with pytest.raises(Illegal) as e:
        fn(ctx(st), ids, *args)
    return str(e.value)


def test_PC_MOVE_14_a_group_is_one_kind_one_facing_one_block() -> None:
    """[PC.MOVE.14]: a group move, rally or opportunity test refuses stands of two kinds, two facings or two blocks,
    with the rule's words, before anything is marked moved."""
    kinds = make([stand("A", (0, 0)), stand("B", (0, -1), "cat:HI")])
    facings = make([stand("A", (0, 0)), stand("B", (0, -1), facing=1)])
    apart = make([stand("A", (0, 0)), stand("B", (0, -2))])
    for st in (kinds, facings, apart):
        st.moved = set()
    assert refusal(group_move, kinds, ["A", "B"], [steps((1, 0))]) == (
        "a group move needs stands of the same kind [PC.MOVE.14]"
    )
    assert refusal(group_move, facings, ["A", "B"], [steps((1, 0))]) == (
        "a group move needs the same facing for every member [PC.MOVE.14]"
    )
    assert refusal(group_move, apart, ["A", "B"], [steps((1, 0))]) == (
        "a group move needs a connected block of adjacent hexes [PC.MOVE.14]"
    )
    assert refusal(group_rally, kinds, ["A", "B"]) == "a group move needs stands of the same kind [PC.MOVE.14]"
    assert refusal(group_opportunity, apart, ["A", "B"]) == (
        "a group move needs a connected block of adjacent hexes [PC.MOVE.14]"
    )
    assert kinds.moved == facings.moved == apart.moved == set()


@pytest.mark.parametrize(
    ("hexes", "joined"),
    [
        ([(0, 0), (0, 1), (0, 2)], True),
        ([(0, 1), (0, 0), (0, 2)], True),
        ([(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (2, 1)], True),
        ([(0, 0), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)], True),
        ([(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)], True),
        ([(2, 0), (0, 0), (1, 0), (3, 0), (4, 0)], True),
        ([(-2, -2), (-2, -1), (-2, 0), (-2, 1), (-2, 2)], True),
        ([(0, 0), (0, 1), (0, 3), (0, 4)], False),
    ],
)
def test_PC_MOVE_14_connected_block(hexes: list[tuple[int, int]], joined: bool) -> None:
    """[PC.MOVE.14]: stands joined hex to hex form one block, whatever the order of their ids; a gap splits it."""
    st = make([stand(f"S{n}", h) for n, h in enumerate(hexes)])
    assert connected(st, [f"S{n}" for n in range(len(hexes))]) is joined


def test_PC_MOVE_14_group_steps_marks_paths_and_narrative() -> None:
    """[PC.MOVE.14] [PC.MOVE.8] [PC.SEQ.6]: two steps, then a second move after each member's test (B base 4 + 0);
    every member is marked moved; each move draws each member's path from the hex it left; the narrative names the
    members and their new hexes."""
    st = line()
    c = ctx(st, 4, 4)
    group_move(c, ["A", "B"], [steps((1, 0), (2, 0)), steps((3, 0))])
    c.dice.assert_used_up()
    assert st.moved == {"A", "B"}
    assert where(st, "A", "B") == [(3, 0), (3, -1)]
    assert c.paths == [
        ("red", [P(0, 0), P(1, 0), P(2, 0)]),
        ("red", [P(0, -1), P(1, -1), P(2, -1)]),
        ("red", [P(2, 0), P(3, 0)]),
        ("red", [P(2, -1), P(3, -1)]),
    ]
    L = st.label
    assert c.log == [
        f"group move: A, B to {L(P(2, 0))}, {L(P(2, -1))}",
        "A order test for group move 2: rolls 4 against 4: pass",
        "B order test for group move 2: rolls 4 against 4: pass",
        f"group move: A, B to {L(P(3, 0))}, {L(P(3, -1))}",
    ]
    assert c.dice.purposes == ["order test: A (group move 2), needs 4", "order test: B (group move 2), needs 4"]


def test_PC_MOVE_14_some_out_of_command_is_said() -> None:
    """[PC.MOVE.14] [PC.CMD.2]: each member's command counts for itself; the narrative says when some are out."""
    st = line()
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(1, 0), command_range=0)
    c = ctx(st)
    group_move(c, ["A", "B"], [steps((1, 0))])
    assert c.log == [f"group move: A, B to {st.label(P(1, 0))}, {st.label(P(1, -1))} (some out of command)"]


def test_PC_MOVE_3_a_group_has_its_members_mp() -> None:
    """[PC.MOVE.3] [PC.MOVE.14]: MC have 3 MP: three steps together, and a fourth is refused with the rule, the group
    left where the third step put it."""
    st = line()
    group_move(ctx(st), ["A", "B"], [steps((1, 0), (2, 0), (3, 0))])
    assert where(st, "A", "B") == [(3, 0), (3, -1)]
    st = line()
    assert refusal(group_move, st, ["A", "B"], [steps((1, 0), (2, 0), (3, 0), (4, 0))]) == (
        "no movement points left [PC.MOVE.3]"
    )
    assert where(st, "A", "B") == [(3, 0), (3, -1)]


def test_PC_TERRAIN_7_a_group_crosses_a_river_as_a_whole_move() -> None:
    """[PC.TERRAIN.7] [PC.MOVE.14]: a river crossed as the move's only step is allowed; after a step it is refused."""
    st = line()
    st.edges[edge_key(P(0, 0), P(1, 0))] = Edge.RIVER
    st.edges[edge_key(P(0, -1), P(1, -1))] = Edge.RIVER
    group_move(ctx(st), ["A", "B"], [steps((1, 0))])
    assert where(st, "A", "B") == [(1, 0), (1, -1)]
    st = line()
    st.edges[edge_key(P(1, 0), P(2, 0))] = Edge.RIVER
    assert refusal(group_move, st, ["A", "B"], [steps((1, 0), (2, 0))]) == (
        "crossing a river takes a whole move: it must be the move's only step [PC.TERRAIN.7]"
    )


def test_PC_MOVE_14_a_column_steps_into_its_own_hexes_but_not_through_others() -> None:
    """[PC.MOVE.14]: in a column the rear stand steps into the hex its leader leaves; every member's step is still
    checked; a stand outside the group in the way stops the move with the rule."""
    st = make([stand("A", (0, 0)), stand("B", (1, 0))])
    group_move(ctx(st), ["A", "B"], [steps((1, 0))])
    assert where(st, "A", "B") == [(1, 0), (2, 0)]
    st = make([stand("A", (0, 0)), stand("B", (1, 0))])
    st.terrain[P(2, 0)] = Terrain.IMPASSABLE
    assert refusal(group_move, st, ["A", "B"], [steps((1, 0))]) == "MC may not enter impassable [PC.TERRAIN.7]"
    assert where(st, "A", "B") == [(0, 0), (1, 0)]
    st = line(stand("C", (1, -1)))
    assert refusal(group_move, st, ["A", "B"], [steps((1, 0))]) == (
        "B would enter C's hex: a group move does not pass through stands [PC.MOVE.14]"
    )


def test_PC_OPP_2_a_group_move_ends_opportunity() -> None:
    """[PC.OPP.2] [PC.MOVE.14]: members on opportunity that move as a group are no longer on opportunity."""
    st = make([stand("A", (0, 0), opportunity=True), stand("B", (0, -1), opportunity=True)])
    group_move(ctx(st), ["A", "B"], [steps((1, 0))])
    assert st.stands["A"].opportunity is False and st.stands["B"].opportunity is False


def test_PC_ZOC_2_an_enemy_zone_halts_the_whole_group() -> None:
    """[PC.ZOC.2] [PC.MOVE.14]: A enters E's front hex (E is on its flank: no contact); the whole group halts after
    that step, and with written steps left the rest of the move and the next move are dropped, with no test rolled.
    (The literal ZOC.3 reading lets A stand there; under the default reading the step is refused [PC.ZOC.3]:
    test_rules_group_opportunity.)"""
    st = make([stand("A", (0, 0)), stand("B", (-1, 0)), stand("E", (1, 1), "cat:HI", side="blue", facing=1)],
              config={"zoc_flank_rule": "literal"})  # fmt: skip
    st.moved = set()
    c = ctx(st)
    group_move(c, ["A", "B"], [steps((1, 0), (2, -1)), steps((3, -1))])
    c.dice.assert_used_up()
    assert where(st, "A", "B") == [(1, 0), (0, 0)]
    assert c.log == [f"group move: A, B to {st.label(P(1, 0))}, {st.label(P(0, 0))}"]


def test_PC_MELEE_5_contact_halts_the_group_and_charges() -> None:
    """[PC.MOVE.13] (b) [PC.MOVE.14] [PC.MELEE.5]: A's first step contacts E: the group halts (B does not go on), A
    charges from one hex away with its impact (6 dice), and no further move is tested for."""
    st = line(stand("E", (2, 0), "cat:HI", side="blue", facing=3))
    c = ctx(st, *[3] * 11)
    group_move(c, ["A", "B"], [steps((1, 0), (2, -1)), steps((3, -1))])
    c.dice.assert_used_up()
    assert c.dice.purposes[0] == "melee 1: red pool, 6d6 (die 1 of 6)"
    assert c.dice.purposes[6] == "melee 1: blue pool, 5d6 (die 1 of 5)"
    assert spec_hex(st.stands["B"].hex) == (1, -1)
    assert c.log[:2] == [
        f"group move: A, B to {st.label(P(1, 0))}, {st.label(P(1, -1))}",
        f"melee 1: A (MC, {st.label(P(1, 0))}) attacks E (HI, {st.label(P(2, 0))})",
    ]


def test_PC_MELEE_14_a_member_charging_a_rear_from_behind_has_the_mounted_bonus() -> None:
    """[PC.MELEE.14] (b) [PC.MELEE.15] [PC.GEOM.20] [PC.MOVE.14]: A steps one hex into E's rear from behind E's front
    line: its approach is the hex it left, so E is disordered and A has 4 SP + 2 impact + 2 for a mounted stand's rear
    attack from behind (8 dice) against E's 5 - 1 for disorder."""
    st = line(stand("E", (2, 0), "cat:HI", side="blue", facing=0))
    c = ctx(st, *[3] * 12)
    group_move(c, ["A", "B"], [steps((1, 0))])
    c.dice.assert_used_up()
    assert c.log[2:4] == [
        "E is hit in the flank or rear from behind its front: disordered [PC.MELEE.15]",
        "red throws 8D6 [3, 3, 3, 3, 3, 3, 3, 3]: 0 hit(s)",
    ]


def test_PC_MOVE_4_a_group_turning_two_faces_is_disordered() -> None:
    """[PC.MOVE.4] [PC.MOVE.14]: each member turns under its own rules: two faces in one move disorder MC, and the
    narrative says so for each before the group turn."""
    st = line()
    c = ctx(st)
    group_move(c, ["A", "B"], [[["turn", 1], ["turn", 1]]])
    assert [st.stands[i].facing for i in "AB"] == [2, 2]
    assert st.stands["A"].disordered and st.stands["B"].disordered
    assert c.log == [
        "A turned more than one face: disordered, no further movement [PC.MOVE.4]",
        "B turned more than one face: disordered, no further movement [PC.MOVE.4]",
        "group turn: A, B",
    ]


def test_PC_MELEE_1_a_group_turn_into_contact_charges() -> None:
    """[PC.MOVE.14] [PC.MELEE.1]: turning one face brings E into B's front: B charges it; a group turn then goes on
    to the next move."""
    st = line(stand("E", (0, -2), "cat:HI", side="blue", facing=5))
    c = ctx(st, *[3] * 11)
    group_move(c, ["A", "B"], [[["turn", 1]]])
    c.dice.assert_used_up()
    assert c.log[:2] == [
        "group turn: A, B",
        f"melee 1: B (MC, {st.label(P(0, -1))}) attacks E (HI, {st.label(P(0, -2))})",
    ]
    st = line()
    c = ctx(st, 4, 4)
    group_move(c, ["A", "B"], [[["turn", 1]], steps((1, -1))])
    c.dice.assert_used_up()
    assert where(st, "A", "B") == [(1, -1), (1, -2)] and st.stands["A"].facing == 1


def test_PC_EVADE_3_an_enemy_evades_a_group_step() -> None:
    """[PC.EVADE.3] [PC.EVADE.4] [PC.MOVE.14]: an LC about to be contacted by A's step evades its full 4 MP first
    (standing order: evade), so the group moves on without a melee."""
    st = line(stand("E", (2, 0), "cat:LC", side="blue", facing=3))
    c = ctx(st)
    group_move(c, ["A", "B"], [steps((1, 0))])
    assert where(st, "A", "B", "E") == [(1, 0), (1, -1), (6, 0)]
    assert c.log[0] == f"E evades A: 4 hex(es) to {st.label(P(6, 0))} [PC.EVADE.4]"
    assert not st.melees


def test_PC_MOVE_8_a_disordered_member_makes_no_extra_move() -> None:
    """[PC.MOVE.8] [PC.DISORDER.7] [PC.MOVE.14]: a disordered member moves with the group once, then drops out
    without a test; B tests and moves on alone, from its own hex."""
    st = make([stand("A", (0, 0), disordered=True), stand("B", (0, -1))])
    c = ctx(st, 4)
    group_move(c, ["A", "B"], [steps((1, 0)), steps((2, 0))])
    c.dice.assert_used_up()
    assert c.dice.purposes == ["order test: B (group move 2), needs 4"]
    assert where(st, "A", "B") == [(1, 0), (2, -1)]


def test_PC_MOVE_8_members_carrying_on_alone_test_again_for_each_move() -> None:
    """[PC.MOVE.8] [PC.MOVE.14]: B fails before the second move, so A and C no longer touch and each carries on alone,
    in id order: A makes move 2 then fails its test for move 3 (target 4 + 1); C still makes move 2 and passes for
    move 3."""
    st = make([stand("A", (0, 0)), stand("B", (0, -1)), stand("C", (0, -2))])
    st.moved = set()
    c = ctx(st, 4, 3, 4, 4, 5)
    group_move(c, ["A", "B", "C"], [steps((1, 0)), steps((2, 0)), steps((3, 0))])
    c.dice.assert_used_up()
    assert c.dice.purposes == [
        "order test: A (group move 2), needs 4",
        "order test: B (group move 2), needs 4",
        "order test: C (group move 2), needs 4",
        "order test: A (group move 3), needs 5",
        "order test: C (group move 3), needs 5",
    ]
    assert where(st, "A", "B", "C") == [(2, 0), (1, -1), (3, -2)]
    assert [st.stands[i].disordered for i in "ABC"] == [True, True, False]
    assert "A, C no longer form a group: each carries on alone [PC.MOVE.14]" in c.log


def test_PC_MOVE_14_a_member_alone_that_is_stopped_does_not_stop_the_others() -> None:
    """[PC.MOVE.14] [PC.TERRAIN.7]: carrying on alone, A's next move is refused (impassable ground): A stops, with the
    reason in the narrative, and C still makes its moves."""
    st = make([stand("A", (0, 0)), stand("B", (0, -1)), stand("C", (0, -2))])
    st.terrain[P(2, 0)] = Terrain.IMPASSABLE
    c = ctx(st, 4, 3, 4, 5)
    group_move(c, ["A", "B", "C"], [steps((1, 0)), steps((2, 0)), steps((3, 0))])
    c.dice.assert_used_up()
    assert "A stops: MC may not enter impassable [PC.TERRAIN.7]" in c.log
    assert where(st, "A", "C") == [(1, 0), (3, -2)]


def test_PC_MELEE_1_a_member_alone_that_charges_does_not_stop_the_others() -> None:
    """[PC.MOVE.14] [PC.MELEE.1]: carrying on alone, A charges E with its second move; its movement ends there, and C
    still makes its second move."""
    enemy = stand("E", (3, 0), "cat:HI", side="blue", facing=3)
    st = make([stand("A", (0, 0)), stand("B", (0, -1)), stand("C", (0, -2)), enemy])
    c = ctx(st, 4, 3, 4, *[3] * 11)
    group_move(c, ["A", "B", "C"], [steps((1, 0)), steps((2, 0))])
    c.dice.assert_used_up()
    assert c.dice.purposes[3] == "melee 1: red pool, 6d6 (die 1 of 6)"
    assert spec_hex(st.stands["C"].hex) == (2, -2)


def test_PC_DISORDER_6_a_group_rallies_without_a_general_when_none_is_attached() -> None:
    """[PC.DISORDER.6] [PC.CMD.7] (a): with no general attached to a member, no +1: 3 fails the target 4; a general
    attached to a stand outside the group does not help; every member is marked moved."""
    st = make(
        [
            stand("A", (0, 0), "cat:HI", disordered=True),
            stand("B", (0, -1), "cat:HI", disordered=True),
            stand("X", (5, 5), "cat:HI"),
        ]
    )
    st.moved = set()
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(5, 5), attached="X")
    c = ctx(st, 3, 3)
    group_rally(c, ["A", "B"])
    assert st.moved == {"A", "B"}
    assert c.log[0] == "A order test for rally: rolls 3 against 4: fail"


def test_PC_CMD_7_group_opportunity_without_an_attached_general() -> None:
    """[PC.CMD.7] [PC.OPP.1] [PC.MOVE.14]: with no general attached to a member, each tests with no +1; every member is
    marked moved."""
    st = line(troop="cat:HI")
    c = ctx(st, 3, 4)
    group_opportunity(c, ["A", "B"])
    assert st.moved == {"A", "B"}
    assert not st.stands["A"].opportunity and st.stands["B"].opportunity
    assert c.log[0] == "A order test for opportunity: rolls 3 against 4: fail"


# --- rules the group move skipped (fixed with these tests) ---------------------------------------------------------


def test_PC_CMD_5_an_attached_general_goes_with_the_group_move() -> None:
    """[PC.CMD.5]: a general attached to a member (or to the group move that includes it) moves with it on every
    step."""
    st = line()
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, -1), attached="B")
    group_move(ctx(st), ["A", "B"], [steps((1, 0), (2, 0))])
    assert spec_hex(st.generals["Gred"].hex) == (2, -1)


def test_PC_CMD_6_a_lone_enemy_general_is_driven_off_by_a_group_step() -> None:
    """[PC.CMD.6]: an enemy general alone in a hex a member enters goes at once to the nearest stand of his group."""
    st = line(stand("E", (5, 0), "cat:HI", side="blue", facing=3))
    st.generals["Gblue"] = replace(st.generals["Gblue"], hex=P(1, -1))
    c = ctx(st)
    group_move(c, ["A", "B"], [steps((1, 0))])
    assert st.generals["Gblue"].hex == P(5, 0)
    assert c.log[0] == f"general Gblue is driven off to {st.label(P(5, 0))} [PC.CMD.6]"


def test_PC_MOVE_11_a_group_moving_sideways_is_disordered() -> None:
    """[PC.MOVE.11] [PC.MOVE.14]: each member moving sideways is disordered at the end of the move, as alone; Aux are
    not."""
    st = line()
    c = ctx(st)
    group_move(c, ["A", "B"], [steps((0, -1), (0, -2))])
    assert where(st, "A", "B") == [(0, -2), (0, -3)]
    assert st.stands["A"].disordered and st.stands["B"].disordered
    assert c.log[:2] == [
        "A is disordered by moving sideways [PC.MOVE.11]",
        "B is disordered by moving sideways [PC.MOVE.11]",
    ]
    st = line(troop="cat:Aux")
    group_move(ctx(st), ["A", "B"], [steps((0, -1))])
    assert not st.stands["A"].disordered and not st.stands["B"].disordered


def test_PC_MOVE_10_a_group_moving_backward_is_disordered_but_not_MC() -> None:
    """[PC.MOVE.10] [PC.MOVE.14]: HI stepping back together are disordered; MC are not."""
    st = line(troop="cat:HI")
    c = ctx(st)
    group_move(c, ["A", "B"], [steps((-1, 0))])
    assert where(st, "A", "B") == [(-1, 0), (-1, -1)]
    assert c.log[:2] == [
        "A is disordered by moving backward [PC.MOVE.10]",
        "B is disordered by moving backward [PC.MOVE.10]",
    ]
    st = line()
    group_move(ctx(st), ["A", "B"], [steps((-1, 0))])
    assert not st.stands["A"].disordered and not st.stands["B"].disordered


def test_PC_MOVE_12_a_group_keeps_to_one_kind_of_step() -> None:
    """[PC.MOVE.12] [PC.MOVE.14]: a forward step then a sideways one is refused, as for a stand alone; so is a
    sideways move that changes side."""
    st = line()
    assert refusal(group_move, st, ["A", "B"], [steps((1, 0), (1, -1))]) == (
        "one move keeps to one kind of step: forward, sideways or backward [PC.MOVE.12]"
    )
    st = line()
    assert refusal(group_move, st, ["A", "B"], [steps((0, -1), (0, 0))]) == (
        "a sideways move keeps to the same side [PC.MOVE.12]"
    )


def test_PC_TERRAIN_7_difficult_ground_or_a_creek_halts_the_whole_group() -> None:
    """[PC.TERRAIN.7] [PC.MOVE.14]: when one member enters woods, or crosses a creek, its move ends, so the whole group
    halts after that step; the next move is dropped."""
    st = line()
    st.terrain[P(1, -1)] = Terrain.WOODS
    c = ctx(st)
    group_move(c, ["A", "B"], [steps((1, 0), (2, 0)), steps((3, 0))])
    c.dice.assert_used_up()
    assert where(st, "A", "B") == [(1, 0), (1, -1)]
    st = line()
    st.edges[edge_key(P(0, 0), P(1, 0))] = Edge.CREEK
    group_move(ctx(st), ["A", "B"], [steps((1, 0), (2, 0))])
    assert where(st, "A", "B") == [(1, 0), (1, -1)]


def test_PC_MOVE_13_a_member_without_impact_may_not_step_into_contact() -> None:
    """[PC.MOVE.13] [PC.MELEE.1] [PC.MOVE.14]: artillery (no impact factor) may not move into contact, in a group as
    alone."""
    st = line(stand("E", (2, -1), "cat:HI", side="blue", facing=3), troop="cat:Art")
    assert refusal(group_move, st, ["A", "B"], [steps((1, 0))]) == (
        "A may not move into contact: only stands with an impact factor charge [PC.MOVE.13] [PC.MELEE.1]"
    )
    assert where(st, "A", "B") == [(0, 0), (0, -1)]


def test_PC_MELEE_1_light_cavalry_charge_only_a_flank_from_behind() -> None:
    """[PC.MELEE.1] [PC.MOVE.13] [PC.MOVE.14]: LC (impact 0) may step into contact with a formed enemy's flank only
    from behind its front line: from behind they charge, from in front of it they are refused."""
    st = line(stand("E", (2, 0), "cat:HI", side="blue", facing=0), troop="cat:LC")
    c = ctx(st, *[3] * 20)
    group_move(c, ["A", "B"], [steps((1, 0))])
    assert c.log[1] == f"melee 1: A (LC, {st.label(P(1, 0))}) attacks E (HI, {st.label(P(2, 0))})"
    st = line(stand("E", (2, -1), "cat:HI", side="blue", facing=2), troop="cat:LC")
    assert refusal(group_move, st, ["A", "B"], [steps((1, 0))]) == (
        "A may not move into contact: only stands with an impact factor charge [PC.MOVE.13] [PC.MELEE.1]"
    )
