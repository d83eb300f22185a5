"""docs/hexgrid.md stays true: its examples run, and its pictures match what the code draws.

Regenerate the pictures after a deliberate change with ``python -m tests.test_hexgrid_docs``.
"""

from __future__ import annotations

import doctest
import math
from collections.abc import Iterable
from pathlib import Path

import pytest

import campaign.hexgrid as hexgrid
from campaign.hexgrid import Facing, HalfHexRule, Hex, HexPoint, HexSide, MapSpec, Offset, Orientation, sight_line

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "hexgrid.md"
IMG = ROOT / "docs" / "img"
SQRT3 = math.sqrt(3)  # the one irrational: correctly rounded, so the pictures are the same everywhere
CORNERS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))  # HexPoint 0..5, integer frame
STYLE = (
    "<style>text{font-family:sans-serif;text-anchor:middle;dominant-baseline:central}"
    ".hex{fill:#fff;stroke:#888;stroke-width:1}.t{font-size:11px}.s{font-size:9px;fill:#555}"
    ".big{font-size:14px}.h{font-size:13px;font-weight:bold}</style>"
)
FILLS = {"left": "#9ecae1", "right": "#fdae6b", "both": "#bdbdbd", "end": "#74c476", "block": "#d62728"}


def _unit(steps: int) -> tuple[float, float]:
    """Screen unit vector at bearing 30 * steps degrees (y down), without libm's cos and sin."""
    cos = (1.0, SQRT3 / 2, 0.5, 0.0, -0.5, -SQRT3 / 2, -1.0, -SQRT3 / 2, -0.5, 0.0, 0.5, SQRT3 / 2)
    return cos[steps % 12], -cos[(steps - 3) % 12]


def _px(x: float, y: float, orientation: Orientation, size: float) -> tuple[float, float]:
    """Screen point (y down) of an integer-frame point (x = 2q + r, y = -3r, y up)."""
    if orientation is Orientation.POINTY:
        return SQRT3 / 2 * x * size, -y / 2 * size
    return (3 * x + y) / 4 * size, -SQRT3 * (y - x) / 4 * size


def _centre(h: Hex, orientation: Orientation, size: float, ox: float, oy: float) -> tuple[float, float]:
    x, y = _px(2 * h.q + h.r, -3 * h.r, orientation, size)
    return ox + x, oy + y


def _points(h: Hex, orientation: Orientation, size: float, ox: float, oy: float) -> str:
    fx, fy = 2 * h.q + h.r, -3 * h.r
    pts = (_px(fx + dx, fy + dy, orientation, size) for dx, dy in CORNERS)
    return " ".join(f"{ox + x:.1f},{oy + y:.1f}" for x, y in pts)


def _hex(h: Hex, o: Orientation, size: float, ox: float, oy: float, fill: str = "#fff") -> str:
    return f'<polygon class="hex" points="{_points(h, o, size, ox, oy)}" style="fill:{fill}"/>'


def _text(x: float, y: float, text: str, cls: str = "t", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" class="{cls}"{extra}>{text}</text>'


def _svg(width: int, height: int, body: Iterable[str]) -> str:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    return "\n".join([head, STYLE, f'<rect width="{width}" height="{height}" fill="#fff"/>', *body, "</svg>"]) + "\n"


def labels_svg() -> str:
    """Two 5x4 maps: pointy-top with odd rows shifted, flat-top with even columns shifted."""
    out: list[str] = []
    for spec, ox, title in (
        (MapSpec(5, 4, Orientation.POINTY, Offset.ODD), 40.0, "pointy top, odd rows shifted"),
        (MapSpec(5, 4, Orientation.FLAT, Offset.EVEN), 400.0, "flat top, even columns shifted"),
    ):
        size = 30.0
        out.append(_text(ox + 130, 18, title, "h"))
        oy = 60.0 if spec.orientation is Orientation.POINTY else 70.0
        for h in spec.hexes():
            out.append(_hex(h, spec.orientation, size, ox, oy))
            cx, cy = _centre(h, spec.orientation, size, ox, oy)
            out.append(_text(cx, cy - 6, spec.label(h)))
            out.append(_text(cx, cy + 8, f"{h.q},{h.r}", "s"))
    return _svg(720, 270, out)


def facings_svg() -> str:
    """A pointy hex with its sides, points and 12 facings; then front/flank/rear of two facings."""
    o, out = Orientation.POINTY, []
    size, ox, oy = 90.0, 140.0, 150.0
    out.append(_text(ox, 18, "sides (outside), points (corners), facings 0-11", "h"))
    out.append(_hex(Hex(0, 0), o, size, ox, oy))
    for side in HexSide:
        (ax, ay), (bx, by) = (_px(*CORNERS[p], o, size) for p in side.points)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        out.append(_text(ox + mx * 1.22, oy + my * 1.22, f"{int(side)} {side.name}", "big"))
    for point in HexPoint:
        x, y = _px(*CORNERS[point], o, size)
        out.append(f'<circle cx="{ox + x:.1f}" cy="{oy + y:.1f}" r="4" fill="#333"/>')
        out.append(_text(ox + x * 1.12, oy + y * 1.12, f"p{int(point)}", "t", ' style="fill:#a33"'))
    for f in Facing:
        x, y = _unit(f)
        out.append(
            f'<line x1="{ox + 14 * x:.1f}" y1="{oy + 14 * y:.1f}" x2="{ox + 56 * x:.1f}" y2="{oy + 56 * y:.1f}"'
            f' stroke="{"#2171b5" if f.is_point else "#6a51a3"}" stroke-width="1.5"/>'
        )
        out.append(_text(ox + 66 * x, oy + 66 * y, str(int(f)), "s"))
    colours = {"front": "#74c476", "flank": "#fdd0a2", "rear": "#fb6a4a"}
    for facing, px in ((Facing.POINT_NE_NW, 420.0), (Facing.SIDE_NW, 620.0)):
        size2, py = 34.0, 150.0
        centre = Hex(0, 0)
        out.append(_text(px, 18, f"facing {int(facing)} ({facing.name})", "h"))
        out.append(_hex(centre, o, size2, px, py, "#ddd"))
        for side in HexSide:
            n = centre.neighbour(side)
            kind = facing.side_class(side).value
            out.append(_hex(n, o, size2, px, py, colours[kind]))
            cx, cy = _centre(n, o, size2, px, py)
            exit_mark = "*" if side in facing.exit_sides else ""
            out.append(_text(cx, cy, f"{kind}{exit_mark}", "s"))
        ux, uy = _unit(facing)
        out.append(
            f'<line x1="{px:.1f}" y1="{py:.1f}" x2="{px + 26 * ux:.1f}" y2="{py + 26 * uy:.1f}"'
            ' stroke="#000" stroke-width="3"/>'
        )
    out.append(_text(520, 280, "* = front exit side (HH.MOVE.9)", "t"))
    return _svg(740, 300, out)


def los_svg() -> str:
    """Three sight lines: along a hexside, through corners, across a hexside at its midpoint."""
    o, size, out = Orientation.POINTY, 22.0, []
    cases = [
        (Hex(0, 0), Hex(4, -2), (Hex(1, 0),), "along a hexside (spine)"),
        (Hex(0, 0), Hex(7, -2), (Hex(2, 0),), "through two corners"),
        (Hex(0, 0), Hex(3, 1), (), "across a hexside midpoint"),
    ]
    ox = 30.0
    for a, b, blockers, title in cases:
        line = sight_line(a, b)
        left, right = set(line.left.hexes), set(line.right.hexes)
        oy = 120.0
        out.append(_text(ox + 120, 18, title, "h"))
        shown = {n for x in (a, b, *line.hexes) for n in x.within(1)}
        for h in sorted(shown):
            out.append(_hex(h, o, size, ox, oy, FILLS.get(_kind(h, a, b, left, right), "#fff")))
        for h in blockers:
            cx, cy = _centre(h, o, size, ox, oy)
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="8" fill="{FILLS["block"]}"/>')
        (x1, y1), (x2, y2) = _centre(a, o, size, ox, oy), _centre(b, o, size, ox, oy)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#000" stroke-width="2"/>')
        if blockers:
            verdicts = [
                f"{rule.name}: {'clear' if line.is_clear(lambda s: s.hex in blockers, rule) else 'blocked'}"
                for rule in HalfHexRule
            ]
            out.append(_text(ox + 120, 232, "red dot blocks", "t"))
            out.append(_text(ox + 120, 248, "  ".join(verdicts), "t"))
        ox += 260.0
    legend = (("left", "left candidate only"), ("right", "right candidate only"), ("both", "both candidates"))
    for i, (kind, text) in enumerate(legend):
        out.append(f'<rect x="{40 + 190 * i}" y="268" width="14" height="14" fill="{FILLS[kind]}" stroke="#888"/>')
        out.append(_text(40 + 190 * i + 80, 275, text, "t"))
    return _svg(790, 295, out)


def _kind(h: Hex, a: Hex, b: Hex, left: set[Hex], right: set[Hex]) -> str:
    if h in (a, b):
        return "end"
    if h in left and h in right:
        return "both"
    return "left" if h in left else "right" if h in right else ""


PICTURES = {"hexgrid-labels.svg": labels_svg, "hexgrid-facings.svg": facings_svg, "hexgrid-los.svg": los_svg}


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_docs_pictures_match_the_code(name: str) -> None:
    """Each picture in docs/img is what the code draws today (rerun this module to refresh)."""
    assert (IMG / name).read_text(encoding="utf-8") == PICTURES[name](), f"run: python -m tests.test_hexgrid_docs"


def test_docs_examples_run() -> None:
    """Every >>> example in docs/hexgrid.md gives the output shown."""
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0 and result.attempted > 20


def test_module_examples_run() -> None:
    result = doctest.testmod(hexgrid, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0


if __name__ == "__main__":
    IMG.mkdir(parents=True, exist_ok=True)
    for file_name, draw in PICTURES.items():
        (IMG / file_name).write_text(draw(), encoding="utf-8")
        print("wrote", IMG / file_name)
