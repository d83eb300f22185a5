"""Combined arms, pike blocks and 6-stand hordes, the shooting modes, suppression lines, dropping pavisses and
artillery formation changes [HH.SPECIAL.13, HH.SPECIAL.23-33, HH.STAND.5, HH.HTH.24, HH.DATA.3, HH.SEQ.14, HH.PD.21,
HH.ART.3]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import counted_stands, effective_impact, side_total
from games.hordes_heroes.crt import lookup
from games.hordes_heroes.engine import run_bound
from games.hordes_heroes.language import parse_line, split_lines
from games.hordes_heroes.model import TroopClass
from games.hordes_heroes.movement import Illegal, is_pike_block, plan_move
from games.hordes_heroes.orders import (
    CombineBlocks,
    Context,
    DropPavisses,
    Exchange,
    Move,
    Separate,
    Single,
    order_from_json,
    order_text,
    order_to_json,
)
from games.hordes_heroes.reform import verify_blocks, verify_exchange, verify_separate
from games.hordes_heroes.results import Cause, apply_result, result_for
from games.hordes_heroes.rules import verify_single
from games.hordes_heroes.shooting import ShootChoice, hard_cover, may_shoot, shooting_phase, small_arms_dice, to_hit
from games.hordes_heroes.state import Options, dump_state, load_state

from .helpers import PROFILES, Dice, Facing, Formation, H, P, make_state

ALL = frozenset(range(100))
PROFILES.setdefault("wagon", P("wagon", "War Wagons", "war_wagon", "B", "1", 3, 0, stands=2))
PROFILES.setdefault("xb", P("xb", "Crossbowmen", "infantry", "C", "1CR", 2, 0, 7))
PROFILES.setdefault("bill", P("bill", "Billmen", "infantry", "C", "1CR", 4, 1))
PROFILES.setdefault("archer", P("archer", "Archers", "infantry", "D", "1CR", 2, 0, 7))


def _combined(front, rear, rear_stands=2, **kw):
    return {"rear_profile": rear, "rear_stands": rear_stands, **kw}


# --- combined arms ------------------------------------------------------------------------------------------------


def test_HH_SPECIAL_25_war_wagons_with_crossbows():
    """HH.SPECIAL.25, HH.SPECIAL.20, HH.SPECIAL.23, HH.SPECIAL.26, HH.DATA.3: 2 crossbow stands (C) behind 2 war-wagon
    stands (B) have hard cover through the front only, shoot 2 D12 at 7+, stand in place on a recoil, are
    eliminated by a flee and use the B column."""
    st = make_state(
        [
            (1, "north", "wagon", (0, 4), Facing.S, _combined("wagon", "xb", stands=4, nominal=4)),
            (9, "south", "bare", (0, 6), Facing.N),
        ]  # noqa: E501
    )
    st.profiles["bare"] = replace(PROFILES["spear"], id="bare", traits=frozenset())
    u = st.units[1]
    assert hard_cover(st, H(0, 6), u) and not hard_cover(st, H(0, 2), u)
    assert small_arms_dice(st, u) == 2 and to_hit(st, u, st.units[9]) == 7 and may_shoot(st, u, False)[0]
    assert result_for(st, 1, 3).cls is TroopClass.B
    apply_result(st, 1, lookup(TroopClass.B, 3), Cause.SHOOTING, [H(0, 2)], None, Dice())
    assert st.units[1].hex == H(0, 4) and st.units[1].disrupted
    apply_result(st, 1, lookup(TroopClass.B, 5), Cause.HTH, [H(0, 5)], H(0, 5), Dice())
    assert st.units[1].eliminated


def test_HH_HTH_24_HH_SPECIAL_23_front_rank_fights():
    """HH.HTH.24, HH.SPECIAL.23: archers behind billmen fight with the billmen's CF and impact and 2 stands only."""
    st = make_state(
        [(1, "south", "bill", (0, 5), Facing.N, _combined("bill", "archer")), (2, "north", "spear", (0, 4), Facing.S)]
    )
    u = st.units[1]
    t = side_total(st, [u], [], {1: [st.units[2]]}, {1: False})
    assert (t.cf, t.stands, t.impact) == (4, 2, 1) and counted_stands(st, u, False) == 2
    assert small_arms_dice(st, u) == 2 and to_hit(st, u, st.units[2]) == 8


def test_HH_STAND_5_HH_SPECIAL_27_front_stands_lost_first_then_rear_becomes_front():
    """HH.STAND.5, HH.SPECIAL.27, HH.CRT.5: losses come off the billmen; with both gone the archers are the front, with
    their own CF and class."""
    st = make_state([(1, "south", "bill", (0, 5), Facing.N, _combined("bill", "archer"))])
    apply_result(st, 1, lookup(TroopClass.C, 4), Cause.SHOOTING, [H(0, 3)], None, Dice())
    u = st.units[1]
    assert (u.stands, u.front_stands, u.rear_stands, u.profile) == (3, 1, 2, "bill")
    st.units[1] = replace(u, hex=H(0, 9), disrupted=False)
    apply_result(st, 1, lookup(TroopClass.C, 4), Cause.SHOOTING, [H(0, 7)], None, Dice())
    u = st.units[1]
    assert (u.stands, u.profile, u.rear_profile, u.combined) == (2, "archer", None, False)
    assert result_for(st, 1, 2).cls is TroopClass.D and effective_impact(st, u) == 0


def test_HH_DATA_3_combined_block_round_trips():
    """HH.DATA.3, HH.DATA.7: the rear profile and rear stands survive dump and load."""
    st = make_state([(1, "south", "bill", (0, 5), Facing.N, _combined("bill", "archer"))])
    d = dump_state(st)
    assert d["units"][0]["rear_profile"] == "archer" and dump_state(load_state(d)) == d


def test_HH_SPECIAL_24_exchange_stands_into_single_arm_units():
    """HH.SPECIAL.24: two adjacent 2+2 billmen-and-archers units become 4 billmen and 4 archers; both must be ready."""
    st = make_state(
        [
            (1, "south", "bill", (0, 8), Facing.N, _combined("bill", "archer")),
            (2, "south", "bill", (1, 8), Facing.N, _combined("bill", "archer")),
        ]
    )
    a, b, lost = verify_exchange(st, Exchange(1, 1, 2), ALL)
    assert (a.profile, a.stands, a.combined) == ("bill", 4, False) and (b.profile, b.stands, lost) == ("archer", 4, 0)
    st.units[2] = replace(st.units[2], disrupted=True)
    with pytest.raises(Illegal):
        verify_exchange(st, Exchange(1, 1, 2), ALL)


# --- pike blocks and hordes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("pid", ["pike", "horde"])
def test_HH_SPECIAL_28_HH_SPECIAL_30_HH_SPECIAL_32_three_units_make_two_six_stand_units(pid):
    """HH.SPECIAL.28, HH.SPECIAL.30, HH.SPECIAL.32, HH.SPECIAL.29, HH.BASE.5: three 4-stand units in a chain become two
    6-stand units in the first two hexes; the third hex is left empty; a pike block has impact +6."""
    st = make_state(
        [
            (1, "south", pid, (0, 8), Facing.N),
            (2, "south", pid, (1, 8), Facing.N),
            (3, "south", pid, (2, 8), Facing.N),
        ],
        [(1, "south", (1, 8))],
    )
    lines, problems = run_bound(st, "south", [CombineBlocks(1, 1, 2, 3)])
    assert not problems
    a, b, c = st.units[1], st.units[2], st.units[3]
    assert (a.stands, a.nominal, b.stands, b.nominal) == (6, 6, 6, 6) and c.hex is None
    assert st.casualties["south"] == {}
    if pid == "pike":
        assert is_pike_block(st, a) and effective_impact(st, a) == 6
    else:
        assert counted_stands(st, a, False) == 6


def test_HH_SPECIAL_30_combining_needs_a_chain_and_bought_four_stand_units():
    """HH.SPECIAL.30, HH.SPECIAL.28: units not in a chain, or not bought as 4-stand units, may not combine."""
    st = make_state(
        [
            (1, "south", "pike", (0, 8), Facing.N),
            (2, "south", "pike", (1, 8), Facing.N),
            (3, "south", "pike", (4, 8), Facing.N),
        ]  # noqa: E501
    )
    with pytest.raises(Illegal) as e:
        verify_blocks(st, CombineBlocks(1, 1, 2, 3), ALL)
    assert e.value.problem.code == "HH.SPECIAL.30"
    st = make_state([(i, "south", "spear", (i, 8), Facing.N) for i in (1, 2, 3)])
    with pytest.raises(Illegal):
        verify_blocks(st, CombineBlocks(1, 1, 2, 3), ALL)


@pytest.mark.parametrize("pid, stands, split", [("pike", (6, 6), (4, 4, 4)), ("horde", (4, 3), (3, 2, 2))])
def test_HH_SPECIAL_33_HH_SPECIAL_30_two_blocks_separate_into_three(pid, stands, split):
    """HH.SPECIAL.33, HH.SPECIAL.30, HH.SPECIAL.28: two adjacent 6-stand units become three 4-stand units, the stands
    shared evenly, the new unit in the lowest vacant hex next to them; hordes too."""
    st = make_state(
        [
            (1, "south", pid, (0, 8), Facing.N, {"stands": stands[0], "nominal": 6}),
            (2, "south", pid, (1, 8), Facing.N, {"stands": stands[1], "nominal": 6}),
        ]
    )
    after, third = verify_separate(st, Separate(1, 1, 2), ALL)
    assert tuple(u.stands for u in after) + (third.stands,) == split
    assert all(u.nominal == 4 for u in (*after, third)) and third.id == 3 and st.unit_at(third.hex) is None


def test_HH_EX_48_pike_three_plus_three_make_a_block():
    """HH.EX.48, HH.SPECIAL.29, HH.STAND.6: two reduced pike units of 3 merge into a 6-stand pike block with +6."""
    from games.hordes_heroes.orders import Combine
    from games.hordes_heroes.reform import do_combine, verify_combine

    st = make_state(
        [(1, "south", "pike", (0, 8), Facing.N, {"stands": 3}), (2, "south", "pike", (1, 8), Facing.N, {"stands": 3})]
    )
    merged, gone, size, lost = verify_combine(st, Combine(1, 1, 2), ALL)
    do_combine(st, merged, gone, lost)
    assert (size, lost) == (6, 0) and effective_impact(st, st.units[1]) == 6


# --- shooting modes, suppression, pavisses, artillery moves -------------------------------------------------------


@pytest.mark.parametrize("mode, answers", [("sequential", False), ("semi_simultaneous", True)])
def test_HH_SEQ_14_semi_simultaneous_shooting(mode, answers):
    """HH.SEQ.14, HH.NOTE.5: sequential, a shooter the phasing side eliminates never answers; semi-simultaneous, it
    shoots back with what it had when the phase began."""
    st = make_state([(1, "south", "longbow", (0, 5), Facing.N), (9, "north", "bow7", (0, 3), Facing.S, {"stands": 2})])
    st.options = replace(st.options, shooting_mode=mode)
    d = Dice(*[12] * 6)
    shooting_phase(st, d, {})
    assert st.units[9].eliminated
    assert bool([p for _, p in d.log if p.startswith("shooting: unit 9")]) is answers
    assert Options.from_json({"shooting_mode": "semi_simultaneous"}).shooting_mode == "semi_simultaneous"


def test_HH_PD_21_suppress_line_chooses_the_suppressed_unit():
    """HH.PD.21, HH.SHOOT.21: `suppress 1 at 8` puts unit 1's stands on the second wall unit, not the default (the one
    with most dice); it rolls nothing."""
    st = make_state(
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (8, "north", "longbow", (0, 4), Facing.S, {"stands": 2, "nominal": 4}),
            (9, "north", "longbow", (1, 4), Facing.S),
        ],
        walls=[((0, 4), (0, 5)), ((1, 4), (0, 5)), ((1, 4), (1, 5))],
    )
    d = Dice(*[1] * 12)
    lines = shooting_phase(st, d, {1: ShootChoice(suppress=8)})
    assert "suppress hard-cover shooters {8: 2}" in "\n".join(lines)
    assert not [p for _, p in d.log if p.startswith("shooting: unit 1 ")]
    assert len([p for _, p in d.log if p.startswith("shooting: unit 8 ")]) == 0


def test_HH_SPECIAL_13_drop_pavisses_then_move_and_shoot():
    """HH.SPECIAL.13, HH.SPECIAL.8, HH.SHOOT.2: pavisiers leave their pavisses, move, and may still shoot."""
    st = make_state([(1, "south", "pavisse", (0, 8), Facing.N)], [(1, "south", (0, 8))])
    _, problems = run_bound(st, "south", [DropPavisses(1, 1), Move(2, 1, (H(0, 7),))])
    u = st.units[1]
    assert not problems and not u.pavisses and u.hex == H(0, 7) and may_shoot(st, u, True)[0]
    _, problems = run_bound(st, "south", [DropPavisses(1, 1)])
    assert problems and problems[0][1].code == "HH.SPECIAL.13"


@pytest.mark.parametrize(
    "case, order, moved",
    [
        ("column by a move (HH.ART.3)", Move(1, 1, (Formation.COLUMN,)), True),
        ("column by a single-hex move (HH.ART.3)", Single(1, 1, None, None, Formation.COLUMN), True),
        ("a facing change is not a move (HH.ART.3)", Move(1, 1, (Facing.ENE,)), False),
    ],
)
def test_HH_ART_3_formation_change_stops_artillery_shooting(case, order, moved):
    """HH.ART.3, HH.ART.2: changing formation counts as moving for artillery; turning does not."""
    st = make_state([(1, "south", "guns", (0, 6), Facing.N)])
    u = plan_move(st, order).unit if isinstance(order, Move) else verify_single(st, order, ALL)
    assert u.moved_this_bound is moved
    assert may_shoot(st, u, True)[0] is not moved


@pytest.mark.parametrize(
    "text",
    [
        "combine 1 2 3",
        "combine 1 2 3 at 0108 0208",
        "separate 1 2 into 0307",
        "exchange 1 2",
        "drop-pavisses 1",
        "suppress 1 at 9",
    ],
)
def test_HH_PD_new_order_lines_round_trip(text):
    """HH.PD.21, HH.SPECIAL.13, HH.SPECIAL.24, HH.SPECIAL.30: the new order lines parse, echo and go through JSON."""
    st = make_state(
        [(i, "south", "pike", (i, 8), Facing.N) for i in (1, 2, 3)] + [(9, "north", "spear", (0, 2), Facing.S)]
    )  # noqa: E501
    names = {uid: u.name for uid, u in st.units.items()}
    lines, bad = split_lines(text)
    assert not bad
    o = parse_line(lines[0], Context.BOUND, st.field.spec, names, set())
    assert order_from_json(order_to_json(o)) == o
    echo = order_text(o, st.field.spec, names)
    assert parse_line(split_lines(echo)[0][0], Context.BOUND, st.field.spec, names, set()) == o
