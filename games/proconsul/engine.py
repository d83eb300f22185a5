"""The `Ruleset` the core talks to: sealed declarations, then the winner's activation orders [PC.PBEM.3] [PC.SEQ.2].

Each initiative exchange is two windows. In a declaration window both sides are asked at once
for a *sealed* request (`Request.sealed`): the core keeps each side's declaration out of the
other side's digest, status, view and archive until both are in [PC.PBEM.2] [PC.PBEM.8]; the
resolution then reveals both and rolls the initiative. In an activation window only the winner
is asked, for its group's orders [PC.PBEM.4]. A round therefore costs about two short exchanges per
activation, as the illustration of [PC.PBEM.11] describes. In the optional pre-scripted mode a side
sends a group's orders with its declaration (`script GROUP`); they run at once if that group wins
the roll [PC.PBEM.9].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.kit.legal import LegalOptions
from campaign.kit.scenario_file import Fields, ScenarioError, TomlDocument
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

from . import orders as O
from .context import Ctx
from .scenario import build_state, load_scenario, scenario_doc, scenario_names
from .sequence import activate, initiative
from .state import Phase, State, dump_state, load_state


class Proconsul(Ruleset):
    """Proconsul: group activation by initiative, strength points and morale, by mail."""

    name = "proconsul"
    aliases = ("pc",)
    title = "Proconsul (ancient battles, group activation)"
    version = "1"
    default_scenario = "teutoburg"
    grammar_reminder = (
        "declare GROUP | STAND move HEX... [then move HEX...] | STAND fire TARGET [then move HEX...] |"
        " STAND attack TARGET | STAND rally [then opportunity] | general move HEX... | end"
    )

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for n in scenario_names():
            d = scenario_doc(n).data
            out.append(
                ScenarioInfo(n, str(d.get("title", n)), tuple(d.get("sides", ())), str(d.get("description", "")))
            )
        return out

    def setup(self, scenario: str, options: Mapping[str, Any]) -> State:
        try:
            return load_scenario(scenario, dict(options))
        except ScenarioError as e:
            raise ValueError(str(e)) from None

    def setup_text(self, text: str, name: str, options: Mapping[str, Any]) -> State:
        """A game from a scenario file's text: any position, every marker (docs/scenarios.md); ScenarioError."""
        stem = name.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".toml") or "custom"
        return build_state(TomlDocument.parse(text, name), stem, dict(options))

    def describe_text(self, text: str, name: str) -> ScenarioInfo:
        """Title and sides of a Proconsul scenario file (`sides = ["a", "b"]`)."""
        doc = TomlDocument.parse(text, name)
        f = Fields(doc)
        raw = doc.data.get("sides")
        sides = tuple(raw) if isinstance(raw, list) and all(isinstance(s, str) for s in raw) else ()
        if len(sides) != 2:
            f.problem("sides", "must list two side names, side A first")
        title = f.text(doc.data, "title", default=name)
        description = f.text(doc.data, "description", default="")
        f.done()
        return ScenarioInfo(name, title, sides, description)

    # --- who must act ---------------------------------------------------------------------------
    def pending(self, state: State) -> list[Request]:
        st = state
        if st.phase is Phase.OVER or st.result is not None:
            return []
        if st.phase is Phase.DECLARE:
            key = f"round-{st.round}-window-{st.window}-declare"
            return [
                Request(side, RequestKind.ORDERS, key, f"round {st.round}: declare a group (sealed)",
                        "declare one of: " + ", ".join(g.id for g in st.unactivated(side)), sealed=True)
                for side in st.sides
                if side not in st.declarations and side not in st.kept
            ]  # fmt: skip
        if st.script is not None:
            return []
        key = f"round-{st.round}-window-{st.window}-activate"
        what = st.groups[st.active_group].name if st.active_group else "a group of your choice (group NAME)"
        return [
            Request(
                st.active_side, RequestKind.ORDERS, key, f"round {st.round}: activate {what}", self.grammar_reminder
            )
        ]

    def ready(self, state: State) -> bool:
        if state.phase is Phase.DECLARE:
            return all(s in state.declarations or s in state.kept for s in state.sides)
        return state.phase is Phase.ACTIVATE and state.script is not None

    # --- inputs -----------------------------------------------------------------------------------
    def parse_orders(self, state: State, side: str, text: str) -> AcceptedOrders:
        parsed = O.parse(state, side, text)
        key = self.pending_key(state)
        standing = {o["standing"]: o["value"] for o in parsed if "standing" in o}
        if state.phase is Phase.DECLARE:
            declared = next(o["declare"] for o in parsed if "declare" in o)
            data: Any = {"declare": declared, "standing": standing, "scripts": O.scripts(parsed)}
        else:
            data = {"items": [o for o in parsed if "standing" not in o], "standing": standing}
        return AcceptedOrders(side, key, data, O.canonical(state, parsed))

    def pending_key(self, state: State) -> str:
        kind = "declare" if state.phase is Phase.DECLARE else "activate"
        return f"round-{state.round}-window-{state.window}-{kind}"

    def apply_orders(self, state: State, orders: AcceptedOrders) -> State:
        if orders.data.get("standing"):
            state.standing.setdefault(orders.side, {}).update(orders.data["standing"])
        if "declare" in orders.data:
            state.declarations[orders.side] = orders.data["declare"]
            state.prescripts.setdefault(orders.side, {}).update(orders.data.get("scripts", {}))
        else:
            state.script = orders.data
        return state

    def withdraw_orders(self, state: State, side: str, key: str) -> State:
        if key.endswith("declare"):
            state.declarations.pop(side, None)
        else:
            state.script = None
        return state

    def resolve(self, state: State, dice: DiceSource) -> Resolution:
        ctx = Ctx(state, dice)
        state.last_moves = []
        if state.phase is Phase.DECLARE:
            initiative(ctx)
        else:
            script, state.script = state.script or {"items": []}, None
            activate(ctx, script)
        from .model import Move

        state.last_moves = [Move(side, tuple(path)) for side, path in ctx.paths if len(path) > 1]
        return Resolution(state, ctx.log)

    # --- reading ----------------------------------------------------------------------------------
    def turn(self, state: State) -> int:
        return state.round

    def phase(self, state: State) -> str:
        if state.phase is Phase.OVER:
            return "game over"
        if state.phase is Phase.DECLARE:
            return f"round {state.round}: sealed group declarations"
        return f"round {state.round}: {state.active_side} activates {state.active_group or '(its choice)'}"

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(state.result[0], state.result[1])

    def view(self, state: State, side: str | None = None) -> Any:
        from .view import view

        return view(state, side)

    def render_text(self, state: State, side: str | None = None) -> str:
        from .view import render_text

        return render_text(state, side)

    def picture(self, state: State, side: str | None = None, title: str = "") -> Any:
        from .picture import picture

        return picture(state, side, title)

    def legal_options(self, state: State, side: str) -> LegalOptions:
        from .bot import legal_options

        return legal_options(state, side)

    def dump(self, state: State) -> Any:
        return dump_state(state)

    def load(self, data: Any) -> State:
        return load_state(data)

    def default_orders(self, state: State, side: str, policy: MissedOrders) -> str:
        """HOLD and STANDING: the first group in scenario order, or "end" (all hold) [PC.PBEM.6] [PC.PBEM.7]."""
        if policy is MissedOrders.BOT:
            return self.bot_orders(state, side, 0)
        if state.phase is Phase.DECLARE:
            return f"declare {state.unactivated(side)[0].id}"
        if not state.active_group:
            return f"group {state.unactivated(side)[0].id}\nend"
        return "end"

    def bot_orders(self, state: State, side: str, seed: int) -> str:
        from .bot import bot_orders

        return bot_orders(state, side, seed)


RULESET = Proconsul()
