"""The README's Quick start holds exactly two shell blocks, and CI runs the second one."""

from __future__ import annotations

import re

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
