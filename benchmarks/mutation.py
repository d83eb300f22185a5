"""Mutation testing of one rules module with the tests that cover it (mutmut; slow, so not in CI).

    .venv/bin/python benchmarks/mutation.py crt        # or command, combat, shooting, movement
    .venv/bin/python benchmarks/mutation.py crt --score  # the score of the last run, without running

It points `[tool.mutmut]` in pyproject.toml at the module and its tests for the run (restoring the file
after), runs `mutmut run`, and prints killed / total. Survivors: `.venv/bin/mutmut results`, then
`.venv/bin/mutmut show NAME`. Figures per module are in docs/testing.md.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HH = "tests/hordes_heroes/"
TESTS = {
    "crt": ["test_combat.py", "test_rules_hth.py", "test_mutants.py", "test_examples.py"],
    "command": ["test_command.py", "test_command_range.py", "test_examples.py", "test_mutants.py"],
    "combat": ["test_combat.py", "test_rules_hth.py", "test_rules_comp.py", "test_mutants.py"],
    "shooting": ["test_shooting.py", "test_rules_shoot.py", "test_rules_special.py"],
    "movement": ["test_movement.py", "test_rules_notes.py", "test_rules_gaps.py", "test_mutants.py"],
}


def score(module: str) -> tuple[int, int]:
    meta = ROOT / "mutants" / "games" / "hordes_heroes" / f"{module}.py.meta"
    codes = json.loads(meta.read_text())["exit_code_by_key"].values()
    done = [c for c in codes if c is not None]
    return sum(1 for c in done if c != 0), len(done)


def main(module: str, only_score: bool) -> int:
    if module not in TESTS:
        print(f"no such module: {module} (one of {', '.join(TESTS)})", file=sys.stderr)
        return 1
    if not only_score:
        pyproject = ROOT / "pyproject.toml"
        saved = pyproject.read_text()
        tests = ", ".join(f'"{HH}{t}"' for t in TESTS[module])
        section = (
            f'[tool.mutmut]\nsource_paths = ["games/"]\nonly_mutate = ["games/hordes_heroes/{module}.py"]\n'
            f'also_copy = ["campaign/", "tests/", "templates/", "pyproject.toml"]\n'
            f"pytest_add_cli_args_test_selection = [{tests}]\n\n"
        )
        try:
            pyproject.write_text(re.sub(r"\[tool\.mutmut\]\n.*?\n\n(?=\[)", section, saved, flags=re.S))
            shutil.rmtree(ROOT / "mutants", ignore_errors=True)
            subprocess.run([str(ROOT / ".venv" / "bin" / "mutmut"), "run"], cwd=ROOT, check=False)
        finally:
            pyproject.write_text(saved)
    killed, total = score(module)
    print(f"{module}: {killed} of {total} mutants killed ({100 * killed // max(total, 1)}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "", "--score" in sys.argv))
