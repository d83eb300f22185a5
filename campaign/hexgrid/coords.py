"""Axial hex coordinates, the six sides and points of a hex, and the map's CCRR labels (MapSpec).

See the package docstring (campaign.hexgrid) for the conventions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum, IntEnum

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
