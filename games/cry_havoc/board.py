"""The map: hex terrain, buildings and enclosures with their apertures, slopes and their top lips,
board edges and exits [CH.TERRAIN.*] [CH.GEOM.7]-[CH.GEOM.9] [CH.DATA.2].

Maps are TOML files (games/cry_havoc/data/maps/*.toml, format in docs/scenarios.md): one text row
per printed map row, one letter per hex, as in :class:`tables.Terrain`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from campaign.hexgrid import Hex, LabelError, MapEdge, MapSpec, Offset, Orientation
from campaign.kit.scenario_file import Fields, TomlDocument

from .geometry import Side
from .tables import CHART, IMPASSABLE, Cover, Terrain


class StructureKind(Enum):
    """A building (interior hexes) or an enclosure (a courtyard of open ground) [CH.TERRAIN.10]."""

    BUILDING = "building"
    """Interior hexes behind walls; no horses inside."""
    ENCLOSURE = "enclosure"
    """Outdoor ground inside walls: horses may enter by its doors."""


@dataclass(frozen=True, slots=True)
class Structure:
    """One building or enclosure: its inside hexes, walls and apertures [CH.GEOM.7]."""

    id: str
    kind: StructureKind
    inside: frozenset[Hex]
    walls: frozenset[Hex]
    apertures: frozenset[Hex]

    @property
    def hexes(self) -> frozenset[Hex]:
        return self.inside | self.walls | self.apertures


APERTURES = (Terrain.DOOR, Terrain.WINDOW)
SHELL = (Terrain.WALL, Terrain.DOOR, Terrain.WINDOW)


@dataclass(slots=True)
class Board:
    """One map: terrain, structures, slopes, edges [CH.DATA.2]."""

    name: str
    title: str
    spec: MapSpec
    terrain: dict[Hex, Terrain]
    structures: dict[str, Structure] = field(default_factory=dict)
    slope_of: dict[Hex, int] = field(default_factory=dict)
    top_lips: frozenset[Side] = frozenset()
    elevation: dict[Hex, int] = field(default_factory=dict)
    wall_sides: frozenset[Side] = frozenset()
    """Optional wall hexsides [CH.TERRAIN.12]."""
    house_values: bool = True
    _owner: dict[Hex, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for s in self.structures.values():
            for h in s.hexes:
                self._owner.setdefault(h, s.id)

    # --- look-ups ---------------------------------------------------------------------------
    def on_map(self, h: Hex) -> bool:
        return h in self.terrain

    def at(self, h: Hex) -> Terrain:
        return self.terrain[h]

    def label(self, h: Hex) -> str:
        try:
            return self.spec.label(h)
        except LabelError:
            return repr(h)

    def parse(self, text: str) -> Hex:
        return self.spec.parse(text)

    def cost(self, h: Hex, mounted: bool) -> int:
        """Terrain cost to enter, IMPASSABLE when it may not be entered [CH.TERRAIN.2] [CH.TERRAIN.5]."""
        if h not in self.terrain:
            return IMPASSABLE
        row = CHART[self.terrain[h]]
        return row.mounted if mounted else row.foot

    def structure_of(self, h: Hex) -> Structure | None:
        """The structure an interior, wall or aperture hex (or an enclosure's inside) belongs to."""
        sid = self._owner.get(h)
        return self.structures[sid] if sid else None

    def building_of(self, h: Hex) -> Structure | None:
        s = self.structure_of(h)
        return s if s and s.kind is StructureKind.BUILDING else None

    def is_aperture(self, h: Hex) -> bool:
        return self.terrain.get(h) in APERTURES

    def aperture_sides(self, h: Hex) -> tuple[frozenset[Hex], frozenset[Hex]]:
        """(inside, outside) neighbours of an aperture hex [CH.GEOM.8]; with the slope top lips and the
        optional wall hexsides these are the hexside features the rules need [CH.GEOM.13]."""
        s = self.structure_of(h)
        if s is None:
            return frozenset(), frozenset()
        ns = [n for n in h.neighbours() if n in self.terrain and self.terrain[n] is not Terrain.WALL]
        inside = frozenset(n for n in ns if n in s.inside)
        outside = frozenset(n for n in ns if n not in s.hexes)
        return inside, outside

    def base_cover(self, h: Hex) -> Cover:
        return CHART[self.terrain[h]].cover

    def adjacent(self, a: Hex, b: Hex) -> bool:
        """Sharing a hexside not declared a wall hexside [CH.TERRAIN.12] [CH.COMBAT.14]."""
        return a.distance(b) == 1 and frozenset((a, b)) not in self.wall_sides

    def edge_of(self, off: Hex) -> MapEdge | None:
        """The board edge an off-map hex lies beyond."""
        col, row = self.spec.to_label_pair(off)
        if col < self.spec.first_column:
            return MapEdge.LEFT
        if col > self.spec.last_column:
            return MapEdge.RIGHT
        if row < self.spec.first_row:
            return MapEdge.TOP
        if row > self.spec.last_row:
            return MapEdge.BOTTOM
        return None


# --- reading a map -----------------------------------------------------------------------------------

LETTERS = {t.value: t for t in Terrain}


def _components(hexes: Iterable[Hex]) -> list[frozenset[Hex]]:
    left = set(hexes)
    out = []
    for start in sorted(left):
        if start not in left:
            continue
        comp, todo = {start}, [start]
        left.discard(start)
        while todo:
            h = todo.pop()
            for n in h.neighbours():
                if n in left:
                    left.discard(n)
                    comp.add(n)
                    todo.append(n)
        out.append(frozenset(comp))
    return out


def _structures(terrain: Mapping[Hex, Terrain], enclosures: Mapping[str, frozenset[Hex]]) -> dict[str, Structure]:
    """Buildings are connected interiors with the walls and apertures around them; enclosures are
    declared inside hexes with the walls and apertures around them [CH.GEOM.7] [CH.TERRAIN.10]."""
    out: dict[str, Structure] = {}
    interiors = [h for h, t in terrain.items() if t is Terrain.INTERIOR]
    for i, comp in enumerate(_components(interiors), start=1):
        shell = {n for h in comp for n in h.neighbours() if terrain.get(n) in SHELL}
        walls = frozenset(h for h in shell if terrain[h] is Terrain.WALL)
        aps = frozenset(shell - walls)
        out[f"B{i}"] = Structure(f"B{i}", StructureKind.BUILDING, comp, walls, aps)
    taken = {h for s in out.values() for h in s.hexes}
    for eid, inside in sorted(enclosures.items()):
        shell = {n for h in inside for n in h.neighbours() if terrain.get(n) in SHELL and n not in taken}
        walls = frozenset(h for h in shell if terrain[h] is Terrain.WALL)
        out[eid] = Structure(eid, StructureKind.ENCLOSURE, inside, walls, frozenset(shell - walls))
    return out


def _labels(f: Fields, text: Any, where: str, spec: MapSpec) -> list[Hex]:
    if not isinstance(text, str):
        f.problem(where, "must be text: hex labels separated by spaces")
        return []
    out = []
    for word in text.split():
        try:
            out.append(spec.parse(word))
        except LabelError as e:
            f.problem(where, str(e))
    return out


def read_board(doc: TomlDocument, name: str) -> Board:
    """A Board from a map TOML document; every problem is reported with its line [CH.DATA.2]."""
    f = Fields(doc)
    d = doc.data
    f.unknown(d, ("title", "house_values", "rows", "enclosures", "top_lips", "wall_sides", "elevation", "offset"))
    rows = d.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        f.problem("rows", "must be a list of text rows, one letter per hex")
        f.done()
        raise AssertionError("unreachable: done() raised")
    width = max(len(r) for r in rows)
    spec = MapSpec(width, len(rows), Orientation.POINTY, Offset(f.text(d, "offset", default="odd")))
    terrain: dict[Hex, Terrain] = {}
    for r, row in enumerate(rows, start=1):
        if len(row) != width:
            f.problem(f"rows[{r - 1}]", f"has {len(row)} letters; every row needs {width}")
        for c, ch in enumerate(row, start=1):
            t = LETTERS.get(ch)
            if t is None:
                f.problem(f"rows[{r - 1}]", f"column {c}: {ch!r} is not a terrain letter ({' '.join(LETTERS)})")
                continue
            terrain[spec.to_hex(c, r)] = t
    enclosures: dict[str, frozenset[Hex]] = {}
    for i, e in enumerate(f.tables(d, "enclosures")):
        where = f"enclosures[{i}]"
        enclosures[f.text(e, "id", where)] = frozenset(_labels(f, e.get("hexes", ""), f"{where}.hexes", spec))
    lips: set[Side] = set()
    for key, target in (("top_lips", lips),):
        for i, pair in enumerate(d.get(key, [])):
            hs = _labels(f, str(pair).replace("/", " "), f"{key}[{i}]", spec)
            if len(hs) == 2 and hs[0].distance(hs[1]) == 1:
                target.add(frozenset(hs))
            elif len(hs) == 2:
                f.problem(f"{key}[{i}]", "the two hexes of a hexside must be adjacent")
    walls: set[Side] = set()
    for i, pair in enumerate(d.get("wall_sides", [])):
        hs = _labels(f, str(pair).replace("/", " "), f"wall_sides[{i}]", spec)
        if len(hs) == 2:
            walls.add(frozenset(hs))
    elevation: dict[Hex, int] = {}
    for r, row in enumerate(d.get("elevation", []), start=1):
        for c, ch in enumerate(str(row), start=1):
            if ch.isdigit() and ch != "0":
                elevation[spec.to_hex(c, r)] = int(ch)
    board = build_board(
        name,
        f.text(d, "title", default=name),
        spec,
        terrain,
        enclosures,
        lips,
        elevation,
        walls,
        f.flag(d, "house_values", default=True),
    )
    _validate(board, f)
    f.done()
    return board


def build_board(
    name: str,
    title: str,
    spec: MapSpec,
    terrain: dict[Hex, Terrain],
    enclosures: Mapping[str, frozenset[Hex]] | None = None,
    lips: Iterable[Side] = (),
    elevation: dict[Hex, int] | None = None,
    walls: Iterable[Side] = (),
    house_values: bool = True,
) -> Board:
    """A Board with its structures and slope features worked out [CH.GEOM.7] [CH.GEOM.9]."""
    structures = _structures(terrain, enclosures or {})
    slopes = _components(h for h, t in terrain.items() if t is Terrain.SLOPE)
    slope_of = {h: i for i, comp in enumerate(slopes, start=1) for h in comp}
    return Board(
        name,
        title,
        spec,
        terrain,
        structures,
        slope_of,
        frozenset(lips),
        elevation or {},
        frozenset(walls),
        house_values,
    )


def _validate(board: Board, f: Fields) -> None:
    """Every neighbour of an interior hex is part of its building; every aperture has two sides
    [CH.GEOM.7] [CH.GEOM.8]."""
    for s in board.structures.values():
        if s.kind is not StructureKind.BUILDING:
            continue
        for h in sorted(s.inside):
            for n in h.neighbours():
                if n in board.terrain and n not in s.hexes:
                    f.problem(
                        "rows",
                        f"interior hex {board.label(h)} touches {board.label(n)}, which is not a wall,"
                        " door or window of its building: close the building with walls",
                    )
    for h, t in sorted(board.terrain.items()):
        if t in APERTURES:
            inside, outside = board.aperture_sides(h)
            if not inside or not outside:
                f.problem(
                    "rows",
                    f"{t.name.lower()} hex {board.label(h)} needs a neighbour inside and one outside"
                    " its building or enclosure",
                )
