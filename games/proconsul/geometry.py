"""Hex geometry in a stand's own frame: front, flank and rear hexes, arcs, the front face line [PC.GEOM.*].

A stand at P faces point f (between directions f and f+1). Everything is integer arithmetic on
`campaign.hexgrid` hexes; sight lines use the grid's exact left/right candidates, which are the
spec's two nudged lines [PC.GEOM.15].
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from campaign.hexgrid import DIRECTIONS, Hex, HexPoint, local_frame

D = DIRECTIONS
"""Direction table, index k mod 6 [PC.GEOM.2]."""

FACING_NAMES: dict[str, int] = {"ne": 0, "n": 1, "nw": 2, "sw": 3, "s": 4, "se": 5}
"""Point facings by compass name on a pointy-top map (point 1 is north)."""
NAME_OF_FACING: dict[int, str] = {v: k.upper() for k, v in FACING_NAMES.items()}


class StepKind(Enum):
    """The class of a one-hex step relative to the mover's facing [PC.GEOM.11]."""

    FORWARD = "forward"
    """Into a front hex."""
    SIDEWAYS = "sideways"
    """Into a flank hex."""
    BACKWARD = "backward"
    """Into a rear hex."""


def step(h: Hex, k: int) -> Hex:
    return h.neighbour(k % 6)


def front(p: Hex, f: int) -> tuple[Hex, Hex]:
    """The two front hexes: the stand's ZOC [PC.GEOM.4] [PC.ZOC.1]."""
    return step(p, f), step(p, f + 1)


def flank(p: Hex, f: int) -> tuple[Hex, Hex]:
    """The two flank hexes [PC.GEOM.4]."""
    return step(p, f + 2), step(p, f + 5)


def rear(p: Hex, f: int) -> tuple[Hex, Hex]:
    """The two rear hexes [PC.GEOM.4]."""
    return step(p, f + 3), step(p, f + 4)


def flank_or_rear(p: Hex, f: int) -> tuple[Hex, ...]:
    return flank(p, f) + rear(p, f)


def ab(p: Hex, f: int, x: Hex) -> tuple[int, int]:
    """Local coordinates (a, b) with x - p = a*D[f] + b*D[f+1] [PC.GEOM.5]."""
    return local_frame(p, HexPoint(f % 6), x)


def in_front_of_line(p: Hex, f: int, x: Hex) -> bool:
    """Strictly in front of the front face line, a + b > 0 [PC.GEOM.6]."""
    a, b = ab(p, f, x)
    return a + b > 0


def behind_line(p: Hex, f: int, x: Hex) -> bool:
    """On or behind the front face line, a + b <= 0: "behind" wherever the rules say it [PC.GEOM.6]."""
    return not in_front_of_line(p, f, x)


def in_arc(p: Hex, f: int, x: Hex) -> bool:
    """The front arc: a >= 0, b >= 0, not both 0 [PC.GEOM.7]."""
    a, b = ab(p, f, x)
    return a >= 0 and b >= 0 and (a, b) != (0, 0)


def in_narrow_band(p: Hex, f: int, x: Hex, half_width: int = 1) -> bool:
    """Artillery's narrow front: the arc with |a - b| <= half width [PC.GEOM.8]."""
    a, b = ab(p, f, x)
    return in_arc(p, f, x) and abs(a - b) <= half_width


def step_kind(f: int, k: int) -> StepKind:
    """Forward into D[f], D[f+1]; sideways into D[f+2], D[f+5]; else backward [PC.GEOM.11]."""
    d = (k - f) % 6
    if d in (0, 1):
        return StepKind.FORWARD
    if d in (2, 5):
        return StepKind.SIDEWAYS
    return StepKind.BACKWARD


def direction(a: Hex, b: Hex) -> int:
    """The direction index of the step a -> b (they must be adjacent)."""
    return int(a.side_to(b))


def facings_towards(p: Hex, x: Hex) -> tuple[int, ...]:
    """The facings that put the neighbour x in a front hex: k-1 and k [PC.GEOM.12]."""
    k = direction(p, x)
    return ((k - 1) % 6, k)


def turn_faces(old: int, new: int) -> int:
    """How many one-face turns take facing old to new [PC.GEOM.12]."""
    d = (new - old) % 6
    return min(d, 6 - d)


def straight_ahead(p: Hex, f: int, n: int, first: int = 0) -> list[Hex]:
    """Alternate steps D[f], D[f+1] (D[f] first by default) [PC.GEOM.13]."""
    order = (f, f + 1) if first == 0 else (f + 1, f)
    out, h = [], p
    for i in range(n):
        h = step(h, order[i % 2])
        out.append(h)
    return out


def away_score(current: Hex, source: Hex, candidate: Hex) -> tuple[int, int]:
    """(distance gained, straightness) of a step away from source [PC.GEOM.14]."""
    dv = (candidate - current).cube
    back = (current - source).cube
    return candidate.distance(source) - current.distance(source), sum(a * b for a, b in zip(dv, back, strict=True))


def from_behind(p: Hex, f: int, approach: Iterable[Hex]) -> bool:
    """Every approach hex on or behind the defender's front face line [PC.GEOM.20]."""
    hexes = list(approach)
    return bool(hexes) and all(behind_line(p, f, h) for h in hexes)


def frontal(defender_hex: Hex, defender_facing: int, attacker_hex: Hex) -> bool:
    """Attacked frontally: the attacker stands in one of the defender's front hexes [PC.GEOM.9]."""
    return attacker_hex in front(defender_hex, defender_facing)
