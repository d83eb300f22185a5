"""(SCN) Bannockburn's own rules that act during play: the Small Folk released once an English
knight unit loses a melee, and Gloucester riding after his knights' charge [WC.SCN.8]
[WC.SCN.8a] [WC.SCN.13]."""

from __future__ import annotations

import math
from dataclasses import replace

from campaign.table.frame import q_cm

from .model import State
from .troops import TroopType
from .world import World

__all__ = ["GLOUCESTER", "gloucester_follows", "release_small_folk"]

GLOUCESTER = "gloucester"
"""The Earl of Gloucester's leader id in the scenario."""
GLOUCESTER_MOVE_CM = 60.0


def _english_knights(state: State, world: World) -> list[str]:
    return [
        u.id
        for u in state.units
        if u.side == "english" and u.stands and world.profile(u).type is TroopType.MOUNTED_KNIGHTS
    ]


def release_small_folk(state: State) -> tuple[State, list[str]]:
    """Once any English knight unit has lost a melee round, the Small Folk may move for the rest of
    the battle [WC.SCN.8] [WC.SCN.8a]. Checked at the end of the Melee Combat Phase (ENGINE: the
    units could not move inside that phase anyway)."""
    if "WC.SCN.8" not in state.special or all(u.released for u in state.units):
        return state, []
    world = World(state)
    if not any(state.unit(k).lost_melee for k in _english_knights(state, world)):
        return state, []
    units = tuple(replace(u, released=True) for u in state.units)
    return replace(state, units=units), ["An English knight unit has lost a melee: the Small Folk join in [WC.SCN.8]."]


def gloucester_follows(state: State) -> tuple[State, list[str]]:
    """If Gloucester ordered a knight unit to charge this turn, at the end of the Movement Phase he
    attaches to a knight unit in melee within 60 cm (the nearest), or rides 60 cm toward the
    nearest such unit [WC.SCN.13]."""
    if "WC.SCN.13" not in state.special or GLOUCESTER not in {g.id for g in state.leaders}:
        return state, []
    g = state.leader(GLOUCESTER)
    world = World(state)
    knights = [state.unit(k) for k in _english_knights(state, world)]
    if g.lost or not any(u.ordered_by == g.id and u.charged for u in knights):
        return state, []
    fighting = [u for u in knights if u.on_table and world.in_contact_with_enemy(u)]
    if not fighting:
        return state, []
    here = g.at
    best = min(fighting, key=lambda u: (math.dist(here, world.bound(u).front_mid()), u.id))
    to = world.bound(best).front_mid()
    d = math.dist(here, to)
    if d <= GLOUCESTER_MOVE_CM + 1e-6:
        moved = replace(g, x=q_cm(to[0]), y=q_cm(to[1]), attached_to=best.id)
        return state.with_leader(moved), [f"{g.name} rides to unit {best.id} in the melee [WC.SCN.13]."]
    k = GLOUCESTER_MOVE_CM / d
    x, y = here[0] + (to[0] - here[0]) * k, here[1] + (to[1] - here[1]) * k
    moved = replace(g, x=q_cm(x), y=q_cm(y), attached_to="")
    return state.with_leader(moved), [f"{g.name} rides 60 cm toward unit {best.id} [WC.SCN.13]."]
