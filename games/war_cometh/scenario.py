"""Scenarios as TOML (``scenarios/*.toml``): table, sides, terrain, reference points, units placed
by their reference point, leaders; any phase and any marker can be set (mid-game positions).

Every problem of a scenario file is reported at once with file, line and field.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from importlib import resources
from typing import Any

from campaign.kit.scenario_file import Fields, ScenarioError, TomlDocument

from .command import ABILITY
from .lists import all_profiles, fantasy_profiles
from .model import (
    Ability,
    AreaKind,
    Condition,
    Formation,
    Leader,
    LineKind,
    Phase,
    Role,
    Side,
    State,
    TerrainArea,
    TerrainLine,
    Unit,
)
from .placement import place_unit
from .troops import Profile

__all__ = ["SCENARIOS", "load_scenario", "parse_scenario", "place_unit"]

SCENARIOS = ("bannockburn", "open-field", "mid-game")


def _q(v: Any) -> int:
    """cm (int or float from TOML) to stored hundredths, exactly."""
    return round(Fraction(str(v)) * 100)


def _point(f: Fields, v: Any, where: str) -> tuple[int, int]:
    if not (
        isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)
    ):
        f.problem(where, f"must be [x, y] in cm, not {v!r}")
        return (0, 0)
    return (_q(v[0]), _q(v[1]))


def _points(f: Fields, v: Any, where: str, least: int) -> tuple[tuple[int, int], ...]:
    if not isinstance(v, list) or len(v) < least:
        f.problem(where, f"needs at least {least} points [[x, y], ...]")
        return ()
    return tuple(_point(f, p, f"{where}[{i}]") for i, p in enumerate(v))


def _unit(f: Fields, row: dict[str, Any], where: str, profiles: dict[str, Profile]) -> Unit | None:
    f.unknown(
        row,
        (
            "id",
            "side",
            "name",
            "profile",
            "stands",
            "at",
            "facing",
            "files",
            "formation",
            "disordered",
            "routed",
            "lost",
            "released",
            "off_table",
        ),
        where,
    )
    pid = f.one_of(row, "profile", {k: k for k in profiles}, where)
    stands = f.integer(row, "stands", where, low=1, high=12)
    files = f.integer(row, "files", where, default=stands if stands > 1 else 1, low=1, high=12)
    rp = _point(f, row.get("at"), f"{where}.at")
    facing = _q(row.get("facing", 0))
    if pid is None:
        return None
    if stands < files:
        f.problem(f"{where}.files", f"rank 1 must be complete: {stands} stands cannot make {files} files [WC.FORM.4]")
        return None
    formation = Formation.COLUMN if files == 1 and stands > 1 else Formation.LINE
    cond = Condition.ROUTED if row.get("routed") else Condition.DISORDERED if row.get("disordered") else Condition.GOOD
    uid = f.text(row, "id", where)
    lost = f.integer(row, "lost", where, default=0, low=0)
    return Unit(
        id=uid,
        side=f.text(row, "side", where),
        name=f.text(row, "name", where, default=profiles[pid].name),
        stands=place_unit(profiles[pid], stands, rp, facing, files),
        formation=formation,
        files=files,
        condition=cond,
        began_turn=cond,
        lost=lost,
        released=f.flag(row, "released", where, default=True),
        on_table=not f.flag(row, "off_table", where, default=False),
        fielded=stands + lost,
    )


def _leader(f: Fields, row: dict[str, Any], where: str) -> Leader | None:
    role = f.one_of(row, "role", {r.value: r for r in Role}, where)
    ability = f.one_of(row, "ability", {a.value: a for a in Ability}, where)
    x, y = _point(f, row.get("at"), f"{where}.at")
    if role is None or ability is None:
        return None
    a = ABILITY[ability]
    return Leader(
        id=f.text(row, "id", where),
        side=f.text(row, "side", where),
        name=f.text(row, "name", where),
        role=role,
        ability=ability,
        rating=f.integer(row, "rating", where, default=a.rating, low=2, high=12),
        command_range=f.integer(row, "command_range_cm", where, default=a.command_range, low=1),
        attacks=f.integer(row, "attacks", where, default=a.attacks, low=0),
        x=x,
        y=y,
        attached_to=f.text(row, "attached", where, default=""),
    )


def parse_scenario(text: str, name: str) -> State:
    """A state from scenario TOML; raises ScenarioError listing every problem. A side the file gives
    no camp has the default one [WC.PD.6] [WC.CAMP.7]."""
    from .camps import default_camp_areas

    state = _parse_scenario(text, name)
    return replace(state, areas=(*state.areas, *default_camp_areas(state)))


def _parse_scenario(text: str, name: str) -> State:
    doc = TomlDocument.parse(text, name)
    f, d = Fields(doc), doc.data
    profiles = {**all_profiles(), **(fantasy_profiles() if d.get("variant") == "fantasy" else {})}  # [WC.FANTASY.1]
    table = f.table(d, "table", required=True)
    sides = []
    for i, s in enumerate(f.tables(d, "sides", required=True)):
        w = f"sides[{i}]"
        box = s.get("deploy_box", [0, 0, 0, 0])
        sides.append(
            Side(
                f.text(s, "key", w),
                f.text(s, "name", w),
                f.text(s, "player", w),
                f.text(s, "colour", w),
                f.integer(s, "break_point", w, default=0),
                _box(f, box, f"{w}.deploy_box"),
            )
        )
    keys = [s.key for s in sides]
    units = [u for i, row in enumerate(f.tables(d, "units")) if (u := _unit(f, row, f"units[{i}]", profiles))]
    for i, u in enumerate(units):
        if u.side not in keys:
            f.problem(f"units[{i}].side", f"unknown side {u.side!r}: one of {', '.join(keys)}")
    leaders = [g for i, row in enumerate(f.tables(d, "leaders")) if (g := _leader(f, row, f"leaders[{i}]"))]
    areas = tuple(
        TerrainArea(
            f.text(a, "id", f"areas[{i}]"),
            AreaKind(a.get("kind", "field"))
            if a.get("kind") in {k.value for k in AreaKind}
            else _bad_kind(f, f"areas[{i}].kind", a.get("kind"), AreaKind),
            _points(f, a.get("points"), f"areas[{i}].points", 3),
            int(a.get("level", 0)),
            str(a.get("label", "")),
        )
        for i, a in enumerate(f.tables(d, "areas"))
    )
    lines = tuple(
        TerrainLine(
            f.text(t, "id", f"lines[{i}]"),
            LineKind(t.get("kind"))
            if t.get("kind") in {k.value for k in LineKind}
            else _bad_kind(f, f"lines[{i}].kind", t.get("kind"), LineKind),
            _points(f, t.get("points"), f"lines[{i}].points", 2),
            _q(t.get("width_cm", 0)),
            str(t.get("label", "")),
        )
        for i, t in enumerate(f.tables(d, "lines"))
    )
    places = tuple(
        (str(p.get("name")), *_point(f, p.get("at"), f"places[{i}].at")) for i, p in enumerate(f.tables(d, "places"))
    )
    phase = f.one_of(d, "phase", {p.value: p for p in Phase}, default="movement") or Phase.MOVEMENT
    first = f.text(d, "first", default=keys[0] if keys else "")
    deploy = tuple(d.get("deploy_order", []))
    f.done()
    return State(
        scenario=name,
        title=f.text(d, "title", default=name),
        width=_q(table.get("width_cm", 180)),
        depth=_q(table.get("depth_cm", 120)),
        sides=tuple(sides),
        units=tuple(units),
        leaders=tuple(leaders),
        areas=areas,
        lines=lines,
        places=places,
        variant=str(d.get("variant", "historical")),
        year=int(d.get("year", 1300)),
        phase=phase if isinstance(phase, Phase) else Phase(phase),
        active=deploy[0] if phase is Phase.DEPLOY and deploy else first,
        max_turns=int(d.get("max_turns", 12)),
        deploy_order=deploy,
        player_turn=int(d.get("player_turn", 1)),
        turns_taken=_turns_taken(keys, first, int(d.get("player_turn", 1))),
        special=tuple(str(x) for x in d.get("special", [])),
        flank_march_side=str(d.get("flank_march_side", "")),
        options=_options(d.get("options", {})),
    )


def _options(table: Any) -> tuple[tuple[str, str], ...]:
    """The scenario's ``[options]`` table as sorted (key, text) pairs: the §0.3 flags [WC.META.2]."""
    if not isinstance(table, dict):
        return ()
    return tuple(sorted((str(k), str(v).lower() if isinstance(v, bool) else str(v)) for k, v in table.items()))


def _turns_taken(keys: list[str], first: str, player_turn: int) -> tuple[tuple[str, int], ...]:
    """Each side's own player-turn count when the scenario starts at ``player_turn`` with
    ``first`` to move (a mid-game start)."""
    if not keys:
        return ()
    other = next((k for k in keys if k != first), first)
    mine = (player_turn + 1) // 2
    return tuple(sorted(((first, mine), (other, player_turn // 2)))) if other != first else ((first, mine),)


def _box(f: Fields, box: Any, where: str) -> tuple[int, int, int, int]:
    """A deployment box [x0, y0, x1, y1] in cm [WC.DEPLOY.12]."""
    if not isinstance(box, list) or len(box) != 4:
        f.problem(where, f"must be [x0, y0, x1, y1] in cm, not {box!r}")
        return (0, 0, 0, 0)
    return (_q(box[0]), _q(box[1]), _q(box[2]), _q(box[3]))


def _bad_kind(f: Fields, where: str, value: Any, enum: Any) -> Any:
    f.problem(where, f"must be one of {', '.join(repr(k.value) for k in enum)}, not {value!r}")
    return next(iter(enum))


def load_scenario(key: str) -> State:
    """A shipped scenario by name."""
    if key not in SCENARIOS:
        raise ValueError(f"unknown scenario {key!r}: one of {', '.join(SCENARIOS)}")
    text = (resources.files("games.war_cometh") / "scenarios" / f"{key}.toml").read_text(encoding="utf-8")
    try:
        return parse_scenario(text, f"scenarios/{key}.toml")
    except ScenarioError as e:
        raise ValueError(str(e)) from None
