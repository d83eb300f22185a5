"""Exact-behaviour tests of the 2012 skirmish order (games/hordes_heroes/skirmish_2012.py) written to kill the
mutants the scenario tests left alive: the evade path of a contacted stand (HH12.SPEC.4), the regroup-flee of a
contacted skirmish unit (HH12.SPEC.6, HH12.SPEC.7), losses taken off other stands, the chain check and the
dropped disorder (ruling HH12.SPEC.A1).

Stands are built directly as one-stand records with `skirmish_of` set; the contacting enemy (light cavalry, unit 9)
stands in the hex `m` it entered. Positions are the helpers' (q, r); messages name the map's labels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from games.hordes_heroes import orders as O
from games.hordes_heroes.battlefield import Terrain
from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.geometry import side_key
from games.hordes_heroes.model import Formation, Speed
from games.hordes_heroes.skirmish_2012 import (
    SkirmishError,
    _evade,
    _regroup_flee,
    _within,
    broken_chains,
    do_disperse,
    group_command,
    ignore_disorder,
    other_stands_lost,
    through_stands,
    verify_disperse,
    verify_reform,
)
from games.hordes_heroes.state import GameState

from .helpers import PROFILES, Facing, H, make_state
from .test_edition_2012_skirmish import dispersed, north_turn, order

Row = tuple[Any, ...]
"""A unit row for `make_state`: (id, side, profile, (q, r), facing, {overrides})."""


def stand(uid: int, side: str, qr: tuple[int, int], pid: str = "skirm", group: int = 1, **over: object) -> Row:
    """A one-stand record of skirmish unit `group`."""
    return (uid, side, pid, qr, Facing.N, {"skirmish_of": group, "stands": 1, "nominal": 1, **over})


def unit(uid: int, side: str, qr: tuple[int, int], **over: object) -> Row:
    """A formed unit of spearmen without traits."""
    return (uid, side, "bare", qr, Facing.N, over)


def mover(qr: tuple[int, int], side: str = "north") -> Row:
    """The contacting formed enemy, unit 9, in the hex it entered."""
    return (9, side, "lc", qr, Facing.S)


def board(units: list[Row], edges: bool = True) -> GameState:
    st = make_state(units, rows=13, edges=edges)
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    return st


def at(st: GameState, uid: int) -> tuple[int, int] | None:
    h = st.units[uid].hex
    return None if h is None or st.units[uid].eliminated else (h.q - 8, h.r)


def lab(st: GameState, *qrs: tuple[int, int]) -> str:
    return " ".join(st.label(H(*qr)) for qr in qrs)


def evade(units: list[Row], m: tuple[int, int], edges: bool = True) -> tuple[GameState, list[str]]:
    """Stand 1 is contacted by an enemy entering `m`."""
    st = board(units, edges)
    return st, _evade(st, st.units[1], H(*m))


def regroup(units: list[Row], m: tuple[int, int], edges: bool = True) -> tuple[GameState, list[str] | None]:
    """Stand 1 of skirmish unit 1 is contacted by an enemy entering `m` with `flee-response yes`."""
    st = board(units, edges)
    return st, _regroup_flee(st, st.units[1], H(*m))


def evades(st: GameState, frm: tuple[int, int], *route: tuple[int, int]) -> list[str]:
    return [f"unit 1 (Skirmishers) evades {lab(st, frm)} -> {lab(st, *route)} [HH12.SPEC.4]."]


# --- HH12.SPEC.4, ruling HH12.CMP.A10: the evade path ---------------------------------------------------------------


def test_HH12_SPEC_4_evade_two_hexes_off_the_bottom_edge_row():
    """HH12.SPEC.4: a south stand on the last row (3, 12), contacted from (3, 11), evades along the row: (4, 12) then
    (5, 12), each step farther from (3, 11); the hexes off the map beyond the row are never used."""
    st, lines = evade([stand(1, "south", (3, 12)), mover((3, 11))], (3, 11))
    assert lines == evades(st, (3, 12), (4, 12), (5, 12))
    assert at(st, 1) == (5, 12) and st.units[1].evaded_this_bound is True


def test_HH12_SPEC_4_a_stand_evades_one_hex_when_two_cannot_be_done():
    """HH12.SPEC.4 (1 hex if 2 cannot be done): a south stand at (3, 12) contacted from (2, 12) may step to (4, 12)
    (a steady friend there) or (4, 11); every second hex, (5, 10) (5, 11) (5, 12), is held by friends. It moves the
    one hex to the empty (4, 11), never onto the friend at (4, 12) nor sideways to a second hex."""
    friends = [unit(5, "south", (5, 12)), unit(6, "south", (5, 11)), unit(7, "south", (5, 10))]
    st, lines = evade([stand(1, "south", (3, 12)), mover((2, 12)), *friends, unit(8, "south", (4, 12))], (2, 12))
    assert lines == evades(st, (3, 12), (4, 11))
    assert at(st, 1) == (4, 11) and st.units[1].evaded_this_bound is True


def test_HH12_SPEC_4_a_boxed_in_stand_stays():
    """HH12.SPEC.4: a stand at (3, 7) contacted from (3, 6) whose three hexes farther away, (4, 7) (3, 8) (2, 8), hold
    disordered friends (not passable, not empty) cannot evade: it stays, even though (2, 7) and (4, 6) beside it are
    empty (a step must take it farther)."""
    box = [unit(5 + k, "south", qr, disrupted=True) for k, qr in enumerate([(4, 7), (3, 8), (2, 8)])]
    st, lines = evade([stand(1, "south", (3, 7)), mover((3, 6)), *box], (3, 6))
    assert lines == [] and at(st, 1) == (3, 7) and st.units[1].evaded_this_bound is False


@pytest.mark.parametrize(
    "side, m, edges, route",
    [
        ("south", (3, 6), True, ((2, 8), (1, 9))),  # nearest the south edge, then the lowest hex
        ("north", (3, 8), True, ((3, 6), (3, 5))),  # nearest the north edge: row 5
        ("north", (3, 8), False, ((2, 7), (1, 7))),  # no edges: the lowest hex
        ("south", (4, 7), True, ((2, 8), (1, 9))),  # contacted from the east: the south edge wins over (1, 7)
        ("south", (4, 7), False, ((2, 7), (1, 7))),  # without edges (1, 7), the lowest
    ],
)
def test_HH12_SPEC_4_evade_ties_go_nearest_the_own_edge_then_lowest(side, m, edges, route):
    """HH12.SPEC.4, ruling HH12.CMP.A10: among evade ends 2 hexes off, nearest the stand's own table edge (south:
    highest row, north: lowest row), then the lowest hex; a board without edges takes the lowest hex."""
    other = "north" if side == "south" else "south"
    st, lines = evade([stand(1, side, (3, 7)), mover(m, other)], m, edges)
    assert lines == evades(st, (3, 7), *route)
    assert at(st, 1) == route[-1]


@pytest.mark.parametrize(
    "extra, route",
    [
        ([], ((2, 8), (1, 9))),
        ([unit(5, "north", (0, 10))], ((2, 8), (2, 9))),  # enemy ZOC covers (1, 9)
        ([unit(5, "south", (0, 10))], ((2, 8), (1, 9))),  # a friend's ZOC does not matter
        ([unit(5, "south", (2, 8))], ((2, 8), (1, 9))),  # a steady friend is passed through
        ([unit(5, "south", (2, 8), disrupted=True)], ((3, 8), (2, 9))),  # a disordered friend is not
        ([unit(5, "south", (1, 9))], ((2, 8), (2, 9))),  # the end hex must be empty
    ],
)
def test_HH12_SPEC_4_evade_avoids_enemy_zoc_and_passes_only_steady_friends(extra, route):
    """HH12.SPEC.4, ruling HH12.CMP.A10: a south stand at (3, 7) contacted from (3, 6) evades by (2, 8) to (1, 9);
    north spearmen at (0, 10) put (1, 9) in their ZOC, so it goes to (2, 9); friendly spearmen there do not. A steady
    friend at (2, 8) is passed through, a disordered one is not (it goes by (3, 8) to (2, 9)); a friend at (1, 9)
    takes that end hex."""
    st, lines = evade([stand(1, "south", (3, 7)), mover((3, 6)), *extra], (3, 6))
    assert lines == evades(st, (3, 7), *route)
    assert at(st, 1) == route[-1]


# --- HH12.SPEC.6, HH12.SPEC.7, ruling HH12.SPEC.A1 item 5: regroup-flee ----------------------------------------------


def regrouped(st: GameState, qr: tuple[int, int], n: int) -> list[str]:
    return [
        "skirmish unit 1 (Skirmishers) reforms with its evade move [HH12.SPEC.7]:"
        f" unit 1 (Skirmishers) reforms in {lab(st, qr)} with {n} stands [HH12.SPEC.7]."
    ]


THREE = [stand(1, "south", (3, 7)), stand(2, "south", (2, 8)), stand(3, "south", (3, 8))]
"""South skirmish unit 1 down to 3 stands at (3, 7) (2, 8) (3, 8); the first is contacted from (3, 6)."""


@pytest.mark.parametrize(
    "extra, to",
    [
        ([], (1, 9)),
        ([unit(5, "north", (0, 10))], (2, 9)),  # enemy ZOC covers (1, 9)
        ([unit(5, "south", (1, 9))], (2, 9)),  # held by a friend of another unit
        ([unit(5, "south", (0, 10))], (1, 9)),  # a friend's ZOC does not matter
    ],
)
def test_HH12_SPEC_7_foot_stands_regroup_in_the_best_empty_hex_outside_enemy_zoc(extra, to):
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 5: the 3 foot stands regroup within 2 hexes of each stand, farthest from
    (3, 6), then nearest the south edge, then lowest: (1, 9); not in enemy ZOC nor in a hex another unit holds,
    then (2, 9)."""
    st, lines = regroup([*THREE, mover((3, 6)), *extra], (3, 6))
    assert lines == regrouped(st, to, 3)
    friends = [x[0] for x in extra if x[1] == "south"]
    assert at(st, 1) == to and sorted(u.id for u in st.live_units("south")) == sorted([1, *friends])


def test_HH12_SPEC_7_a_stand_hex_may_be_the_regroup_hex():
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 5: the hex may be held by one of the regrouping stands: stands at (3, 7)
    (2, 8) (1, 9) regroup on the last one's hex (1, 9)."""
    units = [stand(1, "south", (3, 7)), stand(2, "south", (2, 8)), stand(3, "south", (1, 9)), mover((3, 6))]
    st, lines = regroup(units, (3, 6))
    assert lines == regrouped(st, (1, 9), 3)
    assert at(st, 1) == (1, 9) and sorted(st.units) == [1, 9]


def test_HH12_SPEC_7_foot_regroup_reach_is_the_evade_move_not_the_speed():
    """HH12.SPEC.7: foot stands regroup with their 2-hex evade move even when their normal move is 4 hexes: the same
    3 stands, at speed 4, still regroup at (1, 9)."""
    fast = replace(PROFILES["skirm"], id="skirm4", speed=Speed.parse("4R"))
    PROFILES["skirm4"] = fast
    try:
        st = board([stand(u[0], "south", u[3], "skirm4") for u in THREE] + [mover((3, 6))])
    finally:
        del PROFILES["skirm4"]
    assert _regroup_flee(st, st.units[1], H(3, 6)) == regrouped(st, (1, 9), 3)


@pytest.mark.parametrize(
    "side, m, edges, to",
    [
        ("north", (3, 8), True, (3, 5)),  # nearest the north edge
        ("north", (3, 8), False, (2, 6)),  # no edges: the lowest hex
    ],
)
def test_HH12_SPEC_7_regroup_ties_go_nearest_the_own_edge_then_lowest(side, m, edges, to):
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 5: north stands at (3, 7) (4, 6) (3, 6) contacted from (3, 8) regroup
    nearest the north edge, at (3, 5); on a board without edges, at the lowest of the farthest hexes, (2, 6)."""
    units = [stand(1, side, (3, 7)), stand(2, side, (4, 6)), stand(3, side, (3, 6)), mover(m, "south")]
    st, lines = regroup(units, m, edges)
    assert lines == regrouped(st, to, 3)


def test_HH12_SPEC_7_regroup_without_edges_takes_the_lowest_hex():
    """HH12.SPEC.7: south stands at (3, 7) (2, 7) (2, 8), contacted from the east at (4, 7) on a board without edges,
    regroup at the lowest of the farthest hexes, (1, 7)."""
    units = [stand(1, "south", (3, 7)), stand(2, "south", (2, 7)), stand(3, "south", (2, 8)), mover((4, 7))]
    st, lines = regroup(units, (4, 7), edges=False)
    assert lines == regrouped(st, (1, 7), 3)


def test_HH12_SPEC_7_no_regroup_hex_farther_from_the_enemy_means_none():
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 5: stands at (3, 12) and (2, 12) on the last row, contacted from
    (3, 11): the only hexes farther away within 2 of both, (4, 12) and (1, 12), hold friends; the unit does not
    regroup (None: the stand may evade alone) and nothing moves."""
    units = [stand(1, "south", (3, 12)), stand(2, "south", (2, 12)), mover((3, 11))]
    st, lines = regroup([*units, unit(5, "south", (4, 12)), unit(6, "south", (1, 12))], (3, 11))
    assert lines is None and at(st, 1) == (3, 12) and at(st, 2) == (2, 12)


def test_HH12_SPEC_7_the_regrouped_unit_keeps_its_move_and_has_evaded():
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 5: regrouping in the enemy's move is not the unit's own move: unit 1 keeps
    its moved flags (here not moved this phase nor this bound) and counts as evaded and flee-responded this bound."""
    st = north_turn(dispersed(units=((6, "north", "lc", (3, 3), Facing.S),)))
    st.units = {k: replace(u, moved_this_bound=False) for k, u in st.units.items()}
    from games.hordes_heroes.state import Standing, StandingProfile

    st.standing["south"] = StandingProfile(Standing(flee_response=True))
    order(st, O.Move(1, 6, (H(3, 4), H(3, 5), H(3, 6))))
    u = st.units[1]
    assert (u.moved_this_phase, u.moved_this_bound, u.evaded_this_bound, u.flee_responded_this_bound) == (
        False,
        False,
        True,
        True,
    )
    assert u.eliminated is False and u.skirmish_of is None


def test_HH12_SPEC_7_a_reform_order_counts_as_the_units_move():
    """HH12.SPEC.7: `reform` is the unit's move: unit 1 has moved this phase and this bound afterwards."""
    st = dispersed()
    st.units = {k: replace(u, moved_this_phase=False, moved_this_bound=False) for k, u in st.units.items()}
    order(st, O.Reform(1, 1, H(3, 8)))
    u = st.units[1]
    assert (u.moved_this_phase, u.moved_this_bound, u.eliminated, u.disrupted) == (True, True, False, False)


def test_HH12_SPEC_A1_within_lists_every_hex_up_to_k_away():
    """Ruling HH12.SPEC.A1 item 5 (regroup reach): the hexes within 1 of (3, 8) are it and its 6 neighbours; within 2,
    19 hexes."""
    assert _within(H(3, 8), 1) == sorted([H(3, 8), *H(3, 8).neighbours()])
    assert len(_within(H(3, 8), 2)) == 19 and H(3, 8) in _within(H(3, 8), 2)
    assert _within(H(3, 8), 0) == [H(3, 8)]


# --- ruling HH12.SPEC.A1 items 4, 8: other stands lost, the chain, disorder ------------------------------------------


def test_HH12_SPEC_A1_other_stands_lost_only_from_a_placed_stand_with_extra_losses():
    """Ruling HH12.SPEC.A1 item 8: no other stand is taken for no extra loss, for a formed unit, or for a stand no
    longer on the map; 1 extra loss takes the nearest other stand."""
    st = dispersed(units=((5, "south", "bare", (8, 8), Facing.N),))
    one, two = sorted(u.id for u in st.units.values() if u.skirmish_of == 1)[:2]
    assert other_stands_lost(st, st.units[one], 0) == []
    assert other_stands_lost(st, st.units[one], -1) == []
    assert other_stands_lost(st, st.units[5], 1) == []
    assert other_stands_lost(st, replace(st.units[one], hex=None), 1) == []
    assert other_stands_lost(st, st.units[one], 1) == [one]  # the hit stand itself is nearest (distance 0)


def test_HH12_SPEC_A1_broken_chains_are_checked_per_side():
    """Ruling HH12.SPEC.A1 item 4: north's skirmish unit 5 with stands 4 hexes apart is broken; south's check at the
    end of south's movement does not list it."""
    st = board([stand(1, "south", (3, 7)), stand(2, "south", (3, 8)), stand(5, "north", (3, 2), group=5),
                stand(6, "north", (7, 2), group=5)])  # fmt: skip
    assert broken_chains(st, "south") == []
    assert broken_chains(st, "north") == [5]


def test_HH12_SPEC_A1_only_stands_drop_their_disorder():
    """Ruling HH12.SPEC.A1 item 8: a disordered formed unit stays disordered; a disordered stand drops it."""
    st = board([stand(1, "south", (3, 7), disrupted=True), unit(5, "south", (6, 7), disrupted=True)])
    assert ignore_disorder(st) == [
        "Skirmishers (unit 1) is in skirmish order: disorder has no effect on it [HH12.SPEC.A1]."
    ]
    assert st.units[1].disrupted is False and st.units[5].disrupted is True


# --- HH12.SPEC.1, ruling HH12.SPEC.A1 item 2: the exact refusals of `disperse` ----------------------------------------


def refusal(fn: Callable[..., object], *args: object) -> tuple[str, str, str]:
    """The (code, message, hint) of the SkirmishError `fn(*args)` raises; its text is its message."""
    with pytest.raises(SkirmishError) as e:
        fn(*args)
    assert str(e.value) == e.value.message
    return e.value.code, e.value.message, e.value.hint


def test_HH12_SPEC_1_a_skirmish_error_carries_code_message_and_an_empty_hint():
    """HH12.SPEC.1: a refusal's text is its message; the hint is empty unless given."""
    e = SkirmishError("HH12.SPEC.1", "no")
    assert (e.code, e.message, e.hint, str(e)) == ("HH12.SPEC.1", "no", "", "no")


def start(units: tuple[Row, ...] = (), e: Edition = Edition.E2012, terrain: dict[tuple[int, int], str] | None = None,
          **over: object) -> GameState:  # fmt: skip
    """South skirmishers 1 at (3, 8) (with `over`), and `units`."""
    st = make_state([(1, "south", "skirm", (3, 8), Facing.N, over), *units], rows=13, terrain=terrain)
    st.options = replace(st.options, edition=e, rules_version=LATEST_RULES_VERSION)
    return st


LINE4 = (H(2, 7), H(3, 7), H(4, 6), H(5, 6))


def test_HH12_SPEC_1_disperse_refusal_texts():
    """HH12.SPEC.1, ruling HH12.SPEC.A1 item 2: each refusal of `disperse` with its code, words and hint."""
    st = start(e=Edition.E2022)
    assert refusal(verify_disperse, st, st.units[1], LINE4, True) == (
        "HH12.SPEC.1",
        f"{st.rules.title} has no skirmish order",
        "move the unit as it is",
    )
    st = start(skirmish_of=1, stands=1, nominal=1)
    assert refusal(verify_disperse, st, st.units[1], LINE4[:1], True) == (
        "HH12.SPEC.1",
        "unit 1 (Skirmishers) is already in skirmish order",
        "",
    )
    st = start(disrupted=True)
    assert refusal(verify_disperse, st, st.units[1], LINE4, True) == (
        "HH12.SPEC.A1",
        "unit 1 (Skirmishers) is disordered and may not disperse",
        "",
    )
    st = start(moved_this_phase=True)
    assert refusal(verify_disperse, st, st.units[1], LINE4, True) == (
        "HH12.SPEC.A1",
        "unit 1 (Skirmishers) has already moved and may not disperse",
        "",
    )
    st = start(((6, "north", "bare", (3, 9), Facing.N),))
    assert refusal(verify_disperse, st, st.units[1], LINE4, True) == (
        "HH12.SPEC.A1",
        "unit 1 (Skirmishers) is next to an enemy and may not disperse",
        "",
    )
    st = start()
    assert refusal(verify_disperse, st, st.units[1], LINE4[:3], True) == (
        "HH12.SPEC.1",
        "unit 1 (Skirmishers) has 4 stands: name 4 hexes, one per stand",
        "",
    )
    chain = "the hexes must be distinct and each next to the one before (at most 4)"
    twice = (H(2, 7), H(3, 7), H(2, 7), H(3, 7))  # a chain, but two hexes twice
    assert refusal(verify_disperse, st, st.units[1], twice, True) == ("HH12.SPEC.1", chain, "")
    far = (H(1, 6), H(2, 5), H(3, 5), H(4, 4))
    assert refusal(verify_disperse, st, st.units[1], far, True) == (
        "HH12.SPEC.A1",
        "one of the hexes must be the unit's own hex or next to it",
        "",
    )
    off = (H(3, 7), H(4, 6), H(5, 5), H(6, 5))
    assert refusal(verify_disperse, st, st.units[1], off, True) == (
        "HH12.SPEC.A1",
        f"{lab(st, (5, 5))} is farther than the unit's move of 2 hexes",
        "",
    )


def test_HH12_SPEC_1_at_most_four_stands_disperse():
    """HH12.SPEC.1: a chain is at most 4 hexes: a 5-stand unit may not disperse over 5."""
    st = start(stands=5, nominal=5)
    five = (H(1, 8), H(2, 7), H(3, 7), H(4, 6), H(5, 6))
    assert refusal(verify_disperse, st, st.units[1], five, True) == (
        "HH12.SPEC.1",
        "the hexes must be distinct and each next to the one before (at most 4)",
        "",
    )


def test_HH12_SPEC_A1_a_stand_cannot_go_into_a_lake():
    """Ruling HH12.SPEC.A1 item 2: a lake hex is no place for a stand (nor for the reformed unit, HH12.SPEC.7)."""
    st = start(terrain={(4, 6): "lake"})
    assert refusal(verify_disperse, st, st.units[1], LINE4, True) == (
        "HH12.SPEC.A1",
        f"a stand cannot go to {lab(st, (4, 6))}: it is not an empty hex",
        "",
    )
    st = board([stand(1, "south", (3, 7)), stand(2, "south", (3, 8))])
    st.field = replace(st.field, terrain={**st.field.terrain, H(4, 7): Terrain.LAKE})
    assert refusal(verify_reform, st, st.units[1], H(4, 7), frozenset({1})) == (
        "HH12.SPEC.7",
        f"the unit cannot reform in {lab(st, (4, 7))}: it is not an empty hex",
        "",
    )


def test_HH12_SPEC_7_reform_refusal_texts():
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 2: not under command, or a stand already moved."""
    st = board([stand(1, "south", (3, 7)), stand(2, "south", (3, 8), moved_this_phase=True)])
    assert refusal(verify_reform, st, st.units[1], H(3, 8), frozenset()) == (
        "HH12.SPEC.A1",
        "skirmish unit 1 is not under command",
        "",
    )
    assert refusal(verify_reform, st, st.units[1], H(3, 8), frozenset({2})) == (
        "HH12.SPEC.7",
        "a stand of skirmish unit 1 has already moved",
        "",
    )


def test_HH12_SPEC_1_dispersed_stands_are_deployed_and_have_moved():
    """HH12.SPEC.1: a unit in column disperses into deployed stands, each counting as moved this phase and bound."""
    st = start(formation=Formation.COLUMN)
    do_disperse(st, st.units[1], list(LINE4))
    for uid in (1, 2, 3, 4):
        u = st.units[uid]
        assert (u.formation, u.moved_this_phase, u.moved_this_bound) == (Formation.DEPLOYED, True, True)


def test_HH12_SPEC_1_the_general_goes_with_the_first_stand_even_when_the_second_holds_the_units_hex():
    """HH12.SPEC.1, HH.GEN.8: stands at (2, 8) (3, 8) (3, 7) (4, 6): the unit's own hex (3, 8) is the second stand's;
    the general attached goes with the first stand to (2, 8)."""
    from games.hordes_heroes.model import General

    st = start()
    st.generals[1] = General(1, "south", "General 1", hex=H(3, 8))
    do_disperse(st, st.units[1], [H(2, 8), H(3, 8), H(3, 7), H(4, 6)])
    assert st.generals[1].hex == H(2, 8)


def test_HH12_SPEC_A1_command_reaches_the_stands_of_a_commanded_stand_only():
    """Ruling HH12.SPEC.A1 item 3: a commanded stand brings its unit's steady stands under command, not a disordered
    stand of it nor any other unit."""
    st = board([stand(1, "south", (3, 7)), stand(2, "south", (3, 8)), stand(3, "south", (4, 8), disrupted=True),
                unit(5, "south", (8, 8))])  # fmt: skip
    assert group_command(st, frozenset({1})) == frozenset({1, 2})


# --- HH12.SPEC.4, HH12.SPEC.5: the hook in the enemy's move ----------------------------------------------------------


def ride(st: GameState, uid: int, path: list[tuple[int, int]]) -> list[str]:
    from games.hordes_heroes.compulsory import eliminate

    return through_stands(st, st.units[uid], [H(*qr) for qr in path], eliminate)


def test_HH12_SPEC_5_only_enemy_stands_are_ridden_down_or_evade():
    """HH12.SPEC.5, HH12.SPEC.4: a south formed unit moving through its own stand's hex and past another rides down
    none and makes none evade."""
    st = board([unit(1, "south", (3, 9)), stand(2, "south", (3, 7), group=2), stand(3, "south", (4, 6), group=2)])
    assert ride(st, 1, [(3, 8), (3, 7), (3, 6)]) == []
    assert at(st, 2) == (3, 7) and at(st, 3) == (4, 6) and at(st, 1) == (3, 9)


def test_HH12_SPEC_9_a_stand_moving_makes_no_stand_evade():
    """HH12.SPEC.9: a north stand moving next to south stands is no contact: nothing evades, nothing is ridden down."""
    st = board([stand(1, "south", (3, 7)), stand(2, "south", (3, 8)), stand(5, "north", (3, 4), group=5)])
    assert ride(st, 5, [(3, 5), (3, 6)]) == []
    assert at(st, 1) == (3, 7) and at(st, 2) == (3, 8)


def test_HH12_SPEC_4_every_contacted_stand_evades_whatever_the_unit_order():
    """HH12.SPEC.4: a south formed unit (id 1, far off) listed before the stands does not stop the check: north
    cavalry entering (3, 6) make stand 2 at (3, 7) evade by (2, 8) to (1, 9)."""
    st = board([unit(1, "south", (10, 10)), stand(2, "south", (3, 7), group=2), mover((3, 5))])
    route = lab(st, (2, 8), (1, 9))
    assert ride(st, 9, [(3, 6)]) == [f"unit 2 (Skirmishers) evades {lab(st, (3, 7))} -> {route} [HH12.SPEC.4]."]


def test_HH12_SPEC_4_the_evade_order_is_the_skirmish_units():
    """HH12.SPEC.4, ruling HH12.CMP.A10: `standing unit 1 evade no` holds for every stand of skirmish unit 1: its
    stand 2, contacted, stays."""
    from games.hordes_heroes.state import StandingProfile

    st = board([stand(1, "south", (8, 8)), stand(2, "south", (3, 7)), mover((3, 5))])
    st.standing["south"] = StandingProfile(per_unit={1: {"evade": False}})
    assert ride(st, 9, [(3, 6)]) == [] and at(st, 2) == (3, 7)


def test_HH12_SPEC_6_a_ride_down_and_then_a_regroup_are_both_told():
    """HH12.SPEC.5, HH12.SPEC.7: north cavalry at (3, 6) enter (3, 7), riding down the stand there; the stands at
    (2, 8) and (4, 7), now contacted, regroup (flee-response yes): both lines are told, in order."""
    from games.hordes_heroes.state import Standing, StandingProfile

    st = board([stand(1, "south", (2, 8)), stand(2, "south", (3, 7)), stand(3, "south", (4, 7)), mover((3, 6))])
    st.standing["south"] = StandingProfile(Standing(flee_response=True))
    lines = ride(st, 9, [(3, 7)])
    assert len(lines) == 2
    assert lines[0].startswith("unit 2 (Skirmishers) is eliminated: ridden down by unit 9 (Mongol Light Cavalry)")
    assert lines[1].startswith("skirmish unit 1 (Skirmishers) reforms with its evade move [HH12.SPEC.7]: unit 1")


def test_HH12_SPEC_4_a_step_beside_the_enemy_is_no_evade_even_across_a_steep_side():
    """HH12.SPEC.4: the boxed-in stand at (3, 7), contacted from (3, 6), stays even where steep sides keep the
    cavalry's ZOC off (2, 7) and (4, 6): those hexes are no farther from (3, 6), so no evade step."""
    box = [unit(5 + k, "south", qr, disrupted=True) for k, qr in enumerate([(4, 7), (3, 8), (2, 8)])]
    st = board([stand(1, "south", (3, 7)), mover((3, 6)), *box])
    st.field = replace(st.field, steep=frozenset({side_key(H(3, 6), H(2, 7)), side_key(H(3, 6), H(4, 6))}))
    assert _evade(st, st.units[1], H(3, 6)) == [] and at(st, 1) == (3, 7)


def test_HH12_SPEC_7_no_regroup_in_a_hex_no_farther_from_the_enemy():
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 5: as in the last-row case, with steep sides keeping the cavalry's ZOC
    off (2, 12), (4, 11) and (2, 11): those hexes are next to (3, 11), no farther than the contacted stand, so the
    unit still does not regroup."""
    units = [stand(1, "south", (3, 12)), stand(2, "south", (2, 12)), mover((3, 11))]
    st = board([*units, unit(5, "south", (4, 12)), unit(6, "south", (1, 12))])
    sides = {side_key(H(3, 11), H(*qr)) for qr in ((2, 12), (4, 11), (2, 11))}
    st.field = replace(st.field, steep=frozenset(sides))
    assert _regroup_flee(st, st.units[1], H(3, 11)) is None and at(st, 1) == (3, 12)


def test_HH12_SPEC_A1_a_chain_two_hexes_off_all_round_is_refused():
    """Ruling HH12.SPEC.A1 item 2: (3, 6) (4, 6) (5, 6) (5, 7) are each 2 hexes from the unit at (3, 8), within its
    move, but none is its hex or next to it: refused."""
    st = start()
    ring = (H(3, 6), H(4, 6), H(5, 6), H(5, 7))
    assert refusal(verify_disperse, st, st.units[1], ring, True) == (
        "HH12.SPEC.A1",
        "one of the hexes must be the unit's own hex or next to it",
        "",
    )
