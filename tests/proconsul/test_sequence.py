"""The initiative loop through the Ruleset interface [PC.SEQ.*] [PC.PBEM.*] [PC.CMD.10] [PC.VICTORY.3]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import MissedOrders, OrdersRejected
from games.proconsul import RULESET as R
from games.proconsul.state import Phase, State


def fresh(**options: object) -> State:
    return R.setup("open-field", dict(options))


def file(st: State, side: str, text: str) -> State:
    return R.apply_orders(st, R.parse_orders(st, side, text))


def declare(st: State, romans: str, gauls: str, *faces: int) -> tuple[State, list[str]]:
    st = file(file(st, "romans", f"declare {romans}"), "gauls", f"declare {gauls}")
    assert R.ready(st)
    res = R.resolve(st, ScriptedDice.of(6, *faces))
    return res.state, res.narrative


def test_PC_SEQ_2_both_sides_are_asked_for_sealed_declarations() -> None:
    """[PC.SEQ.2] [PC.PBEM.2] [PC.PBEM.3]: the declaration window asks both sides at once, sealed; one in is not ready."""
    st = fresh()
    reqs = R.pending(st)
    assert {r.side for r in reqs} == {"romans", "gauls"} and all(r.sealed for r in reqs)
    assert len({r.key for r in reqs}) == 1
    st = file(st, "romans", "declare left")
    assert [r.side for r in R.pending(st)] == ["gauls"] and not R.ready(st)
    assert R.view(st, "gauls")["declarations"]["romans"] == "sealed"
    assert "left" not in R.render_text(st, "gauls").split("declarations:")[1].splitlines()[0]


def test_PC_WE_18_initiative_with_modifiers() -> None:
    """WE-18 [PC.SEQ.2] [PC.CMD.7] [PC.DICE.5]: 2D6 + the declared group's general, side A first; higher activates."""
    st = fresh()
    st, story = declare(st, "centre", "gleft", 4, 3, 6, 1)  # Roman centre +1: 8; Gallic left 0: 7
    assert st.phase is Phase.ACTIVATE and (st.active_side, st.active_group) == ("romans", "centre")
    assert "romans rolls 4+3+1 = 8" in story and "gauls rolls 6+1+0 = 7" in story


def test_PC_WE_18_ties_reroll() -> None:
    """WE-18 [PC.SEQ.2]: equal totals: both roll again."""
    st, story = declare(fresh(), "left", "gright", 3, 3, 2, 4, 1, 1, 6, 6)
    assert "a tie: both roll again [PC.SEQ.2]" in story
    assert st.active_side == "gauls"


def test_PC_CMD_10_no_general_counts_minus_two() -> None:
    """[PC.CMD.10] [PC.ARMYLIST.5]: a group whose general died this round rolls at -2."""
    st = fresh()
    st.generals["Gleft"] = replace(st.generals["Gleft"], alive=False)
    st, story = declare(st, "left", "gright", 4, 3, 3, 3)
    assert "romans rolls 4+3-2 = 5" in story and st.active_side == "gauls"


def test_PC_SEQ_2_loser_keeps_declaration_option() -> None:
    """[PC.SEQ.2]: with loser_keeps_declaration the loser's group stays declared; only the winner declares again."""
    st = fresh(loser_keeps_declaration=True)
    st, _ = declare(st, "left", "gright", 6, 6, 1, 1)
    assert st.kept == {"gauls": "gright"}
    st = R.apply_orders(st, R.parse_orders(st, "romans", "end"))
    st = R.resolve(st, ScriptedDice.of(6)).state
    assert [r.side for r in R.pending(st)] == ["romans"]


def test_PC_SEQ_12_activation_closes_on_end_and_PC_SEQ_6_marks_moved() -> None:
    """[PC.SEQ.12] [PC.SEQ.6] [PC.SEQ.5] [PC.PBEM.4]: the activation runs the orders in turn; `end` closes it; the group is activated."""
    st, _ = declare(fresh(), "centre", "gleft", 6, 6, 1, 1)
    st = file(st, "romans", "L1 move 0708\nL2 hold\nend")
    st = R.resolve(st, ScriptedDice.of(6)).state
    assert st.groups["centre"].activated and st.phase is Phase.DECLARE
    assert st.label(st.stands["L1"].hex) == "0708"


def test_PC_PBEM_3_an_illegal_order_stops_and_asks_for_the_rest() -> None:
    """[PC.PBEM.3] (b) [PC.PBEM.10] [PC.SEQ.6]: the engine stops at an order that has become illegal; what was done stands;
    the same side is asked again; a stand that has acted may not act again."""
    st, _ = declare(fresh(), "centre", "gleft", 6, 6, 1, 1)
    st = file(st, "romans", "L1 move 0808\nRB1 fire W1\nL3 hold\nend")
    res = R.resolve(st, ScriptedDice.of(6))
    st = res.state
    assert any("RB1 stopped" in line and "[PC.FIRE.4]" in line for line in res.narrative)
    assert st.phase is Phase.ACTIVATE and [r.side for r in R.pending(st)] == ["romans"]
    assert st.moved == {"L1", "RB1"} and st.label(st.stands["L1"].hex) == "0808"
    with pytest.raises(OrdersRejected, match="PC.SEQ.6"):
        R.parse_orders(st, "romans", "L1 hold")
    st = file(st, "romans", "end")
    st = R.resolve(st, ScriptedDice.of(6)).state
    assert st.groups["centre"].activated


def test_PC_SEQ_3_one_side_left_names_its_group() -> None:
    """[PC.SEQ.3]: when only one side has groups left, it activates them one after another, naming each."""
    st = fresh()
    for gid in ("left", "centre", "right"):
        st.groups[gid] = replace(st.groups[gid], activated=True)
    st.phase, st.active_side, st.active_group = Phase.ACTIVATE, "gauls", ""
    (req,) = R.pending(st)
    assert req.side == "gauls" and not req.sealed
    with pytest.raises(OrdersRejected, match="PC.SEQ.3"):
        R.parse_orders(st, "gauls", "end")
    st = file(st, "gauls", "group gleft\nend")
    st = R.resolve(st, ScriptedDice.of(6)).state
    assert st.groups["gleft"].activated and st.phase is Phase.ACTIVATE and st.active_side == "gauls"


def test_PC_SEQ_4_new_round_clears_markers_and_PC_CMD_10_places_a_replacement() -> None:
    """[PC.SEQ.4] [PC.SEQ.10] [PC.CMD.10] [PC.CMD.4]: the last activation ends the round: groups reset, generals' moves
    reset, a dead general replaced at range 4 and -2 beside the nearest stand."""
    st = fresh()
    for gid in ("left", "centre", "right", "gleft", "gcentre"):
        st.groups[gid] = replace(st.groups[gid], activated=True)
    st.generals["Gleft"] = replace(st.generals["Gleft"], alive=False, died_at=st.stands["RA1"].hex)
    st.generals["Gcentre"] = replace(st.generals["Gcentre"], moved=True)
    st.phase, st.active_side, st.active_group = Phase.ACTIVATE, "gauls", "gright"
    st = file(st, "gauls", "end")
    res = R.resolve(st, ScriptedDice.of(6, 1))  # GJ1 javelins do nothing; one die for W5/W6 compulsion tests at most
    st = res.state
    assert st.round == 2 and st.phase is Phase.DECLARE
    assert not any(g.activated for g in st.groups.values())
    assert not st.generals["Gcentre"].moved
    g = st.generals["Gleft"]
    assert g.alive and g.replacement and g.command_range == 4 and g.initiative == -2 and g.hex == st.stands["RA1"].hex


def test_PC_SEQ_11_round_limit_decides_by_break_point_fraction() -> None:
    """[PC.SEQ.11]: at the round limit the side that lost the smaller fraction of its BP wins."""
    from games.proconsul.context import Ctx
    from games.proconsul.model import ArmyStatus
    from games.proconsul.sequence import new_round

    st = fresh(max_rounds=1)
    st.army["gauls"] = ArmyStatus(st.army["gauls"].total, 3)
    new_round(Ctx(st, ScriptedDice.of(6)))
    assert st.phase is Phase.OVER and st.result == ("romans", "round limit 1 reached")
    assert R.outcome(st) is not None and R.pending(st) == []


def test_PC_VICTORY_3_both_armies_breaking_at_once_is_a_draw() -> None:
    """[PC.VICTORY.3] [PC.RESULT.14]: both broken at the same check: a draw."""
    from games.proconsul.context import Ctx
    from games.proconsul.model import ArmyStatus
    from games.proconsul.sequence import check_victory

    st = fresh()
    st.army = {k: ArmyStatus(a.total, a.total) for k, a in st.army.items()}
    assert check_victory(Ctx(st, ScriptedDice.of(6)))
    assert st.result == (None, "both armies broke at once")


def test_PC_PBEM_7_missed_deadlines_hold() -> None:
    """[PC.PBEM.6] [PC.PBEM.7] [PC.PBEM.5]: a missed declaration files the first group; a missed activation holds (end)."""
    st = fresh()
    assert R.default_orders(st, "gauls", MissedOrders.HOLD) == "declare gcentre"
    st, _ = declare(st, "centre", "gleft", 6, 6, 1, 1)
    assert R.default_orders(st, "romans", MissedOrders.STANDING) == "end"
    assert R.parse_orders(st, "romans", "L1 hold\nend").canonical == "L1 hold\nend"


def test_PC_SEQ_7_enemy_stands_are_never_marked_moved() -> None:
    """[PC.SEQ.7] [PC.EVADE.10] [PC.OPP.13]: stands outside the active group keep their action whatever they did."""
    st = R.setup("open-field-round-2", {})
    st = file(st, "gauls", "W2 hold\nend")
    st = R.resolve(st, ScriptedDice.of(6, *[1] * 300)).state
    assert not (st.moved & {s.id for s in st.live("romans")})


def test_PC_PBEM_9_pre_scripted_orders_run_without_waiting() -> None:
    """[PC.PBEM.9]: orders sent ahead with a declaration (`script GROUP`) are carried out as soon as that group wins the
    roll, skipping what has become illegal; no activation window is opened."""
    st = fresh()
    text = "declare centre\nscript centre\nL1 move 0708\nRB1 fire W1\nL2 move 0808"
    acc = R.parse_orders(st, "romans", text)
    assert acc.canonical == text
    st = R.apply_orders(st, acc)
    st = file(st, "gauls", "declare gleft")
    res = R.resolve(st, ScriptedDice.of(6, 6, 6, 1, 1))
    st = res.state
    assert st.groups["centre"].activated and st.phase is Phase.DECLARE
    assert st.label(st.stands["L1"].hex) == "0708" and st.label(st.stands["L2"].hex) == "0808"
    assert any("RB1 stopped" in line for line in res.narrative)
    with pytest.raises(OrdersRejected, match="PC.PBEM.9"):
        R.parse_orders(st, "romans", "declare left\nRA1 hold")


def test_PC_SEQ_2_a_withdrawn_declaration_is_asked_for_again() -> None:
    """[PC.SEQ.2] [PC.PBEM.2]: withdrawing a declaration puts the side back on the list of those to declare."""
    st = file(fresh(), "romans", "declare left")
    st = R.withdraw_orders(st, "romans", R.pending_key(st))
    assert {r.side for r in R.pending(st)} == {"romans", "gauls"}


def test_picture_draws_last_moves_as_arrows() -> None:
    """The board picture shows the last resolution's moves as arrows in the side's colour."""
    st, _ = declare(fresh(), "centre", "gleft", 6, 6, 1, 1)
    st = R.resolve(file(st, "romans", "L1 move 0708\nend"), ScriptedDice.of(6)).state
    pic = R.picture(st, None, "t")
    assert [(a.side, [st.label(h) for h in a.hexes]) for a in pic.arrows] == [("romans", ["0709", "0708"])]
