"""Clauses mutation testing of games/war_cometh/fire.py found unpinned (benchmarks/mutation.py wc:fire): each
stand's rank by formation, every shooting modifier of one firing stand in full, the target's cover against
shooting by terrain [WC.SHOOT.6] [WC.SHOOT.10] [WC.SHOOT.14] [WC.FORM.2] [WC.GEOM.9] [WC.FORT]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.war_cometh.defence import Cover
from games.war_cometh.fire import cover, shot_mods, stand_ranks
from games.war_cometh.model import Condition, Formation, State
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
