"""Ground: hill levels, "in terrain" tests, zones of control, blocked flanks and distances
measured around impassable ground [WC.GEOM.10] [WC.GEOM.16] [WC.GEOM.17] [WC.GEOM.19]
[WC.GEOM.20].

The module knows polygons and levels, not terrain names: a game says which polygons count as
woods, which are impassable and which are linear obstacles.

>>> from shapely.geometry import box
>>> hills = (Hill(box(0, 0, 20, 20), 1), Hill(box(5, 5, 15, 15), 2))
>>> level_at(hills, (10.0, 10.0)), level_at(hills, (2.0, 2.0)), level_at(hills, (30.0, 2.0))
(2, 1, 0)
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely import intersects_xy
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from campaign.table.contact import distance
from campaign.table.frame import EPS, Vec, add, length, scale, sub
from campaign.table.rect import Edge, Rect, Zone, zone_polygon

__all__ = [
    "FLANK_BLOCK_CM",
    "ZOC_REACH_CM",
    "Hill",
    "ZocGround",
    "cover",
    "flank_blocked",
    "front_edge_crosses",
    "fully_in",
    "geodesic_distance",
    "level_at",
    "stand_level",
    "unit_level",
    "zoc_region",
]

ZOC_REACH_CM = 8.0
"""How far a zone of control reaches ahead of each stand [WC.GEOM.19] [WC.ZOC.1]."""
FLANK_BLOCK_CM = 4.0
"""How near a blocker must be to a flank's middle to block it [WC.GEOM.20] [WC.FLANK.5]."""
ZOC_STEP = 0.25
"""Lateral spacing of the ZOC rays along a front edge [WC.GEOM.19]."""
WOODS_SIGHT_CM = 2.0
"""How far sight and zones of control reach into woods [WC.GEOM.18] [WC.GEOM.19]."""


@dataclass(frozen=True, slots=True)
class Hill:
    """One hill contour: a polygon and its integer level (nested polygons make a hill)
    [WC.GEOM.16]."""

    shape: Polygon
    level: int


def level_at(hills: Sequence[Hill], p: Vec) -> int:
    """The highest level of any hill polygon holding ``p`` (boundary included), else 0
    [WC.GEOM.16]."""
    if not hills:
        return 0
    x, y = p
    return max((h.level for h in hills if intersects_xy(h.shape, x, y)), default=0)


def stand_level(hills: Sequence[Hill], rect: Rect) -> int:
    """A stand's level: the level at the middle of its front edge [WC.GEOM.16]."""
    return level_at(hills, rect.front_mid())


def unit_level(hills: Sequence[Hill], front_rank: Sequence[Rect]) -> int:
    """A unit's level: the lower median of its front-rank stands' levels [WC.GEOM.16].

    >>> from shapely.geometry import box
    >>> hill = (Hill(box(0, 0, 10, 10), 1),)
    >>> unit_level(hill, [Rect(2, 5, 90, 4, 2), Rect(20, 5, 90, 4, 2)])
    0
    """
    levels = sorted(stand_level(hills, r) for r in front_rank)
    return levels[(len(levels) - 1) // 2]


def front_edge_crosses(rect: Rect, shape: BaseGeometry) -> bool:
    """Does the stand's front edge run through ``shape`` for more than EPS (the movement
    penalty test) [WC.GEOM.17] [WC.TERR.2]?"""
    return float(rect.edge_line(Edge.FRONT).intersection(shape).length) > EPS


def cover(rects: Sequence[Rect], shape: BaseGeometry) -> bool:
    """Is a unit "in" a terrain polygon: at least half of *all* its stands have some front-edge
    length inside it [WC.GEOM.17] [WC.TERR.3]?"""
    inside = sum(1 for r in rects if front_edge_crosses(r, shape))
    return 2 * inside >= len(rects) and inside > 0


def fully_in(rects: Sequence[Rect], shape: BaseGeometry) -> bool:
    """Does every stand lie inside ``shape`` [WC.GEOM.17]?"""
    grown = shape.buffer(EPS)
    return all(grown.contains(r.polygon()) for r in rects)


@dataclass(frozen=True, slots=True)
class ZocGround:
    """What stops a zone-of-control ray [WC.GEOM.19]."""

    footprints: tuple[BaseGeometry, ...] = ()
    """Every unit footprint except the exerting unit's and the mover's."""
    linear: tuple[BaseGeometry, ...] = ()
    """Linear obstacles (lines)."""
    impassable: tuple[BaseGeometry, ...] = ()
    woods: tuple[BaseGeometry, ...] = ()
    """Woods and dense terrain: the ray stops 2 cm inside."""
    hills: tuple[Hill, ...] = ()


def _ray_length(p: Vec, f: Vec, ground: ZocGround, reach: float) -> float:
    """How far a ZOC ray from ``p`` along ``f`` reaches [WC.GEOM.19]."""
    ray = LineString([p, add(p, scale(f, reach))])
    best = reach
    origin = Point(p)
    for g in (*ground.footprints, *ground.linear, *ground.impassable):
        if ray.intersects(g):
            best = min(best, float(origin.distance(ray.intersection(g))))
    for w in ground.woods:
        best = min(best, _depth_reached(ray, p, w, WOODS_SIGHT_CM))
    here = level_at(ground.hills, p)
    for h in ground.hills:
        if h.level > here and ray.intersects(h.shape):
            best = min(best, float(origin.distance(ray.intersection(h.shape))))
    return max(0.0, best)


def _depth_reached(ray: LineString, p: Vec, shape: BaseGeometry, depth: float) -> float:
    """Distance along ``ray`` at which its length inside ``shape`` first exceeds ``depth``."""
    inside = ray.intersection(shape)
    if inside.is_empty:
        return math.inf
    parts = getattr(inside, "geoms", [inside])
    spans = sorted(
        (min(Point(p).distance(Point(c)) for c in g.coords), max(Point(p).distance(Point(c)) for c in g.coords))
        for g in parts
        if g.length > 0
    )
    used = 0.0
    for a, b in spans:
        if used + (b - a) > depth:
            return float(a + (depth - used))
        used += b - a
    return math.inf


def zoc_region(rect: Rect, ground: ZocGround, reach: float = ZOC_REACH_CM) -> BaseGeometry:
    """The zone of control of one stand: rays of up to 8 cm from its front edge every 0.25 cm,
    each cut short by units, linear obstacles, impassable ground, woods (2 cm in) or higher
    ground [WC.GEOM.19] [WC.ZOC.3]."""
    fl, fr = rect.edge(Edge.FRONT)
    f = rect.f
    steps = max(1, math.ceil(rect.width / ZOC_STEP - 1e-9))
    base = [add(fl, scale(sub(fr, fl), i / steps)) for i in range(steps + 1)]
    tips = [add(p, scale(f, _ray_length(p, f, ground, reach))) for p in base]
    ring = base + list(reversed(tips))
    poly = Polygon(ring).buffer(0)
    return poly


def flank_blocked(bound: Rect, side: Zone, blockers: Sequence[BaseGeometry]) -> bool:
    """Is a regular unit's flank blocked: some friendly footprint or impassable polygon, clipped
    to that flank zone, lies within 4 cm of the flank's middle [WC.GEOM.20] [WC.FLANK.5]?"""
    if side not in (Zone.LEFT, Zone.RIGHT):
        raise ValueError("only the left and right flanks can be blocked")
    a, b = bound.edge(Edge.LEFT if side is Zone.LEFT else Edge.RIGHT)
    mid = Point((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    zone = zone_polygon(bound, side)
    for k in blockers:
        part = k.intersection(zone)
        if not part.is_empty and float(mid.distance(part)) <= FLANK_BLOCK_CM + EPS:
            return True
    return False


def _visible(a: Vec, b: Vec, barriers: BaseGeometry | None) -> bool:
    if barriers is None or a == b:
        return True
    seg = LineString([a, b])
    return not seg.relate_pattern(barriers, "T********")


def geodesic_distance(a: Vec, target: BaseGeometry, impassable: Sequence[BaseGeometry]) -> float:
    """The shortest distance from point ``a`` to ``target`` going around impassable polygon
    interiors, on a visibility graph [WC.GEOM.10] [WC.VIS.7]. ``math.inf`` if none exists.

    >>> from shapely.geometry import box
    >>> wall = [box(-1, -10, 1, 10)]
    >>> round(geodesic_distance((-5.0, 0.0), Point(5.0, 0.0), wall), 3)
    23.541
    """
    barriers = unary_union(list(impassable)) if impassable else None
    direct = LineString([a, _nearest(target, a)])
    if barriers is None or not direct.relate_pattern(barriers, "T********"):
        return distance(Point(a), target)
    nodes: list[Vec] = [a]
    for g in getattr(barriers, "geoms", [barriers]):
        nodes.extend((float(x), float(y)) for x, y in g.exterior.coords[:-1])
    nodes.extend((float(x), float(y)) for x, y in _corner_points(target))
    best = math.inf
    dist = {0: 0.0}
    heap = [(0.0, 0)]
    while heap:
        d, i = heapq.heappop(heap)
        if d > dist.get(i, math.inf) or d >= best:
            continue
        p = nodes[i]
        near = _nearest(target, p)
        if _visible(p, near, barriers):
            best = min(best, d + length(sub(near, p)))
        for j, q in enumerate(nodes):
            if j == i:
                continue
            nd = d + length(sub(q, p))
            if nd < dist.get(j, math.inf) and nd < best and _visible(p, q, barriers):
                dist[j] = nd
                heapq.heappush(heap, (nd, j))
    return best


def _nearest(target: BaseGeometry, p: Vec) -> Vec:
    q = nearest_points(target, Point(p))[0]
    return (float(q.x), float(q.y))


def _corner_points(target: BaseGeometry) -> list[tuple[float, float]]:
    if isinstance(target, Point):
        return [(target.x, target.y)]
    out: list[tuple[float, float]] = []
    for g in getattr(target, "geoms", [target]):
        if isinstance(g, Polygon):
            out.extend(g.exterior.coords[:-1])
    return out
