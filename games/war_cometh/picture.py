"""The battle as a measured-table picture: terrain, units as their stands, leaders, the last
phase's moves, and (for CHECK) the planned footprints as ghosts."""

from __future__ import annotations

from campaign.picture import Marker, Side
from campaign.picture.table import (
    AreaKind as PicArea,
)
from campaign.picture.table import (
    LeaderFigure,
    PathKind,
    TableArea,
    TableLine,
    TablePicture,
    TracedPath,
    UnitFigure,
)
from campaign.picture.table import (
    LineKind as PicLine,
)
from campaign.table.frame import cm

from .model import AreaKind, Condition, Formation, LineKind, State
from .world import World

__all__ = ["condition_marker", "table_picture"]

_AREA = {
    AreaKind.WOODS: PicArea.WOODS,
    AreaKind.MARSH: PicArea.MARSH,
    AreaKind.ROUGH: PicArea.ROUGH,
    AreaKind.DENSE: PicArea.DENSE,
    AreaKind.IMPASSABLE: PicArea.IMPASSABLE,
    AreaKind.RIVER: PicArea.RIVER,
    AreaKind.HILL: PicArea.HILL,
    AreaKind.FORTIFICATION: PicArea.FORTIFICATION,
    AreaKind.BUILDING: PicArea.BUILDING,
    AreaKind.FIELD: PicArea.FIELD,
    AreaKind.CAMP: PicArea.CAMP,
}
_LINE = {
    LineKind.OBSTACLE: PicLine.HEDGE,
    LineKind.STREAM: PicLine.STREAM,
    LineKind.STAKES: PicLine.STAKES,
    LineKind.ROAD: PicLine.ROAD,
    LineKind.BANNOCK: PicLine.STREAM,
    LineKind.PELSTREAM: PicLine.STREAM,
}
DISORDERED = Marker("D", "#e6b800", "Disordered", ink="#000000")
"""Yellow: disordered [WC.DISORDER.13]."""
ROUTED = Marker("R", "#d7191c", "Routed")
"""Red: routed [WC.DISORDER.13]."""
FROZEN = Marker("F", "#555555", "May not move")
MELEE = Marker("M", "#8b0000", "In melee contact")
HOLD_FIRE = Marker("H", "#1f4eb4", "Hold Fire")
"""Blue: a Hold Fire marker [WC.DISORDER.13] [WC.SHOOT.3]."""
CHIT_COMBAT = Marker("C", "#1a9641", "Reaction chit (combat)")
"""Green: a combat Reaction Chit [WC.DISORDER.13] [WC.REACT.2]."""
CHIT_THREAT = Marker("T", "#f07f00", "Reaction chit (threat)", ink="#000000")
"""Orange: a threat Reaction Chit [WC.DISORDER.13] [WC.REACT.2]."""


def condition_marker(c: Condition) -> str:
    """The source's marker colour for an order state: yellow disordered, red routed [WC.DISORDER.13]."""
    return {Condition.DISORDERED: "yellow", Condition.ROUTED: "red"}.get(c, "")


def _formation(files: int, n: int, formation: Formation) -> str:
    if formation is Formation.LINE:
        ranks = -(-n // max(files, 1))
        return f"line {files}x{ranks}"
    return str(formation.value)


def table_picture(state: State, title: str, planned: State | None = None) -> TablePicture:
    """The table now; with ``planned``, the units that would move are drawn there as ghosts."""
    world = World(state)
    sides = tuple(Side(s.key, s.name, s.colour) for s in state.sides)
    areas = tuple(TableArea(_AREA[a.kind], tuple(a.ring()), a.level, a.label) for a in state.areas)
    lines = tuple(TableLine(_LINE[t.kind], tuple(t.path()), cm(t.width), t.label) for t in state.lines)
    units = []
    for u in world.on_table():
        marks = tuple(
            m
            for m, on in (
                (DISORDERED, u.condition is Condition.DISORDERED),
                (ROUTED, u.condition is Condition.ROUTED),
                (FROZEN, u.frozen),
                (MELEE, world.in_contact_with_enemy(u)),
                (HOLD_FIRE, u.hold_fire),
                (CHIT_COMBAT, "combat" in u.chits),
                (CHIT_THREAT, "threat" in u.chits),
            )
            if on
        )
        units.append(
            UnitFigure(u.id, u.side, world.rects(u), _formation(u.files, len(u.stands), u.formation), marks, u.lost)
        )
    paths = [
        TracedPath(
            PathKind.CHARGE
            if t.charge
            else PathKind.SHOT
            if t.shot
            else PathKind.COMPULSORY
            if t.compulsory
            else PathKind.MOVE,
            tuple((cm(x), cm(y)) for x, y in t.points),
            t.side,
            label=t.label,
        )
        for t in state.traces
        if len(t.points) >= 2
    ]
    if planned is not None:
        pw = World(planned)
        for t in planned.traces[len(state.traces) :]:
            u = planned.unit(t.unit)
            units.append(UnitFigure(u.id, u.side, pw.rects(u), ghost=True))
            paths.append(TracedPath(PathKind.PLANNED, tuple((cm(x), cm(y)) for x, y in t.points), t.side))
    leaders = tuple(
        LeaderFigure(g.id[:3].upper() if len(g.id) > 3 else g.id.upper(), g.side, g.at, chief=g.role.value == "marshal")
        for g in state.leaders
        if not g.lost and not g.away
    )
    a = next((s.name for s in state.sides if s.player == "A"), "")
    b = next((s.name for s in state.sides if s.player == "B"), "")
    who = state.side(state.active).name if state.active else ""
    subtitle = f"turn {(state.player_turn + 1) // 2}, {who} {state.phase.value}"
    return TablePicture(
        title=title,
        width_cm=cm(state.width),
        depth_cm=cm(state.depth),
        subtitle=subtitle,
        areas=areas,
        lines=lines,
        sides=sides,
        units=tuple(units),
        leaders=leaders,
        paths=tuple(paths),
        baselines=(f"{a} baseline", f"{b} baseline"),
        px_per_cm=6.0 if state.width <= 18000 else 5.0,
    )
