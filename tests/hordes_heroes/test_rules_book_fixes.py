"""Rules corrected against the 2022 book (issue 13), under rules version 2 [HH.COMP.36, HH.TERR.40, HH.COMP.21].

Each test also pins the old behaviour under rules version 1: games recorded before the correction keep it, so
their logs replay exactly (games/hordes_heroes/edition.py, RULES_VERSIONS). Rows run 0 (north edge) to 13 (south
edge); south units face N, north units face S.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import _advance, pursue
from games.hordes_heroes.compulsory import flee, recoil_h2h
from games.hordes_heroes.edition import FIX_BOOK_13, LATEST_RULES_VERSION
from games.hordes_heroes.model import Formation
from games.hordes_heroes.results import Applied
from games.hordes_heroes.ruleset import HordesHeroes
from games.hordes_heroes.state import Options, Phase, Standing, StandingProfile

from .helpers import Dice, Facing, H, make_state
from .test_rules_shoot import _terr


def _version(st, v):
    st.options = replace(st.options, rules_version=v)
    return st


def test_new_games_record_the_latest_rules_version_and_old_ones_keep_version_1():
    """A new game's options carry the latest rules version; a recorded game without it plays version 1."""
    assert HordesHeroes().new_game_options({})["rules_version"] == LATEST_RULES_VERSION >= FIX_BOOK_13
    assert HordesHeroes().new_game_options({"rules_version": 1})["rules_version"] == 1
    assert Options.from_json({}).rules_version == 1 and "rules_version" not in Options().to_json()
    with pytest.raises(ValueError, match="rules_version"):
        Options.from_json({"rules_version": 99})


# --- HH.COMP.36: a pursuit that begins in woodland or a BUA stops there ---------------------------------------


@pytest.mark.parametrize("terrain", ["wood", "bua"])
def test_HH_COMP_36_pursuit_stops_in_a_woodland_or_bua_follow_up_hex(terrain):
    """HH.COMP.36 (book pp. 9, 12): the follow-up hex P0 counts as part of the pursuit, and woodland or a BUA stops
    every unit entering it, so a pursuer that followed up into one goes no further. Version 1 went on."""
    path = (H(0, 4), H(0, 3), H(0, 2))

    def run(version):
        st = _version(make_state([(1, "south", "falx", (0, 5), Facing.N)]), version)
        st = _terr(st, {(0, 4): terrain})
        w = replace(st.units[1], hex=H(0, 4))
        st.units[1] = w
        lines, reach = pursue(st, w, path)
        return st.units[1].hex, reach, lines

    assert run(FIX_BOOK_13)[:2] == (H(0, 4), 0)
    assert run(1)[:2] == (H(0, 3), 1)  # the old behaviour, kept for games recorded before


# --- HH.TERR.40: compulsory moves into a restriction squeeze hordes and skirmishers --------------------------


@pytest.mark.parametrize("pid", ["horde", "skirm"])
def test_HH_TERR_40_follow_up_into_a_ford_squeezes_a_horde_or_skirmishers(pid):
    """HH.TERR.40 (book p. 14): a unit inside a restriction fights as if in column; a horde or skirmisher that
    follows up into a ford or bridge is squeezed (2 stands count, column impact). Version 1 stayed deployed."""

    def run(version):
        st = _version(make_state([(1, "south", pid, (0, 5), Facing.N)], fords=[(0, 4)]), version)
        _advance(st, st.units[1], H(0, 4), Applied(2, H(0, 4), False, True, False), False, [])
        return st.units[1]

    u = run(FIX_BOOK_13)
    assert u.hex == H(0, 4) and u.formation is Formation.SQUEEZED
    assert run(1).formation is Formation.DEPLOYED


def test_HH_TERR_40_recoil_into_a_bridge_squeezes_and_leaving_it_unsqueezes():
    """HH.TERR.40: a horde recoiling onto a bridge is squeezed; recoiling on off it, it is deployed again."""
    st = _version(
        make_state(
            [(1, "south", "horde", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], bridges=[(0, 6)]
        ),
        FIX_BOOK_13,
    )
    st = _terr(st, {(0, 6): "river"})
    recoil_h2h(st, 1, H(0, 4))
    assert st.units[1].hex == H(0, 6) and st.units[1].formation is Formation.SQUEEZED
    st.units[2] = replace(st.units[2], hex=H(0, 5))
    recoil_h2h(st, 1, H(0, 5))
    assert st.units[1].hex == H(0, 7) and st.units[1].formation is Formation.DEPLOYED


def test_HH_TERR_40_pursuit_through_a_ford_squeezes_a_horde_in_it():
    """HH.TERR.40: a pursuit that ends in a ford squeezes a unit that cannot form column."""
    st = _version(make_state([(1, "south", "dacian", (0, 5), Facing.N)], fords=[(0, 3)]), FIX_BOOK_13)
    w = replace(st.units[1], hex=H(0, 4))
    st.units[1] = w
    _, reach = pursue(st, w, (H(0, 4), H(0, 3), H(0, 2)))
    assert reach == 1 and st.units[1].hex == H(0, 3) and st.units[1].formation is Formation.SQUEEZED


# --- HH.COMP.21: the default flee heads for the own edge soonest ---------------------------------------------


def test_HH_COMP_21_default_flee_heads_for_the_own_edge_not_along_the_enemy_front():
    """HH.COMP.21, HH.COMP.15 (book p. 12): after its first hex a fleeing unit moves toward its own table edge;
    among paths ending equally near it, the default prefers the one that gets nearer soonest. Version 1 broke the
    tie by hex ids, which can take a first step sideways along the enemy front."""

    def run(version):
        st = _version(
            make_state([(1, "south", "mma", (0, 10), Facing.N), (2, "north", "mma", (0, 9), Facing.S)]), version
        )
        flee(st, 1, [H(0, 9)], h2h=True)
        return st.flee_paths[1]

    new = run(FIX_BOOK_13)
    rows = [h.r for h in new]
    assert rows == [10, 11, 12, 13], new  # every step nearer the south edge (row 13), and there it stops
    old = run(1)
    assert [h.r for h in old] == [10, 11, 11, 12, 13]  # the old default took a sideways step


def test_HH_COMP_21_standing_order_flee_through_friends_heads_straight_for_the_edge():
    """HH.COMP.21 (book p. 12: a fleeing unit *may* detour round friends): by default the flee spares friends;
    `standing flee-through-friends yes` takes the soonest way to the own edge through them, disrupting them."""

    def run(through):
        st = _version(
            make_state(
                [
                    (1, "south", "mma", (0, 10), Facing.N),
                    (2, "north", "mma", (0, 9), Facing.S),
                    (3, "south", "spear", (0, 12), Facing.N),
                    (4, "south", "spear", (-1, 12), Facing.N),
                ]
            ),
            FIX_BOOK_13,
        )
        st.standing["south"] = StandingProfile(Standing(flee_through_friends=through))
        flee(st, 1, [H(0, 9)], h2h=True)
        return [h.r for h in st.flee_paths[1]], st.units[3].disrupted or st.units[4].disrupted

    assert run(False) == ([10, 11, 11, 12, 13], False)
    assert run(True) == ([10, 11, 12, 13], True)


def test_HH_COMP_21_flee_through_friends_is_a_standing_order_word():
    """The order language reads the new switch and echoes it back canonically."""
    from games.hordes_heroes.validate import check_orders

    st = make_state([(1, "south", "mma", (0, 10), Facing.N)], phasing="north")
    st.phase = Phase.COMMAND_MOVE
    acc = check_orders(st, "south", "standing flee-through-friends yes\n")
    assert "standing flee-through-friends yes" in acc.canonical


# --- Facing.E is 0: `x or default` dropped it ----------------------------------------------------------------


def test_HH_MOVE_17_single_hex_move_face_E_is_refused_not_ignored():
    """HH.MOVE.17: a single-hex move ends facing a hex point; E is a side, so `single 1 face E` is refused under
    rules version 2. Version 1 read facing E (0) as "no facing" and kept the old one, as recorded."""
    from games.hordes_heroes.movement import Illegal
    from games.hordes_heroes.orders import Single
    from games.hordes_heroes.rules import verify_single

    o = Single(1, 1, None, Facing.E, None)
    st = _version(make_state([(1, "south", "spear", (0, 10), Facing.N)]), FIX_BOOK_13)
    with pytest.raises(Illegal, match="hex point"):
        verify_single(st, o, frozenset({1}))
    old = _version(make_state([(1, "south", "spear", (0, 10), Facing.N)]), 1)
    assert verify_single(old, o, frozenset({1})).facing is Facing.N


def test_HH_MOVE_17_single_hex_move_face_E_along_a_road_is_kept():
    """HH.MOVE.17: a side facing is allowed along a road side; E (0) is such a side and is now kept."""
    from games.hordes_heroes.orders import Single
    from games.hordes_heroes.rules import verify_single

    st = _version(make_state([(1, "south", "spear", (0, 10), Facing.N)], roads=[[(0, 10), (1, 10)]]), FIX_BOOK_13)
    assert verify_single(st, Single(1, 1, None, Facing.E, None), frozenset({1})).facing is Facing.E


# --- the narrative names units by id and name, with plurals that agree (issue 13) -----------------------------


def test_combat_narrative_tells_twin_units_apart_and_counts_in_the_singular():
    """HH.HTH.6, HH.CRT.1: under rules version 2 a combat line names each unit by id and name ("unit 1 (Mounted
    Men-at-Arms) ... beat unit 2 (Mounted Men-at-Arms)") and says "1 hit", "1 stand"; version 1 kept its words."""
    from games.hordes_heroes.combat import Choices, hth_phase

    def run(version):
        st = _version(
            make_state([(1, "south", "mma", (0, 5), Facing.N, {"stands": 1}), (2, "north", "mma", (0, 4), Facing.S)]),
            version,
        )
        return "\n".join(hth_phase(st, Dice(6, 3), Choices()))

    new = run(FIX_BOOK_13)
    assert "unit 2 (Mounted Men-at-Arms) (" in new and "unit 1 (Mounted Men-at-Arms) (" in new, new
    assert "1 stand +" in new and "1 stands" not in new and " 1 hits" not in new, new
    old = run(1)
    assert "Mounted Men-at-Arms (5 + 1 stands" in old or "1 stands" in old, old
