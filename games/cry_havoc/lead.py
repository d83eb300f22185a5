"""Leading a riderless horse or a string of pack mules: the animals follow the leader's trail
[CH.HORSE.12] [CH.HORSE.13] [CH.MULE.1]-[CH.MULE.8].

Taking the lead is free. The horse hex next to the leader becomes its front (if both are next to
him, the front stays front) [CH.PBEM.19]. After each step of the leader the animal's front moves into
the hex he has just left and its rear into the hex its front has just left; each mule of a string
steps into the hex the one ahead of it left. Every hex an animal enters must be one a horseman could
enter, free of enemies; at the end their hexes must be free. A string with a dead mule in it cannot
move until the dead mule is detached [CH.MULE.5].
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex

from .geometry import Body, direction
from .model import Animal, AnimalKind, Character, Ransom
from .movement import Illegal
from .state import GameState
from .tables import IMPASSABLE


def string_of(st: GameState, head: str) -> list[Animal]:
    """The head animal and every mule tied behind it, in order [CH.MULE.3]."""
    out = [st.animals[head]]
    while True:
        nxt = [a for a in st.animals.values() if a.follows == out[-1].id and a.id not in {x.id for x in out}]
        if not nxt:
            return out
        out.append(min(nxt, key=lambda a: a.id))


def take_lead(st: GameState, c: Character, aid: str) -> Animal:
    """Check that ``c`` may lead ``aid`` and turn a horse so that its front is next to him [CH.HORSE.12]."""
    a = st.animals.get(aid)
    if a is None or not a.alive:
        raise Illegal("CH.HORSE.12", f"{aid} is not a live riderless horse or mule")
    if c.mounted:
        raise Illegal("CH.HORSE.12", f"{c.id} is mounted: only a man on foot leads an animal")
    if a.follows:
        raise Illegal("CH.MULE.3", f"{aid} is tied behind {a.follows}: lead the head of the string")
    if a.side and a.side != c.side and not _unled(st, a):
        raise Illegal("CH.MULE.8", f"{aid} is led by the enemy")
    if any(not m.alive for m in string_of(st, aid)):
        raise Illegal("CH.MULE.5", f"a dead mule is tied in {aid}'s string: detach it first")
    if c.hex.distance(a.body.front) == 1:
        return a
    rear = a.body.rear
    if rear is not None and c.hex.distance(rear) == 1:
        return replace(a, body=Body(rear, direction(a.body.front, rear)))
    raise Illegal("CH.HORSE.12", f"{c.id} is not next to {aid}")


def _unled(st: GameState, a: Animal) -> bool:
    leader = st.characters.get(a.leader) if a.leader else None
    return leader is None or not leader.active or leader.ransom is Ransom.PRISONER


def _step(body: Body, into: Hex) -> Body:
    return Body(into) if body.facing is None else Body(into, direction(body.front, into))


def _check(st: GameState, side: str, a: Animal, body: Body) -> None:
    for h in body.hexes:
        if st.cost(h, True) >= IMPASSABLE:
            raise Illegal("CH.MULE.3", f"{a.id} cannot follow into {st.board.label(h)}: horses may not enter it")
        if st.enemy_at(h, side):
            raise Illegal("CH.HORSE.12", f"{a.id} cannot follow into {st.board.label(h)}: an enemy holds it")


def follow(st: GameState, c: Character, a: Animal, trail: list[Hex]) -> list[Animal]:
    """The animal (and its string) after following ``trail``, the leader's hexes start first
    [CH.HORSE.12] [CH.MULE.3]."""
    chain = [a, *string_of(st, a.id)[1:]]
    bodies = [x.body for x in chain]
    for left in trail[:-1]:
        ahead = left
        for i, body in enumerate(bodies):
            moved = _step(body, ahead)
            _check(st, c.side, chain[i], moved)
            ahead, bodies[i] = body.front if body.facing is None else (body.rear or body.front), moved
    own = {x.id for x in chain}
    for x, body in zip(chain, bodies, strict=True):
        for h in body.hexes:
            occ, other = st.occupant(h), st.animal_at(h)
            if h == trail[-1] or (occ is not None and occ.id != c.id) or (other is not None and other.id not in own):
                raise Illegal("CH.STACK.4", f"{x.id} would end its move on an occupied hex {st.board.label(h)}")
    return [
        replace(x, body=b, side=c.side if x.kind is AnimalKind.MULE else x.side, leader=c.id if i == 0 else "")
        for i, (x, b) in enumerate(zip(chain, bodies, strict=True))
    ]
