"""Clauses mutation testing of games/cry_havoc/tables.py found unpinned (benchmarks/mutation.py ch:tables)
[CH.ODDS.1] [CH.ODDS.5] [CH.COVER.2]."""

from __future__ import annotations

import pytest

from games.cry_havoc.tables import COLUMNS, DIE, Cover, Table, column, lookup


@pytest.mark.parametrize(("col", "die"), [(0, 1), (COLUMNS + 1, 1), (1, 0), (1, DIE + 1)])
def test_CH_ODDS_1_cells_outside_the_table_are_refused(col: int, die: int) -> None:
    """[CH.ODDS.1]: a column or a die outside the table is an error that names both (each checked on its own)."""
    with pytest.raises(ValueError, match=f"no cell at column {col}, die {die}"):
        lookup(next(iter(Table)), col, die)


def test_CH_ODDS_5_a_defence_of_one_is_allowed_zero_is_not() -> None:
    """[CH.ODDS.5]: odds against a defence of 1 are read; a defence below 1 is a programming error, said plainly."""
    assert column(3, 1) == column(6, 2)
    with pytest.raises(ValueError, match=r"a defence is at least 1, not 0 \[CH.ODDS.5\]"):
        column(3, 0)


def test_CH_COVER_2_the_heavier_cover_counts_from_either_side() -> None:
    """[CH.COVER.2]: only the heaviest cover counts, whichever is asked."""
    light, heaviest = min(Cover, key=lambda c: c.value), max(Cover, key=lambda c: c.value)
    assert heaviest.heavier(light) is heaviest and light.heavier(heaviest) is heaviest
