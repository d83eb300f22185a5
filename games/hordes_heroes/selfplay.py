"""Two computer players fight a whole game through the `Ruleset` interface (tests, benchmarks, the demo's bots).

`self_play` answers every pending request with `bot.bot_orders`, files it with `parse_orders` then
`apply_orders` and resolves each phase with the dice given, as the core would.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from campaign.ruleset import DiceSource

from .bot import bot_orders
from .ruleset import HordesHeroes
from .state import GameState


@dataclass(frozen=True, slots=True)
class BotGame:
    """A finished (or stopped) bot-against-bot game: final state, every order text sent, the story."""

    state: GameState
    orders: tuple[tuple[str, str, str], ...]
    """(side, request key, order text) in the order they were filed."""
    narrative: tuple[str, ...]
    resolutions: int


def self_play(
    scenario: str,
    seed: int,
    dice: DiceSource,
    options: Mapping[str, Any] | None = None,
    *,
    max_resolutions: int = 400,
    until: Callable[[GameState], bool] | None = None,
    on_orders: Callable[[GameState, str, str], None] | None = None,
) -> BotGame:
    """Two bots play `scenario` through the Ruleset interface until the game ends, `until(state)` holds
    or `max_resolutions` phases have been resolved.

    Each request pending is answered with `bot_orders(state, side, seed')` (optional requests first,
    so standing orders are on file before the bound they affect is checked) and filed with
    `parse_orders` then `apply_orders`; the phase is resolved with `dice`. A refused bundle raises
    `OrdersRejected`: the bot promised legal orders. `on_orders(state, side, text)` sees every text
    before it is filed (for tests that re-check determinism or legality).
    """
    rules = HordesHeroes()
    state = rules.setup(scenario, dict(options or {}))
    filed: list[tuple[str, str, str]] = []
    story: list[str] = []
    n = 0
    while n < max_resolutions and not (until is not None and until(state)):
        reqs = rules.pending(state)
        if not reqs:
            break
        for r in sorted(reqs, key=lambda r: (not r.optional, state.sides.index(r.side))):
            if r.optional and r.key in state.orders:
                continue
            text = bot_orders(state, r.side, seed * 100_003 + n * 2 + state.sides.index(r.side))
            if not text and r.optional:
                continue
            if on_orders is not None:
                on_orders(state, r.side, text)
            acc = rules.parse_orders(state, r.side, text)
            state = rules.apply_orders(state, acc)
            filed.append((r.side, acc.key, text))
        if not rules.ready(state):
            raise RuntimeError(f"bots filed everything pending but the phase is not ready: {rules.phase(state)}")
        res = rules.resolve(state, dice)
        state = res.state
        story.extend(res.narrative)
        n += 1
    return BotGame(state, tuple(filed), tuple(story), n)
