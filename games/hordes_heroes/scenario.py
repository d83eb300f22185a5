"""Scenarios (TOML under ``scenarios/``, or any file; format in docs/scenarios.md) and building a game from one
[HH.SEQ.1-3].

A scenario gives the map, the sides with their army lists (or profiles written inline), points,
forces and table edges, the game options, and optionally a mid-battle start where every unit is
already placed: at any phase of any bound, with every marker the rules track (HH.DATA.4,
HH.DATA.7). Every problem is reported at once, each as ``file:line: field: message``
(campaign.kit.scenario_file).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import PurePath
from typing import Any

from campaign.kit.scenario_file import Fields, Problem, ScenarioError, TomlDocument

from . import orders as O
from .armies import (
    ArmyList,
    ArmyListError,
    ForceGeneral,
    GeneralType,
    choose_cinc,
    load_army_list,
    profile_from_toml,
    validate_army,
)
from .battlefield import Battlefield, Terrain, build_battlefield
from .geometry import Edge, Facing, side_key, staked_sides
from .model import BOAT_PROFILE, BOAT_PROFILE_ID, Formation, General, Profile, Unit, general_cost
from .movement import Problem as EngineProblem
from .state import GameState, Initiative, Options, Phase

SUPPORTED_EDITIONS = ("2022", "2012")
RULESET_NAMES = ("hordes-heroes", "hh", "hordes-and-heroes")
"""What a file's optional top-level `ruleset` key may say."""
DEFAULT_SCENARIO = "pitched-150"

TOP_KEYS = (
    "name", "title", "description", "edition", "ruleset", "first_deployer", "first_mover",
    "options", "map", "sides", "start",
)  # fmt: skip
SIDE_KEYS = (
    "name", "army", "points", "edge", "deploy_hexes", "units", "generals", "boats", "profiles", "general_types",
)  # fmt: skip
UNIT_KEYS = (
    "id", "profile", "name", "hex", "facing", "formation", "stands", "nominal", "rear_profile", "rear_stands",
    "disrupted", "static_combat", "hold_fire", "pavisses", "stakes", "stakes_planted", "dismounted", "aboard",
    "split_link", "moved", "moved_this_phase", "evaded", "flee_responded", "contacted_by",
)  # fmt: skip
PROFILE_KEYS = (
    "id", "name", "category", "class", "speed", "cf", "impact", "shoot", "weapon", "traits", "stands", "points",
    "flat_points", "pavisses", "stakes", "dismounted", "aggressive", "pike", "skirmisher", "may_disengage", "house",
    "artillery",
)  # fmt: skip
GENERAL_TYPE_KEYS = ("id", "name", "cm", "cr", "points", "mounted")
GENERAL_KEYS = ("id", "type", "name", "hero", "cinc", "mounted", "hex", "cm", "cr", "points", "moved", "lost")
BOAT_KEYS = ("id", "hex", "name", "facing")
START_KEYS = (
    "turn", "phasing", "first_mover", "phase", "contacts", "engaged_at_start", "commanded", "activated", "casualties",
    "groups", "flee_paths", "combat_stand_total",
)  # fmt: skip
START_PHASES = {
    "command move": Phase.COMMAND_MOVE,
    "shooting": Phase.SHOOTING,
    "hand-to-hand": Phase.HAND_TO_HAND,
}
"""Where a mid-battle start may begin its bound (HH.SEQ.11 steps 1, 3 and 4)."""


class ScenarioData(dict[str, Any]):
    """Parsed scenario data that remembers its document, so problems can name file and line."""

    doc: TomlDocument


def _doc_of(data: Mapping[str, Any], name: str) -> TomlDocument:
    doc = getattr(data, "doc", None)
    return doc if isinstance(doc, TomlDocument) else TomlDocument(name, "", dict(data))


def scenario_dir() -> Traversable:
    """Where the shipped scenario files are (tests point it elsewhere, then call `_shipped.cache_clear`)."""
    return resources.files(__package__).joinpath("scenarios")


def _shipped_text(name: str) -> str:
    return scenario_dir().joinpath(f"{name}.toml").read_text(encoding="utf-8")


@functools.cache
def _shipped() -> tuple[tuple[str, ...], tuple[Problem, ...]]:
    """Names of the shipped scenario files that parse, and the problems of those that do not."""
    root = scenario_dir()
    good: list[str] = []
    bad: list[Problem] = []
    for name in sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml")):
        try:
            data = read_scenario_text(_shipped_text(name), f"scenarios/{name}.toml")
        except ScenarioError as e:
            bad.extend(e.problems)
            continue
        sides = data.get("sides")
        if (
            not isinstance(sides, list)
            or len(sides) != 2
            or not all(isinstance(s, dict) and "name" in s for s in sides)
        ):
            bad.append(Problem(data.doc.name, data.doc.line_of("sides"), "sides", "exactly two [[sides]] with a name"))
            continue
        good.append(name)
    return tuple(good), tuple(bad)


def scenario_names() -> list[str]:
    """Shipped scenarios that can be read; a broken file is left out (see `shipped_problems`)."""
    return list(_shipped()[0])


def shipped_problems() -> list[Problem]:
    """Why shipped scenario files were left out, each with file and line."""
    return list(_shipped()[1])


def read_scenario_text(text: str, name: str) -> ScenarioData:
    """Parse a scenario file's text; a TOML error is a ScenarioError naming `name` and the line."""
    doc = TomlDocument.parse(text, name)
    data = ScenarioData(doc.data)
    data.doc = doc
    return data


def read_scenario(name: str) -> ScenarioData:
    """A shipped scenario by name."""
    if name not in scenario_names():
        broken = [p for p in shipped_problems() if p.file == f"scenarios/{name}.toml"]
        if broken:
            raise ScenarioError(broken)
        raise ScenarioError(
            [
                Problem(
                    name, 0, "", f"no Hordes & Heroes scenario named {name!r} (shipped: {', '.join(scenario_names())})"
                )
            ]
        )
    data = read_scenario_text(_shipped_text(name), f"scenarios/{name}.toml")
    data.setdefault("name", name)
    return data


def build_state(data: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh game state from parsed scenario data plus option overrides (HH.PD.1, HH.PD.2, HH.SEQ.1).

    Raises ScenarioError with every problem found, each with its file, line and field.
    """
    name = str(data.get("name", "custom"))
    b = _Builder(Fields(_doc_of(data, name)), data, name)
    state = b.build(dict(options or {}))
    b.f.done()
    assert state is not None
    return state


class ScenarioFiles:
    """Starting a Hordes & Heroes game from any scenario file (mixed into the HordesHeroes ruleset).

    Implements `Ruleset.setup_text`, `Ruleset.scenario_problems` and `Ruleset.turn_limit`; `Ruleset.describe_text` and
    `Ruleset.check_text` keep their defaults, which fit this format.
    """

    default_scenario = DEFAULT_SCENARIO

    def setup_text(self, text: str, name: str, options: Mapping[str, Any]) -> GameState:
        data = read_scenario_text(text, name)
        data.setdefault("name", PurePath(name).stem)
        return build_state(data, dict(options))

    def scenario_problems(self) -> list[Problem]:
        return shipped_problems()

    def turn_limit(self, state: GameState) -> int:
        """The scenario's last game turn, `max_game_turns` (HH.PD.2)."""
        return state.options.max_game_turns


MID_BOUND_ORDERS: dict[Phase, tuple[type, ...]] = {
    Phase.SHOOTING: (O.Shoot, O.Suppress, O.ShootingResults, O.Fight, O.FollowUp, O.Pursue, O.GeneralFollowUp),
    Phase.HAND_TO_HAND: (O.Fight, O.FollowUp, O.Pursue, O.GeneralFollowUp),
}
"""Orders the phasing side may still give when a scenario starts its bound at that phase (HH.SEQ.11)."""


def mid_bound_problems(state: GameState, orders: list[O.Order]) -> list[tuple[int, EngineProblem]]:
    """Orders for phases of the bound that a mid-battle start has already passed (HH.SEQ.10, HH.SEQ.11)."""
    allowed = MID_BOUND_ORDERS.get(state.phase, ())
    return [
        (
            o.line,
            EngineProblem(
                "HH.SEQ.11",
                f"this bound starts at the {state.phase.value} phase: its earlier phases are over",
                "give only shooting and combat lines" if state.phase is Phase.SHOOTING else "give only combat lines",
            ),
        )
        for o in orders
        if not isinstance(o, allowed)
    ]


def check_placement(state: GameState) -> list[str]:
    """Every placed unit on the map, in passable terrain, one per hex (HH.BASE.6, HH.MOVE.30)."""
    from .zoc import can_occupy

    out: list[str] = []
    seen: dict[Any, int] = {}
    for u in state.live_units():
        assert u.hex is not None
        if not state.field.on_map(u.hex):
            out.append(f"unit {u.id} is off the map")
        elif u.boat is None and not can_occupy(state, state.profile(u), u.hex):  # aboard: on the lake (HH.TERR.47)
            out.append(f"unit {u.id} stands in terrain it may not occupy at {state.label(u.hex)}")
        if u.hex in seen:
            out.append(f"units {seen[u.hex]} and {u.id} share {state.label(u.hex)}; one unit per hex [HH.BASE.6]")
        seen[u.hex] = u.id
        if not 1 <= u.stands <= u.nominal:
            out.append(f"unit {u.id}: stands must be 1..{u.nominal}")
    return out


@dataclass
class _Side:
    """What one `[[sides]]` table gives, once read."""

    name: str
    army: ArmyList
    where: str
    edge: Edge | None = None
    rows: list[dict[str, Any]] = field(default_factory=list)
    """The `units` tables as written, for the markers read once every unit exists."""
    units: list[Unit] = field(default_factory=list)
    generals: list[General] = field(default_factory=list)


@dataclass
class _Builder:
    """Reads one scenario into a GameState, collecting every problem in `f` instead of stopping."""

    f: Fields
    data: Mapping[str, Any]
    name: str
    bf: Battlefield | None = None
    profiles: dict[str, Profile] = field(default_factory=dict)
    used_ids: set[int] = field(default_factory=set)
    used_gids: set[int] = field(default_factory=set)
    warnings: list[str] = field(default_factory=list)
    zones: dict[str, frozenset[Any]] = field(default_factory=dict)
    opts: Options | None = None

    def build(self, overrides: dict[str, Any]) -> GameState | None:
        f, data = self.f, self.data
        f.unknown(data, TOP_KEYS)
        if "ruleset" in data and str(data["ruleset"]).lower().replace("_", "-") not in RULESET_NAMES:
            f.problem("ruleset", f"this file is for {data['ruleset']!r}, not Hordes & Heroes ({RULESET_NAMES[0]!r})")
        opts = self.opts = self.options(overrides)
        self.bf = self.battlefield()
        sides = [self.side(i, sd) for i, sd in enumerate(f.tables(data, "sides", required=True))]
        start = self.start_table() if "start" in data else None
        if len(sides) != 2:
            f.problem("sides", f"exactly two [[sides]] are needed, not {len(sides)}")
        if f.problems or self.bf is None or opts is None or any(s is None for s in sides):
            return None
        return self.assemble(opts, self.bf, [s for s in sides if s is not None], start)

    def options(self, overrides: dict[str, Any]) -> Options | None:
        opts = dict(self.f.table(self.data, "options"))
        opts.update(overrides)
        # the edition: `game new --option edition=...`, else the file's `edition` key; left out for 2022 (issue 18)
        edition = str(opts.pop("edition", self.data.get("edition", "2022")))
        if edition not in SUPPORTED_EDITIONS:
            known = ", ".join(repr(e) for e in SUPPORTED_EDITIONS)
            self.f.problem("edition", f"{edition!r} is not supported; known editions: {known}")
            return None
        if edition != "2022":
            opts["edition"] = edition
        try:
            return Options.from_json(opts)
        except (TypeError, ValueError) as e:
            self.f.problem("options", str(e))
            return None

    def battlefield(self) -> Battlefield | None:
        m = self.f.table(self.data, "map", required=True)
        if not m:
            return None
        try:
            bf = build_battlefield(m)
        except (ValueError, KeyError, TypeError) as e:
            self.f.problem("map", str(e) if not isinstance(e, KeyError) else f"{e.args[0]!r} is missing")
            return None
        if bf.steep and self.opts is not None and not self.opts.rules.escarpments:
            self.f.problem("map.steep", f"{self.opts.rules.title} has no escarpments or steep slopes [HH12.TER.23]")
        return bf

    def hex(self, row: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in row or self.bf is None:
            return None
        spec = self.bf.spec
        return self.f.convert(row, key, lambda v: spec.parse(str(v)), where)

    # --- one side ------------------------------------------------------------------------------------
    def side(self, i: int, sd: dict[str, Any]) -> _Side | None:
        f, where = self.f, f"sides[{i}]"
        f.unknown(sd, SIDE_KEYS, where)
        name = f.text(sd, "name", where)
        army = self.army(sd, where, name)
        if army is None or not name:
            return None
        side = _Side(name, army, where)
        if "edge" in sd:
            side.edge = f.one_of(sd, "edge", {e.value: e for e in Edge}, where)
        if "deploy_hexes" in sd and self.bf is not None:
            spec = self.bf.spec
            zone = f.convert(sd, "deploy_hexes", lambda v: frozenset(spec.parse(str(x)) for x in v), where)
            self.zones[name] = zone or frozenset()
        for pid, p in army.profiles.items():  # every profile of the list: a unit may dismount into another
            self.profiles[f"{army.id}:{pid}"] = p
        rows = side.rows = f.tables(sd, "units", where)
        gens = f.tables(sd, "generals", where)
        forces = [ForceGeneral(self.general_type(army, g, f"{where}.generals[{j}]"), bool(g.get("hero", False)),
                               bool(g.get("cinc", False))) for j, g in enumerate(gens)]  # fmt: skip
        points = f.integer(sd, "points", where, default=10**6, low=1)
        rules = self.opts.rules if self.opts is not None else Options().rules
        errs, warns = validate_army(army, [str(u.get("profile")) for u in rows], forces, points, rules)
        for e in errs:
            f.problem(where, e)
        self.warnings.extend(warns)
        if errs:
            return None
        side.units = [u for j, row in enumerate(rows) if (u := self.unit(side, row, f"{where}.units[{j}]"))]
        side.units += [u for j, row in enumerate(f.tables(sd, "boats", where)) if (u := self.boat(side, row, j))]
        cinc = choose_cinc(army, forces) if forces else -1
        side.generals = [self.general(side, g, fg, j == cinc, f"{where}.generals[{j}]")
                         for j, (g, fg) in enumerate(zip(gens, forces, strict=True))]  # fmt: skip
        return side

    def army(self, sd: dict[str, Any], where: str, side: str) -> ArmyList | None:
        """The side's army list, with any profiles and general types written inline added to it (HH.DATA.1)."""
        f = self.f
        base: ArmyList | None = None
        if "army" in sd:
            try:
                base = load_army_list(f.text(sd, "army", where))
            except ArmyListError as e:
                f.problem(f"{where}.army", str(e))
                return None
        inline_p = f.tables(sd, "profiles", where)
        inline_g = f.tables(sd, "general_types", where)
        if base is None and not inline_p:
            f.problem(where, "give an `army` list id or the unit profiles inline ([[sides.profiles]])")
            return None
        profiles = dict(base.profiles) if base else {}
        for j, d in enumerate(inline_p):
            f.unknown(d, PROFILE_KEYS, f"{where}.profiles[{j}]")
            try:
                p = profile_from_toml(d, f"{where}.profiles[{j}]")
            except ArmyListError as e:
                f.problem(f"{where}.profiles[{j}]", str(e).split(": ", 1)[-1])
                continue
            profiles[p.id] = p
        generals = dict(base.generals) if base else {}
        for j, d in enumerate(inline_g):
            w = f"{where}.general_types[{j}]"
            f.unknown(d, GENERAL_TYPE_KEYS, w)
            cm, cr = f.integer(d, "cm", w, low=1, high=6), f.integer(d, "cr", w, low=1, high=12)
            try:
                pts = general_cost(cm, cr, False, f.integer(d, "points", w, low=0) if "points" in d else None)
            except ValueError as e:
                f.problem(w, str(e))
                continue
            gid = f.text(d, "id", w)
            generals[gid] = GeneralType(gid, f.text(d, "name", w, default="General"), cm, cr, pts,
                                        f.flag(d, "mounted", w, default=True))  # fmt: skip
        army_id = base.id if base and not inline_p and not inline_g else side
        title = base.title if base else f"{side} (inline profiles)"
        game_edition = (self.opts.rules if self.opts is not None else Options().rules).edition.value
        edition = base.edition if base else game_edition  # inline profiles are written for the game's edition
        return ArmyList(army_id, title, base.period if base else "", profiles, generals, edition=edition)

    def general_type(self, army: ArmyList, row: dict[str, Any], where: str) -> str:
        """The general's type id; a row with `cm` and `cr` and no `type` defines its own (HH.GEN.1, HH.GEN.2)."""
        if "type" in row or "cm" not in row:
            return str(row.get("type", next(iter(army.generals), "")))
        cm, cr = self.f.integer(row, "cm", where, low=1, high=6), self.f.integer(row, "cr", where, low=1, high=12)
        try:
            pts = general_cost(cm, cr, False, row.get("points"))
        except ValueError as e:
            self.f.problem(where, str(e))
            pts = 0
        tid = f"{where}:{cm}/{cr}"
        army.generals[tid] = GeneralType(
            tid, str(row.get("name", "General")), cm, cr, pts, bool(row.get("mounted", True))
        )
        return tid

    def new_id(self, row: Mapping[str, Any], where: str, used: set[int], kind: str) -> int | None:
        uid = self.f.integer(row, "id", where, default=max(used, default=0) + 1, low=1)
        if uid in used:
            self.f.problem(f"{where}.id", f"{kind} id {uid} is used twice")
            return None
        used.add(uid)
        return uid

    def unit(self, side: _Side, row: dict[str, Any], where: str) -> Unit | None:
        """One unit, placed or not, with every marker it may carry (HH.DATA.4, HH.DEF.13)."""
        f, army = self.f, side.army
        f.unknown(row, UNIT_KEYS, where)
        uid = self.new_id(row, where, self.used_ids, "unit")
        p = army.profiles.get(str(row.get("profile")))
        if uid is None or p is None:
            return None
        key = f"{army.id}:{p.id}"
        cur = key
        if f.flag(row, "dismounted", where, default=False):
            if p.dismounted is None:
                f.problem(f"{where}.dismounted", f"unit {uid} ({p.name}) cannot dismount [HH.MOVE.26]")
            else:
                cur = f"{army.id}:{p.dismounted}"
        stands = f.integer(row, "stands", where, default=p.stands, low=1, high=6)
        u = Unit(
            id=uid,
            side=side.name,
            profile=cur,
            base_profile=key,
            name=f.text(row, "name", where, default=p.name),
            hex=self.hex(row, "hex", where),
            facing=self.facing(row, where),
            formation=f.one_of(row, "formation", {x.value: x for x in Formation}, where, default="deployed")
            or Formation.DEPLOYED,
            stands=stands,
            nominal=f.integer(row, "nominal", where, default=p.stands, low=1, high=6),
            pavisses=f.flag(row, "pavisses", where, default=p.can_pavisse),
            stakes_carried=f.flag(row, "stakes", where, default=p.can_stakes),
        )
        u = replace(u, **self.markers(row, where))
        if "rear_profile" in row:
            # HH.SPECIAL.23, HH.DATA.3: a combined-arms unit; `profile` is its front troop type.
            rp = army.profiles.get(str(row["rear_profile"]))
            if rp is None:
                f.problem(f"{where}.rear_profile", f"army {army.id} has no profile {row['rear_profile']!r}")
                return u
            rear = f.integer(row, "rear_stands", where, default=2)
            if not 1 <= rear < u.stands:
                f.problem(f"{where}.rear_stands", "must leave at least one front stand [HH.DATA.3]")
            rules = self.opts.rules if self.opts is not None else Options().rules
            if rules.combined_same_class and p.cls is not rp.cls:  # HH12.SPEC.16
                classes = f"{p.cls.value} and {rp.cls.value}"
                f.problem(
                    f"{where}.rear_profile",
                    f"a {rules.title} combined unit has one class, not {classes} [HH12.SPEC.16]",
                )
            u = replace(u, rear_profile=f"{army.id}:{rp.id}", rear_stands=rear)
        return u

    def facing(self, row: dict[str, Any], where: str) -> Facing:
        """A unit's facing; Facing.E is 0, so a missing or bad one is told apart with `is None`."""
        facing = self.f.convert(row, "facing", lambda v: Facing.parse(str(v)), where, default="N")
        return Facing.N if facing is None else facing

    def markers(self, row: dict[str, Any], where: str) -> dict[str, Any]:
        """Markers and this-bound flags a mid-battle start may set (HH.DEF.13, HH.DATA.4)."""
        f = self.f
        out: dict[str, Any] = {
            "disrupted": f.flag(row, "disrupted", where, default=False),
            "static_combat": f.flag(row, "static_combat", where, default=False),
            "hold_fire": f.flag(row, "hold_fire", where, default=False),
            "moved_this_bound": f.flag(row, "moved", where, default=False),
            "moved_this_phase": f.flag(row, "moved_this_phase", where, default=False),
            "evaded_this_bound": f.flag(row, "evaded", where, default=False),
            "flee_responded_this_bound": f.flag(row, "flee_responded", where, default=False),
        }
        by = f.convert(row, "contacted_by", _int_list, where, default=[])
        out["contacted_by"] = tuple(by or ())
        if "split_link" in row:  # HH.TERR.43: the other part of a 6-stand unit split at a restriction
            out["split_link"] = f.integer(row, "split_link", where, low=1)
        return out

    def boat(self, side: _Side, row: dict[str, Any], j: int) -> Unit | None:
        # HH.TERR.45, ruling HH.TERR.47: boats and rafts are scenario-defined, placed on a lake, never bought.
        where = f"{side.where}.boats[{j}]"
        self.f.unknown(row, BOAT_KEYS, where)
        uid = self.new_id(row, where, self.used_ids, "unit")
        hx = self.hex(row, "hex", where)
        if uid is None:
            return None
        if hx is None or self.bf is None or not self.bf.on_map(hx) or self.bf.terrain_at(hx) is not Terrain.LAKE:
            self.f.problem(f"{where}.hex", f"boat {uid} needs a `hex` on a lake hex [HH.TERR.47]")
            return None
        self.profiles[BOAT_PROFILE_ID] = BOAT_PROFILE
        facing = self.facing(row, where)
        name = self.f.text(row, "name", where, default="Boat")
        return Unit(uid, side.name, BOAT_PROFILE_ID, name, BOAT_PROFILE_ID, hx, facing, stands=1, nominal=1)

    def general(self, side: _Side, row: dict[str, Any], fg: ForceGeneral, cinc: bool, where: str) -> General:
        """One general (HH.DATA.5); `lost = true` marks one already killed or captured (HH.GEN.28)."""
        f = self.f
        f.unknown(row, GENERAL_KEYS, where)
        gt = side.army.generals[fg.type]
        gid = self.new_id(row, where, self.used_gids, "general") or 0
        lost = f.flag(row, "lost", where, default=False)
        return General(
            id=gid,
            side=side.name,
            name=f.text(row, "name", where, default=gt.name),
            cm=gt.cm,
            cr=gt.cr,
            hero=fg.hero,
            cinc=cinc,
            mounted=f.flag(row, "mounted", where, default=gt.mounted),
            cost=gt.points + (5 if fg.hero else 0),
            hex=None if lost else self.hex(row, "hex", where),
            alive=not lost,
            moved_this_phase=f.flag(row, "moved", where, default=False),
        )

    # --- the whole state -----------------------------------------------------------------------------
    def assemble(self, o: Options, bf: Battlefield, sides: list[_Side], start: _Start | None) -> GameState | None:
        f, name = self.f, self.name
        names = (sides[0].name, sides[1].name)
        if names[0] == names[1]:
            f.problem("sides[1].name", "the two sides need different names")
            return None
        edges = {s.name: s.edge for s in sides if s.edge is not None}
        if len(edges) == 1:
            only = next(iter(edges))
            edges[names[1] if only == names[0] else names[0]] = edges[only].opposite
        if len(edges) == 2 and edges[names[0]] == edges[names[1]]:
            f.problem("sides[1].edge", f"the two sides cannot share the {edges[names[0]].value} edge")
        units = {u.id: u for s in sides for u in s.units}
        generals = {g.id: g for s in sides for g in s.generals}
        state = GameState(
            scenario=name,
            title=str(self.data.get("title", name)),
            options=o,
            field=bf,
            profiles=self.profiles,
            sides=names,
            armies={s.name: s.army.id for s in sides},
            units=units,
            generals=generals,
            edges=edges,
            edges_fixed=len(edges) == 2,
            deploy_zones=self.zones,
            warnings=tuple(self.warnings),
            casualties={s: {} for s in names},
            generals_lost={s.name: tuple(g.id for g in s.generals if not g.alive) for s in sides},
            # HH.ARMY.16: combat stand total, fixed at the start, generals excluded.
            combat_stand_total={
                s: sum(u.nominal for u in units.values() if u.side == s and u.profile != BOAT_PROFILE_ID) for s in names
            },
        )
        self.afloat_and_staked(state, sides)
        if start is not None:
            return self.start(state, sides, start)
        return self.pregame(state)

    def afloat_and_staked(self, state: GameState, sides: list[_Side]) -> None:
        """Units aboard boats (`aboard`, HH.TERR.47) and stakes already planted (`stakes_planted`, HH.SPECIAL.14)."""
        f = self.f
        for s in sides:
            for j, row in enumerate(s.rows):
                where = f"{s.where}.units[{j}]"
                uid = row.get("id")
                if not isinstance(uid, int) or uid not in state.units:
                    continue
                u = state.units[uid]
                if "aboard" in row:
                    b = state.units.get(row["aboard"]) if isinstance(row["aboard"], int) else None
                    if b is None or b.profile != BOAT_PROFILE_ID or b.side != u.side or b.carrying is not None:
                        f.problem(f"{where}.aboard", "must be the id of an empty boat of the same side [HH.TERR.47]")
                        continue
                    state.units[uid] = u = replace(u, hex=b.hex, boat=b.id)
                    state.units[b.id] = replace(b, hex=None, carrying=uid)
                link = state.units.get(u.split_link) if u.split_link is not None else None
                if u.split_link is not None and (link is None or link.split_link != uid or link.side != u.side):
                    f.problem(f"{where}.split_link", "both parts of a split unit name each other [HH.TERR.43]")
                if f.flag(row, "stakes_planted", where, default=False):
                    point = u.facing.is_point or state.rules.stakes_from_side_facing  # ruling HH12.SPEC.A3
                    if u.hex is None or not point or not state.profile(u).can_stakes:
                        f.problem(
                            f"{where}.stakes_planted",
                            "needs troops with stakes, a `hex` and a facing to a point [HH.SPECIAL.14]",
                        )
                        continue
                    for side in staked_sides(u.facing):
                        state.stakes[side_key(u.hex, u.hex.neighbour(side))] = (uid, u.hex)
                    state.units[uid] = replace(u, stakes_carried=False)

    def pregame(self, state: GameState) -> GameState:
        f, data = self.f, self.data
        troops = [u for u in state.units.values() if u.profile != BOAT_PROFILE_ID]  # boats are always placed
        if any(u.hex is not None for u in troops) or any(g.hex is not None for g in state.generals.values()):
            f.problem("sides", "units have hexes but there is no [start] table (a mid-battle start)")
        if state.options.initiative is Initiative.FIXED:
            for key in ("first_deployer", "first_mover"):
                if f.one_of(data, key, {s: s for s in state.sides}) is None:
                    return state
            if not state.edges_fixed:
                f.problem("sides", "fixed initiative needs both sides' `edge`")
            state.first_deployer = str(data["first_deployer"])
            state.first_mover = str(data["first_mover"])
            state.deploying = state.first_deployer
            state.phase = Phase.DEPLOYMENT
        return state

    def start_table(self) -> _Start:
        """The `[start]` table's own fields, checked whether or not the sides are sound (HH.SEQ.11)."""
        f = self.f
        st = f.table(self.data, "start")
        f.unknown(st, START_KEYS, "start")
        act = f.convert(st, "activated", _pairs, "start", default=[]) or []
        return _Start(
            turn=f.integer(st, "turn", "start", default=1, low=1),
            phasing=st.get("phasing"),
            first_mover=st.get("first_mover"),
            phase=f.one_of(st, "phase", START_PHASES, "start", default="command move") or Phase.COMMAND_MOVE,
            contacts=tuple(f.convert(st, "contacts", _pairs, "start", default=[]) or ()),
            engaged=frozenset(f.convert(st, "engaged_at_start", _int_list, "start", default=[]) or ()),
            commanded=frozenset(f.convert(st, "commanded", _int_list, "start", default=[]) or ()),
            activated=frozenset((min(a, b), max(a, b)) for a, b in act),
            casualties=f.table(st, "casualties", "start"),
            groups=tuple(self.group(g, f"start.groups[{i}]") for i, g in enumerate(f.tables(st, "groups", "start"))),
            flees=tuple(
                self.flee(d, f"start.flee_paths[{i}]") for i, d in enumerate(f.tables(st, "flee_paths", "start"))
            ),
        )

    def flee(self, d: dict[str, Any], where: str) -> tuple[int, tuple[Any, ...]]:
        """This bound's flee of one unit, from its old hex, for pursuit to follow (HH.COMP.22, HH.DATA.4)."""
        self.f.unknown(d, ("unit", "path"), where)
        spec = self.bf.spec if self.bf is not None else None
        path = self.f.convert(d, "path", lambda v: tuple(spec.parse(str(x)) for x in v) if spec else (), where)
        return self.f.integer(d, "unit", where), path or ()

    def group(self, g: dict[str, Any], where: str) -> tuple[int, tuple[tuple[str, int], ...]]:
        """One combat group of the last hand-to-hand phase: its focus and opponents (HH.HTH.3, HH.DATA.7)."""
        self.f.unknown(g, ("focus", "units", "generals"), where)
        focus = self.f.integer(g, "focus", where)
        units = self.f.convert(g, "units", _int_list, where, default=[]) or []
        gens = self.f.convert(g, "generals", _int_list, where, default=[]) or []
        return focus, tuple([("u", x) for x in units] + [("g", x) for x in gens])

    def start(self, state: GameState, sides: list[_Side], st: _Start) -> GameState:
        """A mid-battle start: whose bound, which phase, and the bound's markers (HH.SEQ.11, HH.DATA.7)."""
        f = self.f
        for u in state.units.values():
            if u.hex is None and u.profile != BOAT_PROFILE_ID:
                f.problem(_row_path(sides, "units", u.id, "hex"), f"a [start] needs unit {u.id} placed with `hex`")
        for g in state.generals.values():
            if g.hex is None and g.alive:
                f.problem(
                    _row_path(sides, "generals", g.id, "hex"), f"a [start] needs general {g.id} placed with `hex`"
                )
        if not state.edges_fixed:
            f.problem("sides", "a [start] needs each side's `edge`")
        who = {s: s for s in state.sides}
        if st.turn > state.options.max_game_turns:
            f.problem("start.turn", f"is after the last game turn ({state.options.max_game_turns})")
        state.turn = st.turn
        state.phasing = f.one_of({"phasing": st.phasing or state.sides[0]}, "phasing", who, "start")
        state.first_mover = f.one_of({"first_mover": st.first_mover or state.phasing}, "first_mover", who, "start")
        state.phase = st.phase
        self.bound_markers(state, st)
        for problem in check_placement(state) if not f.problems else []:
            f.problem("sides", problem)
        return state

    def bound_markers(self, state: GameState, st: _Start) -> None:
        """Contacts made this bound, units engaged at its start, units under command, activated pairs and
        casualties so far (HH.HTH.3, HH.SHOOT.2, HH.CMD.4, HH.ZOC.6, HH.WIN.4)."""
        f = self.f
        state.contact_order = st.contacts
        state.engaged_at_start = st.engaged
        state.commanded = st.commanded
        state.activated = st.activated
        state.prev_groups = st.groups
        state.flee_paths = dict(st.flees)
        named = {x for p in st.contacts + tuple(st.activated) for x in p} | st.engaged | st.commanded
        named |= {x for focus, opps in st.groups for x in (focus, *(i for k, i in opps if k == "u"))}
        named |= {uid for uid, _ in st.flees}
        for gid in sorted({i for _, opps in st.groups for k, i in opps if k == "g"} - set(state.generals)):
            f.problem("start.groups", f"names general {gid}, which the scenario does not have")
        named |= {x for u in state.units.values() for x in u.contacted_by}
        for uid in sorted(named - set(state.units)):
            f.problem("start", f"names unit {uid}, which the scenario does not have")
        totals = f.table(self.data.get("start", {}), "combat_stand_total", "start")
        for side, total in totals.items():
            # HH.ARMY.16: fixed when the battle began, so units eliminated before this position still count
            if side not in state.sides or isinstance(total, bool) or not isinstance(total, int) or total < 1:
                f.problem(f"start.combat_stand_total.{side}", f"must be a side ({', '.join(state.sides)}) = stands")
                continue
            state.combat_stand_total[side] = total
        for side, lost in st.casualties.items():
            if side not in state.sides or not isinstance(lost, dict):
                f.problem(f"start.casualties.{side}", f"must be a table of profile = stands for one of {state.sides}")
                continue
            army = state.armies[side]
            for pid, n in lost.items():
                if f"{army}:{pid}" not in self.profiles or isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    f.problem(f"start.casualties.{side}.{pid}", "must be a profile of the side's force = stands lost")
                    continue
                state.casualties[side][f"{army}:{pid}"] = n


@dataclass(frozen=True)
class _Start:
    """The `[start]` table of a mid-battle start, read."""

    turn: int
    phasing: Any
    first_mover: Any
    phase: Phase
    contacts: tuple[tuple[int, int], ...]
    engaged: frozenset[int]
    commanded: frozenset[int]
    activated: frozenset[tuple[int, int]]
    casualties: dict[str, Any]
    groups: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]
    flees: tuple[tuple[int, tuple[Any, ...]], ...]


def _int_list(v: Any) -> list[int]:
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise ValueError(f"must be a list of unit ids, not {v!r}")
    return list(v)


def _pairs(v: Any) -> list[tuple[int, int]]:
    if not isinstance(v, list) or not all(isinstance(p, list) and len(_int_list(p)) == 2 for p in v):
        raise ValueError(f"must be a list of [unit, unit] pairs, not {v!r}")
    return [(p[0], p[1]) for p in v]


def _row_path(sides: list[_Side], kind: str, rid: int, key: str) -> str:
    """The field path of unit or general `rid`'s `key`, such as ``sides[1].units[2].hex``."""
    for s in sides:
        ids = [u.id for u in s.units] if kind == "units" else [g.id for g in s.generals]
        for j, row_id in enumerate(ids):
            if row_id == rid:
                return f"{s.where}.{kind}[{j}].{key}"
    return "sides"
