"""The printed data: tables cell by cell, missile bands, odds, shifts [CH.DATA.*] [CH.MISSILE.*]
[CH.ODDS.*] [CH.TADV.*] and the table look-up vectors TV-01..TV-25."""

from __future__ import annotations

import pytest

from games.cry_havoc.tables import (
    CHART,
    IMPASSABLE,
    TABLES,
    Cover,
    Table,
    Terrain,
    Weapon,
    column,
    lookup,
    missile_strength,
    terrain_shift,
)

SPEC_TABLES = {
    "MRT_MOUNTED": [
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
    ],
    "MRT_INFANTRY": [
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
    ],
    "CRT_MOUNTED": [
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
    ],
    "CRT_INFANTRY": [
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
    ],
}


@pytest.mark.parametrize("name", sorted(SPEC_TABLES))
def test_CH_DATA_6_tables_cell_by_cell(name: str) -> None:
    """[CH.DATA.6] [CH.DATA.1] [CH.MRT.2] [CH.CRT.2] [CH.DICE.1]: every cell as printed."""
    t = Table[name]
    for die in range(1, 11):
        for k in range(1, 13):
            want = SPEC_TABLES[name][die - 1][k - 1]
            assert (lookup(t, k, die) or "-") == want, (name, die, k)


def test_CH_DATA_6_irregular_cells_kept() -> None:
    """[CH.DATA.6] §0.3: the irregular printed cells are data, not errors."""
    assert lookup(Table.MRT_MOUNTED, 5, 2) == "B" and lookup(Table.MRT_MOUNTED, 7, 2) == "C"
    assert lookup(Table.MRT_MOUNTED, 1, 1) == "B" and lookup(Table.MRT_INFANTRY, 1, 1) == "B"
    assert TABLES[Table.CRT_INFANTRY][1] == TABLES[Table.CRT_INFANTRY][2]
    assert TABLES[Table.CRT_INFANTRY][3] == TABLES[Table.CRT_INFANTRY][4]
    assert TABLES[Table.CRT_MOUNTED][4][:4] == "AAAB"


def test_CH_DICE_3_die_one_best_for_roller() -> None:
    """[CH.DICE.3] [CH.DICE.2]: die 1 is never worse for the roller than die 10 in any column."""
    rank = {"C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8, "B": 1, "A": 0, None: 0}
    for k in range(1, 13):
        assert rank[lookup(Table.CRT_INFANTRY, k, 1)] >= rank[lookup(Table.CRT_INFANTRY, k, 10)]


def test_TV_01_shortbow_bands() -> None:
    """TV-01 [CH.MISSILE.1] [CH.MISSILE.2]."""
    got = [missile_strength(Weapon.SHORTBOW, r) for r in (1, 25, 26, 50, 51, 75, 76)]
    assert got == [38, 38, 30, 30, 22, 22, None]


def test_TV_02_crossbow_bands() -> None:
    """TV-02 [CH.MISSILE.2] [CH.MISSILE.3]: the crossbow at 28 hexes is 50 (L82)."""
    got = [missile_strength(Weapon.CROSSBOW, r) for r in (1, 25, 26, 28, 75, 76, 130, 131)]
    assert got == [60, 60, 50, 50, 50, 38, 38, None]


def test_TV_03_TV_04_odds_round_down() -> None:
    """TV-03, TV-04 [CH.ODDS.1] [CH.ODDS.2]: 50 vs 12 is 4-1; 8 vs 3 is 2-1."""
    assert column(50, 12) == 4
    assert column(8, 3) == 2


def test_TV_05_cover_shifts() -> None:
    """TV-05 [CH.COVER.2] [CH.COVER.1]: 4-1 becomes 3-1 in light, 2-1 in medium cover."""
    assert column(48, 12, Cover.LIGHT.shift) == 3
    assert column(48, 12, Cover.MEDIUM.shift) == 2
    assert Cover.LIGHT.heavier(Cover.MEDIUM) is Cover.MEDIUM


def test_TV_06_cap_then_shift() -> None:
    """TV-06 [CH.ODDS.3]: 60 vs 4 is 12-1, medium cover 10-1 (12-1 if the cap comes after the shift)."""
    assert column(60, 4) == 12
    assert column(60, 4, -2) == 10
    assert column(60, 4, -2, cap_after_shift=True) == 12


def test_TV_07_TV_08_not_permitted() -> None:
    """TV-07, TV-08 [CH.ODDS.3] [CH.ODDS.4]: below 1-1 is not permitted."""
    assert column(22, 12) == 1 and column(22, 12, -1) is None
    assert column(5, 6, +2) is None


def test_TV_11_terrain_shifts() -> None:
    """TV-11 [CH.TADV.2]: every printed row of the terrain-advantage table."""
    pairs = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (-1, -1), (0, 0), (1, 1)]
    assert [terrain_shift(a, d) for a, d in pairs] == [-1, -2, 1, -1, 2, 1, 0, 0, 0]


def test_TV_12_terrain_and_odds() -> None:
    """TV-12 [CH.TADV.2] [CH.ODDS.3]."""
    assert column(8, 3, terrain_shift(0, -1)) == 3
    assert column(8, 3, terrain_shift(-1, 0)) == 1
    assert column(8, 3, terrain_shift(-1, 1)) is None


@pytest.mark.parametrize(
    ("vector", "table", "k", "want"),
    [
        ("TV-17", Table.MRT_MOUNTED, 4, "CBBAA-----"),
        ("TV-18", Table.MRT_INFANTRY, 4, "CBBAA-----"),
        ("TV-19", Table.MRT_INFANTRY, 12, "CCCCCCCCCB"),
        ("TV-20", Table.MRT_MOUNTED, 1, "BA--------"),
        ("TV-21", Table.CRT_INFANTRY, 2, "DCCBBA----"),
        ("TV-22", Table.CRT_INFANTRY, 1, "CBBAA-----"),
        ("TV-23", Table.CRT_MOUNTED, 8, "FFEEDDCCBA"),
        ("TV-24", Table.CRT_INFANTRY, 8, "FFFFFEDDCC"),
        ("TV-25", Table.CRT_INFANTRY, 3, "EDDCCBA---"),
    ],
)
def test_TV_17_to_TV_25_table_columns(vector: str, table: Table, k: int, want: str) -> None:
    """TV-17..TV-25 [CH.MRT.1] [CH.CRT.1]: one column, die 1..10."""
    assert "".join(lookup(table, k, d) or "-" for d in range(1, 11)) == want, vector


def test_CH_TERRAIN_chart() -> None:
    """[CH.TERRAIN.1]-[CH.TERRAIN.6] [CH.TERRAIN.9] [CH.TERRAIN.13] [CH.COVER.3]: the engine chart."""
    assert (CHART[Terrain.FLAT].foot, CHART[Terrain.SLOPE].foot, CHART[Terrain.SCRUB].foot) == (1, 2, 2)
    assert CHART[Terrain.TREE].mounted == IMPASSABLE and CHART[Terrain.TREE].foot == 2
    assert CHART[Terrain.INTERIOR].mounted == IMPASSABLE and CHART[Terrain.WINDOW].foot == 3
    assert CHART[Terrain.WINDOW].mounted == IMPASSABLE and CHART[Terrain.DOOR].mounted == 1
    assert CHART[Terrain.WALL].foot == IMPASSABLE and CHART[Terrain.WALL].cover is Cover.INFINITE
    assert CHART[Terrain.DOOR].advantage == 1 and CHART[Terrain.SCRUB].advantage == -1
    assert not CHART[Terrain.CORNER].blocks and CHART[Terrain.TREE].blocks
    assert CHART[Terrain.SCRUB].cover is Cover.LIGHT and CHART[Terrain.DOOR].cover is Cover.MEDIUM
