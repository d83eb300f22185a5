"""Exact hex geometry for Cry Havoc: the line of fire and its two nudged candidates, two-hex units
[CH.GEOM.1]-[CH.GEOM.5], [CH.GEOM.10].

All arithmetic is in integers in the frame ``X = 2q + r, Y = 3r`` [CH.GEOM.3].

>>> lof = line_of_fire(Hex(0, 0), Hex(1, 1))
>>> sorted(lof["L"].hexes), sorted(lof["R"].hexes)
([Hex(0, 1)], [Hex(1, 0)])
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign.hexgrid import DIRECTIONS, Hex

CORNERS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))
"""Corner offsets of a hex in the integer frame [CH.GEOM.3]."""

Side = frozenset[Hex]
"""A hexside: the unordered pair of hexes it separates [CH.GEOM.2]."""


def step(h: Hex, d: int) -> Hex:
    """The neighbour of ``h`` in direction ``d`` (taken mod 6) [CH.GEOM.1]."""
    return h.neighbour(d % 6)


def direction(a: Hex, b: Hex) -> int:
    """The direction from ``a`` to its neighbour ``b``."""
    return DIRECTIONS.index((b.q - a.q, b.r - a.r))


def centre(h: Hex) -> tuple[int, int]:
    return (2 * h.q + h.r, 3 * h.r)


def corners(h: Hex) -> list[tuple[int, int]]:
    x, y = centre(h)
    return [(x + dx, y + dy) for dx, dy in CORNERS]


def _cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _dot(u: tuple[int, int], v: tuple[int, int]) -> int:
    return u[0] * v[0] + u[1] * v[1]


def _sgn(x: int) -> int:
    return (x > 0) - (x < 0)


def _classify(a: tuple[int, int], b: tuple[int, int], h: Hex) -> str | None:
    """'both', 'L', 'R' or None: whether the segment a-b passes through hex h [CH.GEOM.4]."""
    cs = corners(h)
    cr = [_cross(a, b, c) for c in cs]
    pos, neg = any(v > 0 for v in cr), any(v < 0 for v in cr)
    if pos and neg:
        for i in range(3):
            e = (cs[i + 1][0] - cs[i][0], cs[i + 1][1] - cs[i][1])
            n = (-e[1], e[0])
            hp = [_dot(n, c) for c in cs]
            sp = (_dot(n, a), _dot(n, b))
            if max(hp) <= min(sp) or max(sp) <= min(hp):
                return None
        return "both"
    d = (b[0] - a[0], b[1] - a[1])
    ts = [_dot((c[0] - a[0], c[1] - a[1]), d) for c, v in zip(cs, cr, strict=True) if v == 0]
    if ts and max(ts) > 0 and min(ts) < _dot(d, d):
        return "L" if pos else "R"
    return None


@dataclass(frozen=True, slots=True)
class Candidate:
    """One line-of-fire candidate: the hexes it passes through and the hexsides it crosses [CH.FIRE.4]."""

    name: str
    """``L`` or ``R`` [CH.GEOM.4]."""
    hexes: frozenset[Hex]
    """Intervening hexes: neither the firer's nor the target's."""
    sides: frozenset[Side]
    """Hexsides crossed on the way, the last one bordering the target hex [CH.GEOM.5]."""

    def entry_side(self, target: Hex) -> Side:
        """The crossed hexside that borders the target hex: where the missile enters it."""
        return next(s for s in self.sides if target in s)


def _near(a: Hex, b: Hex) -> list[Hex]:
    """Every hex that could lie on the segment a-b: within 2 of a shortest a-b path (integer superset)."""
    n = a.distance(b)
    out = []
    for dq in range(min(a.q, b.q) - 2, max(a.q, b.q) + 3):
        for dr in range(min(a.r, b.r) - 2, max(a.r, b.r) + 3):
            h = Hex(dq, dr)
            if h != a and h != b and a.distance(h) + h.distance(b) <= n + 2:
                out.append(h)
    return out


def line_of_fire(a_hex: Hex, b_hex: Hex) -> dict[str, Candidate]:
    """The two candidates ``L`` and ``R`` from firer ``a_hex`` to target ``b_hex`` [CH.GEOM.4] [CH.GEOM.5]."""
    if a_hex == b_hex:
        raise ValueError("firer and target in the same hex")
    a, b = centre(a_hex), centre(b_hex)
    cand = _near(a_hex, b_hex)
    marks = {h: _classify(a, b, h) for h in cand}
    result: dict[str, Candidate] = {}
    for side in ("L", "R"):
        hexes = frozenset(h for h in cand if marks[h] in ("both", side))
        path = hexes | {a_hex, b_hex}
        zero = -1 if side == "L" else 1
        sides: set[Side] = set()
        for h in sorted(path):
            for n in h.neighbours():
                if n in path and h < n:
                    u, v = sorted(set(corners(h)) & set(corners(n)))
                    su = _sgn(_cross(a, b, u)) or zero
                    sv = _sgn(_cross(a, b, v)) or zero
                    if su != sv and _sgn(_cross(u, v, a)) * _sgn(_cross(u, v, b)) < 0:
                        sides.add(frozenset((h, n)))
        result[side] = Candidate(side, hexes, frozenset(sides))
    return result


# --- two-hex units [CH.HORSE.1] [CH.GEOM.10] ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Body:
    """Where a piece stands: one hex, or a two-hex ``(front, facing)`` pair [CH.HORSE.1]."""

    front: Hex
    facing: int | None = None
    """Direction rear -> front (0..5) for a two-hex piece; None for a one-hex piece."""

    @property
    def rear(self) -> Hex | None:
        return None if self.facing is None else step(self.front, self.facing + 3)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        r = self.rear
        return (self.front,) if r is None else (self.front, r)

    def distance(self, h: Hex) -> int:
        """Distance from a hex to the nearer of the piece's hexes [CH.HORSE.2] [CH.GEOM.10]."""
        return min(x.distance(h) for x in self.hexes)

    def adjacent(self) -> frozenset[Hex]:
        """Every hex touching the piece, its own excluded [CH.HORSE.2]."""
        own = set(self.hexes)
        return frozenset(n for x in self.hexes for n in x.neighbours() if n not in own)

    def turned_round(self) -> Body:
        """Front and rear exchange roles (a free turn-round before a retreat) [CH.RETREAT.5]."""
        assert self.facing is not None and self.rear is not None
        return Body(self.rear, (self.facing + 3) % 6)


class HorseStep:
    """The mounted step names [CH.HORSE.3] and retreat translations [CH.RETREAT.5]."""

    FORWARD = ("F0", "F+1", "F-1")
    PIVOT = ("P+1", "P-1")
    BACK = "B"
    TRANSLATE = ("T+1", "T+2", "T-1", "T-2")
    ALL = (*FORWARD, *PIVOT, BACK)


def horse_step(body: Body, name: str) -> tuple[Body, Hex]:
    """The piece after one step and the hex newly entered (whose cost is paid) [CH.HORSE.3] [TV-57]."""
    d = body.facing
    assert d is not None
    rear = body.rear
    assert rear is not None
    turn = {"F0": 0, "F+1": 1, "F-1": 5}
    if name in turn:
        nd = (d + turn[name]) % 6
        nf = step(body.front, nd)
        return Body(nf, nd), nf
    if name == "P+1":
        return Body(body.front, (d + 1) % 6), step(body.front, d + 4)
    if name == "P-1":
        return Body(body.front, (d + 5) % 6), step(body.front, d + 2)
    if name == "B":
        return Body(rear, d), step(rear, d + 3)
    shift = {"T+1": 1, "T+2": 2, "T-1": 5, "T-2": 4}
    if name in shift:
        k = (d + shift[name]) % 6
        return Body(step(body.front, k), d), step(body.front, k)
    raise ValueError(f"{name!r} is not a mounted step (steps: {', '.join(HorseStep.ALL)})")
