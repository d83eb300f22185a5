"""Reading the roster, maps and scenarios (TOML) into a GameState [CH.DATA.2] [CH.ROSTER.4] [CH.ROSTER.5].

Files live in games/cry_havoc/data (roster.toml, maps/*.toml, scenarios/*.toml), read through
importlib.resources; the format is in docs/scenarios.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from importlib import resources
from typing import Any

from campaign.hexgrid import Hex, LabelError, MapEdge
from campaign.kit.scenario_file import Fields, TomlDocument

from .board import Board, read_board
from .config import build_config
from .geometry import Body
from .model import Animal, AnimalKind, Character, Condition, Profile, Ransom, Values
from .state import GameState, Victory
from .tables import Weapon

DATA = resources.files("games.cry_havoc") / "data"
FACING_NAMES = {"E": 0, "NE": 1, "NW": 2, "W": 3, "SW": 4, "SE": 5}
"""Facing of a two-hex piece (rear -> front) on the pointy-top maps [CH.HORSE.1]."""
MODES = ("mounted", "mounted_wounded", "foot", "foot_wounded")


def _doc(path: str) -> TomlDocument:
    f = DATA.joinpath(path)
    if not f.is_file():
        raise ValueError(f"no data file {path}")
    return TomlDocument.parse(f.read_text(encoding="utf-8"), f"cry_havoc/data/{path}")


def _values(f: Fields, v: Any, where: str) -> Values | None:
    if v is None:
        return None
    if not (isinstance(v, list) and len(v) == 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        f.problem(where, "must be [attack, defence, movement], three whole numbers")
        return None
    if v[1] < 1:
        f.problem(where, "a defence is at least 1 [CH.ROSTER.4]")
    return Values(*v)


def read_profile(
    f: Fields, t: Mapping[str, Any], where: str, type_id: str, base: Profile | None = None
) -> Profile | None:
    """One character type, or a character's overrides on top of ``base`` [CH.ROSTER.2] [CH.ROSTER.4]."""
    vals = {m: _values(f, t.get(m), f"{where}.{m}") for m in MODES}
    if base is not None:
        vals = {m: vals[m] or getattr(base, m) for m in MODES}
    foot, fw = vals["foot"], vals["foot_wounded"]
    if foot is None or fw is None:
        f.problem(where, "needs foot and foot_wounded values")
        return None
    weapon = t.get("weapon", base.weapon.value if base and base.weapon else None)
    ransom = t.get("ransom", list(base.ransom) if base and base.ransom else None)
    p = Profile(
        type_id,
        str(t.get("name", base.name if base else type_id)),
        foot,
        fw,
        vals["mounted"],
        vals["mounted_wounded"],
        Weapon(weapon) if weapon in ("shortbow", "crossbow") else None,
        str(t.get("escort", base.escort if base else "none")),
        str(t.get("commander", base.commander if base else "")),
        (int(ransom[0]), int(ransom[1])) if ransom else None,
    )
    for good, bad in ((p.foot, p.foot_wounded), (p.mounted, p.mounted_wounded)):
        if good and bad and (bad.attack > good.attack or bad.defence > good.defence or bad.move > good.move):
            f.problem(where, "wounded values may not exceed unwounded ones [CH.ROSTER.4]")
    return p


def roster() -> tuple[dict[str, Profile], dict[AnimalKind, int]]:
    """The default roster: house values [CH.ROSTER.2]."""
    doc = _doc("roster.toml")
    f = Fields(doc)
    out = {}
    for tid, t in sorted(f.table(doc.data, "types", required=True).items()):
        p = read_profile(f, t, f"types.{tid}", tid)
        if p:
            out[tid] = p
    a = f.table(doc.data, "animals")
    animals = {
        AnimalKind.HORSE: f.integer(a, "horse_defence", "animals", 6, 1),
        AnimalKind.MULE: f.integer(a, "mule_defence", "animals", 4, 1),
    }
    f.done()
    return out, animals


def map_text(name: str) -> str:
    f = DATA.joinpath("maps", f"{name}.toml")
    if not f.is_file():
        raise ValueError(f"no map named {name!r}")
    return f.read_text(encoding="utf-8")


def board_from(name: str, text: str) -> Board:
    return read_board(TomlDocument.parse(text, f"cry_havoc/data/maps/{name}.toml"), name)


def scenario_names() -> list[str]:
    return sorted(p.name[:-5] for p in DATA.joinpath("scenarios").iterdir() if p.name.endswith(".toml"))


def scenario_doc(name: str) -> TomlDocument:
    f = DATA.joinpath("scenarios", f"{name}.toml")
    if not f.is_file():
        raise ValueError(f"no Cry Havoc scenario named {name!r} (scenarios: {', '.join(scenario_names())})")
    return TomlDocument.parse(f.read_text(encoding="utf-8"), f"cry_havoc/data/scenarios/{name}.toml")


def _body(f: Fields, board: Board, c: Mapping[str, Any], where: str, two: bool) -> Body | None:
    try:
        h = board.parse(str(c.get("at", "")))
    except LabelError as e:
        f.problem(f"{where}.at", str(e))
        return None
    if not two:
        return Body(h)
    d = FACING_NAMES.get(str(c.get("facing", "")).upper())
    if d is None:
        f.problem(f"{where}.facing", f"a horse needs a facing: one of {', '.join(FACING_NAMES)}")
        return None
    return Body(h, d)


OVERRIDES = {f"values_{m}": m for m in MODES}
"""Per-character value overrides: ``values_foot = [16, 6, 8]`` etc. [CH.ROSTER.4]."""
CHAR_KEYS = (
    "id",
    "name",
    "type",
    "side",
    "at",
    "facing",
    "mounted",
    "condition",
    "missiles",
    "sergeant",
    "needs_command",
    "quarter",
    "controller",
    "ransom",
    "captor",
    *OVERRIDES,
)


def read_character(
    f: Fields, board: Board, types: dict[str, Profile], c: Mapping[str, Any], where: str, sides: tuple[str, ...]
) -> Character | None:
    """One character of a scenario, with optional value overrides [CH.ROSTER.5] [CH.DATA.2]."""
    f.unknown(c, CHAR_KEYS, where)
    tid = f.text(c, "type", where)
    base = types.get(tid)
    if base is None:
        f.problem(f"{where}.type", f"unknown type {tid!r} (types: {', '.join(types)})")
        return None
    over = {m: c[k] for k, m in OVERRIDES.items() if k in c}
    prof = read_profile(f, {**over, "name": base.name}, where, tid, base) if over else base
    side = f.text(c, "side", where)
    if side not in sides:
        f.problem(f"{where}.side", f"must be one of {', '.join(sides)}")
    mounted = f.flag(c, "mounted", where, False)
    if prof and mounted and not prof.can_ride:
        f.problem(f"{where}.mounted", f"a {tid} has no mounted counter [CH.ROSTER.3]")
    body = _body(f, board, c, where, mounted)
    cond = f.one_of(c, "condition", {x.value: x for x in Condition}, where, "unwounded")
    if prof is None or cond is None:
        return None
    knight = prof.is_knight
    return Character(
        f.text(c, "id", where),
        f.text(c, "name", where, tid),
        side,
        prof,
        body,
        cond,
        mounted,
        mounted,
        f.one_of(c, "ransom", {x.value: x for x in Ransom}, where, "free") or Ransom.FREE,
        f.text(c, "captor", where, ""),
        (),
        c.get("missiles") if isinstance(c.get("missiles"), int) else None,
        sergeant=f.text(c, "sergeant", where, ""),
        needs_command=f.flag(c, "needs_command", where, not prof.commander),
        quarter=f.flag(c, "quarter", where, knight),
        controller=f.text(c, "controller", where, ""),
    )


def read_victory(f: Fields, board: Board, v: Mapping[str, Any]) -> Victory:
    """The scenario's own victory conditions (the rulebook has none) [CH.TURN.1]."""
    kind = f.one_of(v, "kind", {k: k for k in ("hold", "exit", "points")}, "victory") or "points"
    hexes = []
    for w in str(v.get("hexes", "")).split():
        try:
            hexes.append(board.parse(w))
        except LabelError as e:
            f.problem("victory.hexes", str(e))
    pts = tuple(sorted((str(k), int(x)) for k, x in dict(v.get("points", {})).items()))
    return Victory(
        kind,
        f.text(v, "side", "victory", ""),
        frozenset(hexes),
        f.integer(v, "count", "victory", 1),
        pts,
        f.text(v, "text", "victory", ""),
    )


def _edges(f: Fields, d: Mapping[str, Any], key: str, sides: tuple[str, ...]) -> dict[str, tuple[MapEdge, ...]]:
    out = {}
    for side, edges in f.table(d, key).items():
        if side not in sides:
            f.problem(f"{key}.{side}", f"unknown side (sides: {', '.join(sides)})")
        try:
            out[side] = tuple(MapEdge(e) for e in edges)
        except (ValueError, TypeError):
            f.problem(f"{key}.{side}", "must list edges: top, bottom, left, right")
    return out


def _pieces(
    f: Fields, board: Board, types: dict[str, Profile], d: Mapping[str, Any], sides: tuple[str, ...]
) -> tuple[dict[str, Character], dict[str, Animal], dict[Hex, int]]:
    """The scenario's characters, animals and corpses [CH.DATA.2]."""
    chars: dict[str, Character] = {}
    for i, c in enumerate(f.tables(d, "characters", required=True)):
        ch = read_character(f, board, types, c, f"characters[{i}]", sides)
        if ch:
            if ch.id in chars:
                f.problem(f"characters[{i}].id", f"{ch.id} is used twice")
            chars[ch.id] = ch
    animals: dict[str, Animal] = {}
    for i, a in enumerate(f.tables(d, "animals")):
        where = f"animals[{i}]"
        kind = f.one_of(a, "kind", {k.value: k for k in AnimalKind}, where)
        body = _body(f, board, a, where, kind is AnimalKind.HORSE)
        if kind and body:
            aid = f.text(a, "id", where)
            side, alive = f.text(a, "side", where, ""), f.flag(a, "alive", where, True)
            animals[aid] = Animal(aid, kind, side, body, alive, follows=f.text(a, "follows", where, ""))
    dead: dict[Hex, int] = {}
    for i, c in enumerate(f.tables(d, "corpses")):
        try:
            dead[board.parse(str(c.get("at")))] = f.integer(c, "men", f"corpses[{i}]", 1, 0)
        except LabelError as e:
            f.problem(f"corpses[{i}].at", str(e))
    return chars, animals, dead


def build_state(name: str, options: Mapping[str, Any] | None = None, doc: TomlDocument | None = None) -> GameState:
    """A game from a scenario file (or an inline document), with options on top [CH.DATA.2]."""
    doc = doc or scenario_doc(name)
    f = Fields(doc)
    d = doc.data
    f.unknown(
        d,
        (
            "title",
            "description",
            "map",
            "turns",
            "sides",
            "first",
            "house_values",
            "options",
            "victory",
            "exits",
            "friendly_edges",
            "start",
            "characters",
            "animals",
            "corpses",
            "standing",
        ),
    )
    types, animal_def = roster()
    mname = f.text(d, "map")
    text = map_text(mname)
    board = board_from(mname, text)
    sides = tuple(d.get("sides", ()))
    if len(sides) != 2:
        f.problem("sides", "a scenario has exactly two sides")
        f.done()
    opts = dict(f.table(d, "options"))
    opts.update(options or {})
    turns_override = opts.pop("turns", None)
    try:
        config = build_config(opts)
    except ValueError as e:
        f.problem("options", str(e))
        config = build_config({})
    chars, animals, dead = _pieces(f, board, types, d, sides)
    start = f.table(d, "start")
    first = f.text(d, "first", default=sides[0])
    state = GameState(
        name,
        f.text(d, "title", default=name),
        board,
        text,
        config,
        (first, [s for s in sides if s != first][0]),
        f.integer(d, "turns", low=1),
        read_victory(f, board, f.table(d, "victory", required=True)),
        chars,
        animals,
        dead,
        _edges(f, d, "exits", sides),
        _edges(f, d, "friendly_edges", sides),
        animal_defence=animal_def,
    )
    if turns_override is not None:
        state.turns = int(turns_override)  # a shorter (or longer) game: game new --option turns=N
    state.turn = f.integer(start, "turn", "start", 1, 1)
    state.phasing = state.sides.index(f.text(start, "side", "start", first)) if start.get("side") in sides else 0
    for side, table in f.table(d, "standing").items():
        state.standing[side] = {str(k): str(v) for k, v in table.items()}
    _check_places(f, state)
    f.done()
    if config.options__ammunition:
        state.ammo_rolled = bool(start.get("ammo_rolled", False))
    return state


def _check_places(f: Fields, state: GameState) -> None:
    """Every piece on the map, on terrain it may occupy, one live man per hex [CH.STACK.1] [CH.STACK.6]."""
    seen: dict[Hex, str] = {}
    for c in sorted(state.characters.values(), key=lambda c: c.id):
        for h in c.hexes:
            if not state.board.on_map(h):
                f.problem("characters", f"{c.id} stands off the map")
            elif state.board.cost(h, c.mounted) >= 99:
                f.problem(
                    "characters", f"{c.id} cannot stand in {state.board.label(h)} ({state.board.at(h).name.lower()})"
                )
            if c.live and h in seen:
                f.problem("characters", f"{c.id} and {seen[h]} share {state.board.label(h)} [CH.STACK.1]")
            if c.live:
                seen[h] = c.id


def with_missiles(c: Character, n: int) -> Character:
    return replace(c, missiles=n)
