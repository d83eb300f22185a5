"""Two suspected movement faults checked on set positions: a loaded boat that carries on after an evade, and a
unit squeezed through a ford after dismounting into a form that cannot form column [HH.TERR.45, HH.TERR.40]."""

from __future__ import annotations

from dataclasses import replace

from games.hordes_heroes.engine import run_bound
from games.hordes_heroes.model import BOAT_PROFILE, BOAT_PROFILE_ID, Speed, Unit
from games.hordes_heroes.movement import plan_move
from games.hordes_heroes.orders import Mount, Move

from .helpers import PROFILES, Facing, Formation, H, make_state

LAKE = {(q, r): "lake" for q in range(-2, 3) for r in range(2, 6)}
"""A lake 5 hexes wide, rows 2-5."""


def _boats(version: int):
    """South spearmen (unit 1) aboard boat 31 at 0,5 facing N; north Mongol light cavalry (E2, unit 9) aboard boat 40
    at 0,3, two lake hexes ahead; a south general ashore at 1,6."""
    st = make_state(
        [(1, "south", "spear", (0, 5), Facing.N, {"boat": 31}), (9, "north", "lc", (0, 3), Facing.S, {"boat": 40})],
        [(1, "south", (1, 6))],
        terrain=LAKE,
    )
    st.profiles[BOAT_PROFILE_ID] = BOAT_PROFILE
    for bid, side in ((31, "south"), (40, "north")):
        st.units[bid] = Unit(bid, side, BOAT_PROFILE_ID, "Raft", BOAT_PROFILE_ID, None, stands=1, nominal=1)
        st.units[bid] = replace(st.units[bid], carrying=1 if side == "south" else 9)
    st.options = replace(st.options, rules_version=version)
    return st


def test_HH_TERR_45_a_boat_carrying_on_after_an_evade_has_used_its_lake_hex():
    """HH.TERR.45, HH.COMP.45: a loaded boat moves 1 lake hex per move. It steps next to an enemy boat, which
    evades; the move carries on with the MP left, but the boat has had its one lake hex, so the order's second
    lake hex is refused and the boat stays where it made contact."""
    st = _boats(2)
    lines, problems = run_bound(st, "south", [Move(1, 1, (H(0, 4), H(-1, 4)))])
    assert st.units[9].evaded_this_bound and st.units[9].hex != H(0, 3)
    assert st.units[1].hex == H(0, 4) and st.units[1].boat == 31
    why = f"unit 1 (Spearmen) cannot go on to {st.label(H(-1, 4))}: a boat moves only 1 lake hex per move"
    assert [(n, p.code, p.message) for n, p in problems] == [(1, "HH.TERR.45", why)]
    assert lines[-1] == f"  {why} [HH.TERR.45]."
    assert not any("carries on [HH.COMP.45]" in x for x in lines)


def test_HH_TERR_45_version_1_logs_keep_the_second_lake_hex_they_recorded():
    """games/hordes_heroes/edition.py, FIX_CARRY_ON_SQUEEZE: a game recorded at rules version 1 replays as it was
    played, the boat carrying on into a second lake hex (2 MP)."""
    st = _boats(1)
    lines, problems = run_bound(st, "south", [Move(1, 1, (H(0, 4), H(-1, 4)))])
    assert not problems and st.units[1].hex == H(-1, 4)
    assert sum("carries on [HH.COMP.45]" in x for x in lines) == 1


def _ford(version: int):
    """Hobilars (unit 1, cavalry 4CR) in column at 0,10 facing N, whose dismounted form (infantry 4R) cannot form
    column; a ford at 0,9 across a river running east-west along row 9."""
    st = make_state(
        [(1, "south", "mma", (0, 10), Facing.N, {"formation": Formation.COLUMN})],
        terrain={(q, 9): "river" for q in range(-3, 4)},
        fords=[(0, 9)],
    )
    hob = replace(PROFILES["mma"], id="hob", name="Hobilars", speed=Speed.parse("4CR"), dismounted="dhob")
    st.profiles["hob"] = hob
    st.profiles["dhob"] = replace(PROFILES["dmma"], id="dhob", name="Dismounted Hobilars", speed=Speed.parse("4R"))
    st.units[1] = replace(st.units[1], profile="hob", base_profile="hob", name="Hobilars")
    st.options = replace(st.options, rules_version=version)
    return st


def test_HH_TERR_40_a_squeezed_unit_returns_to_its_usual_formation_not_its_starting_one():
    """HH.TERR.40: a unit that cannot form column is squeezed into column through a ford (1 MP) and returns to its
    usual formation once through, for free. Hobilars start in column, dismount (1 MP) into a form without C, deploy
    (1 MP), are squeezed into the ford (1 MP + 1) and step out of it (1 MP): 5 MP of 5 (4 + 1 for the column at the
    start), and they end deployed, the formation they had before the squeeze, not the column they started in."""
    st = _ford(2)
    plan = plan_move(st, Move(1, 1, (Mount.DISMOUNT, Formation.DEPLOYED, H(0, 9), H(0, 8))))
    assert (plan.mp, plan.allowance, plan.unit.hex, plan.unit.profile) == (5, 5, H(0, 8), "dhob")
    assert plan.unit.formation is Formation.DEPLOYED


def test_HH_TERR_40_version_1_logs_keep_the_column_they_recorded():
    """edition.py, FIX_CARRY_ON_SQUEEZE: at rules version 1 the same move ends in the starting column, as recorded."""
    plan = plan_move(_ford(1), Move(1, 1, (Mount.DISMOUNT, Formation.DEPLOYED, H(0, 9), H(0, 8))))
    assert (plan.mp, plan.unit.hex, plan.unit.formation) == (5, H(0, 8), Formation.COLUMN)


def test_HH_TERR_40_a_unit_starting_squeezed_leaves_deployed():
    """HH.TERR.40: regression: a unit that starts its move squeezed in the ford (a horde, say) leaves it deployed,
    at every rules version."""
    for version in (1, 2):
        st = _ford(version)
        st.units[1] = replace(st.units[1], profile="dhob", hex=H(0, 9), formation=Formation.SQUEEZED)
        plan = plan_move(st, Move(1, 1, (H(0, 8),)))
        assert (plan.mp, plan.unit.formation) == (1, Formation.DEPLOYED)


def test_HH_TERR_40_a_column_that_can_form_column_stays_in_column_through_the_ford():
    """HH.TERR.40: regression: a column-capable unit crosses the ford in its own column and is never squeezed."""
    st = _ford(2)
    plan = plan_move(st, Move(1, 1, (H(0, 9), H(0, 8))))
    assert (plan.mp, plan.unit.hex, plan.unit.formation) == (2, H(0, 8), Formation.COLUMN)
