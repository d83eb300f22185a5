"""Outgoing mail: deterministic messages with an inline PNG and an SVG, a Maildir outbox, real SMTP sends."""

from __future__ import annotations

import socket
import struct
import zlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from campaign.mail.outbox import (
    FileAttachment,
    InlineImage,
    OutgoingMail,
    build_message,
    make_message_id,
    message_bytes,
    queue_message,
    queued,
    send_outbox,
    sent_dir_for,
)
from campaign.mail.queue import outbox_listing

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def tiny_png() -> bytes:
    """A real 1x1 PNG, built by hand."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (
        PNG_SIGNATURE
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"\x00\xcc\x22\x11"))
        + chunk(b"IEND", b"")
    )


SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n'
DATE = datetime(2024, 6, 10, 18, 0, tzinfo=UTC)


def digest(player: str = "bob", token: str | None = None, **changes: Any) -> OutgoingMail:
    fields: dict[str, Any] = dict(
        sender="Campaign referee <referee@campaign.example>",
        to=(f"{player.title()} <{player}@example.net>",),
        subject=f"[campaign] Game 7, turn 3 — orders accepted for {player}",
        text="Orders accepted for blue in game 7.\n\nOrders on file:\n    move 3 0504 0505\n\n-- \ncampaign\n",
        html='<p>Orders accepted for <b>blue</b> in game 7.</p><p><img src="cid:board" alt="the board"></p>',
        date=DATE,
        token=token if token is not None else f"game:7/receipt/turn-3/{player}",
        inline_images=(InlineImage("board", tiny_png()),),
        attachments=(FileAttachment("board-turn-3.svg", SVG, "image/svg+xml"),),
        in_reply_to="<CAE9reply@mail.example.org>",
        references=("<digest.7.3.bob@campaign.example>",),
        headers=(("X-Campaign-Game", "7"),),
    )
    fields.update(changes)
    return OutgoingMail(**fields)


def parse(raw: bytes) -> EmailMessage:
    msg = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(msg, EmailMessage)
    return msg


def structure(msg: EmailMessage, depth: int = 0) -> list[str]:
    out = ["  " * depth + msg.get_content_type()]
    if msg.is_multipart():
        for part in msg.iter_parts():
            assert isinstance(part, EmailMessage)
            out += structure(part, depth + 1)
    return out


# --- building -------------------------------------------------------------------------------------


def test_digest_has_text_html_inline_png_and_attached_svg() -> None:
    msg = build_message(digest())
    assert structure(msg) == [
        "multipart/mixed",
        "  multipart/alternative",
        "    text/plain",
        "    multipart/related",
        "      text/html",
        "      image/png",
        "  image/svg+xml",
    ]
    png = next(p for p in msg.walk() if p.get_content_type() == "image/png")
    assert png["Content-ID"] == "<board>" and png.get_content_disposition() == "inline"
    svg = next(p for p in msg.walk() if p.get_content_type() == "image/svg+xml")
    assert svg.get_content_disposition() == "attachment" and svg.get_filename() == "board-turn-3.svg"


def test_png_and_svg_survive_a_round_trip_through_bytes() -> None:
    msg = parse(message_bytes(build_message(digest())))
    png = next(p for p in msg.walk() if p.get_content_type() == "image/png")
    data = png.get_content()
    assert data.startswith(PNG_SIGNATURE) and data == tiny_png()
    svg = next(p for p in msg.walk() if p.get_content_type() == "image/svg+xml")
    assert svg.get_content() == SVG
    text = msg.get_body(preferencelist=("plain",))
    assert text is not None and "move 3 0504 0505" in text.get_content()


def test_headers_come_from_the_inputs_not_the_clock() -> None:
    msg = build_message(digest(date=datetime(2024, 6, 10, 20, 0, tzinfo=timezone(timedelta(hours=2)))))
    assert msg["Date"] == "Mon, 10 Jun 2024 20:00:00 +0200"
    assert msg["Message-ID"] == make_message_id("game:7/receipt/turn-3/bob", "campaign.example")
    assert msg["In-Reply-To"] == "<CAE9reply@mail.example.org>"
    assert msg["References"] == "<digest.7.3.bob@campaign.example> <CAE9reply@mail.example.org>"
    assert msg["Auto-Submitted"] == "auto-generated" and msg["X-Campaign-Game"] == "7"
    assert msg["Subject"] == "[campaign] Game 7, turn 3 — orders accepted for bob"


def test_same_inputs_give_the_same_bytes() -> None:
    assert message_bytes(build_message(digest())) == message_bytes(build_message(digest()))
    other = build_message(digest(token="game:7/receipt/turn-4/bob"))
    assert other["Message-ID"] != build_message(digest())["Message-ID"]


def test_wire_form_uses_crlf_and_short_lines() -> None:
    raw = message_bytes(build_message(digest(text="x" * 500 + "\n")))
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    assert max(len(line) for line in raw.split(b"\r\n")) <= 78


def test_plain_text_only_mail_is_a_single_part() -> None:
    msg = build_message(digest(html=None, inline_images=(), attachments=()))
    assert structure(msg) == ["text/plain"]


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"date": datetime(2024, 6, 10, 18, 0)}, "timezone-aware"),
        ({"to": ()}, "at least one recipient"),
        ({"token": ""}, "token must not be empty"),
        ({"html": None}, "inline images need an html part"),
        ({"html": "<p>no picture</p>"}, "'cid:board'"),
    ],
)
def test_unusable_inputs_are_refused_with_the_reason(changes: dict[str, Any], says: str) -> None:
    with pytest.raises(ValueError) as caught:
        build_message(digest(**changes))
    assert says in str(caught.value)


# --- the outbox -----------------------------------------------------------------------------------


def test_queueing_is_atomic_and_once_per_message_id(tmp_path: Path) -> None:
    outbox = tmp_path / "outbox"
    path, fresh = queue_message(outbox, build_message(digest()))
    assert fresh and path.parent == outbox / "new" and list((outbox / "tmp").iterdir()) == []
    assert parse(path.read_bytes())["Message-ID"] == build_message(digest())["Message-ID"]
    again, fresh_again = queue_message(outbox, build_message(digest()))
    assert again == path and not fresh_again and len(queued(outbox)) == 1


# --- sending over SMTP ----------------------------------------------------------------------------


class Recorder:
    """An aiosmtpd handler that keeps what it receives and refuses chosen recipients."""

    def __init__(self) -> None:
        self.received: list[tuple[str, list[str], bytes]] = []
        self.refuse: set[str] = set()
        self.defer: set[str] = set()
        self.rcpt_calls: list[str] = []

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        self.rcpt_calls.append(address)
        if address in self.refuse:
            return "550 5.1.1 no such user here"
        if address in self.defer:
            return "450 4.2.1 mailbox busy, try later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.received.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content))
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def smtp_server() -> Iterator[tuple[Controller, Recorder]]:
    recorder = Recorder()
    controller = Controller(recorder, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller, recorder
    controller.stop()


@pytest.fixture
def server(smtp_server: tuple[Controller, Recorder]) -> tuple[int, Recorder]:
    controller, recorder = smtp_server
    recorder.received.clear()
    recorder.refuse.clear()
    recorder.defer.clear()
    recorder.rcpt_calls.clear()
    return controller.port, recorder


def test_queued_mail_arrives_intact_and_moves_to_sent(tmp_path: Path, server: tuple[int, Recorder]) -> None:
    port, recorder = server
    outbox = tmp_path / "outbox"
    built = build_message(digest())
    path, _ = queue_message(outbox, built)
    on_disk = path.read_bytes()
    report = send_outbox(outbox, "127.0.0.1", port)
    assert report.ok and [s.recipients for s in report.sent] == [("bob@example.net",)]
    ((mail_from, rcpts, data),) = recorder.received
    assert (mail_from, rcpts) == ("referee@campaign.example", ["bob@example.net"])
    assert data.replace(b"\r\n", b"\n") == on_disk.replace(b"\r\n", b"\n")
    got = parse(data)
    png = next(p for p in got.walk() if p.get_content_type() == "image/png")
    assert png.get_content().startswith(PNG_SIGNATURE)
    assert queued(outbox) == [] and [p.name for p in (sent_dir_for(outbox) / "cur").iterdir()] == [f"{path.name}:2,S"]
    # queueing the same mail again after it was sent does not send it twice
    assert queue_message(outbox, build_message(digest()))[1] is False


def test_a_deferred_recipient_stays_queued_and_the_next_run_sends_it(
    tmp_path: Path, server: tuple[int, Recorder]
) -> None:
    port, recorder = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, build_message(digest("alice")))
    queue_message(outbox, build_message(digest("bob")))
    recorder.defer.add("bob@example.net")
    first = send_outbox(outbox, "127.0.0.1", port)
    assert [s.recipients for s in first.sent] == [("alice@example.net",)]
    (failure,) = first.failed
    assert not failure.permanent and "450" in failure.error and "bob@example.net" in failure.error
    assert failure.message_id == build_message(digest("bob"))["Message-ID"]
    assert len(queued(outbox)) == 1 and "still queued 1" in str(first)
    recorder.defer.clear()
    second = send_outbox(outbox, "127.0.0.1", port)
    assert second.ok and [s.recipients for s in second.sent] == [("bob@example.net",)]
    assert queued(outbox) == [] and len(recorder.received) == 2


def test_hole7_a_permanent_refusal_goes_to_failed_with_the_answer_and_is_never_retried(
    tmp_path: Path, server: tuple[int, Recorder]
) -> None:
    port, recorder = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, build_message(digest("bob")))
    recorder.refuse.add("bob@example.net")
    first = send_outbox(outbox, "127.0.0.1", port)
    (dead,) = first.dead
    assert "550 5.1.1 no such user here" in dead.error and dead.to == ("bob@example.net",)
    assert queued(outbox) == [] and "failed for good 1" in str(first)
    (entry,) = outbox_listing(outbox)
    assert entry.state == "failed" and "550 5.1.1" in entry.reason and entry.message_id == dead.message_id
    recorder.refuse.clear()
    calls = len(recorder.rcpt_calls)
    second = send_outbox(outbox, "127.0.0.1", port)
    assert second.ok and second.sent == () and len(recorder.rcpt_calls) == calls  # not retried
    # queueing the same mail again does not bring it back either
    assert queue_message(outbox, build_message(digest("bob")))[1] is False


def test_partly_refused_mail_is_sent_and_the_refusal_recorded(tmp_path: Path, server: tuple[int, Recorder]) -> None:
    port, recorder = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, build_message(digest(cc=("Carol <carol@example.net>",))))
    recorder.refuse.add("carol@example.net")
    report = send_outbox(outbox, "127.0.0.1", port)
    (sent,) = report.sent
    assert sent.recipients == ("bob@example.net",) and sent.refused == ("carol@example.net",)
    assert queued(outbox) == []


def test_server_down_leaves_everything_queued_then_a_later_run_sends(
    tmp_path: Path, server: tuple[int, Recorder]
) -> None:
    port, recorder = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, build_message(digest("alice")))
    queue_message(outbox, build_message(digest("bob")))
    down = send_outbox(outbox, "127.0.0.1", free_port(), timeout=5)
    assert not down.sent and len(down.failed) == 2
    assert all("cannot reach 127.0.0.1" in f.error and not f.permanent for f in down.failed)
    assert len(queued(outbox)) == 2 and recorder.received == []
    up = send_outbox(outbox, "127.0.0.1", port)
    assert up.ok and len(up.sent) == 2 and queued(outbox) == []


def test_starttls_against_a_server_without_it_leaves_mail_queued(tmp_path: Path, server: tuple[int, Recorder]) -> None:
    port, _ = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, build_message(digest()))
    report = send_outbox(outbox, "127.0.0.1", port, starttls=True)
    assert not report.ok and "does not support" in report.failed[0].error and len(queued(outbox)) == 1


def test_empty_outbox_sends_nothing_and_connects_nowhere(tmp_path: Path) -> None:
    report = send_outbox(tmp_path / "outbox", "127.0.0.1", free_port())
    assert report.ok and report.sent == () and report.failed == ()


def test_queued_file_without_recipients_is_reported_not_sent(tmp_path: Path, server: tuple[int, Recorder]) -> None:
    port, recorder = server
    outbox = tmp_path / "outbox"
    queue_message(outbox, build_message(digest()))
    (outbox / "new" / "broken.campaign").write_bytes(b"From: referee@campaign.example\r\nSubject: x\r\n\r\nbody\r\n")
    report = send_outbox(outbox, "127.0.0.1", port)
    assert len(report.sent) == 1
    assert [(f.file, f.permanent) for f in report.failed] == [("broken.campaign", True)]
    assert (outbox / "failed" / "broken.campaign").exists() and queued(outbox) == []


@pytest.fixture
def auth_server() -> Iterator[tuple[int, Recorder]]:
    from aiosmtpd.smtp import AuthResult, LoginPassword

    def authenticator(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"referee", b"s3cret")
        return AuthResult(success=ok, handled=False)

    recorder = Recorder()
    controller = Controller(
        recorder, hostname="127.0.0.1", port=free_port(), authenticator=authenticator, auth_require_tls=False
    )
    controller.start()
    yield controller.port, recorder
    controller.stop()


def test_login_with_username_and_password(tmp_path: Path, auth_server: tuple[int, Recorder]) -> None:
    port, recorder = auth_server
    outbox = tmp_path / "outbox"
    queue_message(outbox, build_message(digest()))
    wrong = send_outbox(outbox, "127.0.0.1", port, username="referee", password="guess")
    assert not wrong.ok and "535" in wrong.failed[0].error and not wrong.failed[0].permanent
    assert len(queued(outbox)) == 1  # a login failure is the referee's to fix: the mail stays queued
    right = send_outbox(outbox, "127.0.0.1", port, username="referee", password="s3cret")
    assert right.ok and len(recorder.received) == 1
