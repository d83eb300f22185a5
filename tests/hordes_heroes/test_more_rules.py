"""More set-up, command and ZOC cases [HH.DEF.*, HH.BASE.*, HH.GEN.*, HH.TERR.*, HH.DATA.*]."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.hordes_heroes import RULESET as R
from games.hordes_heroes.battlefield import battlefield_from_json, battlefield_to_json, build_battlefield
from games.hordes_heroes.command import commanded_units
from games.hordes_heroes.engine import defeated, initiative_choosers, run_bound
from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.movement import Illegal, plan_move
from games.hordes_heroes.orders import GeneralMove, Move
from games.hordes_heroes.rules import verify_general_move
from games.hordes_heroes.scenario import ScenarioError
from games.hordes_heroes.state import GameState, Phase
from games.hordes_heroes.zoc import exerts_zoc_into, is_engaged

from .helpers import Dice, H, make_state


def test_HH_DEF_2_units_stands_markers_and_HH_DEF_13():
    """HH.DEF.1, HH.DEF.2, HH.DEF.13, HH.DATA.4, HH.DATA.5, HH.DATA.8: a unit holds 1-6 stands in one hex with
    nominal and current size; markers are booleans; generals carry CM, CR, hero, C-in-C; engagement is derived."""
    st = R.setup("skirmish-midbattle", {})
    v = R.view(st)
    u2 = next(u for u in v["units"] if u["id"] == 2)
    assert (u2["stands"], u2["nominal"]) == (3, 4)
    assert all(isinstance(u[k], bool) for u in v["units"] for k in ("disrupted", "static_combat", "hold_fire"))
    g = v["generals"][0]
    assert g["cm"] == 3 and g["cr"] == 3 and g["cinc"] is True and g["host"] == 1
    assert is_engaged(st, st.units[1]) is False and is_engaged(st, st.units[3]) is True


def test_HH_DEF_7_a_game_turn_is_two_bounds_and_HH_DEF_12():
    """HH.DEF.7, HH.DEF.12, HH.SEQ.9: two bounds make a game turn; each hex entered costs 1 MP."""
    st = R.setup("skirmish-midbattle", {})
    for side in ("york", "lancaster"):
        st = R.apply_orders(st, R.parse_orders(st, side, ""))
        st = R.resolve(st, Dice()).state
    assert st.turn == 4 and st.phasing == "york"
    p = plan_move(make_state([(1, "south", "mma", (0, 8), Facing.N)]), Move(1, 1, (H(0, 7), H(1, 6))))
    assert p.mp == 2


def test_HH_DEF_10_vacated_hex_follow_up_after_disengage():
    """HH.DEF.10, HH.MOVE.24, HH.SEQ.16: the hex a disengaging unit leaves is followed into; SC stays on the follower."""  # noqa: E501
    st = make_state(
        [
            (1, "south", "ainf", (0, 6), Facing.N, {"static_combat": True}),
            (12, "north", "spear", (0, 5), Facing.S, {"static_combat": True}),
        ],
        [(1, "south", (0, 6))],
    )
    from games.hordes_heroes.orders import Disengage

    run_bound(st, "south", [Disengage(1, 1)])
    assert st.units[12].hex == H(0, 6) and st.units[12].static_combat


def test_HH_SEQ_16_sc_removed_when_no_longer_engaged():
    """HH.SEQ.16, HH.SEQ.17: an SC marker goes as soon as its unit is not engaged; disruption persists."""
    st = R.setup("skirmish-midbattle", {})
    assert st.units[12].static_combat
    st = R.apply_orders(st, R.parse_orders(st, "york", ""))
    st = R.resolve(st, Dice()).state
    assert not st.units[12].static_combat and (st.units[3].disrupted or st.units[3].eliminated)


def test_HH_BASE_7_two_generals_share_a_host_and_HH_BASE_8_hero_public():
    """HH.BASE.7, HH.BASE.8, HH.GEN.3, HH.GEN.4, HH.GEN.9: two friendly generals may join one unit; heroes are
    shown to both sides."""
    st = make_state(
        [(1, "south", "spear", (0, 7), Facing.N)], [(1, "south", (0, 7)), (2, "south", (0, 9), {"hero": True})]
    )
    to, _ = verify_general_move(st, GeneralMove(1, 2, (H(0, 8), H(0, 7))))
    assert to == H(0, 7)
    v = R.view(st, "north")
    assert [g["hero"] for g in v["generals"]] == [False, True]


def test_HH_GEN_13_lone_general_has_no_zoc_and_HH_ZOC_7():
    """HH.GEN.13, HH.ZOC.7, HH.ZOC.3: units pass a lone enemy general without stopping but may not enter his hex;
    a disrupted unit keeps its ZOC."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)], [(2, "north", (1, 6))])
    p = plan_move(st, Move(1, 1, (H(0, 7), H(0, 6), H(0, 5))))
    assert p.contacts == ()
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (H(0, 7), H(1, 6))))
    assert e.value.problem.code == "HH.MOVE.30"
    st = make_state(
        [(1, "south", "spear", (0, 8), Facing.N), (12, "north", "spear", (0, 6), Facing.S, {"disrupted": True})]
    )
    assert exerts_zoc_into(st, st.units[12], H(0, 7))


def test_HH_GEN_26_single_combat_challenge_is_recorded_not_fought():
    """HH.GEN.26, HH.GEN.27: a lone general may end in a lone enemy general's hex; the fight is part 2."""
    st = make_state([], [(1, "south", (0, 8)), (2, "north", (0, 6))])
    to, notes = verify_general_move(st, GeneralMove(1, 1, (H(0, 7), H(0, 6))))
    assert to == H(0, 6) and "single combat" in notes[0]


def test_HH_GEN_28_all_generals_lost_defeats_and_HH_WIN_1():
    """HH.GEN.28, HH.WIN.1, HH.WIN.7, HH.WIN.9: losing every general defeats an army; both defeated is a draw."""
    st = R.setup("skirmish-midbattle", {})
    st.generals[2] = replace(st.generals[2], alive=False)
    assert "HH.WIN.1" in defeated(st, "lancaster")
    st = R.setup("skirmish-midbattle", {"cinc_death_loses": True})
    assert defeated(st, "york") is None


def test_HH_SEQ_7_fast_units_count_by_profile():
    """HH.SEQ.4, HH.SEQ.7: the side with more speed-4/5 units chooses; the Mongols have four light cavalry."""
    st = R.setup("pitched-150", {})
    assert initiative_choosers(st) == (["horde"], False)
    reqs = {r.side: r for r in R.pending(st)}
    assert not reqs["horde"].optional and reqs["order"].optional


def test_HH_CMD_4_command_fixed_at_start_of_movement():
    """HH.CMD.4: command is fixed once after the Command Moves; a unit moving away from its chain stays commanded."""
    st = make_state(
        [(1, "south", "spear", (0, 5), Facing.N), (2, "south", "mma", (0, 6), Facing.N)], [(1, "south", (0, 8))]
    )
    assert commanded_units(st, "south") == frozenset({1, 2})
    lines, problems = run_bound(st, "south", [Move(1, 2, (H(1, 5), H(2, 4), H(3, 3))), Move(2, 1, (H(0, 4),))])
    assert problems == []


def test_HH_TERR_46_lakes_and_HH_TERR_63_escarpments_in_command_paths():
    """HH.TERR.46, HH.TERR.63, HH.TERR.39: command crosses up to 2 lake hexes, and escarpments and rivers freely."""
    walls = {(-1, 6): "impenetrable", (1, 6): "impenetrable", (-1, 5): "impenetrable", (1, 5): "impenetrable"}
    st = make_state(
        [(1, "south", "spear", (0, 4), Facing.N)],
        [(1, "south", (0, 7))],
        terrain={**walls, (0, 6): "lake", (0, 5): "lake"},
    )
    assert 1 in commanded_units(st, "south")
    st = make_state(
        [(1, "south", "spear", (0, 4), Facing.N)],
        [(1, "south", (0, 7))],
        terrain={**walls, (0, 6): "river"},
        steep=[((0, 6), (0, 5))],
    )
    assert 1 in commanded_units(st, "south")


def test_HH_TERR_13_wheeled_road_access_option_values():
    """HH.TERR.13, HH.TERR.14: `never` (default) and `along_road` are accepted; anything else is refused clearly."""
    assert R.setup("intro-50", {"wheeled_road_access": "along_road"}).options.wheeled_road_access == "along_road"
    with pytest.raises(ScenarioError, match="wheeled_road_access"):
        R.setup("intro-50", {"wheeled_road_access": "sometimes"})


def test_HH_DATA_6_map_from_toml_round_trips():
    """HH.DATA.6, HH.HEX.14, HH.TERR.1, HH.TERR.9: terrain, elevation, roads, bridges, fords, steep sides and walls
    read from a scenario map and survive JSON."""
    bf = build_battlefield(
        {
            "columns": 6,
            "rows": 5,
            "roads": [["0101", "0201", "0301"]],
            "terrain": {"river": ["0201"], "wood": ["0303"]},
            "bridges": ["0201"],
            "elevation": {"1": ["0404"]},
            "steep": [["0404", "0405"]],
            "walls": [["0101", "0102"]],
        }
    )
    assert bf.along_road(bf.spec.parse("0101"), bf.spec.parse("0201"))
    again = battlefield_from_json(json.loads(json.dumps(battlefield_to_json(bf))))
    assert again == bf
    with pytest.raises(ValueError, match="HH.TERR.1"):
        build_battlefield({"columns": 6, "rows": 5, "terrain": {"swamp": ["0101"]}})


def test_HH_DATA_7_state_fields_survive_dump():
    """HH.DATA.7, HH.PD.2: options, phase, turn and sides survive dump/load."""
    st = R.setup("intro-50", {"break_pct": 60})
    again = R.load(json.loads(json.dumps(R.dump(st))))
    assert isinstance(again, GameState) and again.options.break_pct == 60 and again.phase is Phase.INITIATIVE
