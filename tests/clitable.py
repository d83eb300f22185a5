"""One campaign file driven only through `campaign` commands (click's CliRunner on `campaign.cli.main`).

Shared by the whole-battle tests of every engine: two players, alice and bob, take the scenario's sides;
each step files the computer player's orders (`RULESET.bot_orders`) with `orders submit`, or, when the
game is ready in manual dice, answers the die the last command asked for with `dice enter` of a seeded
value. After every command that changes the game, the board `show --format json` gave then is kept,
with the resolutions the command wrote and the narrative it told, so a test can compare them with
`show --at SEQ` and `log --json` at the end. A subclass names its engine (`ruleset = RULESET`) and
overrides only where its engine differs.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, ClassVar

from click.testing import CliRunner, Result

from campaign.cli import main
from campaign.eventlog import open_store
from campaign.ruleset import Ruleset
from campaign.service import Campaign

NEEDS_DIE = re.compile(r"a d(\d+) for ")
"""How a command says which die a manual-dice game waits for ("needs die 1: a d6 for ...")."""


class CliTable:
    """A campaign file, its one game, and what the players were shown after each command."""

    ruleset: ClassVar[Ruleset]
    """The engine under test; `game new --ruleset` gets its name."""
    RESOLVED: ClassVar[re.Pattern[str]] = re.compile(r"^-- resolved .*event (\d+)$")
    """The line `dice enter` prints for each resolution it ran; indented narrative lines follow."""

    def __init__(self, db: Path, seed: int = 0) -> None:
        self.db, self.seed, self.runner = db, seed, CliRunner()
        self.game = ""
        self.players: dict[str, str] = {}
        """Who plays each side, as `game new --side` got it."""
        self.boards: dict[int, dict[str, Any]] = {}
        """`show --format json` right after each command, keyed by the game's last event seq then."""
        self.resolved_by: dict[int, list[int]] = {}
        """For each key of `boards`: the PhaseResolved seqs the command that led there wrote."""
        self.told: dict[int, list[str]] = {}
        """Each resolution's narrative as the command that ran it printed it, by PhaseResolved seq."""
        self.need: str | None = None
        """The die the last command said the engine waits for."""
        self.steps = 0
        self.dice_entered = 0

    # --- commands -----------------------------------------------------------------------------

    def cli(self, *args: str, input: str | None = None) -> Result:
        """`campaign --db DB ARGS`, whatever its exit code (an exception is raised, never hidden)."""
        return self.runner.invoke(main, ["--db", str(self.db), *args], input=input, catch_exceptions=False)

    def ok(self, *args: str, input: str | None = None) -> Result:
        """`campaign --db DB ARGS`, which must succeed."""
        res = self.cli(*args, input=input)
        assert res.exit_code == 0, f"campaign {' '.join(args)} failed:\n{res.output}\ninput:\n{input}"
        return res

    def open(self, scenario: str, dice: str = "fair", options: dict[str, int] | None = None) -> None:
        """A new file with alice and bob, and a game of `scenario` in which they play its sides in order."""
        self.ok("init")
        for who in ("alice", "bob"):
            self.ok("player", "add", who, "--email", f"{who}@example.org")
        sides = next(s.sides for s in self.ruleset.scenarios() if s.name == scenario)
        self.players = dict(zip(sides, ("alice", "bob"), strict=True))
        args = ["game", "new", "--ruleset", self.ruleset.name, "--scenario", scenario, "--dice", dice]
        args += [x for side, who in self.players.items() for x in ("--side", f"{side}={who}")]
        args += [x for k, v in (options or {}).items() for x in ("--option", f"{k}={v}")]
        self.game = self.ok(*args).stdout.strip()
        self.record([])

    def status(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.ok("status", self.game, "--json").stdout)
        return data

    def board(self, *args: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.ok("show", self.game, "--format", "json", *args).stdout)
        return data

    def export(self) -> str:
        return self.ok("export").stdout

    def log_rows(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.ok("log", self.game, "--json").stdout.splitlines()]

    def state(self) -> Any:
        """The game's engine state, loaded from the file as the commands left it."""
        store = open_store(self.db)
        try:
            return Campaign(store).load(self.game).state
        finally:
            store.close()

    def submit(self, side: str, text: str, player: str | None = None) -> dict[str, Any]:
        """File `text` for `side` (by its player unless `player` is named); the `--json` receipt."""
        who = player or self.players[side]
        res = self.ok("orders", "submit", self.game, "--player", who, "--side", side, "--json", "-", input=text)
        receipt: dict[str, Any] = json.loads(res.stdout)
        for r in receipt["resolved"]:
            self.told[r["seq"]] = r["narrative"]
        self.need = receipt["waiting_for_dice"]
        self.record([r["seq"] for r in receipt["resolved"]])
        return receipt

    def submit_refused(self, side: str, text: str) -> tuple[Result, bool]:
        """File `text` for `side`; the result and whether `export` stayed byte-identical."""
        before = self.export()
        res = self.cli("orders", "submit", self.game, "--player", self.players[side], "--side", side, "-", input=text)
        return res, self.export() == before

    # --- playing ------------------------------------------------------------------------------

    def record(self, resolved: list[int]) -> None:
        """Keep the board after a command that changed the game, and the resolutions it wrote."""
        last = self.status()["last_seq"]
        assert not self.boards or last > max(self.boards), "a command that changed the game wrote no event"
        self.boards[last] = self.board()
        self.resolved_by[last] = resolved

    def due(self, status: dict[str, Any]) -> list[dict[str, Any]]:
        """What the game waits for from the players: `status --json`'s waiting_for."""
        waiting: list[dict[str, Any]] = status["waiting_for"]
        return waiting

    def bot_seed(self) -> int:
        return self.seed * 1000 + self.steps

    def step(self) -> bool:
        """Do the one thing the game waits for; False once it has ended."""
        st = self.status()
        if st["ended"]:
            return False
        self.steps += 1
        if st["ready"]:
            assert st["dice"] == "manual", st
            match = NEEDS_DIE.search(self.need or "")
            assert match, f"the game is ready but no command said which die it needs: {self.need!r}"
            value = random.Random(self.seed * 7919 + self.steps).randint(1, int(match[1]))
            res = self.ok("dice", "enter", self.game, str(value))
            self.dice_entered += 1
            self.need = res.stdout if "still waiting:" in res.stdout else None
            self.record(self.narratives_in(res.stdout))
            return True
        due = self.due(st)
        assert due, f"not ready, yet nothing compulsory is asked for: {st['waiting_for']}"
        side, player = due[0]["side"], due[0]["player"]
        self.submit(side, self.ruleset.bot_orders(self.state(), side, self.bot_seed()), player)
        return True

    def narratives_in(self, out: str) -> list[int]:
        """The resolutions `dice enter` printed ("-- resolved ..., event SEQ" then indented lines)."""
        seqs: list[int] = []
        for line in out.splitlines():
            m = self.RESOLVED.match(line)
            if m:
                seqs.append(int(m[1]))
                self.told[seqs[-1]] = []
            elif seqs and line.startswith("   "):
                self.told[seqs[-1]].append(line[3:])
        return seqs

    def expected_board(self, seq: int) -> dict[str, Any]:
        """The board players were shown at `seq`: it changes only at a PhaseResolved, to what they saw after it.

        `seq` was written by the command whose recorded key is the first at or after it; before that
        command's resolution (orders filed, a die entered, dice rolled in the resolution's own transaction)
        players still saw the board of the command before.
        """
        keys = sorted(self.boards)
        at = next(k for k in keys if k >= seq)
        i = keys.index(at)
        resolved = self.resolved_by[at]
        assert len(resolved) <= 1, f"one command resolved several phases ({resolved}): boards between them unseen"
        if seq == at or i == 0 or any(seq >= r for r in resolved):
            return self.boards[at]
        return self.boards[keys[i - 1]]
