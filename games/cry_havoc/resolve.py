"""Rolling and applying missile and combat results [CH.FIRE.1] [CH.MRT.3]-[CH.MRT.6] [CH.CRT.3]
[CH.CRT.4] [CH.COMBAT.8] [CH.MULE.6] [CH.RANSOM.2]-[CH.RANSOM.5] [CH.PBEM.13].
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex

from .combat import Combat, Odds, Piece, defence, piece
from .effects import Ctx, animal_retreat, dismount, do_retreat, hurt
from .fire import Shot
from .model import Animal, Character, Condition, Injury, Ransom
from .state import GameState
from .tables import (
    RETREAT_COMBAT,
    RETREAT_INFANTRY_MISSILE,
    RETREAT_MOUNTED_MISSILE,
    SURRENDER_ACCEPT,
    SURRENDER_ODDS,
    Table,
    lookup,
    odds_label,
)

MOUNTED_MISSILE = {
    "B": (Injury.STUN, True),
    "C": (Injury.WOUND, False),
    "D": (Injury.WOUND, True),
    "E": (Injury.KILL, False),
    "F": (Injury.KILL, True),
}
"""Missile results against a rider: (injury, horse killed) [CH.MRT.3]."""
MOUNTED_COMBAT = {
    "D": (Injury.STUN, True),
    "F": (Injury.WOUND, True),
    "G": (Injury.KILL, False),
    "H": (Injury.KILL, True),
}
"""Combat results against a rider that dismount him [CH.CRT.3]."""
INFANTRY_COMBAT = {"D": Injury.STUN, "E": Injury.WOUND, "F": Injury.KILL}
"""Combat results against men on foot [CH.CRT.4]."""


def _mark_attacked(state: GameState, target: str, by: str) -> None:
    c = state.characters.get(target)
    if c is not None and by not in c.attacked_by:
        state.characters[target] = replace(c, attacked_by=(*c.attacked_by, by))


def resolve_shot(ctx: Ctx, shot: Shot) -> None:
    """Roll one die for a missile attack and apply the result at once [CH.FIRE.1] steps 7-9: one firer,
    one target, one die; missile strengths never add up [CH.MISSILE.5]."""
    st = ctx.state
    firer = st.characters[shot.firer]
    t = piece(st, shot.target)
    assert t is not None
    if shot.hex in t.hexes and isinstance(t, Character) and st.board.at(shot.hex).name == "CORNER":
        st.nominees.setdefault(t.id, firer.id)  # [CH.COVER.9] default nominee: the first firer resolved
    die = ctx.roll(f"fire: {firer.id} at {t.id}, {odds_label(shot.column)} {shot.table.value}")
    res = lookup(shot.table, shot.column, die)
    ctx.say(
        f"{firer.id} fires at {t.id} ({shot.range} hexes, {shot.strength} vs {shot.defence}, "
        f"{shot.cover.name.lower()} cover, line {shot.line}): {odds_label(shot.column)},"
        f" die {die}: {res or 'no effect'}."
    )
    if firer.missiles is not None:
        st.characters[firer.id] = replace(st.characters[firer.id], missiles=firer.missiles - 1)  # [CH.AMMO.3]
    _mark_attacked(st, t.id, firer.id)
    st.last.setdefault("shots", []).append([[firer.hex.q, firer.hex.r], [shot.hex.q, shot.hex.r]])
    if res is None:
        return
    src = (firer.hex,)
    if isinstance(t, Animal):
        _animal_result(ctx, t, res, src, missile=True)
    elif not t.mounted:  # [CH.MRT.4] A retreat 2, B wounded, C killed
        if res == "A":
            do_retreat(ctx, t.id, RETREAT_INFANTRY_MISSILE, src, True)
        else:
            hurt(ctx, t.id, Injury.WOUND if res == "B" else Injury.KILL, firer.side, firer.hex)
    elif res == "A":
        do_retreat(ctx, t.id, RETREAT_MOUNTED_MISSILE, src, True)
    else:
        injury, horse_dies = MOUNTED_MISSILE[res]
        hurt(ctx, t.id, injury, firer.side, firer.hex, horse_dies=horse_dies)


def _animal_result(ctx: Ctx, a: Animal, res: str, sources: tuple[Hex, ...], missile: bool) -> None:
    """Animals: rider effects ignored; killed by B, D, F (missile) or D, F, H (combat) [CH.MRT.6] [CH.MULE.6]."""
    kills = ("B", "D", "F") if missile else ("D", "F", "H")
    if res in kills:
        ctx.state.animals[a.id] = replace(a, alive=False, leader="")
        ctx.say(f"  {a.id} is killed.")
    elif (missile and res == "A") or (not missile and res == "C"):
        animal_retreat(ctx, a, RETREAT_MOUNTED_MISSILE if missile else RETREAT_COMBAT, sources)


def casualty(ctx: Ctx, ids: list[str], what: str) -> str:
    """Who takes a casualty: non-fatal first, lowest attack + defence, then lowest id [CH.COMBAT.8] [CH.PBEM.13]."""
    st = ctx.state
    chars = [st.characters[i] for i in ids]
    if len(chars) == 1:
        return chars[0].id
    alive = [c for c in chars if c.condition is Condition.UNWOUNDED] or chars

    def worth(c: Character) -> tuple[int, str]:
        p = c.profile
        v = p.mounted if c.mounted and p.mounted else p.foot
        return (v.attack + v.defence, c.id)

    best = min(alive, key=worth)
    return ctx.choose(chars[0].side, f"casualty-{'-'.join(ids)}", f"who is {what}?", sorted(ids), best.id)


def surrender(ctx: Ctx, cb: Combat, od: Odds) -> str:
    """Offer, acceptance die and the attacker's proceed/withdraw choice [CH.RANSOM.2] [CH.RANSOM.3]:
    returns "surrendered", "withdrawn" or "fight"."""
    st = ctx.state
    if not st.config.options__ransom or len(cb.defenders) != 1:
        return "fight"
    k = st.characters.get(cb.defenders[0])
    if k is None or not k.quarter or k.ransom is not Ransom.FREE:
        return "fight"
    if not any(st.characters[a].profile.is_knight for a in cb.attackers):
        return "fight"
    col = od.column if st.config.ransom__odds_after_shift else min(od.attack // od.defence, 12)
    if col < SURRENDER_ODDS:
        return "fight"
    friends = [
        c
        for c in st.live(k.side)
        if c.id != k.id
        and c.ransom is not Ransom.PRISONER
        and any(h.distance(x) == 1 for h in c.hexes for x in k.hexes)
    ]
    if friends:
        return "fight"
    offer = ctx.choose(
        k.side, f"surrender-{k.id}", f"does {k.id} {k.name} offer to surrender?", ["offer", "never"], "offer"
    )
    if offer != "offer":
        ctx.say(f"  {k.id} will not surrender [CH.PBEM.12].")
        return "fight"
    die = ctx.roll(f"surrender: {k.id} offers to {', '.join(cb.attackers)}")
    if die <= SURRENDER_ACCEPT:
        _captured(ctx, k, cb)
        ctx.say(
            f"  {k.id} offers to surrender: die {die}, he surrenders and is a prisoner [CH.RANSOM.3] [CH.RANSOM.4]."
        )
        return "surrendered"
    side = st.characters[cb.attackers[0]].side
    go = ctx.choose(
        side,
        "after-refusal",
        "the surrender failed: proceed with the combat or withdraw?",
        ["proceed", "withdraw"],
        "proceed",
    )
    ctx.say(f"  {k.id} offers to surrender: die {die}, refused; the attackers {go} [CH.RANSOM.3] [CH.PBEM.26].")
    return "fight" if go == "proceed" else "withdrawn"


def _captured(ctx: Ctx, k: Character, cb: Combat) -> None:
    """The knight becomes a prisoner; escort: the attacking knight with the lowest id [CH.RANSOM.7] [CH.PBEM.20]."""
    st = ctx.state
    if k.mounted:
        k = dismount(ctx, k, k.condition, False, st.other(k.side), None)  # [CH.RANSOM.5]
    knights = sorted(a for a in cb.attackers if st.characters[a].profile.is_knight)
    st.characters[k.id] = replace(
        k, ransom=Ransom.PRISONER, captor=st.other(k.side), escort=tuple(knights[:1]), leading="", action=""
    )


def resolve_combat(ctx: Ctx, cb: Combat, od: Odds) -> bool:
    """Roll and apply one combat; False when it was withdrawn after a refused surrender [CH.COMBAT.7].

    Nobody advances into a hex left empty [CH.COMBAT.11]; animals take results as in [CH.CRT.7] [CH.MULE.6].
    """
    st = ctx.state
    outcome = surrender(ctx, cb, od)
    if outcome != "fight":
        return outcome == "surrendered"
    die = ctx.roll(
        f"combat: {'+'.join(cb.attackers)} vs {'+'.join(cb.defenders)}, {odds_label(od.column)} {od.table.value}"
    )
    res = lookup(od.table, od.column, die)
    ctx.say(
        f"{'+'.join(cb.attackers)} attack{'s' if len(cb.attackers) == 1 else ''} {'+'.join(cb.defenders)}"
        f" ({od.attack} vs {od.defence}, terrain {od.shift:+d}): {odds_label(od.column)},"
        f" die {die}: {res or 'no effect'}."
    )
    for pid in (*cb.attackers, *cb.defenders):
        c = st.characters.get(pid)
        if c is not None:
            st.characters[pid] = replace(c, fought_phases=(*c.fought_phases, st.phase_no))  # [CH.COMBAT.12]
    for d in cb.defenders:
        for a in cb.attackers:
            _mark_attacked(st, d, a)
    target = piece(st, cb.defenders[0])
    for aid in cb.attackers:
        who = st.characters[aid]
        if who.body is not None and target is not None and target.hexes:
            st.last.setdefault("attacks", []).append([[who.hex.q, who.hex.r], [target.hexes[0].q, target.hexes[0].r]])
    if res is not None:
        _combat_result(ctx, cb, od, res)
    return True


def _hexes(state: GameState, ids: tuple[str, ...]) -> tuple[Hex, ...]:
    return tuple(h for i in ids if (p := piece(state, i)) is not None for h in p.hexes)


def _combat_result(ctx: Ctx, cb: Combat, od: Odds, res: str) -> None:
    st = ctx.state
    att_side = st.characters[cb.attackers[0]].side
    near = st.characters[sorted(cb.attackers)[0]].hex
    mounted_table = od.table is Table.CRT_MOUNTED
    if res == "A":
        who = casualty(ctx, list(cb.attackers), "wounded among the attackers")
        hurt(ctx, who, Injury.WOUND, st.other(att_side), None, stay_mounted=True)  # [CH.COMBAT.9]
        return
    if res == "B":
        src = _hexes(st, cb.defenders)
        for a in sorted(cb.attackers):  # [CH.RETREAT.7] [CH.PBEM.15]
            if st.characters[a].live:
                do_retreat(ctx, a, RETREAT_COMBAT, src, mounted_table)
        return
    d0: Piece | None = piece(st, cb.defenders[0])
    if isinstance(d0, Animal):
        _animal_result(ctx, d0, res, _hexes(st, cb.attackers), missile=False)
        return
    if res == "C":
        src = _hexes(st, cb.attackers)
        for d in sorted(cb.defenders):  # [CH.CRT.5] 1 hex, as any retreat
            if st.characters[d].live:
                do_retreat(ctx, d, RETREAT_COMBAT, src, mounted_table)
        return
    who = casualty(ctx, list(cb.defenders), f"hit ({res})")
    if mounted_table and res == "E":
        hurt(ctx, who, Injury.WOUND, att_side, near, stay_mounted=True)  # [CH.CRT.3] still mounted
    elif mounted_table:
        injury, horse_dies = MOUNTED_COMBAT[res]
        hurt(ctx, who, injury, att_side, near, horse_dies=horse_dies)
    else:
        hurt(ctx, who, INFANTRY_COMBAT[res], att_side, near)


def defence_of(state: GameState, pid: str) -> int:
    p = piece(state, pid)
    assert p is not None
    return defence(state, p)
