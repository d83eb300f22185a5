"""Hordes & Heroes (Kallistra, 2022): the rules engine: set-up, command, movement, shooting, hand-to-hand
combat, compulsory moves and victory.

`RULESET` is what the core finds through the ``campaign.rulesets`` entry point.
"""

from .ruleset import HordesHeroes

RULESET = HordesHeroes()

__all__ = ["RULESET", "HordesHeroes"]
