"""The War Cometh ruleset: set-up, deployment, who acts, order checking, resolution, views.

The engine is a pure function of the scenario, its options and the logged events: no clock, no
hash-ordered iteration, no randomness of its own [WC.EVENT.1]. Every die is asked of the dice
source with a purpose (``command: ...``, ``disorder: ...``) and replay hands back the logged
``DiceRolled`` events, refusing any whose size or purpose differs [WC.EVENT.2]. The player inputs
of [WC.EVENT.4] are the order lines of :mod:`.orders` and :mod:`.fireorders` (``place``,
``flank march``, ``commander``/``unit``/``battleline``, ``... charge unit``, ``shoot``,
``holdfire``, ``close``, ``leader``, ``standing``).

Part 1 plays deployment and the Movement Phase with command; the Reaction Test, Shooting and
Melee phases are skipped with a narrative line (``TODO(WC.REACT.1)``, ``TODO(WC.SHOOT.1)``,
``TODO(WC.MELEE.1)``) until part 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from campaign.kit.legal import LegalOptions
from campaign.kit.scenario_file import Fields, TomlDocument
from campaign.picture.table import TablePicture
from campaign.ruleset import (
    JSON,
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

from .checks import check_orders
from .model import Phase, State, dump_state, load_state
from .orders import read_orders
from .picture import table_picture
from .scenario import SCENARIOS, load_scenario, parse_scenario
from .turn import resolve_movement
from .view import render_text, view

__all__ = ["WarCometh"]


GAME_FLAGS = (
    "opt_reaction_tests",
    "opt_levy_threat_tests",
    "opt_skirmisher_disorder_mod",
    "reaction_leader_mod",
    "longbow_improves_armor0",
    "through_dice",
    "natural12_policy",
)
"""The §0.3 configuration flags a game may set with ``--option KEY=VALUE`` (fire and morale)."""


def with_options(state: State, options: Mapping[str, JSON]) -> State:
    """A game's options on top of its scenario: ``max_turns`` and the §0.3 flags, which override the
    scenario's [WC.META.2] [WC.REACT.1]."""
    if "max_turns" in options:
        state = replace(state, max_turns=int(options["max_turns"]))
    flags = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items() if k in GAME_FLAGS}
    if flags:
        state = replace(state, options=tuple(sorted({**dict(state.options), **flags}.items())))
    return state


class WarCometh(Ruleset):
    """War Cometh v2.0 (2005), part 1: the measured table, command and movement."""

    name = "war-cometh"
    aliases = ("wc", "warcometh")
    title = "War Cometh v2.0 (measured table; part 1: command and movement)"
    version = "0.1"

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for key in SCENARIOS:
            s = load_scenario(key)
            out.append(ScenarioInfo(key, s.title, tuple(x.key for x in s.sides)))
        return out

    def setup(self, scenario: str, options: Mapping[str, JSON]) -> State:
        return with_options(load_scenario(scenario), options)

    def setup_text(self, text: str, name: str, options: Mapping[str, JSON]) -> State:
        """A battle from a scenario file's text, through the same reader as the shipped scenarios:
        profiles inline, a start at any player-turn or in deployment, every lasting marker
        (docs/scenarios.md) [WC.SEQ.1] [WC.SEQ.8]. Raises ScenarioError naming file, line and field."""
        stem = name.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".toml") or "custom"
        return with_options(parse_scenario(text, name, stem), options)

    def describe_text(self, text: str, name: str) -> ScenarioInfo:
        """Title and sides of a War Cometh scenario file: each ``[[sides]]`` by its ``key``."""
        doc = TomlDocument.parse(text, name)
        f = Fields(doc)
        tables = f.tables(doc.data, "sides", required=True)
        sides = tuple(f.text(s, "key", f"sides[{i}]") for i, s in enumerate(tables))
        if tables and len(sides) != 2:
            f.problem(f"sides[{len(sides) - 1}]", f"a battle has two sides, not {len(sides)}")
        title = f.text(doc.data, "title", default=name)
        description = f.text(doc.data, "description", default="")
        f.done()
        return ScenarioInfo(name, title, sides, description)

    def pending(self, state: State) -> list[Request]:
        if state.phase is Phase.OVER:
            return []
        side = state.active
        if state.phase is Phase.DEPLOY:
            return [
                Request(
                    side,
                    RequestKind.ORDERS,
                    self._key(state),
                    "deployment",
                    "place your units ('place unit ID at X Y facing DEG line N'), or 'done'",
                )
            ]
        label = f"turn {self.turn(state)}, {state.side(side).name}: movement"
        return [
            Request(
                side,
                RequestKind.ORDERS,
                self._key(state),
                label,
                "orders for your commanders ('commander NAME' then 'unit ID forward 10'), or 'done'",
            )
        ]

    def _key(self, state: State) -> str:
        return f"{state.phase.value}-{state.player_turn}-{state.active}-{len(state.deploy_order)}"

    def ready(self, state: State) -> bool:
        return state.phase is not Phase.OVER and state.active in dict(state.pending)

    def parse_orders(self, state: State, side: str, text: str) -> AcceptedOrders:
        if state.phase is Phase.OVER or side != state.active:
            raise OrdersRejected([OrderError(0, 0, "WC.SEQ.1", f"{side} has nothing to order now", "")])
        orders, errors = read_orders(state, side, text)
        errors += check_orders(state, side, orders)
        if errors:
            raise OrdersRejected(sorted(errors, key=lambda e: (e.line, e.column)))
        data = {"orders": [{"kind": o.kind, "data": o.data} for _, o in orders]}
        canonical = "\n".join(o.text for _, o in orders) or "done"
        return AcceptedOrders(side, self._key(state), data, canonical)

    def apply_orders(self, state: State, orders: AcceptedOrders) -> State:
        pending = tuple((s, o) for s, o in state.pending if s != orders.side)
        return replace(state, pending=(*pending, (orders.side, orders.data)))

    def withdraw_orders(self, state: State, side: str, key: str) -> State:
        return replace(state, pending=tuple((s, o) for s, o in state.pending if s != side))

    def resolve(self, state: State, dice: DiceSource) -> Resolution:
        if state.phase is Phase.DEPLOY:
            from .checks import resolve_deployment

            new, lines = resolve_deployment(state, dice)
            return Resolution(new, lines)
        new, lines = resolve_movement(state, dice)
        return Resolution(new, lines)

    def turn(self, state: State) -> int:
        return (state.player_turn + 1) // 2

    def phase(self, state: State) -> str:
        if state.phase is Phase.OVER:
            return "over"
        return f"{state.phase.value} ({state.side(state.active).name})"

    def outcome(self, state: State) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        if state.winner:
            return Outcome(state.winner, f"{state.side(state.winner).name} win")
        return Outcome(None, "a draw")

    def view(self, state: State, side: str | None = None) -> JSON:
        return view(state)

    def render_text(self, state: State, side: str | None = None) -> str:
        return render_text(state)

    def picture(self, state: State, side: str | None = None, title: str = "") -> TablePicture:
        return table_picture(state, title or state.title)

    def preview(self, state: State, side: str, text: str, title: str = "") -> TablePicture:
        """CHECK: the table with the footprints these orders would give on Carry On results."""
        from .checks import preview_state

        orders, errors = read_orders(state, side, text)
        after = preview_state(state, side, orders)
        return table_picture(state, title or f"{state.title}: check", planned=after)

    def legal_options(self, state: State, side: str) -> LegalOptions:
        from .legal import legal_options

        return legal_options(state, side, self.phase(state))

    def dump(self, state: State) -> JSON:
        return dump_state(state)

    def load(self, data: JSON) -> State:
        return load_state(data)

    def default_orders(self, state: State, side: str, policy: MissedOrders) -> str:
        if policy is MissedOrders.BOT:
            return self.bot_orders(state, side, 0)
        return "done"

    def bot_orders(self, state: State, side: str, seed: int) -> str:
        from .bot import bot_orders

        return bot_orders(state, side, seed)
