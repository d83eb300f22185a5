"""Which units have flanks, and the zone a charge strikes [WC.FLANK.4] [WC.FLANK.8] [WC.FLANK.9].

* :func:`has_flanks` — hedgehogs, (H) skirmishers in skirmish order and war wagons have no flanks
  or rear: for them every contact counts as frontal for disorder, melee modifiers, support denial
  and loss of defended status [WC.FLANK.8] [WC.HEDGEHOG.3] [WC.WAGON.3]. Refused-flank and U lines
  need no exception: their refused stands face outward, so contact on them is on stand fronts.
* A stand is attacked on its flank or rear when an enemy stand touches its left, right or rear
  edge; the edge is found stand by stand (:func:`games.war_cometh.combat.edge_between`) and only
  counts for units that have flanks [WC.FLANK.9] [WC.GEOM.12].
* :func:`charge_zone` — the zone of the target holding the charger's unit centre decides the edge
  struck; on a zone boundary the zone holding more of the charger's footprint; a tie on that goes
  FRONT, then the flank, then REAR [WC.FLANK.3] [WC.FLANK.4].
"""

from __future__ import annotations

from campaign.table import Zone, zone_of
from campaign.table.frame import EPS
from campaign.table.rect import zone_polygon

from .model import Formation, Unit
from .skirmishers import is_skirmishing
from .wagons import is_wagon
from .world import World

__all__ = ["charge_zone", "has_flanks"]


def has_flanks(world: World, unit: Unit) -> bool:
    """False for a hedgehog, (H) skirmishers in skirmish order and war wagons [WC.FLANK.8]."""
    if unit.formation is Formation.HEDGEHOG:
        return False
    p = world.profile(unit)
    return not (is_wagon(p) or is_skirmishing(p, unit.formation, historical=world.state.variant == "historical"))


_PRECEDENCE = {Zone.FRONT: 0, Zone.LEFT: 1, Zone.RIGHT: 1, Zone.REAR: 2}


def charge_zone(world: World, unit: Unit, target: Unit) -> Zone:
    """The zone of the target's bounding rectangle that decides the edge a charge strikes
    [WC.FLANK.4]: the one holding the charger's centre ``UC``; exactly on a boundary (a 45° ray
    from a corner), the one of the two holding more of the charger's footprint, FRONT before a
    flank before REAR when that is tied too."""
    tb = world.bound(target)
    uc = world.bound(unit).centre
    zone = zone_of(tb, uc)
    loc = tb.local(uc)
    if zone is Zone.NONE or loc.du <= EPS or loc.dv <= EPS or abs(loc.du - loc.dv) > EPS:
        return zone
    side = Zone.RIGHT if loc.v > 0 else Zone.LEFT
    pair = (Zone.FRONT if loc.u > 0 else Zone.REAR, side)
    foot = world.foot(unit)
    area = {z: float(zone_polygon(tb, z).intersection(foot).area) for z in pair}
    return min(pair, key=lambda z: (-round(area[z], 6), _PRECEDENCE[z]))
