"""Benchmarks: campaign against raw SQLite on the same machine, in the same run, as ratios.

Run from the project root with the project installed:  python benchmarks/run.py [--quick]

Each line is `name = ratio`. For time ratios (`*_vs_*` except bulk import) lower is better and
1.0 means "as fast as the raw baseline"; bulk import is a throughput ratio, higher is better.
Nothing here is asserted: the figures are recorded in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from campaign.eventlog import open_store
from campaign.replay import state_at
from campaign.service import Campaign
from campaign.transfer import export_lines, import_lines

TARGETS = {
    "replay_vs_raw_fold": "<= 3 (cold replay through the engine, no snapshots)",
    "load_vs_raw_fold": "<= 3 (what the server does: newest snapshot + tail)",
    "durable_accept_vs_raw_commit": "<= 2",
    "bulk_import_vs_raw_executemany": ">= 0.5 (throughput)",
    "show_long_vs_short": "<= 2",
    "help_vs_bare_python": "<= 3",
}


def best(fn: Callable[[], object], repeat: int) -> float:
    """Median of `repeat` timings (seconds) of `fn`."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def record_demo(where: Path, seed: int) -> Path:
    from campaign.demo import run_demo

    run_demo(where, seed)
    return where / "campaign.db"


def raw_fold(db: Path, stream: str) -> dict[str, int]:
    """Read the game's rows with plain sqlite3 and fold them: parse every payload, count by type."""
    conn = sqlite3.connect(db)
    counts: dict[str, int] = {}
    for type_, payload in conn.execute("SELECT type, payload FROM events WHERE stream = ? ORDER BY seq", (stream,)):
        data = json.loads(payload)
        counts[type_] = counts.get(type_, 0) + len(data)
    conn.close()
    return counts


def bench_replay(db: Path, repeat: int) -> dict[str, float]:
    store = open_store(db)
    stream = "game:1"
    raw = best(lambda: raw_fold(db, stream), repeat)
    cold = best(lambda: state_at(store, stream, use_snapshots=False), max(1, repeat // 2))
    state_at(store, stream, write_snapshots=True)  # as the server leaves it
    warm = best(lambda: state_at(store, stream), repeat)
    store.close()
    return {"replay_vs_raw_fold": cold / raw, "load_vs_raw_fold": warm / raw}


def bench_accept(tmp: Path, db: Path, repeat: int) -> dict[str, float]:
    from campaign.demo import PLAYERS

    work = tmp / "accept.db"
    shutil.copy(db, work)
    store = open_store(work)
    camp = Campaign(store)
    # a live game to send orders to: a fresh battle, waiting for its initiative choices
    gs = camp.new_game("hordes-heroes", "pitched-150", {"order": PLAYERS[0][0], "horde": PLAYERS[1][0]})
    player = gs.sides["order"]
    camp.load(gs.number)  # snapshot warm, as a running server would be

    def accept() -> None:
        camp.submit_orders(gs.number, player, "standing evade yes\n", resolve=False)

    for _ in range(3):  # a running server has its state in memory already
        accept()
    ours = best(accept, repeat * 2)
    store.close()
    raw_db = tmp / "raw-commit.db"
    conn = sqlite3.connect(raw_db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")

    def commit() -> None:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO t (payload) VALUES (?)", ('{"side":"order","text":"standing evade yes"}',))
        conn.execute("COMMIT")

    for _ in range(3):
        commit()
    raw = best(commit, repeat * 2)
    conn.close()
    return {"durable_accept_vs_raw_commit": ours / raw}


def bench_import(tmp: Path, db: Path, repeat: int) -> dict[str, float]:
    store = open_store(db)
    lines = list(export_lines(store))
    rows = [json.loads(line) for line in lines[1:]]
    store.close()
    n = 0

    def ours() -> None:
        nonlocal n
        n += 1
        target = tmp / f"import-{n}.db"
        import_lines(target, lines)

    def raw() -> None:
        nonlocal n
        n += 1
        conn = sqlite3.connect(tmp / f"raw-{n}.db", isolation_level=None)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute(
            "CREATE TABLE events (seq INTEGER PRIMARY KEY, stream TEXT, version INTEGER, type TEXT, actor TEXT,"
            " at TEXT, payload TEXT, schema INTEGER, engine TEXT, prev_hash TEXT, hash TEXT)"
        )
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [
                (r["seq"], r["stream"], r["version"], r["type"], r["actor"], r["at"], json.dumps(r["payload"]),
                 r["schema"], r["engine"], r["prev_hash"], r["hash"])
                for r in rows
            ],
        )
        conn.execute("COMMIT")
        conn.close()

    t_ours = best(ours, repeat)
    t_raw = best(raw, repeat)
    return {"bulk_import_vs_raw_executemany": t_raw / t_ours}


def bench_show(tmp: Path, long_db: Path, repeat: int) -> dict[str, float]:
    """`show` at the head of the finished demo battle vs a battle of the same scenario just deployed."""
    from campaign.demo import PLAYERS

    work = tmp / "show.db"
    shutil.copy(long_db, work)
    store = open_store(work)
    camp = Campaign(store)
    gs = camp.new_game("hordes-heroes", "pitched-150", {"order": PLAYERS[0][0], "horde": PLAYERS[1][0]})
    short = gs.number
    for _ in range(6):  # initiative and deployment, by the computer players
        gs = camp.load(short)
        waiting = [r for r in camp.awaiting(gs) if not r.optional]
        if not waiting or gs.turn > 1 and "deploy" not in gs.ruleset.phase(gs.state):
            break
        req = waiting[0]
        camp.submit_orders(short, gs.sides[req.side], gs.ruleset.bot_orders(gs.state, req.side, 1), side=req.side)
    long_events, short_events = store.version("game:1"), store.version(f"game:{short}")

    def show(number: int) -> Callable[[], object]:
        camp.load(number)  # the server keeps snapshots warm

        def go() -> object:
            g = camp.load(number)
            return g.ruleset.render_text(g.state, None)

        return go

    t_long = best(show(1), repeat)
    t_short = best(show(short), repeat)
    store.close()
    print(f"# show: long game {long_events} events, short game {short_events} events", file=sys.stderr)
    return {"show_long_vs_short": t_long / t_short}


def bench_help(repeat: int) -> dict[str, float]:
    exe = shutil.which("campaign") or str(Path(sys.executable).parent / "campaign")
    env = {k: v for k, v in os.environ.items() if k != "CAMPAIGN_RULESETS"}

    def help_() -> None:
        subprocess.run([exe, "--help"], check=True, capture_output=True, env=env)

    def bare() -> None:
        subprocess.run([sys.executable, "-c", "pass"], check=True, capture_output=True, env=env)

    return {"help_vs_bare_python": best(help_, repeat) / best(bare, repeat)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (noisier figures)")
    parser.add_argument("--seed", type=int, default=1, help="demo seed of the recorded game")
    args = parser.parse_args()
    repeat = 5 if args.quick else 15
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        print(f"recording a demo game (seed {args.seed}) ...", file=sys.stderr)
        db = record_demo(tmp / "demo", args.seed)
        results: dict[str, float] = {}
        results.update(bench_replay(db, repeat))
        results.update(bench_accept(tmp, db, repeat))
        results.update(bench_import(tmp, db, max(3, repeat // 3)))
        results.update(bench_show(tmp, db, repeat))
        results.update(bench_help(max(5, repeat // 2)))
    for name, value in results.items():
        print(f"{name} = {value:.2f}")
    print("", file=sys.stderr)
    for name, target in TARGETS.items():
        print(f"# {name}: target {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
