"""Draw a :class:`TablePicture` (a measured table) as a self-contained, deterministic SVG.

The table is drawn to scale (``px_per_cm``) with a grid every ``grid_cm`` and ruler numbers on
its edges, Player A's baseline (``y = 0``) at the bottom. Terrain is painted in colour *and*
pattern; each unit is drawn as its stands, with a light bar on every stand's front edge so the
facing reads at a glance, and its name, formation and markers behind it. Equal pictures give
byte-identical SVG.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from campaign.picture import Side
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
from campaign.render.svgbase import BACKGROUND, MUTED, OUTLINE, TEXT, _esc, _n, _text
from campaign.render.typeface import CSS_FONT_FAMILY, text_width
from campaign.table.frame import Vec
from campaign.table.rect import Rect

__all__ = ["AREA_LOOK", "LINE_LOOK", "render_table_svg", "table_size"]

AREA_LOOK: dict[AreaKind, tuple[str, str, str, str]] = {
    AreaKind.FIELD: ("#e9e4c4", "#8a7f45", "", "Field"),
    AreaKind.HILL: ("#e2cfa2", "#8a6a2f", "", "Hill (contour per level)"),
    AreaKind.ROUGH: ("#ddd3b8", "#8a7b5a", "rough", "Rough ground"),
    AreaKind.MARSH: ("#c3cc9b", "#56662d", "marsh", "Marsh (poor going)"),
    AreaKind.WOODS: ("#9cc48a", "#2f6b2a", "woods", "Woods (poor going)"),
    AreaKind.DENSE: ("#5f9752", "#1d4a1a", "dense", "Dense woods"),
    AreaKind.RIVER: ("#8fbde0", "#2a6aa0", "water", "River"),
    AreaKind.BUILDING: ("#8b6d5c", "#3e2c22", "", "Building"),
    AreaKind.FORTIFICATION: ("#c9b79a", "#8c2d19", "", "Fortification"),
    AreaKind.CAMP: ("#f3ecd6", "#555555", "", "Camp"),
    AreaKind.IMPASSABLE: ("#a7a39b", "#4a4741", "hatch", "Impassable"),
}
"""Fill, ink, pattern id and legend wording of each terrain area kind."""

LINE_LOOK: dict[LineKind, tuple[str, str]] = {
    LineKind.ROAD: ("#c8a86a", "Road"),
    LineKind.STREAM: ("#2a6aa0", "Stream"),
    LineKind.HEDGE: ("#2f5a1f", "Hedge or fence"),
    LineKind.DITCH: ("#6b4a23", "Ditch or pits"),
    LineKind.STAKES: ("#5b3b1a", "Stakes"),
}
"""Colour and legend wording of each linear feature."""

_AREA_ORDER = [
    AreaKind.FIELD,
    AreaKind.HILL,
    AreaKind.ROUGH,
    AreaKind.MARSH,
    AreaKind.RIVER,
    AreaKind.WOODS,
    AreaKind.DENSE,
    AreaKind.CAMP,
    AreaKind.IMPASSABLE,
    AreaKind.FORTIFICATION,
    AreaKind.BUILDING,
]
_LINE_ORDER = [LineKind.ROAD, LineKind.STREAM, LineKind.DITCH, LineKind.HEDGE, LineKind.STAKES]
_GRID = "#b9b29c"
_HILL_SHADES = ("#e6d3a3", "#d2b67c", "#bd9a58", "#a67f3f")
"""Hill fill by contour level 1, 2, 3, 4+."""
_COMPULSORY = "#5a5a5a"
_GOLD = "#e3b100"


def _el(tag: str, **attrs: object) -> str:
    """One empty SVG element; ``stroke_width=2`` is written ``stroke-width="2"``, floats with
    two decimals at most."""
    parts = []
    for key, value in attrs.items():
        text = _n(value) if isinstance(value, float) else str(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{_esc(text)}"')
    return f"<{tag} {' '.join(parts)}/>"


class _Frame:
    """Table centimetres to SVG pixels: ``y`` flipped so Player A's baseline is at the bottom."""

    def __init__(self, p: TablePicture) -> None:
        self.s = p.px_per_cm
        self.margin = max(28.0, 5.0 * self.s)
        self.title_h = 46.0 if p.subtitle else 32.0
        self.left = self.margin
        self.top = self.title_h + self.margin
        self.w = p.width_cm * self.s
        self.h = p.depth_cm * self.s
        self.depth = p.depth_cm
        self.font = max(12.0, 2.6 * self.s)

    def pt(self, p: Vec) -> tuple[float, float]:
        return self.left + p[0] * self.s, self.top + (self.depth - p[1]) * self.s

    def path(self, pts: Sequence[Vec], close: bool = False) -> str:
        body = " ".join(f"{'M' if i == 0 else 'L'}{_n(x)},{_n(y)}" for i, (x, y) in enumerate(map(self.pt, pts)))
        return body + (" Z" if close else "")


def _defs(s: float) -> list[str]:
    """Terrain patterns, sized in table centimetres."""
    c = 3.0 * s
    return [
        "<defs>",
        f'<pattern id="pat-woods" width="{_n(c)}" height="{_n(c)}" patternUnits="userSpaceOnUse">'
        f'<circle cx="{_n(c / 4)}" cy="{_n(c / 4)}" r="{_n(c / 6)}" fill="#2f6b2a" opacity="0.7"/>'
        f'<circle cx="{_n(3 * c / 4)}" cy="{_n(3 * c / 4)}" r="{_n(c / 6)}" fill="#2f6b2a" opacity="0.7"/></pattern>',
        f'<pattern id="pat-dense" width="{_n(c / 1.6)}" height="{_n(c / 1.6)}" patternUnits="userSpaceOnUse">'
        f'<circle cx="{_n(c / 3.2)}" cy="{_n(c / 3.2)}" r="{_n(c / 6)}" fill="#123512" opacity="0.8"/></pattern>',
        f'<pattern id="pat-marsh" width="{_n(c)}" height="{_n(c / 2)}" patternUnits="userSpaceOnUse">'
        f'<path d="M{_n(c / 4)},{_n(c / 2.5)} l{_n(c / 10)},-{_n(c / 4)} M{_n(c / 2.2)},{_n(c / 2.5)} '
        f'l0,-{_n(c / 3.5)} M{_n(c * 0.6)},{_n(c / 2.5)} l-{_n(c / 10)},-{_n(c / 4)}" stroke="#56662d" '
        f'stroke-width="{_n(max(0.8, s / 5))}" fill="none"/></pattern>',
        f'<pattern id="pat-rough" width="{_n(c / 1.5)}" height="{_n(c / 1.5)}" patternUnits="userSpaceOnUse">'
        f'<circle cx="{_n(c / 6)}" cy="{_n(c / 5)}" r="{_n(max(0.8, s / 5))}" fill="#8a7b5a"/>'
        f'<circle cx="{_n(c / 2.2)}" cy="{_n(c / 2.1)}" r="{_n(max(0.8, s / 5))}" fill="#8a7b5a"/></pattern>',
        f'<pattern id="pat-water" width="{_n(c)}" height="{_n(c / 2)}" patternUnits="userSpaceOnUse">'
        f'<path d="M0,{_n(c / 4)} q{_n(c / 4)},-{_n(c / 8)} {_n(c / 2)},0 t{_n(c / 2)},0" stroke="#e8f3fb" '
        f'stroke-width="{_n(max(0.8, s / 5))}" fill="none"/></pattern>',
        f'<pattern id="pat-hatch" width="{_n(c / 2)}" height="{_n(c / 2)}" patternUnits="userSpaceOnUse">'
        f'<path d="M0,0 L{_n(c / 2)},{_n(c / 2)} M{_n(c / 2)},0 L0,{_n(c / 2)}" stroke="#4a4741" '
        f'stroke-width="{_n(max(0.8, s / 6))}"/></pattern>',
        "</defs>",
    ]


def _grid(p: TablePicture, fr: _Frame) -> list[str]:
    """The table cloth, grid lines, ruler numbers and ticks every 2 cm on the edges."""
    out = [f'<rect x="{_n(fr.left)}" y="{_n(fr.top)}" width="{_n(fr.w)}" height="{_n(fr.h)}" fill="#eef0dc"/>']
    out.append('<g class="grid">')
    size = fr.font * 0.8
    x = 0
    while x <= p.width_cm + 1e-9:
        a, b = fr.pt((x, 0)), fr.pt((x, p.depth_cm))
        out.append(_el("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke=_GRID, stroke_width=0.6))
        out.append(_text(a[0], a[1] + size + 4, str(x), size, MUTED))
        x += p.grid_cm
    y = 0
    while y <= p.depth_cm + 1e-9:
        a, b = fr.pt((0, y)), fr.pt((p.width_cm, y))
        out.append(_el("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke=_GRID, stroke_width=0.6))
        out.append(_text(a[0] - 4, a[1] + size / 3, str(y), size, MUTED, anchor="end"))
        y += p.grid_cm
    ticks: list[str] = []
    for x2 in range(0, int(p.width_cm) + 1, 2):
        a = fr.pt((x2, 0))
        c = fr.pt((x2, p.depth_cm))
        ticks.append(f"M{_n(a[0])},{_n(a[1])} l0,-{_n(fr.s * 0.8)} M{_n(c[0])},{_n(c[1])} l0,{_n(fr.s * 0.8)}")
    for y2 in range(0, int(p.depth_cm) + 1, 2):
        a = fr.pt((0, y2))
        c = fr.pt((p.width_cm, y2))
        ticks.append(f"M{_n(a[0])},{_n(a[1])} l{_n(fr.s * 0.8)},0 M{_n(c[0])},{_n(c[1])} l-{_n(fr.s * 0.8)},0")
    out.append(f'<path d="{" ".join(ticks)}" stroke="{MUTED}" stroke-width="0.8" fill="none"/>')
    out.append("</g>")
    return out


def _area(a: TableArea, fr: _Frame, sides: dict[str, Side]) -> list[str]:
    fill, ink, pattern, _ = AREA_LOOK[a.kind]
    d = fr.path(a.points, close=True)
    if a.kind is AreaKind.HILL:
        fill = _HILL_SHADES[min(max(a.level, 1), len(_HILL_SHADES)) - 1]
    out = []
    if a.kind is AreaKind.CAMP:
        colour = sides[a.side].colour if a.side in sides else ink
        out.append(
            f'<path d="{d}" fill="{fill}" stroke="{colour}" stroke-width="{_n(fr.s * 0.5)}" '
            f'stroke-dasharray="{_n(fr.s)},{_n(fr.s * 0.6)}"/>'
        )
    else:
        width = fr.s * {AreaKind.FORTIFICATION: 0.45, AreaKind.HILL: 0.3}.get(a.kind, 0.18)
        out.append(f'<path d="{d}" fill="{fill}" stroke="{ink}" stroke-width="{_n(width)}"/>')
    if pattern:
        out.append(f'<path d="{d}" fill="url(#pat-{pattern})" stroke="none"/>')
    return out


def _area_label(a: TableArea, fr: _Frame) -> list[str]:
    """An area's name in italics at its vertex mean, over everything but units."""
    ink = AREA_LOOK[a.kind][1]
    out: list[str] = []
    if a.label:
        cx = sum(q[0] for q in a.points) / len(a.points)
        cy = sum(q[1] for q in a.points) / len(a.points)
        x, y = fr.pt((cx, cy))
        out.append(
            _text(x, y, a.label, fr.font * 0.85, ink, halo="#ffffff", halo_width=2.5, extra='font-style="italic"')
        )
    return out


def _line(line: TableLine, fr: _Frame) -> list[str]:
    colour, _ = LINE_LOOK[line.kind]
    d = fr.path(line.points)
    s = fr.s
    if line.kind is LineKind.ROAD:
        w = max(line.width, 2.0) * s
        return [
            f'<path d="{d}" fill="none" stroke="#8c7442" stroke-width="{_n(w + 1.5)}" stroke-linecap="round" '
            f'stroke-linejoin="round"/>',
            f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(w)}" stroke-linecap="round" '
            f'stroke-linejoin="round"/>',
        ]
    if line.kind is LineKind.STREAM:
        return [
            f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(max(2.0, 0.7 * s))}" '
            f'stroke-linecap="round" stroke-linejoin="round"/>'
        ]
    if line.kind is LineKind.DITCH:
        return [
            f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(0.6 * s)}" '
            f'stroke-dasharray="{_n(s)},{_n(0.5 * s)}"/>'
        ]
    if line.kind is LineKind.HEDGE:
        return [
            f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(0.8 * s)}" stroke-linecap="round"/>',
            f'<path d="{d}" fill="none" stroke="#7fb069" stroke-width="{_n(0.3 * s)}" '
            f'stroke-dasharray="{_n(0.4 * s)},{_n(0.6 * s)}"/>',
        ]
    return [
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(0.3 * s)}"/>',
        _spikes(line.points, fr, colour),
    ]


def _line_label(line: TableLine, fr: _Frame) -> list[str]:
    """A linear feature's name at the middle of its middle segment."""
    if not line.label:
        return []
    k = (len(line.points) - 1) // 2
    a, b = line.points[k], line.points[k + 1]
    x, y = fr.pt(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    colour = LINE_LOOK[line.kind][0]
    return [
        _text(x, y - 4, line.label, fr.font * 0.8, colour, halo="#ffffff", halo_width=2.5, extra='font-style="italic"')
    ]


def _spikes(points: Sequence[Vec], fr: _Frame, colour: str) -> str:
    """Stakes: short spikes every cm along the line, leaning to its left."""
    parts: list[str] = []
    for a, b in zip(points, points[1:], strict=False):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length == 0:
            continue
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        for i in range(int(length) + 1):
            base = (a[0] + ux * i, a[1] + uy * i)
            tip = (base[0] - uy * 1.0 + ux * 0.4, base[1] + ux * 1.0 + uy * 0.4)
            p, q = fr.pt(base), fr.pt(tip)
            parts.append(f"M{_n(p[0])},{_n(p[1])} L{_n(q[0])},{_n(q[1])}")
    return f'<path d="{" ".join(parts)}" stroke="{colour}" stroke-width="{_n(max(1.0, 0.25 * fr.s))}" fill="none"/>'


def _point(t: TablePoint, fr: _Frame) -> list[str]:
    a = math.radians(t.angle)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    hl, hw = t.length / 2, t.width / 2
    corners = [
        (t.at[0] + ux * hl + px * hw, t.at[1] + uy * hl + py * hw),
        (t.at[0] - ux * hl + px * hw, t.at[1] - uy * hl + py * hw),
        (t.at[0] - ux * hl - px * hw, t.at[1] - uy * hl - py * hw),
        (t.at[0] + ux * hl - px * hw, t.at[1] + uy * hl - py * hw),
    ]
    d = fr.path(corners, close=True)
    if t.kind is PointKind.BRIDGE:
        return [f'<path d="{d}" fill="#a0743f" stroke="#4a3015" stroke-width="{_n(0.35 * fr.s)}"/>']
    return [
        f'<path d="{d}" fill="#cfe3ef" stroke="#6f9fc0" stroke-width="{_n(0.2 * fr.s)}" '
        f'stroke-dasharray="{_n(0.6 * fr.s)},{_n(0.4 * fr.s)}"/>'
    ]


def _unit(u: UnitFigure, fr: _Frame, side: Side, placed: list[_Box]) -> list[str]:
    out = [f'<g class="unit" data-name="{_esc(u.name)}">']
    for r in u.stands:
        k = r.corners()
        d = fr.path([k.fl, k.fr, k.rr, k.rl], close=True)
        if u.ghost:
            out.append(f'<path d="{d}" fill="none" stroke="{side.colour}" stroke-width="1.6" stroke-dasharray="3,2"/>')
            continue
        out.append(f'<path d="{d}" fill="{side.colour}" stroke="{OUTLINE}" stroke-width="1"/>')
        inset = min(0.35, r.depth / 5)
        f = r.f
        a = (k.fl[0] - f[0] * inset + r.r[0] * inset, k.fl[1] - f[1] * inset + r.r[1] * inset)
        b = (k.fr[0] - f[0] * inset - r.r[0] * inset, k.fr[1] - f[1] * inset - r.r[1] * inset)
        (x1, y1), (x2, y2) = fr.pt(a), fr.pt(b)
        out.append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{side.ink}" '
            f'stroke-width="{_n(max(1.5, 0.45 * fr.s))}" stroke-linecap="round"/>'
        )
    if not u.ghost:
        out.extend(_unit_label(u, fr, side, placed))
    out.append("</g>")
    return out


_Box = tuple[float, float, float, float]


def _stand_box(r: Rect, fr: _Frame) -> _Box:
    """A stand's extent on the canvas (labels keep off it)."""
    pts = [fr.pt(q) for q in r.corners()]
    return (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))


def _unit_label(u: UnitFigure, fr: _Frame, side: Side, placed: list[_Box]) -> list[str]:
    """Name (and formation, markers) behind the unit, upright for reading; moved further back, or
    in front, when it would cover a label already drawn."""
    cx = sum(r.cx for r in u.stands) / len(u.stands)
    cy = sum(r.cy for r in u.stands) / len(u.stands)
    f = u.stands[0].f
    back = max(-(q[0] - cx) * f[0] - (q[1] - cy) * f[1] for r in u.stands for q in r.corners())
    name = u.name + (f" -{u.lost}" if u.lost else "")
    size = fr.font
    chips = [max(size * 0.9, text_width(m.text, size * 0.7, bold=True) + size * 0.3) for m in u.markers]
    half = max(text_width(name, size, bold=True), text_width(u.formation, size * 0.72)) / 2
    width = 2 * half + sum(w + size * 0.15 for w in chips) + (size * 0.35 if chips else 0)
    tall = size * (1.9 if u.formation else 1.0)
    base = back + 0.4 + 1.2 * fr.font / fr.s
    step = tall / fr.s
    ahead = back + 0.6 + 0.9 * fr.font / fr.s
    tries = [base, -ahead, base + step / 2, -ahead - step / 2]
    choice = None
    for gap in tries:
        x, y = fr.pt((cx - f[0] * gap, cy - f[1] * gap))
        box = (x - half, y - size * 0.7, x - half + width, y - size * 0.7 + tall)
        if not any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3] for o in placed):
            choice = (x, y, box)
            break
    if choice is None:
        return _label_on_unit(u, name, fr, (cx, cy))
    x, y, box = choice
    placed.append(box)
    out = [_text(x, y + size / 3, name, size, TEXT, bold=True, halo="#ffffff", halo_width=3)]
    if u.formation:
        out.append(
            _text(x, y + size / 3 + size * 0.95, u.formation, size * 0.72, MUTED, halo="#ffffff", halo_width=2.5)
        )
    cx0 = x + text_width(name, size, bold=True) / 2 + size * 0.35
    for m, w in zip(u.markers, chips, strict=True):
        out.append(
            _el(
                "rect",
                x=cx0,
                y=y - size * 0.45,
                width=w,
                height=size * 0.9,
                rx=size * 0.2,
                fill=m.colour,
                stroke=OUTLINE,
                stroke_width=0.6,
            )
        )
        out.append(_text(cx0 + w / 2, y + size * 0.25, m.text, size * 0.7, m.ink, bold=True))
        cx0 += w + size * 0.15
    return out


def _label_on_unit(u: UnitFigure, name: str, fr: _Frame, centre: Vec) -> list[str]:
    """Where there is no room around a unit: its name (and marker letters) on the unit itself,
    white on a dark halo, shrunk to the unit's frontage."""
    x, y = fr.pt(centre)
    text = name + "".join(f" {m.text}" for m in u.markers)
    frontage = max(r.width for r in u.stands) * fr.s * max(1, len({round(r.cx * 7 + r.cy * 3) for r in u.stands}) // 2)
    size = max(9.0, min(fr.font * 0.8, fr.font * 0.8 * frontage / max(1.0, text_width(text, fr.font * 0.8, bold=True))))
    return [_text(x, y + size / 3, text, size, "#ffffff", bold=True, halo="#1a1a1a", halo_width=2.5)]


def _leader(g: LeaderFigure, fr: _Frame, side: Side) -> list[str]:
    x, y = fr.pt(g.at)
    r = max(7.0, 1.3 * fr.s)
    out = []
    if g.chief:
        out.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r + 2.5)}" fill="none" stroke="{OUTLINE}" stroke-width="1.2"/>'
        )
    out.append(
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{side.colour}" stroke="{_GOLD}" stroke-width="2"/>'
    )
    out.append(_text(x, y + r * 0.35, g.name, r * 0.95, side.ink, bold=True))
    return out


def _path(t: TracedPath, fr: _Frame, sides: dict[str, Side]) -> list[str]:
    colour = _COMPULSORY if t.kind is PathKind.COMPULSORY else (sides[t.side].colour if t.side in sides else TEXT)
    dash = _PATH_DASH[t.kind]
    d = fr.path(t.points)
    out = [
        f'<path d="{d}" fill="none" stroke="#ffffff" stroke-width="4.5" stroke-linecap="round" '
        f'stroke-linejoin="round" opacity="0.8"/>',
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="2.2" stroke-dasharray="{dash}" '
        f'stroke-linecap="round" stroke-linejoin="round"/>',
    ]
    (x1, y1), (x2, y2) = fr.pt(t.points[-2]), fr.pt(t.points[-1])
    ang = math.atan2(y2 - y1, x2 - x1)
    h = 9.0
    left = (x2 - h * math.cos(ang - 0.45), y2 - h * math.sin(ang - 0.45))
    right = (x2 - h * math.cos(ang + 0.45), y2 - h * math.sin(ang + 0.45))
    out.append(
        f'<path d="M{_n(x2)},{_n(y2)} L{_n(left[0])},{_n(left[1])} L{_n(right[0])},{_n(right[1])} Z" fill="{colour}"/>'
    )
    if t.label:
        out.append(
            _text((x1 + x2) / 2, (y1 + y2) / 2 - 4, t.label, fr.font * 0.75, colour, halo="#ffffff", halo_width=2.5)
        )
    return out


_Swatch = Callable[[float, float], list[str]]


def _box_swatch(fill: str, stroke: str, height: float = 12.0, pattern: str = "", bar: str = "") -> _Swatch:
    """A small filled box (side colour, terrain), with an optional pattern or front bar."""

    def draw(x: float, y: float) -> list[str]:
        box = dict(x=x - 9, y=y - height / 2, width=18.0, height=height)
        out = [_el("rect", **box, fill=fill, stroke=stroke)]
        if pattern:
            out.append(_el("rect", **box, fill=f"url(#pat-{pattern})"))
        if bar:
            out.append(_el("line", x1=x - 7, y1=y - 3, x2=x + 7, y2=y - 3, stroke=bar, stroke_width=2))
        return out

    return draw


def _line_swatch(colour: str, dash: str = "", width: float = 3.0) -> _Swatch:
    """A short line (linear terrain, paths)."""

    def draw(x: float, y: float) -> list[str]:
        extra = {"stroke_dasharray": dash} if dash else {}
        return [_el("line", x1=x - 9, y1=y, x2=x + 9, y2=y, stroke=colour, stroke_width=width, **extra)]

    return draw


def _chip_swatch(text: str, colour: str, ink: str) -> _Swatch:
    """A marker chip."""

    def draw(x: float, y: float) -> list[str]:
        chip = _el("rect", x=x - 8, y=y - 6, width=16, height=12, rx=2, fill=colour, stroke=OUTLINE, stroke_width=0.6)
        return [chip, _text(x, y + 4, text, 9, ink, bold=True)]

    return draw


def _disc_swatch(x: float, y: float) -> list[str]:
    """A leader disc."""
    return [_el("circle", cx=x, cy=y, r=6, fill="#777777", stroke=_GOLD, stroke_width=2)]


_PATH_DASH = {
    PathKind.MOVE: "7,4",
    PathKind.COMPULSORY: "4,3",
    PathKind.PLANNED: "2,3",
    PathKind.SHOT: "9,3,2,3",
    PathKind.CHARGE: "none",
}
_PATH_LABEL = {
    PathKind.MOVE: "Move this phase",
    PathKind.COMPULSORY: "Compulsory move",
    PathKind.PLANNED: "Planned move (CHECK)",
    PathKind.SHOT: "Shot this phase",
    PathKind.CHARGE: "Charge",
}


def _legend_entries(p: TablePicture) -> list[tuple[str, _Swatch]]:
    """What the legend lists: sides, then only the terrain, paths and markers on the table."""
    out: list[tuple[str, _Swatch]] = [(s.name, _box_swatch(s.colour, OUTLINE, 10.0, bar=s.ink)) for s in p.sides]
    for k in _AREA_ORDER:
        if any(a.kind is k for a in p.areas):
            fill, ink, pattern, label = AREA_LOOK[k]
            out.append((label, _box_swatch(fill, ink, pattern=pattern)))
    for lk in _LINE_ORDER:
        if any(line.kind is lk for line in p.lines):
            colour, label = LINE_LOOK[lk]
            out.append((label, _line_swatch(colour)))
    for pk, label, fill in ((PointKind.FORD, "Ford", "#cfe3ef"), (PointKind.BRIDGE, "Bridge", "#a0743f")):
        if any(t.kind is pk for t in p.points):
            out.append((label, _box_swatch(fill, "#4a3015", 8.0)))
    if p.leaders:
        out.append(("Leader", _disc_swatch))
    for path_kind in PathKind:
        if any(t.kind is path_kind for t in p.paths):
            out.append((_PATH_LABEL[path_kind], _line_swatch(TEXT, _PATH_DASH[path_kind], 2.0)))
    seen: dict[str, tuple[str, str, str]] = {}
    for u in p.units:
        for m in u.markers:
            seen.setdefault(m.text, (m.colour, m.ink, m.meaning))
    for text in sorted(seen):
        colour, ink, meaning = seen[text]
        out.append((meaning, _chip_swatch(text, colour, ink)))
    return out


def _legend(p: TablePicture, fr: _Frame, top: float) -> tuple[list[str], float]:
    """Legend rows flowing left to right under the table; returns the markup and its height."""
    entries = _legend_entries(p)
    if not p.show_legend or not entries:
        return [], 0.0
    size = 12.0
    row = 20.0
    x, y = fr.left, top + row / 2
    out = ['<g class="legend">']
    for label, draw in entries:
        w = 26 + text_width(label, size) + 18
        if x + w > fr.left + fr.w and x > fr.left:
            x, y = fr.left, y + row
        out.extend(draw(x + 9, y))
        out.append(_text(x + 24, y + size / 3, label, size, anchor="start"))
        x += w
    out.append("</g>")
    return out, y + row / 2 - top


def table_size(p: TablePicture) -> tuple[float, float]:
    """The SVG canvas size in pixels (the PNG's at scale 1)."""
    fr = _Frame(p)
    _, legend_h = _legend(p, fr, fr.top + fr.h + fr.margin)
    return fr.left + fr.w + fr.margin, fr.top + fr.h + fr.margin + legend_h + 8


def render_table_svg(p: TablePicture) -> str:
    """The picture as SVG text."""
    fr = _Frame(p)
    sides = {s.key: s for s in p.sides}
    legend, legend_h = _legend(p, fr, fr.top + fr.h + fr.margin)
    width = fr.left + fr.w + fr.margin
    height = fr.top + fr.h + fr.margin + legend_h + 8
    body: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{_esc(CSS_FONT_FAMILY)}" role="img">',
        f"<title>{_esc(p.title)}</title>",
        f"<desc>{_esc(f'Measured table {p.width_cm:g} x {p.depth_cm:g} cm, {len(p.units)} units')}</desc>",
        *_defs(fr.s),
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="{BACKGROUND}"/>',
        _text(fr.left, 22, p.title, 17, TEXT, bold=True, anchor="start"),
    ]
    if p.subtitle:
        body.append(_text(fr.left, 40, p.subtitle, 12, MUTED, anchor="start"))
    body.extend(_grid(p, fr))
    for kind in _AREA_ORDER:
        for a in sorted((a for a in p.areas if a.kind is kind), key=lambda a: a.level):
            body.extend(_area(a, fr, sides))
    for lk in _LINE_ORDER:
        for line in p.lines:
            if line.kind is lk:
                body.extend(_line(line, fr))
    for pt in p.points:
        body.extend(_point(pt, fr))
    for line in p.lines:
        body.extend(_line_label(line, fr))
    for a in p.areas:
        body.extend(_area_label(a, fr))
    body.append(
        f'<rect x="{_n(fr.left)}" y="{_n(fr.top)}" width="{_n(fr.w)}" height="{_n(fr.h)}" fill="none" '
        f'stroke="{OUTLINE}" stroke-width="1.5"/>'
    )
    a_name, b_name = p.baselines
    if a_name:
        body.append(_text(fr.left + fr.w / 2, fr.top + fr.h + fr.margin - 4, a_name, 11, MUTED, anchor="middle"))
    if b_name:
        body.append(_text(fr.left + fr.w / 2, fr.top - fr.margin + 14, b_name, 11, MUTED, anchor="middle"))
    placed: list[_Box] = [_stand_box(r, fr) for u in p.units if not u.ghost for r in u.stands]
    for u in sorted(p.units, key=lambda u: u.ghost):
        body.extend(_unit(u, fr, sides[u.side], placed))
    for t in p.paths:
        body.extend(_path(t, fr, sides))
    for g in p.leaders:
        body.extend(_leader(g, fr, sides[g.side]))
    body.extend(legend)
    body.append("</svg>")
    return "\n".join(body) + "\n"
