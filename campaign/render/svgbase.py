"""The SVG writer's building blocks: colours, numbers and text, plane geometry, path strings."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from campaign.hexgrid import DIRECTIONS, Hex, MapSpec
from campaign.picture import (
    ArrowKind,
    Status,
)
from campaign.render.typeface import text_width

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
