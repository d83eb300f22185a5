"""The results of a fight (melee.py holds them: a fight and its results call each other).

Kept as a name so that `from games.proconsul.results import ...` still works.
"""

from __future__ import annotations

from .melee import may_pursue, settle

__all__ = ["may_pursue", "settle"]
