"""A tiny ruleset used only by the core's tests: two runners race to 10 squares.

Each turn both sides order `advance N` (N = 1..3) or `hold`. Resolution rolls a d6 per
advancing side, red first; the runner moves N squares if the die beats N. First to 10 wins;
at the turn limit the one further ahead wins (equal: draw). It exercises every core path:
orders replaced until resolution, dice with purposes, turns, a winner, snapshots.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from campaign.kit.scenario_file import Fields, TomlDocument
from campaign.ruleset import (
    AcceptedOrders,
    DiceSource,
    OrderError,
    OrdersRejected,
    Outcome,
    Request,
    RequestKind,
    Resolution,
    Ruleset,
    ScenarioInfo,
)

SIDES = ("blue", "red")
GOAL = 10


class Race(Ruleset):
    name = "toy-race"
    aliases = ("race",)
    title = "Toy race (tests only)"
    version = "1"
    default_scenario = "sprint"

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo("sprint", "Sprint to 10", SIDES, "first to square 10")]

    def setup(self, scenario: str, options: Mapping[str, Any]) -> dict[str, Any]:
        if scenario != "sprint":
            raise ValueError(f"unknown scenario {scenario!r}")
        limit = options.get("turn_limit", 20)
        if not isinstance(limit, int) or limit < 1:
            raise ValueError("turn_limit must be a positive whole number")
        ask = bool(options.get("ask_on_one", False))
        state = {"turn": 1, "limit": limit, "pos": {s: 0 for s in SIDES}, "orders": {}, "result": None, "ask": ask}
        if options.get("sealed"):
            state["sealed"] = True  # both sides' orders are sealed until both are in (campaign.sealed)
        return state

    def setup_text(self, text: str, name: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """A race from a file: `turn`, and a `position` for each of the two `[[sides]]` (blue, red)."""
        doc = TomlDocument.parse(text, name)
        f = Fields(doc)
        f.unknown(doc.data, ("title", "description", "turn", "sides"))
        turn = f.integer(doc.data, "turn", default=1, low=1)
        pos: dict[str, int] = {}
        for i, sd in enumerate(f.tables(doc.data, "sides", required=True)):
            where = f"sides[{i}]"
            f.unknown(sd, ("name", "position"), where)
            side = f.one_of(sd, "name", {s: s for s in SIDES}, where)
            at = f.integer(sd, "position", where, default=0, low=0, high=GOAL - 1)
            if side is not None:
                pos[side] = at
        if sorted(pos) != sorted(SIDES) and not f.problems:
            f.problem("sides", f"give both sides once: {', '.join(SIDES)}")
        f.done()
        state = self.setup("sprint", options)
        state.update(turn=turn, pos=pos)
        return state

    def pending(self, state: dict[str, Any]) -> list[Request]:
        if state["result"] is not None:
            return []
        key = f"turn-{state['turn']}"
        return [
            Request(
                side, RequestKind.ORDERS, key, f"turn {state['turn']}", "advance N (1-3) or hold", sealed=bool(state.get("sealed"))
            )
            for side in SIDES
            if side not in state["orders"]
        ]

    def ready(self, state: dict[str, Any]) -> bool:
        return state["result"] is None and all(s in state["orders"] for s in SIDES)

    def parse_orders(self, state: dict[str, Any], side: str, text: str) -> AcceptedOrders:
        errors: list[OrderError] = []
        found: list[int] = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.lower().split()
            if words == ["hold"]:
                found.append(0)
            elif words[0] == "advance" and len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= 3:
                found.append(int(words[1]))
            elif words[0] == "advance":
                col = raw.lower().index("advance") + len("advance") + 2
                errors.append(
                    OrderError(number, col, "E-RANGE", "advance takes a number from 1 to 3", raw, "advance 2")
                )
            else:
                errors.append(OrderError(number, 1, "E-VERB", f"unknown order {words[0]!r}", raw, "advance N or hold"))
        if not found and not errors:
            errors.append(OrderError(1, 0, "E-EMPTY", "no orders found", "", "advance 2"))
        if len(found) > 1:
            errors.append(OrderError(1, 0, "E-MANY", "give one order per turn", "", ""))
        if errors:
            raise OrdersRejected(errors)
        n = found[0]
        return AcceptedOrders(side, f"turn-{state['turn']}", {"advance": n}, f"advance {n}" if n else "hold")

    def apply_orders(self, state: dict[str, Any], orders: AcceptedOrders) -> dict[str, Any]:
        state["orders"][orders.side] = orders.data["advance"]
        return state

    def withdraw_orders(self, state: dict[str, Any], side: str, key: str) -> dict[str, Any]:
        state["orders"].pop(side, None)
        return state

    def resolve(self, state: dict[str, Any], dice: DiceSource) -> Resolution:
        lines = []
        for side in ("red", "blue"):
            n = state["orders"][side]
            if n == 0:
                lines.append(f"{side} holds at {state['pos'][side]}")
                continue
            die = dice.roll(6, f"turn {state['turn']}: {side} advances {n}")
            if die == 1 and state.get("ask"):
                # a decision the resolution stops for (the core asks the side and resolves again)
                choice = dice.decide(
                    side,
                    f"turn-{state['turn']}-{side}-one",
                    f"{side} rolled a 1 on turn {state['turn']}: roll again or keep it?",
                    ("reroll", "keep"),
                    "keep",
                )
                if choice == "reroll":
                    die = dice.roll(6, f"turn {state['turn']}: {side} rolls again")
                    lines.append(f"{side} rolled a 1 and chose to roll again")
            if die > n:
                state["pos"][side] += n
                lines.append(f"{side} rolls {die} > {n}: moves to {state['pos'][side]}")
            else:
                lines.append(f"{side} rolls {die} <= {n}: stumbles at {state['pos'][side]}")
        state["orders"] = {}
        done = [s for s in SIDES if state["pos"][s] >= GOAL]
        if len(done) == 1:
            state["result"] = {"winner": done[0], "reason": f"{done[0]} reached {GOAL}"}
        elif len(done) == 2:
            state["result"] = {"winner": None, "reason": "both reached the goal together"}
        elif state["turn"] >= state["limit"]:
            b, r = state["pos"]["blue"], state["pos"]["red"]
            winner = None if b == r else ("blue" if b > r else "red")
            state["result"] = {"winner": winner, "reason": "turn limit"}
        else:
            state["turn"] += 1
        return Resolution(state, lines)

    def turn(self, state: dict[str, Any]) -> int:
        return state["turn"]

    def phase(self, state: dict[str, Any]) -> str:
        return "over" if state["result"] else "orders"

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        r = state["result"]
        return None if r is None else Outcome(r["winner"], r["reason"])

    def view(self, state: dict[str, Any], side: str | None = None) -> dict[str, Any]:
        units = [
            {"id": s[0], "name": f"{s} runner", "side": s, "square": state["pos"][s], "stride": "1-3", "tired": False}
            for s in SIDES
        ]
        return {"turn": state["turn"], "positions": dict(state["pos"]), "result": state["result"], "units": units}

    def turn_limit(self, state: dict[str, Any]) -> int | None:
        return int(state["limit"])

    def legal_options(self, state: dict[str, Any], side: str) -> Any:
        """The runner may hold or advance 1-3; the cost is the squares it would run."""
        from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions

        at = state["pos"][side]
        moves = tuple(
            Option(OptionKind.MOVE, f"advance {n}", str(at + n), cost=n, detail=f"needs a d6 above {n}")
            for n in (1, 2, 3)
        )
        hold = Option(OptionKind.OTHER, "hold", detail="stays put, no die")
        runner = UnitOptions(side[0], f"{side} runner", str(at), (*moves, hold), ("always in command",))
        return LegalOptions(side, f"turn {state['turn']}", (runner,))

    def render_text(self, state: dict[str, Any], side: str | None = None) -> str:
        return "\n".join(f"{s:5} {'.' * state['pos'][s]}@" for s in SIDES)

    def picture(self, state: dict[str, Any], side: str | None = None, title: str = "") -> Any:
        """The race track as a two-row hex board (so the mail and archive tests have a picture)."""
        from campaign.hexgrid import MapSpec, Orientation
        from campaign.picture import BoardPicture, Counter, HexTerrain, Side

        spec = MapSpec(GOAL + 1, 2, Orientation.POINTY)
        sides = (Side("blue", "Blue", "#1f5fa8"), Side("red", "Red", "#b02222"))
        counters = tuple(
            Counter(name.capitalize(), name, spec.to_hex(1 + min(state["pos"][name], GOAL), row), facing=0)
            for row, name in ((1, "blue"), (2, "red"))
        )
        goal = tuple(HexTerrain(spec.to_hex(GOAL + 1, row), "bua") for row in (1, 2))
        return BoardPicture(
            title or "Race", spec, subtitle=f"turn {state['turn']}", terrain=goal, sides=sides, counters=counters
        )

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(data)

    def default_orders(self, state: dict[str, Any], side: str, policy: Any) -> str:
        return "hold" if policy.value in {"hold", "standing"} else self.bot_orders(state, side, 0)

    def bot_orders(self, state: dict[str, Any], side: str, seed: int) -> str:
        return f"advance {1 + (seed + state['turn']) % 3}"


RULESET = Race()
