"""The bound's orders as a table of order kind -> (verify, apply) [HH.SEQ.11, HH.PD.*].

One entry per kind of order (`campaign.kit.runner.OrderTable`): ``verify`` says why an order cannot
be carried out on the board as it stands (empty when it can), ``apply`` carries it out. The bound
runner (`engine.run_bound`) walks the orders through this table, the validator runs the runner on a
copy, and the computer player (`bot`) keeps only the orders that verify, applying them to its own
copy with the same entries: all three read one definition of each order.

The state the table works on is a `Bound`: the game state plus what the bound collects as it goes
(the narrative, rally choices, Hold Fire decisions). Each entry reads the units under command from
``state.commanded``, fixed once after the Command Move (HH.CMD.4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from campaign.kit.runner import OrderTable, Reason
from campaign.ruleset import DiceSource

from campaign.hexgrid import Hex

from . import orders as O
from .model import Unit
from .movement import Illegal, MovePlan, Problem, continue_move, plan_move, uname
from .reform import (
    do_blocks,
    do_combine,
    do_exchange,
    do_rejoin,
    do_separate,
    verify_blocks,
    verify_combine,
    verify_exchange,
    verify_rejoin,
    verify_separate,
)
from .rules import (
    apply_plan,
    do_disembark,
    do_disengage,
    do_drop_pavisses,
    do_embark,
    do_general_move,
    do_single,
    do_stakes,
    do_swap,
    unit_on_table,
    verify_disembark,
    verify_disengage,
    verify_drop_pavisses,
    verify_embark,
    verify_general_move,
    verify_hold_fire,
    verify_rally,
    verify_single,
    verify_stakes,
    verify_swap,
)
from .shooting import shooting_profile
from .state import GameState
from .zoc import engaged_with, is_engaged


@dataclass(slots=True)
class Bound:
    """The state one bound's orders act on, with what the bound collects as the orders are carried out."""

    state: GameState
    side: str
    lines: list[str] = field(default_factory=list)
    """The narrative so far."""
    problems: list[tuple[int, Problem]] = field(default_factory=list)
    """(order line, why) for each order not carried out (or, for a move, not finished)."""
    rally: dict[int, O.Rally] = field(default_factory=dict)
    """Rally choices by unit, used at the end of movement (HH.DISR.3)."""

    @property
    def commanded(self) -> frozenset[int]:
        return self.state.commanded


K = TypeVar("K")
T = TypeVar("T")


def _checked(check: Callable[[Bound, K], object]) -> Callable[[Bound, K], Sequence[Reason]]:
    """A verify entry from a check that raises Illegal: its Problem is the one reason."""

    def verify(b: Bound, o: K) -> Sequence[Reason]:
        try:
            check(b, o)
        except Illegal as e:
            return [e.problem]
        return []

    return verify


def _narrate(b: Bound, lines: list[str]) -> Bound:
    b.lines += lines
    return b


# --- movement ------------------------------------------------------------------------------------


def _plan(b: Bound, o: O.Move) -> MovePlan:
    u = b.state.units.get(o.unit)
    return plan_move(b.state, o, commanded=u is not None and u.id in b.commanded)


def _apply_move(b: Bound, o: O.Move, dice: DiceSource | None) -> Bound:
    """A normal move (HH.MOVE.2); if contacted units evade, the mover carries on (HH.COMP.45)."""
    plan = _plan(b, o)
    b.lines += apply_plan(b.state, plan)
    try:
        b.lines += carry_on(b.state, plan, o)
    except Illegal as e:
        b.lines.append(f"  {e.problem.message} [{e.problem.code}].")
        b.problems.append((o.line, e.problem))
    return b


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
                    f"{uname(u)} stopped on contact at {state.label(u.hex)}: it entered the zone of control of"
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


def _apply_general(b: Bound, o: O.GeneralMove, dice: DiceSource | None) -> Bound:
    to, notes = verify_general_move(b.state, o)
    return _narrate(b, do_general_move(b.state, o, to, notes))


def _apply_single(b: Bound, o: O.Single, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_single(b.state, o, verify_single(b.state, o, b.commanded)))


def _apply_swap(b: Bound, o: O.Swap, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_swap(b.state, *verify_swap(b.state, o, b.commanded)))


def _apply_disengage(b: Bound, o: O.Disengage, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_disengage(b.state, *verify_disengage(b.state, o, b.commanded)))


def _apply_combine(b: Bound, o: O.Combine, dice: DiceSource | None) -> Bound:
    merged, gone, _size, lost = verify_combine(b.state, o, b.commanded)
    return _narrate(b, do_combine(b.state, merged, gone, lost))


def _apply_blocks(b: Bound, o: O.CombineBlocks, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_blocks(b.state, *verify_blocks(b.state, o, b.commanded)))


def _apply_separate(b: Bound, o: O.Separate, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_separate(b.state, *verify_separate(b.state, o, b.commanded)))


def _apply_embark(b: Bound, o: O.Embark, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_embark(b.state, *verify_embark(b.state, o, b.commanded)))


def _apply_disembark(b: Bound, o: O.Disembark, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_disembark(b.state, *verify_disembark(b.state, o, b.commanded)))


def _skirmish(check: Callable[[], T]) -> T:
    """A skirmish-order check, its refusal as the table's Problem (HH12.SPEC.1, HH12.SPEC.7)."""
    from .skirmish_2012 import SkirmishError

    try:
        return check()
    except SkirmishError as e:
        raise Illegal(Problem(e.code, e.message, e.hint)) from None


def _verify_disperse(b: Bound, o: O.Disperse) -> list[Hex]:
    from .skirmish_2012 import verify_disperse

    u = unit_on_table(b.state, o.unit)
    check_owner(b, u)
    return _skirmish(lambda: verify_disperse(b.state, u, o.hexes, u.id in b.commanded))


def _apply_disperse(b: Bound, o: O.Disperse, dice: DiceSource | None) -> Bound:
    from .skirmish_2012 import do_disperse

    hexes = _verify_disperse(b, o)
    return _narrate(b, do_disperse(b.state, b.state.units[o.unit], hexes))


def _verify_reform(b: Bound, o: O.Reform) -> list[Unit]:
    from .skirmish_2012 import verify_reform

    u = unit_on_table(b.state, o.unit)
    check_owner(b, u)
    return _skirmish(lambda: verify_reform(b.state, u, o.at, b.commanded))


def _apply_reform(b: Bound, o: O.Reform, dice: DiceSource | None) -> Bound:
    from .skirmish_2012 import do_reform

    return _narrate(b, do_reform(b.state, _verify_reform(b, o), o.at))


def check_owner(b: Bound, u: Unit) -> None:
    if u.side != b.side:
        raise Illegal(Problem("HH.MOVE.1", f"{uname(u)} belongs to the other side"))


def _apply_rejoin(b: Bound, o: O.Rejoin, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_rejoin(b.state, *verify_rejoin(b.state, o, b.commanded)))


def _apply_exchange(b: Bound, o: O.Exchange, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_exchange(b.state, *verify_exchange(b.state, o, b.commanded)))


def _apply_pavisses(b: Bound, o: O.DropPavisses, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_drop_pavisses(b.state, verify_drop_pavisses(b.state, o)))


def _apply_stakes(b: Bound, o: O.Stakes, dice: DiceSource | None) -> Bound:
    return _narrate(b, do_stakes(b.state, o, verify_stakes(b.state, o, b.commanded)))


# --- rally, hold fire and the choices for shooting and combat ------------------------------------


def _check_rally(b: Bound, o: O.Rally) -> None:
    verify_rally(b.state, o)
    if o.unit in b.rally:
        raise Illegal(Problem("HH.DISR.3", f"unit {o.unit} has two rally orders"))


def _apply_rally(b: Bound, o: O.Rally, dice: DiceSource | None) -> Bound:
    b.rally[o.unit] = o
    return b


def _apply_hold_fire(b: Bound, o: O.HoldFire, dice: DiceSource | None) -> Bound:
    """Take or remove a Hold Fire marker, decided at the start of the Shooting Phase (HH.ART.4)."""
    u = verify_hold_fire(b.state, o)
    b.state.units[u.id] = replace(u, hold_fire=o.on)
    return _narrate(b, [f"{uname(u)} {'takes' if o.on else 'removes'} a Hold Fire marker [HH.ART.4]."])


Choice = O.Shoot | O.Fight | O.FollowUp | O.Pursue | O.Suppress


def check_choice(state: GameState, side: str, o: Choice) -> None:
    """Board checks for the optional shooting and combat lines that can be made before resolution."""
    uid = o.focus if isinstance(o, O.Fight) else o.unit
    u = state.units.get(uid)
    if u is None or not u.on_table:
        raise Illegal(Problem("HH.PD.22", f"unit {uid} is not on the table"))
    if isinstance(o, O.Suppress):
        v = state.units.get(o.target)
        if shooting_profile(state, u).shoot is None:
            raise Illegal(Problem("HH.SHOOT.21", f"{uname(u)} has no small arms to suppress with"))
        if v is None or v.side == side or shooting_profile(state, v).shoot is None:
            raise Illegal(
                Problem("HH.PD.21", f"unit {o.target} is not an enemy shooter", "name an enemy unit with small arms")
            )
    if isinstance(o, O.Shoot):
        p = state.profile(u)
        if shooting_profile(state, u).shoot is None and not p.is_artillery:
            raise Illegal(Problem("HH.SHOOT.1", f"{uname(u)} has no shooting factor and is not artillery"))
        for t in o.targets:
            v = state.units.get(t)
            if v is None or v.side == side:
                raise Illegal(Problem("HH.SHOOT.11", f"unit {t} is not an enemy unit", "name an enemy unit id"))


def _check_choice(b: Bound, o: Choice) -> None:
    check_choice(b.state, b.side, o)


def _check_results(b: Bound, o: O.ShootingResults) -> None:
    """Ruling HH12.SEQ.A1: only a 2012 game lets the phasing player order the shooting results; the targets must
    be units of the game, and each may be named once."""
    if not b.state.rules.phasing_orders_shooting_results:
        raise Illegal(
            Problem(
                "HH12.SEQ.A1",
                f"{b.state.rules.title} applies the shooting results in a fixed order",
                "leave the `results` line out: it is a 2012 order",
            )
        )
    for t in o.targets:
        if t not in b.state.units:
            raise Illegal(Problem("HH12.SEQ.A1", f"there is no unit {t}", "name the target units by id"))
    if len(set(o.targets)) != len(o.targets):
        raise Illegal(Problem("HH12.SEQ.A1", "a target is named twice", "name each target once"))


def _keep(b: Bound, o: object, dice: DiceSource | None) -> Bound:
    """A choice read later, by the shooting and combat phases (HH.PD.21-37): nothing to do now."""
    return b


def _no_check(b: Bound, o: object) -> Sequence[Reason]:
    return []


def _table() -> OrderTable[Bound, O.Order]:
    t = OrderTable[Bound, O.Order]("hordes-heroes bound")
    t.add(O.GeneralMove, verify=_checked(lambda b, o: verify_general_move(b.state, o)), apply=_apply_general)
    t.add(O.Move, verify=_checked(_plan), apply=_apply_move)
    t.add(O.Single, verify=_checked(lambda b, o: verify_single(b.state, o, b.commanded)), apply=_apply_single)
    t.add(O.Swap, verify=_checked(lambda b, o: verify_swap(b.state, o, b.commanded)), apply=_apply_swap)
    t.add(O.Disengage, verify=_checked(lambda b, o: verify_disengage(b.state, o, b.commanded)), apply=_apply_disengage)
    t.add(O.Combine, verify=_checked(lambda b, o: verify_combine(b.state, o, b.commanded)), apply=_apply_combine)
    t.add(O.CombineBlocks, verify=_checked(lambda b, o: verify_blocks(b.state, o, b.commanded)), apply=_apply_blocks)
    t.add(O.Separate, verify=_checked(lambda b, o: verify_separate(b.state, o, b.commanded)), apply=_apply_separate)
    t.add(O.Embark, verify=_checked(lambda b, o: verify_embark(b.state, o, b.commanded)), apply=_apply_embark)
    t.add(O.Disembark, verify=_checked(lambda b, o: verify_disembark(b.state, o, b.commanded)), apply=_apply_disembark)
    t.add(O.Rejoin, verify=_checked(lambda b, o: verify_rejoin(b.state, o, b.commanded)), apply=_apply_rejoin)
    t.add(O.Disperse, verify=_checked(_verify_disperse), apply=_apply_disperse)
    t.add(O.Reform, verify=_checked(_verify_reform), apply=_apply_reform)
    t.add(O.Exchange, verify=_checked(lambda b, o: verify_exchange(b.state, o, b.commanded)), apply=_apply_exchange)
    t.add(O.DropPavisses, verify=_checked(lambda b, o: verify_drop_pavisses(b.state, o)), apply=_apply_pavisses)
    t.add(O.Stakes, verify=_checked(lambda b, o: verify_stakes(b.state, o, b.commanded)), apply=_apply_stakes)
    t.add(O.Rally, verify=_checked(_check_rally), apply=_apply_rally)
    t.add(O.HoldFire, verify=_checked(lambda b, o: verify_hold_fire(b.state, o)), apply=_apply_hold_fire)
    choice = _checked(_check_choice)
    t.add(O.Shoot, verify=choice, apply=_keep)
    t.add(O.Fight, verify=choice, apply=_keep)
    t.add(O.FollowUp, verify=choice, apply=_keep)
    t.add(O.Pursue, verify=choice, apply=_keep)
    t.add(O.Suppress, verify=choice, apply=_keep)
    t.add(O.ShootingResults, verify=_checked(_check_results), apply=_keep)
    t.add(O.GeneralFollowUp, verify=_no_check, apply=_keep)  # HH.GEN.20: the parser admits only own generals
    return t


ORDERS = _table()
"""The bound's order table: every order kind a bound may hold -> (verify, apply)."""
