"""Resolving shots with dice: to-hit rolls stand by stand, the rank-2 pool at half effect,
bounce-through, saves, the hit pool, stands lost, leader wounds, Reaction Chits, and fire on
charging units [WC.SHOOT.2] [WC.SHOOT.15] [WC.SHOOT.19] [WC.SHOOT.24]–[WC.SHOOT.34].

:func:`charge_fire` is what the charge code calls when a unit is charged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from shapely.geometry import Polygon

from campaign.ruleset import DiceSource
from campaign.table import Edge, Rect
from campaign.table.frame import add, dot, normalise, q_cm, scale, sub

from .disorder import Cause, disorder_test
from .fire import ShotPlan, StandShot, plan_shot
from .leaders import place_after_loss, wounded
from .model import AreaKind, LineKind, State, Trace, Unit
from .shooting import BOUNCE_ZONE_CM, Band, adjusted_armor, bounce_extra_dice, bounces, half_effect, hits_on, saved
from .standing import decide, standing
from .troops import Missile
from .world import POOR, World

__all__ = ["Volley", "charge_fire", "shoot", "stands_and_shoots", "take_losses"]

SUPPORT_FIRE_CM = 4.0
"""Friends with a stand within 4 cm of the charged unit may fire at the charger [WC.SHOOT.27]."""


@dataclass(frozen=True, slots=True)
class Volley:
    """What one shot did."""

    shooter: str
    target: str
    hits: int
    unsaved: int
    lost: int


@dataclass(frozen=True, slots=True)
class _Group:
    """Dice rolled together: count, modifier, range band, and the firing stand (for bounce)."""

    dice: int
    drm: int
    band: Band
    stand: int


def _groups(plan: ShotPlan, *, half_all: bool = False) -> list[_Group]:
    """Front-rank stands roll their own dice, left to right; the rank-2 pool is halved (rounded
    up) and rolled with the worst modifier of its stands [WC.SHOOT.11] [WC.SHOOT.15] step 1;
    ``half_all`` halves the whole unit's dice at once (support fire) [WC.SHOOT.27]."""
    full = [s for s in plan.stands if s.effect == "full"]
    half = [s for s in plan.stands if s.effect == "half"]
    if half_all:
        pool: Sequence[StandShot] = plan.stands
        n = half_effect(sum(s.dice for s in full) + half_effect(sum(s.dice for s in half)))
        worst = min(pool, key=lambda s: s.drm)
        return [_Group(n, worst.drm, worst.band, -1)] if n else []
    out = [_Group(s.dice, s.drm, s.band, s.index) for s in full]
    if half:
        worst = min(half, key=lambda s: s.drm)
        out.append(_Group(half_effect(sum(s.dice for s in half)), worst.drm, worst.band, -1))
    return out


def _zone_stands(world: World, shooter: Rect, target: Unit) -> int:
    """Further stands of the target unit in the bounce zone behind the first stand struck
    [WC.SHOOT.19a]: 0 when that stand's front edge is in poor or dense terrain or the zone
    crosses a stream or linear obstacle."""
    rects = world.rects(target)
    first = min(range(len(rects)), key=lambda i: rects[i].polygon().distance(shooter.polygon()))
    struck = rects[first]
    rough = world.areas(*POOR, AreaKind.DENSE)
    if any(g.intersects(struck.edge_line(Edge.FRONT)) for g in rough):
        return 0
    m = normalise(sub(struck.centre, shooter.centre))
    if m == (0.0, 0.0):
        return 0
    half = struck.width / 2
    side = (m[1], -m[0])
    reach = max(abs(dot(sub(c, struck.centre), m)) for c in struck.corners())
    near = add(struck.centre, scale(m, reach))
    far = add(near, scale(m, BOUNCE_ZONE_CM))
    zone = Polygon(
        [
            add(near, scale(side, half)),
            add(far, scale(side, half)),
            add(far, scale(side, -half)),
            add(near, scale(side, -half)),
        ]
    )
    lines = world.lines(LineKind.OBSTACLE, LineKind.STREAM, LineKind.PELSTREAM, LineKind.BANNOCK)
    if any(zone.intersects(line) for line in lines):
        return 0
    return sum(1 for i, r in enumerate(rects) if i != first and r.polygon().intersection(zone).area > 1e-4)


def _roll_hits(
    world: World, plan: ShotPlan, dice: DiceSource, who: str, *, half_all: bool
) -> list[tuple[int, Band, Missile | None]]:
    """Hits per group, with bounce-through extra dice for bouncing artillery [WC.SHOOT.19]."""
    shooter, target = world.state.unit(plan.shooter), world.state.unit(plan.target)
    p = world.profile(shooter)
    fantasy = world.state.variant == "fantasy"
    rects = world.rects(shooter)
    out = []
    for g in _groups(plan, half_all=half_all):
        faces = [dice.roll(6, f"shoot_hit: {who} ({g.dice} dice, {g.drm:+d})") for _ in range(g.dice)]
        hits = sum(1 for f in faces if hits_on(f, g.drm))
        if hits and g.stand >= 0 and bounces(p, fantasy=fantasy):
            extra = bounce_extra_dice(hits, _zone_stands(world, rects[g.stand], target))
            faces = [dice.roll(6, f"shoot_hit: {who} bounce-through") for _ in range(extra)]
            hits += sum(1 for f in faces if hits_on(f, g.drm))
        out.append((hits, g.band, p.missile))
    return out


def _roll_saves(state: State, target: Unit, groups: list[tuple[int, Band, Missile | None]], dice: DiceSource) -> int:
    """One save per hit, with the armor after the weapon's adjustment [WC.SHOOT.15] step 2
    [WC.SHOOT.21]; in a mixed unit the defender's default puts each hit on its best-armored stand
    [WC.PD.15] [WC.CASUALTY.5]."""
    world = World(state)
    base = min((world.profiles[s.profile].armor for s in target.stands), key=lambda r: 7 if r == 0 else r)
    a0 = state.option("longbow_improves_armor0") == "true"
    unsaved = 0
    for hits, band, missile in groups:
        armor = adjusted_armor(base, missile, band, longbow_improves_armor0=a0) if missile else base
        for _ in range(hits):
            if armor == 0:
                unsaved += 1
                continue
            die = dice.roll(6, f"save: unit {target.id} saves on {armor}+")
            unsaved += 0 if saved(die, armor) else 1
    return unsaved


def take_losses(state: State, uid: str, unsaved: int, dice: DiceSource, narrative: list[str]) -> tuple[State, int]:
    """Unsaved hits go into the unit's pool; every full set of the profile's hits removes a stand
    from the rear of the unit; what is left carries into this player-turn's melee [WC.SHOOT.15]
    steps 3, 4 and 7; an attached leader rolls for wounds when stands go [WC.SHOOT.34]
    [WC.LEADER.8]; a unit destroyed leaves its leader to [WC.LEADER.10]. TODO(WC.CASUALTY.7):
    the owner's choice of the stand removed."""
    unit = state.unit(uid)
    per = max(World(state).profile(unit).hits, 1)
    pool = unit.hits + unsaved
    lost = min(pool // per, len(unit.stands))
    pool -= lost * per
    left = unit.stands[: len(unit.stands) - lost]
    gone = not left
    unit = replace(unit, stands=left or unit.stands, hits=0 if gone else pool, lost=unit.lost + lost, on_table=not gone)
    state = state.with_unit(unit)
    if lost:
        narrative.append(
            f"Unit {uid} loses {lost} stand{'s' if lost > 1 else ''}" + (" and is destroyed." if gone else ".")
        )
    for g in state.leaders:
        if g.attached_to != uid or g.lost or not lost:
            continue
        die = dice.roll(6, f"leader_wound: {g.name} with unit {uid}")
        if wounded(die):
            narrative.append(f"{g.name} is struck down ({die}) [WC.LEADER.8].")
            state = state.with_leader(replace(g, lost=True, attached_to=""))
        elif gone:
            state = place_after_loss(state, g.id, unit_destroyed=True)
    return state, lost


def shoot(
    state: State, plan: ShotPlan, dice: DiceSource, narrative: list[str], *, half_all: bool = False, label: str = ""
) -> tuple[State, Volley]:
    """One shot, one event [WC.SHOOT.2]: roll to hit, save, pool, losses [WC.SHOOT.15]; a unit
    that takes an unsaved hit in its opponent's player-turn gets a combat chit [WC.SHOOT.24]
    [WC.REACT.3]; the shot is drawn [WC.SHOOT.2]. Fallback is the caller's [WC.FALLBACK.7]."""
    world = World(state)
    shooter, target = state.unit(plan.shooter), state.unit(plan.target)
    who = f"unit {shooter.id} at unit {target.id}"
    groups = _roll_hits(world, plan, dice, who, half_all=half_all)
    hits = sum(g[0] for g in groups)
    unsaved = _roll_saves(state, target, groups, dice)
    bands = {s.band for s in plan.stands}
    at = "long range" if bands == {Band.LONG} else "effective range" if bands == {Band.EFFECTIVE} else "mixed range"
    narrative.append(
        f"{label or 'Unit ' + shooter.id} ({shooter.name}) shoots at unit {target.id} ({target.name}) "
        f"with {len(plan.stands)} stand{'s' if len(plan.stands) > 1 else ''} at {at}: "
        f"{hits} hit{'s' if hits != 1 else ''}, {hits - unsaved} saved, {unsaved} unsaved."
    )
    state, lost = take_losses(state, target.id, unsaved, dice, narrative)
    t = state.unit(target.id)
    if unsaved and t.side != state.active and "combat" not in t.chits:
        state = state.with_unit(replace(t, chits=(*t.chits, "combat")))
    state = _trace(state, world, shooter, target, f"{hits} hit{'s' if hits != 1 else ''}, {unsaved} unsaved")
    return state, Volley(shooter.id, target.id, hits, unsaved, lost)


def _trace(state: State, world: World, shooter: Unit, target: Unit, label: str) -> State:
    """The shot line for the picture: the firer's front to the target's centre."""
    a = world.bound(shooter).front_mid()
    b = world.bound(target).centre
    pts = ((q_cm(a[0]), q_cm(a[1])), (q_cm(b[0]), q_cm(b[1])))
    return replace(state, traces=(*state.traces, Trace(shooter.id, shooter.side, pts, shot=True, label=label)))


def _supporters(state: State, charged: Unit) -> list[Unit]:
    """Friends of the charged unit with a stand within 4 cm of it [WC.SHOOT.27]."""
    world = World(state)
    foot = world.foot(charged)
    near = [
        f for f in world.friends(charged.side, charged.id) if world.foot(f).distance(foot) <= SUPPORT_FIRE_CM + 1e-6
    ]
    return sorted(near, key=lambda u: u.id)


def charge_fire(
    state: State, charger: str, charged: str, dice: DiceSource, narrative: list[str], *, before: State | None = None
) -> State:
    """Fire at a charging unit [WC.SHOOT.26]–[WC.SHOOT.33], with the charger at its contact
    position in ``state`` (and, if given, at its start in ``before`` [WC.SHOOT.28]):

    * the charged unit's eligible first- and second-rank stands fire, automatically [WC.SHOOT.31];
    * friends with a stand within 4 cm fire at half effect, or at full effect with a Hold Fire
      marker, which they then lose [WC.SHOOT.27]; the owner decides, default fire [WC.PD.17];
    * all hits are rolled, then all saves; one disorder die per unsaved hit with the shooting
      modifiers [WC.SHOOT.29]; stands destroyed go at once, the rest of the pool carries into
      round 1; the charger does not fall back [WC.FALLBACK.8];
    * no fire in later rounds, pursuits or advances [WC.SHOOT.30] (the caller calls this only for
      the charge itself). If the charger is destroyed the charge ends [WC.SHOOT.33].
    (F) Warmaster artillery that cannot "stand and shoot" does not fire [WC.SHOOT.32].
    """
    firers: list[tuple[ShotPlan, bool, str]] = []
    for unit, own in [(state.unit(charged), True)] + [(u, False) for u in _supporters(state, state.unit(charged))]:
        if not stands_and_shoots(state, unit):
            continue
        plan = _charge_plan(state, before, unit, charger, own)
        if not plan.ok:
            continue
        if not own:
            if standing(state, unit.side, "charge-fire", unit.id) == "hold":
                continue
            q = f"Unit {unit.id} may fire at the charging unit {charger}: fire or hold?"
            answer = decide(
                state, dice, unit.side, "charge-fire", q, ("fire", "hold"), "fire", tag=unit.id, unit=unit.id
            )
            if answer != "fire":
                continue
        firers.append((plan, not own and not unit.hold_fire, unit.id))
    if not firers:
        return state
    world = World(state)
    groups: list[tuple[int, Band, Missile | None]] = []
    for plan, half, uid in firers:
        groups += _roll_hits(world, plan, dice, f"unit {uid} at the charging unit {charger}", half_all=half)
        if state.unit(uid).hold_fire:
            state = state.with_unit(replace(state.unit(uid), hold_fire=False))
    hits = sum(g[0] for g in groups)
    unsaved = _roll_saves(state, state.unit(charger), groups, dice)
    names = ", ".join(uid for _, _, uid in firers)
    narrative.append(f"Fire at the charging unit {charger} from unit {names}: {hits} hits, {unsaved} unsaved.")
    state, _ = take_losses(state, charger, unsaved, dice, narrative)
    if not state.unit(charger).on_table:
        narrative.append(f"Unit {charger} is destroyed by fire: the charge ends [WC.SHOOT.33].")
        return state
    faces = [dice.roll(6, f"disorder: unit {charger} hit by charge fire") for _ in range(unsaved)]
    for f in faces:
        state = disorder_test(state, charger, Cause.SHOT, narrative, die=f, shot=True)
    return state


def stands_and_shoots(state: State, unit: Unit) -> bool:
    """(F) A Warmaster artillery unit whose list says it cannot "stand and shoot" (its notes say
    so) may not fire at chargers [WC.SHOOT.32]; every other unit may."""
    p = World(state).profile(unit)
    notes = p.notes.lower().replace("&", "and")
    return not (state.variant == "fantasy" and p.missile is Missile.ART and "no stand and shoot" in notes)


def _charge_plan(state: State, before: State | None, unit: Unit, charger: str, own: bool) -> ShotPlan:
    """Stand by stand [WC.SHOOT.28]: a stand eligible with the charger at its contact position
    fires at it there; a stand that is not may fire at the charger's start (``before``), if it
    is eligible there. Neighbours too fire at the contact position, though the charger touches
    the charged unit there [WC.SHOOT.27]. The charged unit's own stands may fire at a charger
    they touch (second book check, item 2)."""
    at = _plan_at(state, unit.id, charger, own)
    if before is None:
        return at
    start = _plan_at(before, unit.id, charger, own)
    if not at.ok:
        return start
    have = {s.index for s in at.stands}
    extra = tuple(s for s in start.stands if s.index not in have)
    return replace(at, stands=tuple(sorted(at.stands + extra, key=lambda s: s.index)))


def _plan_at(state: State, uid: str, charger: str, own: bool) -> ShotPlan:
    """The stands of ``uid`` eligible to fire at the charger where ``state`` has it; of the charged
    unit (``own``) only its first two ranks [WC.SHOOT.26]."""
    world = World(state)
    unit = state.unit(uid)
    plan = plan_shot(world, unit, state.unit(charger), charger=charger, own=own)
    if own:
        plan = replace(plan, stands=tuple(s for s in plan.stands if _rank_ok(world, unit, s)))
    return plan


def _rank_ok(world: World, unit: Unit, s: StandShot) -> bool:
    """Only the first and second ranks of the charged unit fire [WC.SHOOT.26]."""
    from .fire import stand_ranks

    return stand_ranks(world, unit)[s.index] <= 2
