"""Checks of a War Cometh position as a whole, once every piece of the file is read: sides, turn
order, ids, attachments, flank marches and the markers that only make sense together. Each problem
names the line of the piece it is about (docs/scenarios.md, War Cometh)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.kit.scenario_file import Fields

from .model import Phase, State
from .troops import Profile

__all__ = ["check_position"]


def check_position(f: Fields, state: State, d: Mapping[str, Any], profiles: Mapping[str, Profile]) -> None:
    """Every cross-reference of the position [WC.SEQ.1] [WC.CMD.1] [WC.DEPLOY.6] [WC.CAMP.3]."""
    keys = [s.key for s in state.sides]
    if len(keys) != 2 or keys[0] == keys[1]:
        f.problem("sides", "a battle has exactly two sides, each with its own key")
        return
    if len({s.player for s in state.sides}) != 2:
        f.problem("sides[1].player", "one side is player A, the other B [WC.GEOM.1]")
    if state.active not in keys:
        where = "deploy_order" if state.phase is Phase.DEPLOY and state.deploy_order else "first"
        f.problem(where, f"must name a side ({', '.join(keys)}), not {state.active!r}")
    if state.phase is Phase.DEPLOY and not state.deploy_order:
        f.problem("deploy_order", 'a deployment start lists the sides still to deploy, e.g. ["red", "blue"]')
    if any(k not in keys for k in state.deploy_order):
        f.problem("deploy_order", f"must list sides ({', '.join(keys)})")
    if state.flank_march_side and state.flank_march_side not in keys:
        f.problem("flank_march_side", f"must be one of {', '.join(keys)}")
    _units(f, state, keys)
    _leaders(f, state, keys)
    _marches(f, state, keys)


def _units(f: Fields, state: State, keys: list[str]) -> None:
    seen: set[str] = set()
    for i, u in enumerate(state.units):
        where = f"units[{i}]"
        if u.side not in keys:
            f.problem(f"{where}.side", f"unknown side {u.side!r}: one of {', '.join(keys)}")
        if u.id in seen:
            f.problem(f"{where}.id", f"unit id {u.id!r} is used twice")
        seen.add(u.id)
        if u.to_camp and u.on_table:
            f.problem(f"{where}.to_camp", "a unit on its way to camp is off the table: off_table = true [WC.CAMP.3]")
        if u.hold_fire and u.side == state.active and state.phase is Phase.MOVEMENT:
            f.problem(f"{where}.hold_fire", "the phasing side's Hold Fire markers go at its turn's start [WC.SHOOT.4]")
        if u.condition.value == "routed" and (u.chits or u.hold_fire):
            f.problem(f"{where}.chits", "a routed unit holds no chits or Hold Fire marker [WC.ROUT.1]")


def _leaders(f: Fields, state: State, keys: list[str]) -> None:
    units = {u.id: u for u in state.units}
    seen: set[str] = set()
    for i, g in enumerate(state.leaders):
        where = f"leaders[{i}]"
        if g.side not in keys:
            f.problem(f"{where}.side", f"unknown side {g.side!r}: one of {', '.join(keys)}")
        if g.id in seen:
            f.problem(f"{where}.id", f"leader id {g.id!r} is used twice")
        seen.add(g.id)
        u = units.get(g.attached_to) if g.attached_to else None
        if g.attached_to and (u is None or u.side != g.side):
            f.problem(f"{where}.attached", f"no unit {g.attached_to!r} of his side to attach to [WC.LEADER.4]")
        if g.lost and g.attached_to:
            f.problem(f"{where}.lost", "a lost leader is attached to no unit [WC.LEADER.11]")


def _marches(f: Fields, state: State, keys: list[str]) -> None:
    units = {u.id: u for u in state.units}
    leaders = {g.id: g for g in state.leaders}
    away = set()
    for i, m in enumerate(state.flank_marches):
        where = f"flank_marches[{i}]"
        g = leaders.get(m.leader)
        if m.side not in keys:
            f.problem(f"{where}.side", f"unknown side {m.side!r}: one of {', '.join(keys)}")
        if g is None or g.side != m.side or not g.away:
            f.problem(f"{where}.leader", f"must name a leader of {m.side} marked away = true [WC.DEPLOY.6]")
        for uid in m.units:
            u = units.get(uid)
            if u is None or u.side != m.side or u.on_table:
                f.problem(f"{where}.units", f"{uid} must be a unit of {m.side} with off_table = true [WC.DEPLOY.6]")
        away.add(m.leader)
    for i, g in enumerate(state.leaders):
        if g.away and g.id not in away:
            f.problem(f"leaders[{i}].away", f"{g.id} is away with no flank march: add [[flank_marches]] [WC.DEPLOY.6]")
