"""The battlefield: hex terrain, elevation, roads, and hex-side features [HH.TERR.*, HH.DATA.6].

Static for a game (planted stakes are dynamic and live in the game state). Built from a scenario's
``[map]`` tables or in code by tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from campaign.hexgrid import Hex, MapSpec, Offset, Orientation

from .geometry import direction, side_key


class Terrain(Enum):
    """Base terrain of a hex: exactly one per hex (HH.TERR.1)."""

    GOOD = "good"
    """Good going: open ground, gentle slopes (HH.TERR.4)."""
    BROKEN = "broken"
    """Marsh, thorn, pitted ground (HH.TERR.17-25)."""
    WOOD = "wood"
    """Woodland or forest (HH.TERR.26-33)."""
    RIVER = "river"
    """River or stream (HH.TERR.34-39)."""
    LAKE = "lake"
    """Lake: impassable but to boats (HH.TERR.45)."""
    BUA = "bua"
    """Village or town, a built-up area (HH.TERR.48-52)."""
    IMPENETRABLE = "impenetrable"
    """Steep rocky mountain: impassable to all (HH.TERR.53)."""

    @property
    def stop(self) -> bool:
        """Stop terrain for movement: woodland, BUA, river (HH.TERR.3)."""
        return self in (Terrain.WOOD, Terrain.BUA, Terrain.RIVER)


def pointy_spec(
    columns: int, rows: int, offset: Offset = Offset.ODD, first_column: int = 1, first_row: int = 1
) -> MapSpec:
    """A Hordes & Heroes map: pointy-top, rows parallel to the long edges, north edge = first row (HH.HEX.2)."""
    return MapSpec(columns, rows, Orientation.POINTY, offset, first_column, first_row)


@dataclass(frozen=True, slots=True)
class Battlefield:
    """Terrain of every hex and features of hex sides (HH.DATA.6)."""

    spec: MapSpec
    terrain: dict[Hex, Terrain] = field(default_factory=dict)
    """Non-good hexes only; every other hex on the map is good going."""
    elevation: dict[Hex, int] = field(default_factory=dict)
    road_sides: dict[Hex, frozenset[int]] = field(default_factory=dict)
    """Road hexes and the side directions their road crosses (HH.TERR.9)."""
    bridges: frozenset[Hex] = frozenset()
    fords: frozenset[Hex] = frozenset()
    restrictions: frozenset[Hex] = frozenset()
    """Tight tracks treated as restrictions when `restrict_tracks` is on (HH.TERR.41)."""
    steep: frozenset[tuple[Hex, Hex]] = frozenset()
    """Steep escarpment sides, by side key (HH.TERR.54)."""
    walls: frozenset[tuple[Hex, Hex]] = frozenset()
    """Walls, fences and screens, by side key (HH.TERR.64, HH.TERR.65)."""

    @property
    def rows(self) -> int:
        return self.spec.rows

    def on_map(self, h: Hex) -> bool:
        return self.spec.contains(h)

    def terrain_at(self, h: Hex) -> Terrain:
        """The hex's base terrain. A road is an overlay: it changes movement only, so shooting and
        combat read this base terrain even on a road hex (HH.TERR.15, ruling HH.TERR.16)."""
        return self.terrain.get(h, Terrain.GOOD)

    def elevation_at(self, h: Hex) -> int:
        return self.elevation.get(h, 0)

    def is_road(self, h: Hex) -> bool:
        return h in self.road_sides

    def along_road(self, a: Hex, b: Hex) -> bool:
        """A step from road hex to road hex through a side the road crosses (HH.TERR.9)."""
        d = direction(a, b)
        return (
            d is not None
            and d in self.road_sides.get(a, frozenset())
            and (d + 3) % 6 in self.road_sides.get(b, frozenset())
        )

    def is_steep(self, a: Hex, b: Hex) -> bool:
        return side_key(a, b) in self.steep

    def is_wall(self, a: Hex, b: Hex) -> bool:
        return side_key(a, b) in self.walls

    def is_restriction(self, h: Hex, restrict_tracks: bool) -> bool:
        """Fords and bridges always restrict; marked tracks only with the option (HH.TERR.40, HH.TERR.41)."""
        return h in self.fords or h in self.bridges or (restrict_tracks and h in self.restrictions)

    def label(self, h: Hex) -> str:
        return self.spec.label(h)


def build_battlefield(data: dict[str, Any], where: str = "[map]") -> Battlefield:
    """A battlefield from a scenario's ``[map]`` table (format in docs/scenarios.md); raises ValueError."""
    errs: list[str] = []
    try:
        spec = pointy_spec(
            int(data["columns"]),
            int(data["rows"]),
            Offset(data.get("offset", "odd")),
            int(data.get("first_column", 1)),
            int(data.get("first_row", 1)),
        )
    except (KeyError, ValueError) as e:
        raise ValueError(f"{where}: columns and rows are required; offset is 'odd' or 'even' ({e})") from None

    def hx(label: object, what: str) -> Hex | None:
        try:
            return spec.parse(str(label))
        except ValueError as e:
            errs.append(f"{where}.{what}: {e}")
            return None

    terrain: dict[Hex, Terrain] = {}
    for t in Terrain:
        for lab in data.get("terrain", {}).get(t.value, []):
            h = hx(lab, f"terrain.{t.value}")
            if h is not None:
                if h in terrain:
                    errs.append(f"{where}.terrain: hex {lab} is listed twice; a hex has one terrain [HH.TERR.1]")
                terrain[h] = t
    for k in data.get("terrain", {}):
        if k not in {t.value for t in Terrain}:
            errs.append(
                f"{where}.terrain: unknown terrain {k!r}; use {', '.join(t.value for t in Terrain)} [HH.TERR.1]"
            )
    elevation: dict[Hex, int] = {}
    for level, labels in data.get("elevation", {}).items():
        for lab in labels:
            h = hx(lab, "elevation")
            if h is not None:
                elevation[h] = int(level)
    road_sides: dict[Hex, set[int]] = {}
    bridges: set[Hex] = set()
    for i, road in enumerate(data.get("roads", [])):
        hexes = [hx(lab, f"roads[{i}]") for lab in road]
        for a, b in zip(hexes, hexes[1:], strict=False):
            if a is None or b is None:
                continue
            d = direction(a, b)
            if d is None:
                errs.append(f"{where}.roads[{i}]: {spec.label(a)} and {spec.label(b)} are not adjacent")
                continue
            road_sides.setdefault(a, set()).add(d)
            road_sides.setdefault(b, set()).add((d + 3) % 6)
        for h in hexes:
            if h is not None:
                road_sides.setdefault(h, set())
    for lab in data.get("bridges", []):
        h = hx(lab, "bridges")
        if h is not None:
            if terrain.get(h) is not Terrain.RIVER or h not in road_sides:
                errs.append(f"{where}.bridges: {lab} must be a river hex with a road through it [HH.TERR.44]")
            bridges.add(h)
    fords = set()
    for lab in data.get("fords", []):
        h = hx(lab, "fords")
        if h is not None:
            if terrain.get(h) is not Terrain.RIVER:
                errs.append(f"{where}.fords: {lab} must be a river hex [HH.TERR.44]")
            fords.add(h)

    def sides(key: str) -> frozenset[tuple[Hex, Hex]]:
        out = set()
        for pair in data.get(key, []):
            if len(pair) != 2:
                errs.append(f'{where}.{key}: each entry is a pair of adjacent hexes, e.g. ["0504", "0505"]')
                continue
            a, b = hx(pair[0], key), hx(pair[1], key)
            if a is None or b is None:
                continue
            if direction(a, b) is None:
                errs.append(f"{where}.{key}: {pair[0]} and {pair[1]} are not adjacent")
                continue
            out.add(side_key(a, b))
        return frozenset(out)

    steep, walls = sides("steep"), sides("walls")
    restrictions = frozenset(h for h in (hx(lab, "restrictions") for lab in data.get("restrictions", [])) if h)
    if errs:
        raise ValueError("\n".join(errs))
    return Battlefield(
        spec=spec,
        terrain=terrain,
        elevation=elevation,
        road_sides={h: frozenset(s) for h, s in road_sides.items()},
        bridges=frozenset(bridges),
        fords=frozenset(fords),
        restrictions=restrictions,
        steep=steep,
        walls=walls,
    )


def battlefield_to_json(bf: Battlefield) -> dict[str, Any]:
    """Serialise (labels, sorted) for `dump` (HH.DATA.6)."""
    lab = bf.spec.label
    terrain: dict[str, list[str]] = {}
    for h, t in sorted(bf.terrain.items()):
        terrain.setdefault(t.value, []).append(lab(h))
    elevation: dict[str, list[str]] = {}
    for h, e in sorted(bf.elevation.items()):
        elevation.setdefault(str(e), []).append(lab(h))
    return {
        "columns": bf.spec.columns,
        "rows": bf.spec.rows,
        "offset": bf.spec.offset.value,
        "first_column": bf.spec.first_column,
        "first_row": bf.spec.first_row,
        "terrain": terrain,
        "elevation": elevation,
        "road_sides": {lab(h): sorted(s) for h, s in sorted(bf.road_sides.items())},
        "bridges": sorted(lab(h) for h in bf.bridges),
        "fords": sorted(lab(h) for h in bf.fords),
        "restrictions": sorted(lab(h) for h in bf.restrictions),
        "steep": sorted([lab(a), lab(b)] for a, b in bf.steep),
        "walls": sorted([lab(a), lab(b)] for a, b in bf.walls),
    }


def battlefield_from_json(d: dict[str, Any]) -> Battlefield:
    spec = pointy_spec(d["columns"], d["rows"], Offset(d["offset"]), d["first_column"], d["first_row"])
    p = spec.parse
    return Battlefield(
        spec=spec,
        terrain={p(lab): Terrain(t) for t, labs in d["terrain"].items() for lab in labs},
        elevation={p(lab): int(e) for e, labs in d["elevation"].items() for lab in labs},
        road_sides={p(lab): frozenset(s) for lab, s in d["road_sides"].items()},
        bridges=frozenset(p(x) for x in d["bridges"]),
        fords=frozenset(p(x) for x in d["fords"]),
        restrictions=frozenset(p(x) for x in d["restrictions"]),
        steep=frozenset(side_key(p(a), p(b)) for a, b in d["steep"]),
        walls=frozenset(side_key(p(a), p(b)) for a, b in d["walls"]),
    )
