"""`campaign demo`, `site`, `export`, `import` and `rulesets`: whole-campaign jobs.

Registered on the `campaign` group by campaign/cli/__init__.py. A user mistake exits 1 with a plain
message (clictx._friendly); misuse of the command line exits 2.
"""

from __future__ import annotations

import os
from typing import Any

import click

from campaign.clictx import (
    CONTEXT_SETTINGS,
    Ctx,
    _friendly,
    check_db_path,
    check_output_path,
    echo_result,
    one_output,
    pass_ctx,
)


@click.command(context_settings=CONTEXT_SETTINGS)
@click.option(
    "-o",
    "--output",
    "--out",
    "out",
    default="demo",
    show_default=True,
    type=click.Path(file_okay=False),
    help="Directory.",
)
@click.option("--seed", default=1, show_default=True, help="Same seed, same battle, byte for byte.")
@click.option(
    "--ruleset",
    "ruleset_name",
    default="hordes-heroes",
    show_default=True,
    help="Any installed rule system with a computer player (see `campaign rulesets`).",
)
@click.option("--scenario", default=None, help="A scenario name or file (default: the rule system's demo scenario).")
@click.option("--force", is_flag=True, help="Replace an earlier demo in --out.")
@_friendly
def demo(out: str, seed: int, ruleset_name: str, scenario: str | None, force: bool) -> None:
    """Watch computer players fight a whole battle by mail, then browse the archive.

    Creates a campaign in --out with a player for each side (alice, bob, ...), plays a battle of
    the chosen rule system between them through the real mail path (order mails in, replies and
    digests out), and writes the static archive. The --db option is not used: the campaign file
    is --out/campaign.db.

    \b
    Example:
      campaign demo --out demo --seed 7 && xdg-open demo/site/index.html
      campaign demo --ruleset hordes-heroes --scenario river-woods --out demo2
    """
    from pathlib import Path

    from campaign.demo import DemoError, check_summary, run_demo

    click.echo(f"playing a {ruleset_name} battle by mail in {out} (one line per game turn):", err=True)
    try:
        summary = run_demo(
            Path(out),
            seed,
            ruleset=ruleset_name,
            scenario=scenario,
            force=force,
            progress=lambda p: click.echo(f"  {p.line()}", err=True),
        )
    except DemoError as exc:
        raise click.ClickException(str(exc)) from None
    for line in summary.lines():
        click.echo(line)
    problems = check_summary(summary)
    if problems:
        raise click.ClickException("; ".join(problems))


@click.command("site", context_settings=CONTEXT_SETTINGS)
@click.argument("outdir_arg", type=click.Path(file_okay=False), metavar="[OUTDIR]", required=False)
@click.option("-o", "--output", "output", type=click.Path(file_okay=False), help="The folder to write the pages into.")
@click.option("--game", "games", multiple=True, type=int, help="Only these games (default: all).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def site_cmd(ctx: Ctx, outdir_arg: str | None, output: str | None, games: tuple[int, ...], as_json: bool) -> None:
    """Write the browsable static archive: opens from disk in any browser, no server needed.

    \b
    Example:
      campaign site -o archive && xdg-open archive/index.html
    """
    from pathlib import Path

    outdir = one_output(outdir_arg, output, "the folder for the pages")
    from campaign.site import write_site

    check_output_path(outdir, ctx.db, directory=True)
    report = write_site(ctx.campaign(readonly=True), Path(outdir), games=list(games) or None, progress=not as_json)
    echo_result(report, as_json, indent=None)


@click.command("export", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="[GAME]", required=False)
@click.option("--with-secrets", is_flag=True, help="Include unrevealed dice seeds (moving a server; keep private).")
@pass_ctx
@_friendly
def export_cmd(ctx: Ctx, game_ref: str | None, with_secrets: bool) -> None:
    """Write the event log as JSON Lines to standard output.

    Without GAME the whole campaign is written and `campaign import` rebuilds it with the
    same chain head. With GAME only that game's events are written, for reading elsewhere.

    \b
    Example:
      campaign export > backup.jsonl
    """
    from campaign.transfer import export_lines

    camp = ctx.campaign(readonly=True)
    if game_ref is not None:
        camp.load(game_ref)  # an unknown game is an error, not an empty export
    for line in export_lines(camp.store, game_ref, with_secrets=with_secrets):
        click.echo(line)


@click.command("import", context_settings=CONTEXT_SETTINGS)
@click.argument("source", type=click.File("r", encoding="utf-8"), metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def import_cmd(ctx: Ctx, source: Any, as_json: bool) -> None:
    """Rebuild a campaign file from `campaign export` output (the --db file must not exist).

    \b
    Example:
      campaign --db restored.db import backup.jsonl
    """
    from pathlib import Path

    from campaign.transfer import import_lines

    if Path(ctx.db).exists():
        raise click.ClickException(f"{ctx.db} already exists; import into a new file with --db")
    check_db_path(ctx.db, create=True)
    try:
        imported = import_lines(ctx.db, source)
    except BaseException:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(ctx.db + suffix):
                os.remove(ctx.db + suffix)
        raise
    echo_result(imported, as_json, indent=None)


@click.command(context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_friendly
def rulesets(as_json: bool) -> None:
    """List the installed rule systems and their scenarios.

    \b
    Example:
      campaign rulesets --json
    """
    import json

    from campaign.ruleset import RulesetEntry, installed

    rows = [RulesetEntry.of(rs) for rs in installed().values()]
    if as_json:
        click.echo(json.dumps([r.as_json() for r in rows], indent=2))
        return
    if not rows:
        click.echo("no rulesets installed")
    for r in rows:
        for line in r.lines():
            click.echo(line)
        for line in r.broken:
            click.echo(f"warning: {r.name}: scenario file skipped: {line}", err=True)


from campaign.cli_campaign import extend_demo  # noqa: E402 (`demo --campaign` lives with the map campaigns)

extend_demo(demo)
