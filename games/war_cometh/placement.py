"""Stands of a unit laid out on the table from its reference point [WC.FORM.2] [WC.FORM.4].

Shared by the scenario loader, camps (units coming back from camp) and flank marches, apart from all three.
"""

from __future__ import annotations

from campaign.table import Pose, grid_rects

from .model import Stand
from .troops import Profile


def place_unit(profile: Profile, stands: int, rp: tuple[int, int], facing: int, files: int) -> tuple[Stand, ...]:
    """Stands of a regular grid placed from its reference point (hundredths) [WC.FORM.2] [WC.FORM.4]."""
    ranks = -(-stands // files)
    rects = grid_rects(
        (rp[0] / 100, rp[1] / 100),
        facing / 100,
        files=files,
        ranks=ranks,
        width=profile.width / 100,
        depth=profile.depth / 100,
        stands=stands,
    )
    return tuple(Stand(profile.id, Pose.of(r.cx, r.cy, r.facing)) for r in rects)
