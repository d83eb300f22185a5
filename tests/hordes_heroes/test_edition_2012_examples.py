"""The 2012 delta spec's worked examples played under the 2012 edition with fixed dice (golden tests, WX-03 to
WX-11, named with the HH12 rule IDs they check)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import Choices, hth_phase
from games.hordes_heroes.crt import lookup
from games.hordes_heroes.edition import RULES_2012, Edition
from games.hordes_heroes.model import Formation, Trait, TroopClass, Weapon
from games.hordes_heroes.results import Cause, apply_result
from games.hordes_heroes.shooting import to_hit
from games.hordes_heroes.state import GameState

from .helpers import PROFILES, Dice, Facing, H, P, make_state


def in_2012(st: GameState) -> GameState:
    st.options = replace(st.options, edition=Edition.E2012)
    return st


def _phase(st: GameState, *dice: int) -> str:
    return "\n".join(hth_phase(st, Dice(*dice), Choices()))


# --- WX-03: score needed to hit -------------------------------------------------------------------------------


WX03 = [
    # row, factor, weapon, armour, pavise, terrain, needed 2012, needed 2022
    ("a", 7, Weapon.BOW, (), False, None, 7, 7),
    ("b", 7, Weapon.BOW, ("A2",), False, None, 9, 9),
    ("c", 8, Weapon.GUNPOWDER, ("A2",), False, None, 8, 8),
    ("d", 8, Weapon.CROSSBOW, ("A2",), False, None, 9, 9),
    ("e", 8, Weapon.CROSSBOW, ("A1",), False, None, 8, 8),
    ("f", 6, Weapon.BOW, ("A1",), False, None, 7, 7),
    ("g", 7, Weapon.BOW, ("A2",), False, "wood", 11, 11),
    ("h", 8, Weapon.GUNPOWDER, ("A1",), True, None, 10, 9),
    ("i", 8, Weapon.BOW, ("A2",), True, "bua", 14, 14),
]


@pytest.mark.parametrize("row, factor, weapon, armour, pavise, terrain, e2012, e2022", WX03)
def test_WX_03_HH12_SHOOT_2_HH12_ARM_5_score_needed(row, factor, weapon, armour, pavise, terrain, e2012, e2022):
    """WX-03, HH12.SHOOT.2, HH12.ARM.1, HH12.ARM.5, HH12.ARMY.8, rulings HH12.ARM.A2, HH12.ARM.A3: factor + armour
    (crossbows lower it by one, guns cancel it) + pavise + cover; a 2012 pavise keeps +2 against guns (row h), a
    2022 one drops to A1."""
    st = make_state(
        [(1, "south", "bare", (0, 6), Facing.N), (2, "north", "bare", (0, 4), Facing.S, {"pavisses": pavise})],
        terrain={(0, 4): terrain} if terrain else None,
    )
    st.profiles["shooter"] = replace(PROFILES["bare"], id="shooter", shoot=factor, weapon=weapon)
    st.profiles["target"] = replace(
        PROFILES["bare"], id="target", traits=frozenset(Trait(a) for a in armour), can_pavisse=pavise
    )
    st.units[1] = replace(st.units[1], profile="shooter", base_profile="shooter")
    st.units[2] = replace(st.units[2], profile="target", base_profile="target")
    assert to_hit(st, st.units[1], st.units[2]) == e2022
    assert to_hit(in_2012(st), st.units[1], st.units[2]) == e2012


def test_HH12_SPEC_10_pavise_covers_all_round_in_2012():
    """HH12.SPEC.10: a 2012 pavise gives +2 against shooting from any side; the 2022 one only to the front."""
    st = make_state(
        [(1, "south", "bow7", (0, 6), Facing.N), (2, "north", "pavisse", (0, 4), Facing.N, {"pavisses": True})]
    )
    # the shooter stands behind the pavisiers (they face N, away from it); 7+ bows against A1 need 8
    assert to_hit(st, st.units[1], st.units[2]) == 8
    assert to_hit(in_2012(st), st.units[1], st.units[2]) == 8 + 2


# --- WX-07 to WX-10: hand-to-hand -----------------------------------------------------------------------------


def test_WX_07_HH12_MELEE_2_HH12_IMP_1_longbow_against_men_at_arms_two_rounds():
    """WX-07, HH12.MELEE.2, HH12.IMP.1, HH12.IMP.A3, HH12.CRT.1, HH12.CRT.2, ruling HH12.CMP.A8: 15 v 11, B/4
    recoil disordered one stand lost, the men-at-arms follow up with their impact; next round 14 v 8, B/6 and the
    last stand of a 4-stand unit is removed."""
    st = in_2012(make_state([(1, "south", "mma", (0, 5), Facing.N), (2, "north", "longbow", (0, 4), Facing.S)]))
    st.contact_order = ((1, 2),)
    text = _phase(st, 2, 5)
    assert "(5 + 4 stands + impact 4 + D6 2 = 15) beat Retinue Longbowmen (2 + 4 stands + D6 5 = 11) by 4" in text
    assert "Recoil, Disordered, 1 stand lost" in text
    lb, mma = st.units[2], st.units[1]
    assert lb.stands == 3 and lb.disrupted and lb.hex == H(0, 3)
    assert mma.hex == H(0, 4) and not mma.static_combat
    st.phasing = "north"
    text = _phase(st, 6, 1)
    assert "(2 + 0 stands + D6 6 = 8)" in text and "(5 + 4 stands + impact 4 + D6 1 = 14)" in text
    assert "Flee, Disordered, 2 stands lost" in text
    assert st.units[2].eliminated and st.units[1].hex == H(0, 3)


def test_WX_08_HH12_MELEE_3_HH12_MELEE_A2_several_units_against_knights_with_general():
    """WX-08, HH12.MELEE.3, ruling HH12.MELEE.A2, HH12.MELEE.A4: 5 + 1 + 12 + 2 = 20 against 5 + 4 + 4 + 10 = 23;
    C/3 (recoil, disordered) on each of the three York units; the knights follow up into one vacated hex."""
    PROFILES.setdefault("halberd12", P("halberd12", "Halberdiers", "infantry", "C", "1CR", 5, 1))
    PROFILES.setdefault("archer12", P("archer12", "Archers", "infantry", "C", "1CR", 2, 0, 7))
    st = in_2012(
        make_state(
            [
                (1, "north", "mma", (0, 5), Facing.S),
                (2, "south", "halberd12", (0, 6), Facing.N),
                (3, "south", "archer12", (-1, 6), Facing.N),
                (4, "south", "archer12", (1, 5), Facing.W),
            ],
            [(1, "north", (0, 5))],
        )
    )
    text = _phase(st, 2, 4, 6)
    assert "= 20)" in text and "= 23)" in text and "by 3" in text
    assert text.count("Recoil, Disordered") >= 1
    assert all(st.units[i].disrupted and st.units[i].stands == 4 for i in (2, 3, 4))
    assert st.units[1].hex in (H(0, 6), H(-1, 6), H(1, 5))


@pytest.mark.parametrize("mongol, general, killed", [(4, (4, 5), True), (2, (6, 6), False)])
def test_WX_09_HH12_GEN_7_unattached_general_against_light_cavalry(mongol, general, killed):
    """WX-09, HH12.GEN.7, HH12.GEN.8, ruling HH12.MELEE.A4: a lone general rolls 2D6 only; 10 v 9 kills him;
    8 v 12 gives B/4 (recoil, disordered, 1 stand lost) to the Mongols and he need not follow up."""
    st = in_2012(make_state([(1, "north", "lc", (0, 4), Facing.S)], [(1, "south", (0, 5))]))
    _phase(st, *general, mongol)
    assert st.generals[1].alive is not killed
    if not killed:
        lc = st.units[1]
        assert lc.stands == 3 and lc.disrupted and lc.hex == H(0, 3)
        assert st.generals[1].hex == H(0, 5)


def test_WX_10_HH12_DIS_4_disordered_against_disordered():
    """WX-10, HH12.DIS.4, HH12.MELEE.2: disordered units count their CF only (no stands, no impact): 5 and 1."""
    st = in_2012(
        make_state(
            [
                (1, "south", "mma", (0, 5), Facing.N, {"disrupted": True}),
                (2, "north", "horde", (0, 4), Facing.S, {"disrupted": True}),
            ]
        )
    )
    text = _phase(st, 3, 4)
    assert "(5 + 0 stands + D6 3 = 8)" in text and "(1 + 0 stands + D6 4 = 5)" in text


# --- WX-11: stand removal ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pid, cls, nominal, hits, left",
    [("mma", TroopClass.B, 4, 7, 0), ("horde", TroopClass.D, 6, 9, 2), ("horde", TroopClass.D, 6, 10, 0)],
)
def test_WX_11_HH12_UNIT_2_HH12_UNIT_A1_stand_removal(pid, cls, nominal, hits, left):
    """WX-11, HH12.UNIT.2, ruling HH12.UNIT.A1 (possible extraction loss): 7 hits destroy a 4-stand unit (1 left is
    removed); a 6-stand horde survives 9 hits with 2 stands and is destroyed by 10."""
    st = in_2012(make_state([(1, "south", pid, (0, 2), Facing.N, {"stands": nominal, "nominal": nominal})]))
    res = lookup(cls, hits, table=RULES_2012.crt, printed=RULES_2012.crt_printed)
    apply_result(st, 1, res, Cause.HTH, [H(0, 1)], H(0, 1), Dice())
    assert st.units[1].stands == left and st.units[1].eliminated is (left == 0)


def test_WX_11_HH12_UNIT_3_three_stand_units_survive_with_one():
    """WX-11, HH12.UNIT.3: a 3-stand chariot (or artillery, war wagon) unit that loses 2 stands survives with 1."""
    st = in_2012(make_state([(1, "south", "chariot", (0, 10), Facing.N)]))
    res = lookup(TroopClass.C, 6, table=RULES_2012.crt, printed=RULES_2012.crt_printed)
    apply_result(st, 1, res, Cause.SHOOTING, [H(0, 8)], None, Dice())
    assert st.units[1].stands == 1 and not st.units[1].eliminated


# --- WX-22: hand-to-hand recoil -----------------------------------------------------------------------------------


def test_WX_22_HH12_CMP_1_HH12_CMP_A1_recoil_prefers_an_empty_hex_to_a_push():
    """WX-22, HH12.CMP.1, HH12.CMP.2, rulings HH12.CMP.A1, HH12.CMP.A3: with a friend directly behind, the 2012
    loser recoils into the empty edge-ward hex and the friend stays put; in 2022 it recoils directly away and pushes
    the friend on, disrupting it (HH.COMP.3, HH.COMP.6)."""
    from games.hordes_heroes.compulsory import recoil_h2h

    def play(st: GameState) -> GameState:
        recoil_h2h(st, 1, H(4, 7))
        return st

    def fresh() -> GameState:
        return make_state(
            [
                (1, "south", "spear", (3, 8), Facing.N),
                (2, "north", "spear", (4, 7), Facing.SW),
                (3, "south", "spear", (2, 9), Facing.N),
            ],
            rows=13,
        )

    st = play(in_2012(fresh()))
    assert st.units[1].hex == H(3, 9) and st.units[1].facing is Facing.N
    assert st.units[3].hex == H(2, 9) and not st.units[3].disrupted
    st = play(fresh())
    assert st.units[1].hex == H(2, 9)
    assert st.units[3].hex == H(1, 10) and st.units[3].disrupted


def test_HH12_CMP_2_disordered_friends_can_be_pushed_in_2012():
    """HH12.CMP.2, HH12.CMP.3: with every hex away held by disordered friends, the 2012 loser pushes one on; the
    2022 loser is eliminated (disrupted friends cannot be displaced, HH.COMP.11)."""
    from games.hordes_heroes.compulsory import recoil_h2h

    def fresh() -> GameState:
        return make_state(
            [
                (1, "south", "spear", (3, 8), Facing.N),
                (2, "north", "spear", (4, 7), Facing.SW),
                (3, "south", "spear", (2, 9), Facing.N, {"disrupted": True}),
                (4, "south", "spear", (3, 9), Facing.N, {"disrupted": True}),
                (5, "south", "spear", (2, 8), Facing.N, {"disrupted": True}),
            ],
            rows=13,
        )

    st = fresh()
    recoil_h2h(st, 1, H(4, 7))
    assert st.units[1].eliminated
    st = in_2012(fresh())
    recoil_h2h(st, 1, H(4, 7))
    assert st.units[1].hex == H(2, 9) and st.units[3].hex == H(1, 10)


# --- WX-14: command ---------------------------------------------------------------------------------------------


def test_WX_14_HH12_CMD_4_HH12_CMD_A2_HH12_CMD_A3_command_range_photo_example():
    """WX-14, HH12.CMD.4, rulings HH12.CMD.A2, HH12.CMD.A3: B and D in range, C by the chain; A's only 3-hex path
    runs through a wood hex; E is too far and not adjacent to a commanded unit."""
    from games.hordes_heroes.command import commanded_units

    units = [
        (1, "south", "spear", (3, 8), Facing.N),  # A
        (2, "south", "spear", (6, 5), Facing.N),  # B
        (3, "south", "spear", (7, 5), Facing.N),  # C
        (4, "south", "spear", (0, 5), Facing.N),  # D
        (5, "south", "spear", (1, 3), Facing.N),  # E
    ]
    st = in_2012(make_state(units, [(1, "south", (3, 5), {"cr": 3})], terrain={(3, 6): "wood"}))
    assert commanded_units(st, "south") == frozenset({2, 3, 4})


# --- WX-24 and the 2012 line of fire ------------------------------------------------------------------------------


@pytest.mark.parametrize("rng, e2012, e2022", [(1, True, True), (2, False, True)])
def test_WX_24_HH12_TER_9_HH12_TER_A9_small_arms_at_a_unit_in_woods(rng, e2012, e2022):
    """WX-24, HH12.TER.9, ruling HH12.TER.A9: a 7+ bow needs 10 against A1 in woods; 2012 shoots only into an
    adjacent wood hex, 2022 also at range 2 over open ground (HH.TERR.28, HH.TERR.29)."""
    from games.hordes_heroes.shooting import can_target

    st = make_state(
        [(1, "south", "bow7", (0, 4 + rng), Facing.N), (2, "north", "spear", (0, 4), Facing.S)],
        terrain={(0, 4): "wood"},
    )
    assert to_hit(st, st.units[1], st.units[2]) == 10
    assert can_target(st, st.units[1], st.units[2], Facing.N) is e2022
    assert can_target(in_2012(st), st.units[1], st.units[2], Facing.N) is e2012


def test_HH12_TER_6_broken_ground_blocks_fire_in_2012():
    """HH12.TER.6: a broken-ground hex between shooter and target blocks a 2012 line of fire, not a 2022 one."""
    from games.hordes_heroes.shooting import can_target

    st = make_state(
        [(1, "south", "bow7", (0, 6), Facing.N), (2, "north", "spear", (0, 4), Facing.S)],
        terrain={(0, 5): "broken"},
    )
    assert can_target(st, st.units[1], st.units[2], Facing.N) is True
    assert can_target(in_2012(st), st.units[1], st.units[2], Facing.N) is False


def test_HH12_SHOOT_3_HH12_SHOOT_A1_no_half_hex_rule_in_2012():
    """HH12.SHOOT.3, ruling HH12.SHOOT.A1: at range 2 "in between", one clear candidate hex is enough in 2012;
    2022's half-hex rule needs both (HH.HEX.12)."""
    from games.hordes_heroes.shooting import can_target

    # shooter (0,6) facing N; target (1,4) lies between the candidates (0,5) and (1,5); a friend holds (1,5)
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (3, "south", "spear", (1, 5), Facing.N),
            (2, "north", "spear", (1, 4), Facing.S),
        ]
    )
    assert H(0, 6).distance(H(1, 4)) == 2
    assert can_target(st, st.units[1], st.units[2], Facing.N) is False
    assert can_target(in_2012(st), st.units[1], st.units[2], Facing.N) is True


# --- WX-21, WX-23: facing and arcs ---------------------------------------------------------------------------------

WX23_SIDE_2012 = {(2, 5), (3, 4), (4, 4), (1, 5), (2, 4), (3, 3), (4, 3), (5, 3)}
WX23_SIDE_ONE_FACE = {(3, 4), (2, 4), (3, 3), (4, 3)}
WX23_VERTEX = {(3, 4), (4, 4), (3, 3), (4, 3), (5, 3)}


@pytest.mark.parametrize(
    "facing, e2012, e2022",
    [(Facing.N, WX23_VERTEX, WX23_VERTEX), (Facing.NW, WX23_SIDE_2012, WX23_SIDE_ONE_FACE)],
)
def test_WX_23_HH12_SHOOT_5_HH12_SHOOT_A3_small_arms_arcs(facing, e2012, e2022):
    """WX-23, HH12.SHOOT.5, ruling HH12.SHOOT.A3, HH12.MOV.6: facing a vertex, 5 hexes at range 1-2 in both
    editions; facing a side, a 2012 bow shoots through 3 front sides (8 hexes), a 2022 one through a 60-degree cone."""
    from games.hordes_heroes.shooting import can_target

    def arc(edition: Edition) -> set[tuple[int, int]]:
        out = set()
        for q in range(0, 7):
            for r in range(2, 9):
                if H(q, r).distance(H(3, 5)) in (1, 2):
                    st = make_state([(1, "south", "bow7", (3, 5), facing), (2, "north", "bare", (q, r), Facing.S)])
                    st.options = replace(st.options, edition=edition)
                    if can_target(st, st.units[1], st.units[2], facing):
                        out.add((q, r))
        return out

    assert arc(Edition.E2022) == e2022
    assert arc(Edition.E2012) == e2012


def test_WX_21_HH12_MOV_6_a_2012_move_may_end_facing_a_side():
    """WX-21, HH12.MOV.6, HH12.MOV.7: ending a move facing a hex side off the road is legal in 2012, refused in 2022
    (HH.MOVE.12)."""
    from games.hordes_heroes.movement import Illegal, plan_move
    from games.hordes_heroes.orders import Move

    st = make_state([(1, "south", "mma", (3, 5), Facing.N)])
    order = Move(1, 1, (H(3, 4), Facing.NW))
    with pytest.raises(Illegal) as e:
        plan_move(st, order)
    assert e.value.problem.code == "HH.MOVE.12"
    p = plan_move(in_2012(st), order)
    assert p.unit.facing is Facing.NW and p.unit.hex == H(3, 4) and p.mp == 1


def test_HH12_SHOOT_4_HH12_SHOOT_A2_the_nearest_target_only():
    """HH12.SHOOT.4, ruling HH12.SHOOT.A2: with an enemy at range 1 and another at range 2, a 2012 shooter may only
    target the nearer; 2022 takes either. Two equally near targets are both legal in 2012."""
    from games.hordes_heroes.shooting import can_target

    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (2, "north", "bare", (0, 5), Facing.S),
            (3, "north", "bare", (2, 4), Facing.S),
        ]
    )
    u = st.units[1]
    assert can_target(st, u, st.units[2], Facing.N) and can_target(st, u, st.units[3], Facing.N)
    in_2012(st)
    assert can_target(st, u, st.units[2], Facing.N) and not can_target(st, u, st.units[3], Facing.N)
    st.units[4] = replace(st.units[2], id=4, hex=H(1, 5))
    assert can_target(st, u, st.units[2], Facing.N) and can_target(st, u, st.units[4], Facing.N)


# --- WX-01, WX-02: points ---------------------------------------------------------------------------------------

WX01 = [
    # name, class, speed, cf, shoot, traits, printed 2012
    ("Mounted Men-at-Arms", "B", "3CR", 5, None, ("A2",), 14),
    ("Retinue Longbowmen (6+)", "B", "1CR", 2, 6, ("A1",), 11),
    ("Peasant (Horde)", "E", "1R", 1, None, ("H",), 2),
    ("Crossbowmen (8+)C", "C", "1CR", 2, 8, ("C",), 7),
    ("Militia Spearmen", "D", "1CR", 3, None, (), 6),
    ("Mongol Light Cavalry (7+)", "B", "5R", 2, 7, ("E2", "F"), 13),
    ("Mongol Heavy Cavalry (7+)", "B", "3CR", 5, 7, ("A2",), 16),
    ("Levy Longbow (7+)", "C", "1CR", 1, 7, (), 7),
    ("War Wagon (8+)G", "C", "1CR", 5, 8, ("G", "HT"), 10),
    ("Teutonic Knights", "A", "3CR", 6, None, ("A2",), 16),
]


@pytest.mark.parametrize("name, cls, speed, cf, shoot, traits, printed", WX01)
def test_WX_01_HH12_ARMY_2_troop_points_reproduce_the_2012_table(name, cls, speed, cf, shoot, traits, printed):
    """WX-01, WX-02, HH12.ARMY.2, HH12.ARMY.3, HH12.ARMY.6: class + speed + CF + shooting (6+/7+/8+ = 3/2/1) +
    armour (A1 1, A2 2), horde -1; E1/E2/F/G/C/HT free: all ten rows of the 2012 table."""
    from games.hordes_heroes.edition import formula_points

    p = P("x", name, "infantry", cls, speed, cf, 0, shoot, traits)
    assert formula_points(p, RULES_2012) == printed


def test_WX_01_HH12_ARMY_2_the_2022_formula_prices_evasion_and_the_2012_one_does_not():
    """HH12.ARMY.2: the Mongol light cavalry row (E2 F) is 13 in 2012 and 16 under the 2022 characteristic costs."""
    from games.hordes_heroes.edition import RULES_2022, formula_points

    p = P("x", "Mongol Light Cavalry", "cavalry", "B", "5R", 2, 0, 7, ("E2", "F"))
    assert (formula_points(p, RULES_2012), formula_points(p, RULES_2022)) == (13, 16)


def test_HH12_ARMY_2_house_rows_of_a_2012_list_are_costed_by_the_2012_formula():
    """HH12.ARMY.2, HH12.GEN.1, HH12.GEN.3: a 2012 list row without printed points takes the 2012 formula; its
    CM 5 / CR 5 general costs the list's value."""
    from games.hordes_heroes.armies import parse_army_list

    text = """
id = "t"
title = "t"
edition = "2012"
[[profiles]]
id = "lc"
name = "Light Cavalry"
category = "cavalry"
class = "B"
speed = "5R"
cf = 2
shoot = 7
traits = ["E2", "F"]
[[generals]]
id = "general"
cm = 5
cr = 5
points = 10
"""
    army = parse_army_list(text)
    assert army.profiles["lc"].points == 13 and army.generals["general"].points == 10


# --- flee continuation ------------------------------------------------------------------------------------------


def test_HH12_CMP_6_HH12_CMP_A6_a_fled_unit_flees_on_in_its_next_turn():
    """HH12.CMP.6, ruling HH12.CMP.A6, HH12.CMP.5: a 2012 unit that fled makes a further full move toward its own
    edge at the start of its side's next tactical movement; a 2022 one does not."""
    from games.hordes_heroes.compulsory import flee
    from games.hordes_heroes.engine import tactical_movement
    from games.hordes_heroes.state import dump_state, load_state

    def play(edition: Edition) -> tuple[GameState, int, int]:
        st = make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)])
        st.options = replace(st.options, edition=edition)
        flee(st, 1, [H(0, 4)], h2h=True)
        after_flee = st.units[1].at.r
        assert load_state(dump_state(st)).flee_continuations == st.flee_continuations
        tactical_movement(st, "south", [], None)
        return st, after_flee, st.units[1].at.r

    st, r1, r2 = play(Edition.E2022)
    assert r2 == r1 and not st.flee_continuations and "flee_continuations" not in dump_state(st)
    st, r1, r2 = play(Edition.E2012)
    assert r1 == 5 + 2  # spearmen (speed 1) flee 1 + 1 hexes
    assert r2 == r1 + 1  # then one more hex toward the south edge, no +1
    assert not st.flee_continuations


def test_HH12_CMP_A6_no_continuation_after_a_flee_halted_by_terrain():
    """Ruling HH12.CMP.A12: a flee halted by a wood ends there; no continuation follows."""
    from games.hordes_heroes.compulsory import flee

    st = in_2012(
        make_state(
            [(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)],
            terrain={(0, 6): "wood"},
        )
    )
    flee(st, 1, [H(0, 4)], h2h=True)
    assert st.units[1].at == H(0, 6) and not st.flee_continuations


# --- follow-up --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pid, terrain, e2012, e2022",
    [
        ("ainf", None, ("must", True), ("optional", True)),  # class-A infantry: optional in 2022 only
        ("spear", {(0, 4): "bua"}, ("must", True), ("optional", False)),  # a BUA: optional in 2022 only
        ("spear", {(0, 4): "river"}, ("optional", False), ("optional", False)),  # the river line: both
        ("spear", {(0, 5): "river"}, ("optional", False), ("must", True)),  # winner in the river: 2012 only
        ("spear", None, ("must", True), ("must", True)),
    ],
)
def test_HH12_CMP_12_HH12_CMP_A8_who_may_decline_to_follow_up(pid, terrain, e2012, e2022):
    """HH12.CMP.11, HH12.CMP.12, ruling HH12.CMP.A8: in 2012 only defenders of a linear obstacle (wall, river,
    stakes, pavises) may decline a follow-up; 2022 adds class-A infantry, BUA hexes, war wagons and shield walls."""
    from games.hordes_heroes.combat import follow_status

    st = make_state([(1, "south", pid, (0, 5), Facing.N)], terrain=terrain)
    assert follow_status(st, st.units[1], H(0, 4)) == e2022
    assert follow_status(in_2012(st), st.units[1], H(0, 4)) == e2012


# --- broken ground ----------------------------------------------------------------------------------------------


def _move_code(st: GameState, *steps: tuple[int, int]) -> str:
    from games.hordes_heroes.movement import Illegal, plan_move
    from games.hordes_heroes.orders import Move

    try:
        plan_move(st, Move(1, 1, tuple(H(*s) for s in steps)))
        return "legal"
    except Illegal as e:
        return e.problem.code


def test_HH12_TER_5_HH12_TER_A3_broken_ground_stops_a_move_and_a_move_out_is_one_hex():
    """HH12.TER.5, ruling HH12.TER.A3: in 2012 entering broken ground ends a move (cavalry too, after moving), and
    a move that starts in it is one hex; 2022 lets cavalry enter only as a first step and leave freely."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)], terrain={(0, 6): "broken"})
    assert _move_code(st, (0, 7), (0, 6)) == "HH.TERR.19"
    in_2012(st)
    assert _move_code(st, (0, 7), (0, 6)) == "legal"
    assert _move_code(st, (0, 7), (0, 6), (0, 5)) == "HH12.TER.5"
    st = make_state([(1, "south", "mma", (0, 6), Facing.N)], terrain={(0, 6): "broken"})
    assert _move_code(st, (0, 5), (0, 4)) == "legal"
    in_2012(st)
    assert _move_code(st, (0, 5)) == "legal"
    assert _move_code(st, (0, 5), (0, 4)) == "HH12.TER.5"


# --- WX-20: victory ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lost, e2012, e2022", [(4, 28, 28), (5, 42, 28), (6, 42, 56), (7, 56, 56), (2, 14, 28)])
def test_WX_20_HH12_WIN_3_HH12_WIN_A1_points_count_in_half_points(lost, e2012, e2022):
    """WX-20, HH12.WIN.3, ruling HH12.WIN.A1: 4-stand units costing 14; a 2012 leftover of half a unit or less counts
    half (kept exact in half points), more counts in full; 2022 counts half or more in full, less as nothing."""
    from games.hordes_heroes.engine import half_points_lost

    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    st.casualties["south"] = {"mma": lost}
    assert half_points_lost(st, "south") == e2022
    assert half_points_lost(in_2012(st), "south") == e2012


def test_WX_20_HH12_WIN_2_break_point_over_half():
    """WX-20, HH12.WIN.2, ruling HH12.WIN.A2: 30 of 60 stands lost does not break an army; 31 does (both editions)."""
    from games.hordes_heroes.engine import defeated

    for edition in Edition:
        st = make_state([(1, "south", "spear", (0, 8), Facing.N)], [(1, "south", (0, 8)), (2, "north", (0, 2))])
        st.options = replace(st.options, edition=edition)
        st.combat_stand_total["south"] = 60
        st.casualties["south"] = {"spear": 30}
        assert defeated(st, "south") is None
        st.casualties["south"] = {"spear": 31}
        assert "HH.WIN.2" in (defeated(st, "south") or "")


# --- WX-05, WX-13, WX-15, WX-16 ---------------------------------------------------------------------------------


def test_WX_05_HH12_ARM_4_HH12_ARM_A1_terrain_gives_no_armour_against_2012_artillery():
    """WX-05, HH12.ARM.4, ruling HH12.ARM.A1, HH12.ART.2: armour never modifies artillery; a BUA adds 2 to every
    2022 artillery threshold and nothing in 2012. Two hits on a class-C unit: disordered in 2012, nothing in 2022."""
    from games.hordes_heroes.shooting import art_extra

    st = make_state(
        [(1, "south", "guns", (0, 6), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], terrain={(0, 4): "bua"}
    )
    st.units[2] = replace(st.units[2], profile="mma", base_profile="mma")  # A2 armour: no effect on artillery
    assert art_extra(st, st.units[1], st.units[2]) == 2
    assert art_extra(in_2012(st), st.units[1], st.units[2]) == 0
    r = lookup(TroopClass.C, 2, table=RULES_2012.crt, printed=RULES_2012.crt_printed)
    assert r is not None and r.disrupted and not r.stands and lookup(TroopClass.C, 2).no_effect


@pytest.mark.parametrize("formation, flee, onward", [("deployed", 4, 3), ("column", 5, 4)])
def test_WX_13_HH12_CMP_A5_HH12_CMP_A6_flee_and_continuation_lengths(formation, flee, onward):
    """WX-13, rulings HH12.CMP.A5, HH12.CMP.A6: a speed-3 unit flees its full move + 1 (4 in line, 5 in column);
    its continuation is the full move without the +1 (3, or 4 in column)."""
    from games.hordes_heroes.compulsory import flee_length
    from games.hordes_heroes.movement import allowance

    st = in_2012(make_state([(1, "south", "mma", (0, 8), Facing.N, {"formation": Formation(formation)})]))
    assert flee_length(st, st.units[1]) == flee
    assert allowance(st, st.units[1], False) == onward


def test_WX_15_HH12_SPEC_14_HH12_SPEC_A4_hard_target_suppression_two_to_one():
    """WX-15, HH12.SPEC.14, ruling HH12.SPEC.A4: 4 stands in the open suppress 2 stands in hard cover (2:1); from
    hard cover it is 1:1."""
    from games.hordes_heroes.shooting import suppressed

    assert suppressed(4, False) == 2 and suppressed(4, True) == 4 and suppressed(3, False) == 1


@pytest.mark.parametrize(
    "cls, hits, expected", [(TroopClass.C, 3, None), (TroopClass.C, 4, "F"), (TroopClass.E, 1, None)]
)
def test_WX_16_HH12_GEN_A3_hero_general_rows(cls, hits, expected):
    """WX-16, ruling HH12.GEN.A3, HH12.GEN.9: next to its hero a class-C unit ignores 3 hits, takes row 4 unchanged
    at 4; a class-E unit ignores the 2012 "Flee, Disordered" of 1 hit."""
    from games.hordes_heroes.crt import CrtMove

    r = lookup(cls, hits, hero=True, table=RULES_2012.crt, printed=RULES_2012.crt_printed)
    assert r is not None
    if expected is None:
        assert r.no_effect and r.hero
    else:
        assert (r.move, r.disrupted, r.stands) == (CrtMove.FLEE, True, 1)


def test_HH12_SPEC_19_a_class_a_horde_is_no_2012_warning():
    """HH12.SPEC.19: a 2012 horde may be of any class, A included; the 2022 list check warns about a class-A horde."""
    from games.hordes_heroes.edition import RULES_2022, points_warnings

    p = P("h", "Noble Horde", "infantry", "A", "1R", 3, 0, None, ("H",), list_points=8)
    assert any("HH.ARMY.14" in w for w in p.warnings())
    assert points_warnings(p, RULES_2012) == [] and points_warnings(p, RULES_2022) == []


def test_HH12_SPEC_17_war_wagons_do_not_flee_in_2012():
    """HH12.SPEC.17: a war wagon given a Flee result stays, disordered, with its stand losses, and nobody follows
    into its hex; in 2022 it is eliminated (HH.SPECIAL.41, HH.COMP.23)."""
    from games.hordes_heroes.results import Cause, apply_result

    PROFILES.setdefault("wagon12", P("wagon12", "War Wagon", "war_wagon", "C", "1CR", 5, 0, 8, ("G", "HT"), stands=3))

    def hit(edition: Edition) -> tuple[object, ...]:
        st = make_state([(1, "south", "wagon12", (0, 6), Facing.N), (2, "north", "spear", (0, 5), Facing.S)])
        st.options = replace(st.options, edition=edition)
        res = lookup(TroopClass.C, 4, table=st.rules.crt, printed=st.rules.crt_printed)
        _, a = apply_result(st, 1, res, Cause.HTH, [H(0, 5)], H(0, 5), Dice())
        u = st.units[1]
        return (u.eliminated, u.hex == H(0, 6), u.disrupted, u.stands, a.moved)

    assert hit(Edition.E2022)[0] is True
    assert hit(Edition.E2012) == (False, True, True, 2, False)
