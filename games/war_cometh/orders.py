"""The War Cometh order language: measured moves a player can write in a mail without a protractor.

Movement phase::

    commander bruce                          # the commander whose orders follow [WC.CMD.4]
    unit SC_PK5 wheel left 30 then forward 12
    unit SC_PK5 forward 5                    # a second order to the same unit (2nd Order -2)
    unit SC_PK6 move to contact unit SC_PK5
    unit SC_KN1 follow unit SC_PK6
    unit SC_AR1 move to bridge               # a named reference point of the scenario
    unit SC_PK1 form column then forward 10 through SC_SF1
    leader keith move to 90 80 attach SC_KN1 # leaders move after every unit [WC.LEADER.6]

Deployment phase::

    place unit SC_PK1 at 60 100 facing -90 line 2
    place leader bruce at 80 110

Distances are cm and angles degrees, decimals allowed; every refusal names line, column and rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from campaign.kit.reader import Cursor, Grammar, LineError
from campaign.table.frame import q_deg

from .model import Formation, State
from .ordertypes import Context, Order, _marshal
from .plans import Plan, Step, StepKind

__all__ = ["Context", "Order", "grammar", "read_orders"]


def _number(c: Cursor, what: str, *, signed: bool = False) -> Fraction:
    """A decimal number (cm or degrees) as an exact Fraction."""
    w = c.next(what)
    try:
        v = Fraction(w.text)
    except ValueError:
        raise LineError(f"expected {what} (a number such as 12 or 7.5), found {w.text!r}", w.column) from None
    if v < 0 and not signed:
        raise LineError(f"{what} must not be negative", w.column)
    return v


def _hundredths(v: Fraction) -> int:
    return round(v * 100)


def _plan(c: Cursor, ctx: Context, uid: str) -> Plan:
    """Steps separated by ``then``, with ``through UNIT`` clauses anywhere."""
    steps: list[Step] = []
    through: list[str] = []
    while c.more():
        if c.accept("through"):
            through.append(c.choice("a friendly unit to pass through", ctx.unit_ids(), "WC.THROUGH.1"))
            continue
        if steps and not c.accept("then", "and"):
            w = c.next("'then'")
            raise LineError(f"expected 'then' between steps, found {w.text!r}", w.column)
        steps.append(_step(c, ctx))
    if not steps:
        raise LineError("say what the unit does, e.g. 'forward 10'", c.column, "WC.MOVE.10")
    return Plan(uid, tuple(steps), tuple(through))


_STEPS = ("forward", "back", "left", "right", "wheel", "turn", "face", "move", "close", "follow", "form", "cross")


def _step(c: Cursor, ctx: Context) -> Step:
    """One step of a plan."""
    word = c.choice("a move step", {s: s for s in _STEPS}, "WC.MOVE.10")
    if word in ("forward", "back", "left", "right"):
        return Step(StepKind(word), dist=_hundredths(_number(c, "a distance in cm")))
    if word in ("wheel", "turn"):
        if word == "turn" and c.accept("about"):
            return Step(StepKind.TURN, angle=18000, left=True)
        side = c.choice("left or right", {"left": True, "right": False})
        return Step(StepKind(word), angle=_hundredths(_number(c, "an angle in degrees")), left=side)
    if word == "face":
        return Step(StepKind.FACE, angle=q_deg(float(_number(c, "a bearing in degrees", signed=True))))
    if word == "move":
        c.accept("to")
        if c.accept("contact"):
            c.accept("unit")
            return Step(StepKind.CONTACT, target=c.choice("a unit", ctx.any_unit()))
        return _move_to(c, ctx)
    if word == "close":
        c.accept("on")
        c.accept("unit")
        return Step(StepKind.CLOSE, target=c.choice("an enemy unit", ctx.any_unit()))
    if word == "follow":
        c.accept("unit")
        return Step(StepKind.FOLLOW, target=c.choice("a friendly unit", ctx.unit_ids()))
    if word == "form":
        return _form(c)
    return Step(StepKind.CROSS)


def _move_to(c: Cursor, ctx: Context) -> Step:
    """``move to X Y`` or ``move to PLACE``."""
    places = {name.lower(): name for name, _, _ in ctx.state.places}
    if c.peek() in places:
        return Step(StepKind.MOVE_TO, target=places[c.next("a place").lower])
    if c.peek() and not c.peek().replace(".", "", 1).isdigit():
        c.choice("a reference point or 'X Y'", places or {"x y": "x y"}, "WC.MOVE.10")
    x = _number(c, "the x coordinate in cm")
    y = _number(c, "the y coordinate in cm")
    return Step(StepKind.MOVE_TO, x=_hundredths(x), y=_hundredths(y))


def _form(c: Cursor) -> Step:
    """``form line N [left|right] [facing DEG]``, ``form column``, ``form hedgehog``,
    ``form refused left|right``, ``form u``: the anchor stand is the middle of the front rank
    unless ``left`` or ``right`` names an end; with ``facing`` it pivots to that bearing
    [WC.FORM.9] [WC.FORM.13] [WC.FORM.7] [WC.FORM.8]."""
    shapes = {
        "line": Formation.LINE,
        "column": Formation.COLUMN,
        "hedgehog": Formation.HEDGEHOG,
        "refused": Formation.REFUSED,
        "u": Formation.U,
    }
    shape = c.choice("a formation", shapes)
    files = c.integer("the number of files", low=1, high=12) if shape is Formation.LINE else 0
    if shape is Formation.REFUSED:
        anchor = c.choice("left or right (the refused flank)", {"left": "left", "right": "right"})
    else:
        anchor = c.accept("left", "right") or ""
    facing = q_deg(float(_number(c, "a bearing", signed=True))) if c.accept("facing") else None
    return Step(StepKind.FORM, formation=shape, files=files, target=anchor, facing=facing)


def _commander(c: Cursor, ctx: Context) -> Order:
    lid = c.choice("one of your commanders", ctx.leader_names(), "WC.CMD.6")
    if lid in ctx.seen_commanders and ctx.commander != lid:
        raise LineError(
            f"{lid} already gave his orders: a commander finishes all his orders before another starts",
            c.line.words[1].column,
            "WC.CMD.4",
        )
    ctx.commander = lid
    if lid not in ctx.seen_commanders:
        ctx.seen_commanders.append(lid)
    return Order("commander", {"leader": lid}, f"commander {lid}")


def _unit(c: Cursor, ctx: Context) -> Order:
    uid = c.choice("one of your units", ctx.unit_ids(), "WC.CMD.6")
    if c.accept("charge"):
        from .charge_orders import read_charge

        return read_charge(c, ctx, uid, ctx.commander or _marshal(ctx))
    plan = _plan(c, ctx, uid)
    leader = ctx.commander or _marshal(ctx)
    data = {"leader": leader, "unit": uid, "steps": [s.dump() for s in plan.steps], "through": list(plan.through)}
    return Order("order", data, f"unit {uid} {plan.text()}")


def _battleline(c: Cursor, ctx: Context) -> Order:
    """``battleline A B C STEP ...``: one order for every unit named [WC.BATTLELINE.4]."""
    ids = ctx.unit_ids()
    units: list[str] = []
    while c.peek() in ids:
        units.append(ids[c.next("a unit").lower])
    if not units:
        c.choice("one of your units", ids, "WC.BATTLELINE.1")
    plan = _plan(c, ctx, units[0])
    leader = ctx.commander or _marshal(ctx)
    data = {
        "leader": leader,
        "units": units,
        "unit": units[0],
        "steps": [s.dump() for s in plan.steps],
        "through": list(plan.through),
    }
    return Order("battleline", data, f"battleline {' '.join(units)} {plan.text()}")


def _leader(c: Cursor, ctx: Context) -> Order:
    lid = c.choice("one of your leaders", ctx.leader_names(), "WC.LEADER.6")
    to: list[int] | None = None
    attach = ""
    while c.more():
        if c.accept("move"):
            c.accept("to")
            x, y = _number(c, "the x coordinate in cm"), _number(c, "the y coordinate in cm")
            to = [_hundredths(x), _hundredths(y)]
        elif c.accept("attach"):
            c.accept("to")
            attach = c.choice("a friendly unit", ctx.unit_ids(), "WC.LEADER.6")
        elif c.accept("detach"):
            attach = "-"
        else:
            w = c.next("'move to X Y' or 'attach UNIT'")
            raise LineError(f"expected 'move to X Y', 'attach UNIT' or 'detach', found {w.text!r}", w.column)
    text = f"leader {lid}" + (f" move to {to[0] / 100:g} {to[1] / 100:g}" if to else "")
    text += f" attach {attach}" if attach and attach != "-" else (" detach" if attach == "-" else "")
    return Order("leader", {"leader": lid, "to": to, "attach": attach}, text)


def _place(c: Cursor, ctx: Context) -> Order:
    what = c.choice("'unit' or 'leader'", {"unit": "unit", "leader": "leader"})
    if what == "leader":
        lid = c.choice("one of your leaders", ctx.leader_names(), "WC.DEPLOY.13")
        c.accept("at")
        x, y = _number(c, "x in cm"), _number(c, "y in cm")
        data = {"leader": lid, "x": _hundredths(x), "y": _hundredths(y)}
        return Order("place-leader", data, f"place leader {lid} at {float(x):g} {float(y):g}")
    uid = c.choice("one of your units", ctx.unit_ids(), "WC.DEPLOY.13")
    c.accept("at")
    x, y = _number(c, "x in cm"), _number(c, "y in cm")
    facing = 0
    if c.accept("facing"):
        facing = q_deg(float(_number(c, "a bearing in degrees", signed=True)))
    files = 0
    if c.accept("line"):
        files = c.integer("the number of files", low=1, high=12)
    elif c.accept("column"):
        files = 1
    data = {"unit": uid, "x": _hundredths(x), "y": _hundredths(y), "facing": facing, "files": files}
    text = f"place unit {uid} at {float(x):g} {float(y):g} facing {facing / 100:g}" + (
        f" line {files}" if files > 1 else " column" if files == 1 else ""
    )
    return Order("place", data, text)


def _flank(c: Cursor, ctx: Context) -> Order:
    """``flank march LEADER UNIT ... [edge left|right]`` during deployment [WC.DEPLOY.6] [WC.DEPLOY.9]."""
    c.accept("march")
    lid = c.choice("an Earl or Captain to lead it", ctx.leader_names(), "WC.DEPLOY.6")
    ids = ctx.unit_ids()
    units: list[str] = []
    while c.peek() in ids:
        units.append(ids[c.next("a unit").lower])
    if not units:
        c.choice("one of your units", ids, "WC.DEPLOY.6")
    left: bool | None = None  # no edge: chosen on arrival [WC.PD.5]
    if c.accept("edge"):
        left = c.choice("left or right", {"left": True, "right": False}, "WC.DEPLOY.9")
    text = f"flank march {lid} {' '.join(units)}" + ("" if left is None else f" edge {'left' if left else 'right'}")
    return Order("flank", {"leader": lid, "units": units, "edge_left": left}, text)


def _done(c: Cursor, ctx: Context) -> Order:
    return Order("done", {}, "done")


def grammar() -> Grammar[Context, Order]:
    """The order language as a grammar table."""
    g: Grammar[Context, Order] = Grammar("war-cometh")
    g.verb("commander", _commander, aliases=("by",), usage="commander NAME")
    g.verb("unit", _unit, usage="unit ID STEP [then STEP ...] [through ID]")
    g.verb("battleline", _battleline, usage="battleline ID ID ID STEP [then STEP ...]")
    g.verb("leader", _leader, usage="leader NAME [move to X Y] [attach UNIT | detach]")
    g.verb("place", _place, usage="place unit ID at X Y [facing DEG] [line FILES | column]")
    g.verb("flank", _flank, usage="flank march LEADER UNIT [UNIT ...] [edge left|right]")
    g.verb("done", _done, aliases=("hold", "wait"), usage="done")
    from .fireorders import VERBS

    for verb, parse, usage in VERBS:
        g.verb(verb, parse, usage=usage)
    return g


_GRAMMAR = grammar()


def read_orders(state: State, side: str, text: str) -> tuple[list[tuple[int, Order]], list[Any]]:
    """Every order of ``text`` (with its line number) and every error."""
    ctx = Context(state, side)
    result = _GRAMMAR.read(text, ctx)
    return [(line.number, o) for line, o in result.orders], list(result.errors)
