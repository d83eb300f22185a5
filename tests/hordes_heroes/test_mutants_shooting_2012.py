"""Clauses of games/hordes_heroes/shooting.py that only the 2012 edition reaches, found unpinned by mutation testing
(benchmarks/mutation.py shooting): stray artillery shots at friends, the nearest-target rule and the wide arc of
a unit facing a side [HH12.ART.9] [HH12.SHOOT.4] [HH12.ART.3] [HH12.SHOOT.5] [HH12.ART.4]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.shooting import _facings, can_target, default_target, shooting_phase
from games.hordes_heroes.state import GameState

from .helpers import Dice, Facing, make_state


def ed(st: GameState, edition: Edition = Edition.E2012) -> GameState:
    st.options = replace(st.options, edition=edition, rules_version=LATEST_RULES_VERSION)
    return st


def guns_at_2(*friends: tuple, stands: int = 2) -> GameState:
    """2012 guns at 0,8 facing north, an enemy 3 hexes off at 0,5, and the given south units."""
    return ed(
        make_state(
            [(1, "south", "guns", (0, 8), Facing.N, {"stands": stands}), (2, "north", "bare", (0, 5), Facing.S)]
            + list(friends)
        )
    )


def test_HH12_ART_9_stray_shots_at_the_nearest_friend_with_most_stands_word_for_word():
    """HH12.ART.9, ruling HH12.ART.A2: of three pieces the first hits (no stray roll); each of the two misses rolls
    again on the same range line (10/12: 1 and 2 hits, armour ignored) at the friend next to the target nearest
    the guns, then with more stands: unit 4 (4 stands) before unit 3 (3 stands), both 3 hexes from the guns; unit 5
    is 2 hexes from the target, not next to it. The hits pool on the friend and are applied with the rest."""
    st = guns_at_2(
        (3, "south", "bare", (1, 5), Facing.NW, {"stands": 3}),
        (4, "south", "bare", (-1, 6), Facing.N),
        (5, "south", "bare", (1, 6), Facing.N),
        stands=3,
    )
    d = Dice(12, 1, 10, 2, 12)
    lines = shooting_phase(st, d, {})
    assert lines == [
        "Shooting: south shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  unit 1 (Field Guns) fires at unit 2 (Spearmen): D12 12->2, 1->0, 2->0: 2 hits [HH.ART.7].",
        "  2 hits in all on unit 2 (Spearmen), applied after both sides shoot [HH.SEQ.14].",
        "  unit 1 (Field Guns) misses and its stray shot at friendly unit 4 (Spearmen) rolls 10: 1 hit [HH12.ART.9].",
        "  unit 1 (Field Guns) misses and its stray shot at friendly unit 4 (Spearmen) rolls 12: 2 hits [HH12.ART.9].",
        "Shooting: north shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  Nobody shoots.",
        "Shooting results, applied together [HH.SEQ.14]:",
        "  2 hits in all on unit 2 (Spearmen) [HH.SHOOT.24].",
        "  unit 2 (Spearmen) takes Disordered (C class, 2 hits) [HH.CRT.1, HH.CRT.5].",
        "  unit 2 (Spearmen) is disrupted [HH.DISR.1].",
        "  3 hits in all on unit 4 (Spearmen) [HH.SHOOT.24].",
        "  unit 4 (Spearmen) takes Recoil, Disordered (C class, 3 hits) [HH.CRT.1, HH.CRT.5].",
        "  unit 4 (Spearmen) is disrupted [HH.DISR.1].",
        "  unit 4 (Spearmen) recoils from the shooting to 1007 [ruling HH12.CMP.A2].",
    ]
    assert [p for _, p in d.log] == [
        "artillery: unit 1 (Field Guns) at unit 2 (Spearmen), piece 1 of 3",
        "artillery: unit 1 (Field Guns) at unit 2 (Spearmen), piece 2 of 3",
        "artillery: unit 1 (Field Guns) stray shot at friendly unit 4 (Spearmen)",
        "artillery: unit 1 (Field Guns) at unit 2 (Spearmen), piece 3 of 3",
        "artillery: unit 1 (Field Guns) stray shot at friendly unit 4 (Spearmen)",
    ]


def test_HH12_ART_9_no_friend_next_to_the_target_no_stray_roll():
    """HH12.ART.9: a friend 2 hexes from the target is not at risk: the misses roll nothing more."""
    st = guns_at_2((5, "south", "bare", (1, 6), Facing.N))
    d = Dice(1, 1)
    lines = shooting_phase(st, d, {})
    assert len(d.log) == 2 and lines[-1] == "  unit 2 (Spearmen): no hits."


def test_HH12_ART_9_a_stray_shot_that_misses_adds_nothing():
    """HH12.ART.9: a stray roll of 1 hits nobody; the friend is told so and takes no result."""
    st = guns_at_2((4, "south", "bare", (-1, 6), Facing.N))
    d = Dice(1, 1, 1, 1)
    lines = shooting_phase(st, d, {})
    assert (
        "  unit 1 (Field Guns) misses and its stray shot at friendly unit 4 (Spearmen) rolls 1: 0 hits [HH12.ART.9]."
        in lines
    )
    assert lines[-1] == "  unit 4 (Spearmen): no hits." and not st.units[4].disrupted


@pytest.mark.parametrize(("edition", "far_ok"), [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_SHOOT_4_only_the_nearest_target_even_one_found_by_turning(edition, far_ok):
    """HH12.SHOOT.4, ruling HH12.SHOOT.A2: in 2012 a target at 2 may not be shot while an enemy at 1 could be, even
    one behind the shooter's arc (it may turn); 2022 lets it choose."""
    st = ed(
        make_state(
            [
                (1, "south", "bow7", (0, 6), Facing.N),
                (9, "north", "bare", (0, 4), Facing.S),
                (5, "north", "bare", (0, 7), Facing.N),
            ]
        ),
        edition,
    )
    assert can_target(st, st.units[1], st.units[9], Facing.N) is far_ok
    assert can_target(st, st.units[1], st.units[5], Facing.S)


def test_HH12_SHOOT_4_an_enemy_as_near_does_not_bar_a_target():
    """HH12.SHOOT.4: two enemies both 2 hexes off: either may be shot."""
    st = ed(
        make_state(
            [
                (1, "south", "bow7", (0, 6), Facing.N),
                (9, "north", "bare", (0, 4), Facing.S),
                (8, "north", "bare", (1, 4), Facing.S),
            ]
        )
    )
    assert can_target(st, st.units[1], st.units[9], Facing.N) and can_target(st, st.units[1], st.units[8], Facing.N)


def test_HH12_SHOOT_4_a_nearer_enemy_out_of_reach_does_not_bar_a_target():
    """HH12.SHOOT.4: a nearer enemy that cannot be shot (disrupted: no turn, behind) leaves the far target free."""
    st = ed(
        make_state(
            [
                (1, "south", "bow7", (0, 6), Facing.N, {"disrupted": True}),
                (9, "north", "bare", (0, 4), Facing.S),
                (5, "north", "bare", (0, 7), Facing.N),
            ]
        )
    )
    assert _facings(st, st.units[1]) == [Facing.N]
    assert can_target(st, st.units[1], st.units[9], Facing.N)
    assert default_target(st, st.units[1], None) == (9, Facing.N)


@pytest.mark.parametrize(
    ("edition", "pid", "facing", "ok"),
    [
        (Edition.E2012, "bow7", Facing.NE, True),
        (Edition.E2022, "bow7", Facing.NE, False),
        (Edition.E2012, "guns", Facing.NE, False),
    ],
)
def test_HH12_SHOOT_5_a_unit_facing_a_side_shoots_through_three_sides(edition, pid, facing, ok):
    """HH12.SHOOT.5, ruling HH12.SHOOT.A3: in 2012 small arms facing a side (NE) shoot through its 3 front sides, so
    a target due north at 1 is in reach; 2022, and 2012 artillery, keep the 2-side front arc."""
    st = ed(make_state([(1, "south", pid, (0, 6), facing), (9, "north", "bare", (0, 5), Facing.S)]), edition)
    assert can_target(st, st.units[1], st.units[9], facing) is ok


@pytest.mark.parametrize(("edition", "n"), [(Edition.E2022, 12), (Edition.E2012, 12)])
def test_HH12_ART_4_small_arms_turn_to_shoot_in_both_editions(edition, n):
    """HH12.ART.4 limits artillery only: 2012 small arms still turn freely before shooting (HH.SHOOT.7)."""
    st = ed(make_state([(1, "south", "bow7", (0, 6), Facing.N)]), edition)
    assert len(_facings(st, st.units[1])) == n
