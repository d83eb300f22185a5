"""What to draw for a measured table: a game-agnostic description of one moment of a battle
fought in centimetres (War Cometh), the counterpart of :class:`campaign.picture.BoardPicture`.

A game fills in a :class:`TablePicture` from its state; :func:`campaign.render.render_svg` and
:func:`campaign.render.render_png` draw it to scale. Positions are table centimetres: ``x``
along Player A's baseline, ``y`` from it towards Player B [WC.GEOM.1]; stands are
:class:`campaign.table.Rect` shapes. The picture knows nothing about rules.

>>> from campaign.picture import Side
>>> from campaign.table import Rect
>>> pic = TablePicture(
...     title="Turn 1", width_cm=60, depth_cm=40,
...     sides=(Side("a", "Scots", "#1f4e9c"),),
...     units=(UnitFigure("1", "a", (Rect(30, 10, 90, 4, 2),)),),
... )
>>> pic.units[0].stands[0].width
4
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from campaign.picture import Marker, PictureError, Side
from campaign.table.frame import Vec
from campaign.table.rect import Rect

__all__ = [
    "AreaKind",
    "LeaderFigure",
    "LineKind",
    "PathKind",
    "PointKind",
    "TableArea",
    "TableLine",
    "TablePicture",
    "TablePoint",
    "TracedPath",
    "UnitFigure",
    "table_problems",
]


class AreaKind(Enum):
    """A terrain polygon's kind, which decides how it is painted."""

    WOODS = "woods"
    """Poor going with trees: green with tree crowns."""
    DENSE = "dense"
    """Heavy woods: dark green with close crowns."""
    MARSH = "marsh"
    """Marsh or bog: olive with reed tufts."""
    ROUGH = "rough"
    """Rocky ground or scrub: stippled."""
    HILL = "hill"
    """One hill contour: tan, darker per level, with a contour line."""
    IMPASSABLE = "impassable"
    """Cross-hatched grey."""
    RIVER = "river"
    """Water: blue with waves."""
    BUILDING = "building"
    """A building or village: dark roofs."""
    FORTIFICATION = "fortification"
    """Walls or field works: brick-red outline."""
    CAMP = "camp"
    """A camp: dashed outline in the owning side's colour."""
    FIELD = "field"
    """Cultivated field or other open ground worth showing."""


class LineKind(Enum):
    """A linear terrain feature's kind."""

    STREAM = "stream"
    """A small stream: a blue line."""
    HEDGE = "hedge"
    """A hedge or fence: a dark green line with ticks."""
    DITCH = "ditch"
    """A ditch or pits: a brown dashed line."""
    STAKES = "stakes"
    """Archers' stakes: short slanted spikes along the line."""
    ROAD = "road"
    """A road or track: a tan band."""


class PointKind(Enum):
    """A small terrain feature at a point, laid along an angle."""

    FORD = "ford"
    """A ford: a pale band across the water."""
    BRIDGE = "bridge"
    """A bridge: a brown deck with rails."""


class PathKind(Enum):
    """What a traced path records from the last phase."""

    MOVE = "move"
    """An ordered move: dashed line in the side's colour, head at the end."""
    COMPULSORY = "compulsory"
    """A compulsory move (fallback, rout, evade): grey dashed line."""
    PLANNED = "planned"
    """A move being checked (CHECK): dotted line and the resulting footprint as a ghost."""
    CHARGE = "charge"
    """A charge (measured games): solid line in the side's colour, head at the contact."""
    SHOT = "shot"
    """A shot this phase: firer to target, dash-dot line in the firer's colour, labelled."""


@dataclass(frozen=True, slots=True)
class TableArea:
    """A terrain polygon: its kind, its outline (cm) and, for a hill, its contour level."""

    kind: AreaKind
    points: tuple[Vec, ...]
    level: int = 0
    label: str = ""
    side: str | None = None
    """Owning side (camps)."""


@dataclass(frozen=True, slots=True)
class TableLine:
    """A linear feature: kind and polyline (cm); ``width`` for roads."""

    kind: LineKind
    points: tuple[Vec, ...]
    width: float = 0.0
    label: str = ""


@dataclass(frozen=True, slots=True)
class TablePoint:
    """A ford or bridge at ``at``, running along ``angle`` degrees, ``length`` cm long."""

    kind: PointKind
    at: Vec
    angle: float
    length: float
    width: float = 4.0
    label: str = ""


@dataclass(frozen=True, slots=True)
class UnitFigure:
    """One unit: its stands as rectangles, a short name, its side, formation and markers."""

    name: str
    side: str
    stands: tuple[Rect, ...]
    formation: str = ""
    """Short text shown under the name, e.g. ``"line 3x2"``, ``"col"``, ``"hh"``."""
    markers: tuple[Marker, ...] = ()
    lost: int = 0
    """Stands lost, shown as ``-n`` after the name."""
    ghost: bool = False
    """Draw as an outline only (a planned position)."""


@dataclass(frozen=True, slots=True)
class LeaderFigure:
    """A leader: a disc at ``at``, his initials, his side; ``chief`` draws an outer ring."""

    name: str
    side: str
    at: Vec
    chief: bool = False


@dataclass(frozen=True, slots=True)
class TracedPath:
    """A path taken (or planned) in the last phase, as points in cm."""

    kind: PathKind
    points: tuple[Vec, ...]
    side: str | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class TablePicture:
    """Everything to draw for one measured table."""

    title: str
    width_cm: float
    depth_cm: float
    subtitle: str = ""
    areas: tuple[TableArea, ...] = ()
    lines: tuple[TableLine, ...] = ()
    points: tuple[TablePoint, ...] = ()
    sides: tuple[Side, ...] = ()
    units: tuple[UnitFigure, ...] = ()
    leaders: tuple[LeaderFigure, ...] = ()
    paths: tuple[TracedPath, ...] = ()
    grid_cm: int = 10
    """Spacing of the grid lines and ruler numbers."""
    px_per_cm: float = 6.0
    """SVG pixels per table centimetre."""
    baselines: tuple[str, str] = ("", "")
    """Names written along Player A's (y = 0) and Player B's baselines."""
    show_legend: bool = True

    def __post_init__(self) -> None:
        found = table_problems(self)
        if found:
            raise PictureError(found)


def table_problems(p: TablePicture) -> tuple[str, ...]:
    """Every reason the picture cannot be drawn, each naming the item and how to fix it."""
    out: list[str] = []
    if p.width_cm <= 0 or p.depth_cm <= 0:
        out.append(f"table size must be positive, got {p.width_cm} x {p.depth_cm} cm")
    if p.px_per_cm <= 0:
        out.append(f"px_per_cm must be positive, got {p.px_per_cm}")
    if p.grid_cm <= 0:
        out.append(f"grid_cm must be positive, got {p.grid_cm}")
    keys = [s.key for s in p.sides]
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        out.append(f"side key {key!r} is used by two sides")
    known = set(keys)
    for a in p.areas:
        if len(a.points) < 3:
            out.append(f"{a.kind.value} area {a.label!r} needs at least three points")
        if a.side is not None and a.side not in known:
            out.append(f"{a.kind.value} area {a.label!r} belongs to unknown side {a.side!r}")
    for line in p.lines:
        if len(line.points) < 2:
            out.append(f"{line.kind.value} line {line.label!r} needs at least two points")
    for u in p.units:
        if u.side not in known:
            out.append(f"unit {u.name!r} belongs to unknown side {u.side!r}: add it to sides")
        if not u.stands:
            out.append(f"unit {u.name!r} has no stands")
    for g in p.leaders:
        if g.side not in known:
            out.append(f"leader {g.name!r} belongs to unknown side {g.side!r}: add it to sides")
    for t in p.paths:
        if len(t.points) < 2:
            out.append(f"{t.kind.value} path needs at least two points")
        if t.side is not None and t.side not in known:
            out.append(f"{t.kind.value} path belongs to unknown side {t.side!r}")
    return tuple(out)
