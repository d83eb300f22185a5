"""Disorder and rout [WC.DISORDER] [WC.ROUT] [WC.THROUGH.3], checked with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from games.war_cometh.command import Result
from games.war_cometh.disorder import (
    DISORDERED_SHOOTING_DRM,
    Cause,
    DisorderMods,
    cavalry_fought,
    disorder,
    disorder_drm,
    disorder_test,
    disordered_by,
    is_good,
    may_join_battleline,
    may_support,
    melee_attack_mod,
    removes_disorder,
    through_tests,
    worse,
)
from games.war_cometh.model import Condition
from games.war_cometh.rout import (
    ROUTED_ATTACK_MOD,
    ROUTED_COMMAND_MOD,
    flee,
    flee_unordered,
    may_pursue,
    may_shoot,
    may_start_melee,
    rallied,
    rout,
)
from games.war_cometh.turn import apply_move
from games.war_cometh.world import World

from .helpers import position, unit


def _two(p1: str = "base.pikes", p2: str = "base.pikes", gap: float = 4) -> object:
    return position(unit("1", "a", p1, 3, (50, 20), 90), unit("2", "a", p2, 3, (50, 20 + gap), 90))


def test_WC_DISORDER_1_three_states() -> None:
    """[WC.DISORDER.1] good order is neither disordered nor routed; worse() never un-routs."""
    s = _two()
    assert is_good(s.unit("1"))
    assert worse(Condition.GOOD) is Condition.DISORDERED
    assert worse(Condition.ROUTED) is Condition.ROUTED
    assert not is_good(replace(s.unit("1"), condition=Condition.DISORDERED))


@pytest.mark.parametrize(
    ("die", "drm", "expect"),
    [(5, 0, True), (4, 0, False), (4, 1, True), (6, -3, True), (5, -1, False), (1, 4, True)],
)
def test_WC_DISORDER_2_test_five_or_more_natural_six(die: int, drm: int, expect: bool) -> None:
    """[WC.DISORDER.2] a modified 5+ disorders; a natural 6 always does."""
    assert disordered_by(die, drm) is expect


def test_WC_DISORDER_2_only_good_order_tests() -> None:
    """[WC.DISORDER.2] (ENGINE) a disordered or routed unit rolls no die; a routed one stays routed."""
    s = _two()
    s = s.with_unit(replace(s.unit("1"), condition=Condition.ROUTED))
    lines: list[str] = []
    after = disorder_test(s, "1", Cause.THROUGH, lines, dice=ScriptedDice.of(6))
    assert after.unit("1").condition is Condition.ROUTED and not lines


@pytest.mark.parametrize(
    ("mods", "historical", "expect"),
    [
        (DisorderMods(compulsory=True), True, 1),
        (DisorderMods(shot=True), True, -1),
        (DisorderMods(irregular=True), True, 1),
        (DisorderMods(irregular=True), False, 0),
        (DisorderMods(elite=True), True, -1),
        (DisorderMods(elite=True), False, 0),
        (DisorderMods(skirmisher=True), True, -1),
        (DisorderMods(pike_charge_terrain=True), False, 1),
        (DisorderMods(shot=True, irregular=True), True, 0),
    ],
)
def test_WC_DISORDER_8_modifiers(mods: DisorderMods, historical: bool, expect: int) -> None:
    """[WC.DISORDER.8] each modifier of the table, H-only ones only in Historical games."""
    assert disorder_drm(mods, historical=historical) == expect


def test_WC_DISORDER_9_skirmisher_minus_one_is_an_option() -> None:
    """[WC.DISORDER.9] the skirmisher −1 applies in H unless opt_skirmisher_disorder_mod is off."""
    m = DisorderMods(skirmisher=True)
    assert disorder_drm(m, historical=True, skirmisher_mod=True) == -1
    assert disorder_drm(m, historical=True, skirmisher_mod=False) == 0


@pytest.mark.parametrize(("die", "expect"), [(4, False), (5, True)])
def test_WC_DISORDER_3_a_good_unit_tests_with_its_modifiers(die: int, expect: bool) -> None:
    """[WC.DISORDER.3] a test applies the unit's modifiers: steady pikes, no DRM, disorder on 5."""
    s = _two()
    lines: list[str] = []
    after = disorder_test(s, "1", Cause.BLOCKED_FALLBACK, lines, dice=ScriptedDice.of(6, die))
    assert (after.unit("1").condition is Condition.DISORDERED) is expect
    assert "Unit 1" in lines[0] and "blocked" in lines[0]


@pytest.mark.parametrize("cause", [c for c in Cause if c.name in {"FLANK_REAR_CONTACT", "DENSE", "OUT_OF_ARC"}])
def test_WC_DISORDER_4_automatic(cause: Cause) -> None:
    """[WC.DISORDER.4] automatic disorder needs no die; [WC.DISORDER.6] it applies at once."""
    s = _two()
    lines: list[str] = []
    assert disorder(s, "1", cause, lines).unit("1").condition is Condition.DISORDERED
    assert cause.value in lines[0]


def test_WC_DISORDER_5_cavalry_that_fought_is_disordered() -> None:
    """[WC.DISORDER.5] cavalry that fought a melee is disordered; infantry is not."""
    s = _two("base.knights_mtd", "base.pikes", gap=10)
    after = cavalry_fought(s, ["1", "2"], [])
    assert after.unit("1").condition is Condition.DISORDERED
    assert after.unit("2").condition is Condition.GOOD


def test_WC_DISORDER_6_WC_DISORDER_7_contact_disorder_before_modifiers() -> None:
    """[WC.DISORDER.6] [WC.DISORDER.7] flank contact disorders at once: support is gone before the
    melee modifiers are worked out."""
    s = _two()
    s = disorder(s, "2", Cause.FLANK_REAR_CONTACT)
    assert not may_support(s.unit("2")) and may_support(s.unit("1"))


def test_WC_DISORDER_10_effects() -> None:
    """[WC.DISORDER.10] −1 shooting, no support, no battleline, (F) −1 attack, (H) no attack −1."""
    s = disorder(_two(), "1", Cause.OTHER)
    u = s.unit("1")
    assert DISORDERED_SHOOTING_DRM == -1
    assert not may_support(u) and not may_join_battleline(u)
    assert melee_attack_mod(u, historical=False) == -1 and melee_attack_mod(u, historical=True) == 0
    assert melee_attack_mod(_two().unit("1"), historical=False) == 0


@pytest.mark.parametrize(
    ("result", "expect"),
    [
        (Result.RALLY_WITH_ELAN, True),
        (Result.CAUTIOUS_ADVANCE, True),
        (Result.RALLY_AND_STAND, True),
        (Result.STAND, False),
        (Result.CARRY_ON, False),
        (Result.BROKEN, False),
    ],
)
def test_WC_DISORDER_11_WC_DISORDER_12_rally_results(result: Result, expect: bool) -> None:
    """[WC.DISORDER.11] only rally results remove disorder; [WC.DISORDER.12] the Disordered
    column's Stand is Rally & Stand."""
    assert removes_disorder(result) is expect


def test_WC_DISORDER_13_markers_in_the_picture() -> None:
    """[WC.DISORDER.13] disordered units are drawn yellow-marked, routed red."""
    from games.war_cometh.picture import condition_marker

    assert condition_marker(Condition.DISORDERED) == "yellow"
    assert condition_marker(Condition.ROUTED) == "red"
    assert condition_marker(Condition.GOOD) == ""


@pytest.mark.parametrize(("die", "mover", "passed"), [(4, True, False), (3, False, False), (5, True, True)])
def test_WC_THROUGH_3_one_die_for_both_units(die: int, mover: bool, passed: bool) -> None:
    """[WC.THROUGH.3] (book reading) one die for both, +1 for a compulsory mover only."""
    s = _two()
    after = through_tests(s, "1", "2", [], ScriptedDice.of(6, die), compulsory=True)
    assert (after.unit("1").condition is Condition.DISORDERED) is mover
    assert (after.unit("2").condition is Condition.DISORDERED) is passed


def test_WC_THROUGH_3_each_rolls_its_own_with_the_option() -> None:
    """[WC.THROUGH.3] with through_dice = each, the mover rolls first, then the unit passed."""
    s = replace(_two(), options=(("through_dice", "each"),))
    after = through_tests(s, "1", "2", [], ScriptedDice.of(6, 2, 5))
    assert after.unit("1").condition is Condition.GOOD and after.unit("2").condition is Condition.DISORDERED


def test_WC_THROUGH_3_in_a_move_and_WC_THROUGH_4() -> None:
    """[WC.THROUGH.3] a voluntary pass-through in play tests both (one die, 5: both disordered) and
    still freezes the friend that had not moved [WC.THROUGH.4]."""
    from games.war_cometh.movement import carry_out
    from games.war_cometh.plans import Plan, Step, StepKind

    s = _two()
    m = carry_out(World(s), s.unit("1"), Plan("1", (Step(StepKind.FORWARD, dist=800),), ("2",)), strict=True)
    after = apply_move(s, s.unit("1"), m, ScriptedDice.of(6, 5), [])
    assert after.unit("1").condition is Condition.DISORDERED and after.unit("2").condition is Condition.DISORDERED
    assert after.unit("2").frozen


def test_WC_ROUT_1_broken_routs() -> None:
    """[WC.ROUT.1] a unit routs; its hold-fire marker goes."""
    s = _two()
    s = s.with_unit(replace(s.unit("1"), hold_fire=True))
    lines: list[str] = []
    after = rout(s, "1", lines)
    assert after.unit("1").condition is Condition.ROUTED and not after.unit("1").hold_fire
    assert "routs" in lines[0]


@pytest.mark.parametrize(
    ("before", "after"), [(Condition.ROUTED, Condition.DISORDERED), (Condition.DISORDERED, Condition.GOOD)]
)
def test_WC_ROUT_2_WC_ROUT_2a_rallied_routed_unit_is_disordered(before: Condition, after: Condition) -> None:
    """[WC.ROUT.2] rally results remove rout; [WC.ROUT.2a] the unit is then disordered."""
    assert rallied(before) is after


def test_WC_ROUT_3_routed_units_may_not_shoot_charge_or_pursue() -> None:
    """[WC.ROUT.3] −2 on the table, −2 attacks, no shooting, charging or pursuit."""
    s = rout(_two(), "1")
    u, good = s.unit("1"), s.unit("2")
    assert not (may_shoot(u) or may_start_melee(u) or may_pursue(u))
    assert may_shoot(good) and may_start_melee(good) and may_pursue(good)
    assert ROUTED_COMMAND_MOD == -2 and ROUTED_ATTACK_MOD == -2


def test_WC_ROUT_4_WC_ROUT_5_flee_toward_baseline_in_formation() -> None:
    """[WC.ROUT.4] 3D6 toward the baseline after turning about; [WC.ROUT.5] the formation is kept."""
    s = rout(position(unit("1", "a", "base.pikes", 3, (50, 40), 90)), "1")
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6, 3, 4, 5), lines)
    u = after.unit("1")
    assert abs(World(after).bound(u).cy - (World(s).bound(s.unit("1")).cy - 12)) < 0.05
    assert round(u.facing) == -90 and u.formation is s.unit("1").formation and u.files == 3
    assert "12" in lines[0]


def test_WC_ROUT_6_friends_passed_are_disordered_skirmishers_exempt() -> None:
    """[WC.ROUT.6] a friend passed through by a routed unit is disordered; (H) skirmishers exempt."""
    s = rout(
        position(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("2", "a", "base.pikes", 3, (50, 34), 90)), "1"
    )
    after = flee(s, s.unit("1"), ScriptedDice.of(6, 6, 6, 6), [])
    assert after.unit("2").condition is Condition.DISORDERED
    sk = rout(
        position(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("2", "a", "base.javelinmen", 3, (50, 34), 90)),
        "1",
    )
    assert flee(sk, sk.unit("1"), ScriptedDice.of(6, 6, 6, 6), []).unit("2").condition is Condition.GOOD


def test_WC_ROUT_7_attached_leader_leaves_a_unit_that_flees_off() -> None:
    """[WC.ROUT.7] a unit that flees off the table leaves its leader to [WC.LEADER.9]: the unit is
    off, the rest is the leaders' rule."""
    s = rout(position(unit("1", "a", "base.pikes", 3, (50, 8), 90)), "1")
    after = flee(s, s.unit("1"), ScriptedDice.of(6, 6, 6, 6), [])
    assert not after.unit("1").on_table


def test_WC_ROUT_8_flee_off_the_table_leaves_it() -> None:
    """[WC.ROUT.8] (rout_mode = flee) a routed unit forced off the table is removed from it."""
    s = rout(position(unit("1", "a", "base.pikes", 3, (50, 10), 90)), "1")
    lines: list[str] = []
    after = flee(s, s.unit("1"), ScriptedDice.of(6, 5, 5, 5), lines)
    assert not after.unit("1").on_table and "off the table" in lines[0]


def test_WC_ROUT_9_blocked_by_enemies_stops_two_cm_short() -> None:
    """[WC.ROUT.9] a flee blocked by an enemy stops 2 cm short of it."""
    s = rout(
        position(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("9", "b", "base.pikes", 3, (50, 30), 90)), "1"
    )
    after = flee(s, s.unit("1"), ScriptedDice.of(6, 6, 6, 6), [])
    w = World(after)
    assert abs(w.foot(after.unit("1")).distance(w.foot(after.unit("9"))) - 2.0) < 0.05


def test_WC_ROUT_4_unordered_routed_units_flee_in_id_order() -> None:
    """[WC.ROUT.4] [WC.PD.20] routed units given no order flee, lowest id first."""
    s = position(unit("2", "a", "base.pikes", 3, (50, 40), 90), unit("1", "a", "base.pikes", 3, (90, 40), 90))
    s = rout(rout(s, "1"), "2")
    lines: list[str] = []
    flee_unordered(s, "a", ScriptedDice.of(6, 1, 1, 1, 6, 6, 6), lines)
    assert lines[0].startswith("Unit 1 flees") and "of 3" in lines[0]


def test_WC_CMD_14_natural_12_on_a_disordered_unit() -> None:
    """[WC.CMD.14] (ruling) a natural 12 on a disordered unit gives the worst row of the Disordered
    column, Flees & Leader Confused: the unit disintegrates."""
    from games.war_cometh import RULESET

    s = position(unit("1", "a", "base.pikes", 3, (50, 20), 90))
    s = s.with_unit(replace(s.unit("1"), condition=Condition.DISORDERED))
    s = RULESET.apply_orders(s, RULESET.parse_orders(s, "a", "commander ma\nunit 1 forward 5"))
    lines = RULESET.resolve(s, ScriptedDice.of(6, 6, 6)).narrative
    after = RULESET.resolve(s, ScriptedDice.of(6, 6, 6)).state
    assert not after.unit("1").on_table and after.unit("1").lost == 3
    assert any("flees" in x.lower() or "disintegrates" in x for x in lines)
