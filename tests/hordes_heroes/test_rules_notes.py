"""The spec's notes on the book's inconsistencies, each pinned to the reading the engine applies, and the movement
examples HH.EX.6 and HH.EX.32 [HH.NOTE.*, HH.EX.6, HH.EX.32]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import effective_impact, form_groups
from games.hordes_heroes.compulsory import try_evade, try_flee_response
from games.hordes_heroes.crt import lookup
from games.hordes_heroes.engine import run_bound
from games.hordes_heroes.model import TroopClass
from games.hordes_heroes.movement import Illegal, allowance
from games.hordes_heroes.orders import GeneralMove, Move
from games.hordes_heroes.rules import verify_general_move
from games.hordes_heroes.shooting import can_target, to_hit
from games.hordes_heroes.state import Options, Standing, StandingProfile

from .helpers import PROFILES, Facing, Formation, H, P, make_state
from .test_rules_shoot import _terr


def test_HH_NOTE_2_column_impact_reduced_by_two():
    """HH.NOTE.2, HH.HTH.9: the explicit example's reading: (+3) in column is (+1), (+1) is 0."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N, {"formation": Formation.COLUMN})])
    assert effective_impact(st, st.units[1]) == 0
    st.profiles["spear"] = replace(PROFILES["spear"], impact=3)
    assert effective_impact(st, st.units[1]) == 1
    st.profiles["spear"] = PROFILES["spear"]


def test_HH_NOTE_3_generals_are_never_disrupted_but_share_their_hosts_state():
    """HH.NOTE.3, HH.GEN.12, HH.GEN.11: a general has no disruption of his own; with a disrupted host he cannot move."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N, {"disrupted": True})], [(1, "south", (0, 5))])
    assert not hasattr(st.generals[1], "disrupted")
    with pytest.raises(Illegal) as e:
        verify_general_move(st, GeneralMove(1, 1, (H(0, 6),)))
    assert e.value.problem.code == "HH.GEN.11"


def test_HH_NOTE_4_command_into_broken_ground_option():
    """HH.NOTE.4, HH.CMD.6: "one_hex" is the default reading, "free" the other; anything else is refused."""
    assert Options().command_broken_ground == "one_hex"
    assert Options.from_json({"command_broken_ground": "free"}).command_broken_ground == "free"
    with pytest.raises(ValueError, match="HH.CMD.6"):
        Options.from_json({"command_broken_ground": "two_hexes"})


def test_HH_NOTE_7_one_piece_artillery_is_accepted():
    """HH.NOTE.7, HH.BASE.4: an army list may give an artillery profile 1 stand."""
    from games.hordes_heroes.armies import profile_from_toml

    d = {"id": "gun", "name": "Bombard", "category": "artillery", "class": "C", "speed": "1", "cf": 1, "stands": 1}
    assert profile_from_toml(d, "test").stands == 1


def test_HH_NOTE_8_a4_cell_literal():
    """HH.NOTE.8, HH.CRT.4: class A at 4 hits recoils and loses a stand without disruption."""
    r = lookup(TroopClass.A, 4)
    assert (r.stands, r.disrupted) == (1, False)


@pytest.mark.parametrize("hits, no_effect", [(1, True), (3, True), (4, False)])
def test_HH_NOTE_9_hero_ignores_lines_one_to_three(hits, no_effect):
    """HH.NOTE.9, HH.GEN.25: lines 1-3 ignored, line 4 and above unchanged (not "the first three hits" off)."""
    r = lookup(TroopClass.C, hits, hero=True)
    assert r.no_effect is no_effect
    if not no_effect:
        assert r.stands == lookup(TroopClass.C, hits).stands


def test_HH_NOTE_11_woodland_target_one_hex_in():
    """HH.NOTE.11, HH.TERR.29: a target inside woodland two hexes away may be shot; one behind woodland may not."""
    st = _terr(
        make_state([(1, "south", "bow7", (0, 5), Facing.N), (9, "north", "bare", (0, 3), Facing.S)]), {(0, 3): "wood"}
    )
    assert can_target(st, st.units[1], st.units[9], Facing.N)
    st = _terr(st, {(0, 4): "wood"})
    assert not can_target(st, st.units[1], st.units[9], Facing.N)


@pytest.mark.parametrize(
    "case, shooter_shoot, target_traits, terrain, need",
    [
        ("archers 7+ at A2 infantry in woodland: 11+", 7, ("A2",), {(0, 4): "wood"}, 11),
        ("archers 7+ at A1 pavisiers: 10+", 7, ("A1",), {}, 10),
    ],
)
def test_HH_NOTE_12_book_numbers_check_out(case, shooter_shoot, target_traits, terrain, need):
    """HH.NOTE.12, HH.EX.11, HH.EX.12: two of the book's printed numbers, recomputed."""
    from games.hordes_heroes.model import Trait

    st = _terr(make_state([(1, "south", "bow7", (0, 5), Facing.N), (9, "north", "pavisse", (0, 4), Facing.S)]), terrain)
    st.profiles["bow7"] = replace(st.profiles["bow7"], shoot=shooter_shoot)
    st.profiles["pavisse"] = replace(PROFILES["pavisse"], traits=frozenset(Trait(t) for t in target_traits))
    st.units[9] = replace(st.units[9], pavisses=not terrain)
    assert to_hit(st, st.units[1], st.units[9]) == need


def test_HH_EX_6_column_cavalry_deploys_before_contact():
    """HH.EX.6, HH.MOVE.4, HH.MOVE.5, HH.MOVE.27, HH.HTH.3: 3CR in column has 4 MP: 3 hexes and a change to deployed;
    it ends engaged with two enemies and is the focus of both by default."""
    st = make_state(
        [
            (1, "south", "mma", (0, 8), Facing.N, {"formation": Formation.COLUMN}),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "north", "spear", (1, 4), Facing.S),
        ],
        [(1, "south", (0, 8))],
    )
    st.standing["north"] = StandingProfile(Standing(turn_to_face=False))
    assert allowance(st, st.units[1], False) == 4
    _, problems = run_bound(st, "south", [Move(1, 1, (H(0, 7), H(0, 6), Formation.DEPLOYED, H(0, 5)))])
    assert not problems and st.units[1].formation is Formation.DEPLOYED and st.units[1].hex == H(0, 5)
    groups, _ = form_groups(st)
    assert [(g.focus, sorted(m[1] for m in g.opponents)) for g in groups] == [(1, [2, 3])]


def test_HH_EX_32_light_cavalry_remounting_to_flee():
    """HH.EX.32, HH.MOVE.26, HH.MOVE.31, HH.COMP.47, HH.COMP.42: dismounted E/F light cavalry contacted from the front
    cannot evade, but remounts (1) and turns (1) to flee 2 hexes; contacted from behind, it flees 3 forward."""
    PROFILES.setdefault("dlc", P("dlc", "Dismounted Light Cavalry", "infantry", "C", "1R", 2, 0, 6))
    PROFILES["lc4"] = P("lc4", "Light Cavalry", "cavalry", "C", "4R", 2, 0, 6, ["E1", "F"], dismounted="dlc")
    st = make_state([(1, "south", "knights", (0, 6), Facing.N), (2, "north", "lc4", (0, 5), Facing.S)])
    st.units[2] = replace(st.units[2], profile="dlc")
    assert try_evade(st, st.units[2], st.units[1]) is None
    assert try_flee_response(st, st.units[2], st.units[1]) is not None
    u = st.units[2]
    assert u.profile == "lc4" and u.hex.distance(H(0, 5)) == 2
    st = make_state([(1, "south", "knights", (0, 6), Facing.N), (2, "north", "lc4", (0, 5), Facing.N)])
    st.units[2] = replace(st.units[2], profile="dlc")
    try_flee_response(st, st.units[2], st.units[1])
    assert st.units[2].hex.distance(H(0, 5)) == 3
