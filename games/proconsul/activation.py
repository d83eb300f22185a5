"""Running one group's activation: each stand's action in order, the general's move, the end [PC.SEQ.5]-[PC.SEQ.12].

An activation script (parsed by `orders.py`) is a list of items; each is run against the state
at that moment [PC.PBEM.10]. An item that has become illegal stops the script and the active side
is asked for the rest [PC.PBEM.3] (b); everything already done stands.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from campaign.hexgrid import Hex

from . import geometry as G
from .context import Ctx
from .fire import engaged, normal_fire
from .melee import Fresh, Movement, charge_contacts, contacted, fight
from .model import Category, Impetuous, Melee, Stand
from .movement import Illegal, Track, do_move, evade_fire, order_test
from .retreat import impassable
from .state import State

C = Category


def _check_menu(actions: list[dict[str, Any]]) -> str:
    """The action menu: [rally] [opportunity] then moves, fire-then-one-move, moves-then-fire, fire, attack or hold
    [PC.SEQ.8]."""
    kinds = [a["do"] for a in actions]
    i = 0
    if i < len(kinds) and kinds[i] == "rally":
        i += 1
    if i < len(kinds) and kinds[i] == "opportunity":
        return "" if i == len(kinds) - 1 else "going on opportunity ends the stand's action [PC.OPP.1]"
    rest = kinds[i:]
    if rest in ([], ["hold"], ["attack"], ["fire", "move"]):
        return ""  # fire alone is moves-then-fire with no move, below
    if rest and all(k == "move" for k in rest):
        return ""
    if rest and rest[-1] == "fire" and all(k == "move" for k in rest[:-1]):
        return ""
    return (
        "that is not on the action menu: move(s); fire then one move; move(s) then fire; fire; attack; hold"
        " [PC.SEQ.8] [PC.MOVE.2]"
    )


def start_of_action(ctx: Ctx, sid: str) -> None:
    """Free turn to face a flank attacker in melee, by the default of decision 7 [PC.ZOC.5] [PC.MELEE.16]."""
    st = ctx.st
    s = st.stands[sid]
    m = st.melee_of(sid)
    if m is None or sid not in (b for _, b in m.battle):
        return
    enemy = st.stands[m.battle_of(st.enemy(s.side))]
    front_attack = any(e.side != s.side and G.frontal(s.hex, s.facing, e.hex) for e in _neighbours(st, s))
    if enemy.hex in G.flank_or_rear(s.hex, s.facing) and not front_attack:
        new = min(G.facings_towards(s.hex, enemy.hex), key=lambda f: (G.turn_faces(s.facing, f), f))
        st.put(replace(s, facing=new))
        st.melees[m.id] = replace(m, flank_bonus=tuple(x for x in m.flank_bonus if x != enemy.id))
        ctx.say(f"{sid} turns to face {enemy.id}: not a charge; its flank die ends [PC.ZOC.5]")


def _neighbours(st: State, s: Stand) -> list[Stand]:
    return [o for o in (st.at(h) for h in s.hex.neighbours()) if o is not None]


def rally(ctx: Ctx, sid: str, *, group_general: bool = False) -> bool:
    """Rally test at the base target; a fail still clears disorder but ends the action [PC.DISORDER.5]."""
    st = ctx.st
    s = st.stands[sid]
    if not s.disordered:
        raise Illegal(f"{sid} is not disordered: nothing to rally [PC.DISORDER.5]")
    if engaged(st, sid):
        raise Illegal(f"{sid} is locked in a melee and may not rally [PC.DISORDER.5]")
    ok = order_test(ctx, sid, st.troop(s).order_class.value, "rally", group_general=group_general)
    if ok or st.config.rally_fail_clears_disorder:
        st.put(replace(st.stands[sid], disordered=False))
    ctx.say(f"{sid} rallies" + ("" if ok else ": failed, it may not move, fire or go on opportunity [PC.DISORDER.5]"))
    return ok


def go_on_opportunity(ctx: Ctx, sid: str, *, group_general: bool = False) -> None:
    """Opportunity test at the base target [PC.OPP.1] [PC.OPP.11]."""
    st = ctx.st
    s = st.stands[sid]
    if s.disordered:
        raise Illegal(f"{sid} is disordered: it must rally first [PC.OPP.11]")
    if engaged(st, sid):
        raise Illegal(f"{sid} is locked in a melee [PC.OPP.2]")
    if s.opportunity:
        ctx.say(f"{sid} stays on opportunity [PC.OPP.3]")
        return
    if order_test(ctx, sid, st.troop(s).order_class.value, "opportunity", group_general=group_general):
        st.put(replace(st.stands[sid], opportunity=True))
        ctx.say(f"{sid} is on opportunity")


def attack(ctx: Ctx, sid: str, target: str) -> None:
    """Attack an enemy already in a front hex without moving: no impact [PC.MELEE.22]."""
    st = ctx.st
    s = st.stands[sid]
    t = st.stands.get(target)
    if t is None or t not in contacted(st, s):
        raise Illegal(f"{target} is not in a front hex of {sid} [PC.MELEE.22]")
    if st.melee_of(sid) is not None or st.melee_of(target) is not None:
        raise Illegal("one of them is already in a melee [PC.MELEE.22]")
    if st.troop(s).impact <= 0 and st.cat(s) is not C.LC:
        raise Illegal(f"{sid} has no impact factor and may not attack [PC.MELEE.1]")
    mv = Movement(impact={sid})
    charge_contacts(ctx, {sid: [s.hex]}, mv)


def run_actions(ctx: Ctx, sid: str, actions: list[dict[str, Any]], track: Track) -> None:
    """One stand's action, in the order given [PC.SEQ.8]."""
    st = ctx.st
    why = _check_menu(actions)
    if why:
        raise Illegal(why)
    fire_first = bool(actions) and actions[-1]["do"] == "move"  # a fire on the menu before a move: fire then move
    for a in actions:
        s = st.stands[sid]
        if not s.on_board:
            return
        kind = a["do"]
        if kind == "rally":
            if not rally(ctx, sid):
                return
        elif kind == "opportunity":
            go_on_opportunity(ctx, sid)
        elif kind == "hold":
            ctx.say(f"{sid} holds")  # always legal [PC.PBEM.5]
        elif kind == "attack":
            attack(ctx, sid, a["target"])
        elif kind == "fire":
            if engaged(st, sid):
                raise Illegal(f"{sid} is locked in a melee and may not fire [PC.FIRE.5]")
            evade_fire(ctx, sid, a["target"])
            reason = normal_fire(ctx, sid, a["target"], track.moves, fire_first)
            if reason:
                raise Illegal(f"{sid} may not fire at {a['target']}: {reason}")
            track.fired = True
        elif kind == "move":
            if not _move(ctx, sid, a["steps"], track):
                return


def _move(ctx: Ctx, sid: str, steps: list[Any], track: Track) -> bool:
    """One move, with the order test first for an extra move [PC.MOVE.8]; False when movement ends.

    A disordered stand may still make one move [PC.DISORDER.7]. A charger whose target evaded may chase
    it with extra moves this way, each with its test [PC.EVADE.7] [PC.PURSUIT.11]; a failed test drops the
    stand's remaining moves [PC.PBEM.5].
    """
    st = ctx.st
    s = st.stands[sid]
    if engaged(st, sid):
        raise Illegal(f"{sid} is locked in a melee and may not move away [PC.ZOC.4]")
    if track.no_more:
        raise Illegal(f"{sid} may make no further move this activation [PC.MOVE.4] [PC.MOVE.8]")
    if track.fired and track.moves >= 1:
        raise Illegal("after fire then move, only one move is allowed [PC.MOVE.2]")
    if track.moves >= 1:
        if s.disordered:
            raise Illegal(f"{sid} is disordered and may make no extra move [PC.MOVE.8] [PC.DISORDER.3]")
        target = st.troop(s).order_class.value + track.moves - 1
        if not order_test(ctx, sid, target, f"move {track.moves + 1}"):
            ctx.disorder(sid)
            track.no_more = True
            ctx.say(f"{sid} fails its test: disordered, its movement ends [PC.MOVE.8]")
            return False
    track.moves += 1
    charged = do_move(ctx, sid, steps, track)
    return not charged and st.stands[sid].on_board


# --- compulsory items ------------------------------------------------------------------------------


def eligible_targets(st: State, s: Stand) -> list[Stand]:
    """Enemies that compel an impetuous stand: in its arc, in sight past friends, within 4 (poor) or 3 (steady)
    [PC.IMPET.2]."""
    from .fire import clear_sight

    troop = st.troop(s)
    reach = 4 if troop.impetuous is Impetuous.POOR else 3
    out = []
    for e in st.live(st.enemy(s.side)):
        cat = st.cat(e)
        if cat is C.SK or (st.cat(s) in (C.HI, C.LI, C.LSP, C.PK, C.AUX, C.WB) and cat in (C.LC, C.MC, C.HC)):
            continue
        if s.hex.distance(e.hex) > reach or not G.in_arc(s.hex, s.facing, e.hex):
            continue
        if clear_sight(st, s.hex, e.hex, friends_of=s.side):
            out.append(e)
    return sorted(out, key=lambda e: (s.hex.distance(e.hex), e.id))


def compelled(st: State, s: Stand) -> bool:
    """Impetuous compulsion at the start of the stand's action [PC.IMPET.2] [PC.OPP.12]."""
    troop = st.troop(s)
    if troop.impetuous is Impetuous.NONE or s.opportunity or st.melee_of(s.id) is not None:
        return False
    return bool(eligible_targets(st, s))


def towards_path(st: State, s: Stand, target: Stand) -> list[list[Any]]:
    """A full move of forward steps each closing on the target (ties: D[f]) [PC.IMPET.3] (b)."""
    steps: list[list[Any]] = []
    here = s.hex
    for _ in range(st.troop(s).mp):
        options = [h for h in G.front(here, s.facing) if st.on_map(h) and not impassable(st, s, h)]
        if not options:
            break
        nxt = min(options, key=lambda h: (h.distance(target.hex), G.front(here, s.facing).index(h)))
        if nxt.distance(target.hex) >= here.distance(target.hex) or st.at(nxt) is not None:
            break
        steps.append(["hex", nxt.q, nxt.r])
        here = nxt
        if target.hex in G.front(here, s.facing):
            break
    return steps


def compulsion(ctx: Ctx, sid: str, actions: list[dict[str, Any]], track: Track) -> list[dict[str, Any]] | None:
    """The actions a compelled stand takes: its own if they comply, else the default of decision 8 [PC.IMPET.3] [PC.IMPET.4].

    Orders that fire before the compelled move do not comply [PC.IMPET.5].
    """
    st = ctx.st
    s = st.stands[sid]
    if not compelled(st, s):
        return None
    troop = st.troop(s)
    kinds = [a["do"] for a in actions]
    forward = all(a["do"] != "move" or _forward_only(s, a) for a in actions)
    if troop.impetuous is Impetuous.STEADY and "move" not in kinds:
        return None  # a steady stand may stay still, and may fire [PC.IMPET.4]
    if kinds and kinds[0] in ("move", "attack", "opportunity", "rally") and forward:
        return None
    ctx.say(f"{sid} is impetuous and compelled to advance [PC.IMPET.2]")
    steady = not s.disordered or rally(ctx, sid)  # not in a melee: compelled() said so
    if steady and order_test(ctx, sid, troop.order_class.value, "opportunity instead of advancing"):
        st.put(replace(st.stands[sid], opportunity=True))
        ctx.say(f"{sid} goes on opportunity instead [PC.IMPET.3] (d)")
        return []
    target = eligible_targets(st, st.stands[sid])[0]
    in_front = contacted(st, st.stands[sid])
    if in_front:
        return [{"do": "attack", "target": in_front[0].id}]
    return [{"do": "move", "steps": towards_path(st, st.stands[sid], target)}]


def _forward_only(s: Stand, a: dict[str, Any]) -> bool:
    """Whether a move's steps are all forward hex steps (an advance), each from the hex the one before entered
    [PC.IMPET.3]."""
    here = s.hex
    for stp in a["steps"]:
        if stp[0] != "hex":
            return False
        nxt = Hex(stp[1], stp[2])
        if G.step_kind(s.facing, G.direction(here, nxt)) is not G.StepKind.FORWARD:
            return False
        here = nxt
    return True


def break_off(ctx: Ctx, sid: str, actions: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """A skirmisher with an enemy in front must break off [PC.MELEE.18] (decision 31)."""
    st = ctx.st
    s = st.stands[sid]
    if st.cat(s) is not C.SK or not contacted(st, s):
        return None
    if actions and actions[0]["do"] == "move":
        return None
    m = st.melee_of(sid)
    if m is not None:
        del st.melees[m.id]
        ctx.say(f"melee {m.id} ends with no winner as {sid} breaks off [PC.MELEE.18]")
    enemy = contacted(st, s)[0]
    here, steps = s.hex, []
    for _ in range(st.troop(s).mp):
        options = [n for n in here.neighbours() if st.on_map(n) and st.at(n) is None and not impassable(st, s, n)]
        if not options:
            break
        here = max(options, key=lambda n: (G.away_score(here, enemy.hex, n), -here.side_to(n)))
        steps.append(["hex", here.q, here.r])
    ctx.say(f"{sid} must break off [PC.MELEE.18]")
    return [{"do": "move", "steps": steps}] if steps else []


def refights(ctx: Ctx, group: str, side: str) -> None:
    """Ongoing melees with a battle or supporting stand of the group, not yet fought this activation [PC.SEQ.9]."""
    st = ctx.st
    if st.config.ongoing_refight.value == "only_on_reignite":
        return
    for mid in sorted(st.melees):
        m = st.melees.get(mid)
        if m is None or not m.ongoing or m.fought_in == st.activation:
            continue
        if st.config.ongoing_refight.value == "per_round" and m.fought_in > st.round_start:
            continue
        ours = [s for s in (*(b for _, b in m.battle), *m.supporters) if st.stands[s].group == group]
        if ours:
            refit: Melee = replace(m, attacker=side, battle=tuple(sorted(m.battle, key=lambda b: b[0] != side)))
            st.melees[mid] = refit
            fight(ctx, refit, Fresh(refight=True), Movement())
