"""Group moves: stands of one kind, in a connected block with the same facing, step together [PC.MOVE.14].

Every member takes the same step; if any member may not, the whole group halts before that
step; a step that makes contacts resolves them together, one melee per contacted enemy
[PC.MELEE.5]. Extra group moves and group turns are not offered yet (TODO(PC.MOVE.14): extra
group moves with a test per member, and turning in place as a group).
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex

from .context import Ctx
from .melee import Movement, charge_contacts
from .movement import Illegal, MoveState, Track, _check_step, end_of_move, evasions, in_command
from .retreat import zoc_holders
from .state import State


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


def group_move(ctx: Ctx, ids: list[str], steps: list[list[object]]) -> None:
    """Move the group along the lead stand's hex steps, every member the same way [PC.MOVE.14]."""
    st = ctx.st
    why = check_group(st, ids)
    if why:
        raise Illegal(why)
    for i in ids:
        st.moved.add(i)
    lead = st.stands[ids[0]]
    tracks = {i: Track(st.stands[i].hex) for i in ids}
    states = {i: MoveState(st.troop(st.stands[i]).mp) for i in ids}
    here = lead.hex
    chargers: dict[str, list[Hex]] = {}
    for stp in steps:
        target = Hex(int(stp[1]), int(stp[2]))  # type: ignore[call-overload]  # ["hex", q, r]
        delta = target - here
        moves = {i: st.stands[i].hex + delta for i in ids}
        others = set(ids)
        for i in ids:
            occ = st.at(moves[i])
            if occ is not None and occ.id in others:
                continue
            if occ is not None:
                raise Illegal(f"{i} would enter {occ.id}'s hex: a group move does not pass through stands [PC.MOVE.14]")
            _check_step(st, st.stands[i], moves[i], states[i], first=not states[i].left_hex)
        for i in ids:
            evasions(ctx, i, moves[i], st.stands[i].facing, [*tracks[i].path])
        halt = False
        placed = {i: moves[i] for i in ids}
        for i in ids:
            st.put(replace(st.stands[i], hex=placed[i], opportunity=False))
            states[i].mp -= 1
            states[i].left_hex = True
            tracks[i].path.append(placed[i])
        here = target
        for i in ids:
            s = st.stands[i]
            from .melee import contacted

            if contacted(st, s):
                chargers[i] = tracks[i].path[:-1]
                halt = True
            elif zoc_holders(st, s.hex, s.side):
                halt = True
        if halt:
            break
    for i in ids:
        end_of_move(ctx, i, states[i], tracks[i])
        ctx.paths.append((st.stands[i].side, list(tracks[i].path)))
    ctx.say(f"group move: {', '.join(ids)} to {', '.join(st.label(st.stands[i].hex) for i in ids)}"
            + ("" if all(in_command(st, st.stands[i]) for i in ids) else " (some out of command)"))  # fmt: skip
    if chargers:
        charge_contacts(ctx, chargers, Movement())


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
