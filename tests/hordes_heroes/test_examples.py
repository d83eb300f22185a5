"""Worked examples as golden tests with fixed dice, named after their IDs [HH.EX.23, HH.EX.38, HH.EX.39, HH.EX.40,
HH.EX.48]. The other examples live with their rules: HH.EX.15/16 in test_rules_shoot, HH.EX.22/24 in
test_rules_comp, HH.EX.42 in test_rules_hth, HH.EX.6/32 in test_rules_notes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import Choices, counted_stands, effective_impact, hth_phase
from games.hordes_heroes.engine import defeated, points_lost, run_bound
from games.hordes_heroes.model import General
from games.hordes_heroes.orders import Combine, Move
from games.hordes_heroes.state import Standing, StandingProfile

from .helpers import Dice, Facing, H, make_state


def test_HH_EX_23_case_1_chariots_attacked_from_the_forest():
    """HH.EX.23 case 1, HH.ZOC.6, HH.TERR.32: the spearmen in the wood choose to attack, so the chariots stop engaged;
    neither side has impact: chariots 3 + 3 + 6 = 12 against spearmen 4 + 4 + 3 = 11 (not 14 and 12), so the
    chariots win by 1, which is no effect on class C."""
    st = make_state(
        [(1, "south", "chariot", (0, 8), Facing.N), (12, "north", "spear", (1, 6), Facing.S)],
        [(1, "south", (0, 9))],
        terrain={(1, 6): "wood"},
    )
    st.standing["north"] = StandingProfile(Standing(restricted_attack=True))
    _, problems = run_bound(st, "south", [Move(1, 1, (H(0, 7),))])
    assert not problems and st.units[1].hex == H(0, 7) and st.contact_order == ((1, 12),)
    text = "\n".join(hth_phase(st, Dice(6, 3), Choices()))
    assert "Chariots (3 + 3 stands + D6 6 = 12)" in text and "Spearmen (4 + 4 stands + D6 3 = 11)" in text
    assert st.units[12].hex == H(1, 6) and st.units[1].hex == H(0, 7) and "by 1" in text


def test_HH_EX_23_case_1_chariot_win_cannot_follow_into_the_wood():
    """HH.EX.23 case 1, HH.COMP.25: the spearmen recoil out of the wood hex; the chariots may not enter it."""
    st = make_state(
        [(1, "south", "chariot", (0, 7), Facing.NE), (12, "north", "spear", (1, 6), Facing.SW)],
        terrain={(1, 6): "wood"},
    )
    st.activated = frozenset({(1, 12)})
    text = "\n".join(hth_phase(st, Dice(6, 1), Choices()))
    assert "by 3" in text and st.units[12].hex == H(2, 5) and st.units[1].hex == H(0, 7)


def test_HH_EX_23_case_2_chariots_pass_by():
    """HH.EX.23 case 2, HH.ZOC.6: the spearmen do not attack; the chariots pass them as if there were no ZOC."""
    st = make_state(
        [(1, "south", "chariot", (0, 8), Facing.N), (12, "north", "spear", (1, 6), Facing.S)],
        [(1, "south", (0, 9))],
        terrain={(1, 6): "wood"},
    )
    _, problems = run_bound(st, "south", [Move(1, 1, (H(0, 7), H(0, 6), H(0, 5)))])
    assert not problems and st.units[1].hex == H(0, 5)


@pytest.mark.parametrize(
    "pid, a, b, size, lost",
    [("spear", 2, 2, 4, 0), ("spear", 3, 2, 4, 1), ("spear", 3, 3, 4, 2), ("dacian", 3, 3, 6, 0)],
)
def test_HH_EX_38_combining_reduced_units(pid, a, b, size, lost):
    """HH.EX.38, HH.STAND.6, HH.WIN.4: 2 + 2 = 4; 3 + 2 = 4 and 1 lost; 3 + 3 = 4 and 2 lost; horde 3 + 3 = 6."""
    st = make_state(
        [(1, "south", pid, (0, 8), Facing.N, {"stands": a}), (2, "south", pid, (1, 8), Facing.N, {"stands": b})],
        [(1, "south", (0, 8))],
    )
    _, problems = run_bound(st, "south", [Combine(1, 1, 2)])
    u = st.units[1] if st.units[1].on_table else st.units[2]
    assert not problems and (u.stands, u.nominal) == (size, size)
    assert st.casualties["south"].get(pid, 0) == lost


@pytest.mark.parametrize(
    "pct, lost, broken",
    [(50, 30, False), (50, 31, True), (60, 36, False), (60, 37, True), (100, 59, False), (100, 60, True)],
)
def test_HH_EX_39_army_break(pct, lost, broken):
    """HH.EX.39, HH.WIN.2, HH.WIN.3: 60 combat stands; more than half breaks at 50%; 100% needs every stand."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    st.combat_stand_total["south"] = 60
    st.options = replace(st.options, break_pct=pct)
    st.casualties["south"] = {"spear": lost}
    assert (defeated(st, "south") is not None) is broken


def test_HH_EX_40_points_count():
    """HH.EX.40, HH.WIN.5, HH.WIN.6: 6 MMA stands = 2 units (28), 5 longbow stands = 1 unit (12), a 3/3 general
    (10): 50 points."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    st.casualties["south"] = {"mma": 6, "longbow": 5}
    st.generals[3] = General(3, "south", "General 3", cm=3, cr=3, cost=10, alive=False)
    assert points_lost(st, "south") == 50


def test_HH_EX_48_merging_a_three_and_a_two_stand_horde():
    """HH.EX.48, HH.STAND.6, HH.HTH.8, HH.HTH.7: 3 + 2 Dacian stands make 4 (nominal 4), 1 to casualties, impact +1
    (never +2), 4 stands counted; 3 + 3 make 6 with impact +1."""
    st = make_state(
        [
            (1, "south", "dacian", (0, 8), Facing.N, {"stands": 3}),
            (2, "south", "dacian", (1, 8), Facing.N, {"stands": 2}),
        ],
        [(1, "south", (0, 8))],
    )
    run_bound(st, "south", [Combine(1, 1, 2)])
    u = st.units[1]
    assert (u.stands, u.nominal, st.casualties["south"]["dacian"]) == (4, 4, 1)
    assert effective_impact(st, u) == 1 and counted_stands(st, u, False) == 4
    st = make_state(
        [
            (1, "south", "dacian", (0, 8), Facing.N, {"stands": 3}),
            (2, "south", "dacian", (1, 8), Facing.N, {"stands": 3}),
        ],
        [(1, "south", (0, 8))],
    )
    run_bound(st, "south", [Combine(1, 1, 2)])
    assert (st.units[1].stands, effective_impact(st, st.units[1])) == (6, 1)
