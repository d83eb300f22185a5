"""What every use case stands on: the store, the seed source, loading a game, appending to it.

Part of the `Campaign` use cases (campaign/service/__init__.py puts the layers together).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from campaign import dice
from campaign.sealed import derived_salt
from campaign import eventdata as ed
from campaign.eventlog import ConflictError, Event, EventStore, NewEvent
from campaign.events import (
    CAMPAIGN_STREAM,
    EventType,
    parse_game_ref,
)
from campaign.replay import (
    GameState,
    apply_event,
    engine_id,
    state_at,
)

MAX_RETRIES = 8


class UserError(Exception):
    """A mistake by the person using campaign; the CLI prints it plainly and exits 1."""


SeedSource = Callable[[str, int], bytes]
"""Where secret dice seeds come from: (game stream, seed number) -> 32 bytes."""


def os_seeds(stream: str, seed_no: int) -> bytes:
    """The default seed source: the operating system's CSPRNG."""
    return dice.new_seed()


def _seed_name(stream: str, seed_no: int) -> str:
    return f"{stream}/seed/{seed_no}"


def _commit_seed_with(seed: bytes, stream: str, seed_no: int) -> tuple[NewEvent, dict[str, str]]:
    event = ed.SeedCommitted(seed_no=seed_no, commitment=dice.commitment(seed)).new_event(stream)
    return event, {_seed_name(stream, seed_no): seed.hex()}


def _fmt_sides(sides: Mapping[str, str]) -> str:
    return ", ".join(f"{s}={p}" for s, p in sorted(sides.items()))


class CampaignBase:
    """What every use case stands on: the store, the seed source, loading a game, appending to it."""

    def __init__(self, store: EventStore, *, seeds: SeedSource = os_seeds):
        self.store = store
        self.seeds = seeds
        self._latest: dict[str, GameState] = {}
        self.password_memo: dict[str, bool] | None = None
        """Set by a mail ingest run: password answers of that run only (see mail.guard.verify_once)."""

    def _commit_seed(self, stream: str, seed_no: int) -> tuple[NewEvent, dict[str, str]]:
        return _commit_seed_with(self.seeds(stream, seed_no), stream, seed_no)

    def _salt(self, stream: str, key: str, side: str, canonical_text: str) -> str | None:
        """The salt for a sealed input: None (drawn at random) with the operating system's seeds; derived
        from the seed source otherwise (its seed 0 is never a dice seed), so a demo replays byte for byte."""
        if self.seeds is os_seeds:
            return None
        return derived_salt(self.seeds(stream, 0), stream, key, side, canonical_text)

    def init(self, name: str) -> Event:
        if self.store.version(CAMPAIGN_STREAM) > 0:
            raise UserError("this campaign file is already initialised")
        return self.store.append(
            [ed.CampaignCreated(name=name).new_event(CAMPAIGN_STREAM)],
            expected={CAMPAIGN_STREAM: 0},
        )[0]

    def games(self) -> list[str]:
        streams = self.store.streams("game:")
        return sorted(streams, key=lambda s: int(s.split(":")[1]))

    def load(self, game: str | int, *, seq: int | None = None) -> GameState:
        """The game now (or after event `seq`). Treat the result as read-only: it may be shared.

        The latest state of each game is kept in memory and brought up to date with the events
        appended since (by any process); a correction in between forces a fresh rebuild.
        """
        stream = parse_game_ref(game)
        version = self.store.version(stream)
        if version == 0:
            raise UserError(f"there is no game {stream.split(':')[1]} in this campaign")
        if seq is not None:
            return state_at(self.store, stream, seq)
        cached = self._latest.get(stream)
        if cached is not None and cached.version == version:
            return cached
        if cached is not None and cached.version < version:
            tail = list(self.store.read(stream=stream, after=cached.seq))
            if not any(ev.type == EventType.EVENTS_VOIDED for ev in tail):
                for ev in tail:
                    cached = apply_event(cached, ev)
                return cached
        gs = state_at(self.store, stream, write_snapshots=True)
        self._latest[stream] = gs
        return gs

    def _append_game(
        self, game: str | int, build: Callable[[GameState], list[NewEvent]], *, secrets: dict[str, str] | None = None
    ) -> tuple[GameState, list[Event]]:
        """Re-read, build events from the fresh state, append with its version; retry on conflict."""
        for _ in range(MAX_RETRIES):
            gs = self.load(game)
            events = build(gs)
            try:
                sealed = self.store.append(
                    events, expected={gs.stream: gs.version}, engine=engine_id(gs.ruleset), secrets=secrets
                )
            except ConflictError:
                continue
            return gs, sealed
        raise UserError("the game is too busy right now; try again")

    def _require_running(self, gs: GameState) -> None:
        if gs.ended is not None:
            raise UserError(f"game {gs.number} is over ({gs.ended.get('reason', 'ended')})")

    def _side_for(self, gs: GameState, player: str, side: str | None) -> str:
        sides = gs.side_of(player)
        if not sides:
            raise UserError(f"{player!r} plays no side in game {gs.number} (sides: {_fmt_sides(gs.sides)})")
        if side is not None:
            if side not in sides:
                raise UserError(f"{player!r} does not command side {side!r} in game {gs.number}")
            return side
        if len(sides) > 1:
            pending = {r.side for r in gs.ruleset.pending(gs.state)}
            active = [s for s in sides if s in pending]
            if len(active) == 1:
                return active[0]
            raise UserError(f"{player!r} commands {', '.join(sides)} in game {gs.number}: say which with --side")
        return sides[0]

    def _reveal_event(self, gs: GameState) -> NewEvent:
        seed_hex = self.store.secret(_seed_name(gs.stream, gs.seed_no))
        if seed_hex is None:  # a file imported from an export made without its secrets
            raise UserError(
                f"game {gs.number}'s seed {gs.seed_no} is not in this campaign file, so it cannot be revealed"
                " (was it imported from an export made without --with-secrets?): play on in the original file"
            )
        return ed.SeedRevealed(seed_no=gs.seed_no, seed=seed_hex).new_event(gs.stream)
