"""An export made before the typed events imports and verifies after them.

tests/fixtures/export-main-277ffee-demo-seed1.jsonl was made on main at 277ffee, before the event
payloads became dataclasses: `campaign demo --out DIR --seed 1`, then `campaign --db DIR/campaign.db
export`. The stored JSON must not change (or an upcaster must read the old form): importing it
rebuilds the same chain head, and `audit verify` replays every event through today's code.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from campaign.cli import main

FIXTURE = Path(__file__).parent / "fixtures" / "export-main-277ffee-demo-seed1.jsonl"
HEAD = "15f9d324844801f5f2201dc8f12ab78eb74c446367aec60b653b7e2630b34fd5"


def test_the_pre_typed_events_demo_export_imports_and_replays(tmp_path: Path) -> None:
    db = str(tmp_path / "restored.db")
    runner = CliRunner()
    imported = runner.invoke(main, ["--db", db, "import", str(FIXTURE), "--json"])
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.output)["head"] == HEAD
    verified = runner.invoke(main, ["--db", db, "audit", "verify", "--json"])
    assert verified.exit_code == 0, verified.output
    report = json.loads(verified.output)
    assert report["ok"] and report["games"]["game:1"]["replay"] == "ok", report
    assert report["games"]["game:1"]["dice"] == {"total": 85, "bad": 0, "unrevealed": 0, "old_binding": 0}
    shown = runner.invoke(main, ["--db", db, "log", "1", "--json"])
    assert shown.exit_code == 0, shown.output
    types = {json.loads(line)["type"] for line in shown.output.splitlines()}
    assert {"GameCreated", "OrdersSubmitted", "DiceRolled", "PhaseResolved"} <= types
