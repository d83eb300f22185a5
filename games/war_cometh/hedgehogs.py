"""Hedgehog shapes of 3 and 4 stands [WC.FORM.5]."""

from __future__ import annotations

import math

from campaign.table import Rect
from campaign.table.frame import direction, norm_angle

__all__ = ["ring_hedgehog"]


def ring_hedgehog(anchor: Rect, n: int) -> tuple[Rect, ...]:
    """A 3-stand triangle or 4-stand square hedgehog: the stands' rear edges are the sides of a
    regular polygon, each stand facing out, neighbours touching at their rear corners; the anchor
    stand keeps its place and facing [WC.FORM.5]."""
    w, d = anchor.width, anchor.depth
    apothem = w / (2 * math.tan(math.pi / n))
    f = direction(anchor.facing)
    reach = apothem + d / 2
    centre = (anchor.cx - f[0] * reach, anchor.cy - f[1] * reach)
    out = []
    for k in range(n):
        facing = norm_angle(anchor.facing + k * 360 / n)
        g = direction(facing)
        out.append(Rect(centre[0] + g[0] * reach, centre[1] + g[1] * reach, facing, w, d))
    return tuple(out)
