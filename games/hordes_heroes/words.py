"""Counted nouns and unit names in the narrative, in the words of the game's rules version [issue 13].

The narrative is part of the record (its hash is checked on replay), so a game of rules version 1 keeps the
words it was told in ("1 hits", a unit by name alone in a combat line); version 2 says "1 hit" and names every
unit by id and name (games/hordes_heroes/edition.py, RULES_VERSIONS).
"""

from __future__ import annotations

from .edition import FIX_BOOK_13
from .model import Unit
from .state import GameState


def counted(state: GameState, n: int, one: str, many: str = "") -> str:
    """`n` and the noun, singular for 1 under rules version 2 ("1 hit", "2 hits"); version 1 always plural."""
    many = many or one + "s"
    return f"{n} {one if n == 1 and state.plays(FIX_BOOK_13) else many}"


def combat_name(state: GameState, u: Unit) -> str:
    """A unit in a combat line: "unit 4 (Mounted Men-at-Arms)" under rules version 2, its name alone before."""
    return f"unit {u.id} ({u.name})" if state.plays(FIX_BOOK_13) else u.name
