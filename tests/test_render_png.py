"""PNG output: decodes, has the SVG's size, is deterministic, and really contains text."""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

import pytest

import campaign.render.png as png_module
from campaign.hexgrid import MapSpec, Orientation
from campaign.render import (
    FONT_FAMILY,
    BoardPicture,
    board_layout,
    font_files,
    render_png,
    render_svg,
)
from campaign.render.demo import demo_flat_picture, demo_picture

OUTPUT = Path(__file__).parent / "output"
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == SIGNATURE
    out, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        out.append((kind, body))
        at += 12 + length
    return out


def _header(data: bytes) -> tuple[int, int, int, int]:
    """(width, height, bit depth, colour type) from IHDR."""
    kind, body = _chunks(data)[0]
    assert kind == b"IHDR"
    width, height, depth, colour = struct.unpack(">IIBB", body[:10])
    return width, height, depth, colour


def _raw_scanlines(data: bytes) -> bytes:
    return zlib.decompress(b"".join(body for kind, body in _chunks(data) if kind == b"IDAT"))


def _channels(colour_type: int) -> int:
    return {0: 1, 2: 3, 4: 2, 6: 4}[colour_type]


def _decode(data: bytes) -> tuple[int, int, int, list[bytearray]]:
    """(width, height, channels, rows) of an 8-bit non-palette PNG, fully unfiltered."""
    width, height, depth, colour = _header(data)
    assert depth == 8
    bpp = _channels(colour)
    raw = _raw_scanlines(data)
    stride = width * bpp
    rows: list[bytearray] = []
    prev = bytearray(stride)
    at = 0
    for _ in range(height):
        kind = raw[at]
        line = bytearray(raw[at + 1 : at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = prev[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                ul = prev[i - bpp] if i >= bpp else 0
                p = left + up - ul
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - ul)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else ul)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def _dark_pixels(data: bytes, box: tuple[float, float, float, float]) -> int:
    width, height, bpp, rows = _decode(data)
    x0, y0, x1, y1 = (int(math.floor(box[0])), int(math.floor(box[1])), int(math.ceil(box[2])), int(math.ceil(box[3])))
    count = 0
    for y in range(max(0, y0), min(height, y1)):
        row = rows[y]
        for x in range(max(0, x0), min(width, x1)):
            r, g, b = row[x * bpp], row[x * bpp + 1], row[x * bpp + 2]
            if 0.299 * r + 0.587 * g + 0.114 * b < 110:
                count += 1
    return count


@pytest.fixture(scope="module")
def big_png() -> bytes:
    data = render_png(demo_picture())
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "board-pointy-30x20.png").write_bytes(data)
    return data


def test_big_board_png_decodes_to_the_svg_canvas_size(big_png: bytes) -> None:
    width, height, depth, colour = _header(big_png)
    layout = board_layout(demo_picture())
    assert abs(width - layout.width) <= 1 and abs(height - layout.height) <= 1
    assert width > 1500 and height > 900
    raw = _raw_scanlines(big_png)
    assert len(raw) == height * (1 + width * _channels(colour) * depth // 8)
    assert _chunks(big_png)[-1][0] == b"IEND"


def test_flat_board_png_decodes() -> None:
    data = render_png(demo_flat_picture())
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "board-flat-12x9.png").write_bytes(data)
    width, height, _, _ = _header(data)
    layout = board_layout(demo_flat_picture())
    assert abs(width - layout.width) <= 1 and abs(height - layout.height) <= 1


def test_png_is_deterministic(big_png: bytes) -> None:
    assert render_png(demo_picture()) == big_png


def test_png_from_svg_text_equals_png_from_picture() -> None:
    picture = _tiny(labels=True)
    assert render_png(render_svg(picture)) == render_png(picture)


def test_scale_multiplies_the_pixel_size() -> None:
    picture = _tiny(labels=True)
    w1, h1, _, _ = _header(render_png(picture))
    w2, h2, _, _ = _header(render_png(picture, scale=2.0))
    assert abs(w2 - 2 * w1) <= 2 and abs(h2 - 2 * h1) <= 2
    with pytest.raises(ValueError):
        render_png(picture, scale=0)


def _tiny(*, labels: bool) -> BoardPicture:
    return BoardPicture("", MapSpec(1, 1, Orientation.POINTY), hex_size=90.0, show_labels=labels, show_legend=False)


def _label_box(picture: BoardPicture) -> tuple[float, float, float, float]:
    spec = picture.map_spec
    return board_layout(picture).label_box(spec.parse("0101"))


def test_label_text_really_appears_in_the_png() -> None:
    """Catches a missing font: resvg silently draws no text when it has none."""
    with_label, without = _tiny(labels=True), _tiny(labels=False)
    box = _label_box(with_label)
    drawn = render_png(with_label)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "label-check.png").write_bytes(drawn)
    assert _dark_pixels(drawn, box) > 60
    assert _dark_pixels(render_png(without), box) == 0


def test_without_the_shipped_font_the_label_check_would_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text check above is meaningful: with no font files resvg draws no label at all."""
    monkeypatch.setattr(png_module, "font_files", lambda: ())
    picture = _tiny(labels=True)
    assert _dark_pixels(render_png(picture), _label_box(picture)) == 0


def test_shipped_font_is_inside_the_package_with_its_licence() -> None:
    files = font_files()
    assert [f.name for f in files] == ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]
    for f in files:
        assert f.is_file() and f.stat().st_size > 100_000
        assert "campaign" in f.parts and "render" in f.parts
        assert _family_name(f.read_bytes()) == FONT_FAMILY
    licence = (files[0].parent / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream Vera" in licence and "Arev" in licence


def _family_name(font: bytes) -> str:
    """Name ID 1 (font family) from the TTF 'name' table, Windows Unicode record."""
    (num_tables,) = struct.unpack_from(">H", font, 4)
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", font, 12 + 16 * i)
        if tag == b"name":
            _, count, strings = struct.unpack_from(">HHH", font, offset)
            for j in range(count):
                platform, _, _, name_id, length, at = struct.unpack_from(">HHHHHH", font, offset + 6 + 12 * j)
                if platform == 3 and name_id == 1:
                    start = offset + strings + at
                    return font[start : start + length].decode("utf-16-be")
    raise AssertionError("no family name")
