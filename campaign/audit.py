"""Audit a campaign: the hash chain, a fresh replay of every game, and every revealed die."""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from campaign.eventlog import Event, EventStore
from campaign.events import parse_game_ref
from campaign.replay import ReplayError, expected_ending, state_at
from campaign.ruleset import find

if TYPE_CHECKING:
    from campaign.service import Campaign

BUNDLE_FORMAT = 2


class DiceStatus(enum.Enum):
    """What the dice check says of one die (the `status` of campaign/verify_dice.py's rows)."""

    OK = "ok"
    OLD_BINDING = "ok (old binding)"
    MANUAL = "manual"
    UNREVEALED = "unrevealed"
    PENDING = "pending"
    BAD = "BAD"


@dataclass(frozen=True, slots=True)
class DiceRow:
    """One die of a game as the audit sees it: where it was logged, what it showed, whether it re-derives."""

    stream: str
    seq: int
    sides: int
    value: int
    purpose: str
    status: DiceStatus
    detail: str = ""
    """Why a BAD die is bad (`derives 4`, ...); empty otherwise."""
    seed_no: int | None = None
    """The seed it rolled on (fair dice only)."""

    @classmethod
    def from_json(cls, row: dict[str, Any]) -> DiceRow:
        """Read a row of campaign/verify_dice.py (plain data: that checker ships on its own)."""
        text = str(row.get("status", DiceStatus.PENDING.value))
        status, detail = (DiceStatus.BAD, text[5:]) if text.startswith("BAD: ") else (DiceStatus(text), "")
        seed = row.get("seed_no")
        return cls(row["stream"], row["seq"], row["sides"], row["value"], row["purpose"], status, detail, seed)

    @property
    def status_text(self) -> str:
        """The status as the stand-alone checker writes it (`ok`, `BAD: derives 4`, ...)."""
        return f"BAD: {self.detail}" if self.status is DiceStatus.BAD else self.status.value

    @property
    def re_derived(self) -> bool:
        return self.status in (DiceStatus.OK, DiceStatus.OLD_BINDING)

    def as_json(self) -> dict[str, Any]:
        """The same object, key for key, as the stand-alone checker's row."""
        out: dict[str, Any] = {
            "stream": self.stream,
            "seq": self.seq,
            "sides": self.sides,
            "value": self.value,
            "purpose": self.purpose,
        }
        if self.seed_no is not None:
            out["seed_no"] = self.seed_no
        out["status"] = self.status_text
        return out


@dataclass(frozen=True, slots=True)
class DiceAudit:
    """`campaign audit dice`: every die of one game, and the dice rules it breaks."""

    rows: tuple[DiceRow, ...]
    problems: tuple[str, ...]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for row in self.rows:
            out[row.status.value] = out.get(row.status.value, 0) + 1
        return out

    def as_json(self) -> dict[str, Any]:
        return {"dice": [r.as_json() for r in self.rows], "problems": list(self.problems)}

    def lines(self) -> list[str]:
        out = [f"{r.seq:>6}  d{r.sides:<3} {r.value:>3}  {r.status_text:11} {r.purpose}" for r in self.rows]
        out.append("; ".join(f"{k}: {v}" for k, v in sorted(self.counts().items())) or "no dice rolled yet")
        return out + [f"FAIL {problem}" for problem in self.problems]


def audit_dice(store: EventStore, stream: str) -> list[DiceRow]:
    """Every die of a game: re-derived from its revealed seed and its resolution's inputs; one row each.

    The rules are those of campaign/verify_dice.py (the standard-library checker players run);
    `audit_dice_problems` gives the broken rules themselves.
    """
    return audit_dice_problems(store, stream)[0]


def audit_dice_problems(store: EventStore, stream: str) -> tuple[list[DiceRow], list[str]]:
    """(rows, problems) of the dice check of one game stream."""
    from campaign import verify_dice

    rows, problems = verify_dice.check_dice(ev.as_json() for ev in store.read(stream=stream))
    return [DiceRow.from_json(r) for r in rows], problems


def dice_audit(store: EventStore, stream: str) -> DiceAudit:
    """The dice check of one game stream as one result."""
    rows, problems = audit_dice_problems(store, stream)
    return DiceAudit(tuple(rows), tuple(problems))


@dataclass
class AuditReport:
    """What `campaign audit verify` found, in order; `first_problem` names the first bad event."""

    ok: bool = True
    lines: list[str] = field(default_factory=list)
    first_problem: str | None = None
    games: dict[str, dict[str, Any]] = field(default_factory=dict)

    def fail(self, problem: str) -> None:
        self.lines.append(f"FAIL {problem}")
        if self.ok:
            self.first_problem = problem
        self.ok = False

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "first_problem": self.first_problem, "lines": self.lines, "games": self.games}


def verify_campaign(
    camp: Campaign, game: str | None = None, *, progress: bool = False, receipts: Sequence[str] = ()
) -> AuditReport:
    """Check the chain and the players' receipts; per game, the dice rules, then a cold replay
    comparing every fact the engine derived with what the log holds."""
    report = AuditReport()
    count, head, problem = camp.store.verify()
    if problem is not None:
        report.fail(f"hash chain broken at {problem}")
        return report
    report.lines.append(f"ok   hash chain: {count} events, head {head}")
    _check_receipts(camp, receipts, report)
    streams = [parse_game_ref(game)] if game else camp.games()
    if game and camp.store.version(streams[0]) == 0:
        report.fail(f"there is no game {streams[0].split(':')[1]}")
        return report
    sink: Any = None if progress else _Null()
    with click.progressbar(streams, label="replaying games", file=sink, show_pos=True) as bar:
        for stream in bar:
            _verify_game(camp, stream, report)
    return report


def _check_receipts(camp: Campaign, receipts: Sequence[str], report: AuditReport) -> None:
    """Each receipt must be a chain head the log passed through; say at which seq."""
    if not receipts:
        return
    from campaign.eventlog import SqliteStore

    heads = {ev.hash: ev.seq for ev in camp.store.read()}
    if isinstance(camp.store, SqliteStore):
        heads.update({link.hash: link.seq for link in camp.store.links()})
    for receipt in receipts:
        seq = heads.get(receipt.strip().lower())
        if seq is None:
            report.fail(
                f"receipt {receipt} is not a chain head this log ever passed through:"
                " the log was rewritten or truncated after you received it"
            )
        else:
            report.lines.append(f"ok   receipt {receipt[:16]}...: the chain head after seq {seq}")


def _verify_game(camp: Campaign, stream: str, report: AuditReport) -> None:
    info: dict[str, Any] = {}
    report.games[stream] = info
    rows, problems = audit_dice_problems(camp.store, stream)
    unrevealed = sum(r.status is DiceStatus.UNREVEALED for r in rows)
    old = sum(r.status is DiceStatus.OLD_BINDING for r in rows)
    info["dice"] = {"total": len(rows), "bad": len(problems), "unrevealed": unrevealed, "old_binding": old}
    for problem in problems:
        report.fail(problem)
    try:
        gs = state_at(camp.store, stream, use_snapshots=False, check=True)
    except ReplayError as exc:
        info["replay"] = str(exc)
        report.fail(f"{stream}: replay failed: {exc}")
        return
    info["replay"] = "ok"
    info["events"] = gs.version
    if gs.ended is None and expected_ending(gs) is not None:
        report.fail(f"{stream} seq {gs.last_resolution_seq}: the rules say the game is over, but no GameEnded follows")
        return
    deadline_problems = deadline_facts(camp.store, stream)
    for problem in deadline_problems:
        report.fail(problem)
    if deadline_problems:
        return
    if not problems:
        note = f"; {old} use the old binding (imported from an older version)" if old else ""
        report.lines.append(
            f"ok   {stream}: replayed {gs.version} events, every derived fact matches; {len(rows)} dice checked"
            f" ({unrevealed} awaiting their seed's reveal{note})"
        )


def deadline_facts(store: EventStore, stream: str) -> list[str]:
    """Re-derive every deadline the log states (reminders, deadlines passed) from the schedule, the
    phase's opening, the referee's changes and the absences on file, and check the policy was not
    applied (nor a reminder sent) before its time: a host cannot move a deadline by editing it."""
    from campaign.deadlines import Absence, Schedule, deadline_for, format_time, parse_time
    from campaign.events import CAMPAIGN_STREAM, EventType
    from campaign.replay import apply_event, voided_seqs

    absences = [
        (ev.seq, Absence(ev.payload["player"], _date(ev.payload["from"]), _date(ev.payload["to"])))
        for ev in store.read_type(CAMPAIGN_STREAM, EventType.ABSENCE_DECLARED.value)
    ]
    voided = voided_seqs(store, stream)
    problems: list[str] = []
    gs = None
    for ev in store.read(stream=stream):
        kind = ev.type
        if gs is not None and ev.seq not in voided and kind in (EventType.DEADLINE_PASSED, EventType.REMINDER_SENT):
            if not gs.schedule:
                problems.append(f"{stream} seq {ev.seq}: a {kind} in a game without deadlines")
                break
            schedule = Schedule.from_json(gs.schedule)
            away = [a for seq, a in absences if seq < ev.seq]
            now = parse_time(ev.payload["now"])
            stated = ev.payload.get("deadlines") or {ev.payload["side"]: ev.payload["deadline"]}
            for side, text in sorted(stated.items()):
                due = deadline_for(
                    schedule, parse_time(gs.phase_opened_at), gs.sides[side], away, gs.deadline_extra_hours
                )
                if format_time(due) != text:
                    problems.append(
                        f"{stream} seq {ev.seq}: {kind} states {side}'s deadline as {text}; the schedule, the"
                        f" phase's opening and the absences on file give {format_time(due)}"
                    )
                early = (
                    due + _hours(schedule.grace_hours)
                    if kind == EventType.DEADLINE_PASSED
                    else due - _hours(schedule.reminder_hours)
                )
                if now < early:
                    problems.append(
                        f"{stream} seq {ev.seq}: {kind} for {side} at {format_time(now)}, before its time"
                        f" ({format_time(early)})"
                    )
            if problems:
                break
        gs = apply_event(gs, ev, check=False, voided=voided, light=True)
    return problems


def _date(text: str) -> Any:
    from datetime import date

    return date.fromisoformat(text)


def _hours(n: int) -> Any:
    from datetime import timedelta

    return timedelta(hours=n)


class _Null:
    """A file that swallows the progress bar when output is JSON."""

    def write(self, _: str) -> int:
        return 0

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class ShadowRow:
    """One resolution whose outcome under the current engine differs from what was recorded."""

    resolution_seq: int
    input_seq: int
    """The last input before the resolution (usually the orders that triggered it)."""
    turn: int
    phase: str
    board_differs: bool
    narrative_differs: bool
    narrative_now: list[str]
    note: str = ""


@dataclass(frozen=True, slots=True)
class ShadowReport:
    """`campaign audit shadow`: how many resolutions were replayed, and those that would differ."""

    checked: int
    rows: tuple[ShadowRow, ...]

    def as_json(self) -> dict[str, Any]:
        return {"checked": self.checked, "differences": [asdict(r) for r in self.rows]}

    def lines(self) -> list[str]:
        out: list[str] = []
        for r in self.rows:
            what = " and ".join(w for w, d in (("board", r.board_differs), ("narrative", r.narrative_differs)) if d)
            out.append(f"event {r.resolution_seq} (turn {r.turn}, {r.phase}; input {r.input_seq}): {what} would differ")
            out += [f"    {r.note}"] if r.note else []
            out += [f"    now: {line}" for line in r.narrative_now]
        return out + [f"{self.checked} resolutions replayed; {len(self.rows)} would differ"]


def shadow_report(camp: Campaign, game: str) -> ShadowReport:
    """`shadow_replay` as one result."""
    checked, rows = shadow_replay(camp, game)
    return ShadowReport(checked, tuple(rows))


def shadow_replay(camp: Campaign, game: str) -> tuple[int, list[ShadowRow]]:
    """Replay a game under the installed engine; list each resolution whose outcome would change.

    Returns (resolutions checked, differing rows). A replay that asks for different dice cannot go
    on past that point: it is reported once and the walk stops there.
    """
    from campaign.eventlog import upcast
    from campaign.events import EventType
    from campaign.replay import apply_event, checkpoint, narrative_hash

    stream = parse_game_ref(game)
    rows: list[ShadowRow] = []
    checked = 0
    gs = None
    last_input = 0
    for ev in camp.store.read(stream=stream):
        if ev.type == EventType.PHASE_RESOLVED and gs is not None:
            turn, phase = ev.payload["turn"], ev.payload["phase"]
            try:
                gs = apply_event(gs, ev, check=False)
            except ReplayError as exc:
                rows.append(ShadowRow(ev.seq, last_input, turn, phase, True, True, [], f"stopped: {exc}"))
                return checked, rows
            checked += 1
            rec = upcast(ev).payload
            board = checkpoint(gs.ruleset, gs.state) != rec["checkpoint"]
            told = narrative_hash(gs.last_narrative) != rec.get("narrative_hash")
            if board or told:
                rows.append(ShadowRow(ev.seq, last_input, turn, phase, board, told, list(gs.last_narrative)))
            continue
        gs = apply_event(gs, ev, check=False)
        if ev.type in {EventType.ORDERS_SUBMITTED, EventType.DICE_ENTERED, EventType.ORDERS_WITHDRAWN}:
            last_input = ev.seq
    return checked, rows


def bundle_lines(store: EventStore, stream: str) -> list[str]:
    """A per-game export: a header, the game's events in full, every other event as an opaque link.

    The links (seq, prev_hash, hash) keep the whole chain checkable, and every chain head a
    player was shown findable, without giving away other games' orders or any e-mail address.
    """
    from campaign import canonical
    from campaign.replay import engine_id

    created = next(store.read(stream=stream))
    rs_engine = engine_id(find(created.payload["ruleset"])) if _installed(created) else created.payload["engine"]
    seq, head = store.head()
    lines = [
        canonical.dumps(
            {"campaign_bundle": BUNDLE_FORMAT, "game": stream, "count": seq, "head": head, "engine": rs_engine}
        )
    ]
    for ev in store.read():
        if ev.stream == stream:
            lines.append(canonical.dumps(ev.as_json(), check=False))
        else:
            lines.append(canonical.dumps({"link": ev.seq, "prev_hash": ev.prev_hash, "hash": ev.hash}))
    return lines


def _installed(created: Event) -> bool:
    try:
        find(created.payload["ruleset"])
    except LookupError:
        return False
    return True


def _bundle_db(store: EventStore, stream: str, path: Path) -> None:
    """A campaign file holding only `stream`'s events and the links of the rest; no secrets, no cache."""
    from campaign.eventlog import Link, open_store

    events: list[Event] = []
    links: list[Link] = []
    for ev in store.read():
        if ev.stream == stream:
            events.append(ev)
        else:
            links.append(Link(ev.seq, ev.prev_hash, ev.hash))
    out = open_store(path, create=True)
    try:
        out.import_events(events)
        out.conn.execute("CREATE TABLE links (seq INTEGER PRIMARY KEY, prev_hash TEXT NOT NULL, hash TEXT NOT NULL)")
        out.conn.executemany("INSERT INTO links VALUES (?, ?, ?)", [(x.seq, x.prev_hash, x.hash) for x in links])
        out.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('bundle', ?)", (stream,))
        out.conn.execute("PRAGMA journal_mode = DELETE")  # one self-contained file that opens read-only
        out.conn.execute("VACUUM")
    finally:
        out.close()


@dataclass(frozen=True, slots=True)
class Bundle:
    """What `audit bundle` wrote: the file, the game, the chain it covers and the seeds revealed."""

    out: str
    game: str
    events: int
    head: str
    seeds: int
    revealed: int

    def as_json(self) -> dict[str, Any]:
        return {
            "out": self.out,
            "game": self.game,
            "events": self.events,
            "head": self.head,
            "seeds": self.seeds,
            "revealed": self.revealed,
        }


def write_bundle(camp: Campaign, game: str, out: str) -> Bundle:
    """Write a per-game offline audit bundle: that game's events (and the chain's links), a
    read-only campaign file of them, the standard-library verifier and a README."""
    import tempfile
    import zipfile

    from campaign import __version__

    stream = parse_game_ref(game)
    if camp.store.version(stream) == 0:
        raise ValueError(f"there is no game {stream.split(':')[1]}")
    gs = state_at(camp.store, stream)
    head = camp.store.head()
    lines = bundle_lines(camp.store, stream)
    engine = json.loads(lines[0])["engine"]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "campaign.db"
        _bundle_db(camp.store, stream, db)
        verifier = (Path(__file__).parent / "verify_dice.py").read_text(encoding="utf-8")
        readme = _BUNDLE_README.format(
            game=stream, number=stream.split(":")[1], count=head[0], head=head[1], engine=engine, version=__version__
        )
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for name, data in (
                ("README.txt", readme.encode("utf-8")),
                ("events.jsonl", ("\n".join(lines) + "\n").encode("utf-8")),
                ("verify_dice.py", verifier.encode("utf-8")),
                ("campaign.db", db.read_bytes()),
            ):
                info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, data)
    return Bundle(out, stream, head[0], head[1], len(gs.commitments), len(gs.revealed))


_BUNDLE_README = """Audit bundle for {game}: {count} events in the campaign's chain, head {head}

What is here
  events.jsonl    this game's events in full; every other event of the campaign as an opaque
                  link (seq, prev_hash, hash), so the whole chain and your receipts can be checked
                  without seeing other games. Seeds appear here once revealed (SeedRevealed).
  verify_dice.py  the checker: standard library only (Python 3.11 or later); read it, it is short
  campaign.db     the same events as a campaign file, for the rules engine (opened read-only)

1. Chain, dice and receipts, with nothing but Python
     python3 verify_dice.py events.jsonl --receipts my-digest.eml --receipt <hash> ...
   It checks every hash of the chain, every die against its seed's commitment and the inputs of
   its resolution (roll numbers, seed timing, every seed of a finished game revealed: see the
   rules in docs/dice.md), and that each receipt you kept (the "Chain head" line of your digests
   and replies) is a head this log passed through. Exit status 0 means all is well.

2. The boards, with the exact engine the game was played with: {engine}
   That is campaign {version}. Install that version (from PyPI, or from the wheel file your
   referee publishes: pip install campaign-{version}-py3-none-any.whl) in a fresh virtualenv,
   then run, without writing anything to campaign.db:
     campaign --db campaign.db audit verify {number} --receipts my-digest.eml
     campaign --db campaign.db show {number}
   `audit verify` replays the game from scratch and compares every fact the engine derived
   (boards, dice counts, the winner) with what the log holds.
"""
