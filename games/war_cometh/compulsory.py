"""Compulsory moves: which way each one goes, and the move itself by pure translation
[WC.COMPULSORY.1]–[WC.COMPULSORY.8] [WC.GEOM.21].

Part 1 uses them for routs (Broken results); fallbacks, pursuits, advances, evades and reaction
moves call the same function in part 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from campaign.table import Obstacle, ObstacleKind, Rect, Translation, compulsory_translate, toward_baseline
from campaign.table.frame import Vec, direction, normalise, sub

from .model import Unit
from .world import World

__all__ = ["Kind", "Outcome", "compulsory_move", "move_direction"]


class Kind(Enum):
    """The compulsory moves [WC.COMPULSORY.1]."""

    SHOOTING_FALLBACK = "shooting-fallback"
    """Falling back after shooting."""
    MELEE_FALLBACK_DEFENDER = "melee-fallback-defender"
    """Falling back from a lost or drawn melee, defending side."""
    MELEE_FALLBACK_CHARGER = "melee-fallback-charger"
    """Falling back from a lost or drawn melee, charging side."""
    REACTION_FALLBACK = "reaction-fallback"
    """A Reaction Test's Fallback."""
    ROUT = "rout"
    """Fleeing after a Broken result, and the routed flee."""
    EVADE = "evade"
    """Evading by skirmishers or light cavalry."""


def move_direction(kind: Kind, *, own: Vec, other: Vec, facing: float, side_a: bool) -> Vec:
    """The direction of a compulsory move [WC.COMPULSORY.3] [WC.COMPULSORY.2]: away from the
    enemy that caused it (``other`` is that enemy's centre or centroid, ``own`` the mover's), or
    toward the baseline for a rout; a zero vector falls back to straight back (``−f``)."""
    back = direction(facing + 180.0)
    if kind is Kind.ROUT:
        return toward_baseline(side_a)
    if kind is Kind.MELEE_FALLBACK_CHARGER:
        return back
    v = normalise(sub(own, other))
    return back if v == (0.0, 0.0) else v


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a compulsory move did."""

    rects: tuple[Rect, ...]
    translation: Translation
    disordered: bool
    """A melee loser that could not complete its move is disordered [WC.COMPULSORY.6]."""


def compulsory_move(world: World, unit: Unit, m: Vec, length: float, *, melee_loser: bool = False) -> Outcome:
    """Move a unit along ``m`` for ``length`` cm [WC.GEOM.21]: through friends (no 5 cm penalty,
    [WC.COMPULSORY.4]), stopping at enemies, impassable or forbidden terrain and rivers
    [WC.COMPULSORY.5]; terrain costs do not apply [WC.COMPULSORY.7]; a melee loser cut short is
    disordered [WC.COMPULSORY.6]; one forced off the table goes to its camp [WC.COMPULSORY.8].
    Units passed through are in ``translation.passed_through``: the caller runs
    :func:`games.war_cometh.disorder.through_tests` for each, ``compulsory=True`` [WC.THROUGH.3]
    [WC.COMPULSORY.4]."""
    rects = world.rects(unit)
    obstacles = [Obstacle(e.id, ObstacleKind.ENEMY, world.foot(e)) for e in world.enemies(unit.side)]
    obstacles += [Obstacle(f.id, ObstacleKind.FRIEND, world.foot(f)) for f in world.friends(unit.side, unit.id)]
    obstacles += [Obstacle(f"barred{i}", ObstacleKind.BARRED, g) for i, g in enumerate(world.barred(unit))]
    from .model import AreaKind

    obstacles += [Obstacle(f"river{i}", ObstacleKind.RIVER, g) for i, g in enumerate(world.areas(AreaKind.RIVER))]
    t = compulsory_translate(rects, m, length, obstacles, world.table)
    moved = tuple(r.moved(m[0] * t.moved, m[1] * t.moved) for r in rects)
    return Outcome(moved, t, melee_loser and not t.completed)
