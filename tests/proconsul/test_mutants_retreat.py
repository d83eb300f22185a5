"""Clauses of games/proconsul/retreat.py that mutation testing found unpinned (benchmarks/mutation.py pc:retreat): each
test names the rule whose clause it pins and fails when that clause is changed [PC.RETREAT.*] [PC.RESULT.5]."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.proconsul.retreat import bounce, impassable, retreat
from games.proconsul.state import State, Terrain

from .helpers import P, ctx, make, spec_hex

WHY_SP = "sideways or through enemy ZOC while retreating [PC.RETREAT.3] [PC.RETREAT.4]"


def board(*more: dict[str, Any], troop: str = "cat:HI", **kw: Any) -> State:
    """Red R at (0, 0) facing 0, beaten by blue E at (1, 0) facing 3."""
    return make(
        [
            {"id": "R", "side": "red", "troop": troop, "at": (0, 0), "facing": 0},
            {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
            *more,
        ],
        **kw,
    )


def wall(st: State, *keep: tuple[int, int]) -> None:
    """Impassable ground all round (0, 0) to distance 3, but for the hexes kept."""
    for q in range(-3, 4):
        for r in range(-3, 4):
            h = P(q, r)
            if h.distance(P(0, 0)) <= 3 and (q, r) not in keep and h != P(0, 0) and h != P(1, 0):
                st.terrain[h] = Terrain.IMPASSABLE


def test_PC_RETREAT_12_the_attached_general_goes_along() -> None:
    """[PC.RETREAT.12] [PC.CMD.5] [PC.RESULT.5]: a general attached to a retreating or bouncing stand moves with it;
    another general does not."""
    st = board()
    st.generals["Gred"] = replace(st.generals["Gred"], attached="R", hex=P(0, 0))
    st.generals["Gblue"] = replace(st.generals["Gblue"], hex=P(5, 5))
    path = retreat(ctx(st), "R", P(1, 0), 2, True)
    assert [spec_hex(h) for h in path] == [(-1, 0), (-2, 0)]
    assert st.generals["Gred"].hex == P(-2, 0) and st.generals["Gblue"].hex == P(5, 5)
    st = board(troop="cat:LC")
    st.generals["Gred"] = replace(st.generals["Gred"], attached="R", hex=P(0, 0))
    c = ctx(st)
    bounce(c, "R", P(1, 0))
    assert st.generals["Gred"].hex == st.stands["R"].hex == P(-4, 0) and st.generals["Gblue"].hex == P(9, 0)
    assert c.log == [f"R bounces to {st.label(P(-4, 0))}, disordered [PC.RESULT.5]"] and st.stands["R"].disordered


def test_PC_RETREAT_9_off_the_board_only_when_the_straight_step_leaves_it() -> None:
    """[PC.RETREAT.9]: a stand whose straightest step away leaves the board is destroyed; one whose off-board
    neighbour is only sideways is not."""
    st = make([{"id": "R", "side": "red", "troop": "cat:HI", "at": (-18, 0), "facing": 0},
               {"id": "E", "side": "blue", "troop": "cat:HI", "at": (-17, 0), "facing": 3}])  # fmt: skip
    retreat(ctx(st), "R", P(-17, 0), 2, True)
    assert st.stands["R"].removed == "retreated off the board [PC.RETREAT.9]"
    st = make([{"id": "R", "side": "red", "troop": "cat:HI", "at": (-18, 0), "facing": 1},
               {"id": "E", "side": "blue", "troop": "cat:HI", "at": (-18, -1), "facing": 4}])  # fmt: skip
    path = retreat(ctx(st), "R", P(-18, -1), 2, True)
    assert st.stands["R"].on_board and len(path) == 2


def test_PC_RETREAT_7_trapped_with_no_step() -> None:
    """[PC.RETREAT.7]: no legal first step: destroyed; stuck after one step: it stays there."""
    st = board()
    wall(st)
    c = ctx(st)
    assert retreat(c, "R", P(1, 0), 2, True) == []
    assert st.stands["R"].removed == "trapped: no retreat step [PC.RETREAT.7]"
    st = board()
    wall(st, (-1, 0))
    c = ctx(st)
    assert retreat(c, "R", P(1, 0), 2, True) == [P(-1, 0)]
    assert c.log == [f"R retreats 1 hex(es) to {st.label(P(-1, 0))}"]


def test_PC_RETREAT_5_trapped_among_friends() -> None:
    """[PC.RETREAT.5] [PC.RETREAT.7]: a retreat that can only end on a friend destroys the stand."""
    st = board({"id": "F", "side": "red", "troop": "cat:LI", "at": (-1, 0), "facing": 0})
    wall(st, (-1, 0))
    retreat(ctx(st), "R", P(1, 0), 1, True)
    assert st.stands["R"].removed == "trapped among friends: no free hex to retreat to [PC.RETREAT.5] [PC.RETREAT.7]"
    assert st.stands["F"].on_board


def test_PC_RETREAT_4_sideways_and_zoc_steps_cost_sp() -> None:
    """[PC.RETREAT.3] [PC.RETREAT.4]: with both rear hexes closed the stand steps sideways into the victor's ZOC
    (1 SP + 1 SP); each distinct enemy ZOC entered costs 1 SP, the same enemy's ZOC again nothing."""
    st = board()
    wall(st, (0, 1), (-1, 2), (-2, 3))
    c = ctx(st)
    path = retreat(c, "R", P(1, 0), 1, True)
    assert [spec_hex(h) for h in path] == [(0, 1)]
    assert st.stands["R"].ranks == (3,)
    assert c.log[0] == f"R (HI, {st.label(P(0, 1))}) loses 2 SP ({WHY_SP}); now 3"
    st = board({"id": "Z", "side": "blue", "troop": "cat:HI", "at": (-2, 1), "facing": 0})
    c = ctx(st)
    path = retreat(c, "R", P(1, 0), 2, True)
    assert [spec_hex(h) for h in path] == [(-1, 0), (-2, 0)]
    assert st.stands["R"].ranks == (4,)


def test_PC_RETREAT_8_rear_threats() -> None:
    """[PC.RETREAT.8]: one rear hex held by an enemy: out through the other, 1 SP more on the first step only; both
    rear hexes threatened: the first step is to a flank."""
    st = board({"id": "Z", "side": "blue", "troop": "cat:HI", "at": (-1, 0), "facing": 1})
    c = ctx(st)
    path = retreat(c, "R", P(1, 0), 2, True)
    assert [spec_hex(h) for h in path][0] == (-1, 1)
    assert st.stands["R"].ranks == (4,)
    st = board({"id": "Z", "side": "blue", "troop": "cat:HI", "at": (-1, 0), "facing": 5})
    path = retreat(ctx(st), "R", P(1, 0), 2, True)
    assert spec_hex(path[0]) in ((0, 1), (0, -1))


def test_PC_RETREAT_5_friendly_skirmishers_are_pushed_back() -> None:
    """[PC.RETREAT.5]: a retreat ending on a friendly Sk pushes it one hex further away; a friend of another kind is
    passed through and the retreat goes on."""
    st = board({"id": "S", "side": "red", "troop": "cat:Sk", "at": (-2, 0), "facing": 0})
    wall(st, (-1, 0), (-2, 0), (-3, 0))
    c = ctx(st)
    path = retreat(c, "R", P(1, 0), 2, True)
    assert [spec_hex(h) for h in path] == [(-1, 0), (-2, 0)]
    assert spec_hex(st.stands["S"].hex) == (-3, 0)
    assert f"S is pushed back to {st.label(P(-3, 0))} [PC.RETREAT.5]" in c.log


def test_PC_RETREAT_5_heavy_through_heavy_disorders() -> None:
    """[PC.RETREAT.5]: HI retreating through HI disorders it; LI retreating through HI does not."""
    st = board({"id": "F", "side": "red", "troop": "cat:HI", "at": (-1, 0), "facing": 0})
    wall(st, (-1, 0), (-2, 0), (-2, 1))
    c = ctx(st)
    retreat(c, "R", P(1, 0), 2, True)
    assert st.stands["F"].disordered and "F is disordered by R retreating through it [PC.RETREAT.5]" in c.log
    st = board({"id": "F", "side": "red", "troop": "cat:HI", "at": (-1, 0), "facing": 0}, troop="cat:LI")
    wall(st, (-1, 0), (-2, 0), (-2, 1))
    retreat(ctx(st), "R", P(1, 0), 2, True)
    assert not st.stands["F"].disordered


def test_PC_TERRAIN_7_rough_stops_chariots_and_artillery_only() -> None:
    """[PC.TERRAIN.7]: rough ground is impassable to chariots and artillery, not to foot."""
    st = board()
    st.terrain[P(-1, 0)] = Terrain.ROUGH
    assert not impassable(st, st.stands["R"], P(-1, 0))
    assert impassable(st, replace(st.stands["R"], troop="cat:Ch"), P(-1, 0))


def test_PC_RETREAT_2_decision_22_distance_and_path_asked() -> None:
    """[PC.RETREAT.2] [PC.RETREAT.3] [PC.RESULT.5] decisions 22 and 24: the side is asked how far and which way,
    each question naming the stand."""
    st = board()
    st.standing = {"red": {"retreat_distance": "ask", "retreat_path": "ask"}}
    c = ctx(st)
    retreat(c, "R", P(1, 0), 2, False)
    keys = [k for k, _ in c.dice.decisions]
    assert keys[0] == f"a{st.activation}-retreat_distance-R"
    here = st.label(P(0, 0))
    assert c.log[0] == f"red answers 2: R (HI, {here}) retreats: how far?"
    assert keys[1] == f"a{st.activation}-retreat_path-R-{here}"
    assert c.log[1].endswith(f": R retreats from {here}: into which hex?")
    st = board(troop="cat:LC")
    st.standing = {"red": {"bounce_distance": "ask"}}
    c = ctx(st)
    bounce(c, "R", P(1, 0))
    assert c.dice.decisions[0][0] == f"a{st.activation}-bounce_distance-R"
    assert c.log[0] == f"red answers 4: R (LC, {st.label(P(0, 0))}) bounces: how far?"
