"""The campaign's rules between battles: movement, contact, battle results, recovery, reinforcement,
attrition and campaign points (ours, documented in docs/campaigns.md under the IDs cited here).

Pure functions over the strategic game's JSON state: no I/O, no clock, no randomness.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from campaign.strategic.model import rules_of

State = dict[str, Any]


def neighbours(state: Mapping[str, Any], rid: str) -> list[tuple[str, int]]:
    """(region, cost) of every connection out of `rid`, in file order."""
    out = []
    for c in state["connections"]:
        if c["a"] == rid:
            out.append((c["b"], c["cost"]))
        elif c["b"] == rid:
            out.append((c["a"], c["cost"]))
    return out


def path_cost(state: Mapping[str, Any], start: str, goal: str) -> int | None:
    """The cheapest cost in movement points from `start` to `goal` [CAMP.MOVE.2]; None if unconnected."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if here == goal:
            return cost
        if cost > best.get(here, cost):
            continue
        for there, step in neighbours(state, here):
            if cost + step < best.get(there, 1 << 30):
                best[there] = cost + step
                heapq.heappush(heap, (cost + step, there))
    return None


def march_path(state: Mapping[str, Any], start: str, goal: str, avoid: frozenset[str] = frozenset()) -> list[str]:
    """The way a march takes from `start` to `goal` [CAMP.MOVE.2]: the cheapest, then the one through the
    fewest regions of `avoid` (where enemy armies stand), then the first by region ids; [] if unconnected."""
    Key = tuple[int, int, tuple[str, ...]]
    best: dict[str, Key] = {start: (0, 0, (start,))}
    heap: list[Key] = [(0, 0, (start,))]
    while heap:
        cost, blocked, path = heapq.heappop(heap)
        here = path[-1]
        if here == goal:
            return list(path)
        if (cost, blocked, path) > best[here]:
            continue
        for there, step in neighbours(state, here):
            key: Key = (cost + step, blocked + (there in avoid and there != goal), (*path, there))
            if there not in best or key < best[there]:
                best[there] = key
                heapq.heappush(heap, key)
    return []


def strength(army: Mapping[str, Any]) -> int:
    """Stands an army has now."""
    return sum(int(u["stands"]) for u in army["units"])


def full_strength(army: Mapping[str, Any]) -> int:
    return sum(int(u["nominal"]) for u in army["units"])


def alive(army: Mapping[str, Any]) -> bool:
    return strength(army) > 0


def apply_moves(state: State) -> list[str]:
    """[CAMP.MOVE.3] every side's sealed moves at once; then contacts and ownership [CAMP.BATTLE.1]."""
    lines: list[str] = []
    moves: list[list[str]] = []
    orders = {aid: state["orders"].get(army["side"], {}).get(aid) for aid, army in state["armies"].items()}
    marching = {aid for aid, dest in orders.items() if dest and dest != state["armies"][aid]["region"]}
    staying = {aid: a for aid, a in state["armies"].items() if aid not in marching and alive(a)}
    for aid, army in sorted(state["armies"].items()):
        army["came_from"] = army["region"]
        dest = orders[aid]
        if aid in marching and alive(army):
            end, held_by = _march_end(state, army, dest, staying)
            moves.append([aid, army["region"], end])
            lines.append(
                f"{army['name']} ({army['side']}) marches from {region_name(state, army['region'])}"
                f" to {region_name(state, dest)}"
                + (f", and is stopped at {region_name(state, end)} by {held_by} [CAMP.MOVE.5]" if held_by else "")
            )
            army["region"] = end
    lines += _crossings(state, moves)
    state["moves_last"] = moves
    state["orders"] = {}
    battles = []
    for rid in sorted(state["regions"]):
        here = [a for a in sorted(state["armies"]) if state["armies"][a]["region"] == rid and alive(state["armies"][a])]
        sides = sorted({state["armies"][a]["side"] for a in here})
        if len(sides) > 1:
            start = {a: {u["id"]: u["stands"] for u in state["armies"][a]["units"]} for a in here}
            battles.append({"region": rid, "armies": here, "result": None, "turn": state["turn"], "start": start})
            lines.append(f"armies meet at {region_name(state, rid)}: a battle ({', '.join(here)})")
        elif sides and state["owner"][rid] != sides[0]:
            state["owner"][rid] = sides[0]
            lines.append(f"{sides[0]} takes {region_name(state, rid)} [CAMP.OWN.1]")
    state["battles"] = battles
    return lines


def _march_end(
    state: Mapping[str, Any], army: Mapping[str, Any], dest: str, staying: Mapping[str, Mapping[str, Any]]
) -> tuple[str, str]:
    """Where a march ends, and the enemy army that stopped it on the way ('' when none) [CAMP.MOVE.5]:
    the first region short of `dest` where an enemy army stays put this turn."""
    if not int(state["rules"].get("intercept", 0)):
        return dest, ""
    enemy = {a["region"]: a["name"] for _, a in sorted(staying.items()) if a["side"] != army["side"]}
    path = march_path(state, army["region"], dest, frozenset(enemy))
    for rid in path[1:-1]:
        if rid in enemy:
            return rid, enemy[rid]
    return dest, ""


def _crossings(state: State, moves: list[list[str]]) -> list[str]:
    """[CAMP.MOVE.4] Enemy armies whose marches cross (one from X to Y, the other from Y to X) meet on the way
    and fight in whichever of X and Y is worth more (equal: the first by id); the other army is stopped there."""
    lines = []
    for i, (a, ax, ay) in enumerate(moves):
        for b, bx, by in moves[i + 1 :]:
            one, two = state["armies"][a], state["armies"][b]
            if one["side"] == two["side"] or (ax, ay) != (by, bx) or one["region"] != ay or two["region"] != by:
                continue
            meet = min((ay, by), key=lambda r: (-int(state["regions"][r]["value"]), r))
            one["region"] = two["region"] = meet
            lines.append(
                f"{one['name']} and {two['name']} meet on the march and fight at {region_name(state, meet)}"
                " [CAMP.MOVE.4]"
            )
    return lines


def region_name(state: Mapping[str, Any], rid: str) -> str:
    return str(state["regions"][rid]["name"])


def apply_battles(state: State) -> list[str]:
    """[CAMP.BATTLE.3] each result: losses into the rosters, the loser falls back, the winner holds the region."""
    lines: list[str] = []
    rules = rules_of(state)
    for battle in state["battles"]:
        res = battle["result"]
        for aid, losses in sorted(res["losses"].items()):
            army = state["armies"][aid]
            army["fought"] = state["turn"]
            for unit in army["units"]:
                unit["stands"] = max(0, int(unit["stands"]) - int(losses.get(unit["id"], 0)))
        winner = res["winner"]
        rid = battle["region"]
        how = f" (recorded by the referee: {res['reason']})" if res.get("by") == "referee" else ""
        lines.append(f"battle of {region_name(state, rid)}: {winner + ' wins' if winner else 'a draw'}{how}")
        if winner:
            state["owner"][rid] = winner
            state["points"][winner] += rules.battle_points
        for aid in battle["armies"]:
            army = state["armies"][aid]
            army["fought"] = state["turn"]
            if army["side"] != winner and (winner or army["came_from"] != rid):
                lines.extend(_fall_back(state, aid))
    state["battles_done"] = state.get("battles_done", []) + state["battles"]
    state["battles"] = []
    return lines


def _fall_back(state: State, aid: str) -> list[str]:
    """[CAMP.BATTLE.4] a beaten (or, in a draw, the attacking) army goes back where it came from if no enemy
    holds it, else to a neighbouring region of its side with no enemy army, else it is destroyed."""
    army = state["armies"][aid]
    enemy_at = {a["region"] for a in state["armies"].values() if a["side"] != army["side"] and alive(a)}
    choices = [army["came_from"]] + [
        r for r, _ in neighbours(state, army["region"]) if state["owner"][r] == army["side"]
    ]
    for rid in choices:
        if rid not in enemy_at and rid != army["region"]:
            army["region"] = rid
            return [f"{army['name']} falls back to {region_name(state, rid)}"]
    for unit in army["units"]:
        unit["stands"] = 0
    return [f"{army['name']} has nowhere to fall back and is destroyed [CAMP.BATTLE.4]"]


def _restore(army: dict[str, Any], stands: int) -> int:
    """Give `stands` back to the army's damaged but surviving units, most damaged first; how many were given."""
    given = 0
    while given < stands:
        hurt = [u for u in army["units"] if 0 < u["stands"] < u["nominal"]]
        if not hurt:
            break
        unit = min(hurt, key=lambda u: (u["stands"] - u["nominal"], u["id"]))
        unit["stands"] += 1
        given += 1
    return given


def end_of_turn(state: State) -> list[str]:
    """Recovery [CAMP.REC.1], reinforcement [CAMP.REC.2], attrition [CAMP.ATTR.1], points [CAMP.PTS.1]."""
    rules = rules_of(state)
    lines: list[str] = []
    for _aid, army in sorted(state["armies"].items()):
        if army["fought"] == state["turn"] or not alive(army):
            continue
        lost = full_strength(army) - strength(army)
        back = _restore(army, int(Fraction(lost) * rules.recovery_share))
        if back:
            lines.append(f"{army['name']} rests: {back} stands return [CAMP.REC.1]")
    for side in state["sides"]:
        held = sum(r["value"] for rid, r in state["regions"].items() if state["owner"][rid] == side)
        state["points"][side] += held
        spare = held // rules.reinforce_per
        for aid in sorted(a for a, x in state["armies"].items() if x["side"] == side and alive(x)):
            spare -= _restore(state["armies"][aid], spare)
        given = held // rules.reinforce_per - spare
        if given:
            lines.append(f"{side} holds {held} points of regions: {given} stands of reinforcements [CAMP.REC.2]")
    for _aid, army in sorted(state["armies"].items()):
        terrain = state["regions"][army["region"]]["terrain"]
        if terrain in rules.attrition_terrain and alive(army) and rules.attrition:
            for _ in range(rules.attrition):
                biggest = max(army["units"], key=lambda u: (u["stands"], u["id"]))
                biggest["stands"] = max(0, biggest["stands"] - 1)
            lines.append(f"{army['name']} loses {rules.attrition} stands to the {terrain} [CAMP.ATTR.1]")
    state["history"].append(snapshot(state))
    if state["turn"] >= state["turns"]:
        a, b = state["sides"]
        pa, pb = state["points"][a], state["points"][b]
        winner = None if pa == pb else (a if pa > pb else b)
        state["result"] = {"winner": winner, "reason": f"after {state['turns']} turns: {a} {pa}, {b} {pb} points"}
        state["phase"] = "over"
        lines.append(f"the campaign ends: {state['result']['reason']} [CAMP.PTS.3]")
    else:
        state["turn"] += 1
        state["phase"] = "moves"
    return lines


def snapshot(state: Mapping[str, Any]) -> dict[str, Any]:
    """What the chart and the archive need of one turn's end: strength per army, owners, points."""
    return {
        "turn": state["turn"],
        "strength": {aid: strength(a) for aid, a in sorted(state["armies"].items())},
        "owner": dict(state["owner"]),
        "points": dict(state["points"]),
    }
