"""Clauses mutation testing of games/hordes_heroes/movement.py found unpinned (benchmarks/mutation.py movement):
every refusal of a move, its rule ID, words and hint [HH.MOVE.*] [HH.TERR.*] [HH.DISR.2] [HH.CMD.12]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.model import Formation
from games.hordes_heroes.movement import Illegal, plan_move
from games.hordes_heroes.orders import Mount, Move
from games.hordes_heroes.state import GameState

from .helpers import H, make_state


def refused(st: GameState, uid: int, *tokens: object, commanded: bool = True) -> tuple[str, str, str]:
    """(rule ID, message, hint) of a refused move; hexes given as (q, r)."""
    toks = tuple(H(*t) if isinstance(t, tuple) else t for t in tokens)
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, uid, toks), commanded=commanded)  # type: ignore[arg-type]
    p = e.value.problem
    return p.code, p.message, p.hint


def lab(st: GameState, q: int, r: int) -> str:
    return st.field.label(H(q, r))


def one(pid: str = "spear", over: dict | None = None, *others: tuple, **kw: object) -> GameState:
    """Unit 1 (south, facing north at 0,8) and the given other units."""
    return make_state([(1, "south", pid, (0, 8), Facing.N, over or {}), *others], **kw)


def test_HH_MOVE_1_HH_DISR_2_HH_CMD_12_who_may_not_move_is_told_why():
    """HH.MOVE.1, HH.DISR.2, HH.CMD.12: the other side's unit, a unit not on the table, a disrupted one, one not
    under command and one that moved already are refused, each with its rule, words and hint."""
    st = one("spear", {}, (2, "north", "spear", (5, 2), Facing.S))
    assert refused(st, 2, (5, 3)) == ("HH.MOVE.1", "unit 2 (Spearmen) belongs to the other side", "")
    assert refused(st, 99, (0, 7)) == ("HH.MOVE.1", "unit 99 is not on the table", "")
    assert refused(st, 1, (0, 7), commanded=False) == (
        "HH.CMD.12",
        "unit 1 (Spearmen) is not under command this bound and may not move",
        "bring a general within command range (HH.CMD.5) or chain it to a commanded unit (HH.CMD.9)",
    )
    st.units[1] = replace(st.units[1], moved_this_phase=True)
    assert refused(st, 1, (0, 7)) == ("HH.MOVE.1", "unit 1 (Spearmen) has already moved this phase", "")
    st.units[1] = replace(st.units[1], disrupted=True)
    assert refused(st, 1, (0, 7)) == (
        "HH.DISR.2",
        "unit 1 (Spearmen) is disrupted and may not move",
        "it rallies at the end of movement",
    )


def test_HH_MOVE_13_HH_MOVE_14_HH_MOVE_26_formation_and_mount_refusals():
    """HH.MOVE.13, HH.MOVE.14, HH.MOVE.26: already deployed; a horde forming column; a mount change after a step;
    spearmen dismounting; men-at-arms remounting."""
    st = one("spear")
    assert refused(st, 1, Formation.DEPLOYED) == ("HH.MOVE.14", "unit 1 (Spearmen) is already deployed", "")
    assert refused(one("horde"), 1, Formation.COLUMN) == (
        "HH.MOVE.13",
        "unit 1 (Peasant Horde) cannot form column (no C in its speed, a horde, or a pike block)",
        "hordes and units without C move deployed; fords are crossed squeezed automatically",
    )
    assert refused(one("mma"), 1, (0, 7), Mount.DISMOUNT) == (
        "HH.MOVE.26",
        "unit 1 (Mounted Men-at-Arms) must dismount first, before any other part of its move",
        "",
    )
    assert refused(st, 1, Mount.DISMOUNT) == (
        "HH.MOVE.26",
        "unit 1 (Spearmen) may not dismount: its army list gives it no dismounted form",
        "",
    )
    assert refused(one("mma"), 1, Mount.REMOUNT) == (
        "HH.MOVE.26",
        "unit 1 (Mounted Men-at-Arms) is mounted already",
        "",
    )


def test_HH_MOVE_3_HH_MOVE_9_HH_MOVE_12_steps_off_the_table_not_adjacent_and_the_end_facing():
    """HH.MOVE.3, HH.MOVE.9, HH.MOVE.12: a step off the table, a step to a hex not adjacent, a move ending facing a
    side."""
    st = make_state([(1, "south", "spear", (0, 13), Facing.S)])
    assert refused(st, 1, (0, 14)) == ("HH.MOVE.3", "unit 1 (Spearmen) may not move off the table", "")
    st = one()
    assert refused(st, 1, (0, 6)) == (
        "HH.MOVE.9",
        f"unit 1 (Spearmen) cannot step from {lab(st, 0, 8)} to {lab(st, 0, 6)}: the hexes are not adjacent",
        "",
    )
    assert refused(st, 1, (0, 7), Facing.NE) == (
        "HH.MOVE.12",
        "unit 1 (Spearmen) must end its move facing a hex point, not side NE",
        "",
    )


def test_HH_MOVE_19_HH_MOVE_20_HH_MOVE_30_occupied_hexes():
    """HH.MOVE.19: through a disrupted friend, or ending on a friend; HH.MOVE.20: through a friend in an enemy's
    zone of control; HH.MOVE.30: into an enemy's hex."""
    st = one(
        "spear",
        {},
        (3, "south", "spear", (0, 7), Facing.N, {"disrupted": True}),
        (9, "north", "spear", (5, 2), Facing.S),
    )
    assert refused(st, 1, (0, 7)) == (
        "HH.MOVE.19",
        f"unit 1 (Spearmen) cannot pass through unit 3 (Spearmen) at {lab(st, 0, 7)}: it is disrupted",
        "",
    )
    st.units[3] = replace(st.units[3], disrupted=False)
    assert refused(st, 1, (0, 7)) == (
        "HH.MOVE.19",
        f"unit 1 (Spearmen) may not end its move in {lab(st, 0, 7)}: unit 3 (Spearmen) is there",
        "",
    )
    st.units[9] = replace(st.units[9], hex=H(1, 6))
    assert refused(st, 1, (0, 7), (0, 6)) == (
        "HH.MOVE.20",
        f"unit 1 (Spearmen) cannot pass through unit 3 (Spearmen) at {lab(st, 0, 7)}: the hex is in the zone of"
        " control of enemy unit 9 and the move would stop in an occupied hex",
        "",
    )
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)], [(5, "north", (0, 7))])
    assert refused(st, 1, (0, 7))[:2] == (
        "HH.MOVE.30",
        f"unit 1 (Spearmen) cannot enter {lab(st, 0, 7)}: the enemy general 5 is there",
    )


@pytest.mark.parametrize(
    ("pid", "terrain", "code", "why"),
    [
        ("spear", "lake", "HH.TERR.45", "lake is impassable to infantry"),
        ("spear", "impenetrable", "HH.TERR.53", "impenetrable is impassable to infantry"),
        ("chariot", "wood", "HH.TERR.2", "wood is impassable to chariot"),
    ],
)
def test_HH_TERR_2_HH_TERR_45_HH_TERR_53_impassable_hexes(pid, terrain, code, why):
    """HH.TERR.2, HH.TERR.45, HH.TERR.53: a hex the troop type may not enter names the terrain and the type."""
    st = one(pid, {}, terrain={(0, 7): terrain})
    assert refused(st, 1, (0, 7))[:2] == (code, f"unit 1 ({st.profiles[pid].name}) cannot enter {lab(st, 0, 7)}: {why}")


def test_HH_TERR_13_wheeled_troops_off_the_road():
    """HH.TERR.13, HH.TERR.14 (option `wheeled_road_access = "along_road"`): guns may stand in a broken road hex but
    enter it only along the road."""
    st = one("guns", {}, terrain={(0, 7): "broken"}, roads=[[(0, 7), (1, 6)]])
    st.options = replace(st.options, wheeled_road_access="along_road")
    assert refused(st, 1, (0, 7)) == (
        "HH.TERR.13",
        f"unit 1 (Field Guns) cannot step from {lab(st, 0, 8)} to {lab(st, 0, 7)} off the road: wheeled troops enter"
        " and leave broken ground, woodland and built-up areas only along a road",
        "follow the road through the hex (HH.TERR.9, HH.TERR.14)",
    )


def test_HH_MOVE_22_HH_MOVE_23_an_engaged_unit():
    """HH.MOVE.22, HH.MOVE.23: an engaged unit may not leave its hex (hint: class A may disengage), turn, or form
    column."""
    st = one("spear", {}, (9, "north", "spear", (0, 7), Facing.S))
    assert refused(st, 1, (-1, 8)) == (
        "HH.MOVE.22",
        "unit 1 (Spearmen) is engaged and may not leave its hex",
        "class-A infantry may `disengage`",
    )
    assert refused(st, 1, Facing.NW)[:2] == (
        "HH.MOVE.23",
        "unit 1 (Spearmen) is engaged and may not change facing in its own movement phase",
    )
    assert refused(st, 1, Formation.COLUMN)[:2] == (
        "HH.MOVE.23",
        "unit 1 (Spearmen) is engaged and may only change from column to deployed",
    )


def test_HH_SPECIAL_15_HH_TERR_55_HH_TERR_57_HH_TERR_65_hex_sides():
    """HH.SPECIAL.15: no crossing a staked side; HH.TERR.55-57: mounted and wheeled troops never cross a steep side,
    foot only as its whole move and into a vacant hex; HH.TERR.65: wheeled troops never cross a wall, others as
    their whole move; HH.MOVE.14: no formation change in such a move."""
    st = one()
    st.stakes[("k",)] = (2, H(0, 7))  # type: ignore[index]
    st.stakes = {
        __import__("games.hordes_heroes.geometry", fromlist=["side_key"]).side_key(H(0, 8), H(0, 7)): (2, H(0, 7))
    }
    assert refused(st, 1, (0, 7))[:2] == (
        "HH.SPECIAL.15",
        f"unit 1 (Spearmen) cannot cross the staked side between {lab(st, 0, 8)} and {lab(st, 0, 7)}",
    )
    steep = [((0, 7), (0, 6))]
    assert refused(one("mma", {}, steep=steep), 1, (0, 7), (0, 6))[:2] == (
        "HH.TERR.55",
        f"unit 1 (Mounted Men-at-Arms) cannot cross the steep side into {lab(st, 0, 6)} (mounted and wheeled troops)",
    )
    assert refused(one("spear", {}, steep=steep), 1, (0, 7), (0, 6))[:2] == (
        "HH.TERR.57",
        f"unit 1 (Spearmen) climbs the steep side into {lab(st, 0, 6)}: that must be its whole move",
    )
    occupied = one("spear", {}, (3, "south", "spear", (0, 7), Facing.N), steep=[((0, 8), (0, 7))])
    assert refused(occupied, 1, (0, 7))[:2] == (
        "HH.TERR.57",
        f"unit 1 (Spearmen) may cross the steep side only into a vacant hex; {lab(st, 0, 7)} is occupied",
    )
    assert refused(one("spear", {}, steep=[((0, 8), (0, 7))]), 1, Formation.COLUMN, (0, 7))[:2] == (
        "HH.MOVE.14",
        "unit 1 (Spearmen) may not change formation in this move: it crosses a steep side",
    )
    wall = [((0, 7), (0, 6))]
    assert refused(one("guns", {}, walls=wall), 1, (0, 7), (0, 6))[:2] == (
        "HH.TERR.65",
        f"unit 1 (Field Guns) cannot cross the wall into {lab(st, 0, 6)} (wheeled)",
    )
    assert refused(one("spear", {}, walls=wall), 1, (0, 7), (0, 6))[:2] == (
        "HH.TERR.65",
        f"unit 1 (Spearmen) crosses a wall into {lab(st, 0, 6)}: that must be its whole move",
    )
    assert refused(one("spear", {}, walls=[((0, 8), (0, 7))]), 1, Formation.COLUMN, (0, 7))[:2] == (
        "HH.MOVE.14",
        "unit 1 (Spearmen) may not change formation in this move: it crosses a wall",
    )


def test_HH_MOVE_28_a_target_that_was_not_contacted_is_refused():
    """HH.MOVE.28: `target 8` when the move contacted only unit 9 is refused, naming both."""
    st = one("spear", {}, (9, "north", "spear", (1, 6), Facing.S))
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (H(0, 7),), 8))
    assert (e.value.problem.code, e.value.problem.message) == (
        "HH.MOVE.28",
        "unit 1 (Spearmen) did not contact enemy unit 8; it contacted [9]",
    )


def test_HH_MOVE_4_a_move_over_its_allowance_says_what_it_costs():
    """HH.MOVE.4, HH.MOVE.11: the refusal gives the cost, the allowance and the hint about turns."""
    st = one()
    assert refused(st, 1, (0, 7), (0, 6)) == (
        "HH.MOVE.4",
        f"unit 1 (Spearmen) cannot reach {lab(st, 0, 6)}: the move costs 2 MP but its allowance is 1 MP",
        "turns of more than one point and any turn in the start hex before leaving cost 1 MP (HH.MOVE.11)",
    )


def test_HH_TERR_45_HH_TERR_47_boat_refusals_word_for_word():
    """HH.TERR.45, ruling HH.TERR.47, HH.MOVE.9, HH.MOVE.19, HH.MOVE.22: a boat moves 1 lake hex, to an adjacent
    lake hex that is empty, never ashore (hint: disembark), and not while engaged; passengers afloat only move and
    turn."""
    from .test_rules_split_boats import _embarked, _lake

    st = _lake(boats=((31, "south", (0, 5)), (32, "south", (-1, 5))))
    assert refused(st, 31, (0, 4), (0, 3)) == (
        "HH.TERR.45",
        f"unit 31 (Raft) cannot go on to {lab(st, 0, 3)}: a boat moves only 1 lake hex per move",
        "",
    )
    assert refused(st, 31, (0, 3)) == (
        "HH.MOVE.9",
        f"unit 31 (Raft) cannot step from {lab(st, 0, 5)} to {lab(st, 0, 3)}: the hexes are not adjacent",
        "",
    )
    assert refused(st, 31, (-1, 6)) == (
        "HH.TERR.45",
        f"unit 31 (Raft) cannot enter {lab(st, -1, 6)}: a boat moves on lake hexes only",
        f"to land, `disembark 31 {lab(st, -1, 6)}` (a full move)",
    )
    assert refused(st, 31, (-1, 5)) == (
        "HH.MOVE.19",
        f"unit 31 (Raft) cannot enter {lab(st, -1, 5)}: it is occupied",
        "",
    )
    st = _embarked()
    assert refused(st, 1, Formation.COLUMN) == (
        "HH.TERR.47",
        "unit 1 (Spearmen) is afloat and may not column aboard a boat",
        "disembark first",
    )


def test_HH_TERR_45_a_boat_turns_freely_to_face_its_way():
    """HH.TERR.45: a boat's step costs 1 MP (its whole move) and it turns for free to face the way it went."""
    from .test_rules_split_boats import _lake

    st = _lake()
    plan = plan_move(st, Move(1, 31, (H(-1, 5),)))
    assert (plan.unit.hex, plan.contacts, plan.unit.facing in (Facing.W, Facing.WNW, Facing.WSW)) == (
        H(-1, 5),
        (),
        True,
    )


def test_HH_TERR_40_a_ford_needs_a_column():
    """HH.TERR.40: a deployed unit that can form column must add `column` before a ford (a horde is squeezed
    instead)."""
    st = one("spear", {}, terrain={(0, 7): "river"}, fords=[(0, 7)])
    assert refused(st, 1, (0, 7)) == (
        "HH.TERR.40",
        f"unit 1 (Spearmen) must be in column to cross the ford or bridge at {lab(st, 0, 7)}",
        "add `column` before that hex (1 MP)",
    )


def whole_move(**kw: object) -> tuple[str, str, str]:
    """The refusal of a second step after a first step that must be the whole move."""
    st = one("spear", {}, **kw)
    return refused(st, 1, (0, 7), (0, 6))


def test_HH_TERR_35_HH_TERR_57_HH_TERR_65_a_whole_move_goes_no_further():
    """HH.TERR.35, HH.TERR.57, HH.TERR.65: entering a river hex, climbing a steep side and crossing a wall are each
    the whole move: a step beyond is refused, naming the reason."""
    st = one()
    assert whole_move(terrain={(0, 7): "river"}) == (
        "HH.TERR.35",
        f"unit 1 (Spearmen) cannot go on to {lab(st, 0, 6)}: entering a river hex is its whole move",
        "",
    )
    assert whole_move(walls=[((0, 8), (0, 7))])[1:] == (
        f"unit 1 (Spearmen) cannot go on to {lab(st, 0, 6)}: crossing a wall is its whole move",
        "",
    )
    assert whole_move(steep=[((0, 8), (0, 7))])[1:] == (
        f"unit 1 (Spearmen) cannot go on to {lab(st, 0, 6)}: climbing a steep side is its whole move",
        "",
    )


@pytest.mark.xfail(strict=True, reason="the refusal cites HH.TERR.18 (broken ground) for walls and steep sides")
def test_HH_TERR_57_HH_TERR_65_a_step_past_a_wall_or_steep_side_cites_its_own_rule():
    """HH.TERR.57, HH.TERR.65: the step after climbing a steep side or crossing a wall is refused under the steep
    side's or the wall's rule; the engine names HH.TERR.18, the broken-ground rule (`_WHOLE_CODES` has no entry for
    either reason). Not changed here: refusals are part of the record, and old games must replay identically."""
    assert whole_move(walls=[((0, 8), (0, 7))])[0] == "HH.TERR.65"
    assert whole_move(steep=[((0, 8), (0, 7))])[0] == "HH.TERR.57"


def test_HH_MOVE_26_a_mount_change_takes_the_other_profile_and_1_MP():
    """HH.MOVE.26: men-at-arms dismount into their dismounted profile; dismounted men-at-arms remount."""
    st = one("mma")
    plan = plan_move(st, Move(1, 1, (Mount.DISMOUNT,)))
    assert plan.unit.profile == "dmma"
    st = one("mma")
    st.units[1] = replace(st.units[1], profile="dmma")
    assert plan_move(st, Move(1, 1, (Mount.REMOUNT,))).unit.profile == "mma"


@pytest.mark.parametrize("why", ["disrupted", "engaged"])
def test_HH_TERR_43_the_front_part_waits_for_a_rear_part_that_cannot_follow(why):
    """Ruling HH.TERR.43: a split unit's front part may not move while its rear part is disrupted or engaged; the
    refusal says which and what to do."""
    from .test_rules_split_boats import _ford, _next_bound, _split

    st = _ford()
    _split(st)
    _next_bound(st)
    if why == "disrupted":
        st.units[2] = replace(st.units[2], disrupted=True)
    else:
        st.units[9] = replace(st.units[1], id=9, side="north", hex=H(1, 8), facing=Facing.W, split_link=None)
    assert refused(st, 1, (0, 6)) == (
        "HH.TERR.43",
        f"unit 1 (Dacian Warriors) cannot move: its rear part 2 is {why} and cannot follow it",
        "the front part waits for its rear part, or they fight it out where they stand",
    )


def test_HH_MOVE_26_HH_DATA_1_a_dismounted_profile_is_found_in_the_same_army_list():
    """HH.MOVE.26: the dismounted form named by the army list is looked up with the unit's own army prefix
    (`a:b:mma` dismounts to `a:b:dmma`, not `a:dmma` nor `b:mma:dmma`)."""
    from .helpers import PROFILES

    st = one("mma")
    st.profiles["a:b:mma"] = replace(PROFILES["mma"], id="a:b:mma")
    st.profiles["a:b:dmma"] = replace(PROFILES["dmma"], id="a:b:dmma")
    st.units[1] = replace(st.units[1], profile="a:b:mma", base_profile="a:b:mma")
    assert plan_move(st, Move(1, 1, (Mount.DISMOUNT,))).unit.profile == "a:b:dmma"


def test_HH_COMP_45_a_move_carried_on_keeps_the_MP_already_spent():
    """HH.COMP.45, ruling HH.COMP.48: after every contacted unit got away the move goes on from where it stopped
    with the MP it has left: men-at-arms (3 MP) that spent 2 may step once more, not twice."""
    from games.hordes_heroes.movement import continue_move

    st = one("mma")
    assert continue_move(st, st.units[1], Move(1, 1, (H(0, 7),)), 2).unit.hex == H(0, 7)
    with pytest.raises(Illegal) as e:
        continue_move(st, st.units[1], Move(1, 1, (H(0, 7), H(0, 6))), 2)
    assert e.value.problem.message.endswith("the move costs 4 MP but its allowance is 3 MP")


def test_HH_MOVE_22_engaged_now_means_an_enemy_in_contact():
    """HH.MOVE.22, HH.ZOC.2: a unit is engaged when an enemy is in contact with it; a friend next to it, or an
    enemy two hexes off, is no contact; a unit off the table never is."""
    from games.hordes_heroes.movement import engaged_now

    st = one("spear", {}, (2, "south", "spear", (1, 7), Facing.N), (9, "north", "spear", (0, 6), Facing.S))
    assert not engaged_now(st, st.units[1])
    st.units[9] = replace(st.units[9], hex=H(0, 7))
    assert engaged_now(st, st.units[1])
    assert not engaged_now(st, replace(st.units[1], hex=None))


@pytest.mark.parametrize(
    ("pid", "over", "allowances"),
    [
        ("spear", {}, (1, 2, 2, 3)),
        ("pavisse", {}, (1, 1, 2, 3)),
        ("pike", {"stands": 6, "nominal": 6}, (1, 1, 1, 1)),
        ("lc", {}, (5, 6, 6, 7)),
        ("mma", {"nominal": 3, "stands": 1}, (4, 5, 4, 5)),
        ("mma", {"nominal": 4, "stands": 1}, (3, 4, 4, 5)),
    ],
)
def test_HH_MOVE_4_HH_MOVE_5_HH_TERR_11_HH_STAND_3_allowances(pid, over, allowances):
    """HH.MOVE.4, HH.MOVE.5, HH.TERR.11: speed deployed, +1 in column, +1 along a road for R troops; pavisses 1
    deployed, 2 in column, 3 in column on a road (HH.SPECIAL.8); a pike block 1 (HH.SPECIAL.29); a unit of nominal
    2-3 with C down to 1 stand moves as a column (HH.STAND.3), one of nominal 4 does not. Order: deployed, deployed
    on a road, column, column on a road."""
    from games.hordes_heroes.movement import allowance

    st = one(pid, over)
    u = st.units[1]
    c = replace(u, formation=Formation.COLUMN)
    got = (allowance(st, u, False), allowance(st, u, True), allowance(st, c, False), allowance(st, c, True))
    assert got == allowances


@pytest.mark.parametrize(
    ("current", "exit_side", "mode", "paid", "want"),
    [
        (Facing.N, 3, "ANY", False, (Facing.WNW, False)),
        (Facing.N, 3, "NONE", False, (Facing.WNW, True)),
        (Facing.N, 3, "NONE", True, (Facing.WNW, False)),
        (Facing.N, 4, "NONE", False, (Facing.WSW, True)),
        (Facing.N, 1, "ONE_POINT", False, (Facing.N, False)),
        (Facing.N, 0, "ONE_POINT", False, (Facing.ENE, False)),
        (Facing.E, 2, "ANY", False, (Facing.N, False)),
    ],
)
def test_HH_MOVE_9_HH_MOVE_11_the_facing_taken_to_leave_by_a_side(current, exit_side, mode, paid, want):
    """HH.MOVE.9, HH.MOVE.11, HH.HEX.5: to leave by a side a unit takes a point facing with the smallest turn (then
    the lowest value); free with a free change left or a turn already paid here, else 1 MP."""
    from games.hordes_heroes.movement import FreeTurn, auto_facing

    assert auto_facing(current, current, exit_side, FreeTurn[mode], paid) == want


def test_HH_TERR_45_HH_TERR_47_a_loaded_boat_refusals_and_free_turn():
    """HH.TERR.45, ruling HH.TERR.47: passengers afloat move their boat 1 adjacent, empty lake hex (never ashore:
    the hint says how to land), turning for free to face the way they went."""
    from .test_rules_split_boats import _embarked

    st = _embarked(boats=((31, "south", (0, 5)), (32, "south", (-1, 5))))
    assert refused(st, 1, (0, 4), (0, 3)) == (
        "HH.TERR.45",
        f"unit 1 (Spearmen) cannot go on to {lab(st, 0, 3)}: a boat moves only 1 lake hex per move",
        "",
    )
    assert refused(st, 1, (0, 3)) == (
        "HH.MOVE.9",
        f"unit 1 (Spearmen) cannot step from {lab(st, 0, 5)} to {lab(st, 0, 3)}: the hexes are not adjacent",
        "",
    )
    assert refused(st, 1, (-1, 6)) == (
        "HH.TERR.45",
        f"unit 1 (Spearmen) cannot enter {lab(st, -1, 6)}: a boat moves on lake hexes only",
        f"to land, `disembark 1 {lab(st, -1, 6)}` (a full move)",
    )
    assert refused(st, 1, (-1, 5)) == (
        "HH.MOVE.19",
        f"unit 1 (Spearmen) cannot enter {lab(st, -1, 5)}: it is occupied",
        "",
    )
    plan = plan_move(st, Move(1, 1, (H(1, 5),)))
    assert (plan.unit.hex, plan.unit.facing, plan.contacts) == (H(1, 5), Facing.ENE, ())


def test_HH_TERR_42_HH_TERR_43_the_split_and_the_trailing_rear_part():
    """HH.TERR.42, ruling HH.TERR.43: entering a ford a 6-stand unit splits into 4 stands in the ford (squeezed) and
    a new 2-stand unit "(rear)" in the hex behind, linked both ways, without the parent's SC marker; later the rear
    part trails one hex behind, squeezed when it stands in the ford, facing as the front, moved. Ending a move
    where the rear part would have to stand on another unit is refused word for word."""
    from .test_rules_split_boats import _ford, _next_bound, _split

    st = _ford()
    st.units[1] = replace(st.units[1], static_combat=True)
    plan = plan_move(st, Move(1, 1, (H(0, 7),)))
    front, rear = plan.unit, plan.rear
    assert rear is not None
    assert (front.stands, front.nominal, front.split_link, front.formation) == (4, 4, 2, Formation.SQUEEZED)
    assert (rear.id, rear.name, rear.stands, rear.nominal, rear.hex) == (2, "Dacian Warriors (rear)", 2, 2, H(0, 8))
    assert (rear.split_link, rear.static_combat, rear.formation) == (1, False, Formation.DEPLOYED)
    st = _ford()
    _split(st)
    _next_bound(st)
    rear = plan_move(st, Move(1, 1, (H(0, 6),))).rear
    assert rear is not None
    assert (rear.hex, rear.formation, rear.moved_this_phase, rear.moved_this_bound) == (
        H(0, 7),
        Formation.SQUEEZED,
        True,
        True,
    )
    river = {(q, 7): "river" for q in range(-3, 4)}
    st = make_state(
        [
            (1, "south", "dacian", (0, 9), Facing.N, {"stands": 6, "nominal": 6}),
            (3, "south", "spear", (0, 8), Facing.N),
        ],
        terrain=river,
        fords=[(0, 7)],
        roads=[[(0, 9), (0, 8), (0, 7)]],
    )
    assert refused(st, 1, (0, 8), (0, 7)) == (
        "HH.TERR.43",
        f"unit 1 (Dacian Warriors) cannot end its move at {lab(st, 0, 7)}: its 2 rear stands would have to stand in"
        f" {lab(st, 0, 8)}, where unit 3 (Spearmen) is",
        "end the move where the hex behind the front part is free",
    )


@pytest.mark.parametrize(
    ("formation", "edition", "ok"),
    [("column", "2022", True), ("deployed", "2022", False), ("column", "2012", True), ("deployed", "2012", True)],
)
def test_HH_TERR_12_HH12_TER_18_a_road_through_woods_in_column(formation, edition, ok):
    """HH.TERR.12: a column on the road ignores woodland; deployed, the unit stops on entering it (HH.TERR.27,
    word for word). HH12.TER.18, ruling HH12.TER.A6: in 2012 the road ignores the terrain in any formation."""
    from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition

    st = one(
        "mma",
        {"formation": Formation(formation)},
        terrain={(0, 7): "wood", (0, 6): "wood"},
        roads=[[(0, 8), (0, 7), (0, 6), (0, 5)]],
    )
    st.options = replace(st.options, edition=Edition(edition), rules_version=LATEST_RULES_VERSION)
    if ok:
        assert plan_move(st, Move(1, 1, (H(0, 7), H(0, 6), H(0, 5)))).unit.hex == H(0, 5)
    else:
        assert refused(st, 1, (0, 7), (0, 6), (0, 5)) == (
            "HH.TERR.27",
            f"unit 1 (Mounted Men-at-Arms) cannot reach {lab(st, 0, 6)}: it must stop on entering the woodland at"
            f" {lab(st, 0, 7)}",
            "",
        )


def test_HH_TERR_44_a_bridge_is_good_going():
    """HH.TERR.44: a column crosses a river by a bridge as good going and goes on beyond it."""
    st = one("spear", {"formation": Formation.COLUMN}, terrain={(0, 7): "river"}, bridges=[(0, 7)])
    assert plan_move(st, Move(1, 1, (H(0, 7), H(0, 6)))).unit.hex == H(0, 6)
