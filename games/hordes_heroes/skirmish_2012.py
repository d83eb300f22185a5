"""2012 skirmishers [HH12.SPEC.1-9, ruling HH12.SPEC.A1]: the hooks the shooting and combat rules call.

The 2012 book spreads a skirmish unit's stands one per hex over a frontage of four hexes (HH12.SPEC.1), lets
only adjacent enemies shoot at them (HH12.SPEC.3), never lets them fight in melee (enemies ride a stand down by
entering its hex, HH12.SPEC.5), lets mounted skirmishers regroup to flee (HH12.SPEC.6) and any skirmishers
reform into a 4-stand unit (HH12.SPEC.7), and forbids skirmishers to shoot at or fight enemy skirmishers
(HH12.SPEC.9).

This engine keeps every unit in one hex, so it plays the fallback of ruling HH12.SPEC.A1 item 11: a 2012
skirmisher is a formed unit moving, evading and fighting with the 2022 skirmisher mechanics, and the game
records the deviation in its metadata (`deviations`, written into the game's warnings at set-up). On top of that
fallback it plays the two 2012 rules that need no split unit: only an adjacent enemy may shoot at a skirmisher
(HH12.SPEC.3), and skirmishers neither shoot at nor fight enemy skirmishers (HH12.SPEC.9).

TODO(HH12.SPEC.1): dispersed stands, one per hex (ruling HH12.SPEC.A1 items 1-4, 7, 8, 10).
TODO(HH12.SPEC.5): no melee for skirmishers; riding a stand down by entering its hex (ruling HH12.SPEC.A1 items
5, 6, 9).
TODO(HH12.SPEC.6): mounted skirmishers regrouping in one empty hex to flee.
TODO(HH12.SPEC.7): dispersing and reforming with the evade or the normal move.
"""

from __future__ import annotations

from collections.abc import Iterable

from .edition import EditionRules
from .model import Profile, Unit
from .state import GameState

FALLBACK_NOTE = (
    "2012 skirmishers play as formed units with the 2022 skirmisher mechanics (the fallback of ruling"
    " HH12.SPEC.A1 item 11), not dispersed one stand per hex; only adjacent enemies shoot at them and they neither"
    " shoot at nor fight enemy skirmishers (HH12.SPEC.3, HH12.SPEC.9)"
)
"""The edition deviation a 2012 game with skirmishers records in its metadata (ruling HH12.SPEC.A1 item 11)."""


def skirmishing(state: GameState, u: Unit) -> bool:
    """A unit in 2012 skirmish order: a skirmisher profile in a game whose edition has the order (HH12.SPEC.1)."""
    return state.rules.skirmish_order and state.profile(u).skirmisher


def may_shoot_at(state: GameState, shooter: Unit, target: Unit) -> bool:
    """HH12.SPEC.3: only an adjacent enemy may shoot at a skirmisher; HH12.SPEC.9: a skirmisher never shoots at an
    enemy skirmisher. Always True in 2022."""
    if not skirmishing(state, target):
        return True
    if skirmishing(state, shooter):
        return False  # HH12.SPEC.9
    return shooter.at.distance(target.at) == 1  # HH12.SPEC.3


def may_fight(state: GameState, a: Unit, b: Unit) -> bool:
    """HH12.SPEC.9: skirmishers never fight enemy skirmishers in melee. Always True in 2022."""
    return not (skirmishing(state, a) and skirmishing(state, b))


def deviations(rules: EditionRules, profiles: Iterable[Profile]) -> list[str]:
    """The edition deviations a game records at set-up (ruling HH12.SPEC.A1 item 11): the skirmisher fallback when
    a 2012 force fields skirmishers."""
    if rules.skirmish_order and any(p.skirmisher for p in profiles):
        return [f"edition deviation: {FALLBACK_NOTE} [HH12.SPEC.A1]"]
    return []


def recorded_deviations(state: GameState) -> list[str]:
    """The edition deviations among the game's set-up warnings (ruling HH12.SPEC.A1 item 11), for the view, the
    board text and the picture."""
    return [w for w in state.warnings if w.startswith("edition deviation:")]
