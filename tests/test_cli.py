"""The `campaign` command line, as a user runs it: every command, its help, its errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from campaign.cli import main
from tests.conftest import ROOT


def run(runner: CliRunner, db: Path, *args: str, input: str | None = None) -> Result:
    return runner.invoke(main, ["--db", str(db), *args], input=input, catch_exceptions=False)


NEW_RACE = ("game", "new", "--ruleset", "race", "--scenario", "sprint", "--side", "blue=alice", "--side", "red=bob")
"""A toy race between alice (blue) and bob (red): the `game` fixture's game 1."""


@pytest.fixture
def game(runner: CliRunner, tmp_path: Path) -> Path:
    db = tmp_path / "c.db"
    assert run(runner, db, "init").exit_code == 0
    assert run(runner, db, "player", "add", "alice", "--email", "alice@example.org").exit_code == 0
    assert run(runner, db, "player", "add", "bob", "--email", "bob@example.org").exit_code == 0
    res = run(runner, db, *NEW_RACE)
    assert res.exit_code == 0 and res.stdout.strip() == "1"
    return db


def _sub(group: click.Group, name: str) -> click.Command:
    """The subcommand `name` of `group`, loaded as click loads it (the top group imports commands lazily)."""
    cmd = group.get_command(click.Context(group), name)
    assert cmd is not None, name
    return cmd


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [prefix]
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None, name
        if isinstance(cmd, click.Group):
            out += _commands(cmd, (*prefix, name))
        else:
            out.append((*prefix, name))
    return out


@pytest.mark.parametrize("path", _commands(main), ids=lambda p: " ".join(p) or "campaign")
def test_every_command_has_help_ending_in_an_example(runner: CliRunner, path: tuple[str, ...]) -> None:
    res = runner.invoke(main, [*path, "--help"])
    assert res.exit_code == 0
    assert "Example:" in res.output and "campaign" in res.output.split("Example:")[1]
    short = runner.invoke(main, [*path, "-h"])
    assert short.exit_code == 0


def test_every_command_is_documented_in_the_readme_or_docs() -> None:
    docs = (ROOT / "README.md").read_text() + "".join(p.read_text() for p in (ROOT / "docs").rglob("*.md"))
    for path in _commands(main)[1:]:
        assert f"campaign {' '.join(path)}" in docs, f"`campaign {' '.join(path)}` is not documented"


def test_orders_flow_resolves_and_prints_a_receipt(runner: CliRunner, game: Path) -> None:
    res = run(runner, game, "orders", "submit", "1", "--player", "alice", "-", input="advance 2\n")
    assert res.exit_code == 0 and "Orders accepted for blue" in res.stdout and "Orders hash:" in res.stdout
    res = run(runner, game, "orders", "submit", "1", "--player", "bob", "--json", input="advance 1\n")
    data = json.loads(res.stdout)
    assert data["side"] == "red" and len(data["resolved"]) == 1 and data["resolved"][0]["dice"] == 2
    status = json.loads(run(runner, game, "status", "1", "--json").stdout)
    assert status["turn"] == 2 and {w["side"] for w in status["waiting_for"]} == {"blue", "red"}
    assert status["commitment"] and status["seed_no"] == 2
    assert all(w["optional"] is False for w in status["waiting_for"])


def test_refused_orders_list_every_error_and_change_nothing(runner: CliRunner, game: Path) -> None:
    before = run(runner, game, "export").stdout
    res = run(runner, game, "orders", "submit", "1", "--player", "alice", input="advance 7\ncharge!\n")
    assert res.exit_code == 1
    assert "2 errors; nothing was stored" in res.stderr
    assert "line 1, column 9: advance takes a number from 1 to 3 [E-RANGE]" in res.stderr
    assert "line 2, column 1: unknown order 'charge!' [E-VERB]" in res.stderr
    assert "Traceback" not in res.output
    assert run(runner, game, "export").stdout == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["orders", "submit", "1", "--player", "carol"], "'carol' plays no side in game 1"),
        (["orders", "submit", "7", "--player", "alice"], "there is no game 7"),
        (["orders", "submit", "x", "--player", "alice"], "'x' is not a game id"),
        (["show", "1", "--side", "green"], "game 1 has no side 'green'"),
        (["game", "new", "--ruleset", "chess", "--scenario", "s", "--side", "a=alice"], "no ruleset named 'chess'"),
        (["game", "new", "--ruleset", "race", "--scenario", "s", "--side", "a=alice"], "has no scenario 's'"),
        (["game", "new", "--ruleset", "race", "--scenario", "sprint", "--side", "blue=alice"], "has sides blue, red"),
        (
            ["game", "new", "--ruleset", "race", "--scenario", "sprint", "--side", "blue=zed", "--side", "red=bob"],
            "there is no player 'zed'",
        ),
        (["player", "add", "alice", "--email", "x@example.org"], "already a player called 'alice'"),
        (["player", "add", "carol", "--email", "not-an-address"], "is not an email address"),
        (["dice", "enter", "1", "3"], "uses fair dice"),
        (["init"], "already exists"),
    ],
)
def test_user_mistakes_exit_1_with_a_plain_message(
    runner: CliRunner, game: Path, args: list[str], message: str
) -> None:
    res = run(runner, game, *args, input="advance 1\n")
    assert res.exit_code == 1, res.output
    assert message in res.stderr and "Traceback" not in res.stderr


def test_a_missing_campaign_file_is_a_plain_error(runner: CliRunner, tmp_path: Path) -> None:
    res = run(runner, tmp_path / "none.db", "status", "1")
    assert res.exit_code == 1 and "run `campaign init` first" in res.stderr


def test_orders_for_the_other_side_or_after_the_end_are_refused(runner: CliRunner, game: Path) -> None:
    run(runner, game, "orders", "submit", "1", "--player", "alice", input="advance 1\n")
    res = run(runner, game, "orders", "submit", "1", "--player", "alice", "--side", "red", input="advance 1\n")
    assert res.exit_code == 1 and "does not command side 'red'" in res.stderr


def test_show_text_json_and_at_an_earlier_event(runner: CliRunner, game: Path) -> None:
    run(runner, game, "orders", "submit", "1", "--player", "alice", input="advance 2\n")
    run(runner, game, "orders", "submit", "1", "--player", "bob", input="advance 2\n")
    now = json.loads(run(runner, game, "show", "1", "--format", "json").stdout)
    assert now["turn"] == 2
    rows = [json.loads(line) for line in run(runner, game, "log", "1", "--json").stdout.splitlines()]
    created = str(next(r["seq"] for r in rows if r["type"] == "SeedCommitted"))
    then = json.loads(run(runner, game, "show", "1", "--format", "json", "--at", created).stdout)
    assert then["turn"] == 1 and then["positions"] == {"blue": 0, "red": 0}
    turn1 = json.loads(run(runner, game, "show", "1", "--format", "json", "--turn", "1").stdout)
    assert turn1 == now
    assert "blue" in run(runner, game, "show", "1").stdout
    res = run(runner, game, "show", "1", "--format", "svg")
    assert res.exit_code == 0 and "<svg" in res.stdout[:200] and "Blue" in res.stdout
    png = game.parent / "board.png"
    res = run(runner, game, "show", "1", "--format", "png", "-o", str(png))
    assert res.exit_code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_log_lists_events_and_narrative(runner: CliRunner, game: Path) -> None:
    run(runner, game, "orders", "submit", "1", "--player", "alice", input="advance 2\n")
    run(runner, game, "orders", "submit", "1", "--player", "bob", input="hold\n")
    text = run(runner, game, "log", "1").stdout
    assert "GameCreated" in text and "PhaseResolved" in text and "| red holds at 0" in text
    rows = [json.loads(line) for line in run(runner, game, "log", "1", "--json").stdout.splitlines()]
    assert [r["type"] for r in rows][:2] == ["GameCreated", "SeedCommitted"]
    assert next(r for r in rows if r["type"] == "PhaseResolved")["narrative"][0] == "red holds at 0"


def test_export_then_import_reproduces_the_chain_head(runner: CliRunner, game: Path, tmp_path: Path) -> None:
    for _ in range(3):
        run(runner, game, "orders", "submit", "1", "--player", "alice", input="advance 1\n")
        run(runner, game, "orders", "submit", "1", "--player", "bob", input="advance 2\n")
    dump = tmp_path / "backup.jsonl"
    dump.write_text(run(runner, game, "export", "--with-secrets").stdout)
    copy = tmp_path / "copy.db"
    res = run(runner, copy, "import", str(dump))
    assert res.exit_code == 0, res.output
    head = json.loads(run(runner, game, "status", "1", "--json").stdout)["chain_head"]
    assert head in res.stdout
    assert json.loads(run(runner, copy, "status", "1", "--json").stdout)["chain_head"] == head
    assert run(runner, copy, "audit", "verify").exit_code == 0
    # the copy carries on: its secrets came along
    run(runner, copy, "orders", "submit", "1", "--player", "alice", input="advance 1\n")
    assert run(runner, copy, "orders", "submit", "1", "--player", "bob", input="advance 1\n").exit_code == 0


def test_import_refuses_a_broken_or_partial_export_and_leaves_no_file(
    runner: CliRunner, game: Path, tmp_path: Path
) -> None:
    lines = run(runner, game, "export").stdout.splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines[:3] + lines[4:]) + "\n")
    res = run(runner, tmp_path / "x.db", "import", str(broken))
    assert res.exit_code == 1 and "chain is broken" in res.stderr and not (tmp_path / "x.db").exists()
    partial = tmp_path / "partial.jsonl"
    partial.write_text(run(runner, game, "export", "1").stdout)
    res = run(runner, tmp_path / "y.db", "import", str(partial))
    assert res.exit_code == 1 and "holds only game:1" in res.stderr


def test_dice_reveal_lists_commitments_and_audit_dice_checks_them(runner: CliRunner, game: Path) -> None:
    run(runner, game, "orders", "submit", "1", "--player", "alice", input="advance 2\n")
    run(runner, game, "orders", "submit", "1", "--player", "bob", input="advance 2\n")
    rows = json.loads(run(runner, game, "dice", "reveal", "1", "--json").stdout)
    assert rows[0]["matches"] is True and rows[1]["seed"] is None
    res = run(runner, game, "audit", "dice", "1")
    assert res.exit_code == 0 and "ok: 2" in res.stdout


def test_manual_dice_game_from_the_command_line(runner: CliRunner, game: Path) -> None:
    res = run(runner, game, *NEW_RACE, "--dice", "manual")
    assert res.stdout.strip() == "2"
    run(runner, game, "orders", "submit", "2", "--player", "alice", input="advance 1\n")
    res = run(runner, game, "orders", "submit", "2", "--player", "bob", input="advance 1\n")
    assert "Waiting for manual dice: needs die 1: a d6 for 'turn 1: red advances 1'" in res.stdout
    res = run(runner, game, "dice", "enter", "2", "5", "1")
    assert "red rolls 5 > 1: moves to 1" in res.stdout and "blue rolls 1 <= 1" in res.stdout


def test_rulesets_lists_installed_games(runner: CliRunner) -> None:
    data = json.loads(runner.invoke(main, ["rulesets", "--json"]).stdout)
    assert "toy-race" in [r["name"] for r in data]


def test_help_starts_without_importing_heavy_modules() -> None:
    code = "import sys, campaign.cli; print(sorted(m for m in sys.modules if m.split('.')[0] in {'jinja2', 'sqlite_utils', 'sqlite3', 'resvg_py', 'hypothesis'}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_docs_cli_md_is_current() -> None:
    """docs/cli.md is generated from the commands (`python -m campaign.clidoc > docs/cli.md`)."""
    from campaign.clidoc import reference

    assert (ROOT / "docs" / "cli.md").read_text(encoding="utf-8") == reference(main), "regenerate docs/cli.md"


NO_JSON = {
    ("export",): "its output is JSON Lines already",
    ("show",): "--format json",
    ("demo",): "writes a folder of mail and pages; prints where to look",
}


@pytest.mark.parametrize("path", [p for p in _commands(main)[1:] if p not in NO_JSON], ids=" ".join)
def test_every_command_that_prints_offers_json(path: tuple[str, ...]) -> None:
    cmd: click.Command = main
    for name in path:
        assert isinstance(cmd, click.Group)
        cmd = _sub(cmd, name)
    if isinstance(cmd, click.Group):
        return
    assert "as_json" in {p.name for p in cmd.params}, f"`campaign {' '.join(path)}` has no --json"


@pytest.mark.parametrize("path", _commands(main)[1:], ids=" ".join)
def test_an_output_path_is_always_dash_o(path: tuple[str, ...]) -> None:
    """Issue 14: one name for one idea: every command that writes a file or folder takes -o/--output."""
    cmd: click.Command = main
    for name in path:
        assert isinstance(cmd, click.Group)
        cmd = _sub(cmd, name)
    for param in cmd.params:
        if isinstance(param, click.Option) and {"--out", "--output"} & set(param.opts):
            assert {"-o", "--output"} <= set(param.opts), f"{' '.join(path)}: {param.opts}"


def test_the_command_list_says_what_each_command_says_of_itself() -> None:
    """`campaign --help` lists commands without importing them (campaign.cli.COMMANDS): each line there is
    the first sentence of the command's own help, at any width."""
    from campaign.cli import COMMANDS

    for name, (_, summary) in COMMANDS.items():
        cmd = _sub(main, name)
        for limit in (45, 10**6):
            assert click.Command(name, help=summary).get_short_help_str(limit) == cmd.get_short_help_str(limit), name


def test_help_imports_no_command_module() -> None:
    """`campaign --help` imports no command's module (issue 15: start-up)."""
    probe = (
        "import sys; from click.testing import CliRunner; from campaign.cli import main;"
        "r = CliRunner().invoke(main, ['--help']); assert r.exit_code == 0, r.output;"
        "print(sorted(m for m in sys.modules if m.startswith('campaign')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['campaign', 'campaign.cli', 'campaign.clictx']"
