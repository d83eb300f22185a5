"""The geometry rules of War Cometh §1 and the geometry worked examples of §49, as golden tests."""

from __future__ import annotations

import doctest
import math

import pytest
from shapely.geometry import LineString, Point, box

import campaign.table as table
from campaign.table import (
    Edge,
    Hill,
    Obstacle,
    ObstacleKind,
    Pose,
    PoseProblem,
    Rect,
    Zone,
    align,
    bounding_rect,
    compulsory_translate,
    contact,
    contacted_edge,
    flank_blocked,
    flush,
    formation,
    frame,
    grid_rects,
    in_contact,
    in_frontal_arc,
    motion,
    overlaps,
    pose_problems,
    rect,
    reference_point,
    sight,
    swept,
    table_polygon,
    terrain,
    within,
    within_arc,
    zone_of,
)
from campaign.table.frame import cm, deg, norm_angle, q_cm, q_deg, toward_baseline

STAND = dict(width=4.0, depth=2.0)


@pytest.mark.parametrize("module", [frame, rect, contact, formation, motion, terrain, sight, align, table])
def test_docstring_examples_run(module: object) -> None:
    """Every ``>>>`` example in the geometry modules is true."""
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0


@pytest.mark.parametrize(
    ("p", "expect"),
    [
        ((0, 5), Zone.FRONT),
        ((5, 3), Zone.RIGHT),
        ((4, 3), Zone.FRONT),
        ((-4, -3), Zone.LEFT),
        ((0, -4), Zone.REAR),
        ((-4, 3), Zone.FRONT),
    ],
)
def test_WC_TEST_23_zones(p: tuple[int, int], expect: Zone) -> None:
    """[WC.TEST.23] [WC.GEOM.5] [WC.FLANK.1] stand at (0,0) facing 90°, w 4, d 2: the six zone cases, every one
    of the four 90° zones (front, rear, left, right) among them."""
    r = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    assert zone_of(r, (float(p[0]), float(p[1]))) is expect


def test_WC_GEOM_5_zone_ties_use_eps_at_every_facing() -> None:
    """[WC.GEOM.5] (second book check 10): a point exactly on a front diagonal is FRONT and on a
    rear diagonal is a flank, even at facing −90° where float rounding bites."""
    for facing in (-90.0, 0.0, 45.0, 90.0, 180.0, 33.33):
        r = Rect(7.0, 3.0, facing, 4.0, 2.0)
        k = r.corners()
        diag_f = (k.fr[0] + 3 * (r.f[0] + r.r[0]), k.fr[1] + 3 * (r.f[1] + r.r[1]))
        diag_r = (k.rl[0] + 3 * (-r.f[0] - r.r[0]), k.rl[1] + 3 * (-r.f[1] - r.r[1]))
        assert zone_of(r, diag_f) is Zone.FRONT
        assert zone_of(r, diag_r) is Zone.LEFT


def test_WC_GEOM_5_inside_is_none() -> None:
    """[WC.GEOM.5] [WC.GEOM.4] a point inside or on the rectangle has zone NONE."""
    r = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    assert zone_of(r, (2.0, 1.0)) is Zone.NONE
    assert zone_of(r, (0.0, 0.0)) is Zone.NONE
    assert r.local((2.0, 3.0)).outside
    assert not r.local((1.0, 0.5)).outside


@pytest.mark.parametrize(
    ("k_centre", "expect"),
    [((-5.5, 0.0), True), ((-8.5, 0.0), False), ((-2.0, -6.0), False)],
)
def test_WC_TEST_24_blocked_flank(k_centre: tuple[float, float], expect: bool) -> None:
    """[WC.TEST.24] [WC.GEOM.20] [WC.FLANK.5] a friend 1.5 cm off the left flank blocks it; 4.5 cm
    off does not; one lying in the rear zone does not."""
    unit = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    k = Rect(k_centre[0], k_centre[1], 90.0, 4.0, 2.0)
    assert flank_blocked(unit, Zone.LEFT, [k.polygon()]) is expect


def test_WC_TEST_25_gap_line_cannot_pass_column_can() -> None:
    """[WC.TEST.25] [WC.GAP.3] [WC.GAP.5] a 3-stand line (12 cm) cannot go through a 10 cm gap
    5 cm ahead; as a 1x3 column (frontage 4 cm) it can."""
    left = box(-20.0, 5.0, -5.0, 7.0)
    right = box(5.0, 5.0, 20.0, 7.0)
    line = grid_rects((0.0, 0.0), 90.0, files=3, ranks=1, **STAND)
    column = grid_rects((0.0, 0.0), 90.0, files=1, ranks=3, **STAND)
    assert round(bounding_rect(line, 90.0).width, 6) == 12.0
    assert round(bounding_rect(column, 90.0).width, 6) == 4.0
    path = (0.0, 10.0)
    assert any(overlaps(swept(s, path), left.union(right)) for s in line)
    assert not any(overlaps(swept(s, path), left.union(right)) for s in column)


def test_WC_GEOM_1_angles_normalised() -> None:
    """[WC.GEOM.1] angles are counter-clockwise from +x, normalised to (−180, 180]."""
    assert norm_angle(-180.0) == 180.0
    assert norm_angle(540.0) == 180.0
    assert norm_angle(-190.0) == 170.0
    assert Rect(0, 0, 0.0, 4, 2).f == (1.0, 0.0)


def test_WC_GEOM_2_quantisation_and_tolerances() -> None:
    """[WC.GEOM.2] stored coordinates are 0.01 cm and 0.01° integers; limits pass with EPS;
    contact is 0.01 cm; overlap needs more than 1e-4 cm²; samples are 0.5 cm apart."""
    assert q_cm(12.344999) == 1234 and q_cm(12.346) == 1235
    assert q_deg(-180.0) == 18000 and deg(18000) == 180.0 and q_deg(359.99) == -1
    assert cm(2050) == 20.5
    assert within(20.0 + 5e-7, 20.0) and not within(20.0 + 2e-6, 20.0)
    a = box(0, 0, 1, 1)
    assert in_contact(a, box(1.009, 0, 2, 1)) and not in_contact(a, box(1.011, 0, 2, 1))
    assert not overlaps(a, box(0.99995, 0, 2, 1))  # 5e-5 cm² common
    assert overlaps(a, box(0.9998, 0, 2, 1))  # 2e-4 cm² common
    pts = table.sample_segment((0.0, 0.0), (2.0, 0.0))
    assert pts == ((0.0, 0.0), (0.5, 0.0), (1.0, 0.0), (1.5, 0.0), (2.0, 0.0))
    with pytest.raises(ValueError):
        q_cm(math.nan)


def test_WC_GEOM_3_corners_and_edges() -> None:
    """[WC.GEOM.3] corners FL, FR, RL, RR from centre, facing, width and depth; r points right."""
    r = Rect(10.0, 10.0, 0.0, 4.0, 2.0)  # facing +x: right is −y
    k = r.corners()
    assert tuple(round(c, 9) for c in k.fl) == (11.0, 12.0)
    assert tuple(round(c, 9) for c in k.fr) == (11.0, 8.0)
    assert tuple(round(c, 9) for c in k.rl) == (9.0, 12.0)
    assert tuple(round(c, 9) for c in k.rr) == (9.0, 8.0)
    assert r.edge(Edge.LEFT) == (k.fl, k.rl)
    assert abs(r.polygon().area - 8.0) < 1e-9


def test_WC_GEOM_4_local_coordinates() -> None:
    """[WC.GEOM.4] u along the facing, v to the right, du/dv past the half sizes."""
    r = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    loc = r.local((3.0, 4.0))
    assert (round(loc.u, 9), round(loc.v, 9), round(loc.du, 9), round(loc.dv, 9)) == (4.0, 3.0, 3.0, 1.0)


def test_WC_GEOM_6_frontal_arc() -> None:
    """[WC.GEOM.6] [WC.FLANK.2] a shape is in the frontal arc when it meets the closed FRONT zone
    or the front edge; one wholly in a flank zone is not."""
    r = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    assert in_frontal_arc(r, box(-1, 10, 1, 12))
    assert in_frontal_arc(r, box(-1, 1, 1, 2))  # touching the front edge
    assert not in_frontal_arc(r, box(8, -1, 10, 1))  # right flank
    assert in_frontal_arc(r, box(12, 12, 14, 14)) is False or zone_of(r, (12, 12)) is Zone.FRONT


def test_WC_GEOM_7_movement_arc() -> None:
    """[WC.GEOM.7] a move is in the frontal movement arc when within 45° of the facing."""
    assert within_arc((1.0, 1.0), 90.0)
    assert within_arc((-1.0, 1.0), 90.0)
    assert not within_arc((1.0, 0.99), 90.0)
    assert within_arc((0.0, 0.0), 90.0)  # a turn on the spot


def test_WC_GEOM_8_bounding_rect_rp_uc_frontage() -> None:
    """[WC.GEOM.8] bounding rectangle, RP (front-side midpoint), UC (centre), frontage."""
    stands = grid_rects((50.0, 20.0), 0.0, files=2, ranks=2, **STAND)
    b = bounding_rect(stands, 0.0)
    rp = reference_point(b)
    assert (round(rp[0], 9), round(rp[1], 9)) == (50.0, 20.0)
    assert (round(b.cx, 9), round(b.cy, 9)) == (48.0, 20.0)
    assert round(b.width, 9) == 8.0 and round(b.depth, 9) == 4.0
    assert table.irregular_centre(stands) == (48.0, 20.0)


def test_WC_GEOM_9_front_rank_of_irregular_unit() -> None:
    """[WC.GEOM.9] in an irregular formation, the stands whose front edge touches no other stand
    of the unit are the front rank."""
    stands = grid_rects((0.0, 0.0), 90.0, files=2, ranks=2, **STAND)
    assert table.front_rank_indices(stands) == (0, 1)
    back_to_back = (Rect(0, 1, 90.0, 4, 2), Rect(0, -1, -90.0, 4, 2))
    assert table.front_rank_indices(back_to_back) == (0, 1)


def test_WC_FORM_1_connected_and_WC_FORM_4_rear_rank_fill() -> None:
    """[WC.FORM.1] every stand touches the unit; [WC.FORM.4] an incomplete rear rank fills from
    the centre outward, leftward on ties; rank 1 must be complete."""
    assert table.connected(grid_rects((0.0, 0.0), 90.0, files=3, ranks=2, **STAND))
    assert not table.connected((Rect(0, 0, 90, 4, 2), Rect(10, 0, 90, 4, 2)))
    assert table.grid_slots(4, 6) == ((1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2))
    with pytest.raises(ValueError):
        table.grid_slots(4, 3)


def test_WC_GEOM_10_distances_and_geodesic() -> None:
    """[WC.GEOM.10] [WC.VIS.7] unit distances are between footprints; command measurement goes
    round impassable ground."""
    a, b = Rect(0, 0, 90, 4, 2).polygon(), Rect(10, 0, 90, 4, 2).polygon()
    assert table.distance(a, b) == 6.0
    wall = [box(-1, -10, 1, 10)]
    direct = table.geodesic_distance((-5.0, 0.0), Point(5.0, 0.0), [])
    around = table.geodesic_distance((-5.0, 0.0), Point(5.0, 0.0), wall)
    assert direct == 10.0
    assert abs(around - (2 * math.hypot(4, 10) + 2)) < 1e-9


def test_WC_GEOM_11_contact_includes_corners() -> None:
    """[WC.GEOM.11] stands 0.01 cm apart or less are in contact, corner to corner included."""
    a = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    corner = Rect(4.0, 2.0, 90.0, 4.0, 2.0)
    assert in_contact(a.polygon(), corner.polygon())
    assert not in_contact(a.polygon(), Rect(4.02, 2.0, 90.0, 4.0, 2.0).polygon())


def test_WC_GEOM_12_contacted_edge() -> None:
    """[WC.GEOM.12] the contacted edge is the one the closest-point segment lies on; at a corner
    touch, the zone of the contacting stand's centre decides."""
    a = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    assert contacted_edge(a, Rect(0.0, 2.0, -90.0, 4.0, 2.0)) is Edge.FRONT
    assert contacted_edge(a, Rect(-3.0, 0.0, 0.0, 2.0, 2.0)) is Edge.LEFT
    assert contacted_edge(a, Rect(0.0, -2.0, 90.0, 4.0, 2.0)) is Edge.REAR
    corner = Rect(4.0, 3.0, 180.0, 4.0, 4.0)  # touches FR corner only; centre in FRONT zone
    assert contacted_edge(a, corner) is Edge.FRONT
    side_corner = Rect(5.0, 1.5, 180.0, 1.0, 6.0)  # centre (5, 1.5): du .5 < dv 3 -> RIGHT
    assert contacted_edge(a, side_corner) in (Edge.RIGHT, Edge.FRONT)
    assert contacted_edge(a, Rect(0.0, 9.0, -90.0, 4.0, 2.0)) is None
    assert Edge.REAR.is_flank_or_rear and not Edge.FRONT.is_flank_or_rear


def test_WC_GEOM_13_flush() -> None:
    """[WC.GEOM.13] flush needs anti-parallel facing edges within 0.5°, 0.01 cm apart, and
    overlap along nearly the whole shorter edge."""
    a = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    assert flush(a, Rect(0.0, 2.0, -90.0, 4.0, 2.0))
    assert flush(a, Rect(0.0, 2.0, -89.6, 4.0, 2.0))
    assert not flush(a, Rect(1.0, 2.0, -90.0, 4.0, 2.0))  # offset by 1 cm
    assert not flush(a, Rect(0.0, 2.0, -88.0, 4.0, 2.0))


def test_WC_GEOM_14_swept_area_and_wheel() -> None:
    """[WC.GEOM.14] a translation sweeps the hull of start and end; rotations are not swept; a
    regular unit turns about its RP; a wheel keeps its pivot corner."""
    r = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
    assert abs(swept(r, (0.0, 10.0)).area - 4.0 * 12.0) < 1e-9
    line = grid_rects((0.0, 0.0), 90.0, files=3, ranks=1, **STAND)
    turned = table.rotate_group(line, (0.0, 0.0), 90.0)
    rp = reference_point(bounding_rect(turned, 180.0))
    assert (round(rp[0], 9), round(rp[1], 9)) == (0.0, 0.0)
    right = table.wheel(line, 90.0, left=False, degrees=45.0)
    fr = bounding_rect(right, 45.0).corners().fr
    assert (round(fr[0], 9), round(fr[1], 9)) == (6.0, 0.0)


def test_WC_GEOM_15_legal_pose() -> None:
    """[WC.GEOM.15] on the table, no overlap with stands or barred terrain, 2 cm from enemies
    unless closing; a stand that started nearer may not get nearer."""
    tbl = table_polygon(180.0, 120.0)
    enemy = Obstacle("e1", ObstacleKind.ENEMY, Rect(50.0, 55.0, -90.0, 4.0, 2.0).polygon())
    wood = Obstacle("wood", ObstacleKind.BARRED, box(0, 0, 5, 5))
    ok = Rect(50.0, 50.0, 90.0, 4.0, 2.0).polygon()  # 3 cm from the enemy
    near = Rect(50.0, 51.5, 90.0, 4.0, 2.0).polygon()  # 1.5 cm
    assert pose_problems(ok, [enemy, wood], tbl) == ()
    assert pose_problems(near, [enemy], tbl) == ((PoseProblem.TOO_CLOSE, "e1"),)
    assert pose_problems(near, [enemy], tbl, may_close=True) == ()
    assert pose_problems(near, [enemy], tbl, start_distance=lambda k: 1.5) == ()
    assert pose_problems(Rect(1.0, 1.0, 90.0, 4.0, 2.0).polygon(), [wood], tbl)[0][0] is PoseProblem.OFF_TABLE
    assert (PoseProblem.BARRED_TERRAIN, "wood") in pose_problems(Rect(3.0, 3.0, 90.0, 4.0, 2.0).polygon(), [wood], tbl)


def test_WC_GEOM_16_levels() -> None:
    """[WC.GEOM.16] level is the highest hill polygon holding the point; a stand's level is at its
    front-edge midpoint; a unit's is the lower median of its front rank."""
    hills = (Hill(box(0, 0, 20, 20), 1), Hill(box(5, 5, 15, 15), 2))
    assert table.stand_level(hills, Rect(10.0, 4.0, 90.0, 4.0, 2.0)) == 2  # front mid (10, 5)
    assert table.stand_level(hills, Rect(10.0, 3.0, 90.0, 4.0, 2.0)) == 1
    front = [Rect(x, 10.0, 90.0, 4.0, 2.0) for x in (2.0, 10.0, 30.0)]
    assert table.unit_level(hills, front) == 1


def test_WC_GEOM_17_terrain_tests() -> None:
    """[WC.GEOM.17] [WC.TERR.2] [WC.TERR.3] penalty if any front edge crosses the polygon; cover
    if at least half of all stands have front-edge length inside; fully in."""
    wood = box(0, 0, 10, 10)
    stands = grid_rects((6.0, 5.0), 90.0, files=2, ranks=1, **STAND)  # x 2..10, front at y=5
    assert table.front_edge_crosses(stands[0], wood)
    assert table.cover(stands, wood) and table.fully_in(stands, wood)
    half_out = grid_rects((10.0, 5.0), 90.0, files=2, ranks=1, **STAND)  # x 6..14
    assert table.cover(half_out, wood) and not table.fully_in(half_out, wood)
    out = grid_rects((20.0, 5.0), 90.0, files=2, ranks=1, **STAND)
    assert not table.cover(out, wood)


def test_WC_GEOM_18_line_of_sight() -> None:
    """[WC.GEOM.18] [WC.VIS.3] [WC.VIS.4] [WC.VIS.5] [WC.VIS.6] sight lines against stands, gaps,
    woods and hills."""
    eye = (Rect(10.0, 0.0, 90.0, 4.0, 2.0),)
    target = (Rect(10.0, 30.0, -90.0, 4.0, 2.0),)
    q = table.SightQuery(observer=eye, target=target)
    wall = tuple(table.Blocker(r) for r in grid_rects((10.0, 15.0), 90.0, files=5, ranks=1, **STAND))
    assert not table.visible(q, table.Ground(stands=wall))
    gap3 = (table.Blocker(Rect(6.5, 14.0, 90.0, 4.0, 2.0)), table.Blocker(Rect(13.5, 14.0, 90.0, 4.0, 2.0)))
    assert not table.visible(q, table.Ground(stands=gap3))  # 3 cm gap
    gap5 = (table.Blocker(Rect(5.5, 14.0, 90.0, 4.0, 2.0)), table.Blocker(Rect(14.5, 14.0, 90.0, 4.0, 2.0)))
    assert table.visible(q, table.Ground(stands=gap5))  # 5 cm gap
    thin_wood = (box(0, 10, 20, 11.5),)
    assert table.visible(q, table.Ground(woods=thin_wood))
    assert not table.visible(q, table.Ground(woods=(box(0, 10, 20, 13),)))
    ridge = (Hill(box(0, 12, 20, 18), 1),)
    assert not table.visible(q, table.Ground(hills=ridge))
    low = tuple(table.Blocker(r, low=True) for r in grid_rects((10.0, 15.0), 90.0, files=5, ranks=1, **STAND))
    cav = table.SightQuery(observer=eye, target=target, cavalry=True)
    assert table.visible(cav, table.Ground(stands=low))
    on_hill = (Hill(box(0, -5, 20, 1.5), 1),)
    assert table.visible(q, table.Ground(hills=on_hill, stands=tuple(table.Blocker(r.rect) for r in wall[:0])))
    # elevated observer sees over a lower line 10 cm away (beyond dead space of the target end)
    high_eye = (Hill(box(0, -5, 20, 2), 1),)
    assert table.visible(q, table.Ground(hills=high_eye, stands=wall))
    # ...but not a target within 4 cm behind that line (dead space)
    close = (Rect(10.0, 19.0, -90.0, 4.0, 2.0),)
    q_close = table.SightQuery(observer=eye, target=close)
    assert not table.visible(q_close, table.Ground(hills=high_eye, stands=wall))
    flyer = table.SightQuery(observer=eye, target=close, flyer=True)
    assert table.visible(flyer, table.Ground(hills=high_eye, stands=wall))


def test_WC_GEOM_19_zoc_region() -> None:
    """[WC.GEOM.19] [WC.ZOC.1] [WC.ZOC.3] a ZOC reaches 8 cm ahead, shortened by units, linear
    obstacles, woods (2 cm in) and higher ground."""
    s = Rect(10.0, 0.0, 90.0, 4.0, 2.0)
    free = table.zoc_region(s, table.ZocGround())
    assert abs(free.area - 32.0) < 1e-6
    hedge = table.ZocGround(linear=(LineString([(0, 5), (20, 5)]),))
    assert abs(table.zoc_region(s, hedge).area - 16.0) < 1e-6
    wood = table.ZocGround(woods=(box(0, 3, 20, 20),))
    assert abs(table.zoc_region(s, wood).area - 16.0) < 1e-6
    hill = table.ZocGround(hills=(Hill(box(0, 7, 20, 20), 1),))
    assert abs(table.zoc_region(s, hill).area - 24.0) < 1e-6


def test_WC_GEOM_21_compulsory_translation() -> None:
    """[WC.GEOM.21] stops before enemies (2 cm) and barred terrain, passes friends it clears,
    stops before friends it cannot clear, and leaves the table."""
    tbl = table_polygon(180.0, 120.0)
    unit = grid_rects((50.0, 50.0), 90.0, files=2, ranks=1, **STAND)  # front at y=50
    enemy = Obstacle("E", ObstacleKind.ENEMY, box(40, 60, 60, 62))
    t = compulsory_translate(unit, (0.0, 1.0), 20.0, [enemy], tbl)
    assert abs(t.moved - 8.0) < 1e-6 and not t.completed and t.blockers == ("E",)
    friend = Obstacle("F", ObstacleKind.FRIEND, box(40, 53, 60, 55))
    t = compulsory_translate(unit, (0.0, 1.0), 10.0, [friend], tbl)
    assert t.passed_through == ("F",) and abs(t.moved - 10.0) < 1e-6
    deep = Obstacle("D", ObstacleKind.FRIEND, box(40, 53, 60, 80))
    t = compulsory_translate(unit, (0.0, 1.0), 10.0, [deep], tbl)
    assert abs(t.moved - 3.0) < 1e-6 and t.blockers == ("D",) and t.passed_through == ()
    shallow = Obstacle("S", ObstacleKind.FRIEND, box(40, 55, 60, 59))
    t = compulsory_translate(unit, (0.0, 1.0), 10.0, [shallow], tbl)
    assert t.passed_through == ("S",) and abs(t.moved - 11.0) < 1e-6  # placed clear of it
    t = compulsory_translate(unit, (0.0, 1.0), 6.0, [shallow], tbl)  # leading edge not past by 6
    assert t.passed_through == () and abs(t.moved - 5.0) < 1e-6 and t.blockers == ("S",)
    t = compulsory_translate(unit, (0.0, -1.0), 60.0, [], tbl)
    assert t.off_table


def test_WC_GEOM_23_toward_baseline() -> None:
    """[WC.GEOM.23] toward its baseline is −y for Player A and +y for Player B."""
    assert toward_baseline(True) == (0.0, -1.0) and toward_baseline(False) == (0.0, 1.0)


def test_pose_round_trips() -> None:
    """[WC.GEOM.2] a stored pose turns into a rectangle and back unchanged."""
    p = Pose(1234, -50, -9000)
    assert p.rect(400, 200).pose() == p


def test_WC_GEOM_22_charge_alignment_primitives() -> None:
    """[WC.GEOM.22] [WC.CHARGE.14] [WC.CHARGE.15] [WC.CHARGE.16] the measurements a charge needs:
    front-edge to edge distance, the approach vector, the aligned pose (facing reversed to the
    edge's normal, front on its line, RP at an offset), corner-matching offsets and overlap."""
    from campaign.table.align import align_to_edge, approach_vector, corner_offsets, edge_overlap, segment_distance

    charger = grid_rects((10.0, 0.0), 45.0, files=2, ranks=1, **STAND)
    target = Rect(30.0, 21.0, -90.0, 4.0, 2.0)  # front edge at y = 20, facing down
    fl, fr = target.edge(Edge.FRONT)
    seen = (fr, fl)  # as the charger sees it, left to right
    front = (bounding_rect(charger, 45.0).corners().fl, bounding_rect(charger, 45.0).corners().fr)
    d = segment_distance(front, seen)
    v = approach_vector(front, seen)
    assert abs(math.hypot(*v) - d) < 1e-9 and d > 10
    placed = align_to_edge(charger, 45.0, seen, offset=0.0)
    assert all(abs(r.facing - 90.0) < 1e-9 for r in placed)
    assert abs(max(r.cy + 1.0 for r in placed) - 20.0) < 1e-9
    assert abs(reference_point(bounding_rect(placed, 90.0))[0] - 30.0) < 1e-9
    offsets = corner_offsets(placed, seen, [fl, fr])
    assert offsets == (-6.0, -2.0, 2.0, 6.0)
    flush_one = align_to_edge(charger, 45.0, seen, offset=2.0)
    assert abs(edge_overlap(flush_one, seen) - 4.0) < 1e-6
    assert sum(flush(a, target) for a in flush_one) == 1
