"""Hex geometry that Hordes & Heroes needs beyond `campaign.hexgrid` [HH.HEX.*].

The facing integers 0..11 are the same as `campaign.hexgrid.Facing`'s; this module keeps the
compass names players type (``N``, ``ESE``) and side tuples in the order the engine's tie-breaks
were written against, and leaves the arithmetic they share to `campaign.hexgrid`.

Pointy-top hexes, rows parallel to the long table edges (HH.HEX.2); axial ``Hex(q, r)`` with the
six side directions of `campaign.hexgrid.DIRECTIONS` (0 = E, 1 = NE, 2 = NW, 3 = W, 4 = SW, 5 = SE,
exactly HH.HEX.3). A unit faces one of 12 orientations (HH.HEX.5): even values face a hex side,
odd values a hex point.
"""

from __future__ import annotations

import math
from enum import Enum, IntEnum

from campaign import hexgrid as grid
from campaign.hexgrid import DIRECTIONS, Hex


class Facing(IntEnum):
    """One of the 12 orientations of HH.HEX.5; bearing is 30 degrees times the value, north up."""

    E = 0
    """Side 0 (east), bearing 0."""
    ENE = 1
    """Point 0, between sides E and NE, bearing 30."""
    NE = 2
    """Side 1 (north-east), bearing 60."""
    N = 3
    """Point 1, due north, bearing 90: a south-side unit facing the enemy faces this (HH.HEX.4)."""
    NW = 4
    """Side 2 (north-west), bearing 120."""
    WNW = 5
    """Point 2, bearing 150."""
    W = 6
    """Side 3 (west), bearing 180."""
    WSW = 7
    """Point 3, bearing 210."""
    SW = 8
    """Side 4 (south-west), bearing 240."""
    S = 9
    """Point 4, due south, bearing 270: a north-side unit facing the enemy faces this."""
    SE = 10
    """Side 5 (south-east), bearing 300."""
    ESE = 11
    """Point 5, bearing 330."""

    @property
    def is_point(self) -> bool:
        """True for a point (vertex) facing, the normal facing of a unit (HH.MOVE.8)."""
        return self.value % 2 == 1

    @property
    def side(self) -> int:
        """The faced side direction (side facings only)."""
        return self.value // 2

    @property
    def point(self) -> int:
        """The faced point index (point facings only): point p lies between sides p and p+1 (HH.HEX.4)."""
        return (self.value - 1) // 2

    @classmethod
    def of_point(cls, p: int) -> Facing:
        return cls((2 * (p % 6) + 1) % 12)

    @classmethod
    def of_side(cls, s: int) -> Facing:
        return cls(2 * (s % 6))

    @classmethod
    def parse(cls, text: str) -> Facing:
        """Read a facing: a compass name (``N``, ``ESE``), ``p0``..``p5``, ``s0``..``s5``, or a bare point 0..5."""
        t = text.strip().upper()
        if t in cls.__members__:
            return cls[t]
        if len(t) == 2 and t[0] in "PS" and t[1] in "012345":
            return cls.of_point(int(t[1])) if t[0] == "P" else cls.of_side(int(t[1]))
        if len(t) == 1 and t in "012345":
            return cls.of_point(int(t))
        raise ValueError(
            f"{text!r} is not a facing: use a point N, WNW, WSW, S, ESE, ENE (or p0..p5),"
            " or a side E, NE, NW, W, SW, SE (or s0..s5)"
        )

    def __repr__(self) -> str:
        return f"Facing.{self.name}"


SIDE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
"""Compass names of the six side directions (HH.HEX.3)."""


def turn_steps(a: Facing, b: Facing) -> int:
    """Circular difference between two facings in 30-degree steps (0..6) (HH.HEX.5)."""
    return grid.turn_steps(grid.Facing(int(a)), grid.Facing(int(b)))


def is_free_change(a: Facing, b: Facing) -> bool:
    """A change of at most one hex point (60 degrees) may be free once per hex (HH.HEX.5, HH.MOVE.11)."""
    return grid.is_free_turn(grid.Facing(int(a)), grid.Facing(int(b)))


def front_exit_sides(f: Facing) -> tuple[int, ...]:
    """Sides a unit may leave through without a paid turn (HH.MOVE.9, HH.MOVE.10).

    Point p: sides p and p+1. Side s: sides s-1, s and s+1.
    """
    if f.is_point:
        p = f.point
        return (p, (p + 1) % 6)
    s = f.side
    return ((s - 1) % 6, s, (s + 1) % 6)


def front_sides(f: Facing) -> tuple[int, ...]:
    """Front sides for fighting and shooting (HH.HEX.6): point p -> {p, p+1}; side s -> {s}."""
    if f.is_point:
        p = f.point
        return (p, (p + 1) % 6)
    return (f.side,)


def staked_sides(f: Facing) -> tuple[int, ...]:
    """The sides stakes cover: the two front sides of a point facing (HH.SPECIAL.14); facing a side (2012 only),
    that side and its two neighbours (HH12.SPEC.13, ruling HH12.SPEC.A3)."""
    if f.is_point:
        return front_sides(f)
    return ((f.side + 5) % 6, f.side, (f.side + 1) % 6)


def rear_sides(f: Facing) -> tuple[int, ...]:
    """Rear sides (HH.HEX.6): point p -> {p+3, p+4}; side s -> {s+3}."""
    if f.is_point:
        p = f.point
        return ((p + 3) % 6, (p + 4) % 6)
    return ((f.side + 3) % 6,)


def flank_sides(f: Facing) -> tuple[int, ...]:
    """Flank sides (HH.HEX.6): point p -> {p+2, p+5}; for a side facing, the four sides neither front nor rear."""
    if f.is_point:
        p = f.point
        return ((p + 2) % 6, (p + 5) % 6)
    s = f.side
    return tuple(sorted(((s + 1) % 6, (s + 2) % 6, (s + 4) % 6, (s + 5) % 6)))


def direction(a: Hex, b: Hex) -> int | None:
    """The side direction from `a` to adjacent `b`, or None if they are not adjacent (HH.DEF.8)."""
    d = (b.q - a.q, b.r - a.r)
    for k, off in enumerate(DIRECTIONS):
        if off == d:
            return k
    return None


def directly_away(unit: Hex, enemy: Hex) -> Hex:
    """The hex directly away from an adjacent enemy: U + (U - E) (HH.HEX.7)."""
    return Hex(2 * unit.q - enemy.q, 2 * unit.r - enemy.r)


class Edge(Enum):
    """A long table edge (HH.DEF.11, HH.HEX.2)."""

    NORTH = "north"
    """The edge along the first row (r = 0)."""
    SOUTH = "south"
    """The edge along the last row."""

    @property
    def opposite(self) -> Edge:
        return Edge.SOUTH if self is Edge.NORTH else Edge.NORTH

    @property
    def forward(self) -> Facing:
        """The point a unit on this edge faces to look at the enemy (HH.HEX.4)."""
        return Facing.S if self is Edge.NORTH else Facing.N


def edge_dist(edge: Edge, h: Hex, rows: int) -> int:
    """Edge distance: 0 on the edge row, 1 on the next ... (HH.HEX.8, HH.DEF.11); |r - r_edge|."""
    return h.r if edge is Edge.NORTH else rows - 1 - h.r


def side_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """Canonical key of the hex side between adjacent a and b: the ordered pair (HH.DATA.6)."""
    return (a, b) if a < b else (b, a)


def bearing(a: Hex, b: Hex) -> float:
    """Bearing from a to b in degrees [0, 360), north up (HH.HEX.9), rounded to 1e-6 for stable ties."""
    x = math.sqrt(3) * ((b.q - a.q) + (b.r - a.r) / 2)
    y = -1.5 * (b.r - a.r)
    return round(math.degrees(math.atan2(y, x)) % 360.0, 6)


def nearest_point_facing(a: Hex, b: Hex, current: Facing) -> Facing:
    """The point facing whose bearing is nearest the bearing from a to b (HH.PD.13, HH.HEX.15).

    Ties keep the current point, else the lower point index.
    """
    br = bearing(a, b)

    def diff(p: int) -> float:
        d = abs((60 * p + 30) - br) % 360
        return round(min(d, 360 - d), 6)

    best = min(range(6), key=lambda p: (diff(p), 0 if Facing.of_point(p) == current else 1, p))
    return Facing.of_point(best)


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at distance <= radius, sorted (HH.HEX.1)."""
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return sorted(out)
