"""Units that change shape: reduced units combine, pike blocks and hordes re-form, split units rejoin, combined
arms exchange stands [HH.STAND.6, HH.SPECIAL.24, HH.SPECIAL.28-33, HH.TERR.42, HH.TERR.43].

Each kind has `verify_*` (raises `Illegal` with a Problem) and `do_*` (mutates the state copy, returns
narrative), paired by the bound's order table (`table.ORDERS`).
"""

from __future__ import annotations

from dataclasses import replace

from .geometry import (
    direction,
)
from .model import Formation, Unit
from .movement import (
    check_may_move,
    split_partner,
    uname,
)
from .orders import (
    Combine,
    CombineBlocks,
    Exchange,
    Rejoin,
    Separate,
)
from .rules import fail, unit_on_table
from .state import GameState
from .zoc import (
    can_occupy,
    is_engaged,
)

# --- combining reduced units ---------------------------------------------------------------------


def verify_combine(state: GameState, o: Combine, commanded: frozenset[int]) -> tuple[Unit, Unit, int, int]:
    """Two reduced units of one profile merge (HH.STAND.6, HH.STAND.7, HH.PD.12).

    Returns (survivor after merge, absorbed unit, merged stands, stands lost).
    """
    a, b = unit_on_table(state, o.a), unit_on_table(state, o.b)
    for u in (a, b):
        check_may_move(state, u, u.id in commanded)
        if is_engaged(state, u):
            fail("HH.STAND.6", f"{uname(u)} is engaged and may not combine")
        if u.stands >= u.nominal:
            fail("HH.STAND.6", f"{uname(u)} is at full strength; only reduced units combine")
    if a.side != b.side or a.profile != b.profile:
        fail("HH.STAND.6", f"units {a.id} and {b.id} are not of the same troop type and class")
    if direction(a.at, b.at) is None:
        fail("HH.STAND.6", f"units {a.id} and {b.id} are not adjacent")
    if o.at is not None and o.at not in (a.hex, b.hex):
        fail("HH.STAND.6", f"the merged unit stays in the hex of one of the two, not {state.label(o.at)}")
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
        f"{uname(gone)} joins {uname(merged)} at {state.label(merged.hex)}: {merged.stands} stands"
        f"{f', {lost} lost' if lost else ''} [HH.STAND.6]."
    ]


# --- pike blocks and 6-stand hordes ----------------------------------------------------------------


def _ready(state: GameState, units: list[Unit], commanded: frozenset[int], code: str) -> None:
    """Commanded, undisrupted, not engaged, not yet moved (HH.SPECIAL.30, HH.SPECIAL.24)."""
    for u in units:
        check_may_move(state, u, u.id in commanded)
        if is_engaged(state, u):
            fail(code, f"{uname(u)} is engaged")
    if len({u.id for u in units}) != len(units) or len({u.side for u in units}) != 1:
        fail(code, "name different units of your own side")


def _split(total: int, parts: int) -> list[int]:
    """Stands shared as evenly as possible, larger shares first (HH.SPECIAL.30)."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def verify_blocks(state: GameState, o: CombineBlocks, commanded: frozenset[int]) -> tuple[list[Unit], Unit]:
    """Three 4-stand pike or horde units in a chain of adjacent hexes become two 6-stand units in two of the hexes
    (HH.SPECIAL.28, HH.SPECIAL.30, HH.SPECIAL.32, HH.BASE.5). Returns (the two new units, the unit absorbed)."""
    us = [unit_on_table(state, i) for i in (o.a, o.b, o.c)]
    _ready(state, us, commanded, "HH.SPECIAL.30")
    p = state.profile(us[0])
    if not (p.pike or p.horde) or any(u.profile != us[0].profile for u in us):
        fail("HH.SPECIAL.28", "only three units of one pike or horde troop type combine into 6-stand units")
    if any(u.nominal != 4 for u in us):
        fail("HH.SPECIAL.28", "only units bought as 4-stand units combine into 6-stand units")
    hexes = [u.hex for u in us if u.hex is not None]  # on the table: checked by _ready
    links = sum(1 for i, j in ((0, 1), (0, 2), (1, 2)) if direction(hexes[i], hexes[j]) is not None)
    if links < 2:
        fail("HH.SPECIAL.30", "the three units must stand in a connected chain of adjacent hexes")
    keep_hexes = [o.at, o.at2] if o.at and o.at2 else [us[0].hex, us[1].hex]
    keep = [u for u in us if u.hex in keep_hexes]
    if len(keep) != 2 or keep_hexes[0] == keep_hexes[1]:
        fail("HH.SPECIAL.30", "the two 6-stand units stay in two of the three units' hexes")
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
        f"units {new[0].id}, {new[1].id} and {gone.id} combine into two {what}: {uname(new[0])}"
        f" ({new[0].stands} stands) and {uname(new[1])} ({new[1].stands}); {state.label(gone.hex)} is left"
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
    a, b = unit_on_table(state, o.a), unit_on_table(state, o.b)
    _ready(state, [a, b], commanded, "HH.SPECIAL.30")
    p = state.profile(a)
    if not (p.pike or p.horde) or a.profile != b.profile or a.nominal != 6 or b.nominal != 6:
        fail("HH.SPECIAL.28", "only two 6-stand units of one pike or horde troop type separate into three")
    if direction(a.at, b.at) is None:
        fail("HH.SPECIAL.30", f"units {a.id} and {b.id} are not adjacent")
    total = a.stands + b.stands
    if total < 6:
        fail("HH.SPECIAL.30", f"only {total} stands between them: separating needs 6 or more")
    free = sorted(
        h
        for u in (a, b)
        for h in u.at.neighbours()
        if state.unit_at(h) is None
        and can_occupy(state, p, h)
        and not any(g.side != a.side for g in state.generals_at(h))
    )
    into = o.into if o.into is not None else (free[0] if free else None)
    if into is None or into not in free:
        fail("HH.SPECIAL.30", "the third unit needs a vacant hex next to one of the two")
    assert into is not None
    s = _split(total, 3)
    parent = a if direction(a.at, into) is not None else b
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
    u = unit_on_table(state, o.unit)
    other = split_partner(state, u)
    if other is None:
        fail(
            "HH.TERR.43",
            f"{uname(u)} is not part of a split unit",
            "only the two parts of a 6-stand unit split at a ford, bridge or restricted track rejoin",
        )
    assert other is not None
    front, rear = (u, other) if other.split_rear else (other, u)
    for w in (front, rear):
        check_may_move(state, w, w.id in commanded)
        if is_engaged(state, w):
            fail("HH.TERR.43", f"{uname(w)} is engaged; the parts re-form only out of combat")
    if direction(front.at, rear.at) is None:
        fail(
            "HH.TERR.43",
            f"the parts {front.id} and {rear.id} are not adjacent",
            "bring them next to each other first",
        )
    for w in (front, rear):
        if state.field.is_restriction(w.at, state.options.restrict_tracks):
            fail(
                "HH.TERR.43",
                f"{uname(w)} is still in the restriction at {state.label(w.hex)}; the parts re-form once the"
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
        f"{uname(merged)} re-forms at {state.label(merged.hex)}: its rear part {rear.id} rejoins it"
        f" ({merged.stands} stands, nominal {merged.nominal}) [HH.TERR.42, HH.TERR.43]."
    ]


# --- combined arms ----------------------------------------------------------------------------------


def verify_exchange(state: GameState, o: Exchange, commanded: frozenset[int]) -> tuple[Unit, Unit, int]:
    """Two adjacent combined-arms units of the same two troop types swap stands: `a` takes every front-type stand,
    `b` every rear-type stand (HH.SPECIAL.24). Returns (a after, b after, stands lost over the purchase size)."""
    a, b = unit_on_table(state, o.a), unit_on_table(state, o.b)
    _ready(state, [a, b], commanded, "HH.SPECIAL.24")
    if not (a.combined and b.combined) or (a.profile, a.rear_profile) != (b.profile, b.rear_profile):
        fail("HH.SPECIAL.24", f"units {a.id} and {b.id} are not combined-arms units of the same two troop types")
    if direction(a.at, b.at) is None:
        fail("HH.SPECIAL.24", f"units {a.id} and {b.id} are not adjacent")
    fp, rp = state.profile(a), state.profiles[a.rear_profile]  # type: ignore[index]  # combined: has a rear profile
    front = min(a.front_stands + b.front_stands, fp.stands)
    rear = min(a.rear_stands + b.rear_stands, rp.stands)
    lost = a.stands + b.stands - front - rear
    na = replace(a, stands=front, nominal=fp.stands, rear_profile=None, rear_stands=0, moved_this_phase=True)
    nb = replace(
        b,
        profile=b.rear_profile,  # type: ignore[arg-type]  # combined: has a rear profile
        base_profile=b.rear_profile,  # type: ignore[arg-type]  # combined: has a rear profile
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
        f"{uname(a)} and {uname(b)} exchange stands and become single-arm units"
        f" ({a.stands} and {b.stands} stands{f', {lost} lost' if lost else ''}) [HH.SPECIAL.24]."
    ]
