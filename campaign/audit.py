"""Audit a campaign: the hash chain, a fresh replay of every game, and every revealed die."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import click

from campaign.events import parse_game_ref
from campaign.replay import ReplayError, expected_ending, state_at
from campaign.service import Campaign, audit_dice_problems


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
    unrevealed = sum(r["status"] == "unrevealed" for r in rows)
    old = sum(r["status"].endswith("(old binding)") for r in rows)
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
    if not problems:
        note = f"; {old} use the old binding (imported from an older version)" if old else ""
        report.lines.append(
            f"ok   {stream}: replayed {gs.version} events, every derived fact matches; {len(rows)} dice checked"
            f" ({unrevealed} awaiting their seed's reveal{note})"
        )


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


def write_bundle(camp: Campaign, game: str, out: str) -> dict[str, Any]:
    """Write an offline audit bundle: the SQLite file, an export, the revealed seeds, a verifier, a README."""
    import io
    import json
    import sqlite3
    import tempfile
    import zipfile
    from pathlib import Path

    from campaign.eventlog import SqliteStore
    from campaign.transfer import export_lines

    stream = parse_game_ref(game)
    if camp.store.version(stream) == 0:
        raise ValueError(f"there is no game {stream.split(':')[1]}")
    if not isinstance(camp.store, SqliteStore):
        raise ValueError("an audit bundle needs a campaign file")
    gs = state_at(camp.store, stream)
    seeds = [{"seed_no": no, "commitment": c, "seed": gs.revealed.get(no)} for no, c in sorted(gs.commitments.items())]
    head = camp.store.head()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "campaign.db"
        dst = sqlite3.connect(copy)
        camp.store.conn.backup(dst)
        dst.execute("DELETE FROM secrets")  # unrevealed seeds never leave the server
        dst.commit()
        dst.execute("VACUUM")
        dst.close()
        verifier = (Path(__file__).parent / "verify_dice.py").read_text(encoding="utf-8")
        readme = _BUNDLE_README.format(game=stream, number=stream.split(":")[1], count=head[0], head=head[1])
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for name, data in (
                ("README.txt", readme),
                ("seeds.json", json.dumps(seeds, indent=2) + "\n"),
                ("events.jsonl", "\n".join(export_lines(camp.store)) + "\n"),
                ("verify_dice.py", verifier),
            ):
                info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, data)
            info = zipfile.ZipInfo("campaign.db", date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, io.BytesIO(copy.read_bytes()).getvalue())
    return {"game": stream, "events": head[0], "head": head[1], "seeds": len(seeds), "revealed": len(gs.revealed)}


_BUNDLE_README = """Audit bundle for {game} ({count} events in the campaign; chain head {head})

What is here
  campaign.db     the campaign's event log (SQLite), without unrevealed dice seeds
  events.jsonl    the same log as JSON Lines (`campaign export`)
  seeds.json      every dice seed commitment of the game, and each seed once revealed
  verify_dice.py  a 30-line script that re-derives every revealed die (standard library only)

Check it yourself
  1. Compare the chain head above with the one in your latest digest or receipt: an honest
     log still contains every head it ever showed you.
  2. Re-derive the dice with nothing but Python:
         python3 verify_dice.py < events.jsonl
  3. With campaign installed (pip install campaign), check the hash chain and replay every
     game through the rules engine:
         campaign --db campaign.db audit verify {number}
         campaign --db campaign.db audit dice {number}
"""
