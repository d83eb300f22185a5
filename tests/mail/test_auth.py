"""Authentication-Results: refuse mail whose From domain failed DMARC, SPF or DKIM; no header, no verdict."""

from __future__ import annotations

import pytest

from campaign.mail.auth import AuthResults, Verdict, aligned, judge, parse_authentication_results
from campaign.mail.parse import parse_message

GMAIL_PASS = """mx.google.com;
       dkim=pass header.i=@example.org header.s=20230601 header.b=Xy12AbCd;
       spf=pass (google.com: domain of alice@example.org designates 192.0.2.7 as permitted sender)
 smtp.mailfrom=alice@example.org;
       dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=example.org"""

GMAIL_SPOOF = """mx.google.com;
       spf=softfail (google.com: domain of transitioning alice@example.org does not designate 203.0.113.9 as
 permitted sender) smtp.mailfrom=alice@example.org;
       dmarc=fail (p=QUARANTINE sp=QUARANTINE dis=QUARANTINE) header.from=example.org"""

OPENDKIM_PASS = (
    "mail.campaign.example; dkim=pass (2048-bit key; unprotected) header.d=example.org"
    " header.i=@example.org header.a=rsa-sha256 header.s=mail header.b=ABCdef12"
)
OPENDKIM_FAIL = (
    'mail.campaign.example; dkim=fail reason="signature verification failed" (2048-bit key;'
    " unprotected) header.d=example.org header.i=@example.org header.b=ZZZ"
)
POLICYD_SPF_FAIL = (
    "mail.campaign.example; spf=fail (sender SPF authorized) smtp.mailfrom=example.org"
    " (client-ip=203.0.113.9; helo=evil.example; envelope-from=alice@example.org)"
)
OPENDMARC_FAIL = "mail.campaign.example; dmarc=fail (p=reject dis=none) header.from=example.org"
MICROSOFT = (
    "spf=pass (sender IP is 192.0.2.8) smtp.mailfrom=example.org; dkim=pass (signature was verified)"
    " header.d=example.org;dmarc=pass action=none header.from=example.org;compauth=pass reason=100"
)


def parsed(*values: str) -> list[AuthResults]:
    return [parse_authentication_results(v) for v in values]


def test_gmail_header_is_parsed_with_comments_removed() -> None:
    header = parse_authentication_results(GMAIL_PASS)
    assert header.authserv_id == "mx.google.com"
    assert [str(r) for r in header.results] == [
        "dkim=pass header.i=@example.org header.s=20230601 header.b=Xy12AbCd",
        "spf=pass smtp.mailfrom=alice@example.org",
        "dmarc=pass header.from=example.org",
    ]


def test_microsoft_header_without_authserv_id_is_parsed() -> None:
    header = parse_authentication_results(MICROSOFT)
    assert header.authserv_id == ""
    assert [(r.method, r.result) for r in header.results] == [
        ("spf", "pass"),
        ("dkim", "pass"),
        ("dmarc", "pass"),
        ("compauth", "pass"),
    ]
    assert header.results[3].reason == "100"


def test_quoted_reason_and_versions_are_read() -> None:
    header = parse_authentication_results('mx.example 1; dkim/1=fail reason="bad; very bad" header.d=a.example')
    (result,) = header.results
    assert (result.method, result.result, result.reason, result.get("header.d")) == (
        "dkim",
        "fail",
        "bad; very bad",
        "a.example",
    )


def test_none_result_and_garbage_give_no_results() -> None:
    assert parse_authentication_results("mx.example; none").results == ()
    assert parse_authentication_results(";;; === (unclosed").results == ()


def test_passing_gmail_mail_passes() -> None:
    decision = judge("alice@example.org", parsed(GMAIL_PASS))
    assert decision.verdict is Verdict.PASS and not decision.refused
    assert "dmarc=pass for example.org" in decision.reason


def test_spoofed_gmail_mail_is_refused_naming_every_failure() -> None:
    decision = judge("Alice@Example.ORG", parsed(GMAIL_SPOOF))
    assert decision.refused
    assert "spf=softfail for example.org (checked by mx.google.com)" in decision.reason
    assert "dmarc=fail for example.org" in decision.reason


@pytest.mark.parametrize("header", [OPENDKIM_FAIL, POLICYD_SPF_FAIL, OPENDMARC_FAIL])
def test_postfix_milter_failures_are_refused(header: str) -> None:
    assert judge("alice@example.org", parsed(header)).verdict is Verdict.FAIL


def test_dkim_failure_is_forgiven_when_another_signature_of_the_domain_passed() -> None:
    assert judge("alice@example.org", parsed(OPENDKIM_FAIL, OPENDKIM_PASS)).verdict is Verdict.PASS


def test_dkim_failure_of_another_domain_says_nothing_about_the_sender() -> None:
    other = "mx.example; dkim=fail header.d=lists.example.net"
    assert judge("alice@example.org", parsed(other)).verdict is Verdict.NONE


def test_spf_failure_of_a_mailing_list_bounce_domain_is_ignored() -> None:
    header = "mx.example; spf=fail smtp.mailfrom=bounces+x@lists.example.net; dkim=pass header.d=example.org"
    assert judge("alice@example.org", parsed(header)).verdict is Verdict.PASS


def test_subdomains_are_aligned_either_way() -> None:
    assert aligned("mail.example.org", "example.org") and aligned("example.org", "mail.example.org")
    assert not aligned("badexample.org", "example.org")
    header = "mx.example; spf=fail smtp.mailfrom=bounce@mail.example.org"
    assert judge("alice@example.org", parsed(header)).refused


def test_one_failing_header_among_several_refuses() -> None:
    assert judge("alice@example.org", parsed(OPENDKIM_PASS, GMAIL_SPOOF)).refused


def test_no_header_means_no_verdict_and_acceptance() -> None:
    decision = judge("alice@example.org", [])
    assert decision.verdict is Verdict.NONE and not decision.refused


def test_neutral_and_error_results_are_no_verdict() -> None:
    header = "mx.example; spf=neutral smtp.mailfrom=example.org; dkim=temperror header.d=example.org; dmarc=none"
    assert judge("alice@example.org", parsed(header)).verdict is Verdict.NONE


def test_dmarc_without_header_from_is_about_the_from_domain() -> None:
    assert judge("alice@example.org", parsed("mx.example; dmarc=fail")).refused


def test_only_trusted_servers_count_when_named() -> None:
    forged = parsed("mx.attacker.example; dmarc=pass header.from=example.org")
    ours = parsed("mx.campaign.example; dmarc=fail header.from=example.org")
    assert judge("alice@example.org", forged, trusted_authserv_ids={"MX.campaign.example"}).verdict is Verdict.NONE
    assert judge("alice@example.org", forged + ours, trusted_authserv_ids={"mx.campaign.example"}).refused


def test_verdict_from_a_parsed_mail() -> None:
    raw = (
        b"Authentication-Results: mx.campaign.example;\n\tdmarc=fail (p=reject) header.from=example.org\n"
        b"Authentication-Results: mx.campaign.example; spf=pass smtp.mailfrom=example.org\n"
        b"From: Alice <alice@example.org>\nSubject: x\n\nSIGNON alice@7 pw\n"
    )
    mail = parse_message(raw)
    assert len(mail.auth) == 2
    assert judge(mail.sender, mail.auth).refused
