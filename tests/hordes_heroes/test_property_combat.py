"""Random legal situations through a whole bound: movement, shooting and hand-to-hand never break the invariants
[HH.BASE.6, HH.STAND.1, HH.COMP.50, HH.DATA.7, HH.SEQ.11]."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.hordes_heroes import RULESET as R
from games.hordes_heroes.combat import Choices, form_groups, hth_phase
from games.hordes_heroes.command import commanded_units
from games.hordes_heroes.engine import end_of_bound, run_bound
from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.model import Formation
from games.hordes_heroes.orders import Move
from games.hordes_heroes.shooting import shooting_phase
from games.hordes_heroes.zoc import can_occupy, engaged_with, exerts_zoc_into

from .helpers import PROFILES, Dice, H, make_state

PROFS = ["mma", "spear", "horde", "chariot", "lc", "longbow", "dacian", "guns", "pavisse", "knights", "skirm", "pike"]
TERR = ["good", "good", "good", "good", "wood", "broken", "river", "bua"]
CELLS = st.tuples(st.integers(-3, 3), st.integers(2, 11))


@st.composite
def battles(draw):
    """Both sides' units on random terrain of a 7 x 10 patch, random facings, formations, stands and markers."""
    n = draw(st.integers(2, 8))
    cells = draw(st.lists(CELLS, min_size=n, max_size=n, unique=True))
    terrain = {k: v for k, v in draw(st.dictionaries(CELLS, st.sampled_from(TERR), max_size=10)).items()}
    units = []
    for i, qr in enumerate(cells):
        pid = draw(st.sampled_from(PROFS))
        p = PROFILES[pid]
        stands = draw(st.integers(1, p.stands))
        column = p.can_column and draw(st.booleans())
        over = {
            "stands": stands,
            "formation": Formation.COLUMN if column else Formation.DEPLOYED,
            "disrupted": draw(st.booleans()),
            "static_combat": draw(st.booleans()),
            "hold_fire": p.is_artillery and draw(st.booleans()),
        }
        units.append((i + 1, "south" if i % 2 == 0 else "north", pid, qr, Facing(draw(st.integers(0, 11))), over))
    gens = [(1, "south", cells[0]), (2, "north", cells[1])]
    dice = draw(st.lists(st.integers(1, 12), min_size=200, max_size=200))
    moves = []
    for j in range(draw(st.integers(0, 4))):
        uid = draw(st.integers(1, n))
        (q, r), path = cells[uid - 1], []
        for _ in range(draw(st.integers(1, 3))):
            h = H(q, r).neighbour(draw(st.integers(0, 5)))
            q, r = h.q - 8, h.r
            path.append(h)
        moves.append(Move(j + 1, uid, tuple(path)))
    return units, gens, terrain, dice, moves


class Dice12(Dice):
    """Scripted dice that fit any die size asked for."""

    def roll(self, sides: int, purpose: str) -> int:
        return (super().roll(sides, purpose) - 1) % sides + 1


def _check(state) -> None:
    live = state.live_units()
    hexes = [u.hex for u in live]
    assert len(hexes) == len(set(hexes)), "two units in one hex"  # HH.BASE.6
    for u in state.units.values():
        assert 0 <= u.stands <= max(u.nominal, 6)  # HH.STAND.1
        if u.eliminated:
            assert u.hex is None and u.stands == 0  # HH.COMP.50: out of play
        else:
            assert can_occupy(state, state.profile(u), u.hex)  # type: ignore[arg-type]
    gone = [u for u in state.units.values() if u.eliminated]
    for v in gone:
        assert v not in state.occupancy().values()
        assert all(v.id not in [w.id for w in engaged_with(state, u)] for u in live)
        assert not any(exerts_zoc_into(state, v, u.hex) for u in live)  # type: ignore[arg-type]
        assert v.id not in commanded_units(state, v.side)
    groups, _ = form_groups(state)
    assert not {g.focus for g in groups} & {v.id for v in gone}
    d = json.loads(json.dumps(R.dump(state)))
    assert R.dump(R.load(d)) == d  # HH.DATA.7


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_HH_SEQ_11_random_bounds_keep_every_invariant(battle):
    """HH.SEQ.11, HH.BASE.6, HH.STAND.1, HH.COMP.50, HH.DATA.7: whatever the situation, orders and dice, a bound's
    movement, shooting, hand-to-hand and end never raise, never leave two units in a hex or stands below zero, and
    eliminated units are out of play (off the map, no ZOC, no engagement, no command, no combat)."""
    units, gens, terrain, dice, moves = battle
    state = make_state(units, gens, terrain=terrain)
    for u in list(state.units.values()):
        if not can_occupy(state, state.profile(u), u.hex):  # type: ignore[arg-type]
            state.field.terrain.pop(u.hex, None)  # a legal set-up: nobody starts on ground it may not occupy
    d = Dice12(*dice)
    run_bound(state, "south", moves, d)
    _check(state)
    shooting_phase(state, d, {})
    _check(state)
    hth_phase(state, d, Choices())
    _check(state)
    end_of_bound(state)
    _check(state)
