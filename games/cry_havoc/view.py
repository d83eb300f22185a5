"""The board as JSON (view), as text for a mail, and the state's JSON form for snapshots."""

from __future__ import annotations

from typing import Any

from campaign.hexgrid import Hex, MapEdge

from .config import build_config
from .geometry import Body
from .model import Animal, AnimalKind, Character
from .scenario import board_from
from .state import GameState, Victory, dump_character, load_character


def char_view(st: GameState, c: Character) -> dict[str, Any]:
    v = st.values(c)
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "type": c.profile.type,
        "at": st.where(c.body),
        "condition": c.condition.value,
        "mounted": c.mounted,
        "ransom": c.ransom.value,
        "values": [v.attack, v.defence, v.move],
        "missiles": c.missiles,
        "action": c.action,
    }


def view(st: GameState) -> dict[str, Any]:
    return {
        "scenario": st.scenario,
        "turn": st.turn,
        "turns": st.turns,
        "phasing": st.side,
        "characters": [char_view(st, st.characters[k]) for k in sorted(st.characters)],
        "animals": [
            {"id": a.id, "kind": a.kind.value, "at": st.where(a.body), "alive": a.alive}
            for a in sorted(st.animals.values(), key=lambda a: a.id)
        ],
        "exited": {k: list(v) for k, v in sorted(st.exited.items())},
        "result": None if st.result is None else {"winner": st.result[0], "reason": st.result[1]},
    }


def render_text(st: GameState) -> str:
    """Map rows (terrain letters, men as side letters: upper case = first side) and the roster."""
    b = st.board
    marks: dict[Hex, str] = {}
    for a in st.animals.values():
        for h in a.hexes:
            marks[h] = "h" if a.alive and a.kind is AnimalKind.HORSE else ("m" if a.alive else "x")
    for c in st.characters.values():
        for h in c.hexes:
            marks[h] = ("A" if c.side == st.sides[0] else "B") if c.live else "x"
    lines = [
        f"{st.title}: turn {st.turn} of {st.turns}, {st.side} to move.",
        f"Map {b.title}: A = {st.sides[0]}, B = {st.sides[1]}, h horse, x dead; terrain . flat ^ slope s scrub t tree"
        " # wall i interior d door w window c corner.",
    ]
    for r in range(b.spec.first_row, b.spec.last_row + 1):
        cells = "".join(
            marks.get(h := b.spec.to_hex(c, r), b.terrain[h].value)
            for c in range(b.spec.first_column, b.spec.last_column + 1)
        )
        lines.append(f"{r:02d} {' ' if r % 2 == 0 else ''}{' '.join(cells)}")
    for side in st.sides:
        lines.append(f"{side}:")
        for c in sorted(st.characters.values(), key=lambda c: c.id):
            if c.side == side:
                v = st.values(c)
                extra = " mounted" if c.mounted else ""
                extra += f" {c.ransom.value}" if c.ransom.value != "free" else ""
                extra += f" {c.missiles} missiles" if c.missiles is not None else ""
                lines.append(
                    f"  {c.id:4} {c.name:18} {st.where(c.body):10} {c.condition.value:9}"
                    f" {v.attack}/{v.defence}/{v.move}{extra}"
                )
    if st.result:
        lines.append(f"Result: {st.result[0] or 'draw'} - {st.result[1]}")
    return "\n".join(lines) + "\n"


def dump_state(st: GameState) -> dict[str, Any]:
    v = st.victory
    return {
        "scenario": st.scenario,
        "title": st.title,
        "map": st.board.name,
        "map_text": st.map_text,
        "config": st.config.as_json(),
        "sides": list(st.sides),
        "turns": st.turns,
        "victory": {
            "kind": v.kind,
            "side": v.side,
            "hexes": sorted([h.q, h.r] for h in v.hexes),
            "count": v.count,
            "points": [list(p) for p in v.points],
            "text": v.text,
        },
        "characters": [dump_character(st.characters[k]) for k in sorted(st.characters)],
        "animals": [
            {
                "id": a.id,
                "kind": a.kind.value,
                "side": a.side,
                "body": [a.body.front.q, a.body.front.r, a.body.facing],
                "alive": a.alive,
                "leader": a.leader,
                "follows": a.follows,
            }
            for a in sorted(st.animals.values(), key=lambda a: a.id)
        ],
        "extra_dead": sorted([h.q, h.r, n] for h, n in st.extra_dead.items()),
        "exits": {k: [e.value for e in v] for k, v in sorted(st.exits.items())},
        "friendly_edges": {k: [e.value for e in v] for k, v in sorted(st.friendly_edges.items())},
        "turn": st.turn,
        "phasing": st.phasing,
        "orders": st.orders,
        "standing": {k: dict(sorted(v.items())) for k, v in sorted(st.standing.items())},
        "nominees": dict(sorted(st.nominees.items())),
        "exited": {k: list(v) for k, v in sorted(st.exited.items())},
        "ransomed": {k: list(v) for k, v in sorted(st.ransomed.items())},
        "animal_defence": {k.value: n for k, n in st.animal_defence.items()},
        "ammo_rolled": st.ammo_rolled,
        "result": list(st.result) if st.result else None,
        "last": st.last,
    }


def load_state(d: dict[str, Any]) -> GameState:
    board = board_from(d["map"], d["map_text"])
    v = d["victory"]
    st = GameState(
        d["scenario"],
        d["title"],
        board,
        d["map_text"],
        build_config(d["config"]),
        (d["sides"][0], d["sides"][1]),
        d["turns"],
        Victory(
            v["kind"],
            v["side"],
            frozenset(Hex(q, r) for q, r in v["hexes"]),
            v["count"],
            tuple((k, n) for k, n in v["points"]),
            v["text"],
        ),
        {c["id"]: load_character(c) for c in d["characters"]},
        {
            a["id"]: Animal(
                a["id"],
                AnimalKind(a["kind"]),
                a["side"],
                Body(Hex(a["body"][0], a["body"][1]), a["body"][2]),
                a["alive"],
                a["leader"],
                a["follows"],
            )
            for a in d["animals"]
        },
        {Hex(q, r): n for q, r, n in d["extra_dead"]},
        {k: tuple(MapEdge(e) for e in v) for k, v in d["exits"].items()},
        {k: tuple(MapEdge(e) for e in v) for k, v in d["friendly_edges"].items()},
    )
    st.turn, st.phasing, st.orders = d["turn"], d["phasing"], d["orders"]
    st.standing = {k: dict(v) for k, v in d["standing"].items()}
    st.nominees = dict(d["nominees"])
    st.exited = {k: list(v) for k, v in d["exited"].items()}
    st.ransomed = {k: list(v) for k, v in d["ransomed"].items()}
    st.animal_defence = {AnimalKind(k): n for k, n in d["animal_defence"].items()}
    st.ammo_rolled = d["ammo_rolled"]
    st.result = (d["result"][0], d["result"][1]) if d["result"] else None
    st.last = d["last"]
    return st
