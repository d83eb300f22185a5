"""Games brought to a position where a side has orders to give, and the sheet their digest carries."""

from __future__ import annotations

import email
import json
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from campaign.kit.legal import LegalOptions, OptionKind
from campaign.mail.ledger import Unchecked
from campaign.mailflow import MailSettings, dispatch
from campaign.replay import GameState
from campaign.service import Campaign
from campaign.sheet.data import expand

ADDRESS = "referee@campaign.example"
PASSWORDS = {"alice": "alice-pw-1", "bob": "bob-pw-22"}
TRUSTED = "mx.campaign.example"


def settings(outbox: Path) -> MailSettings:
    return MailSettings(
        outbox=outbox, sender=f"Referee <{ADDRESS}>", trusted_authserv_ids=(TRUSTED,), unchecked=Unchecked.ACCEPT
    )


def has_board_moves(lo: LegalOptions) -> bool:
    """A side with a unit on the board and a move the board can show (a hex to click); a deployment,
    where every unit is still off the board, does not count."""
    return any(
        o.kind is OptionKind.MOVE and (o.path or o.target[:1].isdigit())
        for u in lo.units
        if any(ch.isdigit() for ch in u.where)
        for o in u.options
    )


def has_moves(lo: LegalOptions) -> bool:
    return any(o.kind is OptionKind.MOVE for u in lo.units for o in u.options)


def play_until(camp: Campaign, ruleset: str, scenario: str, want: Any = has_board_moves) -> tuple[GameState, str]:
    """A new game of `ruleset`, played by the bots until a side asked for orders has what `want` looks for."""
    rs_sides = next(s.sides for s in _ruleset(ruleset).scenarios() if s.name == scenario)
    gs = camp.new_game(ruleset, scenario, {rs_sides[0]: "alice", rs_sides[1]: "bob"})
    for n in range(40):
        gs = camp.load(gs.number)
        waiting = [r for r in camp.awaiting(gs) if not r.optional]
        for r in waiting:
            if want(gs.ruleset.legal_options(gs.state, r.side)):
                return gs, r.side
        for r in waiting:
            camp.submit_orders(gs.number, gs.sides[r.side], gs.ruleset.bot_orders(gs.state, r.side, n))
    raise AssertionError(f"{ruleset} {scenario}: no position with orders to click in 40 phases")


def _ruleset(name: str) -> Any:
    from campaign.ruleset import find

    return find(name)


def sheet_from_digest(camp: Campaign, outbox: Path, player: str, out: Path) -> Path:
    """Send the digests, take `player`'s newest one from the outbox and save its order sheet."""
    dispatch(camp, settings(outbox))
    newest = None
    for f in sorted((outbox / "new").glob("*")):
        msg = email.message_from_bytes(f.read_bytes(), policy=policy.default)
        if f"{player}@example.org" in str(msg["To"]):
            for part in msg.walk():
                if part.get_content_type() == "text/html" and (part.get_filename() or "").startswith("orders-"):
                    newest = part
    assert newest is not None, f"no digest to {player} carries an order sheet"
    out.write_bytes(newest.get_payload(decode=True))
    return out


def mailto_parts(href: str) -> tuple[str, str, str]:
    """(to, subject, body) of a mailto: link, as a mail program reads it."""
    parts = urlsplit(href)
    assert parts.scheme == "mailto", href
    query = parse_qs(parts.query, keep_blank_values=True)
    return unquote(parts.path), query["subject"][0], query["body"][0].replace("\r\n", "\n")


def mail_from_player(player: str, to: str, subject: str, body: str, msg_id: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"{player.capitalize()} <{player}@example.org>"
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = f"<{msg_id}@example.org>"
    msg.set_content(body)
    return msg.as_bytes()


def page_data(driver: Any) -> dict[str, Any]:
    """The sheet's data as its script holds it (whole order lines)."""
    data = dict(driver.execute_script("return window.sheetData"))
    raw = json.loads(driver.execute_script("return document.getElementById('sheet-data').textContent"))
    assert [expand(u) for u in raw["units"]] == [u["opts"] for u in data["units"]]  # script and expand agree
    return data


def order_lines(body: str) -> str:
    """The order lines of a mail body (without SIGNON, CHECK and SIGNOFF)."""
    keep = [
        ln for ln in body.splitlines() if ln.strip() and ln.split()[0].upper() not in ("SIGNON", "SIGNOFF", "CHECK")
    ]
    return "\n".join(keep) + "\n"
