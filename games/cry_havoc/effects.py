"""Applying results: injuries, dismounting and placing riders, dead horses, retreats, and the
player decisions they need [CH.STATE.2] [CH.HORSE.8] [CH.HORSE.9] [CH.RETREAT.4] [CH.PBEM.1].
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.hexgrid import Hex
from campaign.ruleset import DiceSource

from .config import Mode
from .geometry import Body
from .model import Animal, AnimalKind, Character, Condition, Injury, injure
from .retreat import Retreat, default_path, describe, paths
from .state import GameState
from .tables import IMPASSABLE


@dataclass(slots=True)
class Ctx:
    """One resolution: the state, the dice and decisions, and the narrative being written."""

    state: GameState
    dice: DiceSource | None
    lines: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        self.lines.append(text)

    def roll(self, purpose: str) -> int:
        assert self.dice is not None, "a resolution that rolls needs dice"
        return self.dice.roll(10, purpose)

    def choose(self, side: str, key: str, question: str, options: list[str], default: str) -> str:
        """A decision: the standing order or default, or the side's answer in interactive mode [CH.PBEM.1]."""
        standing = self.state.standing.get(side, {}).get(key)
        if standing in options:
            return standing
        if self.state.config.mode is Mode.INTERACTIVE and self.dice is not None and len(options) > 1:
            return self.dice.decide(side, f"{self.state.key}:{key}", question, tuple(options), default)
        return default


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
    """An animal retreats like a horseman; if it cannot, nothing happens [CH.MRT.6] [CH.RETREAT.9]."""
    st = ctx.state
    ghost = Character(a.id, a.kind.value, "", _animal_profile(), a.body, mounted=a.body.facing is not None)
    st.animals.pop(a.id)  # not in its own way while searching
    found = paths(st, ghost, Retreat(a.id, length, sources, True))
    st.animals[a.id] = a
    if not found:
        ctx.say(f"  {a.id} cannot retreat and is unaffected [CH.RETREAT.9].")
        return
    best = default_path(st, ghost, found)
    st.animals[a.id] = replace(a, body=best.end, leader="")
    ctx.say(f"  {a.id} retreats {length} to {st.where(best.end)} [CH.MRT.6].")


def _animal_profile():  # type: ignore[no-untyped-def]
    from .model import Profile, Values

    return Profile("animal", "animal", Values(0, 1, 0), Values(0, 1, 0))
