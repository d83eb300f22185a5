"""The `Ruleset` the core talks to: phases, orders, resolution, victory [CH.TURN.*] [CH.PBEM.*].

A game turn is two phases, first side then second [CH.TURN.2]; each phase is one order message
from the phasing side, resolved step by step (phase.py) [CH.SEQ.1].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from campaign.kit.legal import LegalOptions
from campaign.kit.scenario_file import Fields, ScenarioError, TomlDocument
from campaign.ruleset import (
    AcceptedOrders,
    DiceSource,
    MissedOrders,
    OrderError,
    OrdersRejected,
    Outcome,
    Request,
    RequestKind,
    Resolution,
    Ruleset,
    ScenarioInfo,
)

from . import orders as O
from . import players as P
from .bot import bot_orders, legal_options
from .effects import Ctx
from .phase import Run, run_phase
from .scenario import build_state, scenario_doc, scenario_names
from .state import GameState
from .victory import check_victory
from .view import dump_state, load_state, render_text, view


class CryHavoc(Ruleset):
    """Cry Havoc (Standard Games): medieval skirmish, one counter per man."""

    name = "cry-havoc"
    aliases = ("cryhavoc", "cry_havoc", "ch")
    title = "Cry Havoc"
    default_scenario = "raid"
    """What `campaign demo --ruleset cry-havoc` plays: the mounted raid on the village."""
    version = "1"

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for n in scenario_names():
            d = scenario_doc(n).data
            out.append(
                ScenarioInfo(n, str(d.get("title", n)), P.scenario_slots(d), str(d.get("description", "")))
            )
        return out

    def setup(self, scenario: str, options: Mapping[str, Any]) -> GameState:
        """The scenario with its options; the options are part of the game's creation event and the
        config travels in every snapshot, so a game replays under its own rules [CH.DATA.5].
        Characters with a `controller` make more than one player per side [CH.TURN.4] (players.py)."""
        try:
            return build_state(scenario, dict(options))
        except ScenarioError as e:
            raise ValueError(str(e)) from None

    def setup_text(self, text: str, name: str, options: Mapping[str, Any]) -> GameState:
        """A game from a scenario file's text, through the same reader as the shipped scenarios: inline
        character types, any turn and phase, every marker (docs/scenarios.md) [CH.DATA.2] [CH.DATA.3].
        Raises ScenarioError naming the file, line and field of every problem."""
        stem = name.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".toml") or "custom"
        return build_state(stem, dict(options), TomlDocument.parse(text, name))

    def describe_text(self, text: str, name: str) -> ScenarioInfo:
        """Title and player slots of a Cry Havoc scenario file: ``sides = ["a", "b"]``, then each
        character's ``controller`` [CH.TURN.4]."""
        doc = TomlDocument.parse(text, name)
        f = Fields(doc)
        raw = doc.data.get("sides")
        if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(s, str) for s in raw)):
            f.problem("sides", 'must list the two sides, e.g. sides = ["raiders", "villagers"]')
        title = f.text(doc.data, "title", default=name)
        description = f.text(doc.data, "description", default="")
        f.tables(doc.data, "characters", required=True)
        f.done()
        return ScenarioInfo(name, title, P.scenario_slots(doc.data), description)

    def pending(self, state: GameState) -> list[Request]:
        if state.result is not None:
            return []
        prompt = f"Orders for {state.side}'s phase: fire, move, attack (see docs/orders/cry-havoc.md)."
        return [
            Request(slot, RequestKind.ORDERS, P.order_key(state, slot), self.phase(state), prompt)
            for slot in P.phase_slots(state)
            if P.order_key(state, slot) not in state.orders
        ]

    def ready(self, state: GameState) -> bool:
        """Every player of the phasing side has sent orders [CH.TURN.4]."""
        return state.result is None and all(P.order_key(state, s) in state.orders for s in P.phase_slots(state))

    def read(self, state: GameState, text: str) -> tuple[list[tuple[int, O.Order]], list[OrderError]]:
        result = O.GRAMMAR.read(text, state)
        return [(line.number, o) for line, o in result.orders], list(result.errors)

    def parse_orders(self, state: GameState, side: str, text: str) -> AcceptedOrders:
        if state.result is not None:
            raise OrdersRejected([OrderError(0, 0, "CH.TURN.1", "the game is over")])
        if P.team_of(state, side) != state.side:
            raise OrdersRejected(
                [
                    OrderError(
                        0,
                        0,
                        "CH.TURN.3",
                        f"it is {state.side}'s phase, not {side}'s",
                        hint="only the phasing side fires, moves and attacks",
                    )
                ]
            )
        orders, errors = self.read(state, text)
        lines = {n: line for n, line in enumerate(text.splitlines(), start=1)}
        for n, o in orders:
            for why in P.not_mine(state, side, o):
                errors.append(OrderError(n, 1, "CH.TURN.4", f"{why}: only that player may order him", lines[n].strip()))
        run = Run(Ctx(state.clone(), None), orders, validate=True)
        run_phase(run)
        for n, e in run.problems:
            message = e.message.removesuffix(f" [{e.code}]")
            errors.append(
                OrderError(
                    n, 1 if n else 0, e.code, message, lines.get(n, "").strip(), e.hint or legal_hint(self, state, side)
                )
            )
        if errors:
            raise OrdersRejected(sorted(errors, key=lambda e: (e.line, e.column)))
        canon = [O.canonical(o, state) for _, o in orders] or ["pass"]
        return AcceptedOrders(side, P.order_key(state, side), {"lines": canon}, "\n".join(canon))

    def apply_orders(self, state: GameState, orders: AcceptedOrders) -> GameState:
        st = state.clone()
        st.orders[orders.key] = orders.data
        return st

    def withdraw_orders(self, state: GameState, side: str, key: str) -> GameState:
        st = state.clone()
        st.orders.pop(key, None)
        return st

    def resolve(self, state: GameState, dice: DiceSource) -> Resolution:
        """The phase from the orders on file; orders, decisions and dice are the logged inputs, everything
        else is derived again on replay [CH.PBEM.25]."""
        st = state.clone()
        text = "\n".join(P.merged_lines(st))
        orders, _ = self.read(st, text)
        ctx = Ctx(st, dice)
        ctx.say(f"Turn {st.turn}, {st.side}'s phase.")
        roll_ammunition(ctx)
        run_phase(Run(ctx, orders, validate=False))
        for slot in P.phase_slots(st):
            st.orders.pop(P.order_key(st, slot), None)
        advance(st)
        check_victory(st, ctx.lines)
        return Resolution(st, ctx.lines)

    def turn(self, state: GameState) -> int:
        return state.turn

    def phase(self, state: GameState) -> str:
        return f"turn {state.turn} of {state.turns}, {state.side}"

    def outcome(self, state: GameState) -> Outcome | None:
        return None if state.result is None else Outcome(*state.result)

    def view(self, state: GameState, side: str | None = None) -> Any:
        return view(state)

    def render_text(self, state: GameState, side: str | None = None) -> str:
        return render_text(state)

    def picture(self, state: GameState, side: str | None = None, title: str = "") -> Any:
        from .picture import picture

        return picture(state, title)

    def legal_options(self, state: GameState, side: str) -> LegalOptions:
        return legal_options(state, P.team_of(state, side))

    def dump(self, state: GameState) -> Any:
        return dump_state(state)

    def load(self, data: Any) -> GameState:
        return load_state(data)

    def default_orders(self, state: GameState, side: str, policy: MissedOrders) -> str:
        """HOLD and STANDING: nothing (standing orders apply by themselves); BOT: the computer player [CH.PBEM.3]."""
        if policy is MissedOrders.BOT:
            return self.bot_orders(state, side, 0)
        return "pass\n"

    def bot_orders(self, state: GameState, side: str, seed: int) -> str:
        """The computer player's orders for the side, keeping a player's own characters' lines only [CH.TURN.4]."""
        team = P.team_of(state, side)
        return bot_orders(state, team, seed, lambda st, _team, text: self.parse_orders(st, side, text))


def legal_hint(rs: CryHavoc, state: GameState, side: str) -> str:
    return "send LEGAL for what each character may do"


def roll_ammunition(ctx: Ctx) -> None:
    """Each archer's missiles: three d10 rolled by his side at the start of the game [CH.AMMO.2]."""
    st = ctx.state
    if not st.config.options__ammunition or st.ammo_rolled:
        return
    for c in sorted(st.characters.values(), key=lambda c: c.id):
        if c.profile.weapon is not None and c.missiles is None:
            dice = [ctx.roll(f"ammunition: {c.id}, die {i}") for i in (1, 2, 3)]
            st.characters[c.id] = replace(c, missiles=sum(dice))
            ctx.say(
                f"{c.id} carries {sum(dice)} {'bolts' if c.profile.weapon.value == 'crossbow' else 'arrows'}"
                f" ({'+'.join(map(str, dice))}) [CH.AMMO.2]."
            )
    st.ammo_rolled = True


def advance(st: GameState) -> None:
    """Next phase: the second side, then the next game turn [CH.TURN.2]."""
    if st.phasing == 0:
        st.phasing = 1
    else:
        st.phasing = 0
        st.turn += 1
