"""`campaign standings`, `campaign strategic sync|result|map`, and `campaign demo --campaign` (docs/campaigns.md).

Registered on the main command group by campaign/cli.py (`register(main)`). A user mistake exits 1
with a plain message.
"""

from __future__ import annotations

from typing import Any

import click

from campaign.clictx import CONTEXT_SETTINGS, Ctx, _friendly, echo_result, pass_ctx


@click.command("standings", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: players and battles.")
@pass_ctx
@_friendly
def standings_cmd(ctx: Ctx, as_json: bool) -> None:
    """Campaign points, wins, losses and Elo rating per player; every battle with each army's losses.

    Counts the battles of map campaigns (fought as games or recorded from a table) and, as a
    ladder, every other finished two-sided game of any rule system.

    \b
    Example:
      campaign standings
      campaign standings --json
    """
    from campaign.strategic.standings import standings

    echo_result(standings(ctx.campaign(readonly=True)), as_json)


@click.group("strategic", context_settings=CONTEXT_SETTINGS)
def strategic() -> None:
    """Map campaigns: create their battles, record table battles, draw the map.

    \b
    Example:
      campaign game new --ruleset campaign-map --scenario marches \\
          --side north=alice --side south=bob --side umpire=referee
      campaign strategic sync
    """


@strategic.command("sync", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def sync_cmd(ctx: Ctx, as_json: bool) -> None:
    """Create a battle game for each clash of a strategic turn; file each finished battle's result.

    Each battle is a game of the map's rule system, set up from the region's battlefield template
    and the rosters in contact (its scenario file is written to battles/ next to the campaign file).
    Run it after `mail ingest` (or from cron, like `tick`).

    \b
    Example:
      campaign strategic sync
    """
    from pathlib import Path

    from campaign.strategic.service import sync

    camp = ctx.campaign()
    done = sync(camp, Path(ctx.db).resolve().parent)
    ctx.after_change(camp)
    echo_result(done, as_json)


@strategic.command("result", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--region", required=True, help="Where the battle was (the region's id).")
@click.option("--winner", required=True, help="The winning side, or `draw`.")
@click.option("--loss", "losses", multiple=True, help="Stands a unit lost: ARMY:UNIT=STANDS (repeat).")
@click.option("--reason", required=True, help="Where and when it was fought, who reported it.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def result_cmd(
    ctx: Ctx, game_ref: str, region: str, winner: str, losses: tuple[str, ...], reason: str, as_json: bool
) -> None:
    """Record a battle fought on a real table; it feeds the rosters and the map like any other.

    \b
    Example:
      campaign strategic result 1 --region ford --winner north \\
          --loss S1:S1.2=2 --loss N1:N1.1=1 --reason "club night, 3 May; reported by both"
    """
    from campaign.events import parse_game_ref
    from campaign.service import UserError
    from campaign.strategic.service import parse_losses, record_table_result

    try:
        number = int(parse_game_ref(game_ref).split(":")[1])
    except ValueError as exc:
        raise UserError(str(exc)) from None
    camp = ctx.campaign()
    filed = record_table_result(
        camp, number, region, None if winner == "draw" else winner, parse_losses(losses), reason
    )
    ctx.after_change(camp)
    echo_result(filed, as_json)


@strategic.command("map", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option(
    "-o",
    "--output",
    "output",
    required=True,
    type=click.Path(dir_okay=False),
    help="The picture to write: .svg or .png.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def map_cmd(ctx: Ctx, game_ref: str, output: str, as_json: bool) -> None:
    """Draw a map campaign's map now: owners, armies with their stands, last turn's moves.

    \b
    Example:
      campaign strategic map 1 -o map.png
    """
    from pathlib import Path

    from campaign.cli.results import Written
    from campaign.service import UserError
    from campaign.strategic.picture import map_svg

    camp = ctx.campaign(readonly=True)
    gs = camp.load(game_ref)
    if gs.ruleset.name != "campaign-map":
        raise UserError(f"game {gs.number} is not a map campaign")
    svg = map_svg(gs.state)
    if output.endswith(".png"):
        from campaign.render.png import render_png

        Path(output).write_bytes(render_png(svg))
    elif output.endswith(".svg"):
        Path(output).write_text(svg, encoding="utf-8")
    else:
        raise UserError(f"{output}: give a file name ending in .svg or .png")
    echo_result(Written(output), as_json, indent=None)


def _campaign_demo(out: str, seed: int, force: bool) -> None:
    from pathlib import Path

    from campaign.demo import DemoError
    from campaign.strategic.demo import check_campaign_summary, run_campaign_demo

    click.echo(f"running a map campaign by mail in {out}:", err=True)
    try:
        summary = run_campaign_demo(Path(out), seed, force=force, progress=lambda s: click.echo(f"  {s}", err=True))
    except DemoError as exc:
        raise click.ClickException(str(exc)) from None
    for line in summary.lines():
        click.echo(line)
    problems = check_campaign_summary(summary)
    if problems:
        raise click.ClickException("; ".join(problems))


def extend_demo(demo: click.Command) -> None:
    """Give `campaign demo` a `--campaign` flag: a whole map campaign instead of one battle."""
    if any(p.name == "as_campaign" for p in demo.params):
        return
    demo.params.append(
        click.Option(
            ["--campaign", "as_campaign"],
            is_flag=True,
            help="Run a small map campaign (several battles) instead of one battle.",
        )
    )
    battle = demo.callback
    assert battle is not None  # `demo` is a command with a body

    def callback(as_campaign: bool, **kwargs: Any) -> Any:
        if as_campaign:
            return _campaign_demo(kwargs["out"], kwargs["seed"], kwargs["force"])
        return battle(**kwargs)

    demo.callback = callback
    demo.help = (demo.help or "") + "\n\n\b\nA map campaign:\n  campaign demo --campaign --out camp --seed 1"
