"""Clauses mutation testing of games/hordes_heroes/movement.py still found unpinned after test_mutants_movement.py
(benchmarks/mutation.py movement, fourth run): the exact path, tokens and MP of a move, turns paid once per hex,
contact and its primary target, terrain-restricted pairs, roads through woods, fords and bridges left behind,
loaded boats, and split units [HH.MOVE.*] [HH.TERR.*] [HH.ZOC.*]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.model import Formation
from games.hordes_heroes.movement import FreeTurn, Illegal, MovePlan, auto_facing, continue_move, plan_move
from games.hordes_heroes.orders import Mount, Move
from games.hordes_heroes.state import GameState, Standing, StandingProfile

from .helpers import H, make_state


def toks(*tokens: object) -> tuple:
    """Order tokens, hexes given as (q, r)."""
    return tuple(H(*t) if isinstance(t, tuple) else t for t in tokens)


def plan(st: GameState, uid: int, *tokens: object, target: int | None = None) -> MovePlan:
    return plan_move(st, Move(1, uid, toks(*tokens), target))  # type: ignore[arg-type]


def refused(st: GameState, uid: int, *tokens: object, target: int | None = None) -> tuple[str, str, str]:
    """(rule ID, message, hint) of a refused move."""
    with pytest.raises(Illegal) as e:
        plan(st, uid, *tokens, target=target)
    p = e.value.problem
    return p.code, p.message, p.hint


def lab(st: GameState, q: int, r: int) -> str:
    return st.field.label(H(q, r))


# --- turns and their cost (HH.MOVE.9, HH.MOVE.11) ----------------------------------------------------------------


def test_HH_MOVE_11_a_turn_paid_in_a_hex_pays_for_every_later_turn_there():
    """HH.MOVE.11: a paid turn may take any facing, and further turns in the same hex cost nothing more: men-at-arms
    step (1 MP), about-face (1 MP) and turn on to WSW, two points from where they entered, for free: 2 MP in all.
    The tokens are the path and the turns, in order."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    p = plan(st, 1, (0, 7), Facing.S, Facing.WSW)
    assert (p.mp, p.tokens, p.steps, p.unit.facing) == (2, toks((0, 7), Facing.S, Facing.WSW), (H(0, 7),), Facing.WSW)


def test_HH_MOVE_11_a_paid_turn_to_leave_by_a_side_takes_the_smallest_turn():
    """HH.MOVE.9, HH.MOVE.11, HH.HEX.5: to leave by side 4 (SW) from facing ESE the paid turn is to S (2 steps),
    not to WSW (4 steps), though WSW is the lower value."""
    assert auto_facing(Facing.ESE, Facing.ESE, 4, FreeTurn.NONE, False) == (Facing.S, True)


def test_HH_MOVE_26_a_mount_change_after_a_turn_in_place_is_refused():
    """HH.MOVE.26: dismounting must be the first thing in the move: not even a turn in the start hex before it."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    assert refused(st, 1, Facing.NW, Mount.DISMOUNT) == (
        "HH.MOVE.26",
        "unit 1 (Mounted Men-at-Arms) must dismount first, before any other part of its move",
        "",
    )


def test_HH_MOVE_26_HH_COMP_45_a_mount_change_in_a_carried_on_move_adds_1_MP_to_those_spent():
    """HH.MOVE.26, HH.COMP.45: a move carried on after 1 MP that remounts dismounted men-at-arms has spent 2 MP of the
    mounted allowance (3); one that dismounts after 2 MP has spent 3 MP, over the dismounted allowance (1). A
    formation change is a token and 1 MP too."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    st.units[1] = replace(st.units[1], profile="dmma")
    p = continue_move(st, st.units[1], Move(1, 1, (Mount.REMOUNT,)), 1)
    assert (p.mp, p.tokens, p.unit.profile) == (2, (Mount.REMOUNT,), "mma")
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    with pytest.raises(Illegal) as e:
        continue_move(st, st.units[1], Move(1, 1, (Mount.DISMOUNT,)), 2)
    assert e.value.problem.message == (
        f"unit 1 (Mounted Men-at-Arms) cannot reach {lab(st, 0, 8)}: the move costs 3 MP but its allowance is 1 MP"
    )
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    p = plan(st, 1, Formation.COLUMN, (0, 7))
    assert (p.mp, p.tokens, p.unit.formation) == (2, toks(Formation.COLUMN, (0, 7)), Formation.COLUMN)


# --- roads (HH.TERR.9-12) ----------------------------------------------------------------------------------------


def test_HH_TERR_11_a_step_off_the_road_loses_the_road_bonus():
    """HH.TERR.11: the road's +1 needs every step along the road: spearmen in column (2, 3 on the road) that step
    along the road twice and then off it have only 2 MP for 3 hexes."""
    st = make_state(
        [(1, "south", "spear", (0, 8), Facing.N, {"formation": Formation.COLUMN})],
        roads=[[(0, 8), (0, 7), (0, 6)]],
    )
    assert plan(st, 1, (0, 7), (0, 6)).allowance == 3
    assert refused(st, 1, (0, 7), (0, 6), (0, 5)) == (
        "HH.MOVE.4",
        f"unit 1 (Spearmen) cannot reach {lab(st, 0, 5)}: the move costs 3 MP but its allowance is 2 MP",
        "turns of more than one point and any turn in the start hex before leaving cost 1 MP (HH.MOVE.11)",
    )


# --- contact (HH.ZOC.2, HH.MOVE.27, HH.MOVE.28) -------------------------------------------------------------------


def two_in_front(pid: str = "spear") -> GameState:
    """Unit 1 at 0,8 facing N; enemy units 9 at 0,5 and 10 at 1,5, both next to 0,6."""
    return make_state(
        [
            (1, "south", pid, (0, 8), Facing.N),
            (9, "north", "spear", (0, 5), Facing.S),
            (10, "north", "spear", (1, 5), Facing.S),
        ]
    )


def test_HH_ZOC_2_a_step_past_the_contact_hex_is_the_first_fault():
    """HH.ZOC.2, HH.MOVE.27: spearmen (1 MP) ordered on past the hex where they contact units 9 and 10 are refused
    for going past the contact, naming both units, not for the MP."""
    st = two_in_front()
    assert refused(st, 1, (0, 7), (0, 6), (-1, 6)) == (
        "HH.ZOC.2",
        f"unit 1 (Spearmen) cannot reach {lab(st, -1, 6)}: it entered the zone of control of enemy unit 9, 10 at"
        f" {lab(st, 0, 6)}",
        "a move stops on contact; make contact with the last hex of the path",
    )


def test_HH_MOVE_27_a_turn_after_contact_is_refused_when_the_move_fails():
    """HH.MOVE.27: a turn ordered after the contact hex is kept for a carry-on (HH.COMP.45); when the move fails
    (over its allowance) that turn is the first fault: in contact, the unit may only face one contacted enemy."""
    st = two_in_front()
    assert refused(st, 1, (0, 7), (0, 6), Facing.NW) == (
        "HH.MOVE.27",
        "unit 1 (Spearmen) is in contact and may only turn to face one contacted enemy; name it with `target N`",
        "",
    )


def test_HH_MOVE_27_HH_COMP_45_tokens_after_contact_are_kept_for_a_carry_on():
    """HH.MOVE.27, HH.COMP.45: men-at-arms contacting units 9 and 10 stop (2 MP); the turn ordered after is kept as
    the rest; they face the lowest contacted unit in front, side to side (9 at NW)."""
    st = two_in_front("mma")
    p = plan(st, 1, (0, 7), (0, 6), Facing.NW)
    assert (p.contacts, p.rest, p.unit.facing, p.tokens, p.mp) == (
        (9, 10),
        (Facing.NW,),
        Facing.NW,
        toks((0, 7), (0, 6)),
        2,
    )


# --- terrain along roads, fords and bridges (HH.TERR.12, HH.TERR.40-44) ---------------------------------------------


def test_HH_TERR_12_a_column_leaving_a_road_hex_in_a_built_up_area_may_deploy():
    """HH.TERR.12, HH.MOVE.14: a column along the road ignores the built-up area it leaves, so the formation lock on
    leaving one does not hold: it steps out along the road and deploys (1 MP each)."""
    st = make_state(
        [(1, "south", "mma", (0, 8), Facing.N, {"formation": Formation.COLUMN})],
        terrain={(0, 8): "bua"},
        roads=[[(0, 8), (0, 7), (0, 6)]],
    )
    p = plan(st, 1, (0, 7), Formation.DEPLOYED)
    assert (p.unit.hex, p.unit.formation, p.mp) == (H(0, 7), Formation.DEPLOYED, 2)


def test_HH12_TER_18_HH12_TER_5_a_road_out_of_broken_ground_is_no_one_hex_move():
    """HH12.TER.18, ruling HH12.TER.A6, HH12.TER.5: in 2012 a move along a road ignores the broken ground it starts
    in, in any formation: deployed lancers go 2 hexes along it; off the road the move out is one hex."""
    st = make_state(
        [(1, "south", "lc", (0, 8), Facing.N)],
        terrain={(0, 8): "broken"},
        roads=[[(0, 8), (0, 7), (0, 6)]],
    )
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    assert plan(st, 1, (0, 7), (0, 6)).unit.hex == H(0, 6)
    assert refused(st, 1, (1, 7), (1, 6))[:2] == (
        "HH12.TER.5",
        f"unit 1 (Mongol Light Cavalry) cannot go on to {lab(st, 1, 6)}: a move out of broken ground is its whole move",
    )


def test_HH_TERR_12_HH_TERR_35_a_road_does_not_bridge_a_river():
    """HH.TERR.12, HH.TERR.35: the road ignores woodland, built-up areas and broken ground, not a river: a column
    following a road into a river hex with neither bridge nor ford ends its move there, and one starting in such a
    hex leaves it as its whole move."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    road = [[(0, 8), (0, 7), (0, 6), (0, 5)]]
    st = make_state([(1, "south", "mma", (0, 8), Facing.N, {"formation": Formation.COLUMN})], terrain=river, roads=road)
    assert refused(st, 1, (0, 7), (0, 6)) == (
        "HH.TERR.35",
        f"unit 1 (Mounted Men-at-Arms) cannot go on to {lab(st, 0, 6)}: entering a river hex is its whole move",
        "",
    )
    st = make_state([(1, "south", "mma", (0, 7), Facing.N, {"formation": Formation.COLUMN})], terrain=river, roads=road)
    assert refused(st, 1, (0, 6), (0, 5)) == (
        "HH.TERR.35",
        f"unit 1 (Mounted Men-at-Arms) cannot go on to {lab(st, 0, 5)}: leaving a river hex is its whole move",
        "",
    )


def test_HH_TERR_44_a_column_leaves_a_ford_as_good_going():
    """HH.TERR.44: a column in a ford moves through it like good going: leaving it is no whole move, it goes on."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    st = make_state(
        [(1, "south", "spear", (0, 7), Facing.N, {"formation": Formation.COLUMN})], terrain=river, fords=[(0, 7)]
    )
    assert plan(st, 1, (0, 6), (0, 5)).unit.hex == H(0, 5)


def test_HH_TERR_40_squeezing_adds_1_MP_to_those_spent():
    """HH.TERR.40: light cavalry (no C) step once, are squeezed (1 MP) and enter the ford: 3 MP, not 2."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    st = make_state([(1, "south", "lc", (0, 9), Facing.N)], terrain=river, fords=[(0, 7)])
    p = plan(st, 1, (0, 8), (0, 7))
    assert (p.mp, p.unit.formation) == (3, Formation.SQUEEZED)


@pytest.mark.parametrize(("stands", "splits"), [(4, False), (5, True)])
def test_HH_TERR_42_more_than_4_stands_split_at_a_ford(stands, splits):
    """HH.TERR.42, ruling HH.TERR.43: only 4 stands fit in a restriction: a unit of 5 stands splits (1 stand behind),
    one of 4 does not."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    st = make_state(
        [(1, "south", "dacian", (0, 8), Facing.N, {"stands": stands, "nominal": 6})], terrain=river, fords=[(0, 7)]
    )
    p = plan(st, 1, (0, 7))
    assert (p.split, p.unit.stands, p.rear.stands if p.rear else None) == (splits, 4, 1 if splits else None)


def test_HH_TERR_42_a_combined_arms_unit_cannot_split():
    """HH.TERR.42, HH.SPECIAL.24: a 6-stand combined-arms unit cannot split at a ford; the refusal says to exchange
    it into single-arm units first."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    over = {"stands": 6, "nominal": 6, "rear_profile": "spear", "rear_stands": 2}
    st = make_state([(1, "south", "dacian", (0, 8), Facing.N, over)], terrain=river, fords=[(0, 7)])
    assert refused(st, 1, (0, 7)) == (
        "HH.TERR.42",
        f"unit 1 (Dacian Warriors) is a combined-arms unit of 6 stands and cannot split through the restriction at"
        f" {lab(st, 0, 7)}",
        "`exchange` it into single-arm units first (HH.SPECIAL.24)",
    )


def test_HH_MOVE_11_a_turn_in_place_is_a_token_and_free():
    """HH.MOVE.11: a unit that does not leave its hex turns one point for free; the turn is the move's one token."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    p = plan(st, 1, Facing.WNW)
    assert (p.mp, p.tokens, p.steps, p.unit.facing) == (0, (Facing.WNW,), (), Facing.WNW)


def test_HH_MOVE_9_HH_MOVE_11_a_step_back_turns_and_pays_on_the_way():
    """HH.MOVE.9, HH.MOVE.11: men-at-arms step north, then back south: leaving by side SE from facing N needs a paid
    turn (1 MP) to ESE, the nearest point facing that leaves by it: 3 MP, the turn a token between the steps."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    p = plan(st, 1, (0, 7), (0, 8))
    assert (p.mp, p.tokens, p.unit.facing) == (3, toks((0, 7), Facing.ESE, (0, 8)), Facing.ESE)


def test_HH_MOVE_11_a_turn_in_the_start_hex_of_a_unit_that_leaves_adds_1_MP():
    """HH.MOVE.11, HH.MOVE.14: men-at-arms form column (1 MP), then step west: the turn to WNW in the start hex costs
    1 MP on top, and the step 1 MP: 3 MP."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    p = plan(st, 1, Formation.COLUMN, (-1, 8))
    assert (p.mp, p.tokens, p.unit.facing) == (3, toks(Formation.COLUMN, Facing.WNW, (-1, 8)), Facing.WNW)


def test_HH_MOVE_30_HH_ZOC_6_a_unit_may_not_step_into_an_enemy_it_is_not_engaged_with():
    """HH.MOVE.30, HH.ZOC.6: spearmen in a wood next to chariots (a terrain-restricted pair, not engaged) may leave,
    but not into the chariots' hex."""
    st = make_state(
        [(1, "south", "spear", (0, 8), Facing.N), (9, "north", "chariot", (0, 7), Facing.S)],
        terrain={(0, 8): "wood"},
    )
    assert refused(st, 1, (0, 7)) == (
        "HH.MOVE.30",
        f"unit 1 (Spearmen) cannot enter {lab(st, 0, 7)}: enemy unit 9 is there",
        "",
    )


@pytest.mark.parametrize("start", ["deployed", "squeezed"])
def test_HH_TERR_40_a_squeezed_unit_returns_to_its_formation_past_the_restriction(start):
    """HH.TERR.40: a horde squeezed through a ford is deployed again once past it, whether it was squeezed on
    entering the ford in this move or began the move squeezed in the ford."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    if start == "deployed":
        st = make_state([(1, "south", "lc", (0, 8), Facing.N)], terrain=river, fords=[(0, 7)])
        path = ((0, 7), (0, 6))
    else:
        st = make_state(
            [(1, "south", "lc", (0, 7), Facing.N, {"formation": Formation.SQUEEZED})], terrain=river, fords=[(0, 7)]
        )
        path = ((0, 6), (0, 5))
    p = plan(st, 1, *path)
    assert (p.unit.hex, p.unit.formation) == (H(*path[-1]), Formation.DEPLOYED)


def test_HH12_MOV_A7_the_column_allowance_comes_from_the_formation_at_the_first_step():
    """Ruling HH12.MOV.A7, HH12.MOV.3: in 2012 men-at-arms that form column (free) before their first step have the
    column allowance (4) for the whole move, even if they deploy (1 MP) after it; one that forms column after its
    first step has the deployed allowance (3)."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    p = plan(st, 1, Formation.COLUMN, (0, 7), Formation.DEPLOYED, (0, 6), (0, 5))
    assert (p.unit.hex, p.mp, p.unit.formation) == (H(0, 5), 4, Formation.DEPLOYED)
    assert refused(st, 1, (0, 7), Formation.COLUMN, (0, 6), (0, 5), (0, 4))[:2] == (
        "HH.MOVE.4",
        f"unit 1 (Mounted Men-at-Arms) cannot reach {lab(st, 0, 4)}: the move costs 4 MP but its allowance is 3 MP",
    )


# --- zones of control and terrain-restricted pairs (HH.ZOC.2, HH.ZOC.6, HH.PD.18) ----------------------------------


def test_HH_ZOC_2_every_enemy_next_to_the_hex_is_contacted_whatever_comes_before():
    """HH.ZOC.2: an enemy two hexes off (unit 2) and a terrain-restricted one that does not attack (unit 3, spearmen
    in a wood next to the chariots) make no contact, and do not stop the check: unit 9 next to the hex is
    contacted."""
    st = make_state(
        [
            (1, "south", "chariot", (0, 8), Facing.N),
            (2, "north", "spear", (3, 3), Facing.S),
            (3, "north", "spear", (-1, 7), Facing.S),
            (9, "north", "spear", (0, 6), Facing.S),
        ],
        terrain={(-1, 7): "wood"},
    )
    assert plan(st, 1, (0, 7)).contacts == (9,)


def test_HH_ZOC_6_a_unit_entering_a_wood_next_to_chariots_is_not_engaged():
    """HH.ZOC.6: spearmen entering a wood next to chariots (which cannot enter the wood) are a terrain-restricted
    pair with them: no contact unless the pair was activated."""
    st = make_state(
        [(1, "south", "spear", (0, 8), Facing.N), (9, "north", "chariot", (0, 6), Facing.S)],
        terrain={(0, 7): "wood"},
    )
    assert plan(st, 1, (0, 7)).contacts == ()
    st.activated = frozenset({(1, 9)})
    assert plan(st, 1, (0, 7)).contacts == (9,)


def test_HH_ZOC_6_HH_PD_18_a_unit_s_own_standing_order_to_attack_stops_the_chariots():
    """HH.ZOC.6, HH.PD.18: the standing order to attack a terrain-restricted enemy may be given to one unit: the
    chariots passing its wood stop engaged with it, and the pair is activated."""
    st = make_state(
        [(1, "south", "chariot", (0, 8), Facing.N), (12, "north", "spear", (1, 6), Facing.S)],
        terrain={(1, 6): "wood"},
    )
    st.standing["north"] = StandingProfile(Standing(), per_unit={12: {"restricted_attack": True}})
    p = plan(st, 1, (0, 7))
    assert (p.contacts, p.activated) == ((12,), ((1, 12),))


@pytest.mark.parametrize("mover", ["guns", "spear"])
def test_HH_ZOC_10_HH_TERR_13_wheeled_troops_along_a_road_into_a_wood_are_no_restricted_pair(mover):
    """HH.ZOC.10, HH.TERR.13 (option `wheeled_road_access = "along_road"`): guns may enter a wood road hex along the
    road, so guns and spearmen on either side of that road step are engaged: the guns moving next to spearmen in
    the wood, or spearmen moving into the wood next to the guns."""
    units = {
        "guns": [(1, "south", "guns", (0, 8), Facing.N), (9, "north", "spear", (0, 6), Facing.S)],
        "spear": [(1, "south", "spear", (0, 8), Facing.N), (9, "north", "guns", (0, 6), Facing.S)],
    }[mover]
    wood = {"guns": (0, 6), "spear": (0, 7)}[mover]
    st = make_state(units, terrain={wood: "wood"}, roads=[[(0, 8), (0, 7), (0, 6), (0, 5)]])
    st.options = replace(st.options, wheeled_road_access="along_road")
    assert plan(st, 1, (0, 7)).contacts == (9,)


# --- loaded boats (HH.TERR.45, ruling HH.TERR.47, HH.ZOC.5) ----------------------------------------------------------


def test_HH_TERR_45_a_loaded_boat_s_move_is_its_turn_and_one_lake_hex():
    """HH.TERR.45, ruling HH.TERR.47: passengers afloat move their boat one lake hex east: the free turn to ENE and
    the hex are the tokens, the hex the path, 1 MP in all."""
    from .test_rules_split_boats import _embarked

    st = _embarked()
    p = plan(st, 1, (1, 5))
    assert (p.tokens, p.steps, p.mp, p.unit.facing) == (toks(Facing.ENE, (1, 5)), (H(1, 5),), 1, Facing.ENE)


def test_HH_MOVE_22_HH_ZOC_5_an_engaged_boat_stays():
    """HH.MOVE.22, HH.ZOC.5: a loaded boat engaged with an enemy loaded boat may not leave its hex."""
    from .test_rules_split_boats import _embarked

    st = _embarked()
    st.units[9] = replace(st.units[1], id=9, side="north", hex=H(0, 4), boat=40)
    assert refused(st, 1, (1, 5)) == ("HH.MOVE.22", "unit 1 (Spearmen) is engaged and may not leave its hex", "")


def test_HH_MOVE_19_HH_MOVE_30_a_boat_passes_a_friendly_general_not_an_enemy_one():
    """HH.MOVE.19, HH.MOVE.30: a general on the boat's next lake hex (aboard another boat) stops the boat when he is
    the enemy's; a friendly one does not."""
    from games.hordes_heroes.model import General

    from .test_rules_split_boats import _embarked

    st = _embarked()
    st.generals[2] = General(2, "south", "General 2", hex=H(1, 5))
    assert plan(st, 1, (1, 5)).unit.hex == H(1, 5)
    st.generals[2] = General(2, "north", "General 2", hex=H(1, 5))
    assert refused(st, 1, (1, 5)) == (
        "HH.MOVE.19",
        f"unit 1 (Spearmen) cannot enter {lab(st, 1, 5)}: it is occupied",
        "",
    )


def test_HH_TERR_18_a_step_past_broken_to_broken_ground_is_refused_under_its_rule():
    """HH.TERR.18: a step from broken ground to broken ground is the whole move; a step beyond is refused under the
    broken-ground rule, naming the reason."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)], terrain={(0, 8): "broken", (0, 7): "broken"})
    assert refused(st, 1, (0, 7), (0, 6)) == (
        "HH.TERR.18",
        f"unit 1 (Spearmen) cannot go on to {lab(st, 0, 6)}: a step from broken ground to broken ground is its whole"
        " move",
        "",
    )


def test_HH_SPECIAL_34_HH_ZOC_6_an_aggressive_unit_s_path_ends_where_a_restricted_enemy_attacks_it():
    """HH.SPECIAL.34, HH.ZOC.6, HH.PD.18: the path search of an aggressive unit out of command tries each step on a
    copy of the move: chariots whose enemy in a wood attacks restricted units go one hex, into its zone of
    control, and name it as the target."""
    from games.hordes_heroes.aggression import search_attack

    st = make_state(
        [(1, "south", "chariot", (0, 8), Facing.N), (12, "north", "spear", (1, 6), Facing.S)],
        terrain={(1, 6): "wood"},
    )
    st.standing["north"] = StandingProfile(Standing(restricted_attack=True))
    assert search_attack(st, st.units[1]) == Move(0, 1, (H(0, 7),), 12)


# --- the end of a move (HH.MOVE.11, HH.MOVE.12, HH.MOVE.27, HH.MOVE.28) -----------------------------------------------


def test_HH_MOVE_28_the_default_primary_target_is_the_one_in_front():
    """HH.MOVE.28, HH.MOVE.27: men-at-arms contact unit 9 on their left (side W) and unit 10 in front (side NW): with
    no target named they face unit 10, the one their front exit sides point at, though 9 is the lower id."""
    st = make_state(
        [
            (1, "south", "mma", (0, 8), Facing.N),
            (9, "north", "spear", (-1, 6), Facing.E),
            (10, "north", "spear", (0, 5), Facing.S),
        ]
    )
    p = plan(st, 1, (0, 7), (0, 6))
    assert (p.contacts, p.unit.facing) == ((9, 10), Facing.NW)
    assert plan(st, 1, (0, 7), (0, 6), target=9).unit.facing == Facing.W


@pytest.mark.parametrize(("version", "facing"), [(1, Facing.ENE), (2, Facing.E)])
def test_HH_MOVE_27_facing_an_enemy_to_the_east_by_rules_version(version, facing):
    """HH.MOVE.27: men-at-arms moving east contact unit 9 through side E; that contact facing is the value 0: rules
    version 1 dropped it (the unit kept its facing ENE, as recorded), version 2 turns to face E."""
    st = make_state([(1, "south", "mma", (-2, 6), Facing.ENE), (9, "north", "spear", (1, 6), Facing.W)])
    st.options = replace(st.options, rules_version=version)
    p = plan(st, 1, (-1, 6), (0, 6))
    assert (p.contacts, p.unit.facing) == ((9,), facing)


@pytest.mark.parametrize(
    ("tokens", "mp"),
    [((Facing.WNW,), 0), ((Facing.S,), 1), ((Mount.REMOUNT, Facing.WNW), 2), ((Mount.REMOUNT,), 1)],
)
def test_HH_MOVE_11_HH_MOVE_26_a_turn_in_place(tokens, mp):
    """HH.MOVE.11, HH.MOVE.26: a unit that stays in its hex turns one point for free and pays 1 MP for more; after a
    mount change (1 MP) any turn costs 1 MP. Dismounted men-at-arms remounting here."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)])
    st.units[1] = replace(st.units[1], profile="dmma")
    p = plan(st, 1, *tokens)
    assert (p.mp, p.tokens, p.steps) == (mp, tokens, ())


# --- split units (HH.TERR.42, ruling HH.TERR.43) --------------------------------------------------------------------


def test_HH_TERR_43_the_front_part_waits_for_a_rear_part_that_cannot_step_into_its_hex():
    """Ruling HH.TERR.43, HH.TERR.13 (option `wheeled_road_access = "along_road"`): split guns, the front part in a
    wood road hex: it may go on along the road, but its rear part would have to enter the wood off the road, so the
    move is refused, naming the hex."""
    st = make_state(
        [
            (1, "south", "guns", (0, 7), Facing.N, {"stands": 4, "nominal": 4, "split_link": 2}),
            (2, "south", "guns", (0, 8), Facing.N, {"stands": 2, "nominal": 2, "split_link": 1}),
        ],
        terrain={(0, 7): "wood"},
        roads=[[(-1, 7), (0, 7), (0, 6)]],
    )
    st.options = replace(st.options, wheeled_road_access="along_road")
    assert refused(st, 1, (0, 6)) == (
        "HH.TERR.43",
        f"unit 1 (Field Guns) cannot move: its rear part 2 cannot follow into {lab(st, 0, 7)}",
        "",
    )


def test_HH_TERR_43_a_rear_part_carrying_on_its_own_move_drags_nothing():
    """Ruling HH.TERR.43, HH.COMP.45: a rear part moving on its own (here carrying on a move) has no part trailing
    it, even next to its front part: only the front part is followed."""
    from .test_rules_split_boats import _ford, _next_bound, _split

    st = _ford()
    _split(st)
    _next_bound(st)
    p = continue_move(st, st.units[2], Move(1, 2, (H(-1, 8),)), 0)
    assert (p.unit.id, p.unit.hex, p.rear) == (2, H(-1, 8), None)


def test_HH_TERR_43_the_rear_part_faces_as_the_front_part_ends():
    """Ruling HH.TERR.43: the rear part trailing one hex behind takes the front part's facing at the end of the move,
    here after a free turn to WNW."""
    from .test_rules_split_boats import _ford, _next_bound, _split

    st = _ford()
    _split(st)
    _next_bound(st)
    p = plan(st, 1, (0, 6), Facing.WNW)
    assert p.rear is not None
    assert (p.unit.facing, p.rear.hex, p.rear.facing) == (Facing.WNW, H(0, 7), Facing.WNW)


def test_HH_TERR_41_HH_TERR_43_a_rear_part_in_a_marked_track_is_squeezed():
    """HH.TERR.41 (option `restrict_tracks`), ruling HH.TERR.43: a marked forest track is a restriction: a 6-stand
    unit splits entering it, and its rear part, following into it, is squeezed there."""
    st = make_state([(1, "south", "dacian", (0, 8), Facing.N, {"stands": 6, "nominal": 6})], [(1, "south", (0, 8))])
    st.field = replace(st.field, restrictions=frozenset({H(0, 7)}))
    st.options = replace(st.options, restrict_tracks=True)
    from .test_rules_split_boats import _next_bound, _split

    _split(st)
    _next_bound(st)
    p = plan(st, 1, (0, 6))
    assert p.rear is not None
    assert (p.rear.hex, p.rear.formation) == (H(0, 7), Formation.SQUEEZED)


def test_HH_MOVE_4_HH_TERR_11_the_refusal_names_the_road_bonus():
    """HH.MOVE.4, HH.TERR.11: spearmen in column along a road have 3 MP with the road bonus; 4 hexes are refused,
    the refusal saying the allowance includes the road bonus."""
    st = make_state(
        [(1, "south", "spear", (0, 8), Facing.N, {"formation": Formation.COLUMN})],
        roads=[[(0, 8), (0, 7), (0, 6), (0, 5), (0, 4)]],
    )
    assert refused(st, 1, (0, 7), (0, 6), (0, 5), (0, 4))[:2] == (
        "HH.MOVE.4",
        f"unit 1 (Spearmen) cannot reach {lab(st, 0, 4)}: the move costs 4 MP but its allowance is 3 MP (with the road"
        " bonus)",
    )


def test_HH_MOVE_12_HH12_MOV_6_the_end_facing_on_a_road_unchanged_or_in_2012():
    """HH.MOVE.12: a move ends facing a point, or a road side on a road hex (NW along the road here), or the side
    the unit already faced; any other side is refused. HH12.MOV.6: in 2012 a unit may end facing any side."""
    st = make_state([(1, "south", "mma", (0, 8), Facing.N)], roads=[[(0, 8), (0, 7), (0, 6)]])
    assert plan(st, 1, (0, 7), Facing.NW).unit.facing == Facing.NW
    assert refused(st, 1, (0, 7), Facing.NE)[:2] == (
        "HH.MOVE.12",
        "unit 1 (Mounted Men-at-Arms) must end its move facing a hex point, not side NE",
    )
    assert refused(st, 1, (1, 7), Facing.NE)[:2] == (
        "HH.MOVE.12",
        "unit 1 (Mounted Men-at-Arms) must end its move facing a hex point, not side NE",
    )
    st.units[1] = replace(st.units[1], facing=Facing.NE)
    assert plan(st, 1, (1, 7)).unit.facing == Facing.NE
    st.units[1] = replace(st.units[1], facing=Facing.N)
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    assert plan(st, 1, (1, 7), Facing.NE).unit.facing == Facing.NE


def test_HH_MOVE_28_with_no_contact_in_front_the_lowest_id_is_faced():
    """HH.MOVE.28, HH.MOVE.27: spearmen stepping north contact unit 9 on their left only (side W, not a front exit
    side): it is their primary target and they turn to face it."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N), (9, "north", "spear", (-1, 7), Facing.E)])
    p = plan(st, 1, (0, 7))
    assert (p.contacts, p.unit.facing, p.rest) == ((9,), Facing.W, ())


def test_HH_MOVE_27_HH_COMP_45_a_target_is_checked_only_when_the_move_ends_at_the_contact():
    """HH.MOVE.27, HH.COMP.45: with steps ordered past the contact hex (kept for a carry-on), the named target is not
    checked against the contacts yet; a plain move keeps no rest."""
    st = two_in_front("mma")
    p = plan(st, 1, (0, 7), (0, 6), (-1, 6), target=8)
    assert (p.contacts, p.rest) == ((9, 10), (H(-1, 6),))
    assert plan(st, 1, (0, 7)).rest == ()


def test_HH12_MOV_A7_the_column_bonus_at_the_first_step_adds_no_road_bonus():
    """Ruling HH12.MOV.A7, HH.TERR.11: in 2012 men-at-arms deployed on a road that form column before the first step
    have 4 MP (3 + 1 for the column); the road's +1 needs column at the start, so 5 hexes along the road are
    refused."""
    st = make_state([(1, "south", "mma", (0, 9), Facing.N)], roads=[[(0, q) for q in range(9, 2, -1)]])
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    assert plan(st, 1, Formation.COLUMN, (0, 8), (0, 7), (0, 6), (0, 5)).unit.hex == H(0, 5)
    assert refused(st, 1, Formation.COLUMN, (0, 8), (0, 7), (0, 6), (0, 5), (0, 4))[:2] == (
        "HH.MOVE.4",
        f"unit 1 (Mounted Men-at-Arms) cannot reach {lab(st, 0, 4)}: the move costs 5 MP but its allowance is 4 MP"
        " (with the road bonus)",
    )


@pytest.mark.parametrize(("edition", "kept"), [(Edition.E2022, False), (Edition.E2012, True)])
def test_HH_SPECIAL_9_HH12_SPEC_A2_pavises_on_contact(edition, kept):
    """HH.SPECIAL.9: pavisiers that make contact drop their pavises; ruling HH12.SPEC.A2: in 2012 they keep them.
    Without contact they keep them in both."""
    st = make_state([(1, "south", "pavisse", (0, 8), Facing.N), (9, "north", "spear", (0, 6), Facing.S)])
    st.options = replace(st.options, edition=edition, rules_version=LATEST_RULES_VERSION)
    p = plan(st, 1, (0, 7))
    assert (p.contacts, p.unit.pavisses) == ((9,), kept)
    st.units[9] = replace(st.units[9], hex=H(5, 2))
    assert plan(st, 1, (0, 7)).unit.pavisses is True


@pytest.mark.parametrize(
    ("pid", "tokens", "hold_fire", "moved_bound"),
    [
        ("guns", (Facing.WNW,), True, False),
        ("guns", ((0, 7),), False, True),
        ("guns", (Formation.COLUMN,), False, True),
        ("spear", (Formation.COLUMN,), False, False),
        ("mma", (Mount.DISMOUNT,), False, False),
    ],
)
def test_HH_ART_3_HH_ART_5_what_a_move_costs_a_hold_fire_marker_and_shooting(pid, tokens, hold_fire, moved_bound):
    """Ruling HH.ART.5: any move but a pure facing change loses the Hold Fire marker; HH.ART.3, HH.SHOOT.3: a
    change of hex counts as moving this bound for shooting, and so does a formation change for artillery only.
    Every unit that moves has moved this phase."""
    st = make_state([(1, "south", pid, (0, 8), Facing.N, {"hold_fire": True})])
    p = plan(st, 1, *tokens)
    assert (p.unit.hold_fire, p.unit.moved_this_bound, p.unit.moved_this_phase) == (hold_fire, moved_bound, True)
    st.units[1] = replace(st.units[1], hold_fire=False, moved_this_bound=True)
    p = plan(st, 1, *tokens)
    assert (p.unit.hold_fire, p.unit.moved_this_bound) == (False, True)


def test_HH_TERR_43_the_partner_of_a_split_unit_is_linked_back_and_on_the_table():
    """HH.TERR.42, ruling HH.TERR.43: a split unit's partner is the unit its link names, if it links back and is on
    the table; the rear part's refusal to take an order of its own names the front part word for word."""
    from games.hordes_heroes.movement import split_partner

    from .test_rules_split_boats import _ford, _next_bound, _split

    st = _ford()
    _split(st)
    _next_bound(st)
    assert split_partner(st, st.units[1]) == st.units[2]
    assert refused(st, 2, (1, 7)) == (
        "HH.TERR.43",
        "unit 2 (Dacian Warriors (rear)) is the rear part of split unit 1 and follows it along its path",
        "order the front part (`move 1 ...`), or re-form the two with `rejoin 1`",
    )
    st.units[2] = replace(st.units[2], split_link=7)
    assert split_partner(st, st.units[1]) is None
    st.units[2] = replace(st.units[2], split_link=1, hex=None)
    assert split_partner(st, st.units[1]) is None


def test_HH_MOVE_1_an_illegal_move_reads_as_its_message():
    """HH.MOVE.1: the exception raised for an illegal move reads as the refusal's message."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    with pytest.raises(Illegal) as e:
        plan(st, 99, (0, 7))
    assert str(e.value) == "unit 99 is not on the table"


@pytest.mark.parametrize(("nominal", "deployed"), [(2, 4), (3, 4), (4, 3)])
def test_HH_STAND_3_a_column_unit_of_nominal_2_or_3_down_to_one_stand_moves_as_a_column(nominal, deployed):
    """HH.STAND.3, HH.MOVE.5: men-at-arms (3CR) of nominal size 2 or 3 down to 1 stand move as a column (4 hexes)
    even when deployed; of nominal 4, deployed (3)."""
    from games.hordes_heroes.movement import allowance

    st = make_state([(1, "south", "mma", (0, 8), Facing.N, {"nominal": nominal, "stands": 1})])
    assert allowance(st, st.units[1], False) == deployed
