"""`campaign orders check` and `campaign legal`: what a player may learn before committing.

Both only read the campaign (it is opened read-only): a check files nothing and rolls no real
die. Registered by campaign/cli/__init__.py. A user mistake exits 1 with a plain message.
"""

from __future__ import annotations

from typing import Any

import click

from campaign.clictx import CONTEXT_SETTINGS, Ctx, _friendly, echo_result, pass_ctx


@click.command("check", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-", metavar="[FILE|-]")
@click.option("--player", required=True, help="The player whose orders these are.")
@click.option("--side", default=None, help="The side, if the player commands more than one.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@pass_ctx
@_friendly
def orders_check(ctx: Ctx, game_ref: str, source: Any, player: str, side: str | None, as_json: bool) -> None:
    """Check orders without filing them: the echo, each move's cost, the dice a resolution would roll.

    Nothing is written to the campaign. Exits 1 when the orders would be refused, listing
    every error and, for each unit named in a refused line, the orders legal for it now.

    \b
    Example:
      campaign orders check 1 --player alice orders.txt
    """
    from campaign.playerinfo import Checked, check, player_side

    text = source.read()
    camp = ctx.campaign(readonly=True)
    gs = camp.load(game_ref)
    report = Checked(gs.number, check(gs, player_side(gs, player, side), text))
    echo_result(report, as_json)
    if not report.ok:
        click.get_current_context().exit(1)


@click.command("legal", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("units", nargs=-1, metavar="[UNIT]...")
@click.option("--side", required=True, help="The side whose units to list.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def legal(ctx: Ctx, game_ref: str, units: tuple[str, ...], side: str, as_json: bool) -> None:
    """List what units of a side may legally do now: moves with cost, facings, targets, charges.

    With no UNIT, every unit of the side.

    \b
    Example:
      campaign legal 1 3 --side york
    """
    from campaign.playerinfo import legal_answer
    from campaign.service import UserError

    camp = ctx.campaign(readonly=True)
    gs = camp.load(game_ref)
    if side not in gs.sides:
        raise UserError(f"game {gs.number} has no side {side!r} (sides: {', '.join(sorted(gs.sides))})")
    if gs.ended is not None:
        raise UserError(f"game {gs.number} is over: no unit may act")
    echo_result(legal_answer(gs, side, units), as_json)
