"""Reaction Chits: combat chits from shooting and melee, threat chits from enemy moves, artillery
close by and impetuous units' own urges [WC.REACT.2]–[WC.REACT.9]. Only these triggers are used,
not the sequence summary's "armor 4 or better" shorthand [WC.SEQ.9].

The threat test asks whether a unit could charge another right now [WC.REACT.7]: in its frontal
arc, within its full-pace reach, in sight, and allowed by the (H) charge restrictions
[WC.CHARGE.5]; and no zone of control of the threatened side but the target's own may stand
in the way of the charge [WC.ZOC.8] [WC.ZOC.5] [WC.ZOC.6]. TODO(WC.REACT.7): terrain along the
charge path is not checked here (the charge code's full legality test).
"""

from __future__ import annotations

from dataclasses import replace

from campaign.table import Zone, in_frontal_arc, zone_of
from campaign.table.sight import SightQuery, visible

from .model import Condition, State, Unit
from .troops import Category, Quality, full_pace_cm, majority_quality
from .world import World

__all__ = [
    "could_charge",
    "give_chit",
    "in_flank_or_rear",
    "is_threat",
    "start_of_turn_chits",
    "threat_chits",
]

INFANTRY_VS_CAVALRY_CM = 10.0
"""(H) Infantry may charge cavalry or chariots only from within 10 cm [WC.CHARGE.5]."""
ARTILLERY_CHIT_CM = 10.0
"""Units within 10 cm of enemy artillery, in its fire arc, test [WC.REACT.5]."""


def reaction_tests_on(state: State) -> bool:
    """The optional rule's flag, on unless the game or scenario turns it off [WC.REACT.1]."""
    return state.option("opt_reaction_tests", "true") != "false"


def give_chit(state: State, uid: str, kind: str, narrative: list[str] | None = None) -> State:
    """Give a unit a ``combat`` or ``threat`` chit [WC.REACT.2]; skirmishers and light cavalry
    take only combat chits [WC.REACT.9]; none at all with reaction tests off [WC.REACT.1]."""
    unit = state.unit(uid)
    if not reaction_tests_on(state) or kind in unit.chits or not unit.on_table:
        return state
    p = World(state).profile(unit)
    if kind == "threat" and (p.light_cavalry or (state.variant == "historical" and p.skirmisher)):
        return state
    if narrative is not None:
        narrative.append(f"Unit {uid} ({unit.name}) receives a {kind} Reaction Chit.")
    return state.with_unit(replace(unit, chits=(*unit.chits, kind)))


def in_flank_or_rear(world: World, attacker: Unit, target: Unit) -> bool:
    """The attacker's centre is in the target's flank or rear zone [WC.FLANK.3] [WC.REACT.12]."""
    return zone_of(world.bound(target), world.bound(attacker).centre) in (Zone.LEFT, Zone.RIGHT, Zone.REAR)


def _restricted(world: World, attacker: Unit, target: Unit, distance: float) -> bool:
    """(H) The charge restrictions [WC.CHARGE.5], judged on present states and positions
    [WC.REACT.7]."""
    if world.state.variant != "historical":
        return False
    a, t = world.profile(attacker), world.profile(target)
    weak = target.condition is not Condition.GOOD or in_flank_or_rear(world, attacker, target)
    a_cat, t_cat = world.category(attacker), world.category(target)
    missile_inf = a_cat is Category.INFANTRY and a.missile_armed and a.type.value != "warband"
    t_missile_inf = t_cat is Category.INFANTRY and t.missile_armed
    if missile_inf and not (weak or t_missile_inf or t.skirmisher):
        return True
    if a.light_cavalry and not (weak or t.light_cavalry or t.skirmisher or t_missile_inf):
        return True
    return (
        a_cat is Category.INFANTRY
        and t_cat in (Category.CAVALRY, Category.CHARIOTS)
        and distance > INFANTRY_VS_CAVALRY_CM + 1e-6
    )


def could_charge(world: World, attacker: Unit, target: Unit, *, restrictions: bool = True) -> bool:
    """Could ``attacker`` charge ``target`` in one move from where it stands [WC.REACT.7]: on the
    table, not routed nor in contact, in a regular formation (irregular ones cannot charge
    [WC.REACT.17]), not artillery, the target in its frontal arc, within its full pace, in sight,
    and (H) allowed by [WC.CHARGE.5]."""
    if not (attacker.on_table and target.on_table) or attacker.condition is Condition.ROUTED:
        return False
    cat = world.category(attacker)
    if cat in (Category.ARTILLERY, Category.WAR_WAGON) or not attacker.formation.regular:
        return False
    if world.in_contact_with_enemy(attacker):
        return False
    tfoot = world.foot(target)
    d = world.foot(attacker).distance(tfoot)
    if d > full_pace_cm(cat) + 1e-6 or not in_frontal_arc(world.bound(attacker), tfoot):
        return False
    if restrictions and _restricted(world, attacker, target, d):
        return False
    from .fire import _ground

    q = SightQuery(
        observer=world.rects(attacker),
        target=world.rects(target),
        target_facing=target.facing if target.formation.regular else None,
        cavalry=cat is Category.CAVALRY,
    )
    return visible(q, _ground(world, attacker, target)) and not zoc_stops(world, attacker, target)


def zoc_stops(world: World, attacker: Unit, target: Unit) -> bool:
    """Friendly zones of control make a threat invalid [WC.ZOC.8] [WC.REACT.7]: the attacker
    stands in the ZOC of another unit of the threatened side, or its approach to the target
    crosses such a ZOC outside the target's own (the charge's ZOC test, [WC.ZOC.5] [WC.ZOC.6])."""
    from campaign.table import Edge, swept_group
    from campaign.table.align import approach_vector
    from campaign.table.frame import EPS, length

    from .charges import edge_struck, zoc_problem

    _, seg = edge_struck(world, attacker, target)
    v = approach_vector(world.bound(attacker).edge(Edge.FRONT), seg)
    lane = swept_group(world.rects(attacker), v) if length(v) > EPS else world.foot(attacker)
    return zoc_problem(world, attacker, target, lane) is not None


def is_threat(world: World, unit: Unit) -> bool:
    """A threat by armor: infantry armor 4 or better, cavalry 5 or better, or a monster
    [WC.REACT.4]."""
    armor = world.profile(unit).armor
    cat = world.category(unit)
    if cat is Category.MONSTERS:
        return True
    limit = {Category.INFANTRY: 4, Category.CAVALRY: 5}.get(cat, 0)
    return 1 <= armor <= limit


def _levy_threat(world: World, unit: Unit) -> bool:
    """(OPT,H) Levy also fear infantry armor 5+ and cavalry armor 6+ [WC.REACT.6]."""
    armor = world.profile(unit).armor
    limit = {Category.INFANTRY: 5, Category.CAVALRY: 6}.get(world.category(unit), 0)
    return 1 <= armor <= limit


def _levy(world: World, unit: Unit) -> bool:
    return majority_quality([world.profiles[s.profile].quality for s in unit.stands]) is Quality.LEVY


def threat_chits(before: State, after: State, side: str, narrative: list[str]) -> State:
    """End of the phasing player's Movement Phase [WC.SEQ.5] step 3 [WC.REACT.4] [WC.REACT.6]
    [WC.REACT.7]: each of his units that moved, is not in contact and is a threat gives a chit to
    every enemy now newly inside its charge reach; any non-skirmisher that moved and now stands in
    an enemy's flank or rear, able to charge it there, gives that enemy a chit."""
    w0, w1 = World(before), World(after)
    opt_levy = after.option("opt_levy_threat_tests", "false") == "true" and after.variant == "historical"
    state = after
    voluntary = {t.unit for t in after.traces if not t.compulsory and not t.shot}
    for u in sorted((x for x in w1.on_table() if x.side == side and x.moved), key=lambda x: x.id):
        if w1.in_contact_with_enemy(u):
            continue
        for e in sorted(w1.enemies(side), key=lambda x: x.id):
            threat = u.id in voluntary and (is_threat(w1, u) or (opt_levy and _levy(w1, e) and _levy_threat(w1, u)))
            new = threat and could_charge(w1, u, e) and not _could_before(w0, u.id, e.id)
            flank = not w1.profile(u).skirmisher and in_flank_or_rear(w1, u, e) and could_charge(w1, u, e)
            if new or flank:
                state = give_chit(state, e.id, "threat", narrative)
    return state


def _could_before(w0: World, uid: str, eid: str) -> bool:
    try:
        return could_charge(w0, w0.state.unit(uid), w0.state.unit(eid))
    except StopIteration:
        return False


def start_of_turn_chits(state: State, narrative: list[str]) -> State:
    """Start of the phasing player's turn [WC.SEQ.2] step 5: a unit within 10 cm of an enemy
    artillery unit and in its fire arc [WC.REACT.5] (war wagons are not artillery here
    [WC.WAGON.6]); an impetuous unit with a non-fortified, non-skirmish enemy in its frontal arc
    and charge reach [WC.REACT.8]."""
    from .defence import Cover
    from .fire import cavalry_attacker, cover, plan_shot

    world = World(state)
    side = state.active
    for u in sorted((x for x in world.on_table() if x.side == side), key=lambda x: x.id):
        foot = world.foot(u)
        for e in sorted(world.enemies(side), key=lambda x: x.id):
            if world.category(e) is not Category.ARTILLERY or foot.distance(world.foot(e)) > ARTILLERY_CHIT_CM + 1e-6:
                continue
            if plan_shot(world, e, u).ok:
                state = give_chit(state, u.id, "threat", narrative)
        p = world.profile(u)
        if not p.impetuous or u.dismounted:
            continue
        for e in sorted(world.enemies(side), key=lambda x: x.id):
            skirm = world.profile(e).skirmisher
            near = min(world.rects(u), key=lambda r: r.polygon().distance(world.foot(e)))
            mounted = cavalry_attacker(world, u)  # stakes count against cavalry [WC.FORT.11]
            fortified = cover(world, e, near, melee=True, attacker_cavalry=mounted) is Cover.FORTIFIED
            if not skirm and not fortified and could_charge(world, u, e, restrictions=False):
                state = give_chit(state, u.id, "threat", narrative)
    return state
