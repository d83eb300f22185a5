"""Checking a side's order text against the board: every error, with its line and rule [HH.PD.*, HH.SEQ.*].

`check_orders` reads the text with the order language (`language`, grammar tables), checks that the units named are the
side's own, then runs the phase on a copy of the state (`engine.run_deployment`, `engine.run_bound`)
so that each order is judged on the board as the earlier orders leave it. The computer player uses it
to keep only what the validator accepts; the `Ruleset` adapter uses it as `parse_orders`.
"""

from __future__ import annotations

from campaign.kit.reader import Line, split_lines
from campaign.ruleset import AcceptedOrders, OrderError, OrdersRejected

from . import orders as O
from .engine import bound_key, run_bound, run_deployment
from .language import Board, read_line
from .movement import Problem
from .scenario import mid_bound_problems
from .state import GameState, Initiative, Phase


def unit_names(state: GameState) -> dict[int, str]:
    return {uid: u.name for uid, u in state.units.items()}


def check_orders(state: GameState, side: str, text: str) -> AcceptedOrders:
    """The orders `side` may file now, in canonical form; OrdersRejected with every error otherwise."""
    if side not in state.sides:
        raise OrdersRejected(
            [OrderError(0, 0, "side", f"{side!r} is not a side in this game ({', '.join(state.sides)})")]
        )
    lines, errors = split_lines(text)
    standing_only = bool(lines) and all(ln.words[0].lower == "standing" for ln in lines)
    context, key = order_context(state, side, standing_only, errors)
    parsed = read_lines(state, side, lines, context, standing_only, errors)
    by_line = {ln.number: ln.text for ln in lines}
    foreign = foreign_units(state, side, parsed, by_line, errors)
    if not any(e.line == 0 for e in errors):
        problems = board_problems(state, side, context, parsed, [o for o in parsed if o.line not in foreign])
        errors += [OrderError(n, 0, p.code, p.message, text=by_line.get(n, ""), hint=p.hint) for n, p in problems]
    if errors:
        raise OrdersRejected(sorted(errors, key=lambda e: (e.line, e.column)))
    data = [O.order_to_json(o) for o in parsed]
    canon = "\n".join(O.order_text(o, state.field.spec, unit_names(state)) for o in parsed)
    return AcceptedOrders(side, key, data, canon)


def order_context(state: GameState, side: str, standing_only: bool, errors: list[OrderError]) -> tuple[O.Context, str]:
    """Which family of orders the text holds and the request key it answers (HH.SEQ.8, HH.SEQ.9)."""
    if standing_only:
        return O.Context.STANDING, f"standing-{side}"
    if state.phase is Phase.INITIATIVE:
        return O.Context.INITIATIVE, f"initiative-{side}"
    if state.phase is Phase.DEPLOYMENT:
        if side != state.deploying:
            errors.append(OrderError(0, 0, "HH.SEQ.8", f"it is {state.deploying}'s turn to deploy, not {side}'s"))
        return O.Context.DEPLOYMENT, f"deploy-{side}"
    if state.phase is Phase.GAME_OVER:
        raise OrdersRejected([OrderError(0, 0, "game-over", "the game is over")])
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
    return O.Context.BOUND, bound_key(state)


def read_lines(
    state: GameState,
    side: str,
    lines: list[Line],
    context: O.Context,
    standing_only: bool,
    errors: list[OrderError],
) -> list[O.Order]:
    """Each line read in the order language; syntax errors collected (HH.PD.*)."""
    parsed: list[O.Order] = []
    board = Board(
        state.field.spec, unit_names(state), frozenset(g.id for g in state.generals.values() if g.side == side)
    )
    for ln in lines:
        if ln.words[0].lower == "standing" and not standing_only:
            errors.append(
                OrderError(
                    ln.number, 1, "syntax", "standing orders must be sent in a message of their own", text=ln.text
                )
            )
            continue
        order, problems = read_line(ln, context, board)
        errors += problems
        if order is not None:
            parsed.append(order)
    return parsed


def unit_ids(o: O.Order) -> list[int]:
    """The unit ids an order names."""
    out = []
    for name in ("unit", "a", "b", "c", "boat"):
        v = getattr(o, name, None)
        if isinstance(v, int):
            out.append(v)
    return out


def foreign_units(
    state: GameState, side: str, parsed: list[O.Order], by_line: dict[int, str], errors: list[OrderError]
) -> set[int]:
    """The lines naming another side's unit, each with an error."""
    foreign = set()
    for o in parsed:
        for uid in unit_ids(o):
            u = state.units.get(uid)
            if u is not None and u.side != side:
                errors.append(
                    OrderError(
                        o.line, 0, "not-yours", f"unit {uid} ({u.name}) belongs to {u.side}", text=by_line[o.line]
                    )
                )
                foreign.add(o.line)
    return foreign


def board_problems(
    state: GameState, side: str, context: O.Context, parsed: list[O.Order], own: list[O.Order]
) -> list[tuple[int, Problem]]:
    """The phase run on a copy of the state: what would not be carried out, and why."""
    sim = state.copy()
    problems: list[tuple[int, Problem]] = []
    if context is O.Context.DEPLOYMENT:
        _, problems = run_deployment(sim, side, own)
    elif context is O.Context.BOUND and state.phase is not Phase.COMMAND_MOVE:
        problems = mid_bound_problems(state, own)  # a scenario started mid-bound (HH.SEQ.11)
    elif context is O.Context.BOUND:
        _, problems = run_bound(sim, side, own)
    elif context is O.Context.INITIATIVE:
        for o in parsed:
            assert isinstance(o, O.InitiativeChoice)
            if o.edge is not None and state.edges_fixed:
                problems.append((o.line, Problem("HH.PD.4", "this scenario fixes the table edges")))
            if o.deploy_first is not None and state.options.initiative is Initiative.ROLLOFF:
                problems.append((o.line, Problem("HH.SEQ.5", "with the roll-off the winner deploys first")))
    return problems
