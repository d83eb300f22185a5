"""Property tests for the measured-table geometry's invariants [WC.GEOM.2] [WC.GEOM.5]
[WC.GEOM.11] [WC.GEOM.14]."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from campaign.table import (
    Pose,
    Rect,
    Zone,
    bounding_rect,
    grid_rects,
    in_contact,
    overlaps,
    wheel,
    zone_of,
    zone_polygon,
)
from campaign.table.frame import cm, deg, norm_q_angle, q_cm, q_deg

coords = st.floats(min_value=-200.0, max_value=200.0, allow_nan=False, allow_infinity=False)
facings = st.floats(min_value=-180.0, max_value=180.0, allow_nan=False, allow_infinity=False)
sizes = st.floats(min_value=1.0, max_value=10.0, allow_nan=False, allow_infinity=False)
rects = st.builds(Rect, coords, coords, facings, sizes, sizes)

FLANKS = (Zone.FRONT, Zone.REAR, Zone.LEFT, Zone.RIGHT)


@settings(max_examples=300, deadline=None)
@given(rects, coords, coords)
def test_WC_GEOM_5_zones_partition_the_plane_outside_a_rectangle(r: Rect, x: float, y: float) -> None:
    """[WC.GEOM.5] every point outside a rectangle is in exactly one of the four zones, and
    zone_of agrees with the zone polygons away from their boundaries."""
    z = zone_of(r, (x, y))
    loc = r.local((x, y))
    if not loc.outside:
        assert z is Zone.NONE
        return
    assert z in FLANKS
    p = Point(x, y)
    holders = [zz for zz in FLANKS if zone_polygon(r, zz).buffer(-1e-6).contains(p)]
    assert len(holders) <= 1
    if holders:
        assert holders == [z]


@settings(max_examples=200, deadline=None)
@given(rects, rects)
def test_WC_GEOM_11_contact_and_overlap_are_symmetric(a: Rect, b: Rect) -> None:
    """[WC.GEOM.11] [WC.GEOM.2] contact and overlap do not depend on which stand is asked first."""
    pa, pb = a.polygon(), b.polygon()
    assert in_contact(pa, pb) == in_contact(pb, pa)
    assert overlaps(pa, pb) == overlaps(pb, pa)


@settings(max_examples=200, deadline=None)
@given(
    coords,
    coords,
    facings,
    st.integers(1, 5),
    st.integers(1, 3),
    st.booleans(),
    st.floats(min_value=0.0, max_value=180.0, allow_nan=False),
)
def test_WC_GEOM_14_a_wheel_keeps_the_pivot_corner_fixed(
    x: float, y: float, facing: float, files: int, ranks: int, left: bool, degrees: float
) -> None:
    """[WC.GEOM.14] wheeling left keeps the front-left corner, right the front-right corner."""
    stands = grid_rects((x, y), facing, files=files, ranks=ranks, width=4.0, depth=2.0)
    before = bounding_rect(stands, facing).corners()
    after_stands = wheel(stands, facing, left=left, degrees=degrees)
    new_facing = facing + (degrees if left else -degrees)
    after = bounding_rect(after_stands, new_facing).corners()
    pivot_before, pivot_after = (before.fl, after.fl) if left else (before.fr, after.fr)
    assert abs(pivot_before[0] - pivot_after[0]) < 1e-6
    assert abs(pivot_before[1] - pivot_after[1]) < 1e-6
    assert all(abs(s.polygon().area - 8.0) < 1e-6 for s in after_stands)


@given(st.integers(-10_000_000, 10_000_000))
def test_WC_GEOM_2_length_quantisation_is_stable_under_replay(n: int) -> None:
    """[WC.GEOM.2] a stored length read back and stored again is the same integer."""
    assert q_cm(cm(n)) == n


@given(st.integers(-1_000_000, 1_000_000))
def test_WC_GEOM_2_angle_quantisation_is_stable_under_replay(n: int) -> None:
    """[WC.GEOM.2] [WC.GEOM.1] a stored angle read back and stored again is its normal form."""
    norm = norm_q_angle(n)
    assert -18000 < norm <= 18000
    assert q_deg(deg(n)) == norm


@given(
    st.integers(-20_000, 20_000),
    st.integers(-20_000, 20_000),
    st.integers(-17_999, 18_000),
    st.integers(50, 2000),
    st.integers(50, 2000),
)
def test_WC_GEOM_2_pose_round_trips(x: int, y: int, f: int, w: int, d: int) -> None:
    """[WC.GEOM.2] a stored pose made into a rectangle and quantised again is unchanged."""
    p = Pose(x, y, f)
    assert p.rect(w, d).pose() == p


@settings(max_examples=100, deadline=None)
@given(rects, coords, coords)
def test_translation_keeps_zone_relations(r: Rect, dx: float, dy: float) -> None:
    """[WC.GEOM.5] moving a rectangle and a point together keeps the point's zone."""
    px, py = r.cx + 7.3, r.cy - 3.1
    assume(abs(r.local((px, py)).du - r.local((px, py)).dv) > 1e-3)
    assert zone_of(r, (px, py)) is zone_of(r.moved(dx, dy), (px + dx, py + dy))
