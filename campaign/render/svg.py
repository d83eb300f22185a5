"""Draw a :class:`BoardPicture` as a self-contained, deterministic SVG document.

Equal pictures give byte-identical SVG: element ids come from style keys and positions, numbers
are printed with two decimals, and nothing depends on the clock, randomness or object ids.
All text is escaped. The SVG has a ``viewBox``, an accessible ``<title>`` and ``<desc>``, and
names only the shipped typeface, so :func:`campaign.render.render_png` draws it the same way
everywhere.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from campaign.hexgrid import DIRECTIONS, Hex, MapSpec, Orientation
from campaign.picture import (
    ArrowKind,
    BoardPicture,
    Counter,
    Formation,
    General,
    Marker,
    Side,
    StandsDisplay,
    Status,
)
from campaign.picture.styles import (
    FeatureMark,
    HexFeatureStyle,
    HexSideStyle,
    Pattern,
    RouteStyle,
    SideMark,
    TerrainStyle,
)
from campaign.render.typeface import CSS_FONT_FAMILY, text_width

Point = tuple[float, float]

SQRT3 = math.sqrt(3.0)

BACKGROUND = "#f6f2e6"
TEXT = "#26241f"
MUTED = "#5b574c"
OUTLINE = "#151515"

STATUS_LOOK: dict[Status, tuple[str, str, str]] = {
    Status.DISRUPTED: ("D", "#d7191c", "Disrupted"),
    Status.STATIC_COMBAT: ("SC", "#1f5fbf", "Static combat"),
    Status.HOLD_FIRE: ("HF", "#1a8a3c", "Hold fire"),
}
"""Chip text, colour and legend wording of each status marker."""

ARROW_LABELS: dict[ArrowKind, str] = {
    ArrowKind.MOVE: "Move",
    ArrowKind.ATTACK: "Attack",
    ArrowKind.SHOT: "Shooting",
    ArrowKind.RETREAT: "Recoil / retreat",
}

_ATTACK = "#c8102e"
_SHOT = "#e07000"
_RETREAT = "#4d4d4d"
_NEUTRAL = "#3a3a3a"
_GOLD = "#e3b100"


# --- text and numbers ------------------------------------------------------------------------


def _n(v: float) -> str:
    """A number with at most two decimals and no trailing zeros ("-0" printed as "0")."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pt(p: Point) -> str:
    return f"{_n(p[0])},{_n(p[1])}"


_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _esc(text: str) -> str:
    """Text safe inside an element or a double-quoted attribute (control characters dropped)."""
    clean = _XML_BAD.sub("", text)
    return (
        clean.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def _slug(key: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-") or "x"


def _text(
    x: float,
    y: float,
    content: str,
    size: float,
    fill: str = TEXT,
    *,
    bold: bool = False,
    anchor: str = "middle",
    halo: str | None = None,
    halo_width: float = 0.0,
    extra: str = "",
) -> str:
    attrs = f'x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if bold:
        attrs += ' font-weight="bold"'
    if halo:
        attrs += f' stroke="{halo}" stroke-width="{_n(halo_width)}" stroke-linejoin="round" paint-order="stroke"'
    if extra:
        attrs += " " + extra
    return f"<text {attrs}>{_esc(content)}</text>"


def _fit(text: str, width: float, largest: float, smallest: float, *, bold: bool) -> tuple[str, float]:
    """Font size (<= largest) at which ``text`` fits ``width``; shortened with an ellipsis if
    even ``smallest`` is too big."""
    w = text_width(text, largest, bold=bold)
    if w <= width:
        return text, largest
    size = largest * width / w
    if size >= smallest:
        return text, size
    cut = text
    while cut and text_width(cut + "\u2026", smallest, bold=bold) > width:
        cut = cut[:-1]
    return cut + "\u2026", smallest


# --- geometry --------------------------------------------------------------------------------


def _add(a: Point, b: Point) -> Point:
    return a[0] + b[0], a[1] + b[1]


def _sub(a: Point, b: Point) -> Point:
    return a[0] - b[0], a[1] - b[1]


def _mul(a: Point, k: float) -> Point:
    return a[0] * k, a[1] * k


def _unit(a: Point) -> Point:
    d = math.hypot(a[0], a[1])
    return (1.0, 0.0) if d == 0 else (a[0] / d, a[1] / d)


def _perp(a: Point) -> Point:
    return -a[1], a[0]


def _lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _bearing_vector(degrees: float) -> Point:
    """Screen vector for a bearing counted counter-clockwise from east (y grows downwards)."""
    a = math.radians(degrees)
    return math.cos(a), -math.sin(a)


class _Geometry:
    """Pixel geometry of one map at one hex size (map coordinates, before the layout offset)."""

    def __init__(self, spec: MapSpec, size: float) -> None:
        self.spec = spec
        self.s = size
        origin = spec.center(Hex(0, 0), size)
        ahead = spec.center(Hex(*DIRECTIONS[0]), size)
        dx, dy = _sub(ahead, origin)
        self.direction0 = math.degrees(math.atan2(-dy, dx))
        """Bearing of hex direction 0 on screen (0 = east, counter-clockwise)."""

    def centre(self, h: Hex) -> Point:
        return self.spec.center(h, self.s)

    def corners(self, h: Hex) -> list[Point]:
        return self.spec.corners(h, self.s)

    def side(self, h: Hex, direction: int) -> tuple[Point, Point, Point]:
        """(one end, other end, outward unit vector) of the side towards ``direction``."""
        c = self.centre(h)
        n = self.centre(h.neighbour(direction))
        out = _unit(_sub(n, c))
        mid = _lerp(c, n, 0.5)
        along = _mul(_perp(out), self.s / 2)
        return _sub(mid, along), _add(mid, along), out

    def facing_vector(self, facing: int) -> Point:
        return _bearing_vector(self.direction0 + 30.0 * facing)

    def facing_degrees(self, facing: int) -> float:
        return self.direction0 + 30.0 * facing

    def label_anchor(self, h: Hex) -> Point:
        """Baseline centre of the hex's CCRR label."""
        cx, cy = self.centre(h)
        return cx, cy - 0.6 * self.s

    @property
    def label_size(self) -> float:
        return 0.2 * self.s


def _poly(points: Iterable[Point]) -> str:
    pts = list(points)
    return "M" + " L".join(_pt(p) for p in pts) + " Z"


def _smooth(points: Sequence[Point]) -> str:
    """Path through the points, rounding each interior corner with a quadratic curve."""
    if len(points) == 2:
        return f"M{_pt(points[0])} L{_pt(points[1])}"
    parts = [f"M{_pt(points[0])}", f"L{_pt(_lerp(points[0], points[1], 0.5))}"]
    for i in range(1, len(points) - 1):
        parts.append(f"Q{_pt(points[i])} {_pt(_lerp(points[i], points[i + 1], 0.5))}")
    parts.append(f"L{_pt(points[-1])}")
    return " ".join(parts)


def _dash(dash: tuple[float, ...], s: float) -> str:
    return f' stroke-dasharray="{" ".join(_n(d * s) for d in dash)}"' if dash else ""


# --- layout ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Where things land on the SVG canvas (also the PNG's pixels at scale 1)."""

    width: float
    height: float
    map_x: float
    """Horizontal offset added to :meth:`MapSpec.center` coordinates."""
    map_y: float
    map_width: float
    map_height: float
    legend_x: float
    legend_y: float
    hex_size: float
    map_spec: MapSpec

    def hex_centre(self, h: Hex) -> Point:
        x, y = self.map_spec.center(h, self.hex_size)
        return x + self.map_x, y + self.map_y

    def label_box(self, h: Hex) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the area the hex's label is printed in."""
        g = _Geometry(self.map_spec, self.hex_size)
        x, y = g.label_anchor(h)
        size = g.label_size
        half = text_width(self.map_spec.label(h), size) / 2
        return x + self.map_x - half, y + self.map_y - 0.75 * size, x + self.map_x + half, y + self.map_y


@dataclass(frozen=True, slots=True)
class _LegendEntry:
    label: str
    draw: Callable[[float, float], list[str]] | None
    """Draws the swatch centred on the given point; None = a section heading."""


def _map_box(g: _Geometry) -> tuple[float, float, float, float]:
    xs: list[float] = []
    ys: list[float] = []
    for h in g.spec.hexes():
        for x, y in g.corners(h):
            xs.append(x)
            ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


class _Legend:
    """Legend rows laid out in columns no taller than the map."""

    def __init__(self, entries: list[_LegendEntry], s: float, max_height: float) -> None:
        self.s = s
        self.entries = entries
        self.row = 0.78 * s
        self.heading_row = 0.95 * s
        self.font = 0.36 * s
        self.heading_font = 0.42 * s
        self.swatch_w = 1.5 * s
        self.columns: list[list[tuple[_LegendEntry, float]]] = []
        col: list[tuple[_LegendEntry, float]] = []
        y = 0.0
        for e in entries:
            h = self.heading_row if e.draw is None else self.row
            if col and y + h > max_height and e.draw is None:
                self.columns.append(col)
                col, y = [], 0.0
            col.append((e, y))
            y += h
        if col:
            self.columns.append(col)
        self.col_widths = [max(self._entry_width(e) for e, _ in c) + 0.5 * s for c in self.columns]
        self.width = sum(self.col_widths)
        self.height = max((c[-1][1] + self.row for c in self.columns), default=0.0)

    def _entry_width(self, e: _LegendEntry) -> float:
        if e.draw is None:
            return text_width(e.label, self.heading_font, bold=True)
        return self.swatch_w + 0.25 * self.s + text_width(e.label, self.font)

    def draw(self, x0: float, y0: float) -> list[str]:
        out: list[str] = ['<g class="legend">']
        x = x0
        for col, width in zip(self.columns, self.col_widths, strict=True):
            for e, y in col:
                top = y0 + y
                if e.draw is None:
                    out.append(_text(x, top + 0.7 * self.s, e.label, self.heading_font, bold=True, anchor="start"))
                else:
                    mid = top + self.row / 2
                    out.extend(e.draw(x + self.swatch_w / 2, mid))
                    out.append(
                        _text(
                            x + self.swatch_w + 0.25 * self.s,
                            mid + 0.35 * self.font,
                            e.label,
                            self.font,
                            anchor="start",
                        )
                    )
            x += width
        out.append("</g>")
        return out


# --- the renderer ----------------------------------------------------------------------------


class _Renderer:
    """Draws one picture; a throwaway object so helpers share the geometry and lookups."""

    def __init__(self, p: BoardPicture) -> None:
        self.p = p
        self.s = p.hex_size
        self.g = _Geometry(p.map_spec, p.hex_size)
        self.sides: dict[str, Side] = {side.key: side for side in p.sides}
        styles = p.styles
        self.terrain_of: dict[Hex, TerrainStyle] = {}
        self.elevation: dict[Hex, int] = {}
        default = styles.terrain_style(p.default_terrain)
        assert default is not None  # BoardPicture checked it
        for h in p.map_spec.hexes():
            self.terrain_of[h] = default
            self.elevation[h] = 0
        for t in p.terrain:
            style = styles.terrain_style(t.terrain)
            assert style is not None
            self.terrain_of[t.hex] = style
            self.elevation[t.hex] = t.elevation
        used = sorted({style.key: style for style in self.terrain_of.values()}.items())
        self.terrain_used = [style for _, style in used]
        self.pattern_id = {
            style.key: f"terrain-{i}-{_slug(style.key)}"
            for i, style in enumerate(self.terrain_used)
            if style.pattern is not Pattern.NONE
        }
        self.default_style = default

    # --- document ---------------------------------------------------------------------------
    def frame(self) -> tuple[BoardLayout, _Legend | None]:
        """Canvas size and where the map and legend go."""
        p, s = self.p, self.s
        margin = 0.6 * s
        x0, y0, x1, y1 = _map_box(self.g)
        map_w, map_h = x1 - x0, y1 - y0
        title_h = (1.0 * s if p.title else 0.0) + (0.65 * s if p.subtitle else 0.0)
        map_top = margin + (title_h + 0.35 * s if title_h else 0.0)
        legend = _Legend(self.legend_entries(), s, max(map_h, 8 * s)) if p.show_legend else None
        if legend is not None and not legend.entries:
            legend = None
        width = margin + map_w + margin
        if legend:
            width += legend.width + 0.2 * s
        title_w = max(
            text_width(p.title, 0.8 * s, bold=True) if p.title else 0.0,
            text_width(p.subtitle, 0.46 * s) if p.subtitle else 0.0,
        )
        width = max(width, title_w + 2 * margin)
        height = map_top + max(map_h, legend.height if legend else 0.0) + margin
        layout = BoardLayout(
            width=round(width, 2),
            height=round(height, 2),
            map_x=margin - x0,
            map_y=map_top - y0,
            map_width=map_w,
            map_height=map_h,
            legend_x=margin + map_w + margin + 0.2 * s,
            legend_y=map_top,
            hex_size=s,
            map_spec=p.map_spec,
        )
        return layout, legend

    def document(self) -> str:
        p, s = self.p, self.s
        layout, legend = self.frame()
        margin = 0.6 * s
        head: list[str] = []
        if p.title:
            head.append(_text(margin, margin + 0.72 * s, p.title, 0.8 * s, bold=True, anchor="start"))
        if p.subtitle:
            y = margin + (1.0 * s if p.title else 0.0) + 0.45 * s
            head.append(_text(margin, y, p.subtitle, 0.46 * s, MUTED, anchor="start"))
        width, height = _n(layout.width), _n(layout.height)
        title = p.title or "Hex board"
        out = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}"'
            f' viewBox="0 0 {width} {height}" role="img" aria-labelledby="board-title board-desc"'
            f' font-family="{_esc(CSS_FONT_FAMILY)}">',
            f'<title id="board-title">{_esc(title + (" - " + p.subtitle if p.subtitle else ""))}</title>',
            f'<desc id="board-desc">{_esc(self.description())}</desc>',
            "<defs>",
            *self.patterns(),
            "</defs>",
            f'<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>',
            *head,
            f'<g class="map" transform="translate({_n(layout.map_x)},{_n(layout.map_y)})">',
            *self.terrain(),
            *self.hills(),
            *self.water_routes(),
            *self.grid(),
            *self.side_lines(),
            *self.land_routes(),
            *self.hex_features(),
            *self.side_marks(),
            *self.border(),
            *self.labels(),
            *self.counters(),
            *self.generals(),
            *self.arrows(),
            "</g>",
        ]
        if legend:
            out.extend(legend.draw(layout.legend_x, layout.legend_y))
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def description(self) -> str:
        p = self.p
        spec = p.map_spec
        shape = "pointy-top" if spec.orientation is Orientation.POINTY else "flat-top"
        parts = [f"{spec.columns} by {spec.rows} {shape} hex board"]
        for side in p.sides:
            units = [c.name for c in p.counters if c.side == side.key]
            gens = [g.name for g in p.generals if g.side == side.key]
            if units or gens:
                parts.append(f"{side.name}: {len(units)} units, {len(gens)} generals")
        if p.arrows:
            parts.append(f"{len(p.arrows)} arrows for this turn")
        return "; ".join(parts) + "."

    # --- terrain ----------------------------------------------------------------------------
    def patterns(self) -> list[str]:
        return [_pattern(st, self.pattern_id[st.key], self.s) for st in self.terrain_used if st.key in self.pattern_id]

    def terrain(self) -> list[str]:
        out = ['<g class="terrain">']
        by_key: dict[str, list[Hex]] = {}
        for h in self.p.map_spec.hexes():
            by_key.setdefault(self.terrain_of[h].key, []).append(h)
        for style in self.terrain_used:
            d = " ".join(_poly(self.g.corners(h)) for h in by_key[style.key])
            # Solid colour, then the pattern on a clear background: no seams between pattern tiles.
            out.append(f'<path d="{d}" fill="{style.fill}"/>')
            if style.key in self.pattern_id:
                out.append(f'<path d="{d}" fill="url(#{self.pattern_id[style.key]})"/>')
        out.append("</g>")
        return out

    def hills(self) -> list[str]:
        levels = sorted({e for e in self.elevation.values() if e > 0})
        if not levels:
            return []
        colour = self.p.styles.elevation_colour
        out = ['<g class="hills">']
        for level in levels:
            d = " ".join(_poly(self.g.corners(h)) for h, e in self.elevation.items() if e == level)
            out.append(f'<path d="{d}" fill="{colour}" fill-opacity="{_n(_shade(level))}"/>')
        segs: list[str] = []
        for h, e in self.elevation.items():
            if e <= 0:
                continue
            c = self.g.centre(h)
            for k in range(6):
                n = h.neighbour(k)
                if not self.p.map_spec.contains(n):
                    continue
                lower = self.elevation[n]
                for i in range(max(0, e - lower)):
                    segs.append(self._inset_side(h, k, c, 0.06 + 0.1 * i))
        if segs:
            out.append(
                f'<path d="{" ".join(segs)}" fill="none" stroke="{colour}" stroke-width="{_n(0.05 * self.s)}"'
                ' stroke-linecap="round"/>'
            )
        out.append("</g>")
        return out

    def _inset_side(self, h: Hex, k: int, c: Point, inset: float) -> str:
        a, b, _ = self.g.side(h, k)
        f = inset / (SQRT3 / 2)
        return f"M{_pt(_lerp(a, c, f))} L{_pt(_lerp(b, c, f))}"

    def grid(self) -> list[str]:
        d = " ".join(_poly(self.g.corners(h)) for h in self.p.map_spec.hexes())
        return [
            f'<path class="grid" d="{d}" fill="none" stroke="#000000" stroke-opacity="0.32"'
            f' stroke-width="{_n(0.03 * self.s)}" stroke-linejoin="round"/>'
        ]

    def border(self) -> list[str]:
        segs = []
        for h in self.p.map_spec.hexes():
            for k in range(6):
                if not self.p.map_spec.contains(h.neighbour(k)):
                    a, b, _ = self.g.side(h, k)
                    segs.append(f"M{_pt(a)} L{_pt(b)}")
        return [
            f'<path class="border" d="{" ".join(segs)}" fill="none" stroke="#3b382f"'
            f' stroke-width="{_n(0.07 * self.s)}" stroke-linecap="round"/>'
        ]

    def labels(self) -> list[str]:
        if not self.p.show_labels:
            return []
        out = ['<g class="labels">']
        size = self.g.label_size
        for h in self.p.map_spec.hexes():
            x, y = self.g.label_anchor(h)
            out.append(
                _text(
                    x,
                    y,
                    self.p.map_spec.label(h),
                    size,
                    "#2b2922",
                    halo="#ffffff",
                    halo_width=0.05 * self.s,
                    extra='stroke-opacity="0.55"',
                )
            )
        out.append("</g>")
        return out

    # --- routes and features ----------------------------------------------------------------
    def _routes(self, water: bool) -> list[str]:
        out: list[str] = []
        for r in self.p.routes:
            style = self.p.styles.route_style(r.kind)
            assert style is not None
            if _is_water(style) == water:
                out.extend(_route(style, [self.g.centre(h) for h in r.hexes], self.s))
        return ['<g class="water-routes">' if water else '<g class="routes">', *out, "</g>"] if out else []

    def water_routes(self) -> list[str]:
        return self._routes(water=True)

    def land_routes(self) -> list[str]:
        out = self._routes(water=False)
        links: list[str] = []
        for f in self.p.hexside_features:
            style = self.p.styles.hexside_style(f.kind)
            assert style is not None
            if style.mark is SideMark.ROAD_LINK:
                c = self.g.centre(f.hex)
                a, b, _ = self.g.side(f.hex, f.direction)
                links.extend(_road_link(style, c, _lerp(a, b, 0.5), self.s))
        if links:
            out += ['<g class="road-links">', *links, "</g>"]
        return out

    def side_lines(self) -> list[str]:
        """Hex-side lines (walls, fences, rivers) drawn under roads, bridges and units."""
        out: list[str] = []
        for f in self.p.hexside_features:
            style = self.p.styles.hexside_style(f.kind)
            assert style is not None
            if style.mark in (SideMark.LINE, SideMark.DOOR, SideMark.WINDOW):
                out.extend(_side_line(style, *self.g.side(f.hex, f.direction)[:2], self.s))
        return ['<g class="hexsides">', *out, "</g>"] if out else []

    def side_marks(self) -> list[str]:
        """Hex-side marks drawn over roads: crossings, stakes, escarpments."""
        out: list[str] = []
        for f in self.p.hexside_features:
            style = self.p.styles.hexside_style(f.kind)
            assert style is not None
            a, b, outward = self.g.side(f.hex, f.direction)
            if style.mark is SideMark.CROSSING:
                out.extend(_crossing(style, a, b, outward, self.s))
            elif style.mark is SideMark.STAKES:
                out.extend(_stakes(style, a, b, outward, self.s))
            elif style.mark is SideMark.ESCARPMENT:
                out.extend(_escarpment(style, a, b, outward, self.s))
        return ['<g class="hexside-marks">', *out, "</g>"] if out else []

    def hex_features(self) -> list[str]:
        out: list[str] = []
        for f in self.p.hex_features:
            style = self.p.styles.hex_feature_style(f.kind)
            assert style is not None
            c = self.g.centre(f.hex)
            along = _unit(_sub(self.g.centre(f.hex.neighbour(f.direction)), c))
            out.extend(_hex_feature(style, c, along, self.s))
        return ['<g class="hex-features">', *out, "</g>"] if out else []

    # --- units ------------------------------------------------------------------------------
    def counters(self) -> list[str]:
        by_hex: dict[Hex, list[Counter]] = {}
        for c in self.p.counters:
            by_hex.setdefault(c.hex, []).append(c)
        generals_at: dict[tuple[Hex, str], list[General]] = {}
        for gen in self.p.generals:
            generals_at.setdefault((gen.hex, gen.side), []).append(gen)
        out = ['<g class="counters">']
        for c in self.p.counters:
            stack = by_hex[c.hex]
            i = stack.index(c)
            shift = (i - (len(stack) - 1) / 2) * 0.14 * self.s
            centre = _add(self.g.centre(c.hex), (shift, -shift))
            attached = generals_at.pop((c.hex, c.side), [])  # generals ride on their side's first counter
            out.extend(self.counter(c, centre, attached))
        out.append("</g>")
        return out

    def counter(self, c: Counter, centre: Point, attached: list[General]) -> list[str]:
        s = self.s
        side = self.sides[c.side]
        out = ['<g class="counter">', f"<title>{_esc(self.describe(c, attached))}</title>"]
        if c.facing is not None:
            out.append(self._pointer(c, centre, side))
        if c.formation is Formation.COLUMN:
            out.extend(self._column(c, centre, side, attached))
        else:
            if attached:  # make room above the counter for the generals riding on it
                centre = (centre[0], centre[1] + 0.07 * s)
            out.extend(_deployed(c, centre, side, attached, s))
        chips = [STATUS_LOOK[st][:2] + ("#ffffff",) for st in Status if st in c.status]
        chips += [(m.text, m.colour, m.ink) for m in c.markers]
        if chips:
            out.extend(_chips(chips, (centre[0], centre[1] + 0.44 * s), s))
        out.append("</g>")
        return out

    def describe(self, c: Counter, attached: list[General]) -> str:
        """Tooltip: the full name and state, also for readers that cannot see the drawing."""
        side = self.sides[c.side]
        parts = [f"{c.name} ({side.name})", c.formation.value]
        if c.facing is not None:
            parts.append(f"facing {c.facing}")
        if c.stands is not None:
            parts.append(f"{c.stands}/{c.full_stands} stands" if c.full_stands is not None else f"{c.stands} stands")
        parts += [STATUS_LOOK[st][2].lower() for st in Status if st in c.status]
        parts += [m.meaning for m in c.markers]
        for gen in attached:
            parts.append(("hero " if gen.hero else "") + f"general {gen.name}")
        return f"{self.p.map_spec.label(c.hex)}: " + ", ".join(parts)

    def _pointer(self, c: Counter, centre: Point, side: Side) -> str:
        assert c.facing is not None
        s = self.s
        u = self.g.facing_vector(c.facing)
        at_vertex = c.facing % 2 == 1
        base, tip = (0.74 * s, 0.95 * s) if at_vertex else (0.6 * s, 0.83 * s)
        half = 0.17 * s
        b = _add(centre, _mul(u, base))
        across = _mul(_perp(u), half)
        pts = [_add(centre, _mul(u, tip)), _add(b, across), _sub(b, across)]
        return (
            f'<path class="facing" d="{_poly(pts)}" fill="{side.colour}" stroke="{OUTLINE}"'
            f' stroke-width="{_n(0.035 * s)}" stroke-linejoin="round"/>'
        )

    def _column(self, c: Counter, centre: Point, side: Side, attached: list[General]) -> list[str]:
        s = self.s
        deg = self.g.facing_degrees(c.facing) if c.facing is not None else 90.0
        length, width = 1.1 * s, 0.5 * s
        axis = -deg  # SVG rotation is clockwise on screen
        out = [f'<g transform="translate({_pt(centre)}) rotate({_n(axis)})">']
        out.append(
            _rect(
                -length / 2 + 0.04 * s,
                -width / 2 + 0.05 * s,
                length,
                width,
                0.07 * s,
                'fill="#000000" fill-opacity="0.3"',
            )
        )
        out.append(
            _rect(
                -length / 2,
                -width / 2,
                length,
                width,
                0.07 * s,
                f'fill="{side.colour}" stroke="{OUTLINE}" stroke-width="{_n(0.04 * s)}"',
            )
        )
        bar = 0.1 * s
        out.append(
            _rect(
                length / 2 - bar - 0.04 * s,
                -width / 2 + 0.05 * s,
                bar,
                width - 0.1 * s,
                0.02 * s,
                f'fill="{side.ink}" fill-opacity="0.85"',
            )
        )
        out.append("</g>")
        # Text is laid along the column but never upside down.
        text_angle = (axis + 180) % 360 - 180
        flipped = text_angle > 90 or text_angle <= -90
        if flipped:
            text_angle = text_angle - 180 if text_angle > 0 else text_angle + 180
        usable = length - 0.32 * s
        drop = 0.05 * s if attached else 0.0  # room for generals riding on the upper long edge
        content = [f'<g transform="translate({_pt(centre)}) rotate({_n(text_angle)})">']
        has_stands = c.stands is not None
        name, size = _fit(c.name, usable, 0.25 * s, 0.15 * s, bold=True)
        content.append(_text(0.0, (0.02 if has_stands else 0.09) * s + drop, name, size, side.ink, bold=True))
        if has_stands:
            content.extend(_stands(c, (0.0, 0.15 * s + drop), side.ink, s, small=True))
        for j, gen in enumerate(attached):
            x = (j - (len(attached) - 1) / 2) * 0.42 * s
            content.extend(self.general_disc(gen, (x, -width / 2 - 0.02 * s), 0.19 * s, ring=side.ink))
        content.append("</g>")
        return out + content

    # --- generals ---------------------------------------------------------------------------
    def generals(self) -> list[str]:
        unit_sides = {(c.hex, c.side) for c in self.p.counters}
        lone: dict[Hex, list[General]] = {}
        for gen in self.p.generals:
            if (gen.hex, gen.side) not in unit_sides:
                lone.setdefault(gen.hex, []).append(gen)
        out: list[str] = []
        for h, gens in lone.items():
            c = self.g.centre(h)
            for j, gen in enumerate(gens):
                dx = (j - (len(gens) - 1) / 2) * 0.62 * self.s
                out.extend(self.general_disc(gen, (c[0] + dx, c[1]), 0.3 * self.s))
        return ['<g class="generals">', *out, "</g>"] if out else []

    def general_disc(self, gen: General, at: Point, r: float, ring: str = "#ffffff") -> list[str]:
        side = self.sides[gen.side]
        return _disc(gen.name, side.colour, side.ink, at, r, self.s, hero=gen.hero, chief=gen.chief, ring=ring)

    # --- arrows -----------------------------------------------------------------------------
    def arrows(self) -> list[str]:
        out: list[str] = []
        for a in self.p.arrows:
            pts = [self.g.centre(h) for h in a.hexes]
            colour = self.sides[a.side].colour if a.side else _NEUTRAL
            out.extend(_arrow(a.kind, pts, colour, self.s))
        return ['<g class="arrows">', *out, "</g>"] if out else []

    # --- legend -----------------------------------------------------------------------------
    def legend_entries(self) -> list[_LegendEntry]:
        p, s = self.p, self.s
        styles = p.styles
        entries: list[_LegendEntry] = []

        def section(title: str, rows: list[_LegendEntry]) -> None:
            if rows:
                entries.append(_LegendEntry(title, None))
                entries.extend(rows)

        by_label = sorted(self.terrain_used, key=lambda st: (st.label.lower(), st.key))
        rows = [_LegendEntry(st.label, self._swatch_terrain(st)) for st in by_label]
        section("Terrain", rows)
        levels = sorted({e for e in self.elevation.values() if e > 0})
        section("Hills", [_LegendEntry(f"Hill level {lv}", self._swatch_hill(lv)) for lv in levels])
        feats: list[_LegendEntry] = []
        seen: set[str] = set()
        used: list[tuple[Any, Callable[[Any, float], Callable[[float, float], list[str]]]]] = [
            *((styles.route_style(r.kind), _swatch_route) for r in p.routes),
            *((styles.hexside_style(f.kind), _swatch_side) for f in p.hexside_features),
            *((styles.hex_feature_style(hf.kind), _swatch_feature) for hf in p.hex_features),
        ]
        for style, swatch in used:  # routes, then hex sides, then hex features; each label once
            assert style is not None
            if style.label not in seen:
                seen.add(style.label)
                feats.append(_LegendEntry(style.label, swatch(style, s)))
        section("Features", feats)
        used_sides = {c.side for c in p.counters} | {gen.side for gen in p.generals}
        section(
            "Sides",
            [_LegendEntry(side.name, _swatch_side_colour(side, s)) for side in p.sides if side.key in used_sides]
            or [_LegendEntry(side.name, _swatch_side_colour(side, s)) for side in p.sides],
        )
        units: list[_LegendEntry] = []
        formations = {c.formation for c in p.counters}
        if Formation.DEPLOYED in formations:
            units.append(_LegendEntry("Deployed (pointer = facing)", _swatch_formation(Formation.DEPLOYED, s)))
        if Formation.COLUMN in formations:
            units.append(_LegendEntry("Column (bar = head)", _swatch_formation(Formation.COLUMN, s)))
        displays = {c.stands_display for c in p.counters if c.stands is not None}
        if StandsDisplay.PIPS in displays:
            units.append(_LegendEntry("Stands left / lost", _swatch_stands(s)))
        if StandsDisplay.FRACTION in displays:
            units.append(_LegendEntry("Stands left / full", _swatch_stands(s, StandsDisplay.FRACTION)))
        section("Units", units)
        marks: list[_LegendEntry] = []
        statuses = {st for c in p.counters for st in c.status}
        for st in Status:
            if st in statuses:
                text, colour, meaning = STATUS_LOOK[st]
                marks.append(_LegendEntry(meaning, _swatch_chip(text, colour, "#ffffff", s)))
        extra: dict[tuple[str, str, str, str], Marker] = {}
        for c in p.counters:
            for m in c.markers:
                extra.setdefault((m.text, m.colour, m.meaning, m.ink), m)
        for m in extra.values():
            marks.append(_LegendEntry(m.meaning, _swatch_chip(m.text, m.colour, m.ink, s)))
        section("Markers", marks)
        gens: list[_LegendEntry] = []
        if p.generals:
            gens.append(_LegendEntry("General", _swatch_disc(s)))
        if any(gen.hero for gen in p.generals):
            gens.append(_LegendEntry("Hero general", _swatch_disc(s, hero=True)))
        if any(gen.chief for gen in p.generals):
            gens.append(_LegendEntry("Commander-in-chief", _swatch_disc(s, chief=True)))
        section("Generals", gens)
        kinds = {a.kind for a in p.arrows}
        section(
            "This turn",
            [_LegendEntry(ARROW_LABELS[k], _swatch_arrow(k, s)) for k in ArrowKind if k in kinds],
        )
        return entries

    def _swatch_terrain(self, style: TerrainStyle) -> Callable[[float, float], list[str]]:
        pid = self.pattern_id.get(style.key)
        s = self.s

        def draw(x: float, y: float) -> list[str]:
            box = (
                f'x="{_n(x - 0.65 * s)}" y="{_n(y - 0.32 * s)}" width="{_n(1.3 * s)}" height="{_n(0.64 * s)}"'
                f' rx="{_n(0.06 * s)}"'
            )
            out = [f'<rect {box} fill="{style.fill}"/>']
            if pid:
                out.append(f'<rect {box} fill="url(#{pid})"/>')
            out.append(
                f'<rect {box} fill="none" stroke="#000000" stroke-opacity="0.45" stroke-width="{_n(0.03 * s)}"/>'
            )
            return out

        return draw

    def _swatch_hill(self, level: int) -> Callable[[float, float], list[str]]:
        s = self.s
        colour = self.p.styles.elevation_colour
        base = self.default_style.fill

        def draw(x: float, y: float) -> list[str]:
            box = (
                f'x="{_n(x - 0.65 * s)}" y="{_n(y - 0.32 * s)}" width="{_n(1.3 * s)}" height="{_n(0.64 * s)}"'
                f' rx="{_n(0.06 * s)}"'
            )
            out = [
                f'<rect {box} fill="{base}"/>',
                f'<rect {box} fill="{colour}" fill-opacity="{_n(_shade(level))}" stroke="#000000"'
                f' stroke-opacity="0.45" stroke-width="{_n(0.03 * s)}"/>',
            ]
            for i in range(level):
                yy = y + 0.32 * s - (0.08 + 0.1 * i) * s
                out.append(
                    f'<path d="M{_pt((x - 0.58 * s, yy))} L{_pt((x + 0.58 * s, yy))}" stroke="{colour}"'
                    f' stroke-width="{_n(0.05 * s)}" stroke-linecap="round"/>'
                )
            return out

        return draw


def _shade(level: int) -> float:
    return min(0.12 * level, 0.48)


def _is_water(style: RouteStyle) -> bool:
    return style.key in ("river", "stream") or "river" in style.aliases or "stream" in style.aliases


def _rect(x: float, y: float, w: float, h: float, r: float, paint: str) -> str:
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(r)}" {paint}/>'


# --- terrain patterns --------------------------------------------------------------------------


def _pattern(style: TerrainStyle, pid: str, s: float) -> str:
    """An SVG <pattern> tile: the terrain colour with the pattern drawn in the style's ink."""
    ink = style.ink
    w = h = 0.5 * s
    transform = ""
    body: list[str] = []

    def line(a: Point, b: Point, width: float, cap: str = "round") -> str:
        return f'<path d="M{_pt(a)} L{_pt(b)}" stroke="{ink}" stroke-width="{_n(width * s)}" stroke-linecap="{cap}"/>'

    match style.pattern:
        case Pattern.NONE:
            pass
        case Pattern.DOTS:
            w = h = 0.42 * s
            for fx, fy, r in ((0.25, 0.3, 0.05), (0.75, 0.78, 0.045), (0.72, 0.22, 0.03), (0.2, 0.8, 0.03)):
                body.append(f'<circle cx="{_n(fx * w)}" cy="{_n(fy * h)}" r="{_n(r * s)}" fill="{ink}"/>')
        case Pattern.TREES:
            w = h = 0.8 * s
            for fx, fy in ((0.27, 0.3), (0.77, 0.78)):
                x, y = fx * w, fy * h
                body.append(line((x, y), (x, y + 0.17 * s), 0.04))
                body.append(
                    f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.12 * s)}" fill="{ink}" fill-opacity="0.55"'
                    f' stroke="{ink}" stroke-width="{_n(0.025 * s)}"/>'
                )
        case Pattern.BUSHES:
            w = h = 0.55 * s
            for fx, fy in ((0.28, 0.35), (0.78, 0.85)):
                x, y = fx * w, fy * h
                for dx, dy in ((-0.055, 0.0), (0.055, 0.0), (0.0, -0.045)):
                    body.append(
                        f'<circle cx="{_n(x + dx * s)}" cy="{_n(y + dy * s)}" r="{_n(0.045 * s)}" fill="{ink}"'
                        ' fill-opacity="0.8"/>'
                    )
        case Pattern.WAVES:
            w, h = 0.5 * s, 0.26 * s
            a = 0.07 * s
            body.append(
                f'<path d="M0,{_n(h / 2)} q{_n(w / 4)},{_n(-2 * a)} {_n(w / 2)},0 t{_n(w / 2)},0" fill="none"'
                f' stroke="{ink}" stroke-width="{_n(0.035 * s)}"/>'
            )
        case Pattern.RIPPLES:
            w, h = 0.5 * s, 0.3 * s
            body.append(line((0.08 * w, 0.25 * h), (0.45 * w, 0.25 * h), 0.035))
            body.append(line((0.58 * w, 0.75 * h), (0.95 * w, 0.75 * h), 0.035))
        case Pattern.HATCH:
            w = h = 0.2 * s
            transform = ' patternTransform="rotate(45)"'
            body.append(line((-0.1 * w, h / 2), (1.1 * w, h / 2), 0.035, "butt"))
        case Pattern.CROSS_HATCH:
            w = h = 0.22 * s
            transform = ' patternTransform="rotate(45)"'
            body.append(line((-0.1 * w, h / 2), (1.1 * w, h / 2), 0.035))
            body.append(line((w / 2, -0.1 * h), (w / 2, 1.1 * h), 0.035))
        case Pattern.TUFTS:
            w = h = 0.6 * s
            for fx, fy in ((0.28, 0.42), (0.78, 0.92)):
                x, y = fx * w, fy * h
                for dx, dy in ((-0.07, -0.11), (0.0, -0.15), (0.07, -0.11)):
                    body.append(line((x, y), (x + dx * s, y + dy * s), 0.025))
                body.append(line((x - 0.12 * s, y + 0.02 * s), (x + 0.12 * s, y + 0.02 * s), 0.025))
        case Pattern.FURROWS:
            w = h = 0.15 * s
            transform = ' patternTransform="rotate(-25)"'
            body.append(line((-0.1 * w, h / 2), (1.1 * w, h / 2), 0.025, "butt"))
        case Pattern.BRICKS:
            w, h = 0.3 * s, 0.2 * s
            body.append(line((0, 0), (w, 0), 0.025, "butt"))
            body.append(line((0, h / 2), (w, h / 2), 0.025, "butt"))
            body.append(line((0.05 * s, 0), (0.05 * s, h / 2), 0.025, "butt"))
            body.append(line((0.05 * s + w / 2, h / 2), (0.05 * s + w / 2, h), 0.025, "butt"))
        case Pattern.PLANKS:
            w, h = 0.6 * s, 0.15 * s
            body.append(line((0, 0.02 * s), (w, 0.02 * s), 0.02, "butt"))
            body.append(line((0.2 * w, 0.02 * s), (0.2 * w, h), 0.02, "butt"))
        case Pattern.HACHURES:
            w = h = 0.3 * s
            body.append(line((0.25 * w, 0.12 * h), (0.25 * w, 0.45 * h), 0.03))
            body.append(line((0.75 * w, 0.6 * h), (0.75 * w, 0.93 * h), 0.03))
        case Pattern.CHEVRONS:
            w = h = 0.55 * s
            for fx, fy in ((0.3, 0.4), (0.78, 0.88)):
                x, y = fx * w, fy * h
                body.append(
                    f'<path d="M{_pt((x - 0.09 * s, y + 0.05 * s))} L{_pt((x, y - 0.05 * s))}'
                    f' L{_pt((x + 0.09 * s, y + 0.05 * s))}" fill="none" stroke="{ink}"'
                    f' stroke-width="{_n(0.03 * s)}" stroke-linejoin="round" stroke-linecap="round"/>'
                )
        case Pattern.PANES:
            w = h = 0.22 * s
            body.append(line((0, 0.02 * s), (w, 0.02 * s), 0.03, "butt"))
            body.append(line((0.02 * s, 0), (0.02 * s, h), 0.03, "butt"))
    return (
        f'<pattern id="{pid}" patternUnits="userSpaceOnUse" width="{_n(w)}" height="{_n(h)}"{transform}>'
        f"{''.join(body)}</pattern>"
    )


# --- routes, sides, features ------------------------------------------------------------------


def _route(style: RouteStyle, pts: list[Point], s: float) -> list[str]:
    d = _smooth(pts)
    out = []
    if style.casing:
        out.append(
            f'<path d="{d}" fill="none" stroke="{style.casing}" stroke-width="{_n((style.width + 0.06) * s)}"'
            ' stroke-linecap="round" stroke-linejoin="round"/>'
        )
    out.append(
        f'<path d="{d}" fill="none" stroke="{style.colour}" stroke-width="{_n(style.width * s)}"'
        f' stroke-linecap="round" stroke-linejoin="round"{_dash(style.dash, s)}/>'
    )
    return out


def _road_link(style: HexSideStyle, c: Point, mid: Point, s: float) -> list[str]:
    d = f"M{_pt(c)} L{_pt(mid)}"
    if style.dash:
        return [
            f'<path d="{d}" stroke="{style.colour}" stroke-width="{_n(style.width * s)}" stroke-linecap="round"'
            f"{_dash(style.dash, s)}/>"
        ]
    return [
        f'<path d="{d}" stroke="{style.colour}" stroke-width="{_n(style.width * s)}" stroke-linecap="round"/>',
        f'<path d="{d}" stroke="{style.accent}" stroke-width="{_n((style.width - 0.06) * s)}" stroke-linecap="round"/>',
    ]


def _side_line(style: HexSideStyle, a: Point, b: Point, s: float) -> list[str]:
    stroke = f'stroke="{style.colour}" stroke-width="{_n(style.width * s)}" stroke-linecap="round"'
    out = [f'<path d="M{_pt(a)} L{_pt(b)}" {stroke}{_dash(style.dash, s)}/>']
    if style.mark in (SideMark.DOOR, SideMark.WINDOW):
        p, q = _lerp(a, b, 0.3), _lerp(a, b, 0.7)
        u = _unit(_sub(b, a))
        n = _mul(_perp(u), style.width * s * 0.75)
        box = [_add(p, n), _add(q, n), _sub(q, n), _sub(p, n)]
        out.append(f'<path d="{_poly(box)}" fill="{style.accent}" stroke="{OUTLINE}" stroke-width="{_n(0.025 * s)}"/>')
        if style.mark is SideMark.WINDOW:
            m = _lerp(p, q, 0.5)
            out.append(
                f'<path d="M{_pt(_add(m, n))} L{_pt(_sub(m, n))}" stroke="{OUTLINE}" stroke-width="{_n(0.025 * s)}"/>'
            )
    return out


def _crossing(style: HexSideStyle, a: Point, b: Point, outward: Point, s: float) -> list[str]:
    """A bridge or ford laid across the middle of a side (across a side river)."""
    mid = _lerp(a, b, 0.5)
    half_len = 0.3 * s
    half_w = style.width * s / 2
    along = _mul(outward, half_len)
    across = _mul(_perp(outward), half_w)
    box = [
        _add(_sub(mid, along), across),
        _add(_add(mid, along), across),
        _sub(_add(mid, along), across),
        _sub(_sub(mid, along), across),
    ]
    return [
        f'<path d="{_poly(box)}" fill="{style.accent}" stroke="{style.colour}" stroke-width="{_n(0.04 * s)}"'
        f' stroke-linejoin="round"{_dash((0.06, 0.04), s) if "ford" in (style.key, *style.aliases) else ""}/>'
    ]


def _stakes(style: HexSideStyle, a: Point, b: Point, outward: Point, s: float) -> list[str]:
    """A row of small crosses just outside the owning hex."""
    segs = []
    r = 0.06 * s
    for t in (0.2, 0.4, 0.6, 0.8):
        m = _add(_lerp(a, b, t), _mul(outward, 0.1 * s))
        for d in ((1, 1), (1, -1)):
            u = _mul(_unit((outward[0] * d[0] - outward[1] * d[1], outward[1] * d[0] + outward[0] * d[1])), r)
            segs.append(f"M{_pt(_sub(m, u))} L{_pt(_add(m, u))}")
    return [
        f'<path d="{" ".join(segs)}" stroke="{style.colour}" stroke-width="{_n(style.width * s)}"'
        ' stroke-linecap="round"/>'
    ]


def _escarpment(style: HexSideStyle, a: Point, b: Point, outward: Point, s: float) -> list[str]:
    """A baseline on the side with teeth pointing down-slope (away from the owning hex)."""
    inset = _mul(outward, -0.05 * s)
    a2, b2 = _add(a, inset), _add(b, inset)
    teeth = []
    n = 5
    for i in range(n):
        p = _lerp(a2, b2, (i + 0.15) / n)
        q = _lerp(a2, b2, (i + 0.85) / n)
        tip = _add(_lerp(p, q, 0.5), _mul(outward, 0.17 * s))
        teeth.append(_poly([p, tip, q]))
    return [
        f'<path d="M{_pt(a2)} L{_pt(b2)}" stroke="{style.colour}" stroke-width="{_n(style.width * s)}"'
        ' stroke-linecap="round"/>',
        f'<path d="{" ".join(teeth)}" fill="{style.colour}"/>',
    ]


def _hex_feature(style: HexFeatureStyle, c: Point, along: Point, s: float) -> list[str]:
    across = _perp(along)
    if style.mark is FeatureMark.BRIDGE:
        half_len, half_w = 0.78 * s, 0.2 * s
        box = [
            _add(_add(c, _mul(along, half_len)), _mul(across, half_w)),
            _sub(_add(c, _mul(along, half_len)), _mul(across, half_w)),
            _sub(_sub(c, _mul(along, half_len)), _mul(across, half_w)),
            _add(_sub(c, _mul(along, half_len)), _mul(across, half_w)),
        ]
        planks = []
        for i in range(1, 8):
            m = _add(c, _mul(along, -half_len + 2 * half_len * i / 8))
            planks.append(f"M{_pt(_add(m, _mul(across, half_w)))} L{_pt(_sub(m, _mul(across, half_w)))}")
        rails = []
        for sign in (1, -1):
            off = _mul(across, sign * (half_w + 0.03 * s))
            rails.append(
                f"M{_pt(_add(_sub(c, _mul(along, half_len * 0.95)), off))}"
                f" L{_pt(_add(_add(c, _mul(along, half_len * 0.95)), off))}"
            )
        return [
            f'<path d="{_poly(box)}" fill="{style.colour}"/>',
            f'<path d="{" ".join(planks)}" stroke="{style.accent}" stroke-opacity="0.5"'
            f' stroke-width="{_n(0.02 * s)}"/>',
            f'<path d="{" ".join(rails)}" stroke="{style.accent}" stroke-width="{_n(0.06 * s)}"'
            ' stroke-linecap="round"/>',
        ]
    # Ford: a pale band of shallows with stepping stones.
    half_len = 0.8 * s
    band = (
        f'<path d="M{_pt(_sub(c, _mul(along, half_len)))} L{_pt(_add(c, _mul(along, half_len)))}"'
        f' stroke="{style.colour}" stroke-opacity="0.85" stroke-width="{_n(0.34 * s)}" stroke-linecap="round"/>'
    )
    stones = []
    for i, t in enumerate((-0.6, -0.3, 0.0, 0.3, 0.6)):
        shift = 0.07 if i % 2 else -0.07
        p = _add(_add(c, _mul(along, t * s)), _mul(across, shift * s))
        stones.append(f'<circle cx="{_n(p[0])}" cy="{_n(p[1])}" r="{_n(0.07 * s)}" fill="{style.accent}"/>')
    return [band, *stones]


# --- counters ---------------------------------------------------------------------------------


def _deployed(c: Counter, centre: Point, side: Side, attached: list[General], s: float) -> list[str]:
    w, h = 1.26 * s, 0.62 * s
    cx, cy = centre[0], centre[1] - 0.04 * s
    out = [
        _rect(cx - w / 2 + 0.04 * s, cy - h / 2 + 0.05 * s, w, h, 0.08 * s, 'fill="#000000" fill-opacity="0.3"'),
        _rect(
            cx - w / 2,
            cy - h / 2,
            w,
            h,
            0.08 * s,
            f'fill="{side.colour}" stroke="{OUTLINE}" stroke-width="{_n(0.04 * s)}"',
        ),
    ]
    left, right = cx - w / 2 + 0.07 * s, cx + w / 2 - 0.07 * s
    drop = 0.07 * s if attached else 0.0  # room for generals riding on the top edge
    cy += drop
    mid = (left + right) / 2
    has_stands = c.stands is not None
    name, size = _fit(c.name, right - left, 0.3 * s, 0.16 * s, bold=True)
    out.append(_text(mid, cy + (-0.01 if has_stands else 0.1) * s, name, size, side.ink, bold=True))
    if has_stands:
        out.extend(_stands(c, (mid, cy + 0.15 * s), side.ink, s, small=False))
    for j, gen in enumerate(attached):
        x = cx + (j - (len(attached) - 1) / 2) * 0.42 * s
        out.extend(
            _disc(
                gen.name,
                side.colour,
                side.ink,
                (x, cy - drop - h / 2 - 0.04 * s),
                0.19 * s,
                s,
                hero=gen.hero,
                chief=gen.chief,
                ring=side.ink,
            )
        )
    return out


def _stands(c: Counter, at: Point, ink: str, s: float, *, small: bool) -> list[str]:
    assert c.stands is not None
    full = c.full_stands if c.full_stands is not None else c.stands
    if c.stands_display is StandsDisplay.FRACTION:
        text = f"{c.stands}/{full}" if c.full_stands is not None else str(c.stands)
        size = (0.15 if small else 0.19) * s
        return [_text(at[0], at[1] + 0.36 * size, text, size, ink, bold=True)]
    r = (0.04 if small else 0.052) * s
    gap = (0.115 if small else 0.15) * s
    if full > 8:  # too many to draw: fall back to a number
        return [_text(at[0], at[1] + 0.06 * s, f"{c.stands}/{full}", 0.17 * s, ink, bold=True)]
    out = []
    x0 = at[0] - gap * (full - 1) / 2
    for i in range(full):
        x = x0 + gap * i
        if i < c.stands:
            out.append(f'<circle cx="{_n(x)}" cy="{_n(at[1])}" r="{_n(r)}" fill="{ink}"/>')
        else:
            out.append(
                f'<circle cx="{_n(x)}" cy="{_n(at[1])}" r="{_n(r * 0.8)}" fill="none" stroke="{ink}"'
                f' stroke-width="{_n(0.02 * s)}"/>'
            )
    return out


def _chips(chips: list[tuple[str, str, str]], at: Point, s: float) -> list[str]:
    """Small lettered markers in a row centred on ``at``."""
    size = 0.19 * s
    height = 0.26 * s
    widths = [max(height, text_width(t, size, bold=True) + 0.1 * s) for t, _, _ in chips]
    gap = 0.04 * s
    x = at[0] - (sum(widths) + gap * (len(widths) - 1)) / 2
    out = []
    for (text, colour, ink), w in zip(chips, widths, strict=True):
        out.append(
            _rect(
                x,
                at[1] - height / 2,
                w,
                height,
                height / 2,
                f'fill="{colour}" stroke="#ffffff" stroke-width="{_n(0.03 * s)}"',
            )
        )
        out.append(_text(x + w / 2, at[1] + 0.36 * size, text, size, ink, bold=True))
        x += w + gap
    return out


def _star(at: Point, r: float) -> str:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.radians(90 + 36 * i)
        pts.append((at[0] + rad * math.cos(a), at[1] - rad * math.sin(a)))
    return f'<path d="{_poly(pts)}" fill="{_GOLD}" stroke="{OUTLINE}" stroke-width="{_n(r * 0.18)}"/>'


def _disc(
    name: str,
    colour: str,
    ink: str,
    at: Point,
    r: float,
    s: float,
    *,
    hero: bool,
    chief: bool,
    ring: str = "#ffffff",
) -> list[str]:
    x, y = at
    out = []
    if chief:
        out.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r + 0.065 * s)}" fill="none" stroke="{OUTLINE}"'
            f' stroke-width="{_n(0.03 * s)}"/>'
        )
    out.append(
        f'<circle class="general" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{colour}"'
        f' stroke="{_GOLD if hero else ring}" stroke-width="{_n((0.07 if hero else 0.045) * s)}"/>'
    )
    out.append(
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r + (0.035 if hero else 0.022) * s)}" fill="none"'
        f' stroke="{OUTLINE}" stroke-width="{_n(0.02 * s)}"/>'
    )
    text, size = _fit(name, 1.6 * r, 0.9 * r, 0.45 * r, bold=True)
    out.append(_text(x, y + 0.36 * size, text, size, ink, bold=True))
    if hero:
        out.append(_star((x + 0.75 * r, y - 0.75 * r), 0.42 * r))
    return out


# --- arrows -----------------------------------------------------------------------------------


def _arrow(kind: ArrowKind, pts: list[Point], colour: str, s: float) -> list[str]:
    start_cut = {ArrowKind.ATTACK: 0.3, ArrowKind.SHOT: 0.3}.get(kind, 0.0) * s
    end_cut = {ArrowKind.ATTACK: 0.32, ArrowKind.SHOT: 0.42}.get(kind, 0.45) * s
    pts = list(pts)
    first_dir = _unit(_sub(pts[1], pts[0]))
    pts[0] = _add(pts[0], _mul(first_dir, start_cut))
    last_dir = _unit(_sub(pts[-1], pts[-2]))
    tip = _sub(pts[-1], _mul(last_dir, end_cut))
    if kind is ArrowKind.SHOT:
        line_pts = pts[:-1] + [_sub(tip, _mul(last_dir, 0.12 * s))]
        d = _smooth(line_pts)
        return [
            f'<path d="{d}" fill="none" stroke="#ffffff" stroke-width="{_n(0.1 * s)}" stroke-linecap="round"'
            f' stroke-opacity="0.8"/>',
            f'<path d="{d}" fill="none" stroke="{_SHOT}" stroke-width="{_n(0.055 * s)}" stroke-linecap="round"'
            f"{_dash((0.001, 0.1), s)}/>",
            f'<circle cx="{_n(tip[0])}" cy="{_n(tip[1])}" r="{_n(0.12 * s)}" fill="#ffffff" fill-opacity="0.6"'
            f' stroke="{_SHOT}" stroke-width="{_n(0.05 * s)}"/>',
            f'<circle cx="{_n(tip[0])}" cy="{_n(tip[1])}" r="{_n(0.035 * s)}" fill="{_SHOT}"/>',
        ]
    if kind is ArrowKind.ATTACK:
        head_len, head_half, width, fill, edge = 0.4 * s, 0.26 * s, 0.13 * s, _ATTACK, OUTLINE
        dash: tuple[float, ...] = ()
    elif kind is ArrowKind.RETREAT:
        head_len, head_half, width, fill, edge = 0.28 * s, 0.17 * s, 0.065 * s, _RETREAT, "#ffffff"
        dash = (0.12, 0.08)
    else:
        head_len, head_half, width, fill, edge = 0.3 * s, 0.18 * s, 0.075 * s, colour, "#ffffff"
        dash = (0.22, 0.1)
    base = _sub(tip, _mul(last_dir, head_len * 0.9))
    d = _smooth(pts[:-1] + [base])
    head = [
        tip,
        _add(_sub(tip, _mul(last_dir, head_len)), _mul(_perp(last_dir), head_half)),
        _sub(_sub(tip, _mul(last_dir, head_len)), _mul(_perp(last_dir), head_half)),
    ]
    casing = 0.06 * s if kind is ArrowKind.ATTACK else 0.055 * s
    return [
        f'<g class="arrow-{kind.value}">',
        f'<path d="{d}" fill="none" stroke="{edge}" stroke-width="{_n(width + casing)}" stroke-linecap="round"'
        ' stroke-linejoin="round" stroke-opacity="0.9"/>',
        f'<path d="{d}" fill="none" stroke="{fill}" stroke-width="{_n(width)}" stroke-linejoin="round"'
        f"{_dash(dash, s)}/>",
        f'<path d="{_poly(head)}" fill="{fill}" stroke="{edge}" stroke-width="{_n(0.035 * s)}"'
        ' stroke-linejoin="round"/>',
        "</g>",
    ]


# --- legend swatches ----------------------------------------------------------------------------


def _swatch_route(style: RouteStyle, s: float) -> Callable[[float, float], list[str]]:
    def draw(x: float, y: float) -> list[str]:
        return _route(style, [(x - 0.6 * s, y + 0.12 * s), (x, y - 0.1 * s), (x + 0.6 * s, y + 0.08 * s)], s)

    return draw


def _swatch_side(style: HexSideStyle, s: float) -> Callable[[float, float], list[str]]:
    def draw(x: float, y: float) -> list[str]:
        a, b = (x - 0.5 * s, y), (x + 0.5 * s, y)
        outward = (0.0, 1.0)
        match style.mark:
            case SideMark.ROAD_LINK:
                return [
                    f'<circle cx="{_n(a[0])}" cy="{_n(y)}" r="{_n(0.05 * s)}" fill="{MUTED}"/>',
                    *_road_link(style, a, b, s),
                ]
            case SideMark.CROSSING:
                return [*_side_line_water(a, b, s), *_crossing(style, a, b, (1.0, 0.0), s)]
            case SideMark.STAKES:
                return [_guide(a, b, s), *_stakes(style, (a[0], y - 0.1 * s), (b[0], y - 0.1 * s), outward, s)]
            case SideMark.ESCARPMENT:
                return _escarpment(style, (a[0], y - 0.08 * s), (b[0], y - 0.08 * s), outward, s)
            case _:
                return _side_line(style, a, b, s)

    return draw


def _guide(a: Point, b: Point, s: float) -> str:
    """A faint hex-side line so one-sided marks read as belonging to a side."""
    return (
        f'<path d="M{_pt((a[0], a[1] - 0.1 * s))} L{_pt((b[0], b[1] - 0.1 * s))}" stroke="#000000"'
        f' stroke-opacity="0.3" stroke-width="{_n(0.03 * s)}"/>'
    )


def _side_line_water(a: Point, b: Point, s: float) -> list[str]:
    return [f'<path d="M{_pt(a)} L{_pt(b)}" stroke="#2f78c0" stroke-width="{_n(0.14 * s)}" stroke-linecap="round"/>']


def _swatch_feature(style: HexFeatureStyle, s: float) -> Callable[[float, float], list[str]]:
    def draw(x: float, y: float) -> list[str]:
        water = _rect(x - 0.65 * s, y - 0.3 * s, 1.3 * s, 0.6 * s, 0.06 * s, 'fill="#9fd0f0"')
        inner = _hex_feature(style, (x, y), (1.0, 0.0), s * 0.78)
        return [water, *inner]

    return draw


def _swatch_side_colour(side: Side, s: float) -> Callable[[float, float], list[str]]:
    def draw(x: float, y: float) -> list[str]:
        return [
            _rect(
                x - 0.55 * s,
                y - 0.27 * s,
                1.1 * s,
                0.54 * s,
                0.07 * s,
                f'fill="{side.colour}" stroke="{OUTLINE}" stroke-width="{_n(0.04 * s)}"',
            )
        ]

    return draw


def _swatch_formation(formation: Formation, s: float) -> Callable[[float, float], list[str]]:
    def draw(x: float, y: float) -> list[str]:
        paint = f'fill="#8c8c8c" stroke="{OUTLINE}" stroke-width="{_n(0.04 * s)}"'
        if formation is Formation.COLUMN:
            return [
                _rect(x - 0.5 * s, y - 0.17 * s, 1.0 * s, 0.34 * s, 0.05 * s, paint),
                _rect(x + 0.34 * s, y - 0.12 * s, 0.08 * s, 0.24 * s, 0.02 * s, 'fill="#ffffff"'),
                f'<path d="{_poly([(x + 0.72 * s, y), (x + 0.52 * s, y - 0.12 * s), (x + 0.52 * s, y + 0.12 * s)])}"'
                f' fill="#8c8c8c" stroke="{OUTLINE}" stroke-width="{_n(0.03 * s)}"/>',
            ]
        return [
            _rect(x - 0.45 * s, y - 0.22 * s, 0.8 * s, 0.44 * s, 0.06 * s, paint),
            f'<path d="{_poly([(x + 0.68 * s, y), (x + 0.44 * s, y - 0.12 * s), (x + 0.44 * s, y + 0.12 * s)])}"'
            f' fill="#8c8c8c" stroke="{OUTLINE}" stroke-width="{_n(0.03 * s)}"/>',
        ]

    return draw


def _swatch_stands(s: float, display: StandsDisplay = StandsDisplay.PIPS) -> Callable[[float, float], list[str]]:
    """A legend counter showing 3 of 4 stands, as pips or as a fraction."""

    def draw(x: float, y: float) -> list[str]:
        demo = Counter("", "", Hex(0, 0), stands=3, full_stands=4, stands_display=display)
        return [
            _rect(
                x - 0.55 * s,
                y - 0.25 * s,
                1.1 * s,
                0.5 * s,
                0.06 * s,
                f'fill="#8c8c8c" stroke="{OUTLINE}" stroke-width="{_n(0.035 * s)}"',
            ),
            *_stands(demo, (x, y), "#ffffff", 1.5 * s, small=False),
        ]

    return draw


def _swatch_chip(text: str, colour: str, ink: str, s: float) -> Callable[[float, float], list[str]]:
    def draw(x: float, y: float) -> list[str]:
        return _chips([(text, colour, ink)], (x, y), 1.6 * s)

    return draw


def _swatch_disc(s: float, *, hero: bool = False, chief: bool = False) -> Callable[[float, float], list[str]]:
    def draw(x: float, y: float) -> list[str]:
        return _disc("G", "#8c8c8c", "#ffffff", (x, y), 0.24 * s, s, hero=hero, chief=chief)

    return draw


def _swatch_arrow(kind: ArrowKind, s: float) -> Callable[[float, float], list[str]]:
    def draw(x: float, y: float) -> list[str]:
        cut = {ArrowKind.ATTACK: 0.32, ArrowKind.SHOT: 0.42}.get(kind, 0.45) * s
        start = {ArrowKind.ATTACK: 0.3, ArrowKind.SHOT: 0.3}.get(kind, 0.0) * s
        return _arrow(kind, [(x - 0.7 * s - start, y), (x + 0.7 * s + cut, y)], _NEUTRAL, s)

    return draw


# --- public ---------------------------------------------------------------------------------------


def render_svg(picture: BoardPicture) -> str:
    """The picture as a standalone SVG document (UTF-8 text, ends with a newline)."""
    return _Renderer(picture).document()


def board_layout(picture: BoardPicture) -> BoardLayout:
    """Where the map, its hexes, labels and the legend land on the canvas of :func:`render_svg`."""
    return _Renderer(picture).frame()[0]
