"""The state of a War Cometh battle: sides, units of stands, leaders, terrain, phase and turn.

Everything here is frozen and holds integers only: positions in hundredths of a cm, angles in
hundredths of a degree (:class:`campaign.table.Pose`) [WC.GEOM.2]. ``dump``/``load`` turn a
state into canonical JSON and back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from campaign.table import Pose, Rect, bounding_rect, footprint
from campaign.table.frame import cm, deg

from .troops import Profile

__all__ = [
    "Ability",
    "AreaKind",
    "Condition",
    "FlankMarch",
    "FlankStatus",
    "Formation",
    "Leader",
    "LineKind",
    "Phase",
    "Role",
    "Side",
    "Stand",
    "State",
    "TerrainArea",
    "TerrainLine",
    "Trace",
    "Unit",
    "dump_state",
    "load_state",
]


class Formation(Enum):
    """A unit's formation [WC.FORM.2] [WC.FORM.3]."""

    LINE = "line"
    """Regular line: at least 2 files (a lone stand counts as a line)."""
    COLUMN = "column"
    """Regular column: 1 file, at least 2 ranks."""
    HEDGEHOG = "hedgehog"
    """Irregular, all stands facing out [WC.FORM.5]."""
    REFUSED = "refused"
    """Irregular line with a refused flank [WC.FORM.7]."""
    U = "u"
    """Irregular line with both flanks refused [WC.FORM.8]."""
    SKIRMISH = "skirmish"
    """Skirmish order (H skirmishers out of column) [WC.FORM.15]."""
    FREE = "free"
    """Any other irregular arrangement [WC.FORM.3]."""

    @property
    def refused(self) -> bool:
        """A line with one or both flanks refused [WC.FORM.7] [WC.FORM.8]."""
        return self in (Formation.REFUSED, Formation.U)

    @property
    def regular(self) -> bool:
        """A grid of files and ranks sharing one facing [WC.FORM.2]."""
        return self in (Formation.LINE, Formation.COLUMN)


class Condition(Enum):
    """Good order, disordered or routed [WC.SEQ.8] (``began_turn_state``)."""

    GOOD = "good"
    """Good order."""
    DISORDERED = "disordered"
    """Disordered: the Command Table's Disordered column [WC.CMD.6]."""
    ROUTED = "routed"
    """Routed: flees unless ordered [WC.CMD.18] [WC.CMD.21]."""


class Role(Enum):
    """A commander's role [WC.CMD.1]."""

    MARSHAL = "marshal"
    """The army commander: orders anywhere on the table [WC.CMD.5]."""
    EARL = "earl"
    """Orders within 40 cm [WC.CMD.5]."""
    CAPTAIN = "captain"
    """Orders within 10 cm [WC.CMD.5]."""


class Ability(Enum):
    """A Historical commander's ability [WC.LEADER.2]."""

    BRILLIANT = "brilliant"
    """Rating 10, command range 25 cm, 2 attacks."""
    GIFTED = "gifted"
    """Rating 9, 20 cm, 1 attack."""
    COMPETENT = "competent"
    """Rating 8, 20 cm, 1 attack."""
    DULLARD = "dullard"
    """Rating 7, 15 cm, no attack."""
    REPLACEMENT = "replacement"
    """A replacement leader: rating 6, 10 cm, never attaches [WC.LEADER.12]."""


class Phase(Enum):
    """Where the battle is."""

    DEPLOY = "deploy"
    """A side places its troops [WC.DEPLOY]."""
    MOVEMENT = "movement"
    """The phasing side's Movement Phase: commands and moves [WC.SEQ.5]."""
    OVER = "over"
    """The battle has ended."""


class AreaKind(Enum):
    """A terrain polygon's kind [WC.TERR.1]."""

    WOODS = "woods"
    """Poor going; barred to cavalry, chariots, wagons and guns [WC.TERR.6]; 2 cm sight."""
    MARSH = "marsh"
    """Poor going; barred to the same."""
    ROUGH = "rough"
    """Poor going for all [WC.TERR.1]."""
    DENSE = "dense"
    """Dense terrain: stop when fully in, then 1D6 a turn [WC.TERR.5]."""
    IMPASSABLE = "impassable"
    """Barred to all; blocks sight."""
    RIVER = "river"
    """Stop at the edge; cross on a later order [WC.TERR.8]."""
    HILL = "hill"
    """One contour at an integer level [WC.GEOM.16]; +5 cm per contour climbed [WC.TERR.9]."""
    FORTIFICATION = "fortification"
    """Fortified ground [WC.FORT.13]."""
    BUILDING = "building"
    """A building: impassable unless the scenario says otherwise."""
    FIELD = "field"
    """Open ground worth drawing."""
    CAMP = "camp"
    """A camp [WC.CAMP.1]: drawn, no effect on movement in part 1."""


class LineKind(Enum):
    """A linear terrain feature [WC.TERR.1]."""

    OBSTACLE = "obstacle"
    """Ditch, fence, hedge or small stream: +5 cm to cross [WC.TERR.10]."""
    STREAM = "stream"
    """A small stream: a linear obstacle drawn as water."""
    STAKES = "stakes"
    """Stakes: a linear obstacle for cavalry [WC.FORT.11]."""
    ROAD = "road"
    """A road with a width [WC.TERR.17]."""
    BANNOCK = "bannock"
    """(SCN) The Bannock Burn: stop at it; crossing takes a whole order [WC.SCN.10a]."""
    PELSTREAM = "pelstream"
    """(SCN) The Pelstream: +10 cm and disorder [WC.SCN.10a]."""


@dataclass(frozen=True, slots=True)
class TerrainArea:
    """A terrain polygon; points are (x, y) in hundredths of a cm."""

    id: str
    kind: AreaKind
    points: tuple[tuple[int, int], ...]
    level: int = 0
    label: str = ""

    def ring(self) -> list[tuple[float, float]]:
        """The outline in float cm."""
        return [(cm(x), cm(y)) for x, y in self.points]


@dataclass(frozen=True, slots=True)
class TerrainLine:
    """A linear feature; ``width`` (hundredths of a cm) for roads."""

    id: str
    kind: LineKind
    points: tuple[tuple[int, int], ...]
    width: int = 0
    label: str = ""

    def path(self) -> list[tuple[float, float]]:
        """The polyline in float cm."""
        return [(cm(x), cm(y)) for x, y in self.points]


@dataclass(frozen=True, slots=True)
class Stand:
    """One stand: its profile id and its pose."""

    profile: str
    pose: Pose


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit of stands and its per-turn flags [WC.SEQ.8]."""

    id: str
    side: str
    name: str
    stands: tuple[Stand, ...]
    formation: Formation = Formation.LINE
    files: int = 1
    condition: Condition = Condition.GOOD
    lost: int = 0
    """Stands lost this game (Casualties −1 on the Command Table) [WC.CMD.9]."""
    began_turn: Condition = Condition.GOOD
    orders_received: int = 0
    ordered_by: str = ""
    closed: bool = False
    moved: bool = False
    frozen: bool = False
    on_table: bool = True
    """False while in a flank march or gone."""
    released: bool = True
    """(SCN) False for the Scottish Small Folk until released [WC.SCN.8]."""
    fielded: int = 0
    """Stands as fielded at set-up, for the break-point total (0: count the stands) [WC.BREAK.2]."""
    to_camp: bool = False
    """Off the table, to be placed at its camp at the start of its owner's turn [WC.CAMP.3]."""
    dense_roll: int = 0
    """This turn's dense-terrain die, shared by all the unit's orders (0: none yet) [WC.TERR.5a]."""
    dense_used: int = 0
    """Hundredths of a cm of this turn's dense-terrain die already moved [WC.TERR.5a]."""
    shieldwall: bool = False
    """(H) In shieldwall [WC.SPECIAL.4] [WC.SPECIAL.5]."""
    stakes: bool = False
    """(H) Archers behind planted stakes [WC.SPECIAL.6]."""
    lance_spent: bool = False
    """(OPT,H) Lances used up in a first melee [WC.SPECIAL.8]."""
    evaded: int = 0
    """Evades made this turn [WC.LC.9] [WC.SKIRM.14]."""
    hits: int = 0
    """Unsaved hits in the unit's pool: they carry into this player-turn's melee [WC.SHOOT.15]."""
    chits: tuple[str, ...] = ()
    """Reaction chits held, ``combat`` and/or ``threat`` [WC.REACT.2]."""
    hold_fire: bool = False
    """A Hold Fire marker [WC.SHOOT.3]."""
    fired: bool = False
    """Fired in this Shooting Phase (``fired_in_shooting_phase``) [WC.SEQ.8] [WC.SHOOT.1]."""
    acted: bool = False
    """Carried out a required reaction action this turn (``required_action_taken``) [WC.REACT.10]."""
    dismounted: bool = False
    """Dismounted cavalry: never remounts, and irregular knights lose Imp [WC.DISMOUNT.3] [WC.DISMOUNT.5]."""
    charged: str = ""
    """The unit it charged this turn [WC.CHARGE.17] step 8."""
    contact_edge: str = ""
    """The edge of the target its charge struck [WC.CHARGE.17] step 8."""
    flank_charged: bool = False
    """Charged in a flank or rear this turn [WC.MELEE.5]."""
    fought_melee: bool = False
    """Fought a melee round this turn [WC.MELEE.29]."""
    lost_melee: bool = False
    """Lost a melee round this turn [WC.MELEE.29]."""

    def rects(self, profiles: dict[str, Profile]) -> tuple[Rect, ...]:
        """Every stand as a float rectangle."""
        return tuple(s.pose.rect(profiles[s.profile].width, profiles[s.profile].depth) for s in self.stands)

    @property
    def facing(self) -> float:
        """The unit facing (the first stand's) in degrees."""
        return deg(self.stands[0].pose.facing)

    def with_flags(self, **changes: Any) -> Unit:
        """A copy with some fields changed."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Leader:
    """A commander [WC.CMD.1] [WC.LEADER.2]."""

    id: str
    side: str
    name: str
    role: Role
    ability: Ability
    rating: int
    command_range: int
    """cm [WC.LEADER.2]."""
    attacks: int
    x: int
    y: int
    attached_to: str = ""
    lost: bool = False
    confused: bool = False
    finished: bool = False
    """Has given his orders this turn [WC.CMD.4]."""
    away: bool = False
    """Off the table with a flank march [WC.DEPLOY.6]."""

    @property
    def at(self) -> tuple[float, float]:
        """The leader's point in cm [WC.GEOM.24]."""
        return (cm(self.x), cm(self.y))


class FlankStatus(Enum):
    """Where a flank march stands [WC.DEPLOY.6]."""

    SET_ASIDE = "set-aside"
    """Announced; its arrival test is taken when deployment ends [WC.DEPLOY.8]."""
    WILL_ARRIVE = "will-arrive"
    """Passed the arrival test: rolls each of its owner's turns."""
    FAILED = "failed"
    """Failed the test: takes no part in the battle."""
    ARRIVED = "arrived"
    """On the table."""


@dataclass(frozen=True, slots=True)
class FlankMarch:
    """A flank march: its side, leader, units, the table edge it comes on by, and its status."""

    side: str
    leader: str
    units: tuple[str, ...]
    edge_left: bool | None = True
    """True: the x = 0 edge; None: chosen on arrival [WC.PD.5]."""
    status: FlankStatus = FlankStatus.SET_ASIDE


@dataclass(frozen=True, slots=True)
class Side:
    """A player side."""

    key: str
    name: str
    player: str
    """``A`` (baseline y = 0) or ``B`` (baseline y = D) [WC.GEOM.1]."""
    colour: str
    break_point: int = 0
    deploy_box: tuple[int, int, int, int] = (0, 0, 0, 0)
    """x0, y0, x1, y1 in hundredths of a cm [WC.DEPLOY.12]."""
    camp_captured: bool = False
    """The camp has been taken: 6 losses, units sent there are removed [WC.CAMP.5]."""
    mounts_left: int = 0
    """(OPT,H) Replacement mounts still to come [WC.SPECIAL.2]."""


@dataclass(frozen=True, slots=True)
class Trace:
    """One move of the last phase, for the picture: unit id, side, points (hundredths)."""

    unit: str
    side: str
    points: tuple[tuple[int, int], ...]
    compulsory: bool = False
    shot: bool = False
    """A shot line (firer to target) rather than a move [WC.SHOOT.2]."""
    label: str = ""
    charge: bool = False
    """A charge into contact [WC.CHARGE.17]."""


@dataclass(frozen=True, slots=True)
class State:
    """The whole battle."""

    scenario: str
    title: str
    width: int
    """Table width in hundredths of a cm."""
    depth: int
    sides: tuple[Side, ...]
    units: tuple[Unit, ...]
    leaders: tuple[Leader, ...]
    areas: tuple[TerrainArea, ...] = ()
    lines: tuple[TerrainLine, ...] = ()
    places: tuple[tuple[str, int, int], ...] = ()
    """Named reference points for orders: name, x, y."""
    variant: str = "historical"
    year: int = 1300
    phase: Phase = Phase.MOVEMENT
    active: str = ""
    """The phasing side (or the side deploying)."""
    player_turn: int = 1
    """Player-turns played so far, counting both sides (1 = the first)."""
    turns_taken: tuple[tuple[str, int], ...] = ()
    """Each side's own player-turn count [WC.DEPLOY.6]."""
    max_turns: int = 12
    deploy_order: tuple[str, ...] = ()
    """Sides still to deploy, in order."""
    pending: tuple[tuple[str, Any], ...] = ()
    """Orders on file for this phase: side, orders data."""
    traces: tuple[Trace, ...] = ()
    narrative: tuple[str, ...] = ()
    winner: str = ""
    house_profiles: tuple[Profile, ...] = field(default=())
    """Profiles defined by the scenario itself."""
    special: tuple[str, ...] = ()
    """Scenario special rules in force, by rule id (e.g. ``WC.SCN.7``)."""
    flank_marches: tuple[FlankMarch, ...] = ()
    flank_march_side: str = ""
    """The side allowed a flank march in this scenario (the deployment winner) [WC.DEPLOY.6]."""
    standing: tuple[tuple[str, str, str], ...] = ()
    """Standing orders (side, key, value) answering player decisions [WC.PD.9] [WC.PD.13] [WC.PD.17]
    [WC.PD.27] [WC.PD.30]."""
    options: tuple[tuple[str, str], ...] = ()
    """Configuration flags of §0.3 set by the scenario or the game (key, value), e.g.
    ``("opt_reaction_tests", "false")``; see :meth:`option`."""

    def option(self, key: str, default: str = "") -> str:
        """A configuration flag's value, or ``default`` when it is not set [WC.META.2]."""
        return dict(self.options).get(key, default)

    def side(self, key: str) -> Side:
        """A side by key."""
        return next(s for s in self.sides if s.key == key)

    def unit(self, uid: str) -> Unit:
        """A unit by id."""
        return next(u for u in self.units if u.id == uid)

    def leader(self, lid: str) -> Leader:
        """A leader by id."""
        return next(g for g in self.leaders if g.id == lid)

    def other(self, key: str) -> str:
        """The other side's key."""
        return next(s.key for s in self.sides if s.key != key)

    def own_turns(self, key: str) -> int:
        """How many player-turns this side has begun."""
        return dict(self.turns_taken).get(key, 0)

    def with_unit(self, unit: Unit) -> State:
        """A copy with one unit replaced."""
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))

    def with_leader(self, leader: Leader) -> State:
        """A copy with one leader replaced."""
        return replace(self, leaders=tuple(leader if g.id == leader.id else g for g in self.leaders))


def unit_footprint(unit: Unit, profiles: dict[str, Profile]) -> Any:
    """The union of a unit's stands [WC.GEOM.8]."""
    return footprint(unit.rects(profiles))


def unit_bound(unit: Unit, profiles: dict[str, Profile]) -> Rect:
    """The bounding rectangle of a unit at its facing [WC.GEOM.8]."""
    return bounding_rect(unit.rects(profiles), unit.facing)


# --- JSON ---------------------------------------------------------------------------------


def _enc(v: Any) -> Any:
    if isinstance(v, Enum):
        return v.value
    if isinstance(v, Pose):
        return [v.x, v.y, v.facing]
    if isinstance(v, tuple):
        return [_enc(x) for x in v]
    if hasattr(v, "__dataclass_fields__"):
        return {k: _enc(getattr(v, k)) for k in v.__dataclass_fields__}
    if isinstance(v, frozenset):
        return sorted(_enc(x) for x in v)
    return v


def dump_state(state: State) -> dict[str, Any]:
    """The state as canonical-JSON-ready data (integers, text, lists, dicts only)."""
    data: dict[str, Any] = _enc(state)
    return data


def _tuple(v: Any) -> Any:
    return tuple(_tuple(x) for x in v) if isinstance(v, list) else v


def load_state(data: dict[str, Any]) -> State:
    """The inverse of :func:`dump_state`."""
    from .troops import Category, Flag, MeleeWeapon, Missile, Quality, TroopType

    def stand(d: dict[str, Any]) -> Stand:
        x, y, f = d["pose"]
        return Stand(d["profile"], Pose(x, y, f))

    def unit(d: dict[str, Any]) -> Unit:
        return Unit(
            **{
                **d,
                "stands": tuple(stand(s) for s in d["stands"]),
                "formation": Formation(d["formation"]),
                "condition": Condition(d["condition"]),
                "began_turn": Condition(d["began_turn"]),
                "chits": tuple(d.get("chits", ())),
            }
        )

    def leader(d: dict[str, Any]) -> Leader:
        return Leader(**{**d, "role": Role(d["role"]), "ability": Ability(d["ability"])})

    def profile(d: dict[str, Any]) -> Profile:
        return Profile(
            **{
                **d,
                "type": TroopType(d["type"]),
                "category": Category(d["category"]),
                "quality": Quality(d["quality"]),
                "melee_weapon": MeleeWeapon(d["melee_weapon"]),
                "missile": Missile(d["missile"]) if d["missile"] else None,
                "flags": frozenset(Flag(f) for f in d["flags"]),
            }
        )

    return State(
        **{
            **data,
            "sides": tuple(Side(**{**s, "deploy_box": tuple(s["deploy_box"])}) for s in data["sides"]),
            "units": tuple(unit(u) for u in data["units"]),
            "leaders": tuple(leader(g) for g in data["leaders"]),
            "areas": tuple(
                TerrainArea(a["id"], AreaKind(a["kind"]), _tuple(a["points"]), a["level"], a["label"])
                for a in data["areas"]
            ),
            "lines": tuple(
                TerrainLine(t["id"], LineKind(t["kind"]), _tuple(t["points"]), t["width"], t["label"])
                for t in data["lines"]
            ),
            "places": _tuple(data["places"]),
            "phase": Phase(data["phase"]),
            "turns_taken": _tuple(data["turns_taken"]),
            "deploy_order": tuple(data["deploy_order"]),
            "pending": tuple((s, o) for s, o in data["pending"]),
            "traces": tuple(
                Trace(
                    t["unit"],
                    t["side"],
                    _tuple(t["points"]),
                    t["compulsory"],
                    t.get("shot", False),
                    t.get("label", ""),
                    t.get("charge", False),
                )
                for t in data["traces"]
            ),
            "narrative": tuple(data["narrative"]),
            "house_profiles": tuple(profile(p) for p in data["house_profiles"]),
            "special": tuple(data["special"]),
            "standing": tuple((str(a), str(b), str(c)) for a, b, c in data.get("standing", [])),
            "options": tuple((str(k), str(v)) for k, v in data.get("options", [])),
            "flank_marches": tuple(
                FlankMarch(f["side"], f["leader"], tuple(f["units"]), f["edge_left"], FlankStatus(f["status"]))
                for f in data["flank_marches"]
            ),
        }
    )
