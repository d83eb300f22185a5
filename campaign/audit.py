"""Audit a campaign: the hash chain, a fresh replay of every game, and every revealed die."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import click

from campaign.events import parse_game_ref
from campaign.replay import ReplayError, state_at
from campaign.service import Campaign, audit_dice


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


def verify_campaign(camp: Campaign, game: str | None = None, *, progress: bool = False) -> AuditReport:
    """Check the chain; replay the game (or every game) without snapshots; re-derive dice."""
    report = AuditReport()
    count, head, problem = camp.store.verify()
    if problem is not None:
        report.fail(f"hash chain broken at {problem}")
        return report
    report.lines.append(f"ok   hash chain: {count} events, head {head}")
    streams = [parse_game_ref(game)] if game else camp.games()
    if game and camp.store.version(streams[0]) == 0:
        report.fail(f"there is no game {streams[0].split(':')[1]}")
        return report
    with click.progressbar(streams, label="replaying games", file=None if progress else _Null(), show_pos=True) as bar:
        for stream in bar:
            info: dict[str, Any] = {}
            report.games[stream] = info
            rows = audit_dice(camp.store, stream)
            bad = [r for r in rows if r["status"].startswith("BAD")]
            unrevealed = sum(r["status"] == "unrevealed" for r in rows)
            info["dice"] = {"total": len(rows), "bad": len(bad), "unrevealed": unrevealed}
            if bad:
                report.fail(f"{stream}: die at event seq {bad[0]['seq']} does not re-derive ({bad[0]['status']})")
            try:
                gs = state_at(camp.store, stream, use_snapshots=False, check=True)
            except ReplayError as exc:
                info["replay"] = str(exc)
                report.fail(f"{stream}: replay failed: {exc}")
                continue
            info["replay"] = "ok"
            info["events"] = gs.version
            if not bad:
                report.lines.append(
                    f"ok   {stream}: replayed {gs.version} events; {len(rows)} dice re-derived"
                    f" ({unrevealed} awaiting their seed's reveal)"
                )
    return report


class _Null:
    """A file that swallows the progress bar when output is JSON."""

    def write(self, _: str) -> int:
        return 0

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False
