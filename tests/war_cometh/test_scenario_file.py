"""Any War Cometh position from a file (issue 10; docs/scenarios.md, War Cometh): profiles written inline,
a start at any player-turn, every lasting marker of a unit, a leader and a side, `scenario check` listing
every mistake with its line, and each shipped scenario read back from its file [WC.SEQ.1] [WC.SEQ.8]."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from campaign.cli import main
from tests.scenario_cli import cli, line_of, open_table
from campaign.eventlog import open_store
from campaign.kit.scenario_file import ScenarioError
from campaign.kit.scripted import ScriptedDice
from campaign.scenarios import setup_file
from campaign.service import Campaign
from games.war_cometh.engine import WarCometh
from games.war_cometh.model import Condition, Formation, Phase, load_state
from games.war_cometh.scenario import SCENARIOS, scenario_text

R = WarCometh()
POSITION = (Path(__file__).parent / "data" / "hedge-fight.toml").read_text(encoding="utf-8")


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[CliRunner, Path]:
    """A campaign with alice and bob, the working directory holding ./somewhere/."""
    runner, db = open_table(tmp_path, monkeypatch)
    return runner, db


def test_WC_SEQ_8_inline_profile_and_markers_make_the_state():
    """WC.SEQ.8, WC.LIST.6, WC.REACT.2, WC.SHOOT.3, WC.CAMP.3, WC.CAMP.5, WC.LEADER.11, WC.FORM.15, WC.PD.27: a
    profile written in the file, the player-turn, and each unit's, leader's and side's markers reach the state."""
    st = R.setup_text(POSITION, "somewhere/hedge-fight.toml", {})
    assert (st.phase, st.active, st.player_turn, R.turn(st)) == (Phase.MOVEMENT, "blue", 6, 3)
    assert dict(st.turns_taken) == {"blue": 3, "red": 3} and st.scenario == "hedge-fight"
    assert [p.id for p in st.house_profiles] == ["house.town_foot"]
    assert st.unit("R1").stands[0].profile == "house.town_foot"
    r1, r2, b1, b2, b3 = (st.unit(u) for u in ("R1", "R2", "B1", "B2", "B3"))
    assert (r1.lost, r1.fielded, r1.chits, len(r1.stands), r1.files) == (1, 5, ("combat",), 4, 2)
    assert r2.hold_fire and b1.condition is Condition.DISORDERED and b1.began_turn is Condition.DISORDERED
    assert b2.formation is Formation.SKIRMISH and [(s.pose.x, s.pose.facing) for s in b2.stands][1] == (9200, -8000)
    assert not b3.on_table and b3.to_camp
    assert st.leader("jean").lost and st.leader("henry").attached_to == "R1"
    assert st.side("blue").camp_captured and not st.side("red").camp_captured
    assert st.standing == (("blue", "pursue:B1", "no"), ("blue", "reform", "face_threat"))
    assert st.option("opt_reaction_tests") == "false"
    assert load_state(json.loads(json.dumps(R.dump(st)))) == st


@pytest.mark.parametrize(("disordered", "result"), [("true", "rally with elan"), ("false", "carry on")])
def test_WC_CMD_18_a_disordered_unit_from_a_file_rolls_on_the_disordered_column(table, disordered, result):
    """WC.CMD.6, WC.CMD.18: `game new --scenario ./somewhere/FILE --dice manual` starts at turn 3, Blue's half;
    Louis's order to the men-at-arms marked disordered is rolled by hand (1 + 2) on the Disordered column, Rally
    with Elan, which removes the disorder; the same unit in good order gets Carry On."""
    runner, db = table
    Path("somewhere/hedge.toml").write_text(
        POSITION.replace("disordered = true", f"disordered = {disordered}"), encoding="utf-8"
    )
    out = cli(runner, db, "game", "new", "--ruleset", "war-cometh", "--scenario", "./somewhere/hedge.toml",
              "--side", "red=alice", "--side", "blue=bob", "--dice", "manual")  # fmt: skip
    assert out.output.strip() == "1"
    status = json.loads(cli(runner, db, "status", "1", "--json").output)
    assert status["scenario"] == "hedge.toml" and status["phase"] == "movement (Blue army)"
    orders = "commander louis\nunit B1 forward 5\n"
    said = cli(runner, db, "orders", "submit", "1", "--player", "bob", "-", input=orders)
    assert "needs die 1: a d6 for 'command: Louis orders unit B1" in said.output, said.output
    cli(runner, db, "dice", "enter", "1", "1")
    told = cli(runner, db, "dice", "enter", "1", "2").output
    assert f"Louis orders unit B1: rating 9, rolled 1+2, result +6: {result}." in told, told
    store = open_store(db)
    try:
        st = Campaign(store).load("1").state
    finally:
        store.close()
    assert st.unit("B1").condition is Condition.GOOD and st.active == "red" and st.player_turn == 7
    assert "ok   game:1" in cli(runner, db, "audit", "verify").output


@pytest.mark.parametrize(("break_point", "over"), [(9, True), (10, False)])
def test_WC_CAMP_5_a_captured_camp_and_a_lost_earl_count_toward_the_break_point(break_point, over):
    """WC.CAMP.5, WC.LEADER.11, WC.SEQ.10: Blue's captured camp (6) and lost Earl (3) are 9 losses: at a
    break point of 9 the battle ends with Blue's turn, at 10 it goes on."""
    text = POSITION.replace("break_point = 10\ncamp_captured", f"break_point = {break_point}\ncamp_captured")
    st = R.setup_text(text, "b.toml", {})
    st = R.apply_orders(st, R.parse_orders(st, "blue", "done"))
    res = R.resolve(st, ScriptedDice.of(6))
    assert (res.state.phase is Phase.OVER) is over
    assert ("Blue army reached the break point [WC.SEQ.10]." in res.narrative) is over


def test_scenario_check_lists_every_mistake_with_its_line(tmp_path: Path):
    """`campaign scenario check FILE` reports each mistake as file:line: field: message, exit status 1
    (WC.TROOPGEN.12, WC.GEOM.1, WC.REACT.2, WC.LEADER.4, WC.DEPLOY.6, WC.PD.27)."""
    bad = (
        POSITION.replace('phase = "movement"', 'phase = "shooting"')
        .replace("points_per_2 = 70\nquality", "points_per_2 = 50\nquality", 1)
        .replace('player = "B"', 'player = "C"')
        .replace('profile = "house.town_foot"', 'profile = "house.town_fot"')
        .replace("disordered = true", 'disordered = true\nchits = ["fear"]')
        .replace("hold_fire = true", 'hold_fire = "yes"')
        .replace('formation = "skirmish"\n', 'formation = "skirmish"\nformation_x = 1\n')
        .replace('attached = "R1"', 'attached = "B1"')
        .replace("lost = true", "lost = true\naway = true")
        .replace('"pursue B1" = "no"', '"pursue B1" = "never"')
    )
    path = tmp_path / "bad.toml"
    path.write_text(bad, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "war-cometh", str(path)])
    assert res.exit_code == 1
    got = sorted(tuple(ln.split(": ", 2)[:2]) for ln in res.output.splitlines())
    want = [
        (line_of(bad, 'phase = "shooting"'), "phase"),
        (line_of(bad, "[[profiles]]"), "profiles[0]"),
        (line_of(bad, 'player = "C"'), "sides[1].player"),
        (line_of(bad, 'profile = "house.town_fot"'), "units[0].profile"),
        (line_of(bad, 'chits = ["fear"]'), "units[2].chits"),
        (line_of(bad, 'hold_fire = "yes"'), "units[1].hold_fire"),
        (line_of(bad, "formation_x = 1"), "units[3].formation_x"),
        (line_of(bad, 'attached = "B1"'), "leaders[0].attached"),
        (line_of(bad, "away = true"), "leaders[2].away"),
        (line_of(bad, '"pursue B1" = "never"'), "standing.blue.pursue B1"),
    ]
    assert got == sorted((f"{path}:{n}", f) for n, f in want), res.output
    assert "did you mean 'house.town_foot'?" in res.output and "formula gives 70 [WC.TROOPGEN.12]" in res.output


def test_scenario_check_of_a_good_file_says_where_it_starts(tmp_path: Path):
    path = tmp_path / "hedge.toml"
    path.write_text(POSITION, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "war-cometh", str(path)])
    assert res.exit_code == 0, res.output
    assert "'Hedge fight, turn 3', sides red v blue; starts at movement (Blue army)" in res.output


def test_WC_DEPLOY_6_a_flank_march_on_its_way():
    """WC.DEPLOY.6: a flank march names a leader marked away and units off the table; a unit of the march
    still on the table is a mistake with its line."""
    march = '\n[[flank_marches]]\nside = "blue"\nleader = "jean"\nunits = ["B3"]\nedge = "right"\n'
    text = POSITION.replace("lost = true", "away = true").replace("to_camp = true\n", "")
    st = R.setup_text(text + march, "m.toml", {})
    fm = st.flank_marches[0]
    assert (fm.side, fm.leader, fm.units, fm.edge_left) == ("blue", "jean", ("B3",), False)
    assert fm.status.value == "will-arrive"
    bad = text.replace("off_table = true\n", "at = [10, 70]\nfacing = -90\n") + march
    with pytest.raises(ScenarioError) as e:
        R.setup_text(bad, "m.toml", {})
    assert [(p.line, p.field) for p in e.value.problems] == [(line_of(bad, 'units = ["B3"]'), "flank_marches[0].units")]


def test_describe_text_names_the_sides_by_key():
    info = R.describe_text(POSITION, "h.toml")
    assert (info.title, info.sides) == ("Hedge fight, turn 3", ("red", "blue")) and info.description.startswith("A Red")


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_shipped_scenario_reads_the_same_from_its_file(name: str, tmp_path: Path):
    """WC.SEQ.1: the shipped name and the same file given by path make equal states (one reader for both);
    only the record of where the scenario came from differs."""
    path = tmp_path / f"{name}.toml"
    path.write_text(scenario_text(name), encoding="utf-8")
    shipped = R.setup(name, {})
    from_file = setup_file(R, path, {})
    assert from_file.scenario == name and shipped.scenario == f"scenarios/{name}.toml"
    assert from_file == replace(shipped, scenario=name)
    assert R.describe_text(path.read_text(encoding="utf-8"), str(path)).sides == next(
        s.sides for s in R.scenarios() if s.name == name
    )


def mangled(text: str) -> list[str]:
    """The text with each `key = value` line's value replaced by values of the wrong kind, one at a time."""
    lines = text.splitlines()
    out = []
    for i, ln in enumerate(lines):
        if "=" in ln and not ln.startswith("#"):
            key = ln.split("=", 1)[0]
            wrong = ('"x"', "-1", "[[1]]", "{ a = 1 }")
            out += ["\n".join([*lines[:i], f"{key}= {v}", *lines[i + 1 :]]) for v in wrong]
    return out


def test_a_wrong_value_anywhere_is_a_problem_with_its_line_never_a_crash():
    """Every value of the position replaced by one of the wrong kind: a ScenarioError (the CLI prints it and exits
    1), never another exception."""
    text = POSITION + '\n[[areas]]\nid = "wood"\nkind = "woods"\npoints = [[1, 1], [5, 1], [5, 5]]\n'
    for t in mangled(text):
        for build in (lambda: R.describe_text(t, "f.toml"), lambda: R.setup_text(t, "f.toml", {})):
            try:
                build()
            except ScenarioError as e:
                assert all(p.file == "f.toml" for p in e.problems)
