"""Per-player digests of a game: what happened since the reader's last digest, the board, what to do next.

A digest is built from the log alone (replay), so the same log gives the same digest. It is
only ever sent to the players of the game and the referee; each side sees its own view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from campaign.eventlog import Event
from campaign.events import EventType
from campaign.replay import GameState, apply_event, state_at, voided_seqs
from campaign.service import Campaign


@dataclass(frozen=True, slots=True)
class DiceLine:
    """One die as the digest shows it."""

    seq: int
    sides: int
    value: int
    purpose: str


@dataclass(frozen=True, slots=True)
class ResolutionStory:
    """One resolution in the reader's span: its narrative and every die it used."""

    seq: int
    turn: int
    phase: str
    narrative: tuple[str, ...]
    dice: tuple[DiceLine, ...]


@dataclass(frozen=True, slots=True)
class Notice:
    """Something else that happened in the span: a correction, a deadline, press, a resignation."""

    seq: int
    kind: str
    text: str
    audience: tuple[str, ...] | None = None
    """The sides that may read it (press between two sides), or None for everyone."""


@dataclass
class Digest:
    """Everything a digest mail says, before templates turn it into text and HTML."""

    game: int
    stream: str
    scenario: str
    ruleset: str
    player: str
    email: str
    side: str | None
    """The reader's side, or None for the referee's copy."""
    since_seq: int
    upto_seq: int
    turn: int
    phase: str
    stories: list[ResolutionStory] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    board_text: str = ""
    todo: list[dict[str, Any]] = field(default_factory=list)
    """What the reader must do next: requests for their side, with the deadline if any."""
    commitment: str | None = None
    revealed: list[dict[str, Any]] = field(default_factory=list)
    chain_head: str = ""
    chain_seq: int = 0
    ended: dict[str, Any] | None = None
    grammar: str = ""
    png: bytes | None = None
    svg: str | None = None

    @property
    def subject(self) -> str:
        if self.ended:
            return f"[campaign] game {self.game}: game over ({self.ended.get('reason', '')})"
        return f"[campaign] game {self.game}, turn {self.turn}: {self.phase}"


def collect(
    camp: Campaign, stream: str, since_seq: int, upto_seq: int | None = None
) -> tuple[GameState, list[ResolutionStory], list[Notice], list[dict[str, Any]]]:
    """Replay the game to `since_seq`, then walk on to `upto_seq` collecting what happened."""
    store = camp.store
    upto = upto_seq if upto_seq is not None else store.head()[0]
    voided = voided_seqs(store, stream, upto)
    gs = state_at(store, stream, since_seq) if since_seq > 0 else None
    stories: list[ResolutionStory] = []
    notices: list[Notice] = []
    revealed: list[dict[str, Any]] = []
    pending: list[DiceLine] = []
    after = gs.seq if gs is not None else 0
    for ev in store.read(stream=stream, after=after, upto=upto):
        gs = apply_event(gs, ev, voided=voided)
        if ev.seq in voided:
            continue
        _note(ev, gs, stories, notices, revealed, pending)
    if gs is None:
        raise ValueError(f"there is no {stream}")
    return gs, stories, notices, revealed


def _note(
    ev: Event,
    gs: GameState,
    stories: list[ResolutionStory],
    notices: list[Notice],
    revealed: list[dict[str, Any]],
    pending: list[DiceLine],
) -> None:
    p = ev.payload
    kind = ev.type
    if kind == EventType.DICE_ROLLED:
        pending.append(DiceLine(ev.seq, p["sides"], p["value"], p["purpose"]))
    elif kind == EventType.PHASE_RESOLVED:
        stories.append(ResolutionStory(ev.seq, p["turn"], p["phase"], tuple(gs.last_narrative), tuple(pending)))
        pending.clear()
    elif kind == EventType.SEED_REVEALED:
        revealed.append({"seed_no": p["seed_no"], "seed": p["seed"], "commitment": gs.commitments.get(p["seed_no"])})
    elif kind == EventType.EVENTS_VOIDED:
        notices.append(
            Notice(
                ev.seq,
                "correction",
                f"The referee voided events {', '.join(map(str, p['named']))}"
                f" (and {len(p['seqs']) - len(p['named'])} that followed): {p['reason']}",
            )
        )
    elif kind == EventType.DEADLINE_PASSED:
        notices.append(
            Notice(ev.seq, "deadline", f"Deadline passed for {', '.join(p['sides'])}: {p['policy']} orders were filed.")
        )
    elif kind == EventType.DECISION_REQUESTED:
        options = " / ".join(p["options"])
        notices.append(
            Notice(
                ev.seq,
                "decision",
                f"{p['side']} must decide: {p['question']} ({options}; default {p['default']}).",
                (p["side"],),
            )
        )
    elif kind == EventType.REMINDER_SENT:
        notices.append(
            Notice(ev.seq, "reminder", f"Reminder: {p['side']}'s orders are due by {p['deadline']}.", (p["side"],))
        )
    elif kind == EventType.PRESS_SENT:
        audience = None if p["to"] == "all" else (p["from"], p["to"])
        notices.append(Notice(ev.seq, "press", f"Press from {p['from']} to {p['to']}: {p['text']}", audience))
    elif kind == EventType.RESIGNED:
        why = f" (the referee, for them: {p['reason']})" if p.get("reason") else ""
        notices.append(Notice(ev.seq, "resigned", f"{p['side']} resigned{why}."))
    elif kind == EventType.SIDE_REPLACED:
        notices.append(
            Notice(ev.seq, "referee", f"The referee handed {p['side']} from {p['old']} to {p['new']}: {p['reason']}")
        )
    elif kind == EventType.DEADLINE_CHANGED:
        notices.append(Notice(ev.seq, "deadline", deadline_change_text(p)))
    elif kind == EventType.ORDERS_SUBMITTED and (p.get("via") or {}).get("entered_by") == "referee":
        who = p["via"].get("for") or p.get("player")
        notices.append(Notice(ev.seq, "entered", f"The referee entered orders for {p['side']} on behalf of {who}."))
    elif kind == EventType.GAME_ENDED:
        winner = p.get("winner") or "nobody (a draw)"
        notices.append(Notice(ev.seq, "ended", f"The game is over: {p.get('reason')}. Winner: {winner}."))


def build_digest(
    camp: Campaign,
    game: str | int,
    player: str,
    since_seq: int,
    *,
    upto_seq: int | None = None,
    pictures: bool = True,
    deadline_text: dict[str, str] | None = None,
) -> Digest:
    """The digest for `player` (a player of the game, or the referee) covering (since_seq, upto_seq]."""
    from campaign.events import parse_game_ref

    stream = parse_game_ref(game)
    gs, stories, notices, revealed = collect(camp, stream, since_seq, upto_seq)
    players = camp.players()
    sides = gs.side_of(player)
    side = sides[0] if sides else None
    visible = [n for n in notices if n.audience is None or side is None or side in n.audience]
    rs = gs.ruleset
    if deadline_text is None and gs.schedule and gs.ended is None:
        deadline_text = _deadlines(camp, gs)
    todo = []
    if gs.ended is None:
        for r in camp.awaiting(gs):
            if side is None or r.side in sides:
                todo.append(
                    {
                        "side": r.side,
                        "kind": r.kind.value,
                        "phase": r.phase,
                        "prompt": r.prompt,
                        "deadline": (deadline_text or {}).get(r.side),
                    }
                )
    head_seq, head = camp.store.head()
    digest = Digest(
        game=gs.number,
        stream=stream,
        scenario=gs.scenario,
        ruleset=rs.name,
        player=player,
        email=players[player].email if player in players else "",
        side=side,
        since_seq=since_seq,
        upto_seq=gs.seq,
        turn=rs.turn(gs.state),
        phase=rs.phase(gs.state),
        stories=stories,
        notices=visible,
        board_text=rs.render_text(gs.state, side),
        todo=todo,
        commitment=gs.commitments.get(gs.seed_no) if gs.seed_no not in gs.revealed else None,
        revealed=revealed,
        chain_head=head,
        chain_seq=head_seq,
        ended=gs.ended,
        grammar=getattr(rs, "grammar_reminder", ""),
    )
    if pictures:
        title = f"Game {gs.number}: {gs.scenario}, turn {digest.turn}"
        digest.svg, digest.png = board_picture(gs, side, title)
    return digest


_PICTURES: dict[tuple[str, int, str, str | None, str], tuple[str | None, bytes | None]] = {}
_PICTURES_KEPT = 32


def board_picture(gs: GameState, side: str | None, title: str) -> tuple[str | None, bytes | None]:
    """(SVG, PNG) of the board as `side` sees it, drawn once per game state, side and title and
    reused by every digest and reply that shows it (a small in-memory cache, newest kept)."""
    key = (gs.stream, gs.seq, gs.head_hash, side, title)
    if key in _PICTURES:
        return _PICTURES[key]
    pic = gs.ruleset.picture(gs.state, side, title=title)
    drawn: tuple[str | None, bytes | None] = (None, None)
    if pic is not None:
        from campaign.render import render_svg

        svg = render_svg(pic)
        drawn = (svg, _png_of(svg))
    _keep(_PICTURES, key, drawn)
    return drawn


_PNGS: dict[str, bytes] = {}


def _png_of(svg: str) -> bytes:
    """The PNG of an SVG, rasterised once: sides that see the same board share it."""
    import hashlib

    key = hashlib.sha256(svg.encode("utf-8")).hexdigest()
    if key not in _PNGS:
        from campaign.render import render_png

        _keep(_PNGS, key, render_png(svg))
    return _PNGS[key]


def _keep(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= _PICTURES_KEPT:
        del cache[next(iter(cache))]
    cache[key] = value


def _deadlines(camp: Campaign, gs: GameState) -> dict[str, str]:
    """Each pending side's deadline as text, from the game's schedule and the players' absences."""
    from campaign.deadlines import format_time
    from campaign.referee import side_deadlines

    return {
        side: format_time(d.due) + (" (the clock is paused by the referee)" if d.paused else "")
        for side, d in side_deadlines(camp, gs).items()
    }


def deadline_change_text(p: Mapping[str, Any]) -> str:
    """A referee's deadline change in words, for digests and the archive."""
    why = f": {p['reason']}" if p.get("reason") else ""
    action = p["action"]
    if action == "set":
        return f"The referee set the deadline to {p['hours']} hours per phase{why}."
    if action == "extend":
        return f"The referee extended the current deadline by {p['hours']} hours{why}."
    if action == "pause":
        return f"The referee paused the deadline clock{why}."
    return f"The referee restarted the deadline clock; the time paused is added to the deadline{why}."
