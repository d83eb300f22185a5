"""Melee arithmetic: each fighting stand's attack modifiers and dice, the die modifiers on its
rolls, hits, side totals with support and victory modifiers, the winner and the loser's fallback
[WC.MELEE.1]–[WC.MELEE.30].

Everything is a named step over named inputs, so special troops (war wagons, pikes, Fantasy
rules) can add their own modifiers: :class:`StandCase` carries the facts about one fighting stand,
:func:`attack_modifiers` and :func:`die_modifiers` list every modifier by name with its rule,
``StandCase.extra`` and ``StandCase.extra_drm`` let another module add more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from .troops import Quality

__all__ = [
    "AUTO_DISORDER_CM",
    "Modifier",
    "Outcome",
    "StandCase",
    "UnitCase",
    "attack_modifiers",
    "dice_count",
    "die_modifiers",
    "fallback_each",
    "fell_back_far",
    "hit",
    "need",
    "result",
    "side_total",
]

AUTO_DISORDER_CM = 3
"""A loser that falls back 3 cm or more is disordered [WC.MELEE.21]."""
FANTASY_CAP = (3, -2)
"""(F) A stand's attack modifiers are capped at +3 and −2 [WC.MELEE.13]."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named modifier with the rule that gives it."""

    name: str
    value: int
    rule: str


class PikeFront(Enum):
    """Whether the stand fights the front of a good-order pike unit [WC.MELEE.8] [WC.MELEE.8a]."""

    NO = "no"
    """No pike DRM."""
    MOUNTED = "mounted"
    """Cavalry, monsters and chariots: −2."""
    FOOT = "foot"
    """Infantry: −1."""


@dataclass(frozen=True, slots=True)
class StandCase:
    """What decides one fighting stand's dice in one round [WC.MELEE.3] [WC.MELEE.15]."""

    attacks: int
    historical: bool = True
    first_round: bool = True
    superior: bool = False
    charging_flank_or_rear: bool = False
    """Charge bonus: it charged a flank or rear, or a target also charged there [WC.MELEE.5]."""
    pursuing_same: bool = False
    """Pursued the unit it just beat and fights it again [WC.MELEE.6]."""
    pursuing_mounted: bool = False
    """(H) Cavalry Pursuing; (F) Cav/Char/Mon/Fly Pursues [WC.MELEE.6] [WC.MELEE.12]."""
    fighting_flank_or_rear: bool = False
    pike: bool = False
    swiss_flank_immune: bool = False
    terrified: bool = False
    routed: bool = False
    disordered: bool = False
    """(F) Disordered −1 [WC.MELEE.11]."""
    charging_open: bool = False
    """(F) Cavalry charging infantry or artillery, or chariot/monster/flyer charging, in the open
    [WC.MELEE.12]."""
    charging_disordered: bool = False
    """(F) Charging a unit disordered at declaration [WC.MELEE.12]."""
    cover: int = 0
    """The defender's cover against this stand: 1 defended, 2 fortified [WC.MELEE.10]."""
    pike_front: PikeFront = PikeFront.NO
    min_one_die: bool = True
    """[WC.MELEE.14a] ``hist_min1_die``."""
    extra: tuple[Modifier, ...] = ()
    """Attack modifiers from special rules (§38–§46)."""
    extra_drm: tuple[Modifier, ...] = ()
    """Die modifiers from special rules."""


def attack_modifiers(s: StandCase) -> tuple[Modifier, ...]:
    """Every attack modifier of one stand, by name [WC.MELEE.4] [WC.MELEE.11] [WC.MELEE.15]."""
    out: list[Modifier] = []
    if s.historical and s.superior:
        out.append(Modifier("superior weapon", 1, "WC.SUPERIOR.1"))
    if s.first_round and s.charging_flank_or_rear:
        out.append(Modifier("charging flank or rear", 1, "WC.MELEE.5"))
    if s.first_round and not s.historical:
        if s.charging_open:
            out.append(Modifier("charging in the open", 1, "WC.MELEE.12"))
        if s.charging_disordered:
            out.append(Modifier("charging a disordered unit", 1, "WC.MELEE.12"))
    if s.pursuing_same:
        out.append(Modifier("pursuit against the same unit", 1, "WC.MELEE.6"))
    if s.pursuing_mounted:
        out.append(Modifier("mounted pursuing", 1, "WC.MELEE.6"))
    if s.fighting_flank_or_rear:
        penalty = -2 if s.pike and not s.swiss_flank_immune else -1
        out.append(Modifier("fighting to flank or rear", penalty, "WC.MELEE.7"))
    if s.terrified:
        out.append(Modifier("fighting a terrifying enemy", -1, "WC.MELEE.9"))
    if s.routed:
        out.append(Modifier("routed", -2, "WC.MELEE.26"))
    if s.disordered and not s.historical:
        out.append(Modifier("disordered", -1, "WC.MELEE.11"))
    return (*out, *s.extra)


def dice_count(s: StandCase) -> int:
    """Attacks plus modifiers (attack modifiers add or remove dice [WC.META.4]), (F) capped at
    +3/−2 [WC.MELEE.13], never under 1 die [WC.MELEE.14] [WC.MELEE.14a]."""
    total = sum(m.value for m in attack_modifiers(s))
    if not s.historical:
        total = max(FANTASY_CAP[1], min(FANTASY_CAP[0], total))
    n = s.attacks + total
    return max(1, n) if (s.min_one_die or not s.historical) else max(0, n)


def die_modifiers(s: StandCase) -> tuple[Modifier, ...]:
    """The DRMs on this stand's dice: the defender's cover (never added up) and pikes
    [WC.MELEE.8] [WC.MELEE.10] [WC.FORT.12]."""
    out: list[Modifier] = []
    if s.cover:
        out.append(Modifier("fortified" if s.cover >= 2 else "defended", -min(2, s.cover), "WC.MELEE.10"))
    if s.pike_front is PikeFront.MOUNTED:
        out.append(Modifier("mounted against the front of pikes", -2, "WC.MELEE.8"))
    elif s.pike_front is PikeFront.FOOT:
        out.append(Modifier("infantry against the front of pikes", -1, "WC.MELEE.8"))
    return (*out, *s.extra_drm)


def need(s: StandCase) -> int:
    """The score a die needs: 4 minus the DRMs [WC.MELEE.3] [WC.MELEE.17]."""
    return 4 - sum(m.value for m in die_modifiers(s))


def hit(face: int, target: int) -> bool:
    """A die hits on the target or more; a natural 6 always hits [WC.MELEE.3]."""
    return face == 6 or face >= target


@dataclass(frozen=True, slots=True)
class UnitCase:
    """A unit of one side for the victory modifiers [WC.MELEE.19]."""

    quality: Quality
    fighting: bool
    warband: bool = False
    charging_mounted: bool = False
    """(H) Charging Cavalry/Chariots: it charged infantry or artillery that is neither defended nor
    fortified against it, not the front of good-order pikes [WC.MELEE.30]."""


def side_total(
    unsaved_hits: int, support: int, units: Sequence[UnitCase], *, historical: bool = True, first_round: bool = True
) -> int:
    """A side's total: unsaved hits this round, support once, and (H) the per-unit victory
    modifiers of units with a fighting stand [WC.MELEE.17] step 8 [WC.MELEE.18] [WC.MELEE.19]
    [WC.SUPPORT.8]."""
    total = unsaved_hits + support
    if not historical:
        return total
    for u in units:
        if not u.fighting:
            continue
        total += {Quality.ELITE: 1, Quality.LEVY: -1, Quality.STEADY: 0}[u.quality]
        if u.warband and first_round:
            total += 1
        if u.charging_mounted:
            total += 1
    return total


class Outcome(Enum):
    """Who won a round [WC.MELEE.18]."""

    FIRST = "first"
    SECOND = "second"
    DRAW = "draw"


def result(first: int, second: int) -> Outcome:
    """The higher total wins; equal totals are a draw [WC.MELEE.18]."""
    return Outcome.FIRST if first > second else Outcome.SECOND if second > first else Outcome.DRAW


def fallback_each(winner_total: int, loser_total: int, losing_units: int) -> Fraction:
    """Each loser falls back the difference divided by the surviving losing units, as an exact
    fraction [WC.MELEE.21] [WC.MELEE.23] [WC.MELEE.24]."""
    return Fraction(winner_total - loser_total, max(1, losing_units))


def fell_back_far(distance: Fraction) -> bool:
    """Falling back 3 cm or more disorders the loser [WC.MELEE.21]."""
    return distance >= AUTO_DISORDER_CM
