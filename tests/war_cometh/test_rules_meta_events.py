"""Conventions, the event model and the troop lists' scope: rule IDs, variant tags, terms, dice,
purity and replay, player inputs [WC.META] [WC.EVENT] [WC.LIST.0] [WC.LIST.8]."""

from __future__ import annotations

import ast
import pathlib
import re
from dataclasses import replace

import pytest

from campaign.dice import DiceDivergence, RecordedDice, RecordedRoll
from campaign.kit.scripted import ScriptedDice
from games.war_cometh import RULESET
from games.war_cometh.model import State, dump_state

from .helpers import position, unit

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "games" / "war_cometh"
SPEC = pathlib.Path("/work/shared/rules/war-cometh.md")
RULE_ID = re.compile(r"^WC\.[A-Z0-9]+\.A?\d+[a-z]?$")


def _strings() -> list[str]:
    out = []
    for f in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.append(node.value)
    return out


def test_WC_META_1_rule_ids_are_stable_spec_ids() -> None:
    """[WC.META.1] [WC.EVENT.5] every rule code the engine refuses with is a `WC.SECTION.N` ID;
    with the spec at hand, every ID the engine cites is one the spec defines."""
    codes = [s for s in _strings() if s.startswith("WC.") and " " not in s]
    assert len(codes) > 100
    assert [c for c in codes if not RULE_ID.match(c)] == []
    if not SPEC.exists():
        pytest.skip("the rule spec is not on this machine")
    text = SPEC.read_text(encoding="utf-8")
    defined = set(
        re.findall(r"^\s*(?:[-*|]|\d+\.)?\s*\*{0,2}(?:AMBIGUITY\s*)?\[(WC\.[A-Z0-9]+\.A?\d+[a-z]?)\]", text, re.M)
    )
    cited: set[str] = set()
    for f in PACKAGE.rglob("*.py"):
        cited |= set(re.findall(r"\[(WC\.[A-Z0-9]+\.A?\d+[a-z]?)\]", f.read_text(encoding="utf-8")))
    assert sorted(cited - defined) == []


def test_WC_META_2_variant_tags_and_option_flags() -> None:
    """[WC.META.2] the scenario's variant and [options] flags (§0.3) reach the state; a flag not
    set reads as its default; an (H) rule - the infantry-against-horse charge restriction - is
    off in a Fantasy game."""
    from campaign.table import Edge
    from games.war_cometh.charges import restriction
    from games.war_cometh.world import World

    s = position(
        unit("D", "a", "english.feudal_knights_dmtd", 3, (90, 40), 90),
        unit("H", "b", "english.feudal_knights_mtd", 2, (90, 55), -90),
        extra_head='variant = "fantasy"\n',
        terrain="[options]\nopt_lances = true\nreplacement_mounts = 2\n",
    )
    assert s.variant == "fantasy"
    assert s.options == (("opt_lances", "true"), ("replacement_mounts", "2"))
    assert (s.option("opt_lances", "false"), s.option("opt_feigned_retreat", "false")) == ("true", "false")
    assert restriction(World(s), s.unit("D"), s.unit("H"), Edge.FRONT, 15.0) == ""
    h = replace(s, variant="historical")
    assert restriction(World(h), h.unit("D"), h.unit("H"), Edge.FRONT, 15.0) == (
        "infantry may charge cavalry only from within 10 cm (it started 15.0 cm away)"
    )


def _two_sides() -> State:
    return position(unit("1", "a", "base.pikes", 3, (50, 20), 90), unit("9", "b", "base.pikes", 3, (60, 110), -90))


def test_WC_META_3_phasing_player_player_turn_and_game_turn() -> None:
    """[WC.META.3] the phasing player is the side whose player-turn it is; each side's player-turn
    hands over to the other's; game turn N is player-turns 2N-1 and 2N."""
    s = _two_sides()
    heads = []
    for side in ("a", "b", "a"):
        assert s.active == side
        res = RULESET.resolve(RULESET.apply_orders(s, RULESET.parse_orders(s, side, "done")), ScriptedDice([]))
        heads.append(res.narrative[0])
        s = res.state
    assert heads == ["Turn 1: A to play.", "Turn 1: B to play.", "Turn 2: A to play."]
    assert (s.player_turn, s.active) == (4, "b")


def test_WC_META_4_natural_and_modified_results() -> None:
    """[WC.META.4] a natural result is the faces rolled: a natural 12 on the Command Table fails
    whatever the rating (value +3 still gives the worst row), a natural 6 always disorders; a
    modified result adds the DRMs (4 +1 = 5 disorders); attack modifiers add dice (a superior
    weapon in the first round: 4 attacks roll 5 dice)."""
    from games.war_cometh.command import command_result, roll_result
    from games.war_cometh.disorder import disordered_by
    from games.war_cometh.melee import StandCase, dice_count

    assert roll_result(15, (6, 6), disordered=False) == (3, command_result(value=-3, disordered=False))
    assert roll_result(15, (6, 5), disordered=False) == (4, command_result(value=4, disordered=False))
    assert [disordered_by(6, -3), disordered_by(4, 1), disordered_by(4, 0)] == [True, True, False]
    assert dice_count(StandCase(attacks=4)) == 4
    assert dice_count(StandCase(attacks=4, first_round=True, superior=True)) == 5


def test_WC_EVENT_1_the_engine_is_pure() -> None:
    """[WC.EVENT.1] the same state, orders and dice give the same state, to the last field; the
    package imports no clock and no random numbers."""
    s = _two_sides()
    acc = RULESET.parse_orders(s, "a", "unit 1 forward 5")
    one = RULESET.resolve(RULESET.apply_orders(s, acc), ScriptedDice.of(6, 2, 3))
    two = RULESET.resolve(RULESET.apply_orders(s, acc), ScriptedDice.of(6, 2, 3))
    assert dump_state(one.state) == dump_state(two.state) and one.narrative == two.narrative
    banned = {"random", "time", "datetime", "uuid", "secrets"}
    imported = set()
    for f in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported.add(node.module.split(".")[0])
    assert imported & banned == set()


def test_WC_EVENT_2_dice_are_logged_with_a_purpose_and_checked_on_replay() -> None:
    """[WC.EVENT.2] a command roll asks two d6 with their purpose; replay hands the logged dice
    back and the same state follows; a logged purpose that differs is a fatal divergence."""
    s = _two_sides()
    state = RULESET.apply_orders(s, RULESET.parse_orders(s, "a", "unit 1 forward 5"))
    live = ScriptedDice.of(6, 2, 3)
    first = RULESET.resolve(state, live)
    purposes = [p for _, p in live.log]
    assert purposes == [
        "command: Marshal A orders unit 1 (2D6, first die)",
        "command: Marshal A orders unit 1 (2D6, second die)",
    ]
    replay = RecordedDice([RecordedRoll(i, 6, d.face, p) for i, (d, p) in enumerate(live.log, start=1)])
    again = RULESET.resolve(state, replay)
    replay.check_all_used()
    assert dump_state(again.state) == dump_state(first.state)
    wrong = RecordedDice([RecordedRoll(1, 6, 2, "reaction: unit 1"), RecordedRoll(2, 6, 3, purposes[1])])
    with pytest.raises(DiceDivergence, match="engine and log have diverged"):
        RULESET.resolve(state, wrong)


def test_WC_EVENT_4_player_inputs_are_order_lines() -> None:
    """[WC.EVENT.4] the player inputs of the event model are order lines: shots, Hold Fire,
    closing a target, standing orders, the commander, a battleline, a unit's move plan, a charge
    and a leader's move; in deployment, placements and a flank march."""
    s = position(
        unit("1", "a", "base.pikes", 3, (50, 20), 90),
        unit("3", "a", "base.pikes", 3, (62, 20), 90),
        unit("5", "a", "base.pikes", 3, (74, 20), 90),
        unit("2", "a", "base.knights_mtd", 2, (150, 20), 90),
        unit("8", "b", "base.pikes", 3, (150, 45), -90),
        unit("4", "a", "base.longbowmen", 3, (110, 40), 90),
        unit("6", "a", "base.longbowmen", 3, (30, 60), 90),
        unit("9", "b", "base.pikes", 3, (110, 70), -90),
    )
    s = s.with_leader(replace(s.leader("ma"), attached_to="3"))
    text = (
        "shoot 4 at 9\nholdfire 6\nclose 9\nstanding reform face_threat\ncommander ma\n"
        "battleline 1 3 5 forward 2\nunit 2 forward 3\nleader ma move to 20 20\n"
    )
    acc = RULESET.parse_orders(s, "a", text)
    assert acc.canonical.splitlines() == text.splitlines()
    kinds = [o["kind"] for o in acc.data["orders"]]
    assert kinds == ["shoot", "holdfire", "close", "standing", "commander", "battleline", "order", "leader"]
    charge = RULESET.parse_orders(s, "a", "unit 2 charge unit 8")
    assert [(o["kind"], o["data"]["charge"]) for o in charge.data["orders"]] == [("order", "8")]
    d = position(
        unit("1", "a", "base.pikes", 3, (50, 20), 90),
        unit("2", "a", "base.knights_mtd", 3, (90, 20), 90),
        unit("9", "b", "base.pikes", 3, (60, 100), -90),
        extra_head='phase = "deploy"\ndeploy_order = ["a", "b"]\nflank_march_side = "a"\n',
    )
    from games.war_cometh.model import Role

    d = d.with_leader(replace(d.leader("ma"), role=Role.EARL))
    dep = RULESET.parse_orders(d, "a", "place unit 1 at 50 20 facing 90\nplace leader ma at 10 10\nflank march ma 2")
    assert [o["kind"] for o in dep.data["orders"]] == ["place", "place-leader", "flank"]


def test_WC_LIST_0_only_the_rulebooks_historical_lists_ship() -> None:
    """[WC.LIST.0] [WC.BASE.1] the Historical lists shipped are the rulebook's own (base units,
    Scots Common, Feudal English); the lists it only recommends are not part of it; every
    Historical stand has the DBM 4 cm frontage."""
    from games.war_cometh.lists import SHIPPED, all_profiles, load_list

    assert SHIPPED == ("base", "scots", "english")
    assert {load_list(k).variant for k in SHIPPED} == {"historical"}
    assert {p.width for p in all_profiles().values()} == {400}
    assert {k.split(".")[0] for k in all_profiles()} == {"base", "scots", "english"}


def test_WC_LIST_8_fantasy_pikes_follow_the_warmaster_table() -> None:
    """[WC.LIST.8] [WC.PIKE.9] [WC.FANTASY.1] the Fantasy profiles are loaded only for the Fantasy
    variant, and the shipped Fantasy list's pike rows are rows of the rulebook's Warmaster pike
    table (name, attacks, hits, armor)."""
    from games.war_cometh.lists import FANTASY_LISTS, all_profiles, fantasy_profiles
    from games.war_cometh.pikes import FANTASY_PIKES

    assert FANTASY_LISTS == ("empire",)
    fp = fantasy_profiles()
    assert not set(fp) & set(all_profiles())
    table = {(r.name, r.attack, r.hits, r.armor) for r in FANTASY_PIKES}
    pikes = {(p.name, p.melee, p.hits, p.armor) for k, p in fp.items() if "pike" in k}
    assert pikes == {("Pikemen-Leather", 3, 4, 6), ("Elite Pikes-Leather", 4, 4, 6)}
    assert pikes <= table
