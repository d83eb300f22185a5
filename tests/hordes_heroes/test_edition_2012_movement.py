"""2012 edition differences in movement over terrain (issue 18): each test plans one move under both editions and
asserts the difference the 2012 delta spec lists, named after its rule ID."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.model import Formation
from games.hordes_heroes.movement import Illegal, MovePlan, plan_move
from games.hordes_heroes.orders import Move, Token
from games.hordes_heroes.state import GameState

from .helpers import Facing, H, make_state


def ed(st: GameState, e: Edition) -> GameState:
    """The state in edition `e`, at the latest rules version (the one a new game records)."""
    st.options = replace(st.options, edition=e, rules_version=LATEST_RULES_VERSION)
    return st


def code(st: GameState, uid: int, *tokens: Token) -> str:
    """'legal', or the rule code of the refusal."""
    try:
        plan_move(st, Move(1, uid, tokens))
        return "legal"
    except Illegal as exc:
        return exc.problem.code


def plan(st: GameState, uid: int, *tokens: Token) -> MovePlan:
    return plan_move(st, Move(1, uid, tokens))


@pytest.mark.parametrize("edition, out", [(Edition.E2022, "legal"), (Edition.E2012, "HH12.TER.19")])
def test_HH12_TER_19_a_move_out_of_a_village_is_one_hex_in_2012(edition, out):
    """HH12.TER.19, ruling HH12.TER.A3: in 2012 a village is one hex per move: a unit that starts in one leaves it
    by one hex; in 2022 it only stops on entering (HH.TERR.48). Entering stops the move in both."""
    st = ed(
        make_state(
            [(1, "south", "mma", (0, 8), Facing.N), (2, "south", "mma", (4, 8), Facing.N)],
            terrain={(0, 8): "bua", (4, 7): "bua"},
        ),
        edition,
    )
    assert code(st, 1, H(0, 7), H(0, 6)) == out
    assert code(st, 1, H(0, 7)) == "legal"
    assert code(st, 2, H(4, 7), H(4, 6)) != "legal"


@pytest.mark.parametrize("edition, changes", [(Edition.E2022, False), (Edition.E2012, True)])
def test_HH12_TER_11_a_unit_may_change_formation_entering_a_river_in_2012(edition, changes):
    """HH12.TER.11, ruling HH12.TER.A4: entering a river is the whole move in both editions; 2022 also forbids a
    formation change into or out of it (HH.TERR.36), 2012 does not. HH12.TER.8: likewise wood to wood."""
    st = ed(
        make_state(
            [(1, "south", "mma", (0, 8), Facing.N), (2, "south", "mma", (4, 7), Facing.N)],
            terrain={(0, 7): "river", (4, 7): "wood", (4, 6): "wood"},
        ),
        edition,
    )
    assert (code(st, 1, Formation.COLUMN, H(0, 7)) == "legal") is changes
    assert code(st, 1, H(0, 7)) == "legal"
    assert code(st, 1, H(0, 7), H(0, 6)) == "HH.TERR.35"
    assert (code(st, 2, Formation.COLUMN, H(4, 6)) == "legal") is changes


@pytest.mark.parametrize("edition, through", [(Edition.E2022, False), (Edition.E2012, True)])
def test_HH12_TER_18_a_road_through_woods_serves_every_formation_in_2012(edition, through):
    """HH12.TER.18, ruling HH12.TER.A6: in 2012 a unit in any formation moving along a road ignores the woods it
    crosses; in 2022 only a column does (HH.TERR.12). Wheeled units never enter woods, road or not."""
    road = [[(0, 9), (0, 8), (0, 7), (0, 6), (0, 5)]]
    st = ed(
        make_state(
            [(1, "south", "mma", (0, 8), Facing.N), (2, "south", "chariot", (0, 9), Facing.N)],
            terrain={(0, 7): "wood"},
            roads=road,
        ),
        edition,
    )
    assert (code(st, 1, H(0, 7), H(0, 6)) == "legal") is through
    st.units[1] = replace(st.units[1], formation=Formation.COLUMN)
    assert code(st, 1, H(0, 7), H(0, 6)) == "legal"
    del st.units[1]
    assert code(st, 2, H(0, 8), H(0, 7)) != "legal"


@pytest.mark.parametrize("edition, mp", [(Edition.E2022, 1), (Edition.E2012, 2)])
def test_HH12_TER_18_no_free_refacing_on_entering_a_road_in_2012(edition, mp):
    """HH12.TER.18, ruling HH12.ARMY.A1: 2022 lets a unit re-face freely when it first enters a road hex
    (HH.TERR.10); 2012 has no such turn, so turning to face along the road costs the usual MP."""
    road = [[(-1, 7), (0, 7), (1, 7), (2, 7)]]
    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N)], roads=road), edition)
    assert plan(st, 1, H(0, 7), Facing.WSW).mp == mp


@pytest.mark.parametrize("edition, horde", [(Edition.E2022, "HH.MOVE.4"), (Edition.E2012, "legal")])
def test_HH12_MOV_5_squeezing_onto_a_bridge_is_free_in_2012(edition, horde):
    """HH12.MOV.5, ruling HH12.MOV.A1: a unit that cannot form column is squeezed to cross a bridge or ford; 2022
    charges 1 MP (HH.TERR.40), so a 1-hex horde cannot step onto the bridge; in 2012 the squeeze is free."""
    st = ed(make_state([(1, "south", "horde", (0, 8), Facing.N)], terrain={(0, 7): "river"}, bridges=[(0, 7)]), edition)
    assert code(st, 1, H(0, 7)) == horde


@pytest.mark.parametrize("edition, splits", [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_MOV_A1_a_six_stand_unit_does_not_split_at_a_bridge_in_2012(edition, splits):
    """Ruling HH12.MOV.A1: in 2012 a 6-stand unit crossing a bridge does not split 4 + 2 (ruling HH.TERR.43); it
    counts as a column while squeezed."""
    st = ed(
        make_state(
            [(1, "south", "dacian", (0, 8), Facing.N, {"stands": 6, "nominal": 6})],
            terrain={(0, 7): "river"},
            bridges=[(0, 7)],
        ),
        edition,
    )
    p = plan(st, 1, H(0, 7))
    assert (p.rear is not None) is splits
    assert p.unit.formation is Formation.SQUEEZED


@pytest.mark.parametrize("edition, reach", [(Edition.E2022, "HH.MOVE.4"), (Edition.E2012, "legal")])
def test_HH12_MOV_A7_forming_column_before_the_first_step_gives_the_column_bonus_in_2012(edition, reach):
    """Ruling HH12.MOV.A7: a 2012 line unit that forms column (free, HH12.MOV.3) before its first step moves with
    the column +1; in 2022 the formation at the start fixes the allowance and the change costs 1 MP."""
    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N)]), edition)
    assert code(st, 1, Formation.COLUMN, H(0, 7), H(0, 6), H(0, 5), H(0, 4)) == reach
    assert code(st, 1, Formation.COLUMN, H(0, 7), H(0, 6), H(0, 5), H(0, 4), H(0, 3)) == "HH.MOVE.4"


@pytest.mark.parametrize("edition, survives", [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_CMP_4_HH12_CMP_A2_a_2012_shooting_recoil_moves_away_from_the_shooter_or_not_at_all(edition, survives):
    """HH12.CMP.4, ruling HH12.CMP.A2: 2022's shooting recoil takes any vacant hex when none leads away (HH.COMP.12
    category 3); in 2012 it must move away from the nearest shooter, so with every such hex blocked (lake) the unit
    is eliminated. With a hex away free both take it. A Flee on the own edge row removes a unit in both (ruling
    HH12.CMP.A4, HH.COMP.19)."""
    from games.hordes_heroes.compulsory import flee, recoil_shooting

    lakes = {(-1, 9): "lake", (0, 9): "lake", (1, 8): "lake"}
    units = [(1, "south", "spear", (0, 8), Facing.N), (2, "north", "bow7", (0, 6), Facing.S)]
    st = ed(make_state(units, terrain=lakes), edition)
    recoil_shooting(st, 1, [H(0, 6)])
    assert (not st.units[1].eliminated) is survives
    st = ed(make_state(units), edition)
    recoil_shooting(st, 1, [H(0, 6)])
    assert st.units[1].hex.distance(H(0, 6)) == 3
    st = ed(make_state([(1, "south", "spear", (0, 13), Facing.N), (2, "north", "spear", (0, 12), Facing.S)]), edition)
    flee(st, 1, [H(0, 12)], h2h=True)
    assert st.units[1].eliminated


@pytest.mark.parametrize("edition, follower, pursues", [(Edition.E2022, 2, False), (Edition.E2012, 1, True)])
def test_HH12_CMP_A7_HH12_CMP_13_disordered_winners_follow_up_and_pursue_in_2012(edition, follower, pursues):
    """Ruling HH12.CMP.A7: of several winners one follows up, chosen by impact, then impact + CF; 2012 has no 2022
    filter that makes an undisordered winner go first (HH.COMP.30), so the disordered men-at-arms follow rather
    than the longbowmen. HH12.CMP.13: 2012 does not exempt disordered units from pursuit (2022 does, HH.COMP.34)."""
    from games.hordes_heroes.combat import Choices, hth_phase

    from .helpers import Dice

    units = [
        (1, "south", "mma", (0, 6), Facing.N, {"disrupted": True}),
        (2, "south", "longbow", (1, 5), Facing.NW),
        (3, "north", "horde", (0, 5), Facing.S),
    ]
    st = ed(make_state(units), edition)
    lines = hth_phase(st, Dice(6, 6, 1), Choices())
    assert any(f"unit {follower} " in line and "follows up" in line for line in lines)
    assert any("pursues" in line for line in lines) is pursues


def test_a_2012_game_recorded_at_rules_version_1_keeps_playing_as_it_was_recorded():
    """The 2012 deltas above come with rules version 2 (edition.py, RULES_VERSIONS): a 2012 game that recorded
    version 1 keeps the 2022 values for them, so its log replays as it was played; version 2 plays the book."""
    from games.hordes_heroes.edition import RULES_2012_V1, RULES_2022, rules_for

    old = make_state([(1, "south", "horde", (0, 8), Facing.N)], terrain={(0, 7): "river"}, bridges=[(0, 7)])
    old.options = replace(old.options, edition=Edition.E2012, rules_version=1)
    assert old.rules is RULES_2012_V1 and old.rules.squeeze_mp == RULES_2022.squeeze_mp == 1
    assert code(old, 1, H(0, 7)) == "HH.MOVE.4"
    new = ed(
        make_state([(1, "south", "horde", (0, 8), Facing.N)], terrain={(0, 7): "river"}, bridges=[(0, 7)]),
        Edition.E2012,
    )
    assert new.rules is rules_for("2012") and code(new, 1, H(0, 7)) == "legal"


@pytest.mark.parametrize("edition", list(Edition))
def test_HH12_CMP_15_HH12_CMP_A9_a_2012_pursuer_takes_a_shortest_path_to_the_fugitive(edition):
    """HH12.CMP.15, ruling HH12.CMP.A9: in 2012 the pursuer heads for the fugitive by a shortest path, preferring
    the fugitive's own route among equally short ones; 2022 follows the recorded flee path hex by hex
    (HH.COMP.36), however it wandered."""
    from games.hordes_heroes.pursuit import pursuit_path

    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N), (2, "north", "spear", (0, 5), Facing.S)]), edition)
    wandering = (H(0, 7), H(1, 6), H(1, 5), H(0, 5))  # a flee that went round by 1,6 and 1,5
    straight = (H(0, 7), H(0, 6), H(0, 5))
    got = pursuit_path(st, st.units[1], 2, wandering)
    if edition is Edition.E2012:
        assert got[0] == H(0, 7) and got[-1] == H(0, 5) and len(got) == 3
        assert pursuit_path(st, st.units[1], 2, straight) == straight
    else:
        assert got == wandering


@pytest.mark.parametrize("edition, pursuers", [(Edition.E2022, 2), (Edition.E2012, 1)])
def test_HH12_CMP_A9_only_the_unit_that_followed_up_pursues_in_2012(edition, pursuers):
    """Ruling HH12.CMP.A9: of several winners only the one that followed up pursues in 2012; 2022 lets the others
    follow behind it (HH.COMP.39)."""
    from games.hordes_heroes.combat import Choices, hth_phase

    from .helpers import Dice

    units = [
        (1, "south", "lc", (0, 6), Facing.N),
        (2, "south", "lc", (1, 5), Facing.NW),
        (3, "north", "horde", (0, 5), Facing.S),
    ]
    st = ed(make_state(units), edition)
    lines = hth_phase(st, Dice(3, 6), Choices())
    assert sum(1 for line in lines if "pursues" in line or "joins the pursuit" in line) == pursuers
