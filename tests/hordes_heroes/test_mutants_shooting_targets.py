"""Clauses of games/hordes_heroes/shooting.py found unpinned by mutation testing (benchmarks/mutation.py shooting):
facings tried, who may be a target and from how far, lines of fire, the default target, who may shoot with how
many dice, and the scores needed [HH.SHOOT.*] [HH.ART.*] [HH.PD.22-23] [HH.TERR.60-66]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.model import Artillery, Band
from games.hordes_heroes.shooting import art_extra, can_target, default_target, may_shoot, shooting_stands, to_hit
from games.hordes_heroes.state import GameState

from .helpers import PROFILES, Facing, H, make_state

WALLED_9 = [((0, 4), (0, 5)), ((0, 4), (-1, 5))]
"""Walls on the two south sides of H(0, 4): a unit there is in hard cover from the south (HH.SPECIAL.21)."""


def v2(st: GameState, edition: Edition = Edition.E2022) -> GameState:
    """The state at the latest rules version, in `edition`."""
    st.options = replace(st.options, edition=edition, rules_version=LATEST_RULES_VERSION)
    return st


# --- targets, reach and the default ---------------------------------------------------------------------------


def test_HH_SHOOT_7_HH_ART_10_facings_tried_least_turning_first():
    """HH.SHOOT.7, HH.ART.10, HH.PD.22: an undisrupted shooter tries its own facing, then the others by fewest
    twelfths of a turn, clockwise value first on a tie (north: NE before NW; east: ENE before ESE)."""
    from games.hordes_heroes.shooting import _facings

    st = make_state([(1, "south", "bow7", (0, 6), Facing.N), (2, "south", "bow7", (2, 6), Facing.E)])
    assert [f.name for f in _facings(st, st.units[1])] == "N NE NW ENE WNW E W WSW ESE SW SE S".split()
    assert [f.name for f in _facings(st, st.units[2])] == "E ENE ESE NE SE N S NW SW WNW WSW W".split()


@pytest.mark.parametrize(
    ("case", "over", "ok"),
    [
        ("a friend", {"side": "south"}, False),
        ("eliminated where it stood", {"eliminated": True}, False),
        ("an empty boat", {"profile": "mut_boat"}, False),
        ("an enemy", {}, True),
    ],
)
def test_HH_SHOOT_6_HH_TERR_47_who_may_be_a_target(case, over, ok):
    """HH.SHOOT.6, ruling HH.TERR.47: only an enemy on the table is a target; an empty boat is none."""
    PROFILES.setdefault(
        "mut_boat", replace(PROFILES["bare"], id="mut_boat", category=PROFILES["bare"].category.__class__("boat"))
    )
    st = make_state([(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)])
    st.units[9] = replace(st.units[9], **over)
    assert can_target(st, st.units[1], st.units[9], Facing.N) is ok


@pytest.mark.parametrize(("at", "ok"), [((0, 7), True), ((0, 6), True), ((0, 1), False), ((0, 0), False)])
def test_HH_ART_7_HH_DATA_2_guns_reach_from_1_to_their_last_band(at, ok):
    """HH.ART.7, HH.DATA.2: the house guns shoot at 1 to 6 hexes; beyond the last band, never."""
    st = make_state([(1, "south", "guns", (0, 8), Facing.N), (9, "north", "bare", at, Facing.S)])
    assert can_target(st, st.units[1], st.units[9], Facing.N) is ok


def test_HH_SHOOT_8_an_enemy_in_between_blocks_small_arms():
    """HH.SHOOT.8: an enemy unit in the hex between shooter and target blocks the line of fire."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (5, "north", "bare", (0, 5), Facing.S),
            (9, "north", "bare", (0, 4), Facing.S),
        ]
    )
    assert not can_target(st, st.units[1], st.units[9], Facing.N)
    assert can_target(st, st.units[1], st.units[5], Facing.N)


def test_HH_ART_13_a_high_trajectory_engine_over_an_adjacent_friend_on_its_own_level():
    """HH.ART.13: a catapult shoots over an adjacent friend on its own level (both on a hill); a friend above it
    (the engine at the foot, the friend on the hill) blocks the line."""
    st = make_state(
        [
            (1, "south", "guns", (0, 8), Facing.N),
            (2, "south", "bare", (0, 7), Facing.N),
            (9, "north", "bare", (0, 4), Facing.S),
        ]
    )
    st.profiles["cat"] = replace(
        st.profiles["guns"],
        id="cat",
        artillery=Artillery((Band(6, 9),), PROFILES["guns"].guns.trajectory.__class__("high")),
    )
    st.units[1] = replace(st.units[1], profile="cat", base_profile="cat")
    st.field.elevation[H(0, 8)] = 1
    st.field.elevation[H(0, 7)] = 1
    assert can_target(st, st.units[1], st.units[9], Facing.N)
    st.field.elevation[H(0, 8)] = 0
    assert not can_target(st, st.units[1], st.units[9], Facing.N)


@pytest.mark.parametrize(("edition", "ok"), [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_TER_A9_small_arms_into_a_wood_only_when_adjacent_in_2012(edition, ok):
    """Ruling HH12.TER.A9: 2012 small arms shoot into a wood hex only from next to it; 2022 at 1 or 2 (HH.TERR.30)."""
    st = v2(
        make_state(
            [(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)], terrain={(0, 4): "wood"}
        ),
        edition,
    )
    assert can_target(st, st.units[1], st.units[9], Facing.N) is ok


def test_HH_PD_22_the_default_skips_a_target_in_hard_cover_for_one_in_the_open():
    """HH.PD.22, HH.SHOOT.20: a target in hard cover is never the default small-arms target; one in the open is."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (3, "north", "bare", (0, 4), Facing.S),
            (8, "north", "bare", (2, 4), Facing.S),
        ],
        walls=WALLED_9,
    )
    assert default_target(st, st.units[1], None) == (8, Facing.N)
    assert default_target(st, st.units[1], [8]) == (8, Facing.N)
    assert default_target(st, st.units[1], [3]) is None


def test_HH_PD_22_artillery_defaults_to_the_most_expected_hits():
    """HH.PD.22, HH.ART.8: guns prefer a target in the open at 2 (8/11/12: 8 hits in 12 rolls) over a lower id in a
    wood at 2 (10/12: 4); with both in the open the lower id wins the tie."""
    st = make_state(
        [
            (1, "south", "guns", (0, 8), Facing.N),
            (2, "north", "bare", (0, 6), Facing.S),
            (3, "north", "bare", (1, 6), Facing.S),
        ],
        terrain={(0, 6): "wood"},
    )
    assert default_target(st, st.units[1], None) == (3, Facing.N)
    st.field.terrain.pop(H(0, 6))
    assert default_target(st, st.units[1], None) == (2, Facing.N)


def test_HH_PD_23_the_default_looks_past_units_it_may_not_shoot():
    """HH.PD.23: the allowed list skips lower ids and still finds the contacting unit."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (3, "north", "bare", (0, 4), Facing.S),
            (8, "north", "bare", (1, 4), Facing.S),
        ]
    )
    assert default_target(st, st.units[1], [8]) == (8, Facing.N)


# --- who may shoot, with how many dice ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "pid", "over", "phasing", "result"),
    [
        ("off the table", "bow7", {"eliminated": True}, True, (False, None)),
        ("phasing guns in contact", "guns", {"contacted_by": (9,)}, True, (False, None)),
        (
            "phasing foot that moved into contact",
            "bow7",
            {"moved_this_bound": True, "contacted_by": (9,)},
            True,
            (False, None),
        ),
        (
            "non-phasing chariot engaged since the bound began",
            "mut_archariot",
            {"contacted_by": (9,)},
            False,
            (False, None),
        ),
        ("one stand", "bow7", {"stands": 1}, True, (True, [9])),
    ],
)
def test_HH_SHOOT_2_HH_SHOOT_14_HH_ART_15_who_may_shoot(case, pid, over, phasing, result):
    """HH.SHOOT.2, HH.SHOOT.13, HH.SHOOT.14, HH.ART.15: an engaged unit shoots only when contacted this bound and not
    phasing (chariots that moved aside); a unit of one stand still has a die."""
    PROFILES.setdefault(
        "mut_archariot", replace(PROFILES["chariot"], id="mut_archariot", shoot=7, weapon=PROFILES["bow7"].weapon)
    )
    st = make_state([(1, "south", pid, (0, 6), Facing.N, over), (9, "north", "bare", (0, 5), Facing.S)])
    st.engaged_at_start = frozenset({1}) if case.startswith("non-phasing chariot") else frozenset()
    if case == "one stand":
        st.units[9] = replace(st.units[9], hex=H(0, 4))
        result = (True, None)
    assert may_shoot(st, st.units[1], phasing) == result


def test_HH_SPECIAL_23_HH_SPECIAL_25_combined_arms_shoot_with_the_shooting_type_only():
    """HH.SPECIAL.23, HH.SPECIAL.25, HH.SHOOT.1: a combined-arms unit throws a die per stand of the type(s) that
    shoot: front only, rear only, or both."""

    def stands(front: str, rear: str) -> int:
        st = make_state([(1, "south", front, (0, 6), Facing.N, {"rear_profile": rear, "rear_stands": 1})])
        return shooting_stands(st, st.units[1])

    assert (stands("bow7", "bare"), stands("bare", "bow7"), stands("bow7", "bow7"), stands("bare", "bare")) == (
        3,
        1,
        4,
        0,
    )


# --- scores needed ------------------------------------------------------------------------------------------------


def _hill(st: GameState, *hexes: tuple[int, int]) -> GameState:
    for qr in hexes:
        st.field.elevation[H(*qr)] = 1
    return st


def test_HH_TERR_60_HH_TERR_62_up_a_steep_side_at_1_adds_2_at_2_adds_1():
    """HH.TERR.60, HH.TERR.62, HH.TERR.66: shooting from the foot up a steep side adds 2 at range 1 and 1 at range 2
    (the line entering by the steep side), on top of armour (A1: 7 + 1); a plain slope adds nothing."""
    units = [(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "spear", (0, 5), Facing.S)]
    st = _hill(make_state(units, steep=[((0, 5), (0, 6))]), (0, 5))
    assert to_hit(st, st.units[1], st.units[9]) == 10
    st = _hill(make_state(units), (0, 5))
    assert to_hit(st, st.units[1], st.units[9]) == 8
    units = [(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "spear", (0, 4), Facing.S)]
    st = _hill(make_state(units, steep=[((0, 4), (0, 5)), ((0, 4), (-1, 5))]), (0, 4))
    assert to_hit(st, st.units[1], st.units[9]) == 9
    st = _hill(make_state(units), (0, 4))
    assert to_hit(st, st.units[1], st.units[9]) == 8


def test_HH_TERR_61_HH_ART_8_wood_and_escarpment_add_up_for_artillery():
    """HH.TERR.61, HH.ART.8: guns at the foot of a steep side, 2 hexes from a target in a wood on top: 2 + 2."""
    st = make_state(
        [(1, "south", "guns", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)],
        steep=[((0, 4), (0, 5)), ((0, 4), (-1, 5))],
        terrain={(0, 4): "wood"},
    )
    st = _hill(st, (0, 4))
    assert art_extra(st, st.units[1], st.units[9]) == 4
    st.field.terrain.pop(H(0, 4))
    assert art_extra(st, st.units[1], st.units[9]) == 2
