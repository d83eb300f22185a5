"""2012 edition differences in terrain and fire (issue 18): each test runs one situation under both editions and
asserts the difference the 2012 delta spec lists, named after its rule ID."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.scenario import ScenarioError, build_state, read_scenario
from games.hordes_heroes.shooting import art_extra, can_target, may_shoot, to_hit
from games.hordes_heroes.state import GameState

from .helpers import Dice, Facing, H, make_state


def ed(st: GameState, e: Edition) -> GameState:
    """The state in edition `e`, at the latest rules version (the one a new game records)."""
    st.options = replace(st.options, edition=e, rules_version=LATEST_RULES_VERSION)
    return st


def test_HH12_TER_23_a_2012_map_has_no_escarpments():
    """HH12.TER.23: escarpments and steep slopes are 2022-only; a 2012 game on a map with steep sides is refused,
    naming the field; the same map plays under 2022."""
    data = read_scenario("pitched-150")
    assert build_state(data).field.steep
    with pytest.raises(ScenarioError) as err:
        build_state(data, {"edition": "2012", "rules_version": LATEST_RULES_VERSION})
    assert "map.steep" in str(err.value) and "HH12.TER.23" in str(err.value)


@pytest.mark.parametrize("edition, shoots", [(Edition.E2022, False), (Edition.E2012, True)])
def test_HH12_SHOOT_8_moving_with_stakes_stops_shooting_only_in_2022(edition, shoots):
    """HH12.SHOOT.8: 2012 lets every small-arms unit move and shoot (pavise carriers aside); 2022 also bars a unit
    that moved carrying unplanted stakes (HH.SHOOT.3, ruling HH.SHOOT.4)."""
    st = ed(make_state([(1, "south", "longbow", (0, 8), Facing.N), (2, "north", "bare", (0, 6), Facing.S)]), edition)
    assert may_shoot(st, st.units[1], True) == (True, None)
    st.units[1] = replace(st.units[1], moved_this_bound=True)
    assert may_shoot(st, st.units[1], True)[0] is shoots
    st.units[1] = replace(st.units[1], stakes_carried=False)
    assert may_shoot(st, st.units[1], True) == (True, None)


@pytest.mark.parametrize("edition, reach", [(Edition.E2022, (True, True, True)), (Edition.E2012, (False, False, True))])
def test_HH12_ART_8_artillery_never_fires_into_woods_nor_through_broken_ground_in_2012(edition, reach):
    """HH12.ART.8 (HH12.TER.9, HH12.TER.6): 2012 artillery never fires into a wood hex, nor through a broken hex
    (into it at most the first one); 2022 fires into woods at 1-3 hexes and broken ground does not block."""
    st = ed(
        make_state(
            [
                (1, "south", "guns", (0, 8), Facing.N),
                (2, "north", "bare", (0, 6), Facing.S),
                (3, "south", "guns", (4, 8), Facing.N),
                (4, "north", "bare", (4, 5), Facing.S),
                (5, "south", "guns", (8, 8), Facing.N),
                (6, "north", "bare", (8, 6), Facing.S),
            ],
            terrain={(0, 6): "wood", (4, 7): "broken", (4, 6): "broken", (8, 6): "broken"},
        ),
        edition,
    )
    got = tuple(can_target(st, st.units[a], st.units[b], Facing.N) for a, b in ((1, 2), (3, 4), (5, 6)))
    assert got == reach


@pytest.mark.parametrize("edition, vs_guns", [(Edition.E2022, 2), (Edition.E2012, 0)])
def test_HH12_TER_20_village_armour_counts_against_small_arms_only_in_2012(edition, vs_guns):
    """HH12.TER.20, ruling HH12.TER.A7: occupants of a village get A2 against small arms in both editions, against
    artillery only in 2022; a village blocks small-arms fire through it in both."""
    st = ed(
        make_state(
            [
                (1, "south", "bow7", (0, 8), Facing.N),
                (2, "north", "bare", (0, 7), Facing.S),
                (3, "south", "guns", (4, 8), Facing.N),
                (4, "north", "bare", (4, 6), Facing.S),
                (5, "south", "bow7", (8, 8), Facing.N),
                (6, "north", "bare", (8, 6), Facing.S),
            ],
            terrain={(0, 7): "bua", (4, 6): "bua", (8, 7): "bua"},
        ),
        edition,
    )
    assert to_hit(st, st.units[1], st.units[2]) == 9  # 7+ and A2
    assert art_extra(st, st.units[3], st.units[4]) == vs_guns
    assert not can_target(st, st.units[5], st.units[6], Facing.N)


@pytest.mark.parametrize("edition, far", [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_ART_3_artillery_must_fire_at_the_nearest_enemy_in_2012(edition, far):
    """HH12.ART.3 (ruling HH12.SHOOT.A2): a 2012 piece fires at the nearest enemy within range and sight; 2022
    artillery may pick any target in range. The nearest one is always legal."""
    st = ed(
        make_state(
            [
                (1, "south", "guns", (0, 8), Facing.N),
                (2, "north", "bare", (0, 6), Facing.S),
                (3, "north", "bare", (2, 4), Facing.S),
            ]
        ),
        edition,
    )
    assert can_target(st, st.units[1], st.units[2], Facing.N)
    assert can_target(st, st.units[1], st.units[3], Facing.N) is far


LAKES = {(1, 7): "lake", (-1, 8): "lake"}
"""Around an evader at 0,7 contacted from 0,6: the only first step that moves away is 0,8."""


@pytest.mark.parametrize("edition, friend_disordered", [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_CMP_16_a_2012_evader_passes_friends_without_disordering_them(edition, friend_disordered):
    """HH12.CMP.16, ruling HH12.CMP.A10: an E2 unit evades 2 hexes away from the contacting unit, through a friend;
    2012 leaves the friend in good order, 2022 disrupts it (HH.COMP.43)."""
    from games.hordes_heroes.compulsory import try_evade

    st = ed(
        make_state(
            [
                (1, "south", "lc", (0, 7), Facing.N),
                (2, "north", "mma", (0, 6), Facing.S),
                (3, "south", "spear", (0, 8), Facing.N),
            ],
            terrain=LAKES,
        ),
        edition,
    )
    assert try_evade(st, st.units[1], st.units[2]) is not None
    assert st.units[1].hex.distance(st.units[2].hex) == 3
    assert st.units[3].disrupted is friend_disordered


@pytest.mark.parametrize("edition, evades", [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_CMP_A10_a_2012_evader_pushes_nobody_and_ends_in_an_empty_hex(edition, evades):
    """Ruling HH12.CMP.A10: when every evade hex is filled by friends, a 2012 evader may not push one aside, so it
    stands and fights; 2022 pushes a friend aside, disrupting it."""
    from games.hordes_heroes.compulsory import try_evade

    friends = [(1, 8), (-1, 9), (0, 9), (0, 8)]
    st = ed(
        make_state(
            [(1, "south", "lc", (0, 7), Facing.N), (2, "north", "mma", (0, 6), Facing.S)]
            + [(10 + i, "south", "spear", qr, Facing.N) for i, qr in enumerate(friends)],
            terrain=LAKES,
        ),
        edition,
    )
    before = {uid: u.hex for uid, u in st.units.items()}
    assert (try_evade(st, st.units[1], st.units[2]) is not None) is evades
    moved = [uid for uid in range(10, 14) if st.units[uid].hex != before[uid]]
    assert (len(moved) == 1 and st.units[moved[0]].disrupted) if evades else moved == []


def _overhead(edition: Edition, friend: tuple[int, int], target: tuple[int, int], target_level: int = 0) -> bool:
    """Guns on a hill at 0,8 facing north, a friend on flat ground and an enemy further on."""
    st = ed(
        make_state(
            [
                (1, "south", "guns", (0, 8), Facing.N),
                (2, "south", "bare", friend, Facing.N),
                (3, "north", "bare", target, Facing.S),
            ]
        ),
        edition,
    )
    st.field.elevation[st.units[1].hex] = 1
    st.field.elevation[st.units[3].hex] = target_level
    return can_target(st, st.units[1], st.units[3], Facing.N)


@pytest.mark.parametrize("edition", list(Edition))
def test_HH12_ART_6_overhead_fire_from_high_ground_needs_the_target_twice_as_far(edition):
    """HH12.ART.6 (HH.SHOOT.10): from a hill, over a friend on lower ground, at a target at least twice as far as
    the friend; nearer than that the friend blocks the line."""
    assert _overhead(edition, (0, 7), (0, 6))
    assert not _overhead(edition, (0, 6), (0, 5))
    assert _overhead(edition, (0, 6), (0, 4))


@pytest.mark.parametrize("edition, hill", [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_TER_3_no_overhead_fire_at_a_target_on_a_hill_in_2012(edition, hill):
    """HH12.TER.3, ruling HH12.TER.A1: 2012 forbids overhead fire from high ground at a target on a hill or slope;
    2022 has no such limit. Without a friend in the way the same target can be shot in both."""
    assert _overhead(edition, (0, 7), (0, 6), target_level=1) is hill
    st = ed(make_state([(1, "south", "guns", (0, 8), Facing.N), (3, "north", "bare", (0, 6), Facing.S)]), edition)
    st.field.elevation[st.units[1].hex] = 1
    st.field.elevation[st.units[3].hex] = 1
    assert can_target(st, st.units[1], st.units[3], Facing.N)


@pytest.mark.parametrize("edition, close", [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_ART_5_a_catapult_fires_over_a_friend_two_hexes_from_the_target_in_2012(edition, close):
    """HH12.ART.5: on flat ground a high-trajectory engine fires over an adjacent friend; 2012 also wants the
    friend at least 2 hexes from the target, 2022 lets it stand next to the target (HH.ART.13)."""
    from games.hordes_heroes.model import Artillery, Band, Trajectory

    def shoot(target: tuple[int, int]) -> bool:
        st = ed(
            make_state(
                [
                    (1, "south", "guns", (0, 8), Facing.N),
                    (2, "south", "bare", (0, 7), Facing.N),
                    (3, "north", "bare", target, Facing.S),
                ]
            ),
            edition,
        )
        cat = replace(st.profiles["guns"], id="cat", artillery=Artillery((Band(6, 9),), Trajectory.HIGH))
        st.profiles["cat"] = cat
        st.units[1] = replace(st.units[1], profile="cat", base_profile="cat")
        return can_target(st, st.units[1], st.units[3], Facing.N)

    assert shoot((0, 6)) is close
    assert shoot((0, 5))


@pytest.mark.parametrize("edition, turns", [(Edition.E2022, True), (Edition.E2012, False)])
def test_HH12_ART_4_2012_artillery_turns_to_shoot_only_from_hold_fire(edition, turns):
    """HH12.ART.4: 2022 artillery may re-face just before it shoots (HH.ART.10); 2012 artillery re-faces only in its
    movement phase, or when it fires from Hold Fire. A target behind the guns' arc is found only by turning."""
    from games.hordes_heroes.shooting import ShootChoice, default_target, shooting_phase

    st = ed(make_state([(1, "south", "guns", (0, 8), Facing.N), (2, "north", "bare", (0, 11), Facing.N)]), edition)
    assert (default_target(st, st.units[1], None) is not None) is turns
    held = replace(st.units[1], hold_fire=True)
    assert default_target(st, held, None) is not None
    lines = shooting_phase(st, Dice(*[1] * 6), {1: ShootChoice((2,), Facing.S)})
    assert any("HH12.ART.4" in line for line in lines) is not turns


@pytest.mark.parametrize("edition, sides", [(Edition.E2022, None), (Edition.E2012, 3)])
def test_HH12_SPEC_13_HH12_SPEC_A3_2012_stakes_planted_facing_a_side_cover_three_sides(edition, sides):
    """HH12.SPEC.13, ruling HH12.SPEC.A3: 2012 stakes cover the planting unit's front sides: 2 facing a point
    (as 2022, HH.SPECIAL.14), 3 facing a side; 2022 refuses to plant facing a side. Never within 2 hexes of an
    enemy, in both."""
    from games.hordes_heroes.movement import Illegal
    from games.hordes_heroes.orders import Stakes
    from games.hordes_heroes.rules import do_stakes, verify_stakes

    def plant(facing: Facing, enemy: tuple[int, int] = (0, 2)) -> int | str:
        st = ed(make_state([(1, "south", "longbow", (0, 8), facing), (2, "north", "spear", enemy, Facing.S)]), edition)
        try:
            u = verify_stakes(st, Stakes(1, 1, True), frozenset({1}))
        except Illegal as exc:
            return exc.problem.code
        do_stakes(st, Stakes(1, 1, True), u)
        return len(st.stakes)

    assert plant(Facing.N) == 2
    assert plant(Facing.NE) == (sides if sides else "HH.SPECIAL.14")
    assert plant(Facing.N, enemy=(0, 6)) == "HH.SPECIAL.14"


@pytest.mark.parametrize("edition", list(Edition))
def test_HH12_SPEC_11_stakes_cancel_impact_for_attacker_and_defender(edition):
    """HH12.SPEC.11: across a staked side neither the attacker nor the defender has impact; the same pair without
    stakes has it."""
    from games.hordes_heroes.combat import impact_eligible
    from games.hordes_heroes.geometry import side_key

    from .helpers import H

    st = ed(make_state([(1, "north", "spear", (0, 4), Facing.S), (2, "south", "mma", (0, 5), Facing.N)]), edition)
    bare = (
        impact_eligible(st, st.units[1], [st.units[2]], False),
        impact_eligible(st, st.units[2], [st.units[1]], False),
    )
    st.stakes[side_key(H(0, 4), H(0, 5))] = (1, H(0, 4))
    staked = (
        impact_eligible(st, st.units[1], [st.units[2]], False),
        impact_eligible(st, st.units[2], [st.units[1]], False),
    )
    assert bare == (True, True) and staked == (False, False)


@pytest.mark.parametrize("edition, kept", [(Edition.E2022, False), (Edition.E2012, True)])
def test_HH12_SPEC_A2_2012_pavises_are_kept_on_moving_into_contact(edition, kept):
    """HH12.SPEC.10, ruling HH12.SPEC.A2: a 2012 pavise unit may move into contact keeping its pavises; in 2022 it
    drops them on making contact (HH.SPECIAL.9). A move without contact keeps them in both."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    from .helpers import H

    st = ed(make_state([(1, "south", "pavisse", (0, 8), Facing.N), (2, "north", "spear", (0, 6), Facing.S)]), edition)
    assert plan_move(st, Move(1, 1, (H(0, 7),))).unit.pavisses is kept
    st = ed(make_state([(1, "south", "pavisse", (0, 8), Facing.N)]), edition)
    assert plan_move(st, Move(1, 1, (H(0, 7),))).unit.pavisses


@pytest.mark.parametrize("edition, friend_hit", [(Edition.E2022, False), (Edition.E2012, True)])
def test_HH12_ART_9_a_2012_artillery_miss_may_hit_friends_next_to_the_target(edition, friend_hit):
    """HH12.ART.9, ruling HH12.ART.A2: guns firing at an enemy in melee with a friend; each die that misses rolls
    again, on the same range line, at the friend next to the target nearest the guns, and its hits count against
    that friend. 2022 has no such roll (HH.ART.14)."""
    from games.hordes_heroes.shooting import shooting_phase

    st = ed(
        make_state(
            [
                (1, "south", "guns", (0, 8), Facing.N),
                (2, "north", "bare", (0, 5), Facing.S),
                (3, "south", "bare", (1, 5), Facing.NW),
            ]
        ),
        edition,
    )
    dice = Dice(1, 12, 1, 12, 1, 12, 1, 12)
    lines = shooting_phase(st, dice, {})
    stray = [v for v, why in dice.log if "stray shot at friendly unit 3" in why]
    assert (stray == [12, 12]) is friend_hit
    assert any("HH12.ART.9" in line for line in lines) is friend_hit
    assert (st.units[3].stands < 4 or st.units[3].disrupted or st.units[3].hex != H(1, 5)) is friend_hit
