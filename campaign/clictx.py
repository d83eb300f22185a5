"""What every `campaign` command shares: the settings, the per-invocation context, plain errors.

Kept apart from the commands so that command modules (campaign/cli/cmd_*.py, campaign/cli_*.py)
import it without importing each other.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import click

if TYPE_CHECKING:
    from campaign.service import Campaign

CONTEXT_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
DB_ENV = "CAMPAIGN_DB"
F = TypeVar("F", bound=Callable[..., Any])


class Printable(Protocol):
    """A command's result: the JSON `--json` prints and the line(s) a person reads."""

    def as_json(self) -> Any: ...

    def text(self) -> str: ...


def echo_result(result: Printable, as_json: bool, *, indent: int | None = 2) -> None:
    """Print a command's result: its `as_json()` with --json, else its `text()`."""
    import json

    click.echo(json.dumps(result.as_json(), indent=indent) if as_json else result.text())


def _friendly(fn: F) -> F:
    """Turn our own error types into a plain message and exit 1 (never a traceback)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        import sqlite3

        from campaign.canonical import NotCanonical
        from campaign.dice import DiceError
        from campaign.eventlog import EventLogError
        from campaign.replay import ReplayError
        from campaign.ruleset import OrdersRejected, UnknownRuleset
        from campaign.service import UserError

        try:
            return fn(*args, **kwargs)
        except OrdersRejected as exc:
            n = len(exc.errors)
            click.echo(f"orders refused: {n} error{'s' if n != 1 else ''}; nothing was stored", err=True)
            for err in exc.errors:
                click.echo(str(err), err=True)
            sys.exit(1)
        except (UserError, EventLogError, ReplayError, UnknownRuleset, DiceError, NotCanonical) as exc:
            raise click.ClickException(str(exc)) from None
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
        except sqlite3.OperationalError as exc:
            raise click.ClickException(f"the campaign file cannot be used: {exc}") from None
        except OSError as exc:
            where = f" {exc.filename}" if exc.filename else ""
            raise click.ClickException(f"cannot use{where}: {exc.strerror or exc}") from None

    return wrapper  # type: ignore[return-value]  # functools.wraps keeps fn's signature


class Ctx:
    """Per-invocation settings shared by the commands."""

    def __init__(self, db: str, outbox: str | None = None, mail_from: str | None = None, referee: str | None = None):
        self.db = db
        self.outbox = outbox
        self.mail_from = mail_from
        self.referee = referee

    def mail_settings(self) -> Any:
        from pathlib import Path

        from campaign.mailflow import DEFAULT_SENDER, MailSettings

        outbox = Path(self.outbox) if self.outbox else Path(self.db).resolve().parent / "outbox"
        return MailSettings(outbox=outbox, sender=self.mail_from or DEFAULT_SENDER, referee=self.referee)

    def after_change(self, camp: Campaign) -> None:
        """Bring map campaigns up to date (their new battles, their finished ones: docs/campaigns.md), then
        queue digests for whatever changed (the embedded default: a Maildir outbox, no server)."""
        from pathlib import Path

        from campaign.mailflow import dispatch
        from campaign.service import UserError
        from campaign.strategic.service import sync

        try:
            for line in sync(camp, Path(self.db).resolve().parent).done:
                click.echo(line, err=True)
        except UserError as exc:  # a battle that cannot be set up: say so; what was asked for is already done
            click.echo(f"warning: the map campaign could not be brought up to date: {exc}", err=True)
        dispatch(camp, self.mail_settings())

    def campaign(self, *, create: bool = False, readonly: bool = False) -> Campaign:
        """The campaign file; `readonly` for commands that only read (they write nothing, not even a cache)."""
        from campaign.eventlog import open_store
        from campaign.service import Campaign

        check_db_path(self.db, create=create)
        return Campaign(open_store(self.db, create=create, readonly=readonly))


def check_output_path(out: str, db: str, *, directory: bool = False) -> None:
    """Refuse an output path that would overwrite the campaign file or sits in a missing folder."""
    from pathlib import Path

    target = Path(out).resolve()
    campaign_files = {Path(db + suffix).resolve() for suffix in ("", "-wal", "-shm")}
    if target in campaign_files:
        raise click.ClickException(f"{out} is the campaign file itself; write the output somewhere else")
    if not directory and target.is_dir():
        raise click.ClickException(f"{out} is a directory; name a file to write")
    if directory and target.exists() and not target.is_dir():
        raise click.ClickException(f"{out} is a file; name a directory to write the pages into")
    if not target.parent.is_dir():
        raise click.ClickException(f"cannot write {out}: the folder {Path(out).parent} does not exist")


def one_output(positional: str | None, option: str | None, what: str) -> str:
    """The output path given either way (`-o PATH`, the documented one, or the older positional form)."""
    if positional and option and positional != option:
        raise click.UsageError(f"give {what} once: -o {option} or {positional}, not both")
    chosen = option or positional
    if not chosen:
        raise click.UsageError(f"name {what} with -o PATH")
    return chosen


def check_db_path(db: str, *, create: bool = False) -> None:
    """Refuse a --db path that cannot be a campaign file, in plain words (never a sqlite traceback)."""
    from pathlib import Path

    path = Path(db)
    if path.is_dir():
        raise click.ClickException(f"--db {db} is a directory; name a file, e.g. --db {path / 'campaign.db'}")
    if create and not path.parent.resolve().is_dir():
        raise click.ClickException(f"--db {db}: the folder {path.parent} does not exist; create it first")
    if not create and not path.exists():
        raise click.ClickException(f"no campaign file at {db} (run `campaign init` first, or pass --db)")


pass_ctx: Callable[[Callable[..., Any]], Callable[..., Any]] = click.make_pass_decorator(Ctx)
