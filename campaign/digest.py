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
from campaign.ruleset import RequestKind
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
    tz: str = "UTC"
    """The reader's time zone: deadlines are shown in it."""
    resolve: str = ""
    """When phases resolve in this game, in words (the game's `resolve` option)."""
    png: bytes | None = None
    svg: str | None = None
    features: list[str] = field(default_factory=list)
    """Every terrain feature the picture draws, in words (a text board may not show them all)."""
    arrows: list[str] = field(default_factory=list)
    """The picture's arrows of what happened last, in words, for the reader's side."""
    sheet: str = ""
    """The file name of the HTML order sheet attached to this digest ('' when none is)."""

    @property
    def subject(self) -> str:
        """``[game 3] turn 4, york: your orders by Fri 18:00 UTC``: what to do first, nothing said twice."""
        if self.ended:
            return f"[game {self.game}] game over: {self.ended.get('reason', '')}"
        head = f"[game {self.game}] turn {self.turn}" + (f", {self.side}" if self.side else "")
        must = [t for t in self.todo if not t.get("optional")]
        if must:
            what = "your decision" if must[0]["kind"] == RequestKind.DECISION.value else "your orders"
            due = must[0].get("due")
            return f"{head}: {what}" + (f" by {short_time(due, self.tz)}" if due else "")
        return f"{head}: {_without_turn(self.phase, self.turn)}"


def short_time(text: str, tz: str = "UTC") -> str:
    """A deadline as a reader scans it, in their zone: ``Fri 13 Jun 18:00 CEST`` (the text as is if not a time)."""
    from zoneinfo import ZoneInfo

    from campaign.deadlines import parse_time

    try:
        when = parse_time(text.split(" (")[0])
    except ValueError:
        return text
    return when.astimezone(ZoneInfo(tz)).strftime("%a %d %b %H:%M %Z")


def local_deadline(text: str, tz: str) -> str:
    """The deadline in the reader's zone first, then in UTC as the log has it."""
    if tz == "UTC":
        return text
    return f"{short_time(text, tz)} ({text})"


def _without_turn(phase: str, turn: int) -> str:
    """The phase label without a leading "turn N, " that the subject already says."""
    prefix = f"turn {turn}"
    low = phase.lower()
    if low.startswith(prefix):
        rest = phase[len(prefix) :].lstrip(" ,:")
        return rest or phase
    return phase


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
    tz = players[player].tz if player in players else "UTC"
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
                        "optional": r.optional,
                        "due": (deadline_text or {}).get(r.side),
                        "deadline": local_deadline(due, tz) if (due := (deadline_text or {}).get(r.side)) else None,
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
        tz=tz,
        resolve=resolve_words(gs.schedule),
    )
    if pictures:
        title = f"Game {gs.number}: {gs.scenario}, turn {digest.turn}"
        digest.svg, digest.png, features, arrows = board_picture(gs, side, title)
        digest.features, digest.arrows = list(features), list(arrows)  # the cached lists stay untouched
    return digest


def resolve_words(schedule: Mapping[str, Any] | None) -> str:
    """The game's resolve option as a player needs to know it."""
    from campaign.deadlines import ResolveWhen, resolve_when

    if resolve_when(schedule) is ResolveWhen.AT_DEADLINE:
        return "at-deadline: each phase resolves at its deadline; you may change your orders until then"
    return (
        "when-ready: a phase resolves as soon as every side's orders are in; send WAIT with your orders"
        " to hold it until the deadline, or CHECK to see what they would do first"
    )


Drawn = tuple[str | None, bytes | None, list[str], list[str]]
"""A board as a digest shows it: SVG, PNG, and its terrain features and arrows in words."""
_PICTURES: dict[tuple[str, int, str, str | None, str], Drawn] = {}
_PICTURES_KEPT = 32


def board_picture(gs: GameState, side: str | None, title: str) -> Drawn:
    """(SVG, PNG, features, arrows) of the board as `side` sees it, drawn once per game state, side and
    title and reused by every digest and reply that shows it (a small in-memory cache, newest kept)."""
    key = (gs.stream, gs.seq, gs.head_hash, side, title)
    if key in _PICTURES:
        return _PICTURES[key]
    pic = gs.ruleset.picture(gs.state, side, title=title)
    drawn: Drawn = (None, None, [], [])
    own = gs.ruleset.picture_svg(gs.state, side, title) if pic is None else None
    if own is not None:  # a ruleset that draws itself (the campaign map)
        drawn = (own, _png_of(own), [], [])
    if pic is not None:
        from campaign.boardnotes import arrow_lines, feature_lines
        from campaign.picture import BoardPicture
        from campaign.render import render_svg

        svg = render_svg(pic)
        if isinstance(pic, BoardPicture):  # a measured table's picture has no hexes to name
            drawn = (svg, _png_of(svg), feature_lines(pic), arrow_lines(pic))
        else:
            drawn = (svg, _png_of(svg), [], [])
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
    from campaign.deadlines import DeadlineAction

    action = DeadlineAction(p["action"])
    if action is DeadlineAction.SET:
        return f"The referee set the deadline to {p['hours']} hours per phase{why}."
    if action is DeadlineAction.EXTEND:
        return f"The referee extended the current deadline by {p['hours']} hours{why}."
    if action is DeadlineAction.PAUSE:
        return f"The referee paused the deadline clock{why}."
    return f"The referee restarted the deadline clock; the time paused is added to the deadline{why}."
