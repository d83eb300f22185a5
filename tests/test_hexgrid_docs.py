"""docs/hexgrid.md stays true: its examples run, and its pictures match what the code draws.

Regenerate the pictures after a deliberate change with ``python -m tests.test_hexgrid_docs``.
"""

from __future__ import annotations

import doctest
import importlib
import math
from collections.abc import Iterable
from pathlib import Path

import pytest

import campaign.hexgrid as hexgrid
from campaign.hexgrid import (
    Facing,
    HalfHexRule,
    Hex,
    HexPoint,
    HexSide,
    MapSpec,
    Offset,
    Orientation,
    SightLine,
    sight_line,
)

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "hexgrid.md"
IMG = ROOT / "docs" / "img"
SQRT3 = math.sqrt(3)  # the one irrational: correctly rounded, so the pictures are the same everywhere
CORNERS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))  # HexPoint 0..5, integer frame
STYLE = (
    "<style>text{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;text-anchor:middle;"
    "dominant-baseline:central;font-size:11px}.hex{stroke:#888;stroke-width:1}.s{font-size:9px;fill:#555}"
    ".big{font-size:13px}.h{font-size:13px;font-weight:bold}.p{fill:#a33}</style>"
)
FILLS = {"left": "#9ecae1", "right": "#fdae6b", "both": "#bdbdbd", "end": "#74c476", "block": "#d62728"}
SIDE_FILLS = {"front": "#74c476", "flank": "#fdd0a2", "rear": "#fb6a4a"}
MARGIN, TITLE = 20.0, 34.0


def _unit(steps: int) -> tuple[float, float]:
    """Screen unit vector at bearing 30 * steps degrees (y down), without libm's cos and sin."""
    cos = (1.0, SQRT3 / 2, 0.5, 0.0, -0.5, -SQRT3 / 2, -1.0, -SQRT3 / 2, -0.5, 0.0, 0.5, SQRT3 / 2)
    return cos[steps % 12], -cos[(steps - 3) % 12]


def _px(x: float, y: float, orientation: Orientation, size: float) -> tuple[float, float]:
    """Screen point (y down) of an integer-frame point (x = 2q + r, y = -3r, y up)."""
    if orientation is Orientation.POINTY:
        return SQRT3 / 2 * x * size, -y / 2 * size
    return (3 * x + y) / 4 * size, -SQRT3 * (y - x) / 4 * size


class Panel:
    """One titled drawing in local coordinates; remembers its extent so panels can be laid out."""

    def __init__(self, title: str, orientation: Orientation, size: float) -> None:
        self.title, self.orientation, self.size = title, orientation, size
        self.items: list[str] = []
        self.xs: list[float] = []
        self.ys: list[float] = []

    def centre(self, h: Hex) -> tuple[float, float]:
        return _px(2 * h.q + h.r, -3 * h.r, self.orientation, self.size)

    def corner(self, h: Hex, point: int, scale: float = 1.0) -> tuple[float, float]:
        cx, cy = self.centre(h)
        x, y = _px(*CORNERS[point], self.orientation, self.size)
        return cx + scale * x, cy + scale * y

    def hex(self, h: Hex, fill: str = "#fff") -> None:
        pts = [self.corner(h, p) for p in range(6)]
        self.xs += [x for x, _ in pts]
        self.ys += [y for _, y in pts]
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        self.items.append(f'<polygon class="hex" points="{points}" fill="{fill}"/>')

    def text(self, x: float, y: float, text: str, cls: str = "") -> None:
        self.xs += [x - 3.5 * len(text), x + 3.5 * len(text)]
        self.ys += [y - 7, y + 7]
        css = f' class="{cls}"' if cls else ""
        self.items.append(f'<text x="{x:.1f}" y="{y:.1f}"{css}>{text}</text>')

    def line(self, a: tuple[float, float], b: tuple[float, float], colour: str, width: float) -> None:
        self.items.append(
            f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}"'
            f' stroke="{colour}" stroke-width="{width}"/>'
        )

    def dot(self, at: tuple[float, float], radius: float, colour: str) -> None:
        self.items.append(f'<circle cx="{at[0]:.1f}" cy="{at[1]:.1f}" r="{radius}" fill="{colour}"/>')


def _svg(panels: Iterable[Panel], footer: Iterable[str] = (), footer_height: float = 0.0) -> str:
    """Lay the panels out left to right, each under its title, and wrap them in one SVG."""
    body: list[str] = []
    x, height = MARGIN, 0.0
    for p in panels:
        w = max(max(p.xs) - min(p.xs), 8.0 * len(p.title))  # a bold 13px title is about 8px a letter
        dx, dy = x + (w - max(p.xs) + min(p.xs)) / 2 - min(p.xs), TITLE - min(p.ys)
        body.append(f'<text x="{x + w / 2:.1f}" y="{TITLE / 2:.1f}" class="h">{p.title}</text>')
        body.append(f'<g transform="translate({dx:.1f},{dy:.1f})">')
        body += p.items
        body.append("</g>")
        x += w + 2 * MARGIN
        height = max(height, TITLE + max(p.ys) - min(p.ys) + MARGIN)
    width = round(x - MARGIN)
    body += [item.replace("FOOTER_Y", f"{height:.1f}").replace("MID_X", f"{width / 2:.1f}") for item in footer]
    h = round(height + footer_height)
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" viewBox="0 0 {width} {h}">'
    return "\n".join([head, STYLE, f'<rect width="{width}" height="{h}" fill="#fff"/>', *body, "</svg>"]) + "\n"


def labels_svg() -> str:
    """Two 5x4 maps: pointy-top with odd rows shifted, flat-top with even columns shifted."""
    panels = []
    for spec, title in (
        (MapSpec(5, 4, Orientation.POINTY, Offset.ODD), "pointy top, odd rows shifted right"),
        (MapSpec(5, 4, Orientation.FLAT, Offset.EVEN), "flat top, even columns shifted down"),
    ):
        p = Panel(title, spec.orientation, 30.0)
        for h in spec.hexes():
            p.hex(h)
            cx, cy = p.centre(h)
            p.text(cx, cy - 6, spec.label(h))
            p.text(cx, cy + 8, f"{h.q},{h.r}", "s")
        panels.append(p)
    return _svg(panels)


def facings_svg() -> str:
    """A pointy hex with its sides, points and 12 facings; then front/flank/rear of two facings."""
    o, centre = Orientation.POINTY, Hex(0, 0)
    p = Panel("sides, points (p0-p5) and facings 0-11", o, 90.0)
    p.hex(centre)
    for side in HexSide:
        (ax, ay), (bx, by) = (p.corner(centre, k, 1.2) for k in side.points)
        p.text((ax + bx) / 2, (ay + by) / 2, f"{int(side)} {side.name}", "big")
    for point in HexPoint:
        p.dot(p.corner(centre, point), 4, "#333")
        p.text(*p.corner(centre, point, 1.14), f"p{int(point)}", "p")
    for f in Facing:
        x, y = _unit(f)
        p.line((14 * x, 14 * y), (56 * x, 56 * y), "#2171b5" if f.is_point else "#6a51a3", 1.5)
        p.text(67 * x, 67 * y, str(int(f)), "s")
    panels = [p]
    for facing in (Facing.POINT_NE_NW, Facing.SIDE_NW):
        q = Panel(f"facing {int(facing)}: {facing.name}", o, 34.0)
        q.hex(centre, "#ddd")
        for side in HexSide:
            kind = facing.side_class(side).value
            q.hex(centre.neighbour(side), SIDE_FILLS[kind])
            q.text(*q.centre(centre.neighbour(side)), kind + ("*" if side in facing.exit_sides else ""), "s")
        x, y = _unit(facing)
        q.line((0.0, 0.0), (26 * x, 26 * y), "#000", 3)
        panels.append(q)
    footer = ['<text x="MID_X" y="FOOTER_Y">* = a front exit side (HH.MOVE.9)</text>']
    return _svg(panels, footer, 14.0)


def los_svg() -> str:
    """Three sight lines: along a hexside, through corners, across a hexside at its midpoint."""
    cases = [
        (Hex(0, 0), Hex(4, -2), (Hex(1, 0),), "along a hexside (a spine)"),
        (Hex(0, 0), Hex(7, -2), (Hex(2, 0),), "through two hex corners"),
        (Hex(0, 0), Hex(3, 1), (), "across a hexside at its midpoint"),
    ]
    panels = []
    for a, b, blockers, title in cases:
        p = Panel(title, Orientation.POINTY, 22.0)
        line = sight_line(a, b)
        left, right = set(line.left.hexes), set(line.right.hexes)
        for h in sorted({n for x in (a, b, *line.hexes) for n in x.within(1)}):
            p.hex(h, FILLS.get(_kind(h, a, b, left, right), "#fff"))
        for h in blockers:
            p.dot(p.centre(h), 8, FILLS["block"])
        p.line(p.centre(a), p.centre(b), "#000", 2)
        if blockers:
            verdicts = (f"{rule.name}: {_verdict(line, set(blockers), rule)}" for rule in HalfHexRule)
            bottom = max(p.ys)
            p.text(sum(p.xs) / len(p.xs), bottom + 12, "red dot: a blocking hex")
            p.text(sum(p.xs) / len(p.xs), bottom + 28, ", ".join(verdicts))
        panels.append(p)
    legend = (("end", "viewer and target"), ("left", "left candidate only"), ("right", "right candidate only"),
              ("both", "both candidates"))  # fmt: skip
    footer = []
    for i, (kind, text) in enumerate(legend):
        x = MARGIN + 190 * i
        footer.append(f'<rect x="{x}" y="FOOTER_Y" width="14" height="14" fill="{FILLS[kind]}" stroke="#888"/>')
        footer.append(f'<text x="{x + 20}" y="FOOTER_Y" dy="7" style="text-anchor:start">{text}</text>')
    return _svg(panels, footer, 30.0)


def _verdict(line: SightLine, blockers: set[Hex], rule: HalfHexRule) -> str:
    return "clear" if line.is_clear(lambda step: step.hex in blockers, rule) else "blocked"


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
    assert (IMG / name).read_text(encoding="utf-8") == PICTURES[name](), "run: python -m tests.test_hexgrid_docs"


def test_docs_examples_run() -> None:
    """Every >>> example in docs/hexgrid.md gives the output shown."""
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0 and result.attempted > 20


@pytest.mark.parametrize("part", ["coords", "facing", "sight", "paths"])
def test_module_examples_run(part: str) -> None:
    module = importlib.import_module(f"campaign.hexgrid.{part}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0


def test_the_package_exports_every_public_name() -> None:
    """The split by sub-job changed no import: every public name is still `campaign.hexgrid.NAME`."""
    parts = [importlib.import_module(f"campaign.hexgrid.{p}") for p in ("coords", "facing", "sight", "paths")]
    for name in hexgrid.__all__:
        assert any(getattr(part, name, None) is getattr(hexgrid, name) for part in parts), name


if __name__ == "__main__":
    IMG.mkdir(parents=True, exist_ok=True)
    for file_name, draw in PICTURES.items():
        (IMG / file_name).write_text(draw(), encoding="utf-8")
        print("wrote", IMG / file_name)
