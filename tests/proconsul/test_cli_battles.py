"""Proconsul battles fought the way a user runs them: `campaign` commands through click's CliRunner [PC.PBEM.1]-[PC.PBEM.3].

Alice and bob play each shipped scenario with the computer player's orders (`RULESET.bot_orders`),
filed with `orders submit`; manual-dice games answer each "needs die N" with `dice enter`. After
every command the board `show --format json` gave is kept, and at the end `show --at SEQ` must give
the same board at every event; `audit verify` and `audit shadow` must be clean. A sealed
declaration must not show in the other side's `show`, in `status` or in the archive until both are in.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.proconsul import RULESET
from tests.clitable import CliTable

SCENARIOS = [s.name for s in RULESET.scenarios()]


class Table(CliTable):
    """One campaign file of Proconsul driven only through `campaign` commands."""

    ruleset = RULESET


@pytest.fixture
def no_digests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip queueing digest mails after each command: drawing a PNG per player per command would take most
    of the time, and digests are not what these battles test (the sealed test below keeps them)."""
    import campaign.cli

    monkeypatch.setattr(campaign.cli.Ctx, "after_change", lambda self, camp: None)


@pytest.mark.slow
@pytest.mark.usefixtures("no_digests")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_PC_PBEM_1_battle_by_orders_submit_to_a_decision_replays_to_the_same_boards(
    tmp_path: Path, scenario: str
) -> None:
    """[PC.PBEM.1] [PC.PBEM.3] [PC.VICTORY.3] [PC.SEQ.1]: a whole battle of the scenario with fair dice to a broken army
    (or the round limit); every event's `show --at` board is what players were shown then; audit clean."""
    table = Table(tmp_path / "c.db", seed=SCENARIOS.index(scenario) + 1)
    table.open(scenario, "fair", {"max_rounds": 4})
    for _ in range(600):
        if not table.step():
            break
    st = table.status()
    assert st["ended"], f"the battle did not end: {st['phase']}"
    assert table.board()["result"]["reason"] == st["ended"]["reason"]
    table.ok("audit", "verify")
    shadow = json.loads(table.ok("audit", "shadow", table.game, "--json").stdout)
    assert shadow["differences"] == []
    rows = table.log_rows()
    for seq, live in table.boards.items():
        assert table.board("--at", str(seq)) == live, f"board at event {seq}"
    assert all(r["payload"]["purpose"] for r in rows if r["type"] == "DiceRolled")


@pytest.mark.usefixtures("no_digests")
def test_PC_PBEM_1_manual_dice_battle_matches_live_boards(tmp_path: Path) -> None:
    """[PC.PBEM.1] [PC.DICE.4]: with hand-entered dice, every die the engine asks for is entered, logged with its purpose,
    and the replayed board equals the live one at every event."""
    table = Table(tmp_path / "c.db", seed=5)
    table.open("open-field-round-2", "manual", {"max_rounds": 2})
    for _ in range(3000):
        if not table.step():
            break
    assert table.status()["ended"]
    table.ok("audit", "verify")
    rows = table.log_rows()
    entered = [v for r in rows if r["type"] == "DiceEntered" for v in r["payload"]["values"]]
    rolled = [r["payload"]["value"] for r in rows if r["type"] == "DiceRolled"]
    assert rolled == entered and rolled
    for seq, live in table.boards.items():
        assert table.board("--at", str(seq)) == live, f"board at event {seq}"


def test_PC_SEQ_2_sealed_declaration_is_hidden_until_both_are_in(tmp_path: Path) -> None:
    """[PC.SEQ.2] [PC.PBEM.2] [PC.PBEM.8] [PC.PBEM.11]: alice's declaration shows in no `show --side`, `status` or archive
    page of the other side until bob's is in; then both are revealed together and the initiative is rolled (the W1
    window of the spec's illustrated round)."""
    table = Table(tmp_path / "c.db", seed=1)
    table.open("open-field", "fair")
    assert {w["side"] for w in table.status()["waiting_for"]} == {"romans", "gauls"}
    table.submit("romans", "declare right")
    secret = "declare right"
    gauls_view = table.board("--side", "gauls")
    assert gauls_view["declarations"] == {"romans": "sealed", "gauls": "awaited"}
    assert table.board("--side", "romans")["declarations"]["romans"] == "right"
    assert table.board()["declarations"]["romans"] == "sealed"
    text = table.ok("show", table.game, "--side", "gauls").stdout + table.ok("status", table.game).stdout
    text += table.ok("status", table.game, "--json").stdout
    assert secret not in text and "romans right" not in text
    table.ok("site", str(tmp_path / "site"))
    pages = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "site").rglob("*.html"))
    assert secret not in pages and '"right"' not in pages and "sealed" in pages
    mails = "".join(
        p.read_text(encoding="utf-8", errors="replace") for p in (tmp_path / "outbox").rglob("*") if p.is_file()
    )
    assert mails and secret not in mails
    receipt = table.submit("gauls", "declare gcentre")
    (resolved,) = receipt["resolved"]
    assert resolved["narrative"][0] == "declarations revealed: romans declares right, gauls declares gcentre"
    table.ok("site", str(tmp_path / "site2"))
    pages = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "site2").rglob("*.html"))
    assert secret in pages and "declare gcentre" in pages


def test_PC_PBEM_10_refusals_name_line_column_rule_and_what_is_legal(tmp_path: Path) -> None:
    """[PC.PBEM.10] [PC.SEQ.2]: a bad declaration is refused with the rule ID and the legal groups; nothing is filed."""
    table = Table(tmp_path / "c.db", seed=1)
    table.open("open-field", "fair")
    res = table.cli(
        "orders", "submit", table.game, "--player", "alice", "--side", "romans", "-", input="declare middle\n"
    )
    assert res.exit_code == 1
    assert "line 1, column 9" in res.output and "[PC.SEQ.2]" in res.output
    assert "centre" in res.output and "left" in res.output
    assert {w["side"] for w in table.status()["waiting_for"]} == {"romans", "gauls"}


@pytest.mark.usefixtures("no_digests")
def test_a_position_from_a_file_and_scenario_check(tmp_path: Path) -> None:
    """A Proconsul position from a file: `scenario check` lists every problem with its line; `game new --scenario FILE`
    starts the game there, with its markers."""
    from games.proconsul.scenario import scenario_doc

    good = tmp_path / "position.toml"
    good.write_text(scenario_doc("open-field-round-2").text, encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(scenario_doc("open-field").text.replace('hex = "0309"', 'hex = "9999"'), encoding="utf-8")
    table = Table(tmp_path / "c.db", seed=1)
    table.ok("init")
    res = table.cli("scenario", "check", "--ruleset", "proconsul", str(bad))
    assert res.exit_code == 1 and "stands[0].hex" in res.output
    table.ok("player", "add", "alice", "--email", "alice@example.org")
    table.ok("player", "add", "bob", "--email", "bob@example.org")
    game = table.ok(
        "game",
        "new",
        "--ruleset",
        "proconsul",
        "--scenario",
        str(good),
        "--side",
        "romans=alice",
        "--side",
        "gauls=bob",
    ).stdout.strip()
    board = json.loads(table.ok("show", game, "--format", "json").stdout)
    assert board["round"] == 2 and board["melees"][0]["battle"] == ["W2", "L2"]
