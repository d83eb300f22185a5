"""Game-agnostic hex board renderer: fill in a :class:`BoardPicture`, get SVG or PNG.

Example::

    from campaign.hexgrid import MapSpec, Orientation
    from campaign.render import BoardPicture, Counter, Side, render_png, render_svg

    spec = MapSpec(30, 20, Orientation.POINTY)
    picture = BoardPicture(
        title="Turn 3",
        map_spec=spec,
        sides=(Side("red", "Romans", "#b22222"),),
        counters=(Counter("Leg1", "red", spec.parse("0504"), facing=3, stands=4),),
    )
    svg_text = render_svg(picture)
    png_bytes = render_png(picture)
"""

from campaign.picture import (
    FACINGS,
    Arrow,
    ArrowKind,
    BoardPicture,
    Counter,
    Formation,
    General,
    HexFeature,
    HexSideFeature,
    HexTerrain,
    Marker,
    PictureError,
    Route,
    Side,
    StandsDisplay,
    Status,
    picture_problems,
)
from campaign.picture.styles import (
    DEFAULT_STYLES,
    FeatureMark,
    HexFeatureStyle,
    HexSideStyle,
    Pattern,
    RouteStyle,
    SideMark,
    StyleSheet,
    TerrainStyle,
)
from campaign.render.dispatch import render_svg
from campaign.render.png import RenderError, render_png
from campaign.render.svg import BoardLayout, board_layout
from campaign.render.svgbase import STATUS_LOOK
from campaign.render.typeface import FONT_FAMILY, font_files

__all__ = [
    "DEFAULT_STYLES",
    "FACINGS",
    "FONT_FAMILY",
    "STATUS_LOOK",
    "Arrow",
    "ArrowKind",
    "BoardLayout",
    "BoardPicture",
    "Counter",
    "FeatureMark",
    "Formation",
    "General",
    "HexFeature",
    "HexFeatureStyle",
    "HexSideFeature",
    "HexSideStyle",
    "HexTerrain",
    "Marker",
    "Pattern",
    "PictureError",
    "RenderError",
    "Route",
    "RouteStyle",
    "Side",
    "SideMark",
    "StandsDisplay",
    "Status",
    "StyleSheet",
    "TerrainStyle",
    "board_layout",
    "font_files",
    "picture_problems",
    "render_png",
    "render_svg",
]
