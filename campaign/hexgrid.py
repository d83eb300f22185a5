"""Hex-map geometry shared by every hex game: labels, neighbours, facings, sight lines, paths.

Pure code (no I/O, no floats in any rule decision) so that every replay gives the same answers
on every machine. See ``docs/hexgrid.md`` for pictures and worked examples.

Coordinates inside are axial ``Hex(q, r)`` (cube ``s = -q - r``) [HH.HEX.1] [PC.GEOM.1]
[CH.GEOM.1]; people see the wargamer's ``CCRR`` labels through a :class:`MapSpec`, which knows
the map's orientation, offset convention and first column/row numbers.

Direction ``k`` is the neighbour offset ``DIRECTIONS[k]``, also :class:`HexSide` ``k``. The six
directions are 60 degrees apart and counted counter-clockwise [HH.HEX.3] [PC.GEOM.2]. On a
pointy-top map side 0 is due east (bearing 0); on a flat-top map every bearing is 30 degrees less
(side 0 points east-south-east). The two layouts are rotations of one another, so every
hex-to-hex answer below (neighbours, facings, arcs, sight lines, paths) is the same on both; only
pixel positions and bearings in degrees differ.

Exact sight-line geometry uses the integer frame ``x = 2q + r, y = -3r`` (y towards north), in
which hex centres and corners are integer points [CH.GEOM.3]. It is an affine image of the true
picture, so it keeps which hexes a segment meets and which side of a line a point lies on.
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Generic, TypeVar

__all__ = [
    "DIRECTIONS",
    "FREE_TURN_STEPS",
    "Arc",
    "Edge",
    "Facing",
    "HalfHexRule",
    "Hex",
    "HexPoint",
    "HexSide",
    "LabelError",
    "LinePosition",
    "MapEdge",
    "MapSpec",
    "MoveState",
    "MoveStep",
    "Offset",
    "Orientation",
    "Outcome",
    "Paths",
    "SideClass",
    "SightLine",
    "SightPath",
    "SightStep",
    "Turn",
    "arc_hexes",
    "away_rank",
    "bearing",
    "cheapest_paths",
    "deviation",
    "directly_away",
    "exit_hexes",
    "face_line_position",
    "facing_paths",
    "flank_hexes",
    "front_hexes",
    "hex_paths",
    "in_arc",
    "in_narrow_front",
    "is_free_turn",
    "line_of_sight",
    "local_frame",
    "nearest_facings",
    "nearest_to_facing",
    "neighbours_away_from",
    "points_with_front_side",
    "rear_hexes",
    "sight_line",
    "straight_ahead",
    "turn_steps",
]

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial neighbour offsets; index k is HexSide k (E, NE, NW, W, SW, SE on a pointy-top map)."""

FREE_TURN_STEPS = 2
"""The largest facing change, in 30-degree steps, that counts as one point (60 degrees) [HH.HEX.5]."""


# --- coordinates -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex in axial coordinates; ordering is the rulebooks' "lowest hex id" (q, then r).

    The repr is ``Hex(q, r)``, which pastes back into Python without a map; a ``CCRR`` label
    needs a :class:`MapSpec` to mean anything, so labels go through ``Hex.parse(text, spec)``
    and ``spec.label(h)`` [HH.HEX.15] [CH.GEOM.2].
    """

    q: int
    r: int

    @classmethod
    def parse(cls, text: str, spec: MapSpec) -> Hex:
        """The hex a ``CCRR`` label names on ``spec``'s map; raises LabelError if it cannot."""
        return spec.parse(text)

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> Hex:
        """The hex with cube coordinates ``(q, r, s)``; they must sum to zero."""
        if q + r + s != 0:
            raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
        return cls(q, r)

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @property
    def cube(self) -> tuple[int, int, int]:
        """Cube coordinates ``(q, r, s)``."""
        return self.q, self.r, -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        """The hex across side ``direction`` (a HexSide or any int, taken mod 6)."""
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six neighbours, in side order 0..5."""
        return tuple(self.neighbour(k) for k in range(6))

    def distance(self, other: Hex) -> int:
        """Hex distance: the number of steps between the two hexes [HH.HEX.1]."""
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def side_to(self, other: Hex) -> HexSide:
        """The side of this hex shared with the adjacent hex ``other``."""
        try:
            return HexSide(DIRECTIONS.index((other.q - self.q, other.r - self.r)))
        except ValueError:
            raise ValueError(f"{other!r} is not adjacent to {self!r}") from None

    def ring(self, radius: int) -> tuple[Hex, ...]:
        """The hexes at exactly ``radius`` from this one, sorted by hex id."""
        if radius < 0:
            raise ValueError(f"radius must be >= 0, got {radius}")
        return tuple(h for h in self.within(radius) if self.distance(h) == radius)

    def within(self, radius: int) -> tuple[Hex, ...]:
        """The hexes at distance ``radius`` or less (this one included), sorted by hex id."""
        if radius < 0:
            raise ValueError(f"radius must be >= 0, got {radius}")
        return tuple(
            Hex(self.q + dq, self.r + dr)
            for dq in range(-radius, radius + 1)
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
        )

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


class Orientation(Enum):
    """How hexes sit on the map."""

    POINTY = "pointy"
    """Pointy-top hexes in horizontal rows (odd or even rows shifted right); H&H's layout [HH.HEX.2]."""
    FLAT = "flat"
    """Flat-top hexes in vertical columns (odd or even columns shifted down)."""

    def __repr__(self) -> str:
        return f"Orientation.{self.name}"


class Offset(Enum):
    """Which rows (pointy) or columns (flat) are shifted by half a hex, by their printed number."""

    ODD = "odd"
    """Rows or columns whose printed number is odd are shifted (right for rows, down for columns)."""
    EVEN = "even"
    """Rows or columns whose printed number is even are shifted."""

    def __repr__(self) -> str:
        return f"Offset.{self.name}"


class MapEdge(Enum):
    """One of the four edges of a rectangular map, as printed (first/last row, first/last column)."""

    TOP = "top"
    """The first printed row (on an H&H table, the northern long edge, r = 0 [HH.HEX.2])."""
    BOTTOM = "bottom"
    """The last printed row."""
    LEFT = "left"
    """The first printed column."""
    RIGHT = "right"
    """The last printed column."""

    def __repr__(self) -> str:
        return f"MapEdge.{self.name}"


class LabelError(ValueError):
    """A hex label that cannot be read, or names a hex off the map."""


@dataclass(frozen=True, slots=True)
class MapSpec:
    """A rectangular hex map: size, orientation, offset convention and first label numbers.

    >>> spec = MapSpec(18, 13, Orientation.POINTY, Offset.ODD)
    >>> spec.label(spec.parse("0504"))
    '0504'
    """

    columns: int
    rows: int
    orientation: Orientation = Orientation.FLAT
    offset: Offset = Offset.EVEN
    first_column: int = 1
    first_row: int = 1

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError(f"a map needs at least one column and one row, got {self.columns}x{self.rows}")
        if self.first_column < 0 or self.first_row < 0:
            raise ValueError(f"first column and row must be >= 0, got {self.first_column} and {self.first_row}")

    @property
    def last_column(self) -> int:
        """The printed number of the last column."""
        return self.first_column + self.columns - 1

    @property
    def last_row(self) -> int:
        """The printed number of the last row."""
        return self.first_row + self.rows - 1

    @property
    def label_width(self) -> int:
        """Digits in each half of a label: at least 2, more for maps of 100 or more columns/rows."""
        return max(2, len(str(self.last_column)), len(str(self.last_row)))

    def to_hex(self, column: int, row: int) -> Hex:
        """Axial hex for a printed column/row pair (offset coordinates); need not be on the map."""
        col = column - self.first_column
        row0 = row - self.first_row
        if self.orientation is Orientation.FLAT:
            return _offset_to_axial_flat(col, row0, self._shift_odd_index())
        return _offset_to_axial_pointy(col, row0, self._shift_odd_index())

    def to_label_pair(self, h: Hex) -> tuple[int, int]:
        """Printed (column, row) of an axial hex."""
        if self.orientation is Orientation.FLAT:
            col, row0 = _axial_to_offset_flat(h, self._shift_odd_index())
        else:
            col, row0 = _axial_to_offset_pointy(h, self._shift_odd_index())
        return col + self.first_column, row0 + self.first_row

    def _shift_odd_index(self) -> bool:
        """True when rows (pointy) or columns (flat) with an odd zero-based index are the shifted ones."""
        first = self.first_column if self.orientation is Orientation.FLAT else self.first_row
        # zero-based index i has printed number first + i: its parity is first's parity xor (i odd)
        return (self.offset is Offset.ODD) != (first % 2 == 1)

    def contains(self, h: Hex) -> bool:
        """Whether the hex is on the map."""
        col, row = self.to_label_pair(h)
        return self.first_column <= col <= self.last_column and self.first_row <= row <= self.last_row

    def hexes(self) -> list[Hex]:
        """Every hex on the map, in label order (column, then row)."""
        return [
            self.to_hex(c, r)
            for c in range(self.first_column, self.last_column + 1)
            for r in range(self.first_row, self.last_row + 1)
        ]

    def label(self, h: Hex) -> str:
        """The ``CCRR`` label of a hex (``0504`` = column 5, row 4)."""
        col, row = self.to_label_pair(h)
        if col < 0 or row < 0:
            raise LabelError(f"{h!r} lies before column/row 0 of this map and has no label")
        width = self.label_width
        return f"{col:0{width}d}{row:0{width}d}"

    def parse(self, text: str) -> Hex:
        """Read a ``CCRR`` label; raises LabelError naming what is wrong and how to write it."""
        t = text.strip()
        if not t.isdigit() or len(t) % 2 or len(t) < 4:
            raise LabelError(
                f"{text!r} is not a hex label: write column then row, {self.label_width} digits each,"
                f" such as {self.label(self.to_hex(self.first_column, self.first_row))}"
            )
        half = len(t) // 2
        h = self.to_hex(int(t[:half]), int(t[half:]))
        if not self.contains(h):
            raise LabelError(
                f"hex {t} is off the map: columns run {self.first_column}-{self.last_column}"
                f" and rows {self.first_row}-{self.last_row}"
            )
        return h

    # --- edges -----------------------------------------------------------------------------
    def edge_hexes(self, edge: MapEdge) -> tuple[Hex, ...]:
        """The on-map hexes of the first/last printed row or column, in label order."""
        if edge in (MapEdge.TOP, MapEdge.BOTTOM):
            row = self.first_row if edge is MapEdge.TOP else self.last_row
            return tuple(self.to_hex(c, row) for c in range(self.first_column, self.last_column + 1))
        col = self.first_column if edge is MapEdge.LEFT else self.last_column
        return tuple(self.to_hex(col, r) for r in range(self.first_row, self.last_row + 1))

    def edge_distance(self, h: Hex, edge: MapEdge) -> int:
        """Fewest steps from ``h`` to a hex of that edge row/column: 0 on the edge [HH.HEX.8] [HH.DEF.11].

        On a pointy-top map the top and bottom edges are straight rows, so this is ``|r - r_edge|``.
        """
        return min(h.distance(e) for e in self.edge_hexes(edge))

    def is_edge_hex(self, h: Hex) -> bool:
        """An on-map hex with at least one neighbour off the map [PC.GEOM.1]."""
        return self.contains(h) and not all(self.contains(n) for n in h.neighbours())

    # --- pixels ----------------------------------------------------------------------------
    def center(self, h: Hex, size: float = 1.0) -> tuple[float, float]:
        """Pixel centre of a hex with circumradius ``size``; y grows downwards (SVG).

        For drawing only: no rule decision may depend on these floats.
        """
        if self.orientation is Orientation.POINTY:
            x = size * math.sqrt(3) * (h.q + h.r / 2)
            y = size * 1.5 * h.r
        else:
            x = size * 1.5 * h.q
            y = size * math.sqrt(3) * (h.r + h.q / 2)
        return x, y

    def corners(self, h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
        """The six corners, counter-clockwise on screen; ``corners(h)[p]`` is HexPoint ``p``."""
        cx, cy = self.center(h, size)
        start = 30.0 if self.orientation is Orientation.POINTY else 0.0
        pts = []
        for i in range(6):
            a = math.radians(start + 60 * i)
            pts.append((cx + size * math.cos(a), cy - size * math.sin(a)))
        return pts


def _offset_to_axial_flat(col: int, row: int, shift_odd_index: bool) -> Hex:
    if shift_odd_index:
        return Hex(col, row - (col - (col & 1)) // 2)
    return Hex(col, row - (col + (col & 1)) // 2)


def _axial_to_offset_flat(h: Hex, shift_odd_index: bool) -> tuple[int, int]:
    if shift_odd_index:
        return h.q, h.r + (h.q - (h.q & 1)) // 2
    return h.q, h.r + (h.q + (h.q & 1)) // 2


def _offset_to_axial_pointy(col: int, row: int, shift_odd_index: bool) -> Hex:
    if shift_odd_index:
        return Hex(col - (row - (row & 1)) // 2, row)
    return Hex(col - (row + (row & 1)) // 2, row)


def _axial_to_offset_pointy(h: Hex, shift_odd_index: bool) -> tuple[int, int]:
    if shift_odd_index:
        return h.q + (h.r - (h.r & 1)) // 2, h.r
    return h.q + (h.r + (h.r & 1)) // 2, h.r


# --- sides, points, facings --------------------------------------------------------------------


class HexSide(IntEnum):
    """The six sides of a hex, counter-clockwise; side k leads to neighbour ``DIRECTIONS[k]`` [HH.HEX.3].

    Names are compass directions on a pointy-top map (bearing 60k). On a flat-top map each side
    lies 30 degrees clockwise of its name (E is east-south-east, NW is due north).
    """

    E = 0
    """Towards (+1, 0): east on a pointy-top map, bearing 0."""
    NE = 1
    """Towards (+1, -1): north-east, bearing 60."""
    NW = 2
    """Towards (0, -1): north-west, bearing 120."""
    W = 3
    """Towards (-1, 0): west, bearing 180."""
    SW = 4
    """Towards (-1, +1): south-west, bearing 240."""
    SE = 5
    """Towards (0, +1): south-east, bearing 300."""

    @property
    def offset(self) -> Hex:
        """The neighbour offset as a Hex vector."""
        return Hex(*DIRECTIONS[self])

    @property
    def opposite(self) -> HexSide:
        """The side facing the other way."""
        return HexSide((self + 3) % 6)

    def rotated(self, steps: int) -> HexSide:
        """The side ``steps`` sixths of a turn counter-clockwise (negative: clockwise)."""
        return HexSide((self + steps) % 6)

    @property
    def points(self) -> tuple[HexPoint, HexPoint]:
        """The two corners at the ends of this side: points k-1 and k [HH.HEX.4]."""
        return HexPoint((self - 1) % 6), HexPoint(self)

    def bearing(self, orientation: Orientation = Orientation.POINTY) -> int:
        """Bearing in whole degrees, counter-clockwise from east with north up [HH.HEX.3]."""
        return (60 * self - (30 if orientation is Orientation.FLAT else 0)) % 360

    def __repr__(self) -> str:
        return f"HexSide.{self.name}"


class HexPoint(IntEnum):
    """The six corners (vertices) of a hex; point p lies between side p and side p+1 [HH.HEX.4].

    Each name joins its two sides; on a pointy-top map NE_NW is due north and SW_SE due south.
    """

    E_NE = 0
    """Between sides E and NE, bearing 30."""
    NE_NW = 1
    """Between sides NE and NW, bearing 90 (north on a pointy-top map)."""
    NW_W = 2
    """Between sides NW and W, bearing 150."""
    W_SW = 3
    """Between sides W and SW, bearing 210."""
    SW_SE = 4
    """Between sides SW and SE, bearing 270 (south on a pointy-top map)."""
    SE_E = 5
    """Between sides SE and E, bearing 330."""

    @property
    def sides(self) -> tuple[HexSide, HexSide]:
        """The two sides meeting at this point: p and p+1."""
        return HexSide(self), HexSide((self + 1) % 6)

    @property
    def opposite(self) -> HexPoint:
        """The point across the hex."""
        return HexPoint((self + 3) % 6)

    def rotated(self, steps: int) -> HexPoint:
        """The point ``steps`` sixths of a turn counter-clockwise."""
        return HexPoint((self + steps) % 6)

    def bearing(self, orientation: Orientation = Orientation.POINTY) -> int:
        """Bearing in whole degrees, counter-clockwise from east with north up [HH.HEX.4]."""
        return (60 * self + (0 if orientation is Orientation.FLAT else 30)) % 360

    def __repr__(self) -> str:
        return f"HexPoint.{self.name}"


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


# --- line of sight ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Edge:
    """A hexside, named by the two adjacent hexes it separates, lower hex id first [CH.GEOM.2]."""

    first: Hex
    second: Hex

    def __post_init__(self) -> None:
        self.first.side_to(self.second)  # raises unless adjacent
        if not self.first < self.second:
            raise ValueError(f"write Edge.between({self.first!r}, {self.second!r}): lower hex id first")

    @classmethod
    def between(cls, a: Hex, b: Hex) -> Edge:
        """The hexside between two adjacent hexes, in either order."""
        return cls(a, b) if a < b else cls(b, a)

    @classmethod
    def of(cls, h: Hex, side: HexSide) -> Edge:
        """Side ``side`` of hex ``h``."""
        return cls.between(h, h.neighbour(side))

    def side_of(self, h: Hex) -> HexSide:
        """Which side of ``h`` (one of the two hexes) this edge is."""
        if h == self.first:
            return self.first.side_to(self.second)
        if h == self.second:
            return self.second.side_to(self.first)
        raise ValueError(f"{h!r} is not beside {self!r}")

    def __repr__(self) -> str:
        return f"Edge({self.first!r}, {self.second!r})"


class HalfHexRule(Enum):
    """How the two candidate hex lines of a sight line combine into one answer."""

    BOTH_CLEAR = "both"
    """More than half the target must be seen: clear only if no hex of either candidate blocks,
    so one blocker beside a spine is enough [HH.HEX.12] [HH.SHOOT.8]."""
    EITHER_CLEAR = "either"
    """Half is enough: clear if one candidate has no blocking hex, so a spine is blocked only by
    blockers on both sides [PC.GEOM.16] [HH12.SHOOT.A1]; Cry Havoc's firer picks a candidate [CH.GEOM.4]."""

    def __repr__(self) -> str:
        return f"HalfHexRule.{self.name}"


@dataclass(frozen=True, slots=True)
class SightPath:
    """One candidate hex line: intermediate hexes and crossed hexsides, in order from the origin."""

    hexes: tuple[Hex, ...]
    """Hexes strictly between origin and target that this candidate passes through."""
    edges: tuple[Edge, ...]
    """Hexsides crossed, one more than ``hexes`` (none when origin and target are the same hex)."""
    entry_side: HexSide | None
    """The target's side the line enters through [HH.HEX.13]; None when origin is the target."""


@dataclass(frozen=True, slots=True)
class SightStep:
    """One intermediate hex of a sight line, as a blocking callback sees it (levels: elevations)."""

    origin: Hex
    target: Hex
    hex: Hex
    origin_level: int = 0
    hex_level: int = 0
    target_level: int = 0

    @property
    def below_origin(self) -> bool:
        """The viewer stands higher than this hex (a unit on a hill looking over level ground)."""
        return self.hex_level < self.origin_level

    @property
    def above_both_ends(self) -> bool:
        """This hex rises above both the viewer and the target [PC.GEOM.17]."""
        return self.hex_level > max(self.origin_level, self.target_level)

    def can_shoot_over(self, factor: int = 2) -> bool:
        """Viewer higher than this hex and the target at least ``factor`` times as far [HH.SHOOT.10].

        Whether the hex holds a friend that may be shot over is for the game to say [HH.ART.13].
        """
        near = self.origin.distance(self.hex)
        return self.below_origin and self.origin.distance(self.target) >= factor * near


@dataclass(frozen=True, slots=True)
class SightLine:
    """The hexes the segment between two hex centres meets, as two candidates [HH.HEX.12] [CH.GEOM.4].

    ``left`` and ``right`` are what the segment meets when shifted an infinitely small distance to
    the viewer's left or right (looking from origin to target, north up). They differ only where
    the segment runs along a hexside (a spine) or passes through a corner: a hex the segment only
    touches belongs to the candidate on its side; a hex whose inside it crosses belongs to both.
    """

    origin: Hex
    target: Hex
    left: SightPath
    right: SightPath

    @property
    def paths(self) -> tuple[SightPath, ...]:
        """The distinct candidates: one, or (left, right) when they differ."""
        return (self.left,) if self.left.hexes == self.right.hexes else (self.left, self.right)

    @property
    def is_split(self) -> bool:
        """Whether the candidates differ (the line runs along a hexside or through a corner)."""
        return self.left.hexes != self.right.hexes

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every intermediate hex of either candidate, ordered along the line, then by hex id."""
        a = _frame(self.origin)
        d = _sub(_frame(self.target), a)
        union = set(self.left.hexes) | set(self.right.hexes)
        return tuple(sorted(union, key=lambda h: (_edot(_sub(_frame(h), a), d), h)))

    @property
    def entry_sides(self) -> frozenset[HexSide]:
        """The target's sides the line may enter through: one, or two for a split line [HH.HEX.13]."""
        return frozenset(p.entry_side for p in (self.left, self.right) if p.entry_side is not None)

    def steps(self, elevation: Callable[[Hex], int] | None = None) -> tuple[SightStep, ...]:
        """A SightStep for every intermediate hex, in line order, with levels from ``elevation``."""
        if elevation is None:
            return tuple(SightStep(self.origin, self.target, h) for h in self.hexes)
        lo, lt = elevation(self.origin), elevation(self.target)
        return tuple(SightStep(self.origin, self.target, h, lo, elevation(h), lt) for h in self.hexes)

    def clear_paths(
        self, blocks: Callable[[SightStep], bool], elevation: Callable[[Hex], int] | None = None
    ) -> tuple[SightPath, ...]:
        """The candidates with no blocking hex; ``blocks`` is asked once per hex, in line order."""
        blocked = {s.hex for s in self.steps(elevation) if blocks(s)}
        return tuple(p for p in self.paths if blocked.isdisjoint(p.hexes))

    def is_clear(
        self,
        blocks: Callable[[SightStep], bool],
        rule: HalfHexRule,
        elevation: Callable[[Hex], int] | None = None,
    ) -> bool:
        """Whether the line is clear under ``rule``, asking ``blocks`` about each intermediate hex."""
        clear = self.clear_paths(blocks, elevation)
        if rule is HalfHexRule.BOTH_CLEAR:
            return len(clear) == len(self.paths)
        return bool(clear)


def sight_line(origin: Hex, target: Hex) -> SightLine:
    """The exact sight line between two hex centres (cached; origin == target gives empty paths)."""
    return _sight_line(origin, target)


def line_of_sight(
    origin: Hex,
    target: Hex,
    blocks: Callable[[SightStep], bool],
    rule: HalfHexRule,
    elevation: Callable[[Hex], int] | None = None,
) -> bool:
    """Whether ``origin`` sees ``target``: the sight line under ``rule``, with game-supplied blocking.

    ``blocks`` decides for one intermediate hex (terrain, units, elevation: the game's business);
    origin and target never block. Range 0 and 1 are always clear.
    """
    return _sight_line(origin, target).is_clear(blocks, rule, elevation)


_BOTH, _LEFT, _RIGHT = 3, 1, 2
"""Classification of a hex against a segment: crossed inside, touched on the left, on the right."""


def _sub(u: tuple[int, int], v: tuple[int, int]) -> tuple[int, int]:
    return u[0] - v[0], u[1] - v[1]


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _hex_corners(h: Hex) -> list[tuple[int, int]]:
    x, y = _frame(h)
    return [(x + dx, y + dy) for dx, dy in _CORNERS]


def _classify(a: tuple[int, int], b: tuple[int, int], h: Hex) -> int:
    """0, _BOTH, _LEFT or _RIGHT: how the segment a-b meets hex h [CH.GEOM.4]."""
    d = _sub(b, a)
    cs = _hex_corners(h)
    cr = [_cross(d, _sub(c, a)) for c in cs]
    pos, neg = any(v > 0 for v in cr), any(v < 0 for v in cr)
    if pos and neg:
        # The infinite line cuts the hex; the segment misses it only if a hex edge direction
        # separates them (touching counts as separated: endpoints are centres, never on a boundary).
        for i in range(3):
            e = _sub(cs[i + 1], cs[i])
            n = (-e[1], e[0])
            hp = [n[0] * c[0] + n[1] * c[1] for c in cs]
            sp = (n[0] * a[0] + n[1] * a[1], n[0] * b[0] + n[1] * b[1])
            if max(hp) <= min(sp) or max(sp) <= min(hp):
                return 0
        return _BOTH
    on = [d[0] * (c[0] - a[0]) + d[1] * (c[1] - a[1]) for c, v in zip(cs, cr, strict=True) if v == 0]
    if on and max(on) > 0 and min(on) < d[0] * d[0] + d[1] * d[1]:
        return _LEFT if pos else _RIGHT
    return 0


@lru_cache(maxsize=4096)
def _sight_line(origin: Hex, target: Hex) -> SightLine:
    if origin == target:
        empty = SightPath((), (), None)
        return SightLine(origin, target, empty, empty)
    a, b = _frame(origin), _frame(target)
    # Flood out from the origin over every hex the closed segment meets: they are connected.
    found: dict[Hex, int] = {}
    seen, queue = {origin}, deque([origin])
    while queue:
        for n in queue.popleft().neighbours():
            if n in seen:
                continue
            seen.add(n)
            if n == target:
                queue.append(n)
                continue
            kind = _classify(a, b, n)
            if kind:
                found[n] = kind
                queue.append(n)
    left = _walk(origin, target, a, b, {h for h, k in found.items() if k & _LEFT}, on_line=-1)
    right = _walk(origin, target, a, b, {h for h, k in found.items() if k & _RIGHT}, on_line=1)
    return SightLine(origin, target, left, right)


def _walk(origin: Hex, target: Hex, a: tuple[int, int], b: tuple[int, int], hexes: set[Hex], on_line: int) -> SightPath:
    """Order one candidate by following the hexsides it crosses from the origin [CH.GEOM.5].

    A corner exactly on the segment counts as lying on the side away from the candidate's nudge
    (``on_line``), so a hexside lying along the segment is never crossed.
    """
    d = _sub(b, a)
    members = hexes | {origin, target}

    def crosses(h: Hex, side: HexSide) -> bool:
        u, v = (_hex_corners(h)[p] for p in side.points)
        su = _sign(_cross(d, _sub(u, a))) or on_line
        sv = _sign(_cross(d, _sub(v, a))) or on_line
        e = _sub(v, u)
        return su != sv and _sign(_cross(e, _sub(a, u))) * _sign(_cross(e, _sub(b, u))) < 0

    order: list[Hex] = []
    edges: list[Edge] = []
    here, previous = origin, None
    while here != target:
        nxt = [
            n for side in HexSide if (n := here.neighbour(side)) in members and n != previous and crosses(here, side)
        ]
        if len(nxt) != 1:  # pragma: no cover - guarded by the property tests
            raise AssertionError(f"sight line {origin!r}->{target!r} does not form a chain at {here!r}")
        edges.append(Edge.between(here, nxt[0]))
        previous, here = here, nxt[0]
        if here != target:
            order.append(here)
    if len(order) != len(hexes):  # pragma: no cover - guarded by the property tests
        raise AssertionError(f"sight line {origin!r}->{target!r} skipped hexes")
    return SightPath(tuple(order), tuple(edges), None if previous is None else target.side_to(previous))


# --- paths -----------------------------------------------------------------------------------

S = TypeVar("S", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Paths(Generic[S]):
    """Cheapest paths from one start state, as found by :func:`cheapest_paths`.

    Among equally cheap paths to a state the one kept has the lexicographically smallest sequence
    of state keys; for hex states that is the lowest hex-id sequence [HH.HEX.15].
    """

    start: S
    costs: Mapping[S, int]
    """Cheapest cost to every state reached within the budget."""
    parents: Mapping[S, S] = field(repr=False)
    """The state before each reached state on its chosen path (the start has none)."""
    order: tuple[S, ...] = field(repr=False)
    """Reached states, cheapest first, ties in path order."""

    def __contains__(self, state: object) -> bool:
        return state in self.costs

    def cost(self, state: S) -> int:
        """Cheapest cost to ``state``; KeyError if it was not reached within the budget."""
        return self.costs[state]

    def path(self, state: S) -> tuple[S, ...]:
        """The chosen path from the start to ``state``, both included."""
        if state not in self.costs:
            raise KeyError(f"{state!r} is not reachable from {self.start!r} within the budget")
        out = [state]
        while out[-1] != self.start:
            out.append(self.parents[out[-1]])
        return tuple(reversed(out))

    def cheapest_by(self, group: Callable[[S], Hashable]) -> dict[Hashable, S]:
        """For each group (say each hex), its first reached state: the cheapest, ties by path."""
        best: dict[Hashable, S] = {}
        for s in self.order:
            best.setdefault(group(s), s)
        return best


def cheapest_paths(
    start: S,
    moves: Callable[[S], Iterable[tuple[S, int]]],
    *,
    budget: int | None = None,
    key: Callable[[S], Any] | None = None,
) -> Paths[S]:
    """Dijkstra over caller-defined states: ``moves(state)`` yields ``(next_state, cost >= 0)``.

    States costing more than ``budget`` are dropped. The answer for a state must depend only on
    the state, so anything that shapes later moves (facing, free turn used, stopped by a zone of
    control) belongs in it [HH.HEX.16] [CH.GEOM.11]. Ties go to the smallest sequence of
    ``key(state)`` along the path (default: the states themselves) [HH.HEX.15].
    """
    keyf: Callable[[S], Any] = key if key is not None else _identity
    best: dict[S, tuple[int, tuple[Any, ...]]] = {start: (0, (keyf(start),))}
    parents: dict[S, S] = {}
    costs: dict[S, int] = {}
    order: list[S] = []
    tick = 0
    heap: list[tuple[int, tuple[Any, ...], int, S]] = [(0, (keyf(start),), tick, start)]
    while heap:
        cost, seq, _, state = heapq.heappop(heap)
        if state in costs:
            continue
        costs[state] = cost
        order.append(state)
        for nxt, step in moves(state):
            if step < 0:
                raise ValueError(f"negative cost {step} for the move {state!r} -> {nxt!r}")
            total = cost + step
            if (budget is not None and total > budget) or nxt in costs:
                continue
            label = (total, seq + (keyf(nxt),))
            if nxt not in best or label < best[nxt]:
                best[nxt] = label
                parents[nxt] = state
                tick += 1
                heapq.heappush(heap, (label[0], label[1], tick, nxt))
    return Paths(start, MappingProxyType(costs), MappingProxyType(parents), tuple(order))


def _identity(state: Any) -> Any:
    return state


@dataclass(frozen=True, slots=True)
class MoveStep:
    """One step of a move, as the cost callback sees it: who, from where, into where, how."""

    piece: object
    """The moving piece, passed through untouched (the game's own object)."""
    from_hex: Hex
    to_hex: Hex
    """The hex entered."""
    side: HexSide
    """The side of ``from_hex`` crossed (hexside terrain, steep sides, exit sides)."""
    facing: Facing | None
    """The facing held while leaving ``from_hex``, or None for pieces without one."""
    flags: Hashable = None
    """The game's extra state carried by a MoveState search (None in a hex-only search)."""

    @property
    def edge(self) -> Edge:
        """The hexside crossed."""
        return Edge.between(self.from_hex, self.to_hex)

    @property
    def through_exit_side(self) -> bool:
        """Whether the side crossed is a front exit side of the facing [HH.MOVE.9]."""
        return self.facing is not None and self.side in self.facing.exit_sides


@dataclass(frozen=True, slots=True, order=True)
class MoveState:
    """A search state of a move: hex, facing and the game's extra flags [HH.HEX.16].

    Flags must be hashable and comparable with each other (a bool, a tuple, an ordered frozen
    dataclass), because ties between paths compare states.
    """

    hex: Hex
    facing: Facing
    flags: Any = None


@dataclass(frozen=True, slots=True)
class Turn:
    """A facing change in place, as the turn callback sees it."""

    piece: object
    state: MoveState
    """The state before the turn."""
    facing: Facing
    """The new facing."""

    @property
    def steps(self) -> int:
        """Size of the change in 30-degree steps (1..6) [HH.HEX.5]."""
        return self.state.facing.steps_to(self.facing)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a step or turn callback allows: its cost and the flags of the state it leads to."""

    cost: int
    flags: Any = None


def hex_paths(
    start: Hex,
    cost: Callable[[MoveStep], int | None],
    *,
    budget: int | None = None,
    piece: object = None,
    facing: Facing | None = None,
    inside: Callable[[Hex], bool] | None = None,
) -> Paths[Hex]:
    """Cheapest paths over hexes alone; ``cost`` returns the price of a step, or None if barred.

    The facing, if any, stays as given (Proconsul steps keep facing [PC.GEOM.11]); pass
    ``inside=spec.contains`` to stay on the map. Ties: lowest hex-id sequence [HH.HEX.15].
    """

    def moves(h: Hex) -> Iterator[tuple[Hex, int]]:
        for side in HexSide:
            n = h.neighbour(side)
            if inside is None or inside(n):
                c = cost(MoveStep(piece, h, n, side, facing))
                if c is not None:
                    yield n, c

    return cheapest_paths(start, moves, budget=budget)


def facing_paths(
    start: MoveState,
    step: Callable[[MoveStep], Outcome | None],
    turn: Callable[[Turn], Outcome | None] | None = None,
    *,
    budget: int | None = None,
    piece: object = None,
    inside: Callable[[Hex], bool] | None = None,
) -> Paths[MoveState]:
    """Cheapest paths over (hex, facing, flags) states [HH.HEX.16].

    ``step`` prices a step into a neighbour (facing kept); ``turn`` prices a change to each other
    facing in place. Either returns None to forbid, or an Outcome with the cost and new flags,
    which is how a game tracks "free turn still available" and the like.
    """

    def moves(s: MoveState) -> Iterator[tuple[MoveState, int]]:
        if turn is not None:
            for f in Facing:
                if f != s.facing and (out := turn(Turn(piece, s, f))) is not None:
                    yield MoveState(s.hex, f, out.flags), out.cost
        for side in HexSide:
            n = s.hex.neighbour(side)
            if inside is None or inside(n):
                if (out := step(MoveStep(piece, s.hex, n, side, s.facing, s.flags))) is not None:
                    yield MoveState(n, s.facing, out.flags), out.cost

    return cheapest_paths(start, moves, budget=budget)
