"""Facings and what they mean: front, flank and rear sides, turns, directions away, arcs."""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import Enum, IntEnum
from fractions import Fraction

from campaign.hexgrid.coords import DIRECTIONS, FREE_TURN_STEPS, Hex, HexPoint, HexSide, Orientation

# --- sides, points, facings --------------------------------------------------------------------


class SideClass(Enum):
    """Where a side lies relative to a facing [HH.HEX.6]; also the step classes of [PC.GEOM.11]."""

    FRONT = "front"
    """A front side (a forward step)."""
    FLANK = "flank"
    """A flank side (a sideways step)."""
    REAR = "rear"
    """A rear side (a backward step)."""

    def __repr__(self) -> str:
        return f"SideClass.{self.name}"


class Facing(IntEnum):
    """The 12 facings of [HH.HEX.5]: even o faces side o/2, odd o faces point (o-1)/2; bearing 30*o.

    Proconsul's facing ``f`` (a point, [PC.GEOM.3]) is ``Facing.of(HexPoint(f))``.
    """

    SIDE_E = 0
    """Facing side E (bearing 0)."""
    POINT_E_NE = 1
    """Facing point 0, between sides E and NE (bearing 30)."""
    SIDE_NE = 2
    """Facing side NE (bearing 60)."""
    POINT_NE_NW = 3
    """Facing point 1, between sides NE and NW (bearing 90: north on a pointy-top map)."""
    SIDE_NW = 4
    """Facing side NW (bearing 120)."""
    POINT_NW_W = 5
    """Facing point 2, between sides NW and W (bearing 150)."""
    SIDE_W = 6
    """Facing side W (bearing 180)."""
    POINT_W_SW = 7
    """Facing point 3, between sides W and SW (bearing 210)."""
    SIDE_SW = 8
    """Facing side SW (bearing 240)."""
    POINT_SW_SE = 9
    """Facing point 4, between sides SW and SE (bearing 270: south on a pointy-top map)."""
    SIDE_SE = 10
    """Facing side SE (bearing 300)."""
    POINT_SE_E = 11
    """Facing point 5, between sides SE and E (bearing 330)."""

    @classmethod
    def of(cls, target: HexSide | HexPoint) -> Facing:
        """The facing towards a side (side facing) or a point (point facing)."""
        if isinstance(target, HexSide):
            return cls(2 * target)
        if isinstance(target, HexPoint):
            return cls(2 * target + 1)
        raise TypeError(f"expected a HexSide or a HexPoint, got {target!r}")

    @property
    def is_point(self) -> bool:
        """Whether this is a point (vertex) facing."""
        return self % 2 == 1

    @property
    def is_side(self) -> bool:
        """Whether this is a side facing."""
        return self % 2 == 0

    @property
    def side(self) -> HexSide | None:
        """The side faced, or None for a point facing."""
        return HexSide(self // 2) if self % 2 == 0 else None

    @property
    def point(self) -> HexPoint | None:
        """The point faced, or None for a side facing."""
        return HexPoint(self // 2) if self % 2 == 1 else None

    @property
    def opposite(self) -> Facing:
        """The about-face."""
        return Facing((self + 6) % 12)

    def turned(self, steps: int) -> Facing:
        """The facing ``steps`` x 30 degrees counter-clockwise (negative: clockwise)."""
        return Facing((self + steps) % 12)

    def steps_to(self, other: Facing) -> int:
        """The turn to ``other`` in 30-degree steps, the shorter way round (0..6) [HH.HEX.5]."""
        d = (other - self) % 12
        return min(d, 12 - d)

    def bearing(self, orientation: Orientation = Orientation.POINTY) -> int:
        """Bearing in whole degrees, counter-clockwise from east with north up [HH.HEX.5]."""
        return (30 * self - (30 if orientation is Orientation.FLAT else 0)) % 360

    @property
    def front_sides(self) -> frozenset[HexSide]:
        """Point p: {p, p+1}; side s: {s}, the shooting face [HH.HEX.6] [PC.GEOM.4]."""
        k = self // 2
        return _sides(k, k + 1) if self.is_point else _sides(k)

    @property
    def exit_sides(self) -> frozenset[HexSide]:
        """Sides a move may leave through: point p: {p, p+1}; side s: {s-1, s, s+1} [HH.MOVE.9]."""
        k = self // 2
        return _sides(k, k + 1) if self.is_point else _sides(k - 1, k, k + 1)

    @property
    def flank_sides(self) -> frozenset[HexSide]:
        """Point p: {p+2, p+5} [HH.HEX.6]; side s: the four sides that are neither front nor rear.

        [HH.HEX.6] names only a side facing's front and rear side; here the rest are its flanks,
        so front, flank and rear always share out the six sides.
        """
        k = self // 2
        return _sides(k + 2, k + 5) if self.is_point else _sides(k - 2, k - 1, k + 1, k + 2)

    @property
    def rear_sides(self) -> frozenset[HexSide]:
        """Point p: {p+3, p+4}; side s: {s+3} [HH.HEX.6] [PC.GEOM.4]."""
        k = self // 2
        return _sides(k + 3, k + 4) if self.is_point else _sides(k + 3)

    def side_class(self, side: HexSide) -> SideClass:
        """Whether ``side`` is a front, flank or rear side of this facing."""
        if side in self.front_sides:
            return SideClass.FRONT
        if side in self.rear_sides:
            return SideClass.REAR
        return SideClass.FLANK

    def __repr__(self) -> str:
        return f"Facing.{self.name}"


def _sides(*ks: int) -> frozenset[HexSide]:
    return frozenset(HexSide(k % 6) for k in ks)


def _across(h: Hex, sides: frozenset[HexSide]) -> tuple[Hex, ...]:
    return tuple(h.neighbour(s) for s in sorted(sides))


def front_hexes(h: Hex, facing: Facing) -> tuple[Hex, ...]:
    """Neighbours across the front sides, in side order [HH.HEX.6] [PC.GEOM.4]."""
    return _across(h, facing.front_sides)


def exit_hexes(h: Hex, facing: Facing) -> tuple[Hex, ...]:
    """Neighbours across the front exit sides, in side order [HH.MOVE.9]."""
    return _across(h, facing.exit_sides)


def flank_hexes(h: Hex, facing: Facing) -> tuple[Hex, ...]:
    """Neighbours across the flank sides, in side order [HH.HEX.6] [PC.GEOM.4]."""
    return _across(h, facing.flank_sides)


def rear_hexes(h: Hex, facing: Facing) -> tuple[Hex, ...]:
    """Neighbours across the rear sides, in side order [HH.HEX.6] [PC.GEOM.4]."""
    return _across(h, facing.rear_sides)


def turn_steps(old: Facing, new: Facing) -> int:
    """30-degree steps between two facings, the shorter way round (0..6) [HH.HEX.5]."""
    return old.steps_to(new)


def is_free_turn(old: Facing, new: Facing) -> bool:
    """Whether a change is small enough to be the free one (at most 60 degrees) [HH.HEX.5] [HH.MOVE.11].

    When the free change may be taken (once per hex entered, not in the start hex) is the game's rule.
    """
    return old.steps_to(new) <= FREE_TURN_STEPS


def points_with_front_side(side: HexSide) -> tuple[HexPoint, HexPoint]:
    """The two point facings that put ``side`` in the front: points k-1 and k [PC.GEOM.12]."""
    return side.points


# --- directions away, straight ahead, local frames ----------------------------------------------


def directly_away(unit: Hex, enemy: Hex) -> Hex:
    """The neighbour of ``unit`` opposite the adjacent ``enemy``: ``unit + (unit - enemy)`` [HH.HEX.7]."""
    unit.side_to(enemy)  # raises unless adjacent
    return unit + (unit - enemy)


def neighbours_away_from(h: Hex, sources: Iterable[Hex]) -> tuple[Hex, ...]:
    """Neighbours of ``h`` farther than ``h`` from every source, sorted by hex id [HH.COMP.12]."""
    srcs = tuple(sources)
    if not srcs:
        raise ValueError("neighbours_away_from needs at least one source hex")
    return tuple(sorted(n for n in h.neighbours() if all(n.distance(s) > h.distance(s) for s in srcs)))


def away_rank(current: Hex, source: Hex, candidate: Hex) -> tuple[int, int]:
    """How well a step moves away from ``source``: (distance gained, straightness) [PC.GEOM.14].

    Distance gained is +1 away, 0 sideways, -1 towards; straightness is the cube dot product
    of the step and ``current - source`` (larger is straighter). Sort descending to rank steps.
    """
    step, back = (candidate - current).cube, (current - source).cube
    gained = candidate.distance(source) - current.distance(source)
    return gained, sum(a * b for a, b in zip(step, back, strict=True))


def straight_ahead(start: Hex, point: HexPoint, steps: int, *, first: HexSide | None = None) -> tuple[Hex, ...]:
    """The hexes of a straight advance towards ``point``, alternating its two sides [PC.GEOM.13].

    ``first`` picks which of the two sides comes first (default: side p, the proposed default).
    """
    sides = point.sides
    if first is not None and first not in sides:
        raise ValueError(f"{first!r} is not one of the sides {sides} beside {point!r}")
    order = sides if first in (None, sides[0]) else (sides[1], sides[0])
    out, h = [], start
    for i in range(steps):
        h = h.neighbour(order[i % 2])
        out.append(h)
    return tuple(out)


def local_frame(origin: Hex, point: HexPoint, h: Hex) -> tuple[int, int]:
    """``(a, b)`` with ``h - origin = a*D[p] + b*D[p+1]`` for a stand facing point p [PC.GEOM.5].

    Front neighbours are (1, 0) and (0, 1); flank (-1, 1) and (1, -1); rear (-1, 0) and (0, -1).
    """
    u, w = DIRECTIONS[point], DIRECTIONS[(point + 1) % 6]
    v = (h.q - origin.q, h.r - origin.r)
    det = u[0] * w[1] - u[1] * w[0]  # always -1 with this direction table
    a = (v[0] * w[1] - v[1] * w[0]) // det
    b = (u[0] * v[1] - u[1] * v[0]) // det
    return a, b


class LinePosition(Enum):
    """Where a hex lies relative to a stand's front face line [PC.GEOM.6]."""

    IN_FRONT = "in front"
    """Strictly in front of the line (a + b > 0)."""
    ON = "on"
    """On the line through the stand and both flank hexes (a + b = 0)."""
    BEHIND = "behind"
    """Strictly behind the line (a + b < 0)."""

    def __repr__(self) -> str:
        return f"LinePosition.{self.name}"


def face_line_position(origin: Hex, point: HexPoint, h: Hex) -> LinePosition:
    """Whether ``h`` is in front of, on, or behind the front face line of a stand at ``origin`` [PC.GEOM.6]."""
    a, b = local_frame(origin, point, h)
    if a + b > 0:
        return LinePosition.IN_FRONT
    return LinePosition.ON if a + b == 0 else LinePosition.BEHIND


def in_narrow_front(origin: Hex, point: HexPoint, h: Hex, half_width: int = 1) -> bool:
    """In the front arc with ``|a - b| <= half_width``: the narrow band straight ahead [PC.GEOM.8]."""
    a, b = local_frame(origin, point, h)
    return a >= 0 and b >= 0 and (a, b) != (0, 0) and abs(a - b) <= half_width


# --- exact directions: integer frame ---------------------------------------------------------

_CORNERS: tuple[tuple[int, int], ...] = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))
"""Corner offsets of HexPoint 0..5 in the integer frame (x = 2q + r, y = -3r) [CH.GEOM.3]."""


def _frame(h: Hex) -> tuple[int, int]:
    """Integer-frame centre of a hex (or of a Hex used as a vector)."""
    return 2 * h.q + h.r, -3 * h.r


def _cross(u: tuple[int, int], v: tuple[int, int]) -> int:
    """Positive when v is counter-clockwise (left) of u."""
    return u[0] * v[1] - u[1] * v[0]


def _edot(u: tuple[int, int], v: tuple[int, int]) -> int:
    """Euclidean dot product (times 4) of two frame vectors; true picture = (sqrt(3) x, y) / 2."""
    return 3 * u[0] * v[0] + u[1] * v[1]


def _facing_vector(facing: int) -> tuple[int, int]:
    """Frame vector pointing along a facing: a side's neighbour offset, or a point's corner."""
    k = (facing % 12) // 2
    if facing % 2 == 0:
        return _frame(Hex(*DIRECTIONS[k]))
    return _CORNERS[k]


class Arc(Enum):
    """Firing arcs centred on a facing; the value is the half-width in 30-degree steps [HH.HEX.10]."""

    FRONT = 1
    """Within 30 degrees of the facing, boundaries included: the 2-face triangle of a point facing
    (for every shooter and range [HH.HEX.11]) or the 1-face cone of a side facing [HH.HEX.10]
    [HH12.SHOOT.A3]; Proconsul's front arc [PC.GEOM.7]."""
    WIDE = 2
    """Within 60 degrees: a 2012 side-facing small-arms unit shooting through 3 front sides [HH12.SHOOT.A3]."""
    ALL_ROUND = 6
    """Every direction (chariots) [HH.HEX.10]."""

    def __repr__(self) -> str:
        return f"Arc.{self.name}"


def in_arc(origin: Hex, facing: Facing, target: Hex, arc: Arc = Arc.FRONT) -> bool:
    """Whether ``target`` (not ``origin`` itself) lies in the arc, by exact integer tests [HH.HEX.10]."""
    if target == origin:
        return False
    k = arc.value
    if 2 * k >= 12:
        return True
    v = _frame(target - origin)
    lo, hi = _facing_vector(facing - k), _facing_vector(facing + k)
    if 2 * k < 6:
        return _cross(lo, v) >= 0 and _cross(v, hi) >= 0
    if 2 * k == 6:
        return _cross(lo, v) >= 0
    return not (_cross(hi, v) > 0 and _cross(v, lo) > 0)


def arc_hexes(origin: Hex, facing: Facing, max_range: int, arc: Arc = Arc.FRONT) -> tuple[Hex, ...]:
    """Hexes in the arc within ``max_range``, sorted by (distance, hex id) [HH.HEX.10]."""
    found = (h for h in origin.within(max_range) if in_arc(origin, facing, h, arc))
    return tuple(sorted(found, key=lambda h: (origin.distance(h), h)))


def deviation(origin: Hex, facing: Facing, target: Hex) -> Fraction:
    """An exact key for the angle between a facing and the bearing to ``target`` [HH.COMP.29].

    It is ``-sign(cos a) * cos(a)**2``: -1 straight ahead, 0 square to the side, 1 straight behind,
    and increases with the angle, so sorting by it sorts by angle without floating point.
    """
    if target == origin:
        raise ValueError("deviation needs a target other than the origin")
    u, v = _facing_vector(facing), _frame(target - origin)
    d = _edot(u, v)
    sq = Fraction(d * d, _edot(u, u) * _edot(v, v))
    return -sq if d > 0 else sq


def nearest_to_facing(origin: Hex, facing: Facing, candidates: Iterable[Hex]) -> Hex:
    """The candidate nearest to straight ahead, then the lowest hex id [HH.COMP.29] [HH.HEX.15]."""
    return min(candidates, key=lambda h: (deviation(origin, facing, h), h))


def nearest_facings(origin: Hex, target: Hex, among: Iterable[Facing] = tuple(Facing)) -> tuple[Facing, ...]:
    """The facings (of ``among``) whose bearing is nearest to ``target``'s, all ties, sorted [HH.PD.13].

    Pass the six point facings to find the point nearest an enemy.
    """
    keyed = [(deviation(origin, f, target), f) for f in among]
    best = min(k for k, _ in keyed)
    return tuple(sorted(f for k, f in keyed if k == best))


def bearing(origin: Hex, target: Hex, orientation: Orientation = Orientation.POINTY) -> float:
    """Bearing in degrees [0, 360), counter-clockwise from east with north up [HH.HEX.9].

    A float for display and narrative; compare angles with :func:`deviation`, which is exact.
    """
    x, y = _frame(target - origin)  # true picture: (sqrt(3) x, y) / 2
    if orientation is Orientation.FLAT:  # the same picture turned 30 degrees clockwise
        deg = math.degrees(math.atan2(math.sqrt(3) * (y - x), 3 * x + y))
    else:
        deg = math.degrees(math.atan2(y, math.sqrt(3) * x))
    deg %= 360.0
    return 0.0 if deg == 360.0 else deg
