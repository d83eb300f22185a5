"""2012 skirmish order [HH12.SPEC.1-9, ruling HH12.SPEC.A1]: dispersed stands, one per hex.

A 2012 unit whose list lets it skirmish (profile flag `skirmisher`) may disperse (`disperse N HEX HEX ...`): each
of its stands becomes a record of its own (a `Unit` with one stand and `skirmish_of = N`; the first keeps the
unit's id) in its own hex, in a connected chain of at most 4 hexes (HH12.SPEC.1, ruling HH12.SPEC.A1 items 1-2).
The rest of the engine sees each stand as a one-stand unit and asks this module only at a few hooks:

- zone of control and melee (zoc.py): a stand exerts no ZOC and is never engaged, so it never fights in melee and
  a unit next to stands only has no combat (HH12.SPEC.5, items 4 and 9);
- movement (movement.py, rules.apply_plan): a formed enemy may move into a stand's hex, which removes the stand
  as a loss, and go on moving (HH12.SPEC.5, item 6); a stand next to a hex it enters evades up to 2 hexes, once a
  bound (HH12.SPEC.4, item 5); a stand may not enter an enemy stand's hex (HH12.SPEC.9);
- shooting (shooting.py): each stand rolls its one die with the unit's factor; only an adjacent enemy may shoot at
  a stand and a stand never shoots at one (HH12.SPEC.3, HH12.SPEC.9, items 7-8); never engaged, stands never
  fight enemy stands either (HH12.SPEC.9);
- losses (compulsory.eliminate): a skirmish unit down to its last stand loses it (HH12.SPEC.1, item 10);
- command (engine): the unit is under command if any of its stands is (item 3);
- `reform N HEX` brings every stand, each within its normal move, into one hex as a formed unit of the stands left,
  disordered if any stand was (HH12.SPEC.7, item 8).

A contacted stand evades alone (`through_stands`), or with `standing flee-response yes` the whole unit regroups:
mounted stands flee so (HH12.SPEC.6), foot stands reform with their evade move (HH12.SPEC.7), `_regroup_flee`.
At the end of the side's movement the stands must still form one connected chain (item 4, `broken_chains`), and
any disorder a stand takes is dropped at the end of the phase (item 8, `ignore_disorder`).

Simplified (the game records it as an edition deviation at set-up, ruling HH12.SPEC.A1 item 11): dispersing,
reforming and regrouping count each stand's move as a straight hex distance, without terrain costs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from campaign.hexgrid import Hex

from .edition import EditionRules
from .geometry import edge_dist
from .model import Formation, Profile, Unit
from .state import GameState
from .zoc import adjacent_enemies, can_occupy, exerts_zoc_into, is_engaged

FALLBACK_NOTE = (
    "a 2012 skirmish stand's move when dispersing, reforming or regrouping is counted as the straight distance in"
    " hexes, without terrain costs (ruling HH12.SPEC.A1 items 2 and 5)"
)
"""The edition deviation a 2012 game with skirmishers records in its metadata (ruling HH12.SPEC.A1 item 11)."""


class SkirmishError(ValueError):
    """A `disperse` or `reform` order the board does not allow: a rule id, what is wrong, how to fix it."""

    def __init__(self, code: str, message: str, hint: str = ""):
        super().__init__(message)
        self.code, self.message, self.hint = code, message, hint


def is_stand(u: Unit) -> bool:
    """A stand of a dispersed 2012 skirmish unit (HH12.SPEC.1)."""
    return u.skirmish_of is not None


def skirmishing(state: GameState, u: Unit) -> bool:
    """A unit in 2012 skirmish order: one of the stands of a dispersed unit (HH12.SPEC.1)."""
    return state.rules.skirmish_order and is_stand(u)


def may_shoot_at(state: GameState, shooter: Unit, target: Unit) -> bool:
    """HH12.SPEC.3: only an adjacent enemy may shoot at a skirmish stand; HH12.SPEC.9: a stand never shoots at an
    enemy stand. Always True in 2022."""
    if not skirmishing(state, target):
        return True
    if skirmishing(state, shooter):
        return False  # HH12.SPEC.9
    return shooter.at.distance(target.at) == 1  # HH12.SPEC.3


def stands_of(state: GameState, group: int) -> list[Unit]:
    """The live stands of skirmish unit `group`, by id."""
    return [u for u in state.live_units() if u.skirmish_of == group]


def group_command(state: GameState, commanded: frozenset[int]) -> frozenset[int]:
    """Ruling HH12.SPEC.A1 item 3: a skirmish unit is under command if any of its stands is."""
    groups = {state.units[uid].skirmish_of for uid in commanded if state.units[uid].skirmish_of is not None}
    if not groups:
        return commanded
    more = {u.id for u in state.live_units() if u.skirmish_of in groups and not u.disrupted}
    return commanded | more


Remove = Callable[[GameState, int, str], list[str]]
"""`compulsory.eliminate`, passed in: the compulsory moves build on this module."""


def through_stands(state: GameState, mover: Unit, path: Iterable[Hex], remove: Remove) -> list[str]:
    """A formed unit's move among enemy skirmish stands, hex by hex along its path: a stand in a hex it enters is
    ridden down, a stand lost (HH12.SPEC.5, ruling HH12.SPEC.A1 item 6); a stand next to a hex it enters is
    contacted and evades up to 2 hexes if it can (HH12.SPEC.4, item 5, standing order `evade`, default yes), once a
    bound. The mover carries on (a stand that evades onto its path is ridden down there)."""
    if is_stand(mover) or not state.rules.skirmish_order:
        return []
    final = state.units[mover.id]
    lines: list[str] = []
    for h in path:
        state.units[mover.id] = replace(final, hex=h)
        for w in state.live_units(state.other(mover.side)):
            if is_stand(w) and w.hex == h:
                lines += remove(state, w.id, f"ridden down by unit {mover.id} ({mover.name}) [HH12.SPEC.5]")
        for w in state.live_units(state.other(mover.side)):
            v = state.units.get(w.id)  # a regroup-flee may have folded this stand into its unit already
            if v is None or not (is_stand(v) and v.on_table and v.at.distance(h) == 1 and not v.evaded_this_bound):
                continue
            orders = state.standing_for(v.side).for_unit(v.skirmish_of or v.id)
            fled = _regroup_flee(state, v, h) if orders.flee_response else None
            if fled is not None:
                lines += fled
            elif orders.evade:
                lines += _evade(state, v, h)
    state.units[mover.id] = final
    return lines


def _regroup_flee(state: GameState, v: Unit, m: Hex) -> list[str] | None:
    """Standing order `flee-response yes`: contacted stands regroup as one formed unit in a single hex, empty (or held
    by one of them), outside enemy ZOC: mounted stands flee so, no stand going farther than its normal move
    (HH12.SPEC.6, ruling HH12.SPEC.A1 item 5); foot stands reform so with their 2-hex evade move (HH12.SPEC.7). The
    hex farthest from the contacting unit, then nearest the own edge, then the lowest. None when there is no such
    hex (the stand may then evade alone)."""
    p = state.profile(v)
    group = stands_of(state, v.skirmish_of)  # type: ignore[arg-type]  # a stand has its group
    enemies = state.live_units(state.other(v.side))
    mounted = p.category.mounted
    reach = p.speed.hexes if mounted else 2

    def edge(n: Hex) -> int:
        e = state.edges.get(v.side)
        return edge_dist(e, n, state.field.rows) if e else 0

    cands = {n for s in group for n in _within(s.at, reach)}
    good = [
        n
        for n in cands
        if state.field.on_map(n)
        and can_occupy(state, p, n)
        and all(s.at.distance(n) <= reach for s in group)
        and (state.unit_at(n) is None or state.unit_at(n) in group)
        and not any(w.hex == n or exerts_zoc_into(state, w, n) for w in enemies)
        and n.distance(m) > v.at.distance(m)
    ]
    if not good:
        return None
    to = min(good, key=lambda n: (-n.distance(m), edge(n), n))
    keep = state.units[v.skirmish_of]  # type: ignore[index]  # a stand has its group
    lines = do_reform(state, group, to)
    gid = keep.id
    state.units[gid] = replace(
        state.units[gid],
        moved_this_phase=keep.moved_this_phase,
        moved_this_bound=keep.moved_this_bound,
        evaded_this_bound=True,
        flee_responded_this_bound=True,
    )
    how = "flees by regrouping [HH12.SPEC.6]" if mounted else "reforms with its evade move [HH12.SPEC.7]"
    return [f"skirmish unit {gid} ({keep.name}) {how}: " + lines[0]]


def _within(h: Hex, k: int) -> list[Hex]:
    """Every hex at most `k` hexes from `h`."""
    out = {h}
    ring = {h}
    for _ in range(k):
        ring = {n for x in ring for n in x.neighbours()} - out
        out |= ring
    return sorted(out)


def _evade(state: GameState, v: Unit, m: Hex) -> list[str]:
    """HH12.SPEC.4, ruling HH12.CMP.A10: a contacted stand moves 2 hexes (1 if 2 cannot be done) each farther from
    the contacting unit at `m`, never into an enemy hex or ZOC or impassable terrain, ending in an empty hex; it may
    pass steady friends that are not in melee. Among equals: farthest from the enemy, nearest its own edge, lowest
    hex. With no such path it stays (and may be ridden down)."""
    p = state.profile(v)
    enemies = state.live_units(state.other(v.side))

    def ok(n: Hex) -> bool:
        return (
            state.field.on_map(n)
            and can_occupy(state, p, n)
            and not any(w.hex == n or exerts_zoc_into(state, w, n) for w in enemies)
        )

    def passable(n: Hex) -> bool:
        f = state.unit_at(n)
        return f is None or (f.side == v.side and not f.disrupted and not is_engaged(state, f))

    def edge(n: Hex) -> int:
        e = state.edges.get(v.side)
        return edge_dist(e, n, state.field.rows) if e else 0

    here = v.at
    ones = [a for a in here.neighbours() if a.distance(m) > here.distance(m) and ok(a)]
    twos = [
        (a, b)
        for a in ones
        if passable(a)
        for b in a.neighbours()
        if b != here and b.distance(m) > a.distance(m) and ok(b) and state.unit_at(b) is None
    ]
    paths: list[tuple[Hex, ...]] = list(twos) or [(a,) for a in ones if state.unit_at(a) is None]
    if not paths:
        return []
    # every step is one hex farther from `m`, so all the paths found end equally far (2 hexes, or 1 with no 2-hex
    # path): the ties go nearest the own edge, then to the lowest hex
    best = min(paths, key=lambda q: (edge(q[-1]), q[-1]))
    state.units[v.id] = replace(v, hex=best[-1], evaded_this_bound=True)
    route = " ".join(state.label(h) for h in best)
    return [f"unit {v.id} ({v.name}) evades {state.label(here)} -> {route} [HH12.SPEC.4]."]


def other_stands_lost(state: GameState, u: Unit, extra: int) -> list[int]:
    """Ruling HH12.SPEC.A1 item 8: a result that takes more stands than the hit stand had takes the rest from the
    other stands of its unit, the owner's choice; by default those nearest the hit stand, then the lowest ids."""
    if u.skirmish_of is None or extra <= 0 or u.hex is None:
        return []
    rest = sorted(stands_of(state, u.skirmish_of), key=lambda v: (v.at.distance(u.at), v.id))
    return [v.id for v in rest[:extra]]


def broken_chains(state: GameState, side: str) -> list[int]:
    """Ruling HH12.SPEC.A1 item 4: the skirmish units of `side` whose stands no longer form one connected chain
    (each stand next to another of them) at the end of the side's movement."""
    out = []
    for gid in sorted({u.skirmish_of for u in state.live_units(side) if u.skirmish_of is not None}):
        hexes = {u.at for u in stands_of(state, gid)}
        start = next(iter(hexes))
        seen, todo = {start}, [start]
        while todo:
            h = todo.pop()
            for n in h.neighbours():
                if n in hexes and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen != hexes:
            out.append(gid)
    return out


def ignore_disorder(state: GameState) -> list[str]:
    """Ruling HH12.SPEC.A1 item 8: disorder has no effect on skirmish stands (their order is loose already): any
    disorder a stand took in a phase (a shooting result, friends fleeing through it) is dropped at its end."""
    lines = []
    for u in state.live_units():
        if u.skirmish_of is not None and u.disrupted:
            state.units[u.id] = replace(u, disrupted=False)
            lines.append(f"{u.name} (unit {u.id}) is in skirmish order: disorder has no effect on it [HH12.SPEC.A1].")
    return lines


def last_stand(state: GameState, u: Unit) -> int | None:
    """HH12.SPEC.1, ruling HH12.SPEC.A1 item 10: after stand `u` is removed, the skirmish unit's one stand left (3 of
    4 lost), which goes too; None while more are left."""
    if u.skirmish_of is None:
        return None
    rest = stands_of(state, u.skirmish_of)
    return rest[0].id if len(rest) == 1 and rest[0].stands == 1 else None


# --- disperse and reform (HH12.SPEC.1, HH12.SPEC.7, ruling HH12.SPEC.A1 items 2 and 7) ---------------------------


def _chain(hexes: list[Hex]) -> bool:
    """The hexes, in the order listed, each next to the one before: a chain."""
    return all(a.distance(b) == 1 for a, b in zip(hexes, hexes[1:], strict=False))


def verify_disperse(state: GameState, u: Unit, hexes: tuple[Hex, ...], commanded: bool) -> list[Hex]:
    """Ruling HH12.SPEC.A1 item 2: a 2012 unit allowed to skirmish, under command, not disordered, not next to an
    enemy, not yet moved, spreads its stands one per hex over distinct empty hexes forming a chain of at most 4,
    one of them its own hex or next to it, none farther from its hex than its normal move."""
    p = state.profile(u)
    if not state.rules.skirmish_order:
        raise SkirmishError("HH12.SPEC.1", f"{state.rules.title} has no skirmish order", "move the unit as it is")
    if not p.skirmisher:
        raise SkirmishError("HH12.SPEC.1", f"unit {u.id} ({u.name}) may not skirmish: its list does not allow it")
    if is_stand(u):
        raise SkirmishError("HH12.SPEC.1", f"unit {u.id} ({u.name}) is already in skirmish order")
    if u.disrupted or not commanded or u.moved_this_phase:
        why = "is disordered" if u.disrupted else "is not under command" if not commanded else "has already moved"
        raise SkirmishError("HH12.SPEC.A1", f"unit {u.id} ({u.name}) {why} and may not disperse")
    if adjacent_enemies(state, u.side, u.at):
        raise SkirmishError("HH12.SPEC.A1", f"unit {u.id} ({u.name}) is next to an enemy and may not disperse")
    if len(hexes) != u.stands:
        raise SkirmishError(
            "HH12.SPEC.1",
            f"unit {u.id} ({u.name}) has {u.stands} stands: name {u.stands} hexes, one per stand",
        )
    hs = list(hexes)
    if len(set(hs)) != len(hs) or len(hs) > 4 or not _chain(hs):
        raise SkirmishError("HH12.SPEC.1", "the hexes must be distinct and each next to the one before (at most 4)")
    if not any(h == u.at or h.distance(u.at) == 1 for h in hs):
        raise SkirmishError("HH12.SPEC.A1", "one of the hexes must be the unit's own hex or next to it")
    for h in hs:
        occ = state.unit_at(h)
        if not state.field.on_map(h) or not can_occupy(state, p, h) or (occ is not None and occ.id != u.id):
            raise SkirmishError("HH12.SPEC.A1", f"a stand cannot go to {state.label(h)}: it is not an empty hex")
        if h.distance(u.at) > p.speed.hexes:
            raise SkirmishError(
                "HH12.SPEC.A1", f"{state.label(h)} is farther than the unit's move of {p.speed.hexes} hexes"
            )
    return hs


def do_disperse(state: GameState, u: Unit, hexes: list[Hex]) -> list[str]:
    """The unit's first stand keeps its id in the first hex; each other stand becomes a one-stand record with a new
    id (HH12.SPEC.1). Each stand faces the unit's facing and counts as moved."""
    nid = max(state.units) + 1
    ids = []
    for k, h in enumerate(hexes):
        uid = u.id if k == 0 else nid + k - 1
        name = u.name if k == 0 else f"{u.name} (stand {k + 1})"
        state.units[uid] = replace(
            u,
            id=uid,
            name=name,
            hex=h,
            stands=1,
            nominal=1,
            formation=Formation.DEPLOYED,
            skirmish_of=u.id,
            moved_this_phase=True,
            moved_this_bound=True,
        )
        ids.append(uid)
    where = ", ".join(f"{uid} at {state.label(h)}" for uid, h in zip(ids, hexes, strict=True))
    for g in state.generals_at(u.at):
        if g.side == u.side and u.at not in hexes[:1]:
            state.generals[g.id] = replace(g, hex=hexes[0])
    return [f"unit {u.id} ({u.name}) disperses in skirmish order, one stand per hex: stands {where} [HH12.SPEC.1]."]


def verify_reform(state: GameState, u: Unit, at: Hex, commanded: frozenset[int]) -> list[Unit]:
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 2: every stand of the unit, under command and not yet moved, reaches
    `at` (empty, or held by one of them) within its normal move."""
    if not is_stand(u):
        raise SkirmishError("HH12.SPEC.7", f"unit {u.id} ({u.name}) is not in skirmish order")
    group = stands_of(state, u.skirmish_of)  # type: ignore[arg-type]  # a stand has its group
    p = state.profile(u)
    if not any(s.id in commanded for s in group):
        raise SkirmishError("HH12.SPEC.A1", f"skirmish unit {u.skirmish_of} is not under command")
    if any(s.moved_this_phase for s in group):
        raise SkirmishError("HH12.SPEC.7", f"a stand of skirmish unit {u.skirmish_of} has already moved")
    occ = state.unit_at(at)
    if not state.field.on_map(at) or not can_occupy(state, p, at) or (occ is not None and occ not in group):
        raise SkirmishError("HH12.SPEC.7", f"the unit cannot reform in {state.label(at)}: it is not an empty hex")
    far = [s.id for s in group if s.at.distance(at) > p.speed.hexes]
    if far:
        raise SkirmishError(
            "HH12.SPEC.7", f"stand {far[0]} is farther from {state.label(at)} than its move of {p.speed.hexes} hexes"
        )
    return group


def do_reform(state: GameState, group: list[Unit], at: Hex) -> list[str]:
    """The stands become one formed unit again, under the unit's own id (its first stand's record, taken back even if
    that stand was lost) with the stands left; disordered if any stand was (ruling HH12.SPEC.A1 item 8)."""
    gid = group[0].skirmish_of
    assert gid is not None
    keep = state.units[gid]
    disordered = any(s.disrupted for s in group)
    p = state.profile(keep)
    for s in group:
        for g in state.generals_at(s.at):
            if g.side == s.side:
                state.generals[g.id] = replace(g, hex=at)  # a general with a stand stays with his unit (HH.GEN.8)
        if s.id != gid:
            del state.units[s.id]
    state.units[gid] = replace(
        keep,
        hex=at,
        stands=len(group),
        nominal=p.stands,
        skirmish_of=None,
        eliminated=False,
        disrupted=disordered,
        moved_this_phase=True,
        moved_this_bound=True,
    )
    mark = ", disordered" if disordered else ""
    return [f"unit {gid} ({keep.name}) reforms in {state.label(at)} with {len(group)} stands{mark} [HH12.SPEC.7]."]


# --- metadata (ruling HH12.SPEC.A1 item 11) ------------------------------------------------------------------------


def deviations(rules: EditionRules, profiles: Iterable[Profile]) -> list[str]:
    """The edition deviations a game records at set-up (ruling HH12.SPEC.A1 item 11): the parts of the skirmish model
    this engine simplifies, when a 2012 force fields skirmishers."""
    if rules.skirmish_order and any(p.skirmisher for p in profiles):
        return [f"edition deviation: {FALLBACK_NOTE} [HH12.SPEC.A1]"]
    return []


def recorded_deviations(state: GameState) -> list[str]:
    """The edition deviations among the game's set-up warnings (ruling HH12.SPEC.A1 item 11), for the view, the
    board text and the picture."""
    return [w for w in state.warnings if w.startswith("edition deviation:")]
