"""Retreat, bounce and the skirmisher push-back after a melee [PC.RETREAT.*] [PC.RESULT.5].

Each step is chosen by class (empty and clear, through a friend, into an enemy ZOC, sideways),
then by straightness away from the enemy battle stand, then by the lowest direction [PC.RETREAT.3].
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex

from . import geometry as G
from .context import Ctx
from .fire import in_open
from .model import HEAVY_THROUGH, Category, Stand
from .standing import distance as choose_distance
from .standing import step_choice
from .state import State, Terrain

C = Category


def zoc_holders(st: State, h: Hex, side: str) -> list[Stand]:
    """Enemies of `side` whose ZOC covers h: their front hexes; Sk in the open have none [PC.ZOC.1]."""
    return [
        e
        for e in st.live(st.enemy(side))
        if h in G.front(e.hex, e.facing) and not (st.cat(e) is C.SK and in_open(st, e.hex))
    ]


def zoc3_forbids(st: State, s: Stand, h: Hex, facing: int) -> str:
    """A stand may not stand in an enemy's ZOC with that enemy on its flank or rear [PC.ZOC.3].

    With config `zoc_flank_rule = "literal"` the book's other reading applies instead: none of the stand's flank or
    rear hexes may lie in an enemy ZOC (Sk in the open have none) [PC.ZOC.3].
    """
    if st.config.zoc_flank_rule == "literal":
        for n in G.flank_or_rear(h, facing):
            holders = zoc_holders(st, n, s.side)
            if holders:
                return f"its flank or rear hex {st.label(n)} would lie in {holders[0].id}'s zone of control [PC.ZOC.3]"
        return ""
    for e in zoc_holders(st, h, s.side):  # Sk in the open have no ZOC, so never count [PC.ZOC.3]
        if e.hex in G.flank_or_rear(h, facing):
            return f"it would stand in {e.id}'s zone of control with {e.id} on its flank or rear [PC.ZOC.3]"
    return ""


def impassable(st: State, s: Stand, h: Hex) -> bool:
    """Terrain the stand may never enter [PC.TERRAIN.7]."""
    g, cat = st.ground(h), st.cat(s)
    if g is Terrain.IMPASSABLE:
        return True
    if g is Terrain.WOODS and cat in (C.CH, C.LCH, C.EL, C.ART, C.PK):
        return True
    if g is Terrain.TOWN and cat in (C.LC, C.MC, C.HC, C.CH, C.LCH, C.EL):
        return True
    return g in (Terrain.ROUGH, Terrain.MARSH) and cat in (C.CH, C.LCH, C.ART)


def _classify(st: State, s: Stand, here: Hex, n: Hex, source: Hex, beaten_front_or_rear: bool) -> int | None:
    """Class 1-4 of a candidate step, or None if it may not be taken [PC.RETREAT.3] [PC.RETREAT.6]."""
    gain = n.distance(source) - here.distance(source)
    if gain < 0 or not st.on_map(n) or impassable(st, s, n):
        return None
    occ = st.at(n)
    if occ is not None and occ.side != s.side and st.cat(occ) is not C.SK:
        return None
    if gain == 0 or (beaten_front_or_rear and n in G.flank(here, s.facing)):
        return 4
    if occ is not None:
        return 2
    return 3 if zoc_holders(st, n, s.side) else 1


def _ranked(st: State, s: Stand, here: Hex, source: Hex, beaten: bool, forbid: set[Hex]) -> list[tuple[Hex, int]]:
    """The legal steps, best first: class, then straightest, then lowest direction [PC.RETREAT.3]."""
    found = []
    for k in range(6):
        n = here.neighbour(k)
        cls = None if n in forbid else _classify(st, s, here, n, source, beaten)
        if cls is not None:
            found.append((cls, -G.away_score(here, source, n)[1], k, n))
    return [(n, cls) for cls, _, _, n in sorted(found)]


def _best(st: State, s: Stand, here: Hex, source: Hex, beaten: bool, forbid: set[Hex]) -> tuple[Hex, int] | None:
    ranked = _ranked(st, s, here, source, beaten, forbid)
    return ranked[0] if ranked else None


def _step(ctx: Ctx, sid: str, here: Hex, source: Hex, beaten: bool, forbid: set[Hex]) -> tuple[Hex, int] | None:
    """The retreat's next step: the best, or the side's pick among the steps of the best class when its standing order
    `retreat_path` is "ask" (decision 22) [PC.RETREAT.3]."""
    st = ctx.st
    s = st.stands[sid]
    ranked = _ranked(st, s, here, source, beaten, forbid)
    if not ranked:
        return None
    best = [n for n, cls in ranked if cls == ranked[0][1]]
    question = f"{sid} retreats from {st.label(here)}: into which hex?"
    return step_choice(ctx, s.side, "retreat_path", best, question, f"{sid}-{st.label(here)}"), ranked[0][1]


def retreat(ctx: Ctx, sid: str, source: Hex, distance: int, beaten_front_or_rear: bool) -> list[Hex]:
    """Retreat up to `distance` hexes away from `source`, keeping facing; returns the hexes entered [PC.RETREAT.2] [PC.RETREAT.12].

    A retreat is forced movement: no ZOC halt, no opportunity, never a charge [PC.RETREAT.11] [PC.MELEE.21].
    SP are lost for sideways steps and each distinct enemy ZOC entered [PC.RETREAT.4] [PC.RETREAT.14];
    a stand trapped, or pushed off the board by its straightest step, is destroyed [PC.RETREAT.7] [PC.RETREAT.9].
    """
    st = ctx.st
    s = st.stands[sid]
    start, path, zocs = s.hex, list[Hex](), set[str]()
    straight = max(s.hex.neighbours(), key=lambda n: (G.away_score(s.hex, source, n), -s.hex.side_to(n)))
    if not st.on_map(straight) and G.away_score(s.hex, source, straight)[0] > 0:
        ctx.remove(sid, "retreated off the board [PC.RETREAT.9]")
        return path
    here, steps = s.hex, 0
    if st.cat(s) is not C.EL:  # elephants retreat the full distance [PC.RETREAT.2]
        question = f"{ctx.name(sid)} retreats: how far?"
        distance = choose_distance(ctx, s.side, "retreat_distance", distance, question, sid)
    forbid_first, extra = _rear_threats(ctx, sid, source, zocs)
    while steps < distance or (_friend_there(st, here, sid) and not _push_back(ctx, sid, here, source, [start, *path])):
        forbid = {start, *path, *(forbid_first if not path else ())}
        choice = _step(ctx, sid, here, source, beaten_front_or_rear, forbid)
        if choice is None:
            if not path:
                ctx.remove(sid, "trapped: no retreat step [PC.RETREAT.7]")
            break
        n, cls = choice
        here, steps = n, steps + 1
        path.append(n)
        friend = st.at(n)
        if friend is not None and friend.side == s.side:
            _through(ctx, st.stands[sid], friend)
        cost = (1 if cls == 4 else 0) + (extra if len(path) == 1 else 0)
        for e in zoc_holders(st, n, s.side):
            if e.id not in zocs:
                zocs.add(e.id)
                cost += 1
        st.put(replace(st.stands[sid], hex=n))
        _move_general(st, sid, n)
        if cost and ctx.lose(sid, cost, "sideways or through enemy ZOC while retreating [PC.RETREAT.3] [PC.RETREAT.4]"):
            break
        if steps >= 4 * distance + 6:
            break
    if st.stands[sid].on_board and _friend_there(st, st.stands[sid].hex, sid):
        ctx.remove(sid, "trapped among friends: no free hex to retreat to [PC.RETREAT.5] [PC.RETREAT.7]")
    if st.stands[sid].on_board:
        ctx.say(f"{sid} retreats {len(path)} hex(es) to {st.label(st.stands[sid].hex)}")
    return path


def _rear_threats(ctx: Ctx, sid: str, source: Hex, zocs: set[str]) -> tuple[tuple[Hex, ...], int]:
    """Threats to the rear of a stand beaten through its front: (rear hexes closed to the first step, extra SP) [PC.RETREAT.8].

    Both rear hexes held by an enemy or in the ZOC of an enemy next to the stand: the first step must be a flank
    step. Only one rear hex held by an enemy: out through the other, 1 SP more, instead of that enemy's ZOC loss.
    """
    st = ctx.st
    s = st.stands[sid]
    if source not in G.front(s.hex, s.facing):
        return (), 0
    near = [e for e in st.live(st.enemy(s.side)) if e.hex.distance(s.hex) == 1]
    rear = G.rear(s.hex, s.facing)
    held = [h for h in rear if any(e.hex == h for e in near)]
    threatened = [h for h in rear if h in held or any(h in G.front(e.hex, e.facing) for e in near)]
    if len(threatened) == 2:
        return rear, 0
    if len(held) == 1:
        zocs.update(e.id for e in near if e.hex == held[0])
        return (), 1
    return (), 0


def _push_back(ctx: Ctx, sid: str, h: Hex, source: Hex, path: list[Hex]) -> bool:
    """A retreat may end on a friendly Sk, which is pushed one hex further away (an empty hex first, else the hex the
    retreating stand just left) [PC.RETREAT.5]; True if it was."""
    st = ctx.st
    sk = next((o for o in st.live(st.stands[sid].side) if o.hex == h and o.id != sid), None)
    if sk is None or st.cat(sk) is not C.SK:
        return False
    options = [n for n in h.neighbours() if st.on_map(n) and st.at(n) is None and not impassable(st, sk, n)]
    options = [n for n in options if n.distance(source) > h.distance(source)]
    if options:
        to = max(options, key=lambda n: (G.away_score(h, source, n), -h.side_to(n)))
    else:
        to = path[-2]
    st.put(replace(sk, hex=to))
    ctx.say(f"{sk.id} is pushed back to {st.label(to)} [PC.RETREAT.5]")
    return True


def _friend_there(st: State, h: Hex, sid: str) -> bool:
    """A retreat may not end on a friend: it goes on until it is clear [PC.RETREAT.5]."""
    return any(o.on_board and o.hex == h and o.id != sid for o in st.stands.values())


def _through(ctx: Ctx, mover: Stand, friend: Stand) -> None:
    """Heavy types retreating through heavy types disorder them [PC.RETREAT.5]."""
    st = ctx.st
    if st.config.retreat_disorder_all_friends or (st.cat(mover) in HEAVY_THROUGH and st.cat(friend) in HEAVY_THROUGH):
        ctx.disorder(friend.id)
        ctx.say(f"{friend.id} is disordered by {mover.id} retreating through it [PC.RETREAT.5]")


def _move_general(st: State, sid: str, h: Hex) -> None:
    """An attached general goes with the stand [PC.CMD.5] [PC.RETREAT.12]."""
    for g in list(st.generals.values()):
        if g.alive and g.attached == sid:
            st.generals[g.id] = replace(g, hex=h)


def bounce(ctx: Ctx, sid: str, source: Hex) -> None:
    """Up to MP hexes away keeping facing, then disordered; never off the board nor destroyed [PC.RESULT.5]
    [PC.RETREAT.13] [PC.RETREAT.15]."""
    st = ctx.st
    s = st.stands[sid]
    here, seen = s.hex, {s.hex}
    how_far = choose_distance(ctx, s.side, "bounce_distance", st.troop(s).mp, f"{ctx.name(sid)} bounces: how far?", sid)
    for _ in range(how_far):
        choice = _best(st, st.stands[sid], here, source, False, seen)
        if choice is None or st.at(choice[0]) is not None:
            break
        here = choice[0]
        seen.add(here)
        st.put(replace(st.stands[sid], hex=here))
        _move_general(st, sid, here)
    ctx.disorder(sid)
    ctx.say(f"{sid} bounces to {st.label(here)}, disordered [PC.RESULT.5]")
