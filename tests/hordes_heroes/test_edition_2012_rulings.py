"""2012 rules and rulings of the second issue-18 pass, each under both editions with exact positions and outcomes:
the own table edge after a flee (HH12.CMP.10), fleeing past disordered friends (ruling HH12.CMP.A13), a tie with a
lone general (ruling HH12.GEN.A2), the order of simultaneous shooting results (ruling HH12.SEQ.A1) and a contacted
shooter dividing its dice (HH12.SHOOT.6)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import Choices, hth_phase
from games.hordes_heroes.compulsory import flee, recoil_h2h, recoil_shooting
from games.hordes_heroes.edition import LATEST_RULES_VERSION, RULES_2012_V1, Edition
from games.hordes_heroes.rules import clear_sc
from games.hordes_heroes.shooting import dice_share, shooting_phase
from games.hordes_heroes.state import GameState, Phase, Standing, StandingProfile, dump_state, load_state

from .helpers import Dice, Facing, H, make_state

E12, E22 = Edition.E2012, Edition.E2022


def ed(st: GameState, e: Edition, version: int = LATEST_RULES_VERSION) -> GameState:
    st.options = replace(st.options, edition=e, rules_version=version)
    return st


def at(st: GameState, uid: int) -> tuple[int, int] | None:
    """A unit's hex in the helpers' (q, r) coordinates."""
    h = st.units[uid].hex
    return None if h is None else (h.q - 8, h.r)


# --- HH12.CMP.10: the own table edge after a flee -------------------------------------------------------------------


def _fled_to_edge(e: Edition, version: int = LATEST_RULES_VERSION) -> GameState:
    """South spearmen 1 (flee 2 hexes) at (3, 10) flee from north spearmen 2 at (3, 9) onto row 12, the south
    edge of a 13-row map."""
    units = [(1, "south", "spear", (3, 10), Facing.N), (2, "north", "spear", (3, 9), Facing.S)]
    st = ed(make_state(units, rows=13), e, version)
    flee(st, 1, [H(3, 9)], h2h=True)
    return st


@pytest.mark.parametrize("e, facing, halts", [(E12, Facing.S, {1: H(2, 12)}), (E22, Facing.SW, {})])
def test_HH12_CMP_10_a_flee_halts_on_the_own_edge_facing_it(e, facing, halts):
    """HH12.CMP.10: the 2012 flee stops on the own edge row facing the edge (south edge: facing S) and the hex is
    remembered; the 2022 unit faces its last step (SW) and nothing is remembered."""
    st = _fled_to_edge(e)
    assert at(st, 1) == (2, 12) and st.units[1].facing is facing
    assert st.edge_halts == halts
    assert st.flee_continuations == frozenset()  # HH12.CMP.A6: no continuation from the own edge


@pytest.mark.parametrize("how", ["melee", "shooting", "flee"])
def test_HH12_CMP_10_recoil_or_flee_from_the_edge_halt_routs_the_unit(how):
    """HH12.CMP.10: a 2012 unit made to recoil (melee or shooting) or flee from the edge hex where its flee halted is
    removed as routed, with its 4 stands lost."""
    st = _fled_to_edge(E12)
    enemy = H(3, 11)
    if how == "melee":
        lines = recoil_h2h(st, 1, enemy)
    elif how == "shooting":
        lines = recoil_shooting(st, 1, [H(3, 10)])
    else:
        lines = flee(st, 1, [enemy], h2h=True)
    verb = "flee" if how == "flee" else "recoil"
    assert lines == [
        f"unit 1 (Spearmen) is eliminated: it must {verb} from the table edge where its flight halted: routed"
        " [HH12.CMP.10] [HH.COMP.50]."
    ]
    assert st.units[1].eliminated and st.casualties["south"] == {"spear": 4}


def test_HH12_CMP_10_2022_recoils_along_the_edge_instead():
    """HH12.CMP.10 (2022 side, HH.COMP.8): the same unit recoils along its own edge to (1, 12) and survives."""
    st = _fled_to_edge(E22)
    assert recoil_h2h(st, 1, H(3, 11)) == ["unit 1 (Spearmen) recoils along its own edge to 1613 [HH.COMP.8]."]
    assert at(st, 1) == (1, 12) and not st.units[1].eliminated


def test_HH12_CMP_10_only_the_hex_where_the_flee_halted_routs():
    """HH12.CMP.10, ruling HH12.CMP.A4: a 2012 unit on its own edge that did not flee there recoils normally (along
    the edge, away from the enemy), and one that has left its halt hex is no longer routed by a recoil; the hex is
    forgotten at the start of the next bound. Rules version 1 plays the 2022 rule, as recorded."""
    units = [(1, "south", "spear", (2, 12), Facing.N), (2, "north", "spear", (2, 11), Facing.S)]
    st = ed(make_state(units, rows=13), E12)
    assert recoil_h2h(st, 1, H(2, 11)) == ["unit 1 (Spearmen) recoils 1713 -> 1813 [HH12.CMP.1]."]
    st = _fled_to_edge(E12)
    st.units[1] = replace(st.units[1], hex=H(1, 12))
    assert not recoil_h2h(st, 1, H(2, 11))[0].endswith("[HH12.CMP.10] [HH.COMP.50].")
    from games.hordes_heroes.engine import tactical_movement

    st = _fled_to_edge(E12)
    st.units[1] = replace(st.units[1], hex=H(1, 12))
    tactical_movement(st, "south", [], Dice())
    assert st.edge_halts == {}
    st = _fled_to_edge(E12, version=1)
    assert st.edge_halts == {} and not RULES_2012_V1.edge_halt_routs


def test_HH12_CMP_10_the_halt_survives_a_save_and_load():
    """HH12.CMP.10: the remembered halt hex is part of the saved state (and left out of it when empty, so 2022
    states are unchanged)."""
    st = _fled_to_edge(E12)
    d = dump_state(st)
    assert d["edge_halts"] == {"1": [10, 12]}
    assert load_state(d).edge_halts == {1: H(2, 12)}
    assert "edge_halts" not in dump_state(_fled_to_edge(E22))


# --- ruling HH12.CMP.A13: fleeing past friends ------------------------------------------------------------------------


def test_HH12_CMP_A13_a_flee_pushes_a_disordered_friend_from_its_last_hex():
    """Ruling HH12.CMP.A13, HH12.CMP.9: spearmen 1 at (3, 6) flee 2 hexes from (3, 5); (3, 8) is impassable and a
    disordered friend holds (2, 8). The 2012 unit ends at (2, 8), pushing the friend aside to (1, 9); the 2022 unit
    may not push a disrupted friend (HH.COMP.20) and ends at (2, 7)."""

    def fresh(e: Edition) -> GameState:
        return ed(
            make_state(
                [
                    (1, "south", "spear", (3, 6), Facing.N),
                    (2, "north", "spear", (3, 5), Facing.S),
                    (3, "south", "spear", (2, 8), Facing.N, {"disrupted": True}),
                ],
                terrain={(3, 8): "impenetrable"},
                rows=13,
            ),
            e,
        )

    st = fresh(E12)
    lines = flee(st, 1, [H(3, 5)], h2h=True)
    assert lines[-1] == "unit 3 (Spearmen) is pushed aside to 1510 and disrupted [HH.COMP.17, HH12.CMP.A13]."
    assert at(st, 1) == (2, 8) and at(st, 3) == (1, 9) and st.units[3].disrupted
    st = fresh(E22)
    flee(st, 1, [H(3, 5)], h2h=True)
    assert at(st, 1) == (2, 7) and at(st, 3) == (2, 8)


@pytest.mark.parametrize("disordered, end", [(False, (2, 8)), (True, None)])
def test_HH12_CMP_A13_a_flee_never_passes_through_a_disordered_friend(disordered, end):
    """Ruling HH12.CMP.A13, HH12.CMP.8: the 2012 flee's only first hex (3, 7), directly away from the enemy, holds a
    friend and the neighbours are held by friends too. A steady friend is passed through (and disordered); a
    disordered one may not be passed, so the flee has no path and the unit is eliminated."""
    friends = [(3, (3, 7)), (4, (2, 7)), (5, (2, 6)), (6, (4, 6))]
    st = ed(
        make_state(
            [(1, "south", "spear", (3, 6), Facing.N), (2, "north", "spear", (3, 5), Facing.S)]
            + [(i, "south", "spear", h, Facing.N, {"disrupted": disordered}) for i, h in friends],
            rows=13,
        ),
        E12,
    )
    lines = flee(st, 1, [H(3, 5)], h2h=True)
    assert at(st, 1) == end
    if disordered:
        assert lines == ["unit 1 (Spearmen) is eliminated: it has no legal flee path [HH.COMP.20] [HH.COMP.50]."]
    else:
        assert "unit 3 (Spearmen) is passed through and disrupted [HH.COMP.17, HH.DISR.1]." in lines
        assert at(st, 3) == (3, 7) and st.units[3].disrupted


def test_HH12_CMP_A13_a_flee_neither_passes_nor_pushes_friends_in_melee():
    """Ruling HH12.CMP.A13, HH12.CMP.2: a friend in melee (engaged with an enemy) on the only first hex blocks the
    flee: the unit is eliminated."""
    st = ed(
        make_state(
            [
                (1, "south", "spear", (3, 6), Facing.N),
                (2, "north", "spear", (3, 5), Facing.S),
                (3, "south", "spear", (3, 7), Facing.W),
                (7, "north", "spear", (2, 7), Facing.E),
            ],
            rows=13,
        ),
        E12,
    )
    assert flee(st, 1, [H(3, 5)], h2h=True) == [
        "unit 1 (Spearmen) is eliminated: it has no legal flee path [HH.COMP.20] [HH.COMP.50]."
    ]


# --- ruling HH12.GEN.A2: a tie with a lone general --------------------------------------------------------------------


@pytest.mark.parametrize("e, static", [(E12, True), (E22, False)])
def test_HH12_GEN_A2_a_tie_with_a_lone_general_leaves_the_unit_static(e, static):
    """Ruling HH12.GEN.A2: Mongol light cavalry (2 + 4 stands + D6 3 = 9) and a lone general (2D6 4 + 5 = 9) tie:
    no result, no hits, both stay. In 2012 the unit becomes static and stays so while the general is next to it;
    when he rides off the marker goes. 2022 gives no marker."""
    st = ed(make_state([(1, "north", "lc", (0, 4), Facing.S)], [(1, "south", (0, 5))]), e)
    lines = hth_phase(st, Dice(4, 5, 3), Choices())
    assert lines[1] == (
        "unit 1 (Mongol Light Cavalry) (2 + 4 stands + D6 3 = 9) and general 1 (General 1) (2D6 4+5 = 9) are level:"
        " no result [HH.HTH.6]."
    )
    held = "unit 1 (Mongol Light Cavalry) is held in static combat by general 1 [HH12.GEN.A2]."
    assert lines[2:] == ([held] if static else [])
    u = st.units[1]
    assert u.static_combat is static and u.stands == 4 and u.hex == H(0, 4) and st.generals[1].hex == H(0, 5)
    clear_sc(st)
    assert st.units[1].static_combat is static
    st.generals[1] = replace(st.generals[1], hex=H(0, 7))
    clear_sc(st)
    assert not st.units[1].static_combat


def test_HH12_GEN_A2_they_fight_again_next_phase_without_impact():
    """Ruling HH12.GEN.A2, HH12.MELEE.5: the static unit fights the general again in the next combat phase, without
    its impact bonus: mounted men-at-arms (5 + 4 stands, impact +4 lost) roll 1 against 2D6 6 + 4 = 10: 10 v 10,
    level again."""
    st = ed(make_state([(1, "north", "mma", (0, 4), Facing.S)], [(1, "south", (0, 5))]), E12)
    st.units[1] = replace(st.units[1], static_combat=True)
    lines = hth_phase(st, Dice(6, 4, 1), Choices())
    assert lines[1].startswith("unit 1 (Mounted Men-at-Arms) (5 + 4 stands + D6 1 = 10) and general 1")
    assert st.units[1].static_combat


# --- ruling HH12.SEQ.A1: the phasing side orders the shooting results ------------------------------------------------


def _two_recoils(e: Edition, order: tuple[int, ...]) -> tuple[GameState, list[str]]:
    """South bowmen 1 and 2 at (3, 8) and (4, 8) each score 3 hits on north spearmen 5 at (3, 6) and 6 at (4, 6):
    Recoil, Disordered for both. North spearmen 7 hold (3, 5), so both recoils want (4, 5)."""
    st = ed(
        make_state(
            [
                (1, "south", "bow7", (3, 8), Facing.N),
                (2, "south", "bow7", (4, 8), Facing.N),
                (5, "north", "bare", (3, 6), Facing.S),
                (6, "north", "bare", (4, 6), Facing.S),
                (7, "north", "bare", (3, 5), Facing.S),
            ],
            rows=13,
        ),
        e,
    )
    st.phase = Phase.SHOOTING
    return st, shooting_phase(st, Dice(12, 12, 12, 1, 12, 12, 12, 1), {}, order)


def test_HH12_SEQ_A1_by_default_results_are_applied_by_target_id():
    """Ruling HH12.SEQ.A1, HH.PD.25: without a `results` line unit 5 recoils first, into (4, 5); unit 6 then takes
    (5, 5)."""
    st, lines = _two_recoils(E12, ())
    assert "Shooting results, applied together [HH.SEQ.14]:" in lines
    assert at(st, 5) == (4, 5) and at(st, 6) == (5, 5)


def test_HH12_SEQ_A1_the_phasing_player_chooses_the_order():
    """Ruling HH12.SEQ.A1: `results 6 5` applies unit 6's result first: it recoils into (4, 5), and unit 5, finding
    it taken, recoils to (2, 6). In 2022 the order line changes nothing."""
    st, lines = _two_recoils(E12, (6, 5))
    assert "Shooting results, applied together in the order chosen by south [HH.SEQ.14, HH12.SEQ.A1]:" in lines
    i6 = lines.index("  3 hits in all on unit 6 (Spearmen) [HH.SHOOT.24].")
    i5 = lines.index("  3 hits in all on unit 5 (Spearmen) [HH.SHOOT.24].")
    assert i6 < i5
    assert at(st, 6) == (4, 5) and at(st, 5) == (2, 6)
    st, _ = _two_recoils(E22, (6, 5))
    assert at(st, 5) == (4, 5) and at(st, 6) == (5, 5)


def test_HH12_SEQ_A1_the_results_line_is_read_and_checked():
    """Ruling HH12.SEQ.A1: `results 6 5` is a bound order of a 2012 game, echoed canonically; a 2022 game refuses
    it with the rule code, as it does a unit named twice or one that does not exist."""
    from campaign.ruleset import OrdersRejected
    from games.hordes_heroes.validate import check_orders

    def fresh(e: Edition) -> GameState:
        st, _ = _two_recoils(e, ())
        st.phase = Phase.COMMAND_MOVE
        return st

    acc = check_orders(fresh(E12), "south", "results 6 5\n")
    assert acc.canonical == "results 6 5"
    for e, text, message in [
        (E22, "results 6 5\n", "Hordes & Heroes (2022) applies the shooting results in a fixed order"),
        (E12, "results 6 6\n", "a target is named twice"),
        (E12, "results 6 99\n", "there is no unit 99"),
    ]:
        with pytest.raises(OrdersRejected) as exc:
            check_orders(fresh(e), "south", text)
        (err,) = exc.value.errors
        assert err.code == "HH12.SEQ.A1" and err.message == message


# --- HH12.SHOOT.6: a contacted shooter divides its dice ---------------------------------------------------------------


def _charged(e: Edition, split: bool) -> tuple[GameState, list[str]]:
    """North's bound: spearmen 5 and 6 moved into contact with south bowmen 1 (4 dice, 7+) at (3, 8), from its two
    front sides. The bowmen shoot back in the shooting phase; dice 7, 1, 7, 1."""
    st = ed(
        make_state(
            [
                (1, "south", "bow7", (3, 8), Facing.N, {"contacted_by": (5, 6)}),
                (5, "north", "bare", (3, 7), Facing.S),
                (6, "north", "bare", (4, 7), Facing.WSW),
            ],
            rows=13,
            phasing="north",
        ),
        e,
    )
    st.phase = Phase.SHOOTING
    if split:
        st.standing["south"] = StandingProfile(Standing(split_fire=True))
    return st, [x for x in shooting_phase(st, Dice(7, 1, 7, 1), {}) if "unit 1 " in x]


def test_HH12_SHOOT_6_a_contacted_shooter_divides_its_dice_among_its_attackers():
    """HH12.SHOOT.6: with `standing split-fire yes` the charged 2012 bowmen put 2 dice on unit 5 (their default
    target, HH.PD.23) and 2 on unit 6: one hit on each."""
    _, lines = _charged(E12, True)
    assert lines == [
        "  unit 1 (Spearmen) divides its dice among units 5, 6: 2 at unit 5 [HH12.SHOOT.6].",
        "  unit 1 (Spearmen) shoots at unit 5 (Spearmen): 2 D12 needing 7+: 7, 1: 1 hit [HH.SHOOT.17].",
        "  unit 1 (Spearmen) divides its dice among units 5, 6: 2 at unit 6 [HH12.SHOOT.6].",
        "  unit 1 (Spearmen) shoots at unit 6 (Spearmen): 2 D12 needing 7+: 7, 1: 1 hit [HH.SHOOT.17].",
    ]


@pytest.mark.parametrize("e, split", [(E12, False), (E22, True), (E22, False)])
def test_HH12_SHOOT_6_by_default_all_dice_go_at_one_attacker(e, split):
    """HH12.SHOOT.6, HH.PD.23: without the standing order (and always in 2022) the shooter, restricted to the units
    that moved into contact, puts all 4 dice on the one needing the lowest score, then the lowest id: unit 5."""
    _, lines = _charged(e, split)
    assert lines == [
        "  unit 1 (Spearmen) shoots at unit 5 (Spearmen): 4 D12 needing 7+: 7, 1, 7, 1: 2 hits [HH.SHOOT.17]."
    ]


def test_HH12_SHOOT_6_dice_share_and_the_standing_order_word():
    """HH12.SHOOT.6: 5 dice among 3 targets go 2, 2, 1 (odd dice to the first listed); `standing split-fire yes` is
    read and echoed back."""
    from games.hordes_heroes.validate import check_orders

    assert [dice_share(5, [7, 3, 9], t) for t in (7, 3, 9)] == [2, 2, 1]
    assert [dice_share(1, [7, 3], t) for t in (7, 3)] == [1, 0]
    st, _ = _charged(E12, False)
    st.phase = Phase.COMMAND_MOVE
    assert check_orders(st, "south", "standing split-fire yes\n").canonical == "standing split-fire yes"
