"""Target selection: the nearest enemy a unit may legally shoot, artillery's choice of a class,
ignoring skirmishers, stands that pick their own targets [WC.TARGET.1]–[WC.TARGET.6].
"""

from __future__ import annotations

from collections.abc import Collection

from .fire import ShotPlan, plan_shot
from .model import Unit
from .shooting import stands_pick_targets
from .troops import Category
from .world import World

__all__ = ["TARGET_CLASSES", "candidates", "check_target", "nearest_target", "stand_targets", "target_class"]

TIE_CM = 1e-6
"""Two candidates this close in distance are tied: the shooter chooses [WC.TARGET.4]."""
TARGET_CLASSES = ("infantry", "cavalry", "artillery", "chariots", "monsters", "war_wagon", "flyers")
"""The classes artillery may choose among [WC.TARGET.1]."""


def target_class(world: World, unit: Unit) -> str:
    """A unit's target class for artillery: its category [WC.TARGET.1]."""
    return world.category(unit).value


def candidates(
    world: World, shooter: Unit, *, closed: Collection[str] = (), ignore_skirmishers: bool = False, klass: str = ""
) -> list[ShotPlan]:
    """Every enemy unit at least one stand of ``shooter`` may legally shoot, nearest first
    (footprint to footprint, ties by id) [WC.TARGET.4]; closed or fallen-back targets are not
    legal [WC.FALLBACK.10]; (H) skirmishers may be passed over [WC.TARGET.3]; artillery keeps to
    its chosen class [WC.TARGET.1]."""
    out = []
    for e in world.enemies(shooter.side):
        if e.id in closed:
            continue
        if ignore_skirmishers and world.state.variant == "historical" and world.profile(e).skirmisher:
            continue
        if klass and target_class(world, e) != klass:
            continue
        plan = plan_shot(world, shooter, e)
        if plan.ok:
            out.append(plan)
    return sorted(out, key=lambda p: (p.distance, p.target))


def nearest_target(
    world: World, shooter: Unit, *, closed: Collection[str] = (), ignore_skirmishers: bool = False, klass: str = ""
) -> ShotPlan | None:
    """The target a unit must shoot at: the nearest it may legally shoot [WC.TARGET.2]; artillery
    the nearest of its chosen class, by default the class of the nearest eligible enemy
    [WC.TARGET.1] [WC.PD.13]; ties to the lowest id [WC.TARGET.4]."""
    if klass and world.category(shooter) is not Category.ARTILLERY:
        klass = ""
    found = candidates(world, shooter, closed=closed, ignore_skirmishers=ignore_skirmishers, klass=klass)
    return found[0] if found else None


def check_target(
    world: World,
    shooter: Unit,
    target: Unit,
    *,
    closed: Collection[str] = (),
    ignore_skirmishers: bool = False,
    klass: str = "",
) -> ShotPlan:
    """A named target checked: legal to shoot [WC.SHOOT.9], not closed [WC.FALLBACK.10], and the
    nearest legal one or tied with it [WC.TARGET.2] [WC.TARGET.4] [WC.TARGET.6]; the plan's
    ``problem`` says why not."""
    if target.id in closed:
        return ShotPlan(shooter.id, target.id, (), f"unit {target.id} has already fallen back", "WC.FALLBACK.10")
    plan = plan_shot(world, shooter, target)
    if not plan.ok:
        return plan
    near = nearest_target(world, shooter, closed=closed, ignore_skirmishers=ignore_skirmishers, klass=klass)
    if near is not None and near.distance < plan.distance - TIE_CM:
        rule = "WC.TARGET.1" if klass else "WC.TARGET.2"
        text = f"unit {near.target} is nearer ({near.distance:.1f} cm against {plan.distance:.1f} cm): shoot at it"
        return ShotPlan(shooter.id, target.id, (), text, rule, plan.distance)
    return plan


def stand_targets(
    world: World, shooter: Unit, *, closed: Collection[str] = (), ignore_skirmishers: bool = False
) -> list[ShotPlan]:
    """Skirmishers, horse archers and hedgehogs: each stand shoots at the nearest target it may
    shoot from its own position [WC.SHOOT.8] [WC.TARGET.5]; one plan per target, its stands only
    (ties: the lowest id). Other units: the one nearest target."""
    if not stands_pick_targets(world.profile(shooter), shooter.formation):
        near = nearest_target(world, shooter, closed=closed, ignore_skirmishers=ignore_skirmishers)
        return [near] if near else []
    plans = candidates(world, shooter, closed=closed, ignore_skirmishers=ignore_skirmishers)
    best: dict[int, tuple[float, str]] = {}
    for plan in plans:
        for s in plan.stands:
            key = (s.distance, plan.target)
            if s.index not in best or key < best[s.index]:
                best[s.index] = key
    out = []
    for plan in plans:
        mine = tuple(s for s in plan.stands if best[s.index][1] == plan.target)
        if mine:
            out.append(ShotPlan(plan.shooter, plan.target, mine, distance=plan.distance))
    return out
