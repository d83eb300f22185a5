"""Unit-level ratings: dice that hit and save, mixed units, missile and melee units, impetuous
units and their forced-charge targets [WC.RATING] [WC.MIXED] [WC.SCALE] [WC.IMPET].

Shooting and melee (part 2) use these; part 1 uses them for orders, command and movement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .troops import Category, Profile, Quality, TroopType, majority_quality

__all__ = [
    "CM_PER_YARDS",
    "IMPETUOUS_BONUS",
    "UnitRating",
    "armor_quality",
    "die_hits",
    "rate_unit",
    "saved",
    "stands_removed",
]

CM_PER_YARDS = 10
"""1 cm on the table is 10 yards (or metres) on the ground [WC.SCALE.1]; men per stand are
descriptive only, and the mechanics count stands, never figures [WC.SCALE.2]."""
DIE_SIDES = 6
"""Only six-sided dice are used [WC.SCALE.4]; every die comes from a logged roll."""
IMPETUOUS_BONUS = 2
"""Impetuous units add 2 on Reaction and Pursuit Tests [WC.IMPET.6] [WC.IMPET.6a]."""
FANTASY_IMPETUOUS = (
    "Empire Flagellants",
    "Empire Knights",
    "Ogres",
    "Dwarf Troll Slayers",
    "Bretonnian Knights",
    "Grail Knights",
    "Dark Elf Witch Elves",
    "Dire Wolves",
)
"""(F) Warmaster units that are impetuous [WC.IMPET.5]."""


def die_hits(natural: int, drm: int = 0) -> bool:
    """A die hits on a modified 4+; a natural 6 always hits; a natural 1 has no special rule
    [WC.RATING.4]."""
    return natural == 6 or natural + drm >= 4


def armor_quality(armor: int) -> int:
    """Smaller is better; armor 0 (no save) ranks as 7 [WC.META.5]."""
    return 7 if armor == 0 else armor


def saved(roll: int, armor: int) -> bool:
    """A hit is saved on a D6 of at least the armor rating; armor 0 never saves [WC.RATING.6]."""
    return armor != 0 and roll >= armor


def stands_removed(hits: int, hits_per_stand: int) -> tuple[int, int]:
    """Stands removed by ``hits`` and the hits left on the unit: a stand goes once it has taken
    H hits [WC.RATING.5]."""
    return divmod(hits, hits_per_stand)


@dataclass(frozen=True, slots=True)
class UnitRating:
    """A unit's unit-level attributes [WC.MIXED.5] [WC.RATING.10]."""

    quality: Quality
    irregular: bool
    impetuous: bool
    missile: bool
    melee_unit: bool
    category: Category


def rate_unit(stands: Sequence[Profile], front_rank: Sequence[Profile]) -> UnitRating:
    """Attributes of a (possibly mixed) unit [WC.MIXED.1] [WC.MIXED.5] [WC.RATING.7]
    [WC.RATING.10]: quality, irregular and impetuous by majority (ties to the worse); impetuous
    from dismounted knights only if they are the majority; a missile unit by the majority of its
    front rank; a melee unit is neither missile-armed nor skirmishing; the slowest category moves.
    """
    n = len(stands)
    irregular = 2 * sum(p.irregular for p in stands) >= n
    imp_dk = [p for p in stands if p.impetuous and p.type is TroopType.DISMOUNTED_KNIGHTS]
    impetuous = 2 * sum(p.impetuous for p in stands) >= n
    if imp_dk and len(imp_dk) * 2 <= n:
        impetuous = 2 * sum(p.impetuous and p.type is not TroopType.DISMOUNTED_KNIGHTS for p in stands) > n
    missile = 2 * sum(p.missile_armed for p in front_rank) > len(front_rank)
    skirm = all(p.skirmisher for p in stands)
    order = [Category.ARTILLERY, Category.WAR_WAGON, Category.INFANTRY, Category.MONSTERS, Category.CAVALRY]
    cats = {p.category for p in stands}
    category = next((c for c in order if c in cats), next(iter(cats)))
    return UnitRating(
        majority_quality([p.quality for p in stands]),
        irregular,
        impetuous,
        missile,
        not missile and not skirm,
        category,
    )


def knights_in_front(stands: Sequence[tuple[Profile, int]]) -> bool:
    """(H) A dismounted-knight stand in a mixed unit must be in the front rank [WC.MIXED.2];
    ``stands`` are (profile, rank)."""
    return all(rank == 1 for p, rank in stands if p.type is TroopType.DISMOUNTED_KNIGHTS)


def levy_terrified_of_cavalry(stands: Sequence[Profile]) -> bool:
    """(H) A Levy unit is terrified of cavalry unless it still has a knight stand [WC.MIXED.3]."""
    rating = majority_quality([p.quality for p in stands])
    return rating is Quality.LEVY and not any(p.type.is_knights for p in stands)


@dataclass(frozen=True, slots=True)
class Candidate:
    """An enemy unit an impetuous unit might be forced to charge."""

    unit: str
    distance: float
    in_arc: bool
    visible: bool
    melee_unit: bool


def forced_charge_target(candidates: Sequence[Candidate], reach: float) -> str | None:
    """The target of an impetuous unit's forced charge [WC.IMPET.1] [WC.IMPET.2] [WC.IMPET.3]:
    the nearest melee unit within reach, in arc and in sight; failing that the nearest such unit
    of any kind; ties to the lowest id [WC.PD.38]; None when there is no legal charge (then the unit makes
    the Charge/Fire advance of part 2)."""
    legal = [c for c in candidates if c.in_arc and c.visible and c.distance <= reach + 1e-6]
    for pool in ([c for c in legal if c.melee_unit], legal):
        if pool:
            return min(pool, key=lambda c: (c.distance, c.unit)).unit
    return None


def historical_impetuous(p: Profile) -> bool:
    """(H) Every warband and every irregular mounted knight unit is impetuous [WC.IMPET.4]
    [WC.RATING.9]; dismounting drops it (part 2, [WC.LIST.7])."""
    return p.type is TroopType.WARBAND or (p.type is TroopType.MOUNTED_KNIGHTS and p.irregular)


def may_charge(formation_regular: bool) -> bool:
    """An irregular formation may not charge; it may still pursue or advance [WC.FORM.11]."""
    return formation_regular


def may_dismount(special: tuple[str, ...], profile_id: str) -> bool:
    """(SCN) At Bannockburn the English knights may not dismount [WC.SCN.5]; elsewhere any
    profile with a dismounted form may (the list's ``dismounts_to``)."""
    return not ("WC.SCN.5" in special and profile_id.startswith("english.") and "knights_mtd" in profile_id)
