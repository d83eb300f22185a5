"""Clauses mutation testing of games/war_cometh/shooting.py found unpinned (benchmarks/mutation.py wc:shooting):
the ranges of every missile, the range bands' edges, each modifier with the special-rule hook, the armor
adjustments of every weapon, ranks, arcs, who picks targets and who moves after shooting, and which guns
bounce [WC.SHOOT.1] [WC.SHOOT.6] [WC.SHOOT.8] [WC.SHOOT.10]–[WC.SHOOT.21] [WC.SHOOT.35]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.war_cometh.lists import all_profiles
from games.war_cometh.model import Formation
from games.war_cometh.shooting import (
    Band,
    ShotMods,
    adjusted_armor,
    all_round,
    bounce_extra_dice,
    bounces,
    guns_allowed,
    half_effect,
    range_band,
    rank_may_shoot,
    saved,
    shoot_and_move,
    shot_drm,
    stand_dice,
    stands_pick_targets,
    weapon_ranges,
)
from games.war_cometh.troops import Category, Missile, Profile, TroopType

P = all_profiles()
BOW = P["base.longbowmen"]


def armed(missile: Missile | None, shoot: int = 2, base: Profile = BOW, **kw: object) -> Profile:
    """A copy of ``base`` (longbowmen unless told) with another missile and shooting dice."""
    return replace(base, missile=missile, shoot=shoot, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("missile", "ranges"),
    [
        (Missile.SB, (10, 15)),
        (Missile.SLING, (10, 15)),
        (Missile.ARQUEBUS, (10, 15)),
        (Missile.HANDGUN, (10, 15)),
        (Missile.LB, (20, 30)),
        (Missile.CB, (20, 30)),
        (Missile.JAV, (5, 5)),
    ],
)
def test_WC_SHOOT_16_range_of_every_missile(missile: Missile, ranges: tuple[int, int]) -> None:
    """[WC.SHOOT.16]: short bows, slings, arquebuses and handguns 10/15 cm; longbows and crossbows 20/30 cm;
    javelins 5 cm and no long range."""
    assert weapon_ranges(armed(missile)) == ranges


def test_WC_SHOOT_16_no_missile_or_no_dice_no_range() -> None:
    """[WC.SHOOT.16] [WC.RATING.3]: a unit with no missile, or a missile and no shooting dice, has range 0."""
    assert weapon_ranges(armed(None)) == (0, 0)
    assert weapon_ranges(armed(Missile.LB, 0)) == (0, 0)
    assert weapon_ranges(armed(Missile.LB, 1)) == (20, 30)


@pytest.mark.parametrize(
    ("missile", "ranges"),
    [
        (Missile.SB, (10, 10)),
        (Missile.CB, (20, 20)),
        (Missile.LB, (20, 20)),
        (Missile.SLING, (10, 15)),
        (Missile.HANDGUN, (10, 15)),
        (Missile.JAV, (5, 5)),
    ],
)
def test_WC_SHOOT_16_in_woods_bows_reach_effective_range_only(missile: Missile, ranges: tuple[int, int]) -> None:
    """[WC.SHOOT.16]: bows and crossbows in woods shoot no further than effective range; other missiles keep
    their long range."""
    assert weapon_ranges(armed(missile), in_woods=True) == ranges


def test_WC_SHOOT_16_light_guns_by_type_id_or_name() -> None:
    """[WC.SHOOT.16]: war wagons and ribaudequins (known by type, id or name, any case) reach 20/30 cm, every
    other gun 40/60 cm; in woods guns keep their long range; (F) [WC.SHOOT.17] maximum equals effective."""
    gun = P["base.bombard"]
    assert weapon_ranges(gun) == (40, 60)
    assert weapon_ranges(gun, in_woods=True) == (40, 60)
    assert weapon_ranges(gun, fantasy=True) == (40, 40)
    assert weapon_ranges(replace(gun, id="x.Ribaudequin_battery")) == (20, 30)
    assert weapon_ranges(replace(gun, name="Great RIBAUDEQUIN")) == (20, 30)
    assert weapon_ranges(replace(gun, type=TroopType.WAR_WAGON)) == (20, 30)


def test_WC_SHOOT_18_band_edges() -> None:
    """[WC.SHOOT.18] [WC.GEOM.2]: up to effective range (within 1e-6 cm) effective, up to maximum long, beyond
    no shot."""
    assert range_band(10 + 1e-6, 10, 15) is Band.EFFECTIVE
    assert range_band(10.0000005, 10, 15) is Band.EFFECTIVE
    assert range_band(10.000002, 10, 15) is Band.LONG
    assert range_band(10.5, 10, 15) is Band.LONG
    assert range_band(15 + 1e-6, 10, 15) is Band.LONG
    assert range_band(15.0000005, 10, 15) is Band.LONG
    assert range_band(15.000002, 10, 15) is None
    assert range_band(15.5, 10, 15) is None
    assert range_band(0.0, 0, 0) is Band.EFFECTIVE


def test_WC_SHOOT_14_modifiers_add_up_with_the_hook() -> None:
    """[WC.SHOOT.14]: every modifier at once (+1 −1 −1 −2 −1 = −4), the special rules' extra added; defended
    alone −1; nothing 0."""
    every = ShotMods(True, True, True, True, True, True, 0)
    assert shot_drm(every) == -4
    assert shot_drm(replace(every, extra=2)) == -2
    assert shot_drm(replace(every, extra=-1)) == -5
    assert shot_drm(ShotMods()) == 0
    assert shot_drm(ShotMods(extra=3)) == 3
    assert shot_drm(ShotMods(target_defended=True, extra=1)) == 0
    assert shot_drm(every, fantasy=True) == -3


def test_WC_SHOOT_15_dice_of_a_stand() -> None:
    """[WC.RATING.3] [WC.SHOOT.15]: a stand rolls its shooting attacks; no missile, no dice."""
    assert stand_dice(armed(Missile.LB, 3)) == 3
    assert stand_dice(armed(Missile.JAV, 1)) == 1
    assert stand_dice(armed(None, 3)) == 0


@pytest.mark.parametrize(
    ("armor", "missile", "band", "after"),
    [
        (0, Missile.HANDGUN, Band.EFFECTIVE, 0),
        (6, Missile.ARQUEBUS, Band.EFFECTIVE, 0),
        (5, Missile.ARQUEBUS, Band.LONG, 6),
        (2, Missile.HANDGUN, Band.EFFECTIVE, 3),
        (4, Missile.HANDGUN, Band.EFFECTIVE, 5),
        (6, Missile.SB, Band.LONG, 5),
        (4, Missile.SB, Band.EFFECTIVE, 3),
        (0, Missile.SB, Band.EFFECTIVE, 0),
        (2, Missile.LB, Band.LONG, 2),
        (6, Missile.LB, Band.LONG, 5),
        (5, Missile.LB, Band.EFFECTIVE, 5),
        (3, Missile.CB, Band.EFFECTIVE, 3),
        (3, Missile.SLING, Band.LONG, 3),
        (2, Missile.ART, Band.EFFECTIVE, 0),
        (6, Missile.ART, Band.LONG, 0),
    ],
)
def test_WC_SHOOT_21_armor_after_every_weapon(armor: int, missile: Missile, band: Band, after: int) -> None:
    """[WC.SHOOT.21]: handguns and arquebuses worsen armor a level (6 to 0, none stays none); short bows, and
    longbows at long range, improve it a level to at best 2, never from 0; crossbows, slings and longbows at
    effective range leave it; artillery ignores it."""
    assert adjusted_armor(armor, missile, band) == after


@pytest.mark.parametrize(
    ("missile", "band", "after"),
    [
        (Missile.LB, Band.LONG, 6),
        (Missile.LB, Band.EFFECTIVE, 0),
        (Missile.SB, Band.LONG, 0),
        (Missile.CB, Band.LONG, 0),
    ],
)
def test_WC_SHOOT_35_the_option_only_for_longbows_at_long_range(missile: Missile, band: Band, after: int) -> None:
    """[WC.SHOOT.35]: ``longbow_improves_armor0`` gives armor 0 a 6 against longbows at long range only."""
    assert adjusted_armor(0, missile, band, longbow_improves_armor0=True) == after
    assert adjusted_armor(4, missile, band, longbow_improves_armor0=True) == adjusted_armor(4, missile, band)


def test_WC_SHOOT_15_saves() -> None:
    """[WC.META.5] [WC.SHOOT.15]: the die meets the armor; armor 0 never saves, even on a 6."""
    assert saved(2, 2) and saved(6, 2) and not saved(1, 2)
    assert saved(6, 6) and not saved(5, 6)
    assert not saved(6, 0) and not saved(0, 0)


def test_WC_SHOOT_11_half_effect_rounds_up() -> None:
    """[WC.SHOOT.11] [WC.SHOOT.27]: halve, rounding up."""
    assert [half_effect(n) for n in range(7)] == [0, 1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize(
    ("rank", "missile", "in_open", "hillside", "effect"),
    [
        (1, Missile.JAV, False, False, "full"),
        (1, Missile.LB, True, False, "full"),
        (2, Missile.SB, True, False, "half"),
        (2, Missile.SB, False, False, "no"),
        (2, Missile.SLING, True, False, "no"),
        (2, Missile.HANDGUN, True, False, "no"),
        (2, Missile.ART, True, False, "no"),
        (2, Missile.JAV, False, True, "full"),
        (3, Missile.CB, True, False, "no"),
        (3, Missile.CB, False, True, "full"),
    ],
)
def test_WC_SHOOT_10_every_rank(rank: int, missile: Missile, in_open: bool, hillside: bool, effect: str) -> None:
    """[WC.SHOOT.10] [WC.SHOOT.11]: the front rank full; rank 2 bows and crossbows (longbow, short bow,
    crossbow: not slings, handguns or guns) half in the open; every rank full from a hillside."""
    assert rank_may_shoot(rank, missile, in_open=in_open, hillside=hillside) == effect


def test_WC_SHOOT_6_who_fires_all_round() -> None:
    """[WC.SHOOT.6]: skirmish infantry (H only), horse archers (light cavalry with short bows, not with
    javelins, not foot with short bows) and war wagons fire all round; nobody else."""
    skirm = P["base.javelinmen"]
    assert all_round(skirm) and not all_round(skirm, historical=False)
    ha = P["base.horse_archers"]
    assert all_round(ha, historical=False)
    assert not all_round(replace(ha, missile=Missile.JAV))
    assert not all_round(replace(ha, category=Category.INFANTRY))
    assert not all_round(P["base.archers_bow"])
    assert all_round(P["base.war_wagon"], historical=False)
    assert not all_round(P["base.bombard"])


def test_WC_SHOOT_8_who_picks_targets_stand_by_stand() -> None:
    """[WC.SHOOT.8] [WC.TARGET.5]: skirmishers, horse archers (short bows, not javelins) and hedgehogs pick
    stand by stand; a line of bows or a column does not."""
    ha = P["base.horse_archers"]
    assert stands_pick_targets(ha, Formation.COLUMN)
    assert not stands_pick_targets(replace(ha, missile=Missile.JAV), Formation.LINE)
    assert not stands_pick_targets(BOW, Formation.COLUMN)
    assert stands_pick_targets(P["base.archers_skir"], Formation.LINE)


def test_WC_SHOOT_1_who_may_shoot_and_move() -> None:
    """[WC.SHOOT.1]: infantry skirmishers, light cavalry and (F) flyers; not bowmen, knights or guns."""
    assert shoot_and_move(P["base.archers_skir"]) and shoot_and_move(P["base.hobilar"])
    assert shoot_and_move(replace(BOW, category=Category.FLYERS))
    assert not shoot_and_move(BOW) and not shoot_and_move(P["base.knights_mtd"])
    assert not shoot_and_move(P["base.bombard"])


def test_WC_SHOOT_20_guns_from_1382() -> None:
    """[WC.SHOOT.20] (H): 1381 no guns, 1382 and after guns."""
    assert [guns_allowed(y) for y in (1381, 1382, 1383)] == [False, True, True]


def test_WC_SHOOT_19a_which_guns_bounce_in_each_game() -> None:
    """[WC.SHOOT.19a]: (H) bombards (by id or name), not ribaudequins or cannon; (F) cannon and steam tanks,
    not bombards; never a non-gun, whatever its name."""
    gun = P["base.bombard"]
    assert bounces(gun) and bounces(replace(gun, id="x.gun", name="Great Bombard"))
    assert bounces(replace(gun, id="x.bombard_1", name="Gun"))
    assert not bounces(replace(gun, id="x.gun", name="Cannon"))
    assert not bounces(gun, fantasy=True)
    assert bounces(replace(gun, id="x.gun", name="Cannon"), fantasy=True)
    assert bounces(replace(gun, id="x.steam_tank", name="Tank"), fantasy=True)
    assert bounces(replace(gun, id="x.gun", name="Dwarf CANNON"), fantasy=True)
    assert not bounces(replace(BOW, name="Bombard archers"))
    assert not bounces(replace(BOW, name="Cannon fodder"), fantasy=True)


def test_WC_SHOOT_19_extra_dice() -> None:
    """[WC.SHOOT.19] [WC.TEST.3]: one die per hit per further stand: 2 hits on 3 more stands roll 6, 3 hits on 1
    roll 3, none roll nothing."""
    assert bounce_extra_dice(2, 3) == 6 and bounce_extra_dice(3, 1) == 3
    assert bounce_extra_dice(0, 2) == 0 and bounce_extra_dice(2, 0) == 0
