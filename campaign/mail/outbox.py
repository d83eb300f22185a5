"""Outgoing mail: build messages (text + HTML + inline board PNG + SVG attachment), queue, send.

Building is pure and deterministic: the same `OutgoingMail` always gives the same bytes. The
caller passes the Date (no clock inside) and a stable `token` (say ``"game:7/digest/turn-3/bob"``)
from which the Message-ID is derived; MIME boundaries are derived from it too.

The shape of a full digest::

    multipart/mixed
    ├── multipart/alternative
    │   ├── text/plain                        the digest as text
    │   └── multipart/related
    │       ├── text/html                     shows the board with <img src="cid:board">
    │       └── image/png  (inline, Content-ID: <board>)
    └── image/svg+xml  (attachment)           the same board as SVG

Queueing writes into a Maildir outbox (tmp/ then an atomic rename into new/), once per
Message-ID: queueing the same mail again (a re-run after a crash) does nothing. Leftovers in
tmp/ of a writer that died are removed by the next queueing or sending run.

`send_outbox` delivers what is queued over SMTP, one run at a time (a lock file). Each mail
keeps its one Message-ID across every attempt, and moves through folders that say where it is:

* ``new/``: queued. A retried mail's file name carries its attempt count (``...:t2``).
* ``sending/``: the SMTP transaction for it has begun. A file found here by the next run was
  in flight when a run died or the server hung up after taking the data: it *may have been
  delivered*. It is sent again (a duplicate carries the same Message-ID, which mail programs
  fold into one) and the `SendReport` names it; after `MAX_UNCERTAIN` such attempts it goes to
  ``failed/`` instead of being sent again.
* the sibling ``sent`` Maildir: the server accepted it.
* ``failed/``: the server refused it for good (5xx for this mail), with a ``.reason`` file
  beside it holding the server's answer. It is never retried; `campaign mail queue` lists it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import secrets
import shutil
import smtplib
import ssl
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import format_datetime, getaddresses
from pathlib import Path
from typing import Any

SMTP_TIMEOUT = 30.0
MAILDIR_SUFFIX = ".campaign"
MAX_UNCERTAIN = 3
"""A mail whose delivery was left uncertain this many times (a hang-up or crash mid-transaction) goes to failed/."""
TMP_MAX_AGE = 3600.0
"""A file in tmp/ this old (seconds) is a dead writer's leftover whatever its process id says."""


@dataclass(frozen=True, slots=True)
class InlineImage:
    """A picture shown inside the HTML part, referred to there as ``<img src="cid:{cid}">``."""

    cid: str
    """The Content-ID without angle brackets, e.g. ``board`` or ``board.turn3@campaign``."""
    data: bytes
    filename: str = "board.png"
    subtype: str = "png"

    def html_ref(self) -> str:
        """What the HTML's ``<img src=...>`` must say to show this image."""
        return f"cid:{self.cid}"


@dataclass(frozen=True, slots=True)
class FileAttachment:
    """A file attached to the mail (the board as SVG, an audit bundle, ...)."""

    filename: str
    data: bytes
    content_type: str = "application/octet-stream"


@dataclass(frozen=True, slots=True)
class OutgoingMail:
    """Everything an outgoing message holds; `build_message` turns it into an EmailMessage."""

    sender: str
    """The From header, e.g. ``Campaign referee <referee@example.org>``; its domain names the Message-ID."""
    to: tuple[str, ...]
    subject: str
    text: str
    date: datetime
    """When the mail is dated: timezone-aware, passed in by the caller (builders read no clock)."""
    token: str
    """A stable token unique to this mail; the Message-ID and boundaries derive from it."""
    html: str | None = None
    inline_images: tuple[InlineImage, ...] = ()
    attachments: tuple[FileAttachment, ...] = ()
    in_reply_to: str = ""
    """The Message-ID being answered (``<id@host>``), or empty."""
    references: tuple[str, ...] = ()
    """The References of the mail answered; `in_reply_to` is appended when it is not already there."""
    cc: tuple[str, ...] = ()
    reply_to: str = ""
    auto_submitted: str = "auto-generated"
    """RFC 3834 Auto-Submitted value (``auto-replied`` for answers), so autoresponders do not loop; '' omits it."""
    headers: tuple[tuple[str, str], ...] = ()
    """Extra headers, e.g. ``(("X-Campaign-Game", "7"),)``."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def domain_of_sender(sender: str) -> str:
    """The domain part of a From value, or ``campaign.invalid`` when it has none."""
    addresses = getaddresses([sender])
    addr = addresses[0][1] if addresses else ""
    domain = addr.rpartition("@")[2].strip().lower()
    return domain or "campaign.invalid"


def make_message_id(token: str, domain: str) -> str:
    """``<sha256(token)[:32]@domain>``: the same token always gives the same Message-ID."""
    return f"<{_digest(token)[:32]}@{domain}>"


def build_message(mail: OutgoingMail) -> EmailMessage:
    """Build the message (policy SMTP); ValueError names any field that cannot be used."""
    problems: list[str] = []
    if mail.date.tzinfo is None or mail.date.utcoffset() is None:
        problems.append("date must be timezone-aware (e.g. datetime(..., tzinfo=UTC))")
    if not mail.to:
        problems.append("to must name at least one recipient")
    if not mail.token:
        problems.append("token must not be empty (it makes the Message-ID)")
    if mail.inline_images and not mail.html:
        problems.append("inline images need an html part to show them")
    for img in mail.inline_images:
        if img.html_ref() not in (mail.html or ""):
            problems.append(f"inline image {img.cid!r} is not referred to in the html as {img.html_ref()!r}")
    if problems:
        raise ValueError("cannot build mail: " + "; ".join(problems))

    msg = EmailMessage(policy=policy.SMTP)
    msg["From"] = mail.sender
    msg["To"] = ", ".join(mail.to)
    if mail.cc:
        msg["Cc"] = ", ".join(mail.cc)
    if mail.reply_to:
        msg["Reply-To"] = mail.reply_to
    msg["Subject"] = mail.subject
    msg["Date"] = format_datetime(mail.date)
    msg["Message-ID"] = make_message_id(mail.token, domain_of_sender(mail.sender))
    references = list(mail.references)
    if mail.in_reply_to:
        msg["In-Reply-To"] = mail.in_reply_to
        if mail.in_reply_to not in references:
            references.append(mail.in_reply_to)
    if references:
        msg["References"] = " ".join(references)
    if mail.auto_submitted:
        msg["Auto-Submitted"] = mail.auto_submitted
    for name, value in mail.headers:
        msg[name] = value

    msg.set_content(mail.text, cte="quoted-printable")
    if mail.html is not None:
        msg.add_alternative(mail.html, subtype="html", cte="quoted-printable")
        html_part = msg.get_body(preferencelist=("html",))
        assert isinstance(html_part, EmailMessage)
        for img in mail.inline_images:
            html_part.add_related(
                img.data,
                maintype="image",
                subtype=img.subtype,
                cid=f"<{img.cid}>",
                filename=img.filename,
                disposition="inline",
            )
    for att in mail.attachments:
        maintype, _, subtype = att.content_type.partition("/")
        msg.add_attachment(att.data, maintype=maintype, subtype=subtype or "octet-stream", filename=att.filename)
    _fix_boundaries(msg, mail.token)
    return msg


def _fix_boundaries(msg: EmailMessage, token: str) -> None:
    """Deterministic MIME boundaries: ``=_`` never occurs in quoted-printable or base64 content."""
    digest = _digest("boundary:" + token)[:24]
    for i, part in enumerate(p for p in msg.walk() if p.is_multipart()):
        part.set_boundary(f"=_{digest}_{i}")


def message_bytes(msg: EmailMessage) -> bytes:
    """The message as sent on the wire (CRLF line ends, lines of at most 78 characters)."""
    return msg.as_bytes(policy=policy.SMTP)


# --- the Maildir outbox -----------------------------------------------------------------------------


def sent_dir_for(outbox: Path) -> Path:
    """The Maildir that sent mail moves to: ``sent`` beside the outbox."""
    return outbox.parent / "sent"


def ensure_maildir(path: Path) -> Path:
    """Create a Maildir (tmp/, new/, cur/) if it is not there yet."""
    for sub in ("tmp", "new", "cur"):
        (path / sub).mkdir(parents=True, exist_ok=True)
    return path


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _existing(maildir: Path, base: str) -> Path | None:
    for sub in ("new", "cur"):
        folder = maildir / sub
        if folder.is_dir():
            for name in os.listdir(folder):
                if name == base or name.startswith(base + ":"):
                    return folder / name
    return None


def queue_message(outbox: Path, msg: EmailMessage, *, sent_dir: Path | None = None) -> tuple[Path, bool]:
    """Write `msg` into the outbox Maildir atomically (tmp/ then new/); (path, True if newly queued).

    The file is named after the Message-ID, so a mail already queued or already sent (found in
    the sent Maildir) is not queued again: re-running a job after a crash sends nothing twice.
    """
    message_id = str(msg.get("Message-ID", "")).strip()
    if not message_id:
        raise ValueError("cannot queue a message without a Message-ID (build it with build_message)")
    base = _digest(message_id)[:40] + MAILDIR_SUFFIX
    ensure_maildir(outbox)
    clean_tmp(outbox)
    for maildir in (outbox, sent_dir if sent_dir is not None else sent_dir_for(outbox)):
        found = _existing(maildir, base)
        if found is not None:
            return found, False
    for folder in (outbox / "sending", outbox / "failed"):
        if folder.is_dir() and any(n == base or n.startswith(base + ":") for n in os.listdir(folder)):
            return folder / base, False
    # a tmp name of our own (two processes may queue the same mail at once), then an atomic link that
    # fails if the mail got queued meanwhile: exactly one copy lands in new/
    tmp = outbox / "tmp" / f"{base}.{os.getpid()}.{secrets.token_hex(4)}"
    data = message_bytes(msg)
    with tmp.open("wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    target = outbox / "new" / base
    try:
        os.link(tmp, target)
    except FileExistsError:
        return target, False
    finally:
        tmp.unlink()
    _fsync_dir(outbox / "new")
    return target, True


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0
    return True


def clean_tmp(outbox: Path, *, now: float | None = None) -> list[str]:
    """Remove files in ``tmp/`` left by a writer that died (its process is gone, or the file is old).

    Our tmp names are ``<base>.<pid>.<random>``; a file whose process no longer runs was never
    linked into new/ and never will be. Files older than `TMP_MAX_AGE` go whatever their name.
    """
    folder = outbox / "tmp"
    if not folder.is_dir():
        return []
    now = time.time() if now is None else now
    removed: list[str] = []
    for name in sorted(os.listdir(folder)):
        path = folder / name
        parts = name.split(".")
        pid = int(parts[-2]) if len(parts) >= 3 and parts[-2].isdigit() else None
        try:
            old = now - path.stat().st_mtime > TMP_MAX_AGE
        except FileNotFoundError:
            continue
        if old or (pid is not None and pid != os.getpid() and not _pid_alive(pid)):
            try:
                path.unlink()
                removed.append(name)
            except FileNotFoundError:
                pass
    return removed


def queued(outbox: Path) -> list[Path]:
    """The files waiting in the outbox's new/, oldest name first."""
    folder = outbox / "new"
    if not folder.is_dir():
        return []
    return [folder / n for n in sorted(os.listdir(folder)) if not n.startswith(".")]


# --- sending ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sent:
    """One message the server accepted."""

    file: str
    message_id: str
    recipients: tuple[str, ...]
    refused: tuple[str, ...] = ()
    """Recipients the server refused while accepting others (the mail is not retried for them)."""


@dataclass(frozen=True, slots=True)
class Failed:
    """One message that was not delivered by this run, and why."""

    file: str
    message_id: str
    error: str
    permanent: bool = False
    """True when the server refused this mail for good (5xx): it moved to failed/ and is not retried."""
    to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SendReport:
    """What one `send_outbox` run did."""

    sent: tuple[Sent, ...] = ()
    failed: tuple[Failed, ...] = ()
    """Mail not delivered: still queued (`permanent` False) or moved to failed/ (`permanent` True)."""
    maybe_twice: tuple[str, ...] = ()
    """Message-IDs found in flight from an earlier run: they may have been delivered already, so the
    copy sent now may be a duplicate (with the same Message-ID)."""
    cleaned: tuple[str, ...] = ()
    """Leftover files removed from tmp/."""

    def as_json(self) -> dict[str, Any]:
        """`campaign mail send --json`."""
        return {
            "sent": len(self.sent),
            "failed": [str(f) for f in self.failed if not f.permanent],
            "failed_for_good": [{"message_id": f.message_id, "error": f.error} for f in self.dead],
            "maybe_delivered_twice": list(self.maybe_twice),
        }

    @property
    def ok(self) -> bool:
        """True when nothing is left queued by this run."""
        return not self.failed

    @property
    def dead(self) -> tuple[Failed, ...]:
        """The mail this run moved to failed/."""
        return tuple(f for f in self.failed if f.permanent)

    def __str__(self) -> str:
        queued_now = [f for f in self.failed if not f.permanent]
        lines = [f"sent {len(self.sent)}, still queued {len(queued_now)}, failed for good {len(self.dead)}"]
        lines += [
            f"  sent {s.message_id} to {', '.join(s.recipients)}"
            + (f" (refused: {', '.join(s.refused)})" if s.refused else "")
            for s in self.sent
        ]
        lines += [f"  queued {f.message_id or f.file}: {f.error}" for f in queued_now]
        lines += [f"  FAILED {f.message_id or f.file} (moved to failed/): {f.error}" for f in self.dead]
        lines += [
            f"  may have been delivered twice: {m} (an earlier run died or the server hung up while sending it)"
            for m in self.maybe_twice
        ]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class _Envelope:
    mail_from: str
    recipients: tuple[str, ...]
    message_id: str


def envelope_of(raw: bytes) -> _Envelope:
    headers = BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
    senders = [a for _, a in getaddresses([str(v) for v in headers.get_all("From", [])]) if "@" in a]
    rcpts: list[str] = []
    for name in ("To", "Cc"):
        for _, addr in getaddresses([str(v) for v in headers.get_all(name, [])]):
            if "@" in addr and addr not in rcpts:
                rcpts.append(addr)
    return _Envelope(senders[0] if senders else "", tuple(rcpts), " ".join(str(headers.get("Message-ID", "")).split()))


def _crlf(raw: bytes) -> bytes:
    return re.sub(rb"\r?\n", b"\r\n", raw)


def _code_text(code: int, message: bytes | str) -> str:
    text = message.decode("utf-8", "replace") if isinstance(message, bytes) else str(message)
    return f"{code} {' '.join(text.split())}"


def _move_to_sent(path: Path, sent: Path) -> None:
    ensure_maildir(sent)
    target = sent / "cur" / f"{path.name}:2,S"
    try:
        os.replace(path, target)
    except OSError:
        shutil.move(str(path), str(target))  # another file system
    _fsync_dir(sent / "cur")


def _connect(
    host: str,
    port: int,
    *,
    starttls: bool,
    implicit_tls: bool,
    username: str | None,
    password: str | None,
    timeout: float,
) -> smtplib.SMTP:
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if implicit_tls:
        smtp = smtplib.SMTP_SSL(host, port, timeout=timeout, context=context)
    else:
        smtp = smtplib.SMTP(host, port, timeout=timeout)
    try:
        smtp.ehlo_or_helo_if_needed()
        if starttls:
            smtp.starttls(context=context)
            smtp.ehlo()
        if username:
            smtp.login(username, password or "")
    except BaseException:
        _quit(smtp)
        raise
    return smtp


def _quit(smtp: smtplib.SMTP) -> None:
    try:
        smtp.quit()
    except (smtplib.SMTPException, OSError):
        smtp.close()


def _describe(exc: BaseException, host: str, port: int) -> tuple[str, bool]:
    """A sentence for the report, and whether the failure is permanent (5xx)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = [c for c, _ in exc.recipients.values()]
        text = "; ".join(f"{r}: {_code_text(c, m)}" for r, (c, m) in exc.recipients.items())
        return f"every recipient was refused ({text})", all(c >= 500 for c in codes)
    if isinstance(exc, smtplib.SMTPSenderRefused):
        return f"the sender {exc.sender} was refused: {_code_text(exc.smtp_code, exc.smtp_error)}", exc.smtp_code >= 500
    if isinstance(exc, smtplib.SMTPResponseException):
        return f"{host} answered {_code_text(exc.smtp_code, exc.smtp_error)}", exc.smtp_code >= 500
    if isinstance(exc, smtplib.SMTPNotSupportedError):
        return f"{host}:{port} does not support it: {exc}", False
    if isinstance(exc, smtplib.SMTPServerDisconnected):
        return f"{host}:{port} closed the connection ({exc or 'no reason given'})", False
    if isinstance(exc, OSError):
        return f"cannot reach {host}:{port}: {exc.strerror or exc}", False
    return f"{type(exc).__name__}: {exc}", False


class _Uncertain(Exception):
    """The connection broke after the message data went out: the server may have taken it."""


def _transact(smtp: smtplib.SMTP, mail_from: str, rcpts: list[str], data: bytes) -> dict[str, tuple[int, bytes]]:
    """One SMTP transaction (as `smtplib.SMTP.sendmail`), telling a break during DATA apart."""
    code, resp = smtp.mail(mail_from)
    if code != 250:
        _reset(smtp)
        raise smtplib.SMTPSenderRefused(code, resp, mail_from)
    refused: dict[str, tuple[int, bytes]] = {}
    for rcpt in rcpts:
        code, resp = smtp.rcpt(rcpt)
        if code not in (250, 251):
            refused[rcpt] = (code, resp)
    if len(refused) == len(rcpts):
        _reset(smtp)
        raise smtplib.SMTPRecipientsRefused(refused)
    try:
        code, resp = smtp.data(data)
    except (smtplib.SMTPServerDisconnected, OSError) as exc:
        raise _Uncertain(str(exc) or "the connection closed") from exc
    if code != 250:
        _reset(smtp)
        raise smtplib.SMTPDataError(code, resp)
    return refused


def _reset(smtp: smtplib.SMTP) -> None:
    try:
        smtp.rset()
    except (smtplib.SMTPException, OSError):
        pass


def _tries(name: str) -> int:
    tail = name.rpartition(":t")[2]
    return int(tail) if ":t" in name and tail.isdigit() else 0


def _base_name(name: str) -> str:
    return name.partition(":")[0]


def _recover(outbox: Path, failed: list[Failed]) -> list[str]:
    """Files left in sending/ by a run that died mid-transaction: back to new/ with one more try, or failed/."""
    folder = outbox / "sending"
    if not folder.is_dir():
        return []
    again: list[str] = []
    for name in sorted(os.listdir(folder)):
        path = folder / name
        env = envelope_of(path.read_bytes())
        tries = _tries(name) + 1
        if tries >= MAX_UNCERTAIN:
            reason = (
                f"its delivery was left uncertain {tries} times (a crash or a hang-up while sending);"
                " it may have arrived"
            )
            _to_failed(outbox, path, reason)
            failed.append(Failed(path.name, env.message_id, reason, True, env.recipients))
            continue
        os.replace(path, outbox / "new" / f"{_base_name(name)}:t{tries}")
        again.append(env.message_id)
    return again


def _to_failed(outbox: Path, path: Path, reason: str) -> None:
    folder = outbox / "failed"
    folder.mkdir(exist_ok=True)
    target = folder / _base_name(path.name)
    (folder / f"{target.name}.reason").write_text(reason + "\n", encoding="utf-8")
    os.replace(path, target)
    _fsync_dir(folder)


class _Lock:
    """One `send_outbox` run at a time per outbox (an flock on ``outbox/.send.lock``)."""

    def __init__(self, outbox: Path):
        ensure_maildir(outbox)
        self.fh = (outbox / ".send.lock").open("a")

    def __enter__(self) -> _Lock:
        fcntl.flock(self.fh, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.fh, fcntl.LOCK_UN)
        self.fh.close()


@dataclass
class _Run:
    """The state of one sending run."""

    outbox: Path
    sent_box: Path
    connect: Any
    mail_from: str | None
    host: str
    port: int
    smtp: smtplib.SMTP | None = None
    sent: list[Sent] = field(default_factory=list)
    failed: list[Failed] = field(default_factory=list)

    def one(self, path: Path) -> bool:
        """Send one queued file; False when the server cannot be reached (the rest stays queued)."""
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return True
        env = envelope_of(raw)
        if not env.recipients:
            _to_failed(self.outbox, path, "the message has no To or Cc address")
            self.failed.append(Failed(path.name, env.message_id, "the message has no To or Cc address", True))
            return True
        if self.smtp is None:
            try:
                self.smtp = self.connect()
            except (smtplib.SMTPException, OSError) as exc:
                error, _ = _describe(exc, self.host, self.port)
                self.failed.append(Failed(path.name, env.message_id, error, False, env.recipients))
                return False
        sending = self.outbox / "sending" / path.name
        os.replace(path, sending)  # recorded before the transaction: a crash from here on is "may have been sent"
        _fsync_dir(self.outbox / "sending")
        self._transact(sending, env, raw)
        return True

    def _transact(self, sending: Path, env: _Envelope, raw: bytes) -> None:
        assert self.smtp is not None
        sender = self.mail_from if self.mail_from is not None else env.mail_from
        try:
            refused = _transact(self.smtp, sender, list(env.recipients), _crlf(raw))
        except _Uncertain as exc:
            self._drop()
            error = (
                f"{self.host}:{self.port} closed the connection while taking the message ({exc}); it may have arrived"
            )
            self.failed.append(Failed(sending.name, env.message_id, error, False, env.recipients))
            return  # stays in sending/: the next run counts it as uncertain
        except (smtplib.SMTPServerDisconnected, OSError) as exc:
            self._drop()
            self._back(sending, env, exc)
            return
        except smtplib.SMTPException as exc:
            self._back(sending, env, exc)
            return
        _move_to_sent(sending, self.sent_box)
        self.sent.append(
            Sent(sending.name, env.message_id, tuple(r for r in env.recipients if r not in refused), tuple(refused))
        )

    def _back(self, sending: Path, env: _Envelope, exc: BaseException) -> None:
        error, permanent = _describe(exc, self.host, self.port)
        if permanent:
            _to_failed(self.outbox, sending, error)
        else:
            os.replace(sending, self.outbox / "new" / sending.name)
        self.failed.append(Failed(sending.name, env.message_id, error, permanent, env.recipients))

    def _drop(self) -> None:
        if self.smtp is not None:
            self.smtp.close()
        self.smtp = None


def send_outbox(
    outbox_dir: Path | str,
    host: str,
    port: int,
    starttls: bool = False,
    username: str | None = None,
    password: str | None = None,
    *,
    implicit_tls: bool = False,
    sent_dir: Path | None = None,
    mail_from: str | None = None,
    timeout: float = SMTP_TIMEOUT,
) -> SendReport:
    """Send every queued message over SMTP; see the module doc for where each one ends up.

    Recipients are the To and Cc addresses; the envelope sender is `mail_from` or the From
    address. One connection serves the whole run and is re-opened if the server drops it.
    Failures to connect or log in leave everything queued (fix the settings and run again).
    """
    outbox = Path(outbox_dir)

    def connect() -> smtplib.SMTP:
        return _connect(
            host,
            port,
            starttls=starttls,
            implicit_tls=implicit_tls,
            username=username,
            password=password,
            timeout=timeout,
        )

    run = _Run(outbox, sent_dir if sent_dir is not None else sent_dir_for(outbox), connect, mail_from, host, port)
    with _Lock(outbox):
        cleaned = clean_tmp(outbox)
        (outbox / "sending").mkdir(exist_ok=True)
        again = _recover(outbox, run.failed)
        files = queued(outbox)
        try:
            for index, path in enumerate(files):
                if not run.one(path):
                    error = run.failed[-1].error
                    run.failed.extend(_left(files[index + 1 :], error, False))
                    break
        finally:
            if run.smtp is not None:
                _quit(run.smtp)
    return SendReport(tuple(run.sent), tuple(run.failed), tuple(again), tuple(cleaned))


def _left(paths: list[Path], error: str, permanent: bool) -> Iterator[Failed]:
    for path in paths:
        try:
            message_id = envelope_of(path.read_bytes()).message_id
        except OSError:
            message_id = ""
        yield Failed(path.name, message_id, error, permanent)


__all__ = [
    "FileAttachment",
    "Failed",
    "InlineImage",
    "OutgoingMail",
    "SendReport",
    "Sent",
    "build_message",
    "clean_tmp",
    "envelope_of",
    "ensure_maildir",
    "make_message_id",
    "message_bytes",
    "queue_message",
    "queued",
    "send_outbox",
    "sent_dir_for",
]
