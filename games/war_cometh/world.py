"""The battlefield as geometry for one state: stand rectangles, footprints, terrain polygons by
what they do, zones of control, distances and levels [WC.TERR.1] [WC.ZOC] [WC.VIS].

A :class:`World` is built from a :class:`State` when needed (it is never stored) and answers
geometric questions with :mod:`campaign.table`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from campaign.table import (
    Hill,
    Pose,
    Rect,
    ZocGround,
    bounding_rect,
    distance,
    footprint,
    geodesic_distance,
    in_contact,
    table_polygon,
    zoc_region,
)
from campaign.table.frame import cm

from .lists import all_profiles, fantasy_profiles
from .model import AreaKind, Condition, Formation, LineKind, State, Unit
from .troops import Category, Profile, TroopType

__all__ = ["World"]

POOR = (AreaKind.WOODS, AreaKind.MARSH, AreaKind.ROUGH)
"""Poor going: each cm costs 2 [WC.TERR.4]."""
NO_HORSE = (AreaKind.WOODS, AreaKind.MARSH, AreaKind.DENSE)
"""Barred to cavalry, chariots, war wagons and artillery [WC.TERR.6]."""
BARRED_ALL = (AreaKind.IMPASSABLE, AreaKind.BUILDING, AreaKind.CAMP)  # camps are impassable [WC.CAMP.7]
"""Barred to every unit [WC.TERR.1]."""
OBSTACLE_LINES = (LineKind.OBSTACLE, LineKind.STREAM, LineKind.STAKES, LineKind.PELSTREAM)
"""Linear obstacles: +5 cm to cross (Pelstream +10) [WC.TERR.10] [WC.SCN.10a]."""


@lru_cache(maxsize=4096)
def _footprint(key: tuple[tuple[Pose, int, int], ...]) -> BaseGeometry:
    """The union of stands given as (pose, width, depth) in hundredths [WC.GEOM.8]."""
    return footprint(tuple(p.rect(w, d) for p, w, d in key))


_ZOC_NEIGHBOURS_CM = 9.0
"""Rays of a ZOC reach 8 cm [WC.GEOM.19]: units farther than this from the exerting unit cannot cut them."""
_ZOC_MEMO: dict[object, BaseGeometry] = {}
_ZOC_MEMO_SIZE = 4096


@dataclass(frozen=True)
class World:
    """Geometry of one state."""

    state: State

    @cached_property
    def profiles(self) -> dict[str, Profile]:
        """Every profile the state can use (shipped lists and the scenario's own)."""
        out = dict(all_profiles())
        if self.state.variant == "fantasy":
            out.update(fantasy_profiles())  # (F) [WC.FANTASY.1]
        out.update({p.id: p for p in self.state.house_profiles})
        return out

    @cached_property
    def table(self) -> Polygon:
        """The table rectangle [WC.GEOM.1]."""
        return table_polygon(cm(self.state.width), cm(self.state.depth))

    @cached_property
    def hills(self) -> tuple[Hill, ...]:
        """Hill contours [WC.GEOM.16]."""
        return tuple(Hill(Polygon(a.ring()), a.level) for a in self.state.areas if a.kind is AreaKind.HILL)

    def areas(self, *kinds: AreaKind) -> tuple[Polygon, ...]:
        """Terrain polygons of the given kinds."""
        return tuple(Polygon(a.ring()) for a in self.state.areas if a.kind in kinds)

    def lines(self, *kinds: LineKind) -> tuple[LineString, ...]:
        """Linear features of the given kinds."""
        return tuple(LineString(t.path()) for t in self.state.lines if t.kind in kinds)

    @cached_property
    def roads(self) -> BaseGeometry:
        """Road polygons: centreline buffered by half the width (default 4 cm) [WC.TERR.17]."""
        parts = [
            LineString(t.path()).buffer(cm(t.width or 400) / 2) for t in self.state.lines if t.kind is LineKind.ROAD
        ]
        return unary_union(parts) if parts else Polygon()

    def rects(self, unit: Unit) -> tuple[Rect, ...]:
        """A unit's stands as rectangles."""
        return unit.rects(self.profiles)

    def foot(self, unit: Unit) -> BaseGeometry:
        """A unit's footprint [WC.GEOM.8] (memoised on the stands' poses and sizes: a battle asks
        for the same footprints thousands of times a turn)."""
        key = tuple((s.pose, self.profiles[s.profile].width, self.profiles[s.profile].depth) for s in unit.stands)
        return _footprint(key)

    def profile(self, unit: Unit) -> Profile:
        """The profile of a unit's first stand (its type for movement)."""
        return self.profiles[unit.stands[0].profile]

    def category(self, unit: Unit) -> Category:
        """The slowest category among the unit's stands decides its rate [WC.MIXED.5]."""
        cats = {self.profiles[s.profile].category for s in unit.stands}
        order = [Category.ARTILLERY, Category.WAR_WAGON, Category.INFANTRY, Category.MONSTERS, Category.CAVALRY]
        return next((c for c in order if c in cats), next(iter(cats)))

    def barred(self, unit: Unit) -> tuple[Polygon, ...]:
        """Terrain this unit may not enter [WC.TERR.6] [WC.GEOM.15]."""
        cat = self.category(unit)
        if cat is Category.FLYERS:
            return ()  # (F) flyers ignore all terrain [WC.TERR.13]
        kinds = list(BARRED_ALL)
        if cat in (Category.CAVALRY, Category.CHARIOTS, Category.WAR_WAGON, Category.ARTILLERY):
            kinds.extend(NO_HORSE)
        return self.areas(*kinds)

    def on_table(self) -> Iterable[Unit]:
        """Units on the table."""
        return (u for u in self.state.units if u.on_table)

    def enemies(self, side: str) -> list[Unit]:
        """Enemy units on the table."""
        return [u for u in self.on_table() if u.side != side]

    def friends(self, side: str, but: str = "") -> list[Unit]:
        """Friendly units on the table except ``but``."""
        return [u for u in self.on_table() if u.side == side and u.id != but]

    def in_contact_with_enemy(self, unit: Unit) -> bool:
        """Engaged: touching an enemy unit [WC.GEOM.11]."""
        mine = self.foot(unit)
        return any(in_contact(mine, self.foot(e)) for e in self.enemies(unit.side))

    def exerts_zoc(self, unit: Unit) -> bool:
        """Not skirmishers or artillery, not in contact, in regular formation, not routed
        [WC.ZOC.1] [WC.ZOC.2] [WC.ZOC.2a]."""
        p = self.profile(unit)
        if p.type in (TroopType.SKIRMISH_INFANTRY, TroopType.ARTILLERY) or not unit.formation.regular:
            return False
        return unit.condition is not Condition.ROUTED and not self.in_contact_with_enemy(unit)

    def _stand_key(self, unit: Unit) -> tuple[tuple[Pose, int, int], ...]:
        return tuple((s.pose, self.profiles[s.profile].width, self.profiles[s.profile].depth) for s in unit.stands)

    def zoc(self, unit: Unit, mover: str) -> BaseGeometry:
        """The zone of control of a unit, ignoring the moving unit [WC.GEOM.19] [WC.ZOC.3]. Only
        units within a ray's 8 cm can cut it, so only they are passed on, and the region is
        memoised on the unit, those neighbours and the terrain."""
        mine = self.foot(unit)
        near = [
            u
            for u in self.on_table()
            if u.id not in (unit.id, mover) and mine.distance(self.foot(u)) <= _ZOC_NEIGHBOURS_CM
        ]
        key = (self._stand_key(unit), tuple(self._stand_key(u) for u in near), self.state.areas, self.state.lines)
        hit = _ZOC_MEMO.get(key)
        if hit is not None:
            return hit
        if len(_ZOC_MEMO) > _ZOC_MEMO_SIZE:
            _ZOC_MEMO.clear()
        _ZOC_MEMO[key] = region = self._zoc(unit, tuple(self.foot(u) for u in near))
        return region

    def _zoc(self, unit: Unit, others: tuple[BaseGeometry, ...]) -> BaseGeometry:
        ground = ZocGround(
            footprints=others,
            linear=self.lines(*OBSTACLE_LINES, LineKind.BANNOCK),
            impassable=self.areas(*BARRED_ALL),
            woods=self.areas(AreaKind.WOODS, AreaKind.DENSE),
            hills=self.hills,
        )
        return unary_union([zoc_region(r, ground) for r in self.rects(unit)])

    def enemy_zocs(self, mover: Unit, reach: float = 1e9) -> dict[str, BaseGeometry]:
        """Every enemy ZOC a move by ``mover`` must respect, by exerting unit id [WC.ZOC.4]; only
        enemies within ``reach`` cm of the mover (its move plus the 8 cm of a ZOC) can matter."""
        mine = self.foot(mover)
        near = [e for e in self.enemies(mover.side) if mine.distance(self.foot(e)) <= reach]
        return {e.id: self.zoc(e, mover.id) for e in near if self.exerts_zoc(e)}

    def nearest_enemy_distance(self, unit: Unit) -> float:
        """Straight footprint-to-footprint distance to the nearest enemy unit [WC.CMD.9] [WC.CMD.11]."""
        mine = self.foot(unit)
        return min((distance(mine, self.foot(e)) for e in self.enemies(unit.side)), default=1e9)

    def leader_distance(self, at: tuple[float, float], unit: Unit) -> float:
        """Geodesic leader-to-unit distance around impassable terrain [WC.GEOM.10] [WC.VIS.7]."""
        return geodesic_distance(at, self.foot(unit), self.areas(AreaKind.IMPASSABLE))

    def in_woods(self, unit: Unit) -> bool:
        """In woods or dense terrain for the Command Table: at least half the stands have front-edge
        length inside [WC.GEOM.17] [WC.TERR.12]."""
        from campaign.table import cover

        rects = self.rects(unit)
        return any(cover(rects, w) for w in self.areas(AreaKind.WOODS, AreaKind.DENSE))

    def is_column(self, unit: Unit) -> bool:
        """A regular column: one file, at least two ranks [WC.FORM.2] [WC.FORM.14]."""
        return unit.formation is Formation.COLUMN and len(unit.stands) >= 2

    def bound(self, unit: Unit) -> Rect:
        """A unit's bounding rectangle at its facing [WC.GEOM.8]."""
        return bounding_rect(self.rects(unit), unit.facing)

    def place(self, name: str) -> tuple[float, float] | None:
        """A named reference point of the scenario, in cm."""
        for n, x, y in self.state.places:
            if n == name:
                return (cm(x), cm(y))
        return None

    def level_at(self, p: tuple[float, float]) -> int:
        """Ground level at a point [WC.GEOM.16]."""
        pt = Point(p)
        return max((h.level for h in self.hills if h.shape.intersects(pt)), default=0)
