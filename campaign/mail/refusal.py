"""A refused mail: every error for the reply, and whether (and why not) it is answered.

Shared by the mail loop (campaign/mailflow.py) and the password guard (campaign/mail/guard.py)
without either importing the other.
"""

from __future__ import annotations

from campaign.ruleset import OrderError


class Refusal(Exception):
    """The message is refused; every error is listed for the reply."""

    def __init__(self, errors: list[OrderError], game: int | None = None, *, player: str | None = None):
        self.errors, self.game, self.player = errors, game, player
        self.locked_until: str = ""
        self.silent = ""
        """Why this refusal is not answered ('' when it is)."""
        self.legal: list[str] = []
        """What is legal now for the units named on refused order lines (errors say what is legal too)."""
        super().__init__("; ".join(e.message for e in errors))


def _error(code: str, message: str, hint: str = "", line: int = 0, text: str = "") -> OrderError:
    return OrderError(line, 0, code, message, text, hint)
