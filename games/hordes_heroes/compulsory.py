"""Compulsory and response moves, and elimination [HH.COMP.*, HH.SPECIAL.36-39, HH.GEN.22, HH.STAND.8].

Compulsory moves are recoil, flee, follow-up and pursuit; response moves are evade and flee
response (HH.DEF.14). None of them may end in, or (but for pursuit) pass through, enemy ZOC (HH.ZOC.9).

Every function mutates the state it is given and returns narrative lines. The defaults of the
player decisions are the spec's deterministic ones (HH.PD.20, HH.PD.26, HH.PD.31, HH.PD.32,
HH.PD.39, HH.PD.40); lowest hex id is the (q, r) order of `Hex` (HH.HEX.15).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from campaign.hexgrid import Hex
from campaign.ruleset import DiceSource

from .battlefield import Terrain
from .edition import FIX_BOOK_13
from .geometry import Facing, direction, edge_dist, front_exit_sides, side_key
from .model import Category, Formation, Trait, Unit
from .movement import allowance, can_form_column, uname
from .skirmish_2012 import last_stand
from .state import GameState
from .zoc import can_occupy, exerts_zoc_into, is_engaged, unit_can_step

STOP_FLEE = (Terrain.WOOD, Terrain.BUA, Terrain.RIVER, Terrain.BROKEN)
"""Terrain that ends a flee early, unharmed (HH.COMP.18)."""


# --- bookkeeping --------------------------------------------------------------------------------


def own_edge_dist(state: GameState, side: str, h: Hex) -> int:
    """Edge distance from `side`'s own edge (HH.DEF.11, HH.HEX.8); 0 when the side has no edge."""
    e = state.edges.get(side)
    return edge_dist(e, h, state.field.rows) if e else 0


def kill_general(state: GameState, gid: int, why: str) -> str:
    """A general killed or captured is removed at once and counted (HH.GEN.28, HH.WIN.1, HH.STAND.8)."""
    g = state.generals[gid]
    state.generals[gid] = replace(g, alive=False, hex=None)
    state.generals_lost[g.side] = tuple(state.generals_lost.get(g.side, ())) + (gid,)
    return f"general {gid} ({g.name}) is killed or captured: {why} [HH.GEN.28]."


def record_losses(state: GameState, u: Unit, n: int) -> None:
    """Stands lost go to the owner's casualties by bought profile (HH.STAND.8, HH.WIN.4, HH.CRT.5)."""
    if n > 0:
        if state.plays(FIX_BOOK_13):
            state.bound_losses[u.id] = state.bound_losses.get(u.id, 0) + n
        cas = state.casualties.setdefault(u.side, {})
        key = u.base_profile or u.profile
        cas[key] = cas.get(key, 0) + n


def eliminate(state: GameState, uid: int, why: str) -> list[str]:
    """Remove a unit from play with its remaining stands and attached generals (HH.COMP.50, HH.GEN.22)."""
    u = state.units[uid]
    if u.eliminated:
        return []
    record_losses(state, u, u.stands)
    lines = [f"{uname(u)} is eliminated: {why} [HH.COMP.50]."]
    if u.hex is not None:
        for g in state.generals_at(u.hex):
            if g.side == u.side:
                lines.append(kill_general(state, g.id, f"his host {uname(u)} was eliminated [HH.GEN.22]"))
    state.units[uid] = replace(u, hex=None, stands=0, eliminated=True, disrupted=False, static_combat=False)
    state.flee_paths.pop(uid, None)
    last = last_stand(state, u)  # HH12.SPEC.1: a skirmish unit down to its last stand loses it
    if last is not None:
        lines += eliminate(state, last, "its skirmish unit is down to its last stand [HH12.SPEC.1]")
    return lines


def place(state: GameState, uid: int, to: Hex, **changes: Any) -> Unit:
    """Move a unit (with its attached generals, HH.GEN.8) to `to`; a lone friend there attaches (HH.COMP.1)."""
    before = state.units[uid]
    after = replace(before, hex=to, **changes)
    if state.plays(FIX_BOOK_13) and before.hex != to:
        after = replace(after, formation=squeezed_formation(state, after, to))
    if before.hex is not None and before.hex != to:
        for g in state.generals_at(before.hex):
            if g.side == before.side:
                state.generals[g.id] = replace(g, hex=to)
    state.units[uid] = after
    return after


def squeezed_formation(state: GameState, u: Unit, to: Hex) -> Formation:
    """HH.TERR.40 (book p. 14), rules version 2: a unit that cannot form column (a horde, skirmishers) moved into a
    ford, bridge or marked track by a compulsory or response move is squeezed and fights as if in column; moved
    out of one it takes its usual formation again. Column-capable units keep their formation (ruling)."""
    restriction = state.field.is_restriction(to, state.options.restrict_tracks)
    if restriction and u.formation is Formation.DEPLOYED and not can_form_column(state, u):
        return Formation.SQUEEZED
    if not restriction and u.formation is Formation.SQUEEZED:
        return Formation.DEPLOYED
    return u.formation


def disrupt(state: GameState, uid: int) -> None:
    state.units[uid] = replace(state.units[uid], disrupted=True)


# --- the own table edge after a flee, 2012 (HH12.CMP.10) ---------------------------------------------------------


def halt_at_own_edge(state: GameState, uid: int) -> list[str]:
    """HH12.CMP.10: a 2012 flee (or flee continuation) that reaches the own table edge halts there, the unit facing
    the edge; the hex is remembered, since a recoil or flee from it removes the unit as routed."""
    u = state.units[uid]
    if not state.rules.edge_halt_routs or not u.on_table or u.side not in state.edges:
        return []
    if own_edge_dist(state, u.side, u.at) != 0:
        return []
    towards = state.edges[u.side].opposite.forward  # the point a unit on the far edge faces: toward this edge
    state.units[uid] = replace(u, facing=towards)
    state.edge_halts[uid] = u.at
    return [f"{uname(u)} halts on its own table edge facing {towards.name} [HH12.CMP.10]."]


def routed_at_edge(state: GameState, uid: int, what: str) -> list[str] | None:
    """HH12.CMP.10: a unit made to recoil or flee from the own-edge hex where its flee halted is removed as routed;
    None when the rule does not apply (2022, or the unit has moved on since)."""
    u = state.units[uid]
    if not state.rules.edge_halt_routs or u.hex is None or state.edge_halts.get(uid) != u.hex:
        return None
    return eliminate(state, uid, f"it must {what} from the table edge where its flight halted: routed [HH12.CMP.10]")


# --- legality (HH.COMP.1) ------------------------------------------------------------------------


def step_ok(state: GameState, u: Unit, a: Hex, b: Hex, *, zoc: bool = True) -> bool:
    """HH.COMP.1 items 1-5 for a step a -> b of unit u (item 6, friends, is the caller's).

    On the map, terrain u may occupy (ruling HH.COMP.2), no enemy unit or lone enemy general, not in
    enemy ZOC, not across a steep, staked or wall side (HH.TERR.58, HH.SPECIAL.15, HH.TERR.65).
    """
    bf = state.field
    if not bf.on_map(b) or not unit_can_step(state, u, a, b):  # HH.TERR.45: units aboard boats stay afloat
        return False
    if bf.is_steep(a, b) or bf.is_wall(a, b) or side_key(a, b) in state.stakes:
        return False
    occ = state.unit_at(b)
    if occ is not None and occ.side != u.side:
        return False
    if any(g.side != u.side for g in state.generals_at(b)) and occ is None:
        return False
    if zoc and any(exerts_zoc_into(state, v, b) for v in state.live_units(state.other(u.side))):
        return False
    return True


def can_be_pushed(state: GameState, f: Unit) -> bool:
    """Friends can be passed through or displaced only when neither disrupted nor engaged (HH.COMP.6, HH.DISR.2);
    2012 pushes disordered friends too, only friends in melee stay put (HH12.CMP.2, ruling HH12.CMP.A3)."""
    return (state.rules.push_disordered_friends or not f.disrupted) and not is_engaged(state, f)


def _chain(state: GameState, start: Hex, d: Hex) -> list[tuple[int, Hex]] | None:
    """The domino of friends pushed from `start` in offset `d` (HH.COMP.6, ruling HH.COMP.7); None if it fails."""
    moves: list[tuple[int, Hex]] = []
    h = start
    seen = set()
    while True:
        f = state.unit_at(h)
        if f is None:
            return moves
        if f.id in seen or not can_be_pushed(state, f):
            return None
        seen.add(f.id)
        to = h + d
        if not step_ok(state, f, h, to):
            return None
        moves.append((f.id, to))
        h = to


def _do_chain(state: GameState, chain: list[tuple[int, Hex]], by: Unit) -> list[str]:
    lines = []
    for uid, to in reversed(chain):
        f = place(state, uid, to, disrupted=True)
        lines.append(f"{uname(f)} is pushed back to {state.label(to)} by {uname(by)} and disrupted [HH.COMP.6].")
    return lines


def _push_aside_hex(state: GameState, f: Unit, avoid: Iterable[Hex]) -> Hex | None:
    """Where a pushed-aside friend goes: vacant legal neighbour, smallest edge distance, lowest hex (HH.PD.20)."""
    assert f.hex is not None
    bad = set(avoid)
    opts = [n for n in f.hex.neighbours() if n not in bad and state.unit_at(n) is None and step_ok(state, f, f.hex, n)]
    return min(opts, key=lambda h: (own_edge_dist(state, f.side, h), h)) if opts else None


# --- recoil ------------------------------------------------------------------------------------------


def recoil_h2h(state: GameState, uid: int, enemy_hex: Hex) -> list[str]:
    """Recoil one hex directly away from the enemy faced (HH.COMP.3, HH.COMP.5, HH.COMP.6, HH.COMP.8, HH.COMP.10,
    HH.COMP.11); facing and formation kept. Elimination when impossible."""
    u = state.units[uid]
    assert u.hex is not None
    routed = routed_at_edge(state, uid, "recoil")
    if routed is not None:
        return routed
    if state.rules.melee_recoil_any_hex_away:
        return _recoil_away(state, u, enemy_hex)
    bf = state.field
    d = u.hex - enemy_hex
    r = u.hex + d
    if not bf.on_map(r):
        if own_edge_dist(state, u.side, u.hex) == 0 and own_edge_dist(state, u.side, r) < 0:
            return _recoil_own_edge(state, u)
        return eliminate(state, uid, f"its recoil hex {state.label(r)} is off the table [HH.COMP.9, HH.COMP.11]")
    if bf.is_steep(u.hex, r):
        # HH.COMP.10, HH.PD.40, HH.TERR.58: any vacant legal neighbour instead, no displacement.
        opts = [n for n in u.hex.neighbours() if state.unit_at(n) is None and step_ok(state, u, u.hex, n)]
        if not opts:
            return eliminate(state, uid, "it cannot recoil across the steep side and has no other hex [HH.COMP.10]")
        to = min(opts, key=lambda h: (-h.distance(enemy_hex), own_edge_dist(state, u.side, h), h))
        place(state, uid, to)
        return [f"{uname(u)} recoils to {state.label(to)} instead of across the steep side [HH.COMP.10]."]
    if side_key(u.hex, r) in state.stakes:
        return eliminate(state, uid, f"it would recoil across planted stakes into {state.label(r)} [HH.SPECIAL.15]")
    if not step_ok(state, u, u.hex, r):
        return eliminate(state, uid, f"its recoil hex {state.label(r)} is blocked [HH.COMP.11]")
    chain = _chain(state, r, d)
    if chain is None:
        return eliminate(state, uid, f"the friends in {state.label(r)} cannot be displaced [HH.COMP.6, HH.COMP.11]")
    lines = _do_chain(state, chain, u)
    place(state, uid, r)
    lines.insert(0, f"{uname(u)} recoils {state.label(u.hex)} -> {state.label(r)} [HH.COMP.3].")
    return lines


def _recoil_away(state: GameState, u: Unit, enemy_hex: Hex) -> list[str]:
    """2012: one hex to any neighbour farther from the enemy faced (HH12.CMP.1, ruling HH12.CMP.A1): directly away
    first, then the two others nearer the own edge first (then lowest hex); the first empty legal one, else the
    first whose friends can be pushed on (HH12.CMP.2, ruling HH12.CMP.A3); never off the table (ruling
    HH12.CMP.A4); eliminated with none (HH12.CMP.3). Facing and formation kept.
    TODO(HH12.CMP.A3): friends are pushed straight on only, not aside."""
    a = u.hex
    assert a is not None
    direct = a + (a - enemy_hex)
    others = sorted(
        (n for n in a.neighbours() if n != direct and n.distance(enemy_hex) == 2),
        key=lambda h: (own_edge_dist(state, u.side, h), h),
    )
    legal = [
        h for h in (direct, *others) if state.field.on_map(h) and side_key(a, h) not in state.stakes
        and step_ok(state, u, a, h)
    ]  # fmt: skip
    to = next((h for h in legal if state.unit_at(h) is None), None)
    lines: list[str] = []
    if to is None:
        for h in legal:
            chain = _chain(state, h, h - a)
            if chain is not None:
                to, lines = h, _do_chain(state, chain, u)
                break
    if to is None:
        return eliminate(state, u.id, "it has no hex to recoil into away from the enemy [HH12.CMP.3]")
    place(state, u.id, to)
    return [f"{uname(u)} recoils {state.label(a)} -> {state.label(to)} [HH12.CMP.1]."] + lines


def _recoil_own_edge(state: GameState, u: Unit) -> list[str]:
    """Recoil along or off the unit's own edge (HH.COMP.8, HH.PD.31, HH.PD.39: never leave by default)."""
    assert u.hex is not None
    vac = [n for n in u.hex.neighbours() if state.unit_at(n) is None and step_ok(state, u, u.hex, n)]
    for ed in (0, 1):
        opts = sorted(h for h in vac if own_edge_dist(state, u.side, h) == ed)
        if opts:
            place(state, u.id, opts[0])
            return [f"{uname(u)} recoils along its own edge to {state.label(opts[0])} [HH.COMP.8]."]
    friends = [
        n
        for n in u.hex.neighbours()
        if (f := state.unit_at(n)) is not None and f.side == u.side and step_ok(state, u, u.hex, n, zoc=True)
    ]
    for h in sorted(friends, key=lambda h: (own_edge_dist(state, u.side, h), h)):
        if own_edge_dist(state, u.side, h) > 1:
            continue
        chain = _chain(state, h, h - u.hex)
        if chain is not None:
            lines = _do_chain(state, chain, u)
            place(state, u.id, h)
            return [f"{uname(u)} recoils along its own edge to {state.label(h)} [HH.COMP.8]."] + lines
    return eliminate(state, u.id, "it cannot recoil at its own table edge [HH.COMP.8]")


def recoil_shooting(state: GameState, uid: int, shooters: list[Hex]) -> list[str]:
    """Recoil from shooting by the priority categories and tie-breaks (HH.COMP.12, HH.COMP.13, HH.COMP.14, HH.PD.26)."""
    u = state.units[uid]
    assert u.hex is not None
    here = u.hex
    ed0 = own_edge_dist(state, u.side, here)
    routed = routed_at_edge(state, uid, "recoil")
    if routed is not None:
        return routed
    if state.rules.shooting_recoil_from_nearest:
        return _recoil_shooting_2012(state, u, here, ed0, shooters)

    def key(h: Hex) -> tuple[int, int, Hex]:
        return (-min(h.distance(s) for s in shooters), own_edge_dist(state, u.side, h), h)

    legal = [n for n in here.neighbours() if step_ok(state, u, here, n)]
    vacant = [n for n in legal if state.unit_at(n) is None]
    away = [n for n in vacant if all(n.distance(s) > here.distance(s) for s in shooters)]
    cats = [
        [n for n in away if own_edge_dist(state, u.side, n) < ed0],
        [n for n in vacant if own_edge_dist(state, u.side, n) == ed0],
        vacant,
    ]
    for i, cat in enumerate(cats, start=1):
        if cat:
            to = min(cat, key=key)
            place(state, uid, to)
            return [f"{uname(u)} recoils from the shooting to {state.label(to)} (priority {i}) [HH.COMP.12]."]
    friends = [n for n in legal if (f := state.unit_at(n)) is not None and f.side == u.side]
    friends.sort(key=lambda h: ({-1: 0, 0: 1, 1: 2}[max(-1, min(1, own_edge_dist(state, u.side, h) - ed0))],) + key(h))
    for h in friends:
        chain = _chain(state, h, h - here)
        if chain is not None:
            lines = _do_chain(state, chain, u)
            place(state, uid, h)
            return [f"{uname(u)} recoils from the shooting to {state.label(h)} (priority 4) [HH.COMP.12]."] + lines
    return eliminate(state, uid, "it has no hex to recoil into [HH.COMP.12]")


def _recoil_shooting_2012(state: GameState, u: Unit, here: Hex, ed0: int, shooters: list[Hex]) -> list[str]:
    """2012 (ruling HH12.CMP.A2): 1 hex away from the nearest shooter that hit (ties: the lowest hex, standing for
    the owner's choice), among neighbours farther from it: nearer the own edge, then level, then any other empty
    one, then one whose friends can be pushed on; eliminated with none. Never off the table (ruling HH12.CMP.A4)."""
    ref = min(shooters, key=lambda s: (s.distance(here), s))
    away = [n for n in here.neighbours() if n.distance(ref) > here.distance(ref) and step_ok(state, u, here, n)]
    vacant = sorted((n for n in away if state.unit_at(n) is None), key=lambda h: (own_edge_dist(state, u.side, h), h))
    if vacant:
        to = vacant[0]
        place(state, u.id, to)
        return [f"{uname(u)} recoils from the shooting to {state.label(to)} [ruling HH12.CMP.A2]."]
    for h in sorted(away, key=lambda h: (own_edge_dist(state, u.side, h), h)):
        chain = _chain(state, h, h - here)
        if chain is not None:
            lines = _do_chain(state, chain, u)
            place(state, u.id, h)
            return [f"{uname(u)} recoils from the shooting to {state.label(h)} [ruling HH12.CMP.A2]."] + lines
    return eliminate(state, u.id, "it has no hex to recoil into away from the shooters [ruling HH12.CMP.A2]")


# --- flee ---------------------------------------------------------------------------------------------


def flee_length(state: GameState, u: Unit) -> int:
    """Full normal move in the current formation plus one, no road bonus (HH.COMP.15, HH.EX.31)."""
    return allowance(state, u, False) + 1


def flee_candidates(state: GameState, u: Unit, opponents: list[Hex], h2h: bool) -> list[Hex]:
    """First hexes of a flee: directly away from each opponent (H2H) or away from every shooter (HH.COMP.16)."""
    assert u.hex is not None
    if h2h:
        out = []
        for o in opponents:
            if direction(u.hex, o) is None:
                continue
            c = u.hex + (u.hex - o)
            if all(c.distance(x) >= 2 for x in opponents):
                out.append(c)
        return sorted(set(out))
    return sorted(n for n in u.hex.neighbours() if all(n.distance(s) > u.hex.distance(s) for s in opponents))


def _flee_search(state: GameState, u: Unit, firsts: list[Hex], length: int) -> tuple[Any, ...] | None:
    """The default legal flee path (HH.COMP.17, HH.COMP.18, HH.COMP.21): minimises final edge distance, friends
    disturbed, steps away from the own edge, (rules version 2) the edge distances step by step, then hex ids.
    Returns (key, path, passed, pushed-aside)."""
    assert u.hex is not None
    start: Hex = u.hex
    best: tuple[Any, ...] | None = None
    cache: dict[tuple[Hex, Hex], bool] = {}

    def ok(a: Hex, b: Hex) -> bool:
        k = (a, b)
        if k not in cache:
            cache[k] = step_ok(state, u, a, b)
        return cache[k]

    def finish(path: list[Hex], passed: list[int]) -> None:
        nonlocal best
        last = path[-1]
        pushed = None
        f = state.unit_at(last)
        if f is not None and f.id != u.id:
            to = _push_aside_hex(state, f, [*path, start])
            if to is None:
                return
            pushed = (f.id, to)
        prev = [start, *path]
        away = sum(
            1
            for a, b in zip(prev, prev[1:], strict=False)
            if own_edge_dist(state, u.side, b) > own_edge_dist(state, u.side, a)
        )
        # HH.COMP.21 (book p. 12), rules version 2: among equal paths, the one nearer the own edge soonest, step by
        # step, before hex ids (version 1 went to hex ids at once, which could step sideways along the enemy front).
        # The standing order `flee-through-friends yes` puts the edge before sparing friends.
        soonest = tuple(own_edge_dist(state, u.side, h) for h in path) if state.plays(FIX_BOOK_13) else ()
        friends = len(passed) + (1 if pushed else 0)
        if soonest and state.standing_for(u.side).for_unit(u.id).flee_through_friends:
            key: tuple[Any, ...] = (own_edge_dist(state, u.side, last), soonest, friends, away, tuple(path))
        else:
            key = (own_edge_dist(state, u.side, last), friends, away, soonest, tuple(path))
        if best is None or key < best[0]:
            best = (key, tuple(path), tuple(passed), pushed)

    def ends(h: Hex, steps: int) -> bool:
        return state.field.terrain_at(h) in STOP_FLEE or own_edge_dist(state, u.side, h) == 0 or steps == length

    def enterable(g: Unit | None, h: Hex, steps: int) -> bool:
        """A friend in the way: passable, or (2012, ruling HH12.CMP.A13) a disordered one only where the flee ends,
        to be pushed aside."""
        if g is None:
            return True
        if not can_be_pushed(state, g):
            return False
        return not (g.disrupted and state.rules.flee_pushes_not_passes_disordered and not ends(h, steps))

    def dfs(path: list[Hex], passed: list[int]) -> None:
        cur = path[-1]
        f = state.unit_at(cur)
        if ends(cur, len(path)):
            finish(path, passed)
            return
        for n in cur.neighbours():
            if n in path or n == start or not ok(cur, n):
                continue
            if not enterable(state.unit_at(n), n, len(path) + 1):
                continue
            dfs(path + [n], passed + ([f.id] if f is not None and f.id != u.id else []))

    for h in firsts:
        if not ok(start, h):
            continue
        if not enterable(state.unit_at(h), h, 1):
            continue
        dfs([h], [])
    return best


def _flee_along(
    state: GameState, uid: int, start: Hex, best: tuple[Any, ...], passed_code: str, pushed_code: str
) -> list[str]:
    """Carry out a found flee path: friends passed through disrupted, one pushed aside, the unit at the end facing
    its last step, disrupted (HH.COMP.17; 2012 HH12.CMP.9)."""
    _, path, passed, pushed = best
    lines = []
    for fid in passed:
        disrupt(state, fid)
        lines.append(f"{uname(state.units[fid])} is passed through and disrupted {passed_code}.")
    if pushed:
        f = place(state, pushed[0], pushed[1], disrupted=True)
        lines.append(f"{uname(f)} is pushed aside to {state.label(pushed[1])} and disrupted {pushed_code}.")
    prev = path[-2] if len(path) > 1 else start
    d = direction(prev, path[-1])
    place(state, uid, path[-1], facing=Facing.of_side(d if d is not None else 0), disrupted=True)
    return lines


def flee(state: GameState, uid: int, opponents: list[Hex], *, h2h: bool) -> list[str]:
    """A flee move (HH.COMP.15-23): eliminated on the own edge, with no legal path, or if artillery/war wagon."""
    u = state.units[uid]
    assert u.hex is not None
    p = state.profile(u)
    if p.never_recoils:
        if p.category is Category.WAR_WAGON and state.rules.war_wagons_ignore_flee:
            state.units[uid] = replace(u, disrupted=True)
            return [f"{uname(u)} stands: war wagons do not flee, they are disordered where they are [HH12.SPEC.17]."]
        return eliminate(state, uid, "artillery and war wagons cannot flee [HH.COMP.23, HH.ART.17, HH.SPECIAL.41]")
    routed = routed_at_edge(state, uid, "flee")
    if routed is not None:
        return routed
    if own_edge_dist(state, u.side, u.hex) == 0:
        return eliminate(state, uid, "it must flee from its own table edge [HH.COMP.19]")
    length = flee_length(state, u)
    best = _flee_search(state, u, flee_candidates(state, u, opponents, h2h), length)
    if best is None:
        return eliminate(state, uid, "it has no legal flee path [HH.COMP.20]")
    path = best[1]
    start = u.hex
    pushed = "[HH.COMP.17, HH12.CMP.A13]" if state.rules.flee_pushes_not_passes_disordered else "[HH.COMP.17]"
    lines = _flee_along(state, uid, start, best, "[HH.COMP.17, HH.DISR.1]", pushed)
    state.flee_paths[uid] = (start, *path)
    end = path[-1]
    if state.rules.flee_continuation and state.field.terrain_at(end) not in STOP_FLEE:
        if own_edge_dist(state, u.side, end) > 0:  # HH12.CMP.6, ruling HH12.CMP.A6 (halted: no continuation)
            state.flee_continuations = state.flee_continuations | {uid}
    lines.insert(
        0,
        f"{uname(u)} flees {state.label(start)} -> {' '.join(state.label(h) for h in path)}"
        f" ({len(path)} of {length} hexes) [HH.COMP.15, HH.COMP.21, HH.COMP.22].",
    )
    return lines + halt_at_own_edge(state, uid)


def continue_flee(state: GameState, uid: int) -> list[str]:
    """2012 flee continuation (HH12.CMP.6, ruling HH12.CMP.A6): a full normal move (no +1, no road bonus) toward
    the own edge, never into enemy ZOC, passing or pushing friends as a flee does; stops in halting terrain or on
    the own edge; eliminated when it cannot start. TODO(HH12.CMP.A6): the unit still rallies that phase."""
    state.flee_continuations = state.flee_continuations - {uid}
    u = state.units[uid]
    if not u.on_table or u.hex is None or own_edge_dist(state, u.side, u.hex) == 0:
        return []
    here = u.hex
    d0 = own_edge_dist(state, u.side, here)
    firsts = sorted(n for n in here.neighbours() if own_edge_dist(state, u.side, n) < d0)
    best = _flee_search(state, u, firsts, allowance(state, u, False))
    if best is None:
        return eliminate(state, uid, "its flee continuation is blocked [HH12.CMP.6, HH12.CMP.8]")
    path = best[1]
    lines = [
        f"{uname(u)} continues its flight {state.label(here)} -> {' '.join(state.label(h) for h in path)} [HH12.CMP.6]."
    ]
    return lines + _flee_along(state, uid, here, best, "[HH12.CMP.9]", "[HH12.CMP.9]") + halt_at_own_edge(state, uid)


# --- elephants ----------------------------------------------------------------------------------------


def elephant_move(state: GameState, uid: int, dice: DiceSource, why: str) -> list[str]:
    """One random 1-hex move of an elephant (HH.SPECIAL.36, HH.SPECIAL.38, HH.HEX.3: D6 k is direction k - 1)."""
    u = state.units[uid]
    assert u.hex is not None
    k = dice.roll(6, f"elephant direction: unit {u.id} ({u.name}) {why}")
    d = k - 1
    h = u.hex.neighbour(d)
    bf = state.field
    lines = [f"{uname(u)} lurches in direction {d} (D6 {k}) [HH.SPECIAL.36]."]
    if (
        not bf.on_map(h)
        or not can_occupy(state, state.profile(u), h)
        or bf.is_steep(u.hex, h)
        or side_key(u.hex, h) in state.stakes
    ):
        return lines + eliminate(
            state, uid, "the elephants run off the table or into impassable ground [HH.SPECIAL.38]"
        )
    occ = state.unit_at(h)
    if occ is not None:
        push: Hex | None = h.neighbour(d)
        if push is None or not (
            bf.on_map(push)
            and state.unit_at(push) is None
            and can_occupy(state, state.profile(occ), push)
            and not bf.is_steep(h, push)
        ):
            opts = [
                n
                for n in h.neighbours()
                if n != u.hex and state.unit_at(n) is None and bf.on_map(n) and can_occupy(state, state.profile(occ), n)
            ]
            push = min(opts, key=lambda x: (own_edge_dist(state, occ.side, x), x)) if opts else None
        if push is None:
            disrupt(state, occ.id)
            return lines + [f"{uname(occ)} cannot be displaced and is disrupted; the elephants stay [HH.SPECIAL.38]."]
        place(state, occ.id, push, disrupted=True)
        lines.append(f"{uname(occ)} is displaced to {state.label(push)} and disrupted [HH.SPECIAL.36, HH.DISR.1].")
    place(state, uid, h)
    lines.append(f"{uname(u)} moves to {state.label(h)}.")
    return lines


# --- evade and flee response (during enemy movement) ---------------------------------------------------


def _response_paths(state: GameState, v: Unit, mover_hex: Hex, max_len: int, evade: bool) -> list[tuple[Any, ...]]:
    """Legal evade / flee-response paths (HH.COMP.43, HH.COMP.47): each (key parts, path, passed, pushed)."""
    assert v.hex is not None
    here: Hex = v.hex
    out: list[tuple[Any, ...]] = []
    p = state.profile(v)
    foot_skirmisher = p.skirmisher and not p.category.mounted  # HH.SPECIAL.39: they evade through friends harmlessly
    # Ruling HH12.CMP.A10: a 2012 evader passes through friends harmlessly, pushes none and ends in an empty hex.
    harmless = evade and not state.rules.evade_disorders_friends

    def dfs(path: list[Hex], passed: list[int], mp: int) -> None:
        cur = path[-1] if path else here
        if path:
            f = state.unit_at(cur)
            pushed = None
            ok = True
            if f is not None:
                to = None if harmless else _push_aside_hex(state, f, [*path, here])
                ok = to is not None
                pushed = (f.id, to)
            if ok and cur.distance(mover_hex) > here.distance(mover_hex):
                out.append((path, passed, pushed))
            t = state.field.terrain_at(cur)
            if t in (Terrain.WOOD, Terrain.BUA, Terrain.RIVER):
                return
            if t is Terrain.BROKEN and p.category.cavalry_rules:
                return
        for n in cur.neighbours():
            if n in path or n == here or not step_ok(state, v, cur, n):
                continue
            cost = 1
            d = direction(here, n)
            if not path and not evade and (d is None or d not in front_exit_sides(v.facing)):
                cost += 1  # HH.COMP.47: the normal turn cost of the first step (HH.MOVE.11)
            if mp + cost > max_len:
                continue
            if evade and n.distance(mover_hex) <= cur.distance(mover_hex):
                continue
            t = state.field.terrain_at(n)
            if path and (t is Terrain.RIVER or (t is Terrain.BROKEN and p.category.cavalry_rules)):
                continue
            g = state.unit_at(n)
            if g is not None and not can_be_pushed(state, g):
                continue
            extra = [g.id] if g is not None and not (evade and foot_skirmisher) and not harmless else []
            dfs(path + [n], passed + extra, mp + cost)

    dfs([], [], 0)
    return out


def _carry_out_response(state: GameState, v: Unit, chosen: tuple[Any, ...], what: str, code: str) -> list[str]:
    path, passed, pushed = chosen
    lines = []
    for fid in passed:
        if pushed and fid == pushed[0]:
            continue
        disrupt(state, fid)
        lines.append(f"{uname(state.units[fid])} is passed through and disrupted [HH.DISR.1].")
    if pushed:
        f = place(state, pushed[0], pushed[1], disrupted=True)
        lines.append(f"{uname(f)} is pushed aside to {state.label(pushed[1])} and disrupted [{code}].")
    lines.insert(0, f"{uname(v)} {what} {state.label(v.hex)} -> {' '.join(state.label(h) for h in path)} [{code}].")
    return lines


def try_evade(state: GameState, v: Unit, mover: Unit) -> list[str] | None:
    """Evade 1 (E1) or up to 2 (E2) hexes instead of accepting contact, if eligible (HH.COMP.42-45, HH.PD.15).

    Default path: the longest, then the greatest distance from the contacting unit, the fewest friends
    disrupted, the smallest edge distance, the lowest hex ids (HH.COMP.44). Returns None if no evade.
    """
    p = state.profile(v)
    if not p.evade or v.disrupted or v.evaded_this_bound or v.profile != v.base_profile:
        return None
    assert mover.hex is not None
    paths = _response_paths(state, v, mover.hex, p.evade, True)
    if not paths:
        return None
    chosen = min(
        paths,
        key=lambda c: (
            -len(c[0]),
            -c[0][-1].distance(mover.hex),
            len(c[1]),
            own_edge_dist(state, v.side, c[0][-1]),
            tuple(c[0]),
        ),
    )
    lines = _carry_out_response(state, v, chosen, "evades", "HH.COMP.42")
    place(state, v.id, chosen[0][-1], evaded_this_bound=True)
    return lines


def try_flee_response(state: GameState, v: Unit, mover: Unit) -> list[str] | None:
    """A voluntary flee move instead of contact (HH.COMP.47, HH.COMP.48, HH.PD.16); the unit is not disrupted."""
    budget = allowance(state, v, False)
    remount = ""
    if v.profile != v.base_profile and v.base_profile in state.profiles:
        # HH.MOVE.26, HH.EX.32: dismounted, it remounts (1 MP) and flees out of its mounted allowance.
        v = replace(v, profile=v.base_profile)
        budget = allowance(state, v, False) - 1
        remount = "remounts and "
    p = state.profile(v)
    if Trait.F not in p.traits or v.disrupted or v.flee_responded_this_bound:
        return None
    assert mover.hex is not None
    paths = _response_paths(state, v, mover.hex, budget, False)
    if not paths:
        return None
    chosen = min(
        paths,
        key=lambda c: (-c[0][-1].distance(mover.hex), len(c[1]), own_edge_dist(state, v.side, c[0][-1]), tuple(c[0])),
    )
    lines = _carry_out_response(state, v, chosen, remount + "flees in response", "HH.COMP.47")
    path = chosen[0]
    prev = path[-2] if len(path) > 1 else v.hex
    d = direction(prev, path[-1])  # type: ignore[arg-type]  # v is on the table: prev is a hex
    place(state, v.id, path[-1], flee_responded_this_bound=True, facing=Facing.of_point(d or 0), profile=v.profile)
    return lines
