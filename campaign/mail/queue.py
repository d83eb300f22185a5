"""What the outbox holds (`campaign mail queue`: each mail queued, in flight or failed, and why) and what a run
queued into it (`campaign mail digests`)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from email import policy
from email.parser import BytesHeaderParser
from enum import StrEnum
from pathlib import Path
from typing import Any

from campaign.mail.outbox import envelope_of


class QueueState(StrEnum):
    """Where a mail of the outbox is."""

    QUEUED = "queued"
    SENDING = "sending"
    """Handed to the server; may have been delivered."""
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """One mail in the outbox, for `campaign mail queue`."""

    state: QueueState
    file: str
    message_id: str
    to: tuple[str, ...]
    subject: str
    reason: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "state": self.state.value,
            "file": self.file,
            "message_id": self.message_id,
            "to": list(self.to),
            "subject": self.subject,
            "reason": self.reason,
        }

    def text(self) -> str:
        why = f"\n    {self.reason}" if self.reason else ""
        return f"{self.state:8} {self.message_id} to {', '.join(self.to)}: {self.subject}{why}"


@dataclass(frozen=True, slots=True)
class OutboxQueue:
    """`campaign mail queue`: every mail of the outbox, and how many are in each state."""

    entries: tuple[QueueEntry, ...]

    def as_json(self) -> list[dict[str, Any]]:
        return [e.as_json() for e in self.entries]

    def text(self) -> str:
        return "\n".join(e.text() for e in self.entries)

    def counts(self) -> str:
        return ", ".join(f"{sum(1 for e in self.entries if e.state == s)} {s.value}" for s in QueueState)


def outbox_listing(outbox: Path) -> list[QueueEntry]:
    """Every mail queued, in flight or failed, with the server's answer for the failed ones."""
    entries: list[QueueEntry] = []
    folders = (
        (QueueState.QUEUED, outbox / "new"),
        (QueueState.SENDING, outbox / "sending"),
        (QueueState.FAILED, outbox / "failed"),
    )
    for state, folder in folders:
        if not folder.is_dir():
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".reason") or name.startswith("."):
                continue
            raw = (folder / name).read_bytes()
            headers = BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
            reason_file = folder / f"{name}.reason"
            reason = reason_file.read_text(encoding="utf-8").strip() if reason_file.exists() else ""
            env = envelope_of(raw)
            subject = " ".join(str(headers.get("Subject", "")).split())
            entries.append(QueueEntry(state, name, env.message_id, env.recipients, subject, reason))
    return entries



@dataclass(frozen=True, slots=True)
class DigestsQueued:
    """`mail digests`: the Message-IDs of the digests queued, and the outbox they wait in."""

    queued: tuple[str, ...]
    outbox: str

    def as_json(self) -> dict[str, Any]:
        return {"queued": list(self.queued), "outbox": self.outbox}

    def text(self) -> str:
        return f"queued {len(self.queued)} digest(s) in {self.outbox}"


__all__ = ["DigestsQueued", "OutboxQueue", "QueueEntry", "QueueState", "outbox_listing"]
