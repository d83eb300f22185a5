"""The text board and the picture show the board's features and what the last bound did [issue 13, HH.TERR.40].

Rows run 0 (north edge) to 13 (south edge); south units face N.
"""

from __future__ import annotations

from dataclasses import replace

from campaign.picture import ArrowKind
from games.hordes_heroes.compulsory import record_losses
from games.hordes_heroes.edition import FIX_BOOK_13
from games.hordes_heroes.engine import run_bound
from games.hordes_heroes.orders import Move
from games.hordes_heroes.picture import picture
from games.hordes_heroes.state import dump_state, load_state
from games.hordes_heroes.view import render_text

from .helpers import Facing, H, make_state
from .test_rules_shoot import _terr


def _cell(text: str, st, h) -> str:
    """The 4-character cell of hex `h` in the text map (rows are indented 2 on the half-hex rows)."""
    label = st.label(h)
    col, row = int(label[:2]), int(label[2:])
    line = next(x for x in text.splitlines() if x[:4].strip() == str(row) and x[4:6] == "  ")
    body = line[6:]
    shifted = [st.field.spec.center(st.field.spec.to_hex(st.field.spec.first_column, r))[0] for r in (row,)]
    x0 = min(
        st.field.spec.center(st.field.spec.to_hex(st.field.spec.first_column, r))[0]
        for r in (st.field.spec.first_row, st.field.spec.first_row + 1)
    )
    start = 2 if shifted[0] > x0 + 0.1 else 0
    i = start + (col - st.field.spec.first_column) * 4
    return (body + " " * 200)[i : i + 4]


def test_text_board_draws_bridge_ford_track_hills_and_hexside_features():
    """Bridges and fords are not drawn as plain river; hill levels, steep sides, walls and stakes are marked."""
    st = make_state(
        [(1, "south", "spear", (0, 10), Facing.N)],
        bridges=[(2, 6)],
        fords=[(4, 6)],
        steep=[((6, 6), (6, 5))],
        walls=[((8, 6), (8, 5))],
    )
    st = _terr(st, {(1, 6): "river", (2, 6): "river", (3, 6): "river", (4, 6): "river"})
    st.field = replace(st.field, elevation={H(6, 6): 2})
    text = render_text(st)
    assert _cell(text, st, H(1, 6)).startswith("~")
    assert _cell(text, st, H(2, 6)).startswith("H") and _cell(text, st, H(4, 6)).startswith("f")
    assert _cell(text, st, H(6, 6)).startswith(".2!")
    assert _cell(text, st, H(8, 6))[:3] == ". |"
    assert "H bridge" in text and "f ford" in text and "! steep side" in text and "| wall" in text


def test_text_board_never_says_turn_0():
    st = make_state([(1, "south", "spear", (0, 10), Facing.N)])
    st.turn = 0
    head = render_text(st).splitlines()[0]
    assert "turn 0" not in head and "before turn 1" in head


def test_move_arrows_and_losses_of_the_last_bound_for_both_sides():
    """Rules version 2 records each ordinary move's path and each unit's stands lost this bound: the picture draws
    a move arrow in the mover's colour and a "-N" chip, the text board lists both; a new bound clears them."""
    st = make_state(
        [(1, "south", "mma", (0, 10), Facing.N), (2, "north", "mma", (3, 2), Facing.S)],
        generals=[(1, "south", (0, 10))],
    )
    st.options = replace(st.options, rules_version=FIX_BOOK_13)
    run_bound(st, "south", [Move(1, 1, (H(0, 9), H(0, 8)))])
    record_losses(st, st.units[2], 1)
    pic = picture(st)
    moves = [a for a in pic.arrows if a.kind is ArrowKind.MOVE]
    assert [(a.hexes, a.side) for a in moves] == [((H(0, 10), H(0, 9), H(0, 8)), "south")]
    chips = {c.name: [m.text for m in c.markers] for c in pic.counters}
    assert any("-1" in marks for marks in chips.values())
    text = render_text(st)
    assert f"moved {st.label(H(0, 10))} -> {st.label(H(0, 9))} -> {st.label(H(0, 8))}" in text
    assert "unit 2 (Mounted Men-at-Arms, north) lost 1 stand" in text and "-1 this bound" in text
    assert load_state(dump_state(st)).move_paths == st.move_paths  # snapshots keep them
    run_bound(st, "north", [])
    assert not st.move_paths and not st.bound_losses


def test_old_games_record_no_move_paths_so_their_snapshots_are_unchanged():
    """Rules version 1 records neither, and its dump has no new keys (checkpoints of old games stay as recorded)."""
    # the move itself happens (the unit is commanded), only the record of its path is left out
    st = make_state([(1, "south", "mma", (0, 10), Facing.N)], generals=[(1, "south", (0, 10))])
    run_bound(st, "south", [Move(1, 1, (H(0, 9),))])
    record_losses(st, st.units[1], 1)
    d = dump_state(st)
    assert st.units[1].hex == H(0, 9) and st.units[1].stands == st.units[1].nominal
    assert "move_paths" not in d and "bound_losses" not in d
