"""The campaign file's SQL: the events table, its keys, indexes and the triggers that keep it a chain.

Kept apart from `campaign.eventlog` (which uses it) so that module stays about the log's logic.
"""

from __future__ import annotations

GENESIS_HASH = "0" * 64
"""The `prev_hash` of the first event."""

INSERT_TRIGGER = """CREATE TRIGGER IF NOT EXISTS events_insert_extends_chain BEFORE INSERT ON events
WHEN NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM events)
  OR NEW.prev_hash IS NOT COALESCE((SELECT hash FROM events ORDER BY seq DESC LIMIT 1), '{genesis}')
  OR NEW.version IS NOT (SELECT COALESCE(MAX(version), 0) + 1 FROM events WHERE stream = NEW.stream)
BEGIN SELECT RAISE(ABORT, 'events must extend the chain: wrong seq, prev_hash or version'); END;""".replace(
    "{genesis}", GENESIS_HASH
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY,
    stream TEXT NOT NULL,
    version INTEGER NOT NULL,
    type TEXT NOT NULL,
    actor TEXT NOT NULL,
    at TEXT NOT NULL,
    payload TEXT NOT NULL,
    schema INTEGER NOT NULL,
    engine TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    UNIQUE (stream, version)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (stream, type, seq);
CREATE TABLE IF NOT EXISTS inbox (
    message_id TEXT PRIMARY KEY,
    content TEXT NOT NULL,
    seq INTEGER NOT NULL,
    outcome TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS events_refuse_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END;
CREATE TRIGGER IF NOT EXISTS events_refuse_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;
{insert_trigger}
""".replace("{genesis}", GENESIS_HASH)

COLUMNS = "seq, stream, version, type, actor, at, payload, schema, engine, prev_hash, hash"
SCHEMA = SCHEMA.replace("{insert_trigger}", INSERT_TRIGGER)


def split_sql(script: str) -> list[str]:
    """Split the schema script into statements (triggers contain ';' inside BEGIN ... END)."""
    out, buf = [], []
    for line in script.strip().splitlines():
        buf.append(line)
        joined = "\n".join(buf).strip()
        if joined.endswith(";") and (
            not joined.upper().startswith("CREATE TRIGGER") or joined.upper().endswith("END;")
        ):
            out.append(joined)
            buf = []
    return out
