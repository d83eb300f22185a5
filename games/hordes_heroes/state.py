"""The game state of Hordes & Heroes, its options and phases, and exact JSON round-trip [HH.DATA.7, HH.SEQ.*]."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from dataclasses import field as dc_field  # GameState has a member named `field`
from enum import Enum
from typing import Any

from campaign.hexgrid import Hex

from .battlefield import Battlefield, battlefield_from_json, battlefield_to_json
from .edition import RULES_VERSIONS, Edition, EditionRules, rules_for
from .geometry import Edge, Facing, side_key
from .model import Artillery, Category, Formation, General, Profile, Speed, Trait, TroopClass, Unit, Weapon


class Phase(Enum):
    """A bound is one side's turn, two make a game turn (HH.DEF.7); small arms of both sides shoot in every
    Shooting Phase and combat happens every bound (HH.SEQ.12). Where the game stands: the pre-game steps, the four phases of a bound, and the end (HH.SEQ.10, HH.SEQ.11)."""  # noqa: E501

    INITIATIVE = "initiative"
    """Waiting for the initiative choices: who deploys first, which edge (HH.SEQ.4, HH.SEQ.5)."""
    DEPLOYMENT = "deployment"
    """Waiting for one side's deployment (HH.SEQ.2, HH.SEQ.8)."""
    COMMAND_MOVE = "command move"
    """Start of a bound: waiting for the phasing side's order bundle (HH.SEQ.11 step 1)."""
    TACTICAL_MOVEMENT = "tactical movement"
    """Units move (HH.SEQ.11 step 2), resolved inside `resolve`."""
    RALLY = "rally"
    """End of tactical movement: disrupted units rally (HH.DISR.3)."""
    SHOOTING = "shooting"
    """Shooting phase (HH.SEQ.11 step 3): part 2 of the engine, skipped for now."""
    HAND_TO_HAND = "hand-to-hand"
    """Hand-to-hand phase (HH.SEQ.11 step 4): part 2 of the engine, skipped for now."""
    END_OF_BOUND = "end of bound"
    """Flags cleared, SC markers checked, victory checked (HH.SEQ.11 step 5)."""
    GAME_OVER = "game over"
    """The battle is decided (HH.WIN.*)."""


class Initiative(Enum):
    """How deployment order, table edge and first move are decided (HH.SEQ.4, HH.SEQ.5)."""

    STANDARD = "standard"
    """More speed-4/5 units chooses; first deployer picks the edge and moves second (HH.SEQ.4)."""
    ROLLOFF = "rolloff"
    """Roll-off winner picks the edge, deploys first and moves first (HH.SEQ.5, HH.SEQ.6)."""
    FIXED = "fixed"
    """Set by the scenario (a mid-battle start, or a historical set-up)."""


@dataclass(frozen=True, slots=True)
class Options:
    """Game options with the spec's defaults (HH.PD.2)."""

    initiative: Initiative = Initiative.STANDARD
    break_pct: int = 50
    cinc_death_loses: bool = False
    max_game_turns: int = 12
    deploy_depth: int = 3
    points_source: str = "list"
    restrict_tracks: bool = False
    command_broken_ground: str = "one_hex"
    wheeled_road_access: str = "never"
    crt_a4_disrupted: bool = False
    """HH.CRT.4: False applies the printed A/4 cell literally (no disruption)."""
    pursuit_optional: str = "class_a"
    """HH.COMP.35: "class_a" or "class_a_infantry_and_all_cavalry"."""
    stakes_follow_up: str = "unstaked_side_only"
    """HH.SPECIAL.43: "unstaked_side_only" or "through_own_stakes"."""
    shooting_mode: str = "sequential"
    """HH.SEQ.14: "sequential" (phasing side's results first) or "semi_simultaneous" (both roll, then apply)."""
    edition: Edition = Edition.E2022
    """The book the game is played under: "2022" or "2012" (issue 18, HH12.*); chosen per game."""
    rules_version: int = 1
    """Which corrections of this engine the game plays under (games/hordes_heroes/edition.py, RULES_VERSIONS):
    1 as recorded before issue 13; new games record the latest (`HordesHeroes.new_game_options`)."""

    @property
    def rules(self) -> EditionRules:
        """The edition's values and tables at the game's rules version (games/hordes_heroes/edition.py)."""
        return rules_for(self.edition, self.rules_version)

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["initiative"] = self.initiative.value
        # The 2022 default is left out so that games recorded before editions existed replay unchanged.
        if self.edition is Edition.E2022:
            del out["edition"]
        else:
            out["edition"] = self.edition.value
        # Version 1 is left out so that games recorded before rules versions existed replay unchanged.
        if self.rules_version == 1:
            del out["rules_version"]
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(d) - known)
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        kw = dict(d)
        if "initiative" in kw:
            kw["initiative"] = Initiative(kw["initiative"])
        if "edition" in kw:
            kw["edition"] = rules_for(str(kw["edition"])).edition
        o = cls(**kw)
        if o.break_pct not in (50, 60, 70, 80, 100):
            raise ValueError("break_pct must be 50, 60, 70, 80 or 100 [HH.WIN.2]")
        if o.points_source not in ("list", "formula"):
            raise ValueError("points_source must be 'list' or 'formula' [HH.ARMY.15]")
        if o.command_broken_ground not in ("one_hex", "free"):
            raise ValueError("command_broken_ground must be 'one_hex' or 'free' [HH.CMD.6]")
        if o.wheeled_road_access not in ("never", "along_road"):
            raise ValueError("wheeled_road_access must be 'never' or 'along_road' [HH.TERR.13, HH.TERR.14]")
        if o.pursuit_optional not in ("class_a", "class_a_infantry_and_all_cavalry"):
            raise ValueError("pursuit_optional must be 'class_a' or 'class_a_infantry_and_all_cavalry' [HH.COMP.35]")
        if o.stakes_follow_up not in ("unstaked_side_only", "through_own_stakes"):
            raise ValueError("stakes_follow_up must be 'unstaked_side_only' or 'through_own_stakes' [HH.SPECIAL.43]")
        if o.shooting_mode not in ("sequential", "semi_simultaneous"):
            raise ValueError("shooting_mode must be 'sequential' or 'semi_simultaneous' [HH.SEQ.14]")
        if o.rules_version not in RULES_VERSIONS:
            versions = ", ".join(str(v) for v in sorted(RULES_VERSIONS))
            raise ValueError(f"rules_version must be one of {versions} (games/hordes_heroes/edition.py)")
        if not 1 <= o.deploy_depth <= 6:
            raise ValueError("deploy_depth must be 1..6 hexes [HH.SEQ.3]")
        return o


@dataclass(frozen=True, slots=True)
class Standing:
    """A side's standing orders for decisions during the enemy's bound (HH.PD.14-20), with PD defaults."""

    evade: bool = True
    """Evade when contacted, if eligible (HH.PD.15)."""
    flee_response: bool = False
    """Flee-respond when contacted (HH.PD.16)."""
    turn_to_face: bool = True
    """Turn to face a contacting unit when not already engaged (HH.PD.17)."""
    restricted_attack: bool = False
    """Attack a terrain-restricted enemy entering our zone of control (HH.PD.18)."""
    follow_disengage: bool = True
    """Follow up a disengaging class-A infantry unit (HH.PD.19)."""
    follow_up: bool | None = None
    """Optional follow-ups (HH.PD.33): None keeps the PD defaults (class-A infantry in the open yes, else no)."""
    pursue: bool = False
    """Optional pursuits of class-A infantry and cavalry (HH.PD.37): default no."""
    flee_through_friends: bool = False
    """HH.COMP.21 (book p. 12), rules version 2: yes heads for the own edge soonest even through friends (passing
    through or pushing them aside, which disrupts them); the default no detours round friends where it can."""
    split_fire: bool = False
    """2012 (HH12.SHOOT.6): yes divides a contacted shooter's dice among every unit that moved into contact with it;
    the default no puts them all on one attacker (HH.PD.23). No effect in 2022."""


STANDING_KEYS = {
    "evade": "evade",
    "flee-response": "flee_response",
    "turn-to-face": "turn_to_face",
    "restricted-attack": "restricted_attack",
    "follow-disengage": "follow_disengage",
    "follow-up": "follow_up",
    "pursue": "pursue",
    "flee-through-friends": "flee_through_friends",
    "split-fire": "split_fire",
}
"""Order-text names of the standing-order switches."""


@dataclass(frozen=True, slots=True)
class StandingProfile:
    """Global standing orders plus per-unit overrides (HH.PD intro)."""

    base: Standing = Standing()
    per_unit: dict[int, dict[str, bool]] = field(default_factory=dict)
    per_general: dict[int, dict[str, bool]] = field(default_factory=dict)
    """`standing general N follow-up yes`: a lone general's optional follow-up (HH.GEN.20, default no)."""

    def for_unit(self, uid: int) -> Standing:
        over = self.per_unit.get(uid)
        return replace(self.base, **over) if over else self.base


@dataclass(slots=True)
class GameState:
    """Everything a game is, rebuilt by replay (HH.DATA.7). Mutated only by apply/resolve."""

    scenario: str
    title: str
    options: Options
    field: Battlefield
    profiles: dict[str, Profile]
    sides: tuple[str, str]
    armies: dict[str, str]
    units: dict[int, Unit]
    generals: dict[int, General]
    edges: dict[str, Edge] = dc_field(default_factory=dict)
    edges_fixed: bool = False
    phase: Phase = Phase.INITIATIVE
    turn: int = 0
    phasing: str | None = None
    first_mover: str | None = None
    first_deployer: str | None = None
    deploying: str | None = None
    orders: dict[str, Any] = dc_field(default_factory=dict)
    """Accepted orders on file for the current phase, by request key."""
    standing: dict[str, StandingProfile] = dc_field(default_factory=dict)
    stakes: dict[tuple[Hex, Hex], tuple[int, Hex]] = dc_field(default_factory=dict)
    """Planted stakes: side key -> (planting unit id, the staked hex) (HH.SPECIAL.14)."""
    activated: frozenset[tuple[int, int]] = frozenset()
    """Activated terrain-restricted pairs (lower id, higher id) (HH.ZOC.6)."""
    commanded: frozenset[int] = frozenset()
    """Units under command, fixed at the start of tactical movement (HH.CMD.4)."""
    casualties: dict[str, dict[str, int]] = dc_field(default_factory=dict)
    generals_lost: dict[str, tuple[int, ...]] = dc_field(default_factory=dict)
    combat_stand_total: dict[str, int] = dc_field(default_factory=dict)
    outcome: tuple[str | None, str] | None = None
    deploy_zones: dict[str, frozenset[Hex]] = dc_field(default_factory=dict)
    """Explicit deployment hexes per side; empty means edge_dist < deploy_depth (HH.SEQ.2)."""
    warnings: tuple[str, ...] = ()
    flee_paths: dict[int, tuple[Hex, ...]] = dc_field(default_factory=dict)
    move_paths: dict[int, tuple[Hex, ...]] = dc_field(default_factory=dict)
    """Rules version 2: the hexes each unit moved through this bound (start included), for the board's arrows."""
    bound_losses: dict[int, int] = dc_field(default_factory=dict)
    """Rules version 2: stands each unit lost this bound, for the board's loss marks."""
    """The path of each unit's last flee, from its old hex, for pursuit (HH.COMP.22, HH.DATA.4)."""
    prev_groups: tuple[tuple[int, tuple[tuple[str, int], ...]], ...] = ()
    """Last H2H phase's combat groups in creation order: (focus, opponents as ("u"|"g", id)) (HH.HTH.3, HH.DATA.7)."""
    contact_order: tuple[tuple[int, int], ...] = ()
    """(mover, primary target) in the order contacts were made this bound (HH.HTH.3, HH.HTH.4, HH.DATA.7)."""
    engaged_at_start: frozenset[int] = frozenset()
    """Units engaged when this bound's Tactical Movement began (HH.SHOOT.2, HH.DATA.4)."""
    flee_continuations: frozenset[int] = frozenset()
    """2012: units that fled and still owe their flee continuation (HH12.CMP.6); always empty in 2022."""
    edge_halts: dict[int, Hex] = dc_field(default_factory=dict)
    """2012: units whose flee halted on their own table edge, and that hex; a recoil or flee from it removes them
    as routed (HH12.CMP.10). Always empty in 2022."""

    @property
    def rules(self) -> EditionRules:
        """The game's edition rules (HH12.*): every edition difference reads this, never the edition name."""
        return self.options.rules

    def plays(self, fix: int) -> bool:
        """True when the game's rules version includes the correction `fix` (edition.py, RULES_VERSIONS);
        games recorded before it keep the behaviour they were played with."""
        return self.options.rules_version >= fix

    def copy(self) -> GameState:
        """A copy safe to change without touching this one (units and generals are immutable)."""
        new = GameState(**{f.name: getattr(self, f.name) for f in fields(self)})
        new.units = dict(self.units)
        new.generals = dict(self.generals)
        new.orders = dict(self.orders)
        new.standing = dict(self.standing)
        new.stakes = dict(self.stakes)
        new.casualties = {k: dict(v) for k, v in self.casualties.items()}
        new.generals_lost = dict(self.generals_lost)
        new.edges = dict(self.edges)
        new.flee_paths = dict(self.flee_paths)
        new.move_paths = dict(self.move_paths)
        new.bound_losses = dict(self.bound_losses)
        new.edge_halts = dict(self.edge_halts)
        return new

    # --- lookups ---------------------------------------------------------------------------
    def profile(self, u: Unit) -> Profile:
        return self.profiles[u.profile]

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def live_units(self, side: str | None = None) -> list[Unit]:
        return [u for _, u in sorted(self.units.items()) if u.on_table and (side is None or u.side == side)]

    def unit_at(self, h: Hex) -> Unit | None:
        for u in self.units.values():
            if u.hex == h and not u.eliminated:
                return u
        return None

    def occupancy(self) -> dict[Hex, Unit]:
        return {u.at: u for u in self.units.values() if u.on_table}

    def generals_at(self, h: Hex) -> list[General]:
        return [g for _, g in sorted(self.generals.items()) if g.alive and g.hex == h]

    def host_of(self, g: General) -> Unit | None:
        """The friendly unit whose hex the general occupies (HH.DEF.6, HH.GEN.8)."""
        if g.hex is None or not g.alive:
            return None
        u = self.unit_at(g.hex)
        return u if u is not None and u.side == g.side else None

    def standing_for(self, side: str) -> StandingProfile:
        return self.standing.get(side, StandingProfile())

    def edge_of(self, side: str) -> Edge:
        return self.edges[side]

    def label(self, h: Hex | None) -> str:
        return "-" if h is None else self.field.label(h)


# --- JSON ------------------------------------------------------------------------------------


def _hex(h: Hex | None) -> list[int] | None:
    return None if h is None else [h.q, h.r]


def _unhex(v: list[int] | None) -> Hex | None:
    return None if v is None else Hex(v[0], v[1])


def profile_to_json(p: Profile) -> dict[str, Any]:
    return {
        "id": p.id,
        "name": p.name,
        "category": p.category.value,
        "cls": p.cls.value,
        "speed": str(p.speed),
        "cf": p.cf,
        "impact": p.impact,
        "shoot": p.shoot,
        "weapon": p.weapon.value,
        "traits": sorted(t.value for t in p.traits),
        "stands": p.stands,
        "list_points": p.list_points,
        "flat_points": p.flat_points,
        "aggressive": p.aggressive,
        "pike": p.pike,
        "skirmisher": p.skirmisher,
        "can_pavisse": p.can_pavisse,
        "can_stakes": p.can_stakes,
        "may_disengage": p.may_disengage,
        "dismounted": p.dismounted,
        "house": p.house,
        "artillery": None if p.artillery is None else p.artillery.to_json(),
    }


def profile_from_json(d: dict[str, Any]) -> Profile:
    return Profile(
        id=d["id"],
        name=d["name"],
        category=Category(d["category"]),
        cls=TroopClass(d["cls"]),
        speed=Speed.parse(d["speed"]),
        cf=d["cf"],
        impact=d["impact"],
        shoot=d["shoot"],
        weapon=Weapon(d["weapon"]),
        traits=frozenset(Trait(t) for t in d["traits"]),
        stands=d["stands"],
        list_points=d["list_points"],
        flat_points=d["flat_points"],
        aggressive=d["aggressive"],
        pike=d["pike"],
        skirmisher=d["skirmisher"],
        can_pavisse=d["can_pavisse"],
        can_stakes=d["can_stakes"],
        may_disengage=d["may_disengage"],
        dismounted=d["dismounted"],
        house=d["house"],
        artillery=None if d.get("artillery") is None else Artillery.from_json(d["artillery"]),
    )


def unit_to_json(u: Unit) -> dict[str, Any]:
    return {
        "id": u.id,
        "side": u.side,
        "profile": u.profile,
        "base_profile": u.base_profile,
        "name": u.name,
        "hex": _hex(u.hex),
        "facing": int(u.facing),
        "formation": u.formation.value,
        "stands": u.stands,
        "nominal": u.nominal,
        "disrupted": u.disrupted,
        "static_combat": u.static_combat,
        "hold_fire": u.hold_fire,
        "pavisses": u.pavisses,
        "stakes_carried": u.stakes_carried,
        "eliminated": u.eliminated,
        "moved_this_phase": u.moved_this_phase,
        "moved_this_bound": u.moved_this_bound,
        "evaded_this_bound": u.evaded_this_bound,
        "flee_responded_this_bound": u.flee_responded_this_bound,
        "contacted_by": list(u.contacted_by),
        "rear_profile": u.rear_profile,
        "rear_stands": u.rear_stands,
        # HH.TERR.43: written only while split, so dumps of unsplit units are unchanged.
        **({"split_link": u.split_link} if u.split_link is not None else {}),
        # HH.TERR.47: written only for boats and their passengers.
        **({"boat": u.boat} if u.boat is not None else {}),
        **({"carrying": u.carrying} if u.carrying is not None else {}),
        # HH12.SPEC.1: written only for the stands of a dispersed 2012 skirmish unit.
        **({"skirmish_of": u.skirmish_of} if u.skirmish_of is not None else {}),
    }


def unit_from_json(d: dict[str, Any]) -> Unit:
    kw = dict(d)
    kw["hex"] = _unhex(d["hex"])
    kw["facing"] = Facing(d["facing"])
    kw["formation"] = Formation(d["formation"])
    kw["contacted_by"] = tuple(d["contacted_by"])
    return Unit(**kw)


def general_to_json(g: General) -> dict[str, Any]:
    return {
        "id": g.id,
        "side": g.side,
        "name": g.name,
        "cm": g.cm,
        "cr": g.cr,
        "hero": g.hero,
        "cinc": g.cinc,
        "mounted": g.mounted,
        "cost": g.cost,
        "hex": _hex(g.hex),
        "alive": g.alive,
        "moved_this_phase": g.moved_this_phase,
    }


def general_from_json(d: dict[str, Any]) -> General:
    kw = dict(d)
    kw["hex"] = _unhex(d["hex"])
    return General(**kw)


def standing_to_json(sp: StandingProfile) -> dict[str, Any]:
    return {
        # HH12.SHOOT.6: `split_fire` only when set, so that states recorded before it are unchanged
        "base": {
            f.name: getattr(sp.base, f.name) for f in fields(sp.base) if f.name != "split_fire" or sp.base.split_fire
        },
        "per_unit": {str(k): dict(sorted(v.items())) for k, v in sorted(sp.per_unit.items())},
        "per_general": {str(k): dict(sorted(v.items())) for k, v in sorted(sp.per_general.items())},
    }


def standing_from_json(d: dict[str, Any]) -> StandingProfile:
    return StandingProfile(
        Standing(**d["base"]),
        {int(k): dict(v) for k, v in d["per_unit"].items()},
        {int(k): dict(v) for k, v in d.get("per_general", {}).items()},
    )


def dump_state(s: GameState) -> dict[str, Any]:
    """Every field as JSON-able data, sorted (HH.DATA.4, HH.DATA.7)."""
    return {
        "format": 1,
        "scenario": s.scenario,
        "title": s.title,
        "options": s.options.to_json(),
        "field": battlefield_to_json(s.field),
        "profiles": {k: profile_to_json(p) for k, p in sorted(s.profiles.items())},
        "sides": list(s.sides),
        "armies": dict(sorted(s.armies.items())),
        "units": [unit_to_json(u) for _, u in sorted(s.units.items())],
        "generals": [general_to_json(g) for _, g in sorted(s.generals.items())],
        "edges": {k: e.value for k, e in sorted(s.edges.items())},
        "edges_fixed": s.edges_fixed,
        "phase": s.phase.value,
        "turn": s.turn,
        "phasing": s.phasing,
        "first_mover": s.first_mover,
        "first_deployer": s.first_deployer,
        "deploying": s.deploying,
        "orders": dict(sorted(s.orders.items())),
        "standing": {k: standing_to_json(v) for k, v in sorted(s.standing.items())},
        "stakes": sorted([a.q, a.r, b.q, b.r, uid, h.q, h.r] for (a, b), (uid, h) in s.stakes.items()),
        "activated": sorted([list(p) for p in s.activated]),
        "commanded": sorted(s.commanded),
        "casualties": {k: dict(sorted(v.items())) for k, v in sorted(s.casualties.items())},
        "generals_lost": {k: list(v) for k, v in sorted(s.generals_lost.items())},
        "combat_stand_total": dict(sorted(s.combat_stand_total.items())),
        "outcome": None if s.outcome is None else list(s.outcome),
        "deploy_zones": {k: sorted([h.q, h.r] for h in v) for k, v in sorted(s.deploy_zones.items())},
        "warnings": list(s.warnings),
        "flee_paths": {str(k): [[h.q, h.r] for h in v] for k, v in sorted(s.flee_paths.items())},
        "prev_groups": [[f, [list(m) for m in opp]] for f, opp in s.prev_groups],
        "contact_order": [list(c) for c in s.contact_order],
        "engaged_at_start": sorted(s.engaged_at_start),
        # HH12.CMP.6: only written when set, so that 2022 states (and their checkpoints) are unchanged
        **({"flee_continuations": sorted(s.flee_continuations)} if s.flee_continuations else {}),
        # rules version 2 only (empty in older games, whose snapshots stay as recorded)
        **(
            {"move_paths": {str(k): [[h.q, h.r] for h in v] for k, v in sorted(s.move_paths.items())}}
            if s.move_paths
            else {}
        ),
        **({"bound_losses": {str(k): v for k, v in sorted(s.bound_losses.items())}} if s.bound_losses else {}),
        # HH12.CMP.10: only written when set, so that 2022 states are unchanged
        **({"edge_halts": {str(k): [h.q, h.r] for k, h in sorted(s.edge_halts.items())}} if s.edge_halts else {}),
    }


def load_state(d: dict[str, Any]) -> GameState:
    if d.get("format") != 1:
        raise ValueError(f"unknown Hordes & Heroes state format {d.get('format')!r}")
    return GameState(
        scenario=d["scenario"],
        title=d["title"],
        options=Options.from_json(d["options"]),
        field=battlefield_from_json(d["field"]),
        profiles={k: profile_from_json(p) for k, p in d["profiles"].items()},
        sides=(d["sides"][0], d["sides"][1]),
        armies=dict(d["armies"]),
        units={u["id"]: unit_from_json(u) for u in d["units"]},
        generals={g["id"]: general_from_json(g) for g in d["generals"]},
        edges={k: Edge(v) for k, v in d["edges"].items()},
        edges_fixed=d["edges_fixed"],
        phase=Phase(d["phase"]),
        turn=d["turn"],
        phasing=d["phasing"],
        first_mover=d["first_mover"],
        first_deployer=d["first_deployer"],
        deploying=d["deploying"],
        orders=dict(d["orders"]),
        standing={k: standing_from_json(v) for k, v in d["standing"].items()},
        stakes={side_key(Hex(a, b), Hex(c, e)): (uid, Hex(q, r)) for a, b, c, e, uid, q, r in d["stakes"]},
        activated=frozenset((p[0], p[1]) for p in d["activated"]),
        commanded=frozenset(d["commanded"]),
        casualties={k: dict(v) for k, v in d["casualties"].items()},
        generals_lost={k: tuple(v) for k, v in d["generals_lost"].items()},
        combat_stand_total=dict(d["combat_stand_total"]),
        outcome=None if d["outcome"] is None else (d["outcome"][0], d["outcome"][1]),
        deploy_zones={k: frozenset(Hex(q, r) for q, r in v) for k, v in d["deploy_zones"].items()},
        warnings=tuple(d["warnings"]),
        flee_paths={int(k): tuple(Hex(q, r) for q, r in v) for k, v in d.get("flee_paths", {}).items()},
        prev_groups=tuple((f, tuple((m[0], m[1]) for m in opp)) for f, opp in d.get("prev_groups", [])),
        contact_order=tuple((a, b) for a, b in d.get("contact_order", [])),
        engaged_at_start=frozenset(d.get("engaged_at_start", [])),
        flee_continuations=frozenset(d.get("flee_continuations", [])),
        move_paths={int(k): tuple(Hex(q, r) for q, r in v) for k, v in d.get("move_paths", {}).items()},
        bound_losses={int(k): int(v) for k, v in d.get("bound_losses", {}).items()},
        edge_halts={int(k): Hex(v[0], v[1]) for k, v in d.get("edge_halts", {}).items()},
    )
