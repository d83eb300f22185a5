"""Group moves: stands of one kind, in a connected block with the same facing, step together [PC.MOVE.14].

Every member takes the same step; if any member may not, the whole group halts before that
step; a step that makes contacts resolves them together, one melee per contacted enemy
[PC.MELEE.5]. Groups also turn, make extra moves (a test per member) and rally together
[PC.DISORDER.6] and test for opportunity together, with an attached general's +1 [PC.CMD.7].
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex

from .context import Ctx
from .melee import Movement, charge_contacts, contacted
from . import geometry as G
from .movement import (
    DIFFICULT,
    Illegal,
    MoveState,
    Track,
    _carry_general,
    _chase_generals,
    _check_step,
    _turn,
    can_charge,
    counter_charge,
    do_move,
    end_of_move,
    evasions,
    in_command,
    opportunity_charge,
    opportunity_fire,
    order_test,
)
from .retreat import zoc3_forbids, zoc_holders
from .model import Stand
from .state import Edge, State

ENDS_MOVE = (Edge.CREEK, Edge.FORD, Edge.FIELD_DEFENCE, Edge.RIVER)
"""Hexsides whose crossing ends the move [PC.TERRAIN.7]."""


def connected(st: State, ids: list[str]) -> bool:
    """A connected block of adjacent hexes [PC.MOVE.14]."""
    hexes = {st.stands[i].hex for i in ids}
    seen, todo = set(), [next(iter(hexes))]
    while todo:
        h = todo.pop()
        if h in seen:
            continue
        seen.add(h)
        todo += [n for n in h.neighbours() if n in hexes]
    return seen == hexes


def check_group(st: State, ids: list[str]) -> str:
    """Why these stands may not move as a group ("" if they may) [PC.MOVE.14]."""
    stands = [st.stands[i] for i in ids]
    kinds = {st.troop(s).kind for s in stands}
    if len(kinds) != 1:
        return "a group move needs stands of the same kind [PC.MOVE.14]"
    if len({s.facing for s in stands}) != 1:
        return "a group move needs the same facing for every member [PC.MOVE.14]"
    if not connected(st, ids):
        return "a group move needs a connected block of adjacent hexes [PC.MOVE.14]"
    return ""


def group_move(ctx: Ctx, ids: list[str], moves: list[list[list[object]]]) -> None:
    """Move the group, every member the same way, one move after another [PC.MOVE.14].

    The steps are written as the path of the first stand; each member takes the same steps from its own hex.
    Before each extra move every member takes its own test, in id order; those that fail are disordered and stop, the
    others go on as a group if they still form one, and otherwise each carries on alone [PC.MOVE.14]. A move of turns
    only turns every member the same face.
    """
    st = ctx.st
    why = check_group(st, ids)
    if why:
        raise Illegal(why)
    for i in ids:
        st.moved.add(i)
    tracks = {i: Track(st.stands[i].hex) for i in ids}
    members = list(ids)
    for n, steps in enumerate(moves):
        lead = st.stands[ids[0]].hex  # where the written path stands at the start of this move
        if n > 0:
            members = [i for i in members if _extra_move_test(ctx, i, n + 1)]
            if not members:
                return
            if check_group(st, members):  # a single member is always a "group" of one: it goes on as before
                _carry_on_alone(ctx, members, moves[n:], n, lead, tracks)
                return
        own = shifted(steps, st.stands[members[0]].hex - lead)
        states = {i: MoveState(st.troop(st.stands[i]).mp) for i in members}
        if all(stp[0] == "turn" for stp in own):
            _group_turn(ctx, members, own, states, tracks)
            continue
        if _group_steps(ctx, members, own, states, tracks):
            return


def shifted(steps: list[list[object]], offset: Hex) -> list[list[object]]:
    """The same steps taken from a hex `offset` away from the written path's; turns stay as they are."""
    out: list[list[object]] = []
    for stp in steps:
        if stp[0] == "hex":
            h = Hex(int(stp[1]), int(stp[2])) + offset  # type: ignore[call-overload]  # ["hex", q, r]
            out.append(["hex", h.q, h.r])
        else:
            out.append(list(stp))
    return out


def _carry_on_alone(
    ctx: Ctx, members: list[str], rest: list[list[list[object]]], n: int, lead: Hex, tracks: dict[str, Track]
) -> None:
    """Members that passed but no longer form a group make the rest of the moves one by one, in id order, each
    testing again before every further move [PC.MOVE.14] [PC.MOVE.8]."""
    st = ctx.st
    ctx.say(f"{', '.join(members)} no longer form a group: each carries on alone [PC.MOVE.14]")
    for i in members:
        offset = st.stands[i].hex - lead
        for k, steps in enumerate(rest):
            if k > 0 and not _extra_move_test(ctx, i, n + k + 1):
                break
            try:
                if do_move(ctx, i, shifted(steps, offset), tracks[i]):
                    break
            except Illegal as e:
                ctx.say(f"{i} stops: {e}")
                break


def _extra_move_test(ctx: Ctx, sid: str, move_no: int) -> bool:
    """A member's test for the group's extra move; a fail disorders it [PC.MOVE.8] [PC.MOVE.14]."""
    st = ctx.st
    s = st.stands[sid]
    if s.disordered or not s.on_board:
        return False
    if order_test(ctx, sid, st.troop(s).order_class.value + move_no - 2, f"group move {move_no}"):
        return True
    ctx.disorder(sid)
    return False


def _group_turn(
    ctx: Ctx, ids: list[str], steps: list[list[object]], states: dict[str, MoveState], tracks: dict[str, Track]
) -> None:
    """Every member turns the same faces under its own turning rules; a turn into contact charges [PC.MOVE.14]
    [PC.MOVE.4] [PC.MELEE.1]."""
    st = ctx.st
    # No counter-charge check before the turn: as for a single stand's turn, it could never fire [PC.OPP.5]
    # (see `movement._steps`).
    before = {i: contacted(st, st.stands[i]) for i in ids}
    for stp in steps:
        for i in ids:
            _turn(ctx, i, int(stp[1]), states[i], tracks[i])  # type: ignore[call-overload]  # ["turn", +1 or -1]
    for i in ids:
        end_of_move(ctx, i, states[i])
    ctx.say(f"group turn: {', '.join(ids)}")
    chargers = {i: [st.stands[i].hex] for i in ids if any(e not in before[i] for e in contacted(st, st.stands[i]))}
    if chargers:
        charge_contacts(ctx, chargers, Movement())


def _group_steps(
    ctx: Ctx, ids: list[str], steps: list[list[object]], states: dict[str, MoveState], tracks: dict[str, Track]
) -> bool:
    """One group move of hex steps; True if the group's movement ends: a member made contact, the enemy charged it
    on opportunity, or it halted (enemy zone of control, difficult ground, a hexside that ends the move) with written
    steps left [PC.MOVE.13] [PC.MOVE.14] [PC.TERRAIN.7] [PC.OPP.8]. A halt on the move's last step ends only this
    move: the group may still ask for an extra move, as a single stand may [PC.MOVE.8] [PC.ZOC.2].

    Each member's step is checked as a stand's own (terrain, MP, one kind of step [PC.MOVE.12], no contact without an
    impact factor [PC.MOVE.13], no ending in a ZOC with the enemy on the flank or rear [PC.ZOC.3]) and draws the same
    opportunity responses [PC.OPP.4] [PC.OPP.5]; attached generals go along [PC.CMD.5]; backward and sideways moves
    disorder at the end of the move, also when a step is refused [PC.MOVE.10] [PC.MOVE.11].
    """
    st = ctx.st
    here = st.stands[ids[0]].hex
    chargers: dict[str, list[Hex]] = {}
    halt = interrupted = False
    first = {i: len(tracks[i].path) for i in ids}
    taken = 0
    try:
        for k, stp in enumerate(steps):
            ids = [i for i in ids if st.stands[i].on_board]  # opportunity fire may have destroyed a member
            if not ids:
                break
            target = Hex(int(stp[1]), int(stp[2]))  # type: ignore[call-overload]  # ["hex", q, r]
            delta = target - here
            moves = {i: st.stands[i].hex + delta for i in ids}
            _check_members(st, ids, moves, states)
            # A stand on opportunity that a member's step would contact counter-charges it first, as it would a
            # single stand; the group's movement then ends [PC.OPP.4] (b) [PC.OPP.5] [PC.OPP.8].
            if any(counter_charge(ctx, i, moves[i]) for i in ids):
                interrupted = True
                break
            for i in ids:
                evasions(ctx, i, moves[i], st.stands[i].facing, [*tracks[i].path])
            _check_ends(st, ids, moves, tracks, last=k == len(steps) - 1)
            _step_members(ctx, ids, moves, states, tracks, G.direction(here, target))
            here = target
            taken = k + 1
            for i in ids:
                s = st.stands[i]
                if contacted(st, s):
                    chargers[i] = tracks[i].path[:-1]
                    halt = True
                elif (
                    zoc_holders(st, s.hex, s.side)
                    or st.ground(s.hex) in DIFFICULT
                    or st.edge(tracks[i].path[-2], s.hex) in ENDS_MOVE
                ):
                    halt = True
            # Each member that made no contact draws the opportunity charges and fire a single stand's step would,
            # in id order; a charge ends the group's movement [PC.OPP.4] (c) [PC.OPP.5] [PC.OPP.8] [PC.OPP.10].
            for i in ids:
                if i in chargers or not st.stands[i].on_board:
                    continue
                if opportunity_charge(ctx, i, tracks[i].path[-2]):
                    interrupted = True
                    break
                opportunity_fire(ctx, i, tracks[i].path[-2])
            if halt or interrupted:
                break
    except Illegal:
        for i in ids:  # the steps already taken still count, as for a single stand's refused step [PC.MOVE.10]
            end_of_move(ctx, i, states[i])
        raise
    for i in ids:
        end_of_move(ctx, i, states[i])
        ctx.paths.append((st.stands[i].side, tracks[i].path[max(0, first[i] - 1) :]))
    ids = [i for i in ids if st.stands[i].on_board]
    ctx.say(f"group move: {', '.join(ids)} to {', '.join(st.label(st.stands[i].hex) for i in ids)}"
            + ("" if all(in_command(st, st.stands[i]) for i in ids) else " (some out of command)"))  # fmt: skip
    if chargers:
        charge_contacts(ctx, {i: a for i, a in chargers.items() if st.stands[i].on_board}, Movement())
    return bool(chargers) or interrupted or (halt and taken < len(steps))


def _check_members(st: State, ids: list[str], moves: dict[str, Hex], states: dict[str, MoveState]) -> None:
    """Each member's step checked as a stand's own; a group never passes through stands [PC.MOVE.14]."""
    for i in ids:
        occ = st.at(moves[i])
        if occ is not None and occ.id in ids:
            continue
        if occ is not None:
            raise Illegal(f"{i} would enter {occ.id}'s hex: a group move does not pass through stands [PC.MOVE.14]")
        _check_step(st, st.stands[i], moves[i], states[i], first=not states[i].left_hex)


def _check_ends(st: State, ids: list[str], moves: dict[str, Hex], tracks: dict[str, Track], *, last: bool) -> None:
    """No contact without an impact factor [PC.MOVE.13] [PC.MELEE.1]; where any member halts the whole group's move
    ends, and there, as at the last step, no member may stand in an enemy ZOC with that enemy on its flank or rear,
    unless it is charging [PC.ZOC.3] [PC.MOVE.14]."""
    ahead: dict[str, list[Stand]] = {}
    for i in ids:
        s = st.stands[i]
        ahead[i] = [e for e in (st.at(h) for h in G.front(moves[i], s.facing)) if e is not None and e.side != s.side]
        if not all(can_charge(st, s, e, [*tracks[i].path]) for e in ahead[i]):
            raise Illegal(
                f"{i} may not move into contact: only stands with an impact factor charge [PC.MOVE.13] [PC.MELEE.1]"
            )
    ends = last or any(
        ahead[i]
        or zoc_holders(st, moves[i], st.stands[i].side)
        or st.ground(moves[i]) in DIFFICULT
        or st.edge(st.stands[i].hex, moves[i]) is not None
        for i in ids
    )
    if ends:
        for i in ids:
            why = "" if ahead[i] else zoc3_forbids(st, st.stands[i], moves[i], st.stands[i].facing)
            if why:
                raise Illegal(f"{i}: {why}")


def _step_members(
    ctx: Ctx,
    ids: list[str],
    moves: dict[str, Hex],
    states: dict[str, MoveState],
    tracks: dict[str, Track],
    direction: int,
) -> None:
    """Every member takes its step, with its attached general [PC.CMD.5]; one facing, one direction: one step kind
    for all [PC.MOVE.10] [PC.MOVE.11] [PC.MOVE.12]."""
    st = ctx.st
    kind = G.step_kind(st.stands[ids[0]].facing, direction)
    for i in ids:
        st.put(replace(st.stands[i], hex=moves[i], opportunity=False))
        _carry_general(st, i, moves[i])
        _chase_generals(ctx, st.stands[i].side, moves[i])
        states[i].mp -= 1
        states[i].left_hex = True
        states[i].kinds.add(kind)
        if kind is G.StepKind.SIDEWAYS:
            states[i].side_dir = direction
        tracks[i].path.append(moves[i])


def group_rally(ctx: Ctx, ids: list[str]) -> None:
    """A group recovers together: each member tests; all get +1 if the general is attached to one of them
    [PC.DISORDER.6]."""
    from .activation import rally

    st = ctx.st
    why = check_group(st, ids)
    if why:
        raise Illegal(why)
    attached = any(g.alive and g.attached in ids for g in st.generals.values())
    for i in ids:
        st.moved.add(i)
    for i in ids:
        rally(ctx, i, group_general=attached)


def group_opportunity(ctx: Ctx, ids: list[str]) -> None:
    """A group tests for opportunity together: each member tests; all get +1 if the general is attached to one of them;
    once on opportunity they act on their own [PC.MOVE.14] [PC.CMD.7] [PC.OPP.1]."""
    from .activation import go_on_opportunity

    st = ctx.st
    why = check_group(st, ids)
    if why:
        raise Illegal(why)
    attached = any(g.alive and g.attached in ids for g in st.generals.values())
    for i in ids:
        st.moved.add(i)
    for i in ids:
        go_on_opportunity(ctx, i, group_general=attached)
