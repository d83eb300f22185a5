"""Export a campaign's event log as JSON Lines, and rebuild a campaign file from such an export."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from campaign import canonical
from campaign.eventlog import Event, EventStore, check_chain, open_store
from campaign.events import EventType, parse_game_ref

EXPORT_FORMAT = 1


class ImportError_(ValueError):
    """An export file that cannot be imported; the message names the line."""


def export_lines(store: EventStore, game: str | None = None, *, with_secrets: bool = False) -> Iterator[str]:
    """A header line, then one canonical JSON line per event (and per secret if asked)."""
    stream = parse_game_ref(game) if game else None
    seq, head = store.head()
    yield canonical.dumps({"campaign_export": EXPORT_FORMAT, "partial": stream, "count": seq, "head": head})
    for ev in store.read(stream=stream):
        yield canonical.dumps(ev.as_json())
    if with_secrets and stream is None and hasattr(store, "conn"):
        for name, value in store.conn.execute("SELECT name, value FROM secrets ORDER BY name"):
            yield canonical.dumps({"secret": name, "value": value})


def _event(data: dict[str, Any], line: int) -> Event:
    try:
        return Event(
            seq=int(data["seq"]),
            stream=str(data["stream"]),
            version=int(data["version"]),
            type=str(data["type"]),
            actor=str(data["actor"]),
            at=str(data["at"]),
            payload=dict(data["payload"]),
            schema=int(data["schema"]),
            engine=str(data["engine"]),
            prev_hash=str(data["prev_hash"]),
            hash=str(data["hash"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ImportError_(f"line {line}: not an event record ({exc})") from exc


@dataclass(frozen=True, slots=True)
class Imported:
    """`campaign import`: the file made, how many events it holds, its chain head, and how many dice use
    the old binding (exports from before 0.2)."""

    db: str
    events: int
    head: str
    old_dice: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"db": self.db, "events": self.events, "head": self.head}

    def text(self) -> str:
        line = f"imported {self.events} events into {self.db}; chain head {self.head}"
        if not self.old_dice:
            return line
        return line + (
            f"\nnote: {self.old_dice} dice of this export use the old binding (campaign-dice-v1: bound to the"
            " previous event's hash, which covers the host's clock); they still re-derive, and `audit verify`"
            " says so. Dice rolled from now on are bound to the players' inputs."
        )


def import_lines(path: str | Path, lines: Iterable[str]) -> Imported:
    """Create a campaign file at `path` holding exactly the exported chain.

    Returns (count, head, old dice): exports from before 0.2 are taken as they are (their events
    are upcast on read, never rewritten, so the chain head stays); `old dice` counts their fair
    dice, which use the old binding (see docs/dice.md).
    """
    events: list[Event] = []
    secrets: dict[str, str] = {}
    header: dict[str, Any] | None = None
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ImportError_(f"line {number}: not JSON ({exc.msg} at column {exc.colno})") from exc
        if header is None:
            if not isinstance(data, dict) or "campaign_export" not in data:
                raise ImportError_("line 1: not a `campaign export` file (no header line)")
            if data.get("partial"):
                raise ImportError_(
                    f"line 1: this export holds only {data['partial']}; import needs a whole-campaign export"
                    " (`campaign export` without GAME)"
                )
            header = data
            continue
        if "secret" in data:
            secrets[str(data["secret"])] = str(data["value"])
            continue
        events.append(_event(data, number))
    if header is None:
        raise ImportError_("the file is empty")
    count, head, problem = check_chain(events)
    if problem is not None:
        raise ImportError_(f"the exported chain is broken at {problem}; nothing imported")
    if count != header.get("count") or head != header.get("head"):
        raise ImportError_(
            f"the header promises {header.get('count')} events ending {header.get('head')},"
            f" the file holds {count} ending {head}; nothing imported"
        )
    store = open_store(path, create=True)
    try:
        store.import_events(events, secrets)
    finally:
        store.close()
    old = sum(
        1 for e in events if e.type == EventType.DICE_ROLLED and e.schema == 1 and e.payload.get("mode") == "fair"
    )
    return Imported(str(path), count, head, old)
