"""Hand-to-hand, the CRT and compulsory moves: the spec's worked examples with fixed dice [HH.HTH.*, HH.CRT.*, HH.COMP.*]."""  # noqa: E501

from __future__ import annotations

import pytest

from games.hordes_heroes.combat import Choices, effective_impact, form_groups, hth_phase
from games.hordes_heroes.compulsory import flee_length, recoil_h2h, recoil_shooting
from games.hordes_heroes.crt import CRT, CRT_PRINTED, CrtMove, lookup
from games.hordes_heroes.model import TroopClass
from games.hordes_heroes.results import Cause, apply_result

from .helpers import Dice, Facing, Formation, H, make_state


def _phase(st, *dice):
    d = Dice(*dice)
    lines = hth_phase(st, d, Choices())
    return lines, d


def test_HH_CRT_1_and_HH_CRT_2_table_as_printed():
    """HH.CRT.1, HH.CRT.2, HH.CRT.3: printed quirks kept; rows above 10 use row 10; 0 hits is no result."""
    assert CRT_PRINTED[3][2] == "Recoil ,Disrupted" and CRT_PRINTED[5][4] == "Flee Disrupted, 1 stands lost"
    assert CRT[4][0] == (CrtMove.RECOIL, False, 1)
    assert lookup(TroopClass.B, 0) is None
    assert lookup(TroopClass.C, 14).stands == 5


@pytest.mark.parametrize("a4, disrupted", [(False, False), (True, True)])
def test_HH_CRT_4_a_class_four_hits_switch(a4, disrupted):
    """HH.CRT.4: A/4 is literal (no disruption) unless crt_a4_disrupted is set."""
    assert lookup(TroopClass.A, 4, a4_disrupted=a4).disrupted is disrupted


def test_HH_EX_19_hero_ignores_first_three_lines_HH_GEN_24_HH_GEN_25():
    """HH.EX.19, HH.GEN.24, HH.GEN.25, HH.CRT.3: 1-3 hits are no effect, 4+ unchanged."""
    assert lookup(TroopClass.D, 2, hero=True).no_effect and lookup(TroopClass.D, 3, hero=True).no_effect
    r = lookup(TroopClass.D, 4, hero=True)
    assert (r.move, r.stands) == (CrtMove.FLEE, 1)
    assert lookup(TroopClass.E, 5, hero=True).text == "Flee Disrupted, 1 stands lost"


def test_HH_EX_1_and_HH_EX_2_longbow_against_men_at_arms_two_rounds():
    """HH.EX.1, HH.EX.2, HH.HTH.6, HH.HTH.10, HH.HTH.11, HH.HTH.19, HH.COMP.3, HH.COMP.28, HH.STAND.2, HH.CRT.5,
    HH.HTH.25, HH.SEQ.15: 15 v 11, B/4 recoil; next round 14 v 8, B/6 and the last-stand rule."""
    st = make_state([(1, "south", "mma", (0, 5), Facing.N), (2, "north", "longbow", (0, 4), Facing.S)])
    st.contact_order = ((1, 2),)
    lines, d = _phase(st, 2, 5)
    text = "\n".join(lines)
    assert (
        "Mounted Men-at-Arms (5 + 4 stands + impact 4 + D6 2 = 15) beat Retinue Longbowmen (2 + 4 stands + D6 5 = 11) by 4"  # noqa: E501
        in text
    )
    assert "Recoil, Disrupted, 1 stand lost" in text
    assert [p for _, p in d.log][0].startswith("hand-to-hand: ") and "south D6 1 of 1" in d.log[0][1]
    lb, mma = st.units[2], st.units[1]
    assert lb.stands == 3 and lb.disrupted and lb.hex == H(0, 3) and lb.static_combat
    assert mma.hex == H(0, 4) and not mma.static_combat
    st.phasing = "north"
    lines, _ = _phase(st, 6, 1)
    assert "(2 + 0 stands + D6 6 = 8)" in "\n".join(lines) and st.units[2].eliminated
    assert st.casualties["north"]["longbow"] == 4 and st.units[1].hex == H(0, 3)


def test_HH_EX_3_multiple_attack_yorkists_against_knights_with_general():
    """HH.EX.3, HH.HTH.12, HH.HTH.13, HH.GEN.21, HH.HTH.16, HH.HTH.17, HH.COMP.29, HH.HTH.3: 19 v 22."""
    from .helpers import PROFILES, P

    PROFILES["billmen"] = P("billmen", "Levy Billmen", "infantry", "C", "1CR", 4, 1)
    PROFILES["levybow"] = P("levybow", "Levy Longbow", "infantry", "C", "1CR", 2, 0, 6)
    st = make_state(
        [
            (1, "north", "mma", (0, 5), Facing.S),
            (2, "south", "billmen", (0, 6), Facing.N),
            (3, "south", "billmen", (-1, 6), Facing.N),
            (4, "south", "levybow", (1, 5), Facing.W),
        ],
        [(1, "north", (0, 5))],
    )
    groups, _ = form_groups(st)
    assert len(groups) == 1 and groups[0].focus == 1
    lines, d = _phase(st, 2, 4, 5)
    text = "\n".join(lines)
    assert "= 19)" in text and "= 22)" in text and "by 3" in text
    assert all(st.units[i].disrupted and st.units[i].stands == 4 for i in (2, 3, 4))
    assert st.units[1].hex in (H(0, 6), H(-1, 6), H(1, 5))


@pytest.mark.parametrize("mongol, general, killed", [(4, (4, 5), True), (2, (6, 6), False)])
def test_HH_EX_4_and_HH_EX_5_lone_general_against_light_cavalry(mongol, general, killed):
    """HH.EX.4, HH.EX.5, HH.GEN.18, HH.GEN.19, HH.GEN.20, HH.HTH.14: 2D6 alone; B/4 on the Mongols when he wins."""
    st = make_state([(1, "north", "lc", (0, 4), Facing.S)], [(1, "south", (0, 5))])
    _phase(st, *general, mongol)
    assert st.generals[1].alive is not killed
    if not killed:
        lc = st.units[1]
        assert lc.stands == 3 and lc.disrupted and lc.hex == H(0, 3)
        assert st.generals[1].hex == H(0, 5)  # HH.GEN.20: he does not follow up by default


def test_HH_EX_7_front_and_rear_attack_blocks_recoil():
    """HH.EX.7, HH.COMP.3, HH.COMP.11, HH.HTH.22: the recoil hex holds the rear attacker, so U is eliminated."""
    st = make_state(
        [
            (1, "south", "spear", (0, 5), Facing.N),
            (2, "north", "mma", (1, 4), Facing.WSW),
            (3, "north", "mma", (-1, 6), Facing.ENE),
        ],
    )
    st.units[1] = st.units[1].__class__(
        **{**{s: getattr(st.units[1], s) for s in st.units[1].__slots__}, "profile": "spear"}
    )
    lines = recoil_h2h(st, 1, H(1, 4))
    assert st.units[1].eliminated and "eliminated" in lines[0]


def test_HH_EX_43_up_slope_HH_TERR_7_HH_TERR_8():
    """HH.EX.43, HH.TERR.7, HH.TERR.8: +1 CF on the hill: 12 v 11."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)])
    st.field.elevation[H(0, 5)] = 1
    lines, _ = _phase(st, 3, 3)
    assert "(4 + 1 up-slope + 4 stands + impact 1 + D6 3 = 13)" in lines[1] and "by 1" in lines[1]


def test_HH_EX_44_single_combat_between_generals_HH_GEN_26_HH_HTH_26():
    """HH.EX.44, HH.GEN.26, HH.HTH.26, HH.GEN.27: a draw leaves both; next time the loser is removed."""
    st = make_state([], [(1, "south", (0, 5)), (2, "north", (0, 5))])
    lines, _ = _phase(st, 3, 4, 6, 1)
    assert "a draw" in lines[1] and st.generals[1].alive and st.generals[2].alive
    _phase(st, 4, 5, 3, 3)
    assert not st.generals[2].alive and st.generals_lost["north"] == (2,)


def test_HH_EX_45_multiple_side_with_a_disrupted_unit():
    """HH.EX.45, HH.HTH.12: highest CF counts disrupted units; their stands and impact do not."""
    st = make_state(
        [
            (1, "north", "spear", (0, 5), Facing.S),
            (2, "south", "dacian", (0, 6), Facing.N),
            (3, "south", "mma", (-1, 6), Facing.ENE, {"disrupted": True}),
        ],
    )
    lines, _ = _phase(st, 1, 1)
    assert "(5 + 4 stands + impact 1 + D6 1 = 11)" in "\n".join(lines)


def test_HH_EX_35_HH_EX_36_impact_bookkeeping_HH_HTH_8():
    """HH.EX.35, HH.EX.36, HH.HTH.7, HH.HTH.8, HH.HTH.9, HH.SPECIAL.29: impact after losses and in column."""
    st = make_state(
        [
            (1, "south", "mma", (0, 5), Facing.N, {"stands": 3}),
            (2, "south", "pike", (2, 5), Facing.N, {"stands": 5, "nominal": 6}),
        ]
    )
    assert effective_impact(st, st.units[1]) == 3 and effective_impact(st, st.units[2]) == 5
    st.units[1] = st.units[1].__class__(
        **{**{s: getattr(st.units[1], s) for s in st.units[1].__slots__}, "formation": Formation.COLUMN}
    )
    assert effective_impact(st, st.units[1]) == 1


@pytest.mark.parametrize("hits, nominal, left", [(6, 4, 2), (7, 4, 0), (9, 6, 2), (10, 6, 0)])
def test_HH_EX_37_stand_removal_thresholds_HH_STAND_2(hits, nominal, left):
    """HH.EX.37, HH.STAND.1, HH.STAND.2, HH.STAND.3, HH.COMP.50, HH.WIN.4: 7 hits destroy a 4-stand unit."""
    st = make_state([(1, "south", "horde", (0, 2), Facing.N, {"stands": nominal, "nominal": nominal})])
    res = lookup(TroopClass.E, hits)
    apply_result(st, 1, res, Cause.HTH, [H(0, 1)], H(0, 1), Dice())
    assert st.units[1].stands == left and st.units[1].eliminated is (left == 0)
    assert st.casualties["south"]["horde"] == nominal - left


def test_HH_EX_37_chariots_survive_at_one_stand_HH_STAND_3():
    """HH.EX.37, HH.STAND.3: a 3-stand chariot unit survives 6 hits with 1 stand."""
    st = make_state([(1, "south", "chariot", (0, 10), Facing.N)])
    apply_result(st, 1, lookup(TroopClass.C, 6), Cause.SHOOTING, [H(0, 8)], None, Dice())
    assert st.units[1].stands == 1 and not st.units[1].eliminated


@pytest.mark.parametrize(
    "pid, formation, length",
    [("mma", "deployed", 4), ("mma", "column", 5), ("spear", "deployed", 2), ("lc", "deployed", 6)],
)
def test_HH_EX_31_flee_distances_HH_COMP_15(pid, formation, length):
    """HH.EX.31, HH.COMP.15, HH.MOVE.4: full move in formation plus one, no road bonus."""
    st = make_state([(1, "south", pid, (0, 5), Facing.N, {"formation": Formation(formation)})])
    assert flee_length(st, st.units[1]) == length


def test_HH_EX_31_flee_from_own_edge_eliminates_HH_COMP_19():
    """HH.EX.31, HH.COMP.19: a unit on its own edge row that must flee is removed."""
    st = make_state([(1, "south", "spear", (0, 13), Facing.N)])
    apply_result(st, 1, lookup(TroopClass.C, 4), Cause.HTH, [H(0, 12)], H(0, 12), Dice())
    assert st.units[1].eliminated


def test_HH_EX_30_two_cavalry_units_pursue_HH_COMP_39():
    """HH.EX.30, HH.COMP.30, HH.COMP.36, HH.COMP.39, HH.EX.29, HH.COMP.41: A pursues to P2, B stops at P1."""
    st = make_state(
        [
            (1, "north", "mma", (0, 4), Facing.S),
            (2, "north", "mma", (1, 4), Facing.S),
            (9, "south", "mma", (0, 5), Facing.N),
        ],
    )
    st.phasing = "north"
    _phase(st, 2, 1)
    path = st.flee_paths[9]
    assert len(path) == 5 and st.units[9].disrupted
    assert st.units[1].hex == path[2] and st.units[2].hex == path[1]


def test_HH_EX_47_own_edge_recoil_prefers_a_vacant_hex():
    """HH.EX.47, HH.COMP.8, HH.COMP.1, HH.COMP.6, HH.ZOC.5, HH.PD.31: U recoils into the wood, F is not pushed."""
    st = make_state(
        [
            (1, "south", "spear", (0, 12), Facing.N),
            (2, "north", "chariot", (1, 11), Facing.WSW),
            (3, "south", "spear", (-1, 12), Facing.N),
        ],
        terrain={(0, 11): "wood"},
        rows=13,
    )
    recoil_h2h(st, 1, H(1, 11))
    assert st.units[1].hex == H(0, 11) and not st.units[3].disrupted


def test_HH_EX_18_recoil_from_shooting_tie_break_HH_COMP_12():
    """HH.EX.18, HH.COMP.12, HH.COMP.13, HH.COMP.14, HH.PD.26: (-1,6) wins the tie on hex id."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "longbow", (0, 3), Facing.S)], rows=13)
    recoil_shooting(st, 1, [H(0, 3)])
    assert st.units[1].hex == H(-1, 6)


def test_HH_EX_49_shield_wall_member_turns_and_stays_HH_SPECIAL_1():
    """HH.EX.49, HH.SPECIAL.1, HH.SPECIAL.2, HH.SPECIAL.3, HH.HTH.19: the recoil is ignored; all marked SC."""
    from .helpers import PROFILES, P

    PROFILES["hoplite"] = P("hoplite", "Greek Hoplites", "infantry", "B", "1CR", 5, 4, traits=["A2", "S"])
    st = make_state(
        [
            (1, "south", "hoplite", (0, 5), Facing.NE),
            (2, "south", "hoplite", (1, 5), Facing.NW),
            (3, "south", "hoplite", (2, 5), Facing.N),
            (4, "south", "mma", (-1, 5), Facing.N),
            (5, "south", "mma", (3, 5), Facing.N),
            (9, "north", "knights", (1, 4), Facing.S),
        ],
        [(1, "north", (1, 4))],
        phasing="north",
    )
    st.contact_order = ((9, 1),)
    lines, _ = _phase(st, 3, 4, 1)
    text = "\n".join(lines)
    assert "= 21)" in text and "= 18)" in text and "shield wall" in text
    assert st.units[1].hex == H(0, 5) and st.units[2].hex == H(1, 5)
    assert st.units[1].static_combat and st.units[2].static_combat and st.units[9].static_combat


def test_HH_EX_42_follow_up_priority_horde_first():
    """HH.EX.42, HH.COMP.30, HH.COMP.27, HH.SPECIAL.31: the horde follows up before the men-at-arms."""
    st = make_state(
        [
            (1, "north", "spear", (0, 5), Facing.S),
            (2, "south", "horde", (0, 6), Facing.N),
            (3, "south", "mma", (-1, 6), Facing.ENE),
        ],
    )
    _phase(st, 6, 1)
    assert st.units[2].hex == H(0, 5)
