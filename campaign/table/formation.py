"""Groups of stands: regular grids, bounding rectangles, reference points, front ranks and the
stand-contact graph [WC.GEOM.8] [WC.GEOM.9] [WC.FORM.1] [WC.FORM.2] [WC.FORM.4].

A regular formation is a grid of ``files × ranks`` stands sharing one facing, placed from its
reference point ``RP`` (the middle of the front side) [WC.GEOM.8]:

>>> stands = grid_rects((10.0, 10.0), 90.0, files=3, ranks=1, width=4.0, depth=2.0)
>>> [s.centre for s in stands]
[(6.0, 9.0), (10.0, 9.0), (14.0, 9.0)]
>>> b = bounding_rect(stands, 90.0)
>>> reference_point(b), round(b.width, 6), round(b.depth, 6)
((10.0, 10.0), 12.0, 2.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from campaign.table.contact import distance, in_contact
from campaign.table.frame import CONTACT_EPS, Vec, add, direction, dot, scale, sub
from campaign.table.rect import Edge, Rect

__all__ = [
    "bounding_rect",
    "connected",
    "front_rank_indices",
    "grid_rects",
    "grid_slots",
    "irregular_centre",
    "reference_point",
    "slot_rect",
]


def slot_rect(rp: Vec, facing: float, files: int, rank: int, file: int, width: float, depth: float) -> Rect:
    """The stand in ``rank`` (1 = front) and ``file`` (0 = leftmost) of a regular grid of
    ``files`` files whose front side's midpoint is ``rp`` [WC.FORM.2].

    Neighbours in a rank touch side to side with front corners aligned; each rear stand sits
    exactly behind the one in front (rear edge on front edge).
    """
    f = direction(facing)
    r = (f[1], -f[0])
    back = depth / 2 + (rank - 1) * depth
    across = -files * width / 2 + width / 2 + file * width
    c = add(add(rp, scale(f, -back)), scale(r, across))
    return Rect(c[0], c[1], facing, width, depth)


def grid_slots(files: int, stands: int) -> tuple[tuple[int, int], ...]:
    """The (rank, file) slots of ``stands`` stands in ``files`` files [WC.FORM.4].

    Rank 1 is complete; a last incomplete rank is filled from the centre outward, leftward on
    ties.

    >>> grid_slots(3, 5)
    ((1, 0), (1, 1), (1, 2), (2, 1), (2, 0))
    """
    if files < 1 or stands < 1:
        raise ValueError("a formation needs at least one file and one stand")
    if stands < files:
        raise ValueError(f"rank 1 must be complete: {stands} stands cannot make {files} files")
    full, rest = divmod(stands, files)
    out = [(rank, f) for rank in range(1, full + 1) for f in range(files)]
    centre = (files - 1) / 2
    order = sorted(range(files), key=lambda f: (abs(f - centre), f))
    out.extend((full + 1, f) for f in order[:rest])
    return tuple(out)


def grid_rects(
    rp: Vec, facing: float, files: int, ranks: int, width: float, depth: float, stands: int | None = None
) -> tuple[Rect, ...]:
    """Every stand of a regular grid, in slot order (see :func:`grid_slots`) [WC.FORM.2]."""
    n = files * ranks if stands is None else stands
    return tuple(slot_rect(rp, facing, files, rk, fl, width, depth) for rk, fl in grid_slots(files, n))


def bounding_rect(rects: Sequence[Rect], facing: float) -> Rect:
    """The smallest rectangle with ``facing`` holding every stand [WC.GEOM.8]."""
    if not rects:
        raise ValueError("no stands")
    f = direction(facing)
    r = (f[1], -f[0])
    us: list[float] = []
    vs: list[float] = []
    for rect in rects:
        for p in rect.corners():
            us.append(dot(p, f))
            vs.append(dot(p, r))
    u0, u1, v0, v1 = min(us), max(us), min(vs), max(vs)
    cu, cv = (u0 + u1) / 2, (v0 + v1) / 2
    c = add(scale(f, cu), scale(r, cv))
    return Rect(c[0], c[1], facing, v1 - v0, u1 - u0)


def reference_point(bound: Rect) -> Vec:
    """``RP``: the midpoint of the bounding rectangle's front side [WC.GEOM.8]."""
    return bound.front_mid()


def irregular_centre(rects: Sequence[Rect]) -> Vec:
    """``UC`` of an irregular unit: the mean of its stand centres [WC.GEOM.8]."""
    n = len(rects)
    return (sum(r.cx for r in rects) / n, sum(r.cy for r in rects) / n)


def front_rank_indices(rects: Sequence[Rect]) -> tuple[int, ...]:
    """Indices of an irregular unit's front-rank stands: those whose front edge touches no
    other stand of the unit [WC.GEOM.9]."""
    out: list[int] = []
    for i, r in enumerate(rects):
        edge = r.edge_line(Edge.FRONT)
        blocked = False
        for j, other in enumerate(rects):
            if i != j and distance(edge, other.polygon()) <= CONTACT_EPS:
                # touching at a corner only does not block the front edge
                if float(edge.intersection(other.polygon().buffer(CONTACT_EPS)).length) > 2 * CONTACT_EPS + 1e-6:
                    blocked = True
                    break
        if not blocked:
            out.append(i)
    return tuple(out)


def connected(rects: Sequence[Rect]) -> bool:
    """Does every stand touch the unit, and is the contact graph connected [WC.FORM.1]?

    A single stand is always connected.
    """
    n = len(rects)
    if n <= 1:
        return True
    polys = [r.polygon() for r in rects]
    seen = {0}
    todo = [0]
    while todo:
        i = todo.pop()
        for j in range(n):
            if j not in seen and in_contact(polys[i], polys[j]):
                seen.add(j)
                todo.append(j)
    return len(seen) == n


def offset(p: Vec, q: Vec) -> Vec:
    """``q − p`` (convenience for callers moving a group by its reference point)."""
    return sub(q, p)
