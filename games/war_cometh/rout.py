"""Routed units: routing, what a routed unit may not do, rallying, and the 3D6 flee toward the
baseline [WC.ROUT].

Public functions other rules call:

* :func:`rout` — a unit routs (a Broken result, or any rule that routs it) [WC.ROUT.1];
* :func:`flee` — a routed unit flees 3D6 cm (or a given distance) toward its baseline [WC.ROUT.4];
* :func:`flee_unordered` — every routed unit of a side given no order flees, ascending id [WC.PD.20];
* :func:`rallied` — the state a rallied unit is in [WC.ROUT.2] [WC.ROUT.2a];
* :func:`may_shoot`, :func:`may_start_melee`, :func:`may_pursue`, :data:`ROUTED_ATTACK_MOD` [WC.ROUT.3].
"""

from __future__ import annotations

from dataclasses import replace

from campaign.ruleset import DiceSource
from campaign.table import Obstacle, ObstacleKind, rotate_group, toward_baseline
from campaign.table.frame import angle_of, q_cm

from .disorder import Cause, disorder
from .model import Condition, State, Trace, Unit
from .world import World

__all__ = [
    "FLEE_DICE",
    "ROUTED_ATTACK_MOD",
    "ROUTED_COMMAND_MOD",
    "flee",
    "flee_unordered",
    "may_pursue",
    "may_shoot",
    "may_start_melee",
    "rallied",
    "rout",
]

FLEE_DICE = 3
"""A routed unit flees 3D6 cm toward its baseline [WC.ROUT.4]."""
ROUTED_COMMAND_MOD = -2
"""Routed units on the Command Table [WC.ROUT.3] [WC.CMD.9]."""
ROUTED_ATTACK_MOD = -2
"""Attacks per stand for a routed unit in melee [WC.ROUT.3]."""


def rout(state: State, uid: str, narrative: list[str] | None = None, why: str = "a Broken result") -> State:
    """The unit routs [WC.ROUT.1]: marked routed (a red marker [WC.DISORDER.13]); a routed unit
    fires no Hold Fire shot [WC.ROUT.3] so its marker goes."""
    unit = state.unit(uid)
    if unit.condition is Condition.ROUTED:
        return state
    if narrative is not None:
        narrative.append(f"Unit {uid} routs ({why}).")
    return state.with_unit(replace(unit, condition=Condition.ROUTED, hold_fire=False))


def rallied(condition: Condition) -> Condition:
    """After a rally result (the results that remove disorder, rolled with the routed −2
    [WC.ROUT.2]): a routed unit becomes disordered, a disordered one good [WC.ROUT.2a]."""
    return Condition.DISORDERED if condition is Condition.ROUTED else Condition.GOOD


def may_shoot(unit: Unit) -> bool:
    """Routed units never shoot [WC.ROUT.3] [WC.SHOOT.12]."""
    return unit.condition is not Condition.ROUTED


def may_start_melee(unit: Unit) -> bool:
    """Routed units may not start a melee (charge) [WC.ROUT.3]."""
    return unit.condition is not Condition.ROUTED


def may_pursue(unit: Unit) -> bool:
    """Routed units neither pursue nor take Pursuit Tests [WC.ROUT.3]."""
    return unit.condition is not Condition.ROUTED


def flee(state: State, unit: Unit, dice: DiceSource, narrative: list[str], distance: int | None = None) -> State:
    """A routed unit turns about to face its baseline and flees 3D6 cm (or ``distance``) toward it
    as a compulsory move, without changing formation [WC.ROUT.4] [WC.ROUT.5] [WC.GEOM.21]
    [WC.GEOM.23]; friends it passes are disordered (H skirmishers exempt) [WC.ROUT.6]
    [WC.THROUGH.8]; blocked by enemies it stops 2 cm short and nothing more happens [WC.ROUT.9];
    forced off the table it leaves the table (``rout_mode = flee``) [WC.ROUT.8]
    [WC.COMPULSORY.8]; at the end of the player-turn it goes to its camp and is placed there at
    the start of its owner's next turn [WC.CAMP.3] (:func:`games.war_cometh.camps.collect_off_table`).
    An attached leader who must leave is [WC.ROUT.7]'s
    (:func:`games.war_cometh.leaders.place_after_loss`)."""
    world = World(state)
    side_a = state.side(unit.side).player == "A"
    m = toward_baseline(side_a)  # what compulsory.move_direction gives a rout, whatever the unit's facing
    if distance is None:
        total = sum(dice.roll(6, f"rout: unit {unit.id} flees 3D6 toward its baseline") for _ in range(FLEE_DICE))
    else:
        total = distance
    rects = world.rects(unit)
    centre = (sum(r.cx for r in rects) / len(rects), sum(r.cy for r in rects) / len(rects))
    turned = rotate_group(rects, centre, angle_of(m) - unit.facing)
    from campaign.table import compulsory_translate

    obstacles = [Obstacle(e.id, ObstacleKind.ENEMY, world.foot(e)) for e in world.enemies(unit.side)]
    obstacles += [Obstacle(f.id, ObstacleKind.FRIEND, world.foot(f)) for f in world.friends(unit.side, unit.id)]
    obstacles += [Obstacle(f"terrain{i}", ObstacleKind.BARRED, g) for i, g in enumerate(world.barred(unit))]
    t = compulsory_translate(turned, m, float(total), obstacles, world.table)
    moved = tuple(r.moved(m[0] * t.moved, m[1] * t.moved) for r in turned)
    for key in t.passed_through:
        if not (state.variant == "historical" and world.profile(state.unit(key)).skirmisher):
            state = disorder(state, key, Cause.ROUTED_THROUGH, narrative)
    if t.off_table:
        narrative.append(f"Unit {unit.id} flees {total} cm off the table.")
        return state.with_unit(replace(state.unit(unit.id), on_table=False, moved=True))
    stands = tuple(replace(s, pose=r.pose()) for s, r in zip(unit.stands, moved, strict=True))
    end = (centre[0] + m[0] * t.moved, centre[1] + m[1] * t.moved)
    pts = ((q_cm(centre[0]), q_cm(centre[1])), (q_cm(end[0]), q_cm(end[1])))
    trace = Trace(unit.id, unit.side, pts, compulsory=True)
    narrative.append(f"Unit {unit.id} flees {t.moved:.2f} cm of {total} toward its baseline.")
    state = state.with_unit(replace(state.unit(unit.id), stands=stands, moved=True))
    return replace(state, traces=(*state.traces, trace))


def flee_unordered(state: State, side: str, dice: DiceSource, narrative: list[str]) -> State:
    """After all orders, every routed unit of the phasing side that was given no order flees, in
    ascending unit id (the phasing player's default order) [WC.ROUT.4] [WC.PD.20]."""
    for uid in sorted(u.id for u in state.units if u.side == side):
        u = state.unit(uid)
        if u.on_table and u.condition is Condition.ROUTED and not u.orders_received:
            state = flee(state, u, dice, narrative)
    return state
