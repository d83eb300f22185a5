"""Exact line of sight between hex centres, with both half-hex rules."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from campaign.hexgrid.coords import Hex, HexSide
from campaign.hexgrid.facing import _CORNERS, _cross, _edot, _frame

# --- line of sight ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Edge:
    """A hexside, named by the two adjacent hexes it separates, lower hex id first [CH.GEOM.2]."""

    first: Hex
    second: Hex

    def __post_init__(self) -> None:
        self.first.side_to(self.second)  # raises unless adjacent
        if not self.first < self.second:
            raise ValueError(f"write Edge.between({self.first!r}, {self.second!r}): lower hex id first")

    @classmethod
    def between(cls, a: Hex, b: Hex) -> Edge:
        """The hexside between two adjacent hexes, in either order."""
        return cls(a, b) if a < b else cls(b, a)

    @classmethod
    def of(cls, h: Hex, side: HexSide) -> Edge:
        """Side ``side`` of hex ``h``."""
        return cls.between(h, h.neighbour(side))

    def side_of(self, h: Hex) -> HexSide:
        """Which side of ``h`` (one of the two hexes) this edge is."""
        if h == self.first:
            return self.first.side_to(self.second)
        if h == self.second:
            return self.second.side_to(self.first)
        raise ValueError(f"{h!r} is not beside {self!r}")

    def __repr__(self) -> str:
        return f"Edge({self.first!r}, {self.second!r})"


class HalfHexRule(Enum):
    """How the two candidate hex lines of a sight line combine into one answer."""

    BOTH_CLEAR = "both"
    """More than half the target must be seen: clear only if no hex of either candidate blocks,
    so one blocker beside a spine is enough [HH.HEX.12] [HH.SHOOT.8]."""
    EITHER_CLEAR = "either"
    """Half is enough: clear if one candidate has no blocking hex, so a spine is blocked only by
    blockers on both sides [PC.GEOM.16] [HH12.SHOOT.A1]; Cry Havoc's firer picks a candidate [CH.GEOM.4]."""

    def __repr__(self) -> str:
        return f"HalfHexRule.{self.name}"


@dataclass(frozen=True, slots=True)
class SightPath:
    """One candidate hex line: intermediate hexes and crossed hexsides, in order from the origin."""

    hexes: tuple[Hex, ...]
    """Hexes strictly between origin and target that this candidate passes through."""
    edges: tuple[Edge, ...]
    """Hexsides crossed, one more than ``hexes`` (none when origin and target are the same hex)."""
    entry_side: HexSide | None
    """The target's side the line enters through [HH.HEX.13]; None when origin is the target."""


@dataclass(frozen=True, slots=True)
class SightStep:
    """One intermediate hex of a sight line, as a blocking callback sees it (levels: elevations)."""

    origin: Hex
    target: Hex
    hex: Hex
    origin_level: int = 0
    hex_level: int = 0
    target_level: int = 0

    @property
    def below_origin(self) -> bool:
        """The viewer stands higher than this hex (a unit on a hill looking over level ground)."""
        return self.hex_level < self.origin_level

    @property
    def above_both_ends(self) -> bool:
        """This hex rises above both the viewer and the target [PC.GEOM.17]."""
        return self.hex_level > max(self.origin_level, self.target_level)

    def can_shoot_over(self, factor: int = 2) -> bool:
        """Viewer higher than this hex and the target at least ``factor`` times as far [HH.SHOOT.10].

        Whether the hex holds a friend that may be shot over is for the game to say [HH.ART.13].
        """
        near = self.origin.distance(self.hex)
        return self.below_origin and self.origin.distance(self.target) >= factor * near


@dataclass(frozen=True, slots=True)
class SightLine:
    """The hexes the segment between two hex centres meets, as two candidates [HH.HEX.12] [CH.GEOM.4].

    ``left`` and ``right`` are what the segment meets when shifted an infinitely small distance to
    the viewer's left or right (looking from origin to target, north up). They differ only where
    the segment runs along a hexside (a spine) or passes through a corner: a hex the segment only
    touches belongs to the candidate on its side; a hex whose inside it crosses belongs to both.
    """

    origin: Hex
    target: Hex
    left: SightPath
    right: SightPath

    @property
    def paths(self) -> tuple[SightPath, ...]:
        """The distinct candidates: one, or (left, right) when they differ."""
        return (self.left,) if self.left.hexes == self.right.hexes else (self.left, self.right)

    @property
    def is_split(self) -> bool:
        """Whether the candidates differ (the line runs along a hexside or through a corner)."""
        return self.left.hexes != self.right.hexes

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every intermediate hex of either candidate, ordered along the line, then by hex id."""
        a = _frame(self.origin)
        d = _sub(_frame(self.target), a)
        union = set(self.left.hexes) | set(self.right.hexes)
        return tuple(sorted(union, key=lambda h: (_edot(_sub(_frame(h), a), d), h)))

    @property
    def entry_sides(self) -> frozenset[HexSide]:
        """The target's sides the line may enter through: one, or two for a split line [HH.HEX.13]."""
        return frozenset(p.entry_side for p in (self.left, self.right) if p.entry_side is not None)

    def steps(self, elevation: Callable[[Hex], int] | None = None) -> tuple[SightStep, ...]:
        """A SightStep for every intermediate hex, in line order, with levels from ``elevation``."""
        if elevation is None:
            return tuple(SightStep(self.origin, self.target, h) for h in self.hexes)
        lo, lt = elevation(self.origin), elevation(self.target)
        return tuple(SightStep(self.origin, self.target, h, lo, elevation(h), lt) for h in self.hexes)

    def clear_paths(
        self, blocks: Callable[[SightStep], bool], elevation: Callable[[Hex], int] | None = None
    ) -> tuple[SightPath, ...]:
        """The candidates with no blocking hex; ``blocks`` is asked once per hex, in line order."""
        blocked = {s.hex for s in self.steps(elevation) if blocks(s)}
        return tuple(p for p in self.paths if blocked.isdisjoint(p.hexes))

    def is_clear(
        self,
        blocks: Callable[[SightStep], bool],
        rule: HalfHexRule,
        elevation: Callable[[Hex], int] | None = None,
    ) -> bool:
        """Whether the line is clear under ``rule``, asking ``blocks`` about each intermediate hex."""
        clear = self.clear_paths(blocks, elevation)
        if rule is HalfHexRule.BOTH_CLEAR:
            return len(clear) == len(self.paths)
        return bool(clear)


def sight_line(origin: Hex, target: Hex) -> SightLine:
    """The exact sight line between two hex centres (cached; origin == target gives empty paths)."""
    return _sight_line(origin, target)


def line_of_sight(
    origin: Hex,
    target: Hex,
    blocks: Callable[[SightStep], bool],
    rule: HalfHexRule,
    elevation: Callable[[Hex], int] | None = None,
) -> bool:
    """Whether ``origin`` sees ``target``: the sight line under ``rule``, with game-supplied blocking.

    ``blocks`` decides for one intermediate hex (terrain, units, elevation: the game's business);
    origin and target never block. Range 0 and 1 are always clear.
    """
    return _sight_line(origin, target).is_clear(blocks, rule, elevation)


_BOTH, _LEFT, _RIGHT = 3, 1, 2
"""Classification of a hex against a segment: crossed inside, touched on the left, on the right."""


def _sub(u: tuple[int, int], v: tuple[int, int]) -> tuple[int, int]:
    return u[0] - v[0], u[1] - v[1]


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _hex_corners(h: Hex) -> list[tuple[int, int]]:
    x, y = _frame(h)
    return [(x + dx, y + dy) for dx, dy in _CORNERS]


def _classify(a: tuple[int, int], b: tuple[int, int], h: Hex) -> int:
    """0, _BOTH, _LEFT or _RIGHT: how the segment a-b meets hex h [CH.GEOM.4]."""
    d = _sub(b, a)
    cs = _hex_corners(h)
    cr = [_cross(d, _sub(c, a)) for c in cs]
    pos, neg = any(v > 0 for v in cr), any(v < 0 for v in cr)
    if pos and neg:
        # The infinite line cuts the hex; the segment misses it only if a hex edge direction
        # separates them (touching counts as separated: endpoints are centres, never on a boundary).
        for i in range(3):
            e = _sub(cs[i + 1], cs[i])
            n = (-e[1], e[0])
            hp = [n[0] * c[0] + n[1] * c[1] for c in cs]
            sp = (n[0] * a[0] + n[1] * a[1], n[0] * b[0] + n[1] * b[1])
            if max(hp) <= min(sp) or max(sp) <= min(hp):
                return 0
        return _BOTH
    on = [d[0] * (c[0] - a[0]) + d[1] * (c[1] - a[1]) for c, v in zip(cs, cr, strict=True) if v == 0]
    if on and max(on) > 0 and min(on) < d[0] * d[0] + d[1] * d[1]:
        return _LEFT if pos else _RIGHT
    return 0


@lru_cache(maxsize=4096)
def _sight_line(origin: Hex, target: Hex) -> SightLine:
    if origin == target:
        empty = SightPath((), (), None)
        return SightLine(origin, target, empty, empty)
    a, b = _frame(origin), _frame(target)
    # Flood out from the origin over every hex the closed segment meets: they are connected.
    found: dict[Hex, int] = {}
    seen, queue = {origin}, deque([origin])
    while queue:
        for n in queue.popleft().neighbours():
            if n in seen:
                continue
            seen.add(n)
            if n == target:
                queue.append(n)
                continue
            kind = _classify(a, b, n)
            if kind:
                found[n] = kind
                queue.append(n)
    left = _walk(origin, target, a, b, {h for h, k in found.items() if k & _LEFT}, on_line=-1)
    right = _walk(origin, target, a, b, {h for h, k in found.items() if k & _RIGHT}, on_line=1)
    return SightLine(origin, target, left, right)


def _walk(origin: Hex, target: Hex, a: tuple[int, int], b: tuple[int, int], hexes: set[Hex], on_line: int) -> SightPath:
    """Order one candidate by following the hexsides it crosses from the origin [CH.GEOM.5].

    A corner exactly on the segment counts as lying on the side away from the candidate's nudge
    (``on_line``), so a hexside lying along the segment is never crossed.
    """
    d = _sub(b, a)
    members = hexes | {origin, target}

    def crosses(h: Hex, side: HexSide) -> bool:
        u, v = (_hex_corners(h)[p] for p in side.points)
        su = _sign(_cross(d, _sub(u, a))) or on_line
        sv = _sign(_cross(d, _sub(v, a))) or on_line
        e = _sub(v, u)
        return su != sv and _sign(_cross(e, _sub(a, u))) * _sign(_cross(e, _sub(b, u))) < 0

    order: list[Hex] = []
    edges: list[Edge] = []
    here, previous = origin, None
    while here != target:
        nxt = [
            n for side in HexSide if (n := here.neighbour(side)) in members and n != previous and crosses(here, side)
        ]
        if len(nxt) != 1:  # pragma: no cover - guarded by the property tests
            raise AssertionError(f"sight line {origin!r}->{target!r} does not form a chain at {here!r}")
        edges.append(Edge.between(here, nxt[0]))
        previous, here = here, nxt[0]
        if here != target:
            order.append(here)
    if len(order) != len(hexes):  # pragma: no cover - guarded by the property tests
        raise AssertionError(f"sight line {origin!r}->{target!r} skipped hexes")
    return SightPath(tuple(order), tuple(edges), None if previous is None else target.side_to(previous))
