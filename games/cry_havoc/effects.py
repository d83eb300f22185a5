"""Applying results: injuries, dismounting and placing riders, dead horses, retreats, and the
player decisions they need [CH.STATE.2] [CH.HORSE.8] [CH.HORSE.9] [CH.RETREAT.4] [CH.PBEM.1].
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.hexgrid import Hex
from campaign.ruleset import DiceSource

from .config import Mode
from .geometry import Body
from .model import Animal, AnimalKind, Character, Condition, Injury, Profile, Values, injure
from .retreat import Retreat, default_path, describe, paths
from .state import GameState
from .tables import IMPASSABLE


@dataclass(slots=True)
class Ctx:
    """One resolution: the state, the dice and decisions, and the narrative being written."""

    state: GameState
    dice: DiceSource | None
    lines: list[str] = field(default_factory=list)
    asked: dict[str, int] = field(default_factory=dict)
    """How often each decision key came up in this resolution (a character may retreat twice in a phase)."""

    def say(self, text: str) -> None:
        self.lines.append(text)

    def roll(self, purpose: str) -> int:
        """One d10 from the dice source (drawn and logged by the server, read back on replay) [CH.DICE.4];
        the purpose names who rolls: the firer's, attacker's or owner's side [CH.DICE.5]."""
        assert self.dice is not None, "a resolution that rolls needs dice"
        return self.dice.roll(10, purpose)

    def choose(self, side: str, key: str, question: str, options: list[str], default: str) -> str:
        """A decision: the standing order or default, or the side's answer in interactive mode [CH.PBEM.1]."""
        standing = self.state.standing.get(side, {}).get(key)
        if standing in options:
            return standing
        if self.state.config.mode is Mode.INTERACTIVE and self.dice is not None and len(options) > 1:
            return self.dice.decide(side, self.decision_key(key), question, tuple(options), default)
        return default

    def decision_key(self, key: str) -> str:
        """The phase's key for the n-th time `key` is asked in this resolution: the first keeps the plain
        key (as older logs have it), later ones get `#n`, so a second retreat of the same character is
        asked afresh instead of taking the first answer [CH.PBEM.1]."""
        n = self.asked.get(key, 0) + 1
        self.asked[key] = n
        return f"{self.state.key}:{key}" + (f"#{n}" if n > 1 else "")


def placement_hexes(state: GameState, horse: Body, near: Hex | None) -> list[Hex]:
    """Legal hexes for a dismounted rider, best first [CH.HORSE.9] [CH.PBEM.17] [CH.PBEM.18]."""

    def free(h: Hex) -> bool:
        return state.board.on_map(h) and state.cost(h, False) < IMPASSABLE and not state.blocked_for_stop(h)

    ring = sorted(h for h in horse.adjacent() if free(h))
    if not ring:
        for radius in range(2, 8):
            ring = sorted(h for h in state.board.terrain if horse.distance(h) == radius and free(h))
            if ring:
                break
    if near is not None:
        ring.sort(key=lambda h: (h.distance(near), h.q, h.r))
    return ring


def _horse_id(state: GameState, cid: str) -> str:
    n = 1
    while f"{cid}-horse{n if n > 1 else ''}" in state.animals:
        n += 1
    return f"{cid}-horse{n if n > 1 else ''}"


def dismount(
    ctx: Ctx, c: Character, condition: Condition, horse_dies: bool, placer: str, near: Hex | None
) -> Character:
    """The rider leaves his horse: placed beside it by ``placer``; the horse stays dead or riderless [CH.HORSE.8]."""
    st = ctx.state
    assert c.body is not None
    horse = c.body
    hid = _horse_id(st, c.id)
    st.animals[hid] = Animal(hid, AnimalKind.HORSE, "", horse, alive=not horse_dies)
    st.characters[c.id] = replace(c, body=None)  # out of the way while his place is chosen
    spots = placement_hexes(st, horse, near)
    labels = [st.board.label(h) for h in spots]
    place = spots[0] if spots else horse.front
    if len(spots) > 1:
        pick = ctx.choose(
            placer, f"place-{c.id}", f"where is {c.id} {c.name} placed, off his horse?", labels, labels[0]
        )
        place = spots[labels.index(pick)]
    new = replace(c, body=Body(place), mounted=False, condition=condition, leading="")
    st.characters[c.id] = new
    what = "killed" if horse_dies else "riderless"
    ctx.say(
        f"  {c.id}'s horse is {what}; {c.id} is {condition.value} and dismounted"
        f" at {st.board.label(place)} [CH.HORSE.8]."
    )
    return new


def hurt(
    ctx: Ctx,
    cid: str,
    injury: Injury,
    placer: str,
    near: Hex | None,
    horse_dies: bool | None = None,
    stay_mounted: bool = False,
) -> None:
    """Apply an injury; a mounted man is dismounted unless ``stay_mounted`` [CH.STATE.2] [CH.MRT.5] [CH.CRT.6]."""
    st = ctx.state
    c = st.characters[cid]
    after = injure(c.condition, injury)
    if c.mounted and (not stay_mounted or after is Condition.DEAD):
        dismount(ctx, c, after, bool(horse_dies), placer, near)
    else:
        st.characters[cid] = replace(
            c,
            condition=after,
            action="" if after is not Condition.UNWOUNDED else c.action,
            leading="" if after in (Condition.DEAD, Condition.STUNNED) else c.leading,
        )
        ctx.say(f"  {cid} {c.name} is {after.value} [CH.STATE.2].")
    if after is Condition.DEAD:
        _drop_prisoner_escort(st, cid)


def _drop_prisoner_escort(state: GameState, cid: str) -> None:
    for p in state.characters.values():
        if cid in p.escort:
            state.characters[p.id] = replace(p, escort=tuple(x for x in p.escort if x != cid))


def do_retreat(ctx: Ctx, cid: str, length: int, sources: tuple[Hex, ...], never_adjacent: bool) -> None:
    """Retreat now, or be wounded if no path exists [CH.RETREAT.2] [CH.RETREAT.4] [CH.RETREAT.6] [CH.RETREAT.8]."""
    st = ctx.state
    c = st.characters[cid]
    if c.stunned:
        if st.config.retreat__stunned == "ignore":
            ctx.say(f"  {cid} lies stunned: the retreat has no effect [CH.RETREAT.6].")
            return
        ctx.say(f"  {cid} lies stunned and cannot retreat [CH.RETREAT.6].")
        hurt(ctx, cid, Injury.WOUND, st.other(c.side), None, stay_mounted=True)
        return
    found = paths(st, c, Retreat(cid, length, sources, never_adjacent or st.config.retreat__never_adjacent))
    if not found:
        ctx.say(f"  {cid} {c.name} cannot retreat {length} hex{'es' if length > 1 else ''} [CH.RETREAT.4].")
        hurt(ctx, cid, Injury.WOUND, st.other(c.side), None, stay_mounted=True)
        return
    best = default_path(st, c, found)
    labels = sorted({describe(st, p) for p in found})
    pick = ctx.choose(c.side, f"retreat-{cid}", f"which way does {cid} {c.name} retreat?", labels, describe(st, best))
    chosen = next(p for p in found if describe(st, p) == pick) if pick != describe(st, best) else best
    if chosen.off_map:
        st.characters[cid] = replace(c, body=None, leading="")
        st.exited.setdefault(c.side, []).append(cid)
        ctx.say(f"  {cid} retreats off the map ({describe(st, chosen)}) [CH.RETREAT.10].")
    else:
        st.characters[cid] = replace(c, body=chosen.end, leading="")
        ctx.say(
            f"  {cid} retreats {length} hex{'es' if length > 1 else ''} ({describe(st, chosen)})"
            f" to {st.where(chosen.end)} [CH.RETREAT.3]."
        )
    st.last.setdefault("retreats", []).append([[h.q, h.r] for b in chosen.bodies for h in b.hexes[:1]])


def animal_retreat(ctx: Ctx, a: Animal, length: int, sources: tuple[Hex, ...]) -> None:
    """An animal retreats like a horseman, a string of mules as a whole; if it cannot, nothing happens
    [CH.MRT.6] [CH.RETREAT.9] [CH.MULE.7]."""
    st = ctx.state
    chain = _string(st, a)
    if any(not m.alive for m in chain):
        ctx.say(f"  {a.id}'s string holds a dead mule and cannot move [CH.MULE.5].")
        return
    lead = _leading_end(chain, sources)
    # the string retreats from the enemies of its owner (an unowned horse: from everybody)
    ghost = Character(
        lead.id, lead.kind.value, lead.side, _animal_profile(), lead.body, mounted=lead.body.facing is not None
    )
    for m in chain:
        st.animals.pop(m.id)  # not in its own way while searching
    found = paths(st, ghost, Retreat(lead.id, length, sources, True))
    for m in chain:
        st.animals[m.id] = m
    if not found:
        ctx.say(f"  {a.id} cannot retreat and is unaffected [CH.RETREAT.9].")
        return
    best = default_path(st, ghost, found)
    order = chain if lead is chain[0] else list(reversed(chain))
    spots = [m.body for m in order]
    for body in best.bodies[1:]:
        spots = [body, *spots[:-1]]  # each mule steps where the one ahead of it stood [CH.MULE.7]
    for m, body in zip(order, spots, strict=True):
        st.animals[m.id] = replace(m, body=body, leader="")
    for c in list(st.characters.values()):
        if c.leading in {m.id for m in chain}:
            head = st.animals[chain[0].id]
            keep = c.body is not None and c.hex.distance(head.body.front) == 1
            st.characters[c.id] = replace(c, leading=c.leading if keep else "")
            if keep:
                st.animals[head.id] = replace(head, leader=c.id)
    ctx.say(f"  {a.id} retreats {length} to {st.where(st.animals[a.id].body)} [CH.MRT.6] [CH.MULE.7].")


def _string(st: GameState, a: Animal) -> list[Animal]:
    """The whole string a mule belongs to, head first (a horse or a lone mule alone) [CH.MULE.3]."""
    head = a
    seen = {a.id}
    while head.follows and head.follows in st.animals and head.follows not in seen:
        head = st.animals[head.follows]
        seen.add(head.id)
    out = [head]
    while True:
        nxt = sorted(m for m in st.animals if st.animals[m].follows == out[-1].id and m not in {x.id for x in out})
        if not nxt:
            return out
        out.append(st.animals[nxt[0]])


def _leading_end(chain: list[Animal], sources: tuple[Hex, ...]) -> Animal:
    """The end of the string farther from the attack leads the retreat; ties: the lower id [CH.PBEM.16]."""
    ends = [chain[0], chain[-1]]
    return min(ends, key=lambda m: (-min((m.body.distance(s) for s in sources), default=0), m.id))


def _animal_profile() -> Profile:
    """A stand-in counter for an animal searching its retreat (it never fights with it)."""
    return Profile("animal", "animal", Values(0, 1, 0), Values(0, 1, 0))
