"""Golden tests: the melee worked examples of spec section 25 (WE-09, WE-10, WE-11, WE-12, WE-25, WE-26)."""

from __future__ import annotations

from games.proconsul.melee import Fresh, Movement, charge_contacts, fight, new_melee

from .helpers import P, ctx, make, spec_hex


def test_PC_WE_10_warband_charges_legion_and_bow(subtests: object = None) -> None:
    """WE-10 [PC.MELEE.4] [PC.MELEE.6] [PC.FIRE.15] [PC.FIRE.18] [PC.RETREAT.3] [PC.PURSUIT.6] [PC.PURSUIT.8]:
    the WB contacts both; the Legion is the battle stand, the Bow supports with 2 dice, the Legion
    throws 3 pila; 9 dice against 8; the Legion loses 2 SP and retreats 2 hexes straight back; the
    Bow retreats to (-1, 2); the WB rolls 5, pursues 2 hexes and catches the Legion, which gets no
    pilum and throws 3 dice against the WB's 9."""
    st = make(
        [
            {"id": "Legion", "side": "red", "troop": "romans:legion", "at": (0, 0), "facing": 0},
            {"id": "Bow", "side": "red", "troop": "cat:Sh", "at": (0, 1), "facing": 0},
            {"id": "WB", "side": "blue", "troop": "gauls:warband", "at": (1, 0), "facing": 3},
        ]
    )
    c = ctx(
        st,
        5, 1,  # Bow supporting fire, ceil(4/2) = 2 dice: no hit
        4, 3, 2,  # Legion pilum 3D6: no hit
        6, 6, 5, 5, 4, 3, 2, 2, 1,  # WB 9D6: 3 hits
        4, 4, 3, 3, 2, 2, 1, 1,  # defenders 8D6: no hit
        6,  # Legion morale on AM 3: ML 3
        5,  # WB pursuit roll: 2 hexes
        1, 1, 1, 1, 1, 1, 1, 1, 1,  # new melee: WB 9D6
        1, 1, 1,  # Legion 3D6 (4 - 1 disorder), no pilum, no defensive fire
    )  # fmt: skip
    charge_contacts(c, {"WB": [P(2, 0)]}, Movement())
    purposes = c.dice.purposes
    assert purposes[0].startswith("supporting fire: Bow at WB, 2d6")
    assert purposes[2].startswith("pilum: Legion at WB, 3d6")
    assert "9d6" in purposes[5] and "8d6" in purposes[14]
    legion, bow, wb = st.stands["Legion"], st.stands["Bow"], st.stands["WB"]
    assert legion.ranks == (4,) and legion.disordered
    assert spec_hex(legion.hex) == (-2, 0)
    assert bow.disordered and bow.ranks == (4,)
    assert bow.hex.distance(P(-1, 2)) == 1 and bow.hex.distance(P(0, 1)) == 2  # first step (-1, 2), 2 hexes
    assert spec_hex(wb.hex) == (-1, 0)
    assert "9d6" in purposes[-12] and "3d6" in purposes[-3]
    c.dice.assert_used_up()
