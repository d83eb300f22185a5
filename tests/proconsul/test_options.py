"""Spec configuration alternatives and the group move's split [PC.ZOC.3] [PC.MELEE.6] [PC.FIRE.18] [PC.MOVE.14]."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.ruleset import NeedDecision
from games.proconsul.melee import Fresh, Movement, new_melee, precombat
from games.proconsul.movement import Illegal, Track, do_move, evade

from .helpers import P, ctx, make, spec_hex


def steps(*hexes: tuple[int, int]) -> list[list[Any]]:
    return [["hex", P(*h).q, P(*h).r] for h in hexes]


# --- [PC.ZOC.3] --------------------------------------------------------------------------------------------------


def _flank_hex_in_zoc(rule: str) -> Any:
    """S moves to (1, 0); E's ZOC covers S's flank hex (1, 1), but not (1, 0), and E is not next to S."""
    return make(
        [
            {"id": "S", "side": "red", "troop": "cat:MC", "at": (0, 0), "facing": 0},
            {"id": "E", "side": "blue", "troop": "cat:HI", "at": (2, 1), "facing": 3},
        ],
        {"zoc_flank_rule": rule},
    )


def test_PC_ZOC_3_literal_rule_forbids_a_flank_hex_in_an_enemy_zoc() -> None:
    """[PC.ZOC.3] config `zoc_flank_rule = "literal"`: no flank or rear hex of the mover may lie in an enemy ZOC;
    under the default face rule the same move is legal."""
    st = _flank_hex_in_zoc("face")
    do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 0)))
    assert spec_hex(st.stands["S"].hex) == (1, 0)
    st = _flank_hex_in_zoc("literal")
    with pytest.raises(Illegal, match=r"flank or rear hex .* zone of control \[PC.ZOC.3\]"):
        do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 0)))


def test_PC_ZOC_3_literal_rule_ignores_skirmishers_in_the_open() -> None:
    """[PC.ZOC.3]: a skirmisher in the open has no ZOC, so the literal rule does not count it either."""
    st = make(
        [
            {"id": "S", "side": "red", "troop": "cat:MC", "at": (0, 0), "facing": 0},
            {"id": "E", "side": "blue", "troop": "cat:Sk", "at": (2, 1), "facing": 3},
        ],
        {"zoc_flank_rule": "literal"},
    )
    do_move(ctx(st), "S", steps((1, 0)), Track(P(0, 0)))
    assert spec_hex(st.stands["S"].hex) == (1, 0)


def test_PC_ZOC_3_an_evasion_may_not_enter_a_zoc_with_the_enemy_on_its_flank() -> None:
    """[PC.ZOC.3] [PC.EVADE.4]: the straight step back (-1, 0) lies in R's ZOC with R at the evader's rear, so the LC
    evades by the other rear hex instead."""
    st = make(
        [
            {"id": "LC", "side": "blue", "troop": "cat:LC", "at": (0, 0), "facing": 0},
            {"id": "M", "side": "red", "troop": "cat:MC", "at": (1, 0), "facing": 3},
            {"id": "R", "side": "red", "troop": "cat:HI", "at": (-2, 0), "facing": 0},
        ]
    )
    assert evade(ctx(st), "LC", st.stands["M"])
    assert spec_hex(st.stands["LC"].hex) == (-4, 1)  # by (-1, 1), then straight back
    st2 = make(
        [
            {"id": "LC", "side": "blue", "troop": "cat:LC", "at": (0, 0), "facing": 0},
            {"id": "M", "side": "red", "troop": "cat:MC", "at": (1, 0), "facing": 3},
        ]
    )
    assert evade(ctx(st2), "LC", st2.stands["M"])
    assert spec_hex(st2.stands["LC"].hex) == (-4, 0)  # without R it goes straight back along r = 0


# --- [PC.MELEE.6] ------------------------------------------------------------------------------------------------


def _we10(config: dict[str, Any] | None = None) -> Any:
    return make(
        [
            {"id": "Legion", "side": "red", "troop": "romans:legion", "at": (0, 0), "facing": 0},
            {"id": "Bow", "side": "red", "troop": "cat:Sh", "at": (0, 1), "facing": 0},
            {"id": "WB", "side": "blue", "troop": "gauls:warband", "at": (1, 0), "facing": 3},
        ],
        config,
    )


def test_PC_MELEE_6_support_is_automatic_by_default() -> None:
    """[PC.MELEE.6]: every qualifying stand supports (WE-10's Bow); with `support_optional` the default is still yes."""
    for config in (None, {"support_optional": True}):
        st = _we10(config)
        assert new_melee(ctx(st), "WB", "Legion", {"WB": [P(2, 0)]}).supporters == ("Bow",)


def test_PC_MELEE_6_optional_support_follows_the_standing_order_or_asks() -> None:
    """[PC.MELEE.6] config `support_optional`: a side's standing order `support no` keeps its stand out of the melee;
    `support ask` asks the side (a decision request); without the option the standing order is ignored."""
    st = _we10({"support_optional": True})
    st.standing = {"red": {"support": "no"}}
    assert new_melee(ctx(st), "WB", "Legion", {"WB": [P(2, 0)]}).supporters == ()
    st = _we10()
    st.standing = {"red": {"support": "no"}}
    assert new_melee(ctx(st), "WB", "Legion", {"WB": [P(2, 0)]}).supporters == ("Bow",)
    st = _we10({"support_optional": True})
    st.standing = {"red": {"support": "ask"}}
    c = ctx(st)
    c.dice.ask = True  # type: ignore[attr-defined]
    with pytest.raises(NeedDecision) as asked:
        new_melee(c, "WB", "Legion", {"WB": [P(2, 0)]})
    assert asked.value.side == "red" and "Bow" in asked.value.question
    st = _we10({"support_optional": True})
    st.standing = {"red": {"support": "ask"}}
    c = ctx(st)
    c.dice.answers[f"a{st.activation}-support-Bow-WB"] = "no"  # type: ignore[attr-defined]
    assert new_melee(c, "WB", "Legion", {"WB": [P(2, 0)]}).supporters == ()


# --- [PC.FIRE.18] ------------------------------------------------------------------------------------------------


def _two_tests(mode: str) -> Any:
    """WE-10's position: the Bow's supporting fire, then the Legion's pila, each hit the WB once."""
    st = _we10({"precombat_tests": mode})
    c = ctx(
        st,
        6, 1,  # Bow supporting fire 2D6: 1 hit
        1,  # WB tests: passes
        6, 1, 1,  # Legion pilum 3D6: 1 hit
        2,  # WB tests again: passes
    )  # fmt: skip
    m = new_melee(c, "WB", "Legion", {"WB": [P(2, 0)]})
    precombat(c, m, Fresh({"WB": [P(2, 0)]}, joined=set(m.stands)), Movement())
    c.dice.assert_used_up()
    return st.stands["WB"]


def test_PC_FIRE_18_sequential_tests_find_the_earlier_disorder() -> None:
    """[PC.FIRE.18] (3) [PC.MORALE.6]: by default the second test finds the WB disordered by the first: it loses 1 SP
    though it passed."""
    wb = _two_tests("sequential")
    assert wb.disordered and wb.ranks == (5, 3)


def test_PC_FIRE_18_batched_tests_apply_disorder_after_all_of_them() -> None:
    """[PC.FIRE.18] config `precombat_tests = "batched"`: the second test sees the WB as it was at contact (no loss);
    the disorder comes after both tests."""
    wb = _two_tests("batched")
    assert wb.disordered and wb.ranks == (5, 4)


# --- [PC.MOVE.14] ------------------------------------------------------------------------------------------------


def test_PC_MOVE_14_members_no_longer_forming_a_group_carry_on_alone() -> None:
    """[PC.MOVE.14] [PC.MOVE.8]: A, B and C step together; before the second move B fails its test, so A and C are no
    longer connected: each makes the second move alone."""
    from games.proconsul.group_move import group_move

    st = make(
        [
            {"id": "A", "side": "red", "troop": "cat:MC", "at": (0, 0)},
            {"id": "B", "side": "red", "troop": "cat:MC", "at": (0, 1)},
            {"id": "C", "side": "red", "troop": "cat:MC", "at": (0, 2)},
        ]
    )
    st.moved = set()
    c = ctx(st, 4, 2, 4)  # second-move tests (target 4): A passes, B fails, C passes
    group_move(c, ["A", "B", "C"], [steps((1, 0)), steps((2, -1))])
    c.dice.assert_used_up()
    assert spec_hex(st.stands["A"].hex) == (2, -1) and spec_hex(st.stands["C"].hex) == (2, 1)
    assert spec_hex(st.stands["B"].hex) == (1, 1) and st.stands["B"].disordered
    assert any("no longer form a group" in line for line in c.log)


def test_PC_MOVE_14_a_group_whose_lead_stops_moves_from_its_own_hexes() -> None:
    """[PC.MOVE.14]: the path is written for the first stand; when it fails its test the others still take the same
    steps from their own hexes."""
    from games.proconsul.group_move import group_move

    st = make(
        [
            {"id": "A", "side": "red", "troop": "cat:MC", "at": (0, 0)},
            {"id": "B", "side": "red", "troop": "cat:MC", "at": (0, 1)},
            {"id": "C", "side": "red", "troop": "cat:MC", "at": (0, 2)},
        ]
    )
    st.moved = set()
    c = ctx(st, 2, 4, 4)  # A fails, B and C pass and still form a group
    group_move(c, ["A", "B", "C"], [steps((1, 0)), steps((2, -1))])
    c.dice.assert_used_up()
    assert spec_hex(st.stands["A"].hex) == (1, 0) and st.stands["A"].disordered
    assert spec_hex(st.stands["B"].hex) == (2, 0) and spec_hex(st.stands["C"].hex) == (2, 1)
