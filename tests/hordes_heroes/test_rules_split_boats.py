"""The last two terrain gaps: 6-stand units split by a restriction, and boats on lakes
[HH.TERR.42, HH.TERR.43, HH.TERR.45, HH.TERR.46, HH.TERR.47, HH.DISR.6, HH.ZOC.5]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes import language as L
from games.hordes_heroes import orders as O
from games.hordes_heroes.battlefield import pointy_spec
from games.hordes_heroes.combat import side_total
from games.hordes_heroes.crt import CrtMove, CrtResult
from games.hordes_heroes.engine import end_of_bound, run_bound
from games.hordes_heroes.model import BOAT_PROFILE, BOAT_PROFILE_ID, Category, TroopClass, Unit
from games.hordes_heroes.movement import Illegal, plan_move
from games.hordes_heroes.orders import Disembark, Embark, Move, Rejoin
from games.hordes_heroes.reform import verify_rejoin
from games.hordes_heroes.results import Cause, apply_result
from games.hordes_heroes.rules import apply_plan
from games.hordes_heroes.scenario import ScenarioError, build_state, read_scenario
from games.hordes_heroes.shooting import can_target, small_arms_dice
from games.hordes_heroes.special import as_if_disrupted
from games.hordes_heroes.state import dump_state, load_state
from games.hordes_heroes.zoc import engaged_with, exerts_zoc_into

from .helpers import Dice, Facing, Formation, H, make_state

SIX = {"stands": 6, "nominal": 6}


def _ford(pid="dacian", extra=(), **kw):
    """A 6-stand unit 1 at 0,8 facing N, a ford at 0,7 across a river running east-west, a general with it."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    return make_state(
        [(1, "south", pid, (0, 8), Facing.N, SIX), *extra],
        [(1, "south", (0, 8))],
        terrain=river,
        fords=[(0, 7)],
        **kw,
    )


def _split(st):
    """Unit 1 steps into the ford and splits; returns the narrative."""
    lines, problems = run_bound(st, "south", [Move(1, 1, (H(0, 7),))])
    assert not problems
    return lines


def _next_bound(st):
    end_of_bound(st)
    st.phasing = "south"


@pytest.mark.parametrize("pid", ["dacian"])
def test_HH_TERR_42_six_stand_unit_splits_on_entering_a_ford(pid):
    """HH.TERR.42, ruling HH.TERR.43: a 6-stand horde or pike block entering a ford becomes two linked units: 4 stands
    in the ford, 2 stands (a new unit) in the hex it came from, each with the parent's profile and class; the parts
    have nominal sizes 4 and 2."""
    st = _ford(pid)
    lines = _split(st)
    front, rear = st.units[1], st.units[2]
    assert (front.hex, front.stands, front.nominal, front.split_link) == (H(0, 7), 4, 4, 2)
    assert (rear.hex, rear.stands, rear.nominal, rear.split_link) == (H(0, 8), 2, 2, 1)
    assert front.profile == rear.profile == pid and rear.side == "south"
    assert st.profile(rear).cls is st.profile(front).cls
    assert rear.split_rear and not front.split_rear
    assert front.formation is Formation.SQUEEZED and rear.formation is Formation.DEPLOYED
    assert st.generals[1].hex == H(0, 7)  # the general goes with the front part (HH.GEN.8)
    assert any(f"splits at the restriction {st.label(H(0, 7))}" in x and "HH.TERR.43" in x for x in lines)


def test_HH_TERR_42_split_round_trips_and_old_dumps_load():
    """HH.DATA.7: the link is dumped and loaded exactly; a dump without it (older, or unsplit) loads unlinked."""
    st = _ford()
    _split(st)
    d = dump_state(st)
    assert dump_state(load_state(d)) == d
    assert load_state(d).units[2].split_link == 1
    old = dump_state(_ford())
    assert all("split_link" not in u for u in old["units"])
    assert load_state(old).units[1].split_link is None


def test_HH_TERR_42_bridge_and_restricted_track():
    """HH.TERR.42, HH.TERR.41: a bridge splits the unit too, and so does a restricted track when `restrict_tracks`
    is on; with it off the track is open ground."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    st = make_state([(1, "south", "dacian", (0, 8), Facing.N, SIX)], terrain=river, bridges=[(0, 7)])
    plan = plan_move(st, Move(1, 1, (H(0, 7),)))
    assert plan.split and plan.rear is not None and plan.rear.hex == H(0, 8)
    st = make_state([(1, "south", "dacian", (0, 8), Facing.N, SIX)], terrain={(-1, 7): "impenetrable"})
    st.field = replace(st.field, restrictions=frozenset({H(0, 7)}))
    assert not plan_move(st, Move(1, 1, (H(0, 7),))).split
    st.options = replace(st.options, restrict_tracks=True)
    plan = plan_move(st, Move(1, 1, (H(0, 7),)))
    assert plan.split and plan.unit.stands == 4 and plan.rear is not None and plan.rear.stands == 2


def test_HH_TERR_43_rear_part_follows_along_the_same_hexes():
    """Ruling HH.TERR.43: in a later move the 2-stand part follows the front part along the same hexes, one hex
    behind, with the front part's allowance; it takes the ford's squeezed formation when it stands in it."""
    st = _ford()
    _split(st)
    _next_bound(st)
    lines, problems = run_bound(st, "south", [Move(1, 1, (H(0, 6),))])
    assert not problems
    front, rear = st.units[1], st.units[2]
    assert front.hex == H(0, 6) and rear.hex == H(0, 7)
    assert rear.formation is Formation.SQUEEZED and rear.moved_this_phase and rear.facing == front.facing
    assert any(f"follows unit 1 to {st.label(H(0, 7))}" in x and "HH.TERR.43" in x for x in lines)
    _next_bound(st)
    _, problems = run_bound(st, "south", [Move(1, 1, (H(0, 5),))])
    assert not problems
    assert st.units[1].hex == H(0, 5) and st.units[2].hex == H(0, 6)
    assert st.units[2].formation is Formation.DEPLOYED


def test_HH_TERR_43_rear_part_takes_no_move_order():
    """Ruling HH.TERR.43: the rear part is not ordered on its own while it is linked to and next to the front part;
    the refusal names the front part."""
    st = _ford()
    _split(st)
    _next_bound(st)
    _, problems = run_bound(st, "south", [Move(1, 2, (H(1, 7),))])
    assert problems and problems[0][1].code == "HH.TERR.43"
    assert "move 1" in problems[0][1].hint


def test_HH_TERR_43_rear_cannot_stand_in_an_occupied_hex():
    """Ruling HH.TERR.43: the move is refused when the hex behind the front part, where the 2 rear stands go, is held
    by another unit (here a friend the horde passed through along the road to the ford)."""
    river = {(q, 7): "river" for q in range(-3, 4)}
    st = make_state(
        [(1, "south", "dacian", (0, 9), Facing.N, SIX), (3, "south", "spear", (0, 8), Facing.N)],
        terrain=river,
        fords=[(0, 7)],
        roads=[[(0, 9), (0, 8), (0, 7)]],
    )
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (H(0, 8), H(0, 7))))
    assert e.value.problem.code == "HH.TERR.43" and "unit 3" in e.value.problem.message
    st.units[3] = replace(st.units[3], hex=H(3, 10))
    plan = plan_move(st, Move(1, 1, (H(0, 8), H(0, 7))))
    assert plan.split and plan.rear is not None and plan.rear.hex == H(0, 8)


@pytest.mark.parametrize("front, stands_left, eliminated", [(True, 1, True), (False, 1, False)])
def test_HH_TERR_42_parts_fight_apart_with_last_stand_at_4_and_2(front, stands_left, eliminated):
    """HH.TERR.42, ruling HH.TERR.43, HH.STAND.2, HH.STAND.3: attacked while split, the parts are two units; the
    4-stand part reduced to 1 stand is removed, the 2-stand part (nominal 2) reduced to 1 goes on."""
    st = _ford(extra=[(9, "north", "spear", (5, 0), Facing.SW)])
    _split(st)
    rid = st.units[1].split_link
    assert rid is not None
    st.units[9] = replace(st.units[9], hex=H(1, 8))  # next to the rear part only
    assert [v.id for v in engaged_with(st, st.units[9])] == [rid]
    part, other = (1, rid) if front else (rid, 1)
    lost = st.units[part].stands - stands_left
    res = CrtResult(5, TroopClass.C, CrtMove.NONE, False, lost, "test")
    apply_result(st, part, res, Cause.HTH, [H(1, 8)], H(1, 8), Dice())
    assert st.units[part].eliminated is eliminated
    assert st.units[other].on_table and st.units[other].stands == (2 if front else 4)


def test_HH_TERR_43_rejoin_when_past_the_restriction():
    """Ruling HH.TERR.43: `rejoin N` (either part) re-forms one unit of nominal 6 in the front part's hex, instead of
    moving, once the parts are adjacent, out of the restriction, undisrupted and not engaged."""
    st = _ford()
    _split(st)
    _next_bound(st)
    run_bound(st, "south", [Move(1, 1, (H(0, 6),))])
    _next_bound(st)
    run_bound(st, "south", [Move(1, 1, (H(0, 5),))])
    _next_bound(st)
    lines, problems = run_bound(st, "south", [Rejoin(1, 2)])
    assert not problems
    u = st.units[1]
    assert (u.hex, u.stands, u.nominal, u.split_link, u.formation) == (H(0, 5), 6, 6, None, Formation.DEPLOYED)
    assert st.units[2].eliminated and st.units[2].stands == 0 and st.casualties["south"] == {}
    assert any(f"re-forms at {st.label(H(0, 5))}" in x and "HH.TERR.43" in x for x in lines)


def test_HH_TERR_43_rejoin_refused_in_the_restriction():
    """Ruling HH.TERR.43: while a part stands in the ford the parts may not re-form."""
    st = _ford()
    _split(st)
    _next_bound(st)
    _, problems = run_bound(st, "south", [Rejoin(1, 1)])
    assert problems and problems[0][1].code == "HH.TERR.43" and "restriction" in problems[0][1].message


@pytest.mark.parametrize("why", ["disrupted", "engaged", "moved", "apart"])
def test_HH_TERR_43_rejoin_refused(why):
    """Ruling HH.TERR.43: no re-forming when a part is disrupted, engaged, has moved, or the parts are not adjacent."""
    st = _ford()
    _split(st)
    _next_bound(st)
    run_bound(st, "south", [Move(1, 1, (H(0, 6),))])
    _next_bound(st)
    run_bound(st, "south", [Move(1, 1, (H(0, 5),))])
    _next_bound(st)
    if why == "engaged":
        st.units[9] = replace(st.units[1], id=9, side="north", hex=H(1, 4), split_link=None)
    if why == "disrupted":
        st.units[2] = replace(st.units[2], disrupted=True)
    if why == "moved":
        st.units[1] = replace(st.units[1], moved_this_phase=True)
    if why == "apart":
        st.units[2] = replace(st.units[2], hex=H(0, 10))
    with pytest.raises(Illegal) as e:
        verify_rejoin(st, Rejoin(1, 1), frozenset({1, 2}))
    assert e.value.problem.code in ("HH.TERR.43", "HH.DISR.2", "HH.MOVE.1")


def test_HH_TERR_43_rejoin_order_parses_and_round_trips():
    """`rejoin N` parses, prints back and survives the event log's JSON."""
    spec = pointy_spec(26, 14)
    lines, bad = L.split_lines("rejoin 7")
    assert not bad
    o = L.parse_line(lines[0], O.Context.BOUND, spec, {7: "Dacians (rear)"}, set())
    assert o == Rejoin(1, 7)
    assert O.order_text(o, spec, {}) == "rejoin 7"  # names are quoted only when given
    assert O.order_from_json(O.order_to_json(o)) == o


def test_HH_TERR_43_a_cut_off_rear_part_moves_alone():
    """Ruling HH.TERR.43: a rear part no longer next to its front part (after a recoil, say) moves on its own."""
    st = _ford()
    _split(st)
    _next_bound(st)
    st.units[2] = replace(st.units[2], hex=H(0, 10))
    plan = plan_move(st, Move(1, 2, (H(0, 9),)))
    apply_plan(st, plan)
    assert st.units[2].hex == H(0, 9)


# --- boats and rafts (HH.TERR.45-47) ---------------------------------------------------------------

LAKE = {(q, r): "lake" for q in range(-2, 3) for r in range(2, 6)}
"""A lake 5 hexes wide, rows 2-5; the shore is row 6 and below."""


def _lake(extra=(), boats=((31, "south", (0, 5)),), pid="spear"):
    """Unit 1 (south) ashore at 0,6 facing N next to boat 31 at 0,5; a general next to them."""
    st = make_state([(1, "south", pid, (0, 6), Facing.N), *extra], [(1, "south", (1, 6))], terrain=LAKE)
    st.profiles[BOAT_PROFILE_ID] = BOAT_PROFILE
    for bid, side, qr in boats:
        st.units[bid] = Unit(bid, side, BOAT_PROFILE_ID, "Raft", BOAT_PROFILE_ID, H(*qr), stands=1, nominal=1)
    return st


def _embarked(**kw):
    st = _lake(**kw)
    _, problems = run_bound(st, "south", [Embark(1, 1, 31)])
    assert not problems
    _next_bound(st)
    return st


def test_HH_TERR_47_embarking_is_a_full_move():
    """Ruling HH.TERR.47: a unit on land boards an adjacent boat as its whole move; unit and boat then act as one
    unit with the unit's id and profile on the boat's lake hex, the boat off the table while it carries them."""
    st = _lake()
    lines, problems = run_bound(st, "south", [Embark(1, 1, 31), Move(2, 1, (H(0, 4),))])
    assert [(n, p.code) for n, p in problems] == [(2, "HH.MOVE.1")]
    u, b = st.units[1], st.units[31]
    assert (u.hex, u.boat, u.profile, u.moved_this_phase) == (H(0, 5), 31, "spear", True)
    assert (b.hex, b.carrying, b.on_table) == (None, 1, False)
    assert st.unit_at(H(0, 5)) == u
    assert any("embarks" in x and "HH.TERR.47" in x for x in lines)


def test_HH_TERR_47_embark_refusals():
    """Ruling HH.TERR.47: the boat must be a friendly boat next to the unit; a unit already afloat cannot embark."""
    st = _lake(extra=[(2, "south", "spear", (3, 6), Facing.N)])
    _, problems = run_bound(st, "south", [Embark(1, 2, 31), Embark(2, 1, 2)])
    assert [p.code for _, p in problems] == ["HH.TERR.47", "HH.TERR.47"]
    assert "not next to boat 31" in problems[0][1].message


def test_HH_TERR_45_boat_moves_one_lake_hex():
    """HH.TERR.45: a loaded boat moves 1 lake hex per move (named by its own id or its passengers'); not 2, and
    not onto land."""
    st = _embarked()
    lines, problems = run_bound(st, "south", [Move(1, 31, (H(0, 4),))])
    assert not problems and st.units[1].hex == H(0, 4) and st.units[1].boat == 31
    st = _embarked()
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (H(0, 4), H(0, 3))))
    assert e.value.problem.code == "HH.TERR.45" and "1 lake hex" in e.value.problem.message
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (H(-1, 6),)))
    assert e.value.problem.code == "HH.TERR.45" and "disembark" in e.value.problem.hint
    st = _lake()
    plan = plan_move(st, Move(1, 31, (H(-1, 5),)))  # an empty boat too
    assert plan.unit.hex == H(-1, 5)


def test_HH_TERR_45_disembarking_is_a_full_move():
    """HH.TERR.45: a unit aboard lands on an adjacent land hex as its whole move; the boat stays, empty, on the
    lake; landing on the lake or on an occupied hex is refused."""
    st = _embarked()
    lines, problems = run_bound(st, "south", [Disembark(1, 31, H(-1, 6)), Move(2, 1, (H(-1, 7),))])
    assert [(n, p.code) for n, p in problems] == [(2, "HH.MOVE.1")]
    u, b = st.units[1], st.units[31]
    assert (u.hex, u.boat, b.hex, b.carrying) == (H(-1, 6), None, H(0, 5), None)
    assert any("disembarks" in x and "HH.TERR.45" in x for x in lines)
    st = _embarked()
    _, problems = run_bound(st, "south", [Disembark(1, 1, H(0, 4)), Disembark(2, 1, H(1, 6))])
    assert [p.code for _, p in problems] == ["HH.TERR.45", "HH.TERR.45"]


def test_HH_TERR_47_boats_round_trip_and_render():
    """HH.DATA.7: boats and passengers dump and load exactly."""
    st = _embarked()
    d = dump_state(st)
    assert dump_state(load_state(d)) == d
    assert load_state(d).units[1].boat == 31 and load_state(d).units[31].carrying == 1


def test_HH_DISR_6_units_on_boats_shoot_and_fight_as_if_disrupted():
    """HH.TERR.45, HH.DISR.6: aboard a boat a unit shoots with half its dice (rounded up) and fights as if disrupted;
    ashore it does not."""
    st = _lake(pid="bow7")
    assert not as_if_disrupted(st, st.units[1]) and small_arms_dice(st, st.units[1]) == 4
    st = _embarked(pid="bow7")
    u = st.units[1]
    assert as_if_disrupted(st, u) and not u.disrupted
    assert small_arms_dice(st, u) == 2
    total = side_total(st, [u], [], {1: []}, {1: False})
    assert total.as_if[1] is True


def test_HH_ZOC_5_boats_exert_zoc_into_lakes_only():
    """HH.ZOC.5, ruling HH.TERR.47: a loaded boat's ZOC covers adjacent lake hexes, not the shore; troops ashore
    exert none into the lake; an empty boat has none and is no target. A boat and a unit ashore never engage."""
    st = _embarked(boats=((31, "south", (0, 5)), (32, "north", (2, 3))))
    st.units[9] = replace(st.units[1], id=9, side="north", hex=H(-1, 6), boat=None)
    u, enemy, empty = st.units[1], st.units[9], st.units[32]
    assert exerts_zoc_into(st, u, H(0, 4)) and exerts_zoc_into(st, u, H(1, 5))
    assert not exerts_zoc_into(st, u, H(1, 6)) and not exerts_zoc_into(st, u, H(-1, 6))
    assert not exerts_zoc_into(st, enemy, H(0, 5)) and not exerts_zoc_into(st, empty, H(2, 2))
    assert engaged_with(st, u) == [] and engaged_with(st, enemy) == []
    assert not can_target(st, replace(u, hex=H(1, 4)), empty, Facing.N)


def test_HH_ZOC_5_boats_engage_on_the_lake():
    """HH.ZOC.5, HH.ZOC.2: a loaded boat that moves next to an enemy loaded boat stops in its ZOC and the two are
    engaged (and fight, both as if disrupted)."""
    st = _embarked(boats=((31, "south", (0, 5)),))
    st.units[9] = replace(st.units[1], id=9, side="north", hex=H(0, 3), boat=40, moved_this_phase=False)
    plan = plan_move(st, Move(1, 1, (H(0, 4),)))
    assert plan.contacts == (9,)
    apply_plan(st, plan)
    assert [v.id for v in engaged_with(st, st.units[1])] == [9]
    assert as_if_disrupted(st, st.units[1]) and as_if_disrupted(st, st.units[9])


def test_HH_TERR_47_scenario_boats():
    """Ruling HH.TERR.47, docs/scenarios.md: `boats` in a side places empty boats on lake hexes; they are not bought,
    not deployed and not combat stands; a boat off the lake is refused."""
    data = read_scenario("pitched-150")
    lake = data["map"]["terrain"]["lake"][0]
    data["sides"][0]["boats"] = [{"id": 90, "hex": lake, "name": "Raft"}]
    st = build_state(data)
    b = st.units[90]
    assert (st.profile(b).category, st.label(b.hex), b.name) == (Category.BOAT, lake, "Raft")
    assert st.combat_stand_total == build_state(read_scenario("pitched-150")).combat_stand_total
    data["sides"][0]["boats"] = [{"id": 90, "hex": "0101"}]
    with pytest.raises(ScenarioError, match="boat 90 needs a `hex` on a lake"):
        build_state(data)


def test_HH_TERR_47_embark_orders_parse_and_round_trip():
    """`embark 7 onto 31` and `disembark 31 0405` parse, print back and survive the event log's JSON."""
    spec = pointy_spec(26, 14)
    names = {7: "Spearmen", 31: "Raft"}
    for text, want in (
        ("embark 7 onto 31", Embark(1, 7, 31)),
        ("disembark 31 0405", Disembark(1, 31, spec.parse("0405"))),
    ):
        lines, _ = L.split_lines(text)
        o = L.parse_line(lines[0], O.Context.BOUND, spec, names, set())
        assert o == want
        assert O.order_from_json(O.order_to_json(o)) == o
        assert L.parse_line(L.split_lines(O.order_text(o, spec, names))[0][0], O.Context.BOUND, spec, names, set()) == o
