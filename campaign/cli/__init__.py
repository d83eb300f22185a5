"""The `campaign` command line: one entry point for people and cron.

This package holds the `campaign` group and registers the commands, one module per sub-job:
`cmd_players` (init, player), `cmd_games` (game), `cmd_orders` (orders, tick), `cmd_referee`
(referee), `cmd_mail` (mail), `cmd_views` (status, show, log), `cmd_audit` (audit), `cmd_dice`
(dice), `cmd_data` (demo, site, export, import, rulesets); `campaign/cli_*.py` add more and are
registered at the bottom. Heavy modules are imported inside the commands that use them, so
`campaign --help` starts fast. User mistakes exit 1 with a plain message on stderr; misuse of the
command line exits 2.
"""

from __future__ import annotations

import click

from campaign.cli.cmd_audit import audit
from campaign.cli.cmd_data import demo, export_cmd, import_cmd, rulesets, site_cmd
from campaign.cli.cmd_dice import dice
from campaign.cli.cmd_games import game
from campaign.cli.cmd_mail import mail
from campaign.cli.cmd_orders import orders, tick
from campaign.cli.cmd_players import init, player
from campaign.cli.cmd_referee import referee
from campaign.cli.cmd_views import log, show, status
from campaign.cli.common import _status_dict
from campaign.clictx import CONTEXT_SETTINGS, DB_ENV, Ctx

__all__ = ["Ctx", "_status_dict", "main"]


@click.group(context_settings=CONTEXT_SETTINGS)
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


for _command in (init, player, game, orders, tick, referee, mail, status, show, log, audit, dice):
    main.add_command(_command)
for _command in (demo, site_cmd, export_cmd, import_cmd, rulesets):
    main.add_command(_command)


from campaign.cli_campaign import register as _register_campaign  # noqa: E402 (map campaigns, standings)
from campaign.cli_players import legal, orders_check  # noqa: E402 (registered on the groups imported above)
from campaign.cli_scenario import hex_cmd, scenario  # noqa: E402 (registered on the group imported above)
from campaign.cli_sheet import sheet  # noqa: E402 (registered on the group imported above)

main.add_command(scenario)
main.add_command(hex_cmd)
_register_campaign(main)
main.add_command(legal)
main.add_command(sheet)
orders.add_command(orders_check)


if __name__ == "__main__":  # pragma: no cover
    main()
