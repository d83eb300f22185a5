"""Where inbound mail comes from: a Maildir, an mbox file, one .eml file, or an IMAP folder.

A source is named by one string (`resolve_source`) and read inside a ``with`` block; each
message comes as ``(raw, key, confirm)``. Call ``confirm()`` only after the message's effects
are committed: until then the message stays "new" and the next run sees it again (the service
dedupes by Message-ID, so seeing a message twice is harmless, losing one is not)::

    with open_source("~/Maildir/campaign") as inbox:
        for raw, key, confirm in inbox:
            handle(parse_message(raw))   # one event-log transaction
            confirm()                    # Maildir: new/ -> cur/ with ':2,S'; IMAP: \\Seen

What confirm does per source:

* Maildir: reads ``new/`` and the messages in ``cur/`` without the S (seen) flag; confirm moves
  the file to ``cur/<name>:2,S`` (adding S to any flags it had).
* mbox: never rewritten; confirm does nothing, the key is the Message-ID, and the caller keeps
  track of what it has processed.
* .eml: one message; confirm does nothing; the key is the Message-ID.
* IMAP (``imap://user@host[:port]/folder``, TLS on port 993; ``imap+plain://`` on port 143):
  reads UNSEEN messages without marking them (``BODY.PEEK``); confirm sets \\Seen. The password
  comes from ``CAMPAIGN_IMAP_PASSWORD`` or an interactive prompt, never from the URL or a flag.
  Confirm must be called before the ``with`` block ends (the connection closes with it).
"""

from __future__ import annotations

import getpass
import imaplib
import os
import re
import ssl
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple
from urllib.parse import unquote, urlsplit

from campaign.mail.parse import message_key

IMAP_PASSWORD_ENV = "CAMPAIGN_IMAP_PASSWORD"
IMAP_TIMEOUT = 60.0
SEEN_FLAG = "S"


class SourceCode(StrEnum):
    """Stable codes of `SourceError`."""

    NOT_FOUND = "S-NOT-FOUND"
    """The path does not exist."""
    NOT_A_MAILBOX = "S-NOT-A-MAILBOX"
    """The path exists but is no Maildir, mbox or .eml file."""
    IMAP_URL = "S-IMAP-URL"
    """The imap:// address is malformed (or carries a password)."""
    IMAP_PASSWORD = "S-IMAP-PASSWORD"
    """No IMAP password: the environment variable is unset and there is no terminal to ask on."""
    IMAP_CONNECT = "S-IMAP-CONNECT"
    """The IMAP server could not be reached."""
    IMAP_LOGIN = "S-IMAP-LOGIN"
    """The IMAP server refused the user name or password."""
    IMAP_FOLDER = "S-IMAP-FOLDER"
    """The IMAP folder does not exist or cannot be opened."""
    IMAP_COMMAND = "S-IMAP-COMMAND"
    """The IMAP server refused a command while reading or marking mail."""
    MAILDIR_MOVE = "S-MAILDIR-MOVE"
    """A processed message could not be moved to cur/."""


class SourceError(Exception):
    """A mail source cannot be read; the message says what, where and how to fix it."""

    def __init__(self, code: SourceCode, message: str):
        self.code = code
        super().__init__(f"{message} [{code.value}]")


class SourceKind(Enum):
    """The kinds of inbound mail source."""

    MAILDIR = "maildir"
    """A Maildir directory (with new/ and cur/)."""
    MBOX = "mbox"
    """An mbox file (messages separated by ``From `` lines)."""
    EML = "eml"
    """A single message file."""
    IMAP = "imap"
    """A folder on an IMAP server."""


@dataclass(frozen=True, slots=True)
class ImapLocation:
    """An IMAP folder named by ``imap://user@host[:port]/folder``; never holds a password."""

    user: str
    host: str
    port: int
    folder: str = "INBOX"
    tls: bool = True
    """True for IMAP over TLS (``imap://``, the default); False for ``imap+plain://``."""

    def __str__(self) -> str:
        scheme = "imap" if self.tls else "imap+plain"
        user = self.user.replace("@", "%40")
        return f"{scheme}://{user}@{self.host}:{self.port}/{self.folder}"


@dataclass(frozen=True, slots=True)
class SourceSpec:
    """What a SOURCE string names: a kind and a path, or an IMAP location."""

    kind: SourceKind
    path: Path | None = None
    imap: ImapLocation | None = None


class Inbound(NamedTuple):
    """One inbound message: its bytes, a key for logs, and the callback to mark it processed.

    A NamedTuple rather than a dataclass so ``for raw, key, confirm in source`` unpacks it.
    """

    raw: bytes
    key: str
    confirm: Callable[[], None]


def _noop() -> None:
    """Confirming an mbox or .eml message changes nothing: the caller tracks Message-IDs."""


# --- naming a source ------------------------------------------------------------------------------

IMAP_SCHEMES = {"imap": True, "imaps": True, "imap+plain": False}


def parse_imap_url(url: str) -> ImapLocation:
    """Parse ``imap://user@host[:port]/folder`` (pure). SourceError says what is wrong."""
    example = "imap://orders%40example.org@mail.example.org/INBOX"
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme not in IMAP_SCHEMES:
        raise SourceError(SourceCode.IMAP_URL, f"{url!r}: an IMAP source starts with imap:// or imap+plain://")
    tls = IMAP_SCHEMES[scheme]
    netloc = parts.netloc
    userinfo, at, hostport = netloc.rpartition("@")
    if not at or not userinfo:
        raise SourceError(
            SourceCode.IMAP_URL,
            f"{url!r} names no user: write it like {example} (an @ inside the user name is written %40)",
        )
    if ":" in userinfo:
        raise SourceError(
            SourceCode.IMAP_URL,
            f"{_redact_url(url)!r}: do not put the password in the address;"
            f" set {IMAP_PASSWORD_ENV} or type it when asked",
        )
    try:
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        raise SourceError(SourceCode.IMAP_URL, f"{url!r}: the port must be a number from 1 to 65535") from None
    if not host:
        raise SourceError(SourceCode.IMAP_URL, f"{url!r} names no server: write it like {example}")
    folder = unquote(parts.path.lstrip("/")) or "INBOX"
    if parts.query or parts.fragment:
        raise SourceError(SourceCode.IMAP_URL, f"{url!r}: an IMAP source takes no ?query or #fragment")
    return ImapLocation(unquote(userinfo), host.lower(), port or (993 if tls else 143), folder, tls)


def _redact_url(url: str) -> str:
    return re.sub(r"(//[^:/@]*):[^@/]*@", r"\1:***@", url)


def resolve_source(source: str) -> SourceSpec:
    """What a SOURCE string names: an IMAP URL, or a Maildir, mbox or .eml file on disk."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", source.strip()):
        return SourceSpec(SourceKind.IMAP, imap=parse_imap_url(source))
    path = Path(source).expanduser()
    if not path.exists():
        raise SourceError(
            SourceCode.NOT_FOUND,
            f"mail source {source!r} does not exist; give a Maildir folder,"
            " an mbox file, an .eml file or an imap://user@host/folder address",
        )
    if path.is_dir():
        if (path / "new").is_dir() and (path / "cur").is_dir():
            return SourceSpec(SourceKind.MAILDIR, path)
        raise SourceError(
            SourceCode.NOT_A_MAILBOX,
            f"{source!r} is a folder but not a Maildir (it has no new/ and cur/ inside); point at the Maildir itself",
        )
    suffix = path.suffix.lower()
    if suffix == ".eml":
        return SourceSpec(SourceKind.EML, path)
    if suffix in (".mbox", ".mbx"):
        return SourceSpec(SourceKind.MBOX, path)
    try:
        with path.open("rb") as fh:
            head = fh.read(5)
    except OSError as exc:
        raise SourceError(SourceCode.NOT_FOUND, f"cannot read mail source {source!r}: {exc.strerror}") from None
    return SourceSpec(SourceKind.MBOX if head == b"From " else SourceKind.EML, path)


# --- sources --------------------------------------------------------------------------------------


class MailSource(ABC):
    """A context manager that yields `Inbound` messages when iterated inside its ``with`` block."""

    def __enter__(self) -> MailSource:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:  # noqa: B027 - most sources hold nothing open between messages
        """Release what the source holds (the IMAP connection)."""

    @abstractmethod
    def __iter__(self) -> Iterator[Inbound]:
        """Each unprocessed message, oldest first where the source knows the order."""


def _maildir_parts(name: str) -> tuple[str, str]:
    """(unique name, flags) of a Maildir file name ``unique:2,FLAGS``."""
    base, sep, info = name.partition(":")
    return base, info[2:] if sep and info.startswith("2,") else ""


class MaildirSource(MailSource):
    """Messages in new/, and those in cur/ not yet flagged S; confirm moves them to cur/ with ':2,S'."""

    def __init__(self, path: Path):
        self.path = path

    def __iter__(self) -> Iterator[Inbound]:
        new, cur = self.path / "new", self.path / "cur"
        pending = [(new, name) for name in sorted(os.listdir(new)) if not name.startswith(".")]
        for name in sorted(os.listdir(cur)):
            if not name.startswith(".") and SEEN_FLAG not in _maildir_parts(name)[1]:
                pending.append((cur, name))
        for folder, name in pending:
            try:
                raw = (folder / name).read_bytes()
            except FileNotFoundError:
                continue  # taken by another reader since we listed the folder
            yield Inbound(raw, _maildir_parts(name)[0], self._confirmer(folder, name))

    def _confirmer(self, folder: Path, name: str) -> Callable[[], None]:
        base, flags = _maildir_parts(name)
        target = self.path / "cur" / f"{base}:2,{''.join(sorted(set(flags + SEEN_FLAG)))}"

        def confirm() -> None:
            source = folder / name
            if source == target or (not source.exists() and target.exists()):
                return
            try:
                os.rename(source, target)
            except FileNotFoundError as exc:
                if not source.exists():
                    return  # moved by another reader: it is processed either way
                raise SourceError(
                    SourceCode.MAILDIR_MOVE,
                    f"cannot mark {source} as processed: {target.parent} is missing; is {self.path} a whole Maildir?",
                ) from exc
            except OSError as exc:
                raise SourceError(
                    SourceCode.MAILDIR_MOVE,
                    f"cannot mark {source} as processed"
                    f" (move to {target}): {exc.strerror}; check the folder's permissions",
                ) from None

        return confirm


class MboxSource(MailSource):
    """Every message of an mbox file, read-only; keys are Message-IDs, confirm does nothing."""

    def __init__(self, path: Path):
        self.path = path

    def __iter__(self) -> Iterator[Inbound]:
        for raw in split_mbox(self.path):
            yield Inbound(raw, message_key(raw), _noop)


def split_mbox(path: Path) -> Iterator[bytes]:
    """The messages of an mbox file without their ``From `` separator lines, streamed.

    ``>From`` lines are left as they are: mboxo and mboxrd disagree on them and an order
    line never starts with ``From``.
    """
    current: list[bytes] | None = None
    with path.open("rb") as fh:
        for line in fh:
            if line.startswith(b"From "):
                if current is not None:
                    yield _end_of_mbox_message(current)
                current = []
            elif current is not None:
                current.append(line)
    if current is not None:
        yield _end_of_mbox_message(current)


def _end_of_mbox_message(lines: list[bytes]) -> bytes:
    if lines and lines[-1] in (b"\n", b"\r\n"):
        lines = lines[:-1]  # the blank line an mbox puts between messages
    return b"".join(lines)


class EmlSource(MailSource):
    """A single message file; its key is the Message-ID, confirm does nothing."""

    def __init__(self, path: Path):
        self.path = path

    def __iter__(self) -> Iterator[Inbound]:
        raw = self.path.read_bytes()
        yield Inbound(raw, message_key(raw), _noop)


ImapFactory = Callable[[ImapLocation], Any]
"""Opens a connection to an IMAP server: takes the location, returns an `imaplib.IMAP4`-like object."""


def _imap_connect(location: ImapLocation) -> imaplib.IMAP4:
    if location.tls:
        return imaplib.IMAP4_SSL(
            location.host, location.port, ssl_context=ssl.create_default_context(), timeout=IMAP_TIMEOUT
        )
    return imaplib.IMAP4(location.host, location.port, timeout=IMAP_TIMEOUT)


def _imap_quote(folder: str) -> str:
    if re.fullmatch(r"[A-Za-z0-9._/-]+", folder):
        return folder
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def imap_password(env: Mapping[str, str], prompt: Callable[[str], str] | None, location: ImapLocation) -> str:
    """The IMAP password: from the environment, else asked on the terminal; SourceError if neither."""
    password = env.get(IMAP_PASSWORD_ENV, "")
    if password:
        return password
    if prompt is None:
        if not sys.stdin.isatty():
            raise SourceError(
                SourceCode.IMAP_PASSWORD,
                f"no password for {location}: set {IMAP_PASSWORD_ENV} (there is no terminal to ask on)",
            )
        prompt = getpass.getpass
    password = prompt(f"IMAP password for {location.user} at {location.host}: ")
    if not password:
        raise SourceError(SourceCode.IMAP_PASSWORD, f"no password given for {location}")
    return password


class ImapSource(MailSource):
    """UNSEEN messages of one IMAP folder, fetched with BODY.PEEK; confirm sets \\Seen."""

    def __init__(self, location: ImapLocation, password: str, connect: ImapFactory = _imap_connect):
        self.location = location
        self._password = password
        self._connect = connect
        self._conn: Any = None

    def __enter__(self) -> ImapSource:
        loc = self.location
        try:
            conn = self._connect(loc)
        except (OSError, imaplib.IMAP4.error) as exc:
            raise SourceError(
                SourceCode.IMAP_CONNECT,
                f"cannot reach {loc}: {exc}; check the server name, the port and imap:// (TLS) against imap+plain://",
            ) from None
        try:
            conn.login(loc.user, self._password)
        except imaplib.IMAP4.error as exc:
            _logout(conn)
            raise SourceError(
                SourceCode.IMAP_LOGIN,
                f"{loc.host} refused the login of {loc.user!r}: {_text(exc)};"
                f" check the user name and {IMAP_PASSWORD_ENV}",
            ) from None
        try:
            typ, data = conn.select(_imap_quote(loc.folder))
        except imaplib.IMAP4.error as exc:
            typ, data = "NO", [str(exc).encode()]
        if typ != "OK":
            _logout(conn)
            raise SourceError(
                SourceCode.IMAP_FOLDER,
                f"cannot open folder {loc.folder!r} on {loc.host}: {_text(data)}; check the folder name (case matters)",
            )
        self._conn = conn
        return self

    def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            try:
                conn.close()
            except Exception:
                pass
            _logout(conn)

    def _uid(self, *args: str) -> list[Any]:
        if self._conn is None:
            raise SourceError(
                SourceCode.IMAP_COMMAND,
                f"the connection to {self.location} is closed: read and confirm messages inside the `with` block",
            )
        try:
            typ, data = self._conn.uid(*args)
        except imaplib.IMAP4.error as exc:
            typ, data = "NO", [str(exc).encode()]
        if typ != "OK":
            raise SourceError(SourceCode.IMAP_COMMAND, f"{self.location.host} refused UID {args[0]}: {_text(data)}")
        return list(data or [])

    def __iter__(self) -> Iterator[Inbound]:
        found = self._uid("SEARCH", "UNSEEN")
        uids = b" ".join(x for x in found if isinstance(x, bytes)).split()
        for uid_bytes in uids:
            uid = uid_bytes.decode("ascii")
            data = self._uid("FETCH", uid, "(BODY.PEEK[])")
            raw = next((item[1] for item in data if isinstance(item, tuple) and len(item) > 1), None)
            if raw is None:
                continue  # expunged since the search
            yield Inbound(bytes(raw), uid, self._confirmer(uid))

    def _confirmer(self, uid: str) -> Callable[[], None]:
        def confirm() -> None:
            self._uid("STORE", uid, "+FLAGS", "(\\Seen)")

        return confirm


def _text(data: Any) -> str:
    if isinstance(data, list | tuple):
        return " ".join(_text(d) for d in data)
    if isinstance(data, bytes):
        return data.decode("utf-8", "replace")
    return str(data)


def _logout(conn: Any) -> None:
    try:
        conn.logout()
    except Exception:
        # a dropped connection makes LOGOUT fail before imaplib closes its socket: close it here
        try:
            conn.shutdown()
        except Exception:
            pass


def open_source(
    source: str,
    *,
    env: Mapping[str, str] | None = None,
    prompt: Callable[[str], str] | None = None,
    imap_connect: ImapFactory = _imap_connect,
) -> MailSource:
    """Open a SOURCE string for reading; use the result in a ``with`` block and iterate it.

    `env` (default ``os.environ``) and `prompt` (default getpass, only on a terminal) supply the
    IMAP password; `imap_connect` replaces the network connection in tests.
    """
    spec = resolve_source(source)
    if spec.kind is SourceKind.IMAP:
        assert spec.imap is not None
        password = imap_password(os.environ if env is None else env, prompt, spec.imap)
        return ImapSource(spec.imap, password, imap_connect)
    assert spec.path is not None
    if spec.kind is SourceKind.MAILDIR:
        return MaildirSource(spec.path)
    if spec.kind is SourceKind.MBOX:
        return MboxSource(spec.path)
    return EmlSource(spec.path)
