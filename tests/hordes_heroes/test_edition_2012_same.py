"""Rules the 2012 delta spec marks SAME: each situation runs under both editions and must give the same, expected
answer (issue 18: the table test's "and no others" half; the differences are in test_edition_2012.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from games.hordes_heroes.edition import Edition
from games.hordes_heroes.model import Formation, TroopClass
from games.hordes_heroes.state import GameState

from .helpers import PROFILES, Dice, Facing, H, make_state


def both(probe: Callable[[Edition], object]) -> tuple[object, object]:
    return probe(Edition.E2022), probe(Edition.E2012)


def ed(st: GameState, e: Edition) -> GameState:
    st.options = replace(st.options, edition=e)
    return st


def p_allowance(e: Edition) -> object:
    """HH12.MOV.1, HH12.MOV.2, HH12.ARMY.4, HH12.TER.17: speed 3, +1 in column, +1 more on a road in column."""
    from games.hordes_heroes.movement import allowance

    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N), (2, "south", "mma", (2, 8), Facing.N)]), e)
    st.units[2] = replace(st.units[2], formation=Formation.COLUMN)
    return (allowance(st, st.units[1], False), allowance(st, st.units[2], False), allowance(st, st.units[2], True))


def p_zoc(e: Edition) -> object:
    """HH12.ZOC.1, HH12.ZOC.2: adjacent enemies are engaged; two hexes apart they are not."""
    from games.hordes_heroes.zoc import is_engaged

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 8), Facing.N),
                (2, "north", "spear", (0, 7), Facing.S),
                (3, "south", "spear", (4, 8), Facing.N),
                (4, "north", "spear", (4, 6), Facing.S),
            ]
        ),
        e,
    )
    return tuple(is_engaged(st, st.units[i]) for i in (1, 2, 3, 4))


def p_shooting_dice(e: Edition) -> object:
    """WX-06, HH12.SHOOT.9, HH12.DIS.6: 1 die a stand, column front 2, halved (up) when disordered."""
    from games.hordes_heroes.shooting import small_arms_dice

    rows = [(1, False, True), (2, False, True), (3, False, True), (3, False, False), (4, True, False)]
    rows += [(4, False, True), (4, True, True)]
    out = []
    for stands, column, dis in rows:
        form = Formation.COLUMN if column else Formation.DEPLOYED
        st = ed(make_state([(1, "south", "bow7", (0, 8), Facing.N, {"stands": stands, "formation": form})]), e)
        st.units[1] = replace(st.units[1], disrupted=dis)
        out.append(small_arms_dice(st, st.units[1]))
    return tuple(out)


def p_disordered_stands(e: Edition) -> object:
    """HH12.DIS.1, HH12.MELEE.2: a disordered unit counts no stands and has no impact."""
    from games.hordes_heroes.combat import counted_stands, impact_eligible

    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N, {"disrupted": True})]), e)
    return (counted_stands(st, st.units[1], False), impact_eligible(st, st.units[1], [], False))


def p_static_and_terrain_impact(e: Edition) -> object:
    """HH12.IMP.4, HH12.IMP.5, ruling HH12.IMP.A2: no impact once static, nor against an enemy in woods; fresh in
    the open it has impact."""
    from games.hordes_heroes.combat import impact_eligible

    st = ed(
        make_state(
            [
                (1, "south", "mma", (0, 8), Facing.N),
                (2, "north", "spear", (0, 7), Facing.S),
                (3, "north", "spear", (5, 7), Facing.S),
                (4, "south", "mma", (5, 8), Facing.N),
            ],
            terrain={(5, 7): "wood"},
        ),
        e,
    )
    fresh = impact_eligible(st, st.units[1], [st.units[2]], False)
    woods = impact_eligible(st, st.units[4], [st.units[3]], False)
    st.units[1] = replace(st.units[1], static_combat=True)
    static = impact_eligible(st, st.units[1], [st.units[2]], False)
    return (fresh, woods, static)


def p_river_as_if(e: Edition) -> object:
    """HH12.TER.13, HH12.DIS.8: every unit in a river fights as if disordered; mounted troops in woods too."""
    from games.hordes_heroes.special import as_if_disrupted

    st = ed(
        make_state(
            [(1, "south", "spear", (0, 8), Facing.N), (2, "south", "mma", (3, 8), Facing.N)],
            terrain={(0, 8): "river", (3, 8): "wood"},
        ),
        e,
    )
    return (as_if_disrupted(st, st.units[1]), as_if_disrupted(st, st.units[2]))


def p_hero(e: Edition) -> object:
    """HH12.GEN.2, HH12.GEN.9, HH12.CRT.3: units with or next to a hero ignore rows 1-3; two hexes away they do not."""
    from games.hordes_heroes.special import hero_covers

    st = ed(
        make_state(
            [(1, "south", "spear", (0, 8), Facing.N), (2, "south", "spear", (1, 8), Facing.N)],
            [(1, "south", (0, 8), {"hero": True}), (2, "south", (4, 4))],
        ),
        e,
    )
    st.units[3] = replace(st.units[2], id=3, hex=H(3, 8))
    return tuple(hero_covers(st, st.units[i]) for i in (1, 2, 3))


def p_last_stand(e: Edition) -> object:
    """HH12.UNIT.2, HH12.CRT.2, HH12.UNIT.3: stands first, a 4-stand unit left with 1 is removed; a 3-stand unit
    keeps its last."""
    from games.hordes_heroes.crt import lookup
    from games.hordes_heroes.results import Cause, apply_result

    st = ed(make_state([(1, "south", "spear", (0, 2), Facing.N), (2, "south", "chariot", (4, 2), Facing.N)]), e)
    er = st.rules
    r7 = lookup(TroopClass.C, 7, table=er.crt, printed=er.crt_printed)
    r6 = lookup(TroopClass.C, 6, table=er.crt, printed=er.crt_printed)
    apply_result(st, 1, r7, Cause.SHOOTING, [H(0, 0)], None, Dice())
    apply_result(st, 2, r6, Cause.SHOOTING, [H(4, 0)], None, Dice())
    return (st.units[1].eliminated, st.units[2].stands)


def p_pass_through(e: Edition) -> object:
    """HH12.MOV.8, ruling HH12.MOV.A3: through a friend, not ending on it, never through a disordered one."""
    from games.hordes_heroes.movement import Illegal, plan_move
    from games.hordes_heroes.orders import Move

    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N), (2, "south", "spear", (0, 7), Facing.N)]), e)
    out: list[object] = [plan_move(st, Move(1, 1, (H(0, 7), H(0, 6)))).unit.hex == H(0, 6)]
    for order, dis in ((Move(1, 1, (H(0, 7),)), False), (Move(1, 1, (H(0, 7), H(0, 6))), True)):
        st.units[2] = replace(st.units[2], disrupted=dis)
        try:
            plan_move(st, order)
            out.append("legal")
        except Illegal as exc:
            out.append(exc.problem.code)
    return tuple(out)


def p_impassable(e: Edition) -> object:
    """HH12.TER.14, HH12.TER.16, HH12.TER.22: lakes and impenetrable hexes are never entered."""
    from games.hordes_heroes.movement import Illegal, plan_move
    from games.hordes_heroes.orders import Move

    st = ed(make_state([(1, "south", "spear", (0, 8), Facing.N)], terrain={(0, 7): "impenetrable", (1, 7): "lake"}), e)
    out = []
    for h in (H(0, 7), H(1, 7)):
        try:
            plan_move(st, Move(1, 1, (h,)))
            out.append("legal")
        except Illegal as exc:
            out.append(exc.problem.code)
    return tuple(out)


def p_failed_recoil(e: Edition) -> object:
    """HH12.CMP.3: a unit whose every hex away (all three, for 2012) is in an enemy ZOC is eliminated."""
    from games.hordes_heroes.compulsory import recoil_h2h

    st = ed(
        make_state(
            [
                (1, "south", "spear", (3, 8), Facing.N),
                (2, "north", "spear", (4, 7), Facing.SW),
                (3, "north", "spear", (2, 10), Facing.N),
                (4, "north", "spear", (4, 9), Facing.N),
                (5, "north", "spear", (1, 8), Facing.N),
            ],
            rows=14,
        ),
        e,
    )
    recoil_h2h(st, 1, H(4, 7))
    return st.units[1].eliminated


def p_command_chain(e: Edition) -> object:
    """WX-14, HH12.CMD.4, rulings HH12.CMD.A2, HH12.CMD.A3: range 3 round a wood, and the chain through adjacency."""
    from games.hordes_heroes.command import commanded_units

    units = [(i, "south", "spear", qr, Facing.N) for i, qr in enumerate([(3, 8), (6, 5), (7, 5), (0, 5), (1, 3)], 1)]
    st = ed(make_state(units, [(1, "south", (3, 5), {"cr": 3})], terrain={(3, 6): "wood"}), e)
    return commanded_units(st, "south")


def p_class_points(e: Edition) -> object:
    """HH12.ARMY.3, HH12.ARMY.5, HH12.ARMY.7: class A 5 to E 1, impact free, artillery at its flat value."""
    from games.hordes_heroes.edition import formula_points, rules_for

    er = rules_for(e)
    plain = [formula_points(replace(PROFILES["bare"], cls=c, impact=3), er) for c in TroopClass]
    return (tuple(plain), formula_points(PROFILES["guns"], er))


def p_uphill_and_draw(e: Edition) -> object:
    """HH12.TER.4, HH12.MELEE.2, ruling HH12.MELEE.A3: +1 up-slope; equal totals give no hits and both become
    static."""
    from games.hordes_heroes.combat import Choices, hth_phase

    st = ed(make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)]), e)
    st.field.elevation[H(0, 5)] = 1
    text = "\n".join(hth_phase(st, Dice(3, 4), Choices()))
    return ("+ 1 up-slope" in text, st.units[1].static_combat, st.units[2].static_combat, st.units[1].stands)


def p_single_combat(e: Edition) -> object:
    """HH12.GEN.10, ruling HH12.GEN.A5: generals in one hex fight a single combat in that combat phase; a draw leaves
    both, and they fight again next phase, where the loser is removed."""
    from games.hordes_heroes.combat import Choices, hth_phase

    st = ed(make_state([], [(1, "south", (0, 5)), (2, "north", (0, 5))]), e)
    hth_phase(st, Dice(3, 4, 6, 1), Choices())
    first = (st.generals[1].alive, st.generals[2].alive)
    hth_phase(st, Dice(4, 5, 3, 3), Choices())
    return (first, st.generals[1].alive, st.generals[2].alive)


SAME = [
    (p_uphill_and_draw, (True, True, True, 4)),
    (p_single_combat, ((True, True), True, False)),
    (p_allowance, (3, 4, 5)),
    (p_zoc, (True, True, False, False)),
    (p_shooting_dice, (1, 1, 2, 3, 2, 2, 1)),
    (p_disordered_stands, (0, False)),
    (p_static_and_terrain_impact, (True, False, False)),
    (p_river_as_if, (True, True)),
    (p_hero, (True, True, False)),
    (p_last_stand, (True, 1)),
    (p_pass_through, (True, "HH.MOVE.19", "HH.MOVE.19")),
    (p_impassable, ("HH.TERR.53", "HH.TERR.45")),
    (p_failed_recoil, True),
    (p_command_chain, frozenset({2, 3, 4})),
    (p_class_points, ((10, 9, 8, 7, 6), 8)),
]


@pytest.mark.parametrize("probe, expected", SAME, ids=[p.__name__ for p, _ in SAME])
def test_rules_the_spec_marks_SAME_give_the_same_answer_under_both_editions(probe, expected):
    """Each probe's docstring names the SAME rules it checks; both editions must give the expected answer."""
    e2022, e2012 = both(probe)
    assert e2022 == expected
    assert e2012 == expected
