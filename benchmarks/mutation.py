"""Mutation testing of one rules module with the tests that cover it (mutmut; slow, so not in CI).

    .venv/bin/python benchmarks/mutation.py crt        # or command, combat, shooting, movement
    .venv/bin/python benchmarks/mutation.py crt --score  # the score of the last run, without running
    .venv/bin/python benchmarks/mutation.py pc:fire     # a Proconsul module (pc:NAME), Cry Havoc's (ch:NAME)
    .venv/bin/python benchmarks/mutation.py wc:combat   # or War Cometh's (wc:NAME)

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
    "combat": [
        "test_combat.py",
        "test_rules_hth.py",
        "test_rules_comp.py",
        "test_mutants.py",
        "test_mutants_combat.py",
        "test_examples.py",
        "test_rules_special.py",
        "test_rules_notes.py",
        "test_rules_gaps.py",
        "test_rules_book_fixes.py",
        "test_rules_split_boats.py",
        "test_edition_2012.py",
        "test_edition_2012_examples.py",
        "test_edition_2012_shared.py",
        "test_edition_2012_skirmish.py",
        "test_edition_2012_rulings.py",
    ],
    "compulsory": [
        "test_rules_comp.py",
        "test_combat.py",
        "test_rules_hth.py",
        "test_examples.py",
        "test_rules_book_fixes.py",
        "test_rules_notes.py",
        "test_rules_gaps.py",
        "test_mutants_combat.py",
        "test_mutants_compulsory.py",
        "test_edition_2012.py",
        "test_edition_2012_rulings.py",
        "test_edition_2012_skirmish.py",
        "test_edition_2012_shared.py",
        "test_edition_2012_examples.py",
    ],
    "shooting": [
        "test_shooting.py",
        "test_rules_shoot.py",
        "test_rules_special.py",
        "test_edition_2012_terrain_fire.py",
        "test_mutants_shooting.py",
        "test_mutants_shooting_2012.py",
        "test_mutants_shooting_targets.py",
        "test_edition_2012_skirmish.py",
        "test_edition_2012_rulings.py",
    ],
    "movement": [
        "test_movement.py",
        "test_rules_notes.py",
        "test_rules_gaps.py",
        "test_mutants.py",
        "test_mutants_movement.py",
        "test_mutants_movement_2.py",
        "test_rules.py",
        "test_more_rules.py",
        "test_rules_special.py",
        "test_rules_book_fixes.py",
        "test_rules_split_boats.py",
        "test_edition_2012.py",
        "test_edition_2012_movement.py",
        "test_edition_2012_examples.py",
        "test_edition_2012_shared.py",
        "test_edition_2012_skirmish.py",
        "test_edition_2012_rulings.py",
    ],
    "skirmish_2012": [
        "test_edition_2012_skirmish.py",
        "test_edition_2012_rulings.py",
        "test_edition_2012.py",
        "test_edition_2012_shared.py",
        "test_mutants_skirmish_2012.py",
    ],
}


PC = "tests/proconsul/"
PC_FAST = [
    "test_rules.py",
    "test_movement.py",
    "test_examples.py",
    "test_examples_melee.py",
    "test_options.py",
    "test_decisions.py",
    "test_sequence.py",
    "test_mutants.py",
    "test_mutants_melee.py",
    "test_mutants_movement.py",
    "test_mutants_retreat.py",
    "test_mutants_group_move.py",
    "test_mutants_activation.py",
    "test_mutants_tables.py",
    "test_mutants_context.py",
    "test_rules_group_opportunity.py",
]
CH = "tests/cry_havoc/"
CH_FAST = ["test_combat.py", "test_fire.py", "test_movement.py", "test_retreat.py", "test_more_rules.py",
           "test_tables.py", "test_sequence.py", "test_ransom.py", "test_mutants.py", "test_mutants_combat.py",
           "test_mutants_fire.py", "test_mutants_movement.py", "test_mutants_retreat.py"]  # fmt: skip
WC = "tests/war_cometh/"
WC_FAST = ["test_break_camp.py", "test_charges_melee.py", "test_command.py", "test_disorder_rout.py",
           "test_melee_rules.py", "test_more_rules.py", "test_movement.py", "test_reaction.py", "test_shooting.py",
           "test_special_rules.py", "test_special_troops.py", "test_status.py", "test_troops.py",
           "test_mutants_combat.py", "test_mutants_fire.py", "test_mutants_disorder.py", "test_mutants_rout.py",
           "test_mutants_casualties.py", "test_mutants_melee.py", "test_mutants_movement.py",
           "test_mutants_charges.py", "test_mutants_shooting.py", "test_mutants_reaction.py",
           "test_mutants_pursuit.py", "test_mutants_targets.py", "test_mutants_volley.py",
           "test_fort_rules.py", "test_rules_charge_fire.py"]  # fmt: skip
"""Every War Cometh test file but the bot games and the CLI game (seconds each) and the whole battles (slow)."""
GAMES = {"": ("hordes_heroes", HH), "pc": ("proconsul", PC), "ch": ("cry_havoc", CH), "wc": ("war_cometh", WC)}
"""Prefix -> (package under games/, test folder); the fast test files of each module are in TESTS."""
for _name in ("tables", "fire", "melee", "movement", "geometry", "retreat", "group_move", "activation", "context", "sequence",
              "standing"):
    TESTS[f"pc:{_name}"] = PC_FAST
for _name in ("tables", "combat", "fire", "movement", "retreat", "geometry", "effects", "board"):
    TESTS[f"ch:{_name}"] = CH_FAST
_WC_MODULES = ("combat", "fire", "disorder", "rout", "casualties", "melee", "movement", "charges", "shooting")
for _name in (*_WC_MODULES, "reaction", "pursuit", "targets", "volley"):
    TESTS[f"wc:{_name}"] = WC_FAST
TESTS["ch:tables"] = ["test_tables.py", "test_mutants.py"]  # the tables alone: the other files are slow


NO_TESTS = 33
"""mutmut's exit code for a mutant no selected test runs: it survives (nothing pins that code)."""


def _split(module: str) -> tuple[str, str, str]:
    """(games package, test folder, module file stem) of a name like "crt" or "pc:fire"."""
    prefix, _, stem = module.rpartition(":")
    package, folder = GAMES[prefix]
    return package, folder, stem


def score(module: str) -> tuple[int, int]:
    package, _, stem = _split(module)
    meta = ROOT / "mutants" / "games" / package / f"{stem}.py.meta"
    codes = json.loads(meta.read_text())["exit_code_by_key"].values()
    done = [c for c in codes if c is not None]  # None: not run yet (a run stopped part-way scores what it ran)
    return sum(1 for c in done if c not in (0, NO_TESTS)), len(done)


def main(module: str, only_score: bool) -> int:
    if module not in TESTS:
        print(f"no such module: {module} (one of {', '.join(TESTS)})", file=sys.stderr)
        return 1
    if not only_score:
        pyproject = ROOT / "pyproject.toml"
        saved = pyproject.read_text()
        package, folder, stem = _split(module)
        files = [folder + t for t in TESTS[module] if (ROOT / folder / t).exists()]
        tests = ", ".join(f'"{t}"' for t in files)
        section = (
            f'[tool.mutmut]\nsource_paths = ["games/"]\nonly_mutate = ["games/{package}/{stem}.py"]\n'
            f'also_copy = ["campaign/", "tests/", "templates/", "pyproject.toml"]\n'
            f'pytest_add_cli_args = ["-n", "0"]\n'
            f'pytest_add_cli_args_test_selection = [{tests}, "-m", "not slow"]\n\n'
        )
        try:
            pyproject.write_text(re.sub(r"\[tool\.mutmut\]\n.*?\n\n(?=\[)", section, saved, flags=re.S))
            shutil.rmtree(ROOT / "mutants", ignore_errors=True)
            mutmut = str(ROOT / ".venv" / "bin" / "mutmut")
            subprocess.run([mutmut, "run", "--max-children", "1"], cwd=ROOT, check=False)  # a shared 2-core machine
        finally:
            pyproject.write_text(saved)
    killed, total = score(module)
    print(f"{module}: {killed} of {total} mutants killed ({100 * killed // max(total, 1)}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "", "--score" in sys.argv))
