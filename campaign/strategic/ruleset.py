"""`campaign-map`: the strategic game of a map campaign, as a rule system like any other.

A map campaign is one game of this ruleset (its sides are the map's sides and the `umpire`), so its
strategic turns go through the same mail path as battles: SIGNON, CHECK, replies, digests, deadlines
and the missed-orders policies. Each turn every side files its army moves as a *sealed* request
(`Request.sealed`, campaign.sealed): no side sees another's moves until all are in [CAMP.MOVE.3].
Armies that meet fight: the phase then waits for one umpire result per battle, which the campaign
files itself when the battle game it created ends (campaign.strategic.battles), or the referee
files for a battle fought on a real table [CAMP.BATTLE.5].
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from campaign.kit.scenario_file import ScenarioError
from campaign.ruleset import (
    AcceptedOrders,
    DiceSource,
    MissedOrders,
    Outcome,
    Request,
    RequestKind,
    Resolution,
    Ruleset,
    ScenarioInfo,
)
from campaign.strategic import rules
from campaign.strategic.model import UMPIRE, describe_sides, read_campaign_map
from campaign.strategic.orders import parse_moves, parse_result

MAPS = Path(__file__).parent / "maps"


class CampaignMap(Ruleset):
    name = "campaign-map"
    aliases = ("campaign",)
    title = "Map campaign (strategic turns between battles)"
    version = "1"
    default_scenario = "marches"

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for path in sorted(MAPS.glob("*.toml")):
            try:
                title, sides = describe_sides(path.read_text(encoding="utf-8"), path.name)
            except ScenarioError:
                continue
            out.append(ScenarioInfo(path.stem, title, sides))
        return out

    def setup(self, scenario: str, options: Mapping[str, Any]) -> dict[str, Any]:
        path = MAPS / f"{scenario}.toml"
        if not path.is_file():
            raise ValueError(f"no campaign map {scenario!r}")
        return self.setup_text(path.read_text(encoding="utf-8"), path.name, options)

    def setup_text(self, text: str, name: str, options: Mapping[str, Any]) -> dict[str, Any]:
        state = read_campaign_map(text, name)
        for key, value in sorted(options.items()):
            if key == "turns" or (key in state["rules"] and key != "attrition_terrain"):
                if isinstance(value, bool) or not isinstance(value, int | str):
                    raise ValueError(f"option {key}: give a whole number (or a fraction for recovery)")
                if key == "turns":
                    state["turns"] = int(value)
                else:
                    state["rules"][key] = str(value) if key == "recovery" else int(value)
            else:
                raise ValueError(f"no option {key!r} (options: turns, {', '.join(sorted(state['rules']))})")
        state["history"] = [rules.snapshot({**state, "turn": 0})]
        return state

    def describe_text(self, text: str, name: str) -> ScenarioInfo:
        title, sides = describe_sides(text, name)
        return ScenarioInfo(name, title, sides)

    def pending(self, state: dict[str, Any]) -> list[Request]:
        if state["result"] is not None:
            return []
        t = state["turn"]
        if state["phase"] == "moves":
            return [
                Request(
                    s,
                    RequestKind.ORDERS,
                    f"moves-{t}",
                    f"strategic turn {t}: army moves",
                    "move ARMY to REGION / hold ARMY",
                    sealed=True,
                )
                for s in state["sides"]
                if s not in state["orders"]
            ]
        return [
            Request(
                UMPIRE,
                RequestKind.ORDERS,
                f"battle-{t}-{b['region']}",
                f"strategic turn {t}: battle of {rules.region_name(state, b['region'])}",
                "result REGION winner SIDE game N / loss ARMY UNIT STANDS",
            )
            for b in state["battles"]
            if b["result"] is None
        ]

    def ready(self, state: dict[str, Any]) -> bool:
        if state["result"] is not None:
            return False
        if state["phase"] == "moves":
            return all(s in state["orders"] for s in state["sides"])
        return all(b["result"] is not None for b in state["battles"])

    def parse_orders(self, state: dict[str, Any], side: str, text: str) -> AcceptedOrders:
        if side == UMPIRE:
            return parse_result(state, text)
        return parse_moves(state, side, text)

    def apply_orders(self, state: dict[str, Any], orders: AcceptedOrders) -> dict[str, Any]:
        if orders.side == UMPIRE:
            for b in state["battles"]:
                if b["region"] == orders.data["region"]:
                    b["result"] = dict(orders.data)
        else:
            state["orders"][orders.side] = dict(orders.data["moves"])
        return state

    def withdraw_orders(self, state: dict[str, Any], side: str, key: str) -> dict[str, Any]:
        state["orders"].pop(side, None)
        return state

    def resolve(self, state: dict[str, Any], dice: DiceSource) -> Resolution:
        if state["phase"] == "moves":
            lines = rules.apply_moves(state)
            if state["battles"]:
                state["phase"] = "battles"
                return Resolution(state, lines)
        else:
            lines = rules.apply_battles(state)
        lines += rules.end_of_turn(state)
        return Resolution(state, lines)

    def turn(self, state: dict[str, Any]) -> int:
        return int(state["turn"])

    def turn_limit(self, state: dict[str, Any]) -> int | None:
        return int(state["turns"])

    def phase(self, state: dict[str, Any]) -> str:
        return str(state["phase"])

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        r = state["result"]
        return None if r is None else Outcome(r["winner"], r["reason"])

    def view(self, state: dict[str, Any], side: str | None = None) -> dict[str, Any]:
        """The map as data; the moves on file are shown only to their own side (sealed) [CAMP.MOVE.3]."""
        out = {k: v for k, v in state.items() if k != "orders"}
        out["orders"] = {s: o for s, o in state["orders"].items() if s == side}
        out["units"] = [
            {
                "id": aid,
                "name": a["name"],
                "side": a["side"],
                "region": a["region"],
                "stands": rules.strength(a),
                "full": rules.full_strength(a),
            }
            for aid, a in sorted(state["armies"].items())
        ]
        return copy.deepcopy(out)

    def render_text(self, state: dict[str, Any], side: str | None = None) -> str:
        lines = [f"{state['title']}: strategic turn {state['turn']} of {state['turns']} ({state['phase']})"]
        for rid, r in sorted(state["regions"].items()):
            here = [
                f"{aid} {a['name']} ({a['side']}, {rules.strength(a)}/{rules.full_strength(a)} stands)"
                for aid, a in sorted(state["armies"].items())
                if a["region"] == rid and rules.alive(a)
            ]
            roads = ", ".join(f"{n} {c}" for n, c in rules.neighbours(state, rid))
            lines.append(
                f"  {rid:10} {r['name']} [{r['terrain']}, {r['value']} pts] held by"
                f" {state['owner'][rid] or 'nobody'}; to: {roads}" + (f"; armies: {'; '.join(here)}" if here else "")
            )
        lines.append("points: " + ", ".join(f"{s} {p}" for s, p in state["points"].items()))
        return "\n".join(lines)

    def legal_options(self, state: dict[str, Any], side: str) -> Any:
        """Per army of `side`: every region it may march to this turn (cost within its movement points
        [CAMP.MOVE.1]) and `hold`; the umpire's results are not listed."""
        from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions

        mp = int(state["rules"]["move_points"])
        units = []
        for aid, army in sorted(state["armies"].items()):
            if army["side"] != side or not rules.alive(army):
                continue
            here = army["region"]
            moves = []
            for rid in sorted(state["regions"]):
                cost = rules.path_cost(state, here, rid)
                if rid != here and cost is not None and cost <= mp:
                    moves.append(
                        Option(
                            OptionKind.MOVE,
                            f"move {aid} to {rid}",
                            rid,
                            cost=cost,
                            detail=rules.region_name(state, rid),
                        )
                    )
            hold = Option(OptionKind.OTHER, f"hold {aid}", here, detail="stays; rests if it does not fight")
            units.append(
                UnitOptions(
                    aid,
                    army["name"],
                    here,
                    (*moves, hold),
                    (f"{rules.strength(army)}/{rules.full_strength(army)} stands",),
                )
            )
        return LegalOptions(side, f"strategic turn {state['turn']}", tuple(units))

    def picture_svg(self, state: dict[str, Any], side: str | None = None, title: str = "") -> str | None:
        """The campaign map (owners, armies and their stands, last turn's moves) for digests and the archive."""
        from campaign.strategic.picture import map_svg

        return map_svg(state, title)

    def dump(self, state: dict[str, Any]) -> Any:
        return copy.deepcopy(state)

    def load(self, data: Any) -> dict[str, Any]:
        return copy.deepcopy(data)

    def default_orders(self, state: dict[str, Any], side: str, policy: MissedOrders) -> str:
        if policy is MissedOrders.BOT:
            return self.bot_orders(state, side, 0)
        own = sorted(a for a, x in state["armies"].items() if x["side"] == side and rules.alive(x))
        return "\n".join(f"hold {a}" for a in own) or "hold"

    def bot_orders(self, state: dict[str, Any], side: str, seed: int) -> str:
        return bot_moves(state, side, seed)


def bot_moves(state: Mapping[str, Any], side: str, seed: int) -> str:
    """The computer player: a fresh army marches on the best region it can reach (an enemy army it is not
    weaker than, else enemy or empty land of most value); an army under two thirds strength rests."""
    rng = random.Random(seed)
    mp = int(state["rules"]["move_points"])
    lines = []
    enemy = {a["region"]: rules.strength(a) for a in state["armies"].values() if a["side"] != side and rules.alive(a)}
    for aid, army in sorted(state["armies"].items()):
        if army["side"] != side or not rules.alive(army):
            continue
        if 3 * rules.strength(army) < 2 * rules.full_strength(army):
            lines.append(f"hold {aid}")
            continue
        best, score = army["region"], -1
        for rid in sorted(state["regions"]):
            cost = rules.path_cost(state, army["region"], rid)
            if cost is None or cost > mp or rid == army["region"]:
                continue
            value = 0 if state["owner"][rid] == side else 2 * state["regions"][rid]["value"]
            if rid in enemy:
                value = 20 if enemy[rid] <= rules.strength(army) else -5
            value = value * 10 + rng.randrange(10)
            if value > score:
                best, score = rid, value
        lines.append(f"move {aid} to {best}" if best != army["region"] else f"hold {aid}")
    return "\n".join(lines) or "hold"


RULESET = CampaignMap()
