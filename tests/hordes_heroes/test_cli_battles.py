"""Hordes & Heroes battles fought the way a user runs them: `campaign` commands through click's CliRunner
[issue 4, issue 5; HH.ZOC.2, HH.MOVE.4, HH.MOVE.19, HH.SEQ.9, HH.WIN.*, HH.DATA.4].

Two players, alice and bob, play every shipped scenario. Each turn the script reads `status --json` to
see who must act, asks the computer player (`RULESET.bot_orders`) for legal text and files it with
`orders submit ... -`; in manual-dice games it answers "needs die N: a dK for ..." with one
`dice enter` of a die from a seeded `random.Random`. After every command it keeps the board as
`show --format json` showed it then, and every resolution's narrative as the command told it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from games.hordes_heroes import RULESET
from tests.clitable import CliTable

pytestmark = pytest.mark.slow  # whole battles through the CLI (minutes); `pytest -m "not slow"` leaves it out

SCENARIOS = [s.name for s in RULESET.scenarios()]
SIDES = {s.name: s.sides for s in RULESET.scenarios()}
SHORTER = {"pitched-150": 5, "river-woods": 5}
"""Turn limits cut (still at least 3 turns) to keep the file inside its time budget; the others run in full."""
HEX = re.compile(r"^\d{4}$")
FACINGS = {"E", "ENE", "NE", "N", "NW", "WNW", "W", "WSW", "SW", "S", "SE", "ESE"}
UNIT_FIELDS = {"id", "side", "name", "class", "hex", "facing", "formation", "stands", "disrupted"}
UNIT_FIELDS |= {"static_combat", "hold_fire", "eliminated"}
GENERAL_FIELDS = {"id", "side", "hex", "host", "hero", "alive"}


class Table(CliTable):
    """One campaign file of Hordes & Heroes driven only through `campaign` commands."""

    ruleset = RULESET
    RESOLVED = re.compile(r"^-- resolved turn \d+, .* \(\d+ dice\), event (\d+)$")
    """Stricter than the shared pattern: every H&H resolution line names its turn and counts its dice."""

    def due(self, status: dict[str, Any]) -> list[dict[str, Any]]:
        """`status --json`'s waiting_for, less the optional requests (standing orders, a free edge wish)."""
        optional = {(r.side, r.key) for r in self.ruleset.pending(self.state()) if r.optional}
        return [w for w in status["waiting_for"] if (w["side"], w["key"]) not in optional]


# --- issue 5: whole battles ------------------------------------------------------------------------


@pytest.mark.parametrize("dice", ["fair", "manual"])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_issue5_HH_WIN_battle_played_by_orders_submit_to_a_decision_replays_to_the_same_boards_and_narrative(
    tmp_path: Path, scenario: str, dice: str
) -> None:
    """Issue 5, HH.WIN.1-10, HH.SEQ.15: a complete battle of the scenario, fought through `orders submit` (and
    `dice enter` for manual dice) to a victory or the points count at the turn limit; `audit verify` passes,
    `audit shadow` finds no difference, and at every event of the game `show --at SEQ` gives the board players
    were shown live and `log --json` the narrative they were told."""
    table = Table(tmp_path / "c.db", seed=SCENARIOS.index(scenario) * 2 + (dice == "manual"))
    options = {"max_game_turns": SHORTER[scenario]} if scenario in SHORTER else {}
    table.open(scenario, dice, options)
    for _ in range(3000):
        if not table.step():
            break
    st = table.status()
    assert st["ended"], f"the battle did not end: {st['phase']}"
    assert "[HH.WIN." in st["ended"]["reason"], st["ended"]
    final = table.board()
    assert final["outcome"] == {"winner": st["ended"].get("winner"), "reason": st["ended"]["reason"]}
    assert final["phase"] == "game over" and final["turn"] >= 1

    assert table.ok("audit", "verify").exit_code == 0
    shadow = json.loads(table.ok("audit", "shadow", table.game, "--json").stdout)
    rows = table.log_rows()
    resolutions = [r for r in rows if r["type"] == "PhaseResolved"]
    assert shadow == {"checked": len(resolutions), "differences": []}

    assert {r["seq"]: r["narrative"] for r in resolutions} == table.told
    assert any("[HH." in line for lines in table.told.values() for line in lines)
    seqs = [r["seq"] for r in rows]
    assert seqs[-1] == st["last_seq"] and not any(r["voided"] for r in rows)
    assert table.boards[min(table.boards)] != final
    for seq in seqs:
        assert table.board("--at", str(seq)) == table.expected_board(seq), f"board at event {seq}"

    rolled = [r for r in rows if r["type"] == "DiceRolled"]
    assert rolled, "a battle with no dice"
    if dice == "manual":
        entered = [v for r in rows if r["type"] == "DiceEntered" for v in r["payload"]["values"]]
        assert len(rolled) == table.dice_entered == len(entered)
        assert [r["payload"]["value"] for r in rolled] == entered
        assert st["manual_dice_queued"] == []
    else:
        assert table.dice_entered == 0 and all(r["payload"]["mode"] == "fair" for r in rolled)


# --- issue 4: orders, refusals and the board -------------------------------------------------------


@dataclass
class Refusal:
    """One illegal bundle tried in a bound before the legal one."""

    bound: str
    text: str
    result: Result
    log_unchanged: bool
    expected: list[str]


@dataclass
class Skirmish:
    """A game of each scenario deployed and moved for several bounds, with an illegal bundle tried in each."""

    table: Table
    deployed: dict[str, Any]
    refusals: list[Refusal]
    bounds: list[str]


def generic_mistakes(board: dict[str, Any], side: str) -> tuple[str, list[str]]:
    """Three mistakes for any board: an enemy unit moved, a hex off the map, a wrong unit name."""
    live = [u for u in board["units"] if not u["eliminated"] and u["hex"]]
    own = [u for u in live if u["side"] == side]
    enemy = next(u for u in live if u["side"] != side)
    first, last = own[0], own[-1]
    text = "\n".join(
        [
            f"move {enemy['id']} {enemy['hex']}",
            f"move {first['id']} 9999",
            f'move {last["id"]} "Imaginary Hussars" {last["hex"]}',
        ]
    )
    expected = [
        "orders refused: 3 errors; nothing was stored",
        f"line 1: unit {enemy['id']} ({enemy['name']}) belongs to {enemy['side']} [not-yours]",
        f"line 2, column {7 + len(str(first['id']))}: hex 9999 is off the map: columns run 1-",
        f"line 3, column {8 + len(str(last['id']))}: unit {last['id']} is '{last['name']}', not 'Imaginary Hussars'"
        " [syntax]",
    ]
    return text, expected


@pytest.fixture(scope="module", params=SCENARIOS)
def skirmish(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Skirmish:
    """Play (manual dice, seeded) until three bounds are resolved, trying an illegal bundle first in each."""
    table = Table(tmp_path_factory.mktemp("bounds") / "c.db", seed=101 + SCENARIOS.index(request.param))
    table.open(request.param, "manual")
    refusals: list[Refusal] = []
    bounds: list[str] = []
    deployed: dict[str, Any] | None = None
    for _ in range(1000):
        st = table.status()
        due = [] if st["ended"] or st["ready"] else table.due(st)
        if due and due[0]["key"].startswith("bound-") and due[0]["key"] not in bounds:
            if len(bounds) == 3:
                break
            board = table.board()
            deployed = deployed or board
            bounds.append(due[0]["key"])
            text, expected = generic_mistakes(board, due[0]["side"])
            res, same = table.submit_refused(due[0]["side"], text)
            refusals.append(Refusal(due[0]["phase"], text, res, same, expected))
        if not table.step():
            break
    assert deployed is not None
    return Skirmish(table, deployed, refusals, bounds)


def test_issue4_every_scenario_deploys_and_moves_for_several_bounds_through_orders_submit(skirmish: Skirmish) -> None:
    """Issue 4: a game of each shipped scenario is deployed (every unit on a CCRR hex) and moved for three
    bounds through `orders submit`; in each bound an illegal bundle is refused first (exit 1, every line
    and code named, nothing stored, `export` byte-identical) and the legal one is then accepted."""
    table = skirmish.table
    assert len(skirmish.bounds) == 3 and len(skirmish.refusals) == 3
    assert all(HEX.match(u["hex"]) for u in skirmish.deployed["units"] if not u["eliminated"])
    moves = [r for r in table.log_rows() if r["type"] == "PhaseResolved" and " bound: " in r["payload"]["phase"]]
    assert len(moves) == 3 and all(r["seq"] in table.told for r in moves)
    was = {u["id"]: (u["hex"], u["facing"]) for u in skirmish.deployed["units"]}
    assert any(was[u["id"]] != (u["hex"], u["facing"]) for u in table.board()["units"]), "three bounds, no move"
    for r in skirmish.refusals:
        assert r.result.exit_code == 1, (r.bound, r.result.output)
        assert r.log_unchanged, f"refused orders changed the log in {r.bound}"
        for piece in r.expected:
            assert piece in r.result.stderr, f"{piece!r} not in:\n{r.result.stderr}"
        assert "Traceback" not in r.result.output and r.result.stdout == ""


def test_issue4_item7_show_json_text_and_svg_describe_the_same_units_and_generals(skirmish: Skirmish) -> None:
    """Issue 4 item 7, HH.DATA.4, HH.DATA.5: `show --format json` gives turn, phase, active side and every field
    of every unit and general; `--format text` lists the same units (id, name, class, hex, facing, formation,
    stands) and generals, and `--format svg` draws a counter for each unit on the table at its hex."""
    table = skirmish.table
    board = table.board()
    assert {"turn", "phase", "active_side", "units", "generals"} <= board.keys()
    assert isinstance(board["turn"], int) and board["active_side"] in SIDES[board["scenario"]]
    for u in board["units"]:
        assert UNIT_FIELDS <= u.keys(), u
        assert u["side"] in SIDES[board["scenario"]] and u["facing"] in FACINGS
        assert u["class"] in {"A", "B", "C", "D", "E"} and isinstance(u["formation"], str)
        assert (u["hex"] is None) if u["eliminated"] else bool(HEX.match(u["hex"])), u
        assert isinstance(u["stands"], int) and all(type(u[k]) is bool for k in ("disrupted", "static_combat"))
        assert type(u["hold_fire"]) is bool and type(u["eliminated"]) is bool
    for g in board["generals"]:
        assert GENERAL_FIELDS <= g.keys(), g
        assert g["hex"] is None or HEX.match(g["hex"]), g
        assert g["host"] is None or g["host"] in {u["id"] for u in board["units"] if u["hex"] == g["hex"]}

    text = table.ok("show", table.game).stdout
    for u in board["units"]:
        where = "eliminated" if u["eliminated"] else u["hex"]
        row = rf"^\s*{u['id']} {re.escape(u['name'])}\s+{u['class']} {where}\s+{u['facing']}\s+{u['formation']}\s+"
        assert re.search(row + rf"{u['stands']}/\d+", text, re.M), f"unit {u['id']} not in the text board:\n{text}"
    for g in board["generals"]:
        where = g["hex"] if g["alive"] and g["hex"] else ("lost" if not g["alive"] else "not deployed")
        host = f" with unit {g['host']}" if g["host"] is not None else ""
        assert re.search(rf"^\s*g{g['id']}\s.* at {where}{host}$", text, re.M), f"general {g['id']}:\n{text}"

    svg = table.ok("show", table.game, "--format", "svg").stdout
    assert "<svg" in svg[:200] and svg.rstrip().endswith("</svg>")
    drawn = {(h, int(i)): abbr for h, i, abbr in re.findall(r"<title>(\d{4}): (\d+) ([^ (]+) \(", svg)}
    live = {(u["hex"], u["id"]): u["name"] for u in board["units"] if not u["eliminated"]}
    assert drawn.keys() == live.keys()
    for key, abbr in drawn.items():
        name = iter(live[key])
        assert all(ch in name for ch in abbr), f"counter {key[1]} {abbr!r} does not abbreviate {live[key]!r}"


@pytest.fixture(scope="module")
def towton(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """The mid-battle scenario at its start: York's bound of turn 3, armies in contact (a known board)."""
    table = Table(tmp_path_factory.mktemp("towton") / "c.db", seed=0)
    table.open("skirmish-midbattle", "fair")
    return table


LEGAL = "move 5 0207\nmove 4 0306\nmove 6 0307\n"
"""Three legal York moves; the third is legal only because the second emptied 0307."""


@pytest.mark.parametrize(
    ("side", "text", "expected"),
    [
        pytest.param(
            "york",
            LEGAL + "move 2 0406 0405 0404\n",
            [
                "line 4: unit 2 (Retinue Longbowmen) cannot reach 0404: it entered the zone of control of enemy"
                " unit 11 at 0405 [HH.ZOC.2]",
                "    move 2 0406 0405 0404",
                "hint: a move stops on contact",
            ],
            id="through-enemy-ZOC",
        ),
        pytest.param(
            "york",
            "move 1 0506 0406\n",
            ["line 1: unit 1 (Mounted Men-at-Arms) stopped on contact at 0506", "enemy unit 11", "[HH.ZOC.2]"],
            id="on-after-contact",
        ),
        pytest.param(
            "york",
            LEGAL + "move 11 0504\n",
            ["line 4: unit 11 (Mounted Men-at-Arms) belongs to lancaster [not-yours]"],
            id="enemy-unit",
        ),
        pytest.param(
            "york",
            LEGAL + "move 2 1511\n",
            ["line 4, column 8: hex 1511 is off the map: columns run 1-12 and rows 1-10 [syntax]"],
            id="off-the-map",
        ),
        pytest.param(
            "york",
            LEGAL + 'move 2 "Mounted Men-at-Arms" 0406\n',
            ["line 4, column 9: unit 2 is 'Retinue Longbowmen', not 'Mounted Men-at-Arms' [syntax]"],
            id="wrong-unit-name",
        ),
        pytest.param(
            "york",
            "move 6 0307\nmove 4 0306\n",
            [
                "line 1: unit 6 (Peasant Horde) may not end its move in 0307: unit 4 (Levy Billmen) is there"
                " [HH.MOVE.19]"
            ],
            id="hex-not-yet-emptied",
        ),
        pytest.param(
            "york",
            "move 6 0309\n",
            [
                "line 1: unit 6 (Peasant Horde) cannot reach 0309: the move costs 2 MP but its allowance is 1 MP",
                "[HH.MOVE.4]",
            ],
            id="beyond-allowance",
        ),
        pytest.param(
            "lancaster",
            "move 11 0504\n",
            ["it is york's bound; only standing orders (`standing ...` lines) may be sent now [HH.SEQ.9]"],
            id="out-of-turn",
        ),
        pytest.param(
            "york",
            'move 5 0207\nmove 11 0504\nmove 2 1511\nmove 4 "Retinue Longbowmen" 0306\n',
            [
                "orders refused: 3 errors; nothing was stored",
                "line 2: unit 11 (Mounted Men-at-Arms) belongs to lancaster [not-yours]",
                "line 3, column 8: hex 1511 is off the map",
                "line 4, column 9: unit 4 is 'Levy Billmen', not 'Retinue Longbowmen' [syntax]",
            ],
            id="three-mistakes-all-reported",
        ),
    ],
)
def test_issue4_HH_ZOC_2_refused_orders_name_the_line_and_rule_and_store_nothing(
    towton: Table, side: str, text: str, expected: list[str]
) -> None:
    """Issue 4, HH.ZOC.2, HH.MOVE.4, HH.MOVE.19, HH.SEQ.9: `orders submit` of an illegal bundle exits 1; stderr
    says nothing was stored and names each mistake's line and rule id in brackets; the log (`export`) is
    byte-identical and York still owes its bound."""
    res, unchanged = towton.submit_refused(side, text)
    assert res.exit_code == 1 and unchanged and res.stdout == ""
    assert "nothing was stored" in res.stderr.splitlines()[0] and "Traceback" not in res.output
    for piece in expected:
        assert piece in res.stderr, f"{piece!r} not in:\n{res.stderr}"
    assert towton.status()["waiting_for"][0]["side"] == "york"


def test_issue4_HH_MOVE_27_the_bundle_ending_its_move_at_the_contact_hex_is_accepted_and_resolved(
    tmp_path: Path,
) -> None:
    """Issue 4, HH.MOVE.27, HH.ZOC.2: the same legal lines with a move that ends where it makes contact are
    accepted; the receipt echoes them in canonical form with their hash, and the bound resolves with the contact."""
    table = Table(tmp_path / "c.db", seed=0)
    table.open("skirmish-midbattle", "fair")
    res = table.ok("orders", "submit", table.game, "--player", "alice", "-", input=LEGAL + "move 1 0506\n")
    assert "Orders accepted for york in game 1 (bound-3-york)" in res.stdout
    assert '    move 6 "Peasant Horde" 0307\n    move 1 "Mounted Men-at-Arms" 0506\n' in res.stdout
    assert re.search(r"^Orders hash: +[0-9a-f]{64}$", res.stdout, re.M)
    assert "-- Resolved turn 3, " in res.stdout
    assert "unit 1 (Mounted Men-at-Arms) makes contact with unit 11 at 0506 and faces NE [HH.MOVE.27]" in res.stdout
    st = table.status()
    assert st["ended"] or st["waiting_for"][0]["side"] == "lancaster"
