"""Commit-reveal dice: derivation, fairness, re-derivation from the docs alone, manual dice, replay dice."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign import dice
from campaign.eventdata import DiceRolled
from campaign.service import Campaign
from campaign.transfer import export_lines
from tests.conftest import ROOT
from tests.helpers import play_race

SEED = bytes(range(32))
INPUTS = "ab" * 32


def test_commitment_is_sha256_of_the_raw_seed() -> None:
    assert dice.commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_derive_is_deterministic_and_bound_to_every_input() -> None:
    base = dice.derive(SEED, "game:1", 1, 6, INPUTS)
    assert base == dice.derive(SEED, "game:1", 1, 6, INPUTS)
    faces = {
        dice.derive(SEED, game, n, 20, inputs)
        for game in ("game:1", "game:2")
        for n in (1, 2, 3)
        for inputs in (INPUTS, "cd" * 32)
    }
    assert len(faces) > 4  # different games, roll numbers and inputs give different rolls


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.integers(1, 10**6), st.integers(2, dice.MAX_SIDES))
def test_every_face_is_in_range(seed: bytes, n: int, sides: int) -> None:
    assert 1 <= dice.derive(seed, "game:9", n, sides, INPUTS) <= sides


@pytest.mark.parametrize(("sides", "critical"), [(6, 20.52), (12, 31.26)])
def test_faces_are_uniform_chi_square(sides: int, critical: float) -> None:
    """Chi-square on 30,000 rolls of one fixed seed stays under the p = 0.001 critical value."""
    n = 30_000
    counts = [0] * sides
    for i in range(1, n + 1):
        counts[dice.derive(SEED, "game:1", i, sides, INPUTS) - 1] += 1
    expected = n / sides
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < critical, (chi2, counts)


def test_rejection_sampling_skips_values_at_or_above_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Feed HMAC blocks whose first values are all >= limit: the first acceptable value wins."""
    sides = 6
    limit = (1 << 32) - ((1 << 32) % sides)
    too_big = (limit + 1).to_bytes(4, "big")
    blocks = [too_big * 8, too_big * 3 + (13).to_bytes(4, "big") + too_big * 4]

    class FakeMac:
        def __init__(self, key: bytes, msg: bytes, digestmod: object) -> None:
            self.block = int.from_bytes(msg[-4:], "big")

        def digest(self) -> bytes:
            return blocks[self.block]

    monkeypatch.setattr(dice.hmac, "new", FakeMac)
    assert dice.derive(SEED, "g", 1, sides, INPUTS) == 13 % 6 + 1


def _doc_script() -> str:
    text = (ROOT / "docs" / "dice.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 1
    script = blocks[0]
    assert len([ln for ln in script.splitlines() if ln.strip()]) <= 40
    return script


def test_every_roll_re_derives_with_the_script_in_docs_dice_md(camp: Campaign, tmp_path: Path) -> None:
    """docs/dice.md alone is enough to check a real game's dice, and it notices a changed die."""
    play_race(camp)
    export = "\n".join(export_lines(camp.store)) + "\n"
    script = tmp_path / "check.py"
    script.write_text(_doc_script())
    run = subprocess.run([sys.executable, str(script)], input=export, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    checked = int(run.stdout.split()[0])
    assert checked == sum('"DiceRolled"' in line for line in export.splitlines()) > 0
    assert run.stdout.split()[-2] == "0"

    forged = re.sub(
        r'("purpose":"turn 1: red advances 2","seed_no":1,"sides":6,"value":)(\d)',
        lambda m: m.group(1) + str(int(m.group(2)) % 6 + 1),
        export,
        count=1,
    )
    assert forged != export
    run = subprocess.run([sys.executable, str(script)], input=forged, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "1 problems" in run.stdout


def test_seeds_are_committed_before_and_revealed_after_their_turn(camp: Campaign) -> None:
    number = play_race(camp)
    events = list(camp.store.read(stream=f"game:{number}"))
    types = [e.type for e in events]
    assert types[:2] == ["GameCreated", "SeedCommitted"]
    first_orders = types.index("OrdersSubmitted")
    first_reveal = types.index("SeedRevealed")
    assert types.index("SeedCommitted") < first_orders < first_reveal
    gs = camp.load(number)
    assert gs.revealed.keys() == gs.commitments.keys()  # the game is over: every seed is public
    for no, seed in gs.revealed.items():
        assert dice.commitment(bytes.fromhex(seed)) == gs.commitments[no]
    assert camp.store.secret(f"game:{number}/seed/1") == gs.revealed[1]


def test_manual_dice_are_used_in_order_and_run_out_loudly() -> None:
    src = dice.ManualDice([3, 6])
    assert src.roll(6, "a") == 3 and src.roll(12, "b") == 6
    with pytest.raises(dice.NeedMoreDice, match="needs die 3: a d6 for 'c'"):
        src.roll(6, "c")
    with pytest.raises(dice.BadManualDie, match="is 7, but the engine asked for a d6"):
        dice.ManualDice([7]).roll(6, "x")
    assert [DiceRolled.of(r).payload() for r in src.rolls] == [
        {"sides": 6, "value": 3, "purpose": "a", "mode": "manual"},
        {"sides": 12, "value": 6, "purpose": "b", "mode": "manual"},
    ]


def test_recorded_dice_fail_loudly_naming_the_event() -> None:
    recs = [dice.RecordedRoll(41, 6, 5, "h2h: red"), dice.RecordedRoll(42, 6, 2, "h2h: blue")]
    rd = dice.RecordedDice(recs, where="resolution at event seq 43")
    assert rd.roll(6, "h2h: red") == 5
    with pytest.raises(dice.DiceDivergence, match="event seq 42 recorded a d6 for 'h2h: blue'.*'shoot'"):
        rd.roll(6, "shoot")
    rd2 = dice.RecordedDice(recs[:1], where="resolution at event seq 43")
    rd2.roll(6, "h2h: red")
    with pytest.raises(dice.DiceDivergence, match="resolution at event seq 43: the engine asked for roll 2"):
        rd2.roll(6, "more")
    rd3 = dice.RecordedDice(recs, where="x")
    rd3.roll(6, "h2h: red")
    with pytest.raises(dice.DiceDivergence, match="event seq 42: the log holds a d6.*never asked for"):
        rd3.check_all_used()


def test_a_manual_dice_game_waits_for_dice_then_resolves_with_them(camp: Campaign) -> None:
    from campaign.dice import DiceMode
    from campaign.service import WaitingForDice

    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, dice_mode=DiceMode.MANUAL)
    assert gs.commitments == {}
    camp.submit_orders(1, "alice", "advance 2")
    receipt = camp.submit_orders(1, "bob", "advance 1")
    assert receipt.resolved == []
    waiting = camp.advance(1)
    assert isinstance(waiting, WaitingForDice) and "red advances 1" in waiting.needed
    before = camp.store.head()
    camp.enter_dice(1, [2])  # only one of the two dice needed
    assert isinstance(camp.advance(1), WaitingForDice)
    assert camp.store.head()[0] == before[0] + 1  # only the DiceEntered event was written
    camp.enter_dice(1, [1])
    reports = camp.advance(1)
    assert isinstance(reports, list) and reports[0].narrative == [
        "red rolls 2 > 1: moves to 1",
        "blue rolls 1 <= 2: stumbles at 0",
    ]
    rolled = [e.payload for e in camp.store.read(stream="game:1") if e.type == "DiceRolled"]
    assert rolled == [
        {"mode": "manual", "purpose": "turn 1: red advances 1", "sides": 6, "value": 2},
        {"mode": "manual", "purpose": "turn 1: blue advances 2", "sides": 6, "value": 1},
    ]
    assert camp.load(1).manual_pool == []


def test_a_die_that_does_not_fit_is_refused_at_entry_and_nothing_is_stored(camp: Campaign) -> None:
    from campaign.dice import DiceMode
    from campaign.service import UserError

    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, dice_mode=DiceMode.MANUAL)
    camp.submit_orders(1, "alice", "advance 2")
    camp.submit_orders(1, "bob", "advance 1")
    before = camp.store.head()
    with pytest.raises(UserError, match="entered die 1 is 9, but the engine asked for a d6.*nothing was stored"):
        camp.enter_dice(1, [9])
    assert camp.store.head() == before and camp.load(1).manual_pool == []
    camp.enter_dice(1, [4, 2])  # the right dice still go through
    assert isinstance(camp.advance(1), list) and camp.load(1).turn == 2


def test_the_script_in_docs_dice_md_checks_an_export_of_the_previous_version(tmp_path: Path) -> None:
    """Dice of the old binding (read from schema-1 events) still re-derive with the docs alone."""
    script = tmp_path / "check.py"
    script.write_text(_doc_script())
    export = (ROOT / "tests" / "fixtures" / "export-main-a9e0235.jsonl").read_text()
    run = subprocess.run([sys.executable, str(script)], input=export, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.startswith("35 dice re-derived, 0 problems"), run.stdout
