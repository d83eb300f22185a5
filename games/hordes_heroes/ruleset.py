"""The adapter between the core and Hordes & Heroes: the `Ruleset` the core talks to [HH.SEQ.*, HH.PD.*].

Every method hands over to the rules package: the phase machine and bound runner (`engine`), the order
check (`validate`), the computer player (`bot`), the legal options (`legal`), the board as text, JSON and
picture (`view`, `picture`), snapshots (`state`). Nothing here decides a rule; a new rule system copies
this file's shape (see docs/architecture.md, "How to add a rule system").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from campaign.kit.check import ArmyStatus, UnitCard
from campaign.kit.legal import LegalOptions
from campaign.picture import BoardPicture
from campaign.ruleset import (
    AcceptedOrders,
    DiceSource,
    MissedOrders,
    Outcome,
    Request,
    Resolution,
    Ruleset,
    ScenarioInfo,
)

from . import orders as O
from .bot import bot_orders
from .cards import army_status, unit_cards
from .edition import LATEST_RULES_VERSION
from .engine import advance, default_deployment, load_orders, phase_label, requests
from .legal import legal_options
from .picture import picture
from .scenario import ScenarioFiles, build_state, read_scenario, scenario_names
from .state import GameState, Phase, StandingProfile, dump_state, load_state
from .validate import check_orders
from .view import render_text, view


class HordesHeroes(ScenarioFiles, Ruleset):
    """Hordes & Heroes — Ancients & Medieval (Kallistra, 2022 edition): set-up, movement, shooting, combat, victory."""

    name = "hordes-heroes"
    aliases = ("hh", "hordes_heroes", "hordes-and-heroes")
    title = "Hordes & Heroes (2022)"
    version = "0.3.0"

    def new_game_options(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """A new game plays under the latest rules version unless told otherwise (edition.py, RULES_VERSIONS)."""
        return {"rules_version": LATEST_RULES_VERSION, **options}

    # --- set-up ----------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for n in scenario_names():
            d = read_scenario(n)
            out.append(
                ScenarioInfo(n, d.get("title", n), tuple(s["name"] for s in d["sides"]), d.get("description", ""))
            )
        return out

    def setup(self, scenario: str, options: Mapping[str, Any]) -> GameState:
        return build_state(read_scenario(scenario), dict(options))

    # --- who must act ----------------------------------------------------------------------
    def pending(self, state: GameState) -> list[Request]:
        return requests(state)

    def ready(self, state: GameState) -> bool:
        reqs = self.pending(state)
        return bool(reqs) and all(r.optional or r.key in state.orders for r in reqs)

    # --- inputs ------------------------------------------------------------------------------
    def parse_orders(self, state: GameState, side: str, text: str) -> AcceptedOrders:
        return check_orders(state, side, text)

    def apply_orders(self, state: GameState, orders: AcceptedOrders) -> GameState:
        if orders.key.startswith("standing-"):
            sp = StandingProfile()
            base: dict[str, Any] = {}
            per: dict[int, dict[str, bool]] = {}
            per_gen: dict[int, dict[str, bool]] = {}
            for o in load_orders(orders.data):
                assert isinstance(o, O.StandingOrder)
                if o.general is not None:
                    per_gen.setdefault(o.general, {})[o.key] = bool(o.value)
                elif o.unit is None:
                    base[o.key] = o.value
                else:
                    per.setdefault(o.unit, {})[o.key] = o.value
            state.standing[orders.side] = StandingProfile(replace(sp.base, **base), per, per_gen)
            state.orders[orders.key] = orders.data
            return state
        if orders.key.startswith("initiative-"):
            pref: dict[str, Any] = {}
            for o in load_orders(orders.data):
                assert isinstance(o, O.InitiativeChoice)
                if o.deploy_first is not None:
                    pref["deploy_first"] = o.deploy_first
                if o.edge is not None:
                    pref["edge"] = o.edge.value
            state.orders[orders.key] = pref
            return state
        state.orders[orders.key] = orders.data
        return state

    def withdraw_orders(self, state: GameState, side: str, key: str) -> GameState:
        state.orders.pop(key, None)
        if key.startswith("standing-"):
            state.standing.pop(side, None)
        return state

    def resolve(self, state: GameState, dice: DiceSource) -> Resolution:
        return Resolution(state, advance(state, dice))

    # --- missed deadlines and the computer player --------------------------------------------
    def default_orders(self, state: GameState, side: str, policy: MissedOrders) -> str:
        """Orders for a side that missed its deadline (HH.PD intro: defaults are deterministic).

        Initiative: the PD defaults (deploy second, first-listed edge, HH.PD.3, HH.PD.4). A bound: hold;
        the standing orders of the other side apply by themselves. Deployment: a default line-up in the
        middle of the zone, facing the enemy (HH.PD.5 has no default, so this is this engine's own).
        """
        if policy is MissedOrders.BOT:
            return self.bot_orders(state, side, 0)
        if state.phase is Phase.DEPLOYMENT and side == state.deploying:
            return default_deployment(state, side)
        return ""

    def bot_orders(self, state: GameState, side: str, seed: int) -> str:
        """The computer player's legal orders for `side` now (games/hordes_heroes/bot.py)."""
        return bot_orders(state, side, seed)

    def legal_options(self, state: GameState, side: str) -> LegalOptions:
        """What each unit may do in `side`'s bound, each option with its order line (games/hordes_heroes/legal.py)."""
        return legal_options(state, side)

    def unit_cards(self, state: GameState, side: str | None) -> list[UnitCard]:
        """Every rules value and marker of each unit, in the book's terms (games/hordes_heroes/cards.py)."""
        return unit_cards(state, side)

    def army_status(self, state: GameState, side: str) -> ArmyStatus:
        """Stands lost against the break point, turns left, generals and their state (cards.py)."""
        return army_status(state, side)

    def picture(self, state: GameState, side: str | None = None, title: str = "") -> BoardPicture:
        """The board as a picture for campaign.render (games/hordes_heroes/picture.py)."""
        return picture(state, side, title)

    # --- reading -----------------------------------------------------------------------------
    def turn(self, state: GameState) -> int:
        return max(1, state.turn)

    def phase(self, state: GameState) -> str:
        return phase_label(state)

    def outcome(self, state: GameState) -> Outcome | None:
        return None if state.outcome is None else Outcome(state.outcome[0], state.outcome[1])

    def view(self, state: GameState, side: str | None = None) -> Any:
        return view(state, side)

    def render_text(self, state: GameState, side: str | None = None) -> str:
        return render_text(state, side)

    def dump(self, state: GameState) -> Any:
        return dump_state(state)

    def load(self, data: Any) -> GameState:
        return load_state(data)
