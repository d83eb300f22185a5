"""Players: adding them, their addresses and time zones, absences, order passwords.

Part of the `Campaign` use cases (campaign/service/__init__.py puts the layers together).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign import eventdata as ed
from campaign.eventlog import ConflictError, Event, NewEvent
from campaign.events import (
    CAMPAIGN_STREAM,
    EventType,
)
from campaign.service.base import (
    MAX_RETRIES,
    CampaignBase,
    UserError,
)


@dataclass(frozen=True, slots=True)
class Player:
    """A person in the campaign."""

    name: str
    email: str
    tz: str = "UTC"
    """The IANA time zone the player reads deadlines in (`player add --tz`, the TZ mail command)."""

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "email": self.email, "tz": self.tz}


@dataclass(frozen=True, slots=True)
class NewPassword:
    """`referee password`: the order password issued once (only its hash is kept)."""

    player: str
    password: str

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "password": self.password}

    def text(self) -> str:
        return f"new password for {self.player}: {self.password}"


@dataclass(frozen=True, slots=True)
class NewPlayer:
    """`player add`: the player, and the order password issued once (only its hash is stored)."""

    player: Player
    password: str

    def as_json(self) -> dict[str, Any]:
        return {**self.player.as_json(), "password": self.password}

    def text(self) -> str:
        p = self.player
        return (
            f"added player {p.name} <{p.email}>\n"
            f"order password for {p.name}: {self.password}  (give it to the player; it is stored only as a hash)"
        )


def check_tz(zone: str) -> str:
    """An IANA time zone name such as Europe/Paris, or UserError."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    zone = zone.strip()
    try:
        if not zone or zone.startswith(("/", ".")) or ".." in zone:
            raise ValueError
        ZoneInfo(zone)
    except (ValueError, ZoneInfoNotFoundError):
        hint = "use one like Europe/Paris, America/New_York or UTC"
        raise UserError(f"{zone!r} is not a time zone name; {hint}") from None
    return zone


def check_email(email: str) -> str:
    """Exactly one plain address (``name@example.org``, syntax only), or UserError saying what is wrong."""
    from campaign.mail.addresses import check_address

    try:
        return check_address(email)
    except ValueError as exc:
        raise UserError(str(exc)) from None


def _password_name(player: str) -> str:
    return f"player/{player}/password"


class PlayerCases(CampaignBase):
    """Players: adding them, their addresses and time zones, absences, order passwords."""

    def players(self) -> dict[str, Player]:
        out: dict[str, Player] = {}
        for ev in self.store.read(stream=CAMPAIGN_STREAM):
            if ev.type in (EventType.PLAYER_ADDED, EventType.PLAYER_UPDATED):
                name = ev.payload["name"]
                tz = ev.payload.get("tz") or (out[name].tz if name in out else "UTC")
                out[name] = Player(name, ev.payload["email"], tz)
        return out

    def add_player(self, name: str, email: str, tz: str | None = None) -> Player:
        name = name.strip()
        tz = check_tz(tz) if tz else None
        if not name or any(c.isspace() for c in name) or len(name) > 40:
            raise UserError(f"player name {name!r} must be 1-40 characters with no spaces")
        email = check_email(email)
        for _ in range(MAX_RETRIES):
            version = self.store.version(CAMPAIGN_STREAM)
            if version == 0:
                raise UserError("the campaign is not initialised: run `campaign init` first")
            known = self.players()
            if name in known:
                raise UserError(f"there is already a player called {name!r}")
            if any(p.email.lower() == email.lower() for p in known.values()):
                raise UserError(f"{email} already belongs to another player")
            try:
                added = ed.PlayerAdded(name=name, email=email, tz=tz or None)
                self.store.append(
                    [added.new_event(CAMPAIGN_STREAM)],
                    expected={CAMPAIGN_STREAM: version},
                )
                return Player(name, email, tz or "UTC")
            except ConflictError:
                continue
        raise UserError("the campaign is too busy right now; try again")

    def plan_tz(self, player: str, zone: str) -> list[NewEvent]:
        """The event that sets the time zone `player` reads deadlines in (checked; nothing written)."""
        zone = check_tz(zone)
        known = self.players()[player]
        why = "time zone set by the player"
        updated = ed.PlayerUpdated(name=player, email=known.email, tz=zone, reason=why)
        return [updated.new_event(CAMPAIGN_STREAM, actor=player)]

    def declare_absence(self, player: str, start: str, end: str) -> Event:
        """A player will be away from `start` to `end` (ISO dates); their deadlines stretch."""
        version = self.store.version(CAMPAIGN_STREAM)
        return self.store.append(self.plan_absence(player, start, end), expected={CAMPAIGN_STREAM: version})[0]

    def plan_absence(self, player: str, start: str, end: str) -> list[NewEvent]:
        from datetime import date

        if player not in self.players():
            raise UserError(f"there is no player {player!r}")
        try:
            a, b = date.fromisoformat(start), date.fromisoformat(end)
        except ValueError as exc:
            raise UserError(f"absence dates must look like 2026-12-24 ({exc})") from exc
        if b < a:
            raise UserError(f"the absence ends ({end}) before it starts ({start})")
        if (b - a).days > 60:
            raise UserError("an absence may last at most 60 days; ask the referee for more")
        return [ed.AbsenceDeclared(player=player, from_=start, to=end).new_event(CAMPAIGN_STREAM, actor=player)]

    def absences(self) -> list[Any]:
        from campaign.deadlines import Absence

        out = []
        for ev in self.store.read_type(CAMPAIGN_STREAM, EventType.ABSENCE_DECLARED.value):
            from datetime import date

            out.append(
                Absence(
                    ev.payload["player"], date.fromisoformat(ev.payload["from"]), date.fromisoformat(ev.payload["to"])
                )
            )
        return out

    def set_password(self, player: str, password: str | None = None, actor: str = "referee") -> str:
        """Issue or reset a player's order password; returns it (only the salted hash is kept)."""
        from campaign.passwords import generate_password, hash_password

        if player not in self.players():
            raise UserError(f"there is no player {player!r}")
        pw = password or generate_password()
        self.store.append(
            [ed.PasswordSet(player=player).new_event(CAMPAIGN_STREAM, actor=actor)],
            secrets={_password_name(player): hash_password(pw)},
        )
        return pw

    def check_password(self, player: str, password: str) -> bool:
        from campaign.passwords import verify_password

        stored = self.store.secret(_password_name(player))
        return stored is not None and verify_password(password, stored)
