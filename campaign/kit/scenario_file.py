"""TOML data files (scenarios, army lists, maps, rosters) with errors that name file, line and field.

A rule system reads its file through :func:`read_toml`, then checks it with a :class:`Fields`
reader, which collects every problem instead of stopping at the first; :meth:`Fields.done`
raises one :class:`ScenarioError` listing them all, each as ``file:line: field: message``.

>>> doc = TomlDocument.parse('title = "x"\\n[[units]]\\nid = 1\\n[[units]]\\nid = "two"\\n', "s.toml")
>>> f = Fields(doc)
>>> [f.integer(u, "id", f"units[{i}]") for i, u in enumerate(doc.data["units"])]
[1, 0]
>>> print(f.problems[0])
s.toml:5: units[1].id: must be a whole number, not 'two'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from campaign.kit.words import did_you_mean

V = TypeVar("V")

_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_\-\.]+)\s*=""")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a data file: where (file, line, field) and what."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class ScenarioError(ValueError):
    """A data file that cannot be used, with every problem found in it."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True, slots=True)
class TomlDocument:
    """A parsed TOML file: its data, its text (for line look-ups) and the name errors use."""

    name: str
    text: str
    data: dict[str, Any]

    @classmethod
    def parse(cls, text: str, name: str) -> TomlDocument:
        """Parse ``text``; a syntax error becomes a ScenarioError naming ``name`` and the line."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            m = _AT.search(str(e))
            line = int(m.group(1)) if m else 0
            message = _AT.sub("", str(e)).strip()
            col = f" (column {m.group(2)})" if m else ""
            raise ScenarioError([Problem(name, line, "", f"not valid TOML: {message}{col}")]) from None
        return cls(name, text, data)

    def line_of(self, path: str) -> int:
        """The line that defines ``path`` (``a.b``, ``units[2].id``), or its table's line, or 0."""
        want = _split_path(path)
        table: list[str | int] = []
        counts: dict[tuple[str | int, ...], int] = {}
        best = 0
        for number, raw in enumerate(self.text.splitlines(), start=1):
            h = _HEADER.match(raw)
            if h and not _KEY.match(raw):
                names = [p.strip().strip("\"'") for p in h.group(2).split(".")]
                table = _in_arrays(names, counts)
                if h.group(1) == "[[":
                    # [[sides.profiles]] after the 2nd [[sides]] is sides[1].profiles[n]
                    key = tuple(_in_arrays(names[:-1], counts) + [names[-1]])
                    counts[key] = counts.get(key, -1) + 1
                    table = [*key, counts[key]]
                if _prefix(table, want):
                    best = number
                continue
            k = _KEY.match(raw)
            if not k:
                continue
            full = [*table, *(p.strip("\"'") for p in k.group(1).split("."))]
            if full == want[: len(full)] and len(full) >= 1 and _prefix(table, want):
                best = number
                if full == want:
                    return number
                item = want[len(full)] if len(want) > len(full) else None
                if isinstance(item, int):
                    return self._inline_item(number, item)
        return best

    def _inline_item(self, number: int, index: int) -> int:
        """The line of item ``index`` of an array written one inline table a line (``units = [ {..}, ]``)."""
        lines = self.text.splitlines()
        seen = -1
        for n in range(number, len(lines) + 1):
            text = lines[n - 1].strip()
            if n > number and text.startswith("]"):
                break
            starts = text.count("{") if n == number else int(text.startswith("{"))
            if n == number and "[" in text:
                starts = text.split("[", 1)[1].count("{")
            if seen + starts >= index:
                return n
            seen += starts
        return number


def _in_arrays(names: list[str], counts: dict[tuple[str | int, ...], int]) -> list[str | int]:
    """A header's path with the current index after every array of tables in it."""
    out: list[str | int] = []
    for name in names:
        out.append(name)
        if tuple(out) in counts:
            out.append(counts[tuple(out)])
    return out


def _split_path(path: str) -> list[str | int]:
    out: list[str | int] = []
    for part in path.split("."):
        m = re.fullmatch(r"([^\[]*)((?:\[\d+\])*)", part)
        if not m:
            out.append(part)
            continue
        if m.group(1):
            out.append(m.group(1))
        out.extend(int(i) for i in re.findall(r"\[(\d+)\]", m.group(2)))
    return out


def _prefix(table: list[str | int], want: list[str | int]) -> bool:
    return table == want[: len(table)]


def read_toml(path: Path | str, name: str | None = None) -> TomlDocument:
    """Read and parse a TOML file; an unreadable file is a ScenarioError too, never a traceback."""
    p = Path(path)
    label = name or str(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([Problem(label, 0, "", "no such file")]) from None
    except IsADirectoryError:
        raise ScenarioError([Problem(label, 0, "", "is a directory, not a file")]) from None
    except UnicodeDecodeError as e:
        raise ScenarioError([Problem(label, 0, "", f"not UTF-8 text (byte {e.start})")]) from None
    except OSError as e:
        raise ScenarioError([Problem(label, 0, "", e.strerror or str(e))]) from None
    return TomlDocument.parse(text, label)


_MISSING = object()


@dataclass(slots=True)
class Fields:
    """Checks the fields of a TomlDocument, collecting every problem with its line."""

    doc: TomlDocument
    problems: list[Problem] = field(default_factory=list)

    def problem(self, path: str, message: str) -> None:
        self.problems.append(Problem(self.doc.name, self.doc.line_of(path), path, message))

    def _get(self, table: Mapping[str, Any], key: str, path: str, default: Any) -> Any:
        if key in table:
            return table[key]
        if default is _MISSING:
            self.problem(path, "is missing")
        return default

    def text(self, table: Mapping[str, Any], key: str, where: str = "", default: Any = _MISSING) -> str:
        path = f"{where}.{key}" if where else key
        v = self._get(table, key, path, default)
        if v is default and default is not _MISSING:
            return str(v)
        if not isinstance(v, str):
            if v is not _MISSING:
                self.problem(path, f"must be text in quotes, not {v!r}")
            return ""
        return v

    def integer(
        self,
        table: Mapping[str, Any],
        key: str,
        where: str = "",
        default: Any = _MISSING,
        low: int | None = None,
        high: int | None = None,
    ) -> int:
        path = f"{where}.{key}" if where else key
        v = self._get(table, key, path, default)
        if v is default and default is not _MISSING:
            return int(v)
        if isinstance(v, bool) or not isinstance(v, int):
            if v is not _MISSING:
                self.problem(path, f"must be a whole number, not {v!r}")
            return 0
        if (low is not None and v < low) or (high is not None and v > high):
            self.problem(
                path,
                f"must be from {low if low is not None else '...'} to {high if high is not None else '...'}, not {v}",
            )
        return v

    def flag(self, table: Mapping[str, Any], key: str, where: str = "", default: Any = _MISSING) -> bool:
        path = f"{where}.{key}" if where else key
        v = self._get(table, key, path, default)
        if not isinstance(v, bool):
            if v is not _MISSING:
                self.problem(path, f"must be true or false, not {v!r}")
            return False
        return v

    def one_of(
        self, table: Mapping[str, Any], key: str, choices: Mapping[str, V], where: str = "", default: Any = _MISSING
    ) -> V | None:
        """A text field that must be one of ``choices`` (its keys); returns the mapped value."""
        path = f"{where}.{key}" if where else key
        v = self._get(table, key, path, default)
        if v is default and default is not _MISSING:
            return choices.get(v) if isinstance(v, str) else v
        if isinstance(v, str) and v in choices:
            return choices[v]
        if v is not _MISSING:
            self.problem(path, f"must be one of {', '.join(repr(c) for c in choices)}, not {v!r}")
        return None

    def table(self, table: Mapping[str, Any], key: str, where: str = "", required: bool = False) -> dict[str, Any]:
        path = f"{where}.{key}" if where else key
        v = table.get(key, _MISSING)
        if v is _MISSING:
            if required:
                self.problem(path, "is missing")
            return {}
        if not isinstance(v, dict):
            self.problem(path, f"must be a table, not {v!r}")
            return {}
        return v

    def tables(
        self, table: Mapping[str, Any], key: str, where: str = "", required: bool = False
    ) -> list[dict[str, Any]]:
        """An array of tables (``[[key]]``)."""
        path = f"{where}.{key}" if where else key
        v = table.get(key, _MISSING)
        if v is _MISSING:
            if required:
                self.problem(path, "is missing")
            return []
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            self.problem(path, "must be a list of tables ([[...]] sections)")
            return []
        return v

    def convert(
        self, table: Mapping[str, Any], key: str, convert: Callable[[Any], V], where: str = "", default: Any = _MISSING
    ) -> V | None:
        """Any field through ``convert``; its ValueError message becomes the problem."""
        path = f"{where}.{key}" if where else key
        v = self._get(table, key, path, default)
        if v is _MISSING:
            return None
        try:
            return convert(v)
        except (ValueError, TypeError) as e:
            self.problem(path, str(e) or f"bad value {v!r}")
            return None

    def unknown(self, table: Mapping[str, Any], known: Iterable[str], where: str = "") -> None:
        """Report keys the format does not define (a typo would otherwise be silently ignored)."""
        allowed = set(known)
        for key in table:
            if key not in allowed:
                path = f"{where}.{key}" if where else key
                hint = did_you_mean(key, allowed, "known keys")
                self.problem(path, f"is not a known key{': ' + hint if hint else ''}")

    def done(self) -> None:
        """Raise ScenarioError with every problem found, if any."""
        if self.problems:
            raise ScenarioError(sorted(self.problems, key=lambda p: (p.line, p.field)))
