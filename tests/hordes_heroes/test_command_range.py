"""Range paths, hex by hex: what `range_reach` returns and what `in_range` accepts [HH.CMD.5-10, HH.TERR.33,
HH.TERR.46, HH.TERR.53]. Exact maps, so a changed step count or a dropped clause fails here."""

from __future__ import annotations

from dataclasses import replace

from games.hordes_heroes.command import in_range, range_reach

from .helpers import Facing, H, make_state

G = (0, 6)
"""The general's hex in every test."""


def _spiral(c, n: int) -> dict:
    out = {c: 0}
    frontier = [c]
    for k in range(1, n + 1):
        nxt = []
        for h in frontier:
            for m in h.neighbours():
                if m not in out:
                    out[m] = k
                    nxt.append(m)
        frontier = nxt
    return out


def reach_of(units=(), cr: int = 3, terrain=None, **kw):
    st = make_state(units, [(1, "south", G, {"cr": cr})], terrain=terrain, **kw)
    return st, range_reach(st, st.generals[1])


def test_HH_CMD_5_an_empty_field_is_reached_out_to_the_command_range_at_hex_distance():
    """HH.CMD.5, HH.HEX.16: every hex within CR, each at its distance, and nothing further."""
    for cr in (1, 2, 3, 4):
        _, reach = reach_of(cr=cr)
        assert reach == _spiral(H(*G), cr)


def test_HH_TERR_53_impenetrable_hexes_and_enemy_units_are_never_on_a_range_path():
    """HH.TERR.53, HH.CMD.5: an impenetrable hex and an enemy-held hex are not reached; the hex straight beyond
    is reached round them, one step later."""
    c = H(*G)
    beyond = c.neighbour(0).neighbour(0)
    _, reach = reach_of(terrain={(G[0] + 1, G[1]): "impenetrable"}, cr=3)
    assert c.neighbour(0) not in reach and reach[beyond] == 3
    _, short = reach_of(terrain={(G[0] + 1, G[1]): "impenetrable"}, cr=2)
    assert beyond not in short
    _, held = reach_of([(12, "north", "spear", (G[0] + 3, G[1] - 3), Facing.S)], cr=4)
    assert H(G[0] + 3, G[1] - 3) not in held


def test_HH_TERR_33_woodland_ends_a_range_path_but_does_not_carry_it():
    """HH.TERR.33: a wood hex may be the last of a range path, never a middle one: the hex straight beyond it is
    out of a range of 2 and reached round the wood in 3."""
    c = H(*G)
    beyond = c.neighbour(0).neighbour(0)
    _, reach = reach_of(terrain={(G[0] + 1, G[1]): "wood"}, cr=2)
    assert reach[c.neighbour(0)] == 1 and beyond not in reach
    _, longer = reach_of(terrain={(G[0] + 1, G[1]): "wood"}, cr=3)
    assert longer[beyond] == 3
    _, bua = reach_of(terrain={(G[0] + 1, G[1]): "bua"}, cr=2)
    assert beyond not in bua
    st, broken = reach_of(terrain={(G[0] + 1, G[1]): "broken"}, cr=2)
    assert beyond not in broken  # HH.CMD.6: by default broken ground ends a path too
    st.options = replace(st.options, command_broken_ground="free")
    assert range_reach(st, st.generals[1])[beyond] == 2  # with the option `free` it does not


def _ring1():
    c = H(*G)
    return [(h.q - c.q, h.r - c.r) for h in c.neighbours()]


def _ids(units):
    return [replace_id(u, i) for i, u in enumerate(units, start=2)]


def replace_id(row, uid):
    return (uid, *row[1:])


def test_HH_CMD_8_every_ring_hex_disrupted_shuts_the_general_in():
    """HH.CMD.8: ringed by disrupted friends the general reaches only their hexes, whatever his range."""
    ring1 = _ids([(0, "south", "spear", (G[0] + dq, G[1] + dr), Facing.N, {"disrupted": True}) for dq, dr in _ring1()])
    _, reach = reach_of(ring1, cr=4)
    assert reach == _spiral(H(*G), 1)


def test_HH_CMD_5_enemy_zoc_stops_a_path_unless_an_engaged_friend_holds_the_hex():
    """HH.CMD.5 (p. 17): a hex in enemy ZOC is a last hex only, unless a friendly undisrupted engaged unit is there."""
    from games.hordes_heroes.zoc import in_enemy_zoc

    c = H(*G)
    enemy = (12, "north", "spear", (G[0] + 2, G[1] - 1), Facing.WSW)
    st, reach = reach_of([enemy], cr=3)
    zoc = [h for h in c.neighbours() if in_enemy_zoc(st, "south", h)]
    assert zoc, "the enemy's ZOC covers a hex next to the general"
    free = _spiral(c, 3)
    assert set(reach) < set(free)  # some hexes are cut off by the ZOC
    for h in zoc:
        assert reach[h] == 1
    friend = (2, "south", "spear", (zoc[0].q - 8, zoc[0].r), Facing.ENE)
    st2, reach2 = reach_of([enemy, friend], cr=3)
    assert set(reach) <= set(reach2)


def test_HH_TERR_46_no_more_than_two_lake_hexes_in_a_row():
    """HH.TERR.46: a range path crosses at most 2 lake hexes running; a band of 3 cuts it."""
    band2 = {(G[0] + 1, r): "lake" for r in range(0, 14)} | {(G[0] + 2, r): "lake" for r in range(0, 14)}
    _, reach = reach_of(terrain=band2, cr=4)
    assert H(G[0] + 3, G[1]) in reach  # over 2 lakes
    band3 = band2 | {(G[0] + 3, r): "lake" for r in range(0, 14)}
    _, reach3 = reach_of(terrain=band3, cr=4)
    assert H(G[0] + 3, G[1]) not in reach3 and H(G[0] + 4, G[1]) not in reach3


def test_HH_CMD_7_in_range_needs_an_engaged_unit_in_enemy_zoc_and_never_a_horde_or_a_disrupted_unit():
    """HH.CMD.7, HH.CMD.10, HH.CMD.13: a unit in range; in enemy ZOC only when engaged; never a horde, never
    disrupted."""
    st = make_state(
        [
            (2, "south", "spear", (G[0] + 1, G[1]), Facing.N),
            (3, "south", "horde", (G[0] - 1, G[1]), Facing.N),
            (4, "south", "spear", (G[0], G[1] + 1), Facing.N, {"disrupted": True}),
            (5, "south", "spear", (G[0] + 1, G[1] - 2), Facing.N),
            (12, "north", "spear", (G[0] + 1, G[1] - 3), Facing.S),
            (6, "south", "spear", (G[0] + 6, G[1]), Facing.N),
        ],
        [(1, "south", G)],
    )
    g = st.generals[1]
    assert in_range(st, g, st.units[2])
    assert not in_range(st, g, st.units[3])  # HH.CMD.10
    assert not in_range(st, g, st.units[4])  # HH.CMD.13
    assert in_range(st, g, st.units[5])  # engaged with unit 12, in its ZOC: allowed (HH.CMD.7)
    assert not in_range(st, g, st.units[6])  # 6 hexes off, range 3
    gone = replace(st.units[2], hex=None)
    assert not in_range(st, g, gone)
