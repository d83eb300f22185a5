"""Hex-map geometry shared by every hex game: labels, neighbours, facings, sight lines, paths.

Coordinates inside are axial ``(q, r)`` (cube ``s = -q - r``); people see the wargamer's
``CCRR`` labels. Direction ``k`` is the neighbour offset ``DIRECTIONS[k]``; the six
directions are 60 degrees apart and counted counter-clockwise. On a pointy-top map
direction 0 is due east; on a flat-top map it is 30 degrees below east (east-south-east).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex in axial coordinates; ordering is the rulebooks' "lowest hex id" (q, then r)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: int) -> Hex:
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        return tuple(self.neighbour(k) for k in range(6))

    def distance(self, other: Hex) -> int:
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


class Orientation(Enum):
    """How hexes sit on the map."""

    POINTY = "pointy"
    """Pointy-top hexes in horizontal rows (odd or even rows shifted right)."""
    FLAT = "flat"
    """Flat-top hexes in vertical columns (odd or even columns shifted down)."""


class Offset(Enum):
    """Which rows (pointy) or columns (flat) are shifted by half a hex."""

    ODD = "odd"
    """Odd-numbered rows/columns (counting from the map's first label) are shifted."""
    EVEN = "even"
    """Even-numbered rows/columns are shifted."""


class LabelError(ValueError):
    """A hex label that cannot be read, or names a hex off the map."""


@dataclass(frozen=True, slots=True)
class MapSpec:
    """A rectangular hex map: size, orientation, offset convention and first label numbers."""

    columns: int
    rows: int
    orientation: Orientation = Orientation.FLAT
    offset: Offset = Offset.EVEN
    first_column: int = 1
    first_row: int = 1

    def to_hex(self, column: int, row: int) -> Hex:
        """Axial hex for a printed column/row pair (offset coordinates)."""
        col = column - self.first_column
        row0 = row - self.first_row
        if self.orientation is Orientation.FLAT:
            return _offset_to_axial_flat(col, row0, self._flat_shift_odd_index())
        return _offset_to_axial_pointy(col, row0, self._pointy_shift_odd_index())

    def to_label_pair(self, h: Hex) -> tuple[int, int]:
        """Printed (column, row) of an axial hex."""
        if self.orientation is Orientation.FLAT:
            col, row0 = _axial_to_offset_flat(h, self._flat_shift_odd_index())
        else:
            col, row0 = _axial_to_offset_pointy(h, self._pointy_shift_odd_index())
        return col + self.first_column, row0 + self.first_row

    def _flat_shift_odd_index(self) -> bool:
        """True when columns with an odd zero-based index are the shifted ones."""
        first_is_odd = self.first_column % 2 == 1
        shifted_odd_labels = self.offset is Offset.ODD
        # zero-based index i has label first_column + i; label parity = first parity xor (i odd)
        return shifted_odd_labels != first_is_odd

    def _pointy_shift_odd_index(self) -> bool:
        first_is_odd = self.first_row % 2 == 1
        shifted_odd_labels = self.offset is Offset.ODD
        return shifted_odd_labels != first_is_odd

    def contains(self, h: Hex) -> bool:
        col, row = self.to_label_pair(h)
        return (
            self.first_column <= col < self.first_column + self.columns
            and self.first_row <= row < self.first_row + self.rows
        )

    def hexes(self) -> list[Hex]:
        """Every hex on the map, in label order (column, then row)."""
        return [
            self.to_hex(c, r)
            for c in range(self.first_column, self.first_column + self.columns)
            for r in range(self.first_row, self.first_row + self.rows)
        ]

    def label(self, h: Hex) -> str:
        """The ``CCRR`` label of a hex (``0504`` = column 5, row 4)."""
        col, row = self.to_label_pair(h)
        width = max(2, len(str(self.first_column + self.columns - 1)), len(str(self.first_row + self.rows - 1)))
        return f"{col:0{width}d}{row:0{width}d}"

    def parse(self, text: str) -> Hex:
        """Read a ``CCRR`` label; raises LabelError naming what is wrong."""
        t = text.strip()
        if not t.isdigit() or len(t) % 2 or len(t) < 4:
            raise LabelError(f"{text!r} is not a hex label: expected CCRR digits such as 0504")
        half = len(t) // 2
        h = self.to_hex(int(t[:half]), int(t[half:]))
        if not self.contains(h):
            raise LabelError(
                f"hex {t} is off the map (columns {self.first_column}-{self.first_column + self.columns - 1},"
                f" rows {self.first_row}-{self.first_row + self.rows - 1})"
            )
        return h

    # --- pixels -------------------------------------------------------------------------
    def center(self, h: Hex, size: float = 1.0) -> tuple[float, float]:
        """Pixel centre of a hex with circumradius ``size``; y grows downwards (SVG)."""
        if self.orientation is Orientation.POINTY:
            x = size * math.sqrt(3) * (h.q + h.r / 2)
            y = size * 1.5 * h.r
        else:
            x = size * 1.5 * h.q
            y = size * math.sqrt(3) * (h.r + h.q / 2)
        return x, y

    def corners(self, h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
        """The six corner points of a hex, counter-clockwise on screen from the first vertex."""
        cx, cy = self.center(h, size)
        start = 30.0 if self.orientation is Orientation.POINTY else 0.0
        pts = []
        for i in range(6):
            a = math.radians(start + 60 * i)
            pts.append((cx + size * math.cos(a), cy - size * math.sin(a)))
        return pts


def _offset_to_axial_flat(col: int, row: int, shift_odd_index: bool) -> Hex:
    q = col
    if shift_odd_index:
        r = row - (col - (col & 1)) // 2
    else:
        r = row - (col + (col & 1)) // 2
    return Hex(q, r)


def _axial_to_offset_flat(h: Hex, shift_odd_index: bool) -> tuple[int, int]:
    col = h.q
    if shift_odd_index:
        row = h.r + (h.q - (h.q & 1)) // 2
    else:
        row = h.r + (h.q + (h.q & 1)) // 2
    return col, row


def _offset_to_axial_pointy(col: int, row: int, shift_odd_index: bool) -> Hex:
    r = row
    if shift_odd_index:
        q = col - (row - (row & 1)) // 2
    else:
        q = col - (row + (row & 1)) // 2
    return Hex(q, r)


def _axial_to_offset_pointy(h: Hex, shift_odd_index: bool) -> tuple[int, int]:
    row = h.r
    if shift_odd_index:
        col = h.q + (h.r - (h.r & 1)) // 2
    else:
        col = h.q + (h.r + (h.r & 1)) // 2
    return col, row
