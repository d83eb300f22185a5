"""Issue 12, inbound side: who gets a reply, whose authentication counts, limits that speak, lockouts.

Each test names the hole of issue 12 it closes ("hole 1" ...) and fails on the code before it.
Everything is real: messages built and parsed by the standard library, a SQLite campaign file,
the Maildir outbox read back.
"""

from __future__ import annotations

import email
import hashlib
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from campaign.cli import main
from campaign.mail.ledger import LOCKOUT_AFTER, REPLIES_PER_HOUR, Unchecked
from campaign.mail.parse import MAX_TEXT_CHARS, ProblemCode, parse_message
from campaign.mailflow import MailSettings, dispatch, handle_message
from campaign.service import Campaign

PASSWORDS = {"alice": "alice-pw-1", "bob": "bob-pw-22"}
TRUSTED = "mx.campaign.example"
PASS = f"{TRUSTED}; dkim=pass header.d=example.org; spf=pass smtp.mailfrom=example.org"


@pytest.fixture
def pbem(camp: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Campaign, MailSettings]:
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-03-02T10:00:00Z")
    for who, pw in PASSWORDS.items():
        camp.set_password(who, pw)
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    settings = MailSettings(
        outbox=tmp_path / "outbox",
        sender="Referee <referee@campaign.example>",
        referee="ref@campaign.example",
        trusted_authserv_ids=(TRUSTED,),
    )
    dispatch(camp, settings)
    for f in (tmp_path / "outbox" / "new").iterdir():
        f.unlink()  # start each test with an empty outbox: only replies from here on
    return camp, settings


def mail(
    sender: str, body: str, msg_id: str, *, subject: str = "orders", auth: str | None = PASS, **headers: str
) -> bytes:
    msg = EmailMessage()
    if auth is not None:
        msg["Authentication-Results"] = auth
    msg["From"] = sender if "@" in sender else f"{sender.capitalize()} <{sender}@example.org>"
    msg["To"] = "referee@campaign.example"
    msg["Subject"] = subject
    msg["Message-ID"] = f"<{msg_id}@example.org>"
    for k, v in headers.items():
        msg[k.replace("_", "-")] = v
    msg.set_content(body)
    return msg.as_bytes()


def signon(who: str, pw: str | None = None) -> str:
    return f"SIGNON {who}@1 {pw or PASSWORDS[who]}\n"


def outbox(settings: MailSettings) -> list[EmailMessage]:
    folder = settings.outbox / "new"
    return (
        [
            email.message_from_bytes(f.read_bytes(), policy=policy.default)  # type: ignore[misc]
            for f in sorted(folder.iterdir())
        ]
        if folder.exists()
        else []
    )


def orders_filed(camp: Campaign) -> list[str]:
    return [e.payload["canonical"] for e in camp.store.read(stream="game:1") if e.type == "OrdersSubmitted"]


def last_mail_event(camp: Campaign) -> Any:
    return [e for e in camp.store.read(stream="mail") if e.type.startswith("Message")][-1]


# --- hole 1: the server mails whoever a stranger names --------------------------------------------


def test_hole1_a_strangers_reply_to_victim_gets_nothing(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    raw = mail(
        "mallory@evil.example",
        "BUY CHEAP WATCHES http://spam.example\n",
        "spam1",
        subject="CHEAP WATCHES",
        Reply_To="victim@victim.example",
    )
    result = handle_message(camp, raw, settings)
    assert result.outcome == "refused" and result.codes == ["E-NOT-A-PLAYER"]
    assert outbox(settings) == [] and result.replied_to == ""
    logged = last_mail_event(camp).payload
    assert logged["unanswered"] and "not a player" in logged["unanswered"]


def test_hole1_a_forged_player_from_is_answered_only_at_the_address_on_file_under_our_subject(
    pbem: tuple[Campaign, MailSettings],
) -> None:
    camp, settings = pbem
    raw = mail(
        "alice",
        signon("alice", "guess") + "WATCHES http://spam.example\n",
        "forged1",
        subject="CHEAP WATCHES",
        Reply_To="victim@victim.example",
    )
    result = handle_message(camp, raw, settings)
    assert result.outcome == "refused"
    (reply,) = outbox(settings)
    assert str(reply["To"]) == "alice@example.org" and "victim" not in str(reply)
    assert str(reply["Subject"]) == "Game 1: your mail was refused"


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied"},
        {"Return_Path": "<>"},
        {"Precedence": "bulk"},
        {"Precedence": "junk"},
        {"List_Id": "<games.lists.example.org>"},
    ],
    ids=["auto-submitted", "bounce", "bulk", "junk", "mailing list"],
)
def test_hole1_bounces_automatic_and_list_mail_are_never_answered_rfc3834(
    pbem: tuple[Campaign, MailSettings], headers: dict[str, str]
) -> None:
    camp, settings = pbem
    result = handle_message(camp, mail("alice", signon("alice") + "advance 2\n", "auto1", **headers), settings)
    assert result.outcome == "refused" and result.codes == ["E-AUTOMATED"]
    assert outbox(settings) == [] and orders_filed(camp) == []
    assert last_mail_event(camp).payload["unanswered"].startswith("not answered because")


def test_hole1_a_delivery_report_is_not_answered(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["Message-ID"] = "<dsn@example.org>"
    msg["Content-Type"] = 'multipart/report; report-type=delivery-status; boundary="b"'
    msg.set_payload("--b\nContent-Type: text/plain\n\nundeliverable\n--b--\n")
    result = handle_message(camp, msg.as_bytes(), settings)
    assert result.codes == ["E-AUTOMATED"] and outbox(settings) == []


def test_hole1_replies_to_one_address_are_rate_limited_and_the_rest_logged(
    pbem: tuple[Campaign, MailSettings],
) -> None:
    camp, settings = pbem
    results = [
        handle_message(camp, mail("alice", "hello\n", f"flood{i}"), settings) for i in range(REPLIES_PER_HOUR + 3)
    ]
    assert [r.codes for r in results] == [["E-SIGNON-MISSING"]] * (REPLIES_PER_HOUR + 3)
    assert len(outbox(settings)) == REPLIES_PER_HOUR
    assert all("replies to alice@example.org" in r.unanswered for r in results[REPLIES_PER_HOUR:])


# --- hole 2: forged Authentication-Results -------------------------------------------------------------


def test_hole2_a_sender_written_pass_from_another_server_does_not_cancel_our_servers_fail(
    pbem: tuple[Campaign, MailSettings],
) -> None:
    camp, settings = pbem
    msg = EmailMessage()
    msg["Authentication-Results"] = f"{TRUSTED}; dkim=fail header.d=example.org"  # ours, on top
    msg["Authentication-Results"] = "forger.example; dkim=pass header.d=example.org"  # written by the sender
    msg["From"] = "alice@example.org"
    msg["Message-ID"] = "<forged-ar@example.org>"
    msg.set_content(signon("alice") + "advance 2\n")
    result = handle_message(camp, msg.as_bytes(), settings)
    assert result.codes == ["E-AUTH-FAILED"] and orders_filed(camp) == []


def test_hole2_with_no_trusted_server_named_no_header_is_believed(
    pbem: tuple[Campaign, MailSettings],
) -> None:
    camp, settings = pbem
    from dataclasses import replace

    msg = EmailMessage()
    msg["Authentication-Results"] = f"{TRUSTED}; dkim=fail header.d=example.org"
    msg["Authentication-Results"] = "forger.example; dkim=pass header.d=example.org"
    msg["From"] = "alice@example.org"
    msg["Message-ID"] = "<nobody-trusted@example.org>"
    msg.set_content(signon("alice") + "advance 2\n")
    result = handle_message(camp, msg.as_bytes(), replace(settings, trusted_authserv_ids=()))
    assert result.outcome == "refused" and orders_filed(camp) == []  # before: the forged pass cancelled the fail


def test_hole2_only_the_topmost_trusted_header_counts(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    msg = EmailMessage()
    msg["Authentication-Results"] = f"{TRUSTED}; dkim=fail header.d=example.org"
    msg["Authentication-Results"] = f"{TRUSTED}; dkim=pass header.d=example.org"  # a forged copy lower down
    msg["From"] = "alice@example.org"
    msg["Message-ID"] = "<forged-same-id@example.org>"
    msg.set_content(signon("alice") + "advance 2\n")
    assert handle_message(camp, msg.as_bytes(), settings).codes == ["E-AUTH-FAILED"]


def test_hole2_unchecked_mail_is_refused_by_default_and_accepted_when_the_referee_says_so(
    pbem: tuple[Campaign, MailSettings],
) -> None:
    camp, settings = pbem
    unchecked = mail("alice", signon("alice") + "advance 2\n", "nocheck", auth=None)
    result = handle_message(camp, unchecked, settings)
    assert result.codes == ["E-AUTH-UNCHECKED"] and orders_filed(camp) == []
    assert last_mail_event(camp).payload["auth"].startswith("unchecked")
    from dataclasses import replace

    again = mail("alice", signon("alice") + "advance 2\n", "nocheck2", auth=None)
    accepted = handle_message(camp, again, replace(settings, unchecked=Unchecked.ACCEPT))
    assert accepted.outcome == "accepted" and orders_filed(camp) == ["advance 2"]


def test_hole2_trust_is_set_on_the_ingest_command_line_or_in_the_campaign(
    pbem: tuple[Campaign, MailSettings], db_path: Path, tmp_path: Path
) -> None:
    import mailbox

    camp, settings = pbem
    camp.store.close()
    box = mailbox.Maildir(tmp_path / "in", create=True)
    box.add(mail("alice", signon("alice") + "advance 2\n", "cli-a"))
    box.add(
        mail("bob", signon("bob") + "advance 1\n", "cli-b", auth="mx.other.example; dkim=pass header.d=example.org")
    )
    runner = CliRunner()
    base = ["--db", str(db_path), "--outbox", str(settings.outbox)]
    res = runner.invoke(main, [*base, "mail", "ingest", str(tmp_path / "in"), "--trust-authserv", TRUSTED, "--json"])
    assert res.exit_code == 0, res.output
    assert '"outcome": "accepted"' in res.stdout and "E-AUTH-UNCHECKED" in res.stdout  # bob's server is not ours
    res = runner.invoke(main, [*base, "mail", "trust", "mx.other.example", "--unchecked", "refuse"])
    assert res.exit_code == 0 and "mx.other.example" in res.stdout
    box.add(
        mail("bob", signon("bob") + "advance 1\n", "cli-b2", auth="mx.other.example; dkim=pass header.d=example.org")
    )
    res = runner.invoke(main, [*base, "mail", "ingest", str(tmp_path / "in"), "--json"])
    assert res.exit_code == 0 and '"outcome": "accepted"' in res.stdout, res.output


# --- hole 3 and 6: limits that speak ----------------------------------------------------------------------


def test_hole3_a_mail_cut_before_its_orders_end_is_refused_whole(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    filler = "# " + "x" * 70 + "\n"
    body = signon("alice") + filler * (MAX_TEXT_CHARS // len(filler) + 5) + "advance 2\n"
    result = handle_message(camp, mail("alice", body, "long"), settings)
    assert result.outcome == "refused" and result.codes == ["E-TOO-BIG"]
    assert orders_filed(camp) == []
    (reply,) = outbox(settings)
    text = reply.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    assert "[M-TEXT-TRUNCATED]" in text and "none of it was acted on" in text


def test_hole3_every_note_about_the_mail_reaches_its_reply(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    msg = EmailMessage()
    msg["Authentication-Results"] = PASS
    msg["From"] = "alice@example.org"
    msg["Message-ID"] = "<notes@example.org>"
    msg.set_content(signon("alice") + "advance 2\n")
    msg.add_attachment(b"\0" * (2 * 1024 * 1024), maintype="image", subtype="jpeg", filename="table.jpg")
    result = handle_message(camp, msg.as_bytes(), settings)
    assert result.outcome == "accepted"
    assert "Notes about your mail" in result.reply and "[M-ATTACHMENT-LARGE]" in result.reply


def _nested(depth: int) -> bytes:
    head = "Authentication-Results: " + PASS + "\nFrom: alice@example.org\nMessage-ID: <deep@example.org>\n"
    head += "MIME-Version: 1.0\n"
    parts = []
    for i in range(depth):
        parts.append(f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n')
    body = "Content-Type: text/plain\n\n" + signon("alice") + "advance 2\n"
    tail = "".join(f"\n--b{i}--\n" for i in reversed(range(depth)))
    return (head + "".join(parts) + body + tail).encode()


def test_hole6_thousand_deep_nesting_is_refused_before_parsing_and_said_so(
    pbem: tuple[Campaign, MailSettings],
) -> None:
    camp, settings = pbem
    raw = _nested(1000)
    parsed = parse_message(raw)  # speed is measured in benchmarks/, never asserted here
    assert [p.code for p in parsed.problems] == [ProblemCode.TOO_COMPLEX]
    result = handle_message(camp, raw, settings)
    assert result.codes == ["E-TOO-BIG"] and "nested or multipart parts" in result.reply
    assert "SIGNON" not in " ".join(result.codes)


def test_hole6_ordinary_nesting_is_still_read(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    result = handle_message(camp, _nested(5), settings)
    assert result.outcome == "accepted", result.reply


# --- hole 8: password guessing ------------------------------------------------------------------------------


def test_hole8_five_wrong_passwords_lock_the_player_for_an_hour(
    pbem: tuple[Campaign, MailSettings], monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    camp, settings = pbem
    for i in range(LOCKOUT_AFTER):
        r = handle_message(camp, mail("alice", signon("alice", f"guess{i}") + "advance 2\n", f"g{i}"), settings)
        assert "E-PASSWORD" in r.codes
    assert "E-LOCKED" in r.codes and "until 2026-03-02T11:00:00Z" in r.reply
    notices = [m for m in outbox(settings) if "ref@campaign.example" in str(m["To"])]
    assert len(notices) == 1 and "locked" in str(notices[0]["Subject"])
    replies_before = len(outbox(settings))
    right = handle_message(camp, mail("alice", signon("alice") + "advance 2\n", "right"), settings)
    assert right.codes == ["E-LOCKED"] and orders_filed(camp) == []
    assert len(outbox(settings)) == replies_before  # told once: the locked-out mail is logged, unanswered
    runner = CliRunner()
    status = runner.invoke(main, ["--db", str(db_path), "status", "1"])
    assert "mail for alice locked until 2026-03-02T11:00:00Z (5 wrong passwords" in status.stdout
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-03-02T11:00:01Z")
    later = handle_message(camp, mail("alice", signon("alice") + "advance 2\n", "later"), settings)
    assert later.outcome == "accepted" and orders_filed(camp) == ["advance 2"]
    wrong = handle_message(camp, mail("alice", signon("alice", "oops") + "advance 1\n", "oops"), settings)
    assert wrong.codes == ["E-PASSWORD"]  # the count started again after the correct password


def test_hole8_unknown_player_and_wrong_password_cost_the_same_one_scrypt(
    pbem: tuple[Campaign, MailSettings], monkeypatch: pytest.MonkeyPatch
) -> None:
    import campaign.passwords as passwords

    camp, settings = pbem
    calls: list[int] = []
    real = passwords._derive

    def counting(password: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
        calls.append(n)
        return real(password, salt, n, r, p, length)

    monkeypatch.setattr(passwords, "_derive", counting)
    handle_message(camp, mail("alice", "SIGNON zed@1 whatever\nadvance 2\n", "unknown"), settings)
    handle_message(camp, mail("alice", signon("alice", "wrong") + "advance 2\n", "wrongpw"), settings)
    handle_message(camp, mail("alice", signon("alice") + "advance 2\n", "rightpw"), settings)
    assert len(calls) == 3 and len(set(calls)) == 1


# --- issue 11 item 5: provenance ------------------------------------------------------------------------------


def test_provenance_of_accepted_and_refused_mail_is_in_the_chain_and_the_reply(
    pbem: tuple[Campaign, MailSettings],
) -> None:
    camp, settings = pbem
    raw = mail("alice", signon("alice") + "advance 2\n", "prov", Date="Mon, 02 Mar 2026 09:58:00 +0000")
    result = handle_message(camp, raw, settings)
    digest = hashlib.sha256(raw.replace(b"\r\n", b"\n")).hexdigest()
    ev = last_mail_event(camp)
    assert ev.type == "MessageAccepted"
    assert ev.payload["message_id"] == "<prov@example.org>" and ev.payload["date"] == "Mon, 02 Mar 2026 09:58:00 +0000"
    assert ev.payload["raw_sha256"] == digest and ev.payload["received"] == "2026-03-02T10:00:00Z"
    assert ev.payload["auth"].startswith("pass")
    assert f"Your mail's SHA-256: {digest}" in result.reply
    filed = [e for e in camp.store.read(stream="game:1") if e.type == "OrdersSubmitted"][-1]
    assert filed.payload["via"] == {"mail": "<prov@example.org>", "raw_sha256": digest}
    bad = mail("bob", signon("bob", "nope") + "advance 2\n", "prov-bad")
    refused = handle_message(camp, bad, settings)
    rev = last_mail_event(camp)
    assert rev.type == "MessageRefused" and rev.payload["raw_sha256"] == refused.raw_sha256
    assert refused.raw_sha256 in refused.reply and rev.payload["player"] == "bob"


def test_orders_entered_by_the_referee_are_marked_and_the_digest_says_so(
    pbem: tuple[Campaign, MailSettings], db_path: Path, tmp_path: Path
) -> None:
    camp, settings = pbem
    (tmp_path / "o.txt").write_text("advance 2\n")
    res = CliRunner().invoke(
        main,
        [
            "--db",
            str(db_path),
            "--outbox",
            str(settings.outbox),
            "orders",
            "submit",
            "1",
            "--player",
            "alice",
            str(tmp_path / "o.txt"),
        ],
    )
    assert res.exit_code == 0, res.output
    filed = [e for e in camp.store.read(stream="game:1") if e.type == "OrdersSubmitted"][-1]
    assert filed.payload["via"] == {"entered_by": "referee", "for": "alice"}
    from campaign.digest import build_digest

    d = build_digest(camp, 1, "bob", 0)
    assert any("The referee entered orders for blue on behalf of alice" in n.text for n in d.notices)


def test_an_export_made_before_provenance_still_imports_and_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """data/export-before-provenance.jsonl was exported by the code of main at a9e0235 (before this change):
    one accepted and one refused order mail, and orders entered by hand, without any provenance fields."""
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-05T13:00:00Z")
    export = Path(__file__).parent / "data" / "export-before-provenance.jsonl"
    db = tmp_path / "imported.db"
    runner = CliRunner()
    res = runner.invoke(main, ["--db", str(db), "import", str(export)])
    assert res.exit_code == 0, res.output
    assert runner.invoke(main, ["--db", str(db), "audit", "verify"]).exit_code == 0
    res = runner.invoke(main, ["--db", str(db), "status", "1"])
    assert res.exit_code == 0, res.output
    from campaign.eventlog import open_store

    store = open_store(db)
    camp = Campaign(store)
    settings = MailSettings(outbox=tmp_path / "outbox", trusted_authserv_ids=(TRUSTED,))
    camp.set_password("alice", "alice-pw-1")
    result = handle_message(camp, mail("alice", "SIGNON alice@1 alice-pw-1\nHISTORY\n", "after-import"), settings)
    assert result.outcome == "accepted", result.reply
    store.close()
