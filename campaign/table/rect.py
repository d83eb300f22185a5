"""Stand rectangles: stored poses, corners, edges, local coordinates, zones and the frontal arc.

A stand is a rectangle with a centre, a facing (the outward normal of its front edge), a width
along the front edge and a depth [WC.GEOM.3]. :class:`Pose` is what state stores (integers,
hundredths of a cm and of a degree); :class:`Rect` is the float64 shape computation uses.

>>> r = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
>>> [tuple(round(c, 6) for c in p) for p in r.corners()]
[(-2.0, 1.0), (2.0, 1.0), (-2.0, -1.0), (2.0, -1.0)]
>>> zone_of(r, (0.0, 5.0)), zone_of(r, (5.0, 3.0)), zone_of(r, (0.0, 0.5))
(<Zone.FRONT: 'front'>, <Zone.RIGHT: 'right'>, <Zone.NONE: 'none'>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from shapely.geometry import LineString, Polygon

from campaign.table.frame import EPS, Vec, add, cm, deg, direction, dot, q_cm, q_deg, scale, sub

__all__ = [
    "ARC_REACH",
    "Corners",
    "Edge",
    "Local",
    "Pose",
    "Rect",
    "Zone",
    "frontal_arc",
    "in_frontal_arc",
    "zone_of",
    "zone_polygon",
]

ARC_REACH = 2000.0
"""How far (cm) zone polygons are drawn out: beyond any table [WC.GEOM.6]."""


class Zone(Enum):
    """Which of a rectangle's four 90° zones a point lies in [WC.GEOM.5]."""

    FRONT = "front"
    """Ahead, between the 45° rays from the front corners (front diagonals included)."""
    REAR = "rear"
    """Behind, between the 45° rays from the rear corners (diagonals excluded)."""
    LEFT = "left"
    """The left flank (rear diagonal included)."""
    RIGHT = "right"
    """The right flank (rear diagonal included)."""
    NONE = "none"
    """Inside the rectangle or on its boundary."""


class Edge(Enum):
    """One of a rectangle's four edges [WC.GEOM.3]."""

    FRONT = "front"
    """FL–FR."""
    REAR = "rear"
    """RL–RR."""
    LEFT = "left"
    """FL–RL."""
    RIGHT = "right"
    """FR–RR."""

    @property
    def is_flank_or_rear(self) -> bool:
        """Left, right or rear: what "flank or rear contact" means [WC.GEOM.12]."""
        return self is not Edge.FRONT


class Corners(NamedTuple):
    """The four corners of a rectangle [WC.GEOM.3]."""

    fl: Vec
    fr: Vec
    rl: Vec
    rr: Vec


class Local(NamedTuple):
    """A point in a rectangle's local frame [WC.GEOM.4]: along the facing ``u``, to the right
    ``v``, and how far past the half-depth ``du`` and half-width ``dv`` it lies."""

    u: float
    v: float
    du: float
    dv: float

    @property
    def outside(self) -> bool:
        """The point lies outside the rectangle: ``max(du, dv) > 0`` (with EPS) [WC.GEOM.4]."""
        return max(self.du, self.dv) > EPS


@dataclass(frozen=True, slots=True)
class Pose:
    """A stored stand position: centre and facing as integers (0.01 cm, 0.01°) [WC.GEOM.2].

    >>> Pose.of(10.0, 5.5, 90.0)
    Pose(x=1000, y=550, facing=9000)
    """

    x: int
    y: int
    facing: int

    @staticmethod
    def of(x_cm: float, y_cm: float, facing_deg: float) -> Pose:
        """The pose nearest to a float position, quantised for storage [WC.GEOM.2]."""
        return Pose(q_cm(x_cm), q_cm(y_cm), q_deg(facing_deg))

    def rect(self, width: int, depth: int) -> Rect:
        """The stand's float rectangle for a stored width and depth (hundredths of a cm)."""
        return Rect(cm(self.x), cm(self.y), deg(self.facing), cm(width), cm(depth))

    @property
    def centre(self) -> Vec:
        """The centre in cm."""
        return (cm(self.x), cm(self.y))


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle in float cm: centre, facing in degrees, width along the front, depth [WC.GEOM.3]."""

    cx: float
    cy: float
    facing: float
    width: float
    depth: float

    @property
    def centre(self) -> Vec:
        """The centre ``c``."""
        return (self.cx, self.cy)

    @property
    def f(self) -> Vec:
        """The unit facing vector ``(cos θ, sin θ)`` [WC.GEOM.3]."""
        return direction(self.facing)

    @property
    def r(self) -> Vec:
        """The unit vector to the stand's right, ``(sin θ, −cos θ)`` [WC.GEOM.3]."""
        f = self.f
        return (f[1], -f[0])

    def corners(self) -> Corners:
        """FL, FR, RL, RR [WC.GEOM.3]."""
        c, f, r = self.centre, self.f, self.r
        a, b = self.depth / 2, self.width / 2
        front, back = scale(f, a), scale(f, -a)
        left, right = scale(r, -b), scale(r, b)
        return Corners(
            add(add(c, front), left), add(add(c, front), right), add(add(c, back), left), add(add(c, back), right)
        )

    def edge(self, which: Edge) -> tuple[Vec, Vec]:
        """An edge's end points in the order of [WC.GEOM.3]: front FL–FR, rear RL–RR, left FL–RL,
        right FR–RR."""
        k = self.corners()
        return {
            Edge.FRONT: (k.fl, k.fr),
            Edge.REAR: (k.rl, k.rr),
            Edge.LEFT: (k.fl, k.rl),
            Edge.RIGHT: (k.fr, k.rr),
        }[which]

    def edge_line(self, which: Edge) -> LineString:
        """An edge as a shapely segment."""
        return LineString(self.edge(which))

    def polygon(self) -> Polygon:
        """The rectangle as a shapely polygon (counter-clockwise: FL, RL, RR, FR)."""
        k = self.corners()
        return Polygon([k.fl, k.rl, k.rr, k.fr])

    def local(self, p: Vec) -> Local:
        """Local coordinates of point ``p`` [WC.GEOM.4]."""
        d = sub(p, self.centre)
        u, v = dot(d, self.f), dot(d, self.r)
        return Local(u, v, abs(u) - self.depth / 2, abs(v) - self.width / 2)

    def moved(self, dx: float, dy: float) -> Rect:
        """The same rectangle translated by ``(dx, dy)``."""
        return Rect(self.cx + dx, self.cy + dy, self.facing, self.width, self.depth)

    def front_mid(self) -> Vec:
        """The midpoint of the front edge (a stand's reference for levels) [WC.GEOM.16]."""
        return add(self.centre, scale(self.f, self.depth / 2))

    def pose(self) -> Pose:
        """This rectangle's centre and facing quantised for storage [WC.GEOM.2]."""
        return Pose.of(self.cx, self.cy, self.facing)


def zone_of(rect: Rect, p: Vec) -> Zone:
    """The zone of point ``p`` relative to ``rect`` [WC.GEOM.5].

    FRONT if ``u > 0`` and ``du >= dv``; REAR if ``u < 0`` and ``du > dv``; otherwise the flank
    on the side of ``v``. Ties on a diagonal are judged with the EPS tolerance, never exactly,
    so a point on a front diagonal is FRONT whatever the facing's float rounding does (second
    book check, item 10). Inside or on the rectangle: NONE.
    """
    loc = rect.local(p)
    if not loc.outside:
        return Zone.NONE
    if loc.u > 0 and loc.du >= loc.dv - EPS:
        return Zone.FRONT
    if loc.u < 0 and loc.du > loc.dv + EPS:
        return Zone.REAR
    return Zone.RIGHT if loc.v > 0 else Zone.LEFT


def zone_polygon(rect: Rect, zone: Zone, reach: float = ARC_REACH) -> Polygon:
    """A zone as a polygon clipped at ``reach`` cm from the rectangle [WC.GEOM.5] [WC.GEOM.6].

    Each zone is bounded by the rectangle's edge and the two 45° rays from that edge's corners.
    """
    if zone is Zone.NONE:
        return rect.polygon()
    k, f, r = rect.corners(), rect.f, rect.r
    root2 = 2**0.5
    out_fl = scale(sub(f, r), reach * root2)
    out_fr = scale(add(f, r), reach * root2)
    out_rl = scale(sub(scale(f, -1.0), r), reach * root2)
    out_rr = scale(sub(r, f), reach * root2)
    ring = {
        Zone.FRONT: [k.fl, k.fr, add(k.fr, out_fr), add(k.fl, out_fl)],
        Zone.REAR: [k.rr, k.rl, add(k.rl, out_rl), add(k.rr, out_rr)],
        Zone.LEFT: [k.rl, k.fl, add(k.fl, out_fl), add(k.rl, out_rl)],
        Zone.RIGHT: [k.fr, k.rr, add(k.rr, out_rr), add(k.fr, out_fr)],
    }[zone]
    return Polygon(ring)


def frontal_arc(rect: Rect) -> Polygon:
    """The frontal arc: the closed FRONT zone with the front edge [WC.GEOM.6] [WC.FLANK.2]."""
    return zone_polygon(rect, Zone.FRONT)


def in_frontal_arc(rect: Rect, shape: Polygon | LineString) -> bool:
    """Does ``shape`` intersect the frontal arc of ``rect`` [WC.GEOM.6]?"""
    return bool(frontal_arc(rect).intersects(shape))
