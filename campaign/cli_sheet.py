"""`campaign sheet`: write a player's HTML order sheet for a game's current position.

The same page the digest attaches when it asks for orders (campaign/sheet/). It only reads the
campaign (opened read-only). Registered by campaign/cli.py. A user mistake exits 1 with a plain message.
"""

from __future__ import annotations

import sys

import click

from campaign.clictx import CONTEXT_SETTINGS, Ctx, _friendly, check_output_path, echo_result, pass_ctx


def mail_address(sender: str) -> str:
    """The bare address of a From line: ``Referee <referee@example.org>`` -> ``referee@example.org``."""
    from email.utils import parseaddr  # imported here: email.utils pulls in socket, a tenth of `campaign --help`

    return parseaddr(sender)[1] or sender


@click.command("sheet", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--player", required=True, help="The player the sheet is for.")
@click.option("--side", default=None, help="The side, if the player commands more than one.")
@click.option(
    "-o", "--output", "output", default="-", metavar="FILE", help="Where to write the HTML (default: stdout)."
)
@click.option(
    "--address", default=None, metavar="ADDR", help="Where order mail goes (default: the --mail-from address)."
)
@click.option("--json", "as_json", is_flag=True, help="Print what was written as JSON (needs -o FILE).")
@pass_ctx
@_friendly
def sheet(
    ctx: Ctx, game_ref: str, player: str, side: str | None, output: str, address: str | None, as_json: bool
) -> None:
    """Write the HTML order sheet of PLAYER for GAME's current position and phase.

    One self-contained page (no network): the board, the unit cards and the legal options;
    click a unit and a hex to add order lines, then open the mail or copy its text.

    \b
    Example:
      campaign sheet 1 --player alice -o orders.html
    """
    from pathlib import Path

    from campaign.cli.results import SheetWritten
    from campaign.playerinfo import player_side
    from campaign.sheet import SHEET_LIMIT, sheet_for

    if as_json and output == "-":
        raise click.UsageError("--json needs -o FILE: the sheet itself would be the output")
    if output != "-":
        check_output_path(output, ctx.db)
    camp = ctx.campaign(readonly=True)
    gs = camp.load(game_ref)
    if gs.ended is not None:
        raise click.ClickException(f"game {gs.number} is over: there are no orders to give")
    chosen = player_side(gs, player, side)
    html = sheet_for(gs, player, chosen, address or mail_address(ctx.mail_settings().sender))
    if output == "-":
        sys.stdout.write(html)
        return
    target = Path(output)
    target.write_text(html, encoding="utf-8")
    size = len(html.encode("utf-8"))
    echo_result(SheetWritten(gs.number, player, chosen, str(target), size), as_json, indent=None)
    if size > SHEET_LIMIT and not as_json:
        click.echo(f"warning: the sheet is over {SHEET_LIMIT // 1024} KB", err=True)
