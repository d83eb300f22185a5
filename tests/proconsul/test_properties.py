"""Property tests with Hypothesis: the rule functions over all their inputs [PC.DICE.2] [PC.GEOM.5] [PC.MORALE.3]."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.hexgrid import Hex
from games.proconsul import geometry as G
from games.proconsul import tables as T

faces = st.lists(st.integers(1, 6), max_size=20)
relaxed = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60)
"""The machine is shared: no timing checks, a modest number of examples."""
hexes = st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8))


@relaxed
@given(faces)
def test_PC_DICE_2_hits_are_sixes_and_pairs_of_fives(dice: list[int]) -> None:
    """[PC.DICE.2]: never more hits than dice; adding a 6 adds exactly one hit; a lone 5 adds none to an even count."""
    h = T.hits(dice)
    assert 0 <= h <= len(dice)
    assert T.hits([*dice, 6]) == h + 1
    if dice.count(5) % 2 == 0:
        assert T.hits([*dice, 5]) == h


@relaxed
@given(hexes, st.integers(0, 5), hexes)
def test_PC_GEOM_5_local_frame_inverts(p: Hex, f: int, x: Hex) -> None:
    """[PC.GEOM.5] [PC.GEOM.7]: (a, b) rebuild x from p; the front arc is where both are non-negative."""
    a, b = G.ab(p, f, x)
    u, w = G.D[f], G.D[(f + 1) % 6]
    assert Hex(p.q + a * u[0] + b * w[0], p.r + a * u[1] + b * w[1]) == x
    if G.in_arc(p, f, x):
        assert p.distance(x) == a + b


@relaxed
@given(st.integers(1, 12), st.integers(1, 6))
def test_PC_MORALE_3_loss_bounds(am: int, roll: int) -> None:
    """[PC.MORALE.3]: a 1 always passes; a 6 always fails; the loss never exceeds the roll."""
    r = T.morale_test(am, roll)
    assert 0 <= r.ml <= roll
    if roll == 1:
        assert r.passed
    if roll == 6:
        assert not r.passed
