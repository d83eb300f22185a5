"""Whole Cry Havoc games played the way a user runs them: `campaign` commands through click's CliRunner.

Two players play every shipped scenario with fair and with manual dice; each phase the computer
player's text is filed with `orders submit`, manual dice answered with `dice enter`. After every
command the board (`show --format json`) is kept; at the end `show --at SEQ` must give, at every
event, the board players were shown live; `audit verify` passes [CH.TURN.1] [CH.DICE.4] [CH.PBEM.25].
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.cry_havoc import RULESET
from tests.clitable import CliTable

SCENARIOS = [s.name for s in RULESET.scenarios()]


class Table(CliTable):
    """One campaign file of Cry Havoc driven only through `campaign` commands."""

    ruleset = RULESET


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
    table.open(scenario, dice, {"turns": start + 1})  # short games keep the file fast
    for _ in range(4000):
        if not table.step():
            break
    st = table.status()
    assert st["ended"], f"the game did not end: {st['phase']}"
    final = table.board()
    assert final["result"] is not None and final["result"]["reason"] == st["ended"]["reason"]
    assert table.ok("audit", "verify").exit_code == 0
    rows = table.log_rows()
    for r in rows:
        assert table.board("--at", str(r["seq"])) == table.expected_board(r["seq"]), f"board at event {r['seq']}"
    rolled = [r for r in rows if r["type"] == "DiceRolled"]
    assert rolled and all(r["payload"]["sides"] == 10 for r in rolled)  # [CH.DICE.1]
    assert all(r["payload"]["purpose"] for r in rolled)


def test_CH_PBEM_24_refused_orders_name_line_rule_and_change_nothing(tmp_path: Path) -> None:
    """[CH.PBEM.24] [CH.TURN.3]: a refused message lists every mistake with line and rule, exit 1, nothing stored."""
    table = Table(tmp_path / "c.db", seed=5)
    table.open("raid", "fair")
    before = table.export()
    text = "move R1 to 2416\nattack V1 with R1\nfire R5 at V99\nmvoe R2 F0\n"
    res = table.cli("orders", "submit", table.game, "--player", "alice", "-", input=text)
    assert res.exit_code == 1
    out = res.output
    assert "line 1" in out and "CH.MOVE.2" in out
    assert "line 2" in out and "CH.COMBAT.4" in out
    assert "line 3" in out and "CH.ROSTER.5" in out and "did you mean" in out
    assert "line 4" in out and "unknown order 'mvoe'" in out
    assert table.export() == before
    res = table.cli("orders", "submit", table.game, "--player", "bob", "-", input="pass\n")
    assert res.exit_code == 1 and "expects no orders from villagers" in res.output
