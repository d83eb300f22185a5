"""The play-by-email loop end to end: real Maildirs, a real SMTP server on loopback, real messages."""

from __future__ import annotations

import email
import json
import mailbox
import os
import socket
import subprocess
import sys
import zlib
from collections.abc import Iterator
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from click.testing import CliRunner

from campaign.cli import main
from campaign.eventlog import open_store
from campaign.mail.ledger import Unchecked
from campaign.mailflow import MailSettings, dispatch, handle_message
from campaign.service import Campaign
from tests.conftest import ROOT

PASSWORDS = {"alice": "alice-pw-1", "bob": "bob-pw-22"}
TRUSTED = "mx.campaign.example"
TRUST_CLI = ["--trust-authserv", TRUSTED, "--unchecked", "accept"]


@pytest.fixture
def pbem(camp: Campaign, tmp_path: Path) -> tuple[Campaign, MailSettings]:
    for who, pw in PASSWORDS.items():
        camp.set_password(who, pw)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    # these tests feed mail without Authentication-Results: say explicitly that such mail is accepted
    settings = MailSettings(
        outbox=tmp_path / "outbox",
        sender="Referee <referee@campaign.example>",
        trusted_authserv_ids=(TRUSTED,),
        unchecked=Unchecked.ACCEPT,
    )
    dispatch(camp, settings)
    return camp, settings


def order_mail(sender: str, body: str, msg_id: str, *, subject: str = "orders", **headers: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"{sender.capitalize()} <{sender}@example.org>"
    msg["To"] = "referee@campaign.example"
    msg["Subject"] = subject
    msg["Message-ID"] = f"<{msg_id}@example.org>"
    for k, v in headers.items():
        msg[k.replace("_", "-")] = v
    msg.set_content(body)
    return msg.as_bytes()


def signon(who: str, game: int = 1, pw: str | None = None) -> str:
    return f"SIGNON {who}@{game} {pw or PASSWORDS[who]}\n"


def outbox_mails(outbox: Path) -> list[email.message.EmailMessage]:
    out = []
    for sub in ("new", "cur"):
        for f in sorted((outbox / sub).glob("*")) if (outbox / sub).exists() else []:
            out.append(email.message_from_bytes(f.read_bytes(), policy=policy.default))
    return out


def game_events(camp: Campaign) -> list[Any]:
    return [e.as_json() for e in camp.store.read(stream="game:1")]


# --- accepted and refused mail --------------------------------------------------------------------


def test_orders_by_mail_are_filed_echoed_and_resolved(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    r1 = handle_message(camp, order_mail("alice", signon("alice") + "advance 2\n", "a1"), settings)
    assert r1.outcome == "accepted" and "advance 2" in r1.reply and "Orders hash:" in r1.reply
    assert camp.store.head()[1] in r1.reply or "Chain head:" in r1.reply
    r2 = handle_message(camp, order_mail("bob", signon("bob") + "advance 1\n", "b1"), settings)
    assert r2.outcome == "accepted"
    assert camp.load(1).turn == 2
    replies = [m for m in outbox_mails(settings.outbox) if m["In-Reply-To"]]
    assert {m["In-Reply-To"] for m in replies} == {"<a1@example.org>", "<b1@example.org>"}


def test_the_same_message_twice_is_acted_on_once(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    raw = order_mail("alice", signon("alice") + "advance 2\n", "once")
    assert handle_message(camp, raw, settings).outcome == "accepted"
    before = camp.store.head()
    again = handle_message(camp, raw, settings)
    assert again.outcome == "duplicate" and camp.store.head() == before
    assert len([m for m in outbox_mails(settings.outbox) if m["In-Reply-To"] == "<once@example.org>"]) == 1


REFUSALS = [
    pytest.param(
        order_mail(
            "alice",
            signon("alice") + "advance 2\n",
            "forged",
            Authentication_Results="mx.campaign.example; spf=fail smtp.mailfrom=example.org;"
            " dmarc=fail header.from=example.org",
        ),
        "E-AUTH-FAILED",
        id="forged sender",
    ),
    pytest.param(
        order_mail("alice", signon("alice", pw="guess") + "advance 2\n", "wrongpw"), "E-PASSWORD", id="wrong password"
    ),
    pytest.param(
        order_mail("alice", signon("bob") + "advance 2\n", "otherside"), "E-SIGNON-SENDER", id="the other side's orders"
    ),
    pytest.param(order_mail("alice", "advance 2\n", "nosignon"), "E-SIGNON-MISSING", id="no signon"),
    pytest.param(order_mail("alice", signon("alice") + "advance 9\n", "badorder"), "E-RANGE", id="illegal order"),
    pytest.param(
        order_mail("alice", signon("alice", game=7) + "advance 2\n", "nogame"), "E-NOT-NOW", id="no such game"
    ),
]


@pytest.mark.parametrize(("raw", "code"), REFUSALS)
def test_refused_mail_changes_nothing_but_the_refusal_record(
    pbem: tuple[Campaign, MailSettings], raw: bytes, code: str
) -> None:
    camp, settings = pbem
    before = game_events(camp)
    mail_before = [e.type for e in camp.store.read(stream="mail")]
    result = handle_message(camp, raw, settings)
    assert result.outcome == "refused" and code in result.codes, (result.codes, result.reply)
    assert "Nothing was changed" in result.reply and f"[{code}]" in result.reply
    assert game_events(camp) == before
    after = [e for e in camp.store.read(stream="mail")]
    assert [e.type for e in after][len(mail_before) :] == ["MessageRefused"]
    assert after[-1].payload["codes"] == result.codes


def test_a_stranger_is_refused_unanswered_and_logged(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    result = handle_message(camp, order_mail("mallory", signon("alice") + "advance 3\n", "stranger"), settings)
    assert result.outcome == "refused" and result.codes == ["E-NOT-A-PLAYER"]
    assert not any("mallory" in str(m["To"]) for m in outbox_mails(settings.outbox))
    logged = list(camp.store.read(stream="mail"))[-1].payload
    assert logged["reply_to"] == "" and "not a player" in logged["unanswered"]


def test_a_replayed_message_id_with_new_content_is_refused(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    handle_message(camp, order_mail("alice", signon("alice") + "advance 2\n", "dup"), settings)
    before = game_events(camp)
    result = handle_message(camp, order_mail("alice", signon("alice") + "advance 3\n", "dup"), settings)
    assert result.outcome == "refused" and result.codes == ["E-REPLAYED"]
    assert game_events(camp) == before


def test_orders_after_the_phase_resolved_are_refused(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    camp.resign(1, "bob")
    before = game_events(camp)
    result = handle_message(camp, order_mail("alice", signon("alice") + "advance 2\n", "late"), settings)
    assert result.outcome == "refused" and result.codes == ["E-NOT-NOW"] and "is over" in result.reply
    assert game_events(camp) == before


def test_envelope_commands_wait_press_absence_history_map(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    from campaign.deadlines import DeadlineAction
    from campaign.referee import change_deadline

    change_deadline(camp, 1, DeadlineAction.SET, 72, "WAIT needs a deadline to wait for")
    body = signon("alice") + "WAIT\nABSENCE 2026-12-24 2026-12-27\nPRESS red\nGood luck, Bob.\nENDPRESS\nadvance 1\n"
    result = handle_message(camp, order_mail("alice", body, "cmds"), settings)
    assert result.outcome == "accepted", result.reply
    handle_message(camp, order_mail("bob", signon("bob") + "advance 1\n", "bob-cmds"), settings)
    gs = camp.load(1)
    assert gs.turn == 1 and gs.waits == {"blue"}  # alice asked to WAIT: nothing resolves early
    assert gs.press[0]["text"] == "Good luck, Bob."
    assert camp.absences()[0].player == "alice"
    nowait = handle_message(camp, order_mail("alice", signon("alice") + "NOWAIT\nHISTORY\nMAP\n", "nowait"), settings)
    assert nowait.outcome == "accepted" and "HISTORY" in nowait.reply and "THE BOARD NOW" in nowait.reply
    assert camp.load(1).turn == 2


# --- awkward real-world messages --------------------------------------------------------------------


def _html_only() -> bytes:
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["Subject"] = "orders"
    msg["Message-ID"] = "<html@example.org>"
    msg.set_content(
        f"<html><body><div>{signon('alice').strip()}</div><div>advance&nbsp;2</div></body></html>", subtype="html"
    )
    return msg.as_bytes()


def _qp_latin1() -> bytes:
    text = signon("alice") + "advance 2\n# \u00e0 l'attaque, mes braves gar\u00e7ons\n"
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["Subject"] = "ordres"
    msg["Message-ID"] = "<latin@example.org>"
    msg.set_content(text, charset="latin-1", cte="quoted-printable")
    return msg.as_bytes()


def _reply_quoting_digest() -> bytes:
    body = (
        signon("alice") + "advance 3\n\nOn Mon, 5 Jan 2026, Referee wrote:\n> Game 1, turn 1\n"
        "> SIGNON alice@1 wrong-password\n> advance 9\n"
    )
    return order_mail("alice", body, "quoting", subject="Re: [campaign] game 1, turn 1")


def _forwarded() -> bytes:
    inner = EmailMessage()
    inner["From"] = "alice@example.org"
    inner["Subject"] = "orders"
    inner.set_content(signon("alice") + "advance 1\n")
    outer = EmailMessage()
    outer["From"] = "alice@example.org"
    outer["Subject"] = "Fwd: orders"
    outer["Message-ID"] = "<fwd@example.org>"
    outer.set_content("")
    outer.add_attachment(inner)
    return outer.as_bytes()


def _big_attachment() -> bytes:
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["Subject"] = "orders with a photo"
    msg["Message-ID"] = "<big@example.org>"
    msg.set_content(signon("alice") + "advance 2\n")
    msg.add_attachment(os.urandom(5 * 1024 * 1024), maintype="image", subtype="jpeg", filename="table.jpg")
    return msg.as_bytes()


@pytest.mark.parametrize(
    ("build", "outcome", "orders"),
    [
        (_html_only, "accepted", "advance 2"),
        (_qp_latin1, "accepted", "advance 2"),
        (_reply_quoting_digest, "accepted", "advance 3"),
        (_forwarded, "accepted", "advance 1"),
        (_big_attachment, "accepted", "advance 2"),
        (lambda: order_mail("alice", "", "empty"), "refused", None),
    ],
    ids=[
        "html-only",
        "quoted-printable latin-1",
        "reply quoting the digest",
        "forwarded",
        "5 MB attachment",
        "empty body",
    ],
)
def test_awkward_messages_get_the_right_outcome_and_a_reply(
    pbem: tuple[Campaign, MailSettings], build: Any, outcome: str, orders: str | None
) -> None:
    camp, settings = pbem
    result = handle_message(camp, build(), settings)
    assert result.outcome == outcome, result.reply
    if orders:
        filed = [e for e in camp.store.read(stream="game:1") if e.type == "OrdersSubmitted"]
        assert filed[-1].payload["canonical"] == orders
    assert any(m["In-Reply-To"] == f"<{result.message_id.strip('<>')}>" for m in outbox_mails(settings.outbox))


# --- end to end: Maildir in, SMTP out ----------------------------------------------------------------


class Recorder:
    def __init__(self) -> None:
        self.received: list[tuple[list[str], bytes]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.received.append((list(envelope.rcpt_tos), envelope.original_content))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[int, Recorder]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    rec = Recorder()
    controller = Controller(rec, hostname="127.0.0.1", port=port)
    controller.start()
    yield port, rec
    controller.stop()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    # decode the image data to be sure it is a real picture, not just a header
    pos, idat = 8, b""
    while pos < len(data):
        length = int.from_bytes(data[pos : pos + 4], "big")
        kind = data[pos + 4 : pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    assert len(zlib.decompress(idat)) > width * height
    return width, height


def test_end_to_end_two_players_mail_orders_and_receive_digests_over_smtp(
    pbem: tuple[Campaign, MailSettings], db_path: Path, tmp_path: Path, smtp: tuple[int, Recorder]
) -> None:
    camp, settings = pbem
    camp.store.close()
    inbox = mailbox.Maildir(tmp_path / "inbox", create=True)
    inbox.add(order_mail("alice", signon("alice") + "advance 2\n", "e2e-a"))
    inbox.add(order_mail("bob", signon("bob") + "advance 3\n", "e2e-b"))
    runner = CliRunner()
    base = ["--db", str(db_path), "--outbox", str(settings.outbox), "--mail-from", settings.sender]
    res = runner.invoke(main, [*base, "mail", "ingest", str(tmp_path / "inbox"), *TRUST_CLI])
    assert res.exit_code == 0, res.output
    assert res.stdout.count("accepted") == 2
    assert not list((tmp_path / "inbox" / "new").iterdir())  # both moved to cur/ after their commits
    port, rec = smtp
    res = runner.invoke(main, [*base, "mail", "send", "--smtp", f"127.0.0.1:{port}"])
    assert res.exit_code == 0, res.output
    digests = {}
    for rcpt, raw in rec.received:
        msg = email.message_from_bytes(raw, policy=policy.default)
        if msg["Subject"].startswith("[game 1] turn 2"):
            digests[rcpt[0]] = msg
    assert set(digests) == {"alice@example.org", "bob@example.org"}
    for msg in digests.values():
        assert msg.is_multipart()
        png = next(p for p in msg.walk() if p.get_content_type() == "image/png")
        assert png["Content-ID"] and _png_size(png.get_payload(decode=True))[0] > 100
        svg = next(p for p in msg.walk() if p.get_content_type() == "image/svg+xml")
        assert b"<svg" in svg.get_payload(decode=True)
        text = msg.get_body(preferencelist=("plain",)).get_content()
        assert "WHAT HAPPENED" in text and ("red rolls" in text or "red stumbles" in text)
        assert "d6 = " in text and "Chain head after event" in text
        html = msg.get_body(preferencelist=("html",)).get_content()
        assert 'src="cid:board"' in html and "alt=" in html
    # every later run is a no-op: nothing queued twice
    res = runner.invoke(main, [*base, "mail", "ingest", str(tmp_path / "inbox"), *TRUST_CLI])
    assert "no new messages" in res.stderr


def test_two_ingesters_at_once_act_on_each_message_exactly_once(
    pbem: tuple[Campaign, MailSettings], db_path: Path, tmp_path: Path
) -> None:
    camp, settings = pbem
    camp.store.close()
    box = tmp_path / "inbox.mbox"
    mb = mailbox.mbox(box)
    for i in range(6):
        mb.add(order_mail("alice", signon("alice") + f"advance {1 + i % 3}\n", f"race-{i}"))
    mb.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CAMPAIGN_RULESETS": "tests.toy:RULESET"}
    cmd = [
        sys.executable,
        "-m",
        "campaign.cli",
        "--db",
        str(db_path),
        "--outbox",
        str(settings.outbox),
        "mail",
        "ingest",
        str(box),
        "--json",
        *TRUST_CLI,
    ]
    procs = [
        subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True) for _ in range(2)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    rows = [json.loads(line) for out, _ in outs for line in out.splitlines()]
    accepted = [r["message_id"] for r in rows if r["outcome"] == "accepted"]
    assert sorted(accepted) == sorted(f"<race-{i}@example.org>" for i in range(6))  # each exactly once
    store = open_store(db_path)
    filed = [e for e in store.read(stream="game:1") if e.type == "OrdersSubmitted"]
    assert len(filed) == 6 and store.verify()[2] is None
    store.close()


def test_deadline_reminder_and_policy_are_announced_by_mail(
    camp: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from campaign.deadlines import Schedule
    from campaign.ruleset import MissedOrders

    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-05T12:00:00Z")
    camp.new_game(
        "toy-race",
        "sprint",
        {"blue": "alice", "red": "bob"},
        schedule=Schedule(48, 12, 24, MissedOrders.HOLD).as_json(),
    )
    settings = MailSettings(outbox=tmp_path / "outbox")
    dispatch(camp, settings)
    camp.submit_orders(1, "alice", "advance 1")
    camp.tick("2026-01-06T13:00:00Z")
    dispatch(camp, settings)
    bob = [m for m in outbox_mails(settings.outbox) if "bob@example.org" in str(m["To"])]
    assert any("by 2026-01-07T12:00:00Z" in m.get_body(preferencelist=("plain",)).get_content() for m in bob)
    camp.tick("2026-01-08T01:00:00Z")
    dispatch(camp, settings)
    texts = [m.get_body(preferencelist=("plain",)).get_content() for m in outbox_mails(settings.outbox)]
    assert any("Deadline passed for red: hold orders were filed." in t for t in texts)


def test_end_to_end_a_hordes_and_heroes_game_by_mail_over_smtp(
    camp: Campaign, db_path: Path, tmp_path: Path, smtp: tuple[int, Recorder]
) -> None:
    """Both players mail their initiative, deployment and first bounds; both get digests with the H&H board."""
    for who, pw in PASSWORDS.items():
        camp.set_password(who, pw)
    gs = camp.new_game("hordes-heroes", "intro-50", {"york": "alice", "valois": "bob"})
    outbox = tmp_path / "outbox"
    inbox_dir = tmp_path / "inbox"
    inbox = mailbox.Maildir(inbox_dir, create=True)
    runner = CliRunner()
    base = ["--db", str(db_path), "--outbox", str(outbox)]
    sent = 0
    for n in range(8):  # initiative, two deployments and the first bounds
        gs = camp.load(gs.number)
        waiting = [r for r in camp.awaiting(gs) if not r.optional]
        if not waiting or gs.turn > 1 and "bound" in gs.ruleset.phase(gs.state) and n > 5:
            break
        for req in waiting:
            who = gs.sides[req.side]
            text = gs.ruleset.bot_orders(gs.state, req.side, n)
            inbox.add(order_mail(who, signon(who, gs.number) + text + "\n", f"hh-{n}-{req.side}"))
            sent += 1
        camp.store.close()
        res = runner.invoke(main, [*base, "mail", "ingest", str(inbox_dir), *TRUST_CLI])
        assert res.exit_code == 0 and "refused" not in res.stdout, res.output
        camp = Campaign(open_store(db_path))
    port, rec = smtp
    res = runner.invoke(main, [*base, "mail", "send", "--smtp", f"127.0.0.1:{port}"])
    assert res.exit_code == 0, res.output
    resolved_digests = []
    for rcpt, raw in rec.received:
        msg = email.message_from_bytes(raw, policy=policy.default)
        if msg["Subject"].startswith("[game ") and not msg["In-Reply-To"]:  # digests, not replies
            text = msg.get_body(preferencelist=("plain",)).get_content()
            if "deploys first" in text or "Roll-off" in text or "bound" in text:
                resolved_digests.append((rcpt[0], msg, text))
    assert {r for r, _, _ in resolved_digests} == {"alice@example.org", "bob@example.org"}
    for _, msg, text in resolved_digests[-2:]:
        png = next(p for p in msg.walk() if p.get_content_type() == "image/png")
        assert _png_size(png.get_payload(decode=True))[0] > 400  # the H&H board, not a stub
        assert "Chain head after event" in text and "WHAT YOU MUST DO NEXT" in text
    assert sent >= 3
    camp.store.close()
