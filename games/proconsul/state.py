"""The game state of a Proconsul battle, and its JSON form for snapshots [PC.PBEM.1] [PC.SEQ.*].

The state is one mutable record holding frozen stands, generals, groups and melees; the engine
works on the copy the core hands it. `dump`/`load` round-trip exactly (tested).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from campaign.hexgrid import Hex, MapSpec, Offset, Orientation

from .config import Config, config_from, config_to_json
from .model import (
    ArmyStatus,
    Category,
    General,
    Group,
    Impetuous,
    Melee,
    Missile,
    Modifier,
    Move,
    OrderClass,
    RangeBand,
    Stand,
    Troop,
)


class Phase(Enum):
    """Where the game is in the initiative loop [PC.SEQ.2] [PC.PBEM.3]."""

    DECLARE = "declare"
    """W1: both sides declare a group, sealed [PC.SEQ.2]."""
    ACTIVATE = "activate"
    """W2: the active side's orders for its group's activation."""
    OVER = "over"
    """A side broke, or the round limit came [PC.VICTORY.3] [PC.SEQ.11]."""


class Terrain(Enum):
    """Hex terrain [PC.TERRAIN.1] [PC.TERRAIN.7], read per scenario [PC.TERRAIN.6]; its rules are those of [PC.TERRAIN.2].

    Elevation comes from the terrain (hillside 1, hilltop 2) or the scenario [PC.TERRAIN.4] [PC.GEOM.18].
    A scenario adds its own factors as dice modifiers by category, troop, side and terrain (`Modifier`).
    """

    PLAIN = "plain"
    """Open, elevation 0."""
    HILLSIDE = "hillside"
    """Open, elevation 1."""
    HILLTOP = "hilltop"
    """Open, elevation 2."""
    WOODS = "woods"
    """Cover, difficult, blocks sight."""
    TOWN = "town"
    """Cover, difficult, blocks sight, no mounted stands."""
    ROUGH = "rough"
    """Difficult, open to sight."""
    MARSH = "marsh"
    """Difficult, open to sight."""
    IMPASSABLE = "impassable"
    """Cannot be entered."""


class Edge(Enum):
    """Hexside features [PC.GEOM.19] [PC.TERRAIN.7]."""

    CREEK = "creek"
    """Crossing ends the move; defender +1D6; no impact across."""
    RIVER = "river"
    """Crossing takes a whole move; defender +1D6; no impact across."""
    FORD = "ford"
    """A river ford: counts as a creek."""
    FIELD_DEFENCE = "field_defence"
    """Crossing ends the move; cover against fire across; defender +1D6; no impact across."""


ELEVATION = {Terrain.HILLSIDE: 1, Terrain.HILLTOP: 2}
"""Default elevation of hill terrain [PC.GEOM.18]."""


def edge_key(a: Hex, b: Hex) -> tuple[int, int, int, int]:
    """One key for the hexside between two adjacent hexes, whichever side it is named from."""
    lo, hi = sorted((a, b))
    return lo.q, lo.r, hi.q, hi.r


@dataclass
class State:
    """Everything replay knows about one battle."""

    title: str
    scenario: str
    spec: MapSpec
    sides: tuple[str, str]
    """Scenario side A then side B: the order of simultaneous rolls [PC.DICE.5]."""
    troops: dict[str, Troop]
    stands: dict[str, Stand]
    generals: dict[str, General]
    groups: dict[str, Group]
    army: dict[str, ArmyStatus]
    config: Config = field(default_factory=Config)
    terrain: dict[Hex, Terrain] = field(default_factory=dict)
    elevation: dict[Hex, int] = field(default_factory=dict)
    edges: dict[tuple[int, int, int, int], Edge] = field(default_factory=dict)
    melees: dict[int, Melee] = field(default_factory=dict)
    next_melee: int = 1
    round: int = 1
    activation: int = 0
    """Activations begun so far in the game (melee re-fight book-keeping) [PC.SEQ.9]."""
    round_start: int = 0
    """The activation count when this round began (for `ongoing_refight = "per_round"`) [PC.SEQ.9]."""
    phase: Phase = Phase.DECLARE
    window: int = 1
    """Counts the order windows, so every request key is new."""
    declarations: dict[str, str] = field(default_factory=dict)
    """Sealed declarations on file for the current window: side -> group [PC.SEQ.2]."""
    kept: dict[str, str] = field(default_factory=dict)
    """Declarations kept after a lost roll when `loser_keeps_declaration` [PC.SEQ.2]."""
    active_side: str = ""
    active_group: str = ""
    moved: set[str] = field(default_factory=set)
    """Stands of the active group marked moved [PC.SEQ.6]."""
    script: dict[str, Any] | None = None
    """The active side's activation orders on file."""
    prescripts: dict[str, dict[str, list[Any]]] = field(default_factory=dict)
    """Orders sent ahead for a group, used if it wins the roll (pre-scripted mode) [PC.PBEM.9]."""
    modifiers: list[Modifier] = field(default_factory=list)
    """The scenario's dice modifiers [PC.UNITS.9] [PC.TERRAIN.5]."""
    standing: dict[str, dict[str, str]] = field(default_factory=dict)
    """Each side's standing orders: key -> yes, no or ask (see `standing.py`) [PC.PBEM.6]."""
    last_moves: list[Move] = field(default_factory=list)
    result: tuple[str | None, str] | None = None
    side_names: dict[str, str] = field(default_factory=dict)

    # --- reading -------------------------------------------------------------------------------
    def troop(self, s: Stand) -> Troop:
        return self.troops[s.troop]

    def cat(self, s: Stand) -> Category:
        return self.troops[s.troop].category

    def live(self, side: str | None = None) -> list[Stand]:
        """Stands on the board, in id order (the engine's tie-break order)."""
        return [s for s in sorted(self.stands.values(), key=lambda s: s.id) if s.on_board and side in (None, s.side)]

    def at(self, h: Hex) -> Stand | None:
        for s in self.stands.values():
            if s.on_board and s.hex == h:
                return s
        return None

    def on_map(self, h: Hex) -> bool:
        """A hex of the board's finite set [PC.GEOM.1]."""
        return self.spec.contains(h)

    def ground(self, h: Hex) -> Terrain:
        return self.terrain.get(h, Terrain.PLAIN)

    def elev(self, h: Hex) -> int:
        return self.elevation.get(h, ELEVATION.get(self.ground(h), 0))

    def edge(self, a: Hex, b: Hex) -> Edge | None:
        return self.edges.get(edge_key(a, b))

    def enemy(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def group_stands(self, group: str) -> list[Stand]:
        return [s for s in self.live() if s.group == group]

    def unactivated(self, side: str) -> list[Group]:
        """Groups of `side` still to activate this round that have a stand on the board [PC.SEQ.1]."""
        return [
            g
            for g in sorted(self.groups.values(), key=lambda g: g.id)
            if g.side == side and not g.activated and self.group_stands(g.id)
        ]

    def general_of(self, group: str) -> General | None:
        g = self.generals.get(self.groups[group].general)
        return g if g is not None and g.alive else None

    def melee_of(self, stand_id: str) -> Melee | None:
        for m in self.melees.values():
            if stand_id in m.stands:
                return m
        return None

    def put(self, s: Stand) -> None:
        self.stands[s.id] = s

    def label(self, h: Hex) -> str:
        return self.spec.label(h)

    def modifier_dice(self, s: Stand, when: str) -> int:
        """The scenario's dice modifiers that apply to this stand now [PC.UNITS.9] [PC.TERRAIN.5]."""
        cat, ground = self.cat(s), self.ground(s.hex).value
        return sum(
            m.dice
            for m in self.modifiers
            if m.when == when
            and m.category in (None, cat)
            and m.troop in ("", s.troop)
            and m.side in ("", s.side)
            and m.terrain in ("", ground)
        )


# --- JSON -----------------------------------------------------------------------------------


def _hex(h: Hex | None) -> list[int] | None:
    return None if h is None else [h.q, h.r]


def _unhex(v: list[int] | None) -> Hex | None:
    return None if v is None else Hex(v[0], v[1])


def troop_json(t: Troop) -> dict[str, Any]:
    return {
        "key": t.key, "name": t.name, "category": t.category.value, "ranks": list(t.ranks), "impact": t.impact,
        "impact_after_loss": t.impact_after_loss, "mp": t.mp, "order_class": t.order_class.name, "bp": list(t.bp),
        "missile": t.missile.value, "ranges": [[b.max_range, b.dice] for b in t.ranges], "legionary": t.legionary,
        "roman_archer": t.roman_archer, "impetuous": t.impetuous.value, "horse_archer": t.horse_archer,
        "numidian": t.numidian, "li_javelin": t.li_javelin, "fires_any_direction": t.fires_any_direction,
        "sideways_no_disorder": t.sideways_no_disorder, "group_kind": t.group_kind, "house": t.house,
    }  # fmt: skip


def troop_from(d: dict[str, Any]) -> Troop:
    return Troop(
        key=d["key"], name=d["name"], category=Category(d["category"]), ranks=tuple(d["ranks"]), impact=d["impact"],
        impact_after_loss=d["impact_after_loss"], mp=d["mp"], order_class=OrderClass[d["order_class"]],
        bp=tuple(d["bp"]), missile=Missile(d["missile"]), ranges=tuple(RangeBand(a, b) for a, b in d["ranges"]),
        legionary=d["legionary"], roman_archer=d["roman_archer"], impetuous=Impetuous(d["impetuous"]),
        horse_archer=d["horse_archer"], numidian=d["numidian"], li_javelin=d["li_javelin"],
        fires_any_direction=d["fires_any_direction"], sideways_no_disorder=d["sideways_no_disorder"],
        group_kind=d["group_kind"], house=d["house"],
    )  # fmt: skip


def _stand_row(s: Stand) -> list[Any]:
    return [s.id, s.side, s.group, s.troop, _hex(s.hex), s.facing, list(s.ranks), s.front_loss, s.disordered,
            s.opportunity, s.removed]  # fmt: skip


def _general_row(g: General) -> list[Any]:
    return [g.id, g.side, g.group, _hex(g.hex), g.initiative, g.command_range, g.alive, g.moved, g.attached,
            g.replacement, _hex(g.died_at)]  # fmt: skip


def dump_state(st: State) -> dict[str, Any]:
    sp = st.spec
    return {
        "title": st.title,
        "scenario": st.scenario,
        "spec": [sp.columns, sp.rows, sp.orientation.value, sp.offset.value, sp.first_column, sp.first_row],
        "sides": list(st.sides),
        "side_names": st.side_names,
        "troops": {k: troop_json(t) for k, t in sorted(st.troops.items())},
        "stands": [_stand_row(s) for s in sorted(st.stands.values(), key=lambda s: s.id)],
        "generals": [_general_row(g) for g in sorted(st.generals.values(), key=lambda g: g.id)],
        "groups": [
            [g.id, g.side, g.name, g.general, g.activated] for g in sorted(st.groups.values(), key=lambda g: g.id)
        ],
        "army": {k: [a.total, a.lost] for k, a in sorted(st.army.items())},
        "config": config_to_json(st.config),
        "terrain": sorted([h.q, h.r, t.value] for h, t in st.terrain.items()),
        "elevation": sorted([h.q, h.r, e] for h, e in st.elevation.items()),
        "edges": sorted([*k, e.value] for k, e in st.edges.items()),
        "melees": [
            [
                m.id,
                m.attacker,
                [list(b) for b in m.battle],
                list(m.supporters),
                list(m.non_facing),
                m.ongoing,
                m.fought_in,
                list(m.flank_bonus),
                list(m.mounted_frontal),
            ]
            for m in sorted(st.melees.values(), key=lambda m: m.id)
        ],  # fmt: skip
        "next_melee": st.next_melee,
        "round": st.round,
        "activation": st.activation,
        "round_start": st.round_start,
        "phase": st.phase.value,
        "window": st.window,
        "declarations": dict(sorted(st.declarations.items())),
        "kept": dict(sorted(st.kept.items())),
        "active_side": st.active_side,
        "active_group": st.active_group,
        "moved": sorted(st.moved),
        "script": st.script,
        "standing": {k: dict(sorted(v.items())) for k, v in sorted(st.standing.items())},
        "prescripts": {k: dict(sorted(v.items())) for k, v in sorted(st.prescripts.items())},
        "modifiers": [
            [m.when, m.dice, m.category.value if m.category else "", m.troop, m.side, m.terrain] for m in st.modifiers
        ],
        "last_moves": [[m.side, [_hex(h) for h in m.hexes], m.attack] for m in st.last_moves],
        "result": None if st.result is None else list(st.result),
    }


def load_state(d: dict[str, Any]) -> State:
    c, r, orient, off, fc, fr = d["spec"]
    st = State(
        title=d["title"],
        scenario=d["scenario"],
        spec=MapSpec(c, r, Orientation(orient), Offset(off), fc, fr),
        sides=(d["sides"][0], d["sides"][1]),
        troops={k: troop_from(v) for k, v in d["troops"].items()},
        stands={},
        generals={},
        groups={},
        army={k: ArmyStatus(v[0], v[1]) for k, v in d["army"].items()},
        config=config_from(d["config"]),
    )
    st.side_names = dict(d["side_names"])
    for sid, side, grp, troop, h, f, ranks, fl, dis, opp, rem in d["stands"]:
        st.stands[sid] = Stand(sid, side, grp, troop, Hex(*h), f, tuple(ranks), fl, dis, opp, rem)
    for gid, side, grp, h, ini, rng, alive, moved, att, repl, died in d["generals"]:
        st.generals[gid] = General(gid, side, grp, Hex(*h), ini, rng, alive, moved, att, repl, _unhex(died))
    for gid, side, name, gen, act in d["groups"]:
        st.groups[gid] = Group(gid, side, name, gen, act)
    st.terrain = {Hex(q, r_): Terrain(t) for q, r_, t in d["terrain"]}
    st.elevation = {Hex(q, r_): e for q, r_, e in d["elevation"]}
    st.edges = {(a, b, c_, e): Edge(k) for a, b, c_, e, k in d["edges"]}
    for mid, att, battle, sup, nf, ong, fought, fb, mf in d["melees"]:
        st.melees[mid] = Melee(
            mid, att, tuple((b[0], b[1]) for b in battle), tuple(sup), tuple(nf), ong, fought, tuple(fb), tuple(mf)
        )
    st.next_melee, st.round, st.activation = d["next_melee"], d["round"], d["activation"]
    st.round_start = d.get("round_start", 0)
    st.phase, st.window = Phase(d["phase"]), d["window"]
    st.declarations, st.kept = dict(d["declarations"]), dict(d["kept"])
    st.active_side, st.active_group = d["active_side"], d["active_group"]
    st.moved = set(d["moved"])
    st.script = d["script"]
    st.standing = {k: dict(v) for k, v in d.get("standing", {}).items()}
    st.prescripts = {k: dict(v) for k, v in d.get("prescripts", {}).items()}
    st.modifiers = [
        Modifier(w, n, Category(c) if c else None, t, sd, tr) for w, n, c, t, sd, tr in d.get("modifiers", [])
    ]
    st.last_moves = [Move(side, tuple(Hex(*h) for h in hs), att) for side, hs, att in d["last_moves"]]
    st.result = None if d["result"] is None else (d["result"][0], d["result"][1])
    return st


def with_stand(st: State, sid: str, **changes: Any) -> Stand:
    """Replace fields of a stand in the state and return the new record."""
    s = replace(st.stands[sid], **changes)
    st.stands[sid] = s
    return s
