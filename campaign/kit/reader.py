"""Reading order text: lines, words with their columns, a grammar table, every error collected.

A rule system describes its order language as a :class:`Grammar`: a table of verbs, each with a
parser that reads the rest of the line through a :class:`Cursor`. :meth:`Grammar.read` returns
every order it could read and every error it found, each with line, column, a stable code and a
hint; an unknown verb, direction or name gets a "did you mean" from the legal words.

>>> g = Grammar[None, tuple[str, int]]("test")
>>> g.verb("move", lambda c, ctx: ("move", c.integer("a unit id")), usage="move UNIT")
>>> result = g.read("mvoe 3\\nmove x", None)
>>> for e in result.errors:
...     print(str(e).splitlines()[0])
line 1, column 1: unknown order 'mvoe' [syntax]
line 2, column 6: expected a unit id (a number), found 'x' [syntax]
>>> result.errors[0].hint
"did you mean 'move'? (orders: move)"
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from campaign.kit.words import did_you_mean, suggest
from campaign.refusals import OrderError

__all__ = [
    "Cursor",
    "Grammar",
    "Line",
    "LineError",
    "ReadResult",
    "Verb",
    "Word",
    "did_you_mean",
    "split_lines",
    "suggest",
]

T = TypeVar("T")
C = TypeVar("C")
V = TypeVar("V")

SYNTAX = "syntax"
"""The error code of a line that cannot be read at all (no rule is involved yet)."""


@dataclass(frozen=True, slots=True)
class Word:
    """One word of an order line and the 1-based column it starts at."""

    text: str
    column: int

    @property
    def lower(self) -> str:
        return self.text.lower()


@dataclass(frozen=True, slots=True)
class Line:
    """A non-blank order line: its number in the text, the text itself and its words."""

    number: int
    text: str
    """The line as written (trailing blanks dropped), so columns point into it."""
    words: tuple[Word, ...]

    @property
    def end_column(self) -> int:
        """The column just past the line's last character (where a missing word is reported)."""
        return len(self.text) + 1


class LineError(Exception):
    """A problem in one line at one column; ``code`` is a rule ID where a rule is broken."""

    def __init__(self, message: str, column: int = 0, code: str = SYNTAX, hint: str = ""):
        super().__init__(message)
        self.message, self.column, self.code, self.hint = message, column, code, hint

    def at(self, line: Line) -> OrderError:
        """The same problem as an OrderError of the whole text."""
        return OrderError(line.number, self.column, self.code, self.message, line.text, self.hint)


def split_lines(text: str, comment: str = "#") -> tuple[list[Line], list[OrderError]]:
    """Non-blank lines with their words (quotes group words; ``comment`` starts a comment).

    Returns the lines and an error for each line whose quotes do not balance.
    """
    lines: list[Line] = []
    bad: list[OrderError] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        indent = len(raw) - len(raw.lstrip())
        stripped = raw.rstrip()
        body = stripped[indent:].split(comment, 1)[0].rstrip() if comment else stripped[indent:]
        if not body:
            continue
        try:
            lex = shlex.shlex(body, posix=True)
            lex.whitespace_split = True
            lex.commenters = ""
            texts = list(lex)
        except ValueError:
            bad.append(OrderError(number, 0, SYNTAX, "a quote is not closed on this line", stripped))
            continue
        words, pos = [], 0
        for w in texts:
            probe = w.split()[0] if w.split() else w
            j = body.find(probe, pos)
            j = pos if j < 0 else j
            if j > 0 and body[j - 1] in "'\"":
                j -= 1
            words.append(Word(w, indent + j + 1))
            pos = j + len(w)
        lines.append(Line(number, stripped, tuple(words)))
    return lines, bad


@dataclass(slots=True)
class Cursor:
    """Reads one line's words left to right; fatal problems raise LineError at the bad word's column.

    ``problems`` collects errors that do not stop the line from being read (so a line with two
    mistakes reports both); :meth:`Grammar.read` returns them with the rest.
    """

    line: Line
    i: int = 1
    problems: list[LineError] = field(default_factory=list)

    @property
    def column(self) -> int:
        return self.line.words[self.i].column if self.i < len(self.line.words) else self.line.end_column

    @property
    def verb(self) -> Word:
        return self.line.words[0]

    def more(self) -> bool:
        return self.i < len(self.line.words)

    def peek(self) -> str:
        """The next word in lower case, or "" at the end of the line."""
        return self.line.words[self.i].lower if self.more() else ""

    def next(self, what: str) -> Word:
        if not self.more():
            raise LineError(f"expected {what} at the end of the line", self.column)
        w = self.line.words[self.i]
        self.i += 1
        return w

    def accept(self, *words: str) -> str | None:
        """Consume the next word if it is one of ``words`` (case-insensitive) and return it."""
        if self.peek() in words:
            self.i += 1
            return self.line.words[self.i - 1].lower
        return None

    def integer(self, what: str, low: int | None = None, high: int | None = None) -> int:
        w = self.next(what)
        digits = w.text.lstrip("#")
        if not (digits.isdigit() or (digits.startswith("-") and digits[1:].isdigit())):
            raise LineError(f"expected {what} (a number), found {w.text!r}", w.column)
        value = int(digits)
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low if low is not None else '...'} to {high if high is not None else '...'}"
            raise LineError(f"{what} must be {span}, not {value}", w.column)
        return value

    def choice(self, what: str, choices: Mapping[str, V], code: str = SYNTAX) -> V:
        """The next word looked up in ``choices`` (keys in lower case), with "did you mean" if absent."""
        w = self.next(what)
        if w.lower in choices:
            return choices[w.lower]
        raise LineError(f"{w.text!r} is not {what}", w.column, code, did_you_mean(w.text, choices, what))

    def parse(self, what: str, convert: Callable[[str], V], code: str = SYNTAX, hint: str = "") -> V:
        """The next word through ``convert``; its ValueError becomes a LineError at that word."""
        w = self.next(what)
        try:
            return convert(w.text)
        except ValueError as e:
            raise LineError(str(e) or f"{w.text!r} is not {what}", w.column, code, hint) from None

    def rest(self) -> list[Word]:
        """Every word left on the line."""
        out = list(self.line.words[self.i :])
        self.i = len(self.line.words)
        return out

    def note(self, message: str, column: int = 0, code: str = SYNTAX, hint: str = "") -> None:
        """Record a problem and go on reading."""
        self.problems.append(LineError(message, column or self.column, code, hint))

    def end(self) -> None:
        if self.more():
            w = self.line.words[self.i]
            raise LineError(f"unexpected {w.text!r} after the end of the order", w.column)


Parser = Callable[[Cursor, C], T]
"""Reads one line after its verb: (cursor, context) -> order, raising LineError when it cannot."""


@dataclass(frozen=True, slots=True)
class Verb(Generic[C, T]):
    """One entry of a grammar table: the verb, its parser, its other spellings and its usage."""

    name: str
    parse: Parser[C, T]
    aliases: tuple[str, ...] = ()
    usage: str = ""


@dataclass(slots=True)
class ReadResult(Generic[T]):
    """What :meth:`Grammar.read` found: the orders it read (with their lines) and every error."""

    orders: list[tuple[Line, T]]
    errors: list[OrderError]

    @property
    def ok(self) -> bool:
        return not self.errors


class Grammar(Generic[C, T]):
    """An order language as a table of verbs; ``C`` is what parsers need to know (map, names)."""

    def __init__(self, name: str):
        self.name = name
        self.verbs: dict[str, Verb[C, T]] = {}
        self._lookup: dict[str, Verb[C, T]] = {}

    def verb(self, name: str, parse: Parser[C, T], *, aliases: Iterable[str] = (), usage: str = "") -> None:
        """Add a verb; every spelling must be new to the table."""
        entry = Verb(name, parse, tuple(aliases), usage or name)
        for spelling in (name, *entry.aliases):
            key = spelling.lower()
            if key in self._lookup:
                raise ValueError(f"{self.name}: the order word {spelling!r} is defined twice")
            self._lookup[key] = entry
        self.verbs[name] = entry

    def words(self) -> list[str]:
        """The main spelling of every verb, sorted."""
        return sorted(self.verbs)

    def find(self, word: str) -> Verb[C, T] | None:
        return self._lookup.get(word.lower())

    def read_line(self, line: Line, context: C) -> tuple[T | None, list[OrderError]]:
        """One line -> (its order or None, its errors)."""
        entry = self.find(line.words[0].text)
        if entry is None:
            w = line.words[0]
            hint = did_you_mean(w.text, [*self._lookup], "orders", limit=0) or ""
            listing = f"(orders: {', '.join(self.words())})"
            hint = f"{hint} {listing}".strip()
            return None, [OrderError(line.number, w.column, SYNTAX, f"unknown order {w.text!r}", line.text, hint)]
        cursor = Cursor(line)
        order: T | None = None
        try:
            order = entry.parse(cursor, context)
            cursor.end()
        except LineError as e:
            if not e.hint and entry.usage:
                e = LineError(e.message, e.column, e.code, f"usage: {entry.usage}")
            cursor.problems.append(e)
        return (order if not cursor.problems else None), [p.at(line) for p in cursor.problems]

    def read(self, text: str, context: C, comment: str = "#") -> ReadResult[T]:
        """Every order in ``text`` and every error, never stopping at the first."""
        lines, errors = split_lines(text, comment)
        orders: list[tuple[Line, T]] = []
        for line in lines:
            order, problems = self.read_line(line, context)
            errors.extend(problems)
            if order is not None:
                orders.append((line, order))
        errors.sort(key=lambda e: (e.line, e.column))
        return ReadResult(orders, errors)
