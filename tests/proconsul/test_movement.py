"""Movement, zones of control, terrain, generals and command [PC.MOVE.*] [PC.ZOC.*] [PC.TERRAIN.*] [PC.CMD.*]."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.proconsul.activation import run_actions
from games.proconsul.movement import Illegal, Track, do_move, in_command, may_displace, may_pass, order_test
from games.proconsul.state import Edge, Terrain, edge_key

from .helpers import P, ctx, make, spec_hex


def steps(*hexes: tuple[int, int]) -> list[list[Any]]:
    return [["hex", P(*h).q, P(*h).r] for h in hexes]


def one(troop: str, at: tuple[int, int] = (0, 0), facing: int = 0, **kw: Any) -> Any:
    return make([{"id": "S", "side": "red", "troop": troop, "at": at, "facing": facing, **kw}])


def test_PC_MOVE_1_forward_steps_mix_both_front_hexes() -> None:
    """[PC.MOVE.1] [PC.MOVE.3] [PC.GEOM.11]: forward steps into either front hex; MP limit the move."""
    st = one("cat:MC")
    c = ctx(st)
    do_move(c, "S", steps((1, 0), (2, -1), (3, -1)), Track(P(0, 0)))
    assert spec_hex(st.stands["S"].hex) == (3, -1) and not st.stands["S"].disordered
    st = one("cat:MC")
    with pytest.raises(Illegal, match="PC.MOVE.3"):
        do_move(ctx(st), "S", steps((1, 0), (2, 0), (3, 0), (4, 0)), Track(P(0, 0)))


def test_PC_MOVE_1_steps_must_be_adjacent_and_on_the_board() -> None:
    """[PC.MOVE.1] [PC.MOVE.17] [PC.GEOM.1]: one hex at a time, never off the board."""
    st = one("cat:MC")
    with pytest.raises(Illegal, match="PC.MOVE.1"):
        do_move(ctx(st), "S", steps((2, 0)), Track(P(0, 0)))
    st = one("cat:MC", facing=2)
    edge = st.spec.to_hex(1, 20)
    st.put(replace(st.stands["S"], hex=edge))
    off = edge.neighbour(3)
    with pytest.raises(Illegal, match="PC.MOVE.17"):
        do_move(ctx(st), "S", [["hex", off.q, off.r]], Track(edge))


def test_PC_MOVE_4_turning_and_leaving_the_hex() -> None:
    """[PC.MOVE.4]: a move that turns may not leave its hex; a second face disorders and ends movement."""
    st = one("cat:HI")
    with pytest.raises(Illegal, match="PC.MOVE.4"):
        do_move(ctx(st), "S", [["turn", 1], *steps((1, 0))], Track(P(0, 0)))
    st = one("cat:MC")
    track = Track(P(0, 0))
    do_move(ctx(st), "S", [["turn", 1], ["turn", 1]], track)
    assert st.stands["S"].facing == 2 and st.stands["S"].disordered and track.no_more


def test_PC_MOVE_5_auxilia_turn_and_move_freely() -> None:
    """[PC.MOVE.5]: Aux turn any number of faces and leave the hex in one move, undisordered."""
    st = one("romans:auxilia")
    do_move(ctx(st), "S", [["turn", 1], ["hex", P(0, -1).q, P(0, -1).r]], Track(P(0, 0)))
    s = st.stands["S"]
    assert s.facing == 1 and spec_hex(s.hex) == (0, -1) and not s.disordered
    st = one("romans:auxilia")
    do_move(ctx(st), "S", [["turn", 1], ["turn", 1]], Track(P(0, 0)))
    assert st.stands["S"].facing == 2 and not st.stands["S"].disordered


def test_PC_MOVE_6_light_movers_go_any_way_and_face_at_the_end() -> None:
    """[PC.MOVE.6]: Sk step into any neighbour, turn free, choose a facing at the end; never disordered by direction."""
    st = one("cat:Sk")
    do_move(ctx(st), "S", [*steps((-1, 0), (-2, 0)), ["face", 3]], Track(P(0, 0)))
    s = st.stands["S"]
    assert spec_hex(s.hex) == (-2, 0) and s.facing == 3 and not s.disordered
    st = one("cat:HI")
    with pytest.raises(Illegal, match="PC.MOVE.6"):
        do_move(ctx(st), "S", [["face", 3]], Track(P(0, 0)))


def test_PC_MOVE_7_turning_about_is_a_whole_move_and_disorders() -> None:
    """[PC.MOVE.7]: turn to the rear: facing + 3, disordered; not while disordered."""
    st = one("cat:HI")
    do_move(ctx(st), "S", [["about"]], Track(P(0, 0)))
    assert st.stands["S"].facing == 3 and st.stands["S"].disordered
    with pytest.raises(Illegal, match="PC.MOVE.7"):
        do_move(ctx(st), "S", [["about"]], Track(P(0, 0)))


@pytest.mark.parametrize(
    ("troop", "disordered"), [("cat:HI", True), ("cat:MC", False), ("romans:auxilia", False), ("cat:Sk", False)]
)
def test_PC_MOVE_10_backward_moves_disorder_all_but_the_exempt(troop: str, disordered: bool) -> None:
    """[PC.MOVE.10] [PC.DISORDER.2]: backward steps keep facing; HI is disordered, MC, Aux, Sk are not."""
    st = one(troop)
    do_move(ctx(st), "S", steps((-1, 0)), Track(P(0, 0)))
    assert st.stands["S"].facing == 0 and st.stands["S"].disordered is disordered


@pytest.mark.parametrize(
    ("troop", "disordered"), [("cat:HI", True), ("cat:MC", True), ("cat:LC", False), ("romans:auxilia", False)]
)
def test_PC_MOVE_11_sideways_moves_disorder_all_but_the_exempt(troop: str, disordered: bool) -> None:
    """[PC.MOVE.11]: sideways steps disorder except LC, LCh, Aux, Sk."""
    st = one(troop)
    do_move(ctx(st), "S", steps((0, -1)), Track(P(0, 0)))
    assert st.stands["S"].disordered is disordered


def test_PC_MOVE_11_scenario_flag_exempts_sideways() -> None:
    """[PC.MOVE.11] [PC.UNITS.8]: a scenario's sideways_no_disorder flag."""
    from .helpers import troops

    st = make(
        [{"id": "S", "side": "red", "troop": "drill", "at": (0, 0)}],
        drill=replace(troops()["cat:HI"], sideways_no_disorder=True),
    )
    do_move(ctx(st), "S", steps((0, -1)), Track(P(0, 0)))
    assert not st.stands["S"].disordered


def test_PC_MOVE_12_one_kind_of_step_per_move() -> None:
    """[PC.MOVE.12]: standard types keep to one kind of step, and a sideways move to one side."""
    st = one("cat:MC")
    with pytest.raises(Illegal, match="PC.MOVE.12"):
        do_move(ctx(st), "S", steps((1, 0), (1, -1)), Track(P(0, 0)))


def test_PC_MOVE_13_no_contact_without_an_impact_factor() -> None:
    """[PC.MOVE.13] [PC.MELEE.1]: a stand with IF 0 may not move into contact."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:Sh", "at": (0, 0)},
            {"id": "E", "side": "blue", "troop": "cat:HI", "at": (2, 0), "facing": 3},
        ]
    )
    with pytest.raises(Illegal, match="PC.MOVE.13"):
        do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 0)))
    assert st.stands["S"].hex == P(0, 0)


def test_PC_MOVE_15_interpenetration_and_PC_MOVE_16_displacement() -> None:
    """[PC.MOVE.15] [PC.MOVE.16]: HI may not pass through HI; it may pass Sk and displace LI into the hex it left."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "romans:legion", "at": (0, 0)},
            {"id": "H", "side": "red", "troop": "cat:HI", "at": (1, 0)},
            {"id": "L", "side": "red", "troop": "cat:LI", "at": (1, -1)},
        ]
    )
    assert not may_pass(st, st.stands["S"], st.stands["H"]) and may_pass(st, st.stands["S"], st.stands["L"])
    with pytest.raises(Illegal, match="PC.MOVE.15"):
        do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 0)))
    do_move(ctx(st), "S", steps((1, -1)), Track(P(0, 0)))
    assert spec_hex(st.stands["S"].hex) == (1, -1) and spec_hex(st.stands["L"].hex) == (0, 0)
    assert may_displace(st, st.stands["S"], st.stands["L"])


def test_PC_ZOC_2_entering_an_enemy_zoc_stops_the_move() -> None:
    """[PC.ZOC.1] [PC.ZOC.2] [PC.MOVE.13]: a stand stops in the first hex of an enemy's front hexes (here by contact)."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:MC", "at": (0, 0)},
            {"id": "E", "side": "blue", "troop": "cat:HI", "at": (3, -2), "facing": 3},
        ]
    )
    with pytest.raises(Illegal, match="the move had to stop"):
        do_move(ctx(st), "S", steps((1, -1), (2, -2), (3, -3)), Track(P(0, 0)))
    assert spec_hex(st.stands["S"].hex) == (2, -2)


def test_PC_ZOC_1_skirmishers_in_the_open_have_no_zoc() -> None:
    """[PC.ZOC.1] [PC.TERRAIN.3]: Sk in the open exert no ZOC; in woods they do."""
    from games.proconsul.retreat import zoc_holders

    st = make([{"id": "K", "side": "blue", "troop": "cat:Sk", "at": (0, 0), "facing": 0}])
    assert not zoc_holders(st, P(1, 0), "red")
    st.terrain[P(0, 0)] = Terrain.WOODS
    assert zoc_holders(st, P(1, 0), "red")


def test_PC_ZOC_3_no_ending_in_a_zoc_with_the_enemy_on_the_flank() -> None:
    """[PC.ZOC.3]: a move may not end in an enemy's ZOC with that enemy on the mover's flank."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:MC", "at": (0, 1), "facing": 0},
            {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, 1), "facing": 2},
        ]
    )
    with pytest.raises(Illegal, match="PC.ZOC.3"):
        do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 1)))


def test_PC_ZOC_4_locked_stands_may_not_move_away() -> None:
    """[PC.ZOC.4] [PC.FIRE.5]: a battle stand of a melee may make no voluntary move and may not fire."""
    from games.proconsul.model import Melee

    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        ]
    )
    st.melees[1] = Melee(1, "red", (("red", "S"), ("blue", "E")), ongoing=True)
    with pytest.raises(Illegal, match="PC.ZOC.4"):
        run_actions(ctx(st), "S", [{"do": "move", "steps": steps((-1, 0))}], Track(P(0, 0)))
    with pytest.raises(Illegal, match="PC.FIRE.5"):
        run_actions(ctx(st), "S", [{"do": "fire", "target": "E"}], Track(P(0, 0)))


@pytest.mark.parametrize(
    ("ground", "troop", "ok"),
    [
        (Terrain.WOODS, "cat:Ch", False),
        (Terrain.WOODS, "cat:HI", True),
        (Terrain.TOWN, "cat:MC", False),
        (Terrain.IMPASSABLE, "cat:Sk", False),
    ],
)
def test_PC_TERRAIN_7_who_may_enter(ground: Terrain, troop: str, ok: bool) -> None:
    """[PC.TERRAIN.6] [PC.TERRAIN.7]: woods bar chariots, towns bar mounted stands, impassable bars all."""
    st = one(troop)
    st.terrain[P(1, 0)] = ground
    if ok:
        do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 0)))
    else:
        with pytest.raises(Illegal, match="PC.TERRAIN.7"):
            do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 0)))


def test_PC_TERRAIN_7_difficult_ground_ends_the_move() -> None:
    """[PC.TERRAIN.7] [PC.TERRAIN.1]: entering woods ends the move (it may be the first step)."""
    st = one("cat:MC")
    st.terrain[P(1, 0)] = Terrain.WOODS
    with pytest.raises(Illegal, match="PC.TERRAIN.7"):
        do_move(ctx(st), "S", steps((1, 0), (2, 0)), Track(P(0, 0)))
    assert spec_hex(st.stands["S"].hex) == (1, 0)


def test_PC_TERRAIN_7_a_river_crossing_is_a_whole_move() -> None:
    """[PC.TERRAIN.7] [PC.GEOM.19]: a river on a hexside must be the only step of its move; a creek ends the move."""
    st = one("cat:MC")
    st.edges[edge_key(P(1, 0), P(2, 0))] = Edge.RIVER
    with pytest.raises(Illegal, match="whole move"):
        do_move(ctx(st), "S", steps((1, 0), (2, 0)), Track(P(0, 0)))
    st = one("cat:MC")
    st.edges[edge_key(P(0, 0), P(1, 0))] = Edge.CREEK
    with pytest.raises(Illegal, match="PC.TERRAIN.7"):
        do_move(ctx(st), "S", steps((1, 0), (2, 0)), Track(P(0, 0)))


def test_PC_MOVE_8_extra_move_takes_a_test_first() -> None:
    """[PC.MOVE.8] [PC.MOVE.9]: the second move needs the base target; a fail disorders and ends movement."""
    st = one("cat:MC")
    c = ctx(st, 4)
    run_actions(
        c, "S", [{"do": "move", "steps": steps((1, 0))}, {"do": "move", "steps": steps((2, -1))}], Track(P(0, 0))
    )
    assert spec_hex(st.stands["S"].hex) == (2, -1) and not st.stands["S"].disordered
    st = one("cat:MC")
    c = ctx(st, 3)
    run_actions(
        c, "S", [{"do": "move", "steps": steps((1, 0))}, {"do": "move", "steps": steps((2, -1))}], Track(P(0, 0))
    )
    assert spec_hex(st.stands["S"].hex) == (1, 0) and st.stands["S"].disordered


def test_PC_CMD_2_command_range_and_PC_CMD_3_penalty() -> None:
    """[PC.CMD.1] [PC.CMD.2] [PC.CMD.3]: within the general's range is in command; out of it, -1 on order tests."""
    st = one("cat:MC")
    g = st.generals["Gred"]
    from dataclasses import replace

    st.generals["Gred"] = replace(g, hex=P(6, 0), command_range=6)
    assert in_command(st, st.stands["S"])
    st.generals["Gred"] = replace(g, hex=P(7, 0), command_range=6)
    assert not in_command(st, st.stands["S"])
    assert not order_test(ctx(st, 4), "S", 4, "test")


def test_PC_CMD_7_general_in_the_hex_adds_one() -> None:
    """[PC.CMD.7] (a) [PC.CMD.11]: a general in the stand's hex gives +1 to order tests."""
    st = one("cat:MC")
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0))
    assert order_test(ctx(st, 3), "S", 4, "test")


def test_PC_CMD_5_attached_general_moves_with_the_stand_and_PC_CMD_8_dies_with_it() -> None:
    """[PC.CMD.5] [PC.CMD.8] [PC.MORALE.8]: an attached general goes with his stand and is killed if it is destroyed."""
    st = one("cat:MC")
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0), attached="S")
    c = ctx(st)
    do_move(c, "S", steps((1, 0)), Track(P(0, 0)))
    assert st.generals["Gred"].hex == P(1, 0)
    c.lose("S", 4, "test")
    assert not st.stands["S"].on_board and not st.generals["Gred"].alive


def test_PC_CMD_9_a_general_beside_a_destroyed_stand_moves_to_his_group() -> None:
    """[PC.CMD.9]: a general in a destroyed stand's hex, not attached, goes to the nearest stand of his group."""
    st = make(
        [
            {"id": "A", "side": "red", "troop": "cat:MC", "at": (0, 0)},
            {"id": "B", "side": "red", "troop": "cat:MC", "at": (3, 0)},
        ]
    )
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0))
    ctx(st).remove("A", "test")
    assert st.generals["Gred"].alive and st.generals["Gred"].hex == P(3, 0)


def test_PC_GEOM_10_turning_into_contact_is_a_charge() -> None:
    """[PC.GEOM.10] [PC.GEOM.9] [PC.MELEE.1] [PC.MELEE.2]: turning in place to bring an enemy into a front hex charges."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:MC", "at": (0, 0), "facing": 0},
            {"id": "E", "side": "blue", "troop": "cat:HI", "at": (0, -1), "facing": 2},
        ]
    )
    c = ctx(st, *[1] * 7, *[1] * 5)
    assert do_move(c, "S", [["turn", 1]], Track(P(0, 0)))
    assert "red pool, 7d6" in c.dice.purposes[0]  # 4 + 2 impact + 1 flank; no +2: it moved no hex [PC.MELEE.14]
    assert any("attacks" in line for line in c.log)


def test_PC_CMD_6_a_lone_general_is_driven_off() -> None:
    """[PC.CMD.6] [PC.CMD.11]: generals do not block; an enemy entering a lone general's hex sends him to his group's nearest stand."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:MC", "at": (0, 0)},
            {"id": "B", "side": "blue", "troop": "cat:HI", "at": (6, 0), "facing": 3},
        ]
    )
    st.generals["Gblue"] = replace(st.generals["Gblue"], hex=P(1, 0))
    do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 0)))
    assert st.stands["S"].hex == P(1, 0) and st.generals["Gblue"].hex == P(6, 0)


def test_PC_MOVE_14_group_extra_move_tests_each_member() -> None:
    """[PC.MOVE.14] [PC.MOVE.8]: before the group's second move each member tests; one that fails is disordered and stops;
    a group may also turn together."""
    from games.proconsul.group_move import group_move

    st = make(
        [
            {"id": "A", "side": "red", "troop": "cat:MC", "at": (0, 0)},
            {"id": "B", "side": "red", "troop": "cat:MC", "at": (0, 1)},
        ]
    )
    st.moved = set()
    c = ctx(st, 4, 2)  # A passes (target 4), B fails
    group_move(c, ["A", "B"], [steps((1, 0)), steps((2, -1))])
    assert spec_hex(st.stands["A"].hex) == (2, -1) and not st.stands["A"].disordered
    assert spec_hex(st.stands["B"].hex) == (1, 1) and st.stands["B"].disordered
    st = make(
        [
            {"id": "A", "side": "red", "troop": "cat:MC", "at": (0, 0)},
            {"id": "B", "side": "red", "troop": "cat:MC", "at": (0, 1)},
        ]
    )
    group_move(ctx(st), ["A", "B"], [[["turn", 1]]])
    assert st.stands["A"].facing == 1 and st.stands["B"].facing == 1
