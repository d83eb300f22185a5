"""Any Hordes & Heroes position from a file (issue 10, item 5; docs/scenarios.md): `scenario check`, inline
profiles, a start at any phase of a bound with its markers, a broken shipped file skipped, and a game started
from a file played through the CLI and replayed after the file is gone [HH.SEQ.11, HH.DATA.4, HH.DATA.7]."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from campaign.cli import main
from tests.scenario_cli import cli, line_of, open_table
from campaign.eventlog import open_store
from campaign.events import game_stream
from campaign.replay import state_at
from campaign.ruleset import OrdersRejected
from games.hordes_heroes import RULESET as R
from games.hordes_heroes import scenario as S
from games.hordes_heroes.model import Formation
from games.hordes_heroes.state import Phase

DATA = Path(__file__).parent / "data"
POSITION = (DATA / "hand-to-hand.toml").read_text(encoding="utf-8")


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[CliRunner, Path]:
    """A campaign with alice and bob, and ./somewhere/position.toml beside it (the working directory)."""
    runner, db = open_table(tmp_path, monkeypatch)
    (tmp_path / "somewhere" / "position.toml").write_text(POSITION, encoding="utf-8")
    return runner, db


def test_HH_DATA_4_inline_profiles_and_markers_make_the_state():
    """HH.DATA.4, HH.DATA.7, HH.HTH.3, HH.SHOOT.2: profiles written in the file (no army list), the bound's phase,
    its contacts in order, the units engaged at its start and each unit's markers all reach the state."""
    st = R.setup_text(POSITION, "somewhere/position.toml", {})
    assert (st.turn, st.phasing, st.phase) == (2, "york", Phase.HAND_TO_HAND)
    assert st.armies == {"york": "york", "lancaster": "lancaster"}
    assert st.profile(st.units[1]).name == "Billmen" and st.profile(st.units[11]).impact == 1
    assert st.contact_order == ((1, 11),) and st.engaged_at_start == frozenset({2, 12})
    u1, u2, u3, u11 = st.units[1], st.units[2], st.units[3], st.units[11]
    assert u1.moved_this_bound and not u2.moved_this_bound
    assert u2.static_combat and st.units[12].static_combat and not u1.static_combat
    assert (u3.disrupted, u3.stands, u3.nominal) == (True, 3, 4)
    assert u11.contacted_by == (1,) and u1.formation is Formation.DEPLOYED
    assert (st.generals[1].cm, st.generals[1].cr, st.generals[1].cinc) == (3, 3, True)
    assert st.scenario == "position" and R.phase(st) == "turn 2, york bound: hand-to-hand"
    assert R.load(json.loads(json.dumps(R.dump(st)))).contact_order == st.contact_order


def test_HH_SEQ_11_a_mid_bound_start_refuses_orders_for_phases_already_over():
    """HH.SEQ.11: at a hand-to-hand start the phasing side may still give combat lines, not moves."""
    st = R.setup_text(POSITION, "position.toml", {})
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "york", "move 3 0206 face N")
    assert [x.code for x in e.value.errors] == ["HH.SEQ.11"]
    assert "hand-to-hand phase" in e.value.errors[0].message
    assert R.parse_orders(st, "york", "").data == []


def test_HH_SEQ_11_hand_to_hand_start_played_through_the_cli_and_replayed_without_the_file(table):
    """HH.SEQ.11, HH.HTH.4: `game new --scenario ./somewhere/position.toml --dice manual` starts at the
    hand-to-hand phase; the bound resolves with dice entered by hand, without movement or shooting, and the game
    replays the same after the file is deleted (GameCreated holds its text)."""
    runner, db = table
    out = cli(runner, db, "game", "new", "--ruleset", "hordes-heroes", "--scenario", "./somewhere/position.toml",
              "--side", "york=alice", "--side", "lancaster=bob", "--dice", "manual")  # fmt: skip
    assert out.output.strip() == "1"
    status = json.loads(cli(runner, db, "status", "1", "--json").output)
    assert status["scenario"] == "position.toml" and "hand-to-hand" in json.dumps(status)
    res = runner.invoke(main, ["--db", str(db), "orders", "submit", "1", "--player", "alice", "-"], input="\n")
    assert "needs die 1: a d6" in res.output, res.output
    told = ""
    for die in [6, 1, 4, 4, 3, 3, 3, 3, 3, 3]:
        told = cli(runner, db, "dice", "enter", "1", str(die)).output
        if "-- resolved" in told:
            break
    assert "-- resolved turn 2, york bound: hand-to-hand" in told, told
    assert "Hand-to-hand phase (york chooses the order)" in told
    # a new game plays rules version 2: the combat line names each unit by id and name (issue 13)
    assert re.search(r"unit \d+ \(Billmen\) \(3 \+ 4 stands \+ impact 2 \+ D6 6 = 15\) beat unit \d+ \(", told), told
    assert "Foot) (3 + 4 stands + impact 1 + D6 1 = 9)" in told
    assert "Command Move" not in told and "Shooting" not in told
    board = json.loads(cli(runner, db, "show", "1", "--format", "json").output)
    assert board["phase"] != "hand-to-hand"
    store = open_store(db)
    live = R.dump(state_at(store, game_stream(1), use_snapshots=False).state)
    created = next(e for e in store.read(stream=game_stream(1)) if e.type == "GameCreated")
    assert created.payload["scenario_text"] == POSITION
    assert created.payload["scenario_file"] == "./somewhere/position.toml"
    shutil.rmtree(Path("somewhere"))
    again = state_at(store, game_stream(1), use_snapshots=False)
    assert R.dump(again.state) == live
    store.close()
    assert "ok   game:1" in cli(runner, db, "audit", "verify").output


def test_scenario_check_reports_every_problem_with_its_line(tmp_path: Path):
    """`scenario check` lists each mistake as file:line: field: message and exits 1 (HH.DATA.1, HH.SEQ.11)."""
    bad = (
        POSITION.replace('phase = "hand-to-hand"', 'phase = "melee"')
        .replace('facing = "N", static_combat', 'facing = "Q", static_combat')
        .replace("impact = 2\npoints = 8", "impact = 2\npoints = 8\nspeeed = 1")
        .replace("contacts = [[1, 11]]", "contacts = [[1, 99]]")
    )
    path = tmp_path / "bad.toml"
    path.write_text(bad, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "hh", str(path)])
    assert res.exit_code == 1
    lines = res.output.strip().splitlines()
    assert [ln.split(": ", 2)[:2] for ln in lines] == [
        [f"{path}:{line_of(bad, 'phase = ')}", "start.phase"],
        [f"{path}:{line_of(bad, 'id = 2, profile')}", "sides[0].units[1].facing"],
        [f"{path}:{line_of(bad, 'speeed')}", "sides[0].profiles[0].speeed"],
    ]  # the unknown unit 99 is checked only once the rest is sound
    assert "not 'melee'" in lines[0] and "did you mean 'speed'" in lines[2]
    fixed = bad.replace('"melee"', '"hand-to-hand"').replace('"Q"', '"N"').replace("speeed = 1\n", "")
    path.write_text(fixed, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "hh", str(path), "--json"])
    data = json.loads(res.output)
    assert res.exit_code == 1 and data["ok"] is False
    assert data["problems"] == [
        {"file": str(path), "line": line_of(fixed, "[start]"), "field": "start",
         "message": "names unit 99, which the scenario does not have"}
    ]  # fmt: skip


def test_scenario_check_good_file_and_toml_syntax(tmp_path: Path):
    """A good file: exit 0 and one summary line; a TOML syntax error names file, line and column."""
    good = tmp_path / "good.toml"
    good.write_text(POSITION, encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "hordes-heroes", str(good)])
    assert res.exit_code == 0, res.output
    assert res.output.strip().splitlines() == [
        f"{good}: good: hordes-heroes scenario 'Bills at the hedge (turn 2, hand-to-hand)', sides york v lancaster;"
        " starts at turn 2, york bound: hand-to-hand"
    ]
    broken = tmp_path / "broken.toml"
    broken.write_text('title = "x"\nedition = 2022x\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "hh", str(broken)])
    assert res.exit_code == 1 and res.output.startswith(f"{broken}:2: not valid TOML: ")
    res = CliRunner().invoke(main, ["scenario", "check", "--ruleset", "hh", str(tmp_path / "none.toml")])
    assert res.exit_code == 1 and res.output.strip() == f"{tmp_path / 'none.toml'}: no such file"


def test_HH_DATA_1_a_side_needs_an_army_list_or_inline_profiles():
    """HH.DATA.1: a side with neither `army` nor `[[sides.profiles]]` is refused at its table's line."""
    text = POSITION.replace('[[sides.profiles]]\nid = "foot"', '[[sides.nothing]]\nid = "foot"')
    problems = R.check_text(text, "p.toml")
    fields = {p.field for p in problems}
    assert "sides[1]" in fields and "sides[1].nothing" in fields
    side = next(p for p in problems if p.field == "sides[1]")
    assert side.line == line_of(text, 'name = "lancaster"') - 1 and "inline" in side.message


def test_HH_SEQ_11_shooting_start_shoots_then_fights_without_moving():
    """HH.SEQ.11: a bound started at the shooting phase runs shooting and hand-to-hand, not movement."""
    from .helpers import Dice

    st = R.setup_text(POSITION.replace('phase = "hand-to-hand"', 'phase = "shooting"'), "p.toml", {})
    lines = R.resolve(st, Dice(*([4] * 40))).narrative
    text = "\n".join(lines)
    assert "Command Move" not in text and "Tactical Movement" not in text
    assert text.index("Hand-to-hand phase") > 0 and st.phasing == "lancaster"


def test_broken_shipped_file_is_named_and_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A shipped scenario that is not valid TOML is reported with its file and line; `rulesets` and
    `game new` go on with the others, and asking for the broken one names the problem."""
    root = tmp_path / "scenarios"
    shutil.copytree(S.scenario_dir(), root)  # type: ignore[arg-type]
    (root / "broken.toml").write_text('title = "x"\nedition = 2022x\n', encoding="utf-8")
    monkeypatch.setattr(S, "scenario_dir", lambda: root)
    S._shipped.cache_clear()
    try:
        assert "broken" not in S.scenario_names() and "intro-50" in S.scenario_names()
        res = CliRunner().invoke(main, ["rulesets"])
        assert res.exit_code == 0 and "intro-50" in res.output
        assert "scenario file skipped: scenarios/broken.toml:2: not valid TOML" in res.output
        db = tmp_path / "c.db"
        runner = CliRunner()
        cli(runner, db, "init")
        cli(runner, db, "player", "add", "alice", "--email", "a@example.org")
        cli(runner, db, "player", "add", "bob", "--email", "b@example.org")
        sides = ["--side", "york=alice", "--side", "valois=bob"]
        cli(runner, db, "game", "new", "--ruleset", "hh", "--scenario", "intro-50", *sides)
        res = cli(runner, db, "game", "new", "--ruleset", "hh", "--scenario", "broken", *sides, code=1)
        assert "scenarios/broken.toml:2: not valid TOML" in res.output
    finally:
        S._shipped.cache_clear()


def test_hex_helper_converts_both_ways_and_lists_neighbours(table):
    """`campaign hex`: label <-> axial (docs/hexgrid.md) on a game's map, a scenario's, or given parameters."""
    runner, db = table
    cli(runner, db, "game", "new", "--ruleset", "hh", "--scenario", "somewhere/position.toml",
        "--side", "york=alice", "--side", "lancaster=bob")  # fmt: skip
    one = json.loads(cli(runner, db, "hex", "0405", "--game", "1", "--json").output)
    assert (one["label"], one["q"], one["r"], one["on_map"]) == ("0405", 1, 4, True)
    assert [(n["side"], n["label"]) for n in one["neighbours"]] == [
        ("E", "0505"), ("NE", "0504"), ("NW", "0404"), ("W", "0305"), ("SW", "0406"), ("SE", "0506")
    ]  # fmt: skip
    back = json.loads(cli(runner, db, "hex", "1,4", "--columns", "8", "--rows", "8", "--json").output)
    assert back["label"] == "0405"
    corner = json.loads(cli(runner, db, "hex", "0101", "--ruleset", "hh", "--scenario", "intro-50", "--json").output)
    assert [n["on_map"] for n in corner["neighbours"]] == [True, False, False, False, True, True]
    text = cli(runner, db, "hex", "--columns", "8", "--rows", "8", "--", "-1,1").output
    assert text.splitlines()[0] == "0102 = axial q=-1 r=1 (on the map)"
    assert "not a hex label" in cli(runner, db, "hex", "55x", "--game", "1", code=1).output
    assert "give one map" in cli(runner, db, "hex", "0101", code=2).output


def test_HH_WIN_4_casualties_commands_activations_and_lost_generals_from_the_start_table():
    """HH.WIN.4, HH.CMD.4, HH.ZOC.6, HH.GEN.28: `[start.casualties]`, `commanded`, `activated` and a general's
    `lost` reach the state; casualties count at the end of the bound, so a side already past its break point
    loses as soon as the bound ends (HH.WIN.2)."""
    markers = "commanded = [1, 2]\nactivated = [[12, 2]]\n\n[start.casualties]\nlancaster = { foot = 21 }"
    extra = "".join(f'  {{ id = {13 + i}, profile = "foot", hex = "0{i + 1}01", facing = "S" }},\n' for i in range(8))
    text = (
        POSITION.replace("engaged_at_start = [2, 12]", "engaged_at_start = [2, 12]\n" + markers)
        .replace(
            'generals = [{ id = 2, name = "Somerset", cm = 3, cr = 3, cinc = true, hex = "0202" }]',
            'generals = [{ id = 2, name = "Somerset", cm = 3, cr = 3, cinc = true, hex = "0202" },'
            ' { id = 3, name = "Exeter", cm = 2, cr = 2, lost = true }]',
        )
        .replace("  { id = 12, profile", extra + "  { id = 12, profile")
        .replace('points = 100\nedge = "north"', 'points = 200\nedge = "north"')
    )
    st = R.setup_text(text, "p.toml", {})
    assert st.casualties == {"york": {}, "lancaster": {"lancaster:foot": 21}}
    assert st.commanded == frozenset({1, 2}) and st.activated == frozenset({(2, 12)})
    assert not st.generals[3].alive and st.generals[3].hex is None and st.generals_lost["lancaster"] == (3,)
    from .helpers import Dice

    lines = R.resolve(st, Dice(*([4] * 20))).narrative
    assert st.outcome is not None and st.outcome[0] == "york", lines
    assert "it lost 21 of 40 combat stands, more than 50% [HH.WIN.2]" in st.outcome[1]
    # HH.ARMY.16: the total fixed when the battle began (units eliminated before this position count in it)
    bigger = text.replace("[start.casualties]", "combat_stand_total = { lancaster = 60 }\n\n[start.casualties]")
    st = R.setup_text(bigger, "p.toml", {})
    assert st.combat_stand_total["lancaster"] == 60
    R.resolve(st, Dice(*([4] * 20)))
    assert st.outcome is None and st.phasing == "lancaster"
    bad = text.replace("lancaster = { foot = 21 }", "lancaster = { horse = 9 }\nnorfolk = { foot = 1 }")
    fields = sorted(p.field for p in R.check_text(bad, "p.toml"))
    assert fields == ["start.casualties.lancaster.horse", "start.casualties.norfolk"]


def test_HH_DATA_1_inline_profiles_add_to_an_army_list_and_general_types_inline():
    """HH.DATA.1, HH.GEN.1: with `army`, `[[sides.profiles]]` add to the list (same id replaces) and
    `[[sides.general_types]]` add general types; the army id stays the side's own so lists never clash."""
    text = read_scenario_text_of("skirmish-midbattle").replace(
        'generals = [{ id = 1, type = "general", cinc = true, hex = "0507" }]',
        'generals = [{ id = 1, type = "captain", cinc = true, hex = "0507" }]\n\n'
        '[[sides.profiles]]\nid = "mma"\nname = "Heavy Men-at-Arms"\ncategory = "cavalry"\nclass = "A"\n'
        'speed = "3CR"\ncf = 6\nimpact = 4\npoints = 16\n\n'
        '[[sides.general_types]]\nid = "captain"\nname = "Captain"\ncm = 4\ncr = 4\n',
    )
    st = R.setup_text(text, "p.toml", {})
    assert st.armies == {"york": "york", "lancaster": "wotr-english"}
    assert (
        st.profile(st.units[1]).name == "Heavy Men-at-Arms" and st.profile(st.units[11]).name == "Mounted Men-at-Arms"
    )
    assert (st.generals[1].cm, st.generals[1].cr, st.generals[1].cost) == (4, 4, 12)


def read_scenario_text_of(name: str) -> str:
    return S._shipped_text(name)


def test_HH_TERR_47_HH_SPECIAL_14_HH_HTH_3_aboard_staked_and_last_groups_from_the_file():
    """HH.TERR.47: a unit `aboard` a boat stands on the boat's lake hex and the boat is off the table;
    HH.SPECIAL.14: `stakes_planted` stakes the unit's two front sides; HH.HTH.3: `[[start.groups]]` are the
    last hand-to-hand phase's combat groups."""
    stakers = (
        '[[sides.profiles]]\nid = "stakers"\nname = "Archers with stakes"\ncategory = "infantry"\nclass = "C"\n'
        'speed = "1CR"\ncf = 2\nshoot = 6\nweapon = "bow"\nstakes = true\npoints = 8\n\n'
    )
    text = (
        POSITION.replace('offset = "odd"\n', 'offset = "odd"\n\n[map.terrain]\nlake = ["0707"]\n')
        .replace(
            '  { id = 3, profile = "bows", hex = "0207", facing = "N", disrupted = true, stands = 3 },',
            '  { id = 3, profile = "bows", hex = "0207", facing = "N", disrupted = true, stands = 3 },\n'
            '  { id = 4, profile = "bows", aboard = 31 },\n'
            '  { id = 5, profile = "stakers", hex = "0307", facing = "N", stakes_planted = true },',
        )
        .replace('generals = [{ id = 1, name = "Norfolk"', 'boats = [{ id = 31, hex = "0707" }]\n'
                 'generals = [{ id = 1, name = "Norfolk"')
        .replace("engaged_at_start = [2, 12]", "engaged_at_start = [2, 12]\ngroups = [{ focus = 12, units = [2] }]")
        .replace('[[sides]]\nname = "lancaster"', stakers + '[[sides]]\nname = "lancaster"')
    )  # fmt: skip
    st = R.setup_text(text, "p.toml", {})
    lake = st.field.spec.parse("0707")
    assert (st.units[4].hex, st.units[4].boat, st.units[31].hex, st.units[31].carrying) == (lake, 31, None, 4)
    staked = {h for (_, h) in st.stakes.values()}
    assert staked == {st.field.spec.parse("0307")} and len(st.stakes) == 2 and not st.units[5].stakes_carried
    assert st.prev_groups == ((12, (("u", 2),)),)
    assert "sides[0].units[3].aboard" in {p.field for p in R.check_text(text.replace("aboard = 31", "aboard = 3"), "p")}
    bad = text.replace("groups = [{ focus = 12, units = [2] }]", "groups = [{ focus = 12, generals = [9] }]")
    assert [p.message for p in R.check_text(bad, "p.toml")] == ["names general 9, which the scenario does not have"]
    bad = text.replace("stakes_planted = true }", 'stakes_planted = true, facing = "E" }').replace(
        ', facing = "N", stakes', ", stakes"
    )
    assert [p.field for p in R.check_text(bad, "p.toml")] == ["sides[0].units[4].stakes_planted"]


def test_HH_TERR_43_HH_COMP_22_split_units_and_this_bounds_flee_paths_from_the_file():
    """HH.TERR.43: the two parts of a split unit name each other with `split_link` (one-sided links are refused);
    HH.COMP.22: `[[start.flee_paths]]` give this bound's flees, which a pursuit follows."""
    from games.hordes_heroes.movement import split_partner

    parts = (
        '  { id = 13, profile = "foot", hex = "0802", facing = "S", nominal = 4, split_link = 14 },\n'
        '  { id = 14, profile = "foot", hex = "0801", facing = "S", stands = 2, nominal = 2, split_link = 13 },\n'
    )
    text = POSITION.replace("  { id = 12, profile", parts + "  { id = 12, profile").replace(
        "engaged_at_start = [2, 12]",
        'engaged_at_start = [2, 12]\nflee_paths = [{ unit = 11, path = ["0404", "0403"] }]',
    )
    st = R.setup_text(text, "p.toml", {})
    assert split_partner(st, st.units[13]) == st.units[14] and split_partner(st, st.units[14]) == st.units[13]
    spec = st.field.spec
    assert st.flee_paths == {11: (spec.parse("0404"), spec.parse("0403"))}
    one_sided = text.replace("nominal = 2, split_link = 13", "nominal = 2")
    assert [p.field for p in R.check_text(one_sided, "p.toml")] == ["sides[1].units[1].split_link"]
