"""Small arms and artillery, rule by rule, with fixed dice [HH.SHOOT.*, HH.ART.*, HH.TERR.* shooting, HH.PD.21-25].

Geometry used throughout: a south unit at H(0, 5) facing N has H(0, 4) and H(1, 4) in front; H(0, 3) is two
hexes straight out along side 2, through H(0, 4), with no half-hex spine.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.battlefield import Terrain
from games.hordes_heroes.combat import can_follow, side_total
from games.hordes_heroes.crt import CrtMove, lookup
from games.hordes_heroes.model import Artillery, Band, Trajectory, TroopClass, Weapon
from games.hordes_heroes.results import Cause, apply_result, result_for
from games.hordes_heroes.shooting import (
    ShootChoice,
    art_extra,
    can_target,
    default_target,
    hard_cover,
    may_shoot,
    shooting_phase,
    small_arms_dice,
    to_hit,
)

from .helpers import PROFILES, Dice, Facing, H, make_state


def _prof(base: str, pid: str, **changes):
    p = PROFILES[base]
    PROFILES[pid] = replace(p, id=pid, **changes)
    return PROFILES[pid]


def _elev(st, **by_hex):
    """Set elevations: keys like q0r5=1."""
    ev = {}
    for k, v in by_hex.items():
        q, r = k[1:].split("r")
        ev[H(int(q.replace("m", "-")), int(r))] = v
    st.field = replace(st.field, elevation={**st.field.elevation, **ev})
    return st


def _terr(st, cells):
    st.field = replace(st.field, terrain={**st.field.terrain, **{H(*k): Terrain(v) for k, v in cells.items()}})
    return st


_prof("guns", "hguns", artillery=Artillery((Band(2, 8, 11, 12), Band(6, 10, 12, None)), Trajectory.HIGH))
_prof("guns", "sguns", artillery=Artillery((Band(2, 8, 11, 12), Band(6, 10, 12, None)), Trajectory.HIGH, True))
_prof("guns", "guns1", artillery=Artillery((Band(6, 8, 11, 12),), arc_faces=1))
_prof("guns", "aguns", cls=TroopClass.A)
_prof("spear", "bow7", shoot=7, weapon=Weapon.BOW, traits=frozenset())
_prof("spear", "bare", traits=frozenset())
_prof("chariot", "archariot", shoot=7, weapon=Weapon.BOW)
_prof("spear", "wagons", category=PROFILES["spear"].category.__class__("war_wagon"), stands=2, shoot=None)


# --- eligibility -------------------------------------------------------------------------------------------------


def test_HH_SHOOT_1_HH_SHOOT_24_HH_SEQ_13_HH_DEF_16_pooled_hits_from_both_bounds():
    """HH.SHOOT.1, HH.SHOOT.24, HH.SEQ.13, HH.DEF.16, HH.SHOOT.23: two longbow units hit one target 2 + 1 times; the
    3 hits are looked up once (C/3 recoil, disrupted) where two lookups would give nothing; a unit with no shooting
    factor throws nothing."""
    st = make_state(
        [
            (1, "south", "longbow", (0, 5), Facing.N),
            (2, "south", "longbow", (1, 5), Facing.N),
            (3, "north", "spear", (0, 4), Facing.S),
        ],
        phasing="north",  # small arms shoot in the enemy's Shooting Phase too
    )
    st.units[3] = replace(st.units[3], hex=H(1, 3))
    d = Dice(6, 6, 1, 1, 6, 1, 1, 1)
    lines = shooting_phase(st, d, {})
    assert len(d.log) == 8 and all(p.startswith("shooting: unit ") and "at unit 3" in p for _, p in d.log)
    assert "3 hits in all on" in "\n".join(lines)
    assert st.units[3].disrupted and st.units[3].hex != H(1, 3)
    assert lookup(TroopClass.C, 2).no_effect and lookup(TroopClass.C, 1).no_effect


@pytest.mark.parametrize(
    "case, phasing, engaged_at_start, contacted_by, ok, only",
    [
        ("phasing unit that moved into contact", True, False, (), False, None),
        ("non-phasing, contacted this bound", False, False, (9,), True, [9]),
        ("non-phasing, engaged since the bound began", False, True, (9,), False, None),
        ("non-phasing, engaged with a unit that did not contact it", False, False, (), False, None),
    ],
)
def test_HH_SHOOT_2_HH_SHOOT_13_engaged_shooters(case, phasing, engaged_at_start, contacted_by, ok, only):
    """HH.SHOOT.2 item 1, HH.SHOOT.13: engaged units shoot only when contacted this bound, and only at the contacts."""
    st = make_state(
        [
            (1, "south", "longbow", (0, 5), Facing.N, {"contacted_by": contacted_by}),
            (9, "north", "spear", (0, 4), Facing.S),
        ]
    )
    st.engaged_at_start = frozenset({1}) if engaged_at_start else frozenset()
    assert may_shoot(st, st.units[1], phasing) == (ok, only)


@pytest.mark.parametrize(
    "case, pid, over, ok",
    [
        ("stake carrier that moved", "longbow", {"moved_this_bound": True}, False),
        ("stake carrier that stayed", "longbow", {}, True),
        (
            "stakes already planted elsewhere, moved",
            "longbow",
            {"moved_this_bound": True, "stakes_carried": False},
            True,
        ),
        ("pavisse carrier that moved", "pavisse", {"moved_this_bound": True}, False),
        ("pavisses dropped, moved", "pavisse", {"moved_this_bound": True, "pavisses": False}, True),
        ("plain shooter that moved", "bow7", {"moved_this_bound": True}, True),
        ("shooter that evaded this bound", "lc", {"evaded_this_bound": True, "moved_this_bound": True}, True),
    ],
)
def test_HH_SHOOT_3_HH_SHOOT_4_HH_SHOOT_5_HH_SHOOT_26_moving_shooters(case, pid, over, ok):
    """HH.SHOOT.3, HH.SHOOT.4, HH.SHOOT.5, HH.SHOOT.26, HH.SPECIAL.8: only pavisses and unplanted stakes stop a moved
    shooter; an evader shoots normally."""
    st = make_state([(1, "south", pid, (0, 5), Facing.N, over), (9, "north", "spear", (0, 2), Facing.S)])
    assert may_shoot(st, st.units[1], True)[0] is ok


@pytest.mark.parametrize("target, ok", [((0, 4), True), ((0, 3), True), ((0, 2), False), ((-1, 4), True)])
def test_HH_SHOOT_6_HH_SHOOT_7_range_two_and_the_front_arc(target, ok):
    """HH.SHOOT.6, HH.SHOOT.7: range 1-2 only; a target outside the arc needs a free turn first, which an undisrupted
    shooter takes and a disrupted one may not (HH.DISR.2)."""
    st = make_state([(1, "south", "bow7", (0, 5), Facing.N), (9, "north", "bare", target, Facing.S)])
    u, v = st.units[1], st.units[9]
    in_front = can_target(st, u, v, Facing.N)
    pick = default_target(st, u, None)
    assert (pick is not None) is ok
    if ok and not in_front:
        assert pick[1] != Facing.N
        st.units[1] = replace(u, disrupted=True)
        assert default_target(st, st.units[1], None) is None


def test_HH_SHOOT_14_HH_SPECIAL_40_chariots_shoot_all_round_and_after_contact():
    """HH.SHOOT.14, HH.SPECIAL.40: a chariot shoots behind itself, and a phasing chariot in contact still shoots."""
    st = make_state([(1, "south", "archariot", (0, 5), Facing.N), (9, "north", "bare", (0, 6), Facing.N)])
    assert can_target(st, st.units[1], st.units[9], Facing.N)
    st.units[1] = replace(st.units[1], moved_this_bound=True)
    assert may_shoot(st, st.units[1], True) == (True, None)
    st.profiles["archariot"] = replace(st.profiles["archariot"], category=PROFILES["spear"].category)
    assert not can_target(st, st.units[1], st.units[9], Facing.N)


@pytest.mark.parametrize(
    "case, terrain, friend, elevation, ok",
    [
        ("clear", {}, False, {}, True),
        ("woodland between", {(0, 4): "wood"}, False, {}, False),
        ("BUA between (HH.TERR.49)", {(0, 4): "bua"}, False, {}, False),
        ("impenetrable between", {(0, 4): "impenetrable"}, False, {}, False),
        ("broken ground between (HH.TERR.21)", {(0, 4): "broken"}, False, {}, True),
        ("hill between never blocks (HH.SHOOT.9)", {}, False, {"q0r4": 2}, True),
        ("friend between on the level", {}, True, {}, False),
        ("friend below a shooter on a hill (HH.SHOOT.10, HH.TERR.6)", {}, True, {"q0r5": 1}, True),
        ("target in woodland at range 2 (HH.TERR.29)", {(0, 3): "wood"}, False, {}, True),
        ("shooter in BUA (HH.TERR.49)", {(0, 5): "bua"}, False, {}, True),
    ],
)
def test_HH_SHOOT_8_HH_SHOOT_9_HH_SHOOT_10_line_of_fire(case, terrain, friend, elevation, ok):
    """HH.SHOOT.8, HH.SHOOT.9, HH.SHOOT.10, HH.TERR.6, HH.TERR.21, HH.TERR.29, HH.TERR.49, HH.EX.16: what blocks a
    small-arms line of fire to a target two hexes away."""
    units = [(1, "south", "bow7", (0, 5), Facing.N), (9, "north", "bare", (0, 3), Facing.S)]
    if friend:
        units.append((2, "south", "bare", (0, 4), Facing.N))
    st = _elev(_terr(make_state(units), terrain), **elevation)
    assert can_target(st, st.units[1], st.units[9], Facing.N) is ok


def test_HH_GEN_15_HH_GEN_14_HH_SHOOT_11_lone_generals_neither_block_nor_are_targets():
    """HH.GEN.14, HH.GEN.15, HH.SHOOT.11: a lone enemy general in between blocks nothing and is never picked; an
    enemy engaged with a friend may be shot."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 5), Facing.N),
            (9, "north", "bare", (0, 3), Facing.S),
            (2, "south", "bare", (1, 3), Facing.N),
        ],
        [(5, "north", (0, 4))],
    )
    assert can_target(st, st.units[1], st.units[9], Facing.N)
    assert default_target(st, st.units[1], None)[0] == 9


def test_HH_GEN_23_general_dies_only_with_his_host():
    """HH.GEN.23, HH.GEN.22: shooting that leaves the host alive leaves its general alive; eliminating it kills him."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N)], [(5, "south", (0, 5))])
    apply_result(st, 1, lookup(TroopClass.C, 4), Cause.SHOOTING, [H(0, 3)], None, Dice())
    assert st.generals[5].alive and st.generals[5].hex == st.units[1].hex
    apply_result(st, 1, lookup(TroopClass.C, 9), Cause.SHOOTING, [H(0, 3)], None, Dice())
    assert st.units[1].eliminated and not st.generals[5].alive


@pytest.mark.parametrize(
    "case, pid, terrain, need",
    [
        ("open, no armour", "bare", {}, 7),
        ("BUA (HH.TERR.50)", "bare", {(0, 4): "bua"}, 9),
        ("woodland road hex is still woodland (HH.TERR.15, HH.TERR.16)", "bare", {(0, 4): "wood"}, 9),
        ("A1 in woodland", "spear", {(0, 4): "wood"}, 10),
    ],
)
def test_HH_TERR_50_HH_TERR_15_HH_TERR_16_terrain_armour(case, pid, terrain, need):
    """HH.TERR.50, HH.TERR.15, HH.TERR.16, HH.SHOOT.17, HH.SHOOT.19: terrain adds to the score needed, roads or not."""
    st = _terr(
        make_state(
            [(1, "south", "bow7", (0, 5), Facing.N), (9, "north", pid, (0, 4), Facing.S)], roads=[[(0, 4), (0, 3)]]
        ),
        terrain,
    )  # noqa: E501
    assert to_hit(st, st.units[1], st.units[9]) == need


def test_HH_TERR_36_river_shooters_shoot_as_if_disrupted():
    """HH.TERR.36, HH.DISR.6, HH.DEF.15: 4 stands in a river throw 2 D12 without being disrupted."""
    st = _terr(make_state([(1, "south", "bow7", (0, 5), Facing.N)]), {(0, 5): "river"})
    assert small_arms_dice(st, st.units[1]) == 2 and not st.units[1].disrupted


@pytest.mark.parametrize(
    "case, shooter, shooter_elev, need",
    [
        ("directly below across the steep side", (0, 5), 0, 9),
        ("range 2, line enters through the steep side", (0, 6), 0, 8),
        ("from another hill, even lower (HH.TERR.66)", (0, 6), 1, 7),
    ],
)
def test_HH_EX_15_escarpment_small_arms_HH_TERR_60_HH_TERR_62_HH_TERR_66(case, shooter, shooter_elev, need):
    """HH.EX.15, HH.TERR.60, HH.TERR.62, HH.TERR.66: bowmen (7+) below an unarmoured target on top of a steep side."""
    st = make_state(
        [(1, "south", "bow7", shooter, Facing.N), (9, "north", "bare", (0, 4), Facing.S)], steep=[((0, 4), (0, 5))]
    )
    st.field = replace(st.field, elevation={H(0, 4): 2, H(*shooter): shooter_elev})
    assert to_hit(st, st.units[1], st.units[9]) == need


@pytest.mark.parametrize(
    "case, where, ok, extra",
    [
        ("range 1 below: cannot shoot", (0, 5), False, None),
        ("range 2 across the steep side: +2", (0, 6), True, 2),
        ("range 3: normal", (0, 7), True, 0),
    ],
)
def test_HH_EX_15_escarpment_artillery_below_HH_TERR_61(case, where, ok, extra):
    """HH.EX.15, HH.TERR.61: artillery below a steep side."""
    st = make_state(
        [(1, "south", "guns", where, Facing.N), (9, "north", "bare", (0, 4), Facing.S)], steep=[((0, 4), (0, 5))]
    )
    st.field = replace(st.field, elevation={H(0, 4): 2})
    u, v = st.units[1], st.units[9]
    assert can_target(st, u, v, Facing.N) is ok
    if ok:
        assert art_extra(st, u, v) == extra


def test_HH_EX_15_artillery_on_top_HH_TERR_61():
    """HH.EX.15, HH.TERR.61: artillery on top may not shoot down across the steep side at range 1; range 2 is fine."""
    st = make_state(
        [(1, "north", "guns", (0, 4), Facing.S), (9, "south", "bare", (0, 5), Facing.N)], steep=[((0, 4), (0, 5))]
    )
    st.field = replace(st.field, elevation={H(0, 4): 2})
    assert not can_target(st, st.units[1], st.units[9], Facing.S)
    st.units[9] = replace(st.units[9], hex=H(0, 6))
    assert can_target(st, st.units[1], st.units[9], Facing.S)


@pytest.mark.parametrize(
    "pid, target, ok",
    [("hguns", (0, 2), False), ("hguns", (0, 1), True)],
)
def test_HH_EX_16_artillery_over_friends_two_times_distance_HH_SHOOT_10(pid, target, ok):
    """HH.EX.16, HH.SHOOT.10, HH.ART.13: from a hill, a friend at 2 is shot over only at range 4 or more (3 < 4)."""
    st = make_state(
        [
            (1, "south", pid, (0, 5), Facing.N),
            (2, "south", "bare", (0, 3), Facing.N),
            (9, "north", "bare", target, Facing.S),
        ]  # noqa: E501
    )
    st.field = replace(st.field, elevation={H(0, 5): 1})
    assert can_target(st, st.units[1], st.units[9], Facing.N) is ok


def test_HH_EX_16_small_arms_over_adjacent_friend_engaged_with_target():
    """HH.EX.16, HH.SHOOT.10: shooter at elevation 1, friend at 1 on the level, target at 2 engaged with the friend."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 5), Facing.N),
            (2, "south", "bare", (0, 4), Facing.N),
            (9, "north", "bare", (0, 3), Facing.S),
        ]  # noqa: E501
    )
    assert not can_target(st, st.units[1], st.units[9], Facing.N)
    st.field = replace(st.field, elevation={H(0, 5): 1})
    assert can_target(st, st.units[1], st.units[9], Facing.N)


# --- hard cover ---------------------------------------------------------------------------------------------------


def test_HH_SHOOT_20_HH_SPECIAL_21_HH_SPECIAL_22_hard_cover():
    """HH.SHOOT.20, HH.SPECIAL.20, HH.SPECIAL.21, HH.SPECIAL.22, HH.NOTE.6: small arms against a unit behind a wall roll
    no dice; artillery against it adds 2 to every threshold."""
    st = make_state(
        [(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)], walls=[((0, 4), (0, 5))]
    )
    assert hard_cover(st, st.units[1].hex, st.units[9])
    d = Dice(12, 12, 12, 12)
    lines = shooting_phase(st, d, {1: ShootChoice((9,))})
    assert not [p for _, p in d.log if "at unit 9" in p] and "hard cover: no effect" in "\n".join(lines)
    assert not st.units[9].disrupted
    st2 = make_state(
        [(1, "south", "guns", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)], walls=[((0, 4), (0, 5))]
    )
    assert art_extra(st2, st2.units[1], st2.units[9]) == 2


def test_HH_PD_21_suppressors_allocated_by_default():
    """HH.PD.21, HH.SHOOT.21, HH.SHOOT.22, HH.NOTE.10: a unit whose only target is a shooter in hard cover suppresses it
    2:1 from the open and rolls nothing; the suppressed shooter loses that many dice."""
    st = make_state(
        [(1, "south", "bow7", (0, 6), Facing.N), (9, "north", "longbow", (0, 4), Facing.S)], walls=[((0, 4), (0, 5))]
    )
    d = Dice(*[1] * 10)
    lines = shooting_phase(st, d, {})
    assert "suppress" in lines[0]
    assert not [p for _, p in d.log if "unit 1 " in p.split(" at ")[0]]
    assert len([p for _, p in d.log if p.startswith("shooting: unit 9")]) == 4 - 2


# --- procedure, defaults ------------------------------------------------------------------------------------------


def test_HH_PD_22_default_target_lowest_score_then_nearest():
    """HH.PD.22: the target needing the lowest score wins over a nearer armoured one; ties go to the nearer."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 5), Facing.N),
            (8, "north", "spear", (0, 4), Facing.S),
            (9, "north", "bare", (0, 3), Facing.S),
        ]
    )
    st.units[8] = replace(st.units[8], hex=H(1, 4))
    assert default_target(st, st.units[1], None)[0] == 9
    st.units[8] = replace(st.units[8], hex=H(1, 4))
    st.profiles["spear"] = replace(st.profiles["spear"], traits=frozenset())
    assert default_target(st, st.units[1], None)[0] == 8
    st.profiles["spear"] = PROFILES["spear"]


def test_HH_PD_23_contacted_shooter_defaults_to_the_contacting_unit():
    """HH.PD.23, HH.SHOOT.13: contacted this bound, it shoots only at the contacting unit even with a softer target."""
    st = make_state(
        [
            (1, "north", "bow7", (0, 4), Facing.S, {"contacted_by": (5,)}),
            (5, "south", "knights", (0, 5), Facing.N),
            (6, "south", "bare", (1, 4), Facing.N),
        ]
    )
    st.units[6] = replace(st.units[6], hex=H(-1, 6))
    ok, only = may_shoot(st, st.units[1], False)
    assert ok and only == [5]
    assert default_target(st, st.units[1], only)[0] == 5


def test_HH_PD_25_targets_resolved_in_ascending_id():
    """HH.PD.25, HH.SHOOT.23: target 4 is resolved before target 7 whatever the declaration order."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 5), Facing.N),
            (2, "south", "bow7", (1, 5), Facing.N),
            (7, "north", "bare", (0, 3), Facing.S),
            (4, "north", "bare", (1, 3), Facing.S),
        ]
    )
    d = Dice(*[1] * 8)
    shooting_phase(st, d, {1: ShootChoice((7,)), 2: ShootChoice((4,))})
    targets = [
        p.split(" at unit ")[1].split(" ")[0]
        for _, p in d.log
        if p.startswith("shooting: unit 1 ") or p.startswith("shooting: unit 2 ")
    ]  # noqa: E501
    assert targets[0] == "4" and targets[-1] == "7"


def test_HH_SHOOT_12_one_target_or_decline():
    """HH.SHOOT.12: all dice go on the one declared target; a unit may decline (`shoot N none`)."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 5), Facing.N),
            (8, "north", "bare", (0, 3), Facing.S),
            (9, "north", "bare", (1, 3), Facing.S),
        ]  # noqa: E501
    )
    d = Dice(*[1] * 4)
    shooting_phase(st, d, {1: ShootChoice((9,))})
    assert len([p for _, p in d.log if "at unit 9" in p]) == 4 and not [p for _, p in d.log if "at unit 8" in p]
    d = Dice()
    lines = shooting_phase(st, d, {1: ShootChoice((), None, True)})
    assert not d.log and "does not shoot" in "\n".join(lines)


def test_HH_SHOOT_25_shooting_results_no_follow_up_and_stakes_do_not_stop_recoil():
    """HH.SHOOT.25, HH.SPECIAL.15: a shooting recoil moves a unit behind its stakes, and nobody follows up."""
    st = make_state(
        [(1, "north", "longbow", (0, 4), Facing.S), (5, "south", "bow7", (0, 6), Facing.N)],
        phasing="south",
    )
    st.stakes[(min(H(0, 4), H(0, 5)), max(H(0, 4), H(0, 5)))] = (1, H(0, 4))
    res = result_for(st, 1, 3)
    assert res.move is CrtMove.RECOIL
    apply_result(st, 1, res, Cause.SHOOTING, [H(0, 6)], None, Dice())
    assert st.units[1].hex != H(0, 4) and st.units[5].hex == H(0, 6)


# --- artillery ----------------------------------------------------------------------------------------------------


def test_HH_ART_1_profile_block_and_house_default():
    """HH.ART.1, HH.DATA.2: the block round-trips, is validated, and a profile without one uses the house table."""
    a = Artillery.from_json({"bands": [[2, 8, 11, 12], [6, 10, 12, None]], "trajectory": "high", "arc_faces": 1})
    assert Artillery.from_json(a.to_json()) == a and a.max_range == 6 and a.band(3).h1 == 10 and a.band(7) is None
    with pytest.raises(ValueError, match="HH.ART.11"):
        Artillery.from_json({"bands": [[2, 8, None, None]], "arc_faces": 3})
    assert PROFILES["guns"].guns.max_range == 6


@pytest.mark.parametrize(
    "case, phasing, over, ok",
    [
        ("own phase, did not move", True, {}, True),
        ("opponent's phase without Hold Fire (HH.ART.2)", False, {}, False),
        ("own phase after moving (HH.ART.3)", True, {"moved_this_bound": True}, False),
        ("own phase with Hold Fire (HH.ART.4)", True, {"hold_fire": True}, False),
        ("opponent's phase with Hold Fire (HH.ART.6)", False, {"hold_fire": True}, True),
    ],
)
def test_HH_ART_2_HH_ART_3_HH_ART_6_when_artillery_shoots(case, phasing, over, ok):
    """HH.ART.2, HH.ART.3, HH.ART.4, HH.ART.6: own phase unless moved or under Hold Fire; HF pieces shoot in every
    opposing phase while the marker stays."""
    st = make_state([(1, "south", "guns", (0, 6), Facing.N, over), (9, "north", "bare", (0, 3), Facing.S)])
    assert may_shoot(st, st.units[1], phasing)[0] is ok


def test_HH_ART_6_hold_fire_marker_stays_after_shooting():
    """HH.ART.6, HH.ART.4: an HF battery shoots in the opponent's phase and keeps its marker for the next one."""
    st = make_state(
        [(1, "south", "guns", (0, 6), Facing.N, {"hold_fire": True}), (9, "north", "bare", (0, 3), Facing.S)],
        phasing="north",
    )
    for _ in range(2):
        d = Dice(1, 1)
        shooting_phase(st, d, {})
        assert len([p for _, p in d.log if p.startswith("artillery: unit 1")]) == 2
        assert st.units[1].hold_fire


def test_HH_ART_5_hold_fire_lost_on_moving():
    """HH.ART.5: moving the HF battery removes its marker at once."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    st = make_state([(1, "south", "guns", (0, 6), Facing.N, {"hold_fire": True})])
    plan = plan_move(st, Move(1, 1, (H(0, 5),)))
    assert not plan.unit.hold_fire and plan.unit.moved_this_bound


def test_HH_ART_7_each_piece_rolls_and_hits_pool():
    """HH.ART.7, HH.SHOOT.24: two pieces roll one D12 each; 12 (3 hits at short range) and 11 (2) pool to 5 hits."""
    st = make_state([(1, "south", "guns", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)])
    d = Dice(12, 11)
    lines = shooting_phase(st, d, {})
    assert [p for _, p in d.log] == [
        "artillery: unit 1 (Field Guns) at unit 9 (Spearmen), piece 1 of 2",
        "artillery: unit 1 (Field Guns) at unit 9 (Spearmen), piece 2 of 2",
    ]
    assert "5 hits in all" in "\n".join(lines) and st.units[9].stands == 3


@pytest.mark.parametrize("facing, ok", [(Facing.N, False), (Facing.NW, True)])
def test_HH_ART_10_arc_of_a_one_face_battery(facing, ok):
    """HH.ART.10, HH.ART.11: a battery with arc_faces 1 shoots only when facing a side, out of that side."""
    st = make_state([(1, "south", "guns1", (0, 6), Facing.N), (9, "north", "bare", (0, 4), Facing.S)])
    assert can_target(st, st.units[1], st.units[9], facing) is ok


@pytest.mark.parametrize(
    "case, target, terrain, ok",
    [
        ("woodland target at 3 (HH.TERR.31)", (0, 3), {(0, 3): "wood"}, True),
        ("woodland target at 4 (HH.TERR.31)", (0, 2), {(0, 2): "wood"}, False),
        ("through woodland (HH.ART.12)", (0, 2), {(0, 4): "wood"}, False),
        ("through impenetrable (HH.ART.12)", (0, 2), {(0, 4): "impenetrable"}, False),
    ],
)
def test_HH_ART_12_HH_TERR_31_artillery_line_of_fire(case, target, terrain, ok):
    """HH.ART.12, HH.TERR.31, HH.EX.17: one hex into woodland at 3 hexes or less, never through it."""
    st = _terr(make_state([(1, "south", "guns", (0, 6), Facing.N), (9, "north", "bare", target, Facing.S)]), terrain)
    assert can_target(st, st.units[1], st.units[9], Facing.N) is ok


@pytest.mark.parametrize(
    "pid, friend_at, hill, ok",
    [
        ("hguns", (0, 5), False, True),
        ("hguns", (0, 4), False, False),
        ("guns", (0, 5), False, False),
        ("guns", (0, 5), True, True),
        ("sguns", (0, 5), True, False),
    ],
)
def test_HH_ART_13_HH_ART_14_over_friends_engaged_with_the_target(pid, friend_at, hill, ok):
    """HH.ART.13, HH.ART.14: high trajectory over an adjacent friend on the level (even one engaged with the target);
    low trajectory only from higher ground; scatter never."""
    st = make_state(
        [
            (1, "south", pid, (0, 6), Facing.N),
            (2, "south", "bare", friend_at, Facing.N),
            (9, "north", "bare", (0, 2), Facing.S),
        ]  # noqa: E501
    )
    if friend_at == (0, 4):
        st.units[9] = replace(st.units[9], hex=H(0, 3))
    if hill:
        st.field = replace(st.field, elevation={H(0, 6): 1})
    assert can_target(st, st.units[1], st.units[9], Facing.N) is ok


def test_HH_ART_15_engaged_artillery_does_not_shoot():
    """HH.ART.15: engaged artillery may not shoot, except HF artillery contacted this bound, at its contacts."""
    st = make_state([(1, "south", "guns", (0, 5), Facing.N), (9, "north", "bare", (0, 4), Facing.S)])
    assert may_shoot(st, st.units[1], True) == (False, None)
    st.units[1] = replace(st.units[1], hold_fire=True, contacted_by=(9,))
    assert may_shoot(st, st.units[1], False) == (True, [9])


def test_HH_ART_16_disrupted_artillery_half_pieces_no_turn():
    """HH.ART.16: a disrupted 2-piece battery fires 1 piece and may not turn first."""
    st = make_state(
        [(1, "south", "guns", (0, 6), Facing.N, {"disrupted": True}), (9, "north", "bare", (0, 4), Facing.S)]
    )
    d = Dice(1, 1)
    shooting_phase(st, d, {})
    assert len(d.log) == 1
    st.units[9] = replace(st.units[9], hex=H(0, 7))
    assert default_target(st, st.units[1], None) is None


@pytest.mark.parametrize(
    "pid, hits, eliminated, stands",
    [
        ("aguns", 3, False, 2),  # HH.ART.18: A/3 "Recoil" disrupts in place
        ("guns", 3, False, 2),  # C/3 recoil, disrupted: stays in place
        ("guns", 4, True, 0),  # C/4 flee: the crew abandon the guns
    ],
)
def test_HH_ART_17_HH_ART_18_artillery_never_recoils(pid, hits, eliminated, stands):
    """HH.ART.17, HH.ART.18, HH.COMP.23: a recoil leaves artillery in place and disrupted; a flee eliminates it."""
    st = make_state([(1, "south", pid, (0, 6), Facing.N)])
    apply_result(st, 1, result_for(st, 1, hits), Cause.SHOOTING, [H(0, 3)], None, Dice())
    u = st.units[1]
    assert u.eliminated is eliminated and u.stands == stands
    if not eliminated:
        assert u.hex == H(0, 6) and u.disrupted


def test_HH_STAND_3_two_piece_battery_goes_on_at_one_piece():
    """HH.STAND.3, HH.ART.17: a class-A 2-piece battery taking A/4 (recoil, 1 stand lost) stays in place with
    1 piece; it is not removed."""
    st = make_state([(1, "south", "guns", (0, 6), Facing.N)])
    st.profiles["bguns"] = replace(PROFILES["guns"], id="bguns", cls=TroopClass.A)
    st.units[1] = replace(st.units[1], profile="bguns", base_profile="bguns")
    apply_result(st, 1, result_for(st, 1, 4), Cause.SHOOTING, [H(0, 3)], None, Dice())
    assert st.units[1].stands == 1 and not st.units[1].eliminated and st.units[1].hex == H(0, 6)


def test_HH_ART_19_HH_ART_20_artillery_fights_but_never_follows_up():
    """HH.ART.19, HH.ART.20, HH.SPECIAL.41: artillery adds its CF and stands in H2H, and never enters a vacated hex."""
    st = make_state([(1, "south", "guns", (0, 6), Facing.N), (9, "north", "bare", (0, 5), Facing.S)])
    t = side_total(st, [st.units[1]], [], {1: [st.units[9]]}, {1: False})
    assert (t.cf, t.stands) == (1, 2)
    st.units[9] = replace(st.units[9], hex=None, eliminated=True)
    assert not can_follow(st, st.units[1], H(0, 5))
    st.units[2] = replace(st.units[1], id=2, profile="wagons", base_profile="wagons")
    assert not can_follow(st, st.units[2], H(0, 5))


def test_HH_SEQ_14_sequential_shooting_phasing_results_first():
    """HH.SEQ.14, HH.SEQ.13, HH.NOTE.5: the phasing side's hits are applied before the other side shoots, so a
    shooter it eliminates never shoots back."""
    st = make_state(
        [(1, "south", "longbow", (0, 5), Facing.N), (9, "north", "bow7", (0, 3), Facing.S, {"stands": 2, "nominal": 4})]
    )
    d = Dice(*[12] * 4)
    shooting_phase(st, d, {})
    assert st.units[9].eliminated and not [p for _, p in d.log if p.startswith("shooting: unit 9")]
