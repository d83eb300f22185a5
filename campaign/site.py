"""`campaign site OUTDIR`: the campaign as a static archive that opens from disk in any browser.

Every page is rebuilt from the event log by one replay pass per game (events folded once with
`apply_event`, pages and board pictures emitted from that walk), plus, for a game with referee
corrections, one extra replay per correction to show the voided timeline "as first played".

The URL scheme (every link relative, so `file://` works and the folder can be moved or served)::

    index.html                    the campaign: players and a table of games
    site.css, site.js             one stylesheet; a tiny optional script (arrow-key paging)
    game-N/index.html             summary, sides, turns, corrections (both timelines), dice seeds
    game-N/turn-T.html            board at the end of turn T, orders, narratives, dice, seeds
    game-N/event-SEQ.html         one page per event of the game (SEQ is the log's global seq)
    game-N/board-turn-T.svg       the board picture at the end of turn T (when the ruleset draws one)
    game-N/board-event-SEQ.svg    the board picture after resolution SEQ (resolutions only)
    game-N/orders-game-N-turn-T-SIDE.html   a running game's order sheet for each side asked for orders
                                  now whose view hides nothing from the public board (campaign/sheet/)

Event pages show the text board after every event, and a picture only after resolutions: the
board changes there (orders only file intentions), and it keeps the site small.

Determinism: the same log gives byte-identical files. Nothing reads the clock or the host (the
only times shown are the events' own `at`); games, turns, players, seeds and events are visited
in sorted order; JSON is printed with sorted payload keys; SVGs come from the deterministic
renderer. Output may differ only if the installed engine's text board or picture changes.

The site is the referee's view: the full board, every side's orders and all press, including
private press between two sides. Players' email addresses are never shown.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from campaign import canonical
from campaign import dice as dicemod
from campaign.audit import DiceStatus, audit_dice
from campaign.digest import DiceLine, Notice, ResolutionStory
from campaign.digest import _note as digest_note
from campaign.eventlog import Event, upcast
from campaign.events import CAMPAIGN_STREAM, EventType, parse_game_ref
from campaign.replay import GameState, apply_event
from campaign.sealed import SEALED_TEXT, input_visible
from campaign.service import Campaign, UserError
from campaign.templating import render, templates_dir

STATIC_FILES = ("site.css", "site.js")
"""Copied verbatim from templates/site/ into the top of the output folder."""

_CHANGES_BOARD = {
    EventType.GAME_CREATED,
    EventType.ORDERS_SUBMITTED,
    EventType.ORDERS_WITHDRAWN,
    EventType.PHASE_RESOLVED,
}
"""The only event types after which `apply_event` hands the ruleset a new state."""


@dataclass(frozen=True, slots=True)
class SiteReport:
    """What `write_site` wrote: how many pages and files, and where to start reading."""

    outdir: Path
    index: Path
    """The absolute path of index.html; open it in a browser (see `url`)."""
    pages: int
    """HTML pages written."""
    files: int
    """Every file written: pages, board pictures, the stylesheet and the script."""
    games: tuple[int, ...]
    """The game numbers in the site."""

    @property
    def url(self) -> str:
        """The index as a file:// URL."""
        return self.index.as_uri()

    def as_json(self) -> dict[str, Any]:
        return {
            "out": str(self.outdir),
            "index": str(self.index),
            "pages": self.pages,
            "files": self.files,
            "games": list(self.games),
            "report": self.text(),
        }

    def text(self) -> str:
        return str(self)

    def __str__(self) -> str:
        n = len(self.games)
        return (
            f"wrote {self.pages} pages ({self.files} files) for {n} game{'s' if n != 1 else ''}"
            f" into {self.outdir}; open {self.url}"
        )


# --- what the pages show --------------------------------------------------------------------


@dataclass(slots=True)
class EventRow:
    """One event of a game as its own page and every list that links to it shows it."""

    ev: Event
    """The event exactly as stored (hashed)."""
    type: str
    turn: int
    """The game turn it belongs to, in the timeline in force."""
    summary: str
    json: str
    board_text: str = ""
    board_changed: bool = False
    board_svg: str | None = None
    """File name (in the game folder) of the picture after this event, if one was drawn."""
    story: ResolutionStory | None = None
    """A resolution's narrative and dice (for a voided one: as first played)."""
    voided_by: int | None = None
    """The seq of the correction that voided this event."""
    first_played_board: str = ""
    """For a voided event: the text board after it in the timeline as first played."""
    status: str = ""
    """For orders: in force, replaced, withdrawn or resolved (with `status_seq`)."""
    status_seq: int | None = None
    canonical: str = ""
    """For orders: the canonical text on file."""
    notice: Notice | None = None
    sealed: bool = False
    """For orders: a sealed input still hidden from the public (campaign.sealed)."""

    @property
    def seq(self) -> int:
        return self.ev.seq

    @property
    def href(self) -> str:
        return f"event-{self.ev.seq}.html"


@dataclass(slots=True)
class SeedRow:
    """One dice seed of a game: its commitment, its reveal and whether they agree."""

    seed_no: int
    turn: int
    commitment: str
    committed_seq: int
    seed: str | None = None
    revealed_seq: int | None = None
    rolls: int = 0
    derived_ok: int = 0

    @property
    def matches(self) -> bool | None:
        """SHA-256(seed) == commitment, or None while the seed is secret."""
        if self.seed is None:
            return None
        try:
            return dicemod.commitment(bytes.fromhex(self.seed)) == self.commitment
        except ValueError:
            return False


@dataclass(slots=True)
class Correction:
    """A referee correction shown as both timelines: what it voided and what is in force since."""

    row: EventRow
    reason: str
    named: list[EventRow]
    followed: list[EventRow]
    """Voided because they came after the named events."""
    after: list[EventRow]
    """The events that replaced them: the same turns, from the correction to the next one."""


@dataclass(slots=True)
class TurnPage:
    """One game turn: its events, the board at its end and the seeds that rolled it."""

    number: int
    rows: list[EventRow] = field(default_factory=list)
    board_text: str = ""
    board_svg: str | None = None
    seeds: list[SeedRow] = field(default_factory=list)
    current: bool = False
    """The turn a running game is in: its board is "so far", not "at the end"."""
    sheets: list[tuple[str, str]] = field(default_factory=list)
    """(side, file) of the order sheets written beside a running game's current turn (issue 22)."""

    @property
    def href(self) -> str:
        return f"turn-{self.number}.html"

    @property
    def last(self) -> EventRow | None:
        """The turn's last event: the chain head at its end (None for a turn with no events yet)."""
        return self.rows[-1] if self.rows else None

    def of_type(self, kind: str) -> list[EventRow]:
        return [r for r in self.rows if r.type == kind]

    @property
    def stories(self) -> list[EventRow]:
        """The resolutions of this turn (voided ones too, which the page strikes through)."""
        return [r for r in self.rows if r.story is not None]


@dataclass(slots=True)
class GameSite:
    """Everything the pages of one game show, built by one walk through its events."""

    number: int
    stream: str
    ruleset: str
    ruleset_title: str
    scenario: str
    scenario_title: str
    sides: dict[str, str]
    dice_mode: str
    status: str
    ended: dict[str, Any] | None
    rows: list[EventRow]
    turns: list[TurnPage]
    seeds: list[SeedRow]
    corrections: list[Correction]

    @property
    def folder(self) -> str:
        return f"game-{self.number}"

    @property
    def head(self) -> EventRow:
        return self.rows[-1]

    @property
    def voided(self) -> int:
        return sum(1 for r in self.rows if r.voided_by is not None)

    @property
    def press(self) -> list[EventRow]:
        return [r for r in self.rows if r.type == EventType.PRESS_SENT]

    def release(self) -> None:
        """Drop the per-event text once the game's pages are written (the index needs none of it)."""
        for row in self.rows:
            row.json = row.board_text = row.first_played_board = ""

    @property
    def winner_text(self) -> str:
        if self.ended is None:
            return ""
        return self.ended.get("winner") or "nobody (a draw)"


_SEALED_FIELDS = frozenset({"data", "canonical", "orders_hash", "salt"})
"""Payload fields of a sealed OrdersSubmitted that say what was ordered (hidden until revealed)."""

# --- the walk --------------------------------------------------------------------------------


def _event_json(ev: Event) -> str:
    """The stored event, pretty-printed: record fields in hash order, payload keys sorted."""
    data = ev.as_json()
    data["payload"] = json.loads(canonical.dumps(dict(ev.payload)))
    return json.dumps(data, indent=2, ensure_ascii=False)


def _short(h: str) -> str:
    return h[:12] + "…" if len(h) > 12 else h


def _summary(ev: Event, gs: GameState, notice: Notice | None) -> str:
    """One line saying what the event did (the digest's wording where the digest has one)."""
    if notice is not None:
        return notice.text
    p = ev.payload
    kind = ev.type
    if kind == EventType.GAME_CREATED:
        sides = ", ".join(f"{s} ({who})" for s, who in sorted(p["sides"].items()))
        return f"Game created: {p['ruleset']}, scenario {p['scenario']}; sides {sides}; {p['dice']} dice."
    if kind == EventType.SEED_COMMITTED:
        return f"Committed to dice seed {p['seed_no']}: SHA-256 {_short(p['commitment'])}"
    if kind == EventType.SEED_REVEALED:
        committed = gs.commitments.get(p["seed_no"])
        ok = committed is not None and SeedRow(p["seed_no"], 0, committed, 0, p["seed"]).matches
        verdict = "matches its commitment" if ok else "DOES NOT match its commitment"
        return f"Revealed dice seed {p['seed_no']}: {_short(p['seed'])} ({verdict})"
    if kind == EventType.ORDERS_SUBMITTED:
        how = f", by the {p['policy']} deadline policy" if p.get("policy") else ""
        return f"{p['side']} ({p['player']}) filed orders for {p['key']}{how}: hash {_short(p['orders_hash'])}"
    if kind == EventType.ORDERS_WITHDRAWN:
        return f"{p['side']} withdrew its orders for {p['key']}"
    if kind == EventType.DICE_ENTERED:
        return "Dice entered by hand: " + " ".join(str(v) for v in p["values"])
    if kind == EventType.SIDE_REPLACED:
        return f"The referee handed {p['side']} from {p['old']} to {p['new']}: {p['reason']}"
    if kind == EventType.DEADLINE_CHANGED:
        from campaign.digest import deadline_change_text

        return deadline_change_text(p)
    if kind == EventType.RESIGNED and p.get("reason"):
        return f"{p['side']} resigned (entered by the referee: {p['reason']})"
    if kind == EventType.DICE_CLEARED:
        return f"Entered dice cleared by the referee ({' '.join(str(v) for v in p['values'])}): {p['reason']}"
    if kind == EventType.DICE_ROLLED:
        how = f"seed {p['seed_no']}, roll {p['n']}" if p["mode"] == dicemod.DiceMode.FAIR.value else "manual"
        return f"d{p['sides']} rolled {p['value']} ({how}): {p['purpose']}"
    if kind == EventType.PHASE_RESOLVED:
        return f"Resolved turn {p['turn']}, {p['phase']} ({p['dice']} dice)"
    if kind == EventType.WAIT_SET:
        return f"{p['side']} asked to wait for the deadline" if p["on"] else f"{p['side']} took back its wait"
    if kind == EventType.REMINDER_SENT:
        return f"{p['side']} was reminded: deadline {p['deadline']}"
    return kind


def _first_played(events: list[Event], corrections: list[Event]) -> dict[int, tuple[list[str], str]]:
    """For every voided event: (narrative if a resolution, text board after it) as first played.

    The timeline a correction cut is replayed with only the corrections made before it.
    """
    out: dict[int, tuple[list[str], str]] = {}
    earlier: set[int] = set()
    for fix in corrections:
        cut = set(fix.payload["seqs"]) - earlier
        gs: GameState | None = None
        for ev in events:
            if ev.seq >= fix.seq:
                break
            gs = apply_event(gs, ev, voided=earlier)
            if ev.seq in cut:
                narrative = list(gs.last_narrative) if ev.type == EventType.PHASE_RESOLVED else []
                out[ev.seq] = (narrative, gs.ruleset.render_text(gs.state, None))
        earlier |= cut
    return out


class _Writer:
    """Writes files under the output folder (UTF-8, \\n line ends) and counts them."""

    def __init__(self, outdir: Path):
        self.outdir = outdir
        self.pages = 0
        self.files = 0

    def text(self, rel: str, content: str) -> None:
        self.bytes(rel, content.encode("utf-8"))
        if rel.endswith(".html"):
            self.pages += 1

    def bytes(self, rel: str, content: bytes) -> None:
        path = self.outdir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        self.files += 1


class _GameWalk:
    """One pass over a game's events: replay each once, and build its row, turn and seed as it goes.

    Board pictures are written during the walk, as soon as their state exists (replay changes
    the ruleset state in place, so a later picture of an earlier state is impossible).
    """

    def __init__(self, camp: Campaign, stream: str, out: _Writer):
        self.camp, self.stream, self.out = camp, stream, out
        self.number = int(stream.split(":", 1)[1])
        self.folder = f"game-{self.number}"
        self.events = list(camp.store.read(stream=stream))
        if not self.events:
            raise UserError(f"there is no game {self.number} in this campaign")
        self.corrections = [e for e in self.events if e.type == EventType.EVENTS_VOIDED]
        self.voided_by: dict[int, int] = {}
        for fix in self.corrections:
            for s in fix.payload["seqs"]:
                self.voided_by.setdefault(s, fix.seq)
        self.voided = frozenset(self.voided_by)
        self.first_played = _first_played(self.events, self.corrections) if self.corrections else {}
        self.gs: GameState | None = None
        self.scenario_title = ""
        self.rows: list[EventRow] = []
        self.turns: dict[int, TurnPage] = {}
        self.seeds: dict[int, SeedRow] = {}
        self.open_turn = 0
        self.board_text = ""
        # what digest.collect gathers, gathered here from the same single pass
        self.stories: list[ResolutionStory] = []
        self.notices: list[Notice] = []
        self.revealed: list[dict[str, Any]] = []
        self.pending: list[DiceLine] = []
        self.pending_voided: list[DiceLine] = []
        self.on_file: dict[tuple[str, str], EventRow] = {}

    def run(self, tick: Any) -> GameSite:
        for raw in self.events:
            self._step(raw)
            tick(1)
        gs = self._state
        self._close_turn(self.open_turn)
        if gs.ended is None and gs.turn > self.open_turn:  # a turn that has begun but has no events yet
            self.turns[gs.turn] = TurnPage(gs.turn)
            self._close_turn(gs.turn)
        if gs.ended is None:
            self.turns[max(self.turns)].current = True
            self._sheets(self.turns[max(self.turns)])
        self._seal_rows()
        self._count_dice()
        return self._site()

    @property
    def _state(self) -> GameState:
        assert self.gs is not None, "the walk has not started"
        return self.gs

    def _step(self, raw: Event) -> None:
        ev = upcast(raw)
        p, kind = ev.payload, ev.type
        if self.gs is None:
            self.gs = apply_event(None, raw, voided=self.voided)
            self.scenario_title = _scenario_title(self.gs)
            turn = self.gs.turn
        else:
            # an event belongs to the turn it happened in; a seed's reveal to the turn it rolled
            reveal = kind == EventType.SEED_REVEALED and p["seed_no"] in self.seeds
            turn = max(self.seeds[p["seed_no"]].turn if reveal else self.gs.turn, self.open_turn)
            if turn != self.open_turn:
                self._close_turn(self.open_turn)
            self.gs = apply_event(self.gs, raw, voided=self.voided)
        self.open_turn = turn
        gs, is_voided = self.gs, raw.seq in self.voided

        notice: Notice | None = None
        if is_voided:
            if kind == EventType.DICE_ROLLED:
                self.pending_voided.append(DiceLine(ev.seq, p["sides"], p["value"], p["purpose"]))
            elif kind != EventType.PHASE_RESOLVED:
                scratch: list[Notice] = []
                digest_note(ev, gs, [], scratch, [], [])
                notice = scratch[-1] if scratch else None
        else:
            before = len(self.notices)
            digest_note(ev, gs, self.stories, self.notices, self.revealed, self.pending)
            notice = self.notices[-1] if len(self.notices) > before else None

        row = EventRow(
            ev=raw,
            type=kind,
            turn=turn,
            summary=_summary(ev, gs, notice),
            json=_event_json(raw),
            voided_by=self.voided_by.get(raw.seq),
            notice=notice,
        )
        if kind in _CHANGES_BOARD and not is_voided:
            self.board_text = gs.ruleset.render_text(gs.state, None)
            row.board_changed = True
        row.board_text = self.board_text
        if is_voided:
            old_narrative, row.first_played_board = self.first_played.get(raw.seq, ([], ""))
            if kind == EventType.PHASE_RESOLVED:
                dice = tuple(self.pending_voided)
                row.story = ResolutionStory(ev.seq, p["turn"], p["phase"], tuple(old_narrative), dice)
                self.pending_voided.clear()
        elif kind == EventType.PHASE_RESOLVED:
            row.story = self.stories[-1]
            where = f"after event {ev.seq} (turn {p['turn']}, {p['phase']})"
            row.board_svg = self._picture(f"board-event-{ev.seq}.svg", where)
        self._track(row, ev, is_voided)
        self.rows.append(row)
        self.turns.setdefault(turn, TurnPage(turn)).rows.append(row)

    def _track(self, row: EventRow, ev: Event, is_voided: bool) -> None:
        """Seeds and their turns; orders on file and what became of them."""
        p, kind = ev.payload, ev.type
        if kind == EventType.SEED_COMMITTED:
            self.seeds[p["seed_no"]] = SeedRow(p["seed_no"], row.turn, p["commitment"], ev.seq)
        elif kind == EventType.SEED_REVEALED and p["seed_no"] in self.seeds:
            self.seeds[p["seed_no"]].seed = p["seed"]
            self.seeds[p["seed_no"]].revealed_seq = ev.seq
        elif kind == EventType.ORDERS_SUBMITTED:
            row.canonical = p["canonical"]
            row.status = "voided" if is_voided else "on file"
            if not is_voided:
                replaced = self.on_file.get((p["side"], p["key"]))
                if replaced is not None:
                    replaced.status, replaced.status_seq = "replaced by event", ev.seq
                self.on_file[(p["side"], p["key"])] = row
        elif kind == EventType.ORDERS_WITHDRAWN and not is_voided:
            withdrawn = self.on_file.pop((p["side"], p["key"]), None)
            if withdrawn is not None:
                withdrawn.status, withdrawn.status_seq = "withdrawn at event", ev.seq
        elif kind == EventType.PHASE_RESOLVED and not is_voided:
            for filed in self.on_file.values():
                filed.status, filed.status_seq = "resolved in event", ev.seq
            self.on_file.clear()

    def _seal_rows(self) -> None:
        """Hide the text, hash and payload of sealed orders whose request is still open (campaign.sealed)."""
        gs = self._state
        for row in self.rows:
            p = row.ev.payload
            if row.type != EventType.ORDERS_SUBMITTED or input_visible(gs.ruleset, gs.state, p["side"], p["key"], None):
                continue
            row.sealed = True
            row.canonical = SEALED_TEXT
            row.summary = f"{p['side']} ({p['player']}) filed sealed orders for {p['key']}: {SEALED_TEXT}"
            data = row.ev.as_json()
            data["payload"] = {k: (SEALED_TEXT if k in _SEALED_FIELDS else v) for k, v in sorted(p.items())}
            row.json = json.dumps(data, indent=2, ensure_ascii=False)

    def _close_turn(self, t: int) -> None:
        """The board at the end of turn `t` (or so far, for a running game's current turn)."""
        gs, page = self._state, self.turns[t]
        page.board_text = gs.ruleset.render_text(gs.state, None)
        finished = gs.turn > t or gs.ended is not None
        page.board_svg = self._picture(f"board-turn-{t}.svg", f"end of turn {t}" if finished else f"turn {t} so far")

    def _sheets(self, page: TurnPage) -> None:
        """The order sheet of each side asked for orders now, beside the turn's page, when that side's
        view shows nothing the public board hides (an archive is read by every player)."""
        from email.utils import parseaddr

        from campaign.mailflow import DEFAULT_SENDER
        from campaign.sheet import sheet_filename, sheet_for

        gs = self._state
        address = parseaddr(os.environ.get("CAMPAIGN_FROM") or DEFAULT_SENDER)[1]
        public = gs.ruleset.render_text(gs.state, None)
        for side in sorted({r.side for r in self.camp.awaiting(gs) if r.kind.value == "orders" and not r.optional}):
            if side in gs.sides and gs.ruleset.render_text(gs.state, side) == public:
                name = sheet_filename(gs, side)
                self.out.text(f"{self.folder}/{name}", sheet_for(gs, gs.sides[side], side, address))
                page.sheets.append((side, name))

    def _picture(self, name: str, when: str) -> str | None:
        """Write the ruleset's picture of the board now as SVG; its file name, or None if it draws none."""
        gs = self._state
        pic = gs.ruleset.picture(gs.state, None, title=f"Game {self.number}: {self.scenario_title}, {when}")
        if pic is None:
            own = gs.ruleset.picture_svg(gs.state, None, f"Game {self.number}: {self.scenario_title}, {when}")
            if own is not None:  # a ruleset that draws itself (the campaign map)
                self.out.text(f"{self.folder}/{name}", own)
                return name
            return None
        from campaign.render import render_svg

        self.out.text(f"{self.folder}/{name}", render_svg(pic))
        return name

    def _count_dice(self) -> None:
        """Per seed: how many dice rolled on it and how many re-derive from it (the audit's check)."""
        for audit in audit_dice(self.camp.store, self.stream):
            seed = self.seeds.get(audit.seed_no if audit.seed_no is not None else -1)
            if seed is not None:
                seed.rolls += 1
                seed.derived_ok += audit.status is DiceStatus.OK
        for s in sorted(self.seeds.values(), key=lambda s: s.seed_no):
            if s.turn in self.turns:
                self.turns[s.turn].seeds.append(s)

    def _fixes(self) -> list[Correction]:
        """Each correction with both timelines: what it voided, and what replaced it up to the next one."""
        by_seq = {r.seq: r for r in self.rows}
        fixes: list[Correction] = []
        for i, fix in enumerate(self.corrections):
            named = set(fix.payload["named"])
            cut = [by_seq[s] for s in sorted(fix.payload["seqs"]) if s in by_seq]
            turns = {r.turn for r in cut}
            until = self.corrections[i + 1].seq if i + 1 < len(self.corrections) else None
            after = [
                r
                for r in self.rows
                if fix.seq < r.seq
                and (until is None or r.seq < until)
                and r.turn in turns
                and r.type != EventType.EVENTS_VOIDED
            ]
            fixes.append(
                Correction(
                    row=by_seq[fix.seq],
                    reason=fix.payload["reason"],
                    named=[r for r in cut if r.seq in named],
                    followed=[r for r in cut if r.seq not in named],
                    after=after,
                )
            )
        return fixes

    def _site(self) -> GameSite:
        gs = self._state
        rs = gs.ruleset
        if gs.ended is not None:
            status = f"over: {gs.ended.get('reason', 'ended')}"
        else:
            waiting = ", ".join(sorted({r.side for r in rs.pending(gs.state) if not r.optional})) or "nobody"
            status = f"in progress: turn {gs.turn}, {rs.phase(gs.state)}; waiting for {waiting}"
        return GameSite(
            number=self.number,
            stream=self.stream,
            ruleset=rs.name,
            ruleset_title=rs.title or rs.name,
            scenario=gs.scenario,
            scenario_title=self.scenario_title,
            sides=dict(sorted(gs.sides.items())),
            dice_mode=gs.dice_mode.value,
            status=status,
            ended=gs.ended,
            rows=self.rows,
            turns=[self.turns[t] for t in sorted(self.turns)],
            seeds=sorted(self.seeds.values(), key=lambda s: s.seed_no),
            corrections=self._fixes(),
        )


def _scenario_title(gs: GameState) -> str:
    return next((s.title for s in gs.ruleset.scenarios() if s.name == gs.scenario), gs.scenario)


# --- pages -----------------------------------------------------------------------------------


def _pages_of_game(game: GameSite, common: dict[str, Any], out: _Writer, tick: Any) -> None:
    ctx = {**common, "root": "../", "game": game}
    out.text(f"{game.folder}/index.html", render("site/game.html.j2", **ctx))
    for i, turn in enumerate(game.turns):
        prev_turn = game.turns[i - 1] if i > 0 else None
        next_turn = game.turns[i + 1] if i + 1 < len(game.turns) else None
        out.text(
            f"{game.folder}/{turn.href}",
            render("site/turn.html.j2", **ctx, turn=turn, prev_turn=prev_turn, next_turn=next_turn),
        )
    rows = game.rows
    for i, row in enumerate(rows):
        prev_row = rows[i - 1] if i > 0 else None
        next_row = rows[i + 1] if i + 1 < len(rows) else None
        out.text(
            f"{game.folder}/{row.href}",
            render("site/event.html.j2", **ctx, row=row, prev_row=prev_row, next_row=next_row, position=i + 1),
        )
        tick(1)


@contextmanager
def _progress(total: int, enabled: bool) -> Iterator[Any]:
    if not enabled:
        yield lambda n: None
        return
    import click

    with click.progressbar(length=total, label="Writing the site", file=sys.stderr) as bar:
        yield bar.update


def _selected(camp: Campaign, games: Iterable[str | int] | None) -> list[str]:
    existing = camp.games()
    if games is None:
        return existing
    chosen: set[str] = set()
    for ref in games:
        try:
            stream = parse_game_ref(ref)
        except ValueError as exc:
            raise UserError(str(exc)) from None
        if stream not in existing:
            raise UserError(f"there is no game {stream.split(':')[1]} in this campaign")
        chosen.add(stream)
    return [s for s in existing if s in chosen]


def write_site(
    camp: Campaign, outdir: str | Path, games: Iterable[str | int] | None = None, progress: bool = False
) -> SiteReport:
    """Write the static archive of `games` (None: every game) into `outdir`; say what was written.

    Files already in `outdir` are overwritten, never deleted. With a selection of games, the
    index lists only those. `progress` draws a progress bar on stderr.
    """
    streams = _selected(camp, games)
    created = next(camp.store.read_type(CAMPAIGN_STREAM, EventType.CAMPAIGN_CREATED.value), None)
    if created is None:
        raise UserError("the campaign is not initialised: run `campaign init` first")
    root = Path(outdir)
    if root.exists() and not root.is_dir():
        raise UserError(f"{root} is a file; give a folder for the site (it is created if missing)")
    out = _Writer(root)
    head_seq, head_hash = camp.store.head()
    common: dict[str, Any] = {"campaign_name": created.payload["name"], "head_seq": head_seq, "head": head_hash}
    total = 2 * sum(camp.store.version(s) for s in streams)
    built: list[GameSite] = []
    with _progress(total, progress) as tick:
        for stream in streams:
            game = _GameWalk(camp, stream, out).run(tick)
            _pages_of_game(game, common, out, tick)
            game.release()
            built.append(game)
    players = []
    for name in sorted(camp.players()):
        plays = [(g, side) for g in built for side, who in g.sides.items() if who == name]
        players.append({"name": name, "plays": plays})
    from campaign.strategic.site import write_campaign_pages  # map campaigns' own pages (docs/campaigns.md)

    campaigns = write_campaign_pages(camp, root, common)
    out.text("index.html", render("site/index.html.j2", **common, root="", games=built, players=players,
                                  campaigns=campaigns))
    for name in STATIC_FILES:
        out.bytes(name, (templates_dir() / "site" / name).read_bytes())
    index = (root / "index.html").resolve()
    return SiteReport(
        outdir=root.resolve(),
        index=index,
        pages=out.pages,
        files=out.files,
        games=tuple(g.number for g in built),
    )
