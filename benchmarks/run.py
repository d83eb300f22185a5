"""Benchmarks: campaign against plain baselines, as ratios measured in the same run.

Run from the project root with the project installed:

    python benchmarks/run.py            # the real sizes (a 100k-event game: built once, cached)
    python benchmarks/run.py --tiny     # small sizes, one round: a smoke test that it still runs

Stdout is exactly one `name = value` line per ratio (median over median); stderr tells the sizes,
the min ratios and the goals. Each pair is timed interleaved (A B A B ...), so a load change on a
shared machine hits both sides. What users run as a process is timed as a whole process (its
CPU time, user + system, from wait4: the figure the machine's other load disturbs least); what a
server does in process is timed in process (wall clock, since a durable commit waits on fsync).

The long games are real Hordes & Heroes play (see benchmarks/longgame.py), not the toy ruleset.
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
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import longgame  # noqa: E402  (beside this file)

GOALS = {
    "replay_vs_raw_fold": "<= 20",
    "pc_replay_vs_raw_fold": "<= 20 (Proconsul demo battle)",
    "ch_replay_vs_raw_fold": "<= 20 (Cry Havoc demo raid)",
    "show_100k_vs_1k": "<= 1.5",
    "status_100k_vs_1k": "<= 1.5",
    "start_vs_import_click": "<= 2.5",
    "help_vs_import_click": "<= 1.3",
    "accept_vs_raw_commit": "<= 2",
    "ingest_vs_raw": "<= 2",
    "import_vs_raw_executemany": ">= 0.5 (throughput: raw time / our time)",
    "site_incremental_vs_full": "<= 0.05",
    "site_rss_10k_vs_1k": "<= 1.2",
}


@dataclass(frozen=True)
class Sizes:
    long: int
    short: int
    site_long: int
    site_short: int
    mails: int
    rounds: int


REAL = Sizes(long=100_000, short=1_000, site_long=10_000, site_short=1_000, mails=200, rounds=7)
TINY = Sizes(long=400, short=150, site_long=400, site_short=150, mails=6, rounds=1)


@dataclass(frozen=True)
class Pair:
    """Timings of A and B, taken alternately."""

    a: list[float]
    b: list[float]

    @property
    def ratio(self) -> float:
        return statistics.median(self.a) / statistics.median(self.b)

    @property
    def min_ratio(self) -> float:
        return min(self.a) / min(self.b)


def interleaved(a: Callable[[], float], b: Callable[[], float], rounds: int) -> Pair:
    """Run a and b alternately (A B A B ...); each returns its own measured cost."""
    ta, tb = [], []
    for _ in range(rounds):
        ta.append(a())
        tb.append(b())
    return Pair(ta, tb)


def wall(fn: Callable[[], object]) -> Callable[[], float]:
    def timed() -> float:
        t = time.perf_counter()
        fn()
        return time.perf_counter() - t

    return timed


def process(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, int]:
    """(CPU seconds, peak RSS in KB) of one whole process."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({proc.returncode}): {err[-2000:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


_PEAK = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL);"
    " print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def peak_rss(argv: list[str]) -> float:
    """Peak RSS (KB) of a process started by a small helper: on Linux a child's peak counts its
    parent's memory at fork, and this process holds a 100k-event export by now."""
    done = subprocess.run([sys.executable, "-c", _PEAK, *argv], check=True, capture_output=True, text=True)
    return float(done.stdout.split()[-1])


def cpu(argv: list[str]) -> Callable[[], float]:
    return lambda: process(argv)[0]


def campaign_exe() -> str:
    return shutil.which("campaign") or str(Path(sys.executable).parent / "campaign")


# --- the measurements -----------------------------------------------------------------------


def bench_replay(sizes: Sizes, ruleset: str = "hordes-heroes") -> Pair:
    """Cold replay of the recorded demo battle of `ruleset` through the engine vs raw read + json + fold of its rows."""
    from campaign.eventlog import open_store
    from campaign.replay import state_at

    db = longgame.recorded_battle(ruleset=ruleset)
    store = open_store(db, readonly=True)

    def raw() -> None:
        conn = sqlite3.connect(db)
        counts: dict[str, int] = {}
        for type_, payload in conn.execute("SELECT type, payload FROM events WHERE stream = 'game:1' ORDER BY seq"):
            counts[type_] = counts.get(type_, 0) + len(json.loads(payload))
        conn.close()

    pair = interleaved(wall(lambda: state_at(store, "game:1", use_snapshots=False)), wall(raw), sizes.rounds)
    store.close()
    return pair


def _copy(src: Path, tmp: Path, name: str) -> Path:
    dst = tmp / name
    shutil.copy(src, dst)
    return dst


def bench_reads(sizes: Sizes, tmp: Path, exe: str) -> dict[str, Pair]:
    """Whole `show` and `status` processes at the head of the long game vs the short one."""
    long_db = _copy(longgame.long_game(sizes.long), tmp, "long.db")
    short_db = _copy(longgame.long_game(sizes.short), tmp, "short.db")
    out = {}
    for cmd in ("show", "status"):
        out[f"{cmd}_100k_vs_1k"] = interleaved(
            cpu([exe, "--db", str(long_db), cmd, "1"]), cpu([exe, "--db", str(short_db), cmd, "1"]), sizes.rounds
        )
    click = cpu([sys.executable, "-c", "import click"])
    out["start_vs_import_click"] = interleaved(cpu([exe, "--db", str(short_db), "status", "1"]), click, sizes.rounds)
    out["help_vs_import_click"] = interleaved(cpu([exe, "--help"]), click, sizes.rounds)
    return out


def _raw_events_db(path: Path) -> sqlite3.Connection:
    """A plain WAL + FULL file with the events table's columns, keys and index (no triggers)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute(
        "CREATE TABLE events (seq INTEGER PRIMARY KEY, stream TEXT NOT NULL, version INTEGER NOT NULL,"
        " type TEXT NOT NULL, actor TEXT NOT NULL, at TEXT NOT NULL, payload TEXT NOT NULL,"
        " schema INTEGER NOT NULL, engine TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL UNIQUE,"
        " UNIQUE (stream, version))"
    )
    conn.execute("CREATE INDEX events_by_type ON events (stream, type, seq)")
    return conn


def bench_accept(sizes: Sizes, tmp: Path) -> Pair:
    """One order accepted durably in process (no resolution) vs one raw WAL+FULL commit of an event row."""
    from campaign.eventlog import open_store
    from campaign.service import Campaign

    store = open_store(_copy(longgame.long_game(sizes.short), tmp, "accept.db"))
    camp = Campaign(store)
    gs = camp.load(1)
    side = sorted(r.side for r in camp.awaiting(gs) if not r.optional)[0]
    player = gs.sides[side]
    text = gs.ruleset.bot_orders(gs.state, side, 1)

    def accept() -> None:
        camp.submit_orders(1, player, text, side=side, resolve=False)

    conn = _raw_events_db(tmp / "raw-accept.db")
    row = next(store.read(stream="game:1", after=store.head()[0] - 1))
    n = [0]

    def commit() -> None:
        n[0] += 1
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(
            "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (n[0], "game:1", n[0], row.type, row.actor, row.at, json.dumps(dict(row.payload)), 1, row.engine,
             row.prev_hash, f"{n[0]:064x}"),
        )
        conn.execute("COMMIT")

    accept()
    commit()  # both warm, as a running server is
    pair = interleaved(wall(accept), wall(commit), sizes.rounds * 5)
    conn.close()
    store.close()
    return pair


def bench_import(sizes: Sizes, tmp: Path) -> Pair:
    """`import` of the long game's export (chain checked) vs raw executemany of the same rows."""
    from campaign.eventlog import open_store
    from campaign.transfer import export_lines, import_lines

    store = open_store(longgame.long_game(sizes.long), readonly=True)
    lines = list(export_lines(store))
    store.close()
    rows = [json.loads(line) for line in lines[1:]]
    n = [0]

    def ours() -> None:
        n[0] += 1
        import_lines(tmp / f"import-{n[0]}.db", lines)

    def raw() -> None:
        n[0] += 1
        conn = _raw_events_db(tmp / f"raw-{n[0]}.db")
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [
                (r.get("seq"), r.get("stream"), r.get("version"), r.get("type"), r.get("actor"), r.get("at"),
                 json.dumps(r.get("payload")), r.get("schema"), r.get("engine"), r.get("prev_hash"), r.get("hash"))
                for r in rows
                if "seq" in r
            ],
        )
        conn.execute("COMMIT")
        conn.close()

    pair = interleaved(wall(ours), wall(raw), max(2, sizes.rounds // 3))
    return Pair(pair.b, pair.a)  # throughput: raw time over ours


def _mails(sizes: Sizes, tmp: Path) -> tuple[Path, Path, dict[str, str]]:
    """A campaign with a live game and a Maildir of order mails from its two players (WAIT on each)."""
    import mailbox
    from email.message import EmailMessage

    from campaign.deadlines import DeadlineAction
    from campaign.eventlog import open_store
    from campaign.referee import change_deadline
    from campaign.service import Campaign

    db = _copy(longgame.long_game(sizes.short), tmp, "ingest.db")
    store = open_store(db)
    camp = Campaign(store)
    change_deadline(camp, 1, DeadlineAction.SET, 24 * 365, "so WAIT holds the phase open")
    gs = camp.load(1)
    passwords = {p: camp.set_password(p, f"pw-{p}-bench") for p in sorted(set(gs.sides.values()))}
    emails = {name: p.email for name, p in camp.players().items()}
    box = mailbox.Maildir(tmp / "inbox", create=True)
    for i in range(sizes.mails):
        side = sorted(gs.sides)[i % 2]
        player = gs.sides[side]
        msg = EmailMessage()
        msg["From"] = emails[player]
        msg["To"] = "referee@example.org"
        msg["Subject"] = "game 1 orders"
        msg["Message-ID"] = f"<bench-{i}@example.org>"
        body = gs.ruleset.bot_orders(gs.state, side, i)
        msg.set_content(f"SIGNON {player}@1 {passwords[player]}\nWAIT\n{body}\n")
        box.add(msg)
    store.close()
    return db, tmp / "inbox", passwords


_RAW_INGEST = r"""
import email, hashlib, mailbox, sqlite3, sys
db, inbox, players = sys.argv[1], sys.argv[2], sys.argv[3:]
conn = sqlite3.connect(db, isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL"); conn.execute("PRAGMA synchronous = FULL")
conn.execute("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, body TEXT)")
for p in players:
    hashlib.scrypt(p.encode(), salt=b"0" * 16, n=16384, r=8, p=1)
for key, msg in mailbox.Maildir(inbox, create=False).items():
    text = msg.get_payload(decode=True).decode()
    conn.execute("BEGIN IMMEDIATE"); conn.execute("INSERT INTO events (body) VALUES (?)", (text,))
    conn.execute("COMMIT")
"""


def bench_ingest(sizes: Sizes, tmp: Path, exe: str) -> Pair:
    """Whole `mail ingest` of the order mails vs a stdlib script: parse, one commit each, one scrypt per player."""
    runs = [0]

    def fresh() -> tuple[Path, Path, dict[str, str]]:
        runs[0] += 1
        where = tmp / f"ingest-{runs[0]}"
        where.mkdir()
        return _mails(sizes, where)

    def ours() -> float:
        db, inbox, _ = fresh()
        outbox = db.parent / "outbox"
        return process([exe, "--db", str(db), "--outbox", str(outbox), "mail", "ingest", str(inbox),
                        "--unchecked", "accept"])[0]

    def raw() -> float:
        db, inbox, passwords = fresh()
        return process([sys.executable, "-c", _RAW_INGEST, str(db.parent / "raw.db"), str(inbox), *passwords])[0]

    return interleaved(ours, raw, max(1, sizes.rounds // 3))


def bench_site(sizes: Sizes, tmp: Path, exe: str) -> dict[str, Pair]:
    """`site` after one new event vs a full build; peak RSS of a full build at the long vs short game."""
    from campaign.eventlog import open_store
    from campaign.service import Campaign

    db = _copy(longgame.long_game(sizes.site_short), tmp, "site.db")
    out = tmp / "site"
    full = process([exe, "--db", str(db), "site", str(out)])[0]

    def incremental() -> float:
        store = open_store(db)
        Campaign(store).press(1, sorted(Campaign(store).load(1).sides.values())[0], "all", "one more")
        store.close()
        return process([exe, "--db", str(db), "site", str(out)])[0]

    def rebuild() -> float:
        shutil.rmtree(out)
        return process([exe, "--db", str(db), "site", str(out)])[0]

    pair = interleaved(incremental, rebuild, max(1, sizes.rounds // 3))
    pair = Pair(pair.a, [*pair.b, full])
    big = _copy(longgame.long_game(sizes.site_long), tmp, "site-long.db")
    small = _copy(longgame.long_game(sizes.site_short), tmp, "site-short.db")

    def rss(path: Path, name: str) -> Callable[[], float]:
        return lambda: peak_rss([exe, "--db", str(path), "site", str(tmp / name)])

    return {"site_incremental_vs_full": pair, "site_rss_10k_vs_1k": interleaved(rss(big, "big"), rss(small, "small"), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tiny", action="store_true", help="small sizes and one round (a smoke test)")
    parser.add_argument("--only", action="append", default=[], help="run only these ratios (repeatable)")
    args = parser.parse_args()
    sizes = TINY if args.tiny else REAL
    exe = campaign_exe()
    print(f"# sizes {sizes}; load average {os.getloadavg()}", file=sys.stderr)
    results: dict[str, Pair] = {}
    wanted = set(args.only) or set(GOALS)
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        if "replay_vs_raw_fold" in wanted:
            results["replay_vs_raw_fold"] = bench_replay(sizes)
        if "pc_replay_vs_raw_fold" in wanted:
            results["pc_replay_vs_raw_fold"] = bench_replay(sizes, "proconsul")
        if "ch_replay_vs_raw_fold" in wanted:
            results["ch_replay_vs_raw_fold"] = bench_replay(sizes, "cry-havoc")
        if wanted & {"show_100k_vs_1k", "status_100k_vs_1k", "start_vs_import_click", "help_vs_import_click"}:
            results.update(bench_reads(sizes, tmp, exe))
        if "accept_vs_raw_commit" in wanted:
            results["accept_vs_raw_commit"] = bench_accept(sizes, tmp)
        if "ingest_vs_raw" in wanted:
            results["ingest_vs_raw"] = bench_ingest(sizes, tmp, exe)
        if "import_vs_raw_executemany" in wanted:
            results["import_vs_raw_executemany"] = bench_import(sizes, tmp)
        if wanted & {"site_incremental_vs_full", "site_rss_10k_vs_1k"}:
            results.update(bench_site(sizes, tmp, exe))
    for name in GOALS:
        if name in results and name in wanted:
            print(f"{name} = {results[name].ratio:.2f}")
    for name, goal in GOALS.items():
        if name in results and name in wanted:
            r = results[name]
            print(
                f"# {name}: min ratio {r.min_ratio:.2f}; goal {goal}; A min {min(r.a):.4g} median"
                f" {statistics.median(r.a):.4g}, B min {min(r.b):.4g} median {statistics.median(r.b):.4g}",
                file=sys.stderr,
            )
    print(f"# load average at the end {os.getloadavg()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
