"""Building Cry Havoc positions for tests: an open 41x41 board, vectors' axial coordinates
measured from its centre, terrain and pieces placed by hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from campaign.hexgrid import Hex, MapSpec, Offset, Orientation
from campaign.kit.scripted import ScriptedDice
from games.cry_havoc.board import build_board
from games.cry_havoc.config import build_config
from games.cry_havoc.effects import Ctx
from games.cry_havoc.geometry import Body
from games.cry_havoc.model import Animal, AnimalKind, Character, Condition
from games.cry_havoc.scenario import roster
from games.cry_havoc.state import GameState, Victory
from games.cry_havoc.tables import Terrain

SPEC = MapSpec(41, 41, Orientation.POINTY, Offset.ODD)
ORIGIN = SPEC.to_hex(21, 21)
TYPES, ANIMALS = roster()


def H(q: int, r: int) -> Hex:
    """The board hex at axial offset (q, r) from the centre: the vectors' coordinates."""
    return ORIGIN + Hex(q, r)


def make(
    terrain: Mapping[tuple[int, int], Terrain] | None = None,
    config: Mapping[str, Any] | None = None,
    enclosures: Mapping[str, Iterable[tuple[int, int]]] | None = None,
    lips: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
    off: Iterable[tuple[int, int]] = (),
    spec: MapSpec = SPEC,
) -> GameState:
    """An empty open board (red moves first), with terrain overrides; ``off`` hexes are removed; another
    ``spec`` (a longer board) has no centre the vectors' ``H`` would find."""
    t = {h: Terrain.FLAT for h in spec.hexes()}
    for (q, r), ter in (terrain or {}).items():
        t[H(q, r)] = ter
    for q, r in off:
        t.pop(H(q, r), None)
    encl = {k: frozenset(H(*x) for x in v) for k, v in (enclosures or {}).items()}
    board = build_board("test", "test", spec, t, encl, [frozenset((H(*a), H(*b))) for a, b in lips])
    return GameState(
        "test",
        "test",
        board,
        "",
        build_config(config or {}),
        ("red", "blue"),
        10,
        Victory("points"),
        {},
        animal_defence=dict(ANIMALS),
    )


def man(
    st: GameState,
    cid: str,
    type_: str,
    side: str,
    at: tuple[int, int],
    facing: int | None = None,
    condition: Condition = Condition.UNWOUNDED,
    **kw: Any,
) -> Character:
    """Put a character on the board; a facing makes him mounted (front ``at``) [CH.HORSE.1]."""
    p = TYPES[type_]
    c = Character(
        cid,
        cid,
        side,
        p,
        Body(H(*at), facing),
        condition,
        mounted=facing is not None,
        quarter=p.is_knight,
        needs_command=not p.commander,
        **kw,
    )
    st.characters[cid] = c
    return c


def horse(st: GameState, aid: str, at: tuple[int, int], facing: int, alive: bool = True, side: str = "") -> Animal:
    a = Animal(aid, AnimalKind.HORSE, side, Body(H(*at), facing), alive)
    st.animals[aid] = a
    return a


def ctx(st: GameState, *faces: int, **answers: str) -> Ctx:
    """A resolution context with scripted d10s."""
    return Ctx(st, ScriptedDice.of(10, *faces, answers=answers))


def at(st: GameState, cid: str) -> Hex:
    return st.characters[cid].hex


def set_(st: GameState, cid: str, **kw: Any) -> None:
    st.characters[cid] = replace(st.characters[cid], **kw)


def building(
    interior: Iterable[tuple[int, int]], windows: Iterable[tuple[int, int]] = (), doors: Iterable[tuple[int, int]] = ()
) -> dict[tuple[int, int], Terrain]:
    """Terrain for a closed building: the interior, walls all round, some wall hexes made apertures."""
    inside = set(interior)
    t: dict[tuple[int, int], Terrain] = {x: Terrain.INTERIOR for x in inside}
    for q, r in inside:
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            n = (q + dq, r + dr)
            if n not in inside:
                t[n] = Terrain.WALL
    for w in windows:
        t[w] = Terrain.WINDOW
    for d in doors:
        t[d] = Terrain.DOOR
    return t
