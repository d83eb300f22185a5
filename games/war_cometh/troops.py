"""Troop profiles: types, categories, qualities, weapons, stand sizes, points and the troop-creation
rules that check a house list [WC.RATING] [WC.BASE] [WC.TROOPGEN] [WC.MIXED].

A :class:`Profile` is one row of a troop list (``lists/*.toml``). Stand sizes are stored in
hundredths of a centimetre, like every length the engine keeps [WC.GEOM.2].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

__all__ = [
    "Category",
    "Flag",
    "MeleeWeapon",
    "Missile",
    "Profile",
    "Quality",
    "TroopType",
    "default_size",
    "full_pace_cm",
    "half_pace_cm",
    "points_2stand",
    "profile_problems",
]


class TroopType(Enum):
    """Historical troop types [WC.RATING.2] [WC.TROOPGEN.5]."""

    SKIRMISH_INFANTRY = "skirmish_infantry"
    """Skirmish infantry: skirmish order, 2 hits [WC.TROOPGEN.9]."""
    INFANTRY = "infantry"
    """Close-order foot."""
    PIKES = "pikes"
    """Pikemen."""
    BOWMEN = "bowmen"
    """Close-order archers and crossbowmen."""
    HORDES = "hordes"
    """Peasant hordes."""
    HANDGUNNERS = "handgunners"
    """Handgunners."""
    WARBAND = "warband"
    """Warbands: always irregular and impetuous [WC.TROOPGEN.7]."""
    DISMOUNTED_KNIGHTS = "dismounted_knights"
    """Knights on foot."""
    LIGHT_CAVALRY = "light_cavalry"
    """Light cavalry: armor 6 or 0, at most 3 attacks [WC.RATING.11]."""
    HEAVY_CAVALRY = "heavy_cavalry"
    """Heavy cavalry: armor 5 or better [WC.TROOPGEN.8]."""
    MOUNTED_KNIGHTS = "mounted_knights"
    """Knights on horse."""
    ARTILLERY = "artillery"
    """Guns."""
    WAR_WAGON = "war_wagon"
    """War wagons: move like artillery [WC.WAGON.1]."""

    @property
    def is_knights(self) -> bool:
        """Mounted or dismounted knights [WC.TROOPGEN.6]."""
        return self in (TroopType.DISMOUNTED_KNIGHTS, TroopType.MOUNTED_KNIGHTS)

    @property
    def is_cavalry(self) -> bool:
        """The cavalry family [WC.RATING.2]."""
        return self in (TroopType.LIGHT_CAVALRY, TroopType.HEAVY_CAVALRY, TroopType.MOUNTED_KNIGHTS)


class Category(Enum):
    """Movement and rules category [WC.RATING.2] [WC.MOVE.2]."""

    INFANTRY = "infantry"
    """Foot: 20 cm full pace, 10 cm half."""
    CAVALRY = "cavalry"
    """Horse: 30 cm full pace, 15 cm half."""
    ARTILLERY = "artillery"
    """Guns: 20 cm, always full pace."""
    WAR_WAGON = "war_wagon"
    """War wagons: as artillery."""
    CHARIOTS = "chariots"
    """Chariots: 30 cm, 15 cm half."""
    MONSTERS = "monsters"
    """(F) Monsters: 20 cm, 10 cm half."""
    FLYERS = "flyers"
    """(F) Flyers: 100 cm, always full pace."""


class Quality(Enum):
    """Troop quality [WC.RATING.7]; the value is the list's spelling."""

    LEVY = "Levy"
    """Levy: −1 on the Command Table (H)."""
    STEADY = "Stdy"
    """Steady."""
    ELITE = "Elite"
    """Elite: +1 on the Command Table (H)."""


class MeleeWeapon(Enum):
    """Melee weapon [WC.TROOPGEN.12]."""

    PIKES = "Pikes"
    """Pikes (+10 points)."""
    LANCES = "Lances"
    """Lances (+10 points); cavalry with lances also has OW [WC.TROOPGEN.13]."""
    THW = "THW"
    """Two-handed weapon (+5 points)."""
    OW = "OW"
    """Other weapons."""


class Missile(Enum):
    """Missile weapon [WC.LIST.0a] [WC.TROOPGEN.12]."""

    LB = "LB"
    """Longbow."""
    CB = "CB"
    """Crossbow."""
    SB = "SB"
    """Short bow."""
    JAV = "Jav"
    """Javelins."""
    ART = "Art"
    """Artillery guns and war-wagon ribaudequins."""
    HANDGUN = "Handgun"
    """Handgun."""
    ARQUEBUS = "Arquebus"
    """Arquebus."""
    SLING = "Sling"
    """Sling (priced as a short bow, an engine addition)."""


class Flag(Enum):
    """Attributes that do not change points [WC.TROOPGEN.10] [WC.TROOPGEN.11]."""

    IRREGULAR = "irregular"
    """Irregular troops [WC.RATING.8]."""
    IMPETUOUS = "impetuous"
    """Impetuous troops [WC.RATING.9]."""
    SHIELDS = "shields"
    """Large shields; may form a shieldwall [WC.TROOPGEN.11]."""
    SWISS_FLANK_IMMUNE = "swiss_flank_immune"
    """Elite pikes that take no penalty fighting to a flank [WC.PIKE.4]."""
    DUMB = "dumb"
    """(F) Dumb troops such as Trolls: −1 on the Command Table [WC.FANTASY.12]."""


_DEFAULT_SIZE: dict[TroopType, tuple[int, int]] = {
    TroopType.INFANTRY: (400, 150),
    TroopType.PIKES: (400, 150),
    TroopType.WARBAND: (400, 150),
    TroopType.DISMOUNTED_KNIGHTS: (400, 150),
    TroopType.BOWMEN: (400, 200),
    TroopType.SKIRMISH_INFANTRY: (400, 200),
    TroopType.HANDGUNNERS: (400, 200),
    TroopType.HORDES: (400, 300),
    TroopType.LIGHT_CAVALRY: (400, 300),
    TroopType.HEAVY_CAVALRY: (400, 300),
    TroopType.MOUNTED_KNIGHTS: (400, 300),
    TroopType.ARTILLERY: (400, 400),
    TroopType.WAR_WAGON: (400, 400),
}


def default_size(kind: TroopType) -> tuple[int, int]:
    """Default stand width and depth in hundredths of a cm for a Historical type [WC.BASE.1]
    [WC.BASE.4]: 4 cm wide; foot 1.5 or 2 cm deep, hordes and cavalry 3, guns and wagons 4."""
    return _DEFAULT_SIZE[kind]


def fantasy_size(category: Category) -> tuple[int, int]:
    """(F) Warmaster basing: infantry 4 x 2 cm, everything else 2 wide x 4 deep [WC.BASE.2]."""
    return (400, 200) if category is Category.INFANTRY else (200, 400)


QUALITY_EQUIVALENTS: dict[str, Quality] = {
    "inferior": Quality.LEVY,
    "poor": Quality.LEVY,
    "e": Quality.LEVY,
    "ordinary": Quality.STEADY,
    "warriors": Quality.STEADY,
    "veterans": Quality.STEADY,
    "warbands": Quality.STEADY,
    "c": Quality.STEADY,
    "d": Quality.STEADY,
    "superior": Quality.ELITE,
    "elites": Quality.ELITE,
    "fanatics": Quality.ELITE,
    "a": Quality.ELITE,
    "b": Quality.ELITE,
}
"""DBM, Medieval Warfare and Might of Arms qualities as War Cometh ones [WC.TROOPGEN.4]."""

ABBREVIATIONS: dict[str, str] = {
    "Art": "Artillery",
    "Dmtd Knt": "Dismounted Knight",
    "Mtd Knt": "Mounted Knight",
    "Irr": "Irregular",
    "Imp": "Impetuous",
    "CB": "Crossbow",
    "Jav": "Javelin",
    "LB": "Longbows",
    "SB": "Short Bow",
    "Shlds": "Shields",
    "Skir Inf": "Skirmish Infantry",
    "THW": "Two Handed Weapon",
    "OW": "Other Weapons",
    "Stdy": "Steady",
}
"""The rulebook's abbreviations [WC.TROOPGEN.15]."""


def notes_flags(notes: str) -> frozenset[Flag]:
    """The flags a list's notes spell out: Irr, Imp, and shields (Shld, Shlds or Shield are one
    thing [WC.LIST.6]) [WC.TROOPGEN.15]."""
    words = {w.strip(" *#") for w in notes.split(",")}
    out = set()
    if "Irr" in words:
        out.add(Flag.IRREGULAR)
    if "Imp" in words:
        out.add(Flag.IMPETUOUS)
    if words & {"Shld", "Shlds", "Shield"}:
        out.add(Flag.SHIELDS)
    return frozenset(out)


_FULL = {
    Category.INFANTRY: 20,
    Category.CAVALRY: 30,
    Category.ARTILLERY: 20,
    Category.WAR_WAGON: 20,
    Category.CHARIOTS: 30,
    Category.MONSTERS: 20,
    Category.FLYERS: 100,
}
_HALF = {Category.INFANTRY: 10, Category.CAVALRY: 15, Category.CHARIOTS: 15, Category.MONSTERS: 10}
COMMANDER_MOVE_CM = 60
"""Leaders move 60 cm in any direction [WC.MOVE.2] [WC.LEADER.5]."""


def full_pace_cm(category: Category) -> int:
    """Full-pace movement in cm [WC.MOVE.2]."""
    return _FULL[category]


def half_pace_cm(category: Category) -> int | None:
    """Half-pace movement in cm, or None for types that always move full pace [WC.MOVE.2]
    [WC.MOVE.9]."""
    return _HALF.get(category)


@dataclass(frozen=True, slots=True)
class Profile:
    """One troop-list row [WC.RATING.1] [WC.LIST.0a]."""

    id: str
    name: str
    type: TroopType
    category: Category
    melee: int
    shoot: int
    missile: Missile | None
    hits: int
    armor: int
    size: int
    points_per_2: int
    quality: Quality
    melee_weapon: MeleeWeapon
    flags: frozenset[Flag]
    notes: str
    width: int
    """Stand width in hundredths of a cm [WC.BASE.3]."""
    depth: int
    """Stand depth in hundredths of a cm."""

    @property
    def irregular(self) -> bool:
        """Irregular troops [WC.RATING.8]."""
        return Flag.IRREGULAR in self.flags

    @property
    def impetuous(self) -> bool:
        """Impetuous troops [WC.RATING.9]."""
        return Flag.IMPETUOUS in self.flags

    @property
    def missile_armed(self) -> bool:
        """Has a shooting attack [WC.RATING.3]."""
        return self.shoot > 0 and self.missile is not None

    @property
    def light_cavalry(self) -> bool:
        """Light cavalry (H: the LghtCav type) [WC.RATING.11]."""
        return self.type is TroopType.LIGHT_CAVALRY

    @property
    def skirmisher(self) -> bool:
        """Skirmish infantry [WC.SKIRM.1]."""
        return self.type is TroopType.SKIRMISH_INFANTRY

    @property
    def date_mark(self) -> str:
        """``*`` (date-restricted longbows), ``#`` (knights' armor until 1400) or ``""``
        [WC.LIST.0a]."""
        return "*" if "*" in self.notes else "#" if "#" in self.notes else ""


def points_2stand(p: Profile) -> int:
    """Points for a 2-stand unit of this profile [WC.TROOPGEN.12] [WC.TROOPGEN.16]."""
    cav = p.type.is_cavalry or p.type is TroopType.WAR_WAGON
    pts = 10 if cav else 0
    pts += 5 * min(p.melee, 3) + 10 * max(0, p.melee - 3)
    pts += {0: 0, 6: 5, 5: 10, 4: 20, 3: 30}.get(p.armor, 30)
    pts += 10 * p.hits
    pts += {Quality.LEVY: 0, Quality.STEADY: 5, Quality.ELITE: 15}[p.quality]
    pts += {MeleeWeapon.PIKES: 10, MeleeWeapon.LANCES: 10, MeleeWeapon.THW: 5, MeleeWeapon.OW: 0}[p.melee_weapon]
    if p.missile in (Missile.LB, Missile.CB, Missile.HANDGUN, Missile.ARQUEBUS):
        pts += 10 + 5 * max(0, p.shoot - 1)
    elif p.missile is Missile.ART:
        pts += 10 * p.shoot
    elif p.missile in (Missile.SB, Missile.JAV, Missile.SLING):
        pts += 5 * p.shoot
    return pts


def profile_problems(p: Profile) -> tuple[str, ...]:
    """Every way a profile breaks the troop-creation rules [WC.TROOPGEN.2]–[WC.TROOPGEN.13]
    (Historical); an empty tuple for a valid row."""
    out: list[str] = []
    t = p.type
    if p.armor not in (0, 3, 4, 5, 6):
        out.append(f"armor {p.armor} is not a rating (0, 6, 5, 4 or 3) [WC.TROOPGEN.3]")
    if t.is_knights:
        if not 1 <= p.armor <= 5:
            out.append("knights need armor 5 or better [WC.TROOPGEN.6]")
        if p.quality is Quality.LEVY:
            out.append("knights are never Levy [WC.TROOPGEN.6]")
    if t is TroopType.MOUNTED_KNIGHTS and p.irregular and not p.impetuous:
        out.append("irregular mounted knights are impetuous [WC.TROOPGEN.6] [WC.RATING.9]")
    if t is TroopType.WARBAND and not (p.irregular and p.impetuous):
        out.append("warbands are always irregular and impetuous [WC.TROOPGEN.7]")
    out.extend(_cavalry_problems(p))
    if t is TroopType.SKIRMISH_INFANTRY and p.hits != 2:
        out.append(f"infantry skirmishers have exactly 2 hits, not {p.hits} [WC.TROOPGEN.9]")
    if Flag.SHIELDS in p.flags:
        if 1 <= p.armor <= 3:
            out.append("no shields with plate armor [WC.TROOPGEN.11]")
        if p.melee_weapon in (MeleeWeapon.PIKES, MeleeWeapon.LANCES, MeleeWeapon.THW):
            out.append(f"no shields with {p.melee_weapon.value} [WC.TROOPGEN.11]")
        if p.missile in (Missile.LB, Missile.SB, Missile.HANDGUN, Missile.ARQUEBUS):
            out.append(f"no shields with {p.missile.value} (crossbowmen may have them) [WC.TROOPGEN.11]")
    out.extend(_attack_problems(p))
    if points_2stand(p) != p.points_per_2:
        out.append(f"points_per_2 is {p.points_per_2} but the formula gives {points_2stand(p)} [WC.TROOPGEN.12]")
    return tuple(out)


def _cavalry_problems(p: Profile) -> list[str]:
    """[WC.TROOPGEN.8] [WC.RATING.11]."""
    out: list[str] = []
    if p.type is TroopType.LIGHT_CAVALRY:
        if p.melee > 3:
            out.append("light cavalry has at most 3 attacks [WC.TROOPGEN.8]")
        if p.armor not in (0, 6):
            out.append("light cavalry has armor 6 or 0 [WC.TROOPGEN.8] [WC.RATING.11]")
    if p.type is TroopType.HEAVY_CAVALRY and not 1 <= p.armor <= 5:
        out.append("heavy cavalry needs armor 5 or better [WC.TROOPGEN.8]")
    if p.type.is_cavalry:
        if p.melee_weapon not in (MeleeWeapon.LANCES, MeleeWeapon.OW):
            out.append("cavalry melee weapons are lances or OW only [WC.TROOPGEN.8]")
        if p.missile is not None and p.missile is not Missile.SB:
            out.append("cavalry missile weapons are short bows only [WC.TROOPGEN.8]")
    return out


def _attack_problems(p: Profile) -> list[str]:
    """[WC.TROOPGEN.2] [WC.TROOPGEN.13]."""
    out: list[str] = []
    if p.category is Category.INFANTRY and p.melee > 3 and not (p.type.is_knights or p.quality is Quality.ELITE):
        out.append("infantry may have more than 3 attacks only if elite or knights [WC.TROOPGEN.13]")
    if (
        p.type.is_cavalry
        and p.melee > 3
        and not (p.type in (TroopType.HEAVY_CAVALRY, TroopType.MOUNTED_KNIGHTS) or p.quality is Quality.ELITE)
    ):
        out.append("cavalry may have more than 3 attacks only if heavy, elite or knights [WC.TROOPGEN.13]")
    one = (Missile.CB, Missile.HANDGUN, Missile.ARQUEBUS)
    if p.missile in one and p.shoot > 1:
        out.append(f"{p.missile.value} has at most 1 shooting attack per stand [WC.TROOPGEN.13]")
    if p.missile in (Missile.LB, Missile.SB) and p.shoot > 2:
        out.append(f"{p.missile.value} has at most 2 shooting attacks per stand [WC.TROOPGEN.13]")
    if p.shoot > 0 and p.missile is None:
        out.append("a shooting attack needs a missile weapon [WC.RATING.3]")
    return out


def unit_size_problem(p: Profile, stands: int) -> str | None:
    """Unit sizes: infantry 3–8, cavalry 2–6, artillery 1–2 stands [WC.TROOPGEN.14]."""
    lo, hi = {Category.INFANTRY: (3, 8), Category.CAVALRY: (2, 6), Category.ARTILLERY: (1, 2)}.get(p.category, (1, 8))
    if lo <= stands <= hi:
        return None
    return f"a {p.category.value} unit has {lo}-{hi} stands, not {stands} [WC.TROOPGEN.14]"


def unit_points(p: Profile, stands: int) -> Fraction:
    """A unit's cost: the per-stand cost (half the 2-stand cost) times its size, kept exact so an
    army's half points add up [WC.TROOPGEN.12] [WC.LIST.0a]."""
    return Fraction(p.points_per_2 * stands, 2)


def majority_quality(qualities: Sequence[Quality]) -> Quality:
    """A mixed unit's quality: the majority, ties going to the less favourable [WC.MIXED.5]."""
    rank = {Quality.LEVY: 0, Quality.STEADY: 1, Quality.ELITE: 2}
    counts = {q: qualities.count(q) for q in set(qualities)}
    return min(counts, key=lambda q: (-counts[q], rank[q]))
