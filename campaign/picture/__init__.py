"""What to draw: a game-agnostic description of a hex board at one moment.

A game fills in a :class:`BoardPicture` (terrain, features, units, generals, arrows) from its
own state; :func:`campaign.render.render_svg` and :func:`campaign.render.render_png` draw it.
The picture knows nothing about rules: a terrain is a key into the style sheet, a unit is a
name, a side, a hex, a facing and a few flags.

Facings: facing ``o`` (0..11) points at bearing ``30 * o`` degrees, counter-clockwise from the
map's direction 0 (``hexgrid.DIRECTIONS[0]``). Even facings point at the middle of a hex side
(``o // 2`` is that side's direction), odd facings point at a hex vertex.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from campaign.hexgrid import Hex, MapSpec
from campaign.picture.styles import DEFAULT_STYLES, StyleSheet

FACINGS = 12
"""Number of distinct facings: six sides and six vertices."""


class Formation(Enum):
    """How a unit's counter is shaped."""

    DEPLOYED = "deployed"
    """In line of battle: a wide counter, text upright, a pointer showing the facing."""
    COLUMN = "column"
    """In march column: a narrow counter laid along its facing, head towards the front."""


class Status(Enum):
    """Status markers with a fixed colour, drawn as small lettered chips under the counter."""

    DISRUPTED = "disrupted"
    """Disrupted: a red chip lettered D."""
    STATIC_COMBAT = "static-combat"
    """Locked in static combat: a blue chip lettered SC."""
    HOLD_FIRE = "hold-fire"
    """Holding its fire: a green chip lettered HF."""


class StandsDisplay(Enum):
    """How the number of stands left in a unit is shown on its counter."""

    PIPS = "pips"
    """One filled dot per stand left and a hollow dot per stand lost."""
    FRACTION = "fraction"
    """Text ``left/full``, such as ``3/4`` (or just ``3`` when the full size is unknown)."""


class ArrowKind(Enum):
    """What an arrow on the board records from this turn."""

    MOVE = "move"
    """A move: dashed line in the side's colour through the hexes passed, head at the end."""
    ATTACK = "attack"
    """A close-combat attack: thick crimson arrow into the target hex."""
    SHOT = "shot"
    """Shooting: thin dotted line ending in a ring on the target hex."""
    RETREAT = "retreat"
    """A recoil, flight or retreat: dashed grey line with a head."""


@dataclass(frozen=True, slots=True)
class Side:
    """One player side: the key counters use, the name the legend shows, its colours."""

    key: str
    name: str
    colour: str
    """Counter fill, e.g. ``#b22222``."""
    ink: str = "#ffffff"
    """Text and pip colour on the counter; choose it to contrast with ``colour``."""


@dataclass(frozen=True, slots=True)
class Marker:
    """A game-defined extra marker: a short text on a small coloured chip."""

    text: str
    """One to three characters shown on the chip, e.g. ``"E"``."""
    colour: str
    meaning: str
    """What the legend says it means, e.g. ``"Evading"``."""
    ink: str = "#ffffff"


@dataclass(frozen=True, slots=True)
class HexTerrain:
    """The terrain of one hex: a style key and a hill level (0 = level ground)."""

    hex: Hex
    terrain: str
    elevation: int = 0


@dataclass(frozen=True, slots=True)
class HexFeature:
    """A feature inside one hex, such as a ford or a bridge, laid along a hex direction."""

    hex: Hex
    kind: str
    direction: int = 0
    """Direction (0..5) the crossing runs towards; it also spans the opposite direction."""


@dataclass(frozen=True, slots=True)
class HexSideFeature:
    """A feature on one side of a hex: wall, fence, door, stakes, river, steep side, road link.

    ``hex`` owns the side: a steep side belongs to the upper hex, stakes to the hex they
    protect, a road link to the hex it leaves from the centre of.
    """

    hex: Hex
    direction: int
    """Which side: the side crossed towards ``hex.neighbour(direction)`` (0..5)."""
    kind: str


@dataclass(frozen=True, slots=True)
class Route:
    """A line through a chain of hex centres: road, track, or river winding through hexes."""

    kind: str
    hexes: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class Counter:
    """One unit's counter."""

    name: str
    """Short name or id printed on the counter, e.g. ``"Hop1"``."""
    side: str
    """Key of a :class:`Side` in the picture."""
    hex: Hex
    facing: int | None = None
    """0..11 (see the module docstring); None draws no facing pointer."""
    formation: Formation = Formation.DEPLOYED
    stands: int | None = None
    """Stands left; None shows nothing."""
    full_stands: int | None = None
    """Stands at full strength; None = same as ``stands``."""
    stands_display: StandsDisplay = StandsDisplay.PIPS
    status: tuple[Status, ...] = ()
    markers: tuple[Marker, ...] = ()


@dataclass(frozen=True, slots=True)
class General:
    """A general, drawn as a disc: in the middle of his hex when alone, on the unit's corner
    when in the hex of a unit of his own side (attached)."""

    name: str
    """Initials or a short tag, one to three characters fit best."""
    side: str
    hex: Hex
    hero: bool = False
    """A hero general: gold ring and star."""
    chief: bool = False
    """The commander-in-chief: an extra outer ring."""


@dataclass(frozen=True, slots=True)
class Arrow:
    """Something that happened this turn, drawn through the centres of ``hexes`` in order."""

    kind: ArrowKind
    hexes: tuple[Hex, ...]
    side: str | None = None
    """Colours a move arrow; None uses a neutral dark grey."""


class PictureError(ValueError):
    """A board picture that cannot be drawn; the message lists every problem found."""

    def __init__(self, problems: tuple[str, ...]) -> None:
        self.problems = problems
        super().__init__("cannot draw board picture:\n" + "\n".join(f"  - {p}" for p in problems))


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """Everything to draw for one board: map, terrain, features, units, arrows and legend."""

    title: str
    map_spec: MapSpec
    subtitle: str = ""
    terrain: tuple[HexTerrain, ...] = ()
    default_terrain: str = "good_going"
    """Terrain of every hex not listed in ``terrain``."""
    hex_features: tuple[HexFeature, ...] = ()
    hexside_features: tuple[HexSideFeature, ...] = ()
    routes: tuple[Route, ...] = ()
    sides: tuple[Side, ...] = ()
    counters: tuple[Counter, ...] = ()
    generals: tuple[General, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    styles: StyleSheet = DEFAULT_STYLES
    hex_size: float = 32.0
    """Hex circumradius in SVG pixels; every other size scales with it."""
    show_labels: bool = True
    """Print the CCRR label in every hex."""
    show_legend: bool = True

    def __post_init__(self) -> None:
        found = picture_problems(self)
        if found:
            raise PictureError(found)


def picture_problems(p: BoardPicture) -> tuple[str, ...]:
    """Every reason the picture cannot be drawn, each naming the item and how to fix it."""
    out: list[str] = []
    spec, styles = p.map_spec, p.styles

    def where(h: Hex) -> str:
        return spec.label(h) if spec.contains(h) else repr(h)

    def on_map(h: Hex, what: str) -> None:
        if not spec.contains(h):
            out.append(f"{what} is at {h!r}, which is off the map")

    if p.hex_size <= 0:
        out.append(f"hex_size must be positive, got {p.hex_size}")
    if styles.terrain_style(p.default_terrain) is None:
        out.append(f"default terrain {p.default_terrain!r} has no style: add a TerrainStyle for it")
    seen: set[Hex] = set()
    for t in p.terrain:
        on_map(t.hex, f"terrain {t.terrain!r}")
        if t.hex in seen:
            out.append(f"hex {where(t.hex)} is given terrain twice: list each hex once")
        seen.add(t.hex)
        if styles.terrain_style(t.terrain) is None:
            out.append(f"terrain {t.terrain!r} in hex {where(t.hex)} has no style: add a TerrainStyle")
        if t.elevation < 0:
            out.append(f"hex {where(t.hex)} has elevation {t.elevation}: hill levels start at 0")
    for f in p.hex_features:
        on_map(f.hex, f"hex feature {f.kind!r}")
        if styles.hex_feature_style(f.kind) is None:
            out.append(f"hex feature {f.kind!r} in hex {where(f.hex)} has no style")
        if not 0 <= f.direction < 6:
            out.append(f"hex feature {f.kind!r} in hex {where(f.hex)}: direction must be 0..5")
    for s in p.hexside_features:
        on_map(s.hex, f"hex-side feature {s.kind!r}")
        if styles.hexside_style(s.kind) is None:
            out.append(f"hex-side feature {s.kind!r} on hex {where(s.hex)} has no style")
        if not 0 <= s.direction < 6:
            out.append(f"hex-side feature {s.kind!r} on hex {where(s.hex)}: direction must be 0..5")
    for r in p.routes:
        if styles.route_style(r.kind) is None:
            out.append(f"route {r.kind!r} has no style: add a RouteStyle")
        if len(r.hexes) < 2:
            out.append(f"route {r.kind!r} needs at least two hexes")
    side_keys = [s.key for s in p.sides]
    for key in sorted({k for k in side_keys if side_keys.count(k) > 1}):
        out.append(f"side key {key!r} is used by two sides")
    known = set(side_keys)
    for c in p.counters:
        on_map(c.hex, f"counter {c.name!r}")
        if c.side not in known:
            out.append(f"counter {c.name!r} belongs to unknown side {c.side!r}: add it to sides")
        if c.facing is not None and not 0 <= c.facing < FACINGS:
            out.append(f"counter {c.name!r} has facing {c.facing}: facings run 0..11")
        if c.stands is not None and c.stands < 0:
            out.append(f"counter {c.name!r} has {c.stands} stands")
        if c.full_stands is not None and (c.stands is None or c.full_stands < c.stands):
            out.append(f"counter {c.name!r}: full_stands {c.full_stands} needs stands <= full_stands")
    for g in p.generals:
        on_map(g.hex, f"general {g.name!r}")
        if g.side not in known:
            out.append(f"general {g.name!r} belongs to unknown side {g.side!r}: add it to sides")
    for a in p.arrows:
        if len(a.hexes) < 2:
            out.append(f"{a.kind.value} arrow needs at least two hexes, got {len(a.hexes)}")
        if a.side is not None and a.side not in known:
            out.append(f"{a.kind.value} arrow belongs to unknown side {a.side!r}")
    return tuple(out)
