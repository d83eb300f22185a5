"""Aggressive units out of command attack on their own: the path they take [HH.SPECIAL.34, HH.SPECIAL.35, HH.PD.10].

The bound runner (`engine.aggressive_attacks`) and the computer player use it; the move itself is
checked and carried out like any other (`movement.plan_move`).
"""

from __future__ import annotations

from campaign.hexgrid import Hex

from .model import Unit
from .movement import Illegal, MoveSim, allowance
from .orders import Move
from .state import GameState


def search_attack(state: GameState, u: Unit, used: int = 0) -> Move | None:
    """Cheapest legal move for `u` ending engaged with an enemy (HH.SPECIAL.34, HH.SPECIAL.35, HH.HEX.16).

    Target: fewest MP, then lowest unit id; path: fewest MP, then the lowest sequence of hex ids.
    Command is ignored (the unit is out of command by definition). Facing changes are the automatic
    ones of `auto_facing`.
    """
    limit = allowance(state, u, False) + (1 if state.profile(u).speed.road else 0)
    best: tuple[int, int, tuple[Hex, ...]] | None = None
    first = MoveSim(state, u)
    first.mp = used  # HH.SPECIAL.35: after an evade the attack goes on with the MP left
    frontier = [first]
    for _depth in range(limit):
        nxt = []
        for sim in frontier:
            for n in sim.hex.neighbours():
                s2 = sim.clone()
                try:
                    s2.step(n)
                except Illegal:
                    continue
                if s2.contacts:
                    try:
                        s2.clone().finish()
                    except Illegal:
                        continue
                    for c in s2.contacts:
                        cand = (s2.mp, c, tuple(s2.steps))
                        if best is None or cand < best:
                            best = cand
                elif s2.stop_reason is None and s2.whole_reason is None and s2.mp < limit:
                    nxt.append(s2)
        frontier = nxt
    if best is None:
        return None
    return Move(0, u.id, best[2], best[1])
