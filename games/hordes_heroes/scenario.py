"""Scenarios (TOML under ``scenarios/``, format in docs/scenarios.md) and building a game from one [HH.SEQ.1-3].

A scenario gives the map, the sides with their army lists, points, forces and table edges, the game
options, and optionally a mid-battle start where every unit is already placed.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from importlib import resources
from typing import Any

from .armies import ForceGeneral, choose_cinc, load_army_list, validate_army
from .battlefield import Terrain, build_battlefield
from .geometry import Edge, Facing
from .model import BOAT_PROFILE, BOAT_PROFILE_ID, Formation, General, Profile, Unit
from .state import GameState, Initiative, Options, Phase

SUPPORTED_EDITIONS = ("2022", "2012")


class ScenarioError(ValueError):
    """A scenario that cannot be used; the message lists every problem found."""


def scenario_names() -> list[str]:
    root = resources.files(__package__).joinpath("scenarios")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml"))


def read_scenario(name: str) -> dict[str, Any]:
    if name not in scenario_names():
        raise ScenarioError(f"no Hordes & Heroes scenario named {name!r} (shipped: {', '.join(scenario_names())})")
    text = resources.files(__package__).joinpath("scenarios", f"{name}.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    data.setdefault("name", name)
    return data


def _rear_problems(o: Options, front: Profile, rear_p: Profile, rear: int, stands: int) -> list[str]:
    """A combined-arms unit's rear part (HH.DATA.3); in 2012 both troop types are of one class (HH12.SPEC.16)."""
    out = []
    if not 1 <= rear < stands:
        out.append("rear_stands must leave at least one front stand [HH.DATA.3]")
    if o.rules.combined_same_class and front.cls is not rear_p.cls:
        classes = f"{front.cls.value} and {rear_p.cls.value}"
        out.append(f"a {o.rules.title} combined unit has one class, not {classes} [HH12.SPEC.16]")
    return out


def _options_with_edition(name: str, data: dict[str, Any], options: dict[str, Any] | None) -> dict[str, Any]:
    """The scenario's options with the overrides; the edition comes from `game new --option edition=...`, else
    the scenario's `edition` key (issue 18: "2022" or "2012"), and is left out for 2022."""
    opts = dict(data.get("options", {}))
    opts.update(options or {})
    edition = str(opts.pop("edition", data.get("edition", "2022")))
    if edition not in SUPPORTED_EDITIONS:
        raise ScenarioError(
            f"scenario {name}: edition {edition!r} is not supported; known editions: "
            + ", ".join(repr(e) for e in SUPPORTED_EDITIONS)
        )
    if edition != "2022":
        opts["edition"] = edition
    return opts


def build_state(data: dict[str, Any], options: dict[str, Any] | None = None) -> GameState:
    """A fresh game state from parsed scenario data plus option overrides (HH.PD.1, HH.PD.2, HH.SEQ.1)."""
    errs: list[str] = []
    name = str(data.get("name", "custom"))
    opts = _options_with_edition(name, data, options)
    try:
        o = Options.from_json(opts)
    except (TypeError, ValueError) as e:
        raise ScenarioError(f"scenario {name}: options: {e}") from None
    try:
        bf = build_battlefield(data["map"])
    except KeyError:
        raise ScenarioError(f"scenario {name}: a [map] table is required") from None
    except ValueError as e:
        raise ScenarioError(f"scenario {name}: {e}") from None
    sides_data = data.get("sides", [])
    if len(sides_data) != 2:
        raise ScenarioError(f"scenario {name}: exactly two [[sides]] are needed")
    sides = (str(sides_data[0]["name"]), str(sides_data[1]["name"]))
    if sides[0] == sides[1]:
        raise ScenarioError(f"scenario {name}: the two sides need different names")
    profiles = {}
    units: dict[int, Unit] = {}
    generals: dict[int, General] = {}
    armies = {}
    edges: dict[str, Edge] = {}
    zones = {}
    warnings: list[str] = []
    next_uid, next_gid = 1, 1
    for sd in sides_data:
        side = str(sd["name"])
        try:
            army = load_army_list(str(sd["army"]))
        except (KeyError, ValueError) as e:
            errs.append(f"side {side}: {e}")
            continue
        armies[side] = army.id
        for pid, p in army.profiles.items():
            profiles[f"{army.id}:{pid}"] = p
        unit_rows = sd.get("units", [])
        chosen = [str(u.get("profile")) for u in unit_rows]
        gens = [
            ForceGeneral(
                str(g.get("type", next(iter(army.generals)))), bool(g.get("hero", False)), bool(g.get("cinc", False))
            )
            for g in sd.get("generals", [])
        ]
        e, w = validate_army(army, chosen, gens, int(sd.get("points", 10**6)), o.rules)
        errs.extend(f"side {side}: {x}" for x in e)
        warnings.extend(w)
        if e:
            continue
        if "edge" in sd:
            edges[side] = Edge(sd["edge"])
        if "deploy_hexes" in sd:
            zones[side] = frozenset(bf.spec.parse(x) for x in sd["deploy_hexes"])
        for row in unit_rows:
            uid = int(row.get("id", next_uid))
            next_uid = max(next_uid, uid + 1)
            if uid in units:
                errs.append(f"side {side}: unit id {uid} is used twice")
                continue
            p = army.profile(str(row["profile"]))
            key = f"{army.id}:{p.id}"
            cur = key
            if row.get("dismounted"):
                if p.dismounted is None:
                    errs.append(f"side {side}: unit {uid} ({p.name}) cannot dismount [HH.MOVE.26]")
                else:
                    cur = f"{army.id}:{p.dismounted}"
            hx = bf.spec.parse(str(row["hex"])) if "hex" in row else None
            units[uid] = Unit(
                id=uid,
                side=side,
                profile=cur,
                base_profile=key,
                name=str(row.get("name", p.name)),
                hex=hx,
                facing=Facing.parse(str(row.get("facing", "N"))),
                formation=Formation(row.get("formation", "deployed")),
                stands=int(row.get("stands", p.stands)),
                nominal=int(row.get("nominal", p.stands)),
                disrupted=bool(row.get("disrupted", False)),
                static_combat=bool(row.get("static_combat", False)),
                hold_fire=bool(row.get("hold_fire", False)),
                pavisses=bool(row.get("pavisses", p.can_pavisse)),
                stakes_carried=p.can_stakes,
            )
            if "rear_profile" in row:
                # HH.SPECIAL.23, HH.DATA.3: a combined-arms unit; `profile` is its front troop type.
                rp = army.profile(str(row["rear_profile"]))
                rear = int(row.get("rear_stands", 2))
                errs.extend(f"side {side}: unit {uid}: {e}" for e in _rear_problems(o, p, rp, rear, units[uid].stands))
                units[uid] = replace(units[uid], rear_profile=f"{army.id}:{rp.id}", rear_stands=rear)
        for row in sd.get("boats", []):
            # HH.TERR.45, ruling HH.TERR.47: boats and rafts are scenario-defined, placed on a lake, never bought.
            uid = int(row.get("id", next_uid))
            next_uid = max(next_uid, uid + 1)
            if uid in units:
                errs.append(f"side {side}: unit id {uid} is used twice")
                continue
            hx = bf.spec.parse(str(row["hex"])) if "hex" in row else None
            if hx is None or not bf.on_map(hx) or bf.terrain_at(hx) is not Terrain.LAKE:
                errs.append(f"side {side}: boat {uid} needs a `hex` on a lake hex [HH.TERR.47]")
                continue
            profiles[BOAT_PROFILE_ID] = BOAT_PROFILE
            units[uid] = Unit(
                id=uid,
                side=side,
                profile=BOAT_PROFILE_ID,
                base_profile=BOAT_PROFILE_ID,
                name=str(row.get("name", "Boat")),
                hex=hx,
                facing=Facing.parse(str(row.get("facing", "N"))),
                stands=1,
                nominal=1,
            )
        cinc = choose_cinc(army, gens) if gens else -1
        for i, (row, fg) in enumerate(zip(sd.get("generals", []), gens, strict=True)):
            gid = int(row.get("id", next_gid))
            next_gid = max(next_gid, gid + 1)
            gt = army.generals[fg.type]
            generals[gid] = General(
                id=gid,
                side=side,
                name=str(row.get("name", gt.name)),
                cm=gt.cm,
                cr=gt.cr,
                hero=fg.hero,
                cinc=i == cinc,
                mounted=bool(row.get("mounted", gt.mounted)),
                cost=gt.points + (5 if fg.hero else 0),
                hex=bf.spec.parse(str(row["hex"])) if "hex" in row else None,
            )
    if errs:
        raise ScenarioError(f"scenario {name}:\n" + "\n".join(errs))
    if len(edges) == 1:
        only = next(iter(edges))
        edges[[s for s in sides if s != only][0]] = edges[only].opposite
    if len(edges) == 2 and edges[sides[0]] == edges[sides[1]]:
        raise ScenarioError(f"scenario {name}: the two sides cannot share the {edges[sides[0]].value} edge")
    state = GameState(
        scenario=name,
        title=str(data.get("title", name)),
        options=o,
        field=bf,
        profiles=profiles,
        sides=sides,
        armies=armies,
        units=units,
        generals=generals,
        edges=edges,
        edges_fixed=len(edges) == 2,
        deploy_zones=zones,
        warnings=tuple(warnings),
        casualties={s: {} for s in sides},
        generals_lost={s: () for s in sides},
        # HH.ARMY.16: combat stand total, fixed at the start, generals excluded.
        combat_stand_total={
            s: sum(u.nominal for u in units.values() if u.side == s and u.profile != BOAT_PROFILE_ID) for s in sides
        },
    )
    start = data.get("start")
    troops = [u for u in units.values() if u.profile != BOAT_PROFILE_ID]  # boats are always placed (HH.TERR.47)
    placed = [u.hex is not None for u in troops] + [g.hex is not None for g in generals.values()]
    if start is not None:
        if not all(placed):
            raise ScenarioError(f"scenario {name}: a [start] needs every unit and general placed with `hex`")
        if not state.edges_fixed:
            raise ScenarioError(f"scenario {name}: a [start] needs each side's `edge`")
        state.turn = int(start.get("turn", 1))
        state.phasing = str(start.get("phasing", sides[0]))
        state.first_mover = str(start.get("first_mover", state.phasing))
        state.phase = Phase.COMMAND_MOVE
        problems = check_placement(state)
        if problems:
            raise ScenarioError(f"scenario {name}:\n" + "\n".join(problems))
        return state
    if any(placed):
        raise ScenarioError(f"scenario {name}: units have hexes but there is no [start] table (a mid-battle start)")
    if o.initiative is Initiative.FIXED:
        if not state.edges_fixed or "first_deployer" not in data or "first_mover" not in data:
            raise ScenarioError(f"scenario {name}: fixed initiative needs both edges, first_deployer and first_mover")
        state.first_deployer = str(data["first_deployer"])
        state.first_mover = str(data["first_mover"])
        state.deploying = state.first_deployer
        state.phase = Phase.DEPLOYMENT
    return state


def check_placement(state: GameState) -> list[str]:
    """Every placed unit on the map, in passable terrain, one per hex (HH.BASE.6, HH.MOVE.30)."""
    from .zoc import can_occupy

    out = []
    seen = {}
    for u in state.live_units():
        assert u.hex is not None
        if not state.field.on_map(u.hex):
            out.append(f"unit {u.id} is off the map")
        elif not can_occupy(state, state.profile(u), u.hex):
            out.append(f"unit {u.id} stands in terrain it may not occupy at {state.label(u.hex)}")
        if u.hex in seen:
            out.append(f"units {seen[u.hex]} and {u.id} share {state.label(u.hex)}; one unit per hex [HH.BASE.6]")
        seen[u.hex] = u.id
        if not 1 <= u.stands <= u.nominal:
            out.append(f"unit {u.id}: stands must be 1..{u.nominal}")
    return out
