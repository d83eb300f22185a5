"""What the engines' scenario-file tests share: `campaign` run on one campaign file from the CLI, the line a
needle stands on in a file's text, and a fresh campaign with two players beside ./somewhere/."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from campaign.cli import main


def cli(runner: CliRunner, db: Path, *args: str, code: int = 0, input: str | None = None) -> Result:
    """Run `campaign --db DB ARGS...`; the exit code must be `code`."""
    res = runner.invoke(main, ["--db", str(db), *args], input=input)
    assert res.exit_code == code, res.output
    return res


def line_of(text: str, needle: str, after: str = "") -> int:
    """The line of the first ``needle`` after the first ``after``."""
    lines = text.splitlines()
    start = next(n for n, ln in enumerate(lines) if after in ln) if after else 0
    return next(n for n, ln in enumerate(lines, start=1) if n > start and needle in ln)


def open_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[CliRunner, Path]:
    """A campaign with alice and bob, the working directory holding ./somewhere/."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "somewhere").mkdir()
    runner, db = CliRunner(), tmp_path / "c.db"
    cli(runner, db, "init")
    cli(runner, db, "player", "add", "alice", "--email", "alice@example.org")
    cli(runner, db, "player", "add", "bob", "--email", "bob@example.org")
    return runner, db
