"""Charges and the Melee Combat Phase on the table: charge orders and refusals, alignment, the
worked example [WC.TEST.13] played through the turn, combats, pursuit, advance, reform
[WC.CHARGE] [WC.MELEE] [WC.PURSUIT] [WC.ADVANCE] [WC.REFORM] [WC.HEDGEHOG]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import OrdersRejected
from campaign.table import Edge
from games.war_cometh.aftermath import advance, end_of_melee, fall_back, melee_phase, pursue
from games.war_cometh.charge_orders import place_charge, try_charge
from games.war_cometh.charges import Charge, charge_problem
from games.war_cometh.combat import Bout, build_combats, fighting, touches
from games.war_cometh.engine import WarCometh
from games.war_cometh.model import Condition, Formation, State
from games.war_cometh.reform import face_threat
from games.war_cometh.world import World

from .helpers import position, unit

KN = "english.feudal_knights_mtd"
PK = "scots.lowland_pikes_stdy"
DK = "english.feudal_knights_dmtd"
R = WarCometh()


def knights_and_pikes(gap: float = 20.0) -> State:
    return position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 40 + gap), -90, files=2))


def _resolve(state: State, text: str, dice: ScriptedDice) -> tuple[State, list[str]]:
    acc = R.parse_orders(state, "a", text)
    res = R.resolve(R.apply_orders(state, acc), dice)
    return res.state, list(res.narrative)


def test_WC_TEST_13_played_through_the_turn() -> None:
    """[WC.TEST.13] [WC.MELEE.17] [WC.PIKE.2] [WC.SUPPORT.4] [WC.MELEE.21] [WC.REFORM.1]: the
    knights charge the pikes; 2 against 7; the knights lose a stand and fall back 5 cm,
    disordered; the pikes do not pursue cavalry; pools are dropped at the end of the phase."""
    dice = ScriptedDice.of(
        6,
        1,
        1,
        *[6, 5, 3, 6, 1, 2, 4, 6],
        *[4, 1, 5, 6, 2, 3, 4, 4, 6, 1, 2, 5, 3, 3, 6, 2],
        *[6, 2, 3],
        *[5, 1, 2, 6, 3, 4, 5, 2],
    )
    after, lines = _resolve(knights_and_pikes(), "unit K charge unit P", dice)
    dice.assert_used_up()
    k, p = after.unit("K"), after.unit("P")
    assert (len(k.stands), k.lost, k.condition) == (1, 1, Condition.DISORDERED)
    assert (len(p.stands), p.hits, k.hits) == (6, 0, 0)
    assert "Totals: A 2 (2 hits), B 7 (5 hits)." in lines
    assert "Unit K falls back 5.00 cm." in lines
    assert any(x.startswith("Unit K (Feudal Knights) is disordered (fell back 3 cm") for x in lines)
    assert not any("Pursuit Test" in x for x in lines)
    assert "combat" in p.chits and "combat" not in k.chits  # [WC.REACT.3] the non-phasing side's chit


def test_WC_CHARGE_2_only_carry_on_or_rally_with_elan_charges() -> None:
    """[WC.CHARGE.2]: a Hesitant result does not charge."""
    dice = ScriptedDice.of(6, 2, 2)  # rating 3 with 2+2 = 4: hesitant or worse
    after, lines = _resolve(knights_and_pikes(), "unit K charge unit P", dice)
    assert after.unit("K").stands == knights_and_pikes().unit("K").stands
    assert any("may not charge on this result" in x for x in lines)


def test_WC_CHARGE_7_WC_CHARGE_16_alignment_flush() -> None:
    """[WC.CHARGE.7] [WC.CHARGE.16] [WC.CHARGE.14] [WC.CHARGE.13]: the knights end flush against
    the front of the pikes, both stands, reach 20 cm."""
    s = knights_and_pikes()
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert isinstance(c, Charge)
    assert (c.edge, c.flush, round(c.reach, 2)) == (Edge.FRONT, 2, 20.0)
    assert {round(r.cy, 2) for r in c.rects} == {58.5}


def test_WC_CHARGE_14_out_of_reach_is_refused_at_submission() -> None:
    """[WC.CHARGE.14] [WC.CHARGE.12]: 31 cm is beyond the knights' 30 cm."""
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(knights_and_pikes(31), "a", "unit K charge unit P")
    assert e.value.errors[0].code == "WC.CHARGE.14"


def test_WC_CHARGE_3_WC_CHARGE_4_target_outside_the_arc() -> None:
    """[WC.CHARGE.3] [WC.CHARGE.4]."""
    s = position(unit("K", "a", KN, 2, (90, 40), 0), unit("P", "b", PK, 6, (90, 60), -90, files=2))
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert not isinstance(c, Charge) and c[0] == "WC.CHARGE.3"


def test_WC_CHARGE_1_irregular_formation_may_not_charge() -> None:
    """[WC.CHARGE.1] [WC.CHARGE.12]."""
    s = knights_and_pikes()
    s = s.with_unit(replace(s.unit("K"), formation=Formation.HEDGEHOG))
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert not isinstance(c, Charge) and c[0] == "WC.CHARGE.1"


def test_WC_CHARGE_5_infantry_against_cavalry_needs_10_cm() -> None:
    """[WC.CHARGE.5] [WC.CHARGE.19] [WC.TEST.32]: infantry may charge cavalry only from within 10 cm."""
    far = position(unit("D", "a", DK, 3, (90, 40), 90), unit("H", "b", KN, 2, (90, 55), -90))
    c = charge_problem(World(far), far.unit("D"), far.unit("H"))
    assert not isinstance(c, Charge) and c[0] == "WC.CHARGE.5"
    near = position(unit("D", "a", DK, 3, (90, 40), 90), unit("H", "b", KN, 2, (90, 48), -90))
    assert isinstance(charge_problem(World(near), near.unit("D"), near.unit("H")), Charge)


def test_WC_CHARGE_15_corridor_blocked_by_another_enemy() -> None:
    """[WC.CHARGE.15]: another enemy unit in the approach blocks the charge."""
    s = position(
        unit("K", "a", KN, 2, (90, 40), 90),
        unit("P", "b", PK, 6, (90, 60), -90, files=2),
        unit("Q", "b", PK, 2, (90, 50), 0, files=1),
    )
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert not isinstance(c, Charge) and c[0] in ("WC.CHARGE.15", "WC.CHARGE.3")


def test_WC_CHARGE_11_WC_CHARGE_17_flank_charge_disorders_and_blocked_flank() -> None:
    """[WC.CHARGE.11] [WC.CHARGE.17] [WC.CHARGE.7] [WC.MELEE.5] [WC.FLANK.3]: a charge whose centre starts in
    the target's flank zone strikes the flank and disorders the target; with a friend within 4 cm of that flank
    the flank is blocked and the charge is refused, not fought [WC.FLANK.6]."""
    s = position(unit("K", "a", KN, 2, (60, 61), 0), unit("P", "b", PK, 4, (90, 60), -90, files=2))
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert isinstance(c, Charge) and c.edge.is_flank_or_rear
    after = place_charge(s, c)
    assert after.unit("P").condition is Condition.DISORDERED and after.unit("P").flank_charged
    blocked = position(
        unit("K", "a", KN, 2, (60, 61), 0),
        unit("P", "b", PK, 4, (90, 60), -90, files=2),
        unit("F", "b", PK, 2, (82, 62), -90, files=2),
    )
    c2 = charge_problem(World(blocked), blocked.unit("K"), blocked.unit("P"))
    assert not isinstance(c2, Charge) and c2[0] in ("WC.CHARGE.11", "WC.CHARGE.15")


def test_WC_CHARGE_18_WC_MELEE_28_combats_are_components() -> None:
    """[WC.CHARGE.18] [WC.MELEE.28] [WC.PD.23]: units in contact form one combat each."""
    s = knights_and_pikes()
    s2, why = try_charge(s, {"unit": "K", "charge": "P"})
    assert why is None
    assert build_combats(s2) == [("K", "P")]
    assert build_combats(s) == []


def test_WC_MELEE_1_WC_MELEE_2_only_touching_stands_fight() -> None:
    """[WC.MELEE.1] [WC.MELEE.2] [WC.HEDGEHOG.1] [WC.HEDGEHOG.2] [WC.HEDGEHOG.3] [WC.SUPPORT.14]:
    two knight stands touch the pike front rank (corners count); the rear ranks do not touch."""
    s2, _ = try_charge(knights_and_pikes(), {"unit": "K", "charge": "P"})
    w = World(s2)
    ts = fighting(w, touches(w, ["K", "P"]))
    assert {(t.unit, t.stand) for t in ts} == {("K", 0), ("K", 1), ("P", 0), ("P", 1)}
    assert all(t.edge is Edge.FRONT for t in ts)  # second book check: corners front to front


def test_WC_MELEE_20_draw_attacker_falls_back_3d6() -> None:
    """[WC.MELEE.20] [WC.CHARGE.20]: equal totals; the charger falls back 3D6 cm and is disordered."""
    s2, _ = try_charge(knights_and_pikes(), {"unit": "K", "charge": "P"})
    # knights: 3 hits; pikes 1 hit and 2 support; no saves succeed: 3 against 3
    k = [6, 6, 6, 1, 1, 1, 1, 1]
    p = [6] + [1] * 15
    dice = ScriptedDice.of(6, *k, *p, 1, 1, 1, 1, 2, 3, 4)
    lines: list[str] = []
    after = melee_phase(s2, dice, lines)
    dice.assert_used_up()
    assert "The round is a draw." in lines
    assert after.unit("K").condition is Condition.DISORDERED
    assert any("Unit K falls back 9.00 cm" in x for x in lines)


def test_WC_PURSUIT_10_WC_PURSUIT_12_winner_pursues_and_fights_again() -> None:
    """[WC.PURSUIT.7] [WC.PURSUIT.8] [WC.PURSUIT.10] [WC.PURSUIT.11] [WC.PURSUIT.12] [WC.MELEE.6]:
    a pursuer follows the loser's fallback and contacts it again."""
    s2, _ = try_charge(knights_and_pikes(), {"unit": "K", "charge": "P"})
    s3, vec = fall_back(s2, "P", 4, ("K",), False, [])
    lines: list[str] = []
    s4, hit = pursue(s3, "K", "P", vec, lines)
    assert hit, lines
    assert World(s4).in_contact_with_enemy(s4.unit("K"))


def test_WC_ADVANCE_5_advance_moves_3d6_straight_ahead() -> None:
    """[WC.ADVANCE.1] [WC.ADVANCE.2] [WC.ADVANCE.3] [WC.ADVANCE.5] [WC.ADVANCE.7]: no enemy in reach:
    the unit moves 3D6 ahead; with one in reach it strikes it."""
    s = position(unit("K", "a", KN, 2, (90, 20), 90), unit("P", "b", PK, 6, (90, 100), -90, files=2))
    lines: list[str] = []
    after, hit = advance(s, "K", ScriptedDice.of(6, 2, 2, 2), lines)
    assert not hit and after.unit("K").stands[0].pose.y == s.unit("K").stands[0].pose.y + 600
    near = knights_and_pikes(15)
    after, hit = advance(near, "K", ScriptedDice.of(6, 6, 6, 6), [])
    assert hit and World(after).in_contact_with_enemy(after.unit("K"))


def test_WC_REFORM_6_face_threat_and_WC_REFORM_4_cavalry_disordered() -> None:
    """[WC.REFORM.2] [WC.REFORM.3] [WC.REFORM.4] [WC.REFORM.5] [WC.REFORM.6] [WC.PD.30]: a unit
    that fought turns to face an enemy on its flank; cavalry that fought is disordered after."""
    s = position(unit("D", "a", DK, 3, (90, 40), 90), unit("E", "b", DK, 3, (60, 40), 0))
    after, line = face_threat(s, s.unit("D"))
    assert line and abs(after.unit("D").facing) > 170
    k = knights_and_pikes()
    k = replace(k, standing=(("a", "reform", "face_threat"),))
    k = k.with_unit(replace(k.unit("K"), fought_melee=True, hits=2))
    end = end_of_melee(k, [])
    assert end.unit("K").condition is Condition.DISORDERED and end.unit("K").hits == 0


def test_WC_PD_27_standing_order_pursue_is_read() -> None:
    """[WC.PD.27] [WC.EVENT.3]: ``standing pursue ask`` is accepted and stored."""
    s = knights_and_pikes(40)
    after, _ = _resolve(s, "standing pursue ask\nunit K forward 1", ScriptedDice.of(6, 1, 1))
    assert ("a", "pursue", "ask") in after.standing


def _in_contact() -> State:
    s2, _ = try_charge(knights_and_pikes(), {"unit": "K", "charge": "P"})
    return s2


def test_WC_MELEE_16_attached_leader_adds_dice() -> None:
    """[WC.MELEE.16] [WC.LEADER.4]: an attached Competent leader adds 1 die to his unit's melee."""
    s = _in_contact()
    s = s.with_leader(replace(s.leader("ma"), attached_to="K"))
    dice = ScriptedDice.of(6, *([1] * 40))
    melee_phase(s, dice, [])
    assert sum("Marshal A with unit K" in p for _, p in dice.log) == 1


def test_WC_MELEE_22_fallback_directions() -> None:
    """[WC.MELEE.22] [WC.PD.25]: a defender falls back directly away from the enemy, a charger
    straight back."""
    s = _in_contact()
    _, vec = fall_back(s, "P", 4, ("K",), False, [])
    assert round(vec[0], 6) == 0 and vec[1] > 3.9
    _, vec = fall_back(s, "K", 4, ("P",), True, [])
    assert round(vec[0], 6) == 0 and vec[1] < -3.9


def test_WC_MELEE_25_WC_MELEE_29_carried_hits_do_not_count_and_flags() -> None:
    """[WC.MELEE.25] [WC.MELEE.29] [WC.MELEE.27]: hits already in a pool remove stands but do not
    count toward the total; the units that fought and lost are flagged; with no charge the phasing
    side attacks (its dice come first)."""
    s = _in_contact()
    s = s.with_unit(replace(s.unit("K"), charged=""))
    s = s.with_unit(replace(s.unit("P"), hits=2))
    dice = ScriptedDice.of(6, *([1] * 8), *([6] * 16), *([1] * 16), 1)
    lines: list[str] = []
    after = melee_phase(s, dice, lines)
    assert dice.log[0][1].startswith("melee_hit: unit K")
    assert "Totals: A 0 (0 hits), B 18 (16 hits)." in lines
    assert after.unit("K").lost_melee and after.unit("K").fought_melee and after.unit("P").fought_melee
    assert not after.unit("P").lost_melee


def test_WC_CHARGE_6_formation_change_before_the_charge() -> None:
    """[WC.CHARGE.6] [WC.CHARGE.14]: ``form column`` first costs 10 cm and keeps the facing."""
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 58), -90, files=2))
    acc = R.parse_orders(s, "a", "unit K charge unit P form column")
    assert acc.canonical == "unit K charge unit P form column"
    after, why = try_charge(s, {"unit": "K", "charge": "P", "form": ["column", 1]})
    assert why is None and after.unit("K").formation is Formation.COLUMN
    assert {r.facing for r in World(after).rects(after.unit("K"))} == {90.0}
    far = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 62), -90, files=2))
    assert try_charge(far, {"unit": "K", "charge": "P"})[1] is None  # 22 cm: in reach without it
    _, why = try_charge(far, {"unit": "K", "charge": "P", "form": ["column", 1]})
    assert why is not None and why[0] == "WC.CHARGE.14"


def test_WC_CHARGE_8_WC_CHARGE_9_compulsory_charge_through_friends() -> None:
    """[WC.CHARGE.8] [WC.CHARGE.9] [WC.CHARGE.15]: a voluntary charge may not pass through a friend;
    a compulsory one does, and the friend is disordered and may not move."""
    from games.war_cometh.charge_orders import compulsory_charge

    s = position(
        unit("K", "a", KN, 2, (90, 30), 90),
        unit("F", "a", DK, 2, (90, 40), 90),
        unit("P", "b", PK, 6, (90, 55), -90, files=2),
    )
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert not isinstance(c, Charge) and c[0] == "WC.CHARGE.15"
    after, c2 = compulsory_charge(s, "K", "P")
    assert isinstance(c2, Charge) and c2.through == ("F",)
    f = after.unit("F")
    assert f.condition is Condition.DISORDERED and f.frozen


def test_WC_CHARGE_10_only_flyers_charge_flyers() -> None:
    """[WC.CHARGE.10] [WC.FANTASY.10]."""
    from games.war_cometh.lists import all_profiles
    from games.war_cometh.troops import Category

    s = knights_and_pikes()
    fly = replace(all_profiles()[PK], id="test.flyers", category=Category.FLYERS)
    p = s.unit("P")
    s = replace(s, house_profiles=(fly,))
    s = s.with_unit(replace(p, stands=tuple(replace(st, profile="test.flyers") for st in p.stands)))
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert not isinstance(c, Charge) and c[0] == "WC.CHARGE.10"


def test_WC_SUPPORT_13_a_supporting_unit_is_not_in_the_melee() -> None:
    """[WC.SUPPORT.13] [WC.SUPPORT.6] [WC.SUPPORT.12]: a friendly unit directly behind supports
    (+1 a stand) but does not count as having fought."""
    from games.war_cometh.combat import fight_round

    s = position(
        unit("D", "a", DK, 2, (90, 40), 90),
        unit("S", "a", DK, 2, (90, 38.5), 90),
        unit("E", "b", DK, 2, (90, 40), -90),
    )
    dice = ScriptedDice.of(6, *([1] * 40))
    after, rep = fight_round(s, ("D", "E"), Bout("a"), dice, [])
    assert rep.fought["a"] == ("D",) and rep.totals["a"] == 2 and rep.totals["b"] == 0
    assert not after.unit("S").fought_melee


def test_WC_ADVANCE_6_no_advance_while_touching_another_enemy() -> None:
    """[WC.ADVANCE.6] [WC.PURSUIT.13]: the winner destroyed one enemy but still touches another: it
    takes no Pursuit Test and does not move."""
    from games.war_cometh.aftermath import _winners_move
    from games.war_cometh.combat import RoundReport

    s = position(
        unit("K", "a", KN, 2, (90, 40), 90),
        unit("P", "b", PK, 2, (90, 40), -90, files=2),
        unit("Q", "b", PK, 2, (86, 38.5), 0, files=1),
    )
    s = s.with_unit(replace(s.unit("P"), on_table=False))
    rep = RoundReport({"a": 5, "b": 0}, {"a": ("K",), "b": ("P",)}, {"K": ("P",)}, ("P",))
    dice = ScriptedDice.of(6)
    after, moved = _winners_move(s, rep, "a", {}, Bout("a"), dice, [])
    assert moved == [] and after.unit("K").stands == s.unit("K").stands and not dice.log


def test_WC_ADVANCE_4_irregular_formation_advances_along_the_enemy_charge() -> None:
    """[WC.ADVANCE.4] [WC.PD.29]: an irregular unit that did not charge advances back along the way
    its enemy charged from."""
    s = position(unit("K", "a", DK, 2, (90, 40), 0), unit("P", "b", PK, 2, (90, 80), -90, files=2))
    s = s.with_unit(replace(s.unit("K"), formation=Formation.FREE))
    s = s.with_unit(replace(s.unit("P"), on_table=False))
    after, hit = advance(s, "K", ScriptedDice.of(6, 1, 1, 1), [], ("P",))
    k0, k1 = s.unit("K").stands[0].pose, after.unit("K").stands[0].pose
    assert not hit and (k1.x, k1.y - k0.y) == (k0.x, 300)


def test_WC_CASUALTY_4_the_file_steps_forward() -> None:
    """[WC.CASUALTY.4]: a removed front stand is replaced by the stand behind it."""
    from games.war_cometh.combat import close_files

    s = position(unit("P", "b", PK, 4, (90, 60), -90, files=2))
    p = s.unit("P")
    rects = World(s).rects(p)
    front = min(range(4), key=lambda i: (rects[i].cy, rects[i].cx))
    behind = next(i for i in range(4) if i != front and abs(rects[i].cx - rects[front].cx) < 0.01)
    kept = close_files(rects, p.stands, [front])
    assert len(kept) == 3
    assert p.stands[front].pose in [k.pose for k in kept]
    assert p.stands[behind].pose not in [k.pose for k in kept]


def test_WC_SUPERIOR_6_text_table_by_default() -> None:
    """[WC.SUPERIOR.6] [WC.SUPERIOR.3] (ruling, docs/rulings): skirmishers and artillery rate alike
    unless the scenario asks for the playsheet."""
    from games.war_cometh.weapons import WeaponTable, table_for

    s = knights_and_pikes()
    assert table_for(s) is WeaponTable.TEXT
    assert table_for(replace(s, options=(("ws_table", "playsheet"),))) is WeaponTable.PLAYSHEET


def test_WC_TEST_17_WC_PURSUIT_9_irregular_pursuer_fights_with_no_more_stands() -> None:
    """[WC.TEST.17] [WC.PURSUIT.9]: a pursuer limited to the stands it had in contact fights with
    only that many (here 1 of its 2 knight stands: 4 dice, not 8)."""
    from games.war_cometh.combat import fight_round

    s = _in_contact()
    dice = ScriptedDice.of(6, *([1] * 40))
    fight_round(s, ("K", "P"), Bout("a", limits={"K": 1}), dice, [])
    assert sum(p.startswith("melee_hit: unit K") for _, p in dice.log) == 4
    dice2 = ScriptedDice.of(6, *([1] * 40))
    bout = Bout("a")
    fight_round(s, ("K", "P"), bout, dice2, [])
    assert sum(p.startswith("melee_hit: unit K") for _, p in dice2.log) == 8
    assert bout.contacts_last == {"K": 2, "P": 2}  # stands touching; pike second ranks do not


def test_WC_PD_24_hits_go_to_the_unit_with_the_longest_contact() -> None:
    """[WC.PD.24] [WC.MELEE.17] step 5: a stand touching two enemy units sends its hits to the one
    it touches along the longer edge (a full edge beats a corner)."""
    from games.war_cometh.combat import Touch, _save_stand

    s = _in_contact()
    w = World(s)
    ts = [t for t in touches(w, ["K", "P"]) if t.unit == "K" and t.stand == 0]
    assert len(ts) == 2 and {round(t.length) for t in ts} == {0, 4}
    s2 = position(unit("P", "b", PK, 2, (20, 60), -90), unit("Z", "b", PK, 2, (60, 60), -90))
    corner = Touch("K", 0, "P", 0, Edge.FRONT, True, 0.02)
    full = Touch("K", 0, "Z", 1, Edge.FRONT, False, 4.0)
    assert _save_stand(World(s2), [corner, full]) == ("Z", 1)
    assert _save_stand(World(s2), [corner, replace(full, length=0.02)])[0] == "P"  # tie: lowest id


def test_WC_LEADER_10_leader_of_a_destroyed_unit_escapes_or_is_captured() -> None:
    """[WC.LEADER.10] [WC.PD.31]: the knights are destroyed; their attached leader, with no friend
    within 20 cm, is captured."""
    s = _in_contact()
    s = s.with_leader(replace(s.leader("ma"), attached_to="K"))
    s = s.with_unit(replace(s.unit("K"), hits=0))
    # knights 8 + leader 1 dice miss; pikes 16 dice all hit; no saves (knights armor 5)
    dice = ScriptedDice.of(6, *([1] * 9), *([6] * 16), *([1] * 16), 1, *([1] * 6))
    lines: list[str] = []
    after = melee_phase(s, dice, lines)
    assert not after.unit("K").on_table
    assert after.leader("ma").lost and any("is captured" in x for x in lines)


def test_WC_PURSUIT_8_pursuer_widens_its_frontage_by_one_stand() -> None:
    """[WC.PURSUIT.8] [WC.PD.28] [WC.PURSUIT.10] step 2: a column of two knight stands catching a
    two-file pike line forms a line of two, since that puts two stands flush instead of one."""
    s = position(unit("K", "a", KN, 2, (90, 40), 90, files=1), unit("P", "b", PK, 2, (90, 41), -90, files=2))
    lines: list[str] = []
    after, hit = pursue(s, "K", "P", (0.0, 0.0), lines)
    k = after.unit("K")
    assert hit and (k.formation, k.files) == (Formation.LINE, 2), lines
    assert any("changing its frontage" in x for x in lines)


def test_WC_CHARGE_3_target_out_of_sight() -> None:
    """[WC.CHARGE.3] [WC.CHARGE.12]: an impassable block between hides the target."""
    block = '[[areas]]\nid = "x"\nkind = "impassable"\npoints = [[80, 48], [100, 48], [100, 52], [80, 52]]\n'
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2), terrain=block)
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert not isinstance(c, Charge) and c[0] == "WC.CHARGE.3" and "seen" in c[1]


def test_WC_ZOC_6_charge_may_not_cross_another_enemy_zone_of_control() -> None:
    """[WC.CHARGE.15] [WC.ZOC.6] [WC.ZOC.5]: a second enemy unit facing across the approach holds it
    with its zone of control; a unit starting in that zone may charge only its owner."""
    s = position(
        unit("K", "a", KN, 2, (90, 40), 90),
        unit("P", "b", PK, 6, (90, 60), -90, files=2),
        unit("Q", "b", DK, 3, (100, 46), 180, files=1),
    )
    c = charge_problem(World(s), s.unit("K"), s.unit("P"))
    assert not isinstance(c, Charge) and c[0] == "WC.ZOC.6", c
    inside = position(
        unit("K", "a", KN, 2, (90, 40), 90),
        unit("P", "b", PK, 6, (90, 60), -90, files=2),
        unit("Q", "b", DK, 3, (80, 38), 0, files=1),
    )
    c2 = charge_problem(World(inside), inside.unit("K"), inside.unit("P"))
    assert not isinstance(c2, Charge) and c2[0] == "WC.ZOC.5", c2
