"""Command and control [HH.CMD.*, HH.GEN.*]."""

from __future__ import annotations

from games.hordes_heroes.command import can_command, commanded_units, general_disrupted

from .helpers import Facing, make_state


def test_HH_EX_21_command_range_and_contact_chain():
    """HH.EX.21, HH.CMD.5, HH.CMD.9, HH.CMD.14, HH.TERR.33: B and D in range, C by the chain; A blocked by the
    wood on its only short path; E too far and unchained."""
    units = [
        (1, "south", "mma", (0, 0), Facing.N),
        (2, "south", "spear", (-3, 0), Facing.N),  # A
        (3, "south", "spear", (3, 0), Facing.N),  # B
        (4, "south", "spear", (4, 0), Facing.N),  # C
        (5, "south", "spear", (0, 3), Facing.N),  # D
        (6, "south", "spear", (-2, 4), Facing.N),  # E
    ]
    st = make_state(units, [(1, "south", (0, 0))], terrain={(-2, 0): "wood"})
    cmd = commanded_units(st, "south")
    assert {1, 3, 4, 5} <= cmd and 2 not in cmd and 6 not in cmd


def test_HH_EX_25_disrupted_general_gives_no_command():
    """HH.EX.25, HH.GEN.11, HH.GEN.12, HH.CMD.3: a general with a disrupted host commands nobody."""
    st = make_state(
        [(1, "south", "spear", (0, 5), Facing.N, {"disrupted": True}), (2, "south", "spear", (1, 5), Facing.N)],
        [(1, "south", (0, 5))],
    )
    g = st.generals[1]
    assert general_disrupted(st, g) and not can_command(st, g)
    assert commanded_units(st, "south") == frozenset()


def test_HH_EX_26_skirmishers_in_brook_trap_chariots():
    """HH.EX.26, HH.ZOC.5, HH.ZOC.6, HH.CMD.7: chariots next to skirmishers in a river cannot be reached by a
    range path; only the chain commands them."""
    st = make_state(
        [(1, "south", "chariot", (0, 6), Facing.N), (12, "north", "skirm", (0, 5), Facing.S)],
        [(1, "south", (0, 8))],
        terrain={(0, 5): "river"},
    )
    assert 1 not in commanded_units(st, "south")
    st = make_state(
        [
            (1, "south", "chariot", (0, 6), Facing.N),
            (2, "south", "spear", (0, 7), Facing.N),
            (12, "north", "skirm", (0, 5), Facing.S),
        ],
        [(1, "south", (0, 9))],
        terrain={(0, 5): "river"},
    )
    assert {1, 2} <= commanded_units(st, "south")


def test_HH_CMD_10_hordes_need_the_general_himself():
    """HH.CMD.10, HH.CMD.11, HH.SPECIAL.31: a horde in range but not adjacent is out of command; a horde chained to
    the general's host or neighbours is in."""
    st = make_state([(1, "south", "horde", (0, 5), Facing.N)], [(1, "south", (0, 7))])
    assert commanded_units(st, "south") == frozenset()
    st = make_state(
        [(1, "south", "horde", (0, 5), Facing.N), (2, "south", "spear", (0, 6), Facing.N)], [(1, "south", (0, 7))]
    )
    assert commanded_units(st, "south") == frozenset({1, 2})


def test_HH_CMD_5_enemy_zoc_and_disrupted_friends_block_paths():
    """HH.CMD.5, HH.CMD.8, HH.ZOC.8, HH.CMD.13: paths may not cross enemy ZOC or disrupted friends."""
    st = make_state(
        [(1, "south", "spear", (0, 4), Facing.N), (12, "north", "spear", (2, 5), Facing.S)],
        [(1, "south", (0, 7))],
        terrain={(-1, 5): "impenetrable", (-1, 6): "impenetrable"},
    )
    # Straight path (0,6),(0,5): (0,5)... is adjacent to the enemy at (2,5)? no; (1,5) is. Path stays clear.
    assert 1 in commanded_units(st, "south")
    st = make_state(
        [
            (1, "south", "spear", (0, 4), Facing.N),
            (2, "south", "spear", (0, 5), Facing.N, {"disrupted": True}),
            (3, "south", "spear", (0, 6), Facing.N, {"disrupted": True}),
        ],
        [(1, "south", (0, 7))],
        terrain={(-1, 5): "impenetrable", (1, 5): "impenetrable", (-1, 6): "impenetrable", (1, 6): "impenetrable"},
    )
    assert commanded_units(st, "south") == frozenset()


def test_HH_CMD_6_broken_ground_option():
    """HH.CMD.6: by default the path goes only one hex into broken ground; with "free" it passes through."""
    from dataclasses import replace

    units = [(1, "south", "spear", (0, 4), Facing.N)]
    terr = {
        (0, 6): "broken",
        (0, 5): "broken",
        (-1, 5): "impenetrable",
        (1, 5): "impenetrable",
        (-1, 6): "impenetrable",
        (1, 6): "impenetrable",
    }
    st = make_state(units, [(1, "south", (0, 7))], terrain=terr)
    assert commanded_units(st, "south") == frozenset()
    st.options = replace(st.options, command_broken_ground="free")
    assert commanded_units(st, "south") == frozenset({1})
