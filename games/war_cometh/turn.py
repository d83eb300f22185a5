"""Resolving a Movement Phase: commanders' orders in sequence, Command Table rolls and their
results, routed units fleeing, leaders moving and attaching, the end of the player-turn
[WC.SEQ.5] [WC.SEQ.7] [WC.CMD] [WC.LEADER] [WC.MOVE].

The Reaction Test and Shooting Phases come first (:mod:`games.war_cometh.turnfire`); the Melee
Combat Phase comes last (:mod:`games.war_cometh.aftermath`).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Any

from shapely.geometry import Point

from campaign.ruleset import DiceSource
from campaign.table import Pose, Rect
from campaign.table.frame import cm, q_cm

from .battleline import battleline_check, battleline_modifiers
from .breakpoints import broken_sides
from .command import Modifiers, Result, distance_penalty, modified_rating, order_radius, roll_result
from .dismount import dismount_order, result_dismounts
from .disorder import through_tests
from .model import Condition, Leader, Phase, State, Trace, Unit
from .movement import Move, carry_out, starts_in_dense
from .plans import Plan, Step, StepKind
from .rout import flee, flee_unordered
from .shootphase import fire_turn_end, start_of_turn_fire
from .troops import Category, Quality, majority_quality
from .turnfire import after_movement, fire_phases
from .world import World

__all__ = ["end_player_turn", "resolve_movement"]

ROUT_DICE = 3
"""A broken unit flees 3D6 cm toward its baseline [WC.CMD.18] [WC.ROUT.4]."""
LEADER_MOVE_CM = 60.0
"""[WC.LEADER.5]."""


def plan_of(data: dict[str, Any]) -> Plan:
    """The plan stored in an order's data."""
    return Plan(data["unit"], tuple(Step.load(s) for s in data["steps"]), tuple(data.get("through", [])))


def modifiers(world: World, leader: Leader, unit: Unit) -> Modifiers:
    """The Command Table modifiers for one order [WC.CMD.9] [WC.CMD.10] [WC.CMD.11] [WC.CMD.12]."""
    profiles = [world.profiles[s.profile] for s in unit.stands]
    quality = majority_quality([p.quality for p in profiles])
    first = profiles[0]
    attached = leader.attached_to == unit.id
    d = 0.0 if attached else world.leader_distance(leader.at, unit)
    near = world.nearest_enemy_distance(unit)
    return Modifiers(
        attached=attached,
        elite=quality is Quality.ELITE,
        levy=quality is Quality.LEVY,
        column=world.is_column(unit),
        enemy_all_60_plus=near >= 60.0,
        enemy_within_30=near <= 30.0,
        in_woods=world.in_woods(unit),
        second_order=unit.orders_received > 0,
        artillery=world.category(unit) is Category.ARTILLERY,
        casualties=unit.lost > 0,
        routed=unit.condition is Condition.ROUTED,
        distance=distance_penalty(
            leader.command_range, d, light_cavalry=first.light_cavalry, skirmisher=first.skirmisher
        ),
        historical=world.state.variant == "historical",
        skirmisher=first.skirmisher,
    )


def apply_move(
    state: State, unit: Unit, move: Move, dice: DiceSource | None = None, narrative: list[str] | None = None
) -> State:
    """Store a carried-out move: quantised poses, formation, flags, the trace; an attached leader
    goes with his unit [WC.GEOM.2] [WC.LEADER.6]; with dice, units passed through test for
    disorder [WC.THROUGH.3]."""
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, move.rects, strict=True))
    moved = len(move.path) > 1
    cond = unit.condition
    if move.disordered and moved and cond is Condition.GOOD:
        cond = Condition.DISORDERED
    new = replace(
        unit, stands=stands, formation=move.formation, files=move.files, moved=unit.moved or moved, condition=cond
    )
    state = state.with_unit(new)
    if moved:
        pts = tuple((q_cm(x), q_cm(y)) for x, y in move.path)
        state = replace(state, traces=(*state.traces, Trace(unit.id, unit.side, pts)))
        for g in state.leaders:
            if g.attached_to == unit.id and not g.lost:
                x, y = move.path[-1]
                state = state.with_leader(replace(g, x=q_cm(x), y=q_cm(y)))
    for key in move.passed:
        state = _passed_through(state, new, key, dice, narrative if narrative is not None else [])
    if moved:
        from .camps import capture_check

        state, _ = capture_check(state)  # [WC.CAMP.6] at the end of every move
    return state


def _passed_through(state: State, mover: Unit, key: str, dice: DiceSource | None, narrative: list[str]) -> State:
    """A unit passed through before it moved may not move; if it had moved, both are disordered;
    otherwise both test for disorder [WC.THROUGH.3] [WC.THROUGH.4]; so does a unit that passes
    through a friend because it cannot get through a gap [WC.GAP.6]."""
    other = state.unit(key)
    if dice is not None:
        state = through_tests(state, mover.id, key, narrative, dice)
        other = state.unit(key)
    elif other.moved:
        state = state.with_unit(replace(other, condition=_worse(other.condition)))
        return state.with_unit(replace(state.unit(mover.id), condition=_worse(mover.condition)))
    return state if other.moved else state.with_unit(replace(other, frozen=True))


def _worse(c: Condition) -> Condition:
    return Condition.DISORDERED if c is Condition.GOOD else c


def _stand_only(plan: Plan) -> Plan:
    """What a Stand result allows: formation and facing changes only [WC.CMD.17] [WC.CMD.18]."""
    keep = (StepKind.FORM, StepKind.TURN, StepKind.FACE)
    return Plan(plan.unit, tuple(s for s in plan.steps if s.kind in keep), ())


def _pose(r: Rect) -> Pose:
    return r.pose()


def _order(state: State, data: dict[str, Any], dice: DiceSource, narrative: list[str], ctx: dict[str, Any]) -> State:
    """One order: the roll, the result and the move [WC.CMD.6] [WC.CMD.15] [WC.CMD.16] [WC.CMD.17]."""
    leader = state.leader(data["leader"])
    unit = state.unit(data["unit"])
    who = f"{leader.name} orders unit {unit.id}"
    if leader.confused or leader.lost:
        narrative.append(f"{who}: no order, {leader.name} is confused [WC.CMD.15].")
        return state
    if unit.closed or (unit.ordered_by and unit.ordered_by != leader.id) or not unit.on_table:
        narrative.append(f"{who}: the unit may take no more orders this turn [WC.CMD.3] [WC.CMD.16].")
        return state
    state = close_run(state, ctx, leader.id, (unit.id,))
    world = World(state)
    if world.leader_distance(leader.at, unit) > order_radius(leader.role) + 1e-6 and leader.attached_to != unit.id:
        narrative.append(f"{who}: out of his order radius, no order [WC.CMD.5].")
        return state
    mods = modifiers(world, leader, unit)
    rating = modified_rating(leader.rating, mods)
    d1 = dice.roll(6, f"command: {who} (2D6, first die)")
    d2 = dice.roll(6, f"command: {who} (2D6, second die)")
    disordered = unit.condition is not Condition.GOOD
    value, result = roll_result(
        rating, (d1, d2), disordered=disordered, natural12_policy=state.option("natural12_policy", "worst_row")
    )
    narrative.append(f"{who}: rating {rating}, rolled {d1}+{d2}, result {value:+d}: {result.value.replace('-', ' ')}.")
    unit = replace(unit, orders_received=unit.orders_received + 1, ordered_by=leader.id)
    state = state.with_unit(unit)
    if data.get("charge"):
        from .charge_orders import charge_order

        charged = charge_order(state, leader, unit, data, result, dice, narrative)
        if charged is not None:
            return charged
        return apply_unit_result(state, leader, unit, Plan(unit.id, (), ()), result, dice, narrative)
    if data.get("dismount") and result_dismounts(result, unit.condition):
        return dismount_order(state, unit, result, narrative)
    return apply_unit_result(state, leader, unit, plan_of(data), result, dice, narrative)


def close_run(state: State, ctx: dict[str, Any], leader: str, recipients: tuple[str, ...]) -> State:
    """A commander's orders form runs: turning to a recipient outside the last one closes it; orders
    to units of a battleline just ordered continue its run [WC.CMD.16]."""
    last: tuple[str, ...] = ctx.get(leader, ())
    if last and not set(recipients) <= set(last):
        for uid in last:
            state = state.with_unit(replace(state.unit(uid), closed=True))
    if not (last and set(recipients) <= set(last)):
        ctx[leader] = recipients
    return state


def apply_unit_result(
    state: State, leader: Leader, unit: Unit, plan: Plan, result: Result, dice: DiceSource, narrative: list[str]
) -> State:
    """What a Command Table result does [WC.CMD.17] [WC.CMD.18] [WC.CMD.19]."""
    if result.rallies:
        # a routed unit that rallies is only disordered [WC.ROUT.2a] [WC.TEST.10]
        after = Condition.DISORDERED if unit.condition is Condition.ROUTED else Condition.GOOD
        unit = replace(unit, condition=after)
        state = state.with_unit(unit)
    if result.confuses:
        state = state.with_leader(replace(leader, confused=True))
    if result is Result.FLEES:
        narrative.append(f"Unit {unit.id} disintegrates; all its stands are lost [WC.CMD.18].")
        return state.with_unit(replace(unit, on_table=False, lost=unit.lost + len(unit.stands), closed=True))
    if result is Result.BROKEN:
        state = state.with_unit(replace(unit, condition=Condition.ROUTED, closed=True))
        return flee(state, state.unit(unit.id), dice, narrative)
    if result is Result.LEADER_CONFUSED:
        return state.with_unit(replace(unit, closed=True))
    if unit.frozen:
        narrative.append(f"Unit {unit.id} may not move this turn [WC.MOVE.13] [WC.MOVE.14].")
        return state
    world = World(state)
    if result in (Result.STAND, Result.RALLY_AND_STAND):
        move = carry_out(world, unit, _stand_only(plan), strict=False)
    else:
        cap = Fraction(1, 2) if result is Result.HESITANT else Fraction(1)
        roll: float | None = None
        if starts_in_dense(world, unit):
            # [WC.TERR.5a] one 1D6 a turn covers every order the unit takes this turn
            die = unit.dense_roll or dice.roll(6, f"dense terrain: unit {unit.id} moves 1D6 cm")
            if not unit.dense_roll:
                unit = replace(unit, dense_roll=die)
                state = state.with_unit(unit)
                narrative.append(f"Unit {unit.id} is in dense terrain: it may move {die} cm this turn.")
            roll = max(0.0, die - cm(unit.dense_used))
        move = carry_out(world, unit, plan, strict=False, pace_cap=cap, dense_roll=roll)
        if roll is not None:
            unit = replace(unit, dense_used=unit.dense_used + q_cm(move.cost))
    if move.cut_short:
        narrative.append(f"Unit {unit.id} stops short: it went as far as it legally could.")
    state = apply_move(state, unit, move, dice, narrative)
    state = _pike_terrain_test(state, unit, plan, move, dice, narrative)
    if result is not Result.CARRY_ON:
        state = state.with_unit(replace(state.unit(unit.id), closed=True))
    return state


def _pike_terrain_test(
    state: State, before: Unit, plan: Plan, move: Move, dice: DiceSource, narrative: list[str]
) -> State:
    """A pike unit in good order that moved through woods or poor terrain rolls 1D6 for disorder
    at the end of its move; a charge takes its own one test instead [WC.PIKE.6] [WC.TERR.14]
    [WC.PIKE.13]."""
    from .pikes import end_of_move_test, is_pike, moved_through_poor

    world = World(state)
    unit = state.unit(before.id)
    if unit.condition is not Condition.GOOD or not is_pike(world.profile(unit)):
        return state
    if any(s.kind is StepKind.CONTACT for s in plan.steps):
        return state
    if not moved_through_poor(world, before, move.rects, move.path):
        return state
    die = dice.roll(6, f"disorder: pike unit {unit.id} moved through poor terrain (1D6)")
    t = end_of_move_test(die, world.profile(unit), historical=state.variant == "historical")
    verdict = "disordered" if t.disordered else "keeps its order"
    narrative.append(f"Pike unit {unit.id} in poor terrain: {die}, total {t.modified}: {verdict} [WC.PIKE.6].")
    return state.with_unit(replace(unit, condition=Condition.DISORDERED)) if t.disordered else state


def _battleline(
    state: State, data: dict[str, Any], dice: DiceSource, narrative: list[str], ctx: dict[str, Any]
) -> State:
    """One battleline order: one roll, the same result for every unit; anything but Carry On
    closes them all; each unit then makes its move in turn [WC.BATTLELINE.7] [WC.BATTLELINE.8]
    [WC.BATTLELINE.9]."""
    leader = state.leader(data["leader"])
    units = list(data["units"])
    who = f"{leader.name} orders battleline {' '.join(units)}"
    if leader.confused or leader.lost:
        narrative.append(f"{who}: no order, {leader.name} is confused [WC.CMD.15].")
        return state
    problems = battleline_check(state, leader.id, units)
    if problems:
        narrative.append(f"{who}: no order, {problems[0]}")
        return state
    state = close_run(state, ctx, leader.id, tuple(units))
    rating = modified_rating(leader.rating, battleline_modifiers(state, units))
    d1 = dice.roll(6, f"command: {who} (2D6, first die)")
    d2 = dice.roll(6, f"command: {who} (2D6, second die)")
    value, result = roll_result(rating, (d1, d2), disordered=False)
    narrative.append(f"{who}: rating {rating}, rolled {d1}+{d2}, result {value:+d}: {result.value.replace('-', ' ')}.")
    for uid in units:
        unit = replace(state.unit(uid), orders_received=state.unit(uid).orders_received + 1, ordered_by=leader.id)
        state = state.with_unit(unit)
        plan = replace(plan_of({**data, "unit": uid}), unit=uid)
        state = apply_unit_result(state, leader, unit, plan, result, dice, narrative)
        if result is not Result.CARRY_ON:
            state = state.with_unit(replace(state.unit(uid), closed=True))
    return state


def _leader_move(state: State, data: dict[str, Any], narrative: list[str]) -> State:
    """Leaders move up to 60 cm after every unit has moved and may attach [WC.LEADER.5]
    [WC.LEADER.6] [WC.LEADER.12]; a leader given no order stays attached (moving with his unit,
    :func:`apply_move`) or stays put [WC.PD.21]."""
    g = state.leader(data["leader"])
    if g.lost:
        return state
    x, y = (g.x, g.y) if not data.get("to") else tuple(data["to"])
    world = World(state)
    attach = data.get("attach", "")
    if attach and attach != "-":
        b = world.bound(state.unit(attach))
        x, y = q_cm(b.front_mid()[0]), q_cm(b.front_mid()[1])
    if math.hypot(cm(x) - cm(g.x), cm(y) - cm(g.y)) > LEADER_MOVE_CM + 1e-6:
        narrative.append(f"{g.name} cannot reach that: leaders move 60 cm [WC.LEADER.5].")
        return state
    new = replace(
        g, x=x, y=y, attached_to=attach if attach and attach != "-" else ("" if attach == "-" else g.attached_to)
    )
    if data.get("to") and not attach and g.attached_to:
        new = replace(new, attached_to="")
    narrative.append(
        f"{g.name} moves to ({cm(x):g}, {cm(y):g})"
        + (f" and attaches to unit {attach}." if attach and attach != "-" else ".")
    )
    return state.with_leader(new)


def resolve_movement(state: State, dice: DiceSource) -> tuple[State, list[str]]:
    """The phasing side's player-turn as far as part 1 plays it [WC.SEQ.1] [WC.SEQ.5]: its orders
    in the order written, commander by commander; a unit given no order does nothing and a
    commander's orders end with his lines [WC.PD.18]. Game turn N is player-turns 2N−1 and 2N
    [WC.META.3]."""
    side = state.active
    narrative = [f"Turn {(state.player_turn + 1) // 2}: {state.side(side).name} to play."]
    orders = dict(state.pending).get(side, {"orders": []})["orders"]
    state = replace(state, traces=())
    state = fire_phases(state, orders, dice, narrative)
    before = state
    ctx: dict[str, Any] = {}
    for o in orders:
        if o["kind"] == "order":
            state = _order(state, o["data"], dice, narrative, ctx)
        elif o["kind"] == "battleline":
            state = _battleline(state, o["data"], dice, narrative, ctx)
    state = flee_unordered(state, side, dice, narrative)
    state = after_movement(before, state, orders, dice, narrative)
    for o in orders:
        if o["kind"] == "leader":
            state = _leader_move(state, o["data"], narrative)
    from .aftermath import melee_phase
    from .leaders import attach_before_melee

    state = attach_before_melee(state, dice, narrative)  # [WC.PD.22]
    from .bannockburn import gloucester_follows, release_small_folk

    state, lines = gloucester_follows(state)  # (SCN) [WC.SCN.13]
    narrative.extend(lines)
    state = melee_phase(state, dice, narrative)
    state, lines = release_small_folk(state)  # (SCN) [WC.SCN.8]
    narrative.extend(lines)
    return end_player_turn(state, narrative, dice), narrative


def end_player_turn(state: State, narrative: list[str], dice: DiceSource | None = None) -> State:
    """Clear the per-turn flags, hand the turn over and check the turn limit [WC.SEQ.7]."""
    state = fire_turn_end(state)
    from .camps import collect_off_table

    state, lines = collect_off_table(state)  # [WC.CAMP.3] units forced off the table go to camp
    narrative.extend(lines)
    units = tuple(
        replace(
            u,
            orders_received=0,
            ordered_by="",
            closed=False,
            moved=False,
            frozen=False,
            began_turn=u.condition,
            dense_roll=0,
            dense_used=0,
            evaded=0,
        )
        for u in state.units
    )
    leaders = tuple(replace(g, confused=False, finished=False) for g in state.leaders)
    nxt = state.other(state.active)
    taken = dict(state.turns_taken)
    taken[nxt] = taken.get(nxt, 0) + 1
    state = replace(
        state,
        units=units,
        leaders=leaders,
        active=nxt,
        player_turn=state.player_turn + 1,
        turns_taken=tuple(sorted(taken.items())),
        pending=(),
    )
    state = start_of_turn(state, narrative)
    if dice is not None:
        state = flank_arrivals(state, dice, narrative)
    broken = list(broken_sides(state, World(state).profiles))
    if broken:
        winner = "" if len(broken) == 2 else state.other(broken[0])
        narrative.append(f"{' and '.join(state.side(k).name for k in broken)} reached the break point [WC.SEQ.10].")
        return replace(state, phase=Phase.OVER, winner=winner)
    if "WC.SCN.14" in state.special:
        dead = [g for g in state.leaders if g.role.value == "marshal" and g.lost]
        if dead:
            narrative.append(f"{dead[0].name} is lost: the battle ends [WC.SCN.14].")
            return replace(state, phase=Phase.OVER, winner=state.other(dead[0].side))
    if state.player_turn > 2 * state.max_turns:
        narrative.append(f"The battle ends after {state.max_turns} turns.")
        state = replace(state, phase=Phase.OVER, winner=_turn_limit_winner(state))
    return state


def side_losses(state: State, side: str) -> int:
    """Losses toward the break point: stands lost, plus 6, 3 or 1 for each Marshal, Earl or Captain
    lost [WC.LEADER.11] [WC.SEQ.10], counted as [WC.BREAK.2] [WC.BREAK.3] say."""
    from .breakpoints import losses

    return losses(state, side, World(state).profiles)


def start_of_turn(state: State, narrative: list[str]) -> State:
    """The start-of-turn steps for the side about to move [WC.SEQ.2]: units sent to camp are placed
    there (step 2, [WC.CAMP.3]); a lost Marshal or Earl is replaced (step 3, [WC.LEADER.12]).
    Flank-march arrivals (step 4) follow in :func:`flank_arrivals`; hold-fire markers (step 1),
    reaction chits (step 5) and feigned retreats (step 6) belong to the Reaction Test and Shooting
    Phases' own start."""
    from .camps import return_units
    from .leaders import replacement

    side = state.active
    state, lines = return_units(state, side)
    narrative.extend(lines)
    have = {g.id for g in state.leaders}
    for g in state.leaders:
        if g.side == side and g.lost and g.role.value != "captain" and f"{g.id}_r" not in have:
            if g.ability.value == "replacement":
                continue
            new = replacement(state, g)
            narrative.append(f"{new.name} takes command [WC.LEADER.12].")
            state = replace(state, leaders=(*state.leaders, new))
    return start_of_turn_fire(state, narrative)


def flank_arrivals(state: State, dice: DiceSource, narrative: list[str]) -> State:
    """At the start of its owner's turns a flank march that passed its test arrives on a 1D6 of at
    most the turn's number, placed along its table edge in the half nearer the enemy, facing in,
    2 cm from the enemy; units with no room try again next turn [WC.DEPLOY.6] [WC.DEPLOY.9]."""
    from .deploy import flank_arrival_spots, flank_march_arrives
    from .model import FlankStatus
    from .placement import place_unit

    out = []
    for f in state.flank_marches:
        if f.side != state.active or f.status is not FlankStatus.WILL_ARRIVE:
            out.append(f)
            continue
        turn = state.own_turns(f.side)
        die = dice.roll(6, f"flank march of {state.leader(f.leader).name}: arrival on turn {turn}")
        if not flank_march_arrives(turn, die):
            narrative.append(f"The flank march does not arrive ({die} > {turn}).")
            out.append(f)
            continue
        f = replace(f, edge_left=arrival_edge(state, f, dice))
        state = _place_march(state, f, place_unit, flank_arrival_spots, narrative)
        out.append(replace(f, status=FlankStatus.ARRIVED))
    return replace(state, flank_marches=tuple(out))


ARRIVAL_WATCH_CM = 30.0
"""Enemy stands this close to a side edge make it the worse one to arrive by [WC.PD.5]."""


def arrival_edge(state: State, f: Any, dice: DiceSource) -> bool:
    """The edge a flank march comes on by (True: x = 0) [WC.PD.5]: the one its order named;
    otherwise the side's standing order ``flank-edge`` (``left``, ``right``, or ``ask`` for a
    decision request); by default the side edge with fewer enemy stands within 30 cm of it, x = 0
    on a tie."""
    from shapely.geometry import LineString

    from .standing import decide, standing

    if f.edge_left is not None:
        return bool(f.edge_left)
    mode = standing(state, f.side, "flank-edge")
    if mode in ("left", "right"):
        return mode == "left"
    world = World(state)
    w, d = state.width / 100, state.depth / 100
    edges = {True: LineString([(0, 0), (0, d)]), False: LineString([(w, 0), (w, d)])}
    near = {
        k: sum(
            1 for e in world.enemies(f.side) for r in world.rects(e) if r.polygon().distance(line) <= ARRIVAL_WATCH_CM
        )
        for k, line in edges.items()
    }
    default = "left" if near[True] <= near[False] else "right"
    question = f"flank march of {state.leader(f.leader).name}: arrive by the left (x = 0) or the right edge?"
    pick = decide(state, dice, f.side, "flank-edge", question, ("left", "right"), default, tag=f.leader)
    return pick == "left"


def _place_march(state: State, f: Any, place_unit: Any, spots_for: Any, narrative: list[str]) -> State:
    world = World(state)
    units = [state.unit(u) for u in f.units]
    profiles = [world.profile(u) for u in units]
    fronts = [p.width / 100 * u.files for p, u in zip(profiles, units, strict=True)]
    depths = [p.depth / 100 * -(-len(u.stands) // u.files) for p, u in zip(profiles, units, strict=True)]
    side_a = state.side(f.side).player == "A"
    spots = spots_for(f.edge_left, side_a, state.width / 100, state.depth / 100, fronts, depths)
    placed = []
    for u, p, (x, y, facing) in zip(units, profiles, spots, strict=False):
        stands = place_unit(p, len(u.stands), (q_cm(x), q_cm(y)), round(facing * 100), u.files)
        new = replace(u, stands=stands, on_table=True)
        foot = World(state.with_unit(new)).foot(new)
        if any(foot.distance(world.foot(e)) < 2.0 for e in world.enemies(u.side)):
            continue
        state = state.with_unit(new)
        placed.append(u.id)
    g = state.leader(f.leader)
    if placed:
        x, y = World(state).bound(state.unit(placed[0])).front_mid()
        state = state.with_leader(replace(g, away=False, x=q_cm(x), y=q_cm(y)))
    narrative.append(f"The flank march under {g.name} arrives: {', '.join(placed) or 'no room yet'}.")
    return state


def _turn_limit_winner(state: State) -> str:
    """Bannockburn: the Scots win if not broken after 12 turns [WC.SCN.15]; otherwise a draw."""
    if "WC.SCN.15" in state.special:
        return next((s.key for s in state.sides if s.player == "B"), "")
    return ""


def unit_centre(rects: tuple[Rect, ...]) -> tuple[float, float]:
    """Mean of stand centres."""
    return (sum(r.cx for r in rects) / len(rects), sum(r.cy for r in rects) / len(rects))


def point_in(p: tuple[float, float], g: Any) -> bool:
    """Is a point inside a shape."""
    return bool(g.intersects(Point(p)))
