"""Checking a side's orders before they are accepted: every order is tried in sequence as if each
command roll were Carry On, and refused with its geometric reason and the legal maximum when it
cannot be done; deployment placements are checked the same way [WC.CMD] [WC.MOVE] [WC.DEPLOY].
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shapely.geometry import Point, box
from shapely.ops import unary_union

from campaign.ruleset import OrderError
from campaign.table import overlaps
from campaign.table.frame import cm

from .command import order_radius
from .model import Condition, Formation, Phase, State
from .movement import carry_out
from .orders import Order
from .scenario import place_unit
from .troops import Category
from .turn import apply_move, plan_of
from .world import World

__all__ = ["check_orders", "preview_state", "resolve_deployment", "try_order"]


def _err(line: int, code: str, message: str, hint: str = "") -> OrderError:
    """A refusal whose code is the rule's stable spec ID, ``WC.SECTION.N`` [WC.META.1] [WC.EVENT.5]."""
    return OrderError(line, 1, code, message, "", hint)


def check_orders(state: State, side: str, orders: list[tuple[int, Order]]) -> list[OrderError]:
    """Every problem with a side's orders (empty when they are all legal)."""
    if state.phase is Phase.DEPLOY:
        return _check_deploy(state, side, orders)
    errors: list[OrderError] = []
    sim = state
    by: dict[str, str] = {}
    for line, o in orders:
        if o.kind in ("place", "place-leader"):
            errors.append(_err(line, "WC.DEPLOY.13", "deployment is over: units move by orders now"))
        elif o.kind == "order":
            sim, problem = try_order(sim, o.data, by)
            if problem is not None:
                errors.append(_err(line, problem[0], problem[1], problem[2] if len(problem) > 2 else ""))
        elif o.kind == "battleline":
            sim, problem = _try_battleline(sim, o.data, by)
            if problem is not None:
                errors.append(_err(line, problem[0], problem[1]))
        elif o.kind == "leader":
            problem2 = _leader_problem(sim, o.data)
            if problem2 is not None:
                errors.append(_err(line, problem2[0], problem2[1]))
    from .fireorders import fire_problems

    return errors + fire_problems(state, side, orders)


def try_order(sim: State, data: dict[str, Any], by: dict[str, str]) -> tuple[State, tuple[str, ...] | None]:
    """Try one order as a Carry On; return the state after it, or the refusal."""
    leader = sim.leader(data["leader"])
    unit = sim.unit(data["unit"])
    if not unit.on_table:
        return sim, ("WC.CMD.2", f"unit {unit.id} is not on the table")
    if by.setdefault(unit.id, leader.id) != leader.id:
        return sim, ("WC.CMD.3", f"unit {unit.id} already takes orders from {by[unit.id]} this turn")
    last = by.get(f"last:{leader.id}", "").split(",")
    if unit.id not in last and unit.orders_received > 0:
        return sim, ("WC.CMD.16", f"{leader.name} has moved on from unit {unit.id}: it may take no more orders")
    if unit.id not in last:
        by[f"last:{leader.id}"] = unit.id
    if "WC.SCN.7" in sim.special and unit.side == _english(sim) and sim.own_turns(unit.side) <= 1:
        if World(sim).category(unit) is Category.INFANTRY:
            return sim, ("WC.SCN.7", "on the first turn the English may give no orders to their infantry")
    if not unit.released:
        return sim, ("WC.SCN.8", f"unit {unit.id} may not move until an English knight unit has lost a melee")
    world = World(sim)
    d = world.leader_distance(leader.at, unit)
    radius = order_radius(leader.role)
    if d > radius + 1e-6 and leader.attached_to != unit.id:
        return sim, ("WC.CMD.5", f"unit {unit.id} is {d:.1f} cm from {leader.name}; his order radius is {radius:g} cm")
    if unit.frozen:
        return sim, ("WC.MOVE.13", f"unit {unit.id} may not move this turn")
    if data.get("charge"):
        from .charge_orders import try_charge

        sim, why = try_charge(sim, data)
        if why is None:
            sim = sim.with_unit(replace(sim.unit(unit.id), orders_received=sim.unit(unit.id).orders_received + 1))
        return sim, why
    move = carry_out(world, unit, plan_of(data), strict=True)
    if move.refusal is not None:
        r = move.refusal
        step = plan_of(data).steps[r.step].text() if r.step < len(data["steps"]) else ""
        return sim, (r.rule, f"unit {unit.id}, step '{step}': {r.text()}")
    sim = apply_move(sim, unit, move)
    sim = sim.with_unit(replace(sim.unit(unit.id), orders_received=sim.unit(unit.id).orders_received + 1))
    return sim, None


def _try_battleline(sim: State, data: dict[str, Any], by: dict[str, str]) -> tuple[State, tuple[str, ...] | None]:
    """A battleline order tried as a Carry On for every unit in turn [WC.BATTLELINE.1]–[WC.BATTLELINE.8]."""
    from .battleline import battleline_check

    problems = battleline_check(sim, data["leader"], list(data["units"]))
    if problems:
        rule = problems[0].split("[", 1)[1].split("]")[0] if "[" in problems[0] else "WC.BATTLELINE.1"
        return sim, (rule, problems[0].split(" [", 1)[0])
    for uid in data["units"]:
        by.setdefault(uid, data["leader"])
        one = {**data, "unit": uid}
        sim2, problem = try_order(sim, one, {k: v for k, v in by.items() if not k.startswith("last:")})
        if problem is not None:
            return sim, problem
        sim = sim2
    by[f"last:{data['leader']}"] = ",".join(data["units"])
    return sim, None


def _english(state: State) -> str:
    return next((s.key for s in state.sides if s.player == "A"), "")


def _leader_problem(sim: State, data: dict[str, Any]) -> tuple[str, str] | None:
    g = sim.leader(data["leader"])
    if g.away:
        return ("WC.DEPLOY.6", f"{g.name} is away with a flank march")
    attach = data.get("attach", "")
    if attach and attach != "-" and g.ability.value == "replacement":
        return ("WC.LEADER.12", f"{g.name} is a replacement leader and may never attach to a unit")
    if data.get("to"):
        x, y = data["to"]
        dist = ((cm(x) - cm(g.x)) ** 2 + (cm(y) - cm(g.y)) ** 2) ** 0.5
        if dist > 60.0 + 1e-6:
            return ("WC.LEADER.5", f"{g.name} moves at most 60 cm; that is {dist:.1f} cm")
        world = World(sim)
        for e in world.enemies(g.side):
            if world.foot(e).distance(Point(cm(x), cm(y))) < 2.0:
                return ("WC.LEADER.5", f"{g.name} may not end within 2 cm of enemy unit {e.id}")
    return None


def preview_state(state: State, side: str, orders: list[tuple[int, Order]]) -> State:
    """The state after these orders if every roll were Carry On (for CHECK pictures)."""
    sim = state
    by: dict[str, str] = {}
    for _, o in orders:
        if o.kind == "order":
            sim, _ = try_order(sim, o.data, by)
    return sim


# --- deployment ---------------------------------------------------------------------------


def _check_deploy(state: State, side: str, orders: list[tuple[int, Order]]) -> list[OrderError]:
    """Placements must be in the side's deployment area, on the table, overlap nothing and keep
    2 cm from enemy units [WC.DEPLOY.12] [WC.DEPLOY.13] [WC.GEOM.15]; a flank march must be the
    deployment winner's one, led by an Earl or a Captain [WC.DEPLOY.6] [WC.PD.4]."""
    errors: list[OrderError] = []
    sim = state
    marches = 0
    for line, o in orders:
        if o.kind == "place":
            sim, problem = _place(sim, side, o.data)
            if problem:
                errors.append(_err(line, problem[0], problem[1]))
        elif o.kind == "flank":
            marches += 1
            problem = _flank_problem(state, side, o.data)
            if problem is None and marches > 1:
                problem = ("WC.DEPLOY.6", "one flank march only")
            if problem:
                errors.append(_err(line, problem[0], problem[1]))
        elif o.kind in ("order", "leader", "commander", "shoot", "holdfire", "close", "standing"):
            errors.append(
                _err(line, "WC.DEPLOY.13", "this is the deployment: use 'place unit ID at X Y ...' or 'done'")
            )
    return errors


def _place(state: State, side: str, data: dict[str, Any]) -> tuple[State, tuple[str, str] | None]:
    unit = state.unit(data["unit"])
    world = World(state)
    profile = world.profile(unit)
    files = data["files"] or unit.files
    if files > len(unit.stands):
        return state, ("WC.FORM.4", f"unit {unit.id} has {len(unit.stands)} stands: it cannot make {files} files")
    stands = place_unit(profile, len(unit.stands), (data["x"], data["y"]), data["facing"], files)
    new = replace(
        unit,
        stands=stands,
        files=files,
        formation=Formation.COLUMN if files == 1 and len(stands) > 1 else Formation.LINE,
    )
    foot = unary_union([r.polygon() for r in new.rects(world.profiles)])
    s = state.side(side)
    zone = box(cm(s.deploy_box[0]), cm(s.deploy_box[1]), cm(s.deploy_box[2]), cm(s.deploy_box[3]))
    if s.deploy_box != (0, 0, 0, 0) and not zone.buffer(1e-6).contains(foot):
        x0, y0, x1, y1 = (cm(v) for v in s.deploy_box)
        return state, ("WC.DEPLOY.12", f"unit {unit.id} must be wholly inside x {x0:g}-{x1:g}, y {y0:g}-{y1:g}")
    if not world.table.buffer(1e-6).contains(foot):
        return state, ("WC.GEOM.15", f"unit {unit.id} would be off the table")
    for other in world.on_table():
        if other.id == unit.id:
            continue
        g = world.foot(other)
        if overlaps(foot, g):
            return state, ("WC.GEOM.15", f"unit {unit.id} would overlap unit {other.id}")
        if other.side != side and foot.distance(g) < 2.0:
            return state, ("WC.DEPLOY.12", f"unit {unit.id} would be within 2 cm of enemy unit {other.id}")
    for b in world.barred(new):
        if overlaps(foot, b):
            return state, ("WC.TERR.6", f"unit {unit.id} may not be placed in that terrain")
    return state.with_unit(new), None


def _flank_problem(state: State, side: str, data: dict[str, Any]) -> tuple[str, str] | None:
    """Only the side the scenario allows (the deployment winner) may make one flank march, led by
    an Earl or a Captain [WC.DEPLOY.6] [WC.DEPLOY.10]; there is none unless that side orders one
    [WC.PD.4]."""
    if state.flank_march_side != side:
        return ("WC.DEPLOY.6", "only the deployment winner may make a flank march, and not in this scenario")
    if any(f.side == side for f in state.flank_marches):
        return ("WC.DEPLOY.6", "one flank march only")
    g = state.leader(data["leader"])
    if g.role.value not in ("earl", "captain"):
        return ("WC.DEPLOY.6", f"{g.name} is the {g.role.value}: a flank march is led by an Earl or a Captain")
    return None


def resolve_deployment(state: State, dice: Any = None) -> tuple[State, list[str]]:
    """Apply the deploying side's placements and hand over to the next step [WC.DEPLOY.4]
    [WC.DEPLOY.5]; flank marches are set aside and, once everything is deployed, take their
    arrival test [WC.DEPLOY.6] [WC.DEPLOY.8]. The scenario's ``first`` side (the deployment-roll
    winner by default) moves first [WC.PD.7]."""
    side = state.active
    orders = dict(state.pending).get(side, {"orders": []})["orders"]
    lines = [f"{state.side(side).name} deploy."]
    for o in orders:
        if o["kind"] == "place":
            state, _ = _place(state, side, o["data"])
            lines.append(f"Unit {o['data']['unit']} placed.")
        elif o["kind"] == "place-leader":
            g = state.leader(o["data"]["leader"])
            state = state.with_leader(replace(g, x=o["data"]["x"], y=o["data"]["y"]))
        elif o["kind"] == "flank":
            state = _set_aside(state, side, o["data"])
            lines.append(f"A flank march under {state.leader(o['data']['leader']).name} is set aside.")
    rest = state.deploy_order[1:]
    if rest:
        return replace(state, deploy_order=rest, active=rest[0], pending=()), lines
    first = max(state.turns_taken, key=lambda kv: kv[1])[0] if state.turns_taken else state.sides[0].key
    lines.append(f"Deployment is over; {state.side(first).name} move first.")
    state = _arrival_tests(state, dice, lines)
    units = tuple(replace(u, began_turn=u.condition) for u in state.units)
    return replace(state, deploy_order=(), phase=Phase.MOVEMENT, active=first, pending=(), units=units), lines


def _set_aside(state: State, side: str, data: dict[str, Any]) -> State:
    from .model import FlankMarch

    for uid in data["units"]:
        state = state.with_unit(replace(state.unit(uid), on_table=False))
    g = state.leader(data["leader"])
    state = state.with_leader(replace(g, away=True, attached_to=""))
    march = FlankMarch(side, g.id, tuple(data["units"]), data.get("edge_left"))
    return replace(state, flank_marches=(*state.flank_marches, march))


def _arrival_tests(state: State, dice: Any, lines: list[str]) -> State:
    """Each flank march's leader tests on 2D6 against his rating; a natural 12 fails
    [WC.DEPLOY.8]."""
    from .deploy import flank_march_will_arrive
    from .model import FlankStatus

    out = []
    for f in state.flank_marches:
        if f.status is FlankStatus.SET_ASIDE and dice is not None:
            g = state.leader(f.leader)
            roll = (
                dice.roll(6, f"flank march of {g.name}: arrival test"),
                dice.roll(6, f"flank march of {g.name}: arrival test"),
            )
            ok = flank_march_will_arrive(g.rating, roll)
            verdict = "it will come" if ok else "it fails"
            lines.append(f"Flank march of {g.name}: {roll[0]}+{roll[1]} against {g.rating}: {verdict}.")
            f = replace(f, status=FlankStatus.WILL_ARRIVE if ok else FlankStatus.FAILED)
        out.append(f)
    return replace(state, flank_marches=tuple(out))


def began_disordered(state: State, uid: str) -> bool:
    """Did the unit begin the turn disordered or routed [WC.CMD.15]?"""
    return state.unit(uid).began_turn is not Condition.GOOD
