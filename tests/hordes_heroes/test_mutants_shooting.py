"""Clauses mutation testing of games/hordes_heroes/shooting.py found unpinned (benchmarks/mutation.py shooting): the
phase's narrative word for word, suppression by line and by default, declared lines refused one by one, targets
and dice, semi-simultaneous shooting, and the 2012 edition's nearest target, wide arc and stray shots
[HH.SHOOT.*] [HH.ART.*] [HH.PD.21-25] [HH.SEQ.14] [HH12.SHOOT.*] [HH12.ART.*]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.shooting import (
    ShootChoice,
    _suppression,
    art_extra,
    default_target,
    may_shoot,
    shooting_phase,
    to_hit,
)
from games.hordes_heroes.state import GameState

from .helpers import Dice, Facing, make_state

WALLED_9 = [((0, 4), (0, 5)), ((0, 4), (-1, 5))]
"""Walls on the two south sides of H(0, 4): a unit there is in hard cover from the south (HH.SPECIAL.21)."""


class D12(Dice):
    """Scripted dice that also check every roll is a D12 (HH.SHOOT.17, HH.ART.7)."""

    def roll(self, sides: int, purpose: str) -> int:
        assert sides == 12, purpose
        return super().roll(sides, purpose)


def v2(st: GameState, edition: Edition = Edition.E2022) -> GameState:
    """The state at the latest rules version (singular nouns, `face E` kept), in `edition`."""
    st.options = replace(st.options, edition=edition, rules_version=LATEST_RULES_VERSION)
    return st


def phase(st: GameState, *rolls: int, choices: dict[int, ShootChoice] | None = None) -> tuple[list[str], list[str]]:
    """The phase's lines and the purposes of its dice."""
    d = D12(*rolls)
    lines = shooting_phase(st, d, choices or {})
    return lines, [p for _, p in d.log]


# --- the narrative, word for word ------------------------------------------------------------------------------


def test_HH_SHOOT_7_HH_SHOOT_24_a_turn_to_shoot_and_pooled_hits_word_for_word():
    """HH.SHOOT.7, HH.SHOOT.17, HH.SHOOT.24, HH.CRT.5: a shooter turns to face its target, two units pool their
    hits on one target, looked up once; the other side has a shooter that rolls and misses."""
    st = v2(
        make_state(
            [
                (1, "south", "bow7", (0, 6), Facing.N),
                (2, "south", "bow7", (2, 6), Facing.E),
                (9, "north", "longbow", (0, 4), Facing.S),
                (8, "north", "bare", (2, 4), Facing.S),
            ],
            walls=WALLED_9,
        )
    )
    lines, purposes = phase(st, 7, 6, 12, 1, 5, 5, 1, 1, 1, 1, 1, 1)
    assert lines == [
        "Shooting: south shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  unit 2 (Spearmen) turns to face N to shoot [HH.SHOOT.7, HH.ART.10].",
        "  unit 1 (Spearmen) shoots at unit 8 (Spearmen): 4 D12 needing 7+: 7, 6, 12, 1: 2 hits [HH.SHOOT.17].",
        "  unit 2 (Spearmen) shoots at unit 8 (Spearmen): 4 D12 needing 7+: 5, 5, 1, 1: 0 hits [HH.SHOOT.17].",
        "  2 hits in all on unit 8 (Spearmen) [HH.SHOOT.24].",
        "  unit 8 (Spearmen) takes No Effect (C class, 2 hits) [HH.CRT.1, HH.CRT.5].",
        "Shooting: north shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  unit 9 (Retinue Longbowmen) shoots at unit 1 (Spearmen): 4 D12 needing 5+: 1, 1, 1, 1: 0 hits"
        " [HH.SHOOT.17].",
        "  unit 1 (Spearmen): no hits.",
    ]
    assert purposes[0] == "shooting: unit 1 (Spearmen) at unit 8 (Spearmen), die 1 of 4"
    assert st.units[2].facing is Facing.N and st.units[1].facing is Facing.N


def test_HH_SHOOT_23_nobody_shoots_and_one_hit_is_singular():
    """HH.SHOOT.23, issue 13: a side with no shooter says so; one hit is "1 hit" (rules version 2)."""
    st = v2(make_state([(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)]))
    lines, _ = phase(st, 12, 1, 1, 1)
    assert lines == [
        "Shooting: south shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  unit 1 (Spearmen) shoots at unit 9 (Spearmen): 4 D12 needing 7+: 12, 1, 1, 1: 1 hit [HH.SHOOT.17].",
        "  1 hit in all on unit 9 (Spearmen) [HH.SHOOT.24].",
        "  unit 9 (Spearmen) takes No Effect (C class, 1 hit) [HH.CRT.1, HH.CRT.5].",
        "Shooting: north shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  Nobody shoots.",
    ]


def test_HH_SHOOT_17_a_need_of_12_is_hit_by_a_12():
    """HH.SHOOT.17, HH.SHOOT.19: modifiers add up to a need of exactly 12, which a 12 still hits."""
    st = make_state([(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "spear", (0, 4), Facing.S)])
    st.profiles["bow7"] = replace(st.profiles["bow7"], shoot=11)
    assert to_hit(st, st.units[1], st.units[9]) == 12
    lines, _ = phase(st, 12, 11, 11, 11)
    assert "4 D12 needing 12+: 12, 11, 11, 11: 1 hits [HH.SHOOT.17]." in lines[1]


def test_HH_PD_25_HH_SHOOT_12_each_shooter_only_at_its_own_target():
    """HH.PD.25, HH.SHOOT.12: two shooters with two targets: each rolls only at its own, targets in ascending id."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 5), Facing.N),
            (2, "south", "bow7", (1, 5), Facing.N),
            (7, "north", "bare", (0, 3), Facing.S),
            (4, "north", "bare", (1, 3), Facing.S),
        ]
    )
    _, purposes = phase(st, *[1] * 8, choices={1: ShootChoice((7,)), 2: ShootChoice((4,))})
    assert [p.split(",")[0] for p in purposes] == ["shooting: unit 2 (Spearmen) at unit 4 (Spearmen)"] * 4 + [
        "shooting: unit 1 (Spearmen) at unit 7 (Spearmen)"
    ] * 4


def test_HH_SHOOT_20_a_shot_stopped_by_hard_cover_does_not_stop_the_next_shooter():
    """HH.SHOOT.20, HH.SPECIAL.21: a wall stops one shooter's dice; another shooter at the same target from an
    open side still rolls."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (2, "south", "bow7", (2, 4), Facing.W),
            (9, "north", "bare", (0, 4), Facing.S),
        ],
        walls=WALLED_9,
    )
    lines, purposes = phase(st, *[1] * 4, choices={1: ShootChoice((9,)), 2: ShootChoice((9,))})
    assert "  unit 1 (Spearmen) shoots at unit 9 (Spearmen) in hard cover: no effect [HH.SHOOT.20]." in lines
    assert len(purposes) == 4 and all(p.startswith("shooting: unit 2 ") for p in purposes)


def test_HH_SEQ_14_semi_simultaneous_both_sides_roll_then_results_apply_together():
    """HH.SEQ.14 (option `shooting_mode = "semi_simultaneous"`), HH.SHOOT.24, HH.PD.25: both sides roll against
    the state as the phase began, then the pooled results are applied, the phasing side's targets first."""
    st = v2(make_state([(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "longbow", (0, 4), Facing.S)]))
    st.options = replace(st.options, shooting_mode="semi_simultaneous")
    lines, purposes = phase(st, *[12] * 8)
    assert lines == [
        "Shooting: south shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  unit 1 (Spearmen) shoots at unit 9 (Retinue Longbowmen): 4 D12 needing 8+: 12, 12, 12, 12: 4 hits"
        " [HH.SHOOT.17].",
        "  4 hits in all on unit 9 (Retinue Longbowmen), applied after both sides shoot [HH.SEQ.14].",
        "Shooting: north shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  unit 9 (Retinue Longbowmen) shoots at unit 1 (Spearmen): 4 D12 needing 5+: 12, 12, 12, 12: 4 hits"
        " [HH.SHOOT.17].",
        "  4 hits in all on unit 1 (Spearmen), applied after both sides shoot [HH.SEQ.14].",
        "Shooting results, applied together [HH.SEQ.14]:",
        "  4 hits in all on unit 9 (Retinue Longbowmen) [HH.SHOOT.24].",
        "  unit 9 (Retinue Longbowmen) takes Recoil, Disrupted, 1 stand lost (B class, 4 hits) [HH.CRT.1, HH.CRT.5].",
        "  unit 9 (Retinue Longbowmen) loses 1 stand, 3 left [HH.STAND.1].",
        "  unit 9 (Retinue Longbowmen) is disrupted [HH.DISR.1].",
        "  unit 9 (Retinue Longbowmen) recoils from the shooting to 1104 (priority 1) [HH.COMP.12].",
        "  4 hits in all on unit 1 (Spearmen) [HH.SHOOT.24].",
        "  unit 1 (Spearmen) takes Flee Disrupted, 1 stand lost (C class, 4 hits) [HH.CRT.1, HH.CRT.5].",
        "  unit 1 (Spearmen) loses 1 stand, 3 left [HH.STAND.1].",
        "  unit 1 (Spearmen) is disrupted [HH.DISR.1].",
        "  unit 1 (Spearmen) flees 1207 -> 1208 1109 (2 of 2 hexes) [HH.COMP.15, HH.COMP.21, HH.COMP.22].",
    ]
    assert purposes[4] == "shooting: unit 9 (Retinue Longbowmen) at unit 1 (Spearmen), die 1 of 4"


def test_HH_ART_16_HH_ART_8_disrupted_battery_fires_half_its_pieces_into_a_wood():
    """HH.ART.16: 3 pieces disrupted fire 2 (rounded up); HH.ART.8, HH.TERR.31: a wood adds 2 to every threshold
    (band 2 of the house table: 10 and 12 become 12 and unreachable)."""
    st = v2(
        make_state(
            [
                (1, "south", "guns", (0, 8), Facing.N, {"stands": 3, "disrupted": True}),
                (9, "north", "bare", (0, 5), Facing.S),
            ],
            terrain={(0, 5): "wood"},
        )
    )
    assert art_extra(st, st.units[1], st.units[9]) == 2
    lines, purposes = phase(st, 10, 12, 12, 12)
    assert lines[:4] == [
        "Shooting: south shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  unit 1 (Field Guns) fires at unit 9 (Spearmen): D12 10->0, 12->1: 1 hit [HH.ART.7].",
        "  1 hit in all on unit 9 (Spearmen) [HH.SHOOT.24].",
        "  unit 9 (Spearmen) takes No Effect (C class, 1 hit) [HH.CRT.1, HH.CRT.5].",
    ]
    assert purposes == [
        "artillery: unit 1 (Field Guns) at unit 9 (Spearmen), piece 1 of 2",
        "artillery: unit 1 (Field Guns) at unit 9 (Spearmen), piece 2 of 2",
    ]


# --- suppression ------------------------------------------------------------------------------------------------


def test_HH_SHOOT_21_HH_SHOOT_22_HH_PD_21_suppressors_from_the_open_and_from_cover_add_up():
    """HH.SHOOT.21, ruling HH.SHOOT.22, HH.PD.21: unit 1 in the open suppresses 4 // 2 = 2 dice, unit 2 behind a
    wall 4 more (1:1); the hard-cover shooter is left with no dice at all."""
    walls = WALLED_9 + [((-1, 6), (-1, 5)), ((-1, 6), (0, 5))]
    st = v2(
        make_state(
            [
                (1, "south", "bow7", (0, 6), Facing.N),
                (2, "south", "bow7", (-1, 6), Facing.N),
                (9, "north", "longbow", (0, 4), Facing.S),
            ],
            walls=walls,
        )
    )
    assert _suppression(st) == ({9: 6}, {1, 2}, [])
    lines, purposes = phase(st, 12, 12, 12, 12)
    assert lines == [
        "Suppression: units [1, 2] suppress hard-cover shooters {9: 6} [HH.SHOOT.21, HH.PD.21].",
        "Shooting: south shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  Nobody shoots.",
        "Shooting: north shoots [HH.SEQ.11, HH.SHOOT.23].",
        "  unit 9 (Retinue Longbowmen) is suppressed: 6 dice fewer [HH.SHOOT.21].",
        "  unit 9 (Retinue Longbowmen) shoots at unit 1 (Spearmen): 0 D12 needing 5+: none: 0 hits [HH.SHOOT.17].",
        "  unit 1 (Spearmen): no hits.",
    ]
    assert purposes == []


def test_HH_PD_21_the_default_suppresses_the_shooter_with_most_dice():
    """HH.PD.21: of two hard-cover shooters, the one with more dice is suppressed (4 stands before 2)."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (7, "north", "longbow", (1, 4), Facing.S, {"stands": 2}),
            (9, "north", "longbow", (0, 4), Facing.S),
        ],
        walls=WALLED_9 + [((1, 4), (0, 5)), ((1, 4), (1, 5))],
    )
    assert _suppression(st) == ({9: 2}, {1}, [])


def test_HH_PD_21_a_shooter_with_a_plain_target_too_does_not_suppress():
    """HH.PD.21: only a unit whose only targets are hard-cover shooters suppresses by default."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (8, "north", "bare", (1, 4), Facing.S),
            (9, "north", "longbow", (0, 4), Facing.S),
        ],
        walls=WALLED_9,
    )
    assert _suppression(st) == ({}, set(), [])


def test_HH_PD_21_HH_SHOOT_5_a_phasing_shooter_that_may_not_shoot_does_not_suppress():
    """HH.PD.21, HH.SHOOT.5: a pavise unit that moved this bound may not shoot, so it suppresses nobody; the same
    unit in the enemy's bound does; an enemy's `suppress` line is not read."""
    st = make_state(
        [
            (1, "south", "pavisse", (0, 6), Facing.N, {"moved_this_bound": True}),
            (9, "north", "longbow", (0, 4), Facing.S),
        ],
        walls=WALLED_9,
    )
    assert _suppression(st) == ({}, set(), [])
    st.phasing = "north"
    assert _suppression(st, {1: ShootChoice(suppress=9)}) == ({9: 2}, {1}, [])


def test_HH_PD_21_default_suppression_only_at_the_units_a_contacted_shooter_may_shoot():
    """HH.PD.21, HH.SHOOT.13: a contacted non-phasing shooter suppresses only among the units that contacted it."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N, {"contacted_by": (5,)}),
            (5, "north", "bare", (0, 5), Facing.S),
            (9, "north", "longbow", (1, 4), Facing.S),
        ],
        walls=[((1, 4), (0, 5)), ((1, 4), (1, 5))],
        phasing="north",
    )
    assert may_shoot(st, st.units[1], False) == (True, [5])
    assert _suppression(st)[1] == set()


REFUSED = (
    "  unit 1 ({}) cannot suppress unit {}: it must be an enemy shooter in hard cover that the unit could shoot at;"
    " it holds its fire [HH.SHOOT.21]."
)


@pytest.mark.parametrize(
    ("case", "pid", "over", "target"),
    [
        ("a pavise unit that moved", "pavisse", {"moved_this_bound": True}, 9),
        ("artillery", "guns", {}, 9),
        ("no such unit", "bow7", {}, 99),
        ("a unit eliminated", "bow7", {}, 6),
        ("not a shooter", "bow7", {}, 8),
        ("not in hard cover", "bow7", {}, 7),
        ("out of reach", "bow7", {}, 4),
    ],
)
def test_HH_SHOOT_21_a_suppress_line_is_refused_unless_it_names_a_hard_cover_shooter_in_reach(case, pid, over, target):
    """HH.SHOOT.21: `suppress N at T` needs a unit that may shoot, small arms, and T an enemy shooter on the table,
    in hard cover, that the unit could shoot at; refused, the unit holds its fire and the next unit is still
    allocated."""
    st = make_state(
        [
            (1, "south", pid, (0, 6), Facing.N, over),
            (2, "south", "bow7", (-1, 6), Facing.N),
            (9, "north", "longbow", (0, 4), Facing.S),
            (8, "north", "bare", (1, 4), Facing.S),
            (7, "north", "longbow", (2, 4), Facing.S),
            (6, "north", "longbow", (2, 2), Facing.S, {"eliminated": True}),
            (4, "north", "longbow", (0, 1), Facing.S),
        ],
        walls=WALLED_9 + [((1, 4), (0, 5)), ((1, 4), (1, 5)), ((0, 1), (0, 2)), ((0, 1), (-1, 2))],
    )
    name = st.profiles[pid].name
    good = _suppression(st, {1: ShootChoice(suppress=9), 2: ShootChoice(suppress=9)})
    off, allocating, notes = _suppression(st, {1: ShootChoice(suppress=target), 2: ShootChoice(suppress=9)})
    assert notes == [REFUSED.format(name, target)]
    assert 1 not in allocating and 2 in allocating and off == {9: 2}
    if pid == "bow7":
        assert good == ({9: 4}, {1, 2}, [])
    lines, purposes = phase(st, choices={1: ShootChoice(suppress=target), 2: ShootChoice(suppress=9)})
    assert lines[0] == REFUSED.format(name, target)
    assert not [p for p in purposes if p.startswith(("shooting: unit 1 ", "artillery: unit 1 "))]


# --- declared lines -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "pid", "over", "choice", "line"),
    [
        ("decline", "bow7", {}, ShootChoice((), None, True), "  unit 1 (Spearmen) does not shoot [HH.SHOOT.12]."),
        (
            "disrupted, turning",
            "bow7",
            {"disrupted": True},
            ShootChoice((9,), Facing.NE),
            "  unit 1 (Spearmen) is disrupted and may not turn before shooting [HH.DISR.2].",
        ),
        (
            "out of range",
            "bow7",
            {},
            ShootChoice((8,), Facing.N),
            "  unit 1 (Spearmen) cannot shoot at [8] (range, arc or line of fire) [HH.SHOOT.6].",
        ),
        (
            "one of two out of range",
            "bow7",
            {},
            ShootChoice((9, 8), Facing.N),
            "  unit 1 (Spearmen) cannot shoot at [9, 8] (range, arc or line of fire) [HH.SHOOT.6].",
        ),
        (
            "no such unit",
            "bow7",
            {},
            ShootChoice((99,), Facing.N),
            "  unit 1 (Spearmen) cannot shoot at [99] (range, arc or line of fire) [HH.SHOOT.6].",
        ),
        (
            "2012 guns turning",
            "guns",
            {},
            ShootChoice((9,), Facing.NE),
            "  unit 1 (Field Guns) may turn only in its movement phase, not to shoot [HH12.ART.4].",
        ),
    ],
)
def test_HH_SHOOT_6_HH_SHOOT_12_a_refused_line_names_why_and_the_next_unit_still_shoots(case, pid, over, choice, line):
    """HH.SHOOT.6, HH.SHOOT.12, HH.DISR.2, HH12.ART.4: a declined or refused `shoot` line is told word for word, the
    unit rolls nothing, and the unit after it shoots as usual."""
    st = make_state(
        [
            (1, "south", pid, (0, 6), Facing.N, over),
            (2, "south", "bow7", (-1, 6), Facing.N),
            (9, "north", "bare", (0, 4), Facing.S),
            (8, "north", "bare", (0, 1), Facing.S),
        ]
    )
    st = v2(st, Edition.E2012 if pid == "guns" else Edition.E2022)
    lines, purposes = phase(st, *[1] * 8, choices={1: choice})
    assert lines[1] == line
    assert [p.split(",")[0] for p in purposes] == ["shooting: unit 2 (Spearmen) at unit 9 (Spearmen)"] * 4


def test_HH_SHOOT_12_a_unit_that_may_not_shoot_does_not_stop_the_next():
    """HH.SHOOT.2, HH.SHOOT.12: unit 1 is out of everything's reach; unit 2 after it shoots by default."""
    st = make_state(
        [
            (1, "south", "bare", (0, 6), Facing.N),
            (2, "south", "bow7", (-1, 6), Facing.N),
            (9, "north", "bare", (0, 4), Facing.S),
        ]
    )
    _, purposes = phase(st, *[1] * 4)
    assert len(purposes) == 4 and all(p.startswith("shooting: unit 2 ") for p in purposes)


def test_HH_DISR_2_a_disrupted_unit_may_name_its_own_facing():
    """HH.DISR.2: a disrupted shooter that names the facing it already has shoots (half its dice, HH.SHOOT.15)."""
    st = make_state(
        [(1, "south", "bow7", (0, 6), Facing.N, {"disrupted": True}), (9, "north", "bare", (0, 4), Facing.S)]
    )
    _, purposes = phase(st, *[1] * 2, choices={1: ShootChoice((9,), Facing.N)})
    assert purposes == [
        "shooting: unit 1 (Spearmen) at unit 9 (Spearmen), die 1 of 2",
        "shooting: unit 1 (Spearmen) at unit 9 (Spearmen), die 2 of 2",
    ]


@pytest.mark.parametrize(("version", "turns"), [(1, False), (LATEST_RULES_VERSION, True)])
def test_HH_SHOOT_7_face_E_is_kept_from_rules_version_2(version, turns):
    """HH.SHOOT.7: `shoot 1 at 9 face E` turns the unit east (Facing.E is 0); rules version 1 dropped `face E` as
    recorded, so the unit stays facing north and cannot reach its target. A line with no facing keeps the unit's
    own."""
    st = make_state([(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "bare", (2, 6), Facing.S)])
    st.options = replace(st.options, rules_version=version)
    lines, purposes = phase(st, *[1] * 4, choices={1: ShootChoice((9,), Facing.E)})
    assert (st.units[1].facing is Facing.E) is turns and (len(purposes) == 4) is turns
    if turns:
        assert lines[1] == "  unit 1 (Spearmen) turns to face E to shoot [HH.SHOOT.7, HH.ART.10]."
    else:
        assert lines[1] == "  unit 1 (Spearmen) cannot shoot at [9] (range, arc or line of fire) [HH.SHOOT.6]."
    st = v2(make_state([(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)]))
    _, purposes = phase(st, *[1] * 4, choices={1: ShootChoice((9,))})
    assert len(purposes) == 4 and st.units[1].facing is Facing.N


def test_HH_PD_23_HH_SHOOT_13_a_contacted_shooter_shoots_the_contacting_unit_in_the_phase():
    """HH.PD.23, HH.SHOOT.13: in the phase itself, a non-phasing shooter contacted this bound shoots at the unit
    that contacted it, not at a softer target it could otherwise choose."""
    st = make_state(
        [
            (1, "north", "bow7", (0, 4), Facing.S, {"contacted_by": (5,)}),
            (5, "south", "knights", (0, 5), Facing.N),
            (6, "south", "bare", (-2, 5), Facing.N),
        ]
    )
    assert default_target(st, st.units[1], None)[0] == 6
    _, purposes = phase(st, *[1] * 4)
    assert len(purposes) == 4 and all(p.startswith("shooting: unit 1 (Spearmen) at unit 5 ") for p in purposes)
