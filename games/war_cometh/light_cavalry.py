"""Light cavalry and evading: who counts as light cavalry, its exemptions, the evade move and what
the charger does after it [WC.LC.1]–[WC.LC.9]; skirmishers evade the same way [WC.SKIRM.14].

The geometry is pure vector work on the units' centres; the turn applies the moves.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .troops import Category, Profile, TroopType

__all__ = [
    "EVADE_CM",
    "Evade",
    "charger_follow",
    "evade",
    "evader_fire",
    "exempt_from_distance_penalty",
    "is_light_cavalry",
    "may_evade",
    "shoots_and_moves",
    "tests_for_threat",
]

EVADE_CM = 30.0
"""Light cavalry evades a full move, 30 cm [WC.LC.5]."""
SKIRM_EVADE_CM = 20.0
"""Skirmishers evade 20 cm, once a turn [WC.SKIRM.14]."""


def is_light_cavalry(p: Profile, *, historical: bool) -> bool:
    """(H) the Light Cavalry type; (F) any cavalry with armor 6 or worse [WC.LC.1] [WC.META.5]."""
    if historical:
        return p.type is TroopType.LIGHT_CAVALRY
    return p.category is Category.CAVALRY and p.armor in (6, 0)


def shoots_and_moves(p: Profile, *, historical: bool) -> bool:
    """Light cavalry may shoot in the Shooting Phase and still move [WC.LC.2] [WC.SEQ.4]."""
    return is_light_cavalry(p, historical=historical) and p.missile_armed


def tests_for_threat(p: Profile, *, historical: bool) -> bool:
    """Light cavalry never takes a threat Reaction Test [WC.LC.3] [WC.REACT.9]."""
    return not is_light_cavalry(p, historical=historical)


def exempt_from_distance_penalty(p: Profile, *, historical: bool) -> bool:
    """Light cavalry never takes the Command Table distance modifier [WC.LC.4] [WC.CMD.10]."""
    return is_light_cavalry(p, historical=historical)


def may_evade(
    evader: Profile,
    charger: Profile,
    *,
    historical: bool,
    evades_this_turn: int,
    pursuit_or_advance: bool,
    already_reached: bool = False,
) -> bool:
    """A charged light cavalry unit may evade anything but light cavalry or flyers, any number of
    times a turn, also from a compulsory charge, never from a pursuit or advance, nor again once a
    following charger has reached it; (H) skirmishers evade as light cavalry but once a turn
    [WC.LC.5] [WC.LC.6] [WC.LC.9] [WC.SKIRM.14]."""
    if pursuit_or_advance or already_reached:
        return False
    if charger.category is Category.FLYERS or is_light_cavalry(charger, historical=historical):
        return False
    if is_light_cavalry(evader, historical=historical):
        return True
    return historical and evader.type is TroopType.SKIRMISH_INFANTRY and evades_this_turn == 0


@dataclass(frozen=True, slots=True)
class Evade:
    """An evade move: straight away from the charger, ending facing away [WC.LC.5]
    [WC.COMPULSORY.3]."""

    dx: float
    dy: float
    distance: float
    facing: float

    def end(self, start: tuple[float, float]) -> tuple[float, float]:
        """Where the evader's centre ends."""
        return (start[0] + self.dx * self.distance, start[1] + self.dy * self.distance)


def evade(evader_centre: tuple[float, float], charger_centre: tuple[float, float], p: Profile) -> Evade:
    """The evade: 30 cm (skirmishers 20 cm) in a straight line directly away from the charger, a
    compulsory move, leaving the unit facing away [WC.LC.5] [WC.SKIRM.14] [WC.COMPULSORY.3]."""
    vx, vy = evader_centre[0] - charger_centre[0], evader_centre[1] - charger_centre[1]
    n = math.hypot(vx, vy) or 1.0
    dist = SKIRM_EVADE_CM if p.type is TroopType.SKIRMISH_INFANTRY else EVADE_CM
    return Evade(vx / n, vy / n, dist, math.degrees(math.atan2(vy, vx)))


def evader_fire(*, missile_armed: bool, in_arc_and_sight: bool, wants: bool = True) -> str | None:
    """The evader may shoot at the charger (owner's choice, default: shoot [WC.PD.16]) as if at
    effective range: no range check, no long-range penalty; arc and sight still needed; not charge
    fire and no fallback, but hits cause disorder rolls [WC.LC.5] [WC.LC.8]. Returns the range
    band fired at, or None."""
    if missile_armed and in_arc_and_sight and wants:
        return "effective"
    return None


def charger_follow(charger_allowance: float, used: float, evade_path: float, *, follow: bool) -> tuple[float, bool]:
    """After an evade the charger stops where the evader started, or follows its path exactly with
    the rest of its full move; reaching the evader contacts it, a charge for every purpose
    [WC.LC.6] [WC.LC.7]. Returns (distance moved along the evader's path, reached it)."""
    left = max(0.0, charger_allowance - used)
    if not follow:
        return 0.0, False
    if left >= evade_path:
        return evade_path, True
    return left, False
