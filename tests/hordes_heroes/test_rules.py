"""Special tactical moves, generals, rally and aggressive units [HH.MOVE.21-25, HH.GEN.*, HH.DISR.*, ...]."""

from __future__ import annotations

import pytest

from games.hordes_heroes.engine import run_bound
from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.model import Formation
from games.hordes_heroes.movement import Illegal
from games.hordes_heroes.orders import Combine, Disengage, GeneralMove, HoldFire, Rally, Stakes, Swap
from games.hordes_heroes.reform import verify_combine
from games.hordes_heroes.rules import disengage_options, verify_general_move, verify_stakes, verify_swap

from .helpers import H, make_state

ALL = frozenset(range(100))


def code_of(fn, *args):
    with pytest.raises(Illegal) as e:
        fn(*args)
    return e.value.problem.code


def test_HH_MOVE_21_interchange():
    """HH.MOVE.21: adjacent friends not next to an enemy swap hexes, keeping formation."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N), (2, "south", "longbow", (0, 7), Facing.N)])
    a, b = verify_swap(st, Swap(1, 1, 2), ALL)
    assert a.hex == H(0, 7) and b.hex == H(0, 8)
    st2 = make_state(
        [
            (1, "south", "spear", (0, 8), Facing.N),
            (2, "south", "longbow", (0, 7), Facing.N),
            (12, "north", "spear", (0, 6), Facing.S),
        ]
    )
    assert code_of(verify_swap, st2, Swap(1, 1, 2), ALL) == "HH.MOVE.21"


def test_HH_MOVE_24_disengage_and_HH_MOVE_25_follow_up():
    """HH.MOVE.24, HH.MOVE.25, HH.PD.11, HH.PD.19: class-A infantry steps back; the lowest-id engaged enemy follows."""
    st = make_state(
        [
            (1, "south", "ainf", (0, 6), Facing.N, {"static_combat": True}),
            (12, "north", "spear", (0, 5), Facing.S, {"static_combat": True}),
        ],
        [(1, "south", (0, 6))],
    )
    opts = disengage_options(st, st.units[1])
    assert opts and all(h.r == 7 for h in opts)
    lines, problems = run_bound(st, "south", [Disengage(1, 1)])
    assert problems == [] and st.units[1].hex == opts[0] and st.units[12].hex == H(0, 6)
    st2 = make_state(
        [(1, "south", "spear", (0, 6), Facing.N), (12, "north", "spear", (0, 5), Facing.S)], [(1, "south", (0, 6))]
    )
    _, problems = run_bound(st2, "south", [Disengage(1, 1)])
    assert problems and problems[0][1].code == "HH.MOVE.24"


def test_HH_EX_48_combine_horde_3_plus_2_and_HH_EX_38():
    """HH.EX.48, HH.EX.38, HH.STAND.6, HH.STAND.7, HH.STAND.8, HH.WIN.4: 3 + 2 hordes make 4 stands, 1 lost;
    3 + 3 make 6; 2 + 2 of other troops make 4."""
    st = make_state(
        [
            (1, "south", "dacian", (0, 8), Facing.N, {"stands": 3}),
            (2, "south", "dacian", (1, 8), Facing.N, {"stands": 2}),
        ]
    )
    merged, gone, size, lost = verify_combine(st, Combine(1, 1, 2), ALL)
    assert (size, lost, merged.nominal, merged.hex) == (4, 1, 4, H(0, 8))
    st = make_state(
        [
            (1, "south", "dacian", (0, 8), Facing.N, {"stands": 3}),
            (2, "south", "dacian", (1, 8), Facing.N, {"stands": 3}),
        ]
    )
    assert verify_combine(st, Combine(1, 1, 2), ALL)[2:] == (6, 0)
    st = make_state(
        [(1, "south", "spear", (0, 8), Facing.N, {"stands": 3}), (2, "south", "spear", (1, 8), Facing.N, {"stands": 3})]
    )
    assert verify_combine(st, Combine(1, 1, 2), ALL)[2:] == (4, 2)


def test_HH_SPECIAL_14_plant_and_lift_stakes():
    """HH.SPECIAL.14, HH.SPECIAL.15, HH.SPECIAL.18, HH.SPECIAL.19: stakes on the two front sides block movement."""
    st = make_state(
        [(1, "south", "longbow", (0, 8), Facing.N), (2, "south", "spear", (0, 6), Facing.S)], [(1, "south", (0, 8))]
    )
    lines, problems = run_bound(st, "south", [Stakes(1, 1, True)])
    assert not problems and len(st.stakes) == 2 and not st.units[1].stakes_carried
    from dataclasses import replace

    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    st.units[1] = replace(st.units[1], moved_this_phase=False)
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (H(0, 7),)))
    assert e.value.problem.code == "HH.SPECIAL.15"
    lines, problems = run_bound(st, "south", [Stakes(1, 1, False)])
    assert not problems and not st.stakes and st.units[1].stakes_carried
    near = make_state([(1, "south", "longbow", (0, 8), Facing.N), (12, "north", "spear", (0, 6), Facing.S)])
    assert code_of(verify_stakes, near, Stakes(1, 1, True), ALL) == "HH.SPECIAL.14"


def test_HH_CMD_1_general_command_move():
    """HH.CMD.1, HH.CMD.2, HH.GEN.8, HH.GEN.9, HH.GEN.13, HH.GEN.16, HH.GEN.17, HH.MOVE.29: a general moves up to
    CM hexes, stops next to enemy units, joins a friend by ending in its hex."""
    st = make_state(
        [(1, "south", "spear", (0, 5), Facing.N), (12, "north", "spear", (3, 3), Facing.S)], [(1, "south", (0, 8))]
    )
    to, _ = verify_general_move(st, GeneralMove(1, 1, (H(0, 7), H(0, 6), H(0, 5))))
    assert to == H(0, 5)
    assert code_of(verify_general_move, st, GeneralMove(1, 1, (H(0, 7), H(0, 6), H(0, 5), H(0, 4)))) == "HH.CMD.1"
    st2 = make_state([(12, "north", "spear", (2, 5), Facing.S)], [(1, "south", (0, 7))])
    assert code_of(verify_general_move, st2, GeneralMove(1, 1, (H(1, 6), H(1, 5)))) == "HH.GEN.16"


def test_HH_GEN_10_general_cannot_leave_engaged_or_disrupted_host():
    """HH.GEN.10, HH.GEN.11: no leaving a host that is engaged or disrupted."""
    st = make_state(
        [(1, "south", "spear", (0, 6), Facing.N), (12, "north", "spear", (0, 5), Facing.S)], [(1, "south", (0, 6))]
    )
    assert code_of(verify_general_move, st, GeneralMove(1, 1, (H(0, 7),))) == "HH.GEN.10"
    st = make_state([(1, "south", "spear", (0, 6), Facing.N, {"disrupted": True})], [(1, "south", (0, 6))])
    assert code_of(verify_general_move, st, GeneralMove(1, 1, (H(0, 7),))) == "HH.GEN.11"


def test_HH_GEN_8_attached_general_moves_with_host():
    """HH.GEN.8, HH.DEF.6: a general in a unit's hex is attached and goes with it."""
    from games.hordes_heroes.orders import Move

    st = make_state([(1, "south", "mma", (0, 8), Facing.N)], [(1, "south", (0, 8))])
    assert st.host_of(st.generals[1]).id == 1
    lines, problems = run_bound(st, "south", [Move(1, 1, (H(0, 7), H(0, 6)))])
    assert not problems and st.generals[1].hex == H(0, 6)


def test_HH_DISR_3_rally_at_end_of_movement():
    """HH.DISR.3, HH.DISR.4, HH.DISR.5, HH.PD.13: unengaged disrupted units rally facing the nearest enemy."""
    st = make_state(
        [
            (1, "south", "spear", (0, 8), Facing.S, {"disrupted": True}),
            (2, "south", "spear", (6, 8), Facing.S, {"disrupted": True}),
            (12, "north", "spear", (0, 3), Facing.S),
            (13, "north", "spear", (6, 7), Facing.S),
        ]
    )
    lines, problems = run_bound(st, "south", [Rally(1, 1, None, Formation.COLUMN)])
    assert not problems
    assert not st.units[1].disrupted and st.units[1].facing == Facing.N and st.units[1].formation is Formation.COLUMN
    assert st.units[2].disrupted  # engaged: stays disrupted


def test_HH_SPECIAL_34_aggressive_units_attack_out_of_command():
    """HH.SPECIAL.34, HH.SPECIAL.35, HH.PD.10, HH.SEQ.11: an aggressive horde out of command attacks the nearest
    reachable enemy before other moves."""
    st = make_state([(1, "south", "falx", (0, 8), Facing.N), (12, "north", "spear", (0, 6), Facing.S)])
    lines, problems = run_bound(st, "south", [])
    assert st.units[1].hex == H(0, 7) and any("HH.SPECIAL.34" in x for x in lines)


def test_HH_ART_4_hold_fire_only_for_artillery_that_did_not_move():
    """HH.PD.24: Hold Fire is for artillery that did not move (HH.ART.4)."""
    st = make_state(
        [(1, "south", "guns", (0, 8), Facing.N), (2, "south", "spear", (2, 8), Facing.N)], [(1, "south", (1, 8))]
    )
    lines, problems = run_bound(st, "south", [HoldFire(1, 1, True), HoldFire(2, 2, True)])
    assert st.units[1].hold_fire and [p[0] for p in problems] == [2]


def test_HH_SEQ_10_general_lines_first():
    """HH.SEQ.10, HH.SEQ.11: command moves come before unit moves in a bundle."""
    from games.hordes_heroes.orders import Move

    st = make_state([(1, "south", "mma", (0, 8), Facing.N)], [(1, "south", (2, 8))])
    _, problems = run_bound(st, "south", [Move(1, 1, (H(0, 7),)), GeneralMove(2, 1, (H(2, 7),))])
    assert problems[0][1].code == "HH.SEQ.10"
