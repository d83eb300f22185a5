"""What a resolution carries around: the state, the dice, the narrative; SP losses and removals [PC.MORALE.*].

Every die goes through :meth:`Ctx.pool` or :meth:`Ctx.d6` with a purpose naming the stands, so
the log says why each was rolled [PC.DICE.4].
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.hexgrid import Hex
from campaign.ruleset import DiceSource

from . import tables
from .model import ArmyStatus
from .state import State


@dataclass
class Ctx:
    """One resolution in progress."""

    st: State
    dice: DiceSource
    log: list[str] = field(default_factory=list)
    fought: set[str] = field(default_factory=set)
    """Stands that took part in a melee during this resolution (moved markers) [PC.SEQ.6]."""
    evades: dict[tuple[str, str], int] = field(default_factory=dict)
    """(evader, charger) -> evades so far this activation [PC.EVADE.6]."""
    counter_charged: set[str] = field(default_factory=set)
    """Movers already charged by a stand on opportunity this activation [PC.OPP.7]."""
    no_evade: set[tuple[str, str]] = field(default_factory=set)
    """(evader, charger) pairs that may not evade again this activation [PC.EVADE.6]."""
    paths: list[tuple[str, list[Hex]]] = field(default_factory=list)
    """(side, hexes) of each move made, for the picture's arrows."""
    held_disorder: set[str] | None = None
    """While pre-combat tests are batched, the stands whose disorder waits until all tests are taken [PC.FIRE.18]."""

    def d6(self, purpose: str) -> int:
        """One D6 for an order test, a morale test or a pursuit [PC.DICE.1]."""
        return self.dice.roll(6, purpose)

    def pool(self, n: int, purpose: str) -> list[int]:
        """A pool of n D6 for fire, pilum or melee [PC.DICE.1]."""
        return [self.dice.roll(6, f"{purpose} (die {i + 1} of {n})") for i in range(n)]

    def say(self, text: str) -> None:
        self.log.append(text)

    def name(self, sid: str) -> str:
        s = self.st.stands[sid]
        return f"{sid} ({self.st.troop(s).name}, {self.st.label(s.hex)})"

    # --- losses -----------------------------------------------------------------------------------
    def disorder(self, sid: str) -> None:
        """Disorder is on or off; it also ends opportunity [PC.DISORDER.1] [PC.OPP.2]; its causes are listed in
        [PC.DISORDER.2]."""
        s = self.st.stands[sid]
        if s.on_board:
            self.st.put(replace(s, disordered=True, opportunity=False))

    def lose(self, sid: str, n: int, why: str) -> bool:
        """Take n SP off the rearmost rank first, carrying the excess forward [PC.MORALE.7]; True if removed.

        A stand whose every rank reaches 0 is removed, its BP lost [PC.MORALE.8] [PC.VICTORY.2].
        """
        s = self.st.stands[sid]
        if n <= 0 or not s.on_board:
            return False
        ranks, front_loss, left = list(s.ranks), s.front_loss, n
        troop = self.st.troop(s)
        while left > 0 and ranks:
            take = min(left, ranks[-1])
            ranks[-1] -= take
            left -= take
            if len(ranks) == 1:
                front_loss += take
            if ranks[-1] == 0:
                gone = len(ranks) - 1
                self._lose_bp(s.side, troop.bp[gone] if gone < len(troop.bp) else 0)
                ranks.pop()
        self.st.put(replace(s, ranks=tuple(ranks), front_loss=front_loss))
        self.say(f"{self.name(sid)} loses {n} SP ({why}); now {'/'.join(map(str, ranks)) or 'gone'}")
        if not ranks:
            self.remove(sid, "destroyed", count_bp=False)
            return True
        return False

    def _lose_bp(self, side: str, bp: int) -> None:
        a = self.st.army[side]
        self.st.army[side] = ArmyStatus(a.total, a.lost + bp)

    def remove(self, sid: str, why: str, *, count_bp: bool = True) -> None:
        """Take a stand off: its remaining ranks' BP are lost unless it pursued off [PC.VICTORY.2]; an attached
        general dies [PC.CMD.8]."""
        s = self.st.stands[sid]
        if not s.on_board:
            return
        if count_bp:
            troop = self.st.troop(s)
            self._lose_bp(s.side, sum(troop.bp[: len(s.ranks)]))
        self.st.put(replace(s, removed=why))
        self.say(f"{sid} is removed: {why}")
        self._drop_from_melees(sid)
        for g in list(self.st.generals.values()):
            if g.alive and g.attached == sid:
                self.st.generals[g.id] = replace(g, alive=False, attached="", died_at=s.hex)
                self.say(f"general {g.id} is killed with the stand he led [PC.CMD.8]")
            elif g.alive and g.hex == s.hex and g.side == s.side:
                self._displace_general(g.id)

    def _displace_general(self, gid: str) -> None:
        """A general left alone by a destroyed stand goes to the nearest stand of his group [PC.CMD.9]."""
        g = self.st.generals[gid]
        friends = [s for s in self.st.live(g.side) if s.group == g.group]
        if friends:
            near = min(friends, key=lambda s: (s.hex.distance(g.hex), s.id))
            self.st.generals[gid] = replace(g, hex=near.hex)

    def _drop_from_melees(self, sid: str) -> None:
        for m in list(self.st.melees.values()):
            if sid in (b for _, b in m.battle):
                del self.st.melees[m.id]
            elif sid in m.supporters or sid in m.non_facing:
                self.st.melees[m.id] = replace(
                    m,
                    supporters=tuple(x for x in m.supporters if x != sid),
                    non_facing=tuple(x for x in m.non_facing if x != sid),
                )

    # --- morale -----------------------------------------------------------------------------------
    def general_with(self, sid: str) -> bool:
        """A general attached to the stand [PC.CMD.7] (b)."""
        return any(g.alive and g.attached == sid for g in self.st.generals.values())

    def morale(self, sid: str, hit_count: int, purpose: str) -> tables.MoraleResult:
        """Roll one morale test for `hit_count` hits [PC.MORALE.1]-[PC.MORALE.3] [PC.MORALE.9]."""
        s = self.st.stands[sid]
        start = self.st.troop(s).ranks[0]
        front_loss = s.front_loss if len(s.ranks) == 1 else 0
        am = tables.adjusted_morale(start, hit_count, front_loss, s.disordered, self.general_with(sid))
        roll = self.d6(f"morale: {sid} tests for {hit_count} hit(s) ({purpose})")
        result = tables.morale_test(am, roll)
        verdict = "passes" if result.passed else f"fails by {result.ml}"
        self.say(f"{sid} tests morale on {am}: rolls {roll}, {verdict}")
        return result

    def fire_test(self, sid: str, hit_count: int, cap: int, purpose: str) -> None:
        """A test from one shooter: lose min(ML, cap), at least 1 if disordered; then disordered [PC.FIRE.9]
        [PC.MORALE.4]-[PC.MORALE.6]."""
        was = self.st.stands[sid].disordered
        result = self.morale(sid, hit_count, purpose)
        loss = tables.sp_loss(result.ml, cap, was)
        removed = self.lose(sid, loss, purpose) if loss else False
        if removed:
            return
        if self.held_disorder is not None:
            self.held_disorder.add(sid)  # batched: later tests still see the stand as it was [PC.FIRE.18]
        else:
            self.disorder(sid)
