"""The core type-checks: mypy on campaign/ finds nothing (house style: type hints everywhere)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_mypy_finds_no_errors_in_the_core() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), "campaign"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert run.returncode == 0 and not errors, "\n".join(errors) or run.stdout + run.stderr
