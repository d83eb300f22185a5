"""A game's status as one typed result: who must act, the dice, the deadlines, the chain.

`campaign status` and `campaign game list --json` print `GameStatus.as_json()`; the text forms read
the same fields, so the two never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaign.referee import SideDeadline
    from campaign.replay import GameState
    from campaign.service import Campaign
    from campaign.service.resolution import DiceNeeded


@dataclass(frozen=True, slots=True)
class NewGame:
    """What `game new` reports: the game's number and stream, and its first dice seed's commitment."""

    game: int
    stream: str
    commitment: str | None

    @classmethod
    def of(cls, gs: GameState) -> NewGame:
        return cls(gs.number, gs.stream, gs.commitments.get(1))

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "stream": self.stream, "commitment": self.commitment}


@dataclass(frozen=True, slots=True)
class Waiting:
    """One request the game waits for (or may take, when optional)."""

    side: str
    player: str | None
    kind: str
    key: str
    phase: str
    optional: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "player": self.player,
            "kind": self.kind,
            "key": self.key,
            "phase": self.phase,
            "optional": self.optional,
        }


@dataclass(frozen=True, slots=True)
class GameStatus:
    """Everything `campaign status` says about one game."""

    game: int
    ruleset: str
    engine: str
    scenario: str
    sides: dict[str, str]
    dice: str
    turn: int
    phase: str
    waiting_for: tuple[Waiting, ...]
    ready: bool
    army: tuple[dict[str, Any], ...]
    manual_dice_queued: tuple[int, ...]
    next_die: DiceNeeded | None
    deadlines: tuple[SideDeadline, ...]
    now: datetime
    seed_no: int
    commitment: str | None
    ended: dict[str, Any] | None
    events: int
    last_seq: int
    head_hash: str
    chain_head: str | None = None
    """The whole log's head (status only; a listing leaves it out)."""
    mail_lockouts: tuple[str, ...] | None = None
    """Players locked out of mail (status only)."""

    @classmethod
    def of(cls, camp: Campaign, gs: GameState, now: datetime, *, full: bool = False) -> GameStatus:
        """The status of `gs`, deadlines told relative to `now`; `full` adds the chain head and the mail
        lockouts (`campaign status`)."""
        from campaign.deadlines import parse_time
        from campaign.mail.ledger import lockout_lines
        from campaign.referee import side_deadlines

        rs = gs.ruleset
        awaiting = camp.awaiting(gs) if gs.ended is None else []
        return cls(
            game=gs.number,
            ruleset=rs.name,
            engine=gs.engine,
            scenario=gs.scenario,
            sides=dict(gs.sides),
            dice=gs.dice_mode.value,
            turn=rs.turn(gs.state),
            phase=rs.phase(gs.state),
            waiting_for=tuple(
                Waiting(r.side, gs.sides.get(r.side), r.kind.value, r.key, r.phase, r.optional) for r in awaiting
            ),
            ready=gs.ended is None and rs.ready(gs.state) and not any(not r.optional for r in awaiting),
            army=tuple(rs.army_status(gs.state, s).as_json() for s in sorted(gs.sides)),
            manual_dice_queued=tuple(gs.manual_pool),
            next_die=camp.dice_needed(gs),
            deadlines=tuple(side_deadlines(camp, gs).values()),
            now=now,
            seed_no=gs.seed_no,
            commitment=gs.commitments.get(gs.seed_no),
            ended=gs.ended,
            events=gs.version,
            last_seq=gs.seq,
            head_hash=gs.head_hash,
            chain_head=camp.store.head()[1] if full else None,
            mail_lockouts=tuple(lockout_lines(camp.store, parse_time(camp.store.clock()))) if full else None,
        )

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "ruleset": self.ruleset,
            "engine": self.engine,
            "scenario": self.scenario,
            "sides": self.sides,
            "dice": self.dice,
            "turn": self.turn,
            "phase": self.phase,
            "waiting_for": [w.as_json() for w in self.waiting_for],
            "ready": self.ready,
            "army": list(self.army),
            "manual_dice_queued": list(self.manual_dice_queued),
            "next_die": self.next_die.as_json() if self.next_die else None,
            "deadlines": [d.as_json(self.now) for d in self.deadlines],
            "seed_no": self.seed_no,
            "commitment": self.commitment,
            "ended": self.ended,
            "events": self.events,
            "last_seq": self.last_seq,
            "head_hash": self.head_hash,
        }
        if self.chain_head is not None:
            out["chain_head"] = self.chain_head
        if self.mail_lockouts is not None:
            out["mail_lockouts"] = list(self.mail_lockouts)
        return out
