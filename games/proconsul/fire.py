"""Firing: who may shoot whom, line of sight, the pool, and pre-combat fire [PC.FIRE.*] [PC.GEOM.15]-[PC.GEOM.17].

Normal fire is a stand's action; defensive fire, supporting fire and pila are pre-combat fire
resolved by `melee.py` through :func:`shoot`.
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex, sight_line

from . import geometry as G
from . import tables
from .context import Ctx
from .model import Category, Missile, Stand
from .state import Edge, State, Terrain

C = Category
BLOCKING_TERRAIN = frozenset({Terrain.WOODS, Terrain.TOWN})
"""Terrain that blocks sight beyond one hex in [PC.GEOM.17] (1) (house default)."""
COVER = frozenset({Terrain.WOODS, Terrain.TOWN})
"""Cover: -1D6 to fire at a stand in it; skirmishers may stand in it [PC.TERRAIN.7]."""
DIFFICULT = frozenset({Terrain.WOODS, Terrain.TOWN, Terrain.ROUGH, Terrain.MARSH})
"""Difficult ground [PC.TERRAIN.7]."""
SEE_THROUGH = frozenset({C.SK, C.LC, C.ART})
"""Stands that never block sight [PC.GEOM.17] (4) [PC.FIRE.6]."""


def in_open(st: State, h: Hex) -> bool:
    """Neither cover nor difficult (cover is difficult ground too) [PC.TERRAIN.3]."""
    return st.ground(h) not in DIFFICULT


def archer(st: State, s: Stand) -> bool:
    """Archers, on foot or mounted, shoot over stands [PC.FIRE.6]."""
    return st.troop(s).missile is Missile.BOW


def hex_blocks(st: State, a: Hex, b: Hex, h: Hex, *, over_stands: bool, friends_of: str | None = None) -> bool:
    """Whether intervening hex h blocks the line a-b [PC.GEOM.17] (1)-(4)."""
    top = max(st.elev(a), st.elev(b))
    if st.ground(h) in BLOCKING_TERRAIN or st.elev(h) > top:
        return True
    if abs(st.elev(a) - st.elev(b)) >= 2 and st.elev(h) >= top:
        return True
    occupant = st.at(h)
    if occupant is None:
        return False
    if friends_of is not None:  # impetuous sight: only friends block, of any type [PC.IMPET.2]
        return occupant.side == friends_of
    return not over_stands and st.cat(occupant) not in SEE_THROUGH


def clear_sight(st: State, a: Hex, b: Hex, *, over_stands: bool = False, friends_of: str | None = None) -> bool:
    """Half-hex rule: clear if either candidate line has no blocking hex [PC.GEOM.16] [PC.GEOM.15]."""
    return any(
        not any(hex_blocks(st, a, b, h, over_stands=over_stands, friends_of=friends_of) for h in path.hexes)
        for path in sight_line(a, b).paths
    )


def engaged(st: State, sid: str) -> bool:
    """A battle or supporting stand of any melee, ongoing ones included [PC.FIRE.5]."""
    m = st.melee_of(sid)
    return m is not None and sid not in m.non_facing


def can_target(st: State, shooter: Stand, target: Stand) -> str:
    """Why `shooter` may not fire at `target` now ("" if it may) [PC.FIRE.3]-[PC.FIRE.6] [PC.FIRE.8]."""
    troop = st.troop(shooter)
    if not tables.has_missile(troop):
        return "it has no missile weapon [PC.FIRE.1]"
    if target.side == shooter.side or not target.on_board:
        return "that is not an enemy stand on the board [PC.FIRE.8]"
    if engaged(st, shooter.id) or engaged(st, target.id):
        return "no firing by or at a stand locked in melee [PC.FIRE.5]"
    d = shooter.hex.distance(target.hex)
    if tables.range_dice(troop.ranges, d) is None:
        return f"out of range ({d} hexes; {troop.missile.value} reaches {troop.ranges[-1].max_range}) [PC.FIRE.4]"
    if troop.category is C.ART:
        if not G.in_narrow_band(shooter.hex, shooter.facing, target.hex, st.config.art_arc_halfwidth):
            return "outside artillery's narrow front [PC.FIRE.3] [PC.GEOM.8]"
    elif not troop.fires_any_direction and not G.in_arc(shooter.hex, shooter.facing, target.hex):
        return "outside the front arc [PC.FIRE.3] [PC.GEOM.7]"
    if not clear_sight(st, shooter.hex, target.hex, over_stands=archer(st, shooter)):
        return "no line of sight [PC.FIRE.6] [PC.GEOM.16]"
    return ""


def cover_dice(st: State, shooter: Stand, target: Stand) -> int:
    """-1D6 when the target is in cover, or behind field defences from this shooter [PC.FIRE.7] [PC.TERRAIN.7]."""
    away = target.hex.distance(shooter.hex)
    covered = st.ground(target.hex) in COVER or any(
        st.edge(target.hex, h) is Edge.FIELD_DEFENCE and h.distance(shooter.hex) < away for h in target.hex.neighbours()
    )
    return st.config.cover_fire_mod if covered else 0


def shooting_dice(ctx: Ctx, shooter: Stand, target: Stand, moves_before: int, move_after: bool) -> int:
    """The normal-fire pool [PC.FIRE.1] [PC.FIRE.2] [PC.FIRE.7] [PC.DISORDER.4]."""
    st = ctx.st
    troop = st.troop(shooter)
    band = tables.range_dice(troop.ranges, shooter.hex.distance(target.hex)) or 0
    n = tables.fire_dice(shooter.front_sp, band, moves_before, move_after, False, cover_dice(st, shooter, target))
    n += st.modifier_dice(shooter, "fire")  # the scenario's factors [PC.UNITS.9]
    if shooter.disordered:
        n += st.config.disorder_dice_mod
    over = [h for p in sight_line(shooter.hex, target.hex).paths for h in p.hexes if st.at(h) is not None]
    if over and archer(st, shooter):
        n -= st.config.overhead_fire_penalty
    return n


def shoot(ctx: Ctx, shooter: str, target: str, n: int, cap: int, what: str) -> int:
    """Roll a pool; any hit costs the target one morale test for this shooter [PC.FIRE.9] [PC.FIRE.10]."""
    if n < 1:
        ctx.say(f"{shooter} has no dice for {what} at {target} (pool below 1) [PC.DICE.3]")
        return 0
    faces = ctx.pool(n, f"{what}: {shooter} at {target}, {n}d6")
    h = tables.hits(faces)
    ctx.say(f"{shooter} {what} at {target}: {n}D6 {faces} = {h} hit(s)")
    if h and ctx.st.stands[target].on_board:
        ctx.fire_test(target, h, cap, f"{what} by {shooter}")
    return h


def normal_fire(ctx: Ctx, sid: str, target: str, moves_before: int, move_after: bool) -> str:
    """A stand's own fire; returns why it could not fire ("" when it fired) [PC.FIRE.2].

    A target that may evade fire has done so before this is called (`movement.evade_fire`) [PC.EVADE.8].
    """
    st = ctx.st
    s, t = st.stands[sid], st.stands.get(target)
    if t is None:
        return f"there is no stand {target} [PC.FIRE.8]"
    why = can_target(st, s, t)
    if why:
        return why
    n = shooting_dice(ctx, s, t, moves_before, move_after)
    shoot(ctx, sid, target, n, 1, "fire")
    if st.stands[sid].on_board:  # firing ends opportunity [PC.OPP.2]
        st.put(replace(st.stands[sid], opportunity=False))
    return ""


def defensive_fire_allowed(st: State, defender: Stand, attacker: Stand) -> bool:
    """Who may fire defensive fire at a frontal charger [PC.FIRE.13] (a)-(f) [PC.FIRE.3]."""
    t = st.troop(defender)
    cat, acat = t.category, st.cat(attacker)
    if not tables.has_missile(t) or not G.frontal(defender.hex, defender.facing, attacker.hex):
        return False
    if cat is C.LCH or (cat is C.LC and (t.horse_archer or t.numidian)):
        return True
    if cat is C.LI:
        return t.li_javelin
    if cat is C.SK or cat is C.ART or cat is C.EL:
        return True
    if cat is C.SH:
        return not (in_open(st, defender.hex) and acat in (C.HC, C.MC))
    return False


def df_dice(st: State, s: Stand) -> int:
    """Defensive-fire dice: front SP, -1D6 disordered; no other modifiers [PC.FIRE.14]."""
    return s.front_sp + (st.config.disorder_dice_mod if s.disordered else 0)


def df_cap(st: State, s: Stand, attacker: Stand) -> int:
    """1 SP, or 2 for artillery firing at a frontal attacker [PC.FIRE.9] [PC.FIRE.14]."""
    return 2 if st.cat(s) is C.ART and G.frontal(s.hex, s.facing, attacker.hex) else 1


def supporting_fire_dice(st: State, s: Stand, battle: Stand, attacker: Stand) -> int:
    """Supporting fire of the charged side [PC.FIRE.15]: Sh half (rounded up, after disorder); Sk and Art full.

    Bowmen supporting a combat stand always fire; supporting a support stand, only where they could have fired
    defensive fire had they been charged (not in the open against HC or MC) [PC.FIRE.13] (d).
    """
    cat = st.cat(s)
    n = s.front_sp + (st.config.disorder_dice_mod if s.disordered else 0)
    if cat is C.SH:
        combat = st.cat(battle) in (C.HI, C.LI, C.LSP, C.PK, C.AUX, C.WB, C.HC, C.MC, C.CH, C.EL)
        if not combat and in_open(st, s.hex) and st.cat(attacker) in (C.HC, C.MC):
            return 0
        return -(-n // 2)
    if cat in (C.SK, C.ART):
        return n
    return 0
