"""Melee: who fights whom, pre-combat fire, the pools, the result, retreat and pursuit [PC.MELEE.*] [PC.RESULT.*] [PC.PURSUIT.*].

`charge_contacts` turns the contacts of one charging movement into melees (one per contacted
enemy [PC.MELEE.5]) and fights them in ascending enemy id; `fight` is the procedure of
[PC.MELEE.19] for one melee.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.hexgrid import Hex

from . import fire as F
from . import geometry as G
from . import tables
from .context import Ctx
from .model import BOUNCERS, CAVALRY, CHARIOTS, COMBAT, FOOT, MOUNTED, Category, Impetuous, Melee, Stand
from .retreat import bounce, impassable, retreat, zoc3_forbids, zoc_holders
from .standing import decide
from .state import State, Terrain

C = Category


@dataclass
class Fresh:
    """What is new in this fight: who charged (with their approach hexes), who may fire first."""

    chargers: dict[str, list[Hex]] = field(default_factory=dict)
    """Stands that charged or pursued into this fight, with the hexes of their approach [PC.GEOM.20]."""
    refight: bool = False
    pursued: str = ""
    """The stand being pursued: no evasion, defensive fire or pilum for it [PC.PURSUIT.8]."""
    joined: set[str] = field(default_factory=set)
    """Stands newly in this melee (only they get pre-combat fire and pilum) [PC.RESULT.13]."""
    no_df: str = ""
    """The stand whose own move triggered an opportunity charge: no defensive fire for it [PC.OPP.9]."""


@dataclass
class Movement:
    """Once-per-charging-movement book-keeping [PC.MELEE.10] [PC.FIRE.20]."""

    impact: set[str] = field(default_factory=set)
    pilum: set[str] = field(default_factory=set)
    fired: set[str] = field(default_factory=set)


def moved_1h(approach: list[Hex], here: Hex) -> bool:
    """Entered at least one new hex since the approach began [PC.GEOM.20]."""
    return bool(approach) and approach[0] != here


def terrain_blocks_impact(st: State, attacker: Stand, defender: Stand) -> bool:
    """Terrain that removes an attacker's impetus [PC.TERRAIN.7] [PC.MELEE.9] (h)."""
    g, cat = st.ground(defender.hex), st.cat(attacker)
    if g is Terrain.WOODS and cat not in (C.LI, C.SK, C.AUX):
        return True
    if g is Terrain.TOWN or (g in (Terrain.ROUGH, Terrain.MARSH) and cat in MOUNTED):
        return True
    return attacker.hex.distance(defender.hex) == 1 and st.edge(attacker.hex, defender.hex) is not None


def stand_dice(st: State, m: Melee, sid: str, fresh: Fresh, mv: Movement, *, battle: bool) -> int:
    """One stand's adjusted dice against the enemy battle stand [PC.MELEE.7] [PC.MELEE.9]-[PC.MELEE.14]."""
    s = st.stands[sid]
    enemy = st.stands[m.battle_of(st.enemy(s.side))]
    troop, etroop = st.troop(s), st.troop(enemy)
    n = s.front_sp
    frontal = G.frontal(enemy.hex, enemy.facing, s.hex)
    approach = fresh.chargers.get(sid)
    behind = approach is not None and G.from_behind(enemy.hex, enemy.facing, approach)
    if approach is not None and sid not in mv.impact and not fresh.refight:
        if tables.impact_allowed(
            troop, etroop, frontal=frontal, from_behind=behind, terrain_blocks=terrain_blocks_impact(st, s, enemy)
        ):
            n += tables.impact_value(troop, s.front_loss)
            mv.impact.add(sid)
    mounted_front = sid in m.mounted_frontal
    n += tables.rank_dice(
        troop, len(s.ranks) - 1, etroop, frontal=enemy.hex in G.front(s.hex, s.facing), mounted_frontal=mounted_front,
        per_rank=st.config.mounted_rank_dice == "per_rank",
    )  # fmt: skip
    if st.elev(s.hex) > st.elev(enemy.hex):
        n += 1  # uphill [PC.MELEE.13]
    if not frontal and enemy.hex in G.front(s.hex, s.facing):
        big = approach is not None and troop.category in (C.MC, C.HC) and behind and moved_1h(approach, s.hex)
        if big:
            n += st.config.flank_bonus_mc_hc  # [PC.MELEE.14] (b)
        elif approach is not None or sid in m.flank_bonus:
            n += 1  # [PC.MELEE.14] (a), (c)
    if st.ground(s.hex) is Terrain.WOODS and troop.category in MOUNTED:
        n -= 1  # mounted in woods [PC.TERRAIN.7]
    if s.id == m.battle_of(st.enemy(m.attacker)) and st.edge(s.hex, enemy.hex) is not None:
        n += 1  # defender behind a creek, river or field defence [PC.TERRAIN.7]
    n += st.modifier_dice(s, "melee")  # the scenario's factors [PC.UNITS.9] [PC.TERRAIN.5]
    if s.disordered:
        n += st.config.disorder_dice_mod
    return tables.battle_dice(n) if battle else tables.support_dice(n)


# --- forming melees -----------------------------------------------------------------------------


def contacted(st: State, s: Stand) -> list[Stand]:
    """Enemies in a stand's front hexes: it is in contact with them [PC.GEOM.10]."""
    out = [st.at(h) for h in G.front(s.hex, s.facing)]
    return sorted((e for e in out if e is not None and e.side != s.side), key=lambda e: e.id)


def supporters_for(st: State, side: str, enemy_battle: Stand, taken: set[str]) -> list[str]:
    """Stands of `side` with the enemy battle stand in a front hex and in no other melee [PC.MELEE.6]."""
    out = []
    for s in st.live(side):
        if s.id in taken or st.melee_of(s.id) is not None:
            continue
        if enemy_battle.hex in G.front(s.hex, s.facing):
            out.append(s.id)
    return out


def _will_support(ctx: Ctx, sid: str, enemy_battle: Stand) -> bool:
    """With config `support_optional`, a qualifying stand supports only if its side wants it to: standing order
    `support` (default yes), or asked [PC.MELEE.6]."""
    question = f"{ctx.name(sid)} may support the melee against {enemy_battle.id}: support it?"
    return decide(ctx, ctx.st.stands[sid].side, "support", True, question, f"{sid}-{enemy_battle.id}")


def pair(st: State, chargers: list[str], target: str = "") -> list[tuple[str, str]]:
    """(attacker, defender) battle pairs: one melee per contacted enemy, ascending enemy id [PC.MELEE.5]
    [PC.MELEE.4]."""
    found = {e.id: e for c in chargers for e in contacted(st, st.stands[c])}

    def preference(eid: str) -> tuple[bool, bool, bool, int, str]:
        e = found[eid]
        front = any(G.frontal(e.hex, e.facing, st.stands[c].hex) for c in chargers if e in contacted(st, st.stands[c]))
        return (eid != target, not front, not is_combat(st, e), e.sp, eid)  # (a), (c), (b), decision 18

    enemies = sorted(found, key=preference)
    used: set[str] = set()
    pairs = []
    for eid in enemies:
        e = st.stands[eid]
        options = [c for c in sorted(chargers) if c not in used and e in contacted(st, st.stands[c])]
        options.sort(key=lambda c: (not G.frontal(e.hex, e.facing, st.stands[c].hex), c))
        if options:
            used.add(options[0])
            pairs.append((options[0], eid))
    return pairs


def new_melee(
    ctx: Ctx, attacker: str, defender: str, chargers: dict[str, list[Hex]], reserved: frozenset[str] = frozenset()
) -> Melee:
    """Record a fresh melee with both sides' supporting and non-facing stands [PC.MELEE.3] [PC.MELEE.4] [PC.MELEE.6].

    `reserved` holds the battle stands of the other melees of the same movement: they support nobody here.
    Enemies the attacking battle stand contacts that have it on their flank or rear, and no melee of their own,
    are non-facing stands: no dice, no test, but they fall back with a beaten battle stand [PC.MELEE.4] (c).
    """
    st = ctx.st
    a, d = st.stands[attacker], st.stands[defender]
    taken = {attacker, defender, *reserved}
    sup = supporters_for(st, a.side, d, taken) + supporters_for(st, d.side, a, taken)
    if st.config.support_optional:
        sup = [sid for sid in sup if _will_support(ctx, sid, a if st.stands[sid].side == d.side else d)]
    non_facing = tuple(
        e.id for e in contacted(st, a) if e.id not in taken and e.id not in sup and st.melee_of(e.id) is None
    )
    mounted = (defender,) if st.cat(a) in MOUNTED and G.frontal(d.hex, d.facing, a.hex) else ()
    flank = tuple(c for c in chargers if not G.frontal(d.hex, d.facing, st.stands[c].hex) and c in (attacker, *sup))
    m = Melee(
        st.next_melee,
        a.side,
        ((a.side, attacker), (d.side, defender)),
        tuple(sup),
        non_facing,
        False,
        st.activation,
        flank,
        mounted,
    )
    st.melees[m.id] = m
    st.next_melee += 1
    return m


def skirmishers_hit(ctx: Ctx, chargers: dict[str, list[Hex]], mv: Movement) -> None:
    """Sk in the open contacted by a formed combat stand fire (if hit frontally) and are destroyed; in the flank or rear
    they are destroyed without firing; against LC, El or LCh hitting them frontally they fight [PC.MELEE.17]."""
    st = ctx.st
    for c in sorted(chargers):
        a = st.stands[c]
        if not a.on_board or st.cat(a) not in COMBAT:
            continue
        for e in contacted(st, a):
            if st.cat(e) is not C.SK or st.melee_of(e.id) is not None:
                continue
            front = G.frontal(e.hex, e.facing, a.hex)
            light_attacker = st.cat(a) in (C.LC, C.EL, C.LCH)
            if front and (light_attacker or not F.in_open(st, e.hex)):
                continue  # it stands and fights: (c), (f)
            if front and e.id not in mv.fired and F.defensive_fire_allowed(st, e, a):
                mv.fired.add(e.id)
                F.shoot(ctx, e.id, c, F.df_dice(st, e), 1, "defensive fire")
            ctx.remove(e.id, "skirmishers caught by formed troops [PC.MELEE.17]")


def charge_contacts(ctx: Ctx, chargers: dict[str, list[Hex]], mv: Movement, pursued: str = "") -> None:
    """Resolve the melees one charging movement made, in ascending enemy id [PC.MELEE.2] [PC.MELEE.5]."""
    st = ctx.st
    skirmishers_hit(ctx, chargers, mv)
    for c in chargers:
        for e in contacted(st, st.stands[c]):
            m = st.melee_of(e.id)
            if m is not None and m.ongoing and e.id in (b for _, b in m.battle) and st.melee_of(c) is None:
                st.melees[m.id] = replace(m, supporters=(*m.supporters, c), attacker=st.stands[c].side)
                ctx.say(f"{c} charges into the ongoing melee of {e.id}: it is reignited [PC.RESULT.11]")
                fight(ctx, st.melees[m.id], Fresh({c: chargers[c]}, joined={c}), mv)
                break
    live = [c for c in chargers if st.stands[c].on_board and st.melee_of(c) is None]
    pairs = pair(st, live)
    for i, (attacker, defender) in enumerate(pairs):
        if not (st.stands[attacker].on_board and st.stands[defender].on_board):
            continue
        if st.melee_of(attacker) is not None or st.melee_of(defender) is not None:
            continue
        later = frozenset(x for a_, d_ in pairs[i + 1 :] for x in (a_, d_))
        m = new_melee(ctx, attacker, defender, chargers, later)
        fresh = Fresh({c: chargers[c] for c in chargers if c in m.stands}, pursued=pursued, joined=set(m.stands))
        fight(ctx, m, fresh, mv)


# --- the fight --------------------------------------------------------------------------------


def flank_disorder(ctx: Ctx, fresh: Fresh) -> None:
    """Contact on a flank or rear hex from behind the front face line after moving 1H disorders [PC.MELEE.15]."""
    st = ctx.st
    for c, approach in fresh.chargers.items():
        attacker = st.stands[c]
        for e in contacted(st, attacker):
            if (
                not G.frontal(e.hex, e.facing, attacker.hex)
                and G.from_behind(e.hex, e.facing, approach)
                and moved_1h(approach, attacker.hex)
            ):
                if not e.disordered:
                    ctx.say(f"{e.id} is hit in the flank or rear from behind its front: disordered [PC.MELEE.15]")
                ctx.disorder(e.id)


def precombat(ctx: Ctx, m: Melee, fresh: Fresh, mv: Movement) -> None:
    """Defensive fire, supporting fire, defending then attacking pila, in that order, each test applied at once
    [PC.FIRE.18]; with config `precombat_tests = "batched"` the disorder of every test waits until all are taken, so a
    later test does not find its target disordered by an earlier one [PC.FIRE.18] [PC.MORALE.6].
    """
    if ctx.st.config.precombat_tests != "batched":
        _precombat_fire(ctx, m, fresh, mv)
        return
    ctx.held_disorder = set()
    try:
        _precombat_fire(ctx, m, fresh, mv)
    finally:
        held, ctx.held_disorder = sorted(ctx.held_disorder), None
    for sid in held:
        if ctx.st.stands[sid].on_board:
            ctx.disorder(sid)
            ctx.say(f"{sid} is disordered by its pre-combat tests [PC.FIRE.18]")


def _precombat_fire(ctx: Ctx, m: Melee, fresh: Fresh, mv: Movement) -> None:
    """The pre-combat sources in the order of [PC.FIRE.18]; the stand being pursued fires none and throws no pilum
    [PC.FIRE.16]."""
    st = ctx.st
    att_side = m.attacker
    a_id, d_id = m.battle_of(att_side), m.battle_of(st.enemy(att_side))
    a, d = st.stands[a_id], st.stands[d_id]
    if (
        d_id in fresh.joined
        and d_id not in (fresh.pursued, fresh.no_df)
        and d_id not in mv.fired
        and F.defensive_fire_allowed(st, d, a)
    ):
        mv.fired.add(d_id)
        F.shoot(ctx, d_id, a_id, F.df_dice(st, d), F.df_cap(st, d, a), "defensive fire")
    for sid in sorted(m.supporters):
        s = st.stands[sid]
        if s.side == att_side or sid not in fresh.joined or sid in mv.fired or not st.stands[a_id].on_board:
            continue
        n = F.supporting_fire_dice(st, s, st.stands[d_id], st.stands[a_id])
        if n > 0:
            mv.fired.add(sid)
            F.shoot(ctx, sid, a_id, n, 1, "supporting fire")
        if st.cat(s) is C.SK and F.in_open(st, s.hex):
            ctx.remove(sid, "skirmishers supporting in the open fire, then are destroyed [PC.MELEE.17] (e)")
    for side in (st.enemy(att_side), att_side):
        _pila(ctx, m, side, fresh, mv)


def _pila(ctx: Ctx, m: Melee, side: str, fresh: Fresh, mv: Movement) -> None:
    """Pilum by legionaries newly in the melee, two supporters' pila thrown together [PC.FIRE.11] [PC.FIRE.12]."""
    st = ctx.st
    target = m.battle_of(st.enemy(side))
    pool, who = 0, list[str]()
    for sid in (m.battle_of(side), *sorted(m.supporters)):
        s = st.stands[sid]
        if s.side != side or not s.on_board or not st.troop(s).legionary or sid not in fresh.joined or sid in mv.pilum:
            continue
        enemy = st.stands[target]
        role = (
            "defender"
            if sid == m.battle_of(side) and side != m.attacker
            else ("attacker" if sid == m.battle_of(side) else "support")
        )
        n = tables.pilum_dice(
            role=role, frontal=G.frontal(s.hex, s.facing, enemy.hex), front_sp=s.front_sp,
            start_sp=st.troop(s).ranks[0], disordered=s.disordered, pursued=sid == fresh.pursued,
        )  # fmt: skip
        mv.pilum.add(sid)
        if n:
            if role == "support":
                pool, who = pool + n, [*who, sid]
            elif st.stands[target].on_board:
                F.shoot(ctx, sid, target, n, 1, "pilum")
    if pool and st.stands[target].on_board:
        F.shoot(ctx, "+".join(who), target, pool, 1, "pilum")  # "S1+S2", or "S1" alone


def fight(ctx: Ctx, m: Melee, fresh: Fresh, mv: Movement) -> None:
    """One fight of a melee, from contact to pursuit [PC.MELEE.19]."""
    st = ctx.st
    att = m.attacker
    a_id, d_id = m.battle_of(att), m.battle_of(st.enemy(att))
    ctx.say(f"melee {m.id}: {ctx.name(a_id)} attacks {ctx.name(d_id)}" + (" (re-fight)" if fresh.refight else ""))
    st.melees[m.id] = m = replace(m, fought_in=st.activation)
    ctx.fought.update(m.stands)
    if not fresh.refight:
        flank_disorder(ctx, fresh)
        precombat(ctx, m, fresh, mv)
        m = st.melees.get(m.id, m)  # stands destroyed by pre-combat fire have left it
    if not (st.stands[a_id].on_board and st.stands[d_id].on_board):
        _after_precombat_loss(ctx, m)
        return
    pools = {}
    for side in (att, st.enemy(att)):
        battle = m.battle_of(side)
        n = stand_dice(st, m, battle, fresh, mv, battle=True)
        n += sum(
            stand_dice(st, m, s, fresh, mv, battle=False)
            for s in m.supporters
            if st.stands[s].side == side and st.stands[s].on_board
        )
        pools[side] = n
    # one combined pool per side, all hits on the enemy battle stand [PC.MELEE.8]; tests for battle stands only
    # [PC.RESULT.1]
    faces = {
        side: ctx.pool(pools[side], f"melee {m.id}: {side} pool, {pools[side]}d6") for side in (att, st.enemy(att))
    }
    hit = {side: tables.hits(faces[st.enemy(side)]) for side in faces}  # hits landing on side's battle stand
    for side in faces:
        ctx.say(f"{side} throws {pools[side]}D6 {faces[side]}: {hit[st.enemy(side)]} hit(s)")
    results = {}
    for side in (att, st.enemy(att)):
        b = m.battle_of(side)
        was = st.stands[b].disordered
        results[side] = (ctx.morale(b, hit[side], f"melee {m.id}") if hit[side] else None, was)
    settle(ctx, m, results, fresh)


def _after_precombat_loss(ctx: Ctx, m: Melee) -> None:
    """A battle stand destroyed by pre-combat fire: its side loses with no dice [PC.MELEE.19] step 3."""
    st = ctx.st
    gone = [side for side, b in m.battle if not st.stands[b].on_board]
    st.melees.pop(m.id, None)
    if len(gone) == 1:
        loser = gone[0]
        for sid in (*m.supporters, *m.non_facing):
            s = st.stands[sid]
            if s.side == loser and s.on_board:
                ctx.disorder(sid)
                retreat(ctx, sid, st.stands[m.battle_of(st.enemy(loser))].hex, 2 * st.troop(s).mp, True)


def is_combat(st: State, s: Stand) -> bool:
    return st.cat(s) in COMBAT


def bouncers(st: State, m: Melee) -> list[str]:
    """Battle stands that bounce on a draw: LC, MC, LCh; only the attacker if both are [PC.RESULT.5]."""
    kinds = [(side, b) for side, b in m.battle if st.cat(st.stands[b]) in BOUNCERS]
    if len(kinds) == 2:
        return [m.battle_of(m.attacker)]
    return [b for _, b in kinds]


def do_bounce(ctx: Ctx, m: Melee, sid: str) -> None:
    st = ctx.st
    enemy = st.stands[m.battle_of(st.enemy(st.stands[sid].side))]
    bounce(ctx, sid, enemy.hex)


def mark_ongoing(ctx: Ctx, m: Melee) -> None:
    """A draw leaves an ongoing melee [PC.RESULT.9]."""
    ctx.st.melees[m.id] = replace(m, ongoing=True)
    ctx.say(f"melee {m.id} is drawn and goes on [PC.RESULT.9]")


# --- results of a fight (was results.py: a fight and its results call each other) ---------------

Tests = dict[str, tuple[tables.MoraleResult | None, bool]]
"""side -> (its battle stand's morale test or None, whether it was disordered before the test)."""


def _ml(results: Tests, side: str) -> int:
    r = results[side][0]
    return 0 if r is None else r.ml


def _cap(st: State, m: Melee, loser: str, fresh: Fresh) -> int:
    """The loser's SP limit [PC.RESULT.4]."""
    lb, wb = st.stands[m.battle_of(loser)], st.stands[m.battle_of(st.enemy(loser))]
    approach = fresh.chargers.get(wb.id)
    flank_charge = (
        approach is not None and not G.frontal(lb.hex, lb.facing, wb.hex) and G.from_behind(lb.hex, lb.facing, approach)
    )
    winner_frontal = lb.hex in G.front(wb.hex, wb.facing)
    return tables.loser_cap(st.troop(lb), st.troop(wb), winner_frontal=winner_frontal, hc_el_flank_charge=flank_charge)


def _losses(st: State, m: Melee, results: Tests, loser: str | None, fresh: Fresh) -> dict[str, int]:
    """SP each battle stand loses [PC.RESULT.3] [PC.MORALE.6]."""
    out = {}
    for side, _ in m.battle:
        ml = _ml(results, side)
        cap = _cap(st, m, side, fresh) if side == loser else 1
        tested = results[side][0] is not None
        out[side] = tables.sp_loss(ml, cap, results[side][1]) if tested else 0
    return out


def _outcome(st: State, m: Melee, results: Tests, fresh: Fresh) -> tuple[str | None, dict[str, int], bool]:
    """(loser or None for a draw, SP losses by side, whether the winner may pursue) [PC.RESULT.2] [PC.RESULT.7]."""
    a, d = m.attacker, st.enemy(m.attacker)
    ml_a, ml_d = _ml(results, a), _ml(results, d)
    loser = a if ml_a > ml_d else d if ml_d > ml_a else None
    loss = _losses(st, m, results, loser, fresh)
    dead = [side for side, b in m.battle if loss[side] >= st.stands[b].sp]
    if len(dead) == 2:
        return "both", loss, False
    if not dead:
        return loser, loss, True
    gone = dead[0]
    other = st.enemy(gone)
    backed = any(st.stands[s].side == gone for s in m.supporters)
    if backed and _ml(results, other) > _ml(results, gone):
        loss[other] = tables.sp_loss(_ml(results, other), _cap(st, m, other, fresh), results[other][1])
        return other, loss, False
    if results[other][0] is not None:
        loss[other] = tables.sp_loss(_ml(results, other), 1, results[other][1])
    return gone, loss, True


def settle(ctx: Ctx, m: Melee, results: Tests, fresh: Fresh) -> None:
    """Apply the result of one fight [PC.MELEE.19] steps 6-9; the winner may then pursue [PC.RESULT.10]."""
    st = ctx.st
    loser, loss, may_pursue = _outcome(st, m, results, fresh)
    old_hex = {b: st.stands[b].hex for _, b in m.battle}
    for side, b in m.battle:
        if results[side][0] is not None and st.stands[b].on_board:
            ctx.disorder(b)  # every test disorders [PC.MORALE.5]
        if loss[side]:
            ctx.lose(b, loss[side], f"melee {m.id}")
    if loser == "both":
        st.melees.pop(m.id, None)
        ctx.say(f"melee {m.id}: both battle stands are gone; no pursuit [PC.RESULT.7]")
        return
    if loser is None:
        _draw(ctx, m)
        return
    winner = st.enemy(loser)
    ctx.say(f"melee {m.id}: {winner} wins")
    st.melees.pop(m.id, None)
    lb, wb = m.battle_of(loser), m.battle_of(winner)
    source = _retreat_reference(st, m, winner, lb)
    path = _loser_falls_back(ctx, m, loser, source)
    if may_pursue and st.stands[wb].on_board:
        pursue(ctx, wb, lb, old_hex[lb], path)


def _retreat_reference(st: State, m: Melee, winner: str, lb: str) -> Hex:
    """Retreats go away from the winning battle stand; if it was eliminated, from the nearest surviving winning stand
    of the melee, then the lowest id (second book check 4) [PC.RETREAT.2] [PC.RETREAT.3]."""
    wb = st.stands[m.battle_of(winner)]
    if wb.on_board:
        return wb.hex
    here = st.stands[lb].hex
    alive = [st.stands[s] for s in m.stands if st.stands[s].side == winner and st.stands[s].on_board]
    return min(alive, key=lambda s: (s.hex.distance(here), s.id)).hex if alive else wb.hex


def _hc_bouncing(ctx: Ctx, m: Melee) -> list[str]:
    """HC battle stands whose side chooses to bounce after a draw: standing order `hc_bounce` (decision 25; default no,
    they stay in contact) [PC.RESULT.6]."""
    st = ctx.st
    out = []
    for side, b in m.battle:
        s = st.stands[b]
        if s.on_board and st.cat(s) is C.HC:
            if decide(ctx, side, "hc_bounce", False, f"{ctx.name(b)} drew its melee: bounce away?", f"{b}-m{m.id}"):
                out.append(b)
    return out


def _draw(ctx: Ctx, m: Melee) -> None:
    """Bounce types bounce; HC stay by default; the rest is an ongoing melee [PC.RESULT.5] [PC.RESULT.6]
    [PC.RESULT.9]."""
    st = ctx.st
    bounced = [b for b in bouncers(st, m) if st.stands[b].on_board]
    bounced += [b for b in _hc_bouncing(ctx, m) if b not in bounced]
    if bounced:
        st.melees.pop(m.id, None)
        for b in bounced:
            do_bounce(ctx, m, b)
        if all(
            st.stands[b].hex in [n for n in G.front(st.stands[o].hex, st.stands[o].facing)]
            for _, o in m.battle
            for b in bounced
            if o != b
        ):
            mark_ongoing(ctx, m)  # a bounce that could not move leaves the melee going [PC.RETREAT.15]
        return
    if all(st.stands[b].on_board for _, b in m.battle):
        mark_ongoing(ctx, m)
    else:
        st.melees.pop(m.id, None)


def _loser_falls_back(ctx: Ctx, m: Melee, loser: str, source: Hex) -> list[Hex]:
    """The loser's battle stand, supporting and non-facing stands retreat disordered; artillery is destroyed
    [PC.RESULT.8] [PC.RETREAT.1] [PC.RETREAT.10]."""
    st = ctx.st
    lb = m.battle_of(loser)
    path: list[Hex] = []
    order = [lb] + sorted(s for s in (*m.supporters, *m.non_facing) if st.stands[s].side == loser)
    for sid in order:
        s = st.stands[sid]
        if not s.on_board:
            continue
        if st.cat(s) is C.ART:
            ctx.remove(sid, "artillery that loses a melee is destroyed [PC.RETREAT.10]")
            continue
        ctx.disorder(sid)
        beaten = s.hex.distance(source) == 1 and source not in G.flank(s.hex, s.facing)
        p = retreat(ctx, sid, source, 2 * st.troop(s).mp, beaten)
        if sid == lb:
            path = p
    return path


def may_pursue(ctx: Ctx, wb: str, lb: str, lost_hex: Hex) -> bool:
    """Whether the winner rolls for pursuit [PC.PURSUIT.1]-[PC.PURSUIT.3] [PC.RESULT.12]."""
    st = ctx.st
    w = st.stands[wb]
    troop = st.troop(w)
    loser_cat = st.cat(st.stands[lb])
    if not is_combat(st, w):
        return False
    if troop.category in FOOT and (loser_cat in CAVALRY or loser_cat is C.EL or loser_cat in CHARIOTS):
        ctx.say(f"{wb} will not pursue mounted troops [PC.PURSUIT.2]")
        return False
    if lost_hex not in G.front(w.hex, w.facing):
        ctx.say(f"{wb} does not pursue: the beaten stand was not in its front [PC.PURSUIT.2]")
        return False
    for e in contacted(st, w):
        m = st.melee_of(e.id)
        if m is not None and m.ongoing and e.id in (b for _, b in m.battle) and st.melee_of(wb) is None:
            st.melees[m.id] = replace(m, supporters=(*m.supporters, wb))
            ctx.say(f"{wb} joins the ongoing melee of {e.id} instead of pursuing [PC.RESULT.12]")
            fight(ctx, st.melees[m.id], Fresh(joined={wb}), Movement())
            return False
    if tables.must_pursue(troop):
        return True
    if tables.impact_value(troop, w.front_loss) <= 0:
        return False
    default = troop.category not in FOOT or troop.impetuous is not Impetuous.NONE
    return decide(ctx, w.side, "pursue", default, f"{wb} has beaten {lb}: roll to pursue?", f"{wb}-{lb}")


def pursue(ctx: Ctx, wb: str, lb: str, lost_hex: Hex, path: list[Hex]) -> None:
    """Roll, then follow the loser's retreat hexes keeping facing; contact starts a new melee [PC.PURSUIT.4]-[PC.PURSUIT.9].

    The roll is its own die after every retreat [PC.PURSUIT.5]; the path is the loser's recorded hexes, or its hex
    then straight ahead if it was destroyed [PC.PURSUIT.6]; the winner of a pursuit melee may pursue again
    [PC.PURSUIT.9]; pursuit never marks the pursuer moved [PC.PURSUIT.10].
    """
    st = ctx.st
    if not may_pursue(ctx, wb, lb, lost_hex):
        return
    w = st.stands[wb]
    roll = ctx.d6(f"pursuit: {wb} after {lb}")
    distance = tables.pursuit_distance(st.troop(w), roll)
    ctx.say(f"{wb} rolls {roll} to pursue: {distance} hex(es)")
    route = [lost_hex, *path]
    if not st.stands[lb].on_board:
        route = [lost_hex, *G.straight_ahead(lost_hex, w.facing, max(0, distance - 1))]
    approach = [w.hex]
    for h in route[:distance]:
        stop = _pursuit_blocked(st, wb, h)
        if stop:
            ctx.say(f"{wb} stops: {stop}")
            break
        if not st.on_map(h):
            ctx.remove(wb, "pursued off the board [PC.PURSUIT.7]", count_bp=False)
            return
        st.put(replace(st.stands[wb], hex=h))
        for g in list(st.generals.values()):
            if g.alive and g.attached == wb:
                st.generals[g.id] = replace(g, hex=h)  # he goes with his stand [PC.CMD.5]
        approach.append(h)
        if contacted(st, st.stands[wb]) or zoc_holders(st, h, w.side):
            break
    targets = contacted(st, st.stands[wb])
    if not targets:
        return
    pursued = lb if st.stands[lb].on_board and st.stands[lb] in targets else ""
    defender = pursued or targets[0].id
    if st.melee_of(defender) is not None:
        return
    m = new_melee(ctx, wb, defender, {wb: approach})
    fight(
        ctx, m, Fresh({wb: approach}, pursued=pursued, joined=set(m.stands)), Movement()
    )  # a new movement: impact again


def _pursuit_blocked(st: State, wb: str, h: Hex) -> str:
    """Why the next pursuit step may not be taken ("" if it may) [PC.PURSUIT.7] (d)-(f)."""
    w = st.stands[wb]
    if not st.on_map(h):
        return ""
    occ = st.at(h)
    if occ is not None:
        return "the hex is occupied [PC.PURSUIT.7]"
    if impassable(st, w, h):
        return "impassable terrain [PC.PURSUIT.7]"
    why = zoc3_forbids(st, w, h, w.facing)
    if why:
        return f"{why} [PC.PURSUIT.7]"
    if st.cat(w) in FOOT:
        for n in G.front(h, w.facing):
            other = st.at(n)
            if (
                other is not None
                and other.side != w.side
                and (st.cat(other) in CAVALRY or st.cat(other) in CHARIOTS or st.cat(other) is C.EL)
            ):
                return "infantry will not pursue into contact with mounted troops [PC.PURSUIT.7]"
    return ""
