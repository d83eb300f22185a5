"""Finding a game's starting position: a shipped scenario by name, or a scenario file by path (an edge: it reads
files; rule systems only ever see the text).

`game new --scenario` takes either. A name a ruleset ships wins; anything that looks like a
path (it has a slash or ends in ``.toml``) or names an existing file is read as a file. The
ruleset checks the file (`Ruleset.describe_text`, `Ruleset.setup_text`); every problem comes
back as ``file:line: field: message``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from campaign.kit.scenario_file import Problem, ScenarioError, read_toml
from campaign.ruleset import JSON, Ruleset, ScenarioInfo, ScenarioSource, State


class ScenarioNotFound(LookupError):
    """Neither a shipped scenario of the ruleset nor a file."""


def read_scenario_file(path: str | os.PathLike[str]) -> ScenarioSource:
    """Read a scenario file as text; a missing or unreadable file is a ScenarioError naming it."""
    doc = read_toml(Path(path), str(path))  # also refuses text that is not TOML, with its line
    return ScenarioSource(Path(path).name, doc.text, str(path))


def looks_like_path(scenario: str) -> bool:
    """True when `scenario` is meant as a file: it has a directory part, a .toml suffix, or exists."""
    return "/" in scenario or os.sep in scenario or scenario.endswith(".toml") or Path(scenario).is_file()


def scenario_source(rs: Ruleset, scenario: str) -> tuple[ScenarioSource, ScenarioInfo]:
    """The source and sides of `scenario` for `rs`: a shipped name first, else a file path.

    Raises ScenarioNotFound for an unknown name, ScenarioError for a file that cannot be used.
    """
    shipped = {s.name: s for s in rs.scenarios()}
    if scenario in shipped:
        return ScenarioSource(scenario), shipped[scenario]
    if not looks_like_path(scenario):
        broken = [p for p in rs.scenario_problems() if Path(p.file).stem == scenario]
        if broken:
            raise ScenarioError(broken)
        raise ScenarioNotFound(
            f"{rs.name} has no scenario {scenario!r} (scenarios: {', '.join(sorted(shipped)) or 'none'});"
            " to start from a file, give its path, e.g. ./position.toml"
        )
    source = read_scenario_file(scenario)
    assert source.text is not None
    info = rs.describe_text(source.text, source.label)
    return source, info


def setup_file(rs: Ruleset, path: str | os.PathLike[str], options: Mapping[str, JSON]) -> State:
    """A fresh game of `rs` from a scenario file on disk; raises ScenarioError naming the file."""
    return rs.setup_from(read_scenario_file(path), options)


def check_scenario(rs: Ruleset, path: str | os.PathLike[str]) -> list[Problem]:
    """Every problem with the scenario file at `path` for `rs` (unreadable, bad TOML, bad fields)."""
    try:
        source = read_scenario_file(path)
    except ScenarioError as exc:
        return list(exc.problems)
    assert source.text is not None
    return rs.check_text(source.text, source.label)


def check_file(rs: Ruleset, path: str) -> list[Problem]:
    """Every problem with one scenario file for `rs`, sorted by line."""
    return sorted(check_scenario(rs, path), key=lambda p: (p.line, p.field, p.message))


__all__ = [
    "ScenarioNotFound",
    "check_file",
    "check_scenario",
    "looks_like_path",
    "read_scenario_file",
    "scenario_source",
    "setup_file",
]
