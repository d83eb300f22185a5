"""`campaign demo`, the main job: a whole battle by mail, digests out, archive on disk, all auditable."""

from __future__ import annotations

import email
import hashlib
import sqlite3
from email import policy
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign.cli import main

pytestmark = pytest.mark.slow  # the whole demo battle and its archive; `pytest -m "not slow"` leaves it out


def tree_digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo") / "demo"
    res = CliRunner().invoke(main, ["demo", "--out", str(out), "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert "is over after" in res.stdout and "Winner:" in res.stdout and "index.html" in res.stdout
    return out


def test_the_demo_plays_to_a_broken_army_or_the_turn_limit_through_the_mail_path(demo_dir: Path) -> None:
    runner = CliRunner()
    status = runner.invoke(main, ["--db", str(demo_dir / "campaign.db"), "status", "1"])
    assert "game over:" in status.stdout
    log = runner.invoke(main, ["--db", str(demo_dir / "campaign.db"), "log", "1"]).stdout
    orders = [ln for ln in log.splitlines() if "OrdersSubmitted" in ln]
    assert orders and all(" alice " in ln or " bob " in ln for ln in orders)  # every order came by mail
    assert "PhaseResolved" in log and "DiceRolled" in log and "GameEnded" in log
    # the inbound Maildir was fully processed
    assert not list((demo_dir / "inbox" / "new").iterdir())
    assert len(list((demo_dir / "inbox" / "cur").iterdir())) == len(orders)


def test_each_player_received_replies_and_digests_with_the_board(demo_dir: Path) -> None:
    for player in ("alice", "bob"):
        mails = [
            email.message_from_bytes(p.read_bytes(), policy=policy.default)
            for p in sorted((demo_dir / "mailboxes" / player / "new").iterdir())
        ]
        digests = [m for m in mails if m["Subject"].startswith("[game ")]
        replies = [m for m in mails if m["In-Reply-To"]]
        assert digests and replies
        last = digests[-1]
        png = next(p for p in last.walk() if p.get_content_type() == "image/png")
        assert png.get_payload(decode=True)[:8] == b"\x89PNG\r\n\x1a\n"
        text = last.get_body(preferencelist=("plain",)).get_content()
        assert "GAME OVER" in text and "Chain head after event" in text


def test_audit_verify_passes_on_the_demo_and_names_the_event_after_any_byte_edit(
    demo_dir: Path, tmp_path: Path
) -> None:
    runner = CliRunner()
    db = demo_dir / "campaign.db"
    ok = runner.invoke(main, ["--db", str(db), "audit", "verify"])
    assert ok.exit_code == 0, ok.output
    copy = tmp_path / "edited.db"
    src = sqlite3.connect(db)
    dst = sqlite3.connect(copy)
    src.backup(dst)
    src.close()
    for (name,) in dst.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        dst.execute(f"DROP TRIGGER {name}")
    seq, payload = dst.execute(
        "SELECT seq, payload FROM events WHERE type = 'DiceRolled' ORDER BY seq LIMIT 1 OFFSET 5"
    ).fetchone()
    i = payload.index('"value":') + len('"value":')
    edited = payload[:i] + ("2" if payload[i] != "2" else "3") + payload[i + 1 :]
    dst.execute("UPDATE events SET payload = ? WHERE seq = ?", (edited, seq))
    dst.commit()
    dst.close()
    bad = runner.invoke(main, ["--db", str(copy), "audit", "verify"])
    assert bad.exit_code == 1 and f"seq {seq}" in bad.output + bad.stderr


def test_the_same_seed_gives_a_byte_identical_archive(demo_dir: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    res = CliRunner().invoke(main, ["demo", "--out", str(again), "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert tree_digest(again / "site") == tree_digest(demo_dir / "site")
    # and the mail each player got is the same too (Maildir file names aside)
    for player in ("alice", "bob"):
        a = sorted(p.read_bytes() for p in (demo_dir / "mailboxes" / player / "new").iterdir())
        b = sorted(p.read_bytes() for p in (again / "mailboxes" / player / "new").iterdir())
        assert a == b


def test_a_second_demo_in_the_same_place_needs_force(demo_dir: Path) -> None:
    res = CliRunner().invoke(main, ["demo", "--out", str(demo_dir), "--seed", "3"])
    assert res.exit_code == 1 and "--force" in res.stderr


def test_every_reply_and_digest_stays_in_the_servers_outbox(demo_dir: Path) -> None:
    sent = sorted((demo_dir / "outbox" / "cur").iterdir())
    assert sent and not list((demo_dir / "outbox" / "new").iterdir())  # delivered, nothing left queued
    subjects = [email.message_from_bytes(p.read_bytes(), policy=policy.default)["Subject"] for p in sent]
    assert sum(s.startswith("[game ") for s in subjects) >= 4  # digests to both players, several turns
    delivered = sum(len(list((demo_dir / "mailboxes" / who / "new").iterdir())) for who in ("alice", "bob"))
    assert delivered == len(sent)
