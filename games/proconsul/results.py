"""The outcome of a fight: who lost, SP losses, eliminations, retreat, bounce and pursuit [PC.RESULT.*] [PC.PURSUIT.*].

Called by `melee.fight` with both battle stands' morale tests (None for a stand that took no hits).
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex

from . import geometry as G
from . import tables
from .context import Ctx
from .melee import Fresh, Movement, bouncers, contacted, do_bounce, fight, is_combat, mark_ongoing, new_melee
from .model import CAVALRY, CHARIOTS, FOOT, Category, Impetuous, Melee
from .retreat import impassable, retreat, zoc_holders
from .standing import decide
from .state import State

C = Category
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


def settle(ctx: Ctx, m: Melee, results: Tests, fresh: Fresh, mv: Movement) -> None:
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
        pursue(ctx, wb, lb, old_hex[lb], path, mv)


def _retreat_reference(st: State, m: Melee, winner: str, lb: str) -> Hex:
    """Retreats go away from the winning battle stand; if it was eliminated, from the nearest surviving winning stand
    of the melee, then the lowest id (second book check 4) [PC.RETREAT.2] [PC.RETREAT.3]."""
    wb = st.stands[m.battle_of(winner)]
    if wb.on_board:
        return wb.hex
    here = st.stands[lb].hex
    alive = [st.stands[s] for s in m.stands if st.stands[s].side == winner and st.stands[s].on_board]
    return min(alive, key=lambda s: (s.hex.distance(here), s.id)).hex if alive else wb.hex


def _draw(ctx: Ctx, m: Melee) -> None:
    """Bounce types bounce; HC stay by default; the rest is an ongoing melee [PC.RESULT.5] [PC.RESULT.6]
    [PC.RESULT.9]."""
    st = ctx.st
    bounced = [b for b in bouncers(st, m) if st.stands[b].on_board]
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


def pursue(ctx: Ctx, wb: str, lb: str, lost_hex: Hex, path: list[Hex], mv: Movement) -> None:
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
    for e in zoc_holders(st, h, w.side):
        if e.hex in G.flank_or_rear(h, w.facing):
            return f"it would stand in {e.id}'s zone with {e.id} on its flank [PC.PURSUIT.7] [PC.ZOC.3]"
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
