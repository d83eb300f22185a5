"""Army lists, scenarios, the order language, legal options, views and the picture [PC.UNITS.*] [PC.ARMYLIST.*] [PC.PBEM.4]."""

from __future__ import annotations

from fractions import Fraction

import pytest

from campaign.kit.scenario_file import ScenarioError, TomlDocument
from campaign.ruleset import OrdersRejected
from games.proconsul import RULESET as R
from games.proconsul.armies import army_names, defaults, load_army, parse_army
from games.proconsul.model import (
    CAVALRY,
    CHARIOTS,
    COMBAT,
    FOOT,
    MOUNTED,
    SUPPORT,
    Category,
    Impetuous,
    Missile,
    OrderClass,
)
from games.proconsul.scenario import build_state, scenario_doc


def test_PC_UNITS_2_categories_and_PC_UNITS_4_classes() -> None:
    """[PC.UNITS.2] [PC.UNITS.3] [PC.UNITS.4]: ten combat and five support categories; elephants mounted but not cavalry; Art foot."""
    assert len(COMBAT) == 10 and len(SUPPORT) == 5 and not COMBAT & SUPPORT
    assert Category.EL in MOUNTED and Category.EL not in CAVALRY and Category.ART in FOOT
    assert CHARIOTS == {Category.CH, Category.LCH}


def test_PC_ARMYLIST_3_house_defaults_per_category() -> None:
    """[PC.ARMYLIST.3] [PC.ARMYLIST.4] [PC.UNITS.5]-[PC.UNITS.8]: the defaults file gives every category; Aux, WB and El move 2."""
    cats = defaults().data["categories"]
    assert set(cats) == {c.value for c in Category}
    assert defaults().data["house"] is True
    assert [cats[c]["mp"] for c in ("Aux", "WB", "El")] == [2, 2, 2]
    assert defaults().data["ranges"]["javelin"] == [[2, 0], [3, -1]]


def test_PC_ARMYLIST_2_anchored_lines_and_four_armies() -> None:
    """[PC.ARMYLIST.1] [PC.ARMYLIST.2] [PC.UNITS.6] [PC.UNITS.7]: at least four lists; the legion and the Gallic warband
    carry the book's figures (SP, IF, IF after loss, MP); order classes come from the list or the category."""
    assert {"romans", "gauls", "germans", "carthaginians"} <= set(army_names())
    legion = load_army("romans").troops["legion"]
    assert (legion.ranks, legion.impact, legion.impact_after_loss, legion.mp, legion.legionary, legion.house) == (
        (6,),
        2,
        1,
        1,
        True,
        False,
    )
    wb = load_army("gauls").troops["warband"]
    assert wb.ranks == (5, 4) and wb.impact == 4 and wb.impetuous is Impetuous.POOR
    assert load_army("gauls").troops["javelins"].missile is Missile.JAVELIN
    assert load_army("carthaginians").troops["numidians"].numidian
    assert (
        load_army("romans").troops["auxilia"].order_class is OrderClass.B
        and load_army("romans").troops["auxilia"].house
    )


def test_army_list_errors_name_file_line_and_field() -> None:
    """[PC.ARMYLIST.1]: every problem of an army list is reported with its line and field."""
    doc = TomlDocument.parse(
        'name = "x"\n[[troops]]\nkey = "a"\nname = "A"\ncategory = "XX"\n[[troops]]\nkey = "b"\nname = "B"\ncategory = "HI"\nranks = [0]\n',
        "bad.toml",
    )
    with pytest.raises(ScenarioError) as e:
        parse_army(doc, "bad")
    text = str(e.value)
    assert "bad.toml:5: troops[0].category" in text and "troops[1].ranks" in text


def test_PC_ARMYLIST_6_scenario_defaults_and_config() -> None:
    """[PC.ARMYLIST.5] [PC.ARMYLIST.6] [PC.VICTORY.4] [PC.CMD.2]: break fraction 1/3; a poorly trained army's generals have range 4."""
    st = R.setup("open-field", {})
    assert st.config.break_fraction == Fraction(1, 3)
    assert st.generals["Ggleft"].command_range == 4 and st.generals["Gleft"].command_range == 6
    assert st.generals["Gcentre"].initiative == 1


@pytest.mark.parametrize("name", [s.name for s in R.scenarios()])
def test_every_scenario_loads_and_round_trips(name: str) -> None:
    """[PC.CMD.1] [PC.PBEM.1]: each scenario builds; dump/load is exact; every stand is in one group of its side."""
    st = R.setup(name, {})
    assert R.dump(R.load(R.dump(st))) == R.dump(st)
    for s in st.live():
        assert st.groups[s.group].side == s.side
    assert len({s.hex for s in st.live()}) == len(st.live())


def test_at_least_four_scenarios_including_a_mid_game_position() -> None:
    """[PC.SEQ.9] [PC.RESULT.9]: Teutoburg, open field, river crossing and a mid-game start with markers and an ongoing melee."""
    names = {s.name for s in R.scenarios()}
    assert {"teutoburg", "open-field", "river-crossing", "open-field-round-2"} <= names
    st = R.setup("open-field-round-2", {})
    assert st.round == 2 and st.active_group == "gcentre" and st.melees[1].ongoing
    assert st.stands["RB1"].opportunity and st.stands["W2"].disordered and st.army["gauls"].lost == 1
    assert st.groups["left"].activated


def test_scenario_errors_name_the_line() -> None:
    """A scenario with mistakes: every one reported with file:line: field."""
    doc = scenario_doc("open-field")
    bad = TomlDocument.parse(
        doc.text.replace('hex = "0309"', 'hex = "9999"').replace('facing = "S"', 'facing = "Q"', 1), "x.toml"
    )
    with pytest.raises(ScenarioError) as e:
        build_state(bad, "x")
    text = str(e.value)
    assert "stands[0].hex" in text and "facing" in text and "x.toml:" in text


def test_options_override_config_and_bad_options_are_refused() -> None:
    """[PC.SEQ.11] [PC.TERRAIN.5]: a game option sets a config key; an unknown key is refused with the known ones."""
    assert R.setup("open-field", {"max_rounds": 3}).config.max_rounds == 3
    with pytest.raises(ValueError, match="not a known key"):
        R.setup("open-field", {"nonsense": 1})


# --- the order language ----------------------------------------------------------------------------


def test_PC_PBEM_4_orders_read_and_write_back() -> None:
    """[PC.PBEM.4] [PC.MOVE.14] [PC.CMD.4]: stand lines, group moves, the general and end, written back in canonical form."""
    st = R.setup("open-field", {})
    st.phase, st.active_side, st.active_group = st.phase.ACTIVATE, "romans", "centre"
    text = "l1 move 0708 then move 0707\nL2 with L3 move 0808\nRB1 rally then opportunity\ngeneral move 0910 attach L3\nend"
    acc = R.parse_orders(st, "romans", text)
    assert (
        acc.canonical
        == "L1 move 0708 then move 0707\nL2 with L3 move 0808\nRB1 rally then opportunity\ngeneral move 0910 attach L3\nend"
    )


def test_PC_PBEM_10_every_mistake_with_line_column_rule_and_hint() -> None:
    """[PC.PBEM.10] [PC.SEQ.5] [PC.SEQ.8]: all mistakes at once, each with line, column, rule ID and what is legal."""
    st = R.setup("open-field", {})
    st.phase, st.active_side, st.active_group = st.phase.ACTIVATE, "romans", "centre"
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(
            st, "romans", "L1 move 0708\nRA1 hold\nL2 fire W1 then move 0808 then move 0807\nL33 hold\nL3 moev 0808"
        )
    errors = {err.line: err for err in e.value.errors}
    assert errors[2].code == "PC.SEQ.5" and "L1" in errors[2].hint
    assert errors[3].code == "PC.SEQ.8"
    assert errors[4].column == 1 and "did you mean" in errors[4].hint
    assert errors[5].code == "PC.SEQ.8" and "move" in errors[5].hint


def test_legal_options_carry_the_order_lines() -> None:
    """[PC.PBEM.4]: legal options list each stand's actions as order lines that parse."""
    st = R.setup("open-field", {})
    decl = R.legal_options(st, "romans")
    assert [o.order for o in decl.units[0].options] == ["declare centre", "declare left", "declare right"]
    st.phase, st.active_side, st.active_group = st.phase.ACTIVATE, "romans", "centre"
    opts = R.legal_options(st, "romans")
    l1 = opts.unit("L1")
    assert l1 is not None and "L1 move 0708" in [o.order for o in l1.options]
    for o in l1.options:
        R.parse_orders(st, "romans", o.order)


def test_view_text_and_picture() -> None:
    """The board as JSON, as text and as a picture with the game's markers."""
    from campaign.render import render_svg

    st = R.setup("open-field-round-2", {})
    v = R.view(st, "romans")
    assert v["melees"][0]["battle"] == ["W2", "L2"] and v["break_points"]["gauls"]["lost"] == 1
    text = R.render_text(st)
    assert "RB1" in text and "opportunity" in text and "melee 1" in text
    svg = render_svg(R.picture(st, None, "test"))
    assert "L1 HI" in svg and "On opportunity" in svg


def test_config_alternatives_are_accepted_and_bad_values_refused() -> None:
    """[PC.ZOC.3] [PC.MELEE.6] [PC.FIRE.18]: the spec's alternatives are accepted; values outside them are refused."""
    for key, value in (
        ("zoc_flank_rule", "literal"),
        ("support_optional", True),
        ("precombat_tests", "batched"),
    ):
        assert getattr(R.setup("open-field", {key: value}).config, key) == value
    for key, value in (("zoc_flank_rule", "hex"), ("precombat_tests", "together")):
        with pytest.raises(ValueError, match="must be one of"):
            R.setup("open-field", {key: value})
    with pytest.raises(ValueError, match="must be one of"):
        R.setup("open-field", {"mounted_rank_dice": "lots"})


def test_PC_MELEE_12_mounted_rank_dice_per_rank_option() -> None:
    """[PC.MELEE.12] second book check 1: `mounted_rank_dice = "per_rank"` counts the front rank too against mounted."""
    from games.proconsul.tables import rank_dice

    from .helpers import troops

    t = troops()
    assert rank_dice(t["cat:Pk"], 2, t["cat:MC"], frontal=True, mounted_frontal=True) == 6
    assert rank_dice(t["cat:Pk"], 2, t["cat:MC"], frontal=True, mounted_frontal=True, per_rank=True) == 9


def test_PC_SEQ_9_only_on_reignite_skips_refights() -> None:
    """[PC.SEQ.9]: with ongoing_refight = "only_on_reignite" an ongoing melee is not fought again at the activation's end."""
    from campaign.kit.scripted import ScriptedDice
    from games.proconsul.activation import refights
    from games.proconsul.context import Ctx

    st = R.setup("open-field-round-2", {"ongoing_refight": "only_on_reignite"})
    c = Ctx(st, ScriptedDice.of(6))
    refights(c, "gcentre", "gauls")
    assert c.log == [] and st.melees[1].ongoing


def test_PC_SEQ_9_per_round_refights_once_a_round() -> None:
    """[PC.SEQ.9]: with ongoing_refight = "per_round" a melee already fought this round is not fought again."""
    from dataclasses import replace

    from campaign.kit.scripted import ScriptedDice
    from games.proconsul.activation import refights
    from games.proconsul.context import Ctx

    st = R.setup("open-field-round-2", {"ongoing_refight": "per_round"})
    st.round_start, st.activation = 3, 5
    st.melees[1] = replace(st.melees[1], fought_in=4)
    c = Ctx(st, ScriptedDice.of(6))
    refights(c, "gcentre", "gauls")
    assert c.log == []
    st.melees[1] = replace(st.melees[1], fought_in=2)
    c = Ctx(st, ScriptedDice.of(6, *[1] * 40))
    refights(c, "gcentre", "gauls")
    assert any("re-fight" in line for line in c.log)


def test_PC_TERRAIN_5_scenario_modifiers_by_category_and_terrain() -> None:
    """[PC.TERRAIN.5] [PC.UNITS.9]: a scenario's [[modifiers]] add dice by category, troop, side and terrain."""
    doc = scenario_doc("open-field")
    text = doc.text + '\n[[modifiers]]\nwhen = "melee"\ncategory = "WB"\nterrain = "plain"\ndice = 1\n'
    text += '\n[[modifiers]]\nwhen = "fire"\nside = "romans"\ntroop = "archers"\ndice = -1\n'
    st = build_state(TomlDocument.parse(text, "m.toml"), "m")
    assert st.modifier_dice(st.stands["W1"], "melee") == 1
    assert st.modifier_dice(st.stands["L1"], "melee") == 0
    assert st.modifier_dice(st.stands["RB1"], "fire") == -1
    assert R.dump(R.load(R.dump(st))) == R.dump(st)
    bad = TomlDocument.parse(doc.text + '\n[[modifiers]]\nwhen = "sometimes"\ndice = 9\n', "b.toml")
    with pytest.raises(ScenarioError, match="modifiers"):
        build_state(bad, "b")
