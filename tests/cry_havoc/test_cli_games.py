"""Whole Cry Havoc games played the way a user runs them: `campaign` commands through click's CliRunner.

Two players play every shipped scenario with fair and with manual dice; each phase the computer
player's text is filed with `orders submit`, manual dice answered with `dice enter`. After every
command the board (`show --format json`) is kept; at the end `show --at SEQ` must give, at every
event, the board players were shown live; `audit verify` passes [CH.TURN.1] [CH.DICE.4] [CH.PBEM.25].
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from campaign.cli import main
from campaign.eventlog import open_store
from campaign.service import Campaign
from games.cry_havoc import RULESET

SCENARIOS = [s.name for s in RULESET.scenarios()]
SIDES = {s.name: s.sides for s in RULESET.scenarios()}
NEEDS_DIE = re.compile(r"a d(\d+) for ")


class Table:
    def __init__(self, db: Path, seed: int) -> None:
        self.db, self.seed, self.runner = db, seed, CliRunner()
        self.game = ""
        self.players: dict[str, str] = {}
        self.boards: dict[int, dict[str, Any]] = {}
        self.resolved_by: dict[int, list[int]] = {}
        self.need: str | None = None
        self.steps = 0

    def ok(self, *args: str, input: str | None = None) -> Result:
        res = self.runner.invoke(main, ["--db", str(self.db), *args], input=input, catch_exceptions=False)
        assert res.exit_code == 0, f"campaign {' '.join(args)} failed:\n{res.output}"
        return res

    def open(self, scenario: str, dice: str, turns: int | None = None) -> None:
        self.ok("init")
        for p in ("alice", "bob"):
            self.ok("player", "add", p, "--email", f"{p}@example.org")
        self.players = dict(zip(SIDES[scenario], ("alice", "bob"), strict=True))
        args = ["game", "new", "--ruleset", "cry-havoc", "--scenario", scenario, "--dice", dice]
        args += [x for side, who in self.players.items() for x in ("--side", f"{side}={who}")]
        if turns:
            args += ["--option", f"turns={turns}"]
        self.game = self.ok(*args).stdout.strip()
        self.record([])

    def status(self) -> dict[str, Any]:
        return json.loads(self.ok("status", self.game, "--json").stdout)

    def board(self, *args: str) -> dict[str, Any]:
        return json.loads(self.ok("show", self.game, "--format", "json", *args).stdout)

    def record(self, resolved: list[int]) -> None:
        self.boards[self.status()["last_seq"]] = self.board()
        self.resolved_by[self.status()["last_seq"]] = resolved

    def state(self) -> Any:
        store = open_store(self.db)
        try:
            return Campaign(store).load(self.game).state
        finally:
            store.close()

    def step(self) -> bool:
        st = self.status()
        if st["ended"]:
            return False
        self.steps += 1
        if st["ready"]:
            match = NEEDS_DIE.search(self.need or "")
            assert match, f"ready but no die asked for: {self.need!r}"
            value = random.Random(self.seed * 7919 + self.steps).randint(1, int(match[1]))
            res = self.ok("dice", "enter", self.game, str(value))
            self.need = res.stdout if "still waiting:" in res.stdout else None
            seqs = [int(m) for m in re.findall(r"^-- resolved .*event (\d+)$", res.stdout, re.M)]
            self.record(seqs)
            return True
        due = st["waiting_for"][0]
        text = RULESET.bot_orders(self.state(), due["side"], self.seed * 1000 + self.steps)
        res = self.ok(
            "orders", "submit", self.game, "--player", due["player"], "--side", due["side"], "--json", "-", input=text
        )
        receipt = json.loads(res.stdout)
        self.need = receipt["waiting_for_dice"]
        self.record([r["seq"] for r in receipt["resolved"]])
        return True


def expected_board(table: Table, seq: int) -> dict[str, Any]:
    keys = sorted(table.boards)
    at = next(k for k in keys if k >= seq)
    i = keys.index(at)
    resolved = table.resolved_by[at]
    if seq == at or i == 0 or any(seq >= r for r in resolved):
        return table.boards[at]
    return table.boards[keys[i - 1]]


GAMES = [
    pytest.param(s, d, marks=() if (s, d) == ("raid", "fair") else (pytest.mark.slow,))
    for s in SCENARIOS
    for d in ("fair", "manual")
]
"""Every scenario with fair and manual dice; all but one marked slow (each digest draws a PNG)."""


@pytest.mark.parametrize(("scenario", "dice"), GAMES)
def test_CH_TURN_1_scenario_played_through_orders_submit_to_a_decision(
    tmp_path: Path, scenario: str, dice: str
) -> None:
    """[CH.TURN.1] [CH.TURN.2] [CH.DICE.4] [CH.DICE.5]: a whole game to its scenario result (cut to a few turns
    with `--option turns=N`; the full-length games run in test_fuzz.py); replay equals live."""
    table = Table(tmp_path / "c.db", seed=SCENARIOS.index(scenario) * 2 + (dice == "manual"))
    start = RULESET.setup(scenario, {}).turn
    table.open(scenario, dice, start + 1)  # short games keep the file fast
    for _ in range(4000):
        if not table.step():
            break
    st = table.status()
    assert st["ended"], f"the game did not end: {st['phase']}"
    final = table.board()
    assert final["result"] is not None and final["result"]["reason"] == st["ended"]["reason"]
    assert table.ok("audit", "verify").exit_code == 0
    rows = [json.loads(line) for line in table.ok("log", table.game, "--json").stdout.splitlines()]
    for r in rows:
        assert table.board("--at", str(r["seq"])) == expected_board(table, r["seq"]), f"board at event {r['seq']}"
    rolled = [r for r in rows if r["type"] == "DiceRolled"]
    assert rolled and all(r["payload"]["sides"] == 10 for r in rolled)  # [CH.DICE.1]
    assert all(r["payload"]["purpose"] for r in rolled)


def test_CH_PBEM_24_refused_orders_name_line_rule_and_change_nothing(tmp_path: Path) -> None:
    """[CH.PBEM.24] [CH.TURN.3]: a refused message lists every mistake with line and rule, exit 1, nothing stored."""
    table = Table(tmp_path / "c.db", seed=5)
    table.open("raid", "fair")
    before = table.ok("export").stdout
    text = "move R1 to 2416\nattack V1 with R1\nfire R5 at V99\nmvoe R2 F0\n"
    res = table.runner.invoke(
        main, ["--db", str(table.db), "orders", "submit", table.game, "--player", "alice", "-"], input=text
    )
    assert res.exit_code == 1
    out = res.output
    assert "line 1" in out and "CH.MOVE.2" in out
    assert "line 2" in out and "CH.COMBAT.4" in out
    assert "line 3" in out and "CH.ROSTER.5" in out and "did you mean" in out
    assert "line 4" in out and "unknown order 'mvoe'" in out
    assert table.ok("export").stdout == before
    res = table.runner.invoke(
        main, ["--db", str(table.db), "orders", "submit", table.game, "--player", "bob", "-"], input="pass\n"
    )
    assert res.exit_code == 1 and "expects no orders from villagers" in res.output
