"""A computer player for Hordes & Heroes: legal order text for whatever a side must send now [HH.PD.*].

`bot_orders(state, side, seed)` looks at `pending(state)` and writes the side's initiative
choices, its deployment, its bound's orders or (for the side not moving) its standing orders.
Every move is planned on a copy of the state with the engine's own move simulator
(`movement.MoveSim`, `plan_move`) and `rules.verify_*`, in the order the bound runner will carry
the orders out, and the finished text is checked with `parse_orders`; a refused line is dropped
and the rest checked again, so the text returned is always accepted.

The player is simple and deterministic: the same state and seed give the same text; the seed
only breaks ties (a local `random.Random(seed)`, never the global one).

- Initiative: deploy second (and so move first); ask for the edge whose deployment zone has
  more open ground.
- Deployment: one line on the front row of the zone, centred on the enemy if he has deployed:
  foot in the centre, shooters and artillery beside it, mounted troops on the wings; every
  unit facing the enemy; generals attached to central units, one per stretch of the line.
- A bound: a lone general, or one with units out of command or a host close to the enemy,
  makes the Command Move that puts most units under command, then keeps him out of contact
  (he dies with his host, HH.GEN.22), with a good foot unit; reduced units of one type combine
  when no stand is lost; then each commanded unit, front units first, picks its best reachable
  end hex: far from the enemy the line advances together by the slowest unit's pace, units
  keeping next to friends; close to him shooters stand off at 2 hexes (small-arms range,
  HH.SHOOT.6), mounted units charge when their CF + stands + impact beat the target's by 1,
  foot attack unless outmatched by more than 1, a unit carrying a general needs 2 more,
  artillery holds and faces the nearest enemy; disrupted units rally facing the nearest enemy.
  Shooting targets, combat order, follow-ups and pursuits are left to the engine's defaults.
- The side not moving sends the default standing orders (HH.PD.14-20).

`selfplay.self_play` runs a whole game between two bots through the `Ruleset` interface.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum

from campaign.hexgrid import Hex
from campaign.ruleset import OrdersRejected

from . import orders as O
from .aggression import search_attack
from .battlefield import Terrain
from .command import commanded_units
from .engine import default_deployment, deploy_zone_ok, initiative_choosers, requests
from .geometry import Edge, Facing, direction, edge_dist, front_sides, nearest_point_facing
from .model import Category, Formation, General, Unit
from .movement import Illegal, MoveSim, allowance, plan_move
from .reform import do_combine, verify_combine
from .rules import apply_plan, do_general_move, verify_general_move
from .state import GameState, Initiative, Phase
from .table import ORDERS, Bound
from .validate import check_orders
from .zoc import can_occupy, general_can_occupy, is_engaged

# --- roles ----------------------------------------------------------------------------------------


class Role(Enum):
    """How the bot uses a unit."""

    FOOT = "foot"
    """Close-fighting infantry (hordes included): the centre of the line."""
    SHOOTER = "shooter"
    """Small arms and weak in hand-to-hand: stands off at shooting range."""
    MOUNTED = "mounted"
    """Cavalry, chariots, elephants that fight hand-to-hand: the wings; they charge at good odds."""
    ARTILLERY = "artillery"
    """Artillery and war wagons: slow; they hold and shoot."""


def role(state: GameState, u: Unit) -> Role:
    p = state.profile(u)
    if p.category in (Category.ARTILLERY, Category.WAR_WAGON):
        return Role.ARTILLERY
    if p.shoot is not None and (p.cf <= 3 or p.skirmisher):
        return Role.SHOOTER
    if p.category.mounted:
        return Role.MOUNTED
    return Role.FOOT


def hex_of(u: Unit) -> Hex:
    """The hex of a unit on the table."""
    assert u.hex is not None, f"unit {u.id} is not on the table"
    return u.hex


def lateral(h: Hex) -> int:
    """Position along the rows in half-hex steps (pointy-top, rows parallel to the long edges)."""
    return 2 * h.q + h.r


_IMPACT_LOST = (Terrain.WOOD, Terrain.BUA, Terrain.BROKEN, Terrain.RIVER)


def fight_score(state: GameState, u: Unit, at: Hex, formation: Formation, vs: Unit) -> int:
    """CF + counted stands + effective impact, roughly HH.HTH.7-HH.HTH.11 without the dice."""
    p = state.profile(u)
    bf = state.field
    up = 1 if vs.hex is not None and bf.elevation_at(at) > bf.elevation_at(vs.hex) else 0
    if u.disrupted:
        return p.cf + up
    column = formation is not Formation.DEPLOYED
    stands = (2 if u.stands >= 3 else 1) if column else u.stands
    impact = min(max(0, p.impact - (u.nominal - u.stands)), u.stands)
    if column:
        impact = max(0, impact - 2)
    if u.static_combat or bf.terrain_at(at) in _IMPACT_LOST or (vs.hex and bf.terrain_at(vs.hex) in _IMPACT_LOST):
        impact = 0
    return p.cf + up + stands + impact


# --- the entry point ----------------------------------------------------------------------------


def bot_orders(state: GameState, side: str, seed: int) -> str:
    """Legal order text for `side` now, chosen deterministically from `seed` ("" if nothing is due).

    What is due comes from `pending(state)`: the side's compulsory request if it has one, else
    its optional one (initiative edge wish, standing orders).
    """
    if side not in state.sides:
        return ""
    reqs = sorted((r for r in requests(state) if r.side == side), key=lambda r: r.optional)
    if not reqs:
        return ""
    key = reqs[0].key
    rng = random.Random(seed)
    if key.startswith("initiative-"):
        return checked(state, side, initiative_lines(state, side, rng), [])
    if key.startswith("deploy-"):
        return checked(state, side, deployment_lines(state, side, rng), default_deployment(state, side).splitlines())
    if key.startswith("bound-"):
        return checked(state, side, bound_lines(state, side, rng), []) or _nothing_to_do(state, side)
    if key.startswith("standing-"):
        return checked(state, side, standing_lines(), [])
    return ""


def _nothing_to_do(state: GameState, side: str) -> str:
    """A bound with no move to make still needs a line for a mail: declining an optional pursuit, the default
    anyway (HH.PD.37), says "no orders" in the order language."""
    own = state.live_units(side)
    return checked(state, side, [f"pursue {min(u.id for u in own)} no"], []) if own else ""


def checked(state: GameState, side: str, lines: list[str], fallback: list[str]) -> str:
    """The first text `parse_orders` accepts: `lines`, less each refused line in turn; else `fallback`; else ""."""
    for candidate in (lines, fallback):
        cur = list(candidate)
        while cur:
            text = "\n".join(cur)
            try:
                check_orders(state, side, text)
                return text
            except OrdersRejected as e:
                bad = {err.line for err in e.errors if err.line > 0}
                if not bad:
                    break
                cur = [ln for n, ln in enumerate(cur, start=1) if n not in bad]
    return ""


# --- initiative and standing orders -------------------------------------------------------------


def initiative_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """Deploy second, moving first (HH.SEQ.4); the edge with more open ground in its zone (HH.PD.4)."""
    out = []
    choosers, _roll = initiative_choosers(state)
    if side in choosers and state.options.initiative is Initiative.STANDARD:
        out.append("deploy second")
    if not state.edges_fixed:
        bf = state.field
        depth = state.options.deploy_depth

        def open_ground(e: Edge) -> int:
            return sum(
                1
                for h in bf.spec.hexes()
                if edge_dist(e, h, bf.rows) < depth and bf.terrain_at(h) is Terrain.GOOD and h not in bf.elevation
            )

        edges = sorted(Edge, key=lambda e: (-open_ground(e), rng.random()))
        out.append(f"edge {edges[0].value}")
    return out


def standing_lines() -> list[str]:
    """The spec's default reactions, said out loud (HH.PD.15-19)."""
    return [
        "standing evade yes",
        "standing flee-response no",
        "standing turn-to-face yes",
        "standing restricted-attack no",
        "standing follow-disengage yes",
    ]


# --- deployment ---------------------------------------------------------------------------------


def deployment_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """A battle line on the zone's front row facing the enemy; generals with central units (HH.SEQ.2)."""
    bf, spec = state.field, state.field.spec
    edge = state.edges[side]
    face = edge.forward
    zone = [
        h
        for h in spec.hexes()
        if deploy_zone_ok(state, side, h)
        and state.unit_at(h) is None
        and not any(g.side != side for g in state.generals_at(h))
    ]
    if not zone:
        return []
    front = max(edge_dist(edge, h, bf.rows) for h in zone)
    enemies = state.live_units(state.other(side))
    if enemies:
        centre = sorted(lateral(hex_of(u)) for u in enemies)[len(enemies) // 2]
    else:
        lats = sorted(lateral(h) for h in zone)
        centre = (lats[0] + lats[-1]) // 2
    centre += 2 * rng.choice((-1, 0, 0, 1))
    units = [u for _, u in sorted(state.units.items()) if u.side == side]
    groups: dict[Role, list[Unit]] = {r: [] for r in Role}
    for u in units:
        groups[role(state, u)].append(u)
    # Halves of each group go left and right of the foot; the odd unit's side is a coin toss.
    flip = rng.random() < 0.5

    def halves(us: list[Unit]) -> tuple[list[Unit], list[Unit]]:
        k = (len(us) + (1 if flip else 0)) // 2
        return us[:k], us[k:]

    mounted_l, mounted_r = halves(groups[Role.MOUNTED])
    shoot_l, shoot_r = halves(groups[Role.SHOOTER])
    art_l, art_r = halves(groups[Role.ARTILLERY])
    line = mounted_l + shoot_l + art_l + groups[Role.FOOT] + art_r + shoot_r + mounted_r
    n = len(line)
    wanted = {u.id: centre + 2 * i - (n - 1) for i, u in enumerate(line)}
    # Place the middle of the line first so the centre gets the best ground.
    order = sorted(line, key=lambda u: (abs(wanted[u.id] - centre), u.id))
    placed: dict[int, Hex] = {}
    used: set[Hex] = set()
    for u in order:
        p = state.profiles[u.base_profile]
        best: tuple[float, Hex] | None = None
        for h in zone:
            if h in used or not can_occupy(state, p, h):
                continue
            t = bf.terrain_at(h)
            penalty = 0
            if t is not Terrain.GOOD:
                penalty = 6 if (p.category.mounted or p.category.wheeled) else (5 if t is Terrain.RIVER else 2)
            cost = 3 * abs(lateral(h) - wanted[u.id]) + 4 * (front - edge_dist(edge, h, bf.rows)) + penalty
            if best is None or (cost, h) < best:
                best = (cost, h)
        if best is not None:
            placed[u.id] = best[1]
            used.add(best[1])
    out = [f"unit {u.id} {spec.label(placed[u.id])} face {face.name}" for u in units if u.id in placed]
    # Generals: one per stretch of the line, the C-in-C in the middle stretch, each with its most central unit.
    gens = sorted((g for g in state.generals.values() if g.side == side), key=lambda g: (not g.cinc, g.id))
    in_line = [u for u in line if u.id in placed]
    if in_line and gens:
        k = len(gens)
        stretches = [in_line[i * len(in_line) // k : (i + 1) * len(in_line) // k] or in_line for i in range(k)]
        stretches.sort(key=lambda s: abs(wanted[s[len(s) // 2].id] - centre))
        for g, stretch in zip(gens, stretches, strict=False):
            mid = wanted[stretch[len(stretch) // 2].id]
            host = min(
                stretch,
                key=lambda u: (
                    role(state, u) is not Role.FOOT,
                    -_host_quality(state, u),
                    abs(wanted[u.id] - mid),
                    u.id,
                ),
            )
            out.append(f"general {g.id} {spec.label(placed[host.id])}")
    return out


# --- a bound --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """One way a unit may end its move: the end hex, the hexes entered, the enemies contacted there."""

    hex: Hex
    steps: tuple[Hex, ...]
    contacts: tuple[int, ...]
    formation: Formation


def bound_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """The phasing side's bundle: general moves, combines, unit moves, rally choices (HH.SEQ.11)."""
    spec = state.field.spec
    sim = state.copy()
    out: list[str] = []
    out += _general_moves(sim, side, rng)
    sim.phase = Phase.TACTICAL_MOVEMENT
    commanded = commanded_units(sim, side)
    sim.commanded = commanded
    _aggressive_attacks(sim, side, commanded)
    out += _combines(sim, side, commanded)
    plan = _Planner(sim, side, commanded, rng)
    bound = Bound(sim, side)
    for u in plan.move_order():
        o = plan.choose(u)
        if o is None or not ORDERS.can(bound, o):
            continue  # the bot keeps only orders that verify, as the bound runner will judge them
        try:
            ORDERS.apply(bound, o, None)
        except Illegal:
            continue
        out.append(O.order_text(o, spec, {}))
    plan.refresh()
    for u in sim.live_units(side):
        if u.disrupted and not is_engaged(sim, u):
            f = plan.facing_for(hex_of(u), u.facing)
            out.append(f"rally {u.id} face {f.name}")
    return out


def _general_moves(sim: GameState, side: str, rng: random.Random) -> list[str]:
    """Command Moves (HH.CMD.1): a lone general, or one whose side has units out of command, goes where
    most units come under command (HH.CMD.4-11): to a friendly unit's hex (attached) or towards the
    units out of command; ties favour a host out of contact, a foot host, the centre, staying put.
    """
    out: list[str] = []
    spec = sim.field.spec
    own = sim.live_units(side)
    if not own:
        return out
    cq = sum(lateral(hex_of(u)) for u in own) / len(own)
    enemy_hexes = [v.hex for v in sim.live_units(sim.other(side))]
    for _, g in sorted(sim.generals.items(), key=lambda kv: (not kv[1].cinc, kv[0])):
        if g.side != side or not g.alive or g.hex is None or g.moved_this_phase:
            continue
        host = sim.host_of(g)
        if host is not None and (host.disrupted or is_engaged(sim, host)):
            continue  # HH.GEN.10, HH.GEN.11: he may not leave
        base = commanded_units(sim, side)
        adrift = [u for u in own if not u.disrupted and u.id not in base]
        exposed = host is not None and _enemy_distance(enemy_hexes, g.hex) <= 2
        if host is not None and not adrift and not exposed:
            continue
        paths = _general_paths(sim, g, side)
        reach = {p[-1] if p else g.hex: p for p in paths}
        wanted: dict[Hex, tuple[Hex, ...]] = {g.hex: ()}
        for h, p in reach.items():
            at = sim.unit_at(h)
            if at is not None and at.side == side and not at.disrupted:
                wanted.setdefault(h, p)
        for u in adrift:
            h = min(reach, key=lambda h: (h.distance(hex_of(u)), len(reach[h]), h))
            wanted.setdefault(h, reach[h])
        best: tuple[tuple[float, ...], tuple[Hex, ...]] | None = None
        for to, path in sorted(wanted.items(), key=lambda kv: (len(kv[1]), kv[0])):
            if path:
                try:
                    verify_general_move(sim, O.GeneralMove(0, g.id, path))
                except Illegal:
                    continue
            trial = sim.copy()
            trial.generals[g.id] = replace(g, hex=to)
            host_to = trial.host_of(trial.generals[g.id])
            score = (
                float(len(commanded_units(trial, side))),
                float(min(_enemy_distance(enemy_hexes, to), 3)),
                1.0 if host_to is not None else 0.0,
                1.0 if host_to is not None and role(sim, host_to) is Role.FOOT else 0.0,
                float(_host_quality(sim, host_to)),
                -abs(lateral(to) - cq) / 2,
                0.0 if path else 0.5,
                rng.random() * 0.01,
            )
            if best is None or score > best[0]:
                best = (score, path)
        if best is None or not best[1]:
            continue
        path = best[1]
        o = O.GeneralMove(0, g.id, path)
        to, notes = verify_general_move(sim, o)
        do_general_move(sim, o, to, notes)
        out.append(" ".join(["general", str(g.id), *(spec.label(h) for h in path)]))
    return out


def _enemy_distance(enemy_hexes: list[Hex | None], h: Hex) -> int:
    return min((e.distance(h) for e in enemy_hexes if e is not None), default=99)


def _host_quality(state: GameState, u: Unit | None) -> int:
    """How safe a host is for a general: troop class, hordes last (HH.GEN.22: he dies with it)."""
    if u is None:
        return 0
    p = state.profile(u)
    return p.cls.points - (3 if p.horde else 0)


def _general_paths(sim: GameState, g: General, side: str) -> list[tuple[Hex, ...]]:
    """Shortest hex paths from the general's hex to every hex within his CM he may enter (and staying)."""
    assert g.hex is not None
    paths: dict[Hex, tuple[Hex, ...]] = {g.hex: ()}
    frontier = [g.hex]
    for _ in range(g.cm):
        nxt = []
        for h in frontier:
            for n in h.neighbours():
                if n in paths or not general_can_occupy(sim, g, n):
                    continue
                occ = sim.unit_at(n)
                if occ is not None and occ.side != side:
                    continue
                paths[n] = paths[h] + (n,)
                nxt.append(n)
        frontier = nxt
    return [paths[h] for h in sorted(paths, key=lambda h: (len(paths[h]), h))]


def _aggressive_attacks(sim: GameState, side: str, commanded: frozenset[int]) -> None:
    """Out-of-command aggressive units attack first, as the bound runner does (HH.SPECIAL.34)."""
    for u in sim.live_units(side):
        p = sim.profile(u)
        if not p.is_aggressive or u.id in commanded or u.disrupted or is_engaged(sim, u):
            continue
        mv = search_attack(sim, u)
        if mv is None:
            continue
        try:
            apply_plan(sim, plan_move(sim, mv, commanded=True))
        except Illegal:
            continue


def _combines(sim: GameState, side: str, commanded: frozenset[int]) -> list[str]:
    """Merge two adjacent reduced units of one type when no stand is lost by it (HH.STAND.6)."""
    out = []
    for a in sim.live_units(side):
        for b in sim.live_units(side):
            if b.id <= a.id or a.profile != b.profile or a.moved_this_phase or b.moved_this_phase:
                continue
            if a.stands >= a.nominal or b.stands >= b.nominal or direction(hex_of(a), hex_of(b)) is None:
                continue
            o = O.Combine(0, a.id, b.id)
            try:
                merged, gone, _size, lost = verify_combine(sim, o, commanded)
            except Illegal:
                continue
            if lost:
                continue
            do_combine(sim, merged, gone, lost)
            out.append(f"combine {a.id} {b.id}")
    return out


class _Planner:
    """Chooses one order per unit on the simulated board, unit by unit."""

    def __init__(self, sim: GameState, side: str, commanded: frozenset[int], rng: random.Random):
        self.sim, self.side, self.commanded, self.rng = sim, side, commanded, rng
        self.edge = sim.edges[side]
        self.rows = sim.field.rows
        own = sim.live_units(side)
        line = [u for u in own if role(sim, u) in (Role.FOOT, Role.SHOOTER)] or own
        prog = sorted(self.progress(hex_of(u)) for u in line)
        self.line_row = prog[len(prog) // 2] if prog else 0
        movers = [u for u in line if u.id in commanded and not u.disrupted and not is_engaged(sim, u)]
        self.pace = max(1, min((sim.profile(u).speed.hexes for u in movers), default=1))
        self.refresh()

    def refresh(self) -> None:
        """Cache the board as the orders planned so far leave it."""
        self._occ = self.sim.occupancy()
        self._enemies = self.sim.live_units(self.sim.other(self.side))

    def progress(self, h: Hex) -> int:
        """Rows gained from our own edge towards the enemy's."""
        return edge_dist(self.edge, h, self.rows)

    def nearest(self, h: Hex) -> tuple[int, Unit | None]:
        """Distance to the nearest enemy unit and that unit (lowest id on ties); (99, None) if none."""
        best: tuple[int, int, Unit] | None = None
        for v in self._enemies:
            d = h.distance(hex_of(v))
            if best is None or (d, v.id) < best[:2]:
                best = (d, v.id, v)
        return (best[0], best[2]) if best else (99, None)

    def facing_for(self, h: Hex, current: Facing) -> Facing:
        """Towards the nearest enemy within 8 hexes, else straight at the enemy's edge."""
        d, v = self.nearest(h)
        if v is None or d > 8:
            return self.edge.forward
        return nearest_point_facing(h, hex_of(v), current)

    def move_order(self) -> list[Unit]:
        """Commanded units that may move, nearest the enemy first, then from the centre out."""
        own = [
            u
            for u in self.sim.live_units(self.side)
            if u.id in self.commanded and not u.disrupted and not u.moved_this_phase and not is_engaged(self.sim, u)
        ]
        return sorted(own, key=lambda u: (-self.progress(hex_of(u)), u.id))

    # --- options ---------------------------------------------------------------------------
    def options(self, u: Unit, march: bool = False) -> list[Option]:
        """Every end hex the unit can reach this bound by the cheapest path found (HH.HEX.16).

        `march` (the enemy is far off) looks only at paths that never step back towards our own
        edge and go no further than a step past the line's next row: nothing else can score well.
        """
        sim = self.sim
        limit = allowance(sim, u, True)
        here = self.progress(hex_of(u))
        floor = here if march else -1
        depth = min(limit, max(1, self.line_row + self.pace - here + 2)) if march else limit
        start = MoveSim(sim, u)
        out = [Option(hex_of(u), (), (), u.formation)]
        seen: dict[tuple[Hex, bool], int] = {(start.hex, True): 0, (start.hex, False): 0}
        frontier = [start]
        for _ in range(depth):
            nxt = []
            for s in frontier:
                if s.mp >= limit:
                    continue
                for n in s.hex.neighbours():
                    if not sim.field.on_map(n) or self.progress(n) < floor:
                        continue
                    s2 = s.clone()
                    try:
                        s2.step(n)
                    except Illegal:
                        continue
                    if s2.mp > limit:
                        continue
                    key = (s2.hex, s2.road_ok)
                    if key in seen and seen[key] <= s2.mp:
                        continue
                    seen[key] = s2.mp
                    try:
                        s2.clone().finish()
                        out.append(Option(s2.hex, tuple(s2.steps), tuple(s2.contacts), s2.formation))
                    except Illegal:
                        pass
                    if not s2.contacts and s2.stop_reason is None and s2.whole_reason is None:
                        nxt.append(s2)
            frontier = nxt
        return out

    def contact_value(self, u: Unit, o: Option) -> float:
        """How good the fight this contact starts is for us: our score less the best contacted enemy's."""
        worst = None
        for cid in o.contacts:
            v = self.sim.units[cid]
            mine = fight_score(self.sim, u, o.hex, o.formation, v)
            theirs = fight_score(self.sim, v, hex_of(v), v.formation, u)
            d = direction(hex_of(v), o.hex)
            flank = d is not None and d not in front_sides(v.facing)
            value = mine - theirs + (1.5 if flank and is_engaged(self.sim, v) else 0) + (2 if v.disrupted else 0)
            worst = value if worst is None else min(worst, value)
        return worst if worst is not None else 0.0

    def score(self, u: Unit, r: Role, o: Option) -> float:
        sim = self.sim
        h = o.hex
        d_now, _ = self.nearest(hex_of(u))
        d, _ = self.nearest(h)
        friends = sum(1 for n in h.neighbours() if (f := self._occ.get(n)) is not None and f.side == self.side)
        value = 1.2 * min(friends, 2) - 0.25 * abs(lateral(h) - lateral(hex_of(u))) / 2
        if friends == 0 and not self._near_general(h):
            value -= 3
        if o.contacts:
            odds = self.contact_value(u, o)
            need = {Role.MOUNTED: 1.0, Role.FOOT: -1.0, Role.SHOOTER: 3.0, Role.ARTILLERY: 99.0}[r]
            if self.sim.generals_at(hex_of(u)):
                need += 2  # a general dies with his host (HH.GEN.22): risk him only at good odds
            if odds < need:
                return -1000.0
            return 100.0 + 3 * odds + value
        t = sim.field.terrain_at(h)
        if r in (Role.MOUNTED, Role.ARTILLERY) and t is not Terrain.GOOD:
            value -= 1.5  # mounted troops lose their impact in rough ground (HH.HTH.10)
        elif t is Terrain.RIVER and h not in sim.field.bridges:
            value -= 1.0  # nobody fights well standing in a river (HH.TERR.37)
        target = self.line_row + self.pace
        if r is Role.ARTILLERY and d_now <= 8:
            return value + (5 if not o.steps else -5)
        if (r is Role.SHOOTER and d_now <= 4) or d_now <= 3:
            # Close to the enemy: stand just outside contact, shooters at small-arms range (HH.SHOOT.6).
            value -= 4 * abs(d - 2)
            value -= 0.5 * abs(self.progress(h) - target)
        else:
            # Far from him: the line advances together at the slowest unit's pace.
            value -= 3 * abs(self.progress(h) - target)
            value -= 0.3 * d
        return value

    def _near_general(self, h: Hex) -> bool:
        return any(
            g.side == self.side and g.alive and g.hex is not None and g.hex.distance(h) <= g.cr
            for g in self.sim.generals.values()
        )

    # --- choosing ----------------------------------------------------------------------------
    def choose(self, u: Unit) -> O.Move | O.Single | None:
        """The best legal order for `u`, or None to leave it be."""
        r = role(self.sim, u)
        self.refresh()
        far = self.nearest(hex_of(u))[0] > allowance(self.sim, u, True) + 3
        scored = [(self.score(u, r, o), o) for o in self.options(u, march=far)]
        ranked = sorted(scored, key=lambda so: (-so[0], len(so[1].steps), so[1].hex, self.rng.random()))
        for value, o in ranked[:6]:
            if value <= -1000:
                break
            if not o.steps:
                return self._stay(u)
            order = self._order_for(u, o)
            if order is not None:
                return order
        return None

    def _stay(self, u: Unit) -> O.Single | O.Move | None:
        """Hold the hex; a free single-hex move turns to the enemy and deploys a column near him (HH.MOVE.17).

        2012 has no single-hex move (HH12.MOV.12): the same turn and deployment as a move in place, if it fits.
        """
        f = self.facing_for(hex_of(u), u.facing)
        d, _ = self.nearest(hex_of(u))
        form = Formation.DEPLOYED if u.formation is Formation.COLUMN and d <= 4 else None
        if f == u.facing and form is None:
            return None
        if self.sim.rules.single_hex_rule:
            return O.Single(0, u.id, None, f if f != u.facing else None, form)
        tails: list[tuple[Formation | Facing, ...]] = []
        if form is not None and f != u.facing:
            tails.append((form, f))
        if form is not None:
            tails.append((form,))
        if f != u.facing:
            tails.append((f,))
        return self._first_legal(u, (), tails)

    def _first_legal(
        self, u: Unit, steps: tuple[Hex, ...], tails: list[tuple[Formation | Facing, ...]]
    ) -> O.Move | None:
        """The first move of `steps` + a tail that plans legally, else None."""
        for tail in tails:
            mv = O.Move(0, u.id, steps + tail)
            try:
                plan_move(self.sim, mv, commanded=True)
            except Illegal:
                continue
            return mv
        return None

    def _order_for(self, u: Unit, o: Option) -> O.Move | None:
        """The tokens for an option: the hexes, then deploying near the enemy and a facing if they fit."""
        d, _ = self.nearest(o.hex)
        tails: list[tuple[Formation | Facing, ...]] = []
        face = self.facing_for(o.hex, u.facing) if not o.contacts else None
        deploy = o.formation is Formation.COLUMN and d <= 4 and not o.contacts
        if deploy and face is not None:
            tails.append((Formation.DEPLOYED, face))
        if face is not None:
            tails.append((face,))
        tails.append(())
        return self._first_legal(u, tuple(o.steps), tails)
