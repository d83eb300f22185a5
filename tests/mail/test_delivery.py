"""Issue 12 holes 4, 7 and 9: delivery with a stable identity, real kills, a real SMTP server that hangs up.

The sender runs in a separate process that the test kills with SIGKILL at a known point of the
SMTP transaction (the server signals when the data has arrived), exactly as a crash would.
"""

from __future__ import annotations

import asyncio
import email
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from email import policy
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from click.testing import CliRunner

from campaign.cli import main
from campaign.mail.outbox import (
    MAX_UNCERTAIN,
    OutgoingMail,
    build_message,
    clean_tmp,
    queue_message,
    queued,
    send_outbox,
)
from campaign.mail.queue import outbox_listing
from tests.conftest import ROOT


class Server:
    """Records every message; can stall in DATA, hang up after taking the data, or refuse a recipient."""

    def __init__(self) -> None:
        self.received: list[bytes] = []
        self.arrived = threading.Event()
        self.delay = 0.0
        self.hang_up = False
        self.refuse: set[str] = set()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address in self.refuse:
            return f"550 5.1.1 <{address}>: recipient address rejected: no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.received.append(envelope.original_content)
        self.arrived.set()
        if self.delay:
            await asyncio.sleep(self.delay)
        if self.hang_up:
            server.transport.close()  # took the message, answers nothing
        return "250 OK queued"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server() -> Iterator[tuple[int, Server]]:
    handler = Server()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller.port, handler
    controller.stop()


def mail(n: int, to: str = "bob@example.net") -> Any:
    return build_message(
        OutgoingMail(
            sender="Referee <referee@campaign.example>",
            to=(to,),
            subject=f"digest {n}",
            text=f"digest number {n}\n",
            date=datetime(2026, 3, 2, 10, 0, tzinfo=UTC),
            token=f"test/{n}",
        )
    )


def message_ids(raws: list[bytes]) -> list[str]:
    return [str(email.message_from_bytes(r, policy=policy.default)["Message-ID"]) for r in raws]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_hole4_a_sender_killed_mid_transaction_says_the_mail_may_arrive_twice_under_one_message_id(
    tmp_path: Path, server: tuple[int, Server]
) -> None:
    port, srv = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, mail(1))
    queue_message(outbox, mail(2))
    srv.delay = 30.0
    code = f"from campaign.mail.outbox import send_outbox; send_outbox({str(outbox)!r}, '127.0.0.1', {port})"
    proc = subprocess.Popen([sys.executable, "-c", code], env=env())
    try:
        assert srv.arrived.wait(30), "the sender never reached DATA"
        assert len(list((outbox / "sending").iterdir())) == 1  # recorded as in flight before the transaction
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    srv.delay = 0.0
    first_id = message_ids(srv.received)[0]
    report = send_outbox(outbox, "127.0.0.1", port)
    assert report.ok and report.maybe_twice == (first_id,) and "may have been delivered twice" in str(report)
    assert len(report.sent) == 2 and queued(outbox) == [] and not list((outbox / "sending").iterdir())
    ids = message_ids(srv.received)
    assert ids.count(first_id) == 2 and len(set(ids)) == 2  # the duplicate carries the same Message-ID
    again = send_outbox(outbox, "127.0.0.1", port)
    assert again.sent == () and again.maybe_twice == ()


def test_hole4_a_server_that_takes_the_message_and_hangs_up_gets_it_a_bounded_number_of_times(
    tmp_path: Path, server: tuple[int, Server]
) -> None:
    port, srv = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, mail(1))
    srv.hang_up = True
    reports = [send_outbox(outbox, "127.0.0.1", port, timeout=10) for _ in range(MAX_UNCERTAIN + 2)]
    assert len(srv.received) == MAX_UNCERTAIN
    assert len(set(message_ids(srv.received))) == 1
    assert "may have arrived" in reports[0].failed[0].error
    dead = [f for r in reports for f in r.dead]
    assert len(dead) == 1 and "uncertain 3 times" in dead[0].error
    assert [e.state for e in outbox_listing(outbox)] == ["failed"]
    assert reports[-1].sent == () and reports[-1].failed == ()


def test_hole7_permanent_failures_are_listed_and_the_referee_told_once(
    camp: Any, db_path: Path, tmp_path: Path, server: tuple[int, Server]
) -> None:
    port, srv = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, mail(1, "gone@example.net"))
    queue_message(outbox, mail(2))
    srv.refuse.add("gone@example.net")
    camp.store.close()
    runner = CliRunner()
    base = ["--db", str(db_path), "--outbox", str(outbox), "--referee-email", "ref@campaign.example"]
    res = runner.invoke(main, [*base, "mail", "send", "--smtp", f"127.0.0.1:{port}"])
    assert res.exit_code == 1 and "FAILED" in res.output and "550 5.1.1" in res.output, res.output
    listing = runner.invoke(main, [*base, "mail", "queue"])
    assert "failed" in listing.stdout and "gone@example.net" in listing.stdout and "550 5.1.1" in listing.stdout
    assert "queued" in listing.stdout  # the notice to the referee waits to be sent
    res = runner.invoke(main, [*base, "mail", "send", "--smtp", f"127.0.0.1:{port}"])
    assert res.exit_code == 0, res.output
    notice = [r for r in srv.received if b"could not be delivered" in r]
    assert len(notice) == 1 and b"gone@example.net" in notice[0] and b"550 5.1.1" in notice[0]
    assert sum(b"digest number 1" in r for r in srv.received) == 0  # never retried
    from campaign.eventlog import open_store

    store = open_store(db_path)
    (logged,) = [e.payload for e in store.read(stream="mail") if e.type == "MailUndeliverable"]
    assert logged["to"] == ["gone@example.net"] and "550" in logged["error"]
    store.close()


_KILL_WHILE_QUEUEING = """
import os, sys, time
from pathlib import Path
from datetime import UTC, datetime
from campaign.mail.outbox import OutgoingMail, build_message, queue_message
os.link = lambda *a, **k: time.sleep(60)  # stop between writing tmp/ and linking into new/
msg = build_message(OutgoingMail(sender="r@campaign.example", to=("bob@example.net",), subject="s", text="t",
                                 date=datetime(2026, 3, 2, tzinfo=UTC), token="killed"))
queue_message(Path(sys.argv[1]), msg)
"""


def test_hole9_a_kill_while_queueing_leaves_tmp_which_the_next_run_cleans(
    tmp_path: Path, server: tuple[int, Server]
) -> None:
    port, _ = server
    outbox = tmp_path / "outbox"
    proc = subprocess.Popen([sys.executable, "-c", _KILL_WHILE_QUEUEING, str(outbox)], env=env())
    try:
        deadline = time.monotonic() + 30
        while not ((outbox / "tmp").is_dir() and list((outbox / "tmp").iterdir())):
            assert time.monotonic() < deadline and proc.poll() is None, "the queueing process never wrote to tmp/"
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    (left,) = list((outbox / "tmp").iterdir())
    report = send_outbox(outbox, "127.0.0.1", port)
    assert report.cleaned == (left.name,) and list((outbox / "tmp").iterdir()) == []
    queue_message(outbox, mail(3))  # queueing cleans too, and works as before
    assert len(queued(outbox)) == 1


def test_hole9_an_old_tmp_file_is_removed_even_if_its_process_id_is_alive(tmp_path: Path) -> None:
    outbox = tmp_path / "outbox"
    (outbox / "tmp").mkdir(parents=True)
    stale = outbox / "tmp" / f"abc.campaign.{os.getpid()}.beef"
    stale.write_bytes(b"x")
    fresh = outbox / "tmp" / "def.campaign.1.beef"  # pid 1 is alive: a writer at work
    fresh.write_bytes(b"y")
    assert clean_tmp(outbox) == []  # our own pid and a live pid: both left alone while fresh
    assert clean_tmp(outbox, now=time.time() + 7200) == sorted([stale.name, fresh.name])
