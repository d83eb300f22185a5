"""`campaign audit ...`: verify the chain and dice, shadow-replay, bundles.

Registered on the `campaign` group by campaign/cli/__init__.py. A user mistake exits 1 with a plain
message (clictx._friendly); misuse of the command line exits 2.
"""

from __future__ import annotations

import click

from campaign.clictx import (
    CONTEXT_SETTINGS,
    Ctx,
    _friendly,
    check_output_path,
    one_output,
    pass_ctx,
)


@click.group(context_settings=CONTEXT_SETTINGS)
def audit() -> None:
    """Check that the record is intact and the dice were fair.

    \b
    Example:
      campaign audit verify
    """


@audit.command("verify", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="[GAME]", required=False)
@click.option("--receipt", "receipts", multiple=True, metavar="HASH", help="A chain head you were given (repeatable).")
@click.option(
    "--receipts",
    "receipt_file",
    default=None,
    metavar="FILE",
    help="A file of receipts: one hash a line, or a saved digest or reply mail.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def audit_verify(
    ctx: Ctx, game_ref: str | None, receipts: tuple[str, ...], receipt_file: str | None, as_json: bool
) -> None:
    """Check the hash chain and your receipts, the dice rules, and replay games comparing every derived fact.

    Exits 1 naming the first bad event (or receipt) if anything fails. Opens the file read-only.

    \b
    Example:
      campaign audit verify 1 --receipt 3f9a...c2 --receipts digest-turn4.eml
    """
    import json
    from pathlib import Path

    from campaign.audit import verify_campaign
    from campaign.verify_dice import read_receipts

    wanted = [r.strip().lower() for r in receipts]
    if receipt_file is not None:
        try:
            text = Path(receipt_file).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise click.ClickException(f"--receipts {receipt_file}: cannot read it ({exc.strerror})") from None
        found = read_receipts(text)
        if not found:
            raise click.ClickException(f"--receipts {receipt_file}: no receipt found (a 64-hex chain head per line)")
        wanted += found
    bad = [r for r in wanted if len(r) != 64 or any(c not in "0123456789abcdef" for c in r)]
    if bad:
        raise click.ClickException(f"--receipt {bad[0]!r} is not a chain head (64 hex digits)")
    camp = ctx.campaign(readonly=True)
    report = verify_campaign(camp, game_ref, progress=not as_json, receipts=wanted)
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2))
    else:
        for line in report.lines:
            click.echo(line)
    if not report.ok:
        raise click.ClickException(report.first_problem or "verification failed")


@audit.command("dice", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def audit_dice_cmd(ctx: Ctx, game_ref: str, as_json: bool) -> None:
    """Re-derive every die of a game from its revealed seeds.

    \b
    Example:
      campaign audit dice 1
    """
    import json

    from campaign.audit import dice_audit

    camp = ctx.campaign(readonly=True)
    stream = camp.load(game_ref).stream
    result = dice_audit(camp.store, stream)
    problems = result.problems
    if as_json:
        click.echo(json.dumps(result.as_json(), indent=2))
    else:
        for line in result.lines():
            click.echo(line)
    if problems:
        raise click.ClickException(f"{len(problems)} dice rule(s) broken; first: {problems[0]}")


@audit.command("shadow", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def audit_shadow(ctx: Ctx, game_ref: str, as_json: bool) -> None:
    """Replay a game under the installed engine and list every outcome that would change.

    Use it before letting a new engine version take over a live game.

    \b
    Example:
      campaign audit shadow 1
    """
    import json

    from campaign.audit import shadow_report

    camp = ctx.campaign(readonly=True)
    camp.load(game_ref)
    report = shadow_report(camp, game_ref)
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2))
        return
    for line in report.lines():
        click.echo(line)


@audit.command("bundle", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("out_arg", type=click.Path(dir_okay=False, writable=True), metavar="[OUT.zip]", required=False)
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, writable=True), help="The bundle to write.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def audit_bundle(ctx: Ctx, game_ref: str, out_arg: str | None, output: str | None, as_json: bool) -> None:
    """Write an offline audit bundle a player can check on their own machine.

    \b
    Example:
      campaign audit bundle 1 -o game1-audit.zip
    """
    import json

    from campaign.audit import write_bundle

    out = one_output(out_arg, output, "the bundle file")

    check_output_path(out, ctx.db)
    bundle = write_bundle(ctx.campaign(readonly=True), game_ref, out)
    if as_json:
        click.echo(json.dumps(bundle.as_json()))
        return
    click.echo(
        f"wrote {out}: {bundle.events} events, chain head {bundle.head}, {bundle.revealed} of"
        f" {bundle.seeds} seeds revealed"
    )
