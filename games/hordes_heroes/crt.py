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

PrintedRow = tuple[str, str, str, str, str]
CrtRow = tuple[tuple[CrtMove, bool, int], ...]

CRT_PRINTED: dict[int, PrintedRow] = {
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
CRT: dict[int, CrtRow] = {
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


_D = (_N, True, 0)
CRT_2012: dict[int, CrtRow] = {
    1: ((_N, False, 0), (_N, False, 0), (_N, False, 0), _D, (_F, True, 0)),
    2: ((_N, False, 0), (_N, False, 0), _D, _D, (_F, True, 0)),
    **{row: CRT[row] for row in range(3, 11)},
}
"""HH12.CRT.1: the 2012 table; rows 1-2 differ in four cells (1/D, 1/E, 2/C, 2/D), rows 3-10 are the 2022 ones.
A "disordered" cell with no move disorders the unit where it stands (HH12.CRT.2)."""

CRT_PRINTED_2012: dict[int, PrintedRow] = {
    1: ("No Effect", "No Effect", "No Effect", "Disordered", "Flee, Disordered"),
    2: ("No Effect", "No Effect", "Disordered", "Disordered", "Flee, Disordered"),
    3: ("Recoil", "Recoil", "Recoil, Disordered", "Flee, Disordered", "Flee, Disordered"),
    4: (
        "Recoil, 1 stand lost",
        "Recoil, Disordered, 1 stand lost",
        "Flee, Disordered, 1 stand lost",
        "Flee, Disordered, 1 stand lost",
        "Flee, Disordered, 1 stand lost",
    ),
    5: ("Recoil, Disordered, 1 stand lost",) + ("Flee, Disordered, 1 stand lost",) * 4,
    6: ("Recoil, Disordered, 2 stands lost",) + ("Flee, Disordered, 2 stands lost",) * 4,
    7: ("Recoil, Disordered, 3 stands lost",) + ("Flee, Disordered, 3 stands lost",) * 4,
    8: ("Flee, Disordered, 3 stands lost",) * 5,
    9: ("Flee, Disordered, 4 stands lost",) * 5,
    10: ("Flee, Disordered, 5 stands lost",) * 5,
}
"""HH12.CRT.1 in the engine's English terms (2012 says "disordered" where 2022 says "disrupted")."""


def lookup(
    cls: TroopClass,
    hits: int,
    *,
    hero: bool = False,
    a4_disrupted: bool = False,
    table: dict[int, CrtRow] = CRT,
    printed: dict[int, PrintedRow] = CRT_PRINTED,
) -> CrtResult | None:
    """The CRT line for `hits` against class `cls`, or None for 0 hits (HH.CRT.3).

    More than 10 hits use row 10; a unit under the hero effect ignores rows 1-3 (HH.GEN.24,
    HH.GEN.25, HH12.CRT.3); `a4_disrupted` is the `crt_a4_disrupted` option (HH.CRT.4, default literal);
    `table`/`printed` are the edition's CRT (HH12.CRT.1, from `state.rules`).
    """
    if hits <= 0:
        return None
    row = min(hits, 10)
    col = _CLASSES.index(cls)
    if hero and row <= 3:
        return CrtResult(hits, cls, CrtMove.NONE, False, 0, "No Effect (hero general)", hero=True)
    move, dis, lost = table[row][col]
    text = printed[row][col]
    if a4_disrupted and row == 4 and cls is TroopClass.A:
        dis, text = True, "Recoil, Disrupted, 1 stand lost"
    return CrtResult(hits, cls, move, dis, lost, text)
