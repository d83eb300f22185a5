"""What each unit may do now, as order lines the checker accepts (LEGAL, the order sheet, the
computer player) [WC.MOVE.10]."""

from __future__ import annotations

import math

from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions

from .checks import check_orders
from .fireorders import fire_options
from .model import Phase, State, Unit
from .movement import allowance, carry_out
from .orders import read_orders
from .plans import Plan, Step, StepKind
from .world import World

__all__ = ["legal_options"]


def charge_options(state: State, side: str, u: Unit) -> list[Option]:
    """Every charge the unit could make now, checked like a player's order [WC.CHARGE.12]."""
    from .charges import Charge, charge_problem

    world = World(state)
    out = []
    for e in sorted(world.enemies(side), key=lambda e: e.id):
        c = charge_problem(world, u, e)
        line = f"unit {u.id} charge unit {e.id}"
        if isinstance(c, Charge) and _ok(state, side, line):
            detail = f"{c.reach:.1f} cm into its {c.edge.value}, {c.flush} stand(s) flush"
            out.append(Option(OptionKind.CHARGE, line, target=e.id, cost=round(c.reach), detail=detail))
    return out


def _ok(state: State, side: str, line: str) -> bool:
    orders, errors = read_orders(state, side, line)
    return not errors and not check_orders(state, side, orders)


def legal_options(state: State, side: str, phase: str) -> LegalOptions:
    """For each of the side's units on the table: the longest legal move straight ahead, wheels of
    45° either way, and the formation changes that are legal now (each line checked as if its
    command roll were Carry On; the roll may still give less)."""
    if state.phase is not Phase.MOVEMENT or state.active != side:
        return LegalOptions(side, phase, (), ("nothing to order now",))
    world = World(state)
    units = []
    for u in world.on_table():
        if u.side != side:
            continue
        b = world.bound(u)
        where = f"({b.front_mid()[0]:.1f}, {b.front_mid()[1]:.1f}) facing {u.facing:g}"
        rate = allowance(world, u, Plan(u.id, (Step(StepKind.FORWARD, dist=100),)))[0]
        probe = carry_out(world, u, Plan(u.id, (Step(StepKind.FORWARD, dist=round(rate * 100)),)), strict=False)
        opts: list[Option] = []
        ahead = math.hypot(probe.path[-1][0] - probe.path[0][0], probe.path[-1][1] - probe.path[0][1])
        dist = int(ahead * 100) / 100
        if dist >= 0.01 and _ok(state, side, f"unit {u.id} forward {dist:g}"):
            opts.append(
                Option(OptionKind.MOVE, f"unit {u.id} forward {dist:g}", cost=round(dist), detail="as far as is legal")
            )
        for turn in ("left", "right"):
            line = f"unit {u.id} wheel {turn} 45"
            if _ok(state, side, line):
                opts.append(Option(OptionKind.FACE, line, detail=f"the front-{turn} corner stays"))
        for form in ("form column", f"form line {len(u.stands)}", "form hedgehog"):
            line = f"unit {u.id} {form}"
            if _ok(state, side, line):
                opts.append(Option(OptionKind.FORMATION, line, cost=10, detail="10 cm"))
        opts += charge_options(state, side, u)
        opts += [o for o in fire_options(world, u) if _ok(state, side, o.order)]
        notes = () if opts else ("no legal move now",)
        units.append(UnitOptions(u.id, u.name, where, tuple(opts), notes))
    return LegalOptions(side, phase, tuple(units))
