"""Long games for the benchmarks, made from a real Hordes & Heroes battle (not the toy ruleset).

A battle is recorded once by the demo (computer players through the mail path, the real engine).
Its game stream is then laid down again and again into one long stream, re-sealed into a valid
chain, and cut after a resolution in the middle of the last copy so the game is live (waiting
for orders). Each copy starts with its own GameCreated, so a fold restarts from the scenario and
every recorded resolution's checkpoint holds. A snapshot is left at the last resolution, as a
server that accepted the last orders would leave it.

Files are cached under the temp dir, keyed by a hash of the code (campaign/, games/, this file),
so a rerun with the same code reuses them.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "game:1"
CUT_AFTER_RESOLUTIONS = 6
"""The last copy stops after this many resolutions of the battle (a live game mid-battle)."""


KEYED = (
    "campaign/eventlog.py",
    "campaign/eventschema.py",
    "campaign/events.py",
    "campaign/replay.py",
    "campaign/dice.py",
    "campaign/canonical.py",
    "campaign/service.py",
    "campaign/__init__.py",
    "pyproject.toml",
)
"""Core files whose change can change the recorded events (with every file of games/)."""


def code_key() -> str:
    """A hash of the code version the generated games depend on: the engines and the event core."""
    h = hashlib.sha256()
    paths = [ROOT / k for k in KEYED] + sorted((ROOT / "games").rglob("*"))
    for path in paths:
        if path.is_file() and path.suffix in {".py", ".toml", ".txt", ".json"} and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(ROOT)).encode())
            h.update(path.read_bytes())
    h.update(Path(__file__).read_bytes())
    return h.hexdigest()[:16]


def cache_dir() -> Path:
    where = Path(tempfile.gettempdir()) / f"campaign-bench-{code_key()}"
    where.mkdir(parents=True, exist_ok=True)
    return where


def recorded_battle(seed: int = 1, ruleset: str = "hordes-heroes") -> Path:
    """The campaign file of a whole demo battle of `ruleset` (cached)."""
    from campaign.demo import run_demo

    where = cache_dir() / (f"demo-{seed}" if ruleset == "hordes-heroes" else f"demo-{ruleset}-{seed}")
    db = where / "campaign.db"
    if not db.exists():
        part = where.with_name(f"{where.name}.part-{os.getpid()}")  # never read half a recording
        run_demo(part, seed, ruleset=ruleset, force=True)
        shutil.rmtree(where, ignore_errors=True)
        part.rename(where)
    return db


def long_game(events: int, seed: int = 1) -> Path:
    """A campaign file whose game 1 has about `events` real events, live, with a snapshot (cached)."""
    out = cache_dir() / f"long-{seed}-{events}.db"
    if not out.exists():
        tmp = out.with_suffix(f".part-{os.getpid()}")
        for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
            leftover.unlink(missing_ok=True)
        _build(recorded_battle(seed), tmp, events)
        tmp.rename(out)
        for leftover in (Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
            leftover.unlink(missing_ok=True)
    return out


def _build(src: Path, dst: Path, events: int) -> None:
    from campaign.eventlog import GENESIS_HASH, NewEvent, open_store, seal
    from campaign.events import EventType
    from campaign.replay import engine_id, snapshot_data, state_at

    store = open_store(src, readonly=True)
    campaign_events = list(store.read(stream="campaign"))
    body = list(store.read(stream=GAME))
    resolutions = [i for i, ev in enumerate(body) if ev.type == EventType.PHASE_RESOLVED]
    last_orig = body[resolutions[CUT_AFTER_RESOLUTIONS - 1]]
    cut = resolutions[CUT_AFTER_RESOLUTIONS - 1] + 1
    while body[cut].type in (EventType.SEED_REVEALED, EventType.SEED_COMMITTED):
        cut += 1  # the seed bookkeeping that goes with the resolution
    gs = state_at(store, GAME, last_orig.seq, use_snapshots=False)
    snap = snapshot_data(gs)
    engine = engine_id(gs.ruleset)
    store.close()
    copies = max(0, (events - cut) // len(body))
    laid = [*(ev for _ in range(copies) for ev in body), *body[:cut]]
    new = [NewEvent(ev.stream, ev.type, ev.payload, ev.actor, ev.schema) for ev in campaign_events]
    new += [NewEvent(GAME, ev.type, ev.payload, ev.actor, ev.schema) for ev in laid]
    sealed = seal(new, 0, GENESIS_HASH, {}, campaign_events[0].at, engine)
    out = open_store(dst, create=True)
    out.import_events(sealed)
    resolved = sealed[len(sealed) - (cut - resolutions[CUT_AFTER_RESOLUTIONS - 1])]
    assert resolved.type == EventType.PHASE_RESOLVED
    out.put_snapshot(GAME, resolved.seq, engine, snap, resolved.hash)
    out.close()
    conn = sqlite3.connect(dst)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
