"""Measured-table geometry shared by measured games (War Cometh): the game-free counterpart of
:mod:`campaign.hexgrid`. See ``docs/tablegeometry.md``.

The table is a rectangle in centimetres; stands are rectangles with a facing. State and events
hold only integers (hundredths of a cm and of a degree, :class:`Pose`); computation converts
them to float64, uses shapely for polygon work, and quantises results again [WC.GEOM.1]
[WC.GEOM.2]. Every function names the rule it implements.

Modules:

* :mod:`~campaign.table.frame` — units, quantisation, tolerances, angles and arcs.
* :mod:`~campaign.table.rect` — stand rectangles, corners, local coordinates, zones, frontal arc.
* :mod:`~campaign.table.contact` — distances, contact, overlap, contacted edge, flush, sampling.
* :mod:`~campaign.table.formation` — regular grids, bounding rectangles, RP/UC, front ranks.
* :mod:`~campaign.table.motion` — turns, wheels, translations, swept areas, legal poses,
  compulsory translation.
* :mod:`~campaign.table.terrain` — hill levels, terrain tests, zones of control, blocked flanks,
  distances around impassable ground.
* :mod:`~campaign.table.sight` — line of sight.
* :mod:`~campaign.table.align` — edge-to-edge distances and aligned contact poses (charges).
"""

from campaign.table.contact import (
    contacted_edge,
    distance,
    flush,
    footprint,
    in_contact,
    overlaps,
    sample_perimeter,
    sample_segment,
)
from campaign.table.formation import (
    bounding_rect,
    connected,
    front_rank_indices,
    grid_rects,
    grid_slots,
    irregular_centre,
    reference_point,
    slot_rect,
)
from campaign.table.frame import (
    CONTACT_EPS,
    ENEMY_GAP_CM,
    EPS,
    OVERLAP_AREA,
    SAMPLE_STEP,
    SCALE,
    Vec,
    cm,
    deg,
    direction,
    norm_angle,
    q_cm,
    q_deg,
    toward_baseline,
    within,
    within_arc,
)
from campaign.table.motion import (
    Obstacle,
    ObstacleKind,
    PoseProblem,
    Translation,
    compulsory_translate,
    corridor,
    pose_problems,
    rotate_about,
    rotate_group,
    swept,
    swept_group,
    table_polygon,
    translate_group,
    wheel,
)
from campaign.table.rect import (
    Corners,
    Edge,
    Local,
    Pose,
    Rect,
    Zone,
    frontal_arc,
    in_frontal_arc,
    zone_of,
    zone_polygon,
)
from campaign.table.sight import Blocker, Ground, SightQuery, near_edges, visible
from campaign.table.terrain import (
    Hill,
    ZocGround,
    cover,
    flank_blocked,
    front_edge_crosses,
    fully_in,
    geodesic_distance,
    level_at,
    stand_level,
    unit_level,
    zoc_region,
)

__all__ = [
    "CONTACT_EPS",
    "ENEMY_GAP_CM",
    "EPS",
    "OVERLAP_AREA",
    "SAMPLE_STEP",
    "SCALE",
    "Blocker",
    "Corners",
    "Edge",
    "Ground",
    "Hill",
    "Local",
    "Obstacle",
    "ObstacleKind",
    "Pose",
    "PoseProblem",
    "Rect",
    "SightQuery",
    "Translation",
    "Vec",
    "ZocGround",
    "Zone",
    "bounding_rect",
    "cm",
    "compulsory_translate",
    "connected",
    "contacted_edge",
    "corridor",
    "cover",
    "deg",
    "direction",
    "distance",
    "flank_blocked",
    "flush",
    "footprint",
    "front_edge_crosses",
    "front_rank_indices",
    "frontal_arc",
    "fully_in",
    "geodesic_distance",
    "grid_rects",
    "grid_slots",
    "in_contact",
    "in_frontal_arc",
    "irregular_centre",
    "level_at",
    "near_edges",
    "norm_angle",
    "overlaps",
    "pose_problems",
    "q_cm",
    "q_deg",
    "reference_point",
    "rotate_about",
    "rotate_group",
    "sample_perimeter",
    "sample_segment",
    "slot_rect",
    "stand_level",
    "swept",
    "swept_group",
    "table_polygon",
    "toward_baseline",
    "translate_group",
    "unit_level",
    "visible",
    "wheel",
    "within",
    "within_arc",
    "zoc_region",
    "zone_of",
    "zone_polygon",
]
