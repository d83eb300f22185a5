"""The envelope of an order mail, in the style of the Diplomacy email judges (docs/orders.md).

A mail's text is::

    SIGNON <player>@<game> <password>      first non-blank line, keyword in any case
    <ruleset orders and envelope commands, one per line, in any order>
    SIGNOFF                                optional; everything after it is ignored

Envelope commands are lines whose first word is one of `CommandKind` (any case): ``WAIT``,
``NOWAIT``, ``ABSENCE <from> <to>``, ``HISTORY``, ``MAP``, ``PRESS <side|all>`` (the message
follows, up to a line ``ENDPRESS``, a ``SIGNOFF`` or the end of the mail), ``RESIGN`` and
``WITHDRAW``, ``TZ <zone>``, and the read-only ``CHECK``, ``UNITS``, ``LEGAL [unit ...]`` and ``STATUS``.
Every other non-blank line is a ruleset order and is passed through untouched.

`parse_envelope` is pure and collects every mistake, each an `OrderError` with the line number
in the mail, the line quoted (passwords masked), a stable ``E-...`` code and a hint. The orders
go to the ruleset as `Envelope.orders`: the order lines in their original positions (envelope
lines inside the block are blanked), and `Envelope.relocate` turns the ruleset's line numbers
back into the mail's.

    >>> env = parse_envelope("SIGNON alice@7 tiger\\nmove 3 to 0504\\nWAIT\\nrally 3")
    >>> env.signon.player, env.signon.game, [c.kind.name for c in env.commands], env.ok
    ('alice', 7, ['WAIT'], True)
    >>> env.orders.text, env.orders.line_offset
    ('move 3 to 0504\\n\\nrally 3', 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from enum import Enum, StrEnum

from campaign.ruleset import OrderError, OrdersRejected

SIGNON_EXAMPLE = "SIGNON alice@7 yourpassword"
PRESS_ALL = "all"


class CommandKind(Enum):
    """An envelope command: a line whose first word is the command's name (any case)."""

    WAIT = "WAIT"
    """Do not resolve the phase early when everyone's orders are in; wait for the deadline."""
    NOWAIT = "NOWAIT"
    """Cancel an earlier WAIT: resolve as soon as every side's orders are in."""
    ABSENCE = "ABSENCE"
    """``ABSENCE <from> <to>``: the player is away between two ISO dates (inclusive)."""
    HISTORY = "HISTORY"
    """Mail back the game's history so far."""
    MAP = "MAP"
    """Mail back the current board."""
    PRESS = "PRESS"
    """``PRESS <side|all>``: a message to one side or to everyone, up to a line ``ENDPRESS``."""
    RESIGN = "RESIGN"
    """The player gives up their side."""
    WITHDRAW = "WITHDRAW"
    """Take back the orders on file (only until a die has been rolled on them)."""
    CHECK = "CHECK"
    """Check the mail's orders and say what they would do, without filing anything."""
    UNITS = "UNITS"
    """Mail back the card of every unit of the player's side: every rules value and marker."""
    LEGAL = "LEGAL"
    """``LEGAL [unit ...]``: mail back what the named units (or all) may legally do now."""
    STATUS = "STATUS"
    """Mail back who the game waits for and the army status of the player's side."""
    TZ = "TZ"
    """``TZ <zone>``: show this player's deadlines in an IANA time zone such as Europe/Paris."""


NO_ARGUMENTS = frozenset(
    {
        CommandKind.WAIT,
        CommandKind.NOWAIT,
        CommandKind.HISTORY,
        CommandKind.MAP,
        CommandKind.RESIGN,
        CommandKind.WITHDRAW,
        CommandKind.CHECK,
        CommandKind.UNITS,
        CommandKind.STATUS,
    }
)
CHECK_EXCLUDES = frozenset(
    {
        CommandKind.WAIT,
        CommandKind.NOWAIT,
        CommandKind.ABSENCE,
        CommandKind.PRESS,
        CommandKind.RESIGN,
        CommandKind.WITHDRAW,
    }
)
"""Commands that change the game: a CHECK mail changes nothing, so it may not hold them."""


class EnvelopeCode(StrEnum):
    """Stable codes of envelope errors; they appear in replies and docs/orders.md."""

    SIGNON_MISSING = "E-SIGNON-MISSING"
    """The mail has no SIGNON line."""
    SIGNON_NOT_FIRST = "E-SIGNON-NOT-FIRST"
    """Something other than SIGNON comes first."""
    SIGNON_FORMAT = "E-SIGNON-FORMAT"
    """The SIGNON line is not ``SIGNON <player>@<game> <password>``."""
    SIGNON_GAME = "E-SIGNON-GAME"
    """The game after ``@`` is not a game number."""
    SIGNON_REPEATED = "E-SIGNON-REPEATED"
    """A second SIGNON line (one mail, one player, one game)."""
    COMMAND_ARGS = "E-COMMAND-ARGS"
    """A command that takes nothing after it was given something."""
    WAIT_CONFLICT = "E-WAIT-CONFLICT"
    """Both WAIT and NOWAIT in one mail."""
    ABSENCE_FORMAT = "E-ABSENCE-FORMAT"
    """ABSENCE without exactly two dates."""
    ABSENCE_DATE = "E-ABSENCE-DATE"
    """An ABSENCE date is not a real date written YYYY-MM-DD."""
    ABSENCE_RANGE = "E-ABSENCE-RANGE"
    """An ABSENCE ends before it starts."""
    PRESS_TO = "E-PRESS-TO"
    """PRESS without exactly one recipient (a side or ``all``)."""
    PRESS_EMPTY = "E-PRESS-EMPTY"
    """A PRESS block with no message in it."""
    ENDPRESS_STRAY = "E-ENDPRESS-STRAY"
    """ENDPRESS without a PRESS before it."""
    RESIGN_CONFLICT = "E-RESIGN-CONFLICT"
    """RESIGN together with orders: which one is meant?"""
    WITHDRAW_CONFLICT = "E-WITHDRAW-CONFLICT"
    """WITHDRAW together with orders: new orders already replace the old ones."""
    CHECK_CONFLICT = "E-CHECK-CONFLICT"
    """CHECK together with a command that changes the game (a check changes nothing)."""
    CHECK_EMPTY = "E-CHECK-EMPTY"
    """CHECK in a mail with no orders to check."""
    TZ_FORMAT = "E-TZ-FORMAT"
    """TZ without exactly one time zone name, or a name that is no time zone."""


@dataclass(frozen=True, slots=True)
class Signon:
    """Who the mail is from and for which game. The password never appears in the repr."""

    player: str
    game: int
    password: str = field(repr=False)
    line: int = 1


@dataclass(frozen=True, slots=True)
class Command:
    """One envelope command, where it stands in the mail, and its arguments."""

    kind: CommandKind
    line: int
    args: tuple[str, ...] = ()
    """Normalised arguments: ISO dates for ABSENCE, the recipient for PRESS (``all`` lower-cased)."""
    body: str = ""
    """The message of a PRESS block."""

    @property
    def recipient(self) -> str:
        """PRESS: the side the message is for, or ``all``."""
        if self.kind is not CommandKind.PRESS:
            raise AttributeError(f"{self.kind.name} has no recipient")
        return self.args[0]

    @property
    def period(self) -> tuple[date, date]:
        """ABSENCE: the first and last day away."""
        if self.kind is not CommandKind.ABSENCE:
            raise AttributeError(f"{self.kind.name} has no period")
        return date.fromisoformat(self.args[0]), date.fromisoformat(self.args[1])


@dataclass(frozen=True, slots=True)
class OrdersText:
    """The ruleset orders of a mail: order line k of `text` is line k + `line_offset` of the mail."""

    text: str = ""
    line_offset: int = 0

    def __bool__(self) -> bool:
        return bool(self.text.strip())

    def mail_line(self, line: int) -> int:
        """The mail's line number for line `line` of `text` (0, "the whole text", stays 0)."""
        return line + self.line_offset if line > 0 else 0


@dataclass(frozen=True, slots=True)
class Envelope:
    """A parsed order mail: the SIGNON, the envelope commands, the orders and every error."""

    signon: Signon | None
    commands: tuple[Command, ...] = ()
    orders: OrdersText = OrdersText()
    errors: tuple[OrderError, ...] = ()
    signoff_line: int | None = None
    """The line of SIGNOFF, if the mail has one (lines after it were ignored)."""

    @property
    def ok(self) -> bool:
        """True when the envelope has no errors (the orders themselves are the ruleset's to check)."""
        return not self.errors

    def find(self, kind: CommandKind) -> tuple[Command, ...]:
        """Every command of one kind, in mail order."""
        return tuple(c for c in self.commands if c.kind is kind)

    def has(self, kind: CommandKind) -> bool:
        """True when the mail holds at least one command of `kind`."""
        return any(c.kind is kind for c in self.commands)

    def relocate(self, errors: Iterable[OrderError]) -> tuple[OrderError, ...]:
        """Ruleset errors about `orders.text`, renumbered to the mail's lines."""
        return tuple(replace(e, line=self.orders.mail_line(e.line)) for e in errors)

    def raise_for_errors(self) -> None:
        """Raise OrdersRejected with every envelope error, if there are any."""
        if self.errors:
            raise OrdersRejected(self.errors)


# --- parsing --------------------------------------------------------------------------------------

_WORD = re.compile(r"\S+")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_KINDS = {k.value: k for k in CommandKind}


def _words(line: str) -> list[tuple[int, str]]:
    """(1-based column, word) for each word of a line."""
    return [(m.start() + 1, m.group()) for m in _WORD.finditer(line)]


def _mask_signon(line: str) -> str:
    """A SIGNON line fit to quote back: every word after ``player@game`` is replaced by asterisks."""
    words = _words(line)
    out = list(line.rstrip())
    for col, word in words[2:]:
        out[col - 1 : col - 1 + len(word)] = "*" * len(word)
    return "".join(out)


@dataclass(slots=True)
class _Parser:
    """One pass over the lines (internal; mutable while it runs)."""

    lines: list[str]
    errors: list[OrderError] = field(default_factory=list)
    commands: list[Command] = field(default_factory=list)
    order_lines: list[int] = field(default_factory=list)
    signon: Signon | None = None
    signon_seen: bool = False
    signoff_line: int | None = None

    def error(
        self, line: int, column: int, code: EnvelopeCode, message: str, hint: str = "", text: str | None = None
    ) -> None:
        quoted = self.lines[line - 1].rstrip() if text is None and 0 < line <= len(self.lines) else (text or "")
        self.errors.append(OrderError(line, column, code.value, message, quoted, hint))

    # -- SIGNON ----------------------------------------------------------------------------------
    def read_signon(self, n: int, line: str, first: int) -> None:
        masked = _mask_signon(line)
        if self.signon_seen:
            self.error(
                n,
                1,
                EnvelopeCode.SIGNON_REPEATED,
                "a mail may hold only one SIGNON line",
                "send one mail per game and player",
                text=masked,
            )
            return
        self.signon_seen = True
        if n != first:
            self.error(
                n,
                1,
                EnvelopeCode.SIGNON_NOT_FIRST,
                f"SIGNON must be the first line of the mail, but line {first} comes before it",
                "delete everything above the SIGNON line",
                text=masked,
            )
        words = _words(line)
        if len(words) != 3:
            what = (
                "the player@game and password are missing"
                if len(words) == 1
                else (
                    "the password is missing" if len(words) == 2 else "there is more than a password after player@game"
                )
            )
            self.error(
                n,
                words[3][0] if len(words) > 3 else 1,
                EnvelopeCode.SIGNON_FORMAT,
                f"SIGNON needs exactly `SIGNON <player>@<game> <password>`: {what}",
                f"write it like `{SIGNON_EXAMPLE}` (a password has no spaces)",
                text=masked,
            )
            if len(words) < 2:
                return
        col, ident = words[1]
        player, at, game = ident.rpartition("@")
        if not at or not player:
            self.error(
                n,
                col,
                EnvelopeCode.SIGNON_FORMAT,
                f"{ident!r} is not <player>@<game>",
                f"name yourself and the game number, like `{SIGNON_EXAMPLE}`",
                text=masked,
            )
            return
        number = game.lstrip("#")
        if not number.isascii() or not number.isdigit() or int(number) < 1:
            self.error(
                n,
                col + len(player) + 1,
                EnvelopeCode.SIGNON_GAME,
                f"{game!r} is not a game number",
                f"use the game's number from your digest, like `SIGNON {player}@7 yourpassword`",
                text=masked,
            )
            return
        if len(words) == 3:
            self.signon = Signon(player, int(number), words[2][1], n)

    # -- commands --------------------------------------------------------------------------------
    def read_command(self, n: int, kind: CommandKind, line: str) -> None:
        words = _words(line)
        args = words[1:]
        if kind in NO_ARGUMENTS:
            if args:
                self.error(
                    n,
                    args[0][0],
                    EnvelopeCode.COMMAND_ARGS,
                    f"{kind.value} takes nothing after it",
                    f"write {kind.value} alone on its line",
                )
                return
            self.commands.append(Command(kind, n))
        elif kind is CommandKind.LEGAL:
            self.commands.append(Command(kind, n, tuple(w for _, w in args)))
        elif kind is CommandKind.TZ:
            self.read_tz(n, args)
        elif kind is CommandKind.ABSENCE:
            self.read_absence(n, args)

    def read_tz(self, n: int, args: list[tuple[int, str]]) -> None:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        hint = "write one IANA zone name, like `TZ Europe/Paris`, `TZ America/New_York` or `TZ UTC`"
        if len(args) != 1:
            self.error(n, args[1][0] if len(args) > 1 else 1, EnvelopeCode.TZ_FORMAT, "TZ needs one time zone", hint)
            return
        col, zone = args[0]
        try:
            if zone.startswith(("/", ".")) or ".." in zone:
                raise ValueError
            ZoneInfo(zone)
        except (ValueError, ZoneInfoNotFoundError):
            self.error(n, col, EnvelopeCode.TZ_FORMAT, f"{zone!r} is not a time zone name", hint)
            return
        self.commands.append(Command(CommandKind.TZ, n, (zone,)))

    def read_absence(self, n: int, args: list[tuple[int, str]]) -> None:
        example = "ABSENCE 2025-07-01 2025-07-14"
        if len(args) != 2:
            self.error(
                n,
                args[2][0] if len(args) > 2 else 1,
                EnvelopeCode.ABSENCE_FORMAT,
                f"ABSENCE needs a first and a last day, got {len(args)} value{'s' if len(args) != 1 else ''}",
                f"write the dates as YYYY-MM-DD, like `{example}`",
            )
            return
        days: list[date] = []
        for col, word in args:
            try:
                if not _ISO_DATE.match(word):
                    raise ValueError
                days.append(date.fromisoformat(word))
            except ValueError:
                self.error(
                    n,
                    col,
                    EnvelopeCode.ABSENCE_DATE,
                    f"{word!r} is not a date written YYYY-MM-DD",
                    f"write the dates as YYYY-MM-DD, like `{example}`",
                )
        if len(days) != 2:
            return
        if days[1] < days[0]:
            self.error(
                n,
                args[1][0],
                EnvelopeCode.ABSENCE_RANGE,
                f"the absence ends ({days[1].isoformat()}) before it starts ({days[0].isoformat()})",
                "put the first day first",
            )
            return
        self.commands.append(Command(CommandKind.ABSENCE, n, (days[0].isoformat(), days[1].isoformat())))

    def read_press(self, n: int, line: str, start: int) -> int:
        """Read a PRESS block from line `n`; return the index of the line after it (0-based)."""
        args = _words(line)[1:]
        body: list[str] = []
        i = start
        while i < len(self.lines):
            stripped = self.lines[i].strip().upper()
            if stripped == "ENDPRESS":
                i += 1
                break
            if stripped == "SIGNOFF":
                break  # the caller sees SIGNOFF and stops
            body.append(self.lines[i].rstrip())
            i += 1
        while body and not body[0].strip():
            body.pop(0)
        while body and not body[-1].strip():
            body.pop()
        if len(args) != 1:
            self.error(
                n,
                args[1][0] if len(args) > 1 else 1,
                EnvelopeCode.PRESS_TO,
                "PRESS needs exactly one recipient: a side, or `all`",
                "write `PRESS all` or `PRESS <side>`; send one PRESS block per recipient",
            )
            return i
        if not body:
            self.error(
                n,
                1,
                EnvelopeCode.PRESS_EMPTY,
                "the PRESS block holds no message",
                "write the message on the lines after PRESS and end it with ENDPRESS",
            )
            return i
        recipient = args[0][1]
        if recipient.lower() == PRESS_ALL:
            recipient = PRESS_ALL
        self.commands.append(Command(CommandKind.PRESS, n, (recipient,), "\n".join(body)))
        return i

    # -- the whole text --------------------------------------------------------------------------
    def run(self, require_signon: bool) -> None:
        first = next((k + 1 for k, line in enumerate(self.lines) if line.strip()), 0)
        late_signon = next(
            (k + 1 for k, line in enumerate(self.lines) if line.split()[:1] and line.split()[0].upper() == "SIGNON"), 0
        )
        i = 0
        while i < len(self.lines):
            n, line = i + 1, self.lines[i]
            i += 1
            words = line.split()
            if not words:
                continue
            key = words[0].upper()
            if key == "SIGNON":
                self.read_signon(n, line, first)
            elif require_signon and n < late_signon:
                continue  # lines above a late SIGNON: reported as E-SIGNON-NOT-FIRST, not read
            elif key == "SIGNOFF":
                if len(words) > 1:
                    self.error(
                        n,
                        _words(line)[1][0],
                        EnvelopeCode.COMMAND_ARGS,
                        "SIGNOFF takes nothing after it",
                        "write SIGNOFF alone on the last line",
                    )
                self.signoff_line = n
                break
            elif key == "ENDPRESS":
                self.error(
                    n,
                    1,
                    EnvelopeCode.ENDPRESS_STRAY,
                    "ENDPRESS without a PRESS line before it",
                    "start the message with `PRESS <side>` or `PRESS all`",
                )
            elif key == "PRESS":
                i = self.read_press(n, line, i)
            elif key in _KINDS:
                self.read_command(n, _KINDS[key], line)
            else:
                self.order_lines.append(n)
        if require_signon and not self.signon_seen:
            self.error(
                first,
                0,
                EnvelopeCode.SIGNON_MISSING,
                "the mail has no SIGNON line",
                f"start the mail with a line like `{SIGNON_EXAMPLE}`",
            )
        self.check_conflicts()

    def check_conflicts(self) -> None:
        kinds = {c.kind: c for c in self.commands}
        if CommandKind.WAIT in kinds and CommandKind.NOWAIT in kinds:
            later = max(kinds[CommandKind.WAIT].line, kinds[CommandKind.NOWAIT].line)
            self.error(
                later, 1, EnvelopeCode.WAIT_CONFLICT, "WAIT and NOWAIT in the same mail", "keep the one you mean"
            )
        if self.order_lines and CommandKind.RESIGN in kinds:
            self.error(
                kinds[CommandKind.RESIGN].line,
                1,
                EnvelopeCode.RESIGN_CONFLICT,
                "RESIGN in a mail that also holds orders",
                "send either orders or RESIGN",
            )
        if self.order_lines and CommandKind.WITHDRAW in kinds:
            self.error(
                kinds[CommandKind.WITHDRAW].line,
                1,
                EnvelopeCode.WITHDRAW_CONFLICT,
                "WITHDRAW in a mail that also holds orders",
                "new orders replace the ones on file by themselves: drop the WITHDRAW line",
            )

        self.check_check(kinds)

    def check_check(self, kinds: dict[CommandKind, Command]) -> None:
        check = kinds.get(CommandKind.CHECK)
        if check is None:
            return
        for c in self.commands:
            if c.kind in CHECK_EXCLUDES:
                self.error(
                    c.line,
                    1,
                    EnvelopeCode.CHECK_CONFLICT,
                    f"{c.kind.value} in a CHECK mail: a check changes nothing in the game",
                    f"send {c.kind.value} in a mail of its own, or drop the CHECK line to file the orders",
                )
        if not self.order_lines:
            self.error(
                check.line,
                1,
                EnvelopeCode.CHECK_EMPTY,
                "CHECK in a mail with no orders to check",
                "write the orders you want checked below the CHECK line",
            )

    def orders(self) -> OrdersText:
        if not self.order_lines:
            return OrdersText()
        first, last = self.order_lines[0], self.order_lines[-1]
        wanted = set(self.order_lines)
        block = [self.lines[k - 1].rstrip() if k in wanted else "" for k in range(first, last + 1)]
        return OrdersText("\n".join(block), first - 1)


def parse_envelope(text: str, *, require_signon: bool = True) -> Envelope:
    """Split a mail's text into SIGNON, envelope commands and orders; collect every envelope error.

    With ``require_signon=False`` (orders given on the command line, where the player is known)
    a missing SIGNON is not an error and every non-command line is an order.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    parser = _Parser(lines)
    parser.run(require_signon)
    errors = sorted(parser.errors, key=lambda e: (e.line, e.column))
    return Envelope(parser.signon, tuple(parser.commands), parser.orders(), tuple(errors), parser.signoff_line)
