"""Exact sight lines, the two half-hex flavours, entry sides and elevation (issue 3 part 3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.hexgrid import (
    Edge,
    HalfHexRule,
    Hex,
    HexSide,
    MapSpec,
    Offset,
    Orientation,
    SightStep,
    line_of_sight,
    sight_line,
)

FAST = settings(max_examples=80, deadline=None)
coords = st.integers(-8, 8)
hexes = st.builds(Hex, coords, coords)
BOTH, EITHER = HalfHexRule.BOTH_CLEAR, HalfHexRule.EITHER_CLEAR


def blocked_by(*blockers: Hex):  # noqa: ANN201 - a tiny test helper
    """A blocking callback for a fixed set of blocking hexes."""
    found = set(blockers)
    return lambda step: step.hex in found


def open_ground(step: SightStep) -> bool:
    return False


# --- golden: a line along a hexside ------------------------------------------------------------


def test_HH_HEX_12_line_along_a_hexside_has_two_candidate_sets() -> None:
    """[HH.HEX.12] (0,0) -> (4,-2) runs along hexsides (it points at a hex point): the left candidate passes
    (1,-1), (2,-1), (3,-2); the right one (1,0), (2,-1), (3,-1); (2,-1) is crossed through its centre."""
    line = sight_line(Hex(0, 0), Hex(4, -2))
    assert line.is_split
    assert line.left.hexes == (Hex(1, -1), Hex(2, -1), Hex(3, -2))
    assert line.right.hexes == (Hex(1, 0), Hex(2, -1), Hex(3, -1))
    assert line.hexes == (Hex(1, -1), Hex(1, 0), Hex(2, -1), Hex(3, -2), Hex(3, -1))
    assert line.left.edges[0] == Edge(Hex(0, 0), Hex(1, -1))
    assert len(line.paths) == 2


@pytest.mark.parametrize(
    ("blockers", "hh_clear", "pc_clear"),
    [
        ((), True, True),
        ((Hex(1, 0),), False, True),  # one blocker beside the spine
        ((Hex(1, -1),), False, True),
        ((Hex(1, 0), Hex(1, -1)), False, False),  # blockers on both sides
        ((Hex(1, 0), Hex(3, -2)), False, False),  # one on each candidate, at different places
        ((Hex(2, -1),), False, False),  # on the line itself
        ((Hex(2, 0), Hex(0, -1)), True, True),  # beside, not touching
    ],
)
def test_HH_HEX_12_and_PC_GEOM_16_half_hex_flavours_on_a_spine(
    blockers: tuple[Hex, ...], hh_clear: bool, pc_clear: bool
) -> None:
    """[HH.HEX.12] [PC.GEOM.16] H&H needs more than half the target visible (any blocker in either candidate blocks);
    Proconsul and 2012 H&H (HH12.SHOOT.A1) need half (one clear candidate is enough)."""
    blocks = blocked_by(*blockers)
    assert line_of_sight(Hex(0, 0), Hex(4, -2), blocks, BOTH) is hh_clear
    assert line_of_sight(Hex(0, 0), Hex(4, -2), blocks, EITHER) is pc_clear


def test_HH12_SHOOT_A1_range_two_in_between_target_has_two_candidate_hexes() -> None:
    """At range 2 a straight target has 1 intermediate hex; an in-between target has 2 candidates. [HH12.SHOOT.A1]"""
    straight = sight_line(Hex(0, 0), Hex(2, 0))
    assert straight.paths[0].hexes == (Hex(1, 0),) and not straight.is_split
    between = sight_line(Hex(0, 0), Hex(2, -1))
    assert {between.left.hexes, between.right.hexes} == {(Hex(1, -1),), (Hex(1, 0),)}


def test_HH_HEX_13_entry_sides_of_a_spine_and_of_a_plain_line() -> None:
    """A spine enters the target through two candidate sides; range 1 through the shared side. [HH.HEX.13]"""
    assert sight_line(Hex(0, 0), Hex(4, -2)).entry_sides == {HexSide.W, HexSide.SW}
    assert sight_line(Hex(0, 0), Hex(4, -2)).left.entry_side is HexSide.W
    assert sight_line(Hex(0, 0), Hex(3, 0)).entry_sides == {HexSide.W}
    adjacent = sight_line(Hex(0, 0), Hex(0, 1))
    assert adjacent.entry_sides == {HexSide.NW}
    assert adjacent.paths[0].hexes == () and adjacent.paths[0].edges == (Edge(Hex(0, 0), Hex(0, 1)),)
    assert line_of_sight(Hex(0, 0), Hex(0, 1), lambda s: True, BOTH)


def test_flat_top_map_spine_runs_between_labelled_hexes() -> None:
    """[CH.GEOM.1] Layouts are rotations of each other: on a flat-top map 0102 -> 0302 runs along the
    hexside between 0201 and 0202, and the hexes are the same axial hexes as on a pointy map."""
    spec = MapSpec(6, 5, Orientation.FLAT, Offset.EVEN)
    line = sight_line(spec.parse("0102"), spec.parse("0302"))
    assert [spec.label(h) for h in line.left.hexes] == ["0201"]
    assert [spec.label(h) for h in line.right.hexes] == ["0202"]


def test_line_through_corners_grazes_one_hex_on_each_candidate() -> None:
    """(0,0) -> (7,-2) passes exactly through two hex corners without running along a side: the
    hex touched only at a corner belongs to the candidate on its side [CH.GEOM.4]."""
    line = sight_line(Hex(0, 0), Hex(7, -2))
    shared = (Hex(1, 0), Hex(2, -1), Hex(3, -1), Hex(4, -1), Hex(5, -1), Hex(6, -2))
    assert set(line.left.hexes) == set(shared) | {Hex(5, -2)}
    assert set(line.right.hexes) == set(shared) | {Hex(2, 0)}
    assert line_of_sight(Hex(0, 0), Hex(7, -2), blocked_by(Hex(2, 0)), EITHER)
    assert not line_of_sight(Hex(0, 0), Hex(7, -2), blocked_by(Hex(2, 0)), BOTH)


def test_line_crossing_a_hexside_at_a_sample_point_crosses_both_hexes() -> None:
    """(0,0) -> (3,1) crosses the side between (1,1) and (2,0) at its midpoint, transversally:
    the segment passes through the inside of both, so both candidates hold both. (The eps-nudged
    rounding recipe would put one in each candidate and call it a spine; the exact test does not.)"""
    line = sight_line(Hex(0, 0), Hex(3, 1))
    assert not line.is_split
    assert line.left.hexes == (Hex(1, 0), Hex(1, 1), Hex(2, 0), Hex(2, 1))
    assert not line_of_sight(Hex(0, 0), Hex(3, 1), blocked_by(Hex(1, 1)), EITHER)


def test_CH_GEOM_2_edges_name_a_hexside_by_its_two_hexes_lower_id_first() -> None:
    """[CH.GEOM.2] An Edge is the unordered pair of adjacent hexes, stored lower hex id first."""
    assert Edge.between(Hex(1, 0), Hex(0, 0)) == Edge(Hex(0, 0), Hex(1, 0)) == Edge.of(Hex(1, 0), HexSide.W)
    assert Edge(Hex(0, 0), Hex(1, 0)).side_of(Hex(1, 0)) is HexSide.W
    with pytest.raises(ValueError, match="lower hex id first"):
        Edge(Hex(1, 0), Hex(0, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        Edge(Hex(0, 0), Hex(2, 0))
    with pytest.raises(ValueError, match="not beside"):
        Edge(Hex(0, 0), Hex(1, 0)).side_of(Hex(5, 5))


def test_same_hex_and_cache_give_stable_answers() -> None:
    line = sight_line(Hex(2, 2), Hex(2, 2))
    assert line.paths[0].hexes == () and line.entry_sides == frozenset()
    assert sight_line(Hex(0, 0), Hex(5, -3)) == sight_line(Hex(0, 0), Hex(5, -3))


# --- elevation -----------------------------------------------------------------------------------


def hh_blocks(friends: set[Hex], units: set[Hex]):  # noqa: ANN201 - a tiny test helper
    """H&H small-arms blocking: any unit, except friends that may be shot over (HH.SHOOT.8, .10)."""
    return lambda s: s.hex in units and not (s.hex in friends and s.can_shoot_over())


def test_HH_SHOOT_10_viewer_on_a_hill_sees_over_a_friend_on_lower_ground() -> None:
    """[HH.SHOOT.10] Shooter on a hill (level 1), friend adjacent on level ground, target 2 hexes away: clear.
    On level ground, or with the target only 1.5x as far as the friend, the friend blocks."""
    shooter, friend, target = Hex(0, 0), Hex(1, 0), Hex(2, 0)
    blocks = hh_blocks({friend}, {friend})
    hill = {shooter: 1}.get
    assert line_of_sight(shooter, target, blocks, BOTH, elevation=lambda h: hill(h, 0))
    assert not line_of_sight(shooter, target, blocks, BOTH)
    far_friend, far_target = Hex(2, 0), Hex(3, 0)
    blocks = hh_blocks({far_friend}, {far_friend})
    assert not line_of_sight(shooter, far_target, blocks, BOTH, elevation=lambda h: hill(h, 0))
    assert line_of_sight(shooter, Hex(4, 0), blocks, BOTH, elevation=lambda h: hill(h, 0))
    both_on_hill = {shooter: 1, friend: 1}
    blocks = hh_blocks({friend}, {friend})
    assert not line_of_sight(shooter, target, blocks, BOTH, elevation=lambda h: both_on_hill.get(h, 0))


def test_PC_GEOM_17_elevation_rules_built_from_sight_steps() -> None:
    """[PC.GEOM.17] Proconsul's proposed rules (2) higher than both ends and (3) plateau, written with SightStep:
    from the plain a firer sees the first hilltop hex but not the second; from the hillside, both."""

    def blocks(step: SightStep) -> bool:
        top = max(step.origin_level, step.target_level)
        plateau = abs(step.origin_level - step.target_level) >= 2 and step.hex_level >= top
        return step.above_both_ends or plateau

    plain, hillside, top1, top2 = Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)
    levels = {hillside: 1, top1: 2, top2: 2}

    def level(h: Hex) -> int:
        return levels.get(h, 0)

    assert line_of_sight(plain, top1, blocks, EITHER, elevation=level)
    assert not line_of_sight(plain, top2, blocks, EITHER, elevation=level)
    assert line_of_sight(hillside, top2, blocks, EITHER, elevation=level)
    assert line_of_sight(top2, hillside, blocks, EITHER, elevation=level)  # symmetric
    assert sight_line(plain, top1).steps(level) == (SightStep(plain, top1, hillside, 0, 1, 2),)
    assert not line_of_sight(plain, Hex(2, 0), blocks, EITHER, elevation=lambda h: int(h == hillside))


# --- properties ------------------------------------------------------------------------------------


@FAST
@given(hexes, hexes, st.sets(hexes, max_size=12))
def test_line_of_sight_is_symmetric_on_open_ground_in_both_flavours(a: Hex, b: Hex, blockers: set[Hex]) -> None:
    """With level ground and blockers that do not care who looks, A sees B iff B sees A."""
    blocks = blocked_by(*blockers)
    for rule in HalfHexRule:
        assert line_of_sight(a, b, blocks, rule) is line_of_sight(b, a, blocks, rule)
        assert line_of_sight(a, b, open_ground, rule)
    forward, back = sight_line(a, b), sight_line(b, a)
    assert forward.left.hexes == tuple(reversed(back.right.hexes))
    assert forward.right.hexes == tuple(reversed(back.left.hexes))


@FAST
@given(hexes, hexes)
def test_each_candidate_is_a_chain_of_adjacent_hexes(a: Hex, b: Hex) -> None:
    """Every candidate crosses one more hexside than it has hexes [CH.GEOM.5], steps between
    neighbours, holds at least distance - 1 hexes, and enters the target across its last side."""
    line = sight_line(a, b)
    n = a.distance(b)
    for path in (line.left, line.right):
        chain = (a, *path.hexes, b)
        if n == 0:
            assert path.hexes == () and path.edges == ()
            continue
        assert len(path.edges) == len(path.hexes) + 1
        assert [Edge.between(x, y) for x, y in zip(chain, chain[1:], strict=False)] == list(path.edges)
        assert len(path.hexes) >= n - 1 and len(set(path.hexes)) == len(path.hexes)
        assert path.entry_side is b.side_to(chain[-2])
        assert a not in path.hexes and b not in path.hexes
    assert set(line.left.hexes) & set(line.right.hexes) <= set(line.hexes)


def _frame(h: Hex) -> tuple[Fraction, Fraction]:
    return Fraction(2 * h.q + h.r), Fraction(-3 * h.r)


CORNERS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))


def _meets_inside(a: Hex, b: Hex, h: Hex, shift: Fraction) -> bool:
    """Independent check in the integer frame of CH.GEOM.3: does the segment a-b, moved sideways by
    ``shift`` (left is positive), pass through the inside of hex h? Cyrus-Beck clipping in fractions."""
    (ax, ay), (bx, by) = _frame(a), _frame(b)
    dx, dy = bx - ax, by - ay
    ax, ay = ax - dy * shift, ay + dx * shift
    cx, cy = _frame(h)
    cs = [(cx + x, cy + y) for x, y in CORNERS]
    lo, hi = Fraction(0), Fraction(1)
    for i in range(6):
        (ux, uy), (vx, vy) = cs[i], cs[(i + 1) % 6]
        ex, ey = vx - ux, vy - uy
        const = ex * (ay - uy) - ey * (ax - ux)  # inside is to the left of each counter-clockwise edge
        slope = ex * dy - ey * dx
        if slope == 0:
            if const <= 0:
                return False
        elif slope > 0:
            lo = max(lo, -const / slope)
        else:
            hi = min(hi, -const / slope)
    return lo < hi


@settings(max_examples=40, deadline=None)
@given(st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5)), st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5)))
def test_candidates_match_an_independent_shifted_segment_clip(a: Hex, b: Hex) -> None:
    """Left/right are exactly the hexes the segment passes through when nudged left/right."""
    if a == b:
        return
    shift = Fraction(1, 10**7)
    around = set(a.within(a.distance(b) + 1)) - {a, b}
    assert set(sight_line(a, b).left.hexes) == {h for h in around if _meets_inside(a, b, h, shift)}
    assert set(sight_line(a, b).right.hexes) == {h for h in around if _meets_inside(a, b, h, -shift)}


def _eps_line(a: Hex, b: Hex, sign: int) -> set[Hex]:
    """The eps-nudged cube rounding recipe of HH.HEX.12 / PC.GEOM.15 (floats: a cross-check only)."""
    n = a.distance(b)
    out = set()
    for i in range(1, n):
        t = i / n
        q = a.q + (b.q - a.q) * t + sign * 1e-6
        r = a.r + (b.r - a.r) * t + sign * -3e-6
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        out.add(Hex(rq, rr))
    return out


@FAST
@given(hexes, hexes)
def test_eps_rounding_recipe_never_finds_a_hex_the_exact_line_misses(a: Hex, b: Hex) -> None:
    """Every hex of either eps-nudged line of HH.HEX.12 is in the exact candidates; when the exact
    line is not split and has distance - 1 hexes, both recipes agree exactly."""
    line = sight_line(a, b)
    union = set(line.hexes)
    for sign in (1, -1):
        assert _eps_line(a, b, sign) <= union
    if not line.is_split and len(line.left.hexes) == max(a.distance(b) - 1, 0):
        assert _eps_line(a, b, 1) == _eps_line(a, b, -1) == set(line.left.hexes)


def test_blocking_callback_is_asked_once_per_hex_in_line_order() -> None:
    """Determinism: the callback sees each intermediate hex once, in order along the line."""
    seen: list[Hex] = []

    def record(step: SightStep) -> bool:
        seen.append(step.hex)
        return False

    line_of_sight(Hex(0, 0), Hex(4, -2), record, BOTH)
    assert seen == list(sight_line(Hex(0, 0), Hex(4, -2)).hexes)
