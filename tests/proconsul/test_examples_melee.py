"""Golden tests: the melee worked examples of spec section 25 (WE-09, WE-10, WE-11, WE-12, WE-25, WE-26)."""

from __future__ import annotations

from games.proconsul.melee import Fresh, Movement, charge_contacts, fight, new_melee

from .helpers import P, ctx, make, spec_hex


def test_PC_WE_10_warband_charges_legion_and_bow() -> None:
    """WE-10 [PC.MELEE.4] [PC.MELEE.6] [PC.MELEE.8] [PC.MELEE.19] [PC.FIRE.15] [PC.FIRE.18] [PC.RETREAT.3] [PC.RESULT.10]
    [PC.PURSUIT.5] [PC.PURSUIT.6] [PC.PURSUIT.8] [PC.PURSUIT.9] [PC.PURSUIT.10]:
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


def _log_has(c: object, text: str) -> bool:
    return any(text in line for line in c.log)  # type: ignore[attr-defined]


def test_PC_WE_09_warband_against_legion() -> None:
    """WE-09 [PC.FIRE.11] [PC.MORALE.7] [PC.RESULT.2] [PC.RESULT.3] [PC.MELEE.11]: pilum 3D6 (1 hit) disorders the WB;
    8 dice against 6; both fail by 2: a draw; each loses 1 (the WB from its rear rank); an ongoing melee."""
    st = make(
        [
            {"id": "Legion", "side": "red", "troop": "romans:legion", "at": (0, 0), "facing": 0},
            {"id": "WB", "side": "blue", "troop": "gauls:warband", "at": (1, 0), "facing": 3},
        ]
    )
    c = ctx(
        st,
        6, 3, 1,  # pilum: 1 hit
        3,  # WB test on AM 4: passes, disordered
        6, 6, 4, 3, 2, 1, 1, 5,  # WB 8D6 (5 + 4 impact - 1 disorder): 2 hits
        6, 4, 3, 2, 1, 5,  # Legion 6D6: 1 hit
        5,  # WB tests on 3: ML 2
        6,  # Legion tests on 4: ML 2
    )  # fmt: skip
    charge_contacts(c, {"WB": [P(2, 0)]}, Movement())
    c.dice.assert_used_up()
    assert "8d6" in c.dice.purposes[4] and "6d6" in c.dice.purposes[12]
    wb, legion = st.stands["WB"], st.stands["Legion"]
    assert wb.ranks == (5, 3) and wb.disordered and wb.front_loss == 0
    assert legion.ranks == (5,) and legion.disordered and legion.front_loss == 1
    (m,) = st.melees.values()
    assert m.ongoing and {b for _, b in m.battle} == {"WB", "Legion"}


def test_PC_WE_11_appendix_a1_group_move_melees() -> None:
    """WE-11 [PC.MELEE.5] [PC.MELEE.6] [PC.MELEE.10] [PC.FIRE.20] [PC.SEQ.9]: melee A L3 v WB2 with L2 supporting: 12 dice;
    melee B L1 v WB1 with L2 supporting again: 11 dice (L2's impact and pilum already used); B is drawn and stays ongoing."""
    st = make(
        [
            {"id": "L1", "side": "red", "troop": "romans:legion", "at": (0, 1), "facing": 0},
            {"id": "L2", "side": "red", "troop": "romans:legion", "at": (0, 0), "facing": 0},
            {"id": "L3", "side": "red", "troop": "romans:legion", "at": (0, -1), "facing": 0},
            {"id": "WB1", "side": "blue", "troop": "gauls:warband", "at": (1, 0), "facing": 3},
            {"id": "WB2", "side": "blue", "troop": "gauls:warband", "at": (1, -1), "facing": 3},
        ]
    )
    chargers = {s: [P(-1, r)] for s, r in (("L1", 1), ("L2", 0), ("L3", -1))}
    mv = Movement()
    c = ctx(
        st,
        1, 1,  # pila: L3 1D6 (attacker), L2 1D6 (supporter)
        *[6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],  # Roman 12D6: 2 hits
        *[1, 1, 1, 1, 1],  # WB2 5D6
        6,  # WB2 tests on AM 3: fails by 3
        1,  # L1 pilum 1D6; L2 throws none
        *[1] * 11,  # Roman 11D6
        *[1] * 5,  # WB1 5D6: no hits either way, a draw
    )  # fmt: skip
    a = new_melee(c, "L3", "WB2", chargers)
    assert a.supporters == ("L2",)
    fight(c, a, Fresh({k: v for k, v in chargers.items() if k in a.stands}, joined=set(a.stands)), mv)
    b = new_melee(c, "L1", "WB1", chargers)
    assert b.supporters == ("L2",)
    fight(c, b, Fresh({k: v for k, v in chargers.items() if k in b.stands}, joined=set(b.stands)), mv)
    c.dice.assert_used_up()
    assert "12d6" in c.dice.purposes[2]
    assert any("11d6" in p for p in c.dice.purposes)
    assert st.stands["WB2"].hex != P(1, -1)  # WB2 lost and retreated
    ongoing = [m for m in st.melees.values() if m.ongoing]
    assert len(ongoing) == 1 and ongoing[0].supporters == ("L2",)
    assert {b for _, b in ongoing[0].battle} == {"L1", "WB1"}


def test_PC_WE_24_turn_to_face_is_not_a_charge() -> None:
    """WE-24 [PC.ZOC.5] [PC.MELEE.16] [PC.MELEE.14] [PC.SEQ.9]: the Legion turns free to face the WB; no new melee,
    no pilum; in the re-fight both throw 4 (the flank die ended with the turn)."""
    from games.proconsul.activation import refights, start_of_action
    from games.proconsul.model import Melee

    st = make(
        [
            {"id": "Legion", "side": "red", "troop": "romans:legion", "at": (0, 0), "facing": 0, "ranks": [5], "front_loss": 1, "disordered": True},
            {"id": "WB", "side": "blue", "troop": "gauls:warband", "at": (0, 1), "facing": 2, "ranks": [5, 3], "disordered": True},
        ]
    )  # fmt: skip
    st.melees[1] = Melee(1, "blue", (("blue", "WB"), ("red", "Legion")), ongoing=True, flank_bonus=("WB",))
    st.activation = 5
    c = ctx(st, *[1] * 4, *[1] * 4)
    start_of_action(c, "Legion")
    assert st.stands["Legion"].facing == 5
    refights(c, "red", "red")
    c.dice.assert_used_up()
    assert "red pool, 4d6" in c.dice.purposes[0] and "blue pool, 4d6" in c.dice.purposes[4]


def test_PC_WE_24_without_the_turn_the_flank_die_stays() -> None:
    """WE-24 counterfactual [PC.MELEE.14] (c): had the Legion not turned, the WB would throw 5."""
    from games.proconsul.activation import refights
    from games.proconsul.model import Melee

    st = make(
        [
            {"id": "Legion", "side": "red", "troop": "romans:legion", "at": (0, 0), "facing": 0, "ranks": [5], "front_loss": 1, "disordered": True},
            {"id": "WB", "side": "blue", "troop": "gauls:warband", "at": (0, 1), "facing": 2, "ranks": [5, 3], "disordered": True},
        ]
    )  # fmt: skip
    st.melees[1] = Melee(1, "blue", (("blue", "WB"), ("red", "Legion")), ongoing=True, flank_bonus=("WB",))
    c = ctx(st, *[1] * 4, *[1] * 5)
    refights(c, "red", "red")
    assert "blue pool, 5d6" in c.dice.purposes[4]


def test_PC_WE_25_group_move_one_melee_per_contacted_enemy() -> None:
    """WE-25 [PC.MELEE.5] [PC.MOVE.14] [PC.GEOM.20] [PC.MELEE.15]: L1 and L2 step together; L1 v E1 frontal (8 dice),
    L2 v E2 in the flank (9 dice); E2 is not disordered (L2 came from in front of its line); fought E1 first."""
    from games.proconsul.group_move import group_move

    st = make(
        [
            {"id": "L1", "side": "red", "troop": "romans:legion", "at": (-1, 1), "facing": 0},
            {"id": "L2", "side": "red", "troop": "romans:legion", "at": (-1, 0), "facing": 0},
            {"id": "E1", "side": "blue", "troop": "gauls:warband", "at": (1, 1), "facing": 3},
            {"id": "E2", "side": "blue", "troop": "gauls:warband", "at": (1, -1), "facing": 2},
        ]
    )
    target = P(0, 1)
    c = ctx(st, 1, *[1] * 8, *[1] * 5, 1, *[1] * 9, *[1] * 5)
    group_move(c, ["L1", "L2"], [[["hex", target.q, target.r]]])
    c.dice.assert_used_up()
    p = c.dice.purposes
    assert p[0].startswith("pilum: L1 at E1, 1d6")
    assert "red pool, 8d6" in p[1] and "blue pool, 5d6" in p[9]
    assert p[14].startswith("pilum: L2 at E2, 1d6")
    assert "red pool, 9d6" in p[15]
    assert not st.stands["E2"].disordered


def test_PC_WE_26_defender_beats_a_flank_attacker_and_does_not_pursue() -> None:
    """WE-26 [PC.PURSUIT.2] [PC.MELEE.14] [PC.RETREAT.2]: the Legion hits the WB's flank (9 dice v 5), loses, drops to 4 SP
    and retreats 2 hexes; the impetuous WB may not pursue: the Legion's hex is not in its front."""
    from games.proconsul.movement import Track, do_move

    st = make(
        [
            {"id": "WB", "side": "blue", "troop": "gauls:warband", "at": (0, 0), "facing": 0},
            {"id": "Legion", "side": "red", "troop": "romans:legion", "at": (1, 1), "facing": 2},
        ]
    )
    c = ctx(st, 2, 5, 4, 4, 3, 3, 2, 2, 1, 1, 6, 5, 5, 2, 1, 6)
    to = P(0, 1)
    assert do_move(c, "Legion", [["hex", to.q, to.r]], Track(P(1, 1)))
    c.dice.assert_used_up()
    assert "red pool, 9d6" in c.dice.purposes[1] and "blue pool, 5d6" in c.dice.purposes[10]
    legion = st.stands["Legion"]
    assert legion.ranks == (4,) and legion.disordered
    assert spec_hex(legion.hex) == (0, 3)
    assert _log_has(c, "does not pursue")


def test_PC_WE_20_lone_stand_eliminated_loses() -> None:
    """WE-20 [PC.RESULT.7]: X (1 SP left) wins on ML but is eliminated by its loss, so it loses; Y's loss is the winner's 1."""
    st = make(
        [
            {"id": "X", "side": "red", "troop": "cat:HI", "at": (0, 0), "facing": 0, "ranks": [1], "front_loss": 4},
            {"id": "Y", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        ]
    )
    c = ctx(st, 6, 6, 6, 1, 1, 1, 1, 2, 5)
    charge_contacts(c, {"X": [P(-1, 0)]}, Movement())
    c.dice.assert_used_up()
    assert not st.stands["X"].on_board
    assert st.stands["Y"].ranks == (4,) and st.stands["Y"].hex == P(1, 0)


def test_PC_WE_20_eliminated_with_a_supporter_wins_on_greater_enemy_ml() -> None:
    """WE-20 variant [PC.RESULT.7]: with a supporter, X's side wins when Y's ML is greater: Y loses 2 and retreats; nobody pursues."""
    st = make(
        [
            {"id": "X", "side": "red", "troop": "cat:HI", "at": (0, 0), "facing": 0, "ranks": [1], "front_loss": 4},
            {"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 1), "facing": 0},
            {"id": "Y", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        ]
    )
    c = ctx(st, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 2, 5)
    charge_contacts(c, {"X": [P(-1, 0)]}, Movement())
    c.dice.assert_used_up()
    assert not st.stands["X"].on_board
    y = st.stands["Y"]
    assert y.ranks == (3,) and y.hex != P(1, 0) and y.disordered


def test_PC_WE_13_flank_contact_from_behind_may_not_be_evaded() -> None:
    """WE-13 case MC2 [PC.EVADE.2] [PC.MELEE.14] [PC.MELEE.15] [PC.RESULT.5]: MC2 steps into the LC's flank from behind its
    line: no evasion, the LC is disordered, MC2 throws 8 (4 + 2 impact + 2 flank), the LC 2; on a draw MC2 bounces."""
    from games.proconsul.movement import Track, do_move

    st = make(
        [
            {"id": "LC", "side": "blue", "troop": "cat:LC", "at": (0, 0), "facing": 0},
            {"id": "MC2", "side": "red", "troop": "cat:MC", "at": (-1, 2), "facing": 1},
        ]
    )  # fmt: skip
    c = ctx(st, *[1] * 8, *[1] * 2)
    to = P(0, 1)
    assert do_move(c, "MC2", [["hex", to.q, to.r]], Track(P(-1, 2)))
    c.dice.assert_used_up()
    assert "red pool, 8d6" in c.dice.purposes[0] and "blue pool, 2d6" in c.dice.purposes[8]
    assert st.stands["LC"].hex == P(0, 0) and st.stands["LC"].disordered
    assert st.stands["MC2"].hex != P(0, 1) and st.stands["MC2"].disordered  # the attacker bounced


def test_PC_WE_13_frontal_charge_is_evaded() -> None:
    """WE-13 case MC1 [PC.EVADE.1] [PC.EVADE.3] [PC.EVADE.4] [PC.EVADE.5]: the LC evades 4 hexes straight back, facing
    kept and not disordered; MC1 carries on into the hex the LC left."""
    from games.proconsul.movement import Track, do_move

    st = make(
        [
            {"id": "LC", "side": "blue", "troop": "cat:LC", "at": (0, 0), "facing": 0},
            {"id": "MC1", "side": "red", "troop": "cat:MC", "at": (3, 0), "facing": 3},
        ]
    )
    c = ctx(st)
    path = [P(2, 0), P(1, 0), P(0, 0)]
    do_move(c, "MC1", [["hex", h.q, h.r] for h in path], Track(P(3, 0)))
    lc = st.stands["LC"]
    assert spec_hex(lc.hex) == (-4, 0) and lc.facing == 0 and not lc.disordered
    assert st.stands["MC1"].hex == P(0, 0)


def test_PC_WE_12_appendix_a2_reigniting_and_moved_markers() -> None:
    """WE-12 [PC.RESULT.11] [PC.RESULT.13] [PC.MELEE.15] [PC.RETREAT.3] [PC.RETREAT.5] [PC.PURSUIT.7] [PC.SEQ.6] [PC.SEQ.7]:
    the Yellow Aux steps into WB1's flank from behind its line: WB1 is disordered, the melee L1 v WB1 is reignited with
    the Aux supporting (13 dice against 4); WB1 loses 2, retreats through WB3 (disordering it) to (3, -2); L1, told to
    pursue, rolls 5, goes 1 hex and hits WB3 at once (8 dice and 1 pilum against 4). Only the Aux is marked moved."""
    from games.proconsul.model import Group, Melee
    from games.proconsul.sequence import activate
    from games.proconsul.state import Terrain

    from .helpers import troops

    wb1 = troops()["gauls:warband"]
    from dataclasses import replace

    st = make(
        [
            {"id": "L1", "side": "red", "troop": "romans:legion", "at": (0, 1), "facing": 0},
            {"id": "L2", "side": "red", "troop": "romans:legion", "at": (0, 0), "facing": 0},
            {"id": "L3", "side": "red", "troop": "romans:legion", "at": (0, -1), "facing": 0},
            {"id": "WB1", "side": "blue", "troop": "slow-wb", "at": (1, 0), "facing": 3},
            {"id": "WB3", "side": "blue", "troop": "gauls:warband", "at": (2, -1), "facing": 3, "group": "green"},
            {"id": "Aux", "side": "red", "troop": "romans:auxilia", "at": (2, 1), "facing": 2, "group": "yellow"},
            {"id": "Aux2", "side": "red", "troop": "romans:auxilia", "at": (-6, 6), "facing": 2, "group": "yellow"},
        ],
        **{"slow-wb": replace(wb1, mp=1)},
    )
    st.groups["yellow"] = Group("yellow", "red", "Yellow", "Gred")
    st.groups["green"] = Group("green", "blue", "Green", "Gblue")
    st.terrain[P(2, 0)] = Terrain.IMPASSABLE
    st.melees[1] = Melee(1, "blue", (("blue", "WB1"), ("red", "L1")), ("L2",), ongoing=True)
    st.standing["red"] = {"pursue": "yes"}
    st.active_side, st.active_group, st.activation = "red", "yellow", 7
    c = ctx(
        st,
        6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 1,  # Roman 13D6: 3 hits
        4, 3, 2, 1,  # WB1 4D6: no hit
        4,  # WB1 tests on AM 1: ML 3
        5,  # L1's pursuit roll: 1 hex
        1,  # L1 pilum 1D6
        *[1] * 8,  # L1 8D6
        *[1] * 4,  # WB3 4D6 (disordered)
    )  # fmt: skip
    to = P(1, 1)
    activate(
        c, {"items": [{"line": 1, "stands": ["Aux"], "actions": [{"do": "move", "steps": [["hex", to.q, to.r]]}]}]}
    )
    c.dice.assert_used_up()
    p = c.dice.purposes
    assert "red pool, 13d6" in p[0] and "blue pool, 4d6" in p[13]
    assert p[19].startswith("pilum: L1 at WB3, 1d6") and "red pool, 8d6" in p[20] and "blue pool, 4d6" in p[28]
    wb = st.stands["WB1"]
    assert wb.ranks == (5, 2) and spec_hex(wb.hex) == (3, -2)
    assert st.stands["WB3"].disordered
    assert spec_hex(st.stands["L1"].hex) == (1, 0)
    assert any("disordered [PC.MELEE.15]" in line for line in c.log)
    assert st.moved == {"Aux"}  # L1 and L2 fought, but they are not of the active group [PC.SEQ.7]
    assert {"L1", "L2"} <= c.fought
