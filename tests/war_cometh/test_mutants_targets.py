"""Clauses mutation testing of games/war_cometh/targets.py found unpinned (benchmarks/mutation.py wc:targets):
the candidates' order and filters, artillery's class, the named target's refusals in full, and the plans of
units whose stands pick their own targets [WC.TARGET.1]–[WC.TARGET.6] [WC.FALLBACK.10]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.war_cometh.fire import ShotPlan, StandShot
from games.war_cometh.model import Formation, State
from games.war_cometh.shooting import Band
from games.war_cometh.targets import candidates, check_target, nearest_target, stand_targets, target_class
from games.war_cometh.world import World

from .helpers import position, unit

BOW = "base.longbowmen"


def three(extra_head: str = "") -> State:
    """Longbowmen E; javelin skirmishers N 8 cm ahead, pikes F (12.2 cm) and knights C (14.6 cm)."""
    return position(
        unit("E", "a", BOW, 3, (50, 20), 90),
        unit("N", "b", "base.javelinmen", 3, (50, 28), -90),
        unit("F", "b", "base.pikes", 3, (64, 32), -90),
        unit("C", "b", "base.knights_mtd", 2, (36, 34), -90),
        extra_head=extra_head,
    )


def gun() -> State:
    """A bombard E; pikes N 10 cm ahead, knights C 25.3 cm away."""
    return position(
        unit("E", "a", "base.bombard", 1, (50, 20), 90, files=1),
        unit("N", "b", "base.pikes", 3, (50, 30), -90),
        unit("C", "b", "base.knights_mtd", 2, (60, 45), -90),
    )


def order(plans: list[ShotPlan]) -> list[tuple[str, float]]:
    return [(p.target, round(p.distance, 3)) for p in plans]


def test_WC_TARGET_4_candidates_nearest_first() -> None:
    """[WC.TARGET.4]: every legal target, nearest first, each with its stands; [WC.FALLBACK.10] closed targets
    are left out."""
    s = three()
    w = World(s)
    found = candidates(w, s.unit("E"))
    assert order(found) == [("N", 8.0), ("F", 12.166), ("C", 14.56)]
    assert [len(p.stands) for p in found] == [3, 3, 3]
    assert order(candidates(w, s.unit("E"), closed=("N", "C"))) == [("F", 12.166)]


def test_WC_TARGET_3_skirmishers_passed_over_only_in_historical_games() -> None:
    """[WC.TARGET.3] (H): with ignore-skirmishers the skirmishers are no candidates; (F) the option does
    nothing."""
    s = three()
    assert [p.target for p in candidates(World(s), s.unit("E"), ignore_skirmishers=True)] == ["F", "C"]
    f = three('variant = "fantasy"\n')
    assert [p.target for p in candidates(World(f), f.unit("E"), ignore_skirmishers=True)] == ["N", "F", "C"]


def test_WC_TARGET_1_classes() -> None:
    """[WC.TARGET.1]: a unit's class is its category; candidates of one class only."""
    s = three()
    w = World(s)
    assert [target_class(w, s.unit(u)) for u in ("E", "N", "C")] == ["infantry", "infantry", "cavalry"]
    assert target_class(World(gun()), gun().unit("E")) == "artillery"
    assert [p.target for p in candidates(w, s.unit("E"), klass="cavalry")] == ["C"]
    assert [p.target for p in candidates(w, s.unit("E"), klass="infantry")] == ["N", "F"]


def test_WC_TARGET_1_only_artillery_keeps_to_a_class() -> None:
    """[WC.TARGET.1] [WC.TARGET.2]: the bombard told 'cavalry' must shoot the knights; longbowmen told
    'cavalry' still shoot the nearest; with every target closed there is none."""
    g = gun()
    assert nearest_target(World(g), g.unit("E"), klass="cavalry").target == "C"  # type: ignore[union-attr]
    assert nearest_target(World(g), g.unit("E")).target == "N"  # type: ignore[union-attr]
    s = three()
    assert nearest_target(World(s), s.unit("E"), klass="cavalry").target == "N"  # type: ignore[union-attr]
    assert nearest_target(World(s), s.unit("E"), ignore_skirmishers=True).target == "F"  # type: ignore[union-attr]
    assert nearest_target(World(s), s.unit("E"), closed=("N", "F", "C")) is None


def test_WC_TARGET_2_a_named_target_checked_in_full() -> None:
    """[WC.FALLBACK.10] a closed target; [WC.TARGET.2] a farther one, naming the nearer with both distances;
    [WC.TARGET.1] for artillery of a class; an illegal target's own refusal; the nearest's plan itself."""
    s = three()
    w = World(s)
    e = s.unit("E")
    assert check_target(w, e, s.unit("N"), closed=("N",)) == ShotPlan(
        "E", "N", (), "unit N has already fallen back", "WC.FALLBACK.10"
    )
    far = w.foot(e).distance(w.foot(s.unit("C")))
    assert check_target(w, e, s.unit("C"), closed=("N",)) == ShotPlan(
        "E", "C", (), "unit F is nearer (12.2 cm against 14.6 cm): shoot at it", "WC.TARGET.2", far
    )
    assert check_target(w, e, s.unit("F"), ignore_skirmishers=True) == candidates(w, e, ignore_skirmishers=True)[0]
    assert check_target(w, e, s.unit("N")) == candidates(w, e)[0]
    g = gun()
    gw = World(g)
    far = gw.foot(g.unit("E")).distance(gw.foot(g.unit("C")))
    text = "unit N is nearer (10.0 cm against 25.3 cm): shoot at it"
    klass = check_target(gw, g.unit("E"), g.unit("C"), klass="infantry")
    assert klass == ShotPlan("E", "C", (), text, "WC.TARGET.1", far)
    assert check_target(gw, g.unit("E"), g.unit("C")) == ShotPlan("E", "C", (), text, "WC.TARGET.2", far)
    assert check_target(gw, g.unit("E"), g.unit("C"), klass="cavalry").ok
    behind = position(unit("E", "a", BOW, 3, (50, 40), 90), unit("S", "b", "base.pikes", 3, (50, 30), 90))
    refused = check_target(World(behind), behind.unit("E"), behind.unit("S"))
    assert (refused.rule, refused.problem) == ("WC.SHOOT.6", "unit S is outside the firing arc of every stand")


def test_WC_TARGET_4_a_tie_is_the_shooters_choice() -> None:
    """[WC.TARGET.4]: two targets at the same distance: either may be named; unnamed, the lowest id."""
    s = position(unit("E", "a", BOW, 3, (50, 20), 90), unit("L", "b", "base.pikes", 1, (46, 30), -90),
                 unit("R", "b", "base.pikes", 1, (54, 30), -90))  # fmt: skip
    w = World(s)
    assert check_target(w, s.unit("E"), s.unit("R")).ok and check_target(w, s.unit("E"), s.unit("L")).ok
    assert nearest_target(w, s.unit("E")).target == "L"  # type: ignore[union-attr]


def test_WC_TARGET_5_one_target_for_a_line_unit() -> None:
    """[WC.SHOOT.8] [WC.TARGET.5]: a line of bows shoots its one nearest target, passing over skirmishers if told;
    with none, no plan."""
    s = three()
    w = World(s)
    assert stand_targets(w, s.unit("E")) == [candidates(w, s.unit("E"))[0]]
    assert [p.target for p in stand_targets(w, s.unit("E"), ignore_skirmishers=True)] == ["F"]
    assert stand_targets(w, s.unit("E"), closed=("N", "F", "C")) == []


def skirmishers(left: tuple[float, float], right: tuple[float, float]) -> State:
    return position(unit("E", "a", "base.javelinmen", 2, (50, 20), 90), unit("L", "b", "base.pikes", 1, left, -90),
                    unit("R", "b", "base.pikes", 1, right, -90))  # fmt: skip


def test_WC_TARGET_5_each_stand_its_own_nearest() -> None:
    """[WC.TARGET.5]: skirmisher stands shoot each its nearest target, one plan per target with its stands only
    and the unit's distance to it."""
    s = skirmishers((44, 23), (56, 23))
    stand = {i: StandShot(i, "full", Band.EFFECTIVE, 3.0, 1, 1) for i in (0, 1)}
    assert stand_targets(World(s), s.unit("E")) == [
        ShotPlan("E", "L", (stand[0],), distance=3.0),
        ShotPlan("E", "R", (stand[1],), distance=3.0),
    ]


@pytest.mark.parametrize(("closed", "target"), [((), "L"), (("L",), "R")])
def test_WC_TARGET_5_every_stand_on_the_nearer_unit(closed: tuple[str, ...], target: str) -> None:
    """[WC.TARGET.5]: pikes L 3 cm and R 4 cm straight ahead: both stands shoot L (R once L is closed); the
    farther unit gets no plan."""
    s = skirmishers((50, 23), (50, 24))
    plans = stand_targets(World(s), s.unit("E"), closed=closed)
    assert [(p.target, [x.index for x in p.stands]) for p in plans] == [(target, [0, 1])]


def test_WC_TARGET_5_horse_archers_may_pass_over_skirmishers() -> None:
    """[WC.TARGET.3] [WC.TARGET.5]: horse archers pick stand by stand, passing over skirmishers when told."""
    s = position(
        unit("E", "a", "base.horse_archers", 2, (50, 20), 90),
        unit("K", "b", "base.javelinmen", 1, (50, 23), -90),
        unit("P", "b", "base.pikes", 1, (50, 26), -90),
    )
    w = World(s)
    assert [p.target for p in stand_targets(w, s.unit("E"))] == ["K"]
    assert [p.target for p in stand_targets(w, s.unit("E"), ignore_skirmishers=True)] == ["P"]
    assert [p.target for p in stand_targets(w, s.unit("E"), closed=("K",))] == ["P"]


def test_WC_TARGET_5_hedgehog_stands_pick_their_own() -> None:
    """[WC.SHOOT.8] [WC.TARGET.5]: longbowmen in hedgehog pick a target stand by stand, as in line they would
    not."""
    s = position(unit("E", "a", BOW, 2, (50, 20), 90), unit("L", "b", "base.pikes", 1, (44, 23), -90),
                 unit("R", "b", "base.pikes", 1, (56, 23), -90))  # fmt: skip
    hedgehog = replace(s.unit("E"), formation=Formation.HEDGEHOG)
    plans = stand_targets(World(s.with_unit(hedgehog)), hedgehog)
    assert [(p.target, [x.index for x in p.stands]) for p in plans] == [("L", [0]), ("R", [1])]
    line = stand_targets(World(s), s.unit("E"))
    assert [(p.target, [x.index for x in p.stands]) for p in line] == [("L", [0, 1])]
