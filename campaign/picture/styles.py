"""How each kind of terrain, hex-side feature, route and hex feature looks.

Games name terrain with their own keys (``"woodland"``, ``"marsh"``, ``"tree"``); a
:class:`StyleSheet` maps each key to a style. :data:`DEFAULT_STYLES` covers Hordes & Heroes,
Cry Havoc and Proconsul; a game adds or replaces styles with :meth:`StyleSheet.extended`,
which returns a new sheet (nothing global is changed). Every terrain has a colour *and* a
pattern so the board still reads when printed in greyscale.

Sizes (line widths, dash lengths) are fractions of the hex size, so a picture scales as one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar


class Pattern(Enum):
    """The texture drawn over a terrain's colour (in the style's ink colour)."""

    NONE = "none"
    """Plain colour: open ground."""
    DOTS = "dots"
    """Scattered stipple: broken or rough ground."""
    TREES = "trees"
    """Small round-crowned trees: woods."""
    BUSHES = "bushes"
    """Low tufts of bush: scrub."""
    WAVES = "waves"
    """Rows of wavy lines: running water (river, stream)."""
    RIPPLES = "ripples"
    """Short staggered light dashes: still water (lake)."""
    HATCH = "hatch"
    """Diagonal hatching: built-up area, town."""
    CROSS_HATCH = "cross-hatch"
    """Diagonal cross-hatching: impenetrable or impassable ground."""
    TUFTS = "tufts"
    """Reed tufts over water lines: marsh."""
    FURROWS = "furrows"
    """Fine parallel furrows: cultivated field."""
    BRICKS = "bricks"
    """Courses of stone: building walls."""
    PLANKS = "planks"
    """Floor boards: house interior, doorway."""
    HACHURES = "hachures"
    """Short downhill ticks: slope."""
    CHEVRONS = "chevrons"
    """Small peaks: hill ground."""
    PANES = "panes"
    """Window panes: a window in a building wall."""


class SideMark(Enum):
    """How a hex-side feature is drawn on the side it belongs to."""

    LINE = "line"
    """A line along the whole side (wall, fence, river, stream); may be dashed."""
    ESCARPMENT = "escarpment"
    """Baseline with teeth pointing away from the owning (upper) hex: a steep side."""
    STAKES = "stakes"
    """A row of small crosses just outside the owning hex: stakes, chevaux-de-frise."""
    ROAD_LINK = "road-link"
    """A road from the hex centre to the middle of the side."""
    DOOR = "door"
    """A wall line with a door leaf in its middle third."""
    WINDOW = "window"
    """A wall line with a glazed pane in its middle third."""
    CROSSING = "crossing"
    """A short crossing laid over the side's middle: bridge or ford over a side river."""


class FeatureMark(Enum):
    """How a feature inside a hex is drawn."""

    FORD = "ford"
    """Stepping stones across the hex along the feature's direction."""
    BRIDGE = "bridge"
    """A planked bridge with parapets across the hex along the feature's direction."""


@dataclass(frozen=True, slots=True)
class TerrainStyle:
    """The look of one terrain key: fill colour, pattern and the pattern's ink."""

    key: str
    label: str
    """What the legend calls it."""
    fill: str
    pattern: Pattern = Pattern.NONE
    ink: str = "#000000"
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HexSideStyle:
    """The look of one hex-side feature key."""

    key: str
    label: str
    mark: SideMark
    colour: str
    width: float = 0.1
    """Line width as a fraction of the hex size."""
    dash: tuple[float, ...] = ()
    """Dash pattern as fractions of the hex size; empty = solid."""
    accent: str = "#ffffff"
    """Second colour: a road's edge, a door leaf, a window pane, a bridge's planks."""
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RouteStyle:
    """The look of a line through hex centres: road, track, river or stream."""

    key: str
    label: str
    colour: str
    width: float
    casing: str | None = None
    """Colour of a wider line drawn underneath (the road's edges); None = no casing."""
    dash: tuple[float, ...] = ()
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HexFeatureStyle:
    """The look of a feature drawn inside one hex (ford, bridge)."""

    key: str
    label: str
    mark: FeatureMark
    colour: str
    accent: str = "#000000"
    aliases: tuple[str, ...] = ()


Style = TerrainStyle | HexSideStyle | RouteStyle | HexFeatureStyle
_S = TypeVar("_S", TerrainStyle, HexSideStyle, RouteStyle, HexFeatureStyle)


def _index(styles: tuple[_S, ...]) -> dict[str, _S]:
    out: dict[str, _S] = {}
    for s in styles:
        for name in s.aliases:
            out[name] = s
    for s in styles:  # a real key beats another style's alias
        out[s.key] = s
    return out


@dataclass(frozen=True, slots=True)
class StyleSheet:
    """All the styles a picture may use, looked up by key or alias."""

    terrain: tuple[TerrainStyle, ...] = ()
    hexsides: tuple[HexSideStyle, ...] = ()
    routes: tuple[RouteStyle, ...] = ()
    hex_features: tuple[HexFeatureStyle, ...] = ()
    elevation_colour: str = "#6b4a1e"
    """Colour of hill shading and contour lines."""
    _lookup: dict[str, dict[str, Style]] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "_lookup",
            {
                "terrain": _index(self.terrain),
                "hexsides": _index(self.hexsides),
                "routes": _index(self.routes),
                "hex_features": _index(self.hex_features),
            },
        )

    def terrain_style(self, key: str) -> TerrainStyle | None:
        found = self._lookup["terrain"].get(key)
        return found if isinstance(found, TerrainStyle) else None

    def hexside_style(self, key: str) -> HexSideStyle | None:
        found = self._lookup["hexsides"].get(key)
        return found if isinstance(found, HexSideStyle) else None

    def route_style(self, key: str) -> RouteStyle | None:
        found = self._lookup["routes"].get(key)
        return found if isinstance(found, RouteStyle) else None

    def hex_feature_style(self, key: str) -> HexFeatureStyle | None:
        found = self._lookup["hex_features"].get(key)
        return found if isinstance(found, HexFeatureStyle) else None

    def extended(self, *styles: Style) -> StyleSheet:
        """A new sheet with these styles added; a style with an existing key replaces it."""

        def merge(old: tuple[_S, ...], kind: type[_S]) -> tuple[_S, ...]:
            new = [s for s in styles if isinstance(s, kind)]
            keys = {s.key for s in new}
            return tuple(s for s in old if s.key not in keys) + tuple(new)

        return StyleSheet(
            terrain=merge(self.terrain, TerrainStyle),
            hexsides=merge(self.hexsides, HexSideStyle),
            routes=merge(self.routes, RouteStyle),
            hex_features=merge(self.hex_features, HexFeatureStyle),
            elevation_colour=self.elevation_colour,
        )


_WALL = "#4b4845"
_WATER = "#2f78c0"
_ROAD = "#e2c48e"
_ROAD_EDGE = "#6e5230"

BUILTIN_TERRAIN: tuple[TerrainStyle, ...] = (
    # Hordes & Heroes base terrain
    TerrainStyle("good_going", "Good going", "#e8ecc9", aliases=("open", "plain", "flat", "clear", "grass")),
    TerrainStyle("broken", "Broken ground", "#dcc89a", Pattern.DOTS, "#6e5428", aliases=("broken_ground", "rough")),
    TerrainStyle(
        "woodland",
        "Woodland",
        "#9cc77a",
        Pattern.TREES,
        "#2d5a1d",
        aliases=("woods", "wood", "forest", "tree", "trees"),
    ),
    TerrainStyle("river", "River / stream", "#9fd0f0", Pattern.WAVES, "#1f5f99", aliases=("stream", "creek")),
    TerrainStyle("lake", "Lake", "#4f8fcc", Pattern.RIPPLES, "#e6f3ff", aliases=("pond", "water")),
    TerrainStyle(
        "bua",
        "Built-up area",
        "#d2a796",
        Pattern.HATCH,
        "#6b3426",
        aliases=("built_up", "built_up_area", "town", "village"),
    ),
    TerrainStyle(
        "impenetrable",
        "Impenetrable",
        "#77736e",
        Pattern.CROSS_HATCH,
        "#2a2826",
        aliases=("impassable", "mountain"),
    ),
    # Proconsul and Cry Havoc ground
    TerrainStyle("hill", "Hill", "#dcc48f", Pattern.CHEVRONS, "#8a6a35", aliases=("hillside",)),
    TerrainStyle("hilltop", "Hilltop", "#cfb27a", Pattern.CHEVRONS, "#6e5226"),
    TerrainStyle("slope", "Slope", "#e0cf9f", Pattern.HACHURES, "#7d6331"),
    TerrainStyle("scrub", "Scrub", "#c9d193", Pattern.BUSHES, "#55652a"),
    TerrainStyle("marsh", "Marsh", "#aacdb9", Pattern.TUFTS, "#2f6445", aliases=("swamp", "bog")),
    TerrainStyle("field", "Field", "#efdf94", Pattern.FURROWS, "#a88d2e", aliases=("crops", "farmland")),
    # Cry Havoc buildings (each a hex type there)
    TerrainStyle("interior", "House interior", "#e6d2a8", Pattern.PLANKS, "#9c7b4a", aliases=("floor",)),
    TerrainStyle("wall", "Building wall", "#8e857b", Pattern.BRICKS, "#3b3530", aliases=("building_wall",)),
    TerrainStyle("corner", "Building corner", "#b3aba1", Pattern.BRICKS, "#4f4943"),
    TerrainStyle("door", "Doorway", "#c79b62", Pattern.PLANKS, "#5e3d17", aliases=("doorway",)),
    TerrainStyle("window", "Window", "#b9cfdb", Pattern.PANES, "#3b4f5c"),
)

BUILTIN_HEXSIDES: tuple[HexSideStyle, ...] = (
    HexSideStyle("wall", "Wall", SideMark.LINE, _WALL, 0.13, aliases=("stone_wall",)),
    HexSideStyle("fence", "Fence", SideMark.LINE, "#8a5a2b", 0.07, dash=(0.16, 0.06), aliases=("screen",)),
    HexSideStyle("hedge", "Hedge", SideMark.LINE, "#2f6b2a", 0.12, dash=(0.02, 0.1)),
    HexSideStyle(
        "field_defence",
        "Field defences",
        SideMark.LINE,
        "#5a3d1c",
        0.1,
        dash=(0.22, 0.06, 0.04, 0.06),
        aliases=("earthwork", "ditch"),
    ),
    HexSideStyle("door", "Door", SideMark.DOOR, _WALL, 0.13, accent="#b5651d"),
    HexSideStyle("window", "Window", SideMark.WINDOW, _WALL, 0.13, accent="#bfe3f5"),
    HexSideStyle("stakes", "Stakes", SideMark.STAKES, "#6b3f14", 0.045),
    HexSideStyle("river", "River (hex side)", SideMark.LINE, _WATER, 0.17),
    HexSideStyle("stream", "Stream (hex side)", SideMark.LINE, _WATER, 0.09, aliases=("creek",)),
    HexSideStyle("steep", "Steep side", SideMark.ESCARPMENT, "#5a3b1a", 0.05, aliases=("escarpment", "steep_slope")),
    HexSideStyle("road", "Road", SideMark.ROAD_LINK, _ROAD_EDGE, 0.2, accent=_ROAD),
    HexSideStyle("track", "Track", SideMark.ROAD_LINK, "#8a6a3c", 0.07, dash=(0.1, 0.06), accent="#8a6a3c"),
    HexSideStyle("bridge", "Bridge", SideMark.CROSSING, "#3d2a14", 0.3, accent="#b08250"),
    HexSideStyle("ford", "Ford", SideMark.CROSSING, "#6a6258", 0.3, accent="#e9dfc4"),
)

BUILTIN_ROUTES: tuple[RouteStyle, ...] = (
    RouteStyle("road", "Road", _ROAD, 0.13, casing=_ROAD_EDGE),
    RouteStyle("track", "Track", "#8a6a3c", 0.06, dash=(0.12, 0.07), aliases=("path",)),
    RouteStyle("river", "River", "#4a90d0", 0.2, casing="#1f5f99"),
    RouteStyle("stream", "Stream", "#4a90d0", 0.09, aliases=("creek",)),
)

BUILTIN_HEX_FEATURES: tuple[HexFeatureStyle, ...] = (
    HexFeatureStyle("ford", "Ford", FeatureMark.FORD, "#e9dfc4", "#5f574c"),
    HexFeatureStyle("bridge", "Bridge", FeatureMark.BRIDGE, "#b08250", "#3d2a14"),
)

DEFAULT_STYLES = StyleSheet(
    terrain=BUILTIN_TERRAIN,
    hexsides=BUILTIN_HEXSIDES,
    routes=BUILTIN_ROUTES,
    hex_features=BUILTIN_HEX_FEATURES,
)
"""Built-in styles for every game the project ships; extend with :meth:`StyleSheet.extended`."""
