"""Close words: "did you mean" for a player's or an author's typo, from the words that are legal.

Game-free and dependency-free, so both the order reader and the data-file loader use it.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def suggest(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The legal words closest to ``word`` (case-insensitive), best first; prefixes count too."""
    low = word.lower()
    pool = sorted({c for c in choices if c})
    by_lower = {c.lower(): c for c in pool}
    found = [by_lower[m] for m in difflib.get_close_matches(low, list(by_lower), n=n, cutoff=0.6)]
    for c in pool:
        if len(found) >= n:
            break
        cl = c.lower()
        prefix = (len(low) >= 2 and cl.startswith(low)) or (len(low) > len(cl) and low.startswith(cl))
        if prefix and c not in found:
            found.append(c)
    return found


def did_you_mean(word: str, choices: Iterable[str], what: str = "", limit: int = 12) -> str:
    """A hint: the closest legal words, then (when short enough) the whole list of legal words."""
    pool = sorted({c for c in choices if c})
    close = suggest(word, pool)
    parts = []
    if close:
        parts.append("did you mean " + " or ".join(repr(c) for c in close) + "?")
    if pool and len(pool) <= limit:
        parts.append(f"({what or 'legal'}: {', '.join(pool)})")
    return " ".join(parts)
