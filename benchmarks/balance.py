"""Balance of a scenario: the computer player against itself over many seeds, win rates per side.

    .venv/bin/python benchmarks/balance.py cry-havoc raid 200            # a shipped scenario, 200 seeds
    .venv/bin/python benchmarks/balance.py cry-havoc path/to/raid.toml 200  # a scenario file being tried

Each game: the ruleset's `bot_orders` for whichever side is asked, seeded dice, every decision at its default
(the same loop as tests/cry_havoc/test_fuzz.py, without the replay checks). Prints one line per result and the
mean length in phases. Figures for the raid are in docs/scenarios.md.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from campaign.kit.scenario_file import TomlDocument
from campaign.ruleset import find


class SeededDice:
    """Seeded dice; decisions take the default."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll(self, sides: int, purpose: str) -> int:
        return self.rng.randint(1, sides)

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        return default


def setup(ruleset: Any, scenario: str) -> Any:
    path = Path(scenario)
    if path.suffix == ".toml" and path.exists():
        from games.cry_havoc.scenario import build_state

        return build_state(path.stem, {}, TomlDocument.parse(path.read_text(encoding="utf-8"), str(path)))
    return ruleset.setup(scenario, {})


def play(ruleset: Any, scenario: str, seed: int) -> tuple[str, int, str]:
    """(winner or "draw", phases played, reason) of one bot-against-bot game."""
    st = setup(ruleset, scenario)
    phases = 0
    while ruleset.outcome(st) is None and phases < 200:
        side = ruleset.pending(st)[0].side
        text = ruleset.bot_orders(st, side, seed * 100 + phases)
        st = ruleset.apply_orders(st, ruleset.parse_orders(st, side, text))
        st = ruleset.resolve(st, SeededDice(seed * 1000 + phases)).state
        phases += 1
    out = ruleset.outcome(st)
    return (out.winner or "draw") if out else "unfinished", phases, out.reason if out else ""


def main(name: str, scenario: str, seeds: int) -> int:
    rs = find(name)
    results: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    lengths = []
    for seed in range(1, seeds + 1):
        winner, phases, reason = play(rs, scenario, seed)
        results[winner] += 1
        reasons[f"{winner}: {reason.split(' by ')[0]}"] += 1
        lengths.append(phases)
    for winner, n in results.most_common():
        print(f"{winner}: {n} of {seeds} ({100 * n / seeds:.0f}%)")
    for reason, n in reasons.most_common(6):
        print(f"  {n:4d}  {reason}")
    print(f"mean length: {sum(lengths) / len(lengths):.1f} phases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 100))
