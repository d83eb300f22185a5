"""Any Cry Havoc position from a file (issue 10; docs/scenarios.md, Cry Havoc "A scenario from a file"):
inline character types, a start at any turn and phase, every marker a character carries between phases,
`scenario check` listing every mistake with its line, and each shipped scenario read back from its file
[CH.DATA.2] [CH.DATA.3] [CH.ROSTER.2] [CH.STATE.1]."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from campaign.cli import main
from tests.scenario_cli import cli, line_of, open_table
from campaign.kit.scenario_file import ScenarioError
from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import OrdersRejected
from campaign.scenarios import setup_file
from games.cry_havoc import RULESET as R
from games.cry_havoc.model import Condition, Ransom

POSITION = (Path(__file__).parent / "data" / "village-brawl.toml").read_text(encoding="utf-8")
SHIPPED = resources.files("games.cry_havoc") / "data" / "scenarios"


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[CliRunner, Path]:
    """A campaign with alice and bob, the working directory holding ./somewhere/."""
    runner, db = open_table(tmp_path, monkeypatch)
    return runner, db


def test_CH_DATA_3_inline_type_and_markers_make_the_state():
    """CH.DATA.3, CH.ROSTER.2, CH.COMBAT.13, CH.SEQ.9, CH.HORSE.12, CH.MOVE.12: a type written in the file (no
    roster entry), the turn and phase, and each marker reach the state; a man already off the map counts."""
    st = R.setup_text(POSITION, "somewhere/village-brawl.toml", {})
    assert (st.turn, st.side, st.scenario, R.phase(st)) == (3, "villagers", "village-brawl", "turn 3 of 6, villagers")
    v9 = st.characters["V9"]
    assert v9.profile.type == "champion" and v9.profile.name == "Village champion"
    assert (st.values(v9).attack, st.values(v9).defence, st.values(v9).move) == (10, 4, 3)  # wounded counter
    assert v9.attacked_by == ("R6",)
    assert st.characters["R6"].fought_phases == (st.phase_no - 1,)
    assert st.characters["R2"].condition is Condition.STUNNED and st.values(st.characters["R2"]).attack == 0
    assert st.characters["R7"].leading == "R2-horse" and st.animals["R2-horse"].leader == "R7"
    assert st.characters["R3"].body is None and st.exited == {"raiders": ["R3"]}
    assert st.ammo_rolled and st.characters["V3"].missiles == 4
    assert R.load(json.loads(json.dumps(R.dump(st)))).characters == st.characters


@pytest.mark.parametrize(("condition", "attack"), [("wounded", 10), ("unwounded", 20)])
def test_CH_STATE_3_wounded_man_from_a_file_fights_with_his_wounded_counter(table, condition, attack):
    """CH.STATE.3, CH.ODDS.5: `game new --scenario ./somewhere/FILE --dice manual` starts at turn 3, the
    villagers' phase; the champion's attack order is resolved with a die entered by hand, at his wounded
    counter's attack (10 of his 20) when the file marks him wounded."""
    runner, db = table
    text = POSITION.replace('condition = "wounded"', f'condition = "{condition}"')
    Path("somewhere/brawl.toml").write_text(text, encoding="utf-8")
    out = cli(runner, db, "game", "new", "--ruleset", "cry-havoc", "--scenario", "./somewhere/brawl.toml",
              "--side", "raiders=alice", "--side", "villagers=bob", "--dice", "manual")  # fmt: skip
    assert out.output.strip() == "1"
    status = json.loads(cli(runner, db, "status", "1", "--json").output)
    assert status["scenario"] == "brawl.toml" and status["phase"] == "turn 3 of 6, villagers"
    said = cli(runner, db, "orders", "submit", "1", "--player", "bob", "-", input="attack R6 with V9\n").output
    assert "needs die 1: a d10" in said, said
    told = cli(runner, db, "dice", "enter", "1", "3").output
    assert f"V9 attacks R6 ({attack} vs 6, terrain +0)" in told, told
    assert "-- resolved turn 3 of 6, villagers" in told
    assert "ok   game:1" in cli(runner, db, "audit", "verify").output


def test_CH_SEQ_9_a_crossbowman_marked_as_having_fought_last_phase_may_not_fire():
    """CH.SEQ.9: `fought = [1]` bars a crossbowman's shot this phase; without the marker he may fire."""
    crossbow = '[[characters]]\nid = "V2"\nname = "Alan"\ntype = "crossbowman"\nside = "villagers"\nat = "1407"\n'
    for marker, barred in (("fought = [1]\n", True), ("", False)):
        st = R.setup_text(POSITION + "\n" + crossbow + marker, "x.toml", {})
        if barred:
            with pytest.raises(OrdersRejected) as e:
                R.parse_orders(st, "villagers", "fire V2 at R6")
            assert [x.code for x in e.value.errors] == ["CH.SEQ.9"]
        else:
            assert R.parse_orders(st, "villagers", "fire V2 at R6").canonical.startswith("fire V2")


def test_scenario_check_lists_every_mistake_with_its_line(tmp_path: Path):
    """`campaign scenario check FILE` reports each mistake as file:line: field: message, exit status 1
    (CH.ROSTER.4, CH.STATE.1, CH.SEQ.9, CH.HORSE.12, CH.RANSOM.7, CH.COMBAT.13)."""
    bad = (
        POSITION.replace('side = "villagers"\nammo_rolled', 'side = "defenders"\nammo_rolled')
        .replace("foot_wounded = [10, 4, 3]", "foot_wounded = [30, 4, 3]")
        .replace('condition = "wounded"', 'condition = "hurt"')
        .replace('at = "0805"', 'at = "9999"')
        .replace("fought = [1]", "fought = [3]")
        .replace('at = "0808"', 'at = "1212"')
        .replace('gone = "exited"', 'gone = "exited"\nwepon = 1\nescort = ["V9"]')
    )
    path = tmp_path / "bad.toml"
    path.write_text(bad, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "cry-havoc", str(path)])
    assert res.exit_code == 1
    got = [ln.split(": ", 2)[:2] for ln in res.output.splitlines()]
    want = [
        (line_of(bad, 'side = "defenders"'), "start.side"),
        (line_of(bad, "[types.champion]"), "types.champion"),
        (line_of(bad, 'condition = "hurt"'), "characters[0].condition"),
        (line_of(bad, 'at = "9999"'), "characters[1].at"),
        (line_of(bad, "fought = [3]"), "characters[2].fought"),
        (line_of(bad, 'leading = "R2-horse"'), "characters[4].leading"),
        (line_of(bad, "wepon = 1"), "characters[5].wepon"),
        (line_of(bad, 'escort = ["V9"]'), "characters[5].escort"),
    ]
    assert sorted(got) == sorted([f"{path}:{n}", f] for n, f in want), res.output
    assert "R2-horse must stand next to R7" in res.output and "only a prisoner has an escort" in res.output


def test_scenario_check_of_a_good_file_says_where_it_starts(tmp_path: Path):
    path = tmp_path / "brawl.toml"
    path.write_text(POSITION, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "cry-havoc", str(path)])
    assert res.exit_code == 0, res.output
    assert "'Village brawl, turn 3', sides raiders v villagers; starts at turn 3 of 6, villagers" in res.output


def test_CH_RANSOM_13_prisoners_and_ransomed_knights_need_an_enemy_captor():
    """CH.RANSOM.8, CH.RANSOM.13: a prisoner's captor is the enemy side; a ransomed knight is off the map and
    counts for his captor; a man-at-arms has no ransom counter."""
    knight = '[[characters]]\nid = "R1"\ntype = "knight"\nside = "raiders"\n'
    opts = '"options.ransom" = true\n'
    text = POSITION.replace('"options.ammunition" = true\n', '"options.ammunition" = true\n' + opts)
    st = R.setup_text(text + "\n" + knight + 'gone = "ransomed"\ncaptor = "villagers"\n', "k.toml", {})
    assert st.characters["R1"].ransom is Ransom.RANSOMED and st.ransomed == {"villagers": ["R1"]}
    st = R.setup_text(text + "\n" + knight + 'at = "1306"\nransom = "prisoner"\ncaptor = "villagers"\n', "k.toml", {})
    assert st.characters["R1"].ransom is Ransom.PRISONER and st.characters["R1"].captor == "villagers"
    with pytest.raises(ScenarioError) as e:
        R.setup_text(text + "\n" + knight + 'at = "1306"\nransom = "prisoner"\ncaptor = "raiders"\n', "k.toml", {})
    assert [p.field for p in e.value.problems] == ["characters[6].captor"]
    with pytest.raises(ScenarioError) as e:
        R.setup_text(POSITION.replace('type = "man_at_arms"\nside = "raiders"\nat = "1207"',
                                      'type = "man_at_arms"\nside = "raiders"\nat = "1207"\nransom = "escaped"'),
                     "m.toml", {})  # fmt: skip
    assert "has no ransom counter [CH.RANSOM.4]" in str(e.value)


def test_describe_text_names_the_sides_and_the_extra_player_slots():
    """CH.TURN.4: `describe_text` gives the two sides, then each character's controller, for `--side`."""
    info = R.describe_text(POSITION.replace('id = "V3"', 'id = "V3"\ncontroller = "bowmen"'), "b.toml")
    assert info.sides == ("raiders", "villagers", "bowmen") and info.title == "Village brawl, turn 3"
    with pytest.raises(ScenarioError) as e:
        R.describe_text(POSITION.replace('sides = ["raiders", "villagers"]', 'sides = "raiders"'), "b.toml")
    assert str(e.value).startswith(f"b.toml:{line_of(POSITION, 'sides = [')}: sides: must list the two sides")


@pytest.mark.parametrize("name", [s.name for s in R.scenarios()])
def test_every_shipped_scenario_reads_the_same_from_its_file(name: str, tmp_path: Path):
    """CH.DATA.2: the shipped name and the same file given by path make equal states (one reader for both)."""
    path = tmp_path / f"{name}.toml"
    path.write_text(SHIPPED.joinpath(f"{name}.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert R.dump(setup_file(R, path, {})) == R.dump(R.setup(name, {}))
    assert R.describe_text(path.read_text(encoding="utf-8"), str(path)).sides == next(
        s.sides for s in R.scenarios() if s.name == name
    )


def test_a_wrong_value_anywhere_is_a_problem_with_its_line_never_a_crash():
    """Every value of the position replaced by one of the wrong kind: a ScenarioError (the CLI prints it and exits
    1), never another exception."""
    lines = POSITION.splitlines()
    for i, ln in enumerate(lines):
        if "=" not in ln or ln.startswith("#"):
            continue
        for v in ('"x"', "-1", "[[1]]", "{ a = 1 }"):
            t = "\n".join([*lines[:i], f"{ln.split('=', 1)[0]}= {v}", *lines[i + 1 :]])
            for build in (lambda: R.describe_text(t, "f.toml"), lambda: R.setup_text(t, "f.toml", {})):
                try:
                    build()
                except ScenarioError as e:
                    assert all(p.file == "f.toml" for p in e.problems)


@pytest.mark.parametrize(("r3", "won"), [('gone = "exited"', True), ('at = "0210"', False)])
def test_CH_MOVE_12_a_man_the_file_says_has_left_counts_for_the_exit_victory(r3, won):
    """CH.MOVE.12, CH.TURN.1: with Hob already off the map (`gone = "exited"`), R8 leaving by the right edge makes
    the two men the raiders need; with Hob still on the map it is one, and the game goes on."""
    text = POSITION.replace('side = "villagers"\nammo_rolled', 'side = "raiders"\nammo_rolled')
    r8 = '\n[[characters]]\nid = "R8"\ntype = "man_at_arms"\nside = "raiders"\nat = "2408"\n'
    text = text.replace('gone = "exited"', r3) + r8
    st = R.setup_text(text, "exit.toml", {})
    st = R.apply_orders(st, R.parse_orders(st, "raiders", "leave R8"))
    res = R.resolve(st, ScriptedDice.of(10))
    assert res.state.exited["raiders"][-1] == "R8"
    assert (R.outcome(res.state) is not None and R.outcome(res.state).winner == "raiders") is won
