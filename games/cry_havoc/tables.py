"""Cry Havoc's printed data: terrain chart, missile strengths, the four result tables, odds and shifts.

Everything here is static rule data [CH.DATA.1]; the four tables are reproduced cell by cell as
printed, irregular cells included [CH.DATA.6]. Odds are integers throughout [CH.ODDS.2].

>>> column(50, 12)           # the crossbow example: 50 against 12 is 4-1
4
>>> lookup(Table.MRT_INFANTRY, 4, 3)
'B'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Table(Enum):
    """The four result tables [CH.MRT.1] [CH.CRT.1]."""

    MRT_MOUNTED = "missile against mounted targets"
    """Missile fire at a horseman or an animal (§9.1)."""
    MRT_INFANTRY = "missile against infantry"
    """Missile fire at a character on foot (§9.2)."""
    CRT_MOUNTED = "combat against mounted opponent"
    """Hand-to-hand combat against a horseman or an animal (§17.1)."""
    CRT_INFANTRY = "combat against infantry"
    """Hand-to-hand combat against characters on foot (§17.2)."""


TABLES: dict[Table, tuple[str, ...]] = {
    Table.MRT_MOUNTED: (
        "BBBCCDDEEFFF",
        "AABBBCCDEEFF",
        "-AABBCCDDEEF",
        "--AABBCCDDEE",
        "---AABBCCDDE",
        "----AABBCCDD",
        "-----AABBCCD",
        "------AABBCC",
        "-------AABBC",
        "--------AABB",
    ),
    Table.MRT_INFANTRY: (
        "BBBCCCCCCCCC",
        "AABBCCCCCCCC",
        "-AABBCCCCCCC",
        "--AABBCCCCCC",
        "---AABBCCCCC",
        "----AABBCCCC",
        "-----AABBCCC",
        "------AABBCC",
        "-------AABBC",
        "--------AABB",
    ),
    Table.CRT_MOUNTED: (
        "CCDDEEFFGGHH",
        "BCCDDEEFFGGH",
        "BBCCDDEEFFGG",
        "ABBCCDDEEFFG",
        "AAABCCDDEEFF",
        "---ABCCDDEEF",
        "----ABCCDDEE",
        "-----ABCCDDE",
        "------ABCCDD",
        "-------ABCCD",
    ),
    Table.CRT_INFANTRY: (
        "CDEEFFFFFFFF",
        "BCDEEFFFFFFF",
        "BCDEEFFFFFFF",
        "ABCDDEEFFFFF",
        "ABCDDEEFFFFF",
        "-ABCCDDEEFFF",
        "--ABCCDDEEFF",
        "---ABCCDDEEF",
        "----ABCCDDEE",
        "-----ABCCDDE",
    ),
}
"""Rows are die 1..10, columns 1-1..12-1; "-" is no effect [CH.DATA.6] [CH.MRT.2] [CH.CRT.2]."""

COLUMNS = 12
"""Every table runs from 1-1 to 12-1 [CH.ODDS.3]."""
DIE = 10
"""The only die: a d10, a printed 0 reading as 10 [CH.DICE.1]. Rolls are never modified, every modifier
is a column shift [CH.DICE.2]; die 1 is the roller's best in every column [CH.DICE.3]."""


def lookup(table: Table, column: int, die: int) -> str | None:
    """The result letter at column index ``column`` (1..12, the "k-1" column) and ``die``, or None."""
    if not (1 <= column <= COLUMNS and 1 <= die <= DIE):
        raise ValueError(f"no cell at column {column}, die {die}")
    cell = TABLES[table][die - 1][column - 1]
    return None if cell == "-" else cell


def column(attack: int, defence: int, shift: int = 0, cap_after_shift: bool = False) -> int | None:
    """Column index 1..12 for attack against defence [CH.ODDS.1], or None when not permitted [CH.ODDS.2]
    [CH.ODDS.3].

    The ratio is rounded down; odds above 12-1 are read on 12-1 first and the shifts move from
    there (unless ``cap_after_shift``, config ``odds.cap_after_shift``) [CH.TADV.4].

    >>> column(60, 4, -2), column(60, 4, -2, cap_after_shift=True), column(22, 12, -1)
    (10, 12, None)
    """
    if defence < 1:
        raise ValueError(f"a defence is at least 1, not {defence} [CH.ODDS.5]")
    r = attack // defence
    if r == 0:
        return None
    k = (r if cap_after_shift else min(r, COLUMNS)) + shift
    return None if k <= 0 else min(k, COLUMNS)


def odds_label(k: int) -> str:
    """The printed name of column index ``k``: ``4`` -> ``"4-1"``."""
    return f"{k}-1"


class Weapon(Enum):
    """Missile weapons [CH.MISSILE.2]."""

    SHORTBOW = "shortbow"
    """Fires in steps 1 and 4, may shoot over up to four men [CH.SEQ.2] [CH.FIRE.9]."""
    CROSSBOW = "crossbow"
    """Fires in step 2 only, never over a man [CH.SEQ.3] [CH.FIRE.8]."""


MISSILE_BANDS: dict[Weapon, tuple[tuple[int, int, int], ...]] = {
    Weapon.SHORTBOW: ((1, 25, 38), (26, 50, 30), (51, 75, 22)),
    Weapon.CROSSBOW: ((1, 25, 60), (26, 75, 50), (76, 130, 38)),
}
"""(first range, last range, attack strength) per band, as printed [CH.MISSILE.2]."""


def missile_strength(weapon: Weapon, rng: int) -> int | None:
    """Attack strength at ``rng`` hexes, None when out of range [CH.MISSILE.1] [CH.MISSILE.2]; the book's
    example, a crossbow at 28 hexes, is 50 [CH.MISSILE.3].

    >>> missile_strength(Weapon.CROSSBOW, 28), missile_strength(Weapon.SHORTBOW, 76)
    (50, None)
    """
    for low, high, strength in MISSILE_BANDS[weapon]:
        if low <= rng <= high:
            return strength
    return None


class Cover(Enum):
    """Cover classes, lightest first [CH.COVER.1]; ``shift`` is the column move [CH.COVER.2]."""

    NONE = 0
    """No effect."""
    LIGHT = 1
    """One column down."""
    MEDIUM = 2
    """Two columns down."""
    INFINITE = 3
    """May not be fired upon."""

    @property
    def shift(self) -> int:
        return -self.value

    def heavier(self, other: Cover) -> Cover:
        """Only the heaviest cover counts [CH.COVER.2]."""
        return self if self.value >= other.value else other


class Terrain(Enum):
    """Hex terrain types of the engine chart [CH.TERRAIN.1]; values are the map letters."""

    FLAT = "."
    """Flat ground."""
    SLOPE = "^"
    """Slope: cover only across its top lip [CH.COVER.4]."""
    SCRUB = "s"
    """Scrub: light cover, never blocks [CH.FIRE.5]."""
    TREE = "t"
    """Trees: blocks fire, no horses [CH.TERRAIN.5]."""
    INTERIOR = "i"
    """House interior: no horses [CH.TERRAIN.5]."""
    WALL = "#"
    """Building or enclosure wall: never entered, blocks fire [CH.TERRAIN.6]."""
    WINDOW = "w"
    """Window in a wall: foot only, 3 MP [CH.MOVE.9]."""
    CORNER = "c"
    """Exterior building corner: cover against one firer per phase [CH.COVER.9]."""
    DOOR = "d"
    """Door in a wall: medium cover, advantage in combat [CH.COVER.8]."""


IMPASSABLE = 99
"""Movement cost meaning "may never be entered" [CH.TERRAIN.2]."""


@dataclass(frozen=True, slots=True)
class TerrainRow:
    """One row of the engine's terrain chart (§2.2)."""

    foot: int
    mounted: int
    cover: Cover
    advantage: int
    """Combat class: +1 advantage, 0 neutral, -1 disadvantage [CH.TADV.2]."""
    blocks: bool


CHART: dict[Terrain, TerrainRow] = {
    Terrain.FLAT: TerrainRow(1, 1, Cover.NONE, 0, False),
    Terrain.SLOPE: TerrainRow(2, 2, Cover.MEDIUM, -1, False),  # [CH.TERRAIN.9] 2 MP either way
    Terrain.SCRUB: TerrainRow(2, 2, Cover.LIGHT, -1, False),
    Terrain.TREE: TerrainRow(2, IMPASSABLE, Cover.LIGHT, +1, True),  # [CH.TERRAIN.7] "÷" read as +
    Terrain.INTERIOR: TerrainRow(1, IMPASSABLE, Cover.NONE, +1, False),  # [CH.TERRAIN.7]
    Terrain.WALL: TerrainRow(IMPASSABLE, IMPASSABLE, Cover.INFINITE, 0, True),  # [CH.TERRAIN.6]
    Terrain.WINDOW: TerrainRow(3, IMPASSABLE, Cover.MEDIUM, 0, False),  # [CH.TERRAIN.8] N/A read as 0
    Terrain.CORNER: TerrainRow(1, 1, Cover.MEDIUM, 0, False),  # [CH.TERRAIN.13] does not block
    Terrain.DOOR: TerrainRow(1, 1, Cover.MEDIUM, +1, False),
}
"""The terrain chart as the engine uses it [CH.TERRAIN.2] [CH.TERRAIN.3] [CH.TERRAIN.4] [CH.TERRAIN.5]."""


def terrain_shift(attacker_class: int, defender_class: int) -> int:
    """Column shift for terrain advantage: attacker value minus defender value [CH.TADV.2].

    >>> [terrain_shift(a, d) for a, d in ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (0, 0))]
    [-1, -2, 1, -1, 2, 1, 0]
    """
    return attacker_class - defender_class


RETREAT_MOUNTED_MISSILE = 4
"""Missile result A against a mounted target: retreat 4 hexes [CH.RETREAT.1]."""
RETREAT_INFANTRY_MISSILE = 2
"""Missile result A against infantry: retreat 2 hexes [CH.RETREAT.1]."""
RETREAT_COMBAT = 1
"""Combat results B and C: retreat 1 hex [CH.RETREAT.1]."""
SURRENDER_ODDS = 8
"""A knight may offer surrender at 8-1 or more [CH.RANSOM.2]."""
SURRENDER_ACCEPT = 4
"""Acceptance die 1..4: he surrenders [CH.RANSOM.3]."""
