"""Superior weapons (H): each stand's weapon class and the stand-by-stand comparison
[WC.SUPERIOR.1]–[WC.SUPERIOR.6].

Lower is better. The rules text rates skirmishers, artillery and disordered troops alike (6/6/6)
and says so in a note; that is the default. The playsheet's 6/7/8 is the option
``ws_table = "playsheet"`` [WC.SUPERIOR.6] (see docs/rulings/war-cometh.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .model import State
from .troops import MeleeWeapon, Profile, TroopType

__all__ = ["WeaponRating", "WeaponTable", "rating_of", "superior", "table_for"]


class WeaponTable(Enum):
    """Which weapon-superiority table is used [WC.SUPERIOR.2] [WC.SUPERIOR.6]."""

    PLAYSHEET = "playsheet"
    """1 war wagon, 2 pikes, 3 lances, 4 THW, 5 OW, 6 skirmishers, 7 artillery, 8 disordered."""
    TEXT = "text"
    """The rules text: skirmishers, artillery and disordered all 6."""


@dataclass(frozen=True, slots=True)
class WeaponRating:
    """A stand's class and whether it is a skirmisher or gun (which gain the bonus only against
    each other) [WC.SUPERIOR.3]."""

    value: int
    light: bool
    """Skirmisher or artillery: no bonus against true melee troops."""


def table_for(state: State) -> WeaponTable:
    """The text table unless the game's ``ws_table`` option asks for the playsheet's
    [WC.SUPERIOR.6] [WC.META.2]."""
    return WeaponTable.PLAYSHEET if state.option("ws_table", "text") == "playsheet" else WeaponTable.TEXT


def rating_of(profile: Profile, *, disordered: bool, table: WeaponTable = WeaponTable.TEXT) -> WeaponRating:
    """A stand's weapon class from its profile [WC.SUPERIOR.5]: disorder overrides everything; a
    skirmisher's weapon makes no difference; only cavalry carries lances (others count OW)
    [WC.SUPERIOR.3]."""
    text = table is WeaponTable.TEXT
    light = profile.type in (TroopType.SKIRMISH_INFANTRY, TroopType.ARTILLERY)
    if disordered:
        return WeaponRating(6 if text else 8, light)
    if profile.type is TroopType.SKIRMISH_INFANTRY:
        return WeaponRating(6, True)
    if profile.type is TroopType.ARTILLERY:
        return WeaponRating(6 if text else 7, True)
    if profile.type is TroopType.WAR_WAGON:
        return WeaponRating(1, False)
    w = profile.melee_weapon
    if w is MeleeWeapon.PIKES:
        return WeaponRating(2, False)
    if w is MeleeWeapon.LANCES and profile.type.is_cavalry:
        return WeaponRating(3, False)
    if w is MeleeWeapon.THW:
        return WeaponRating(4, False)
    return WeaponRating(5, False)


def superior(mine: WeaponRating, contacts: Sequence[WeaponRating]) -> bool:
    """+1 attack when strictly better than the best enemy stand touched [WC.SUPERIOR.1]
    [WC.SUPERIOR.4]; a skirmisher or gun only if every stand it touches is one too
    [WC.SUPERIOR.3]."""
    if not contacts:
        return False
    if mine.light and not all(c.light for c in contacts):
        return False
    return mine.value < min(c.value for c in contacts)
