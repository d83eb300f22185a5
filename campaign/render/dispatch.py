"""One entry point for every picture kind: a hex board or a measured table."""

from __future__ import annotations

from campaign.picture import BoardPicture
from campaign.picture.table import TablePicture
from campaign.render.svg import render_svg as render_board_svg
from campaign.render.table_svg import render_table_svg

__all__ = ["render_svg"]


def render_svg(picture: BoardPicture | TablePicture) -> str:
    """The picture as a standalone SVG document (UTF-8 text, ends with a newline): a hex board
    (:class:`BoardPicture`) or a measured table (:class:`TablePicture`)."""
    if isinstance(picture, TablePicture):
        return render_table_svg(picture)
    return render_board_svg(picture)
