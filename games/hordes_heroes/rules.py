"""verify / do for every kind of order but the normal move (see `movement`) [HH.MOVE.17-26, HH.CMD.1, ...].

`verify_*` raises `Illegal` with a precise Problem; `do_*` applies a verified order to a state (mutating it) and
returns narrative lines. The bound's order table (`table.ORDERS`) pairs them for the runner, validator and bot.
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex

from .battlefield import Terrain
from .geometry import (
    Facing,
    direction,
    edge_dist,
    front_sides,
    nearest_point_facing,
    rear_sides,
    side_key,
)
from .model import Category, Formation, Unit
from .movement import (
    Illegal,
    MovePlan,
    Problem,
    can_form_column,
    check_may_move,
    check_not_follower,
    following_rear,
    split_partner,
    uname,
)
from .orders import (
    Combine,
    CombineBlocks,
    Disembark,
    Disengage,
    DropPavisses,
    Embark,
    Exchange,
    GeneralMove,
    HoldFire,
    Rally,
    Rejoin,
    Separate,
    Single,
    Stakes,
    Swap,
)
from .state import GameState
from .zoc import (
    adjacent_enemies,
    can_occupy,
    can_step,
    engaged_at,
    engaged_with,
    exerts_zoc_into,
    general_can_occupy,
    is_engaged,
)


def _unit(state: GameState, uid: int) -> Unit:
    u = state.units.get(uid)
    if u is None or not u.on_table:
        raise Illegal(Problem("HH.MOVE.1", f"unit {uid} is not on the table"))
    return u


def _fail(code: str, msg: str, hint: str = "") -> None:
    raise Illegal(Problem(code, msg, hint))


# --- contact and after-move bookkeeping ---------------------------------------------------------


def apply_plan(state: GameState, plan: MovePlan, how: str = "moves") -> list[str]:
    """Apply a move plan with the contact procedure (HH.MOVE.27) and markers (HH.SEQ.16)."""
    before = state.units[plan.unit.id]
    lab = state.label
    u = plan.unit
    state.units[u.id] = u
    move_generals_with(state, before, u)
    if plan.activated:
        state.activated = state.activated | frozenset(plan.activated)
    lines = []
    path = " ".join(lab(h) for h in plan.steps)
    if plan.steps:
        lines.append(
            f"{uname(state, u)} {how} {lab(before.hex)} -> {path}, facing {u.facing.name}, {u.formation.value}"
            f" ({plan.mp}/{plan.allowance} MP)."
        )
    else:
        lines.append(f"{uname(state, u)} stays in {lab(u.hex)}, now facing {u.facing.name}, {u.formation.value}.")
    if plan.rear is not None:
        r = plan.rear
        state.units[r.id] = r
        if plan.split:
            lines.append(
                f"{uname(state, u)} splits at the restriction {lab(u.hex)}: {u.stands} stands enter it and {r.stands}"
                f" stay behind in {lab(r.hex)} as {uname(state, r)}, linked to it [HH.TERR.42, HH.TERR.43]."
            )
        else:
            lines.append(f"{uname(state, r)} follows unit {u.id} to {lab(r.hex)} [HH.TERR.43].")
    if before.pavisses and not u.pavisses:
        lines.append(f"{uname(state, u)} drops its pavisses on making contact [HH.SPECIAL.9].")
    if plan.contacts:
        lines.extend(contact(state, u, plan.contacts))
    clear_sc(state)
    return lines


def contact(state: GameState, mover: Unit, contacts: tuple[int, ...]) -> list[str]:
    """The contact procedure once M has stopped (HH.MOVE.27, HH.PD.14, HH.PD.17); only movement contacts allow an
    evade or flee response, never a follow-up or pursuit (ruling HH.COMP.46). An engaged unit attacked through a rear
    side does not turn (HH.HTH.22)."""
    from .compulsory import try_evade, try_flee_response

    lines = []
    kept = []
    for cid in sorted(contacts):  # HH.PD.14: responses in ascending unit id
        v = state.units[cid]
        v = replace(v, contacted_by=tuple(sorted(set(v.contacted_by) | {mover.id})))
        state.units[cid] = v
        sp = state.standing_for(v.side).for_unit(v.id)
        # HH.COMP.42-46, HH.PD.15, HH.PD.16: evade (default yes), else flee response (default no).
        resp = try_evade(state, v, mover) if sp.evade else None
        if resp is None and sp.flee_response:
            resp = try_flee_response(state, v, mover)
        if resp is not None:
            lines += resp
            continue
        kept.append(cid)
    contacts = tuple(kept)
    if not contacts:
        # HH.COMP.45: the mover may carry on with its remaining MP (engine.carry_on, run_bound for aggressive units).
        lines.append(
            f"{uname(state, mover)} is at {state.label(mover.hex)}: every contacted unit got away [HH.COMP.45]."
        )
        return lines
    prim = next(
        (
            c
            for c in contacts
            if direction(mover.hex, state.units[c].hex) == mover.facing.side  # type: ignore[arg-type]
            and not mover.facing.is_point
        ),
        min(contacts),
    )
    state.contact_order = state.contact_order + ((mover.id, prim),)
    lines.append(
        f"{uname(state, mover)} makes contact with {', '.join(f'unit {c}' for c in sorted(contacts))}"
        f" at {state.label(mover.hex)} and faces {mover.facing.name} [HH.MOVE.27]."
    )
    for cid in sorted(contacts):
        v = state.units[cid]
        sp = state.standing_for(v.side).for_unit(v.id)
        others = [w for w in engaged_with(state, v) if w.id != mover.id]
        d = direction(v.hex, mover.hex)  # type: ignore[arg-type]
        if d is None or v.disrupted and False:
            continue
        if sp.turn_to_face and not others:
            nf = Facing.of_side(d)
            if nf != v.facing:
                state.units[cid] = replace(v, facing=nf)
                lines.append(f"{uname(state, v)} turns to face {nf.name} [HH.HTH.21, HH.PD.17].")
    return lines


def clear_sc(state: GameState) -> None:
    """Remove SC markers from units no longer engaged (HH.SEQ.16)."""
    for uid, u in sorted(state.units.items()):
        if u.static_combat and u.on_table and not is_engaged(state, u):
            state.units[uid] = replace(u, static_combat=False)


def move_generals_with(state: GameState, before: Unit, after: Unit) -> None:
    """Attached generals go with their host (HH.GEN.8)."""
    if before.hex == after.hex or before.hex is None:
        return
    for gid, g in sorted(state.generals.items()):
        if g.alive and g.side == before.side and g.hex == before.hex:
            state.generals[gid] = replace(g, hex=after.hex)


# --- single-hex move ----------------------------------------------------------------------------


def verify_single(state: GameState, o: Single, commanded: frozenset[int]) -> Unit:
    """The single-hex move (HH.MOVE.17, HH.MOVE.18, HH.TERR.5): returns the unit after it."""
    u = _unit(state, o.unit)
    check_may_move(state, u, u.id in commanded)
    check_not_follower(state, u)
    if is_engaged(state, u):
        _fail("HH.MOVE.22", f"{uname(state, u)} is engaged and may not leave its hex or turn")
    if o.to not in (None, u.hex) and following_rear(state, u) is not None:
        _fail(
            "HH.TERR.43",
            f"{uname(state, u)} is split: a single-hex move would leave its rear part behind",
            f"use `move {u.id} ...`: the rear part follows a normal move",
        )
    p = state.profile(u)
    bf = state.field
    a = u.hex
    assert a is not None
    to = o.to or a
    formation = o.formation or u.formation
    if o.formation is Formation.COLUMN and not can_form_column(state, u):
        _fail("HH.MOVE.13", f"{uname(state, u)} cannot form column")
    if to != a:
        d = direction(a, to)
        if d is None:
            _fail(
                "HH.MOVE.17", f"{uname(state, u)}: a single-hex move goes to an adjacent hex; {state.label(to)} is not"
            )
        if side_key(a, to) in state.stakes:
            _fail("HH.SPECIAL.15", f"{uname(state, u)} cannot cross the staked side into {state.label(to)}")
        if bf.is_steep(a, to) and (p.category.mounted or p.category.wheeled):
            _fail("HH.TERR.55", f"{uname(state, u)} cannot cross the steep side into {state.label(to)}")
        if bf.is_wall(a, to) and p.category.wheeled:
            _fail("HH.TERR.65", f"{uname(state, u)} cannot cross the wall into {state.label(to)}")
        if not can_step(state, p, a, to):
            _fail("HH.TERR.2", f"{uname(state, u)} cannot enter {state.label(to)} ({bf.terrain_at(to).value})")
        occ = state.unit_at(to)
        if occ is not None:
            _fail("HH.MOVE.19", f"{uname(state, u)} may not end in {state.label(to)}: {uname(state, occ)} is there")
        for g in state.generals_at(to):
            if g.side != u.side:
                _fail("HH.MOVE.30", f"{uname(state, u)} cannot enter {state.label(to)}: enemy general {g.id} is there")
        if formation != u.formation:
            ta, tb = bf.terrain_at(a), bf.terrain_at(to)
            banned = (
                Terrain.RIVER in (ta, tb)
                and not (to in bf.bridges or to in bf.fords)
                or Terrain.BUA in (ta, tb)
                or ta is tb is Terrain.WOOD
                or ta is tb is Terrain.BROKEN
                or bf.is_steep(a, to)
                or bf.is_wall(a, to)
            )
            if banned:
                _fail("HH.MOVE.14", f"{uname(state, u)} may not change formation in a step into or out of that terrain")
        if bf.is_restriction(to, state.options.restrict_tracks) and u.stands > 4:
            _fail(
                "HH.TERR.42",
                f"{uname(state, u)} has {u.stands} stands and splits entering the restriction at {state.label(to)}",
                f"use a normal move (`move {u.id} {state.label(to)}`)",
            )
        if bf.is_restriction(to, state.options.restrict_tracks) and formation is Formation.DEPLOYED:
            if can_form_column(state, u):
                _fail(
                    "HH.TERR.40",
                    f"{uname(state, u)} must be in column to enter the ford or bridge at {state.label(to)}",
                    "add `column` to the single-hex move",
                )
            formation = Formation.SQUEEZED
    facing = o.facing or u.facing
    if o.facing is not None and not facing.is_point:
        road_side = bf.is_road(to) and facing.side in bf.road_sides.get(to, frozenset())
        if not road_side:
            _fail("HH.MOVE.17", f"{uname(state, u)} must end a single-hex move facing a hex point (or a road side)")
    return replace(
        u,
        hex=to,
        facing=facing,
        formation=formation,
        moved_this_phase=True,
        # HH.ART.3: a formation change stops artillery shooting this bound, like entering a hex.
        moved_this_bound=u.moved_this_bound or to != a or (state.profile(u).is_artillery and formation != u.formation),
        hold_fire=u.hold_fire and to == a and formation == u.formation,
    )


def do_single(state: GameState, o: Single, after: Unit) -> list[str]:
    before = state.units[after.id]
    contacts = (
        tuple(
            v.id
            for v in state.live_units(state.other(after.side))
            if after.hex is not None
            and v.hex is not None
            and exerts_zoc_into(state, v, after.hex)
            and can_occupy(state, state.profile(after), v.hex)
            and not state.field.is_steep(after.hex, v.hex)
        )
        if after.hex != before.hex
        else ()
    )
    if contacts and o.facing is None:
        prim = min(contacts)
        after = replace(after, facing=Facing.of_side(direction(after.hex, state.units[prim].hex)))  # type: ignore[arg-type]
    if contacts:
        after = replace(after, pavisses=False)
    plan = MovePlan(after, (after.hex,) if after.hex != before.hex else (), (), 0, 0, contacts, ())  # type: ignore[arg-type]
    return apply_plan(state, plan, "makes a single-hex move")


# --- interchange ------------------------------------------------------------------------------


def verify_swap(state: GameState, o: Swap, commanded: frozenset[int]) -> tuple[Unit, Unit]:
    """Interchange (HH.MOVE.21): adjacent friends, neither adjacent to an enemy unit, each able to enter."""
    a, b = _unit(state, o.a), _unit(state, o.b)
    for u in (a, b):
        check_may_move(state, u, u.id in commanded)
        if split_partner(state, u) is not None:
            _fail(
                "HH.TERR.43",
                f"{uname(state, u)} is one part of a split unit and may not interchange",
                f"re-form it first with `rejoin {min(u.id, u.split_link or u.id)}`",
            )
    if a.side != b.side:
        _fail("HH.MOVE.21", "only two friendly units may interchange")
    if direction(a.hex, b.hex) is None:  # type: ignore[arg-type]
        _fail("HH.MOVE.21", f"units {a.id} and {b.id} are not adjacent")
    for u in (a, b):
        if adjacent_enemies(state, u.side, u.hex):  # type: ignore[arg-type]
            _fail("HH.MOVE.21", f"{uname(state, u)} is adjacent to an enemy unit and may not interchange")
    for u, other in ((a, b), (b, a)):
        p = state.profile(u)
        if not can_step(state, p, u.hex, other.hex):  # type: ignore[arg-type]
            _fail("HH.MOVE.21", f"{uname(state, u)} cannot enter {state.label(other.hex)}")
        if state.field.is_steep(u.hex, other.hex) and (p.category.mounted or p.category.wheeled):  # type: ignore[arg-type]
            _fail("HH.TERR.55", f"{uname(state, u)} cannot cross the steep side")
        if side_key(u.hex, other.hex) in state.stakes:  # type: ignore[arg-type]
            _fail("HH.SPECIAL.15", "the units cannot interchange across planted stakes")
    out = []
    for u, other, f in ((a, b, o.facing_a), (b, a, o.facing_b)):
        nf = f or u.facing
        if f is not None and not f.is_point:
            _fail("HH.MOVE.21", f"{uname(state, u)} must face a hex point after an interchange")
        out.append(replace(u, hex=other.hex, facing=nf, moved_this_phase=True, moved_this_bound=True, hold_fire=False))
    return out[0], out[1]


def do_swap(state: GameState, a: Unit, b: Unit) -> list[str]:
    ba, bb = state.units[a.id], state.units[b.id]
    # Generals stay with their hosts (HH.GEN.8): collect first, then move.
    ga = [g.id for g in state.generals.values() if g.alive and g.hex == ba.hex and g.side == ba.side]
    gb = [g.id for g in state.generals.values() if g.alive and g.hex == bb.hex and g.side == bb.side]
    for gid in ga:
        state.generals[gid] = replace(state.generals[gid], hex=a.hex)
    for gid in gb:
        state.generals[gid] = replace(state.generals[gid], hex=b.hex)
    state.units[a.id], state.units[b.id] = a, b
    return [
        f"{uname(state, a)} and {uname(state, b)} interchange ({state.label(ba.hex)} <-> {state.label(bb.hex)})"
        " [HH.MOVE.21]."
    ]


# --- disengage ----------------------------------------------------------------------------------


def disengage_options(state: GameState, u: Unit) -> list[Hex]:
    """Legal rear hexes, in default order: smaller edge distance, then lowest hex id (HH.MOVE.24, HH.PD.11)."""
    assert u.hex is not None
    bf = state.field
    out = []
    for s in rear_sides(u.facing):
        h = u.hex.neighbour(s)
        if not bf.on_map(h) or not can_step(state, state.profile(u), u.hex, h):
            continue
        if state.unit_at(h) is not None or any(g.side != u.side for g in state.generals_at(h)):
            continue
        if bf.is_steep(u.hex, h) or side_key(u.hex, h) in state.stakes:
            continue
        out.append(h)
    edge = state.edges.get(u.side)
    return sorted(out, key=lambda h: (edge_dist(edge, h, bf.rows) if edge else 0, h))


def verify_disengage(state: GameState, o: Disengage, commanded: frozenset[int]) -> tuple[Unit, Hex]:
    """Class-A infantry (not a horde) steps back one hex, facing unchanged (HH.MOVE.24, HH.MOVE.22)."""
    u = _unit(state, o.unit)
    check_may_move(state, u, u.id in commanded)
    p = state.profile(u)
    if not (p.may_disengage or (p.cls.value == "A" and p.category.value == "infantry" and not p.horde)):
        _fail("HH.MOVE.24", f"{uname(state, u)} may not disengage: only class-A infantry that is not a horde may")
    if not is_engaged(state, u):
        _fail("HH.MOVE.24", f"{uname(state, u)} is not engaged; use `move` instead")
    opts = disengage_options(state, u)
    if not opts:
        _fail("HH.MOVE.24", f"{uname(state, u)} has no vacant, passable rear hex to disengage into")
    to = o.to or opts[0]
    if to not in opts:
        _fail("HH.MOVE.24", f"{uname(state, u)} may disengage only into {', '.join(state.label(h) for h in opts)}")
    return u, to


def do_disengage(state: GameState, u: Unit, to: Hex) -> list[str]:
    """Move back, then the default follow-up by the lowest-id engaged enemy that may enter (HH.PD.19, HH.MOVE.25)."""
    was_engaged = engaged_with(state, u)
    old = u.hex
    after = replace(u, hex=to, moved_this_phase=True, moved_this_bound=True)
    contacts = tuple(
        v.id
        for v in state.live_units(state.other(u.side))
        if v.hex is not None and exerts_zoc_into(state, v, to) and v.id not in {w.id for w in was_engaged}
    )
    plan = MovePlan(after, (to,), (), 1, 1, contacts, ())
    lines = apply_plan(state, plan, "disengages")
    for v in sorted(was_engaged, key=lambda w: w.id):
        sp = state.standing_for(v.side).for_unit(v.id)
        if not sp.follow_disengage:
            continue
        if not can_step(state, state.profile(v), v.hex, old) or state.field.is_steep(v.hex, old):  # type: ignore[arg-type]
            continue
        if side_key(v.hex, old) in state.stakes:  # type: ignore[arg-type]
            continue
        moved = replace(v, hex=old)
        state.units[v.id] = moved
        move_generals_with(state, v, moved)
        lines.append(f"{uname(state, v)} follows up into {state.label(old)} [HH.MOVE.24, HH.PD.19].")
        break
    clear_sc(state)
    return lines


# --- combining reduced units ---------------------------------------------------------------------


def verify_combine(state: GameState, o: Combine, commanded: frozenset[int]) -> tuple[Unit, Unit, int, int]:
    """Two reduced units of one profile merge (HH.STAND.6, HH.STAND.7, HH.PD.12).

    Returns (survivor after merge, absorbed unit, merged stands, stands lost).
    """
    a, b = _unit(state, o.a), _unit(state, o.b)
    for u in (a, b):
        check_may_move(state, u, u.id in commanded)
        if is_engaged(state, u):
            _fail("HH.STAND.6", f"{uname(state, u)} is engaged and may not combine")
        if u.stands >= u.nominal:
            _fail("HH.STAND.6", f"{uname(state, u)} is at full strength; only reduced units combine")
    if a.side != b.side or a.profile != b.profile:
        _fail("HH.STAND.6", f"units {a.id} and {b.id} are not of the same troop type and class")
    if direction(a.hex, b.hex) is None:  # type: ignore[arg-type]
        _fail("HH.STAND.6", f"units {a.id} and {b.id} are not adjacent")
    if o.at is not None and o.at not in (a.hex, b.hex):
        _fail("HH.STAND.6", f"the merged unit stays in the hex of one of the two, not {state.label(o.at)}")
    at = o.at or min((a, b), key=lambda u: (-u.stands, u.id)).hex
    keep, gone = (a, b) if a.hex == at else (b, a)
    p = state.profile(keep)
    total = a.stands + b.stands
    if p.horde or p.pike:
        size = 6 if total >= 6 else min(total, 4)
    else:
        size = min(total, p.stands)
    merged = replace(keep, stands=size, nominal=size, moved_this_phase=True)
    return merged, gone, size, total - size


def do_combine(state: GameState, merged: Unit, gone: Unit, lost: int) -> list[str]:
    state.units[merged.id] = merged
    for gid, g in sorted(state.generals.items()):
        if g.alive and g.hex == gone.hex and g.side == gone.side:
            state.generals[gid] = replace(g, hex=merged.hex)
    state.units[gone.id] = replace(gone, hex=None, stands=0, eliminated=True, moved_this_phase=True)
    if lost:
        cas = state.casualties.setdefault(merged.side, {})
        cas[merged.base_profile] = cas.get(merged.base_profile, 0) + lost
    return [
        f"{uname(state, gone)} joins {uname(state, merged)} at {state.label(merged.hex)}: {merged.stands} stands"
        f"{f', {lost} lost' if lost else ''} [HH.STAND.6]."
    ]


# --- pike blocks and 6-stand hordes ----------------------------------------------------------------


def _ready(state: GameState, units: list[Unit], commanded: frozenset[int], code: str) -> None:
    """Commanded, undisrupted, not engaged, not yet moved (HH.SPECIAL.30, HH.SPECIAL.24)."""
    for u in units:
        check_may_move(state, u, u.id in commanded)
        if is_engaged(state, u):
            _fail(code, f"{uname(state, u)} is engaged")
    if len({u.id for u in units}) != len(units) or len({u.side for u in units}) != 1:
        _fail(code, "name different units of your own side")


def _split(total: int, parts: int) -> list[int]:
    """Stands shared as evenly as possible, larger shares first (HH.SPECIAL.30)."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def verify_blocks(state: GameState, o: CombineBlocks, commanded: frozenset[int]) -> tuple[list[Unit], Unit]:
    """Three 4-stand pike or horde units in a chain of adjacent hexes become two 6-stand units in two of the hexes
    (HH.SPECIAL.28, HH.SPECIAL.30, HH.SPECIAL.32, HH.BASE.5). Returns (the two new units, the unit absorbed)."""
    us = [_unit(state, i) for i in (o.a, o.b, o.c)]
    _ready(state, us, commanded, "HH.SPECIAL.30")
    p = state.profile(us[0])
    if not (p.pike or p.horde) or any(u.profile != us[0].profile for u in us):
        _fail("HH.SPECIAL.28", "only three units of one pike or horde troop type combine into 6-stand units")
    if any(u.nominal != 4 for u in us):
        _fail("HH.SPECIAL.28", "only units bought as 4-stand units combine into 6-stand units")
    hexes = [u.hex for u in us if u.hex is not None]  # on the table: checked by _ready
    links = sum(1 for i, j in ((0, 1), (0, 2), (1, 2)) if direction(hexes[i], hexes[j]) is not None)
    if links < 2:
        _fail("HH.SPECIAL.30", "the three units must stand in a connected chain of adjacent hexes")
    keep_hexes = [o.at, o.at2] if o.at and o.at2 else [us[0].hex, us[1].hex]
    keep = [u for u in us if u.hex in keep_hexes]
    if len(keep) != 2 or keep_hexes[0] == keep_hexes[1]:
        _fail("HH.SPECIAL.30", "the two 6-stand units stay in two of the three units' hexes")
    gone = next(u for u in us if u not in keep)
    shares = _split(sum(u.stands for u in us), 2)
    new = [replace(u, stands=min(6, s), nominal=6, moved_this_phase=True) for u, s in zip(keep, shares, strict=True)]
    return new, gone


def do_blocks(state: GameState, new: list[Unit], gone: Unit) -> list[str]:
    for u in new:
        state.units[u.id] = u
    _absorb(state, gone, new[0])
    what = "pike blocks" if state.profile(new[0]).pike else "6-stand hordes"
    return [
        f"units {new[0].id}, {new[1].id} and {gone.id} combine into two {what}: {uname(state, new[0])}"
        f" ({new[0].stands} stands) and {uname(state, new[1])} ({new[1].stands}); {state.label(gone.hex)} is left"
        f" empty [HH.SPECIAL.28, HH.SPECIAL.30]."
    ]


def _absorb(state: GameState, gone: Unit, into: Unit) -> None:
    """A unit that disappears into others: its generals join `into`; its stands are not casualties."""
    for gid, g in sorted(state.generals.items()):
        if g.alive and g.hex == gone.hex and g.side == gone.side:
            state.generals[gid] = replace(g, hex=into.hex)
    state.units[gone.id] = replace(gone, hex=None, stands=0, eliminated=True, moved_this_phase=True)


def verify_separate(state: GameState, o: Separate, commanded: frozenset[int]) -> tuple[list[Unit], Unit]:
    """Two adjacent 6-stand pike blocks or hordes become three 4-stand units, the third in a vacant hex next to one
    of them (HH.SPECIAL.28, HH.SPECIAL.30, HH.SPECIAL.33). Returns (the two units after, the new unit)."""
    a, b = _unit(state, o.a), _unit(state, o.b)
    _ready(state, [a, b], commanded, "HH.SPECIAL.30")
    p = state.profile(a)
    if not (p.pike or p.horde) or a.profile != b.profile or a.nominal != 6 or b.nominal != 6:
        _fail("HH.SPECIAL.28", "only two 6-stand units of one pike or horde troop type separate into three")
    if direction(a.hex, b.hex) is None:  # type: ignore[arg-type]
        _fail("HH.SPECIAL.30", f"units {a.id} and {b.id} are not adjacent")
    total = a.stands + b.stands
    if total < 6:
        _fail("HH.SPECIAL.30", f"only {total} stands between them: separating needs 6 or more")
    free = sorted(
        h
        for u in (a, b)
        for h in u.hex.neighbours()  # type: ignore[union-attr]
        if state.unit_at(h) is None
        and can_occupy(state, p, h)
        and not any(g.side != a.side for g in state.generals_at(h))
    )
    into = o.into if o.into is not None else (free[0] if free else None)
    if into is None or into not in free:
        _fail("HH.SPECIAL.30", "the third unit needs a vacant hex next to one of the two")
    assert into is not None
    s = _split(total, 3)
    parent = a if direction(a.hex, into) is not None else b  # type: ignore[arg-type]
    nid = max(state.units) + 1
    third = replace(parent, id=nid, hex=into, stands=min(4, s[2]), nominal=4, moved_this_phase=True)
    after = [replace(u, stands=min(4, k), nominal=4, moved_this_phase=True) for u, k in zip((a, b), s[:2], strict=True)]
    return after, third


def do_separate(state: GameState, after: list[Unit], third: Unit) -> list[str]:
    for u in after:
        state.units[u.id] = u
    state.units[third.id] = third
    return [
        f"units {after[0].id} and {after[1].id} separate into three units: {after[0].stands}, {after[1].stands} and"
        f" the new unit {third.id} with {third.stands} stands at {state.label(third.hex)} [HH.SPECIAL.30]."
    ]


def verify_rejoin(state: GameState, o: Rejoin, commanded: frozenset[int]) -> tuple[Unit, Unit]:
    """The two parts of a split 6-stand unit re-form in the front part's hex, instead of moving: both adjacent,
    neither in a restriction hex, neither disrupted nor engaged, both under command and not yet moved (HH.TERR.42,
    ruling HH.TERR.43). Returns (the re-formed unit, the rear part it absorbs)."""
    u = _unit(state, o.unit)
    other = split_partner(state, u)
    if other is None:
        _fail(
            "HH.TERR.43",
            f"{uname(state, u)} is not part of a split unit",
            "only the two parts of a 6-stand unit split at a ford, bridge or restricted track rejoin",
        )
    assert other is not None
    front, rear = (u, other) if other.split_rear else (other, u)
    for w in (front, rear):
        check_may_move(state, w, w.id in commanded)
        if is_engaged(state, w):
            _fail("HH.TERR.43", f"{uname(state, w)} is engaged; the parts re-form only out of combat")
    if direction(front.hex, rear.hex) is None:  # type: ignore[arg-type]
        _fail(
            "HH.TERR.43",
            f"the parts {front.id} and {rear.id} are not adjacent",
            "bring them next to each other first",
        )
    for w in (front, rear):
        if state.field.is_restriction(w.hex, state.options.restrict_tracks):  # type: ignore[arg-type]
            _fail(
                "HH.TERR.43",
                f"{uname(state, w)} is still in the restriction at {state.label(w.hex)}; the parts re-form once the"
                " whole unit is past it",
                "move the front part on a hex first",
            )
    formation = Formation.DEPLOYED if front.formation is Formation.SQUEEZED else front.formation
    merged = replace(
        front,
        stands=front.stands + rear.stands,
        nominal=front.nominal + rear.nominal,
        formation=formation,
        split_link=None,
        moved_this_phase=True,
    )
    return merged, rear


def do_rejoin(state: GameState, merged: Unit, rear: Unit) -> list[str]:
    state.units[merged.id] = merged
    _absorb(state, rear, merged)
    state.units[rear.id] = replace(state.units[rear.id], split_link=None)
    return [
        f"{uname(state, merged)} re-forms at {state.label(merged.hex)}: its rear part {rear.id} rejoins it"
        f" ({merged.stands} stands, nominal {merged.nominal}) [HH.TERR.42, HH.TERR.43]."
    ]


# --- boats and rafts ---------------------------------------------------------------------------------


def aboard(state: GameState, uid: int) -> int:
    """The unit an order naming `uid` means: a loaded boat's id stands for its passengers (ruling HH.TERR.47)."""
    u = state.units.get(uid)
    return u.carrying if u is not None and u.carrying is not None else uid


def verify_embark(state: GameState, o: Embark, commanded: frozenset[int]) -> tuple[Unit, Unit]:
    """A unit on land boards an empty friendly boat in an adjacent lake hex: the unit's whole move (ruling
    HH.TERR.47). Returns (the unit aboard, standing on the boat's hex; the boat, off the table while it carries)."""
    u, b = _unit(state, o.unit), _unit(state, o.boat)
    check_may_move(state, u, u.id in commanded)
    check_not_follower(state, u)
    if u.boat is not None or state.profile(u).category is Category.BOAT:
        _fail("HH.TERR.47", f"{uname(state, u)} is a boat or already afloat and cannot embark")
    if state.profile(b).category is not Category.BOAT or b.side != u.side:
        _fail("HH.TERR.47", f"{uname(state, b)} is not a boat of your side", "name one of your boats after `onto`")
    if is_engaged(state, u):
        _fail("HH.MOVE.22", f"{uname(state, u)} is engaged and may not leave its hex")
    if split_partner(state, u) is not None:
        _fail("HH.TERR.47", f"{uname(state, u)} is a split unit; `rejoin` it before it embarks")
    if direction(u.hex, b.hex) is None:  # type: ignore[arg-type]
        _fail(
            "HH.TERR.47",
            f"{uname(state, u)} is not next to boat {b.id} at {state.label(b.hex)}",
            "a unit embarks from a land hex adjacent to the boat",
        )
    assert b.hex is not None and u.hex is not None
    moved = replace(u, hex=b.hex)
    enemies = [v.id for v in state.live_units(state.other(u.side)) if engaged_at(state, moved, b.hex, v)]
    if enemies:
        _fail("HH.TERR.47", f"boat {b.id} is in the zone of control of enemy unit {enemies[0]}; embark out of it")
    facing = nearest_point_facing(u.hex, b.hex, u.facing)
    passengers = replace(
        moved,
        boat=b.id,
        facing=facing,
        formation=Formation.DEPLOYED,
        moved_this_phase=True,
        moved_this_bound=True,
        hold_fire=False,
    )
    return passengers, replace(b, hex=None, carrying=u.id, moved_this_phase=True)


def do_embark(state: GameState, passengers: Unit, boat: Unit) -> list[str]:
    before = state.units[passengers.id]
    state.units[passengers.id] = passengers
    state.units[boat.id] = boat
    move_generals_with(state, before, passengers)
    return [
        f"{uname(state, passengers)} embarks from {state.label(before.hex)} onto {uname(state, boat)} at"
        f" {state.label(passengers.hex)}: a full move; it is afloat [HH.TERR.47]."
    ]


def verify_disembark(state: GameState, o: Disembark, commanded: frozenset[int]) -> tuple[Unit, Unit]:
    """A unit aboard a boat lands on an adjacent land hex it may occupy: its whole move (HH.TERR.45). The boat stays
    empty in the lake hex. Returns (the unit ashore, the boat)."""
    u = _unit(state, aboard(state, o.unit))
    if u.boat is None:
        _fail("HH.TERR.45", f"{uname(state, u)} is not aboard a boat", "only a unit on a boat or raft disembarks")
    check_may_move(state, u, u.id in commanded)
    if is_engaged(state, u):
        _fail("HH.MOVE.22", f"{uname(state, u)} is engaged and may not leave its hex")
    assert u.hex is not None and u.boat is not None
    to = o.to
    p = state.profile(u)
    if direction(u.hex, to) is None or not state.field.on_map(to):
        _fail("HH.TERR.45", f"{uname(state, u)} can disembark only onto a hex next to its boat at {state.label(u.hex)}")
    if not can_occupy(state, p, to) or state.field.is_steep(u.hex, to) or state.field.is_wall(u.hex, to):
        _fail("HH.TERR.45", f"{uname(state, u)} cannot disembark onto {state.label(to)}: it may not go there")
    occ = state.unit_at(to)
    if occ is not None or any(g.side != u.side for g in state.generals_at(to)):
        _fail("HH.TERR.45", f"{uname(state, u)} cannot disembark onto {state.label(to)}: the hex is occupied")
    boat = state.units[u.boat]
    ashore = replace(
        u,
        hex=to,
        boat=None,
        facing=nearest_point_facing(u.hex, to, u.facing),
        moved_this_phase=True,
        moved_this_bound=True,
    )
    return ashore, replace(boat, hex=u.hex, carrying=None, facing=u.facing, moved_this_phase=True)


def do_disembark(state: GameState, ashore: Unit, boat: Unit) -> list[str]:
    before = state.units[ashore.id]
    state.units[ashore.id] = ashore
    state.units[boat.id] = boat
    move_generals_with(state, before, ashore)
    lines = [
        f"{uname(state, ashore)} disembarks from {uname(state, boat)} at {state.label(boat.hex)} onto"
        f" {state.label(ashore.hex)}: a full move [HH.TERR.45]."
    ]
    contacts = tuple(v.id for v in engaged_with(state, ashore))
    if contacts:
        lines += contact(state, ashore, contacts)
    return lines


# --- combined arms ----------------------------------------------------------------------------------


def verify_exchange(state: GameState, o: Exchange, commanded: frozenset[int]) -> tuple[Unit, Unit, int]:
    """Two adjacent combined-arms units of the same two troop types swap stands: `a` takes every front-type stand,
    `b` every rear-type stand (HH.SPECIAL.24). Returns (a after, b after, stands lost over the purchase size)."""
    a, b = _unit(state, o.a), _unit(state, o.b)
    _ready(state, [a, b], commanded, "HH.SPECIAL.24")
    if not (a.combined and b.combined) or (a.profile, a.rear_profile) != (b.profile, b.rear_profile):
        _fail("HH.SPECIAL.24", f"units {a.id} and {b.id} are not combined-arms units of the same two troop types")
    if direction(a.hex, b.hex) is None:  # type: ignore[arg-type]
        _fail("HH.SPECIAL.24", f"units {a.id} and {b.id} are not adjacent")
    fp, rp = state.profile(a), state.profiles[a.rear_profile]  # type: ignore[index]
    front = min(a.front_stands + b.front_stands, fp.stands)
    rear = min(a.rear_stands + b.rear_stands, rp.stands)
    lost = a.stands + b.stands - front - rear
    na = replace(a, stands=front, nominal=fp.stands, rear_profile=None, rear_stands=0, moved_this_phase=True)
    nb = replace(
        b,
        profile=b.rear_profile,  # type: ignore[arg-type]
        base_profile=b.rear_profile,  # type: ignore[arg-type]
        name=rp.name,
        stands=rear,
        nominal=rp.stands,
        rear_profile=None,
        rear_stands=0,
        moved_this_phase=True,
    )
    return na, nb, lost


def do_exchange(state: GameState, a: Unit, b: Unit, lost: int) -> list[str]:
    state.units[a.id], state.units[b.id] = a, b
    if lost:
        cas = state.casualties.setdefault(a.side, {})
        cas[a.base_profile] = cas.get(a.base_profile, 0) + lost
    return [
        f"{uname(state, a)} and {uname(state, b)} exchange stands and become single-arm units"
        f" ({a.stands} and {b.stands} stands{f', {lost} lost' if lost else ''}) [HH.SPECIAL.24]."
    ]


def verify_drop_pavisses(state: GameState, o: DropPavisses) -> Unit:
    """A unit carrying pavisses may leave them, for good, before it moves (ruling HH.SPECIAL.13)."""
    u = _unit(state, o.unit)
    if u.side != state.phasing:
        _fail("HH.SPECIAL.13", f"{uname(state, u)} belongs to the other side")
    if not u.pavisses:
        _fail("HH.SPECIAL.13", f"{uname(state, u)} carries no pavisses")
    if u.moved_this_phase:
        _fail("HH.SPECIAL.13", f"{uname(state, u)} has moved: drop the pavisses before its move")
    return u


def do_drop_pavisses(state: GameState, u: Unit) -> list[str]:
    state.units[u.id] = replace(u, pavisses=False)
    return [f"{uname(state, u)} leaves its pavisses behind [HH.SPECIAL.13]."]


# --- stakes -------------------------------------------------------------------------------------


def verify_stakes(state: GameState, o: Stakes, commanded: frozenset[int]) -> Unit:
    """Plant stakes on the two front sides with no enemy within 2 hexes, or lift them (HH.SPECIAL.14, HH.SPECIAL.18)."""
    u = _unit(state, o.unit)
    check_may_move(state, u, u.id in commanded)
    if is_engaged(state, u):
        _fail("HH.MOVE.22", f"{uname(state, u)} is engaged")
    if o.plant:
        p = state.profile(u)
        if not p.can_stakes:
            _fail("HH.SPECIAL.14", f"{uname(state, u)} has no stakes in its army list")
        if not u.stakes_carried:
            _fail("HH.SPECIAL.14", f"{uname(state, u)} has already planted its stakes")
        if not u.facing.is_point:
            _fail("HH.SPECIAL.14", f"{uname(state, u)} must face a hex point to stake its two front sides")
        near = [v for v in state.live_units(state.other(u.side)) if v.hex.distance(u.hex) <= 2]  # type: ignore[union-attr,arg-type]
        if near:
            _fail("HH.SPECIAL.14", f"{uname(state, u)} cannot plant stakes: enemy unit {near[0].id} is within 2 hexes")
    else:
        if not any(h == u.hex for _, h in state.stakes.values()):
            _fail("HH.SPECIAL.18", f"{uname(state, u)} is not in a staked hex")
    return replace(u, moved_this_phase=True)


def do_stakes(state: GameState, o: Stakes, u: Unit) -> list[str]:
    assert u.hex is not None
    if o.plant:
        for s in front_sides(u.facing):
            state.stakes[side_key(u.hex, u.hex.neighbour(s))] = (u.id, u.hex)
        state.units[u.id] = replace(u, stakes_carried=False)
        return [f"{uname(state, u)} plants stakes on its front at {state.label(u.hex)} [HH.SPECIAL.14]."]
    got_back = False
    for k, (owner, h) in sorted(state.stakes.items()):
        if h == u.hex:
            del state.stakes[k]
            got_back = got_back or owner == u.id
    state.units[u.id] = replace(u, stakes_carried=u.stakes_carried or got_back)
    return [f"{uname(state, u)} lifts the stakes at {state.label(u.hex)} [HH.SPECIAL.18, HH.SPECIAL.19]."]


# --- rally ----------------------------------------------------------------------------------------


def verify_rally(state: GameState, o: Rally) -> Unit:
    """Rally choices: only for a disrupted unit of the phasing side; any point, column if C (HH.DISR.3, HH.PD.13)."""
    u = _unit(state, o.unit)
    if u.side != state.phasing:
        _fail("HH.DISR.5", f"{uname(state, u)} rallies only in its own side's bound")
    if not u.disrupted:
        _fail("HH.DISR.3", f"{uname(state, u)} is not disrupted")
    if o.facing is not None and not o.facing.is_point:
        _fail("HH.DISR.3", "a rallying unit faces a hex point")
    if o.formation is Formation.COLUMN and not can_form_column(state, u):
        _fail("HH.MOVE.13", f"{uname(state, u)} cannot form column")
    return u


def rally_all(state: GameState, side: str, choices: dict[int, Rally]) -> list[str]:
    """Every disrupted, unengaged unit of the phasing side rallies (HH.DISR.3, HH.DISR.4, HH.GEN.11)."""
    lines = []
    enemies = state.live_units(state.other(side))
    for u in state.live_units(side):
        if not u.disrupted:
            continue
        if is_engaged(state, u):
            lines.append(f"{uname(state, u)} is engaged and stays disrupted [HH.DISR.3].")
            continue
        c = choices.get(u.id)
        facing = c.facing if c and c.facing else None
        if facing is None:
            if enemies:
                near = min(enemies, key=lambda v: (v.hex.distance(u.hex), v.id))  # type: ignore[union-attr,arg-type]
                facing = nearest_point_facing(u.hex, near.hex, u.facing)  # type: ignore[arg-type]
            else:
                facing = u.facing if u.facing.is_point else Facing.of_point(u.facing.side)
        formation = (
            c.formation
            if c and c.formation
            else (u.formation if u.formation is not Formation.SQUEEZED else Formation.DEPLOYED)
        )
        state.units[u.id] = replace(u, disrupted=False, facing=facing, formation=formation)
        lines.append(f"{uname(state, u)} rallies, facing {facing.name}, {formation.value} [HH.DISR.3].")
    return lines


# --- hold fire -----------------------------------------------------------------------------------


def verify_hold_fire(state: GameState, o: HoldFire) -> Unit:
    """Artillery that did not move may take an HF marker, or remove it (HH.ART.4, HH.ART.3, HH.PD.24)."""
    u = _unit(state, o.unit)
    if u.side != state.phasing:
        _fail("HH.ART.4", f"{uname(state, u)}: Hold Fire is decided in its own Shooting Phase")
    if state.profile(u).category.value != "artillery":
        _fail("HH.ART.4", f"{uname(state, u)} is not artillery; only artillery takes a Hold Fire marker")
    if o.on and u.hold_fire:
        _fail("HH.ART.4", f"{uname(state, u)} already has a Hold Fire marker")
    if o.on and (u.moved_this_bound or u.moved_this_phase and u.hold_fire is False and u.moved_this_bound):
        _fail("HH.ART.4", f"{uname(state, u)} moved this bound and cannot take a Hold Fire marker")
    if not o.on and not u.hold_fire:
        _fail("HH.ART.4", f"{uname(state, u)} has no Hold Fire marker to remove")
    return u


# --- command moves ---------------------------------------------------------------------------------


def verify_general_move(state: GameState, o: GeneralMove) -> tuple[Hex, list[str]]:
    """A general's Command Move (HH.GEN.17, HH.CMD.1, HH.CMD.2, HH.GEN.9, HH.GEN.10, HH.GEN.16, HH.GEN.26, HH.MOVE.29)."""  # noqa: E501
    g = state.generals.get(o.general)
    if g is None or not g.alive or g.hex is None:
        _fail("HH.CMD.1", f"general {o.general} is not on the table")
    assert g is not None and g.hex is not None
    if g.side != state.phasing:
        _fail("HH.CMD.1", f"general {g.id} belongs to the other side")
    if g.moved_this_phase:
        _fail("HH.CMD.1", f"general {g.id} has already made his Command Move")
    host = state.host_of(g)
    if host is not None and host.disrupted:
        _fail("HH.GEN.11", f"general {g.id} is with disrupted {uname(state, host)} and may not move")
    if host is not None and is_engaged(state, host):
        _fail("HH.GEN.10", f"general {g.id} may not leave {uname(state, host)} while it is engaged")
    bf = state.field
    here = g.hex
    start = g.hex
    road = bf.is_road(start)
    notes: list[str] = []
    stop: tuple[str, str] | None = None
    for i, h in enumerate(o.path):
        lab = state.label(h)
        if stop is not None:
            _fail(stop[0], f"general {g.id} cannot reach {lab}: {stop[1]}")
        stop = None
        d = direction(here, h)
        if d is None:
            _fail("HH.CMD.1", f"general {g.id}: {state.label(here)} and {lab} are not adjacent")
        if not general_can_occupy(state, g, h):
            _fail("HH.CMD.1", f"general {g.id} cannot enter {lab} ({bf.terrain_at(h).value})")
        if side_key(here, h) in state.stakes:
            _fail("HH.SPECIAL.15", f"general {g.id} cannot cross planted stakes into {lab}")
        if bf.is_steep(here, h):
            if g.mounted:
                _fail("HH.TERR.55", f"mounted general {g.id} cannot cross the steep side into {lab}")
            if i:
                _fail("HH.TERR.57", f"general {g.id} crossing a steep side must do so as his whole move")
            stop = ("HH.TERR.57", "crossing a steep side was his whole move")
        t = bf.terrain_at(h)
        ta = bf.terrain_at(here)
        if t is Terrain.RIVER and h not in bf.bridges and h not in bf.fords:
            if direction(start, h) is None or i:
                _fail(
                    "HH.TERR.35", f"general {g.id} may enter the river at {lab} only as his whole move from next to it"
                )
            stop = ("HH.TERR.35", "entering a river is his whole move")
        if t in (Terrain.WOOD, Terrain.BUA) and not bf.along_road(here, h):
            stop = (
                "HH.TERR.27" if t is Terrain.WOOD else "HH.TERR.48",
                f"he must stop on entering the {t.value} at {lab}",
            )
        if t is Terrain.BROKEN and ta is Terrain.BROKEN and i:
            _fail("HH.TERR.18", f"general {g.id}: broken ground to broken ground must be his whole move")
        if t is Terrain.BROKEN and g.mounted and i:
            _fail("HH.TERR.19", f"mounted general {g.id} may enter broken ground at {lab} only as his first step")
        occ = state.unit_at(h)
        if occ is not None and occ.side != g.side:
            _fail("HH.MOVE.30", f"general {g.id} cannot enter {lab}: enemy unit {occ.id} is there")
        if occ is not None and occ.disrupted and h != o.path[-1]:
            _fail("HH.CMD.1", f"general {g.id} cannot pass through disrupted {uname(state, occ)}")
        enemy_gens = [e for e in state.generals_at(h) if e.side != g.side]
        if enemy_gens:
            if h != o.path[-1]:
                _fail("HH.GEN.27", f"general {g.id} can enter enemy general {enemy_gens[0].id}'s hex only to end there")
            notes.append(f"general {g.id} challenges general {enemy_gens[0].id} to single combat [HH.GEN.26]")
        zoc = [v for v in state.live_units(state.other(g.side)) if exerts_zoc_into(state, v, h)]
        if zoc and stop is None:
            stop = ("HH.GEN.16", f"he entered the zone of control of enemy unit {zoc[0].id} at {lab}")
        road = road and bf.along_road(here, h)
        here = h
    allowance = g.cm + (1 if road and o.path else 0)
    if len(o.path) > allowance:
        _fail("HH.CMD.1", f"general {g.id} may move {allowance} hexes, not {len(o.path)}")
    return here, notes


def do_general_move(state: GameState, o: GeneralMove, to: Hex, notes: list[str]) -> list[str]:
    g = state.generals[o.general]
    state.generals[g.id] = replace(g, hex=to, moved_this_phase=True)
    host = state.unit_at(to)
    tail = f", joining {uname(state, host)}" if host is not None and host.side == g.side else ""
    lines = [
        f"general {g.id} ({g.name}) moves {state.label(g.hex)} -> {' '.join(state.label(h) for h in o.path)}{tail} [HH.CMD.1]."  # noqa: E501
    ]
    for n in notes:
        lines.append(n + "; it is fought in the hand-to-hand phase.")  # HH.GEN.26, HH.HTH.26
    return lines
