"""A campaign map file: regions, connections, sides, the campaign rules, and the armies' starting rosters.

The file is the strategic game's scenario (`game new --ruleset campaign-map --scenario map.toml`);
docs/campaigns.md describes every key. Reading it checks every field and collects every problem
with its line (`campaign.kit.scenario_file.Fields`). The result is plain JSON data: the starting
state of the strategic game (`campaign.strategic.ruleset`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any

from campaign.kit.scenario_file import Fields, TomlDocument

UMPIRE = "umpire"
"""The side that records battle results in the strategic game (played by the referee)."""
CONNECTION_KINDS = ("road", "river", "pass", "track")
TOP_KEYS = (
    "title",
    "description",
    "ruleset",
    "battle_ruleset",
    "turns",
    "rules",
    "regions",
    "connections",
    "sides",
    "armies",
)
REGION_KEYS = ("id", "name", "terrain", "value", "x", "y", "battlefield")
ARMY_KEYS = ("id", "side", "name", "region", "army", "points", "units", "generals")


@dataclass(frozen=True, slots=True)
class CampaignRules:
    """The campaign's own rules between battles (ours, configurable in `[rules]`; docs/campaigns.md)."""

    move_points: int = 2
    """[CAMP.MOVE.1] movement points an army spends on connections in one strategic turn."""
    recovery: str = "1/2"
    """[CAMP.REC.1] share of its lost stands an army gets back in a turn in which it did not fight."""
    reinforce_per: int = 4
    """[CAMP.REC.2] each full `reinforce_per` campaign points of regions held returns one stand to the side."""
    attrition_terrain: tuple[str, ...] = ("mountain", "marsh")
    """[CAMP.ATTR.1] terrain in which an army loses `attrition` stands at the end of every turn."""
    attrition: int = 1
    battle_points: int = 3
    """[CAMP.PTS.2] campaign points for winning a battle."""
    max_battle_turns: int = 6
    """Game turns of each battle (handed to the battlefield template)."""
    intercept: int = 1
    """[CAMP.MOVE.5] 1: a march is stopped in the first region on its way where an enemy army stays put;
    0: marches pass through enemy armies."""

    @property
    def recovery_share(self) -> Fraction:
        return Fraction(self.recovery)


def _rules(f: Fields, raw: Mapping[str, Any]) -> CampaignRules:
    f.unknown(raw, [*CampaignRules.__dataclass_fields__], "rules")
    d = CampaignRules()
    rec = f.text(raw, "recovery", "rules", default=d.recovery)
    try:
        share = Fraction(rec)
        if not 0 <= share <= 1:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        f.problem("rules.recovery", f'must be a fraction from 0 to 1 such as "1/2", not {rec!r}')
        rec = d.recovery
    terrain = raw.get("attrition_terrain", list(d.attrition_terrain))
    if not isinstance(terrain, list) or not all(isinstance(t, str) for t in terrain):
        f.problem("rules.attrition_terrain", "must be a list of terrain names")
        terrain = list(d.attrition_terrain)
    return CampaignRules(
        move_points=f.integer(raw, "move_points", "rules", default=d.move_points, low=1, high=20),
        recovery=rec,
        reinforce_per=f.integer(raw, "reinforce_per", "rules", default=d.reinforce_per, low=1),
        attrition_terrain=tuple(terrain),
        attrition=f.integer(raw, "attrition", "rules", default=d.attrition, low=0, high=10),
        battle_points=f.integer(raw, "battle_points", "rules", default=d.battle_points, low=0),
        max_battle_turns=f.integer(raw, "max_battle_turns", "rules", default=d.max_battle_turns, low=1, high=30),
        intercept=f.integer(raw, "intercept", "rules", default=d.intercept, low=0, high=1),
    )


def _regions(f: Fields, doc: TomlDocument) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for i, r in enumerate(f.tables(doc.data, "regions", required=True)):
        where = f"regions[{i}]"
        f.unknown(r, REGION_KEYS, where)
        rid = f.text(r, "id", where)
        if rid in out:
            f.problem(f"{where}.id", f"region {rid!r} is given twice")
        field = f.table(r, "battlefield", where)
        out[rid] = {
            "id": rid,
            "name": f.text(r, "name", where, default=rid.capitalize()),
            "terrain": f.text(r, "terrain", where, default="open"),
            "value": f.integer(r, "value", where, default=1, low=0, high=100),
            "x": f.integer(r, "x", where, low=0, high=1000),
            "y": f.integer(r, "y", where, low=0, high=1000),
            "battlefield": {str(k): str(v) for k, v in sorted(field.items())},
        }
    return out


def _connections(f: Fields, doc: TomlDocument, regions: Mapping[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i, c in enumerate(f.tables(doc.data, "connections", required=True)):
        where = f"connections[{i}]"
        f.unknown(c, ("from", "to", "kind", "cost"), where)
        ends = [f.text(c, "from", where), f.text(c, "to", where)]
        for key, rid in zip(("from", "to"), ends, strict=True):
            if rid and rid not in regions:
                f.problem(f"{where}.{key}", f"{rid!r} is not a region ({', '.join(sorted(regions))})")
        kind = f.one_of(c, "kind", {k: k for k in CONNECTION_KINDS}, where, default="road")
        out.append({"a": ends[0], "b": ends[1], "kind": kind, "cost": f.integer(c, "cost", where, default=1, low=1)})
    return out


def _sides(f: Fields, doc: TomlDocument, regions: Mapping[str, Any]) -> tuple[list[str], dict[str, str | None]]:
    sides: list[str] = []
    owner: dict[str, str | None] = {rid: None for rid in regions}
    for i, s in enumerate(f.tables(doc.data, "sides", required=True)):
        where = f"sides[{i}]"
        f.unknown(s, ("name", "owns"), where)
        name = f.text(s, "name", where)
        if name == UMPIRE or name in sides:
            f.problem(f"{where}.name", f"{name!r} is taken: choose another side name")
        sides.append(name)
        for rid in s.get("owns", []):
            if rid not in regions:
                f.problem(f"{where}.owns", f"{rid!r} is not a region")
            else:
                owner[rid] = name
    if len(sides) != 2 and not f.problems:
        f.problem("sides", "a campaign map has exactly two sides (TODO(CAMP.SIDES.1): more)")
    return sides, owner


def _unit_rows(f: Fields, a: Mapping[str, Any], where: str, aid: str) -> list[dict[str, Any]]:
    units: list[dict[str, Any]] = []
    n = 0
    for j, u in enumerate(a.get("units", [])):
        uw = f"{where}.units[{j}]"
        if not isinstance(u, dict):
            f.problem(uw, 'must be a table such as { profile = "mma", stands = 4 }')
            continue
        f.unknown(u, ("profile", "name", "stands", "count"), uw)
        profile = f.text(u, "profile", uw)
        stands = f.integer(u, "stands", uw, default=4, low=1, high=6)
        for _ in range(f.integer(u, "count", uw, default=1, low=1, high=20)):
            n += 1
            units.append(
                {
                    "id": f"{aid}.{n}",
                    "profile": profile,
                    "name": f.text(u, "name", uw, default=profile),
                    "stands": stands,
                    "nominal": stands,
                }
            )
    if not units:
        f.problem(f"{where}.units", "an army needs at least one unit")
    return units


def _armies(f: Fields, doc: TomlDocument, regions: Mapping[str, Any], sides: list[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for i, a in enumerate(f.tables(doc.data, "armies", required=True)):
        where = f"armies[{i}]"
        f.unknown(a, ARMY_KEYS, where)
        aid = f.text(a, "id", where)
        if aid in out or not aid.isalnum():
            f.problem(f"{where}.id", f"{aid!r}: army ids are letters and digits, each given once")
        side = f.text(a, "side", where)
        if side not in sides:
            f.problem(f"{where}.side", f"{side!r} is not a side ({', '.join(sides)})")
        region = f.text(a, "region", where)
        if region not in regions:
            f.problem(f"{where}.region", f"{region!r} is not a region")
        generals = a.get("generals", [{"type": "general"}])
        out[aid] = {
            "id": aid,
            "side": side,
            "name": f.text(a, "name", where, default=aid),
            "region": region,
            "came_from": region,
            "army": f.text(a, "army", where),
            "points": f.integer(a, "points", where, default=0),
            "units": _unit_rows(f, a, where, aid),
            "generals": generals,
            "fought": 0,
        }
    return out


def read_campaign_map(text: str, name: str) -> dict[str, Any]:
    """The starting state of a strategic game from a campaign map file; ScenarioError lists every problem."""
    doc = TomlDocument.parse(text, name)
    f = Fields(doc)
    f.unknown(doc.data, TOP_KEYS)
    regions = _regions(f, doc)
    connections = _connections(f, doc, regions)
    sides, owner = _sides(f, doc, regions)
    armies = _armies(f, doc, regions, sides)
    rules = _rules(f, f.table(doc.data, "rules"))
    battle_ruleset = f.text(doc.data, "battle_ruleset", default="hordes-heroes")
    for rid, reg in regions.items():
        if battle_ruleset not in reg["battlefield"]:
            f.problem(f"regions.{rid}.battlefield", f"names no battlefield template for {battle_ruleset!r}")
    f.done()
    return {
        "title": f.text(doc.data, "title", default=name),
        "battle_ruleset": battle_ruleset,
        "turn": 1,
        "turns": f.integer(doc.data, "turns", default=4, low=1, high=99),
        "phase": "moves",
        "sides": sides,
        "regions": regions,
        "connections": connections,
        "owner": owner,
        "armies": armies,
        "rules": {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(rules).items()},
        "orders": {},
        "battles": [],
        "moves_last": [],
        "points": {s: 0 for s in sides},
        "history": [],
        "result": None,
    }


def rules_of(state: Mapping[str, Any]) -> CampaignRules:
    r = dict(state["rules"])
    r["attrition_terrain"] = tuple(r["attrition_terrain"])
    return CampaignRules(**r)


def describe_sides(text: str, name: str) -> tuple[str, tuple[str, ...]]:
    """Title and sides (the map's sides, then the umpire) of a campaign map file."""
    state = read_campaign_map(text, name)
    return str(state["title"]), (*state["sides"], UMPIRE)
