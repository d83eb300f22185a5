"""Clauses mutation testing of games/hordes_heroes/compulsory.py found unpinned (benchmarks/mutation.py compulsory):
the elephants' random move and whom it displaces where, word for word [HH.SPECIAL.36-38] [HH.COMP.*] [HH12.CMP.*].

Rows run 0 (north edge) to 13 (south edge); south units face N, north units face S."""

from __future__ import annotations

import pytest

from games.hordes_heroes.compulsory import elephant_move

from . import test_rules_comp  # noqa: F401  (registers the "eleph" profile)
from .helpers import PROFILES, Dice, Facing, H, P, make_state
from .test_rules_shoot import _terr


class D6(Dice):
    """Scripted dice that also check every roll is a D6 (HH.SPECIAL.36)."""

    def roll(self, sides: int, purpose: str) -> int:
        assert sides == 6, purpose
        return super().roll(sides, purpose)


ELEPH = (1, "south", "eleph", (0, 6), Facing.N)
FRIEND = (3, "south", "spear", (-1, 7), Facing.N)
LURCH = "unit 1 (War Elephants) lurches in direction 4 (D6 5) [HH.SPECIAL.36]."
MOVES = "unit 1 (War Elephants) moves to 1208."


def lurch(units, terrain=None):
    st = make_state(units)
    if terrain:
        st = _terr(st, terrain)
    d = D6(5)
    lines = elephant_move(st, 1, d, "recoiling")
    assert d.log == [(5, "elephant direction: unit 1 (War Elephants) recoiling")]
    return st, lines


@pytest.mark.parametrize(
    ("case", "extra", "terrain", "to"),
    [
        ("straight on", [], None, (-2, 8)),
        ("straight on blocked by a friend: the neighbour nearest the own edge", [(4, "south", "spear", (-2, 8))], None, (-1, 8)),
        ("straight on impassable: the neighbour nearest the own edge", [], {(-2, 8): "impenetrable"}, (-1, 8)),
        (
            "straight on and nearest the edge both out: the next neighbour",
            [(4, "south", "spear", (-2, 8))],
            {(-1, 8): "impenetrable"},
            (-2, 7),
        ),
    ],
)
def test_HH_SPECIAL_36_HH_SPECIAL_38_elephant_displaces_the_unit_in_its_way(case, extra, terrain, to):
    """HH.SPECIAL.36, HH.SPECIAL.38, HH.HEX.3, HH.DISR.1: D6 5 is direction 4; the unit in the way is displaced one
    hex straight on, else to the vacant neighbour it may occupy nearest its own edge (then lowest hex), disrupted; the
    elephants take its hex."""
    units = [ELEPH, FRIEND] + [(*e, Facing.N) for e in extra]
    st, lines = lurch(units, terrain)
    label = st.label(H(*to))
    assert lines == [
        LURCH,
        f"unit 3 (Spearmen) is displaced to {label} and disrupted [HH.SPECIAL.36, HH.DISR.1].",
        MOVES,
    ]
    assert st.units[3].hex == H(*to) and st.units[3].disrupted
    assert st.units[1].hex == H(-1, 7) and not st.units[1].disrupted
    if extra:
        assert st.units[4].hex == H(-2, 8) and not st.units[4].disrupted


def test_HH_SPECIAL_38_elephant_cannot_displace_a_boxed_in_unit():
    """HH.SPECIAL.38: a unit in the way with nowhere to go is disrupted where it stands and the elephants stay."""
    boxed = {(0, 7): "impenetrable", (-1, 6): "impenetrable", (-2, 7): "impenetrable", (-1, 8): "impenetrable"}
    st, lines = lurch([ELEPH, FRIEND, (4, "south", "spear", (-2, 8), Facing.N)], boxed)
    assert lines == [LURCH, "unit 3 (Spearmen) cannot be displaced and is disrupted; the elephants stay [HH.SPECIAL.38]."]
    assert st.units[1].hex == H(0, 6) and st.units[3].hex == H(-1, 7) and st.units[3].disrupted
    assert not st.units[4].disrupted


@pytest.mark.parametrize(
    ("case", "terrain"), [("impassable ground", {(-1, 7): "impenetrable"}), ("open ground", None)]
)
def test_HH_SPECIAL_38_elephant_into_impassable_ground_is_lost(case, terrain):
    """HH.SPECIAL.38, HH.COMP.50: a lurch into ground elephants may not enter removes them; into open ground they
    simply move."""
    st, lines = lurch([ELEPH], terrain)
    if terrain:
        assert lines == [
            LURCH,
            "unit 1 (War Elephants) is eliminated: the elephants run off the table or into impassable ground"
            " [HH.SPECIAL.38] [HH.COMP.50].",
        ]
        assert st.units[1].eliminated and st.units[1].hex is None
    else:
        assert lines == [LURCH, MOVES] and st.units[1].hex == H(-1, 7)


# --- recoil along the own edge (HH.COMP.8) ------------------------------------------------------------------------

D = {"disrupted": True}


def edge_recoil(*friends):
    """A south unit on its own edge row recoils from (0, 12): straight back is off its own edge (HH.COMP.8). The
    enemy faced is gone (no ZOC), so only the friends around decide."""
    st = make_state([(1, "south", "spear", (0, 13), Facing.N)] + [(i, "south", "spear", qr, Facing.N, o) for i, qr, o in friends])
    from games.hordes_heroes.compulsory import recoil_h2h

    lines = recoil_h2h(st, 1, H(0, 12))
    return st, lines


def test_HH_COMP_8_recoil_along_own_edge_pushes_the_friend_on_the_edge_first():
    """HH.COMP.8, HH.COMP.6, HH.PD.31: all neighbours full, the recoil displaces a pushable friend along the edge row
    (edge distance 0) before one a row in (lower hex but edge distance 1); the pushed friend is disrupted."""
    st, lines = edge_recoil((3, (-1, 13), D), (4, (1, 13), {}), (5, (1, 12), {}), (6, (0, 12), D))
    assert lines == [
        "unit 1 (Spearmen) recoils along its own edge to 1714 [HH.COMP.8].",
        "unit 4 (Spearmen) is pushed back to 1814 by unit 1 (Spearmen) and disrupted [HH.COMP.6].",
    ]
    assert st.units[1].hex == H(1, 13) and st.units[4].hex == H(2, 13) and st.units[4].disrupted
    assert st.units[5].hex == H(1, 12) and not st.units[5].disrupted


def test_HH_COMP_8_recoil_along_own_edge_may_push_a_friend_one_row_in():
    """HH.COMP.8, HH.COMP.6: with the edge-row friends unpushable, a friend at edge distance 1 is pushed on instead."""
    st, lines = edge_recoil((3, (-1, 13), D), (4, (1, 13), {}), (7, (2, 13), D), (5, (1, 12), {}), (6, (0, 12), D))
    assert lines == [
        f"unit 1 (Spearmen) recoils along its own edge to {st.label(H(1, 12))} [HH.COMP.8].",
        f"unit 5 (Spearmen) is pushed back to {st.label(H(2, 11))} by unit 1 (Spearmen) and disrupted [HH.COMP.6].",
    ]
    assert st.units[1].hex == H(1, 12) and st.units[5].hex == H(2, 11) and st.units[4].hex == H(1, 13)


def test_HH_COMP_8_recoil_along_own_edge_prefers_the_edge_row_then_lowest_hex():
    """HH.COMP.8, HH.PD.31, HH.PD.39: vacant neighbours on the edge row first (lowest hex), then one row in; never off."""
    st, lines = edge_recoil()
    assert lines == [f"unit 1 (Spearmen) recoils along its own edge to {st.label(H(-1, 13))} [HH.COMP.8]."]
    st, lines = edge_recoil((3, (-1, 13), {}), (4, (1, 13), {}))
    assert lines == [f"unit 1 (Spearmen) recoils along its own edge to {st.label(H(0, 12))} [HH.COMP.8]."]
    assert st.units[3].hex == H(-1, 13) and not st.units[3].disrupted


def test_HH_COMP_8_recoil_along_own_edge_with_no_room_eliminates():
    """HH.COMP.8, HH.COMP.50: every neighbour held by an unpushable friend: the unit is eliminated, friends stay."""
    st, lines = edge_recoil((3, (-1, 13), D), (4, (1, 13), D), (5, (1, 12), D), (6, (0, 12), D))
    assert lines == ["unit 1 (Spearmen) is eliminated: it cannot recoil at its own table edge [HH.COMP.8] [HH.COMP.50]."]
    assert st.units[1].eliminated and [st.units[i].hex for i in (3, 4, 5, 6)] == [H(-1, 13), H(1, 13), H(1, 12), H(0, 12)]


# --- 2012 flee continuation (HH12.CMP.6) --------------------------------------------------------------------------


def continuing(units, terrain=None):
    from dataclasses import replace

    from games.hordes_heroes.compulsory import continue_flee
    from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition

    st = make_state(units)
    if terrain:
        st = _terr(st, terrain)
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    st.flee_continuations = frozenset({1, 9})
    lines = continue_flee(st, 1)
    assert st.flee_continuations == frozenset({9})  # owed once: struck off whatever happens
    return st, lines


def test_HH12_CMP_6_flee_continuation_is_a_full_move_toward_the_own_edge():
    """HH12.CMP.6, ruling HH12.CMP.A6, HH12.CMP.9: mounted men-at-arms (3 hexes) flee on 3 hexes toward the south
    edge, passing through (and disordering) one friend of two in the way (the lower hex), facing their last step, still disrupted."""
    units = [
        (1, "south", "mma", (0, 7), Facing.S, D),
        (3, "south", "spear", (0, 8), Facing.N, {}),
        (4, "south", "spear", (-1, 8), Facing.N, {}),
    ]
    st, lines = continuing(units)
    assert lines == [
        "unit 1 (Mounted Men-at-Arms) continues its flight 1308 -> 1209 1210 1111 [HH12.CMP.6].",
        "unit 4 (Spearmen) is passed through and disrupted [HH12.CMP.9].",
    ]
    u = st.units[1]
    assert (st.label(u.hex), u.facing, u.disrupted) == ("1111", Facing.SW, True)
    assert st.units[4].hex == H(-1, 8) and st.units[4].disrupted and not st.units[3].disrupted


def test_HH12_CMP_6_HH12_CMP_10_flee_continuation_halts_on_the_own_edge():
    """HH12.CMP.6, HH12.CMP.10: one row from the edge, the continuation stops on the edge row facing it, remembered."""
    st, lines = continuing([(1, "south", "spear", (0, 12), Facing.S, D)])
    assert lines == [
        "unit 1 (Spearmen) continues its flight 1513 -> 1514 [HH12.CMP.6].",
        "unit 1 (Spearmen) halts on its own table edge facing S [HH12.CMP.10].",
    ]
    assert st.units[1].hex == H(-1, 13) and st.edge_halts == {1: H(-1, 13)}


def test_HH12_CMP_A6_no_continuation_from_the_own_edge():
    """Ruling HH12.CMP.A6: a unit already on its own edge owes nothing more."""
    st, lines = continuing([(1, "south", "spear", (0, 13), Facing.S, D)])
    assert lines == [] and st.units[1].hex == H(0, 13) and not st.units[1].eliminated


def test_HH12_CMP_8_blocked_flee_continuation_eliminates():
    """HH12.CMP.6, HH12.CMP.8, HH.COMP.50: both hexes nearer the own edge impassable: the unit is lost, not sent
    sideways."""
    st, lines = continuing(
        [(1, "south", "spear", (0, 7), Facing.S, D)], {(0, 8): "impenetrable", (-1, 8): "impenetrable"}
    )
    assert lines == [
        "unit 1 (Spearmen) is eliminated: its flee continuation is blocked [HH12.CMP.6, HH12.CMP.8] [HH.COMP.50]."
    ]
    assert st.units[1].eliminated and st.casualties["south"] == {"spear": 4}


# --- elimination and generals (HH.COMP.50, HH.GEN.22, HH.GEN.28) -------------------------------------------------


def test_HH_COMP_50_HH_GEN_22_elimination_takes_the_attached_general_and_clears_the_unit():
    """HH.COMP.50, HH.GEN.22, HH.GEN.28, HH.STAND.8: the unit's stands go to casualties, its own general in the hex is
    killed and added to the side's earlier losses, an enemy general there is untouched, the unit keeps no
    disruption, static combat or flee path."""
    from games.hordes_heroes.compulsory import eliminate

    st = make_state(
        [(1, "south", "spear", (0, 6), Facing.N, {"disrupted": True, "static_combat": True})],
        [(7, "south", (0, 6)), (8, "north", (0, 6)), (9, "south", (3, 3))],
    )
    st.generals_lost["south"] = (5,)
    st.flee_paths[1] = (H(0, 5), H(0, 6))
    st.flee_paths[2] = (H(1, 5), H(1, 6))
    lines = eliminate(st, 1, "test")
    assert lines == [
        "unit 1 (Spearmen) is eliminated: test [HH.COMP.50].",
        "general 7 (General 7) is killed or captured: his host unit 1 (Spearmen) was eliminated [HH.GEN.22]"
        " [HH.GEN.28].",
    ]
    u = st.units[1]
    assert (u.hex, u.stands, u.eliminated, u.disrupted, u.static_combat) == (None, 0, True, False, False)
    assert st.generals[7].alive is False and st.generals[7].hex is None
    assert st.generals[8].alive is True and st.generals[8].hex == H(0, 6) and st.generals[9].alive is True
    assert st.generals_lost == {"south": (5, 7), "north": ()}
    assert st.flee_paths == {2: (H(1, 5), H(1, 6))}
    assert st.casualties["south"] == {"spear": 4}
    assert eliminate(st, 1, "again") == [] and st.casualties["south"] == {"spear": 4}


# --- 2012 recoil from shooting (ruling HH12.CMP.A2) ---------------------------------------------------------------


def shot_2012(units, shooters):
    from dataclasses import replace

    from games.hordes_heroes.compulsory import recoil_shooting
    from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition

    st = make_state([(1, "south", "spear", (0, 6), Facing.N)] + units)
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    lines = recoil_shooting(st, 1, [H(*s) for s in shooters])
    return st, lines


@pytest.mark.parametrize(
    ("shooters", "to"), [([(-1, 3), (3, 4)], (-1, 7)), ([(3, 4), (-1, 3)], (-1, 7)), ([(-1, 3)], (0, 7))]
)
def test_HH12_CMP_A2_shooting_recoil_is_away_from_the_nearest_shooter(shooters, to):
    """Ruling HH12.CMP.A2: away from the nearest shooter that hit ((3, 4), 3 hexes; not the lower hex (-1, 3), 4
    hexes), whatever the order they are listed in; nearer the own edge first."""
    st, lines = shot_2012([], shooters)
    assert lines == [f"unit 1 (Spearmen) recoils from the shooting to {st.label(H(*to))} [ruling HH12.CMP.A2]."]
    assert st.units[1].hex == H(*to)


def test_HH12_CMP_A2_shooting_recoil_pushes_the_friend_nearest_the_own_edge():
    """Ruling HH12.CMP.A2, HH12.CMP.2: every hex away from the shooter at (3, 6) held by friends: the one nearer the
    own edge ((-1, 7), not the lower hex (-1, 6)) is pushed on and disrupted."""
    friends = [(3, "south", "spear", (-1, 6), Facing.N), (4, "south", "spear", (-1, 7), Facing.N)]
    st, lines = shot_2012(friends + [(5, "south", "spear", (0, 5), Facing.N)], [(3, 6)])
    assert lines == [
        f"unit 1 (Spearmen) recoils from the shooting to {st.label(H(-1, 7))} [ruling HH12.CMP.A2].",
        f"unit 4 (Spearmen) is pushed back to {st.label(H(-2, 8))} by unit 1 (Spearmen) and disrupted [HH.COMP.6].",
    ]
    assert st.units[4].hex == H(-2, 8) and st.units[4].disrupted and st.units[3].hex == H(-1, 6)
    st, lines = shot_2012(friends, [(3, 6)])
    assert lines == [f"unit 1 (Spearmen) recoils from the shooting to {st.label(H(0, 5))} [ruling HH12.CMP.A2]."]


def test_HH12_CMP_A2_shooting_recoil_never_sideways():
    """Ruling HH12.CMP.A2, HH12.CMP.3: the three hexes farther from the shooter at (0, 3) impassable: the unit is
    eliminated rather than recoil to one at the same distance."""
    st = make_state([(1, "south", "spear", (0, 6), Facing.N)])
    st = _terr(st, {(0, 7): "impenetrable", (-1, 7): "impenetrable", (1, 6): "impenetrable"})
    from dataclasses import replace

    from games.hordes_heroes.compulsory import recoil_shooting
    from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition

    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    lines = recoil_shooting(st, 1, [H(0, 3)])
    assert lines == [
        "unit 1 (Spearmen) is eliminated: it has no hex to recoil into away from the shooters [ruling HH12.CMP.A2]"
        " [HH.COMP.50]."
    ]


# --- 2022 recoil from shooting: the priority categories (HH.COMP.12-14) ------------------------------------------

IMP = "impenetrable"


@pytest.mark.parametrize(
    ("case", "terrain", "to", "priority"),
    [
        ("away and nearer the own edge: equal distance, lowest hex", {}, (-1, 7), 1),
        ("level with the start: the one farther from the shooter", {(0, 7): IMP, (-1, 7): IMP}, (1, 6), 2),
        ("level: the only one left", {(0, 7): IMP, (-1, 7): IMP, (1, 6): IMP}, (-1, 6), 2),
        ("any other: the one farther from the shooter", {(0, 7): IMP, (-1, 7): IMP, (1, 6): IMP, (-1, 6): IMP}, (1, 5), 3),
    ],
)
def test_HH_COMP_12_HH_PD_26_shooting_recoil_priorities(case, terrain, to, priority):
    """HH.COMP.12, HH.COMP.13, HH.PD.26: from a shooter at (0, 3): away and nearer the own edge, then level, then
    any vacant hex; within a category farthest from the shooters, then nearer the own edge, then the lowest hex."""
    from games.hordes_heroes.compulsory import recoil_shooting

    st = _terr(make_state([(1, "south", "spear", (0, 6), Facing.N)]), terrain) if terrain else make_state(
        [(1, "south", "spear", (0, 6), Facing.N)]
    )
    lines = recoil_shooting(st, 1, [H(0, 3)])
    assert lines == [f"unit 1 (Spearmen) recoils from the shooting to {st.label(H(*to))} (priority {priority}) [HH.COMP.12]."]
    assert st.units[1].hex == H(*to) and not st.units[1].disrupted


@pytest.mark.parametrize(
    ("case", "disrupted", "to", "pushed", "pushed_to"),
    [
        ("nearer the own edge first", (), (-1, 7), 3, (-2, 8)),
        ("then level: the one farther from the shooter", (2, 3), (1, 6), 4, (2, 6)),
        ("then farther from the edge", (2, 3, 4, 5), (1, 5), 7, (2, 4)),
    ],
)
def test_HH_COMP_14_shooting_recoil_into_friends(case, disrupted, to, pushed, pushed_to):
    """HH.COMP.14, HH.COMP.6, HH.PD.26: every neighbour held by friends: the recoil pushes a pushable friend on,
    nearer the own edge first, then level, then farther; within a band farthest from the shooter (priority 4)."""
    from games.hordes_heroes.compulsory import recoil_shooting

    where = {2: (0, 7), 3: (-1, 7), 4: (1, 6), 5: (-1, 6), 6: (0, 5), 7: (1, 5)}
    units = [(i, "south", "spear", qr, Facing.N, D if i in disrupted else {}) for i, qr in where.items()]
    st = make_state([(1, "south", "spear", (0, 6), Facing.N)] + units)
    lines = recoil_shooting(st, 1, [H(0, 3)])
    assert lines == [
        f"unit 1 (Spearmen) recoils from the shooting to {st.label(H(*to))} (priority 4) [HH.COMP.12].",
        f"unit {pushed} (Spearmen) is pushed back to {st.label(H(*pushed_to))} by unit 1 (Spearmen) and disrupted"
        " [HH.COMP.6].",
    ]
    assert st.units[1].hex == H(*to) and st.units[pushed].hex == H(*pushed_to) and st.units[pushed].disrupted
    assert all(st.units[i].hex == H(*qr) for i, qr in where.items() if i != pushed)


# --- 2012 melee recoil: any hex away (HH12.CMP.1) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "terrain", "to"),
    [
        ("directly away first", {}, (0, 7)),
        ("then the other hex away nearer the own edge", {(0, 7): IMP}, (-1, 7)),
        ("then the last hex away", {(0, 7): IMP, (-1, 7): IMP}, (1, 6)),
    ],
)
def test_HH12_CMP_1_melee_recoil_to_any_hex_away(case, terrain, to):
    """HH12.CMP.1, ruling HH12.CMP.A1: from the enemy at (0, 5) a 2012 unit at (0, 6) recoils directly away, else to
    one of the two other hexes 2 from the enemy, nearer its own edge first."""
    st = twelve(terrain)
    from games.hordes_heroes.compulsory import recoil_h2h

    lines = recoil_h2h(st, 1, H(0, 5))
    assert lines == [f"unit 1 (Spearmen) recoils {st.label(H(0, 6))} -> {st.label(H(*to))} [HH12.CMP.1]."]
    assert st.units[1].hex == H(*to) and st.units[1].facing is Facing.N and not st.units[1].disrupted


@pytest.mark.parametrize("enemy", [True, False])
def test_HH12_CMP_3_melee_recoil_never_sideways(enemy):
    """HH12.CMP.3, ruling HH12.CMP.A1: the three hexes away impassable: eliminated, even where the hexes beside (no
    longer in an enemy's ZOC) are open."""
    st = twelve({(0, 7): IMP, (-1, 7): IMP, (1, 6): IMP}, enemy)
    from games.hordes_heroes.compulsory import recoil_h2h

    lines = recoil_h2h(st, 1, H(0, 5))
    assert lines == [
        "unit 1 (Spearmen) is eliminated: it has no hex to recoil into away from the enemy [HH12.CMP.3] [HH.COMP.50]."
    ]


def twelve(terrain, enemy=True):
    from dataclasses import replace

    from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition

    units = [(1, "south", "spear", (0, 6), Facing.N)] + ([(2, "north", "spear", (0, 5), Facing.S)] if enemy else [])
    st = make_state(units)
    if terrain:
        st = _terr(st, terrain)
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    return st


# --- flee: pushing aside the friend where the flee ends (HH.COMP.17, HH.PD.20) -------------------------------------


@pytest.mark.parametrize(
    ("case", "terrain", "to", "pushed", "aside"),
    [
        ("the friend nearest the edge goes aside, nearest its own edge", {}, (-1, 7), 4, (-2, 8)),
        ("aside to the only vacant neighbour", {(-2, 8): IMP, (-1, 8): IMP, (-2, 7): IMP}, (-1, 7), 4, (-1, 6)),
        (
            "a boxed-in friend (only the flee path open) cannot go aside: end on the other",
            {(-2, 8): IMP, (-1, 8): IMP, (-2, 7): IMP, (-1, 6): IMP},
            (0, 7),
            3,
            (0, 8),
        ),
    ],
)
def test_HH_COMP_17_HH_PD_20_flee_ending_on_a_friend_pushes_it_aside(case, terrain, to, pushed, aside):
    """HH.COMP.17, HH.PD.20, HH.COMP.21: a spearman flees 2 hexes from (0, 5); both hexes it may end in hold friends;
    the one where it ends is pushed aside to a vacant neighbour off the flee path (smallest edge distance, then lowest
    hex) and disrupted; a path whose end friend has no such hex is not legal."""
    st = make_state(
        [
            (1, "south", "spear", (0, 5), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "south", "spear", (0, 7), Facing.N),
            (4, "south", "spear", (-1, 7), Facing.N),
        ]
    )
    if terrain:
        st = _terr(st, terrain)
    from games.hordes_heroes.compulsory import flee

    lines = flee(st, 1, [H(0, 4)], h2h=True)
    path = f"{st.label(H(0, 6))} {st.label(H(*to))}"
    assert lines == [
        f"unit 1 (Spearmen) flees {st.label(H(0, 5))} -> {path} (2 of 2 hexes) [HH.COMP.15, HH.COMP.21, HH.COMP.22].",
        f"unit {pushed} (Spearmen) is pushed aside to {st.label(H(*aside))} and disrupted [HH.COMP.17].",
    ]
    assert st.units[1].hex == H(*to) and st.units[1].disrupted
    assert st.units[pushed].hex == H(*aside) and st.units[pushed].disrupted
    other = 7 - pushed
    assert not st.units[other].disrupted
    assert st.flee_paths[1] == (H(0, 5), H(0, 6), H(*to))


# --- 2022 melee recoil (HH.COMP.3-11) -----------------------------------------------------------------------------


def test_HH_COMP_6_HH_COMP_7_recoil_pushes_a_column_of_friends_back():
    """HH.COMP.6, ruling HH.COMP.7: two friends in line behind are both pushed back a hex (the farther first) and
    disrupted; the recoiling unit keeps its facing and order."""
    from games.hordes_heroes.compulsory import recoil_h2h

    st = make_state(
        [
            (1, "south", "spear", (0, 5), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "south", "spear", (0, 6), Facing.N),
            (4, "south", "spear", (0, 7), Facing.N),
        ]
    )
    assert recoil_h2h(st, 1, H(0, 4)) == [
        "unit 1 (Spearmen) recoils 1206 -> 1207 [HH.COMP.3].",
        "unit 4 (Spearmen) is pushed back to 1309 by unit 1 (Spearmen) and disrupted [HH.COMP.6].",
        "unit 3 (Spearmen) is pushed back to 1308 by unit 1 (Spearmen) and disrupted [HH.COMP.6].",
    ]
    assert [(st.units[i].hex, st.units[i].disrupted) for i in (1, 3, 4)] == [
        (H(0, 6), False),
        (H(0, 7), True),
        (H(0, 8), True),
    ]
    assert st.units[1].facing is Facing.N


def test_HH_COMP_9_recoil_off_the_side_edge_on_the_own_edge_row_eliminates():
    """HH.COMP.9, HH.COMP.8: on its own edge row at the west corner, a unit recoiling west off the side of the table
    is eliminated: sliding along the own edge is only for a recoil off that edge."""
    from games.hordes_heroes.compulsory import recoil_h2h

    st = make_state([(1, "south", "spear", (-15, 13), Facing.N), (2, "north", "spear", (-14, 13), Facing.S)])
    assert recoil_h2h(st, 1, H(-14, 13)) == [
        "unit 1 (Spearmen) is eliminated: its recoil hex 0014 is off the table [HH.COMP.9, HH.COMP.11] [HH.COMP.50]."
    ]
    assert st.units[1].eliminated


def steep_recoil(units, enemy_at, away, terrain=None):
    from games.hordes_heroes.compulsory import recoil_h2h

    st = make_state([(1, "south", "spear", (0, 5), Facing.N)] + units, steep=[((0, 5), away)])
    if terrain:
        st = _terr(st, terrain)
    return st, recoil_h2h(st, 1, H(*enemy_at))


@pytest.mark.parametrize(
    ("case", "enemy", "enemy_at", "away", "to"),
    [
        ("farthest from the enemy, then nearer the own edge", False, (0, 4), (0, 6), (-1, 6)),
        ("nearer the own edge before the lower hex", True, (1, 4), (-1, 6), (0, 6)),
    ],
)
def test_HH_COMP_10_HH_PD_40_steep_recoil_takes_the_farthest_hex(case, enemy, enemy_at, away, to):
    """HH.COMP.10, HH.PD.40: directly away is across a steep side: the vacant legal neighbour farthest from the
    enemy faced (never one nearer), then nearest the own edge, then the lowest hex."""
    units = [(2, "north", "spear", enemy_at, Facing.S)] if enemy else []
    st, lines = steep_recoil(units, enemy_at, away)
    assert lines == [f"unit 1 (Spearmen) recoils to {st.label(H(*to))} instead of across the steep side [HH.COMP.10]."]
    assert st.units[1].hex == H(*to) and st.units[1].facing is Facing.N


@pytest.mark.parametrize(
    ("case", "friends", "terrain", "to"),
    [
        ("a friend holds the best hex: the next", [(3, "south", "spear", (-1, 6), Facing.N)], None, (1, 5)),
        ("friends hold both: eliminated", [(3, "south", "spear", (-1, 6), Facing.N), (4, "south", "spear", (1, 5), Facing.N)], None, None),
        ("both impassable: eliminated", [], {(-1, 6): IMP, (1, 5): IMP}, None),
    ],
)
def test_HH_COMP_10_steep_recoil_never_displaces_friends(case, friends, terrain, to):
    """HH.COMP.10, HH.PD.40: the other hex must be vacant (no displacement) and outside the enemy ZOC; with none the
    unit is eliminated."""
    st, lines = steep_recoil([(2, "north", "spear", (0, 4), Facing.S)] + friends, (0, 4), (0, 6), terrain)
    if to:
        assert lines == [f"unit 1 (Spearmen) recoils to {st.label(H(*to))} instead of across the steep side [HH.COMP.10]."]
    else:
        assert lines == [
            "unit 1 (Spearmen) is eliminated: it cannot recoil across the steep side and has no other hex [HH.COMP.10]"
            " [HH.COMP.50]."
        ]
    assert all(not st.units[f[0]].disrupted and st.units[f[0]].hex == H(*f[3]) for f in friends)


# --- evade (HH.COMP.42-45) ----------------------------------------------------------------------------------------


def test_HH_COMP_44_evade_ends_nearest_the_own_edge_before_the_lowest_hex():
    """HH.COMP.44, HH.PD.15: light cavalry (E2) contacted from the east evades 2 hexes west; of the ends 3 hexes from
    the mover it takes the one nearest its own (south) edge, (-2, 8), not the lowest hex (-2, 6)."""
    from games.hordes_heroes.compulsory import try_evade

    st = make_state([(1, "south", "lc", (0, 6), Facing.N), (2, "north", "mma", (1, 6), Facing.W)])
    assert try_evade(st, st.units[1], st.units[2]) == [
        f"unit 1 (Mongol Light Cavalry) evades 1207 -> {st.label(H(-1, 7))} {st.label(H(-2, 8))} [HH.COMP.42]."
    ]
    u = st.units[1]
    assert (u.hex, u.evaded_this_bound, u.disrupted, u.facing) == (H(-2, 8), True, False, Facing.N)


# --- flee response (HH.COMP.47, HH.COMP.48) -----------------------------------------------------------------------

PROFILES.setdefault("mut_f1", P("mut_f1", "Runners", "infantry", "C", "1R", 2, 0, traits=["F"]))
PROFILES.setdefault("mut_f2", P("mut_f2", "Runners", "infantry", "C", "2R", 2, 0, traits=["F"]))


@pytest.mark.parametrize(
    ("case", "pid", "dismounted", "mover", "path", "facing"),
    [
        ("contacted from the east: 5 hexes west", "lc", False, ((1, 6), Facing.W), [(0, 5), (-1, 5), (-2, 5), (-3, 5), (-4, 5)], Facing.WSW),
        ("contacted from behind: the turn costs 1", "lc", False, ((0, 5), Facing.S), [(-1, 7), (-2, 8), (-3, 9), (-4, 10)], Facing.S),
        ("dismounted: remounting costs 1", "lc", True, ((1, 6), Facing.W), [(0, 5), (-1, 5), (-2, 5), (-3, 5)], Facing.WSW),
        ("dismounted, from behind", "lc", True, ((0, 5), Facing.S), [(-1, 7), (-2, 8), (-3, 9)], Facing.S),
        ("a single hex: facing the way it stepped", "mut_f1", False, ((0, 7), Facing.N), [(0, 5)], Facing.WNW),
        ("two hexes: facing the last step", "mut_f2", False, ((0, 7), Facing.N), [(0, 5), (-1, 5)], Facing.WSW),
    ],
)
def test_HH_COMP_47_HH_COMP_48_flee_response(case, pid, dismounted, mover, path, facing):
    """HH.COMP.47, HH.COMP.48, HH.PD.16, HH.MOVE.26, HH.EX.32: a unit with F flees its full move (the first step
    paying the turn, a dismounted one remounting for 1 MP) to the end farthest from the contacting unit, facing its
    last step, not disrupted, and may not do so again this bound."""
    from dataclasses import replace

    from games.hordes_heroes.compulsory import try_flee_response

    st = make_state([(1, "south", pid, (0, 6), Facing.N), (2, "north", "mma", *mover)])
    if dismounted:
        st.units[1] = replace(st.units[1], profile="dmma")
    name = st.profiles[pid].name
    labels = " ".join(st.label(H(*h)) for h in path)
    how = "remounts and flees" if dismounted else "flees"
    assert try_flee_response(st, st.units[1], st.units[2]) == [
        f"unit 1 ({name}) {how} in response 1207 -> {labels} [HH.COMP.47]."
    ]
    u = st.units[1]
    assert (u.hex, u.facing, u.profile, u.flee_responded_this_bound, u.disrupted) == (H(*path[-1]), facing, pid, True, False)
    assert try_flee_response(st, u, st.units[2]) is None


# --- losses (HH.STAND.8, HH.WIN.4) --------------------------------------------------------------------------------


@pytest.mark.parametrize("version", [1, 2])
def test_HH_STAND_8_HH_WIN_4_losses_count_by_bought_profile(version):
    """HH.STAND.8, HH.WIN.4, HH.CRT.5: stands lost are added to the owner's casualties under the profile bought (a
    dismounted unit counts as its mounted profile); rules version 2 also keeps the bound's running loss per unit; no
    loss records nothing."""
    from dataclasses import replace

    from games.hordes_heroes.compulsory import record_losses

    st = make_state([(1, "south", "lc", (0, 6), Facing.N)])
    st.options = replace(st.options, rules_version=version)
    st.units[1] = replace(st.units[1], profile="dmma")
    st.casualties = {"north": {}}
    st.bound_losses = {1: 2} if version == 2 else {}
    record_losses(st, st.units[1], 0)
    assert st.casualties == {"north": {}} and st.bound_losses == ({1: 2} if version == 2 else {})
    record_losses(st, st.units[1], 3)
    assert st.casualties == {"north": {}, "south": {"lc": 3}}
    assert st.bound_losses == ({1: 5} if version == 2 else {})
    record_losses(st, st.units[1], 1)
    assert st.casualties["south"] == {"lc": 4}


# --- flee: first hexes (HH.COMP.16) and the 2012 edge halt (HH12.CMP.10) ------------------------------------------


@pytest.mark.parametrize(
    ("case", "opponents", "h2h", "want"),
    [
        ("melee: a distant opponent listed first is skipped, not the end", [(0, 3), (0, 5)], True, [(0, 7)]),
        ("melee: directly away from each opponent", [(0, 5), (1, 5)], True, [(-1, 7), (0, 7)]),
        ("melee: away from opposite opponents", [(0, 5), (-1, 6)], True, [(0, 7), (1, 6)]),
        ("shooting: every neighbour farther from the shooter", [(0, 3)], False, [(-1, 7), (0, 7), (1, 6)]),
        ("shooting: farther from every shooter", [(0, 3), (3, 3)], False, [(-1, 7), (0, 7)]),
    ],
)
def test_HH_COMP_16_flee_first_hexes(case, opponents, h2h, want):
    """HH.COMP.16: a melee flee starts directly away from an adjacent opponent into a hex 2 or more from all of them;
    a shooting flee into any neighbour strictly farther from every shooter (never one level with it)."""
    from games.hordes_heroes.compulsory import flee_candidates

    st = make_state([(1, "south", "spear", (0, 6), Facing.N)])
    assert flee_candidates(st, st.units[1], [H(*o) for o in opponents], h2h) == [H(*w) for w in want]


def test_HH12_CMP_10_no_edge_halt_for_a_side_without_an_edge():
    """HH12.CMP.10: a side with no table edge (none fixed yet) never halts on one."""
    from dataclasses import replace

    from games.hordes_heroes.compulsory import halt_at_own_edge
    from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition

    st = make_state([(1, "south", "spear", (0, 13), Facing.N)], edges=False)
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    assert halt_at_own_edge(st, 1) == [] and st.edge_halts == {} and st.units[1].facing is Facing.N
    st.edges = {"south": make_state([]).edges["south"]}
    assert halt_at_own_edge(st, 1) == ["unit 1 (Spearmen) halts on its own table edge facing S [HH12.CMP.10]."]
    assert st.edge_halts == {1: H(0, 13)} and st.units[1].facing is Facing.S


@pytest.mark.parametrize(("friend", "to"), [((-1, 7), (0, 7)), ((0, 7), (-1, 7)), (None, (-1, 7))])
def test_HH_COMP_21_flee_spares_friends_before_the_lowest_hex(friend, to):
    """HH.COMP.21, HH.PD.20: of two equally good 2-hex flee ends, the one without a friend to push aside is taken;
    with no friend, the lower hex."""
    from games.hordes_heroes.compulsory import flee

    units = [(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)]
    st = make_state(units + ([(3, "south", "spear", friend, Facing.N)] if friend else []))
    lines = flee(st, 1, [H(0, 4)], h2h=True)
    assert lines == [
        f"unit 1 (Spearmen) flees 1206 -> 1207 {st.label(H(*to))} (2 of 2 hexes) [HH.COMP.15, HH.COMP.21, HH.COMP.22]."
    ]
    assert st.units[1].hex == H(*to) and (not friend or not st.units[3].disrupted)


def test_HH_COMP_12_shooting_recoil_priority_1_is_strictly_away():
    """HH.COMP.12: from a shooter at (3, 6), (0, 7) is nearer the own edge but no farther from the shooter, so with
    (-1, 7) impassable the recoil falls to priority 2, the level hex farthest from the shooter."""
    from games.hordes_heroes.compulsory import recoil_shooting

    st = _terr(make_state([(1, "south", "spear", (0, 6), Facing.N)]), {(-1, 7): IMP})
    assert recoil_shooting(st, 1, [H(3, 6)]) == [
        f"unit 1 (Spearmen) recoils from the shooting to {st.label(H(-1, 6))} (priority 2) [HH.COMP.12]."
    ]


def test_HH_COMP_12_shooting_recoil_with_no_hex_eliminates():
    """HH.COMP.12, HH.COMP.50: every neighbour held by a disrupted friend: eliminated, the friends untouched."""
    from games.hordes_heroes.compulsory import recoil_shooting

    where = [(0, 7), (-1, 7), (1, 6), (-1, 6), (0, 5), (1, 5)]
    units = [(i + 2, "south", "spear", qr, Facing.N, D) for i, qr in enumerate(where)]
    st = make_state([(1, "south", "spear", (0, 6), Facing.N)] + units)
    assert recoil_shooting(st, 1, [H(0, 3)]) == [
        "unit 1 (Spearmen) is eliminated: it has no hex to recoil into [HH.COMP.12] [HH.COMP.50]."
    ]
    assert [st.units[i + 2].hex for i in range(6)] == [H(*qr) for qr in where]


@pytest.mark.parametrize("crowded", [False, True])
def test_HH_COMP_43_HH_DISR_1_evade_through_friends(crowded):
    """HH.COMP.43, HH.DISR.1, HH.PD.20: every way west is through friends: the evader passes through one (disrupted);
    when every end hex is held too, the friend where it ends is pushed aside (disrupted) and is not also reported as
    passed through."""
    from games.hordes_heroes.compulsory import try_evade

    firsts = [(3, (-1, 7)), (4, (-1, 6)), (5, (0, 5))]
    ends = [(6, (-2, 8)), (7, (-2, 7)), (8, (-2, 6)), (9, (-1, 5)), (10, (0, 4))] if crowded else []
    friends = [(i, "south", "spear", qr, Facing.N) for i, qr in firsts + ends]
    st = make_state([(1, "south", "lc", (0, 6), Facing.N), (2, "north", "mma", (1, 6), Facing.W)] + friends)
    want = [
        "unit 1 (Mongol Light Cavalry) evades 1207 -> 1208 1109 [HH.COMP.42].",
        "unit 3 (Spearmen) is passed through and disrupted [HH.DISR.1].",
    ]
    if crowded:
        want.append(f"unit 6 (Spearmen) is pushed aside to {st.label(H(-3, 9))} and disrupted [HH.COMP.42].")
    assert try_evade(st, st.units[1], st.units[2]) == want
    assert st.units[1].hex == H(-2, 8) and st.units[3].disrupted
    assert [i for i, _ in firsts + ends if st.units[i].disrupted] == ([3, 6] if crowded else [3])
    if crowded:
        assert st.units[6].hex == H(-3, 9)


def test_HH_COMP_19_HH_COMP_23_flee_eliminations():
    """HH.COMP.19, HH.COMP.23, HH.ART.17, HH.COMP.50: a unit made to flee on its own edge row, or artillery made to
    flee, is eliminated; one row in, a unit flees onto the edge row."""
    from games.hordes_heroes.compulsory import flee

    st = make_state([(1, "south", "spear", (0, 13), Facing.N), (2, "north", "spear", (0, 12), Facing.S)])
    assert flee(st, 1, [H(0, 12)], h2h=True) == [
        "unit 1 (Spearmen) is eliminated: it must flee from its own table edge [HH.COMP.19] [HH.COMP.50]."
    ]
    st = make_state([(1, "south", "spear", (0, 12), Facing.N), (2, "north", "spear", (0, 11), Facing.S)])
    assert flee(st, 1, [H(0, 11)], h2h=True)[0].startswith("unit 1 (Spearmen) flees 1513 -> ")
    assert not st.units[1].eliminated and st.units[1].disrupted
    st = make_state([(1, "south", "guns", (0, 6), Facing.N), (2, "north", "spear", (0, 5), Facing.S)])
    assert flee(st, 1, [H(0, 5)], h2h=True) == [
        "unit 1 (Field Guns) is eliminated: artillery and war wagons cannot flee [HH.COMP.23, HH.ART.17,"
        " HH.SPECIAL.41] [HH.COMP.50]."
    ]


@pytest.mark.parametrize(("general", "blocked"), [("north", True), ("south", False)])
def test_HH_COMP_1_recoil_into_a_lone_enemy_general_is_blocked(general, blocked):
    """HH.COMP.1, HH.COMP.11: a recoil may not enter a hex holding a lone enemy general (eliminated); a lone friendly
    general there is no bar."""
    from games.hordes_heroes.compulsory import recoil_h2h

    st = make_state(
        [(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], [(7, general, (0, 6))]
    )
    lines = recoil_h2h(st, 1, H(0, 4))
    if blocked:
        assert lines == ["unit 1 (Spearmen) is eliminated: its recoil hex 1207 is blocked [HH.COMP.11] [HH.COMP.50]."]
    else:
        assert lines == ["unit 1 (Spearmen) recoils 1206 -> 1207 [HH.COMP.3]."] and st.units[1].hex == H(0, 6)
