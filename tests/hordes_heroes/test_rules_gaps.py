"""The last four gaps: a lone general's follow-up, wheeled road access, 6-stand splits and boats
[HH.GEN.20, HH.TERR.13, HH.TERR.14, HH.ZOC.10, HH.TERR.42, HH.TERR.43, HH.TERR.45-47]."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from campaign.ruleset import OrdersRejected
from games.hordes_heroes import RULESET as R
from games.hordes_heroes import orders as O
from games.hordes_heroes.combat import Choices, hth_phase
from games.hordes_heroes.movement import Illegal, plan_move
from games.hordes_heroes.orders import Move
from games.hordes_heroes.state import StandingProfile
from games.hordes_heroes.zoc import can_step, exerts_zoc_into

from .helpers import Dice, Facing, H, make_state


def _lone_general_wins(choices: Choices, phasing: str = "south", standing=None):
    """HH.EX.5's position: general 1 alone at 0,5 beats the Mongols at 0,4 by 4 (B/4: recoil, disrupted)."""
    st = make_state([(1, "north", "lc", (0, 4), Facing.S)], [(1, "south", (0, 5))], phasing=phasing)
    if standing is not None:
        st.standing["south"] = standing
    dice = (6, 6, 2) if phasing == "south" else (2, 6, 6)  # HH.HTH.13: the phasing side rolls first
    lines = hth_phase(st, Dice(*dice), choices)
    return st, lines


def test_HH_GEN_20_lone_general_stays_by_default():
    """HH.GEN.20, HH.PD.33: without an order the winning lone general does not follow up."""
    st, _ = _lone_general_wins(Choices())
    assert st.units[1].hex == H(0, 3) and st.generals[1].hex == H(0, 5)


def test_HH_GEN_20_lone_general_follows_up_when_ordered():
    """HH.GEN.20, HH.COMP.34: `follow-up general 1 yes` takes him into the vacated hex, and no further."""
    st, lines = _lone_general_wins(Choices(general_follow_up={1: True}))
    assert st.units[1].hex == H(0, 3)
    assert st.generals[1].hex == H(0, 4)
    assert any("follows up into" in x and "HH.GEN.20" in x for x in lines)
    assert not any("pursu" in x.lower() and "HH.COMP.3" in x and "never" not in x for x in lines)


def test_HH_GEN_20_no_follow_up_when_ordered_no():
    """HH.GEN.20: `follow-up general 1 no` is the default written out."""
    st, _ = _lone_general_wins(Choices(general_follow_up={1: False}))
    assert st.generals[1].hex == H(0, 5)


def test_HH_GEN_20_non_phasing_general_by_standing_order():
    """HH.GEN.20, HH.PD.33: in the enemy's bound a lone general follows up only by his side's standing order;
    the phasing side's bundle lines do not speak for him."""
    standing = StandingProfile(per_general={1: {"follow_up": True}})
    st, _ = _lone_general_wins(Choices(general_follow_up={1: False}), "north", standing)
    assert st.generals[1].hex == H(0, 4)
    st, _ = _lone_general_wins(Choices(general_follow_up={1: True}), "north")
    assert st.generals[1].hex == H(0, 5)


def test_HH_GEN_20_order_lines_parse_round_trip_and_ownership():
    """HH.GEN.20: `follow-up general N yes|no` in the bundle, `standing general N follow-up yes|no` on its own;
    both echo canonically, survive JSON, and are refused for the other side's general or another switch."""
    st = R.setup("skirmish-midbattle", {})
    acc = R.parse_orders(st, "york", "follow-up general 1 yes")
    assert acc.canonical == "follow-up general 1 yes"
    assert [O.order_from_json(json.loads(json.dumps(d))) for d in acc.data] == [O.GeneralFollowUp(1, 1, True)]
    acc = R.parse_orders(st, "lancaster", "standing general 2 follow-up yes")
    st2 = R.apply_orders(st, acc)
    assert st2.standing["lancaster"].per_general == {2: {"follow_up": True}}
    assert R.dump(R.load(json.loads(json.dumps(R.dump(st2))))) == R.dump(st2)
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "york", "follow-up general 2 yes")
    assert "there is no general 2" in str(e.value)  # only york's generals are known to york
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "lancaster", "standing general 2 evade no")
    assert "HH.GEN.20" in str(e.value)


# --- HH.TERR.13, HH.TERR.14, HH.ZOC.10: wheeled units and roads through BUA, woodland, broken ground -------------


def _road_state(terrain: str, option: str):
    """A chariot at 0,8 facing N; a road 0,8 - 0,7 - 0,6 runs through a `terrain` hex at 0,7; the hex beside it
    (a neighbour of 0,7 off the road) has the same terrain."""
    a, b, c = H(0, 8), H(0, 7), H(0, 6)
    side = next(n for n in b.neighbours() if n not in (a, c) and a in n.neighbours())
    st = make_state(
        [(1, "south", "chariot", (0, 8), Facing.N)],
        terrain={(0, 7): terrain, (side.q - H(0, 0).q, side.r): terrain},
        roads=[[(0, 8), (0, 7), (0, 6)]],
    )
    st.options = replace(st.options, wheeled_road_access=option)
    return st, a, b, c, side


@pytest.mark.parametrize("terrain", ["bua", "wood", "broken"])
def test_HH_TERR_13_HH_TERR_14_never_by_default(terrain):
    """HH.TERR.13, HH.TERR.14, HH.TERR.2: by default a road gives a chariot no way into BUA, woodland or broken
    ground."""
    st, a, b, c, side = _road_state(terrain, "never")
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (b,)))
    assert e.value.problem.code == "HH.TERR.2"


@pytest.mark.parametrize("terrain", ["bua", "wood", "broken"])
def test_HH_TERR_13_HH_TERR_14_along_road_enters_by_the_road(terrain):
    """HH.TERR.13, HH.TERR.14, HH.TERR.9: with `along_road` a chariot enters such a hex by a step along the road,
    but not from off the road."""
    st, a, b, c, side = _road_state(terrain, "along_road")
    plan = plan_move(st, Move(1, 1, (b,)))
    assert plan.unit.hex == b or b in plan.steps
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (side,)))
    assert e.value.problem.code in ("HH.TERR.2", "HH.TERR.13")  # the off-road neighbour is not a road hex at all


@pytest.mark.parametrize("terrain", ["bua", "wood", "broken"])
def test_HH_TERR_13_HH_TERR_14_along_road_leaves_by_the_road(terrain):
    """HH.TERR.13, HH.TERR.14: a chariot standing on the road in such a hex leaves it only along the road."""
    st, a, b, c, side = _road_state(terrain, "along_road")
    st.units[1] = replace(st.units[1], hex=b)
    off = next(n for n in b.neighbours() if n not in (a, c, side) and st.field.terrain_at(n).value == "good")
    assert can_step(st, st.profile(st.units[1]), b, c)
    assert can_step(st, st.profile(st.units[1]), b, a)
    assert not can_step(st, st.profile(st.units[1]), b, off)
    with pytest.raises(Illegal) as e:
        plan_move(st, Move(1, 1, (off,)))
    assert e.value.problem.code == "HH.TERR.13"
    plan = plan_move(st, Move(1, 1, (c,)))
    assert c in plan.steps


@pytest.mark.parametrize("option, zoc", [("never", False), ("along_road", True)])
def test_HH_ZOC_10_wheeled_zoc_along_the_road(option, zoc):
    """HH.ZOC.10, HH.ZOC.5: a chariot projects ZOC into a road woodland hex only under `along_road`, and only
    when the step into it is along the road; never into the off-road woodland beside it."""
    st, a, b, c, side = _road_state("wood", option)
    u = st.units[1]
    assert exerts_zoc_into(st, u, b) is zoc
    assert exerts_zoc_into(st, u, side) is False
