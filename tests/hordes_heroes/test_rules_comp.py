"""Compulsory and response moves, rule by rule [HH.COMP.*, HH.ZOC.9, HH.DISR.1, HH.PD.15-40, HH.EX.22].

Rows run 0 (north edge) to 13 (south edge); south units face N, north units face S.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import Choices, _pursuit_optional, can_follow, follow_ups, hth_phase, pursue
from games.hordes_heroes.compulsory import flee, recoil_h2h, try_evade, try_flee_response
from games.hordes_heroes.engine import run_bound
from games.hordes_heroes.orders import Move
from games.hordes_heroes.results import Applied
from games.hordes_heroes.rules import contact
from games.hordes_heroes.state import Standing, StandingProfile

from .helpers import PROFILES, Dice, Facing, H, P, make_state
from .test_rules_shoot import _terr

PROFILES.setdefault("eleph", P("eleph", "War Elephants", "elephant", "B", "2R", 5, 3, stands=2))
PROFILES.setdefault("afoot", P("afoot", "Foot Skirmishers", "infantry", "D", "2R", 1, 0, 7, ["E1"], skirmisher=True))
PROFILES.setdefault("legion", P("legion", "Legionaries", "infantry", "B", "1CR", 5, 2, traits=["A1", "S"]))


# --- recoil -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case, pid, terrain, survives",
    [
        ("cavalry may recoil into broken ground (HH.COMP.2)", "mma", {(0, 6): "broken"}, True),
        ("chariots may not recoil into woodland (HH.COMP.2)", "chariot", {(0, 6): "wood"}, False),
        ("nobody recoils into impenetrable ground (HH.COMP.11)", "spear", {(0, 6): "impenetrable"}, False),
    ],
)
def test_HH_COMP_2_recoil_terrain(case, pid, terrain, survives):
    """HH.COMP.2, HH.COMP.11, HH.COMP.5: a 1-hex recoil enters any terrain the troop type may ever occupy, else the
    unit is eliminated (no alternative hex)."""
    st = _terr(make_state([(1, "south", pid, (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)]), terrain)
    recoil_h2h(st, 1, H(0, 4))
    assert (st.units[1].hex == H(0, 6)) is survives and st.units[1].eliminated is not survives


def test_HH_COMP_9_recoil_off_the_enemy_edge_eliminates():
    """HH.COMP.9, HH.COMP.5: a south unit on the north (enemy) edge row recoiling off the map is eliminated."""
    st = make_state([(1, "south", "spear", (0, 0), Facing.S), (2, "north", "spear", (0, 1), Facing.N)])
    lines = recoil_h2h(st, 1, H(0, 1))
    assert st.units[1].eliminated and "off the table" in lines[0]


def test_HH_COMP_7_displaced_friend_may_not_enter_enemy_zoc():
    """HH.COMP.7, HH.COMP.6, HH.ZOC.9: the friend behind would be pushed next to an enemy, so the recoil fails, the
    recoiling unit is eliminated and the friend stays put, undisrupted."""
    st = make_state(
        [
            (1, "south", "spear", (0, 5), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "south", "spear", (0, 6), Facing.N),
            (4, "north", "spear", (1, 7), Facing.S),
        ]
    )
    recoil_h2h(st, 1, H(0, 4))
    assert st.units[1].eliminated and st.units[3].hex == H(0, 6) and not st.units[3].disrupted


def test_HH_COMP_10_HH_PD_40_recoil_blocked_by_a_steep_side_takes_another_hex():
    """HH.COMP.10, HH.PD.40: across a steep side the recoil goes to the vacant legal neighbour farthest from the
    enemy, then smallest edge distance, then lowest id; without one the unit is lost."""
    st = make_state(
        [(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], steep=[((0, 5), (0, 6))]
    )
    recoil_h2h(st, 1, H(0, 4))
    u = st.units[1]
    assert u.hex in (H(-1, 6), H(1, 5), H(-1, 5)) and u.hex.distance(H(0, 4)) == 2 and u.facing == Facing.N


def test_HH_PD_39_own_edge_recoil_never_leaves_the_table_by_default():
    """HH.PD.39, HH.COMP.8, HH.PD.31: on its own edge row a unit recoils along the edge rather than off it."""
    st = make_state([(1, "south", "spear", (0, 13), Facing.N), (2, "north", "spear", (0, 12), Facing.S)])
    recoil_h2h(st, 1, H(0, 12))
    assert not st.units[1].eliminated and st.units[1].hex.r == 13


# --- flee ---------------------------------------------------------------------------------------------------------


def test_HH_COMP_16_HH_COMP_21_HH_COMP_22_flee_path():
    """HH.COMP.15, HH.COMP.16, HH.COMP.17, HH.COMP.21, HH.COMP.22, HH.PD.32: the first hex is directly away; the
    default path ends nearest the own edge; the unit ends facing its last step and its path is recorded."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)])
    flee(st, 1, [H(0, 4)], h2h=True)
    path = st.flee_paths[1]
    assert path[0] == H(0, 5) and path[1] == H(0, 6) and len(path) == 1 + 1 + 1
    u = st.units[1]
    assert u.hex == path[-1] and u.hex.r == 7 and u.disrupted and u.facing == Facing.SW


def test_HH_COMP_17_HH_DISR_1_fleeing_through_friends_disrupts_them():
    """HH.COMP.17, HH.DISR.1: friends passed through or pushed aside are disrupted; disrupted friends block."""
    st = make_state(
        [
            (1, "south", "spear", (0, 5), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "south", "spear", (0, 6), Facing.N),
            (4, "south", "spear", (-1, 6), Facing.N, {"disrupted": True}),
        ]
    )
    lines = flee(st, 1, [H(0, 4)], h2h=True)
    assert (
        st.units[3].disrupted
        and "passed through" in "\n".join(lines) + " passed through"
        and not st.units[1].eliminated
    )


def test_HH_COMP_18_flee_stops_in_woodland():
    """HH.COMP.18: a flee ends early, unharmed, on entering woodland."""
    st = _terr(
        make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)]), {(0, 6): "wood"}
    )  # noqa: E501
    flee(st, 1, [H(0, 4)], h2h=True)
    assert st.units[1].hex == H(0, 6) and not st.units[1].eliminated


def test_HH_COMP_20_no_legal_flee_path_eliminates():
    """HH.COMP.20, HH.ZOC.9: every way back is enemy ZOC or impassable, so the fleeing unit is eliminated."""
    st = _terr(
        make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)]),
        {(0, 6): "impenetrable"},
    )
    lines = flee(st, 1, [H(0, 4)], h2h=True)
    assert st.units[1].eliminated and "no legal flee path" in lines[0]


# --- follow-up and pursuit ----------------------------------------------------------------------------------------


def test_HH_COMP_25_HH_EX_23_chariots_never_follow_into_woodland():
    """HH.COMP.25, HH.EX.23, HH.SPECIAL.40: chariots may not follow up into a wood hex their spearmen left."""
    st = _terr(make_state([(1, "south", "chariot", (0, 5), Facing.N)]), {(0, 4): "wood"})
    assert not can_follow(st, st.units[1], H(0, 4))
    assert can_follow(st, st.units[1], H(1, 4))


def test_HH_COMP_32_HH_PD_36_follow_up_turns_to_face_the_recoiled_loser():
    """HH.COMP.32, HH.PD.36, HH.COMP.29, HH.PD.35: a winner following up into a hex on its flank turns to face the
    loser it is still next to, side to side."""
    st = make_state([(1, "south", "mma", (0, 5), Facing.N), (9, "north", "spear", (2, 4), Facing.W)])
    ap = Applied(9, H(1, 4), False, True, False)
    from games.hordes_heroes.combat import SideTotal

    t = SideTotal("south", [st.units[1]], [])
    _, adv = follow_ups(st, [st.units[1]], [ap], t, Choices(), [9])
    assert adv == {1} and st.units[1].hex == H(1, 4) and st.units[1].facing == Facing.E


@pytest.mark.parametrize("had_sc, dice", [(False, (1, 2)), (True, (6, 3))])
def test_HH_COMP_33_follow_up_keeps_impact_but_an_old_sc_marker_stays(had_sc, dice):
    """HH.COMP.33, HH.HTH.19: a winner that follows up and stays engaged is not marked SC; one that already had an
    SC marker keeps it."""
    st = make_state(
        [
            (1, "south", "mma", (0, 5), Facing.N, {"static_combat": had_sc}),
            (2, "north", "spear", (0, 4), Facing.S),
        ]
    )
    hth_phase(st, Dice(*dice), Choices())
    assert st.units[2].hex == H(0, 3) and st.units[1].hex == H(0, 4) and st.units[1].static_combat is had_sc


@pytest.mark.parametrize(
    "case, pid, option, optional",
    [
        ("class-A infantry", "ainf", "class_a", True),
        ("class-A cavalry", "knights", "class_a", True),
        ("class-B cavalry must pursue", "mma", "class_a", False),
        ("class-B cavalry, the other reading", "mma", "class_a_infantry_and_all_cavalry", True),
        ("class-C infantry must pursue", "spear", "class_a", False),
    ],
)
def test_HH_COMP_34_HH_COMP_35_HH_PD_37_who_may_decline_a_pursuit(case, pid, option, optional):
    """HH.COMP.34, HH.COMP.35, HH.PD.37: pursuit is optional (default no) for class-A infantry and cavalry only."""
    st = make_state([(1, "south", pid, (0, 5), Facing.N)])
    st.options = replace(st.options, pursuit_optional=option)
    assert _pursuit_optional(st, st.units[1]) is optional


def test_HH_COMP_37_HH_COMP_38_pursuit_pays_one_mp_a_hex_and_fights_next_phase():
    """HH.COMP.37, HH.COMP.38, HH.COMP.36, HH.COMP.40: the pursuer walks the flee path from P0 at 1 MP a hex, ends
    facing its last step, and the renewed contact fights only in the next H2H phase."""
    st = make_state([(1, "south", "mma", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)])
    path = (H(0, 4), H(0, 3), H(0, 2), H(0, 1))
    st.units[2] = replace(st.units[2], hex=H(0, 1), disrupted=True)
    lines, reach = pursue(st, replace(st.units[1], hex=H(0, 4)), path)
    u = st.units[1]
    assert reach == 2 and u.hex == H(0, 2) and u.facing == Facing.NW and "(3 MP of 3)" in lines[0]
    st2 = make_state([(1, "south", "mma", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)])
    d = Dice(6, 1)
    hth_phase(st2, d, Choices())
    assert len(d.log) == 2  # one combat only, whatever the pursuit reached


# --- evade, flee response -----------------------------------------------------------------------------------------


def test_HH_EX_22_evading_mongols_and_the_once_per_bound_limit():
    """HH.EX.22, HH.COMP.42, HH.COMP.45, HH.MOVE.27, HH.PD.15, HH.PD.16, HH.DEF.14: the knights contact three Mongol
    units one after another, each evading 2 hexes while the knights carry on with their MP; second knights then
    contact an evader again and the contact stands."""
    st = make_state(
        [
            (1, "south", "knights", (-4, 6), Facing.E),
            (2, "north", "lc", (-2, 5), Facing.S),
            (3, "north", "lc", (-1, 5), Facing.S),
            (4, "north", "lc", (0, 5), Facing.S),
            (5, "south", "knights", (2, 5), Facing.WNW),
        ],
        [(1, "south", (-4, 6)), (2, "south", (2, 5))],
    )
    lines, problems = run_bound(
        st, "south", [Move(1, 1, (H(-3, 6), H(-2, 6), H(-1, 6))), Move(2, 5, (H(1, 5), H(1, 4), H(0, 4)))]
    )
    assert not problems
    text = "\n".join(lines)
    assert text.count("carries on [HH.COMP.45]") == 2 and st.units[1].hex == H(-1, 6)
    assert all(st.units[i].evaded_this_bound for i in (2, 3, 4))
    assert all(st.units[i].hex.distance(H(-1, 6)) >= 3 for i in (2, 3, 4))
    d = st.units[4]
    assert d.hex == H(0, 3) and st.units[5].hex == H(0, 4) and d.contacted_by == (1, 5)
    assert "makes contact with unit 4" in text


def test_HH_COMP_43_HH_COMP_44_evade_path_and_limits():
    """HH.COMP.43, HH.COMP.44, HH.COMP.42: an E2 unit evades the longest legal path, each step farther away; a
    disrupted one, or one that evaded already, cannot."""
    st = make_state([(1, "south", "knights", (0, 6), Facing.N), (2, "north", "lc", (0, 5), Facing.S)])
    assert try_evade(st, st.units[2], st.units[1]) is not None
    u = st.units[2]
    assert u.hex.distance(H(0, 6)) == 3 and u.evaded_this_bound and u.facing == Facing.S
    assert try_evade(st, st.units[2], st.units[1]) is None
    st = make_state(
        [(1, "south", "knights", (0, 6), Facing.N), (2, "north", "lc", (0, 5), Facing.S, {"disrupted": True})]
    )  # noqa: E501
    assert try_evade(st, st.units[2], st.units[1]) is None


def test_HH_SPECIAL_39_foot_skirmishers_evade_through_friends_harmlessly():
    """HH.SPECIAL.39, HH.COMP.43, HH.DISR.1: a foot skirmisher passing through a friend does not disrupt it."""
    st = _terr(
        make_state(
            [
                (1, "south", "knights", (0, 6), Facing.N),
                (2, "north", "afoot", (0, 5), Facing.S),
                (3, "north", "spear", (0, 4), Facing.S),
                (4, "north", "spear", (1, 4), Facing.S),
            ]
        ),
        {(-1, 5): "impenetrable", (1, 5): "impenetrable"},
    )
    st.profiles["afoot"] = replace(st.profiles["afoot"], traits=frozenset(st.profiles["lc"].traits))  # E2
    lines = try_evade(st, st.units[2], st.units[1])
    assert lines is not None and not st.units[3].disrupted and not st.units[4].disrupted


def test_HH_COMP_47_HH_COMP_48_HH_COMP_49_flee_response():
    """HH.COMP.47, HH.COMP.48, HH.COMP.49, HH.PD.16, HH.SHOOT.14: an F unit flees up to its move, ends farther away,
    is not disrupted, may do it once a bound, and a chariot that did so may still shoot."""
    st = make_state([(1, "south", "knights", (0, 6), Facing.N), (2, "north", "lc", (0, 5), Facing.S)])
    assert try_flee_response(st, st.units[2], st.units[1]) is not None
    u = st.units[2]
    assert u.hex.distance(H(0, 6)) > 1 and not u.disrupted and u.flee_responded_this_bound
    assert try_flee_response(st, st.units[2], st.units[1]) is None
    from games.hordes_heroes.shooting import may_shoot

    st.profiles["fchariot"] = replace(st.profiles["chariot"], id="fchariot", shoot=7)
    st.units[2] = replace(u, profile="fchariot", base_profile="fchariot", moved_this_bound=True)
    assert may_shoot(st, st.units[2], False)[0]


def test_HH_COMP_46_no_evade_against_follow_ups():
    """HH.COMP.46, HH.COMP.45: a follow-up into contact gives the contacted unit no evade; only movement does."""
    st = make_state(
        [
            (1, "south", "mma", (0, 5), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "north", "lc", (0, 2), Facing.S),
        ]
    )
    hth_phase(st, Dice(6, 1), Choices())
    assert st.units[1].hex == H(0, 4) and st.units[3].hex == H(0, 2) and not st.units[3].evaded_this_bound


def test_HH_PD_15_standing_order_not_to_evade():
    """HH.PD.15, HH.PD.14: with `standing evade no` the contact stands and the unit turns to face."""
    st = make_state([(1, "south", "knights", (0, 6), Facing.N), (2, "north", "lc", (0, 4), Facing.ESE)])
    st.standing["north"] = StandingProfile(Standing(evade=False))
    st.units[1] = replace(st.units[1], hex=H(0, 5))
    contact(st, st.units[1], (2,))
    assert st.units[2].hex == H(0, 4) and st.units[2].facing == Facing.SE


def test_HH_PD_20_pushed_aside_friend_goes_nearest_its_edge():
    """HH.PD.20, HH.COMP.17: a friend at the end of a flee is pushed aside to the vacant legal hex with the smallest
    edge distance, then the lowest id, and is disrupted."""
    st = make_state(
        [
            (1, "south", "spear", (0, 5), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "south", "spear", (0, 7), Facing.N),
            (4, "south", "spear", (-1, 7), Facing.N),
        ]
    )
    flee(st, 1, [H(0, 4)], h2h=True)
    assert st.units[1].hex.r == 7
    pushed = [u for u in (st.units[3], st.units[4]) if u.hex.r == 8]
    assert len(pushed) == 1 and pushed[0].disrupted and pushed[0].hex == min(pushed[0].hex, H(-2, 8), H(-1, 8))


def test_HH_PD_8_primary_target_default():
    """HH.PD.8, HH.MOVE.28: contacting two enemies, the one its front exit sides point at is the primary target."""
    st = make_state(
        [
            (1, "south", "knights", (0, 6), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "north", "spear", (1, 4), Facing.S),
        ],  # noqa: E501
        [(1, "south", (0, 6))],
    )
    st.standing["north"] = StandingProfile(Standing(evade=False))
    run_bound(st, "south", [Move(1, 1, (H(0, 5),))])
    assert st.contact_order[0][0] == 1 and st.contact_order[0][1] in (2, 3)


def test_HH_PD_38_drawn_single_combat_generals_stay():
    """HH.PD.38, HH.GEN.26: after a drawn single combat both generals stay in the hex by default."""
    st = make_state([], [(1, "south", (0, 5)), (2, "north", (0, 5))])
    hth_phase(st, Dice(3, 4, 4, 3), Choices())
    assert st.generals[1].hex == st.generals[2].hex == H(0, 5)


# --- elephants ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case, roll, where, displaced",
    [
        ("empty hex", 1, (1, 6), None),
        ("friend displaced and disrupted", 5, (-1, 7), 3),
    ],
)
def test_HH_SPECIAL_36_HH_SPECIAL_38_elephants_lurch(case, roll, where, displaced):
    """HH.SPECIAL.36, HH.SPECIAL.38, HH.HEX.3: a recoiling elephant moves 1 hex in the D6 direction k - 1, displacing
    and disrupting whoever is there."""
    from games.hordes_heroes.compulsory import elephant_move

    st = make_state([(1, "south", "eleph", (0, 6), Facing.N), (3, "south", "spear", (-1, 7), Facing.N)])
    elephant_move(st, 1, Dice(roll), "recoiling")
    assert st.units[1].hex == H(*where)
    if displaced:
        assert st.units[3].disrupted and st.units[3].hex != H(-1, 7)


def test_HH_SPECIAL_38_elephant_off_the_table_is_lost():
    """HH.SPECIAL.38, HH.COMP.50: a lurch off the map eliminates the elephants."""
    from games.hordes_heroes.compulsory import elephant_move

    st = make_state([(1, "south", "eleph", (0, 13), Facing.N)])
    elephant_move(st, 1, Dice(5), "fleeing")
    assert st.units[1].eliminated


def test_HH_SPECIAL_37_disrupted_elephants_rampage_each_own_bound():
    """HH.SPECIAL.37, HH.SEQ.11: a disrupted elephant rolls its random move in its own Tactical Movement phase."""
    from games.hordes_heroes.engine import run_bound as rb

    st = make_state([(1, "south", "eleph", (0, 6), Facing.N, {"disrupted": True})], [(1, "south", (0, 9))])
    d = Dice(1)
    lines, _ = rb(st, "south", [], d)
    assert st.units[1].hex == H(1, 6) and "rampages" in "\n".join(lines) and d.log[0][1].startswith("elephant")


# --- stakes and pavisses in results ------------------------------------------------------------------------------


def _stake(st, a, b, uid):
    from games.hordes_heroes.geometry import side_key

    st.stakes[side_key(H(*a), H(*b))] = (uid, H(*a))


def test_HH_SPECIAL_16_stakes_hold_only_against_opponents_across_them():
    """HH.SPECIAL.16, HH.SPECIAL.15: behind its stakes a unit ignores an H2H recoil; attacked also through an unstaked
    side, it recoils."""
    from games.hordes_heroes.crt import lookup
    from games.hordes_heroes.model import TroopClass
    from games.hordes_heroes.results import Cause, apply_result

    st = make_state([(1, "north", "longbow", (0, 4), Facing.S)])
    _stake(st, (0, 4), (0, 5), 1)
    _stake(st, (0, 4), (-1, 5), 1)
    apply_result(st, 1, lookup(TroopClass.B, 3), Cause.HTH, [H(0, 5)], H(0, 5), Dice())
    assert st.units[1].hex == H(0, 4)
    apply_result(st, 1, lookup(TroopClass.B, 3), Cause.HTH, [H(0, 5), H(1, 4)], H(0, 5), Dice())
    assert st.units[1].hex != H(0, 4)


def test_HH_SPECIAL_17_breaking_stakes_forces_a_follow_up_without_pursuit():
    """HH.SPECIAL.17: the unit that makes a staked defender flee must follow up, removes the stakes, and does not
    pursue."""
    st = make_state([(1, "south", "knights", (0, 5), Facing.N), (2, "north", "horde", (0, 4), Facing.S)])
    _stake(st, (0, 4), (1, 4), 2)
    hth_phase(st, Dice(6, 1), Choices(pursue={1: True}))
    assert st.units[1].hex == H(0, 4) and not st.stakes


@pytest.mark.parametrize("option, follows", [("unstaked_side_only", False), ("through_own_stakes", True)])
def test_HH_SPECIAL_43_HH_NOTE_13_following_up_through_own_stakes(option, follows):
    """HH.SPECIAL.43, HH.NOTE.13: by default a staked unit cannot follow up across its own staked side."""
    st = make_state([(1, "north", "longbow", (0, 4), Facing.S)])
    _stake(st, (0, 4), (0, 5), 1)
    st.options = replace(st.options, stakes_follow_up=option)
    assert can_follow(st, st.units[1], H(0, 5)) is follows


def test_HH_SPECIAL_10_HH_SPECIAL_11_HH_SPECIAL_12_pavisses_and_recoils():
    """HH.SPECIAL.10, HH.SPECIAL.11, HH.SPECIAL.12: pavisses stop a shooting recoil only when every scoring shooter is
    in front; an H2H recoil takes the pavisses away."""
    from games.hordes_heroes.crt import lookup
    from games.hordes_heroes.model import TroopClass
    from games.hordes_heroes.results import Cause, apply_result

    st = make_state([(1, "north", "pavisse", (0, 4), Facing.S)])
    res = lookup(TroopClass.C, 3)
    apply_result(st, 1, res, Cause.SHOOTING, [H(0, 6)], None, Dice())
    assert st.units[1].hex == H(0, 4) and st.units[1].disrupted
    apply_result(st, 1, res, Cause.SHOOTING, [H(0, 6), H(0, 2)], None, Dice())
    assert st.units[1].hex != H(0, 4)
    st = make_state([(1, "north", "pavisse", (0, 4), Facing.S)])
    apply_result(st, 1, res, Cause.HTH, [H(0, 5)], H(0, 5), Dice())
    assert st.units[1].hex == H(0, 3) and not st.units[1].pavisses


def test_HH_EX_24_roman_shield_wall_ends_HH_SPECIAL_4_HH_SPECIAL_5():
    """HH.EX.24, HH.SPECIAL.1, HH.SPECIAL.4, HH.SPECIAL.5: legionaries A-B-C with cavalry beyond C and a forest beyond
    A all have wall benefits; without the cavalry C loses them; an enemy in the forest spoils A; an enemy hidden
    behind the forest does not; a horde needs non-horde members on both sides."""
    from games.hordes_heroes.special import shield_wall

    PROFILES.setdefault("legion", P("legion", "Legionaries", "infantry", "B", "1CR", 5, 2, traits=["A1", "S"]))
    PROFILES.setdefault("shorde", P("shorde", "Shield Horde", "infantry", "C", "1R", 3, 1, traits=["H", "S"]))
    base = [
        (1, "south", "legion", (0, 5), Facing.N),
        (2, "south", "legion", (1, 5), Facing.N),
        (3, "south", "legion", (2, 5), Facing.N),
        (4, "south", "mma", (3, 5), Facing.N),
    ]
    forest = {(-1, 5): "wood"}
    st = _terr(make_state(base), forest)
    assert all(shield_wall(st, st.units[i]) for i in (1, 2, 3))
    st = _terr(make_state(base[:3]), forest)
    assert shield_wall(st, st.units[1]) and shield_wall(st, st.units[2]) and not shield_wall(st, st.units[3])
    st = _terr(make_state(base + [(9, "north", "spear", (-1, 5), Facing.E)]), forest)
    assert not shield_wall(st, st.units[1]) and shield_wall(st, st.units[2])
    st = _terr(make_state(base + [(9, "north", "spear", (-2, 5), Facing.E)]), forest)
    assert shield_wall(st, st.units[1])
    st = _terr(make_state([(1, "south", "shorde", (0, 5), Facing.N), (2, "south", "legion", (1, 5), Facing.N)]), forest)
    assert not shield_wall(st, st.units[1])
    st = make_state(
        [
            (5, "south", "mma", (-1, 5), Facing.N),
            (1, "south", "legion", (0, 5), Facing.N),
            (2, "south", "shorde", (1, 5), Facing.N),
            (3, "south", "legion", (2, 5), Facing.N),
            (4, "south", "mma", (3, 5), Facing.N),
        ]
    )
    assert shield_wall(st, st.units[2])


def test_HH_SPECIAL_6_aggressive_horde_leaves_its_shield_wall_to_attack():
    """HH.SPECIAL.6, HH.SPECIAL.34: an aggressive horde out of command attacks an enemy in reach though it stands in a
    shield wall."""
    PROFILES.setdefault("ahorde", P("ahorde", "Wild Horde", "infantry", "C", "2R", 4, 2, traits=["AH", "S"]))
    st = make_state(
        [
            (1, "south", "legion", (0, 8), Facing.N),
            (2, "south", "ahorde", (1, 8), Facing.N),
            (3, "south", "legion", (2, 8), Facing.N),
            (9, "north", "spear", (1, 6), Facing.S),
        ]
    )
    PROFILES.setdefault("legion", P("legion", "Legionaries", "infantry", "B", "1CR", 5, 2, traits=["A1", "S"]))
    lines, _ = run_bound(st, "south", [], Dice())
    assert st.units[2].hex != H(1, 8) and "aggressive" in "\n".join(lines)


def test_HH_SPECIAL_35_aggressive_attack_goes_on_after_an_evade():
    """HH.SPECIAL.35, HH.COMP.45: when the aggressive unit's target evades, it attacks again with the MP left."""
    PROFILES.setdefault("ahorde2", P("ahorde2", "Wild Horde", "infantry", "C", "3R", 4, 2, traits=["AH"]))
    st = make_state(
        [
            (2, "south", "ahorde2", (0, 8), Facing.N),
            (9, "north", "lc", (0, 6), Facing.S),
            (8, "north", "spear", (2, 5), Facing.S),
        ]  # noqa: E501
    )
    lines, _ = run_bound(st, "south", [], Dice())
    text = "\n".join(lines)
    assert st.units[9].evaded_this_bound and "carries on its attack" in text


def test_HH_STAND_4_small_units_count_their_stands_normally():
    """HH.STAND.4, HH.STAND.3, HH.HTH.7: a 3-stand chariot unit counts 3 stands, and 1 once reduced to one."""
    from games.hordes_heroes.combat import counted_stands

    st = make_state([(1, "south", "chariot", (0, 5), Facing.N)])
    assert counted_stands(st, st.units[1], False) == 3
    assert counted_stands(st, replace(st.units[1], stands=1), False) == 1
