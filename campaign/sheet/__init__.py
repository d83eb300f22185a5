"""The order sheet: one self-contained HTML page per player, position and phase.

`build_sheet` gathers the board, the unit cards and the engine's legal options (`data.py`);
`render_sheet` turns them into the page (`templates/sheet/`: the page, its style and its small
script, all inlined: no network, no external file). `sheet_for` is what the digest, the archive
and `campaign sheet` call.
"""

from __future__ import annotations

from typing import Any

from campaign.replay import GameState
from campaign.sheet.data import Sheet, build_sheet

__all__ = ["Sheet", "build_sheet", "render_sheet", "sheet_for", "SHEET_LIMIT"]

SHEET_LIMIT = 300 * 1024
"""The most a sheet may weigh (issue 22: under 300 KB for a 150-point battle)."""


def render_sheet(sheet: Sheet) -> str:
    """The sheet as one HTML document (UTF-8 text)."""
    from campaign.templating import render

    return render("sheet/sheet.html.j2", s=sheet)


def sheet_for(gs: GameState, player: str, side: str, address: str) -> str:
    """The HTML sheet `player` uses to order `side` in the game's current position."""
    return render_sheet(build_sheet(gs, player, side, address))


def sheet_filename(gs: GameState, side: str) -> str:
    """The attachment's and archive file's name: ``orders-game-7-turn-3-york.html``."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in side)
    return f"orders-game-{gs.number}-turn-{gs.ruleset.turn(gs.state)}-{safe}.html"


def digest_sheet(camp: Any, d: Any, sender: str) -> tuple[Any, ...]:
    """The HTML order sheet for a digest that asks its reader for orders (issue 22), or nothing.
    Sets the digest's `sheet` to the file's name so the text says it is attached."""
    from email.utils import parseaddr

    from campaign.mail.outbox import FileAttachment

    asked = [t for t in d.todo if t["side"] == d.side and t["kind"] == "orders" and not t.get("optional")]
    if d.side is None or d.ended or not asked:
        return ()
    gs = camp.load(d.game)
    if gs.seq != d.upto_seq:  # the digest shows an older position than the game's: no sheet for it
        return ()
    d.sheet = sheet_filename(gs, d.side)
    html = sheet_for(gs, d.player, d.side, parseaddr(sender)[1] or sender)
    return (FileAttachment(d.sheet, html.encode("utf-8"), "text/html"),)
