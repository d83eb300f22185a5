"""Proconsul: ancient battles by group activation, strength points and morale, played by mail.

The engine follows the spec in `../shared/rules/proconsul.md` (rule IDs ``PC.*``); house values
and rulings are listed in docs/rulings/proconsul.md.
"""

from .engine import RULESET, Proconsul

__all__ = ["RULESET", "Proconsul"]
