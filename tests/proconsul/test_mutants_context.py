"""Clauses of games/proconsul/context.py that mutation testing found unpinned (benchmarks/mutation.py pc:context):
the morale test as the engine applies it, SP losses and removal [PC.MORALE.2] [PC.MORALE.7] [PC.MORALE.8] [PC.CMD.7]
[PC.CMD.8] [PC.CMD.9] [PC.VICTORY.2]."""

from __future__ import annotations

from dataclasses import replace

from games.proconsul.model import Melee

from .helpers import P, ctx, make, troops


def test_PC_CMD_7_b_an_attached_general_adds_one_to_morale() -> None:
    """[PC.CMD.7] (b) [PC.MORALE.2]: 5 SP, 1 hit: AM 4, and 5 with the general attached to the stand."""
    st = make([{"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0)}])
    c = ctx(st, 5)
    c.morale("S", 1, "test")
    assert c.log == ["S tests morale on 4: rolls 5, fails by 1"]
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0), attached="S")
    c = ctx(st, 5)
    c.morale("S", 1, "test")
    assert c.log == ["S tests morale on 5: rolls 5, passes"]


def test_PC_MORALE_2_front_losses_count_only_without_rear_ranks() -> None:
    """[PC.MORALE.2] [PC.MORALE.9]: a stand with rear ranks tests on its front rank's full SP; a single rank counts its
    permanent losses."""
    st = make([{"id": "W", "side": "red", "troop": "gauls:warband", "at": (0, 0), "front_loss": 1}])
    c = ctx(st, 2)
    c.morale("W", 1, "test")
    assert c.log == ["W tests morale on 4: rolls 2, passes"]
    st = make([{"id": "W", "side": "red", "troop": "gauls:warband", "at": (0, 0), "ranks": [4], "front_loss": 1}])
    c = ctx(st, 2)
    c.morale("W", 1, "test")
    assert c.log == ["W tests morale on 3: rolls 2, passes"]


def test_PC_MORALE_7_losses_come_off_the_rear_rank_first() -> None:
    """[PC.MORALE.7] [PC.MORALE.8] [PC.VICTORY.2]: 5 SP off a 5/4 stand empty the rear rank (its BP lost) and take 1
    off the front; front losses add up; no loss does nothing; the last SP removes the stand, its BP counted once."""
    wb = replace(troops()["gauls:warband"], bp=(2, 1))
    st = make([{"id": "W", "side": "red", "troop": "wb", "at": (0, 0)}], wb=wb)
    c = ctx(st)
    assert c.lose("W", 5, "test") is False
    assert st.stands["W"].ranks == (4,) and st.stands["W"].front_loss == 1
    assert st.army["red"].lost == 1
    assert c.log == [f"{c.name('W')} loses 5 SP (test); now 4"]
    assert c.lose("W", 1, "again") is False and st.stands["W"].front_loss == 2
    c = ctx(st)
    assert c.lose("W", 0, "nothing") is False and c.log == []
    assert c.lose("W", 3, "last") is True
    assert st.stands["W"].removed == "destroyed" and st.army["red"].lost == 3
    assert c.log[0] == f"{c.name('W')} loses 3 SP (last); now gone"


def test_PC_CMD_8_the_attached_general_dies_and_PC_CMD_9_the_others_move() -> None:
    """[PC.CMD.8] [PC.CMD.9]: a removed stand's attached general is killed where it stood; a friendly general in its
    hex but not attached goes to the nearest stand of his group; a general elsewhere stays."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "F", "side": "red", "troop": "cat:HI", "at": (0, 3)},
            {"id": "B", "side": "blue", "troop": "cat:HI", "at": (5, 0)},
        ]
    )
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0), attached="S")
    c = ctx(st)
    c.remove("S", "test")
    g = st.generals["Gred"]
    assert (g.alive, g.attached, g.died_at) == (False, "", P(0, 0))
    assert c.log == ["S is removed: test", "general Gred is killed with the stand he led [PC.CMD.8]"]
    assert st.generals["Gblue"].hex == P(9, 0)
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "F", "side": "red", "troop": "cat:HI", "at": (0, 2)},
            {"id": "E", "side": "red", "troop": "cat:HI", "at": (3, 0)},
        ]
    )
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0))
    ctx(st).remove("S", "test")
    assert st.generals["Gred"].hex == P(0, 2) and st.generals["Gred"].alive


def test_PC_RESULT_8_a_removed_supporter_leaves_the_melee() -> None:
    """[PC.MELEE.6]: a supporting or non-facing stand that is removed leaves its melee, which goes on."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "T", "side": "red", "troop": "cat:HI", "at": (0, 1)},
            {"id": "U", "side": "red", "troop": "cat:HI", "at": (0, -1)},
            {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        ]
    )
    st.melees[1] = Melee(1, "red", (("red", "S"), ("blue", "E")), ("T",), ("U",), ongoing=True)
    c = ctx(st)
    c.remove("T", "test")
    assert st.melees[1].supporters == () and st.melees[1].non_facing == ("U",)
    c.remove("U", "test")
    assert st.melees[1].supporters == () and st.melees[1].non_facing == ()


def test_PC_OPP_2_disorder_ends_opportunity() -> None:
    """[PC.OPP.2] [PC.DISORDER.1]: a stand that becomes disordered is no longer on opportunity."""
    st = make([{"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0), "opportunity": True}])
    ctx(st).disorder("S")
    assert st.stands["S"].disordered is True and st.stands["S"].opportunity is False
