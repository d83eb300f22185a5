"""A group's step behaves as the same step by a single stand (games/proconsul/movement.py): it draws the enemy's
counter-charge, opportunity charge and opportunity fire [PC.OPP.4], may not end in a ZOC with the enemy on a flank
[PC.ZOC.3], and a halt in a ZOC on the move's last step still leaves the extra move [PC.ZOC.2] [PC.MOVE.8]
[PC.MOVE.14]."""

from __future__ import annotations

from typing import Any

import pytest

from games.proconsul.group_move import group_move
from games.proconsul.movement import Illegal, Track, do_move
from games.proconsul.state import State

from .helpers import P, ctx, make, spec_hex


def steps(*hexes: tuple[int, int]) -> list[list[Any]]:
    return [["hex", P(*h).q, P(*h).r] for h in hexes]


def stand(sid: str, at: tuple[int, int], troop: str = "cat:MC", side: str = "red", **kw: Any) -> dict[str, Any]:
    return {"id": sid, "side": side, "troop": troop, "at": at, **kw}


def board(*more: dict[str, Any], b: tuple[int, int] = (0, -1), **kw: Any) -> State:
    """Red MC A at (0, 0) and B beside it, both facing 0 (front hexes of A: (1, 0) and (1, -1))."""
    st = make([stand("A", (0, 0)), stand("B", b), *more], **kw)
    st.moved = set()
    return st


def where(st: State, *ids: str) -> list[tuple[int, int]]:
    return [spec_hex(st.stands[i].hex) for i in ids]


def test_PC_OPP_4_b_a_group_step_into_contact_is_counter_charged() -> None:
    """[PC.OPP.4] (b) [PC.OPP.5] [PC.OPP.8]: HI O on opportunity at (3, 0) facing 3; the group's second step would
    bring A into contact with it, so O steps to (2, 0) and counter-charges A first. The group's movement ends there:
    A never enters (2, 0), B stays at (1, -1); the melee (all dice 1, a draw) bounces the MC A back to (-2, 0)."""
    st = board(stand("O", (3, 0), "cat:HI", "blue", facing=3, opportunity=True))
    c = ctx(st, *[1] * 9)
    group_move(c, ["A", "B"], [steps((1, 0), (2, 0))])
    assert where(st, "A", "B", "O") == [(-2, 0), (1, -1), (2, 0)]
    assert not st.stands["O"].opportunity and st.stands["A"].disordered
    assert c.counter_charged == {"A"}
    assert c.log[:2] == ["O on opportunity counter-charges A [PC.OPP.4]", "melee 1: O (HI, 2113) attacks A (MC, 2013)"]
    assert "A bounces to 1713, disordered [PC.RESULT.5]" in c.log


def test_PC_OPP_4_b_the_same_step_by_a_single_stand() -> None:
    """[PC.OPP.4] (b): the reference: A alone making the same move meets the same counter-charge at the same point."""
    st = board(stand("O", (3, 0), "cat:HI", "blue", facing=3, opportunity=True))
    c = ctx(st, *[1] * 9)
    do_move(c, "A", steps((1, 0), (2, 0)), Track(P(0, 0)))
    assert where(st, "A", "O") == [(-2, 0), (2, 0)]
    assert c.log[0] == "O on opportunity counter-charges A [PC.OPP.4]"


def test_PC_OPP_4_c_a_group_coming_on_draws_opportunity_fire() -> None:
    """[PC.OPP.4] (c) [PC.OPP.5] [PC.OPP.10]: Sk O on opportunity at (5, 0) facing 3 fires once at A as the group
    comes on (then it is off opportunity); the fire misses (die 1) and the group's move goes on to its end."""
    st = board(stand("O", (5, 0), "cat:Sk", "blue", facing=3, opportunity=True))
    c = ctx(st, 1)
    group_move(c, ["A", "B"], [steps((1, 0), (2, 0), (3, 0))])
    assert where(st, "A", "B") == [(3, 0), (3, -1)]
    assert not st.stands["O"].opportunity
    assert c.log == [
        "O on opportunity fires at A as it comes on [PC.OPP.4]",
        "O fire at A: 1D6 [1] = 0 hit(s)",
        "group move: A, B to 2213, 2212",
    ]


def test_PC_OPP_4_c_a_group_coming_on_may_be_charged_on_opportunity() -> None:
    """[PC.OPP.4] (c) [PC.OPP.5] [PC.OPP.6] [PC.OPP.8]: with blue's standing order to charge on opportunity, HI O (1
    MP) at (4, 0) facing 3 charges A as soon as the group's second step brings A within reach (2 hexes), stepping to
    (3, 0). The group's movement ends there: the third step is never taken, so B stays at (2, -1); the melee (all
    dice 1, a draw) bounces the MC A back to (-1, 0)."""
    st = board(stand("O", (4, 0), "cat:HI", "blue", facing=3, opportunity=True))
    st.standing["blue"] = {"opportunity_charge": "yes"}
    c = ctx(st, *[1] * 9)
    group_move(c, ["A", "B"], [steps((1, 0), (2, 0), (3, 0))])
    assert where(st, "A", "B", "O") == [(-1, 0), (2, -1), (3, 0)]
    assert c.counter_charged == {"A"} and not st.stands["O"].opportunity
    assert c.log[:2] == ["O on opportunity charges A [PC.OPP.4]", "melee 1: O (HI, 2213) attacks A (MC, 2113)"]
    assert c.log[-1] == "group move: A, B to 1813, 2112"


def test_PC_ZOC_3_a_group_may_not_end_with_an_enemy_zoc_on_a_flank() -> None:
    """[PC.ZOC.3] [PC.MOVE.14]: HI E at (1, 1) facing 1 holds (1, 0) and (2, 0) in its ZOC; the group's step would
    leave A at (1, 0) with E on its flank: refused with the single stand's words, and neither member moves."""
    st = board(stand("E", (1, 1), "cat:HI", "blue", facing=1))
    with pytest.raises(Illegal) as e:
        group_move(ctx(st), ["A", "B"], [steps((1, 0))])
    assert str(e.value) == "A: it would stand in E's zone of control with E on its flank or rear [PC.ZOC.3]"
    assert where(st, "A", "B") == [(0, 0), (0, -1)]
    single = board(stand("E", (1, 1), "cat:HI", "blue", facing=1))
    with pytest.raises(Illegal, match=r"it would stand in E's zone of control with E on its flank or rear"):
        do_move(ctx(single), "A", steps((1, 0)), Track(P(0, 0)))


def test_PC_ZOC_2_a_group_halted_by_a_zoc_may_still_make_its_extra_move() -> None:
    """[PC.ZOC.2] [PC.MOVE.8] [PC.MOVE.14] [PC.ZOC.4]: with the literal ZOC.3 reading, A (B behind it at (-1, 0))
    ends its first move at (1, 0) in E's ZOC, which halts the group on its last step. As a single stand could, the
    group then tests (both pass on 6) and makes its second written move back out to (0, 0) and (-1, 0)."""
    st = board(stand("E", (1, 1), "cat:HI", "blue", facing=1), b=(-1, 0), config={"zoc_flank_rule": "literal"})
    c = ctx(st, 6, 6)
    group_move(c, ["A", "B"], [steps((1, 0)), steps((0, 0))])
    assert where(st, "A", "B") == [(0, 0), (-1, 0)]
    assert not st.stands["A"].disordered and not st.stands["B"].disordered
    assert c.log == [
        "group move: A, B to 2013, 1913",
        "A order test for group move 2: rolls 6 against 4: pass",
        "B order test for group move 2: rolls 6 against 4: pass",
        "group move: A, B to 1913, 1813",
    ]
