"""Distances, contact, overlap, the contacted edge, flush stands and sampling [WC.GEOM.2]
[WC.GEOM.10]–[WC.GEOM.13].

>>> a = Rect(0.0, 0.0, 90.0, 4.0, 2.0)
>>> b = Rect(0.0, 2.0, -90.0, 4.0, 2.0)
>>> in_contact(a.polygon(), b.polygon()), overlaps(a.polygon(), b.polygon()), contacted_edge(a, b)
(True, False, <Edge.FRONT: 'front'>)
>>> flush(a, b)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from campaign.table.frame import CONTACT_EPS, OVERLAP_AREA, SAMPLE_STEP, Vec, angle_between, length, sub
from campaign.table.rect import Edge, Rect, zone_of

__all__ = [
    "LEADER_RADIUS",
    "contacted_edge",
    "leader_contacted",
    "distance",
    "flush",
    "footprint",
    "in_contact",
    "overlaps",
    "sample_segment",
    "sample_perimeter",
]

_EDGE_NORMAL_SIGN = {Edge.FRONT: (1, 0), Edge.REAR: (-1, 0), Edge.LEFT: (0, -1), Edge.RIGHT: (0, 1)}
_MIN_EDGE_CONTACT = 1e-3
"""Length (cm) of the closest-point set along one edge above which contact is edge contact."""


def distance(a: BaseGeometry, b: BaseGeometry) -> float:
    """The minimum Euclidean distance between two shapes (0 when they touch) [WC.GEOM.10]."""
    return float(a.distance(b))


def in_contact(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Are two shapes within CONTACT_EPS (0.01 cm), corners included [WC.GEOM.2] [WC.GEOM.11]?"""
    return distance(a, b) <= CONTACT_EPS


def overlaps(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Do two shapes share more than 1e-4 cm² of area [WC.GEOM.2]?"""
    if not a.intersects(b):
        return False
    return float(a.intersection(b).area) > OVERLAP_AREA


def footprint(rects: Iterable[Rect]) -> BaseGeometry:
    """The union of stand rectangles: a unit's footprint [WC.GEOM.8]."""
    return unary_union([r.polygon() for r in rects])


def _outward_normal(rect: Rect, edge: Edge) -> Vec:
    sf, sr = _EDGE_NORMAL_SIGN[edge]
    f, r = rect.f, rect.r
    return (f[0] * sf + r[0] * sr, f[1] * sf + r[1] * sr)


def contacted_edge(a: Rect, b: Rect) -> Edge | None:
    """Which edge of stand ``a`` stand ``b`` contacts, or None if they are not in contact
    [WC.GEOM.12].

    When the closest points of the two stands include a segment of positive length on one
    edge of ``a``, that edge; otherwise (a corner touch) the edge named by the zone of ``b``'s
    centre relative to ``a`` [WC.GEOM.5].
    """
    pa, pb = a.polygon(), b.polygon()
    d = distance(pa, pb)
    if d > CONTACT_EPS:
        return None
    near = pb.buffer(d + 1e-6, quad_segs=16)
    best: tuple[float, Edge] | None = None
    for edge in Edge:
        run = float(a.edge_line(edge).intersection(near).length)
        if run > _MIN_EDGE_CONTACT and (best is None or run > best[0]):
            best = (run, edge)
    if best is not None:
        return best[1]
    zone = zone_of(a, b.centre)
    return {"front": Edge.FRONT, "rear": Edge.REAR, "left": Edge.LEFT, "right": Edge.RIGHT}.get(zone.value, Edge.FRONT)


def flush(a: Rect, b: Rect) -> bool:
    """Are two stands flush [WC.GEOM.13]: facing edges anti-parallel within 0.5°, at most
    CONTACT_EPS apart, and overlapping along at least ``min(len_a, len_b) − 0.01``?"""
    for ea in Edge:
        na = _outward_normal(a, ea)
        la = a.edge_line(ea)
        for eb in Edge:
            nb = _outward_normal(b, eb)
            if angle_between(na, nb) < 180.0 - 0.5:
                continue
            lb = b.edge_line(eb)
            if distance(la, lb) > CONTACT_EPS:
                continue
            need = min(la.length, lb.length) - 0.01
            if overlap_along(la, lb) >= need:
                return True
    return False


def overlap_along(la: LineString, lb: LineString) -> float:
    """Length of the common stretch of two nearly collinear segments, projected on ``la``."""
    (x0, y0), (x1, y1) = la.coords
    ux, uy = x1 - x0, y1 - y0
    n = math.hypot(ux, uy)
    if n == 0:
        return 0.0
    ux, uy = ux / n, uy / n
    ts = sorted((px - x0) * ux + (py - y0) * uy for px, py in lb.coords)
    return float(max(0.0, min(n, ts[1]) - max(0.0, ts[0])))


LEADER_RADIUS = 1.0
"""Leaders are points with a contact radius of 1 cm [WC.GEOM.24]."""


def leader_contacted(leader: Vec, shape: BaseGeometry) -> bool:
    """Has a unit footprint come within 1 cm of a leader point [WC.GEOM.24]? Leaders never block
    movement or sight and take part in no collision test."""
    return float(shape.distance(Point(leader))) <= LEADER_RADIUS + 1e-9


def sample_segment(a: Vec, b: Vec, step: float = SAMPLE_STEP) -> tuple[Vec, ...]:
    """Points at most ``step`` (0.5 cm) apart from ``a`` to ``b``, both ends included, evenly
    spaced, in order [WC.GEOM.2].

    Pass an edge left to right as seen from its element's facing (FL then FR for a front edge)
    so that samples come in the fixed order the rules require.

    >>> len(sample_segment((0.0, 0.0), (4.0, 0.0))), sample_segment((0.0, 0.0), (0.0, 0.0))
    (9, ((0.0, 0.0),))
    """
    n = math.ceil(length(sub(b, a)) / step - 1e-9)
    if n <= 0:
        return (a,)
    return tuple((a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1))


def sample_perimeter(rect: Rect, step: float = SAMPLE_STEP) -> tuple[Vec, ...]:
    """Sample points around the whole perimeter (for observers that see all round)
    [WC.GEOM.18], clockwise from FL: front, right, rear, left, no point repeated."""
    k = rect.corners()
    out: list[Vec] = []
    for a, b in ((k.fl, k.fr), (k.fr, k.rr), (k.rr, k.rl), (k.rl, k.fl)):
        out.extend(sample_segment(a, b, step)[:-1])
    return tuple(out)


def points_in(points: Sequence[Vec], shape: BaseGeometry) -> tuple[Vec, ...]:
    """The sample points that lie in or on ``shape``, in their given order."""
    return tuple(p for p in points if shape.intersects(Point(p)))


def polygon_of(points: Sequence[Vec]) -> Polygon:
    """A polygon from a ring of points (for terrain read from data files)."""
    return Polygon(points)
