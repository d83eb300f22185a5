"""Army break points: which stands count, the threshold, the losses counted against it, and the
check after every loss [WC.BREAK.1]–[WC.BREAK.7].

Pure functions over the state; :func:`broken_sides` is what the turn calls after a loss event
and at the end of every player-turn [WC.BREAK.5] [WC.SEQ.7].
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .model import FlankStatus, Role, State, Unit
from .troops import Profile, unit_points

__all__ = [
    "CAMP_LOSS",
    "COUNT_MIN_POINTS",
    "LEADER_LOSS",
    "BreakCheck",
    "army_total",
    "break_check",
    "broken_sides",
    "counts",
    "losses",
    "threshold",
]

COUNT_MIN_POINTS = 50
"""Units costing less than 50 points are ignored for the break point [WC.BREAK.2]."""
LEADER_LOSS = {Role.MARSHAL: 6, Role.EARL: 3, Role.CAPTAIN: 1}
"""Each leader lost: Marshal 6, Earl 3, Captain 1 [WC.BREAK.3] [WC.LEADER.11]."""
CAMP_LOSS = 6
"""The army's camp captured: 6 [WC.BREAK.3] [WC.CAMP.5]."""


def fielded(unit: Unit) -> int:
    """Stands the unit had as fielded [WC.BREAK.2] (ENGINE: set at set-up; older states count
    its stands plus the ones already lost)."""
    return unit.fielded or len(unit.stands) + unit.lost


def counts(profile: Profile, stands: int) -> bool:
    """Does a unit of this profile and size count toward its army's break point: its cost as
    fielded is at least 50 points [WC.BREAK.2]."""
    return unit_points(profile, stands) >= COUNT_MIN_POINTS


def threshold(total: int) -> int:
    """The break point for a counted total: half, fractions rounded up [WC.BREAK.2] [WC.META.6]."""
    return -(-total // 2)


def _never_arrived(state: State) -> tuple[set[str], set[str]]:
    """Units and leaders of failed flank marches: neither counted nor lost [WC.BREAK.6]."""
    units: set[str] = set()
    leaders: set[str] = set()
    for f in state.flank_marches:
        if f.status is FlankStatus.FAILED:
            units.update(f.units)
            leaders.add(f.leader)
    return units, leaders


def _counted_units(state: State, side: str, profiles: dict[str, Profile]) -> Iterable[Unit]:
    absent, _ = _never_arrived(state)
    for u in state.units:
        if u.side != side or u.id in absent or not u.stands:
            continue
        if counts(profiles[u.stands[0].profile], fielded(u)):
            yield u


def army_total(state: State, side: str, profiles: dict[str, Profile]) -> int:
    """The break-point total: one per stand of every counted unit [WC.BREAK.2] [WC.BREAK.6]."""
    return sum(fielded(u) for u in _counted_units(state, side, profiles))


def losses(state: State, side: str, profiles: dict[str, Profile]) -> int:
    """Losses toward the break point: stands lost from counted units (killed, disintegrated, or
    removed from the game), leaders lost, and 6 for a captured camp [WC.BREAK.3] [WC.BREAK.6]."""
    stands = sum(min(u.lost, fielded(u)) for u in _counted_units(state, side, profiles))
    _, away = _never_arrived(state)
    leaders = sum(LEADER_LOSS[g.role] for g in state.leaders if g.side == side and g.lost and g.id not in away)
    camp = CAMP_LOSS if state.side(side).camp_captured else 0
    return stands + leaders + camp


def break_point(state: State, side: str, profiles: dict[str, Profile]) -> int:
    """The scenario's break point if it sets one [WC.BREAK.7], else half the total rounded up
    [WC.BREAK.2]."""
    stated = state.side(side).break_point
    return stated if stated else threshold(army_total(state, side, profiles))


@dataclass(frozen=True, slots=True)
class BreakCheck:
    """One army's standing against its break point [WC.BREAK.1]."""

    side: str
    losses: int
    point: int

    @property
    def broken(self) -> bool:
        """Losses have reached the break point: the army quits the field and loses [WC.BREAK.1]."""
        return self.point > 0 and self.losses >= self.point

    @property
    def fraction(self) -> Fraction:
        """How far toward breaking, for reports."""
        return Fraction(self.losses, self.point) if self.point else Fraction(0)


def break_check(state: State, side: str, profiles: dict[str, Profile]) -> BreakCheck:
    """An army's losses against its break point [WC.BREAK.4]: each army on a side keeps its own
    count (the engine has one army per side)."""
    return BreakCheck(side, losses(state, side, profiles), break_point(state, side, profiles))


def broken_sides(state: State, profiles: dict[str, Profile]) -> tuple[str, ...]:
    """Every army that has reached its break point, in side order; two at once is a draw
    [WC.BREAK.5] [WC.SEQ.10]."""
    return tuple(s.key for s in state.sides if break_check(state, s.key, profiles).broken)
