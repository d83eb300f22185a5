"""Shooting arithmetic: ranges, range bands, the to-hit roll and its modifiers, armor adjustments
by missile type, saves, half effect, bounce-through dice, and who may shoot and still move
[WC.SHOOT.1] [WC.SHOOT.6] [WC.SHOOT.8] [WC.SHOOT.10]–[WC.SHOOT.21] [WC.SHOOT.35].

Everything here is a named step of plain inputs, so special troops (war wagons, pikes, light
cavalry, skirmishers, fantasy troops) hook in by calling or wrapping one step:

* :func:`weapon_ranges` — effective and maximum range of a profile [WC.SHOOT.16] [WC.SHOOT.17];
* :func:`range_band` — effective, long or out of range [WC.SHOOT.18];
* :class:`ShotMods` / :func:`shot_drm` — the to-hit modifiers [WC.SHOOT.14];
* :func:`stand_dice` — the dice a stand rolls (rank, half effect) [WC.SHOOT.10] [WC.SHOOT.11];
* :func:`hits_on` — one to-hit die [WC.SHOOT.13];
* :func:`adjusted_armor` / :func:`saved` — the save [WC.SHOOT.21] [WC.SHOOT.35].
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .model import Formation
from .troops import Category, Missile, Profile, TroopType

__all__ = [
    "Band",
    "ShotMods",
    "adjusted_armor",
    "all_round",
    "bounce_extra_dice",
    "bounces",
    "guns_allowed",
    "half_effect",
    "hits_on",
    "range_band",
    "rank_may_shoot",
    "saved",
    "shoot_and_move",
    "shot_drm",
    "stand_dice",
    "stands_pick_targets",
    "weapon_ranges",
]

HIT_SCORE = 4
"""Each die hits on a modified 4, 5 or 6 [WC.SHOOT.13]."""
GUNS_FROM_YEAR = 1382
"""(H) Guns in field battles from Beverhoudsveld, 1382 [WC.SHOOT.20]."""
BOUNCE_ZONE_CM = 10.0
"""Bounce-through runs 10 cm behind the first stand struck [WC.SHOOT.19]."""


class Band(Enum):
    """Where a target lies for one firing stand [WC.SHOOT.18]."""

    EFFECTIVE = "effective"
    LONG = "long"


_RANGES: dict[Missile, tuple[int, int | None]] = {
    Missile.JAV: (5, None),
    Missile.SB: (10, 15),
    Missile.SLING: (10, 15),
    Missile.ARQUEBUS: (10, 15),
    Missile.HANDGUN: (10, 15),
    Missile.LB: (20, 30),
    Missile.CB: (20, 30),
}
"""[WC.SHOOT.16]: javelins have no long range; handguns shoot as short bows."""


def _is_light_gun(p: Profile) -> bool:
    """Ribaudequins and war wagons: 20/30 cm rather than the 40/60 cm of the great guns."""
    return p.type is TroopType.WAR_WAGON or "ribaudequin" in p.id.lower() or "ribaudequin" in p.name.lower()


def weapon_ranges(p: Profile, *, fantasy: bool = False, in_woods: bool = False) -> tuple[int, int]:
    """Effective and maximum range in cm [WC.SHOOT.16]: maximum is 1.5 x effective; javelins have
    no long range; archers in woods shoot no further than effective range; (F) maximum equals
    effective ([WC.SHOOT.17], ``fantasy_max_range_is_effective``). 0/0 for a unit with no missile."""
    if p.missile is None or p.shoot <= 0:
        return (0, 0)
    if p.missile is Missile.ART:
        eff, top = (20, 30) if _is_light_gun(p) else (40, 60)
    else:
        eff, maybe = _RANGES[p.missile]
        top = maybe if maybe is not None else eff
    if fantasy or (in_woods and p.missile in (Missile.LB, Missile.SB, Missile.CB)):
        top = eff
    return (eff, top)


def range_band(distance_cm: float, effective: int, maximum: int) -> Band | None:
    """Effective range up to ``effective``, long range up to ``maximum``, else no shot
    [WC.SHOOT.18] (1e-6 cm tolerance, [WC.GEOM.2])."""
    if distance_cm <= effective + 1e-6:
        return Band.EFFECTIVE
    if distance_cm <= maximum + 1e-6:
        return Band.LONG
    return None


@dataclass(frozen=True, slots=True)
class ShotMods:
    """The named inputs of the shooting modifiers [WC.SHOOT.14]."""

    vs_hedgehog_or_pike: bool = False
    """+1, once even if both."""
    long_range: bool = False
    """−1 (never in Fantasy games [WC.SHOOT.17])."""
    disordered_shooter: bool = False
    """−1 [WC.DISORDER.10]."""
    target_fortified: bool = False
    """−2."""
    target_defended: bool = False
    """−1 (higher ground, woods, shieldwall); not added to fortified [WC.FORT.12]."""
    vs_skirmishers: bool = False
    """−1."""
    extra: int = 0
    """Further modifiers from special rules (a hook for [WC.SPECIAL] and [WC.FANTASY])."""


def shot_drm(m: ShotMods, *, fantasy: bool = False) -> int:
    """The to-hit modifier of one stand's dice [WC.SHOOT.14]."""
    drm = 1 if m.vs_hedgehog_or_pike else 0
    drm -= 1 if m.long_range and not fantasy else 0
    drm -= 1 if m.disordered_shooter else 0
    drm -= 2 if m.target_fortified else (1 if m.target_defended else 0)
    drm -= 1 if m.vs_skirmishers else 0
    return drm + m.extra


def stand_dice(p: Profile) -> int:
    """The dice one stand rolls at full effect: its shooting attacks [WC.RATING.3] [WC.SHOOT.15]
    (a hook for special troops)."""
    return p.shoot if p.missile is not None else 0


def hits_on(die: int, drm: int) -> bool:
    """A to-hit die: a modified 4+ hits, a natural 6 always [WC.SHOOT.13]."""
    return die == 6 or die + drm >= HIT_SCORE


def adjusted_armor(armor: int, missile: Missile, band: Band, *, longbow_improves_armor0: bool = False) -> int:
    """The armor a hit is saved with (0 = no save) [WC.SHOOT.21]:

    * short bows, and longbows at long range, improve armor one level (6 -> 5), never 0
      ([WC.SHOOT.35]; ``longbow_improves_armor0`` turns 0 into 6 for longbows at long range);
    * handguns and arquebuses worsen it one level (5 -> 6, 6 -> 0);
    * artillery (and war wagons' ribaudequins) ignore it;
    * javelins, crossbows, slings and longbows at effective range leave it.
    """
    if missile is Missile.ART:
        return 0
    if missile in (Missile.HANDGUN, Missile.ARQUEBUS):
        return 0 if armor in (0, 6) else armor + 1
    improves = missile is Missile.SB or (missile is Missile.LB and band is Band.LONG)
    if improves and armor > 0:
        return max(2, armor - 1)
    if improves and armor == 0 and missile is Missile.LB and longbow_improves_armor0:
        return 6
    return armor


def saved(die: int, armor: int) -> bool:
    """An armor save: the die meets the armor value; armor 0 never saves [WC.META.5] [WC.SHOOT.15]."""
    return armor > 0 and die >= armor


def half_effect(dice: int) -> int:
    """Half effect: halve the dice, rounding up [WC.SHOOT.11] [WC.SHOOT.27]."""
    return (dice + 1) // 2


def rank_may_shoot(rank: int, missile: Missile | None, *, in_open: bool, hillside: bool) -> str:
    """How a stand in ``rank`` (1 = front) shoots: ``full``, ``half`` or ``no`` [WC.SHOOT.10]
    [WC.SHOOT.11]: the front rank at full effect; rank 2 bows and crossbows at half effect in the
    open; every rank at full effect from a hillside at a lower target."""
    if rank == 1 or hillside:
        return "full"
    if rank == 2 and in_open and missile in (Missile.LB, Missile.SB, Missile.CB):
        return "half"
    return "no"


def all_round(p: Profile, *, historical: bool = True) -> bool:
    """Skirmish infantry, horse archers (light cavalry with short bows) and war wagons fire all
    round [WC.SHOOT.6]; everyone else in the stand's 90° frontal arc."""
    horse_archer = p.category is Category.CAVALRY and p.light_cavalry and p.missile is Missile.SB
    return (historical and p.skirmisher) or horse_archer or p.type is TroopType.WAR_WAGON


def stands_pick_targets(p: Profile, formation: Formation) -> bool:
    """Skirmishers, horse archers and hedgehogs choose a target stand by stand; every other unit
    shoots at one target [WC.SHOOT.8] [WC.TARGET.5]."""
    horse_archer = p.light_cavalry and p.missile is Missile.SB
    return p.skirmisher or horse_archer or formation is Formation.HEDGEHOG


def shoot_and_move(p: Profile) -> bool:
    """Infantry skirmishers (H), light cavalry and (F) flyers may shoot and still move; any other
    unit that fires may not move this turn [WC.SHOOT.1]. TODO(WC.FANTASY): steam tanks."""
    return p.skirmisher or p.light_cavalry or p.category is Category.FLYERS


def guns_allowed(year: int) -> bool:
    """(H) Guns fight in field battles only from 1382 [WC.SHOOT.20]."""
    return year >= GUNS_FROM_YEAR


def bounces(p: Profile, *, fantasy: bool = False) -> bool:
    """Which artillery bounces [WC.SHOOT.19a]: (H) bombards; (F) cannon and steam tanks."""
    words = f"{p.id} {p.name}".lower()
    if fantasy:
        return p.missile is Missile.ART and ("cannon" in words or "steam" in words)
    return p.missile is Missile.ART and "bombard" in words


def bounce_extra_dice(hits: int, extra_stands: int) -> int:
    """One extra die per hit for each further target stand in the bounce zone [WC.SHOOT.19]
    [WC.TEST.3]: 2 hits on a 3-stand column gives 4."""
    return hits * extra_stands
