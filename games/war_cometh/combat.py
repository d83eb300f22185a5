"""The Melee Combat Phase on the table: building combats, one round (fighting stands, support,
dice, hits, saves, casualties, totals, the result), and the loop of rounds that pursuits and
advances start [WC.MELEE.1]–[WC.MELEE.29] [WC.HEDGEHOG] [WC.SUPPORT] [WC.CASUALTY].

Pure: the state in, the state and narrative lines out; dice through :class:`DiceSource`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from campaign.ruleset import DiceSource
from campaign.table import Edge, Rect, Zone, contacted_edge, in_contact, zone_of
from campaign.table.frame import dot, norm_angle, sub

from .casualties import Candidate, remove_from_pool
from .defence import Cover, Defence, defence, planted_stakes
from .fire import stand_ranks
from .flanks import has_flanks
from .leaders import attack_bonus, place_after_loss, wounded
from .melee import PikeFront, StandCase, UnitCase, dice_count, hit, need, side_total
from .model import AreaKind, Condition, Formation, LineKind, Stand, State, Unit
from .ratings import levy_terrified_of_cavalry, saved
from .support import Backer, behind_overlap, match_support, may_support
from .troops import Category, TroopType, majority_quality
from .weapons import rating_of, superior, table_for
from .world import World

__all__ = ["Bout", "RoundReport", "build_combats", "fight_round"]

MAX_ROUNDS = 8
"""A safety bound on pursuit rounds in one combat."""


@dataclass(frozen=True, slots=True)
class Touch:
    """One stand of a unit touching one enemy stand [WC.MELEE.1]."""

    unit: str
    stand: int
    enemy: str
    enemy_stand: int
    edge: Edge
    """The edge of this stand the enemy touches."""
    corner: bool = False
    """Only corners touch."""
    length: float = 0.0
    """Length of the shared edge (cm), for choosing where hits go [WC.PD.24]."""


@dataclass(slots=True)
class Bout:
    """The running context of one combat: attacker side, round number, pursuit flags."""

    attacker: str
    first_round: bool = True
    pursuing: dict[str, str] = field(default_factory=dict)
    """Pursuer or advancer id -> the id of the unit it beat ("" for an advance) [WC.MELEE.6]."""
    pursuits: dict[str, int] = field(default_factory=dict)
    """Pursuits and advances made per unit in this combat [WC.PURSUIT.5]."""
    contacts_last: dict[str, int] = field(default_factory=dict)
    """Stands each unit had in contact in the round just fought [WC.PURSUIT.9]."""
    limits: dict[str, int] = field(default_factory=dict)
    """Irregular-formation pursuers and advancers: the most stands that may fight [WC.PURSUIT.9]."""


@dataclass(frozen=True, slots=True)
class RoundReport:
    """What one round gave: totals by side, the units that fought, hits inflicted per unit."""

    totals: dict[str, int]
    fought: dict[str, tuple[str, ...]]
    """Side -> its units with a fighting stand."""
    opponents: dict[str, tuple[str, ...]]
    """Unit -> the enemy units it touched."""
    destroyed: tuple[str, ...]


def build_combats(state: State) -> list[tuple[str, ...]]:
    """Connected components of the graph of units touching enemy units, in ascending order of
    their lowest unit id [WC.MELEE.28] [WC.PD.23]."""
    world = World(state)
    units = sorted(world.on_table(), key=lambda u: u.id)
    feet = {u.id: world.foot(u) for u in units}
    edges: dict[str, set[str]] = {u.id: set() for u in units}
    for i, a in enumerate(units):
        for b in units[i + 1 :]:
            if a.side != b.side and in_contact(feet[a.id], feet[b.id]):
                edges[a.id].add(b.id)
                edges[b.id].add(a.id)
    seen: set[str] = set()
    out: list[tuple[str, ...]] = []
    for u in units:
        if u.id in seen or not edges[u.id]:
            continue
        comp, todo = set(), [u.id]
        while todo:
            x = todo.pop()
            if x in comp:
                continue
            comp.add(x)
            todo.extend(sorted(edges[x] - comp))
        seen |= comp
        out.append(tuple(sorted(comp)))
    return out


def _front_to_front(a: Rect, b: Rect) -> bool:
    """Stands whose fronts face each other (second book check, item 1)."""
    return abs(norm_angle(a.facing - b.facing)) > 90.0


def touches(world: World, ids: Sequence[str]) -> list[Touch]:
    """Every stand-to-stand contact between enemies among ``ids``; corners count [WC.MELEE.1]
    [WC.GEOM.12]. A corner touch between stands facing each other is frontal, never a flank
    (second book check, item 1)."""
    units = [world.state.unit(i) for i in ids if world.state.unit(i).on_table]
    rects = {u.id: world.rects(u) for u in units}
    out: list[Touch] = []
    for u in units:
        for v in units:
            if u.side == v.side:
                continue
            for i, a in enumerate(rects[u.id]):
                for j, b in enumerate(rects[v.id]):
                    if not in_contact(a.polygon(), b.polygon()):
                        continue
                    run = float(a.polygon().boundary.intersection(b.polygon().buffer(0.011)).length)
                    out.append(Touch(u.id, i, v.id, j, edge_between(a, b), _corner_only(a, b), run))
    return out


def edge_between(a: Rect, b: Rect) -> Edge:
    """The edge of ``a`` that ``b`` touches; a corner touch between stands facing each other is
    frontal (second book check, item 1) [WC.GEOM.12]."""
    edge = contacted_edge(a, b) or Edge.FRONT
    if edge is not Edge.FRONT and _front_to_front(a, b) and _corner_only(a, b):
        return Edge.FRONT
    return edge


def _corner_only(a: Rect, b: Rect) -> bool:
    return float(a.polygon().intersection(b.polygon().buffer(0.01)).area) < 0.01


def fighting(world: World, ts: Sequence[Touch]) -> list[Touch]:
    """Drop hedgehog stands that touch an enemy only at a corner and do not face it
    [WC.HEDGEHOG.1]."""
    out = []
    for t in ts:
        u = world.state.unit(t.unit)
        if u.formation is Formation.HEDGEHOG:
            a = world.rects(u)[t.stand]
            b = world.rects(world.state.unit(t.enemy))[t.enemy_stand]
            faces = t.edge is Edge.FRONT or zone_of(a, b.centre) is Zone.FRONT
            if not faces and _corner_only(a, b):
                continue
        out.append(t)
    return out


def second_rank_pikes(world: World, unit: Unit, front: set[int]) -> dict[int, int]:
    """Good-order pike second-rank stands directly behind a fighting pike stand also fight, with
    the contacts of the stand in front [WC.MELEE.2] [WC.PIKE.2] (hook for §39); stand -> front."""
    if unit.condition is not Condition.GOOD:
        return {}
    rects = world.rects(unit)
    profs = [world.profiles[s.profile] for s in unit.stands]
    fighters = [(str(i), rects[i]) for i in sorted(front) if profs[i].type is TroopType.PIKES]
    backers = [(str(i), rects[i]) for i in range(len(rects)) if i not in front and profs[i].type is TroopType.PIKES]
    return {int(s): int(f) for f, s in match_support(fighters, backers)}


def support_count(world: World, unit: Unit, stands: set[int], touched: dict[int, list[Touch]]) -> int:
    """Supporting stands for one unit's fighting stands, counted before casualties: friendly
    stands directly behind (this or another unit), each once; hedgehogs support all round
    [WC.SUPPORT.1]–[WC.SUPPORT.14] [WC.HEDGEHOG.2]."""
    hist = world.state.variant == "historical"
    rects = world.rects(unit)

    def backer(u: Unit, i: int) -> Backer:
        """A supporter: never a fighting stand (those are left out of the pool), and only the
        supported stand's flank and hedgehog are read by ``may_support``."""
        return Backer(world.profiles[u.stands[i].profile], u.condition is not Condition.GOOD)

    def fighter(i: int) -> Backer:
        flank = has_flanks(world, unit) and any(t.edge.is_flank_or_rear for t in touched[i])  # every fighter has them
        b = backer(unit, i)
        return replace(b, attacked_flank_or_rear=flank, hedgehog=unit.formation is Formation.HEDGEHOG)

    if unit.formation is Formation.HEDGEHOG:
        idle = [i for i in range(len(rects)) if i not in stands]
        return sum(may_support(backer(unit, i), fighter(min(stands)), historical=hist) for i in idle)
    pool: list[tuple[str, Rect, Unit, int]] = []
    for f in world.friends(unit.side):
        if f.id != unit.id and world.in_contact_with_enemy(f):
            continue
        for i, r in enumerate(world.rects(f)):
            if f.id == unit.id and i in stands:
                continue
            pool.append((f"{f.id}#{i}", r, f, i))
    fighters = [(str(i), rects[i]) for i in sorted(stands)]
    pairs = match_support(fighters, [(k, r) for k, r, _, _ in pool])
    by_key = {k: (u, i) for k, _, u, i in pool}
    n = 0
    for fid, sid in pairs:
        su, si = by_key[sid]
        if may_support(backer(su, si), fighter(int(fid)), historical=hist):
            n += 1
    return n


def _cover(world: World, attacker: Unit, stand: Rect, target: Unit, edge: Edge, charger: bool) -> int:
    """The target's cover against one attacking stand: 1 defended, 2 fortified [WC.MELEE.10]
    [WC.FORT]; none when the target is the attacking side, ``charger`` (it charged, pursued or
    advanced into this combat) [WC.FORT.9]. ``edge`` is the target's edge the stand touches: on
    the front edge the stand attacks from the front, across stakes there [WC.FORT.11]
    [WC.SPECIAL.6], though its front-edge midpoint lies on that edge, in no zone."""
    rects = _front_rank(world, target)  # [WC.FORT.1] at least half of the front-rank stands
    tp = world.profile(target)
    d = Defence(
        front_rank=rects,
        # [WC.FORT.4] ruling: in a melee levels are read at stand centres; front edges in contact share one
        # line, so front-edge levels [WC.GEOM.16] would never make either side uphill (docs/rulings)
        levels=tuple(world.level_at(r.centre) for r in rects),
        attacker_level=world.level_at(stand.centre),
        attacker_point=stand.front_mid(),
        bound=world.bound(target),
        melee=True,
        cavalry_defender=tp.type.is_cavalry,
        attacker_cavalry=world.profile(attacker).type.is_cavalry,
        attacker_is_charger=charger,
        flank_or_rear=edge.is_flank_or_rear and has_flanks(world, target),
        front_contact=edge is Edge.FRONT,
        skirmishers=tp.skirmisher,
        shieldwall=target.shieldwall,  # [WC.FORT.10] [WC.SPECIAL.4]: defended in melee, from the front [WC.FORT.14]
        obstacles=world.lines(LineKind.OBSTACLE, LineKind.STREAM, LineKind.PELSTREAM),
        stakes=world.lines(LineKind.STAKES) + (planted_stakes(rects) if target.stakes else ()),
        woods=world.areas(AreaKind.WOODS, AreaKind.DENSE),
        marsh=world.areas(AreaKind.MARSH),
        fortifications=world.areas(AreaKind.FORTIFICATION),
    )
    c = defence(d)
    return {Cover.NONE: 0, Cover.DEFENDED: 1, Cover.FORTIFIED: 2}[c]


def _front_rank(world: World, unit: Unit) -> tuple[Rect, ...]:
    """The unit's front-rank stands (rank 1 of [WC.FORM.2] [WC.GEOM.9]), as the shooting cover reads them."""
    rects = world.rects(unit)
    return tuple(r for r, k in zip(rects, stand_ranks(world, unit), strict=True) if k == 1) or rects


def _pike_front(world: World, me: Unit, enemy: Unit, t: Touch, their_edge: Edge) -> PikeFront:
    """Touching the front edge of a good-order pike stand [WC.MELEE.8] [WC.MELEE.8a]."""
    ep = world.profiles[enemy.stands[t.enemy_stand].profile]
    if ep.type is not TroopType.PIKES or enemy.condition is not Condition.GOOD or their_edge is not Edge.FRONT:
        return PikeFront.NO
    cat = world.category(me)
    return PikeFront.FOOT if cat is Category.INFANTRY else PikeFront.MOUNTED


def stand_case(world: World, bout: Bout, me: Unit, i: int, ts: Sequence[Touch]) -> StandCase:
    """The named inputs of one fighting stand's dice [WC.MELEE.3]–[WC.MELEE.16]."""
    state = world.state
    prof = world.profiles[me.stands[i].profile]
    enemies = [state.unit(t.enemy) for t in ts]
    t0 = ts[0]
    enemy = enemies[0]
    table = table_for(state)
    mine = rating_of(prof, disordered=me.condition is not Condition.GOOD, table=table)
    theirs = [
        rating_of(
            world.profiles[state.unit(t.enemy).stands[t.enemy_stand].profile],
            disordered=state.unit(t.enemy).condition is not Condition.GOOD,
            table=table,
        )
        for t in ts
    ]
    their_edge = _their_edge(world, t0)
    flanked = me.contact_edge in ("left", "right", "rear")
    flanked = flanked or any(e.flank_charged and me.charged == e.id for e in enemies)
    beaten = bout.pursuing.get(me.id)
    attacking = bool(enemy.charged) or enemy.id in bout.pursuing  # the enemy is the attacking side [WC.FORT.9]
    horse = world.category(me) in (Category.CAVALRY, Category.CHARIOTS, Category.MONSTERS, Category.FLYERS)
    terrified = (
        state.variant == "historical"
        and levy_terrified_of_cavalry([world.profiles[s.profile] for s in me.stands])
        and any(world.profile(e).type.is_cavalry for e in enemies)
    )
    return StandCase(
        attacks=prof.melee,
        historical=state.variant == "historical",
        first_round=bout.first_round,
        superior=superior(mine, theirs),
        charging_flank_or_rear=bool(me.charged) and flanked,
        pursuing_same=beaten is not None and beaten != "" and beaten in {e.id for e in enemies},
        pursuing_mounted=beaten is not None and horse,
        fighting_flank_or_rear=t0.edge.is_flank_or_rear and has_flanks(world, me),  # [WC.FLANK.9]
        pike=prof.type is TroopType.PIKES,
        terrified=terrified,
        routed=me.condition is Condition.ROUTED,
        disordered=me.condition is not Condition.GOOD,
        cover=_cover(world, me, world.rects(me)[i], enemy, their_edge, attacking),
        pike_front=_pike_front(world, me, enemy, t0, their_edge),
        min_one_die=state.option("hist_min1_die", "true") == "true",
    )


def _their_edge(world: World, t: Touch) -> Edge:
    a = world.rects(world.state.unit(t.enemy))[t.enemy_stand]
    b = world.rects(world.state.unit(t.unit))[t.stand]
    return edge_between(a, b)


def _roll_hits(dice: DiceSource, n: int, target: int, who: str) -> int:
    return sum(hit(dice.roll(6, f"melee_hit: {who}"), target) for _ in range(n))


def _attack_order(world: World, attacker: str, by_unit: dict[str, dict[int, list[Touch]]]) -> list[str]:
    """Attacker-side units first, then the defender's, each by id [WC.MELEE.17] step 6."""
    ids = sorted(by_unit)
    return [u for u in ids if world.state.unit(u).side == attacker] + [
        u for u in ids if world.state.unit(u).side != attacker
    ]


def _stand_hits(
    world: World, bout: Bout, uid: str, stands: dict[int, list[Touch]], dice: DiceSource, lines: list[str]
) -> dict[tuple[str, int], int]:
    """Dice for one unit's fighting stands and its attached leader; hits by (enemy unit, enemy
    stand that saves) [WC.MELEE.3] [WC.MELEE.16] [WC.MELEE.17] step 5 [WC.PD.24]."""
    me = world.state.unit(uid)
    out: dict[tuple[str, int], int] = {}
    rolled = []
    for i in sorted(stands):
        ts = sorted(stands[i], key=lambda t: (t.corner, t.enemy, t.enemy_stand))
        case = stand_case(world, bout, me, i, ts)
        n, target = dice_count(case), need(case)
        h = _roll_hits(dice, n, target, f"unit {uid} stand {i + 1}")
        rolled.append(f"{n} dice on {target}+: {h}")
        if h:
            key = _save_stand(world, ts)
            out[key] = out.get(key, 0) + h
    for g in world.state.leaders:
        if g.attached_to == uid and not g.lost and stands:
            first = min(stands)
            ts = sorted(stands[first], key=lambda t: (t.corner, t.enemy, t.enemy_stand))
            case = stand_case(world, bout, me, first, ts)
            n = attack_bonus(g)
            h = _roll_hits(dice, n, need(case), f"{g.name} with unit {uid}")  # none without attacks
            if h:
                key = _save_stand(world, ts)
                out[key] = out.get(key, 0) + h
    lines.append(f"Unit {uid} fights: {'; '.join(rolled)}.")
    return out


def _save_stand(world: World, ts: Sequence[Touch]) -> tuple[str, int]:
    """The enemy unit the hits go to (the longest contact, then the lowest id) and the touching
    stand with the best armor that saves them [WC.MELEE.17] step 5 [WC.CASUALTY.5] [WC.PD.15]
    [WC.PD.24]."""
    runs = {e: sum(t.length for t in ts if t.enemy == e) for e in {t.enemy for t in ts}}
    uid = min(runs, key=lambda e: (-round(runs[e], 3), e))
    unit = world.state.unit(uid)
    cands = sorted({t.enemy_stand for t in ts if t.enemy == uid})
    armors = [world.profiles[unit.stands[j].profile].armor for j in cands]
    best = min(range(len(cands)), key=lambda k: (7 if armors[k] == 0 else armors[k], cands[k]))
    return uid, cands[best]


def _grouped(ts: Sequence[Touch]) -> dict[str, dict[int, list[Touch]]]:
    out: dict[str, dict[int, list[Touch]]] = {}
    for t in ts:
        out.setdefault(t.unit, {}).setdefault(t.stand, []).append(t)
    return out


def fight_round(
    state: State, ids: Sequence[str], bout: Bout, dice: DiceSource, lines: list[str]
) -> tuple[State, RoundReport]:
    """One melee round [WC.MELEE.17] steps 1–8: snapshot, fighting stands, support, dice, saves,
    casualties, totals."""
    world = World(state)
    by_unit = _grouped(fighting(world, touches(world, ids)))
    for uid, n in bout.limits.items():
        if uid in by_unit:
            by_unit[uid] = {i: by_unit[uid][i] for i in sorted(by_unit[uid])[:n]}
    bout.contacts_last = {uid: len(st) for uid, st in by_unit.items()}
    for uid in list(by_unit):
        unit = state.unit(uid)
        extra = second_rank_pikes(world, unit, set(by_unit[uid]))
        for back, front in extra.items():
            by_unit[uid][back] = by_unit[uid][front]
    support = {uid: support_count(world, state.unit(uid), set(st), st) for uid, st in by_unit.items()}
    hits: dict[tuple[str, int], int] = {}
    for uid in _attack_order(world, bout.attacker, by_unit):
        for k, v in _stand_hits(world, bout, uid, by_unit[uid], dice, lines).items():
            hits[k] = hits.get(k, 0) + v
    unsaved: dict[str, int] = {}
    for uid, j in sorted(hits, key=lambda k: (_side_rank(state, k[0], bout.attacker), k)):
        armor = world.profiles[state.unit(uid).stands[j].profile].armor
        n = hits[(uid, j)]
        kept = sum(not saved(dice.roll(6, f"save: unit {uid}"), armor) for _ in range(n))
        unsaved[uid] = unsaved.get(uid, 0) + kept
    inflicted = {s.key: 0 for s in state.sides}
    for uid, n in unsaved.items():
        inflicted[state.other(state.unit(uid).side)] += n
    opponents = {uid: tuple(sorted({t.enemy for ts in st.values() for t in ts})) for uid, st in by_unit.items()}
    state, destroyed = _casualties(state, unsaved, by_unit, dice, lines)
    totals = {}
    fought: dict[str, tuple[str, ...]] = {}
    for s in state.sides:
        mine = sorted(u for u in by_unit if state.unit(u).side == s.key)
        fought[s.key] = tuple(mine)
        cases = [_unit_case(world, state.unit(u)) for u in mine]
        totals[s.key] = side_total(
            inflicted[s.key],
            sum(support[u] for u in mine),
            cases,
            historical=state.variant == "historical",
            first_round=bout.first_round,
        )
    lines.append(
        "Totals: "
        + ", ".join(f"{state.side(k).name} {v} ({inflicted[k]} hits)" for k, v in sorted(totals.items()))
        + "."
    )
    return state, RoundReport(totals, fought, opponents, destroyed)


def _side_rank(state: State, uid: str, attacker: str) -> int:
    """Saves in the order of the dice: the attacker's hits first (they land on the defender)."""
    return int(state.unit(uid).side == attacker)


def _unit_case(world: World, u: Unit) -> UnitCase:
    """A fighting unit's victory modifiers [WC.MELEE.19] [WC.MELEE.30]."""
    q = majority_quality([world.profiles[s.profile].quality for s in u.stands])  # a fighting unit has stands
    mounted = world.category(u) in (Category.CAVALRY, Category.CHARIOTS)
    charging = False
    if mounted and u.charged and world.state.unit(u.charged).on_table:
        t = world.state.unit(u.charged)
        tp = world.profile(t)
        soft = world.category(t) in (Category.INFANTRY, Category.ARTILLERY)
        pikes_front = tp.type is TroopType.PIKES and t.condition is Condition.GOOD and u.contact_edge == "front"
        charging = soft and not pikes_front and not _covered(world, u, t)
    return UnitCase(q, True, warband=world.profile(u).type is TroopType.WARBAND, charging_mounted=charging)


def _covered(world: World, u: Unit, t: Unit) -> bool:
    r = world.rects(u)[0]
    edge = Edge(u.contact_edge) if u.contact_edge else Edge.FRONT
    return _cover(world, u, r, t, edge, False) > 0  # t is the charged unit, never the charger


def _casualties(
    state: State,
    unsaved: dict[str, int],
    by_unit: dict[str, dict[int, list[Touch]]],
    dice: DiceSource,
    lines: list[str],
) -> tuple[State, tuple[str, ...]]:
    """Add unsaved hits to each pool and remove stands, both sides at once; a leader with a unit
    that lost stands is wounded on a 6 [WC.CASUALTY.2] [WC.MELEE.17] step 7 [WC.LEADER.8]."""
    world = World(state)
    destroyed: list[str] = []
    for uid in sorted(unsaved):
        unit = state.unit(uid)
        pool = unit.hits + unsaved[uid]
        cands = _candidates(world, unit, set(by_unit.get(uid, {})))
        mixed = len({s.profile for s in unit.stands}) > 1
        gone, pool = remove_from_pool(pool, cands, mixed, True)
        keep = close_files(world.rects(unit), unit.stands, gone)
        new = replace(unit, stands=keep or unit.stands, hits=pool, lost=unit.lost + len(gone))
        if not keep:
            new = replace(new, on_table=False)
            destroyed.append(uid)
        state = state.with_unit(new)
        if gone:
            lines.append(f"Unit {uid} loses {len(gone)} stand(s)" + (" and is destroyed." if not keep else "."))
            state = _wound(state, uid, dice, lines)
        if not keep:
            state = _leader_escapes(state, uid, lines)
    return state, tuple(destroyed)


def _leader_escapes(state: State, uid: str, lines: list[str]) -> State:
    """A leader whose unit is destroyed goes to a friendly unit within 20 cm or is captured
    [WC.LEADER.10] [WC.PD.31]."""
    for g in state.leaders:
        if g.attached_to == uid and not g.lost:
            state = place_after_loss(state, g.id, unit_destroyed=True)
            fate = "is captured" if state.leader(g.id).lost else "escapes to a friendly unit"
            lines.append(f"{g.name} {fate} [WC.LEADER.10].")
    return state


def close_files(rects: Sequence[Rect], stands: Sequence[Stand], gone: Sequence[int]) -> tuple[Stand, ...]:
    """The stands left after removing ``gone``: a stand directly behind a removed one steps into
    its place, and so on down the file [WC.CASUALTY.4]. TODO(WC.CASUALTY.4): a gap left in a
    rank with nobody behind is not closed by sliding the shorter side."""
    poses = [s.pose for s in stands]
    alive = [i for i in range(len(stands)) if i not in gone]
    for g in sorted(gone, key=lambda i: -dot(rects[i].centre, rects[i].f)):
        hole = rects[g]
        while True:
            back = next((i for i in alive if behind_overlap(rects[i], hole) >= hole.width - 0.01), None)
            if back is None:
                break
            poses[back], hole = hole.pose(), rects[back]
    return tuple(replace(stands[i], pose=poses[i]) for i in alive)


def _wound(state: State, uid: str, dice: DiceSource, lines: list[str]) -> State:
    for g in state.leaders:
        if g.attached_to == uid and not g.lost and wounded(dice.roll(6, f"leader_wound: {g.name}")):
            lines.append(f"{g.name} falls with unit {uid} [WC.LEADER.8].")
            state = state.with_leader(replace(g, lost=True, attached_to=""))
    return state


def _candidates(world: World, unit: Unit, touching: set[int]) -> list[Candidate]:
    """Each stand's rank (1 = front) and file from the right, in the unit's frame."""
    rects = world.rects(unit)
    b = world.bound(unit)
    along = [round(-dot(sub(r.centre, b.centre), b.f), 2) for r in rects]
    across = [round(-dot(sub(r.centre, b.centre), b.r), 2) for r in rects]
    ranks = {v: k + 1 for k, v in enumerate(sorted(set(along)))}
    files = {v: k for k, v in enumerate(sorted(set(across)))}
    return [
        Candidate(i, world.profiles[s.profile].hits, ranks[along[i]], files[across[i]], i in touching, s.profile)
        for i, s in enumerate(unit.stands)
    ]
