"""Clauses of games/proconsul/movement.py that mutation testing found unpinned (benchmarks/mutation.py pc:movement):
each test names the rule whose clause it pins and fails when that clause is changed [PC.MOVE.*] [PC.TERRAIN.7]
[PC.ZOC.2] [PC.CMD.*]."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.proconsul import movement as M
from games.proconsul.model import Melee
from games.proconsul.movement import Illegal, Track, do_move, order_test
from games.proconsul.state import Edge, State, Terrain, edge_key

from .helpers import P, ctx, make, spec_hex


def steps(*hexes: tuple[int, int]) -> list[list[Any]]:
    return [["hex", P(*h).q, P(*h).r] for h in hexes]


def one(troop: str, *more: dict[str, Any], facing: int = 0, **kw: Any) -> State:
    return make([{"id": "S", "side": "red", "troop": troop, "at": (0, 0), "facing": facing}, *more], **kw)


def why(st: State, move: list[list[Any]], *faces: int) -> str:
    """The message of the Illegal a move raises ("" if it is legal)."""
    try:
        do_move(ctx(st, *faces), "S", move, Track(st.stands["S"].hex))
    except Illegal as e:
        return str(e)
    return ""


def test_PC_MOVE_4_turning_messages() -> None:
    """[PC.MOVE.4] [PC.MOVE.3] [PC.MOVE.5]: a HI may not turn and leave its hex, either way round; an Aux turns for 1
    MP a face and runs out after two."""
    assert why(one("cat:HI"), [["turn", 1], *steps((1, -1))]) == "a move that turns may not also leave its hex [PC.MOVE.4]"
    assert why(one("cat:HI"), [*steps((1, 0)), ["turn", 1]]) == "a move that turns may not also leave its hex [PC.MOVE.4]"
    st = one("cat:Aux")
    assert why(st, [["turn", 1], ["turn", 1], ["turn", 1]]) == (
        "not enough movement points left to turn [PC.MOVE.3] [PC.MOVE.4]"
    )
    st = one("cat:Aux")
    assert why(st, [*steps((1, 0)), ["turn", 1]]) == "" and st.stands["S"].facing == 1
    assert not st.stands["S"].disordered
    st = one("cat:Sk")
    assert why(st, [["turn", -1], *steps((0, -1), (0, -2))]) == "" and st.stands["S"].facing == 5


def test_PC_MOVE_12_one_kind_of_step_and_one_side() -> None:
    """[PC.MOVE.12]: a move keeps to one kind of step, and a sideways move to one side."""
    assert why(one("cat:MC"), steps((1, 0), (1, 1))) == (
        "one move keeps to one kind of step: forward, sideways or backward [PC.MOVE.12]"
    )
    assert why(one("cat:MC"), steps((0, 1), (0, 0))) == "a sideways move keeps to the same side [PC.MOVE.12]"
    st = one("cat:MC")
    c = ctx(st)
    do_move(c, "S", steps((0, 1), (0, 2)), Track(P(0, 0)))
    assert spec_hex(st.stands["S"].hex) == (0, 2) and st.stands["S"].disordered
    assert c.log[0] == "S is disordered by moving sideways [PC.MOVE.11]"


def test_PC_TERRAIN_7_entry_and_river_messages() -> None:
    """[PC.TERRAIN.7]: impassable ground named; a river only at fords under that option; otherwise a whole move."""
    st = one("cat:HI")
    st.terrain[P(1, 0)] = Terrain.IMPASSABLE
    assert why(st, steps((1, 0))) == "HI may not enter impassable [PC.TERRAIN.7]"
    st = one("cat:MC", config={"river_crossing": "impassable_except_fords"})
    st.edges[edge_key(P(0, 0), P(1, 0))] = Edge.RIVER
    assert why(st, steps((1, 0))) == "rivers may be crossed only at fords [PC.TERRAIN.7]"
    st = one("cat:MC")
    st.edges[edge_key(P(1, 0), P(2, 0))] = Edge.RIVER
    assert why(st, steps((1, 0), (2, 0))) == (
        "crossing a river takes a whole move: it must be the move's only step [PC.TERRAIN.7]"
    )
    st = one("cat:MC")
    st.edges[edge_key(P(0, 0), P(1, 0))] = Edge.RIVER
    assert why(st, steps((1, 0))) == ""
    st = one("cat:MC")
    st.terrain[P(1, 0)] = Terrain.ROUGH
    assert why(st, steps((1, 0), (2, 0))) == (
        "the move had to stop: difficult ground or a crossing ends the move [PC.TERRAIN.7]"
    )


def test_PC_MOVE_15_occupied_hexes() -> None:
    """[PC.MOVE.3] [PC.MOVE.15] [PC.MOVE.16]: no MP left; an enemy's hex; a friend it may not pass; a friend it may
    pass but not end on; a displaced friend goes to the hex just left, its general with it."""
    assert why(one("cat:HI"), steps((1, 0), (2, 0))) == "no movement points left [PC.MOVE.3]"
    st = one("cat:HI", {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 0})
    assert why(st, steps((1, 0))) == f"{st.label(P(1, 0))} holds the enemy stand E [PC.MOVE.15]"
    st = one("cat:HI", {"id": "F", "side": "red", "troop": "cat:HI", "at": (1, 0), "facing": 0})
    assert why(st, steps((1, 0))) == "S may not pass through F [PC.MOVE.15]"
    st = one("cat:MC", {"id": "F", "side": "red", "troop": "cat:HI", "at": (1, 0), "facing": 0})
    assert why(st, steps((1, 0))) == "S may not pass through F [PC.MOVE.15]"
    st = one("cat:LI", {"id": "F", "side": "red", "troop": "cat:HI", "at": (1, 0), "facing": 0})
    assert why(st, steps((1, 0))) == "a move may not end on F [PC.MOVE.15] [PC.MOVE.16]"
    assert why(st, steps((1, 0), (2, -1))) == ""
    st = one("romans:legion", {"id": "F", "side": "red", "troop": "romans:legion", "at": (1, 0), "facing": 0})
    st.generals["Gred"] = replace(st.generals["Gred"], attached="F", hex=P(1, 0))
    c = ctx(st)
    do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
    assert spec_hex(st.stands["F"].hex) == (0, 0) and st.generals["Gred"].hex == P(0, 0)
    assert c.log[0] == f"S displaces F to {st.label(P(0, 0))} [PC.MOVE.16]"


def test_PC_ZOC_2_entering_a_zoc_ends_the_move() -> None:
    """[PC.ZOC.2] [PC.ZOC.3] (`zoc_flank_rule = "literal"`): a step into an enemy's front hex without contact ends the
    move; a friend's front does not."""
    literal = {"zoc_flank_rule": "literal"}
    st = one("cat:MC", {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, -1), "facing": 5}, config=literal)
    assert why(st, steps((1, 0), (2, 0))) == "the move had to stop: enemy zone of control [PC.ZOC.2]"
    st = one("cat:MC", {"id": "F", "side": "red", "troop": "cat:HI", "at": (1, -1), "facing": 5}, config=literal)
    assert why(st, steps((1, 0), (2, 0))) == ""


def test_PC_MOVE_7_turn_about() -> None:
    """[PC.MOVE.7]: turning about is a whole move (facing + 3, disordered), never while disordered."""
    st = one("cat:HI", facing=1)
    c = ctx(st)
    do_move(c, "S", [["about"]], Track(P(0, 0)))
    assert st.stands["S"].facing == 4 and st.stands["S"].disordered
    assert c.log == ["S turns about and is disordered [PC.MOVE.7]"]
    st = one("cat:HI", facing=4)
    do_move(ctx(st), "S", [["about"]], Track(P(0, 0)))
    assert st.stands["S"].facing == 1
    msg = "turning about is a whole move, and not while disordered [PC.MOVE.7]"
    assert why(one("cat:HI"), [["about"], ["turn", 1]]) == msg
    st = one("cat:HI")
    st.stands["S"] = replace(st.stands["S"], disordered=True)
    assert why(st, [["about"]]) == msg


def test_PC_MOVE_10_backward_and_two_faces_disorder() -> None:
    """[PC.MOVE.10] [PC.MOVE.4]: a HI stepping backward is disordered; an MC turning two faces is disordered."""
    st = one("cat:HI")
    c = ctx(st)
    do_move(c, "S", steps((-1, 0)), Track(P(0, 0)))
    assert c.log[0] == "S is disordered by moving backward [PC.MOVE.10]"
    st = one("cat:MC")
    c = ctx(st)
    do_move(c, "S", [["turn", 1], ["turn", 1]], Track(P(0, 0)))
    assert c.log[0] == "S turned more than one face: disordered, no further movement [PC.MOVE.4]"


def test_PC_MOVE_9_order_test_narrative() -> None:
    """[PC.MOVE.9] [PC.CMD.7] [PC.CMD.2]: the die's purpose and the log say the modifiers and the verdict."""
    st = one("cat:HI")
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0), command_range=0)
    c = ctx(st, 4)
    assert order_test(c, "S", 4, "a second move")
    assert c.dice.purposes == ["order test: S (a second move), needs 4"]
    assert c.log == ["S order test for a second move: rolls 4 +1 general against 4: pass"]
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(5, 5))
    c = ctx(st, 4)
    assert not order_test(c, "S", 4, "a second move")
    assert c.log == ["S order test for a second move: rolls 4 -1 out of command against 4: fail"]
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(1, 0), command_range=3)
    c = ctx(st, 4)
    assert order_test(c, "S", 4, "a second move")
    assert c.log == ["S order test for a second move: rolls 4 against 4: pass"]


def test_PC_EVADE_4_an_asked_evasion_step_by_step() -> None:
    """[PC.EVADE.1] [PC.EVADE.4] [PC.PBEM.6] decisions 9 and 11 [PC.CMD.5]: the Sk's side is asked whether, how far
    and which way, each question tagged with the evader, the charger and the evasion's number; the Sk goes 2 hexes
    straight back, its attached general with it."""
    st = one("cat:HI", {"id": "E", "side": "blue", "troop": "cat:Sk", "at": (2, 0), "facing": 3})
    st.standing = {"blue": {"evade": "ask", "evade_distance": "ask", "evade_path": "ask"}}
    st.generals["Gblue"] = replace(st.generals["Gblue"], attached="E", hex=P(2, 0))
    c = ctx(st)
    do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
    lab = st.label
    assert c.dice.decisions == [
        ("a0-evade-E-S-0", "yes"), ("a0-evade_distance-E-S-1", "2"),
        ("a0-evade_path-E-S-1-1", lab(P(3, 0))), ("a0-evade_path-E-S-1-2", lab(P(4, 0))),
    ]  # fmt: skip
    assert c.log == [
        f"blue answers yes: S is about to charge E at {lab(P(2, 0))}: evade?",
        f"blue answers 2: E (Sk, {lab(P(2, 0))}) evades S: how many hexes?",
        f"blue answers {lab(P(3, 0))}: E evades from {lab(P(2, 0))}: into which hex?",
        f"blue answers {lab(P(4, 0))}: E evades from {lab(P(3, 0))}: into which hex?",
        f"E evades S: 2 hex(es) to {lab(P(4, 0))} [PC.EVADE.4]",
        f"S moves {lab(P(0, 0))} {lab(P(1, 0))}",
    ]
    assert st.stands["E"].hex == st.generals["Gblue"].hex == P(4, 0) and c.evades == {("E", "S"): 1}


def test_PC_OPP_4_an_asked_counter_charge() -> None:
    """[PC.OPP.4] (b) [PC.OPP.5] [PC.OPP.7] decision 15 [PC.CMD.5]: the stand on opportunity is asked, steps one hex
    into contact (its general along), is no longer on opportunity, and attacks with impact (5 + 2 dice)."""
    st = one("cat:HI", {"id": "O", "side": "blue", "troop": "cat:HI", "at": (2, 0), "facing": 3, "opportunity": True})
    st.standing = {"blue": {"counter_charge": "ask"}}
    st.generals["Gblue"] = replace(st.generals["Gblue"], attached="O", hex=P(2, 0))
    c = ctx(st, *[1] * 12)
    do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
    c.dice.assert_used_up()
    lab = st.label
    assert c.dice.decisions == [("a0-counter_charge-O-S", "yes")]
    assert c.log[:4] == [
        "blue answers yes: S is about to contact O on opportunity: counter-charge?",
        "O on opportunity counter-charges S [PC.OPP.4]",
        f"melee 1: O (HI, {lab(P(1, 0))}) attacks S (HI, {lab(P(0, 0))})",
        "blue throws 7D6 [1, 1, 1, 1, 1, 1, 1]: 0 hit(s)",
    ]
    o = st.stands["O"]
    assert o.hex == st.generals["Gblue"].hex == P(1, 0) and not o.opportunity and c.counter_charged == {"S"}
    assert spec_hex(st.stands["S"].hex) == (0, 0)


def test_PC_OPP_4_an_asked_opportunity_charge() -> None:
    """[PC.OPP.4] (c) [PC.OPP.5] [PC.OPP.6] decision 15: an MC coming on within reach of a HI on opportunity; the side
    says yes: the HI charges one hex forward (the path drawn), no longer on opportunity; the MC, beaten in no way,
    bounces after the draw."""
    st = make([{"id": "S", "side": "red", "troop": "cat:MC", "at": (0, 0), "facing": 0},
               {"id": "O", "side": "blue", "troop": "cat:HI", "at": (3, -1), "facing": 3, "opportunity": True}])  # fmt: skip
    st.standing = {"blue": {"opportunity_charge": "ask"}}
    c = ctx(st, *[1] * 9)
    c.dice.answers["a0-opportunity_charge-O-S"] = "yes"  # type: ignore[attr-defined]
    do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
    c.dice.assert_used_up()
    assert c.dice.decisions == [("a0-opportunity_charge-O-S", "yes")]
    assert c.log[:3] == [
        "blue answers yes: S comes on towards O on opportunity: charge it?",
        "O on opportunity charges S [PC.OPP.4]",
        f"melee 1: O (HI, {st.label(P(2, -1))}) attacks S (MC, {st.label(P(1, 0))})",
    ]
    assert c.paths[0] == ("blue", [P(3, -1), P(2, -1)])
    assert spec_hex(st.stands["O"].hex) == (2, -1) and not st.stands["O"].opportunity and c.counter_charged == {"S"}


def test_PC_MOVE_15_a_stopped_move_steps_back_off_a_friend() -> None:
    """[PC.MOVE.15] [PC.UNITS.1] [PC.CMD.5]: an LI passing through a friend whose next step is refused goes back to its
    last free hex, its attached general with it, and the refusal is reported."""
    st = one("cat:LI", {"id": "F", "side": "red", "troop": "cat:HI", "at": (1, 0), "facing": 0})
    st.terrain[P(2, 0)] = Terrain.IMPASSABLE
    st.generals["Gred"] = replace(st.generals["Gred"], attached="S", hex=P(0, 0))
    assert why(st, steps((1, 0), (2, 0))) == "LI may not enter impassable [PC.TERRAIN.7]"
    assert st.stands["S"].hex == st.generals["Gred"].hex == P(0, 0)


def test_PC_OPP_8_a_counter_charge_ends_the_move_without_a_refusal() -> None:
    """[PC.OPP.8]: the rest of a move interrupted by a counter-charge is dropped, not refused; a turn that makes
    contact ends the move: a further step is refused [PC.MELEE.1] [PC.MOVE.13]."""
    st = one("cat:HI", {"id": "O", "side": "blue", "troop": "cat:HI", "at": (2, 0), "facing": 3, "opportunity": True})
    st.stands["S"] = replace(st.stands["S"], troop="cat:MC")
    assert why(st, steps((1, 0), (2, -1)), *[1] * 12) == ""
    assert spec_hex(st.stands["O"].hex) == (1, 0)
    assert spec_hex(st.stands["S"].hex) == (-3, 0)  # it drew and bounced [PC.RESULT.5]; it never took its second step
    st = one("cat:HI", {"id": "E", "side": "blue", "troop": "cat:HI", "at": (0, -1), "facing": 3})
    assert why(st, [["turn", 1], *steps((1, -1))]) == "the move had to stop: contact"


def test_PC_MOVE_7_turning_about_is_no_charge() -> None:
    """[PC.MOVE.7]: turning about never charges (do_move says False)."""
    st = one("cat:HI", {"id": "E", "side": "blue", "troop": "cat:HI", "at": (-1, 0), "facing": 0})
    assert do_move(ctx(st), "S", [["about"]], Track(P(0, 0))) is False


def test_PC_CMD_6_a_lone_enemy_general_is_driven_off() -> None:
    """[PC.CMD.6]: a stand entering the hex of a lone enemy general sends him to his group's nearest stand, detached;
    a general of the mover's own side stays."""
    st = one("cat:MC", {"id": "B", "side": "blue", "troop": "cat:HI", "at": (5, 5), "facing": 0},
             {"id": "C", "side": "blue", "troop": "cat:HI", "at": (-5, 9), "facing": 0})  # fmt: skip
    st.generals["Gblue"] = replace(st.generals["Gblue"], hex=P(1, 0), attached="X")
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(1, 0))
    c = ctx(st)
    do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
    g = st.generals["Gblue"]
    assert g.hex == P(5, 5) and g.attached == "" and st.generals["Gred"].hex == P(1, 0)
    assert c.log[0] == f"general Gblue is driven off to {st.label(P(5, 5))} [PC.CMD.6]"


def test_PC_EVADE_8_evading_fire_is_asked() -> None:
    """[PC.EVADE.1] (b) [PC.EVADE.8] decision 10: a Sk about to be fired on from its front arc is asked, by its side's
    order, whether it evades; an enemy behind it, a friend, a formed target or a target in melee is not asked."""
    st = one("cat:Sh", {"id": "E", "side": "blue", "troop": "cat:Sk", "at": (2, 0), "facing": 3})
    st.standing = {"blue": {"evade_fire": "ask"}}
    c = ctx(st)
    c.dice.answers["a0-evade_fire-E-S-fire"] = "yes"  # type: ignore[attr-defined]
    M.evade_fire(c, "S", "E")
    assert c.log[0] == f"blue answers yes: S is about to fire at E at {st.label(P(2, 0))}: evade?"
    assert spec_hex(st.stands["E"].hex) == (4, 0)
    for change in ({"facing": 0}, {"side": "red"}, {"troop": "cat:HI"}):
        st = one("cat:Sh", {"id": "E", "side": "blue", "troop": "cat:Sk", "at": (2, 0), "facing": 3, **change})
        st.standing = {"blue": {"evade_fire": "ask"}, "red": {"evade_fire": "ask"}}
        c = ctx(st)
        M.evade_fire(c, "S", "E")
        assert c.dice.decisions == [], change
    st = one("cat:Sh", {"id": "E", "side": "blue", "troop": "cat:Sk", "at": (2, 0), "facing": 3})
    st.standing = {"blue": {"evade_fire": "ask"}}
    st.melees[1] = Melee(1, "blue", (("blue", "E"), ("red", "X")))
    c = ctx(st)
    M.evade_fire(c, "S", "E")
    assert c.dice.decisions == []


def test_PC_MELEE_17_pushing_through_skirmishers() -> None:
    """[PC.MELEE.17] (a): an MC going on past enemy Sk in the open meets one frontally: it fires (2D6), is swept away,
    and the move goes on; an LC does not push through: its contact ends the move."""
    st = one("cat:MC", {"id": "K", "side": "blue", "troop": "cat:Sk", "at": (2, 0), "facing": 3, "disordered": True})
    st.standing = {"blue": {"evade": "no"}}
    c = ctx(st, 6, 6)
    do_move(c, "S", steps((1, 0), (2, -1)), Track(P(0, 0)))
    c.dice.assert_used_up()
    assert c.log[0] == "K defensive fire at S: 1D6 [6] = 1 hit(s)"
    assert "K is removed: skirmishers swept away by S pushing through [PC.MELEE.17]" in c.log
    assert not st.stands["K"].on_board and spec_hex(st.stands["S"].hex) == (2, -1)
    assert st.stands["S"].ranks == (3,)  # failed by 3, the defensive fire's cap of 1 SP [PC.FIRE.14]
    st = one("cat:MC", {"id": "K", "side": "blue", "troop": "cat:Sk", "at": (2, -1), "facing": 3})
    st.standing = {"blue": {"evade": "no"}}
    c = ctx(st, 1, 1)
    do_move(c, "S", steps((1, 0), (2, 0)), Track(P(0, 0)))
    assert not st.stands["K"].on_board  # the Sk in the second front hex too
    for troop, where, melee in (("cat:El", "open", False), ("cat:MC", "woods", False), ("cat:MC", "open", True)):
        st = one(troop, {"id": "K", "side": "blue", "troop": "cat:Sk", "at": (2, 0), "facing": 3})
        st.standing = {"blue": {"evade": "no"}}
        if where == "woods":
            st.terrain[P(2, 0)] = Terrain.WOODS
        if melee:
            st.melees[1] = Melee(1, "blue", (("blue", "K"), ("red", "X")))
        assert why(st, steps((1, 0), (2, -1)), *[1] * 20) == "the move had to stop: contact", troop
        assert st.stands["K"].on_board
    st = one("cat:LC", {"id": "K", "side": "blue", "troop": "cat:Sk", "at": (2, 0), "facing": 3})
    st.standing = {"blue": {"evade": "no"}}
    assert why(st, steps((1, 0), (2, -1))) == "the move had to stop: contact"
    assert st.stands["K"].on_board


def test_PC_OPP_10_opportunity_fire_at_a_stand_coming_on() -> None:
    """[PC.OPP.4] (c) [PC.OPP.10]: a bow on opportunity fires at an enemy that steps towards it, 2 hexes or more away."""
    st = one("cat:MC", {"id": "O", "side": "blue", "troop": "cat:Sh", "at": (4, 0), "facing": 3, "opportunity": True},
             {"id": "A", "side": "blue", "troop": "cat:Sh", "at": (4, 1), "facing": 3})  # fmt: skip
    c = ctx(st, *[1] * 10)
    do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
    assert c.log[0] == "O on opportunity fires at S as it comes on [PC.OPP.4]"
    assert c.dice.purposes[0] == "fire: O at S, 4d6 (die 1 of 4)"
    for there in ((1, 1), (0, 4)):  # one hex away; no nearer
        st = one("cat:MC", {"id": "O", "side": "blue", "troop": "cat:Sh", "at": there, "facing": 3, "opportunity": True})
        c = ctx(st, *[1] * 10)
        do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
        assert not any("on opportunity fires" in line for line in c.log), there


def test_PC_EVADE_2_mc_evade_infantry_only_when_asked() -> None:
    """[PC.EVADE.2] decision 9: MC charged by infantry evade by the side's order `evade_mc` (default no)."""
    st = one("cat:HI", {"id": "E", "side": "blue", "troop": "cat:MC", "at": (2, 0), "facing": 3})
    st.standing = {"blue": {"evade_mc": "ask"}}
    c = ctx(st)
    c.dice.answers["a0-evade_mc-E-S-0"] = "yes"  # type: ignore[attr-defined]
    do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
    assert c.dice.decisions[0] == ("a0-evade_mc-E-S-0", "yes") and st.stands["E"].hex != P(2, 0)
