"""Draw a :class:`BoardPicture` as a self-contained, deterministic SVG document.

Equal pictures give byte-identical SVG: element ids come from style keys and positions, numbers
are printed with two decimals, and nothing depends on the clock, randomness or object ids.
All text is escaped. The SVG has a ``viewBox``, an accessible ``<title>`` and ``<desc>``, and
names only the shipped typeface, so :func:`campaign.render.render_png` draws it the same way
everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from campaign.hexgrid import Hex, MapSpec, Orientation
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
    Pattern,
    SideMark,
    TerrainStyle,
)
from campaign.render.svgbase import (
    _NEUTRAL,
    ARROW_LABELS,
    BACKGROUND,
    MUTED,
    OUTLINE,
    SQRT3,
    STATUS_LOOK,
    Point,
    _add,
    _esc,
    _fit,
    _Geometry,
    _lerp,
    _mul,
    _n,
    _perp,
    _poly,
    _pt,
    _slug,
    _sub,
    _text,
    _unit,
)
from campaign.render.svgparts import (
    _arrow,
    _chips,
    _crossing,
    _deployed,
    _disc,
    _escarpment,
    _hex_feature,
    _is_water,
    _pattern,
    _rect,
    _road_link,
    _route,
    _shade,
    _side_line,
    _stakes,
    _stands,
    _swatch_arrow,
    _swatch_chip,
    _swatch_disc,
    _swatch_feature,
    _swatch_formation,
    _swatch_route,
    _swatch_side,
    _swatch_side_colour,
    _swatch_stands,
)
from campaign.render.typeface import CSS_FONT_FAMILY, text_width

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

    def __init__(self, p: BoardPicture, hex_ids: bool = False) -> None:
        self.p = p
        self.hex_ids = hex_ids
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
            *self.hex_targets(),
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

    def hex_targets(self) -> list[str]:
        """Opt-in (the order sheet): one transparent outline per hex, named by its label, on top of
        everything, so a page script can find a clicked hex. Off by default: digests stay as they were."""
        if not self.hex_ids:
            return []
        out = ['<g class="hex-targets" fill="#ffffff" fill-opacity="0">']
        for h in self.p.map_spec.hexes():
            out.append(f'<path data-hex="{_esc(self.p.map_spec.label(h))}" d="{_poly(self.g.corners(h))}"/>')
        out.append("</g>")
        return out

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


# --- public ---------------------------------------------------------------------------------------


def render_svg(picture: BoardPicture, *, hex_ids: bool = False) -> str:
    """The picture as a standalone SVG document (UTF-8 text, ends with a newline); `hex_ids` adds a
    top layer of transparent hexes carrying `data-hex` labels (for the order sheet only)."""
    return _Renderer(picture, hex_ids).document()


def board_layout(picture: BoardPicture) -> BoardLayout:
    """Where the map, its hexes, labels and the legend land on the canvas of :func:`render_svg`."""
    return _Renderer(picture).frame()[0]
