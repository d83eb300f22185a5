"""Moving stands: rotations and wheels, translations, swept areas, thin corridors, the legal-pose
test and the compulsory translation [WC.GEOM.14] [WC.GEOM.15] [WC.GEOM.21] [WC.GAP.5].

A wheel keeps its pivot corner where it was; the rotation itself is not measured or swept
("do not measure wheels"), only the pose after it is checked [WC.GEOM.14]:

>>> from campaign.table.formation import bounding_rect, grid_rects
>>> line = grid_rects((10.0, 10.0), 90.0, files=2, ranks=1, width=4.0, depth=2.0)
>>> after = wheel(line, 90.0, left=True, degrees=30.0)
>>> k = bounding_rect(after, 120.0).corners().fl
>>> round(k[0], 6), round(k[1], 6)
(6.0, 10.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from shapely.affinity import translate
from shapely.geometry import LineString, MultiPoint, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from campaign.table.contact import distance, overlaps
from campaign.table.formation import bounding_rect
from campaign.table.frame import ENEMY_GAP_CM, EPS, Vec, add, direction, dot, norm_angle, scale, sub
from campaign.table.rect import Rect

__all__ = [
    "Obstacle",
    "ObstacleKind",
    "PoseProblem",
    "Translation",
    "compulsory_translate",
    "corridor",
    "first_violation",
    "pose_problems",
    "rotate_about",
    "rotate_group",
    "swept",
    "swept_group",
    "table_polygon",
    "translate_group",
    "wheel",
]


def rotate_about(rect: Rect, pivot: Vec, degrees: float) -> Rect:
    """``rect`` turned counter-clockwise by ``degrees`` about ``pivot`` [WC.GEOM.14]."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    dx, dy = rect.cx - pivot[0], rect.cy - pivot[1]
    nx, ny = pivot[0] + c * dx - s * dy, pivot[1] + s * dx + c * dy
    return Rect(nx, ny, norm_angle(rect.facing + degrees), rect.width, rect.depth)


def rotate_group(rects: Sequence[Rect], pivot: Vec, degrees: float) -> tuple[Rect, ...]:
    """Every stand turned about one pivot (a regular unit turns about its RP) [WC.GEOM.14]."""
    return tuple(rotate_about(r, pivot, degrees) for r in rects)


def wheel(rects: Sequence[Rect], facing: float, *, left: bool, degrees: float) -> tuple[Rect, ...]:
    """A regular unit wheeled by ``degrees`` (> 0) about a front corner of its bounding rectangle.

    ``left`` wheels to the left (counter-clockwise) about the front-left corner, which stays
    fixed; otherwise to the right about the front-right corner [WC.GEOM.14].
    """
    k = bounding_rect(rects, facing).corners()
    return rotate_group(rects, k.fl if left else k.fr, degrees if left else -degrees)


def translate_group(rects: Sequence[Rect], d: Vec) -> tuple[Rect, ...]:
    """Every stand moved by the vector ``d`` without turning."""
    return tuple(r.moved(d[0], d[1]) for r in rects)


def swept(rect: Rect, d: Vec) -> Polygon:
    """The area a rectangle sweeps when translated by ``d``: the convex hull of its start and
    end positions [WC.GEOM.14]."""
    pts = list(rect.corners()) + list(rect.moved(d[0], d[1]).corners())
    hull = MultiPoint(pts).convex_hull
    return hull if isinstance(hull, Polygon) else rect.polygon()


def swept_group(rects: Sequence[Rect], d: Vec) -> BaseGeometry:
    """The union of the areas swept by every stand of a group translated by ``d``."""
    return unary_union([swept(r, d) for r in rects])


def corridor(points: Sequence[Vec], half_width: float = 1.0) -> BaseGeometry:
    """The thin corridor (2 cm wide) along a stand centre's path, used instead of the swept
    area for half-pace single-file moves and road columns [WC.GAP.5]."""
    if len(points) == 1:
        return LineString([points[0], points[0]]).buffer(half_width)
    return LineString(points).buffer(half_width)


def table_polygon(width_cm: float, depth_cm: float) -> Polygon:
    """The table ``[0, W] × [0, D]`` [WC.GEOM.1]."""
    return box(0.0, 0.0, width_cm, depth_cm)


class ObstacleKind(Enum):
    """What a thing in a mover's way is, for the legal-pose test [WC.GEOM.15]."""

    FRIEND = "friend"
    """A friendly stand: no overlap unless passing through."""
    ENEMY = "enemy"
    """An enemy stand: no overlap, and a 2 cm gap unless closing is allowed."""
    BARRED = "barred"
    """Impassable terrain, or terrain this mover may not enter."""
    RIVER = "river"
    """A river: a compulsory or uncrossing move stops at its edge [WC.TERR.8]."""


@dataclass(frozen=True, slots=True)
class Obstacle:
    """One shape in the way, with the key callers use to name it in a refusal."""

    key: str
    kind: ObstacleKind
    shape: BaseGeometry


class PoseProblem(Enum):
    """Why a stand pose is not legal [WC.GEOM.15]."""

    OFF_TABLE = "off-table"
    """Part of it lies outside the table."""
    OVERLAPS_STAND = "overlaps-stand"
    """It overlaps another stand."""
    BARRED_TERRAIN = "barred-terrain"
    """It overlaps terrain it may not enter."""
    TOO_CLOSE = "too-close"
    """It is nearer than 2 cm to an enemy stand (or nearer than it started)."""


def pose_problems(
    shape: BaseGeometry,
    obstacles: Sequence[Obstacle],
    table: Polygon | None,
    *,
    may_close: bool = False,
    start_distance: Callable[[str], float] | None = None,
) -> tuple[tuple[PoseProblem, str], ...]:
    """Every reason a pose (a stand, or a unit's footprint) is illegal, each with the key of what
    it hits [WC.GEOM.15].

    ``table`` None skips rule 1 (a move that may leave the table). ``may_close`` is True for a
    charge, pursuit, advance or a unit already in contact (rule 4 then does not apply).
    ``start_distance(key)`` gives the distance to an enemy at the start of the move: a stand
    that began closer than 2 cm may not get any closer.
    """
    out: list[tuple[PoseProblem, str]] = []
    if table is not None and not table.buffer(EPS).contains(shape):
        out.append((PoseProblem.OFF_TABLE, "table"))
    for ob in obstacles:
        if ob.kind in (ObstacleKind.BARRED, ObstacleKind.RIVER):
            if overlaps(shape, ob.shape):
                out.append((PoseProblem.BARRED_TERRAIN, ob.key))
            continue
        if overlaps(shape, ob.shape):
            out.append((PoseProblem.OVERLAPS_STAND, ob.key))
        elif ob.kind is ObstacleKind.ENEMY and not may_close:
            d = distance(shape, ob.shape)
            floor = ENEMY_GAP_CM
            if start_distance is not None:
                floor = min(floor, start_distance(ob.key))
            if d < floor - EPS:
                out.append((PoseProblem.TOO_CLOSE, ob.key))
    return tuple(out)


def _ray_hits(p: Vec, m: Vec, a: Vec, b: Vec) -> float | None:
    """``t`` where ``p + t·m`` crosses segment ``ab``, or None."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    den = m[0] * (-ey) - m[1] * (-ex)
    if abs(den) < 1e-12:
        return None
    wx, wy = a[0] - p[0], a[1] - p[1]
    t = (wx * (-ey) - wy * (-ex)) / den
    s = (m[0] * wy - m[1] * wx) / den
    if -1e-9 <= s <= 1 + 1e-9:
        return t
    return None


def _coords(g: BaseGeometry) -> list[Vec]:
    out: list[Vec] = []
    geoms = getattr(g, "geoms", [g])
    for part in geoms:
        ring = part.exterior.coords if isinstance(part, Polygon) else part.coords
        out.extend((float(x), float(y)) for x, y in ring)
    return out


def _segments(g: BaseGeometry) -> list[tuple[Vec, Vec]]:
    pts = _coords(g)
    return [(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]


def contact_events(moving: BaseGeometry, m: Vec, obstacle: BaseGeometry, t_max: float) -> list[float]:
    """Every ``t`` in ``(0, t_max)`` where a vertex of one shape crosses an edge of the other as
    ``moving`` is translated along ``m``: the only places an overlap can start or end."""
    ts: set[float] = set()
    back = (-m[0], -m[1])
    for p in _coords(moving):
        for a, b in _segments(obstacle):
            t = _ray_hits(p, m, a, b)
            if t is not None and 0.0 < t < t_max:
                ts.add(t)
    for q in _coords(obstacle):
        for a, b in _segments(moving):
            t = _ray_hits(q, back, a, b)
            if t is not None and 0.0 < t < t_max:
                ts.add(t)
    return sorted(ts)


def first_violation(
    moving: BaseGeometry, m: Vec, obstacle: BaseGeometry, t_max: float, bad: Callable[[float], bool]
) -> float | None:
    """The first ``t`` at which ``bad(t)`` starts to hold between the contact events of
    ``moving`` along ``m`` against ``obstacle`` (tested at each interval's middle), or None."""
    times = [0.0, *contact_events(moving, m, obstacle, t_max), t_max]
    for t0, t1 in zip(times, times[1:], strict=False):
        if t1 - t0 > 1e-9 and bad((t0 + t1) / 2):
            return t0
    return None


@dataclass(frozen=True, slots=True)
class Translation:
    """What :func:`compulsory_translate` did [WC.GEOM.21]."""

    moved: float
    """Distance moved in cm (may exceed the length asked when clearing a friend)."""
    completed: bool
    """The whole distance was moved."""
    off_table: bool
    """A stand would cross the table edge: the unit leaves the table [WC.CAMP.3]."""
    passed_through: tuple[str, ...] = ()
    """Keys of friends passed through, in the order met."""
    blockers: tuple[str, ...] = field(default=())
    """Keys of what stopped the move."""


def _stop_time(
    rects: Sequence[Rect], m: Vec, obstacles: Sequence[Obstacle], t_max: float
) -> tuple[float, tuple[str, ...]]:
    """The first ``t`` where the group would overlap an enemy, barred terrain or a river, or come
    closer than 2 cm to an enemy it was not already within 2 cm of [WC.GEOM.21]."""
    best, keys = t_max, []
    for ob in obstacles:
        if ob.kind is ObstacleKind.FRIEND:
            continue
        for r in rects:
            poly = r.polygon()
            d0 = distance(poly, ob.shape)

            def bad(t: float, poly: Polygon = poly, ob: Obstacle = ob, d0: float = d0) -> bool:
                moved = _shift(poly, scale(m, t))
                if ob.kind is not ObstacleKind.ENEMY:
                    return overlaps(moved, ob.shape)
                d = distance(moved, ob.shape)
                return d < min(ENEMY_GAP_CM, d0) - EPS or overlaps(moved, ob.shape)

            probe = ob.shape.buffer(ENEMY_GAP_CM, quad_segs=8) if ob.kind is ObstacleKind.ENEMY else ob.shape
            t = first_violation(poly, m, probe, t_max, bad)
            if t is None:
                continue
            if t < best - 1e-9:
                best, keys = t, [ob.key]
            elif abs(t - best) <= 1e-9 and ob.key not in keys:
                keys.append(ob.key)
    return best, tuple(keys)


def _shift(g: BaseGeometry, d: Vec) -> BaseGeometry:
    return translate(g, d[0], d[1])


def compulsory_translate(
    rects: Sequence[Rect], m: Vec, length: float, obstacles: Sequence[Obstacle], table: Polygon
) -> Translation:
    """Move a unit along unit vector ``m`` for up to ``length`` cm without turning [WC.GEOM.21].

    Stops at the last legal ``t`` before an enemy (or its 2 cm gap), barred terrain or a river;
    passes through friends whose far side its leading edge clears within the distance (then
    goes on to the first ``t >= length`` where it overlaps no friend) and otherwise stops just
    before them; leaves the table if a stand would cross its edge. Terrain costs do not apply.
    """
    m = _unit(m)
    foot = unary_union([r.polygon() for r in rects])
    lead = max(dot(p, m) for p in _coords(foot))
    extra = length + sum(r.width + r.depth for r in rects) + 50.0
    stop, blockers = _stop_time(rects, m, obstacles, extra)
    friends = [ob for ob in obstacles if ob.kind is ObstacleKind.FRIEND]
    end = min(length, stop)
    if end >= length - EPS:
        blockers = ()
    passed: list[str] = []
    for t_in, ob in _friend_entries(foot, m, friends, end):
        far = max(dot(p, m) for p in _coords(ob.shape))
        if far - lead <= length + EPS:
            passed.append(ob.key)
            continue
        end, blockers = t_in, (ob.key,)
        break
    else:
        end = min(_clear_of(foot, m, friends, end, extra), stop)
        for ob in friends:
            if ob.key not in passed and _overlaps_between(foot, m, ob.shape, length, end):
                passed.append(ob.key)
    off = not table.buffer(EPS).contains(_shift(foot, scale(m, end)))
    completed = end >= length - EPS
    return Translation(end, completed, off, tuple(passed), () if completed else blockers)


def _friend_entries(
    foot: BaseGeometry, m: Vec, friends: Sequence[Obstacle], end: float
) -> list[tuple[float, Obstacle]]:
    """Friends the group would overlap before ``end``, with the ``t`` where it starts."""
    out: list[tuple[float, Obstacle]] = []
    for ob in friends:
        shape = ob.shape

        def hit(t: float, shape: BaseGeometry = shape) -> bool:
            return overlaps(_shift(foot, scale(m, t)), shape)

        t = first_violation(foot, m, shape, end, hit)
        if t is not None:
            out.append((t, ob))
    return sorted(out, key=lambda e: (e[0], e[1].key))


def _clear_of(foot: BaseGeometry, m: Vec, friends: Sequence[Obstacle], start: float, t_max: float) -> float:
    """The smallest ``t >= start`` at which the moved group overlaps no friend [WC.THROUGH.6]."""

    def hit(t: float) -> bool:
        moved = _shift(foot, scale(m, t))
        return any(overlaps(moved, ob.shape) for ob in friends)

    if not hit(start):
        return start
    times = {start, t_max}
    for ob in friends:
        times.update(t for t in contact_events(foot, m, ob.shape, t_max) if t > start)
    for t in sorted(times):
        if not hit(t):
            return t
    return t_max


def _overlaps_between(foot: BaseGeometry, m: Vec, shape: BaseGeometry, t0: float, t1: float) -> bool:
    """Does the group overlap ``shape`` somewhere while moving from ``t0`` to ``t1``?"""
    if t1 <= t0:
        return False
    return (
        first_violation(
            _shift(foot, scale(m, t0)), m, shape, t1 - t0, lambda t: overlaps(_shift(foot, scale(m, t0 + t)), shape)
        )
        is not None
    )


def _unit(m: Vec) -> Vec:
    n = math.hypot(m[0], m[1])
    if n == 0:
        raise ValueError("a compulsory move needs a direction")
    return (m[0] / n, m[1] / n)


def heading(a: Vec, b: Vec) -> float:
    """The direction from ``a`` to ``b`` in degrees (for path segments)."""
    d = sub(b, a)
    return math.degrees(math.atan2(d[1], d[0]))


def along(p: Vec, theta: float, dist: float) -> Vec:
    """The point ``dist`` cm from ``p`` along direction ``theta`` degrees."""
    return add(p, scale(direction(theta), dist))
