"""Pikemen: who they support, how many ranks fight, their weak flanks, the shooting bonus against
them, their terrain and charge disorder tests, and the Warmaster pike table [WC.PIKE.1]–[WC.PIKE.13].

Pure functions: the melee and shooting steps ask these for their pike modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from shapely.geometry import LineString
from shapely.ops import unary_union

from campaign.table import Rect, overlaps

from .model import AreaKind, Unit
from .troops import Category, Flag, MeleeWeapon, Profile, Quality, TroopType
from .world import World

__all__ = [
    "FANTASY_PIKES",
    "PIKE_STAND_MEN",
    "ChargeTest",
    "FantasyPike",
    "Zone",
    "alternate_formation_ok",
    "charge_disorder_test",
    "counts_as_column",
    "end_of_move_test",
    "fighting_ranks",
    "flank_rear_penalty",
    "is_pike",
    "may_form_hedgehog",
    "melee_drm_against_pike_front",
    "moved_through_poor",
    "second_rank_fights",
    "shooting_drm_against",
    "support_allowed",
    "terrain_move_test",
]

PIKE_STAND_MEN = 300
"""A pike is a weapon of 12 feet or more; a pike stand is about 300 men [WC.PIKE.1]."""
DISORDER_ON = 5
"""A modified 5 or more disorders; a natural 6 always does [WC.DISORDER.2]."""


class Zone(Enum):
    """Where an enemy fights a unit from [WC.GEOM.5]."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


def is_pike(p: Profile) -> bool:
    """A pike stand: the Pikes type or a pike-armed profile [WC.PIKE.1] [WC.PIKE.10]."""
    return p.type is TroopType.PIKES or p.melee_weapon is MeleeWeapon.PIKES


def support_allowed(giver: Profile, receiver: Profile) -> bool | None:
    """Pike stands support only pikes and are supported only by pikes [WC.PIKE.2]; None when
    neither is a pike stand (the ordinary support rules decide)."""
    if is_pike(giver) or is_pike(receiver):
        return is_pike(giver) and is_pike(receiver)
    return None


def fighting_ranks(*, disordered: bool, alternate_mounting: bool = False) -> tuple[int, int]:
    """(ranks that fight, rank that supports, 0 for none) of a pike unit [WC.PIKE.2]: two ranks
    fight and the third supports; disordered, only the first fights and nothing supports. On the
    alternate 2 x 4 cm mounting the one deep rank is both fighting ranks [WC.PIKE.11]."""
    if alternate_mounting:
        return (1, 0) if disordered else (1, 2)
    return (1, 0) if disordered else (2, 3)


def second_rank_fights(*, directly_behind: bool, front_fights: bool, same_unit: bool, disordered: bool) -> bool:
    """A second-rank pike stand fights only directly behind a fighting front-rank pike stand of the
    same unit in good order, using that stand's modifiers [WC.PIKE.2] [WC.SUPPORT.12]."""
    return directly_behind and front_fights and same_unit and not disordered


def may_form_hedgehog(p: Profile) -> bool:
    """Pike units may form hedgehog [WC.PIKE.3]."""
    return is_pike(p) and p.category is Category.INFANTRY


def flank_rear_penalty(zone: Zone, p: Profile) -> int:
    """Pikes fighting to a flank or the rear take −2; Swiss-style elite pikes are exempt on the
    flank only (profile flag ``swiss_flank_immune``) [WC.PIKE.4]."""
    if zone is Zone.REAR:
        return -2
    if zone is Zone.FLANK:
        return 0 if Flag.SWISS_FLANK_IMMUNE in p.flags else -2
    return 0


def shooting_drm_against(target: Profile) -> int:
    """Missile units shooting at pikes get +1 DRM [WC.PIKE.5] [WC.SHOOT.14]."""
    return 1 if is_pike(target) else 0


def terrain_move_test(*, moved_through_poor_or_woods: bool, charging: bool) -> bool:
    """A pike unit that moves through woods or poor terrain rolls 1D6 for disorder at the end of its
    move, every turn it does; not for a charge move, whose one test is :func:`charge_disorder_test`
    [WC.PIKE.6] [WC.PIKE.13]."""
    return moved_through_poor_or_woods and not charging


def melee_drm_against_pike_front(attacker: Category, *, front: bool, pikes_good_order: bool) -> int:
    """Against the front of good-order pikes: cavalry, monsters and chariots −2, infantry −1; nothing
    against disordered pikes [WC.PIKE.7] [WC.MELEE.8]. The pikes' state is the one at the charge's
    declaration [WC.DISORDER.6]."""
    if not (front and pikes_good_order):
        return 0
    if attacker in (Category.CAVALRY, Category.MONSTERS, Category.CHARIOTS):
        return -2
    return -1 if attacker is Category.INFANTRY else 0


@dataclass(frozen=True, slots=True)
class ChargeTest:
    """The one disorder test of a charging pike unit [WC.PIKE.8] [WC.PIKE.13]."""

    die: int
    modified: int
    disordered: bool
    modifiers: tuple[tuple[str, int], ...]


def charge_disorder_test(
    die: int,
    p: Profile,
    *,
    rough_crossing: bool,
    historical: bool = True,
    elite_pike_profile: bool = False,
) -> ChargeTest:
    """Whenever a pike unit charges it rolls 1D6 for disorder before contact: +1 (H) irregular,
    −1 elite (H: the ordinary Elite modifier, counted once; F: the elite pikes of [WC.PIKE.9]),
    +1 when the charge crosses poor terrain, a linear obstacle or a contour upward; a modified 5+
    or a natural 6 disorders. It replaces the terrain charge test [WC.PIKE.8] [WC.PIKE.13]
    [WC.DISORDER.8] [WC.TEST.29]."""
    mods: list[tuple[str, int]] = []
    if historical and p.irregular:
        mods.append(("irregular", 1))
    if (historical and p.quality is Quality.ELITE) or (not historical and elite_pike_profile):
        mods.append(("elite", -1))
    if rough_crossing:
        mods.append(("pikes charging through poor terrain, an obstacle or uphill", 1))
    total = die + sum(v for _, v in mods)
    return ChargeTest(die, total, die == 6 or total >= DISORDER_ON, tuple(mods))


def counts_as_column(*, alternate_mounting: bool, column: bool) -> bool:
    """Pikes on the alternate mounting never count as a column on the Command Table [WC.PIKE.12]."""
    return column and not alternate_mounting


def alternate_formation_ok(*, single_line: bool, hedgehog_from_line: bool) -> bool:
    """Alternate-mounted pikes (2 cm wide, 4 cm deep) form only one line of all the stands, or a
    hedgehog made from it with one stand turned round [WC.PIKE.11]."""
    return single_line or hedgehog_from_line


@dataclass(frozen=True, slots=True)
class FantasyPike:
    """(F) A pike unit Warmaster armies may build [WC.PIKE.9]: attack, hits, armor, size, points."""

    name: str
    attack: int
    hits: int
    armor: int
    size: int
    points: int

    @property
    def elite(self) -> bool:
        """The elite pikes, whose charge test takes −1 [WC.PIKE.8]."""
        return self.name.startswith("Elite")


FANTASY_PIKES = (
    FantasyPike("Pikemen-UA", 3, 4, 0, 3, 65),
    FantasyPike("Pikemen-Leather", 3, 4, 6, 3, 80),
    FantasyPike("Pikemen-Chain", 3, 4, 5, 3, 95),
    FantasyPike("Pikemen-Plate", 3, 4, 4, 3, 135),
    FantasyPike("Elite Pikes-UA", 4, 4, 0, 3, 80),
    FantasyPike("Elite Pikes-Leather", 4, 4, 6, 3, 95),
)
"""(F) The Warmaster pike table, columns in value order; prices used as listed, not by the
Historical formula [WC.PIKE.9]."""


def moved_through_poor(world: World, before: Unit, rects: tuple[Rect, ...], path: list[tuple[float, float]]) -> bool:
    """Did a move take the unit through woods or poor terrain: its footprint at the start or the
    end, or its path, touches a woods, marsh or rough polygon [WC.PIKE.6] [WC.TERR.14]."""
    poor = world.areas(AreaKind.WOODS, AreaKind.MARSH, AreaKind.ROUGH)
    if not poor or len(path) < 2:
        return False
    shapes = [world.foot(before), unary_union([r.polygon() for r in rects]), LineString(path)]
    return any(overlaps(s, g) for s in shapes for g in poor)


def end_of_move_test(die: int, p: Profile, *, historical: bool = True) -> ChargeTest:
    """The end-of-move disorder test of a pike unit that went through woods or poor terrain:
    1D6 with the ordinary modifiers (H: irregular +1, Elite −1), a modified 5+ or a natural 6
    disorders [WC.PIKE.6] [WC.TERR.14] [WC.DISORDER.2] [WC.DISORDER.8]."""
    return charge_disorder_test(die, p, rough_crossing=False, historical=historical)
