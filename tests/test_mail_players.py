"""Issue 13: what a player learns by mail before committing (CHECK, UNITS, LEGAL, STATUS, digests).

Every test goes through the real mail path: an order mail in, the reply out of the Maildir
outbox, read back with the standard library's email parser as a mail client would.
"""

from __future__ import annotations

import email
from email import policy
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

from campaign.mail.ledger import Unchecked
from campaign.mailflow import MailSettings, dispatch, handle_message
from campaign.ruleset import register
from campaign.service import Campaign
from tests.toy import Race
from tests.test_mailflow import game_events, order_mail, pbem, signon  # noqa: F401 (pbem is a fixture)


def replies(outbox: Path) -> list[email.message.EmailMessage]:
    out = []
    for sub in ("new", "cur"):
        for f in sorted((outbox / sub).glob("*")) if (outbox / sub).exists() else []:
            out.append(email.message_from_bytes(f.read_bytes(), policy=policy.default))
    return out


def reply_to(outbox: Path, msg_id: str) -> email.message.EmailMessage:
    found = [m for m in replies(outbox) if (m["In-Reply-To"] or "") == f"<{msg_id}@example.org>"]
    assert len(found) == 1, [m["Subject"] for m in replies(outbox)]
    return found[0]


def text_of(msg: email.message.EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def send(camp: Campaign, settings: MailSettings, who: str, body: str, msg_id: str) -> tuple[Any, str]:
    result = handle_message(camp, order_mail(who, signon(who) + body, msg_id), settings)
    return result, text_of(reply_to(settings.outbox, msg_id))


def test_check_echoes_costs_and_dice_and_files_nothing(pbem: tuple[Campaign, MailSettings]) -> None:
    """CHECK: canonical echo, each move's cost, the dice a resolution would ask for; no game event."""
    camp, settings = pbem
    send(camp, settings, "bob", "advance 1\n", "bob-1")  # red is in: blue's orders would complete the turn
    before = game_events(camp)
    result, text = send(camp, settings, "alice", "CHECK\nADVANCE   2\n", "alice-check")
    assert result.outcome == "accepted"
    assert game_events(camp) == before  # nothing was written to the game
    msg = reply_to(settings.outbox, "alice-check")
    assert "checked (nothing filed)" in msg["Subject"]
    assert "nothing was filed" in text
    assert "advance 2   (cost 2; needs a d6 above 2)" in text
    assert "would complete the phase" in text
    # the toy rolls a d6 for each advancing side, red first
    assert "d6  turn 1: red advances 1" in text and "d6  turn 1: blue advances 2" in text
    assert "always in command" in text  # the predicted command status
    # the mail's own record is kept
    mails = [e for e in camp.store.read(stream="mail") if e.payload.get("message_id") == "<alice-check@example.org>"]
    assert len(mails) == 1


def test_check_without_other_orders_rolls_nothing_yet(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    _, text = send(camp, settings, "alice", "check\nhold\n", "alice-c2")
    assert "do not complete the phase" in text


def test_check_errors_say_what_is_legal(pbem: tuple[Campaign, MailSettings]) -> None:
    """A refused line in a CHECK names the mail's line and lists the unit's legal orders."""
    camp, settings = pbem
    before = game_events(camp)
    _, text = send(camp, settings, "alice", "CHECK\n\nbogus b\n", "alice-c3")
    assert "line 4" in text and "[E-VERB]" in text
    assert "legal now for unit b:" in text and "advance 3" in text and "hold" in text
    assert game_events(camp) == before


def test_check_refuses_game_changing_commands(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    result, text = send(camp, settings, "alice", "CHECK\nWAIT\nadvance 1\n", "alice-c4")
    assert result.outcome == "refused" and "E-CHECK-CONFLICT" in result.codes
    result, _ = send(camp, settings, "alice", "CHECK\n", "alice-c5")
    assert result.outcome == "refused" and "E-CHECK-EMPTY" in result.codes


def test_units_legal_status_by_mail(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    before = game_events(camp)
    _, text = send(camp, settings, "alice", "UNITS\nLEGAL b\nSTATUS\n", "alice-q")
    assert "UNITS of blue\nb blue runner\n    square 0, stride 1-3, tired no" in text
    assert "b blue runner" in text and "stride 1-3" in text and "tired no" in text
    assert "LEGAL" in text and "advance 3   (needs a d6 above 3)" in text
    assert "waiting for blue: orders for turn 1" in text and "waiting for red" in text
    assert "blue: turn 1 of 20" in text
    assert "ready to resolve" not in text
    assert game_events(camp) == before


def test_legal_unknown_unit_is_explained(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    _, text = send(camp, settings, "alice", "LEGAL zz\n", "alice-l")
    assert "no unit zz" in text and "units: b" in text


def test_orders_completing_the_phase_tell_how_to_hold_it(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    _, first = send(camp, settings, "bob", "advance 1\n", "bob-h")
    assert "completed the phase" not in first
    _, text = send(camp, settings, "alice", "advance 1\n", "alice-h")
    assert "completed the phase" in " ".join(text.split()) and "WAIT" in text


def test_digest_puts_what_to_do_first_and_subject_does_not_repeat(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    send(camp, settings, "bob", "advance 1\n", "bob-d")
    send(camp, settings, "alice", "advance 1\nPRESS red\nhello\nENDPRESS\n", "alice-d")
    dispatch(camp, settings)
    digests = [m for m in replies(settings.outbox) if m["X-Campaign-Game"] and "alice" in str(m["To"])]
    last = digests[-1]
    subject = str(last["Subject"])
    assert subject.startswith("[game 1] turn 2")
    assert subject.lower().count("turn") == 1 and not subject.lower().startswith("re:")
    body = text_of(last)
    assert body.index("WHAT YOU MUST DO NEXT") < body.index("WHAT HAPPENED") < body.index("THE BOARD")
    assert body.index("THE BOARD") < body.index("DICE") < body.index("RECEIPT")


def test_check_a_hordes_and_heroes_bound_by_mail(camp: Campaign, tmp_path: Path) -> None:
    """The phasing side's CHECK lists the dice its bound would roll, and the game is left as it was."""
    for who in ("alice", "bob"):
        camp.set_password(who, f"{who}-pw-hh")
    gs = camp.new_game("hordes-heroes", "intro-50", {"york": "alice", "valois": "bob"})
    settings = MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)
    for n in range(6):  # initiative and deployments, until a bound waits for its phasing side
        gs = camp.load(gs.number)
        waiting = [r for r in camp.awaiting(gs) if not r.optional]
        if "bound" in gs.ruleset.phase(gs.state):
            break
        for req in waiting:
            camp.submit_orders(gs.number, gs.sides[req.side], gs.ruleset.bot_orders(gs.state, req.side, n))
        camp.advance(gs.number)
    gs = camp.load(gs.number)
    (req,) = [r for r in camp.awaiting(gs) if not r.optional]
    who = gs.sides[req.side]
    orders = gs.ruleset.bot_orders(gs.state, req.side, 7)
    before = [e.as_json() for e in camp.store.read(stream=gs.stream)]
    body = f"SIGNON {who}@{gs.number} {who}-pw-hh\nCHECK\n{orders}\n"
    result = handle_message(camp, order_mail(who, body, "hh-check"), settings)
    assert result.outcome == "accepted", result.reply
    text = text_of(reply_to(settings.outbox, "hh-check"))
    assert "nothing was filed" in text and "The rules understood:" in text
    assert "would complete the phase" in text and "Dice it would roll:" in text, text
    canonical = gs.ruleset.parse_orders(gs.state, req.side, orders).canonical
    assert all(f"    {line}" in text for line in canonical.splitlines())
    assert [e.as_json() for e in camp.store.read(stream=gs.stream)] == before
    dispatch(camp, settings)
    digest = [m for m in replies(settings.outbox) if m["X-Campaign-Game"] and who in str(m["To"])][-1]
    body = text_of(digest)
    assert "Terrain features on the picture:\n  road: 0105-0205-" in body  # the text board draws no road


class _ArrowRace(Race):
    """The toy race whose picture draws each runner's run so far as a move arrow."""

    name = "toy-arrows"
    aliases = ("toy-arrow-race",)

    def picture(self, state: dict[str, Any], side: str | None = None, title: str = "") -> Any:
        from dataclasses import replace

        from campaign.picture import Arrow, ArrowKind

        pic = super().picture(state, side, title)
        arrows = tuple(
            Arrow(ArrowKind.MOVE, (pic.map_spec.to_hex(1, row), pic.map_spec.to_hex(1 + state["pos"][s], row)), s)
            for row, s in ((1, "blue"), (2, "red"))
            if state["pos"][s]
        )
        return replace(pic, arrows=arrows)


@pytest.fixture
def arrow_race() -> Iterator[None]:
    from campaign import ruleset

    register(_ArrowRace())
    yield
    ruleset._registered.pop(_ArrowRace.name, None)
    ruleset._cache = None


@pytest.mark.usefixtures("arrow_race")
def test_digest_says_in_words_what_the_arrows_show(camp: Campaign, tmp_path: Path) -> None:
    for who in ("alice", "bob"):
        camp.set_password(who, f"{who}-pw-ar")
    camp.new_game("toy-arrows", "sprint", {"blue": "alice", "red": "bob"})
    settings = MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)
    # whatever the dice, a runner that moved gets an arrow in words, and one that did not, none
    for who, order in (("bob", "advance 1"), ("alice", "advance 1")):
        handle_message(camp, order_mail(who, f"SIGNON {who}@1 {who}-pw-ar\n{order}\n", f"ar-{who}"), settings)
    dispatch(camp, settings)
    gs = camp.load(1)
    digest = [m for m in replies(settings.outbox) if m["X-Campaign-Game"] and "alice" in str(m["To"])][-1]
    body = text_of(digest)
    moved = [s for s in ("blue", "red") if gs.state["pos"][s]]
    for s in ("blue", "red"):
        row = 1 if s == "blue" else 2
        line = f"  {s} move: 01{row:02d} -> 02{row:02d}"
        assert (line in body) == (s in moved), body
    assert ("What the arrows on the picture show:" in body) == bool(moved)


def test_tz_by_mail_shows_deadlines_in_the_players_zone(
    camp: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TZ Europe/Paris: the next digest's subject and text give the deadline in Paris time, UTC beside it."""
    from campaign.deadlines import Schedule
    from campaign.ruleset import MissedOrders

    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-05T12:00:00Z")
    camp.set_password("alice", "alice-pw-tz")
    schedule = Schedule(48, 12, 24, MissedOrders.HOLD).as_json()
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, schedule=schedule)
    settings = MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)
    mail = order_mail("alice", "SIGNON alice@1 alice-pw-tz\nTZ Europe/Paris\n", "tz-1")
    result = handle_message(camp, mail, settings)
    assert result.outcome == "accepted", result.reply
    assert camp.players()["alice"].tz == "Europe/Paris" and camp.players()["bob"].tz == "UTC"
    dispatch(camp, settings)
    alice = [m for m in replies(settings.outbox) if m["X-Campaign-Game"] and "alice" in str(m["To"])][-1]
    bob = [m for m in replies(settings.outbox) if m["X-Campaign-Game"] and "bob" in str(m["To"])][-1]
    assert str(alice["Subject"]) == "[game 1] turn 1, blue: your orders by Wed 07 Jan 13:00 CET"
    assert str(bob["Subject"]) == "[game 1] turn 1, red: your orders by Wed 07 Jan 12:00 UTC"
    assert "by Wed 07 Jan 13:00 CET (2026-01-07T12:00:00Z)" in text_of(alice)
    bad = handle_message(camp, order_mail("alice", "SIGNON alice@1 alice-pw-tz\nTZ Mars/Olympus\n", "tz-2"), settings)
    assert bad.outcome == "refused" and bad.codes == ["E-TZ-FORMAT"]


def test_at_deadline_game_waits_for_the_deadline_and_says_so(
    camp: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """resolve = at-deadline: orders all in resolve nothing until tick passes the deadline; digests say it."""
    from campaign.deadlines import ResolveWhen, Schedule
    from campaign.ruleset import MissedOrders

    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-05T12:00:00Z")
    for who in ("alice", "bob"):
        camp.set_password(who, f"{who}-pw-dl")
    schedule = Schedule(48, 0, 24, MissedOrders.HOLD, ResolveWhen.AT_DEADLINE).as_json()
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, schedule=schedule)
    settings = MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)
    dispatch(camp, settings)
    first = text_of([m for m in replies(settings.outbox) if "alice" in str(m["To"])][-1])
    assert "(resolve = at-deadline: each phase resolves at its deadline" in " ".join(first.split("\n"))
    handle_message(camp, order_mail("bob", "SIGNON bob@1 bob-pw-dl\nadvance 1\n", "dl-bob"), settings)
    handle_message(camp, order_mail("alice", "SIGNON alice@1 alice-pw-dl\nadvance 1\n", "dl-alice"), settings)
    text = " ".join(text_of(reply_to(settings.outbox, "dl-alice")).split())
    assert "this game resolves at the deadline" in text and "completed the phase" not in text
    assert camp.load(1).turn == 1
    camp.tick("2026-01-07T11:00:00Z")
    assert camp.load(1).turn == 1  # an hour before the deadline
    report = camp.tick("2026-01-07T12:00:00Z").as_json()
    assert camp.load(1).turn == 2 and report[-1]["action"] == "resolved at the deadline"


def test_when_ready_is_said_in_every_digest(pbem: tuple[Campaign, MailSettings]) -> None:
    camp, settings = pbem
    digest = [m for m in replies(settings.outbox) if m["X-Campaign-Game"] and "bob" in str(m["To"])][-1]
    assert "(resolve = when-ready: a phase resolves as soon as every side's orders are in" in text_of(digest)


def test_refused_orders_say_what_is_legal(pbem: tuple[Campaign, MailSettings]) -> None:
    """A refused order mail (no CHECK) lists, for the unit on the refused line, its legal orders."""
    camp, settings = pbem
    result, text = send(camp, settings, "alice", "advance 7 b\n", "alice-bad")
    assert result.outcome == "refused" and "E-RANGE" in result.codes
    assert "What is legal now for the units on those lines:" in text
    assert "legal now for unit b: advance 1; advance 2; advance 3; hold" in text
