"""The turn sequence as a state machine and the `Ruleset` the core talks to [HH.SEQ.*, HH.WIN.*, HH.PD.*].

Phases (`state.Phase`): initiative -> deployment (first deployer, then second) -> bounds. A bound is
one order bundle from the phasing side; `resolve` runs Command Move, Tactical Movement, Rally,
Shooting, Hand-to-hand and End of bound in that order (HH.SEQ.10, HH.SEQ.11). The same bound runner
validates a bundle (on a copy, collecting every error) and resolves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from campaign.ruleset import (
    AcceptedOrders,
    DiceSource,
    OrderError,
    OrdersRejected,
    Outcome,
    Request,
    RequestKind,
    Resolution,
    Ruleset,
    ScenarioInfo,
)

from . import orders as O
from .combat import Choices, hth_phase
from .command import commanded_units
from .compulsory import elephant_move
from .geometry import Edge, edge_dist
from .model import BOAT_PROFILE_ID, Category, Formation
from .movement import Illegal, MovePlan, Problem, continue_move, plan_move, search_attack, uname
from .rules import (
    aboard,
    apply_plan,
    clear_sc,
    do_blocks,
    do_combine,
    do_disembark,
    do_disengage,
    do_drop_pavisses,
    do_embark,
    do_exchange,
    do_general_move,
    do_rejoin,
    do_separate,
    do_single,
    do_stakes,
    do_swap,
    rally_all,
    verify_blocks,
    verify_combine,
    verify_disembark,
    verify_disengage,
    verify_drop_pavisses,
    verify_embark,
    verify_exchange,
    verify_general_move,
    verify_hold_fire,
    verify_rally,
    verify_rejoin,
    verify_separate,
    verify_single,
    verify_stakes,
    verify_swap,
)
from .scenario import ScenarioFiles, build_state, mid_bound_problems, read_scenario, scenario_names
from .shooting import ShootChoice, shooting_phase, shooting_profile
from .state import GameState, Initiative, Phase, StandingProfile, dump_state, load_state
from .view import render_text, view
from .zoc import can_occupy, drop_stale_pairs, engaged_with, is_engaged

# --- initiative -----------------------------------------------------------------------------------


def fast_units(state: GameState, side: str) -> int:
    """Units of speed 4 or 5, by the profile they deploy in (mounted by default) (HH.SEQ.4, HH.SEQ.7)."""
    return sum(1 for u in state.units.values() if u.side == side and state.profile(u).speed.hexes >= 4)


def initiative_choosers(state: GameState) -> tuple[list[str], bool]:
    """Sides that must state initiative choices, and whether a roll-off is needed (HH.SEQ.4, HH.SEQ.5)."""
    if state.options.initiative is Initiative.ROLLOFF:
        return list(state.sides), True
    a, b = (fast_units(state, s) for s in state.sides)
    if a == b:
        return list(state.sides), True
    return [state.sides[0] if a > b else state.sides[1]], False


def rolloff(state: GameState, dice: DiceSource, why: str, lines: list[str]) -> str:
    """Each side rolls 1D6, first-listed side first; ties re-roll (HH.SEQ.6, HH.SEQ.15)."""
    rnd = 1
    while True:
        r = [dice.roll(6, f"rolloff {why} round {rnd}: {s}") for s in state.sides]
        lines.append(f"Roll-off for {why}: {state.sides[0]} {r[0]}, {state.sides[1]} {r[1]}.")
        if r[0] != r[1]:
            return state.sides[0] if r[0] > r[1] else state.sides[1]
        rnd += 1


def resolve_initiative(state: GameState, dice: DiceSource) -> list[str]:
    lines: list[str] = []
    choosers, roll = initiative_choosers(state)
    prefs: dict[str, dict[str, Any]] = {s: state.orders.get(f"initiative-{s}", {}) for s in state.sides}
    std = state.options.initiative is Initiative.STANDARD
    if roll:
        winner = rolloff(state, dice, "initiative" if not std else "the choice of deployment", lines)
    else:
        winner = choosers[0]
        lines.append(f"{winner} has more fast units and chooses [HH.SEQ.4].")
    if std:
        first = prefs[winner].get("deploy_first")
        deploy_first = bool(first) if first is not None else False  # HH.PD.3: default deploy second
        first_deployer = winner if deploy_first else state.other(winner)
        first_mover = state.other(first_deployer)  # HH.SEQ.4: the first deployer moves second
        edge_chooser = first_deployer
    else:
        first_deployer = first_mover = edge_chooser = winner  # HH.SEQ.5, HH.SEQ.6: all three advantages
    if not state.edges_fixed:
        e = prefs[edge_chooser].get("edge")
        edge = Edge(e) if e else Edge.SOUTH  # HH.PD.4: the scenario's first-listed edge (south)
        state.edges = {edge_chooser: edge, state.other(edge_chooser): edge.opposite}
        lines.append(f"{edge_chooser} takes the {edge.value} edge [HH.SEQ.4, HH.PD.4].")
    state.first_deployer, state.first_mover = first_deployer, first_mover
    state.deploying = first_deployer
    state.phase = Phase.DEPLOYMENT
    lines.append(f"{first_deployer} deploys first; {first_mover} moves first [HH.SEQ.4, HH.SEQ.8].")
    return lines


# --- deployment ----------------------------------------------------------------------------------


def deploy_zone_ok(state: GameState, side: str, h) -> bool:
    """Within `deploy_depth` hexes of the own edge: edge_dist 0..depth-1 (HH.SEQ.2, HH.SEQ.3, HH.EX.34)."""
    if side in state.deploy_zones:
        return h in state.deploy_zones[side]
    return edge_dist(state.edges[side], h, state.field.rows) < state.options.deploy_depth


def run_deployment(state: GameState, side: str, orders: list[O.Order]) -> tuple[list[str], list[tuple[int, Problem]]]:
    """Place a whole army (HH.SEQ.2, HH.SEQ.8, HH.PD.5); every unit and general must be placed."""
    problems: list[tuple[int, Problem]] = []
    lines = []
    placed_u, placed_g = set(), set()
    for o in orders:
        try:
            if isinstance(o, O.DeployUnit):
                u = state.units[o.unit]
                if u.side != side:
                    raise Illegal(Problem("HH.PD.5", f"unit {u.id} belongs to {u.side}"))
                if u.id in placed_u:
                    raise Illegal(Problem("HH.PD.5", f"{uname(state, u)} is deployed twice"))
                if u.profile == BOAT_PROFILE_ID:
                    raise Illegal(Problem("HH.TERR.47", f"{uname(state, u)} is a boat, placed by the scenario"))
                if not deploy_zone_ok(state, side, o.at):
                    raise Illegal(
                        Problem(
                            "HH.SEQ.2",
                            f"{state.label(o.at)} is outside {side}'s deployment zone"
                            f" (within {state.options.deploy_depth} hexes of the {state.edges[side].value} edge)",
                        )
                    )
                prof_key = u.base_profile
                if o.dismounted:
                    p0 = state.profiles[u.base_profile]
                    if p0.dismounted is None:
                        raise Illegal(Problem("HH.MOVE.26", f"{uname(state, u)} cannot dismount"))
                    prof_key = u.base_profile.rsplit(":", 1)[0] + ":" + p0.dismounted
                p = state.profiles[prof_key]
                if not can_occupy(state, p, o.at):
                    raise Illegal(Problem("HH.TERR.2", f"{uname(state, u)} may not stand in {state.label(o.at)}"))
                occ = state.unit_at(o.at)
                if occ is not None:
                    raise Illegal(Problem("HH.BASE.6", f"{state.label(o.at)} already holds {uname(state, occ)}"))
                road_side = (
                    state.field.is_road(o.at)
                    and not o.facing.is_point
                    and o.facing.side in state.field.road_sides[o.at]
                )
                if not o.facing.is_point and not road_side:
                    raise Illegal(Problem("HH.MOVE.8", f"{uname(state, u)} must face a hex point"))
                if o.formation is Formation.COLUMN and not (p.can_column):
                    raise Illegal(Problem("HH.MOVE.13", f"{uname(state, u)} cannot form column"))
                state.units[u.id] = replace(
                    u,
                    hex=o.at,
                    facing=o.facing,
                    formation=o.formation,
                    profile=prof_key,
                    pavisses=p.can_pavisse and o.pavisses,
                )
                placed_u.add(u.id)
            elif isinstance(o, O.DeployGeneral):
                g = state.generals[o.general]
                if g.side != side:
                    raise Illegal(Problem("HH.PD.5", f"general {g.id} belongs to {g.side}"))
                if not deploy_zone_ok(state, side, o.at):
                    raise Illegal(Problem("HH.SEQ.2", f"{state.label(o.at)} is outside {side}'s deployment zone"))
                placed_g.add(g.id)
                state.generals[g.id] = replace(g, hex=o.at)
            else:
                raise Illegal(Problem("syntax", "only `unit` and `general` lines belong in a deployment"))
        except Illegal as e:
            problems.append((o.line, e.problem))
    for o in orders:
        if isinstance(o, O.DeployGeneral) and o.general in placed_g:
            occ = state.unit_at(o.at)
            if occ is not None and occ.side != side:
                problems.append((o.line, Problem("HH.MOVE.30", f"general {o.general} cannot share an enemy hex")))
    missing_u = [
        u.id
        for u in state.units.values()
        if u.side == side and u.id not in placed_u and state.profile(u).category is not Category.BOAT  # HH.TERR.47
    ]
    missing_g = [g.id for g in state.generals.values() if g.side == side and g.id not in placed_g]
    if missing_u or missing_g:
        what = ", ".join([f"unit {i}" for i in sorted(missing_u)] + [f"general {i}" for i in sorted(missing_g)])
        problems.append((0, Problem("HH.SEQ.2", f"{side} must deploy its whole army; not placed: {what}")))
    lines.append(f"{side} deploys {len(placed_u)} units and {len(placed_g)} generals [HH.SEQ.8].")
    return lines, problems


# --- the bound -----------------------------------------------------------------------------------


def run_bound(
    state: GameState, side: str, orders: list[O.Order], dice: DiceSource | None = None
) -> tuple[list[str], list[tuple[int, Problem]]]:
    """Command Move, Tactical Movement and Rally of one bound (HH.SEQ.11 steps 1-2); mutates `state`.

    Units move one at a time in the order given, each move finished before the next (HH.MOVE.2).

    Illegal orders are reported and skipped, so each order is judged on the board as the earlier
    legal orders left it. Used both to validate a bundle (on a copy) and to resolve it.
    """
    lines: list[str] = []
    problems: list[tuple[int, Problem]] = []
    state.engaged_at_start = frozenset(u.id for u in state.live_units() if is_engaged(state, u))
    state.contact_order = ()
    state.flee_paths = {}
    lines.append(f"Command Move ({side}) [HH.SEQ.11].")
    seen_unit_order = False
    for o in orders:
        if isinstance(o, O.GeneralMove):
            if seen_unit_order:
                problems.append(
                    (
                        o.line,
                        Problem(
                            "HH.SEQ.10",
                            "general moves come first: the Command Move precedes tactical movement",
                            "put the `general` lines before the unit orders",
                        ),
                    )
                )
                continue
            try:
                to, notes = verify_general_move(state, o)
                lines += do_general_move(state, o, to, notes)
            except Illegal as e:
                problems.append((o.line, e.problem))
        elif not isinstance(o, (O.Rally, O.HoldFire)):
            seen_unit_order = True
    # HH.CMD.4: command fixed once, after all Command Moves.
    state.phase = Phase.TACTICAL_MOVEMENT
    commanded = commanded_units(state, side)
    state.commanded = commanded
    out_of_command = [u.id for u in state.live_units(side) if u.id not in commanded]
    lines.append(
        f"Tactical Movement ({side}): {len(commanded)} units under command"
        + (f"; out of command: {', '.join(map(str, out_of_command))}" if out_of_command else "")
        + " [HH.CMD.4]."
    )
    # HH.SPECIAL.34, HH.SPECIAL.35, HH.PD.10, HH.SEQ.11 step 2.2: aggressive units out of command attack first (in
    # ascending unit id, at the nearest reachable target: the defaults, as no order names them), an aggressive
    # horde leaving its shield wall to do so (HH.SPECIAL.6).
    for u in state.live_units(side):
        p = state.profile(u)
        if not p.is_aggressive or u.id in commanded or u.disrupted:
            continue
        if is_engaged(state, u):
            continue
        mv = search_attack(state, u)
        if mv is None:
            continue
        try:
            plan = plan_move(state, mv, commanded=True, aggressive=True)
            lines += apply_plan(state, plan, "attacks on its own (aggressive, out of command) [HH.SPECIAL.34]:")
        except Illegal:
            continue
        # HH.SPECIAL.35, HH.COMP.45: if the target got away, attack again with the MP left.
        used = plan.mp
        while plan.contacts and not is_engaged(state, state.units[u.id]):
            mv = search_attack(state, state.units[u.id], used)
            if mv is None:
                break
            try:
                plan = continue_move(state, state.units[u.id], replace(mv, line=0), used)
            except Illegal:
                break
            lines += apply_plan(state, plan, "carries on its attack [HH.SPECIAL.35, HH.COMP.45]:")
            used = plan.mp
    for u in state.live_units(side):
        if u.disrupted and state.profile(u).category.value == "elephant" and state.units[u.id].on_table:
            # HH.SPECIAL.37, HH.SEQ.11 step 2.3: disrupted elephants rampage (skipped when validating without dice).
            if dice is not None:
                lines.append(f"{uname(state, u)} rampages [HH.SPECIAL.37]:")
                lines += elephant_move(state, u.id, dice, "rampaging")
    rally_choices: dict[int, O.Rally] = {}
    hold: list[O.HoldFire] = []
    for o in orders:
        try:
            if isinstance(o, O.GeneralMove):
                continue
            if isinstance(o, (O.Move, O.Single, O.Rally)) and aboard(state, o.unit) != o.unit:
                o = replace(o, unit=aboard(state, o.unit))  # ruling HH.TERR.47: a loaded boat's id names its passengers
            if isinstance(o, O.Move):
                u = state.units.get(o.unit)
                plan = plan_move(state, o, commanded=u is not None and u.id in commanded)
                lines += apply_plan(state, plan)
                try:
                    lines += carry_on(state, plan, o)
                except Illegal as e:
                    lines.append(f"  {e.problem.message} [{e.problem.code}].")
                    raise
            elif isinstance(o, O.Single):
                lines += do_single(state, o, verify_single(state, o, commanded))
            elif isinstance(o, O.Swap):
                a, b = verify_swap(state, o, commanded)
                lines += do_swap(state, a, b)
            elif isinstance(o, O.Disengage):
                u, to = verify_disengage(state, o, commanded)
                lines += do_disengage(state, u, to)
            elif isinstance(o, O.Combine):
                merged, gone, _size, lost = verify_combine(state, o, commanded)
                lines += do_combine(state, merged, gone, lost)
            elif isinstance(o, O.CombineBlocks):
                lines += do_blocks(state, *verify_blocks(state, o, commanded))
            elif isinstance(o, O.Separate):
                lines += do_separate(state, *verify_separate(state, o, commanded))
            elif isinstance(o, O.Embark):
                lines += do_embark(state, *verify_embark(state, o, commanded))
            elif isinstance(o, O.Disembark):
                lines += do_disembark(state, *verify_disembark(state, o, commanded))
            elif isinstance(o, O.Rejoin):
                lines += do_rejoin(state, *verify_rejoin(state, o, commanded))
            elif isinstance(o, O.Exchange):
                lines += do_exchange(state, *verify_exchange(state, o, commanded))
            elif isinstance(o, O.DropPavisses):
                lines += do_drop_pavisses(state, verify_drop_pavisses(state, o))
            elif isinstance(o, O.Stakes):
                lines += do_stakes(state, o, verify_stakes(state, o, commanded))
            elif isinstance(o, O.Rally):
                verify_rally(state, o)
                if o.unit in rally_choices:
                    raise Illegal(Problem("HH.DISR.3", f"unit {o.unit} has two rally orders"))
                rally_choices[o.unit] = o
            elif isinstance(o, O.HoldFire):
                hold.append(o)
            elif isinstance(o, (O.Shoot, O.Fight, O.FollowUp, O.Pursue, O.Suppress)):
                _check_choice(state, side, o)
            elif isinstance(o, O.GeneralFollowUp):
                pass  # a choice for the H2H phase (HH.GEN.20); the parser admits only the side's own generals
            else:
                raise Illegal(Problem("syntax", "this order does not belong in a bound"))
        except Illegal as e:
            problems.append((o.line, e.problem))
    drop_stale_pairs(state)
    clear_sc(state)
    state.phase = Phase.RALLY
    lines += rally_all(state, side, rally_choices)
    # Shooting phase (HH.SEQ.11 step 3): Hold Fire decisions are made here (HH.ART.4).
    state.phase = Phase.SHOOTING
    for o in hold:
        try:
            u = verify_hold_fire(state, o)
            state.units[u.id] = replace(u, hold_fire=o.on)
            lines.append(f"{uname(state, u)} {'takes' if o.on else 'removes'} a Hold Fire marker [HH.ART.4].")
        except Illegal as e:
            problems.append((o.line, e.problem))
    return lines, problems


def carry_on(state: GameState, plan: MovePlan, o: O.Move) -> list[str]:
    """After every contacted unit evaded or flee-responded, the mover carries on with the rest of its order and
    the MP it has left, and may contact again (HH.COMP.45, HH.MOVE.27 step 3, ruling HH.COMP.48). If a contact
    stands, the rest of the order is refused (HH.ZOC.2), the move made so far standing."""
    lines: list[str] = []
    while plan.rest:
        u = state.units[plan.unit.id]
        if is_engaged(state, u):
            raise Illegal(
                Problem(
                    "HH.ZOC.2",
                    f"{uname(state, u)} stopped on contact at {state.label(u.hex)}: it entered the zone of control of"
                    f" enemy unit {', '.join(str(v.id) for v in engaged_with(state, u))}, so the rest of its order"
                    " was not carried out",
                    "a move stops on contact; steps after the contact hex are made only if every contacted unit"
                    " evades or flee-responds (HH.COMP.45)",
                )
            )
        rest = O.Move(o.line, o.unit, plan.rest, o.target)
        plan = continue_move(state, u, rest, plan.mp)
        lines += apply_plan(state, plan, "carries on [HH.COMP.45]:")
    return lines


def _check_choice(state: GameState, side: str, o: O.Order) -> None:
    """Board checks for the optional shooting and combat lines that can be made before resolution."""
    uid = o.focus if isinstance(o, O.Fight) else o.unit  # type: ignore[union-attr]
    u = state.units.get(uid)
    if u is None or not u.on_table:
        raise Illegal(Problem("HH.PD.22", f"unit {uid} is not on the table"))
    if isinstance(o, O.Suppress):
        v = state.units.get(o.target)
        if shooting_profile(state, u).shoot is None:
            raise Illegal(Problem("HH.SHOOT.21", f"{uname(state, u)} has no small arms to suppress with"))
        if v is None or v.side == side or shooting_profile(state, v).shoot is None:
            raise Illegal(
                Problem("HH.PD.21", f"unit {o.target} is not an enemy shooter", "name an enemy unit with small arms")
            )
    if isinstance(o, O.Shoot):
        p = state.profile(u)
        if shooting_profile(state, u).shoot is None and not p.is_artillery:
            raise Illegal(Problem("HH.SHOOT.1", f"{uname(state, u)} has no shooting factor and is not artillery"))
        for t in o.targets:
            v = state.units.get(t)
            if v is None or v.side == side:
                raise Illegal(Problem("HH.SHOOT.11", f"unit {t} is not an enemy unit", "name an enemy unit id"))


def bound_choices(orders: list[O.Order]) -> tuple[dict[int, ShootChoice], Choices]:
    """The phasing player's optional shooting and combat lines (HH.PD.21, HH.PD.22, HH.PD.27, HH.PD.28, HH.PD.33,
    HH.PD.37); a `suppress` line is a ShootChoice with `suppress` set."""
    shoot = {}
    groups = []
    fu: dict[int, bool] = {}
    pu: dict[int, bool] = {}
    gfu: dict[int, bool] = {}
    for o in orders:
        if isinstance(o, O.Shoot):
            shoot[o.unit] = ShootChoice(o.targets, o.facing, not o.targets)
        elif isinstance(o, O.Suppress):
            shoot[o.unit] = ShootChoice(suppress=o.target)
        elif isinstance(o, O.Fight):
            groups.append((o.focus, o.opponents))
        elif isinstance(o, O.FollowUp):
            fu[o.unit] = o.value
        elif isinstance(o, O.Pursue):
            pu[o.unit] = o.value
        elif isinstance(o, O.GeneralFollowUp):
            gfu[o.general] = o.value
    return shoot, Choices(tuple(groups), fu, pu, gfu)


def combat_phases(state: GameState, orders: list[O.Order], dice: DiceSource) -> list[str]:
    """Shooting (HH.SEQ.11 step 3) and hand-to-hand (step 4), with a victory check after each (HH.WIN.8)."""
    shoot, choices = bound_choices(orders)
    lines: list[str] = []
    if state.phase is not Phase.HAND_TO_HAND:  # a scenario may start the bound at hand-to-hand (HH.SEQ.11)
        state.phase = Phase.SHOOTING
        lines += shooting_phase(state, dice, shoot)
        lines += victory_check(state, quiet=True)
        if state.outcome is not None:
            return lines
    state.phase = Phase.HAND_TO_HAND
    lines += hth_phase(state, dice, choices)
    lines += victory_check(state, quiet=True)
    return lines


def end_of_bound(state: GameState) -> list[str]:
    """Flags cleared, SC checked, victory checked (HH.SEQ.11 step 5)."""
    lines: list[str] = []
    state.phase = Phase.END_OF_BOUND
    for uid, u in sorted(state.units.items()):
        state.units[uid] = replace(
            u,
            moved_this_phase=False,
            moved_this_bound=False,
            evaded_this_bound=False,
            flee_responded_this_bound=False,
            contacted_by=(),
        )
    for gid, g in sorted(state.generals.items()):
        state.generals[gid] = replace(g, moved_this_phase=False)
    state.commanded = frozenset()
    clear_sc(state)
    lines += victory_check(state)
    return lines


# --- victory ----------------------------------------------------------------------------------------


def lost_stands(state: GameState, side: str) -> int:
    """Stands counted as lost (HH.WIN.4, HH.STAND.8)."""
    return sum(state.casualties.get(side, {}).values())


def defeated(state: GameState, side: str) -> str | None:
    """Why `side` is defeated, or None (HH.WIN.1, HH.WIN.2, HH.WIN.3, HH.WIN.7)."""
    gens = [g for g in state.generals.values() if g.side == side]
    if gens and not any(g.alive for g in gens):
        return "all its generals are lost [HH.WIN.1]"
    total = state.combat_stand_total.get(side, 0)
    lost = lost_stands(state, side)
    pct = state.options.break_pct
    broken = lost >= total if pct == 100 else lost * 100 > pct * total
    if total and broken:
        return f"it lost {lost} of {total} combat stands, more than {pct}% [HH.WIN.2]"
    if state.options.cinc_death_loses and any(g.cinc and not g.alive for g in gens):
        return "its commander-in-chief is lost [HH.WIN.7]"
    return None


def points_lost(state: GameState, side: str) -> int:
    """Points count (HH.WIN.5, HH.WIN.6): units lost per profile by purchase size, plus lost generals."""
    total = 0
    for key, n in sorted(state.casualties.get(side, {}).items()):
        p = state.profiles[key]
        size = 4 if (p.horde or p.pike) else p.stands
        units = n // size + (1 if 2 * (n % size) >= size and n % size else 0)
        total += units * p.points
    total += sum(g.cost for g in state.generals.values() if g.side == side and not g.alive)
    return total


def victory_check(state: GameState, quiet: bool = False) -> list[str]:
    """Checked at the end of every phase and bound (HH.WIN.8, HH.WIN.9, HH.WIN.10)."""
    if state.outcome is not None:
        return []
    why = {s: defeated(state, s) for s in state.sides}
    beaten = [s for s in state.sides if why[s]]
    if len(beaten) == 2:
        state.outcome = (None, f"both armies are defeated: a draw [HH.WIN.9] ({why[beaten[0]]}; {why[beaten[1]]})")
    elif len(beaten) == 1:
        loser = beaten[0]
        state.outcome = (state.other(loser), f"{loser} is defeated: {why[loser]}")
    if state.outcome:
        state.phase = Phase.GAME_OVER
        return [f"Victory check: {state.outcome[1]}."]
    return [] if quiet else ["Victory check: neither army is defeated [HH.WIN.8]."]


def turn_limit(state: GameState) -> list[str]:
    """At the turn limit the points count decides (HH.WIN.10, HH.WIN.5)."""
    a, b = (points_lost(state, s) for s in state.sides)
    if a == b:
        state.outcome = (None, f"turn limit reached; both sides lost {a} points: a draw [HH.WIN.10, HH.WIN.5]")
    else:
        w = state.sides[0] if a < b else state.sides[1]
        state.outcome = (w, f"turn limit reached; {w} lost fewer points ({min(a, b)} against {max(a, b)}) [HH.WIN.5]")
    state.phase = Phase.GAME_OVER
    return [state.outcome[1] + "."]


# --- the Ruleset ---------------------------------------------------------------------------------------


def bound_key(state: GameState) -> str:
    return f"bound-{state.turn}-{state.phasing}"


def _names(state: GameState) -> dict[int, str]:
    return {uid: u.name for uid, u in state.units.items()}


def _load_orders(data: list[dict]) -> list[O.Order]:
    return [O.order_from_json(d) for d in data]


class HordesHeroes(ScenarioFiles, Ruleset):
    """Hordes & Heroes — Ancients & Medieval (Kallistra, 2022 edition): set-up, movement, shooting, combat, victory."""

    name = "hordes-heroes"
    aliases = ("hh", "hordes_heroes", "hordes-and-heroes")
    title = "Hordes & Heroes (2022)"
    version = "0.2.0"

    # --- set-up ----------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for n in scenario_names():
            d = read_scenario(n)
            out.append(
                ScenarioInfo(n, d.get("title", n), tuple(s["name"] for s in d["sides"]), d.get("description", ""))
            )
        return out

    def setup(self, scenario: str, options: Mapping[str, Any]) -> GameState:
        return build_state(read_scenario(scenario), dict(options))

    # --- who must act ----------------------------------------------------------------------
    def pending(self, state: GameState) -> list[Request]:
        if state.phase is Phase.GAME_OVER:
            return []
        if state.phase is Phase.INITIATIVE:
            choosers, roll = initiative_choosers(state)
            out = []
            for s in state.sides:
                need = s in choosers
                out.append(
                    Request(
                        s,
                        RequestKind.DECISION,
                        f"initiative-{s}",
                        "initiative",
                        "Send `deploy first|second` and `edge north|south` (HH.SEQ.4)."
                        if need
                        else "Optional: `edge north|south`, used if you deploy first.",
                        optional=not need,
                    )
                )
            return out
        if state.phase is Phase.DEPLOYMENT:
            s = state.deploying
            assert s is not None
            return [
                Request(
                    s,
                    RequestKind.ORDERS,
                    f"deploy-{s}",
                    "deployment",
                    f"Deploy every unit and general within {state.options.deploy_depth} hexes of the"
                    f" {state.edges[s].value} edge.",
                )
            ]
        side = state.phasing
        assert side is not None
        return [
            Request(
                side,
                RequestKind.ORDERS,
                bound_key(state),
                self.phase(state),
                "Send your bound's orders: general moves first, then unit moves (empty means hold).",
            ),
            Request(
                state.other(side),
                RequestKind.ORDERS,
                f"standing-{state.other(side)}",
                "standing orders",
                "Optional: `standing ...` lines for your reactions.",
                optional=True,
            ),
        ]

    def ready(self, state: GameState) -> bool:
        reqs = self.pending(state)
        return bool(reqs) and all(r.optional or r.key in state.orders for r in reqs)

    # --- inputs ------------------------------------------------------------------------------
    def parse_orders(self, state: GameState, side: str, text: str) -> AcceptedOrders:
        if side not in state.sides:
            raise OrdersRejected(
                [OrderError(0, 0, "side", f"{side!r} is not a side in this game ({', '.join(state.sides)})")]
            )
        lines, bad = O.split_lines(text)
        errors = [OrderError(n, 0, "syntax", msg, text=t) for n, t, msg in bad]
        standing_only = bool(lines) and all(ln.words[0].lower() == "standing" for ln in lines)
        if standing_only:
            context, key = O.Context.STANDING, f"standing-{side}"
        elif state.phase is Phase.INITIATIVE:
            context, key = O.Context.INITIATIVE, f"initiative-{side}"
        elif state.phase is Phase.DEPLOYMENT:
            context, key = O.Context.DEPLOYMENT, f"deploy-{side}"
            if side != state.deploying:
                errors.append(OrderError(0, 0, "HH.SEQ.8", f"it is {state.deploying}'s turn to deploy, not {side}'s"))
        elif state.phase is Phase.GAME_OVER:
            raise OrdersRejected([OrderError(0, 0, "game-over", "the game is over")])
        else:
            context, key = O.Context.BOUND, bound_key(state)
            if side != state.phasing:
                errors.append(
                    OrderError(
                        0,
                        0,
                        "HH.SEQ.9",
                        f"it is {state.phasing}'s bound; only standing orders (`standing ...` lines) may be sent now",
                        hint="send a message holding only standing lines",
                    )
                )
        parsed: list[O.Order] = []
        by_line = {ln.number: ln for ln in lines}
        gens = {g.id for g in state.generals.values() if g.side == side}
        for ln in lines:
            if ln.words[0].lower() == "standing" and not standing_only:
                errors.append(
                    OrderError(
                        ln.number, 1, "syntax", "standing orders must be sent in a message of their own", text=ln.text
                    )
                )
                continue
            try:
                o = O.parse_line(ln, context, state.field.spec, _names(state), gens)
            except O.Syntax as e:
                errors.append(OrderError(ln.number, e.column, "syntax", e.message, text=ln.text, hint=e.hint))
                continue
            parsed.append(o)
        # Ownership of units named.
        foreign = set()
        for o in parsed:
            for uid in _unit_ids(o):
                u = state.units.get(uid)
                if u is not None and u.side != side:
                    errors.append(
                        OrderError(
                            o.line,
                            0,
                            "not-yours",
                            f"unit {uid} ({u.name}) belongs to {u.side}",
                            text=by_line[o.line].text,
                        )
                    )
                    foreign.add(o.line)
        parsed_ok = [o for o in parsed if o.line not in foreign]
        if not any(e.line == 0 for e in errors):
            sim = state.copy()
            problems: list[tuple[int, Problem]] = []
            if context is O.Context.DEPLOYMENT:
                _, problems = run_deployment(sim, side, parsed_ok)
            elif context is O.Context.BOUND and state.phase is not Phase.COMMAND_MOVE:
                problems = mid_bound_problems(state, parsed_ok)  # a scenario started mid-bound (HH.SEQ.11)
            elif context is O.Context.BOUND:
                _, problems = run_bound(sim, side, parsed_ok)
            elif context is O.Context.INITIATIVE:
                for o in parsed:
                    assert isinstance(o, O.InitiativeChoice)
                    if o.edge is not None and state.edges_fixed:
                        problems.append((o.line, Problem("HH.PD.4", "this scenario fixes the table edges")))
                    if o.deploy_first is not None and state.options.initiative is Initiative.ROLLOFF:
                        problems.append((o.line, Problem("HH.SEQ.5", "with the roll-off the winner deploys first")))
            for n, p in problems:
                errors.append(
                    OrderError(n, 0, p.code, p.message, text=by_line[n].text if n in by_line else "", hint=p.hint)
                )
        if errors:
            raise OrdersRejected(sorted(errors, key=lambda e: (e.line, e.column)))
        data = [O.order_to_json(o) for o in parsed]
        canon = "\n".join(O.order_text(o, state.field.spec, _names(state)) for o in parsed)
        return AcceptedOrders(side, key, data, canon)

    def apply_orders(self, state: GameState, orders: AcceptedOrders) -> GameState:
        if orders.key.startswith("standing-"):
            sp = StandingProfile()
            base = {}
            per: dict[int, dict[str, bool]] = {}
            per_gen: dict[int, dict[str, bool]] = {}
            for o in _load_orders(orders.data):
                assert isinstance(o, O.StandingOrder)
                if o.general is not None:
                    per_gen.setdefault(o.general, {})[o.key] = bool(o.value)
                elif o.unit is None:
                    base[o.key] = o.value
                else:
                    per.setdefault(o.unit, {})[o.key] = o.value
            state.standing[orders.side] = StandingProfile(replace(sp.base, **base), per, per_gen)
            state.orders[orders.key] = orders.data
            return state
        if orders.key.startswith("initiative-"):
            pref: dict[str, Any] = {}
            for o in _load_orders(orders.data):
                assert isinstance(o, O.InitiativeChoice)
                if o.deploy_first is not None:
                    pref["deploy_first"] = o.deploy_first
                if o.edge is not None:
                    pref["edge"] = o.edge.value
            state.orders[orders.key] = pref
            return state
        state.orders[orders.key] = orders.data
        return state

    def withdraw_orders(self, state: GameState, side: str, key: str) -> GameState:
        state.orders.pop(key, None)
        if key.startswith("standing-"):
            state.standing.pop(side, None)
        return state

    def resolve(self, state: GameState, dice: DiceSource) -> Resolution:
        lines: list[str] = []
        if state.phase is Phase.INITIATIVE:
            lines += resolve_initiative(state, dice)
            _drop_phase_orders(state)
            return Resolution(state, lines)
        if state.phase is Phase.DEPLOYMENT:
            side = state.deploying
            assert side is not None
            orders = _load_orders(state.orders.get(f"deploy-{side}", []))
            more, problems = run_deployment(state, side, orders)
            lines += more + [f"  order on line {n} not carried out: {p.message} [{p.code}]" for n, p in problems]
            _drop_phase_orders(state)
            if side == state.first_deployer:
                state.deploying = state.other(side)
            else:
                state.deploying = None
                state.phase = Phase.COMMAND_MOVE
                state.turn = 1
                state.phasing = state.first_mover
                lines.append(f"Turn 1 begins with {state.first_mover}'s bound [HH.SEQ.9].")
            return Resolution(state, lines)
        if state.phase is Phase.GAME_OVER:
            return Resolution(state, ["The game is over."])
        side = state.phasing
        assert side is not None
        lines.append(f"Turn {state.turn}, {side}'s bound.")
        orders = _load_orders(state.orders.get(bound_key(state), []))
        # a scenario may start the bound at its shooting or hand-to-hand phase (HH.SEQ.11)
        more, problems = run_bound(state, side, orders, dice) if state.phase is Phase.COMMAND_MOVE else ([], [])
        lines += more
        lines += [f"  order on line {n} not carried out: {p.message} [{p.code}]" for n, p in problems]
        lines += combat_phases(state, orders, dice)
        if state.outcome is not None:
            _drop_phase_orders(state)
            state.phase = Phase.GAME_OVER
            return Resolution(state, lines)
        lines += end_of_bound(state)
        _drop_phase_orders(state)
        if state.outcome is None:
            if side == state.first_mover:
                state.phasing = state.other(side)
            else:
                if state.turn >= state.options.max_game_turns:
                    lines += turn_limit(state)
                    return Resolution(state, lines)
                state.turn += 1
                state.phasing = state.first_mover
            state.phase = Phase.COMMAND_MOVE
        return Resolution(state, lines)

    # --- missed deadlines ------------------------------------------------------------------------
    def default_orders(self, state: GameState, side: str, policy: Any) -> str:
        """Orders for a side that missed its deadline (HH.PD intro: defaults are deterministic).

        Initiative: the PD defaults (deploy second, first-listed edge, HH.PD.3, HH.PD.4). A bound: hold;
        the standing orders of the other side apply by themselves. Deployment: a default line-up in the
        middle of the zone, facing the enemy (HH.PD.5 has no default, so this is this engine's own).
        """
        if getattr(policy, "value", policy) == "bot":
            return self.bot_orders(state, side, 0)
        if state.phase is Phase.DEPLOYMENT and side == state.deploying:
            return default_deployment(state, side)
        return ""

    def bot_orders(self, state: GameState, side: str, seed: int) -> str:
        """The computer player's legal orders for `side` now (games/hordes_heroes/bot.py)."""
        from .bot import bot_orders

        return bot_orders(state, side, seed)

    def picture(self, state: GameState, side: str | None = None, title: str = "") -> Any:
        """The board as a picture for campaign.render (games/hordes_heroes/picture.py)."""
        from .picture import picture

        return picture(state, side, title)

    # --- reading -----------------------------------------------------------------------------
    def turn(self, state: GameState) -> int:
        return max(1, state.turn)

    def phase(self, state: GameState) -> str:
        if state.phase in (Phase.INITIATIVE, Phase.DEPLOYMENT, Phase.GAME_OVER):
            return state.phase.value
        return f"turn {state.turn}, {state.phasing} bound: {state.phase.value}"

    def outcome(self, state: GameState) -> Outcome | None:
        return None if state.outcome is None else Outcome(state.outcome[0], state.outcome[1])

    def view(self, state: GameState, side: str | None = None) -> Any:
        return view(state, side)

    def render_text(self, state: GameState, side: str | None = None) -> str:
        return render_text(state, side)

    def dump(self, state: GameState) -> Any:
        return dump_state(state)

    def load(self, data: Any) -> GameState:
        return load_state(data)


def default_deployment(state: GameState, side: str) -> str:
    """Units in id order on the zone's hexes nearest the map's centre line, generals with the first units."""
    bf = state.field
    spec = bf.spec
    mid = spec.first_column + spec.columns // 2
    edge = state.edges[side]
    free = [h for h in spec.hexes() if deploy_zone_ok(state, side, h) and state.unit_at(h) is None]
    free.sort(key=lambda h: (abs(edge_dist(edge, h, bf.rows) - 1), abs(spec.to_label_pair(h)[0] - mid), h))
    out = []
    used = set()
    placed = []
    for u in [u for _, u in sorted(state.units.items()) if u.side == side and u.profile != BOAT_PROFILE_ID]:
        p = state.profiles[u.base_profile]
        for h in free:
            if h not in used and can_occupy(state, p, h):
                used.add(h)
                placed.append(h)
                out.append(f"unit {u.id} {spec.label(h)} face {edge.forward.name}")
                break
    for i, g in enumerate(g for _, g in sorted(state.generals.items()) if g.side == side):
        if placed:
            out.append(f"general {g.id} {spec.label(placed[i % len(placed)])}")
    return "\n".join(out)


def _drop_phase_orders(state: GameState) -> None:
    state.orders = {k: v for k, v in state.orders.items() if k.startswith("standing-")}


def _unit_ids(o: O.Order) -> list[int]:
    out = []
    for name in ("unit", "a", "b", "c", "boat"):
        v = getattr(o, name, None)
        if isinstance(v, int) and not (isinstance(o, O.StandingOrder) and v is None):
            out.append(v)
    return out
