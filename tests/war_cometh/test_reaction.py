"""Reaction Tests and chits [WC.REACT], dismounting [WC.DISMOUNT], and the shooting orders at
submission, in LEGAL, the bot and the picture."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import NeedDecision, OrdersRejected
from games.war_cometh import RULESET
from games.war_cometh.chits import could_charge, give_chit, is_threat, start_of_turn_chits, threat_chits
from games.war_cometh.command import Result
from games.war_cometh.dismount import DISMOUNT_ENEMY_CM, dismount, dismount_problem, result_dismounts
from games.war_cometh.model import Condition
from games.war_cometh.reaction import Reaction, ReactMods, choose, reachable, reaction_mods, reaction_result
from games.war_cometh.reactphase import resolve_reactions
from games.war_cometh.standing import with_standing
from games.war_cometh.world import World

from .helpers import position, unit

# --- §49 worked examples --------------------------------------------------------------------


def test_WC_TEST_15_reaction_cases() -> None:
    """[WC.TEST.15] [WC.REACT.11] [WC.REACT.13] the reaction cases: the ± signs are chosen after
    the die, aiming for None, then Stand/Fire."""
    m1 = ReactMods(casualties=True, disordered=True, leader=True)
    assert reachable(3, m1, irregular=False) == {Reaction.STAND_FIRE: 2, Reaction.FALLBACK: 0}
    assert choose(3, m1, irregular=False) == (Reaction.STAND_FIRE, 2)
    assert choose(3, ReactMods(impetuous=True), irregular=True) == (Reaction.CHARGE_FIRE, 5)
    assert choose(2, ReactMods(supported=True), irregular=False) == (Reaction.NONE, 3)


def _moved(state, uid: str, *, compulsory: bool = False):  # type: ignore[no-untyped-def]
    """Mark a unit as having moved this phase, with its trace."""
    from games.war_cometh.model import Trace

    u = state.unit(uid)
    trace = Trace(uid, u.side, ((0, 0), (100, 100)), compulsory=compulsory)
    return replace(state.with_unit(replace(u, moved=True)), traces=(*state.traces, trace))


def _threat(enemy: str, gap: float, *, compulsory: bool = False):  # type: ignore[no-untyped-def]
    """English dismounted knights K (armor 4, side a) that moved to ``gap`` cm of enemy E."""
    before = position(
        unit("K", "a", "english.feudal_knights_dmtd", 3, (50, 20), 90),
        unit("E", "b", enemy, 3 if "pikes" in enemy else 2, (50, 80), -90),
    )
    after = position(
        unit("K", "a", "english.feudal_knights_dmtd", 3, (50, 80 - gap), 90),
        unit("E", "b", enemy, 3 if "pikes" in enemy else 2, (50, 80), -90),
    )
    return before, _moved(after, "K", compulsory=compulsory)


@pytest.mark.parametrize(
    ("enemy", "gap", "chit"),
    [("scots.knights_mtd_a5", 15, False), ("scots.knights_mtd_a5", 8, True), ("scots.lowland_pikes_stdy", 15, True)],
)
def test_WC_TEST_32_threats_and_the_infantry_cavalry_restriction(enemy: str, gap: float, chit: bool) -> None:
    """[WC.TEST.32] [WC.REACT.4] [WC.REACT.7] [WC.CHARGE.5] infantry threatens cavalry only from
    within 10 cm; pikes from 15 cm ([WC.SEQ.9]: the detailed triggers, not the summary's)."""
    before, after = _threat(enemy, gap)
    out = threat_chits(before, after, "a", [])
    assert (out.unit("E").chits == ("threat",)) is chit


# --- [WC.REACT] -------------------------------------------------------------------------------


def test_WC_REACT_1_optional_rule_off() -> None:
    """[WC.REACT.1] with opt_reaction_tests off no chits are given and nobody tests."""
    before, after = _threat("scots.lowland_pikes_stdy", 15)
    off = replace(after, options=(("opt_reaction_tests", "false"),))
    assert threat_chits(before, off, "a", []).unit("E").chits == ()
    held = off.with_unit(replace(off.unit("K"), chits=("combat",)))
    assert resolve_reactions(held, ScriptedDice.of(6), []) == held


def test_WC_REACT_2_WC_REACT_10_one_test_for_all_chits() -> None:
    """[WC.REACT.2] [WC.REACT.10] a unit with two chits tests once, lowest id first [WC.PD.8]; its
    chits go; a required action freezes it for the turn."""
    s = position(unit("B", "a", "base.pikes", 3, (90, 20), 90), unit("A", "a", "base.pikes", 3, (30, 20), 90))
    s = s.with_unit(replace(s.unit("A"), chits=("combat", "threat")))
    s = s.with_unit(replace(s.unit("B"), chits=("threat",)))
    lines: list[str] = []
    after = resolve_reactions(s, ScriptedDice.of(6, 4, 1), lines)
    assert lines[0].startswith("Unit A") and "None" in lines[0]
    assert lines[1].startswith("Unit B") and "Stand/Fire" in lines[1]
    assert after.unit("A").chits == () and after.unit("B").chits == ()
    assert after.unit("B").acted and after.unit("B").frozen and not after.unit("A").frozen


def test_WC_REACT_3_combat_chits_only_in_the_opponents_turn() -> None:
    """[WC.REACT.3] combat chits come from hits taken in the opponent's turn; give_chit records them."""
    s = position(unit("A", "a", "base.pikes", 3, (30, 20), 90))
    assert give_chit(s, "A", "combat").unit("A").chits == ("combat",)
    assert give_chit(give_chit(s, "A", "combat"), "A", "combat").unit("A").chits == ("combat",)


def test_WC_REACT_4_flank_trigger_ignores_armor() -> None:
    """[WC.REACT.4] an unarmored unit that moved into an enemy's flank, able to charge it there,
    gives a chit; it would not as a frontal threat."""
    before = position(unit("P", "a", "base.peasants", 3, (20, 20), 90), unit("E", "b", "base.pikes", 3, (60, 60), 0))
    after = position(unit("P", "a", "base.peasants", 3, (60, 45), 90), unit("E", "b", "base.pikes", 3, (60, 60), 0))
    after = _moved(after, "P")
    assert not is_threat(World(after), after.unit("P"))
    assert threat_chits(before, after, "a", []).unit("E").chits == ("threat",)


def test_WC_REACT_5_artillery_close_by() -> None:
    """[WC.REACT.5] a unit within 10 cm of enemy artillery and in its arc tests; 12 cm away not."""
    near = position(unit("E", "a", "base.pikes", 3, (50, 20), 90), unit("G", "b", "base.bombard", 1, (50, 28), -90))
    assert start_of_turn_chits(near, []).unit("E").chits == ("threat",)
    far = position(unit("E", "a", "base.pikes", 3, (50, 20), 90), unit("G", "b", "base.bombard", 1, (50, 32), -90))
    assert start_of_turn_chits(far, []).unit("E").chits == ()


def test_WC_REACT_6_levy_threats_option() -> None:
    """[WC.REACT.6] (OPT,H) levy fear armor-5 infantry only with opt_levy_threat_tests."""
    before = position(
        unit("M", "a", "base.spearmen", 3, (50, 20), 90), unit("L", "b", "base.peasants", 3, (50, 80), -90)
    )
    after = position(
        unit("M", "a", "base.spearmen", 3, (50, 65), 90), unit("L", "b", "base.peasants", 3, (50, 80), -90)
    )
    after = _moved(after, "M")
    assert threat_chits(before, after, "a", []).unit("L").chits == ()
    on = replace(after, options=(("opt_levy_threat_tests", "true"),))
    assert threat_chits(before, on, "a", []).unit("L").chits == ("threat",)


def test_WC_REACT_7_a_threat_must_be_able_to_charge() -> None:
    """[WC.REACT.7] out of reach, out of arc, or routed: no threat."""
    s = position(unit("K", "a", "base.knights_mtd", 2, (50, 20), 90), unit("E", "b", "base.pikes", 3, (50, 45), -90))
    w = World(s)
    assert could_charge(w, s.unit("K"), s.unit("E"))
    far = position(unit("K", "a", "base.knights_mtd", 2, (50, 20), 90), unit("E", "b", "base.pikes", 3, (50, 55), -90))
    assert not could_charge(World(far), far.unit("K"), far.unit("E"))
    back = position(
        unit("K", "a", "base.knights_mtd", 2, (50, 20), -90), unit("E", "b", "base.pikes", 3, (50, 45), -90)
    )
    assert not could_charge(World(back), back.unit("K"), back.unit("E"))
    routed = s.with_unit(replace(s.unit("K"), condition=Condition.ROUTED))
    assert not could_charge(World(routed), routed.unit("K"), routed.unit("E"))


def test_WC_REACT_8_impetuous_units_test_with_a_target_in_reach() -> None:
    """[WC.REACT.8] an impetuous unit with a non-skirmish enemy in arc and reach at the start of its
    turn tests; a dismounted one does not [WC.DISMOUNT.3]."""
    s = position(unit("K", "a", "base.knights_mtd", 2, (50, 20), 90), unit("E", "b", "base.pikes", 3, (50, 40), -90))
    assert start_of_turn_chits(s, []).unit("K").chits == ("threat",)
    d = s.with_unit(replace(s.unit("K"), dismounted=True))
    assert start_of_turn_chits(d, []).unit("K").chits == ()


def test_WC_REACT_9_skirmishers_and_light_cavalry_take_only_combat_chits() -> None:
    """[WC.REACT.9] no threat chits for skirmishers or light cavalry; combat chits yes."""
    s = position(unit("J", "a", "base.javelinmen", 3, (30, 20), 90), unit("H", "a", "base.hobilar", 2, (80, 20), 90))
    for uid in ("J", "H"):
        assert give_chit(s, uid, "threat").unit(uid).chits == ()
        assert give_chit(s, uid, "combat").unit(uid).chits == ("combat",)


@pytest.mark.parametrize(
    ("total", "irregular", "result"),
    [
        (6, False, Reaction.CHARGE_FIRE),
        (5, False, Reaction.NONE),
        (3, False, Reaction.NONE),
        (1, False, Reaction.STAND_FIRE),
        (0, False, Reaction.FALLBACK),
        (5, True, Reaction.CHARGE_FIRE),
        (4, True, Reaction.NONE),
        (2, True, Reaction.STAND_FIRE),
        (1, True, Reaction.FALLBACK),
    ],
)
def test_WC_REACT_11_table(total: int, irregular: bool, result: Reaction) -> None:
    """[WC.REACT.11] the regular and irregular columns."""
    assert reaction_result(total, irregular=irregular) is result


def test_WC_REACT_12_modifiers_from_the_position() -> None:
    """[WC.REACT.12] supported (a friend within 4 cm), casualties, disordered, levy, and rear/flank
    from an enemy able to charge from behind."""
    s = position(
        unit("A", "a", "base.peasants", 3, (50, 40), 90),
        unit("F", "a", "base.pikes", 3, (64, 40), 90),
        unit("E", "b", "base.knights_mtd", 2, (50, 25), 90),
    )
    s = s.with_unit(replace(s.unit("A"), lost=1, condition=Condition.DISORDERED))
    m = reaction_mods(World(s), s.unit("A"))
    assert m.supported and m.casualties and m.disordered and m.levy and m.rear_flank
    assert not m.impetuous and not m.leader


def test_WC_REACT_13_WC_REACT_14_signs_and_leader_size() -> None:
    """[WC.REACT.13] 'prefer charge' picks Charge/Fire when reachable; [WC.REACT.14] a ±2 leader
    (reaction_leader_mod = 2) reaches further."""
    m = ReactMods(leader=True)
    assert choose(5, m, irregular=False) == (Reaction.NONE, 4)
    assert choose(5, m, irregular=False, prefer_charge=True) == (Reaction.CHARGE_FIRE, 6)
    assert Reaction.FALLBACK in reachable(2, m, irregular=False, leader_mod=2)
    assert Reaction.FALLBACK not in reachable(2, m, irregular=False, leader_mod=1)


def test_WC_REACT_13_ask_makes_a_decision_request() -> None:
    """[WC.REACT.13] [WC.PD.9] [WC.EVENT.3] 'standing reaction ask' asks the owner after the die
    (a decision request); with an answer on file the resolution goes on with it."""
    s = position(unit("A", "a", "base.pikes", 3, (30, 20), 90), unit("F", "a", "base.pikes", 3, (44, 20), 90))
    s = with_standing(s.with_unit(replace(s.unit("A"), chits=("threat",))), "a", "reaction", "ask")
    with pytest.raises(NeedDecision):
        resolve_reactions(s, ScriptedDice(ScriptedDice.of(6, 3).script, ask=True), [])
    dice = ScriptedDice(ScriptedDice.of(6, 3).script, answers={"t1-reaction-A": "Stand/Fire"})
    lines: list[str] = []
    resolve_reactions(s, dice, lines)
    assert "Stand/Fire" in lines[0]


def test_WC_REACT_15_missile_units_stand_and_shoot() -> None:
    """[WC.REACT.15] Stand/Fire: a missile unit shoots at the nearest target; its target falls
    back at once [WC.FALLBACK.7]."""
    s = position(unit("A", "a", "base.longbowmen", 3, (50, 20), 90), unit("E", "b", "base.pikes", 3, (50, 30), -90))
    s = s.with_unit(replace(s.unit("A"), chits=("combat",)))
    lines: list[str] = []
    after = resolve_reactions(s, ScriptedDice.of(6, 2, 6, 1, 1, 1, 1, 1, 5), lines)  # levy: 2 − 1 = 1
    assert "Stand/Fire" in lines[0] and "shoots at unit E" in lines[1] and "falls back" in lines[-1]
    assert after.unit("A").fired and after.unit("A").acted


def test_WC_REACT_15_WC_REACT_16_WC_REACT_20_fallback_is_not_a_rout() -> None:
    """[WC.REACT.15] [WC.REACT.16] Fallback: 3D6 away from the nearest enemy, facing kept (the
    default of [WC.PD.10]), not routed; [WC.REACT.20] through friends, testing them."""
    s = position(
        unit("A", "a", "base.pikes", 3, (50, 40), 90),
        unit("F", "a", "base.pikes", 3, (50, 36), 90),
        unit("E", "b", "base.pikes", 3, (50, 60), -90),
    )
    s = s.with_unit(replace(s.unit("A"), chits=("threat",), lost=1, condition=Condition.DISORDERED))
    lines: list[str] = []
    after = resolve_reactions(s, ScriptedDice.of(6, 1, 4, 4, 4, 5), lines)
    a = after.unit("A")
    assert "Fallback" in lines[0] and a.condition is Condition.DISORDERED and a.facing == 90
    assert abs(World(after).bound(a).cy - (World(s).bound(s.unit("A")).cy - 12)) < 0.01
    assert after.unit("F").condition is Condition.DISORDERED


def test_WC_REACT_17_advance_turns_at_most_45() -> None:
    """[WC.REACT.17] a non-missile Charge/Fire with no charge: turn toward the nearest enemy (at
    most 45°) and move full pace, stopping 2 cm short."""
    s = position(unit("A", "a", "base.pikes", 3, (50, 20), 90), unit("E", "b", "base.pikes", 3, (80, 25), -90))
    s = s.with_unit(replace(s.unit("A"), chits=("threat",)))
    lines: list[str] = []
    after = resolve_reactions(s, ScriptedDice.of(6, 6), lines)
    assert "Charge/Fire" in lines[0] and "advances" in lines[1]
    assert round(after.unit("A").facing) == 45


def test_WC_REACT_19_WC_REACT_21_stale_chits_and_routed_units() -> None:
    """[WC.REACT.19] a chit forces the test though no enemy is near; [WC.REACT.21] a routed unit
    drops its chits without testing, and a unit in contact stands on Stand/Fire."""
    s = position(unit("A", "a", "base.pikes", 3, (50, 20), 90), unit("R", "a", "base.pikes", 3, (100, 20), 90))
    s = s.with_unit(replace(s.unit("A"), chits=("threat",)))
    s = s.with_unit(replace(s.unit("R"), chits=("combat",), condition=Condition.ROUTED))
    lines: list[str] = []
    after = resolve_reactions(s, ScriptedDice.of(6, 4), lines)
    assert len(lines) == 1 and lines[0].startswith("Unit A") and after.unit("R").chits == ()
    t = position(unit("A", "a", "base.longbowmen", 3, (50, 20), 90), unit("E", "b", "base.pikes", 3, (50, 20), -90))
    t = t.with_unit(replace(t.unit("A"), chits=("combat",)))
    lines = []
    resolve_reactions(t, ScriptedDice.of(6, 2), lines)
    assert "in contact" in lines[1]


# --- [WC.DISMOUNT] ----------------------------------------------------------------------------


def test_WC_DISMOUNT_1_no_enemy_within_30_cm() -> None:
    """[WC.DISMOUNT.1] the dismount threshold: no enemy within 30 cm."""
    assert DISMOUNT_ENEMY_CM == 30.0
    near = position(unit("K", "a", "base.knights_mtd", 2, (50, 20), 90), unit("E", "b", "base.pikes", 3, (50, 49), -90))
    assert dismount_problem(World(near), near.unit("K"))[0] == "WC.DISMOUNT.1"
    far = position(unit("K", "a", "base.knights_mtd", 2, (50, 20), 90), unit("E", "b", "base.pikes", 3, (50, 51), -90))
    assert dismount_problem(World(far), far.unit("K")) is None


@pytest.mark.parametrize(
    ("result", "condition", "ok"),
    [
        (Result.CARRY_ON, Condition.GOOD, True),
        (Result.HESITANT, Condition.GOOD, False),
        (Result.RALLY_AND_STAND, Condition.DISORDERED, True),
        (Result.CAUTIOUS_ADVANCE, Condition.DISORDERED, True),
        (Result.BROKEN, Condition.DISORDERED, False),
    ],
)
def test_WC_DISMOUNT_2_results(result: Result, condition: Condition, ok: bool) -> None:
    """[WC.DISMOUNT.2] Carry On in good order, a rally result when disordered."""
    assert result_dismounts(result, condition) is ok


def test_WC_DISMOUNT_3_WC_DISMOUNT_4_WC_DISMOUNT_5_the_dismounted_unit() -> None:
    """[WC.DISMOUNT.4] each stand becomes the list's dismounted profile (a5 mounted -> a4 on foot),
    front edges kept; [WC.DISMOUNT.3] no longer impetuous; [WC.DISMOUNT.5] no remounting."""
    s = position(unit("K", "a", "scots.knights_mtd_a5", 2, (50, 20), 90))
    w0 = World(s)
    after = dismount(s, "K")
    k = after.unit("K")
    w1 = World(after)
    assert {st.profile for st in k.stands} == {"scots.knights_dmtd_a4"}
    assert abs(w1.bound(k).front_mid()[1] - w0.bound(s.unit("K")).front_mid()[1]) < 0.01
    assert not reaction_mods(w1, k).impetuous
    assert dismount_problem(w1, k)[0] == "WC.DISMOUNT.5"


def test_WC_DISMOUNT_1_order_in_play_and_WC_DISMOUNT_6_bannockburn() -> None:
    """[WC.DISMOUNT.1] 'dismount K' takes a command roll and dismounts on Carry On;
    [WC.DISMOUNT.6] English knights may not dismount at Bannockburn."""
    s = position(unit("K", "a", "base.knights_mtd", 2, (50, 20), 90), unit("E", "b", "base.pikes", 3, (50, 80), -90))
    s = RULESET.apply_orders(s, RULESET.parse_orders(s, "a", "dismount K"))
    res = RULESET.resolve(s, ScriptedDice.of(6, 1, 1))
    assert res.state.unit("K").dismounted and any("dismounts" in x for x in res.narrative)
    b = RULESET.setup("bannockburn", {})
    knights = next(u for u in b.units if u.side == "english" and "knight" in u.name.lower())
    assert dismount_problem(World(b), knights)[0] == "WC.DISMOUNT.6"


# --- orders, LEGAL, bot, picture ----------------------------------------------------------------


def _field():  # type: ignore[no-untyped-def]
    return position(
        unit("E", "a", "base.longbowmen", 3, (50, 20), 90),
        unit("N", "b", "base.pikes", 3, (50, 35), -90),
        unit("F", "b", "base.pikes", 3, (62, 45), -90),
        unit("B", "b", "base.pikes", 3, (50, 5), 90),
    )


@pytest.mark.parametrize(
    ("line", "rule", "words"),
    [
        ("shoot E at F", "WC.TARGET.2", "unit N is nearer"),
        ("shoot E at B", "WC.SHOOT.6", "arc"),
        ("shoot N", "WC.SHOOT.1", ""),
        ("shoot E\nunit E forward 5", "WC.SHOOT.1", "may not move"),
        ("holdfire E\nshoot E", "WC.SHOOT.1", "already has a shooting order"),
    ],
)
def test_WC_SHOOT_9_orders_refused_with_the_reason(line: str, rule: str, words: str) -> None:
    """[WC.SHOOT.9] [WC.TARGET.2] [WC.SHOOT.6] [WC.SHOOT.1] [WC.EVENT.5] shooting orders are
    refused at submission with the rule and the exact reason."""
    s = _field()
    with pytest.raises(OrdersRejected) as e:
        RULESET.parse_orders(s, "a", line)
    errs = e.value.errors
    assert any(x.code == rule and words in x.message for x in errs), errs


def test_WC_SHOOT_18_out_of_range_order_refused() -> None:
    """[WC.SHOOT.18] a target beyond maximum range is refused naming the distance."""
    s = position(unit("E", "a", "base.longbowmen", 3, (50, 20), 90), unit("F", "b", "base.pikes", 3, (50, 55), -90))
    with pytest.raises(OrdersRejected) as e:
        RULESET.parse_orders(s, "a", "shoot E at F")
    assert e.value.errors[0].code == "WC.SHOOT.18" and "35.0 cm, maximum 30 cm" in e.value.errors[0].message


def test_WC_TARGET_2_legal_lists_targets_and_play_draws_shots() -> None:
    """[WC.TARGET.2] LEGAL offers the nearest target; the bot shoots; the picture shows the shot
    line and the narrative names the units [WC.SHOOT.2]."""
    s = _field()
    opts = RULESET.legal_options(s, "a")
    lines = [o.order for u in opts.units for o in u.options]
    assert "shoot E at N" in lines and "holdfire E" in lines and "shoot E at F" not in lines
    bot = RULESET.bot_orders(s, "a", 0)
    assert "shoot E" in bot.splitlines()
    s2 = RULESET.apply_orders(s, RULESET.parse_orders(s, "a", bot))
    res = RULESET.resolve(s2, ScriptedDice.of(6, *[1] * 6, *[3] * 20))
    assert any("Unit E (Longbowmen) shoots at unit N (Pikes)" in x for x in res.narrative)
    pic = RULESET.picture(res.state, "a")
    assert any(p.kind.value == "shot" for p in pic.paths)
    assert "Shot this phase" in RULESET_svg(pic)


def RULESET_svg(pic):  # type: ignore[no-untyped-def]
    from campaign.render.table_svg import render_table_svg

    return render_table_svg(pic)


def test_WC_PD_13_standing_orders_parse() -> None:
    """[WC.PD.13] [WC.PD.17] standing orders are written in the orders and take effect."""
    s = _field()
    acc = RULESET.parse_orders(s, "a", "standing ignore-skirmishers yes\nstanding charge-fire hold E")
    s = RULESET.apply_orders(s, acc)
    res = RULESET.resolve(s, ScriptedDice.of(6))
    assert ("a", "charge-fire:E", "hold") in res.state.standing
    assert ("a", "ignore-skirmishers", "yes") in res.state.standing


def test_WC_SHOOT_32_fantasy_artillery_that_cannot_stand_and_shoot() -> None:
    """[WC.SHOOT.32] (F) artillery whose list says 'no stand and shoot' does not fire at chargers;
    in a Historical game, or without the note, it does."""
    from games.war_cometh.lists import all_profiles
    from games.war_cometh.volley import stands_and_shoots

    s = position(unit("G", "a", "base.bombard", 1, (50, 20), 90))
    p = replace(all_profiles()["base.bombard"], id="house.cannon", notes="no stand & shoot")
    s = replace(s, house_profiles=(p,))
    s = s.with_unit(replace(s.unit("G"), stands=tuple(replace(x, profile=p.id) for x in s.unit("G").stands)))
    assert stands_and_shoots(s, s.unit("G"))
    assert not stands_and_shoots(replace(s, variant="fantasy"), s.unit("G"))


def test_WC_REACT_1_game_and_scenario_options() -> None:
    """[WC.REACT.1] reaction tests are switched off by a scenario [options] table or a game option."""
    from games.war_cometh.reaction import reaction_tests_on
    from games.war_cometh.scenario import parse_scenario

    from .helpers import HEAD

    off = parse_scenario(HEAD + "[options]\nopt_reaction_tests = false\n", "t.toml")
    assert not reaction_tests_on(off) and off.option("opt_reaction_tests") == "false"
    game = RULESET.setup("open-field", {"opt_reaction_tests": False})
    assert not reaction_tests_on(game) and reaction_tests_on(RULESET.setup("open-field", {}))


def test_fire_state_survives_dump_and_load() -> None:
    """The new per-unit fire and morale fields, standing orders, options and shot lines round-trip
    through canonical JSON [WC.EVENT.6]."""
    import json

    s = _field()
    s = s.with_unit(replace(s.unit("N"), chits=("combat", "threat"), hits=2, hold_fire=True, dismounted=True))
    s = replace(with_standing(s, "a", "reaction", "charge", "E"), options=(("opt_reaction_tests", "false"),))
    s2 = RULESET.apply_orders(s, RULESET.parse_orders(s, "a", "shoot E"))
    s2 = RULESET.resolve(s2, ScriptedDice.of(6, *[1] * 6)).state
    for st in (s, s2):
        assert RULESET.load(json.loads(json.dumps(RULESET.dump(st)))) == st


def test_WC_SEQ_4_no_shooting_orders_in_deployment() -> None:
    """[WC.SEQ.4] [WC.DEPLOY.13] shooting and standing orders are refused while deploying."""
    s = RULESET.setup("bannockburn", {})
    with pytest.raises(OrdersRejected) as e:
        RULESET.parse_orders(s, s.active, "shoot EN_LB1\nstanding reaction charge")
    assert [x.code for x in e.value.errors] == ["WC.DEPLOY.13", "WC.DEPLOY.13"]


def test_bot_holds_its_fire_at_long_range_and_closes() -> None:
    """[WC.SHOOT.1] [WC.SHOOT.16] the bot's longbows shoot at effective range; at long range they
    move closer instead of standing to shoot with −1."""
    near = position(unit("E", "a", "base.longbowmen", 3, (50, 20), 90), unit("N", "b", "base.pikes", 3, (50, 35), -90))
    assert "shoot E" in RULESET.bot_orders(near, "a", 0).splitlines()
    far = position(unit("E", "a", "base.longbowmen", 3, (50, 20), 90), unit("N", "b", "base.pikes", 3, (50, 45), -90))
    lines = RULESET.bot_orders(far, "a", 0).splitlines()
    assert "shoot E" not in lines and any(x.startswith("unit E") for x in lines)


def test_WC_REACT_4_only_voluntary_moves_threaten() -> None:
    """[WC.REACT.4] a unit that only made a compulsory move (a fallback) gives no threat chit."""
    before, after = _threat("scots.lowland_pikes_stdy", 15, compulsory=True)
    assert threat_chits(before, after, "a", []).unit("E").chits == ()


def test_WC_PD_15_mixed_unit_saves_with_its_best_armor() -> None:
    """[WC.PD.15] a unit of armor-0 and armor-4 stands saves each hit on 4+ (its best armor)."""
    from games.war_cometh.fire import plan_shot
    from games.war_cometh.volley import shoot

    s = position(unit("E", "a", "base.longbowmen", 3, (50, 20), 90), unit("M", "b", "base.peasants", 2, (50, 30), -90))
    m = s.unit("M")
    s = s.with_unit(replace(m, stands=(m.stands[0], replace(m.stands[1], profile="base.men_at_arms"))))
    plan = plan_shot(World(s), s.unit("E"), s.unit("M"))
    _, v = shoot(s, plan, ScriptedDice.of(6, 6, 1, 1, 1, 1, 1, 4), [])
    assert v.hits == 1 and v.unsaved == 0
