"""Games from scenario files, through the Ruleset interface every engine shares (issue 10, item 5).

Uses the toy race (tests/toy.py) so it depends on no real rule system: `setup_text` from a file,
the base class's `describe_text`/`check_text`/`check_scenario` defaults, GameCreated holding the
file's text (replay after the file is deleted), and the errors of a ruleset that cannot read files.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from campaign.cli import main
from campaign.dice import DiceMode
from campaign.events import game_stream
from campaign.kit.scenario_file import ScenarioError, TomlDocument
from campaign.replay import state_at
from campaign.ruleset import ScenarioSource
from campaign.scenarios import check_scenario, looks_like_path, setup_file
from campaign.service import Campaign, UserError
from tests.toy import RULESET as TOY
from tests.toy import Race

RACE = """title = "Late in the race"
turn = 4

[[sides]]
name = "blue"
position = 7

[[sides]]
name = "red"
position = 2
"""


def test_a_game_from_a_file_keeps_the_text_and_replays_without_it(camp: Campaign, tmp_path: Path):
    """GameCreated holds the whole file: deleting the file changes nothing on replay."""
    path = tmp_path / "late.toml"
    path.write_text(RACE, encoding="utf-8")
    gs = camp.new_game("toy-race", str(path), {"blue": "alice", "red": "bob"}, dice_mode=DiceMode.MANUAL)
    assert gs.scenario == "late.toml" and gs.state["pos"] == {"blue": 7, "red": 2} and gs.state["turn"] == 4
    created = next(camp.store.read(stream=gs.stream))
    assert created.payload["scenario_text"] == RACE and created.payload["scenario_file"] == str(path)
    camp.submit_orders(gs.number, "alice", "advance 3")
    camp.submit_orders(gs.number, "bob", "advance 1")
    camp.enter_dice(gs.number, [6, 5])
    camp.advance(gs.number)
    before = state_at(camp.store, game_stream(gs.number), use_snapshots=False).state
    assert before["pos"] == {"blue": 10, "red": 3} and before["result"]["winner"] == "blue"
    path.unlink()
    assert state_at(camp.store, game_stream(gs.number), use_snapshots=False).state == before


def test_shipped_names_still_work_and_unknown_names_say_how_to_use_a_file(camp: Campaign):
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    assert "scenario_text" not in next(camp.store.read(stream=gs.stream)).payload
    with pytest.raises(UserError, match=r"no scenario 'dash'.*give its path, e.g. ./position.toml"):
        camp.new_game("toy-race", "dash", {"blue": "alice", "red": "bob"})
    assert looks_like_path("./x") and looks_like_path("x.toml") and not looks_like_path("sprint")


def test_file_mistakes_are_refused_with_file_line_and_field(camp: Campaign, tmp_path: Path):
    path = tmp_path / "bad.toml"
    path.write_text(RACE.replace("position = 2", 'position = "two"').replace("turn = 4", "turns = 4"), "utf-8")
    with pytest.raises(UserError) as e:
        camp.new_game("toy-race", str(path), {"blue": "alice", "red": "bob"})
    assert f"{path}:2: turns: is not a known key: did you mean 'turn'?" in str(e.value)
    assert f"{path}:10: sides[1].position: must be a whole number, not 'two'" in str(e.value)
    with pytest.raises(UserError, match="no such file"):
        camp.new_game("toy-race", str(tmp_path / "gone.toml"), {"blue": "alice", "red": "bob"})
    with pytest.raises(UserError, match="has sides blue, red"):
        camp.new_game("toy-race", str(path), {"blue": "alice"})


def test_base_class_defaults_describe_and_check(tmp_path: Path):
    """`describe_text` reads title and [[sides]] names; `check_scenario` turns every failure into problems."""
    info = TOY.describe_text(RACE, "late.toml")
    assert (info.name, info.title, info.sides) == ("late.toml", "Late in the race", ("blue", "red"))
    assert TOY.check_text(RACE, "late.toml") == []
    problems = check_scenario(TOY, tmp_path / "missing.toml")
    assert [str(p) for p in problems] == [f"{tmp_path / 'missing.toml'}: no such file"]
    bad = tmp_path / "bad.toml"
    bad.write_text('title = "x"\n[[sides]]\nname = 3\n', encoding="utf-8")
    assert [(p.line, p.field) for p in check_scenario(TOY, bad)] == [(3, "sides[0].name")]
    state = TOY.setup_from(ScenarioSource("late.toml", RACE, "late.toml"), {"turn_limit": 5})
    assert state["limit"] == 5 and state["pos"]["blue"] == 7


class Plain(Race):
    """A ruleset that has not implemented scenario files."""

    name = "toy-plain"

    def setup_text(self, text: str, name: str, options: Mapping[str, Any]) -> Any:
        return super(Race, self).setup_text(text, name, options)


def test_a_ruleset_without_files_says_so():
    problems = Plain().check_text(RACE, "late.toml")
    assert [p.message for p in problems] == ["toy-plain cannot start a game from a scenario file yet"]


def test_nested_arrays_of_tables_and_inline_items_have_their_lines():
    """campaign.kit: `[[a.b]]` after the 2nd `[[a]]` is a[1].b[n]; items of a one-a-line array have their line."""
    text = "[[a]]\nx = 1\n[[a]]\nitems = [\n  { k = 1 },\n  { k = 2 },\n]\n[[a.b]]\ny = 2\n[[a.b]]\ny = 3\n"
    doc = TomlDocument.parse(text, "t.toml")
    assert doc.line_of("a[1].b[1].y") == 11 and doc.line_of("a[1].b[0]") == 8
    assert doc.line_of("a[1].items[1].k") == 6 and doc.line_of("a[0].x") == 2


def test_scenario_check_cli_for_any_ruleset(tmp_path: Path):
    """`campaign scenario check`: exit 0 and a summary; exit 1 and file:line lines; the file may name its ruleset."""
    path = tmp_path / "late.toml"
    path.write_text('ruleset = "toy-race"\n' + RACE, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", str(path), "--json"])
    assert res.exit_code == 1  # the toy format has no `ruleset` key: reported like any unknown key
    assert json.loads(res.output)["problems"][0]["field"] == "ruleset"
    path.write_text(RACE, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "race", str(path)])
    assert res.exit_code == 0
    assert res.output == f"{path}: good: toy-race scenario 'Late in the race', sides blue v red; starts at orders\n"
    res = CliRunner().invoke(main, ["scenario", "check", str(path)])
    assert res.exit_code == 2 and "--ruleset" in res.output
    with pytest.raises(ScenarioError):
        setup_file(TOY, tmp_path / "nope.toml", {})
