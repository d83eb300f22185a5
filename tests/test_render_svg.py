"""SVG output: well-formed, self-contained, deterministic, and drawing what the picture says."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from campaign.hexgrid import DIRECTIONS, Hex, MapSpec, Orientation
from campaign.render import (
    STATUS_LOOK,
    BoardPicture,
    Counter,
    Formation,
    General,
    HexTerrain,
    Side,
    Status,
    board_layout,
    render_svg,
)
from campaign.render.demo import demo_flat_picture, demo_picture

OUTPUT = Path(__file__).parent / "output"
NS = "{http://www.w3.org/2000/svg}"
RED = Side("red", "Red", "#aa0000")


@pytest.fixture(scope="module")
def big() -> BoardPicture:
    return demo_picture()


@pytest.fixture(scope="module")
def big_svg(big: BoardPicture) -> str:
    svg = render_svg(big)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "board-pointy-30x20.svg").write_text(svg, encoding="utf-8")
    return svg


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg.encode("utf-8"))
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


def _titles(svg: str) -> list[str]:
    root = ET.fromstring(svg.encode("utf-8"))
    return ["".join(t.itertext()) for t in root.iter(f"{NS}title")]


def test_big_board_is_30_by_20_pointy_with_every_builtin_terrain(big: BoardPicture) -> None:
    assert (big.map_spec.columns, big.map_spec.rows) == (30, 20)
    assert big.map_spec.orientation is Orientation.POINTY
    used = {big.styles.terrain_style(t.terrain) for t in big.terrain} | {big.styles.terrain_style("good_going")}
    assert used == set(big.styles.terrain)
    assert {t.elevation for t in big.terrain} >= {1, 2}
    facings = {c.facing for c in big.counters}
    assert facings >= set(range(12))
    assert {c.stands for c in big.counters} >= {1, 2, 3, 4, 5, 6}
    assert {c.formation for c in big.counters} == set(Formation)
    assert any(len(c.status) == 3 for c in big.counters)
    assert any(g.hero for g in big.generals)


def test_big_board_svg_parses_and_names_every_unit_general_and_hex(big: BoardPicture, big_svg: str) -> None:
    texts = _texts(big_svg)
    for c in big.counters:
        assert c.name in texts, c.name
    for g in big.generals:
        assert g.name in texts, g.name
    labels = {big.map_spec.label(h) for h in big.map_spec.hexes()}
    assert len(labels) == 600
    assert labels <= set(texts)
    assert "0101" in texts and "3020" in texts


def test_svg_has_viewbox_title_and_no_external_references(big_svg: str) -> None:
    root = ET.fromstring(big_svg.encode("utf-8"))
    assert root.tag == f"{NS}svg"
    assert re.fullmatch(r"0 0 [0-9.]+ [0-9.]+", root.get("viewBox", ""))
    title = root.find(f"{NS}title")  # the document's own title comes first
    assert title is not None and title.text and "Battle of the Ford" in title.text
    assert root.find(f"{NS}desc") is not None
    assert "href" not in big_svg and "http://" not in big_svg.replace("http://www.w3.org/2000/svg", "")
    assert "<image" not in big_svg and "@import" not in big_svg


def test_svg_names_only_the_shipped_font_family(big_svg: str) -> None:
    root = ET.fromstring(big_svg.encode("utf-8"))
    assert root.get("font-family", "").startswith("'DejaVu Sans'")
    assert "font-family" not in big_svg.split(">", 2)[2]  # set once, on the root


def test_rendering_twice_gives_identical_bytes(big_svg: str) -> None:
    assert render_svg(demo_picture()) == big_svg
    flat = render_svg(demo_flat_picture())
    assert render_svg(demo_flat_picture()) == flat


def test_numbers_are_printed_with_at_most_two_decimals(big_svg: str) -> None:
    assert not re.search(r"\d\.\d{3,}", big_svg)


def test_flat_board_renders_with_cry_havoc_ground() -> None:
    picture = demo_flat_picture()
    svg = render_svg(picture)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "board-flat-12x9.svg").write_text(svg, encoding="utf-8")
    texts = _texts(svg)
    assert picture.map_spec.orientation is Orientation.FLAT
    for c in picture.counters:
        assert c.name in texts
    for label in ("House interior", "Building wall", "Doorway", "Window", "Marsh", "Field", "Slope"):
        assert label in texts


def test_text_from_players_is_escaped() -> None:
    spec = MapSpec(3, 3, Orientation.POINTY)
    nasty = 'Tom & <Jerry> "Q\'s"'
    side = Side("x", "<script>alert(1)</script>", "#123456")
    picture = BoardPicture(
        "Title & <b>", spec, subtitle="a < b", sides=(side,), counters=(Counter(nasty, "x", spec.parse("0202")),)
    )
    svg = render_svg(picture)
    texts = _texts(svg)
    assert any(t.startswith("0202: " + nasty) for t in _titles(svg))
    assert "<script>" not in svg
    assert "<script>alert(1)</script>" in texts
    assert "Title & <b>" in texts


def test_a_name_too_long_for_its_counter_is_shortened_but_kept_whole_in_the_tooltip() -> None:
    spec = MapSpec(3, 3, Orientation.POINTY)
    name = "Legio XXII Primigenia Pia Fidelis"
    picture = BoardPicture("t", spec, sides=(RED,), counters=(Counter(name, "red", spec.parse("0202"), 3),))
    svg = render_svg(picture)
    shown = [t for t in _texts(svg) if t.startswith("Legio")]
    assert len(shown) == 1 and shown[0].endswith("\u2026") and len(shown[0]) < len(name)
    assert any(name in t for t in _titles(svg))


def test_control_characters_are_dropped_so_the_xml_stays_valid() -> None:
    spec = MapSpec(2, 2, Orientation.POINTY)
    picture = BoardPicture("bell\x07", spec, sides=(RED,), counters=(Counter("a\x00b", "red", spec.parse("0101")),))
    assert "ab" in _texts(render_svg(picture))


def _single(facing: int, orientation: Orientation, formation: Formation = Formation.DEPLOYED) -> BoardPicture:
    spec = MapSpec(3, 3, orientation)
    return BoardPicture(
        "facing", spec, sides=(RED,), counters=(Counter("U", "red", spec.parse("0202"), facing, formation),)
    )


def _pointer_tip(svg: str) -> tuple[float, float]:
    m = re.search(r'<path class="facing" d="M(-?[0-9.]+),(-?[0-9.]+)', svg)
    assert m, "no facing pointer drawn"
    return float(m.group(1)), float(m.group(2))


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("facing", range(12))
def test_facing_pointer_points_30_degrees_per_step_from_direction_0(orientation: Orientation, facing: int) -> None:
    picture = _single(facing, orientation)
    spec, size = picture.map_spec, picture.hex_size
    h = spec.parse("0202")
    cx, cy = spec.center(h, size)
    tx, ty = _pointer_tip(render_svg(picture))
    # direction 0 from hexgrid: the neighbour across side 0
    nx, ny = spec.center(h.neighbour(0), size)
    base = math.degrees(math.atan2(-(ny - cy), nx - cx))
    got = math.degrees(math.atan2(-(ty - cy), tx - cx))
    assert (got - (base + 30 * facing) + 180) % 360 - 180 == pytest.approx(0, abs=0.5)
    target: tuple[float, float]
    if facing % 2 == 0:  # at the middle of side facing // 2
        target = spec.center(h.neighbour(facing // 2), size)
    else:  # at a vertex: the corner nearest the bearing
        target = min(spec.corners(h, size), key=lambda p: math.hypot(p[0] - tx, p[1] - ty))
        assert math.hypot(target[0] - tx, target[1] - ty) < 0.2 * size
    along = math.degrees(math.atan2(-(target[1] - cy), target[0] - cx))
    assert (got - along + 180) % 360 - 180 == pytest.approx(0, abs=0.5)


def test_pointy_map_direction_0_is_east_and_facing_3_is_up() -> None:
    picture = _single(3, Orientation.POINTY)
    cx, cy = picture.map_spec.center(picture.map_spec.parse("0202"), picture.hex_size)
    tx, ty = _pointer_tip(render_svg(picture))
    assert abs(tx - cx) < 0.01 and ty < cy
    assert DIRECTIONS[0] == (1, 0)


def test_column_is_laid_along_its_facing_and_deployed_is_not() -> None:
    column = render_svg(_single(0, Orientation.POINTY, Formation.COLUMN))
    assert "rotate(0)" in column or "rotate(-0)" in column
    column_up = render_svg(_single(3, Orientation.POINTY, Formation.COLUMN))
    assert "rotate(-90)" in column_up
    deployed = render_svg(_single(3, Orientation.POINTY))
    assert "rotate(" not in deployed


def test_status_markers_use_the_book_colours() -> None:
    assert STATUS_LOOK[Status.DISRUPTED][1] == "#d7191c"  # red
    assert STATUS_LOOK[Status.STATIC_COMBAT][1] == "#1f5fbf"  # blue
    assert STATUS_LOOK[Status.HOLD_FIRE][1] == "#1a8a3c"  # green
    spec = MapSpec(3, 3, Orientation.POINTY)
    picture = BoardPicture(
        "m", spec, sides=(RED,), counters=(Counter("U", "red", spec.parse("0202"), status=tuple(Status)),)
    )
    svg = render_svg(picture)
    texts = _texts(svg)
    for status in Status:
        letters, colour, meaning = STATUS_LOOK[status]
        assert colour in svg
        assert letters in texts
        assert meaning in texts  # legend


def test_legend_lists_only_what_is_on_the_board() -> None:
    spec = MapSpec(4, 4, Orientation.POINTY)
    picture = BoardPicture("l", spec, terrain=(HexTerrain(spec.parse("0202"), "woods"),), sides=(RED,))
    texts = _texts(render_svg(picture))
    assert "Woodland" in texts and "Good going" in texts
    assert "Lake" not in texts and "Hills" not in texts and "Markers" not in texts


def test_generals_are_lone_in_the_hex_centre_or_ride_on_their_unit() -> None:
    spec = MapSpec(4, 4, Orientation.POINTY)
    picture = BoardPicture(
        "g",
        spec,
        sides=(RED,),
        counters=(Counter("U", "red", spec.parse("0202")),),
        generals=(General("A", "red", spec.parse("0202")), General("B", "red", spec.parse("0303"), hero=True)),
        show_legend=False,
    )
    svg = render_svg(picture)
    discs = re.findall(r'<circle class="general" cx="(-?[0-9.]+)" cy="(-?[0-9.]+)"', svg)
    assert len(discs) == 2
    lone = spec.center(spec.parse("0303"), picture.hex_size)
    assert any(abs(float(x) - lone[0]) < 0.01 and abs(float(y) - lone[1]) < 0.01 for x, y in discs)
    assert 'class="counters"' in svg and 'class="generals"' in svg


def test_layout_matches_the_svg_canvas() -> None:
    picture = demo_flat_picture()
    layout = board_layout(picture)
    root = ET.fromstring(render_svg(picture).encode("utf-8"))
    assert float(root.get("width", "0")) == pytest.approx(layout.width)
    assert float(root.get("height", "0")) == pytest.approx(layout.height)
    h = picture.map_spec.parse("0101")
    x, y = layout.hex_centre(h)
    assert 0 < x < layout.legend_x and 0 < y < layout.height


def test_hexgrid_corners_agree_with_centres() -> None:
    """The renderer relies on corners() being the hex around center() and shared with neighbours."""
    for orientation in Orientation:
        spec = MapSpec(5, 5, orientation)
        h = Hex(2, 2)
        c = spec.center(h, 10.0)
        corners = spec.corners(h, 10.0)
        assert all(math.hypot(x - c[0], y - c[1]) == pytest.approx(10.0) for x, y in corners)
        for k in range(6):
            theirs = spec.corners(h.neighbour(k), 10.0)
            shared = [p for p in corners if any(math.dist(p, q) < 1e-6 for q in theirs)]
            assert len(shared) == 2
