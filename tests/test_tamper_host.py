"""A hostile host with write access to the campaign file: every attack is caught by `audit verify`
alone, or with the players' receipts, and the message names the spot (docs/dice.md, threat model).

Each forgery here recomputes the whole hash chain afterwards, as a host who knows the format
would: the chain itself then looks intact, so what catches it is the re-derivation.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from campaign import canonical, dice
from campaign.cli import main
from campaign.eventlog import GENESIS_HASH, NewEvent, event_hash
from campaign.service import Campaign
from tests.helpers import drop_triggers, play_race, raw

COLS = ["seq", "stream", "version", "type", "actor", "at", "payload", "schema", "engine", "prev_hash", "hash"]
Rows = list[dict[str, Any]]


def fixed_seeds(stream: str, n: int) -> bytes:
    return hashlib.sha256(f"tamper/{stream}/{n}".encode()).digest()


def load_rows(db: Path) -> Rows:
    conn = raw(db)
    rows = [dict(zip(COLS, r, strict=True)) for r in conn.execute(f"SELECT {', '.join(COLS)} FROM events ORDER BY seq")]
    conn.close()
    for r in rows:
        r["payload"] = json.loads(r["payload"])
    return rows


def save_rows(db: Path, rows: Rows) -> None:
    """Write `rows` back as a consistent chain: seq, versions, prev_hash and hash all recomputed."""
    conn = raw(db)
    drop_triggers(conn)
    conn.execute("DELETE FROM events")
    prev, versions = GENESIS_HASH, dict[str, int]()
    for seq, r in enumerate(rows, start=1):
        versions[r["stream"]] = versions.get(r["stream"], 0) + 1
        r.update(seq=seq, version=versions[r["stream"]], prev_hash=prev)
        r["hash"] = prev = event_hash({k: r[k] for k in COLS if k != "hash"})
        conn.execute(
            f"INSERT INTO events ({', '.join(COLS)}) VALUES ({', '.join('?' * len(COLS))})",
            [canonical.dumps(r[k]) if k == "payload" else r[k] for k in COLS],
        )
    conn.close()


def forge(db: Path, edit: Callable[[Rows], Any]) -> Rows:
    rows = load_rows(db)
    edit(rows)
    save_rows(db, rows)
    return rows


def verify(db: Path, *args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["--db", str(db), "audit", "verify", *args])
    return res.exit_code, res.output + (res.stderr if res.stderr_bytes is not None else "")


def first(rows: Rows, kind: str, stream: str = "game:1", nth: int = 0) -> dict[str, Any]:
    return [r for r in rows if r["type"] == kind and r["stream"] == stream][nth]


def last(rows: Rows, kind: str, stream: str = "game:1") -> dict[str, Any]:
    return [r for r in rows if r["type"] == kind and r["stream"] == stream][-1]


def seed_of(rows: Rows, stream: str, seed_no: int) -> bytes:
    return fixed_seeds(stream, seed_no)


def new_campaign(db: Path) -> tuple[Any, Campaign]:
    """A campaign file with alice and bob, whose seeds the host (this test) knows."""
    from campaign.eventlog import open_store

    store = open_store(db, create=True)
    camp = Campaign(store, seeds=fixed_seeds)
    camp.init("t")
    camp.add_player("alice", "alice@example.org")
    camp.add_player("bob", "bob@example.org")
    return store, camp


@pytest.fixture
def host(db_path: Path) -> Path:
    """A finished fair game, and a second one still running, played with seeds the host knows."""

    store, camp = new_campaign(db_path)
    play_race(camp)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    for _ in range(2):
        camp.submit_orders(2, "alice", "advance 2")
        camp.submit_orders(2, "bob", "advance 1")
    store.append([NewEvent("mail", "DigestSent", {"game": 1, "player": "alice", "upto": 9, "message_id": "<a@x>"})])
    store.append([NewEvent("mail", "DigestSent", {"game": 1, "player": "bob", "upto": 9, "message_id": "<b@x>"})])
    store.close()
    return db_path


def test_the_honest_log_passes(host: Path) -> None:
    code, out = verify(host)
    assert code == 0, out
    assert "ok   game:1" in out and "ok   game:2" in out


# --- dice -------------------------------------------------------------------------------------


def test_skipping_a_roll_number_for_a_better_face_is_caught(host: Path) -> None:
    """The host re-derives the die at n + 1 with the seed it knows: the face is genuine, the gap is not."""

    def skip(rows: Rows) -> None:
        die = first(rows, "DiceRolled", nth=1)
        p = die["payload"]
        p["n"] += 1
        p["value"] = dice.derive(seed_of(rows, "game:1", p["seed_no"]), "game:1", p["n"], 6, p["inputs_hash"])
        for later in [r for r in rows if r["type"] == "DiceRolled" and r["stream"] == "game:1"][2:]:
            if later["payload"]["seed_no"] == p["seed_no"]:
                later["payload"]["n"] += 1
                lp = later["payload"]
                lp["value"] = dice.derive(
                    seed_of(rows, "game:1", lp["seed_no"]), "game:1", lp["n"], 6, lp["inputs_hash"]
                )
        forge.seq = die["seq"]  # type: ignore[attr-defined]

    rows = forge(host, skip)
    die = first(rows, "DiceRolled", nth=1)
    code, out = verify(host)
    assert code == 1 and f"seq {die['seq']}: roll number" in out and "gap" in out


def test_reusing_a_roll_number_is_caught(host: Path) -> None:
    def reuse(rows: Rows) -> None:
        a, b = first(rows, "DiceRolled", nth=0), first(rows, "DiceRolled", nth=1)
        b["payload"]["n"] = a["payload"]["n"]
        b["payload"]["value"] = a["payload"]["value"]

    rows = forge(host, reuse)
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'DiceRolled', nth=1)['seq']}: roll number" in out and "reuse" in out


def test_a_forged_face_is_caught(host: Path) -> None:
    def flip(rows: Rows) -> None:
        p = first(rows, "DiceRolled")["payload"]
        p["value"] = p["value"] % 6 + 1

    rows = forge(host, flip)
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'DiceRolled')['seq']}: the die does not re-derive" in out


def test_a_die_bound_to_a_ground_inputs_hash_is_caught(host: Path) -> None:
    """The host tries inputs hashes until the face suits it, then logs that one."""

    def grind(rows: Rows) -> None:
        p = first(rows, "DiceRolled")["payload"]
        seed = seed_of(rows, "game:1", p["seed_no"])
        for i in range(100):
            fake = hashlib.sha256(f"grind {i}".encode()).hexdigest()
            if dice.derive(seed, "game:1", p["n"], 6, fake) == 6:
                p["inputs_hash"], p["value"] = fake, 6
                return

    rows = forge(host, grind)
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'DiceRolled')['seq']}: inputs_hash is not the hash" in out


def test_a_die_of_an_unusual_size_is_caught(host: Path) -> None:
    rows = forge(host, lambda rows: first(rows, "DiceRolled")["payload"].update(sides=1, value=1))
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'DiceRolled')['seq']}: a d1" in out


def test_a_manual_die_slipped_into_a_fair_game_is_caught(host: Path) -> None:
    def manual(rows: Rows) -> None:
        p = first(rows, "DiceRolled")["payload"]
        for key in ("seed_no", "n", "inputs_hash", "binding"):
            p.pop(key)
        p["mode"] = "manual"

    rows = forge(host, manual)
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'DiceRolled')['seq']}: a manual die in a fair-dice game" in out


def test_an_old_binding_die_in_a_new_game_is_caught(host: Path) -> None:
    """Downgrading a die to the old, grindable binding is refused for events written today."""
    rows = forge(host, lambda rows: first(rows, "DiceRolled")["payload"].update(binding=1))
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'DiceRolled')['seq']}: binding 1 is not allowed" in out


def test_a_die_removed_with_its_count_fixed_is_caught(host: Path) -> None:
    def drop(rows: Rows) -> None:
        die = first(rows, "DiceRolled", nth=1)
        rows.remove(die)
        resolved = next(r for r in rows if r["type"] == "PhaseResolved" and r["seq"] > die["seq"])
        resolved["payload"]["dice"] -= 1

    rows = forge(host, drop)
    code, out = verify(host)
    resolved = first(rows, "PhaseResolved")
    assert code == 1 and f"resolution at event seq {resolved['seq']}: the engine asked for roll 2" in out


def test_swapping_two_games_streams_is_caught(host: Path) -> None:
    def swap(rows: Rows) -> None:
        for r in rows:
            if r["stream"] in ("game:1", "game:2"):
                r["stream"] = {"game:1": "game:2", "game:2": "game:1"}[r["stream"]]

    forge(host, swap)
    code, out = verify(host)
    assert code == 1 and "inputs document" in out


# --- seeds ------------------------------------------------------------------------------------


def test_the_last_seed_never_revealed_fails_a_finished_game(host: Path) -> None:
    rows = forge(host, lambda rows: rows.remove(last(rows, "SeedRevealed")))
    ended = last(rows, "GameEnded")
    code, out = verify(host)
    assert code == 1 and f"game:1 seq {ended['seq']}: the game is over but seed" in out and "never revealed" in out


def test_a_seed_edited_in_the_secrets_table_no_longer_matches_its_commitment(host: Path) -> None:
    """The host swaps game 2's unrevealed seed for one it likes; the reveal gives it away."""
    from campaign.eventlog import open_store

    conn = raw(host)
    name, _ = conn.execute(
        "SELECT name, value FROM secrets WHERE name LIKE 'game:2/seed/%' ORDER BY name DESC"
    ).fetchone()
    conn.execute("UPDATE secrets SET value = ? WHERE name = ?", ("ab" * 32, name))
    conn.close()
    store = open_store(host)
    camp = Campaign(store)
    for _ in range(12):
        if camp.load(2).ended:
            break
        camp.submit_orders(2, "alice", "advance 3")
        camp.submit_orders(2, "bob", "advance 3")
    store.close()
    code, out = verify(host)
    assert code == 1 and "does not match its commitment" in out and "game:2 seq" in out


def test_a_seed_committed_after_the_orders_it_rolls_on_is_caught(host: Path) -> None:
    """Moving the commitment after the turn's first orders would let the host pick the seed."""

    def late(rows: Rows) -> None:
        commit = first(rows, "SeedCommitted", nth=1)
        orders = [
            r for r in rows if r["type"] == "OrdersSubmitted" and r["stream"] == "game:1" and r["seq"] > commit["seq"]
        ]
        rows.remove(commit)
        rows.insert(rows.index(orders[0]) + 1, commit)

    forge(host, late)
    code, out = verify(host)
    assert code == 1 and "were accepted before seed 2 was committed" in out


def test_a_skipped_seed_number_is_caught(host: Path) -> None:
    def skip(rows: Rows) -> None:
        for r in rows:
            if r["stream"] == "game:1" and r["type"] in ("SeedCommitted", "SeedRevealed", "DiceRolled"):
                if r["payload"]["seed_no"] >= 2:
                    r["payload"]["seed_no"] += 1

    rows = forge(host, skip)
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'SeedCommitted', nth=1)['seq']}: seed 3 committed after seed 1" in out


# --- derived facts --------------------------------------------------------------------------


def test_flipping_the_winner_is_caught(host: Path) -> None:
    def flip(rows: Rows) -> None:
        p = last(rows, "GameEnded")["payload"]
        p["winner"] = "red" if p["winner"] == "blue" else "blue"

    rows = forge(host, flip)
    code, out = verify(host)
    assert code == 1 and f"event seq {last(rows, 'GameEnded')['seq']} (GameEnded)" in out and "replay derives" in out


def test_a_hidden_game_end_is_caught(host: Path) -> None:
    rows = forge(host, lambda rows: rows.remove(last(rows, "GameEnded")))
    code, out = verify(host)
    assert code == 1 and f"seq {last(rows, 'PhaseResolved')['seq']}: the rules say the game is over" in out


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("checkpoint", "0" * 64, "checkpoint mismatch"),
        ("narrative_hash", "0" * 64, "narrative_hash is not the hash"),
        ("dice", 7, "says 7 dice"),
        ("turn", 9, "records turn 9"),
    ],
)
def test_an_edited_resolution_summary_is_caught(host: Path, field: str, value: Any, message: str) -> None:
    rows = forge(host, lambda rows: first(rows, "PhaseResolved", nth=1)["payload"].update({field: value}))
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'PhaseResolved', nth=1)['seq']}" in out and message in out


def test_an_inputs_document_bound_to_another_board_is_caught(host: Path) -> None:
    """Grinding through the checkpoint: a forged pre-resolution board in the inputs, dice re-derived to match."""

    def grind(rows: Rows) -> None:
        resolved = first(rows, "PhaseResolved", nth=1)
        doc = resolved["payload"]["inputs"]
        doc["checkpoint"] = "1" * 64
        bound = dice.inputs_hash(doc)
        for die in [r for r in rows if r["type"] == "DiceRolled" and r["payload"]["inputs_hash"] != bound]:
            if die["seq"] < resolved["seq"] and die["seq"] > first(rows, "PhaseResolved", nth=0)["seq"]:
                p = die["payload"]
                p["inputs_hash"] = bound
                p["value"] = dice.derive(seed_of(rows, "game:1", p["seed_no"]), "game:1", p["n"], 6, bound)

    rows = forge(host, grind)
    code, out = verify(host)
    assert code == 1 and f"event seq {first(rows, 'PhaseResolved', nth=1)['seq']}" in out
    assert "does not match the board before resolution" in out


def test_rewritten_orders_are_caught_even_with_their_hash_recomputed(host: Path) -> None:
    def rewrite(rows: Rows) -> None:
        p = first(rows, "OrdersSubmitted", nth=2)["payload"]
        p["canonical"] = "advance 3"
        p["data"] = {"advance": 3}
        p["orders_hash"] = hashlib.sha256(b"advance 3").hexdigest()

    forge(host, rewrite)
    code, out = verify(host)
    assert code == 1 and "the inputs document is not the orders and decisions on file" in out


def test_an_orders_hash_that_is_not_the_text_is_caught(host: Path) -> None:
    rows = forge(host, lambda rows: first(rows, "OrdersSubmitted")["payload"].update(orders_hash="0" * 64))
    code, out = verify(host)
    assert code == 1 and f"seq {first(rows, 'OrdersSubmitted')['seq']}: orders_hash is not the SHA-256" in out


# --- truncation and rewrites: the players' receipts -------------------------------------------


def _head(db: Path) -> str:
    return str(load_rows(db)[-1]["hash"])


def test_truncation_with_a_recomputed_chain_is_caught_by_a_receipt(host: Path) -> None:
    receipt = _head(host)
    forge(host, lambda rows: rows.pop())
    assert verify(host)[0] == 0  # alone, a shorter consistent log looks fine ...
    code, out = verify(host, "--receipt", receipt)
    assert code == 1 and f"receipt {receipt} is not a chain head this log ever passed through" in out


def test_reordered_mail_events_are_caught_by_a_receipt(host: Path) -> None:
    receipt = _head(host)

    def reorder(rows: Rows) -> None:
        a, b = rows[-2], rows[-1]
        rows[-2], rows[-1] = b, a

    forge(host, reorder)
    code, out = verify(host, "--receipt", receipt)
    assert code == 1 and receipt in out and "rewritten or truncated" in out


def test_a_retyped_mail_event_is_caught_by_a_receipt(host: Path) -> None:
    receipt = _head(host)
    forge(host, lambda rows: rows[-1].update(type="MessageRefused"))
    code, out = verify(host, "--receipt", receipt)
    assert code == 1 and receipt in out


def test_an_old_receipt_still_checks_and_names_its_seq(host: Path) -> None:
    rows = load_rows(host)
    code, out = verify(host, "--receipt", rows[20]["hash"], "--receipt", rows[-1]["hash"])
    assert code == 0, out
    assert "the chain head after seq 21" in out and f"the chain head after seq {len(rows)}" in out


# --- corrections ------------------------------------------------------------------------------


def test_a_correction_that_voids_less_than_it_must_is_caught(db_path: Path) -> None:

    store, camp = new_campaign(db_path)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    camp.submit_orders(1, "alice", "advance 1")
    camp.submit_orders(1, "bob", "advance 3")
    wrong = next(e.seq for e in store.read(stream="game:1") if e.type == "OrdersSubmitted" and e.actor == "bob")
    camp.void(1, [wrong], "garbled")
    store.close()
    assert verify(db_path)[0] == 0

    def less(rows: Rows) -> None:
        p = last(rows, "EventsVoided")["payload"]
        p["seqs"] = p["seqs"][1:]  # keep alice's orders: they predate the seed now in use

    rows = forge(db_path, less)
    code, out = verify(db_path)
    assert code == 1 and f"seq {last(rows, 'EventsVoided')['seq']}: the correction does not void exactly" in out


def _decision_game(db: Path) -> None:

    store, camp = new_campaign(db)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"ask_on_one": True, "turn_limit": 40})
    answered = False
    for _ in range(60):
        gs = camp.load(1)
        open_ = [q for k, q in sorted(gs.asked.items()) if k not in gs.answers]
        if open_:
            camp.submit_orders(1, gs.sides[open_[0]["side"]], "keep")
            answered = True
        elif answered or gs.ended:
            break
        else:
            camp.submit_orders(1, "alice", "advance 1")
            camp.submit_orders(1, "bob", "advance 1")
    store.close()
    assert answered, "no decision was asked"


@pytest.mark.parametrize(
    ("field", "value"), [("default", "reroll"), ("question", "pay the host?"), ("options", ["keep"])]
)
def test_a_forged_decision_request_is_caught(db_path: Path, field: str, value: Any) -> None:
    """A request the engine never asks, or words differently, e.g. to make a deadline default suit the host."""
    _decision_game(db_path)
    assert verify(db_path)[0] == 0
    rows = forge(db_path, lambda rows: first(rows, "DecisionRequested")["payload"].update({field: value}))
    resolved = next(
        r for r in rows if r["type"] == "PhaseResolved" and r["seq"] > first(rows, "DecisionRequested")["seq"]
    )
    code, out = verify(db_path)
    assert code == 1 and f"event seq {resolved['seq']} (PhaseResolved): the decision request" in out


def test_a_decision_request_with_another_roll_number_is_caught(db_path: Path) -> None:
    _decision_game(db_path)
    rows = forge(db_path, lambda rows: first(rows, "DecisionRequested")["payload"].update(next_n=5))
    code, out = verify(db_path)
    assert code == 1 and f"seq {first(rows, 'DecisionRequested')['seq']}: next_n 5 is not the next unused" in out


def test_a_seed_kept_secret_across_turns_is_caught(host: Path) -> None:
    """The host skips turn 1's reveal and rolls turn 2 on seed 1 too (faces re-derived to pass)."""

    def keep(rows: Rows) -> None:
        rows.remove(first(rows, "SeedRevealed"))
        rows.remove(first(rows, "SeedCommitted", nth=1))
        n = max(r["payload"]["n"] for r in rows if r["type"] == "DiceRolled" and r["payload"]["seed_no"] == 1)
        for r in rows:
            seeds = r["type"] in ("SeedCommitted", "SeedRevealed")
            if r["stream"] == "game:1" and seeds and r["payload"]["seed_no"] > 1:
                r["payload"]["seed_no"] -= 1
        for r in rows:
            p = r["payload"]
            if r["stream"] == "game:1" and r["type"] == "DiceRolled" and p["seed_no"] >= 2:
                if p["seed_no"] == 2:
                    n += 1
                    p["n"] = n
                p["seed_no"] -= 1
                p["value"] = dice.derive(fixed_seeds("game:1", p["seed_no"] + (p["seed_no"] > 1)), "game:1",
                                         p["n"], 6, p["inputs_hash"])  # fmt: skip

    forge(host, keep)
    code, out = verify(host)
    assert code == 1 and "seed 1 rolls for turns 1 and 2: it was not revealed when its turn closed" in out


def test_a_referee_ruling_ends_a_game_and_a_forged_one_is_caught(db_path: Path) -> None:
    """`game end` is a ruling replay cannot derive: accepted as the referee's, refused as anyone else's."""
    from campaign.referee import end_game

    store, camp = new_campaign(db_path)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    camp.submit_orders(1, "alice", "advance 1")
    camp.submit_orders(1, "bob", "advance 1")
    end_game(camp, 1, "red", "blue's player left the club")
    store.close()
    code, out = verify(db_path)
    assert code == 0, out
    rows = forge(db_path, lambda rows: last(rows, "GameEnded").update(actor="system"))
    code, out = verify(db_path)
    assert code == 1 and f"event seq {last(rows, 'GameEnded')['seq']} (GameEnded)" in out


def test_after_a_correction_the_reopened_turn_rolls_on_a_seed_committed_before_its_orders(db_path: Path) -> None:
    """Honest path: turn 2 is voided after seed 3 was committed: the whole phase is ordered again,
    rolled on seed 3 from n = 1 (the voided dice stay on seed 2), and the game verifies."""

    store, camp = new_campaign(db_path)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    camp.submit_orders(1, "alice", "advance 1")
    camp.submit_orders(1, "bob", "advance 1")
    camp.submit_orders(1, "alice", "advance 2")  # turn 2, seed 2
    camp.submit_orders(1, "bob", "advance 3")
    camp.submit_orders(1, "alice", "advance 1")  # turn 3, seed 3: then bob's turn-2 orders are voided
    wrong = [e.seq for e in store.read(stream="game:1") if e.type == "OrdersSubmitted" and e.actor == "bob"][1]
    camp.void(1, [wrong], "bob meant advance 1")
    for _ in range(12):
        if camp.load(1).ended:
            break
        camp.submit_orders(1, "alice", "advance 2")
        camp.submit_orders(1, "bob", "advance 1")
    store.close()
    code, out = verify(db_path)
    assert code == 0, out
    rows = load_rows(db_path)
    voided = set(last(rows, "EventsVoided")["payload"]["seqs"])
    dice_of = {(r["payload"]["seed_no"], r["payload"]["n"]): r["seq"] for r in rows if r["type"] == "DiceRolled"}
    assert dice_of[(2, 1)] in voided and dice_of[(2, 2)] in voided  # turn 2 as first played
    assert dice_of[(3, 1)] not in voided and dice_of[(3, 1)] > last(rows, "EventsVoided")["seq"]
    resolved = next(r for r in rows if r["type"] == "PhaseResolved" and r["seq"] > dice_of[(3, 1)])
    assert resolved["payload"]["turn"] == 2


@pytest.fixture
def timed_host(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game with 48-hour deadlines in which a reminder went out and the missed-orders policy applied."""
    from campaign.deadlines import Schedule

    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-05T12:00:00Z")
    store, camp = new_campaign(db_path)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, schedule=Schedule(48, 12, 24).as_json())
    camp.declare_absence("bob", "2026-01-06", "2026-01-07")
    camp.submit_orders(1, "alice", "advance 1")
    assert camp.tick("2026-01-09T01:00:00Z").as_json()[0]["action"] == "reminded"  # bob was away: due 01-10 00:00
    report = camp.tick("2026-01-10T13:00:00Z").as_json()  # past bob's stretched deadline and the grace
    assert {r["action"] for r in report} >= {"missed: hold"}
    store.close()
    return db_path


def test_the_honest_deadlines_pass(timed_host: Path) -> None:
    code, out = verify(timed_host)
    assert code == 0, out


def test_a_deadline_moved_in_the_log_is_caught(timed_host: Path) -> None:
    """Issue 11: every derived fact re-derived, deadlines included (the policy stated an earlier deadline)."""
    forge(
        timed_host,
        lambda rows: first(rows, "DeadlinePassed")["payload"]["deadlines"].update(red="2026-01-07T12:00:00Z"),
    )
    code, out = verify(timed_host)
    assert code == 1 and "DeadlinePassed states red's deadline as 2026-01-07T12:00:00Z" in out
    assert "give 2026-01-10T00:00:00Z" in out


def test_a_policy_applied_before_its_time_is_caught(timed_host: Path) -> None:
    """A host cannot apply the missed-orders policy early by back-dating the tick."""
    forge(timed_host, lambda rows: first(rows, "DeadlinePassed")["payload"].update(now="2026-01-09T13:00:00Z"))
    code, out = verify(timed_host)
    assert code == 1 and "DeadlinePassed for red at 2026-01-09T13:00:00Z, before its time" in out
