"""Firing, opportunity, disorder, impetuous stands, skirmishers, results, retreat and pursuit in play
[PC.FIRE.*] [PC.OPP.*] [PC.DISORDER.*] [PC.IMPET.*] [PC.MELEE.*] [PC.RESULT.*] [PC.RETREAT.*] [PC.PURSUIT.*]."""

from __future__ import annotations

from typing import Any

import pytest

from games.proconsul.activation import compulsion, go_on_opportunity, rally, run_actions
from games.proconsul.fire import can_target, defensive_fire_allowed, normal_fire
from games.proconsul.melee import Fresh, Movement, charge_contacts, fight, new_melee
from games.proconsul.model import Melee
from games.proconsul.movement import Illegal, Track, do_move
from games.proconsul.retreat import bounce, retreat
from games.proconsul.state import Terrain

from .helpers import P, ctx, make, spec_hex


def two(a: dict[str, Any], b: dict[str, Any]) -> Any:
    return make([{"side": "red", **a}, {"side": "blue", **b}])


# --- fire ------------------------------------------------------------------------------------------


def test_PC_FIRE_3_arcs() -> None:
    """[PC.FIRE.3] [PC.GEOM.7] [PC.GEOM.8]: front arc for most, any direction for LCh, the narrow band for artillery."""
    st = two({"id": "A", "troop": "cat:Sh", "at": (0, 0)}, {"id": "T", "troop": "cat:HI", "at": (0, 2), "facing": 3})
    assert "front arc" in can_target(st, st.stands["A"], st.stands["T"])
    st = two({"id": "A", "troop": "cat:LCh", "at": (0, 0)}, {"id": "T", "troop": "cat:HI", "at": (0, 2), "facing": 3})
    assert can_target(st, st.stands["A"], st.stands["T"]) == ""
    st = two({"id": "A", "troop": "cat:Art", "at": (0, 0)}, {"id": "T", "troop": "cat:HI", "at": (3, 0), "facing": 3})
    assert "narrow" in can_target(st, st.stands["A"], st.stands["T"])
    st = two({"id": "A", "troop": "cat:Art", "at": (0, 0)}, {"id": "T", "troop": "cat:HI", "at": (2, -1), "facing": 3})
    assert can_target(st, st.stands["A"], st.stands["T"]) == ""


def test_PC_FIRE_8_any_eligible_target_and_PC_FIRE_10_one_test_per_shooter() -> None:
    """[PC.FIRE.8] [PC.FIRE.10] [PC.MORALE.1]: two shooters at one target roll separately, each with its own test."""
    st = make(
        [
            {"id": "A", "side": "red", "troop": "gauls:javelins", "at": (0, 0)},
            {"id": "B", "side": "red", "troop": "gauls:javelins", "at": (0, 1)},
            {"id": "T", "side": "blue", "troop": "cat:HI", "at": (2, 0), "facing": 3},
        ]
    )
    c = ctx(st, 6, 1, 2, 6, 1, 2)
    normal_fire(c, "A", "T", 0, False)
    normal_fire(c, "B", "T", 0, False)
    assert [p.split(":")[0] for p in c.dice.purposes] == ["fire", "fire", "morale", "fire", "fire", "morale"]
    c.dice.assert_used_up()


def test_PC_FIRE_7_cover_and_disorder_cost_a_die() -> None:
    """[PC.FIRE.7] [PC.DISORDER.4] [PC.TERRAIN.7]: -1D6 for a target in woods, -1D6 for a disordered shooter."""
    from games.proconsul.context import Ctx
    from games.proconsul.fire import shooting_dice

    st = two(
        {"id": "A", "troop": "cat:Sh", "at": (0, 0), "disordered": True},
        {"id": "T", "troop": "cat:HI", "at": (1, 0), "facing": 3},
    )
    st.terrain[P(1, 0)] = Terrain.WOODS
    assert shooting_dice(Ctx(st, None), st.stands["A"], st.stands["T"], 0, False) == 2  # type: ignore[arg-type]


def test_PC_FIRE_13_who_fires_defensive_fire() -> None:
    """[PC.FIRE.13] [PC.FIRE.14]: LI with javelins and Art fire at a frontal charger; HI does not; Sh in the open not at MC."""
    st = two({"id": "D", "troop": "cat:LI", "at": (0, 0)}, {"id": "A", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    assert defensive_fire_allowed(st, st.stands["D"], st.stands["A"])
    st = two({"id": "D", "troop": "cat:HI", "at": (0, 0)}, {"id": "A", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    assert not defensive_fire_allowed(st, st.stands["D"], st.stands["A"])
    st = two({"id": "D", "troop": "cat:Sh", "at": (0, 0)}, {"id": "A", "troop": "cat:MC", "at": (1, 0), "facing": 3})
    assert not defensive_fire_allowed(st, st.stands["D"], st.stands["A"])
    st.terrain[P(0, 0)] = Terrain.WOODS
    assert defensive_fire_allowed(st, st.stands["D"], st.stands["A"])


def test_PC_FIRE_16_the_pursued_stand_gets_no_defensive_fire_or_pilum() -> None:
    """[PC.FIRE.16] [PC.PURSUIT.8]: caught while pursued: no defensive fire, no pilum."""
    st = two(
        {"id": "L", "troop": "romans:legion", "at": (0, 0)},
        {"id": "W", "troop": "gauls:warband", "at": (1, 0), "facing": 3},
    )
    c = ctx(st, *[1] * 9, *[1] * 6)
    m = new_melee(c, "W", "L", {"W": [P(2, 0)]})
    fight(c, m, Fresh({"W": [P(2, 0)]}, pursued="L", joined=set(m.stands)), Movement())
    assert not any(p.startswith("pilum") for p in c.dice.purposes)


# --- opportunity ---------------------------------------------------------------------------------


def test_PC_OPP_1_going_on_opportunity_and_PC_OPP_11_rally_first() -> None:
    """[PC.OPP.1] [PC.OPP.11] [PC.OPP.3]: an order test at the base target; a disordered stand must rally first."""
    st = make([{"id": "S", "side": "red", "troop": "cat:Sh", "at": (0, 0)}])
    go_on_opportunity(ctx(st, 4), "S")
    assert st.stands["S"].opportunity
    go_on_opportunity(ctx(st), "S")  # stays on opportunity without a test
    st = make([{"id": "S", "side": "red", "troop": "cat:Sh", "at": (0, 0), "disordered": True}])
    with pytest.raises(Illegal, match="PC.OPP.11"):
        go_on_opportunity(ctx(st, 6), "S")


def test_PC_OPP_4_fire_at_an_enemy_coming_on_and_PC_OPP_2_status_ends() -> None:
    """[PC.OPP.4] [PC.OPP.5] [PC.OPP.10] [PC.OPP.2] [PC.OPP.8]: a stand on opportunity fires at an enemy stepping closer
    within reach, then is off opportunity; the mover goes on with its move."""
    st = two(
        {"id": "O", "troop": "cat:Sh", "at": (0, 0), "opportunity": True},
        {"id": "X", "troop": "cat:MC", "at": (5, 0), "facing": 3},
    )
    c = ctx(st, 1, 1, 1, 1)
    do_move(c, "X", [["hex", P(4, 0).q, P(4, 0).r], ["hex", P(3, 0).q, P(3, 0).r]], Track(P(5, 0)))
    assert c.dice.purposes[0].startswith("fire: O at X")
    assert not st.stands["O"].opportunity and spec_hex(st.stands["X"].hex) == (3, 0)


# --- disorder and rally ----------------------------------------------------------------------


def test_PC_DISORDER_5_rally_pass_and_fail() -> None:
    """[PC.DISORDER.5] [PC.DISORDER.1]: a pass clears disorder; a fail clears it too but ends the action."""
    st = make([{"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0), "disordered": True}])
    assert rally(ctx(st, 4), "S") and not st.stands["S"].disordered
    st = make([{"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0), "disordered": True}])
    run_actions(
        ctx(st, 2), "S", [{"do": "rally"}, {"do": "move", "steps": [["hex", P(1, 0).q, P(1, 0).r]]}], Track(P(0, 0))
    )
    assert not st.stands["S"].disordered and st.stands["S"].hex == P(0, 0)


def test_PC_DISORDER_5_option_keeps_disorder_on_a_failed_rally() -> None:
    """[PC.DISORDER.5]: rally_fail_clears_disorder = false keeps the stand disordered."""
    st = make(
        [{"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 0), "disordered": True}],
        {"rally_fail_clears_disorder": False},
    )
    assert not rally(ctx(st, 2), "S") and st.stands["S"].disordered


def test_PC_DISORDER_7_a_disordered_stand_may_move_once_but_not_again() -> None:
    """[PC.DISORDER.7] [PC.DISORDER.3] [PC.MOVE.8]: one move is allowed; no extra move."""
    st = make([{"id": "S", "side": "red", "troop": "cat:MC", "at": (0, 0), "disordered": True}])
    with pytest.raises(Illegal, match="PC.MOVE.8"):
        run_actions(
            ctx(st), "S",
            [{"do": "move", "steps": [["hex", P(1, 0).q, P(1, 0).r]]}, {"do": "move", "steps": [["hex", P(2, 0).q, P(2, 0).r]]}],
            Track(P(0, 0)),
        )  # fmt: skip
    assert st.stands["S"].hex == P(1, 0)


# --- impetuous ---------------------------------------------------------------------------------


def test_PC_IMPET_2_compulsion_and_PC_IMPET_3_default() -> None:
    """[PC.IMPET.1] [PC.IMPET.2] [PC.IMPET.3] [PC.IMPET.5]: a poor WB with a foot enemy 4 hexes ahead is compelled; an order
    to fire or hold is replaced by the default: test for opportunity, and on a fail a full move towards the enemy."""
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0)}, {"id": "E", "troop": "cat:HI", "at": (4, 0), "facing": 3}
    )
    c = ctx(st, 2)
    forced = compulsion(c, "W", [{"do": "hold"}], Track(P(0, 0)))
    assert forced and forced[0]["do"] == "move" and len(forced[0]["steps"]) == 2
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0)}, {"id": "E", "troop": "cat:MC", "at": (4, 0), "facing": 3}
    )
    assert compulsion(ctx(st), "W", [{"do": "hold"}], Track(P(0, 0))) is None  # cavalry do not compel infantry


def test_PC_IMPET_4_steady_may_stay_still_and_PC_OPP_12_opportunity_exempts() -> None:
    """[PC.IMPET.4] [PC.OPP.12]: a steady stand may hold; a stand on opportunity is not compelled."""
    st = two(
        {"id": "W", "troop": "germans:retinue", "at": (0, 0)}, {"id": "E", "troop": "cat:HI", "at": (3, 0), "facing": 3}
    )
    assert compulsion(ctx(st), "W", [{"do": "hold"}], Track(P(0, 0))) is None
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0), "opportunity": True},
        {"id": "E", "troop": "cat:HI", "at": (3, 0), "facing": 3},
    )
    assert compulsion(ctx(st), "W", [{"do": "hold"}], Track(P(0, 0))) is None


# --- skirmishers and attacks from contact -------------------------------------------------------------


def test_PC_MELEE_17_skirmishers_in_the_open_fire_and_die() -> None:
    """[PC.MELEE.17] [PC.FIRE.13] (c): Sk in the open contacted frontally by formed troops fire, then are destroyed."""
    st = two(
        {"id": "K", "troop": "gauls:javelins", "at": (0, 0)},
        {"id": "L", "troop": "romans:legion", "at": (1, 0), "facing": 3},
    )
    c = ctx(st, 1, 1)
    charge_contacts(c, {"L": [P(2, 0)]}, Movement())
    assert c.dice.purposes[0].startswith("defensive fire: K at L") and not st.stands["K"].on_board


def test_PC_MELEE_17_skirmishers_in_woods_stand_and_fight() -> None:
    """[PC.MELEE.17] (c): Sk in cover stand, fire and fight normally."""
    st = two(
        {"id": "K", "troop": "gauls:javelins", "at": (0, 0)},
        {"id": "L", "troop": "romans:legion", "at": (1, 0), "facing": 3},
    )
    st.terrain[P(0, 0)] = Terrain.WOODS
    c = ctx(st, 1, 1, 1, *[1] * 6, *[1] * 2)
    charge_contacts(c, {"L": [P(2, 0)]}, Movement())
    assert st.stands["K"].on_board and any("pool" in p for p in c.dice.purposes)


def test_PC_MELEE_18_skirmisher_breaks_off() -> None:
    """[PC.MELEE.18]: a Sk starting its action with an enemy in front must move away."""
    from games.proconsul.activation import break_off

    st = two({"id": "K", "troop": "cat:Sk", "at": (0, 0)}, {"id": "E", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    forced = break_off(ctx(st), "K", [{"do": "hold"}])
    assert forced and forced[0]["do"] == "move"


def test_PC_MELEE_22_attack_from_contact_has_no_impact() -> None:
    """[PC.MELEE.22] [PC.MELEE.2]: a stand already in contact attacks without moving, with no impact."""
    from games.proconsul.activation import attack

    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0)}, {"id": "L", "troop": "cat:HI", "at": (1, 0), "facing": 3}
    )
    c = ctx(st, *[1] * 5, *[1] * 5)
    attack(c, "W", "L")
    assert "red pool, 5d6" in c.dice.purposes[0]


def test_PC_MELEE_21_a_retreat_never_charges() -> None:
    """[PC.MELEE.21] [PC.RETREAT.11]: a retreat that ends facing an enemy starts no melee."""
    st = two({"id": "R", "troop": "cat:HI", "at": (0, 0)}, {"id": "E", "troop": "cat:HI", "at": (-3, 0), "facing": 0})
    retreat(ctx(st), "R", P(1, 0), 2, True)
    assert not st.melees


# --- results, retreat, pursuit --------------------------------------------------------------------


def test_PC_RESULT_8_supporters_of_the_loser_retreat_disordered() -> None:
    """[PC.RESULT.8] [PC.RESULT.1] [PC.RETREAT.1]: the loser's supporting stands retreat disordered, losing no SP from the result."""
    st = make(
        [
            {"id": "D", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "S", "side": "red", "troop": "cat:HI", "at": (0, 1)},
            {"id": "A", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        ]
    )
    c = ctx(st, *[6] * 7, *[1] * 8, 6)
    charge_contacts(c, {"A": [P(2, 0)]}, Movement())
    s = st.stands["S"]
    assert s.disordered and s.ranks == (5,) and s.hex != P(0, 1)


def test_PC_RETREAT_10_artillery_that_loses_is_destroyed() -> None:
    """[PC.RETREAT.10] [PC.RESULT.8]: beaten artillery is destroyed instead of retreating."""
    st = two({"id": "G", "troop": "cat:Art", "at": (0, 0)}, {"id": "A", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    c = ctx(st, 1, 1, *[6] * 7, 1, 1, 6)
    charge_contacts(c, {"A": [P(2, 0)]}, Movement())
    assert not st.stands["G"].on_board


def test_PC_RETREAT_5_heavy_through_heavy_disorders_and_PC_RETREAT_4_zoc_costs() -> None:
    """[PC.RETREAT.5] [PC.RETREAT.3] [PC.RETREAT.12]: retreating HI passes through a friendly HI, which is disordered; the path is recorded."""
    st = make(
        [
            {"id": "R", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "F", "side": "red", "troop": "cat:HI", "at": (-1, 0)},
            {"id": "F2", "side": "red", "troop": "cat:HI", "at": (-1, 1)},
        ]
    )
    path = retreat(ctx(st), "R", P(1, 0), 2, True)
    assert st.stands["F"].disordered or st.stands["F2"].disordered
    assert len(path) >= 2 and st.stands["R"].hex == path[-1]


def test_PC_RETREAT_7_trapped_stand_is_destroyed() -> None:
    """[PC.RETREAT.7] [PC.RETREAT.6]: a beaten stand with enemies all round is destroyed."""
    stands = [{"id": "R", "side": "red", "troop": "cat:HI", "at": (0, 0)}]
    for i, (q, r) in enumerate([(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]):
        stands.append({"id": f"E{i}", "side": "blue", "troop": "cat:HI", "at": (q, r)})
    st = make(stands)
    retreat(ctx(st), "R", P(1, 0), 2, True)
    assert not st.stands["R"].on_board


def test_PC_RETREAT_9_off_the_board_edge() -> None:
    """[PC.RETREAT.9] [PC.VICTORY.2]: beaten next to the edge with the straightest step off the board: removed, its BP lost."""
    from dataclasses import replace

    st = make([{"id": "R", "side": "red", "troop": "cat:HI", "at": (0, 0), "facing": 0}])
    edge = st.spec.to_hex(1, 20)
    st.put(replace(st.stands["R"], hex=edge))
    retreat(ctx(st), "R", edge.neighbour(0), 2, True)
    assert not st.stands["R"].on_board and st.army["red"].lost == 2


def test_PC_RESULT_5_bounce_and_PC_RETREAT_13_15() -> None:
    """[PC.RESULT.5] [PC.RETREAT.13] [PC.RETREAT.15]: a bounce goes up to MP away keeping facing, disordered; never off the board."""
    st = make([{"id": "B", "side": "red", "troop": "cat:MC", "at": (0, 0), "facing": 0}])
    bounce(ctx(st), "B", P(1, 0))
    b = st.stands["B"]
    assert b.disordered and b.facing == 0 and b.hex.distance(P(0, 0)) == 3


def test_PC_RESULT_6_heavy_cavalry_stays_on_a_draw() -> None:
    """[PC.RESULT.6] [PC.RESULT.9]: HC that draw stay in contact by default: an ongoing melee."""
    st = two({"id": "H", "troop": "cat:HC", "at": (0, 0)}, {"id": "D", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    c = ctx(st, *[1] * 8, *[1] * 5)
    charge_contacts(c, {"H": [P(-1, 0)]}, Movement())
    (m,) = st.melees.values()
    assert m.ongoing and st.stands["H"].hex == P(0, 0)


def test_PC_RESULT_11_charging_an_ongoing_melee_reignites_it() -> None:
    """[PC.RESULT.11] [PC.RESULT.13] [PC.MELEE.6]: a stand charging a battle stand of an ongoing melee joins as a supporter and it is fought at once."""
    st = make(
        [
            {"id": "L", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "W", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
            {"id": "N", "side": "red", "troop": "cat:HI", "at": (1, 1), "facing": 1},
        ]
    )
    st.melees[1] = Melee(1, "red", (("red", "L"), ("blue", "W")), ongoing=True)
    c = ctx(st, *[1] * 30)
    charge_contacts(c, {"N": [P(1, 2)]}, Movement())
    assert "N" in st.melees[1].supporters or any("reignited" in line for line in c.log)


def test_PC_PURSUIT_1_supporting_and_support_stands_never_pursue() -> None:
    """[PC.PURSUIT.1] [PC.PURSUIT.2] [PC.PURSUIT.12]: infantry do not pursue cavalry; support types never pursue."""
    from games.proconsul.results import may_pursue

    st = two(
        {"id": "L", "troop": "romans:legion", "at": (0, 0)}, {"id": "C", "troop": "cat:MC", "at": (1, 0), "facing": 3}
    )
    assert not may_pursue(ctx(st), "L", "C", P(1, 0))
    st = two({"id": "S", "troop": "cat:Sh", "at": (0, 0)}, {"id": "C", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    assert not may_pursue(ctx(st), "S", "C", P(1, 0))
    st = two({"id": "M", "troop": "cat:MC", "at": (0, 0)}, {"id": "C", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    assert may_pursue(ctx(st), "M", "C", P(1, 0))


def test_PC_RETREAT_8_threats_to_the_rear() -> None:
    """[PC.RETREAT.8]: enemies holding both rear hexes force a flank step (1 SP); one enemy behind costs 1 SP more."""
    st = make(
        [
            {"id": "R", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "B1", "side": "blue", "troop": "cat:HI", "at": (-1, 0), "facing": 0},
            {"id": "B2", "side": "blue", "troop": "cat:HI", "at": (-1, 1), "facing": 0},
        ]
    )
    path = retreat(ctx(st), "R", P(1, 0), 2, True)
    assert path and path[0] in (P(0, -1), P(0, 1))
    assert st.stands["R"].ranks[0] < 5
    st = make(
        [
            {"id": "R", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "B1", "side": "blue", "troop": "cat:HI", "at": (-1, 0), "facing": 3},
        ]
    )
    path = retreat(ctx(st), "R", P(1, 0), 1, True)
    assert path == [P(-1, 1)] and st.stands["R"].ranks == (4,)


def test_PC_OPP_9_counter_charge_ends_the_move() -> None:
    """[PC.OPP.4] (b) [PC.OPP.5] [PC.OPP.6] [PC.OPP.7] [PC.OPP.8] [PC.OPP.9]: a warband on opportunity that the next step
    would contact counter-charges one step forward: it attacks with impact, the mover gets no defensive fire and stops."""
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0), "facing": 0, "opportunity": True},
        {"id": "X", "troop": "cat:LI", "at": (3, -1), "facing": 3},
    )
    c = ctx(st, *[1] * 9, *[1] * 4)
    do_move(c, "X", [["hex", P(2, -1).q, P(2, -1).r], ["hex", P(1, -1).q, P(1, -1).r]], Track(P(3, -1)))
    assert any("counter-charges X" in line for line in c.log)
    assert "red pool, 9d6" in c.dice.purposes[0]  # 5 + 4 impact: the responder is the attacker
    assert not any(p.startswith("defensive fire") for p in c.dice.purposes)
    assert spec_hex(st.stands["W"].hex) == (1, 0) and not st.stands["W"].opportunity
    assert spec_hex(st.stands["X"].hex) == (2, -1)


def test_PC_MELEE_4_non_facing_stand_falls_back_with_its_battle_stand() -> None:
    """[PC.MELEE.4] (c) [PC.RESULT.8] [PC.MELEE.3]: an enemy contacted with the charger on its flank is a non-facing stand:
    no dice, no test, but it retreats disordered when its battle stand loses."""
    st = make(
        [
            {"id": "A", "side": "red", "troop": "cat:HI", "at": (0, 0), "facing": 0},
            {"id": "D", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
            {"id": "N", "side": "blue", "troop": "cat:HI", "at": (1, -1), "facing": 2},
        ]
    )
    c = ctx(st, *[6] * 7, *[1] * 5, 6)
    charge_contacts(c, {"A": [P(-1, 0)]}, Movement())
    c.dice.assert_used_up()
    assert "blue pool, 5d6" in c.dice.purposes[7]
    n = st.stands["N"]
    assert n.disordered and n.ranks == (5,) and n.hex != P(1, -1)


def test_PC_DISORDER_6_group_recovery_tests_each_member_with_the_general() -> None:
    """[PC.DISORDER.6] [PC.CMD.7] (a) [PC.MOVE.14]: a group rallies together, each member testing; the attached general's
    +1 counts for every member."""
    from dataclasses import replace

    from games.proconsul.group_move import group_rally

    st = make(
        [
            {"id": "A", "side": "red", "troop": "cat:HI", "at": (0, 0), "disordered": True},
            {"id": "B", "side": "red", "troop": "cat:HI", "at": (0, 1), "disordered": True},
        ]
    )
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0), attached="A")
    c = ctx(st, 3, 3)
    group_rally(c, ["A", "B"])
    assert not st.stands["A"].disordered and not st.stands["B"].disordered
    assert all("pass" in line for line in c.log if "order test" in line)


def test_PC_IMPET_3_disordered_compelled_stand_rallies_first() -> None:
    """[PC.IMPET.3] (d) [PC.DISORDER.5]: a disordered compelled stand tests to rally, then for opportunity; a fail means advance."""
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0), "disordered": True},
        {"id": "E", "troop": "cat:HI", "at": (4, 0), "facing": 3},
    )
    c = ctx(st, 5, 6)
    assert compulsion(c, "W", [{"do": "hold"}], Track(P(0, 0))) == []
    assert st.stands["W"].opportunity and not st.stands["W"].disordered
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0), "disordered": True},
        {"id": "E", "troop": "cat:HI", "at": (4, 0), "facing": 3},
    )
    forced = compulsion(ctx(st, 2), "W", [{"do": "hold"}], Track(P(0, 0)))
    assert forced and forced[0]["do"] == "move"


def test_PC_FIRE_15_bowmen_supporting_a_support_stand() -> None:
    """[PC.FIRE.15] [PC.FIRE.13]: bowmen in the open supporting a support stand do not fire at cavalry; supporting a combat stand they do."""
    from games.proconsul.fire import supporting_fire_dice

    st = make(
        [
            {"id": "B", "side": "red", "troop": "cat:Sh", "at": (0, 1)},
            {"id": "K", "side": "red", "troop": "cat:Sk", "at": (0, 0)},
            {"id": "L", "side": "red", "troop": "cat:HI", "at": (0, -1)},
            {"id": "M", "side": "blue", "troop": "cat:MC", "at": (1, 0), "facing": 3},
        ]
    )
    b, m = st.stands["B"], st.stands["M"]
    assert supporting_fire_dice(st, b, st.stands["K"], m) == 0
    assert supporting_fire_dice(st, b, st.stands["L"], m) == 2


def test_PC_EVADE_6_evading_again_needs_a_test_and_PC_EVADE_7_chase() -> None:
    """WE-13 MC1 [PC.EVADE.6] [PC.EVADE.7] [PC.PURSUIT.11]: the charger chases with an extra move (test first); caught again,
    the LC evades a second time and then tests; failing, it is disordered and may not evade that charger again."""
    st = two(
        {"id": "MC1", "troop": "cat:MC", "at": (3, 0), "facing": 3},
        {"id": "LC", "troop": "cat:LC", "at": (0, 0), "facing": 0},
    )
    c = ctx(st, 5, 3)  # MC1's extra-move test (target 4): pass; the LC's test after its second evade (target 4): fail
    path1 = [["hex", P(q, 0).q, P(q, 0).r] for q in (2, 1, 0)]
    path2 = [["hex", P(q, 0).q, P(q, 0).r] for q in (-1, -2, -3)]
    run_actions(c, "MC1", [{"do": "move", "steps": path1}, {"do": "move", "steps": path2}], Track(P(3, 0)))
    lc = st.stands["LC"]
    assert spec_hex(lc.hex) == (-8, 0) and lc.disordered
    assert spec_hex(st.stands["MC1"].hex) == (-3, 0)
    assert c.evades[("LC", "MC1")] == 2 and ("LC", "MC1") in c.no_evade


def test_PC_EVADE_9_a_stand_that_does_not_evade_fights() -> None:
    """[PC.EVADE.9] [PC.EVADE.1]: MC charged by infantry stand by their default and fight."""
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (2, 0), "facing": 3},
        {"id": "M", "troop": "cat:MC", "at": (0, 0), "facing": 0},
    )
    c = ctx(st, *[1] * 5, *[1] * 4)
    do_move(c, "W", [["hex", P(1, 0).q, P(1, 0).r]], Track(P(2, 0)))
    assert any("W (Gallic warband" in line and "attacks M" in line for line in c.log)
    assert not c.evades


def test_PC_EVADE_8_nobody_evades_fire_by_default() -> None:
    """[PC.EVADE.8] [PC.FIRE.19]: an LC shot at from its front stays put (the default: do not evade fire)."""
    st = two(
        {"id": "K", "troop": "gauls:javelins", "at": (0, 0)}, {"id": "LC", "troop": "cat:LC", "at": (2, 0), "facing": 3}
    )
    normal_fire(ctx(st, 1, 1), "K", "LC", 0, False)
    assert st.stands["LC"].hex == P(2, 0)


def test_PC_FIRE_17_opportunity_fire_then_defensive_fire() -> None:
    """[PC.FIRE.17] [PC.OPP.10]: a stand on opportunity shoots at an enemy 2 hexes away, then fires defensive fire when contacted."""
    st = two(
        {"id": "I", "troop": "cat:LI", "at": (0, 0), "opportunity": True},
        {"id": "H", "troop": "cat:HI", "at": (3, 0), "facing": 3},
    )
    c = ctx(st, 1, 1, 1, 1, 1, 1, 1, 1, *[1] * 7, *[1] * 4)
    do_move(c, "H", [["hex", P(2, 0).q, P(2, 0).r]], Track(P(3, 0)))
    do_move(c, "H", [["hex", P(1, 0).q, P(1, 0).r]], Track(P(2, 0)))
    kinds = [p.split(":")[0] for p in c.dice.purposes]
    assert kinds.index("fire") < kinds.index("defensive fire")


def test_PC_MELEE_13_uphill_die() -> None:
    """[PC.MELEE.13] [PC.TERRAIN.4]: +1D6 for the stand on the higher hex, even when attacked in the flank."""
    st = two(
        {"id": "A", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        {"id": "D", "troop": "cat:HI", "at": (0, 0), "facing": 0},
    )
    st.terrain[P(0, 0)] = Terrain.HILLSIDE
    c = ctx(st, *[1] * 7, *[1] * 6)
    charge_contacts(c, {"A": [P(2, 0)]}, Movement())
    assert "blue pool, 6d6" in c.dice.purposes[7]


def test_PC_RESULT_12_winner_joins_an_ongoing_melee_instead_of_pursuing() -> None:
    """[PC.RESULT.12] [PC.RESULT.11] (b): a winner in front contact with a battle stand of another ongoing melee joins it."""
    st = make(
        [
            {"id": "W", "side": "red", "troop": "cat:HC", "at": (0, 0), "facing": 0},
            {"id": "L", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
            {"id": "O", "side": "blue", "troop": "cat:HI", "at": (1, -1), "facing": 2},
            {"id": "F", "side": "red", "troop": "cat:HI", "at": (1, -2), "facing": 5},
        ]
    )
    st.melees[9] = Melee(9, "red", (("red", "F"), ("blue", "O")), ongoing=True)
    st.melees[1] = Melee(1, "red", (("red", "W"), ("blue", "L")), ongoing=True)
    c = ctx(st, *[6] * 5, *[1] * 5, 6, *[1] * 40)
    fight(c, st.melees[1], Fresh(refight=True), Movement())
    assert any("instead of pursuing" in line for line in c.log)
    assert "W" in st.melees[9].supporters


def test_PC_RETREAT_4_each_enemy_zoc_costs_one_sp_and_PC_RETREAT_14_as_it_happens() -> None:
    """[PC.RETREAT.4] [PC.RETREAT.14]: a retreat through an enemy's zone of control costs 1 SP, taken at that step."""
    st = make(
        [
            {"id": "R", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "Z", "side": "blue", "troop": "cat:HI", "at": (-2, 1), "facing": 0},
        ]
    )
    retreat(ctx(st), "R", P(1, 0), 2, True)
    assert st.stands["R"].ranks == (4,)


def test_PC_PBEM_6_standing_orders_settle_reactions() -> None:
    """[PC.PBEM.6] [PC.EVADE.1]: a side's standing order `evade no` keeps its light cavalry in place against a charge."""
    st = two(
        {"id": "MC1", "troop": "cat:MC", "at": (3, 0), "facing": 3},
        {"id": "LC", "troop": "cat:LC", "at": (0, 0), "facing": 0},
    )
    st.standing["blue"] = {"evade": "no"}
    c = ctx(st, *[1] * 6, *[1] * 3)
    do_move(c, "MC1", [["hex", P(q, 0).q, P(q, 0).r] for q in (2, 1)], Track(P(3, 0)))
    assert not c.evades and any("attacks LC" in line for line in c.log)


def test_PC_PBEM_3_ask_opens_a_decision_and_the_answer_is_used() -> None:
    """[PC.PBEM.3] (W3) [PC.PBEM.6]: with `standing evade ask` the resolution stops for the side's answer; answered, it goes on."""
    from campaign.kit.scripted import ScriptedDice
    from campaign.ruleset import NeedDecision
    from games.proconsul.context import Ctx

    def board() -> Any:
        st = two(
            {"id": "MC1", "troop": "cat:MC", "at": (3, 0), "facing": 3},
            {"id": "LC", "troop": "cat:LC", "at": (0, 0), "facing": 0},
        )
        st.standing["blue"] = {"evade": "ask"}
        return st

    steps = [["hex", P(q, 0).q, P(q, 0).r] for q in (2, 1)]
    dice = ScriptedDice.of(6)
    dice.ask = True
    with pytest.raises(NeedDecision) as need:
        do_move(Ctx(board(), dice), "MC1", steps, Track(P(3, 0)))
    assert need.value.side == "blue" and need.value.options == ("yes", "no") and need.value.default == "yes"
    st = board()
    answered = ScriptedDice.of(6, answers={need.value.key: "yes"})
    do_move(Ctx(st, answered), "MC1", steps, Track(P(3, 0)))
    assert spec_hex(st.stands["LC"].hex) == (-4, 0)


def test_standing_orders_parse_and_persist() -> None:
    """[PC.PBEM.6]: `standing KEY VALUE` lines ride on any message and are kept in the state."""
    from games.proconsul import RULESET as R

    st = R.setup("open-field", {})
    acc = R.parse_orders(st, "gauls", "declare gleft\nstanding pursue ask")
    assert acc.canonical == "declare gleft\nstanding pursue ask"
    st = R.apply_orders(st, acc)
    assert st.standing == {"gauls": {"pursue": "ask"}} and R.load(R.dump(st)).standing == st.standing


def test_PC_RETREAT_5_a_retreat_may_end_on_a_friendly_skirmisher_pushing_it_back() -> None:
    """[PC.RETREAT.5]: a retreat may stop on a friendly Sk, which is pushed one hex further away."""
    st = make(
        [
            {"id": "R", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "K", "side": "red", "troop": "cat:Sk", "at": (-1, 0)},
            {"id": "K2", "side": "red", "troop": "cat:Sk", "at": (-1, 1)},
        ]
    )
    c = ctx(st)
    path = retreat(c, "R", P(1, 0), 1, True)
    assert path == [P(-1, 0)] and st.stands["R"].hex == P(-1, 0)
    assert st.stands["K"].hex.distance(P(1, 0)) == 3 and any("K is pushed back" in line for line in c.log)


def test_PC_MELEE_17_supporting_skirmishers_in_the_open_fire_and_die() -> None:
    """[PC.MELEE.17] (e) [PC.FIRE.15]: Sk supporting a charged friend in the open fire with full SP, then are destroyed."""
    st = make(
        [
            {"id": "D", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "K", "side": "red", "troop": "cat:Sk", "at": (1, -1), "facing": 5},
            {"id": "A", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        ]
    )
    c = ctx(st, 1, 1, *[1] * 7, *[1] * 5)
    charge_contacts(c, {"A": [P(2, 0)]}, Movement())
    assert c.dice.purposes[0].startswith("supporting fire: K at A, 2d6")
    assert not st.stands["K"].on_board and "blue pool, 7d6" in c.dice.purposes[2]


def test_PC_MELEE_17_push_through_skirmishers() -> None:
    """[PC.MELEE.17] (a): formed cavalry going on past enemy Sk in the open (that stand rather than evade) sweep them
    away after their frontal fire, and carry on with the move."""
    st = two(
        {"id": "M", "troop": "cat:MC", "at": (0, 0)}, {"id": "K", "troop": "gauls:javelins", "at": (2, 0), "facing": 3}
    )
    st.standing["blue"] = {"evade": "no"}
    c = ctx(st, 1, 1)
    do_move(c, "M", [["hex", P(1, 0).q, P(1, 0).r], ["hex", P(2, -1).q, P(2, -1).r]], Track(P(0, 0)))
    assert not st.stands["K"].on_board and spec_hex(st.stands["M"].hex) == (2, -1)
    assert c.dice.purposes[0].startswith("defensive fire: K at M")


def test_PC_EVADE_8_evading_fire_by_standing_order() -> None:
    """[PC.EVADE.8] [PC.EVADE.1] (b) [PC.FIRE.19]: with `standing evade_fire yes` an LC shot at from its front arc evades
    first; the fire then goes ahead only if the target is still in range, arc and sight."""
    st = two(
        {"id": "K", "troop": "gauls:javelins", "at": (0, 0)}, {"id": "LC", "troop": "cat:LC", "at": (2, 0), "facing": 3}
    )
    st.standing["blue"] = {"evade_fire": "yes"}
    with pytest.raises(Illegal, match="out of range"):
        run_actions(ctx(st), "K", [{"do": "fire", "target": "LC"}], Track(P(0, 0)))
    assert spec_hex(st.stands["LC"].hex) == (6, 0)


def test_PC_CMD_7_group_opportunity_with_the_attached_general() -> None:
    """[PC.CMD.7] [PC.MOVE.14] [PC.OPP.1]: a group tests for opportunity together, each member with the attached general's +1."""
    from dataclasses import replace

    from games.proconsul.group_move import group_opportunity

    st = make(
        [
            {"id": "A", "side": "red", "troop": "cat:HI", "at": (0, 0)},
            {"id": "B", "side": "red", "troop": "cat:HI", "at": (0, 1)},
        ]
    )
    st.generals["Gred"] = replace(st.generals["Gred"], hex=P(0, 0), attached="A")
    group_opportunity(ctx(st, 3, 3), ["A", "B"])
    assert st.stands["A"].opportunity and st.stands["B"].opportunity


def test_PC_OPP_4_opportunity_charge_by_standing_order() -> None:
    """[PC.OPP.4] (c) [PC.OPP.5] [PC.OPP.6] [PC.OPP.7]: with `standing opportunity_charge yes` a warband on opportunity
    charges an enemy that comes on within its reach, with forward steps only; the mover's move ends."""
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0), "facing": 0, "opportunity": True},
        {"id": "X", "troop": "cat:HI", "at": (4, -1), "facing": 3},
    )
    st.standing["red"] = {"opportunity_charge": "yes"}
    c = ctx(st, *[1] * 9, *[1] * 5)
    do_move(c, "X", [["hex", P(3, -1).q, P(3, -1).r]], Track(P(4, -1)))
    assert any("on opportunity charges X" in line for line in c.log)
    assert "red pool, 9d6" in c.dice.purposes[0]
    assert not st.stands["W"].opportunity and st.stands["W"].hex.distance(P(3, -1)) == 1
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0), "facing": 0, "opportunity": True},
        {"id": "X", "troop": "cat:HI", "at": (4, -1), "facing": 3},
    )
    c = ctx(st)
    do_move(c, "X", [["hex", P(3, -1).q, P(3, -1).r]], Track(P(4, -1)))
    assert not any("charges" in line for line in c.log)  # the default: no opportunity charge
