"""Hordes & Heroes by mail as a newcomer plays it (issue 13): unit cards, army status, LEGAL and CHECK answers.

Every order here is written from what the reply mails said, read as a mail client reads them (the plain-text part
of the reply threaded to the question); nothing reads the game's state. The slow test plays a whole game so.
"""

from __future__ import annotations

import email
import os
import re
from datetime import UTC, datetime, timedelta
from email import policy
from pathlib import Path

import pytest

from campaign.mail.ledger import Unchecked
from campaign.mailflow import MailSettings, dispatch, handle_message
from campaign.service import Campaign
from tests.test_mailflow import order_mail

SIDES = {"york": "alice", "valois": "bob"}
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


class Mailbox:
    """A player's mail client: sends a mail to the referee and reads the reply threaded to it.

    Players write a few mails an hour, not dozens a second: each mail is sent 10 minutes after the last one of
    either player (the referee answers at most 12 mails an hour to one address)."""

    clock = [0]

    def __init__(self, camp: Campaign, settings: MailSettings, player: str, game: int) -> None:
        self.camp, self.settings, self.player, self.game = camp, settings, player, game
        self.sent = 0

    def ask(self, body: str) -> str:
        self.clock[0] += 10
        os.environ["CAMPAIGN_NOW"] = (T0 + timedelta(minutes=self.clock[0])).strftime("%Y-%m-%dT%H:%M:%SZ")
        self.sent += 1
        msg_id = f"{self.player}-{self.sent}"
        mail = order_mail(self.player, f"SIGNON {self.player}@{self.game} {self.player}-pw-hh\n{body}", msg_id)
        handle_message(self.camp, mail, self.settings)
        return _text(_reply(self.settings.outbox, msg_id))


def _mails(outbox: Path) -> list[email.message.EmailMessage]:
    out = []
    for sub in ("new", "cur"):
        for f in sorted((outbox / sub).glob("*")) if (outbox / sub).exists() else []:
            out.append(email.message_from_bytes(f.read_bytes(), policy=policy.default))
    return out


def _reply(outbox: Path, msg_id: str) -> email.message.EmailMessage:
    threaded = [m for m in _mails(outbox) if (m["In-Reply-To"] or "") == f"<{msg_id}@example.org>"]
    found = [m for m in threaded if not m["X-Campaign-Game"]] or threaded  # the answer, else the digest answering
    assert found, [(m["Subject"], m["In-Reply-To"]) for m in _mails(outbox)]
    return found[0]


def _text(msg: email.message.EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


@pytest.fixture
def hh_mail(camp: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Campaign, MailSettings, int]:
    monkeypatch.setenv("CAMPAIGN_NOW", T0.strftime("%Y-%m-%dT%H:%M:%SZ"))  # the mails move it on; restored after
    Mailbox.clock[0] = 0
    for who in SIDES.values():
        camp.set_password(who, f"{who}-pw-hh")
    gs = camp.new_game("hordes-heroes", "intro-50", SIDES, options={"max_game_turns": 4})
    settings = MailSettings(outbox=tmp_path / "outbox", unchecked=Unchecked.ACCEPT)
    dispatch(camp, settings)
    return camp, settings, gs.number


# --- reading the answers -----------------------------------------------------------------------------------------


def legal_blocks(text: str) -> dict[str, list[str]]:
    """The LEGAL answer as {unit: [order lines]}: a block starts "ID NAME at WHERE" (or "ID NAME (not deployed)"),
    its options are indented."""
    blocks: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        head = re.match(r"^(g?\d+) .+(?: at \S+|\(.+\))$", line)
        if head:
            current = head.group(1)
            blocks[current] = []
        elif current is not None and line.startswith("  ") and not line.strip().startswith(("note:", "nothing")):
            blocks[current].append(line.strip().split("   (")[0])
        elif not line.strip():
            current = None
    return blocks


def must_act(status: str, side: str) -> bool:
    return f"waiting for {side}:" in status


def choose(blocks: dict[str, list[str]], turn: int) -> list[str]:
    """A newcomer's choice: a charge if one is offered, else the farthest move listed, else nothing."""
    out = []
    for unit, options in sorted(blocks.items()):
        charges = [o for o in options if " target " in o]
        moves = [o for o in options if o.startswith(("move ", "unit ", "general "))]
        pick = charges[:1] or moves[-1:] if (turn + int(unit.lstrip("g"))) % 3 else moves[:1]
        out += pick
    return out


def checked_orders(box: Mailbox, lines: list[str]) -> list[str]:
    """CHECK the lines; drop each line the answer refuses (by the mail line it names) until CHECK says valid."""
    for _ in range(len(lines) + 1):
        answer = box.ask("CHECK\n" + "\n".join(lines) + "\n")
        if "the orders are valid" in answer:
            return lines
        bad = {int(n) - 3 for n in re.findall(r"line (\d+)", answer)}  # SIGNON is line 1, CHECK line 2
        assert bad, answer
        lines = [x for i, x in enumerate(lines) if i not in bad] or ["# everyone holds"]
    raise AssertionError("CHECK never accepted the orders")


# --- the tests ---------------------------------------------------------------------------------------------------


def test_units_and_status_by_mail_give_every_value_in_the_books_terms(hh_mail) -> None:
    """UNITS: speed, CF, impact now, shooting, armour, characteristics, class, stands, markers; STATUS: stands lost
    against the break point, turns left, each general and his state. Read from the reply mail."""
    camp, settings, number = hh_mail
    box = Mailbox(camp, settings, "alice", number)
    text = box.ask("UNITS\nSTATUS\n")
    assert "UNITS of york" in text
    card = text.split("UNITS of york\n")[1]
    for word in ("speed 3CR (3 hexes, may form column)", "CF 5", "impact 4 now (list 4)", "armour A2", "class B"):
        assert word in card, card
    assert "shooting 5+ on a D12 (bow)" in card and "characteristics A1" in card
    assert "york: turn 1 of 4 (3 left after this one)" in text
    assert "stands lost: 0 of " in text and "the army breaks at " in text and "[HH.WIN.2]" in text
    assert "general 1 (Noble General, C-in-C, CM 3, CR 3): not deployed" in text


def test_legal_lists_a_placement_for_every_unit_at_deployment(hh_mail) -> None:
    """At deployment LEGAL gives the zone rows and one legal placement line per unit and general."""
    camp, settings, number = hh_mail
    boxes = {side: Mailbox(camp, settings, player, number) for side, player in SIDES.items()}
    for side, box in boxes.items():  # initiative: the lines the LEGAL note names
        note = box.ask("LEGAL\n")
        choices = [alt.split("|")[0] for alt in re.findall(r"`([^`]+)`", note)]
        if must_act(box.ask("STATUS\n"), side):
            assert "accepted" in box.ask("\n".join(choices) + "\n").lower()
    deployer = next(side for side, box in boxes.items() if must_act(box.ask("STATUS\n"), side))
    blocks = legal_blocks(boxes[deployer].ask("LEGAL\n"))
    assert blocks and all(len(v) == 1 for v in blocks.values()), blocks
    assert any(k.startswith("g") for k in blocks)


@pytest.mark.slow
def test_a_newcomer_plays_a_whole_game_from_the_mails_alone(hh_mail) -> None:
    """Done-when of issue 13: each side writes its orders only from the mails (LEGAL, CHECK, STATUS answers),
    through the real mail path, to the end of the game; no orders are refused after CHECK called them valid."""
    camp, settings, number = hh_mail
    boxes = {side: Mailbox(camp, settings, player, number) for side, player in SIDES.items()}
    for step in range(80):
        acted = False
        for side, box in boxes.items():
            status = box.ask("STATUS\n")
            if "game over" in status:
                assert "game over" in boxes["valois"].ask("STATUS\n")
                return
            if not must_act(status, side):
                continue
            legal = box.ask("LEGAL\n")
            if f"{side}, initiative" in legal:
                lines = [alt.split("|")[0] for alt in re.findall(r"`([^`]+)`", legal)]
            else:
                lines = choose(legal_blocks(legal), step)
            lines = checked_orders(box, lines or ["# everyone holds"])
            reply = box.ask("\n".join(lines) + "\n")
            assert "was accepted" in reply, (lines, reply)
            assert "refused" not in reply.lower() and "error" not in reply.lower(), (lines, reply)
            acted = True
        dispatch(camp, settings)
        assert acted, [b.ask("STATUS\n") for b in boxes.values()]
    raise AssertionError("the game did not end")
