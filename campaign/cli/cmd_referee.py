"""`campaign referee ...`: voids, passwords, deadlines, absences, resignations.

Registered on the `campaign` group by campaign/cli/__init__.py. A user mistake exits 1 with a plain
message (clictx._friendly); misuse of the command line exits 2.
"""

from __future__ import annotations

import click

from campaign.cli.common import _now, _print_ended
from campaign.clictx import (
    CONTEXT_SETTINGS,
    Ctx,
    _friendly,
    echo_result,
    pass_ctx,
)


@click.group(context_settings=CONTEXT_SETTINGS)
def referee() -> None:
    """The referee's tools: corrections and passwords.

    \b
    Example:
      campaign referee void 1 42 --reason "orders were for the wrong game"
    """


@referee.command("void", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("seqs", nargs=-1, type=int, required=True, metavar="SEQ...")
@click.option("--reason", required=True, help="Why; everyone is told.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_void(ctx: Ctx, game_ref: str, seqs: tuple[int, ...], reason: str, as_json: bool) -> None:
    """Void earlier inputs (and the resolutions that followed them); replay skips them from now on.

    Nothing is deleted: the log keeps both timelines, and the voided phase opens again.

    \b
    Example:
      campaign referee void 1 42 --reason "orders were for the wrong game"
    """
    camp = ctx.campaign()
    voided = camp.void(game_ref, list(seqs), reason)
    ctx.after_change(camp)
    echo_result(voided, as_json)


@referee.command("password", context_settings=CONTEXT_SETTINGS)
@click.argument("player_name", metavar="PLAYER")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_password(ctx: Ctx, player_name: str, as_json: bool) -> None:
    """Issue a new order password for a player and print it once (only its hash is kept).

    \b
    Example:
      campaign referee password alice
    """
    from campaign.service.players import NewPassword

    echo_result(NewPassword(player_name, ctx.campaign().set_password(player_name)), as_json, indent=None)


@referee.command("deadline", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option(
    "--set", "set_", default=None, metavar="DURATION", help="Give the game deadlines of this length (72h, 3d)."
)
@click.option("--extend", default=None, metavar="DURATION", help="Push the current deadline back (2d, 12h).")
@click.option("--pause", is_flag=True, help="Stop the clock: no reminders, no missed-orders policy.")
@click.option("--resume", is_flag=True, help="Start the clock again; the time paused is added to the deadline.")
@click.option("--reason", default="", help="Why (told to the players and logged).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_deadline(
    ctx: Ctx, game_ref: str, set_: str | None, extend: str | None, pause: bool, resume: bool, reason: str, as_json: bool
) -> None:
    """Set, extend, pause or resume a game's deadline (one of the four).

    \b
    Example:
      campaign referee deadline 1 --extend 2d --reason "bank holiday"
    """
    import json

    from campaign.deadlines import DeadlineAction, parse_duration_hours
    from campaign.referee import change_deadline

    chosen = [(DeadlineAction.SET, set_), (DeadlineAction.EXTEND, extend)]
    chosen += [(DeadlineAction.PAUSE, "")] if pause else []
    chosen += [(DeadlineAction.RESUME, "")] if resume else []
    given = [(a, v) for a, v in chosen if v is not None]
    if len(given) != 1:
        raise click.UsageError("give exactly one of --set, --extend, --pause, --resume")
    action, value = given[0]
    hours = parse_duration_hours(value) if value else 0
    camp = ctx.campaign()
    change = change_deadline(camp, game_ref, action, hours, reason)
    ctx.after_change(camp)
    gs = camp.load(game_ref)
    from campaign.referee import DeadlineReport, side_deadlines

    report = DeadlineReport(gs.number, change, tuple(side_deadlines(camp, gs).values()), _now())
    if as_json:
        click.echo(json.dumps(report.as_json()))
        return
    click.echo(f"game {gs.number}: deadline {change.action}" + (f" ({hours} hours)" if hours else ""))
    for d in report.as_json()["deadlines"].values():
        click.echo(f"  {d['side']} ({d['player']}) due {d['due']}, {d['in']}" + (" [paused]" if d["paused"] else ""))


@referee.command("absence", context_settings=CONTEXT_SETTINGS)
@click.argument("player_name", metavar="PLAYER")
@click.argument("start")
@click.argument("end")
@click.option("--reason", required=True, help="Why (logged).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_absence(ctx: Ctx, player_name: str, start: str, end: str, reason: str, as_json: bool) -> None:
    """Record a player's absence for them (dates inclusive); their deadlines stretch.

    \b
    Example:
      campaign referee absence alice 2026-12-24 2026-12-27 --reason "told me by phone"
    """
    import json

    from campaign.referee import absence_for

    absence = absence_for(ctx.campaign(), player_name, start, end, reason)
    if as_json:
        click.echo(json.dumps(absence.as_json()))
        return
    click.echo(f"{absence.player} is away from {absence.from_} to {absence.to}")


@referee.command("resign", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("side")
@click.option("--reason", required=True, help="Why (told to the players and logged).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_resign(ctx: Ctx, game_ref: str, side: str, reason: str, as_json: bool) -> None:
    """Resign a side on its player's behalf; the game ends as if they had sent RESIGN.

    \b
    Example:
      campaign referee resign 1 valois --reason "bob asked by phone"
    """
    from campaign.referee import resign_for

    camp = ctx.campaign()
    info = resign_for(camp, game_ref, side, reason)
    ctx.after_change(camp)
    _print_ended(info, as_json)
