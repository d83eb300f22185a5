"""The append-only event log: one SQLite file per campaign, every event chained by SHA-256.

An event is an input (orders, a die, a correction), never a conclusion. Each event has a
global `seq`, a `stream` (``campaign``, ``game:7``) with a per-stream `version`
(UNIQUE(stream, version) gives optimistic concurrency: a second writer that based its
decision on an old version gets a ConflictError and must re-read), and a hash over its
canonical record and the previous event's hash. Triggers refuse UPDATE and DELETE, and an
INSERT that does not extend the chain. `verify` finds the first event that breaks it.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from campaign import canonical
from campaign.eventschema import COLUMNS as _COLUMNS
from campaign.eventschema import GENESIS_HASH
from campaign.eventschema import INSERT_TRIGGER as _INSERT_TRIGGER
from campaign.eventschema import SCHEMA as _SCHEMA
from campaign.eventschema import split_sql as _split_sql

FILE_FORMAT = 1
NOW_ENV = "CAMPAIGN_NOW"
"""Set to an ISO time to pin every event's `at` (demos and tests that must be byte-identical)."""


class EventLogError(Exception):
    """Base of the event log's own errors."""


class ConflictError(EventLogError):
    """Another writer appended to the stream first; re-read, re-decide, retry."""

    def __init__(self, stream: str, expected: int, actual: int):
        self.stream, self.expected, self.actual = stream, expected, actual
        super().__init__(
            f"conflict on stream {stream!r}: expected version {expected}, but it is now {actual}"
            " (someone else wrote first; read again and retry)"
        )


class DuplicateMessage(EventLogError):
    """An inbound message with this Message-ID was already processed (by this or another process)."""

    def __init__(self, message_id: str, content: str, outcome: str):
        self.message_id, self.content, self.outcome = message_id, content, outcome
        super().__init__(f"message {message_id} was already processed")


@dataclass(frozen=True, slots=True)
class InboxRow:
    """The record that an inbound message was processed, written in the same transaction as its events."""

    message_id: str
    content: str
    """SHA-256 of the message body as received, to tell a harmless re-read from a replay."""
    outcome: str
    """JSON describing what happened, enough to rebuild the reply if it was lost in a crash."""


class NotACampaign(EventLogError):
    """The file is missing or is not a campaign database."""


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event about to be appended: the caller's part of the record."""

    stream: str
    type: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    actor: str = "system"
    schema: int = 1


@dataclass(frozen=True, slots=True)
class Event:
    """A stored event, exactly as hashed (see `record`)."""

    seq: int
    stream: str
    version: int
    type: str
    actor: str
    at: str
    payload: Mapping[str, Any]
    schema: int
    engine: str
    prev_hash: str
    hash: str

    def record(self) -> dict[str, Any]:
        """The fields covered by the hash (everything but the hash itself)."""
        return {
            "seq": self.seq,
            "stream": self.stream,
            "version": self.version,
            "type": self.type,
            "actor": self.actor,
            "at": self.at,
            "payload": self.payload,
            "schema": self.schema,
            "engine": self.engine,
            "prev_hash": self.prev_hash,
        }

    def as_json(self) -> dict[str, Any]:
        """The full event as JSON-able data (export, `log --json`)."""
        return {**self.record(), "hash": self.hash}


def event_hash(record: Mapping[str, Any], *, check: bool = True) -> str:
    """SHA-256 over the canonical JSON of an event record (which includes `prev_hash`)."""
    return hashlib.sha256(canonical.dumps(dict(record), check=check).encode("utf-8")).hexdigest()


def utc_now() -> str:
    """Current UTC time as ISO text, or the pinned time from CAMPAIGN_NOW."""
    pinned = os.environ.get(NOW_ENV)
    if pinned:
        return pinned
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


# --- upcasting ------------------------------------------------------------------------------

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
_UPCASTERS: dict[tuple[str, int], Upcaster] = {}


def upcaster(event_type: str, from_schema: int) -> Callable[[Upcaster], Upcaster]:
    """Register a function that turns a `from_schema` payload into schema `from_schema + 1`."""

    def deco(fn: Upcaster) -> Upcaster:
        _UPCASTERS[(event_type, from_schema)] = fn
        return fn

    return deco


def upcast(event: Event) -> Event:
    """The event with its payload raised to the newest schema (hashes are of the stored form)."""
    payload, schema = dict(event.payload), event.schema
    while (event.type, schema) in _UPCASTERS:
        payload = _UPCASTERS[(event.type, schema)](payload)
        schema += 1
    if schema == event.schema:
        return event
    return replace(event, payload=payload, schema=schema)


# --- verification ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Link:
    """An opaque link of the chain: another game's event in a per-game audit bundle (no content)."""

    seq: int
    prev_hash: str
    hash: str


class Snapshot(NamedTuple):
    """A cached state: the seq and chain hash it was taken at, its content, and the content's SHA-256."""

    seq: int
    data: str
    chain_hash: str
    digest: str


@dataclass(frozen=True, slots=True)
class ChainProblem:
    """The first place where the stored log stops being a valid chain."""

    seq: int
    reason: str

    def __str__(self) -> str:
        return f"seq {self.seq}: {self.reason}"


def check_chain(events: Iterable[Event | Link]) -> tuple[int, str, ChainProblem | None]:
    """Walk events in seq order; return (count, head hash, first problem or None).

    A `Link` (a per-game bundle's stand-in for another game's event) is checked for its place
    and its link to the previous hash only: its content is not in the bundle.
    """
    prev_hash, expected_seq, count = GENESIS_HASH, 1, 0
    versions: dict[str, int] = {}
    for ev in events:
        if ev.seq != expected_seq:
            what = "missing" if ev.seq > expected_seq else "duplicated or out of order"
            return count, prev_hash, ChainProblem(ev.seq, f"expected seq {expected_seq}; event(s) {what}")
        if ev.prev_hash != prev_hash:
            return (
                count,
                prev_hash,
                ChainProblem(
                    ev.seq,
                    "prev_hash does not match the previous event's hash (an event was removed, inserted or moved)",
                ),
            )
        if isinstance(ev, Link):
            prev_hash, expected_seq, count = ev.hash, expected_seq + 1, count + 1
            continue
        try:
            actual = event_hash(ev.record(), check=False)  # a float would not hash to what was sealed
        except (TypeError, ValueError) as exc:
            return count, prev_hash, ChainProblem(ev.seq, f"payload is not canonical JSON: {exc}")
        if actual != ev.hash:
            return count, prev_hash, ChainProblem(ev.seq, "hash does not match the event's content (it was altered)")
        want = versions.get(ev.stream, 0) + 1
        if ev.version != want:
            return count, prev_hash, ChainProblem(ev.seq, f"stream {ev.stream!r} version {ev.version}, expected {want}")
        versions[ev.stream] = ev.version
        prev_hash, expected_seq, count = ev.hash, expected_seq + 1, count + 1
    return count, prev_hash, None


def seal(
    new: Sequence[NewEvent],
    head_seq: int,
    head_hash: str,
    versions: Mapping[str, int],
    at: str,
    engine: str,
) -> list[Event]:
    """Give new events their seq, versions and chained hashes, after (head_seq, head_hash)."""
    out: list[Event] = []
    versions = dict(versions)
    seq, prev = head_seq, head_hash
    for ne in new:
        seq += 1
        version = versions.get(ne.stream, 0) + 1
        versions[ne.stream] = version
        payload = dict(ne.payload)
        canonical.dumps(payload)  # raises NotCanonical before anything is written
        rec = {
            "seq": seq,
            "stream": ne.stream,
            "version": version,
            "type": ne.type,
            "actor": ne.actor,
            "at": at,
            "payload": payload,
            "schema": ne.schema,
            "engine": engine,
            "prev_hash": prev,
        }
        h = event_hash(rec)
        out.append(Event(hash=h, **rec))  # type: ignore[arg-type]  # rec holds exactly Event's other fields
        prev = h
    return out


# --- the store interface --------------------------------------------------------------------


class EventStore(ABC):
    """What the core needs from storage; SQLite and in-memory stores pass one contract suite."""

    clock: Callable[[], str] = staticmethod(utc_now)
    """Where an event's `at` comes from when the caller gives none (a demo sets a simulated clock)."""

    @abstractmethod
    def append(
        self,
        events: Sequence[NewEvent],
        expected: Mapping[str, int] | None = None,
        *,
        engine: str = "",
        at: str | None = None,
        secrets: Mapping[str, str] | None = None,
        inbox: InboxRow | None = None,
    ) -> list[Event]:
        """Append all `events` atomically; `expected` maps stream -> version the caller read.

        Raises ConflictError (and writes nothing) if any stream moved on. `secrets` are
        stored in the same transaction, outside the chain (dice seeds before reveal); so is
        `inbox`, and a Message-ID seen before raises DuplicateMessage with nothing written.
        """

    @abstractmethod
    def inbox_get(self, message_id: str) -> InboxRow | None:
        """The record of a processed inbound message, or None."""

    @abstractmethod
    def inbox_set_outcome(self, message_id: str, outcome: str) -> None:
        """Complete a processed message's outcome (the reply, once the chain head is known)."""

    @abstractmethod
    def read(self, stream: str | None = None, after: int = 0, upto: int | None = None) -> Iterator[Event]:
        """Events in seq order, optionally of one stream, with after < seq <= upto."""

    def read_type(self, stream: str, event_type: str, upto: int | None = None) -> Iterator[Event]:
        """Events of one type in one stream, in seq order (a cheap filter for corrections)."""
        return (e for e in self.read(stream=stream, upto=upto) if e.type == event_type)

    def read_bare(self, stream: str, upto: int, bare: frozenset[str]) -> Iterator[Event]:
        """Events of a stream up to `upto`, where events of the `bare` types may come with an empty
        payload (a cheap fold of the core's bookkeeping that does not need them; hashes unchecked)."""
        return self.read(stream=stream, upto=upto)

    def read_types(
        self, stream: str, types: Iterable[str], after: int = 0, upto: int | None = None
    ) -> Iterator[Event]:
        """Events of the given types in one stream with after < seq <= upto, in seq order
        (an indexed read: its cost is the events it returns, not the stream's length)."""
        wanted = frozenset(types)
        return (e for e in self.read(stream=stream, after=after, upto=upto) if e.type in wanted)

    def last_seq_of(self, stream: str, types: Iterable[str], upto: int | None = None) -> int:
        """The seq of the stream's last event of these types at or before `upto` (0 if none)."""
        return max((e.seq for e in self.read_types(stream, types, upto=upto)), default=0)

    def first(self, stream: str) -> Event | None:
        """The stream's first event (version 1), or None."""
        return next(self.read(stream=stream), None)

    def at_seq(self, seq: int) -> Event | None:
        """The event with this seq, or None."""
        return next(self.read(after=seq - 1, upto=seq), None)

    @abstractmethod
    def version(self, stream: str) -> int:
        """The stream's last version (0 for an empty stream)."""

    @abstractmethod
    def head(self) -> tuple[int, str]:
        """(last seq, last hash) of the whole log; (0, GENESIS_HASH) when empty."""

    @abstractmethod
    def streams(self, prefix: str = "") -> list[str]:
        """Names of streams that start with `prefix`, sorted."""

    @abstractmethod
    def secret(self, name: str) -> str | None:
        """A stored secret, or None."""

    # snapshots are a cache: deletable, never trusted unless bound to the log (replay checks them)
    @abstractmethod
    def put_snapshot(self, stream: str, seq: int, engine: str, data: str, chain_hash: str = "") -> None:
        """Store a snapshot taken at event `seq` whose hash is `chain_hash` (its digest is computed here)."""

    @abstractmethod
    def latest_snapshot(self, stream: str, upto: int, engine: str) -> Snapshot | None:
        """The newest snapshot of `stream` at or before `upto` for this engine."""

    @abstractmethod
    def clear_snapshots(self, stream: str | None = None) -> None: ...

    def verify(self) -> tuple[int, str, ChainProblem | None]:
        """Check the whole chain; see `check_chain`."""
        return check_chain(self.read())

    def close(self) -> None:  # noqa: B027 - optional: only stores holding resources override it
        """Release resources."""


class MemoryStore(EventStore):
    """An event store held in memory: for tests and for what-if replays."""

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._versions: dict[str, int] = {}
        self._secrets: dict[str, str] = {}
        self._inbox: dict[str, InboxRow] = {}
        self._snapshots: dict[tuple[str, int], tuple[str, Snapshot]] = {}

    def append(self, events, expected=None, *, engine="", at=None, secrets=None, inbox=None):  # type: ignore[no-untyped-def]  # EventStore.append's signature
        if inbox is not None and inbox.message_id in self._inbox:
            old = self._inbox[inbox.message_id]
            raise DuplicateMessage(old.message_id, old.content, old.outcome)
        for stream, want in (expected or {}).items():
            actual = self._versions.get(stream, 0)
            if actual != want:
                raise ConflictError(stream, want, actual)
        if inbox is not None:
            self._inbox[inbox.message_id] = inbox
        seq, prev = self.head()
        sealed = seal(events, seq, prev, self._versions, at or self.clock(), engine)
        self._events.extend(sealed)
        for ev in sealed:
            self._versions[ev.stream] = ev.version
        self._secrets.update(secrets or {})
        return sealed

    def read(self, stream: str | None = None, after: int = 0, upto: int | None = None) -> Iterator[Event]:
        for ev in self._events[after:]:
            if upto is not None and ev.seq > upto:
                break
            if stream is None or ev.stream == stream:
                yield ev

    def version(self, stream: str) -> int:
        return self._versions.get(stream, 0)

    def head(self) -> tuple[int, str]:
        if not self._events:
            return 0, GENESIS_HASH
        return self._events[-1].seq, self._events[-1].hash

    def streams(self, prefix: str = "") -> list[str]:
        return sorted(s for s in self._versions if s.startswith(prefix))

    def secret(self, name: str) -> str | None:
        return self._secrets.get(name)

    def inbox_get(self, message_id: str) -> InboxRow | None:
        return self._inbox.get(message_id)

    def inbox_set_outcome(self, message_id: str, outcome: str) -> None:
        row = self._inbox[message_id]
        self._inbox[message_id] = InboxRow(row.message_id, row.content, outcome)

    def put_snapshot(self, stream: str, seq: int, engine: str, data: str, chain_hash: str = "") -> None:
        self._snapshots[(stream, seq)] = (engine, Snapshot(seq, data, chain_hash, _digest(data)))

    def latest_snapshot(self, stream: str, upto: int, engine: str) -> Snapshot | None:
        best = [
            snap for (s, seq), (eng, snap) in self._snapshots.items() if s == stream and seq <= upto and eng == engine
        ]
        return max(best) if best else None

    def clear_snapshots(self, stream: str | None = None) -> None:
        self._snapshots = {k: v for k, v in self._snapshots.items() if stream is not None and k[0] != stream}


def _digest(data: str) -> str:
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


_SNAPSHOT_COLUMNS = {"stream": str, "seq": int, "engine": str, "state": str, "chain_hash": str, "digest": str}


def _row_to_event(row: tuple[Any, ...]) -> Event:
    seq, stream, version, type_, actor, at, payload, schema, engine, prev_hash, hash_ = row
    return Event(
        seq=seq,
        stream=stream,
        version=version,
        type=type_,
        actor=actor,
        at=at,
        payload=canonical.loads(payload),
        schema=schema,
        engine=engine,
        prev_hash=prev_hash,
        hash=hash_,
    )


class SqliteStore(EventStore):
    """The campaign file: WAL journal, synchronous=FULL, one IMMEDIATE transaction per append."""

    def __init__(
        self, path: str | Path, *, create: bool = False, busy_timeout_ms: int = 30_000, readonly: bool = False
    ):
        self.path = Path(path)
        self.readonly = readonly and not create
        self._links: list[Link] | None = None
        self.conn: sqlite3.Connection
        if not create and not self.path.exists():
            raise NotACampaign(f"no campaign database at {self.path} (run `campaign init` first, or pass --db)")
        if not create:
            self._open_readonly(busy_timeout_ms)  # look first, without touching the file
            if self.readonly or self._bundle_of() is not None:  # an audit bundle is evidence: never written to
                self.readonly = True
                return
            self.conn.close()
        self.conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=busy_timeout_ms / 1000)
        self.conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        try:
            mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise NotACampaign(f"{self.path} is not a campaign database: {exc}") from exc
        if mode != "wal":
            raise EventLogError(f"could not switch {self.path} to WAL mode (got {mode})")
        self.conn.execute("PRAGMA synchronous = FULL")
        if create:
            self._create_schema()
        elif not self._has_events_table():
            raise NotACampaign(f"{self.path} is not a campaign database (no events table)")
        else:
            self._upgrade_snapshots()
            self.conn.execute("CREATE INDEX IF NOT EXISTS events_by_type ON events (stream, type, seq)")

    def _bundle_of(self) -> str | None:
        """The game an audit bundle holds, or None for a campaign file."""
        try:
            row = self.conn.execute("SELECT value FROM meta WHERE key = 'bundle'").fetchone()
        except sqlite3.OperationalError:
            return None
        return None if row is None else str(row[0])

    def _open_readonly(self, busy_timeout_ms: int) -> None:
        """Open for reading only: nothing is ever written to the file (read commands, audit bundles)."""
        uri = f"{self.path.resolve().as_uri()}?mode=ro"
        self.conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=busy_timeout_ms / 1000)
        try:
            if not self._has_events_table():
                raise NotACampaign(f"{self.path} is not a campaign database (no events table)")
        except sqlite3.DatabaseError as exc:
            raise NotACampaign(f"{self.path} is not a campaign database: {exc}") from exc

    def _upgrade_snapshots(self) -> None:
        """A file from before snapshots were bound to the chain: drop the old cache (it is rebuilt)."""
        cols = {r[1] for r in self.conn.execute("PRAGMA table_info(snapshots)")}
        if cols and "chain_hash" not in cols:
            self.conn.execute("DROP TABLE snapshots")
            self._create_snapshot_table()

    def _create_snapshot_table(self) -> None:
        import sqlite_utils

        sqlite_utils.Database(self.conn).table("snapshots").create(
            _SNAPSHOT_COLUMNS,
            pk=("stream", "seq", "engine"),
            not_null=set(_SNAPSHOT_COLUMNS),
            if_not_exists=True,
        )

    def links(self) -> list[Link]:
        """The opaque links of a per-game audit bundle (empty for a campaign file)."""
        if self._links is not None:
            return self._links
        has = self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'links'").fetchone()
        found = [] if has is None else [Link(*r) for r in self.conn.execute("SELECT seq, prev_hash, hash FROM links")]
        if self.readonly:
            self._links = sorted(found, key=lambda link: link.seq)  # a bundle never changes
        return sorted(found, key=lambda link: link.seq)

    def verify(self) -> tuple[int, str, ChainProblem | None]:
        links = self.links()
        if not links:
            return check_chain(self.read())
        return check_chain(sorted([*self.read(), *links], key=lambda e: e.seq))

    def _has_events_table(self) -> bool:
        row = self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").fetchone()
        return row is not None

    def _create_schema(self) -> None:
        """Create the tables and triggers; the events table is raw SQL for its triggers."""
        import sqlite_utils

        self.conn.execute("BEGIN IMMEDIATE")
        try:
            for stmt in _split_sql(_SCHEMA):
                self.conn.execute(stmt)
            db = sqlite_utils.Database(self.conn)
            self._create_snapshot_table()
            db.table("secrets").create({"name": str, "value": str}, pk="name", not_null={"value"}, if_not_exists=True)
            self.conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('file_format', ?)", (str(FILE_FORMAT),))
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    def append(self, events, expected=None, *, engine="", at=None, secrets=None, inbox=None):  # type: ignore[no-untyped-def]  # EventStore.append's signature
        if not events and not secrets and inbox is None:
            return []
        if self.readonly:
            raise EventLogError(
                f"{self.path} is open read-only (an audit bundle, or a read command): nothing can be appended"
            )
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            if inbox is not None:
                old = self.inbox_get(inbox.message_id)
                if old is not None:
                    raise DuplicateMessage(old.message_id, old.content, old.outcome)
            versions: dict[str, int] = {}
            for stream, want in (expected or {}).items():
                versions[stream] = actual = self._version_in_tx(stream)
                if actual != want:
                    raise ConflictError(stream, want, actual)
            seq, prev = self.head()
            for s in {ev.stream for ev in events} - versions.keys():
                versions[s] = self._version_in_tx(s)
            sealed = seal(events, seq, prev, versions, at or self.clock(), engine)
            rows = [
                (
                    e.seq,
                    e.stream,
                    e.version,
                    e.type,
                    e.actor,
                    e.at,
                    canonical.dumps(dict(e.payload)),
                    e.schema,
                    e.engine,
                    e.prev_hash,
                    e.hash,
                )
                for e in sealed
            ]
            conn.executemany(f"INSERT INTO events ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
            if secrets:
                conn.executemany("INSERT OR REPLACE INTO secrets (name, value) VALUES (?, ?)", sorted(secrets.items()))
            if inbox is not None:
                conn.execute(
                    "INSERT INTO inbox (message_id, content, seq, outcome) VALUES (?, ?, ?, ?)",
                    (inbox.message_id, inbox.content, sealed[-1].seq if sealed else seq, inbox.outcome),
                )
            conn.execute("COMMIT")
        except sqlite3.IntegrityError as exc:
            conn.execute("ROLLBACK")
            stream = events[0].stream if events else "?"
            raise ConflictError(stream, -1, self.version(stream)) from exc
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return sealed

    def import_events(self, events: Sequence[Event], secrets: Mapping[str, str] | None = None) -> None:
        """Insert already-verified events verbatim into this fresh file (import).

        The caller has checked the whole chain (`check_chain`), so the per-row chain trigger is
        lifted for the bulk insert and put back in the same transaction; the UPDATE and DELETE
        triggers never leave.
        """
        conn = self.conn
        if self.head()[0] != 0:
            raise EventLogError("import needs an empty campaign file")
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("DROP TRIGGER events_insert_extends_chain")
            conn.executemany(
                f"INSERT INTO events ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        e.seq,
                        e.stream,
                        e.version,
                        e.type,
                        e.actor,
                        e.at,
                        canonical.dumps(dict(e.payload), check=False),
                        e.schema,
                        e.engine,
                        e.prev_hash,
                        e.hash,
                    )
                    for e in events
                ],
            )
            conn.execute(_INSERT_TRIGGER)
            if secrets:
                conn.executemany("INSERT OR REPLACE INTO secrets (name, value) VALUES (?, ?)", sorted(secrets.items()))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _version_in_tx(self, stream: str) -> int:
        row = self.conn.execute("SELECT MAX(version) FROM events WHERE stream = ?", (stream,)).fetchone()
        return int(row[0] or 0)

    def read(self, stream: str | None = None, after: int = 0, upto: int | None = None) -> Iterator[Event]:
        sql = f"SELECT {_COLUMNS} FROM events WHERE seq > ?"
        args: list[Any] = [after]
        if stream is not None and after > 0:
            # a tail (since a snapshot, since a phase opened): walk seq from `after`, never the stream
            sql += " AND +stream = ?"
            args.append(stream)
            stream = None
        elif stream is not None:
            sql += " AND stream = ?"
            args.append(stream)
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        sql += " ORDER BY seq"  # a stream's first event alone: `first` (by version, no sort)
        for row in self.conn.execute(sql, args):
            yield _row_to_event(row)

    def read_types(
        self, stream: str, types: Iterable[str], after: int = 0, upto: int | None = None
    ) -> Iterator[Event]:
        wanted = sorted(set(types))
        if not wanted:
            return
        marks = ", ".join("?" * len(wanted))
        sql = (
            f"SELECT {_COLUMNS} FROM events WHERE stream = ? AND type IN ({marks}) AND seq > ? AND seq <= ?"
            " ORDER BY seq"
        )
        rows = self.conn.execute(sql, (stream, *wanted, after, upto if upto is not None else 2**62)).fetchall()
        for row in rows:
            yield _row_to_event(row)

    def last_seq_of(self, stream: str, types: Iterable[str], upto: int | None = None) -> int:
        wanted = sorted(set(types))
        marks = ", ".join("?" * len(wanted))
        row = self.conn.execute(
            f"SELECT MAX(seq) FROM events WHERE stream = ? AND type IN ({marks}) AND seq <= ?",
            (stream, *wanted, upto if upto is not None else 2**62),
        ).fetchone()
        return int(row[0] or 0)

    def first(self, stream: str) -> Event | None:
        row = self.conn.execute(f"SELECT {_COLUMNS} FROM events WHERE stream = ? AND version = 1", (stream,)).fetchone()
        return None if row is None else _row_to_event(row)

    def at_seq(self, seq: int) -> Event | None:
        row = self.conn.execute(f"SELECT {_COLUMNS} FROM events WHERE seq = ?", (seq,)).fetchone()
        return None if row is None else _row_to_event(row)

    def read_bare(self, stream: str, upto: int, bare: frozenset[str]) -> Iterator[Event]:
        marks = ", ".join("?" * len(bare))
        columns = _COLUMNS.replace("payload", f"CASE WHEN type IN ({marks}) THEN '{{}}' ELSE payload END")
        sql = f"SELECT {columns} FROM events WHERE stream = ? AND seq <= ? ORDER BY seq"
        for row in self.conn.execute(sql, (*sorted(bare), stream, upto)):
            yield _row_to_event(row)

    def read_type(self, stream: str, event_type: str, upto: int | None = None) -> Iterator[Event]:
        sql = f"SELECT {_COLUMNS} FROM events WHERE stream = ? AND type = ? AND seq <= ? ORDER BY seq"
        for row in self.conn.execute(sql, (stream, event_type, upto if upto is not None else 2**62)):
            yield _row_to_event(row)

    def version(self, stream: str) -> int:
        return self._version_in_tx(stream)

    def head(self) -> tuple[int, str]:
        row = self.conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        links = self.links() if self.readonly else []
        if links and (row is None or links[-1].seq > row[0]):
            return links[-1].seq, links[-1].hash
        return (0, GENESIS_HASH) if row is None else (int(row[0]), str(row[1]))

    def streams(self, prefix: str = "") -> list[str]:
        rows = self.conn.execute(
            "SELECT DISTINCT stream FROM events WHERE substr(stream, 1, ?) = ? ORDER BY stream",
            (len(prefix), prefix),
        )
        return [r[0] for r in rows]

    def secret(self, name: str) -> str | None:
        row = self.conn.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def inbox_get(self, message_id: str) -> InboxRow | None:
        row = self.conn.execute(
            "SELECT message_id, content, outcome FROM inbox WHERE message_id = ?", (message_id,)
        ).fetchone()
        return None if row is None else InboxRow(row[0], row[1], row[2])

    def inbox_set_outcome(self, message_id: str, outcome: str) -> None:
        self.conn.execute("UPDATE inbox SET outcome = ? WHERE message_id = ?", (outcome, message_id))

    def put_snapshot(self, stream: str, seq: int, engine: str, data: str, chain_hash: str = "") -> None:
        if self.readonly:
            return  # a read command writes nothing, not even a cache
        self.conn.execute(
            "INSERT OR REPLACE INTO snapshots (stream, seq, engine, state, chain_hash, digest)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (stream, seq, engine, data, chain_hash, _digest(data)),
        )

    def latest_snapshot(self, stream: str, upto: int, engine: str) -> Snapshot | None:
        try:
            row = self.conn.execute(
                "SELECT seq, state, chain_hash, digest FROM snapshots WHERE stream = ? AND seq <= ? AND engine = ?"
                " ORDER BY seq DESC LIMIT 1",
                (stream, upto, engine),
            ).fetchone()
        except sqlite3.OperationalError:
            return None  # an old file opened read-only, or a bundle: no usable cache
        return None if row is None else Snapshot(int(row[0]), str(row[1]), str(row[2]), str(row[3]))

    def clear_snapshots(self, stream: str | None = None) -> None:
        if self.readonly:
            return
        if stream is None:
            self.conn.execute("DELETE FROM snapshots")
        else:
            self.conn.execute("DELETE FROM snapshots WHERE stream = ?", (stream,))

    def close(self) -> None:
        self.conn.close()


def open_store(path: str | Path, *, create: bool = False, readonly: bool = False) -> SqliteStore:
    """Open (or with `create`, initialise) the campaign file at `path`; `readonly` writes nothing."""
    return SqliteStore(path, create=create, readonly=readonly)
