"""Whole games through the Ruleset interface [HH.SEQ.*, HH.PD.*, HH.WIN.*]."""

from __future__ import annotations

import json

import pytest

from campaign.ruleset import OrdersRejected, RequestKind
from games.hordes_heroes import RULESET as R
from games.hordes_heroes.scenario import ScenarioError, build_state, read_scenario
from games.hordes_heroes.state import Phase

from .helpers import Dice


def roundtrip(state):
    """dump/load must give back the same JSON (HH.DATA.4, HH.DATA.7)."""
    d = json.loads(json.dumps(R.dump(state)))
    again = R.load(d)
    assert R.dump(again) == d
    assert R.view(again) == R.view(state)
    return again


def send(state, side, text):
    acc = R.parse_orders(state, side, text)
    json.dumps(acc.data)
    return roundtrip(R.apply_orders(state, acc))


def resolve(state, dice):
    res = R.resolve(state, dice)
    assert all(isinstance(x, str) for x in res.narrative)
    return roundtrip(res.state), res.narrative


INTRO_YORK = """unit 1 0509 face N
unit 2 0609 face N
unit 3 0709 face N
general 1 0509
"""
INTRO_VALOIS = """unit 11 0502 face S
unit 12 0602 face S
unit 13 0702 face S
unit 14 0802 face S
general 2 0502
"""


def play_intro():
    st = roundtrip(R.setup("intro-50", {}))
    assert st.phase is Phase.INITIATIVE
    reqs = R.pending(st)
    assert {r.side for r in reqs if not r.optional} == {"york", "valois"}  # tie: both choose (HH.SEQ.4)
    st = send(st, "york", "deploy first\nedge south")
    assert not R.ready(st)
    st = send(st, "valois", "deploy second\nedge north")
    dice = Dice(5, 2)
    st, story = resolve(st, dice)
    assert dice.log[0][1].startswith("rolloff") and "york" in dice.log[0][1]
    assert st.first_deployer == "york" and st.first_mover == "valois" and st.edges["york"].value == "south"
    st = send(st, "york", INTRO_YORK)
    st, _ = resolve(st, dice)
    assert st.deploying == "valois"
    st = send(st, "valois", INTRO_VALOIS)
    st, _ = resolve(st, dice)
    return st, dice


def test_HH_SEQ_4_initiative_rolloff_and_deployment():
    """HH.SEQ.2, HH.SEQ.4, HH.SEQ.6, HH.SEQ.8, HH.SEQ.15, HH.PD.3, HH.PD.4, HH.PD.5, HH.EX.34: equal fast units
    mean a roll-off; the winner deploys first, picks the edge and moves second."""
    st, _ = play_intro()
    assert st.phase is Phase.COMMAND_MOVE and st.turn == 1 and st.phasing == "valois"
    assert R.phase(st) == "turn 1, valois bound: command move"


def test_HH_SEQ_9_several_bounds_through_the_interface():
    """HH.SEQ.9, HH.SEQ.10, HH.SEQ.11, HH.SEQ.12, HH.SEQ.17, HH.PD.6, HH.PD.7: bounds alternate; shooting and
    hand-to-hand are reported as skipped, never resolved."""
    st, dice = play_intro()
    st = send(st, "valois", "general 2 0503\nmove 11 0503 0504 0505 face S")
    st, story = resolve(st, dice)
    text = "\n".join(story)
    assert "Shooting: valois shoots [HH.SEQ.11, HH.SHOOT.23]." in text and "Hand-to-hand phase" in text
    assert st.phasing == "york" and st.turn == 1
    st = send(st, "york", "move 2 0608\nmove 3 column")
    st, story = resolve(st, dice)
    assert st.turn == 2 and st.phasing == "valois"
    v = R.view(st)
    assert {"turn", "phase", "active_side", "units", "generals"} <= set(v)
    u3 = next(u for u in v["units"] if u["id"] == 3)
    assert u3["hex"] == "0709" and u3["formation"] == "column"
    for key in (
        "id",
        "side",
        "name",
        "class",
        "hex",
        "facing",
        "formation",
        "stands",
        "disrupted",
        "static_combat",
        "hold_fire",
        "eliminated",
    ):
        assert key in u3
    g = v["generals"][0]
    assert {"id", "side", "hex", "host", "hero", "alive"} <= set(g)
    assert "Y3" in R.render_text(st)


def test_HH_PD_illegal_orders_refused_with_every_error_and_state_unchanged():
    """HH.PD.7, HH.ZOC.2, HH.MOVE.1: every error is reported with its line; the state is untouched."""
    st, _ = play_intro()
    before = json.dumps(R.dump(st), sort_keys=True)
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "valois", "move 11 0503 0504 0505 0506 0507 0508\nmove 99 0101\nfly 12\nmove 1 0508")
    errs = e.value.errors
    assert [x.line for x in errs] == [1, 2, 3, 4]
    assert errs[0].code == "HH.MOVE.4" and "unit 11 (Mounted Men-at-Arms)" in errs[0].message
    assert errs[3].code == "not-yours"
    assert json.dumps(R.dump(st), sort_keys=True) == before


def test_HH_ZOC_2_error_names_the_enemy_and_hex():
    """HH.ZOC.2, HH.MOVE.27: the refusal says which enemy's zone stopped the unit and where."""
    st = R.setup("skirmish-midbattle", {})
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "york", "move 2 0406 0405 0404")
    err = e.value.errors[0]
    assert err.code == "HH.ZOC.2"
    assert "unit 2 (Retinue Longbowmen) cannot reach 0404" in err.message and "enemy unit 11 at 0405" in err.message


def test_HH_SEQ_11_midbattle_rally_swap_combine_and_standing_orders():
    """HH.SEQ.11, HH.DISR.3, HH.STAND.6, HH.MOVE.21, HH.PD.12, HH.PD.13, HH.PD.17, HH.EX.38: a mid-battle start;
    combine two reduced hordes (3 + 2 -> 4, 1 lost), standing orders of the other side on file."""
    st = roundtrip(R.setup("skirmish-midbattle", {}))
    reqs = R.pending(st)
    assert reqs[0].kind is RequestKind.ORDERS and reqs[1].optional
    st = send(st, "lancaster", "standing turn-to-face no\nstanding unit 12 evade no")
    assert st.standing["lancaster"].base.turn_to_face is False
    st = send(st, "york", "combine 5 6\nmove 1 0506")
    st, story = resolve(st, Dice())
    assert st.units[6].stands == 4 and st.units[5].eliminated and st.casualties["york"]
    assert st.units[11].facing.name == "S"  # did not turn: standing order no
    assert any("HH.STAND.6" in x for x in story)


def test_HH_SEQ_8_deployment_errors():
    """HH.SEQ.2, HH.SEQ.3, HH.BASE.6, HH.MOVE.8: outside the zone, shared hexes, side facings and missing units."""
    st = R.setup("intro-50", {})
    st = send(st, "york", "deploy first\nedge south")
    st = send(st, "valois", "deploy second")
    st, _ = resolve(st, Dice(6, 1))
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "york", "unit 1 0505 face N\nunit 2 0609 face E\nunit 3 0609 face N")
    codes = [x.code for x in e.value.errors]
    assert "HH.SEQ.2" in codes and "HH.MOVE.8" in codes


def test_HH_SEQ_5_edition_and_options_refused_clearly():
    """HH.SEQ.5, HH.PD.2: unknown editions and bad options are refused with a plain message."""
    data = read_scenario("intro-50")
    data["edition"] = "2013"
    with pytest.raises(ScenarioError, match="2013"):
        build_state(data)
    with pytest.raises(ScenarioError, match="break_pct"):
        R.setup("intro-50", {"break_pct": 55})


@pytest.mark.parametrize("name", ["intro-50", "pitched-150", "river-woods", "skirmish-midbattle"])
def test_HH_SEQ_1_every_scenario_sets_up_and_round_trips(name):
    """HH.SEQ.1, HH.ARMY.12, HH.ARMY.16: each shipped scenario builds, is within its points, and round-trips."""
    st = roundtrip(R.setup(name, {}))
    assert sum(st.combat_stand_total.values()) > 0
    assert R.pending(st)


def test_HH_WIN_10_turn_limit_points_count():
    """HH.WIN.5, HH.WIN.6, HH.WIN.10, HH.EX.40: at the turn limit the side that lost fewer points wins."""
    st = R.setup("skirmish-midbattle", {"max_game_turns": 3})
    st.casualties["york"] = {"wotr-english:peasant-horde": 3}
    st = send(st, "york", "")
    st, _ = resolve(st, Dice())
    st = send(st, "lancaster", "")
    st, story = resolve(st, Dice())
    assert st.phase is Phase.GAME_OVER and R.outcome(st).winner == "lancaster"
    assert R.pending(st) == []


def test_HH_WIN_2_army_break():
    """HH.WIN.2, HH.WIN.3, HH.WIN.4, HH.WIN.8, HH.EX.39: more than half the combat stands lost breaks an army."""
    from games.hordes_heroes.engine import defeated

    st = R.setup("skirmish-midbattle", {})
    total = st.combat_stand_total["lancaster"]
    st.casualties["lancaster"] = {"wotr-english:mma": total // 2}
    assert defeated(st, "lancaster") is None
    st.casualties["lancaster"] = {"wotr-english:mma": total // 2 + 1}
    assert "HH.WIN.2" in defeated(st, "lancaster")


def test_HH_PD_5_default_orders_for_missed_deadlines():
    """HH.PD.3, HH.PD.5, HH.PD.6, HH.PD.7: a missed bound holds; a missed deployment gets a legal default line-up."""
    from campaign.ruleset import MissedOrders

    st = R.setup("intro-50", {})
    st = send(st, "york", R.default_orders(st, "york", MissedOrders.HOLD) or "deploy second")
    st = send(st, "valois", "deploy second")
    st, _ = resolve(st, Dice(1, 6))
    deployer = st.deploying
    text = R.default_orders(st, deployer, MissedOrders.STANDING)
    st = send(st, deployer, text)
    st, _ = resolve(st, Dice())
    other = st.deploying
    st = send(st, other, R.default_orders(st, other, MissedOrders.HOLD))
    st, _ = resolve(st, Dice())
    assert st.phase is Phase.COMMAND_MOVE
    assert R.default_orders(st, st.phasing, MissedOrders.HOLD) == ""
