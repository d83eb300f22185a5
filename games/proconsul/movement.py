"""One move of a stand or a group: steps, turns, terrain, ZOC, evasion, opportunity fire, charges [PC.MOVE.*] [PC.ZOC.*] [PC.EVADE.*].

A move is a list of steps (enter a hex, turn one face, turn about, face a direction). Each step
is checked against the state at that moment; an illegal step ends the move with the rule ID
[PC.PBEM.10]. A step that creates contact is a charge: the move stops and the melee is fought
at once [PC.MOVE.13] [PC.MELEE.2].
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from campaign.hexgrid import Hex

from . import geometry as G
from . import tables
from .context import Ctx
from .fire import can_target, defensive_fire_allowed, df_dice, in_open, normal_fire, shoot
from .melee import Fresh, Movement, charge_contacts, contacted, fight, new_melee
from .model import COMBAT, FOOT, LIGHT_MOVERS, Category, Stand
from .retreat import impassable, zoc3_forbids, zoc_holders
from .standing import decide, distance, step_choice
from .state import Edge, State, Terrain

C = Category
DIFFICULT = frozenset({Terrain.WOODS, Terrain.TOWN, Terrain.ROUGH, Terrain.MARSH})
PASSERS = frozenset({C.SH, C.AUX, C.LI, C.LC, C.LCH, C.SK})
"""A stand may pass through a friend if either is one of these [PC.MOVE.15]."""

Step = list[Any]
"""["hex", q, r] | ["turn", +1 or -1] | ["about"] | ["face", f]."""


@dataclass
class Track:
    """One stand's action so far this activation."""

    start: Hex
    moves: int = 0
    fired: bool = False
    path: list[Hex] = field(default_factory=list)
    """Every hex occupied this activation, in order, from the start: the approach of a charge [PC.GEOM.20]."""

    def __post_init__(self) -> None:
        if not self.path:
            self.path.append(self.start)

    no_more: bool = False
    """Voluntary movement ended (failed test, disordering turns) [PC.MOVE.4] [PC.MOVE.8]."""


class Illegal(Exception):
    """A step or order that the rules do not allow now; the message names the rule."""


def in_command(st: State, s: Stand) -> bool:
    """Within the group general's command range [PC.CMD.2]; a group without a general is out [PC.CMD.10]."""
    g = st.general_of(s.group)
    return g is not None and g.hex.distance(s.hex) <= g.command_range


def general_in_hex(st: State, s: Stand) -> bool:
    """+1 for a general in the stand's hex, attached or not [PC.CMD.7] (a)."""
    return any(g.alive and g.side == s.side and g.hex == s.hex for g in st.generals.values())


def order_test(ctx: Ctx, sid: str, target: int, why: str, *, group_general: bool = False) -> bool:
    """One order test [PC.MOVE.9]; `group_general`: a general attached to the group testing together [PC.CMD.7] (a)."""
    st = ctx.st
    s = st.stands[sid]
    roll = ctx.d6(f"order test: {sid} ({why}), needs {target}")
    gen, out = general_in_hex(st, s) or group_general, not in_command(st, s)
    ok = tables.order_test_passes(roll, target, gen, out)
    mods = (" +1 general" if gen else "") + (" -1 out of command" if out else "")
    ctx.say(f"{sid} order test for {why}: rolls {roll}{mods} against {target}: {'pass' if ok else 'fail'}")
    return ok


def can_charge(st: State, s: Stand, enemy: Stand, approach: list[Hex]) -> bool:
    """Only IF > 0 may move into contact; LC may charge Sk, or a flank from behind [PC.MELEE.1] [PC.MOVE.13]."""
    troop = st.troop(s)
    if tables.impact_value(troop, s.front_loss) > 0 or troop.impact > 0:
        return True
    if st.cat(s) is C.LC:
        return st.cat(enemy) is C.SK or (
            not G.frontal(enemy.hex, enemy.facing, s.hex) and G.from_behind(enemy.hex, enemy.facing, approach)
        )
    return False


def may_pass(st: State, mover: Stand, friend: Stand) -> bool:
    """Interpenetration: mover or friend is Sh, Aux, LI, LC, LCh or Sk [PC.MOVE.15]."""
    return st.cat(mover) in PASSERS or st.cat(friend) in PASSERS


def may_displace(st: State, mover: Stand, friend: Stand) -> bool:
    """Displacement table [PC.MOVE.16]."""
    m, f = st.cat(mover), st.cat(friend)
    if m is C.SK:
        return f is C.SK
    if f in (C.LC, C.LCH, C.LI, C.SK, C.SH):
        return True
    if st.troop(mover).legionary and (st.troop(friend).legionary or f is C.AUX):
        return True
    return m is C.AUX and f is C.AUX


# --- evasion -------------------------------------------------------------------------------------


def may_evade(ctx: Ctx, e: Stand, charger: Stand, approach: list[Hex]) -> bool:
    """Whether this stand evades the charge: allowed [PC.EVADE.1] [PC.EVADE.2], and its side's standing order or
    answer (decision 9: Sk, LC, LCh evade; MC facing infantry stand) [PC.PBEM.6]."""
    st = ctx.st
    cat = st.cat(e)
    mc = cat is C.MC and st.cat(charger) in FOOT
    if cat not in (C.SK, C.LC, C.LCH) and not mc:
        return False
    if st.melee_of(e.id) is not None or (e.id, charger.id) in ctx.no_evade:
        return False
    if G.from_behind(e.hex, e.facing, approach) and not (
        charger.hex in G.flank(e.hex, e.facing) and approach == [charger.hex]
    ):
        return False
    key, default = ("evade_mc", False) if mc else ("evade", True)
    tag = f"{e.id}-{charger.id}-{ctx.evades.get((e.id, charger.id), 0)}"
    question = f"{charger.id} is about to charge {e.id} at {st.label(e.hex)}: evade?"
    return decide(ctx, e.side, key, default, question, tag)


def evade(ctx: Ctx, eid: str, charger: Stand) -> bool:
    """Full MP of backward steps straight away from the charger, facing kept, no disorder [PC.EVADE.4] [PC.EVADE.6].

    Evading during an enemy activation never marks the evader moved [PC.EVADE.10].
    """
    st = ctx.st
    e = st.stands[eid]
    here, moved = e.hex, []
    tag = f"{eid}-{charger.id}-{ctx.evades.get((eid, charger.id), 0) + 1}"
    question = f"{ctx.name(eid)} evades {charger.id}: how many hexes?"
    how_far = distance(ctx, e.side, "evade_distance", st.troop(e).mp, question, tag)
    for n_step in range(how_far):
        options = [
            n
            for n in G.rear(here, e.facing)
            if st.on_map(n)
            and not impassable(st, e, n)
            and st.at(n) is None
            and G.away_score(here, charger.hex, n)[0] >= 0
            and not zoc3_forbids(st, e, n, e.facing)  # an evasion may not enter such a hex [PC.ZOC.3]
        ]
        if not options:
            break
        options.sort(key=lambda n: (G.away_score(here, charger.hex, n), -here.side_to(n)), reverse=True)
        question = f"{eid} evades from {st.label(here)}: into which hex?"
        here = step_choice(ctx, e.side, "evade_path", options, question, f"{tag}-{n_step + 1}")
        moved.append(here)
        if zoc_holders(st, here, e.side):
            break
    if not moved:
        return False
    st.put(replace(e, hex=here))
    _carry_general(st, eid, here)
    key = (eid, charger.id)
    ctx.evades[key] = ctx.evades.get(key, 0) + 1
    ctx.say(f"{eid} evades {charger.id}: {len(moved)} hex(es) to {st.label(here)} [PC.EVADE.4]")
    k = ctx.evades[key]
    if e.disordered:
        ctx.no_evade.add(key)
    elif k >= 2 and not order_test(ctx, eid, st.troop(e).order_class.value + k - 2, "evading again"):
        ctx.disorder(eid)
        ctx.no_evade.add(key)
    return True


def evade_fire(ctx: Ctx, shooter: str, target: str) -> None:
    """A light stand fired on from its front arc may evade first, by its side's standing order (decision 10: no);
    the fire then goes ahead only if still possible [PC.EVADE.1] (b) [PC.EVADE.3] [PC.EVADE.8] [PC.FIRE.19]."""
    st = ctx.st
    s, t = st.stands[shooter], st.stands.get(target)
    if t is None or t.side == s.side or st.cat(t) not in (C.SK, C.LC, C.LCH) or st.melee_of(target) is not None:
        return
    if not G.in_arc(t.hex, t.facing, s.hex):
        return
    question = f"{shooter} is about to fire at {target} at {st.label(t.hex)}: evade?"
    if decide(ctx, t.side, "evade_fire", False, question, f"{target}-{shooter}-fire"):
        evade(ctx, target, s)


def evasions(ctx: Ctx, sid: str, h: Hex, facing: int, approach: list[Hex]) -> None:
    """Stands the next step would contact may evade first [PC.EVADE.3] [PC.EVADE.5]; the others fight [PC.EVADE.9]."""
    st = ctx.st
    s = st.stands[sid]
    for n in G.front(h, facing):
        e = st.at(n)
        if e is not None and e.side != s.side and may_evade(ctx, e, s, approach):
            evade(ctx, e.id, s)


def push_through(ctx: Ctx, sid: str, n: Hex) -> None:
    """A formed combat stand going on past enemy Sk in the open sweeps them away: they fire if it meets them frontally,
    then are destroyed, and the move goes on [PC.MELEE.17] (a). (Sk that were the move's last contact are its target,
    and the move ends there: `melee.skirmishers_hit`.)"""
    st = ctx.st
    x = st.stands[sid]
    if st.cat(x) not in COMBAT or st.cat(x) in (C.LC, C.EL, C.LCH):
        return
    for h in G.front(n, x.facing):
        e = st.at(h)
        if e is None or e.side == x.side or st.cat(e) is not C.SK or not in_open(st, e.hex) or st.melee_of(e.id):
            continue
        if G.frontal(e.hex, e.facing, n) and defensive_fire_allowed(st, e, replace(x, hex=n)):
            shoot(ctx, e.id, sid, df_dice(st, e), 1, "defensive fire")
        ctx.remove(e.id, f"skirmishers swept away by {sid} pushing through [PC.MELEE.17]")


def counter_charge(ctx: Ctx, sid: str, n: Hex) -> bool:
    """A stand on opportunity that the next step would contact counter-charges, one forward step into contact, by the
    default of decision 15 (IF > 0, no missile weapon; highest SP, then lowest id) [PC.OPP.4] (b) [PC.OPP.5]-[PC.OPP.9].

    The responder is the attacker with impact; the mover may not evade, fires no defensive fire, and its move ends
    [PC.OPP.8]. At most one charge at a given mover per activation [PC.OPP.7]. True if it happened.
    """
    st = ctx.st
    x = st.stands[sid]
    if sid in ctx.counter_charged:
        return False
    found = []
    for h in G.front(n, x.facing):
        o = st.at(h)
        if o is None or o.side == x.side or not o.opportunity or st.melee_of(o.id) is not None:
            continue
        troop = st.troop(o)
        if tables.impact_value(troop, o.front_loss) <= 0 or tables.has_missile(troop):
            continue
        for step_to in G.front(o.hex, o.facing):
            if st.at(step_to) is None and st.on_map(step_to) and not impassable(st, o, step_to):
                if x.hex in G.front(step_to, o.facing):
                    found.append((-o.sp, o.id, step_to))
                    break
    if not found:
        return False
    _, oid, step_to = min(found)
    o = st.stands[oid]
    question = f"{sid} is about to contact {oid} on opportunity: counter-charge?"
    if not decide(ctx, o.side, "counter_charge", True, question, f"{oid}-{sid}"):
        return False
    ctx.counter_charged.add(sid)
    st.put(replace(o, hex=step_to, opportunity=False))
    _carry_general(st, oid, step_to)
    ctx.say(f"{oid} on opportunity counter-charges {sid} [PC.OPP.4]")
    m = new_melee(ctx, oid, sid, {oid: [o.hex]})
    fight(ctx, m, Fresh({oid: [o.hex]}, joined=set(m.stands), no_df=sid), Movement())
    return True


def _charge_path(st: State, o: Stand, x: Stand) -> list[Hex] | None:
    """Forward steps only, within one move, ending with x in a front hex [PC.OPP.5] (charge_reachable) [PC.OPP.6]."""
    frontier: list[tuple[Hex, list[Hex]]] = [(o.hex, [])]
    for _ in range(st.troop(o).mp):
        nxt: list[tuple[Hex, list[Hex]]] = []
        for here, path in frontier:
            for h in G.front(here, o.facing):
                if not st.on_map(h) or impassable(st, o, h) or st.at(h) is not None or h in path:
                    continue
                if zoc3_forbids(st, o, h, o.facing):  # nor may an opportunity charge [PC.ZOC.3]
                    continue
                if x.hex in G.front(h, o.facing):
                    return [*path, h]
                if not zoc_holders(st, h, o.side):
                    nxt.append((h, [*path, h]))
        frontier = nxt
    return None


def opportunity_charge(ctx: Ctx, sid: str, before: Hex) -> bool:
    """An enemy coming towards a stand on opportunity within charge reach may be charged, if its side's standing order
    says so (decision 15's default is not to) [PC.OPP.4] (c) [PC.OPP.5] [PC.OPP.6] [PC.OPP.7]; True if it was."""
    st = ctx.st
    x = st.stands[sid]
    if sid in ctx.counter_charged:
        return False
    for o in st.live(st.enemy(x.side)):
        if not o.opportunity or st.melee_of(o.id) is not None or not G.in_arc(o.hex, o.facing, x.hex):
            continue
        if x.hex.distance(o.hex) >= before.distance(o.hex) or x.hex.distance(o.hex) > st.troop(o).mp + 1:
            continue
        if tables.impact_value(st.troop(o), o.front_loss) <= 0:
            continue
        path = _charge_path(st, o, x)
        question = f"{sid} comes on towards {o.id} on opportunity: charge it?"
        if path is None or not decide(ctx, o.side, "opportunity_charge", False, question, f"{o.id}-{sid}"):
            continue
        ctx.counter_charged.add(sid)
        start = o.hex
        st.put(replace(o, hex=path[-1], opportunity=False))
        _carry_general(st, o.id, path[-1])
        ctx.paths.append((o.side, [start, *path]))
        ctx.say(f"{o.id} on opportunity charges {sid} [PC.OPP.4]")
        approach = [start, *path[:-1]]
        m = new_melee(ctx, o.id, sid, {o.id: approach})
        fight(ctx, m, Fresh({o.id: approach}, joined=set(m.stands), no_df=sid), Movement())
        return True
    return False


def opportunity_fire(ctx: Ctx, sid: str, before: Hex) -> None:
    """Stands on opportunity fire at an enemy coming towards them [PC.OPP.4] (c) [PC.OPP.5] [PC.OPP.10] (decision 15).

    Firing does not mark them moved [PC.OPP.13]; once contacted they may still fire defensive fire [PC.FIRE.17].
    Opportunity charges at such an enemy come first where a standing order asks for them (`opportunity_charge`).
    """
    st = ctx.st
    x = st.stands[sid]
    for o in st.live(st.enemy(x.side)):
        if not o.opportunity or not st.stands[sid].on_board:
            continue
        if x.hex.distance(o.hex) >= before.distance(o.hex) or x.hex.distance(o.hex) < 2:
            continue
        if can_target(st, o, x):
            continue
        ctx.say(f"{o.id} on opportunity fires at {sid} as it comes on [PC.OPP.4]")
        normal_fire(ctx, o.id, sid, 0, False)


# --- one move ------------------------------------------------------------------------------------


@dataclass
class MoveState:
    """What one move has done so far [PC.MOVE.3] [PC.MOVE.4] [PC.MOVE.12]."""

    mp: int
    kinds: set[G.StepKind] = field(default_factory=set)
    side_dir: int | None = None
    turns: int = 0
    left_hex: bool = False
    ended: str = ""
    """Why the move had to stop (ZOC, contact, difficult ground); "" while it may go on."""


def _turn(ctx: Ctx, sid: str, faces: int, ms: MoveState, track: Track) -> None:
    """Turn one face [PC.MOVE.4] [PC.MOVE.5] [PC.MOVE.6]."""
    st = ctx.st
    s = st.stands[sid]
    cat = st.cat(s)
    if cat in LIGHT_MOVERS:
        cost = 0
    else:
        cost = 1
        if cat is not C.AUX and ms.left_hex:
            raise Illegal("a move that turns may not also leave its hex [PC.MOVE.4]")
    if ms.mp < cost:
        raise Illegal("not enough movement points left to turn [PC.MOVE.3] [PC.MOVE.4]")
    ms.mp -= cost
    ms.turns += 1
    st.put(replace(s, facing=(s.facing + faces) % 6))
    if cat not in LIGHT_MOVERS and cat is not C.AUX and ms.turns >= 2:
        track.no_more = True  # a second face disorders and ends movement [PC.MOVE.4]


def _check_step(st: State, s: Stand, n: Hex, ms: MoveState, first: bool) -> G.StepKind:
    """Why the step into n is not allowed (raises), else its kind [PC.MOVE.1] [PC.MOVE.10]-[PC.MOVE.15]
    [PC.TERRAIN.7]."""
    if n.distance(s.hex) != 1:
        raise Illegal(f"{st.label(n)} is not next to {st.label(s.hex)}: a move goes one hex at a time [PC.MOVE.1]")
    if not st.on_map(n):
        raise Illegal(f"{st.label(n)} is off the board [PC.MOVE.17]")
    cat = st.cat(s)
    kind = G.step_kind(s.facing, G.direction(s.hex, n))
    if cat not in LIGHT_MOVERS and cat is not C.AUX:
        if ms.turns:
            raise Illegal("a move that turns may not also leave its hex [PC.MOVE.4]")
        if ms.kinds and kind not in ms.kinds:
            raise Illegal("one move keeps to one kind of step: forward, sideways or backward [PC.MOVE.12]")
        if kind is G.StepKind.SIDEWAYS and ms.side_dir not in (None, G.direction(s.hex, n)):
            raise Illegal("a sideways move keeps to the same side [PC.MOVE.12]")
    if impassable(st, s, n):
        raise Illegal(f"{st.troop(s).name} may not enter {st.ground(n).value} [PC.TERRAIN.7]")
    edge = st.edge(s.hex, n)
    if edge is Edge.RIVER:
        if st.config.river_crossing.value == "impassable_except_fords":
            raise Illegal("rivers may be crossed only at fords [PC.TERRAIN.7]")
        if not first:
            raise Illegal("crossing a river takes a whole move: it must be the move's only step [PC.TERRAIN.7]")
    if ms.mp < 1:
        raise Illegal("no movement points left [PC.MOVE.3]")
    occ = st.at(n)
    if occ is not None and occ.side != s.side:
        raise Illegal(f"{st.label(n)} holds the enemy stand {occ.id} [PC.MOVE.15]")
    if occ is not None and not may_pass(st, s, occ) and not may_displace(st, s, occ):
        raise Illegal(f"{s.id} may not pass through {occ.id} [PC.MOVE.15]")
    return kind


def step_into(ctx: Ctx, sid: str, n: Hex, ms: MoveState, track: Track, last: bool) -> list[Stand]:
    """Enter one hex; returns the enemies contacted (a charge) [PC.GEOM.10] [PC.ZOC.2]."""
    st = ctx.st
    s = st.stands[sid]
    kind = _check_step(st, s, n, ms, first=not ms.left_hex)
    approach = [*track.path]
    if counter_charge(ctx, sid, n):
        ms.ended = "interrupted"
        return []
    evasions(ctx, sid, n, s.facing, approach)
    if not last:
        push_through(ctx, sid, n)
    s = st.stands[sid]
    ahead = [e for e in (st.at(h) for h in G.front(n, s.facing)) if e is not None and e.side != s.side]
    if ahead and not all(can_charge(st, s, e, approach) for e in ahead):
        raise Illegal(
            f"{s.id} may not move into contact: only stands with an impact factor charge [PC.MOVE.13] [PC.MELEE.1]"
        )
    occ = st.at(n)
    stops = (
        bool(ahead) or bool(zoc_holders(st, n, s.side)) or st.ground(n) in DIFFICULT or st.edge(s.hex, n) is not None
    )
    if (last or stops) and occ is not None and not may_displace(st, s, occ):
        raise Illegal(f"a move may not end on {occ.id} [PC.MOVE.15] [PC.MOVE.16]")
    if (last or stops) and not ahead:
        why = zoc3_forbids(st, s, n, s.facing)
        if why:
            raise Illegal(why)
    before = s.hex
    ms.mp -= 1
    ms.kinds.add(kind)
    if kind is G.StepKind.SIDEWAYS:
        ms.side_dir = G.direction(s.hex, n)
    ms.left_hex = True
    if (last or stops) and occ is not None:
        st.put(replace(occ, hex=before))  # displaced into the hex just left [PC.MOVE.16]
        _carry_general(st, occ.id, before)
        ctx.say(f"{s.id} displaces {occ.id} to {st.label(before)} [PC.MOVE.16]")
    st.put(replace(s, hex=n, opportunity=False))
    _carry_general(st, sid, n)
    _chase_generals(ctx, s.side, n)
    track.path.append(n)
    if ahead:
        ms.ended = "contact"
    elif zoc_holders(st, n, s.side):
        ms.ended = "enemy zone of control [PC.ZOC.2]"
    elif st.ground(n) in DIFFICULT or st.edge(before, n) in (Edge.CREEK, Edge.FORD, Edge.FIELD_DEFENCE, Edge.RIVER):
        ms.ended = "difficult ground or a crossing ends the move [PC.TERRAIN.7]"
    if not ahead and opportunity_charge(ctx, sid, before):
        ms.ended = "interrupted"
        return []
    if not ahead:
        opportunity_fire(ctx, sid, before)
    return ahead


def _chase_generals(ctx: Ctx, side: str, h: Hex) -> None:
    """An enemy general alone in the hex entered goes at once to his group's nearest stand [PC.CMD.6]."""
    st = ctx.st
    for g in list(st.generals.values()):
        if g.alive and g.side != side and g.hex == h:
            friends = [s for s in st.live(g.side) if s.group == g.group]
            if friends:
                near = min(friends, key=lambda s: (s.hex.distance(h), s.id))
                st.generals[g.id] = replace(g, hex=near.hex, attached="")
                ctx.say(f"general {g.id} is driven off to {st.label(near.hex)} [PC.CMD.6]")


def _carry_general(st: State, sid: str, h: Hex) -> None:
    """An attached general moves with his stand [PC.CMD.5]."""
    for g in list(st.generals.values()):
        if g.alive and g.attached == sid:
            st.generals[g.id] = replace(g, hex=h)


def end_of_move(ctx: Ctx, sid: str, ms: MoveState) -> None:
    """Backward and sideways moves disorder all but the exempt [PC.MOVE.10] [PC.MOVE.11]; two faces disorder
    [PC.MOVE.4]."""
    st = ctx.st
    s = st.stands[sid]
    if not s.on_board:
        return
    cat, troop = st.cat(s), st.troop(s)
    if G.StepKind.BACKWARD in ms.kinds and cat not in (C.LCH, C.AUX, C.SK, C.MC, C.LC):
        ctx.disorder(sid)
        ctx.say(f"{sid} is disordered by moving backward [PC.MOVE.10]")
    if G.StepKind.SIDEWAYS in ms.kinds and cat not in (C.LC, C.LCH, C.AUX, C.SK) and not troop.sideways_no_disorder:
        ctx.disorder(sid)
        ctx.say(f"{sid} is disordered by moving sideways [PC.MOVE.11]")
    if ms.turns >= 2 and cat not in LIGHT_MOVERS and cat is not C.AUX:
        ctx.disorder(sid)
        ctx.say(f"{sid} turned more than one face: disordered, no further movement [PC.MOVE.4]")


def do_move(ctx: Ctx, sid: str, steps: list[Step], track: Track) -> bool:
    """One move; True if it charged. Raises Illegal at the first step that may not be taken."""
    st = ctx.st
    s = st.stands[sid]
    ms = MoveState(st.troop(s).mp)
    if steps and steps[0][0] == "about":
        if len(steps) != 1 or s.disordered:
            raise Illegal("turning about is a whole move, and not while disordered [PC.MOVE.7]")
        st.put(replace(s, facing=(s.facing + 3) % 6))
        ctx.disorder(sid)
        ctx.say(f"{sid} turns about and is disordered [PC.MOVE.7]")
        return False
    charged: list[Stand] = []
    first = len(track.path)
    try:
        charged = _steps(ctx, sid, steps, ms, track)
    except Illegal:
        _settle(ctx, sid, track, first)
        end_of_move(ctx, sid, ms)
        raise
    end_of_move(ctx, sid, ms)
    entered = track.path[first:]
    if entered:
        ctx.paths.append((s.side, [s.hex, *entered]))
        ctx.say(f"{sid} moves {' '.join(st.label(h) for h in [s.hex, *entered])}")
    if charged and st.stands[sid].on_board:
        approach = track.path[:-1] if track.path and track.path[-1] == st.stands[sid].hex else [*track.path]
        charge_contacts(ctx, {sid: approach or [st.stands[sid].hex]}, Movement())
        return True
    return False


def _settle(ctx: Ctx, sid: str, track: Track, first: int) -> None:
    """A move stopped part-way may not end on a friend: step back along its path to a free hex [PC.UNITS.1]
    [PC.MOVE.15]."""
    st = ctx.st
    while (
        any(o.on_board and o.id != sid and o.hex == st.stands[sid].hex for o in st.stands.values())
        and len(track.path) > first
    ):
        track.path.pop()
        st.put(replace(st.stands[sid], hex=track.path[-1]))
        _carry_general(st, sid, track.path[-1])


def _steps(ctx: Ctx, sid: str, steps: list[Step], ms: MoveState, track: Track) -> list[Stand]:
    """Take the steps of one move in order; the enemies the last one contacted."""
    st = ctx.st
    charged: list[Stand] = []
    for i, stp in enumerate(steps):
        if ms.ended == "interrupted" or not st.stands[sid].on_board:
            break
        if ms.ended:
            raise Illegal(f"the move had to stop: {ms.ended}")
        if stp[0] == "turn":
            # No trigger (b) check before a turn [PC.OPP.5]: a turn in place only contacts a neighbour O, and no forward
            # step of O from next to X ends next to X's hex with X in front, so `counter_charge` could never fire here
            # (tests/proconsul/test_rules_turn_opportunity.py). The turn is X's charge [PC.GEOM.10].
            before = contacted(st, st.stands[sid])
            _turn(ctx, sid, stp[1], ms, track)
            new = [e for e in contacted(st, st.stands[sid]) if e not in before]
            if new:
                charged, ms.ended = new, "contact"
        elif stp[0] == "face":
            if st.cat(st.stands[sid]) not in LIGHT_MOVERS or i != len(steps) - 1:
                raise Illegal("only Sk, LC and LCh choose a facing, at the end of a move [PC.MOVE.6]")
            st.put(replace(st.stands[sid], facing=stp[1]))
        elif stp[0] == "hex":
            last = not any(later[0] == "hex" for later in steps[i + 1 :])
            charged = step_into(ctx, sid, Hex(stp[1], stp[2]), ms, track, last=last)
        else:
            raise Illegal(f"unknown step {stp!r}")
    here = st.stands[sid].hex
    if any(o.on_board and o.id != sid and o.hex == here for o in st.stands.values()):
        raise Illegal("a move may not end on another stand [PC.UNITS.1] [PC.MOVE.15]")
    return charged
