"""Inbound sources: Maildir, mbox and .eml for real on disk; IMAP through a stand-in server object."""

from __future__ import annotations

import imaplib
import mailbox
import os
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from campaign.mail.parse import message_key
from campaign.mail.sources import (
    IMAP_PASSWORD_ENV,
    ImapLocation,
    MaildirSource,
    SourceCode,
    SourceError,
    SourceKind,
    open_source,
    parse_imap_url,
    resolve_source,
)


def mail(n: int, with_id: bool = True) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"player{n}@example.org"
    msg["To"] = "orders@campaign.example"
    msg["Subject"] = f"orders {n}"
    if with_id:
        msg["Message-ID"] = f"<m{n}@example.org>"
    msg.set_content(f"SIGNON player{n}@7 pw\nhold {n}\nFrom the ford we advance.\n")
    return msg.as_bytes()


@pytest.fixture
def maildir(tmp_path: Path) -> Path:
    box = mailbox.Maildir(tmp_path / "inbox", create=True)
    for n in (1, 2, 3):
        box.add(mail(n))
    box.close()
    return tmp_path / "inbox"


def names(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def test_maildir_messages_stay_new_until_confirmed(maildir: Path) -> None:
    with open_source(str(maildir)) as inbox:
        seen = [(raw, key) for raw, key, _ in inbox]
    assert len(seen) == 3 and len(names(maildir / "new")) == 3 and names(maildir / "cur") == []
    with open_source(str(maildir)) as inbox:
        assert len(list(inbox)) == 3  # nothing confirmed: all still there to read again


def test_maildir_confirm_moves_to_cur_with_seen_flag(maildir: Path) -> None:
    with open_source(str(maildir)) as inbox:
        for raw, key, confirm in inbox:
            if b"hold 2" in raw:
                confirm()
                confirm()  # idempotent
                confirmed = key
    assert len(names(maildir / "new")) == 2
    assert names(maildir / "cur") == [f"{confirmed}:2,S"]
    with open_source(str(maildir)) as inbox:
        assert sorted(b"hold 2" in raw for raw, _, _ in inbox) == [False, False]


def test_maildir_reads_unseen_mail_in_cur_and_keeps_its_flags(maildir: Path) -> None:
    (maildir / "cur" / "1700000000.x.host:2,F").write_bytes(mail(9))
    (maildir / "cur" / "1700000001.y.host:2,RS").write_bytes(mail(8))
    with open_source(str(maildir)) as inbox:
        items = list(inbox)
    assert len(items) == 4
    flagged = next(i for i in items if i.key == "1700000000.x.host")
    flagged.confirm()
    assert "1700000000.x.host:2,FS" in names(maildir / "cur")


def test_maildir_skips_a_message_taken_by_another_reader(maildir: Path) -> None:
    source = MaildirSource(maildir)
    it = iter(source)
    first = next(it)
    for name in names(maildir / "new"):
        if name != first.key:
            (maildir / "new" / name).unlink()
    assert list(it) == []
    first.confirm()
    assert len(names(maildir / "cur")) == 1


def test_maildir_confirm_reports_a_folder_it_cannot_write(maildir: Path) -> None:
    with open_source(str(maildir)) as inbox:
        item = next(iter(inbox))
        (maildir / "cur").rmdir()
        with pytest.raises(SourceError) as caught:
            item.confirm()
    assert caught.value.code is SourceCode.MAILDIR_MOVE and "cannot mark" in str(caught.value)


def test_mbox_is_read_without_being_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "orders.mbox"
    box = mailbox.mbox(path)
    for n in (1, 2):
        box.add(mail(n))
    box.add(mail(3, with_id=False))
    box.close()
    before = path.read_bytes()
    with open_source(str(path)) as inbox:
        items = list(inbox)
        for item in items:
            item.confirm()
    assert path.read_bytes() == before
    assert [i.key for i in items[:2]] == ["<m1@example.org>", "<m2@example.org>"]
    assert items[2].key.startswith("<sha256.") and items[2].key == message_key(items[2].raw)
    assert items[0].raw.endswith(b"hold 1\n>From the ford we advance.\n")  # as mailbox.mbox escaped it


def test_mbox_without_suffix_is_recognised_by_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "spool"
    one, two = mail(1).replace(b"\nFrom the", b"\n>From the"), mail(2).replace(b"\nFrom the", b"\n>From the")
    path.write_bytes(b"From alice@example.org Mon Jun  3 10:00:00 2024\n" + one + b"\nFrom bob@x Mon\n" + two)
    assert resolve_source(str(path)).kind is SourceKind.MBOX
    with open_source(str(path)) as inbox:
        assert [item.raw for item in inbox] == [one, two]


def test_single_eml_file(tmp_path: Path) -> None:
    path = tmp_path / "one.eml"
    path.write_bytes(mail(5))
    with open_source(str(path)) as inbox:
        (raw, key, confirm) = next(iter(inbox))
    confirm()
    assert raw == mail(5) and key == "<m5@example.org>" and path.exists()


def test_file_without_mbox_header_is_one_message(tmp_path: Path) -> None:
    path = tmp_path / "message"
    path.write_bytes(mail(6))
    assert resolve_source(str(path)).kind is SourceKind.EML


def test_missing_source_says_what_sources_exist(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as caught:
        open_source(str(tmp_path / "nope"))
    assert caught.value.code is SourceCode.NOT_FOUND
    assert "Maildir" in str(caught.value) and "imap://" in str(caught.value)


def test_plain_folder_is_not_a_maildir(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as caught:
        resolve_source(str(tmp_path))
    assert caught.value.code is SourceCode.NOT_A_MAILBOX and "new/ and cur/" in str(caught.value)


# --- IMAP ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("imap://orders@mail.example.org/INBOX", ImapLocation("orders", "mail.example.org", 993, "INBOX", True)),
        ("imap://orders@mail.example.org", ImapLocation("orders", "mail.example.org", 993, "INBOX", True)),
        ("imap+plain://orders@localhost:1143/Orders", ImapLocation("orders", "localhost", 1143, "Orders", False)),
        ("imap+plain://u@h", ImapLocation("u", "h", 143, "INBOX", False)),
        (
            "IMAP://orders%40example.org@Mail.Example.org:994/Game%207",
            ImapLocation("orders@example.org", "mail.example.org", 994, "Game 7", True),
        ),
        ("imap://a@b@mail.example.org/x", ImapLocation("a@b", "mail.example.org", 993, "x", True)),
    ],
)
def test_imap_urls_are_parsed(url: str, expected: ImapLocation) -> None:
    assert parse_imap_url(url) == expected
    assert resolve_source(url).imap == expected


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("imap://mail.example.org/INBOX", "names no user"),
        ("imap://orders:secret@mail.example.org/INBOX", "do not put the password in the address"),
        ("imap://orders@/INBOX", "names no server"),
        ("imap://orders@mail.example.org:99999/INBOX", "port"),
        ("pop3://orders@mail.example.org", "imap://"),
        ("imap://orders@mail.example.org/INBOX?x=1", "no ?query"),
    ],
)
def test_bad_imap_urls_say_what_is_wrong(url: str, says: str) -> None:
    with pytest.raises(SourceError) as caught:
        parse_imap_url(url)
    assert caught.value.code is SourceCode.IMAP_URL and says in str(caught.value)
    assert "secret" not in str(caught.value)


def test_imap_location_prints_without_a_password() -> None:
    loc = ImapLocation("orders@example.org", "mail.example.org", 993)
    assert str(loc) == "imap://orders%40example.org@mail.example.org:993/INBOX"
    assert parse_imap_url(str(loc)) == loc


class FakeImap:
    """Just enough of imaplib.IMAP4 for the source: login, select, UID SEARCH/FETCH/STORE."""

    def __init__(self, messages: dict[str, bytes], password: str = "right", folders: tuple[str, ...] = ("INBOX",)):
        self.messages = messages
        self.seen: set[str] = set()
        self.password = password
        self.folders = folders
        self.calls: list[tuple[Any, ...]] = []
        self.logged_out = False

    def login(self, user: str, password: str) -> tuple[str, list[bytes]]:
        self.calls.append(("login", user))
        if password != self.password:
            raise imaplib.IMAP4.error("[AUTHENTICATIONFAILED] Invalid credentials")
        return "OK", [b"Logged in"]

    def select(self, folder: str) -> tuple[str, list[bytes]]:
        self.calls.append(("select", folder))
        if folder.strip('"') not in self.folders:
            return "NO", [b"[NONEXISTENT] Unknown Mailbox"]
        return "OK", [str(len(self.messages)).encode()]

    def uid(self, command: str, *args: str) -> tuple[str, list[Any]]:
        self.calls.append(("uid", command, *args))
        if command == "SEARCH":
            unseen = [u for u in self.messages if u not in self.seen]
            return "OK", [" ".join(unseen).encode()]
        if command == "FETCH":
            uid, what = args
            assert what == "(BODY.PEEK[])"
            if uid not in self.messages:
                return "OK", [None]
            raw = self.messages[uid]
            return "OK", [(f"1 (UID {uid} BODY[] {{{len(raw)}}}".encode(), raw), b")"]
        if command == "STORE":
            uid, op, flags = args
            assert (op, flags) == ("+FLAGS", "(\\Seen)")
            self.seen.add(uid)
            return "OK", [b"done"]
        return "BAD", [b"unknown"]

    def close(self) -> tuple[str, list[bytes]]:
        return "OK", [b""]

    def logout(self) -> tuple[str, list[bytes]]:
        self.logged_out = True
        return "BYE", [b""]


ENV = {IMAP_PASSWORD_ENV: "right"}


def test_imap_reads_unseen_mail_and_marks_seen_only_on_confirm() -> None:
    server = FakeImap({"7": mail(7), "8": mail(8)})
    with open_source("imap://orders@mail.example.org/INBOX", env=ENV, imap_connect=lambda loc: server) as inbox:
        items = list(inbox)
        items[1].confirm()
    assert [(i.key, i.raw) for i in items] == [("7", mail(7)), ("8", mail(8))]
    assert server.seen == {"8"} and server.logged_out
    with open_source("imap://orders@mail.example.org/INBOX", env=ENV, imap_connect=lambda loc: server) as inbox:
        assert [i.key for i in inbox] == ["7"]


def test_imap_quotes_folder_names_with_spaces() -> None:
    server = FakeImap({}, folders=("Game 7",))
    with open_source("imap://o@h/Game%207", env=ENV, imap_connect=lambda loc: server) as inbox:
        assert list(inbox) == []
    assert ("select", '"Game 7"') in server.calls


def test_imap_confirm_after_the_block_is_an_error() -> None:
    server = FakeImap({"1": mail(1)})
    with open_source("imap://o@h", env=ENV, imap_connect=lambda loc: server) as inbox:
        item = next(iter(inbox))
    with pytest.raises(SourceError) as caught:
        item.confirm()
    assert caught.value.code is SourceCode.IMAP_COMMAND and "inside the `with` block" in str(caught.value)


def test_imap_wrong_password_is_a_login_error() -> None:
    server = FakeImap({}, password="other")
    with pytest.raises(SourceError) as caught:
        with open_source("imap://o@h", env=ENV, imap_connect=lambda loc: server):
            pass
    assert caught.value.code is SourceCode.IMAP_LOGIN and IMAP_PASSWORD_ENV in str(caught.value)
    assert server.logged_out


def test_imap_unknown_folder_is_reported() -> None:
    with pytest.raises(SourceError) as caught:
        with open_source("imap://o@h/Orders", env=ENV, imap_connect=lambda loc: FakeImap({})):
            pass
    assert caught.value.code is SourceCode.IMAP_FOLDER and "'Orders'" in str(caught.value)


def test_imap_unreachable_server_is_reported() -> None:
    def refuse(loc: ImapLocation) -> Any:
        raise ConnectionRefusedError(111, "Connection refused")

    with pytest.raises(SourceError) as caught:
        with open_source("imap+plain://o@127.0.0.1:9/INBOX", env=ENV, imap_connect=refuse):
            pass
    assert caught.value.code is SourceCode.IMAP_CONNECT and "127.0.0.1:9" in str(caught.value)


def test_imap_password_is_asked_for_when_not_in_the_environment() -> None:
    asked: list[str] = []

    def prompt(question: str) -> str:
        asked.append(question)
        return "right"

    server = FakeImap({})
    with open_source("imap://o@h", env={}, prompt=prompt, imap_connect=lambda loc: server):
        pass
    assert asked == ["IMAP password for o at h: "]


def test_imap_without_password_or_terminal_says_which_variable_to_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    with pytest.raises(SourceError) as caught:
        open_source("imap://o@h", env={})
    assert caught.value.code is SourceCode.IMAP_PASSWORD and IMAP_PASSWORD_ENV in str(caught.value)


def test_imap_to_a_closed_port_fails_cleanly() -> None:
    """The real connector, against a local port nobody listens on."""
    with pytest.raises(SourceError) as caught:
        with open_source("imap+plain://o@127.0.0.1:9/INBOX", env=ENV):
            pass
    assert caught.value.code is SourceCode.IMAP_CONNECT
