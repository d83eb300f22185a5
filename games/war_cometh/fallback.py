"""Fallback after shooting: the dice, steadiness, the disorder tests on the same dice, and the
compulsory move away from the shooter [WC.FALLBACK.1]–[WC.FALLBACK.10].

A target collects its unsaved hits in a :class:`Pending` record until it is resolved with
:func:`resolve_fallback`: at the end of the Shooting Phase in the order targets were first hit, at
once when the phasing player closes it, or straight after a Hold Fire shot outside the phase
[WC.FALLBACK.7] [WC.FALLBACK.10].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from campaign.ruleset import DiceSource
from campaign.table import Zone, zone_of
from campaign.table.frame import q_cm

from .compulsory import Kind, compulsory_move, move_direction
from .defence import Cover
from .disorder import Cause, disorder_test, through_tests
from .model import State, Trace, Unit
from .troops import Quality, TroopType, majority_quality
from .world import World

__all__ = ["Pending", "fallback_dice", "falls_back", "record_hits", "resolve_fallback"]


@dataclass(frozen=True, slots=True)
class Pending:
    """A target's unsaved hits from every shot so far this phase."""

    target: str
    hits: int = 0
    by: tuple[tuple[str, int], ...] = ()
    """(shooter, unsaved hits) in the order they first hit."""
    flank_rear: bool = False
    """Some unit that hit it had its centre in the target's flank or rear zone [WC.FALLBACK.3]."""
    cover: Cover = Cover.NONE
    """The target's cover against the shooter that caused the most hits [WC.FALLBACK.2]."""


def record_hits(world: World, pending: Pending, shooter: Unit, unsaved: int, cover: Cover) -> Pending:
    """Add one shot's unsaved hits (after saves, [WC.SHOOT.25]) to a target's record
    [WC.FALLBACK.7] [WC.SHOOT.22]; the flank or rear test uses the shooter's centre
    [WC.FALLBACK.3]."""
    if unsaved <= 0:
        return pending
    target = world.state.unit(pending.target)
    zone = zone_of(world.bound(target), world.bound(shooter).centre)
    by = dict(pending.by)
    by[shooter.id] = by.get(shooter.id, 0) + unsaved
    order = [k for k, _ in pending.by] + ([shooter.id] if shooter.id not in dict(pending.by) else [])
    top = max(order, key=lambda k: (by[k], -order.index(k)))
    return replace(
        pending,
        hits=pending.hits + unsaved,
        by=tuple((k, by[k]) for k in order),
        flank_rear=pending.flank_rear or zone in (Zone.LEFT, Zone.RIGHT, Zone.REAR),
        cover=cover if top == shooter.id else pending.cover,
    )


def fallback_dice(hits: int, *, cover: Cover = Cover.NONE, flank_rear: bool = False) -> int:
    """1D6 per unsaved hit [WC.FALLBACK.1]; one fewer when defended, two fewer when fortified
    [WC.FALLBACK.2] [WC.FORT.8]; one more when shot in flank or rear (once) [WC.FALLBACK.3]; never below 0."""
    less = {Cover.NONE: 0, Cover.DEFENDED: 1, Cover.FORTIFIED: 2}[cover]
    return max(0, hits - less + (1 if flank_rear else 0))


def falls_back(faces: Sequence[int], *, quality: Quality, knights: bool, historical: bool) -> bool:
    """(H) Steadiness [WC.FALLBACK.5]: elite units and knights fall back only if a die shows a
    natural 6, steady units only if one shows 5+, levy always; (F) always. Steady knights count
    as knights (a ruling: second book check, item 7); the unit's quality is its majority quality
    and it counts as knights if most stands are knights; irregular status changes nothing
    [WC.FALLBACK.9]."""
    if not historical or quality is Quality.LEVY and not knights:
        return bool(faces)
    if quality is Quality.ELITE or knights:
        return 6 in faces
    return any(f >= 5 for f in faces)


def _steadiness(world: World, unit: Unit) -> tuple[Quality, bool]:
    """[WC.FALLBACK.9]: majority quality; knights if most stands are knights."""
    profiles = [world.profiles[s.profile] for s in unit.stands]
    knights = sum(1 for p in profiles if p.type.is_knights) * 2 > len(profiles)
    return majority_quality([p.quality for p in profiles]), knights


def resolve_fallback(state: State, pending: Pending, dice: DiceSource, narrative: list[str]) -> State:
    """Roll the target's fallback dice; each is also a disorder test with the −1 for being shot
    [WC.FALLBACK.1] [WC.DISORDER.3]; (H) steadiness decides whether it moves [WC.FALLBACK.5]; it
    falls back the total directly away from the shooter that caused most hits, keeping its facing,
    through friends [WC.FALLBACK.6] [WC.COMPULSORY.3] [WC.COMPULSORY.4]; war wagons roll for
    disorder but never move [WC.FALLBACK.4]."""
    if pending.target not in {u.id for u in state.units} or not state.unit(pending.target).on_table:
        return state
    unit = state.unit(pending.target)
    n = fallback_dice(pending.hits, cover=pending.cover, flank_rear=pending.flank_rear)
    if n == 0:
        narrative.append(f"Unit {unit.id} takes {pending.hits} hits but rolls no fallback dice [WC.FALLBACK.2].")
        return state
    faces = [dice.roll(6, f"fallback_shoot: unit {unit.id} ({n}D6)") for _ in range(n)]
    for f in faces:
        state = disorder_test(state, unit.id, Cause.SHOT, narrative, die=f, shot=True)
    world = World(state)
    quality, knights = _steadiness(world, unit)
    total = sum(faces)
    moves = falls_back(faces, quality=quality, knights=knights, historical=state.variant == "historical")
    if world.profile(unit).type is TroopType.WAR_WAGON or not moves:
        why = "war wagons are never pushed back" if moves else "it stands firm"
        narrative.append(f"Unit {unit.id} rolls {'+'.join(map(str, faces))} for fallback: {why}.")
        return state
    top = max(pending.by, key=lambda kv: kv[1])[0] if pending.by else ""
    return _move_back(state, state.unit(unit.id), top, total, faces, dice, narrative)


def _move_back(
    state: State, unit: Unit, shooter: str, total: int, faces: list[int], dice: DiceSource, narrative: list[str]
) -> State:
    world = World(state)
    own = world.bound(unit).centre
    other = world.bound(state.unit(shooter)).centre if shooter else own
    side_a = state.side(unit.side).player == "A"
    m = move_direction(Kind.SHOOTING_FALLBACK, own=own, other=other, facing=unit.facing, side_a=side_a)
    out = compulsory_move(world, unit, m, float(total))
    t = out.translation
    dice_text = "+".join(map(str, faces))
    if t.off_table:
        narrative.append(f"Unit {unit.id} falls back {dice_text} = {total} cm, off the table [WC.COMPULSORY.8].")
        return state.with_unit(replace(unit, on_table=False, moved=True))
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, out.rects, strict=True))
    state = state.with_unit(replace(unit, stands=stands, moved=True))
    end = (own[0] + m[0] * t.moved, own[1] + m[1] * t.moved)
    pts = ((q_cm(own[0]), q_cm(own[1])), (q_cm(end[0]), q_cm(end[1])))
    state = replace(state, traces=(*state.traces, Trace(unit.id, unit.side, pts, compulsory=True)))
    for g in state.leaders:
        if g.attached_to == unit.id and not g.lost:
            state = state.with_leader(replace(g, x=q_cm(g.at[0] + m[0] * t.moved), y=q_cm(g.at[1] + m[1] * t.moved)))
    short = "" if t.completed else f", stopped after {t.moved:.1f} cm"
    narrative.append(f"Unit {unit.id} falls back {dice_text} = {total} cm{short}.")
    for key in t.passed_through:
        state = through_tests(state, unit.id, key, narrative, dice, compulsory=True)
    return state
