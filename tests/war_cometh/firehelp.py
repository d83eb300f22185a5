"""Helpers for the fire and morale tests: house profiles with a changed quality or flags."""

from __future__ import annotations

from dataclasses import replace

from games.war_cometh.lists import all_profiles
from games.war_cometh.model import State
from games.war_cometh.troops import Flag, Quality


def house(state: State, uid: str, base: str, *, quality: Quality | None = None, irregular: bool | None = None) -> State:
    """Give unit ``uid`` a copy of profile ``base`` with another quality or irregular flag."""
    p = all_profiles()[base]
    flags = set(p.flags)
    if irregular is True:
        flags.add(Flag.IRREGULAR)
    elif irregular is False:
        flags.discard(Flag.IRREGULAR)
    new = replace(p, id=f"house.{uid}", quality=quality or p.quality, flags=frozenset(flags))
    unit = state.unit(uid)
    stands = tuple(replace(s, profile=new.id) for s in unit.stands)
    state = replace(state, house_profiles=(*state.house_profiles, new))
    return state.with_unit(replace(unit, stands=stands))
