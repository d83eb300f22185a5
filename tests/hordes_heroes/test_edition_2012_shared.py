"""More rules the 2012 delta spec marks SAME, or settles by a ruling shared with 2022: each situation runs under
both editions and must give the same, expected answer (issue 18, the "and no others" half of the table test).

Each probe's docstring names the 2012 rules (and rulings) it checks; the expected answer is worked out from the
rule, not read back from the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.model import Formation, Weapon
from games.hordes_heroes.state import GameState

from .helpers import PROFILES, Dice, Facing, H, make_state


def ed(st: GameState, e: Edition) -> GameState:
    """The state in edition `e`, at the latest rules version (the one a new game records)."""
    st.options = replace(st.options, edition=e, rules_version=LATEST_RULES_VERSION)
    return st


def outcome(f: Callable[[], object]) -> object:
    """'legal', or the rule code of the refusal."""
    from games.hordes_heroes.movement import Illegal

    try:
        f()
        return "legal"
    except Illegal as exc:
        return exc.problem.code


# --- terrain -------------------------------------------------------------------------------------------------------


def p_woods_stop(e: Edition) -> object:
    """HH12.TER.8, HH12.TER.1: every unit stops on entering woods; wheeled units never enter them."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    st = ed(
        make_state(
            [(1, "south", "mma", (0, 8), Facing.N), (2, "south", "chariot", (3, 8), Facing.N)],
            terrain={(0, 7): "wood", (3, 7): "wood"},
        ),
        e,
    )
    return (
        outcome(lambda: plan_move(st, Move(1, 1, (H(0, 7),)))),
        outcome(lambda: plan_move(st, Move(1, 1, (H(0, 7), H(0, 6))))) != "legal",
        outcome(lambda: plan_move(st, Move(1, 2, (H(3, 7),)))) != "legal",
    )


def p_river_and_lake_shooting(e: Edition) -> object:
    """HH12.TER.12, HH12.TER.15: a unit in a river shoots with half its stands; small arms shoot across river and
    lake hexes."""
    from games.hordes_heroes.shooting import can_target, small_arms_dice

    st = ed(
        make_state(
            [
                (1, "south", "bow7", (0, 8), Facing.N),
                (2, "north", "bare", (0, 6), Facing.S),
                (3, "south", "bow7", (4, 8), Facing.N),
                (4, "north", "bare", (4, 6), Facing.S),
                (5, "south", "bow7", (8, 8), Facing.N),
            ],
            terrain={(0, 7): "river", (4, 7): "lake", (8, 8): "river"},
        ),
        e,
    )
    return (
        can_target(st, st.units[1], st.units[2], Facing.N),
        can_target(st, st.units[3], st.units[4], Facing.N),
        small_arms_dice(st, st.units[5]),
    )


def p_bua_melee(e: Edition) -> object:
    """HH12.TER.21: mounted units fight as disordered when occupying or attacking a village; foot in it do not."""
    from games.hordes_heroes.special import as_if_disrupted

    st = ed(
        make_state(
            [
                (1, "south", "mma", (0, 8), Facing.N),
                (2, "north", "spear", (0, 7), Facing.S),
                (3, "south", "mma", (4, 8), Facing.N),
                (4, "south", "spear", (8, 8), Facing.N),
            ],
            terrain={(0, 7): "bua", (4, 8): "bua", (8, 8): "bua"},
        ),
        e,
    )
    return (
        as_if_disrupted(st, st.units[1], [st.units[2]]),
        as_if_disrupted(st, st.units[3]),
        as_if_disrupted(st, st.units[4]),
    )


def p_uphill_multi(e: Edition) -> object:
    """Ruling HH12.TER.A2 (HH12.TER.4): the single unit gets +1 only if its hex is higher than all its opponents'."""
    from games.hordes_heroes.combat import Choices, hth_phase

    out = []
    for level in (1, 0):
        st = ed(
            make_state(
                [
                    (1, "south", "spear", (0, 5), Facing.N),
                    (2, "north", "spear", (0, 4), Facing.S),
                    (3, "north", "spear", (1, 4), Facing.SW),
                ]
            ),
            e,
        )
        st.field.elevation[H(0, 5)] = 1
        st.field.elevation[H(1, 4)] = level
        fight = hth_phase(st, Dice(6, 6, 1, 1, 1, 1), Choices())[1]
        out.append(fight.count("+ 1 up-slope"))
    return tuple(out)


# --- zones of control, generals ------------------------------------------------------------------------------------


def p_zoc_kept(e: Edition) -> object:
    """HH12.ZOC.3: a disordered unit keeps its ZOC; a wheeled unit has none into woods; ruling HH12.GEN.A1: an
    unattached general has none."""
    from games.hordes_heroes.zoc import exerts_zoc_into, is_engaged

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 8), Facing.N),
                (2, "north", "spear", (0, 7), Facing.S, {"disrupted": True}),
                (3, "north", "chariot", (4, 6), Facing.S),
                (4, "north", "spear", (8, 6), Facing.S),
                (5, "south", "spear", (12, 8), Facing.N),
            ],
            [(1, "north", (12, 7))],
            terrain={(4, 7): "wood", (8, 7): "wood"},
        ),
        e,
    )
    return (
        is_engaged(st, st.units[1]),
        exerts_zoc_into(st, st.units[3], H(4, 7)),
        exerts_zoc_into(st, st.units[4], H(8, 7)),
        is_engaged(st, st.units[5]),
    )


def p_general_host(e: Edition) -> object:
    """HH12.GEN.5: a unit hosting a general rolls two dice in melee, even when disordered (its opponent rolls one)."""
    from games.hordes_heroes.combat import Choices, hth_phase

    out = []
    for gen, dis in ((False, False), (True, False), (True, True)):
        st = ed(
            make_state(
                [(1, "south", "spear", (0, 5), Facing.N, {"disrupted": dis}), (2, "north", "spear", (0, 4), Facing.S)],
                [(1, "south", (0, 5))] if gen else [],
            ),
            e,
        )
        dice = Dice(*([3] * 8))
        hth_phase(st, dice, Choices())
        out.append(len(dice.log))
    return tuple(out)


def p_disordered_host_commands_nobody(e: Edition) -> object:
    """HH12.GEN.6, HH12.CMD.7, ruling HH12.CMD.A4, HH12.CMD.8: while his host is disordered a general gives no
    orders; HH12.CMD.6: a general whose host is in melee still commands out to his range."""
    from games.hordes_heroes.command import commanded_units

    units = [
        (1, "south", "spear", (0, 8), Facing.N),
        (2, "south", "spear", (2, 8), Facing.N),
        (3, "north", "spear", (0, 7), Facing.S),
    ]
    st = ed(make_state(units, [(1, "south", (0, 8), {"cr": 4})]), e)
    in_melee = commanded_units(st, "south")
    st.units[1] = replace(st.units[1], disrupted=True)
    return (in_melee, commanded_units(st, "south"))


def p_general_may_not_leave(e: Edition) -> object:
    """HH12.CMD.9, HH12.GEN.6: a general may not leave a host in melee or disordered; he may leave one that is
    neither."""
    from games.hordes_heroes.orders import GeneralMove
    from games.hordes_heroes.rules import verify_general_move

    out = []
    for enemy, dis in ((True, False), (False, True), (False, False)):
        units = [(1, "south", "spear", (0, 8), Facing.N, {"disrupted": dis})]
        if enemy:
            units.append((2, "north", "spear", (0, 7), Facing.S))
        st = ed(make_state(units, [(1, "south", (0, 8), {"cr": 4})]), e)
        out.append(outcome(lambda st=st: verify_general_move(st, GeneralMove(1, 1, (H(1, 8),)))) == "legal")
    return tuple(out)


# --- disorder ------------------------------------------------------------------------------------------------------


def p_disordered_moves(e: Edition) -> object:
    """HH12.DIS.3, ruling HH12.DIS.A1: no voluntary move while disordered; HH12.DIS.5: the CRT's recoil still moves
    it; HH12.DIS.9: it cannot evade."""
    from games.hordes_heroes.compulsory import recoil_h2h, try_evade
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 8), Facing.N, {"disrupted": True}),
                (2, "north", "spear", (0, 7), Facing.S),
                (3, "south", "lc", (6, 8), Facing.N, {"disrupted": True}),
                (4, "north", "mma", (6, 6), Facing.S),
                (5, "south", "spear", (10, 8), Facing.N, {"disrupted": True}),
            ]
        ),
        e,
    )
    voluntary = outcome(lambda: plan_move(st, Move(1, 5, (H(10, 7),)))) != "legal"
    recoil_h2h(st, 1, H(0, 7))
    st.units[4] = replace(st.units[4], hex=H(6, 7))
    return (voluntary, st.units[1].hex != H(0, 8), try_evade(st, st.units[3], st.units[4]) is None)


# --- shooting ------------------------------------------------------------------------------------------------------


def p_armour(e: Edition) -> object:
    """HH12.ARM.2: gunpowder ignores armour; HH12.ARM.3: crossbows lower it one step; HH12.ARM.6, ruling
    HH12.ARM.A3: a score above 12 cannot hit."""
    from games.hordes_heroes.shooting import to_hit

    gun = replace(PROFILES["bow7"], id="gun8", shoot=8, weapon=Weapon.GUNPOWDER)
    xbow = replace(PROFILES["bow7"], id="xbow8", shoot=8, weapon=Weapon.CROSSBOW)
    bow = replace(PROFILES["bow7"], id="bow8", shoot=8)
    st = ed(make_state([], []), e)
    st.profiles.update({p.id: p for p in (gun, xbow, bow)})
    from games.hordes_heroes.model import Unit

    def unit(uid: int, pid: str, side: str, q: int) -> Unit:
        p = st.profiles[pid]
        return Unit(
            uid,
            side,
            pid,
            p.name,
            base_profile=pid,
            hex=H(q, 8 if side == "south" else 7),
            facing=Facing.N if side == "south" else Facing.S,
            stands=4,
            nominal=4,
        )

    target = unit(9, "mma", "north", 0)
    return tuple(to_hit(st, unit(i, pid, "south", 0), target) for i, pid in enumerate(("gun8", "xbow8", "bow8"), 1))


def p_shooters_in_melee(e: Edition) -> object:
    """HH12.SHOOT.7, ruling HH12.SHOOT.A4: a unit engaged since the bound began does not shoot; a non-phasing
    unit contacted this bound shoots only at its attackers."""
    from games.hordes_heroes.shooting import may_shoot

    st = ed(
        make_state(
            [
                (1, "north", "bow7", (0, 7), Facing.S),
                (2, "south", "spear", (0, 8), Facing.N),
                (3, "north", "bow7", (4, 7), Facing.S),
                (4, "south", "spear", (4, 8), Facing.N),
            ]
        ),
        e,
    )
    st.engaged_at_start = frozenset({1, 2})
    st.units[3] = replace(st.units[3], contacted_by=(4,))
    return (may_shoot(st, st.units[1], False), may_shoot(st, st.units[3], False))


def p_artillery_eligibility(e: Edition) -> object:
    """HH12.ART.1, HH12.SEQ.4: artillery that moved does not shoot; turning in place is no move; the non-phasing
    side's artillery fires only through Hold Fire (HH12.ART.7)."""
    from games.hordes_heroes.shooting import may_shoot

    st = ed(make_state([(1, "south", "guns", (0, 8), Facing.N), (2, "north", "spear", (0, 4), Facing.S)]), e)
    still = may_shoot(st, st.units[1], True)[0]
    hold = may_shoot(st, replace(st.units[1], hold_fire=True), False)[0]
    other = may_shoot(st, st.units[1], False)[0]
    moved = may_shoot(st, replace(st.units[1], moved_this_bound=True), True)[0]
    return (still, hold, other, moved)


def p_into_melee_and_combined(e: Edition) -> object:
    """HH12.SHOOT.10, ruling HH12.SHOOT.A5: small arms may shoot at an enemy in melee with friends."""
    from games.hordes_heroes.shooting import can_target

    st = ed(
        make_state(
            [
                (1, "south", "bow7", (0, 9), Facing.N),
                (2, "north", "bare", (0, 7), Facing.S),
                (3, "south", "spear", (1, 7), Facing.NW),
            ]
        ),
        e,
    )
    return can_target(st, st.units[1], st.units[2], Facing.N)


# --- units, skirmishers, hordes ------------------------------------------------------------------------------------


def p_speed_codes(e: Edition) -> object:
    """Ruling HH12.ARMY.A1: C lets a unit form column, R gives the road bonus; HH12.SPEC.2: foot skirmishers move
    2 hexes."""
    from games.hordes_heroes.movement import allowance, can_form_column

    st = ed(
        make_state(
            [
                (1, "south", "lc", (0, 8), Facing.N),
                (2, "south", "skirm", (2, 8), Facing.N),
                (3, "south", "mma", (4, 8), Facing.N),
            ]
        ),
        e,
    )
    return (can_form_column(st, st.units[1]), can_form_column(st, st.units[3]), allowance(st, st.units[2], False))


def p_pass_own_skirmishers(e: Edition) -> object:
    """HH12.SPEC.8: any friendly unit may pass through its own skirmishers."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N), (2, "south", "skirm", (0, 7), Facing.N)]), e)
    return plan_move(st, Move(1, 1, (H(0, 7), H(0, 6)))).unit.hex == H(0, 6)


def p_six_attackers(e: Edition) -> object:
    """HH12.MELEE.6, ruling HH12.MELEE.A1: six enemies, one from each adjacent hex, fight one unit as one combat."""
    from games.hordes_heroes.combat import form_groups

    centre = H(4, 6)
    ring = [
        (i + 2, "north", "spear", (n.q - 8, n.r), Facing.N) for i, n in enumerate(centre.neighbour(k) for k in range(6))
    ]
    st = ed(make_state([(1, "south", "spear", (4, 6), Facing.N), *ring]), e)
    groups, _ = form_groups(st)
    return tuple(sorted((g.focus, tuple(sorted(m[1] for m in g.opponents))) for g in groups))


SAME = [
    (p_woods_stop, ("legal", True, True)),
    (p_river_and_lake_shooting, (True, True, 2)),
    (p_bua_melee, (True, True, False)),
    (p_uphill_multi, (0, 1)),
    (p_zoc_kept, (True, False, True, False)),
    (p_general_host, (2, 3, 3)),
    (p_disordered_host_commands_nobody, (frozenset({1, 2}), frozenset())),
    (p_general_may_not_leave, (False, False, True)),
    (p_disordered_moves, (True, True, True)),
    (p_armour, (8, 9, 10)),
    (p_shooters_in_melee, ((False, None), (True, [4]))),
    (p_artillery_eligibility, (True, True, False, False)),
    (p_into_melee_and_combined, True),
    (p_speed_codes, (False, True, 2)),
    (p_pass_own_skirmishers, True),
    (p_six_attackers, ((1, (2, 3, 4, 5, 6, 7)),)),
]


@pytest.mark.parametrize("probe, expected", SAME, ids=[p.__name__ for p, _ in SAME])
def test_shared_rules_give_the_same_answer_under_both_editions(probe, expected):
    """Each probe's docstring names the rules it checks; both editions must give the expected answer."""
    assert probe(Edition.E2022) == expected
    assert probe(Edition.E2012) == expected


# --- batch 2: deployment, compulsory moves, artillery, reorganising -----------------------------------------------


def p_deployment(e: Edition) -> object:
    """HH12.DEP.1: deployment within 3 hexes of the own edge; HH12.DEP.2: the side with more speed-4/5 units
    chooses, deploys first if it likes and the first deployer moves second; HH12.DEP.3, ruling HH12.DEP.A1: by
    agreement one roll-off (1D6 each, ties re-rolled) gives the winner all three advantages."""
    from games.hordes_heroes.engine import deploy_zone_ok, initiative_choosers, resolve_initiative
    from games.hordes_heroes.state import Initiative

    st = ed(make_state([(1, "south", "lc", (0, 12), Facing.N), (2, "north", "spear", (0, 1), Facing.S)]), e)
    depth = tuple(deploy_zone_ok(st, "south", H(0, r)) for r in (13, 11, 10))
    choosers = initiative_choosers(st)
    st.orders["initiative-south"] = {"deploy_first": True}
    resolve_initiative(st, Dice())
    standard = (st.first_deployer, st.first_mover)
    st2 = ed(make_state([(1, "south", "lc", (0, 12), Facing.N)]), e)
    st2.options = replace(st2.options, initiative=Initiative.ROLLOFF)
    dice = Dice(3, 3, 2, 5)
    resolve_initiative(st2, dice)
    return (depth, choosers, standard, (st2.first_deployer, st2.first_mover, len(dice.log)))


def p_flee_outcomes(e: Edition) -> object:
    """HH12.CMP.7, ruling HH12.CMP.A12: a flee that enters woods halts there and the unit survives; HH12.CMP.8: a
    flee blocked by enemy ZOC eliminates the unit; HH12.CMP.9, HH12.DIS.2: a friend passed through is disordered."""
    from games.hordes_heroes.compulsory import flee

    st = ed(
        make_state(
            [(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], terrain={(0, 6): "wood"}
        ),
        e,
    )
    flee(st, 1, [H(0, 4)], h2h=True)
    halted = (st.units[1].eliminated, st.units[1].hex)
    st = ed(
        make_state(
            [
                (1, "south", "spear", (4, 5), Facing.N),
                (2, "north", "spear", (4, 4), Facing.S),
                (3, "north", "spear", (3, 7), Facing.N),
                (4, "north", "spear", (5, 7), Facing.N),
                (5, "north", "spear", (4, 7), Facing.N),
            ]
        ),
        e,
    )
    flee(st, 1, [H(4, 4)], h2h=True)
    blocked = st.units[1].eliminated
    st = ed(
        make_state(
            [
                (1, "south", "spear", (8, 5), Facing.N),
                (2, "north", "spear", (8, 4), Facing.S),
                (3, "south", "spear", (8, 6), Facing.N),
            ]
        ),
        e,
    )
    flee(st, 1, [H(8, 4)], h2h=True)
    return (halted, blocked, st.units[1].eliminated, st.units[3].disrupted)


def p_artillery_results(e: Edition) -> object:
    """HH12.ART.10, ruling HH12.ART.A3: artillery never recoils (a Recoil disorders it in place) and a Flee
    eliminates it."""
    from games.hordes_heroes.crt import CrtMove, CrtResult
    from games.hordes_heroes.model import TroopClass
    from games.hordes_heroes.results import Cause, apply_result

    out = []
    for move in (CrtMove.RECOIL, CrtMove.FLEE):
        st = ed(make_state([(1, "south", "guns", (0, 8), Facing.N)]), e)
        res = CrtResult(3, TroopClass.C, move, False, 0, "test")
        apply_result(st, 1, res, Cause.SHOOTING, [H(0, 5)], None, Dice())
        u = st.units[1]
        out.append((u.eliminated, u.hex == H(0, 8), u.disrupted))
    return tuple(out)


def p_swap(e: Edition) -> object:
    """HH12.MOV.9, ruling HH12.MOV.A4: two friends may swap hexes, not when either is next to an enemy."""
    from games.hordes_heroes.orders import Swap
    from games.hordes_heroes.rules import verify_swap

    out = []
    for enemy in (False, True):
        units = [(1, "south", "spear", (0, 8), Facing.N), (2, "south", "spear", (0, 7), Facing.N)]
        if enemy:
            units.append((3, "north", "spear", (0, 6), Facing.S))
        st = ed(make_state(units), e)
        out.append(outcome(lambda st=st: verify_swap(st, Swap(1, 1, 2), frozenset({1, 2}))) == "legal")
    return tuple(out)


def p_engaged_may_not_move(e: Edition) -> object:
    """HH12.MOV.13, ruling HH12.MOV.A6: a unit that starts its move engaged may not make an ordinary move away."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N), (2, "north", "spear", (0, 7), Facing.S)]), e)
    st.engaged_at_start = frozenset({1, 2})
    return outcome(lambda: plan_move(st, Move(1, 1, (H(1, 8), H(2, 8))))) != "legal"


def p_horde_command(e: Edition) -> object:
    """HH12.SPEC.20: a horde is under command with its general, next to him, or by a line of undisordered friends
    to him; not otherwise."""
    from games.hordes_heroes.command import commanded_units

    units = [
        (1, "south", "horde", (0, 8), Facing.N),
        (2, "south", "spear", (1, 8), Facing.N),
        (3, "south", "spear", (2, 8), Facing.N),
        (4, "south", "horde", (8, 8), Facing.N),
    ]
    st = ed(make_state(units, [(1, "south", (3, 8), {"cr": 2})]), e)
    chained = commanded_units(st, "south")
    st.units[2] = replace(st.units[2], disrupted=True)
    broken = commanded_units(st, "south")
    return (1 in chained, 4 in chained, 1 in broken)


SAME2 = [
    (p_deployment, ((True, True, False), (["south"], False), ("south", "north"), ("north", "north", 4))),
    (p_flee_outcomes, ((False, H(0, 6)), True, False, True)),
    (p_artillery_results, ((False, True, True), (True, False, False))),
    (p_swap, (True, False)),
    (p_engaged_may_not_move, True),
    (p_horde_command, (True, False, False)),
]


@pytest.mark.parametrize("probe, expected", SAME2, ids=[p.__name__ for p, _ in SAME2])
def test_more_shared_rules_give_the_same_answer_under_both_editions(probe, expected):
    """Each probe's docstring names the rules it checks; both editions must give the expected answer."""
    assert probe(Edition.E2022) == expected
    assert probe(Edition.E2012) == expected


# --- batch 3: victory, generals, melee, shooting totals ------------------------------------------------------------


def p_cinc_death(e: Edition) -> object:
    """HH12.WIN.4: with the optional rule, losing the C-in-C loses the battle at once; without it, not."""
    from games.hordes_heroes.engine import defeated

    out = []
    for rule in (False, True):
        st = ed(
            make_state(
                [(1, "south", "spear", (0, 8), Facing.N)],
                [(1, "south", (0, 8), {"cinc": True, "alive": False}), (2, "south", (4, 8))],
            ),
            e,
        )
        st.options = replace(st.options, cinc_death_loses=rule)
        out.append(defeated(st, "south") is not None)
    return tuple(out)


def p_own_hero_only(e: Edition) -> object:
    """Ruling HH12.GEN.A4: only the unit's own side's hero counts; its own hero next to it does."""
    from games.hordes_heroes.special import hero_covers

    st = ed(make_state([(1, "south", "spear", (0, 8), Facing.N)], [(1, "north", (1, 8), {"hero": True})]), e)
    enemy = hero_covers(st, st.units[1])
    st = ed(make_state([(1, "south", "spear", (0, 8), Facing.N)], [(1, "south", (1, 8), {"hero": True})]), e)
    return (enemy, hero_covers(st, st.units[1]))


def p_rear_contact(e: Edition) -> object:
    """HH12.MELEE.4: a unit fighting to its front and then contacted from behind does not turn; the newcomer joins
    the fight (several against one)."""
    from games.hordes_heroes.combat import form_groups

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 5), Facing.N),
                (2, "north", "spear", (0, 4), Facing.S),
                (3, "north", "spear", (0, 6), Facing.N),
            ]
        ),
        e,
    )
    groups, _ = form_groups(st)
    return (st.units[1].facing, tuple(sorted((g.focus, tuple(sorted(m[1] for m in g.opponents))) for g in groups)))


def p_one_fight_a_phase(e: Edition) -> object:
    """HH12.MELEE.5, ruling HH12.MELEE.A6: a unit fights once a phase; a follow-up that makes a new contact is fought
    next phase, and a winner that was static before keeps no impact."""
    from games.hordes_heroes.combat import Choices, hth_phase

    st = ed(
        make_state(
            [
                (1, "south", "mma", (0, 6), Facing.N),
                (2, "north", "bare", (0, 5), Facing.S),
                (3, "north", "bare", (0, 3), Facing.S),
            ]
        ),
        e,
    )
    st.units[1] = replace(st.units[1], static_combat=True)
    text = hth_phase(st, Dice(6, 1, 6, 1, 6, 1), Choices())
    fights = sum(1 for line in text if " beat " in line)
    return (fights, st.units[1].static_combat)


def p_hits_combine(e: Edition) -> object:
    """HH12.SHOOT.11, ruling HH12.SHOOT.A6: every hit on one target in a phase is added up and looked up once."""
    from games.hordes_heroes.shooting import shooting_phase

    st = ed(
        make_state(
            [
                (1, "south", "bow7", (0, 8), Facing.N),
                (2, "south", "bow7", (-1, 8), Facing.N),
                (3, "north", "bare", (0, 6), Facing.S),
            ]
        ),
        e,
    )
    text = shooting_phase(st, Dice(*([12] * 8)), {})
    shots = sum(1 for line in text if " shoots at unit 3" in line)
    return (shots, sum(1 for line in text if "unit 3 (Spearmen) takes" in line), st.units[3].stands)


def p_generals_not_targets(e: Edition) -> object:
    """HH12.SHOOT.12: an unattached general is no target: a shooter with only a general in range has no target."""
    from games.hordes_heroes.shooting import default_target

    st = ed(make_state([(1, "south", "bow7", (0, 8), Facing.N)], [(1, "north", (0, 7))]), e)
    return default_target(st, st.units[1], None)


SAME3 = [
    (p_cinc_death, (False, True)),
    (p_own_hero_only, (False, True)),
    (p_rear_contact, (Facing.N, ((1, (2, 3)),))),
    (p_one_fight_a_phase, (1, True)),
    (p_hits_combine, (2, 1, 0)),
    (p_generals_not_targets, None),
]


@pytest.mark.parametrize("probe, expected", SAME3, ids=[p.__name__ for p, _ in SAME3])
def test_shared_melee_shooting_and_victory_rules_under_both_editions(probe, expected):
    """Each probe's docstring names the rules it checks; both editions must give the expected answer."""
    assert probe(Edition.E2022) == expected
    assert probe(Edition.E2012) == expected


# --- batch 4: command moves, turning, reorganising -----------------------------------------------------------------


def p_general_command_move(e: Edition) -> object:
    """HH12.CMD.2: a general's command move stops on entering woods, a river only as the whole move from next to
    it (ruling HH12.TER.A4), +1 hex wholly along a road; ruling HH12.CMD.A1: it ends on entering an enemy ZOC."""
    from games.hordes_heroes.orders import GeneralMove
    from games.hordes_heroes.rules import verify_general_move

    st = ed(
        make_state(
            [(1, "north", "spear", (12, 6), Facing.S)],
            [(1, "south", (0, 8)), (2, "south", (4, 8)), (3, "south", (8, 9)), (4, "south", (12, 8))],
            terrain={(0, 7): "wood", (4, 7): "river"},
            roads=[[(8, 9), (8, 8), (8, 7), (8, 6), (8, 5)]],
        ),
        e,
    )

    def go(gid: int, *path: tuple[int, int]) -> object:
        return outcome(lambda: verify_general_move(st, GeneralMove(1, gid, tuple(H(*x) for x in path))))

    return (
        go(1, (0, 7)),
        go(1, (0, 7), (0, 6)),
        go(2, (4, 7)),
        go(2, (4, 7), (4, 6)),
        go(3, (8, 8), (8, 7), (8, 6), (8, 5)),
        go(3, (7, 9), (7, 8), (7, 7), (7, 6)),
        go(4, (11, 8)),
        go(4, (11, 8), (11, 7), (10, 7)),
    )


def p_column_in_contact(e: Edition) -> object:
    """HH12.MOV.4: a unit that charged into contact in column may change to line next movement phase while still in
    contact (not when disordered); HH12.MOV.13, ruling HH12.MOV.A6 (b)."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    out = []
    for dis in (False, True):
        st = ed(
            make_state(
                [
                    (1, "south", "spear", (0, 8), Facing.N, {"formation": Formation.COLUMN, "disrupted": dis}),
                    (2, "north", "spear", (0, 7), Facing.S),
                ]
            ),
            e,
        )
        st.engaged_at_start = frozenset({1, 2})
        out.append(outcome(lambda st=st: plan_move(st, Move(1, 1, (Formation.DEPLOYED,)))) == "legal")
    return tuple(out)


def p_merge_reduced(e: Edition) -> object:
    """HH12.UNIT.4, ruling HH12.UNIT.A2: two reduced units of one type merge: 3 + 2 stands make a 4-stand unit and
    the surplus stand counts as lost; they must be adjacent."""
    from games.hordes_heroes.orders import Combine
    from games.hordes_heroes.reform import do_combine, verify_combine

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 8), Facing.N, {"stands": 3}),
                (2, "south", "spear", (1, 8), Facing.N, {"stands": 2}),
                (3, "south", "spear", (5, 8), Facing.N, {"stands": 2}),
            ]
        ),
        e,
    )
    far = outcome(lambda: verify_combine(st, Combine(1, 1, 3), frozenset({1, 3}))) == "legal"
    merged, gone, _, lost = verify_combine(st, Combine(1, 1, 2), frozenset({1, 2}))
    do_combine(st, merged, gone, lost)
    kept = [u for u in (st.units[1], st.units[2]) if u.on_table]
    return (far, len(kept), kept[0].stands, sum(st.casualties["south"].values()))


SAME4 = [
    (p_general_command_move, ("legal", "HH.TERR.27", "legal", "HH.TERR.35", "legal", "HH.CMD.1", "legal", "HH.GEN.16")),
    (p_column_in_contact, (True, False)),
    (p_merge_reduced, (False, 1, 4, 1)),
]


@pytest.mark.parametrize("probe, expected", SAME4, ids=[p.__name__ for p, _ in SAME4])
def test_shared_command_and_reorganising_rules_under_both_editions(probe, expected):
    """Each probe's docstring names the rules it checks; both editions must give the expected answer."""
    assert probe(Edition.E2022) == expected
    assert probe(Edition.E2012) == expected


# --- batch 5: the bound's sequence, open ground, artillery armour, reactions ---------------------------------------


def p_command_fixed(e: Edition) -> object:
    """HH12.SEQ.1, HH12.CMD.1: the Command Move comes before Tactical Movement; HH12.CMD.3, ruling HH12.SEQ.A2
    step 1: command is fixed at the start of Tactical Movement, so a unit that a friend's move links to the general
    (it would be under command now) still may not move."""
    from games.hordes_heroes.command import commanded_units
    from games.hordes_heroes.engine import run_bound
    from games.hordes_heroes.orders import Move

    st = ed(
        make_state(
            [(1, "south", "mma", (2, 8), Facing.NE), (2, "south", "spear", (5, 8), Facing.N)],
            [(1, "south", (0, 8), {"cr": 4})],
        ),
        e,
    )
    lines, problems = run_bound(st, "south", [Move(1, 1, (H(3, 8), H(4, 8))), Move(2, 2, (H(5, 7),))], None)
    order = [i for i, line in enumerate(lines) if line.startswith(("Command Move", "Tactical Movement"))]
    linked_now = 2 in commanded_units(st, "south")
    return (
        len(order),
        order == sorted(order),
        linked_now,
        st.units[2].hex == H(5, 8),
        [(n, p.code) for n, p in problems],
    )


def p_open_ground(e: Edition) -> object:
    """HH12.TER.2: full movement on open ground, +1 in column; a hill is open ground too."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 8), Facing.N),
                (2, "south", "spear", (4, 8), Facing.N, {"formation": Formation.COLUMN}),
            ]
        ),
        e,
    )
    st.field.elevation[H(0, 7)] = 1
    one = outcome(lambda: plan_move(st, Move(1, 1, (H(0, 7),))))
    two = outcome(lambda: plan_move(st, Move(1, 1, (H(0, 7), H(0, 6)))))
    column = outcome(lambda: plan_move(st, Move(1, 2, (H(4, 7), H(4, 6)))))
    return (one, two != "legal", column)


def p_artillery_ignores_armour(e: Edition) -> object:
    """HH12.ART.11: personal armour never changes artillery dice: the same extra against A2 and unarmoured targets
    in the open."""
    from games.hordes_heroes.shooting import art_extra

    st = ed(
        make_state(
            [
                (1, "south", "guns", (0, 8), Facing.N),
                (2, "north", "mma", (0, 5), Facing.S),
                (3, "north", "bare", (1, 5), Facing.S),
            ]
        ),
        e,
    )
    return (art_extra(st, st.units[1], st.units[2]), art_extra(st, st.units[1], st.units[3]))


def p_skirmishers_evade_and_shoot(e: Edition) -> object:
    """HH12.SPEC.4: a skirmish unit evades up to 2 hexes when contacted and may still shoot afterwards."""
    from games.hordes_heroes.compulsory import try_evade
    from games.hordes_heroes.shooting import may_shoot

    st = ed(make_state([(1, "south", "skirm", (0, 7), Facing.N), (2, "north", "mma", (0, 6), Facing.S)]), e)
    evaded = try_evade(st, st.units[1], st.units[2]) is not None
    return (evaded, st.units[1].hex.distance(H(0, 6)), may_shoot(st, st.units[1], False)[0])


def p_flee_response(e: Edition) -> object:
    """HH12.CMP.17, ruling HH12.CMP.A11: a unit with F contacted may flee away up to its move; it is not
    disordered; a disordered unit cannot; at most once per enemy bound."""
    from games.hordes_heroes.compulsory import try_flee_response

    st = ed(
        make_state(
            [
                (1, "south", "lc", (0, 7), Facing.N),
                (2, "north", "mma", (0, 6), Facing.S),
                (3, "south", "lc", (6, 7), Facing.N, {"disrupted": True}),
                (4, "north", "mma", (6, 6), Facing.S),
            ]
        ),
        e,
    )
    fled = try_flee_response(st, st.units[1], st.units[2]) is not None
    again = try_flee_response(st, st.units[1], st.units[2]) is not None
    return (
        fled,
        st.units[1].disrupted,
        st.units[1].hex.distance(H(0, 6)) > 1,
        again,
        try_flee_response(st, st.units[3], st.units[4]) is not None,
    )


SAME5 = [
    (p_command_fixed, (2, True, True, True, [(2, "HH.CMD.12")])),
    (p_open_ground, ("legal", True, "legal")),
    (p_artillery_ignores_armour, (0, 0)),
    (p_skirmishers_evade_and_shoot, (True, 3, True)),
    (p_flee_response, (True, False, True, False, False)),
]


@pytest.mark.parametrize("probe, expected", SAME5, ids=[p.__name__ for p, _ in SAME5])
def test_shared_sequence_terrain_and_reaction_rules_under_both_editions(probe, expected):
    """Each probe's docstring names the rules it checks; both editions must give the expected answer."""
    assert probe(Edition.E2022) == expected
    assert probe(Edition.E2012) == expected


# --- batch 6: Hold Fire, hordes and pike blocks --------------------------------------------------------------------


def p_hold_fire(e: Edition) -> object:
    """HH12.ART.7, ruling HH12.ART.A1: artillery that did not move takes a Hold Fire marker in its own phase (not
    after moving); it keeps it and fires in each opposing phase; a move out of its hex loses it, a turn in place
    keeps it."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import HoldFire, Move
    from games.hordes_heroes.rules import verify_hold_fire
    from games.hordes_heroes.shooting import may_shoot

    st = ed(make_state([(1, "south", "guns", (0, 8), Facing.N), (2, "north", "spear", (0, 5), Facing.S)]), e)
    take = outcome(lambda: verify_hold_fire(st, HoldFire(1, 1, True)))
    moved = replace(st.units[1], moved_this_bound=True)
    st.units[9] = replace(moved, id=9, hex=H(4, 8))
    after_move = outcome(lambda: verify_hold_fire(st, HoldFire(1, 9, True)))
    del st.units[9]
    st.units[1] = replace(st.units[1], hold_fire=True)
    fires_opposing = (may_shoot(st, st.units[1], False)[0], may_shoot(st, st.units[1], False)[0])
    turned = plan_move(st, Move(1, 1, (Facing.ENE,))).unit.hold_fire
    stepped = plan_move(st, Move(1, 1, (H(0, 7),))).unit.hold_fire
    return (take, after_move, fires_opposing, turned, stepped)


def p_blocks(e: Edition) -> object:
    """HH12.SPEC.21 (ruling: as HH.SPECIAL.33), ruling HH12.SPEC.A6: three hordes bought as 4-stand units, reduced
    ones included, in a chain combine into two of nominal 6 (stands split evenly, at most 6); two such blocks with 6
    or more stands split back into three of nominal 4, the third in a vacant hex next to them; units out of the
    chain cannot combine."""
    from games.hordes_heroes.orders import CombineBlocks, Separate
    from games.hordes_heroes.reform import do_blocks, do_separate, verify_blocks, verify_separate

    rows = [
        (1, "south", "horde", (0, 8), Facing.N),
        (2, "south", "horde", (1, 8), Facing.N),
        (3, "south", "horde", (2, 8), Facing.N, {"stands": 3}),
        (4, "south", "horde", (6, 8), Facing.N),
    ]
    st = ed(make_state(rows), e)
    apart = outcome(lambda: verify_blocks(st, CombineBlocks(1, 1, 2, 4), frozenset({1, 2, 3, 4})))
    new, gone = verify_blocks(st, CombineBlocks(1, 1, 2, 3), frozenset({1, 2, 3}))
    do_blocks(st, new, gone)
    combined = tuple((u.stands, u.nominal) for u in (st.units[1], st.units[2]))
    st.units[1] = replace(st.units[1], moved_this_phase=False)
    st.units[2] = replace(st.units[2], moved_this_phase=False)
    after, third = verify_separate(st, Separate(1, 1, 2), frozenset({1, 2}))
    do_separate(st, after, third)
    split = tuple(sorted((u.stands, u.nominal) for u in st.live_units("south") if u.id != 4))
    return (apart != "legal", gone.id, combined, split)


SAME6 = [
    (p_hold_fire, ("legal", "HH.ART.4", (True, True), True, False)),
    (p_blocks, (True, 3, ((6, 6), (5, 6)), ((3, 4), (4, 4), (4, 4)))),
]


@pytest.mark.parametrize("probe, expected", SAME6, ids=[p.__name__ for p, _ in SAME6])
def test_shared_hold_fire_and_block_rules_under_both_editions(probe, expected):
    """Each probe's docstring names the rules it checks; both editions must give the expected answer."""
    assert probe(Edition.E2022) == expected
    assert probe(Edition.E2012) == expected


# --- batch 7: stakes, combined units, boats, turning about ---------------------------------------------------------


def p_stakes_and_recoil(e: Edition) -> object:
    """HH12.SPEC.12: a unit behind its stakes does not recoil from a melee result (all its opponents across the
    stakes); it still recoils from shooting."""
    from games.hordes_heroes.crt import lookup
    from games.hordes_heroes.geometry import side_key
    from games.hordes_heroes.model import TroopClass
    from games.hordes_heroes.results import Cause, apply_result

    out = []
    for cause in (Cause.HTH, Cause.SHOOTING):
        st = ed(make_state([(1, "north", "longbow", (0, 4), Facing.S)]), e)
        for b in ((0, 5), (-1, 5)):
            st.stakes[side_key(H(0, 4), H(*b))] = (1, H(0, 4))
        apply_result(st, 1, lookup(TroopClass.B, 3), cause, [H(0, 5)], H(0, 5), Dice())
        out.append((st.units[1].hex == H(0, 4), st.units[1].disrupted))
    return tuple(out)


def p_front_stands_first(e: Edition) -> object:
    """Ruling HH12.SPEC.A5: a combined unit's shooting casualties come off the front stands first; the rear stands
    then become the front."""
    from games.hordes_heroes.crt import lookup
    from games.hordes_heroes.model import TroopClass
    from games.hordes_heroes.results import Cause, apply_result

    from .helpers import P

    st = ed(make_state([(1, "south", "spear", (0, 5), Facing.N, {"rear_profile": "cbow", "rear_stands": 2})]), e)
    st.profiles["cbow"] = P("cbow", "Crossbowmen", "infantry", "C", "1CR", 2, 0, 7)
    apply_result(st, 1, lookup(TroopClass.C, 4), Cause.SHOOTING, [H(0, 3)], None, Dice())
    u = st.units[1]
    first = (u.stands, u.front_stands, u.rear_stands, u.profile)
    st.units[1] = replace(u, hex=H(0, 9), disrupted=False)
    apply_result(st, 1, lookup(TroopClass.C, 4), Cause.SHOOTING, [H(0, 7)], None, Dice())
    u = st.units[1]
    return (first, (u.stands, u.profile, u.combined))


def p_boats(e: Edition) -> object:
    """Ruling HH12.TER.A5: boats exist when a scenario gives them, with the 2022 values: boarding is the whole
    move, a loaded boat moves 1 lake hex a move (its general aboard with it: 2012 command never crosses a lake,
    HH12.CMD.5)."""
    from games.hordes_heroes.engine import end_of_bound, run_bound
    from games.hordes_heroes.model import BOAT_PROFILE, BOAT_PROFILE_ID, Unit
    from games.hordes_heroes.orders import Embark, Move

    lake = {(q, r): "lake" for q in range(-2, 3) for r in range(2, 6)}
    st = ed(make_state([(1, "south", "spear", (0, 6), Facing.N)], [(1, "south", (0, 6))], terrain=lake), e)
    st.profiles[BOAT_PROFILE_ID] = BOAT_PROFILE
    st.units[31] = Unit(31, "south", BOAT_PROFILE_ID, "Raft", BOAT_PROFILE_ID, H(0, 5), stands=1, nominal=1)
    _, boarded = run_bound(st, "south", [Embark(1, 1, 31)])
    end_of_bound(st)
    st.phasing = "south"
    one = run_bound(st, "south", [Move(1, 31, (H(0, 4),))])[1]
    end_of_bound(st)
    st.phasing = "south"
    two = run_bound(st, "south", [Move(1, 1, (H(0, 3), H(0, 2)))])[1]
    return (boarded, one, st.units[1].hex, [p.code for _, p in two])


def p_turn_about(e: Edition) -> object:
    """HH12.MOV.11: a mounted unit moving backwards pays 1 MP to turn its back and 1 MP to face the enemy again."""
    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move

    st = ed(make_state([(1, "south", "mma", (0, 8), Facing.N)]), e)
    return plan_move(st, Move(1, 1, (Facing.S, H(0, 9), Facing.N))).mp


SAME7 = [
    (p_stakes_and_recoil, ((True, False), (False, False))),
    (p_front_stands_first, ((3, 1, 2, "spear"), (2, "cbow", False))),
    (p_boats, ([], [], H(0, 4), ["HH.TERR.45"])),
    (p_turn_about, 3),
]


@pytest.mark.parametrize("probe, expected", SAME7, ids=[p.__name__ for p, _ in SAME7])
def test_shared_stakes_combined_units_boats_and_turns_under_both_editions(probe, expected):
    """Each probe's docstring names the rules it checks; both editions must give the expected answer."""
    assert probe(Edition.E2022) == expected
    assert probe(Edition.E2012) == expected


# --- batch 8: the melee phase, restricted pairs --------------------------------------------------------------------


def p_melee_phase(e: Edition) -> object:
    """HH12.SEQ.5: every unit engaged with an enemy fights in the melee phase, in the order the phasing side
    chooses (by default its own order); two separate fights are both resolved."""
    from games.hordes_heroes.combat import Choices, hth_phase

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 8), Facing.N),
                (2, "north", "spear", (0, 7), Facing.S),
                (3, "south", "spear", (6, 8), Facing.N),
                (4, "north", "spear", (6, 7), Facing.S),
            ]
        ),
        e,
    )
    lines = hth_phase(st, Dice(6, 1, 6, 1), Choices())
    return ("south chooses the order" in lines[0], sum(1 for line in lines if " beat " in line))


def p_restricted_pair(e: Edition) -> object:
    """Ruling HH12.TER.A8 (HH12.TER.22, as HH.ZOC.6 and HH.PD.18): chariots that cannot enter woods pass a unit in
    them unless its standing order `restricted-attack` says it attacks; then the chariots stop in contact."""
    from dataclasses import replace as rep

    from games.hordes_heroes.movement import plan_move
    from games.hordes_heroes.orders import Move
    from games.hordes_heroes.state import Standing, StandingProfile

    out = []
    for attack in (False, True):
        st = ed(
            make_state(
                [(1, "south", "chariot", (0, 8), Facing.N), (2, "north", "spear", (1, 6), Facing.S)],
                terrain={(1, 6): "wood"},
            ),
            e,
        )
        st.standing["north"] = StandingProfile(base=rep(Standing(), restricted_attack=attack))
        plan = plan_move(st, Move(1, 1, (H(0, 7), H(0, 6), H(0, 5))))
        out.append((plan.unit.hex, plan.contacts))
    return tuple(out)


def p_impetuous(e: Edition) -> object:
    """Ruling HH12.SPEC.A7 (HH12.SPEC.23): an impetuous unit out of command moves by a shortest legal path to contact
    the nearest enemy it can reach; a disordered one does not move; with no enemy in reach it stays."""
    from games.hordes_heroes.engine import aggressive_attacks
    from games.hordes_heroes.table import Bound

    st = ed(
        make_state(
            [
                (1, "south", "falx", (0, 8), Facing.N),
                (2, "north", "spear", (0, 6), Facing.S),
                (3, "north", "spear", (3, 5), Facing.S),
                (4, "south", "falx", (8, 8), Facing.N, {"disrupted": True}),
                (5, "north", "spear", (8, 6), Facing.S),
                (6, "south", "falx", (14, 8), Facing.N),
            ]
        ),
        e,
    )
    aggressive_attacks(Bound(st, "south"))
    return (st.units[1].hex.distance(H(0, 6)), st.units[4].hex == H(8, 8), st.units[6].hex == H(14, 8))


SAME8 = [
    (p_melee_phase, (True, 2)),
    (p_restricted_pair, ((H(0, 5), ()), (H(0, 7), (2,)))),
    (p_impetuous, (1, True, True)),
]


@pytest.mark.parametrize("probe, expected", SAME8, ids=[p.__name__ for p, _ in SAME8])
def test_shared_melee_phase_and_restricted_pairs_under_both_editions(probe, expected):
    """Each probe's docstring names the rules it checks; both editions must give the expected answer."""
    assert probe(Edition.E2022) == expected
    assert probe(Edition.E2012) == expected


@pytest.mark.parametrize(
    "category, stands, ok",
    [
        ("infantry", 4, True),
        ("cavalry", 3, False),
        ("war_wagon", 2, True),
        ("war_wagon", 4, False),
        ("chariot", 3, True),
        ("artillery", 1, True),
        ("artillery", 4, False),
    ],
)
def test_HH12_UNIT_1_stands_per_unit_follow_one_table_in_both_editions(category, stands, ok):
    """HH12.UNIT.1 (HH.BASE.1, ruling HH.BASE.4): infantry and cavalry units are bought with 4 stands, chariots and
    war wagons with 2 or 3, artillery with 1 to 3, in a list of either edition; every shipped list keeps to it."""
    from games.hordes_heroes.armies import ArmyListError, list_names, load_army_list, parse_army_list

    for edition in ("2022", "2012"):
        text = (
            f'id = "t"\ntitle = "T"\nedition = "{edition}"\n[[profiles]]\nid = "p"\nname = "P"\n'
            f'category = "{category}"\nclass = "C"\nspeed = "1"\ncf = 3\nstands = {stands}\n'
            '[[generals]]\nid = "g"\nname = "G"\ncm = 3\ncr = 3\npoints = 10\n'
        )
        if ok:
            assert parse_army_list(text).profiles["p"].stands == stands
        else:
            with pytest.raises(ArmyListError, match="HH12.UNIT.1"):
                parse_army_list(text)
    assert all(load_army_list(n).profiles for n in list_names())
