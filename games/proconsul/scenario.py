"""Scenarios as TOML (format in docs/scenarios.md): map, terrain, sides, groups, stands, markers [PC.CMD.1].

A scenario names each side's army list, may add troop types inline (``[[troops]]`` with a
``side``), places every stand and general, and may start at any phase with every marker set
(disorder, opportunity, losses, activated groups, ongoing melees, lost break points).
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources
from typing import Any

from campaign.hexgrid import Hex, LabelError, MapSpec, Offset, Orientation
from campaign.kit.scenario_file import Fields, ScenarioError, TomlDocument

from .armies import defaults, load_army, read_troop
from .config import config_from
from .geometry import FACING_NAMES
from .model import ArmyStatus, Category, General, Group, Melee, Modifier, Stand, Training, Troop
from .state import Edge, Phase, State, Terrain, edge_key

SIDE_NAMES = {"e": 0, "ne": 1, "nw": 2, "w": 3, "sw": 4, "se": 5}
"""Hexside names on a pointy-top map (direction k)."""

TOP_KEYS = ("title", "description", "map", "sides", "armies", "config", "terrain", "edges", "troops", "groups",
            "stands", "start", "melees", "house_values", "modifiers")  # fmt: skip


def scenario_names() -> list[str]:
    root = resources.files(__package__).joinpath("scenarios")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml"))


def scenario_doc(name: str) -> TomlDocument:
    if name not in scenario_names():
        raise ValueError(f"no Proconsul scenario named {name!r} (shipped: {', '.join(scenario_names())})")
    text = resources.files(__package__).joinpath("scenarios", f"{name}.toml").read_text(encoding="utf-8")
    return TomlDocument.parse(text, f"proconsul/scenarios/{name}.toml")


class _Reader:
    """Reads one scenario document into a State, collecting every problem with its line."""

    def __init__(self, doc: TomlDocument, name: str):
        self.doc, self.name, self.f = doc, name, Fields(doc)
        self.spec = MapSpec(1, 1)

    def hex(self, text: Any, path: str) -> Hex | None:
        if not isinstance(text, str):
            self.f.problem(path, f'must be a hex label in quotes like "0504", not {text!r}')
            return None
        try:
            h = self.spec.parse(text)
        except LabelError as e:
            self.f.problem(path, str(e))
            return None
        if not self.spec.contains(h):
            self.f.problem(path, f"{text} is off the map")
            return None
        return h

    def facing(self, v: Any, path: str) -> int:
        if isinstance(v, str) and v.lower() in FACING_NAMES:
            return FACING_NAMES[v.lower()]
        self.f.problem(path, f"must be one of {', '.join(n.upper() for n in FACING_NAMES)}, not {v!r}")
        return 0

    def build(self, options: dict[str, Any]) -> State:
        f, data = self.f, self.doc.data
        f.unknown(data, TOP_KEYS)
        m = f.table(data, "map", required=True)
        cols, rows = f.integer(m, "columns", "map", low=4, high=60), f.integer(m, "rows", "map", low=4, high=60)
        self.spec = MapSpec(max(cols, 1), max(rows, 1), Orientation.POINTY, Offset.ODD)
        sides = data.get("sides", [])
        if not (
            isinstance(sides, list)
            and len(sides) == 2
            and all(isinstance(s, str) for s in sides)
            and sides[0] != sides[1]
        ):
            f.problem("sides", "must list two different side names, side A first")
            f.done()
        cfg_table = {**f.table(data, "config"), **{k: v for k, v in options.items() if k != "seed"}}
        try:
            cfg = config_from(cfg_table)
        except ValueError as e:
            f.problem("config", str(e))
            cfg = config_from({})
        st = State(
            title=f.text(data, "title"), scenario=self.name, spec=self.spec, sides=(sides[0], sides[1]),
            troops={}, stands={}, generals={}, groups={}, army={}, config=cfg,
        )  # fmt: skip
        training = self._troops(st)
        self._terrain(st)
        self._edges(st)
        self._groups(st, training)
        self._stands(st)
        for side in st.sides:
            total = sum(st.troops[s.troop].bp_total for s in st.stands.values() if s.side == side)
            st.army[side] = ArmyStatus(total)
        self._start(st)
        self._melees(st)
        self._modifiers(st)
        f.done()
        return st

    def _modifiers(self, st: State) -> None:
        """[[modifiers]]: dice for some stands in melee or fire, by category, troop, side, terrain [PC.TERRAIN.5]."""
        f = self.f
        cats = {c.value: c for c in Category}
        kinds = {t.value: t.value for t in Terrain}
        for i, m in enumerate(f.tables(self.doc.data, "modifiers")):
            where = f"modifiers[{i}]"
            f.unknown(m, ("when", "dice", "category", "troop", "side", "terrain"), where)
            when = f.one_of(m, "when", {"melee": "melee", "fire": "fire"}, where) or "melee"
            side = f.text(m, "side", where, default="")
            troop = f.text(m, "troop", where, default="")
            key = f"{side}:{troop}" if troop and side else ""
            if troop and key not in st.troops:
                f.problem(f"{where}.troop", "give the side too, and a troop of its army list")
            category = f.one_of(m, "category", cats, where) if "category" in m else None
            terrain = f.one_of(m, "terrain", kinds, where) if "terrain" in m else ""
            dice = f.integer(m, "dice", where, low=-6, high=6)
            st.modifiers.append(Modifier(when, dice, category, key, side, terrain or ""))

    def _troops(self, st: State) -> dict[str, Training]:
        f = self.f
        armies = f.table(self.doc.data, "armies", required=True)
        training: dict[str, Training] = {}
        for side in st.sides:
            entry = f.table(armies, side, "armies", required=True)
            st.side_names[side] = f.text(entry, "name", f"armies.{side}", default=side.capitalize())
            try:
                army = load_army(f.text(entry, "list", f"armies.{side}"))
            except (ValueError, ScenarioError) as e:
                f.problem(f"armies.{side}.list", str(e))
                continue
            training[side] = Training(f.text(entry, "training", f"armies.{side}", default=army.training.value))
            for t in army.troops.values():
                st.troops[f"{side}:{t.key}"] = replace(t, key=f"{side}:{t.key}")
        base = defaults()
        for i, line in enumerate(f.tables(self.doc.data, "troops")):
            owner = line.get("side")
            if owner not in st.sides:
                f.problem(f"troops[{i}].side", f"must be one of {', '.join(st.sides)}")
                continue
            extra = read_troop(f, line, f"troops[{i}]", base)
            if extra is not None:
                st.troops[f"{owner}:{extra.key}"] = replace(extra, key=f"{owner}:{extra.key}")
        return training

    def _terrain(self, st: State) -> None:
        kinds = {t.value: t for t in Terrain}
        for i, block in enumerate(self.f.tables(self.doc.data, "terrain")):
            where = f"terrain[{i}]"
            kind = self.f.one_of(block, "kind", kinds, where)
            for h in self._hexes(block, where):
                if kind is not None:
                    st.terrain[h] = kind
                if "elevation" in block:
                    st.elevation[h] = self.f.integer(block, "elevation", where)

    def _hexes(self, block: dict[str, Any], where: str) -> list[Hex]:
        out = [h for j, t in enumerate(block.get("hexes", [])) if (h := self.hex(t, f"{where}.hexes[{j}]"))]
        if "rect" in block:
            corners = [self.hex(t, f"{where}.rect") for t in block["rect"]]
            if len(corners) == 2 and all(corners):
                (c1, r1), (c2, r2) = (self.spec.to_label_pair(h) for h in corners if h)
                out += [
                    self.spec.to_hex(c, r)
                    for c in range(min(c1, c2), max(c1, c2) + 1)
                    for r in range(min(r1, r2), max(r1, r2) + 1)
                ]
        return out

    def _edges(self, st: State) -> None:
        kinds = {e.value: e for e in Edge}
        for i, block in enumerate(self.f.tables(self.doc.data, "edges")):
            where = f"edges[{i}]"
            kind = self.f.one_of(block, "kind", kinds, where)
            sides = []
            for j, name in enumerate(block.get("sides", [])):
                if isinstance(name, str) and name.lower() in SIDE_NAMES:
                    sides.append(SIDE_NAMES[name.lower()])
                else:
                    self.f.problem(
                        f"{where}.sides[{j}]",
                        f"must be one of {', '.join(n.upper() for n in SIDE_NAMES)}, not {name!r}",
                    )
            for h in self._hexes(block, where):
                for k in sides:
                    if kind is not None:
                        st.edges[edge_key(h, h.neighbour(k))] = kind

    def _groups(self, st: State, training: dict[str, Training]) -> None:
        f, cfg = self.f, st.config
        for i, g in enumerate(f.tables(self.doc.data, "groups", required=True)):
            where = f"groups[{i}]"
            gid, side = f.text(g, "id", where), f.text(g, "side", where)
            if side not in st.sides:
                f.problem(f"{where}.side", f"must be one of {', '.join(st.sides)}")
                continue
            h = self.hex(g.get("general"), f"{where}.general")
            poor = training.get(side) is Training.POOR
            rng = cfg.command_range_poor if poor else cfg.command_range_well
            ini = f.integer(g, "initiative", where, default=cfg.general_initiative_mod, low=-2, high=2)
            gen = General(
                f"G{gid}", side, gid, h or Hex(0, 0), ini, rng, attached=f.text(g, "attached", where, default="")
            )
            st.generals[gen.id] = gen
            st.groups[gid] = Group(gid, side, f.text(g, "name", where, default=gid.capitalize()), gen.id,
                                   f.flag(g, "activated", where, default=False))  # fmt: skip

    def _stands(self, st: State) -> None:
        f = self.f
        for i, s in enumerate(f.tables(self.doc.data, "stands", required=True)):
            where = f"stands[{i}]"
            sid, side, grp = f.text(s, "id", where), f.text(s, "side", where), f.text(s, "group", where)
            troop_key = f"{side}:{f.text(s, 'troop', where)}"
            h = self.hex(s.get("hex"), f"{where}.hex")
            if troop_key not in st.troops:
                f.problem(
                    f"{where}.troop", f"no troop {s.get('troop')!r} in {side}'s army list or the scenario's [[troops]]"
                )
                continue
            if grp not in st.groups or st.groups[grp].side != side:
                f.problem(f"{where}.group", f"no group {grp!r} of side {side!r}")
                continue
            if sid in st.stands:
                f.problem(f"{where}.id", f"{sid!r} is used twice")
            if h is not None and any(o.hex == h for o in st.stands.values()):
                f.problem(f"{where}.hex", "another stand is already there: one stand per hex [PC.UNITS.1]")
            troop: Troop = st.troops[troop_key]
            ranks = tuple(s.get("ranks", troop.ranks))
            st.stands[sid] = Stand(
                sid, side, grp, troop_key, h or Hex(0, 0), self.facing(s.get("facing", "N"), f"{where}.facing"), ranks,
                front_loss=max(0, troop.ranks[0] - ranks[0]) if ranks else 0,
                disordered=f.flag(s, "disordered", where, default=False),
                opportunity=f.flag(s, "opportunity", where, default=False),
            )  # fmt: skip

    def _start(self, st: State) -> None:
        f = self.f
        start = f.table(self.doc.data, "start")
        st.round = f.integer(start, "round", "start", default=1, low=1)
        phase = f.one_of(
            start, "phase", {"declare": Phase.DECLARE, "activate": Phase.ACTIVATE}, "start", default="declare"
        )
        st.phase = phase or Phase.DECLARE
        if st.phase is Phase.ACTIVATE:
            st.active_side = f.text(start, "active_side", "start")
            st.active_group = f.text(start, "active_group", "start")
            if st.active_group not in st.groups or st.groups[st.active_group].side != st.active_side:
                f.problem("start.active_group", "must be a group of the active side")
        st.moved = set(start.get("moved", []))
        for side, lost in f.table(start, "lost", "start").items():
            if side in st.army:
                st.army[side] = ArmyStatus(st.army[side].total, int(lost))

    def _melees(self, st: State) -> None:
        f = self.f
        for i, m in enumerate(f.tables(self.doc.data, "melees")):
            where = f"melees[{i}]"
            battle = m.get("battle", [])
            if len(battle) != 2 or any(b not in st.stands for b in battle):
                f.problem(f"{where}.battle", "must name two stands on the map: the attacker's then the defender's")
                continue
            a, d = st.stands[battle[0]], st.stands[battle[1]]
            st.melees[st.next_melee] = Melee(
                st.next_melee, a.side, ((a.side, a.id), (d.side, d.id)), tuple(m.get("supporters", [])), (),
                f.flag(m, "ongoing", where, default=True), -1, tuple(m.get("flank_bonus", [])),
            )  # fmt: skip
            st.next_melee += 1


def build_state(doc: TomlDocument, name: str, options: dict[str, Any] | None = None) -> State:
    """A fresh battle from a scenario document; raises ScenarioError listing every problem."""
    return _Reader(doc, name).build(dict(options or {}))


def load_scenario(name: str, options: dict[str, Any] | None = None) -> State:
    return build_state(scenario_doc(name), name, options)
