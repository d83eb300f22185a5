"""Clauses mutation testing of games/war_cometh/reaction.py found unpinned (benchmarks/mutation.py wc:reaction):
the table's edges, each modifier alone, the ± modifiers and the order the signs are tried, a unit's modifiers
from the position (leaders, cover from the nearest enemy, support at 4 cm, variant), and one rolled test's die,
decision and narrative [WC.REACT.10]-[WC.REACT.14] [WC.REACT.19] [WC.LEADER.13] [WC.PD.9]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import NeedDecision
from games.war_cometh.model import Condition, State
from games.war_cometh.reaction import (
    Reaction,
    ReactMods,
    choose,
    clear_chits,
    fixed_drm,
    reachable,
    reaction_mods,
    reaction_result,
    roll_test,
)
from games.war_cometh.standing import with_standing
from games.war_cometh.world import World

from .helpers import position, unit

HEDGE = '[[lines]]\nid = "x"\nkind = "obstacle"\npoints = [[0, 46], [180, 46]]\n'
"""A linear obstacle just in front of unit A at (90, 45) facing 90."""
FORT = '[[areas]]\nid = "w"\nkind = "fortification"\npoints = [[0, 30], [180, 30], [180, 47], [0, 47]]\n'


def mods(s: State, uid: str = "A") -> ReactMods:
    return reaction_mods(World(s), s.unit(uid))


def alone(profile: str = "base.pikes", head: str = "") -> State:
    """Unit A of side a at (90, 45) facing 90, nobody else near."""
    return position(unit("A", "a", profile, 2, (90, 45), 90), extra_head=head)


@pytest.mark.parametrize(
    ("total", "irregular", "result"),
    [
        (7, False, Reaction.CHARGE_FIRE),
        (2, False, Reaction.STAND_FIRE),
        (-3, False, Reaction.FALLBACK),
        (6, True, Reaction.CHARGE_FIRE),
        (3, True, Reaction.NONE),
        (0, True, Reaction.FALLBACK),
    ],
)
def test_WC_REACT_11_table_edges(total: int, irregular: bool, result: Reaction) -> None:
    """[WC.REACT.11] regular 6+ / 3-5 / 1-2 / 0-; irregular 5+ / 3-4 / 2 / 1-."""
    assert reaction_result(total, irregular=irregular) is result


@pytest.mark.parametrize(
    ("m", "drm"),
    [
        (ReactMods(), 0),
        (ReactMods(feigned_retreat=True), 2),
        (ReactMods(impetuous=True), 2),
        (ReactMods(skirmisher=True), -1),
        (ReactMods(lost_melee=True), -1),
        (ReactMods(levy=True), -1),
        (ReactMods(casualties=True), -1),
        (ReactMods(disordered=True), -1),
        (ReactMods(rear_flank=True), -2),
        (ReactMods(feigned_retreat=True, impetuous=True, levy=True, rear_flank=True), 1),
        (ReactMods(leader=True, fortified=True, defended=True, supported=True), 0),
    ],
)
def test_WC_REACT_11_fixed_modifiers_one_by_one(m: ReactMods, drm: int) -> None:
    """[WC.REACT.11] each one-signed modifier alone; the ± ones add nothing before the signs are chosen."""
    assert fixed_drm(m) == drm


def test_WC_REACT_13_signs_tried_plus_first() -> None:
    """[WC.REACT.13] each reachable result with the total of the first sign set reaching it, all + first:
    die 4 with leader ±1 and supported ±1 reaches 6, 4 and 2."""
    m = ReactMods(leader=True, supported=True)
    assert reachable(4, m, irregular=False) == {Reaction.CHARGE_FIRE: 6, Reaction.NONE: 4, Reaction.STAND_FIRE: 2}
    assert list(reachable(4, m, irregular=False)) == [Reaction.CHARGE_FIRE, Reaction.NONE, Reaction.STAND_FIRE]


@pytest.mark.parametrize(
    ("m", "totals"),
    [
        (ReactMods(fortified=True), {Reaction.CHARGE_FIRE: 6, Reaction.STAND_FIRE: 2}),
        (ReactMods(fortified=True, defended=True), {Reaction.CHARGE_FIRE: 6, Reaction.STAND_FIRE: 2}),
        (ReactMods(defended=True), {Reaction.NONE: 5}),
        (ReactMods(supported=True), {Reaction.NONE: 5}),
        (ReactMods(), {Reaction.NONE: 4}),
    ],
)
def test_WC_REACT_13_fortified_two_defended_one_only_the_higher(m: ReactMods, totals: dict[Reaction, int]) -> None:
    """[WC.REACT.13] fortified ±2 or defended ±1, only the higher; supported ±1 (die 4)."""
    assert reachable(4, m, irregular=False) == totals


def test_WC_REACT_14_leader_size_default_one() -> None:
    """[WC.REACT.14] the leader's ± is 1 unless given: die 4 reaches 5 and 3 only, with 2: 6 and 2."""
    m = ReactMods(leader=True)
    assert reachable(4, m, irregular=False) == {Reaction.NONE: 5}
    assert reachable(4, m, irregular=False, leader_mod=2) == {Reaction.CHARGE_FIRE: 6, Reaction.STAND_FIRE: 2}
    assert reachable(4, m, irregular=True) == {Reaction.CHARGE_FIRE: 5, Reaction.NONE: 3}


def test_WC_REACT_13_default_aims_for_none_then_stand() -> None:
    """[WC.REACT.13] the default picks None, else Stand/Fire before Charge/Fire; leader size and column
    reach choose."""
    m = ReactMods(leader=True)
    assert choose(4, m, irregular=False, leader_mod=2) == (Reaction.STAND_FIRE, 2)
    assert choose(4, m, irregular=True) == (Reaction.NONE, 3)
    assert choose(4, m, irregular=True, prefer_charge=True) == (Reaction.CHARGE_FIRE, 5)
    assert choose(1, ReactMods(rear_flank=True), irregular=False, prefer_charge=True) == (Reaction.FALLBACK, -1)


def test_WC_LEADER_13_rated_nine_within_ten_cm() -> None:
    """[WC.LEADER.13] a leader rated 9+ of the unit's side within 10 cm gives the modifier; at 10.5 cm not."""
    s = alone()
    near = replace(s.leaders[0], rating=9, x=9000, y=5500)
    assert mods(replace(s, leaders=(near, *s.leaders[1:]))).leader
    far = replace(near, y=5550)
    assert not mods(replace(s, leaders=(far, *s.leaders[1:]))).leader


@pytest.mark.parametrize("change", [{"lost": True}, {"away": True}, {"side": "b"}])
def test_WC_LEADER_13_lost_away_or_enemy_leader_gives_nothing(change: dict[str, object]) -> None:
    """[WC.LEADER.13] a lost leader, one away on a flank march, or an enemy one gives no modifier."""
    s = alone()
    g = replace(s.leaders[0], rating=9, x=9000, y=5000, **change)  # type: ignore[arg-type]
    assert not mods(replace(s, leaders=(g, *s.leaders[1:]))).leader


def test_WC_LEADER_13_attached_leader_rated_eight_wherever_his_point() -> None:
    """[WC.LEADER.13] a leader rated 8 gives the modifier only to the unit he is attached to (distance 0,
    whatever point he is recorded at); to another unit, not."""
    s = position(unit("A", "a", "base.pikes", 2, (90, 45), 90), unit("B", "a", "base.pikes", 2, (20, 45), 90))
    g = replace(s.leaders[0], attached_to="A")
    t = replace(s, leaders=(g, *s.leaders[1:]))
    assert mods(t).leader and not mods(t, "B").leader


def test_WC_REACT_12_cover_from_the_nearest_enemy() -> None:
    """[WC.REACT.12] cover is worked out against the nearest enemy: across the hedge defended; with a
    nearer enemy behind (no hedge between) not."""
    e = unit("E", "b", "base.pikes", 2, (90, 60), -90)
    s = position(unit("A", "a", "base.spearmen", 2, (90, 45), 90), e, unit("F", "b", "base.pikes", 2, (90, 28), 90),
                 terrain=HEDGE)  # fmt: skip
    m = mods(s)
    assert m.defended and not m.fortified
    s = position(unit("A", "a", "base.spearmen", 2, (90, 45), 90), e, unit("F", "b", "base.pikes", 2, (90, 30), 90),
                 terrain=HEDGE)  # fmt: skip
    m = mods(s)
    assert not m.defended and not m.fortified


def test_WC_REACT_12_fortified_not_defended() -> None:
    """[WC.REACT.12] [WC.FORT.13] inside a fortification: fortified, not defended."""
    s = position(unit("A", "a", "base.spearmen", 2, (90, 45), 90), unit("E", "b", "base.pikes", 2, (90, 60), -90),
                 terrain=FORT)  # fmt: skip
    m = mods(s)
    assert m.fortified and not m.defended


def test_WC_REACT_12_no_enemy_no_cover() -> None:
    """[WC.REACT.19] a test with no enemy on the table: no cover, no flank threat."""
    assert mods(position(unit("A", "a", "base.spearmen", 2, (90, 45), 90), terrain=FORT)) == ReactMods(impetuous=True)


@pytest.mark.parametrize(("y", "supported"), [(50.5, True), (51.0, False)])
def test_WC_REACT_12_supported_within_four_cm(y: float, supported: bool) -> None:
    """[WC.REACT.12] a friend exactly 4 cm away supports; 4.5 cm does not."""
    s = position(unit("A", "a", "base.pikes", 2, (90, 45), 90), unit("B", "a", "base.pikes", 2, (90, y), 90))
    assert mods(s).supported is supported


def test_WC_REACT_12_an_enemy_close_by_is_no_support() -> None:
    """[WC.REACT.12] support is from a friend: an enemy 4 cm away gives none; nor does the unit itself."""
    s = position(unit("A", "a", "base.pikes", 2, (90, 45), 90), unit("B", "b", "base.pikes", 2, (20, 50.5), 90))
    assert not mods(s).supported
    assert not mods(alone()).supported


def test_WC_REACT_12_historical_skirmisher_levy_fantasy_not() -> None:
    """[WC.REACT.12] (H) skirmisher −1 and levy −1; in a Fantasy game neither."""
    assert mods(alone("base.skirmishers")) == ReactMods(skirmisher=True, levy=True)
    assert mods(alone("base.skirmishers", head='variant = "fantasy"\n')) == ReactMods()


def test_WC_REACT_12_lost_melee_casualties_disordered_not_routed() -> None:
    """[WC.REACT.12] lost the melee, one stand lost, disordered; a routed unit is not "disordered"; a
    dismounted impetuous unit is no longer impetuous [WC.DISMOUNT.3]."""
    s = alone()
    u = replace(s.unit("A"), lost_melee=True, lost=1, condition=Condition.DISORDERED)
    assert mods(s.with_unit(u)) == ReactMods(lost_melee=True, casualties=True, disordered=True)
    assert mods(s.with_unit(replace(u, condition=Condition.ROUTED, lost=0, lost_melee=False))) == ReactMods()
    k = alone("base.knights_mtd")
    assert mods(k) == ReactMods(impetuous=True)
    assert mods(k.with_unit(replace(k.unit("A"), dismounted=True))) == ReactMods()


def test_WC_REACT_12_rear_flank_needs_a_charge() -> None:
    """[WC.REACT.12] an enemy behind that could charge: −2; one behind too far to charge: nothing;
    an enemy in front that could charge: nothing."""
    behind = position(
        unit("A", "a", "base.pikes", 2, (90, 45), 90), unit("E", "b", "base.knights_mtd", 2, (90, 30), 90)
    )
    assert mods(behind).rear_flank
    far = position(unit("A", "a", "base.pikes", 2, (90, 110), 90), unit("E", "b", "base.pikes", 2, (90, 10), 90))
    assert not mods(far).rear_flank
    front = position(
        unit("A", "a", "base.pikes", 2, (90, 45), 90), unit("E", "b", "base.knights_mtd", 2, (90, 60), -90)
    )
    assert not mods(front).rear_flank


def test_WC_REACT_10_all_chits_go() -> None:
    """[WC.REACT.10] a unit's chits all go when it tests."""
    s = alone()
    s = s.with_unit(replace(s.unit("A"), chits=("combat", "threat")))
    assert clear_chits(s, "A") == s.with_unit(replace(s.unit("A"), chits=()))


def test_WC_REACT_11_roll_test_die_and_narrative() -> None:
    """[WC.REACT.11] one d6 named for the unit; the narrative gives die, total and result."""
    s = alone()
    dice = ScriptedDice.of(6, 4)
    lines: list[str] = []
    assert roll_test(s, s.unit("A"), dice, lines) is Reaction.NONE
    assert [p for _, p in dice.log] == ["reaction: unit A tests"]
    assert lines == ["Unit A (Pikes) takes a Reaction Test: rolled 4, total 4: None."]


def test_WC_REACT_11_roll_test_irregular_column() -> None:
    """[WC.REACT.11] an irregular unit reads the irregular column: spearmen (impetuous +2) rolling 3 make 5,
    Charge/Fire."""
    s = alone("base.spearmen")
    lines: list[str] = []
    assert roll_test(s, s.unit("A"), ScriptedDice.of(6, 3), lines) is Reaction.CHARGE_FIRE
    assert lines == ["Unit A (Spearmen) takes a Reaction Test: rolled 3, total 5: Charge/Fire."]


def leader_attached(s: State, uid: str = "A") -> State:
    return replace(s, leaders=(replace(s.leaders[0], attached_to=uid), *s.leaders[1:]))


@pytest.mark.parametrize(("option", "total", "name"), [("1", 5, "None"), ("2", 2, "Stand/Fire"), ("3", 5, "None")])
def test_WC_REACT_14_roll_test_leader_mod_option(option: str, total: int, name: str) -> None:
    """[WC.REACT.14] reaction_leader_mod = 2 makes the leader ±2; any other value ±1 (die 4, aim for None)."""
    s = replace(leader_attached(alone()), options=(("reaction_leader_mod", option),))
    lines: list[str] = []
    roll_test(s, s.unit("A"), ScriptedDice.of(6, 4), lines)
    assert lines == [f"Unit A (Pikes) takes a Reaction Test: rolled 4, total {total}: {name}."]


def test_WC_PD_9_standing_charge_for_the_unit() -> None:
    """[WC.PD.9] "prefer charge" for this unit: Charge/Fire when reachable."""
    s = with_standing(leader_attached(alone()), "a", "reaction", "charge", unit="A")
    lines: list[str] = []
    assert roll_test(s, s.unit("A"), ScriptedDice.of(6, 5), lines) is Reaction.CHARGE_FIRE
    assert lines == ["Unit A (Pikes) takes a Reaction Test: rolled 5, total 6: Charge/Fire."]


def test_WC_REACT_13_ask_question_options_and_answer() -> None:
    """[WC.REACT.13] [WC.EVENT.3] "ask": the question names the unit and die, the options are the reachable
    results in the default's order, the default its pick; the answer's total is used."""
    s = with_standing(leader_attached(alone()), "a", "reaction", "ask")
    with pytest.raises(NeedDecision) as e:
        roll_test(s, s.unit("A"), ScriptedDice(ScriptedDice.of(6, 5).script, ask=True), [])
    d = e.value
    assert d.question == "Unit A rolled 5 for its Reaction Test: which result?"
    assert d.options == ("None", "Charge/Fire") and d.default == "None" and d.key == "t1-reaction-A"
    lines: list[str] = []
    dice = ScriptedDice(ScriptedDice.of(6, 5).script, answers={"t1-reaction-A": "Charge/Fire"})
    assert roll_test(s, s.unit("A"), dice, lines) is Reaction.CHARGE_FIRE
    assert lines == ["Unit A (Pikes) takes a Reaction Test: rolled 5, total 6: Charge/Fire."]


def test_WC_REACT_13_no_choice_no_question() -> None:
    """[WC.REACT.13] with one reachable result "ask" asks nothing."""
    s = with_standing(alone(), "a", "reaction", "ask")
    lines: list[str] = []
    assert roll_test(s, s.unit("A"), ScriptedDice(ScriptedDice.of(6, 5).script, ask=True), lines) is Reaction.NONE


def test_WC_FORT_6_woods_give_no_cover_in_a_reaction_test() -> None:
    """[WC.REACT.12] [WC.FORT.6] cover on a Reaction Test is melee cover: formed foot in woods is not
    defended (it would be against shooting)."""
    woods = '[[areas]]\nid = "w"\nkind = "woods"\npoints = [[0, 30], [180, 30], [180, 47], [0, 47]]\n'
    s = position(unit("A", "a", "base.pikes", 2, (90, 45), 90), unit("E", "b", "base.pikes", 2, (90, 60), -90),
                 terrain=woods)  # fmt: skip
    assert mods(s) == ReactMods()


def test_WC_REACT_13_ask_with_the_irregular_column() -> None:
    """[WC.REACT.13] the results offered are read on the unit's own column: irregular spearmen (+2) with an
    attached leader rolling 2 reach 5 (Charge/Fire) and 3 (None)."""
    s = with_standing(leader_attached(alone("base.spearmen")), "a", "reaction", "ask")
    with pytest.raises(NeedDecision) as e:
        roll_test(s, s.unit("A"), ScriptedDice(ScriptedDice.of(6, 2).script, ask=True), [])
    assert e.value.options == ("None", "Charge/Fire") and e.value.default == "None"


def test_WC_REACT_14_ask_with_the_leader_at_two() -> None:
    """[WC.REACT.14] with reaction_leader_mod = 2 the results offered are those of ±2: die 4 reaches 6 and 2;
    the answer's total is told."""
    s = replace(leader_attached(alone()), options=(("reaction_leader_mod", "2"),))
    s = with_standing(s, "a", "reaction", "ask")
    with pytest.raises(NeedDecision) as e:
        roll_test(s, s.unit("A"), ScriptedDice(ScriptedDice.of(6, 4).script, ask=True), [])
    assert e.value.options == ("Stand/Fire", "Charge/Fire") and e.value.default == "Stand/Fire"
    lines: list[str] = []
    dice = ScriptedDice(ScriptedDice.of(6, 4).script, answers={"t1-reaction-A": "Charge/Fire"})
    roll_test(s, s.unit("A"), dice, lines)
    assert lines == ["Unit A (Pikes) takes a Reaction Test: rolled 4, total 6: Charge/Fire."]


def test_WC_PD_9_ask_for_one_unit_only() -> None:
    """[WC.PD.9] [WC.EVENT.3] "ask" set for this unit alone (the side's order left at its default) asks."""
    s = with_standing(leader_attached(alone()), "a", "reaction", "ask", unit="A")
    with pytest.raises(NeedDecision):
        roll_test(s, s.unit("A"), ScriptedDice(ScriptedDice.of(6, 5).script, ask=True), [])


def test_WC_REACT_12_cover_judged_from_the_enemys_nearest_stand() -> None:
    """[WC.REACT.12] [WC.FORT.5] cover is worked out against the enemy's stand nearest the unit: an enemy off
    A's right whose nearer stand is level with A's front edge does not have the hedge between, so A is not
    defended (its other stand, beyond the hedge's line, would have made it so)."""
    s = position(unit("A", "a", "base.pikes", 2, (90, 45), 90), unit("E", "b", "base.pikes", 2, (100, 47), 0),
                 terrain=HEDGE)  # fmt: skip
    assert not mods(s).defended
