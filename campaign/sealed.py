"""Sealed inputs: what one side sent that no other side may see until every sealed input is in.

Some requests are sealed (`Request.sealed`): both sides declare at once and neither may see the
other's declaration before its own is in (Proconsul's group declarations, a campaign's strategic
moves). A sealed input stays hidden from every reader other than its own side while the ruleset
still has a sealed request with the same key pending; once no such request is pending (every side
has sent its input, or the phase was resolved), all of them are revealed together.

The one question the core asks, wherever it shows an input (archive pages, digests, status, the
board views), is :func:`input_visible`.

Known limit: the event's own hash (on its archive page, and as the next event's `prev_hash` and the
chain head digests carry) stays public. A sealed input with few possible values (a group name) could
be guessed by hashing each candidate record; TODO: a per-input salt in the payload, revealed with it.
"""

from __future__ import annotations

from typing import Any

from campaign.ruleset import Ruleset

SEALED_TEXT = "(sealed: shown once every side's sealed orders for this phase are in)"
"""What a reader who may not see a sealed input is shown in its place."""


def open_sealed_keys(ruleset: Ruleset, state: Any) -> frozenset[str]:
    """Keys of the sealed requests the ruleset is still waiting for in `state`."""
    return frozenset(r.key for r in ruleset.pending(state) if r.sealed)


def input_visible(ruleset: Ruleset, state: Any, owner: str, key: str, reader: str | None) -> bool:
    """Whether `reader` may see the input `owner` filed under `key`, judged at `state`.

    `state` is the reader's horizon (the game as the page or mail being written knows it).
    `reader` None is anyone who is not a side of the game: the public archive, a spectator.
    The owner always sees its own input; others see it once no sealed request for `key` is pending.
    """
    if reader is not None and reader == owner:
        return True
    return key not in open_sealed_keys(ruleset, state)
