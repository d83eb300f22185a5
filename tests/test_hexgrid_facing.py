"""Sides, points, facings, arcs, turning and "away" helpers (campaign.hexgrid, issue 3 part 2)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.hexgrid import (
    Arc,
    Facing,
    Hex,
    HexPoint,
    HexSide,
    LinePosition,
    MapEdge,
    MapSpec,
    Orientation,
    SideClass,
    arc_hexes,
    away_rank,
    bearing,
    deviation,
    directly_away,
    exit_hexes,
    face_line_position,
    flank_hexes,
    front_hexes,
    in_arc,
    in_narrow_front,
    is_free_turn,
    local_frame,
    nearest_facings,
    nearest_to_facing,
    neighbours_away_from,
    points_with_front_side,
    rear_hexes,
    straight_ahead,
    turn_steps,
)

FAST = settings(max_examples=60, deadline=None)
coords = st.integers(-12, 12)
hexes = st.builds(Hex, coords, coords)
E, NE, NW, W, SW, SE = HexSide


def test_HH_HEX_3_side_directions_and_bearings() -> None:
    """Sides 0..5 are E, NE, NW, W, SW, SE with the listed offsets, at bearing 60*s (pointy). [HH.HEX.3]"""
    offsets = [Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)]
    assert [s.offset for s in HexSide] == offsets
    assert [s.bearing() for s in HexSide] == [0, 60, 120, 180, 240, 300]
    assert [s.bearing(Orientation.FLAT) for s in HexSide] == [330, 30, 90, 150, 210, 270]
    for s in HexSide:
        assert bearing(Hex(0, 0), s.offset) == pytest.approx(s.bearing())


def test_HH_HEX_4_points_lie_between_sides_p_and_p_plus_1() -> None:
    """Point p sits between side p and p+1 at bearing 60p + 30; point 1 is north, point 4 south. [HH.HEX.4]"""
    assert HexPoint.NE_NW.sides == (HexSide.NE, HexSide.NW)
    assert HexPoint.SE_E.sides == (HexSide.SE, HexSide.E)
    assert [p.bearing() for p in HexPoint] == [30, 90, 150, 210, 270, 330]
    assert HexPoint.NE_NW.bearing() == 90 and HexPoint.SW_SE.bearing() == 270
    for s in HexSide:
        assert s in s.points[0].sides and s in s.points[1].sides


def test_HH_HEX_5_facing_encoding() -> None:
    """[HH.HEX.5] Even o faces side o/2, odd o faces point (o-1)/2, bearing 30*o; [PC.GEOM.3] point f is 2f+1."""
    for o in Facing:
        assert o.bearing() == 30 * o
        if o % 2 == 0:
            assert o.is_side and o.side == HexSide(o // 2) and o.point is None
            assert Facing.of(HexSide(o // 2)) is o
        else:
            assert o.is_point and o.point == HexPoint((o - 1) // 2) and o.side is None
            assert Facing.of(HexPoint((o - 1) // 2)) is o
    assert Facing.POINT_NE_NW.bearing(Orientation.FLAT) == 60
    with pytest.raises(TypeError):
        Facing.of(3)  # type: ignore[arg-type]


# (facing, front sides, exit sides, flank sides, rear sides), written out by hand from HH.HEX.6.
SIDE_SETS = [
    (Facing.POINT_E_NE, {E, NE}, {E, NE}, {NW, SE}, {W, SW}),
    (Facing.POINT_NE_NW, {NE, NW}, {NE, NW}, {W, E}, {SW, SE}),
    (Facing.POINT_NW_W, {NW, W}, {NW, W}, {SW, NE}, {SE, E}),
    (Facing.POINT_W_SW, {W, SW}, {W, SW}, {SE, NW}, {E, NE}),
    (Facing.POINT_SW_SE, {SW, SE}, {SW, SE}, {E, W}, {NE, NW}),
    (Facing.POINT_SE_E, {SE, E}, {SE, E}, {NE, SW}, {NW, W}),
    (Facing.SIDE_E, {E}, {SE, E, NE}, {SW, SE, NE, NW}, {W}),
    (Facing.SIDE_NE, {NE}, {E, NE, NW}, {SE, E, NW, W}, {SW}),
    (Facing.SIDE_NW, {NW}, {NE, NW, W}, {E, NE, W, SW}, {SE}),
    (Facing.SIDE_W, {W}, {NW, W, SW}, {NE, NW, SW, SE}, {E}),
    (Facing.SIDE_SW, {SW}, {W, SW, SE}, {NW, W, SE, E}, {NE}),
    (Facing.SIDE_SE, {SE}, {SW, SE, E}, {W, SW, E, NE}, {NW}),
]


@pytest.mark.parametrize(("facing", "front", "exits", "flank", "rear"), SIDE_SETS, ids=lambda v: repr(v))
def test_HH_HEX_6_front_flank_rear_sides(
    facing: Facing, front: set[HexSide], exits: set[HexSide], flank: set[HexSide], rear: set[HexSide]
) -> None:
    """[HH.HEX.6] Point p: front {p, p+1}, flank {p+2, p+5}, rear {p+3, p+4}. Side s: front {s}, exits
    {s-1, s, s+1} (HH.MOVE.9), rear {s+3}, and the other four sides its flanks. The hexes across
    them are the front/flank/rear hexes (PC.GEOM.4 for point facings)."""
    assert facing.front_sides == front
    assert facing.exit_sides == exits
    assert facing.flank_sides == flank
    assert facing.rear_sides == rear
    assert front | flank | rear == set(HexSide) and len(front) + len(flank) + len(rear) == 6
    u = Hex(3, 5)
    assert set(front_hexes(u, facing)) == {u.neighbour(s) for s in front}
    assert set(exit_hexes(u, facing)) == {u.neighbour(s) for s in exits}
    assert set(flank_hexes(u, facing)) == {u.neighbour(s) for s in flank}
    assert set(rear_hexes(u, facing)) == {u.neighbour(s) for s in rear}
    assert {facing.side_class(s) for s in rear} == {SideClass.REAR}
    assert {facing.side_class(s) for s in front} == {SideClass.FRONT}


def test_HH_EX_46_point_1_facing_3_front_exits_and_flank() -> None:
    """[HH.EX.46] Point 1 lies between side 1 (NE) and side 2 (NW) at 90 degrees; facing 3 has front exit
    sides {1, 2}; side 0 (E) is a flank side; point 0 is one point (a free change) away."""
    assert HexPoint(1).sides == (HexSide(1), HexSide(2)) == (HexSide.NE, HexSide.NW)
    assert HexPoint(1).bearing() == 90
    facing = Facing(3)
    assert facing.point is HexPoint.NE_NW
    assert facing.exit_sides == {HexSide(1), HexSide(2)}
    assert facing.side_class(HexSide.E) is SideClass.FLANK
    assert is_free_turn(facing, Facing.of(HexPoint(0)))


def test_PC_GEOM_11_step_classes() -> None:
    """For a stand facing point f: forward k in {f, f+1}, sideways {f+2, f+5}, backward {f+3, f+4}. [PC.GEOM.11]"""
    for f in HexPoint:
        facing = Facing.of(f)
        for k in range(6):
            expected = {0: SideClass.FRONT, 1: SideClass.FRONT, 2: SideClass.FLANK, 5: SideClass.FLANK}
            assert facing.side_class(HexSide(k)) is expected.get((k - f) % 6, SideClass.REAR)


@pytest.mark.parametrize(
    ("old", "new", "steps", "free"),
    [
        (Facing.POINT_NE_NW, Facing.POINT_E_NE, 2, True),  # one point
        (Facing.POINT_NE_NW, Facing.SIDE_NE, 1, True),  # point to adjacent side
        (Facing.SIDE_E, Facing.SIDE_NE, 2, True),  # side to adjacent side
        (Facing.POINT_NE_NW, Facing.POINT_SE_E, 4, False),  # two points
        (Facing.POINT_NE_NW, Facing.POINT_SW_SE, 6, False),  # about-face
        (Facing.SIDE_E, Facing.POINT_SE_E, 1, True),  # across 0 the short way round
        (Facing.SIDE_W, Facing.SIDE_W, 0, True),
    ],
)
def test_HH_HEX_5_turn_steps_and_free_changes(old: Facing, new: Facing, steps: int, free: bool) -> None:
    """A change of k 30-degree steps is free (once per hex) when k <= 2 (HH.MOVE.11). [HH.HEX.5]"""
    assert turn_steps(old, new) == steps == turn_steps(new, old)
    assert is_free_turn(old, new) is free


@FAST
@given(st.sampled_from(Facing), st.integers(-30, 30))
def test_turning_adds_steps_modulo_twelve(facing: Facing, k: int) -> None:
    assert facing.turned(k).steps_to(facing) == min(k % 12, 12 - k % 12)
    assert facing.opposite.steps_to(facing) == 6


def test_PC_GEOM_12_turning_a_face_and_bringing_a_side_into_the_front() -> None:
    """One face is f +- 1 point (two 30-degree steps); side k is in front for points k-1 and k. [PC.GEOM.12]"""
    f = Facing.of(HexPoint.W_SW)
    assert f.turned(2).point is HexPoint.SW_SE and f.turned(-2).point is HexPoint.NW_W
    assert f.turned(6).point is HexPoint.E_NE
    for k in HexSide:
        for p in points_with_front_side(k):
            assert k in Facing.of(p).front_sides
    assert points_with_front_side(HexSide.E) == (HexPoint.SE_E, HexPoint.E_NE)


# --- directly away ---------------------------------------------------------------------------


@FAST
@given(hexes, st.sampled_from(HexSide))
def test_HH_HEX_7_directly_away_is_the_opposite_neighbour(u: Hex, d: HexSide) -> None:
    """With the enemy across side d, directly away is the neighbour across side d+3: U + (U - E). [HH.HEX.7]"""
    enemy = u.neighbour(d)
    assert directly_away(u, enemy) == u.neighbour(d.opposite) == u + (u - enemy)
    assert directly_away(u, enemy).distance(enemy) == 2


def test_directly_away_needs_an_adjacent_enemy() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        directly_away(Hex(0, 0), Hex(2, 0))


def test_HH_EX_18_shooting_recoil_candidates() -> None:
    """[HH.EX.18] South unit at (0,5), own edge row r = 12, shot from (0,3): category 1 is {(0,6), (-1,6)}
    (farther from the shooter and nearer the own edge), and the tie-break picks (-1,6)."""
    spec = MapSpec(18, 13, Orientation.POINTY, first_row=0)
    unit, shooter = Hex(0, 5), Hex(0, 3)
    away = neighbours_away_from(unit, [shooter])
    here = spec.edge_distance(unit, MapEdge.BOTTOM)
    category_1 = [h for h in away if spec.edge_distance(h, MapEdge.BOTTOM) < here]
    assert category_1 == [Hex(-1, 6), Hex(0, 6)]
    assert all(h.distance(shooter) == 3 for h in category_1)
    best = min(category_1, key=lambda h: (-h.distance(shooter), spec.edge_distance(h, MapEdge.BOTTOM), h))
    assert best == Hex(-1, 6)


def test_PC_GEOM_14_away_rank_prefers_away_then_straight() -> None:
    """From C with the source W to the west: E is straight away, NE/SE away but less straight. [PC.GEOM.14]"""
    c, w = Hex(0, 0), Hex(-1, 0)
    ranks = {s: away_rank(c, w, c.neighbour(s)) for s in HexSide}
    assert ranks[HexSide.E] == (1, 2)
    assert ranks[HexSide.NE] == ranks[HexSide.SE] == (1, 1)
    assert ranks[HexSide.NW] == ranks[HexSide.SW] == (0, -1)
    assert ranks[HexSide.W] == (-1, -2)
    best = max(HexSide, key=lambda s: (ranks[s], -s))
    assert best is HexSide.E


def test_PC_GEOM_13_straight_ahead_alternates_the_two_front_sides() -> None:
    """[PC.GEOM.13] A straight advance alternates the two sides of the point, side p first by default."""
    assert straight_ahead(Hex(0, 0), HexPoint.E_NE, 4) == (Hex(1, 0), Hex(2, -1), Hex(3, -1), Hex(4, -2))
    assert straight_ahead(Hex(0, 0), HexPoint.E_NE, 2, first=HexSide.NE) == (Hex(1, -1), Hex(2, -1))
    with pytest.raises(ValueError, match="not one of the sides"):
        straight_ahead(Hex(0, 0), HexPoint.E_NE, 2, first=HexSide.W)


# --- local frame, face line, arcs --------------------------------------------------------------


@pytest.mark.parametrize("point", list(HexPoint))
def test_PC_GEOM_5_local_coordinates_of_the_six_neighbours(point: HexPoint) -> None:
    """Front (1,0), (0,1); flank (-1,1), (1,-1); rear (-1,0), (0,-1) for every facing. [PC.GEOM.5]"""
    p, facing = Hex(2, 3), Facing.of(point)
    frame = {local_frame(p, point, n): p.side_to(n) for n in p.neighbours()}
    assert {frame[(1, 0)], frame[(0, 1)]} == facing.front_sides
    assert {frame[(-1, 1)], frame[(1, -1)]} == facing.flank_sides
    assert {frame[(-1, 0)], frame[(0, -1)]} == facing.rear_sides


@FAST
@given(hexes, hexes, st.sampled_from(HexPoint))
def test_PC_GEOM_7_front_arc_is_the_positive_quadrant_and_HH_HEX_10_triangle(p: Hex, x: Hex, point: HexPoint) -> None:
    """[PC.GEOM.7] a >= 0, b >= 0 (not both 0) is the front arc, the distance is then a + b; the same set as
    HH.HEX.10's 2-face triangle and its bearing interval [60p, 60p + 60]."""
    a, b = local_frame(p, point, x)
    assert p + HexSide(point).offset * a + HexSide((point + 1) % 6).offset * b == x
    front = a >= 0 and b >= 0 and (a, b) != (0, 0)
    assert in_arc(p, Facing.of(point), x) is front
    if front:
        assert p.distance(x) == a + b
    if x != p:
        off_centre = (bearing(p, x) - (60 * point + 30) + 180) % 360 - 180
        assert (abs(off_centre) <= 30 + 1e-9) is front


def test_PC_GEOM_6_front_face_line() -> None:
    """Flank hexes are on the line; front hexes in front of it; rear hexes behind it. [PC.GEOM.6]"""
    p, point = Hex(0, 0), HexPoint.NE_NW
    facing = Facing.of(point)
    assert {face_line_position(p, point, h) for h in flank_hexes(p, facing)} == {LinePosition.ON}
    assert {face_line_position(p, point, h) for h in front_hexes(p, facing)} == {LinePosition.IN_FRONT}
    assert {face_line_position(p, point, h) for h in rear_hexes(p, facing)} == {LinePosition.BEHIND}
    assert face_line_position(p, point, Hex(-3, 0)) is LinePosition.ON


def test_PC_GEOM_8_narrow_front_band_is_2_1_2_1_wide() -> None:
    """Facing point 0 with half-width 1: 2 hexes at range 1, 1 at range 2, 2 at range 3, ... [PC.GEOM.8]"""
    p, point = Hex(0, 0), HexPoint.E_NE
    widths = [sum(in_narrow_front(p, point, h) for h in p.ring(n)) for n in range(1, 6)]
    assert widths == [2, 1, 2, 1, 2]
    assert in_narrow_front(p, point, Hex(2, -1)) and not in_narrow_front(p, point, Hex(2, 0))


def test_HH12_SHOOT_A3_arcs_at_range_two_WX_23() -> None:
    """[HH12.SHOOT.A3] Shooter at (3,5): vertex 1 (facing 3) sees 5 hexes; side 2 (facing 4) sees 8 with three
    front sides (2012 small arms) and 4 with one face (artillery, HH.HEX.10's 1-face cone)."""
    s = Hex(3, 5)
    triangle = arc_hexes(s, Facing(3), 2)
    assert triangle == (Hex(3, 4), Hex(4, 4), Hex(3, 3), Hex(4, 3), Hex(5, 3))
    wide = arc_hexes(s, Facing(4), 2, Arc.WIDE)
    assert set(wide) == {Hex(2, 5), Hex(3, 4), Hex(4, 4), Hex(1, 5), Hex(2, 4), Hex(3, 3), Hex(4, 3), Hex(5, 3)}
    cone = arc_hexes(s, Facing(4), 2)
    assert set(cone) == {Hex(3, 4), Hex(2, 4), Hex(3, 3), Hex(4, 3)}
    assert len(arc_hexes(s, Facing(4), 2, Arc.ALL_ROUND)) == 18
    assert not in_arc(s, Facing(4), s, Arc.ALL_ROUND)


def test_HH_HEX_11_long_range_arc_is_the_triangle_not_a_fan() -> None:
    """[HH.HEX.11] A point facing's arc at range n holds n + 1 hexes (the triangle), not the wider
    fan of every bearing through a front side; at range <= 2 both give the same 5 hexes."""
    for point in HexPoint:
        hexes_in_arc = arc_hexes(Hex(0, 0), Facing.of(point), 6)
        assert [sum(Hex(0, 0).distance(h) == n for h in hexes_in_arc) for n in range(1, 7)] == [2, 3, 4, 5, 6, 7]


@FAST
@given(hexes, st.sampled_from(Facing), st.sampled_from([Arc.FRONT, Arc.WIDE]))
def test_HH_HEX_10_arcs_are_bearing_intervals_around_the_facing(x: Hex, facing: Facing, arc: Arc) -> None:
    """Exact arc membership agrees with the float bearing test away from the boundaries. [HH.HEX.10]"""
    origin = Hex(0, 0)
    if x == origin:
        return
    diff = (bearing(origin, x) - facing.bearing() + 180) % 360 - 180
    half = 30 * arc.value
    if abs(abs(diff) - half) > 1e-6:
        assert in_arc(origin, facing, x, arc) is (abs(diff) < half)


# --- bearings and angles ---------------------------------------------------------------------


def test_HH_HEX_9_bearings() -> None:
    """Bearing from A to B, counter-clockwise from east with north up, in [0, 360). [HH.HEX.9]"""
    assert bearing(Hex(0, 0), Hex(2, -1)) == pytest.approx(30)
    assert bearing(Hex(0, 0), Hex(1, -2)) == pytest.approx(90)
    assert bearing(Hex(0, 0), Hex(0, 1)) == pytest.approx(300)
    assert bearing(Hex(0, 0), Hex(2, -1), Orientation.FLAT) == pytest.approx(0)


@FAST
@given(hexes, hexes, st.sampled_from(Facing))
def test_deviation_orders_hexes_by_angle_from_the_facing(a: Hex, b: Hex, facing: Facing) -> None:
    """The exact key sorts like the true angle (checked where the float angles are not tied)."""
    origin = Hex(0, 0)
    if origin in (a, b):
        return

    def angle(h: Hex) -> float:
        return abs((bearing(origin, h) - facing.bearing() + 180) % 360 - 180)

    if abs(angle(a) - angle(b)) > 1e-6:
        assert (deviation(origin, facing, a) < deviation(origin, facing, b)) is (angle(a) < angle(b))
    assert -1 <= deviation(origin, facing, a) <= 1


def test_HH_COMP_29_follow_up_hex_nearest_straight_ahead_then_lowest_id() -> None:
    """Facing north (point 1), NW and NE neighbours are tied at 30 degrees: the lowest id wins. [HH.COMP.29]"""
    origin = Hex(0, 0)
    assert nearest_to_facing(origin, Facing.POINT_NE_NW, [Hex(1, -1), Hex(0, -1)]) == Hex(0, -1)
    assert nearest_to_facing(origin, Facing.SIDE_E, [Hex(1, -1), Hex(1, 0)]) == Hex(1, 0)
    assert nearest_to_facing(origin, Facing.SIDE_E, [Hex(-1, 0), Hex(0, 1)]) == Hex(0, 1)


def test_HH_PD_13_point_nearest_to_the_enemy() -> None:
    """Enemy straight out of point 0: that point; enemy across side 0: points 5 and 0 tie. [HH.PD.13]"""
    points = [Facing.of(p) for p in HexPoint]
    assert nearest_facings(Hex(0, 0), Hex(4, -2), points) == (Facing.POINT_E_NE,)
    assert nearest_facings(Hex(0, 0), Hex(3, 0), points) == (Facing.POINT_E_NE, Facing.POINT_SE_E)
    assert nearest_facings(Hex(0, 0), Hex(3, 0)) == (Facing.SIDE_E,)


def test_deviation_needs_a_distinct_target() -> None:
    with pytest.raises(ValueError):
        deviation(Hex(1, 1), Facing.SIDE_E, Hex(1, 1))
    assert math.isclose(float(deviation(Hex(0, 0), Facing.SIDE_E, Hex(-2, 0))), 1.0)
