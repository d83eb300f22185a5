"""The Combat Result Table as data, exactly as printed, and its lookup [HH.CRT.*, HH.GEN.24, HH.GEN.25].

`CRT_PRINTED` keeps each cell's text as the book prints it (quirks included, HH.CRT.1); `CRT` is the
machine-readable form of HH.CRT.2. `lookup` applies the row rules of HH.CRT.3, the hero effect
(HH.GEN.24, ruling HH.GEN.25: lines 1-3 are ignored, 4+ apply unchanged) and the A/4 switch
(`crt_a4_disrupted`, ruling HH.CRT.4). The class is always the loser's own (HH.CRT.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .model import TroopClass


class CrtMove(Enum):
    """The movement part of a CRT cell (HH.CRT.2)."""

    NONE = "N"
    """No movement."""
    RECOIL = "R"
    """Recoil one hex (HH.COMP.3, HH.COMP.12)."""
    FLEE = "F"
    """Flee a full move plus one (HH.COMP.15)."""


@dataclass(frozen=True, slots=True)
class CrtResult:
    """One applied CRT line: the printed text, the move, disruption and stands lost (HH.CRT.2)."""

    hits: int
    cls: TroopClass
    move: CrtMove
    disrupted: bool
    stands: int
    text: str
    hero: bool = False
    """True when the hero effect turned 1-3 hits into no effect (HH.GEN.24)."""

    @property
    def no_effect(self) -> bool:
        return self.move is CrtMove.NONE and not self.disrupted and not self.stands


_CLASSES = (TroopClass.A, TroopClass.B, TroopClass.C, TroopClass.D, TroopClass.E)

CRT_PRINTED: dict[int, tuple[str, str, str, str, str]] = {
    1: ("No Effect", "No Effect", "No Effect", "No Effect", "Recoil Disrupted"),
    2: ("No Effect", "No Effect", "No Effect", "Recoil Disrupted", "Flee Disrupted"),
    3: ("Recoil", "Recoil", "Recoil ,Disrupted", "Flee Disrupted", "Flee Disrupted"),
    4: (
        "Recoil, 1 stand lost",
        "Recoil, Disrupted, 1 stand lost",
        "Flee Disrupted, 1 stand lost",
        "Flee Disrupted, 1 stand lost",
        "Flee Disrupted, 1 stand lost",
    ),
    5: (
        "Recoil, Disrupted, 1 stand lost",
        "Flee, Disrupted, 1 stand lost",
        "Flee Disrupted, 1 stand lost",
        "Flee Disrupted, 1 stand lost",
        "Flee Disrupted, 1 stands lost",
    ),
    6: ("Recoil, Disrupted, 2 stands lost",) + ("Flee Disrupted, 2 stands lost",) * 4,
    7: ("Recoil, Disrupted, 3 stands lost",) + ("Flee Disrupted, 3 stands lost",) * 4,
    8: ("Flee Disrupted, 3 stands lost",) * 5,
    9: ("Flee Disrupted, 4 stands lost",) * 5,
    10: ("Flee Disrupted, 5 stands lost",) * 5,
}
"""HH.CRT.1: every cell as printed, rows 1-10, columns A-E."""

_R, _F, _N = CrtMove.RECOIL, CrtMove.FLEE, CrtMove.NONE
CRT: dict[int, tuple[tuple[CrtMove, bool, int], ...]] = {
    1: ((_N, False, 0), (_N, False, 0), (_N, False, 0), (_N, False, 0), (_R, True, 0)),
    2: ((_N, False, 0), (_N, False, 0), (_N, False, 0), (_R, True, 0), (_F, True, 0)),
    3: ((_R, False, 0), (_R, False, 0), (_R, True, 0), (_F, True, 0), (_F, True, 0)),
    4: ((_R, False, 1), (_R, True, 1), (_F, True, 1), (_F, True, 1), (_F, True, 1)),
    5: ((_R, True, 1),) + ((_F, True, 1),) * 4,
    6: ((_R, True, 2),) + ((_F, True, 2),) * 4,
    7: ((_R, True, 3),) + ((_F, True, 3),) * 4,
    8: ((_F, True, 3),) * 5,
    9: ((_F, True, 4),) * 5,
    10: ((_F, True, 5),) * 5,
}
"""HH.CRT.2: (move, disrupted, stands lost) per row and class column."""


def lookup(cls: TroopClass, hits: int, *, hero: bool = False, a4_disrupted: bool = False) -> CrtResult | None:
    """The CRT line for `hits` against class `cls`, or None for 0 hits (HH.CRT.3).

    More than 10 hits use row 10; a unit under the hero effect ignores rows 1-3 (HH.GEN.24,
    HH.GEN.25); `a4_disrupted` is the `crt_a4_disrupted` option (HH.CRT.4, default literal).
    """
    if hits <= 0:
        return None
    row = min(hits, 10)
    col = _CLASSES.index(cls)
    if hero and row <= 3:
        return CrtResult(hits, cls, CrtMove.NONE, False, 0, "No Effect (hero general)", hero=True)
    move, dis, lost = CRT[row][col]
    text = CRT_PRINTED[row][col]
    if a4_disrupted and row == 4 and cls is TroopClass.A:
        dis, text = True, "Recoil, Disrupted, 1 stand lost"
    return CrtResult(hits, cls, move, dis, lost, text)
