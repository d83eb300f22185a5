"""Bringing a group of stands into contact with an edge: closest points between edges, the
approach vector, and the aligned poses a charge chooses between [WC.GEOM.22] (the charge
geometry of [WC.CHARGE.13]–[WC.CHARGE.16]).

The rules (which edge, which candidates are legal, how to rank them) belong to the game; this
module gives the measurements.

>>> from campaign.table.formation import grid_rects
>>> line = grid_rects((10.0, 0.0), 90.0, files=2, ranks=1, width=4.0, depth=2.0)
>>> edge = ((12.0, 10.0), (20.0, 10.0))          # a target's front edge FR->FL, facing -y
>>> placed = align_to_edge(line, 90.0, edge, offset=0.0)
>>> [tuple(round(v, 6) for v in r.centre) for r in placed]
[(14.0, 9.0), (18.0, 9.0)]
"""

from __future__ import annotations

from collections.abc import Sequence

from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from campaign.table.contact import overlap_along
from campaign.table.formation import bounding_rect, reference_point
from campaign.table.frame import CONTACT_EPS, Vec, angle_of, dot, length, norm_angle, sub
from campaign.table.motion import rotate_group, translate_group
from campaign.table.rect import Edge, Rect

__all__ = [
    "align_to_edge",
    "approach_vector",
    "corner_offsets",
    "edge_overlap",
    "segment_distance",
]

Segment = tuple[Vec, Vec]


def segment_distance(a: Segment, b: Segment) -> float:
    """The distance between two segments, e.g. a charger's front edge and the edge it charges
    [WC.CHARGE.14]."""
    return float(LineString(a).distance(LineString(b)))


def approach_vector(front: Segment, target: Segment) -> Vec:
    """``p_E − p_U`` for the closest pair of points between a front edge and a target edge: the
    translation whose swept area is the approach corridor [WC.CHARGE.15]."""
    p, q = nearest_points(LineString(front), LineString(target))
    return (float(q.x - p.x), float(q.y - p.y))


def align_to_edge(rects: Sequence[Rect], facing: float, edge: Segment, offset: float) -> tuple[Rect, ...]:
    """The group turned to face against ``edge`` and moved so that its front edge lies on the
    edge's line, its reference point ``offset`` cm along the edge from the edge's midpoint
    [WC.CHARGE.16] steps 1–2.

    ``edge`` runs left to right as seen by the charger (a target's front edge FL→FR is seen
    reversed, so pass it FR→FL); the new facing is the reverse of the edge's outward normal.
    """
    (ax, ay), (bx, by) = edge
    along = (bx - ax, by - ay)
    n = length(along)
    if n == 0:
        raise ValueError("the edge has no length")
    u = (along[0] / n, along[1] / n)
    # the charger's right vector r runs along the edge; its facing f satisfies r = (f.y, -f.x)
    f = (-u[1], u[0])
    new_facing = angle_of(f)
    turned = rotate_group(rects, reference_point(bounding_rect(rects, facing)), norm_angle(new_facing - facing))
    rp = reference_point(bounding_rect(turned, new_facing))
    mid = ((ax + bx) / 2, (ay + by) / 2)
    goal = (mid[0] + u[0] * offset, mid[1] + u[1] * offset)
    return translate_group(turned, sub(goal, rp))


def corner_offsets(front_rank: Sequence[Rect], edge: Segment, corners: Sequence[Vec]) -> tuple[float, ...]:
    """Offsets (along ``edge`` from its midpoint, for the group's reference point) at which a corner
    of a front-rank stand would meet one of ``corners`` (the target's stand corners on the edge)
    [WC.CHARGE.16] step 2; sorted, without repeats."""
    (ax, ay), (bx, by) = edge
    n = length((bx - ax, by - ay))
    u = ((bx - ax) / n, (by - ay) / n)
    mid = ((ax + bx) / 2, (ay + by) / 2)
    if not front_rank:
        return ()
    facing = front_rank[0].facing
    rp = reference_point(bounding_rect(front_rank, facing))
    r = (front_rank[0].r[0], front_rank[0].r[1])
    mine = sorted({round(dot(sub(p, rp), r), 9) for s in front_rank for p in s.edge(Edge.FRONT)})
    theirs = sorted({round(dot(sub(c, mid), u), 9) for c in corners})
    return tuple(sorted({round(t - m, 9) for t in theirs for m in mine}))


def edge_overlap(front_rank: Sequence[Rect], edge: Segment) -> float:
    """Total length of the front edges lying on ``edge`` (within 0.01 cm) [WC.CHARGE.16] step 4."""
    line = LineString(edge)
    total = 0.0
    for s in front_rank:
        mine = LineString(s.edge(Edge.FRONT))
        if all(line.distance(Point(p)) <= CONTACT_EPS for p in mine.coords):
            total += overlap_along(line, mine)
    return total
