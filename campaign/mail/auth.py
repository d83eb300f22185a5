"""Read ``Authentication-Results`` headers (RFC 8601) and decide whether a sender's domain failed.

The receiving mail server checks SPF, DKIM and DMARC and writes what it found into
``Authentication-Results``. We do not check signatures ourselves; we only read the verdicts and
refuse a mail when one of them says the From domain failed:

* ``dmarc=fail`` (or ``softfail``) for the From domain (``header.from``),
* ``spf=fail`` or ``spf=softfail`` where ``smtp.mailfrom`` is the From domain,
* ``dkim=fail`` (or ``softfail``) with a signing domain (``header.d``/``header.i``) of the From
  domain, when no DKIM signature of that domain passed.

"Of the From domain" means the same domain or a subdomain either way (``mail.example.org`` and
``example.org``), a relaxed alignment without a public-suffix list. Results about other domains
(a mailing list's bounce address, a forwarder's own signature) say nothing about the sender and
are ignored. No header, or no result about the From domain, is "no verdict": the mail is
accepted and the password in its SIGNON line is the only check.

Anyone can write such a header before the mail reaches us; only the receiving server's own
header is trustworthy. Pass its name as `trusted_authserv_ids`: headers from other servers are
ignored, and of those with a trusted name only the topmost counts (the receiving server adds its
header on top; a copy lower down was written before it and may be forged).

    >>> results = [parse_authentication_results("mx.example.net; dmarc=fail header.from=example.org")]
    >>> judge("mallory@example.org", results).verdict
    <Verdict.FAIL: 'fail'>
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum

FAILING = frozenset({"fail", "softfail"})
"""Results that count as a failure of the sender's domain."""

CHECKED_METHODS = ("dmarc", "spf", "dkim")


@dataclass(frozen=True, slots=True)
class AuthResult:
    """One ``method=result`` entry of an Authentication-Results header, with its properties."""

    method: str
    """Lower-cased method name (``dkim``, ``spf``, ``dmarc``, ``arc``, ...), without a version."""
    result: str
    """Lower-cased result (``pass``, ``fail``, ``softfail``, ``neutral``, ``none``, ...)."""
    reason: str = ""
    properties: tuple[tuple[str, str], ...] = ()
    """``(ptype.property, value)`` pairs in header order, keys lower-cased: ``("header.d", "example.org")``."""

    def get(self, key: str) -> str | None:
        """The first value of property `key` (``header.from``, ``smtp.mailfrom``, ...), or None."""
        key = key.lower()
        return next((v for k, v in self.properties if k == key), None)

    def __str__(self) -> str:
        props = "".join(f" {k}={v}" for k, v in self.properties)
        return f"{self.method}={self.result}{props}"


@dataclass(frozen=True, slots=True)
class AuthResults:
    """One Authentication-Results header: who wrote it and what it found."""

    authserv_id: str
    """The server that did the checks (``mx.google.com``); empty when the header names none (Microsoft)."""
    results: tuple[AuthResult, ...]


class Verdict(Enum):
    """What the Authentication-Results headers say about the sender's domain."""

    PASS = "pass"
    """At least one check for the sender's domain passed and none failed."""
    NONE = "none"
    """No header spoke about the sender's domain: no verdict, so the mail is accepted."""
    FAIL = "fail"
    """A check for the sender's domain failed: refuse the mail, change nothing."""


@dataclass(frozen=True, slots=True)
class AuthDecision:
    """A verdict and a sentence saying why, for the reply and the operator's log."""

    verdict: Verdict
    reason: str

    @property
    def refused(self) -> bool:
        """True when the mail must be refused."""
        return self.verdict is Verdict.FAIL


# --- parsing ------------------------------------------------------------------------------------

_METHOD = re.compile(r"^([a-z0-9][a-z0-9_-]*)(?:/\d+)?=([a-z0-9_-]+)$", re.IGNORECASE)
_EQUALS = re.compile(r"\s*=\s*")


def _strip_comments(value: str) -> str:
    """Drop RFC 5322 comments ``( ... )``, nested, outside quoted strings; keep quoted strings intact."""
    out: list[str] = []
    depth = 0
    quoted = False
    escaped = False
    for ch in value:
        if escaped:
            if depth == 0:
                out.append(ch)
            escaped = False
            continue
        if ch == "\\":
            escaped = True
            if depth == 0:
                out.append(ch)
            continue
        if quoted:
            out.append(ch)
            if ch == '"':
                quoted = False
            continue
        if ch == "(":
            depth += 1
            out.append(" ")
            continue
        if ch == ")" and depth:
            depth -= 1
            continue
        if depth:
            continue
        if ch == '"':
            quoted = True
        out.append(ch)
    return "".join(out)


def _split_outside_quotes(value: str, sep: str | None) -> list[str]:
    """Split on `sep` (or on whitespace when None) where it is not inside a quoted string."""
    parts: list[str] = []
    cur: list[str] = []
    quoted = False
    for ch in value:
        if ch == '"':
            quoted = not quoted
            cur.append(ch)
        elif not quoted and (ch == sep if sep is not None else ch.isspace()):
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p for p in (p.strip() for p in parts) if p]


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return re.sub(r"\\(.)", r"\1", value[1:-1])
    return value


def _parse_resinfo(text: str) -> AuthResult | None:
    tokens = _split_outside_quotes(_EQUALS.sub("=", text), None)
    if not tokens:
        return None
    m = _METHOD.match(tokens[0])
    if m is None:
        return None
    reason = ""
    props: list[tuple[str, str]] = []
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        if not eq:
            continue
        key = key.lower()
        if key == "reason":
            reason = _unquote(value)
        else:
            props.append((key, _unquote(value)))
    return AuthResult(m.group(1).lower(), m.group(2).lower(), reason, tuple(props))


def parse_authentication_results(value: str) -> AuthResults:
    """Parse one header value; anything unreadable is skipped, never raised.

    Accepts the RFC 8601 form (``authserv-id; method=result ptype.prop=value ...; ...``), comments
    anywhere, folded lines, and Microsoft's form without an authserv-id.
    """
    segments = _split_outside_quotes(_strip_comments(value.replace("\r", " ").replace("\n", " ")), ";")
    authserv_id = ""
    if segments and _parse_resinfo(segments[0]) is None:
        words = segments[0].split()
        authserv_id = words[0].lower() if words else ""
        segments = segments[1:]
    results = tuple(r for r in (_parse_resinfo(s) for s in segments) if r is not None)
    return AuthResults(authserv_id, results)


# --- judging ------------------------------------------------------------------------------------


def domain_of(value: str) -> str:
    """The domain of an address or domain value: ``Alice@Mail.Example.ORG.`` -> ``mail.example.org``."""
    text = value.strip().strip("<>").strip()
    return text.rpartition("@")[2].strip().rstrip(".").lower()


def aligned(a: str, b: str) -> bool:
    """True when two domains are the same or one is a subdomain of the other."""
    if not a or not b:
        return False
    return a == b or a.endswith("." + b) or b.endswith("." + a)


def _subject_domain(result: AuthResult, sender_domain: str) -> str | None:
    """The domain a result speaks about, or None when it names none we can use."""
    if result.method == "dmarc":
        value = result.get("header.from")
        return domain_of(value) if value else sender_domain  # DMARC is about the From domain by definition
    if result.method == "spf":
        value = result.get("smtp.mailfrom")
        return domain_of(value) if value else None
    if result.method == "dkim":
        value = result.get("header.d") or result.get("header.i")
        return domain_of(value) if value else None
    return None


def judge(
    sender: str,
    headers: Sequence[AuthResults],
    *,
    trusted_authserv_ids: Collection[str] | None = None,
) -> AuthDecision:
    """Decide from parsed Authentication-Results headers whether `sender`'s domain failed.

    `sender` is the From address (or just its domain). With `trusted_authserv_ids`, only headers
    written by those servers count.
    """
    domain = domain_of(sender)
    if not domain:
        return AuthDecision(Verdict.NONE, "no sender domain to check")
    if not headers:
        return AuthDecision(Verdict.NONE, "no Authentication-Results header")
    used = list(headers)
    if trusted_authserv_ids is not None:
        trusted = {t.strip().lower() for t in trusted_authserv_ids}
        # the topmost trusted header is the receiving server's own (RFC 8601 section 5): anything below it,
        # even under the same name, was there before our server saw the mail and may be forged
        used = [h for h in headers if h.authserv_id in trusted][:1]
        if not used:
            ignored = ", ".join(sorted({h.authserv_id or "(unnamed)" for h in headers}))
            return AuthDecision(
                Verdict.NONE, f"no Authentication-Results header from a trusted server (ignored: {ignored})"
            )
    failures: list[str] = []
    passes: list[str] = []
    dkim_fail: list[str] = []
    dkim_pass = False
    for header in used:
        by = f" (checked by {header.authserv_id})" if header.authserv_id else ""
        for result in header.results:
            if result.method not in CHECKED_METHODS:
                continue
            about = _subject_domain(result, domain)
            if about is None or not aligned(about, domain):
                continue
            label = f"{result.method}={result.result} for {about}{by}"
            if result.method == "dkim":
                if result.result == "pass":
                    dkim_pass = True
                    passes.append(label)
                elif result.result in FAILING:
                    dkim_fail.append(label)
            elif result.result in FAILING:
                failures.append(label)
            elif result.result == "pass":
                passes.append(label)
    if dkim_fail and not dkim_pass:
        failures.extend(dkim_fail)
    if failures:
        return AuthDecision(Verdict.FAIL, "sender authentication failed: " + "; ".join(failures))
    if passes:
        return AuthDecision(Verdict.PASS, "sender authenticated: " + "; ".join(passes))
    return AuthDecision(Verdict.NONE, f"no pass or fail result for {domain} in the Authentication-Results headers")
