"""The one typeface every board picture uses, shipped inside the package, and its metrics.

The SVG names the family ``DejaVu Sans`` and the PNG renderer loads exactly these files (and no
system fonts), so a picture looks the same on every machine. Text widths are read from the
font's own advance table so labels can be fitted into counters without guessing.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

FONT_FAMILY = "DejaVu Sans"
"""The family name written into every SVG; it is the name inside the shipped font files."""

CSS_FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"
"""What the SVG asks for: the shipped face first, then near relatives for browsers."""

_REGULAR = "DejaVuSans.ttf"
_BOLD = "DejaVuSans-Bold.ttf"


def fonts_dir() -> Path:
    """Folder holding the shipped font files and their LICENSE."""
    return Path(str(resources.files("campaign.render") / "fonts"))


def font_files() -> tuple[Path, ...]:
    """Every shipped font file (regular, then bold)."""
    folder = fonts_dir()
    return (folder / _REGULAR, folder / _BOLD)


@dataclass(frozen=True, slots=True)
class _Metrics:
    units_per_em: int
    advances: Mapping[int, int]
    """Advance width in font units, by Unicode code point."""
    fallback: int


@cache
def _metrics(bold: bool) -> _Metrics:
    data = (fonts_dir() / (_BOLD if bold else _REGULAR)).read_bytes()
    return _parse_metrics(data)


def _parse_metrics(data: bytes) -> _Metrics:
    (num_tables,) = struct.unpack_from(">H", data, 4)
    tables: dict[bytes, int] = {}
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    (units_per_em,) = struct.unpack_from(">H", data, tables[b"head"] + 18)
    (n_hmetrics,) = struct.unpack_from(">H", data, tables[b"hhea"] + 34)
    hmtx = tables[b"hmtx"]
    widths: list[int] = [struct.unpack_from(">H", data, hmtx + 4 * i)[0] for i in range(n_hmetrics)]

    def advance(glyph: int) -> int:
        return widths[glyph] if glyph < n_hmetrics else widths[-1]

    glyph_of = _cmap(data, tables[b"cmap"])
    return _Metrics(
        units_per_em=units_per_em,
        advances={cp: advance(g) for cp, g in glyph_of.items()},
        fallback=advance(glyph_of.get(ord("n"), 0)),
    )


def _cmap(data: bytes, cmap: int) -> dict[int, int]:
    """Code point -> glyph index from the best Unicode subtable (format 12, else 4)."""
    (n,) = struct.unpack_from(">H", data, cmap + 2)
    subtables: dict[int, int] = {}
    for i in range(n):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if (platform, encoding) in ((3, 10), (0, 4), (3, 1), (0, 3)):
            (fmt,) = struct.unpack_from(">H", data, cmap + offset)
            subtables.setdefault(fmt, cmap + offset)
    if 12 in subtables:
        return _cmap12(data, subtables[12])
    return _cmap4(data, subtables[4])


def _cmap4(data: bytes, at: int) -> dict[int, int]:
    (seg_x2,) = struct.unpack_from(">H", data, at + 6)
    segs = seg_x2 // 2
    ends_at = at + 14
    starts_at = ends_at + seg_x2 + 2
    deltas_at = starts_at + seg_x2
    ranges_at = deltas_at + seg_x2
    out: dict[int, int] = {}
    for i in range(segs):
        (end,) = struct.unpack_from(">H", data, ends_at + 2 * i)
        (start,) = struct.unpack_from(">H", data, starts_at + 2 * i)
        (delta,) = struct.unpack_from(">h", data, deltas_at + 2 * i)
        (range_offset,) = struct.unpack_from(">H", data, ranges_at + 2 * i)
        for cp in range(start, min(end, 0xFFFE) + 1):
            if range_offset == 0:
                glyph = (cp + delta) & 0xFFFF
            else:
                where = ranges_at + 2 * i + range_offset + 2 * (cp - start)
                (glyph,) = struct.unpack_from(">H", data, where)
                if glyph:
                    glyph = (glyph + delta) & 0xFFFF
            if glyph:
                out[cp] = glyph
    return out


def _cmap12(data: bytes, at: int) -> dict[int, int]:
    (n_groups,) = struct.unpack_from(">I", data, at + 12)
    out: dict[int, int] = {}
    for i in range(n_groups):
        start, end, first_glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        for cp in range(start, end + 1):
            out[cp] = first_glyph + cp - start
    return out


def text_width(text: str, font_size: float, *, bold: bool = False) -> float:
    """Width in pixels of ``text`` set in the shipped face (no kerning; close enough to fit)."""
    m = _metrics(bold)
    units = sum(m.advances.get(ord(ch), m.fallback) for ch in text)
    return units * font_size / m.units_per_em


def has_glyph(ch: str) -> bool:
    """True when the shipped face can draw this character."""
    return ord(ch) in _metrics(False).advances
