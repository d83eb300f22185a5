"""Reading inbound mail: every awkward message of the corpus gives the order text the player meant.

The corpus (tests/mail/corpus/*.eml) holds hand-written copies of what real mail clients send:
HTML-only mail, quoted-printable, Latin-1 and Windows-1252 bodies, replies quoting a digest,
forwards, empty bodies, signatures, missing Message-IDs, attachments. None may raise.
"""

from __future__ import annotations

import base64
from email.message import Message
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaign.mail.parse import (
    InboundMail,
    ProblemCode,
    TextSource,
    clean_text,
    decode_bytes,
    html_to_text,
    message_key,
    normalise_message_id,
    parse_message,
    synthetic_message_id,
    unflow,
)

CORPUS = Path(__file__).parent / "corpus"

P = TextSource.PLAIN
H = TextSource.HTML
F = TextSource.FORWARDED
N = TextSource.NONE

# file name -> (expected text, where it came from, expected problem codes)
EXPECTED: dict[str, tuple[str, TextSource, set[ProblemCode]]] = {
    "plain_simple": ("SIGNON alice@7 tiger-moth\nmove 3 0504 0505 face N\ngeneral 1 0605 0606\nWAIT", P, set()),
    "html_only": (
        "SIGNON bob@7 hunter2\nmove 4 0708 0709\nrally 4\n\nPRESS all\nFish & chips at dawn <3\nENDPRESS\nCafé — done",
        H,
        set(),
    ),
    "quoted_printable": (
        "SIGNON chloe@7 sésame\nmove 2 0303 0304 face NE\nPRESS blue\n"
        "Rendez-vous à l'église, le pont est = détruit. Nous attaquons à l'aube.\nENDPRESS",
        P,
        set(),
    ),
    "latin1": ("SIGNON dieter@7 geheim\nPRESS red\nGrüße aus München, à bientôt.\nENDPRESS\nhold 5", P, set()),
    "windows1252": ("SIGNON eve@7 pa55word\nPRESS all\n“Veni, vidi” – that’s €100 on red.\nENDPRESS", P, set()),
    "iso_really_cp1252": ("SIGNON frank@7 pw\nPRESS all\nIt’s “fine” — really.\nENDPRESS", P, set()),
    "unknown_charset": ("SIGNON gina@7 pw\nPRESS all\nQapla’! naïve\nENDPRESS", P, {ProblemCode.CHARSET_UNKNOWN}),
    "utf8_mislabelled": ("SIGNON hal@7 pw\nPRESS all\nnaïve café\nENDPRESS", P, {ProblemCode.CHARSET_MISMATCH}),
    "reply_top_posted": ("SIGNON alice@7 tiger-moth\nmove 3 0504 0505\nrally 2", P, set()),
    "reply_bottom_posted": ("\n\n\n\n\nSIGNON bob@7 hunter2\n\nhold 5", P, set()),
    "forwarded_rfc822": ("SIGNON alice@7 tiger-moth\nmove 1 0202 0203", F, set()),
    "forwarded_with_comment": ("SIGNON alice@7 tiger-moth\nmove 1 0202 0204", P, set()),
    "forwarded_inline": ("SIGNON alice@7 tiger-moth\ngeneral 1 0605 0606", F, set()),
    "empty_body": ("", N, {ProblemCode.TEXT_EMPTY}),
    "signature_only": ("", P, {ProblemCode.TEXT_EMPTY}),
    "no_message_id": ("SIGNON ken@7 pw\nhold 1", P, set()),
    "mixed_attachment": ("SIGNON laura@7 pw\nmove 6 1010 1011", P, set()),
    "iphone_base64": ("SIGNON mike@7 pw\nmove 2 0404 0405", P, set()),
    "outlook_html_reply": ("SIGNON nina@7 pw\nmove 7 1203 1204 face S\n\nMAP", H, set()),
    "gmail_html_reply": ("SIGNON oscar@7 pw\nrally 3", H, set()),
    "flowed": (
        "SIGNON paula@7 pw\nPRESS all\nThis is a long message that Thunderbird wrapped with soft line breaks so"
        " that no line is longer than seventy-two characters in the mail.\nENDPRESS\nhold 2",
        P,
        set(),
    ),
    "gmail_auth": ("SIGNON rita@7 pw\nhold 3", P, set()),
}


def corpus(name: str) -> bytes:
    return (CORPUS / f"{name}.eml").read_bytes()


def test_every_corpus_file_has_an_expectation() -> None:
    names = {p.stem for p in CORPUS.glob("*.eml")}
    assert names - {"malformed_base64", "garbage"} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_message_gives_the_players_own_text(name: str) -> None:
    text, source, problems = EXPECTED[name]
    mail = parse_message(corpus(name))
    assert mail.text == text
    assert mail.text_source is source
    assert {p.code for p in mail.problems} == problems


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_crlf_and_lf_line_ends_read_the_same(name: str) -> None:
    lf = corpus(name).replace(b"\r\n", b"\n")
    crlf = lf.replace(b"\n", b"\r\n")
    a, b = parse_message(lf), parse_message(crlf)
    assert (a.text, a.sender, a.subject, a.message_id) == (b.text, b.sender, b.subject, b.message_id)


def test_sender_is_lower_cased_and_display_name_decoded() -> None:
    mail = parse_message(corpus("plain_simple"))
    assert (mail.sender, mail.sender_name) == ("alice@example.org", "Alice Archer")
    chloe = parse_message(corpus("quoted_printable"))
    assert (chloe.sender_name, chloe.subject) == ("Chloé Durand", "Ordres — partie 7")


def test_headers_for_threading_are_normalised() -> None:
    mail = parse_message(corpus("reply_top_posted"))
    assert mail.message_id == "<CAE9reply@mail.example.org>"
    assert mail.in_reply_to == "<digest.7.3.alice@campaign.example>"
    assert mail.references == ("<digest.7.2.alice@campaign.example>", "<digest.7.3.alice@campaign.example>")
    assert mail.date == "Mon, 10 Jun 2024 09:12:44 +0100"


def test_missing_message_id_is_synthesised_stably_from_the_bytes() -> None:
    raw = corpus("no_message_id")
    first, again = parse_message(raw), parse_message(raw.replace(b"\n", b"\r\n"))
    assert first.synthetic_id and first.message_id == again.message_id == synthetic_message_id(raw)
    assert first.message_id.startswith("<sha256.") and first.message_id.endswith("@campaign.invalid>")
    assert parse_message(raw + b"hold 2\n").message_id != first.message_id
    assert message_key(raw) == first.message_id


def test_attachments_are_listed_with_sizes_and_never_read() -> None:
    mail = parse_message(corpus("mixed_attachment"))
    assert [(a.filename, a.content_type, a.size) for a in mail.attachments] == [
        ("sketch.pdf", "application/pdf", 52),
        ("notes.txt", "text/plain", 60),
    ]
    assert "9999" not in mail.text and "HTML VERSION" not in mail.text


def test_forwarded_message_is_listed_as_an_attachment() -> None:
    mail = parse_message(corpus("forwarded_with_comment"))
    assert [(a.filename, a.content_type) for a in mail.attachments] == [("my old orders", "message/rfc822")]


def test_authentication_results_are_parsed_topmost_first() -> None:
    mail = parse_message(corpus("gmail_auth"))
    assert len(mail.auth) == 1  # ARC-Authentication-Results is a different header
    assert mail.auth[0].authserv_id == "mx.google.com"
    assert [(r.method, r.result) for r in mail.auth[0].results] == [
        ("dkim", "pass"),
        ("spf", "pass"),
        ("dmarc", "pass"),
    ]


def test_broken_base64_body_is_reported_not_raised() -> None:
    mail = parse_message(corpus("malformed_base64"))
    assert mail.has_problem(ProblemCode.BODY_UNDECODABLE)
    assert mail.text.startswith("SIGNON quentin@7 pw\nhold 1")


def test_bytes_that_are_no_mail_at_all_still_give_a_result() -> None:
    mail = parse_message(corpus("garbage"))
    assert isinstance(mail, InboundMail)
    assert mail.sender == "" and mail.has_problem(ProblemCode.NO_SENDER)
    assert mail.synthetic_id


def large_attachment_mail(size: int) -> bytes:
    blob = base64.encodebytes(bytes(range(256)) * (size // 256))
    return (
        b"From: Big <big@example.org>\nTo: orders@campaign.example\nSubject: orders + scan\n"
        b"Message-ID: <big-1@example.org>\nMIME-Version: 1.0\n"
        b'Content-Type: multipart/mixed; boundary="b"\n\n'
        b"--b\nContent-Type: text/plain; charset=utf-8\n\nSIGNON big@7 pw\nhold 4\n\n"
        b'--b\nContent-Type: image/tiff; name="scan.tif"\nContent-Disposition: attachment; filename="scan.tif"\n'
        b"Content-Transfer-Encoding: base64\n\n" + blob + b"\n--b--\n"
    )


@pytest.fixture(scope="module")
def five_megabytes() -> bytes:
    return large_attachment_mail(5 * 1024 * 1024)


def test_a_5_MB_attachment_is_skipped_cheaply_and_noted(five_megabytes: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    decoded: list[str] = []
    original = Message.get_payload

    def spy(self: Message, i: int | None = None, decode: bool = False) -> object:
        if decode:
            decoded.append(self.get_content_type())
        return original(self, i, decode)  # type: ignore[call-overload]

    monkeypatch.setattr(Message, "get_payload", spy)
    mail = parse_message(five_megabytes)
    assert mail.text == "SIGNON big@7 pw\nhold 4"
    assert [(a.filename, a.size) for a in mail.attachments] == [("scan.tif", 5 * 1024 * 1024)]
    assert mail.has_problem(ProblemCode.ATTACHMENT_LARGE)
    assert decoded == ["text/plain"]  # the attachment itself was never decoded (what keeps it fast)


# --- the pieces --------------------------------------------------------------------------------------


def test_html_keeps_line_breaks_for_br_p_div_li_and_drops_style_and_script() -> None:
    html = (
        "<style>.x{}</style><script>var a = '<p>';</script>"
        "<p>one</p><div>two<br>three</div><ul><li>four</li><li>five &amp; six</li></ul>seven&nbsp;eight"
    )
    assert html_to_text(html) == "one\ntwo\nthree\nfour\nfive & six\nseven eight"


def test_html_blockquote_becomes_quoted_lines() -> None:
    assert html_to_text("<div>mine</div><blockquote><div>theirs</div></blockquote>") == "mine\n> theirs"


def test_html_pre_keeps_its_lines() -> None:
    assert html_to_text("<pre>hold 1\n  hold 2</pre>") == "hold 1\n  hold 2"


def test_signature_separator_cuts_everything_after_it() -> None:
    assert clean_text("hold 1\n-- \nAlice\nhold 2") == "hold 1"


def test_sig_separator_without_its_trailing_space_also_cuts() -> None:
    assert clean_text("hold 1\n--\nAlice") == "hold 1"


@pytest.mark.parametrize(
    "tail",
    [
        "Sent from my iPhone",
        "Sent from my Galaxy",
        "Get Outlook for Android",
        "Envoyé de mon iPhone",
        "Von meinem iPad gesendet",
        "Sent from Yahoo Mail for iPhone",
    ],
)
def test_phone_signatures_at_the_end_are_dropped(tail: str) -> None:
    assert clean_text(f"hold 1\n\n{tail}\n") == "hold 1"


def test_phone_signature_words_in_the_middle_stay() -> None:
    assert clean_text("PRESS all\nSent from my iPhone, so forgive typos\nENDPRESS") == (
        "PRESS all\nSent from my iPhone, so forgive typos\nENDPRESS"
    )


def test_quoted_lines_in_the_middle_keep_line_numbers() -> None:
    assert clean_text("a\n> quoted\nb") == "a\n\nb"


def test_attribution_line_is_dropped_only_before_a_quote() -> None:
    assert clean_text("On Monday the general wrote:\nhold 1") == "On Monday the general wrote:\nhold 1"
    assert clean_text("hold 1\nOn Mon, 3 Jun 2024, Ref <r@x> wrote:\n> old") == "hold 1"


def test_outlook_original_message_tail_is_cut() -> None:
    assert clean_text("hold 1\n\n-----Original Message-----\nFrom: Ref\nhold 9") == "hold 1"


def test_unflow_joins_soft_breaks_and_unstuffs() -> None:
    assert unflow("long line \ncontinues\n From here\n-- \nsig") == "long line continues\nFrom here\n-- \nsig"
    assert unflow("abc \ndef", delsp=True) == "abcdef"


def test_message_ids_are_normalised() -> None:
    assert normalise_message_id("  <a@b>  (comment)") == "<a@b>"
    assert normalise_message_id("a@b") == "<a@b>"
    assert normalise_message_id("\n <a@b>") == "<a@b>"
    assert normalise_message_id("") == ""
    assert normalise_message_id("not an id") == ""


@pytest.mark.parametrize(
    ("data", "charset", "text", "codes"),
    [
        (b"caf\xc3\xa9", "utf-8", "café", set()),
        (b"caf\xe9", "iso-8859-1", "café", set()),
        (b"\x93q\x94", "latin-1", "“q”", set()),
        (b"caf\xe9", None, "café", set()),
        (b"caf\xc3\xa9", "bogus-charset", "café", {ProblemCode.CHARSET_UNKNOWN}),
        (b"caf\xe9", "utf-8", "café", {ProblemCode.CHARSET_MISMATCH}),
        (b"\xef\xbb\xbfhold", "utf-8", "hold", set()),
    ],
)
def test_charsets_fall_back_gracefully(data: bytes, charset: str | None, text: str, codes: set[ProblemCode]) -> None:
    got, problems = decode_bytes(data, charset)
    assert got == text and {p.code for p in problems} == codes


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(raw: bytes) -> None:
    assert isinstance(parse_message(raw), InboundMail)


HEADER_LINES = st.sampled_from(
    [
        b"From: a@b.example\n",
        b"From: \n",
        b"From: =?utf-8?q?broken\n",
        b"Content-Type: multipart/mixed\n",
        b'Content-Type: multipart/alternative; boundary="x"\n',
        b'Content-Type: text/plain; charset=""\n',
        b"Content-Transfer-Encoding: base64\n",
        b"Content-Transfer-Encoding: quoted-printable\n",
        b"Content-Type: message/rfc822\n",
        b"Message-ID: <<>>\n",
        b"References: <a@b> junk <c@d\n",
        b"Authentication-Results: ; dkim=\n",
        b"Content-Type: text/html\n",
        b"Content-Disposition: attachment\n",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(HEADER_LINES, max_size=8), st.binary(max_size=300))
def test_malformed_structures_never_raise(headers: list[bytes], body: bytes) -> None:
    mail = parse_message(b"".join(headers) + b"\n--x\n" + body + b"\n--x--\n")
    assert isinstance(mail.text, str) and mail.message_id.startswith("<")
