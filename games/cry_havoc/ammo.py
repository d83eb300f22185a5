"""Ammunition exchange (optional): arrows or bolts passed between adjacent archers, or taken from the
dead, in a whole phase out of contact with the enemy [CH.AMMO.4] [CH.AMMO.5] [CH.AMMO.6] [CH.PBEM.23]."""

from __future__ import annotations

from dataclasses import replace

from .model import Character
from .movement import Illegal
from .state import GameState


def _in_contact(st: GameState, c: Character) -> bool:
    """ "In contact with the enemy" = next to a live enemy, prisoners ignored [CH.AMMO.5] (a)."""
    return bool(c.body and st.enemies_adjacent(list(c.hexes), c.side))


def exchange_problem(st: GameState, giver: str, taker: str, count: int) -> list[Character]:
    """Check an exchange; returns the participants bound by it (live, unstunned, phasing side)
    [CH.AMMO.4] [CH.AMMO.5]."""
    if not st.config.options__ammunition:
        raise Illegal("CH.AMMO.1", "ammunition exchange needs the ammunition option")
    g, t = st.characters.get(giver), st.characters.get(taker)
    if g is None or t is None:
        raise Illegal("CH.AMMO.4", "name two characters: the giver and the taker")
    bound = [c for c in (g, t) if c.live and not c.stunned]
    if not any(c.side == st.side and c.active for c in bound):
        raise Illegal("CH.AMMO.4", "one of the two must be a live, unstunned man of your side")
    for c in bound:
        if c.side != st.side:
            raise Illegal("CH.AMMO.5", f"{c.id} is a live enemy: he gives nothing")
        if c.action:
            raise Illegal("CH.SEQ.8", f"{c.id} already has a phase-long action")
    if g.profile.weapon is None or g.profile.weapon is not t.profile.weapon:
        raise Illegal("CH.AMMO.5", "arrows pass only between shortbowmen, bolts only between crossbowmen")
    if not g.body or not t.body or min(a.distance(b) for a in g.hexes for b in t.hexes) != 1:
        raise Illegal("CH.AMMO.4", f"{giver} and {taker} must stand next to each other")
    for c in (g, t):
        if c.live and _in_contact(st, c):
            raise Illegal("CH.AMMO.4", f"{c.id} is in contact with the enemy")
    if (g.missiles or 0) < count:
        raise Illegal("CH.AMMO.4", f"{giver} has only {g.missiles or 0} missiles")
    return bound


def do_exchange(st: GameState, giver: str, taker: str, count: int) -> str:
    """At the end of step 5: contact checked again, then the missiles pass [CH.AMMO.5] (a) [CH.AMMO.6]."""
    g, t = st.characters[giver], st.characters[taker]
    for c in (g, t):
        if c.live and _in_contact(st, c):
            return f"the exchange between {giver} and {taker} fails: {c.id} is in contact with the enemy [CH.AMMO.4]."
    n = min(count, g.missiles or 0)
    st.characters[giver] = replace(g, missiles=(g.missiles or 0) - n)
    st.characters[taker] = replace(t, missiles=(t.missiles or 0) + n)
    return f"{giver} passes {n} missiles to {taker} [CH.AMMO.4]."
