"""The 2012 delta spec's worked examples played under the 2012 edition with fixed dice (golden tests, WX-03 to
WX-11, named with the HH12 rule IDs they check)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import Choices, hth_phase
from games.hordes_heroes.crt import lookup
from games.hordes_heroes.edition import RULES_2012, Edition
from games.hordes_heroes.model import Trait, TroopClass, Weapon
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
    """WX-03, HH12.SHOOT.2, HH12.ARM.1, HH12.ARM.5, rulings HH12.ARM.A2, HH12.ARM.A3: factor + armour (crossbows
    lower it by one, guns cancel it) + pavise + cover; a 2012 pavise keeps +2 against guns (row h)."""
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
    PROFILES.setdefault("halberd", P("halberd", "Halberdiers", "infantry", "C", "1CR", 5, 1))
    PROFILES.setdefault("archer", P("archer", "Archers", "infantry", "C", "1CR", 2, 0, 7))
    st = in_2012(
        make_state(
            [
                (1, "north", "mma", (0, 5), Facing.S),
                (2, "south", "halberd", (0, 6), Facing.N),
                (3, "south", "archer", (-1, 6), Facing.N),
                (4, "south", "archer", (1, 5), Facing.W),
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
