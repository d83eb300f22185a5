"""The board picture: terrain with buildings, doors, windows and slope lips; every man and horse,
two-hex horsemen as two counters; the last phase's moves, shots, attacks and retreats."""

from __future__ import annotations

from campaign.hexgrid import Hex
from campaign.picture import (
    Arrow,
    ArrowKind,
    BoardPicture,
    Counter,
    Formation,
    HexSideFeature,
    HexTerrain,
    Marker,
    Side,
)

from .geometry import direction
from .model import AnimalKind, Condition, Ransom
from .state import GameState
from .tables import Terrain

STYLE = {
    Terrain.FLAT: "good_going",
    Terrain.SLOPE: "slope",
    Terrain.SCRUB: "scrub",
    Terrain.TREE: "woodland",
    Terrain.INTERIOR: "interior",
    Terrain.WALL: "wall",
    Terrain.WINDOW: "window",
    Terrain.CORNER: "corner",
    Terrain.DOOR: "door",
}
COLOURS = ("#b22222", "#1f4e9c")
WOUNDED = Marker("W", "#c0392b", "Wounded")
STUNNED = Marker("S", "#8e44ad", "Stunned (counter turned over)")
PRISONER = Marker("P", "#555555", "Prisoner")
MOUNTED = Marker("M", "#7a5230", "Mounted (front hex)")
HORSE = Marker("H", "#7a5230", "Horse (rear hex of a horseman, or riderless)")


def _hexside_features(st: GameState) -> list[HexSideFeature]:
    """Doors and windows on the wall line facing outside; slope top lips; wall hexsides."""
    b = st.board
    out = []
    for h, t in sorted(b.terrain.items()):
        if t in (Terrain.DOOR, Terrain.WINDOW):
            _, outside = b.aperture_sides(h)
            for n in sorted(outside):
                out.append(HexSideFeature(h, direction(h, n), "door" if t is Terrain.DOOR else "window"))
    for side in sorted(b.top_lips, key=sorted):
        lo, hi = sorted(side, key=lambda h: (h in b.slope_of, h))
        out.append(HexSideFeature(lo, direction(lo, hi), "steep"))
    for side in sorted(b.wall_sides, key=sorted):
        a, c = sorted(side)
        out.append(HexSideFeature(a, direction(a, c), "wall"))
    return out


def _marks(st: GameState, cid: str) -> tuple[Marker, ...]:
    c = st.characters[cid]
    out = []
    if c.mounted:
        out.append(MOUNTED)
    if c.condition is Condition.WOUNDED:
        out.append(WOUNDED)
    if c.stunned:
        out.append(STUNNED)
    if c.ransom is Ransom.PRISONER:
        out.append(PRISONER)
    return tuple(out)


def _counters(st: GameState) -> list[Counter]:
    out = []
    taken: set[Hex] = set()
    for c in sorted(st.characters.values(), key=lambda c: (not c.live, c.id)):
        if c.body is None:
            continue
        side = c.side if c.live else "dead"
        facing = None if c.body.facing is None else 2 * c.body.facing
        if c.body.front not in taken:
            out.append(
                Counter(
                    c.id if c.live else f"+{c.id}",
                    side,
                    c.body.front,
                    facing,
                    Formation.COLUMN if c.mounted else Formation.DEPLOYED,
                    markers=_marks(st, c.id),
                )
            )
            taken.add(c.body.front)
        if c.body.rear is not None and c.body.rear not in taken:
            out.append(Counter(c.id.lower(), side, c.body.rear, facing, Formation.COLUMN, markers=(HORSE,)))
            taken.add(c.body.rear)
    for a in sorted(st.animals.values(), key=lambda a: a.id):
        side = "animals" if a.alive else "dead"
        facing = None if a.body.facing is None else 2 * a.body.facing
        tag = "H" if a.kind is AnimalKind.HORSE else "Mu"
        for h in a.hexes:
            if h not in taken:
                out.append(
                    Counter(
                        tag if a.alive else f"+{tag}",
                        side,
                        h,
                        facing,
                        Formation.COLUMN,
                        markers=(HORSE,) if a.kind is AnimalKind.HORSE else (),
                    )
                )
                taken.add(h)
    return out


def _arrows(st: GameState) -> list[Arrow]:
    out = []
    kinds = {
        "moves": ArrowKind.MOVE,
        "shots": ArrowKind.SHOT,
        "attacks": ArrowKind.ATTACK,
        "retreats": ArrowKind.RETREAT,
    }
    for key, kind in kinds.items():
        for path in st.last.get(key, []):
            hexes = tuple(Hex(q, r) for q, r in path)
            hexes = tuple(h for i, h in enumerate(hexes) if i == 0 or h != hexes[i - 1])
            if len(hexes) >= 2 and all(st.board.on_map(h) for h in hexes):
                side = st.side if kind is ArrowKind.MOVE and st.side in st.sides else None
                out.append(Arrow(kind, hexes, side if key == "moves" else None))
    return out


def picture(st: GameState, title: str = "") -> BoardPicture:
    """The picture of the board now [CHECKLIST: board picture]."""
    b = st.board
    sides = [Side(s, s, COLOURS[i]) for i, s in enumerate(st.sides)]
    sides += [Side("animals", "Horses and mules", "#a0785a"), Side("dead", "Dead", "#9a9a9a", "#222222")]
    prev = st.sides[1 - st.phasing] if st.last else st.side
    arrows = [a if a.side is None else Arrow(a.kind, a.hexes, prev) for a in _arrows(st)]
    return BoardPicture(
        title or f"{st.title}: turn {st.turn}",
        b.spec,
        subtitle=f"{b.title}; {st.side} to move",
        terrain=tuple(
            HexTerrain(h, STYLE[t], b.elevation.get(h, 0))
            for h, t in sorted(b.terrain.items())
            if t is not Terrain.FLAT or h in b.elevation
        ),
        hexside_features=tuple(_hexside_features(st)),
        sides=tuple(sides),
        counters=tuple(_counters(st)),
        arrows=tuple(arrows),
        hex_size=26.0,
    )
