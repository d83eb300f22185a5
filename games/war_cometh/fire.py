"""Who may shoot at whom on the table: each firing stand's rank, arc, sight line and range to a
target, the modifiers that follow from the position, and the reason a shot is refused
[WC.SHOOT.6]–[WC.SHOOT.12] [WC.SHOOT.14] [WC.SHOOT.18] [WC.SHOOT.23].

:func:`plan_shot` answers for one shooter and one target with a :class:`ShotPlan`: the stands that
may fire and how, or the exact reason none may (range, arc, line of sight, contact, rout).
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry.base import BaseGeometry

from campaign.table import Edge, Rect, front_rank_indices, in_contact
from campaign.table.rect import frontal_arc
from campaign.table.sight import Blocker, Ground, SightQuery, visible
from campaign.table.terrain import stand_level, unit_level

from .defence import Cover, Defence, defence, planted_stakes
from .model import AreaKind, Condition, Formation, LineKind, Unit
from .shooting import Band, ShotMods, all_round, range_band, rank_may_shoot, shot_drm, stand_dice, weapon_ranges
from .troops import Category, MeleeWeapon, Profile
from .world import POOR, World

__all__ = ["ShotPlan", "StandShot", "cavalry_attacker", "cover", "plan_shot", "shot_mods", "stand_ranks"]


@dataclass(frozen=True, slots=True)
class StandShot:
    """One stand's part in a shot."""

    index: int
    """The stand's index in its unit."""
    effect: str
    """``full`` or ``half`` [WC.SHOOT.10]."""
    band: Band
    distance: float
    """cm, to the part of the target in its arc [WC.SHOOT.18]."""
    dice: int
    drm: int


@dataclass(frozen=True, slots=True)
class ShotPlan:
    """Which stands of ``shooter`` may fire at ``target``, or why none may."""

    shooter: str
    target: str
    stands: tuple[StandShot, ...]
    problem: str = ""
    rule: str = ""
    distance: float = 0.0
    """Footprint to footprint, cm [WC.TARGET.4]."""

    @property
    def ok(self) -> bool:
        """At least one stand may fire."""
        return bool(self.stands)


def stand_ranks(world: World, unit: Unit) -> tuple[int, ...]:
    """Each stand's rank (1 = front): the grid row in a regular formation [WC.FORM.2]; in an
    irregular one the stands whose front edge is free are rank 1 [WC.GEOM.9] (hedgehog stands
    each fire to their own front [WC.SHOOT.6])."""
    if unit.formation.regular:
        files = max(unit.files, 1)
        return tuple(i // files + 1 for i in range(len(unit.stands)))
    rects = world.rects(unit)
    front = set(front_rank_indices(rects))
    if unit.formation is Formation.HEDGEHOG:
        front = set(range(len(rects)))
    return tuple(1 if i in front else 2 for i in range(len(rects)))


def _ground(world: World, shooter: Unit, target: Unit) -> Ground:
    others = tuple(
        Blocker(r, low=world.profiles[u.stands[i].profile].category in (Category.INFANTRY, Category.ARTILLERY))
        for u in world.on_table()
        if u.id not in (shooter.id, target.id)
        for i, r in enumerate(world.rects(u))
    )
    return Ground(
        hills=world.hills,
        woods=world.areas(AreaKind.WOODS, AreaKind.DENSE),
        solid=world.areas(AreaKind.IMPASSABLE, AreaKind.BUILDING),
        stands=others,
    )


def _in_open(world: World, unit: Unit) -> bool:
    """No stand has any part of its front edge in poor or dense terrain [WC.SHOOT.11]."""
    rough = world.areas(*POOR, AreaKind.DENSE)
    return not any(g.intersects(r.edge_line(Edge.FRONT)) for r in world.rects(unit) for g in rough)


def _levels(world: World, unit: Unit) -> int:
    rects = world.rects(unit)
    front = [rects[i] for i, k in enumerate(stand_ranks(world, unit)) if k == 1] or list(rects)
    return unit_level(world.hills, front)


def cover(world: World, target: Unit, attacker: Rect, *, melee: bool = False, attacker_cavalry: bool = False) -> Cover:
    """The target's cover against one firing stand [WC.FORT.1] [WC.FORT.12] [WC.SHOOT.14];
    ``attacker_cavalry``: the firing stand is mounted, so stakes count [WC.FORT.11] [WC.SPECIAL.6]."""
    rects = world.rects(target)
    front = tuple(rects[i] for i, k in enumerate(stand_ranks(world, target)) if k == 1) or rects
    p = world.profile(target)
    return defence(
        Defence(
            front_rank=front,
            levels=tuple(stand_level(world.hills, r) for r in front),
            attacker_level=stand_level(world.hills, attacker),
            attacker_point=attacker.front_mid(),
            bound=world.bound(target),
            melee=melee,
            cavalry_defender=p.category is Category.CAVALRY,
            attacker_cavalry=attacker_cavalry,
            skirmishers=p.skirmisher,
            shieldwall=target.shieldwall,  # [WC.FORT.10] [WC.SPECIAL.4]: defended against shooting too
            obstacles=world.lines(LineKind.OBSTACLE, LineKind.STREAM, LineKind.PELSTREAM),
            stakes=world.lines(LineKind.STAKES) + (planted_stakes(front) if target.stakes else ()),
            woods=world.areas(AreaKind.WOODS, AreaKind.DENSE),
            marsh=world.areas(AreaKind.MARSH),
            fortifications=world.areas(AreaKind.FORTIFICATION),
        )
    )


def cavalry_attacker(world: World, attacker: Unit) -> bool:
    """The attacker is cavalry, so archers' stakes count against it, in shooting as in melee
    [WC.FORT.11] [WC.SPECIAL.6] (ENGINE: "across the stakes" covers shooting at the staked front edges)."""
    return world.profile(attacker).type.is_cavalry


def shot_mods(world: World, shooter: Unit, target: Unit, rect: Rect, band: Band) -> ShotMods:
    """The named shooting modifiers of one firing stand (``rect``) at ``target`` [WC.SHOOT.14]:
    the hook for special troops, which may wrap it and add to ``ShotMods.extra``."""
    tp = world.profile(target)
    c = cover(world, target, rect, attacker_cavalry=cavalry_attacker(world, shooter))
    return ShotMods(
        vs_hedgehog_or_pike=target.formation is Formation.HEDGEHOG or tp.melee_weapon is MeleeWeapon.PIKES,
        long_range=band is Band.LONG,
        disordered_shooter=shooter.condition is Condition.DISORDERED,
        target_fortified=c is Cover.FORTIFIED,
        target_defended=c is Cover.DEFENDED,
        vs_skirmishers=tp.skirmisher,
    )


def _reach(rect: Rect, around: bool) -> BaseGeometry:
    return rect.polygon() if around else rect.edge_line(Edge.FRONT)


def plan_shot(world: World, shooter: Unit, target: Unit, *, charger: str = "", own: bool = False) -> ShotPlan:
    """The stands of ``shooter`` that may fire at ``target`` and how [WC.SHOOT.9]: not routed
    [WC.SHOOT.12]; the stand not touching an enemy [WC.SHOOT.23]. ``charger``: charge fire at that
    charging unit, which may be in contact with the charged unit [WC.SHOOT.28]; with ``own`` the
    charged unit's own stands may fire at a charger they touch (second book check item 2), while
    a neighbour's stand touching it may not [WC.SHOOT.27]. The stand must be in a rank that may
    shoot [WC.SHOOT.10]; the target in its arc [WC.SHOOT.6] (over other units while it can see
    it [WC.SHOOT.7]); visible [WC.GEOM.18]; in range, measured from its front edge (perimeter if
    it fires all round) to the part of the target in its arc [WC.SHOOT.18]."""
    p = world.profile(shooter)
    dist = world.foot(shooter).distance(world.foot(target))
    fail = _unit_problem(world, shooter, target, p, charger)
    if fail:
        return ShotPlan(shooter.id, target.id, (), fail[1], fail[0], dist)
    fantasy = world.state.variant == "fantasy"
    eff, top = weapon_ranges(p, fantasy=fantasy, in_woods=world.in_woods(shooter))
    around = all_round(p, historical=not fantasy)
    hillside = _levels(world, shooter) > _levels(world, target)
    in_open = _in_open(world, shooter)
    ranks = stand_ranks(world, shooter)
    tfoot = world.foot(target)
    enemies = [world.foot(e) for e in world.enemies(shooter.side) if not (own and e.id == charger)]
    out: list[StandShot] = []
    why: set[str] = set()
    far: list[float] = []
    ground = None
    for i, rect in enumerate(world.rects(shooter)):
        effect = rank_may_shoot(ranks[i], p.missile, in_open=in_open, hillside=hillside)
        if effect == "no":
            continue
        if any(in_contact(rect.polygon(), e) for e in enemies):
            why.add("contact")
            continue
        part = tfoot if around else tfoot.intersection(frontal_arc(rect))
        if part.is_empty:
            why.add("arc")
            continue
        d = _reach(rect, around).distance(part)
        band = range_band(d, eff, top)
        if band is None:
            why.add("range")
            far.append(d)
            continue
        ground = ground or _ground(world, shooter, target)
        q = SightQuery(
            observer=(rect,),
            target=world.rects(target),
            target_facing=target.facing if target.formation.regular else None,
            all_round=around,
            cavalry=p.category is Category.CAVALRY,
            observer_footprint=world.rects(shooter),
        )
        if not visible(q, ground):
            why.add("sight")
            continue
        drm = shot_drm(shot_mods(world, shooter, target, rect, band), fantasy=fantasy)
        out.append(StandShot(i, effect, band, d, stand_dice(world.profiles[shooter.stands[i].profile]), drm))
    if out:
        return ShotPlan(shooter.id, target.id, tuple(out), distance=dist)
    rule, text = _why(why, far, top, target)
    return ShotPlan(shooter.id, target.id, (), text, rule, dist)


def _unit_problem(world: World, shooter: Unit, target: Unit, p: Profile, charger: str) -> tuple[str, str] | None:
    if shooter.condition is Condition.ROUTED:
        return ("WC.SHOOT.12", f"unit {shooter.id} is routed: routed units never shoot")
    if not p.missile_armed:
        return ("WC.SHOOT.9", f"unit {shooter.id} has no missile weapon")
    if target.side == shooter.side:
        return ("WC.SHOOT.9", f"unit {target.id} is a friendly unit")
    if not (shooter.on_table and target.on_table):
        return ("WC.SHOOT.9", f"unit {target.id} is not on the table")
    if not charger and world.in_contact_with_enemy(target):
        return ("WC.SHOOT.23", f"unit {target.id} is in contact with an enemy and may not be shot at")
    return None


def _why(why: set[str], far: list[float], top: int, target: Unit) -> tuple[str, str]:
    """The reason no stand may fire, most telling first (``why``: the reasons stands were refused,
    beyond their rank; ``far``: the distances of the stands out of range)."""
    t = f"unit {target.id}"
    if "sight" in why:
        return ("WC.GEOM.18", f"no line of sight to {t}")
    if "range" in why:
        return ("WC.SHOOT.18", f"{t} is out of range: {min(far):.1f} cm, maximum {top} cm")
    if "arc" in why:
        return ("WC.SHOOT.6", f"{t} is outside the firing arc of every stand")
    if "contact" in why:
        return ("WC.SHOOT.23", "every stand that could fire is in contact with an enemy")
    return ("WC.SHOOT.10", "no stand is in a rank that may shoot")
