"""The turn sequence as a state machine: the bound runner [HH.SEQ.*, HH.WIN.*, HH.PD.*].

Phases (`state.Phase`): initiative -> deployment (first deployer, then second) -> bounds. A bound is
one order bundle from the phasing side; `advance` runs Command Move, Tactical Movement, Rally,
Shooting, Hand-to-hand and End of bound in that order (HH.SEQ.10, HH.SEQ.11). Each order of a bound is
verified and carried out through the order table (`table.ORDERS`); the same runner validates a
bundle (on a copy, collecting every error) and resolves it.

This module knows nothing of the core's `Ruleset`: `ruleset.HordesHeroes` is the adapter that
calls it, and the computer player (`bot`) reads it without a cycle.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from campaign.hexgrid import Hex
from campaign.kit.runner import Refusal
from campaign.ruleset import DiceSource, Request, RequestKind

from . import orders as O
from .aggression import search_attack
from .combat import Choices, hth_phase
from .command import commanded_units
from .compulsory import continue_flee, elephant_move
from .geometry import Edge, edge_dist
from .model import BOAT_PROFILE_ID, Category, Formation
from .movement import Illegal, Problem, continue_move, plan_move, uname
from .rules import aboard, apply_plan, clear_sc, rally_all
from .shooting import ShootChoice, shooting_phase
from .skirmish_2012 import broken_chains, group_command, ignore_disorder
from .state import GameState, Initiative, Phase
from .table import ORDERS, Bound
from .words import counted
from .zoc import can_occupy, drop_stale_pairs, is_engaged

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


def deploy_zone_ok(state: GameState, side: str, h: Hex) -> bool:
    """Within `deploy_depth` hexes of the own edge: edge_dist 0..depth-1 (HH.SEQ.2, HH.SEQ.3, HH.EX.34)."""
    if side in state.deploy_zones:
        return h in state.deploy_zones[side]
    return edge_dist(state.edges[side], h, state.field.rows) < state.options.deploy_depth


def run_deployment(state: GameState, side: str, orders: list[O.Order]) -> tuple[list[str], list[tuple[int, Problem]]]:
    """Place a whole army (HH.SEQ.2, HH.SEQ.8, HH.PD.5); every unit and general must be placed."""
    problems: list[tuple[int, Problem]] = []
    placed_u: set[int] = set()
    placed_g: set[int] = set()
    for o in orders:
        try:
            if isinstance(o, O.DeployUnit):
                deploy_unit(state, side, o, placed_u)
                placed_u.add(o.unit)
            elif isinstance(o, O.DeployGeneral):
                deploy_general(state, side, o)
                placed_g.add(o.general)
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
    return [
        f"{side} deploys {counted(state, len(placed_u), 'unit')} and {counted(state, len(placed_g), 'general')}"
        " [HH.SEQ.8]."
    ], problems


def deploy_unit(state: GameState, side: str, o: O.DeployUnit, placed: set[int]) -> None:
    """Place one unit in the zone, facing a point (or along a road), formed and mounted as told (HH.SEQ.2, HH.PD.5)."""
    u = state.units[o.unit]
    if u.side != side:
        raise Illegal(Problem("HH.PD.5", f"unit {u.id} belongs to {u.side}"))
    if u.id in placed:
        raise Illegal(Problem("HH.PD.5", f"{uname(u)} is deployed twice"))
    if u.profile == BOAT_PROFILE_ID:
        raise Illegal(Problem("HH.TERR.47", f"{uname(u)} is a boat, placed by the scenario"))
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
            raise Illegal(Problem("HH.MOVE.26", f"{uname(u)} cannot dismount"))
        prof_key = u.base_profile.rsplit(":", 1)[0] + ":" + p0.dismounted
    p = state.profiles[prof_key]
    if not can_occupy(state, p, o.at):
        raise Illegal(Problem("HH.TERR.2", f"{uname(u)} may not stand in {state.label(o.at)}"))
    occ = state.unit_at(o.at)
    if occ is not None:
        raise Illegal(Problem("HH.BASE.6", f"{state.label(o.at)} already holds {uname(occ)}"))
    road_side = state.field.is_road(o.at) and not o.facing.is_point and o.facing.side in state.field.road_sides[o.at]
    if not o.facing.is_point and not road_side:
        raise Illegal(Problem("HH.MOVE.8", f"{uname(u)} must face a hex point"))
    if o.formation is Formation.COLUMN and not (p.can_column):
        raise Illegal(Problem("HH.MOVE.13", f"{uname(u)} cannot form column"))
    state.units[u.id] = replace(
        u, hex=o.at, facing=o.facing, formation=o.formation, profile=prof_key, pavisses=p.can_pavisse and o.pavisses
    )


def deploy_general(state: GameState, side: str, o: O.DeployGeneral) -> None:
    """Place a general in the zone, lone or with a unit (HH.SEQ.2, HH.SEQ.8)."""
    g = state.generals[o.general]
    if g.side != side:
        raise Illegal(Problem("HH.PD.5", f"general {g.id} belongs to {g.side}"))
    if not deploy_zone_ok(state, side, o.at):
        raise Illegal(Problem("HH.SEQ.2", f"{state.label(o.at)} is outside {side}'s deployment zone"))
    state.generals[g.id] = replace(g, hex=o.at)


# --- the bound -----------------------------------------------------------------------------------


def run_bound(
    state: GameState, side: str, orders: list[O.Order], dice: DiceSource | None = None
) -> tuple[list[str], list[tuple[int, Problem]]]:
    """Command Move, Tactical Movement and Rally of one bound (HH.SEQ.11 steps 1-2); mutates `state`.

    Units move one at a time in the order given, each move finished before the next (HH.MOVE.2).

    Illegal orders are reported and skipped, so each order is judged on the board as the earlier
    legal orders left it. Used both to validate a bundle (on a copy) and to resolve it.
    """
    b = tactical_movement(state, side, orders, dice)
    broken = frozenset(broken_chains(state, side))
    for o in orders:
        if not isinstance(o, (O.GeneralMove, O.HoldFire)):
            carry_out(b, passengers(state, o), dice)
    b.problems += chain_problems(state, side, orders, broken)  # ruling HH12.SPEC.A1 item 4
    drop_stale_pairs(state)
    clear_sc(state)
    state.phase = Phase.RALLY
    b.lines += rally_all(state, side, b.rally)
    # Shooting phase (HH.SEQ.11 step 3): Hold Fire decisions are made here (HH.ART.4).
    state.phase = Phase.SHOOTING
    for o in orders:
        if isinstance(o, O.HoldFire):
            carry_out(b, o, dice)
    return b.lines, b.problems


def chain_problems(
    state: GameState, side: str, orders: list[O.Order], broken: frozenset[int]
) -> list[tuple[int, Problem]]:
    """Ruling HH12.SPEC.A1 item 4: a 2012 skirmish unit whose stands formed one chain when the movement began must
    end it as one chain (or reform); the last line that moved one of its stands is refused. A chain already broken
    (a stand ridden down in the enemy's bound) may stay so."""
    out = []
    for gid in broken_chains(state, side):
        lines = [o.line for o in orders if isinstance(o, O.Move) and state.units[o.unit].skirmish_of == gid]
        if gid in broken or not lines:
            continue
        out.append(
            (
                max(lines),
                Problem(
                    "HH12.SPEC.A1",
                    f"the stands of skirmish unit {gid} no longer form a chain, each next to another",
                    "keep every stand next to another one, or `reform` the unit",
                ),
            )
        )
    return out


def tactical_movement(state: GameState, side: str, orders: list[O.Order], dice: DiceSource | None) -> Bound:
    """The bound up to the first unit order: the Command Move, command fixed (HH.CMD.4), aggressive units'
    attacks and elephants' rampages (HH.SEQ.11 steps 1-2.3); mutates `state`."""
    b = Bound(state, side)
    state.engaged_at_start = frozenset(u.id for u in state.live_units() if is_engaged(state, u))
    state.contact_order = ()
    state.flee_paths = {}
    state.move_paths = {}
    state.bound_losses = {}
    # HH12.CMP.10: a unit that has left the edge hex where its flee halted is no longer routed there
    state.edge_halts = {k: h for k, h in state.edge_halts.items() if state.units[k].hex == h}
    b.lines.append(f"Command Move ({side}) [HH.SEQ.11].")
    command_moves(b, orders, dice)
    # HH.CMD.4: command fixed once, after all Command Moves.
    state.phase = Phase.TACTICAL_MOVEMENT
    commanded = group_command(state, commanded_units(state, side))  # ruling HH12.SPEC.A1 item 3
    state.commanded = commanded
    out_of_command = [u.id for u in state.live_units(side) if u.id not in commanded]
    b.lines.append(
        f"Tactical Movement ({side}): {counted(state, len(commanded), 'unit')} under command"
        + (f"; out of command: {', '.join(map(str, out_of_command))}" if out_of_command else "")
        + " [HH.CMD.4]."
    )
    for uid in sorted(u for u in state.flee_continuations if state.units[u].side == side):
        b.lines += continue_flee(state, uid)  # HH12.CMP.6, ruling HH12.CMP.A6: before any other move
    aggressive_attacks(b)
    rampages(b, dice)
    return b


def carry_out(b: Bound, o: O.Order, dice: DiceSource | None) -> None:
    """One order through the table: verified on the board as it stands, carried out if legal, else reported."""
    if type(o) not in ORDERS.rules:
        b.problems.append((o.line, Problem("syntax", "this order does not belong in a bound")))
        return
    reasons = ORDERS.verify(b, o)
    if reasons:
        b.problems += [(o.line, r if isinstance(r, Refusal) else Problem("syntax", r)) for r in reasons]
        return
    try:
        ORDERS.apply(b, o, dice)
    except Illegal as e:
        b.problems.append((o.line, e.problem))


def passengers(state: GameState, o: O.Order) -> O.Order:
    """Ruling HH.TERR.47: a loaded boat's id names its passengers in a move, single-hex move or rally."""
    if isinstance(o, (O.Move, O.Single, O.Rally)) and aboard(state, o.unit) != o.unit:
        return replace(o, unit=aboard(state, o.unit))
    return o


def command_moves(b: Bound, orders: list[O.Order], dice: DiceSource | None) -> None:
    """The Command Move: general moves, which must come before every unit order (HH.SEQ.10, HH.CMD.1)."""
    seen_unit_order = False
    for o in orders:
        if isinstance(o, O.GeneralMove):
            if seen_unit_order:
                why = "general moves come first: the Command Move precedes tactical movement"
                b.problems.append((o.line, Problem("HH.SEQ.10", why, "put the `general` lines before the unit orders")))
                continue
            carry_out(b, o, dice)
        elif not isinstance(o, (O.Rally, O.HoldFire)):
            seen_unit_order = True


def aggressive_attacks(b: Bound) -> None:
    """Aggressive units out of command attack first (HH.SPECIAL.34, HH.SPECIAL.35, HH.PD.10, HH.SEQ.11 step 2.2).

    In ascending unit id, at the nearest reachable target: the defaults, as no order names them; an aggressive
    horde leaves its shield wall to do so (HH.SPECIAL.6).
    """
    state = b.state
    for u in state.live_units(b.side):
        p = state.profile(u)
        # HH12.SPEC.22: 2012 impetuous units attack whether or not they are under command
        held = u.id in state.commanded and not state.rules.impetuous_ignores_command
        if not p.is_aggressive or held or u.disrupted:
            continue
        if is_engaged(state, u):
            continue
        mv = search_attack(state, u)
        if mv is None:
            continue
        try:
            plan = plan_move(state, mv, commanded=True)
            b.lines += apply_plan(state, plan, "attacks on its own (aggressive, out of command) [HH.SPECIAL.34]:")
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
            b.lines += apply_plan(state, plan, "carries on its attack [HH.SPECIAL.35, HH.COMP.45]:")
            used = plan.mp


def rampages(b: Bound, dice: DiceSource | None) -> None:
    """Disrupted elephants rampage (HH.SPECIAL.37, HH.SEQ.11 step 2.3); skipped when validating without dice."""
    state = b.state
    for u in state.live_units(b.side):
        if u.disrupted and state.profile(u).category.value == "elephant" and state.units[u.id].on_table:
            if dice is not None:
                b.lines.append(f"{uname(u)} rampages [HH.SPECIAL.37]:")
                b.lines += elephant_move(state, u.id, dice, "rampaging")


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
        order = next((o.targets for o in orders if isinstance(o, O.ShootingResults)), ())  # ruling HH12.SEQ.A1
        lines += shooting_phase(state, dice, shoot, order)
        lines += ignore_disorder(state)  # ruling HH12.SPEC.A1 item 8
        lines += victory_check(state, quiet=True)
        if state.outcome is not None:
            return lines
    state.phase = Phase.HAND_TO_HAND
    lines += hth_phase(state, dice, choices)
    lines += ignore_disorder(state)  # ruling HH12.SPEC.A1 item 8
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
    return half_points_lost(state, side) // 2


def half_points_lost(state: GameState, side: str) -> int:
    """The points count in half points, exact for both editions (HH.WIN.5; 2012: HH12.WIN.3, ruling HH12.WIN.A1:
    a leftover of half a unit or less counts half its cost, more counts in full; generals at full cost)."""
    half_cost = state.rules.leftover_half_cost
    total = 0
    for key, n in sorted(state.casualties.get(side, {}).items()):
        p = state.profiles[key]
        size = 4 if (p.horde or p.pike) else p.stands
        rest = n % size
        if half_cost:
            total += (n // size) * 2 * p.points + (0 if not rest else p.points if 2 * rest <= size else 2 * p.points)
        else:
            total += (n // size + (1 if 2 * rest >= size and rest else 0)) * 2 * p.points
    total += 2 * sum(g.cost for g in state.generals.values() if g.side == side and not g.alive)
    return total


def _points(halves: int) -> str:
    return f"{halves // 2}" + (" and a half" if halves % 2 else "")


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
    a, b = (half_points_lost(state, s) for s in state.sides)
    if a == b:
        state.outcome = (
            None,
            f"turn limit reached; both sides lost {_points(a)} points: a draw [HH.WIN.10, HH.WIN.5]",
        )
    else:
        w = state.sides[0] if a < b else state.sides[1]
        lo, hi = _points(min(a, b)), _points(max(a, b))
        state.outcome = (w, f"turn limit reached; {w} lost fewer points ({lo} against {hi}) [HH.WIN.5]")
    state.phase = Phase.GAME_OVER
    return [state.outcome[1] + "."]


# --- who must act, and the phase machine ------------------------------------------------------------


def bound_key(state: GameState) -> str:
    return f"bound-{state.turn}-{state.phasing}"


def phase_label(state: GameState) -> str:
    if state.phase in (Phase.INITIATIVE, Phase.DEPLOYMENT, Phase.GAME_OVER):
        return str(state.phase.value)
    return f"turn {state.turn}, {state.phasing} bound: {state.phase.value}"


def requests(state: GameState) -> list[Request]:
    """Every side that must (or may) act now and on what (HH.SEQ.4, HH.SEQ.8, HH.SEQ.9, HH.PD.14)."""
    if state.phase is Phase.GAME_OVER:
        return []
    if state.phase is Phase.INITIATIVE:
        choosers, _roll = initiative_choosers(state)
        return [
            Request(
                s,
                RequestKind.DECISION,
                f"initiative-{s}",
                "initiative",
                "Send `deploy first|second` and `edge north|south` (HH.SEQ.4)."
                if s in choosers
                else "Optional: `edge north|south`, used if you deploy first.",
                optional=s not in choosers,
            )
            for s in state.sides
        ]
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
            phase_label(state),
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


def load_orders(data: list[dict[str, Any]]) -> list[O.Order]:
    return [O.order_from_json(d) for d in data]


def advance(state: GameState, dice: DiceSource) -> list[str]:
    """Resolve the current phase with the orders on file and move the game on; mutates `state`."""
    if state.phase is Phase.INITIATIVE:
        lines = resolve_initiative(state, dice)
        drop_phase_orders(state)
        return lines
    if state.phase is Phase.DEPLOYMENT:
        return resolve_deployment(state)
    if state.phase is Phase.GAME_OVER:
        return ["The game is over."]
    return resolve_bound(state, dice)


def resolve_deployment(state: GameState) -> list[str]:
    """One side's deployment; after the second, turn 1 begins with the first mover (HH.SEQ.8, HH.SEQ.9)."""
    side = state.deploying
    assert side is not None
    orders = load_orders(state.orders.get(f"deploy-{side}", []))
    lines, problems = run_deployment(state, side, orders)
    lines += [f"  order on line {n} not carried out: {p.message} [{p.code}]" for n, p in problems]
    drop_phase_orders(state)
    if side == state.first_deployer:
        state.deploying = state.other(side)
    else:
        state.deploying = None
        state.phase = Phase.COMMAND_MOVE
        state.turn = 1
        state.phasing = state.first_mover
        lines.append(f"Turn 1 begins with {state.first_mover}'s bound [HH.SEQ.9].")
    return lines


def resolve_bound(state: GameState, dice: DiceSource) -> list[str]:
    """A whole bound (HH.SEQ.11), then the next bound or turn, or the end at the turn limit (HH.WIN.10)."""
    side = state.phasing
    assert side is not None
    lines = [f"Turn {state.turn}, {side}'s bound."]
    orders = load_orders(state.orders.get(bound_key(state), []))
    # a scenario may start the bound at its shooting or hand-to-hand phase (HH.SEQ.11)
    more, problems = run_bound(state, side, orders, dice) if state.phase is Phase.COMMAND_MOVE else ([], [])
    lines += more
    lines += [f"  order on line {n} not carried out: {p.message} [{p.code}]" for n, p in problems]
    lines += combat_phases(state, orders, dice)
    if state.outcome is not None:
        drop_phase_orders(state)
        state.phase = Phase.GAME_OVER
        return lines
    lines += end_of_bound(state)
    drop_phase_orders(state)
    if state.outcome is None:
        if side == state.first_mover:
            state.phasing = state.other(side)
        else:
            if state.turn >= state.options.max_game_turns:
                lines += turn_limit(state)
                return lines
            state.turn += 1
            state.phasing = state.first_mover
        state.phase = Phase.COMMAND_MOVE
    return lines


def drop_phase_orders(state: GameState) -> None:
    state.orders = {k: v for k, v in state.orders.items() if k.startswith("standing-")}


def default_deployment(state: GameState, side: str) -> str:
    """Units in id order on the zone's hexes nearest the map's centre line, generals with the first units."""
    bf = state.field
    spec = bf.spec
    mid = spec.first_column + spec.columns // 2
    edge = state.edges[side]
    free = [h for h in spec.hexes() if deploy_zone_ok(state, side, h) and state.unit_at(h) is None]
    free.sort(key=lambda h: (abs(edge_dist(edge, h, bf.rows) - 1), abs(spec.to_label_pair(h)[0] - mid), h))
    out: list[str] = []
    used: set[Hex] = set()
    placed: list[Hex] = []
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
