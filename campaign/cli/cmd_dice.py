"""`campaign dice ...`: reveal seeds, clear or enter hand-rolled dice.

Registered on the `campaign` group by campaign/cli/__init__.py. A user mistake exits 1 with a plain
message (clictx._friendly); misuse of the command line exits 2.
"""

from __future__ import annotations

import click

from campaign.clictx import (
    CONTEXT_SETTINGS,
    Ctx,
    _friendly,
    echo_result,
    pass_ctx,
)


@click.group(context_settings=CONTEXT_SETTINGS)
def dice() -> None:
    """Dice seeds and hand-entered dice.

    \b
    Example:
      campaign dice reveal 1
    """


@dice.command("reveal", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def dice_reveal(ctx: Ctx, game_ref: str, as_json: bool) -> None:
    """List each dice seed's commitment and, once its turn closed, the seed itself.

    For a finished game, also reveals the last seed if it is still secret.

    \b
    Example:
      campaign dice reveal 1 --json
    """
    import json

    from campaign.service import SeedRow

    camp = ctx.campaign()
    gs = camp.load(game_ref)
    if gs.ended is not None:
        camp.reveal_now(game_ref)
        gs = camp.load(game_ref)
    rows = SeedRow.of(gs)
    if as_json:
        click.echo(json.dumps([r.as_json() for r in rows], indent=2))
        return
    if not rows:
        click.echo(f"game {gs.number} uses {gs.dice_mode.value} dice: no seeds")
    for r in rows:
        click.echo(r.text())


@dice.command("clear", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--reason", default="cleared by the referee", show_default=True, help="Why (logged with the event).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def dice_clear(ctx: Ctx, game_ref: str, reason: str, as_json: bool) -> None:
    """Drop the hand-entered dice still queued for a manual-dice game (the log keeps them).

    \b
    Example:
      campaign dice clear 1 --reason "typed the wrong table's dice"
    """
    from campaign.service.resolution import DiceCleared

    camp = ctx.campaign()
    ev = camp.clear_dice(game_ref, reason)
    echo_result(DiceCleared(camp.load(game_ref).number, ev.seq, tuple(ev.payload["values"])), as_json, indent=None)


@dice.command("enter", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("values", nargs=-1, type=int, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def dice_enter(ctx: Ctx, game_ref: str, values: tuple[int, ...], as_json: bool) -> None:
    """Enter dice rolled on a real table for a manual-dice game, then resolve what is ready.

    \b
    Example:
      campaign dice enter 1 4 2 6
    """
    from campaign.service import Progress
    from campaign.service.resolution import DiceEntered

    camp = ctx.campaign()
    ev = camp.enter_dice(game_ref, list(values))
    ctx.after_change(camp)
    result = camp.advance(game_ref)
    ctx.after_change(camp)
    echo_result(DiceEntered(values, ev.seq, Progress(result)), as_json, indent=None)
