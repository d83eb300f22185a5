"""The benchmark runner still runs: `benchmarks/run.py --tiny` prints every ratio, once, as `name = value`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NAMES = [
    "replay_vs_raw_fold",
    "pc_replay_vs_raw_fold",
    "ch_replay_vs_raw_fold",
    "show_100k_vs_1k",
    "status_100k_vs_1k",
    "start_vs_import_click",
    "help_vs_import_click",
    "accept_vs_raw_commit",
    "ingest_vs_raw",
    "import_vs_raw_executemany",
    "site_incremental_vs_full",
    "site_rss_10k_vs_1k",
]


@pytest.mark.slow
def test_benchmark_runner_prints_every_ratio_in_tiny_mode() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--tiny"],
        capture_output=True,
        text=True,
        timeout=1500,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert [line.split(" = ")[0] for line in lines] == NAMES
    for line in lines:
        assert re.fullmatch(r"[a-z0-9_]+ = \d+\.\d\d", line), line
