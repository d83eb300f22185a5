"""Hex coordinates, CCRR labels, distance and pixel geometry (campaign.hexgrid, issue 3 part 1)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.hexgrid import (
    DIRECTIONS,
    Facing,
    Hex,
    HexPoint,
    HexSide,
    LabelError,
    MapEdge,
    MapSpec,
    Offset,
    Orientation,
)

FAST = settings(max_examples=60, deadline=None)

coords = st.integers(-30, 30)
hexes = st.builds(Hex, coords, coords)
specs = st.builds(
    MapSpec,
    columns=st.integers(1, 30),
    rows=st.integers(1, 30),
    orientation=st.sampled_from(Orientation),
    offset=st.sampled_from(Offset),
    first_column=st.integers(0, 7),
    first_row=st.integers(0, 7),
)


# --- labels ------------------------------------------------------------------------------------


@FAST
@given(specs, st.data())
def test_label_round_trips_through_coordinates_for_every_convention(spec: MapSpec, data: st.DataObject) -> None:
    """Both orientations, both offsets, any first column/row: label -> hex -> label is the identity."""
    col = data.draw(st.integers(spec.first_column, spec.last_column))
    row = data.draw(st.integers(spec.first_row, spec.last_row))
    h = spec.to_hex(col, row)
    assert spec.to_label_pair(h) == (col, row)
    text = spec.label(h)
    assert text == f"{col:0{spec.label_width}d}{row:0{spec.label_width}d}"
    assert spec.parse(text) == h
    assert Hex.parse(text, spec) == h
    assert spec.contains(h)


@FAST
@given(specs, hexes)
def test_coordinates_round_trip_through_offset_pairs(spec: MapSpec, h: Hex) -> None:
    """Any axial hex, on the map or not, survives hex -> (column, row) -> hex."""
    assert spec.to_hex(*spec.to_label_pair(h)) == h


@FAST
@given(specs)
def test_map_hexes_are_exactly_the_labelled_hexes(spec: MapSpec) -> None:
    """hexes() lists columns x rows distinct hexes, each on the map, in label order."""
    all_hexes = spec.hexes()
    assert len(set(all_hexes)) == spec.columns * spec.rows
    assert all(spec.contains(h) for h in all_hexes)
    assert [spec.to_label_pair(h) for h in all_hexes] == sorted(spec.to_label_pair(h) for h in all_hexes)


# Golden label tables: (orientation, offset, first column, first row) -> {label: axial}.
# Pointy rows: the shifted rows sit half a hex to the right; flat columns: half a hex down.
LABEL_TABLES = [
    (Orientation.POINTY, Offset.ODD, 1, 1,
     {"0101": Hex(0, 0), "0201": Hex(1, 0), "0102": Hex(-1, 1), "0103": Hex(-1, 2), "0504": Hex(2, 3)}),
    (Orientation.POINTY, Offset.EVEN, 1, 1,
     {"0101": Hex(0, 0), "0102": Hex(0, 1), "0103": Hex(-1, 2), "0504": Hex(3, 3)}),
    (Orientation.FLAT, Offset.ODD, 1, 1,
     {"0101": Hex(0, 0), "0201": Hex(1, -1), "0301": Hex(2, -1), "0504": Hex(4, 1)}),
    (Orientation.FLAT, Offset.EVEN, 1, 1,
     {"0101": Hex(0, 0), "0201": Hex(1, 0), "0301": Hex(2, -1), "0504": Hex(4, 1)}),
    (Orientation.FLAT, Offset.EVEN, 0, 0,
     {"0000": Hex(0, 0), "0100": Hex(1, -1), "0101": Hex(1, 0), "0504": Hex(5, 1)}),
    (Orientation.POINTY, Offset.ODD, 10, 3,
     {"1003": Hex(0, 0), "1004": Hex(-1, 1), "1504": Hex(4, 1)}),
]  # fmt: skip


@pytest.mark.parametrize(("orientation", "offset", "first_col", "first_row", "table"), LABEL_TABLES)
def test_golden_labels_for_each_convention(
    orientation: Orientation, offset: Offset, first_col: int, first_row: int, table: dict[str, Hex]
) -> None:
    """The label tables printed in docs/hexgrid.md."""
    spec = MapSpec(20, 20, orientation, offset, first_col, first_row)
    for text, h in table.items():
        assert spec.parse(text) == h, text
        assert spec.label(h) == text


def test_shifted_rows_and_columns_sit_half_a_hex_over() -> None:
    """Odd offset: the odd-numbered rows (pointy) sit right, odd-numbered columns (flat) sit down."""
    pointy = MapSpec(4, 4, Orientation.POINTY, Offset.ODD)
    x1, _ = pointy.center(pointy.parse("0101"))
    x2, _ = pointy.center(pointy.parse("0102"))
    assert x1 > x2
    flat = MapSpec(4, 4, Orientation.FLAT, Offset.ODD)
    _, y1 = flat.center(flat.parse("0101"))
    _, y2 = flat.center(flat.parse("0201"))
    assert y1 > y2


def test_wide_maps_use_wider_labels() -> None:
    """A map with 100 or more columns writes three digits per half."""
    spec = MapSpec(120, 10, Orientation.FLAT)
    assert spec.label_width == 3
    h = spec.parse("105007")
    assert spec.to_label_pair(h) == (105, 7)
    assert spec.label(h) == "105007"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("05x4", "not a hex label"), ("504", "not a hex label"), ("", "not a hex label"), ("2104", "off the map"),
     ("0500", "off the map")],
)  # fmt: skip
def test_bad_labels_say_what_is_wrong(text: str, fragment: str) -> None:
    """LabelError names the problem and shows a correct label or the map's extent."""
    spec = MapSpec(20, 10, Orientation.POINTY, Offset.ODD)
    with pytest.raises(LabelError, match=fragment) as err:
        spec.parse(text)
    assert "0101" in str(err.value) or "1-20" in str(err.value)


def test_map_spec_rejects_empty_maps() -> None:
    with pytest.raises(ValueError, match="at least one column"):
        MapSpec(0, 5)
    with pytest.raises(ValueError, match="first column"):
        MapSpec(5, 5, first_column=-1)


# --- reprs paste back ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [Hex(5, -2), MapSpec(18, 13, Orientation.POINTY, Offset.ODD, 1, 0), HexSide.NE, HexPoint.NE_NW,
     Facing.POINT_NE_NW, MapEdge.TOP],
)  # fmt: skip
def test_reprs_paste_back(value: object) -> None:
    """STYLE 10: a failing test or shrunk example can be pasted back into Python."""
    namespace = {
        "Hex": Hex, "MapSpec": MapSpec, "Orientation": Orientation, "Offset": Offset, "HexSide": HexSide,
        "HexPoint": HexPoint, "Facing": Facing, "MapEdge": MapEdge,
    }  # fmt: skip
    assert eval(repr(value), namespace) == value


# --- distance and neighbours -------------------------------------------------------------------


@FAST
@given(hexes, hexes)
def test_HH_HEX_1_distance_is_symmetric_and_the_cube_maximum(a: Hex, b: Hex) -> None:
    """distance = max(|dx|, |dy|, |dz|) in cube coordinates, and d(a, b) = d(b, a). [HH.HEX.1]"""
    assert a.distance(b) == b.distance(a)
    assert a.distance(b) == max(abs(x - y) for x, y in zip(a.cube, b.cube, strict=True))
    assert (a.distance(b) == 0) == (a == b)


@FAST
@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@FAST
@given(hexes)
def test_neighbours_are_at_distance_one_and_side_to_inverts_neighbour(h: Hex) -> None:
    """Six distinct neighbours at distance 1; side_to names the side each lies across."""
    ns = h.neighbours()
    assert len(set(ns)) == 6
    for side, n in zip(HexSide, ns, strict=True):
        assert h.distance(n) == 1
        assert h.side_to(n) is side
        assert n.side_to(h) is side.opposite
        assert h.neighbour(side) == h + side.offset


@FAST
@given(hexes, st.integers(0, 4))
def test_rings_and_discs_count_hexes(h: Hex, radius: int) -> None:
    """A ring of radius k > 0 holds 6k hexes; the disc holds 3k(k+1) + 1."""
    assert len(h.ring(radius)) == (6 * radius if radius else 1)
    disc = h.within(radius)
    assert len(disc) == 3 * radius * (radius + 1) + 1
    assert all(h.distance(x) <= radius for x in disc)
    assert list(disc) == sorted(disc)


def test_PC_GEOM_2_opposite_directions_and_the_sum_identity() -> None:
    """D[k] + D[k+2] == D[k+1] for every k, and D[k+3] = -D[k]. [PC.GEOM.2]"""
    for k in range(6):
        d0, d1, d2 = (Hex(*DIRECTIONS[(k + i) % 6]) for i in range(3))
        assert d0 + d2 == d1
        assert Hex(*DIRECTIONS[(k + 3) % 6]) == d0 * -1


def test_hex_arithmetic_and_cube() -> None:
    assert Hex(2, -1) + Hex(1, 1) == Hex(3, 0)
    assert Hex(2, -1) - Hex(1, 1) == Hex(1, -2)
    assert Hex(2, -1).cube == (2, -1, -1)
    assert Hex.from_cube(2, -1, -1) == Hex(2, -1)
    with pytest.raises(ValueError, match="sum to 0"):
        Hex.from_cube(1, 1, 1)
    with pytest.raises(ValueError, match="not adjacent"):
        Hex(0, 0).side_to(Hex(2, 0))


def test_HH_HEX_15_lowest_hex_id_is_q_then_r() -> None:
    """[HH.HEX.15] [CH.GEOM.2] "Lowest hex id" is the smallest (q, r): q first, then r."""
    assert sorted([Hex(1, -5), Hex(0, 3), Hex(0, -2)]) == [Hex(0, -2), Hex(0, 3), Hex(1, -5)]


# --- map edges -----------------------------------------------------------------------------------


@FAST
@given(st.integers(1, 12), st.integers(1, 12), st.sampled_from(Offset), st.data())
def test_HH_HEX_8_edge_distance_on_a_pointy_map_is_the_row_difference(
    columns: int, rows: int, offset: Offset, data: st.DataObject
) -> None:
    """With rows parallel to the long edges (HH.HEX.2), edge_dist is |r - r_edge| for every hex. [HH.HEX.8]"""
    spec = MapSpec(columns, rows, Orientation.POINTY, offset, 1, 0)
    h = data.draw(st.sampled_from(spec.hexes()))
    assert spec.edge_distance(h, MapEdge.TOP) == h.r
    assert spec.edge_distance(h, MapEdge.BOTTOM) == rows - 1 - h.r


def test_edge_hexes_and_PC_GEOM_1_edge_hex() -> None:
    """The four edges of a 4x3 flat map; edge hexes have an off-map neighbour. [PC.GEOM.1]"""
    spec = MapSpec(4, 3, Orientation.FLAT, Offset.EVEN)
    assert [spec.label(h) for h in spec.edge_hexes(MapEdge.TOP)] == ["0101", "0201", "0301", "0401"]
    assert [spec.label(h) for h in spec.edge_hexes(MapEdge.RIGHT)] == ["0401", "0402", "0403"]
    assert spec.is_edge_hex(spec.parse("0101"))
    assert not spec.is_edge_hex(spec.parse("0202"))
    assert not spec.is_edge_hex(Hex(40, 40))
    assert spec.edge_distance(spec.parse("0202"), MapEdge.LEFT) == 1


# --- pixels ------------------------------------------------------------------------------------


@pytest.mark.parametrize("orientation", list(Orientation))
def test_pixel_corners_are_the_hex_points_and_sides_lie_between_them(orientation: Orientation) -> None:
    """corners(h)[p] is point p at its bearing; neighbour k lies beyond the midpoint of corners k-1, k."""
    spec = MapSpec(5, 5, orientation)
    h = Hex(1, 1)
    cx, cy = spec.center(h, 10.0)
    corners = spec.corners(h, 10.0)
    for p in HexPoint:
        x, y = corners[p]
        angle = math.degrees(math.atan2(cy - y, x - cx)) % 360
        assert angle == pytest.approx(p.bearing(orientation))
    for side in HexSide:
        nx, ny = spec.center(h.neighbour(side), 10.0)
        assert math.hypot(nx - cx, ny - cy) == pytest.approx(10.0 * math.sqrt(3))
        assert math.degrees(math.atan2(cy - ny, nx - cx)) % 360 == pytest.approx(side.bearing(orientation))
        (ax, ay), (bx, by) = (corners[p] for p in side.points)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        assert (mx - cx, my - cy) == pytest.approx(((nx - cx) / 2, (ny - cy) / 2))


def test_HH_HEX_2_pointy_rows_run_east_west_with_north_up() -> None:
    """Pointy-top: rows of constant r are horizontal; side 1 (NE) is above and to the right. [HH.HEX.2]"""
    spec = MapSpec(5, 5, Orientation.POINTY)
    assert spec.center(Hex(0, 2))[1] == spec.center(Hex(3, 2))[1]
    x0, y0 = spec.center(Hex(0, 2))
    x1, y1 = spec.center(Hex(0, 2).neighbour(HexSide.NE))
    assert x1 > x0 and y1 < y0
