"""The game kit: order reader, data-file loader, scripted dice, order table, legal options."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import campaign.kit.legal
import campaign.kit.reader
import campaign.kit.runner
import campaign.kit.scenario_file
import campaign.kit.scripted
from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions
from campaign.kit.reader import Cursor, Grammar, LineError, split_lines, suggest
from campaign.kit.runner import OrderTable, Refusal
from campaign.kit.scenario_file import Fields, ScenarioError, TomlDocument, read_toml
from campaign.kit.scripted import ScriptedDice, ScriptError
from campaign.ruleset import NeedDecision


@pytest.mark.parametrize(
    "module",
    [campaign.kit.reader, campaign.kit.scripted, campaign.kit.scenario_file, campaign.kit.runner, campaign.kit.legal],
)
def test_docstring_examples_run(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL)
    assert result.failed == 0


# --- scripted dice -------------------------------------------------------------------------------


def test_scripted_dice_refuse_a_wrong_die_size():
    dice = ScriptedDice.of(6, 3)
    with pytest.raises(ScriptError, match="asked for a d10, the script holds a d6"):
        dice.roll(10, "morale test")


def test_scripted_dice_refuse_running_out_and_name_the_purpose():
    dice = ScriptedDice.of(6, 3)
    assert dice.roll(6, "first") == 3
    with pytest.raises(ScriptError, match=r"die 2 \(second\).*run out"):
        dice.roll(6, "second")


def test_scripted_dice_report_unused_dice():
    dice = ScriptedDice.mixed([(6, 1), (10, 7)])
    dice.roll(6, "a")
    with pytest.raises(ScriptError, match="1 scripted dice never rolled: d10=7"):
        dice.assert_used_up()


def test_scripted_dice_refuse_a_face_the_die_cannot_show():
    with pytest.raises(ValueError, match="a d6 cannot show 7"):
        ScriptedDice.of(6, 7)


def test_scripted_decisions_answer_default_or_ask():
    dice = ScriptedDice.of(6, answers={"evade:3": "stand"})
    assert dice.decide("red", "evade:3", "evade?", ("evade", "stand"), "evade") == "stand"
    assert dice.decide("red", "other", "?", ("a", "b"), "b") == "b"
    dice.ask = True
    with pytest.raises(NeedDecision):
        dice.decide("red", "third", "?", ("a", "b"), "a")
    with pytest.raises(ScriptError, match="not one of"):
        ScriptedDice.of(6, answers={"k": "maybe"}).decide("red", "k", "?", ("yes", "no"), "no")


# --- the order reader ----------------------------------------------------------------------------

Order = tuple[str, int, str]
DIRS = {"n": "N", "ne": "NE", "se": "SE", "s": "S", "sw": "SW", "nw": "NW"}


def _move(c: Cursor, ctx: dict[int, str]) -> Order:
    w = c.next("a unit id")
    if not w.text.isdigit() or int(w.text) not in ctx:
        raise LineError(f"there is no unit {w.text}", w.column, "T.UNIT", "units: " + ", ".join(map(str, ctx)))
    return ("move", int(w.text), c.choice("a direction", DIRS))


def _grammar() -> Grammar[dict[int, str], Order]:
    g = Grammar[dict[int, str], Order]("toy")
    g.verb("move", _move, aliases=("mv",), usage="move UNIT DIRECTION")
    g.verb("rally", lambda c, ctx: ("rally", c.integer("a unit id", 1, 9), ""), usage="rally UNIT")
    return g


def test_reader_collects_every_error_with_line_and_column():
    text = "move 1 n\n\n  mvoe 2 s   # typo\nmove 9 n\nmove 1 south\nrally 12\n"
    result = _grammar().read(text, {1: "a", 2: "b"})
    assert [o for _, o in result.orders] == [("move", 1, "N")]
    where = [(e.line, e.column, e.code) for e in result.errors]
    assert where == [(3, 3, "syntax"), (4, 6, "T.UNIT"), (5, 8, "syntax"), (6, 7, "syntax")]
    assert "did you mean 'move'" in result.errors[0].hint
    assert result.errors[1].hint == "units: 1, 2"
    assert result.errors[2].hint.startswith("did you mean 's'?")
    assert "must be 1 to 9, not 12" in result.errors[3].message


def test_reader_aliases_and_case():
    result = _grammar().read("MV 2 Se\n", {2: "b"})
    assert result.ok and result.orders[0][1] == ("move", 2, "SE")


def test_reader_reports_trailing_words_and_missing_words():
    result = _grammar().read("move 1 n extra\nmove 1\n", {1: "a"})
    assert [(e.line, e.column) for e in result.errors] == [(1, 10), (2, 7)]
    assert "unexpected 'extra'" in result.errors[0].message
    assert result.errors[1].hint == "usage: move UNIT DIRECTION"


def test_reader_unbalanced_quote_is_an_error_not_a_crash():
    lines, bad = split_lines('move 1 "n\nmove 2 s')
    assert [ln.number for ln in lines] == [2] and bad[0].line == 1


def test_grammar_refuses_a_word_defined_twice():
    g = _grammar()
    with pytest.raises(ValueError, match="defined twice"):
        g.verb("go", _move, aliases=("MV",))


def test_suggest_prefers_close_words_and_prefixes():
    assert suggest("wheel", ["move", "wait", "shoot"]) == []
    assert suggest("sou", ["south", "north"]) == ["south"]
    assert suggest("shot", ["shoot", "rally"])[0] == "shoot"


# --- data files ----------------------------------------------------------------------------------

SCEN = """title = "x"
[map]
columns = 10
rows = "eleven"

[[units]]
id = 1
kind = "knight"

[[units]]
id = 2
knd = "archer"
"""


def test_fields_name_file_line_and_field():
    doc = TomlDocument.parse(SCEN, "pos.toml")
    f = Fields(doc)
    m = f.table(doc.data, "map", required=True)
    f.integer(m, "columns", "map", low=1)
    f.integer(m, "rows", "map", low=1)
    for i, u in enumerate(f.tables(doc.data, "units")):
        f.one_of(u, "kind", {"knight": 1, "archer": 2}, f"units[{i}]")
        f.unknown(u, ("id", "kind"), f"units[{i}]")
    with pytest.raises(ScenarioError) as e:
        f.done()
    lines = str(e.value).splitlines()
    assert lines[0] == "pos.toml:4: map.rows: must be a whole number, not 'eleven'"
    assert "pos.toml:10: units[1].kind: is missing" in lines
    assert any(line.startswith("pos.toml:12: units[1].knd: is not a known key") and "'kind'" in line for line in lines)


def test_syntax_error_names_the_file_and_line(tmp_path: Path):
    p = tmp_path / "bad.toml"
    p.write_text('title = "x"\nrows = = 3\n')
    with pytest.raises(ScenarioError) as e:
        read_toml(p)
    assert e.value.problems[0].line == 2 and str(e.value).startswith(f"{p}:2: not valid TOML")


@pytest.mark.parametrize("make, says", [(lambda d: d / "none.toml", "no such file"), (lambda d: d, "is a directory")])
def test_unreadable_file_is_a_plain_error(tmp_path: Path, make, says):
    with pytest.raises(ScenarioError, match=says):
        read_toml(make(tmp_path))


# --- order table and legal options ---------------------------------------------------------------


def test_order_table_fails_loudly_on_an_unknown_kind():
    table = OrderTable[int, object]("toy")
    table.add(int, verify=lambda s, o: [], apply=lambda s, o, d: s)
    with pytest.raises(TypeError, match="no rule for orders of kind str"):
        table.verify(0, "x")
    with pytest.raises(ValueError, match="twice"):
        table.add(int, verify=lambda s, o: [], apply=lambda s, o, d: s)


def test_order_table_run_applies_in_turn_and_keeps_refusals_with_their_rule():
    """The standard runner: each order judged on the state the earlier ones left; refusals keep their code."""
    table = OrderTable[int, object]("toy")

    def room(s: int, o: int) -> list[Refusal]:
        return [] if s + o <= 5 else [Refusal("T.CAP.1", f"{s} + {o} is over 5", "send a smaller order")]

    table.add(int, verify=room, apply=lambda s, o, d: s + o)
    table.add(str, verify=lambda s, o: [] if o else ["empty"], apply=lambda s, o, d: s)
    state, refused = table.run(0, [3, 4, "", 2], None)
    assert state == 5
    assert [(o, [str(r) for r in rs]) for o, rs in refused] == [(4, ["3 + 4 is over 5 [T.CAP.1]"]), ("", ["empty"])]
    assert isinstance(refused[0][1][0], Refusal) and refused[0][1][0].hint == "send a smaller order"
    assert table.kinds() == [int, str]


def test_legal_options_as_json_and_text():
    lo = LegalOptions(
        "red",
        "turn 1: movement",
        (
            UnitOptions("3", "Knights", "0504", (Option(OptionKind.MOVE, "move 3 0505", "0505", 2, ("0504", "0505")),)),
            UnitOptions("4", "Archers", "0604", notes=("out of command",)),
        ),
    )
    assert lo.as_json()["units"][0]["options"][0] == {
        "kind": "move",
        "order": "move 3 0505",
        "target": "0505",
        "cost": 2,
        "path": ["0504", "0505"],
    }
    text = lo.text()
    assert "3 Knights at 0504\n  move 3 0505" in text and "nothing: no legal action" in text
    assert lo.unit("4").notes == ("out of command",) and lo.unit("9") is None
