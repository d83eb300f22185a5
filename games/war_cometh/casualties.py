"""Removing casualties: each unit's pool of unsaved hits, which stands may go, the default choice
and closing the gap a removed stand leaves [WC.CASUALTY.1]–[WC.CASUALTY.7] [WC.RATING.5]
[WC.PD.14] [WC.PD.15]."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Candidate", "default_order", "hit_target", "remove_from_pool"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A stand that might be removed: its index, hits to kill, place and contact."""

    index: int
    hits: int
    rank: int
    """1 = front rank."""
    file_from_right: int
    """0 = the rightmost file."""
    in_contact: bool
    profile: str = ""


def default_order(stands: Sequence[Candidate], mixed: bool, melee: bool) -> list[Candidate]:
    """The PBEM order for removing stands [WC.CASUALTY.7] [WC.PD.14]: in a mixed unit's melee
    only stands in contact until none remain [WC.CASUALTY.3] [WC.MIXED.4]; otherwise stands out of contact
    first; the most common profile first in a mixed unit; rearmost rank, rightmost file first."""
    common = Counter(s.profile for s in stands)
    contact_first = mixed and melee

    def key(s: Candidate) -> tuple[bool, int, int, int, int]:
        return (s.in_contact != contact_first, -common[s.profile] if mixed else 0, -s.rank, s.file_from_right, s.index)

    return sorted(stands, key=key)


def remove_from_pool(pool: int, stands: Sequence[Candidate], mixed: bool, melee: bool) -> tuple[list[int], int]:
    """Stands removed (indices, in order) and the pool left: while an eligible stand has H no
    greater than the pool, the owner removes one [WC.CASUALTY.2] [WC.CASUALTY.6]; in a mixed
    unit's melee, stands in contact go first [WC.CASUALTY.3]."""
    left = list(stands)
    gone: list[int] = []
    while left:
        order = default_order(left, mixed, melee)
        if mixed and melee and any(s.in_contact for s in left):
            order = [s for s in order if s.in_contact]
        pick = next((s for s in order if s.hits <= pool), None)
        if pick is None:
            break
        gone.append(pick.index)
        pool -= pick.hits
        left = [s for s in left if s.index != pick.index]
    return gone, pool


def hit_target(armors: Sequence[int]) -> int:
    """Which touching stand of a mixed unit takes a hit: by default the best armor (smallest
    rating, 0 ranking worst) [WC.CASUALTY.5] [WC.PD.15]; returns the index into ``armors``."""
    return min(range(len(armors)), key=lambda i: (7 if armors[i] == 0 else armors[i], i))
