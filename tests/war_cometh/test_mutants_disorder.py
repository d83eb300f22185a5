"""Clauses mutation testing of games/war_cometh/disorder.py found unpinned (benchmarks/mutation.py wc:disorder):
each unit's disorder modifiers from its stands and the game's variant and options, the exact narrative and dice
purposes of a test, automatic disorder, every branch of a pass-through, cavalry after a melee
[WC.DISORDER.1]-[WC.DISORDER.10] [WC.MIXED.5] [WC.THROUGH.3]-[WC.THROUGH.5] [WC.THROUGH.8] [WC.ROUT.6]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from games.war_cometh.disorder import (
    Cause,
    DisorderMods,
    cavalry_fought,
    disorder,
    disorder_drm,
    disorder_mods,
    disorder_test,
    disordered_by,
    melee_attack_mod,
    through_tests,
    unit_drm,
    worse,
)
from games.war_cometh.model import Condition, State
from games.war_cometh.world import World

from .helpers import position, unit

FANTASY = 'variant = "fantasy"\n'
KERNS = "english.irish_kerns"
"""Elite, irregular skirmishers."""
JAV = "base.javelinmen"
"""Steady, irregular skirmishers."""


def pair(p1: str = "base.pikes", p2: str = "base.pikes", head: str = "") -> State:
    """Unit 1 and unit 2 of side a, one behind the other."""
    return position(unit("1", "a", p1, 2, (50, 20), 90), unit("2", "a", p2, 2, (50, 26), 90), extra_head=head)


def with_condition(s: State, uid: str, c: Condition) -> State:
    return s.with_unit(replace(s.unit(uid), condition=c))


def mixed(first: str, rest: str, n: int = 3) -> State:
    """Unit 1: its first stand of profile ``first``, the other stands ``rest``."""
    s = position(unit("1", "a", "base.pikes", n, (50, 20), 90))
    u = s.unit("1")
    stands = tuple(replace(st, profile=first if i == 0 else rest) for i, st in enumerate(u.stands))
    return s.with_unit(replace(u, stands=stands))


def test_WC_DISORDER_1_worse_keeps_disorder() -> None:
    """[WC.DISORDER.1] a disordered unit made worse stays disordered."""
    assert worse(Condition.DISORDERED) is Condition.DISORDERED


@pytest.mark.parametrize(("die", "drm", "expect"), [(6, -9, True), (5, -9, False), (3, 2, True), (3, 1, False)])
def test_WC_DISORDER_2_edges(die: int, drm: int, expect: bool) -> None:
    """[WC.DISORDER.2] a natural 6 whatever the modifier, else exactly 5 or more."""
    assert disordered_by(die, drm) is expect


@pytest.mark.parametrize(
    ("mods", "historical", "expect"),
    [
        (DisorderMods(), True, 0),
        (DisorderMods(), False, 0),
        (DisorderMods(compulsory=True, pike_charge_terrain=True), False, 2),
        (DisorderMods(compulsory=True, shot=True), False, 0),
        (DisorderMods(shot=True), False, -1),
        (DisorderMods(shot=True, pike_charge_terrain=True), True, 0),
        (DisorderMods(irregular=True, elite=True), True, 0),
        (DisorderMods(irregular=True, compulsory=True), True, 2),
        (DisorderMods(elite=True, skirmisher=True), True, -2),
        (DisorderMods(skirmisher=True), False, 0),
        (DisorderMods(compulsory=True, shot=True, irregular=True, elite=True, skirmisher=True), True, -1),
    ],
)
def test_WC_DISORDER_8_modifiers_add_up(mods: DisorderMods, historical: bool, expect: int) -> None:
    """[WC.DISORDER.8] the modifiers add up; irregular, elite and skirmisher count in Historical games only."""
    assert disorder_drm(mods, historical=historical) == expect


def test_WC_DISORDER_9_skirmisher_option_off_leaves_the_others() -> None:
    """[WC.DISORDER.9] with the option off only the skirmisher −1 goes: irregular +1 stays."""
    m = DisorderMods(irregular=True, skirmisher=True)
    assert disorder_drm(m, historical=True, skirmisher_mod=False) == 1
    assert disorder_drm(m, historical=True) == 0


def test_WC_DISORDER_8_a_units_modifiers_from_its_profile() -> None:
    """[WC.DISORDER.8] elite irregular skirmishers (Irish kerns): irregular, elite and skirmisher; the flags
    given pass through."""
    s = position(unit("1", "a", KERNS, 2, (50, 20), 90))
    m = disorder_mods(World(s), s.unit("1"), compulsory=True, shot=True, pike_charge_terrain=True)
    assert m == DisorderMods(True, True, True, True, True, True)
    assert disorder_mods(World(s), s.unit("1")) == DisorderMods(irregular=True, elite=True, skirmisher=True)
    p = position(unit("1", "a", "base.pikes", 2, (50, 20), 90))
    assert disorder_mods(World(p), p.unit("1")) == DisorderMods()


def test_WC_MIXED_5_first_stand_for_irregular_and_skirmisher_majority_for_elite() -> None:
    """[WC.MIXED.5] [WC.DISORDER.8] irregular and skirmisher come from the first stand's profile, elite
    from the majority quality."""
    s = mixed(KERNS, "base.pikes")
    assert disorder_mods(World(s), s.unit("1")) == DisorderMods(irregular=True, skirmisher=True)
    s = mixed("base.pikes", KERNS)
    assert disorder_mods(World(s), s.unit("1")) == DisorderMods(elite=True)


def test_WC_DISORDER_9_unit_drm_reads_variant_and_option() -> None:
    """[WC.DISORDER.8] [WC.DISORDER.9] a unit's modifier: Historical kerns −1 (irregular +1, elite −1,
    skirmisher −1); option off 0; any other value than "true" is off; the option's default is on;
    in a Fantasy game the three do not count."""
    s = position(unit("1", "a", KERNS, 2, (50, 20), 90))
    u = s.unit("1")
    assert unit_drm(s, u) == -1
    assert unit_drm(s, u, compulsory=True, shot=True) == -1
    assert unit_drm(s, u, pike_charge_terrain=True) == 0
    assert unit_drm(replace(s, options=(("opt_skirmisher_disorder_mod", "true"),)), u) == -1
    assert unit_drm(replace(s, options=(("opt_skirmisher_disorder_mod", "false"),)), u) == 0
    f = position(unit("1", "a", KERNS, 2, (50, 20), 90), extra_head=FANTASY)
    assert unit_drm(f, f.unit("1")) == 0
    assert unit_drm(f, f.unit("1"), compulsory=True) == 1


def test_WC_DISORDER_3_narrative_and_die_purpose_exact() -> None:
    """[WC.DISORDER.3] a test names the unit, its cause, die, modifier and result; the die's purpose
    names the unit and cause."""
    s = position(unit("1", "a", JAV, 2, (50, 20), 90))
    lines: list[str] = []
    dice = ScriptedDice.of(6, 4)
    after = disorder_test(s, "1", Cause.SHOT, lines, dice=dice, shot=True)
    assert lines == ["Unit 1 (Javelinmen) tests for disorder (hit by shooting): 4-1, holds."]
    assert [p for _, p in dice.log] == ["disorder: unit 1 (Javelinmen) tests (hit by shooting)"]
    assert after == s
    lines = []
    after = disorder_test(s, "1", Cause.THROUGH, lines, die=5, compulsory=True)
    assert lines == [
        "Unit 1 (Javelinmen) tests for disorder (moved through a friendly unit or was moved through): 5+1, disordered."
    ]
    assert after == with_condition(s, "1", Condition.DISORDERED)


def test_WC_DISORDER_3_pike_charge_terrain_counts() -> None:
    """[WC.DISORDER.8] a pike unit charging through poor terrain: +1, so a 4 disorders."""
    s = pair()
    lines: list[str] = []
    after = disorder_test(s, "1", Cause.PIKE_CHARGE, lines, die=4, pike_charge_terrain=True)
    assert after.unit("1").condition is Condition.DISORDERED
    assert lines == ["Unit 1 (Pikes) tests for disorder (pikes charging): 4+1, disordered."]


@pytest.mark.parametrize(("name", "shown"), [("1", "Unit 1"), ("", "Unit 1"), ("the Guard", "Unit 1 (the Guard)")])
def test_WC_DISORDER_3_unit_named_unless_its_name_is_its_id(name: str, shown: str) -> None:
    """[WC.DISORDER.3] the narrative shows a unit's name only when it has one other than its id."""
    s = pair()
    s = s.with_unit(replace(s.unit("1"), name=name))
    lines: list[str] = []
    disorder_test(s, "1", Cause.DENSE, lines, die=1)
    assert lines == [f"{shown} tests for disorder (moved in dense terrain): 1+0, holds."]
    lines = []
    disorder(s, "1", Cause.DENSE, lines)
    assert lines == [f"{shown} is disordered (moved in dense terrain)."]


def test_WC_DISORDER_2_a_test_needs_a_die() -> None:
    """[WC.DISORDER.2] a test with neither a die nor a dice source is refused in those words."""
    with pytest.raises(ValueError, match="^a disorder test needs a die or a dice source$"):
        disorder_test(pair(), "1", Cause.OTHER, [])


def test_WC_DISORDER_2_a_disordered_unit_rolls_nothing() -> None:
    """[WC.DISORDER.2] a disordered unit takes no test: no die, no narrative, no change."""
    s = with_condition(pair(), "1", Condition.DISORDERED)
    lines: list[str] = []
    dice = ScriptedDice.of(6, 6)
    assert disorder_test(s, "1", Cause.OTHER, lines, dice=dice) == s
    assert not lines and not dice.log


@pytest.mark.parametrize("c", [Condition.DISORDERED, Condition.ROUTED])
def test_WC_DISORDER_4_automatic_leaves_a_unit_not_in_good_order(c: Condition) -> None:
    """[WC.DISORDER.4] automatic disorder of a disordered or routed unit: unchanged, nothing said."""
    s = with_condition(pair(), "1", c)
    lines: list[str] = []
    assert disorder(s, "1", Cause.DENSE, lines) == s and not lines


def test_WC_DISORDER_4_automatic_without_narrative() -> None:
    """[WC.DISORDER.4] automatic disorder with no narrative list still disorders, and only that unit."""
    s = pair()
    assert disorder(s, "1", Cause.OTHER) == with_condition(s, "1", Condition.DISORDERED)


def test_WC_THROUGH_8_routed_mover_disorders_the_friend_only() -> None:
    """[WC.THROUGH.8] [WC.ROUT.6] a routed mover disorders the unit it passes outright, no die."""
    s = with_condition(pair(), "1", Condition.ROUTED)
    lines: list[str] = []
    dice = ScriptedDice.of(6)
    after = through_tests(s, "1", "2", lines, dice)
    assert after == with_condition(s, "2", Condition.DISORDERED)
    assert lines == ["Unit 2 (Pikes) is disordered (moved through by a routed unit)."]


def test_WC_ROUT_6_historical_skirmishers_passed_by_a_rout_are_exempt() -> None:
    """[WC.ROUT.6] (H) skirmishers passed by a routed unit stay in good order."""
    s = with_condition(pair(p2=JAV), "1", Condition.ROUTED)
    lines: list[str] = []
    assert through_tests(s, "1", "2", lines, ScriptedDice.of(6)) == s and not lines


def test_WC_ROUT_6_fantasy_skirmish_profile_has_no_exemption() -> None:
    """[WC.ROUT.6] [WC.DISORDER.9] the skirmisher exemption is Historical only: in a Fantasy game the same
    profile passed by a routed unit is disordered."""
    s = with_condition(pair(p2=JAV, head=FANTASY), "1", Condition.ROUTED)
    after = through_tests(s, "1", "2", [], ScriptedDice.of(6))
    assert after.unit("2").condition is Condition.DISORDERED


@pytest.mark.parametrize(("p1", "p2"), [(JAV, "base.pikes"), ("base.pikes", JAV)])
def test_WC_THROUGH_5_historical_skirmishers_neither_test_nor_cause_tests(p1: str, p2: str) -> None:
    """[WC.THROUGH.5] (H) a skirmisher mover or a skirmisher passed: no test for either."""
    s = pair(p1, p2)
    lines: list[str] = []
    dice = ScriptedDice.of(6, 6)
    assert through_tests(s, "1", "2", lines, dice) == s and not lines and not dice.log


@pytest.mark.parametrize(("p1", "p2"), [(JAV, "base.pikes"), ("base.pikes", JAV)])
def test_WC_THROUGH_5_fantasy_skirmish_profiles_test(p1: str, p2: str) -> None:
    """[WC.THROUGH.5] the skirmisher exemption is (H): in a Fantasy game both test on one die."""
    s = pair(p1, p2, head=FANTASY)
    after = through_tests(s, "1", "2", [], ScriptedDice.of(6, 6))
    assert after.unit("1").condition is Condition.DISORDERED and after.unit("2").condition is Condition.DISORDERED


def test_WC_THROUGH_4_passed_unit_had_moved_both_disordered_no_die() -> None:
    """[WC.THROUGH.4] the unit passed had moved: both disordered outright, mover first, no die."""
    s = pair()
    s = s.with_unit(replace(s.unit("2"), moved=True))
    lines: list[str] = []
    dice = ScriptedDice.of(6)
    after = through_tests(s, "1", "2", lines, dice)
    assert after.unit("1").condition is Condition.DISORDERED and after.unit("2").condition is Condition.DISORDERED
    assert lines == [
        "Unit 1 (Pikes) is disordered (moved through a unit that had moved).",
        "Unit 2 (Pikes) is disordered (moved through a unit that had moved).",
    ]


def test_WC_THROUGH_4_mover_having_moved_is_not_enough() -> None:
    """[WC.THROUGH.4] only the unit passed having moved disorders both outright; a mover that has moved
    still tests (a 1: both hold)."""
    s = pair()
    s = s.with_unit(replace(s.unit("1"), moved=True))
    after = through_tests(s, "1", "2", [], ScriptedDice.of(6, 1))
    assert after == s


def test_WC_THROUGH_3_both_disordered_no_die() -> None:
    """[WC.THROUGH.3] neither unit is in good order: no die is rolled."""
    s = with_condition(with_condition(pair(), "1", Condition.DISORDERED), "2", Condition.DISORDERED)
    lines: list[str] = []
    dice = ScriptedDice.of(6, 6)
    assert through_tests(s, "1", "2", lines, dice) == s and not lines and not dice.log


@pytest.mark.parametrize("bad", ["1", "2"])
def test_WC_THROUGH_3_one_in_good_order_still_tests(bad: str) -> None:
    """[WC.THROUGH.3] one unit disordered: the other still tests on the shared die."""
    s = with_condition(pair(), bad, Condition.DISORDERED)
    good = "2" if bad == "1" else "1"
    lines: list[str] = []
    after = through_tests(s, "1", "2", lines, ScriptedDice.of(6, 5))
    assert after.unit(good).condition is Condition.DISORDERED
    assert lines == [
        f"Unit {good} (Pikes) tests for disorder (moved through a friendly unit or was moved through): 5+0, disordered."
    ]


def test_WC_THROUGH_3_one_die_purpose_and_narrative() -> None:
    """[WC.THROUGH.3] one die for both, named for both; mover then passed; +1 for the compulsory mover."""
    s = pair()
    lines: list[str] = []
    dice = ScriptedDice.of(6, 4)
    through_tests(s, "1", "2", lines, dice, compulsory=True)
    assert [p for _, p in dice.log] == ["disorder: units 1 and 2 pass through each other (one die for both)"]
    assert lines == [
        "Unit 1 (Pikes) tests for disorder (moved through a friendly unit or was moved through): 4+1, disordered.",
        "Unit 2 (Pikes) tests for disorder (moved through a friendly unit or was moved through): 4+0, holds.",
    ]


def test_WC_THROUGH_3_each_its_own_die_compulsory_for_the_mover_only() -> None:
    """[WC.THROUGH.3] through_dice = each: two dice, the mover's with +1 when compulsory."""
    s = replace(pair(), options=(("through_dice", "each"),))
    lines: list[str] = []
    dice = ScriptedDice.of(6, 4, 4)
    after = through_tests(s, "1", "2", lines, dice, compulsory=True)
    assert after.unit("1").condition is Condition.DISORDERED and after.unit("2").condition is Condition.GOOD
    assert [p for _, p in dice.log] == [
        "disorder: unit 1 (Pikes) tests (moved through a friendly unit or was moved through)",
        "disorder: unit 2 (Pikes) tests (moved through a friendly unit or was moved through)",
    ]
    assert lines[1].endswith("4+0, holds.")


def test_WC_THROUGH_3_default_and_explicit_one_die() -> None:
    """[WC.THROUGH.3] through_dice unset or "one": a single die; without compulsory no +1 (4 holds)."""
    for s in (pair(), replace(pair(), options=(("through_dice", "one"),))):
        dice = ScriptedDice.of(6, 4)
        assert through_tests(s, "1", "2", [], dice) == s and len(dice.log) == 1


def test_WC_DISORDER_5_cavalry_in_id_order_off_table_left_alone() -> None:
    """[WC.DISORDER.5] cavalry that fought is disordered, in ascending id, once each; cavalry no longer
    on the table is left as it is."""
    s = position(
        unit("3", "a", "base.knights_mtd", 2, (50, 20), 90),
        unit("1", "a", "base.knights_mtd", 2, (90, 20), 90),
        unit("2", "a", "base.knights_mtd", 2, (130, 20), 90),
    )
    s = s.with_unit(replace(s.unit("2"), on_table=False))
    lines: list[str] = []
    after = cavalry_fought(s, ["3", "1", "2", "3"], lines)
    assert lines == [
        "Unit 1 (Knights) is disordered (cavalry that fought a melee).",
        "Unit 3 (Knights) is disordered (cavalry that fought a melee).",
    ]
    assert after.unit("2") == s.unit("2")


def test_WC_DISORDER_10_routed_unit_no_fantasy_disorder_minus_one() -> None:
    """[WC.DISORDER.10] the (F) −1 is the disordered unit's; a routed one has [WC.ROUT.3]'s instead."""
    s = with_condition(pair(), "1", Condition.ROUTED)
    assert melee_attack_mod(s.unit("1"), historical=False) == 0
