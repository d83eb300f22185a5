"""Helpers shared by the core tests: play the toy race to the end, open raw connections."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from campaign.service import Campaign


def play_race(camp: Campaign, *, turns: int = 40, dice: str = "fair") -> int:
    """Create a toy race game between alice (blue) and bob (red) and play it out; return its number."""
    from campaign.dice import DiceMode

    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, dice_mode=DiceMode(dice))
    for t in range(turns):
        if camp.load(gs.number).ended:
            break
        camp.submit_orders(gs.number, "alice", f"advance {1 + t % 3}")
        camp.submit_orders(gs.number, "bob", "advance 2")
    return gs.number


def raw(db: Path) -> sqlite3.Connection:
    """A plain sqlite3 connection, as a tamperer would use."""
    return sqlite3.connect(str(db), isolation_level=None)


def drop_triggers(conn: sqlite3.Connection) -> None:
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f"DROP TRIGGER {name}")
