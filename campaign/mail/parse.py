"""Turn one raw inbound mail into the order text a player meant, plus what the reply needs.

`parse_message` never raises: whatever arrives (HTML-only mail, odd charsets, broken base64,
huge attachments, no Message-ID, no body at all) gives an `InboundMail`, with anything that went
wrong listed in `problems`, so every mail can be answered.

How the order text is found:

* The body is the message's own text parts: in ``multipart/alternative`` the ``text/plain``
  version wins; HTML is used only when there is no plain text (converted by `html_to_text`).
  Attachments (anything with a file name or ``Content-Disposition: attachment``) are listed in
  `InboundMail.attachments` with their size and never read: orders go in the body.
* `clean_text` then drops what the player did not write for us: quoted lines (``>``) and the
  "On ... wrote:" line before them, Outlook's "-----Original Message-----" tail, everything from
  the signature separator ``-- `` on, and trailing phone signatures ("Sent from my iPhone").
  Dropped lines in the middle become blank lines, so line numbers still count from the first
  line of the body as the player sees it.
* Forwarded mail: only the player's own text counts. The forwarded message (an attached
  ``message/rfc822`` part, or an inline "---------- Forwarded message ---------" block) is used
  only when the player wrote nothing above it, so "please use these orders" + a forward of an
  older mail does not silently file the old orders, but forwarding one's orders without comment
  works. `InboundMail.text_source` says which happened.
"""

from __future__ import annotations

import codecs
import hashlib
import re
from dataclasses import dataclass, field
from email import policy
from email.message import Message
from email.parser import BytesHeaderParser, BytesParser
from email.utils import getaddresses, parseaddr
from enum import Enum, StrEnum

from campaign.mail.auth import AuthResults, parse_authentication_results
from campaign.mail.htmltext import html_to_text

MAX_TEXT_CHARS = 100_000
"""Order text beyond this refuses the mail whole (a real order mail is a few hundred characters)."""
MAX_MESSAGE_BYTES = 10 * 1024 * 1024
"""A mail larger than this is not parsed at all: only its headers are read, to answer it."""
MAX_LINES = 250_000
"""A mail with more lines than this is not parsed either (a 10 MB base64 photo has about 140,000)."""
MAX_CONTAINERS = 64
"""More multipart or message/* parts than this (counted on the raw bytes, before parsing) refuses the mail:
this bounds the nesting the parser would recurse into, whatever the headers claim."""
LARGE_ATTACHMENT = 1024 * 1024
"""Attachments above this size are flagged in `problems` (they are never read either way)."""
MAX_DEPTH = 16
"""MIME nesting deeper than this is not followed."""
SYNTHETIC_DOMAIN = "campaign.invalid"


class ProblemCode(StrEnum):
    """Something about an inbound mail that the reply (or the operator) should know."""

    UNPARSEABLE = "M-UNPARSEABLE"
    """The mail could not be parsed at all; nothing in it could be read."""
    NO_SENDER = "M-NO-SENDER"
    """No usable From address: the mail cannot be answered or tied to a player."""
    HEADER_MALFORMED = "M-HEADER-MALFORMED"
    """A header could not be read and was ignored."""
    CHARSET_UNKNOWN = "M-CHARSET-UNKNOWN"
    """The body names a character set Python does not know; it was read as UTF-8 or Windows-1252."""
    CHARSET_MISMATCH = "M-CHARSET-MISMATCH"
    """The body is not valid in the character set it names; it was read as Windows-1252."""
    BODY_UNDECODABLE = "M-BODY-UNDECODABLE"
    """The body's transfer encoding (base64, quoted-printable) is broken; what could be read was used."""
    TEXT_EMPTY = "M-TEXT-EMPTY"
    """No text was left once quotes and signatures were removed."""
    TEXT_TRUNCATED = "M-TEXT-TRUNCATED"
    """The text was longer than `MAX_TEXT_CHARS` and was cut off."""
    ATTACHMENT_LARGE = "M-ATTACHMENT-LARGE"
    """An attachment larger than `LARGE_ATTACHMENT` was skipped (attachments are never read)."""
    TOO_DEEP = "M-TOO-DEEP"
    """MIME parts nested deeper than `MAX_DEPTH` were ignored."""
    TOO_LARGE = "M-TOO-LARGE"
    """The mail is over `MAX_MESSAGE_BYTES`; it was not read (refused whole)."""
    TOO_MANY_LINES = "M-TOO-MANY-LINES"
    """The mail has over `MAX_LINES` lines; it was not read (refused whole)."""
    TOO_COMPLEX = "M-TOO-COMPLEX"
    """The mail has over `MAX_CONTAINERS` multipart or message parts; it was not read (refused whole)."""


FATAL = frozenset(
    {
        ProblemCode.UNPARSEABLE,
        ProblemCode.TEXT_TRUNCATED,
        ProblemCode.TOO_LARGE,
        ProblemCode.TOO_MANY_LINES,
        ProblemCode.TOO_COMPLEX,
    }
)
"""Problems that refuse the mail whole: part of it could not be read, so nothing in it is acted on."""


@dataclass(frozen=True, slots=True)
class MailProblem:
    """One problem found while reading a mail: a stable code and a sentence for people."""

    code: ProblemCode
    message: str

    def __str__(self) -> str:
        return f"{self.message} [{self.code.value}]"


class TextSource(Enum):
    """Where `InboundMail.text` came from."""

    PLAIN = "plain"
    """The mail's own text/plain part."""
    HTML = "html"
    """The mail's own HTML part, converted to text (the mail had no plain text)."""
    FORWARDED = "forwarded"
    """A forwarded message, because the player wrote nothing of their own above it."""
    NONE = "none"
    """The mail has no text part at all."""


@dataclass(frozen=True, slots=True)
class AttachmentInfo:
    """A part that is not body text, summarised without decoding it."""

    filename: str
    content_type: str
    size: int | None
    """Decoded size in bytes (computed from the encoded length, not by decoding); None if unknown."""


@dataclass(frozen=True, slots=True)
class InboundMail:
    """Everything the mail loop needs from one inbound message."""

    message_id: str
    """Normalised ``<id@host>``; synthesised from the SHA-256 of the mail when it has none."""
    sender: str
    """The From address, lower-cased; empty when there is none (see `problems`)."""
    sender_name: str = ""
    reply_to: str = ""
    """The Reply-To address, lower-cased, or empty."""
    subject: str = ""
    date: str = ""
    """The Date header as written (parsing it is the caller's business)."""
    text: str = ""
    """The order text: the player's own lines, line 1 being the first line of the body."""
    text_source: TextSource = TextSource.NONE
    auth: tuple[AuthResults, ...] = ()
    """Every Authentication-Results header, topmost (most recent) first."""
    attachments: tuple[AttachmentInfo, ...] = ()
    in_reply_to: str = ""
    references: tuple[str, ...] = ()
    problems: tuple[MailProblem, ...] = ()
    synthetic_id: bool = False
    """True when the mail had no usable Message-ID and `message_id` was derived from its bytes."""
    automated: str = ""
    """Why this mail must never be answered (RFC 3834: a bounce, Auto-Submitted, a list, bulk), or ''."""

    @property
    def fatal(self) -> tuple[MailProblem, ...]:
        """The problems that refuse the mail whole (see `FATAL`)."""
        return tuple(p for p in self.problems if p.code in FATAL)

    def has_problem(self, code: ProblemCode) -> bool:
        """True when `problems` holds a problem with `code`."""
        return any(p.code is code for p in self.problems)


# --- message ids ----------------------------------------------------------------------------------

_MSGID = re.compile(r"<([^<>\s]+)>")


def safe_text(value: str) -> str:
    """`value` with the lone surrogates of undecodable header bytes made U+FFFD (they cannot be stored)."""
    return value if value.isascii() else value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def normalise_message_id(value: str) -> str:
    """``<id@host>`` from a header value (unfolded, comments and junk around it dropped); '' if none."""
    text = " ".join(safe_text(value).split())
    m = _MSGID.search(text)
    core = m.group(1) if m else text.strip().strip("<>")
    if not core or any(c.isspace() for c in core) or "<" in core or ">" in core:
        return ""
    return f"<{core}>"


def synthetic_message_id(raw: bytes) -> str:
    """A stable id for a mail without one: SHA-256 of its bytes with line ends made LF.

    Line ends are normalised so the same mail read from a Maildir (LF) and from an IMAP server
    (CRLF) gets the same id.
    """
    digest = hashlib.sha256(raw.replace(b"\r\n", b"\n")).hexdigest()
    return f"<sha256.{digest}@{SYNTHETIC_DOMAIN}>"


def message_key(raw: bytes) -> str:
    """The mail's normalised Message-ID, read from its headers only; synthesised when missing."""
    try:
        headers = BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
        found = normalise_message_id(str(headers.get("Message-ID", "") or ""))
    except Exception:  # never raise on a malformed mail
        found = ""
    return found or synthetic_message_id(raw)


# --- cleaning the text ------------------------------------------------------------------------------

_ATTRIBUTION_END = re.compile(
    r"(wrote|writes|schrieb|a\s+écrit|escribió|skrev|scrisse|schreef|napisał|написал\w*)\s*:\s*$", re.IGNORECASE
)
_ATTRIBUTION_START = re.compile(r"^(on|am|le|el|il|op|den|w dniu)\s", re.IGNORECASE)
_ORIGINAL_MESSAGE = re.compile(r"^\s*-{3,}\s*original message\s*-{3,}\s*$", re.IGNORECASE)
_OUTLOOK_RULE = re.compile(r"^\s*_{10,}\s*$")
_FORWARD_MARKER = re.compile(
    r"^\s*(-{3,}\s*forwarded message\s*-*|begin forwarded message\s*:|-{3,}\s*message transféré\s*-*"
    r"|-{3,}\s*weitergeleitete nachricht\s*-*)\s*$",
    re.IGNORECASE,
)
_FORWARD_HEADER = re.compile(
    r"^\s*(from|date|sent|subject|to|cc|reply-to|de|von|datum|betreff|an|objet|à)\s*:", re.IGNORECASE
)
_REPLY_FROM = re.compile(r"^\s*(from|von|de)\s*:\s*\S", re.IGNORECASE)
_REPLY_SENT = re.compile(r"^\s*(sent|date|gesendet|datum|envoyé)\s*:\s*\S", re.IGNORECASE)
_MOBILE_SIGNATURE = re.compile(
    r"^\s*("
    r"sent from my \S.*|sent from (outlook|yahoo mail|mail for windows|proton mail|protonmail|gmail|aol)\b.*"
    r"|sent (with|via) \S.*|get outlook for \S.*|sent from my mobile.*"
    r"|envoyé de mon \S.*|envoyé depuis \S.*|von meinem \S.* gesendet\.?|gesendet von \S.*"
    r"|enviado desde mi \S.*|inviato da(l mio)? \S.*|verzonden vanaf mijn \S.*|verstuurd vanaf mijn \S.*"
    r")\s*$",
    re.IGNORECASE,
)
_INVISIBLE = str.maketrans({"\u200b": None, "\ufeff": None, "\u200c": None, "\u200d": None, "\xa0": " "})


def _is_quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def unflow(text: str, *, delsp: bool = False) -> str:
    """Undo RFC 3676 format=flowed: join soft-broken lines, remove space-stuffing."""
    out: list[str] = []
    pending = ""
    for line in text.split("\n"):
        quoted = line.startswith(">")
        if line.startswith(" "):
            line = line[1:]
        if pending and not quoted:
            line = pending + line
            pending = ""
        elif pending:
            out.append(pending)
            pending = ""
        if line.endswith(" ") and line != "-- " and not quoted:
            pending = line[:-1] if delsp else line
            continue
        out.append(line)
    if pending:
        out.append(pending)
    return "\n".join(out)


def _split_forward(lines: list[str]) -> tuple[list[str], list[str] | None]:
    """Split at an inline forward marker: (lines above it, the forwarded body) or (lines, None)."""
    for i, line in enumerate(lines):
        if _FORWARD_MARKER.match(line):
            body = lines[i + 1 :]
            j = 0
            while j < len(body) and not body[j].strip():
                j += 1
            while j < len(body) and body[j].strip():
                if not _FORWARD_HEADER.match(body[j]) and not body[j][:1].isspace():
                    break  # not a header block after all: the forwarded text starts here
                j += 1
            return lines[:i], body[j:]
    return lines, None


def _is_reply_header(lines: list[str], i: int) -> bool:
    """Outlook's quoted-reply block: ``From: ...`` with ``Sent:``/``Date:`` a line or few below."""
    return bool(_REPLY_FROM.match(lines[i])) and any(_REPLY_SENT.match(x) for x in lines[i + 1 : i + 4])


def _strip_lines(lines: list[str]) -> list[str]:
    """Cut tails (original message, signature), blank quotes and attributions, drop phone signatures."""
    for i, line in enumerate(lines):
        if (
            line in ("-- ", "--")
            or _ORIGINAL_MESSAGE.match(line)
            or (_OUTLOOK_RULE.match(line) and i + 1 < len(lines) and _FORWARD_HEADER.match(lines[i + 1]))
            or _is_reply_header(lines, i)
        ):
            lines = lines[:i]
            break
    out = [line.rstrip() for line in lines]
    for i, line in enumerate(out):
        if _is_quoted(line):
            out[i] = ""
            continue
        if not _ATTRIBUTION_END.search(line):
            continue
        nxt = next((x for x in out[i + 1 :] if x.strip()), None)
        if nxt is not None and not _is_quoted(nxt):
            continue
        out[i] = ""
        prev = i - 1
        if prev >= 0 and _ATTRIBUTION_START.match(out[prev]) and not _ATTRIBUTION_START.match(line):
            out[prev] = ""  # an attribution wrapped over two lines
    for _ in range(3):
        while out and not out[-1].strip():
            out.pop()
        if out and _MOBILE_SIGNATURE.match(out[-1]):
            out.pop()
    while out and not out[-1].strip():
        out.pop()
    return out


def clean_text(text: str) -> str:
    """The player's own lines of a plain-text body: quotes, attributions and signatures removed.

    Line numbers are kept: lines dropped in the middle become blank lines; only the tail is cut.

    >>> clean_text("SIGNON alice@3 pw\\nwait\\n\\nOn Mon, Ref wrote:\\n> digest\\n-- \\nAlice")
    'SIGNON alice@3 pw\\nwait'
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE)
    own, _ = _split_forward(text.split("\n"))
    return "\n".join(_strip_lines(own))


def _clean_with_forward(text: str) -> tuple[str, bool]:
    """`clean_text`, but if the player's own part is empty use an inline-forwarded body. (text, forwarded?)"""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE)
    own, forwarded = _split_forward(text.split("\n"))
    cleaned = _strip_lines(own)
    if any(line.strip() for line in cleaned) or forwarded is None:
        return "\n".join(cleaned), False
    inner = _strip_lines(forwarded)
    while inner and not inner[0].strip():
        inner.pop(0)  # numbering restarts at the forwarded text's first line
    return "\n".join(inner), True


# --- decoding parts ---------------------------------------------------------------------------------


_CODEC_NAMES = {"utf-8": "UTF-8", "cp1252": "Windows-1252", "latin-1": "ISO-8859-1"}


def decode_bytes(data: bytes, charset: str | None) -> tuple[str, list[MailProblem]]:
    """Decode body bytes in their declared charset, falling back gracefully; never raises.

    ISO-8859-1 is read as Windows-1252 (what senders mean by it, as in every browser). With no
    charset, or an unknown one, UTF-8 is tried, then Windows-1252. Bytes that are not valid in
    the declared charset are read as Windows-1252 and reported.
    """
    problems: list[MailProblem] = []
    label = (charset or "").strip().strip('"').lower()
    declared: str | None = None
    if label:
        try:
            declared = codecs.lookup(label).name
        except LookupError:
            problems.append(
                MailProblem(
                    ProblemCode.CHARSET_UNKNOWN,
                    f"unknown character set {label!r}; read the text as UTF-8 or Windows-1252",
                )
            )
    if declared in ("iso8859-1", "latin-1"):
        candidates = ["cp1252", "latin-1"]
    elif declared is None or declared == "ascii":
        candidates = ["utf-8", "cp1252"]
    else:
        candidates = [declared, "utf-8", "cp1252"]
    for i, codec in enumerate(candidates):
        try:
            text = data.decode(codec)
        except (UnicodeDecodeError, LookupError):
            continue
        if i > 0 and declared not in (None, "ascii", "iso8859-1", "latin-1"):
            problems.append(
                MailProblem(
                    ProblemCode.CHARSET_MISMATCH,
                    f"the text is not valid {label}; read it as {_CODEC_NAMES.get(codec, codec)}",
                )
            )
        return text.removeprefix("\ufeff"), problems
    problems.append(
        MailProblem(
            ProblemCode.BODY_UNDECODABLE, "the text has bytes no character set explains; they were replaced by '\ufffd'"
        )
    )
    return data.decode("utf-8", errors="replace").removeprefix("\ufeff"), problems


def _encoded_size(part: Message) -> int | None:
    """An attachment's decoded size from its encoded form, without decoding it."""
    try:
        payload = part.get_payload(decode=False)
        if not isinstance(payload, str):
            return None
        cte = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
        if cte == "base64":
            chars = len(payload) - sum(payload.count(c) for c in "\r\n \t")
            pad = len(payload.rstrip()) - len(payload.rstrip().rstrip("="))
            return max(0, chars * 3 // 4 - min(pad, 2))
        return len(payload)
    except Exception:
        return None


def _header_text(msg: Message, name: str, problems: list[MailProblem]) -> str:
    try:
        value = msg.get(name)
        return "" if value is None else " ".join(safe_text(str(value)).split())
    except Exception as exc:
        problems.append(MailProblem(ProblemCode.HEADER_MALFORMED, f"the {name} header could not be read ({exc})"))
        return ""


def _address(msg: Message, name: str, problems: list[MailProblem]) -> tuple[str, str]:
    """(lower-cased address, display name) from an address header; ('', '') when there is none."""
    try:
        header = msg.get(name)
        if header is None:
            return "", ""
        addresses = getattr(header, "addresses", ())
        for a in addresses:
            if a.username and a.domain:
                return safe_text(f"{a.username}@{a.domain}".lower()), safe_text(a.display_name or "")
        for display, addr in getaddresses([str(header)]):
            if "@" in addr.strip("@"):
                return safe_text(addr.lower()), safe_text(display)
    except Exception as exc:
        problems.append(MailProblem(ProblemCode.HEADER_MALFORMED, f"the {name} header could not be read ({exc})"))
    return "", ""


@dataclass(slots=True)
class _Found:
    """What a walk over the MIME tree collected (internal, mutable while walking)."""

    plain: list[str] = field(default_factory=list)
    html: list[str] = field(default_factory=list)
    forwarded: list[Message] = field(default_factory=list)
    attachments: list[AttachmentInfo] = field(default_factory=list)
    problems: list[MailProblem] = field(default_factory=list)

    def merge(self, other: _Found) -> None:
        self.plain += other.plain
        self.html += other.html
        self.forwarded += other.forwarded
        self.attachments += other.attachments
        self.problems += other.problems


def _body_text(part: Message, found: _Found) -> str:
    try:
        data = part.get_payload(decode=True)
    except Exception as exc:
        found.problems.append(MailProblem(ProblemCode.BODY_UNDECODABLE, f"a text part could not be decoded ({exc})"))
        return ""
    if not isinstance(data, bytes):
        return ""
    broken = [d for d in part.defects if "Base64" in type(d).__name__ or "QuotedPrintable" in type(d).__name__]
    if broken:
        found.problems.append(
            MailProblem(
                ProblemCode.BODY_UNDECODABLE,
                f"the text part's transfer encoding is broken ({type(broken[0]).__name__});"
                " what could be read was used",
            )
        )
    text, problems = decode_bytes(data, part.get_content_charset())
    found.problems += problems
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if part.get_content_type() == "text/plain" and str(part.get_param("format", "")).lower() == "flowed":
        text = unflow(text, delsp=str(part.get_param("delsp", "")).lower() == "yes")
    return text


def _attachment(part: Message, found: _Found) -> None:
    try:
        name = part.get_filename() or ""
    except Exception:
        name = ""
    size = _encoded_size(part)
    found.attachments.append(AttachmentInfo(name, part.get_content_type(), size))
    if size is not None and size > LARGE_ATTACHMENT:
        found.problems.append(
            MailProblem(
                ProblemCode.ATTACHMENT_LARGE, f"attachment {name or '(unnamed)'} ({size / 1e6:.1f} MB) was not read"
            )
        )


def _walk(part: Message, found: _Found, depth: int) -> None:
    if depth > MAX_DEPTH:
        found.problems.append(
            MailProblem(ProblemCode.TOO_DEEP, f"MIME parts nested over {MAX_DEPTH} deep were ignored")
        )
        return
    ctype = part.get_content_type()
    if ctype == "message/rfc822":
        payload = part.get_payload()
        inner = payload[0] if isinstance(payload, list) and payload else None
        if isinstance(inner, Message):
            found.forwarded.append(inner)
            found.attachments.append(AttachmentInfo(_inner_subject(inner), ctype, None))
        return
    if part.is_multipart():
        payload = part.get_payload()
        children = [c for c in payload if isinstance(c, Message)] if isinstance(payload, list) else []
        if ctype == "multipart/alternative":
            _walk_alternative(children, found, depth)
        else:
            for child in children:
                _walk(child, found, depth + 1)
        return
    disposition = part.get_content_disposition()
    try:
        has_name = bool(part.get_filename())
    except Exception:
        has_name = True
    if ctype in ("text/plain", "text/html") and disposition != "attachment" and not has_name:
        text = _body_text(part, found)
        (found.plain if ctype == "text/plain" else found.html).append(text)
    else:
        _attachment(part, found)


def _walk_alternative(children: list[Message], found: _Found, depth: int) -> None:
    """Take one alternative: the first with plain text, else the first with HTML, else the last."""
    walked: list[_Found] = []
    for child in children:
        sub = _Found()
        _walk(child, sub, depth + 1)
        walked.append(sub)
    chosen = (
        next((w for w in walked if any(t.strip() for t in w.plain)), None)
        or next((w for w in walked if any(t.strip() for t in w.html)), None)
        or (walked[-1] if walked else None)
    )
    if chosen is not None:
        found.merge(chosen)


def _inner_subject(inner: Message) -> str:
    try:
        return " ".join(str(inner.get("Subject", "") or "").split()) or "forwarded message"
    except Exception:
        return "forwarded message"


def _extract(msg: Message, depth: int) -> tuple[str, TextSource, _Found]:
    """The cleaned text of `msg` and where it came from, following forwards when the player wrote nothing."""
    found = _Found()
    _walk(msg, found, depth)
    if any(t.strip() for t in found.plain):
        raw, source = "\n".join(found.plain), TextSource.PLAIN
    elif any(t.strip() for t in found.html):
        raw, source = html_to_text("\n".join(found.html)), TextSource.HTML
    else:
        raw, source = "", TextSource.NONE
    text, inline_forward = _clean_with_forward(raw)
    if inline_forward:
        source = TextSource.FORWARDED
    if not text.strip() and found.forwarded and depth < MAX_DEPTH:
        inner_text, inner_source, inner_found = _extract(found.forwarded[0], depth + 1)
        found.problems += inner_found.problems
        if inner_text.strip():
            text, source = inner_text, TextSource.FORWARDED
    return text, source, found


def _parse(raw: bytes) -> InboundMail:
    msg = BytesParser(policy=policy.default).parsebytes(raw)
    problems: list[MailProblem] = []
    message_id = normalise_message_id(_header_text(msg, "Message-ID", problems))
    synthetic = not message_id
    if synthetic:
        message_id = synthetic_message_id(raw)
    sender, sender_name = _address(msg, "From", problems)
    if not sender:
        problems.append(MailProblem(ProblemCode.NO_SENDER, "the mail has no usable From address"))
    reply_to, _ = _address(msg, "Reply-To", problems)
    auth = _auth_headers(msg, problems)
    text, source, found = _extract(msg, 0)
    problems += found.problems
    if len(text) > MAX_TEXT_CHARS:
        lines_kept, length = text[:MAX_TEXT_CHARS].count("\n") + 1, len(text)
        text = text[:MAX_TEXT_CHARS]
        problems.append(
            MailProblem(
                ProblemCode.TEXT_TRUNCATED,
                f"the text is {length:,} characters, over the limit of {MAX_TEXT_CHARS:,}: it would be cut"
                f" in line {lines_kept}, so none of it was acted on",
            )
        )
    if not text.strip():
        text = ""
        problems.append(
            MailProblem(
                ProblemCode.TEXT_EMPTY,
                "the mail has no text of its own (quoted lines, signatures and attachments are not read)",
            )
        )
    references = tuple(f"<{m}>" for m in _MSGID.findall(_header_text(msg, "References", problems)))
    return InboundMail(
        message_id=message_id,
        synthetic_id=synthetic,
        sender=sender,
        sender_name=sender_name,
        reply_to=reply_to,
        subject=_header_text(msg, "Subject", problems),
        date=_header_text(msg, "Date", problems),
        text=text,
        text_source=source,
        auth=auth,
        automated=automated_reason(msg),
        attachments=tuple(found.attachments),
        in_reply_to=normalise_message_id(_header_text(msg, "In-Reply-To", problems)),
        references=references,
        problems=tuple(_dedupe(problems)),
    )


def _auth_headers(msg: Message, problems: list[MailProblem]) -> tuple[AuthResults, ...]:
    auth: list[AuthResults] = []
    try:
        for value in msg.get_all("Authentication-Results") or []:
            auth.append(parse_authentication_results(str(value)))
    except Exception as exc:
        problems.append(MailProblem(ProblemCode.HEADER_MALFORMED, f"Authentication-Results could not be read ({exc})"))
    return tuple(auth)


_DAEMON = re.compile(r"^(mailer-daemon|postmaster|mail-daemon|bounces?|noreply|no-reply|do-not-reply)([+@-]|$)", re.I)


def automated_reason(msg: Message) -> str:
    """Why `msg` must not be answered (RFC 3834 section 2), or '' for a mail a person wrote."""
    try:
        auto = " ".join(str(msg.get("Auto-Submitted", "") or "").split()).lower()
        if auto and auto.split(";")[0].strip() != "no":
            return f"it is automatic mail (Auto-Submitted: {auto.split(';')[0].strip()})"
        precedence = str(msg.get("Precedence", "") or "").strip().lower()
        if precedence in ("bulk", "junk", "list"):
            return f"it is {precedence} mail (Precedence: {precedence})"
        for name in ("List-Id", "List-Unsubscribe", "List-Post"):
            if msg.get(name) is not None:
                return f"it comes from a mailing list ({name})"
        if str(msg.get("Return-Path", "") or "").strip() == "<>":
            return "it is a bounce (empty Return-Path)"
        if msg.get_content_type() == "multipart/report":
            return "it is a delivery or read report (multipart/report)"
        local = parseaddr(str(msg.get("From", "") or ""))[1]
        if _DAEMON.match(local):
            return f"it comes from a mail system address ({local})"
    except Exception:
        return "its headers could not be read"
    return ""


def _dedupe(problems: list[MailProblem]) -> list[MailProblem]:
    seen: set[MailProblem] = set()
    out: list[MailProblem] = []
    for p in problems:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


_CONTAINER = re.compile(rb"^content-type:[ \t]*(?:\r?\n[ \t]+)?\"?(multipart|message)/", re.IGNORECASE | re.MULTILINE)


def limit_problem(raw: bytes) -> MailProblem | None:
    """The first limit `raw` breaks, checked on the bytes before any parsing; None when within them.

    Counting container headers bounds the nesting before the parser recurses into it (a
    thousand nested multiparts would otherwise exhaust Python's recursion, slowly).
    """
    if len(raw) > MAX_MESSAGE_BYTES:
        return MailProblem(
            ProblemCode.TOO_LARGE,
            f"the mail is {len(raw):,} bytes, over the limit of {MAX_MESSAGE_BYTES:,}; it was not read",
        )
    lines = raw.count(b"\n") + 1
    if lines > MAX_LINES:
        return MailProblem(
            ProblemCode.TOO_MANY_LINES,
            f"the mail has {lines:,} lines, over the limit of {MAX_LINES:,}; it was not read",
        )
    containers = len(_CONTAINER.findall(raw, 0, len(raw)))
    if containers > MAX_CONTAINERS:
        return MailProblem(
            ProblemCode.TOO_COMPLEX,
            f"the mail has {containers} nested or multipart parts, over the limit of {MAX_CONTAINERS}; it was not read",
        )
    return None


def _headers_only(raw: bytes, problem: MailProblem) -> InboundMail:
    """What can be known of a mail that is not parsed: its headers, to answer it and say why."""
    problems: list[MailProblem] = [problem]
    try:
        msg = BytesParser(policy=policy.default).parsebytes(raw, headersonly=True)
    except Exception:
        return _unreadable(raw, problem)
    sender, sender_name = _address(msg, "From", problems)
    message_id = normalise_message_id(_header_text(msg, "Message-ID", problems))
    return InboundMail(
        message_id=message_id or synthetic_message_id(raw),
        synthetic_id=not message_id,
        sender=sender,
        sender_name=sender_name,
        subject=_header_text(msg, "Subject", problems),
        date=_header_text(msg, "Date", problems),
        auth=_auth_headers(msg, problems),
        automated=automated_reason(msg),
        problems=tuple(problems),
    )


def parse_message(raw: bytes) -> InboundMail:
    """Read one raw mail (CRLF or LF line ends); never raises, see `InboundMail.problems`."""
    problem = limit_problem(raw)
    if problem is not None:
        return _headers_only(raw, problem)
    try:
        return _parse(raw)
    except Exception as exc:  # the contract: every mail gets a reply, whatever it is
        return _unreadable(
            raw, MailProblem(ProblemCode.UNPARSEABLE, f"the mail could not be read ({type(exc).__name__})")
        )


def _unreadable(raw: bytes, problem: MailProblem) -> InboundMail:
    sender = ""
    try:
        headers = BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
        sender = parseaddr(str(headers.get("From", "")))[1].lower()
    except Exception:
        pass
    message_id = message_key(raw)
    return InboundMail(
        message_id=message_id,
        synthetic_id=message_id.endswith(f"@{SYNTHETIC_DOMAIN}>"),
        sender=sender if "@" in sender else "",
        problems=(problem,),
    )


__all__ = [
    "AttachmentInfo",
    "InboundMail",
    "MailProblem",
    "ProblemCode",
    "TextSource",
    "clean_text",
    "decode_bytes",
    "html_to_text",
    "message_key",
    "normalise_message_id",
    "parse_message",
    "synthetic_message_id",
    "unflow",
]
