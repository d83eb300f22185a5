"""The SVG writer's drawing parts: terrain patterns, routes, hex sides, features, counters, arrows, legend swatches."""

from __future__ import annotations

import math
from collections.abc import Callable

from campaign.hexgrid import Hex
from campaign.picture import (
    ArrowKind,
    Counter,
    Formation,
    General,
    Side,
    StandsDisplay,
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
from campaign.render.svgbase import (
    _ATTACK,
    _GOLD,
    _NEUTRAL,
    _RETREAT,
    _SHOT,
    MUTED,
    OUTLINE,
    Point,
    _add,
    _dash,
    _fit,
    _lerp,
    _mul,
    _n,
    _perp,
    _poly,
    _pt,
    _smooth,
    _sub,
    _text,
    _unit,
)
from campaign.render.typeface import text_width


def _shade(level: int) -> float:
    return min(0.12 * level, 0.48)


def _is_water(style: RouteStyle) -> bool:
    return style.key in ("river", "stream") or "river" in style.aliases or "stream" in style.aliases


def _rect(x: float, y: float, w: float, h: float, r: float, paint: str) -> str:
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(r)}" {paint}/>'


# --- terrain patterns --------------------------------------------------------------------------


def _pattern(style: TerrainStyle, pid: str, s: float) -> str:
    """An SVG <pattern> tile: the terrain colour with the pattern drawn in the style's ink."""
    tile = _natural_tile(style.pattern, style.ink, s) or _drawn_tile(style.pattern, style.ink, s)
    w, h, transform, body = tile or (0.5 * s, 0.5 * s, "", [])
    return (
        f'<pattern id="{pid}" patternUnits="userSpaceOnUse" width="{_n(w)}" height="{_n(h)}"{transform}>'
        f"{''.join(body)}</pattern>"
    )


def _liner(ink: str, s: float) -> Callable[..., str]:
    """A straight stroke in `ink`, its width a fraction of the hex size `s`."""

    def line(a: Point, b: Point, width: float, cap: str = "round") -> str:
        return f'<path d="M{_pt(a)} L{_pt(b)}" stroke="{ink}" stroke-width="{_n(width * s)}" stroke-linecap="{cap}"/>'

    return line


def _natural_tile(pattern: Pattern, ink: str, s: float) -> tuple[float, float, str, list[str]] | None:
    """Tiles drawn from nature: dots, trees, bushes, waves, ripples, tufts (None: not one of them)."""
    w = h = 0.5 * s
    transform = ""
    body: list[str] = []
    line = _liner(ink, s)
    match pattern:
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
        case Pattern.TUFTS:
            w = h = 0.6 * s
            for fx, fy in ((0.28, 0.42), (0.78, 0.92)):
                x, y = fx * w, fy * h
                for dx, dy in ((-0.07, -0.11), (0.0, -0.15), (0.07, -0.11)):
                    body.append(line((x, y), (x + dx * s, y + dy * s), 0.025))
                body.append(line((x - 0.12 * s, y + 0.02 * s), (x + 0.12 * s, y + 0.02 * s), 0.025))
        case _:
            return None
    return w, h, transform, body


def _drawn_tile(pattern: Pattern, ink: str, s: float) -> tuple[float, float, str, list[str]] | None:
    """Tiles of lines: hatching, furrows, bricks, planks, hachures, chevrons, panes."""
    w = h = 0.5 * s
    transform = ""
    body: list[str] = []
    line = _liner(ink, s)
    match pattern:
        case Pattern.HATCH:
            w = h = 0.2 * s
            transform = ' patternTransform="rotate(45)"'
            body.append(line((-0.1 * w, h / 2), (1.1 * w, h / 2), 0.035, "butt"))
        case Pattern.CROSS_HATCH:
            w = h = 0.22 * s
            transform = ' patternTransform="rotate(45)"'
            body.append(line((-0.1 * w, h / 2), (1.1 * w, h / 2), 0.035))
            body.append(line((w / 2, -0.1 * h), (w / 2, 1.1 * h), 0.035))
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
        case _:
            return None
    return w, h, transform, body


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
