"""`campaign mail ...`: ingest, send, the queue, trusted verifiers, digests.

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
    echo_result,
    pass_ctx,
)


@click.group(context_settings=CONTEXT_SETTINGS)
def mail() -> None:
    """The play-by-email loop: read orders from mail, send replies and digests.

    \b
    Example:
      campaign mail ingest ~/Maildir/campaign && campaign mail send --smtp localhost:25
    """


@mail.command("ingest", context_settings=CONTEXT_SETTINGS)
@click.argument("source", metavar="SOURCE")
@click.option(
    "--trust-authserv",
    "trust",
    multiple=True,
    metavar="ID",
    help="Authserv-id of your own receiving server; only its Authentication-Results count (repeatable).",
)
@click.option(
    "--unchecked",
    type=click.Choice(["refuse", "accept"]),
    default=None,
    help="What mail no trusted server vouches for gets (default: the campaign setting, else refuse).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per message.")
@pass_ctx
@_friendly
def mail_ingest(ctx: Ctx, source: str, trust: tuple[str, ...], unchecked: str | None, as_json: bool) -> None:
    """Read orders from a Maildir, an mbox, an .eml file or imap://user@host/folder.

    Each message is acted on exactly once (by Message-ID) and recorded; players get a reply
    at their address on file (strangers, bounces and automatic mail get none: the reason is
    logged). Only the Authentication-Results of the servers you trust count. The IMAP
    password comes from $CAMPAIGN_IMAP_PASSWORD or a prompt, never from a flag.

    \b
    Example:
      campaign mail ingest ~/Maildir/campaign --trust-authserv mx.example.org
      CAMPAIGN_IMAP_PASSWORD=... campaign mail ingest imap://referee@mail.example.org/INBOX
    """
    import json

    from dataclasses import replace

    from campaign.mail.ledger import Unchecked
    from campaign.mail.sources import SourceError
    from campaign.mailflow import ingest

    camp = ctx.campaign()
    settings = replace(
        ctx.mail_settings(), trusted_authserv_ids=trust, unchecked=Unchecked(unchecked) if unchecked else None
    )
    counts: dict[str, int] = {}

    def show(r: Any) -> None:
        counts[r.outcome] = counts.get(r.outcome, 0) + 1
        if as_json:
            click.echo(json.dumps(r.as_json()))
        else:
            extra = f" ({', '.join(r.codes)})" if r.codes else ""
            silent = f"; no reply: {r.unanswered}" if r.unanswered else ""
            click.echo(f"{r.outcome:9} {r.sender or '?':32} game {r.game or '-'}{extra}{silent}", err=False)

    try:
        ingest(camp, source, settings, progress=show)
    except SourceError as exc:
        raise click.ClickException(str(exc)) from None
    if counts:  # orders may have finished a strategic turn: create its battles and file ended ones [CAMP.LOG.2]
        ctx.after_change(camp)
    if not as_json:
        summary = ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) or "no new messages"
        click.echo(f"{summary}; replies and digests queued in {ctx.mail_settings().outbox}", err=True)


@mail.command("send", context_settings=CONTEXT_SETTINGS)
@click.option("--smtp", "smtp", required=True, metavar="HOST:PORT", help="The SMTP server to hand mail to.")
@click.option("--starttls", is_flag=True, help="Upgrade the connection with STARTTLS.")
@click.option("--user", default=None, help="SMTP user; the password comes from $CAMPAIGN_SMTP_PASSWORD.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def mail_send(ctx: Ctx, smtp: str, starttls: bool, user: str | None, as_json: bool) -> None:
    """Deliver the outbox over SMTP; sent mail moves aside, failures stay queued for the next run.

    \b
    Example:
      campaign mail send --smtp smtp.example.org:587 --starttls --user referee
    """
    import json

    from campaign.mail.outbox import send_outbox

    host, sep, port = smtp.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise click.UsageError(f"--smtp {smtp!r} must look like HOST:PORT, e.g. localhost:25")
    password = os.environ.get("CAMPAIGN_SMTP_PASSWORD") if user else None
    if user and password is None:
        raise click.ClickException("set $CAMPAIGN_SMTP_PASSWORD to the SMTP password (it is never a flag)")
    outbox = ctx.mail_settings().outbox
    report = send_outbox(outbox, host, int(port), starttls, user, password)
    if report.dead:
        from campaign.mailflow import record_failures

        record_failures(ctx.campaign(), ctx.mail_settings(), report.dead)
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2))
    else:
        click.echo(str(report))
    if report.failed:
        raise click.ClickException(
            f"{len(report.failed)} message(s) not delivered; `campaign mail queue` lists them (failed ones are in"
            f" {outbox / 'failed'})"
        )


@mail.command("queue", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def mail_queue(ctx: Ctx, as_json: bool) -> None:
    """List the mail waiting in the outbox, in flight when a run stopped, or failed for good.

    \b
    Example:
      campaign mail queue
    """
    from campaign.mail.queue import OutboxQueue, outbox_listing

    queue = OutboxQueue(tuple(outbox_listing(ctx.mail_settings().outbox)))
    if queue.entries or as_json:
        echo_result(queue, as_json)
    if not as_json:
        click.echo(queue.counts(), err=True)


@mail.command("trust", context_settings=CONTEXT_SETTINGS)
@click.argument("authserv_ids", nargs=-1, metavar="[ID]...")
@click.option(
    "--unchecked",
    type=click.Choice(["refuse", "accept"]),
    default=None,
    help="What mail that no trusted server vouches for gets (default refuse).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def mail_trust(ctx: Ctx, authserv_ids: tuple[str, ...], unchecked: str | None, as_json: bool) -> None:
    """Record in the campaign which receiving servers' Authentication-Results count.

    Name the authserv-id your own mail server writes first in Authentication-Results
    (look at a mail you received there). With no ID, prints the current setting.

    \b
    Example:
      campaign mail trust mx.example.org --unchecked refuse
    """
    import re

    from campaign.mail.ledger import Unchecked, ledger, settings_event

    bad = [i for i in authserv_ids if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?", i)]
    if bad:
        raise click.ClickException(
            f"{bad[0]!r} is not an authserv-id: it is the host name your receiving server writes first in"
            " Authentication-Results, such as mx.example.org"
        )
    camp = ctx.campaign()
    if authserv_ids or unchecked:
        current = ledger(camp.store).trust
        ids = authserv_ids or current.authserv_ids
        mode = Unchecked(unchecked) if unchecked else current.unchecked
        camp.store.append([settings_event(tuple(ids), mode)])
    echo_result(ledger(camp.store).trust, as_json, indent=None)


@mail.command("digests", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def mail_digests(ctx: Ctx, as_json: bool) -> None:
    """Queue digests for every player with news since their last digest (other commands do this too).

    \b
    Example:
      campaign mail digests
    """
    from campaign.mailflow import dispatch

    echo_result(dispatch(ctx.campaign(), ctx.mail_settings()), as_json, indent=None)
