"""(H) Special rules of the Historical armies: shooting at cavalry and replacement mounts,
shieldwalls, stakes, lances, gunpowder dates and feigned retreats [WC.SPECIAL.1]–[WC.SPECIAL.12].

Pure functions; the optional ones take their configuration flag as an argument (§0.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .troops import Category, Flag, MeleeWeapon, Missile, Profile, TroopType

__all__ = [
    "STAKES_YEAR",
    "ArcheryLoss",
    "Feign",
    "Replacement",
    "archery_loss",
    "defended_against",
    "feign_eligible",
    "feign_pursuit_dice",
    "feign_retreat_dice",
    "feign_tester_action",
    "gunpowder_allowed",
    "is_dismounted",
    "join_target",
    "lance_class",
    "lances_restored",
    "may_form_shieldwall",
    "may_plant_stakes",
    "shieldwall_ends",
    "shieldwall_pursuit_mod",
    "stakes_end",
]

STAKES_YEAR = 1415
"""Stakes from 1415 (``year``) [WC.SPECIAL.6]."""
ARCHERY = (Missile.LB, Missile.CB, Missile.SB)
"""Archery for [WC.SPECIAL.1]: bows and crossbows, not artillery, guns or melee."""
GOOD_ENOUGH = ("carry-on", "hesitant")
"""Command results that let a unit form shieldwall or plant stakes: Hesitant or better."""


class Replacement(Enum):
    """What replaces a cavalry stand lost to archery [WC.SPECIAL.1] [WC.SPECIAL.2]."""

    NONE = "none"
    """The stand is simply lost."""
    DISMOUNTED = "dismounted"
    """A dismounted stand of the matching troops, placed at the camp."""
    MOUNTED = "mounted"
    """(Replacement mounts) an identical mounted stand, placed at the camp."""


@dataclass(frozen=True, slots=True)
class ArcheryLoss:
    """The outcome of a cavalry stand lost to archery [WC.SPECIAL.1]–[WC.SPECIAL.3]."""

    replacement: Replacement
    mounts_left: int
    counts_as_loss: bool = True
    """The lost stand counts toward the break point; the replacement adds nothing [WC.BREAK.6]."""


def archery_loss(p: Profile, weapon: Missile | None, *, option: bool, mounts_left: int) -> ArcheryLoss:
    """(OPT,H) A cavalry stand of armor 5 or better lost to bows or crossbows comes back as a
    stand of its dismounted troops at the camp [WC.SPECIAL.1]; the first N such stands come back
    mounted instead (``replacement_mounts``) [WC.SPECIAL.2]. Replacements join a friendly unit of
    the same profile at the start of the owner's turn [WC.PD.33] and never add to the break-point
    total [WC.SPECIAL.3]."""
    cavalry = p.category is Category.CAVALRY and 1 <= p.armor <= 5
    if not (option and cavalry and weapon in ARCHERY):
        return ArcheryLoss(Replacement.NONE, mounts_left)
    if mounts_left > 0:
        return ArcheryLoss(Replacement.MOUNTED, mounts_left - 1)
    return ArcheryLoss(Replacement.DISMOUNTED, mounts_left)


def may_form_shieldwall(p: Profile, *, good_order: bool, result: str) -> bool:
    """Infantry listed with shields, in good order, ordered, and getting Hesitant or better may form
    a shieldwall [WC.SPECIAL.4] [WC.PD.37]."""
    return Flag.SHIELDS in p.flags and p.category is Category.INFANTRY and good_order and result in GOOD_ENOUGH


def shieldwall_ends(
    *, moved: bool, changed_formation: bool, disordered: bool, compulsory: bool, reform_turn_in_zoc: bool = False
) -> bool:
    """A shieldwall ends when the unit moves (compulsory moves too), changes formation or becomes
    disordered; only a turn made as a reform in an enemy ZOC keeps it [WC.SPECIAL.5]."""
    if reform_turn_in_zoc and not (changed_formation or disordered or compulsory):
        return False
    return moved or changed_formation or disordered or compulsory


def shieldwall_pursuit_mod() -> tuple[int, int]:
    """A shieldwall gives ±1 on pursuit tests, sign chosen by the owner [WC.SPECIAL.4]
    [WC.PURSUIT.3] [WC.PD.26]."""
    return (-1, 1)


def may_plant_stakes(p: Profile, *, year: int, good_order: bool, result: str, shot_this_turn: bool) -> bool:
    """(H, from 1415) Bowmen in good order may plant stakes on an order getting Hesitant or
    better, unless they shot this turn; as often as wished [WC.SPECIAL.6] [WC.PD.37]."""
    bowmen = p.missile in (Missile.LB, Missile.CB, Missile.SB) and p.category is Category.INFANTRY
    return bowmen and year >= STAKES_YEAR and good_order and result in GOOD_ENOUGH and not shot_this_turn


def stakes_end(*, moved: bool) -> bool:
    """The stakes are gone as soon as the archers move [WC.SPECIAL.6]."""
    return moved


def defended_against(attacker: Profile, *, shieldwall: bool, stakes: bool, across_stakes: bool, uphill: bool) -> str:
    """The protection a unit has against this attacker: "fortified", "defended" or "none".
    Shieldwall is defended against all [WC.SPECIAL.4]; stakes make archers defended against
    cavalry attacking across them, fortified if they are also uphill, and do nothing against
    infantry [WC.SPECIAL.6]; the melee table's "Archer Stakes −1" is that same status, not added
    to it [WC.SPECIAL.7] [WC.FORT.12]."""
    if stakes and across_stakes and attacker.category is Category.CAVALRY:
        return "fortified" if uphill else "defended"
    return "defended" if shieldwall else "none"


def lance_class(p: Profile, *, option: bool, spent: bool) -> MeleeWeapon:
    """(OPT,H) Lances serve for the first melee only (with its pursuit or advance); after it the
    cavalry counts as OW (class 5) [WC.SPECIAL.8] [WC.SUPERIOR.5]."""
    if option and spent and p.melee_weapon is MeleeWeapon.LANCES:
        return MeleeWeapon.OW
    return p.melee_weapon


def lances_restored(*, touching_own_camp: bool) -> bool:
    """Lances come back by ending a move touching the unit's own camp [WC.SPECIAL.8] [WC.CAMP.8]."""
    return touching_own_camp


def gunpowder_allowed(missile: Missile | None, year: int, first_year: int) -> bool:
    """(H) Gunpowder weapons from their dates only [WC.SPECIAL.9] [WC.SHOOT.20]."""
    if missile not in (Missile.HANDGUN, Missile.ARQUEBUS, Missile.ART):
        return True
    return year >= first_year


@dataclass(frozen=True, slots=True)
class Feign:
    """A feigned retreat announced at the start of the opponent's Reaction Test Phase by the
    non-phasing player only [WC.SPECIAL.10] [WC.SPECIAL.11] [WC.PD.11] (default: none)."""

    unit: str
    dice: int
    """2D6 for infantry, 3D6 for cavalry."""


def feign_eligible(p: Profile, *, option: bool, in_enemy_zoc: bool, skirmishing: bool) -> bool:
    """(OPT,H) A unit that ended its own turn in an enemy ZOC may feign; not impetuous units, not
    skirmishers [WC.SPECIAL.10]."""
    return option and in_enemy_zoc and not p.impetuous and not skirmishing


def feign_retreat_dice(p: Profile) -> int:
    """Dice of the feigning unit's fall back, directly away, ending disordered and facing away:
    2D6 infantry, 3D6 cavalry [WC.SPECIAL.10] [WC.COMPULSORY.3]."""
    return 3 if p.category is Category.CAVALRY else 2


def feign_pursuit_dice(p: Profile) -> int:
    """A non-missile tester on Charge/Fire must pursue 3D6 (infantry) or 4D6 (cavalry) cm straight
    toward the feigner; contact is a charge resolved at once, no contact leaves it disordered
    [WC.SPECIAL.10]."""
    return 4 if p.category is Category.CAVALRY else 3


def feign_tester_action(p: Profile, result: str) -> str:
    """What an enemy unit does on its reaction test (with the +2 feigned-retreat modifier) against a
    feigning unit: "pursue", "shoot" (missile units on Charge/Fire) or "none" [WC.SPECIAL.10]."""
    if result != "charge-fire":
        return "none"
    return "shoot" if p.missile_armed else "pursue"


FEIGN_REACTION_MOD = 2
"""Every enemy whose ZOC the feigner was in tests with +2 [WC.SPECIAL.10]."""

COMMENTARY = ("tactical notes", "historical passages")
"""The tactical notes and quoted history are commentary, not rules [WC.SPECIAL.12]."""


def is_dismounted(p: Profile) -> bool:
    """Dismounted knights are the dismounted troops of [WC.SPECIAL.1] [WC.DISMOUNT.4]."""
    return p.type is TroopType.DISMOUNTED_KNIGHTS


def join_target(stand_profile: str, candidates: list[tuple[str, str, float]]) -> str | None:
    """Where a camp-held dismounted or remounted stand goes at the start of its owner's turn: the
    nearest friendly unit of the same profile (ties: lowest id); None keeps it in camp as a
    1-stand unit [WC.SPECIAL.1] [WC.PD.33]. ``candidates`` are (unit id, profile id, distance)."""
    same = [(d, uid) for uid, pid, d in candidates if pid == stand_profile]
    return min(same)[1] if same else None
