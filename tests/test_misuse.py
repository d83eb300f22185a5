"""Every command, misused: a plain one-line message, exit 1 (click usage errors: 2), the file unchanged.

Issue 14: no traceback for any user mistake. ``CASES`` must name every command, so a new command
cannot ship without its misuse cases.
"""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from campaign.cli import main
from tests.test_cli import _commands, game  # noqa: F401 (the game fixture)

MISSING = "/no/such/dir/file.txt"

CASES: dict[str, list[list[str]]] = {
    "audit bundle": [
        ["99", "{tmp}/b"],
        ["abc", "{tmp}/b"],
        ["1", "{db}"],
        ["1", "-o", "{db}"],
        ["1"],
        ["1", "x.zip", "-o", "y.zip"],
    ],
    "audit dice": [["99"], ["0"]],
    "audit shadow": [["99"]],
    "audit verify": [["99"]],
    "demo": [["--out", "{db}"], ["--scenario", "no-such-scenario", "--out", "{tmp}/demo"]],
    "dice clear": [["99"], ["1"]],
    "dice enter": [["99", "3"], ["1", "3"], ["1", "0"]],
    "dice reveal": [["99"], ["x1"]],
    "export": [["99"], ["game:0"]],
    "game list": [],
    "game replace": [
        ["99", "blue", "bob", "--reason", "x"],
        ["1", "green", "bob", "--reason", "x"],
        ["1", "blue", "nobody", "--reason", "x"],
        ["1", "blue", "alice", "--reason", "x"],
    ],
    "game end": [
        ["99", "--winner", "blue", "--reason", "x"],
        ["1", "--winner", "green", "--reason", "x"],
        ["1", "--winner", "blue", "--reason", " "],
    ],
    "game abandon": [["99", "--reason", "x"], ["1", "--reason", ""], ["1"]],
    "game new": [
        ["--ruleset", "nope", "--scenario", "sprint", "--side", "blue=alice", "--side", "red=bob"],
        ["--ruleset", "race", "--scenario", "nope", "--side", "blue=alice", "--side", "red=bob"],
        ["--ruleset", "race", "--scenario", "sprint", "--side", "blue=nobody", "--side", "red=bob"],
        ["--ruleset", "race", "--scenario", "sprint", "--side", "green=alice", "--side", "red=bob"],
        ["--ruleset", "race", "--scenario", "sprint", "--side", "blue", "--side", "red=bob"],
        [
            "--ruleset",
            "race",
            "--scenario",
            "sprint",
            "--side",
            "blue=alice",
            "--side",
            "red=bob",
            "--deadline",
            "soon",
        ],
    ],
    "hex": [["9999", "--game", "1"], ["0101", "--game", "99"], ["zz", "--columns", "5", "--rows", "5"], ["0101"]],
    "import": [[MISSING], ["{junk}"]],
    "init": [],
    "log": [["99"], ["-3"]],
    "mail digests": [],
    "mail ingest": [[MISSING], ["{tmp}"], ["imap://"]],
    "mail queue": [],
    "mail trust": [["--unchecked", "maybe"], ["not an id"]],
    "mail send": [["--smtp", "nowhere"], ["--smtp", "127.0.0.1:notaport"]],
    "orders submit": [
        ["99", "--player", "alice", "{orders}"],
        ["1", "--player", "nobody", "{orders}"],
        ["1", "--player", "alice", MISSING],
    ],
    "orders wait": [["99", "--player", "alice"], ["1", "--player", "nobody"]],
    "orders withdraw": [["99", "--player", "alice"], ["1", "--player", "bob"]],
    "player add": [
        ["alice", "--email", "alice@example.org"],
        ["", "--email", "x@example.org"],
        ["carol", "--email", "carol@example.org", "--tz", "Mars/Olympus"],
    ],
    "player list": [],
    "player set": [
        ["nobody", "--email", "x@example.org"],
        ["alice", "--email", "a@x.org,victim@y.org"],
        ["alice", "--email", "bob@example.org"],
    ],
    "referee password": [["nobody"]],
    "referee deadline": [
        ["99", "--extend", "2d"],
        ["1", "--extend", "2d"],
        ["1", "--set", "soon"],
        ["1", "--set", "0"],
        ["1"],
        ["1", "--pause", "--resume"],
    ],
    "referee absence": [
        ["nobody", "2026-01-01", "2026-01-02", "--reason", "x"],
        ["alice", "2026-01-05", "2026-01-01", "--reason", "x"],
        ["alice", "tomorrow", "2026-01-01", "--reason", "x"],
    ],
    "referee resign": [
        ["99", "blue", "--reason", "x"],
        ["1", "green", "--reason", "x"],
        ["1", "blue", "--reason", " "],
    ],
    "legal": [["99", "--side", "blue"], ["1", "--side", "green"], ["1", "zz", "--side", "blue"], ["1"]],
    "orders check": [
        ["99", "--player", "alice", "{orders}"],
        ["1", "--player", "nobody", "{orders}"],
        ["1", "--player", "alice", "--side", "red", "{orders}"],
        ["1", "--player", "alice", MISSING],
    ],
    "referee void": [["99", "1", "--reason", "x"], ["1", "99999", "--reason", "x"]],
    "rulesets": [],
    "scenario check": [[MISSING], ["{junk}"], ["--ruleset", "nope", "{junk}"]],
    "show": [
        ["99"],
        ["1", "--turn", "99"],
        ["1", "--turn", "-1"],
        ["1", "--at", "99999"],
        ["1", "--side", "green"],
        ["1", "-o", "{tmp}/no/dir/x.txt"],
        ["1", "--units", "--format", "png"],
        ["1", "--units", "--side", "green"],
    ],
    "sheet": [
        ["99", "--player", "alice"],
        ["1", "--player", "nobody"],
        ["1", "--player", "alice", "--side", "red"],
        ["1", "--player", "alice", "-o", "{db}"],
        ["1", "--player", "alice", "-o", "{tmp}/no/dir/x.html"],
        ["1", "--player", "alice", "--json"],
        ["1"],
    ],
    "site": [["{db}"], ["-o", "{db}"], ["a", "-o", "b"], []],
    "status": [["99"], ["nope"]],
    "standings": [],
    "strategic sync": [],
    "strategic result": [
        ["99", "--region", "ford", "--winner", "north", "--reason", "club night"],
        ["abc", "--region", "ford", "--winner", "north", "--reason", "club night"],
        ["1", "--region", "ford", "--winner", "north", "--reason", "club night"],
        ["1", "--region", "ford", "--winner", "north", "--reason", "x", "--loss", "N1-2"],
    ],
    "strategic map": [["99", "-o", "{tmp}/m.png"], ["1", "-o", "{tmp}/m.png"]],
    "tick": [["--now", "yesterday"]],
}
"""Misuse cases per command, on a campaign with one running toy game (game 1) and players alice, bob."""

NEEDS_NO_FILE = {"init", "import", "demo", "rulesets", "scenario check", "hex", "mail queue"}
"""Commands that do not open an existing campaign file (`mail queue` reads only the outbox folder)."""


def _fill(args: list[str], tmp: Path, db: Path) -> list[str]:
    junk = tmp / "junk.txt"
    junk.write_text("this is not { a campaign export\n")
    orders = tmp / "orders.txt"
    orders.write_text("advance 2\n")
    return [a.format(tmp=tmp, db=db, junk=junk, orders=orders) for a in args]


def _snapshot(db: Path) -> bytes:
    runner = CliRunner()
    res = runner.invoke(main, ["--db", str(db), "export", "--with-secrets"])
    assert res.exit_code == 0
    return res.stdout_bytes


def _check(res: click.testing.Result, what: str) -> None:
    assert res.exception is None or isinstance(res.exception, SystemExit), f"{what}: raised {res.exception!r}"
    assert res.exit_code in (1, 2), f"{what}: exit {res.exit_code}\n{res.output}"
    assert "Traceback" not in res.output, f"{what}: traceback\n{res.output}"
    errors = [line for line in res.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 or res.output.startswith("orders refused"), f"{what}: no one-line error\n{res.output}"


def test_every_command_has_misuse_cases() -> None:
    paths = {" ".join(p) for p in _commands(main)[1:]}
    groups = {" ".join(p) for p in _commands(main)[1:] if isinstance(_resolve(p), click.Group)}
    assert sorted(paths - groups - set(CASES)) == [], "add misuse cases for these commands"


def _resolve(path: tuple[str, ...]) -> click.Command:
    cmd: click.Command = main
    for name in path:
        assert isinstance(cmd, click.Group)
        cmd = cmd.get_command(click.Context(cmd), name)
        assert cmd is not None, name
    return cmd


@pytest.mark.parametrize("command", sorted(CASES))
def test_misuse_gives_one_plain_line_and_leaves_the_file_unchanged(command: str, game: Path, tmp_path: Path) -> None:  # noqa: F811
    runner = CliRunner()
    before = _snapshot(game)
    for args in CASES[command]:
        full = ["--db", str(game), *command.split(), *_fill(args, tmp_path, game)]
        res = runner.invoke(main, full)
        _check(res, " ".join(full))
    assert _snapshot(game) == before


@pytest.mark.parametrize("command", sorted(set(CASES) - NEEDS_NO_FILE))
def test_a_missing_or_wrong_campaign_file_is_a_plain_error(command: str, tmp_path: Path) -> None:
    runner = CliRunner()
    args = _fill((CASES[command] or [[]])[0], tmp_path, tmp_path / "x.db")
    for db in (tmp_path / "none.db", tmp_path, tmp_path / "nodir" / "c.db"):
        res = runner.invoke(main, ["--db", str(db), *command.split(), *args])
        _check(res, f"--db {db} {command}")
    junk = tmp_path / "junk.db"
    junk.write_text("not sqlite at all " * 100)
    res = runner.invoke(main, ["--db", str(junk), *command.split(), *args])
    _check(res, f"--db junk {command}")
