"""The measured table's frame: units, quantisation, tolerances and angles [WC.GEOM.1] [WC.GEOM.2].

Positions on a measured table are centimetres, ``x`` along Player A's baseline and ``y`` from
it towards Player B [WC.GEOM.1]. Everything a game *stores* (events, state, snapshots) is an
integer: coordinates in hundredths of a centimetre (tenths of a millimetre) and angles in
hundredths of a degree [WC.GEOM.2]. Computation converts those integers to float64, works, and
quantises the results again before they are stored, so replay feeds the same integers back in
and gets the same answers.

>>> q_cm(12.345), cm(1234), q_deg(-180.0), deg(q_deg(190))
(1234, 12.34, 18000, -170.0)
>>> within(20.0000005, 20), within(20.01, 20)
(True, False)
"""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = [
    "CONTACT_EPS",
    "DEAD_SPACE_CM",
    "ENEMY_GAP_CM",
    "EPS",
    "OVERLAP_AREA",
    "SAMPLE_STEP",
    "SCALE",
    "Vec",
    "add",
    "angle_between",
    "angle_of",
    "cm",
    "deg",
    "direction",
    "dot",
    "length",
    "normalise",
    "norm_angle",
    "norm_q_angle",
    "q_cm",
    "q_cm_down",
    "q_deg",
    "q_fraction",
    "scale",
    "sub",
    "toward_baseline",
    "within",
    "within_arc",
]

SCALE = 100
"""Stored integers per centimetre and per degree: 0.01 cm and 0.01 degree [WC.GEOM.2]."""
EPS = 1e-6
"""Tolerance of a limit comparison, in cm: ``value <= limit + EPS`` passes [WC.GEOM.2]."""
CONTACT_EPS = 0.01
"""Two shapes at most this far apart (cm) are in contact [WC.GEOM.2] [WC.GEOM.11]."""
OVERLAP_AREA = 1e-4
"""Two shapes overlap when their common area exceeds this (cm²) [WC.GEOM.2]."""
SAMPLE_STEP = 0.5
"""Spacing of sample points along an edge, in cm [WC.GEOM.2]."""
ENEMY_GAP_CM = 2.0
"""The distance a stand keeps from enemy stands unless it may close [WC.GEOM.15]."""
DEAD_SPACE_CM = 4.0
"""Reach of dead space behind a blocker on lower ground [WC.GEOM.18]."""

Vec = tuple[float, float]
"""A point or vector in cm (float64, computation only: never stored)."""


def q_cm(x: float) -> int:
    """Quantise a length or coordinate in cm to stored hundredths [WC.GEOM.2].

    Rounds half to even, so ``q_cm(cm(n)) == n`` for every stored ``n`` (replay is stable).
    """
    if not math.isfinite(x):
        raise ValueError(f"cannot store a non-finite length {x!r}")
    return round(x * SCALE)


def q_cm_down(x: float) -> int:
    """Quantise a distance *down* to hundredths: the largest stored value not above ``x`` (+EPS).

    Used where a limit must not be exceeded by rounding, such as the largest legal ``t`` of a
    blocked compulsory move [WC.GEOM.21].
    """
    return math.floor(x * SCALE + EPS * SCALE)


def cm(q: int | Fraction) -> float:
    """A stored length (hundredths of a cm) as float cm for computation."""
    return float(q) / SCALE


def q_fraction(q: int | Fraction) -> Fraction:
    """A stored length as an exact Fraction of a cm, for rules that compare exactly."""
    return Fraction(q) / SCALE


def norm_angle(a: float) -> float:
    """An angle in degrees normalised to ``(-180, 180]`` [WC.GEOM.1].

    >>> norm_angle(270.0), norm_angle(-180.0), norm_angle(180.0)
    (-90.0, 180.0, 180.0)
    """
    r = math.fmod(a, 360.0)
    if r <= -180.0:
        r += 360.0
    elif r > 180.0:
        r -= 360.0
    return r


def norm_q_angle(q: int) -> int:
    """A stored angle (hundredths of a degree) normalised to ``(-18000, 18000]`` [WC.GEOM.1]."""
    r = q % 36000
    return r - 36000 if r > 18000 else r


def q_deg(a: float) -> int:
    """Quantise an angle in degrees to stored hundredths, normalised [WC.GEOM.1] [WC.GEOM.2]."""
    if not math.isfinite(a):
        raise ValueError(f"cannot store a non-finite angle {a!r}")
    return norm_q_angle(round(a * SCALE))


def deg(q: int) -> float:
    """A stored angle as float degrees in ``(-180, 180]``."""
    return norm_q_angle(q) / SCALE


def within(value: float, limit: float) -> bool:
    """A limit comparison with the engine tolerance: ``value <= limit + EPS`` [WC.GEOM.2]."""
    return value <= limit + EPS


def direction(theta_deg: float) -> Vec:
    """The unit vector at ``theta_deg`` counter-clockwise from +x [WC.GEOM.1]."""
    t = math.radians(theta_deg)
    return (math.cos(t), math.sin(t))


def angle_of(v: Vec) -> float:
    """The direction of a non-zero vector in degrees, in ``(-180, 180]``."""
    if v == (0.0, 0.0):
        raise ValueError("a zero vector has no direction")
    return norm_angle(math.degrees(math.atan2(v[1], v[0])))


def angle_between(a: Vec, b: Vec) -> float:
    """The unsigned angle between two non-zero vectors, in degrees [0, 180]."""
    return abs(norm_angle(angle_of(a) - angle_of(b)))


def within_arc(m: Vec, facing_deg: float) -> bool:
    """Is movement direction ``m`` within the 45° frontal movement arc of a facing [WC.GEOM.7]?

    The tolerance is 1e-6 degrees. A zero movement (a turn on the spot) is in the arc
    [WC.MOVE.4].
    """
    if math.hypot(*m) <= EPS:
        return True
    return angle_between(m, direction(facing_deg)) <= 45.0 + 1e-6


def toward_baseline(side_a: bool) -> Vec:
    """The unit vector toward a side's own baseline: −y for Player A, +y for B [WC.GEOM.23]."""
    return (0.0, -1.0) if side_a else (0.0, 1.0)


def add(a: Vec, b: Vec) -> Vec:
    """``a + b``."""
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Vec, b: Vec) -> Vec:
    """``a - b``."""
    return (a[0] - b[0], a[1] - b[1])


def scale(a: Vec, k: float) -> Vec:
    """``k * a``."""
    return (a[0] * k, a[1] * k)


def dot(a: Vec, b: Vec) -> float:
    """The dot product ``a · b``."""
    return a[0] * b[0] + a[1] * b[1]


def length(a: Vec) -> float:
    """The Euclidean length of ``a``."""
    return math.hypot(a[0], a[1])


def normalise(a: Vec) -> Vec:
    """``a`` scaled to length 1; a zero vector stays zero (callers choose a fallback)."""
    n = math.hypot(a[0], a[1])
    return (0.0, 0.0) if n == 0.0 else (a[0] / n, a[1] / n)
