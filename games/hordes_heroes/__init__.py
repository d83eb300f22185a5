"""Hordes & Heroes (Kallistra, 2022): the rules engine, part 1 (set-up, command and movement).

`RULESET` is what the core finds through the ``campaign.rulesets`` entry point. Shooting and
hand-to-hand combat are part 2: their phases exist and are reported as skipped (TODO(HH.SHOOT.23),
TODO(HH.HTH.25)).
"""

from .engine import HordesHeroes

RULESET = HordesHeroes()

__all__ = ["RULESET", "HordesHeroes"]
