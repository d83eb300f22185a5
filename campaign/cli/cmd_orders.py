"""`campaign orders ...` and `campaign tick`: filing, withdrawing and holding orders; the clock's work.

Registered on the `campaign` group by campaign/cli/__init__.py. A user mistake exits 1 with a plain
message (clictx._friendly); misuse of the command line exits 2.
"""

from __future__ import annotations

from typing import Any

import click

from campaign.clictx import (
    CONTEXT_SETTINGS,
    Ctx,
    _friendly,
    echo_result,
    pass_ctx,
)


@click.group(context_settings=CONTEXT_SETTINGS)
def orders() -> None:
    """Orders for a game.

    \b
    Example:
      campaign orders submit 1 --player alice orders.txt
    """


@orders.command("submit", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-", metavar="[FILE|-]")
@click.option("--player", required=True, help="The player sending the orders.")
@click.option("--side", default=None, help="The side, if the player commands more than one.")
@click.option("--json", "as_json", is_flag=True, help="Print the receipt as JSON.")
@pass_ctx
@_friendly
def orders_submit(ctx: Ctx, game_ref: str, source: Any, player: str, side: str | None, as_json: bool) -> None:
    """Check orders against the rules and file them; resolve the phase when everyone has.

    Orders come from FILE, or standard input when FILE is '-' or missing. Refused orders
    are listed with line numbers and change nothing.

    \b
    Example:
      campaign orders submit 1 --player alice orders.txt
      echo "pass" | campaign orders submit 1 --player bob -
    """
    import json

    text = source.read()
    camp = ctx.campaign()
    receipt = camp.submit_orders(game_ref, player, text, side=side, via={"entered_by": "referee", "for": player})
    pending = camp.advance(receipt.game)
    ctx.after_change(camp)
    from campaign.service import Filed

    filed = Filed(receipt, pending, camp.store.head()[1])
    if as_json:
        click.echo(json.dumps(filed.as_json(), indent=2))
        return
    from campaign.templating import render

    click.echo(
        render(
            "receipt.txt.j2",
            side=receipt.side,
            game=receipt.game.split(":")[1],
            key=receipt.key,
            seq=receipt.seq,
            canonical=receipt.canonical,
            orders_hash=receipt.orders_hash,
            resolved=receipt.resolved,
            waiting=filed.waiting_for_dice,
            decision=filed.decision,
            chain_head=filed.chain_head,
        ),
        nl=False,
    )


@orders.command("withdraw", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--player", required=True, help="The player taking orders back.")
@click.option("--side", default=None, help="The side, if the player commands more than one.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def orders_withdraw(ctx: Ctx, game_ref: str, player: str, side: str | None, as_json: bool) -> None:
    """Take back orders on file, until a die has been rolled on them.

    \b
    Example:
      campaign orders withdraw 1 --player alice
    """
    echo_result(ctx.campaign().withdraw(game_ref, player, side), as_json, indent=None)


@orders.command("wait", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--player", required=True, help="The player asking.")
@click.option("--side", default=None, help="The side, if the player commands more than one.")
@click.option("--off", is_flag=True, help="Take the wait back (NOWAIT): resolve as soon as everyone is in.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def orders_wait(ctx: Ctx, game_ref: str, player: str, side: str | None, off: bool, as_json: bool) -> None:
    """Ask that the phase not resolve before its deadline (WAIT), or take that back.

    \b
    Example:
      campaign orders wait 1 --player alice
    """
    echo_result(ctx.campaign().set_wait(game_ref, player, not off, side), as_json, indent=None)


@click.command(context_settings=CONTEXT_SETTINGS)
@click.option("--now", "now", default=None, metavar="ISO-TIME", help="The time to act at (default: the clock).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def tick(ctx: Ctx, now: str | None, as_json: bool) -> None:
    """Apply deadlines: remind late players, then apply each game's missed-orders policy.

    Safe to run from cron as often as you like; the time it acted at is logged.

    \b
    Example:
      */15 * * * * campaign --db /srv/wars.db tick
      campaign tick --now 2026-12-01T18:00:00Z --json
    """
    from campaign.deadlines import format_time, parse_time
    from campaign.eventlog import utc_now
    from campaign.referee import relative, side_deadlines

    camp = ctx.campaign()
    moment = parse_time(now or utc_now())
    report = camp.tick(format_time(moment))
    ctx.after_change(camp)
    if as_json or report:
        echo_result(report, as_json)
        return
    upcoming = sorted(
        (
            (d.due, camp.load(g).number, d)
            for g in camp.games()
            for d in side_deadlines(camp, camp.load(g)).values()
        ),
        key=lambda row: (row[0], row[1], row[2].side),
    )
    upcoming = [row for row in upcoming if not row[2].paused]
    click.echo(f"{format_time(moment)}: nothing due", nl=not upcoming)
    if upcoming:
        due, number, d = upcoming[0]
        click.echo(f"; next: game {number}, {d.side} ({d.player}) due {format_time(due)}, {relative(due, moment)}")


from campaign.cli_players import orders_check  # noqa: E402 (`orders check` lives beside `legal`)

orders.add_command(orders_check)
