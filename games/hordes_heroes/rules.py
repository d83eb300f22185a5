"""verify / do for every kind of order but the normal move (see `movement`) [HH.MOVE.17-26, HH.CMD.1, ...].

`verify_*` raises `Illegal` with a precise Problem; `do_*` applies a verified order to a state (mutating it) and
returns narrative lines. The bound's order table (`table.ORDERS`) pairs them for the runner, validator and bot.
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex

from .battlefield import Terrain
from .edition import FIX_BOOK_13
from .geometry import (
    Facing,
    direction,
    edge_dist,
    nearest_point_facing,
    rear_sides,
    side_key,
    staked_sides,
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
    Disembark,
    Disengage,
    DropPavisses,
    Embark,
    GeneralMove,
    HoldFire,
    Rally,
    Single,
    Stakes,
    Swap,
)
from .skirmish_2012 import through_stands
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


def unit_on_table(state: GameState, uid: int) -> Unit:
    u = state.units.get(uid)
    if u is None or not u.on_table:
        raise Illegal(Problem("HH.MOVE.1", f"unit {uid} is not on the table"))
    return u


def fail(code: str, msg: str, hint: str = "") -> None:
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
    if plan.steps and before.hex is not None and state.plays(FIX_BOOK_13):  # the board's move arrow
        done = state.move_paths.get(u.id, ())
        state.move_paths[u.id] = (*(done if done[-1:] == (before.hex,) else (before.hex,)), *plan.steps)
    if plan.steps:
        lines.append(
            f"{uname(u)} {how} {lab(before.hex)} -> {path}, facing {u.facing.name}, {u.formation.value}"
            f" ({plan.mp}/{plan.allowance} MP)."
        )
    else:
        lines.append(f"{uname(u)} stays in {lab(u.hex)}, now facing {u.facing.name}, {u.formation.value}.")
    if plan.rear is not None:
        r = plan.rear
        state.units[r.id] = r
        if plan.split:
            lines.append(
                f"{uname(u)} splits at the restriction {lab(u.hex)}: {u.stands} stands enter it and {r.stands}"
                f" stay behind in {lab(r.hex)} as {uname(r)}, linked to it [HH.TERR.42, HH.TERR.43]."
            )
        else:
            lines.append(f"{uname(r)} follows unit {u.id} to {lab(r.hex)} [HH.TERR.43].")
    if before.pavisses and not u.pavisses:
        lines.append(f"{uname(u)} drops its pavisses on making contact [HH.SPECIAL.9].")
    from .compulsory import eliminate  # as in `contact`: the compulsory moves build on these rules

    lines += through_stands(state, u, plan.steps, eliminate)  # HH12.SPEC.4, HH12.SPEC.5: enemy stands evade or go
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
        lines.append(f"{uname(mover)} is at {state.label(mover.hex)}: every contacted unit got away [HH.COMP.45].")
        return lines
    prim = next(
        (
            c
            for c in contacts
            if direction(mover.at, state.units[c].at) == mover.facing.side and not mover.facing.is_point
        ),
        min(contacts),
    )
    state.contact_order = state.contact_order + ((mover.id, prim),)
    lines.append(
        f"{uname(mover)} makes contact with {', '.join(f'unit {c}' for c in sorted(contacts))}"
        f" at {state.label(mover.hex)} and faces {mover.facing.name} [HH.MOVE.27]."
    )
    for cid in sorted(contacts):
        v = state.units[cid]
        sp = state.standing_for(v.side).for_unit(v.id)
        others = [w for w in engaged_with(state, v) if w.id != mover.id]
        d = direction(v.at, mover.at)
        if d is None or (v.disrupted and not state.rules.disordered_may_turn_to_face):
            continue  # HH12.DIS.7: a 2012 disordered unit cannot turn to face its attackers
        if sp.turn_to_face and not others:
            nf = Facing.of_side(d)
            if nf != v.facing:
                state.units[cid] = replace(v, facing=nf)
                lines.append(f"{uname(v)} turns to face {nf.name} [HH.HTH.21, HH.PD.17].")
    return lines


def clear_sc(state: GameState) -> None:
    """Remove SC markers from units no longer engaged (HH.SEQ.16), or in 2012 no longer next to the lone general
    they drew with (ruling HH12.GEN.A2)."""
    from .combat import stays_in_melee  # combat builds on the movement rules here

    for uid, u in sorted(state.units.items()):
        if u.static_combat and u.on_table and not stays_in_melee(state, u):
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
    u = unit_on_table(state, o.unit)
    if not state.rules.single_hex_rule:
        fail(
            "HH12.MOV.12",
            f"{state.rules.title} has no single-hex move",
            f"turn or change formation with `move {u.id} ...` (line to column is free, column to line 1 MP)",
        )
    check_may_move(state, u, u.id in commanded)
    check_not_follower(state, u)
    if is_engaged(state, u):
        fail("HH.MOVE.22", f"{uname(u)} is engaged and may not leave its hex or turn")
    if o.to not in (None, u.hex) and following_rear(state, u) is not None:
        fail(
            "HH.TERR.43",
            f"{uname(u)} is split: a single-hex move would leave its rear part behind",
            f"use `move {u.id} ...`: the rear part follows a normal move",
        )
    bf = state.field
    a = u.hex
    assert a is not None
    to = o.to or a
    formation = o.formation or u.formation
    if o.formation is Formation.COLUMN and not can_form_column(state, u):
        fail("HH.MOVE.13", f"{uname(u)} cannot form column")
    if to != a:
        formation = _single_step(state, u, a, to, formation)
    # HH.MOVE.17: Facing.E is 0; rules version 2 keeps it (version 1 dropped `face E` silently, as recorded).
    facing = o.facing if o.facing is not None and state.plays(FIX_BOOK_13) else (o.facing or u.facing)
    if o.facing is not None and not facing.is_point:
        road_side = bf.is_road(to) and facing.side in bf.road_sides.get(to, frozenset())
        if not road_side:
            fail("HH.MOVE.17", f"{uname(u)} must end a single-hex move facing a hex point (or a road side)")
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


def _single_step(state: GameState, u: Unit, a: Hex, to: Hex, formation: Formation) -> Formation:
    """The step of a single-hex move into an adjacent hex: sides, terrain, occupants, formation changes and
    restrictions (HH.MOVE.14, HH.MOVE.17, HH.MOVE.19, HH.TERR.40, HH.TERR.42); the formation it ends in."""
    p = state.profile(u)
    bf = state.field
    d = direction(a, to)
    if d is None:
        fail("HH.MOVE.17", f"{uname(u)}: a single-hex move goes to an adjacent hex; {state.label(to)} is not")
    if side_key(a, to) in state.stakes:
        fail("HH.SPECIAL.15", f"{uname(u)} cannot cross the staked side into {state.label(to)}")
    if bf.is_steep(a, to) and (p.category.mounted or p.category.wheeled):
        fail("HH.TERR.55", f"{uname(u)} cannot cross the steep side into {state.label(to)}")
    if bf.is_wall(a, to) and p.category.wheeled:
        fail("HH.TERR.65", f"{uname(u)} cannot cross the wall into {state.label(to)}")
    if not can_step(state, p, a, to):
        fail("HH.TERR.2", f"{uname(u)} cannot enter {state.label(to)} ({bf.terrain_at(to).value})")
    occ = state.unit_at(to)
    if occ is not None:
        fail("HH.MOVE.19", f"{uname(u)} may not end in {state.label(to)}: {uname(occ)} is there")
    for g in state.generals_at(to):
        if g.side != u.side:
            fail("HH.MOVE.30", f"{uname(u)} cannot enter {state.label(to)}: enemy general {g.id} is there")
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
            fail("HH.MOVE.14", f"{uname(u)} may not change formation in a step into or out of that terrain")
    if bf.is_restriction(to, state.options.restrict_tracks) and u.stands > 4:
        fail(
            "HH.TERR.42",
            f"{uname(u)} has {u.stands} stands and splits entering the restriction at {state.label(to)}",
            f"use a normal move (`move {u.id} {state.label(to)}`)",
        )
    if bf.is_restriction(to, state.options.restrict_tracks) and formation is Formation.DEPLOYED:
        if can_form_column(state, u):
            fail(
                "HH.TERR.40",
                f"{uname(u)} must be in column to enter the ford or bridge at {state.label(to)}",
                "add `column` to the single-hex move",
            )
        formation = Formation.SQUEEZED
    return formation


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
        d = direction(after.at, state.units[prim].at)
        assert d is not None  # a contacted unit is adjacent
        after = replace(after, facing=Facing.of_side(d))
    if contacts:
        after = replace(after, pavisses=False)
    plan = MovePlan(after, (after.at,) if after.at != before.at else (), (), 0, 0, contacts, ())
    return apply_plan(state, plan, "makes a single-hex move")


# --- interchange ------------------------------------------------------------------------------


def verify_swap(state: GameState, o: Swap, commanded: frozenset[int]) -> tuple[Unit, Unit]:
    """Interchange (HH.MOVE.21): adjacent friends, neither adjacent to an enemy unit, each able to enter."""
    a, b = unit_on_table(state, o.a), unit_on_table(state, o.b)
    for u in (a, b):
        check_may_move(state, u, u.id in commanded)
        if split_partner(state, u) is not None:
            fail(
                "HH.TERR.43",
                f"{uname(u)} is one part of a split unit and may not interchange",
                f"re-form it first with `rejoin {min(u.id, u.split_link or u.id)}`",
            )
    if a.side != b.side:
        fail("HH.MOVE.21", "only two friendly units may interchange")
    if direction(a.at, b.at) is None:
        fail("HH.MOVE.21", f"units {a.id} and {b.id} are not adjacent")
    for u in (a, b):
        if adjacent_enemies(state, u.side, u.at):
            fail("HH.MOVE.21", f"{uname(u)} is adjacent to an enemy unit and may not interchange")
    for u, other in ((a, b), (b, a)):
        p = state.profile(u)
        if not can_step(state, p, u.at, other.at):
            fail("HH.MOVE.21", f"{uname(u)} cannot enter {state.label(other.hex)}")
        if state.field.is_steep(u.at, other.at) and (p.category.mounted or p.category.wheeled):
            fail("HH.TERR.55", f"{uname(u)} cannot cross the steep side")
        if side_key(u.at, other.at) in state.stakes:
            fail("HH.SPECIAL.15", "the units cannot interchange across planted stakes")
    out = []
    for u, other, f in ((a, b, o.facing_a), (b, a, o.facing_b)):
        nf = f if f is not None else u.facing  # HH.MOVE.21: a side facing (E included) was refused above
        if f is not None and not f.is_point:
            fail("HH.MOVE.21", f"{uname(u)} must face a hex point after an interchange")
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
    return [f"{uname(a)} and {uname(b)} interchange ({state.label(ba.hex)} <-> {state.label(bb.hex)}) [HH.MOVE.21]."]


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
    u = unit_on_table(state, o.unit)
    check_may_move(state, u, u.id in commanded)
    p = state.profile(u)
    er = state.rules  # HH12.MOV.10, ruling HH12.MOV.A5: 2012 lets class A and B infantry step back, hordes too
    foot = p.cls.value in er.disengage_classes and p.category.value == "infantry"
    if not (p.may_disengage or (foot and (er.disengage_hordes or not p.horde))):
        who = "class-A infantry that is not a horde" if er.disengage_classes == "A" else "class A or B infantry"
        code = "HH12.MOV.10" if er.disengage_hordes else "HH.MOVE.24"
        fail(code, f"{uname(u)} may not disengage: only {who} may")
    if not is_engaged(state, u):
        fail("HH.MOVE.24", f"{uname(u)} is not engaged; use `move` instead")
    opts = disengage_options(state, u)
    if not opts:
        fail("HH.MOVE.24", f"{uname(u)} has no vacant, passable rear hex to disengage into")
    to = o.to or opts[0]
    if to not in opts:
        fail("HH.MOVE.24", f"{uname(u)} may disengage only into {', '.join(state.label(h) for h in opts)}")
    return u, to


def do_disengage(state: GameState, u: Unit, to: Hex) -> list[str]:
    """Move back, then the default follow-up by the lowest-id engaged enemy that may enter (HH.PD.19, HH.MOVE.25)."""
    was_engaged = engaged_with(state, u)
    old = u.at
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
        if not can_step(state, state.profile(v), v.at, old) or state.field.is_steep(v.at, old):
            continue
        if side_key(v.at, old) in state.stakes:
            continue
        moved = replace(v, hex=old)
        state.units[v.id] = moved
        move_generals_with(state, v, moved)
        lines.append(f"{uname(v)} follows up into {state.label(old)} [HH.MOVE.24, HH.PD.19].")
        break
    clear_sc(state)
    return lines


# --- boats and rafts ---------------------------------------------------------------------------------


def aboard(state: GameState, uid: int) -> int:
    """The unit an order naming `uid` means: a loaded boat's id stands for its passengers (ruling HH.TERR.47)."""
    u = state.units.get(uid)
    return u.carrying if u is not None and u.carrying is not None else uid


def verify_embark(state: GameState, o: Embark, commanded: frozenset[int]) -> tuple[Unit, Unit]:
    """A unit on land boards an empty friendly boat in an adjacent lake hex: the unit's whole move (ruling
    HH.TERR.47). Returns (the unit aboard, standing on the boat's hex; the boat, off the table while it carries)."""
    u, b = unit_on_table(state, o.unit), unit_on_table(state, o.boat)
    check_may_move(state, u, u.id in commanded)
    check_not_follower(state, u)
    if u.boat is not None or state.profile(u).category is Category.BOAT:
        fail("HH.TERR.47", f"{uname(u)} is a boat or already afloat and cannot embark")
    if state.profile(b).category is not Category.BOAT or b.side != u.side:
        fail("HH.TERR.47", f"{uname(b)} is not a boat of your side", "name one of your boats after `onto`")
    if is_engaged(state, u):
        fail("HH.MOVE.22", f"{uname(u)} is engaged and may not leave its hex")
    if split_partner(state, u) is not None:
        fail("HH.TERR.47", f"{uname(u)} is a split unit; `rejoin` it before it embarks")
    if direction(u.at, b.at) is None:
        fail(
            "HH.TERR.47",
            f"{uname(u)} is not next to boat {b.id} at {state.label(b.hex)}",
            "a unit embarks from a land hex adjacent to the boat",
        )
    assert b.hex is not None and u.hex is not None
    moved = replace(u, hex=b.hex)
    enemies = [v.id for v in state.live_units(state.other(u.side)) if engaged_at(state, moved, b.hex, v)]
    if enemies:
        fail("HH.TERR.47", f"boat {b.id} is in the zone of control of enemy unit {enemies[0]}; embark out of it")
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
        f"{uname(passengers)} embarks from {state.label(before.hex)} onto {uname(boat)} at"
        f" {state.label(passengers.hex)}: a full move; it is afloat [HH.TERR.47]."
    ]


def verify_disembark(state: GameState, o: Disembark, commanded: frozenset[int]) -> tuple[Unit, Unit]:
    """A unit aboard a boat lands on an adjacent land hex it may occupy: its whole move (HH.TERR.45). The boat stays
    empty in the lake hex. Returns (the unit ashore, the boat)."""
    u = unit_on_table(state, aboard(state, o.unit))
    if u.boat is None:
        fail("HH.TERR.45", f"{uname(u)} is not aboard a boat", "only a unit on a boat or raft disembarks")
    check_may_move(state, u, u.id in commanded)
    if is_engaged(state, u):
        fail("HH.MOVE.22", f"{uname(u)} is engaged and may not leave its hex")
    assert u.hex is not None and u.boat is not None
    to = o.to
    p = state.profile(u)
    if direction(u.hex, to) is None or not state.field.on_map(to):
        fail("HH.TERR.45", f"{uname(u)} can disembark only onto a hex next to its boat at {state.label(u.hex)}")
    if not can_occupy(state, p, to) or state.field.is_steep(u.hex, to) or state.field.is_wall(u.hex, to):
        fail("HH.TERR.45", f"{uname(u)} cannot disembark onto {state.label(to)}: it may not go there")
    occ = state.unit_at(to)
    if occ is not None or any(g.side != u.side for g in state.generals_at(to)):
        fail("HH.TERR.45", f"{uname(u)} cannot disembark onto {state.label(to)}: the hex is occupied")
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
        f"{uname(ashore)} disembarks from {uname(boat)} at {state.label(boat.hex)} onto"
        f" {state.label(ashore.hex)}: a full move [HH.TERR.45]."
    ]
    contacts = tuple(v.id for v in engaged_with(state, ashore))
    if contacts:
        lines += contact(state, ashore, contacts)
    return lines


def verify_drop_pavisses(state: GameState, o: DropPavisses) -> Unit:
    """A unit carrying pavisses may leave them, for good, before it moves (ruling HH.SPECIAL.13)."""
    u = unit_on_table(state, o.unit)
    if u.side != state.phasing:
        fail("HH.SPECIAL.13", f"{uname(u)} belongs to the other side")
    if not u.pavisses:
        fail("HH.SPECIAL.13", f"{uname(u)} carries no pavisses")
    if u.moved_this_phase:
        fail("HH.SPECIAL.13", f"{uname(u)} has moved: drop the pavisses before its move")
    return u


def do_drop_pavisses(state: GameState, u: Unit) -> list[str]:
    state.units[u.id] = replace(u, pavisses=False)
    return [f"{uname(u)} leaves its pavisses behind [HH.SPECIAL.13]."]


# --- stakes -------------------------------------------------------------------------------------


def verify_stakes(state: GameState, o: Stakes, commanded: frozenset[int]) -> Unit:
    """Plant stakes on the two front sides with no enemy within 2 hexes, or lift them (HH.SPECIAL.14, HH.SPECIAL.18)."""
    u = unit_on_table(state, o.unit)
    check_may_move(state, u, u.id in commanded)
    if is_engaged(state, u):
        fail("HH.MOVE.22", f"{uname(u)} is engaged")
    if o.plant:
        p = state.profile(u)
        if not p.can_stakes:
            fail("HH.SPECIAL.14", f"{uname(u)} has no stakes in its army list")
        if not u.stakes_carried:
            fail("HH.SPECIAL.14", f"{uname(u)} has already planted its stakes")
        if not u.facing.is_point and not state.rules.stakes_from_side_facing:  # ruling HH12.SPEC.A3: 2012 may
            fail("HH.SPECIAL.14", f"{uname(u)} must face a hex point to stake its two front sides")
        near = [v for v in state.live_units(state.other(u.side)) if v.at.distance(u.at) <= 2]
        if near:
            fail("HH.SPECIAL.14", f"{uname(u)} cannot plant stakes: enemy unit {near[0].id} is within 2 hexes")
    else:
        if not any(h == u.hex for _, h in state.stakes.values()):
            fail("HH.SPECIAL.18", f"{uname(u)} is not in a staked hex")
    return replace(u, moved_this_phase=True)


def do_stakes(state: GameState, o: Stakes, u: Unit) -> list[str]:
    assert u.hex is not None
    if o.plant:
        for s in staked_sides(u.facing):
            state.stakes[side_key(u.hex, u.hex.neighbour(s))] = (u.id, u.hex)
        state.units[u.id] = replace(u, stakes_carried=False)
        return [f"{uname(u)} plants stakes on its front at {state.label(u.hex)} [HH.SPECIAL.14]."]
    got_back = False
    for k, (owner, h) in sorted(state.stakes.items()):
        if h == u.hex:
            del state.stakes[k]
            got_back = got_back or owner == u.id
    state.units[u.id] = replace(u, stakes_carried=u.stakes_carried or got_back)
    return [f"{uname(u)} lifts the stakes at {state.label(u.hex)} [HH.SPECIAL.18, HH.SPECIAL.19]."]


# --- rally ----------------------------------------------------------------------------------------


def verify_rally(state: GameState, o: Rally) -> Unit:
    """Rally choices: only for a disrupted unit of the phasing side; any point, column if C (HH.DISR.3, HH.PD.13)."""
    u = unit_on_table(state, o.unit)
    if u.side != state.phasing:
        fail("HH.DISR.5", f"{uname(u)} rallies only in its own side's bound")
    if not u.disrupted:
        fail("HH.DISR.3", f"{uname(u)} is not disrupted")
    if o.facing is not None and not o.facing.is_point:
        fail("HH.DISR.3", "a rallying unit faces a hex point")
    if o.formation is not None and not state.rules.rally_may_change_formation:
        fail("HH12.SEQ.2", f"a rallying unit only turns under {state.rules.title}", f"rally {u.id} face X")
    if o.formation is Formation.COLUMN and not can_form_column(state, u):
        fail("HH.MOVE.13", f"{uname(u)} cannot form column")
    return u


def rally_all(state: GameState, side: str, choices: dict[int, Rally]) -> list[str]:
    """Every disrupted, unengaged unit of the phasing side rallies (HH.DISR.3, HH.DISR.4, HH.GEN.11)."""
    lines = []
    enemies = state.live_units(state.other(side))
    for u in state.live_units(side):
        if not u.disrupted:
            continue
        if is_engaged(state, u):
            lines.append(f"{uname(u)} is engaged and stays disrupted [HH.DISR.3].")
            continue
        c = choices.get(u.id)
        facing = c.facing if c and c.facing else None
        if facing is None:
            if enemies:
                near = min(enemies, key=lambda v: (v.at.distance(u.at), v.id))
                facing = nearest_point_facing(u.at, near.at, u.facing)
            else:
                facing = u.facing if u.facing.is_point else Facing.of_point(u.facing.side)
        formation = (
            c.formation
            if c and c.formation
            else (u.formation if u.formation is not Formation.SQUEEZED else Formation.DEPLOYED)
        )
        state.units[u.id] = replace(u, disrupted=False, facing=facing, formation=formation)
        lines.append(f"{uname(u)} rallies, facing {facing.name}, {formation.value} [HH.DISR.3].")
    return lines


# --- hold fire -----------------------------------------------------------------------------------


def verify_hold_fire(state: GameState, o: HoldFire) -> Unit:
    """Artillery that did not move may take an HF marker, or remove it (HH.ART.4, HH.ART.3, HH.PD.24)."""
    u = unit_on_table(state, o.unit)
    if u.side != state.phasing:
        fail("HH.ART.4", f"{uname(u)}: Hold Fire is decided in its own Shooting Phase")
    if state.profile(u).category.value != "artillery":
        fail("HH.ART.4", f"{uname(u)} is not artillery; only artillery takes a Hold Fire marker")
    if o.on and u.hold_fire:
        fail("HH.ART.4", f"{uname(u)} already has a Hold Fire marker")
    if o.on and (u.moved_this_bound or u.moved_this_phase and u.hold_fire is False and u.moved_this_bound):
        fail("HH.ART.4", f"{uname(u)} moved this bound and cannot take a Hold Fire marker")
    if not o.on and not u.hold_fire:
        fail("HH.ART.4", f"{uname(u)} has no Hold Fire marker to remove")
    return u


# --- command moves ---------------------------------------------------------------------------------


def verify_general_move(state: GameState, o: GeneralMove) -> tuple[Hex, list[str]]:
    """A general's Command Move (HH.GEN.17, HH.CMD.1, HH.CMD.2, HH.GEN.9, HH.GEN.10, HH.GEN.16, HH.GEN.26, HH.MOVE.29)."""  # noqa: E501
    g = state.generals.get(o.general)
    if g is None or not g.alive or g.hex is None:
        fail("HH.CMD.1", f"general {o.general} is not on the table")
    assert g is not None and g.hex is not None
    if g.side != state.phasing:
        fail("HH.CMD.1", f"general {g.id} belongs to the other side")
    if g.moved_this_phase:
        fail("HH.CMD.1", f"general {g.id} has already made his Command Move")
    host = state.host_of(g)
    if host is not None and host.disrupted:
        fail("HH.GEN.11", f"general {g.id} is with disrupted {uname(host)} and may not move")
    if host is not None and is_engaged(state, host):
        fail("HH.GEN.10", f"general {g.id} may not leave {uname(host)} while it is engaged")
    bf = state.field
    here = g.hex
    start = g.hex
    road = bf.is_road(start)
    notes: list[str] = []
    stop: tuple[str, str] | None = None
    for i, h in enumerate(o.path):
        lab = state.label(h)
        if stop is not None:
            fail(stop[0], f"general {g.id} cannot reach {lab}: {stop[1]}")
        stop = None
        d = direction(here, h)
        if d is None:
            fail("HH.CMD.1", f"general {g.id}: {state.label(here)} and {lab} are not adjacent")
        if not general_can_occupy(state, g, h):
            fail("HH.CMD.1", f"general {g.id} cannot enter {lab} ({bf.terrain_at(h).value})")
        if side_key(here, h) in state.stakes:
            fail("HH.SPECIAL.15", f"general {g.id} cannot cross planted stakes into {lab}")
        if bf.is_steep(here, h):
            if g.mounted:
                fail("HH.TERR.55", f"mounted general {g.id} cannot cross the steep side into {lab}")
            if i:
                fail("HH.TERR.57", f"general {g.id} crossing a steep side must do so as his whole move")
            stop = ("HH.TERR.57", "crossing a steep side was his whole move")
        t = bf.terrain_at(h)
        ta = bf.terrain_at(here)
        if t is Terrain.RIVER and h not in bf.bridges and h not in bf.fords:
            if direction(start, h) is None or i:
                fail(
                    "HH.TERR.35", f"general {g.id} may enter the river at {lab} only as his whole move from next to it"
                )
            stop = ("HH.TERR.35", "entering a river is his whole move")
        if t in (Terrain.WOOD, Terrain.BUA) and not bf.along_road(here, h):
            stop = (
                "HH.TERR.27" if t is Terrain.WOOD else "HH.TERR.48",
                f"he must stop on entering the {t.value} at {lab}",
            )
        if t is Terrain.BROKEN and ta is Terrain.BROKEN and i:
            fail("HH.TERR.18", f"general {g.id}: broken ground to broken ground must be his whole move")
        if t is Terrain.BROKEN and g.mounted and i:
            fail("HH.TERR.19", f"mounted general {g.id} may enter broken ground at {lab} only as his first step")
        occ = state.unit_at(h)
        if occ is not None and occ.side != g.side:
            fail("HH.MOVE.30", f"general {g.id} cannot enter {lab}: enemy unit {occ.id} is there")
        if occ is not None and occ.disrupted and h != o.path[-1]:
            fail("HH.CMD.1", f"general {g.id} cannot pass through disrupted {uname(occ)}")
        enemy_gens = [e for e in state.generals_at(h) if e.side != g.side]
        if enemy_gens:
            if h != o.path[-1]:
                fail("HH.GEN.27", f"general {g.id} can enter enemy general {enemy_gens[0].id}'s hex only to end there")
            notes.append(f"general {g.id} challenges general {enemy_gens[0].id} to single combat [HH.GEN.26]")
        zoc = [v for v in state.live_units(state.other(g.side)) if exerts_zoc_into(state, v, h)]
        if zoc and stop is None:
            stop = ("HH.GEN.16", f"he entered the zone of control of enemy unit {zoc[0].id} at {lab}")
        road = road and bf.along_road(here, h)
        here = h
    allowance = g.cm + (1 if road and o.path else 0)
    if len(o.path) > allowance:
        fail("HH.CMD.1", f"general {g.id} may move {allowance} hexes, not {len(o.path)}")
    return here, notes


def do_general_move(state: GameState, o: GeneralMove, to: Hex, notes: list[str]) -> list[str]:
    g = state.generals[o.general]
    state.generals[g.id] = replace(g, hex=to, moved_this_phase=True)
    host = state.unit_at(to)
    tail = f", joining {uname(host)}" if host is not None and host.side == g.side else ""
    lines = [
        f"general {g.id} ({g.name}) moves {state.label(g.hex)} -> {' '.join(state.label(h) for h in o.path)}{tail} [HH.CMD.1]."  # noqa: E501
    ]
    for n in notes:
        lines.append(n + "; it is fought in the hand-to-hand phase.")  # HH.GEN.26, HH.HTH.26
    return lines
