"""The player decisions of §47 not covered elsewhere: each one's default, how a standing order or a
decision request answers it where the spec allows one, and the inputs that have no default
[WC.PD] [WC.EVENT.3]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import NeedDecision, OrdersRejected
from games.war_cometh import RULESET
from games.war_cometh.decisions import DECISIONS, REQUIRED
from games.war_cometh.model import Ability, FlankStatus, Phase, Role, State
from games.war_cometh.standing import with_standing
from games.war_cometh.world import World

from .helpers import position, unit

KN = "english.feudal_knights_mtd"
PK = "scots.lowland_pikes_stdy"


def test_WC_PD_1_leader_abilities_from_the_scenario_or_a_roll() -> None:
    """[WC.PD.1] [WC.LEADER.2] the scenario gives each leader's ability and the engine fills in
    its rating, command range and attacks (a given rating overrides); players who roll instead
    use the 2D6 table: 2-4 Dullard, 5-7 Competent, 8-10 Gifted, 11-12 Brilliant."""
    from games.war_cometh.command import ability_from_roll

    s = position()
    ma = s.leader("ma")
    assert (ma.ability, ma.rating, ma.command_range, ma.attacks) == (Ability.COMPETENT, 8, 20, 1)
    gifted = position(
        terrain='[[leaders]]\nid = "ea"\nside = "a"\nname = "Earl"\nrole = "earl"\nability = "gifted"\n'
        "at = [50, 5]\nrating = 10\n"
    )
    ea = gifted.leader("ea")
    assert (ea.ability, ea.rating, ea.command_range, ea.attacks) == (Ability.GIFTED, 10, 20, 1)
    assert [ability_from_roll(t).value for t in range(2, 13)] == (
        ["dullard"] * 3 + ["competent"] * 3 + ["gifted"] * 3 + ["brilliant"] * 2
    )
    with pytest.raises(ValueError, match="2D6 cannot total 13"):
        ability_from_roll(13)
    assert DECISIONS["WC.PD.1"].default == "scenario"


def test_WC_PD_2_army_composition_is_required_input_checked_against_the_list() -> None:
    """[WC.PD.2] [WC.LIST.3] the army is the scenario's units, each a list profile (an unknown
    one is refused); the list's limits are checked: 8 pikes cannot carry 3 knight stands in a
    Scots army (5 infantry stands per cavalry stand)."""
    from campaign.kit.scenario_file import ScenarioError
    from games.war_cometh.lists import all_profiles, composition_problems, load_list

    assert "WC.PD.2" in REQUIRED
    with pytest.raises(ScenarioError, match="units\\[0\\].profile"):
        position(unit("X", "a", "scots.no_such_troops", 2, (50, 20), 90))
    p = all_profiles()
    scots = load_list("scots")
    army = [(p["scots.lowland_pikes_stdy"], 8), (p["scots.knights_mtd_a5"], 3)]
    found = composition_problems(scots, army, 1314)
    assert found == ("SC1: infantry stands (8) must be at least 5 x cavalry stands (3) [WC.LIST.3]",)
    enough = [(p["scots.lowland_pikes_stdy"], 15), (p["scots.knights_mtd_a5"], 3)]
    assert composition_problems(scots, enough, 1314) == ()


def test_WC_PD_3_the_loser_deploys_first_by_default() -> None:
    """[WC.PD.3] [WC.DEPLOY.3] with diff > 4 the loser places everything in one step, first unless
    the winner chooses otherwise; with diff <= 4 there are three steps."""
    from games.war_cometh.deploy import deployment_steps

    assert deployment_steps(diff=5, winner="b", loser="a") == (("a", "all"), ("b", "all"))
    assert deployment_steps(diff=5, winner="b", loser="a", loser_first=False) == (("b", "all"), ("a", "all"))
    assert deployment_steps(diff=4, winner="b", loser="a", loser_first=False) == (
        ("a", "foot"),
        ("b", "all"),
        ("a", "rest"),
    )
    assert DECISIONS["WC.PD.3"].default == "loser first"


def _deploying(flank_side: str = "a") -> State:
    s = position(
        unit("1", "a", "base.pikes", 3, (50, 20), 90),
        unit("2", "a", "base.knights_mtd", 3, (90, 20), 90),
        unit("9", "b", "base.pikes", 3, (20, 100), -90),
        extra_head=f'phase = "deploy"\ndeploy_order = ["a", "b"]\nflank_march_side = "{flank_side}"\n',
    )
    return s.with_leader(replace(s.leader("ma"), role=Role.EARL, rating=9))


def _deploy(s: State, a_orders: str, arrival: tuple[int, int] = (3, 5)) -> tuple[State, list[str]]:
    s = RULESET.resolve(RULESET.apply_orders(s, RULESET.parse_orders(s, "a", a_orders)), ScriptedDice.of(6)).state
    s = RULESET.apply_orders(s, RULESET.parse_orders(s, "b", "done"))
    dice = ScriptedDice.of(6, *arrival) if s.flank_marches else ScriptedDice.of(6)
    res = RULESET.resolve(s, dice)
    return res.state, list(res.narrative)


def test_WC_PD_4_no_flank_march_unless_ordered() -> None:
    """[WC.PD.4] [WC.DEPLOY.6] a side that orders none makes no flank march: every unit stays on
    the table and no arrival test is rolled; only the winner's side may order one."""
    s, lines = _deploy(_deploying(), "done")
    assert s.flank_marches == () and all(u.on_table for u in s.units) and not s.leader("ma").away
    assert not any("flank march" in x.lower() for x in lines)
    with pytest.raises(OrdersRejected) as e:
        RULESET.parse_orders(_deploying(flank_side="b"), "a", "flank march ma 2")
    assert [(x.code, x.message) for x in e.value.errors] == [
        ("WC.DEPLOY.6", "only the deployment winner may make a flank march, and not in this scenario")
    ]
    with pytest.raises(OrdersRejected) as e2:
        RULESET.parse_orders(_deploying(), "a", "flank march ma 2\nflank march ma 1")
    assert [(x.code, x.message) for x in e2.value.errors] == [("WC.DEPLOY.6", "one flank march only")]
    assert DECISIONS["WC.PD.4"].default == "none"


def test_WC_PD_7_the_winner_moves_first() -> None:
    """[WC.PD.7] after deployment the scenario's first side (the deployment-roll winner) moves."""
    s, lines = _deploy(_deploying(), "done")
    assert lines[-1] == "Deployment is over; A move first."
    assert (s.phase, s.active) == (Phase.MOVEMENT, "a")
    assert DECISIONS["WC.PD.7"].default == "winner"


def _arrive(s: State, dice: ScriptedDice) -> State:
    from games.war_cometh.turn import end_player_turn

    s = end_player_turn(s, [], dice)  # a -> b
    return end_player_turn(s, [], dice)  # b -> a: a's second turn, 1 <= 2 arrives


def _march_without_edge(standing: str = "") -> State:
    s, _ = _deploy(_deploying(), "flank march ma 2")
    assert s.flank_marches[0].edge_left is None and s.flank_marches[0].status is FlankStatus.WILL_ARRIVE
    return with_standing(s, "a", "flank-edge", standing) if standing else s


def test_WC_PD_5_arrival_edge_away_from_the_enemy_by_default() -> None:
    """[WC.PD.5] [WC.DEPLOY.9] a flank march ordered with no edge comes on, by default, by the side
    edge with fewer enemy stands within 30 cm: enemy unit 9 stands by x = 0, so by x = 180."""
    s = _arrive(_march_without_edge(), ScriptedDice.of(6, 1))
    b = World(s).bound(s.unit("2"))
    assert s.unit("2").on_table and round(max(q[0] for q in b.corners()), 2) == 180.0
    assert s.flank_marches[0].edge_left is False and round(s.unit("2").facing) == 180
    assert DECISIONS["WC.PD.5"].default == "default"


def test_WC_PD_5_standing_order_and_decision_request() -> None:
    """[WC.PD.5] [WC.EVENT.3] 'standing flank-edge left' brings it on by x = 0; 'ask' stops the
    resolution with a decision request whose default is the computed edge, and an answer is
    obeyed; an order that names its edge is never asked."""
    left = _arrive(_march_without_edge("left"), ScriptedDice.of(6, 1))
    assert round(min(q[0] for q in World(left).bound(left.unit("2")).corners()), 2) == 0.0
    asking = _march_without_edge("ask")
    stop = ScriptedDice.of(6, 1)
    stop.ask = True
    with pytest.raises(NeedDecision) as e:
        _arrive(asking, stop)
    assert e.value.options == ("left", "right") and e.value.default == "right"
    key = e.value.key
    answered = _arrive(asking, ScriptedDice.of(6, 1, answers={key: "left"}))
    assert answered.flank_marches[0].edge_left is True
    named, _ = _deploy(_deploying(), "flank march ma 2 edge left")
    assert named.flank_marches[0].edge_left is True


def test_WC_PD_18_orders_are_required_and_played_as_written() -> None:
    """[WC.PD.18] [WC.CMD.4] orders are the player's input, played in the order written: unit 2's
    order, written first, is rolled first; a unit given no order (3) does not move."""
    s = position(
        unit("1", "a", "base.pikes", 3, (50, 20), 90),
        unit("2", "a", "base.pikes", 3, (80, 20), 90),
        unit("3", "a", "base.pikes", 3, (110, 20), 90),
        unit("9", "b", "base.pikes", 3, (60, 110), -90),
    )
    acc = RULESET.parse_orders(s, "a", "unit 2 forward 5\nunit 1 forward 5\n")
    res = RULESET.resolve(RULESET.apply_orders(s, acc), ScriptedDice.of(6, 1, 1, 1, 1))
    orders = [x for x in res.narrative if x.startswith("Marshal A orders")]
    assert [x.split(":")[0] for x in orders] == ["Marshal A orders unit 2", "Marshal A orders unit 1"]
    assert res.state.unit("3").stands == s.unit("3").stands
    assert "WC.PD.18" in REQUIRED


def test_WC_PD_19_paths_anchors_and_formations_are_written_by_the_player() -> None:
    """[WC.PD.19] [WC.MOVE.10] a move's steps, its pass-through and a formation change's anchor
    come from the order text and read back canonically."""
    from games.war_cometh.plans import StepKind

    s = position(unit("1", "a", "base.pikes", 4, (50, 20), 90, files=2), unit("2", "a", "base.pikes", 2, (50, 40), 90))
    acc = RULESET.parse_orders(s, "a", "unit 1 wheel left 30 then forward 12 through 2\nunit 2 form line 2 left\n")
    assert acc.canonical.splitlines() == ["unit 1 wheel left 30 then forward 12 through 2", "unit 2 form line 2 left"]
    first, second = (o["data"] for o in acc.data["orders"])
    assert [(st["kind"], st["angle"], st["left"], st["dist"]) for st in first["steps"]] == [
        (StepKind.WHEEL.value, 3000, True, 0),
        (StepKind.FORWARD.value, 0, False, 1200),
    ]
    assert first["through"] == ["2"]
    assert [(st["kind"], st["files"], st["target"]) for st in second["steps"]] == [(StepKind.FORM.value, 2, "left")]
    assert "WC.PD.19" in REQUIRED


def test_WC_PD_21_leaders_stay_attached_or_stay_put() -> None:
    """[WC.PD.21] [WC.LEADER.6] with no leader order, a leader attached to a unit that moves goes
    with it (to its new reference point); an unattached leader stays where he is; 'detach' frees
    him."""
    s = position(
        unit("1", "a", "base.pikes", 3, (50, 20), 90),
        unit("9", "b", "base.pikes", 3, (60, 110), -90),
        terrain='[[leaders]]\nid = "ca"\nside = "a"\nname = "Captain A"\nrole = "captain"\n'
        'ability = "competent"\nat = [50, 20]\nattached = "1"\n',
    )
    acc = RULESET.parse_orders(s, "a", "unit 1 forward 10\n")
    res = RULESET.resolve(RULESET.apply_orders(s, acc), ScriptedDice.of(6, 1, 1))
    ca, ma = res.state.leader("ca"), res.state.leader("ma")
    assert (ca.attached_to, ca.x, ca.y) == ("1", 5000, 3000)
    assert (ma.x, ma.y, ma.attached_to) == (s.leader("ma").x, s.leader("ma").y, "")
    acc2 = RULESET.parse_orders(s, "a", "leader ca detach\n")
    assert acc2.canonical == "leader ca detach"
    freed = RULESET.resolve(RULESET.apply_orders(s, acc2), ScriptedDice([])).state.leader("ca")
    assert (freed.attached_to, freed.x, freed.y) == ("", 5000, 2000)
    assert DECISIONS["WC.PD.21"].default == "stay"


def _about_to_fight() -> State:
    """Unit 1 of side b is in contact with knights K of side a; b's Marshal stands 6 cm from it and
    16 cm from unit 2, also in contact; side a is phasing."""
    from games.war_cometh.charge_orders import try_charge

    s = position(
        unit("K", "a", KN, 2, (90, 40), 90),
        unit("1", "b", PK, 4, (90, 60), -90, files=2),
        unit("L", "a", KN, 2, (130, 40), 90),
        unit("2", "b", PK, 4, (130, 60), -90, files=2),
    )
    s, why = try_charge(s, {"unit": "K", "charge": "1"})
    assert why is None
    s, why = try_charge(s, {"unit": "L", "charge": "2"})
    assert why is None
    return s.with_leader(replace(s.leader("mb"), x=10000, y=6200))


def test_WC_PD_22_non_phasing_leaders_attach_only_when_told() -> None:
    """[WC.PD.22] [WC.LEADER.7] by default a non-phasing leader does not attach; with 'standing
    attach yes' he attaches to his nearest unit within 10 cm about to fight (unit 1, not unit 2
    beyond 10 cm); with 'ask' the owner is asked (default none) and his answer is obeyed."""
    from games.war_cometh.leaders import attach_before_melee

    s = _about_to_fight()
    lines: list[str] = []
    assert attach_before_melee(s, ScriptedDice([]), lines) == s and lines == []
    yes = attach_before_melee(with_standing(s, "b", "attach", "yes"), ScriptedDice([]), lines)
    assert yes.leader("mb").attached_to == "1"
    assert lines == ["Marshal B attaches to unit 1 before the melee [WC.LEADER.7]."]
    ask = with_standing(s, "b", "attach", "ask")
    with pytest.raises(NeedDecision) as e:
        attach_before_melee(ask, ScriptedDice([], ask=True), [])
    assert (e.value.options, e.value.default) == (("none", "1"), "none")
    assert attach_before_melee(ask, ScriptedDice([]), []).leader("mb").attached_to == ""
    told = attach_before_melee(ask, ScriptedDice.of(6, answers={e.value.key: "1"}), [])
    assert told.leader("mb").attached_to == "1"
    assert DECISIONS["WC.PD.22"].default == "no"


def test_WC_PD_34_replacement_next_to_the_unit_nearest_the_lost_leader() -> None:
    """[WC.PD.34] [WC.LEADER.12] a lost Marshal's replacement appears at the front middle of the
    friendly unit nearest the Marshal's last position (unit 2, not unit 1)."""
    from games.war_cometh.leaders import replacement

    s = position(
        unit("1", "a", "base.pikes", 3, (20, 20), 90),
        unit("2", "a", "base.pikes", 3, (100, 20), 90),
        unit("9", "b", "base.pikes", 3, (60, 110), -90),
    )
    lost = replace(s.leader("ma"), x=9000, y=1000, lost=True)
    new = replacement(s.with_leader(lost), lost)
    assert (new.id, new.x, new.y, new.rating, new.command_range, new.ability) == (
        "ma_r",
        10000,
        2000,
        6,
        10,
        Ability.REPLACEMENT,
    )
    assert DECISIONS["WC.PD.34"].default == "nearest unit"


def test_WC_PD_38_tied_targets_go_to_the_lowest_id() -> None:
    """[WC.PD.38] [WC.IMPET.2] an impetuous unit's forced charge, and a Charge/Fire unit's
    nearest enemy, go to the lowest id when two are equally near."""
    from games.war_cometh.ratings import Candidate, forced_charge_target
    from games.war_cometh.reactphase import _nearest_enemy

    tied = [Candidate("E2", 10.0, True, True, True), Candidate("E1", 10.0, True, True, True)]
    assert forced_charge_target(tied, 30.0) == "E1"
    s = position(
        unit("K", "a", KN, 2, (90, 40), 90),
        unit("B", "b", PK, 2, (70, 60), -90),
        unit("A", "b", PK, 2, (110, 60), -90),
    )
    w = World(s)
    assert w.foot(s.unit("K")).distance(w.foot(s.unit("A"))) == w.foot(s.unit("K")).distance(w.foot(s.unit("B")))
    nearest = _nearest_enemy(w, s.unit("K"))
    assert nearest is not None and nearest.id == "A"
    assert DECISIONS["WC.PD.38"].default == "lowest id"
