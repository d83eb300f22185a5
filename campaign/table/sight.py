"""Line of sight on a measured table [WC.GEOM.18] [WC.VIS.2]–[WC.VIS.8].

Sight runs from sample points on the observer's front edges (its whole perimeter when it sees
all round) to sample points on the target's near edge; the target is seen when one sight line
is clear. Stands block unless they are lower than the higher end of the line (and not hiding
dead space), or low stands a cavalry observer sees over; gaps narrower than 4 cm between
blocking stands block; woods block a line that runs more than 2 cm through them; higher
ground blocks.

>>> from shapely.geometry import box
>>> eye = Rect(10.0, 0.0, 90.0, 4.0, 2.0)
>>> target = Rect(10.0, 30.0, -90.0, 4.0, 2.0)
>>> sight = SightQuery(observer=(eye,), target=(target,))
>>> visible(sight, Ground())
True
>>> visible(sight, Ground(woods=(box(0, 10, 20, 13),)))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from campaign.table.contact import distance, footprint, in_contact, sample_perimeter, sample_segment
from campaign.table.frame import DEAD_SPACE_CM, Vec, dot, sub
from campaign.table.rect import Edge, Rect, Zone, zone_of
from campaign.table.terrain import WOODS_SIGHT_CM, Hill, level_at

__all__ = [
    "Blocker",
    "Ground",
    "SightQuery",
    "near_edges",
    "visible",
]

GAP_CLOSE_CM = 2.0
"""Closing radius of the gap rule: gaps under 4 cm between blockers are opaque [WC.VIS.3]."""
CAVALRY_SEE_OVER = 3
"""How many low stands a cavalry observer sees over [WC.VIS.6]."""


@dataclass(frozen=True, slots=True)
class Blocker:
    """A stand that may block sight (neither the observer's nor the target's)."""

    rect: Rect
    low: bool = False
    """Infantry or artillery: a cavalry observer may see over it [WC.VIS.6]."""


@dataclass(frozen=True, slots=True)
class Ground:
    """The terrain sight cares about."""

    hills: tuple[Hill, ...] = ()
    woods: tuple[BaseGeometry, ...] = ()
    """Woods and dense terrain polygons (the 2 cm rule) [WC.VIS.4]."""
    solid: tuple[BaseGeometry, ...] = ()
    """Impassable terrain that blocks sight outright."""
    stands: tuple[Blocker, ...] = ()
    """Every other stand; leaders are never listed [WC.GEOM.24] [WC.VIS.10]."""


@dataclass(frozen=True, slots=True)
class SightQuery:
    """Who looks at whom [WC.GEOM.18]."""

    observer: tuple[Rect, ...]
    """The observing stands: the front rank, or the one stand shooting."""
    target: tuple[Rect, ...]
    """Every stand of the target unit."""
    target_facing: float | None = None
    """The target's unit facing if it is in a regular formation (its near edge is a side of its
    bounding rectangle); None for an irregular target (judged stand by stand)."""
    all_round: bool = False
    """The observer sees all round (skirmishers, horse archers, war wagons, flyers, leaders)."""
    cavalry: bool = False
    """The observer is cavalry [WC.VIS.6]."""
    flyer: bool = False
    """The observer flies: dead space does not apply [WC.VIS.5]."""
    observer_footprint: tuple[Rect, ...] = ()
    """The observer's whole unit (its footprint is cut out of the gap closing); defaults to
    ``observer``."""


def _centre(rects: Sequence[Rect]) -> Vec:
    return (sum(r.cx for r in rects) / len(rects), sum(r.cy for r in rects) / len(rects))


def near_edges(q: SightQuery) -> tuple[tuple[Vec, Vec], ...]:
    """The target's near edge(s) as seen from the observer's centre [WC.GEOM.18] step 2."""
    eye = _centre(q.observer)
    if q.target_facing is not None:
        from campaign.table.formation import bounding_rect

        bound = bounding_rect(q.target, q.target_facing)
        zone = zone_of(bound, eye)
        edge = {Zone.FRONT: Edge.FRONT, Zone.REAR: Edge.REAR, Zone.LEFT: Edge.LEFT, Zone.RIGHT: Edge.RIGHT}.get(
            zone, Edge.FRONT
        )
        return (bound.edge(edge),)
    out: list[tuple[Vec, Vec]] = []
    for i, r in enumerate(q.target):
        for edge in Edge:
            a, b = r.edge(edge)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            normal = sub(mid, r.centre)
            if dot(normal, sub(eye, mid)) <= 0:
                continue
            line = LineString([a, b])
            if any(j != i and _edge_covered(line, o) for j, o in enumerate(q.target)):
                continue
            out.append((a, b))
    return tuple(out)


def _edge_covered(line: LineString, other: Rect) -> bool:
    return in_contact(line, other.polygon()) and float(line.intersection(other.polygon().buffer(0.01)).length) > 0.03


def _observer_points(q: SightQuery) -> tuple[Vec, ...]:
    pts: list[Vec] = []
    for r in q.observer:
        if q.all_round:
            pts.extend(sample_perimeter(r))
        else:
            pts.extend(sample_segment(*r.edge(Edge.FRONT)))
    return tuple(pts)


def visible(q: SightQuery, ground: Ground) -> bool:
    """Can the observer see the target [WC.GEOM.18] [WC.VIS.1] [WC.VIS.2]?"""
    targets = [p for edge in near_edges(q) for p in sample_segment(*edge)]
    own = footprint(q.observer_footprint or q.observer).union(footprint(q.target))
    cache: dict[frozenset[int], BaseGeometry | None] = {}
    levels = Levels(ground)
    for o in _observer_points(q):
        for t in targets:
            if _clear(o, t, q, ground, own, cache, levels):
                return True
    return False


class Levels:
    """The ground levels one sight query reads again and again, each worked out once: every
    blocking stand's level and the level at each sample point [WC.GEOM.16]."""

    def __init__(self, ground: Ground) -> None:
        self.hills = ground.hills
        self.stands = tuple(level_at(ground.hills, b.rect.front_mid()) for b in ground.stands)
        self.polygons = tuple(b.rect.polygon() for b in ground.stands)
        self._points: dict[Vec, int] = {}

    def at(self, p: Vec) -> int:
        level = self._points.get(p)
        if level is None:
            level = self._points[p] = level_at(self.hills, p)
        return level


def _clear(
    o: Vec,
    t: Vec,
    q: SightQuery,
    ground: Ground,
    own: BaseGeometry,
    cache: dict[frozenset[int], BaseGeometry | None],
    levels: Levels,
) -> bool:
    """Is the single sight line ``o``–``t`` unblocked [WC.GEOM.18] steps 3–8?"""
    lo_o, lo_t = levels.at(o), levels.at(t)
    hi = max(lo_o, lo_t)
    low_end = None if lo_o == lo_t else (o if lo_o < lo_t else t)
    line = LineString([o, t])
    if any(line.relate_pattern(s, "T********") for s in ground.solid):
        return False
    if not _hills_clear(line, hi, low_end, ground.hills, q.flyer):
        return False
    if not _woods_clear(line, hi, low_end, ground, q.flyer):
        return False
    opaque = _opaque_stands(line, (lo_o, lo_t), hi, low_end, q, ground, levels)
    if not opaque:
        return True
    key = frozenset(opaque)
    if key not in cache:
        shapes = [levels.polygons[i] for i in sorted(opaque)]
        closed = unary_union(shapes).buffer(GAP_CLOSE_CM, quad_segs=8).buffer(-GAP_CLOSE_CM, quad_segs=8)
        rest = closed.difference(own)
        cache[key] = None if rest.is_empty else rest
    k = cache[key]
    return k is None or not line.relate_pattern(k, "T********")


def _dead_space(low_end: Vec | None, low_level: int, shape: BaseGeometry, shape_level: int, flyer: bool) -> bool:
    """Is the lower end of a sight line in the dead space of ``shape`` [WC.VIS.5]?"""
    if flyer or low_end is None:
        return False
    return low_level <= shape_level and distance(Point(low_end), shape) <= DEAD_SPACE_CM


def _hills_clear(line: LineString, hi: int, low_end: Vec | None, hills: Sequence[Hill], flyer: bool) -> bool:
    """Step 7: higher ground blocks; a lower contour blocks through dead space only."""
    low_level = level_at(hills, low_end) if low_end is not None else hi
    for h in hills:
        if h.level > hi and line.intersects(h.shape):
            return False
        if (
            h.level < hi
            and low_level < h.level
            and _dead_space(low_end, low_level, h.shape, h.level, flyer)
            and line.relate_pattern(h.shape, "T********")
        ):
            return False
    return True


def _woods_clear(line: LineString, hi: int, low_end: Vec | None, ground: Ground, flyer: bool) -> bool:
    """Step 6: more than 2 cm of woods at or above the line's level blocks it."""
    low_level = level_at(ground.hills, low_end) if low_end is not None else hi
    for w in ground.woods:
        w_level = level_at(ground.hills, (w.representative_point().x, w.representative_point().y))
        if w_level < hi and not _dead_space(low_end, low_level, w, w_level, flyer):
            continue
        if float(line.intersection(w).length) > WOODS_SIGHT_CM:
            return False
    return True


def _opaque_stands(
    line: LineString,
    ends: tuple[int, int],
    hi: int,
    low_end: Vec | None,
    q: SightQuery,
    ground: Ground,
    levels: Levels,
) -> set[int]:
    """Step 4: which other stands are opaque for this sight line (``ends``: the levels at the
    observer's and the target's end)."""
    lvl_o = ends[0]
    low_level = min(ends) if low_end is not None else hi
    out: set[int] = set()
    see_over: list[int] = []
    for i, b in enumerate(ground.stands):
        b_level = levels.stands[i]
        if b_level < hi and not _dead_space(low_end, low_level, levels.polygons[i], b_level, q.flyer):
            continue
        if q.cavalry and b.low and b_level <= lvl_o:
            see_over.append(i)
            continue
        out.add(i)
    crossed = [i for i in see_over if line.intersects(levels.polygons[i])]
    if len(crossed) > CAVALRY_SEE_OVER:
        out.update(see_over)
    return out
