"""The Reaction Test Phase: every phasing unit with a chit tests, in ascending id, and carries out
its required action at once [WC.SEQ.3] [WC.REACT.10] [WC.REACT.15] [WC.REACT.17]
[WC.REACT.19]–[WC.REACT.21] [WC.PD.8] [WC.PD.10]."""

from __future__ import annotations

from dataclasses import replace

from campaign.ruleset import DiceSource
from campaign.table import Obstacle, ObstacleKind, compulsory_translate, rotate_group
from campaign.table.frame import angle_of, direction, norm_angle, normalise, q_cm, sub

from .charges import Charge
from .compulsory import Kind, compulsory_move, move_direction
from .disorder import through_tests
from .fallback import Pending, record_hits, resolve_fallback
from .fire import cavalry_attacker, cover
from .model import Condition, State, Trace, Unit
from .reaction import Reaction, clear_chits, reaction_tests_on, roll_test
from .targets import stand_targets
from .troops import full_pace_cm, half_pace_cm
from .volley import shoot
from .world import World

__all__ = ["REACTION_FALLBACK_DICE", "resolve_reactions"]

REACTION_FALLBACK_DICE = 3
"""A Fallback result falls back 3D6 cm [WC.REACT.15]."""
MAX_TURN = 45.0
"""A reaction advance turns at most 45° toward its enemy [WC.REACT.17]."""


def resolve_reactions(state: State, dice: DiceSource, narrative: list[str]) -> State:
    """[WC.SEQ.3]: routed units drop their chits and do not test [WC.REACT.21]; every other
    phasing unit with a chit tests once, lowest id first [WC.REACT.10] [WC.PD.8] (a chit whose
    threat has gone still forces the test [WC.REACT.19]); any result but None is a required
    action: the unit may not shoot or move for the rest of the turn [WC.REACT.10]."""
    if not reaction_tests_on(state):
        return state
    side = state.active
    for uid in sorted(u.id for u in state.units if u.side == side and u.chits):
        unit = state.unit(uid)
        state = clear_chits(state, uid)
        if not unit.on_table or unit.condition is Condition.ROUTED:
            continue
        result = roll_test(state, unit, dice, narrative)
        if result is Reaction.NONE:
            continue
        state = _act(state, state.unit(uid), result, dice, narrative)
        if state.unit(uid).on_table:
            state = state.with_unit(replace(state.unit(uid), acted=True, frozen=True))
    return state


def _act(state: State, unit: Unit, result: Reaction, dice: DiceSource, narrative: list[str]) -> State:
    """A required action [WC.REACT.15]; in contact, Charge/Fire and Stand/Fire mean standing and
    Fallback goes straight away from the enemy touched [WC.REACT.21]."""
    world = World(state)
    if result is Reaction.FALLBACK:
        return _fall_back(state, unit, dice, narrative)
    if world.in_contact_with_enemy(unit):
        narrative.append(f"Unit {unit.id} is in contact: it stands [WC.REACT.21].")
        return state
    if world.profile(unit).missile_armed:
        return _fire(state, unit, dice, narrative)
    if result is Reaction.STAND_FIRE:
        narrative.append(f"Unit {unit.id} stands [WC.REACT.15].")
        return state
    charged = _reaction_charge(state, unit, dice, narrative)
    return charged if charged is not None else _advance(state, unit, dice, narrative)


def _reaction_target(world: World, unit: Unit) -> tuple[Unit, Charge] | None:
    """The nearest enemy unit the reacting unit may legally charge: seen and in its arc at the
    start, in reach, allowed by the (H) charge restrictions and not on a blocked flank (the
    compulsory charge test of [WC.CHARGE.12]-[WC.CHARGE.16], friends passed through); equally
    near ones go to the lowest id [WC.REACT.17] [WC.PD.38]."""
    from .charges import Charge, charge_problem, restriction

    foot = world.foot(unit)
    for e in sorted(world.enemies(unit.side), key=lambda e: (round(foot.distance(world.foot(e)), 6), e.id)):
        c = charge_problem(world, unit, e, compulsory=True)
        if isinstance(c, Charge) and not restriction(world, unit, e, c.edge, foot.distance(world.foot(e))):
            return e, c
    return None


def _reaction_charge(state: State, unit: Unit, dice: DiceSource, narrative: list[str]) -> State | None:
    """Charge/Fire by a non-missile unit with a legal target: a compulsory charge through friends
    [WC.CHARGE.8], fired on by the target and its neighbours [WC.SHOOT.26], the charger's test
    before contact [WC.TERR.11] [WC.PIKE.8], then the melee fought in full at once with the
    reacting unit as the attacker [WC.REACT.18] [WC.CHARGE.17] step 9. None when there is no
    legal target (the unit advances instead, [WC.REACT.17]). TODO(WC.REACT.18): the target's
    evade (LC, H skirmishers) is not offered; no charge evades yet [WC.LC.5]."""
    from .aftermath import end_of_melee, fight_combat
    from .charge_orders import place_charge
    from .charge_terrain import charge_terrain_test
    from .combat import build_combats
    from .volley import charge_fire

    world = World(state)
    if not unit.formation.regular:
        return None
    found = _reaction_target(world, unit)
    if found is None:
        return None
    target, c = found
    narrative.append(
        f"Unit {unit.id} ({unit.name}) charges unit {target.id} ({target.name}) in the {c.edge.value}, "
        f"{c.reach:.1f} cm [WC.REACT.17]."
    )
    before = state
    state = place_charge(state, c, narrative, dice)
    state = charge_fire(state, unit.id, target.id, dice, narrative, before=before)
    state = charge_terrain_test(state, before.unit(unit.id), c.rects, dice, narrative)
    if not state.unit(unit.id).on_table:
        return state
    for ids in [ids for ids in build_combats(state) if unit.id in ids]:
        fresh = {u: replace(state.unit(u), fought_melee=False, lost_melee=False) for u in ids}
        state = replace(state, units=tuple(fresh.get(u.id, u) for u in state.units))
        state = fight_combat(state, ids, dice, narrative)
    return end_of_melee(state, narrative)


def _fire(state: State, unit: Unit, dice: DiceSource, narrative: list[str]) -> State:
    """A missile unit stands and shoots at an eligible target by [WC.TARGET] at this moment; each
    target falls back straight away [WC.REACT.15] [WC.TARGET.6] [WC.FALLBACK.7]. With no target
    it stands (it may change facing or formation: default no change [WC.PD.10])."""
    plans = stand_targets(World(state), unit)
    if not plans:
        narrative.append(f"Unit {unit.id} has nothing to shoot at: it stands [WC.REACT.15].")
        return state
    for plan in plans:
        state, v = shoot(state, plan, dice, narrative, label=f"Reacting, unit {unit.id}")
        if v.unsaved:
            world = World(state)
            me = state.unit(unit.id)
            rect = world.rects(me)[plan.stands[0].index]
            c = cover(world, state.unit(plan.target), rect, attacker_cavalry=cavalry_attacker(world, me))
            p = record_hits(world, Pending(plan.target), state.unit(unit.id), v.unsaved, c)
            state = resolve_fallback(state, p, dice, narrative)
    return state.with_unit(replace(state.unit(unit.id), fired=True))


def _nearest_enemy(world: World, unit: Unit) -> Unit | None:
    """The nearest enemy unit; equally near ones go to the lowest id [WC.PD.38] [WC.PD.10]."""
    foot = world.foot(unit)
    enemies = sorted(world.enemies(unit.side), key=lambda e: (foot.distance(world.foot(e)), e.id))
    return enemies[0] if enemies else None


def _fall_back(state: State, unit: Unit, dice: DiceSource, narrative: list[str]) -> State:
    """Fallback: 3D6 cm away from the nearest enemy (in contact: the enemy touched), a compulsory
    move through friends, keeping its facing (the owner's default) [WC.REACT.15] [WC.REACT.20]
    [WC.COMPULSORY.3] [WC.PD.10]."""
    world = World(state)
    total = sum(dice.roll(6, f"reaction_fallback: unit {unit.id} (3D6)") for _ in range(REACTION_FALLBACK_DICE))
    enemy = _nearest_enemy(world, unit)
    own = world.bound(unit).centre
    other = world.bound(enemy).centre if enemy else own
    side_a = state.side(unit.side).player == "A"
    m = move_direction(Kind.REACTION_FALLBACK, own=own, other=other, facing=unit.facing, side_a=side_a)
    out = compulsory_move(world, unit, m, float(total))
    t = out.translation
    if t.off_table:
        narrative.append(f"Unit {unit.id} falls back {total} cm off the table [WC.COMPULSORY.8].")
        return state.with_unit(replace(unit, on_table=False, moved=True))
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, out.rects, strict=True))
    state = state.with_unit(replace(unit, stands=stands, moved=True))
    state = _trace(state, unit, own, (own[0] + m[0] * t.moved, own[1] + m[1] * t.moved))
    narrative.append(f"Unit {unit.id} falls back {t.moved:.1f} cm of {total} [WC.REACT.15].")
    for key in t.passed_through:
        state = through_tests(state, unit.id, key, narrative, dice, compulsory=True)
    return state


def _trace(state: State, unit: Unit, a: tuple[float, float], b: tuple[float, float]) -> State:
    pts = ((q_cm(a[0]), q_cm(a[1])), (q_cm(b[0]), q_cm(b[1])))
    return replace(state, traces=(*state.traces, Trace(unit.id, unit.side, pts, compulsory=True)))


def _advance(state: State, unit: Unit, dice: DiceSource, narrative: list[str]) -> State:
    """A non-missile unit's Charge/Fire with no charge made: it turns toward the nearest enemy (at
    most 45°) and moves full pace straight ahead, stopping 2 cm from any enemy, through friends;
    an irregular formation advances at half pace without turning [WC.REACT.15] [WC.REACT.17].
    A unit with a legal target charges it instead (:func:`_reaction_charge`)."""
    world = World(state)
    enemy = _nearest_enemy(world, unit)
    if enemy is None:
        return state
    rects = world.rects(unit)
    centre = world.bound(unit).centre
    cat = world.category(unit)
    pace = float(full_pace_cm(cat))
    turn = 0.0
    if unit.formation.regular:
        near = min(world.rects(enemy), key=lambda r: r.polygon().distance(world.foot(unit)))
        want = angle_of(normalise(sub(near.centre, centre))) if near.centre != centre else unit.facing
        turn = max(-MAX_TURN, min(MAX_TURN, norm_angle(want - unit.facing)))
    else:
        pace = float(half_pace_cm(cat) or pace)
    turned = rotate_group(rects, centre, turn)
    m = direction(unit.facing + turn)
    obstacles = [Obstacle(e.id, ObstacleKind.ENEMY, world.foot(e)) for e in world.enemies(unit.side)]
    obstacles += [Obstacle(f.id, ObstacleKind.FRIEND, world.foot(f)) for f in world.friends(unit.side, unit.id)]
    obstacles += [Obstacle(f"barred{i}", ObstacleKind.BARRED, g) for i, g in enumerate(world.barred(unit))]
    t = compulsory_translate(turned, m, pace, obstacles, world.table)
    moved = tuple(r.moved(m[0] * t.moved, m[1] * t.moved) for r in turned)
    if t.off_table:
        return state
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, moved, strict=True))
    state = state.with_unit(replace(unit, stands=stands, moved=True))
    state = _trace(state, unit, centre, (centre[0] + m[0] * t.moved, centre[1] + m[1] * t.moved))
    narrative.append(f"Unit {unit.id} advances {t.moved:.1f} cm toward unit {enemy.id} [WC.REACT.17].")
    for key in t.passed_through:
        state = through_tests(state, unit.id, key, narrative, dice, compulsory=True)
    return state
