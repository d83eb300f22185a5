"""The Shooting Phase and Hold Fire: the phasing player's shots in his order, target checks,
Hold Fire markers, closing targets, and the fallbacks at the end [WC.SEQ.4] [WC.SHOOT.1]–[WC.SHOOT.5]
[WC.SHOOT.22] [WC.FALLBACK.7] [WC.FALLBACK.10].

Orders (from :mod:`games.war_cometh.orders`), each a dict with ``kind``:

* ``shoot`` — ``unit``, optional ``target`` (else the nearest [WC.TARGET.2]), optional ``class``
  (artillery [WC.TARGET.1]);
* ``holdfire`` — ``unit``, ``when``: ``charge`` (default, [WC.PD.12]) or ``end`` (the end of its own
  Movement Phase, trigger (a) of [WC.SHOOT.5]);
* ``close`` — ``target``: resolve its fallback now [WC.FALLBACK.10].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from campaign.ruleset import DiceSource

from .fallback import Pending, record_hits, resolve_fallback
from .fire import ShotPlan, cavalry_attacker, cover
from .model import State
from .rout import may_shoot
from .shooting import shoot_and_move
from .standing import standing
from .targets import check_target, stand_targets
from .volley import shoot
from .world import World

__all__ = ["SHOOT_KINDS", "end_of_move_fire", "fire_turn_end", "resolve_shooting", "start_of_turn_fire"]

SHOOT_KINDS = ("shoot", "holdfire", "close")
"""Order kinds played in the Shooting Phase."""


def _plans(state: State, data: dict[str, Any], closed: Sequence[str]) -> tuple[list[ShotPlan], str]:
    """The shots an order makes, or the reason it makes none [WC.TARGET.1]–[WC.TARGET.6]."""
    world = World(state)
    unit = state.unit(data["unit"])
    ignore = standing(state, unit.side, "ignore-skirmishers") == "yes"
    if data.get("target"):
        if data["target"] not in {u.id for u in state.units}:
            return [], f"unit {data['target']} is not on the table"
        plan = check_target(
            world,
            unit,
            state.unit(data["target"]),
            closed=closed,
            ignore_skirmishers=ignore,
            klass=data.get("class", ""),
        )
        return ([plan], "") if plan.ok else ([], f"{plan.problem} [{plan.rule}]")
    plans = stand_targets(world, unit, closed=closed, ignore_skirmishers=ignore)
    return (plans, "") if plans else ([], "no enemy unit it may shoot [WC.SHOOT.9]")


def fire_order(
    state: State,
    data: dict[str, Any],
    dice: DiceSource,
    narrative: list[str],
    pending: dict[str, Pending],
    closed: list[str],
) -> State:
    """One ``shoot`` order: checked again now [WC.EVENT.5], then each shot resolved and its hits
    recorded for the fallback [WC.SHOOT.2] [WC.SHOOT.22]; the unit may not move afterwards unless
    it may shoot and move [WC.SHOOT.1]."""
    uid = data["unit"]
    unit = state.unit(uid)
    why = ""
    if not unit.on_table:
        why = "it is not on the table"
    elif not may_shoot(unit):
        why = "it is routed [WC.SHOOT.12]"
    elif unit.acted:
        why = "it carried out a reaction this turn [WC.REACT.10]"
    elif unit.fired:
        why = "it has already fired [WC.SHOOT.1]"
    plans, problem = ([], why) if why else _plans(state, data, closed)
    if not plans:
        narrative.append(f"Unit {uid} ({unit.name}) does not shoot: {problem}.")
        return state
    for plan in plans:
        state, v = shoot(state, plan, dice, narrative)
        if v.unsaved:
            world = World(state)
            shooter = state.unit(uid)
            rect = world.rects(shooter)[plan.stands[0].index]
            c = cover(world, state.unit(plan.target), rect, attacker_cavalry=cavalry_attacker(world, shooter))
            pending[plan.target] = record_hits(
                world, pending.get(plan.target, Pending(plan.target)), shooter, v.unsaved, c
            )
    u = state.unit(uid)
    keeps_moving = shoot_and_move(World(state).profile(u))
    return state.with_unit(replace(u, fired=True, hold_fire=False, frozen=u.frozen or not keeps_moving))


def resolve_shooting(state: State, orders: Sequence[dict[str, Any]], dice: DiceSource, narrative: list[str]) -> State:
    """The phasing player's Shooting Phase [WC.SEQ.4]: his shoot, hold-fire and close orders in
    the order written [WC.SHOOT.1] [WC.PD.13]; targets fall back at the end in the order first hit
    unless closed earlier; a closed or fallen-back unit may not be shot at again [WC.FALLBACK.7]
    [WC.FALLBACK.10] [WC.SHOOT.22]."""
    pending: dict[str, Pending] = {}
    closed: list[str] = []
    for o in orders:
        kind, data = o["kind"], o["data"]
        if kind == "shoot":
            state = fire_order(state, data, dice, narrative, pending, closed)
        elif kind == "holdfire":
            state = _hold(state, data, narrative)
        elif kind == "close" and data["target"] in pending:
            state = resolve_fallback(state, pending.pop(data["target"]), dice, narrative)
            closed.append(data["target"])
    for target in list(pending):
        state = resolve_fallback(state, pending.pop(target), dice, narrative)
    return state


def _hold(state: State, data: dict[str, Any], narrative: list[str]) -> State:
    """A Hold Fire marker instead of firing: the unit may not move this turn [WC.SHOOT.3]."""
    unit = state.unit(data["unit"])
    if not unit.on_table or not may_shoot(unit) or unit.acted or unit.fired:
        narrative.append(f"Unit {unit.id} may not hold fire now.")
        return state
    narrative.append(f"Unit {unit.id} ({unit.name}) holds its fire [WC.SHOOT.3].")
    return state.with_unit(replace(unit, hold_fire=True, frozen=True))


def end_of_move_fire(state: State, orders: Sequence[dict[str, Any]], dice: DiceSource, narrative: list[str]) -> State:
    """Hold Fire units told to fire at the end of their own Movement Phase (trigger (a) of
    [WC.SHOOT.5]) shoot at the nearest target then; each target falls back straight after the
    shot [WC.FALLBACK.7] [WC.TARGET.6]."""
    for o in orders:
        if o["kind"] != "holdfire" or o["data"].get("when", "charge") != "end":
            continue
        unit = state.unit(o["data"]["unit"])
        if not unit.hold_fire or not unit.on_table:
            continue
        pending: dict[str, Pending] = {}
        state = fire_order(state, {"unit": unit.id}, dice, narrative, pending, [])
        state = state.with_unit(replace(state.unit(unit.id), hold_fire=False))
        for target in list(pending):
            state = resolve_fallback(state, pending.pop(target), dice, narrative)
    return state


def start_of_turn_fire(state: State, narrative: list[str]) -> State:
    """Start of a side's turn [WC.SEQ.2]: its Hold Fire markers go [WC.SHOOT.4]; then the
    start-of-turn Reaction Chits [WC.REACT.5] [WC.REACT.8]."""
    from .chits import start_of_turn_chits

    units = tuple(replace(u, hold_fire=False) if u.side == state.active else u for u in state.units)
    return start_of_turn_chits(replace(state, units=units), narrative)


def fire_turn_end(state: State) -> State:
    """End of a player-turn [WC.SEQ.7]: surviving stands back to full strength (the hit pool
    goes), fired and reaction flags cleared."""
    return replace(state, units=tuple(replace(u, hits=0, fired=False, acted=False) for u in state.units))
