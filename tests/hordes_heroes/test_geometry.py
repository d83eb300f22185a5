"""Hex geometry [HH.HEX.*]."""

from __future__ import annotations

import pytest

from campaign.hexgrid import DIRECTIONS, Hex
from games.hordes_heroes.geometry import (
    Edge,
    Facing,
    bearing,
    directly_away,
    edge_dist,
    flank_sides,
    front_exit_sides,
    front_sides,
    nearest_point_facing,
    rear_sides,
    turn_steps,
)


def test_HH_HEX_3_directions():
    """HH.HEX.1, HH.HEX.2, HH.HEX.3: side directions E, NE, NW, W, SW, SE, counter-clockwise from east."""
    assert DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert Hex(0, 0).distance(Hex(3, -1)) == 3


def test_HH_HEX_4_points_and_HH_HEX_5_facing_encoding():
    """HH.HEX.4, HH.HEX.5: point p between sides p and p+1; odd facings are points; point 1 is north."""
    assert Facing.N.is_point and Facing.N.point == 1
    assert Facing.S.point == 4 and Facing.E.side == 0 and not Facing.E.is_point
    assert Facing.parse("p1") == Facing.N and Facing.parse("s3") == Facing.W and Facing.parse("4") == Facing.S
    assert turn_steps(Facing.N, Facing.ENE) == 2 and turn_steps(Facing.N, Facing.S) == 6
    with pytest.raises(ValueError):
        Facing.parse("up")


def test_HH_HEX_6_front_flank_rear():
    """HH.HEX.6, HH.MOVE.9, HH.MOVE.10: point p: front {p, p+1}, flank {p+2, p+5}, rear {p+3, p+4}; side s:
    exits {s-1, s, s+1}, rear {s+3}."""
    assert front_exit_sides(Facing.N) == (1, 2) and front_sides(Facing.N) == (1, 2)
    assert flank_sides(Facing.N) == (3, 0) and rear_sides(Facing.N) == (4, 5)
    assert front_exit_sides(Facing.E) == (5, 0, 1) and rear_sides(Facing.E) == (3,)


def test_HH_HEX_7_directly_away():
    """HH.HEX.7: the hex directly away is U + (U - E)."""
    assert directly_away(Hex(0, 12), Hex(1, 11)) == Hex(-1, 13)


def test_HH_HEX_8_edge_distance_and_HH_EX_34_deployment_rows():
    """HH.HEX.8, HH.DEF.11, HH.EX.34, HH.SEQ.2: edge_dist = |r - r_edge|; rows 0, 1, 2 deploy, 3 does not."""
    assert [edge_dist(Edge.NORTH, Hex(0, r), 13) for r in range(4)] == [0, 1, 2, 3]
    assert edge_dist(Edge.SOUTH, Hex(0, 12), 13) == 0 and Edge.NORTH.opposite is Edge.SOUTH


def test_HH_HEX_9_bearings_and_HH_HEX_15_ties():
    """HH.HEX.9, HH.HEX.15, HH.PD.13: bearings north up; nearest point facing, ties kept by current point."""
    assert bearing(Hex(0, 0), Hex(1, 0)) == 0.0
    assert bearing(Hex(0, 0), Hex(0, -1)) == 120.0
    assert nearest_point_facing(Hex(0, 5), Hex(0, 2), Facing.S) in (Facing.N, Facing.WNW, Facing.ENE)
    # Straight north (between NE and NW neighbours' line) is point 1.
    assert nearest_point_facing(Hex(0, 4), Hex(1, 2), Facing.S) == Facing.N
