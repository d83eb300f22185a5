"""Rasterise a board picture (or an SVG we made) to PNG with resvg and the shipped font.

resvg draws no text at all when it cannot find the font, so it is given the shipped DejaVu
Sans files explicitly and told to skip system fonts: the PNG has the same text on every
machine, including one with no fonts installed.
"""

from __future__ import annotations

import resvg_py

from campaign.picture import BoardPicture
from campaign.picture.table import TablePicture
from campaign.render.dispatch import render_svg
from campaign.render.typeface import FONT_FAMILY, font_files


class RenderError(RuntimeError):
    """The SVG could not be rasterised (resvg's own message is included)."""


def render_png(picture_or_svg: BoardPicture | TablePicture | str, scale: float = 1.0) -> bytes:
    """PNG bytes of a board picture (hex board or measured table), or of SVG text; ``scale`` 2.0
    doubles the pixel size.

    Example: ``Path("board.png").write_bytes(render_png(picture, scale=1.5))``
    """
    if scale <= 0:
        raise ValueError(f"scale must be positive, got {scale}")
    svg = picture_or_svg if isinstance(picture_or_svg, str) else render_svg(picture_or_svg)
    files = [str(f) for f in font_files()]
    try:
        data = resvg_py.svg_to_bytes(
            svg_string=svg,
            skip_system_fonts=True,
            font_files=files,
            font_family=FONT_FAMILY,
            sans_serif_family=FONT_FAMILY,
            zoom=scale,
            shape_rendering="geometric_precision",
            text_rendering="optimize_legibility",
        )
    except ValueError as exc:
        raise RenderError(f"resvg could not draw the board: {exc}") from exc
    return bytes(data)
