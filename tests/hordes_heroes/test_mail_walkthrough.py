"""The "your first turn" walkthrough in docs/orders/hordes-heroes.md is true (issue 13).

The same game is set up, the digest is read and each mail the page shows is sent through the real mail path;
every line the page quotes from a digest or an answer must be in it (`...` lines are left out on the page).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from campaign.mail.ledger import Unchecked
from campaign.mailflow import MailSettings, dispatch
from campaign.service import Campaign

from .test_mail_newcomer import T0, Mailbox, _mails, _text

DOC = Path(__file__).resolve().parents[2] / "docs" / "orders" / "hordes-heroes.md"


def blocks() -> list[tuple[str, list[str]]]:
    """The page's mail blocks in order: (kind, lines), kind one of mail-digest, mail-send, mail-answer."""
    text = DOC.read_text(encoding="utf-8")
    return [(k, body.splitlines()) for k, body in re.findall(r"```(mail-\w+)\n(.*?)```", text, re.S)]


def test_the_walkthrough_comes_first_on_the_page() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text.index("## Your first turn") < text.index("## The orders") < text.index("## Initiative")
    kinds = [k for k, _ in blocks()]
    assert kinds[0] == "mail-digest" and kinds.count("mail-send") == kinds.count("mail-answer") == 4


def test_every_quoted_mail_line_of_the_walkthrough_is_what_the_referee_answers(
    camp: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CAMPAIGN_NOW", T0.strftime("%Y-%m-%dT%H:%M:%SZ"))
    Mailbox.clock[0] = 0
    for who in ("alice", "bob"):
        camp.set_password(who, f"{who}-pw-hh")
    # the server's seeds fixed for the test, so the charge is decided (a tie would name no winner)
    camp = Campaign(camp.store, seeds=lambda stream, n: hashlib.sha256(f"{SEED_LABEL}/{stream}/{n}".encode()).digest())
    camp.new_game("hordes-heroes", "skirmish-midbattle", {"york": "alice", "lancaster": "bob"})
    settings = MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)
    dispatch(camp, settings)
    (digest,) = [m for m in _mails(settings.outbox) if "alice" in str(m["To"])]
    assert digest["Subject"] == "[game 1] turn 3, york: your orders"
    box = Mailbox(camp, settings, "alice", 1)
    answer = _text(digest)
    for kind, lines in blocks():
        if kind == "mail-send":
            answer = box.ask("\n".join(lines) + "\n")
            continue
        missing = [x for x in lines if x.strip() and x.strip() != "..." and x not in answer.splitlines()]
        assert not missing, (missing, answer)


SEED_LABEL = "walkthrough-1"


def test_the_narrative_names_units_the_same_way_in_text_html_and_the_archive(
    camp: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: the combat line names every unit by id and name, and says it in the same words in the digest's
    text part, its HTML part and the static archive."""
    import html

    from campaign.site import write_site

    monkeypatch.setenv("CAMPAIGN_NOW", T0.strftime("%Y-%m-%dT%H:%M:%SZ"))
    Mailbox.clock[0] = 0
    for who in ("alice", "bob"):
        camp.set_password(who, f"{who}-pw-hh")
    # the server's seeds fixed for the test, so the charge is decided (a tie would name no winner)
    camp = Campaign(camp.store, seeds=lambda stream, n: hashlib.sha256(f"{SEED_LABEL}/{stream}/{n}".encode()).digest())
    camp.new_game("hordes-heroes", "skirmish-midbattle", {"york": "alice", "lancaster": "bob"})
    settings = MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)
    dispatch(camp, settings)
    assert "was accepted" in Mailbox(camp, settings, "alice", 1).ask("move 1 0506\nmove 4 0306\n")
    dispatch(camp, settings)
    digests = [m for m in _mails(settings.outbox) if "alice" in str(m["To"]) and m["X-Campaign-Game"]]
    digest = next(m for m in digests if "WHAT HAPPENED\n  Nothing was resolved" not in _text(m))
    text = _text(digest)
    combat = [x.strip() for x in text.splitlines() if " beat unit " in x or " beat general " in x]
    assert combat, text
    assert re.match(r"^(- )?unit \d+ \([^)]+\)", combat[0].lstrip("- ")), combat[0]
    part = digest.get_body(("html",))
    assert part is not None
    page = html.unescape(str(part.get_content()))
    write_site(camp, tmp_path / "site")
    archive = html.unescape("".join(p.read_text(encoding="utf-8") for p in sorted((tmp_path / "site").rglob("*.html"))))
    line = combat[0].lstrip("- ")
    assert line in page and line in archive
