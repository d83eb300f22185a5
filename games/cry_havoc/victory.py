"""Scenario victory (the rulebook prints none, so each scenario states its own) [CH.TURN.1].

Kinds: "hold" (a side holds hexes at the end), "exit" (a side gets men off its exit edge),
"points" (kills and captures scored by type). A side with no man left on the map loses at once.
"""

from __future__ import annotations

from .model import Condition, Ransom
from .state import GameState


def active(st: GameState, side: str) -> int:
    return sum(1 for c in st.live(side) if c.ransom is not Ransom.PRISONER)


def score(st: GameState, side: str) -> int:
    """Points for enemy men killed, captured or ransomed, by the scenario's table."""
    table = dict(st.victory.points)
    total = 0
    for c in st.characters.values():
        if c.side == side:
            continue
        if c.condition is Condition.DEAD:
            total += table.get(c.profile.type, 1)
        elif c.ransom in (Ransom.PRISONER, Ransom.RANSOMED):
            total += table.get("ransom", 2 * table.get(c.profile.type, 1))
    return total


def check_victory(st: GameState, lines: list[str]) -> None:
    """Set ``st.result`` when the game is decided; called after every phase."""
    v = st.victory
    a, b = st.sides
    over = st.turn > st.turns
    if v.kind == "exit" and len(st.exited.get(v.side, [])) >= v.count:
        st.result = (v.side, f"{v.side} got {v.count} men off the map")
    elif active(st, a) == 0 or active(st, b) == 0:
        if active(st, a) == active(st, b):
            st.result = (None, "no man of either side is left fighting")
        else:
            win = a if active(st, a) else b
            if v.kind == "exit" and win == st.other(v.side):
                st.result = (win, f"{st.other(win)} has no man left on the map")
            elif v.kind != "exit" or win == v.side or len(st.exited.get(v.side, [])) == 0:
                st.result = (win, f"{st.other(win)} has no man left on the map")
    elif over:
        st.result = _final(st)
    if st.result is not None:
        lines.append(f"Game over: {st.result[0] or 'draw'} - {st.result[1]}.")


def _final(st: GameState) -> tuple[str | None, str]:
    v = st.victory
    if v.kind == "exit":
        n = len(st.exited.get(v.side, []))
        return st.other(v.side), f"{v.side} got only {n} of {v.count} men off the map by turn {st.turns}"
    if v.kind == "hold":
        labels = " ".join(sorted(st.board.label(h) for h in v.hexes))
        mine = any(h in v.hexes for c in st.live(v.side) if c.ransom is not Ransom.PRISONER for h in c.hexes)
        theirs = any(
            h in v.hexes for c in st.live(st.other(v.side)) if c.ransom is not Ransom.PRISONER for h in c.hexes
        )
        if mine and not theirs:
            return v.side, f"{v.side} holds {labels} at the end of turn {st.turns}"
        return st.other(v.side), f"{v.side} does not hold {labels} alone at the end of turn {st.turns}"
    pa, pb = score(st, st.sides[0]), score(st, st.sides[1])
    text = f"points {st.sides[0]} {pa}, {st.sides[1]} {pb}"
    if pa == pb:
        return None, text
    return (st.sides[0] if pa > pb else st.sides[1]), text
