"""Leading a riderless horse or a pack mule: the animal follows the leader's trail [CH.HORSE.12]
[CH.HORSE.13] [CH.MULE.1] [CH.MULE.3] [CH.MULE.8].

Taking the lead is free. The horse hex next to the leader becomes its front (if both are next to
him, the front stays front) [CH.PBEM.19]. After each step of the leader the animal's front moves into
the hex he has just left and its rear into the hex its front has just left. Every hex the animal
enters must be one a horseman could enter, free of enemies; at the end its hexes must be free.
TODO(CH.MULE.3): strings of several mules (and TODO(CH.MULE.4), TODO(CH.MULE.5), TODO(CH.MULE.7)).
"""

from __future__ import annotations

from campaign.hexgrid import Hex

from .geometry import Body, direction
from .model import Animal, Character, Ransom
from .movement import Illegal
from .state import GameState
from .tables import IMPASSABLE


def take_lead(st: GameState, c: Character, aid: str) -> Animal:
    """Check that ``c`` may lead ``aid`` and turn a horse so that its front is next to him [CH.HORSE.12]."""
    a = st.animals.get(aid)
    if a is None or not a.alive:
        raise Illegal("CH.HORSE.12", f"{aid} is not a live riderless horse or mule")
    if c.mounted:
        raise Illegal("CH.HORSE.12", f"{c.id} is mounted: only a man on foot leads an animal")
    if a.side and a.side != c.side and not _unled(st, a):
        raise Illegal("CH.MULE.8", f"{aid} is led by the enemy")
    if c.hex.distance(a.body.front) == 1:
        return a
    rear = a.body.rear
    if rear is not None and c.hex.distance(rear) == 1:
        return Animal(a.id, a.kind, a.side, Body(rear, direction(a.body.front, rear)), a.alive, a.leader)
    raise Illegal("CH.HORSE.12", f"{c.id} is not next to {aid}")


def _unled(st: GameState, a: Animal) -> bool:
    leader = st.characters.get(a.leader) if a.leader else None
    return leader is None or not leader.active or leader.ransom is Ransom.PRISONER


def follow(st: GameState, c: Character, a: Animal, trail: list[Hex]) -> Animal:
    """The animal after following ``trail`` (the leader's hexes, start first) [CH.HORSE.12] [CH.MULE.3]."""
    body = a.body
    for left in trail[:-1]:
        if body.facing is None:
            body = Body(left)
        else:
            body = Body(left, direction(body.front, left))
        for h in body.hexes:
            if st.cost(h, True) >= IMPASSABLE:
                raise Illegal("CH.MULE.3", f"{a.id} cannot follow into {st.board.label(h)}: horses may not enter it")
            if st.enemy_at(h, c.side):
                raise Illegal("CH.HORSE.12", f"{a.id} cannot follow into {st.board.label(h)}: an enemy holds it")
    for h in body.hexes:
        occ = st.occupant(h)
        other = st.animal_at(h)
        if h == trail[-1] or (occ is not None and occ.id != c.id) or (other is not None and other.id != a.id):
            raise Illegal("CH.STACK.4", f"{a.id} would end its move on an occupied hex {st.board.label(h)}")
    return Animal(a.id, a.kind, c.side if a.kind.value == "mule" else a.side, body, a.alive, c.id)
