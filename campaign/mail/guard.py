"""Password checks on order mail: one scrypt per mail whatever the outcome, and a lockout on guessing.

* Every mail that reaches the password check costs exactly one scrypt derivation: against the
  player's stored hash, or against a dummy hash of the same cost when the SIGNON line names
  someone else or the player has no password. So the answer time does not tell an unknown
  player from a wrong password.
* After `LOCKOUT_AFTER` wrong passwords within `LOCKOUT_WINDOW`, the player's mail is refused
  without any check (E-LOCKED) until the window has passed since the locking attempt. The
  player (in the reply to that attempt) and the referee (a notice mail) are told once; later
  locked-out mails are logged, unanswered. A correct password later clears the count.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from campaign.mail.ledger import LOCKOUT_AFTER, LOCKOUT_WINDOW, ledger
from campaign.mail.refusal import Refusal, _error
from campaign.service import Campaign, _password_name

DUMMY_HASH = (
    "scrypt$16384$8$1$00000000000000000000000000000000$a23418c8b146c629d53ffbf97c9836cae13df0d6f942dc526fa33508b019fc44"
)
"""A hash at the default cost, checked against when there is no real one (so both cost the same)."""


def verify_once(camp: Campaign, player: str | None, password: str) -> bool:
    """True when `password` is `player`'s; always exactly one scrypt derivation (see the module doc).

    Within one ingest run (`camp.password_memo` set), the answer for the same player, stored hash
    and password is remembered, so a player's twenty mails cost one derivation. Unknown players
    and wrong passwords are remembered alike, so a repeat costs the same (nothing) either way.
    The memo holds a SHA-256 of the password, never the password, and dies with the run.
    """
    from campaign.passwords import verify_password

    stored = camp.store.secret(_password_name(player)) if player is not None else None
    memo = camp.password_memo
    key = ""
    if memo is not None:
        key = hashlib.sha256("\0".join((player or "", stored or DUMMY_HASH, password)).encode("utf-8")).hexdigest()
        if key in memo:
            return memo[key]
    if stored is None:
        verify_password(password, DUMMY_HASH)
        ok = False
    else:
        ok = verify_password(password, stored)
    if memo is not None:
        memo[key] = ok
    return ok


def _now(camp: Campaign) -> datetime:
    from campaign.deadlines import parse_time

    return parse_time(camp.store.clock())


def check_lockout(camp: Campaign, player: str) -> None:
    """Refuse (unanswered) while `player` is locked out."""
    from campaign.deadlines import format_time

    until = ledger(camp.store).locked(player, _now(camp))
    if until is None:
        return
    refusal = Refusal(
        [
            _error(
                "E-LOCKED",
                f"too many wrong passwords: mail for {player} is refused unchecked until {format_time(until)}",
                "wait, or ask the referee to reset your password",
            )
        ],
        player=player,
    )
    refusal.silent = "the player is locked out after wrong passwords (told once, when the lock began)"
    raise refusal


def check_password(camp: Campaign, settings: Any, player: str, signon: Any) -> None:
    """Refuse a SIGNON line for another player or with a wrong password (counted towards a lockout)."""
    from campaign.deadlines import format_time

    ok = verify_once(camp, player if signon.player == player else None, signon.password)
    if signon.player != player:
        raise Refusal(
            [
                _error(
                    "E-SIGNON-SENDER",
                    f"the SIGNON line names {signon.player!r}, but this mail comes from {player}'s address",
                    f"sign on as {player}",
                    line=signon.line,
                )
            ],
            signon.game,
            player=player,
        )
    if ok:
        return
    errors = [
        _error(
            "E-PASSWORD", "wrong password on the SIGNON line", "ask the referee to reset it if you lost it", signon.line
        )
    ]
    now = _now(camp)
    count = ledger(camp.store).wrong_in_window(player, now) + 1
    until = format_time(now + LOCKOUT_WINDOW) if count >= LOCKOUT_AFTER else ""
    if until:
        errors.append(
            _error(
                "E-LOCKED",
                f"that is {count} wrong passwords within an hour: mail for {player} is refused unchecked,"
                f" and not answered, until {until}",
                "the referee has been told; ask them if it was not you",
            )
        )
    refusal = Refusal(errors, signon.game, player=player)
    refusal.locked_until = until
    raise refusal
