"""`campaign audit verify` names the first bad event after every kind of tampering."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign.cli import main
from campaign.service import Campaign
from tests.helpers import drop_triggers, play_race, raw


def _verify(runner: CliRunner, db: Path) -> tuple[int, str]:
    result = runner.invoke(main, ["--db", str(db), "audit", "verify"])
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes is not None else "")


@pytest.fixture
def played(camp: Campaign, db_path: Path) -> Path:
    play_race(camp)
    camp.store.close()
    return db_path


def test_audit_verify_passes_on_an_intact_log(played: Path, runner: CliRunner) -> None:
    code, out = _verify(runner, played)
    assert code == 0, out
    assert "ok   hash chain" in out and "ok   game:1: replayed" in out


def test_one_byte_of_a_payload_changed_is_found(played: Path, runner: CliRunner) -> None:
    conn = raw(played)
    drop_triggers(conn)
    seq, payload = conn.execute(
        "SELECT seq, payload FROM events WHERE type = 'OrdersSubmitted' AND payload LIKE '%advance 2%'"
        " ORDER BY seq LIMIT 1 OFFSET 3"
    ).fetchone()
    changed = payload.replace("advance 2", "advance 3", 1)
    assert changed != payload and len(changed) == len(payload)
    conn.execute("UPDATE events SET payload = ? WHERE seq = ?", (changed, seq))
    code, out = _verify(runner, played)
    assert code == 1
    assert f"seq {seq}:" in out and "altered" in out


def test_one_event_deleted_is_found(played: Path, runner: CliRunner) -> None:
    conn = raw(played)
    drop_triggers(conn)
    conn.execute("DELETE FROM events WHERE seq = 12")
    code, out = _verify(runner, played)
    assert code == 1 and "seq 13:" in out and "expected seq 12" in out


def test_one_event_inserted_is_found(played: Path, runner: CliRunner) -> None:
    conn = raw(played)
    drop_triggers(conn)
    rows = conn.execute("SELECT * FROM events WHERE seq >= 10 ORDER BY seq DESC").fetchall()
    for row in rows:  # make room at seq 10, as a forger must
        conn.execute("DELETE FROM events WHERE seq = ?", (row[0],))
    prev_hash = conn.execute("SELECT hash FROM events WHERE seq = 9").fetchone()[0]
    from campaign.eventlog import event_hash

    forged = {
        "seq": 10,
        "stream": "game:1",
        "version": 999,
        "type": "DiceEntered",
        "actor": "mallory",
        "at": "2026-01-01T00:00:00Z",
        "payload": {"values": [6]},
        "schema": 1,
        "engine": "",
        "prev_hash": prev_hash,
    }
    conn.execute(
        "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        (
            10,
            "game:1",
            999,
            "DiceEntered",
            "mallory",
            forged["at"],
            json.dumps({"values": [6]}),
            1,
            "",
            prev_hash,
            event_hash(forged),
        ),
    )
    for row in reversed(rows):
        conn.execute("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)", (row[0] + 1, *row[1:]))
    code, out = _verify(runner, played)
    assert code == 1
    # the forged event itself is well chained; its stream version gives it away first, or the next link
    assert "seq 10:" in out or "seq 11:" in out


def test_two_events_swapped_are_found(played: Path, runner: CliRunner) -> None:
    conn = raw(played)
    drop_triggers(conn)
    a = conn.execute("SELECT * FROM events WHERE seq = 20").fetchone()
    b = conn.execute("SELECT * FROM events WHERE seq = 21").fetchone()
    conn.execute("DELETE FROM events WHERE seq IN (20, 21)")
    conn.execute("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)", (20, *b[1:]))
    conn.execute("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)", (21, *a[1:]))
    code, out = _verify(runner, played)
    assert code == 1 and "seq 20:" in out


def test_a_changed_die_with_a_recomputed_chain_still_fails_the_replay_or_dice_check(
    played: Path, runner: CliRunner
) -> None:
    """A forger who re-hashes the whole chain still cannot make the dice re-derive."""
    from campaign.eventlog import event_hash

    conn = raw(played)
    drop_triggers(conn)
    rows = conn.execute("SELECT * FROM events ORDER BY seq").fetchall()
    target = next(r for r in rows if r[3] == "DiceRolled")
    prev = "0" * 64
    conn.execute("DELETE FROM events")
    for r in rows:
        payload = json.loads(r[6])
        if r[0] == target[0]:
            payload["value"] = payload["value"] % 6 + 1
        rec = dict(zip(["seq", "stream", "version", "type", "actor", "at", "payload", "schema", "engine"], r[:9]))
        rec["payload"], rec["prev_hash"] = payload, prev
        h = event_hash(rec)
        from campaign import canonical

        conn.execute(
            "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)", (*r[:6], canonical.dumps(payload), *r[7:9], prev, h)
        )
        prev = h
    code, out = _verify(runner, played)
    assert code == 1
    assert f"seq {target[0]}" in out
