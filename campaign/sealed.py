"""Sealed inputs: what one side sent that no other side may see until every sealed input is in.

Some requests are sealed (`Request.sealed`): both sides declare at once and neither may see the
other's declaration before its own is in (Proconsul's group declarations, a campaign's strategic
moves). A sealed input stays hidden from every reader other than its own side while the ruleset
still has a sealed request with the same key pending; once no such request is pending (every side
has sent its input, or the phase was resolved), all of them are revealed together.

The one question the core asks, wherever it shows an input (archive pages, digests, status, the
board views), is :func:`input_visible`.

The event's own hash (on its archive page, as the next event's `prev_hash`, and the chain head
digests carry) stays public, and a sealed input has few possible values (a group name): anyone could
hash each candidate record and compare. So a sealed input carries a random `salt` (from `secrets`: it
decides nothing in the game) hidden with the orders, and a public `commitment`, the SHA-256 of the
salt and the canonical text (:func:`commitment`). Without the salt no candidate hashes to the event;
once revealed, salt and text must give the commitment (:func:`reveal_problem`, checked by replay and
the dice audit). Logs written before salts existed have neither field and replay as they were.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any

from campaign.ruleset import Ruleset

SEALED_TEXT = "(sealed: shown once every side's sealed orders for this phase are in)"
"""What a reader who may not see a sealed input is shown in its place."""

SALT_BYTES = 16
"""128 random bits per sealed input: far more than anyone can try."""


def commitment(salt: str, canonical_text: str) -> str:
    """The public commitment to a sealed input: SHA-256 of ``salt``, a newline, the canonical text."""
    return hashlib.sha256(f"{salt}\n{canonical_text}".encode()).hexdigest()


def seal_fields(canonical_text: str, salt: str | None = None) -> dict[str, str]:
    """The payload fields a sealed input adds: a salt (fresh and random unless given) and the commitment it
    makes."""
    salt = salt if salt is not None else secrets.token_hex(SALT_BYTES)
    return {"salt": salt, "commitment": commitment(salt, canonical_text)}


def derived_salt(secret: bytes, stream: str, key: str, side: str, canonical_text: str) -> str:
    """A salt derived from a secret instead of drawn: for campaigns whose dice seeds are derived too (the
    demo's `--seed`, tests), so that the same run writes the same log byte for byte."""
    message = f"salt\n{stream}\n{key}\n{side}\n{canonical_text}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[: 2 * SALT_BYTES]


def sealed_extra(
    ruleset: Ruleset, state: Any, key: str, canonical_text: str, salt: str | None = None
) -> dict[str, str]:
    """The salt and commitment for orders filed under `key` at `state` when that key is sealed, else nothing."""
    return seal_fields(canonical_text, salt) if key in open_sealed_keys(ruleset, state) else {}


def reveal_problem(payload: Mapping[str, Any]) -> str | None:
    """Why a revealed sealed input does not prove its commitment, or None when it does.

    An input without a salt (not sealed, or logged before salts existed) has nothing to prove.
    """
    if "salt" not in payload and "commitment" not in payload:
        return None
    salt, text, promised = payload.get("salt"), payload.get("canonical"), payload.get("commitment")
    if not isinstance(salt, str) or not isinstance(text, str) or not isinstance(promised, str):
        return "a sealed input needs its salt, its canonical text and its commitment"
    if commitment(salt, text) != promised:
        return "the revealed orders and salt do not give the commitment sealed with them"
    return None


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
