"""A seeded generator of order mails, good and bad, for the mail-loop fuzz suite.

Each mail is built from random choices of sender, headers, character set, MIME shape, order
lines and envelope commands, using the standard library's own message classes (and, for the
shapes it will not build, raw bytes). The same seed always gives the same mails.
"""

from __future__ import annotations

import base64
import random
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

PLAYERS = {"alice": "alice-pw-1", "bob": "bob-pw-22"}
TRUSTED = "mx.campaign.example"
CHARSETS = ["utf-8", "iso-8859-1", "windows-1252", "koi8-r", "utf-16", "shift_jis", "x-unknown-charset", "us-ascii"]
WORDS = [
    "advance",
    "hold",
    "WAIT",
    "NOWAIT",
    "HISTORY",
    "WITHDRAW",
    "SIGNOFF",
    "PRESS",
    "ENDPRESS",
    "forward",
    "à",
    "€",
]


def _sender(rng: random.Random) -> tuple[str, str | None]:
    """(From value, player or None)."""
    roll = rng.random()
    if roll < 0.85:
        who = rng.choice(sorted(PLAYERS))
        return rng.choice([f"{who}@example.org", f"{who.title()} <{who}@example.org>", f"{who}@EXAMPLE.org"]), who
    if roll < 0.9:
        return rng.choice(["mallory@evil.example", "MAILER-DAEMON@mx.example.org", "postmaster@example.org"]), None
    if roll < 0.95:
        return rng.choice(["", "not an address", "<>", "@@@", "alice@", '"alice@example.org" <>']), None
    return "=?utf-8?b?" + base64.b64encode("Ålice".encode()).decode() + "?= <alice@example.org>", "alice"


def _order_text(rng: random.Random, who: str | None, game: int) -> str:
    lines: list[str] = []
    if rng.random() < 0.85:
        name = who if who and rng.random() < 0.85 else rng.choice(["bob", "alice", "zed", "alice@1"])
        password = PLAYERS.get(name, "x") if rng.random() < 0.8 else rng.choice(["wrong", "", "alice-pw-1 extra"])
        target = game if rng.random() < 0.9 else rng.choice([0, 99, -1])
        lines.append(f"SIGNON {name}@{target} {password}".rstrip())
    if rng.random() < 0.5:
        lines.append(rng.choice(["advance 1", "advance 2", "advance 3", "hold"]))
        return "\n".join(lines) + "\n"
    for _ in range(rng.randint(0, 4)):
        pick = rng.random()
        if pick < 0.45:
            lines.append(rng.choice(["advance 1", "advance 2", "advance 3", "hold", "advance 9", "advance", "fly 2"]))
        elif pick < 0.6:
            lines.append(rng.choice(["WAIT", "NOWAIT", "HISTORY", "WITHDRAW", "WAIT now"]))
        elif pick < 0.7:
            lines += [f"PRESS {rng.choice(['all', 'red', 'blue', ''])}", "Good luck!", "ENDPRESS"]
        elif pick < 0.78:
            lines.append(rng.choice(["ABSENCE 2026-12-24 2026-12-27", "ABSENCE 2026-13-01 2026-12-01", "ABSENCE x"]))
        elif pick < 0.85:
            lines.append(rng.choice(["> SIGNON bob@1 bob-pw-22", "On Mon, Ref wrote:", "-- ", "Sent from my iPhone"]))
        else:
            lines.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6))))
    if rng.random() < 0.05:
        lines.append("RESIGN")
    return "\n".join(lines) + ("\n" if rng.random() < 0.9 else "")


def _headers(rng: random.Random, sender: str, n: int) -> bytes:
    """Raw header lines, written as they come (a library would refuse to write some of them)."""
    msg = _Headers()
    _fill(rng, msg, sender, n)
    return "".join(f"{k}: {v}\n" for k, v in msg).encode("utf-8")


class _Headers(list[tuple[str, str]]):
    def __setitem__(self, key: object, value: object) -> None:  # type: ignore[override]
        self.append((str(key), str(value)))


def _fill(rng: random.Random, msg: _Headers, sender: str, n: int) -> None:
    if rng.random() < 0.8:
        verdict = rng.choice(["pass", "pass", "pass", "pass", "fail", "none", "softfail"])
        authserv = TRUSTED if rng.random() < 0.85 else rng.choice(["forger.example", "", "mx.other.example"])
        msg["Authentication-Results"] = f"{authserv}; dkim={verdict} header.d=example.org" if authserv else "junk"
    if sender:
        msg["From"] = sender
    msg["To"] = "referee@campaign.example"
    if rng.random() < 0.9:
        msg["Message-ID"] = f"<fuzz-{n}-{rng.randint(0, 10**6)}@example.org>" if rng.random() < 0.97 else "<dup@x>"
    if rng.random() < 0.8:
        msg["Subject"] = rng.choice(
            ["orders", "Re: [campaign] game 1", "=?utf-8?q?=C3=A0_l=27attaque?=", "", "x" * 300]
        )
    if rng.random() < 0.6:
        msg["Date"] = rng.choice(["Mon, 02 Mar 2026 10:00:00 +0000", "yesterday", "Tue, 31 Feb 2026 25:61:00 +9999"])
    extra = rng.random()
    if extra < 0.05:
        msg["Reply-To"] = "victim@victim.example"
    elif extra < 0.08:
        msg["Auto-Submitted"] = rng.choice(["auto-replied", "auto-generated", "no"])
    elif extra < 0.1:
        msg["Precedence"] = rng.choice(["bulk", "junk", "list", "first-class"])
    elif extra < 0.12:
        msg["List-Id"] = "<games.example.org>"


def _part(rng: random.Random, text: str) -> MIMEText:
    charset = rng.choice(CHARSETS)
    try:
        text.encode(charset)
        part = MIMEText(text, "plain", charset if charset != "x-unknown-charset" else "utf-8")
    except (LookupError, UnicodeEncodeError):
        part = MIMEText(text, "plain", "utf-8")
    if charset == "x-unknown-charset":
        part.set_param("charset", charset)
    return part


def _shape(rng: random.Random, text: str) -> EmailMessage | MIMEMultipart | MIMEText:
    shape = rng.choice(["plain", "plain", "plain", "html", "alternative", "attachment", "forward", "nested", "broken"])
    if shape == "plain":
        return _part(rng, text)
    if shape == "html":
        html = "<html><body>" + "".join(f"<div>{line}</div>" for line in text.splitlines()) + "</body></html>"
        return MIMEText(html, "html", "utf-8")
    if shape == "alternative":
        alt = MIMEMultipart("alternative")
        alt.attach(_part(rng, text))
        alt.attach(MIMEText("<p>" + text.replace("\n", "<br>") + "</p>", "html", "utf-8"))
        return alt
    if shape == "attachment":
        mixed = MIMEMultipart("mixed")
        mixed.attach(_part(rng, text))
        att = MIMEText("advance 3\n", "plain", "utf-8")
        att.add_header("Content-Disposition", "attachment", filename="orders.txt")
        mixed.attach(att)
        return mixed
    if shape == "forward":
        inner = EmailMessage()
        inner["From"] = "alice@example.org"
        inner["Subject"] = "old orders"
        inner.set_content(text)
        outer = EmailMessage()
        outer.set_content(rng.choice(["", "use these", "FYI"]))
        outer.add_attachment(inner)
        return outer
    if shape == "nested":
        node: MIMEMultipart | MIMEText = _part(rng, text)
        for _ in range(rng.choice([2, 10, 20, 70])):
            wrap = MIMEMultipart("mixed")
            wrap.attach(node)
            node = wrap
        return node
    broken = MIMEText("", "plain", "utf-8")
    broken.replace_header("Content-Transfer-Encoding", "base64")
    broken.set_payload(base64.b64encode(text.encode()).decode()[:-3] + "!!")
    return broken


def order_mail(rng: random.Random, n: int, game: int) -> tuple[bytes, str | None]:
    """One generated mail and the player it claims to be from (None for strangers and junk)."""
    sender, who = _sender(rng)
    text = _order_text(rng, who, game)
    msg = _shape(rng, text)
    raw = _headers(rng, sender, n) + msg.as_bytes()
    roll = rng.random()
    if roll < 0.02:
        raw = raw[: rng.randint(0, len(raw))]  # cut off in transit
    elif roll < 0.03:
        raw = raw.replace(b"\n", b"\r\n")
    elif roll < 0.04:
        raw = bytes(b if rng.random() > 0.01 else rng.randint(0, 255) for b in raw)  # bit rot
    return raw, who
