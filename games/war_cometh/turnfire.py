"""The fire-and-morale parts of a player-turn, as :mod:`games.war_cometh.turn` calls them:
standing orders, the Reaction Test Phase and the Shooting Phase before the Movement Phase, and
after it Hold Fire shots at its end and threat chits [WC.SEQ.1] [WC.SEQ.3] [WC.SEQ.4] [WC.SEQ.5]."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaign.ruleset import DiceSource

from .chits import threat_chits
from .model import State
from .reactphase import resolve_reactions
from .shootphase import SHOOT_KINDS, end_of_move_fire, resolve_shooting
from .standing import with_standing

__all__ = ["after_movement", "fire_phases"]


def fire_phases(state: State, orders: Sequence[dict[str, Any]], dice: DiceSource, narrative: list[str]) -> State:
    """Standing orders written this turn take effect [WC.EVENT.3]; then the Reaction Test Phase
    [WC.SEQ.3] and the Shooting Phase [WC.SEQ.4]."""
    side = state.active
    for o in orders:
        if o["kind"] == "standing":
            d = o["data"]
            state = with_standing(state, side, d["key"], d["value"], d.get("unit", ""))
    state = resolve_reactions(state, dice, narrative)
    return resolve_shooting(state, [o for o in orders if o["kind"] in SHOOT_KINDS], dice, narrative)


def after_movement(
    before: State, state: State, orders: Sequence[dict[str, Any]], dice: DiceSource, narrative: list[str]
) -> State:
    """End of the Movement Phase: Hold Fire units told to fire now do (trigger (a) of
    [WC.SHOOT.5]); threat chits are handed out [WC.SEQ.5] step 3 [WC.REACT.4]."""
    state = end_of_move_fire(state, orders, dice, narrative)
    return threat_chits(before, state, state.active, narrative)
