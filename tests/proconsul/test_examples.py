"""Golden tests: the numeric worked examples of spec section 25 (WE-01 to WE-08, WE-14 to WE-23).

Each test is named after its vector and checks the rule functions with the vector's numbers.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from campaign.hexgrid import Hex
from games.proconsul import geometry as G
from games.proconsul import tables as T
from games.proconsul.context import Ctx
from games.proconsul.fire import clear_sight, normal_fire, shooting_dice
from games.proconsul.model import OrderClass
from games.proconsul.state import Terrain

from .helpers import P, ctx, make, troops

TROOPS = troops()


# --- WE-01 order tests ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "move_no", "general", "out", "roll", "passes"),
    [
        (OrderClass.B, 2, False, False, 4, True),
        (OrderClass.B, 3, False, False, 4, False),
        (OrderClass.B, 4, True, False, 5, True),
        (OrderClass.C, 2, False, True, 5, False),
        (OrderClass.A, 2, False, False, 3, True),  # opportunity at the base target
        (OrderClass.B, 2, False, True, 4, False),  # rally at -1
    ],
)
def test_PC_WE_01_order_test_targets(
    cls: OrderClass, move_no: int, general: bool, out: bool, roll: int, passes: bool
) -> None:
    """WE-01 [PC.MOVE.8] [PC.MOVE.9] [PC.CMD.3] [PC.CMD.7]: targets A 3, B 4, C 5, +1 a move; +1 general, -1 out of command."""
    assert T.order_test_passes(roll, T.order_target(cls, move_no), general, out) is passes


def test_PC_WE_01_targets_table() -> None:
    """WE-01: B passes a third move on 5-6 and a fourth on 6; a target above 7 can never be met [PC.MOVE.9]."""
    assert [T.order_target(OrderClass.A, n) for n in (2, 3, 4, 5)] == [3, 4, 5, 6]
    assert [T.order_target(OrderClass.B, n) for n in (2, 3, 4, 5)] == [4, 5, 6, 7]
    assert not T.order_test_passes(6, 8, True, False)
    assert T.order_test_passes(6, 7, True, False) and not T.order_test_passes(6, 7, False, False)


# --- WE-02 to WE-06 morale ----------------------------------------------------------------------


def test_PC_WE_02_morale_loss() -> None:
    """WE-02 [PC.MORALE.3]: AM 4, roll 6: ML 2."""
    assert T.morale_test(4, 6).ml == 2


@pytest.mark.parametrize(("roll", "ml", "loss"), [(3, 0, 0), (5, 1, 1), (6, 2, 1)])
def test_PC_WE_03_morale_test_example(roll: int, ml: int, loss: int) -> None:
    """WE-03 [PC.MORALE.2] [PC.MORALE.4] [PC.MORALE.5] [PC.FIRE.9]: archers 3D6 [6,3,2] = 1 hit on a 5-SP stand; AM 4; fire cap 1."""
    assert T.hits([6, 3, 2]) == 1
    am = T.adjusted_morale(5, 1, 0, False, False)
    assert am == 4
    r = T.morale_test(am, roll)
    assert r.ml == ml and T.sp_loss(r.ml, 1, False) == loss


def test_PC_WE_03_applied_to_a_stand_disorders_it() -> None:
    """WE-03 in play: the test disorders the target whatever the result [PC.MORALE.5] [PC.DISORDER.2]."""
    st = make([{"id": "T", "side": "red", "troop": "cat:HI", "at": (0, 0)}])
    c = ctx(st, 3)
    c.fire_test("T", 1, 1, "test")
    assert st.stands["T"].ranks == (5,) and st.stands["T"].disordered


@pytest.mark.parametrize(("roll", "loss"), [(5, 1), (1, 1), (3, 1)])
def test_PC_WE_04_test_while_disordered(roll: int, loss: int) -> None:
    """WE-04 [PC.MORALE.6] [PC.DISORDER.3]: AM 3 (5 - 1 hit - 1 disorder); at least 1 SP lost, never more than the cap."""
    am = T.adjusted_morale(5, 1, 0, True, False)
    assert am == 3
    assert T.sp_loss(T.morale_test(am, roll).ml, 1, True) == loss


def test_PC_WE_05_am_six_or_more() -> None:
    """WE-05 [PC.MORALE.3] [PC.MORALE.9]: legion with a general, 1 hit: AM 6; a 5 passes, a 6 costs ML 1."""
    am = T.adjusted_morale(6, 1, 0, False, True)
    assert am == 6
    assert T.morale_test(am, 5).ml == 0
    assert T.morale_test(am, 6).ml == 1


def test_PC_WE_06_am_floor_of_one() -> None:
    """WE-06 [PC.MORALE.2] [PC.MORALE.3]: AM never below 1; a 1 always passes; fire costs at most 1."""
    am = T.adjusted_morale(2, 3, 0, False, False)
    assert am == 1
    assert T.morale_test(am, 1).ml == 0
    r = T.morale_test(am, 4)
    assert r.ml == 3 and T.sp_loss(r.ml, 1, False) == 1


@pytest.mark.parametrize(
    ("faces", "n"), [([6, 5, 5, 5, 2, 1], 2), ([5, 5, 5, 5], 2), ([6, 6, 6], 3), ([5], 0), ([1, 2, 3, 4], 0)]
)
def test_PC_WE_07_counting_hits(faces: list[int], n: int) -> None:
    """WE-07 [PC.DICE.2]: a hit per 6 and per pair of 5s."""
    assert T.hits(faces) == n


# --- WE-08 javelin skirmishers ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "before", "after", "dice"),
    [(2, 0, False, 2), (3, 0, False, 1), (2, 1, False, 1), (2, 0, True, 1), (2, 2, False, 0)],
)
def test_PC_WE_08_javelin_dice(distance: int, before: int, after: bool, dice: int) -> None:
    """WE-08 [PC.FIRE.1] [PC.FIRE.2] [PC.FIRE.4] [PC.ARMYLIST.4] [PC.DICE.3]: 2 SP; -1 at 3 hexes; -1 per move before, -1 moving after."""
    st = make(
        [
            {"id": "Sk", "side": "red", "troop": "gauls:javelins", "at": (0, 0), "facing": 0},
            {"id": "LI", "side": "blue", "troop": "cat:LI", "at": (distance, 0), "facing": 3},
        ]
    )
    c = Ctx(st, None)  # type: ignore[arg-type]  # no dice rolled for the count
    assert shooting_dice(c, st.stands["Sk"], st.stands["LI"], before, after) == dice


def test_PC_WE_08_target_loses_one_sp_per_shooter() -> None:
    """WE-08 target case [PC.FIRE.9]: 2 hits on LI [4]: AM 2, roll 6, ML 4, but 1 SP lost; disordered."""
    st = make(
        [
            {"id": "Sk", "side": "red", "troop": "gauls:javelins", "at": (0, 0), "facing": 0},
            {"id": "LI", "side": "blue", "troop": "cat:LI", "at": (2, 0), "facing": 3},
        ]
    )
    c = ctx(st, 6, 6, 6)
    assert normal_fire(c, "Sk", "LI", 0, False) == ""
    assert st.stands["LI"].ranks == (3,) and st.stands["LI"].disordered
    c.dice.assert_used_up()


def test_PC_WE_08_two_moves_then_fire_gives_no_fire() -> None:
    """WE-08 derived [PC.DICE.3]: a pool below 1 means no fire, and no die is rolled."""
    st = make(
        [
            {"id": "Sk", "side": "red", "troop": "gauls:javelins", "at": (0, 0), "facing": 0},
            {"id": "LI", "side": "blue", "troop": "cat:LI", "at": (2, 0), "facing": 3},
        ]
    )
    c = ctx(st)
    normal_fire(c, "Sk", "LI", 2, False)
    assert st.stands["LI"].ranks == (4,)
    assert "pool below 1" in c.log[-1]


def test_PC_WE_08_move_fire_move_is_not_on_the_menu() -> None:
    """WE-08 derived [PC.SEQ.8] [PC.MOVE.2]: move, fire, move is refused."""
    from games.proconsul.activation import _check_menu

    assert _check_menu([{"do": "move"}, {"do": "fire"}, {"do": "move"}])
    assert not _check_menu([{"do": "fire"}, {"do": "move"}])
    assert _check_menu([{"do": "fire"}, {"do": "move"}, {"do": "move"}])
    assert not _check_menu([{"do": "move"}, {"do": "move"}, {"do": "fire"}])


# --- WE-14 line of sight ---------------------------------------------------------------------


def _hill_board() -> object:
    st = make(
        [
            {"id": "Bow", "side": "red", "troop": "cat:Sh", "at": (0, 0), "facing": 0},
            {"id": "WB", "side": "blue", "troop": "gauls:warband", "at": (2, 0), "facing": 3},
            {"id": "Sk", "side": "blue", "troop": "cat:Sk", "at": (3, 0), "facing": 3},
        ]
    )
    st.terrain.update({P(1, 0): Terrain.HILLSIDE, P(2, 0): Terrain.HILLTOP, P(3, 0): Terrain.HILLTOP})
    return st


def test_PC_WE_14_hilltop_from_the_plain() -> None:
    """WE-14 [PC.GEOM.16] [PC.GEOM.17] [PC.GEOM.18] [PC.FIRE.6] [PC.TERRAIN.2] [PC.TERRAIN.4]: from the plain the first
    hilltop hex is seen, the second is not."""
    st = _hill_board()
    assert clear_sight(st, P(0, 0), P(2, 0), over_stands=True)  # type: ignore[arg-type]
    assert not clear_sight(st, P(0, 0), P(3, 0), over_stands=True)  # type: ignore[arg-type]
    assert clear_sight(st, P(1, 0), P(2, 0), over_stands=True)  # type: ignore[arg-type]
    assert clear_sight(st, P(1, 0), P(3, 0), over_stands=True)  # type: ignore[arg-type]  # archers shoot over the WB
    assert not clear_sight(st, P(1, 0), P(3, 0), over_stands=False)  # type: ignore[arg-type]  # the WB blocks javelins


def test_PC_WE_14_half_hex_rule() -> None:
    """WE-14 derived [PC.GEOM.15] [PC.GEOM.16]: one clear candidate line is enough; both blocked blocks."""
    st = make([])
    st.terrain[P(1, 0)] = Terrain.WOODS
    assert clear_sight(st, P(0, 0), P(2, -1))
    st.terrain[P(1, -1)] = Terrain.WOODS
    assert not clear_sight(st, P(0, 0), P(2, -1))


# --- WE-15 pilum ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "frontal", "sp", "disordered", "pursued", "dice"),
    [
        ("defender", True, 6, False, False, 3),
        ("defender", True, 6, True, False, 2),
        ("defender", False, 6, False, False, 0),
        ("attacker", True, 6, False, False, 1),
        ("attacker", True, 6, True, False, 0),
        ("support", True, 6, False, False, 1),
        ("defender", True, 5, True, False, 1),
        ("attacker", True, 3, False, False, 0),
        ("defender", True, 6, False, True, 0),
    ],
)
def test_PC_WE_15_pilum_dice(role: str, frontal: bool, sp: int, disordered: bool, pursued: bool, dice: int) -> None:
    """WE-15 [PC.FIRE.11]: 3 defending frontally, 1 attacking or supporting, -1 disordered, 1 after losses, none at 3 SP or pursued."""
    assert (
        T.pilum_dice(role=role, frontal=frontal, front_sp=sp, start_sp=6, disordered=disordered, pursued=pursued)
        == dice
    )


def test_PC_WE_15_two_supporting_pila_combine() -> None:
    """WE-15 [PC.FIRE.12]: two supporting legions throw one pool [5, 5] = 1 hit, one morale test."""
    assert T.hits([5, 5]) == 1 and T.hits([5]) + T.hits([5]) == 0


# --- WE-16 rank dice --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("troop", "extra", "enemy", "frontal", "mounted_frontal", "bonus"),
    [
        ("cat:Pk", 2, "cat:HI", True, False, 2),
        ("cat:Pk", 2, "cat:MC", True, True, 6),
        ("cat:Pk", 1, "cat:MC", True, True, 3),
        ("cat:LSp", 1, "cat:MC", True, True, 2),
        ("cat:LSp", 1, "cat:HI", True, False, 1),
        ("cat:Pk", 2, "cat:HI", False, False, 0),
    ],
)
def test_PC_WE_16_pike_and_spear_ranks(
    troop: str, extra: int, enemy: str, frontal: bool, mounted_frontal: bool, bonus: int
) -> None:
    """WE-16 [PC.MELEE.12]: +1 per extra rank against foot; +3 (Pk) or +2 (LSp) per extra rank against mounted frontal."""
    assert T.rank_dice(TROOPS[troop], extra, TROOPS[enemy], frontal=frontal, mounted_frontal=mounted_frontal) == bonus


def test_PC_WE_16_pools() -> None:
    """WE-16 pools: Pk [5,4,4] v foot 7, charging 9 (+IF 2); v MC frontal 11 (the MC gets no impact) [PC.MELEE.7] [PC.MELEE.9]."""
    pk, hi, mc = TROOPS["cat:Pk"], TROOPS["cat:HI"], TROOPS["cat:MC"]
    assert 5 + T.rank_dice(pk, 2, hi, frontal=True, mounted_frontal=False) == 7
    assert 5 + 2 + T.rank_dice(pk, 2, hi, frontal=True, mounted_frontal=False) == 9
    assert 5 + T.rank_dice(pk, 2, mc, frontal=True, mounted_frontal=True) == 11
    assert not T.impact_allowed(mc, pk, frontal=True, from_behind=False)


# --- WE-17 break points ---------------------------------------------------------------------


def test_PC_WE_17_break_points() -> None:
    """WE-17 [PC.VICTORY.1] [PC.VICTORY.2] [PC.VICTORY.3] [PC.VICTORY.4]: a pike block of 3 ranks at 2 BP is 6; exact comparison."""
    assert TROOPS["cat:Pk"].bp_total == 6
    assert T.broken(10, 30, Fraction(1, 3)) and not T.broken(9, 30, Fraction(1, 3))
    assert T.broken(16, 31, Fraction(1, 2)) and not T.broken(15, 31, Fraction(1, 2))


def test_PC_WE_17_rank_removed_and_off_board() -> None:
    """WE-17 [PC.MORALE.7] [PC.MORALE.8] [PC.VICTORY.2] [PC.PURSUIT.7]: a rear rank lost costs its BP; pursuing off costs none; retreating off costs all."""
    st = make(
        [
            {"id": "Pk", "side": "red", "troop": "cat:Pk", "at": (0, 0)},
            {"id": "A", "side": "red", "troop": "cat:MC", "at": (3, 0)},
            {"id": "B", "side": "red", "troop": "cat:MC", "at": (5, 0)},
        ]
    )
    c = ctx(st)
    c.lose("Pk", 4, "test")
    assert st.stands["Pk"].ranks == (5, 4) and st.army["red"].lost == 2
    c.lose("Pk", 6, "test")  # 4 from the middle rank, excess 2 carries to the front [PC.MORALE.7]
    assert st.stands["Pk"].ranks == (3,) and st.stands["Pk"].front_loss == 2 and st.army["red"].lost == 4
    c.remove("A", "pursued off the board", count_bp=False)
    assert st.army["red"].lost == 4
    c.remove("B", "retreated off the board")
    assert st.army["red"].lost == 6


# --- WE-18 initiative, WE-19 pursuit --------------------------------------------------------------


@pytest.mark.parametrize(
    ("troop", "mp", "roll", "distance"),
    [
        ("gauls:warband", None, 1, 0),
        ("gauls:warband", None, 3, 1),
        ("gauls:warband", None, 6, 2),
        ("cat:Ch", None, 6, 3),
        ("cat:MC", None, 6, 3),
        ("cat:HC", None, 6, 2),
        ("cat:El", 1, 4, 1),
        ("cat:El", None, 6, 2),
        ("romans:legion", None, 3, 0),
        ("romans:legion", None, 4, 1),
    ],
)
def test_PC_WE_19_pursuit_distances(troop: str, mp: int | None, roll: int, distance: int) -> None:
    """WE-19 [PC.PURSUIT.4]: impetuous and war-chariot lines uncapped; cavalry and elephants capped at MP."""
    from dataclasses import replace

    t = TROOPS[troop] if mp is None else replace(TROOPS[troop], mp=mp)
    assert T.pursuit_distance(t, roll) == distance


def test_PC_WE_19_who_must_pursue() -> None:
    """[PC.PURSUIT.3] [PC.IMPET.6]: impetuous stands and war chariots must roll; others choose."""
    assert T.must_pursue(TROOPS["gauls:warband"]) and T.must_pursue(TROOPS["cat:Ch"])
    assert not T.must_pursue(TROOPS["romans:legion"]) and not T.must_pursue(TROOPS["cat:LCh"])


# --- WE-21 impact ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("charger", "enemy", "frontal", "behind", "refight", "allowed"),
    [
        ("gauls:warband", "cat:Aux", True, False, False, False),
        ("gauls:warband", "cat:Aux", False, True, False, True),
        ("gauls:warband", "cat:Aux", False, False, False, False),
        ("cat:MC", "cat:Pk", True, False, False, False),
        ("cat:MC", "cat:Pk", False, True, False, True),
        ("cat:MC", "cat:Ch", True, False, False, False),
        ("cat:MC", "cat:LCh", True, False, False, False),
        ("cat:HI", "cat:El", True, False, False, False),
        ("romans:legion", "cat:MC", True, False, False, False),
        ("cat:Ch", "cat:LI", True, False, False, False),
        ("cat:LCh", "cat:LI", True, False, False, False),
        ("cat:LC", "cat:Sk", True, False, False, False),
        ("gauls:warband", "romans:legion", True, False, True, False),
        ("gauls:warband", "romans:legion", True, False, False, True),
    ],
)
def test_PC_WE_21_impact_eligibility(
    charger: str, enemy: str, frontal: bool, behind: bool, refight: bool, allowed: bool
) -> None:
    """WE-21 [PC.MELEE.9] (a)-(i)."""
    assert (
        T.impact_allowed(TROOPS[charger], TROOPS[enemy], frontal=frontal, from_behind=behind, refight=refight)
        is allowed
    )


def test_PC_WE_21_impact_after_loss() -> None:
    """WE-21 [PC.MELEE.11]: a legion after a front-rank loss has IF 1; a WB whose rear rank took the loss keeps IF 4."""
    assert T.impact_value(TROOPS["romans:legion"], 1) == 1
    assert T.impact_value(TROOPS["gauls:warband"], 0) == 4


def test_PC_WE_21_lc_may_charge_skirmishers() -> None:
    """WE-21 [PC.MELEE.1]: LC (IF 0) may charge Sk, but gets no impact."""
    from games.proconsul.movement import can_charge

    st = make(
        [
            {"id": "LC", "side": "red", "troop": "cat:LC", "at": (0, 0)},
            {"id": "Sk", "side": "blue", "troop": "cat:Sk", "at": (2, 0), "facing": 3},
            {"id": "HI", "side": "blue", "troop": "cat:HI", "at": (2, -1), "facing": 3},
        ]
    )
    assert can_charge(st, st.stands["LC"], st.stands["Sk"], [P(0, 0)])
    assert not can_charge(st, st.stands["LC"], st.stands["HI"], [P(0, 0)])


# --- WE-22 geometry ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("h", "ab", "arc", "line", "band", "dist"),
    [
        ((2, -1), (1, 1), True, "front", True, 2),
        ((2, 0), (2, 0), True, "front", False, 2),
        ((3, 0), (3, 0), True, "front", False, 3),
        ((2, 1), (3, -1), False, "front", False, 3),
        ((0, 3), (3, -3), False, "on", False, 3),
        ((-2, 1), (-1, -1), False, "behind", False, 2),
    ],
)
def test_PC_WE_22_geometry(
    h: tuple[int, int], ab: tuple[int, int], arc: bool, line: str, band: bool, dist: int
) -> None:
    """WE-22 [PC.GEOM.4]-[PC.GEOM.8] [PC.GEOM.1]: local frame, arc, front face line, narrow band, distance."""
    p, x = Hex(0, 0), Hex(*h)
    assert G.front(p, 0) == (Hex(1, 0), Hex(1, -1))
    assert set(G.flank(p, 0)) == {Hex(0, -1), Hex(0, 1)}
    assert set(G.rear(p, 0)) == {Hex(-1, 0), Hex(-1, 1)}
    assert G.ab(p, 0, x) == ab
    assert G.in_arc(p, 0, x) is arc
    assert G.in_front_of_line(p, 0, x) is (line == "front")
    assert G.behind_line(p, 0, x) is (line != "front")
    assert G.in_narrow_band(p, 0, x) is band
    assert p.distance(x) == dist


def test_PC_GEOM_11_step_kinds_and_turns() -> None:
    """[PC.GEOM.2] [PC.GEOM.11] [PC.GEOM.12] [PC.GEOM.13] [PC.GEOM.14]: step classes, facings towards a neighbour, straight ahead, away score."""
    assert [G.step_kind(0, k).value for k in range(6)] == [
        "forward",
        "forward",
        "sideways",
        "backward",
        "backward",
        "sideways",
    ]
    assert G.facings_towards(Hex(0, 0), Hex(1, 0)) == (5, 0)
    assert G.turn_faces(0, 3) == 3 and G.turn_faces(5, 0) == 1
    assert G.straight_ahead(Hex(0, 0), 0, 3) == [Hex(1, 0), Hex(2, -1), Hex(3, -1)]
    assert G.away_score(Hex(0, 0), Hex(1, 0), Hex(-1, 0)) == (1, 2)
    assert all(Hex(*G.D[k]) + Hex(*G.D[(k + 2) % 6]) == Hex(*G.D[(k + 1) % 6]) for k in range(6))


# --- WE-23 melee loss limits ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loser", "winner", "frontal", "flank_charge", "ml", "loss"),
    [
        ("cat:MC", "romans:legion", True, False, 3, 1),
        ("cat:MC", "cat:Pk", True, False, 3, 2),
        ("cat:LC", "cat:HI", True, False, 3, 1),
        ("cat:HI", "cat:Sk", True, False, 3, 1),
        ("cat:HI", "cat:HC", False, True, 4, 3),
        ("cat:HI", "cat:HI", True, False, 4, 2),
    ],
)
def test_PC_WE_23_melee_loss_limits(
    loser: str, winner: str, frontal: bool, flank_charge: bool, ml: int, loss: int
) -> None:
    """WE-23 [PC.RESULT.3] [PC.RESULT.4]: the smallest limit that applies."""
    cap = T.loser_cap(TROOPS[loser], TROOPS[winner], winner_frontal=frontal, hc_el_flank_charge=flank_charge)
    assert T.sp_loss(ml, cap, False) == loss


def test_PC_WE_23_winner_and_draw_losses() -> None:
    """WE-23 [PC.RESULT.3] [PC.MORALE.6]: a winner with ML 2 loses 1; a draw at ML 3 costs each 1; a disordered winner that passed loses 1."""
    assert T.sp_loss(2, 1, False) == 1
    assert T.sp_loss(3, 1, False) == 1
    assert T.sp_loss(0, 1, True) == 1


def test_PC_MELEE_7_battle_and_support_dice() -> None:
    """[PC.MELEE.7] [PC.MELEE.20]: a battle stand throws at least 1; a supporter half rounded up, at least 1."""
    assert T.battle_dice(0) == 1 and T.battle_dice(7) == 7
    assert T.support_dice(8) == 4 and T.support_dice(7) == 4 and T.support_dice(0) == 1
