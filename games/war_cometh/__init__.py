"""War Cometh v2.0 (John P Kelly, 2005): medieval and fantasy battles on a measured table.

Part 1: the measured table, troops and lists, deployment, command and movement. Shooting and
melee come in part 2 (see docs/orders/war-cometh.md). ``RULESET`` is what the core finds through
the ``campaign.rulesets`` entry point.
"""

from .engine import WarCometh

RULESET = WarCometh()

__all__ = ["RULESET", "WarCometh"]
