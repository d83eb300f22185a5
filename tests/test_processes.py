"""Real processes: two writers racing on one stream, and a writer killed mid-append."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from campaign.eventlog import open_store
from tests.conftest import ROOT

RACER = textwrap.dedent(
    """
    import json, sys, time, pathlib
    from campaign.eventlog import open_store, NewEvent, ConflictError
    db, name, barrier = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    store = open_store(db)
    conflicts = 0
    while True:
        seen = store.version("game:1")           # decide on what we read ...
        (barrier / f"{name}.ready").touch()
        while not (barrier / "go").exists():      # ... then everyone appends at once
            time.sleep(0.001)
        try:
            store.append([NewEvent("game:1", "Order", {"by": name, "based_on": seen})], expected={"game:1": seen})
            break
        except ConflictError:
            conflicts += 1                        # re-read and retry, as the service does
    print(json.dumps({"name": name, "conflicts": conflicts}))
    """
)


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_two_processes_appending_to_one_stream_never_fork_it(tmp_path: Path) -> None:
    import json

    db = tmp_path / "c.db"
    store = open_store(db, create=True)
    from campaign.eventlog import NewEvent

    store.append([NewEvent("game:1", "Created")])
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(db), name, str(barrier)], stdout=subprocess.PIPE, env=_env(), text=True
        )
        for name in ("alice", "bob")
    ]
    deadline = time.monotonic() + 30
    while not all((barrier / f"{n}.ready").exists() for n in ("alice", "bob")):
        assert time.monotonic() < deadline, "racers never got ready"
        time.sleep(0.005)
    (barrier / "go").touch()
    results = [json.loads(p.communicate(timeout=60)[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert sorted(r["conflicts"] for r in results) == [0, 1], results  # exactly one lost the race and retried
    events = list(store.read(stream="game:1"))
    assert [e.version for e in events] == [1, 2, 3]
    assert {e.payload["by"] for e in events[1:]} == {"alice", "bob"}
    assert [e.payload["based_on"] for e in events[1:]] == [1, 2]  # the loser re-read before appending
    assert store.verify()[2] is None
    store.close()


WRITER = textwrap.dedent(
    """
    import sys
    from campaign.eventlog import open_store, NewEvent
    store = open_store(sys.argv[1])
    batch, size = int(sys.argv[2]), int(sys.argv[3])
    while True:
        n = store.version("bulk") // size
        print(f"begin {n}", flush=True)
        store.append([NewEvent("bulk", "Row", {"batch": n, "i": i, "pad": "x" * 200}) for i in range(size)],
                     expected={"bulk": n * size})
        if n + 1 >= batch:
            break
    print("done", flush=True)
    """
)


def test_a_writer_killed_mid_append_leaves_a_valid_log_and_can_resubmit(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    open_store(db, create=True).close()
    size = 4000
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db), "50", str(size)], stdout=subprocess.PIPE, env=_env(), text=True
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("begin 2"):
            time.sleep(0.05)  # inside the third transaction
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL

    store = open_store(db)
    count, head, problem = store.verify()
    assert problem is None
    assert count % size == 0, "a batch was half written"
    assert count in (2 * size, 3 * size)
    # the same input can be submitted again and lands cleanly
    again = subprocess.run(
        [sys.executable, "-c", WRITER, str(db), str(count // size + 1), str(size)],
        env=_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert again.returncode == 0, again.stderr
    assert store.verify()[0] == count + size and store.verify()[2] is None
    store.close()
