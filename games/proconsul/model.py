"""Proconsul's data model: troop types, stands, generals, command groups, melees [PC.UNITS.*, PC.CMD.1].

Everything here is frozen data; the game state (`state.py`) holds these records and replaces
them (``dataclasses.replace``) as the rules change them. Hexes are `campaign.hexgrid.Hex` in
axial coordinates; a stand's facing is a hex point ``0..5`` [PC.GEOM.3].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from campaign.hexgrid import Hex


class Category(Enum):
    """The stand categories of the book [PC.UNITS.2]; the value is the book's abbreviation."""

    HI = "HI"
    """Heavy infantry (legions, imitation legions)."""
    LI = "LI"
    """Light infantry (javelinmen, peltasts)."""
    LSP = "LSp"
    """Long spears (hoplites), two ranks."""
    PK = "Pk"
    """Pike blocks, three ranks."""
    AUX = "Aux"
    """Roman auxiliaries."""
    WB = "WB"
    """Warbands."""
    HC = "HC"
    """Heavy cavalry (cataphracts, Companions)."""
    MC = "MC"
    """Medium cavalry."""
    CH = "Ch"
    """War chariots."""
    EL = "El"
    """Elephants."""
    LC = "LC"
    """Light cavalry (a support stand)."""
    LCH = "LCh"
    """Light chariots (a support stand)."""
    SK = "Sk"
    """Foot skirmishers (a support stand)."""
    SH = "Sh"
    """Shot: formed bowmen (a support stand)."""
    ART = "Art"
    """Artillery (a support stand)."""


C = Category
COMBAT = frozenset({C.HI, C.LI, C.LSP, C.PK, C.AUX, C.WB, C.HC, C.MC, C.CH, C.EL})
"""Combat stands [PC.UNITS.2]."""
SUPPORT = frozenset({C.LC, C.LCH, C.SK, C.SH, C.ART})
"""Support stands [PC.UNITS.2]."""
FOOT = frozenset({C.HI, C.LI, C.LSP, C.PK, C.AUX, C.WB, C.SK, C.SH, C.ART})
"""Foot / infantry, artillery crews included [PC.UNITS.4] (house reading)."""
MOUNTED = frozenset({C.LC, C.MC, C.HC, C.LCH, C.CH, C.EL})
"""Mounted stands; elephants are mounted but not cavalry [PC.UNITS.4]."""
CAVALRY = frozenset({C.LC, C.MC, C.HC})
"""Cavalry [PC.UNITS.4]."""
CHARIOTS = frozenset({C.CH, C.LCH})
"""Chariots, for impact and for who infantry will not pursue [PC.UNITS.4] [PC.PURSUIT.12]."""
LIGHT_MOVERS = frozenset({C.SK, C.LC, C.LCH})
"""Move in any direction, turn free, choose their facing at the end of a move [PC.MOVE.6]."""
HEAVY_THROUGH = frozenset({C.MC, C.HC, C.WB, C.LSP, C.PK, C.HI})
"""Retreating through one another disorders the friend [PC.RETREAT.5]."""
BOUNCERS = frozenset({C.LC, C.MC, C.LCH})
"""Bounce away when they do not win [PC.RESULT.5]."""


class Missile(Enum):
    """A stand's missile weapon [PC.UNITS.8]; pilum is the `legionary` flag instead [PC.FIRE.11]."""

    NONE = "none"
    """No missile weapon."""
    JAVELIN = "javelin"
    """Javelins: full dice to 2 hexes, -1D6 at 3 [PC.ARMYLIST.4]."""
    SLING = "sling"
    """Slings."""
    BOW = "bow"
    """Bows, on foot or mounted; archers shoot over stands [PC.FIRE.6]."""
    ARTILLERY = "artillery"
    """Scorpions and catapults; narrow front arc [PC.GEOM.8]."""


class Impetuous(Enum):
    """Impetuous troops [PC.IMPET.1]."""

    NONE = "none"
    """Not impetuous."""
    POOR = "poor"
    """Poorly trained: compelled by enemies within 4 hexes [PC.IMPET.2]."""
    STEADY = "steady"
    """Steady (the index's "Trained"): within 3 hexes, and may stay still [PC.IMPET.4]."""


class OrderClass(Enum):
    """Order class; the value is the base order-test target [PC.UNITS.6] [PC.MOVE.9]."""

    A = 3
    """Best: passes on 3 or more."""
    B = 4
    """Passes on 4 or more."""
    C = 5
    """Worst: passes on 5 or more."""


class Training(Enum):
    """An army's training, which sets its generals' command range [PC.CMD.2]."""

    WELL = "well"
    """Well trained: command range 6."""
    POOR = "poor"
    """Poorly trained: command range 4."""


@dataclass(frozen=True, slots=True)
class RangeBand:
    """Up to `max_range` hexes the pool gets `dice` (0 or negative) [PC.ARMYLIST.4]."""

    max_range: int
    dice: int


@dataclass(frozen=True, slots=True)
class Troop:
    """One army-list line: what every stand of this troop type starts with [PC.ARMYLIST.1] [PC.UNITS.7]."""

    key: str
    name: str
    category: Category
    ranks: tuple[int, ...]
    """Starting SP of each rank, front first [PC.UNITS.5]."""
    impact: int
    impact_after_loss: int
    mp: int
    order_class: OrderClass
    bp: tuple[int, ...]
    """Break points of each rank [PC.VICTORY.1]."""
    missile: Missile = Missile.NONE
    ranges: tuple[RangeBand, ...] = ()
    legionary: bool = False
    roman_archer: bool = False
    impetuous: Impetuous = Impetuous.NONE
    horse_archer: bool = False
    numidian: bool = False
    li_javelin: bool = False
    fires_any_direction: bool = False
    sideways_no_disorder: bool = False
    group_kind: str = ""
    """Stands of the same group kind may make a group move together [PC.MOVE.14]."""
    house: bool = True
    """True when the values are house values (the spec's PROPOSED defaults), not the book's."""

    @property
    def war_chariot(self) -> bool:
        """Ch only: must pursue [PC.UNITS.8] [PC.PURSUIT.3]."""
        return self.category is Category.CH

    @property
    def kind(self) -> str:
        return self.group_kind or self.category.value

    @property
    def bp_total(self) -> int:
        return sum(self.bp)


@dataclass(frozen=True, slots=True)
class Stand:
    """One stand on the board: one hex, one facing, one list of rank strengths [PC.UNITS.1] [PC.GEOM.3]."""

    id: str
    side: str
    group: str
    troop: str
    """Key of its Troop in the state's troop table."""
    hex: Hex
    facing: int
    ranks: tuple[int, ...]
    """Current SP of each rank still present, front first; a removed rank is dropped [PC.MORALE.7]."""
    front_loss: int = 0
    """Permanent SP lost by the front rank (L of [PC.MORALE.2])."""
    disordered: bool = False
    opportunity: bool = False
    removed: str = ""
    """Why the stand left the board ("" while on it)."""

    @property
    def on_board(self) -> bool:
        return not self.removed

    @property
    def sp(self) -> int:
        return sum(self.ranks)

    @property
    def front_sp(self) -> int:
        return self.ranks[0] if self.ranks else 0


@dataclass(frozen=True, slots=True)
class General:
    """A command group's general [PC.CMD.1] [PC.CMD.11]: not a stand, no SP, no ZOC."""

    id: str
    side: str
    group: str
    hex: Hex
    initiative: int = 0
    command_range: int = 6
    alive: bool = True
    moved: bool = False
    """Has used his once-per-round move [PC.CMD.4]."""
    attached: str = ""
    """The stand he is attached to, or "" [PC.CMD.5]."""
    replacement: bool = False
    died_at: Hex | None = None


@dataclass(frozen=True, slots=True)
class Group:
    """A command group: one general, its stands, activated once a round [PC.CMD.1] [PC.SEQ.1]."""

    id: str
    side: str
    name: str
    general: str
    activated: bool = False


@dataclass(frozen=True, slots=True)
class Melee:
    """A melee in progress or ongoing [PC.MELEE.3] [PC.RESULT.9]."""

    id: int
    attacker: str
    """The side that attacked in its latest fight."""
    battle: tuple[tuple[str, str], ...]
    """(side, stand id) of each battle stand, attacker first."""
    supporters: tuple[str, ...] = ()
    non_facing: tuple[str, ...] = ()
    ongoing: bool = False
    fought_in: int = -1
    """The activation number of its latest fight [PC.SEQ.9]."""
    flank_bonus: tuple[str, ...] = ()
    """Stands still owed the +1D6 flank or rear die in later fights [PC.MELEE.14]."""
    mounted_frontal: tuple[str, ...] = ()
    """Pk/LSp stands whose rank bonus against a mounted frontal attacker persists [PC.MELEE.12]."""

    def battle_of(self, side: str) -> str:
        return next(s for sd, s in self.battle if sd == side)

    @property
    def stands(self) -> tuple[str, ...]:
        return tuple(s for _, s in self.battle) + self.supporters + self.non_facing


@dataclass(frozen=True, slots=True)
class Modifier:
    """A scenario's dice modifier for some stands in some situation: the Summary Sheet's tactical factors, keyed by
    category or troop type [PC.UNITS.9] [PC.TERRAIN.5] [PC.ARMYLIST.1]."""

    when: str
    """"melee" (battle and supporting dice) or "fire" (normal fire)."""
    dice: int
    category: Category | None = None
    troop: str = ""
    """A troop key of the scenario ("romans:legion"), or "" for any."""
    side: str = ""
    terrain: str = ""
    """Only when the stand stands in this terrain ("" for any)."""


@dataclass(frozen=True, slots=True)
class ArmyStatus:
    """Break-point book-keeping of one side [PC.VICTORY.2]."""

    total: int
    lost: int = 0


@dataclass(frozen=True, slots=True)
class Move:
    """What a picture draws for the last activation: a path of one side's stand."""

    side: str
    hexes: tuple[Hex, ...]
    attack: bool = False
    extra: tuple[str, ...] = field(default=())
