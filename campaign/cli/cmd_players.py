"""`campaign init` and `campaign player ...`: the campaign file and who plays.

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


@click.command(context_settings=CONTEXT_SETTINGS)
@click.option("--name", default="", help="A name for the campaign (default: the file's name).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def init(ctx: Ctx, name: str, as_json: bool) -> None:
    """Create a new campaign file.

    \b
    Example:
      campaign --db wars-of-the-roses.db init --name "Wars of the Roses"
    """
    from pathlib import Path

    if Path(ctx.db).exists():
        raise click.ClickException(f"{ctx.db} already exists; choose another --db path")
    from campaign.cli.results import CampaignFile

    camp = ctx.campaign(create=True)
    camp.init(name or Path(ctx.db).stem)
    echo_result(CampaignFile(ctx.db, name or Path(ctx.db).stem), as_json, indent=None)


@click.group(context_settings=CONTEXT_SETTINGS)
def player() -> None:
    """Players of the campaign.

    \b
    Example:
      campaign player add alice --email alice@example.org
    """


@player.command("add", context_settings=CONTEXT_SETTINGS)
@click.argument("name")
@click.option("--email", required=True, metavar="ADDR", help="Where the player's digests go.")
@click.option("--tz", default=None, metavar="ZONE", help="The time zone deadlines are shown in (e.g. Europe/Paris).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def player_add(ctx: Ctx, name: str, email: str, tz: str | None, as_json: bool) -> None:
    """Add a player to the campaign and issue their order password (printed once).

    \b
    Example:
      campaign player add bob --email bob@example.org
    """
    from campaign.service.players import NewPlayer

    camp = ctx.campaign()
    p = camp.add_player(name, email, tz)
    echo_result(NewPlayer(p, camp.set_password(p.name)), as_json, indent=None)


@player.command("set", context_settings=CONTEXT_SETTINGS)
@click.argument("name")
@click.option("--email", required=True, metavar="ADDR", help="The player's new address.")
@click.option("--reason", default="", help="Why (logged with the change).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def player_set(ctx: Ctx, name: str, email: str, reason: str, as_json: bool) -> None:
    """Change a player's email address; digests and replies go to the new one from now on.

    \b
    Example:
      campaign player set alice --email alice@new.example.org --reason "moved provider"
    """
    import json

    from campaign.referee import set_email

    info = set_email(ctx.campaign(), name, email, reason)
    if as_json:
        click.echo(json.dumps(info.as_json()))
        return
    click.echo(f"{info.name} now gets mail at {info.email}")


@player.command("list", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def player_list(ctx: Ctx, as_json: bool) -> None:
    """List the campaign's players.

    \b
    Example:
      campaign player list --json
    """
    import json

    players = ctx.campaign(readonly=True).players()
    if as_json:
        click.echo(json.dumps([p.as_json() for p in players.values()], indent=2))
        return
    for p in players.values():
        click.echo(f"{p.name:16} {p.email}" + (f"  ({p.tz})" if p.tz != "UTC" else ""))
