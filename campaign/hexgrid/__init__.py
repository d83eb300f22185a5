"""Hex-map geometry shared by every hex game: labels, neighbours, facings, sight lines, paths.

The package is split by sub-job: ``coords`` (Hex, sides, points, MapSpec labels), ``facing``
(facings, arcs, directions away), ``sight`` (exact line of sight), ``paths`` (cheapest paths);
everything public is importable from ``campaign.hexgrid`` itself.

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

from campaign.hexgrid.coords import (
    DIRECTIONS,
    FREE_TURN_STEPS,
    Hex,
    HexPoint,
    HexSide,
    LabelError,
    MapEdge,
    MapSpec,
    Offset,
    Orientation,
)
from campaign.hexgrid.facing import (
    Arc,
    Facing,
    LinePosition,
    SideClass,
    arc_hexes,
    away_rank,
    bearing,
    deviation,
    directly_away,
    exit_hexes,
    face_line_position,
    flank_hexes,
    front_hexes,
    in_arc,
    in_narrow_front,
    is_free_turn,
    local_frame,
    nearest_facings,
    nearest_to_facing,
    neighbours_away_from,
    points_with_front_side,
    rear_hexes,
    straight_ahead,
    turn_steps,
)
from campaign.hexgrid.paths import (
    MoveState,
    MoveStep,
    Outcome,
    Paths,
    Turn,
    cheapest_paths,
    facing_paths,
    hex_paths,
)
from campaign.hexgrid.sight import (
    Edge,
    HalfHexRule,
    SightLine,
    SightPath,
    SightStep,
    line_of_sight,
    sight_line,
)

__all__ = [
    "Arc",
    "DIRECTIONS",
    "Edge",
    "FREE_TURN_STEPS",
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

LabelError.__module__ = __name__  # a player's mistake reads `campaign.hexgrid.LabelError`, wherever it is defined
