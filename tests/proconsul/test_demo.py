"""`campaign demo --ruleset proconsul`: a whole battle by mail, sealed declarations kept out of every digest
until both are in [PC.PBEM.3] [PC.PBEM.8] [PC.SEQ.2].

The demo mails one side's orders at a time: whatever a player is mailed while a declaration window
is open must show the other side's declaration only as "sealed" or "awaited", and the other side's
declaration text never.
"""

from __future__ import annotations

import email
import re
from pathlib import Path

import pytest

from campaign.demo import check_summary, run_demo

GROUPS = {"romans": {"left", "centre", "right"}, "gauls": {"gleft", "gcentre", "gright"}}


def _bodies(box: Path) -> list[str]:
    out = []
    for path in sorted(p for p in box.rglob("*") if p.is_file()):
        msg = email.message_from_bytes(path.read_bytes())
        parts = [p.get_payload(decode=True) for p in msg.walk() if p.get_content_type() == "text/plain"]
        out.append("\n".join(p.decode("utf-8", "replace") for p in parts if isinstance(p, bytes)))
    return out


@pytest.mark.slow
def test_PC_PBEM_3_demo_battle_by_mail_with_sealed_declarations(tmp_path: Path) -> None:
    """[PC.PBEM.3] [PC.PBEM.8] [PC.SEQ.2]: the demo plays to a result with a clean audit; in every digest a player gets,
    the other side's declaration shows only as "sealed" or "awaited", and the other side's declaration text never."""
    summary = run_demo(tmp_path / "d", 1, ruleset="proconsul", scenario="open-field-round-2")
    assert check_summary(summary) == [] and summary.reason
    windows = revealed = 0
    for player, side, other in (("alice", "romans", "gauls"), ("bob", "gauls", "romans")):
        for body in _bodies(summary.out / "mailboxes" / player):
            for line in body.splitlines():
                m = re.search(rf"sealed declarations: .*\b{other} (\w+)", line)
                if m:
                    assert m[1] in ("sealed", "awaited"), line
                    windows += 1
                revealed += "declarations revealed: romans declares" in line
                echo = re.match(r"\s*declare (\w+)\s*$", line)
                assert echo is None or echo[1] in GROUPS[side], f"{player} was shown {line!r}"
    assert windows and revealed, "no digest told of a declaration window and of its reveal"
