"""What players can rely on without trusting the host: dice that no host-chosen field can grind,
seeds committed before the orders they roll on, snapshots that cannot forge a board, read
commands that write nothing, receipts, a per-game bundle a player checks offline, and old exports."""

from __future__ import annotations

import hashlib
import json
import logging
import subprocess
import sys
import zipfile
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign import canonical
from campaign.cli import main
from campaign.dice import DiceMode
from campaign.eventlog import EventLogError, MemoryStore, NewEvent, open_store
from campaign.replay import checkpoint, state_at
from campaign.service import Campaign
from tests.conftest import ROOT
from tests.helpers import play_race, raw
from tests.test_tamper_host import fixed_seeds, verify

FIXTURE = ROOT / "tests" / "fixtures" / "export-main-a9e0235.jsonl"


def _camp(store: object = None) -> Campaign:
    camp = Campaign(store or MemoryStore(), seeds=fixed_seeds)  # type: ignore[arg-type]
    camp.init("t")
    camp.add_player("alice", "alice@example.org")
    camp.add_player("bob", "bob@example.org")
    return camp


def _dice_of_one_turn(monkeypatch: pytest.MonkeyPatch, now: str) -> list[int]:
    monkeypatch.setenv("CAMPAIGN_NOW", now)
    camp = _camp()
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    camp.submit_orders(1, "alice", "advance 2")
    camp.submit_orders(1, "bob", "advance 2")
    return [e.payload["value"] for e in camp.store.read(stream="game:1") if e.type == "DiceRolled"]


def test_grinding_through_the_acceptance_time_gives_one_dice_sequence(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same orders accepted at 12 different times, under one committed seed: the same dice."""
    sequences = {tuple(_dice_of_one_turn(monkeypatch, f"2026-03-01T10:00:{s:02d}Z")) for s in range(12)}
    assert len(sequences) == 1


def _dice_when(monkeypatch: pytest.MonkeyPatch, moves: list[tuple[str, str]]) -> list[int]:
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-03-01T10:00:00Z")
    camp = _camp()
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    for who, text in moves:
        if who == "clock":
            monkeypatch.setenv("CAMPAIGN_NOW", text)
            continue
        camp.submit_orders(1, who, text, resolve=False)
    camp.advance(1)
    return [e.payload["value"] for e in camp.store.read(stream="game:1") if e.type == "DiceRolled"]


def test_no_host_chosen_order_of_events_changes_the_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Who is accepted first, orders replaced by the same text, a press message or the clock in
    between: the same orders on file give the same dice."""
    base = _dice_when(monkeypatch, [("alice", "advance 2"), ("bob", "advance 1")])
    assert _dice_when(monkeypatch, [("bob", "advance 1"), ("alice", "advance 2")]) == base
    assert _dice_when(monkeypatch, [("alice", "advance 2"), ("alice", "advance 2"), ("bob", "advance 1")]) == base
    assert _dice_when(monkeypatch, [("alice", "advance 3"), ("alice", "advance 2"), ("bob", "advance 1")]) == base
    assert (
        _dice_when(monkeypatch, [("alice", "advance 2"), ("clock", "2027-01-01T00:00:00Z"), ("bob", "advance 1")])
        == base
    )


def test_dice_follow_what_the_players_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Different orders are different inputs: the binding really covers the orders on file."""
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-03-01T10:00:00Z")
    faces = set()
    for advance in (1, 2, 3):
        camp = _camp()
        camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
        camp.submit_orders(1, "alice", f"advance {advance}")
        camp.submit_orders(1, "bob", "advance 2")
        rolled = [e.payload for e in camp.store.read(stream="game:1") if e.type == "DiceRolled"]
        faces.add(tuple(d["inputs_hash"] for d in rolled))
    assert len(faces) == 3


def test_the_inputs_document_holds_orders_and_board_and_no_time() -> None:
    camp = _camp()
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    camp.submit_orders(1, "alice", "advance 2")
    before = camp.load(1)
    board = checkpoint(before.ruleset, camp.load(1).ruleset.apply_orders(
        before.ruleset.load(before.ruleset.dump(before.state)),
        before.ruleset.parse_orders(before.state, "red", "advance 1"),
    ))  # fmt: skip
    camp.submit_orders(1, "bob", "advance 1")
    resolved = next(e for e in camp.store.read(stream="game:1") if e.type == "PhaseResolved")
    doc = resolved.payload["inputs"]
    assert set(doc) == {"format", "game", "turn", "phase", "orders", "decisions", "checkpoint"}
    assert doc["checkpoint"] == board and doc["game"] == "game:1" and doc["decisions"] == []
    assert [o[:2] for o in doc["orders"]] == [["blue", "turn-1"], ["red", "turn-1"]]
    assert doc["orders"][1][2] == hashlib.sha256(b"advance 1").hexdigest()
    dice_hashes = {e.payload["inputs_hash"] for e in camp.store.read(stream="game:1") if e.type == "DiceRolled"}
    assert dice_hashes == {hashlib.sha256(canonical.dumps(doc).encode("utf-8")).hexdigest()}


def test_every_seed_is_committed_before_any_order_of_its_turn(camp: Campaign) -> None:
    play_race(camp)
    events = list(camp.store.read(stream="game:1"))
    commits = {e.payload["seed_no"]: e.seq for e in events if e.type == "SeedCommitted"}
    seed_in_use, checked = 0, 0
    for e in events:
        if e.type == "SeedCommitted":
            seed_in_use = e.payload["seed_no"]
        elif e.type == "PhaseResolved":
            for _side, _key, digest in e.payload["inputs"]["orders"]:
                filed = next(o for o in events if o.type == "OrdersSubmitted" and o.payload["orders_hash"] == digest
                             and o.seq < e.seq and o.seq > commits[seed_in_use])  # fmt: skip
                assert filed.seq > commits[seed_in_use]
                checked += 1
    assert checked > 4


def test_a_re_resolution_after_a_decision_re_derives_the_same_dice_and_says_so() -> None:
    camp = _camp()
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"ask_on_one": True, "turn_limit": 40})
    answered = False
    for _ in range(40):
        gs = camp.load(1)
        assert gs.ended is None
        open_ = [q for k, q in sorted(gs.asked.items()) if k not in gs.answers]
        if open_:
            request = next(e for e in camp.store.read(stream="game:1") if e.type == "DecisionRequested")
            camp.submit_orders(1, gs.sides[open_[0]["side"]], "reroll")
            answered = True
            continue
        if answered:
            break
        camp.submit_orders(1, "alice", "advance 1")
        camp.submit_orders(1, "bob", "advance 1")
    else:
        pytest.fail("no decision in 40 turns")
    resolved = next(e for e in camp.store.read(stream="game:1") if e.type == "PhaseResolved" and e.seq > request.seq)
    assert resolved.payload["resumed_from"] == request.seq
    assert resolved.payload["inputs"] == request.payload["inputs"]
    rolled = [
        e for e in camp.store.read(stream="game:1") if e.type == "DiceRolled" and request.seq < e.seq < resolved.seq
    ]
    assert rolled[0].payload["n"] == request.payload["next_n"] and 1 in [d.payload["value"] for d in rolled]
    assert all(d.payload["inputs_hash"] == request.payload["inputs_hash"] for d in rolled)


# --- snapshots and read-only commands -----------------------------------------------------------


@pytest.fixture
def finished(db_path: Path) -> Path:
    store = open_store(db_path, create=True)
    camp = _camp(store)
    play_race(camp)
    store.close()
    return db_path


def _poison(db: Path) -> str:
    """Rewrite the newest snapshot to show red far ahead, its digest recomputed; return the true winner."""
    conn = raw(db)
    seq, state = conn.execute("SELECT seq, state FROM snapshots ORDER BY seq DESC LIMIT 1").fetchone()
    data = json.loads(state)
    data["state"]["pos"]["red"] = 99
    data["state"]["result"] = {"winner": "red", "reason": "red reached 10"}
    text = canonical.dumps(data)
    conn.execute(
        "UPDATE snapshots SET state = ?, digest = ? WHERE seq = ?",
        (text, hashlib.sha256(text.encode("utf-8")).hexdigest(), seq),
    )
    conn.close()
    return str(state_at(open_store(db), "game:1", use_snapshots=False).ended["winner"])  # type: ignore[index]


def test_a_poisoned_snapshot_is_ignored_with_a_warning(finished: Path, caplog: pytest.LogCaptureFixture) -> None:
    winner = _poison(finished)
    store = open_store(finished, readonly=True)
    with caplog.at_level(logging.WARNING, logger="campaign.snapshots"):
        gs = state_at(store, "game:1")
    assert gs.state["pos"]["red"] < 99 and gs.ended is not None and gs.ended["winner"] == winner
    assert "ignored and rebuilt: its board or narrative is not the one the log's checkpoint records" in caplog.text


def test_show_and_status_report_the_true_board_over_a_poisoned_snapshot(finished: Path) -> None:
    winner = _poison(finished)
    runner = CliRunner()
    shown = runner.invoke(main, ["--db", str(finished), "show", "1", "--format", "json"])
    assert shown.exit_code == 0, shown.output
    assert '"red": 99' not in shown.output and "99" not in json.dumps(json.loads(shown.stdout).get("pos", {}))
    status = runner.invoke(main, ["--db", str(finished), "status", "1", "--json"])
    assert status.exit_code == 0 and json.loads(status.stdout)["ended"]["winner"] == winner


@pytest.mark.parametrize(
    ("column", "why"),
    [("digest", "its content does not match its digest"), ("chain_hash", "not bound to a resolution of this log")],
)
def test_a_snapshot_that_does_not_match_the_log_is_ignored(
    finished: Path, caplog: pytest.LogCaptureFixture, column: str, why: str
) -> None:
    conn = raw(finished)
    conn.execute(f"UPDATE snapshots SET {column} = ?", ("0" * 64,))
    conn.close()
    with caplog.at_level(logging.WARNING, logger="campaign.snapshots"):
        gs = state_at(open_store(finished, readonly=True), "game:1")
    assert why in caplog.text
    assert gs.state == state_at(open_store(finished, readonly=True), "game:1", use_snapshots=False).state


def test_read_commands_write_nothing(finished: Path) -> None:
    conn = raw(finished)
    conn.execute("DELETE FROM snapshots")
    conn.close()
    before = finished.read_bytes()
    runner = CliRunner()
    for args in (["show", "1"], ["status", "1"], ["log", "1"], ["audit", "verify"], ["audit", "dice", "1"]):
        res = runner.invoke(main, ["--db", str(finished), *args])
        assert res.exit_code == 0, (args, res.output)
    assert raw(finished).execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] == 0
    assert finished.read_bytes() == before


# --- receipts -----------------------------------------------------------------------------------


def test_receipts_from_a_saved_digest_mail(finished: Path, tmp_path: Path) -> None:
    head = raw(finished).execute("SELECT hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()[0]
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "referee@example.org", "alice@example.org", "Game 1 digest"
    msg.set_content(f"RECEIPT\n  Chain head after event 12: {head}\n  Keep this line.\n", cte="base64")
    mail = tmp_path / "digest.eml"
    mail.write_text(msg.as_string())
    code, out = verify(finished, "--receipts", str(mail))
    assert code == 0 and "ok   receipt" in out, out
    lines = tmp_path / "receipts.txt"
    lines.write_text(f"{head}\n{'e' * 64}\n")
    code, out = verify(finished, "--receipts", str(lines))
    assert code == 1 and f"receipt {'e' * 64} is not a chain head" in out


def test_a_receipt_that_is_not_a_hash_is_a_clear_error(finished: Path) -> None:
    code, out = verify(finished, "--receipt", "not-a-hash")
    assert code == 1 and "is not a chain head (64 hex digits)" in out and "Traceback" not in out


def test_the_digest_says_how_to_check_its_receipt() -> None:
    for name in ("digest.txt.j2", "digest.html.j2"):
        text = (ROOT / "templates" / name).read_text(encoding="utf-8")
        assert "audit verify" in text and "--receipt" in text


# --- the per-game bundle --------------------------------------------------------------------


@pytest.fixture
def two_games(db_path: Path) -> Path:
    store = open_store(db_path, create=True)
    camp = _camp(store)
    play_race(camp)
    camp.new_game("toy-race", "sprint", {"blue": "bob", "red": "alice"})
    camp.submit_orders(2, "bob", "advance 1")  # game 2's orders must not leave in game 1's bundle
    camp.submit_orders(2, "alice", "advance 3")
    camp.submit_orders(2, "bob", "advance 2")
    store.close()
    return db_path


def test_a_per_game_bundle_checks_out_offline_with_the_standard_library(two_games: Path, tmp_path: Path) -> None:
    head = raw(two_games).execute("SELECT hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()[0]
    mid = raw(two_games).execute("SELECT hash FROM events WHERE seq = 30").fetchone()[0]
    out = tmp_path / "bundle.zip"
    res = CliRunner().invoke(main, ["--db", str(two_games), "audit", "bundle", "1", str(out)])
    assert res.exit_code == 0, res.output
    b = tmp_path / "b"
    with zipfile.ZipFile(out) as zf:
        assert sorted(zf.namelist()) == ["README.txt", "campaign.db", "events.jsonl", "verify_dice.py"]
        zf.extractall(b)
    events = [json.loads(x) for x in (b / "events.jsonl").read_text().splitlines()[1:]]
    assert {e["stream"] for e in events if "stream" in e} == {"game:1"}
    assert "alice@example.org" not in (b / "events.jsonl").read_text()
    assert any("link" in e for e in events)
    conn = raw(b / "campaign.db")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert conn.execute("SELECT COUNT(*) FROM secrets").fetchone()[0] == 0 and "links" in tables
    assert {r[0] for r in conn.execute("SELECT DISTINCT stream FROM events")} == {"game:1"}
    conn.close()
    check = subprocess.run(
        [sys.executable, "-I", "verify_dice.py", "events.jsonl", "--receipt", head, "--receipt", mid],
        cwd=b, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr
    assert "chain head after seq 30" in check.stdout and "FAIL" not in check.stdout
    readme = (b / "README.txt").read_text()
    assert head in readme and "toy-race/1 campaign/" in readme and ".whl" in readme
    before = (b / "campaign.db").read_bytes()
    runner = CliRunner()
    for args in (["audit", "verify", "1", "--receipt", head], ["show", "1"], ["status", "1"], ["log", "1"]):
        res = runner.invoke(main, ["--db", str(b / "campaign.db"), *args])
        assert res.exit_code == 0, (args, res.output)
    bundle_store = open_store(b / "campaign.db")  # even opened for writing, a bundle stays evidence
    with pytest.raises(EventLogError, match="read-only"):
        bundle_store.append([NewEvent("game:1", "PressSent", {"from": "red", "to": "all", "text": "hi"})])
    bundle_store.close()
    assert (b / "campaign.db").read_bytes() == before
    assert sorted(p.name for p in b.iterdir()) == ["README.txt", "campaign.db", "events.jsonl", "verify_dice.py"]


def test_the_bundled_verifier_catches_a_forged_die_and_a_broken_link(two_games: Path, tmp_path: Path) -> None:
    out = tmp_path / "bundle.zip"
    CliRunner().invoke(main, ["--db", str(two_games), "audit", "bundle", "1", str(out)])
    text = zipfile.ZipFile(out).read("events.jsonl").decode()
    script = tmp_path / "verify_dice.py"
    script.write_bytes(zipfile.ZipFile(out).read("verify_dice.py"))
    lines = text.splitlines()
    link = next(i for i, x in enumerate(lines) if '"link"' in x)
    data = json.loads(lines[link])
    data["hash"] = "f" * 64
    forged = [*lines[:link], canonical.dumps(data), *lines[link + 1 :]]
    run = subprocess.run([sys.executable, str(script)], input="\n".join(forged), capture_output=True, text=True)
    assert run.returncode == 1 and f"seq {data['link'] + 1}: prev_hash does not match" in run.stdout


# --- exports of older versions --------------------------------------------------------------------


def test_an_export_made_by_the_previous_version_imports_and_verifies(tmp_path: Path, toy_env: None) -> None:
    db = tmp_path / "old.db"
    runner = CliRunner()
    res = runner.invoke(main, ["--db", str(db), "import", str(FIXTURE)])
    assert res.exit_code == 0, res.output
    assert "35 dice of this export use the old binding" in res.output
    header = json.loads(FIXTURE.read_text().splitlines()[0])
    assert header["head"] in res.output  # imported verbatim: the old chain head stays
    code, out = verify(db)
    assert code == 0, out
    assert "16 use the old binding" in out and "19 use the old binding" in out
    run = subprocess.run(
        [sys.executable, str(ROOT / "campaign" / "verify_dice.py"), str(FIXTURE), "--receipt", header["head"]],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0 and "35 ok (old binding)" in run.stdout, run.stdout


def test_new_games_in_an_imported_campaign_use_the_new_binding(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    CliRunner().invoke(main, ["--db", str(db), "import", str(FIXTURE)])
    store = open_store(db)
    camp = Campaign(store, seeds=fixed_seeds)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, dice_mode=DiceMode.FAIR)
    camp.submit_orders(3, "alice", "advance 1")
    camp.submit_orders(3, "bob", "advance 1")
    rolled = [e for e in store.read(stream="game:3") if e.type == "DiceRolled"]
    assert rolled and all(e.schema == 2 and e.payload["binding"] == 2 for e in rolled)
    store.close()
    code, out = verify(db)
    assert code == 0, out


def test_a_game_exported_by_the_previous_version_mid_decision_plays_on_and_verifies(tmp_path: Path) -> None:
    """The old request has no inputs document: the resolution is bound afresh, and says nothing resumed."""
    db = tmp_path / "old.db"
    fixture = ROOT / "tests" / "fixtures" / "export-main-e3bb428-pending-decision.jsonl"
    res = CliRunner().invoke(main, ["--db", str(db), "import", str(fixture)])
    assert res.exit_code == 0, res.output
    store = open_store(db)
    camp = Campaign(store)
    for _ in range(60):
        gs = camp.load(1)
        if gs.ended:
            break
        open_ = [q for k, q in sorted(gs.asked.items()) if k not in gs.answers]
        if open_:
            camp.submit_orders(1, gs.sides[open_[0]["side"]], "keep")
            continue
        camp.submit_orders(1, "alice", "advance 2")
        camp.submit_orders(1, "bob", "advance 2")
    store.close()
    code, out = verify(db)
    assert code == 0, out
    assert "use the old binding" in out


def test_the_verifier_explains_what_it_cannot_read(tmp_path: Path) -> None:
    script = ROOT / "campaign" / "verify_dice.py"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"campaign_export": 1}\nnot json\n')
    for args in ([str(bad)], [str(tmp_path / "missing.jsonl")], [str(FIXTURE), "--receipt"]):
        run = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and "usage:" in run.stderr and "Traceback" not in run.stderr, args
    assert (
        "line 2: not JSON"
        in subprocess.run([sys.executable, str(script), str(bad)], capture_output=True, text=True, timeout=60).stderr
    )
