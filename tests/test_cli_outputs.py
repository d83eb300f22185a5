"""Every `--json` output of a command comes from one `as_json()` on its result type, never from a dict or
list the command builds by hand (issue: the kit, "each CLI output is built by one as_json()")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLI_MODULES = sorted([*ROOT.glob("campaign/cli/*.py"), *ROOT.glob("campaign/cli_*.py")])
BUILT_BY_HAND = (ast.Dict, ast.List, ast.DictComp, ast.Tuple, ast.Set)


def _hand_built_dumps(path: Path) -> list[str]:
    """`json.dumps(...)` calls whose first argument is a literal dict, list, tuple or set (or a comprehension
    building a dict), with their line numbers."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "dumps"):
            continue
        if node.args and isinstance(node.args[0], BUILT_BY_HAND):
            found.append(f"{path.name}:{node.lineno}")
    return found


@pytest.mark.parametrize("path", CLI_MODULES, ids=lambda p: p.name)
def test_no_command_builds_its_json_by_hand(path: Path) -> None:
    assert _hand_built_dumps(path) == []


def test_the_check_sees_a_hand_built_output(tmp_path: Path) -> None:
    """The walker itself bites: a command printing `json.dumps({"done": x})` is found."""
    sample = tmp_path / "cmd_sample.py"
    sample.write_text('import json\n\ndef f(x, r):\n    return json.dumps({"done": x}) + json.dumps(r.as_json())\n')
    assert _hand_built_dumps(sample) == ["cmd_sample.py:4"]
