"""Scenarios as TOML (``scenarios/*.toml``, or any file's text): table, sides, terrain, reference
points, profiles written inline, units placed by their reference point or stand by stand, leaders,
flank marches and standing orders; any phase and every lasting marker can be set (mid-game positions).

Shipped scenarios and files go through the same reader (:func:`parse_scenario`). Every problem of a
file is reported at once with file, line and field (docs/scenarios.md, War Cometh).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from importlib import resources
from typing import Any

from campaign.kit.scenario_file import Fields, ScenarioError, TomlDocument

from .lists import all_profiles, fantasy_profiles
from .model import AreaKind, LineKind, Phase, State, TerrainArea, TerrainLine
from .placement import place_unit
from .scenario_checks import check_position
from .scenario_pieces import (
    measure,
    point,
    q,
    read_flank_marches,
    read_leader,
    read_profiles,
    read_side,
    read_standing,
    read_unit,
)

__all__ = ["SCENARIOS", "load_scenario", "parse_scenario", "place_unit", "scenario_text"]

SCENARIOS = ("bannockburn", "open-field", "mid-game")
TOP_KEYS = (
    "title description variant year phase first player_turn max_turns table deploy_order special"
    " flank_march_side options sides profiles units leaders areas lines places flank_marches standing"
).split()
"""The top-level keys of a War Cometh scenario file."""


def _points(f: Fields, v: Any, where: str, least: int) -> tuple[tuple[int, int], ...]:
    if not isinstance(v, list) or len(v) < least:
        f.problem(where, f"needs at least {least} points [[x, y], ...]")
        return ()
    return tuple(point(f, p, f"{where}[{i}]") for i, p in enumerate(v))


def parse_scenario(text: str, name: str, scenario: str | None = None) -> State:
    """A state from scenario TOML; raises ScenarioError listing every problem. ``name`` is what errors
    call the file; ``scenario`` what the state records (default: ``name``). A side the file gives no
    camp has the default one [WC.PD.6] [WC.CAMP.7]."""
    from .camps import default_camp_areas

    state = _parse_scenario(text, name, scenario or name)
    return replace(state, areas=(*state.areas, *default_camp_areas(state)))


def _terrain(f: Fields, d: Mapping[str, Any]) -> tuple[tuple[TerrainArea, ...], tuple[TerrainLine, ...]]:
    """Terrain polygons and lines [WC.TERR.1]."""
    for i, a in enumerate(f.tables(d, "areas")):
        f.unknown(a, ("id", "kind", "points", "level", "label"), f"areas[{i}]")
    for i, t in enumerate(f.tables(d, "lines")):
        f.unknown(t, ("id", "kind", "points", "width_cm", "label"), f"lines[{i}]")
    areas = tuple(
        TerrainArea(
            f.text(a, "id", f"areas[{i}]"),
            AreaKind(a.get("kind", "field"))
            if isinstance(a.get("kind", "field"), str) and a.get("kind", "field") in {k.value for k in AreaKind}
            else _bad_kind(f, f"areas[{i}].kind", a.get("kind"), AreaKind),
            _points(f, a.get("points"), f"areas[{i}].points", 3),
            f.integer(a, "level", f"areas[{i}]", 0),
            f.text(a, "label", f"areas[{i}]", ""),
        )
        for i, a in enumerate(f.tables(d, "areas"))
    )
    lines = tuple(
        TerrainLine(
            f.text(t, "id", f"lines[{i}]"),
            LineKind(t.get("kind"))
            if isinstance(t.get("kind"), str) and t.get("kind") in {k.value for k in LineKind}
            else _bad_kind(f, f"lines[{i}].kind", t.get("kind"), LineKind),
            _points(f, t.get("points"), f"lines[{i}].points", 2),
            measure(f, t, "width_cm", f"lines[{i}]", 0),
            f.text(t, "label", f"lines[{i}]", ""),
        )
        for i, t in enumerate(f.tables(d, "lines"))
    )
    return areas, lines


def _parse_scenario(text: str, name: str, scenario: str) -> State:
    doc = TomlDocument.parse(text, name)
    f, d = Fields(doc), doc.data
    f.unknown(d, TOP_KEYS)
    variant = f.one_of(d, "variant", {"historical": "historical", "fantasy": "fantasy"}, default="historical")
    own = read_profiles(f, d, str(variant))
    profiles = {**all_profiles(), **(fantasy_profiles() if variant == "fantasy" else {})}  # [WC.FANTASY.1]
    profiles.update({p.id: p for p in own})
    table = f.table(d, "table", required=True)
    f.unknown(table, ("width_cm", "depth_cm"), "table")
    sides = [read_side(f, s, f"sides[{i}]") for i, s in enumerate(f.tables(d, "sides", required=True))]
    keys = [s.key for s in sides]
    units = [u for i, row in enumerate(f.tables(d, "units")) if (u := read_unit(f, row, f"units[{i}]", profiles))]
    leaders = [g for i, row in enumerate(f.tables(d, "leaders")) if (g := read_leader(f, row, f"leaders[{i}]"))]
    areas, lines = _terrain(f, d)
    places = tuple(
        (f.text(p, "name", f"places[{i}]"), *point(f, p.get("at"), f"places[{i}].at"))
        for i, p in enumerate(f.tables(d, "places"))
    )
    phase = f.one_of(d, "phase", {p.value: p for p in Phase if p is not Phase.OVER}, default="movement")
    phase = phase if isinstance(phase, Phase) else Phase.MOVEMENT
    first = f.text(d, "first", default=keys[0] if keys else "")
    deploy = _words(f, d, "deploy_order")
    player_turn = f.integer(d, "player_turn", default=1, low=1)
    state = State(
        scenario=scenario,
        title=f.text(d, "title", default=scenario),
        width=measure(f, table, "width_cm", "table", 180),
        depth=measure(f, table, "depth_cm", "table", 120),
        sides=tuple(sides),
        units=tuple(units),
        leaders=tuple(leaders),
        areas=areas,
        lines=lines,
        places=places,
        variant=str(variant),
        year=f.integer(d, "year", default=1300),
        phase=phase,
        active=deploy[0] if phase is Phase.DEPLOY and deploy else first,
        max_turns=f.integer(d, "max_turns", default=12, low=1),
        deploy_order=deploy,
        player_turn=player_turn,
        turns_taken=_turns_taken(keys, first, player_turn),
        house_profiles=own,
        special=_words(f, d, "special"),
        flank_marches=read_flank_marches(f, d),
        flank_march_side=f.text(d, "flank_march_side", default=""),
        standing=read_standing(f, d, keys),
        options=_options(d.get("options", {})),
    )
    check_position(f, state, d, profiles)
    f.done()
    return state


def _words(f: Fields, d: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """A list of words (``deploy_order``, ``special``)."""
    v = d.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        f.problem(key, f"must be a list of words in quotes, not {v!r}")
        return ()
    return tuple(v)


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


def _bad_kind(f: Fields, where: str, value: Any, enum: Any) -> Any:
    f.problem(where, f"must be one of {', '.join(repr(k.value) for k in enum)}, not {value!r}")
    return next(iter(enum))


def load_scenario(key: str) -> State:
    """A shipped scenario by name."""
    if key not in SCENARIOS:
        raise ValueError(f"unknown scenario {key!r}: one of {', '.join(SCENARIOS)}")
    text = scenario_text(key)
    try:
        return parse_scenario(text, f"scenarios/{key}.toml")
    except ScenarioError as e:
        raise ValueError(str(e)) from None


def scenario_text(key: str) -> str:
    """The text of a shipped scenario file."""
    return (resources.files("games.war_cometh") / "scenarios" / f"{key}.toml").read_text(encoding="utf-8")
