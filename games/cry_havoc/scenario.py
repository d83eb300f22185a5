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
from .setup_markers import check_markers
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


PROFILE_KEYS = ("name", *MODES, "weapon", "escort", "commander", "ransom")
"""The fields of one character type, in data/roster.toml or a scenario's own ``[types.ID]`` [CH.ROSTER.2]."""
_CHOICES = {
    "weapon": ("shortbow", "crossbow"),
    "escort": ("full", "half", "none"),
    "commander": ("knight", "sergeant", ""),
}


def _choice(f: Fields, t: Mapping[str, Any], key: str, where: str, default: Any) -> Any:
    """A profile field that must be one of its words [CH.MISSILE.1] [CH.RANSOM.6] [CH.COMMAND.2]."""
    v = t.get(key, default)
    if v is not None and v not in _CHOICES[key]:
        f.problem(f"{where}.{key}", f"must be one of {', '.join(repr(c) for c in _CHOICES[key])}, not {v!r}")
        return default
    return v


def _ransom(f: Fields, v: Any, where: str) -> tuple[int, int] | None:
    """A knight's ransom counter, ``[attack, defence]`` [CH.RANSOM.4]."""
    if v is None:
        return None
    if isinstance(v, tuple):
        return (int(v[0]), int(v[1]))
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        f.problem(f"{where}.ransom", f"must be [attack, defence], two whole numbers, not {v!r}")
        return None
    return (v[0], v[1])


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
    weapon = _choice(f, t, "weapon", where, base.weapon.value if base and base.weapon else None)
    p = Profile(
        type_id,
        str(t.get("name", base.name if base else type_id)),
        foot,
        fw,
        vals["mounted"],
        vals["mounted_wounded"],
        Weapon(weapon) if weapon else None,
        str(_choice(f, t, "escort", where, base.escort if base else "none")),
        str(_choice(f, t, "commander", where, base.commander if base else "")),
        _ransom(f, t.get("ransom", base.ransom if base else None), where),
    )
    if (p.mounted is None) != (p.mounted_wounded is None):
        f.problem(where, "a mounted counter needs both mounted and mounted_wounded values [CH.ROSTER.3]")
    for good, bad in ((p.foot, p.foot_wounded), (p.mounted, p.mounted_wounded)):
        if good and bad and (bad.attack > good.attack or bad.defence > good.defence or bad.move > good.move):
            f.problem(where, "wounded values may not exceed unwounded ones [CH.ROSTER.4]")
    return p


def read_types(f: Fields, table: Mapping[str, Any], where: str) -> dict[str, Profile]:
    """Character types by id, from ``[types.ID]`` tables (the roster's, or a scenario's own) [CH.ROSTER.2]."""
    out = {}
    for tid, t in sorted(table.items()):
        if not isinstance(t, dict):
            f.problem(f"{where}.{tid}", "must be a table of counter values ([types.ID])")
            continue
        f.unknown(t, PROFILE_KEYS, f"{where}.{tid}")
        p = read_profile(f, t, f"{where}.{tid}", tid)
        if p:
            out[tid] = p
    return out


def scenario_types(f: Fields, d: Mapping[str, Any]) -> tuple[dict[str, Profile], dict[AnimalKind, int]]:
    """The roster's types with the scenario's own ``[types.ID]`` added (or replacing one of the same id),
    and the animals' defence [CH.ROSTER.2] [CH.ROSTER.5] [CH.HORSE.14]."""
    types, animals = roster()
    types.update(read_types(f, f.table(d, "types"), "types"))
    return types, animals


def roster() -> tuple[dict[str, Profile], dict[AnimalKind, int]]:
    """The default roster: house values [CH.ROSTER.2]."""
    doc = _doc("roster.toml")
    f = Fields(doc)
    out = read_types(f, f.table(doc.data, "types", required=True), "types")
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
    "gone",
    "started_mounted",
    "escort",
    "leading",
    "fought",
    "attacked_by",
    *OVERRIDES,
)
GONE = {"exited": Ransom.FREE, "ransomed": Ransom.RANSOMED}
"""A character already off the map: left by an exit edge [CH.MOVE.12], or ransomed [CH.RANSOM.13]."""


def _ids(f: Fields, c: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    v = c.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        f.problem(f"{where}.{key}", f"must be a list of character ids, not {v!r}")
        return ()
    return tuple(v)


def _fought(f: Fields, c: Mapping[str, Any], where: str, phase_no: int) -> tuple[int, ...]:
    """``fought = [1]``: he fought a combat 1 (or 2) phases ago [CH.COMBAT.12] [CH.SEQ.9]."""
    v = c.get("fought", [])
    if not isinstance(v, list) or not all(x in (1, 2) and not isinstance(x, bool) for x in v):
        f.problem(f"{where}.fought", f"must list how many phases ago he fought, 1 or 2 (e.g. [1]), not {v!r}")
        return ()
    return tuple(sorted(phase_no - n for n in set(v)))


def read_character(
    f: Fields,
    board: Board,
    types: dict[str, Profile],
    c: Mapping[str, Any],
    where: str,
    sides: tuple[str, ...],
    phase_no: int = 0,
) -> Character | None:
    """One character of a scenario, with optional value overrides and every marker he can carry
    [CH.ROSTER.5] [CH.DATA.2] [CH.DATA.3] [CH.STATE.1]."""
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
    gone = f.one_of(c, "gone", {k: k for k in GONE}, where, None) if "gone" in c else None
    if gone and "at" in c:
        f.problem(f"{where}.at", f"a man who has {gone} is off the map: give no hex")
    body = None if gone else _body(f, board, c, where, mounted)
    cond = f.one_of(c, "condition", {x.value: x for x in Condition}, where, "unwounded")
    missiles = f.integer(c, "missiles", where, None, low=0) if "missiles" in c else None
    if prof is None or cond is None:
        return None
    ransom = f.one_of(c, "ransom", {x.value: x for x in Ransom}, where, "free") or Ransom.FREE
    return Character(
        f.text(c, "id", where),
        f.text(c, "name", where, tid),
        side,
        prof,
        body,
        cond,
        mounted,
        f.flag(c, "started_mounted", where, mounted),
        Ransom.RANSOMED if gone == "ransomed" else ransom,
        f.text(c, "captor", where, ""),
        _ids(f, c, "escort", where),
        missiles,
        leading=f.text(c, "leading", where, ""),
        fought_phases=_fought(f, c, where, phase_no),
        attacked_by=_ids(f, c, "attacked_by", where),
        sergeant=f.text(c, "sergeant", where, ""),
        needs_command=f.flag(c, "needs_command", where, not prof.commander),
        quarter=f.flag(c, "quarter", where, prof.is_knight),
        controller=f.text(c, "controller", where, ""),
    )


def read_victory(f: Fields, board: Board, v: Mapping[str, Any], sides: tuple[str, ...]) -> Victory:
    """The scenario's own victory conditions (the rulebook has none) [CH.TURN.1]."""
    kind = f.one_of(v, "kind", {k: k for k in ("hold", "exit", "points")}, "victory") or "points"
    hexes = []
    for w in str(v.get("hexes", "")).split():
        try:
            hexes.append(board.parse(w))
        except LabelError as e:
            f.problem("victory.hexes", str(e))
    f.unknown(v, ("kind", "side", "hexes", "count", "points", "text"), "victory")
    points = f.table(v, "points", "victory")
    for k, x in points.items():
        if isinstance(x, bool) or not isinstance(x, int):
            f.problem(f"victory.points.{k}", f"must be a whole number of points, not {x!r}")
    pts = tuple(sorted((str(k), x) for k, x in points.items() if isinstance(x, int) and not isinstance(x, bool)))
    side = f.text(v, "side", "victory", "")
    if kind in ("hold", "exit") and side not in sides:
        f.problem("victory.side", f"a {kind} victory names its side: one of {', '.join(sides)}")
    return Victory(
        kind,
        side,
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
    f: Fields, board: Board, types: dict[str, Profile], d: Mapping[str, Any], sides: tuple[str, ...], phase_no: int
) -> tuple[dict[str, Character], dict[str, Animal], dict[Hex, int]]:
    """The scenario's characters, animals and corpses [CH.DATA.2]."""
    chars: dict[str, Character] = {}
    for i, c in enumerate(f.tables(d, "characters", required=True)):
        ch = read_character(f, board, types, c, f"characters[{i}]", sides, phase_no)
        if ch:
            if ch.id in chars:
                f.problem(f"characters[{i}].id", f"{ch.id} is used twice")
            chars[ch.id] = ch
    animals: dict[str, Animal] = {}
    for i, a in enumerate(f.tables(d, "animals")):
        where = f"animals[{i}]"
        f.unknown(a, ("id", "kind", "side", "at", "facing", "alive", "follows"), where)
        kind = f.one_of(a, "kind", {k.value: k for k in AnimalKind}, where)
        body = _body(f, board, a, where, kind is AnimalKind.HORSE)
        if kind and body:
            aid = f.text(a, "id", where)
            side, alive = f.text(a, "side", where, ""), f.flag(a, "alive", where, True)
            animals[aid] = Animal(aid, kind, side, body, alive, follows=f.text(a, "follows", where, ""))
    dead: dict[Hex, int] = {}
    for i, c in enumerate(f.tables(d, "corpses")):
        f.unknown(c, ("at", "men"), f"corpses[{i}]")
        try:
            dead[board.parse(str(c.get("at")))] = f.integer(c, "men", f"corpses[{i}]", 1, 0)
        except LabelError as e:
            f.problem(f"corpses[{i}].at", str(e))
    return chars, animals, dead


SCENARIO_KEYS = (
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
    "types",
)
"""The top-level keys of a Cry Havoc scenario file (docs/scenarios.md)."""


def _map(f: Fields, d: Mapping[str, Any]) -> tuple[str, Board] | None:
    """The scenario's map: one of data/maps/ by name [CH.DATA.2]."""
    mname = f.text(d, "map")
    try:
        text = map_text(mname)
    except ValueError:
        known = sorted(p.name[:-5] for p in DATA.joinpath("maps").iterdir() if p.name.endswith(".toml"))
        f.problem("map", f"no map named {mname!r} (maps: {', '.join(known)})")
        return None
    return text, board_from(mname, text)


def _sides(f: Fields, d: Mapping[str, Any]) -> tuple[tuple[str, str], tuple[str, ...]]:
    """(first, second) in turn order [CH.TURN.2], and the sides as the file lists them."""
    raw = d.get("sides", ())
    sides = tuple(raw) if isinstance(raw, list) and all(isinstance(x, str) for x in raw) else ()
    if len(sides) != 2 or sides[0] == sides[1]:
        f.problem("sides", "a scenario has exactly two sides: sides = [\"first\", \"second\"]")
        f.done()
    first = f.text(d, "first", default=sides[0])
    if first not in sides:
        f.problem("first", f"must be one of {', '.join(sides)}, not {first!r}")
        first = sides[0]
    return (first, next(s for s in sides if s != first)), sides


def _start(f: Fields, d: Mapping[str, Any], order: tuple[str, str]) -> tuple[int, int, bool]:
    """``[start]``: the game turn and whose phase comes next, and whether ammunition is already rolled
    [CH.TURN.2] [CH.AMMO.2]."""
    start = f.table(d, "start")
    f.unknown(start, ("turn", "side", "ammo_rolled"), "start")
    turn = f.integer(start, "turn", "start", 1, 1)
    side = f.text(start, "side", "start", order[0])
    if side not in order:
        f.problem("start.side", f"must be one of {', '.join(order)}, not {side!r}")
    return turn, order.index(side) if side in order else 0, f.flag(start, "ammo_rolled", "start", False)


def build_state(name: str, options: Mapping[str, Any] | None = None, doc: TomlDocument | None = None) -> GameState:
    """A game from a scenario file (shipped, or any file's text as ``doc``), with options on top: any
    position, every marker [CH.DATA.2] [CH.DATA.3]. Raises ScenarioError listing every problem."""
    doc = doc or scenario_doc(name)
    f = Fields(doc)
    d = doc.data
    f.unknown(d, SCENARIO_KEYS)
    types, animal_def = scenario_types(f, d)
    order, sides = _sides(f, d)
    found = _map(f, d)
    opts = dict(f.table(d, "options"))
    opts.update(options or {})
    turns_override = opts.pop("turns", None)
    try:
        config = build_config(opts)
    except ValueError as e:
        f.problem("options", str(e))
        config = build_config({})
    turn, phasing, ammo_rolled = _start(f, d, order)
    if found is None:
        f.done()
    assert found is not None
    text, board = found
    chars, animals, dead = _pieces(f, board, types, d, sides, (turn - 1) * 2 + phasing)
    state = GameState(
        name,
        f.text(d, "title", default=name),
        board,
        text,
        config,
        order,
        f.integer(d, "turns", low=1),
        read_victory(f, board, f.table(d, "victory", required=True), sides),
        chars,
        animals,
        dead,
        _edges(f, d, "exits", sides),
        _edges(f, d, "friendly_edges", sides),
        animal_defence=animal_def,
    )
    if turns_override is not None:
        state.turns = int(turns_override)  # a shorter (or longer) game: game new --option turns=N
    state.turn, state.phasing = turn, phasing
    for side, table in f.table(d, "standing").items():
        if isinstance(table, dict):
            state.standing[side] = {str(k): str(v) for k, v in table.items()}
        else:
            f.problem(f"standing.{side}", "must be a table of standing orders (key = value)")
    _check_places(f, state)
    check_markers(f, state, f.tables(d, "characters"))
    f.done()
    if config.options__ammunition:
        state.ammo_rolled = ammo_rolled
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
