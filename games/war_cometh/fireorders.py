"""Orders for shooting, Hold Fire, closing targets, standing orders and dismounting, and their
checks at submission: each refused with the exact reason (range, arc, line of sight, nearest
target) and the rule [WC.SHOOT.1] [WC.SHOOT.3] [WC.TARGET.2] [WC.FALLBACK.10] [WC.EVENT.5].

::

    shoot E_AR1                     # at the nearest enemy it may shoot [WC.TARGET.2]
    shoot E_AR1 at S_PK3            # a named target: refused unless legal and nearest (or tied)
    shoot E_BOM class cavalry       # artillery picks a class of target [WC.TARGET.1]
    holdfire E_AR2                  # Hold Fire: fire at chargers later [WC.SHOOT.3] [WC.PD.12]
    holdfire E_AR2 until end        # ... or at the end of this Movement Phase [WC.SHOOT.5]
    close S_PK3                     # resolve that target's fallback now [WC.FALLBACK.10]
    standing charge-fire ask        # standing orders [WC.PD.9] [WC.PD.13] [WC.PD.17]
    standing reaction charge S_KN1
    dismount E_KN1                  # an order to dismount [WC.DISMOUNT.1]
"""

from __future__ import annotations

from typing import Any

from campaign.kit.reader import Cursor, LineError
from campaign.ruleset import OrderError

from .model import State
from .ordertypes import Context, Order
from .standing import KEYS
from .targets import TARGET_CLASSES, candidates, check_target, nearest_target
from .world import World

__all__ = ["VERBS", "bot_fire", "fire_options", "fire_problems"]


def _shoot(c: Cursor, ctx: Context) -> Order:
    uid = c.choice("one of your units", ctx.unit_ids(), "WC.SHOOT.1")
    data: dict[str, Any] = {"unit": uid}
    text = f"shoot {uid}"
    while c.more():
        if c.accept("at"):
            enemies = {u.id.lower(): u.id for u in ctx.state.units if u.side != ctx.side}
            data["target"] = c.choice("an enemy unit", enemies, "WC.TARGET.2")
            text += f" at {data['target']}"
        elif c.accept("class"):
            data["class"] = c.choice("a target class", {k: k for k in TARGET_CLASSES}, "WC.TARGET.1")
            text += f" class {data['class']}"
        else:
            w = c.next("'at UNIT' or 'class CLASS'")
            raise LineError(f"expected 'at UNIT' or 'class CLASS', found {w.text!r}", w.column, "WC.SHOOT.1")
    return Order("shoot", data, text)


def _holdfire(c: Cursor, ctx: Context) -> Order:
    uid = c.choice("one of your units", ctx.unit_ids(), "WC.SHOOT.3")
    when = "charge"
    if c.accept("until"):
        when = c.choice("'charge' or 'end'", {"charge": "charge", "end": "end"}, "WC.SHOOT.5")
    text = f"holdfire {uid}" + (" until end" if when == "end" else "")
    return Order("holdfire", {"unit": uid, "when": when}, text)


def _close(c: Cursor, ctx: Context) -> Order:
    enemies = {u.id.lower(): u.id for u in ctx.state.units if u.side != ctx.side}
    target = c.choice("an enemy unit", enemies, "WC.FALLBACK.10")
    return Order("close", {"target": target}, f"close {target}")


def _standing(c: Cursor, ctx: Context) -> Order:
    key = c.choice("a standing order", {k: k for k in KEYS}, "WC.PD.9")
    values, _, _ = KEYS[key]
    value = c.choice(" or ".join(values), {v: v for v in values}, "WC.PD.9")
    unit = ""
    if c.more():
        unit = c.choice("one of your units", ctx.unit_ids(), "WC.PD.9")
    data = {"key": key, "value": value, "unit": unit}
    return Order("standing", data, f"standing {key} {value}" + (f" {unit}" if unit else ""))


def _dismount(c: Cursor, ctx: Context) -> Order:
    from .ordertypes import _marshal

    uid = c.choice("one of your units", ctx.unit_ids(), "WC.DISMOUNT.1")
    leader = ctx.commander or _marshal(ctx)
    data = {"leader": leader, "unit": uid, "steps": [], "through": [], "dismount": True}
    return Order("order", data, f"dismount {uid}")


VERBS = (
    ("shoot", _shoot, "shoot UNIT [at ENEMY] [class CLASS]"),
    ("holdfire", _holdfire, "holdfire UNIT [until charge|end]"),
    ("close", _close, "close ENEMY"),
    ("standing", _standing, "standing KEY VALUE [UNIT]"),
    ("dismount", _dismount, "dismount UNIT"),
)
"""Verb, parser, usage: added to the order grammar."""


def _err(line: int, rule: str, text: str) -> OrderError:
    return OrderError(line, 1, rule, text, "")


def fire_problems(state: State, side: str, orders: list[tuple[int, Order]]) -> list[OrderError]:
    """The refusals of shooting orders at submission, against the position now [WC.EVENT.5]: a
    unit shoots or holds fire once [WC.SHOOT.1]; a named target must be legal (range, arc, sight,
    contact) and nearest [WC.SHOOT.9] [WC.TARGET.2]; a unit that fires may not also move unless
    it may shoot and move [WC.SHOOT.1] [WC.SHOOT.3]; dismounting is checked [WC.DISMOUNT.1]."""
    from .dismount import dismount_problem
    from .shooting import shoot_and_move

    world = World(state)
    errors: list[OrderError] = []
    firing: dict[str, int] = {}
    for line, o in orders:
        if o.kind in ("shoot", "holdfire"):
            uid = o.data["unit"]
            if uid in firing:
                errors.append(_err(line, "WC.SHOOT.1", f"unit {uid} already has a shooting order (line {firing[uid]})"))
                continue
            firing[uid] = line
            problem = _shot_problem(state, world, o)
            if problem:
                errors.append(_err(line, problem[0], problem[1]))
        elif o.kind == "order" and o.data.get("dismount"):
            problem = dismount_problem(world, state.unit(o.data["unit"]))
            if problem:
                errors.append(_err(line, problem[0], problem[1]))
    for line, o in orders:
        uid = o.data.get("unit", "")
        if o.kind in ("order", "battleline") and uid in firing and o.data.get("steps"):
            units = o.data.get("units", [uid])
            for u in units:
                if u in firing and not shoot_and_move(world.profile(state.unit(u))):
                    errors.append(_err(line, "WC.SHOOT.1", f"unit {u} shoots or holds fire this turn and may not move"))
    return errors


def _shot_problem(state: State, world: World, o: Order) -> tuple[str, str] | None:
    unit = state.unit(o.data["unit"])
    if o.kind == "holdfire":
        if unit.condition.value == "routed":
            return ("WC.SHOOT.12", f"unit {unit.id} is routed and may not shoot")
        if not world.profile(unit).missile_armed:
            return ("WC.SHOOT.3", f"unit {unit.id} has no missile weapon")
        return None
    if "target" in o.data:
        plan = check_target(world, unit, state.unit(o.data["target"]), klass=o.data.get("class", ""))
        return (plan.rule, plan.problem) if not plan.ok else None
    near = nearest_target(world, unit, klass=o.data.get("class", ""))
    if near is None:
        from .fire import plan_shot

        reasons = [plan_shot(world, unit, e) for e in world.enemies(unit.side)]
        best = min(reasons, key=lambda p: p.distance, default=None)
        if best is None:
            return ("WC.SHOOT.9", "there is no enemy on the table")
        return (best.rule, f"no enemy unit it may shoot (nearest: {best.problem})")
    return None


def fire_options(world: World, unit: Any) -> list[Any]:
    """LEGAL's shooting lines for one unit: the nearest legal target (and any tied with it) with
    its range, Hold Fire, and dismounting when allowed [WC.TARGET.2] [WC.SHOOT.3] [WC.DISMOUNT.1]."""
    from campaign.kit.legal import Option, OptionKind

    from .dismount import dismount_problem
    from .rout import may_shoot

    out: list[Option] = []
    if world.profile(unit).missile_armed and may_shoot(unit):
        found = candidates(world, unit)
        for plan in found:
            if plan.distance > found[0].distance + 1e-6:
                break
            bands = sorted({s.band.value for s in plan.stands})
            detail = f"{plan.distance:.1f} cm, {'/'.join(bands)} range, {len(plan.stands)} stand(s)"
            out.append(Option(OptionKind.SHOOT, f"shoot {unit.id} at {plan.target}", target=plan.target, detail=detail))
        out.append(Option(OptionKind.OTHER, f"holdfire {unit.id}", detail="fire at chargers later; no move"))
    if dismount_problem(world, unit) is None:
        out.append(Option(OptionKind.OTHER, f"dismount {unit.id}", detail="needs Carry On (a rally if disordered)"))
    return out


def bot_fire(state: State, side: str) -> tuple[list[str], set[str]]:
    """The computer player's shooting: a missile unit shoots at the nearest target when one of its
    stands has it at effective range, or always if it is artillery or may shoot and still move;
    otherwise it moves closer. Returns the lines and the units that must not move [WC.SHOOT.1]
    [WC.TARGET.2]."""
    from .rout import may_shoot
    from .shooting import Band, shoot_and_move
    from .troops import Category

    world = World(state)
    lines: list[str] = []
    stay: set[str] = set()
    for u in sorted(world.on_table(), key=lambda x: x.id):
        if u.side != side or not world.profile(u).missile_armed or not may_shoot(u):
            continue
        near = nearest_target(world, u)
        if near is None:
            continue
        free = shoot_and_move(world.profile(u)) or world.category(u) in (Category.ARTILLERY, Category.WAR_WAGON)
        if not free and all(x.band is Band.LONG for x in near.stands):
            continue
        lines.append(f"shoot {u.id}")
        if not shoot_and_move(world.profile(u)):
            stay.add(u.id)
    return lines, stay
