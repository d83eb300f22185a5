"""The `campaign` command line: one entry point for people and cron.

This package holds the `campaign` group and registers the commands, one module per sub-job:
`cmd_players` (init, player), `cmd_games` (game), `cmd_orders` (orders, tick), `cmd_referee`
(referee), `cmd_mail` (mail), `cmd_views` (status, show, log), `cmd_audit` (audit), `cmd_dice`
(dice), `cmd_data` (demo, site, export, import, rulesets); `campaign/cli_*.py` add more and are
listed in `COMMANDS`. The group (`LazyGroup`) imports a command's module only when that command runs
or shows its help, and heavy modules are imported inside the commands that use them, so
`campaign --help` imports no command module at all. User mistakes exit 1 with a plain message on
stderr; misuse of the command line exits 2.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import click

from campaign.clictx import CONTEXT_SETTINGS, DB_ENV, Ctx

if TYPE_CHECKING:
    from collections.abc import Mapping

COMMANDS: Mapping[str, tuple[str, str]] = {
    "audit": ("campaign.cli.cmd_audit:audit", "Check that the record is intact and the dice were fair."),
    "demo": ("campaign.cli.cmd_data:demo", "Watch computer players fight a whole battle by mail, then browse the archive."),
    "dice": ("campaign.cli.cmd_dice:dice", "Dice seeds and hand-entered dice."),
    "export": ("campaign.cli.cmd_data:export_cmd", "Write the event log as JSON Lines to standard output."),
    "game": ("campaign.cli.cmd_games:game", "Games of the campaign."),
    "hex": ("campaign.cli_scenario:hex_cmd", "Convert map labels to axial coordinates (docs/hexgrid.md) and back, and list neighbours."),
    "import": ("campaign.cli.cmd_data:import_cmd", "Rebuild a campaign file from `campaign export` output (the --db file must not exist)."),
    "init": ("campaign.cli.cmd_players:init", "Create a new campaign file."),
    "legal": ("campaign.cli_players:legal", "List what units of a side may legally do now: moves with cost, facings, targets, charges."),
    "log": ("campaign.cli.cmd_views:log", "List every event of a game, with the narrative of each resolution."),
    "mail": ("campaign.cli.cmd_mail:mail", "The play-by-email loop: read orders from mail, send replies and digests."),
    "orders": ("campaign.cli.cmd_orders:orders", "Orders for a game."),
    "player": ("campaign.cli.cmd_players:player", "Players of the campaign."),
    "referee": ("campaign.cli.cmd_referee:referee", "The referee's tools: corrections and passwords."),
    "rulesets": ("campaign.cli.cmd_data:rulesets", "List the installed rule systems and their scenarios."),
    "scenario": ("campaign.cli_scenario:scenario", "Scenario files: check one before starting a game from it."),
    "sheet": ("campaign.cli_sheet:sheet", "Write the HTML order sheet of PLAYER for GAME's current position and phase."),
    "show": ("campaign.cli.cmd_views:show", "Show the board now, after an event, or at the end of a turn."),
    "site": ("campaign.cli.cmd_data:site_cmd", "Write the browsable static archive: opens from disk in any browser, no server needed."),
    "standings": ("campaign.cli_campaign:standings_cmd", "Campaign points, wins, losses and Elo rating per player; every battle with each army's losses."),
    "status": ("campaign.cli.cmd_views:status", "Show who must act in a game, and the dice commitment."),
    "strategic": ("campaign.cli_campaign:strategic", "Map campaigns: create their battles, record table battles, draw the map."),
    "tick": ("campaign.cli.cmd_orders:tick", "Apply deadlines: remind late players, then apply each game's missed-orders policy."),
}  # fmt: skip
"""Each command: where it lives ("module:attribute") and the first sentence of its help, which `campaign --help`
lists without importing the command's module (tests/test_cli.py checks the two agree)."""


class LazyGroup(click.Group):
    """The `campaign` group: a command's module is imported only when that command runs (or its help is asked
    for), so `campaign --help` and every command start without building the other forty commands."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, _, attr = COMMANDS[cmd_name][0].partition(":")
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list with each one's first sentence, from COMMANDS for the commands not loaded."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            loaded = self.commands.get(name)
            if loaded is None:
                rows.append((name, click.Command(name, help=COMMANDS[name][1]).get_short_help_str(limit)))
            elif not loaded.hidden:
                rows.append((name, loaded.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _status_dict(gs: Any, camp: Any) -> dict[str, Any]:
    """A game's status as `game list --json` prints it (kept here for callers of `campaign.cli`)."""
    from campaign.cli.common import _status_dict as status_dict

    return status_dict(gs, camp)


__all__ = ["Ctx", "_status_dict", "main"]


@click.group(cls=LazyGroup, context_settings=CONTEXT_SETTINGS)
@click.option(
    "--db",
    envvar=DB_ENV,
    default="campaign.db",
    show_default=True,
    metavar="PATH",
    help=f"The campaign file (also ${DB_ENV}).",
)
@click.option(
    "--outbox",
    envvar="CAMPAIGN_OUTBOX",
    default=None,
    metavar="DIR",
    help="Maildir where replies and digests are queued (also $CAMPAIGN_OUTBOX; default: outbox/ beside the file).",
)
@click.option(
    "--mail-from", envvar="CAMPAIGN_FROM", default=None, metavar="ADDR", help="From address of outgoing mail."
)
@click.option(
    "--referee-email", envvar="CAMPAIGN_REFEREE", default=None, metavar="ADDR", help="Referee copy of digests."
)
@click.version_option(package_name="campaign", prog_name="campaign")
@click.pass_context
def main(ctx: click.Context, db: str, outbox: str | None, mail_from: str | None, referee_email: str | None) -> None:
    """Run play-by-email wargame campaigns: orders in, dice rolled fairly, every event on record.

    \b
    Example:
      campaign init && campaign player add alice --email alice@example.org
    """
    ctx.obj = Ctx(db, outbox, mail_from, referee_email)


if __name__ == "__main__":  # pragma: no cover
    main()
