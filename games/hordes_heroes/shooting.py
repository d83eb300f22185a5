"""The shooting phase: small arms and artillery [HH.SHOOT.*, HH.ART.*, HH.SEQ.12-15].

A shooting recoil or flee that moves a unit away from the enemy it contacted breaks that contact: combats are
formed from the adjacencies left at the start of the H2H phase (HH.SHOOT.27).

Sequential mode (ruling HH.SEQ.14): the phasing side declares, resolves every target (pooled hits,
one CRT lookup, HH.SHOOT.24) and applies results before the non-phasing side declares. One D12 per
die, each requested with a purpose naming shooter, target and die number (HH.SEQ.15).
Terrain and markers: HH.TERR.6, HH.TERR.21, HH.TERR.28, HH.TERR.29, HH.TERR.30, HH.TERR.31, HH.TERR.36,
HH.TERR.49, HH.TERR.50, HH.TERR.53, HH.TERR.60, HH.TERR.61, HH.TERR.62, HH.TERR.66; generals never
targets nor blockers (HH.GEN.14, HH.GEN.15, HH.GEN.23); arcs HH.HEX.10, HH.HEX.11; line of fire HH.HEX.12,
HH.HEX.13; hits HH.DEF.16; artillery tables HH.DATA.2; column dice HH.MOVE.16.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.hexgrid import Arc, Hex, SightStep, in_arc, sight_line
from campaign.hexgrid import Facing as GridFacing
from campaign.ruleset import DiceSource

from .battlefield import Terrain
from .edition import FIX_BOOK_13
from .geometry import Facing
from .model import Band, Category, Formation, Profile, Trajectory, Unit, Weapon
from .movement import uname
from .results import Cause, apply_result, result_for
from .skirmish_2012 import may_shoot_at
from .special import as_if_disrupted
from .state import GameState
from .words import counted
from .zoc import engaged_with


@dataclass(frozen=True, slots=True)
class ShootChoice:
    """A phasing player's `shoot` line: targets (one per artillery piece, or one for small arms), facing."""

    targets: tuple[int, ...] = ()
    facing: Facing | None = None
    decline: bool = False
    suppress: int | None = None
    """`suppress N at T`: the unit's stands suppress enemy shooter T in hard cover instead of shooting (HH.PD.21)."""


@dataclass(slots=True)
class Pool:
    """Everything one side throws at one target in one turn to shoot (HH.SHOOT.24)."""

    target: int
    hits: int = 0
    scorers: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def _g(f: Facing) -> GridFacing:
    return GridFacing(int(f))


def _blocks(state: GameState, shooter: Unit, target: Unit, artillery: bool) -> bool:
    """Whether the line of fire is blocked (HH.SHOOT.8, HH.SHOOT.9, HH.SHOOT.10, HH.ART.12, HH.ART.13); a target
    engaged with friends may be shot if the line is clear (HH.ART.14)."""
    bf = state.field
    dist = shooter.at.distance(target.at)
    p = state.profile(shooter)
    guns = p.guns if artillery else None
    er = state.rules  # HH12.SHOOT.3, HH12.TER.6, HH12.TER.9: the edition's line of fire
    goal = target.at

    def blocks(s: SightStep) -> bool:
        t = bf.terrain_at(s.hex)
        if t in er.fire_blocking_terrain:
            return True  # HH.TERR.28, HH.TERR.49, HH.TERR.53; 2012 adds broken ground (HH12.TER.6)
        occ = state.unit_at(s.hex)
        if occ is None:
            return False  # HH.GEN.15: lone generals never block
        if occ.side != shooter.side:
            return True
        if guns is not None and guns.scatter:
            return True  # HH.ART.13: scatter never over friends
        # HH12.TER.3, ruling HH12.TER.A1: 2012 fires over friends from high ground only at targets on flat ground
        hill_target = bf.elevation_at(goal) > 0 and not er.overhead_at_raised_targets
        if s.can_shoot_over() and not hill_target:
            return False  # HH.SHOOT.10, HH.TERR.6, HH12.ART.6: from higher ground, 2x distance
        if guns is not None and guns.trajectory is Trajectory.HIGH and s.origin.distance(s.hex) == 1:
            if s.hex.distance(goal) < er.high_fire_friend_gap:
                return True  # HH12.ART.5: in 2012 the friend shot over is at least 2 hexes from the target
            return bf.elevation_at(s.origin) != bf.elevation_at(s.hex)  # HH.ART.13: over an adjacent friend, level
        return True

    line = sight_line(shooter.at, target.at)
    if dist >= 2 and not line.is_clear(blocks, er.sight_rule, bf.elevation_at):
        return True
    into_wood = bf.terrain_at(target.at) is Terrain.WOOD
    if artillery and into_wood and dist > er.artillery_into_woods_max:
        return True  # HH.TERR.31, HH.ART.12; 2012 never (HH12.TER.9, HH12.ART.8)
    if not artillery and into_wood and dist > er.small_arms_into_woods_max:
        return True  # 2012: small arms only at an adjacent wood hex (ruling HH12.TER.A9)
    return False


def _entry_steep(state: GameState, shooter: Unit, target: Unit) -> bool:
    """The line of fire enters the target hex through a steep side, on either candidate (HH.HEX.13, HH.TERR.62)."""
    line = sight_line(shooter.at, target.at)
    for s in line.entry_sides:
        if state.field.is_steep(target.at, target.at.neighbour(int(s))):
            return True
    return False


def _up_escarpment(state: GameState, shooter: Unit, target: Unit) -> bool:
    bf = state.field
    return bf.elevation_at(shooter.at) == 0 and bf.elevation_at(target.at) > 0  # from the foot, up


def shooting_profile(state: GameState, u: Unit) -> Profile:
    """The troop type whose shooting factor a unit uses: its own, or a combined-arms unit's rear type when the
    front does not shoot (HH.SHOOT.1, HH.SPECIAL.23)."""
    p = state.profile(u)
    if p.shoot is None and u.rear_profile is not None and state.profiles[u.rear_profile].shoot is not None:
        return state.profiles[u.rear_profile]
    return p


def shooting_stands(state: GameState, u: Unit) -> int:
    """Stands of a shooting troop type: all of a plain unit's; in a combined-arms unit only those of the type(s) with
    a shooting factor (HH.SHOOT.1, HH.SPECIAL.23, HH.SPECIAL.25)."""
    if not u.combined:
        return u.stands
    front = u.front_stands if state.profile(u).shoot is not None else 0
    rear = u.rear_stands if state.profiles[u.rear_profile].shoot is not None else 0  # type: ignore[index]  # combined: has a rear profile
    return front + rear


def hard_cover(state: GameState, shooter_hex: Hex, target: Unit) -> bool:
    """HH.SPECIAL.20, HH.SPECIAL.21: a war wagon all round, a unit fronted by war wagons against shooters in its
    front arc
    (HH.SPECIAL.25), or the line of fire enters across a wall (either candidate side)."""
    assert target.hex is not None
    if state.profile(target).hard_target:
        if not target.combined or in_arc(target.hex, _g(target.facing), shooter_hex):
            return True
    if shooter_hex.distance(target.hex) == 1:
        return state.field.is_wall(shooter_hex, target.hex)
    return any(
        state.field.is_wall(target.hex, target.hex.neighbour(int(s)))
        for s in sight_line(shooter_hex, target.hex).entry_sides
    )


def to_hit(state: GameState, shooter: Unit, target: Unit) -> int:
    """Score needed on a D12 (HH.SHOOT.17-19, HH.SPECIAL.7, HH.TERR.30, HH.TERR.50, HH.TERR.60, HH.TERR.66); the
    target's armour is its front rank's (HH.SPECIAL.23). Pavisses count against every non-gunpowder small arm and
    crossbows do not reduce them (ruling HH.SHOOT.18); the modifiers add up with no cap (ruling HH.SHOOT.19)."""
    p, tp = shooting_profile(state, shooter), state.profile(target)
    armour = tp.armour
    if p.weapon is Weapon.CROSSBOW:
        armour = max(0, armour - 1)
    elif p.weapon is Weapon.GUNPOWDER:
        armour = 0
    mod = armour
    er = state.rules  # HH12.SPEC.10: a 2012 pavise covers all round; HH12.ARM.5: guns do not reduce it
    if (
        target.pavisses
        and target.formation is Formation.DEPLOYED
        and (er.pavise_all_round or in_arc(target.at, _g(target.facing), shooter.at))
    ):
        mod += er.pavise_vs_gunpowder if p.weapon is Weapon.GUNPOWDER else 2
    if state.field.terrain_at(target.at) in (Terrain.WOOD, Terrain.BUA):
        mod += 2
    if _up_escarpment(state, shooter, target):
        dist = shooter.at.distance(target.at)
        if dist == 1 and state.field.is_steep(shooter.at, target.at):
            mod += 2
        elif dist == 2 and _entry_steep(state, shooter, target):
            mod += 1
    return (p.shoot or 13) + mod


def art_extra(state: GameState, shooter: Unit, target: Unit) -> int:
    """Added to every artillery threshold: woodland, BUA, hard cover, escarpment at 2 (HH.ART.8, HH.ART.9, HH.TERR.61).

    Hard cover gives artillery targets A2, not immunity (ruling HH.SPECIAL.22)."""
    extra = 0
    # HH12.ARM.4, ruling HH12.ARM.A1: 2012 terrain gives no armour against artillery.
    # TODO(HH12.SPEC.14): 2012 hard cover is immune to artillery; it still counts as A2 here.
    cover = state.field.terrain_at(target.at) in (Terrain.WOOD, Terrain.BUA)
    terrain = state.rules.terrain_armour_vs_artillery and cover
    if terrain or hard_cover(state, shooter.at, target):
        extra += 2
    if (
        _up_escarpment(state, shooter, target)
        and shooter.at.distance(target.at) == 2
        and _entry_steep(state, shooter, target)
    ):
        extra += 2
    return extra


def small_arms_dice(state: GameState, u: Unit) -> int:
    """HH.SHOOT.15, ruling HH.SHOOT.16: shooting stands, column cap 2, then halve (up) if disrupted or as if
    disrupted."""
    # The 2012 edition plays this rule the same way (HH12.SHOOT.9, HH12.DIS.6).
    n = shooting_stands(state, u)
    if u.formation in (Formation.COLUMN, Formation.SQUEEZED):
        n = min(n, 2)
    if u.disrupted or as_if_disrupted(state, u):
        n = (n + 1) // 2
    return n


def may_shoot(state: GameState, u: Unit, side_phasing: bool) -> tuple[bool, list[int] | None]:
    """Eligibility (HH.SHOOT.2-5, HH.SHOOT.14, HH.ART.2, HH.ART.3, HH.ART.15): (ok, restricted targets or None).

    Moving stops small arms only with pavisses or unplanted stakes (HH.SHOOT.5); an evader (HH.SHOOT.26) and a
    chariot that flee-responded (HH.COMP.49) shoot normally; an HF battery shoots in every opposing phase while it
    keeps the marker (ruling HH.ART.6)."""
    p = state.profile(u)
    if not u.on_table:
        return False, None
    eng = [v.id for v in engaged_with(state, u)]
    if p.is_artillery:
        if side_phasing and (u.hold_fire or u.moved_this_bound):
            return False, None
        if not side_phasing and not u.hold_fire:
            return False, None
        if eng:
            if not side_phasing and set(eng) <= set(u.contacted_by) and u.id not in state.engaged_at_start:
                return True, sorted(eng)
            return False, None
        return True, None
    if shooting_profile(state, u).shoot is None:
        return False, None
    stakes_bar = state.rules.moving_stakes_bar_shooting and p.can_stakes and u.stakes_carried  # HH12.SHOOT.8
    if side_phasing and u.moved_this_bound and (u.pavisses or stakes_bar):
        return False, None  # HH.SHOOT.2 item 2, HH.SHOOT.3, ruling HH.SHOOT.4, HH.SPECIAL.8
    if eng:
        if p.category is Category.CHARIOT and side_phasing and u.moved_this_bound:
            return True, None  # HH.SHOOT.14, HH.SPECIAL.40
        if not side_phasing and set(eng) <= set(u.contacted_by) and u.id not in state.engaged_at_start:
            return True, sorted(eng)  # HH.SHOOT.13
        return False, None
    return small_arms_dice(state, u) > 0, None


def can_target(state: GameState, u: Unit, v: Unit, facing: Facing) -> bool:
    """Range, arc and line of fire for one shooter and target (HH.SHOOT.6-8, HH.ART.10, HH.ART.12, HH.TERR.61).

    2012: only the nearest legal target, counting every facing the shooter may take (HH12.SHOOT.4, HH12.ART.3,
    ruling HH12.SHOOT.A2). A contacted 2012 shooter may split its dice among its attackers (HH12.SHOOT.6,
    `split_targets`).
    """
    if not _in_reach(state, u, v, facing):
        return False
    if not state.rules.must_target_nearest:
        return True
    d = u.at.distance(v.at)
    return not any(
        u.at.distance(w.at) < d and any(_in_reach(state, u, w, f) for f in _facings(state, u))
        for w in state.live_units(v.side)
    )


def _in_reach(state: GameState, u: Unit, v: Unit, facing: Facing) -> bool:
    """Range, arc and line of fire, before the 2012 nearest-target rule."""
    if not v.on_table or v.side == u.side:
        return False
    if state.profile(v).category is Category.BOAT:
        return False  # ruling HH.TERR.47: an empty boat is no target; its passengers are
    if not may_shoot_at(state, u, v):
        return False  # 2012 skirmishers: shot only from next to them, never by skirmishers (HH12.SPEC.3, HH12.SPEC.9)
    p = state.profile(u)
    d = u.at.distance(v.at)
    if p.is_artillery:
        if p.guns.band(d) is None or d < 1:
            return False
        if p.guns.arc_faces == 1 and facing.is_point:
            return False  # ruling HH.ART.11
        if state.field.is_steep(u.at, v.at) and d == 1:
            return False  # HH.TERR.61
    elif not 1 <= d <= 2:
        return False
    # HH12.SHOOT.5, ruling HH12.SHOOT.A3: a 2012 side-facing unit's small arms shoot through 3 front sides
    wide = state.rules.side_facing_wide_arc and not facing.is_point and not p.is_artillery
    if p.category is not Category.CHARIOT and not in_arc(u.at, _g(facing), v.at, Arc.WIDE if wide else Arc.FRONT):
        return False
    return not _blocks(state, u, v, p.is_artillery)


def _facings(state: GameState, u: Unit) -> list[Facing]:
    """Facings a shooter may take before shooting: any when undisrupted, its own when disrupted (HH.SHOOT.7, HH.ART.16)."""  # noqa: E501
    if u.disrupted or as_if_disrupted(state, u):
        return [u.facing]
    if state.profile(u).is_artillery and not state.rules.artillery_refaces_to_shoot and not u.hold_fire:
        return [u.facing]  # HH12.ART.4: 2012 artillery re-faces in its move, or when firing from Hold Fire
    return [u.facing] + sorted(
        (f for f in Facing if f != u.facing), key=lambda f: (min((f - u.facing) % 12, (u.facing - f) % 12), int(f))
    )


def dice_share(n: int, targets: list[int], tid: int) -> int:
    """HH12.SHOOT.6: `n` dice divided as evenly as they go among `targets`, the odd ones to the first listed.

    >>> [dice_share(5, [7, 3, 9], t) for t in (7, 3, 9)]
    [2, 2, 1]
    """
    k = len(targets)
    return n // k + (1 if targets.index(tid) < n % k else 0)


def split_targets(state: GameState, u: Unit, allowed: list[int] | None, first: int, f: Facing) -> list[int]:
    """HH12.SHOOT.6 (standing order `split-fire`, default no): a contacted 2012 shooter divides its dice among
    every unit that moved into contact with it and that it can shoot at from the facing taken, its default target
    first (HH.PD.23), then by score needed and unit id. Without the order, or in 2022, only the default target."""
    if (
        allowed is None
        or not state.rules.small_arms_split
        or state.profile(u).is_artillery
        or not state.standing_for(u.side).for_unit(u.id).split_fire
    ):
        return [first]
    others = [t for t in allowed if t != first and can_target(state, u, state.units[t], f)]
    others.sort(key=lambda t: (to_hit(state, u, state.units[t]), t))
    return [first, *others]


def default_target(state: GameState, u: Unit, allowed: list[int] | None) -> tuple[int, Facing] | None:
    """HH.PD.22, HH.PD.23: lowest score needed (not in hard cover), then nearest, then lowest id; least turning."""
    best = None
    for v in state.live_units(state.other(u.side)):
        if allowed is not None and v.id not in allowed:
            continue
        for f in _facings(state, u):
            if can_target(state, u, v, f):
                if state.profile(u).is_artillery:
                    b = state.profile(u).guns.band(u.at.distance(v.at))
                    extra = art_extra(state, u, v)
                    exp = sum(b.hits(r, extra) for r in range(1, 13)) if b else 0
                    key = (-exp, u.at.distance(v.at), v.id)
                else:
                    if hard_cover(state, u.at, v):
                        break
                    key = (to_hit(state, u, v), u.at.distance(v.at), v.id)
                if best is None or key < best[0]:
                    best = (key, v.id, f)
                break
    return None if best is None else (best[1], best[2])


def suppressed(allocated: int, suppressors_in_cover: bool) -> int:
    """HH.SHOOT.21, ruling HH.SHOOT.22: 1:1 from hard cover, else 2:1 rounded down (HH.EX.13)."""
    return allocated if suppressors_in_cover else allocated // 2


def _suppression(
    state: GameState, choices: dict[int, ShootChoice] | None = None
) -> tuple[dict[int, int], set[int], list[str]]:
    """Allocations against hard-cover shooters, both sides at once (HH.SHOOT.21): the phasing player's `suppress`
    lines, then the default of HH.PD.21 for every other unit (a shooter whose only targets are hard-cover shooters
    suppresses the one with the most dice; a phasing unit with a `shoot` line does not). Returns dice taken off
    each target, the allocating units (which do not roll) and notes for refused lines."""
    off: dict[int, int] = {}
    allocating: set[int] = set()
    notes: list[str] = []
    choices = choices or {}
    for u in state.live_units():
        side_phasing = u.side == state.phasing
        ok, allowed = may_shoot(state, u, side_phasing)
        c = choices.get(u.id) if side_phasing else None
        if c is not None and c.suppress is not None:
            v = state.units.get(c.suppress)  # a phasing unit's targets are never restricted (HH.SHOOT.13)
            good = (
                ok
                and not state.profile(u).is_artillery
                and v is not None
                and v.on_table
                and shooting_profile(state, v).shoot is not None
                and hard_cover(state, u.at, v)
                and any(can_target(state, u, v, f) for f in _facings(state, u))
            )
            if not good:
                notes.append(
                    f"  {uname(u)} cannot suppress unit {c.suppress}: it must be an enemy shooter in hard cover"
                    " that the unit could shoot at; it holds its fire [HH.SHOOT.21]."
                )
                continue
            assert v is not None
            off[v.id] = off.get(v.id, 0) + suppressed(shooting_stands(state, u), hard_cover(state, v.at, u))
            allocating.add(u.id)
            continue
        if c is not None or not ok or state.profile(u).is_artillery:
            continue
        cands = []
        plain = False
        for v in state.live_units(state.other(u.side)):
            if allowed is not None and v.id not in allowed:
                continue
            if any(can_target(state, u, v, f) for f in _facings(state, u)):
                if hard_cover(state, u.at, v) and shooting_profile(state, v).shoot:
                    cands.append(v)
                else:
                    plain = True
        if cands and not plain:
            v = min(cands, key=lambda v: (-small_arms_dice(state, v), v.id))
            cover = hard_cover(state, v.at, u)
            off[v.id] = off.get(v.id, 0) + suppressed(shooting_stands(state, u), cover)
            allocating.add(u.id)
    return off, allocating, notes


def shoot_side(
    state: GameState,
    side: str,
    dice: DiceSource,
    choices: dict[int, ShootChoice],
    off: dict[int, int],
    allocating: set[int],
    defer: list[tuple[int, int, list[Hex]]] | None = None,
) -> list[str]:
    """One side's turn to shoot (HH.SHOOT.23, HH.SHOOT.24, HH.SHOOT.25, HH.ART.7). With `defer`, the pooled hits are
    appended there instead of applied (semi-simultaneous mode, HH.SEQ.14)."""
    lines = [f"Shooting: {side} shoots [HH.SEQ.11, HH.SHOOT.23]."]
    plan = _shooters(state, side, choices, allocating, lines)
    if not plan:
        lines.append("  Nobody shoots.")
        return lines
    pools: dict[int, Pool] = {}
    stray: dict[int, Pool] = {}  # 2012 artillery hits on friends next to its targets (HH12.ART.9)
    order: list[tuple[Unit, list[int], Facing]] = []
    for u, targets, f in plan:
        if f != u.facing:
            state.units[u.id] = replace(u, facing=f)
            lines.append(f"  {uname(u)} turns to face {f.name} to shoot [HH.SHOOT.7, HH.ART.10].")
            u = state.units[u.id]
        order.append((u, targets, f))
        for tid in targets:
            pools.setdefault(tid, Pool(tid))
    # HH.ART.7: small arms first, then artillery, at each target.
    order = [x for x in order if not state.profile(x[0]).is_artillery] + [
        x for x in order if state.profile(x[0]).is_artillery
    ]
    for tid in sorted(pools):  # HH.PD.25: ascending target id
        lines += _fire_at(state, dice, order, pools[tid], off, defer, stray)
    for tid in sorted(stray):
        lines += stray[tid].lines + _settle(state, stray[tid], defer, dice)
    return lines


def _settle(
    state: GameState, pool: Pool, defer: list[tuple[int, int, list[Hex]]] | None, dice: DiceSource
) -> list[str]:
    """A pool's hits applied now (HH.SHOOT.24), or put in `defer` to be applied after both sides shoot (HH.SEQ.14)."""
    srcs = [h for h in (state.units[s].hex for s in pool.scorers) if h is not None]
    if defer is not None:
        defer.append((pool.target, pool.hits, srcs))
        return []
    return _apply_pool(state, pool.target, pool.hits, srcs, dice)


def _fire_at(
    state: GameState,
    dice: DiceSource,
    order: list[tuple[Unit, list[int], Facing]],
    pool: Pool,
    off: dict[int, int],
    defer: list[tuple[int, int, list[Hex]]] | None,
    stray: dict[int, Pool],
) -> list[str]:
    """Every shot at one target, small arms first, then the pooled hits applied or deferred (HH.SHOOT.24)."""
    tid = pool.target
    target = state.units[tid]
    if not target.on_table:
        return [f"  unit {tid} is gone: the dice allotted to it are lost [HH.SHOOT.23]."]
    for u, targets, _f in order:
        if tid not in targets or not state.units[u.id].on_table:
            continue
        if state.profile(u).is_artillery:
            got: int | None = _artillery_fire(state, dice, u, targets, target, pool, stray)
        else:
            got = _small_arms_fire(state, dice, u, target, off, pool, targets)
        if got is None:
            continue
        if got:
            pool.scorers.append(u.id)
        pool.hits += got
    lines = list(pool.lines)
    if defer is not None:
        lines.append(
            f"  {counted(state, pool.hits, 'hit')} in all on {uname(target)}, applied after both sides"
            " shoot [HH.SEQ.14]."
        )
    return lines + _settle(state, pool, defer, dice)


def _shooters(
    state: GameState, side: str, choices: dict[int, ShootChoice], allocating: set[int], lines: list[str]
) -> list[tuple[Unit, list[int], Facing]]:
    """Who shoots at what, facing which way: the declared lines checked, else the default target (HH.PD.22)."""
    side_phasing = side == state.phasing
    plan: list[tuple[Unit, list[int], Facing]] = []
    for u in state.live_units(side):
        ok, allowed = may_shoot(state, u, side_phasing)
        if not ok or u.id in allocating:
            continue
        c = choices.get(u.id)  # only the phasing side declares: the other side's `choices` is empty
        if c is not None and c.suppress is not None:
            continue  # a refused `suppress` line: the unit holds its fire
        if c is not None and c.decline:
            lines.append(f"  {uname(u)} does not shoot [HH.SHOOT.12].")
            continue
        if c is not None and c.targets:
            # HH.SHOOT.7: Facing.E is 0; rules version 2 keeps `face E` (version 1 dropped it, as recorded)
            f = c.facing if c.facing is not None and state.plays(FIX_BOOK_13) else (c.facing or u.facing)
            if c.facing is not None and (u.disrupted or as_if_disrupted(state, u)) and c.facing != u.facing:
                lines.append(f"  {uname(u)} is disrupted and may not turn before shooting [HH.DISR.2].")
                continue
            if c.facing is not None and c.facing not in _facings(state, u):
                lines.append(f"  {uname(u)} may turn only in its movement phase, not to shoot [HH12.ART.4].")
                continue
            good = [t for t in c.targets if t in state.units and can_target(state, u, state.units[t], f)]
            if len(good) != len(c.targets):
                lines.append(
                    f"  {uname(u)} cannot shoot at {list(c.targets)} (range, arc or line of fire) [HH.SHOOT.6]."
                )
                continue
            plan.append((u, list(c.targets), f))
            continue
        default = default_target(state, u, allowed)
        if default is not None:
            plan.append((u, split_targets(state, u, allowed, default[0], default[1]), default[1]))
    return plan


def _artillery_fire(
    state: GameState, dice: DiceSource, u: Unit, targets: list[int], target: Unit, pool: Pool, stray: dict[int, Pool]
) -> int:
    """Each piece fires at its target, the targets cycled over the pieces (HH.ART.7, HH.ART.16); in 2012 a miss at a
    target next to friends may hit them (HH12.ART.9)."""
    p = state.profile(u)
    assert p.guns is not None
    tid = target.id
    pieces = u.stands if not u.disrupted else (u.stands + 1) // 2  # HH.ART.16
    mine = [i for i in range(pieces) if targets[i % len(targets)] == tid]
    b = p.guns.band(u.at.distance(target.at))
    extra = art_extra(state, u, target)
    got = 0
    rolls = []
    for k, _ in enumerate(mine):
        r = dice.roll(
            12,
            f"artillery: unit {u.id} ({u.name}) at unit {tid} ({target.name}), piece {k + 1} of {len(mine)}",
        )
        h = b.hits(r, extra) if b else 0
        rolls.append(f"{r}->{h}")
        got += h
        if h == 0 and b is not None and state.rules.artillery_friendly_fire:
            _stray_shot(state, dice, u, target, b, stray)
    pool.lines.append(
        f"  {uname(u)} fires at {uname(target)}: D12 {', '.join(rolls)}: {counted(state, got, 'hit')} [HH.ART.7]."
    )
    return got


def _stray_shot(state: GameState, dice: DiceSource, u: Unit, target: Unit, band: Band, stray: dict[int, Pool]) -> None:
    """HH12.ART.9, ruling HH12.ART.A2: a 2012 artillery die that misses a target next to friends rolls again on the
    same range line at the friend next to the target nearest the guns (then more stands, then lowest id); its hits
    join that friend's total for the phase, armour ignored."""
    friends = [w for w in state.live_units(u.side) if w.at.distance(target.at) == 1]
    if not friends:
        return
    f = min(friends, key=lambda w: (w.at.distance(u.at), -w.stands, w.id))
    r = dice.roll(12, f"artillery: unit {u.id} ({u.name}) stray shot at friendly unit {f.id} ({f.name})")
    h = band.hits(r, 0)
    pool = stray.setdefault(f.id, Pool(f.id))
    pool.lines.append(
        f"  {uname(u)} misses and its stray shot at friendly {uname(f)} rolls {r}:"
        f" {counted(state, h, 'hit')} [HH12.ART.9]."
    )
    if h:
        pool.hits += h
        pool.scorers.append(u.id)


def _small_arms_fire(
    state: GameState,
    dice: DiceSource,
    u: Unit,
    target: Unit,
    off: dict[int, int],
    pool: Pool,
    targets: list[int] | None = None,
) -> int | None:
    """Small-arms dice at one target (HH.SHOOT.17); None when hard cover stops it (HH.SHOOT.20). A 2012 shooter with
    several targets divides its dice among them (HH12.SHOOT.6, `dice_share`)."""
    assert u.hex is not None
    if hard_cover(state, u.hex, target):
        pool.lines.append(f"  {uname(u)} shoots at {uname(target)} in hard cover: no effect [HH.SHOOT.20].")
        return None
    n = max(0, small_arms_dice(state, u) - off.get(u.id, 0))
    if off.get(u.id):
        fewer = counted(state, off[u.id], "die", "dice")
        pool.lines.append(f"  {uname(u)} is suppressed: {fewer} fewer [HH.SHOOT.21].")
    if targets is not None and len(targets) > 1 and state.rules.small_arms_split:
        n = dice_share(n, targets, target.id)
        pool.lines.append(
            f"  {uname(u)} divides its dice among units {', '.join(map(str, targets))}: {n} at unit {target.id}"
            " [HH12.SHOOT.6]."
        )
    need = to_hit(state, u, target)
    rolls = [
        dice.roll(12, f"shooting: unit {u.id} ({u.name}) at unit {target.id} ({target.name}), die {i + 1} of {n}")
        for i in range(n)
    ]
    got = sum(1 for r in rolls if r >= need)  # a D12 never reaches a need of 13 or more
    pool.lines.append(
        f"  {uname(u)} shoots at {uname(target)}: {n} D12 needing {need}+:"
        f" {', '.join(map(str, rolls)) or 'none'}: {counted(state, got, 'hit')} [HH.SHOOT.17]."
    )
    return got


def _apply_pool(state: GameState, tid: int, hits: int, srcs: list[Hex], dice: DiceSource) -> list[str]:
    """One CRT lookup for everything a side threw at one target, then the result (HH.SHOOT.24, HH.SHOOT.25)."""
    target = state.units[tid]
    if not target.on_table:
        return [f"  unit {tid} is already gone [HH.SHOOT.23]."]
    res = result_for(state, tid, hits)
    if res is None:
        return [f"  {uname(target)}: no hits."]
    more, _ = apply_result(state, tid, res, Cause.SHOOTING, srcs, None, dice)
    return [f"  {counted(state, hits, 'hit')} in all on {uname(target)} [HH.SHOOT.24]."] + more


def results_in_order(
    state: GameState, pending: list[tuple[int, int, list[Hex]]], order: tuple[int, ...]
) -> tuple[list[tuple[int, int, list[Hex]]], str]:
    """Ruling HH12.SEQ.A1: in 2012 the phasing player chooses the order in which the pooled shooting results are
    applied (a `results T [T ...]` line): the targets named, in that order, then the rest in the default order
    (phasing side's targets first, each side's by ascending id, HH.PD.25). 2022 keeps the default order."""
    if not order or not state.rules.phasing_orders_shooting_results:
        return pending, ""
    rank = {t: i for i, t in enumerate(order)}
    return sorted(pending, key=lambda p: rank.get(p[0], len(order))), f" in the order chosen by {state.phasing}"


def shooting_phase(
    state: GameState, dice: DiceSource, choices: dict[int, ShootChoice], results_order: tuple[int, ...] = ()
) -> list[str]:
    """Both sides' turns to shoot, phasing side first (HH.SEQ.10, HH.SEQ.13, ruling HH.SEQ.14, HH.ART.4).

    `shooting_mode = "sequential"` (default): the phasing side's results are applied before the other side
    declares. `"semi_simultaneous"`: both sides declare and roll against the state as the phase began, then the
    results are applied, the phasing side's targets first, each side's in ascending target id (HH.PD.25).
    """
    off, allocating, notes = _suppression(state, choices)
    lines = list(notes)
    if allocating:
        lines.append(
            f"Suppression: units {sorted(allocating)} suppress hard-cover shooters {off} [HH.SHOOT.21, HH.PD.21]."
        )
    assert state.phasing is not None
    if state.options.shooting_mode == "semi_simultaneous" or state.rules.simultaneous_shooting:  # HH12.SEQ.3
        pending: list[tuple[int, int, list[Hex]]] = []
        lines += shoot_side(state, state.phasing, dice, choices, off, allocating, pending)
        lines += shoot_side(state, state.other(state.phasing), dice, {}, off, allocating, pending)
        pending, chosen = results_in_order(state, pending, results_order)
        lines.append(f"Shooting results, applied together{chosen} [HH.SEQ.14{', HH12.SEQ.A1' if chosen else ''}]:")
        for tid, hits, srcs in pending:
            lines += _apply_pool(state, tid, hits, srcs, dice)
        return lines
    lines += shoot_side(state, state.phasing, dice, choices, off, allocating)
    lines += shoot_side(state, state.other(state.phasing), dice, {}, off, allocating)
    return lines
