"""Canonical JSON: one byte string per value, so hashes of events and states are reproducible.

Keys sorted, no insignificant whitespace, UTF-8 kept as is (``ensure_ascii=False``), and no
floats: a float's text form is not canonical across tools, so rules and events use integers.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


class NotCanonical(TypeError):
    """A value that has no canonical JSON form (a float, a set, a non-str key, ...)."""


def _check(value: Any, path: str = "$") -> None:
    if value is None or isinstance(value, (bool, str)):
        return
    if isinstance(value, int):
        return
    if isinstance(value, float):
        raise NotCanonical(f"{path}: floats are not allowed in canonical JSON ({value!r}); use integers")
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _check(item, f"{path}[{i}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise NotCanonical(f"{path}: dict key {key!r} is not a string")
            _check(item, f"{path}.{key}")
        return
    raise NotCanonical(f"{path}: {type(value).__name__} has no canonical JSON form")


def dumps(value: Any, *, check: bool = True) -> str:
    """The canonical JSON text of `value`; raises NotCanonical for values without one.

    `check=False` skips the walk for floats and odd types: for data already known to be
    canonical (read back from the log, whose hashes prove it), where the walk would only cost time.
    """
    if check:
        _check(value)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes) -> Any:
    """Parse JSON text (canonical or not)."""
    return json.loads(text)


def sha256_hex(value: Any) -> str:
    """SHA-256 of the canonical JSON of `value`, as 64 hex digits."""
    return hashlib.sha256(dumps(value).encode("utf-8")).hexdigest()
