"""Clauses mutation testing found unpinned (benchmarks/mutation.py pc:NAME): each test names the rule whose clause
it pins, and fails when that clause is changed [PC.FIRE.*] [PC.GEOM.17] [PC.TERRAIN.3]."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.proconsul import fire as F
from games.proconsul.melee import Melee
from games.proconsul.model import Modifier
from games.proconsul.state import Edge, Terrain, edge_key

from .helpers import P, ctx, make, troops


def two(a: dict[str, Any], b: dict[str, Any], *more: dict[str, Any], **extra: Any) -> Any:
    return make([{"side": "red", **a}, {"side": "blue", **b}, *more], **extra)


# --- fire.py ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ground", "open_"),
    [
        (Terrain.PLAIN, True),
        (Terrain.HILLSIDE, True),
        (Terrain.ROUGH, False),
        (Terrain.WOODS, False),
        (Terrain.MARSH, False),
    ],
)
def test_PC_TERRAIN_3_in_the_open(ground: Terrain, open_: bool) -> None:
    """[PC.TERRAIN.3]: open ground is neither cover nor difficult; rough and marsh are difficult, woods cover."""
    st = make([])
    st.terrain[P(0, 0)] = ground
    assert F.in_open(st, P(0, 0)) is open_


def test_PC_FIRE_6_archers_are_bows_only() -> None:
    """[PC.FIRE.6]: bowmen shoot over stands; javelin men do not."""
    st = two({"id": "B", "troop": "cat:Sh", "at": (0, 0)}, {"id": "J", "troop": "cat:LI", "at": (5, 0)})
    assert F.archer(st, st.stands["B"]) and not F.archer(st, st.stands["J"])


def test_PC_GEOM_17_elevation_blocks_only_above_the_higher_end() -> None:
    """[PC.GEOM.17] (2): a hillside between a hilltop shooter and a plain target does not block; a hillside between two
    plain hexes does."""
    st = make([])
    a, h, b = P(0, 0), P(1, 0), P(2, 0)
    st.terrain[h] = Terrain.HILLSIDE
    assert F.hex_blocks(st, a, b, h, over_stands=False)
    st.terrain[a] = Terrain.HILLTOP
    assert not F.hex_blocks(st, a, b, h, over_stands=False)
    assert not F.hex_blocks(st, b, a, h, over_stands=False)


def test_PC_IMPET_2_impetuous_sight_is_blocked_by_friends_only() -> None:
    """[PC.IMPET.2] [PC.GEOM.17]: for an impetuous stand's sight only friends block (of any type), enemies do not;
    for ordinary sight an enemy HI blocks."""
    st = two(
        {"id": "W", "troop": "gauls:warband", "at": (0, 0)},
        {"id": "E", "troop": "cat:HI", "at": (1, 0)},
        {"id": "T", "side": "blue", "troop": "cat:HI", "at": (2, 0)},
    )
    assert F.clear_sight(st, P(0, 0), P(2, 0), friends_of="red")
    assert not F.clear_sight(st, P(0, 0), P(2, 0), friends_of="blue")
    assert not F.clear_sight(st, P(0, 0), P(2, 0))


def _shooters(**kw: Any) -> Any:
    return two({"id": "S", "troop": "cat:Sh", "at": (0, 0), **kw}, {"id": "T", "troop": "cat:HI", "at": (2, 0)})


def test_PC_FIRE_8_reasons_for_not_firing_are_exact() -> None:
    """[PC.FIRE.1] [PC.FIRE.8] [PC.FIRE.5] [PC.FIRE.4] [PC.FIRE.3] [PC.FIRE.6]: each refusal says its rule."""
    st = _shooters()
    s, t = st.stands["S"], st.stands["T"]
    assert F.can_target(st, s, t) == ""
    assert F.can_target(st, t, s) == "it has no missile weapon [PC.FIRE.1]"
    friend = replace(t, side="red")
    assert F.can_target(st, s, friend) == "that is not an enemy stand on the board [PC.FIRE.8]"
    assert F.can_target(st, s, replace(t, removed="destroyed")) == "that is not an enemy stand on the board [PC.FIRE.8]"
    far = replace(t, hex=P(6, 0))
    assert F.can_target(st, s, far) == "out of range (6 hexes; bow reaches 5) [PC.FIRE.4]"
    behind = replace(t, hex=P(-2, 0))
    assert F.can_target(st, s, behind) == "outside the front arc [PC.FIRE.3] [PC.GEOM.7]"
    st.terrain[P(1, 0)] = Terrain.WOODS
    st.terrain[P(1, 1)] = Terrain.WOODS
    st.terrain[P(2, -1)] = Terrain.WOODS
    st.terrain[P(1, -1)] = Terrain.WOODS
    assert F.can_target(st, s, t) == "no line of sight [PC.FIRE.6] [PC.GEOM.16]"


@pytest.mark.parametrize("locked", ["S", "T"])
def test_PC_FIRE_5_either_stand_locked_in_melee(locked: str) -> None:
    """[PC.FIRE.5]: no fire by a stand locked in melee, nor at one; a non-facing stand is not locked."""
    st = _shooters()
    st.stands["X"] = replace(st.stands["T"], id="X", hex=P(9, 9), side="red" if locked == "T" else "blue")
    st.melees[1] = Melee(1, "red", (("red", locked), ("blue", "X")), (), (), False, 0, (), ())
    assert F.can_target(st, st.stands["S"], st.stands["T"]) == "no firing by or at a stand locked in melee [PC.FIRE.5]"
    st.melees[1] = Melee(1, "red", (("red", "X"), ("blue", "X")), (), (locked,), False, 0, (), ())
    assert F.can_target(st, st.stands["S"], st.stands["T"]) == ""


def test_PC_FIRE_3_artillery_band_follows_the_config() -> None:
    """[PC.FIRE.3] [PC.GEOM.8]: artillery's narrow front is the configured half width."""
    for width, allowed in ((0, False), (1, True)):
        st = make(
            [
                {"id": "A", "side": "red", "troop": "cat:Art", "at": (0, 0)},
                {"id": "T", "side": "blue", "troop": "cat:HI", "at": (3, -1)},
            ],
            {"art_arc_halfwidth": width},
        )
        why = F.can_target(st, st.stands["A"], st.stands["T"])
        assert why == ("" if allowed else "outside artillery's narrow front [PC.FIRE.3] [PC.GEOM.8]")


def test_PC_FIRE_6_bowmen_shoot_over_stands_with_a_penalty() -> None:
    """[PC.FIRE.6]: a bow shoots over a stand in between (the configured penalty, here 1); javelins may not; no
    penalty when clear."""
    st = _shooters()
    st.config = replace(st.config, overhead_fire_penalty=1)
    c = ctx(st)
    assert F.shooting_dice(c, st.stands["S"], st.stands["T"], 0, False) == 4
    st.stands["M"] = replace(st.stands["T"], id="M", hex=P(1, 0))
    st.stands["N"] = replace(st.stands["T"], id="N", hex=P(1, 1))
    st.stands["O"] = replace(st.stands["T"], id="O", hex=P(2, -1))
    st.stands["Q"] = replace(st.stands["T"], id="Q", hex=P(1, -1))
    assert F.can_target(st, st.stands["S"], st.stands["T"]) == ""
    assert F.shooting_dice(c, st.stands["S"], st.stands["T"], 0, False) == 3
    jav = replace(st.stands["S"], troop="cat:LI")
    st.stands["S"] = jav
    assert F.can_target(st, jav, st.stands["T"]) == "no line of sight [PC.FIRE.6] [PC.GEOM.16]"


def test_PC_UNITS_9_fire_modifiers_of_the_scenario() -> None:
    """[PC.UNITS.9]: a scenario's fire modifier adds to normal fire; a melee modifier does not."""
    st = _shooters()
    st.modifiers = [Modifier("fire", 2, troop="cat:Sh"), Modifier("melee", 5)]
    assert F.shooting_dice(ctx(st), st.stands["S"], st.stands["T"], 0, False) == 6
    assert F.shooting_dice(ctx(st), st.stands["S"], st.stands["T"], 1, True) == 4


def test_PC_FIRE_7_field_defences_cover_only_from_their_side() -> None:
    """[PC.FIRE.7] [PC.TERRAIN.7]: a stand behind a field defence is covered from a shooter beyond it (also adjacent),
    not from one on its other side; woods cover from everywhere."""
    st = two({"id": "S", "troop": "cat:Sh", "at": (0, 0)}, {"id": "T", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    s, t = st.stands["S"], st.stands["T"]
    assert F.cover_dice(st, s, t) == 0
    st.edges[edge_key(P(0, 0), P(1, 0))] = Edge.FIELD_DEFENCE
    assert F.cover_dice(st, s, t) == st.config.cover_fire_mod == -1
    assert F.cover_dice(st, replace(s, hex=P(-2, 0)), t) == -1
    assert F.cover_dice(st, replace(s, hex=P(3, 0)), t) == 0
    st.terrain[P(1, 0)] = Terrain.WOODS
    assert F.cover_dice(st, replace(s, hex=P(3, 0)), t) == -1


def test_PC_DICE_3_a_pool_below_one_is_no_fire() -> None:
    """[PC.DICE.3] [PC.FIRE.9]: no dice, no hits; a hit's morale test says what caused it."""
    st = _shooters()
    assert F.shoot(ctx(st), "S", "T", 0, 1, "fire") == 0
    c = ctx(st, 6, 1, 1, 1, 3)
    assert F.shoot(c, "S", "T", 4, 1, "fire") == 1
    assert c.dice.purposes[-1] == "morale: T tests for 1 hit(s) (fire by S)"


def test_PC_FIRE_2_normal_fire_after_moving_and_opportunity_ends() -> None:
    """[PC.FIRE.2] [PC.OPP.2]: fire with a move after costs a die; firing ends opportunity."""
    st = _shooters(opportunity=True)
    c = ctx(st, 1, 1, 1)
    assert F.normal_fire(c, "S", "T", 0, True) == ""
    assert len(c.dice.purposes) == 3 and st.stands["S"].opportunity is False


def test_PC_FIRE_13_defensive_fire_needs_a_missile_and_a_frontal_charger() -> None:
    """[PC.FIRE.13]: Sk fire at a frontal charger, not at one on their flank; LCh always; LC only as horse archers or
    Numidians (either); plain LC and HI never."""
    table = troops()
    ha = replace(table["cat:LC"], horse_archer=True)
    nu = replace(table["cat:LC"], numidian=True)
    st = two(
        {"id": "K", "troop": "cat:Sk", "at": (0, 0)},
        {"id": "A", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        {"id": "F", "side": "blue", "troop": "cat:HI", "at": (0, 1), "facing": 2},
        ha=ha,
        nu=nu,
    )
    k, a = st.stands["K"], st.stands["A"]
    assert F.defensive_fire_allowed(st, k, a)
    assert not F.defensive_fire_allowed(st, replace(k, facing=2), a)
    for troop, fires in (("cat:LCh", True), ("ha", True), ("nu", True), ("cat:LC", False), ("cat:HI", False)):
        assert F.defensive_fire_allowed(st, replace(k, troop=troop), a) is fires, troop


def test_PC_FIRE_14_defensive_fire_dice_and_cap() -> None:
    """[PC.FIRE.14]: front SP, one fewer disordered; the cap is 1 SP, 2 for artillery attacked frontally."""
    st = two({"id": "A", "troop": "cat:Art", "at": (0, 0)}, {"id": "H", "troop": "cat:HI", "at": (1, 0), "facing": 3})
    a, h = st.stands["A"], st.stands["H"]
    assert F.df_dice(st, a) == 2 and F.df_dice(st, replace(a, disordered=True)) == 1
    assert F.df_cap(st, a, h) == 2
    assert F.df_cap(st, replace(a, facing=3), h) == 1
    assert F.df_cap(st, replace(a, troop="cat:Sh"), h) == 1


def test_PC_FIRE_15_supporting_fire_dice() -> None:
    """[PC.FIRE.15]: Sh half rounded up after disorder (6 SP: 3, disordered 5: 3; 5 SP: 3, disordered: 2); Sk full
    less disorder; others none; bowmen in woods supporting a support stand fire even at cavalry."""
    st = two(
        {"id": "B", "troop": "cat:Sh", "at": (0, 1), "ranks": (5,)},
        {"id": "M", "troop": "cat:MC", "at": (1, 0), "facing": 3},
        {"id": "K", "side": "red", "troop": "cat:Sk", "at": (0, 0)},
    )
    b, m, k = st.stands["B"], st.stands["M"], st.stands["K"]
    assert F.supporting_fire_dice(st, replace(b, ranks=(6,)), k, m) == 0  # in the open, for a support stand, at MC
    hi = replace(k, troop="cat:HI")
    assert F.supporting_fire_dice(st, replace(b, ranks=(6,)), hi, m) == 3
    assert F.supporting_fire_dice(st, b, hi, m) == 3
    assert F.supporting_fire_dice(st, replace(b, disordered=True), hi, m) == 2
    assert F.supporting_fire_dice(st, replace(k, disordered=True), hi, m) == 1
    assert F.supporting_fire_dice(st, replace(k, troop="cat:HI"), hi, m) == 0
    st.terrain[b.hex] = Terrain.WOODS
    assert F.supporting_fire_dice(st, b, k, m) == 3


# --- melee.py -----------------------------------------------------------------------------------------------------


def _cap_of(loser: str, winner: str, at: tuple[int, int], facing: int, approach: list[tuple[int, int]] | None) -> int:
    from games.proconsul.melee import Fresh, _cap

    st = two({"id": "L", "troop": loser, "at": (0, 0)}, {"id": "W", "troop": winner, "at": at, "facing": facing})
    m = Melee(1, "blue", (("red", "L"), ("blue", "W")), (), (), False, 0, (), ())
    fresh = Fresh({"W": [P(*h) for h in approach]} if approach is not None else {})
    return _cap(st, m, "red", fresh)


def test_PC_RESULT_4_loser_caps_in_play() -> None:
    """[PC.RESULT.4] [PC.RESULT.3] [PC.GEOM.20]: HC charging a foot stand's flank from behind its front line take up
    to 3 SP; the same HC not charging this fight, or coming from the front, 2; cavalry beaten by pikes 2 only when
    the pikes face them, else 1."""
    from games.proconsul import geometry as G

    assert G.from_behind(P(0, 0), 0, [P(-1, 2)]) and not G.from_behind(P(0, 0), 0, [P(1, 1)])
    assert _cap_of("cat:HI", "cat:HC", (0, 1), 2, [(-1, 2)]) == 3
    assert _cap_of("cat:HI", "cat:HC", (0, 1), 2, None) == 2
    assert _cap_of("cat:HI", "cat:HC", (0, 1), 2, [(1, 1)]) == 2
    assert _cap_of("cat:HI", "cat:HC", (1, 0), 3, [(2, 0)]) == 2
    assert _cap_of("cat:MC", "cat:Pk", (1, 0), 3, None) == 2
    assert _cap_of("cat:MC", "cat:Pk", (1, 0), 0, None) == 1
