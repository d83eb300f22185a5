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
Message-ID: queueing the same mail again (a re-run after a crash) does nothing. `send_outbox`
delivers what is queued over SMTP, moves each sent file into a sibling ``sent`` Maildir, and
leaves failures queued for the next run, with the reason in the `SendReport`.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import shutil
import smtplib
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import format_datetime, getaddresses
from pathlib import Path

SMTP_TIMEOUT = 30.0
MAILDIR_SUFFIX = ".campaign"


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
    for maildir in (outbox, sent_dir if sent_dir is not None else sent_dir_for(outbox)):
        found = _existing(maildir, base)
        if found is not None:
            return found, False
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
    """One message that stays queued, and why."""

    file: str
    message_id: str
    error: str
    permanent: bool = False
    """True when the server answered 5xx: retrying will fail again until someone fixes the cause."""


@dataclass(frozen=True, slots=True)
class SendReport:
    """What one `send_outbox` run did."""

    sent: tuple[Sent, ...] = ()
    failed: tuple[Failed, ...] = ()

    @property
    def ok(self) -> bool:
        """True when nothing is left queued by this run."""
        return not self.failed

    def __str__(self) -> str:
        lines = [f"sent {len(self.sent)}, still queued {len(self.failed)}"]
        lines += [
            f"  sent {s.message_id} to {', '.join(s.recipients)}"
            + (f" (refused: {', '.join(s.refused)})" if s.refused else "")
            for s in self.sent
        ]
        lines += [f"  queued {f.message_id or f.file}: {f.error}" for f in self.failed]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class _Envelope:
    mail_from: str
    recipients: tuple[str, ...]
    message_id: str


def _envelope(raw: bytes) -> _Envelope:
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
    """Send every queued message over SMTP; sent ones move to the sent Maildir, failures stay queued.

    Recipients are the To and Cc addresses; the envelope sender is `mail_from` or the From
    address. One connection serves the whole run and is re-opened once if the server drops it.
    """
    outbox = Path(outbox_dir)
    sent_box = sent_dir if sent_dir is not None else sent_dir_for(outbox)
    sent: list[Sent] = []
    failed: list[Failed] = []
    smtp: smtplib.SMTP | None = None
    files = queued(outbox)
    try:
        for index, path in enumerate(files):
            try:
                raw = path.read_bytes()
            except FileNotFoundError:
                continue  # sent by a concurrent run
            env = _envelope(raw)
            if not env.recipients:
                failed.append(Failed(path.name, env.message_id, "the message has no To or Cc address", True))
                continue
            if smtp is None:
                try:
                    smtp = _connect(
                        host,
                        port,
                        starttls=starttls,
                        implicit_tls=implicit_tls,
                        username=username,
                        password=password,
                        timeout=timeout,
                    )
                except (smtplib.SMTPException, OSError) as exc:
                    error, permanent = _describe(exc, host, port)
                    failed.extend(_left(files[index:], error, permanent))
                    break
            try:
                refused = smtp.sendmail(
                    mail_from if mail_from is not None else env.mail_from, list(env.recipients), _crlf(raw)
                )
            except (smtplib.SMTPServerDisconnected, OSError) as exc:
                error, permanent = _describe(exc, host, port)
                failed.append(Failed(path.name, env.message_id, error, permanent))
                smtp.close()
                smtp = None  # reconnect for the next message
                continue
            except smtplib.SMTPException as exc:
                error, permanent = _describe(exc, host, port)
                failed.append(Failed(path.name, env.message_id, error, permanent))
                continue
            _move_to_sent(path, sent_box)
            sent.append(
                Sent(path.name, env.message_id, tuple(r for r in env.recipients if r not in refused), tuple(refused))
            )
    finally:
        if smtp is not None:
            _quit(smtp)
    return SendReport(tuple(sent), tuple(failed))


def _left(paths: list[Path], error: str, permanent: bool) -> Iterator[Failed]:
    for path in paths:
        try:
            message_id = _envelope(path.read_bytes()).message_id
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
    "ensure_maildir",
    "make_message_id",
    "message_bytes",
    "queue_message",
    "queued",
    "send_outbox",
    "sent_dir_for",
]
