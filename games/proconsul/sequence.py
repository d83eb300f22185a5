"""The initiative loop: sealed declarations, the roll, activations, rounds, victory [PC.SEQ.*] [PC.VICTORY.*] [PC.CMD.10].

`initiative` resolves a declaration window; `activate` runs the active side's orders; `next_window`
decides what the game asks for next. Both sides declare sealed, at once; the core keeps each
declaration out of the other side's sight until both are in (campaign.sealed) [PC.PBEM.3].
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from campaign.hexgrid import Hex

from . import tables
from .activation import break_off, compulsion, refights, run_actions, start_of_action
from .context import Ctx
from .movement import Illegal, Track
from .state import Phase, State


def group_initiative(st: State, group: str) -> int:
    """The declared group's general modifier; no general this round counts -2 [PC.CMD.7] (c) [PC.CMD.10]."""
    g = st.general_of(group)
    return st.config.replacement_initiative if g is None else g.initiative


def initiative(ctx: Ctx) -> None:
    """Both declarations revealed; 2D6 + modifier each, side A first; ties reroll [PC.SEQ.2] [PC.DICE.5]."""
    st = ctx.st
    decl = {**st.kept, **st.declarations}
    a, b = st.sides
    ctx.say(f"declarations revealed: {a} declares {decl[a]}, {b} declares {decl[b]}")
    while True:
        totals = {}
        for side in (a, b):
            d1 = ctx.d6(f"initiative: {side} for {decl[side]} (die 1 of 2)")
            d2 = ctx.d6(f"initiative: {side} for {decl[side]} (die 2 of 2)")
            mod = group_initiative(st, decl[side])
            totals[side] = d1 + d2 + mod
            ctx.say(f"{side} rolls {d1}+{d2}{mod:+d} = {totals[side]}")
        if totals[a] != totals[b]:
            break
        ctx.say("a tie: both roll again [PC.SEQ.2]")
    winner = a if totals[a] > totals[b] else b
    loser = st.enemy(winner)
    st.kept = {loser: decl[loser]} if st.config.loser_keeps_declaration else {}
    st.declarations = {}
    begin(ctx, winner, decl[winner])
    ready = st.prescripts.get(winner, {}).pop(decl[winner], None)
    if ready is not None:
        ctx.say(f"{winner} sent {decl[winner]}'s orders ahead: they are carried out now [PC.PBEM.9]")
        activate(ctx, {"items": [*ready, {"end": True}], "skip": True})


def begin(ctx: Ctx, side: str, group: str) -> None:
    """An activation opens: the group's stands start unmoved [PC.SEQ.6]."""
    st = ctx.st
    st.phase, st.active_side, st.active_group = Phase.ACTIVATE, side, group
    st.activation += 1
    st.moved = set()
    st.window += 1
    ctx.say(f"{side} activates {st.groups[group].name}")


def activate(ctx: Ctx, script: dict[str, Any]) -> None:
    """Run the active side's orders; close the activation when they end it [PC.PBEM.3] [PC.SEQ.12]."""
    st = ctx.st
    items = script["items"]
    group_line = next((o for o in items if "group" in o), None)
    if not st.active_group and group_line is not None:
        st.active_group = group_line["group"]
        st.activation += 1
        st.moved = set()
        ctx.say(f"{st.active_side} activates {st.groups[st.active_group].name} [PC.SEQ.3]")
    stopped = False
    for item in items:
        if "stands" in item:
            stopped = _stand_item(ctx, item)
        elif "general" in item:
            stopped = _general_item(ctx, item)
        if stopped and script.get("skip"):
            stopped = False  # pre-scripted orders skip what has become illegal [PC.PBEM.9]
        if stopped or st.result is not None:
            break
        _mark_fought(ctx)
        if check_victory(ctx):
            return
    ended = any("end" in o for o in items) or all(s.id in st.moved for s in st.group_stands(st.active_group))
    if stopped or not ended:
        st.window += 1
        if stopped:
            ctx.say(f"{st.active_side}: send the rest of your orders for {st.active_group} (or end)")
        return
    close_activation(ctx)


def _stand_item(ctx: Ctx, item: dict[str, Any]) -> bool:
    """One stand's (or group move's) action; True if it stopped the script [PC.PBEM.3] (b)."""
    st = ctx.st
    lead = item["stands"][0]
    if len(item["stands"]) > 1:
        from .group_move import group_move, group_opportunity, group_rally

        try:
            if item["actions"][0]["do"] == "rally":
                group_rally(ctx, item["stands"])
            elif item["actions"][0]["do"] == "opportunity":
                group_opportunity(ctx, item["stands"])
            else:
                group_move(ctx, item["stands"], [a["steps"] for a in item["actions"]])
        except Illegal as e:
            ctx.say(f"line {item['line']}: stopped: {e}")
            return True
        return False
    s = st.stands.get(lead)
    if s is None or not s.on_board or lead in st.moved or s.group != st.active_group:
        ctx.say(f"line {item['line']}: {lead} cannot act now (gone, not in the group, or already moved) [PC.SEQ.6]")
        return True
    st.moved.add(lead)
    actions = item["actions"]
    start_of_action(ctx, lead)
    actions = break_off(ctx, lead, actions) or actions
    track = Track(st.stands[lead].hex)
    forced = compulsion(ctx, lead, actions, track)
    if forced is not None:
        actions = forced
    try:
        run_actions(ctx, lead, actions, track)
    except Illegal as e:
        ctx.say(f"line {item['line']}: {lead} stopped: {e}")
        return True
    return False


def _general_item(ctx: Ctx, item: dict[str, Any]) -> bool:
    """The group general: one move of up to 6 hexes a round, attach or detach [PC.CMD.4] [PC.CMD.5]."""
    st = ctx.st
    g = st.general_of(st.active_group)
    if g is None:
        ctx.say(f"line {item['line']}: the group has no general this round [PC.CMD.10]")
        return True
    if item["detach"] or item["path"]:
        g = replace(g, attached="")
    if item["path"]:
        if g.moved:
            ctx.say(f"line {item['line']}: the general has already moved this round [PC.CMD.4]")
            return True
        here = g.hex
        for q, r in item["path"]:
            h = Hex(q, r)
            occ = st.at(h)
            if h.distance(here) != 1 or (occ is not None and occ.side != g.side) or st.ground(h).value == "impassable":
                ctx.say(f"line {item['line']}: the general cannot go to {st.label(h)} [PC.CMD.4]")
                return True
            here = h
        g = replace(g, hex=here, moved=True)
        ctx.say(f"general {g.id} moves to {st.label(here)}")
    if item["attach"]:
        s = st.stands[item["attach"]]
        if s.hex != g.hex or s.group != g.group:
            ctx.say(f"line {item['line']}: the general must share a hex with a stand of his group to attach [PC.CMD.5]")
            return True
        g = replace(g, attached=s.id)
        ctx.say(f"general {g.id} attaches to {s.id}")
    st.generals[g.id] = g
    return False


def _mark_fought(ctx: Ctx) -> None:
    """Active-group stands that took part in a melee are moved [PC.SEQ.6]; others are never marked [PC.SEQ.7]."""
    st = ctx.st
    st.moved |= {s for s in ctx.fought if st.stands[s].group == st.active_group}


def close_activation(ctx: Ctx) -> None:
    """Compulsory items for stands that did not act, re-fights, then the next window [PC.SEQ.12] [PC.SEQ.9]."""
    st = ctx.st
    for s in st.group_stands(st.active_group):
        if s.id in st.moved or not s.on_board:
            continue
        forced = break_off(ctx, s.id, []) or compulsion(ctx, s.id, [], Track(s.hex))
        st.moved.add(s.id)
        if forced:
            try:
                run_actions(ctx, s.id, forced, Track(st.stands[s.id].hex))
            except Illegal as e:
                ctx.say(f"{s.id}: {e}")
        _mark_fought(ctx)
        if check_victory(ctx):
            return
    refights(ctx, st.active_group, st.active_side)
    if check_victory(ctx):
        return
    st.prescripts.get(st.active_side, {}).pop(st.active_group, None)
    st.groups[st.active_group] = replace(st.groups[st.active_group], activated=True)
    ctx.say(f"{st.groups[st.active_group].name} has activated")
    next_window(ctx)


def next_window(ctx: Ctx) -> None:
    """Declarations while both sides have groups; one side alone activates in turn; else a new round
    [PC.SEQ.1]-[PC.SEQ.4]."""
    st = ctx.st
    st.active_side, st.active_group, st.moved = "", "", set()
    st.window += 1
    a, b = (bool(st.unactivated(side)) for side in st.sides)
    if a and b:
        st.phase = Phase.DECLARE
        return
    if a or b:
        st.phase = Phase.ACTIVATE
        st.active_side = st.sides[0] if a else st.sides[1]
        return
    new_round(ctx)


def new_round(ctx: Ctx) -> None:
    """Moved markers cleared, generals' moves reset, replacements placed [PC.SEQ.4] [PC.SEQ.10] [PC.CMD.10]."""
    st = ctx.st
    if st.config.max_rounds and st.round >= st.config.max_rounds:
        end_on_rounds(ctx)
        return
    st.round += 1
    st.round_start = st.activation
    st.kept, st.prescripts = {}, {}
    for gid, g in st.groups.items():
        st.groups[gid] = replace(g, activated=False)
    for gid, gen in st.generals.items():
        st.generals[gid] = replace(gen, moved=False)
    for gid, g in sorted(st.groups.items()):
        gen = st.generals[g.general]
        stands = st.group_stands(gid)
        if not gen.alive and stands:
            where = gen.died_at or gen.hex
            near = min(stands, key=lambda s: (s.hex.distance(where), s.id))
            st.generals[gen.id] = replace(
                gen, hex=near.hex, alive=True, attached="", replacement=True,
                command_range=st.config.replacement_range, initiative=st.config.replacement_initiative,
            )  # fmt: skip
            ctx.say(f"a new general takes over {g.name} at {st.label(near.hex)} [PC.CMD.10]")
    ctx.say(f"round {st.round} begins")
    next_window(ctx)


def check_victory(ctx: Ctx) -> bool:
    """An army breaks when lost BP reach the break fraction; both at once is a draw [PC.VICTORY.3] [PC.RESULT.14]."""
    st = ctx.st
    broken = [s for s in st.sides if tables.broken(st.army[s].lost, st.army[s].total, st.config.break_fraction)]
    if not broken:
        return False
    if len(broken) == 2:
        st.result = (None, "both armies broke at once")
    else:
        st.result = (st.enemy(broken[0]), f"the {st.side_names.get(broken[0], broken[0])} army broke")
    st.phase = Phase.OVER
    ctx.say(f"game over: {st.result[1]}")
    return True


def end_on_rounds(ctx: Ctx) -> None:
    """At the round limit the side that lost the smaller fraction of its BP wins [PC.SEQ.11]."""
    st = ctx.st
    frac = {s: Fraction(st.army[s].lost, max(1, st.army[s].total)) for s in st.sides}
    a, b = st.sides
    winner = None if frac[a] == frac[b] else (a if frac[a] < frac[b] else b)
    st.result = (winner, f"round limit {st.config.max_rounds} reached")
    st.phase = Phase.OVER
    ctx.say(f"game over: {st.result[1]}")
