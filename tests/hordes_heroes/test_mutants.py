"""Tests that kill mutants mutation testing found alive (docs/testing.md): each names the rule its clause implements.

The five cases the issue listed as surviving: forming column while engaged (HH.MOVE.23), the road-sides clause
(HH.TERR.9), the deployment depth (HH.EX.34), the wheeled-unit terrain bar (HH.TERR.34), the army-list crossbow
mapping (HH.ARMY.13).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.hexgrid import Hex
from games.hordes_heroes.armies import profile_from_toml
from games.hordes_heroes.battlefield import Battlefield, pointy_spec
from games.hordes_heroes.engine import deploy_zone_ok
from games.hordes_heroes.geometry import Edge
from games.hordes_heroes.model import Formation, Weapon
from games.hordes_heroes.movement import Illegal, plan_move
from games.hordes_heroes.orders import Move
from games.hordes_heroes.zoc import can_occupy

from .helpers import PROFILES, Facing, H, make_state


def test_HH_MOVE_23_an_engaged_unit_may_not_form_column():
    """HH.MOVE.23: engaged, a unit may only go from column to deployed; forming column is refused."""
    st = make_state(
        [
            (1, "south", "spear", (0, 8), Facing.N),
            (12, "north", "spear", (0, 7), Facing.S),
        ]
    )
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (Formation.COLUMN,)))
    assert e.value.problem.code == "HH.MOVE.23"
    # Not engaged, the same order is legal: the refusal is the engagement's.
    free = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    assert plan_move(free, Move(1, 1, (Formation.COLUMN,))).unit.formation is Formation.COLUMN


def test_HH_TERR_9_a_step_is_along_the_road_only_through_a_side_the_road_crosses():
    """HH.TERR.9: two road hexes side by side on parallel roads: a step between them is not along the road,
    because the road crosses neither side between them; a step along one road is."""
    spec = pointy_spec(10, 10)
    a, b = Hex(4, 4), Hex(4, 4).neighbour(0)
    bf = Battlefield(
        spec=spec,
        terrain={},
        road_sides={a: frozenset({1, 4}), b: frozenset({1, 4}), a.neighbour(1): frozenset({4})},
    )
    assert bf.is_road(a) and bf.is_road(b)
    assert not bf.along_road(a, b) and not bf.along_road(b, a)
    assert bf.along_road(a, a.neighbour(1))
    # One side's clause alone is not enough: the road must leave a through that side and enter b through its twin.
    half = replace(bf, road_sides={a: frozenset({0}), b: frozenset({1})})
    assert not half.along_road(a, b)
    other_half = replace(bf, road_sides={a: frozenset({1}), b: frozenset({3})})
    assert not other_half.along_road(a, b)
    both = replace(bf, road_sides={a: frozenset({0}), b: frozenset({3})})
    assert both.along_road(a, b)


@pytest.mark.parametrize("depth", [2, 3, 4])
def test_HH_EX_34_the_deployment_zone_is_the_first_depth_rows(depth):
    """HH.EX.34, HH.SEQ.2: with a depth of N, rows 0..N-1 from the own edge deploy and row N does not."""
    st = make_state([], rows=14)
    st.options = replace(st.options, deploy_depth=depth)
    rows = st.field.rows
    north = [r for r in range(rows) if deploy_zone_ok(st, "north", Hex(8, r))]
    south = [r for r in range(rows) if deploy_zone_ok(st, "south", Hex(8, r))]
    assert len(north) == depth and len(south) == depth
    assert not set(north) & set(south)


def test_HH_TERR_34_wheeled_units_enter_a_river_only_by_a_bridge():
    """HH.TERR.34, HH.TERR.44: artillery and chariots may not stand in a river hex, except on a bridge; foot may."""
    st = make_state(
        [],
        terrain={(0, 6): "river", (1, 6): "river"},
        roads=[[(1, 5), (1, 6), (1, 7)]],
        bridges=[(1, 6)],
    )
    for wheeled in (PROFILES["guns"], PROFILES["chariot"]):
        assert not can_occupy(st, wheeled, H(0, 6))
        assert can_occupy(st, wheeled, H(1, 6))
    assert can_occupy(st, PROFILES["spear"], H(0, 6))


@pytest.mark.parametrize(
    ("traits", "weapon", "want"),
    [
        (["C"], None, Weapon.CROSSBOW),
        (["C"], "bow", Weapon.CROSSBOW),
        (["G"], None, Weapon.GUNPOWDER),
        ([], None, Weapon.BOW),
        ([], "other", Weapon.OTHER),
    ],
)
def test_HH_ARMY_13_the_weapon_follows_the_characteristics(traits, weapon, want):
    """HH.ARMY.13: a C shooter has crossbows and a G shooter handguns, whatever the list's weapon says; otherwise a
    shooter's weapon is the list's, bows by default."""
    d = {"id": "x", "name": "X", "category": "infantry", "class": "C", "speed": "1R", "cf": 2, "shoot": 6}
    d["traits"] = traits
    if weapon is not None:
        d["weapon"] = weapon
    assert profile_from_toml(d, "test").weapon is want


def test_deploy_zone_edges_are_the_sides_own():
    """HH.SEQ.2: each side deploys at its own edge (north rows small, south rows large)."""
    st = make_state([], rows=14)
    assert st.edges["north"] is Edge.NORTH
    assert deploy_zone_ok(st, "north", Hex(8, 0)) and not deploy_zone_ok(st, "north", Hex(8, 13))
    assert deploy_zone_ok(st, "south", Hex(8, 13)) and not deploy_zone_ok(st, "south", Hex(8, 0))


@pytest.mark.parametrize("hits", [1, 2, 3])
@pytest.mark.parametrize("cls", ["A", "C", "E"])
def test_HH_GEN_24_the_hero_line_exactly(hits, cls):
    """HH.GEN.24, ruling HH.GEN.25: under the hero effect rows 1-3 give exactly no effect, marked as the hero's,
    with the hits kept and the text the reports print; row 4 applies unchanged."""
    from games.hordes_heroes.crt import CrtMove, CrtResult, lookup
    from games.hordes_heroes.model import TroopClass

    c = TroopClass(cls)
    got = lookup(c, hits, hero=True)
    assert got == CrtResult(hits, c, CrtMove.NONE, False, 0, "No Effect (hero general)", hero=True)
    assert got is not None and got.no_effect and got.hero is True and got.disrupted is False and got.stands == 0
    assert lookup(c, 4, hero=True) == lookup(c, 4)


def test_HH_CRT_4_the_A4_switch_line_exactly():
    """Ruling HH.CRT.4: with `crt_a4_disrupted` row 4 against class A reads and applies as B's printed line."""
    from games.hordes_heroes.crt import CrtMove, CrtResult, lookup
    from games.hordes_heroes.model import TroopClass

    got = lookup(TroopClass.A, 4, a4_disrupted=True)
    assert got == CrtResult(4, TroopClass.A, CrtMove.RECOIL, True, 1, "Recoil, Disrupted, 1 stand lost")
    assert lookup(TroopClass.A, 4) == CrtResult(4, TroopClass.A, CrtMove.RECOIL, False, 1, "Recoil, 1 stand lost")
    assert lookup(TroopClass.B, 4, a4_disrupted=True) == lookup(TroopClass.B, 4)
    assert lookup(TroopClass.A, 5, a4_disrupted=True) == lookup(TroopClass.A, 5)
