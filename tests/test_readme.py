"""The README's Quick start holds exactly two shell blocks, and CI runs the second one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def quick_start_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```(?:sh|bash|shell)\n(.*?)```", section, re.S)


def test_quick_start_has_exactly_two_shell_blocks() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert section.count("```") == 4
    assert len(quick_start_blocks()) == 2


def test_ci_runs_the_readme_test_command() -> None:
    test_block = quick_start_blocks()[1].strip()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_block in ci
    assert '"$code" -eq 5' in ci  # "no tests ran" must fail


def test_each_block_installs_what_it_needs() -> None:
    main_job, tests = quick_start_blocks()
    assert main_job.startswith("python3 -m venv .venv && .venv/bin/pip install")
    assert tests.startswith("python3 -m venv .venv && .venv/bin/pip install") and "[test]" in tests


def tour_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## A tour", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)```", section, re.S)[0]


def test_the_tour_runs_as_written(tmp_path: Path) -> None:
    """Issue 14: the README's tour is one runnable block, from the Quick start's state to a clean audit."""
    (tmp_path / ".venv").symlink_to(Path(sys.prefix))  # the Quick start's virtual environment
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CAMPAIGN_", "VIRTUAL_ENV"))}
    env["PATH"] = "/usr/bin:/bin"  # nothing of ours on PATH until the block activates the venv
    script = "set -euo pipefail\n" + tour_block()
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    tour = tmp_path / "tour"
    assert (tour / "board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tour / "archive" / "index.html").is_file() and (tour / "copy.db").is_file()
    assert "Turn 1 begins with valois's bound" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].startswith("ok")
