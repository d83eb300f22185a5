"""Clauses of games/proconsul/activation.py that mutation testing found unpinned (benchmarks/mutation.py
pc:activation): each test names the rule whose clause it pins and fails when that clause is changed [PC.SEQ.8]
[PC.IMPET.2]-[PC.IMPET.5] [PC.MELEE.18] [PC.MELEE.22] [PC.DISORDER.5] [PC.OPP.1] [PC.SEQ.9]."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.proconsul.activation import (
    attack,
    break_off,
    compulsion,
    go_on_opportunity,
    rally,
    refights,
    run_actions,
    start_of_action,
)
from games.proconsul.model import Melee
from games.proconsul.movement import Illegal, Track
from games.proconsul.state import State, Terrain

from .helpers import P, ctx, make, spec_hex


def steps(*hexes: tuple[int, int]) -> list[list[Any]]:
    return [["hex", P(*h).q, P(*h).r] for h in hexes]


def red(sid: str, troop: str, at: tuple[int, int], **kw: Any) -> dict[str, Any]:
    return {"id": sid, "side": "red", "troop": troop, "at": at, **kw}


def blue(sid: str, troop: str, at: tuple[int, int], facing: int = 3, **kw: Any) -> dict[str, Any]:
    return {"id": sid, "side": "blue", "troop": troop, "at": at, "facing": facing, **kw}


def refused(fn: Any, *args: Any) -> str:
    with pytest.raises(Illegal) as e:
        fn(*args)
    return str(e.value)


def wb(*more: dict[str, Any], troop: str = "gauls:warband", **kw: Any) -> State:
    """A poor impetuous warband W at (0, 0) facing 0 (order class C: tests need 5)."""
    return make([red("W", troop, (0, 0), **kw), *more])


# --- impetuous compulsion [PC.IMPET.2]-[PC.IMPET.5] ---------------------------------------------------------------


def test_PC_IMPET_2_orders_that_advance_comply() -> None:
    """[PC.IMPET.2] [PC.IMPET.3]: a compelled WB whose own orders start with a move of forward steps only (or an
    attack, a rally or an opportunity test) keeps them: no test, no narrative."""
    complying: list[list[dict[str, Any]]] = [
        [{"do": "move", "steps": steps((1, 0), (2, 0))}],
        [{"do": "move", "steps": steps((1, -1), (2, -2))}],
        [{"do": "move", "steps": steps((1, 0))}, {"do": "fire", "target": "E"}],
        [{"do": "rally"}],
        [{"do": "opportunity"}],
        [{"do": "attack", "target": "E"}],
    ]
    for actions in complying:
        st = wb(blue("E", "cat:HI", (4, 0)))
        c = ctx(st)
        assert compulsion(c, "W", actions, Track(P(0, 0))) is None
        assert c.log == []


@pytest.mark.parametrize(
    "move",
    [
        steps((1, 0), (1, -1)),  # the second step is sideways from (1, 0), though forward from (0, 0)
        steps((0, -1)),  # sideways
        steps((-1, 0)),  # backward
        [["turn", 1]],
        [*steps((1, 0)), ["turn", 1]],
    ],
)
def test_PC_IMPET_3_a_move_that_is_not_an_advance_is_replaced(move: list[list[Any]]) -> None:
    """[PC.IMPET.3]: a move with any step that is not forward from the hex it starts from (or any turn) does not
    comply: the stand tests for opportunity (C: needs 5) and on a fail makes the default full move towards E."""
    st = wb(blue("E", "cat:HI", (4, 0)))
    c = ctx(st, 4)
    forced = compulsion(c, "W", [{"do": "move", "steps": move}], Track(P(0, 0)))
    assert forced == [{"do": "move", "steps": steps((1, 0), (2, 0))}]
    assert c.dice.purposes == ["order test: W (opportunity instead of advancing), needs 5"]
    assert c.log[0] == "W is impetuous and compelled to advance [PC.IMPET.2]"


def test_PC_IMPET_5_fire_first_does_not_comply() -> None:
    """[PC.IMPET.5]: orders that fire before the compelled move are replaced; a pass goes on opportunity instead."""
    st = wb(blue("E", "cat:HI", (4, 0)))
    c = ctx(st, 5)
    forced = compulsion(c, "W", [{"do": "fire", "target": "E"}, {"do": "move", "steps": steps((1, 0))}], Track(P(0, 0)))
    assert forced == []
    assert st.stands["W"].opportunity
    assert c.log[-1] == "W goes on opportunity instead [PC.IMPET.3] (d)"


def test_PC_IMPET_4_a_steady_stand_that_moves_must_advance() -> None:
    """[PC.IMPET.4]: a steady impetuous stand (range 3) may stay still or fire, but a move that is not an advance is
    replaced like a poor stand's."""
    st = wb(blue("E", "cat:HI", (3, 0)), troop="germans:retinue")
    assert compulsion(ctx(st), "W", [{"do": "fire", "target": "E"}], Track(P(0, 0))) is None
    c = ctx(st, 1)
    forced = compulsion(c, "W", [{"do": "move", "steps": steps((0, -1))}], Track(P(0, 0)))
    assert forced is not None and forced[0]["do"] == "move"
    assert c.log[0] == "W is impetuous and compelled to advance [PC.IMPET.2]"


def test_PC_IMPET_3_d_a_disordered_stand_rallies_then_tests() -> None:
    """[PC.IMPET.3] (d) [PC.DISORDER.5]: a disordered compelled stand tests to rally first, then for opportunity."""
    st = wb(blue("E", "cat:HI", (4, 0)), disordered=True)
    c = ctx(st, 5, 4)
    compulsion(c, "W", [{"do": "hold"}], Track(P(0, 0)))
    assert c.dice.purposes == [
        "order test: W (rally), needs 5",
        "order test: W (opportunity instead of advancing), needs 5",
    ]
    st = wb(blue("E", "cat:HI", (4, 0)), disordered=True)
    c = ctx(st, 4)
    forced = compulsion(c, "W", [{"do": "hold"}], Track(P(0, 0)))
    assert c.dice.purposes == ["order test: W (rally), needs 5"]
    assert forced == [{"do": "move", "steps": steps((1, 0), (2, 0))}]


def test_PC_IMPET_3_an_enemy_already_in_front_is_attacked() -> None:
    """[PC.IMPET.3] [PC.MELEE.22]: a compelled stand that fails its test with an eligible enemy already in a front hex
    attacks it instead of moving."""
    st = wb(blue("E", "cat:HI", (1, 0)))
    forced = compulsion(ctx(st, 1), "W", [{"do": "hold"}], Track(P(0, 0)))
    assert forced == [{"do": "attack", "target": "E"}]


def forced_path(st: State) -> list[tuple[int, int]]:
    forced = compulsion(ctx(st, 1), "W", [{"do": "hold"}], Track(P(0, 0)))
    assert forced is not None and forced[0]["do"] == "move"
    return [(int(s[1]) - 12, int(s[2]) - 12) for s in forced[0]["steps"]]


def test_PC_IMPET_3_b_the_path_towards_the_nearest_enemy() -> None:
    """[PC.IMPET.3] (b): each step goes into the front hex that closes on the target (ties: D[f]), never into
    impassable ground or a stand, and stops when a step would not close or the target is in front."""
    assert forced_path(wb(blue("E", "cat:HI", (4, 0)))) == [(1, 0), (2, 0)]
    assert forced_path(wb(blue("E", "cat:HI", (4, -4)))) == [(1, -1), (2, -2)]
    st = wb(blue("E", "cat:HI", (4, -2)))
    assert forced_path(st) == [(1, 0), (2, 0)]
    st.terrain[P(1, 0)] = Terrain.IMPASSABLE
    assert forced_path(st) == [(1, -1), (2, -1)]
    st = wb(blue("E", "cat:HI", (4, 0)))
    st.terrain[P(1, 0)] = Terrain.IMPASSABLE
    assert forced_path(st) == []
    st = wb(blue("E", "cat:HI", (4, 0)))
    st.terrain[P(1, 0)] = Terrain.IMPASSABLE
    st.terrain[P(1, -1)] = Terrain.IMPASSABLE
    assert forced_path(st) == []
    assert forced_path(wb(blue("E", "cat:HI", (2, 0)))) == [(1, 0)]
    assert forced_path(wb(red("F", "cat:HI", (2, 0)), blue("E", "cat:HI", (4, -2)))) == [(1, 0)]
    assert forced_path(wb(blue("E", "cat:HI", (3, -3)))) == [(1, -1), (2, -2)]


def test_PC_IMPET_2_who_compels() -> None:
    """[PC.IMPET.2]: within 4 (poor) or 3 (steady) in the front arc and in sight past friends (enemies never block);
    not Sk, not cavalry for infantry; the nearest compels first (ties by id)."""
    hi = "cat:HI"
    assert compulsion(ctx(wb(blue("E", hi, (5, 0)))), "W", [{"do": "hold"}], Track(P(0, 0))) is None
    st = wb(blue("E", hi, (4, 0)), troop="germans:retinue")
    assert compulsion(ctx(st), "W", [{"do": "move", "steps": steps((0, -1))}], Track(P(0, 0))) is None
    assert compulsion(ctx(wb(blue("E", hi, (-2, 0)))), "W", [{"do": "hold"}], Track(P(0, 0))) is None
    # a skirmisher or an out-of-range stand listed first does not hide the one that compels
    for first in (blue("A", "cat:Sk", (2, 0)), blue("A", "cat:MC", (2, 0)), blue("A", hi, (6, 0))):
        assert forced_path(wb(first, blue("E", hi, (3, -3)))) == [(1, -1), (2, -2)]
    # a friend in between blocks the sight; an enemy (here cavalry, which does not compel infantry) does not
    st = wb(red("F", hi, (2, 0)), blue("E", hi, (4, 0)))
    assert compulsion(ctx(st), "W", [{"do": "hold"}], Track(P(0, 0))) is None
    assert forced_path(wb(blue("K", "cat:MC", (2, 0)), blue("E", hi, (4, 0)))) == [(1, 0)]
    # the nearest first, then by id
    assert forced_path(wb(blue("Z", hi, (4, -4)), blue("E", hi, (4, 0)))) == [(1, 0), (2, 0)]
    assert forced_path(wb(blue("B", hi, (4, -4)), blue("E", hi, (4, 0)))) == [(1, -1), (2, -2)]


# --- the action menu, rally, opportunity, attack [PC.SEQ.8] [PC.DISORDER.5] [PC.OPP.1] [PC.MELEE.22] --------------


MENU = (
    "that is not on the action menu: move(s); fire then one move; move(s) then fire; fire; attack; hold"
    " [PC.SEQ.8] [PC.MOVE.2]"
)
OPP_ENDS = "going on opportunity ends the stand's action [PC.OPP.1]"


@pytest.mark.parametrize(
    ("kinds", "why"),
    [
        ([], ""),
        (["hold"], ""),
        (["attack"], ""),
        (["fire"], ""),
        (["fire", "move"], ""),
        (["move", "move", "fire"], ""),
        (["rally"], ""),
        (["rally", "move", "move"], ""),
        (["rally", "opportunity"], ""),
        (["opportunity"], ""),
        (["opportunity", "move"], OPP_ENDS),
        (["rally", "opportunity", "move"], OPP_ENDS),
        (["rally", "rally"], MENU),
        (["move", "hold"], MENU),
        (["move", "fire", "fire"], MENU),
        (["fire", "move", "fire"], MENU),
        (["fire", "fire"], MENU),
        (["hold", "move"], MENU),
    ],
)
def test_PC_SEQ_8_the_action_menu(kinds: list[str], why: str) -> None:
    """[PC.SEQ.8] [PC.MOVE.2] [PC.OPP.1]: [rally] [opportunity] then one of: moves, fire then one move, moves then fire,
    fire, attack, hold; nothing after opportunity."""
    from games.proconsul.activation import _check_menu

    assert _check_menu([{"do": k} for k in kinds]) == why


def test_PC_SEQ_8_run_actions_refuses_what_is_not_on_the_menu() -> None:
    """[PC.SEQ.8]: the menu is checked before anything is done."""
    st = make([red("S", "cat:MC", (0, 0))])
    actions = [{"do": "hold"}, {"do": "move", "steps": steps((1, 0))}]
    assert refused(run_actions, ctx(st), "S", actions, Track(P(0, 0))) == MENU
    assert spec_hex(st.stands["S"].hex) == (0, 0)


def test_PC_DISORDER_5_rally_refusals_and_outcomes() -> None:
    """[PC.DISORDER.5]: only a disordered stand, not locked in a melee, rallies; a pass and a fail both clear disorder
    (by default), and the fail is said; with `rally_fail_clears_disorder` off a fail leaves it disordered."""
    st = make([red("S", "cat:HI", (0, 0)), blue("E", "cat:HI", (1, 0))])
    assert refused(rally, ctx(st), "S") == "S is not disordered: nothing to rally [PC.DISORDER.5]"
    st = make([red("S", "cat:HI", (0, 0), disordered=True), blue("E", "cat:HI", (1, 0))])
    st.melees[1] = Melee(1, "red", (("red", "S"), ("blue", "E")), ongoing=True)
    assert refused(rally, ctx(st), "S") == "S is locked in a melee and may not rally [PC.DISORDER.5]"
    st = make([red("S", "cat:HI", (0, 0), disordered=True)])
    c = ctx(st, 4)
    assert rally(c, "S") is True
    assert st.stands["S"].disordered is False and c.log[-1] == "S rallies"
    c = ctx(st, 3)
    st.put(replace(st.stands["S"], disordered=True))
    assert rally(c, "S") is False
    assert st.stands["S"].disordered is False
    assert c.log[-1] == "S rallies: failed, it may not move, fire or go on opportunity [PC.DISORDER.5]"
    st = make([red("S", "cat:HI", (0, 0), disordered=True)], config={"rally_fail_clears_disorder": False})
    assert rally(ctx(st, 3), "S") is False and st.stands["S"].disordered


def test_PC_OPP_1_opportunity_refusals_and_outcomes() -> None:
    """[PC.OPP.1] [PC.OPP.2] [PC.OPP.3] [PC.OPP.11]: a disordered stand must rally first; one locked in a melee may not
    test; one already on opportunity stays on it without a test; a pass is said."""
    st = make([red("S", "cat:HI", (0, 0), disordered=True)])
    assert refused(go_on_opportunity, ctx(st), "S") == "S is disordered: it must rally first [PC.OPP.11]"
    st = make([red("S", "cat:HI", (0, 0)), blue("E", "cat:HI", (1, 0))])
    st.melees[1] = Melee(1, "red", (("red", "S"), ("blue", "E")), ongoing=True)
    assert refused(go_on_opportunity, ctx(st), "S") == "S is locked in a melee [PC.OPP.2]"
    st = make([red("S", "cat:HI", (0, 0), opportunity=True)])
    c = ctx(st)
    go_on_opportunity(c, "S")
    assert c.log == ["S stays on opportunity [PC.OPP.3]"]
    st = make([red("S", "cat:HI", (0, 0))])
    c = ctx(st, 4)
    go_on_opportunity(c, "S")
    assert st.stands["S"].opportunity and c.log[-1] == "S is on opportunity"
    st = make([red("S", "cat:HI", (0, 0))])
    c = ctx(st, 3)
    go_on_opportunity(c, "S")  # alone, no general: no +1
    assert not st.stands["S"].opportunity
    assert c.log == ["S order test for opportunity: rolls 3 against 4: fail"]


def test_PC_MELEE_22_attack_refusals() -> None:
    """[PC.MELEE.22] [PC.MELEE.1]: the target must be in a front hex; neither may already be in a melee; a stand with
    no impact factor may not attack, except LC."""
    hi = "cat:HI"
    st = make([red("S", hi, (0, 0)), blue("T", hi, (0, 1)), blue("U", hi, (1, 0)), blue("V", hi, (1, -1))])
    assert refused(attack, ctx(st), "S", "T") == "T is not in a front hex of S [PC.MELEE.22]"
    assert refused(attack, ctx(st), "S", "X") == "X is not in a front hex of S [PC.MELEE.22]"
    st.melees[1] = Melee(1, "blue", (("blue", "U"), ("red", "S")), ongoing=True)
    assert refused(attack, ctx(st), "S", "V") == "one of them is already in a melee [PC.MELEE.22]"
    st.melees[1] = Melee(1, "blue", (("blue", "U"), ("red", "T")), ongoing=True)
    assert refused(attack, ctx(st), "S", "U") == "one of them is already in a melee [PC.MELEE.22]"
    st = make([red("S", "cat:Sh", (0, 0)), blue("U", "cat:HI", (1, 0))])
    assert refused(attack, ctx(st), "S", "U") == "S has no impact factor and may not attack [PC.MELEE.1]"


def test_PC_MELEE_22_an_impact_of_one_or_an_LC_may_attack() -> None:
    """[PC.MELEE.22] [PC.MELEE.1] [PC.MELEE.17]: LI (impact 1) may attack a Sk in front without moving (the Sk fires
    and is removed); so may LC (impact 0), which fights it."""
    st = make([red("S", "cat:LI", (0, 0)), blue("U", "cat:Sk", (1, 0))])
    c = ctx(st, 3, 3)
    attack(c, "S", "U")
    assert c.log[-1] == "U is removed: skirmishers caught by formed troops [PC.MELEE.17]"
    st = make([red("S", "cat:LC", (0, 0)), blue("U", "cat:Sk", (1, 0))])
    c = ctx(st, *[3] * 7)
    attack(c, "S", "U")
    c.dice.assert_used_up()
    assert c.log[0] == f"melee 1: S (LC, {st.label(P(0, 0))}) attacks U (Sk, {st.label(P(1, 0))})"


# --- moves and fire within one action [PC.MOVE.2] [PC.MOVE.8] ----------------------------------------------------


def test_PC_MOVE_2_fire_then_move_costs_a_die_fire_alone_does_not() -> None:
    """[PC.MOVE.2] [PC.FIRE.2]: fire then one move shoots with one die fewer (3 of 4); fire alone with all 4."""
    st = make([red("S", "cat:Sh", (0, 0)), blue("T", "cat:HI", (2, 0))])
    c = ctx(st, 1, 1, 1, 1)
    run_actions(c, "S", [{"do": "fire", "target": "T"}], Track(P(0, 0)))
    assert c.dice.purposes[0] == "fire: S at T, 4d6 (die 1 of 4)"
    st = make([red("S", "cat:Sh", (0, 0)), blue("T", "cat:HI", (2, 0))])
    c = ctx(st, 1, 1, 1)
    run_actions(c, "S", [{"do": "fire", "target": "T"}, {"do": "move", "steps": steps((0, 1))}], Track(P(0, 0)))
    assert c.dice.purposes[0] == "fire: S at T, 3d6 (die 1 of 3)"


def test_PC_MOVE_2_after_fire_then_move_no_second_move() -> None:
    """[PC.MOVE.2]: a stand that fired and has moved once may not move again."""
    from games.proconsul.activation import _move

    st = make([red("S", "cat:MC", (0, 0))])
    track = Track(P(0, 0), moves=1, fired=True)
    assert refused(_move, ctx(st), "S", steps((1, 0)), track) == (
        "after fire then move, only one move is allowed [PC.MOVE.2]"
    )
    track = Track(P(0, 0), no_more=True)
    assert refused(_move, ctx(st), "S", steps((1, 0)), track) == (
        "S may make no further move this activation [PC.MOVE.4] [PC.MOVE.8]"
    )


def test_PC_MOVE_8_extra_moves_count_and_a_fail_ends_movement() -> None:
    """[PC.MOVE.8]: the second move needs base 4, the third 5; a fail disorders the stand, says so and ends its
    movement: a later move is refused."""
    from games.proconsul.activation import _move

    st = make([red("S", "cat:MC", (0, 0))])
    c = ctx(st, 4, 4)
    track = Track(P(0, 0))
    assert _move(c, "S", steps((1, 0)), track) is True
    assert _move(c, "S", steps((2, 0)), track) is True
    assert track.moves == 2
    assert _move(c, "S", steps((3, 0)), track) is False
    assert c.dice.purposes == ["order test: S (move 2), needs 4", "order test: S (move 3), needs 5"]
    assert c.log[-1] == "S fails its test: disordered, its movement ends [PC.MOVE.8]"
    assert st.stands["S"].disordered and track.no_more is True and spec_hex(st.stands["S"].hex) == (2, 0)
    assert refused(_move, c, "S", steps((3, 0)), track) == (
        "S may make no further move this activation [PC.MOVE.4] [PC.MOVE.8]"
    )


def test_PC_MOVE_13_a_charge_ends_the_action() -> None:
    """[PC.MOVE.13] (b) [PC.SEQ.8]: a move that charges ends the stand's action: the fire ordered after it is not
    attempted (an MC could not fire anyway)."""
    st = make([red("S", "cat:MC", (0, 0)), blue("E", "cat:HI", (2, 0))])
    c = ctx(st, *[3] * 11)
    run_actions(c, "S", [{"do": "move", "steps": steps((1, 0))}, {"do": "fire", "target": "E"}], Track(P(0, 0)))
    c.dice.assert_used_up()
    assert c.log[-1] == f"S bounces to {st.label(P(-2, 0))}, disordered [PC.RESULT.5]"


# --- skirmisher break-off [PC.MELEE.18] -----------------------------------------------------------------------------


def break_steps(st: State, actions: list[dict[str, Any]] | None = None) -> Any:
    c = ctx(st)
    forced = break_off(c, "K", [{"do": "hold"}] if actions is None else actions)
    if not forced:
        return forced
    return [spec_hex(P(0, 0).__class__(int(s[1]), int(s[2]))) for s in forced[0]["steps"]]


def test_PC_MELEE_18_a_skirmisher_in_contact_breaks_off() -> None:
    """[PC.MELEE.18] [PC.GEOM.14]: a Sk with an enemy in front must move away, straight back if it can (ties between
    equal steps: the lower direction); its own move order stands; it goes as far as it can; blocked, it stays."""
    st = make([red("K", "cat:Sk", (0, 0)), blue("E", "cat:HI", (1, 0))])
    c = ctx(st)
    assert break_off(c, "K", [{"do": "hold"}]) == [{"do": "move", "steps": steps((-1, 0), (-2, 0))}]
    assert c.log == ["K must break off [PC.MELEE.18]"]
    assert break_off(ctx(st), "K", [{"do": "move", "steps": steps((0, 1))}]) is None
    st.terrain[P(-1, 0)] = Terrain.IMPASSABLE
    assert break_steps(st)[0] == (0, -1)
    st = make([red("K", "cat:Sk", (0, 0)), blue("E", "cat:HI", (1, 0)), red("F", "cat:HI", (-1, 0))])
    assert break_steps(st)[0] == (0, -1)
    st = make([red("K", "cat:Sk", (0, 0)), blue("E", "cat:HI", (1, 0))])
    for h in P(0, 0).neighbours():
        if h not in (P(1, 0), P(-1, 0)):
            st.terrain[h] = Terrain.IMPASSABLE
    for h in P(-1, 0).neighbours():
        if h != P(0, 0):
            st.terrain[h] = Terrain.IMPASSABLE
    assert break_steps(st) == [(-1, 0)]
    st.terrain[P(-1, 0)] = Terrain.IMPASSABLE
    assert break_off(ctx(st), "K", [{"do": "hold"}]) == []


def test_PC_MELEE_18_break_off_at_the_board_edge_and_from_a_melee() -> None:
    """[PC.MELEE.18] [PC.MOVE.17]: steps stay on the board; a Sk in an ongoing melee ends it with no winner."""
    st = make([red("K", "cat:Sk", (0, 0)), blue("E", "cat:HI", (1, 0))])
    st.melees[1] = Melee(1, "blue", (("blue", "E"), ("red", "K")), ongoing=True)
    c = ctx(st)
    break_off(c, "K", [{"do": "hold"}])
    assert st.melees == {}
    assert c.log[0] == "melee 1 ends with no winner as K breaks off [PC.MELEE.18]"
    st = make([red("K", "cat:Sk", (-12, -12)), blue("E", "cat:HI", (-11, -12))])
    assert not st.on_map(P(-13, -12))  # K is in the board's corner: straight back is off it
    forced = break_off(ctx(st), "K", [{"do": "hold"}])
    assert forced is not None
    assert all(st.on_map(P(0, 0).__class__(int(s[1]), int(s[2]))) for s in forced[0]["steps"])


# --- re-fights and the free turn to face [PC.SEQ.9] [PC.ZOC.5] ------------------------------------------------------


def locked(**config: Any) -> State:
    """S (red HI) and E (blue HI) face each other in melee 1, which blue attacked; activation 5 of a round that began
    at activation 3."""
    st = make([red("S", "cat:HI", (0, 0)), blue("E", "cat:HI", (1, 0))], config=config or None)
    st.melees[1] = Melee(1, "blue", (("blue", "E"), ("red", "S")), ongoing=True, fought_in=2)
    st.activation, st.round_start = 5, 3
    return st


def test_PC_SEQ_9_an_ongoing_melee_is_refought_with_the_active_side_attacking() -> None:
    """[PC.SEQ.9]: the active group's ongoing melee is fought again, the active side as attacker and first in the
    battle order, with no impact (5 dice each)."""
    st = locked()
    c = ctx(st, *[3] * 10)
    refights(c, "red", "red")
    c.dice.assert_used_up()
    assert c.dice.purposes[0] == "melee 1: red pool, 5d6 (die 1 of 5)"
    m = st.melees[1]
    assert m.attacker == "red" and m.battle == (("red", "S"), ("blue", "E")) and m.fought_in == 5
    assert c.log[0] == f"melee 1: S (HI, {st.label(P(0, 0))}) attacks E (HI, {st.label(P(1, 0))}) (re-fight)"


def test_PC_SEQ_9_which_melees_are_refought() -> None:
    """[PC.SEQ.9]: not one already fought this activation, not one that is not ongoing, not one without a stand of the
    group; `per_round` skips one fought since the round began (but not one fought before it); `only_on_reignite`
    never re-fights; the melees after a skipped one are still fought."""
    for skip in (
        {"fought_in": 5},
        {"ongoing": False},
    ):
        st = locked()
        st.melees[1] = replace(st.melees[1], **skip)
        c = ctx(st)
        refights(c, "red", "red")
        assert c.dice.purposes == []
    st = locked()
    c = ctx(st)
    refights(c, "green", "red")
    assert c.dice.purposes == []
    st = locked(ongoing_refight="only_on_reignite")
    c = ctx(st)
    refights(c, "red", "red")
    assert c.dice.purposes == []
    st = locked(ongoing_refight="per_round")
    st.melees[1] = replace(st.melees[1], fought_in=4)
    c = ctx(st)
    refights(c, "red", "red")
    assert c.dice.purposes == []
    st = locked(ongoing_refight="per_round")
    st.stands["T"] = replace(st.stands["S"], id="T", hex=P(0, 3))
    st.stands["D"] = replace(st.stands["E"], id="D", hex=P(1, 3))
    st.melees[2] = Melee(2, "blue", (("blue", "D"), ("red", "T")), ongoing=True, fought_in=3)
    st.melees[1] = replace(st.melees[1], fought_in=4)
    c = ctx(st, *[3] * 10)
    refights(c, "red", "red")
    assert c.dice.purposes[0] == "melee 2: red pool, 5d6 (die 1 of 5)" and len(c.dice.purposes) == 10
    st = locked(ongoing_refight="per_round")
    st.melees[1] = replace(st.melees[1], fought_in=3)
    c = ctx(st, *[3] * 10)
    refights(c, "red", "red")
    assert len(c.dice.purposes) == 10
    st = locked()
    st.put(replace(st.stands["S"], hex=P(5, 5)))
    st.stands["T"] = replace(st.stands["S"], id="T", hex=P(0, 0))
    st.melees[2] = Melee(2, "blue", (("blue", "E"), ("red", "T")), ongoing=True, fought_in=2)
    st.melees[1] = replace(st.melees[1], fought_in=5)
    c = ctx(st, *[3] * 10)
    refights(c, "red", "red")
    assert c.dice.purposes[0] == "melee 2: red pool, 5d6 (die 1 of 5)"


def flanked(*more: dict[str, Any]) -> State:
    """WE-24: the Legion (facing 0) is hit in the flank by the WB at (0, 1), which is owed its flank die."""
    st = make(
        [
            red("Legion", "romans:legion", (0, 0), facing=0),
            blue("WB", "gauls:warband", (0, 1), facing=2),
            *more,
        ]
    )
    st.melees[1] = Melee(1, "blue", (("blue", "WB"), ("red", "Legion")), ongoing=True, flank_bonus=("WB", "X"))
    return st


def test_PC_ZOC_5_a_flanked_battle_stand_turns_to_face_free() -> None:
    """[PC.ZOC.5] [PC.MELEE.14] (c): at the start of its action the Legion turns to face the WB; the WB's flank die
    ends (another stand's stays); the turn is said. A friend in a front hex does not prevent it."""
    for more in ([], [red("F", "cat:HI", (1, 0))]):
        st = flanked(*more)
        c = ctx(st)
        start_of_action(c, "Legion")
        assert st.stands["Legion"].facing == 5
        assert st.melees[1].flank_bonus == ("X",)
        assert c.log == ["Legion turns to face WB: not a charge; its flank die ends [PC.ZOC.5]"]


def test_PC_ZOC_5_no_turn_while_attacked_in_front() -> None:
    """[PC.ZOC.5]: an enemy attacking through a front hex keeps the Legion from turning."""
    st = flanked(blue("E", "cat:HI", (1, 0)))
    c = ctx(st)
    start_of_action(c, "Legion")
    assert st.stands["Legion"].facing == 0 and st.melees[1].flank_bonus == ("WB", "X") and c.log == []


def test_PC_IMPET_2_no_compulsion_in_a_melee() -> None:
    """[PC.IMPET.2]: a stand in a melee fights instead: it is not compelled, whatever is in reach."""
    st = wb(blue("E", "cat:HI", (4, 0)), blue("M", "cat:HI", (0, 1), facing=2))
    st.melees[1] = Melee(1, "blue", (("blue", "M"), ("red", "W")), ongoing=True)
    c = ctx(st)
    assert compulsion(c, "W", [{"do": "hold"}], Track(P(0, 0))) is None
    assert c.log == []


def test_PC_SEQ_8_run_actions_does_each_kind() -> None:
    """[PC.SEQ.8] [PC.PBEM.5] [PC.OPP.1] [PC.MELEE.22]: hold is said; opportunity tests; attack fights the named
    enemy."""
    st = make([red("S", "cat:HI", (0, 0))])
    c = ctx(st)
    run_actions(c, "S", [{"do": "hold"}], Track(P(0, 0)))
    assert c.log == ["S holds"]
    c = ctx(st, 4)
    run_actions(c, "S", [{"do": "opportunity"}], Track(P(0, 0)))
    assert st.stands["S"].opportunity and c.log[-1] == "S is on opportunity"
    st = make([red("S", "cat:LC", (0, 0)), blue("U", "cat:Sk", (1, 0))])
    c = ctx(st, *[3] * 7)
    run_actions(c, "S", [{"do": "attack", "target": "U"}], Track(P(0, 0)))
    assert c.log[0] == f"melee 1: S (LC, {st.label(P(0, 0))}) attacks U (Sk, {st.label(P(1, 0))})"


def test_PC_FIRE_2_move_then_fire_and_fire_refusals() -> None:
    """[PC.FIRE.2] [PC.FIRE.5] [PC.MOVE.2]: fire after one move loses a die per move (3 of 4) and marks the stand as
    having fired; a stand locked in a melee may not fire; a target out of reach is refused with the reason."""
    st = make([red("S", "cat:Sh", (0, 0)), blue("T", "cat:HI", (3, 0))])
    c = ctx(st, 1, 1, 1)
    track = Track(P(0, 0))
    run_actions(c, "S", [{"do": "move", "steps": steps((1, 0))}, {"do": "fire", "target": "T"}], track)
    assert c.dice.purposes[0] == "fire: S at T, 3d6 (die 1 of 3)" and track.fired is True
    st = make([red("S", "cat:Sh", (0, 0)), blue("T", "cat:HI", (1, 0))])
    st.melees[1] = Melee(1, "blue", (("blue", "T"), ("red", "S")), ongoing=True)
    assert refused(run_actions, ctx(st), "S", [{"do": "fire", "target": "T"}], Track(P(0, 0))) == (
        "S is locked in a melee and may not fire [PC.FIRE.5]"
    )
    st = make([red("S", "cat:HI", (0, 0)), blue("T", "cat:HI", (2, 0))])
    assert refused(run_actions, ctx(st), "S", [{"do": "fire", "target": "T"}], Track(P(0, 0))) == (
        "S may not fire at T: it has no missile weapon [PC.FIRE.1]"
    )
