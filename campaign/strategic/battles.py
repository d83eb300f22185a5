"""Battles the campaign creates: a scenario file written from the region's battlefield template and the
rosters in contact, and the losses read back from the finished game [CAMP.BATTLE.2, CAMP.BATTLE.3].

A battlefield template is a Jinja template of a scenario file of the battle's rule system
(`templates/battlefields/<ruleset>/<name>.toml.j2`), so a battle is set up through the same
`game new --scenario FILE` path as any game; templates ship for Hordes & Heroes, Proconsul, Cry Havoc
(a unit's stands are that many men) and War Cometh (a unit's stands are a unit's stands).
A template is given the battle's title, the region, the number of game turns, and for each side
its army list and its units *as they stand now* (stands left and full size), each with a battle id.
The adapter for each rule system knows how to read
each unit's stands back from the finished game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from campaign.ruleset import Ruleset
from campaign.strategic.model import rules_of
from campaign.strategic.rules import region_name
from campaign.templating import render


@dataclass(frozen=True, slots=True)
class BattlePlan:
    """One battle to create: its scenario text, and which battle unit is which roster unit."""

    region: str
    title: str
    text: str
    units: dict[str, list[Any]]
    """battle unit id -> [army id, roster unit id, stands at the start]."""
    sides: tuple[str, ...]


def _hh_stands(rs: Ruleset, state: Any) -> dict[str, int]:
    """Hordes & Heroes: each unit's stands left; an eliminated unit has none."""
    return {str(u["id"]): 0 if u["eliminated"] else int(u["stands"]) for u in rs.dump(state)["units"]}


def _view_stands(rs: Ruleset, state: Any) -> dict[str, int]:
    """Any engine whose view lists `units` with `id` and `stands` (or `lost`/`eliminated` for one-figure units)."""
    out = {}
    for u in rs.view(state, None).get("units", []):
        if "stands" in u:
            out[str(u["id"])] = int(u["stands"])
        else:
            out[str(u["id"])] = 0 if u.get("eliminated") or u.get("lost") or u.get("dead") else 1
    return out


GENERALS_ALLOWED: dict[str, Callable[[int], int]] = {
    "hordes-heroes": lambda units: max(1, units // 5),  # HH.GEN.6: at most one general per five units
}
"""How many generals a side may bring for its number of units (default: all of them)."""


def _proconsul_stands(rs: Ruleset, state: Any) -> dict[str, int]:
    """Proconsul: a roster unit is one stand (`S<unit>`, the template's ids) whose SP are its stands; a stand
    no longer on the field has none."""
    return {str(s[0])[1:]: sum(int(r) for r in s[6]) for s in rs.dump(state)["stands"]}


_CH_MAN = re.compile(r"U(\d+)M\d+")


def _ch_stands(rs: Ruleset, state: Any) -> dict[str, int]:
    """Cry Havoc: a roster unit of N stands fights as N men `U<unit>M<k>` (the template's ids); each man
    neither dead nor held prisoner or ransomed by the enemy is a stand left (wounded, stunned or gone off
    the map, he lives to fight again)."""
    out: dict[str, int] = {}
    for c in rs.view(state, None)["characters"]:
        m = _CH_MAN.fullmatch(str(c["id"]))
        if m:
            alive = c["condition"] != "dead" and c["ransom"] in ("free", "escaped")
            out[m[1]] = out.get(m[1], 0) + int(alive)
    return out


def _wc_stands(rs: Ruleset, state: Any) -> dict[str, int]:
    """War Cometh: a roster unit is one unit `U<unit>` (the template's ids); its stands left are its stands."""
    return {str(u["id"])[1:]: int(u["stands"]) for u in rs.view(state, None)["units"] if str(u["id"])[:1] == "U"}


STANDS_READERS: dict[str, Callable[[Ruleset, Any], dict[str, int]]] = {
    "proconsul": _proconsul_stands,
    "hordes-heroes": _hh_stands,
    "cry-havoc": _ch_stands,
    "war-cometh": _wc_stands,
}
"""How to read each unit's stands from a finished battle of each rule system (default: the view's units)."""


def plan_battle(state: Mapping[str, Any], battle: Mapping[str, Any], ruleset: str) -> BattlePlan:
    """The scenario of one battle: the region's template filled with the rosters in contact."""
    region = state["regions"][battle["region"]]
    template = region["battlefield"][ruleset]
    sides: list[dict[str, Any]] = []
    units: dict[str, list[Any]] = {}
    bid = gid = 0
    for side in state["sides"]:
        armies = [state["armies"][a] for a in battle["armies"] if state["armies"][a]["side"] == side]
        rows: list[dict[str, Any]] = []
        generals: list[dict[str, Any]] = []
        for army in armies:
            for u in army["units"]:
                if u["stands"] > 0:
                    bid += 1
                    units[str(bid)] = [army["id"], u["id"], u["stands"]]
                    rows.append({**u, "bid": bid, "name": f"{u['name']} ({army['id']})", "army": army["id"]})
            for g in army["generals"]:
                gid += 1
                generals.append({"bid": gid, "type": g.get("type", "general"), "cinc": not generals})
        allowed = GENERALS_ALLOWED.get(ruleset)
        generals = generals[: allowed(len(rows))] if allowed else generals
        sides.append(
            {
                "name": side,
                "army": armies[0]["army"],
                "units": rows,
                "generals": generals,
                "armies": [a["id"] for a in armies],
                # the points the armies may field, for the battle's rules to check the force against
                # [CAMP.ARMY.1]; 0 when an army gives none
                "points": sum(a["points"] for a in armies) if all(a["points"] for a in armies) else 0,
            }
        )
    title = f"The battle of {region_name(state, battle['region'])} (campaign turn {state['turn']})"
    who = " against ".join(", ".join(state["armies"][a]["name"] for a in s["armies"]) for s in sides)
    text = render(
        f"battlefields/{ruleset}/{template}.toml.j2",
        title=title,
        description=who,
        region=region,
        sides=sides,
        max_turns=rules_of(state).max_battle_turns,
        turn=state["turn"],
    )
    return BattlePlan(battle["region"], title, text, units, tuple(state["sides"]))


def losses_from(rs: Ruleset, final: Any, units: Mapping[str, list[Any]]) -> dict[str, dict[str, int]]:
    """Each roster unit's stands lost in a finished battle: its stands at the start less those left."""
    reader = STANDS_READERS.get(rs.name, _view_stands)
    left = reader(rs, final)
    out: dict[str, dict[str, int]] = {}
    for bid, (army, uid, start) in sorted(units.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0):
        lost = int(start) - min(int(start), left.get(bid, 0))
        if lost:
            out.setdefault(army, {})[uid] = lost
    return out


def result_text(
    region: str, winner: str | None, game: int | None, losses: Mapping[str, Mapping[str, int]], reason: str = ""
) -> str:
    """The umpire's result lines (campaign.strategic.orders) for one battle."""
    where = f"game {game}" if game is not None else "table"
    lines = [f"result {region} winner {winner or 'draw'} {where}"]
    lines += [f"loss {a} {u} {n}" for a, us in sorted(losses.items()) for u, n in sorted(us.items())]
    if reason:
        lines.append(f"reason {' '.join(reason.split())}")
    return "\n".join(lines)
