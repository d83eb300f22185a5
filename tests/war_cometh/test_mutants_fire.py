"""Clauses mutation testing of games/war_cometh/fire.py found unpinned (benchmarks/mutation.py wc:fire): each
stand's rank by formation, every shooting modifier of one firing stand in full, the target's cover against
shooting by terrain, and whole shot plans: which stands fire, how, and the exact refusal when none may
[WC.SHOOT.6] [WC.SHOOT.9]–[WC.SHOOT.12] [WC.SHOOT.14] [WC.SHOOT.18] [WC.SHOOT.23] [WC.FORM.2] [WC.GEOM.9]
[WC.GEOM.18] [WC.VIS] [WC.FORT]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.table.rect import Pose
from games.war_cometh.defence import Cover
from games.war_cometh.fire import ShotPlan, StandShot, cover, plan_shot, shot_mods, stand_ranks
from games.war_cometh.model import Condition, Formation, Stand, State
from games.war_cometh.shooting import Band, ShotMods
from games.war_cometh.world import World

from .helpers import position, unit

BOW = "base.longbowmen"
SPEAR = "base.spearmen"


def archers_and(target: str, terrain: str = "", gap: float = 20.0) -> State:
    """Archers A (2 stands) facing target T ``gap`` cm ahead."""
    return position(unit("A", "a", BOW, 2, (90, 40), 90), unit("T", "b", target, 2, (90, 40 + gap), -90),
                    terrain=terrain)  # fmt: skip


def mods(s: State, band: Band = Band.EFFECTIVE) -> ShotMods:
    w = World(s)
    return shot_mods(w, s.unit("A"), s.unit("T"), w.rects(s.unit("A"))[0], band)


def test_WC_FORM_2_ranks_of_a_regular_formation() -> None:
    """[WC.FORM.2]: the grid row by files; a unit with no files set is one stand wide."""
    s = position(unit("U", "a", SPEAR, 6, (90, 40), 90, files=2))
    w = World(s)
    assert stand_ranks(w, s.unit("U")) == (1, 1, 2, 2, 3, 3)
    assert stand_ranks(w, replace(s.unit("U"), files=0)) == (1, 2, 3, 4, 5, 6)


def test_WC_GEOM_9_WC_SHOOT_6_ranks_of_irregular_formations() -> None:
    """[WC.GEOM.9]: in an irregular formation the stands with a free front edge are rank 1, the rest 2;
    [WC.SHOOT.6]: every hedgehog stand fires to its own front (all rank 1)."""
    s = position(unit("U", "a", SPEAR, 4, (90, 40), 90, files=2))
    w = World(s)
    free = replace(s.unit("U"), formation=Formation.FREE)
    assert sorted(stand_ranks(w, free)) == [1, 1, 2, 2]
    assert stand_ranks(w, free) == stand_ranks(w, s.unit("U"))
    assert stand_ranks(w, replace(s.unit("U"), formation=Formation.HEDGEHOG)) == (1, 1, 1, 1)


def test_WC_SHOOT_14_every_modifier_of_a_stand() -> None:
    """[WC.SHOOT.14]: none against formed spearmen in the open at effective range; the pike (+1), long range,
    a disordered shooter, skirmishers each on its own."""
    assert mods(archers_and(SPEAR)) == ShotMods()
    assert mods(archers_and(SPEAR), Band.LONG) == ShotMods(long_range=True)
    assert mods(archers_and("scots.lowland_pikes_stdy")) == ShotMods(vs_hedgehog_or_pike=True)
    s = archers_and(SPEAR)
    assert mods(s.with_unit(replace(s.unit("T"), formation=Formation.HEDGEHOG))) == ShotMods(vs_hedgehog_or_pike=True)
    assert mods(s.with_unit(replace(s.unit("A"), condition=Condition.DISORDERED))) == ShotMods(disordered_shooter=True)
    assert mods(s.with_unit(replace(s.unit("A"), condition=Condition.ROUTED))) == ShotMods()
    assert mods(archers_and("base.skirmishers")) == ShotMods(vs_skirmishers=True)


def line(kind: str, y: float) -> str:
    return f'[[lines]]\nid = "x"\nkind = "{kind}"\npoints = [[0, {y}], [180, {y}]]\n'


def area(kind: str, y0: float, y1: float) -> str:
    return f'[[areas]]\nid = "w"\nkind = "{kind}"\npoints = [[0, {y0}], [180, {y0}], [180, {y1}], [0, {y1}]]\n'


@pytest.mark.parametrize("kind", ["obstacle", "stream", "pelstream"])
def test_WC_FORT_5_a_target_behind_a_linear_obstacle_is_defended(kind: str) -> None:
    """[WC.FORT.5] [WC.SHOOT.14]: a hedge or stream 1 cm in front of the target: defended (−1)."""
    assert mods(archers_and(SPEAR, line(kind, 59))) == ShotMods(target_defended=True)


def test_WC_FORT_13_a_target_in_a_fortification_is_fortified() -> None:
    """[WC.FORT.13]: fortified (−2), not also defended [WC.FORT.12]."""
    assert mods(archers_and(SPEAR, area("fortification", 55, 70))) == ShotMods(target_fortified=True)


@pytest.mark.parametrize(("kind", "defended"), [("woods", True), ("dense", True), ("marsh", False)])
def test_WC_FORT_6_woods_cover_against_shooting(kind: str, defended: bool) -> None:
    """[WC.FORT.6]: a unit in woods or dense woods is defended against shooting; marsh is no cover."""
    assert mods(archers_and(SPEAR, area(kind, 59, 70))).target_defended is defended


def test_WC_FORT_4_a_target_uphill_is_defended() -> None:
    """[WC.FORT.4]: the target's front rank higher than the firing stand."""
    hill = '[[areas]]\nid = "h"\nkind = "hill"\nlevel = 1\npoints = [[0, 55], [180, 55], [180, 100], [0, 100]]\n'
    assert mods(archers_and(SPEAR, hill)) == ShotMods(target_defended=True)


def test_WC_FORT_3_cavalry_is_defended_only_uphill() -> None:
    """[WC.FORT.3]: cavalry behind a hedge is not defended against shooting."""
    assert mods(archers_and("english.feudal_knights_mtd", line("obstacle", 59))) == ShotMods()


def test_WC_FORT_11_stakes_defend_archers_against_cavalry_only() -> None:
    """[WC.FORT.11]: archers behind stakes are not defended against archers."""
    s = position(unit("A", "a", BOW, 2, (90, 40), 90), unit("T", "b", BOW, 2, (90, 60), -90),
                 terrain=line("stakes", 59))  # fmt: skip
    w = World(s)
    assert cover(w, s.unit("T"), w.rects(s.unit("A"))[0]) is Cover.NONE


# --- whole shot plans [WC.SHOOT.9] ------------------------------------------------------------------------------

PIKES = "base.pikes"
JAV = "base.javelinmen"


def hill(x0: float, y0: float, x1: float, y1: float) -> str:
    return (
        f'[[areas]]\nid = "h{x0}_{y0}"\nkind = "hill"\nlevel = 1\n'
        f"points = [[{x0}, {y0}], [{x1}, {y0}], [{x1}, {y1}], [{x0}, {y1}]]\n"
    )


def box(kind: str, x0: float, y0: float, x1: float, y1: float) -> str:
    points = f"[[{x0}, {y0}], [{x1}, {y0}], [{x1}, {y1}], [{x0}, {y1}]]"
    return f'[[areas]]\nid = "{kind}"\nkind = "{kind}"\npoints = {points}\n'


def plan(s: State, **kw: str) -> ShotPlan:
    w = World(s)
    return plan_shot(w, s.unit("E"), s.unit("S"), **kw)


def shots(plan: ShotPlan) -> list[tuple[int, str, Band, float, int, int]]:
    return [(x.index, x.effect, x.band, round(x.distance, 3), x.dice, x.drm) for x in plan.stands]


def line_of_bows(*others: str, terrain: str = "", extra_head: str = "") -> State:
    """Longbowmen E, 3 stands, front edge at y = 20 (x 44 to 56), facing up the table."""
    return position(unit("E", "a", BOW, 3, (50, 20), 90), *others, terrain=terrain, extra_head=extra_head)


def pikes_at(y: float, stands: int = 3, x: float = 50, files: int = 0) -> str:
    """Enemy pikes S, front edge at ``y`` facing down the table."""
    return unit("S", "b", PIKES, stands, (x, y), -90, files=files)


def test_WC_SHOOT_9_the_plan_in_full() -> None:
    """[WC.SHOOT.9] [WC.SHOOT.14] [WC.SHOOT.18]: every stand of a line at long range, each with its band, distance,
    dice and modifier (+1 pikes −1 long range), and the footprint distance."""
    assert plan(line_of_bows(pikes_at(45))) == ShotPlan(
        "E", "S", tuple(StandShot(i, "full", Band.LONG, 25.0, 2, 0) for i in range(3)), distance=25.0
    )


def test_WC_SHOOT_9_WC_SHOOT_12_refusals_of_the_unit_in_full() -> None:
    """[WC.SHOOT.12] routed; [WC.SHOOT.9] no missile weapon, a friendly target, off the table (the shooter or the
    target); [WC.SHOOT.23] a target in contact with an enemy: each refusal with its rule, words and distance."""
    s = line_of_bows(pikes_at(45))
    routed = s.with_unit(replace(s.unit("E"), condition=Condition.ROUTED))
    assert plan(routed) == ShotPlan("E", "S", (), "unit E is routed: routed units never shoot", "WC.SHOOT.12", 25.0)
    spears = position(unit("E", "a", SPEAR, 3, (50, 20), 90), pikes_at(45))
    assert plan(spears) == ShotPlan("E", "S", (), "unit E has no missile weapon", "WC.SHOOT.9", 25.0)
    friend = position(unit("E", "a", BOW, 3, (50, 20), 90), unit("S", "a", PIKES, 3, (50, 45), -90))
    assert plan(friend) == ShotPlan("E", "S", (), "unit S is a friendly unit", "WC.SHOOT.9", 25.0)
    gone = s.with_unit(replace(s.unit("S"), on_table=False))
    assert plan(gone) == ShotPlan("E", "S", (), "unit S is not on the table", "WC.SHOOT.9", 25.0)
    away = plan(s.with_unit(replace(s.unit("E"), on_table=False)))
    assert (away.ok, away.rule) == (False, "WC.SHOOT.9")
    engaged = line_of_bows(pikes_at(45), unit("M", "a", PIKES, 3, (50, 46.5), 90))
    assert plan(engaged) == ShotPlan(
        "E", "S", (), "unit S is in contact with an enemy and may not be shot at", "WC.SHOOT.23", 25.0
    )


def test_WC_SHOOT_10_WC_SHOOT_11_three_ranks_in_the_open() -> None:
    """[WC.SHOOT.10] [WC.SHOOT.11]: of three ranks of longbows the front shoots at full effect, the second at half,
    the third not at all."""
    s = position(unit("E", "a", BOW, 9, (50, 20), 90, files=3), pikes_at(35))
    assert shots(plan(s)) == [(i, "full", Band.EFFECTIVE, 15.0, 2, 1) for i in range(3)] + [
        (i, "half", Band.EFFECTIVE, 17.0, 2, 1) for i in range(3, 6)
    ]


@pytest.mark.parametrize("kind", ["woods", "marsh", "rough", "dense"])
def test_WC_SHOOT_11_rear_rank_only_in_the_open(kind: str) -> None:
    """[WC.SHOOT.11]: poor or dense terrain on the front edges (woods, marsh, rough, dense) stops the second rank."""
    s = position(unit("E", "a", BOW, 9, (50, 20), 90, files=3), pikes_at(35), terrain=box(kind, 40, 19.5, 60, 20.5))
    assert shots(plan(s)) == [(i, "full", Band.EFFECTIVE, 15.0, 2, 1) for i in range(3)]


def test_WC_SHOOT_10_every_rank_from_a_hillside() -> None:
    """[WC.SHOOT.10]: from a hill over a lower target every rank shoots at full effect; the levels compared are
    the front ranks' [WC.GEOM.16], so a target whose rear ranks stand on a hill is still lower."""
    s = position(unit("E", "a", BOW, 9, (50, 20), 90, files=3), pikes_at(35), terrain=hill(30, 0, 70, 21))
    expected = [(i, "full", Band.EFFECTIVE, 15.0 + 2 * (i // 3), 2, 1) for i in range(9)]
    assert shots(plan(s)) == expected
    rear_up = position(
        unit("E", "a", BOW, 6, (50, 20), 90, files=3),
        pikes_at(35, files=1),
        terrain=hill(30, 0, 70, 21) + hill(40, 36.4, 60, 50),
    )
    assert shots(plan(rear_up)) == expected[:6]


def test_WC_SHOOT_23_a_stand_touching_an_enemy_does_not_shoot() -> None:
    """[WC.SHOOT.23]: the stand an enemy touches holds its fire, the rest shoot; a unit whose only stand is touched
    is refused with the words."""
    touched = line_of_bows(unit("M", "b", PIKES, 1, (42, 20), 90), pikes_at(35))
    assert shots(plan(touched)) == [(i, "full", Band.EFFECTIVE, 15.0, 2, 1) for i in (1, 2)]
    alone = position(unit("E", "a", BOW, 1, (50, 20), 90), unit("M", "b", PIKES, 1, (46, 20), 90), pikes_at(35))
    assert plan(alone) == ShotPlan(
        "E", "S", (), "every stand that could fire is in contact with an enemy", "WC.SHOOT.23", 15.0
    )


def test_WC_SHOOT_6_only_the_stands_with_the_target_in_arc() -> None:
    """[WC.SHOOT.6] [WC.SHOOT.18]: a target off to the right is in the arcs of the middle and right stands only,
    each measuring to the part of it in its own arc."""
    s = line_of_bows(unit("S", "b", PIKES, 1, (60, 28), -90))
    assert shots(plan(s)) == [(1, "full", Band.EFFECTIVE, 10.0, 2, 1), (2, "full", Band.EFFECTIVE, 8.246, 2, 1)]


def test_WC_SHOOT_18_only_the_stands_in_range() -> None:
    """[WC.SHOOT.18]: a target 30 cm ahead of the right stand is at long range for it and out of range (30.3 and
    31.0 cm) for the others."""
    assert shots(plan(line_of_bows(unit("S", "b", PIKES, 1, (58, 50), -90)))) == [(2, "full", Band.LONG, 30.0, 2, 0)]


def test_WC_GEOM_18_only_the_stands_that_see() -> None:
    """[WC.GEOM.18] [WC.SHOOT.7]: friends just ahead of the left stand hide the target from it alone."""
    s = line_of_bows(unit("F", "a", PIKES, 2, (45, 22), 90), pikes_at(35))
    assert shots(plan(s)) == [(i, "full", Band.EFFECTIVE, 15.0, 2, 1) for i in (1, 2)]


@pytest.mark.parametrize(("kind", "seen"), [("woods", False), ("dense", False), ("rough", True)])
def test_WC_VIS_4_woods_between_block_the_shot(kind: str, seen: bool) -> None:
    """[WC.VIS.4] [WC.GEOM.18]: 5 cm of woods or dense woods between hide the target; rough ground does not."""
    p = plan(line_of_bows(pikes_at(35), terrain=box(kind, 30, 25, 70, 30)))
    if seen:
        assert shots(p) == [(i, "full", Band.EFFECTIVE, 15.0, 2, 1) for i in range(3)]
    else:
        assert p == ShotPlan("E", "S", (), "no line of sight to unit S", "WC.GEOM.18", 15.0)


@pytest.mark.parametrize(("shooter", "between", "seen"), [
    ("base.horse_archers", PIKES, True), ("base.horse_archers", "base.knights_mtd", False), (BOW, PIKES, False),
])  # fmt: skip
def test_WC_VIS_6_cavalry_see_over_foot(shooter: str, between: str, seen: bool) -> None:
    """[WC.VIS.6]: horse archers see, and shoot, over a line of foot but not over cavalry; foot archers see over
    neither."""
    s = position(
        unit("E", "a", shooter, 2, (50, 20), 90), unit("F", "a", between, 3, (50, 25), 90), pikes_at(33)
    )
    p = plan(s)
    if seen:
        assert shots(p) == [(0, "full", Band.LONG, 13.0, 1, 0), (1, "full", Band.LONG, 13.0, 1, 0)]
    else:
        assert p == ShotPlan("E", "S", (), "no line of sight to unit S", "WC.GEOM.18", 13.0)


def test_WC_SHOOT_10_no_stand_in_a_rank_that_may_shoot() -> None:
    """[WC.SHOOT.10] [WC.GEOM.9]: two javelin stands in a free formation face to face block each other's front
    edge: both are rear rank, and javelins never shoot from there."""
    s = position(unit("E", "a", JAV, 2, (50, 20), 90), pikes_at(25))
    e = s.unit("E")
    facing = Stand(e.stands[1].profile, Pose.of(48.0, 21.0, -90.0))
    s = s.with_unit(replace(e, formation=Formation.FREE, stands=(e.stands[0], facing)))
    assert stand_ranks(World(s), s.unit("E")) == (2, 2)
    assert plan(s) == ShotPlan("E", "S", (), "no stand is in a rank that may shoot", "WC.SHOOT.10", 3.0)


def test_WC_SHOOT_6_an_irregular_shooter_on_a_table_with_hills() -> None:
    """[WC.SHOOT.6] [WC.GEOM.9]: skirmishers in a free formation (a hill elsewhere, so levels are looked up) shoot
    all round at a target behind them from every stand (both front rank), measuring from the stand's edge
    nearest the target."""
    s = position(
        unit("E", "a", JAV, 2, (50, 40), 90), unit("S", "b", PIKES, 3, (50, 35), 90), terrain=hill(0, 60, 10, 70)
    )
    s = s.with_unit(replace(s.unit("E"), formation=Formation.FREE))
    assert shots(plan(s)) == [(0, "full", Band.EFFECTIVE, 3.0, 1, 1), (1, "full", Band.EFFECTIVE, 3.0, 1, 1)]


def test_WC_SHOOT_17_fantasy_ranges_and_arcs() -> None:
    """[WC.SHOOT.17] (F): longbows reach no further than their effective 20 cm; [WC.SHOOT.6] (F) skirmishers
    shoot in their frontal arc only (in a historical game all round)."""
    f = 'variant = "fantasy"\n'
    assert plan(line_of_bows(pikes_at(45), extra_head=f)) == ShotPlan(
        "E", "S", (), "unit S is out of range: 25.0 cm, maximum 20 cm", "WC.SHOOT.18", 25.0
    )
    behind = (unit("E", "a", JAV, 3, (50, 40), 90), unit("S", "b", PIKES, 3, (50, 35), 90))
    assert plan(position(*behind, extra_head=f)) == ShotPlan(
        "E", "S", (), "unit S is outside the firing arc of every stand", "WC.SHOOT.6", 3.0
    )
    assert shots(plan(position(*behind))) == [(i, "full", Band.EFFECTIVE, 3.0, 1, 1) for i in range(3)]


def test_WC_SHOOT_16_archers_in_woods_shoot_to_effective_range() -> None:
    """[WC.SHOOT.16]: longbowmen in woods reach 20 cm only; the refusal gives the nearest stand's distance."""
    assert plan(line_of_bows(pikes_at(45), terrain=box("woods", 40, 10, 60, 20.5))) == ShotPlan(
        "E", "S", (), "unit S is out of range: 25.0 cm, maximum 20 cm", "WC.SHOOT.18", 25.0
    )


def melee_cover(target: str, terrain: str) -> Cover:
    s = archers_and(target, terrain)
    w = World(s)
    return cover(w, s.unit("T"), w.rects(s.unit("A"))[0], melee=True)


@pytest.mark.parametrize(
    ("target", "kind", "expected"),
    [
        ("base.skirmishers", "woods", Cover.DEFENDED),
        ("base.skirmishers", "marsh", Cover.DEFENDED),
        (SPEAR, "woods", Cover.NONE),
        (SPEAR, "marsh", Cover.NONE),
    ],
)
def test_WC_FORT_6_woods_in_melee_only_for_skirmishers(target: str, kind: str, expected: Cover) -> None:
    """[WC.FORT.6] [WC.SKIRM.9]: in melee woods give formed foot nothing; skirmishers in woods or marsh are
    defended."""
    assert melee_cover(target, area(kind, 59, 70)) is expected


def test_WC_FORT_4_level_with_the_shooter_is_not_uphill() -> None:
    """[WC.FORT.4]: shooter and target on the same hill: the target is not higher, so not defended."""
    hill = '[[areas]]\nid = "h"\nkind = "hill"\nlevel = 1\npoints = [[0, 0], [180, 0], [180, 100], [0, 100]]\n'
    assert mods(archers_and(SPEAR, hill)) == ShotMods()


def test_WC_FORT_1_cover_is_judged_on_the_front_rank() -> None:
    """[WC.FORT.1] [WC.FORT.6]: woods under the target's rear rank only give it no cover; under its front rank
    they do."""
    s = position(unit("A", "a", BOW, 2, (90, 40), 90), unit("T", "b", SPEAR, 4, (90, 60), -90, files=2),
                 terrain=area("woods", 61.4, 70))  # fmt: skip
    assert mods(s) == ShotMods()
    s = position(unit("A", "a", BOW, 2, (90, 40), 90), unit("T", "b", SPEAR, 4, (90, 60), -90, files=2),
                 terrain=area("woods", 59.9, 70))  # fmt: skip
    assert mods(s) == ShotMods(target_defended=True)


def test_WC_FORT_11_stakes_defend_archers_against_cavalry_in_melee() -> None:
    """[WC.FORT.11] [WC.SPECIAL.6]: archers behind stakes are defended against a cavalry attack in melee, fortified
    if also uphill; not against foot."""
    s = position(unit("A", "a", "base.knights_mtd", 2, (90, 40), 90), unit("T", "b", BOW, 2, (90, 60), -90),
                 terrain=line("stakes", 59))  # fmt: skip
    w = World(s)
    knights = w.rects(s.unit("A"))[0]
    assert cover(w, s.unit("T"), knights, melee=True, attacker_cavalry=True) is Cover.DEFENDED
    assert cover(w, s.unit("T"), knights, melee=True) is Cover.NONE
    hill = '[[areas]]\nid = "h"\nkind = "hill"\nlevel = 1\npoints = [[0, 55], [180, 55], [180, 100], [0, 100]]\n'
    up = World(position(unit("A", "a", "base.knights_mtd", 2, (90, 40), 90), unit("T", "b", BOW, 2, (90, 60), -90),
                        terrain=line("stakes", 59) + hill))  # fmt: skip
    assert cover(up, s.unit("T"), knights, melee=True, attacker_cavalry=True) is Cover.FORTIFIED


@pytest.mark.parametrize(("enemy", "defended"), [("base.knights_mtd", True), (SPEAR, False)])
def test_WC_REACT_12_WC_FORT_11_stakes_in_a_reaction_test(enemy: str, defended: bool) -> None:
    """[WC.REACT.12] [WC.FORT.11]: a reaction test counts the cover against a frontal melee by the nearest enemy:
    archers behind stakes are defended when that enemy is cavalry, not when it is foot (a bug found by mutation
    testing: the stakes never counted there)."""
    from games.war_cometh.reaction import reaction_mods

    s = position(unit("A", "a", enemy, 2, (90, 40), 90), unit("T", "b", BOW, 2, (90, 60), -90),
                 terrain=line("stakes", 59))  # fmt: skip
    m = reaction_mods(World(s), s.unit("T"))
    assert (m.defended, m.fortified) == (defended, False)


@pytest.mark.parametrize(("stakes", "hill", "chits"), [(False, False, ("threat",)), (True, False, ("threat",)),
                                                       (False, True, ("threat",)), (True, True, ())])  # fmt: skip
def test_WC_REACT_8_WC_FORT_11_impetuous_knights_and_archers_behind_stakes_uphill(
    stakes: bool, hill: bool, chits: tuple[str, ...]
) -> None:
    """[WC.REACT.8] [WC.FORT.11]: impetuous knights get a threat chit from archers in reach unless those are
    fortified against them: behind stakes and uphill (stakes or the hill alone only make them defended)."""
    from games.war_cometh.chits import start_of_turn_chits

    up = '[[areas]]\nid = "h"\nkind = "hill"\nlevel = 1\npoints = [[0, 55], [180, 55], [180, 100], [0, 100]]\n'
    terrain = (line("stakes", 59) if stakes else "") + (up if hill else "")
    s = position(unit("K", "a", "base.knights_mtd", 2, (90, 40), 90), unit("T", "b", BOW, 2, (90, 60), -90),
                 terrain=terrain)  # fmt: skip
    assert start_of_turn_chits(s, []).unit("K").chits == chits


def test_WC_SHOOT_10_a_rear_stand_listed_first() -> None:
    """[WC.SHOOT.10] [WC.GEOM.9]: in a free formation the first stand listed stands behind the second: it is rear
    rank (javelins: no shot), and the front one still shoots."""
    s = position(unit("E", "a", JAV, 2, (50, 20), 90), pikes_at(24))
    e = s.unit("E")
    behind, ahead = (Stand(e.stands[0].profile, Pose.of(48.0, y, 90.0)) for y in (17.0, 19.0))
    s = s.with_unit(replace(e, formation=Formation.FREE, stands=(behind, ahead)))
    assert stand_ranks(World(s), s.unit("E")) == (2, 1)
    assert shots(plan(s)) == [(1, "full", Band.EFFECTIVE, 4.0, 1, 1)]


@pytest.mark.parametrize("kind", ["building", "impassable"])
def test_WC_GEOM_18_buildings_and_impassable_ground_block_sight(kind: str) -> None:
    """[WC.GEOM.18] [WC.VIS]: a building or impassable ground between hides the target."""
    p = plan(line_of_bows(pikes_at(35), terrain=box(kind, 30, 25, 70, 30)))
    assert p == ShotPlan("E", "S", (), "no line of sight to unit S", "WC.GEOM.18", 15.0)


def test_WC_SHOOT_6_WC_GEOM_18_all_round_shooters_see_from_every_edge() -> None:
    """[WC.SHOOT.6] [WC.GEOM.18]: horse archers fire all round and see from their whole perimeter: knights just
    beside them hide a target on their left from their front edge, not from their left edge."""
    s = position(unit("E", "a", "base.horse_archers", 1, (50, 20), 90), unit("S", "b", PIKES, 1, (36, 16), 0),
                 unit("B", "a", "base.knights_mtd", 1, (44, 20), 90))  # fmt: skip
    assert shots(plan(s)) == [(0, "full", Band.LONG, 12.0, 1, 0)]


def test_WC_GEOM_18_a_formed_target_is_seen_by_its_near_side() -> None:
    """[WC.GEOM.18] step 2: a regular target is seen by the side of its formation facing the shooter: pikes seen
    from their right, with a friend's stand right against that side, are hidden though their front edges are in
    plain view."""
    s = position(unit("E", "a", BOW, 1, (72, 25), 150), pikes_at(35), unit("B", "b", PIKES, 1, (57, 35.5), 180))
    p = plan(s)
    assert (p.ok, p.rule, p.problem) == (False, "WC.GEOM.18", "no line of sight to unit S")
