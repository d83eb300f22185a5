"""Cry Havoc (Standard Games): the medieval skirmish engine, character by character.

`RULESET` is what the core finds through the ``campaign.rulesets`` entry point.
"""

from .engine import CryHavoc

RULESET = CryHavoc()

__all__ = ["RULESET", "CryHavoc"]
