"""Defended and fortified units, judged per attacker [WC.FORT.1]–[WC.FORT.14].

Shooting and melee (part 2) apply the modifier; the status is geometry and is worked out here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from campaign.table import Edge, Rect, Zone, zone_of
from campaign.table.frame import add, scale

__all__ = ["Cover", "Defence", "defence", "defence_modifier", "planted_stakes"]


class Cover(Enum):
    """A unit's defensive status against one attacker [WC.FORT.12]."""

    NONE = "none"
    """Neither."""
    DEFENDED = "defended"
    """−1 to the attacker's dice [WC.FORT.2]."""
    FORTIFIED = "fortified"
    """−2 to the attacker's dice [WC.FORT.2]."""


def defence_modifier(cover: Cover) -> int:
    """The attacker's die modifier; a natural 6 still always hits [WC.FORT.2] [WC.RATING.4]."""
    return {Cover.NONE: 0, Cover.DEFENDED: -1, Cover.FORTIFIED: -2}[cover]


@dataclass(frozen=True, slots=True)
class Defence:
    """What decides cover for one defending unit against one attacker."""

    front_rank: tuple[Rect, ...]
    levels: tuple[int, ...]
    """Each front-rank stand's level [WC.GEOM.16]."""
    attacker_level: int
    attacker_point: tuple[float, float]
    """The attacker's front-edge midpoint (melee) or firing stand's (shooting)."""
    bound: Rect
    """The defender's bounding rectangle (for zones)."""
    melee: bool
    cavalry_defender: bool = False
    attacker_cavalry: bool = False
    attacker_is_charger: bool = False
    flank_or_rear: bool = False
    front_contact: bool = False
    """Melee: the attacker touches the defender's front edge, so it attacks from the front though its
    point lies on that edge, in no zone [WC.SPECIAL.6] [WC.FORT.14]."""
    skirmishers: bool = False
    shieldwall: bool = False
    obstacles: tuple[BaseGeometry, ...] = ()
    stakes: tuple[BaseGeometry, ...] = ()
    woods: tuple[BaseGeometry, ...] = ()
    marsh: tuple[BaseGeometry, ...] = ()
    fortifications: tuple[BaseGeometry, ...] = ()


def planted_stakes(front_rank: Sequence[Rect]) -> tuple[BaseGeometry, ...]:
    """The stakes a unit has planted (its ``stakes`` flag) lie along the front edges of its front-rank
    stands [WC.SPECIAL.6] (ENGINE) [WC.FORT.11]."""
    return tuple(r.edge_line(Edge.FRONT) for r in front_rank)


def _half(flags: Sequence[bool]) -> bool:
    """At least half of the front-rank stands [WC.FORT.1]."""
    return bool(flags) and 2 * sum(flags) >= len(flags)


def _behind(r: Rect, line: BaseGeometry, attacker: tuple[float, float]) -> bool:
    """Behind a linear obstacle: it crosses the 2 cm strip in front of the stand, and the line from
    the attacker to the stand crosses it [WC.FORT.5a]."""
    a, b = r.edge(Edge.FRONT)
    strip = Polygon([a, b, add(b, scale(r.f, 2.0)), add(a, scale(r.f, 2.0))])
    return bool(strip.intersects(line)) and LineString([attacker, r.front_mid()]).intersects(line)


def defence(d: Defence) -> Cover:
    """The defender's status against this attacker, evaluated per attacker [WC.FORT.1]; benefits
    never add up [WC.FORT.12]."""
    if d.attacker_is_charger:
        return Cover.NONE  # [WC.FORT.9] the attacking side in a melee is never defended
    stands = d.front_rank
    fort = _half([any(f.intersects(r.polygon()) for f in d.fortifications) for r in stands])
    if fort:
        return Cover.FORTIFIED  # [WC.FORT.13] inside a scenario fortification, flank or not [WC.FORT.7]
    if d.melee and d.flank_or_rear:
        return Cover.NONE  # [WC.FORT.7]
    uphill = _half([lv > d.attacker_level for lv in d.levels])  # [WC.FORT.4]
    if d.cavalry_defender:
        return Cover.DEFENDED if uphill else Cover.NONE  # [WC.FORT.3]
    frontal = d.front_contact or zone_of(d.bound, d.attacker_point) is Zone.FRONT  # [WC.FORT.14]
    if (
        d.attacker_cavalry
        and frontal
        and _half([any(_behind(r, s, d.attacker_point) for s in d.stakes) for r in stands])
    ):
        return Cover.FORTIFIED if uphill else Cover.DEFENDED  # [WC.FORT.11]
    behind = _half([any(_behind(r, o, d.attacker_point) for o in d.obstacles) for r in stands])  # [WC.FORT.5]
    in_woods = _half([any(w.intersects(r.edge_line(Edge.FRONT)) for w in d.woods) for r in stands])
    in_marsh = _half([any(w.intersects(r.edge_line(Edge.FRONT)) for w in d.marsh) for r in stands])
    woods_cover = in_woods and (not d.melee or d.skirmishers)  # [WC.FORT.6]
    if d.skirmishers and d.melee and in_marsh:
        woods_cover = True  # [WC.FORT.6] skirmishers in woods or marsh, in melee too
    wall = d.shieldwall and frontal  # [WC.FORT.10] [WC.FORT.14]
    return Cover.DEFENDED if (uphill or behind or woods_cover or wall) else Cover.NONE
