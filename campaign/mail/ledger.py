"""What the mail stream remembers about senders: replies sent, wrong passwords, lockouts, settings.

Everything here is read back from events (the mail stream and the campaign's mail settings),
so two ingesters, or a restart, agree on it. A `Ledger` is kept per store and brought up to date
incrementally: each new message costs a read of the events appended since the last one.

* Replies are limited to `REPLIES_PER_HOUR` per address: a mail loop or a flood costs at most
  that many replies an hour (the mails are still acted on and logged).
* After `LOCKOUT_AFTER` wrong passwords for one player within `LOCKOUT_WINDOW`, that player's mail
  is refused unchecked until the window has passed since the last of them; a correct password
  later starts the count again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from campaign import eventdata as ed
from campaign.eventlog import NewEvent
from campaign.events import CAMPAIGN_STREAM, MAIL_STREAM, EventType

REPLIES_PER_HOUR = 12
"""At most this many replies go to one address in an hour; the rest are logged, unanswered."""
LOCKOUT_AFTER = 5
"""This many wrong passwords for a player within `LOCKOUT_WINDOW` lock that player's mail."""
LOCKOUT_WINDOW = timedelta(hours=1)


class Unchecked(StrEnum):
    """What a mail gets when no trusted Authentication-Results header vouches for its sender."""

    REFUSE = "refuse"
    """Refuse it (E-AUTH-UNCHECKED): the default, since a From line is trivially forged."""
    ACCEPT = "accept"
    """Act on it: the password on the SIGNON line is then the only check."""


@dataclass(frozen=True, slots=True)
class TrustSettings:
    """The referee's mail-authentication settings as recorded in the campaign."""

    authserv_ids: tuple[str, ...] = ()
    unchecked: Unchecked | None = None

    def as_json(self) -> dict[str, Any]:
        return {"authserv_ids": list(self.authserv_ids), "unchecked": (self.unchecked or Unchecked.REFUSE).value}

    def text(self) -> str:
        return (
            f"trusted authserv-ids: {', '.join(self.authserv_ids) or 'none'}\n"
            f"unchecked mail: {(self.unchecked or Unchecked.REFUSE).value}"
        )


def _time(text: str) -> datetime:
    from campaign.deadlines import parse_time

    return parse_time(text)


@dataclass
class Ledger:
    """Per-address reply times and per-player password trouble, folded from the mail stream."""

    upto: int = 0
    replies: dict[str, list[datetime]] = field(default_factory=dict)
    wrong: dict[str, list[datetime]] = field(default_factory=dict)
    """Wrong-password times per player since their last accepted mail."""
    locked_until: dict[str, datetime] = field(default_factory=dict)
    trust: TrustSettings = TrustSettings()

    def fold(self, ev: Any) -> None:
        """Take one event into account."""
        p: Mapping[str, Any] = ev.payload
        if ev.type == EventType.MAIL_SETTINGS_SET:
            unchecked = p.get("unchecked")
            mode = Unchecked(unchecked) if unchecked in {u.value for u in Unchecked} else None
            self.trust = TrustSettings(tuple(p.get("authserv_ids", ())), mode)
            return
        if ev.type not in (EventType.MESSAGE_REFUSED, EventType.MESSAGE_ACCEPTED):
            return
        at = _time(p.get("received") or ev.at)
        if p.get("reply_to"):
            self.replies.setdefault(str(p["reply_to"]).lower(), []).append(at)
        player = p.get("player")
        if not player:
            return
        if ev.type == EventType.MESSAGE_ACCEPTED:
            self.wrong.pop(player, None)
            self.locked_until.pop(player, None)
        elif "E-PASSWORD" in p.get("codes", ()):
            self.wrong.setdefault(player, []).append(at)
            if p.get("locked_until"):
                self.locked_until[player] = _time(p["locked_until"])

    def replies_in_hour(self, address: str, now: datetime) -> int:
        """Replies sent to `address` in the hour before `now`."""
        return sum(1 for t in self.replies.get(address.lower(), ()) if now - t < timedelta(hours=1))

    def wrong_in_window(self, player: str, now: datetime) -> int:
        """Wrong passwords for `player` within `LOCKOUT_WINDOW` before `now` (since their last success)."""
        return sum(1 for t in self.wrong.get(player, ()) if now - t < LOCKOUT_WINDOW)

    def locked(self, player: str, now: datetime) -> datetime | None:
        """Until when `player`'s mail is refused unchecked, or None when it is not."""
        until = self.locked_until.get(player)
        return until if until is not None and now < until else None


_LEDGERS: dict[int, tuple[Any, Ledger]] = {}


def ledger(store: Any) -> Ledger:
    """The ledger of `store`, brought up to date with events appended since it was last read."""
    key = id(store)
    held = _LEDGERS.get(key)
    if held is None or held[0] is not store:
        if len(_LEDGERS) > 64:
            _LEDGERS.clear()
        held = (store, Ledger())
        _LEDGERS[key] = held
    led = held[1]
    head = store.head()[0]
    if head <= led.upto:
        return led
    # only the types the ledger folds, by index: its cost is the mail on file, not the games' events
    found = [
        ev
        for stream in (MAIL_STREAM, CAMPAIGN_STREAM)
        for ev in store.read_types(stream, _LEDGER_TYPES, after=led.upto, upto=head)
    ]
    for ev in sorted(found, key=lambda e: e.seq):
        led.fold(ev)
    led.upto = head
    return led


_LEDGER_TYPES = frozenset(
    t.value for t in (EventType.MAIL_SETTINGS_SET, EventType.MESSAGE_REFUSED, EventType.MESSAGE_ACCEPTED)
)


def settings_event(authserv_ids: tuple[str, ...], unchecked: Unchecked | None) -> NewEvent:
    """The event recording the referee's mail-authentication settings."""
    ids = sorted({a.strip().lower() for a in authserv_ids if a.strip()})
    mode = unchecked.value if unchecked is not None else None
    return ed.MailSettingsSet(authserv_ids=ids, unchecked=mode).new_event(CAMPAIGN_STREAM, actor="referee")


def lockout_lines(store: Any, now: datetime) -> list[str]:
    """One line per player whose password count is not zero, for `campaign status`."""
    from campaign.deadlines import format_time

    led = ledger(store)
    lines: list[str] = []
    for player in sorted(led.wrong):
        count = led.wrong_in_window(player, now)
        until = led.locked(player, now)
        if until is not None:
            when = format_time(until)
            lines.append(f"mail for {player} locked until {when} ({count} wrong passwords in the hour)")
        elif count:
            lines.append(f"{player}: {count} wrong password(s) in the last hour (locked at {LOCKOUT_AFTER})")
    return lines
