"""The game state rebuilt by replay [CH.DATA.3], its look-ups and its JSON form.

The state is a mutable container of frozen pieces: resolution works on a copy (`clone`) and swaps
pieces with `dataclasses.replace`, never editing one in place.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeVar

from campaign.hexgrid import Hex, MapEdge

from .board import Board
from .config import Config
from .geometry import Body
from .model import Animal, AnimalKind, Character, Condition, Profile, Ransom, Values
from .tables import IMPASSABLE, Weapon


class Step(IntEnum):
    """The steps of one side's phase [CH.SEQ.1]."""

    DECLARE = 0
    """(PROPOSED) Phase-long actions declared [CH.SEQ.8]."""
    SHORTBOW_1 = 1
    """Shortbow fire I [CH.SEQ.2]."""
    CROSSBOW = 2
    """Crossbow fire [CH.SEQ.3]."""
    MOVEMENT = 3
    """Movement [CH.SEQ.4]."""
    SHORTBOW_2 = 4
    """Shortbow fire II [CH.SEQ.5]."""
    COMBAT = 5
    """Hand-to-hand combat [CH.SEQ.6]."""
    RECOVERY = 6
    """Stunned characters of the phasing side recover [CH.SEQ.7]."""


_K = TypeVar("_K")
_V = TypeVar("_V")


class Pieces(dict[_K, _V]):
    """A dict of pieces that counts its changes, so the state's hex index knows when to rebuild."""

    def __init__(self, *a: Any, **k: Any) -> None:
        super().__init__(*a, **k)
        self.version = 0

    def __setitem__(self, key: Any, value: Any) -> None:
        self.version += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self.version += 1
        super().__delitem__(key)

    def pop(self, *a: Any) -> Any:
        self.version += 1
        return super().pop(*a)


@dataclass(frozen=True, slots=True)
class Index:
    """Where the pieces are: live men, live animals, corpse weight by hex [CH.STACK.1] [CH.MOVE.8]."""

    men: dict[Hex, Character]
    beasts: dict[Hex, Animal]
    weight: dict[Hex, int]


@dataclass(frozen=True, slots=True)
class Victory:
    """What the scenario says wins (the rulebook gives no victory rules) [CH.TURN.1]."""

    kind: str
    """"hold", "exit" or "points"."""
    side: str = ""
    hexes: frozenset[Hex] = frozenset()
    count: int = 1
    points: tuple[tuple[str, int], ...] = ()
    text: str = ""


@dataclass(slots=True)
class GameState:
    """Everything replay rebuilds [CH.DATA.3]."""

    scenario: str
    title: str
    board: Board
    map_text: str
    config: Config
    sides: tuple[str, str]
    turns: int
    victory: Victory
    characters: dict[str, Character]
    animals: dict[str, Animal] = field(default_factory=dict)
    extra_dead: dict[Hex, int] = field(default_factory=dict)
    """Dead men placed by the scenario [CH.MOVE.8]."""
    exits: dict[str, tuple[MapEdge, ...]] = field(default_factory=dict)
    friendly_edges: dict[str, tuple[MapEdge, ...]] = field(default_factory=dict)
    turn: int = 1
    phasing: int = 0
    """Index into ``sides`` of the phasing side [CH.TURN.2]."""
    orders: dict[str, Any] = field(default_factory=dict)
    """Orders on file by request key."""
    standing: dict[str, dict[str, str]] = field(default_factory=dict)
    """Standing orders per side: key -> value [CH.PBEM.2]."""
    nominees: dict[str, str] = field(default_factory=dict)
    """Corner nominations this phase: target -> firer [CH.COVER.9]."""
    exited: dict[str, list[str]] = field(default_factory=dict)
    ransomed: dict[str, list[str]] = field(default_factory=dict)
    animal_defence: dict[AnimalKind, int] = field(default_factory=lambda: {AnimalKind.HORSE: 6, AnimalKind.MULE: 4})
    """Defence of riderless horses and mules (house values) [CH.HORSE.14] [CH.ROSTER.2]."""
    ammo_rolled: bool = False
    result: tuple[str | None, str] | None = None
    last: dict[str, Any] = field(default_factory=dict)
    """What the last phase did, for the picture: moves, shots, attacks, retreats (label lists)."""
    _index: tuple[Any, Index] | None = None

    def __post_init__(self) -> None:
        self.characters = Pieces(self.characters)
        self.animals = Pieces(self.animals)
        self.extra_dead = Pieces(self.extra_dead)

    def index(self) -> Index:
        """The hex index, rebuilt only when a piece or a corpse changed; the dead never count against
        stacking, only as corpse weight [CH.STACK.3]."""
        key = tuple((id(d), getattr(d, "version", -1)) for d in (self.characters, self.animals, self.extra_dead))
        if self._index is not None and self._index[0] == key:
            return self._index[1]
        men: dict[Hex, Character] = {}
        weight: dict[Hex, int] = dict(self.extra_dead)
        for c in self.characters.values():
            for h in c.hexes:
                if c.live:
                    men[h] = c
                else:
                    weight[h] = weight.get(h, 0) + 1
        beasts: dict[Hex, Animal] = {}
        for a in self.animals.values():
            for h in a.hexes:
                if a.alive:
                    beasts[h] = a
                else:
                    w = 3 if a.kind is AnimalKind.HORSE else self.config.corpse__mule_weight
                    weight[h] = weight.get(h, 0) + w
        idx = Index(men, beasts, weight)
        self._index = (key, idx)
        return idx

    # --- phases --------------------------------------------------------------------------------
    @property
    def side(self) -> str:
        return self.sides[self.phasing]

    @property
    def phase_no(self) -> int:
        """0, 1, 2, ... for every phase of the game: turn 1 first side is 0 [CH.SEQ.9]."""
        return (self.turn - 1) * 2 + self.phasing

    @property
    def key(self) -> str:
        return f"t{self.turn}-{self.side}"

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def clone(self) -> GameState:
        board, idx = self.board, self._index
        self.board, self._index = None, None  # type: ignore[assignment]  # the board never changes: share it
        try:
            twin = copy.deepcopy(self)
        finally:
            self.board, self._index = board, idx
        twin.board = board
        return twin

    # --- pieces ----------------------------------------------------------------------------------
    def live(self, side: str | None = None) -> Iterator[Character]:
        """Live characters on the map (prisoners included), in id order."""
        for cid in sorted(self.characters):
            c = self.characters[cid]
            if c.live and c.on_map and (side is None or c.side == side):
                yield c

    def occupant(self, h: Hex) -> Character | None:
        """The live character in a hex [CH.STACK.1]."""
        return self.index().men.get(h)

    def animal_at(self, h: Hex) -> Animal | None:
        """The live animal in a hex [CH.STACK.4]."""
        return self.index().beasts.get(h)

    def blocked_for_stop(self, h: Hex, me: str = "") -> bool:
        """A live character or live animal already stands here [CH.STACK.1] [CH.STACK.4]."""
        c = self.occupant(h)
        return (c is not None and c.id != me) or self.animal_at(h) is not None

    def enemy_at(self, h: Hex, side: str) -> Character | None:
        """A live enemy character (not a prisoner) in the hex [CH.MOVE.5] [CH.STACK.5]."""
        c = self.occupant(h)
        return c if c is not None and c.side != side and c.ransom is not Ransom.PRISONER else None

    def enemies_adjacent(self, hexes: tuple[Hex, ...] | list[Hex], side: str) -> list[Character]:
        found: dict[str, Character] = {}
        own = set(hexes)
        for h in hexes:
            for n in h.neighbours():
                if n in own or not self.board.adjacent(h, n):
                    continue
                e = self.enemy_at(n, side)
                if e is not None:
                    found[e.id] = e
        return [found[k] for k in sorted(found)]

    def corpse_weight(self, h: Hex) -> int:
        """Dead men + 3 per dead horse (or mule) in the hex [CH.MOVE.8]."""
        return self.index().weight.get(h, 0)

    def cost(self, h: Hex, mounted: bool) -> int:
        """MP to enter: terrain cost, doubled by 3-5 corpse weight, impassable from 6 [CH.MOVE.2] [CH.MOVE.8]."""
        base = self.board.cost(h, mounted)
        if base >= IMPASSABLE:
            return IMPASSABLE
        m = self.corpse_weight(h)
        if m >= 6:
            return IMPASSABLE
        return base * 2 if m >= 3 else base

    def values(self, c: Character) -> Values:
        return c.values(self.config.stunned__defence)

    def name(self, c: Character | Animal) -> str:
        if isinstance(c, Animal):
            return f"{c.kind.value} {c.id}"
        return f"{c.id} {c.name}"

    def where(self, body: Body | None) -> str:
        if body is None:
            return "off the map"
        if body.rear is None:
            return self.board.label(body.front)
        return f"{self.board.label(body.front)}/{self.board.label(body.rear)}"


# --- JSON ------------------------------------------------------------------------------------------


def _hex(h: Hex) -> list[int]:
    return [h.q, h.r]


def _body(b: Body | None) -> Any:
    return None if b is None else [b.front.q, b.front.r, b.facing]


def _unbody(x: Any) -> Body | None:
    return None if x is None else Body(Hex(x[0], x[1]), x[2])


def _values(v: Values | None) -> Any:
    return None if v is None else [v.attack, v.defence, v.move]


def _unvalues(x: Any) -> Values | None:
    return None if x is None else Values(*x)


def dump_profile(p: Profile) -> dict[str, Any]:
    return {
        "type": p.type,
        "name": p.name,
        "foot": _values(p.foot),
        "foot_wounded": _values(p.foot_wounded),
        "mounted": _values(p.mounted),
        "mounted_wounded": _values(p.mounted_wounded),
        "weapon": p.weapon.value if p.weapon else None,
        "escort": p.escort,
        "commander": p.commander,
        "ransom": list(p.ransom) if p.ransom else None,
    }


def load_profile(d: dict[str, Any]) -> Profile:
    foot, fw = _unvalues(d["foot"]), _unvalues(d["foot_wounded"])
    assert foot is not None and fw is not None
    return Profile(
        d["type"],
        d["name"],
        foot,
        fw,
        _unvalues(d["mounted"]),
        _unvalues(d["mounted_wounded"]),
        Weapon(d["weapon"]) if d["weapon"] else None,
        d["escort"],
        d["commander"],
        tuple(d["ransom"]) if d["ransom"] else None,
    )


def dump_character(c: Character) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "profile": dump_profile(c.profile),
        "body": _body(c.body),
        "condition": c.condition.value,
        "mounted": c.mounted,
        "started_mounted": c.started_mounted,
        "ransom": c.ransom.value,
        "captor": c.captor,
        "escort": list(c.escort),
        "missiles": c.missiles,
        "action": c.action,
        "leading": c.leading,
        "fired_phase": c.fired_phase,
        "fought_phases": list(c.fought_phases),
        "attacked_by": list(c.attacked_by),
        "sergeant": c.sergeant,
        "needs_command": c.needs_command,
        "quarter": c.quarter,
        "controller": c.controller,
    }


def load_character(d: dict[str, Any]) -> Character:
    return Character(
        d["id"],
        d["name"],
        d["side"],
        load_profile(d["profile"]),
        _unbody(d["body"]),
        Condition(d["condition"]),
        d["mounted"],
        d["started_mounted"],
        Ransom(d["ransom"]),
        d["captor"],
        tuple(d["escort"]),
        d["missiles"],
        d["action"],
        d["leading"],
        d["fired_phase"],
        tuple(d["fought_phases"]),
        tuple(d["attacked_by"]),
        d["sergeant"],
        d["needs_command"],
        d["quarter"],
        d["controller"],
    )
