"""Troop profiles, units and generals of Hordes & Heroes, and the points formula [HH.ARMY.*, HH.DATA.*].

Everything here is a frozen, slotted dataclass or an enum; a unit that changes is replaced with
`dataclasses.replace`, so a state can be copied cheaply and validation never mutates it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from campaign.hexgrid import Hex

from .geometry import Facing


class Category(Enum):
    """Troop category; every unit has exactly one (HH.DEF.3)."""

    INFANTRY = "infantry"
    """Foot, hordes and pikes included (HH.DEF.4)."""
    CAVALRY = "cavalry"
    """Mounted troops on horses (HH.DEF.4)."""
    CHARIOT = "chariot"
    """Chariots: mounted and wheeled (HH.DEF.4, HH.SPECIAL.40)."""
    ELEPHANT = "elephant"
    """Elephants: mounted, treated as cavalry for terrain and movement (HH.DEF.5)."""
    WAR_WAGON = "war_wagon"
    """War wagons: wheeled hard targets (HH.SPECIAL.41)."""
    ARTILLERY = "artillery"
    """Artillery, missile and siege engines: wheeled, flat points (HH.ARMY.10)."""
    BOAT = "boat"
    """Boats and rafts, scenario-defined (HH.TERR.47)."""

    @property
    def mounted(self) -> bool:
        """Cavalry, chariots and elephants are mounted (HH.DEF.4, HH.DEF.5)."""
        return self in (Category.CAVALRY, Category.CHARIOT, Category.ELEPHANT)

    @property
    def wheeled(self) -> bool:
        """Chariots, war wagons and artillery are wheeled (HH.DEF.4)."""
        return self in (Category.CHARIOT, Category.WAR_WAGON, Category.ARTILLERY)

    @property
    def cavalry_rules(self) -> bool:
        """Follows the cavalry terrain rules: cavalry and elephants (HH.DEF.5, HH.TERR.19)."""
        return self in (Category.CAVALRY, Category.ELEPHANT)


class TroopClass(Enum):
    """Class A (best) to E (worst): points and CRT column (HH.ARMY.2)."""

    A = "A"
    """Elite: 5 points."""
    B = "B"
    """Good: 4 points."""
    C = "C"
    """Average: 3 points."""
    D = "D"
    """Poor: 2 points (HH.ARMY.3 ruling)."""
    E = "E"
    """Rabble: 1 point."""

    @property
    def points(self) -> int:
        """Class points A=5, B=4, C=3, D=2, E=1 (HH.ARMY.2, HH.ARMY.3)."""
        return {"A": 5, "B": 4, "C": 3, "D": 2, "E": 1}[self.value]


class Weapon(Enum):
    """Small-arms weapon type (HH.ARMY.13, HH.DATA.1)."""

    NONE = "none"
    """No small arms."""
    BOW = "bow"
    """Bows and slings."""
    CROSSBOW = "crossbow"
    """Crossbows (characteristic C)."""
    GUNPOWDER = "gunpowder"
    """Handguns (characteristic G)."""
    OTHER = "other"
    """Javelins and other missiles."""


class Trait(Enum):
    """A profile characteristic (HH.ARMY.8); the value is the army-list code."""

    A1 = "A1"
    """Armour 1 against small arms: 1 point."""
    A2 = "A2"
    """Armour 2 against small arms: 2 points."""
    E1 = "E1"
    """May evade 1 hex: 1 point."""
    E2 = "E2"
    """May evade 2 hexes: 2 points."""
    F = "F"
    """May make a flee response: 1 point."""
    H = "H"
    """Horde: -1 point (applied once, HH.TROOP.1)."""
    AH = "AH"
    """Aggressive horde: -1 point."""
    HT = "HT"
    """Hard target / hard cover: no cost (HH.ARMY.9)."""
    G = "G"
    """Gunpowder weapon: no cost."""
    C = "C"
    """Crossbow: no cost."""
    S = "S"
    """Shield wall capable: no cost (HH.TROOP.4)."""

    @property
    def points(self) -> int:
        """Characteristic points (HH.ARMY.8); HT, G, C, S cost 0 (HH.ARMY.9)."""
        return {"A1": 1, "A2": 2, "E1": 1, "E2": 2, "F": 1, "H": -1, "AH": -1}.get(self.value, 0)


class Formation(Enum):
    """A unit's formation (HH.MOVE.13, HH.DATA.4)."""

    DEPLOYED = "deployed"
    """Battle line: the normal formation."""
    COLUMN = "column"
    """March column: +1 hex of movement, fights with 2 stands (HH.MOVE.4, HH.MOVE.16)."""
    SQUEEZED = "squeezed"
    """A unit that cannot form column, squeezed through a ford, bridge or track (HH.TERR.40)."""


class Trajectory(Enum):
    """How an artillery piece throws its missiles (HH.ART.1, HH.ART.13)."""

    HIGH = "high"
    """Ballistae and catapults: may shoot over an adjacent friend on level ground."""
    LOW = "low"
    """Bolt shooters and cannon: over friends only from higher ground."""


@dataclass(frozen=True, slots=True)
class Band:
    """One artillery range band: hexes up to `max_range`, D12 scores for 1, 2 and 3 hits (HH.DATA.2)."""

    max_range: int
    h1: int | None
    h2: int | None = None
    h3: int | None = None

    def hits(self, roll: int, extra: int = 0) -> int:
        """Hits for one D12 with `extra` added to every threshold; above 12 is unreachable (HH.ART.7-9)."""
        best = 0
        for n, t in ((1, self.h1), (2, self.h2), (3, self.h3)):
            if t is not None and t + extra <= 12 and roll >= t + extra:
                best = n
        return best


@dataclass(frozen=True, slots=True)
class Artillery:
    """The artillery block of a profile, as data from the army list (HH.ART.1, HH.DATA.2)."""

    bands: tuple[Band, ...]
    trajectory: Trajectory = Trajectory.LOW
    scatter: bool = False
    """Multi-barrel guns and grape: never shoot over friends (HH.ART.13)."""
    arc_faces: int = 2
    """2: a point-facing triangle; 1: must face a side to shoot (HH.ART.10, HH.ART.11)."""

    @property
    def max_range(self) -> int:
        return max(b.max_range for b in self.bands)

    def band(self, distance: int) -> Band | None:
        """The band covering `distance`, or None when out of range (HH.ART.7)."""
        for b in sorted(self.bands, key=lambda b: b.max_range):
            if distance <= b.max_range:
                return b
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "bands": [[b.max_range, b.h1, b.h2, b.h3] for b in self.bands],
            "trajectory": self.trajectory.value,
            "scatter": self.scatter,
            "arc_faces": self.arc_faces,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Artillery:
        bands = tuple(Band(*row) for row in d["bands"])
        if not bands or any(b.max_range < 1 for b in bands):
            raise ValueError("artillery needs at least one band with max_range >= 1 [HH.DATA.2]")
        if d.get("arc_faces", 2) not in (1, 2):
            raise ValueError("artillery arc_faces must be 1 or 2 [HH.ART.11]")
        return cls(bands, Trajectory(d.get("trajectory", "low")), bool(d.get("scatter", False)), d.get("arc_faces", 2))


DEFAULT_ARTILLERY = Artillery((Band(2, 8, 11, 12), Band(6, 10, 12, None)))
"""The engine's house table for an artillery profile whose list gives none (HH.ART.1): short 1-2, long 3-6."""


SHOOT_POINTS = {5: 4, 6: 3, 7: 2, 8: 1}
"""Points of a small-arms shooting factor (score needed on a D12) (HH.ARMY.7)."""


@dataclass(frozen=True, slots=True)
class Speed:
    """A speed such as ``3CR``: hexes, column-capable C, road bonus R (HH.ARMY.4, HH.ARMY.5)."""

    hexes: int
    column: bool = False
    road: bool = False

    @classmethod
    def parse(cls, text: str) -> Speed:
        t = str(text).strip().upper()
        digits = "".join(ch for ch in t if ch.isdigit())
        letters = t[len(digits) :]
        if not digits or not t.startswith(digits) or set(letters) - {"C", "R"} or not 1 <= int(digits) <= 5:
            raise ValueError(f"speed {text!r} must be 1-5 hexes followed by optional C and R, e.g. '3CR'")
        return cls(int(digits), "C" in letters, "R" in letters)

    def __str__(self) -> str:
        return f"{self.hexes}{'C' if self.column else ''}{'R' if self.road else ''}"

    def __repr__(self) -> str:
        return f"Speed.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Profile:
    """A troop type from an army list (HH.DATA.1, HH.ARMY.13)."""

    id: str
    name: str
    category: Category
    cls: TroopClass
    speed: Speed
    cf: int
    impact: int = 0
    shoot: int | None = None
    """Small-arms factor: the D12 score needed, 5..8, or None (HH.ARMY.7)."""
    weapon: Weapon = Weapon.NONE
    traits: frozenset[Trait] = frozenset()
    stands: int = 4
    """Nominal (purchase) size (HH.BASE.1, HH.BASE.3); artillery 1-3 (HH.BASE.4); 6 only for pikes and hordes
    formed by combining (HH.BASE.5)."""
    list_points: int | None = None
    """Points as printed in the army list (HH.ARMY.15)."""
    flat_points: int | None = None
    """Artillery flat value (HH.ARMY.10, HH.TROOP.7)."""
    aggressive: bool = False
    """Flagged aggressive without being a horde (HH.SPECIAL.34)."""
    pike: bool = False
    skirmisher: bool = False
    can_pavisse: bool = False
    can_stakes: bool = False
    may_disengage: bool = False
    """Army-list permission to disengage like class-A infantry (HH.MOVE.22)."""
    dismounted: str | None = None
    """Profile id of the dismounted form, for dismountable troops (HH.MOVE.26, HH.SPECIAL.42)."""
    house: bool = False
    """True when the profile is the project's own, costed by the formula, not printed in the book."""
    artillery: Artillery | None = None
    """Range bands and hit tables for artillery profiles (HH.ART.1, HH.DATA.2)."""

    @property
    def guns(self) -> Artillery:
        """The artillery block, or the house default table (HH.ART.1)."""
        return self.artillery or DEFAULT_ARTILLERY

    @property
    def is_artillery(self) -> bool:
        return self.category is Category.ARTILLERY

    @property
    def hard_target(self) -> bool:
        """War wagons are hard cover all round (HH.SPECIAL.20, HH.SPECIAL.41)."""
        return self.category is Category.WAR_WAGON or Trait.HT in self.traits

    @property
    def never_recoils(self) -> bool:
        """Artillery and war wagons stand and are disrupted instead (HH.ART.17, HH.SPECIAL.41)."""
        return self.category in (Category.ARTILLERY, Category.WAR_WAGON)

    @property
    def horde(self) -> bool:
        return Trait.H in self.traits or Trait.AH in self.traits

    @property
    def is_aggressive(self) -> bool:
        return self.aggressive or Trait.AH in self.traits

    @property
    def evade(self) -> int:
        return 2 if Trait.E2 in self.traits else 1 if Trait.E1 in self.traits else 0

    @property
    def armour(self) -> int:
        return 2 if Trait.A2 in self.traits else 1 if Trait.A1 in self.traits else 0

    @property
    def can_column(self) -> bool:
        """C in the speed, never for hordes (HH.MOVE.13)."""
        return self.speed.column and not self.horde

    @property
    def formula_points(self) -> int:
        """HH.ARMY.1: class + speed + CF (impact free, HH.ARMY.6, HH.TROOP.2) + shooting + characteristics.

        The book's table rows (HH.TROOP.5) are the test vectors (HH.EX.41).
        """
        if self.flat_points is not None:
            return self.flat_points  # HH.ARMY.10: artillery takes the list's flat value
        shoot = SHOOT_POINTS.get(self.shoot or 0, 0)
        return self.cls.points + self.speed.hexes + self.cf + shoot + sum(t.points for t in self.traits)

    @property
    def points(self) -> int:
        """Value used for army totals and the points count: list value if given (HH.ARMY.15)."""
        if self.flat_points is not None:
            return self.flat_points
        return self.list_points if self.list_points is not None else self.formula_points

    def warnings(self) -> list[str]:
        """Validation warnings: the printed value disagrees with the formula (HH.ARMY.15, HH.TROOP.3)."""
        out = []
        if self.list_points is not None and self.flat_points is None and self.list_points != self.formula_points:
            out.append(
                f"profile {self.id} ({self.name}): the list prints {self.list_points} points but the formula"
                f" gives {self.formula_points}; the list value is used [HH.ARMY.15]"
            )
        if self.horde and self.cls is TroopClass.A:
            out.append(f"profile {self.id} ({self.name}): a horde may not be class A [HH.ARMY.14]")
        if Trait.S in self.traits and self.cls not in (TroopClass.A, TroopClass.B, TroopClass.C):
            out.append(f"profile {self.id} ({self.name}): only class A-C may form a shield wall [HH.ARMY.14]")
        return out

    def trait_codes(self) -> str:
        order = [t for t in Trait if t in self.traits]
        return "".join(t.value for t in order)


def general_cost(cm: int, cr: int, hero: bool, listed: int | None = None) -> int:
    """Generals are costed apart from units (HH.ARMY.11, HH.TROOP.6). General cost: 2/2 = 8, 3/3 = 10, 4/4 = 12, else the list value; a hero adds 5 (HH.GEN.2, HH.GEN.3)."""  # noqa: E501
    base = listed if listed is not None else {(2, 2): 8, (3, 3): 10, (4, 4): 12}.get((cm, cr))
    if base is None:
        raise ValueError(f"a CM {cm} / CR {cr} general needs a points value from the army list [HH.GEN.2]")
    return base + (5 if hero else 0)


def max_generals(units: int) -> int:
    """At most one general per five units, and at least one (HH.GEN.6, HH.GEN.7)."""
    return max(1, units // 5)


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the table (HH.DATA.4, HH.DEF.2): stands (HH.DEF.1) in one hex (HH.BASE.2); markers are booleans
    (HH.DEF.13) that persist until removed (HH.SEQ.17). Replaced, never mutated."""

    id: int
    side: str
    profile: str
    """Current profile id: mounted or dismounted (HH.MOVE.26)."""
    name: str
    base_profile: str = ""
    """The profile the unit was bought as (its points and casualties, HH.SPECIAL.42)."""
    hex: Hex | None = None
    """None until deployed, and after elimination."""
    facing: Facing = Facing.N
    formation: Formation = Formation.DEPLOYED
    stands: int = 4
    nominal: int = 4
    disrupted: bool = False
    static_combat: bool = False
    hold_fire: bool = False
    pavisses: bool = False
    """Carrying pavisses (HH.SPECIAL.7)."""
    stakes_carried: bool = False
    """Has its set of stakes with it (HH.SPECIAL.14)."""
    eliminated: bool = False
    moved_this_phase: bool = False
    moved_this_bound: bool = False
    evaded_this_bound: bool = False
    flee_responded_this_bound: bool = False
    contacted_by: tuple[int, ...] = ()
    """Units that contacted this unit this bound (HH.MOVE.27, HH.DATA.4)."""
    rear_profile: str | None = None
    """Combined-arms units only: the rear troop type; `profile` is the front type (HH.SPECIAL.23, HH.DATA.3)."""
    rear_stands: int = 0
    """Combined-arms units only: stands of the rear type; the front has `stands - rear_stands` (HH.DATA.3)."""
    boat: int | None = None
    """Passengers only: the boat (a unit off the table while it carries them) this unit is aboard; the unit stands
    on the boat's lake hex and acts as one unit with its own profile (HH.TERR.45, ruling HH.TERR.47)."""
    carrying: int | None = None
    """Boats only: the unit aboard; the boat is then off the table, represented by its passengers (HH.TERR.47)."""
    split_link: int | None = None
    """The other part of a 6-stand unit split by a restriction (HH.TERR.42, HH.TERR.43). Both parts point at each
    other; the front part keeps the parent's id, the rear part has the higher (new) id."""
    skirmish_of: int | None = None
    """2012 skirmish order only: this record is one stand of skirmish unit N, in its own hex; the unit's first stand
    keeps the unit's id, the others have new ids (HH12.SPEC.1, ruling HH12.SPEC.A1 item 1)."""

    @property
    def combined(self) -> bool:
        """A combined-arms unit: two troop types in one unit (HH.SPECIAL.23)."""
        return self.rear_profile is not None

    @property
    def front_stands(self) -> int:
        """Stands of the front troop type, which fight and are lost first (HH.SPECIAL.23, HH.STAND.5)."""
        return self.stands - self.rear_stands

    @property
    def on_table(self) -> bool:
        return self.hex is not None and not self.eliminated

    @property
    def at(self) -> Hex:
        """The hex of a unit known to be on the table (the rules only ask it of such units)."""
        assert self.hex is not None, f"unit {self.id} is not on the table"
        return self.hex

    @property
    def split_rear(self) -> bool:
        """The 2-stand rear part of a split unit: it follows its front part (ruling HH.TERR.43)."""
        return self.split_link is not None and self.split_link < self.id

    def __repr__(self) -> str:
        return f"Unit(id={self.id}, side={self.side!r}, profile={self.profile!r}, hex={self.hex!r})"


BOAT_PROFILE_ID = "boat"
"""The profile key of scenario-defined boats and rafts (HH.TERR.47, docs/scenarios.md `boats`)."""

BOAT_PROFILE = Profile(BOAT_PROFILE_ID, "Boat", Category.BOAT, TroopClass.E, Speed(1), 0, stands=1, house=True)
"""Boats and rafts carry troops; empty, they neither fight, shoot, exert a ZOC nor count as combat stands (ruling
HH.TERR.47): the book gives them no statistics."""


@dataclass(frozen=True, slots=True)
class General:
    """A general (HH.DATA.5): command move CM, command range CR; host derived from his hex.

    One per army is the C-in-C (HH.GEN.4); several may share one host (HH.BASE.7); a lone general
    exerts no ZOC (HH.GEN.13, HH.ZOC.7), so `zoc` only ever asks about units.
    """

    id: int
    side: str
    name: str
    cm: int = 3
    cr: int = 3
    hero: bool = False
    cinc: bool = False
    mounted: bool = True
    """Follows cavalry terrain rules if mounted, infantry if not (HH.CMD.2)."""
    cost: int = 10
    hex: Hex | None = None
    alive: bool = True
    moved_this_phase: bool = False
