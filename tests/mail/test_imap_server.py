"""Issue 12 hole 10: the IMAP source against a real IMAP server (pymap) on 127.0.0.1.

pymap is a complete IMAP4rev1 server written in Python; its ``dict`` backend keeps the mailbox
in memory, which is all a test needs. Mail is put in with APPEND, read back by `campaign mail
ingest imap+plain://...`, and its flags checked with imaplib. A small TCP relay in front of the
server cuts the connection in the middle of a FETCH, the way a flaky provider does.
"""

from __future__ import annotations

import imaplib
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from campaign.mail.ledger import Unchecked
from campaign.mail.sources import SourceError
from campaign.mailflow import MailSettings, ingest
from campaign.service import Campaign

USER, PASSWORD = "referee", "imap-s3cret"
PASSWORDS = {"alice": "alice-pw-1", "bob": "bob-pw-22"}

pytestmark = pytest.mark.skipif(
    shutil.which("pymap", path=str(Path(sys.executable).parent)) is None, reason="pymap is not installed"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def imap_port() -> Iterator[int]:
    port = free_port()
    exe = str(Path(sys.executable).parent / "pymap")
    args = ["--host", "127.0.0.1", "--port", str(port), "--no-tls", "dict"]
    proc = subprocess.Popen(
        [exe, *args, "--demo-user", USER, "--demo-password", PASSWORD],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "pymap did not start"
                time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


def connect(port: int) -> imaplib.IMAP4:
    conn = imaplib.IMAP4("127.0.0.1", port)
    conn.login(USER, PASSWORD)
    conn.select("INBOX")
    return conn


def order_mail(who: str, body: str, msg_id: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"{who}@example.org"
    msg["To"] = "referee@campaign.example"
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<{msg_id}@example.org>"
    msg.set_content(body)
    return bytes(msg)


def append(port: int, raw: bytes, *, seen: bool = False) -> None:
    conn = connect(port)
    typ, _ = conn.append("INBOX", "(\\Seen)" if seen else None, None, raw.replace(b"\n", b"\r\n"))
    assert typ == "OK"
    conn.logout()


def flags(port: int) -> dict[str, bool]:
    """Message-ID -> seen?"""
    conn = connect(port)
    _, data = conn.uid("FETCH", "1:*", "(FLAGS BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)])")
    out: dict[str, bool] = {}
    for item in data:
        if isinstance(item, tuple):
            head, body = item
            mid = body.decode().split(":", 1)[1].strip()
            out[mid] = b"\\Seen" in head
    conn.logout()
    return out


@pytest.fixture
def pbem(camp: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Campaign, MailSettings]:
    monkeypatch.setenv("CAMPAIGN_IMAP_PASSWORD", PASSWORD)
    for who, pw in PASSWORDS.items():
        camp.set_password(who, pw)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    return camp, MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)


def test_hole10_unseen_mail_is_read_acted_on_and_marked_seen(
    pbem: tuple[Campaign, MailSettings], imap_port: int
) -> None:
    camp, settings = pbem
    append(imap_port, order_mail("alice", f"SIGNON alice@1 {PASSWORDS['alice']}\nadvance 2\n", "i-a"))
    append(imap_port, order_mail("bob", f"SIGNON bob@1 {PASSWORDS['bob']}\nadvance 1\n", "old"), seen=True)
    append(imap_port, order_mail("bob", f"SIGNON bob@1 {PASSWORDS['bob']}\nadvance 3\n", "i-b"))
    source = f"imap+plain://{USER}@127.0.0.1:{imap_port}/INBOX"
    results = ingest(camp, source, settings)
    assert [(r.message_id, r.outcome) for r in results] == [
        ("<i-a@example.org>", "accepted"),
        ("<i-b@example.org>", "accepted"),
    ]
    assert flags(imap_port) == {"<i-a@example.org>": True, "<old@example.org>": True, "<i-b@example.org>": True}
    assert camp.load(1).turn == 2  # both orders filed, the phase resolved
    assert ingest(camp, source, settings) == []  # nothing unseen is left


def test_hole10_a_message_is_marked_seen_only_after_its_commit(
    pbem: tuple[Campaign, MailSettings], imap_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import campaign.mailflow as mailflow

    camp, settings = pbem
    append(imap_port, order_mail("alice", f"SIGNON alice@1 {PASSWORDS['alice']}\nadvance 2\n", "c-a"))
    append(imap_port, order_mail("bob", f"SIGNON bob@1 {PASSWORDS['bob']}\nadvance 1\n", "c-b"))
    real = mailflow.handle_message

    def crash_on_bob(c: Campaign, raw: bytes, s: MailSettings) -> Any:
        if b"c-b@" in raw:
            raise RuntimeError("the machine lost power before the commit")
        return real(c, raw, s)

    monkeypatch.setattr(mailflow, "handle_message", crash_on_bob)
    source = f"imap+plain://{USER}@127.0.0.1:{imap_port}/INBOX"
    with pytest.raises(RuntimeError):
        ingest(camp, source, settings)
    assert flags(imap_port) == {"<c-a@example.org>": True, "<c-b@example.org>": False}
    monkeypatch.setattr(mailflow, "handle_message", real)
    assert [r.message_id for r in ingest(camp, source, settings)] == ["<c-b@example.org>"]
    assert all(flags(imap_port).values())


class CuttingRelay:
    """Forwards TCP to the IMAP server; closes both sides when the server starts its `cut_at`-th FETCH body."""

    def __init__(self, target: int, cut_at: int):
        self.target, self.cut_at, self.bodies = target, cut_at, 0
        self.open: list[socket.socket] = []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.open += [client, upstream]
            threading.Thread(target=self._pipe, args=(client, upstream, False), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client, True), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket, from_server: bool) -> None:
        try:
            while data := src.recv(65536):
                if from_server and b"BODY[] {" in data:
                    self.bodies += 1
                    if self.bodies == self.cut_at:
                        dst.sendall(data[: data.index(b"BODY[] {") + 20])  # half a response, then nothing
                        raise OSError("cut")
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def close(self) -> None:
        self.sock.close()
        for s in self.open:
            s.close()


def test_hole10_a_connection_dropped_mid_fetch_loses_nothing_and_repeats_nothing(
    pbem: tuple[Campaign, MailSettings], imap_port: int
) -> None:
    camp, settings = pbem
    append(imap_port, order_mail("alice", f"SIGNON alice@1 {PASSWORDS['alice']}\nadvance 2\n", "d-a"))
    append(imap_port, order_mail("bob", f"SIGNON bob@1 {PASSWORDS['bob']}\nadvance 1\n", "d-b"))
    relay = CuttingRelay(imap_port, cut_at=2)
    try:
        with pytest.raises(SourceError) as err:
            ingest(camp, f"imap+plain://{USER}@127.0.0.1:{relay.port}/INBOX", settings)
    finally:
        relay.close()
    assert "S-IMAP-COMMAND" in str(err.value)
    assert flags(imap_port) == {"<d-a@example.org>": True, "<d-b@example.org>": False}
    filed = [e for e in camp.store.read(stream="game:1") if e.type == "OrdersSubmitted"]
    assert [e.payload["player"] for e in filed] == ["alice"]
    results = ingest(camp, f"imap+plain://{USER}@127.0.0.1:{imap_port}/INBOX", settings)
    assert [(r.message_id, r.outcome) for r in results] == [("<d-b@example.org>", "accepted")]
    assert camp.load(1).turn == 2 and camp.store.verify()[2] is None
