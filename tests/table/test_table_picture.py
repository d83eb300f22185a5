"""The measured-table picture model and its SVG/PNG renderer."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET

import pytest

from campaign.picture import Marker, PictureError, Side
from campaign.picture.table import (
    AreaKind,
    LeaderFigure,
    LineKind,
    PathKind,
    PointKind,
    TableArea,
    TableLine,
    TablePicture,
    TablePoint,
    TracedPath,
    UnitFigure,
)
from campaign.render import render_png, render_svg
from campaign.render.table_svg import render_table_svg, table_size
from campaign.table import grid_rects

SIDES = (Side("a", "Scots", "#1f4e9c"), Side("b", "English", "#b22222"))


def _picture(**kw: object) -> TablePicture:
    base: dict[str, object] = dict(
        title="Turn 1",
        width_cm=120,
        depth_cm=80,
        sides=SIDES,
        areas=(
            TableArea(AreaKind.HILL, ((10, 10), (40, 10), (40, 30), (10, 30)), 1, "Knoll"),
            TableArea(AreaKind.WOODS, ((60, 50), (80, 50), (80, 70)), 0, "Wood"),
        ),
        lines=(TableLine(LineKind.STREAM, ((0, 40), (120, 42))), TableLine(LineKind.STAKES, ((10, 5), (20, 5)))),
        points=(TablePoint(PointKind.FORD, (50, 41), 90, 6),),
        units=(
            UnitFigure(
                "1 Pikes",
                "a",
                grid_rects((60, 60), -90, 3, 2, 4, 2),
                "line 3x2",
                (Marker("D", "#d7191c", "Disordered"),),
            ),
            UnitFigure("2 Knights", "b", grid_rects((60, 20), 90, 2, 1, 4, 3), "line 2x1"),
        ),
        leaders=(LeaderFigure("RB", "a", (70, 70), chief=True),),
        paths=(TracedPath(PathKind.MOVE, ((60, 10), (60, 20)), "b"),),
    )
    base.update(kw)
    return TablePicture(**base)  # type: ignore[arg-type]


def test_svg_is_well_formed_deterministic_and_shows_every_unit() -> None:
    pic = _picture()
    svg = render_svg(pic)
    assert svg == render_svg(_picture())
    root = ET.fromstring(svg)
    names = [g.get("data-name") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "unit"]
    assert names == ["1 Pikes", "2 Knights"]
    texts = "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    for word in ("Knoll", "Wood", "Disordered", "Ford", "Stakes", "Stream", "Move this phase", "RB", "line 3x2"):
        assert word in texts


def test_table_is_drawn_to_scale_with_ruler_numbers() -> None:
    """1 cm is px_per_cm pixels; the ruler numbers every grid_cm along both edges."""
    pic = _picture(px_per_cm=5.0)
    root = ET.fromstring(render_table_svg(pic))
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for n in ("0", "10", "60", "120", "80"):
        assert n in texts
    w, h = table_size(pic)
    assert w >= 120 * 5 and h >= 80 * 5
    assert float(root.get("width") or 0) == w


def test_png_goes_through_the_same_dispatch() -> None:
    data = render_png(_picture())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == tuple(round(v) for v in table_size(_picture()))


def test_ghost_units_are_outlines_without_labels() -> None:
    ghost = UnitFigure("9 Ghost", "a", grid_rects((20, 60), 0, 2, 1, 4, 2), ghost=True)
    svg = render_svg(_picture(units=(ghost,), paths=(TracedPath(PathKind.PLANNED, ((10, 60), (20, 60)), "a"),)))
    assert "9 Ghost" not in svg.split("<desc>")[1].split("</desc>")[1].replace('data-name="9 Ghost"', "")
    assert 'stroke-dasharray="3,2"' in svg and "Planned move (CHECK)" in svg


def test_picture_problems_are_all_reported() -> None:
    with pytest.raises(PictureError) as err:
        _picture(
            width_cm=0,
            units=(UnitFigure("x", "zz", ()),),
            lines=(TableLine(LineKind.ROAD, ((0, 0),)),),
            leaders=(LeaderFigure("L", "qq", (1, 1)),),
        )
    text = str(err.value)
    for bit in ("table size", "unknown side 'zz'", "has no stands", "two points", "unknown side 'qq'"):
        assert bit in text
