"""Missile fire: line of fire, blocking, intervening men, apertures, cover, results
[CH.FIRE.*] [CH.COVER.*] [CH.GEOM.*] [CH.MRT.*], vectors TV-26..TV-31, TV-59, TV-62..TV-75, TV-79, TV-84, TV-92."""

from __future__ import annotations

import pytest

from campaign.hexgrid import Hex
from games.cry_havoc.fire import aim
from games.cry_havoc.geometry import Body, line_of_fire
from games.cry_havoc.model import Condition
from games.cry_havoc.movement import Illegal
from games.cry_havoc.resolve import resolve_shot
from games.cry_havoc.state import Step
from games.cry_havoc.tables import Cover, Table, Terrain, Weapon, column, lookup, missile_strength

from .helpers import H, building, ctx, make, man, set_

TV84 = building([(0, 1), (0, 2), (0, 3), (-1, 1), (-1, 2), (-1, 3)], windows=[(0, 0)], doors=[(0, 4)])
"""The building of TV-84: walls (-1,0) and (1,0) beside window W (0,0); a door D (0,4) at the back."""


def hexes(c) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return sorted((h.q, h.r) for h in c.hexes)


@pytest.mark.parametrize(
    ("vector", "b", "left", "right"),
    [
        ("TV-62", (3, 0), [(1, 0), (2, 0)], [(1, 0), (2, 0)]),
        ("TV-63", (1, 1), [(0, 1)], [(1, 0)]),
        ("TV-64", (2, 2), [(0, 1), (1, 1), (1, 2)], [(1, 0), (1, 1), (2, 1)]),
        ("TV-65", (4, 1), [(1, 0), (1, 1), (2, 0), (2, 1), (3, 1)], [(1, 0), (2, 0), (2, 1), (3, 0), (3, 1)]),
    ],
)
def test_TV_62_to_TV_65_lof_candidates(vector: str, b: tuple[int, int], left: list, right: list) -> None:
    """TV-62..TV-65 [CH.GEOM.3] [CH.GEOM.4] [CH.FIRE.4]: exact candidates L and R."""
    lof = line_of_fire(Hex(0, 0), Hex(*b))
    assert hexes(lof["L"]) == left and hexes(lof["R"]) == right, vector


def test_TV_66_long_line_and_hexsides() -> None:
    """TV-66 [CH.GEOM.5]: 10 intervening hexes at distance 9; crossed hexsides = hexes + 1."""
    lof = line_of_fire(Hex(0, 0), Hex(8, 1))
    want = [(1, 0), (2, 0), (3, 0), (3, 1), (4, 0), (4, 1), (5, 0), (5, 1), (6, 1), (7, 1)]
    assert hexes(lof["L"]) == want == hexes(lof["R"])
    for c in lof.values():
        assert len(c.sides) == len(c.hexes) + 1


def test_TV_63_trees_one_side_or_both() -> None:
    """TV-63 [CH.FIRE.4] [CH.FIRE.5] [CH.PBEM.5]: one tree hex lets the firer use the other line; two block."""
    st = make({(0, 1): Terrain.TREE})
    man(st, "A", "crossbowman", "red", (0, 0))
    t = man(st, "T", "man_at_arms", "blue", (1, 1))
    assert aim(st, st.characters["A"], Step.CROSSBOW, t).line == "R"
    st2 = make({(0, 1): Terrain.TREE, (1, 0): Terrain.TREE})
    man(st2, "A", "crossbowman", "red", (0, 0))
    t2 = man(st2, "T", "man_at_arms", "blue", (1, 1))
    with pytest.raises(Illegal) as e:
        aim(st2, st2.characters["A"], Step.CROSSBOW, t2)
    assert e.value.code == "CH.FIRE.5"


def test_CH_FIRE_6_woods_outer_hexes() -> None:
    """[CH.FIRE.6] [CH.FIRE.5]: a man deep in a wood cannot be shot through the outer trees; scrub never blocks."""
    st = make({(3, 0): Terrain.TREE, (4, 0): Terrain.TREE, (2, 0): Terrain.SCRUB})
    man(st, "A", "crossbowman", "red", (0, 0))
    deep = man(st, "T", "man_at_arms", "blue", (4, 0))
    with pytest.raises(Illegal):
        aim(st, st.characters["A"], Step.CROSSBOW, deep)
    set_(st, "T", body=Body(H(3, 0)))
    shot = aim(st, st.characters["A"], Step.CROSSBOW, st.characters["T"])
    assert shot.cover is Cover.LIGHT  # [CH.COVER.11] only the target's own hex gives cover


def test_TV_67_TV_68_TV_69_shortbow_over_men() -> None:
    """TV-67, TV-68, TV-69 [CH.FIRE.7] [CH.FIRE.8] [CH.FIRE.9]."""
    st = make({(6, 1): Terrain.DOOR})
    sb = man(st, "S", "shortbowman", "red", (0, 0))
    xb = man(st, "X", "crossbowman", "red", (0, 1))
    t = man(st, "T", "man_at_arms", "blue", (6, 0))
    man(st, "M1", "peasant", "red", (2, 0))
    man(st, "M2", "peasant", "blue", (3, 0), condition=Condition.STUNNED)
    assert aim(st, sb, Step.SHORTBOW_1, t).intervening == 2
    xb2 = man(st, "X2", "crossbowman", "red", (-1, 0))
    with pytest.raises(Illegal) as e:
        aim(st, xb2, Step.CROSSBOW, t)
    assert e.value.code == "CH.FIRE.8"
    man(st, "M3", "peasant", "red", (5, 0))
    with pytest.raises(Illegal) as e:
        aim(st, sb, Step.SHORTBOW_1, t)
    assert e.value.code == "CH.FIRE.9"
    del st.characters["M3"]
    door = man(st, "D", "man_at_arms", "blue", (6, 1))
    st.characters.pop("T")
    lof_ok = aim(st, xb, Step.CROSSBOW, door)  # the crossbow's own line is clear
    assert lof_ok.cover is Cover.MEDIUM
    set_(st, "D", body=Body(H(6, 0)))
    st.board.terrain[H(6, 0)] = Terrain.DOOR
    with pytest.raises(Illegal) as e:
        aim(st, sb, Step.SHORTBOW_1, st.characters["D"])
    assert e.value.code == "CH.FIRE.9"


def test_TV_79_four_men_at_most() -> None:
    """TV-79 [CH.FIRE.9]: four intervening men / five / one next to the target."""
    st = make({(8, 0): Terrain.SCRUB})
    sb = man(st, "S", "shortbowman", "red", (0, 0))
    t = man(st, "T", "man_at_arms", "blue", (8, 0))
    for i in range(1, 5):
        man(st, f"M{i}", "peasant", "red", (i, 0))
    shot = aim(st, sb, Step.SHORTBOW_1, t)
    assert shot.cover is Cover.LIGHT and shot.column == column(38, 6, -1)
    man(st, "M5", "peasant", "red", (5, 0))
    with pytest.raises(Illegal):
        aim(st, sb, Step.SHORTBOW_1, t)
    for i in range(1, 6):
        del st.characters[f"M{i}"]
    man(st, "M7", "peasant", "red", (7, 0))
    with pytest.raises(Illegal):
        aim(st, sb, Step.SHORTBOW_1, t)


def test_TV_70_slope_top_lip() -> None:
    """TV-70 [CH.COVER.4] [CH.COVER.5] [CH.GEOM.9]: medium only across the lip, never from adjacent."""
    lips = [((0, 0), (0, -1)), ((0, 0), (1, -1))]
    want = {(0, -5): Cover.MEDIUM, (3, -5): Cover.MEDIUM, (1, -1): Cover.NONE, (0, 5): Cover.NONE, (-5, 0): Cover.NONE}
    for firer, cover in want.items():
        st = make({(0, 0): Terrain.SLOPE}, lips=lips)
        t = man(st, "T", "man_at_arms", "blue", (0, 0))
        f = man(st, "F", "crossbowman", "red", firer)
        assert aim(st, f, Step.CROSSBOW, t).cover is cover, firer


def test_TV_71_corner_one_firer_per_phase() -> None:
    """TV-71 [CH.COVER.9] [CH.PBEM.6]: the corner protects against the first firer only."""
    st = make({(0, 0): Terrain.CORNER})
    t = man(st, "T", "man_at_arms", "blue", (0, 0))
    x = man(st, "X", "crossbowman", "red", (5, 0))
    y = man(st, "Y", "crossbowman", "red", (0, 5))
    assert aim(st, x, Step.CROSSBOW, t).cover is Cover.MEDIUM
    c = ctx(st, 10)
    resolve_shot(c, aim(st, x, Step.CROSSBOW, t))
    assert st.nominees == {"T": "X"}
    assert aim(st, y, Step.CROSSBOW, t).cover is Cover.NONE
    assert aim(st, x, Step.CROSSBOW, t).cover is Cover.MEDIUM
    st.nominees = {"T": "Y"}  # a nomination by the target's side
    assert aim(st, x, Step.CROSSBOW, t).cover is Cover.NONE


def test_TV_84_window_cover_inside_and_outside() -> None:
    """TV-84 [CH.COVER.7] [CH.GEOM.8]: no cover from inside the building, medium through the aperture."""
    st = make(TV84)
    t = man(st, "T", "man_at_arms", "blue", (0, 0))
    inside = man(st, "I", "crossbowman", "red", (0, 3))
    outside = man(st, "O", "crossbowman", "red", (0, -3))
    a, b = aim(st, inside, Step.CROSSBOW, t), aim(st, outside, Step.CROSSBOW, t)
    assert (a.range, a.strength, a.cover, a.column) == (3, 60, Cover.NONE, 10)
    assert (b.cover, b.column) == (Cover.MEDIUM, 8)


def test_TV_72_TV_73_TV_74_apertures() -> None:
    """TV-72, TV-73, TV-74 [CH.FIRE.10] [CH.FIRE.11] [CH.FIRE.14]."""
    st = make(TV84)
    far = man(st, "F", "crossbowman", "red", (0, -3))
    inner = man(st, "T", "man_at_arms", "blue", (0, 2))
    with pytest.raises(Illegal) as e:
        aim(st, far, Step.CROSSBOW, inner)
    assert e.value.code == "CH.FIRE.11"
    door = man(st, "D", "man_at_arms", "blue", (0, 4))
    st.characters.pop("T")
    assert aim(st, far, Step.CROSSBOW, door).cover is Cover.MEDIUM
    st.characters.pop("D")
    inner = man(st, "T", "man_at_arms", "blue", (0, 2))
    near = man(st, "N", "crossbowman", "red", (0, -1))
    assert aim(st, near, Step.CROSSBOW, inner).cover is Cover.NONE  # TV-73
    st2 = make(TV84)
    w1 = man(st2, "W", "crossbowman", "red", (0, 0))
    out = man(st2, "O", "man_at_arms", "blue", (0, 6))
    with pytest.raises(Illegal) as e:
        aim(st2, w1, Step.CROSSBOW, out)
    assert e.value.code == "CH.FIRE.10"


def test_CH_FIRE_14_firing_out_of_a_building() -> None:
    """[CH.FIRE.14] [CH.FIRE.15] [CH.COVER.10]: from inside only through a window next to him; never
    through walls (a man behind a wall is in infinite cover)."""
    st = make(TV84)
    t = man(st, "T", "man_at_arms", "blue", (0, -3))
    next_to = man(st, "A", "crossbowman", "red", (0, 1))
    assert aim(st, next_to, Step.CROSSBOW, t).range == 4
    st.characters.pop("A")
    deep = man(st, "B", "crossbowman", "red", (0, 2))
    with pytest.raises(Illegal) as e:
        aim(st, deep, Step.CROSSBOW, t)
    assert e.value.code == "CH.FIRE.14"
    st2 = make(TV84, config={"lof.interior_fire_out": "any_aperture"})
    t2 = man(st2, "T", "man_at_arms", "blue", (0, -3))
    deep2 = man(st2, "B", "crossbowman", "red", (0, 2))
    assert aim(st2, deep2, Step.CROSSBOW, t2).range == 5
    behind = man(st, "W", "man_at_arms", "blue", (3, 0))
    with pytest.raises(Illegal) as e:
        aim(st, man(st, "Q", "crossbowman", "red", (-3, 1)), Step.CROSSBOW, behind)
    assert e.value.code in ("CH.FIRE.15", "CH.FIRE.10", "CH.FIRE.14")


def test_TV_75_enclosure_door() -> None:
    """TV-75 [CH.FIRE.13] [CH.TERRAIN.10]:
    through one enclosure door at a window hex of a house inside, not its interior."""
    yard = [(q, r) for q in range(-3, 4) for r in range(1, 8)]
    t = {}
    for q in range(-4, 5):
        t[(q, 0)] = Terrain.WALL
    t[(0, 0)] = Terrain.DOOR
    t.update(building([(0, 5), (1, 5)], windows=[(0, 4)]))
    house = {k for k, v in t.items() if k[1] >= 3}
    st = make(t, enclosures={"yard": [y for y in yard if y not in house and y[1] > 0]})
    f = man(st, "F", "crossbowman", "red", (0, -3))
    w = man(st, "W", "man_at_arms", "blue", (0, 4))
    assert aim(st, f, Step.CROSSBOW, w).cover is Cover.MEDIUM
    st.characters.pop("W")
    i = man(st, "I", "man_at_arms", "blue", (0, 5))
    with pytest.raises(Illegal):
        aim(st, f, Step.CROSSBOW, i)


def test_TV_59_default_target_hex() -> None:
    """TV-59 [CH.FIRE.3] [CH.PBEM.4]: the nearer hex of a horseman on flat ground, range 5."""
    st = make()
    f = man(st, "F", "crossbowman", "red", (0, 0))
    h = man(st, "K", "knight", "blue", (5, 0), facing=3)  # front (5,0), rear (6,0)
    shot = aim(st, f, Step.CROSSBOW, h)
    assert shot.hex == H(5, 0) and shot.range == 5 and shot.table is Table.MRT_MOUNTED


def test_TV_60_TV_92_horseman_cover() -> None:
    """TV-60, TV-92 [CH.COVER.6] [CH.HORSE.4]: the heavier cover of two hexes; half behind a wall = infinite."""
    st = make({(6, 0): Terrain.SCRUB})
    f = man(st, "F", "crossbowman", "red", (0, 0))
    h = man(st, "K", "knight", "blue", (5, 0), facing=3)
    assert aim(st, f, Step.CROSSBOW, h).cover is Cover.LIGHT
    wall = {(2, 1): Terrain.WALL, (3, 1): Terrain.WALL}
    for mode, blocked in (("infinite", True), ("ignore", False)):
        st2 = make(wall, config={"cover.mounted_hidden_hex": mode})
        f2 = man(st2, "F", "crossbowman", "red", (0, 0))
        h2 = man(st2, "K", "knight", "blue", (4, 0), facing=2)  # rear (4,1) lies behind the wall
        if blocked:
            with pytest.raises(Illegal) as e:
                aim(st2, f2, Step.CROSSBOW, h2)
            assert e.value.code == "CH.COVER.6"
        else:
            shot = aim(st2, f2, Step.CROSSBOW, h2)
            assert shot.hex == H(4, 0) and shot.cover is Cover.NONE


def test_CH_MISSILE_6_who_may_fire() -> None:
    """[CH.MISSILE.6] [CH.SEQ.2] [CH.SEQ.3] [CH.FIRE.2] [CH.FIRE.16] [CH.FIRE.17]."""
    st = make()
    sb = man(st, "S", "shortbowman", "red", (0, 0))
    xb = man(st, "X", "crossbowman", "red", (0, 2))
    t = man(st, "T", "peasant", "blue", (1, 0))  # range 1 is allowed [CH.FIRE.16]
    assert aim(st, sb, Step.SHORTBOW_1, t).range == 1
    assert aim(st, sb, Step.SHORTBOW_2, t).range == 1
    for bad in ((sb, Step.CROSSBOW), (xb, Step.SHORTBOW_1), (xb, Step.SHORTBOW_2)):
        with pytest.raises(Illegal):
            aim(st, bad[0], bad[1], t)
    with pytest.raises(Illegal) as e:
        aim(st, sb, Step.SHORTBOW_1, xb)
    assert e.value.code == "CH.FIRE.2"
    set_(st, "S", condition=Condition.STUNNED)
    with pytest.raises(Illegal):
        aim(st, st.characters["S"], Step.SHORTBOW_1, t)
    k = man(st, "M", "knight", "red", (4, 4), facing=0)
    with pytest.raises(Illegal) as e:
        aim(st, k, Step.SHORTBOW_1, t)
    assert e.value.code == "CH.MISSILE.6"


def test_TV_26_TV_27_TV_28_crossbow_at_knight() -> None:
    """TV-26, TV-27, TV-28 [CH.FIRE.1] [CH.MRT.4] [CH.COVER.2] [CH.COVER.8] [CH.MISSILE.4]: 28 hexes."""
    for terrain, die, result in (
        (Terrain.FLAT, 3, "wounded"),
        (Terrain.SCRUB, 3, "retreat"),
        (Terrain.DOOR, 3, "retreat"),
        (Terrain.DOOR, 4, "none"),
    ):
        st = make({(0, 14): terrain})
        x = man(st, "X", "crossbowman", "red", (0, -14), condition=Condition.WOUNDED)
        k = man(st, "K", "knight", "blue", (0, 14))
        shot = aim(st, x, Step.CROSSBOW, k)
        assert shot.strength == 50 and shot.range == 28
        c = ctx(st, die)
        resolve_shot(c, shot)
        after = st.characters["K"]
        if result == "wounded":
            assert shot.column == 4 and after.condition is Condition.WOUNDED and st.values(after).attack == 15
        elif result == "retreat":
            assert after.hex.distance(H(0, 14)) == 2 and after.condition is Condition.UNWOUNDED
        else:
            assert after.hex == H(0, 14) and after.condition is Condition.UNWOUNDED


def test_TV_29_shortbow_long_range() -> None:
    """TV-29 [CH.MISSILE.2] [CH.MRT.4]: 22 vs 3 is 7-1: die 1 C, 7 A, 9 no effect."""
    k = column(missile_strength(Weapon.SHORTBOW, 60) or 0, 3)
    assert k == 7
    assert [lookup(Table.MRT_INFANTRY, k, d) for d in (1, 7, 9)] == ["C", "A", None]


def test_TV_30_TV_31_crossbow_unhorses_knight() -> None:
    """TV-30, TV-31 [CH.MRT.3] [CH.MRT.5] [CH.HORSE.8] [CH.PBEM.17]: B kills the horse and stuns the rider."""
    st = make()
    x = man(st, "X", "crossbowman", "red", (-10, 0))
    k = man(st, "K", "knight", "blue", (0, 0), facing=0)
    shot = aim(st, x, Step.CROSSBOW, k)
    assert shot.column == 4 and shot.table is Table.MRT_MOUNTED
    resolve_shot(ctx(st, 2), shot)
    after = st.characters["K"]
    dead = [a for a in st.animals.values() if not a.alive]
    assert after.stunned and not after.mounted and dead and set(dead[0].hexes) == {H(0, 0), H(-1, 0)}
    assert after.hex == H(-2, 0) or after.hex.distance(H(-10, 0)) <= 9  # nearest the firer
    st2 = make()
    x2 = man(st2, "X", "crossbowman", "red", (-10, 0))
    k2 = man(st2, "K", "knight", "blue", (0, 0), facing=0, condition=Condition.WOUNDED)
    shot2 = aim(st2, x2, Step.CROSSBOW, k2)
    assert shot2.column == 7
    resolve_shot(ctx(st2, 2), shot2)
    assert st2.characters["K"].condition is Condition.DEAD
    assert [a.alive for a in st2.animals.values()] == [True]  # C: horse unharmed, riderless
