"""After each melee round: the draw, the losers' fallback, Pursuit Tests, pursuit and advance
moves, the next round; the whole Melee Combat Phase and its end (pools dropped, reforming,
cavalry disorder) [WC.MELEE.17] steps 9–10 [WC.MELEE.20]–[WC.MELEE.29] [WC.PURSUIT] [WC.ADVANCE]
[WC.REFORM]."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from campaign.ruleset import DiceSource
from campaign.table import Edge, Obstacle, ObstacleKind, Rect, bounding_rect, compulsory_translate, grid_rects
from campaign.table.formation import reference_point
from campaign.table.frame import Vec, length, sub

from .charges import Charge, charge_problem
from .chits import give_chit
from .combat import MAX_ROUNDS, Bout, RoundReport, build_combats, fight_round
from .disorder import Cause, cavalry_fought, disorder, disorder_test, through_tests
from .flanks import has_flanks
from .melee import Outcome, fallback_each, fell_back_far, result
from .model import Formation, State, Unit
from .pursuit import (
    Opponent,
    PursuitCase,
    PursuitResult,
    choose_signs,
    irregular_contact_limit,
    may_test,
    pursuit_result,
    pursuit_total,
)
from .reform import face_threat
from .rout import may_pursue
from .standing import decide, standing
from .troops import Category, TroopType, full_pace_cm
from .world import World

__all__ = ["advance", "end_of_melee", "fall_back", "fight_combat", "melee_phase", "pursue", "pursuit_test"]

DRAW_DICE = 3
"""The attacker in a draw falls back 3D6 cm [WC.MELEE.20]."""
ADVANCE_DICE = 3
"""An advance is 3D6 cm [WC.ADVANCE.1]."""


def _centre(rects: tuple[Rect, ...]) -> Vec:
    return (sum(r.cx for r in rects) / len(rects), sum(r.cy for r in rects) / len(rects))


def _move(
    world: World, unit: Unit, m: Vec, dist: float, blocked_by: list[str] | None = None
) -> tuple[State, float, bool, tuple[str, ...]]:
    """Translate a unit ``dist`` cm along ``m`` through friends, stopping at enemies and barred
    ground [WC.GEOM.21]; (state, moved, completed, friends passed); what stopped it is added to
    ``blocked_by``."""
    n = length(m)
    m = (m[0] / n, m[1] / n)
    rects = world.rects(unit)
    obstacles = [Obstacle(e.id, ObstacleKind.ENEMY, world.foot(e)) for e in world.enemies(unit.side)]
    obstacles += [Obstacle(f.id, ObstacleKind.FRIEND, world.foot(f)) for f in world.friends(unit.side, unit.id)]
    obstacles += [Obstacle(f"t{i}", ObstacleKind.BARRED, g) for i, g in enumerate(world.barred(unit))]
    t = compulsory_translate(rects, m, dist, obstacles, world.table)
    if blocked_by is not None:
        blocked_by.extend(t.blockers)
    state = world.state
    if t.off_table:
        return state.with_unit(replace(unit, on_table=False)), t.moved, False, t.passed_through
    moved = tuple(r.moved(m[0] * t.moved, m[1] * t.moved) for r in rects)
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, moved, strict=True))
    return state.with_unit(replace(unit, stands=stands)), t.moved, t.completed, t.passed_through


def _away(world: World, unit: Unit, enemies: tuple[str, ...], charger: bool) -> Vec:
    """Fallback direction: a charging-side unit goes straight back (−f) [WC.PD.25]; a defender
    directly away from the enemy stands it fought [WC.MELEE.22] (second book check, item 8)."""
    f = world.rects(unit)[0].f
    back = (-f[0], -f[1])
    if charger:
        return back
    theirs = [r for e in enemies if world.state.unit(e).on_table for r in world.rects(world.state.unit(e))]
    if not theirs:
        return back
    d = sub(_centre(world.rects(unit)), _centre(tuple(theirs)))
    return d if length(d) > 1e-6 else back


def fall_back(
    state: State,
    uid: str,
    dist: Fraction | int,
    enemies: tuple[str, ...],
    charger: bool,
    lines: list[str],
    dice: DiceSource | None = None,
) -> tuple[State, Vec]:
    """A loser falls back through friends if it can; 3 cm or more, or a blocked fallback,
    disorders it; friends passed through test as for moving through [WC.THROUGH.3], friends that
    stop it test for disorder [WC.DISORDER.3] [WC.MELEE.21] [WC.MELEE.22]."""
    world = World(state)
    unit = state.unit(uid)
    m = _away(world, unit, enemies, charger)
    blockers: list[str] = []
    state, moved, done, passed = _move(world, unit, m, float(dist), blockers)
    unit = state.unit(uid)
    n = length(m)
    vec = (m[0] / n * moved, m[1] / n * moved)
    where = "off the table" if not unit.on_table else f"{moved:.2f} cm"
    lines.append(f"Unit {uid} falls back {where}.")
    if fell_back_far(Fraction(dist)):
        state = disorder(state, uid, Cause.MELEE_FALLBACK_3CM, lines)
    elif not done and unit.on_table:
        state = disorder(state, uid, Cause.FALLBACK_SHORT, lines)
    if dice is not None:
        for fid in passed:
            state = through_tests(state, uid, fid, lines, dice, compulsory=True)
        friends = {f.id for f in world.friends(unit.side, uid)}
        for fid in sorted(set(blockers) & friends):
            state = disorder_test(state, fid, Cause.BLOCKED_FALLBACK, lines, dice=dice)
    return state, vec


def _pursuit_case(world: World, unit: Unit, bout: Bout) -> PursuitCase:
    """[WC.PURSUIT.3] [WC.PURSUIT.5]."""
    p = world.profile(unit)
    leader = any(g.attached_to == unit.id and not g.lost for g in world.state.leaders)
    return PursuitCase(
        irregular=p.irregular,
        irregular_formation=not unit.formation.regular,
        impetuous=p.impetuous,
        missile_infantry=p.missile_armed and world.category(unit) is Category.INFANTRY,
        cavalry=p.type.is_cavalry,
        casualties=unit.lost > 0,
        second_pursuit=bout.pursuits.get(unit.id, 0) > 0,
        leader=leader,
    )


def pursuit_test(state: State, uid: str, bout: Bout, dice: DiceSource, lines: list[str]) -> bool:
    """Roll the Pursuit Test; signs and "May Choose" by standing order or default [WC.PURSUIT.3]
    [WC.PURSUIT.4] [WC.PURSUIT.6] [WC.PD.26] [WC.PD.27]; True to pursue or advance."""
    world = World(state)
    unit = state.unit(uid)
    case = _pursuit_case(world, unit, bout)
    die = dice.roll(6, f"pursuit_test: unit {uid}")
    infantry = world.category(unit) is Category.INFANTRY
    total = pursuit_total(die, case, choose_signs(die, case, infantry))
    res = pursuit_result(total, case.irregular)
    go = res is PursuitResult.MUST
    if res is PursuitResult.CHOOSE:
        order = standing(state, unit.side, "pursue", uid)
        default = order if order in ("yes", "no") else ("yes" if (case.cavalry or case.impetuous) else "no")
        q = f"Unit {uid} won and may choose: pursue (or advance)?"
        tag = f"{uid}-{bout.pursuits.get(uid, 0)}"
        go = decide(state, dice, unit.side, "pursue", q, ("yes", "no"), default, tag=tag, unit=uid) == "yes"
    lines.append(f"Unit {uid} takes a Pursuit Test: {die}, total {total}: {res.value}" + ("; it goes." if go else "."))
    return go


def pursue(
    state: State, uid: str, loser: str, vec: Vec, lines: list[str], dice: DiceSource | None = None
) -> tuple[State, bool]:
    """Follow the loser's actual fallback up to full pace, then line up again on the same side of
    it; stopped by another enemy, contact that one [WC.PURSUIT.10] [WC.PURSUIT.11]."""
    world = World(state)
    unit = state.unit(uid)
    pace = float(full_pace_cm(world.category(unit)))
    dist = min(length(vec), pace)
    if dist > 1e-6:
        state, _, _, passed = _move(world, unit, vec, dist)
        if dice is not None:
            for fid in passed:
                state = through_tests(state, uid, fid, lines, dice, compulsory=True)
    if not state.unit(uid).on_table or not state.unit(loser).on_table:
        return state, False
    unit = state.unit(uid)
    for target in [state.unit(loser)] + sorted(World(state).enemies(unit.side), key=lambda e: e.id):
        best: tuple[int, int, State, Charge] | None = None
        for k, shape in enumerate(_frontages(state, unit)):
            probe = replace(
                shape, frozen=False, formation=shape.formation if shape.formation.regular else Formation.LINE
            )
            c = charge_problem(World(state.with_unit(probe)), probe, target, compulsory=True, allowance=2.5)
            if isinstance(c, Charge) and (best is None or c.flush > best[0]):
                best = (c.flush, k, state.with_unit(shape), c)
        if best is not None:
            note = " changing its frontage by one stand" if best[1] else ""
            lines.append(f"Unit {uid} pursues into unit {target.id}{note}.")
            return _place(best[2], best[3], lines), True
    lines.append(f"Unit {uid} pursues but does not catch unit {loser}.")
    return state, False


def _frontages(state: State, unit: Unit) -> list[Unit]:
    """The unit as it is, then (a regular unit) one file wider and one narrower, free: a pursuer
    may change its frontage by one stand if that gives more flush stands [WC.PURSUIT.8]
    [WC.PD.28]."""
    out = [unit]
    if not unit.formation.regular:
        return out
    world = World(state)
    rects = world.rects(unit)
    rp = reference_point(bounding_rect(rects, unit.facing))
    n = len(unit.stands)
    for files in (unit.files + 1, unit.files - 1):
        if not 1 <= files <= n or files == unit.files:
            continue
        # the shape only: the alignment that follows puts it against the edge
        grid = grid_rects(rp, unit.facing, files, -(-n // files), rects[0].width, rects[0].depth, n)
        stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, grid, strict=True))
        shape = Formation.LINE if files > 1 else Formation.COLUMN
        out.append(replace(unit, stands=stands, formation=shape, files=files))
    return out


def _place(state: State, c: Charge, lines: list[str] | None = None) -> State:
    """Put a unit at its aligned contact pose; a flank or rear contact disorders the unit struck
    (hedgehogs, skirmishers and war wagons have no flanks) [WC.PURSUIT.10] step 5 [WC.DISORDER.4]
    [WC.HEDGEHOG.3] [WC.FLANK.8]."""
    unit = state.unit(c.unit)
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, c.rects, strict=True))
    state = state.with_unit(replace(unit, stands=stands))
    if c.edge.is_flank_or_rear and has_flanks(World(state), state.unit(c.target)):
        state = disorder(state, c.target, Cause.FLANK_REAR_CONTACT, lines)
    return state


def advance(
    state: State, uid: str, dice: DiceSource, lines: list[str], opps: tuple[str, ...] = ()
) -> tuple[State, bool]:
    """Advance 3D6 cm: contact the nearest enemy it could charge in its frontal arc with that
    allowance (friends passed through), else move straight ahead, stopping 2 cm from enemies
    [WC.ADVANCE.1]–[WC.ADVANCE.5] [WC.ADVANCE.7]. TODO(WC.ADVANCE.4): irregular formations
    advance straight ahead; the charged-from direction is not offered."""
    ladv = sum(dice.roll(6, f"advance_distance: unit {uid}") for _ in range(ADVANCE_DICE))
    world = World(state)
    unit = state.unit(uid)
    if not unit.formation.regular:
        return _advance_irregular(state, unit, ladv, opps, lines)
    probe = replace(unit, formation=Formation.LINE) if not unit.formation.regular else unit
    w2 = World(state.with_unit(probe))
    best: tuple[float, str, Charge] | None = None
    for e in sorted(world.enemies(unit.side), key=lambda e: e.id):
        c = charge_problem(w2, probe, e, compulsory=True, allowance=float(ladv))
        if isinstance(c, Charge) and (best is None or c.reach < best[0] - 1e-9):
            best = (c.reach, e.id, c)
    if best is not None:
        lines.append(f"Unit {uid} advances {ladv} cm and strikes unit {best[1]}.")
        return _place(state, best[2], lines), True
    f = world.rects(unit)[0].f
    state, moved, _, _ = _move(world, unit, f, float(ladv))
    lines.append(f"Unit {uid} advances {moved:.2f} cm of {ladv}.")
    return state, False


def _fortified(world: World, unit: Unit, opps: tuple[str, ...]) -> bool:
    """Fortified against any enemy it fought: such a winner never pursues [WC.PURSUIT.1]."""
    from .combat import _cover

    for o in opps:
        e = world.state.unit(o)
        if e.stands and _cover(world, e, world.rects(e)[0], unit, Edge.FRONT, False) >= 2:
            return True
    return False


def _advance_irregular(
    state: State, unit: Unit, ladv: int, opps: tuple[str, ...], lines: list[str]
) -> tuple[State, bool]:
    """An irregular formation advances along the direction it charged in or, if it did not
    charge, back along the way its enemy charged from (default [WC.PD.29]); an enemy that stops
    it is contacted [WC.ADVANCE.4] [WC.ADVANCE.7]."""
    world = World(state)
    f = world.rects(unit)[0].f
    m = f
    if not unit.charged and opps and state.unit(opps[0]).stands:
        ef = world.rects(state.unit(opps[0]))[0].f
        m = (-ef[0], -ef[1])
    state, moved, done, _ = _move(world, unit, m, float(ladv))
    if done or not state.unit(unit.id).on_table:
        lines.append(f"Unit {unit.id} advances {moved:.2f} cm of {ladv}.")
        return state, False
    world = World(state)
    u2 = state.unit(unit.id)
    rects = world.rects(u2)
    enemies = [Obstacle(e.id, ObstacleKind.BARRED, world.foot(e)) for e in world.enemies(unit.side)]
    t = compulsory_translate(rects, m, float(ladv) - moved, enemies, world.table)
    shifted = tuple(r.moved(m[0] * t.moved, m[1] * t.moved) for r in rects)
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(u2.stands, shifted, strict=True))
    state = state.with_unit(replace(u2, stands=stands))
    hit = World(state).in_contact_with_enemy(state.unit(unit.id))
    lines.append(f"Unit {unit.id} advances {moved + t.moved:.2f} cm" + (" into contact." if hit else "."))
    return state, hit


def _draw(state: State, rep: RoundReport, bout: Bout, dice: DiceSource, lines: list[str]) -> State:
    """A draw: every attacking unit falls back 3D6 cm, unit by unit, and is disordered; the
    combat ends [WC.MELEE.20] [WC.CHARGE.20]."""
    lines.append("The round is a draw.")
    for uid in rep.fought.get(bout.attacker, ()):
        if not state.unit(uid).on_table:
            continue
        d = sum(dice.roll(6, f"fallback_draw: unit {uid}") for _ in range(DRAW_DICE))
        state, _ = fall_back(state, uid, d, rep.opponents.get(uid, ()), True, lines, dice)
        state = disorder(state, uid, Cause.DRAWN_FALLBACK, lines)
    return state


def _winners_move(
    state: State, rep: RoundReport, win: str, vecs: dict[str, Vec], bout: Bout, dice: DiceSource, lines: list[str]
) -> tuple[State, list[str]]:
    """Each winning unit tests; it pursues the loser it fought (most contact: lowest id) or, if
    every opponent is destroyed, advances [WC.PURSUIT.13] [WC.ADVANCE.6]; returns the units that
    made contact."""
    world = World(state)
    moved: list[str] = []
    for uid in rep.fought.get(win, ()):
        unit = state.unit(uid)
        if not unit.on_table:
            continue
        opps = rep.opponents.get(uid, ())
        op = [Opponent(world.category(state.unit(o)), not state.unit(o).on_table) for o in opps]
        cat = world.category(unit)
        if not may_test(
            cat,
            fortified=_fortified(world, unit, opps),
            routed=not may_pursue(unit),
            artillery_or_wagon=cat in (Category.ARTILLERY, Category.WAR_WAGON)
            or world.profile(unit).type is TroopType.WAR_WAGON,
            opponents=op,
        ):
            continue
        if World(state).in_contact_with_enemy(state.unit(uid)):
            continue  # [WC.ADVANCE.6] still touching an enemy
        if not pursuit_test(state, uid, bout, dice, lines):
            continue
        bout.pursuits[uid] = bout.pursuits.get(uid, 0) + 1
        alive = [o for o in opps if state.unit(o).on_table]
        if alive:
            loser = alive[0]
            state, hit = pursue(state, uid, loser, vecs.get(loser, (0.0, 0.0)), lines, dice)
            bout.pursuing[uid] = loser
        else:
            state, hit = advance(state, uid, dice, lines, opps)
            bout.pursuing[uid] = ""
        if hit:
            moved.append(uid)
            if not unit.formation.regular:
                bout.limits[uid] = irregular_contact_limit(bout.contacts_last.get(uid, 0))
    return state, moved


def _after_round(
    state: State, rep: RoundReport, bout: Bout, dice: DiceSource, lines: list[str]
) -> tuple[State, list[str]]:
    """Result, flags, fallback and pursuit [WC.MELEE.17] step 9 [WC.MELEE.29]."""
    sides = sorted(rep.totals)
    a, b = sides[0], sides[1]
    out = result(rep.totals[a], rep.totals[b])
    for side_units in rep.fought.values():
        for uid in side_units:
            state = state.with_unit(replace(state.unit(uid), fought_melee=True))
    if out is Outcome.DRAW:
        return _draw(state, rep, bout, dice, lines), []
    win, lose = (a, b) if out is Outcome.FIRST else (b, a)
    lines.append(f"{state.side(win).name} win the round {rep.totals[win]} to {rep.totals[lose]}.")
    losers = [u for u in rep.fought.get(lose, ()) if state.unit(u).on_table]
    each = fallback_each(rep.totals[win], rep.totals[lose], len(losers))
    vecs: dict[str, Vec] = {}
    for uid in rep.fought.get(lose, ()):
        state = state.with_unit(replace(state.unit(uid), lost_melee=True))
    for uid in losers:
        opp = rep.opponents.get(uid, ())
        state, vecs[uid] = fall_back(state, uid, each, opp, lose == bout.attacker, lines, dice)
    return _winners_move(state, rep, win, vecs, bout, dice, lines)


def fight_combat(state: State, ids: tuple[str, ...], dice: DiceSource, lines: list[str]) -> State:
    """A whole combat: rounds until no pursuit or advance makes contact [WC.MELEE.17] step 10
    [WC.PURSUIT.12]; the attacker is the side that charged, else the phasing side [WC.CHARGE.20]
    [WC.MELEE.27]."""
    chargers = [state.unit(u) for u in ids if state.unit(u).charged]
    attacker = chargers[0].side if chargers else state.active
    bout = Bout(attacker)
    names = ", ".join(f"{state.unit(u).id} ({state.unit(u).name})" for u in ids)
    lines.append(f"Melee: {names}.")
    for _ in range(MAX_ROUNDS):
        state, rep = fight_round(state, ids, bout, dice, lines)
        if len(rep.totals) < 2 or not any(rep.fought.values()):
            break
        state, moved = _after_round(state, rep, bout, dice, lines)
        if not moved:
            break
        bout.first_round = False
        comps = [c for c in build_combats(state) if set(c) & set(moved)]
        if not comps:
            break
        ids = tuple(sorted({u for c in comps for u in c}))
    return state


def melee_phase(state: State, dice: DiceSource, lines: list[str]) -> State:
    """The Melee Combat Phase: every combat in order, then the end of the phase [WC.MELEE.28]
    [WC.SEQ.6] [WC.REFORM.4]."""
    state = replace(state, units=tuple(replace(u, fought_melee=False, lost_melee=False) for u in state.units))
    combats = build_combats(state)
    if not combats:
        lines.append("No melee this turn.")
    for ids in combats:
        state = fight_combat(state, ids, dice, lines)
    return end_of_melee(state, lines)


def end_of_melee(state: State, lines: list[str]) -> State:
    """Drop the pools; reform (phasing side first) by standing order ``reform face_threat``
    (default: no reform); then every cavalry unit that fought is disordered; the non-phasing units
    that fought take a combat chit; charge flags are cleared [WC.REFORM.1] [WC.REFORM.4]
    [WC.REFORM.5] [WC.REFORM.6] [WC.PD.30] [WC.DISORDER.5] [WC.REACT.3]."""
    state = replace(state, units=tuple(replace(u, hits=0) for u in state.units))
    order = [state.active, state.other(state.active)]
    for side in order:
        for u in sorted(state.units, key=lambda u: u.id):
            if (
                u.side == side
                and u.on_table
                and u.fought_melee
                and standing(state, side, "reform", u.id) == "face_threat"
            ):
                state, line = face_threat(state, state.unit(u.id))
                if line:
                    lines.append(line)
    fought = [u.id for u in state.units if u.on_table and u.fought_melee]
    state = cavalry_fought(state, fought, lines)
    for uid in fought:
        if state.unit(uid).side != state.active:
            state = give_chit(state, uid, "combat", lines)
    return replace(
        state, units=tuple(replace(u, charged="", contact_edge="", flank_charged=False) for u in state.units)
    )
